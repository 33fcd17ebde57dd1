#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# regctl against the kernel's own cfg80211 (family nl80211), side by side
# with iw 5.19: the same domains, channels and events must come out as the
# same bytes; --json must parse; the errors must be the clear ones.
. /regvm/lib.sh

require_module mac80211_hwsim
# This group checks userspace (regctl against iw on cfg80211) and no code
# of regcore's; the debug kernel's time goes to the groups that do.
if is_debug; then
	skip "all tests of this group" "regctl against iw on cfg80211 is checked on Debian's kernel"
	exit 0
fi

R="regctl --family nl80211"
A=/tmp/nl-iw.txt
A2=/tmp/nl-iw-after.txt
B=/tmp/nl-regctl.txt

# dfs_masked FILE: FILE with the seconds of "(for N sec)" blanked.
dfs_masked() {
	sed -E 's/\(for [0-9]+ sec\)/(for N sec)/' "$1"
}

# dfs_between BEFORE MIDDLE AFTER: on every line with "(for N sec)", the
# middle file's N lies between the other two files' N.
dfs_between() {
	awk '
	FNR == 1 { f++ }
	{
		n = ""
		if (match($0, /\(for [0-9]+ sec\)/))
			n = substr($0, RSTART + 5, RLENGTH - 10)
		v[f, FNR] = n
		if (FNR > lines)
			lines = FNR
	}
	END {
		for (i = 1; i <= lines; i++) {
			a = v[1, i]; b = v[2, i]; c = v[3, i]
			if (a == "" && b == "" && c == "")
				continue
			if (a == "" || b == "" || c == "" || b + 0 < a + 0 || b + 0 > c + 0)
				exit 1
		}
	}' "$1" "$2" "$3"
}

# same_text NAME IW_CMD REGCTL_CMD: both commands succeed and print the
# same bytes (files and cmp: $(...) would drop trailing newlines).
# Radar channels show how many seconds they have been in their DFS state;
# on a slow kernel that clock ticks between any two runs. So iw runs
# before and after regctl: regctl's text must equal one of the two, or,
# failing that, equal both with those seconds blanked while its own
# seconds lie between iw's (said in a diagnostic line).
same_text() {
	local name=$1 rc
	sh -c "$2" >$A 2>&1
	sh -c "$3" >$B 2>&1
	rc=$?
	if [ $rc -ne 0 ]; then
		not_ok "$name" "command: $3" "got: exit status $rc" \
			"output: $(cat $B)"
		return 1
	fi
	if [ -s $A ] && cmp -s $A $B; then
		ok "$name"
		return 0
	fi
	sh -c "$2" >$A2 2>&1
	if [ -s $A2 ] && cmp -s $A2 $B; then
		ok "$name"
		return 0
	fi
	dfs_masked $A >$A.m
	dfs_masked $B >$B.m
	dfs_masked $A2 >$A2.m
	if [ -s $A ] && cmp -s $A.m $B.m && cmp -s $A2.m $B.m &&
		dfs_between $A $B $A2; then
		diag "$name: equal but for the DFS state seconds, which lie between iw's"
		ok "$name"
		return 0
	fi
	not_ok "$name" "iw: $2" "regctl: $3" "diff -u iw regctl:" \
		"$(diff -u $A $B | head -n 80)"
	return 1
}

# cfg80211 reads regulatory.db from /lib/firmware when it loads. The VM
# has none (other groups test cfg80211's uevent to crda), so this group
# brings wireless-regdb's database for its own run and takes it away at
# the end: `iw reg set DE` then works without crda.
own_db=
if [ ! -e /lib/firmware/regulatory.db ]; then
	mkdir -p /lib/firmware
	cp /regvm/nl/regulatory.db /regvm/nl/regulatory.db.p7s /lib/firmware/
	own_db=1
fi

check "mac80211_hwsim loads with two radios" modprobe mac80211_hwsim radios=2
wait_until 10 sh -c 'iw reg get | grep -q "^country 00:"'

same_text "regctl get prints what iw reg get prints (world domain)" \
	"iw reg get" "$R get"
expect_match "the world domain comes from regulatory.db" \
	'^[[:space:]]\(2402 - 2472 @ 40\), \(N/A, 20\), \(N/A\)$' "$(cat $B)"
same_text "regctl phy phy0 prints what iw phy phy0 channels prints (world)" \
	"iw phy phy0 channels" "$R phy phy0"
same_text "regctl phy phy1 prints what iw phy phy1 channels prints (world)" \
	"iw phy phy1 channels" "$R phy phy1"
same_text "regctl phy phy#1 names the wiphy by index" \
	"iw phy phy1 channels" "$R phy phy#1"

check "regctl --json get succeeds" $R --json get
expect_match "its JSON carries the world domain" \
	'"scope":"global","alpha2":"00"' "$REGVM_OUT"
check "regctl --json get parses as JSON" sh -c "$R --json get | jsoncheck"
check "regctl --json phy parses as JSON" sh -c "$R --json phy | jsoncheck"
check "regctl --json phy phy0 parses as JSON" \
	sh -c "$R --json phy phy0 | jsoncheck"
expect_match "its JSON lists phy0 only" '"wiphys":\[\{"index":0,"name":"phy0"' \
	"$($R --json phy phy0 | head -c 100)"

# A listener must be subscribed before the change: started, then given a
# moment (there is nothing to wait on: it prints only events).
$R monitor -n 1 -w 60 >/tmp/nl-mon.txt 2>&1 &
mon=$!
$R --json monitor -n 1 -w 60 >/tmp/nl-mon.json 2>&1 &
monj=$!
iw event >/tmp/nl-iwev.txt 2>&1 &
iwev=$!
sleep 2
check "iw reg set DE is accepted" iw reg set DE
wait $mon
rc=$?
wait $monj
rcj=$?
wait_until 10 grep -q 'regulatory domain change' /tmp/nl-iwev.txt
kill $iwev 2>/dev/null
wait $iwev 2>/dev/null
expect_eq "regctl monitor -n 1 sees the change and exits 0" 0 "$rc"
expect_eq "regctl monitor prints the change as iw event does" \
	"$(grep 'regulatory domain change' /tmp/nl-iwev.txt | head -n 1)" \
	"$(cat /tmp/nl-mon.txt)"
expect_eq "regctl monitor names the user's DE" \
	"regulatory domain change: set to DE by a user request" \
	"$(cat /tmp/nl-mon.txt)"
expect_eq "regctl --json monitor exits 0" 0 "$rcj"
check "regctl --json monitor prints JSON lines" jsoncheck --lines /tmp/nl-mon.json
expect_match "the JSON event says user, country, DE" \
	'"event":"reg_change","initiator":"user","initiator_raw":1,"type":"country","type_raw":0,"alpha2":"DE"' \
	"$(cat /tmp/nl-mon.json)"

wait_until 10 sh -c 'iw reg get | grep -q "^country DE:"'
same_text "regctl get prints what iw reg get prints (after iw reg set DE)" \
	"iw reg get" "$R get"
expect_match "DE is in force, ETSI DFS" '^country DE: DFS-ETSI$' "$(cat $B)"
same_text "regctl phy phy0 prints what iw phy phy0 channels prints (DE, radar channels)" \
	"iw phy phy0 channels" "$R phy phy0"
expect_match "DE's radar channels show their DFS state" \
	'DFS state: usable \(for [0-9]+ sec\)' "$(cat $B)"

check_fails "regctl set from an unprivileged process is refused" \
	as_nobody $R set FR
expect_match "the refusal says it needs CAP_NET_ADMIN" \
	'not permitted: needs CAP_NET_ADMIN$' "$REGVM_OUT"
as_nobody $R set FR >/dev/null 2>&1
expect_eq "the refusal exits 4" 4 "$?"
as_nobody $R get >/dev/null 2>&1
expect_eq "an unprivileged process may read the domain" 0 "$?"

check_fails "regctl set de (lower case) is refused" $R set de
expect_match "the refusal explains the alpha2" \
	'not a valid ISO/IEC 3166-1 alpha2' "$REGVM_OUT"
expect_match "and nothing was sent: DE is still in force" '^country DE:' \
	"$(iw reg get)"

check "regctl set FR (root) is accepted" $R set FR
wait_until 10 sh -c 'iw reg get | grep -q "^country FR:"'
same_text "regctl get prints what iw reg get prints (after regctl set FR)" \
	"iw reg get" "$R get"
expect_match "regctl's own hint took effect" '^country FR: DFS-ETSI$' \
	"$(cat $B)"

check_fails "regctl phy of a wiphy that does not exist fails" $R phy phy9
expect_match "it says which" 'no wiphy "phy9"' "$REGVM_OUT"

check "nlcraft: a REQ_SET_REG whose alpha2 is a u32 gets ERANGE" \
	nlcraft --family nl80211 --expect ERANGE REQ_SET_REG alpha2:u32=0x4544
expect_match "nlcraft prints the kernel's extack message" '^extack: .+' \
	"$REGVM_OUT"
check "nlcraft: an unsolicited SET_REG is refused with EINVAL" \
	nlcraft --family nl80211 --expect EINVAL SET_REG alpha2=FR \
	'rule:flags=0,start=2402000,end=2482000,max_bw=40000,gain=0,eirp=2000'
check "nlcraft: a GET_REG dump is answered and decoded" \
	nlcraft --family nl80211 --dump GET_REG
expect_match "the dump carries FR" '^  NL80211_ATTR_REG_ALPHA2: "FR"$' \
	"$REGVM_OUT"

check "mac80211_hwsim unloads" modprobe -r mac80211_hwsim

# Per-wiphy domains, all in one load (module loads are what costs time on
# the debug kernel): hwsim's regtest=10 gives radio 0 and 1 hwsim's two
# custom world domains (alpha2 99), radios 2 and 3 driver hints for
# different countries; `iw reg get` dumps each as a phy#N block after the
# global domain.
check "mac80211_hwsim loads with 4 radios, regtest=10 (custom world and driver hints)" \
	modprobe mac80211_hwsim radios=4 regtest=10
wait_until 20 sh -c '[ "$(iw reg get | grep -c "^phy#")" -ge 4 ]'
same_text "regctl get prints what iw reg get prints (per-wiphy domains)" \
	"iw reg get" "$R get"
expect_eq "all four radios' own domains are shown" 4 "$(grep -c '^phy#' $B)"
expect_match "among them hwsim's custom world (99)" '^country 99: DFS-UNSET$' \
	"$(cat $B)"
phy=$(ls /sys/class/ieee80211 | sort -V | head -n 1)
same_text "regctl phy $phy prints what iw phy $phy channels prints (custom world)" \
	"iw phy $phy channels" "$R phy $phy"
phy=$(ls /sys/class/ieee80211 | sort -V | tail -n 1)
same_text "regctl phy $phy prints what iw phy $phy channels prints (driver hint)" \
	"iw phy $phy channels" "$R phy $phy"

check "mac80211_hwsim, mac80211 and cfg80211 unload" \
	modprobe -r mac80211_hwsim mac80211 cfg80211
[ -z "$own_db" ] || rm -f /lib/firmware/regulatory.db /lib/firmware/regulatory.db.p7s

check_fails "without cfg80211, regctl --family nl80211 get fails" $R get
expect_match "it says the module is not loaded" \
	'family "nl80211" not found: module not loaded' "$REGVM_OUT"
$R get >/dev/null 2>&1
expect_eq "and exits 3" 3 "$?"
if grep -q '^regcore ' /proc/modules; then
	skip "without regcore.ko, regctl get says module not loaded" \
		"regcore.ko is loaded"
else
	check_fails "without regcore.ko, regctl get fails" regctl get
	expect_match "it says the module is not loaded" \
		'family "regcore" not found: module not loaded' "$REGVM_OUT"
fi
