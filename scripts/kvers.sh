#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print the kernels regcore is built and tested for, one per line: for each
# supported series, the newest version under /lib/modules whose headers
# (build/Makefile) and image (/boot/vmlinuz-VERSION) are installed. A
# supported series that is not installed is named on stderr, with the
# packages that bring it. `uname -r` is never consulted.
#
#   kvers.sh            every supported series found
#   kvers.sh --series   the same, as "SERIES VERSION" pairs
set -eu
SERIES="6.1 6.12"
pkgs_6_1="linux-image-amd64 linux-headers-amd64"
pkgs_6_12="linux-image-6.12-amd64 linux-headers-6.12-amd64"
mode=${1:-}
found=0
for s in $SERIES; do
	best=
	for d in /lib/modules/"$s".*/; do
		[ -d "$d" ] || continue
		v=$(basename "$d")
		[ -e "$d/build/Makefile" ] && [ -e "/boot/vmlinuz-$v" ] || continue
		best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
	done
	if [ -z "$best" ]; then
		eval "p=\$pkgs_$(echo "$s" | tr . _)"
		echo "kvers.sh: series $s not installed (headers and image): skipped; install $p" >&2
		continue
	fi
	found=$((found + 1))
	if [ "$mode" = --series ]; then
		echo "$s $best"
	else
		echo "$best"
	fi
done
[ "$found" -gt 0 ] || { echo "kvers.sh: no supported kernel series ($SERIES) installed: make deps" >&2; exit 1; }
