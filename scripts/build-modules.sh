#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build regcore.ko and regsim.ko with Kbuild against one kernel tree.
#
#   build-modules.sh KDIR OUTDIR [make arguments...]
#
# The module sources are copied to OUTDIR first, so builds against several
# kernels (Debian's and the debug kernel) never share object files and the
# source tree stays clean. Warnings are errors here: the kernel side must
# build without a single one under W=1.
set -eu
[ $# -ge 2 ] || { echo "usage: $0 KDIR OUTDIR [make args]" >&2; exit 2; }
kdir=$1
out=$(realpath -m "$2")
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
if [ ! -e "$kdir/Makefile" ]; then
	echo "build-modules.sh: no kernel build tree at $kdir (install linux-headers-amd64: make deps)" >&2
	exit 1
fi
mkdir -p "$out"
# Copy the Kbuild sources (and debian/changelog, where Kbuild reads the
# version, and the certificates of keys/ built into the module);
# cmp-based so that unchanged files keep their timestamps and Kbuild does
# not rebuild them.
cd "$top"
for f in Kbuild debian/changelog keys/*.pem $(find net include tests/regsim tests/kunit \
		\( -name '*.[ch]' -o -name Kbuild -o -name '*.sh' \) 2>/dev/null | sort); do
	mkdir -p "$out/$(dirname "$f")"
	cmp -s "$f" "$out/$f" 2>/dev/null || cp "$f" "$out/$f"
done
log=$out/build.log
make -C "$kdir" M="$out" W=1 "$@" modules >"$log" 2>&1 || {
	cat "$log" >&2
	exit 1
}
# W=1 and sparse report as warnings, which make does not fail on. make's
# own notes (a parallel make's "jobserver unavailable") are not the code's.
if grep -E 'warning:|error:' "$log" | grep -v '^make\[[0-9]*\]: ' >&2; then
	echo "build-modules.sh: the build above has warnings (full log: $log)" >&2
	exit 1
fi
