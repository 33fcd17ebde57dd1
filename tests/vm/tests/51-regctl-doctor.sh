#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# `regctl doctor`: on a healthy test bed every check is ok; then one
# thing is broken at a time, and doctor names it with its remedy: the
# module not loaded, crda not executable, the udev rule masked, a tampered
# database, a request that timed out, a regulatory.db missing for
# regdb=firmware; a radio with a domain of its own is a note. With
# --family nl80211 it checks the kernel's cfg80211: which regulatory.db
# it reads and whether the running kernel has a key named after its
# signer (/proc/keys).
. /regvm/lib.sh
. /regvm/regcore.sh
require_module regcore regsim
if is_debug; then
	skip "all tests of this group" "doctor only reads (userspace): checked on Debian's kernels; the module paths it reads are groups 49 and 50's, which run here"
	exit 0
fi
db=/usr/lib/crda/regulatory.bin
fw=/lib/firmware/regulatory.db
# the VM's own regulatory.db, if any, is put back at the end; cfg80211 is
# unloaded again if this group loaded it
own=/tmp/51-own-regulatory
mkdir -p $own
for f in $fw $fw.p7s; do [ ! -e $f ] || mv $f $own/; done
cfg_loaded=false
rc_loaded cfg80211 && cfg_loaded=true
cleanup() {
	rc_unload
	chmod 755 /sbin/crda
	rm -f /etc/wireless-regdb/pubkeys/a-vmtest.x509.pem $fw $fw.p7s
	[ ! -e $db.good ] || mv $db.good $db
	for f in $own/*; do [ ! -e "$f" ] || mv "$f" /lib/firmware/; done
	$cfg_loaded || modprobe -r cfg80211 2>/dev/null
	rc_unmask_crda
}
trap cleanup EXIT

# doc [ARGS]: regctl ARGS doctor; its output in $out, exit status in $status
doc() {
	out=$(regctl "$@" doctor 2>&1)
	status=$?
	diag "regctl $* doctor: exit $status"
	printf '%s\n' "$out" | while IFS= read -r line; do diag "  $line"; done
}

# ---- healthy: the real crda answers ----
check "regcore loads (6 s for crda to answer, as in group 40)" rc_load crda_timeout_ms=6000
check "the world is answered by crda" wait_until 20 rc_alpha2_is 00
check "regsim loads two radios" modprobe regsim radios=2
check "regctl set DE" regctl set DE
check "crda answers DE" wait_until 20 rc_alpha2_is DE
doc
expect_eq "healthy: exit 0" 0 "$status"
expect_match "healthy: the module answers" \
	'^ok +module +regcore is loaded' "$out"
expect_match "healthy: regcore asks crda" \
	'^ok +source +regcore asks crda for rules, through udev \(regdb=crda\); answers are due within 6000 ms' "$out"
expect_match "healthy: the package's udev rule runs /sbin/crda" \
	'^ok +udev-rule +(/usr)?/lib/udev/rules.d/85-regcore.rules runs /sbin/crda' "$out"
expect_match "healthy: crda is executable" \
	'^ok +crda +/sbin/crda is executable' "$out"
expect_match "healthy: udevd runs" "^ok +udevd " "$out"
expect_match "healthy: the database crda reads, its SHA-256 as sha256sum computes it, its signer" \
	"^ok +database +$db \(crda reads it\): version 19, [0-9]+ countries, sha256 $(sha256sum $db | cut -d' ' -f1), signed by /etc/wireless-regdb/pubkeys/vmtest.key.pub.pem" "$out"
expect_match "healthy: the last request applied DE" \
	'^ok +requests +the last request settled, number [0-9]+ for DE: applied: .*' "$out"
regctl history | while IFS= read -r line; do diag "history: $line"; done
expect_match "healthy: DE in force" \
	'^ok +domain +DE is in force \(DFS-ETSI, [0-9]+ rules\)' "$out"
expect_match "healthy: each radio follows it" \
	'^ok +radios +rphy1 follows the domain in force' "$out"
expect_eq "healthy: nothing to check or fix" "" "$(printf '%s\n' "$out" | grep -E '^(warn|fail) ')"
check "--json: one valid JSON object" sh -c 'regctl --json doctor | jsoncheck'
expect_eq "--json: counts and levels" "0 0 regcore" \
	"$(regctl --json doctor | jq -r '"\(.warn) \(.fail) \(.family)"')"
check "an unprivileged user runs it" as_nobody regctl doctor

# ---- one thing broken at a time ----
chmod 644 /sbin/crda
doc
expect_eq "crda not executable: exit 1" 1 "$status"
expect_match "crda not executable: named, with the remedy" \
	'^fail +crda +/sbin/crda: not executable' "$out"
expect_match "and the fix" 'fix: reinstall regcore-tools, or make /sbin/crda executable' "$out"
chmod 755 /sbin/crda

rc_mask_crda
doc
expect_eq "udev rule masked: exit 1" 1 "$status"
expect_match "udev rule masked: the masking file is named" \
	'^fail +udev-rule +/etc/udev/rules.d/85-regcore.rules masks the rules of that name: no uevent of regcore runs crda' "$out"
rc_unmask_crda
mkdir -p /etc/udev/rules.d
ln -s /dev/null /etc/udev/rules.d/85-regcore.rules
doc
expect_match "masked by a link to /dev/null: named too" \
	'^fail +udev-rule +/etc/udev/rules.d/85-regcore.rules masks the rules of that name' "$out"
rm /etc/udev/rules.d/85-regcore.rules

cp $db $db.good
byte=$(dd if=$db bs=1 skip=300 count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
# shellcheck disable=SC2059
printf "\\$(printf %03o $(((byte + 1) % 256)))" | dd of=$db bs=1 seek=300 conv=notrunc 2>/dev/null
check "the database is tampered with (one byte)" sh -c "! cmp -s $db $db.good"
doc
expect_eq "tampered database: exit 1" 1 "$status"
expect_match "tampered database: refused, and why" \
	"^fail +database +$db \(crda reads it\): refused: " "$out"
mv $db.good $db

rc_mask_crda
rc_serve_reset
check "regcore loads with 1500 ms to answer, crda masked" rc_load crda_timeout_ms=1500
check "the world's request times out" wait_until 20 sh -c \
	"regctl history | grep -q 'no answer for 00 within 1500 ms'"
doc
expect_match "a timed-out request: to check, with what to look at" \
	'^warn +requests +the last request settled, number 1 for 00: timed_out: no answer for 00 within 1500 ms: dropped' "$out"
expect_match "and the remedy" 'fix: nothing answered in time' "$out"
expect_match "the masked rule is the cause, also named" \
	'^fail +udev-rule +.* masks ' "$out"
rc_unmask_crda

check "regcore unloads" rc_unload
doc
expect_eq "module not loaded: exit 1" 1 "$status"
expect_match "module not loaded: named, with the remedy" \
	'^fail +module +regcore is not loaded' "$out"
expect_match "the database is still checked" \
	"^ok +database +$db" "$out"

check "regcore loads again" rc_load crda_timeout_ms=6000
check "the world is answered by crda" wait_until 20 rc_alpha2_is 00
check "regsim loads, radio 0 hinting FI (regtest=1)" modprobe regsim radios=2 regtest=1
check "crda answers FI" wait_until 20 rc_alpha2_is FI
doc
expect_eq "a radio with its own domain: exit 0" 0 "$status"
expect_match "it is a note: the radio keeps FI" \
	'^note +radios +rphy0 has a domain of its own, FI \(its driver.s hint or custom rules\): a strict radio keeps to it' "$out"

rm -f $fw $fw.p7s
check "regcore loads with regdb=firmware" rc_load regdb=firmware
doc
expect_eq "regdb=firmware without regulatory.db: exit 1" 1 "$status"
expect_match "the missing file is named" \
	"^fail +database +no $fw: regcore has nothing to read" "$out"
expect_eq "crda is not checked: regdb=firmware does not use it" "" \
	"$(printf '%s\n' "$out" | grep -E '^[a-z]+ +(udev-rule|crda) ')"
rc_unload

# ---- --family nl80211: the kernel's cfg80211 ----
check "cfg80211 is loaded" modprobe cfg80211
cp /regvm/debian/regulatory.db $fw
cp /regvm/debian/regulatory.db.p7s $fw.p7s
doc --family nl80211
expect_match "nl80211: cfg80211 answers" \
	"^ok +module +the kernel's cfg80211 answers" "$out"
expect_match "nl80211: Debian's regulatory.db, read by cfg80211 (no rule runs crda for it), signed by Debian's key" \
	"^ok +database +$fw \(cfg80211 reads it\): version 20, [0-9]+ countries, sha256 $(sha256sum $fw | cut -d' ' -f1), signed by builtin:debian.x509.pem" "$out"
expect_match "nl80211: the kernel has a key named after its signer" \
	'^ok +kernel-key +the kernel.s regdb keyring has the key that signed /lib/firmware/regulatory.db \(CN=benh@debian.org, id 577e021cb980e0e820821ba7b54b4961b8b4fadf\): cfg80211 can verify it' "$out"
expect_match "the kernel names that key so (its keyring, as root)" \
	'benh@debian.org: 577e021cb980e0e820821ba7b54b4961b8b4fadf' "$(cat /proc/keys)"
expect_match "nl80211: the requests are not recorded" \
	'^note +requests +cfg80211 keeps no record' "$out"
expect_match "nl80211: an unprivileged user cannot see the kernel's keys: a note" \
	'^note +kernel-key +cannot tell' "$(as_nobody regctl --family nl80211 doctor 2>&1)"
# a regulatory.db signed with the test bed's key, which crda trusts
check "a regulatory.db signed with the test key (CN regcore-vm-test)" \
	regdb compile --db $fw --sign-key /usr/share/regcore/vmtest.key.priv \
	--cert /usr/share/regcore/vmtest.x509.pem /usr/share/regcore/db.txt
doc --family nl80211
expect_match "nl80211: crda's keys (a bare test key) do not verify it: a note (no crda here), naming the signer" \
	"^note +database +$fw \\(cfg80211 reads it\\): crda.s keys do not verify it: .*signer \"CN=regcore-vm-test\" is not a trusted certificate" "$out"
# its certificate in crda's key directory
cp /usr/share/regcore/vmtest.x509.pem /etc/wireless-regdb/pubkeys/a-vmtest.x509.pem
doc --family nl80211
rm /etc/wireless-regdb/pubkeys/a-vmtest.x509.pem
expect_match "nl80211: the kernel's keyring lacks the test key: to check, with its keys listed" \
	'^warn +kernel-key +the kernel.s regdb keyring \(.*benh@debian.org: 577e021cb980e0e820821ba7b54b4961b8b4fadf.*\) lacks the key that signed /lib/firmware/regulatory.db \(CN=regcore-vm-test, id [0-9a-f]+\): cfg80211 refuses the file' "$out"
expect_match "and the remedy" 'fix: point /lib/firmware/regulatory.db at a file signed by a key the kernel has' "$out"
rm -f $fw $fw.p7s
doc --family nl80211
expect_match "nl80211: no regulatory.db: to check" \
	"^warn +database +no $fw: cfg80211 asks crda, or keeps the world domain" "$out"

exit 0
