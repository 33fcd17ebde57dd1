#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# When userspace does not answer: the request is dropped after
# crda_timeout_ms, the world domain comes back, the user's earlier choice
# is asked for again, and the system stays usable.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'rc_unload; rc_unmask_crda' EXIT

# Long enough for the test to answer a repeated request in time, on the
# debug kernel too.
timeout=3000
is_debug && timeout=8000
# how long to wait for a timeout to happen, s
patience=$((timeout / 1000 * 2 + 5))

rc_uevents_clear
rc_mark
rc_load crda_timeout_ms=$timeout
modprobe regsim radios=1
rc_wait_log 'regcore: settings restored' "$patience"
log=$(rc_log)
expect_match "an unanswered world request is dropped after 3000 ms, with a log line" \
	"regcore: no answer for the core request for 00 within $timeout ms: dropped\$" "$log"
expect_match "the world domain is restored, nothing asked again" \
	'regcore: settings restored: world domain in force$' "$log"
expect_eq "the built-in world domain is in force" 00 "$(rc_alpha2)"
expect_eq "the radio's channel 1 is usable" "2412 2000 no_ht40_minus,no_80mhz,no_160mhz" \
	"$(rc_chan rphy0 2412)"
expect_eq "exactly one request went out" "COUNTRY=00" "$(rc_uevents)"

check "the system stays usable: a user hint for DE is accepted" regctl set DE
check "and asked for" rc_pending DE
check "and its answer installs DE" rc_answer DE
expect_eq "DE is in force" DE "$(rc_alpha2)"

# A driver hint nobody answers: back to the world, then DE asked again.
rc_uevents_clear
rc_mark
check "a driver hint for US is accepted" \
	sh -c 'echo "0 US" >/sys/module/regsim/parameters/hint'
rc_wait_log 'regcore: settings restored: world domain in force, asking again for DE' "$patience"
# answer the repeated request at once, well within its timeout
rc_pending DE && answer=$(rc_answer DE 2>&1)
answer_rc=$?
log=$(rc_log)
expect_match "the driver request is dropped after the timeout" \
	"regcore: no answer for the driver request for US within $timeout ms: dropped\$" "$log"
expect_match "the world comes back and the user's DE is asked for again" \
	'regcore: settings restored: world domain in force, asking again for DE$' "$log"
wait_until 5 sh -c "grep -q 'regcore.0 COUNTRY=DE' $RC_UDEV_LOG"
expect_eq "udevd saw the driver request, then DE again" "COUNTRY=US COUNTRY=DE" \
	"$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
expect_eq "the repeated request for DE is answered" "0" "$answer_rc"
expect_eq "DE is in force again" DE "$(rc_alpha2)"
expect_eq "and the radio follows it" "5180 2300 no_ht40_minus,indoor_only" \
	"$(rc_chan rphy0 5180)"

# A user request nobody answers: the user's earlier choice comes back.
rc_uevents_clear
rc_mark
check "a user hint for FR is accepted" regctl set FR
rc_wait_log 'regcore: settings restored: world domain in force, asking again for DE' "$patience"
rc_pending DE && answer=$(rc_answer DE 2>&1)
answer_rc=$?
log=$(rc_log)
expect_match "the user request is dropped after the timeout" \
	"regcore: no answer for the user request for FR within $timeout ms: dropped\$" "$log"
expect_match "the world comes back and the user's earlier DE is asked for again" \
	'regcore: settings restored: world domain in force, asking again for DE$' "$log"
expect_eq "that request for DE is answered" "0" "$answer_rc"
expect_eq "so the user's earlier DE is in force again" DE "$(rc_alpha2)"
expect_eq "udevd saw FR, then DE" "COUNTRY=FR COUNTRY=DE" \
	"$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
check "a late answer for FR is refused" \
	nlcraft --expect EINVAL SET_REG alpha2=FR dfs_region=2 $(rc_rules DE)

# When the earlier choice cannot be had either, it is forgotten: no loop.
rc_uevents_clear
rc_mark
check "a user hint for FR is accepted again" regctl set FR
rc_wait_log 'regcore: no answer for the user request for DE' "$patience"
rc_wait_log 'regcore: settings restored: world domain in force$' "$patience"
sleep 4
log=$(rc_log)
expect_match "FR is dropped, DE asked for again" \
	'regcore: settings restored: world domain in force, asking again for DE$' "$log"
expect_match "DE is dropped too, and the world stays" \
	'regcore: settings restored: world domain in force$' "$log"
expect_eq "nothing else went out: FR, DE, then silence" "COUNTRY=FR COUNTRY=DE" \
	"$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
expect_eq "the world domain is in force" 00 "$(rc_alpha2)"
check "the system stays usable: a user hint for JP is asked for" \
	sh -c 'regctl set JP'
check "JP is pending" rc_pending JP
rc_unload

# A module parameter crda does not know (QQ): cfg80211 asks for it again
# after every timeout and stops after 10 in a row; so does regcore: the
# world, QQ, then QQ again after each timeout up to the 10th failure.
short=300
is_debug && short=1000
rc_uevents_clear
rc_mark
check "regcore loads with ieee80211_regdom=QQ" \
	rc_load ieee80211_regdom=QQ crda_timeout_ms=$short
rc_wait_log 'requests failed in a row: QQ is not asked for again until a new hint' \
	$((short * 14 / 1000 + 10))
sleep $((short * 3 / 1000 + 1))
expect_eq "the world, then QQ ten times, then silence" \
	"COUNTRY=00 $(for i in $(seq 10); do printf 'COUNTRY=QQ '; done)" \
	"$(rc_uevents | tr '\n' ' ')"
expect_match "the end of the retries is logged" \
	'regcore: 11 requests failed in a row: QQ is not asked for again until a new hint' "$(rc_log)"
expect_eq "the world domain is in force" 00 "$(rc_alpha2)"
check "the timeout may be raised at run time" \
	sh -c 'echo 60000 >/sys/module/regcore/parameters/crda_timeout_ms'
rc_uevents_clear
rc_mark
check "a new user hint is asked for at once" regctl set DE
check "DE is pending" rc_wait_log 'user hint: asked userspace for DE$'
check "and its answer installs DE" rc_answer DE
expect_eq "DE is in force" DE "$(rc_alpha2)"
rc_unload

# Those failures were not country elements': an access point's element
# that comes after them (a boot where crda was late) is still asked for,
# as cfg80211 lets every new hint call crda again.
rc_mark
check "regcore loads with ieee80211_regdom=QQ again" \
	rc_load ieee80211_regdom=QQ crda_timeout_ms=$short
rc_wait_log 'requests failed in a row: QQ is not asked for again until a new hint' \
	$((short * 14 / 1000 + 10))
echo 60000 >/sys/module/regcore/parameters/crda_timeout_ms
check "regsim registers a radio" modprobe regsim radios=1
rc_mark
check "a country element for FR after the 10 failures is taken" \
	sh -c "echo '0 FR ' >/sys/module/regsim/parameters/country_ie"
check "and asked for" rc_wait_log 'country IE hint: asked userspace for FR$'
rc_unload

# A request that times out never holds up the queue: what waits goes
# first, and a user hint among it makes asking for QQ again moot.
rc_uevents_clear
rc_mark
check "regcore loads with ieee80211_regdom=QQ and 3 s to answer" \
	rc_load ieee80211_regdom=QQ crda_timeout_ms=$timeout
rc_pending 00
rc_answer 00 >/dev/null
check "QQ is asked for" rc_pending QQ
check "a user hint for DE waits behind it" regctl set DE
rc_wait_log 'regcore: no answer for the user request for QQ' "$patience"
check "after QQ's timeout, DE goes out next" rc_pending DE
rc_answer DE >/dev/null
sleep 1
expect_eq "udevd saw 00, QQ, DE and nothing more" "COUNTRY=00 COUNTRY=QQ COUNTRY=DE" \
	"$(rc_uevents | tr '\n' ' ' | sed 's/ $//')"
expect_eq "DE is in force" DE "$(rc_alpha2)"

exit 0
