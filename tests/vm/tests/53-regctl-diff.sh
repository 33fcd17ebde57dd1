#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `regctl diff XX` and `regctl set XX --dry-run` (REGCORE_OP_PREVIEW): what
# a user's country would do to every radio, computed by regcore on copies
# and not applied. Each prediction is checked against what then happens:
# the channel table of every radio before, with the predicted changes
# applied, must be the table once the country is really set. The real
# crda and its database (crda's rules, looked up by regctl as crda does),
# a country element's intersection (98), an ignored hint, a strict radio
# that keeps its channels, and regcore reading regulatory.db itself.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
trap 'rc_unload; rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters
TABLE_JQ='[.wiphys[] | .name as $n | .bands[].channels[] |
	[$n, .freq_mhz, (.freq_offset_khz // 0), .max_tx_power_mbm, (.flags | sort)]]'

# predict CC WHAT: keep every radio's table and diff CC's prediction of it
predict() {
	regctl --json phy | jq -c "$TABLE_JQ" >/tmp/diff.before
	regctl --json diff "$1" >/tmp/diff.json
	check "$2: diff $1 prints one valid JSON object" jsoncheck </tmp/diff.json
	jq -c '[.radios[] | .name as $n | .changes[] |
		[$n, .freq_mhz, (.freq_offset_khz // 0), .after.max_tx_power_mbm,
		 (.after.flags | sort)]]' /tmp/diff.json >/tmp/diff.changes
	jq -c -n --slurpfile b /tmp/diff.before --slurpfile c /tmp/diff.changes \
		'($c[0] | map({key: (.[0:3] | tostring), value: .}) | from_entries) as $m |
		 [$b[0][] | ($m[.[0:3] | tostring] // .)]' >/tmp/diff.predicted
	diag "$2: diff $1 predicts $(jq length /tmp/diff.changes) changed channels"
}
# came_true WHAT: every radio's table is now the one predicted
came_true() {
	regctl --json phy | jq -c "$TABLE_JQ" >/tmp/diff.after
	expect_eq "$1: every radio's table is the one predicted" "" \
		"$(diff /tmp/diff.predicted /tmp/diff.after)"
}
nchanges() { jq length /tmp/diff.changes; }

# ---- the real crda ----
# the kernel log from here on: earlier groups read regulatory.db
rc_mark
check "regcore loads (6 s for crda to answer)" rc_load crda_timeout_ms=6000
check "the world is answered by crda" wait_until 20 rc_alpha2_is 00
check "regsim loads two radios, radio 0's driver hinting FI (regtest=1)" \
	modprobe regsim radios=2 regtest=1
check "crda answers FI" wait_until 20 rc_alpha2_is FI

for cc in JP US DE; do
	predict "$cc" "the user's $cc"
	check "the user's $cc: some channel changes" test "$(nchanges)" -gt 0
	expect_eq "the user's $cc: it would be applied" "apply $cc" \
		"$(jq -r '"\(.decision) \(.domain.alpha2)"' /tmp/diff.json)"
	expect_eq "the user's $cc: crda's database gives the rules" \
		"/usr/lib/crda/regulatory.bin" "$(jq -r .rules_from /tmp/diff.json)"
	check "nothing was applied: FI (or the last country) is in force" \
		test "$(rc_alpha2)" != "$cc"
	check "set $cc --wait" regctl set "$cc" --wait --timeout 30
	came_true "the user's $cc"
done

out=$(regctl set DE --dry-run)
expect_match "set DE --dry-run: in force already" \
	'^DE: nothing would change: the country is in force already' "$out"
out=$(regctl diff JP)
printf '%s\n' "$out" | while IFS= read -r l; do diag "  $l"; done
expect_match "the text names the domain after, and crda's file" \
	'^in force after: JP \([0-9]+ rules\), rules from /usr/lib/crda/regulatory.bin$' "$out"
expect_match "and each changed channel, e.g. channel 14" \
	'^  2484 MHz \[14\]:.* -disabled' "$out"
regctl diff ZZ >/dev/null 2>&1
expect_eq "a country crda's database lacks: exit 8" 8 "$?"
expect_eq "regdb=crda: regcore read no regulatory.db for the previews" "" \
	"$(rc_log | grep 'regcore: regulatory.db loaded')"
check "an unprivileged user may ask" as_nobody regctl diff JP
regctl --family nl80211 diff JP >/dev/null 2>&1
expect_eq "--family nl80211: a usage error" 2 "$?"
check "modprobe -r regsim" modprobe -r regsim

# ---- crda masked: a country element, then the user: 98, then ignored ----
rc_mask_crda
rc_serve_reset
check "regcore loads (crda masked)" rc_load crda_timeout_ms=6000
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
check "a strict radio registers" sh -c "echo 'add strict' >$P/spare"
check "radio 0 reports a country element for US" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "US is asked for" US "$(rc_serve regcore)"
check "US is in force" wait_until 10 rc_alpha2_is US
predict US "a user's US under a country element for US"
expect_eq "the answer would change nothing (the country is in force)" \
	"already_set 0" "$(jq -r '"\(.decision) \(.radios | map(.changes | length) | add)"' /tmp/diff.json)"
predict DE "a user's DE under a country element"
expect_eq "it would be intersected: 98" "intersect true 98" \
	"$(jq -r '"\(.decision) \(.intersect) \(.domain.alpha2)"' /tmp/diff.json)"
regctl set DE >/dev/null
expect_eq "DE is answered" DE "$(rc_serve regcore)"
check "98 is in force" wait_until 10 rc_alpha2_is 98
came_true "the user's DE intersected"
predict FR "a user's FR after an intersection"
expect_match "it would be ignored, with the reason" \
	'^ignore the last user hint was intersected with a country element' \
	"$(jq -r '"\(.decision) \(.why)"' /tmp/diff.json)"
expect_eq "and nothing would change" 0 "$(nchanges)"

check "radio 0 disconnects: the settings are restored" sh -c "echo 0 >$P/disconnect"
check "the user's DE comes back" wait_until 10 rc_alpha2_is DE
predict US "a user's US with a strict radio"
expect_eq "the strict radio would keep its channels" \
	"strict: without its driver's country, only world and country IEs" \
	"$(jq -r '.radios[] | select(.name == "rphy2") | .ignored' /tmp/diff.json)"
regctl set US >/dev/null
expect_eq "US is answered" US "$(rc_serve regcore)"
check "US is in force" wait_until 10 rc_alpha2_is US
came_true "the user's US with a strict radio"

# a request pending: the prediction says it is against the state now
regctl set DE >/dev/null
check "DE is pending" rc_pending DE
regctl --json diff FR >/tmp/diff.json
expect_eq "a diff while DE is pending says a request is ahead" "true" \
	"$(jq -r .ahead /tmp/diff.json)"
expect_match "and says so in words" '^note: a request is pending or queued' \
	"$(regctl diff FR)"
expect_eq "DE is answered" DE "$(rc_serve regcore)"
check "modprobe -r regsim" modprobe -r regsim

# ---- regdb=firmware: regcore looks the country up itself ----
cp /usr/share/regcore/regulatory.db /usr/share/regcore/regulatory.db.p7s /lib/firmware/
check "regcore loads with regdb=firmware" rc_load regdb=firmware
check "the world is answered from regulatory.db" wait_until 10 rc_alpha2_is 00
check "regsim loads two radios" modprobe regsim radios=2
predict DE "regdb=firmware: a user's DE"
expect_eq "regcore's own look-up gives the rules" \
	"regulatory.db (regcore's own look-up)" "$(jq -r .rules_from /tmp/diff.json)"
check "regdb=firmware: some channel changes" test "$(nchanges)" -gt 0
check "set DE --wait" regctl set DE --wait --timeout 30
came_true "regdb=firmware: the user's DE"
regctl diff ZZ >/dev/null 2>&1
expect_eq "regdb=firmware: a country regulatory.db lacks: exit 8" 8 "$?"
exit 0
