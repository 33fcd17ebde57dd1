#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Allocation failures beyond netlink (debug kernel: failslab, fail-nth): a
# driver registering radios and giving hints or reporting a disconnect
# (whose restore covers the one after a timeout), regcore's worker thread
# asking userspace, and the unload. Each
# path runs again and again with one more fault-injection point failing
# (the 1st, the 2nd, ... until the path passes fewer points than that).
# Whatever fails: an error code or a complete step, never a half-applied
# one; the queue keeps moving; nothing leaks (the runner's kmemleak check)
# or trips KASAN or lockdep (its kernel-log check).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
if [ ! -e /proc/thread-self/fail-nth ]; then
	skip "all tests of this group" "this kernel has no fault injection (CONFIG_FAULT_INJECTION); the debug kernel runs them"
	exit 0
fi

FS=/sys/kernel/debug/failslab
FP=/sys/kernel/debug/fail_page_alloc
saved_gfp=$(cat $FS/ignore-gfp-wait)
saved_verbose=$(cat $FS/verbose)
saved_page_verbose=$(cat $FP/verbose)
restore_faults() {
	echo "$saved_gfp" >$FS/ignore-gfp-wait
	echo "$saved_verbose" >$FS/verbose
	echo "$saved_page_verbose" >$FP/verbose
}
rc_mask_crda
trap 'restore_faults; rc_unload; rc_unmask_crda' EXIT
echo N >$FS/ignore-gfp-wait
echo 0 >$FS/verbose
echo 0 >$FP/verbose

P=/sys/module/regsim/parameters

# --- a driver hint (regulatory_hint() through regsim's hint control), on
# a radio of its own: the first hint for DE is asked for and answered, the
# ones after it find DE in force
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
modprobe regsim radios=1
t0=$(rc_now)
n=0 injected=0 queued=0 bad=
while [ $n -lt 200 ]; do
	n=$((n + 1))
	rc_mark
	out=$(failnth $n write $P/hint "0 DE" 2>&1)
	case $out in
	*"result: 0 OK"*)
		rc_wait_log "driver hint for DE: already in force|hint: asked userspace for DE\$" 5 ||
			bad="$bad
fault $n: the hint was taken but never processed"
		if rc_log | grep -q "hint: asked userspace for DE\$"; then
			rc_answer DE >/dev/null
		fi
		queued=$((queued + 1))
		;;
	*"result: -12 ENOMEM"*)
		! rc_wait_log "hint: asked userspace for DE\$" 1 || bad="$bad
fault $n: the hint was refused, yet regcore asked for DE"
		;;
	*) bad="$bad
fault $n: unexpected answer: $out" ;;
	esac
	case $out in *"fail-nth: not reached"*) break ;; esac
	injected=$((injected + 1))
done
diag "driver hint: $injected fault points failed in turn, $queued hints taken ($(rc_elapsed "$t0") s)"
expect_eq "driver hint: each failure gives ENOMEM or a hint that is processed" "" "${bad#?}"
check "driver hint: the loop got past the last fault point" test $n -lt 200
check "driver hint: at least one fault point was reached" test $injected -gt 0
expect_eq "driver hint: DE is in force, set by the driver" DE "$(rc_alpha2)"
rc_unload

rc_load crda_timeout_ms=60000
rc_pending 00
check "the world request is answered" rc_answer 00
check "regsim registers a radio" modprobe regsim radios=1

# radios: how many radios regcore lists
radios() {
	regctl phy | grep -c '^Wiphy '
}
rc_ref 00
rc_set US
rc_ref US
rc_set DE
rc_ref DE
expect_eq "DE is in force before the failures begin" DE "$(rc_alpha2)"
# shellcheck disable=SC2154 # rc_ref sets them
check "the world, DE and US channel tables differ (so a mix-up shows)" \
	test "$rc_ref_00" != "$rc_ref_DE" -a "$rc_ref_DE" != "$rc_ref_US"
cur=DE

# --- a driver registers a radio (regsim's spare control): allocating it,
# applying a custom domain, registering it (a strict radio takes the plain
# path with one more flag: left out for the suite's time)
for how in "add" "add custom" "add selfmanaged JP"; do
	t0=$(rc_now)
	n=0 injected=0 added=0 bad=
	while [ $n -lt 200 ]; do
		n=$((n + 1))
		out=$(failnth $n write $P/spare "$how" 2>&1)
		count=$(radios)
		case $out in
		*"result: 0 OK"*)
			[ "$count" = 2 ] || bad="$bad
fault $n: the driver was told the radio is registered, regcore lists $count radios"
			# a self-managed one has its firmware's JP, or DE if the
			# user's DE reached its firmware
			case $how in *selfmanaged*)
				regctl get | grep -A1 '(self-managed)$' | grep -q '^country \(JP\|DE\):' ||
					bad="$bad
fault $n: the self-managed radio registered without its domain: $(regctl get | grep -A1 '(self-managed)$' | tr '\n' ' ')"
				;;
			esac
			added=$((added + 1))
			echo del >$P/spare
			;;
		*"result: -12 ENOMEM"*)
			[ "$count" = 1 ] || bad="$bad
fault $n: the registration failed, yet regcore lists $count radios"
			;;
		*)
			bad="$bad
fault $n: unexpected answer: $out"
			;;
		esac
		case $out in *"fail-nth: not reached"*) break ;; esac
		injected=$((injected + 1))
	done
	diag "spare $how: $injected fault points failed in turn, $added radios registered whole anyway ($(rc_elapsed "$t0") s)"
	expect_eq "spare $how: each failure leaves no radio or a whole one" "" "${bad#?}"
	check "spare $how: the loop got past the last fault point" test $n -lt 200
	check "spare $how: at least one fault point was reached" test $injected -gt 0
	check "spare $how: the radios and the domain agree" rc_consistent "$cur"
done

# --- a self-managed radio's driver gives its domain at once (_sync under
# regcore's lock): the copy fails, or the domain is applied whole
echo "add selfmanaged JP" >$P/spare
sm=$(regctl --json phy | jq -r '.wiphys | max_by(.index) | .index')
t0=$(rc_now)
n=0 injected=0 applied=0 bad=
while [ $n -lt 200 ]; do
	n=$((n + 1))
	cc=$(printf 'A%c' "$(printf '%s' ABCDEFGHIJKLMNOPQRSTUVWXYZ | cut -c$((n % 26 + 1)))")
	before=$(regctl get | grep -A1 "^phy#$sm " | tail -n 1)
	out=$(failnth $n write $P/self_regd "1 $cc sync" 2>&1)
	after=$(regctl get | grep -A1 "^phy#$sm " | tail -n 1)
	case $out in
	*"result: 0 OK"*)
		[ "$after" = "country $cc: DFS-ETSI" ] || bad="$bad
fault $n: the driver was told $cc is applied, regctl get says '$after'"
		applied=$((applied + 1))
		;;
	*"result: -12 ENOMEM"*)
		[ "$after" = "$before" ] || bad="$bad
fault $n: $cc was refused, yet the radio went from '$before' to '$after'"
		;;
	*) bad="$bad
fault $n: unexpected answer: $out" ;;
	esac
	case $out in *"fail-nth: not reached"*) break ;; esac
	injected=$((injected + 1))
done
diag "self-managed domain: $injected fault points failed in turn, $applied applied anyway ($(rc_elapsed "$t0") s)"
expect_eq "self-managed domain: each failure gives ENOMEM and the domain before, or the new one" "" "${bad#?}"
check "self-managed domain: the loop got past the last fault point" test $n -lt 200
check "self-managed domain: at least one fault point was reached" test $injected -gt 0
echo del >$P/spare
check "self-managed domain: the other radios and the domain agree" rc_consistent "$cur"

# --- the worker thread: asking userspace (a uevent) for a user hint
worker=
for d in /proc/[0-9]*; do
	[ "$(cat "$d/comm" 2>/dev/null)" = regcore ] && worker=${d#/proc/}
done
check "regcore's worker thread is found" test -n "$worker"
t0=$(rc_now)
n=0 injected=0 asked=0 bad=
while [ -n "$worker" ] && [ $n -lt 200 ]; do
	n=$((n + 1))
	cc=US
	[ "$cur" = US ] && cc=DE
	rc_mark
	echo $n >/proc/$worker/fail-nth
	regctl set $cc >/dev/null
	if rc_wait_log "hint: asked userspace for $cc\$|user hint for $cc dropped: no source of rules answered" 5; then :; else
		bad="$bad
fault $n: the worker neither asked for $cc nor said it could not"
	fi
	left=$(cat /proc/$worker/fail-nth)
	echo 0 >/proc/$worker/fail-nth
	if rc_log | grep -q "hint: asked userspace for $cc\$"; then
		asked=$((asked + 1))
		rc_answer $cc >/dev/null
		rc_consistent $cc >/dev/null && cur=$cc || bad="$bad
fault $n: the answer for $cc did not give a rc_consistent state"
	else
		rc_consistent $cur >/dev/null || bad="$bad
fault $n: the request was dropped, but the state changed"
	fi
	[ "$left" = 0 ] || break
	injected=$((injected + 1))
done
diag "worker, user hint: $injected fault points failed in turn, $asked requests asked for anyway ($(rc_elapsed "$t0") s)"
expect_eq "worker, user hint: each failure drops the request whole or asks for it" "" "${bad#?}"
check "worker, user hint: the loop got past the last fault point" test $n -lt 200
check "worker, user hint: at least one fault point was reached" test $injected -gt 0

# --- a disconnect's restore (regsim's disconnect control: the driver's
# regcore_hint_disconnect(), which restores before it returns), with the
# user's country kept (group 45 has the country element it ends). The
# world goes in force, then the user's country from its kept answer;
# without memory for the copy, the country is asked for again; without
# memory for that request, the world stays (as after any restore), and a
# user hint brings the country back. Whole states only.
t0=$(rc_now)
n=0 injected=0 kept=0 asked=0 bad=
while [ $n -lt 200 ]; do
	n=$((n + 1))
	user=$cur
	rc_mark
	out=$(failnth $n write $P/disconnect 0 2>&1)
	case $out in
	*"result: 0 OK"*) ;;
	*"result: -12 ENOMEM"*)
		# refused before it reached regcore (the write's own buffer):
		# the disconnect is reported again
		rc_log | grep -q "settings restored" && bad="$bad
fault $n: the write failed, yet the settings were restored"
		rc_mark
		echo 0 >$P/disconnect
		;;
	*) bad="$bad
fault $n: unexpected answer: $out" ;;
	esac
	rc_log | grep -qE "settings restored: world domain in force(, then the user's $user from its kept answer|, asking again for $user)?\$" ||
		bad="$bad
fault $n: the settings were not restored"
	if rc_log | grep -q "from its kept answer\$"; then
		kept=$((kept + 1))
	elif rc_log | grep -q "asking again for $user\$"; then
		asked=$((asked + 1))
		rc_pending "$user" && rc_answer "$user" >/dev/null
	else
		rc_consistent 00 >/dev/null || bad="$bad
fault $n: nothing was asked for again, but the world is not whole"
		rc_set "$user"
	fi
	rc_consistent "$user" >/dev/null || bad="$bad
fault $n: the restore did not end with $user whole"
	case $out in *"fail-nth: not reached"*) break ;; esac
	injected=$((injected + 1))
done
diag "disconnect: $injected fault points failed in turn, $kept restores from the kept answer, $asked asked again ($(rc_elapsed "$t0") s)"
expect_eq "disconnect: each failure ends in a whole state with the user's country" "" "${bad#?}"
check "disconnect: the loop got past the last fault point" test $n -lt 200
check "disconnect: at least one fault point was reached" test $injected -gt 0

# The restore after a timeout (regcore_timeout_fn(), then regcore_restore()
# without the kept answer) allocates a subset of what the disconnect's
# restore above does (the request asking again, its uevent): its loop (34
# fault points, 95 s of the debug suite) was dropped for the suite's time.
# Group 23 has the timeouts themselves.

# --- the worker thread: a custom radio's driver hint for the country a
# driver hint has put in force. The radio takes a copy of the domain in
# force and stops being custom; without memory for the copy the hint is
# ignored whole (as cfg80211's reg_process_hint_driver()), never taken
# as set while the radio keeps its custom domain.
rc_unload
rc_load crda_timeout_ms=60000
rc_pending 00
rc_answer 00 >/dev/null
modprobe regsim radios=1
echo "0 DE" >$P/hint
rc_pending DE
rc_answer DE >/dev/null
worker=
for d in /proc/[0-9]*; do
	[ "$(cat "$d/comm" 2>/dev/null)" = regcore ] && worker=${d#/proc/}
done
# own_alpha2: the country of the newest radio's own domain
own_alpha2() {
	regctl --json get | jq -r '[.domains[] | select(.scope == "wiphy")] |
		max_by(.wiphy) | .alpha2'
}
t0=$(rc_now)
n=0 injected=0 taken=0 bad=
while [ -n "$worker" ] && [ $n -lt 200 ]; do
	n=$((n + 1))
	echo "add custom" >$P/spare || { bad="$bad
fault $n: the custom radio could not be added"; break; }
	rc_mark
	echo $n >/proc/$worker/fail-nth
	echo "1 DE" >$P/hint
	rc_wait_log "driver hint for DE: already in force|driver hint for DE from rphy[0-9]+ ignored: no memory" 5 ||
		bad="$bad
fault $n: the hint was neither taken nor ignored"
	left=$(cat /proc/$worker/fail-nth)
	echo 0 >/proc/$worker/fail-nth
	own=$(own_alpha2)
	if rc_log | grep -q "driver hint for DE: already in force"; then
		taken=$((taken + 1))
		[ "$own" = DE ] || bad="$bad
fault $n: the hint was taken as set, but the radio's own domain is $own"
	elif [ "$own" = DE ]; then
		bad="$bad
fault $n: the hint was ignored, but the radio's own domain is DE"
	fi
	echo del >$P/spare
	[ "$left" = 0 ] || break
	injected=$((injected + 1))
done
diag "worker, driver hint already set: $injected fault points failed in turn, $taken hints taken ($(rc_elapsed "$t0") s)"
expect_eq "worker, driver hint already set: each failure takes the hint whole or ignores it" "" "${bad#?}"
check "worker, driver hint already set: the loop got past the last fault point" test $n -lt 200
check "worker, driver hint already set: at least one fault point was reached" test $injected -gt 0
expect_eq "worker, driver hint already set: DE stays in force" DE "$(rc_alpha2)"

# --- the unload: regsim's radios unregistered, then regcore itself (with
# a request pending and a hint waiting)
for mod in regsim regcore; do
	t0=$(rc_now)
	n=0 injected=0 bad=
	while [ $n -lt 200 ]; do
		n=$((n + 1))
		if ! rc_loaded regcore; then
			rc_mark
			rc_load crda_timeout_ms=60000
			rc_wait_log 'core hint: asked userspace for 00$'
			rc_answer 00 >/dev/null
		fi
		if [ $mod = regsim ]; then
			rc_loaded regsim || modprobe regsim radios=2
		else
			regctl set DE >/dev/null && regctl set FR >/dev/null
		fi
		out=$(failnth $n rmmod $mod 2>&1)
		case $out in
		*"result: 0 OK"*) ;;
		*) bad="$bad
fault $n: rmmod $mod: $out" ;;
		esac
		if rc_loaded $mod; then
			bad="$bad
fault $n: $mod is still loaded"
			break
		fi
		if [ $mod = regcore ] && [ -e /sys/devices/platform/regcore.0 ]; then
			bad="$bad
fault $n: regcore.0 is left behind"
			break
		fi
		case $out in *"fail-nth: not reached"*) break ;; esac
		injected=$((injected + 1))
	done
	diag "rmmod $mod: $injected fault points failed in turn ($(rc_elapsed "$t0") s)"
	expect_eq "rmmod $mod: whatever fails, the module goes, whole" "" "${bad#?}"
	check "rmmod $mod: the loop got past the last fault point" test $n -lt 200
	check "rmmod $mod: at least one fault point was reached" test $injected -gt 0
done

exit 0
