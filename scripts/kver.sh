#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Print the kernel version the modules are built for: the newest version
# under /lib/modules whose build directory (the headers) exists. The running
# kernel (`uname -r`) is deliberately not consulted: the build machine may
# run anything, the VM boots what is installed.
set -eu
best=
for d in /lib/modules/*/; do
	v=$(basename "$d")
	[ -e "$d/build/Makefile" ] || continue
	best=$(printf '%s\n%s\n' "$best" "$v" | sed '/^$/d' | sort -V | tail -n 1)
done
if [ -z "$best" ]; then
	echo "kver.sh: no /lib/modules/*/build: install linux-headers-amd64 (make deps)" >&2
	exit 1
fi
echo "$best"
