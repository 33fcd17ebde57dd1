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

# A rogue access point: country elements with every beacon, alternating
# countries, from two radios. As in cfg80211, while a country element of a
# registered radio is in force or asked for, the others are dropped before
# they are queued: one request, not one per beacon.
rc_unload
rc_uevents_clear
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers two radios" modprobe regsim radios=2
rc_uevents_clear
ie=/sys/module/regsim/parameters/country_ie
check "a country element for DE is accepted" sh -c "echo '0 DE ' >$ie"
rc_pending DE
rc_check "50 more country elements, FR and DE from both radios, are taken without error" \
	sh -c "for i in \$(seq 25); do echo '0 FR ' >$ie && echo '1 DE ' >$ie || exit 1; done"
sleep 1
expect_eq "while DE is asked for, none of them reaches udevd" "COUNTRY=DE" \
	"$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
check "the answer installs DE" rc_answer DE
check "50 more elements while DE is in force are taken without error" \
	sh -c "for i in \$(seq 25); do echo '1 FR ' >$ie && echo '0 ZZ ' >$ie || exit 1; done"
sleep 1
expect_eq "and none of them reaches udevd either: the domain does not flap" "COUNTRY=DE" \
	"$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
expect_eq "DE stays in force" DE "$(rc_alpha2)"
check "a user hint still goes through" regctl set JP
rc_expect_uevents "the user's JP is asked for" "COUNTRY=DE COUNTRY=JP"
rc_pending JP
check "the answer for JP (US rules) is taken" rc_answer JP 1 "$RC_US_RULES"
expect_eq "the user's JP is intersected with the access point's DE" 98 "$(rc_alpha2)"
# A driver that reports the element with every beacon repeats radio 0's
# DE: cfg80211 is told once per association, so the repeat must not ask
# for DE again and undo the user's choice.
rc_uevents_clear
check "radio 0 repeats its DE" sh -c "echo '0 DE ' >$ie && echo '0 DE ' >$ie"
sleep 1
expect_eq "the repeat is dropped: nothing reaches udevd" "" "$(rc_uevents)"
expect_eq "the intersection stays in force" 98 "$(rc_alpha2)"
rc_unload

# A rogue access point names a country crda cannot answer for (ZZ) with
# every beacon: each request times out and restores the world. After 10
# country element requests failed in a row, country elements are dropped
# for 300 s or until a user or driver hint comes: ten ZZ requests, then
# silence, however long the beacons go on.
short=300
is_debug && short=1000
rc_uevents_clear
rc_load crda_timeout_ms=$short
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers a radio" modprobe regsim radios=1
rc_uevents_clear
rc_mark
beacons() {
	end=$(($(date +%s) + $1))
	while [ "$(date +%s)" -lt "$end" ]; do
		echo '0 ZZ ' >$ie || return 1
		sleep 0.1
	done
}
rc_check "ZZ with every beacon for $((short * 16 / 1000 + 2)) s is taken without error" \
	beacons $((short * 16 / 1000 + 2))
expect_eq "ZZ was asked for 10 times, then never again" \
	"$(for i in $(seq 10); do printf 'COUNTRY=ZZ '; done)" "$(rc_uevents | tr '\n' ' ')"
expect_match "the kernel log says country elements are dropped and why" \
	'regcore: country elements dropped for 300 s \(ZZ from rphy[0-9]+ first\): 10 of their requests failed in a row; a user or driver hint ends it' \
	"$(rc_log)"
expect_eq "the world domain is in force" 00 "$(rc_alpha2)"
echo 60000 >/sys/module/regcore/parameters/crda_timeout_ms
rc_uevents_clear
check "a user hint ends it: DE is asked for" regctl set DE
rc_pending DE
rc_answer DE >/dev/null
check "and country elements are taken again: FR from the radio is asked for" \
	sh -c "echo '0 FR ' >$ie"
rc_expect_uevents "DE, then FR" "COUNTRY=DE COUNTRY=FR"
rc_unload

# The queue is bounded: 64 hints from outside may wait, 8 of them from
# country elements; more are refused with EBUSY and a log line.
rc_uevents_clear
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
modprobe regsim radios=1
regctl set FR
rc_pending FR
check "a radio that ignores country elements registers" \
	sh -c 'echo "add ieignore" >/sys/module/regsim/parameters/spare'
rc_mark
rc_check "with FR pending, its 9 country elements are dropped, not queued" \
	sh -c "for c in DE FR GB IT ES NL BE AT CH; do echo \"1 \$c \" >$ie || exit 1; done"
rc_check "8 country elements from the other radio wait" \
	sh -c "for c in DE FR GB IT ES NL BE AT; do echo \"0 \$c \" >$ie || exit 1; done"
check_fails "a 9th country element is refused" sh -c "echo '0 CH ' >$ie"
expect_match "with EBUSY" "Device or resource busy" "$REGVM_OUT"
rc_check "56 user hints wait beside them" \
	sh -c 'for i in $(seq 56); do nlcraft REQ_SET_REG alpha2=GB >/dev/null || exit 1; done'
check "a driver hint is refused when 64 wait" \
	sh -c '! echo "0 US" >/sys/module/regsim/parameters/hint'
check "and so is a user hint, with EBUSY" nlcraft --expect EBUSY REQ_SET_REG alpha2=CA
expect_match "saying why in the extended ack" 'extack: .*too many regulatory hints are waiting' "$REGVM_OUT"
check_fails "regctl set reports the refusal" regctl set CA
expect_match "as busy" "busy" "$REGVM_OUT"
expect_match "the refusals are logged" \
	'regcore: user hint for CA refused: too many hints are waiting' "$(rc_log)"
check "the answer for FR is accepted" rc_answer FR 2 "$RC_DE_RULES"
rc_check "regsim and regcore unload with 63 hints waiting" rc_unload

# The module parameter: a core request for the world, then the country.
rc_uevents_clear
check "regcore loads with ieee80211_regdom=GB" rc_load ieee80211_regdom=GB crda_timeout_ms=60000
rc_expect_uevents "core: the world first (COUNTRY=00)" "COUNTRY=00"
check "the world request is answered" rc_answer 00
rc_expect_uevents "then the module parameter's country (COUNTRY=GB)" "COUNTRY=00 COUNTRY=GB"
expect_match "asked for as a user hint, as cfg80211 does" \
	'regcore: user hint: asked userspace for GB$' "$(dmesg)"

exit 0
