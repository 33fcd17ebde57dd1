#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Self-managed radios (REGCORE_REG_WIPHY_SELF_MANAGED, selfmanaged.c): the
# radio's firmware decides its domain, its driver gives it with
# regcore_set_wiphy_regd() or regcore_set_wiphy_regd_sync(), and no hint
# changes it. regcore alone, on every kernel (the debug kernel's lockdep
# checks the _sync calls from the notifier and under regcore_wiphy_lock()).
# Nothing to compare side by side: mac80211_hwsim has no self-managed
# radio. The expectations come from cfg80211's reg.c and nl80211.c (6.1
# and 6.12 agree on these): wiphy_regulatory_register() (the notifier
# hears a user's request in force; beacon hints and country elements off),
# reg_process_self_managed_hint() and handle_channel_custom() (the
# channels follow the driver's domain alone; NL80211_CMD_WIPHY_REG_CHANGE
# by a driver on that radio), notify_self_managed_wiphys() (every user
# hint reaches the notifier before it is decided), ignore_reg_update() and
# restore_regulatory_settings() (nothing else touches the radio),
# nl80211_get_reg_dump() and nl80211_send_regdom() (the radio's domain
# in GET_REG's dump with NL80211_ATTR_WIPHY_SELF_MANAGED_REG).
#
# regsim's self-managed radios have a "firmware" that gives hwsim's second
# custom domain's rules under any country's alpha2, DFS region ETSI, and
# answers each user hint from the radio's notifier.
#
# One difference from cfg80211, by design: a driver hint from a
# self-managed radio is refused (-EINVAL). cfg80211 queues it, and its
# answer then bounces off the radio's own domain (6.1) or replaces it
# (6.7 and later), undoing what the firmware decided.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'kill $mon_pids 2>/dev/null; rc_unload; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters
mon_pids=

# own PHY: the country line of PHY's own domain in regctl get, with the
# line above it ("phy#N (self-managed)" as iw reg get prints it)
own() {
	regctl get | grep -A1 "^phy#${1#rphy}\( \|$\)" | tr '\n' '|'
}
# is_own PHY CC: PHY's own domain is CC, self-managed, DFS-ETSI
is_own() {
	[ "$(own "$1")" = "phy#${1#rphy} (self-managed)|country $2: DFS-ETSI|" ]
}
# fw_table_ok PHY [AU]: PHY's channels are those of regsim's firmware, as
# rc_channels lists them. For any country but AU, hwsim's second custom
# domain: 20 dBm at 2412-2462 (channels 12 to 14 do not fit 2402-2472 at
# 20 MHz), 30 dBm and NO_IR at 5745-5845 (5715-5860), 33 dBm at
# 5865-5925, nothing else. For AU, rules of regsim's own: 20 dBm at
# 2412-2472 (2402-2482), 23 dBm at 5180-5240, 30 dBm at 5745-5825, no
# NO_IR.
# Neither has radar; HT40 needs a neighbour 20 MHz away.
fw_table_ok() {
	rc_channels "$1" >/tmp/sm-table && [ -s /tmp/sm-table ] || return 1
	if [ "${2:-}" = AU ]; then
		lines='2412 2000|2462 2000|2467 2000|2472 2000|2484 disabled|5180 2300|5240 2300|5260 disabled|5500 disabled|5745 3000|5825 3000|5845 disabled|5865 disabled|5925 disabled|5955 disabled'
		no_ir_re='.'
	else
		lines='2412 2000|2462 2000|2467 disabled|2484 disabled|5180 disabled|5260 disabled|5500 disabled|5745 3000 no_ir|5845 3000 no_ir|5865 3300|5925 3300|5955 disabled'
		no_ir_re='^58[67]\|^59[0-2]'
	fi
	old_ifs=$IFS
	IFS='|'
	for want in $lines; do
		grep -q "^$want\( \|,\|\$\)" /tmp/sm-table && continue
		IFS=$old_ifs
		echo "expected '$want'; $1's channels:"
		cat /tmp/sm-table
		return 1
	done
	IFS=$old_ifs
	if grep -q 'radar' /tmp/sm-table || grep "$no_ir_re" /tmp/sm-table | grep -q no_ir; then
		echo "a channel is radar, or NO_IR where the rules have none:"
		cat /tmp/sm-table
		return 1
	fi
	# HT40: 2412 has no neighbour below, 2462 none above inside the rules
	grep '^2412 ' /tmp/sm-table | grep -q 'no_ht40_minus' &&
		! grep '^2412 ' /tmp/sm-table | grep -q 'no_ht40_plus' &&
		grep '^2462 ' /tmp/sm-table | grep -q 'no_ht40_plus' ||
		{ echo "HT40 flags:"; grep '^2412 \|^2462 ' /tmp/sm-table; return 1; }
}
# not_listed N: regctl get works and lists no domain of phy#N
not_listed() {
	got=$(regctl get) || return 1
	! printf '%s\n' "$got" | grep -q "^phy#$1 "
}
# none_disabled PHY: PHY has channels and none is disabled
none_disabled() {
	got=$(rc_channels "$1") && [ -n "$got" ] || return 1
	! printf '%s\n' "$got" | grep -q disabled
}
# no_ir PHY FREQ: the channel is NO_IR; not CMD...: CMD fails
no_ir() {
	rc_chan "$1" "$2" | grep -qw no_ir
}
not() {
	! "$@"
}
# newest: the index of the newest radio
newest() {
	regctl --json phy | jq -r '.wiphys | max_by(.index) | .index'
}
rc_serve_reset
rc_load crda_timeout_ms=60000
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads one radio" modprobe regsim radios=1
rc_ref 00

# --- a self-managed radio whose firmware has said nothing yet (no user
# hint in force to pass on either)
check "a self-managed radio without a domain registers" \
	sh -c "echo 'add selfmanaged' >$P/spare"
n=$(newest)
check "GET_REG's dump leaves it out" not_listed "$n"
check "GET_REG for it answers ENODATA" nlcraft --expect ENODATA GET_REG wiphy="$n"
check "its channels are as its driver registered them: none disabled" \
	none_disabled "rphy$n"
check "it unregisters" sh -c "echo del >$P/spare"

# --- a self-managed radio whose firmware gave JP before registration
monitor_start sm1
check "a self-managed radio whose firmware says JP registers" \
	sh -c "echo 'add selfmanaged JP' >$P/spare"
monitor_stop
n=$(newest)
sm1=rphy$n
check "regctl get lists it as iw does: phy#$n (self-managed), JP" is_own $sm1 JP
check "its channels follow its firmware's domain alone" fw_table_ok $sm1
check "the other radio still follows the world" rc_consistent_except $sm1 00
expect_eq "NL80211_CMD_WIPHY_REG_CHANGE: JP by a driver on phy$n, as iw event prints it" \
	"phy #$n: regulatory domain change (phy): set to JP by a driver request on phy$n" \
	"$(cat /tmp/sm1.txt)"
expect_match "regctl --json monitor: a wiphy_reg_change, self-managed" \
	'"event":"wiphy_reg_change".*"self_managed":true' "$(cat /tmp/sm1.json)"
expect_match "GET_REG's dump has it with NL80211_ATTR_WIPHY_SELF_MANAGED_REG" \
	"\"scope\":\"wiphy\",\"wiphy\":$n,\"self_managed\":true,\"alpha2\":\"JP\"" \
	"$(regctl --json get)"
doit=$(nlcraft GET_REG wiphy=$n 2>&1)
expect_match "GET_REG for phy $n answers its JP" 'REG_ALPHA2.*JP' "$doit"
# nl80211_get_reg_do() puts only NL80211_ATTR_WIPHY; the flag is the
# dump's (nl80211_send_regdom())
expect_no_match "... without NL80211_ATTR_WIPHY_SELF_MANAGED_REG, as nl80211's doit" \
	'SELF_MANAGED_REG' "$doit"
# the world is in force: a beacon lifts NO_IR on world-roaming radios, but
# registration turned beacon hints off for the self-managed one
check "the world domain has rphy0's 5745 MHz NO_IR" no_ir rphy0 5745
check "a beacon at 5745 MHz on the other radio is accepted" \
	sh -c "echo '0 5745' >$P/beacon"
check "5745 MHz loses NO_IR on the radio regcore manages" \
	wait_until 10 not no_ir rphy0 5745
check "the self-managed radio's 5745 MHz keeps its firmware's NO_IR" \
	fw_table_ok $sm1

# --- a user hint: the firmware hears it (from the notifier, under
# regcore's lock) before regcore decides anything
n1=$(rc_notified 1)	# regsim's radio 1: the first spare left, $sm1
rc_mark
check "a user's DE is accepted" regctl set DE
check "regcore asks userspace for DE" rc_pending DE
check "before DE is answered, the firmware has given the radio DE" \
	wait_until 10 is_own $sm1 DE
expect_eq "the self-managed radio's notifier ran once, for the user hint" \
	$((n1 + 1)) "$(rc_notified 1)"
check "the self-managed radio's channels are still its firmware's" fw_table_ok $sm1
expect_eq "regcore's DE is answered" DE "$(rc_serve regcore)"
rc_ref DE rphy0
check "the radio regcore manages follows DE" rc_consistent_except $sm1 DE
check "the self-managed radio's channels do not follow DE" fw_table_ok $sm1
expect_eq "its notifier did not run for DE's installation" \
	$((n1 + 1)) "$(rc_notified 1)"

# --- a self-managed radio registered while the user's DE is in force
check "a second self-managed radio registers, its firmware silent" \
	sh -c "echo 'add selfmanaged' >$P/spare"
sm2=rphy$(newest)
check "its notifier heard the user's DE at registration; its firmware gave DE" \
	is_own $sm2 DE
expect_eq "its notifier ran once" 1 "$(rc_notified 2)"
check "its channels follow its firmware's domain" fw_table_ok $sm2

# --- the driver gives domains: through the worker, and at once
check "the firmware of radio 1 gives AU (regcore_set_wiphy_regd)" \
	sh -c "echo '1 AU' >$P/self_regd"
check "the worker applies AU" wait_until 10 is_own $sm1 AU
check "radio 1's channels follow its firmware's AU" fw_table_ok $sm1 AU
expect_eq "radio 1's notifier did not run for its driver's AU" \
	$((n1 + 1)) "$(rc_notified 1)"
check "the firmware of radio 2 gives NZ under regcore's lock (_sync)" \
	sh -c "echo '2 NZ sync' >$P/self_regd"
check "NZ is in force on radio 2 when the call returns" is_own $sm2 NZ
check_fails "a domain for a radio that is not self-managed is refused" \
	sh -c "echo '0 AU' >$P/self_regd"
check "DE stays in force, untouched" rc_consistent_except "$sm1 $sm2" DE

# --- a radio whose notifier also hears its driver's domains (6.12's
# WIPHY_FLAG_NOTIFY_REGDOM_BY_DRIVER; regcore has the flag on every kernel)
check "a self-managed radio with REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER registers" \
	sh -c "echo 'add selfmanaged notifybydriver' >$P/spare"
sm3=rphy$(newest)
check "its firmware gave it the user's DE" is_own $sm3 DE
expect_eq "its notifier ran twice: the user's DE, then its driver's DE" \
	2 "$(rc_notified 3)"
check "its firmware gives AU" sh -c "echo '3 AU' >$P/self_regd"
check "the worker applies AU" wait_until 10 is_own $sm3 AU
expect_eq "its notifier ran once more, for its driver's AU" 3 "$(rc_notified 3)"
check "it unregisters" sh -c "echo del >$P/spare"

# --- nothing else changes a self-managed radio
dmesg_mark
check_fails "a driver hint from a self-managed radio is refused" \
	sh -c "echo '1 US' >$P/hint"
expect_match "regcore says why" \
	"refused driver hint from $sm1: a self-managed radio gives its domain with regcore_set_wiphy_regd" \
	"$(dmesg | tail -n 20)"
check "a country element on the self-managed radio is accepted and dropped" \
	sh -c "echo '1 USI' >$P/country_ie"
check "the self-managed radio keeps AU" is_own $sm1 AU
# FR gets a short time to be answered (longer on the debug kernel, where
# rc_pending itself takes a while); what follows gets 60 s again
fr_ms=1500
is_debug && fr_ms=4000
monitor_start smfr
echo $fr_ms >/sys/module/regcore/parameters/crda_timeout_ms
rc_mark
check "a user's FR is accepted and left unanswered" regctl set FR
rc_pending FR
echo 60000 >/sys/module/regcore/parameters/crda_timeout_ms
rc_serve_reset	# FR stays unanswered
check "the request times out and the settings are restored" \
	rc_wait_log "no answer for the user request for FR" 20
check "the restore asks again for the user's DE" \
	rc_wait_log 'settings restored: world domain in force, asking again for DE$' 10
expect_eq "DE is answered" DE "$(rc_serve regcore)"
check "the firmware heard DE asked again, the last user hint" \
	wait_until 10 is_own $sm1 DE
monitor_stop
expect_eq "the firmware heard FR, then DE, and gave each (WIPHY_REG_CHANGE)" \
	"FR DE" "$(sed -n "s/^phy #${sm1#rphy}: regulatory domain change (phy): set to \(..\) by a driver request on phy${sm1#rphy}\$/\1/p" /tmp/smfr.txt | tr '\n' ' ' | sed 's/ $//')"
check "its channels went from AU's back to the other table (nothing of AU's left)" \
	fw_table_ok $sm1
before=$(rc_channels $sm1 regcore full)
check "a driver hint for US from the other radio is accepted" \
	sh -c "echo '0 US' >$P/hint"
expect_eq "regcore asks for US" US "$(rc_serve regcore)"
check "the driver's US beside the user's DE: the intersection is in force" \
	rc_alpha2_is 98
check "the self-managed radio's domain is still DE" is_own $sm1 DE
expect_eq "the intersection did not change the self-managed radio's channels" \
	"$before" "$(rc_channels $sm1 regcore full)"

# --- API misuse, and unregistration
check "regsim's misuse checks pass (EPERM, flags, alpha2, DFS region, rules, _sync without the lock, driver hint, domains of unregistered radios)" \
	sh -c "echo 1 >$P/misuse"
check "the newest self-managed radio unregisters" sh -c "echo del >$P/spare"
check "regctl get no longer lists it" not_listed "${sm2#rphy}"
check "regsim unloads" rmmod regsim
check "regcore unloads" rmmod regcore
exit 0
