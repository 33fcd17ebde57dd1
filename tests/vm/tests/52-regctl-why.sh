#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `regctl why PHY CHANNEL` (REGCORE_OP_WHY): the module runs the
# computation that last set a radio's channels again, on a copy, and says
# what decided one channel. For every channel of every radio, in each
# scenario, the flags and power it gives must be the channel table's
# (GET_WIPHY, read separately): the real crda with the strict radio of
# regtest 1 and several countries of the real database, a user's country
# intersected with a country element (98), a beacon heard while roaming,
# a strict radio that does not follow the user, a self-managed radio, a
# radio on its driver's custom domain.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
trap 'rc_unload; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters

# agree PHY WHAT: why's computed flags and power, channel by channel, are
# the channel table's (less NO_IR where why says a beacon lifted it), and
# why says each channel agrees
agree() {
	regctl --json phy "$1" | jq -c '.wiphys[0].bands[].channels[] |
		[.freq_mhz, (.freq_offset_khz // 0), .max_tx_power_mbm, (.flags | sort)]' \
		>/tmp/why.table
	regctl --json why "$1" all >/tmp/why.json
	jq -c '.beacon_lift as $l | [.freq_mhz, (.freq_offset_khz // 0),
		.computed.max_tx_power_mbm,
		([.computed.flags[] | select(($l | not) or (. != "no_ir" and . != "no_ibss"))] | sort)]' \
		/tmp/why.json >/tmp/why.computed
	n=$(wc -l </tmp/why.table)
	check "$2: $1 has channels" test "$n" -gt 0
	expect_eq "$2: $1's $n channels: why's computation gives the channel table" \
		"" "$(diff /tmp/why.table /tmp/why.computed)"
	expect_eq "$2: $1: why says each of the $n agrees" "$n" \
		"$(jq -s '[.[] | select(.agrees == true)] | length' /tmp/why.json)"
}
# w PHY CHAN [ARGS]: regctl why's text into $out, its status into $status
w() {
	out=$(regctl why "$@" 2>&1)
	status=$?
	diag "why $*: exit $status"
	printf '%s\n' "$out" | while IFS= read -r l; do diag "  $l"; done
}
# wj PHY CHAN FILTER: one jq filter over why's JSON for one channel
wj() { regctl --json why "$1" "$2" | jq -r "$3"; }
field() { printf '%s\n' "$out" | sed -n "s/^  $1: *//p" | head -n 1; }

# settled: udev is idle and no request waits for its answer, twice
settled() {
	udev_settle && ! rc_is_pending && sleep 0.5 && udev_settle && ! rc_is_pending
}
# agree_all WHAT: agree for every radio
agree_all() {
	for phy in $(regctl --json phy | jq -r '.wiphys[].name'); do
		agree "$phy" "$1"
	done
}

# ---- the real crda: every regtest scenario, its drivers' hints, then US ----
# (not on the debug kernel: the same computation, at five times the cost;
# the scenarios below run there)
scenarios="2:2 3:3 4:2 5:2 6:3 7:2 8:2 9:3 10:6"
is_debug && scenarios=
for scenario in $scenarios; do
	regtest=${scenario%%:*}
	check "regtest $regtest: regcore loads, crda answers the world" \
		sh -c 'modprobe -r regcore 2>/dev/null; modprobe regcore crda_timeout_ms=6000'
	check "regtest $regtest: the world is in force" wait_until 20 rc_alpha2_is 00
	check "regtest $regtest: regsim loads ${scenario#*:} radios" \
		modprobe regsim radios="${scenario#*:}" regtest="$regtest"
	check "regtest $regtest: the drivers' hints are answered" wait_until 30 settled
	agree_all "regtest $regtest"
	regctl set US --wait --timeout 30 >/dev/null
	check "regtest $regtest: a user's US is answered" wait_until 30 settled
	agree_all "regtest $regtest, the user's US"
	check "regtest $regtest: regsim unloads" modprobe -r regsim
done

# ---- the real crda: regtest 1 (radio 0's driver hints FI) ----
check "regcore loads (6 s for crda to answer)" rc_load crda_timeout_ms=6000
check "the world is answered by crda" wait_until 20 rc_alpha2_is 00
check "regsim loads two radios, radio 0 hinting FI (regtest=1)" \
	modprobe regsim radios=2 regtest=1
check "crda answers FI" wait_until 20 rc_alpha2_is FI
agree rphy0 "FI"
agree rphy1 "FI"
expect_eq "radio 0 follows its driver's FI, its own domain" \
	"computed driver FI true false" \
	"$(wj rphy0 5500 '"\(.path) \(.request.initiator) \(.domain.alpha2) \(.own) \(.strict)"')"

countries="DE US JP"
is_debug && countries=JP
for cc in $countries; do
	check "set $cc --wait (the real crda answers)" regctl set "$cc" --wait --timeout 30
	agree rphy0 "$cc"
	agree rphy1 "$cc"
done

# JP in force: the real database's rules, by frequency
w rphy1 2484
expect_match "channel 14 in JP: the 2474-2494 MHz rule, NO-OFDM" \
	'^[0-9]+ of [0-9]+: 2474\.000-2494\.000 MHz, 20 MHz, 20\.00 dBm, 0\.00 dBi, NO-OFDM' \
	"$(field rule)"
expect_eq "a user's JP, computed at a journal entry" "the user asked for JP" \
	"$(field request)"
expect_match "the domain in force, and the journal entry that installed it" \
	'^JP, the domain in force$' "$(field domain)"
expect_match "that entry is JP's installation" 'put in force by journal #[0-9]+: JP ' \
	"$(printf '%s\n' "$out" | sed -n 's/^ *put in force/put in force/p')"
expect_match "40 MHz around channel 14: the rule allows 20" \
	'40- MHz: no: the rule allows at most 20 MHz' "$out"
expect_eq "regctl says the table agrees" "the channel table agrees with this computation" \
	"$(field check)"

# US, then JP's neighbour channels: the rule holding the channel, by real data
check "set US --wait" regctl set US --wait --timeout 30
w rphy1 2484
expect_eq "channel 14 in US: no rule" \
	"none: no rule of the domain holds it at 20 MHz (nor two adjoining rules together)" \
	"$(field rule)"
expect_match "so it is disabled" 'flags: disabled' "$(field now)"
w rphy1 36 --width 80
expect_eq "channel 36 in US, --width 80: allowed, exit 0" 0 "$status"
expect_match "in the block 5170-5250" '80 MHz: yes: the block 5170-5250 MHz' "$out"
w rphy1 5180 --width 320
expect_eq "--width 320 on 5 GHz: exit 10" 10 "$status"
expect_match "not a width of the band" '320 MHz: no: not a width of this band' "$out"
w rphy1 1
expect_eq "channel 1 is on 2.4 and 6 GHz: a usage error" \
	"2 regctl: channel 1 is in more than one band of rphy1: give its frequency in MHz" \
	"$status $out"
w rphy1 2412 --width 40
expect_eq "channel 1, --width 40: HT40+ is allowed, exit 0" 0 "$status"
expect_match "HT40- is not: no channel below" \
	'40- MHz: no: 2392 MHz, 20 MHz below, is not a channel of the radio' "$out"

check "set DE --wait" regctl set DE --wait --timeout 30
w rphy1 5500
expect_match "DE 5500 MHz: radar and its DFS state" '^usable for [0-9]+ s, CAC [0-9]+ ms$' \
	"$(field dfs)"
expect_match "the DE rule with DFS" '5470\.000-5725\.000 MHz.*DFS' "$(field rule)"

# usage and permissions
check "an unprivileged user may ask" as_nobody regctl why rphy1 5500
regctl why rphy9 5500 >/dev/null 2>&1
expect_eq "an unknown radio: exit 1" 1 "$?"
regctl why rphy1 5501 >/dev/null 2>&1
expect_eq "a frequency that is not a channel: exit 1" 1 "$?"
regctl why rphy1 abc >/dev/null 2>&1
expect_eq "not a number: exit 2" 2 "$?"
regctl why rphy1 >/dev/null 2>&1
expect_eq "no channel: exit 2" 2 "$?"
regctl --family nl80211 why rphy1 1 >/dev/null 2>&1
expect_eq "--family nl80211: exit 2 (cfg80211 keeps no record)" 2 "$?"
check "--json all: one valid JSON object per channel" \
	sh -c 'regctl --json why rphy0 all | while IFS= read -r l; do printf "%s" "$l" | jsoncheck >/dev/null || exit 1; done'
check "modprobe -r regsim" modprobe -r regsim

# ---- crda masked: a country element and a user's country: 98 ----
rc_mask_crda
rc_serve_reset
check "regcore loads (crda masked)" rc_load crda_timeout_ms=6000
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
agree rphy1 "00"

# a custom domain: under the world the radio keeps its registration's
check "a radio with a custom domain registers" sh -c "echo 'add custom' >$P/spare"
agree rphy2 "custom"
expect_eq "why: the custom radio is on its originals, its own domain's, since its registration (journal entry > 0), and no change it ignored" \
	"original true true false" \
	"$(wj rphy2 2412 '"\(.path) \(.own) \(.journal_seq > 0) \(.ignored != null)"')"
check "the custom radio leaves" sh -c "echo del >$P/spare"

# a beacon while roaming the world lifts NO_IR on channel 12
check "channel 12 is NO_IR in the world" rc_no_ir rphy1 2467
check "radio 1 hears a beacon on channel 12" sh -c "echo '1 2467' >$P/beacon"
check "NO_IR is lifted" wait_until 10 rc_ir rphy1 2467
expect_eq "why: the computation says NO_IR, a beacon lifted it" "true no_ir" \
	"$(wj rphy1 2467 '"\(.beacon_lift) \([.computed.flags[] | select(. == "no_ir")] | join(","))"')"
agree rphy1 "00 with a beacon"
w rphy1 2467
expect_match "channel 12, 40 MHz above: no channel there (the AUTO-BW rule allows more than its 20 MHz)" \
	'40\+ MHz: no: 2487 MHz, 20 MHz above, is not a channel of the radio' "$out"

check "radio 0 reports a country element for US" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "US is asked for" US "$(rc_serve regcore)"
check "US is in force" wait_until 10 rc_alpha2_is US
agree rphy0 "US (country element)"
agree rphy1 "US (country element)"
regctl set DE >/dev/null
expect_eq "DE is answered" DE "$(rc_serve regcore)"
check "98 is in force" wait_until 10 rc_alpha2_is 98
agree rphy0 "98"
agree rphy1 "98"
w rphy1 5180
expect_eq "why names the user's DE, intersected" \
	"the user asked for DE, intersected with the domain before" "$(field request)"
expect_match "and the journal entry with both inputs" \
	'put in force by journal #[0-9]+: .*the answer for DE intersected with US' "$out"

# a strict radio without its own domain does not follow the user
check "a strict radio registers" sh -c "echo 'add strict' >$P/spare"
check "radio 0 disconnects: the settings are restored" \
	sh -c "echo 0 >$P/disconnect"
check "the user's DE comes back (its answer was kept)" wait_until 10 rc_alpha2_is DE
expect_match "why names the entry that put DE in force again, not the restore" \
	'^DE \(DFS ETSI, [0-9]+ rules\) in force again, set by the user' \
	"$(wj rphy1 5180 .installed.text)"
agree rphy3 "DE, a strict radio without its own domain"
expect_match "why says the strict radio did not follow the user's DE" \
	'^user DE strict: without its driver.s country, only world and country IEs$' \
	"$(wj rphy3 2412 '"\(.ignored.initiator) \(.ignored.alpha2) \(.ignored.why)"')"
check "the strict radio leaves" sh -c "echo del >$P/spare"

# a self-managed radio: its driver's domain
check "a self-managed radio registers" sh -c "echo 'add selfmanaged' >$P/spare"
check "its firmware gives US" sh -c "echo '2 US sync' >$P/self_regd"
agree rphy4 "self-managed US"
expect_eq "why: its own US, set by its driver" "self_managed US true" \
	"$(wj rphy4 5180 '"\(.path) \(.domain.alpha2) \(.own)"')"
check "the self-managed radio leaves" sh -c "echo del >$P/spare"
check "modprobe -r regsim" modprobe -r regsim

# a country element whose answer says nothing about 5 GHz: that band keeps
# what the computation before set
rc_serve_reset
check "regcore loads (crda masked)" rc_load crda_timeout_ms=6000
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
check "radio 0 reports a country element for FR" sh -c "echo '0 FR ' >$P/country_ie"
check "FR is pending" rc_pending FR
check "FR is answered with 2.4 GHz rules only" \
	rc_answer FR 2 "rule:flags=0,start=2402000,end=2482000,max_bw=40000,gain=0,eirp=2000,cac=0"
check "FR is in force" wait_until 10 rc_alpha2_is FR
agree rphy1 "FR for 2.4 GHz only"
expect_eq "why: 5180 MHz was left as the world set it" "country_ie band true" \
	"$(wj rphy1 5180 '"\(.cause) \(.no_rule) \(.left)"')"
w rphy1 5180
expect_match "and says so" '^  left: +the country element says nothing about this band' "$out"
check "modprobe -r regsim" modprobe -r regsim

# a beacon's lift stays on a radio that does not follow the next change
rc_serve_reset
check "regcore loads with cell_base_hints=1 (crda masked)" \
	rc_load crda_timeout_ms=6000 cell_base_hints=1
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
check "a radio that follows base stations registers" \
	sh -c "echo 'add cellbase' >$P/spare"
check "radio 1 hears a beacon on channel 12" sh -c "echo '1 2467' >$P/beacon"
check "NO_IR is lifted" wait_until 10 rc_ir rphy1 2467
regctl set --cell-base DE >/dev/null
expect_eq "a base station's DE is answered" DE "$(rc_serve regcore)"
check "DE is in force" wait_until 10 rc_alpha2_is DE
expect_eq "radio 1 did not follow it, and keeps the lift" \
	"user DE true true" \
	"$(wj rphy1 2467 '"\(.ignored.initiator) \(.ignored.alpha2) \(.beacon_lift) \(.agrees)"')"
agree rphy1 "a base station's DE radio 1 does not follow"

exit 0
