#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of crda with the real databases: everything up to the kernel
# (options, database search, verification, look-up, the message built),
# and the distinct exit status of every failure. The kernel side is the VM
# suite's (tests/vm/tests/4x-*).
set -u
: "${BUILD:?}" "${SHARED_TESTDATA:?}"
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
# Hermetic: crda never reads the machine's /etc/wireless-regdb/pubkeys
# here. Every run gets --keydir, an empty directory unless the test names
# its own (a later --keydir wins).
mkdir "$t/nokeys-empty"
crda=$t/crda
printf '#!/bin/sh\nexec "%s" --keydir "%s" "$@"\n' "$BUILD/crda" \
	"$t/nokeys-empty" >"$crda"
chmod +x "$crda"
passed=0
failed=0

ok() { echo "ok - $1"; passed=$((passed + 1)); }
not_ok() {
	echo "not ok - $1"
	shift
	printf '%s\n' "$@" | sed 's/^/#   /'
	failed=$((failed + 1))
}

# expect NAME STATUS CMD...: CMD exits with STATUS; its output in OUT
expect() {
	local name=$1 want=$2 got
	shift 2
	OUT=$("$@" 2>&1)
	got=$?
	if [ "$got" -eq "$want" ]; then
		ok "$name"
	else
		not_ok "$name" "command: $*" "expected exit status $want, got $got" "$OUT"
	fi
}
# contains NAME ERE: the last command's output has a line matching ERE
contains() {
	if grep -qE -- "$2" <<<"$OUT"; then
		ok "$1"
	else
		not_ok "$1" "expected a line matching /$2/ in:" "$OUT"
	fi
}

# Debian's database under the names crda expects (PATH and PATH.p7s).
cp /lib/firmware/regulatory.db-upstream "$t/regulatory.db"
cp /lib/firmware/regulatory.db.p7s-upstream "$t/regulatory.db.p7s"
db=$t/regulatory.db
old=$SHARED_TESTDATA/wireless-regdb-2018
if [ ! -e "$old/regulatory.db" ]; then
	not_ok "the 2018 test data is there" "missing: $old (SHARED_TESTDATA)"
fi

expect "--help exits 0" 0 "$crda" --help
contains "--help explains where the country comes from" 'COUNTRY'
expect "--version exits 0" 0 "$crda" --version
expect "no country: usage error (2)" 2 env -u COUNTRY "$crda" --db "$db" --dry-run
contains "and says so" 'no country'
expect "a lower-case country: usage error (2)" 2 "$crda" --country de --db "$db" --dry-run
contains "and says what a country is" 'two upper-case letters'
expect "an unknown option: usage error (2)" 2 "$crda" --frobnicate
expect "an unknown family: usage error (2)" 2 "$crda" --country DE --db "$db" --family wext

expect "--dry-run DE from Debian's database (COUNTRY from the environment)" 0 \
	env COUNTRY=DE "$crda" --db "$db" --dry-run
contains "the message is SET_REG" 'SET_REG'
contains "for DE" 'DE'
contains "with DE's 5150-5250 MHz rule (kHz)" '5150000'
contains "and its 23.01 dBm (mBm)" '2301'
dryrun_de=$OUT
expect "--country overrides nothing else: the same message" 0 \
	"$crda" --country DE --db "$db" --dry-run
if [ "$OUT" = "$dryrun_de" ]; then ok "--country and COUNTRY give the same message"; else
	not_ok "--country and COUNTRY give the same message" "$OUT"; fi

expect "--dry-run 00 (the world domain)" 0 "$crda" --country 00 --db "$db" --dry-run
contains "with the world's 2402-2472 MHz rule" '2402000'
# A NO-IR rule: both no-IR bits for cfg80211, as the legacy agent sends
# it (iw reg get: NO-IR); bit 7 alone for regcore, as cfg80211's own
# regulatory.db reader installs it (printed PASSIVE-SCAN, as iw would).
contains "nl80211 (the default): a NO-IR rule carries both no-IR bits" \
	'RULE_FLAGS: 0x00000180 \(NO-IR\)'
if grep -q 'PASSIVE-SCAN' <<<"$OUT"; then
	not_ok "nl80211: no rule carries bit 7 alone" "$OUT"
else ok "nl80211: no rule carries bit 7 alone"; fi
expect "--family regcore --dry-run 00" 0 "$crda" --family regcore --country 00 \
	--db "$db" --dry-run
contains "regcore: a NO-IR rule carries bit 7 alone" \
	'RULE_FLAGS: 0x00000080 \(PASSIVE-SCAN\)'
expect "a country not in the database: exit 5" 5 "$crda" --country XZ --db "$db" --dry-run
contains "and names the country" 'XZ'
expect "no database at the path: exit 3" 3 "$crda" --country DE --db "$t/none.db" --dry-run
contains "and names the file" 'none.db'

# Options are checked before any work: a bad family is a usage error even
# with --dry-run, and before the database is looked for.
expect "--family bogus --dry-run: usage error (2)" 2 \
	"$crda" --country DE --db "$db" --family bogus --dry-run
contains "and names the family" "bogus"
expect "--family bogus with no database: usage error (2), not 3" 2 \
	"$crda" --country DE --db "$t/none.db" --family bogus --dry-run

# Exit 3 is any database that cannot be read, not only a missing one.
mkdir "$t/dir.db"
expect "a directory as the database: exit 3" 3 \
	"$crda" --country DE --db "$t/dir.db" --dry-run
contains "and names it" 'dir.db'
# Reading /proc/self/mem from offset 0 fails with EIO.
expect "a database whose read fails (EIO): exit 3" 3 \
	"$crda" --country DE --db /proc/self/mem --dry-run
contains "with the reason" 'mem: .*Input/output error'
cp "$db" "$t/sigdir.db"
mkdir "$t/sigdir.db.p7s"
expect "a signature that cannot be read (a directory): exit 3" 3 \
	"$crda" --country DE --db "$t/sigdir.db" --dry-run
contains "and names it" 'sigdir.db.p7s'

# The size cap: not a byte over 64 MiB.
truncate -s $((64 * 1024 * 1024 + 1)) "$t/huge.db"
expect "a database over 64 MiB is not read: exit 3" 3 \
	"$crda" --country DE --db "$t/huge.db" --dry-run
contains "and says it is too large" 'huge.db: .*larger than 67108864 bytes'
# (exactly 64 MiB is read: files_over_64_mib_are_not_read in check-db; here
# it could take as long as the read deadline on a loaded machine)

# A database that never delivers (a FIFO nobody writes, as a hung mount)
# is given up well before the kernel's 3142 ms request timeout.
mkfifo "$t/fifo.db"
start=$(date +%s%N)
expect "a FIFO with no writer as the database: exit 3" 3 \
	timeout 10 "$crda" --country DE --db "$t/fifo.db" --dry-run
ms=$((($(date +%s%N) - start) / 1000000))
contains "and says it gave up reading it" 'fifo.db: .*within 1000 ms'
if [ "$ms" -lt 2500 ]; then ok "within 2.5 s ($ms ms)"; else
	not_ok "within 2.5 s" "took $ms ms"; fi
sleep 20 >"$t/fifo.db" &
writer=$!
start=$(date +%s%N)
expect "a FIFO whose writer sends nothing: exit 3" 3 \
	timeout 10 "$crda" --country DE --db "$t/fifo.db" --dry-run
ms=$((($(date +%s%N) - start) / 1000000))
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null
if [ "$ms" -lt 2500 ]; then ok "within 2.5 s ($ms ms)"; else
	not_ok "within 2.5 s" "took $ms ms"; fi

cp "$db" "$t/tampered.db"
cp "$db.p7s" "$t/tampered.db.p7s"
printf '\x55' | dd of="$t/tampered.db" bs=1 seek=100 conv=notrunc status=none
expect "a tampered database is refused before anything is sent: exit 4" 4 \
	"$crda" --country DE --db "$t/tampered.db" --family regcore
contains "with the reason" 'tampered.db'
cp "$db" "$t/nosig.db"
expect "a database without its signature is refused: exit 4" 4 \
	"$crda" --country DE --db "$t/nosig.db" --dry-run

expect "the 2018 database is signed by a key crda does not trust: exit 4" 4 \
	"$crda" --country DE --db "$old/regulatory.db" --dry-run
mkdir "$t/keys"
cp "$old/sforshee.x509.pem" "$t/keys/"
expect "with its certificate in --keydir it verifies" 0 \
	"$crda" --country DE --db "$old/regulatory.db" --keydir "$t/keys" --dry-run
mkdir "$t/keys19"
cp "$old/sforshee.key.pub.pem" "$t/keys19/"
expect "the 2018 regulatory.bin verifies with its public key in --keydir" 0 \
	"$crda" --country US --db "$old/regulatory.bin" --keydir "$t/keys19" --dry-run
contains "and gives US's rules" 'US'
expect "a --keydir that does not exist is an error: exit 4" 4 \
	"$crda" --country DE --db "$db" --keydir "$t/nokeys" --dry-run

# One rule for a country code in every tool (regdom_alpha2_valid()): crda
# and regdb lookup refuse the same strings, lower case too, as a usage
# error, and say what a code is.
keys=$(cd "$(dirname "$0")/../../../keys" && pwd)
lookup() {
	"$BUILD/regdb" lookup -n -k "$keys/wens.x509.pem" --db "$db" "$@"
}
for cc in D DEU 0A A0 D1 @A "A " "" 0 000 "[A" 0a d1; do
	expect "crda refuses the country code '$cc' (2)" 2 \
		"$crda" --country "$cc" --db "$db" --dry-run
	contains "and says what a country code is" 'two upper-case letters or 00'
	expect "regdb lookup refuses '$cc' too (2)" 2 lookup "$cc"
	contains "and says what a country code is" 'two upper-case letters or 00'
done
for cc in de De; do
	expect "crda and regdb lookup refuse lower case '$cc' alike (2)" 2 \
		"$crda" --country "$cc" --db "$db" --dry-run
	crda_out=$OUT
	expect "regdb lookup refuses '$cc' (2)" 2 lookup "$cc"
	if [ "${OUT#regdb: }" = "${crda_out#*crda: }" ]; then
		ok "with crda's words: $OUT"
	else
		not_ok "with crda's words" "crda: $crda_out" "regdb: $OUT"
	fi
done
expect "regdb lookup of a well-formed code not in the database (1)" 1 lookup XZ
contains "says the country is not there" 'no country "XZ"'

# A key directory as people leave it: beside the key, a README, a private
# key, a copy others may write and a key too short to trust. Each is
# skipped with one line naming it; the key still verifies.
mkdir "$t/mixed"
cp "$old/sforshee.x509.pem" "$t/mixed/"
chmod 0644 "$t/mixed/sforshee.x509.pem"
echo "Put the public keys you trust here." >"$t/mixed/README"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 \
	-out "$t/mixed/signer.key" 2>/dev/null
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 2>/dev/null |
	openssl pkey -pubout -out "$t/short.pub.pem"
cp "$t/short.pub.pem" "$t/mixed/short.pub.pem"
expect "a README and a private key in --keydir are skipped: exit 0" 0 \
	"$crda" --country DE --db "$old/regulatory.db" --keydir "$t/mixed" --dry-run
contains "the README is named in one log line" 'mixed/README: .*skipped'
contains "the private key is named in one log line" 'mixed/signer.key: .*skipped'
contains "a key under 2048 bits is refused with a log line" \
	'mixed/short.pub.pem: .*1024 bits.*skipped'
mkdir "$t/gw" "$t/ow"
cp "$old/sforshee.x509.pem" "$t/gw/"
cp "$old/sforshee.x509.pem" "$t/ow/"
chmod 0664 "$t/gw/sforshee.x509.pem"
chmod 0646 "$t/ow/sforshee.x509.pem"
# beside it the same key as a bare public key, which cannot verify a
# regulatory.db (only a certificate can): the refusal is the skipped
# certificate's, not the directory's
cp "$old/sforshee.key.pub.pem" "$t/gw/other.pub.pem"
cp "$old/sforshee.key.pub.pem" "$t/ow/other.pub.pem"
chmod 0644 "$t/gw/other.pub.pem" "$t/ow/other.pub.pem"
expect "a key file writable by its group is not trusted: exit 4" 4 \
	"$crda" --country DE --db "$old/regulatory.db" --keydir "$t/gw" --dry-run
contains "with a log line naming it" 'gw/sforshee.x509.pem: .*writable by group or others.*skipped'
expect "a key file writable by others is not trusted: exit 4" 4 \
	"$crda" --country DE --db "$old/regulatory.db" --keydir "$t/ow" --dry-run
contains "with a log line naming it" 'ow/sforshee.x509.pem: .*writable by group or others.*skipped'
# A directory with files but not one usable key (only a README, say) adds
# nothing, as an empty one: each file is named, and the built-in keys
# still verify, so the radios are not pinned to the world domain.
mkdir "$t/junk"
echo "not a key" >"$t/junk/README"
cp "$t/short.pub.pem" "$t/junk/"
expect "a --keydir with no usable key adds nothing: the built-in keys verify (exit 0)" 0 \
	"$crda" --country DE --db "$db" --keydir "$t/junk" --dry-run
contains "the README is named" 'junk/README: .*skipped'
contains "the short key is named" 'junk/short.pub.pem: .*skipped'
expect "and a database only a key of it could verify is refused: exit 4" 4 \
	"$crda" --country DE --db "$old/regulatory.db" --keydir "$t/junk" --dry-run
mkdir "$t/empty"
expect "an empty --keydir adds nothing: the built-in keys verify (exit 0)" 0 \
	"$crda" --country DE --db "$db" --keydir "$t/empty" --dry-run

expect "sending to a family this kernel does not have: exit 6" 6 \
	"$crda" --country DE --db "$db" --family regcore
contains "and says the module is not loaded" 'not loaded|not found'

# What a host without the module cannot show, through a libnl shim
# (nlshim.c): a kernel family that refuses the message (nlctrl, which has
# no SET_REG), another netlink failure, and no memory for a socket.
shim=$BUILD/crda-nlshim.so
expect "the kernel refuses the rules: exit 7" 7 \
	env LD_PRELOAD="$shim" CRDA_NLSHIM=ctrl "$crda" --country DE --db "$db" --family regcore
contains "with the kernel's reason" 'refused the rules for DE: .*(not supported|EOPNOTSUPP)'
# A country the database lacks: crda tells regcore (REGCORE_OP_NO_RULES,
# command 0, which nlctrl refuses here) and still exits 5; cfg80211 is
# told nothing.
expect "a country not in the database, --family regcore: exit 5" 5 \
	env LD_PRELOAD="$shim" CRDA_NLSHIM=ctrl "$crda" --country ZZ --db "$db" --family regcore
contains "crda tried to tell regcore so" \
	"regcore did not take that $db has no rules for ZZ: "
expect "a country not in the database, --family nl80211: exit 5" 5 \
	env LD_PRELOAD="$shim" CRDA_NLSHIM=ctrl "$crda" --country ZZ --db "$db" --family nl80211
if grep -q "has no rules" <<<"$OUT"; then
	not_ok "nothing is sent to cfg80211" "$OUT"
else
	ok "nothing is sent to cfg80211"
fi
expect "another netlink failure: exit 8" 8 \
	env LD_PRELOAD="$shim" CRDA_NLSHIM=resolve "$crda" --country DE --db "$db" --family regcore
contains "and says what failed" 'cannot resolve'
expect "out of memory: internal error (9)" 9 \
	env LD_PRELOAD="$shim" CRDA_NLSHIM=nomem "$crda" --country DE --db "$db" --family regcore
contains "and says so" 'cannot allocate'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
