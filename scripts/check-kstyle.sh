#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The kernel side's style gate, as host tests:
#   - the modules build with W=1 without a warning
#   - sparse (C=2) reports nothing
#   - checkpatch --strict is clean on every kernel source file
#   - kernel-doc parses every comment and documents every exported symbol
#
#   check-kstyle.sh KDIR OUTDIR
#
# checkpatch.pl comes from Debian's linux-source-6.1 tarball (extracted once
# under build/). Ends with "N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
kdir=$1
out=$2
passed=0
failed=0

ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() {
	echo "not ok - $1"
	shift
	printf '%s\n' "$@" | sed 's/^/#   /'
	failed=$((failed + 1))
}

kfiles=$(cd "$top" && ls net/regcore/*.[ch] include/net/regcore.h \
	include/uapi/linux/regcore.h tests/regsim/*.c tests/kunit/*.c)

if log=$("$top/scripts/build-modules.sh" "$kdir" "$out/w1" 2>&1); then
	ok "modules build with W=1 and no warning"
else
	not_ok "modules build with W=1 and no warning" "$log"
fi
if log=$("$top/scripts/build-modules.sh" "$kdir" "$out/sparse" C=2 2>&1); then
	ok "sparse (C=2) is clean"
else
	not_ok "sparse (C=2) is clean" "$log"
fi

# The KUnit tests are built only for kernels with KUnit; compile them here
# against these headers too, so a broken test shows up on the host.
kunit=$out/kunit
mkdir -p "$kunit"
(cd "$top" && tar -cf - Kbuild debian/changelog keys net include tests/regsim tests/kunit) |
	tar -xf - -C "$kunit"
sed -i 's/^obj-$(CONFIG_KUNIT) += /obj-m += /' "$kunit/Kbuild"
log=$(make -C "$kdir" M="$kunit" W=1 C=2 tests/kunit/ 2>&1)
# make's own notes (a parallel make's "jobserver unavailable") are not the
# code's, as in build-modules.sh.
if [ $? -eq 0 ] && ! grep 'warning:' <<<"$log" | grep -qv '^make\[[0-9]*\]: '; then
	ok "KUnit tests compile with W=1 and sparse, no warning"
else
	not_ok "KUnit tests compile with W=1 and sparse, no warning" "$log"
fi

cp_dir=$top/build/checkpatch
if [ ! -x "$cp_dir/scripts/checkpatch.pl" ]; then
	mkdir -p "$cp_dir"
	tar -xJf /usr/src/linux-source-6.1.tar.xz -C "$cp_dir" \
		--strip-components=1 linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
fi
# net/regcore/compat.h is the one place that compares kernel versions:
# checkpatch's LINUX_VERSION_CODE warning (and its constant-on-the-left
# reading of the comparison) is expected there and nowhere else.
for f in $kfiles; do
	ignore=
	[ "$f" != net/regcore/compat.h ] ||
		ignore=--ignore=LINUX_VERSION_CODE,CONSTANT_COMPARISON
	if log=$(cd "$top" && perl "$cp_dir/scripts/checkpatch.pl" --no-tree \
			--strict -q $ignore -f "$f" 2>&1) && [ -z "$log" ]; then
		ok "checkpatch --strict is clean: $f"
	else
		not_ok "checkpatch --strict is clean: $f" "$log"
	fi
done

# Version differences live in compat.h only.
others=$(cd "$top" && grep -l 'LINUX_VERSION_CODE\|KERNEL_VERSION' $kfiles |
	grep -v '^net/regcore/compat.h$')
if [ -z "$others" ]; then
	ok "kernel versions are compared in net/regcore/compat.h only"
else
	not_ok "kernel versions are compared in net/regcore/compat.h only" \
		"also in: $others"
fi

kdoc=$kdir/scripts/kernel-doc
[ -e "$kdoc" ] || kdoc=$(dirname "$(readlink -f "$kdir/Makefile")")/scripts/kernel-doc
log=$(cd "$top" && perl "$kdoc" -none $kfiles 2>&1)
if [ -z "$log" ]; then
	ok "kernel-doc parses every comment without a warning"
else
	not_ok "kernel-doc parses every comment without a warning" "$log"
fi
documented=$(cd "$top" && perl "$kdoc" -none -v $kfiles 2>&1 |
	sed -n 's/.*Scanning doc for function \([a-z0-9_]*\).*/\1/p')
missing=
for sym in $(cd "$top" && sed -n 's/^EXPORT_SYMBOL\(_GPL\)\?(\([a-z0-9_]*\));/\2/p' net/regcore/*.c); do
	grep -qx "$sym" <<<"$documented" || missing="$missing $sym"
done
if [ -z "$missing" ]; then
	ok "every exported function has kernel-doc"
else
	not_ok "every exported function has kernel-doc" "missing:$missing"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
