#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make install into a scratch DESTDIR, then make uninstall: the files
# install wrote are the files of the list (make install-list), uninstall
# removes exactly those, and no file is left. Also checks what some of
# them hold: the keys crda trusts, the modprobe.d example.
#
# Needs TOP, MAKE and KVER (the module is built and installed for it).
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$TOP/tests/unit/pkg/lib.sh"
d=$work/root
mk() { $MAKE -s --no-print-directory -C "$TOP" KVER="$KVER" DESTDIR="$d" "$@"; }
files() { (cd "$d" && find . ! -type d | sed 's/^\.//' | sort); }

echo "# make install DESTDIR=$d KVER=$KVER"
mk install-list | sort >"$work/list"
if mk install >"$work/install.log" 2>&1; then
	ok "make install into a scratch DESTDIR"
else
	nok "make install into a scratch DESTDIR" "$(tail -n 15 "$work/install.log")"
fi
files >"$work/installed"
sed -n 's/^installed //p' "$work/install.log" | sort >"$work/said"
t "the files installed are those of the list" diff -u "$work/list" "$work/installed"
t "make install names each file it installs" diff -u "$work/list" "$work/said"
eq "files installed" "$(wc -l <"$work/installed")" "$(wc -l <"$work/list")"

keydir=$(sed -n 's/^#define REGDB_DEFAULT_KEYDIR "\(.*\)"$/\1/p' "$TOP/crda/lib/regdb.h")
for k in "$TOP"/keys/*.pem; do
	t "$(basename "$k") is in crda's key directory $keydir" \
		cmp "$k" "$d$keydir/regcore-$(basename "$k")"
done
if command -v dpkg >/dev/null && dpkg -L wireless-regdb >"$work/wrdb" 2>/dev/null; then
	t "no file name of wireless-regdb's is installed" \
		sh -c "! comm -12 '$work/list' '$(sort "$work/wrdb" >"$work/wrdb.s"; echo "$work/wrdb.s")' | grep ."
fi
# The installed certificates alone (not the built-in copies: -n) verify
# Debian's databases, as crda reads that directory.
for who in upstream debian; do
	db=/lib/firmware/regulatory.db-$who sig=/lib/firmware/regulatory.db.p7s-$who
	[ -r "$db" ] && [ -r "$sig" ] || continue
	t "the installed certificates alone verify wireless-regdb's $who database" \
		"$d/usr/bin/regdb" verify -n -k "$d$keydir" -s "$sig" "$db"
done
m=$d/etc/modprobe.d/regcore.conf
t "the modprobe.d example has the option, commented" \
	grep -qx '#options regcore ieee80211_regdom=XX' "$m"
t "the modprobe.d example sets nothing" \
	sh -c "! grep -v '^#' '$m' | grep -q ."
t "the module is installed for $KVER" \
	test -f "$d/lib/modules/$KVER/extra/regcore.ko"

# PREFIX moves the programs of PREFIX (and the man pages), not what other
# programs look for in fixed places: crda (udev's rule names /sbin/crda),
# the rule, the key directory, modprobe.d and the DKMS tree.
mk install-list PREFIX=/usr/local >"$work/list.local"
t "PREFIX=/usr/local: regctl, regdb and the man pages move" sh -c \
	"grep -qx /usr/local/sbin/regctl '$work/list.local' &&
	 grep -qx /usr/local/bin/regdb '$work/list.local' &&
	 grep -qx /usr/local/share/man/man8/crda.8 '$work/list.local'"
t "PREFIX=/usr/local: crda, the keys and the DKMS tree stay" sh -c \
	"grep -qx /sbin/crda '$work/list.local' &&
	 grep -q '^/etc/wireless-regdb/pubkeys/regcore-' '$work/list.local' &&
	 grep -q '^/usr/src/regcore-' '$work/list.local'"

if mk uninstall >"$work/uninstall.log" 2>&1; then
	ok "make uninstall from the scratch DESTDIR"
else
	nok "make uninstall from the scratch DESTDIR" "$(tail -n 15 "$work/uninstall.log")"
fi
sed -n 's/^removed //p' "$work/uninstall.log" | sort >"$work/removed"
t "uninstall removed the files install wrote" diff -u "$work/installed" "$work/removed"
t "no file is left" sh -c "test -z \"\$(cd '$d' && find . ! -type d)\""
t "regcore's own directories are gone" sh -c \
	"! ls -d '$d'/usr/src/regcore-* '$d'/usr/share/regcore 2>/dev/null | grep ."
t "shared directories stay (/etc)" test -d "$d/etc"
# A second uninstall finds nothing to remove, and says so by silence.
mk uninstall >"$work/uninstall2.log" 2>&1
t "a second make uninstall removes nothing" \
	sh -c "! grep -q '^removed' '$work/uninstall2.log'"

# Files under /etc are the administrator's once installed: a second make
# install keeps an edited one (ours goes next to it as NAME.regcore-new,
# said on stderr) and make uninstall leaves it (and says so); an unedited
# one goes.
echo "# an edited /etc/modprobe.d/regcore.conf (DESTDIR=$work/root2)"
d=$work/root2
m=$d/etc/modprobe.d/regcore.conf
edit='options regcore ieee80211_regdom=DE'
mk install >"$work/e-install.log" 2>&1
echo "$edit" >>"$m"
if mk install >"$work/e-install2.log" 2>"$work/e-install2.err"; then
	ok "make install over an edited modprobe.d file"
else
	nok "make install over an edited modprobe.d file" "$(tail -n 15 "$work/e-install2.err")"
fi
t "make install keeps the edited line" grep -qx "$edit" "$m"
t "make install puts ours next to it as regcore.conf.regcore-new" \
	cmp "$TOP/etc/modprobe.d/regcore.conf" "$m.regcore-new"
t "make install says so on stderr" grep -q 'regcore.conf.regcore-new' "$work/e-install2.err"
mk uninstall >"$work/e-uninstall.log" 2>"$work/e-uninstall.err"
t "make uninstall leaves the edited file" grep -qx "$edit" "$m"
t "make uninstall says it left it" grep -q '/etc/modprobe.d/regcore.conf' "$work/e-uninstall.err"
t "make uninstall removes regcore.conf.regcore-new" test ! -e "$m.regcore-new"
t "nothing else is left" sh -c \
	"test \"\$(cd '$d' && find . ! -type d)\" = ./etc/modprobe.d/regcore.conf"
# An unedited one, installed twice (the second time over itself), goes.
d=$work/root3
m=$d/etc/modprobe.d/regcore.conf
mk install >/dev/null 2>&1
mk install >/dev/null 2>"$work/u-install2.err"
t "a second make install over our own file says nothing" test ! -s "$work/u-install2.err"
t "and writes no regcore.conf.regcore-new" test ! -e "$m.regcore-new"
mk uninstall >/dev/null 2>&1
t "make uninstall removes an unedited regcore.conf" test ! -e "$m"
summary
