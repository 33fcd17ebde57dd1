#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The driver side: wrong calls refused, the notifier called once per
# change, driver hints, custom and strict radios (regsim's regtest
# scenarios, hwsim's numbers).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'rc_unload; rc_unmask_crda' EXIT

notified() { cat /sys/module/regsim/parameters/notified; }

rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers two plain radios" modprobe regsim radios=2
rc_check "every wrong call of the driver API is refused with EINVAL" \
	sh -c 'echo 1 >/sys/module/regsim/parameters/misuse'
expect_match "regsim reports it" 'regsim: misuse: every wrong call was refused with -EINVAL' "$RC_LOG"
expect_no_match "and no kernel report" . "$(kernel_bad_lines "$RC_LOG")"
check_fails "a driver hint with a bad alpha2 fails with the call's error" \
	sh -c 'echo "0 1x" >/sys/module/regsim/parameters/hint'

before=$(notified)
check "a user's DE is installed" rc_set DE
after=$(notified)
expect_eq "each radio's notifier ran exactly once for the change to DE" \
	"$(echo "$before" | awk '{ for (i = 1; i <= NF; i++) printf "%s%d", (i > 1 ? " " : ""), $i + 1 }')" \
	"$after"
rc_unload

# regtest 1 (driver hint, the others follow): radio 0 asks for FI.
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
rc_uevents_clear
check "regtest=1: regsim loads" modprobe regsim radios=2 regtest=1
check "regtest=1: radio 0's hint for FI is asked for" rc_pending FI
check "regtest=1: the answer installs FI" rc_answer FI 2 "$RC_DE_RULES"
expect_eq "regtest=1: FI is in force" FI "$(rc_alpha2)"
expect_eq "regtest=1: radio 0 keeps FI as its own domain (GET_REG dump)" "global:FI wiphy0:FI" \
	"$(regctl --json get | jq -r '[.domains[] | "\(if .scope == "wiphy" then "wiphy\(.wiphy)" else "global" end):\(.alpha2)"] | join(" ")')"
expect_eq "regtest=1: radio 1 follows" "$(rc_channels rphy0)" "$(rc_channels rphy1)"
rc_unload

# regtest 3 (different countries): FI, then AL is intersected with it.
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regtest=3: regsim loads" modprobe regsim radios=2 regtest=3
check "regtest=3: FI is asked for" rc_pending FI
rc_answer FI 2 "$RC_DE_RULES" >/dev/null
check "regtest=3: then AL" rc_pending AL
rc_check "regtest=3: the answer for AL is accepted" rc_answer AL 1 "$RC_US_RULES"
expect_match "regtest=3: the intersection (98) is in force" \
	'regcore: regulatory domain 98 .* in force, set by driver' "$RC_LOG"
expect_eq "regtest=3: GET_REG shows the intersection" 98 "$(rc_alpha2)"
# Each radio keeps following the domain its own driver asked for (FI with
# DE's rules, AL with US's); radios that gave no hint would get the
# intersection. As cfg80211 does (test group 26 compares them).
expect_eq "regtest=3: radio 0 follows FI: channel 13 usable at 20 dBm" \
	"2472 2000 no_ht40_plus,no_80mhz,no_160mhz" "$(rc_chan rphy0 2472)"
expect_eq "regtest=3: radio 1 follows AL: channel 1 at 30 dBm" \
	"2412 3000 no_ht40_minus,no_80mhz,no_160mhz" "$(rc_chan rphy1 2412)"
expect_eq "regtest=3: radio 1 follows AL: channel 13 disabled" "2472 disabled" \
	"$(rc_chan rphy1 2472)"
expect_eq "regtest=3: GET_REG lists each radio's own domain" "global:98 wiphy0:FI wiphy1:AL" \
	"$(regctl --json get | jq -r '[.domains[] | "\(if .scope == "wiphy" then "wiphy\(.wiphy)" else "global" end):\(.alpha2)"] | join(" ")')"
rc_unload

# regtest 5 (custom world): every radio on hwsim's custom domain: its
# first one, or from 6.10 the one that adds 6 GHz (KERNEL-DIFFERENCES).
if kernel_at_least 6.10; then
	six="5955 3300"
else
	six="5955 disabled"
fi
rc_load crda_timeout_ms=60000
check "regtest=5: regsim loads" modprobe regsim radios=2 regtest=5
custom=$(rc_channels rphy0)
while read -r line; do
	freq=${line%% *}
	expect_eq "regtest=5 custom world: $freq MHz is '$line'" "$line" \
		"$(echo "$custom" | grep "^$freq ")"
done <<TABLE
2412 2000 no_80mhz,no_160mhz
2467 disabled
2484 2000 no_80mhz,no_160mhz
5180 3000 no_80mhz,no_160mhz
5260 disabled
5745 3000 no_80mhz,no_160mhz
5855 3300 no_80mhz,no_160mhz
$six
TABLE
rc_pending 00
rc_answer 00 >/dev/null
expect_eq "regtest=5: the core's world domain leaves custom radios alone" \
	"$custom" "$(rc_channels rphy0)"
check "regtest=5: a user's DE is installed" rc_set DE
expect_eq "regtest=5: a user's DE restricts the custom radio (indoor, 23 dBm)" \
	"5180 2300 no_ht40_minus,no_80mhz,no_160mhz,indoor_only" "$(rc_chan rphy0 5180)"
expect_eq "regtest=5: what the custom domain disabled stays disabled under DE" \
	"5260 disabled" "$(rc_chan rphy0 5260)"
rc_unload

# regtest 7 (strict, the others follow): radio 0 is strict with FI.
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regtest=7: regsim loads" modprobe regsim radios=2 regtest=7
check "regtest=7: the strict radio's FI is asked for" rc_pending FI
rc_answer FI 2 "$RC_DE_RULES" >/dev/null
check "regtest=7: a user's US is installed" rc_set US
expect_eq "regtest=7: US is in force" US "$(rc_alpha2)"
expect_eq "regtest=7: the following radio gets US's 30 dBm on channel 1" \
	"2412 3000 no_ht40_minus,no_80mhz,no_160mhz" "$(rc_chan rphy1 2412)"
expect_eq "regtest=7: the strict radio keeps its own domain's 20 dBm" \
	"2412 2000 no_ht40_minus,no_80mhz,no_160mhz" "$(rc_chan rphy0 2412)"
expect_eq "regtest=7: US allows 6435 MHz for the following radio" \
	"6435 1200 no_ir,indoor_only" "$(rc_chan rphy1 6435)"
expect_eq "regtest=7: the user cannot enable what the strict domain forbids" \
	"6435 disabled" "$(rc_chan rphy0 6435)"
rc_unload

# regtest 8 (strict, all): the second radio's identical hint is already set.
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regtest=8: regsim loads" modprobe regsim radios=2 regtest=8
rc_pending FI
rc_check "regtest=8: one answer for FI serves both strict radios" \
	rc_answer FI 2 "$RC_DE_RULES"
wait_until 5 sh -c "dmesg | grep -q 'driver hint for FI: already in force'"
expect_match "regtest=8: the second hint is already in force" \
	'regcore: driver hint for FI: already in force' "$(dmesg)"
expect_eq "regtest=8: both radios have FI's table" "$(rc_channels rphy0)" "$(rc_channels rphy1)"
expect_eq "regtest=8: FI's 6415 MHz is usable indoors" "6415 2300 no_ht40_plus,indoor_only" \
	"$(rc_chan rphy1 6415)"
rc_unload

# regcore_freq_reg_info() answers from the domain the radio's channels
# follow, as cfg80211's freq_reg_info(): a custom radio's own domain
# until the user or a country element speaks, then the domain in force.
rc_load crda_timeout_ms=60000
check "regtest=5: regsim loads" modprobe regsim radios=2 regtest=5
rc_pending 00
rc_answer 00 >/dev/null
fr=/sys/module/regsim/parameters/freq_rule
freq_rule() { echo "$1 $2" >$fr && cat $fr; }
expect_eq "a custom radio asking for 5180 MHz gets its custom rule (5140-5250 MHz, 30 dBm)" \
	"5140000 5250000 40000 0 3000 0x0" "$(freq_rule 0 5180000)"
expect_eq "a channel its custom domain lacks has no rule (EINVAL)" \
	"error -22" "$(freq_rule 0 5300000)"
check "a user's DE is installed" rc_set DE
expect_eq "after the user's hint it gets DE's rule (5150-5250 MHz, 23.01 dBm, AUTO-BW, NO-OUTDOOR)" \
	"5150000 5250000 80000 0 2301 0x808" "$(freq_rule 0 5180000)"
# Below 1 GHz cfg80211 takes the first rule that holds the channel at the
# widest width that fits (20, 16, 10, 8, 5, 4, 2, 1 MHz), not at 1 MHz:
# with a narrow rule listed before a wider overlapping one, 905 MHz is
# governed by the wider (895-925 MHz holds it at 20 MHz).
answer_overlapping() {
	regctl set US >/dev/null && rc_pending US &&
		rc_answer US 1 "rule:flags=0,start=900000,end=910000,max_bw=2000,gain=0,eirp=1000,cac=0
rule:flags=0,start=895000,end=925000,max_bw=16000,gain=0,eirp=3000,cac=0
rule:flags=0,start=2400000,end=2483500,max_bw=40000,gain=0,eirp=2000,cac=0" >/dev/null
}
check "a user's US is answered with two overlapping sub-GHz rules" answer_overlapping
wait_until 5 sh -c '[ "$(rc_alpha2)" = US ]'
expect_eq "905 MHz gets the rule that holds it at 20 MHz (895-925 MHz, 30 dBm)" \
	"895000 925000 16000 0 3000 0x0" "$(freq_rule 0 905000)"
expect_eq "920 MHz, held by no rule at 20 or 16 MHz, gets 895-925 MHz at 10 MHz" \
	"895000 925000 16000 0 3000 0x0" "$(freq_rule 0 920000)"
expect_eq "2412 MHz still needs 20 MHz" "2400000 2483500 40000 0 2000 0x0" "$(freq_rule 0 2412000)"
rc_unload

# A radio registered by two threads at once is registered once.
rc_load crda_timeout_ms=60000
modprobe regsim radios=1
rounds=300
is_debug && rounds=60
rc_check "$rounds rounds of two concurrent registrations of one radio: one succeeds each time" \
	sh -c "echo $rounds >/sys/module/regsim/parameters/register_race"
expect_no_match "and no kernel report" . "$(kernel_bad_lines "$RC_LOG")"
expect_eq "only the radio of the module is listed" 1 \
	"$(regctl --json phy | jq '.wiphys | length')"
rc_unload

# A country element that is already in force makes a strict radio take
# the change again (its notifier runs), as cfg80211's reg_process_hint().
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers a plain radio" modprobe regsim radios=1
check "and a strict one" sh -c 'echo "add strict" >/sys/module/regsim/parameters/spare'
rc_mark
regctl set JP
rc_wait_log 'user hint: asked userspace for JP$'
ie=/sys/module/regsim/parameters/country_ie
check "country elements for DE from the plain radio, then the strict one, wait behind JP" \
	sh -c "echo '0 DE ' >$ie && echo '1 DE ' >$ie"
check "JP is answered" rc_answer JP 2 "$RC_DE_RULES"
check "then the first country element is asked for" \
	rc_wait_log 'country IE hint: asked userspace for DE$'
before=$(notified)
rc_mark
check "its answer installs DE" rc_answer DE
rc_wait_log 'country IE hint for DE: already in force'
after=$(notified)
expect_eq "the plain radio's notifier ran once (DE installed)" \
	"$(($(echo "$before" | cut -d' ' -f1) + 1))" "$(echo "$after" | cut -d' ' -f1)"
expect_eq "the strict radio's ran twice (DE installed, then already set)" \
	"$(($(echo "$before" | cut -d' ' -f2) + 2))" "$(echo "$after" | cut -d' ' -f2)"


# The answer to a driver's hint from a radio that keeps a domain of its
# own (a custom one): 6.1's cfg80211 refuses it with EALREADY and the world
# stays in force; 6.12's replaces the radio's domain with it and puts it
# in force (reg_set_rd_driver() of each; KERNEL-DIFFERENCES 8). hwsim has
# no regtest that does this, so the expectation comes from that function.
own_domains() {
	regctl --json get | jq -r '[.domains[] | select(.scope == "wiphy") | .alpha2] | join(" ")'
}
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers a plain radio" modprobe regsim radios=1
check "and a custom one whose driver hints US" \
	sh -c 'echo "add custom US" >/sys/module/regsim/parameters/spare'
check "US is asked for" rc_pending US
own_before=$(own_domains)
if kernel_at_least 6.12; then
	# shellcheck disable=SC2046
	check "6.12: the answer for US is accepted" \
		nlcraft --expect OK SET_REG alpha2=US dfs_region=1 $(rc_rules US)
	expect_eq "6.12: US is in force" US "$(rc_alpha2)"
	expect_eq "6.12: the custom radio keeps US as its own domain" US "$(own_domains)"
	expect_eq "6.12: the plain radio follows US (5180 MHz at 23 dBm)" "5180 2300" \
		"$(rc_channels rphy0 | grep '^5180 ' | cut -d' ' -f1,2)"
else
	# shellcheck disable=SC2046
	check "6.1: the answer for US is refused with EALREADY" \
		nlcraft --expect EALREADY SET_REG alpha2=US dfs_region=1 $(rc_rules US)
	expect_eq "6.1: the world stays in force" 00 "$(rc_alpha2)"
	expect_eq "6.1: the custom radio keeps its custom domain" "$own_before" "$(own_domains)"
fi
expect_no_match "and no kernel report" . "$(kernel_bad_lines "$RC_LOG")"
rc_unload

# A strict driver's own domain, 2437 MHz held by two rules that meet
# there (2402-2437 MHz with NO_EHT, 2437-2482 MHz): 6.12's cfg80211 drops
# NO_EHT from that channel (handle_channel_adjacent_rules() clears bit 20
# of the channel's flags, meaning NL80211_RRF_PSD, which is
# IEEE80211_CHAN_NO_EHT); regcore keeps the rule's restriction on purpose
# (KERNEL-DIFFERENCES 7). Only 6.12 has rule flag NO_EHT.
if kernel_at_least 6.12; then
	rc_load crda_timeout_ms=60000
	rc_pending 00
	rc_answer 00 >/dev/null
	check "regsim registers a plain radio" modprobe regsim radios=1
	check "and a strict one whose driver hints DE" \
		sh -c 'echo "add strict DE" >/sys/module/regsim/parameters/spare'
	check "DE is asked for" rc_pending DE
	check "6.12: DE is answered with two rules meeting at 2437 MHz, the lower NO_EHT" \
		nlcraft --expect OK SET_REG alpha2=DE dfs_region=2 \
		rule:flags=0x80000,start=2402000,end=2437000,max_bw=20000,gain=0,eirp=2000,cac=0 \
		rule:flags=0,start=2437000,end=2482000,max_bw=20000,gain=0,eirp=2000,cac=0
	strict_phy=$(regctl --json phy | jq -r '.wiphys | sort_by(.index) | .[1].name')
	expect_eq "6.12: the strict radio's 2437 MHz keeps no_eht" true \
		"$(regctl --json phy "$strict_phy" | jq '[.wiphys[0].bands[].channels[] | select(.freq_mhz == 2437) | .flags | index("no_eht") != null] | .[0]')"
	expect_eq "6.12: and so does the plain radio's (both rules' flags)" true \
		"$(regctl --json phy rphy0 | jq '[.wiphys[0].bands[].channels[] | select(.freq_mhz == 2437) | .flags | index("no_eht") != null] | .[0]')"
	rc_unload
fi

# A country element's environment, its third byte: 'I' indoors, 'O'
# outdoors, anything else both. cfg80211 keeps it with the request
# (regulatory_hint_country_ie(): request->country_ie_env), shows it to the
# radios' notifiers only, and forgets it when the radio that saw the
# element goes (wiphy_regulatory_deregister()); hwsim's notifier prints
# nothing of it, so this is derived from those functions (6.1 and 6.12
# agree). regsim's last_request is what each notifier was told last.
last_request() {
	cut -d' ' -f"$(($1 + 1))" /sys/module/regsim/parameters/last_request
}
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers a plain radio" modprobe regsim radios=1
expect_eq "its notifier saw the world from the core at registration" \
	core:00:any "$(last_request 0)"
check "a second radio sees a country element for DE, indoors ('I')" \
	sh -c "echo 'add' >/sys/module/regsim/parameters/spare && echo '1 DEI' >$ie"
check "DE is asked for" rc_pending DE
check "and installed" rc_answer DE
check "DE is in force" rc_wait_alpha2 DE
expect_eq "the radios' notifiers are told: a country element, DE, indoors" \
	"country_ie:DE:indoor country_ie:DE:indoor" \
	"$(last_request 0) $(last_request 1)"
check "a radio registered now" sh -c "echo add >/sys/module/regsim/parameters/spare"
expect_eq "... is told the same at registration" country_ie:DE:indoor "$(last_request 2)"
check "the radio that saw the element goes, and the one after it" \
	sh -c "echo del >/sys/module/regsim/parameters/spare && echo del >/sys/module/regsim/parameters/spare"
check "a radio registered now" sh -c "echo add >/sys/module/regsim/parameters/spare"
expect_eq "... is told of no environment: the element's radio is gone" \
	country_ie:DE:any "$(last_request 1)"
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
check "regsim registers two plain radios" modprobe regsim radios=2
for env in O:outdoor ' :any' X:any; do
	rc_mark
	check "radio 0 sees a country element for FR with '${env%%:*}'" \
		sh -c "echo '0 FR${env%%:*}' >$ie"
	check "FR is asked for" rc_wait_log 'country IE hint: asked userspace for FR$'
	check "and installed" rc_answer FR 2 "$RC_DE_RULES"
	check "FR is in force" rc_wait_alpha2 FR
	expect_eq "the other radio's notifier is told: ${env#*:}" \
		"country_ie:FR:${env#*:}" "$(last_request 1)"
	check "radio 0's stations disconnect: the world again" \
		sh -c "echo 0 >/sys/module/regsim/parameters/disconnect"
	check "the world is in force" rc_wait_alpha2 00
	expect_eq "the notifiers are told: the core's world, no environment" \
		"core:00:any" "$(last_request 1)"
done
rc_unload

exit 0
