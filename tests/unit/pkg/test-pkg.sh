#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Debian packages: built by scripts/build-pkg.sh from a clean clone of
# HEAD (what is not committed is not tested here) into OUTDIR; lintian has
# nothing to say but the tags README explains (none today); the .debs hold
# what make install-files lists, split as debian/*.install says, with the
# version of debian/changelog; scripts/pkg-stage.sh lays them out with a
# regcore.ko built by DKMS from regcore-dkms.
#
#   test-pkg.sh OUTDIR        (needs TOP, MAKE; KVERS= for pkg-stage)
set -u
out=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$TOP/tests/unit/pkg/lib.sh"
# Lintian tags tolerated, each explained in README ("Lintian"); none now.
LINTIAN_ALLOWED=""

ver=$("$TOP/scripts/version.sh")
if "$TOP/scripts/build-pkg.sh" "$out" >"$work/build.out" 2>&1; then
	sed 's/^/# /' "$work/build.out"
	ok "dpkg-buildpackage -us -uc -b from a clean clone of HEAD"
else
	nok "dpkg-buildpackage -us -uc -b from a clean clone of HEAD" \
		"$(tail -n 25 "$work/build.out")"
	summary
	exit
fi
dkmsdeb=$out/regcore-dkms_${ver}_all.deb
toolsdeb=$(ls "$out"/regcore-tools_"$ver"_*.deb 2>/dev/null | head -n 1)
t "regcore-dkms_${ver}_all.deb is in $out" test -f "$dkmsdeb"
t "regcore-tools_${ver}_ARCH.deb is in $out" test -f "$toolsdeb"
[ -f "$dkmsdeb" ] && [ -f "$toolsdeb" ] || { summary; exit; }

# ---- lintian ----
if command -v lintian >/dev/null; then
	lintian --pedantic "$out"/*.changes >"$work/lintian" 2>&1
	sed -e '/running with root privileges/d' -e 's/^/# lintian: /' "$work/lintian"
	grep -E '^[EW]: ' "$work/lintian" >"$work/lintian.ew"
	for tag in $LINTIAN_ALLOWED; do
		grep -v -- " $tag" "$work/lintian.ew" >"$work/l" || true
		mv "$work/l" "$work/lintian.ew"
	done
	t "lintian: no error or warning (but those README explains)" \
		test ! -s "$work/lintian.ew"
else
	nok "lintian is installed" "no lintian (apt-get install lintian)"
fi

# ---- contents: make install-files' list, split in two ----
debfiles() { dpkg-deb -c "$1" | awk '$1 !~ /^d/ {print $6}' | sed 's/^\.//' | sort; }
debfiles "$dkmsdeb" >"$work/dkms.files"
debfiles "$toolsdeb" >"$work/tools.files"
$MAKE -s --no-print-directory -C "$TOP" KVER=none install-list |
	grep -v '^/lib/modules/' | sed 's,^\(/usr/share/man/.*\),\1.gz,' |
	sort >"$work/list"
grep '^/usr/src/' "$work/list" >"$work/list.dkms"
grep -v '^/usr/src/' "$work/list" >"$work/list.tools"
grep -v '^/usr/share/doc/' "$work/dkms.files" >"$work/dkms.own"
grep -v '^/usr/share/doc/' "$work/tools.files" >"$work/tools.own"
t "regcore-dkms holds the DKMS source tree of make install" \
	diff -u "$work/list.dkms" "$work/dkms.own"
t "regcore-tools holds every other file of make install" \
	diff -u "$work/list.tools" "$work/tools.own"
for f in /usr/src/regcore-$ver/dkms.conf /usr/src/regcore-$ver/Kbuild \
		/usr/src/regcore-$ver/net/regcore/main.c; do
	t "regcore-dkms: $f" grep -qx "$f" "$work/dkms.files"
done
t "regcore-dkms: no test sources" sh -c "! grep -q tests/ '$work/dkms.files'"
for f in /sbin/crda /usr/sbin/regctl /usr/bin/regdb /sbin/regdbdump \
		/lib/udev/rules.d/85-regcore.rules \
		/usr/share/regcore/85-regcore-cfg80211.rules \
		/usr/share/man/man8/crda.8.gz /etc/modprobe.d/regcore.conf \
		/etc/wireless-regdb/pubkeys/regcore-wens.x509.pem \
		/usr/share/doc/regcore-tools/copyright; do
	t "regcore-tools: $f" grep -qx "$f" "$work/tools.files"
done
t "regcore-tools: not the cfg80211 rule among udev's rules" \
	sh -c "! grep -q '^/lib/udev/rules.d/.*cfg80211' '$work/tools.files'"

# ---- control fields and scripts ----
eq "regcore-dkms: Version" "$(dpkg-deb -f "$dkmsdeb" Version)" "$ver"
eq "regcore-tools: Version" "$(dpkg-deb -f "$toolsdeb" Version)" "$ver"
t "regcore-dkms: Depends on dkms" \
	sh -c "dpkg-deb -f '$dkmsdeb' Depends | grep -q '^dkms'"
t "regcore-tools: Depends on libnl (shlibs)" \
	sh -c "dpkg-deb -f '$toolsdeb' Depends | grep -q 'libnl-genl-3'"
t "regcore-tools: Recommends wireless-regdb" \
	sh -c "dpkg-deb -f '$toolsdeb' Recommends | grep -q 'wireless-regdb'"
dpkg-deb -x "$dkmsdeb" "$work/dkmsroot"
eq "regcore-dkms: dkms.conf's version" \
	"$(sed -n 's/^PACKAGE_VERSION=//p' "$work/dkmsroot/usr/src/regcore-$ver/dkms.conf")" "\"$ver\""
dpkg-deb -e "$dkmsdeb" "$work/dkmsctl"
t "regcore-dkms: postinst builds through DKMS" \
	grep -q 'common.postinst' "$work/dkmsctl/postinst"
t "regcore-dkms: prerm removes regcore/$ver from DKMS" \
	grep -q 'dkms remove' "$work/dkmsctl/prerm"
dpkg-deb -e "$toolsdeb" "$work/toolsctl"
for s in postinst postrm; do
	t "regcore-tools: $s reloads udev's rules" \
		grep -q 'udevadm control --reload-rules' "$work/toolsctl/$s"
done
t "regcore-tools: /etc files are conffiles" \
	grep -qx /etc/modprobe.d/regcore.conf "$work/toolsctl/conffiles"

# ---- the layout for the VM, with regcore.ko from regcore-dkms ----
k=$(echo ${KVERS:-$("$TOP/scripts/kvers.sh" 2>/dev/null)} | cut -d' ' -f1)
if [ -n "$k" ]; then
	if PKG_DIR=$out "$TOP/scripts/pkg-stage.sh" "$k" "$work/stage" \
			>"$work/stage.log" 2>&1; then
		ok "pkg-stage.sh $k"
	else
		nok "pkg-stage.sh $k" "$(tail -n 15 "$work/stage.log")"
	fi
	ko=$(ls "$work/stage/lib/modules/$k/updates/dkms/"regcore.ko* 2>/dev/null | head -n 1)
	t "pkg-stage: regcore.ko for $k under updates/dkms" test -n "$ko"
	[ -f "$ko" ] && eq "pkg-stage: its vermagic" \
		"$(modinfo -F vermagic "$ko" | cut -d' ' -f1)" "$k"
	t "pkg-stage: crda of regcore-tools" test -x "$work/stage/sbin/crda"
fi
summary
