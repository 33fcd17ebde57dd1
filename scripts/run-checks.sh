#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run each test suite given as a make goal, keep going when one fails, and
# end with the sum of their summaries: "N passed, N failed".
#
# Every suite ends its output with its own "N passed, N failed" line; a
# suite that ends without one (it crashed, or its build failed) counts as
# one failure so that a broken suite can never look like a clean one.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
logdir=$top/build/logs
mkdir -p "$logdir"
passed=0
failed=0
broken=
for goal in "$@"; do
	log=$logdir/$goal.log
	echo "=== $goal"
	start=$(date +%s)
	make -s -C "$top" "$goal" 2>&1 | tee "$log"
	rc=${PIPESTATUS[0]}
	secs=$(( $(date +%s) - start ))
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -z "$summary" ]; then
		echo "=== $goal: no summary line (exit $rc) after ${secs}s; counted as 1 failure"
		failed=$((failed + 1))
		broken="$broken $goal"
		continue
	fi
	p=${summary%% passed*}
	f=${summary#*, }
	f=${f%% failed}
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "=== $goal: exit $rc with no failed test; counted as 1 failure"
		f=1
		broken="$broken $goal"
	fi
	echo "=== $goal: $p passed, $f failed in ${secs}s"
	passed=$((passed + p))
	failed=$((failed + f))
done
[ -z "$broken" ] || echo "suites that did not finish cleanly:$broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
