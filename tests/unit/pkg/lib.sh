# SPDX-License-Identifier: GPL-2.0
# Shared by the packaging tests (tests/unit/pkg/*.sh): TAP-style lines, the
# counts, the summary "N passed, N failed". Source it; set work= first.
passed=0
failed=0
n=0

# ok NAME: a passed test; nok NAME EVIDENCE...: a failed one
ok() {
	n=$((n + 1))
	passed=$((passed + 1))
	echo "ok $n - $1"
}
nok() {
	n=$((n + 1))
	failed=$((failed + 1))
	echo "not ok $n - $1"
	shift
	for line in "$@"; do
		printf '%s\n' "$line" | sed -e 's/^/#   /'
	done
}

# t NAME COMMAND...: passes when COMMAND exits 0; shows its output if not
t() {
	name=$1
	shift
	if "$@" >"$work/t.out" 2>&1; then
		ok "$name"
	else
		nok "$name" "command: $*" "exit $?; output (last lines):" \
			"$(tail -n 15 "$work/t.out")"
	fi
}

# eq NAME GOT WANT
eq() {
	if [ "$2" = "$3" ]; then
		ok "$1"
	else
		nok "$1" "got:  $2" "want: $3"
	fi
}

summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
