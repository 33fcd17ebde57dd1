#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Assemble the initramfs of the VM test bed from this machine's binaries.
#
#   mkinitramfs.sh -o OUT.cpio -k KVER -m MODDIR -f FLAVOUR [-p KMODDIR]
#                  [-M "module ..."] [SRC:DEST ...]
#
#   -o  the cpio archive to write (newc, uncompressed: nothing to inflate
#       under TCG); the staging tree is kept beside it as OUT.root/
#   -k  the kernel release the VM boots
#   -m  that kernel's module tree (/lib/modules/KVER, or the debug kernel's
#       MODROOT/lib/modules/KVER)
#   -f  debian | debug: exported to the tests as REGVM_FLAVOUR
#   -p  the project's modules built for KVER (build/kmod/KVER): every *.ko
#       under it goes to /lib/modules/KVER/extra/ at the same relative path
#       (regcore.ko, tests/regsim/regsim.ko, KUnit modules); a missing
#       directory is reported and skipped
#   -P  an installed-layout root (scripts/pkg-stage.sh: the Debian
#       packages' files): copied over the VM's root as it is (ELF files
#       bring their libraries); a project module it holds under
#       lib/modules/KVER replaces the one of -p
#   -M  more kernel modules to include besides the default set
#   SRC:DEST  extra files (VM_FILES of the make fragments); a directory is
#       copied whole; an ELF file brings the libraries ldd names for it
#
# Contents: busybox (static) with all its applet links; systemd-udevd and
# udevadm; kmod (modprobe, insmod, rmmod, lsmod, depmod, modinfo); iw;
# util-linux setpriv (the tests' unprivileged runs); the kernel modules
# cfg80211 mac80211 mac80211_hwsim rfkill libarc4 and whatever modules.dep
# says they need; modules.dep regenerated with depmod for the VM's tree;
# /etc/passwd and /etc/group with root and nobody (65534); the in-VM init,
# lib.sh, the test groups tests/vm/tests/*.sh and the test bed's udev rules.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
die() { echo "mkinitramfs.sh: $*" >&2; exit 1; }
note() { echo "mkinitramfs.sh: $*" >&2; }

out= kver= moddir= flavour= kmoddir= more_modules= pkgroot=
while getopts o:k:m:f:p:P:M: opt; do
	case $opt in
	o) out=$OPTARG ;;
	k) kver=$OPTARG ;;
	m) moddir=$OPTARG ;;
	f) flavour=$OPTARG ;;
	p) kmoddir=$OPTARG ;;
	P) pkgroot=$OPTARG ;;
	M) more_modules=$OPTARG ;;
	*) die "usage: $0 -o OUT -k KVER -m MODDIR -f FLAVOUR [-p KMODDIR] [-P PKGROOT] [-M MODULES] [SRC:DEST...]" ;;
	esac
done
shift $((OPTIND - 1))
[ -n "$out" ] && [ -n "$kver" ] && [ -n "$moddir" ] && [ -n "$flavour" ] ||
	die "-o, -k, -m and -f are required"
case $flavour in debian | debug) ;; *) die "-f must be debian or debug, not '$flavour'" ;; esac
[ -e "$moddir/modules.dep" ] || die "no modules.dep in $moddir"

root=$out.root
rm -rf "$root"
mkdir -p "$root"/usr/bin "$root"/usr/sbin "$root"/usr/lib "$root"/usr/lib64 \
	"$root"/etc "$root"/dev "$root"/proc "$root"/sys "$root"/tmp \
	"$root"/run "$root"/var/log "$root"/root "$root"/regvm/tests
# Debian 12 is merged-/usr: /bin, /sbin, /lib, /lib64 are links into /usr.
for d in bin sbin lib lib64; do
	ln -s "usr/$d" "$root/$d"
done
mkdir -p "$root"/lib/udev/rules.d "$root"/lib/modules
chmod 1777 "$root/tmp"

# copy_file SRC DEST: DEST is a path inside the VM; links are followed so
# the VM gets the content under the name the program is called by.
copy_file() {
	local src=$1 dest=$2
	[ -e "$src" ] || die "$src does not exist"
	mkdir -p "$root$(dirname "$dest")"
	cp -L --preserve=mode "$src" "$root$dest"
}

is_elf() {
	[ -f "$1" ] && [ "$(head -c 4 "$1" | od -An -c | tr -d ' ')" = '177ELF' ]
}

# copy_libs ELF: the libraries and loader ldd names, at the same paths.
copy_libs() {
	local elf=$1 lib
	# statically linked: ldd says "not a dynamic executable" and fails
	ldd "$elf" >/dev/null 2>&1 || return 0
	for lib in $(ldd "$elf" | awk '
		/=> not found/ { print "MISSING:" $1; next }
		/=> \// { print $3; next }
		/^[[:space:]]*\// { print $1 }'); do
		case $lib in
		MISSING:*) die "$elf needs ${lib#MISSING:}, which ldd cannot find" ;;
		esac
		[ -e "$root$lib" ] || copy_file "$lib" "$lib"
	done
}

copy_elf() {
	copy_file "$1" "$2"
	copy_libs "$1"
}

# install_prog SRC NAME...: a real program as /usr/bin/NAME[0] (the other
# NAMEs are links to it), replacing busybox's applets of the same names in
# /usr/bin and /usr/sbin
install_prog() {
	local src=$1 name=$2
	shift
	for n in "$@"; do
		rm -f "$root/usr/bin/$n" "$root/usr/sbin/$n"
	done
	copy_elf "$src" "/usr/bin/$name"
	shift
	for n in "$@"; do
		ln -s "$name" "$root/usr/bin/$n"
	done
}

# --- busybox and its applets; real programs below replace some links
command -v busybox >/dev/null || die "busybox not found (install busybox-static)"
bb=$(command -v busybox)
is_elf "$bb" && ! ldd "$bb" >/dev/null 2>&1 || die "$bb is not static (install busybox-static)"
copy_file "$bb" /usr/bin/busybox
for applet in $("$bb" --list-full); do
	case $applet in
	bin/* | sbin/* | usr/bin/* | usr/sbin/*) ;;
	*) continue ;;
	esac
	dest=/usr/${applet#usr/}
	[ -e "$root$dest" ] || ln -s /usr/bin/busybox "$root$dest"
done

# --- udev, kmod, iw, setpriv
find_prog() {
	local p
	for p in "$@"; do
		[ -x "$p" ] && { echo "$p"; return 0; }
	done
	die "none of $* exists"
}
install_prog "$(find_prog /usr/bin/udevadm /bin/udevadm)" udevadm
# udevadm becomes the daemon when called by this name (a hard link: cpio
# stores the content once)
mkdir -p "$root/usr/lib/systemd"
ln "$root/usr/bin/udevadm" "$root/usr/lib/systemd/systemd-udevd"
install_prog "$(find_prog /usr/bin/kmod /bin/kmod)" kmod \
	modprobe insmod rmmod lsmod depmod modinfo
install_prog "$(find_prog /usr/sbin/iw /sbin/iw)" iw
install_prog "$(find_prog /usr/bin/setpriv /bin/setpriv)" setpriv

# --- users: root, and nobody for the tests without privileges
cat >"$root/etc/passwd" <<'EOF'
root:x:0:0:root:/root:/bin/sh
nobody:x:65534:65534:nobody:/nonexistent:/bin/sh
EOF
cat >"$root/etc/group" <<'EOF'
root:x:0:
nogroup:x:65534:
EOF

# --- the installed packages: their files at their paths (merged /usr:
# the VM's /sbin and /lib stay links), and the libraries their programs need
pkg_kos=
if [ -n "$pkgroot" ]; then
	[ -d "$pkgroot" ] || die "no package root $pkgroot"
	tar -C "$pkgroot" -cf - . | tar -C "$root" --keep-directory-symlink -xf - ||
		die "copying $pkgroot failed"
	while IFS= read -r f; do
		! is_elf "$f" || copy_libs "$f"
	done < <(find "$pkgroot" -type f)
	if [ -d "$pkgroot/lib/modules/$kver" ]; then
		pkg_kos=$(cd "$pkgroot/lib/modules/$kver" && find . -name '*.ko*' |
			sed 's|.*/||; s|\.ko.*$||')
	fi
fi

# --- kernel modules: the default set, its dependencies, the project's
modules="cfg80211 mac80211 mac80211_hwsim rfkill libarc4 $more_modules"
kdest=$root/lib/modules/$kver
mkdir -p "$kdest"
project_kos=
if [ -n "$kmoddir" ]; then
	if [ -d "$kmoddir" ]; then
		project_kos=$(cd "$kmoddir" && find . -name '*.ko' | sed 's|^\./||' | sort)
	fi
	# a module the packages installed is theirs, not the build's
	for m in $pkg_kos; do
		project_kos=$(echo "$project_kos" | grep -v "\(^\|/\)$m\.ko$" || true)
	done
	if [ -z "$project_kos" ]; then
		note "no project module in $kmoddir: regcore.ko and regsim.ko are not in the VM"
	fi
	for ko in $project_kos; do
		mkdir -p "$kdest/extra/$(dirname "$ko")"
		# without DWARF: the symbols stay for traces, and loading is
		# three times faster under TCG
		strip --strip-debug -o "$kdest/extra/$ko" "$kmoddir/$ko"
		for dep in $(/sbin/modinfo -F depends "$kmoddir/$ko" | tr ',' ' '); do
			# the project's own modules depend on each other
			echo "$project_kos" | grep -q "\(^\|/\)$dep\.ko$" && continue
			echo "$pkg_kos" | grep -qx "$dep" && continue
			modules="$modules $dep"
		done
	done
fi

# modules.dep: "kernel/net/wireless/cfg80211.ko: kernel/net/rfkill/rfkill.ko"
declare -A wanted=()
resolve() {
	local name=${1//-/_} line path dep
	[ -z "${wanted[$name]:-}" ] || return 0
	line=$(awk -v n="$name" -F: '{
		b = $1; sub(/.*\//, "", b); sub(/\.ko(\.[a-z]+)?$/, "", b)
		gsub(/-/, "_", b)
		if (b == n) { print; exit }
	}' "$moddir/modules.dep")
	if [ -z "$line" ]; then
		if sed 's|.*/||; s|\.ko$||; s|-|_|g' "$moddir/modules.builtin" | grep -qxF "$name"; then
			wanted[$name]=builtin
			return 0
		fi
		die "module $name is neither in $moddir/modules.dep nor built in"
	fi
	path=${line%%:*}
	wanted[$name]=$path
	for dep in ${line#*:}; do
		dep=${dep##*/}
		resolve "${dep%%.ko*}"
	done
}
for m in $modules; do
	resolve "$m"
done
for m in "${!wanted[@]}"; do
	path=${wanted[$m]}
	[ "$path" != builtin ] || continue
	mkdir -p "$kdest/$(dirname "$path")"
	cp "$moddir/$path" "$kdest/$path"
done
for f in modules.order modules.builtin modules.builtin.modinfo; do
	[ ! -e "$moddir/$f" ] || cp "$moddir/$f" "$kdest/$f"
done
/sbin/depmod -b "$root" "$kver" || die "depmod for the VM's module tree failed"

# --- extra files: SRC:DEST pairs
for pair in "$@"; do
	case $pair in
	*:/*) ;;
	*) die "VM_FILES entry '$pair' is not SRC:/DEST" ;;
	esac
	src=${pair%%:*}
	dest=${pair#*:}
	if [ -d "$src" ]; then
		mkdir -p "$root$dest"
		cp -RL "$src/." "$root$dest/"
	elif is_elf "$src"; then
		copy_elf "$src" "$dest"
	else
		copy_file "$src" "$dest"
	fi
done

# --- the test bed itself
copy_file "$here/init" /init
chmod 755 "$root/init"
copy_file "$here/lib.sh" /regvm/lib.sh
copy_file "$here/bad-lines" /regvm/bad-lines
for t in "$here"/tests/*.sh; do
	[ -e "$t" ] || continue
	copy_file "$t" "/regvm/tests/$(basename "$t")"
done
for r in "$here"/rules/*.rules; do
	[ -e "$r" ] || continue
	copy_file "$r" "/lib/udev/rules.d/$(basename "$r")"
done
cat >"$root/etc/regvm.conf" <<EOF
REGVM_FLAVOUR=$flavour
REGVM_KVER=$kver
EOF

(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) >"$out.tmp"
mv "$out.tmp" "$out"
note "$out: $(du -sh "$out" | cut -f1), $(echo "$project_kos" | grep -c . || true) project modules, kernel modules: $(printf '%s ' "${!wanted[@]}" | tr ' ' '\n' | sort | tr '\n' ' ')"
