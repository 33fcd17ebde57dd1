#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Lay out, under OUTDIR, what the Debian packages install on a machine with
# kernel KVER: the files of regcore-tools (dpkg -x) and regcore.ko, built
# by DKMS from the source tree of regcore-dkms and put where DKMS installs
# it, OUTDIR/lib/modules/KVER/updates/dkms/regcore.ko (regcore.ko.xz for a
# kernel whose modules are xz-compressed, as Debian's 6.12). For the VM
# test bed, which makes its initramfs from OUTDIR.
#
#   pkg-stage.sh KVER OUTDIR [KDIR]
#
# KDIR: the kernel's build tree, when it is not /lib/modules/KVER/build
# (the debug kernel's). The packages are those of build/pkg/ (make pkg);
# PKG_DIR= names another directory. OUTDIR must be missing or empty.
# Nothing outside OUTDIR and a scratch directory is written: DKMS runs on
# a scratch tree (--dkmstree, --sourcetree, --installtree), without
# depmod, and the module is not signed (no key of the machine is used).
set -eu
me=pkg-stage.sh
[ $# -eq 2 ] || [ $# -eq 3 ] || { echo "usage: $me KVER OUTDIR [KDIR]" >&2; exit 2; }
kver=$1
out=$(realpath -m "$2")
kdir=${3:-}
top=$(cd "$(dirname "$0")/.." && pwd)
pkgdir=${PKG_DIR:-$top/build/pkg}
command -v dkms >/dev/null || { echo "$me: no dkms (apt-get install dkms)" >&2; exit 1; }
pick() {
	set -- "$pkgdir"/"$1"_*.deb
	if [ ! -f "$1" ] || [ $# -ne 1 ]; then
		echo "$me: want one $pkgdir/$1_*.deb, found: $*; run make pkg" >&2
		exit 1
	fi
	echo "$1"
}
tools=$(pick regcore-tools)
dkmsdeb=$(pick regcore-dkms)
if [ -n "$kdir" ] && [ ! -e "$kdir/Makefile" ]; then
	echo "$me: no kernel build tree at $kdir" >&2
	exit 1
fi
if [ -z "$kdir" ] && [ ! -e "/lib/modules/$kver/build/Makefile" ]; then
	echo "$me: no headers for $kver at /lib/modules/$kver/build (give KDIR)" >&2
	exit 1
fi
if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
	echo "$me: $out is not empty; give a new or empty directory" >&2
	exit 1
fi
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

dpkg -x "$tools" "$out"
dpkg -x "$dkmsdeb" "$work/root"
ver=$(dpkg-deb -f "$dkmsdeb" Version)
ver=${ver%-*}
mkdir -p "$work/dkms" "$out/lib/modules/$kver"
export sign_file=/nonexistent/sign-file
dkms() {
	command dkms --dkmstree "$work/dkms" --sourcetree "$work/root/usr/src" \
		--installtree "$out/lib/modules" "$@"
}
cd "$work"
step() {
	if ! dkms "$@" >"$work/step.log" 2>&1; then
		cat "$work/step.log" >&2
		log=$work/dkms/regcore/$ver/build/make.log
		[ -f "$log" ] && tail -n 30 "$log" >&2
		echo "$me: dkms $1 failed for $kver (output above)" >&2
		exit 1
	fi
}
step add -m regcore -v "$ver"
step build -m regcore -v "$ver" -k "$kver" ${kdir:+--kernelsourcedir "$kdir"}
step install --no-depmod -m regcore -v "$ver" -k "$kver" ${kdir:+--kernelsourcedir "$kdir"}
# regcore.ko, or regcore.ko.xz where the kernel's modules are compressed
# (Debian's 6.12): as dkms installs it.
ko=$(ls "$out/lib/modules/$kver/updates/dkms/"regcore.ko* 2>/dev/null | head -n 1)
[ -n "$ko" ] || { echo "$me: dkms install left no $out/lib/modules/$kver/updates/dkms/regcore.ko*" >&2; exit 1; }
echo "$me: $out: regcore-tools $ver and $ko"
