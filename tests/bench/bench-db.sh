#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# bench-db: the database layer's speed on Debian's regulatory.db, as ratios
# against a do-nothing run (--version) of the same binaries in the same run.
set -eu
: "${BUILD:?}" "${RUNS:=41}"
echo "bench-db: $RUNS alternating runs each, medians ($(nproc) CPUs)"
"$BUILD/bench-regdb" "$RUNS" "$BUILD/regdb" "$BUILD/regdbdump" \
	/lib/firmware/regulatory.db-debian /lib/firmware/regulatory.db.p7s-debian
