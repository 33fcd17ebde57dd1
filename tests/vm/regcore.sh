# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# regcore.sh: helpers of the regcore test groups, sourced after lib.sh:
#
#	. /regvm/lib.sh
#	. /regvm/regcore.sh
#
# Loading and unloading, answering requests by hand (nlcraft), reading
# channel tables (regctl --json and jq), and the uevents udev saw.

RC_UDEV_LOG=/run/regvm-udev.log
: >>"$RC_UDEV_LOG"

# The rules of two countries of Debian's wireless-regdb (2026.09.03), in
# nlcraft's rule syntax, so that tests can answer requests without crda.
# Units: kHz, mBi, mBm, ms; flags NL80211_RRF_* (NO_OUTDOOR 8, DFS 16,
# NO_IR 128, AUTO_BW 2048).
RC_DE_DFS=2
RC_DE_RULES="rule:flags=0,start=2400000,end=2483500,max_bw=40000,gain=0,eirp=2000,cac=0
rule:flags=2056,start=5150000,end=5250000,max_bw=80000,gain=0,eirp=2301,cac=0
rule:flags=2072,start=5250000,end=5350000,max_bw=80000,gain=0,eirp=2000,cac=0
rule:flags=16,start=5470000,end=5725000,max_bw=160000,gain=0,eirp=2698,cac=0
rule:flags=0,start=5725000,end=5875000,max_bw=80000,gain=0,eirp=1397,cac=0
rule:flags=8,start=5945000,end=6425000,max_bw=320000,gain=0,eirp=2300,cac=0
rule:flags=0,start=57000000,end=66000000,max_bw=2160000,gain=0,eirp=4000,cac=0"
RC_US_DFS=1
RC_US_RULES="rule:flags=0,start=902000,end=904000,max_bw=2000,gain=0,eirp=3000,cac=0
rule:flags=0,start=904000,end=920000,max_bw=16000,gain=0,eirp=3000,cac=0
rule:flags=0,start=920000,end=928000,max_bw=8000,gain=0,eirp=3000,cac=0
rule:flags=0,start=2400000,end=2472000,max_bw=40000,gain=0,eirp=3000,cac=0
rule:flags=2048,start=5150000,end=5250000,max_bw=80000,gain=0,eirp=2300,cac=0
rule:flags=2064,start=5250000,end=5350000,max_bw=80000,gain=0,eirp=2400,cac=0
rule:flags=16,start=5470000,end=5730000,max_bw=160000,gain=0,eirp=2400,cac=0
rule:flags=2048,start=5730000,end=5850000,max_bw=80000,gain=0,eirp=3000,cac=0
rule:flags=2184,start=5850000,end=5895000,max_bw=40000,gain=0,eirp=2700,cac=0
rule:flags=136,start=5925000,end=7125000,max_bw=320000,gain=0,eirp=1200,cac=0
rule:flags=0,start=57240000,end=71000000,max_bw=2160000,gain=0,eirp=4000,cac=0"

# The world domain ("country 00") of the same release.
RC_00_DFS=0
RC_00_RULES="rule:flags=128,start=755000,end=928000,max_bw=2000,gain=0,eirp=2000,cac=0
rule:flags=0,start=2402000,end=2472000,max_bw=40000,gain=0,eirp=2000,cac=0
rule:flags=2176,start=2457000,end=2482000,max_bw=20000,gain=0,eirp=2000,cac=0
rule:flags=129,start=2474000,end=2494000,max_bw=20000,gain=0,eirp=2000,cac=0
rule:flags=2176,start=5170000,end=5250000,max_bw=80000,gain=0,eirp=2000,cac=0
rule:flags=2192,start=5250000,end=5330000,max_bw=80000,gain=0,eirp=2000,cac=0
rule:flags=144,start=5490000,end=5730000,max_bw=160000,gain=0,eirp=2000,cac=0
rule:flags=128,start=5735000,end=5835000,max_bw=80000,gain=0,eirp=2000,cac=0
rule:flags=0,start=57240000,end=63720000,max_bw=2160000,gain=0,eirp=0,cac=0"

# rc_rules CC: the nlcraft rule items of a country above
# A hand-made domain ("ZZ") with every rule flag nl80211 gained after 6.1,
# for kernels that have them (6.12): NO_EHT (1 << 19), PSD (1 << 20),
# DFS_CONCURRENT (1 << 21), NO_6GHZ_VLP_CLIENT (1 << 22),
# NO_6GHZ_AFC_CLIENT (1 << 23), ALLOW_6GHZ_VLP_AP (1 << 24),
# ALLOW_20MHZ_ACTIVITY (1 << 25), next to NO-IR (0x80), DFS (0x10) and
# AUTO-BW (0x800).
RC_ZZ_DFS=2
RC_ZZ_RULES="rule:flags=0x80000,start=2402000,end=2482000,max_bw=40000,gain=0,eirp=2000,cac=0
rule:flags=0x100800,start=5170000,end=5250000,max_bw=80000,gain=0,eirp=2300,cac=0
rule:flags=0x200810,start=5250000,end=5330000,max_bw=80000,gain=0,eirp=2000,cac=0
rule:flags=0x10,start=5490000,end=5730000,max_bw=160000,gain=0,eirp=2300,cac=0
rule:flags=0x2000080,start=5735000,end=5835000,max_bw=80000,gain=0,eirp=1400,cac=0
rule:flags=0x1400080,start=5945000,end=6425000,max_bw=320000,gain=0,eirp=2300,cac=0
rule:flags=0x900000,start=6425000,end=7125000,max_bw=320000,gain=0,eirp=1200,cac=0"

rc_rules() {
	case $1 in
	00) echo "$RC_00_RULES" ;;
	DE) echo "$RC_DE_RULES" ;;
	US) echo "$RC_US_RULES" ;;
	ZZ) echo "$RC_ZZ_RULES" ;;
	esac
}
rc_dfs() {
	case $1 in
	00) echo "$RC_00_DFS" ;;
	DE) echo "$RC_DE_DFS" ;;
	US) echo "$RC_US_DFS" ;;
	ZZ) echo "$RC_ZZ_DFS" ;;
	esac
}

# rc_mask_crda: make sure nothing but the test answers regcore's requests
# (an empty rules file in /etc masks the one of the same name in /lib).
# Then wait for the events udevd still works on: a crda that an earlier
# group's request started, slow on a busy host, would otherwise answer a
# request of this group for the same country (seen: group 20's 00 and DE
# answered group 21's).
#
# `udevadm control --reload` does not promise that the next kernel event
# meets the new rules: one event is put through udevd after it (the test
# bed's rule logs "trigger mem ...") before going on. Seen once without
# it: group 24's first two requests answered by crda right after group 23
# unmasked it and group 24 masked it again (the cause not found).
rc_mask_crda() {
	mkdir -p /etc/udev/rules.d
	: >/etc/udev/rules.d/85-regcore.rules
	rc_udev_reload
}
rc_unmask_crda() {
	rm -f /etc/udev/rules.d/85-regcore.rules
	rc_udev_reload
}
rc_udev_reload() {
	udevadm control --reload
	udev_settle
	udevadm trigger --action=change /sys/devices/virtual/mem/null
	udev_settle
}

# rc_loaded MODULE: is MODULE loaded? (/sys/module/MODULE exists while it
# is; no process to start, where lsmod and grep cost a third of a second
# under KASAN and TCG)
rc_loaded() {
	[ -d "/sys/module/$1" ]
}

# rc_unload: remove regsim and regcore if loaded.
rc_unload() {
	! rc_loaded regsim || /usr/bin/rmmod regsim
	! rc_loaded regcore_test || /usr/bin/rmmod regcore_test
	! rc_loaded regcore || /usr/bin/rmmod regcore
	! rc_loaded regsim && ! rc_loaded regcore_test && ! rc_loaded regcore
}

# rc_load [PARAM=VALUE...]: load regcore fresh.
rc_load() {
	rc_unload && /usr/bin/modprobe regcore "$@"
}

# rc_pending CC: wait (10 s at most) until the request regcore asked
# userspace for last is for CC: the last "asked userspace" line of the
# kernel log names it.
rc_pending() {
	wait_until 10 sh -c "dmesg | grep 'regcore: .* hint: asked userspace for ' | tail -n 1 | grep -q 'for $1\$'"
}

# rc_mark: remember this point of the kernel log; rc_log prints what was
# logged since. Unlike lib.sh's dmesg_mark, which every test result moves,
# this mark stays until the next rc_mark, so a series of tests can look
# at what one action caused.
rc_mark() {
	RC_MARK="regcore-test: mark $$ $(cut -d' ' -f1 /proc/uptime)"
	echo "<6>$RC_MARK" >/dev/kmsg
}
rc_log() {
	dmesg | awk -v m="${RC_MARK:-}" 'found { print } m != "" && index($0, m) { found = 1 }'
}

# rc_wait_log ERE [SECONDS]: wait (10 s at most by default) for a kernel
# log line matching ERE written since rc_mark.
rc_wait_log() {
	rc_n=0
	while [ $rc_n -lt $((${2:-10} * 10)) ]; do
		rc_log | grep -qE -- "$1" && return 0
		sleep 0.1
		rc_n=$((rc_n + 1))
	done
	return 1
}

# rc_answer CC [DFS [RULES]]: send SET_REG for CC with the rules above
# (or the given ones), as crda would; prints nlcraft's report.
rc_answer() {
	# shellcheck disable=SC2046
	nlcraft --family regcore SET_REG alpha2="$1" dfs_region="${2:-$(rc_dfs "$1")}" \
		$(echo "${3:-$(rc_rules "$1")}")
}

# rc_set CC: the whole round trip without crda: user hint, wait for the
# request, answer it. Fails if any step fails.
rc_set() {
	regctl set "$1" >/dev/null && rc_pending "$1" && rc_answer "$1" >/dev/null
}

# rc_alpha2 [FAMILY]: the alpha2 of the domain in force: the country line
# after "global" in regctl get's text (as iw reg get prints it). Many
# loops call it: the text costs half what its JSON through jq costs under
# KASAN and TCG.
rc_alpha2() {
	regctl --family "${1:-regcore}" get |
		awk 'prev == "global" && /^country / { print substr($2, 1, 2); exit } { prev = $0 }'
}

# rc_channels PHY [FAMILY] [FULL]: one line per channel of bands 2.4, 5,
# 6 GHz and S1G: "FREQ POWER FLAGS" (POWER in mBm; a disabled channel
# shows "FREQ disabled"; FREQ in MHz, "902.500" for a channel with a kHz
# offset). By default only the flags regulation decides are
# listed (no_ir, radar, indoor_only, no_ofdm is not reported by nl80211,
# no_ht40_minus, no_ht40_plus, no_80mhz, no_160mhz) and "cac=MS" for
# radar channels; with FULL every flag attribute is listed.
rc_channels() {
	regctl --family "${2:-regcore}" --json phy "$1" |
		jq -r --arg full "${3:-}" "$RC_CHANNELS_JQ"
}
# RC_CHANNELS_JQ: rc_channels' jq program, on one wiphy's JSON; $full as
# rc_channels' FULL. A program that prefixes each line (several files in
# one jq, say) can reuse it.
RC_CHANNELS_JQ='
	.wiphys[0].bands[] |
	select(.band == 0 or .band == 1 or .band == 3 or .band == 4) |
	.channels[] |
	"\(.freq_mhz)\(if .freq_offset_khz then ".\(1000 + .freq_offset_khz | tostring | .[1:])" else "" end)" as $mhz |
	if .disabled then "\($mhz) disabled" else
	[.flags[] | select($full != "" or
		(. == "no_ir" or . == "radar" or . == "indoor_only" or
		 . == "no_ht40_minus" or . == "no_ht40_plus" or
		 . == "no_80mhz" or . == "no_160mhz"))] as $f |
	"\($mhz) \(.max_tx_power_mbm)" +
	(if ($f | length) > 0 then " " + ($f | join(",")) else "" end) +
	(if .dfs_cac_ms then " cac=\(.dfs_cac_ms)" else "" end)
	end'


# rc_chan PHY FREQ [FAMILY]: the line of one channel from rc_channels
rc_chan() {
	rc_channels "$1" "${3:-regcore}" | grep "^$2 "
}

# rc_no_ir PHY FREQ [FAMILY]: the channel is NO_IR
rc_no_ir() {
	rc_chan "$1" "$2" "${3:-regcore}" | grep -qw no_ir
}
# rc_ir PHY FREQ [FAMILY]: the channel is enabled and not NO_IR
rc_ir() {
	rc_chan "$1" "$2" "${3:-regcore}" | grep -v disabled | grep -q . &&
		! rc_no_ir "$@"
}

# rc_notified RADIO: how often regsim's radio RADIO's notifier ran
rc_notified() {
	cut -d' ' -f$(($1 + 1)) /sys/module/regsim/parameters/notified
}

# rc_table PHY: the radio's channels as regctl phy prints them, less the
# DFS state lines (they count the seconds since the last change).
rc_table() {
	regctl phy "$1" | grep -v 'DFS state:'
}

# rc_ref CC [PHY]: keep PHY's (default rphy0) channel table in rc_ref_CC:
# the table every radio must have while CC is in force. Take it right
# after a clean change to CC.
rc_ref() {
	eval "rc_ref_$1=\$(rc_table \"\${2:-rphy0}\")"
}

# rc_consistent CC: CC is the domain in force and every radio has the
# table rc_ref recorded for CC (nothing half-applied); prints what differs.
rc_consistent() {
	rc_got=$(rc_alpha2)
	[ "$rc_got" = "$1" ] || { echo "domain in force: $rc_got, expected $1"; return 1; }
	rc_want=
	eval "rc_want=\$rc_ref_$1"
	# every radio's table from one regctl phy: "Wiphy NAME", its table
	regctl phy | grep -v 'DFS state:' >/tmp/rc-all
	for rc_phy in $(sed -n 's/^Wiphy //p' /tmp/rc-all); do
		case " ${RC_EXCEPT:-} " in *" $rc_phy "*) continue ;; esac
		rc_tab=$(awk -v p="$rc_phy" '/^Wiphy / { on = ($2 == p); next } on' /tmp/rc-all)
		[ "$rc_tab" = "$rc_want" ] && continue
		echo "$rc_phy's channels are not those of $1:"
		printf '%s\n' "$rc_want" >/tmp/rc-want
		printf '%s\n' "$rc_tab" | diff /tmp/rc-want - | head -n 20
		return 1
	done
}

# rc_consistent_except "PHY..." CC: rc_consistent CC for every radio but
# those named (self-managed radios, say, which follow their own domain)
rc_consistent_except() {
	RC_EXCEPT=$1
	rc_consistent "$2"
	rc_rc=$?
	RC_EXCEPT=
	return $rc_rc
}

# rc_cfg80211_fresh WHAT: compare WHAT side by side with Debian's
# cfg80211: reload it with one mac80211_hwsim radio and answer its world
# request (from regcore.sh's tables, as crda would), then return 0. On the
# debug kernel, or with /lib/firmware/regulatory.db (which cfg80211 would
# read instead of asking), report WHAT skipped and return 1.
rc_cfg80211_fresh() {
	if is_debug || [ -e /lib/firmware/regulatory.db ]; then
		skip "$1 side by side with cfg80211" "cfg80211 is compared on Debian's kernels, without /lib/firmware/regulatory.db"
		return 1
	fi
	/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
	rc_serve_reset
	check "mac80211_hwsim loads" modprobe mac80211_hwsim radios=1
	rc_serve nl80211 >/dev/null
	check "cfg80211 has the world in force" wait_until 10 rc_alpha2_is 00 nl80211
}

# rc_newest: the name of the radio registered last
rc_newest() {
	regctl --json phy | jq -r '.wiphys | max_by(.index) | .name'
}

# rc_alpha2_is CC [FAMILY]: is CC the domain in force?
rc_alpha2_is() {
	[ "$(rc_alpha2 "${2:-}")" = "$1" ]
}

# rc_wait_alpha2 CC [SECONDS]: wait (10 s at most by default) until CC is
# the domain in force; when it is not, prints the syslog lines since
# syslog_mark (crda's view of why).
rc_wait_alpha2() {
	wait_until "${2:-10}" rc_alpha2_is "$1" && return 0
	echo "syslog since the step began:"
	syslog_since | sed 's/^/  /'
	return 1
}

# rc_is_pending: true when a request waits for its answer. The probe is an
# answer for ZZ, refused either way; the kernel's reason (extack) says
# whether a request was pending. It costs one rate-limited kernel line.
rc_is_pending() {
	rc_answer ZZ 0 "$RC_00_RULES" 2>&1 | grep -q '^extack: .*does not answer the pending request'
}

# rc_uevents: the regcore uevents udevd has handled, "COUNTRY=XX" each.
rc_uevents() {
	udev_settle
	sed -n 's/^regcore\.0 //p' "$RC_UDEV_LOG"
}
rc_uevents_clear() {
	rc_serve_reset
}

# rc_check NAME CMD [ARGS...]: like check, and RC_LOG holds the kernel log
# lines written while CMD ran (for expectations on what it logged).
rc_check() {
	rc_name=$1
	shift
	dmesg_mark
	REGVM_OUT=$("$@" 2>&1)
	rc_rc=$?
	RC_LOG=$(dmesg_since)
	if [ $rc_rc -eq 0 ]; then
		ok "$rc_name"
	else
		not_ok "$rc_name" "command: $*" "expected: exit status 0" \
			"got: exit status $rc_rc" "$(_evidence "output:" "$REGVM_OUT")"
	fi
	return $rc_rc
}

# rc_serve FAMILY [SECONDS]: answer every request of FAMILY's device
# (regcore: regcore.0; nl80211: cfg80211's regulatory.0) that udevd saw
# and that was not served yet, as crda would, until none comes for SECONDS
# (default 1): a country of the tables above gets its rules; any other
# gets DE's rules under its own alpha2. Prints the countries answered.
# rc_serve_reset forgets every uevent seen so far.
rc_serve() {
	rc_dev=regcore.0
	[ "$1" = nl80211 ] && rc_dev=regulatory.0
	rc_state=/run/rc-served.$rc_dev
	rc_seen=$(cat "$rc_state" 2>/dev/null || echo 0)
	rc_served=
	rc_quiet_since=$(rc_now)
	while :; do
		rc_count=$(grep -c "^$rc_dev " "$RC_UDEV_LOG")
		if [ "$rc_count" -le "$rc_seen" ]; then
			# quiet for long enough: make sure udevd is not sitting on
			# an event, then stop
			if [ "$(rc_elapsed "$rc_quiet_since")" -ge "${2:-1}" ]; then
				udev_settle
				[ "$(grep -c "^$rc_dev " "$RC_UDEV_LOG")" -le "$rc_seen" ] && break
			fi
			sleep 0.1
			continue
		fi
		rc_seen=$((rc_seen + 1))
		echo "$rc_seen" >"$rc_state"
		rc_cc=$(grep "^$rc_dev " "$RC_UDEV_LOG" | sed -n "${rc_seen}s/.*COUNTRY=//p")
		rc_r=$(rc_rules "$rc_cc")
		rc_d=$(rc_dfs "$rc_cc")
		# shellcheck disable=SC2046
		nlcraft --family "$1" SET_REG alpha2="$rc_cc" dfs_region="${rc_d:-$RC_DE_DFS}" \
			$(echo "${rc_r:-$RC_DE_RULES}") >/dev/null 2>&1
		rc_served="$rc_served $rc_cc"
		rc_quiet_since=$(rc_now)
	done
	echo "${rc_served# }"
}
# rc_now: seconds since boot; rc_elapsed T: whole seconds since T
rc_now() {
	cut -d' ' -f1 /proc/uptime
}
rc_elapsed() {
	echo "$(rc_now) $1" | awk '{ printf "%d", $1 - $2 }'
}
rc_serve_reset() {
	udev_settle
	: >"$RC_UDEV_LOG"
	rm -f /run/rc-served.*
}

# monitor_start NAME [FAMILY]: regctl monitor (text and JSON) into
# /tmp/NAME.txt and /tmp/NAME.json until monitor_stop (a second for them
# to join the multicast group: nothing tells when they have). Their PIDs
# are in mon_pids, for a group's EXIT trap to kill.
mon_pids=
monitor_start() {
	regctl --family "${2:-regcore}" monitor >"/tmp/$1.txt" 2>&1 &
	mon_pids="$mon_pids $!"
	regctl --family "${2:-regcore}" --json monitor >"/tmp/$1.json" 2>&1 &
	mon_pids="$mon_pids $!"
	sleep 1
}
monitor_stop() {
	sleep 0.5
	# shellcheck disable=SC2086
	kill $mon_pids 2>/dev/null
	# shellcheck disable=SC2086
	wait $mon_pids 2>/dev/null
	mon_pids=
}
