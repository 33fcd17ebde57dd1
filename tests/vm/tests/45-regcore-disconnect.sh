#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Disconnect hints (regcore_hint_disconnect()): a driver's stations have
# disconnected, so what access points said no longer holds. regcore alone,
# on every kernel (the debug kernel's KASAN and kmemleak watch the kept
# user domain). The expectations come from cfg80211's reg.c, the same in
# 6.1 and 6.12: regulatory_hint_disconnect() (radios that all ignore
# country elements only forget the beacons heard; their channels keep
# what the beacons opened until computed again) and
# restore_regulatory_settings(false, true) (the world, the country element
# and the beacons gone, custom radios back on their own domain, then the
# user's earlier country installed from cfg80211_user_regdom, the copy of
# its last answer, without asking userspace; a user request pending at
# that moment is the user's country; self-managed radios hear the user's
# country again through notify_self_managed_wiphys()), and
# cfg80211_is_all_idle() (nothing happens while another radio is
# associated: regcore counts a radio associated from its country element
# to its disconnect). Group 43 compares a disconnect side by side with
# cfg80211 (an access point of mac80211_hwsim stopping).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'kill $mon_pids 2>/dev/null; rc_unload; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters
mon_pids=
WORLD='regulatory domain change: set to world roaming by the wireless core upon initialization request'

# disconnect RADIO: regsim's radio RADIO reports its stations disconnected
disconnect() {
	echo "$1" >"$P/disconnect"
}
# rules_in_force: the number of rules of the domain in force
rules_in_force() {
	regctl --json get | jq '.domains[0].rules | length'
}
# notified_is RADIO N: regsim's radio RADIO's notifier ran N times
notified_is() {
	[ "$(rc_notified "$1")" -eq "$2" ]
}

# ---- nothing to put back: the world, without the beacons ----
rc_serve_reset
check "regcore loads" rc_load crda_timeout_ms=60000
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
check "a radio on hwsim's first custom domain registers" \
	sh -c "echo 'add custom' >$P/spare"
expect_eq "... as rphy2" rphy2 "$(rc_newest)"
custom_world=$(rc_channels rphy2)
check "radio 0 reports a beacon at 5745 MHz" sh -c "echo '0 5745' >$P/beacon"
check "5745 MHz loses NO_IR on the radios roaming the world" wait_until 10 rc_ir rphy1 5745
monitor_start d1
check "radio 0's stations disconnect" disconnect 0
check "the beacon is forgotten: 5745 MHz is NO_IR again" wait_until 10 rc_no_ir rphy1 5745
monitor_stop
expect_eq "one notification: the world, installed by the core" "$WORLD" "$(cat /tmp/d1.txt)"
expect_eq "nothing is asked of userspace: no user's country to put back" "" "$(rc_serve regcore)"
expect_eq "the custom radio keeps its own domain's channels" "$custom_world" "$(rc_channels rphy2)"

# ---- the user's country comes back from its kept answer ----
check "a user's DE is accepted" regctl set DE
expect_eq "regcore asks for DE" DE "$(rc_serve regcore)"
check "DE is in force" rc_wait_alpha2 DE
rc_ref DE
custom_de=$(rc_channels rphy2)
check "radio 0 sees a country element for FR" sh -c "echo '0 FRO' >$P/country_ie"
expect_eq "regcore asks for FR" FR "$(rc_serve regcore)"
check "FR is in force, set by the country element" rc_wait_alpha2 FR
check "radio 0 sees FR's element again" sh -c "echo '0 FRO' >$P/country_ie"
expect_eq "while its element is in force, it is not asked for again" "" "$(rc_serve regcore)"
# cfg80211 restores only once every interface is idle
# (cfg80211_is_all_idle()); regcore once no radio that reported a
# country element is left associated.
monitor_start d2
check "radio 1's stations disconnect" disconnect 1
check "radio 0, still associated, keeps FR in force" rc_alpha2_is FR
check "radio 0's stations disconnect" disconnect 0
check "DE is in force again" rc_alpha2_is DE
monitor_stop
expect_eq "nothing is asked of userspace: DE comes from its kept answer" "" "$(rc_serve regcore)"
expect_eq "two notifications: the world by the core, DE by the user" \
	"$(printf '%s\n%s' "$WORLD" 'regulatory domain change: set to DE by a user request')" \
	"$(cat /tmp/d2.txt)"
check "every radio but the custom one has DE's table again" rc_consistent_except rphy2 DE
expect_eq "the custom radio has its table under DE again" "$custom_de" "$(rc_channels rphy2)"
check "radio 0's FR element after the disconnect (a new association) is accepted" \
	sh -c "echo '0 FRO' >$P/country_ie"
expect_eq "... and asked for: the disconnect ended the repeats" FR "$(rc_serve regcore)"
check "FR is in force again" rc_wait_alpha2 FR

# A user hint while the element is in force is intersected with it, as
# cfg80211 does; the kept answer is the user's own, before the
# intersection (cfg80211_save_user_regdom() is given userspace's answer).
check "a user's US while FR's element is in force is accepted" regctl set US
expect_eq "regcore asks for US" US "$(rc_serve regcore)"
check "the intersection of US and FR is in force (98)" rc_wait_alpha2 98
check "radio 0's stations disconnect" disconnect 0
check "US is in force" rc_wait_alpha2 US
expect_eq "... with US's own 11 rules, not the intersection" 11 "$(rules_in_force)"
expect_eq "nothing is asked of userspace" "" "$(rc_serve regcore)"

# A self-managed radio keeps its firmware's domain; its notifier hears the
# user's country put back, as every user hint.
check "a self-managed radio registers" sh -c "echo 'add selfmanaged' >$P/spare"
sm=$(rc_newest)
check "its firmware answered the user's US" wait_until 10 \
	sh -c "regctl get | grep -A1 '^phy#${sm#rphy} (self-managed)' | grep -q '^country US'"
sm_table=$(rc_channels "$sm")
n3=$(rc_notified 3)
check "radio 1's stations disconnect" disconnect 1
check "the self-managed radio's notifier heard the user's US again" \
	wait_until 10 notified_is 3 $((n3 + 1))
expect_eq "its channels did not change" "$sm_table" "$(rc_channels "$sm")"
check "US is in force" rc_wait_alpha2 US

# A user request waiting for its answer at the disconnect is the user's
# country: cfg80211 takes it as such when it asks (reg_process_hint_user()
# sets user_alpha2), so its restore offers it US's kept answer, refuses
# it (another country), and installs the late answer to its first
# request. regcore asks for JP again; its answer puts JP in force.
monitor_start d4
check "a user's JP is accepted" regctl set JP
check "JP is asked for" rc_pending JP
check "radio 0's stations disconnect while JP waits" disconnect 0
check "JP is asked for again" wait_until 10 rc_is_pending
expect_eq "both requests for JP are answered" "JP JP" "$(rc_serve regcore)"
check "JP is in force" rc_wait_alpha2 JP
monitor_stop
expect_eq "notifications: the world by the core, JP by the user" \
	"$(printf '%s\n%s' "$WORLD" 'regulatory domain change: set to JP by a user request')" \
	"$(grep -v '(phy)' /tmp/d4.txt)"
expect_eq "... and the self-managed radio's JP, once per request for JP" 2 \
	"$(grep -c "^phy #${sm#rphy}: regulatory domain change (phy): set to JP" /tmp/d4.txt)"

# The user's choice of the world ("00"): nothing is asked, nothing but
# the world comes back (cfg80211's restore_alpha2() and is_an_alpha2()).
check "a user's 00 is accepted" regctl set 00
expect_eq "regcore asks for 00" 00 "$(rc_serve regcore)"
check "the world is in force" rc_wait_alpha2 00
monitor_start d5
check "radio 1's stations disconnect" disconnect 1
monitor_stop
expect_eq "one notification: the world, by the core" "$WORLD" "$(cat /tmp/d5.txt)"
expect_eq "nothing is asked of userspace" "" "$(rc_serve regcore)"
check "regsim unloads" rmmod regsim

# ---- every radio ignores country elements: only the beacons go ----
check "regsim loads two radios that ignore country elements" modprobe regsim radios=2 ieignore=1
check "a user's US is accepted" regctl set US
expect_eq "regcore asks for US" US "$(rc_serve regcore)"
check "US is in force" rc_wait_alpha2 US
check "a radio on hwsim's first custom domain registers (it roams the world)" \
	sh -c "echo 'add custom ieignore' >$P/spare"
custom=$(rc_newest)
check "under US, its 5865 MHz is NO_IR" rc_no_ir "$custom" 5865
check "radio 2 reports a beacon at 5865 MHz" sh -c "echo '2 5865' >$P/beacon"
check "the custom radio's 5865 MHz loses NO_IR" wait_until 10 rc_ir "$custom" 5865
monitor_start d3
check "radio 0's stations disconnect" disconnect 0
sleep 1
monitor_stop
expect_eq "no restore: no notification" "" "$(cat /tmp/d3.txt)"
check "US stays in force" rc_alpha2_is US
check "the channel the beacon opened stays open until it is computed again" \
	rc_ir "$custom" 5865
check "a second custom radio registers" sh -c "echo 'add custom ieignore' >$P/spare"
check "its 5865 MHz is NO_IR: the beacon was forgotten" rc_no_ir "$(rc_newest)" 5865

check "regsim's misuse checks (disconnect hints from NULL and unregistered radios) pass" \
	sh -c "echo 1 >$P/misuse"
check_fails "a disconnect for a radio regsim does not have is refused" disconnect 99
check_fails "a disconnect with more than a radio's number is refused" disconnect "0 1"
check "regsim unloads" rmmod regsim
check "regcore unloads cleanly" rmmod regcore
