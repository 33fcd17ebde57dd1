#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# DKMS: the source tree make install puts under /usr/src (dkms.conf with its
# version, Kbuild, the module's sources) is added to a scratch DKMS tree,
# built for the newest installed kernel of each supported series
# (scripts/kvers.sh) and installed into a scratch module tree. Never the
# machine's /var/lib/dkms, /usr/src or /lib/modules: dkms gets
# --dkmstree, --sourcetree and --installtree, a scratch signing key, and
# --no-depmod.
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
if ! $MAKE -s --no-print-directory -C "$TOP" install-dkms-src \
		DESTDIR="$work/root" >"$work/install.log" 2>&1; then
	nok "make install-dkms-src" "$(tail -n 15 "$work/install.log")"
	summary
	exit
fi
src=$work/root/usr/src
mkdir -p "$work/dkms" "$work/lib/modules"
# Signing as dkms does it on the machine, with a key made for this run (not
# /var/lib/dkms/mok.key, which dkms would otherwise create).
export mok_signing_key="$work/mok.key" mok_certificate="$work/mok.pub"
dkms() {
	command dkms --dkmstree "$work/dkms" --sourcetree "$src" \
		--installtree "$work/lib/modules" "$@"
}
# dkms changes directory; run it from the scratch dir
cd "$work"

conf=$src/regcore-$ver/dkms.conf
t "the DKMS tree has dkms.conf with version $ver" \
	grep -qx "PACKAGE_VERSION=\"$ver\"" "$conf"
t "the DKMS tree has no test sources" \
	sh -c "! find '$src/regcore-$ver' -path '*tests*' | grep -q ."
t "dkms add regcore/$ver" dkms add -m regcore -v "$ver"

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
	t "$k: installed as updates/dkms/$(basename "${ko:-regcore.ko}")" \
		test -f "$work/lib/modules/$k/updates/dkms/$(basename "${ko:-regcore.ko}")"
	t "dkms uninstall for $k" dkms uninstall --no-depmod -m regcore -v "$ver" -k "$k"
	t "$k: uninstalled" sh -c "! ls '$work/lib/modules/$k/updates/dkms/'regcore.ko* 2>/dev/null"
done
t "dkms remove regcore/$ver" dkms remove -m regcore -v "$ver" --all
summary
