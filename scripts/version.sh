#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print regcore's version. Its one source is the first line of
# debian/changelog, "regcore (VERSION) DIST; urgency=...": the Makefile (and
# through it the tools' --version), the DKMS source tree's dkms.conf and
# both Debian packages take it from there. A Debian revision ("-1"), should
# the package ever stop being native, is not part of it.
#
#   version.sh [CHANGELOG]
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
log=${1:-$top/debian/changelog}
if [ ! -r "$log" ]; then
	echo "version.sh: cannot read $log (the version is kept there)" >&2
	exit 1
fi
v=$(sed -n '1{s/^regcore (\([^)]*\)) .*/\1/p;q;}' "$log")
v=${v%-*}
case $v in
'' | *[!0-9A-Za-z.+~]*)
	echo "version.sh: $log: the first line is not 'regcore (VERSION) ...'" >&2
	exit 1
	;;
esac
echo "$v"
