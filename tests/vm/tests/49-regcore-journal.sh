#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The decision journal (REGCORE_CMD_EXT, REGCORE_OP_JOURNAL) and
# `regctl history`: scenarios whose answers are known, each read back from
# the journal. The real crda (udev, the VM's signed regulatory.bin)
# answers where a test says so; it says where the rules came from
# (REGCORE_OP_SOURCE), and the journal's entry for the domain installed
# names that file, its SHA-256 and its signer. Elsewhere crda is masked
# and the test answers (rc_serve), or nobody does (a timeout).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
trap 'rc_unload; rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s; rc_unmask_crda' EXIT

db=/usr/lib/crda/regulatory.bin
key=/etc/wireless-regdb/pubkeys/vmtest.key.pub.pem
P=/sys/module/regsim/parameters

# hist [ARGS]: the journal as JSON lines; jf FILTER: one jq filter over it
# (slurped), printed raw
hist() { regctl --json history "$@"; }
jf() { hist | jq -rs "$1"; }
# last_of EVENT CC: the text of the newest EVENT entry for CC
last_of() {
	jf "[.[] | select(.event == \"$1\" and .alpha2 == \"$2\")] | last | .text // \"\""
}

# ---- the real crda answers: where the rules came from ----
check "regcore loads (6 s for crda to answer, as in group 40)" rc_load crda_timeout_ms=6000
check "the world is answered by crda" wait_until 20 rc_alpha2_is 00
check "regctl history reads the journal" regctl history
expect_match "its first entry is the core asking for the world" \
	'^1 [0-9-]+ [0-9:.]+ +hint +the core asks for 00$' "$(regctl history | head -n 1)"
check "regctl --json history prints one valid JSON object per line" \
	sh -c 'regctl --json history >/tmp/j.json && while IFS= read -r l; do printf "%s" "$l" | jsoncheck || exit 1; done </tmp/j.json'
expect_eq "entries are numbered from 1 without a gap" \
	"true" "$(jf '[.[].seq] == [range(1; length + 1)]')"
expect_eq "the world's request: hint, decided (apply), request, installed" \
	"hint decided request installed" \
	"$(jf '[.[] | select(.request == 1) | .event] | join(" ")')"
expect_eq "the decision is apply, by the core" "apply core" \
	"$(jf '[.[] | select(.event == "decided")][0] | "\(.decision) \(.initiator)"')"
expect_match "the request entry names the uevent" \
	'asked userspace \(crda\) for 00: uevent COUNTRY=00, answer due within [0-9]+ ms' \
	"$(jf '[.[] | select(.event == "request")][0].text')"
expect_eq "the installed entry names the database crda read" "$db" \
	"$(jf '[.[] | select(.event == "installed")][0].origin.file')"
expect_eq "with its SHA-256, as sha256sum computes it" \
	"$(sha256sum $db | cut -d' ' -f1)" \
	"$(jf '[.[] | select(.event == "installed")][0].origin.sha256')"
expect_eq "its signer, as crda verified it, and its format" "$key 19" \
	"$(jf '[.[] | select(.event == "installed")][0].origin | "\(.signer) \(.version)"')"
rc_mark
check "regctl set DE" regctl set DE
check "crda answers DE" wait_until 20 rc_alpha2_is DE
expect_match "DE's entry says who asked and where the rules came from" \
	'^DE \(DFS ETSI, [0-9]+ rules\) in force, asked for by the user; rules from /usr/lib/crda/regulatory.bin$' \
	"$(last_of installed DE)"
expect_eq "one request number ties DE's entries together" \
	"hint decided request installed" \
	"$(jf '(map(select(.event == "hint" and .alpha2 == "DE")) | last | .request) as $r |
		[.[] | select(.request == $r) | .event] | join(" ")')"
expect_match "the text form shows the origin under the entry" \
	"$(printf '\tsha256 %s' "$(sha256sum $db | cut -d' ' -f1)")" "$(regctl history)"
check "regctl set DE again" regctl set DE
check "its decision is journaled" wait_until 10 sh -c \
	"regctl history | grep -q 'the user asks for DE: already set: the country is in force already (in force: DE, last asked by the user for DE)'"
# the journal as a user reads it, into the log (the README's example)
regctl history | while IFS= read -r line; do diag "history: $line"; done
check "an unprivileged user reads the journal" as_nobody regctl history
check "--after N starts after entry N" sh -c \
	'[ "$(regctl --json history --after 3 | head -n 1 | jq .seq)" = 4 ]'
check_fails "the journal is regcore's: --family nl80211 is refused" \
	regctl --family nl80211 history
check_fails "history takes no stray argument" regctl history DE

# --follow prints entries as they are made
regctl --json history --follow -w 30 >/tmp/follow.json 2>/tmp/follow.err &
fpid=$!
sleep 1
check "regctl set FR while history follows" regctl set FR
check "crda answers FR" wait_until 20 rc_alpha2_is FR
check "the follower prints FR's installed entry" wait_until 10 sh -c \
	"grep -q '\"event\":\"installed\".*\"alpha2\":\"FR\"' /tmp/follow.json"
kill "$fpid" 2>/dev/null
wait "$fpid"
expect_eq "the follower printed each entry once, in order, without a gap" "true" \
	"$(jq -s '[.[].seq] as $s | $s == [range($s[0]; $s[0] + ($s | length))]' /tmp/follow.json)"

# ---- crda masked: the test answers, or nobody does ----
rc_mask_crda
rc_serve_reset
# 6 s: the test's answers came after 2000 ms on the debug kernel in CI
check "regcore loads (crda masked)" rc_load crda_timeout_ms=6000
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2

# a country element, then the user: intersected (98), and why
check "radio 0 reports a country element for US" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "US is asked for" US "$(rc_serve regcore)"
check "US is in force" rc_alpha2_is US
n0=$(jf length)
check "radio 0 repeats its country element" sh -c "echo '0 US ' >$P/country_ie"
expect_eq "a repeat is not journaled" "$n0" "$(jf length)"
check "radio 1 reports a country element for FR" sh -c "echo '1 FR ' >$P/country_ie"
expect_eq "it is journaled as dropped, and why" \
	"a country element from rphy1 asks for FR: dropped, a country element is in force" \
	"$(jf 'last | .text')"
expect_eq "with its radio and country" "dropped 1 FR" \
	"$(jf 'last | "\(.event) \(.wiphy) \(.alpha2)"')"
check "regctl set DE" regctl set DE
expect_eq "DE is asked for" DE "$(rc_serve regcore)"
check "the intersection is in force" rc_alpha2_is 98
expect_match "the decision says the user can only restrict the country element" \
	'^the user asks for DE: its rules are asked for, to intersect: a country element is in force: the user can only restrict what it allows \(in force: US, last asked by a country element from rphy0 for US\)$' \
	"$(last_of decided DE)"
expect_eq "the decision's code is intersect" intersect \
	"$(jf '[.[] | select(.event == "decided" and .alpha2 == "DE")] | last | .decision')"
expect_match "the installed entry names both sides of the intersection" \
	'^98 \(DFS unset, [0-9]+ rules\) in force, asked for by the user, the answer for DE intersected with US; rules from userspace, which did not say where$' \
	"$(last_of installed 98)"
check "regctl set FR" regctl set FR
expect_eq "nothing is asked" "" "$(rc_serve regcore)"
expect_match "FR is ignored, and the journal says why" \
	'^the user asks for FR: ignored: the last user hint was intersected with a country element: no user hint counts until the settings are restored' \
	"$(last_of decided FR)"
expect_eq "the decision's code is ignore" ignore \
	"$(jf '[.[] | select(.event == "decided" and .alpha2 == "FR")] | last | .decision')"

# an answer that does not fit the request, then none at all: a timeout
rc_serve_reset
check "regcore loads again" rc_load crda_timeout_ms=5000
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
check "regctl set DE" regctl set DE
expect_eq "DE is asked for and answered" DE "$(rc_serve regcore)"
check "regctl set JP" regctl set JP
check "JP is pending" rc_pending JP
# JP's uevent is left unanswered: rc_serve below answers only what follows
rc_serve_reset
check_fails "an answer for US is refused" rc_answer US
expect_match "the journal says the answer was refused, and why" \
	'^an answer for US refused: the pending request is for JP$' "$(last_of answer US)"
expect_eq "with EINVAL" "22 EINVAL" \
	"$(jf '[.[] | select(.event == "answer")] | last | "\(.errno) \(.errno_name)"')"
check "the request times out" wait_until 15 sh -c \
	"regctl history | grep -q 'timeout .*no answer for JP within 5000 ms: dropped'"
# the restore asks for the user's DE again: answered at once, read after
served=$(rc_serve regcore)
expect_eq "with ETIMEDOUT" ETIMEDOUT \
	"$(jf '[.[] | select(.event == "timeout")] | last | .errno_name')"
expect_match "and the restore follows, naming the failed request" \
	'^settings restored, as the request for JP failed \(1 in a row\): the world domain in force$' \
	"$(jf '[.[] | select(.event == "restore")] | last | .text')"
expect_eq "the restore asks for the user's DE again" \
	"the restore asks again for the user's DE" \
	"$(jf '[.[] | select(.event == "hint")] | last | .text')"
expect_eq "DE is asked for again" DE "$served"
check "and is in force" rc_alpha2_is DE
check_fails "another answer for DE is refused" rc_answer DE
expect_match "and journaled so" \
	'^an answer for DE refused: no request is pending$' "$(last_of answer DE)"

# where rules come from is said by the socket that answers, as root
check "an unprivileged user cannot say where rules come from" \
	as_nobody nlcraft --expect EPERM 0 1:u8=2 8:bytes=DE 13:string=/fake/db
check "root can (nlcraft, a socket of its own)" \
	nlcraft 0 1:u8=2 8:bytes=DE 13:string=/fake/db
check "regctl set FR" regctl set FR
expect_eq "FR is asked for" FR "$(rc_serve regcore)"
expect_match "the answer from another socket does not take that offer" \
	'rules from userspace, which did not say where$' "$(last_of installed FR)"
check_fails "an origin without a file is refused" \
	nlcraft 0 1:u8=2 8:bytes=DE
check_fails "an op that does not exist is refused" \
	nlcraft 0 1:u8=9
check_fails "the journal is read with a dump, not a plain request" \
	nlcraft 0 1:u8=1

# ---- regdb=firmware: regcore reads regulatory.db itself ----
cp /usr/share/regcore/regulatory.db /usr/share/regcore/regulatory.db.p7s /lib/firmware/
check "regcore loads with regdb=firmware" rc_load regdb=firmware
check "the world is answered from regulatory.db" wait_until 10 rc_alpha2_is 00
expect_eq "the installed entry names the firmware loader's regulatory.db, version 20" \
	"regulatory.db (the firmware loader's) 20" \
	"$(jf '[.[] | select(.event == "installed")][0].origin | "\(.file) \(.version)"')"
expect_eq "with the file's SHA-256" "$(sha256sum /lib/firmware/regulatory.db | cut -d' ' -f1)" \
	"$(jf '[.[] | select(.event == "installed")][0].origin.sha256')"
expect_eq "the request entry says regulatory.db answers" \
	"regulatory.db answers for 00" \
	"$(jf '[.[] | select(.event == "request")][0].text')"
rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s

# ---- the ring: journal_size ----
rc_mark
check_fails "journal_size=8 is refused" rc_load journal_size=8
expect_match "with a log line" 'regcore: journal_size=8: must be 16 to 65536$' "$(rc_log)"
rc_serve_reset
check "journal_size=16 loads" rc_load journal_size=16
expect_eq "the world is asked for" 00 "$(rc_serve regcore)"
for cc in DE FR IT ES PT NL BE AT; do
	regctl set $cc && rc_serve regcore >/dev/null
done
check "the last country is in force" rc_alpha2_is AT
n=$(jf 'length')
last=$(jf 'last | .seq')
expect_eq "16 entries are kept" 16 "$n"
check "more were made ($last)" test "$last" -gt 32
expect_eq "the newest 16, without a gap" "true" \
	"$(jf "[.[].seq] == [range($last - 15; $last + 1)]")"
