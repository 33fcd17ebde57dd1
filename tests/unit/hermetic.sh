#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check-hermetic: run the host suites (check-crda, check-db, check-nl)
# under strace and fail if any process of theirs opens, stats or checks a
# path of the machine's own regulatory setup: the trusted key directory
# /etc/wireless-regdb/pubkeys, the databases crda finds by default, the
# udev rules. The tests must name every key directory and database they
# use; what the machine has installed must not change their outcome.
# Ends with "N passed, N failed".
set -u
: "${TOP:?}" "${BUILD:?}"
MAKE=${MAKE:-make}
log=$(mktemp "${TMPDIR:-/tmp}/hermetic.XXXXXX")
trap 'rm -f "$log" "$log.hits"' EXIT
passed=0
failed=0
if ! command -v strace >/dev/null; then
	echo "not ok - strace is installed (apt-get install strace)"
	echo "0 passed, 1 failed"
	exit 1
fi
# Only file syscalls are stopped (seccomp-bpf); the suites run as usual,
# but for LeakSanitizer, which cannot work under ptrace (the suites run
# on their own have it).
DETECT_LEAKS=0 ASAN_OPTIONS=detect_leaks=0 strace -f --seccomp-bpf -qq -e trace=%file -o "$log" \
	"$MAKE" -s -C "$TOP" BUILD="$BUILD" check-crda check-db check-nl \
	>"$log.suites" 2>&1
rc=$?
grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log.suites" | sed 's/^/# suite: /'
rm -f "$log.suites"
if [ "$rc" -eq 0 ]; then
	echo "ok - the suites pass under strace"
	passed=$((passed + 1))
else
	echo "not ok - the suites pass under strace (make exited $rc)"
	failed=$((failed + 1))
fi
check() {
	name=$1 pattern=$2
	grep -E "$pattern" "$log" >"$log.hits"
	n=$(wc -l <"$log.hits")
	if [ "$n" -eq 0 ]; then
		echo "ok - no test touches $name"
		passed=$((passed + 1))
	else
		echo "not ok - no test touches $name: $n system calls do"
		sed -n 's/^/#   /;1,5p' "$log.hits"
		failed=$((failed + 1))
	fi
}
check /etc/wireless-regdb '"/etc/wireless-regdb'
check "the default database paths" \
	'"(/lib/firmware/regulatory\.db|/usr/lib/crda/regulatory\.bin|/lib/crda/regulatory\.bin)(\.p7s)?"'
check "the udev rules" '"(/lib|/etc)/udev/rules\.d'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
