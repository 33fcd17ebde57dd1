#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Beacon hints (regcore_beacon_hint(), beacon.c): a beacon heard on a
# channel lifts NO_IR there on every radio that roams the world, as
# cfg80211's regulatory_hint_found_beacon() does.
#
# First regcore alone, on every kernel (the debug kernel too): which
# channels and radios a beacon changes, the NL80211_CMD_REG_BEACON_HINT
# notifications, the radio flags (REGCORE_REG_DISABLE_BEACON_HINTS,
# REGCORE_REG_CHANNEL_CHANGE_ON_BEACON), beacons applied again after a
# change and to a radio registered later, forgotten by a restore.
# Then side by side with cfg80211 on Debian's kernels: hwsim's regtest 6
# (a radio on hwsim's first custom domain, one on its second, one roaming
# the world), the first beaconing as an access point at 5745 MHz, the
# second scanning there; regsim's second radio reports the same beacon.
# The channel tables, and the notifications as iw event prints them,
# must be the same; then the access point stops, and the disconnect's
# restore must be the same on both sides.
. /regvm/lib.sh
. /regvm/regcore.sh
. /regvm/sidebyside.sh
require_module regcore regsim mac80211_hwsim
rc_mask_crda
trap 'kill $mon_pids 2>/dev/null; rc_unload; /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211; rc_unmask_crda; sbs_end' EXIT
sbs_begin

P=/sys/module/regsim/parameters
mon_pids=

# beacon RADIO FREQ: regsim's radio RADIO heard a beacon at FREQ MHz
beacon() {
	echo "$1 $2" >"$P/beacon"
}
# hint_blocks FILE: each beacon hint of iw event's (or regctl monitor's)
# output on one line, sorted (cfg80211 walks its radios newest first)
hint_blocks() {
	awk '/beacon hint:/ { n = 3 } n > 0 { printf "%s%s", $0, (--n ? " | " : "\n") }' "$1" |
		sed 's/\t/ /g' | sort
}
# block PHY FREQ CHANNEL: one beacon hint that lifted NO_IR, as hint_blocks
# prints it
block() {
	printf 'phy #%s: beacon hint: | phy%s %s MHz [%s]: |  o Initiating radiation enabled\n' \
		"$1" "$1" "$2" "$3"
}

# ---- regcore alone ----

rc_serve_reset
rc_load crda_timeout_ms=60000
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads two radios" modprobe regsim radios=2
# rphy2: REGCORE_REG_DISABLE_BEACON_HINTS; rphy3:
# REGCORE_REG_CHANNEL_CHANGE_ON_BEACON
check "a radio that disables beacon hints registers" sh -c "echo 'add nobeacon' >$P/spare"
check "a radio whose notifier runs on beacon hints registers" sh -c "echo 'add beaconnotify' >$P/spare"
for phy in rphy0 rphy1 rphy2 rphy3; do
	check "the world domain has $phy's 5745 MHz NO_IR" rc_no_ir "$phy" 5745
done
before0=$(rc_channels rphy0 regcore full)
notified_before=$(cat "$P/notified")
notified3=$(rc_notified 3)
monitor_start bh

check "radio 0 reports a beacon at 5745 MHz" beacon 0 5745
check "5745 MHz loses NO_IR on the radio that heard it" wait_until 10 rc_ir rphy0 5745
check "... and on the other radio roaming the world" rc_ir rphy1 5745
check "... and on the radio whose notifier runs on beacon hints" rc_ir rphy3 5745
check "... but not on the radio that disables beacon hints" rc_no_ir rphy2 5745
after0=$(rc_channels rphy0 regcore full)
expect_eq "nothing else of radio 0's channels changed" \
	"$(printf '%s\n' "$before0" | grep -v '^5745 ')" "$(printf '%s\n' "$after0" | grep -v '^5745 ')"
expect_eq "5745 MHz changed only by NO_IR and the old NO_IBSS" \
	"$(printf '%s\n' "$before0" | grep '^5745 ' | sed 's/no_ir,no_ibss,\{0,1\}//; s/,$//')" \
	"$(printf '%s\n' "$after0" | grep '^5745 ')"
expect_eq "the notifier of the radio that asked for it ran once more" \
	"$((notified3 + 1))" "$(rc_notified 3)"
expect_eq "the other radios' notifiers did not run" \
	"$(echo "$notified_before" | cut -d' ' -f1-3)" "$(cut -d' ' -f1-3 "$P/notified")"

# A radar channel is never reported; the later beacon at 5180 MHz shows
# that the worker went past it.
check "a beacon on a radar channel (5260 MHz) is accepted" beacon 0 5260
check "a beacon at 5180 MHz is accepted twice" sh -c "echo '0 5180' >$P/beacon && echo '1 5180' >$P/beacon"
check "5180 MHz loses NO_IR" wait_until 10 rc_ir rphy1 5180
check "the radar channel 5260 MHz keeps NO_IR" rc_no_ir rphy0 5260
# 2.4 GHz: channels 12 to 14 only
for f in 2467 2484; do
	check "a beacon at $f MHz lifts NO_IR" sh -c "echo '0 $f' >$P/beacon"
	check "$f MHz loses NO_IR" wait_until 10 rc_ir rphy1 "$f"
done
# S1G: 912 and 912.5 MHz are two channels, the same MHz and a kHz offset
# apart; a beacon at 912 MHz lifts NO_IR on 912 MHz only (derived:
# cfg80211's handle_reg_beacon() compares with ieee80211_channel_equal(),
# the frequency and the offset). (At 922 MHz 20 MHz does not fit the
# world's 755-928 MHz: nl80211 would leave the channel out of the
# notification, and so does regcore.)
check "the world domain has 912 MHz NO_IR" rc_no_ir rphy1 912
check "... and 912.5 MHz" rc_no_ir rphy1 912.500
check "a beacon at 912 MHz (S1G, no offset) lifts NO_IR" sh -c "echo '0 912' >$P/beacon"
check "912 MHz loses NO_IR" wait_until 10 rc_ir rphy1 912
check "912.5 MHz keeps it" rc_no_ir rphy1 912.500
check_fails "a beacon at a frequency the radio does not have is refused" \
	sh -c "echo '0 1234' >$P/beacon"
check "regsim's misuse checks (beacon hints from unregistered radios, on foreign channels) pass" \
	sh -c "echo 1 >$P/misuse"
monitor_stop

want=
for f in 2467:12 2484:14 5180:36 5745:149 912:-299; do
	for phy in 0 1 3; do
		want="$want$(block "$phy" "${f%:*}" "${f#*:}")
"
	done
done
want=$(printf '%s' "$want" | sort)
expect_eq "one notification per radio and channel changed, as iw event prints them" \
	"$want" "$(hint_blocks /tmp/bh.txt)"
expect_match "regctl --json monitor reports the beacon hint" \
	'^\{"event":"reg_beacon_hint","wiphy":0,"freq_mhz":5745,"channel":149,"before":\{"freq_mhz":5745,"disabled":false,"no_ir":true,"radar":false,"max_tx_power_mbm":2000\},"after":\{"freq_mhz":5745,"disabled":false,"no_ir":false,"radar":false,"max_tx_power_mbm":2000\}\}$' \
	"$(cat /tmp/bh.json)"
expect_eq "regctl --json monitor prints a line per notification" 15 \
	"$(grep -c reg_beacon_hint /tmp/bh.json)"

# Applied again after a change: a reload asks for the world again, every
# radio is computed again, and the beacons lift NO_IR again.
monitor_start bh2
check "regctl reload is accepted" regctl reload
expect_eq "the reload asks for the world" 00 "$(rc_serve regcore)"
check "5745 MHz keeps no NO_IR after the radios are computed again" rc_ir rphy0 5745
monitor_stop
expect_eq "each beacon is applied again, with a notification" \
	"$want" "$(hint_blocks /tmp/bh2.txt)"

# A channel with a kHz offset: NO_IR is lifted there, and the notification
# names no channel (derived: nl80211_send_beacon_hint_event() puts the
# channels with nl80211_msg_put_channel(..., large = false), which leaves
# out a channel with a freq_offset; iw event then prints the bare line)
monitor_start bh912
check "a beacon at 912.5 MHz (a 500 kHz offset) is accepted" beacon 0 912.5
check "912.5 MHz loses NO_IR" wait_until 10 rc_ir rphy1 912.500
monitor_stop
expect_eq "a notification per radio that roams the world, naming no channel" \
	"phy #0: beacon hint: no channel reported
phy #1: beacon hint: no channel reported
phy #3: beacon hint: no channel reported" \
	"$(grep 'beacon hint' /tmp/bh912.txt | sort)"
check_fails "a beacon at 912.25 MHz (no such channel) is refused" beacon 0 912.25
check_fails "a beacon at 912.5000 MHz (four decimals) is refused" beacon 0 912.5000

# A radio registered later gets the beacons heard before (its name: the
# misuse checks registered radios of their own meanwhile).
check "one more radio registers" sh -c "echo add >$P/spare"
newest=$(rc_newest)
check "the new radio's 5745 MHz has no NO_IR" rc_ir "$newest" 5745

# A restore forgets every beacon: FR is asked for and never answered (no
# user's choice is in force yet, so nothing is asked for again after it).
echo 1500 >/sys/module/regcore/parameters/crda_timeout_ms
rc_mark
check "a user's FR is accepted" regctl set FR
check "the request times out and the settings are restored" \
	rc_wait_log "no answer for the user request for FR" 20
echo 60000 >/sys/module/regcore/parameters/crda_timeout_ms
rc_serve_reset	# FR stays unanswered
expect_eq "the world is in force after the restore" 00 "$(rc_alpha2)"
for phy in rphy0 rphy1 "$newest"; do
	check "$phy's 5745 MHz is NO_IR again: the beacons are forgotten" rc_no_ir "$phy" 5745
done
# The worker applies beacons also while a request waits for its answer.
rc_serve_reset
regctl set DE
check "a user's DE is pending" rc_pending DE
check "a new beacon at 5745 MHz is accepted while DE is pending" beacon 1 5745
check "... and lifts NO_IR before DE is answered" wait_until 10 rc_ir rphy0 5745
expect_eq "regcore asked for DE" DE "$(rc_serve regcore)"

# A country in force: radios that follow it do not roam the world; a
# radio on a custom domain still does (no country element in force).
check "a user's US is accepted" regctl set US
expect_eq "regcore asks for US" US "$(rc_serve regcore)"
check "US has 5865 MHz NO_IR" rc_no_ir rphy0 5865
check "a radio on hwsim's first custom domain registers" sh -c "echo 'add custom' >$P/spare"
custom=$(regctl --json phy | jq -r '.wiphys | max_by(.index) | .name')
check "under US, the custom radio's 5865 MHz is NO_IR" rc_no_ir "$custom" 5865
monitor_start bh3
check "a beacon at 5865 MHz is accepted" beacon 0 5865
check "the custom radio's 5865 MHz loses NO_IR" wait_until 10 rc_ir "$custom" 5865
check "rphy0's 5865 MHz keeps NO_IR: it follows US" rc_no_ir rphy0 5865
monitor_stop
expect_eq "one notification: the custom radio's" \
	"$(block "${custom#rphy}" 5865 173)" "$(hint_blocks /tmp/bh3.txt)"
rc_unload

# ---- side by side with cfg80211 ----

if [ -e /lib/firmware/regulatory.db ]; then
	skip "side by side with cfg80211" "the VM has /lib/firmware/regulatory.db: cfg80211 would not ask userspace"
	exit 0
fi
if is_debug; then
	skip "side by side with cfg80211" "cfg80211's fixed 3142 ms timeout is shorter than a scripted answer on the debug kernel; compared on Debian's kernel"
	exit 0
fi

# ifname PHY: the interface of cfg80211's radio phyPHY
ifname() {
	iw dev | awk -v p="phy#$1" '$1 == p { f = 1; next } /^phy#/ { f = 0 } f && $1 == "Interface" { print $2; exit }'
}
# scan_until_hint: radio 1 scans 5745 MHz until the beacon there lifted
# NO_IR on cfg80211's phy1 (a passive scan may miss the beacon)
scan_until_hint() {
	for try in 1 2 3 4 5 6 7 8 9 10; do
		# bounded: on a loaded host a scan was seen never to end
		timeout 20 iw dev "$sta" scan freq 5745 >/dev/null 2>&1
		rc_ir phy1 5745 nl80211 && return 0
		sleep 0.2
	done
	return 1
}

step="regtest=6"
# a fresh cfg80211: its radios are phy0 to phy2, as regsim's are rphy0 to
# rphy2, so that the notifications name the same numbers
/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
rc_serve_reset
serve_begin
if ! modprobe mac80211_hwsim radios=3 regtest=6 ||
	! rc_load crda_timeout_ms=60000 ||
	! modprobe regsim radios=3 regtest=6; then
	not_ok "$step: mac80211_hwsim, regcore and regsim load"
	serve_end
	exit 0
fi
serve_end
compare "$step, before any beacon"

ap=$(ifname 0)
sta=$(ifname 1)
mac=$(tr -d ':' <"/sys/class/net/$ap/address")
# a beacon: frame control, duration, broadcast, the AP's address twice,
# sequence, timestamp, interval 100 TU, capability ESS, SSID "regvm",
# rates 6 to 54 Mb/s
head=80000000ffffffffffff${mac}${mac}00000000000000000000640001000005726567766d01088c129824b048606c
check "$step: cfg80211's phy0 becomes an access point at 5745 MHz" sh -c "
	iw dev $ap set type __ap && ip link set $ap up &&
	iw dev $ap ap start regvm 5745 20 100 2 head $head"
check "$step: cfg80211's phy1 is up to scan" ip link set "$sta" up

monitor_start side-rc regcore
monitor_start side-nl nl80211
iw event >/tmp/side-iw.txt 2>&1 &
mon_pids="$mon_pids $!"
sleep 1
check "$step: phy1 hears the access point at 5745 MHz, and cfg80211 lifts NO_IR" scan_until_hint
check "$step: regsim's radio 1 reports the same beacon" beacon 1 5745
check "$step: regcore lifts NO_IR too" wait_until 10 rc_ir rphy1 5745
sleep 1
monitor_stop
compare "$step, after a beacon at 5745 MHz"
iwb=$(hint_blocks /tmp/side-iw.txt)
expect_match "$step: cfg80211 notified the beacon hint" 'beacon hint' "$iwb"
expect_eq "$step: regctl --family nl80211 monitor prints cfg80211's notifications as iw event does" \
	"$iwb" "$(hint_blocks /tmp/side-nl.txt)"
expect_eq "$step: regcore's notifications are cfg80211's" "$iwb" "$(hint_blocks /tmp/side-rc.txt)"

# A user's DE: the radio on hwsim's second custom domain still roams the
# world (CUSTOM_REG, no country element), so the beacon is applied again
# to it; the third radio follows DE.
monitor_start side2-rc regcore
monitor_start side2-nl nl80211
hint_both DE
serve_both >/dev/null
sleep 1
monitor_stop
compare "$step, after a user's DE"
iwb=$(hint_blocks /tmp/side2-nl.txt)
expect_match "$step: cfg80211 applied the beacon again" 'beacon hint' "$iwb"
expect_eq "$step: regcore applied it again the same way" "$iwb" "$(hint_blocks /tmp/side2-rc.txt)"

# Every station disconnected: cfg80211 restores once its access point
# stops (___cfg80211_stop_ap() schedules its disconnect work, which finds
# every interface idle and calls regulatory_hint_disconnect()); regsim's
# radio 0 says the same with regcore_hint_disconnect(). Both forget the
# beacon, install the world, and put the user's DE back from the copy of
# its answer, without asking userspace.
rc_serve_reset
monitor_start side3-rc regcore
monitor_start side3-nl nl80211
rc_mark
check "$step: cfg80211's access point stops" iw dev "$ap" ap stop
check "$step: cfg80211 restores: the world, then DE" \
	wait_until 10 grep -q 'set to DE by a user request' /tmp/side3-nl.txt
check "$step: regsim's radio 0 reports its stations disconnected" sh -c "echo 0 >$P/disconnect"
check "$step: regcore restores: the world, then DE" \
	wait_until 10 grep -q 'set to DE by a user request' /tmp/side3-rc.txt
monitor_stop
compare "$step, after the disconnect"
# One difference, by design: cfg80211 names radio 0 in the world's
# notification of this restore. The request it installs there,
# core_request_world, is a static whose wiphy_idx is left at 0 rather
# than WIPHY_IDX_INVALID, and nl80211_reg_change_event_fill() puts any
# index of a radio that exists. regcore names no radio, as in the world's
# other notifications (and cfg80211's own for a core request it queues,
# regulatory_hint_core()): a listener that takes a notification naming a
# radio as that radio's alone would miss it.
expect_match "$step: cfg80211 names phy #0 in the world's notification" \
	'^phy #0: regulatory domain change: set to world roaming' "$(cat /tmp/side3-nl.txt)"
expect_eq "$step: regcore's notifications are cfg80211's, without that phy #0" \
	"$(sed 's/^phy #0: \(regulatory domain change: set to world roaming\)/\1/' /tmp/side3-nl.txt)" \
	"$(cat /tmp/side3-rc.txt)"
expect_eq "$step: cfg80211 asked userspace for nothing" "" "$(rc_serve nl80211)"
expect_eq "$step: regcore asked userspace for nothing" "" "$(rc_serve regcore)"
exit 0
