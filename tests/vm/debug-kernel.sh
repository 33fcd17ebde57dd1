#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Build (once) the debug kernel of the VM suite from Debian's linux-source-6.1
# and print where it is, as shell assignments on stdout:
#
#   KVER=6.1.192-regcore-debug       the kernel release (/lib/modules name)
#   KDIR=/…/build-…                   the build tree (KDIR for external modules)
#   IMAGE=/…/build-…/arch/x86/boot/bzImage
#   MODROOT=/…/build-…/modroot        INSTALL_MOD_PATH: MODROOT/lib/modules/KVER
#
# The configuration is tinyconfig plus tests/vm/debug-kernel.config; after
# olddefconfig every line of the fragment must hold in .config, or the build
# fails naming the lines that did not (Kconfig drops an option whose
# dependencies are missing without a word).
#
# The build is cached outside the source tree, in
# ${REGCORE_CACHE:-/var/cache/regcore (root) or ~/.cache/regcore}/debug-kernel,
# keyed by the source package's version and a hash of the configuration
# recipe (the fragment, this script's RECIPE, the compiler), so a second run
# prints the same paths at once. A build no run has used for three days is
# removed when a new one completes. Progress goes to stderr; the build log is kept in
# the build directory (make.log).
set -eu

RECIPE=1	# bump when the configuration steps below change
here=$(cd "$(dirname "$0")" && pwd)
fragment=$here/debug-kernel.config
tarball=${LINUX_SOURCE_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
pkg=linux-source-6.1
jobs=${JOBS:-$(nproc)}

die() { echo "debug-kernel.sh: $*" >&2; exit 1; }
note() { echo "debug-kernel.sh: $*" >&2; }

if [ -n "${REGCORE_CACHE:-}" ]; then
	cache=$REGCORE_CACHE
elif [ "$(id -u)" -eq 0 ]; then
	cache=/var/cache/regcore
else
	cache=${XDG_CACHE_HOME:-$HOME/.cache}/regcore
fi
cache=$cache/debug-kernel

[ -r "$tarball" ] || die "no $tarball: install $pkg (make deps)"
srcver=$(dpkg-query -W -f='${Version}' "$pkg" 2>/dev/null) ||
	die "cannot read the version of $pkg (dpkg-query)"
[ -n "$srcver" ] || die "$pkg is not installed"
ccver=$(${CC:-gcc} --version | head -n 1)
key=$( { echo "recipe $RECIPE"; echo "source $srcver"; echo "cc $ccver";
	cat "$fragment"; } | sha256sum | cut -c1-16)
src=$cache/src-$srcver
build=$cache/build-$srcver-$key
mkdir -p "$cache"

print_vars() {
	local kver
	touch "$build/.used"
	kver=$(cat "$build/include/config/kernel.release")
	echo "KVER=$kver"
	echo "KDIR=$build"
	echo "IMAGE=$build/arch/x86/boot/bzImage"
	echo "MODROOT=$build/modroot"
}

# One builder at a time; a second caller waits, then finds the build done.
exec 9>"$cache/.lock"
flock 9

if [ -e "$build/.done" ]; then
	print_vars
	exit 0
fi

start=$(date +%s)
if [ ! -e "$src/.done" ]; then
	note "extracting $tarball ($pkg $srcver) into $src"
	rm -rf "$src" "$src.tmp"
	mkdir -p "$src.tmp"
	tar -xJf "$tarball" -C "$src.tmp" --strip-components=1
	touch "$src.tmp/.done"
	mv "$src.tmp" "$src"
fi

note "configuring $build (tinyconfig + $(basename "$fragment"))"
rm -rf "$build"
mkdir -p "$build"
log=$build/make.log
kmake() {
	make -C "$src" O="$build" ARCH=x86_64 "$@" >>"$log" 2>&1 || {
		tail -n 40 "$log" >&2
		die "make $* failed (full log: $log)"
	}
}
kmake tinyconfig
cat "$fragment" >>"$build/.config"
kmake olddefconfig

# Every line of the fragment must have survived olddefconfig.
missing=
while IFS= read -r line; do
	case $line in
	CONFIG_*=*)
		grep -qxF -- "$line" "$build/.config" || missing="$missing
  want: $line, got: $(grep -E "^(# )?${line%%=*}[= ]" "$build/.config" || echo "(absent: dependencies not met)")"
		;;
	"# CONFIG_"*" is not set")
		sym=${line#\# }
		sym=${sym%% *}
		if grep -q "^$sym=" "$build/.config"; then
			missing="$missing
  want: $line, got: $(grep "^$sym=" "$build/.config")"
		fi
		;;
	esac
done <"$fragment"
if [ -n "$missing" ]; then
	die "olddefconfig did not keep these options of $fragment:$missing"
fi

note "building bzImage and modules with -j$jobs (about 12 minutes on 2 cores; log: $log)"
kmake -j"$jobs" bzImage modules
kmake INSTALL_MOD_PATH="$build/modroot" modules_install
touch "$build/.done"
note "built in $(( $(date +%s) - start ))s: $(cat "$build/include/config/kernel.release")"

# Builds of other configurations or source versions that no run has used
# for three days are stale (a run of another branch may still want one).
for old in "$cache"/build-*; do
	[ "$old" != "$build" ] && [ -d "$old" ] || continue
	stamp=$old/.used
	[ -e "$stamp" ] || stamp=$old
	[ -n "$(find "$stamp" -maxdepth 0 -mtime -3)" ] || rm -rf "$old"
done
for old in "$cache"/src-*; do
	[ "$old" = "$src" ] || [ ! -d "$old" ] || ls -d "$cache/build-${old#"$cache"/src-}-"* >/dev/null 2>&1 ||
		rm -rf "$old"
done
print_vars
