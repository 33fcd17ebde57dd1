#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# legacy-keys.sh OUT.c KEY.pem...: the C file of trusted RSA keys the legacy
# crda project compiles into its gcrypt build (keys-gcrypt.c), made with
# openssl instead of that project's Python 2/M2Crypto generator. Same
# layout: for key number i, the big-endian exponent e_i and modulus n_i
# without leading zero bytes, then the keys[] table of struct key_params
# that its reglib.c walks in order.
set -eu
if [ $# -lt 2 ]; then
	echo "usage: $0 OUT.c KEY.pem..." >&2
	exit 2
fi
out=$1
shift
tmp=$(mktemp "${TMPDIR:-/tmp}/legacy-keys.XXXXXX")
trap 'rm -f "$tmp" "$tmp.n"' EXIT

# hex string on stdin -> "static const uint8_t NAME[LEN] = {...};"
emit() {
	awk -v name="$1" '{
		h = tolower($0)
		if (length(h) % 2) h = "0" h
		while (substr(h, 1, 2) == "00" && length(h) > 2) h = substr(h, 3)
		n = length(h) / 2
		printf "#include <stdint.h>\nstatic const uint8_t %s[%d] = {\n", name, n
		for (i = 0; i < n; i++) {
			if (i % 8 == 0) printf "\t"
			printf "0x%s, ", substr(h, 2 * i + 1, 2)
			if (i % 8 == 7) printf "\n"
		}
		if (n % 8) printf "\n"
		printf "};\n\n"
	}'
}

: >"$tmp"
i=0
for f in "$@"; do
	if ! text=$(openssl rsa -pubin -in "$f" -noout -text 2>/dev/null) &&
	   ! text=$(openssl rsa -in "$f" -noout -text 2>/dev/null); then
		echo "$0: $f: not an RSA public or private key (openssl rsa cannot read it)" >&2
		exit 1
	fi
	# "Modulus:" then indented lines of hex bytes; "Exponent: 65537 (0x10001)"
	printf '%s\n' "$text" | awk '
		/^[Mm]odulus:/ { m = 1; next }
		m && /^[ \t]/ { gsub(/[ \t:]/, ""); printf "%s", $0; next }
		{ m = 0 }
		END { printf "\n" }' | emit "n_$i" >"$tmp.n"
	printf '%s\n' "$text" | sed -n 's/^\(public\)\{0,1\}[Ee]xponent: [0-9]* (0x\([0-9a-fA-F]*\)).*/\2/p' |
		emit "e_$i" >>"$tmp"
	cat "$tmp.n" >>"$tmp"
	rm -f "$tmp.n"
	i=$((i + 1))
done
{
	cat "$tmp"
	cat <<'EOF'

struct key_params {
	const uint8_t *e, *n;
	uint32_t len_e, len_n;
};

#define KEYS(_e, _n) {			\
	.e = _e, .len_e = sizeof(_e),	\
	.n = _n, .len_n = sizeof(_n),	\
}

static const struct key_params __attribute__ ((unused)) keys[] = {
EOF
	j=0
	while [ "$j" -lt "$i" ]; do
		printf '\tKEYS(e_%d, n_%d),\n' "$j" "$j"
		j=$((j + 1))
	done
	echo '};'
} >"$out"
