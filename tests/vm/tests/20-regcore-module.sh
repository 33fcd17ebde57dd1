#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# regcore.ko itself: loading and unloading under every condition, its
# names next to the kernel's cfg80211, and the world domain at load.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim mac80211_hwsim
rc_mask_crda
trap rc_unmask_crda EXIT

rc_check "regcore loads" rc_load
expect_match "it logs that the world domain is in force" \
	'regcore: loaded: world domain in force; asking userspace for 00$' "$RC_LOG"
check "the platform device regcore.0 exists" test -d /sys/devices/platform/regcore.0
check "the generic netlink family regcore is registered" \
	sh -c 'regctl get >/dev/null'
expect_eq "the built-in world domain is in force at load" 00 "$(rc_alpha2)"
check "regsim registers two radios" modprobe regsim radios=2
expect_eq "both radios are listed" "rphy0 rphy1" \
	"$(regctl --json phy | jq -r '[.wiphys[].name] | join(" ")')"
check "regcore and regsim unload with radios registered and a request pending" \
	rc_unload
expect_no_match "nothing of regcore is left in sysfs" . \
	"$(ls -d /sys/devices/platform/regcore.0 /sys/module/regcore 2>/dev/null)"

# 100 cycles: load, register radios (which compute channels), unload.
# busybox's insmod and rmmod: kmod's cost 0.3 s a run under TCG. On the
# debug kernel, where a cycle costs four times as much, 25 cycles: KASAN
# and kmemleak see every allocation of a cycle in the first one already.
extra=/lib/modules/$(uname -r)/extra
# regcore.ko is the one DKMS built from the package, compressed where the
# kernel's modules are (busybox insmod takes it uncompressed)
ko=$(modinfo -n regcore)
case $ko in
*.xz) unxz -c "$ko" >/tmp/regcore.ko && ko=/tmp/regcore.ko ;;
esac
want=100
is_debug && want=25
dmesg_mark
cycles=0
fail=
while [ $cycles -lt $want ]; do
	if ! out=$(busybox insmod "$ko" 2>&1 &&
		busybox insmod $extra/tests/regsim/regsim.ko radios=3 2>&1 &&
		busybox rmmod regsim 2>&1 && busybox rmmod regcore 2>&1); then
		fail="cycle $cycles: $out"
		break
	fi
	cycles=$((cycles + 1))
done
cycle_log=$(dmesg_since)
if [ -z "$fail" ]; then
	ok "$want load/unload cycles with three regsim radios"
else
	not_ok "$want load/unload cycles with three regsim radios" "$fail"
fi
expect_no_match "no kernel report during the cycles" . \
	"$(kernel_bad_lines "$cycle_log")"

# The answer to a pending request while the module goes away: the answer
# either lands before the family is gone or is refused; never a crash.
dmesg_mark
rc_load crda_timeout_ms=60000 >/dev/null
modprobe regsim radios=2
rc_pending 00
# Answers until the family is gone (nlcraft's exit 3), at most 50.
( i=0; while [ $i -lt 50 ]; do rc_answer DE >/dev/null 2>&1; \
	nlcraft --family regcore SET_REG alpha2=00 $(rc_rules DE) >/dev/null 2>&1; \
	[ $? -eq 3 ] && break; i=$((i + 1)); done ) &
answers=$!
sleep 0.2
unload_out=$(rc_unload 2>&1)
unload_rc=$?
wait $answers
race_log=$(dmesg_since)
expect_eq "regsim and regcore unload while answers are arriving" "0 " "$unload_rc $unload_out"
expect_no_match "no kernel report from the unload race" . \
	"$(kernel_bad_lines "$race_log")"

# Side by side with the kernel's own cfg80211.
check "cfg80211, mac80211 and mac80211_hwsim load" modprobe mac80211_hwsim radios=2
check "regcore loads next to cfg80211" rc_load
check "regsim loads next to mac80211_hwsim" modprobe regsim radios=2
check "both platform devices exist: regulatory.0 and regcore.0" \
	test -d /sys/devices/platform/regulatory.0 -a -d /sys/devices/platform/regcore.0
check "both families answer: nl80211 (iw) and regcore (regctl)" \
	sh -c 'iw reg get >/dev/null && regctl get >/dev/null'
expect_eq "cfg80211 still has its two radios" 2 "$(ls /sys/class/ieee80211 | wc -l)"
expect_eq "regcore has its two radios" 2 \
	"$(regctl --json phy | jq '.wiphys | length')"
check "everything unloads" sh -c \
	'/usr/bin/modprobe -r regsim regcore && /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211'

rc_check "regcore loads with ieee80211_regdom=de" rc_load ieee80211_regdom=de
expect_match "a lower-case country is taken as cfg80211 takes it: upper-cased" \
	"regcore: loaded: world domain in force; asking userspace for 00, then DE \(ieee80211_regdom, a user hint\)" "$RC_LOG"
rc_check "regcore loads with ieee80211_regdom=d1" rc_load ieee80211_regdom=d1
expect_match "a country that is not two letters is ignored, with a log line" \
	"regcore: ignoring ieee80211_regdom=d1: not two letters or 00" "$RC_LOG"
rc_unload >/dev/null
rc_check "regcore refuses to load with crda_timeout_ms=0" \
	sh -c '! /usr/bin/modprobe regcore crda_timeout_ms=0'
expect_match "and says which values it takes" \
	"regcore: crda_timeout_ms=0 refused: must be 100 to 60000 ms" "$RC_LOG"
check_fails "nor with crda_timeout_ms=60001" /usr/bin/modprobe regcore crda_timeout_ms=60001
check "regcore loads with crda_timeout_ms=100" rc_load crda_timeout_ms=100
param=/sys/module/regcore/parameters/crda_timeout_ms
check_fails "writing 0 to crda_timeout_ms at run time is refused" sh -c "echo 0 >$param"
check_fails "writing 99 is refused" sh -c "echo 99 >$param"
check_fails "writing a word is refused" sh -c "echo soon >$param"
expect_eq "the timeout in force is unchanged" 100 "$(cat $param)"
check "writing 5000 is taken" sh -c "echo 5000 >$param"
expect_eq "and read back" 5000 "$(cat $param)"
rc_unload >/dev/null

exit 0
