#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# DKMS, the route README gives: make install-files (everything but the
# module for KVER, which would sit in extra/ and make dkms install nothing)
# puts the source tree under /usr/src (dkms.conf with its version, Kbuild,
# the module's sources); it is added to a scratch DKMS tree, built for the
# newest installed kernel of each supported series (scripts/kvers.sh) and
# installed into a scratch module tree, with the version of
# debian/changelog. A kernel outside the supported series is skipped
# (exit 77, as Debian's dkms postinst wants), and make uninstall-dkms
# takes the registration away. Never the machine's /var/lib/dkms,
# /usr/src or /lib/modules: dkms gets --dkmstree, --sourcetree and
# --installtree, a scratch signing key, and --no-depmod.
#
# Needs TOP, MAKE; KVERS= (space separated) overrides the kernels.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$TOP/tests/unit/pkg/lib.sh"

if ! command -v dkms >/dev/null; then
	nok "dkms is installed" "no dkms command (apt-get install dkms)"
	summary
	exit
fi
ver=$($MAKE -s --no-print-directory -C "$TOP" print-version)
kvers=${KVERS:-$("$TOP/scripts/kvers.sh")}
echo "# regcore $ver; kernels: $(echo $kvers)"
# README's route and dkms.conf's comment: make install-files, then dkms
# install (make install's extra/regcore.ko would stop dkms installing).
for f in README dkms.conf; do
	t "$f: the DKMS route is make install-files, then dkms install" awk '
		/dkms install regcore\// { n++; if (prev !~ /make install-files/ &&
			$0 !~ /make install-files/) bad++ }
		NF { prev = $0 }
		END { exit !(n > 0 && !bad) }' "$TOP/$f"
done
if ! $MAKE -s --no-print-directory -C "$TOP" install-files \
		DESTDIR="$work/root" >"$work/install.log" 2>&1; then
	nok "make install-files" "$(tail -n 15 "$work/install.log")"
	summary
	exit
fi
ok "make install-files into a scratch DESTDIR"
t "make install-files installs no module" test ! -e "$work/root/lib/modules"
src=$work/root/usr/src
mkdir -p "$work/dkms" "$work/lib/modules"
# Signing as dkms does it on the machine, with a key made for this run (not
# /var/lib/dkms/mok.key, which dkms would otherwise create).
export mok_signing_key="$work/mok.key" mok_certificate="$work/mok.pub"
dkms_args="--dkmstree $work/dkms --sourcetree $src --installtree $work/lib/modules"
dkms() {
	# shellcheck disable=SC2086 # scratch paths without blanks (mktemp)
	command dkms $dkms_args "$@"
}
# dkms changes directory; run it from the scratch dir
cd "$work"

conf=$src/regcore-$ver/dkms.conf
t "the DKMS tree has dkms.conf with version $ver" \
	grep -qx "PACKAGE_VERSION=\"$ver\"" "$conf"
t "the DKMS tree has no test sources" \
	sh -c "! find '$src/regcore-$ver' -path '*tests*' | grep -q ."
t "dkms add regcore/$ver" dkms add -m regcore -v "$ver"

# The supported series alone: dkms.conf's BUILD_EXCLUSIVE_KERNEL, filled in
# from scripts/kvers.sh's list, takes each of them and nothing else.
re=$(sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"$/\1/p' "$conf")
t "dkms.conf has BUILD_EXCLUSIVE_KERNEL" test -n "$re"
series=$("$TOP/scripts/kvers.sh" --supported)
match() { bash -c '[[ $1 =~ $2 ]]' match "$1" "$re"; }
nomatch() { ! match "$1"; }
# the series of a kernel version: 6.12.38+deb12-amd64 -> 6.12
series_of() { echo "$1" | sed 's/^\([0-9]*\.[0-9]*\).*/\1/'; }
for s in $series; do
	t "BUILD_EXCLUSIVE_KERNEL takes $s.0-1-amd64" match "$s.0-1-amd64"
	t "BUILD_EXCLUSIVE_KERNEL takes $s.99+deb12-amd64" match "$s.99+deb12-amd64"
done
# Others, and the same digits and one more (6.1 is not 6.10, 6.12 not 6.120).
for k in 5.10.0-30-amd64 6.6.0-1-amd64 7.1.0-1-amd64 \
		$(for s in $series; do echo "${s}0.1-amd64 ${s}1.0-1-amd64"; done); do
	echo "$series" | grep -qxF "$(series_of "$k")" && continue
	t "BUILD_EXCLUSIVE_KERNEL refuses $k" nomatch "$k"
done
for k in $kvers; do
	t "BUILD_EXCLUSIVE_KERNEL takes the installed $k" match "$k"
done
# dkms build for a kernel outside them exits 77 (Debian's common.postinst
# skips such a kernel; any other failure fails the package's configure).
k1=$(echo $kvers | cut -d' ' -f1)
if [ -n "$k1" ]; then
	out=6.6.0-1-amd64
	mkdir -p "$work/lib/modules/$out"
	dkms build -m regcore -v "$ver" -k "$out" \
		--kernelsourcedir "/lib/modules/$k1/build" >"$work/b77.log" 2>&1
	rc=$?
	eq "dkms build for $out (headers of $k1) exits 77" "$rc" 77
	[ "$rc" = 77 ] || sed 's/^/#   /' "$work/b77.log" | tail -n 5
	t "no module built for $out" sh -c "! ls -d '$work/dkms/regcore/$ver/$out' 2>/dev/null"
fi

for k in $kvers; do
	mkdir -p "$work/lib/modules/$k"
	if ! dkms build -m regcore -v "$ver" -k "$k" >"$work/build.log" 2>&1; then
		log=$work/dkms/regcore/$ver/build/make.log
		nok "dkms build for $k" "$(tail -n 5 "$work/build.log")" \
			"make.log: $(grep -E 'error|Error' "$log" 2>/dev/null | head -n 8)"
		continue
	fi
	ok "dkms build for $k"
	# regcore.ko, or regcore.ko.xz (.zst, .gz) where the kernel's own
	# modules are compressed (Debian's 6.12): dkms does as the kernel does.
	ko=$(ls "$work/dkms/regcore/$ver/$k/x86_64/module/"regcore.ko* 2>/dev/null | head -n 1)
	if [ -n "$ko" ]; then
		ok "$k: regcore.ko built ($(basename "$ko"))"
		vm=$(modinfo -F vermagic "$ko")
		eq "$k: its vermagic names $k" "${vm%% *}" "$k"
	else
		nok "$k: regcore.ko built" "no regcore.ko*; modules:" \
			"$(find "$work/dkms" -name '*.ko*')"
	fi
	log=$work/dkms/regcore/$ver/$k/x86_64/log/make.log
	t "$k: no warning in the build" \
		sh -c "! grep -E 'warning:|error:' '$log' | grep -v '^make'"
	t "$k: no other module built (regsim, KUnit)" \
		sh -c "test -z \"\$(find '$work/dkms' -name '*.ko*' ! -name 'regcore.ko*')\""
	if dkms install --no-depmod -m regcore -v "$ver" -k "$k" \
			>"$work/inst.log" 2>&1; then
		ok "dkms install for $k (scratch module tree)"
	else
		nok "dkms install for $k (scratch module tree)" "$(tail -n 8 "$work/inst.log")"
	fi
	inst=$work/lib/modules/$k/updates/dkms/$(basename "${ko:-regcore.ko}")
	t "$k: installed as updates/dkms/$(basename "$inst")" test -f "$inst"
	eq "$k: its modinfo version is debian/changelog's" \
		"$(modinfo -F version "$inst" 2>&1)" "$("$TOP/scripts/version.sh")"
	t "dkms uninstall for $k" dkms uninstall --no-depmod -m regcore -v "$ver" -k "$k"
	t "$k: uninstalled" sh -c "! ls '$work/lib/modules/$k/updates/dkms/'regcore.ko* 2>/dev/null"
done

# make uninstall takes the registration away before the source tree, on
# the machine (empty DESTDIR) only; DKMS_ARGS points it at the scratch tree.
mku() { $MAKE -s --no-print-directory -C "$TOP" uninstall-dkms DKMS_ARGS="$dkms_args" "$@"; }
mku DESTDIR="$work/root" >"$work/u1.log" 2>&1
t "make uninstall-dkms DESTDIR=...: regcore/$ver stays registered" \
	sh -c "dkms $dkms_args status -m regcore -v '$ver' | grep -q ."
t "make uninstall-dkms DESTDIR=... says nothing of dkms" sh -c "! grep -q 'dkms remove' '$work/u1.log'"
if mku DESTDIR= >"$work/u2.log" 2>&1; then
	ok "make uninstall-dkms (no DESTDIR)"
else
	nok "make uninstall-dkms (no DESTDIR)" "$(tail -n 15 "$work/u2.log")"
fi
t "it says it runs dkms remove" grep -q "dkms.* remove .*regcore.*$ver.*--all" "$work/u2.log"
t "regcore/$ver is no longer registered" \
	sh -c "test -z \"\$(dkms $dkms_args status -m regcore -v '$ver')\""
t "nor in the scratch DKMS tree" test ! -e "$work/dkms/regcore/$ver"
mku DESTDIR= >"$work/u3.log" 2>&1
t "a second make uninstall-dkms does nothing" sh -c "! grep -q 'dkms remove' '$work/u3.log'"
summary
