#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The kernel's own cfg80211, mac80211 and mac80211_hwsim in the VM: the
# baseline regcore must coexist with, and proof that the test bed can load
# wireless modules, see their uevents in udevd and read them with iw.
. /regvm/lib.sh

udev_log=/run/regvm-udev.log
: >>$udev_log

check "mac80211_hwsim loads with radios=2 (and cfg80211, mac80211)" \
	modprobe mac80211_hwsim radios=2

expect_eq "two wiphys are registered" 2 "$(ls /sys/class/ieee80211 | wc -l)"

# At load cfg80211 asks for the world domain; with no regulatory.db in the
# VM it falls back to the crda uevent (COUNTRY=00) of regulatory.0.
if [ -e /lib/firmware/regulatory.db ]; then
	skip "cfg80211's request for the world domain reaches a udev rule as COUNTRY=00" \
		"the VM has /lib/firmware/regulatory.db, so cfg80211 sends no uevent"
else
	wait_until 15 grep -q '^regulatory.0 COUNTRY=00$' $udev_log
	check "cfg80211's request for the world domain reaches a udev rule as COUNTRY=00" \
		grep -q '^regulatory.0 COUNTRY=00$' $udev_log
fi

check "iw reg get works" iw reg get
reg=$REGVM_OUT
expect_match "iw reg get shows the world domain" '^country 00:' "$reg"
expect_match "the world domain allows 2402-2472 MHz at 40 MHz, 6 dBi antenna gain, 20 dBm" \
	'^[[:space:]]*\(2402 - 2472 @ 40\), \(6, 20\)' "$reg"

check "iw phy lists the radios" iw phy
phy=$REGVM_OUT
expect_eq "iw phy lists two wiphys" 2 "$(printf '%s\n' "$phy" | grep -c '^Wiphy ')"
# Expected from the world domain's rules (net/wireless/reg.c world_regdom):
# 2412 MHz is inside 2402-2472 with no flag: usable, 20 dBm.
expect_match "2412 MHz (channel 1) is usable at 20 dBm" \
	'\* 2412 MHz \[1\] \(20\.0 dBm\)$' "$phy"
# 2467 MHz spans 2457-2477: only the 2457-2482 NO-IR rule covers it.
expect_match "2467 MHz (channel 12) is no-IR" \
	'\* 2467 MHz \[12\] \(20\.0 dBm\) \(no IR\)' "$phy"
# 5180 MHz is in 5170-5250, NO-IR in the world domain.
expect_match "5180 MHz (channel 36) is no-IR" \
	'\* 5180 MHz \[36\] \(20\.0 dBm\) \(no IR\)' "$phy"

check_fails "a user hint from an unprivileged process is refused" \
	as_nobody iw reg set DE
expect_match "the refusal is EPERM" "Operation not permitted" "$REGVM_OUT"

# Nothing answers cfg80211's requests here (no crda, no regulatory.db), so
# the hint stays queued behind the world request: only its acceptance is
# checked (the uevent path is the regcore groups' business).
check "root may send a user hint (iw reg set DE)" iw reg set DE

check "mac80211_hwsim, mac80211 and cfg80211 unload" \
	modprobe -r mac80211_hwsim mac80211 cfg80211
expect_eq "no wireless module is left loaded" "" \
	"$(lsmod | awk '$1 ~ /^(mac80211_hwsim|mac80211|cfg80211)$/ { print $1 }')"
expect_eq "no wiphy is left" 0 "$(ls /sys/class/ieee80211 2>/dev/null | wc -l)"
