#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Load: for a bounded time, all at once: two processes giving user hints,
# radios registering and unregistering (regsim's spare control, some with
# a driver hint of their own), driver and country element hints on the
# standing radios, the real crda answering through udev, GET_REG and
# GET_WIPHY dumps, and a `regctl monitor` listener. Afterwards the hint
# path still works, fresh radios agree with the domain, regcore unloads;
# on the debug kernel lockdep, KASAN and kmemleak stay silent (the
# runner's checks), and a task blocked for 10 s is reported as hung
# (hung_task_timeout_secs is lowered for the group). The operations per
# second of each kind are reported as a diagnostic.
#
#   regvm.load_secs=S   how long the load runs (default 30; 20 on the debug
#                       kernel, where each crda run is slower; make
#                       check-hardening runs 300)
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim

secs_default=30
is_debug && secs_default=20
secs=$(regvm_param load_secs $secs_default)
P=/sys/module/regsim/parameters
D=/tmp/load
stop=$D/stop
HUNG=/proc/sys/kernel/hung_task_timeout_secs
saved_hung=$(cat $HUNG 2>/dev/null)
pids= monitor=
cleanup() {
	touch $stop
	for p in $pids; do
		wait "$p" 2>/dev/null
	done
	[ -z "$monitor" ] || kill "$monitor" 2>/dev/null
	[ -z "$saved_hung" ] || echo "$saved_hung" >$HUNG
	rc_unload
}
trap cleanup EXIT
rm -rf $D
mkdir -p $D

check "regcore loads" rc_load
wait_until 30 sh -c 'regctl --json get | jq -e ".domains[0].alpha2 == \"00\""'
check "regsim registers two radios" modprobe regsim radios=2
# the debug lines of every hint would flood the serial console
echo 'module regcore -p' >/sys/kernel/debug/dynamic_debug/control 2>/dev/null
[ -z "$saved_hung" ] || echo 10 >$HUNG

regctl monitor >$D/monitor 2>&1 &
monitor=$!
sleep 0.5

# worker KIND CMD...: run CMD until the stop file appears; count the runs
# that succeeded and those that failed into $D/KIND
worker() {
	local kind=$1 ok=0 bad=0
	shift
	while [ ! -e $stop ]; do
		if "$@" >/dev/null 2>&1; then
			ok=$((ok + 1))
		else
			bad=$((bad + 1))
		fi
	done
	echo "$ok $bad" >"$D/$kind"
}
# the commands the workers repeat; each picks the next of a list
next() {
	local f=$D/next.$1 i=0
	[ ! -e "$f" ] || read -r i <"$f"
	echo $((i + 1)) >"$f"
	shift
	shift $((i % $#))
	echo "$1"
}
hint_a() { regctl set "$(next a US DE FR JP 00 GB)"; }
hint_b() { regctl set "$(next b JP 00 US CA DE)"; }
radio() {
	case $(next r add add-hint del add-custom del del) in
	add) echo add >$P/spare ;;
	add-hint) echo "add $(next rc DE US FR)" >$P/spare ;;
	add-custom) echo "add custom" >$P/spare ;;
	del) echo del >$P/spare ;;
	esac
}
driver_hint() { echo "$(next dr 0 1) $(next dh US DE JP)" >$P/hint; }
country_ie() { echo "$(next ie 0 1) $(next ic DEI USO FR JP )" >$P/country_ie; }
get_reg() { regctl get; }
get_wiphy() { regctl phy; }

KINDS="user-hint-a user-hint-b radio driver-hint country-ie get-reg get-wiphy"
rm -f $stop
t0=$(rc_now)
rc_mark
worker user-hint-a hint_a & pids="$pids $!"
worker user-hint-b hint_b & pids="$pids $!"
worker radio radio & pids="$pids $!"
worker driver-hint driver_hint & pids="$pids $!"
worker country-ie country_ie & pids="$pids $!"
worker get-reg get_reg & pids="$pids $!"
worker get-wiphy get_wiphy & pids="$pids $!"
sleep "$secs"
touch $stop
for p in $pids; do
	wait "$p"
done
pids=
elapsed=$(rc_elapsed "$t0")
[ "$elapsed" -gt 0 ] || elapsed=1
sleep 1
kill "$monitor" 2>/dev/null
wait "$monitor" 2>/dev/null
monitor=
changes=$(grep -c . $D/monitor)

line="load ops/s over ${elapsed}s:"
total=0
for k in $KINDS; do
	read -r okn badn <"$D/$k" || { okn=0; badn=0; }
	total=$((total + okn + badn))
	line="$line $k $(awk -v n=$((okn + badn)) -v s="$elapsed" 'BEGIN { printf "%.1f", n / s }') ($okn ok, $badn refused);"
done
line="$line regctl monitor saw $changes changes"
diag "$line"
echo "$line"
log=$(rc_log)
diag "domains set while loaded: $(printf '%s\n' "$log" | grep -c 'in force, set by') (rate-limited log), requests dropped: $(printf '%s\n' "$log" | grep -c 'dropped')"

check "every kind of load ran at least once" sh -c "for k in $KINDS; do read o b <$D/\$k && [ \$((o + b)) -gt 0 ] || exit 1; done"
check "user hints were accepted under load" sh -c "read o b <$D/user-hint-a && [ \$o -gt 0 ]"
check "radios registered under load" sh -c "read o b <$D/radio && [ \$o -gt 0 ]"
check "the monitor saw domain changes" test "$changes" -gt 0
expect_no_match "no kernel error report under load" . "$(kernel_bad_lines "$log")"

# The radios go and come back, the queue drains, and the hint path still
# works end to end. The load may have left a country element in force
# (its radio gone, the request stays the last one, as in cfg80211) or an
# intersected user hint: either would make the next user hint intersect
# or be ignored (seen on CI: 98 in force instead of DE). A disconnect
# ends both, as cfg80211's restore after its stations disconnect.
check "regsim unloads after the load" rmmod regsim
udev_settle
check "regsim registers two radios again" modprobe regsim radios=2
check "their stations disconnect: the settings are restored" \
	sh -c "echo 0 >$P/disconnect"
udev_settle
check "a user hint for DE is served by crda after the load" regctl set DE
if wait_until 60 sh -c 'regctl --json get | jq -e ".domains[0].alpha2 == \"DE\""'; then
	ok "DE is in force after the load"
else
	not_ok "DE is in force after the load" "$(regctl get)"
fi
udev_settle
check "GET_WIPHY dumps the two standing radios" \
	sh -c 'regctl --json phy | jq -e "(.wiphys | length) == 2"'
expect_eq "radio 0 has DE's table (like radio 1)" "$(rc_channels rphy1)" "$(rc_channels rphy0)"

check "regsim unloads" rmmod regsim
check "regcore unloads cleanly" rmmod regcore
