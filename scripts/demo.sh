#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# make demo: boot the test VM on Debian's kernel, run tests/vm/demo.sh in it
# and show its transcript. Everything the VM printed is kept under
# build/vm/debian/ (console.log: the kernel log; tap.log: the transcript).
#
#   demo.sh BUILD VM_FILES...   (called by make with VM_RUN's environment)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
build=$1
shift
log=$build/demo.log
start=$(date +%s)
echo "demo: booting a VM with regcore, regsim, udevd and crda (Debian's kernel, qemu TCG)..."
VM_TESTS=95-demo "$top/tests/vm/run.sh" debian "$@" \
	"$top/tests/vm/demo.sh:/regvm/tests/95-demo.sh" >"$log" 2>&1
rc=$?
tap=$build/vm/debian/tap.log
if [ -s "$tap" ]; then
	awk '/^# group 95-demo$/ { on = 1; next }
		/^# group 95-demo:/ { on = 0 }
		on && /^# / { sub(/^# /, ""); print; next }
		on && /^#$/ { print ""; next }
		on && /^not ok/ { print "FAILED: " $0 }' "$tap"
fi
echo
tail -n 1 "$log"
echo "demo: $(( $(date +%s) - start ))s; the VM's kernel log is in $build/vm/debian/console.log"
[ "$rc" -eq 0 ] || echo "demo: the run failed; its log: $log"
exit "$rc"
