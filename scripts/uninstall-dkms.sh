#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# make uninstall, before it removes /usr/src/regcore-VERSION: take
# regcore/VERSION out of DKMS if it is registered there (else dkms status
# would complain of a missing dkms.conf ever after). Only for the machine
# itself: with a DESTDIR, DKMS is not the staged tree's, and nothing is
# done. DKMS_ARGS goes before dkms's command (--dkmstree, --sourcetree and
# --installtree for a scratch tree: check-dkms).
#
#   DESTDIR= DKMS_ARGS= uninstall-dkms.sh VERSION
set -eu
me=uninstall-dkms.sh
[ $# -eq 1 ] && [ -n "$1" ] || { echo "usage: $me VERSION" >&2; exit 2; }
ver=$1
[ -z "${DESTDIR:-}" ] || exit 0
command -v dkms >/dev/null 2>&1 || exit 0
args=${DKMS_ARGS:-}
# shellcheck disable=SC2086 # DKMS_ARGS is words
if ! st=$(dkms $args status -m regcore -v "$ver" 2>&1); then
	echo "$me: dkms status -m regcore -v $ver failed ($st): not removed from DKMS" >&2
	exit 0
fi
[ -n "$st" ] || exit 0
echo "dkms${args:+ $args} remove -m regcore -v $ver --all"
# shellcheck disable=SC2086
dkms $args remove -m regcore -v "$ver" --all
