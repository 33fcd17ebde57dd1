#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# fuzz-db: run each libFuzzer target for FUZZ_SECONDS, seeded with the real
# files, and report executions and findings. Exits 1 on any finding.
# Corpora are kept in $BUILD/fuzz/corpus-TARGET between runs; crashes are
# written to $BUILD/fuzz/findings-TARGET.
set -u
: "${BUILD:?}" "${SHARED_TESTDATA:?}" "${FUZZ_SECONDS:?}" "${TARGETS:?}"
here=$(cd "$(dirname "$0")" && pwd)
T=$SHARED_TESTDATA/wireless-regdb-2018
D=/lib/firmware
export LSAN_OPTIONS=suppressions=$here/../unit/lsan.supp:print_suppressions=0
status=0
seeds() {
	case $1 in
	fuzz-v19) echo "$T/regulatory.bin" ;;
	fuzz-v20) echo "$T/regulatory.db $D/regulatory.db-upstream" ;;
	fuzz-p7s) echo "$T/regulatory.db.p7s $D/regulatory.db.p7s-upstream $D/regulatory.db.p7s-debian" ;;
	fuzz-dbtxt) echo "$T/db.txt" ;;
	esac
}
for t in $TARGETS; do
	corpus=$BUILD/fuzz/corpus-$t
	found=$BUILD/fuzz/findings-$t
	mkdir -p "$corpus" "$found"
	for s in $(seeds "$t"); do
		if [ ! -r "$s" ]; then
			echo "fuzz-db: seed $s missing" >&2
			status=1
			continue
		fi
		cp "$s" "$corpus/seed-$(basename "$s")"
	done
	if [ "$t" = fuzz-v19 ] && [ -x "$BUILD/regdb" ]; then
		# Debian's data as a regulatory.bin too
		"$BUILD/regdb" decompile -s "$D/regulatory.db.p7s-upstream" \
			-o "$corpus/seed-debian.txt.tmp" "$D/regulatory.db-upstream" &&
		"$BUILD/regdb" compile --bin "$corpus/seed-debian.bin" \
			"$corpus/seed-debian.txt.tmp"
		rm -f "$corpus/seed-debian.txt.tmp"
	fi
	if [ "$t" = fuzz-dbtxt ] && [ -x "$BUILD/regdb" ]; then
		"$BUILD/regdb" decompile -s "$D/regulatory.db.p7s-upstream" \
			-o "$corpus/seed-debian.txt" "$D/regulatory.db-upstream"
	fi
	# libksba leaks its parse tree on each malformed p7s, which would make
	# libFuzzer run LeakSanitizer after nearly every input (40 inputs/s);
	# leaks of our own code in that path are checked by check-db.
	case $t in
	fuzz-p7s) extra="-max_len=4096 -detect_leaks=0" ;;
	fuzz-dbtxt) extra="-max_len=131072" ;;
	*) extra="-max_len=16384" ;;
	esac
	log=$BUILD/fuzz/$t.log
	# shellcheck disable=SC2086
	"$BUILD/fuzz/$t" -max_total_time="$FUZZ_SECONDS" -timeout=10 $extra \
		-print_final_stats=1 \
		-artifact_prefix="$found/" "$corpus" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	crashes=$(find "$found" -type f | wc -l)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n 1)
	printf '%-11s %9s executions in %ss, %s, corpus %s files, %s findings (exit %s)\n' \
		"$t" "${execs:-?}" "$FUZZ_SECONDS" "${cov:-cov: ?}" \
		"$(find "$corpus" -type f | wc -l)" "$crashes" "$rc"
	if [ "$rc" -ne 0 ] || [ "$crashes" -ne 0 ]; then
		status=1
		grep -E 'ERROR|SUMMARY|==[0-9]+==' "$log" | head -5
		ls "$found" | head -5
	fi
done
exit $status
