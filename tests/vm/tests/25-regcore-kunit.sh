#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# regcore's KUnit tests (validation, rule look-up, AUTO-BW, intersection,
# channel tables): regcore_test.ko on kernels with KUnit, run when it
# loads (after regcore.ko); each KTAP result becomes one test here.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore

if ! grep -qw kunit_run_tests /proc/kallsyms; then
	skip "regcore's KUnit suite" "this kernel ($REGVM_FLAVOUR) has no KUnit"
	exit 0
fi
require_module regcore_test
rc_mask_crda
trap 'rc_unload; rc_unmask_crda' EXIT

dmesg_mark
check "regcore loads" rc_load
check "regcore_test loads and runs the KUnit suite" /usr/bin/modprobe regcore_test
wait_until 30 sh -c "dmesg | grep -qE '^\[[ 0-9.]*\] *(not )?ok [0-9]+ (- )?regcore\$'"
ktap=$(dmesg | sed 's/^\[[ 0-9.]*\] //' | awk '
	/# Subtest: regcore$/ { on = 1 }
	on { print }
	on && /^(not )?ok [0-9]+ (- )?regcore$/ { exit }')
if [ -z "$ktap" ]; then
	not_ok "the KUnit suite reported" "no KTAP output of suite regcore in the kernel log"
	exit 0
fi
# One test per case (parameterised cases report each parameter too).
echo "$ktap" | grep -E '^ {4}(not )?ok [0-9]+ ' | while read -r status rest; do
	name=$(echo "$rest" | sed -E 's/^(ok )?[0-9]+ (- )?//')
	case "$status $name" in
	"ok "*"# SKIP"*) skip "kunit: ${name%% # SKIP*}" "${name#*# SKIP }" ;;
	"ok "*) ok "kunit: $name" ;;
	*) not_ok "kunit: $name" "$(echo "$ktap")" ;;
	esac
done
expect_match "the suite as a whole passed" '^ok [0-9]+ (- )?regcore$' "$ktap"
check "regcore_test unloads" /usr/bin/rmmod regcore_test

exit 0
