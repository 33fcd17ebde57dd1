#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The DFS state of radar channels: radar heard (regcore_radar_event()),
# channel availability checks (regcore_cac_event()), the non-occupancy
# period and the pre-CAC expiry, propagation to the radios of the same DFS
# region, sharing with a radio registered later, the reset by a domain
# change, regcore_reg_can_beacon() on an available channel, the GET_WIPHY
# dump (regctl phy's "DFS state:" lines) and NL80211_CMD_RADAR_DETECT
# (regctl monitor's lines, as iw event prints them).
#
# regcore alone, the expectations derived from the source of 6.1 (6.12
# does the same): cfg80211_set_dfs_state() (the radar channels a channel
# definition spans), __cfg80211_radar_event() and cfg80211_cac_event()
# (unavailable after radar, available after a CAC, nothing on an abort),
# regulatory_propagate_dfs_state() (the other radios of the same DFS region
# with the control channel take the state and hear the event; a CAC there
# that cannot succeed ends: cfg80211_check_and_end_cac()),
# cfg80211_dfs_channels_update_work() (usable again after the
# non-occupancy period, NOP_FINISHED; where pre-CAC is not allowed
# (regulatory_pre_cac_allowed(): ETSI only) an available channel no
# interface uses is usable again after REG_PRE_CAC_EXPIRY_GRACE_MS, 2 s,
# PRE_CAC_EXPIRED), wiphy_all_share_dfs_chan_state() at registration,
# handle_channel() (a domain change makes every radar channel usable) and
# _cfg80211_reg_can_beacon() (an available channel lifts radar and NO_IR
# for the interfaces that need DFS). The non-occupancy period is 30 min in
# cfg80211; regcore's dfs_nop_ms makes it 8 s here. regcore refuses a CAC
# finished before its time, and runs one CAC per radio (cfg80211: warns;
# one per interface): the differences net/regcore/dfs.c lists.
#
# Then side by side with Debian's cfg80211 (not on the debug kernel):
# mac80211_hwsim's two radios, an access point interface's CAC (iw dev
# cac trigger) and hwsim's dfs_simulate_radar against regsim's two radios
# and its radar and cac controls: the same events (but for the interface
# cfg80211's CAC events name; compared sorted, as cfg80211's order between
# its radios is not fixed) and the same DFS states, after radar (and
# mac80211's abort of the CAC), after a CAC finished on an ETSI domain,
# and after the pre-CAC expiry on an FCC one.
#
# On the debug kernel first, allocation failures over both calls
# (failslab, failnth).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'kill $mon_pids 2>/dev/null; rc_unload; /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters
# enum nl80211_iftype
STATION=2 AP=3

# DE and US of regcore.sh with a CAC time of 1 s on their radar rules
# above 5470 MHz (DFS, 16) and 10 s on those of 5250-5350 MHz: regsim and
# hwsim finish a CAC at 5500 MHz in a second, and a radar simulated at
# 5260 MHz always comes during the CAC there.
DFS_DE_RULES=$(echo "$RC_DE_RULES" | sed '/flags=16,/s/cac=0/cac=1000/; /flags=2072,/s/cac=0/cac=10000/')
DFS_US_RULES=$(echo "$RC_US_RULES" | sed '/flags=16,/s/cac=0/cac=1000/; /flags=2064,/s/cac=0/cac=10000/')
# rc_serve and rc_answer answer with these
rc_rules() {
	case $1 in
	00) echo "$RC_00_RULES" ;;
	DE) echo "$DFS_DE_RULES" ;;
	US) echo "$DFS_US_RULES" ;;
	esac
}

# state PHY FREQ [FAMILY]: the channel's DFS state as regctl phy's JSON
# gives it (usable, unavailable, available), or "none"
state() {
	regctl --family "${3:-regcore}" --json phy "$1" |
		jq -r --argjson f "$2" '[.wiphys[0].bands[].channels[] |
			select(.freq_mhz == $f) | .dfs_state // "none"][0]'
}
# state_is PHY FREQ STATE [FAMILY] (for wait_until)
state_is() {
	[ "$(state "$1" "$2" "${4:-regcore}")" = "$3" ]
}
# states PHY [FAMILY]: "FREQ STATE" for the radar channels 5250-5730 MHz
states() {
	regctl --family "${2:-regcore}" --json phy "$1" |
		jq -r '.wiphys[0].bands[].channels[] |
			select(.freq_mhz >= 5250 and .freq_mhz <= 5730 and
			       .dfs_state != null) |
			"\(.freq_mhz) \(.dfs_state)"'
}
# can RADIO FREQ IFTYPE: regsim's radio asks regcore_reg_can_beacon() and
# _relax(): "PLAIN RELAXED", yes or no each
can() {
	echo "$*" >"$P/can_beacon" && cat "$P/can_beacon"
}
radar() {
	echo "$*" >"$P/radar"
}
cac() {
	echo "$*" >"$P/cac"
}
# events FILE: the radar lines of a regctl monitor's (or iw event's) text
events() {
	grep 'MHz: ' "$1"
}

# ---- regcore alone ----
rc_serve_reset
rc_mark
check_fails "a non-occupancy period under 1 s is refused" \
	rc_load dfs_nop_ms=999
check "... with a log line" rc_wait_log 'dfs_nop_ms=999 refused: must be 1000 to 1800000 ms'
check "regcore loads with a non-occupancy period of 8 s" \
	rc_load crda_timeout_ms=60000 dfs_nop_ms=8000
check "regcore warns that this is for test beds only" \
	rc_wait_log 'dfs_nop_ms=8000: radar channels are usable again before the 30 min'
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
check "a user's DE (ETSI, CAC 1 s) is accepted" regctl set DE
expect_eq "regcore asks for DE" DE "$(rc_serve regcore)"
check "DE is in force" rc_wait_alpha2 DE
expect_eq "5260 MHz is usable on radio 0" usable "$(state rphy0 5260)"
expect_eq "a channel without radar has no DFS state" none "$(state rphy0 5180)"
check "regctl phy prints the state as iw phy does" \
	sh -c "regctl phy rphy0 | grep -A8 '5260 MHz' | grep -qE '^	  DFS state: usable \(for [0-9]+ sec\)$'"
expect_eq "an access point may not beacon on a usable radar channel" "no no" \
	"$(can 0 5260 $AP)"

# Radar: unavailable on both radios (same region), each hears the event.
monitor_start dfs
rc_mark
check "radio 0 hears radar at 5260 MHz" radar 0 5260
expect_eq "5260 MHz is unavailable on radio 0" unavailable "$(state rphy0 5260)"
expect_eq "... and on radio 1 (the same DFS region)" unavailable "$(state rphy1 5260)"
expect_eq "5280 MHz stays usable (radar at 20 MHz)" usable "$(state rphy0 5280)"
check "regcore logs it" rc_wait_log 'regcore: rphy0: radar detected on 5260 MHz \(20 MHz around 5260 MHz\)'
check_fails "a CAC on an unavailable channel is refused" cac 0 start 5260
check "... with a log line" rc_wait_log 'CAC on rphy0 refused: 5260 MHz is unavailable \(radar found there\)'
expect_eq "an access point may not beacon there" "no no" "$(can 1 5260 $AP)"
# The non-occupancy period (8 s here) ends on both radios.
check "5260 MHz is usable again on radio 0 after the period" \
	wait_until 15 state_is rphy0 5260 usable
check "... and on radio 1" wait_until 5 state_is rphy1 5260 usable
check "regcore logs it" rc_wait_log 'regcore: rphy[01]: 5260 MHz usable again: the non-occupancy period is over'

# A CAC at 80 MHz: started, refused while too young, then finished.
check "radio 0 starts a CAC at 80 MHz around 5530 MHz" cac 0 start 5500 80 5530
check_fails "a second CAC on the radio is refused" cac 0 start 5260
check_fails "a result for another channel definition is refused" cac 0 finish 5500
check_fails "finishing it at once is refused (it needs 1000 ms)" cac 0 finish 5500 80 5530
check "... with a log line: the CAC ends as aborted" \
	rc_wait_log 'CAC finished on rphy0 refused: it ran [0-9]+ ms, the channels need 1000 ms; the CAC ends as aborted'
check_fails "... so no result is taken for it any more" cac 0 abort 5500 80 5530
check "radio 0 starts the CAC again" cac 0 start 5500 80 5530
sleep 1.2
check "finishing it after its time is accepted" cac 0 finish 5500 80 5530
for f in 5500 5520 5540 5560; do
	expect_eq "$f MHz is available on radio 0" available "$(state rphy0 $f)"
	expect_eq "$f MHz is available on radio 1" available "$(state rphy1 $f)"
done
expect_eq "5580 MHz (outside the 80 MHz) stays usable" usable "$(state rphy0 5580)"
expect_eq "an access point may beacon on an available channel" "yes yes" \
	"$(can 1 5520 $AP)"
expect_eq "a station may not (6.1's check: radar channels are not for it)" \
	"no no" "$(can 1 5520 $STATION)"
sleep 2.5
expect_eq "DE is ETSI: pre-CAC is allowed, the channel stays available" \
	available "$(state rphy1 5520)"
# A CAC another radio's finished CAC made useless ends (end_cac), and
# none starts where no radar channel needs one
# (cfg80211_check_and_end_cac(), cfg80211_chandef_dfs_usable()).
check "radio 1 starts a CAC at 5600 MHz" cac 1 start 5600
rc_mark
check "radio 0 runs a CAC at 5600 MHz to its end" \
	sh -c "echo '0 start 5600' >$P/cac && sleep 1.1 && echo '0 finish 5600' >$P/cac"
check "radio 1's CAC ends: nothing is left for it to clear" \
	rc_wait_log 'regcore: rphy1: the CAC on 5600 MHz ends'
check "... and regsim's end_cac ran" rc_wait_log 'regsim: rphy1: CAC ended by regcore'
check_fails "radio 1 can no longer abort it" cac 1 abort 5600
check_fails "a CAC where every radar channel is available is refused" cac 1 start 5520
check "... with a log line" \
	rc_wait_log 'CAC on rphy1 refused: no radar channel of 20 MHz around 5520 MHz needs one'
check_fails "a result with no CAC running is refused" cac 0 abort 5500 80 5530

# An abort changes no state.
check "radio 1 starts a CAC at 5280 MHz" cac 1 start 5280
check "... and aborts it" cac 1 abort 5280
expect_eq "5280 MHz stays usable" usable "$(state rphy1 5280)"

# Radar found by radio 0 ends radio 1's CAC there (end_cac).
check "radio 1 starts a CAC at 40 MHz around 5290 MHz" cac 1 start 5280 40 5290
rc_mark
check "radio 0 hears radar at 5300 MHz" radar 0 5300
check "radio 1's CAC ends" rc_wait_log 'regcore: rphy1: the CAC on 5280 MHz ends: another radio found radar there'
check "... and regsim's end_cac ran" rc_wait_log 'regsim: rphy1: CAC ended by regcore'
check_fails "radio 1 can no longer abort it" cac 1 abort 5280 40 5290
check "... and may start another" cac 1 start 5320
check "... and abort that" cac 1 abort 5320
check "5300 MHz is usable again after the period" wait_until 15 state_is rphy1 5300 usable
monitor_stop

want="phy #0: 5260 MHz: radar detected
phy #1: 5260 MHz: radar detected
phy #0: 5260 MHz: NOP finished
phy #1: 5260 MHz: NOP finished
phy #0: 5500 MHz: CAC started
phy #0: 5500 MHz: CAC was aborted
phy #0: 5500 MHz: CAC started
phy #0: 5500 MHz: CAC finished
phy #1: 5500 MHz: CAC finished
phy #1: 5600 MHz: CAC started
phy #0: 5600 MHz: CAC started
phy #0: 5600 MHz: CAC finished
phy #1: 5600 MHz: CAC finished
phy #1: 5280 MHz: CAC started
phy #1: 5280 MHz: CAC was aborted
phy #1: 5280 MHz: CAC started
phy #0: 5300 MHz: radar detected
phy #1: 5300 MHz: radar detected
phy #1: 5320 MHz: CAC started
phy #1: 5320 MHz: CAC was aborted
phy #0: 5300 MHz: NOP finished
phy #1: 5300 MHz: NOP finished"
expect_eq "regctl monitor prints the radar events as iw event does, in order" \
	"$want" "$(events /tmp/dfs.txt)"
expect_match "regctl --json monitor reports them" \
	'^\{"event":"radar","wiphy":0,"radar_event":"cac_started","radar_event_raw":5,"freq_mhz":5500,"width_raw":3,"center_freq1_mhz":5530\}$' \
	"$(cat /tmp/dfs.json)"

# A radio registered later takes the state others found.
check "radio 0 hears radar at 5320 MHz" radar 0 5320
check "one more radio registers" sh -c "echo add >$P/spare"
newest=$(rc_newest)
expect_eq "the new radio's 5320 MHz is unavailable" unavailable "$(state "$newest" 5320)"
expect_eq "... and its 5520 MHz available" available "$(state "$newest" 5520)"

# A domain change makes every radar channel usable.
check "a user's FR (DE's rules) is accepted" regctl set FR
expect_eq "regcore asks for FR" FR "$(rc_serve regcore)"
check "FR is in force" rc_wait_alpha2 FR
# DE's radar channels, as regsim has them (hwsim's list): 5260-5320 and
# 5500-5700, fifteen
NRADAR=15
for phy in rphy0 rphy1 "$newest"; do
	expect_eq "$phy: its radar channels are all usable" "$NRADAR $NRADAR" \
		"$(states "$phy" | wc -l) $(states "$phy" | grep -c ' usable$')"
done

# FCC: no pre-CAC. An available channel no interface uses expires after
# 2 s; one an access point uses (dfs_chan_in_use) does not.
check "a user's US (FCC, CAC 1 s) is accepted" regctl set US
expect_eq "regcore asks for US" US "$(rc_serve regcore)"
check "US is in force" rc_wait_alpha2 US
monitor_start fcc
check "radio 0 runs a CAC at 5500 MHz" sh -c "echo '0 start 5500' >$P/cac && sleep 1.1 && echo '0 finish 5500' >$P/cac"
check "radio 1 runs a CAC at 5520 MHz" sh -c "echo '1 start 5520' >$P/cac && sleep 1.1 && echo '1 finish 5520' >$P/cac"
check "radio 1 starts an access point at 5520 MHz" sh -c "echo '1 5520 $AP' >$P/start"
check "5500 MHz is usable again within 2 s and a little" \
	wait_until 6 state_is rphy0 5500 usable
sleep 2
expect_eq "5520 MHz, in use, stays available" available "$(state rphy0 5520)"
check "regsim's access point stops" sh -c "echo '1 stop' >$P/start"
check "5520 MHz is usable again once nobody uses it" \
	wait_until 6 state_is rphy0 5520 usable
monitor_stop
expect_match "the expiry is reported as PRE-CAC expired" \
	'^phy #0: 5500 MHz: PRE-CAC expired$' "$(events /tmp/fcc.txt)"
expect_match "... to the other radios too" \
	'^phy #1: 5500 MHz: PRE-CAC expired$' "$(events /tmp/fcc.txt)"

check "regsim's misuse checks (the DFS calls included) pass" \
	sh -c "echo 1 >$P/misuse"
# Unloading with the non-occupancy work pending.
check "radio 0 hears radar at 5260 MHz before the unload" radar 0 5260
rc_mark
check "regsim and regcore unload with the work pending" rc_unload
expect_eq "no kernel error report" "" "$(kernel_bad_lines "$(rc_log)")"

# ---- allocation failures over the DFS calls (debug kernel) ----
# Each regsim write that reports radar or a CAC, again and again with one
# more of the kernel's fault-injection points failing (failnth): the write
# succeeds or fails with ENOMEM, and the state is whole either way (both
# radios agree; a radar taken is on both; a CAC refused can be started
# again); the runner's checks find no leak, KASAN or lockdep report. What
# regcore allocates there is the events, which a failure only drops.
if [ -e /proc/thread-self/fail-nth ] && [ -d /sys/kernel/debug/failslab ]; then
	FS=/sys/kernel/debug/failslab
	saved_gfp=$(cat $FS/ignore-gfp-wait)
	saved_verbose=$(cat $FS/verbose)
	echo N >$FS/ignore-gfp-wait
	echo 0 >$FS/verbose
	rc_serve_reset
	check "faults: regcore loads" rc_load crda_timeout_ms=60000
	rc_serve regcore >/dev/null
	check "faults: regsim loads two radios" modprobe regsim radios=2
	check "faults: a user's DE" regctl set DE
	rc_serve regcore >/dev/null
	check "faults: DE is in force" rc_wait_alpha2 DE
	monitor_start faults
	echo "regvm: fault injection begins: failslab over regcore_radar_event()" >/dev/kmsg
	n=0 bad=
	while [ $n -lt 100 ]; do
		n=$((n + 1))
		out=$(failnth $n write $P/radar "0 5260" 2>&1)
		s0=$(state rphy0 5260)
		s1=$(state rphy1 5260)
		case $out in
		*"result: 0 OK"*)
			[ "$s0 $s1" = "unavailable unavailable" ] || bad="$bad
fault $n: radar taken, yet the states are $s0 and $s1" ;;
		*"result: -12 ENOMEM"*)
			[ "$s0" = "$s1" ] || bad="$bad
fault $n: radar refused, and the radios disagree: $s0 and $s1" ;;
		*) bad="$bad
fault $n: unexpected answer: $out" ;;
		esac
		case $out in *"fail-nth: not reached"*) break ;; esac
	done
	diag "regcore_radar_event(): $((n - 1)) fault points failed in turn"
	expect_eq "faults: radar: every failure gives ENOMEM or a whole change" "" "${bad#?}"
	check "faults: radar: the loop got past the last fault point" test $n -lt 100
	echo "regvm: fault injection begins: failslab over regcore_cac_event()" >/dev/kmsg
	n=0 bad=
	while [ $n -lt 100 ]; do
		n=$((n + 1))
		out=$(failnth $n write $P/cac "0 start 5500 80 5530" 2>&1)
		case $out in
		*"result: 0 OK"*)
			cac 0 abort 5500 80 5530 2>/dev/null || bad="$bad
fault $n: CAC started, yet it cannot be aborted" ;;
		*"result: -12 ENOMEM"*)
			! cac 0 abort 5500 80 5530 2>/dev/null || bad="$bad
fault $n: CAC refused, yet one ran" ;;
		*) bad="$bad
fault $n: unexpected answer: $out" ;;
		esac
		case $out in *"fail-nth: not reached"*) break ;; esac
	done
	echo "regvm: fault injection ends" >/dev/kmsg
	diag "regcore_cac_event(): $((n - 1)) fault points failed in turn"
	expect_eq "faults: CAC: every failure gives ENOMEM or a whole change" "" "${bad#?}"
	check "faults: CAC: the loop got past the last fault point" test $n -lt 100
	monitor_stop
	check "faults: a CAC runs and finishes after the failures" \
		sh -c "echo '0 start 5500' >$P/cac && sleep 1.1 && echo '0 finish 5500' >$P/cac"
	expect_eq "faults: ... and clears the channel on both radios" \
		"available available" "$(state rphy0 5500) $(state rphy1 5500)"
	echo "$saved_gfp" >$FS/ignore-gfp-wait
	echo "$saved_verbose" >$FS/verbose
	rc_unload
fi

# ---- side by side with cfg80211 ----
if is_debug || [ -e /lib/firmware/regulatory.db ]; then
	skip "DFS side by side with cfg80211" "cfg80211 is compared on Debian's kernels, without /lib/firmware/regulatory.db"
	exit 0
fi
/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
rc_serve_reset
check "regcore loads" rc_load crda_timeout_ms=60000
check "regsim loads two radios" modprobe regsim radios=2
check "mac80211_hwsim loads two radios" modprobe mac80211_hwsim radios=2
expect_eq "regcore asks for the world" 00 "$(rc_serve regcore)"
expect_eq "cfg80211 asks for the world" 00 "$(rc_serve nl80211)"
phys=$(ls /sys/class/ieee80211 | sort -V)
h0=$(echo "$phys" | sed -n 1p)
h1=$(echo "$phys" | sed -n 2p)
n0=${h0#phy}
n1=${h1#phy}

# both FILE: FILE's radar lines, hwsim's phy numbers as regsim's, the
# interface of cfg80211's CAC events left out, and no "CAC started":
# regsim reports its start (an offloading driver's report, which cfg80211
# multicasts too), mac80211 does not (nl80211 starts the CAC)
both() {
	events "$1" | grep -v 'CAC started' |
		sed "s/^ap0 (phy #$n0)/phy #0/; s/^phy #$n0:/phy #0:/; s/^phy #$n1:/phy #1:/"
}
# same_states STEP FREQ...: each channel's state is the same on both sides
same_states() {
	local step="$1" f
	shift
	for f in "$@"; do
		expect_eq "$step: $f MHz, radio 0: regcore's state is cfg80211's" \
			"$(state "$h0" "$f" nl80211)" "$(state rphy0 "$f")"
		expect_eq "$step: $f MHz, radio 1: regcore's state is cfg80211's" \
			"$(state "$h1" "$f" nl80211)" "$(state rphy1 "$f")"
	done
}

for cc in DE US; do
	check "$cc: a user's $cc on both" sh -c "regctl set $cc && regctl --family nl80211 set $cc"
	expect_eq "$cc: regcore asks for it" "$cc" "$(rc_serve regcore)"
	expect_eq "$cc: cfg80211 asks for it" "$cc" "$(rc_serve nl80211)"
	check "$cc: in force on cfg80211" wait_until 10 rc_alpha2_is "$cc" nl80211
	check "$cc: in force on regcore" wait_until 10 rc_alpha2_is "$cc"
	iw phy "$h0" interface add ap0 type __ap 2>/dev/null
	check "$cc: hwsim's access point interface comes up" ip link set ap0 up
	monitor_start "side-$cc-rc" regcore
	monitor_start "side-$cc-nl" nl80211
	iw event >"/tmp/side-$cc-iw.txt" 2>&1 &
	mon_pids="$mon_pids $!"
	sleep 0.5

	# radar during a CAC: mac80211 aborts the CAC, then reports radar
	check "$cc: cfg80211: a CAC at 5260 MHz starts" iw dev ap0 cac trigger freq 5260
	check "$cc: regcore: a CAC at 5260 MHz starts" cac 0 start 5260
	check "$cc: cfg80211: hwsim simulates radar" \
		sh -c "echo 1 >/sys/kernel/debug/ieee80211/$h0/hwsim/dfs_simulate_radar"
	check "$cc: regcore: the CAC is aborted and radar reported" \
		sh -c "echo '0 abort 5260' >$P/cac && echo '0 5260' >$P/radar"
	check "$cc: cfg80211 propagates it" wait_until 10 state_is "$h1" 5260 unavailable nl80211
	same_states "$cc: after radar" 5260 5280

	# a CAC that finishes (1 s)
	check "$cc: cfg80211: a CAC at 5500 MHz starts" iw dev ap0 cac trigger freq 5500
	check "$cc: regcore: a CAC at 5500 MHz starts" cac 0 start 5500
	sleep 1.2
	check "$cc: regcore: it finishes" cac 0 finish 5500
	check "$cc: cfg80211: it finished" wait_until 10 sh -c "grep -q '5500 MHz: CAC finished' /tmp/side-$cc-iw.txt"
	if [ "$cc" = DE ]; then
		sleep 2.5
		same_states "$cc: 2.5 s after the CAC (ETSI: pre-CAC kept)" 5500 5520
	else
		check "$cc: cfg80211: the CAC result expires (FCC)" \
			wait_until 10 state_is "$h0" 5500 usable nl80211
		check "$cc: regcore: the CAC result expires" \
			wait_until 10 state_is rphy0 5500 usable
		same_states "$cc: after the expiry" 5500 5520
	fi
	sleep 0.5
	monitor_stop
	expect_match "$cc: cfg80211 reported the radar on both radios" \
		"phy #$n1: 5260 MHz: radar detected" "$(events "/tmp/side-$cc-iw.txt")"
	# The same events, compared sorted: cfg80211 tells the other radio
	# from a work item, which may run on another CPU while the event of
	# the radio itself is still being sent, so two listeners can see the
	# two in either order (seen: iw and regctl on one 6.12 VM), and its
	# radios' expiry works time out at about the same moment, the timer
	# wheel choosing which runs first. regcore's order is checked above.
	expect_eq "$cc: regctl monitor on nl80211 prints what iw event prints" \
		"$(events "/tmp/side-$cc-iw.txt" | sort)" \
		"$(events "/tmp/side-$cc-nl.txt" | sort)"
	expect_eq "$cc: regcore's radar events are cfg80211's" \
		"$(both "/tmp/side-$cc-iw.txt" | sort)" \
		"$(both "/tmp/side-$cc-rc.txt" | sort)"
	ip link set ap0 down
	iw dev ap0 del
done
