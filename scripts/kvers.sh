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
#   kvers.sh --supported  the supported series, one per line, installed
#                       or not
#   kvers.sh --regex    an extended regular expression that matches the
#                       kernel versions of the supported series and no
#                       other (dkms.conf's BUILD_EXCLUSIVE_KERNEL)
set -eu
# The one list of supported series.
SERIES="6.1 6.12"
pkgs_6_1="linux-image-amd64 linux-headers-amd64"
pkgs_6_12="linux-image-6.12-amd64 linux-headers-6.12-amd64"
mode=${1:-}
case $mode in
'' | --series) ;;
--supported)
	printf '%s\n' $SERIES
	exit 0
	;;
--regex)
	# ^(6\.1|6\.12)\. : the dot after the series keeps 6.1 from 6.10
	printf '^(%s)\\.\n' "$(printf '%s\n' $SERIES | sed 's/\./\\./g' | paste -sd '|')"
	exit 0
	;;
*)
	echo "kvers.sh: unknown option '$mode' (--series, --supported, --regex)" >&2
	exit 2
	;;
esac
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
