#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# regcore against the kernel's own cfg80211, side by side in one VM: the
# same hwsim regtest scenario on mac80211_hwsim (cfg80211) and on regsim
# (regcore), the same answers to their requests, then the same user hints;
# after each step every radio's channel table (frequency, power, every
# flag attribute, CAC time) must be identical.
. /regvm/lib.sh
. /regvm/regcore.sh
. /regvm/sidebyside.sh
require_module regcore regsim mac80211_hwsim
if [ -e /lib/firmware/regulatory.db ]; then
	skip "all tests of this group" "the VM has /lib/firmware/regulatory.db: cfg80211 would not ask userspace"
	exit 0
fi
rc_mask_crda
trap 'rc_unload; /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211; rc_unmask_crda; sbs_end' EXIT
sbs_begin

# cfg80211 waits 3142 ms for an answer, a fixed time; on the debug kernel
# (KASAN under TCG) an answer from a shell script takes longer, cfg80211
# gives up and asks again, and the two sides no longer see the same
# requests. The channel computation is the same code on either kernel:
# the comparison runs on Debian's.
if is_debug; then
	skip "all tests of this group" "cfg80211's fixed 3142 ms timeout is shorter than a scripted answer on the debug kernel; compared on Debian's kernel"
	exit 0
fi

# The requests are compared knowing whether cfg80211 gave up waiting
# (expect_same_requests): left unanswered, it must be seen giving up,
# and its requests must be seen (the evidence of a failed comparison).
cfg_timed_out() { [ "$(cfg_timeouts)" -gt 0 ]; }
/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
rc_serve_reset
rc_mark
if /usr/bin/modprobe cfg80211 ieee80211_regdom=de && wait_until 15 cfg_timed_out; then
	ok "cfg80211 left without an answer: its timeout is seen in the kernel log"
else
	not_ok "cfg80211 left without an answer: its timeout is seen in the kernel log" \
		"expected: a line with \"$SBS_TIMEOUT_LINE\" within 15 s" \
		"$(_evidence "dynamic debug of crda_timeout_work:" "$(grep crda_timeout_work /proc/dynamic_debug/control)")"
fi
expect_match "and its request for the world is seen too" \
	'cfg80211: Calling CRDA to update world regulatory domain' "$(rc_log)"
/usr/bin/modprobe -r cfg80211

# radios: hwsim's regtest 10 needs at least 6
scenarios="0:2 1:2 2:2 3:3 4:2 5:2 6:3 7:2 8:2 9:3 10:6"
for scenario in $scenarios; do
	regtest=${scenario%%:*}
	radios=${scenario#*:}
	step="regtest=$regtest"
	rc_serve_reset
	serve_begin
	if ! modprobe mac80211_hwsim radios="$radios" regtest="$regtest" ||
		! rc_load crda_timeout_ms=60000 ||
		! modprobe regsim radios="$radios" regtest="$regtest"; then
		not_ok "$step: mac80211_hwsim, regcore and regsim load"
		serve_end
		rc_unload
		/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
		continue
	fi
	# cfg80211 asks for the world twice at load: once more after it
	# fails to load regulatory.db; repeats are left out.
	serve_end
	expect_same_requests "$step: both sides asked for the same countries" "$served"
	compare "$step, after the driver's hints"

	# US: NO-IR and indoor-only rules, AUTO-BW spans, a channel (5845)
	# that only two adjacent rules hold together, 6 GHz.
	hint_both US
	served=$(serve_both)
	expect_same_requests "$step: both sides asked for the user's US the same way" "$served"
	compare "$step, after a user's US"

	# The rule flags after 6.1 (KERNEL-DIFFERENCES 3 to 6), where the
	# kernel has them, on a plain, a custom and a strict scenario: the
	# hand-made ZZ of regcore.sh. (In the mixed scenario, 10, the user's
	# US ends as an intersection, and both sides ignore a further user
	# hint, as __reg_process_hint_user() does.)
	case $regtest in
	0 | 5 | 7)
		if kernel_at_least 6.12; then
			hint_both ZZ
			served=$(serve_both)
			expect_same_requests "$step: both sides asked for the user's ZZ the same way" "$served"
			compare "$step, after a user's ZZ (every rule flag after 6.1)"
			zz=$(tables regcore)
			for flag in no_eht dfs_concurrent no_6ghz_vlp_client \
				no_6ghz_afc_client allow_6ghz_vlp_ap allow_20mhz_activity; do
				expect_match "$step: ZZ gives channels $flag" "$flag" "$zz"
			done
		fi
		;;
	esac

	rc_unload
	/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
done

# The ieee80211_regdom module parameter on both sides (cfg80211's given to
# modprobe, as the kernel command line's cfg80211.ieee80211_regdom= would
# be): a user hint for its country, upper-cased, so that the driver hints
# that follow are intersected with it (regtest 1 and 3) and custom radios
# take it as a user's domain (regtest 5). Each side has DE in force before
# its radios register: the radios' channels then depend on the same
# history on both sides (a channel outside DE keeps the flags it had
# before, on both).
for scenario in 1:2 3:3 5:2; do
	regtest=${scenario%%:*}
	radios=${scenario#*:}
	step="ieee80211_regdom=de, regtest=$regtest"
	rc_serve_reset
	serve_begin
	if ! /usr/bin/modprobe cfg80211 ieee80211_regdom=de ||
		! wait_until 30 in_force nl80211 DE ||
		! modprobe mac80211_hwsim radios="$radios" regtest="$regtest" ||
		! rc_load ieee80211_regdom=de crda_timeout_ms=60000 ||
		! serve_regcore || ! in_force regcore DE ||
		! modprobe regsim radios="$radios" regtest="$regtest"; then
		not_ok "$step: cfg80211, mac80211_hwsim, regcore and regsim load, each side with DE in force before its radios"
		serve_end
		rc_unload
		/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
		continue
	fi
	serve_end
	expect_same_requests "$step: both sides asked for the same countries" "$served" DE
	expect_eq "$step: the same domain is in force" \
		"$(iw reg get | sed -n 's/^country \(..\):.*/\1/p' | head -n 1)" "$(rc_alpha2)"
	compare "$step"
	rc_unload
	/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
done

exit 0
