#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# NL80211_CMD_SET_REG: accepted only from root, only as the answer to the
# pending request, only when every attribute is sound; the radios'
# channels follow the domain, exactly as derived by hand from the rules.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'kill $monitor 2>/dev/null; rc_unload; rc_unmask_crda' EXIT

rc_load crda_timeout_ms=60000
rc_pending 00
check "the world request is answered with the world rules" rc_answer 00
check "regsim registers two radios" modprobe regsim radios=2

# The world, channel by channel (2.4 GHz: 2402-2472 @ 40; 2457-2482 @ 20
# NO-IR AUTO-BW; 2474-2494 @ 20 NO-IR NO-OFDM; 5 GHz per the rules).
world=$(rc_channels rphy0)
expect_eq "world: channel 1 is usable at 20 dBm, HT40+ only" \
	"2412 2000 no_ht40_minus,no_80mhz,no_160mhz" "$(echo "$world" | grep '^2412 ')"
expect_eq "world: channel 12 is no-IR (2457-2482 rule, 92 MHz joined)" \
	"2467 2000 no_ir,no_ht40_plus,no_160mhz" "$(echo "$world" | grep '^2467 ')"
expect_eq "world: channel 14 is no-IR, 20 MHz only" \
	"2484 2000 no_ir,no_ht40_minus,no_ht40_plus,no_80mhz,no_160mhz" "$(echo "$world" | grep '^2484 ')"
expect_eq "world: channel 52 needs radar detection, CAC 60 s" \
	"5260 2000 no_ir,radar cac=60000" "$(echo "$world" | grep '^5260 ')"
expect_eq "world: channel 169 is outside every rule" \
	"5845 disabled" "$(echo "$world" | grep '^5845 ')"
expect_eq "world: 6 GHz is disabled" "5955 disabled" "$(echo "$world" | grep '^5955 ')"

monitor_out=/tmp/regcore-monitor.txt
regctl monitor >$monitor_out 2>&1 &
monitor=$!
sleep 0.5

check "user hint DE is accepted" regctl set DE
check "the request for DE is pending" rc_pending DE
rc_check "the answer for DE is accepted" rc_answer DE
expect_match "the kernel log says DE is in force, set by the user" \
	'regcore: regulatory domain DE \(DFS ETSI, 7 rules\) in force, set by user' "$RC_LOG"
expect_eq "GET_REG: DE is in force" DE "$(rc_alpha2)"
reg=$(regctl --json get)
expect_eq "GET_REG: DFS region ETSI" ETSI \
	"$(echo "$reg" | jq -r '.domains[0].dfs_region')"
expect_eq "GET_REG: the seven rules as sent" \
	"2400000-2483500@40000:2000:0 5150000-5250000@80000:2301:2056 5250000-5350000@80000:2000:2072 5470000-5725000@160000:2698:16 5725000-5875000@80000:1397:0 5945000-6425000@320000:2300:8 57000000-66000000@2160000:4000:0" \
	"$(echo "$reg" | jq -r '[.domains[0].rules[] | "\(.start_khz)-\(.end_khz)@\(.max_bw_khz):\(.max_eirp_mbm):\(.flags_raw)"] | join(" ")')"
check "regctl get prints DE as iw does" sh -c 'regctl get | grep -q "^country DE: DFS-ETSI$"'
check "an unprivileged user may read the domain" as_nobody regctl get
wait_until 5 grep -q DE $monitor_out
expect_match "REG_CHANGE reached a listener: DE, set by a user" \
	'DE.*user|user.*DE' "$(cat $monitor_out)"

# DE, channel by channel, derived by hand from the seven rules above.
de=$(rc_channels rphy0)
while read -r line; do
	freq=${line%% *}
	expect_eq "DE: $freq MHz is '$line'" "$line" "$(echo "$de" | grep "^$freq ")"
done <<'TABLE'
2412 2000 no_ht40_minus,no_80mhz,no_160mhz
2432 2000 no_80mhz,no_160mhz
2472 2000 no_ht40_plus,no_80mhz,no_160mhz
2484 disabled
5180 2300 no_ht40_minus,indoor_only
5240 2300 indoor_only
5260 2000 radar,indoor_only cac=60000
5320 2000 radar,no_ht40_plus,indoor_only cac=60000
5500 2600 radar,no_ht40_minus cac=60000
5700 2600 radar,no_ht40_plus cac=60000
5745 1300 no_ht40_minus,no_160mhz
5825 1300 no_160mhz
5865 1300 no_ht40_plus,no_160mhz
5885 disabled
5925 disabled
5955 2300 no_ht40_minus,indoor_only
6415 2300 no_ht40_plus,indoor_only
6435 disabled
TABLE
expect_eq "DE: the second radio has the same table" "$de" "$(rc_channels rphy1)"

check "user hint US is accepted" regctl set US
check "the request for US is pending" rc_pending US
check "the answer for US is accepted" rc_answer US
us=$(rc_channels rphy0)
while read -r line; do
	freq=${line%% *}
	expect_eq "US: $freq MHz is '$line'" "$line" "$(echo "$us" | grep "^$freq ")"
done <<'TABLE'
2412 3000 no_ht40_minus,no_80mhz,no_160mhz
2462 3000 no_ht40_plus,no_80mhz,no_160mhz
2467 disabled
5180 2300 no_ht40_minus
5260 2400 radar cac=60000
5700 2400 radar,no_ht40_plus cac=60000
5745 3000 no_ht40_minus
5825 3000
5845 2700 no_ir,indoor_only
5865 2700 no_ir,indoor_only
5885 2700 no_ir,no_ht40_plus,indoor_only
5905 disabled
5955 1200 no_ir,no_ht40_minus,indoor_only
7115 1200 no_ir,no_ht40_plus,indoor_only
TABLE

# Refusals. Each leaves the domain and the channels as they are.
before=$(rc_channels rphy0 regcore full)
check "an unsolicited SET_REG is refused with EINVAL" \
	nlcraft --expect EINVAL SET_REG alpha2=US dfs_region=1 $(rc_rules US)
expect_match "with the reason in the extended ack" \
	'extack: .*no regulatory request is pending' "$REGVM_OUT"

check "user hint FR is accepted" regctl set FR
check "the request for FR is pending" rc_pending FR
check "an answer for another country is refused with EINVAL" \
	nlcraft --expect EINVAL SET_REG alpha2=DE dfs_region=2 $(rc_rules DE)
expect_match "with the reason in the extended ack" \
	'extack: .*does not answer the pending request' "$REGVM_OUT"
check_fails "a SET_REG from a process without CAP_NET_ADMIN is refused" \
	as_nobody nlcraft SET_REG alpha2=FR dfs_region=2 $(rc_rules DE)
expect_match "with EPERM" 'EPERM' "$REGVM_OUT"
check_fails "a user hint from a process without CAP_NET_ADMIN is refused" \
	as_nobody regctl set FR
expect_match "regctl says it is not permitted" 'not permitted' "$REGVM_OUT"

R="flags=0,start=2402000,end=2482000,max_bw=40000,gain=0,eirp=2000,cac=0"
# refused NAME EXPECTED-ERRNO NLCRAFT-ITEMS...: a malformed answer for FR
refused() {
	name=$1
	err=$2
	shift 2
	check "malformed SET_REG refused ($err): $name" \
		nlcraft --expect "$err" SET_REG "$@"
}
refused "no alpha2" EINVAL dfs_region=2 rule:$R
refused "no rules" EINVAL alpha2=FR dfs_region=2
refused "an empty rule list" EINVAL alpha2=FR dfs_region=2 rules:nest
refused "129 rules" EINVAL alpha2=FR dfs_region=2 "rule*129:$R"
refused "lower-case alpha2" EINVAL alpha2=fr dfs_region=2 rule:$R
refused "alpha2 of one byte" ERANGE alpha2:bytes=F dfs_region=2 rule:$R
refused "alpha2 of four bytes" ERANGE alpha2:bytes=FRAN dfs_region=2 rule:$R
refused "alpha2 with a digit" EINVAL alpha2=F1 dfs_region=2 rule:$R
refused "alpha2 without its third byte NUL" EINVAL alpha2:hex=465258 dfs_region=2 rule:$R
refused "unknown DFS region 4" EINVAL alpha2=FR dfs_region=4 rule:$R
refused "DFS region as u32" EINVAL alpha2=FR dfs_region:u32=2 rule:$R
refused "an attribute regcore does not know" EINVAL alpha2=FR ifindex=3 rule:$R
refused "a rule without flags" EINVAL alpha2=FR \
	rule:start=2402000,end=2482000,max_bw=40000,eirp=2000
refused "a rule without start" EINVAL alpha2=FR \
	rule:flags=0,end=2482000,max_bw=40000,eirp=2000
refused "a rule without end" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,max_bw=40000,eirp=2000
refused "a rule without bandwidth" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2482000,eirp=2000
refused "a rule without EIRP" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2482000,max_bw=40000
refused "a rule attribute of the wrong size" EINVAL alpha2=FR \
	rule:flags=0,start:u16=2402,end=2482000,max_bw=40000,eirp=2000
refused "a rule attribute regcore does not know" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2482000,max_bw=40000,eirp=2000,9:u32=1
refused "start above end" EINVAL alpha2=FR \
	rule:flags=0,start=2482000,end=2402000,max_bw=40000,eirp=2000
refused "start equal to end" EINVAL alpha2=FR \
	rule:flags=2048,start=2402000,end=2402000,max_bw=0,eirp=2000
refused "start at 0 kHz" EINVAL alpha2=FR \
	rule:flags=0,start=0,end=2482000,max_bw=40000,eirp=2000
refused "bandwidth wider than the range" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2422000,max_bw=40000,eirp=2000
refused "zero bandwidth without AUTO-BW" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2482000,max_bw=0,eirp=2000
refused "a rule ending above 100 GHz" EINVAL alpha2=FR \
	rule:flags=0,start=57000000,end=100000001,max_bw=2160000,eirp=2000
refused "EIRP above 60 dBm" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2482000,max_bw=40000,eirp=6001
refused "antenna gain above 60 dBi" EINVAL alpha2=FR \
	rule:flags=0,start=2402000,end=2482000,max_bw=40000,gain=6001,eirp=2000
refused "an unknown flag bit" EINVAL alpha2=FR \
	rule:flags=0x80000000,start=2402000,end=2482000,max_bw=40000,eirp=2000
refused "a CAC time above an hour" EINVAL alpha2=FR \
	rule:flags=16,start=5250000,end=5330000,max_bw=80000,eirp=2000,cac=3600001
refused "a good rule followed by a bad one" EINVAL alpha2=FR rule:$R \
	rule:flags=0,start=5170000,end=5150000,max_bw=20000,eirp=2000

expect_eq "after every refusal US is still in force" US "$(rc_alpha2)"
expect_eq "after every refusal the channels are unchanged" "$before" \
	"$(rc_channels rphy0 regcore full)"
check "and FR is still pending: its sound answer is accepted" \
	nlcraft --expect OK SET_REG alpha2=FR dfs_region=2 $(rc_rules DE)
expect_eq "FR is in force" FR "$(rc_alpha2)"

# The rule flags nl80211 gained after 6.1 (KERNEL-DIFFERENCES 3 and 4):
# unknown bits on 6.1, refused as such; on 6.12 taken and given to the
# channels. NO_EHT (1 << 19) on 2.4 GHz, ALLOW_20MHZ_ACTIVITY (1 << 25)
# with NO-IR (1 << 7) on 5 GHz.
check "user hint NZ is accepted" regctl set NZ
check "the request for NZ is pending" rc_pending NZ
later="rule:flags=0x80000,start=2402000,end=2482000,max_bw=40000,gain=0,eirp=2000,cac=0
rule:flags=0x2000080,start=5170000,end=5250000,max_bw=80000,gain=0,eirp=2300,cac=0"
if kernel_at_least 6.12; then
	# shellcheck disable=SC2046
	check "6.12: an answer with NO_EHT and ALLOW_20MHZ_ACTIVITY rules is accepted" \
		nlcraft --expect OK SET_REG alpha2=NZ dfs_region=1 $(echo "$later")
	expect_eq "NZ is in force" NZ "$(rc_alpha2)"
	expect_eq "6.12: regctl get keeps the flags (raw)" "524288 33554560" \
		"$(regctl --json get | jq -r '[.domains[] | select(.scope == "global") | .rules[].flags_raw] | join(" ")')"
	expect_eq "6.12: 2412 MHz is no_eht, 5180 MHz no_ir and allow_20mhz_activity" \
		"2412 2000 no_eht:true no_ir:false allow_20mhz_activity:false
5180 2300 no_eht:false no_ir:true allow_20mhz_activity:true" \
		"$(regctl --json phy rphy0 | jq -r '.wiphys[0].bands[].channels[] |
			select(.freq_mhz == 2412 or .freq_mhz == 5180) | .flags as $f |
			"\(.freq_mhz) \(.max_tx_power_mbm)" +
			([" no_eht", " no_ir", " allow_20mhz_activity"] |
			 map(. + ":" + ((ltrimstr(" ") as $w | $f | index($w)) != null | tostring)) |
			 join(""))')"
else
	# shellcheck disable=SC2046
	check "6.1: an answer with flag bits 19 and 25 is refused with EINVAL" \
		nlcraft --expect EINVAL SET_REG alpha2=NZ dfs_region=1 $(echo "$later")
	expect_match "as unknown flag bits" 'extack: .*unknown flag bits' "$REGVM_OUT"
	expect_eq "FR stays in force" FR "$(rc_alpha2)"
	check "NZ is still pending: an answer without them is accepted" \
		nlcraft --expect OK SET_REG alpha2=NZ dfs_region=1 $(rc_rules DE)
fi

check "a user hint with a bad alpha2 is refused" \
	nlcraft --expect EINVAL REQ_SET_REG alpha2=F1
check "a user hint without alpha2 is refused" nlcraft --expect EINVAL REQ_SET_REG
check "a cellular base station hint is accepted (group 46 has what becomes of it)" \
	nlcraft --expect OK REQ_SET_REG alpha2=DE hint_type=1
check "an indoor hint is accepted (group 47 has what becomes of it)" \
	nlcraft --expect OK REQ_SET_REG hint_type=2 socket_owner:flag
check "a hint of an unknown type is refused, as nl80211 refuses it" \
	nlcraft --expect EINVAL REQ_SET_REG alpha2=DE hint_type=3
check_fails "regctl refuses a bad alpha2 before sending" regctl set D1
expect_match "and says why" 'alpha2' "$REGVM_OUT"
check "GET_REG as a plain request answers too" nlcraft --expect OK GET_REG

# comb N OFFSET WIDTH: N rules WIDTH kHz wide, one every 2 MHz from
# 5000 MHz + OFFSET kHz (nlcraft items): sound, and as many as allowed.
comb() {
	i=0
	while [ "$i" -lt "$1" ]; do
		start=$((5000000 + 2000 * i + $2))
		echo "rule:flags=0,start=$start,end=$((start + $3)),max_bw=500,gain=0,eirp=2000,cac=0"
		i=$((i + 1))
	done
}

# The largest domain nl80211 allows, 128 rules, can be read back.
check "user hint JP is accepted" regctl set JP
rc_pending JP
# shellcheck disable=SC2046
check "an answer of 128 rules is accepted" \
	nlcraft --expect OK SET_REG alpha2=JP dfs_region=3 $(comb 128 0 1500)
check "GET_REG as a plain request answers with them (the reply is sized to fit)" \
	nlcraft --expect OK GET_REG
expect_eq "regctl get lists 128 rules" 128 \
	"$(regctl --json get | jq '.domains[] | select(.scope == "global") | .rules | length')"
check "regctl get prints them as text" sh -c 'test "$(regctl get | grep -c "^	(5")" -eq 128'

# An intersection is a domain like any other: at most 128 rules. A
# country element in force makes the next user hint an intersection; two
# such combs would give 255 pieces.
check "a country element for KR is accepted" \
	sh -c 'echo "0 KR " >/sys/module/regsim/parameters/country_ie'
rc_pending KR
# shellcheck disable=SC2046
check "KR's answer of 128 rules is accepted" \
	nlcraft --expect OK SET_REG alpha2=KR dfs_region=3 $(comb 128 0 1500)
check "then a user hint for JP is accepted (to be intersected)" regctl set JP
rc_pending JP
rc_mark
# shellcheck disable=SC2046
check "an answer whose intersection would have 255 rules is refused with E2BIG" \
	nlcraft --expect E2BIG SET_REG alpha2=JP dfs_region=3 $(comb 128 1000 1500)
expect_match "with a log line, and the settings restored" \
	'regcore: the answer for JP cannot be applied \(-7\): restoring settings' "$(rc_log)"
expect_eq "the world domain is in force" 00 "$(rc_alpha2)"
expect_eq "and the radio has the world's channels again" "$world" "$(rc_channels rphy0)"

exit 0
