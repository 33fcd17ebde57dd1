#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Indoor hints: NL80211_CMD_REQ_SET_REG of type NL80211_USER_REG_HINT_INDOOR
# (regctl set --indoor on|off, on --hold), and what they change: nothing
# but regcore_reg_can_beacon_relax() for radios that ask for relaxations.
#
# Side by side with Debian's cfg80211 (not on the debug kernel): both take
# each form of the request, ask userspace for nothing, keep the domain in
# force and send no event. Nothing else of the setting can be seen on
# cfg80211: nl80211 reports it nowhere, and the check it relaxes
# (cfg80211_reg_can_beacon_relax()) needs CONFIG_CFG80211_REG_RELAX_NO_IR,
# which Debian's kernels lack, as the debug kernel does.
#
# The rest is regcore alone, the expectations derived from the source,
# the same in 6.1 and 6.12: nl80211_req_set_reg() (without
# NL80211_ATTR_SOCKET_OWNER the device is indoors and nobody owns it;
# with it, NL80211_ATTR_REG_INDOOR says on or off), regulatory_hint_indoor()
# (an owner only while on, kept by later requests until "off"; "off" from
# anyone ends it), regulatory_netlink_notify() via nl80211_netlink_notify()
# (the owner's socket closing ends it), restore_regulatory_settings() (a
# restore ends a setting nobody owns), cfg80211_ir_permissive_chan() (only
# with REGULATORY_ENABLE_RELAX_NO_IR; a P2P group owner, a station or a
# P2P client; a channel that is INDOOR_ONLY while indoors) and
# _cfg80211_reg_can_beacon() of 6.1 (disabled, radar and, unless relaxed,
# NO_IR channels are refused; 6.12's differs: KERNEL-DIFFERENCES 22), and
# reg_check_channels(), reg_leave_invalid_chans() and reg_wdev_chan_valid()
# (after a grace period, every "off", every change of the channels and a
# strict radio's REG_REQ_ALREADY_SET in reg_process_hint(): interfaces no
# longer allowed are left; a station only when its channel is disabled).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'kill $holders 2>/dev/null; rc_unload; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters
holders=
# enum nl80211_iftype
ADHOC=1 STATION=2 AP=3 MESH=7 P2P_CLIENT=8 P2P_GO=9

# indoor [FAMILY]: the setting as GET_REG reports it: off, on or owned
indoor() {
	regctl --family "${1:-regcore}" --json get |
		jq -r '.domains[0] | if .indoor then
			(if .indoor_owned then "owned" else "on" end)
			else "off" end'
}
# indoor_is STATE: the setting is STATE (for wait_until)
indoor_is() {
	[ "$(indoor)" = "$1" ]
}
# hold [FAMILY]: regctl set --indoor on --hold in the background; its PID
# in $holder (and $holders, for the trap)
# once it says it holds the setting (it blocks its signals before that: a
# signal sent earlier could be lost, a non-interactive shell's background
# job ignoring SIGINT until then)
hold() {
	regctl --family "${1:-regcore}" set --indoor on --hold 2>/tmp/hold.err &
	holder=$!
	holders="$holders $holder"
	wait_until 5 grep -q 'while this command runs' /tmp/hold.err
}
# release [SIGNAL]: end the holder started last, as a user's ^C would
# (SIGINT by default), and wait for it (in this shell: check's subshell
# cannot); its exit status in $released
release() {
	kill -"${1:-INT}" "$holder"
	wait "$holder"
	released=$?
}
# can RADIO FREQ IFTYPE [locked]: regsim's radio asks regcore whether it
# may beacon there: "PLAIN RELAXED", yes or no each
can() {
	echo "$*" >"$P/can_beacon" && cat "$P/can_beacon"
}

# A domain for the relaxation: 2.4 GHz open; 5150-5250 MHz NO_IR and
# indoors only (NO_IR 128 | NO_OUTDOOR 8); 5250-5330 MHz radar (DFS 16);
# 5735-5835 MHz NO_IR alone. Answered as "FR" (a country crda would know).
RELAX_RULES="rule:flags=0,start=2400000,end=2483500,max_bw=40000,gain=0,eirp=2000,cac=0
rule:flags=136,start=5150000,end=5250000,max_bw=80000,gain=0,eirp=2300,cac=0
rule:flags=16,start=5250000,end=5330000,max_bw=80000,gain=0,eirp=2000,cac=60000
rule:flags=128,start=5735000,end=5835000,max_bw=80000,gain=0,eirp=1400,cac=0"

# ---- the setting ----
rc_serve_reset
check "regcore loads" rc_load crda_timeout_ms=60000
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads a radio" modprobe regsim radios=1
expect_eq "the device is not indoors at load" off "$(indoor)"
expect_eq "regctl get prints no indoor line then" "" \
	"$(regctl get | grep indoor)"
monitor_start indoor
rc_mark
check "regctl set --indoor on is accepted" regctl set --indoor on
expect_eq "the device is indoors, nobody owns the setting" on "$(indoor)"
expect_eq "regctl get says so after the rules of the domain in force" \
	"indoor operation: on" "$(regctl get | grep indoor)"
check "regcore logs it" rc_wait_log 'regcore: indoor operation: on$'
check "regctl set --indoor off is accepted" regctl set --indoor off
expect_eq "the device is not indoors" off "$(indoor)"
check "regcore logs it" rc_wait_log 'regcore: indoor operation: off$'
expect_eq "nothing is asked of userspace" "" "$(rc_serve regcore)"
check "the world stays in force" rc_alpha2_is 00
monitor_stop
expect_eq "no event is sent" "" "$(cat /tmp/indoor.txt /tmp/indoor.json)"

# Without NL80211_ATTR_SOCKET_OWNER a request says "indoors", whatever
# NL80211_ATTR_REG_INDOOR says (nl80211_req_set_reg()).
check "a request without the owner flag and without REG_INDOOR" \
	nlcraft --family regcore --expect OK REQ_SET_REG hint_type=2
expect_eq "... says indoors" on "$(indoor)"
check "the owner flag without REG_INDOOR" \
	nlcraft --family regcore --expect OK REQ_SET_REG hint_type=2 socket_owner:flag
expect_eq "... says off" off "$(indoor)"
rc_mark
check "REG_INDOOR with the owner flag from nlcraft, which then exits" \
	nlcraft --family regcore --expect OK REQ_SET_REG hint_type=2 socket_owner:flag reg_indoor:flag
check "... sets it, owned by nlcraft's socket" \
	rc_wait_log 'regcore: indoor operation: on, until netlink socket [0-9]+ closes$'
check "... which ends it when it closes" \
	rc_wait_log "regcore: indoor operation: off, its owner's netlink socket [0-9]+ closed"
expect_eq "... off" off "$(indoor)"
check "an indoor request needs no alpha2, and one is ignored" \
	nlcraft --family regcore --expect OK REQ_SET_REG hint_type=2 alpha2=DE
expect_eq "... it says indoors" on "$(indoor)"
expect_eq "... nothing is asked of userspace" "" "$(rc_serve regcore)"
check "the world stays in force" rc_alpha2_is 00
check "regctl set --indoor off" regctl set --indoor off
check_fails "REQ_SET_REG of type indoor needs CAP_NET_ADMIN" \
	as_nobody regctl set --indoor on
expect_eq "... and changes nothing" off "$(indoor)"
check "reading the setting needs no privilege" as_nobody regctl get

# A holder owns the setting while it runs (nl80211_netlink_notify() and
# regulatory_netlink_notify()).
rc_mark
hold
check "regctl set --indoor on --hold owns the setting" wait_until 5 indoor_is owned
expect_eq "regctl get says until when" \
	"indoor operation: on, until its owner's socket closes" \
	"$(regctl get | grep indoor)"
check "and says so on stderr" grep -q 'indoor operation on while this command runs' /tmp/hold.err
check "an unowned on keeps the owner" regctl set --indoor on
expect_eq "... owned still" owned "$(indoor)"
release
expect_eq "the holder ends on SIGINT, with success: exit status" 0 "$released"
expect_eq "the setting ends with its owner's socket" off "$(indoor)"
check "regcore logs why" rc_wait_log "regcore: indoor operation: off, its owner's netlink socket [0-9]+ closed"

check "an unowned on first" regctl set --indoor on
hold
check "a holder takes over a setting nobody owns" wait_until 5 indoor_is owned
release TERM
expect_eq "the holder ends on SIGTERM, with success" 0 "$released"
check "... and the setting ends with it" wait_until 5 indoor_is off

hold
check "a holder owns the setting" wait_until 5 indoor_is owned
check "anyone's off ends it at once" regctl set --indoor off
expect_eq "... off" off "$(indoor)"
check "an unowned on after it" regctl set --indoor on
release
expect_eq "the former owner ends: exit status" 0 "$released"
expect_eq "... and the setting stays: it is not the owner any more" on "$(indoor)"
check "regctl set --indoor off" regctl set --indoor off

# A second holder while one holds: it is told that the first one owns
# the setting, which ends with the first one.
hold
check "a holder owns the setting" wait_until 5 indoor_is owned
first=$holder
hold
check "a second holder is told another process holds it" \
	grep -q 'another process holds the indoor setting' /tmp/hold.err
second=$holder
holder=$first
release
expect_eq "the first holder ends" 0 "$released"
check "... and so does the setting, the second holder still running" \
	sh -c "kill -0 $second && [ \"\$(regctl --json get | jq -r '.domains[0].indoor // false')\" = false ]"
holder=$second
release
expect_eq "the second holder ends" 0 "$released"

# Another process's socket closing changes nothing.
hold
check "a holder owns the setting" wait_until 5 indoor_is owned
check "another netlink socket comes and goes" regctl get
expect_eq "... the setting stays" owned "$(indoor)"
release
expect_eq "the holder ends: exit status" 0 "$released"

# A restore ends a setting nobody owns, and keeps an owned one
# (restore_regulatory_settings()). The radio's country element and its
# disconnect restore.
check "an unowned on" regctl set --indoor on
check "the radio sees a country element" sh -c "echo '0 DE' >$P/country_ie"
expect_eq "regcore asks for DE" DE "$(rc_serve regcore)"
check "DE is in force" rc_wait_alpha2 DE
rc_mark
check "the radio's stations disconnect" sh -c "echo 0 >$P/disconnect"
expect_eq "the restore ends the setting nobody owns" off "$(indoor)"
check "regcore logs why" rc_wait_log 'regcore: indoor operation: off, settings restored$'
hold
check "a holder owns the setting" wait_until 5 indoor_is owned
check "the radio sees a country element" sh -c "echo '0 DE' >$P/country_ie"
expect_eq "regcore asks for DE" DE "$(rc_serve regcore)"
check "DE is in force" rc_wait_alpha2 DE
check "its stations disconnect" sh -c "echo 0 >$P/disconnect"
check "the world is in force" rc_wait_alpha2 00
expect_eq "an owned setting outlives the restore" owned "$(indoor)"
release
expect_eq "the holder ends: exit status" 0 "$released"
expect_eq "... and the setting with it" off "$(indoor)"

# ---- what a radio may beacon on, relax_no_ir off (the default) ----
expect_eq "relax_no_ir is off by default" N "$(cat /sys/module/regcore/parameters/relax_no_ir)"
check "a radio that asks for relaxations registers" sh -c "echo 'add relax' >$P/spare"
relax=1
check "a user's FR is accepted" regctl set FR
check "regcore asks for it" rc_pending FR
check "FR is answered with a NO_IR, indoors-only 5 GHz rule" rc_answer FR 2 "$RELAX_RULES"
check "FR is in force" rc_wait_alpha2 FR
rc_serve_reset
expect_match "5180 MHz: NO_IR and indoors only" \
	'^5180 2300 no_ir,.*indoor_only' "$(rc_chan "$(rc_newest)" 5180)"
check "the device is indoors" regctl set --indoor on
expect_eq "a group owner may not beacon there, relaxed or not" "no no" \
	"$(can $relax 5180 $P2P_GO)"
expect_eq "2412 MHz: any interface may" "yes yes" "$(can $relax 2412 $AP)"

# ---- relax_no_ir on ----
check "regsim unloads" rmmod regsim
check "regcore loads with relax_no_ir=1" rc_load crda_timeout_ms=60000 relax_no_ir=1 enforce_grace_ms=300
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
expect_eq "a fresh regcore is not indoors" off "$(indoor)"
check "regsim loads a radio that asks for no relaxation" modprobe regsim radios=1
check "a radio that asks for relaxations registers" sh -c "echo 'add relax' >$P/spare"
check "a user's FR is accepted" regctl set FR
check "regcore asks for it" rc_pending FR
check "FR is answered with the same rules" rc_answer FR 2 "$RELAX_RULES"
check "FR is in force" rc_wait_alpha2 FR
rc_serve_reset
expect_eq "not indoors: a group owner may not beacon on 5180 MHz" "no no" \
	"$(can $relax 5180 $P2P_GO)"
check "the device is indoors" regctl set --indoor on
expect_eq "indoors: a group owner may, relaxed" "no yes" "$(can $relax 5180 $P2P_GO)"
expect_eq "... a station may (off-channel TDLS)" "no yes" "$(can $relax 5180 $STATION)"
expect_eq "... a P2P client may" "no yes" "$(can $relax 5180 $P2P_CLIENT)"
expect_eq "... an access point may not" "no no" "$(can $relax 5180 $AP)"
expect_eq "... an IBSS may not" "no no" "$(can $relax 5180 $ADHOC)"
expect_eq "... a mesh point may not" "no no" "$(can $relax 5180 $MESH)"
expect_eq "... nor a group owner of the radio that asks for no relaxation" \
	"no no" "$(can 0 5180 $P2P_GO)"
expect_eq "... the same answer under regcore_wiphy_lock()" "no yes" \
	"$(can $relax 5180 $P2P_GO locked)"
expect_eq "5745 MHz, NO_IR but not indoors only: never relaxed" "no no" \
	"$(can $relax 5745 $P2P_GO)"
expect_eq "5260 MHz, radar: never" "no no" "$(can $relax 5260 $P2P_GO)"
expect_eq "5500 MHz, disabled: never" "no no" "$(can $relax 5500 $P2P_GO)"
expect_eq "2412 MHz: yes either way" "yes yes" "$(can $relax 2412 $P2P_GO)"
check_fails "a channel the radio lacks is refused" sh -c "echo '$relax 5181 $P2P_GO' >$P/can_beacon"
check_fails "a bad word after the type is refused" sh -c "echo '$relax 5180 $P2P_GO unlocked' >$P/can_beacon"
check "the device is not indoors" regctl set --indoor off
expect_eq "not indoors: the relaxation is gone" "no no" "$(can $relax 5180 $P2P_GO)"
hold
check "a holder says indoors" wait_until 5 indoor_is owned
expect_eq "indoors again: relaxed" "no yes" "$(can $relax 5180 $P2P_GO)"
release
expect_eq "the holder ends: exit status" 0 "$released"
expect_eq "its socket closed: the relaxation is gone" "no no" "$(can $relax 5180 $P2P_GO)"

# Leaving what is no longer allowed: when the setting ends, and after the
# rules change, regcore asks each driver to check (check_channels) once
# the changes have stopped for enforce_grace_ms, as cfg80211's
# reg_check_channels() leaves its interfaces after REG_ENFORCE_GRACE_MS.
# regsim's start control starts one interface per radio, if allowed.
started() {
	cut -d' ' -f"$(($1 + 1))" "$P/start"
}
G=/sys/module/regcore/parameters/enforce_grace_ms
expect_eq "the grace period was set at load" 300 "$(cat $G)"
check_fails "a grace period over 600 s is refused" sh -c "echo 600001 >$G"
expect_eq "... and the old one kept" 300 "$(cat $G)"
check "the device is indoors" regctl set --indoor on
check "a group owner starts on 5180 MHz, relaxed" sh -c "echo '$relax 5180 $P2P_GO' >$P/start"
expect_eq "... and runs" "5180:$P2P_GO" "$(started $relax)"
check_fails "the radio that asks for no relaxation may not start one there" \
	sh -c "echo '0 5180 $P2P_GO' >$P/start"
check "it starts an access point on 2412 MHz" sh -c "echo '0 2412 $AP' >$P/start"
check "the grace period becomes 3 s" sh -c "echo 3000 >$G"
rc_mark
check "the device is no longer indoors" regctl set --indoor off
sleep 1
expect_eq "within the grace period the group owner still runs" "5180:$P2P_GO" "$(started $relax)"
check "after it, regsim is asked and leaves 5180 MHz" \
	rc_wait_log "regsim: rphy[0-9]+: leaving 5180 MHz \\(interface type $P2P_GO\\): no longer allowed"
expect_eq "... the group owner stopped" none "$(started $relax)"
expect_eq "the access point on 2412 MHz runs on" "2412:$AP" "$(started 0)"
check "the grace period becomes 300 ms" sh -c "echo 300 >$G"
hold
check "a holder says indoors" wait_until 5 indoor_is owned
check "the group owner starts again" sh -c "echo '$relax 5180 $P2P_GO' >$P/start"
rc_mark
release
check "the holder's end makes regsim leave 5180 MHz" \
	rc_wait_log "regsim: rphy[0-9]+: leaving 5180 MHz \\(interface type $P2P_GO\\): no longer allowed"
expect_eq "... the group owner stopped" none "$(started $relax)"
check "the device is indoors, nobody owning the setting" regctl set --indoor on
check "the group owner starts again" sh -c "echo '$relax 5180 $P2P_GO' >$P/start"
check "the radio sees a country element" sh -c "echo '$relax DE' >$P/country_ie"
expect_eq "regcore asks for DE" DE "$(rc_serve regcore)"
check "DE is in force" rc_wait_alpha2 DE
rc_mark
check "its stations disconnect: the restore ends the setting" sh -c "echo $relax >$P/disconnect"
expect_eq "... off" off "$(indoor)"
check "the user's FR is back in force (its kept answer: 5180 MHz indoors only)" \
	rc_wait_alpha2 FR
check "regsim leaves 5180 MHz (not indoors any more)" \
	rc_wait_log "regsim: rphy[0-9]+: leaving 5180 MHz \\(interface type $P2P_GO\\): no longer allowed"
expect_eq "the access point on 2412 MHz runs on" "2412:$AP" "$(started 0)"
# A station stays where it may not initiate radiation (as cfg80211's
# reg_wdev_chan_valid(): only a disabled channel ends it).
check "a station starts on 5180 MHz, NO_IR, not indoors" \
	sh -c "echo '$relax 5180 $STATION' >$P/start"
# the rules: a country without 2.4 GHz
check "the station moves to 2412 MHz" sh -c "echo '$relax 2412 $STATION' >$P/start"
check "a user's JP is accepted" regctl set JP
check "regcore asks for it" rc_pending JP
rc_mark
check "JP is answered with 5 GHz rules only" rc_answer JP 3 \
	"rule:flags=0,start=5150000,end=5250000,max_bw=80000,gain=0,eirp=2300,cac=0"
check "JP is in force" rc_wait_alpha2 JP
check "regsim leaves 2412 MHz" \
	rc_wait_log "regsim: rphy0: leaving 2412 MHz \\(interface type $AP\\): no longer allowed"
expect_eq "... the access point stopped" none "$(started 0)"
check "... and the station" \
	rc_wait_log "regsim: rphy[0-9]+: leaving 2412 MHz \\(interface type $STATION\\): no longer allowed"
check "a disconnect reported from check_channels, under regcore's lock, is refused with EDEADLK" \
	rc_wait_log "regsim: rphy[0-9]+: disconnect reported from check_channels: -35$"
# A strict radio that takes a domain already in force (its driver's hint
# for the country a driver's hint put in force): its channels change
# alone, and it is checked too (cfg80211's __reg_process_hint_driver() and
# reg_process_hint(): REG_REQ_ALREADY_SET on a strict radio).
JP_RULES="rule:flags=0,start=5150000,end=5250000,max_bw=80000,gain=0,eirp=2300,cac=0"
rc_mark
check "radio 0's driver hints JP" sh -c "echo '0 JP' >$P/hint"
check "regcore asks for it" rc_wait_log 'driver hint: asked userspace for JP$'
# shellcheck disable=SC2046
check "its answer is JP, in force already: refused with EALREADY, as cfg80211's reg_set_rd_driver()" \
	nlcraft --family regcore --expect EALREADY SET_REG alpha2=JP dfs_region=3 $JP_RULES
check "JP stays in force, now a driver's request" rc_wait_alpha2 JP
check "a strict radio registers" sh -c "echo 'add strict' >$P/spare"
strict_phy=$(rc_newest)
check "it starts an access point on 2412 MHz (its own channels until it knows its country)" \
	sh -c "echo '2 2412 $AP' >$P/start"
rc_mark
check "its driver hints JP, in force already" sh -c "echo '2 JP' >$P/hint"
check "nothing is asked: already set" rc_wait_log 'driver hint for JP: already in force'
check "regsim leaves 2412 MHz on the strict radio" \
	rc_wait_log "regsim: $strict_phy: leaving 2412 MHz \\(interface type $AP\\): no longer allowed"
rc_serve_reset
check "regsim's misuse of the API is refused" sh -c "echo 1 >$P/misuse"

# S1G: a channel is judged at its own S1G width, not at 20 MHz (derived:
# cfg80211_chandef_usable()'s NL80211_CHAN_WIDTH_1 to _16 case prohibits
# NO_OFDM where 20 MHz prohibits NO_20MHZ; a chandef of the channel alone
# checks only that channel). Under US, 912 MHz has 16 MHz (904-920 @ 16),
# neither NO_IR nor room for 20 MHz; 904 MHz, between two rules, is
# disabled.
check "a user's US is accepted" regctl set US
check "regcore asks for it" rc_pending US
check "US is answered" rc_answer US "$RC_US_DFS" "$RC_US_RULES"
check "US is in force" rc_wait_alpha2 US
check "912 MHz: enabled, no NO_IR, and 20 MHz does not fit" \
	sh -c "regctl --json phy rphy0 | jq -e '.wiphys[0].bands[] | select(.band == 4) | .channels[] | select(.freq_mhz == 912 and .freq_offset_khz == null) | (.disabled | not) and (.flags | index(\"16mhz\")) and (.flags | index(\"no_20mhz\")) and (.flags | index(\"no_ir\") | not)' >/dev/null"
expect_eq "an access point may beacon on 912 MHz (S1G, 16 MHz)" "yes yes" "$(can 0 912 $AP)"
expect_eq "... a mesh point too" "yes yes" "$(can 0 912 $MESH)"
expect_eq "... not on 904 MHz (disabled)" "no no" "$(can 0 904 $AP)"
check "regsim starts an access point on 912 MHz" sh -c "echo '0 912 $AP' >$P/start"
expect_eq "... and it runs" "912:$AP" "$(started 0)"
check "regsim stops it" sh -c "echo '0 stop' >$P/start"
# Widths under 20 MHz are OFDM: a NO-OFDM rule forbids the channel
# (cfg80211_chandef_usable(): width < 20 prohibits NO_OFDM), which nl80211
# reports nowhere: only can_beacon shows it.
check "a user's CA is accepted" regctl set CA
check "regcore asks for it" rc_pending CA
check "CA is answered: 904-920 MHz at 16 MHz, NO-OFDM" rc_answer CA 1 \
	"rule:flags=1,start=904000,end=920000,max_bw=16000,gain=0,eirp=3000,cac=0"
check "CA is in force" rc_wait_alpha2 CA
expect_eq "no access point on 912 MHz under a NO-OFDM rule" "no no" "$(can 0 912 $AP)"

# Unloading with a check pending: the work is cancelled with the module.
check "the grace period becomes 2 s" sh -c "echo 2000 >$G"
check "an off queues a check" regctl set --indoor off
check "regsim unloads" rmmod regsim
rc_mark
check "regcore unloads with the check pending" rmmod regcore
sleep 3
expect_no_match "no kernel report when the grace period would have ended" . \
	"$(kernel_bad_lines "$(rc_log)")"

# ---- side by side with cfg80211 ----
if rc_cfg80211_fresh "indoor hints"; then
	rc_serve_reset
	rc_load crda_timeout_ms=60000
	rc_serve regcore >/dev/null
	check "regcore has the world in force" wait_until 10 rc_alpha2_is 00
	monitor_start cfg-indoor nl80211
	for fam in nl80211 regcore; do
		check "$fam takes set --indoor on" regctl --family $fam set --indoor on
		check "$fam takes set --indoor off" regctl --family $fam set --indoor off
		hold $fam
		sleep 0.5
		check "$fam: a holder runs until interrupted" kill -0 "$holder"
		release
		expect_eq "$fam: it ends with success: exit status" 0 "$released"
		check "$fam takes an indoor hint without the owner flag" \
			nlcraft --family $fam --expect OK REQ_SET_REG hint_type=2
		check "$fam takes one with REG_INDOOR alone" \
			nlcraft --family $fam --expect OK REQ_SET_REG hint_type=2 reg_indoor:flag
		check "$fam takes an off" \
			nlcraft --family $fam --expect OK REQ_SET_REG hint_type=2 socket_owner:flag
		expect_eq "$fam asks userspace for nothing" "" "$(rc_serve $fam)"
		check "$fam keeps the world" rc_alpha2_is 00 $fam
	done
	monitor_stop
	expect_eq "cfg80211 sends no event" "" "$(cat /tmp/cfg-indoor.txt /tmp/cfg-indoor.json)"
	check "cfg80211 takes set --indoor on" regctl --family nl80211 set --indoor on
	expect_eq "... and its GET_REG says nothing of the setting" off "$(indoor nl80211)"
	check "cfg80211 takes set --indoor off" regctl --family nl80211 set --indoor off
	/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
fi
check "regcore unloads cleanly" rc_unload
