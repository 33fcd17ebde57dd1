#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The version has one source, the first line of debian/changelog: the
# Makefile, every tool's --version and the DKMS tree's dkms.conf state that
# one, and so does regcore.ko built for KVER (KO=); no file states another
# (check-pkg checks the packages').
#
# Needs TOP, BUILD, MAKE; KO= the module built by make modules.
set -u
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$TOP/tests/unit/pkg/lib.sh"

ver=$("$TOP/scripts/version.sh")
echo "# debian/changelog: $ver"
t "the version is a version" sh -c "echo '$ver' | grep -Eqx '[0-9][0-9A-Za-z.+~]*'"
if command -v dpkg-parsechangelog >/dev/null; then
	full=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
	eq "dpkg-parsechangelog reads the same version" "${full%-*}" "$ver"
fi
eq "the Makefile's REGCORE_VERSION" \
	"$($MAKE -s --no-print-directory -C "$TOP" print-version)" "$ver"
for tool in crda regctl regdb regdbdump; do
	eq "$tool --version" "$("$BUILD/$tool" --version 2>&1 | head -n 1)" \
		"$tool (regcore) $ver"
done
eq "the DKMS tree's dkms.conf" \
	"$(sed -n 's/^PACKAGE_VERSION=//p' "$BUILD/dkms/dkms.conf")" "\"$ver\""
eq "the top dkms.conf is the template" \
	"$(sed -n 's/^PACKAGE_VERSION=//p' "$TOP/dkms.conf")" '"#MODULE_VERSION#"'
# regcore.ko as the checkout builds it (make modules, for KVER): its
# MODULE_VERSION is read from debian/changelog by the top Kbuild.
if [ -n "${KO:-}" ]; then
	eq "regcore.ko's modinfo version ($KO)" "$(modinfo -F version "$KO" 2>&1)" "$ver"
fi
# No second source: no version given a value anywhere else.
(cd "$TOP" && git grep -nE \
	'REGCORE_VERSION *[?:]?= *[0-9]|define REGCORE_VERSION +"[0-9]|\(regcore\) [0-9]|PACKAGE_VERSION="?[0-9]' \
	-- . ':!debian/changelog' ':!tests/unit/pkg/') >"$work/grep" 2>&1
t "no other file states a version" test ! -s "$work/grep"
[ -s "$work/grep" ] && sed 's/^/#   /' "$work/grep"
summary
