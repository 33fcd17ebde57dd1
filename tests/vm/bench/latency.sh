#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Benchmark (make bench): hint-to-applied latency, from a user hint to the
# REG_CHANGE notification, for every country of the database, in one boot:
#   regcore + udev + crda, and the kernel's cfg80211 + udev + the same crda,
#     loaded side by side and measured country by country in turn, so both
#     see the same conditions;
#   then regcore with regdb=firmware and cfg80211, both reading the same
#     signed regulatory.db in the kernel (no userspace at all), side by
#     side in the same way.
# Each path gets one radio (regsim, mac80211_hwsim) to recompute. Reports
# the medians and the ratios; the targets: regcore no slower than
# cfg80211 on either path.
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim mac80211_hwsim

cfg_rule=/etc/udev/rules.d/85-regcore-cfg80211.rules
trap 'rc_unload; /usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211; rm -f $cfg_rule /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s; udevadm control --reload' EXIT

countries=$(regdbdump /usr/lib/crda/regulatory.bin | sed -n 's/^country \([A-Z][A-Z]\):.*/\1/p')
n=$(echo "$countries" | wc -w)
diag "countries: $n"

# summary OUT FAMILY NAME: report and check one family's measurements
summary() {
	med=$(echo "$1" | sed -n "s/^$2 median //p")
	got=$(echo "$1" | sed -n "s/^$2 n //p")
	missed=$(echo "$1" | sed -n "s/^$2 missed //p")
	diag "$3: median ${med:-?} ms over ${got:-0} countries (${missed:-?} not applied)"
	expect_eq "$3: every country was applied" "$n 0" "${got:-0} ${missed:-?}"
	echo "${med:-0}"
}

# regcore and cfg80211 side by side, both answered by crda through udev
mkdir -p /etc/udev/rules.d
cp /usr/share/regcore/85-regcore-cfg80211.rules $cfg_rule
udevadm control --reload
rc_mark
rc_load
modprobe regsim radios=1
modprobe mac80211_hwsim radios=1
rc_wait_log 'regulatory domain 00 .* in force' || true
wait_until 15 sh -c "iw reg get | grep -q '^country 00: DFS-UNSET' && iw reg get | grep -q '755 - 928'" || true
out=$(reglat --family regcore --family nl80211 $countries)
echo "$out" >/tmp/latency.side-by-side
regcore_med=$(summary "$out" regcore "regcore + udev + crda")
cfg_crda_med=$(summary "$out" nl80211 "cfg80211 + udev + crda")
rc_unload
/usr/bin/modprobe -r mac80211_hwsim mac80211 cfg80211
rm -f $cfg_rule
udevadm control --reload

# regcore (regdb=firmware) and cfg80211 side by side, both reading
# Debian's regulatory.db, whose signer both trust (keys/, the kernel's
# built-in certificates)
mkdir -p /lib/firmware
cp /usr/share/regcore/regulatory.db /lib/firmware/regulatory.db
cp /usr/share/regcore/regulatory.db.p7s /lib/firmware/regulatory.db.p7s
rc_mark
rc_load regdb=firmware
modprobe regsim radios=1
modprobe mac80211_hwsim radios=1
rc_wait_log 'regulatory domain 00 .* in force' || true
wait_until 15 sh -c "iw reg get | grep -q '^country 00: DFS-UNSET' && iw reg get | grep -q '755 - 928'" || true
out=$(reglat --family regcore --family nl80211 $countries)
echo "$out" >/tmp/latency.firmware
regcore_db_med=$(summary "$out" regcore "regcore + regulatory.db")
cfg_db_med=$(summary "$out" nl80211 "cfg80211 + regulatory.db")

ratio() { echo "$1 $2" | awk '{ if ($2 > 0) printf "%.2f", $1 / $2; else print "?" }'; }
diag "latency medians (ms): regcore+crda $regcore_med, cfg80211+crda $cfg_crda_med, regcore+regulatory.db $regcore_db_med, cfg80211+regulatory.db $cfg_db_med"
diag "ratio regcore+crda / cfg80211+crda: $(ratio "$regcore_med" "$cfg_crda_med") (target: at most 1.00)"
diag "ratio regcore+regulatory.db / cfg80211+regulatory.db: $(ratio "$regcore_db_med" "$cfg_db_med") (target: at most 1.00)"
diag "ratio regcore+crda / regcore+regulatory.db: $(ratio "$regcore_med" "$regcore_db_med")"
