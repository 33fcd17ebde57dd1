# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# lib.sh: the helpers of the in-VM test groups (busybox ash). A group is
# tests/vm/tests/NN-area.sh; it starts with
#
#	. /regvm/lib.sh
#
# and reports every test with one of ok, not_ok, skip, check, check_fails,
# expect_eq, expect_match. See tests/vm/README for the conventions.
#
# Results are numbered across the whole run and written as TAP to
# $REGVM_TAP (the VM's second serial port, which carries nothing else);
# run outside the runner (by hand in `make vm-shell`), a group numbers its
# own results and prints them on stdout.
#
# Environment the tests can read:
#   REGVM_FLAVOUR  debian | debug: which kernel this is
#   REGVM_KVER     its release (uname -r)
#   REGVM_GROUP    this group's name (the script's name without .sh)
#   REGVM_OUT      the output (stdout and stderr) of the last check/check_fails

[ -r /etc/regvm.conf ] && . /etc/regvm.conf
: "${REGVM_FLAVOUR:=debian}"
: "${REGVM_KVER:=$(uname -r)}"
if [ -z "${REGVM_GROUP:-}" ]; then
	REGVM_GROUP=${0##*/}
	REGVM_GROUP=${REGVM_GROUP%.sh}
fi
if [ -z "${REGVM_RUN:-}" ]; then
	# standalone: results on stdout, state in a directory of our own
	REGVM_RUN=$(mktemp -d /tmp/regvm.XXXXXX)
	REGVM_TAP=/dev/stdout
fi
: "${REGVM_TAP:=/dev/stdout}"
REGVM_OUT=
# The lines that mean the kernel reported a bug (shared with the host).
REGVM_BAD_LINES=${REGVM_BAD_LINES:-/regvm/bad-lines}
export REGVM_FLAVOUR REGVM_KVER REGVM_GROUP REGVM_RUN REGVM_TAP

# How much evidence a failure prints at most, per kind.
REGVM_EVIDENCE_LINES=${REGVM_EVIDENCE_LINES:-60}

# Debian's busybox ash runs its own applets in preference to the programs
# in PATH (FEATURE_PREFER_APPLETS): a bare `modprobe` would be busybox's,
# which lacks -n and resolves dependencies its own way. These names run the
# real kmod and util-linux programs; in `sh -c` strings, call them by path.
modprobe() { /usr/bin/modprobe "$@"; }
insmod() { /usr/bin/insmod "$@"; }
rmmod() { /usr/bin/rmmod "$@"; }
lsmod() { /usr/bin/lsmod "$@"; }
modinfo() { /usr/bin/modinfo "$@"; }
depmod() { /usr/bin/depmod "$@"; }
setpriv() { /usr/bin/setpriv "$@"; }

is_debug() { [ "$REGVM_FLAVOUR" = debug ]; }
# kernel_at_least MAJOR.MINOR: the VM's kernel is that series or newer
# (for what changed between the kernels the suite boots; the list is
# tests/vm/KERNEL-DIFFERENCES)
kernel_at_least() {
	local want_maj=${1%%.*} want_min=${1#*.} maj min
	maj=${REGVM_KVER%%.*}
	min=${REGVM_KVER#*.}
	min=${min%%[!0-9]*}
	[ "$maj" -gt "$want_maj" ] || { [ "$maj" -eq "$want_maj" ] && [ "$min" -ge "$want_min" ]; }
}

# diag TEXT...: TAP comment lines ("# TEXT"), shown by the host runner
diag() {
	printf '%s\n' "$*" | sed 's/^/# /' >>"$REGVM_TAP"
}

# _evidence TITLE TEXT: TEXT (several lines, at most REGVM_EVIDENCE_LINES)
# indented under TITLE
_evidence() {
	if [ -z "$2" ]; then
		printf '%s (none)\n' "$1"
		return
	fi
	printf '%s\n' "$1"
	printf '%s\n' "$2" | head -n "$REGVM_EVIDENCE_LINES" | sed 's/^/  /'
	local n
	n=$(printf '%s\n' "$2" | wc -l)
	[ "$n" -le "$REGVM_EVIDENCE_LINES" ] ||
		printf '  ... (%d more lines)\n' $((n - REGVM_EVIDENCE_LINES))
}

# The counters live in files (the runner and each group are separate
# processes); `read` is a shell builtin: no fork per result, which counts
# on the debug kernel under TCG.
_next_number() {
	REGVM_N=0
	[ ! -e "$REGVM_RUN/count" ] || read -r REGVM_N <"$REGVM_RUN/count"
	REGVM_N=$((REGVM_N + 1))
	echo "$REGVM_N" >"$REGVM_RUN/count"
}

# _result STATUS NAME [DIRECTIVE]: one TAP line; STATUS is pass, fail, skip.
# After `todo REASON`, a pass or fail carries "# TODO REASON" and is
# recorded as todo-pass or todo-fail.
_result() {
	local line status=$1
	_next_number
	case $1 in
	pass) line="ok $REGVM_N - $REGVM_GROUP: $2" ;;
	fail) line="not ok $REGVM_N - $REGVM_GROUP: $2" ;;
	skip) line="ok $REGVM_N - $REGVM_GROUP: $2 # SKIP $3" ;;
	esac
	if [ -n "${REGVM_TODO:-}" ] && [ "$1" != skip ]; then
		line="$line # TODO $REGVM_TODO"
		status=todo-$1
	fi
	REGVM_TODO=
	printf '%s\n' "$line" >>"$REGVM_TAP"
	printf '%s %s %s\n' "$status" "$REGVM_GROUP" "$2" >>"$REGVM_RUN/results"
}

# todo REASON: the next result is a known failure (a defect not fixed yet,
# a fix on another branch): TAP's "# TODO REASON". Its failure does not
# fail the run; the summary lists it, and lists it as passing once it
# passes, so that the mark is removed.
todo() {
	REGVM_TODO=$1
}

# ok NAME: the test passed.
ok() {
	_result pass "$1"
	dmesg_mark
}

# not_ok NAME [EVIDENCE...]: the test failed; each EVIDENCE argument is
# printed (it may span lines), then the kernel log since the test began.
not_ok() {
	local name=$1 e
	shift
	_result fail "$name"
	{
		for e in "$@"; do
			printf '%s\n' "$e"
		done
		_evidence "kernel log since the test began:" "$(dmesg_since)"
	} | sed 's/^/# /' >>"$REGVM_TAP"
	dmesg_mark
}

# skip NAME REASON: the test was not run; the summary lists it with REASON.
skip() {
	[ $# -eq 2 ] || { not_ok "$1" "skip needs a reason"; return; }
	_result skip "$1" "$2"
	dmesg_mark
}

# check NAME CMD [ARGS...]: run CMD; the test passes if it exits 0. Its
# output (stdout and stderr) is kept in REGVM_OUT and shown on failure.
check() {
	_check_status zero "$@"
}

# check_fails NAME CMD [ARGS...]: the test passes if CMD exits non-zero
# (a refusal); REGVM_OUT as for check.
check_fails() {
	_check_status nonzero "$@"
}

# _quote ARGS...: the arguments as a shell would need them typed
_quote() {
	local a out=
	for a in "$@"; do
		case $a in
		*[!A-Za-z0-9_./:=@%+,-]* | '') a="'$(printf '%s' "$a" | sed "s/'/'\\\\''/g")'" ;;
		esac
		out="$out${out:+ }$a"
	done
	printf '%s\n' "$out"
}

# _check_status zero|nonzero NAME CMD [ARGS...]
_check_status() {
	local want=$1 name=$2 rc
	shift 2
	REGVM_OUT=$("$@" 2>&1)
	rc=$?
	if { [ $want = zero ] && [ $rc -eq 0 ]; } ||
		{ [ $want = nonzero ] && [ $rc -ne 0 ]; }; then
		ok "$name"
		return 0
	fi
	if [ $want = zero ]; then
		want="exit status 0"
	else
		want="a non-zero exit status"
	fi
	not_ok "$name" "command: $(_quote "$@")" "expected: $want" "got: exit status $rc" \
		"$(_evidence "output:" "$REGVM_OUT")"
	return 1
}

# expect_eq NAME EXPECTED ACTUAL: the test passes if the strings are equal.
expect_eq() {
	if [ "$2" = "$3" ]; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "$(_evidence "expected:" "$2")" "$(_evidence "got:" "$3")"
	return 1
}

# expect_match NAME ERE TEXT: the test passes if a line of TEXT matches the
# extended regular expression ERE.
expect_match() {
	if printf '%s\n' "$3" | grep -qE -- "$2"; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "expected: a line matching /$2/" "$(_evidence "got:" "$3")"
	return 1
}

# expect_no_match NAME ERE TEXT: the test passes if no line of TEXT matches.
expect_no_match() {
	local hits
	hits=$(printf '%s\n' "$3" | grep -E -- "$2")
	if [ -z "$hits" ]; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "expected: no line matching /$2/" "$(_evidence "got:" "$hits")"
	return 1
}

# dmesg_mark: remember this point of the kernel log (a marker line written
# to /dev/kmsg, so it shows on the console too). ok/not_ok/skip set a mark
# after each result: the next test's evidence starts there.
dmesg_mark() {
	local m=0
	[ ! -e "$REGVM_RUN/mark" ] || read -r m <"$REGVM_RUN/mark"
	m=$((m + 1))
	echo "$m" >"$REGVM_RUN/mark"
	REGVM_DMESG_MARK="regvm: $REGVM_GROUP mark $m"
	echo "<6>$REGVM_DMESG_MARK" >/dev/kmsg
}

# dmesg_since: the kernel log lines after the last mark (all of the log
# if the mark has rotated out of the buffer).
dmesg_since() {
	dmesg | awk -v m="${REGVM_DMESG_MARK:-}" '
		{ line[NR] = $0 }
		m != "" && index($0, m) == length($0) - length(m) + 1 { start = NR }
		END { for (i = start + 1; i <= NR; i++) print line[i] }'
}

# syslog_mark, syslog_since: the same for syslog (/var/log/messages, where
# busybox syslogd writes what programs send to /dev/log).
REGVM_SYSLOG=/var/log/messages
syslog_mark() {
	REGVM_SYSLOG_MARK=$(wc -l <"$REGVM_SYSLOG" 2>/dev/null || echo 0)
}
syslog_since() {
	tail -n +$((${REGVM_SYSLOG_MARK:-0} + 1)) "$REGVM_SYSLOG" 2>/dev/null
}
# syslog_has ERE: a syslog line since syslog_mark matches ERE (for
# wait_until: a line of an earlier step must not end the wait early)
syslog_has() {
	syslog_since | grep -qE -- "$1"
}

# kernel_bad_lines TEXT: the lines of TEXT that report a kernel bug
# (BUG:, WARNING:, Oops, KASAN, lockdep, ...: the list in bad-lines).
kernel_bad_lines() {
	printf '%s\n' "$1" | grep -E -f "$REGVM_BAD_LINES" | grep -v 'regvm: '
}

# as_nobody CMD [ARGS...]: run CMD as uid and gid 65534 with no
# supplementary groups and no capabilities at all (effective, permitted,
# inheritable, ambient and bounding sets empty; no_new_privs set).
as_nobody() {
	/usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
		--bounding-set=-all --no-new-privs -- "$@"
}

# wait_until SECONDS CMD [ARGS...]: run CMD every 0.1 s until it succeeds;
# fails after SECONDS.
wait_until() {
	local tries
	tries=$(($1 * 10))
	shift
	while [ "$tries" -gt 0 ]; do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
		tries=$((tries - 1))
	done
	return 1
}

# udev_settle: wait until udevd has handled every queued uevent.
udev_settle() {
	udevadm settle --timeout=30
}

# regvm_param NAME DEFAULT: the value of regvm.NAME=VALUE on the kernel
# command line (make passes them with VM_APPEND; check-hardening its full
# counts so), else DEFAULT.
regvm_param() {
	local arg
	for arg in $(cat /proc/cmdline); do
		case $arg in
		regvm."$1"=*) echo "${arg#*=}"; return ;;
		esac
	done
	echo "$2"
}

# have_module NAME: the module is in the VM (modprobe can find it).
have_module() {
	modprobe -n -q "$1" 2>/dev/null
}

# require_module NAME...: when a module is missing, report the whole group
# as one skipped test and end the group (a missing module is visible in the
# summary, never silent).
require_module() {
	local m
	for m in "$@"; do
		if ! have_module "$m"; then
			skip "all tests of this group" "module $m is not in the VM"
			exit 0
		fi
	done
}

dmesg_mark
