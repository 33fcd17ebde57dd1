#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Install the Debian packages listed in scripts/debian-packages that are
# missing. Quiet and quick when everything is there already.
set -eu
here=$(dirname "$0")
missing=
for p in $(sed -e 's/#.*//' "$here/debian-packages"); do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed'; then
		missing="$missing $p"
	fi
done
[ -n "$missing" ] || exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing packages:$missing; run as root (sudo make deps)" >&2
	exit 1
fi
echo "deps.sh: installing$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
# shellcheck disable=SC2086
apt-get install -y -q --no-install-recommends $missing
