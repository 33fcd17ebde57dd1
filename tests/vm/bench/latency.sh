#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark (make bench): hint-to-applied latency, from a user hint to the
# REG_CHANGE notification, for every country of the database, in one boot:
#   1. regcore + udev + crda
#   2. the kernel's cfg80211 + udev + the same crda
#   3. cfg80211 with its in-kernel regulatory.db (no userspace at all)
# Reports each path's median and the ratios; the target is regcore no
# slower than cfg80211 + crda.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim mac80211_hwsim

cfg_rule=/etc/udev/rules.d/85-regcore-cfg80211.rules
trap 'rc_unload; /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211; rm -f $cfg_rule /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s; udevadm control --reload' EXIT

countries=$(regdbdump /usr/lib/crda/regulatory.bin | sed -n 's/^country \([A-Z][A-Z]\):.*/\1/p')
n=$(echo "$countries" | wc -w)
diag "countries: $n"

# run NAME FAMILY: measure, keep the median in $median_NAME
run() {
	out=$(reglat --family "$2" $countries)
	med=$(echo "$out" | sed -n 's/^median //p')
	got=$(echo "$out" | sed -n 's/^n //p')
	missed=$(echo "$out" | sed -n 's/^missed //p')
	diag "$1: median ${med:-?} ms over ${got:-0} countries (${missed:-?} not applied)"
	echo "$out" >"/tmp/latency.$1"
	eval "median_$1=\${med:-0}"
	expect_eq "$1: every country was applied" "$n 0" "${got:-0} ${missed:-?}"
}

# 1. regcore, with one radio to recompute
rc_load
modprobe regsim radios=1
rc_mark
rc_wait_log 'regulatory domain 00 .* in force' || true
run regcore_crda regcore
rc_unload

# 2. cfg80211 asking the same crda (no regulatory.db in /lib/firmware)
mkdir -p /etc/udev/rules.d
cp /usr/share/regcore/85-regcore-cfg80211.rules $cfg_rule
udevadm control --reload
modprobe mac80211_hwsim radios=1
wait_until 15 sh -c "iw reg get | grep -q '^country 00'" || true
sleep 2
run cfg80211_crda nl80211
/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
rm -f $cfg_rule
udevadm control --reload

# 3. cfg80211 with Debian's regulatory.db, which its built-in keys trust
mkdir -p /lib/firmware
cp /usr/share/regcore/regulatory.db /lib/firmware/regulatory.db
cp /usr/share/regcore/regulatory.db.p7s /lib/firmware/regulatory.db.p7s
modprobe mac80211_hwsim radios=1
sleep 2
run cfg80211_regdb nl80211

ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "?" }'; }
diag "latency, median ms: regcore+crda $median_regcore_crda, cfg80211+crda $median_cfg80211_crda, cfg80211+regulatory.db $median_cfg80211_regdb"
diag "ratio regcore+crda / cfg80211+crda: $(ratio "$median_regcore_crda" "$median_cfg80211_crda") (target <= 1)"
diag "ratio regcore+crda / cfg80211+regulatory.db: $(ratio "$median_regcore_crda" "$median_cfg80211_regdb")"
