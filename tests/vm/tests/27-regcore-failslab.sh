#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Allocation failures (debug kernel: failslab). Each netlink command that
# reaches regcore is sent again and again with one more of the kernel's
# fault-injection points failing (fail-nth: the 1st, the 2nd, ... until
# the command passes fewer points than that). Whatever fails, the result is
# an error code or a complete change, never a half-applied one: the domain
# in force and the radios' channels always agree, a refused answer leaves
# its request pending, and nothing leaks (the runner's kmemleak check) or
# trips KASAN or lockdep (its kernel-log check).
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
# GFP_KERNEL allocations too (failslab skips them by default), and no
# stack dump per injected failure: the log must stay free of traces.
echo N >$FS/ignore-gfp-wait
echo 0 >$FS/verbose
echo 0 >$FP/verbose

rc_load crda_timeout_ms=60000
rc_pending 00
check "the world request is answered" rc_answer 00
check "regsim registers a radio" modprobe regsim radios=1

# The channel tables of DE and US, made without any failure: the
# reference a radio must match whenever that country is in force
# (rc_consistent).
rc_set DE
rc_ref DE
rc_set US
rc_ref US
expect_eq "US is in force before the failures begin" US "$(rc_alpha2)"
# shellcheck disable=SC2154 # rc_ref sets them
check "the DE and US channel tables differ (so a mix-up shows)" \
	test "$rc_ref_DE" != "$rc_ref_US"

# errno_ok OUT: nlcraft's answer is success, a memory error from the
# kernel, or a socket error (the failure hit the message on its way in or
# the reply on its way out); not a timeout, not any other error code
errno_ok() {
	printf '%s\n' "$1" |
		grep -qE "^result: (0 OK|-12 ENOMEM|-105 ENOBUFS)|^nlcraft: (cannot send to the kernel|receiving the kernel's answer): "
}

# --- SET_REG answering a pending user request
t0=$(rc_now)
cur=US
n=0
injected=0 applied=0 refused=0 bad=
while [ $n -lt 200 ]; do
	n=$((n + 1))
	cc=DE
	[ "$cur" = DE ] && cc=US
	regctl set "$cc" >/dev/null
	if ! rc_pending "$cc"; then
		bad="$bad
fault $n: the request for $cc was not made"
		break
	fi
	# shellcheck disable=SC2046
	out=$(nlcraft --fail-nth $n SET_REG alpha2=$cc dfs_region="$(rc_dfs $cc)" \
		$(echo "$(rc_rules $cc)") 2>&1)
	case $out in
	*"fail-nth: not reached"*)
		# past the last point: the plain answer, which must work
		errno_ok "$out" && rc_consistent "$cc" >/dev/null ||
			bad="$bad
fault $n (not reached): $out"
		cur=$cc
		break
		;;
	esac
	injected=$((injected + 1))
	errno_ok "$out" || bad="$bad
fault $n: unexpected answer: $out"
	if why=$(rc_consistent "$cc"); then
		# applied whole (the failure hit only the notification, the reply
		# or kmemleak's bookkeeping): the kernel must not have said no
		applied=$((applied + 1))
		cur=$cc
		case $out in *"result: -"*) bad="$bad
fault $n: the kernel refused, yet the domain changed: $out" ;;
		esac
	elif why2=$(rc_consistent "$cur"); then
		# refused whole: the kernel must not have said yes, and the
		# request must still be pending
		refused=$((refused + 1))
		case $out in *"result: 0 OK"*) bad="$bad
fault $n: the kernel accepted, yet nothing changed: $out" ;;
		esac
		if rc_answer "$cc" | grep -q '^result: 0 OK' && rc_consistent "$cc" >/dev/null; then
			cur=$cc
		else
			bad="$bad
fault $n: refused, but the request for $cc was not pending any more"
			break
		fi
	else
		bad="$bad
fault $n: half-applied: $why / $why2"
		break
	fi
done
diag "SET_REG: $injected fault points failed in turn: $applied applied whole, $refused refused whole ($(rc_elapsed "$t0") s)"
expect_eq "SET_REG: a failure at any allocation gives an error code or success, a whole change or none" "" "${bad#?}"
check "SET_REG: the loop got past the last fault point (fewer than 200)" test $n -lt 200
check "SET_REG: at least one fault point was reached" test $injected -gt 0

# --- REQ_SET_REG: the user hint itself
t0=$(rc_now)
n=0
injected=0 queued=0 bad=
while [ $n -lt 200 ]; do
	n=$((n + 1))
	cc=DE
	[ "$cur" = DE ] && cc=US
	rc_mark
	out=$(nlcraft --fail-nth $n REQ_SET_REG alpha2=$cc 2>&1)
	case $out in
	*"fail-nth: not reached"*) last=1 ;;
	*) last= injected=$((injected + 1)) ;;
	esac
	errno_ok "$out" || bad="$bad
fault $n: unexpected answer: $out"
	# Queued or not: if regcore asks for the country, answer it. A hint
	# refused with ENOMEM, or never sent, must not be asked for (1 s to
	# show it is not); after any other answer it may have been queued
	# (5 s for the ask).
	case $out in
	*"result: -12 ENOMEM"* | *"cannot send to the kernel"*) secs=1 dropped=1 ;;
	*) secs=5 dropped= ;;
	esac
	if rc_wait_log "hint: asked userspace for $cc\$" $secs; then
		[ -z "$dropped" ] || bad="$bad
fault $n: the hint was refused or never sent, yet regcore asked for $cc: $out"
		[ -n "$last" ] || queued=$((queued + 1))
		if rc_answer "$cc" | grep -q '^result: 0 OK' && rc_consistent "$cc" >/dev/null; then
			cur=$cc
		else
			bad="$bad
fault $n: the request for $cc could not be completed"
			break
		fi
	elif ! rc_consistent "$cur" >/dev/null; then
		bad="$bad
fault $n: a failed hint changed the state"
		break
	elif [ -n "$last" ]; then
		bad="$bad
fault $n (not reached): the hint was accepted but never asked for"
	fi
	[ -z "$last" ] || break
done
diag "REQ_SET_REG: $injected fault points failed in turn: $queued hints queued whole, $((injected - queued)) not ($(rc_elapsed "$t0") s)"
expect_eq "REQ_SET_REG: a failure at any allocation gives an error code or a queued hint, never a lost state" "" "${bad#?}"
check "REQ_SET_REG: the loop got past the last fault point (fewer than 200)" test $n -lt 200
check "REQ_SET_REG: at least one fault point was reached" test $injected -gt 0

# --- the read commands: GET_REG and the GET_WIPHY dump (whose messages
# are built while the reader receives)
for cmd in GET_REG "--dump GET_WIPHY split:flag"; do
	t0=$(rc_now)
	n=0
	bad=
	while [ $n -lt 400 ]; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		out=$(nlcraft --quiet --fail-nth $n $cmd 2>&1)
		case $out in *"fail-nth: not reached"*) break ;; esac
		errno_ok "$out" || bad="$bad
fault $n: unexpected answer: $out"
	done
	name=${cmd%% split*}
	name=${name#--dump }
	diag "$name: $((n - 1)) fault points failed in turn ($(rc_elapsed "$t0") s)"
	expect_eq "$name: a failure at any allocation gives an error code or success" "" "${bad#?}"
	check "$name: the loop got past the last fault point (fewer than 400)" test $n -lt 400
	check "$name: at least one fault point was reached" test $n -gt 1
done
check "after all of it the domain and the radio agree" rc_consistent "$cur"

exit 0
