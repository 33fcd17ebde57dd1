# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# sidebyside.sh: helpers of the groups that run one scenario on the
# kernel's cfg80211 (mac80211_hwsim) and on regcore (regsim) in the same
# VM and compare them; sourced after lib.sh and regcore.sh:
#
#	. /regvm/lib.sh
#	. /regvm/regcore.sh
#	. /regvm/sidebyside.sh
#
# Both sides' requests are answered by rc_serve (crda masked), the same
# rules on both.

# cfg80211 waits a fixed 3142 ms for an answer, then restores its
# settings and asks again (crda_timeout_work); it says so, and which
# country it asks userspace for, only at debug level. Have reg.c say so,
# in a cfg80211 loaded from now on and in one already loaded: the kernel
# log (a failed test's evidence) then shows cfg80211's requests, and
# cfg_timeouts can tell such a run apart. Debug lines stay off the
# console.
SBS_TIMEOUT_LINE='Timeout while waiting for CRDA to reply'
echo 'options cfg80211 dyndbg="file reg.c +p"' >/etc/modprobe.d/regvm-cfg80211-debug.conf
echo 'file reg.c +p' >/proc/dynamic_debug/control 2>/dev/null || :

# cfg_timeouts: how many times cfg80211 gave up waiting since the last
# test result
cfg_timeouts() {
	dmesg_since | grep -c "$SBS_TIMEOUT_LINE"
}

# expect_same_requests NAME SERVED: both sides asked for the same
# countries (SERVED as serve_end and serve_both print it). When cfg80211
# gave up waiting (a busy host answers a scripted request later than its
# 3142 ms; regcore's tests give it 60 s) its restore asks for the world
# and the user's country again, and the two lists no longer compare: the
# test is skipped then, with both lists in the reason.
expect_same_requests() {
	local timeouts
	timeouts=$(cfg_timeouts)
	if [ "$timeouts" -gt 0 ] && [ "${2%%/*}" != "${2#*/ }" ]; then
		skip "$1" "cfg80211 gave up waiting for an answer $timeouts time(s), then asked again: it asked for ${2%%/*}, regcore for ${2#*/ }"
		return 0
	fi
	expect_eq "$1" "${2%%/*}" "${2#*/ }"
}

# tables FAMILY: every radio's table, radio by radio in the order they were
# registered (cfg80211 lists the newest first), names left out
tables() {
	regctl --family "$1" --json phy | jq -r '
		.wiphys | sort_by(.index)[] | "radio",
		(.bands[] | select(.band == 0 or .band == 1 or .band == 3) |
		 .channels[] |
		 "\(.freq_mhz) \(if .disabled then "disabled" else .max_tx_power_mbm end) \(.flags | join(",")) \(.dfs_cac_ms // "") \(.psd_dbm_mhz // "")")'
}

# compare STEP: both sides' tables are the same
compare() {
	cfg=$(tables nl80211)
	rc=$(tables regcore)
	if [ -n "$cfg" ] && [ "$cfg" = "$rc" ]; then
		ok "$1: every channel of every radio is the same as on cfg80211"
	else
		not_ok "$1: every channel of every radio is the same as on cfg80211" \
			"$(_evidence "differences (< cfg80211, > regcore):" \
			"$(printf '%s\n' "$cfg" >/tmp/cfg.t; printf '%s\n' "$rc" >/tmp/rc.t; diff /tmp/cfg.t /tmp/rc.t)")"
	fi
}

# hint_both CC: the same user hint on both sides
hint_both() {
	iw reg set "$1" && regctl set "$1"
}

# serve_both: answer both sides' requests at the same time; prints what
# each asked for, repeats left out ("cfg80211: ... / regcore: ...")
serve_both() {
	rc_serve nl80211 >/tmp/served.nl80211 &
	serve_pid=$!
	rc_serve regcore >/tmp/served.regcore
	wait "$serve_pid"
	echo "$(tr ' ' '\n' </tmp/served.nl80211 | uniq | tr '\n' ' ')/ $(tr ' ' '\n' </tmp/served.regcore | uniq | tr '\n' ' ')"
}

# serve_begin: answer cfg80211's requests from now on, in the background,
# while the rest loads: cfg80211 asks as soon as it loads and gives up
# after its fixed 3142 ms, then asks again; on a busy host loading the
# other modules takes longer than that (seen: 8 s, and cfg80211 asked for
# 00 and DE twice). serve_end answers regcore's requests, stops the
# background server once cfg80211 is quiet too, and prints what each
# side asked for as serve_both does.
serve_begin() {
	rm -f /tmp/serve.stop
	: >/tmp/served.nl80211
	: >/tmp/served.regcore
	(
		while [ ! -e /tmp/serve.stop ]; do
			got=$(rc_serve nl80211)
			[ -z "$got" ] || printf '%s ' "$got" >>/tmp/served.nl80211
		done
	) &
	serve_pid=$!
}
serve_end() {
	serve_regcore
	touch /tmp/serve.stop
	wait "$serve_pid"
	got=$(rc_serve nl80211)
	[ -z "$got" ] || printf '%s ' "$got" >>/tmp/served.nl80211
	echo "$(tr ' ' '\n' </tmp/served.nl80211 | grep . | uniq | tr '\n' ' ')/ $(tr ' ' '\n' </tmp/served.regcore | grep . | uniq | tr '\n' ' ')"
}

# serve_regcore: answer regcore's requests until it is quiet, noting
# them for serve_end.
serve_regcore() {
	printf '%s ' "$(rc_serve regcore)" >>/tmp/served.regcore
}
# in_force FAMILY CC: is CC the domain in force on that side?
in_force() {
	[ "$(rc_alpha2 "$1")" = "$2" ]
}
