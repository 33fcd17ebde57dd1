#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Cellular base station hints: a user hint of type
# NL80211_USER_REG_HINT_CELL_BASE (regctl set --cell-base). cfg80211 takes
# them only when built with CONFIG_CFG80211_REG_CELLULAR_HINTS (which needs
# CONFIG_CFG80211_CERTIFICATION_ONUS; Debian's kernels have neither), and
# then only while a radio with NL80211_FEATURE_CELL_BASE_REG_HINTS is
# registered. regcore's module parameter cell_base_hints stands for that
# option, REGCORE_REG_CELL_BASE_HINTS for the feature.
#
# Off (the default): accepted and ignored, on both sides, compared with
# Debian's cfg80211. On: regcore alone, the expectations derived from
# reg.c (6.1 and 6.12 agree): reg_ignore_cell_hint() (ignored without a
# radio that follows them; already set for the same country), and
# __reg_process_hint_user() and __reg_process_hint_country_ie() (a base
# station's country is trusted over the user's and over an access
# point's), ignore_reg_update() with reg_dev_ignore_cell_hint() (a radio
# that does not follow them keeps its channels), nl80211_get_reg_do() and
# nl80211_send_regdom() (NL80211_ATTR_USER_REG_HINT_TYPE in the domain in
# force), restore_alpha2() (a restore puts the country back as a plain
# user's). No driver of either kernel, mac80211_hwsim included, sets
# NL80211_FEATURE_CELL_BASE_REG_HINTS, and the debug kernel's cfg80211
# lacks the option too: "on" cannot be compared side by side.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
rc_mask_crda
trap 'rc_unload; /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211; rc_unmask_crda' EXIT

P=/sys/module/regsim/parameters

# hint_type: NL80211_ATTR_USER_REG_HINT_TYPE of the domain in force, or
# null
hint_type() {
	regctl --json get | jq '.domains[0].user_hint_type'
}

# ---- off, the default ----
rc_serve_reset
check "regcore loads" rc_load crda_timeout_ms=60000
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads a radio" modprobe regsim radios=1
check "a radio that follows cellular base stations registers" \
	sh -c "echo 'add cellbase' >$P/spare"
check "a base station's DE is accepted" regctl set --cell-base DE
expect_eq "... and ignored: nothing is asked" "" "$(rc_serve regcore)"
check "the world stays in force" rc_alpha2_is 00
expect_eq "GET_REG carries no hint type" null "$(hint_type)"

if rc_cfg80211_fresh "cellular hints, off,"; then
	check "cfg80211 accepts a base station's DE" regctl --family nl80211 set --cell-base DE
	expect_eq "... and ignores it: nothing is asked" "" "$(rc_serve nl80211)"
	check "the world stays in force on cfg80211" rc_alpha2_is 00 nl80211
	expect_eq "cfg80211's GET_REG carries no hint type" null \
		"$(regctl --family nl80211 --json get | jq '.domains[0].user_hint_type')"
	/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
fi

# ---- on ----
check "regsim unloads" rmmod regsim
rc_serve_reset
check "regcore loads with cell_base_hints=1" rc_load crda_timeout_ms=60000 cell_base_hints=1
expect_eq "regcore asks for the world at load" 00 "$(rc_serve regcore)"
check "regsim loads a radio that does not follow base stations" modprobe regsim radios=1
check "a base station's DE is accepted" regctl set --cell-base DE
expect_eq "... and ignored while no radio follows them" "" "$(rc_serve regcore)"
check "a radio that follows them registers" sh -c "echo 'add cellbase' >$P/spare"
cell=$(rc_newest)
world0=$(rc_channels rphy0)
check "a base station's DE is accepted" regctl set --cell-base DE
expect_eq "regcore asks for DE" DE "$(rc_serve regcore)"
check "DE is in force" rc_wait_alpha2 DE
expect_eq "GET_REG says a base station set it (NL80211_USER_REG_HINT_CELL_BASE)" 1 "$(hint_type)"
check "the radio that follows it has DE's 5745 MHz: no NO_IR" rc_ir "$cell" 5745
expect_eq "... and DE's 13 dBm (13.97, in whole dBm)" 1300 "$(rc_chan "$cell" 5745 | cut -d' ' -f2)"
expect_eq "the radio that does not follow keeps its channels" "$world0" "$(rc_channels rphy0)"
check "... the world's: 5745 MHz NO_IR" rc_no_ir rphy0 5745

check "a user's FR is accepted" regctl set FR
expect_eq "... and ignored: a base station is trusted over the user" "" "$(rc_serve regcore)"
check "DE stays in force" rc_alpha2_is DE
check "the following radio sees a country element for FR" sh -c "echo '1 FR' >$P/country_ie"
expect_eq "... ignored: a base station is trusted over an access point" "" "$(rc_serve regcore)"
check "DE stays in force" rc_alpha2_is DE
check "a base station's DE again is accepted" regctl set --cell-base DE
expect_eq "... and already set: nothing is asked" "" "$(rc_serve regcore)"
check "a base station's US is accepted" regctl set --cell-base US
expect_eq "regcore asks for US" US "$(rc_serve regcore)"
check "US is in force" rc_wait_alpha2 US
expect_eq "... set by a base station" 1 "$(hint_type)"

# A radio that does not follow them, registered while a base station's
# country is the last request, keeps its driver's channels
# (wiphy_regulatory_register() and ignore_reg_update()).
check "a radio that does not follow them registers" sh -c "echo add >$P/spare"
plain=$(rc_newest)
check "... with its driver's 5745 MHz: no NO_IR" rc_ir "$plain" 5745
expect_eq "... with no power limit (its driver sets none, as hwsim's)" 0 "$(rc_chan "$plain" 5745 | cut -d' ' -f2)"

# A restore puts the country back as a user's (restore_alpha2() keeps it
# as the user's; the request it makes is a plain user hint): no longer a
# base station's, and every radio follows it. The following radio reported
# FR's element above: its disconnect restores.
check "the following radio's stations disconnect" sh -c "echo 1 >$P/disconnect"
check "US is in force" rc_wait_alpha2 US
expect_eq "... from its kept answer: nothing is asked" "" "$(rc_serve regcore)"
expect_eq "... set by the user now: GET_REG carries no hint type" null "$(hint_type)"
check "the radio that does not follow has US's 5745 MHz now" rc_ir rphy0 5745
expect_eq "... at US's 30 dBm" 3000 "$(rc_chan rphy0 5745 | cut -d' ' -f2)"
check "a user's FR is accepted" regctl set FR
expect_eq "... and asked for: the user is heard again" FR "$(rc_serve regcore)"
check "FR is in force" rc_wait_alpha2 FR

check "the radio that does not follow goes" sh -c "echo del >$P/spare"
check "the radio that follows them goes" sh -c "echo del >$P/spare"
check "a base station's JP is accepted" regctl set --cell-base JP
expect_eq "... and ignored: no radio follows them now" "" "$(rc_serve regcore)"
check "FR stays in force" rc_alpha2_is FR
check "regsim unloads" rmmod regsim
check "regcore unloads cleanly" rmmod regcore
