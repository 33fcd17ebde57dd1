#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `regctl set XX --wait`: it follows the journal to what became of its own
# request (the hint's entry names the sender's netlink port) and says so,
# per radio, with one exit status per outcome: 0 applied or in force
# already, 5 intersected, 6 ignored, 7 refused or dropped, 8 not in the
# database, 9 timed out. Scenarios whose answers are known: the real crda
# (udev, the VM's signed regulatory.bin), the test answering with crda
# masked, nobody answering, and regcore reading regulatory.db itself.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
trap 'rc_unload; rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s; rc_unmask_crda' EXIT

db=/usr/lib/crda/regulatory.bin
P=/sys/module/regsim/parameters

# waited CC [ARGS]: regctl set CC --wait ARGS; its output in $out, its
# exit status in $status
waited() {
	cc=$1
	shift
	out=$(regctl set "$cc" --wait "$@" 2>&1)
	status=$?
	diag "set $cc --wait $*: exit $status"
	printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
}
# in_background CC [ARGS]: the same, started now; finish_background
# waits for it and fills $out and $status
in_background() {
	regctl set "$@" >/tmp/wait.out 2>&1 &
	bg=$!
}
finish_background() {
	wait "$bg"
	status=$?
	out=$(cat /tmp/wait.out)
	printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
}
line() { printf '%s\n' "$out" | sed -n "${1}p"; }

# ---- the real crda answers ----
check "regcore loads (6 s for crda to answer, as in group 40)" rc_load crda_timeout_ms=6000
check "the world is answered by crda" wait_until 20 rc_alpha2_is 00
# regtest 1: radio 0's driver asks for FI and keeps it as its own domain
check "regsim loads two radios, radio 0 hinting FI (regtest=1)" \
	modprobe regsim radios=2 regtest=1
check "crda answers FI" wait_until 20 rc_alpha2_is FI

waited DE --timeout 30
expect_eq "set DE --wait: applied, exit 0" 0 "$status"
expect_match "it prints the outcome with the installed entry" \
	"^DE applied: DE \(DFS ETSI, [0-9]+ rules\) in force, asked for by the user; rules from $db\$" \
	"$(line 1)"
expect_eq "radio 0 follows the user's DE, its driver's FI kept as its own domain" \
	"rphy0: follows the domain in force, DE (its driver's FI stays its own domain)" "$(line 2)"
expect_eq "radio 1 follows DE" "rphy1: follows the domain in force, DE" "$(line 3)"
check "DE is in force" rc_alpha2_is DE

waited DE
expect_eq "set DE --wait again: in force already, exit 0" 0 "$status"
expect_match "and says why nothing changed" \
	'^DE already: the user asks for DE: already set: the country is in force already' "$(line 1)"

# a country crda's database does not have: crda says so (REGCORE_OP_NO_RULES)
waited ZZ --timeout 30
expect_eq "set ZZ --wait: not in the database, exit 8" 8 "$status"
expect_eq "it says userspace has no rules for it" \
	"ZZ no_rules: userspace has no rules for ZZ: its database lacks the country; restoring settings" \
	"$(line 1)"
check "the restore brings the user's DE back" wait_until 20 rc_alpha2_is DE
zz=$(regctl --json history | jq -rs '[.[] | select(.event == "hint" and .alpha2 == "ZZ")] | last | .request')
expect_eq "crda's report names the database it read" "$db" \
	"$(regctl --json history | jq -rs "[.[] | select(.request == $zz and .event == \"answer\")] | last | .origin.file")"
expect_eq "the request ended then: hint, decided, request, answer, restore; no timeout" \
	"hint decided request answer restore" \
	"$(regctl --json history | jq -rs "[.[] | select(.request == $zz) | .event] | join(\" \")")"

waited FR --timeout 30
expect_eq "--json: set FR --wait applied" 0 "$status"
regctl --json set FR --wait >/tmp/wait.json
expect_eq "--json: one valid JSON object" 0 "$(jsoncheck </tmp/wait.json >/dev/null; echo $?)"
expect_eq "--json: outcome, exit status, domain in force, radios" \
	"already 0 FR rphy0:FI:true rphy1:FR:false" \
	"$(jq -r '"\(.outcome) \(.exit_status) \(.in_force) \([.radios[] | "\(.name):\(.alpha2):\(.own_domain)"] | join(" "))"' /tmp/wait.json)"
expect_eq "--json: the request's number is the hint's" \
	"$(regctl --json history | jq -rs '[.[] | select(.event == "hint" and .alpha2 == "FR")] | last | .request')" \
	"$(jq -r .request /tmp/wait.json)"

as_nobody regctl set IT --wait >/dev/null 2>&1
expect_eq "an unprivileged user cannot: exit 4" 4 "$?"
regctl --family nl80211 set IT --wait >/dev/null 2>&1
expect_eq "--family nl80211: a usage error (cfg80211 keeps no journal)" 2 "$?"
check "modprobe -r regsim" modprobe -r regsim

# ---- crda masked: the test answers ----
rc_mask_crda
rc_serve_reset
check "regcore loads (crda masked)" rc_load crda_timeout_ms=6000
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
check "radio 0 reports a country element for US" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "US is asked for" US "$(rc_serve regcore)"

# an answer that cannot be intersected with US: refused
in_background DE --wait --timeout 30
check "DE is pending" rc_pending DE
expect_match "an answer for DE with nothing in common with US (863-868 MHz only) is refused" \
	'result: -22 EINVAL' \
	"$(rc_answer DE 2 "rule:flags=0,start=863000,end=868000,max_bw=1000,gain=0,eirp=1400,cac=0" 2>&1)"
finish_background
expect_eq "set DE --wait: refused, exit 7" 7 "$status"
expect_eq "it says why" \
	"DE refused: the answer for DE cannot be applied (error 22, nothing in common): restoring settings" \
	"$(line 1)"
expect_eq "the radios follow the world after the restore" \
	"rphy0: follows the domain in force, 00 rphy1: follows the domain in force, 00" \
	"$(printf '%s\n' "$out" | sed -n '2,3p' | tr '\n' ' ' | sed 's/ $//')"

# the country element again, then the user's DE: intersected
rc_serve_reset
check "radio 0 reports US again" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "US is asked for" US "$(rc_serve regcore)"
in_background DE --wait --timeout 30
check "DE is pending" rc_pending DE
expect_eq "DE is answered" DE "$(rc_serve regcore)"
finish_background
expect_eq "set DE --wait: intersected, exit 5" 5 "$status"
expect_match "it names both sides" \
	'^DE intersected: 98 \(DFS unset, [0-9]+ rules\) in force, asked for by the user, the answer for DE intersected with US; rules from userspace, which did not say where$' \
	"$(line 1)"
expect_eq "both radios follow 98" \
	"rphy0: follows the domain in force, 98 rphy1: follows the domain in force, 98" \
	"$(printf '%s\n' "$out" | sed -n '2,3p' | tr '\n' ' ' | sed 's/ $//')"

waited FR
expect_eq "set FR --wait: ignored, exit 6" 6 "$status"
expect_match "with the reason" \
	'^FR ignored: the user asks for FR: ignored: the last user hint was intersected with a country element: no user hint counts until the settings are restored' \
	"$(line 1)"
expect_eq "nothing is asked" "" "$(rc_serve regcore)"

# a user request pending when the stations disconnect: the restore
# abandons it (and asks for its country again, as a new request)
check "radio 0's stations disconnect: the settings are restored" \
	sh -c "echo 0 >$P/disconnect"
rc_serve_reset
check "radio 0 reports US once more" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "US is asked for" US "$(rc_serve regcore)"
in_background IT --wait --timeout 30
check "IT is pending" rc_pending IT
check "radio 0's stations disconnect again" sh -c "echo 0 >$P/disconnect"
finish_background
expect_eq "set IT --wait: dropped, exit 7" 7 "$status"
expect_eq "abandoned by the restore, and asked for again" \
	"IT dropped: the request for IT is abandoned: the settings are restored; its country is asked for again, as a new request" \
	"$(line 1)"
check "modprobe -r regsim" modprobe -r regsim

# ---- nobody answers ----
rc_serve_reset
check "regcore loads (crda masked, 2000 ms to answer)" rc_load crda_timeout_ms=2000
check "the world is asked for" rc_pending 00
waited JP --timeout 30
expect_eq "set JP --wait: timed out, exit 9" 9 "$status"
expect_eq "the module's timeout" "JP timed_out: no answer for JP within 2000 ms: dropped" \
	"$(line 1)"
waited IT --timeout 1
expect_eq "set IT --wait --timeout 1: timed out, exit 9" 9 "$status"
expect_eq "regctl's own timeout, before the module's" "IT timed_out: no outcome within 1 s" \
	"$(line 1)"

# ---- regdb=firmware: regcore reads regulatory.db itself ----
# without the file, nothing answers: dropped, not "not in the database"
rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s
check "regcore loads with regdb=firmware, no regulatory.db" rc_load regdb=firmware
waited DE --timeout 30
expect_eq "set DE --wait without regulatory.db: dropped, exit 7" 7 "$status"
expect_eq "no source of rules answered" \
	"DE dropped: the user hint for DE: dropped, no source of rules answered" "$(line 1)"
cp /usr/share/regcore/regulatory.db /usr/share/regcore/regulatory.db.p7s /lib/firmware/
check "regcore loads with regdb=firmware" rc_load regdb=firmware
check "the world is answered from regulatory.db" wait_until 10 rc_alpha2_is 00
waited ZZ --timeout 30
expect_eq "set ZZ --wait: not in regulatory.db, exit 8" 8 "$status"
expect_eq "regulatory.db has no answer" \
	"ZZ no_rules: regulatory.db has no answer for ZZ (error 61, it lacks the country)" \
	"$(line 1)"
waited DE --timeout 30
expect_eq "set DE --wait: applied from regulatory.db, exit 0" 0 "$status"
expect_match "it names the firmware loader's file" \
	"^DE applied: DE \(DFS ETSI, [0-9]+ rules\) in force, asked for by the user; rules from regulatory.db \(the firmware loader's\)\$" \
	"$(line 1)"
rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s

exit 0
