#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Build the Debian packages (regcore-dkms, regcore-tools) from a clean
# clone of the current commit, as a release would be built, and put the
# .deb, .buildinfo and .changes files into OUTDIR (emptied first).
#
#   build-pkg.sh [--tree] OUTDIR
#
# Only what is committed is packaged: changes not committed yet are not in
# the clone, and this script says so when there are any. With --tree the
# packages are made from the working tree as it is instead (the files git
# tracks or would track, committed or not): what the VM test bed installs,
# so that it tests the code being worked on.
set -eu
me=build-pkg.sh
tree=
if [ "${1:-}" = --tree ]; then
	tree=1
	shift
fi
[ $# -eq 1 ] || { echo "usage: $me [--tree] OUTDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
out=$(realpath -m "$1")
for c in git dpkg-buildpackage dpkg-checkbuilddeps; do
	command -v "$c" >/dev/null || {
		echo "$me: no $c (apt-get install dpkg-dev git; make deps)" >&2
		exit 1
	}
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
src=$work/regcore
if [ -n "$tree" ]; then
	echo "$me: packaging the working tree $top"
	mkdir -p "$src"
	(cd "$top" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh |
		tar --null -T - -cf -) | tar -C "$src" -xf -
else
	commit=$(git -C "$top" rev-parse HEAD)
	echo "$me: packaging commit $(git -C "$top" log -1 --format='%h %s' "$commit" | cut -c1-72)"
	if [ -n "$(git -C "$top" status --porcelain --untracked-files=no)" ]; then
		echo "$me: note: $top has changes not committed; they are not in the packages"
	fi
	git clone -q --no-checkout "$top" "$src"
	git -C "$src" checkout -q --detach "$commit"
fi
log=$work/build.log
# Not the calling make's flags and variables (make -s, KVER=...): the build
# is the one anybody gets with dpkg-buildpackage.
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES
if ! (cd "$src" && dpkg-buildpackage -us -uc -b) >"$log" 2>&1; then
	tail -n 40 "$log" >&2
	echo "$me: dpkg-buildpackage failed (the lines above are the end of its log)" >&2
	exit 1
fi
mkdir -p "$out"
rm -f "$out"/*.deb "$out"/*.changes "$out"/*.buildinfo "$out"/build.log
cp "$work"/*.deb "$work"/*.changes "$work"/*.buildinfo "$out"/
cp "$log" "$out"/build.log
ls "$out"/*.deb
