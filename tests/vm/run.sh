#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Run the VM test suite on one kernel and report it.
#
#   run.sh debian|debug [--shell] [SRC:DEST ...]
#
# debian: the installed kernel (/boot/vmlinuz-KVER, KVER from
#   scripts/kver.sh) and its modules under /lib/modules/KVER.
# debug:  the debug kernel of tests/vm/debug-kernel.sh, built on first use
#   (about 14 minutes on 2 cores) and cached.
# The project's modules are built for that kernel into build/kmod/KVER with
# scripts/build-modules.sh (once net/regcore/ exists), the Debian packages
# (PKG_DIR, default build/pkg-tree) are installed into a staging root with
# scripts/pkg-stage.sh (regcore.ko through DKMS), the initramfs is
# assembled by mkinitramfs.sh from it and the SRC:DEST files given (VM_FILES), and
# qemu boots it under TCG. The TAP the VM writes on its second serial port
# is shown test by test; the console (kernel log) is kept in full.
#
# The run fails on any failed test, on any kernel error report in the
# console (the patterns in tests/vm/bad-lines: BUG:, WARNING:, Oops, Call
# Trace, KASAN, lockdep, kmemleak, hung task, RCU stall, ...; each line
# counts as one failure; an allocation failure report of the kernel's own
# (warn_alloc: "vmalloc error:", "page allocation failure:" and its stack)
# is not one while a test injects faults, between the lines "regvm: fault
# injection begins" and "regvm: fault injection ends" the test writes to
# the log), on an incomplete run (no TAP plan, or fewer
# results than planned) and on a timeout. The last line is always
# "N passed, N failed".
#
# Environment:
#   VM_TESTS      groups to run: names or prefixes, comma or space separated
#                 (default: all)
#   VM_SKIP       groups to leave out, as VM_TESTS
#   VM_TIMEOUT    seconds before a VM that has not finished is killed
#                 (default 600); counts as a failure
#   VM_GROUP_TIMEOUT  seconds one group may run inside the VM (default 300)
#   VM_MODULES    more kernel modules for the initramfs
#   VM_MEM, VM_SMP     qemu -m and -smp (default 1G, 2)
#   VM_SLUB_DEBUG slub_debug= flags (default FZPU on debian, none on debug,
#                 whose KASAN covers them)
#   VM_APPEND     more kernel command line
#   BUILD         output directory (default: build/ of the source tree)
#   PKG_DIR       the regcore-dkms and regcore-tools .debs to install
#                 (default BUILD/pkg-tree: make builds them from the tree)
#   VM_OUT        where the initramfs, console and TAP logs go (default
#                 BUILD/vm/debian or BUILD/vm/debug); runs at the same
#                 time need their own
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
BUILD=${BUILD:-$top/build}

passed=0
failed=0
summary_done=
summary() {
	[ -z "$summary_done" ] || return 0
	summary_done=1
	echo "$passed passed, $failed failed"
}
trap summary EXIT
# A failure of the test bed before any test ran still ends with a summary.
fatal() {
	echo "vm: $*" >&2
	failed=$((failed + 1))
	exit 1
}

flavour=${1:-}
case $flavour in
debian | debug) shift ;;
*) fatal "usage: $0 debian|debug [--shell] [SRC:DEST...]" ;;
esac
shell=
if [ "${1:-}" = --shell ]; then
	shell=1
	shift
fi

# --- the kernel
case $flavour in
debian)
	# KVER and KDIR as make has them (the top Makefile), else kver.sh
	kver=${KVER:-$("$top/scripts/kver.sh")} || fatal "no kernel found"
	image=/boot/vmlinuz-$kver
	moddir=/lib/modules/$kver
	kdir=${KDIR:-$moddir/build}
	;;
debug)
	vars=$("$here/debug-kernel.sh") || fatal "the debug kernel did not build"
	kver=$(sed -n 's/^KVER=//p' <<<"$vars")
	image=$(sed -n 's/^IMAGE=//p' <<<"$vars")
	kdir=$(sed -n 's/^KDIR=//p' <<<"$vars")
	moddir=$(sed -n 's/^MODROOT=//p' <<<"$vars")/lib/modules/$kver
	# the kernel's kmemleak test module: the runner's kmemleak self-test
	VM_MODULES="${VM_MODULES:-} kmemleak-test"
	;;
esac
[ -r "$image" ] || fatal "cannot read the kernel image $image (as root, or install linux-image-amd64)"

# --- the project's modules for this kernel
kmod=$BUILD/kmod/$kver
if [ -d "$top/net/regcore" ]; then
	echo "vm: building regcore.ko and regsim.ko for $kver"
	# two runs on one kernel at the same time build them one after the
	# other
	mkdir -p "$BUILD/kmod"
	flock "$kmod.lock" "$top/scripts/build-modules.sh" "$kdir" "$kmod" ||
		fatal "the modules do not build against $kdir"
else
	echo "vm: note: net/regcore/ does not exist yet: no project module is built;" \
		"the groups that need regcore.ko or regsim.ko report a skip"
fi

out=${VM_OUT:-$BUILD/vm/$flavour}
mkdir -p "$out"

# --- the Debian packages, installed: regcore-tools unpacked (crda, regctl,
# regdb, regdbdump, the udev rule, the keys) and regcore.ko built by DKMS
# from regcore-dkms for this kernel, at the paths a machine has them.
pkgroot=$out/pkgroot
rm -rf "$pkgroot"
pkgdir=${PKG_DIR:-$BUILD/pkg-tree}
echo "vm: installing the packages of $pkgdir for $kver (DKMS builds regcore.ko)"
PKG_DIR=$pkgdir "$top/scripts/pkg-stage.sh" "$kver" "$pkgroot" "$kdir" >"$out/pkg-stage.log" 2>&1 || {
	sed 's/^/vm:   /' "$out/pkg-stage.log"
	fatal "the packages of $pkgdir could not be installed for $kver (make pkg-tree builds them)"
}

# --- the initramfs
initrd=$out/initramfs.cpio
"$here/mkinitramfs.sh" -o "$initrd" -k "$kver" -m "$moddir" -f "$flavour" \
	-p "$kmod" -P "$pkgroot" -M "${VM_MODULES:-}" "$@" || fatal "the initramfs was not built"

# --- boot
console=$out/console.log
tap=$out/tap.log
# slub_debug=FZPU on Debian's kernel. The debug kernel has KASAN, which
# finds what F, Z, P and U find (bad frees, out-of-bounds, use after free,
# with the allocation and free stacks) at the faulting access; slub_debug
# on top of it doubles the time of a group under TCG for nothing new.
if [ "$flavour" = debian ]; then
	slub=${VM_SLUB_DEBUG-FZPU}
else
	slub=${VM_SLUB_DEBUG-}
fi
append="console=ttyS0${slub:+ slub_debug=$slub} panic=-1 oops=panic printk.devkmsg=on"
[ -z "${VM_TESTS:-}" ] || append="$append regvm.tests=$(echo "$VM_TESTS" | tr ' ' ',')"
[ -z "${VM_SKIP:-}" ] || append="$append regvm.skip=$(echo "$VM_SKIP" | tr ' ' ',')"
[ -z "${VM_GROUP_TIMEOUT:-}" ] || append="$append regvm.group_timeout=$VM_GROUP_TIMEOUT"
[ -z "$shell" ] || append="$append regvm.mode=shell"
[ -z "${VM_APPEND:-}" ] || append="$append $VM_APPEND"
qemu=(qemu-system-x86_64 -accel tcg -m "${VM_MEM:-1G}" -smp "${VM_SMP:-2}"
	-nographic -no-reboot -kernel "$image" -initrd "$initrd"
	-append "$append")

if [ -n "$shell" ]; then
	echo "vm: $kver: a shell on the console; leave it with exit (or Ctrl-A x)"
	"${qemu[@]}" -serial mon:stdio -serial "file:$tap"
	trap - EXIT
	exit
fi

rm -f "$console" "$tap"
: >"$tap"
timeout=${VM_TIMEOUT:-600}
echo "vm: booting $kver ($flavour) under TCG; console: $console"
start=$(date +%s.%N)
# -nographic with both serial ports sent to files: nothing on stdin/stdout
timeout -k 5 "$timeout" "${qemu[@]}" -monitor none \
	-serial "file:$console" -serial "file:$tap" </dev/null >"$out/qemu.log" 2>&1 &
qpid=$!
# An interrupted run takes its VM down with it.
trap 'kill "$qpid" 2>/dev/null; echo "vm: interrupted"; failed=$((failed + 1)); exit 130' INT TERM

# Show the TAP as it arrives: each result, the evidence of failures (the
# comment lines after a "not ok", indented), the groups' diagnostics.
show() {
	tr -d '\r' | awk '
		/^TAP version/ { next }
		/^(not )?ok [0-9]+ / { print; ev = ($1 == "not"); next }
		/^# (group |regvm:|kmemleak:)/ { ev = 0; print; next }
		ev && /^#/ { print "    " $0; next }
		{ ev = 0; print }'
}
tail -n +1 -f --pid=$qpid "$tap" | show
wait $qpid
rc=$?
secs=$(echo "$(date +%s.%N) - $start" | bc)
secs=$(printf '%.0f' "$secs")
tr -d '\r' <"$tap" >"$tap.txt"

# --- the verdict
boot=$(grep -m1 -o '^# regvm: kernel .* up [0-9.]*s' "$tap.txt" | sed 's/.* up //')
echo "vm: $flavour: qemu exited after ${secs}s (test bed up after ${boot:-?})"
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	echo "vm: FAIL: the VM did not finish within ${timeout}s (VM_TIMEOUT); the console ends with:"
	tail -n 40 "$console" | tr -d '\r' | sed 's/^/vm:   /'
	failed=$((failed + 1))
elif [ $rc -ne 0 ]; then
	echo "vm: FAIL: qemu exited with status $rc:"
	sed 's/^/vm:   /' "$out/qemu.log"
	failed=$((failed + 1))
fi

p=$(grep -cE '^ok [0-9]+ ' "$tap.txt")
s=$(grep -cE '^ok [0-9]+ .*# SKIP' "$tap.txt")
f=$(grep -cE '^not ok [0-9]+ ' "$tap.txt")
# TODO: known failures (lib.sh's todo); one that passes counts as passed
tf=$(grep -cE '^not ok [0-9]+ .*# TODO' "$tap.txt")
tp=$(grep -cE '^ok [0-9]+ .*# TODO' "$tap.txt")
passed=$((passed + p - s))
failed=$((failed + f - tf))
plan=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$tap.txt" | tail -n 1)
if grep -q '^Bail out!' "$tap.txt"; then
	echo "vm: FAIL: the test bed bailed out: $(grep -m1 '^Bail out!' "$tap.txt")"
	failed=$((failed + 1))
elif [ -z "$plan" ]; then
	echo "vm: FAIL: the run did not complete (no TAP plan); the console ends with:"
	tail -n 25 "$console" | tr -d '\r' | sed 's/^/vm:   /'
	failed=$((failed + 1))
elif [ "$plan" -ne $((p + f)) ]; then
	echo "vm: FAIL: the plan says $plan tests, $((p + f)) reported"
	failed=$((failed + 1))
fi

# Kernel error reports anywhere in the console, boot and shutdown included.
# The test bed's own marker lines ("regvm: ...") are not reports.
hits=$(tr -d '\r' <"$console" | awk '
	/regvm: fault injection begins/ { inj = 1 }
	/regvm: fault injection ends/ { inj = 0 }
	inj && /(vmalloc error|page allocation failure): / { skip = 1 }
	skip { if (/<\/TASK>/) skip = 0; next }
	{ print }' | grep -E -f "$here/bad-lines" | grep -v 'regvm: ')
if [ -n "$hits" ]; then
	n=$(printf '%s\n' "$hits" | wc -l)
	echo "vm: FAIL: $n kernel error report line(s) in the console ($console):"
	printf '%s\n' "$hits" | head -n 40 | sed 's/^/vm:   /'
	failed=$((failed + n))
fi

if [ "$s" -gt 0 ]; then
	echo "vm: $s skipped:"
	grep -E '^ok [0-9]+ .*# SKIP' "$tap.txt" | sed 's/^/vm:   /'
fi
if [ "$tf" -gt 0 ]; then
	echo "vm: $tf known failure(s) (TODO; not counted as failed):"
	grep -E '^not ok [0-9]+ .*# TODO' "$tap.txt" | sed 's/^/vm:   /'
fi
if [ "$tp" -gt 0 ]; then
	echo "vm: $tp TODO test(s) pass now: remove their todo mark:"
	grep -E '^ok [0-9]+ .*# TODO' "$tap.txt" | sed 's/^/vm:   /'
fi
echo "vm: $flavour ($kver): $((p - s)) passed, $((f - tf)) failed, $s skipped, $tf todo in ${secs}s"
summary
[ "$failed" -eq 0 ]
