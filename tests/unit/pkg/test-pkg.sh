#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The Debian packages: built by scripts/build-pkg.sh from a clean clone of
# HEAD (what is not committed is not tested here) into OUTDIR; lintian has
# nothing to say but the tags README explains (none today); the .debs hold
# what make install-files lists, split as debian/*.install says, with the
# version of debian/changelog; their maintainer scripts do what they should
# (run with stubs, in a mount namespace of their own); scripts/pkg-stage.sh
# lays them out with a regcore.ko built by DKMS from regcore-dkms.
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
# dpkg keeps an administrator's changes to a conffile (debhelper makes every
# file under /etc one), as make install does with its .regcore-new.
grep '^/etc/' "$work/tools.files" >"$work/tools.etc"
t "regcore-tools: every file under /etc is a conffile" \
	sh -c "test -s '$work/tools.etc' && sort '$work/toolsctl/conffiles' |
		diff -u '$work/tools.etc' -"

# ---- the maintainer scripts, run as dpkg runs them ----
# Each script of each package, with the arguments dpkg gives it, in a
# mount namespace of its own (unshare): there /run is an empty tmpfs, with
# or without udev's control socket, and /usr/lib/dkms/common.postinst (what
# dh_dkms's postinst hands over to) is a stub; udevadm and dkms are stubs
# first in PATH. Each stub writes its arguments to $work/calls. So nothing
# of the machine is read for a decision or changed. (The real
# common.postinst is not run: it reads debconf and the machine's DKMS tree
# and kernels; check-dkms covers dkms in a scratch tree.)
stubs=$work/stubs
mkdir -p "$stubs/bin" "$work/nobin"
for c in udevadm dkms; do
	cat >"$stubs/bin/$c" <<-STUB
	#!/bin/sh
	echo "$c \$*" >>"$work/calls"
	# dkms status prints what dkms.status holds (empty: not registered)
	[ "$c \$1" != "dkms status" ] || cat "$work/dkms.status" 2>/dev/null
	exit \$(cat "$work/$c.rc" 2>/dev/null || echo 0)
	STUB
done
cat >"$stubs/common.postinst" <<-STUB
	#!/bin/sh
	printf 'common.postinst' >>"$work/calls"
	printf ' [%s]' "\$@" >>"$work/calls"
	echo >>"$work/calls"
STUB
chmod +x "$stubs/bin/udevadm" "$stubs/bin/dkms" "$stubs/common.postinst"
# ns.sh UDEV PATH PKG SCRIPT ARG...: in the namespace, run the control
# script SCRIPT of PKG (yes: with udev's control socket) with PATH
cat >"$stubs/ns.sh" <<-'NS'
	#!/bin/sh
	set -eu
	udev=$1 path=$2 pkg=$3 script=$4
	shift 4
	mount -t tmpfs regcore-test /run
	if [ "$udev" = yes ]; then
		mkdir /run/udev
		python3 -c 'import socket, sys
	socket.socket(socket.AF_UNIX).bind(sys.argv[1])' /run/udev/control
	fi
	mount --bind "$STUBS/common.postinst" /usr/lib/dkms/common.postinst
	cd /
	exec env -i PATH="$path" DPKG_MAINTSCRIPT_PACKAGE="$pkg" \
		DPKG_MAINTSCRIPT_PACKAGE_REFCOUNT=1 DPKG_MAINTSCRIPT_NAME="${script##*/}" \
		DPKG_MAINTSCRIPT_ARCH="$ARCH" DPKG_MAINTSCRIPT_DEBUG=0 \
		DPKG_RUNNING_VERSION="$DPKGVER" DPKG_ADMINDIR=/var/lib/dpkg DPKG_ROOT= \
		"$script" "$@"
NS
chmod +x "$stubs/ns.sh"
STUBS=$stubs
ARCH=$(dpkg --print-architecture)
DPKGVER=$(dpkg-query -W -f '${Version}' dpkg 2>/dev/null)
export STUBS ARCH DPKGVER
if [ "$(id -u)" = 0 ]; then ns="unshare --mount --propagation private"; else ns="unshare -r --mount"; fi
syspath=$stubs/bin:/usr/sbin:/usr/bin:/sbin:/bin
# ms NAME UDEV PATH PKG SCRIPT ARG... WANT: exit 0, and the stubs' calls
# (one a line) are WANT
ms() {
	name=$1
	shift
	eval "want=\${$#}"
	a=
	while [ $# -gt 1 ]; do a="$a '$1'"; shift; done
	: >"$work/calls"
	if eval "$ns '$stubs/ns.sh' $a" >"$work/ms.out" 2>&1; then
		eq "$name: calls" "$(cat "$work/calls")" "$want"
	else
		nok "$name: exit 0" "$(tail -n 10 "$work/ms.out")"
	fi
}
if ! $ns true 2>/dev/null; then
	echo "# maintainer scripts: skipped: '$ns' fails here (no mount namespace)"
elif [ ! -f /usr/lib/dkms/common.postinst ]; then
	nok "dkms's /usr/lib/dkms/common.postinst is there" "apt-get install dkms"
else
	tp=regcore-tools
	tc=$work/toolsctl
	t "$tp: no prerm (nothing to do before removal)" test ! -e "$tc/prerm"
	reload='udevadm control --reload-rules'
	ms "$tp postinst configure (first install), udev running" \
		yes "$syspath" $tp "$tc/postinst" configure "" "$reload"
	ms "$tp postinst configure 0.0 (upgrade), udev running" \
		yes "$syspath" $tp "$tc/postinst" configure 0.0 "$reload"
	ms "$tp postinst configure, no udev running" \
		no "$syspath" $tp "$tc/postinst" configure "" ""
	ms "$tp postinst configure, no udevadm at all" \
		yes "$work/nobin" $tp "$tc/postinst" configure "" ""
	ms "$tp postinst abort-upgrade" \
		yes "$syspath" $tp "$tc/postinst" abort-upgrade 0.1 ""
	echo 1 >"$work/udevadm.rc"
	ms "$tp postinst configure, udevadm fails: configure does not" \
		yes "$syspath" $tp "$tc/postinst" configure "" "$reload"
	rm -f "$work/udevadm.rc"
	ms "$tp postrm remove, udev running" \
		yes "$syspath" $tp "$tc/postrm" remove "$reload"
	ms "$tp postrm remove, no udev running" \
		no "$syspath" $tp "$tc/postrm" remove ""
	ms "$tp postrm purge (after remove)" \
		yes "$syspath" $tp "$tc/postrm" purge ""
	ms "$tp postrm upgrade" \
		yes "$syspath" $tp "$tc/postrm" upgrade 0.2 ""

	dp=regcore-dkms
	dc=$work/dkmsctl
	t "$dp: no postrm (dh_dkms removes in prerm)" test ! -e "$dc/postrm"
	ms "$dp postinst configure (first install): DKMS's common.postinst" \
		no "$syspath" $dp "$dc/postinst" configure "" \
		"common.postinst [regcore] [$ver] [/usr/share/$dp] []"
	ms "$dp postinst configure 0.0 (upgrade)" \
		no "$syspath" $dp "$dc/postinst" configure 0.0 \
		"common.postinst [regcore] [$ver] [/usr/share/$dp] [] [0.0]"
	ms "$dp postinst abort-upgrade" \
		no "$syspath" $dp "$dc/postinst" abort-upgrade 0.1 ""
	st="dkms status -m regcore -v $ver"
	echo "regcore/$ver, 6.1.0-1-amd64, x86_64: installed" >"$work/dkms.status"
	for a in remove upgrade deconfigure; do
		ms "$dp prerm $a, regcore/$ver in DKMS: dkms remove" \
			no "$syspath" $dp "$dc/prerm" $a "$st
dkms remove -m regcore -v $ver --all"
	done
	ms "$dp prerm failed-upgrade" no "$syspath" $dp "$dc/prerm" failed-upgrade 0.2 ""
	rm -f "$work/dkms.status"
	ms "$dp prerm remove, regcore/$ver not in DKMS: nothing removed" \
		no "$syspath" $dp "$dc/prerm" remove "$st"
fi

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
