#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The demo (make demo), run in the test VM as group 95-demo: a country
# change told step by step. Every line of the transcript is a TAP comment
# (diag); the few checks along the way are tests, so a demo that goes wrong
# says so.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
trap 'rc_unload' EXIT

say() { diag "$*"; }
step() {
	diag ""
	diag "=== $*"
}
# run CMD...: show the command and its output
run() {
	diag "\$ $*"
	"$@" 2>&1 | sed 's/^/    /' | while IFS= read -r line; do diag "$line"; done
}
# runsh 'PIPELINE': the same for a shell pipeline, shown as written
runsh() {
	diag "\$ $1"
	sh -c "$1" 2>&1 | sed 's/^/    /' | while IFS= read -r line; do diag "$line"; done
}
# table PHY: "channel|MHz|what is allowed" for 2.4 and 5 GHz, readable
table() {
	regctl --json phy "$1" | jq -r '
		.wiphys[0].bands[] | select(.band == 0 or .band == 1) | .channels[] |
		"\(.channel)|\(.freq_mhz)|" +
		(if .disabled then "disabled" else
		 "\(.max_tx_power_mbm / 100 | floor)dBm " +
		 ([.flags[] | select(. == "no_ir" or . == "radar" or . == "indoor_only") |
		   {"no_ir": "no-IR", "radar": "DFS", "indoor_only": "indoor"}[.]] | join(",")) +
		 (if .dfs_cac_ms then " (CAC \(.dfs_cac_ms / 1000 | floor) s)" else "" end)
		 end)'
}

step "1. The module loads. Until crda answers, the built-in world domain is in force."
rc_mark
syslog_mark
run modprobe regcore
rc_wait_log 'regulatory domain 00 .* in force' || true
runsh "dmesg | grep -E 'regcore: (loaded|core hint|regulatory domain)'"
say "(at load regcore asked userspace for the world domain: udev ran crda, which"
say " answered with the database's \"country 00\" entry)"
runsh "grep crda /var/log/messages"

step "2. A radio registers: regsim, with mac80211_hwsim's channels."
run modprobe regsim radios=1
runsh "dmesg | grep -E 'regcore: radio|regsim: radio' | tail -2"
run regctl get
before=$(table rphy0)

step "3. The administrator sets the country: regctl set DE."
rc_mark
syslog_mark
rc_uevents_clear
run regctl set DE
wait_until 10 sh -c "regctl --json get | jq -e '.domains[0].alpha2 == \"DE\"'" >/dev/null
say "What happened, in order:"
say " - the kernel queued the user's hint and asked userspace with a uevent:"
runsh "dmesg | grep -E 'regcore: user hint'"
say " - udevd saw the uevent of regcore.0 (COUNTRY=DE) and ran crda --family regcore:"
runsh "cat $RC_UDEV_LOG   # written by a test udev rule"
say " - crda verified the signed database, looked DE up and answered (syslog):"
runsh "grep crda /var/log/messages | tail -n 1"
say " - the kernel checked every rule, installed DE and recomputed the radio:"
runsh "dmesg | grep -E 'regcore: regulatory domain DE'"
expect_eq "DE is in force" DE "$(rc_alpha2)"

step "4. The domain in force (regctl get, the same text iw reg get prints):"
run regctl get

step "5. The radio's channels, before (world) and after (DE):"
after=$(table rphy0)
echo "$before" >/tmp/demo.before
echo "$after" >/tmp/demo.after
say "  chan   MHz   world                      DE"
awk -F'|' 'NR == FNR { before[FNR] = $3; next }
	{
		b = before[FNR]; a = $3; mark = ""
		if (b ~ /disabled|no-IR/ && a !~ /disabled|no-IR/) mark = "  <- usable now"
		else if (b !~ /disabled/ && a ~ /disabled/) mark = "  <- no longer allowed"
		if (a ~ /DFS/) mark = mark " (radar detection first)"
		printf "  %4s  %5s   %-26s %-30s%s\n", $1, $2, b, a, mark
	}' /tmp/demo.before /tmp/demo.after | while IFS= read -r line; do diag "$line"; done
expect_eq "channel 36 became usable indoors at 23 dBm" "36|5180|23dBm indoor" \
	"$(grep '^36|' /tmp/demo.after)"
say ""
say "Every change took the same path: kernel -> uevent -> udev -> crda -> the"
say "signed database -> NL80211_CMD_SET_REG -> validation -> the radios."
