#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run each test suite given as a make goal, keep going when one fails, and
# end with the sum of their summaries: "N passed, N failed".
#
# Every suite ends its output with its own "N passed, N failed" line; a
# suite that ends without one (it crashed, or its build failed) counts as
# one failure so that a broken suite can never look like a clean one.
#
# Goals joined by "+" (check-vm-6.1+check-vm-6.12) run at the same time,
# their lines prefixed with the goal's name: VM suites, each VM with one
# vCPU (VM_SMP=1, unless set), so that two of them fill the two cores one
# VM with two vCPUs leaves about a quarter idle. `make vm-files` builds
# what they share first.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
logdir=$top/build/logs
mkdir -p "$logdir"
passed=0
failed=0
broken=
failing=

# run GOAL [PREFIX]: the suite, its output shown (prefixed) and kept in
# its log; its exit status in $logdir/GOAL.rc
run() {
	local goal=$1 prefix=${2:-}
	if [ -n "$prefix" ]; then
		make -s -C "$top" "$goal" 2>&1 | tee "$logdir/$goal.log" |
			sed -u "s/^/[$goal] /"
	else
		make -s -C "$top" "$goal" 2>&1 | tee "$logdir/$goal.log"
	fi
	echo "${PIPESTATUS[0]}" >"$logdir/$goal.rc"
}

# tally GOAL SECS: count the suite's summary line
tally() {
	local goal=$1 secs=$2 log=$logdir/$1.log rc summary p f
	rc=$(cat "$logdir/$goal.rc" 2>/dev/null || echo 1)
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -n 1)
	if [ -z "$summary" ]; then
		echo "=== $goal: no summary line (exit $rc) after ${secs}s; counted as 1 failure"
		failed=$((failed + 1))
		broken="$broken $goal"
		return
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
	[ "$f" -eq 0 ] || failing="$failing $goal"
	passed=$((passed + p))
	failed=$((failed + f))
}

for item in "$@"; do
	start=$(date +%s)
	case $item in
	*+*)
		goals=${item//+/ }
		echo "=== at the same time: $goals"
		# what the VM suites share (tools, packages) is built once
		# first, not by each run at the same time
		if ! make -s -C "$top" vm-files >"$logdir/vm-files.log" 2>&1; then
			cat "$logdir/vm-files.log"
			for goal in $goals; do
				echo "=== $goal: the VM's files did not build; counted as 1 failure"
				failed=$((failed + 1))
				broken="$broken $goal"
			done
			continue
		fi
		pids=
		for goal in $goals; do
			VM_SMP=${VM_SMP:-1} run "$goal" "$goal" &
			pids="$pids $!"
		done
		# shellcheck disable=SC2086
		wait $pids
		for goal in $goals; do
			tally "$goal" $(( $(date +%s) - start ))
		done
		;;
	*)
		echo "=== $item"
		run "$item"
		tally "$item" $(( $(date +%s) - start ))
		;;
	esac
done
# The recap: a CI log is often read from its tail only, so the failed
# tests are named again here, next to the sum.
recap() {
	local goal
	for goal in $failing $broken; do
		echo "=== failed in $goal:"
		grep -A8 '^not ok' "$logdir/$goal.log" | head -n 60
		grep -qE '^not ok' "$logdir/$goal.log" ||
			tail -n 15 "$logdir/$goal.log"
	done
}
recap
[ -z "$broken" ] || echo "suites that did not finish cleanly:$broken"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
