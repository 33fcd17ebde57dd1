#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# check-db: the database library's unit tests and the tools' tests, all
# built with ASan and UBSan. Ends with the sum "N passed, N failed".
set -u
: "${TOP:?}" "${BUILD:?}" "${SHARED_TESTDATA:?}"
export TOP SHARED_TESTDATA
# DETECT_LEAKS=0 only for check-hermetic: LeakSanitizer cannot run under
# strace (ptrace), and check-db itself always looks for leaks.
export ASAN_OPTIONS=detect_leaks=${DETECT_LEAKS:-1}:abort_on_error=0
export LSAN_OPTIONS=suppressions=$TOP/tests/unit/lsan.supp:print_suppressions=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
TMPDIR=$(mktemp -d "${TMPDIR:-/tmp}/check-db.XXXXXX")
export TMPDIR
trap 'rm -rf "$TMPDIR"' EXIT
passed=0
failed=0
if [ ! -r "$SHARED_TESTDATA/wireless-regdb-2018/db.txt" ]; then
	echo "not ok - test data missing: $SHARED_TESTDATA/wireless-regdb-2018" \
		"(set SHARED_TESTDATA)"
	failed=$((failed + 1))
fi
for suite in "$BUILD/san/test-regdb" "sh $TOP/tests/unit/tools.sh"; do
	out=$TMPDIR/suite.log
	errs=$TMPDIR/suite.err
	$suite >"$out" 2>"$errs"
	rc=$?
	cat "$out"
	# libksba reports each malformed p7s on stderr; the tests make many.
	noise=$(grep -c '^ksba: ' "$errs")
	grep -v '^ksba: ' "$errs"
	[ "$noise" -eq 0 ] || echo "# ($noise libksba parser messages about the malformed inputs not shown)"
	line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
	if [ -z "$line" ]; then
		echo "not ok - $suite ended without a summary (exit $rc)"
		failed=$((failed + 1))
		continue
	fi
	p=${line%% passed*}
	f=${line#*, }
	f=${f%% failed}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $suite exited $rc"
		f=1
	fi
	passed=$((passed + p))
	failed=$((failed + f))
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
