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
# settings (crda_timeout_work), which asks for the world and its
# ieee80211_regdom country again; it says so, and which country it asks
# userspace for (call_crda), only at debug level. Those two functions'
# lines are turned on, in a cfg80211 loaded from now on (modprobe.d; the
# groups' sbs_end removes it) and in one already loaded: a failed
# comparison's evidence then shows cfg80211's requests, and cfg_timeouts
# counts its timeouts. Debug lines stay off the console.
SBS_TIMEOUT_LINE='Timeout while waiting for CRDA to reply'
SBS_DYNDBG_CONF=/etc/modprobe.d/regvm-cfg80211-debug.conf

# sbs_begin: turn those lines on; a group calls it once its EXIT trap
# runs sbs_end, which turns them off for the groups after it
sbs_begin() {
	echo 'options cfg80211 dyndbg="func call_crda +p; func crda_timeout_work +p"' >"$SBS_DYNDBG_CONF"
	echo 'module cfg80211 func call_crda +p; module cfg80211 func crda_timeout_work +p' \
		>/proc/dynamic_debug/control 2>/dev/null || :
}
sbs_end() {
	rm -f "$SBS_DYNDBG_CONF"
	echo 'module cfg80211 func call_crda -p; module cfg80211 func crda_timeout_work -p' \
		>/proc/dynamic_debug/control 2>/dev/null || :
}

# cfg_timeouts: how many times cfg80211 gave up waiting since rc_mark
# (serve_begin and hint_both set it)
cfg_timeouts() {
	rc_log | grep -c "$SBS_TIMEOUT_LINE"
}

# cfg_requests: cfg80211's requests and timeouts since rc_mark, and what
# udevd saw of both sides (a failed comparison's evidence)
cfg_requests() {
	rc_log | grep -E 'cfg80211: (Calling CRDA|Timeout while)'
	echo "udev log:"
	cat "$RC_UDEV_LOG"
}

# cfg_called: the countries cfg80211 asked userspace for since rc_mark, in
# the order its call_crda logged them, repeats left out (as serve_end
# lists them)
cfg_called() {
	rc_log | sed -n -e 's/.*cfg80211: Calling CRDA to update world regulatory domain.*/00/p' \
		-e 's/.*cfg80211: Calling CRDA for country: \(..\).*/\1/p' |
		uniq | tr '\n' ' '
}

# expect_same_requests NAME SERVED [EXTRA...]: both sides asked for the
# same countries (SERVED as serve_end and serve_both give it: "cfg80211's
# / regcore's"). When cfg80211 gave up waiting (a busy host answering
# later than its 3142 ms; regcore's tests give it 60 s), or restored
# after failing to load regulatory.db, its restores
# add requests for the world and its ieee80211_regdom country (EXTRA),
# and ask again for the requests it put back in its queue: then regcore's
# list must be cfg80211's with only such requests left out.
expect_same_requests() {
	local name="$1" cfg="${2%%/*}" rc="${2#*/ }" timeouts restores left c seen=" "
	shift 2
	timeouts=$(cfg_timeouts)
	# A cfg80211 loaded in the step fails to load regulatory.db, and
	# regdb_fw_cb()'s restore asks for the world and its
	# ieee80211_regdom country again, when the firmware loader calls
	# back: its own call_crda lines were seen as "DE 00 DE" (6.1 and
	# 6.12, ieee80211_regdom=de), regcore's "00 DE". Such restores are
	# judged as the timeouts' below.
	restores=$(rc_log | grep -c 'cfg80211: failed to load regulatory.db')
	if { [ "$timeouts" -eq 0 ] && [ "$restores" -eq 0 ]; } || [ "$cfg" = "$rc" ]; then
		if [ "$cfg" = "$rc" ]; then
			ok "$name"
		else
			not_ok "$name" "$(_evidence "expected (cfg80211's, as udevd logged them):" "$cfg")" \
				"$(_evidence "got (regcore's):" "$rc")" \
				"$(_evidence "cfg80211's call_crda lines, in the kernel's order:" "$(cfg_called)")" \
				"$(_evidence "cfg80211's requests since the step began:" "$(cfg_requests)")"
		fi
		return
	fi
	# walk cfg80211's list: each request is regcore's next one, or one a
	# restore adds
	left=$rc
	for c in $cfg; do
		if [ "$c" = "${left%% *}" ]; then
			left=${left#"$c"}
			left=${left# }
		elif [ "$c" = 00 ] || { [ $# -gt 0 ] && printf '%s\n' "$@" | grep -qx "$c"; }; then
			:
		elif [ -z "${seen##* "$c" *}" ]; then
			:	# asked again after a restore
		else
			left="unexplained $c; $left"
			break
		fi
		seen="$seen$c "
	done
	if [ -z "${left% }" ]; then
		ok "$name"
		diag "$name: cfg80211 gave up waiting $timeouts time(s) and restored $restores time(s) after failing to load regulatory.db; its list ($cfg) is regcore's ($rc) and its restores' requests"
	else
		not_ok "$name" "cfg80211 gave up waiting $timeouts time(s) and restored $restores time(s): expected regcore's list ($rc) within cfg80211's ($cfg), with only 00 and ${*:-nothing else} besides" \
			"$(_evidence "cfg80211's call_crda lines, in the kernel's order:" "$(cfg_called)")" \
			"$(_evidence "left over: " "$left")" \
			"$(_evidence "cfg80211's requests since the step began:" "$(cfg_requests)")"
	fi
}

# tables FAMILY: every radio's table, radio by radio in the order they were
# registered (cfg80211 lists the newest first), names left out
tables() {
	regctl --family "$1" --json phy | jq -r '
		.wiphys | sort_by(.index)[] | "radio",
		(.bands[] |
		 select(.band == 0 or .band == 1 or .band == 3 or .band == 4) |
		 .channels[] |
		 "\(.freq_mhz)\(if .freq_offset_khz then ".\(1000 + .freq_offset_khz | tostring | .[1:])" else "" end) \(if .disabled then "disabled" else .max_tx_power_mbm end) \(.flags | join(",")) \(.dfs_cac_ms // "") \(.psd_dbm_mhz // "")")'
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
	rc_mark
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
# background server once cfg80211 is quiet too, and puts what each side
# asked for in $served as serve_both prints it. serve_end must run in the
# shell that ran serve_begin (never in $(...): a subshell cannot wait for
# its parent's job, and a server left running would answer the next
# step's requests and note them in its list).
serve_begin() {
	rc_mark
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
	# shellcheck disable=SC2034 # the group reads it
	served="$(tr ' ' '\n' </tmp/served.nl80211 | grep . | uniq | tr '\n' ' ')/ $(tr ' ' '\n' </tmp/served.regcore | grep . | uniq | tr '\n' ' ')"
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
