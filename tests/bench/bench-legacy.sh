#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bench-legacy: regdbdump against the legacy crda project's regdbdump, both
# verifying and printing the 2018 regulatory.bin, counted in instructions
# (valgrind --tool=callgrind, Ir). The target: ours costs at most 0.5 of
# the legacy tool. Instruction counts, unlike times, do not depend on the
# load of the machine.
#
# The legacy source is not part of regcore: LEGACY_CRDA_SRC names a checkout
# of https://github.com/mcgrof/crda. It is copied to BUILD/legacy-crda and
# built there with its own Makefile in its gcrypt mode, with the key that
# signed the file (sforshee.key.pub.pem) compiled in as a distribution
# builds it; the C file of keys that its Python 2 generator would write is
# made by legacy-keys.sh. Without LEGACY_CRDA_SRC the comparison is skipped
# (said on a "skip" line, not counted as passed).
#
# Ours runs as installed: the built-in keys trusted, the key directory an
# empty scratch one (-K: never the machine's /etc/wireless-regdb/pubkeys),
# the key given with -k as the tests do.
#
# Needs BUILD, TOP, SHARED_TESTDATA; LEGACY_CRDA_SRC optional, RATIO_MAX
# (default 0.5). Ends with "N passed, N failed".
set -u
: "${BUILD:?}" "${TOP:?}" "${SHARED_TESTDATA:?}"
RATIO_MAX=${RATIO_MAX:-0.5}
T=$SHARED_TESTDATA/wireless-regdb-2018
db=$T/regulatory.bin
key=$T/sforshee.key.pub.pem
ours=$BUILD/regdbdump
legacy_dir=$BUILD/legacy-crda
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-legacy.XXXXXX")
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

ok() { passed=$((passed + 1)); echo "ok - $*"; }
notok() { failed=$((failed + 1)); echo "not ok - $*"; }
finish() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
	exit
}

# ir OUTFILE COMMAND...: run COMMAND under callgrind, stdout to OUTFILE;
# prints the instruction count (the "totals:" line of callgrind's file).
ir() {
	out=$1
	shift
	cg=$work/callgrind.$$.$(date +%s%N)
	if ! valgrind --tool=callgrind --callgrind-out-file="$cg" "$@" \
			>"$out" 2>"$work/valgrind.err"; then
		sed 's/^/#   /' "$work/valgrind.err" | tail -5 >&2
		return 1
	fi
	sed -n 's/^totals: *\([0-9]*\).*/\1/p' "$cg"
}

for f in "$db" "$key"; do
	if [ ! -r "$f" ]; then
		notok "test data: $f is missing (set SHARED_TESTDATA)"
		finish
	fi
done
if ! command -v valgrind >/dev/null; then
	notok "valgrind is installed (apt-get install valgrind; make deps)"
	finish
fi
if [ ! -x "$ours" ]; then
	notok "$ours is built"
	finish
fi

mkdir "$work/nokeys"
if ours_ir=$(ir "$work/ours.out" "$ours" -K "$work/nokeys" -k "$key" "$db") &&
		[ -n "$ours_ir" ]; then
	ok "regdbdump verifies and prints $db under callgrind: $ours_ir instructions"
else
	notok "regdbdump verifies and prints $db under callgrind"
	finish
fi

how="to compare, give a checkout of https://github.com/mcgrof/crda:"
how="$how make bench-legacy LEGACY_CRDA_SRC=/path/to/crda"
if [ -z "${LEGACY_CRDA_SRC:-}" ]; then
	echo "skip - ours/legacy not measured: LEGACY_CRDA_SRC is not set; $how"
	finish
fi
if [ ! -r "$LEGACY_CRDA_SRC/reglib.c" ]; then
	echo "skip - ours/legacy not measured: LEGACY_CRDA_SRC=$LEGACY_CRDA_SRC" \
		"holds no crda source (no reglib.c); $how"
	finish
fi

# Build the legacy tool: its Makefile, gcrypt mode, the one key built in.
rm -rf "$legacy_dir"
mkdir -p "$legacy_dir"
log=$legacy_dir.log
if ! { cp -R "$LEGACY_CRDA_SRC/." "$legacy_dir/" &&
	rm -f "$legacy_dir"/*.o "$legacy_dir"/*.so "$legacy_dir"/keys-*.c \
		"$legacy_dir/regdbdump" &&
	mkdir "$legacy_dir/bench-keys" &&
	cp "$key" "$legacy_dir/bench-keys/" &&
	sh "$TOP/tests/bench/legacy-keys.sh" "$legacy_dir/keys-gcrypt.c" \
		"$legacy_dir/bench-keys/sforshee.key.pub.pem" &&
	touch "$legacy_dir/keys-gcrypt.c" &&
	make -C "$legacy_dir" PUBKEY_DIR=bench-keys V=1 libreg.so regdbdump; } \
		>"$log" 2>&1; then
	notok "legacy regdbdump builds from $LEGACY_CRDA_SRC (log: $log)"
	tail -5 "$log" | sed 's/^/#   /'
	finish
fi
ok "legacy regdbdump builds from $LEGACY_CRDA_SRC (gcrypt, sforshee key built in)"

# The legacy tool loads its libreg.so from its build directory, as its own
# Makefile's verify goal runs it.
LD_LIBRARY_PATH=$legacy_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH

# It really verifies: one byte of the signed data changed is refused.
cp "$db" "$work/tampered.bin"
printf 'X' | dd of="$work/tampered.bin" bs=1 seek=100 conv=notrunc 2>/dev/null
if "$legacy_dir/regdbdump" "$work/tampered.bin" >/dev/null 2>&1; then
	notok "legacy regdbdump refuses the file with one signed byte changed"
else
	ok "legacy regdbdump refuses the file with one signed byte changed"
fi

if legacy_ir=$(ir "$work/legacy.out" "$legacy_dir/regdbdump" "$db") &&
		[ -n "$legacy_ir" ]; then
	ok "legacy regdbdump verifies and prints $db under callgrind: $legacy_ir instructions"
else
	notok "legacy regdbdump verifies and prints $db under callgrind"
	finish
fi
if cmp -s "$work/ours.out" "$work/legacy.out"; then
	ok "both print the same text ($(wc -l <"$work/ours.out") lines)"
else
	notok "both print the same text"
	diff "$work/legacy.out" "$work/ours.out" | head -5 | sed 's/^/#   /'
fi

ratio=$(awk -v a="$ours_ir" -v b="$legacy_ir" 'BEGIN { printf "%.3f", a / b }')
if awk -v r="$ratio" -v m="$RATIO_MAX" 'BEGIN { exit !(r <= m) }'; then
	ok "instructions ours/legacy $ours_ir/$legacy_ir = $ratio (target <= $RATIO_MAX: met)"
else
	notok "instructions ours/legacy $ours_ir/$legacy_ir = $ratio (target <= $RATIO_MAX: MISSED)"
fi
finish
