#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Every initiator's request reaches udevd as a change uevent of
# regcore.0 with the country in COUNTRY, in the order the queue takes them.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'rc_unload; rc_unmask_crda' EXIT

# rc_expect_uevents NAME LIST: udevd has seen exactly these COUNTRY=XX
# uevents (space separated, in order) since the last rc_uevents_clear.
rc_expect_uevents() {
	wait_until 10 sh -c "[ \"\$(sed -n 's/^regcore\.0 //p' $RC_UDEV_LOG | tr '\n' ' ')\" = '$2 ' ]"
	expect_eq "$1" "$2" "$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
}

rc_uevents_clear
rc_check "regcore loads" rc_load crda_timeout_ms=30000
rc_expect_uevents "core: at load, the world domain is asked for (COUNTRY=00)" "COUNTRY=00"
expect_match "the kernel log names the core request" \
	'regcore: core hint: asked userspace for 00$' "$(dmesg)"
check "the world request is answered" rc_answer 00

rc_uevents_clear
rc_check "user: regctl set DE is accepted" regctl set DE
rc_expect_uevents "user: the hint reaches udevd as COUNTRY=DE" "COUNTRY=DE"
expect_match "the kernel log names the user request" \
	'regcore: user hint: asked userspace for DE$' "$(dmesg)"
check "the user request is answered" rc_answer DE

rc_uevents_clear
check "regsim registers a radio" modprobe regsim radios=1
check "driver: regulatory_hint(US) from regsim is accepted" \
	sh -c 'echo "0 US" >/sys/module/regsim/parameters/hint'
rc_expect_uevents "driver: the hint reaches udevd as COUNTRY=US" "COUNTRY=US"
check "the driver request is answered" rc_answer US

rc_uevents_clear
check "country IE: a country element for FR is accepted" \
	sh -c 'echo "0 FRO" >/sys/module/regsim/parameters/country_ie'
rc_expect_uevents "country IE: the hint reaches udevd as COUNTRY=FR" "COUNTRY=FR"
expect_match "the kernel log names the country IE request" \
	'regcore: country IE hint: asked userspace for FR$' "$(dmesg)"

# Hints queue behind the pending request and go out one at a time.
rc_uevents_clear
check "two more user hints are accepted while FR is pending" \
	sh -c 'regctl set JP && regctl set CA'
sleep 1
expect_eq "nothing more goes out while a request is pending" "" "$(rc_uevents)"
check "the country IE request is answered" rc_answer FR 2 "$RC_DE_RULES"
rc_expect_uevents "then the next hint goes out: COUNTRY=JP" "COUNTRY=JP"

# The module parameter: a core request for the world, then the country.
rc_unload
rc_uevents_clear
check "regcore loads with ieee80211_regdom=GB" rc_load ieee80211_regdom=GB crda_timeout_ms=60000
rc_expect_uevents "core: the world first (COUNTRY=00)" "COUNTRY=00"
check "the world request is answered" rc_answer 00
rc_expect_uevents "core: then the module parameter's country (COUNTRY=GB)" "COUNTRY=00 COUNTRY=GB"

exit 0
