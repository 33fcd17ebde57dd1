#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# Tests of the regdb and regdbdump commands (ASan builds): exit status,
# output, key files. Prints TAP-style lines and "N passed, N failed".
# Needs BUILD, SHARED_TESTDATA and TMPDIR.
set -u
regdb=$BUILD/san/regdb
regdbdump=$BUILD/san/regdbdump
T=$SHARED_TESTDATA/wireless-regdb-2018
D=/lib/firmware
work=$TMPDIR/tools
mkdir -p "$work"
# Hermetic: every command that trusts the default keys reads this empty
# key directory (-K), never the machine's /etc/wireless-regdb/pubkeys.
K=$work/nokeys
mkdir -p "$K"
passed=0
failed=0
n=0

# t NAME EXPECTED-STATUS COMMAND...: run, compare the exit status
t() {
	name=$1 want=$2
	shift 2
	n=$((n + 1))
	"$@" >"$work/out" 2>"$work/err"
	got=$?
	if [ "$got" -eq "$want" ]; then
		passed=$((passed + 1))
		echo "ok $n - $name"
		return 0
	fi
	failed=$((failed + 1))
	echo "not ok $n - $name"
	echo "#   command: $*"
	echo "#   exit $got, expected $want"
	sed -e 's/^/#   stderr: /' "$work/err" | head -5
	return 1
}

# c NAME CONDITION...: a check on the last command's output
c() {
	name=$1
	shift
	n=$((n + 1))
	if "$@"; then
		passed=$((passed + 1))
		echo "ok $n - $name"
	else
		failed=$((failed + 1))
		echo "not ok $n - $name"
		echo "#   check: $*"
		head -3 "$work/out" | sed -e 's/^/#   stdout: /'
		head -3 "$work/err" | sed -e 's/^/#   stderr: /'
	fi
}

sha() { sha256sum "$1" | cut -d' ' -f1; }
has() { grep -q -- "$1" "$2"; }

t "regdb --help exits 0" 0 "$regdb" --help
c "regdb --help lists every command" sh -c \
	"for x in compile sign verify dump lookup decompile lint genkey diff; do grep -q \"regdb \$x \" '$work/out' || exit 1; done"
t "regdb without a command is a usage error" 2 "$regdb"
t "regdb with an unknown command is a usage error" 2 "$regdb" frobnicate
t "regdb verify without a file is a usage error" 2 "$regdb" verify
t "regdb --version exits 0" 0 "$regdb" --version
t "regdbdump --help exits 0" 0 "$regdbdump" --help
t "regdbdump without a file is a usage error" 2 "$regdbdump"

# Legacy crda's regdbdump printed exactly this text for the same files.
t "regdbdump prints the 2018 regulatory.bin" 0 \
	"$regdbdump" -K "$K" -n -k "$T/sforshee.key.pub.pem" "$T/regulatory.bin"
c "regdbdump text of the 2018 file is legacy regdbdump's" \
	[ "$(sha "$work/out")" = fe175199424037c05adb7a3d9edbcdc85e694273cb9fbb57eb3f17d861bc3f63 ]
t "regdbdump prints Debian's regulatory.db with built-in keys" 0 \
	"$regdbdump" -K "$K" -s "$D/regulatory.db.p7s-debian" "$D/regulatory.db-debian"
# (known for Debian's wireless-regdb 2026.09.03-1~deb12u1 only; partly the
# project's own output: legacy regdbdump reads only regulatory.bin, so this
# text came from a regulatory.bin converted by this project from Debian's
# regulatory.db; see dump_text_is_legacy_regdbdump_text in test-regdb.c)
if [ "$(sha "$D/regulatory.db-debian")" = 7e236caecd939c8ec98be4870bf30422f28ffef2565a38aaaa2d9ddabd0c2641 ]; then
	c "regdbdump text of Debian's file is legacy regdbdump's" \
		[ "$(sha "$work/out")" = c1bb1ea6cf2de1acf54d0e14960504ce06bca6b2effca534ab130f4e47c7b6a5 ]
else
	c "regdbdump text of Debian's file starts like legacy regdbdump's" \
		has "^country 00: DFS-UNSET$" "$work/out"
fi
t "regdbdump refuses the 2018 file without its key" 1 \
	"$regdbdump" -K "$K" "$T/regulatory.bin"
c "the refusal names the file and the byte offset" \
	has "regulatory.bin: byte 5492: " "$work/err"
c "a refused file prints nothing on stdout" [ ! -s "$work/out" ]

mkdir -p "$work/keys2018"
cp "$T/sforshee.x509.pem" "$T/sforshee.key.pub.pem" "$work/keys2018/"
chmod 0644 "$work/keys2018/"*
t "regdbdump -K DIR reads DIR as the key directory" 0 \
	"$regdbdump" -K "$work/keys2018" "$T/regulatory.bin"
t "regdb verify -K DIR reads DIR as the key directory" 0 \
	"$regdb" verify -K "$work/keys2018" "$T/regulatory.db"
c "and names the key" has "signed by $work/keys2018/sforshee.x509.pem" "$work/out"
t "a -K DIR that does not exist is an error" 1 \
	"$regdb" verify -K "$work/none" "$T/regulatory.db"
c "naming it" has "$work/none: cannot open key directory" "$work/err"

cp "$D/regulatory.db-upstream" "$work/regulatory.db"
cp "$D/regulatory.db.p7s-upstream" "$work/regulatory.db.p7s"
t "regdb verify finds FILE.p7s beside FILE" 0 "$regdb" verify -K "$K" "$work/regulatory.db"
c "regdb verify names the signer" has "signed by builtin:wens.x509.pem" "$work/out"
printf '\001' | dd of="$work/regulatory.db" bs=1 seek=1000 conv=notrunc 2>/dev/null
t "regdb verify refuses a changed byte" 1 "$regdb" verify -K "$K" "$work/regulatory.db"
c "the refusal names file, offset and reason" \
	has "regulatory.db: byte 0: signature .*regulatory.db.p7s: RSA signature does not verify" "$work/err"
rm "$work/regulatory.db.p7s"
t "regdb verify refuses a regulatory.db without its p7s" 1 "$regdb" verify -K "$K" "$work/regulatory.db"

t "regdb lookup prints one country" 0 "$regdb" lookup -K "$K" \
	--db "$D/regulatory.db-debian" -s "$D/regulatory.db.p7s-debian" DE
c "lookup prints the country line" has "^country DE: DFS-ETSI$" "$work/out"
c "lookup prints its WMM rules" has "WMM 5150.000 - 5250.000 MHz: VO client 3/7/2/2" "$work/out"
t "regdb lookup of an absent country fails" 1 "$regdb" lookup -K "$K" \
	--db "$D/regulatory.db-debian" -s "$D/regulatory.db.p7s-debian" QQ
t "regdb lookup refuses lower case as crda and regctl do: usage error" 2 \
	"$regdb" lookup --db "$D/regulatory.db-debian" -s "$D/regulatory.db.p7s-debian" de
c "and says what a country is, as crda does" \
	has "^regdb: bad country 'de': two upper-case letters or 00$" "$work/err"

t "regdb compile writes both formats" 0 "$regdb" compile \
	--bin "$work/c.bin" --db "$work/c.db" "$T/db.txt"
c "compiled regulatory.db equals the 2018 file" cmp -s "$work/c.db" "$T/regulatory.db"
c "compiled regulatory.bin equals the 2018 file but for the signature" sh -c \
	"cmp -n 16 '$work/c.bin' '$T/regulatory.bin' && cmp -s -i 20 '$work/c.bin' '$T/regulatory.bin' 2>/dev/null; cmp -i 20 '$work/c.bin' '$T/regulatory.bin' 2>&1 | grep -q 'EOF on $work/c.bin'"
t "regdb lint is silent on the 2018 db.txt" 0 "$regdb" lint "$T/db.txt"
c "lint printed nothing" [ ! -s "$work/out" ]
printf 'country DE:\n\t(2402 - 2482 @ 40), (20), NO-FOO\n' >"$work/bad.txt"
t "regdb lint fails on an unknown flag" 1 "$regdb" lint "$work/bad.txt"
c "lint names the line" has "bad.txt: line 2: Invalid flag 'NO-FOO'" "$work/out"
t "regdb compile fails on an unknown flag" 1 "$regdb" compile --db "$work/x.db" "$work/bad.txt"

t "regdb decompile writes db.txt" 0 "$regdb" decompile -K "$K" \
	-s "$D/regulatory.db.p7s-upstream" -o "$work/deb.txt" "$D/regulatory.db-upstream"
t "the decompiled text compiles" 0 "$regdb" compile --db "$work/deb.db" "$work/deb.txt"
c "and gives Debian's file back byte for byte" cmp -s "$work/deb.db" "$D/regulatory.db-upstream"

t "regdb genkey makes a key pair and certificate" 0 "$regdb" genkey --cn tester "$work/k"
c "the private key is mode 0600" [ "$(stat -c %a "$work/k.key.priv")" = 600 ]
c "the public files exist" [ -s "$work/k.key.pub.pem" ] && [ -s "$work/k.x509.pem" ]
before=$(sha "$work/k.key.priv")
t "regdb genkey refuses to overwrite without --force" 1 "$regdb" genkey "$work/k"
c "the key is unchanged" [ "$(sha "$work/k.key.priv")" = "$before" ]
t "regdb genkey --force replaces it" 0 "$regdb" genkey --force --cn tester "$work/k"
c "the key changed and is still 0600" sh -c \
	"[ '$(sha "$work/k.key.priv")' != '$before' ] && [ \$(stat -c %a '$work/k.key.priv') = 600 ]"

# The kernel's RSA verifier takes a signature only exactly as long as the
# modulus (PKCS#1): the certificate's (it refused a test certificate whose
# signature had gained a sign byte, one key in four) and a signed
# regulatory.db's. 24 keys: a signature has its top bit set half the time.
lens=
for i in $(seq 24); do
	"$regdb" genkey --force --cn "len $i" "$work/len" >/dev/null 2>&1 &&
		"$regdb" compile --db "$work/len.db" --sign-key "$work/len.key.priv" \
			--cert "$work/len.x509.pem" "$T/db.txt" >/dev/null 2>&1 || {
		lens="$lens failed"
		break
	}
	lens="$lens $(openssl asn1parse -in "$work/len.x509.pem" | tail -n 1 |
		sed -n 's/.* l= *\([0-9]*\) prim: BIT STRING.*/\1/p')"
	lens="$lens/$(openssl asn1parse -inform DER -in "$work/len.db.p7s" |
		sed -n 's/.* l= *\([0-9]*\) prim: OCTET STRING.*/\1/p' | tail -n 1)"
done
echo "certificate BIT STRING (1 + signature) / PKCS#7 signature lengths:$lens" >"$work/out"
: >"$work/err"
c "24 keys: every certificate and regulatory.db signature is 256 bytes, as the 2048-bit modulus" \
	[ "$(echo "$lens" | tr ' ' '\n' | grep . | sort -u)" = "257/256" ]

t "regdb compile --sign-key signs both formats" 0 "$regdb" compile \
	--bin "$work/s.bin" --db "$work/s.db" --sign-key "$work/k.key.priv" \
	--cert "$work/k.x509.pem" "$T/db.txt"
t "the signed regulatory.bin verifies with the new public key" 0 \
	"$regdb" verify -K "$K" -n -k "$work/k.key.pub.pem" "$work/s.bin"
t "the signed regulatory.db verifies with the new certificate" 0 \
	"$regdb" verify -K "$K" -n -k "$work/k.x509.pem" "$work/s.db"
t "the signed regulatory.db is refused with only the built-in keys" 1 \
	"$regdb" verify -K "$K" "$work/s.db"
c "the refusal says the signer is not trusted" has '"CN=tester" is not a trusted certificate' "$work/err"
t "a bare public key cannot verify a regulatory.db" 1 \
	"$regdb" verify -K "$K" -n -k "$work/k.key.pub.pem" "$work/s.db"
cp "$T/regulatory.bin" "$work/r.bin"
t "regdb sign re-signs a regulatory.bin in place" 0 \
	"$regdb" sign --sign-key "$work/k.key.priv" "$work/r.bin"
t "which then verifies with the new key only" 0 \
	"$regdb" verify -K "$K" -n -k "$work/k.key.pub.pem" "$work/r.bin"
t "and no longer with sforshee's" 1 \
	"$regdb" verify -K "$K" -n -k "$T/sforshee.key.pub.pem" "$work/r.bin"
t "regdb sign without --sign-key is a usage error" 2 "$regdb" sign "$work/r.bin"

# PEM private keys as wireless-regdb's maintainers make them with openssl:
# PKCS#8 "PRIVATE KEY" (openssl 3's default) and PKCS#1 "RSA PRIVATE KEY"
# (-traditional); the certificate from openssl req.
pem() { openssl "$@" 2>"$work/openssl.err" || { cat "$work/openssl.err"; return 1; }; }
c "openssl makes a 2048-bit RSA key (PKCS#8), its PKCS#1 form and a certificate" \
	pem genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$work/p8.pem" &&
	pem pkey -in "$work/p8.pem" -traditional -out "$work/p1.pem" &&
	pem pkey -in "$work/p8.pem" -pubout -out "$work/pem.pub.pem" &&
	pem req -new -x509 -key "$work/p8.pem" -subj /CN=pem-tester -days 2 \
		-sha256 -out "$work/pem.x509.pem"
c "the two forms are the PEM labels wanted" sh -c \
	"grep -q 'BEGIN PRIVATE KEY' '$work/p8.pem' && grep -q 'BEGIN RSA PRIVATE KEY' '$work/p1.pem'"
for form in p8 p1; do
	cp "$T/regulatory.db" "$work/$form.db"
	cp "$T/regulatory.bin" "$work/$form.bin"
	t "regdb sign signs a regulatory.db with a PEM key ($form)" 0 "$regdb" sign \
		--sign-key "$work/$form.pem" --cert "$work/pem.x509.pem" "$work/$form.db"
	t "which verifies with the matching certificate ($form)" 0 \
		"$regdb" verify -n -k "$work/pem.x509.pem" "$work/$form.db"
	t "regdb sign signs a regulatory.bin with a PEM key ($form)" 0 "$regdb" sign \
		--sign-key "$work/$form.pem" "$work/$form.bin"
	t "which verifies with the matching public key ($form)" 0 \
		"$regdb" verify -n -k "$work/pem.pub.pem" "$work/$form.bin"
done
t "a PEM key with another key's certificate is refused" 1 "$regdb" sign \
	--sign-key "$work/p1.pem" --cert "$work/k.x509.pem" "$work/p1.db"
c "the refusal names the certificate" \
	has "k.x509.pem: the certificate is not for this private key" "$work/err"
pem pkey -in "$work/p8.pem" -aes256 -passout pass:x -out "$work/enc.pem"
t "an encrypted PEM key is refused" 1 "$regdb" sign --sign-key "$work/enc.pem" "$work/p1.bin"
c "the refusal names the file and the reason" \
	has "enc.pem: .*encrypted" "$work/err"
pem genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$work/ec.pem"
t "a PEM key that is not RSA is refused" 1 "$regdb" sign --sign-key "$work/ec.pem" "$work/p1.bin"
c "the refusal names the file and the reason" has "ec.pem: .*not an RSA key" "$work/err"
# DER keys, as regdb(8) promises, and no key too short for any reader
pem pkey -in "$work/p8.pem" -outform DER -out "$work/p8.der"
cp "$T/regulatory.bin" "$work/der.bin"
t "regdb sign signs with a DER key (PKCS#8)" 0 "$regdb" sign \
	--sign-key "$work/p8.der" "$work/der.bin"
t "which verifies with the matching public key (DER)" 0 \
	"$regdb" verify -n -k "$work/pem.pub.pem" "$work/der.bin"
pem genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:1024 -out "$work/short.pem"
t "a 1024-bit key is refused for signing" 1 "$regdb" sign \
	--sign-key "$work/short.pem" "$work/der.bin"
c "the refusal names the file and the size" has "short.pem: an RSA key of 1024 bits" "$work/err"

# ---- regdb diff ----
# Known answers: Debian's database decompiled, edited in five known ways,
# compiled and signed again; the diff must be exactly those edits.
"$regdb" decompile -K "$K" -s "$D/regulatory.db.p7s-upstream" \
	-o "$work/diff-old.txt" "$D/regulatory.db-upstream"
awk '
	/^country / { c = $2 }
	c == "DE:" && /^\t\(5725 - 5875 @ 80\), \(13.97\)$/ { print "\t(5725 - 5875 @ 80), (14)"; next }
	c == "DE:" && /^\t\(57000 - 66000 @ 2160\)/ { next }
	c == "DK:" && /^\t\(2400 - 2483.5 @ 40\), \(20\)$/ { print "\t(2400 - 2483.5 @ 20), (20)"; next }
	c == "DK:" && /^\t\(5150 - 5250 @ 80\)/ { sub(/, wmmrule=WMM1/, "") }
	/^country JP: DFS-JP$/ { print "country JP: DFS-FCC"; next }
	/^country YT:/ { skip = 1 }
	skip && /^$/ { skip = 0; next }
	skip { next }
	{ print }
	END { print "country XA: DFS-ETSI"; print "\t(2402 - 2482 @ 40), (20)"; print "" }
' "$work/diff-old.txt" >"$work/diff-new.txt"
t "regdb diff: the edited database compiles and is signed" 0 "$regdb" compile \
	--db "$work/diff-new.db" --sign-key "$work/k.key.priv" \
	--cert "$work/k.x509.pem" "$work/diff-new.txt"
old_db="$D/regulatory.db-upstream"
old_sig="$D/regulatory.db.p7s-upstream"
t "regdb diff of two different databases exits 1" 1 "$regdb" diff -K "$K" \
	-k "$work/k.x509.pem" --old-sig "$old_sig" "$old_db" "$work/diff-new.db"
cp "$work/out" "$work/diff.out"
"$regdb" lookup -K "$K" --db "$old_db" -s "$old_sig" YT >"$work/yt.txt"
{
	echo "--- $old_db: version 20, 182 countries, signed by builtin:wens.x509.pem"
	echo "+++ $work/diff-new.db: version 20, 182 countries, signed by $work/k.x509.pem"
	printf 'country DE: DFS-ETSI\n'
	printf -- '-\t(5725.000 - 5875.000 @ 80.000), (13.97), (N/A)\n'
	printf '+\t(5725.000 - 5875.000 @ 80.000), (14.00), (N/A)\n'
	printf -- '-\t(57000.000 - 66000.000 @ 2160.000), (40.00), (N/A)\n'
	printf 'country DK: DFS-ETSI\n'
	printf -- '-\t(2400.000 - 2483.500 @ 40.000), (20.00), (N/A)\n'
	printf '+\t(2400.000 - 2483.500 @ 20.000), (20.00), (N/A)\n'
	printf -- '-\t(5150.000 - 5250.000 @ 80.000), (23.01), (N/A), NO-OUTDOOR, AUTO-BW; WMM'
	printf ' VO client 3/7/2/2 ap 3/7/1/2 VI client 7/15/2/4 ap 7/15/1/4'
	printf ' BE client 15/1023/3/6 ap 15/63/3/6 BK client 15/1023/7/6 ap 15/1023/7/6\n'
	printf '+\t(5150.000 - 5250.000 @ 80.000), (23.01), (N/A), NO-OUTDOOR, AUTO-BW; no WMM\n'
	printf 'country JP: DFS-JP -> DFS-FCC\n'
	printf 'country XA: added, DFS-ETSI\n'
	printf '+\t(2402.000 - 2482.000 @ 40.000), (20.00), (N/A)\n'
	printf 'country YT: removed, DFS-ETSI\n'
	# YT's rules as lookup prints them, "; WMM" on those it gives limits
	awk '/^\tWMM / { w[$2 " - " $4] = 1 } /^\t\(/ { r[++n] = $0 }
		END { for (i = 1; i <= n; i++) { split(r[i], f, /[( ]+/)
			print "-" r[i] ((f[2] " - " f[4]) in w ? "; WMM" : "") } }' "$work/yt.txt"
	echo "1 countries added, 1 removed, 3 changed, 178 unchanged"
} >"$work/diff.want"
c "regdb diff prints exactly the five edits" cmp -s "$work/diff.want" "$work/diff.out"
if ! cmp -s "$work/diff.want" "$work/diff.out"; then
	diff "$work/diff.want" "$work/diff.out" | head -20 | sed -e 's/^/#   /'
fi
c "YT's removal lists its rules (and some have WMM limits)" \
	[ "$(grep -c '^-	.*; WMM$' "$work/diff.out")" -ge 1 ]
t "regdb diff the other way round exits 1" 1 "$regdb" diff -K "$K" \
	-k "$work/k.x509.pem" --new-sig "$old_sig" "$work/diff-new.db" "$old_db"
c "and swaps added and removed" \
	has "^country XA: removed, DFS-ETSI$" "$work/out"
c "and the DFS region change" has "^country JP: DFS-FCC -> DFS-JP$" "$work/out"
t "regdb diff --json" 1 "$regdb" diff --json -K "$K" -k "$work/k.x509.pem" \
	--old-sig "$old_sig" "$old_db" "$work/diff-new.db"
c "regdb diff --json is one valid JSON document" "$JSONCHECK" "$work/out"
c "regdb diff --json has the summary" \
	has '"summary":{"added":1,"removed":1,"changed":3,"unchanged":178}}$' "$work/out"
c "regdb diff --json gives a changed rule's old and new values" \
	has '{"change":"changed","old":{"start_khz":5725000,"end_khz":5875000,"max_bw_khz":80000,"max_ant_gain_mbi":0,"max_eirp_mbm":1397,[^{}]*},"new":{"start_khz":5725000,"end_khz":5875000,"max_bw_khz":80000,"max_ant_gain_mbi":0,"max_eirp_mbm":1400,' "$work/out"
c "regdb diff --json gives a changed rule's WMM limits, client then ap" \
	has '"old":{"start_khz":5150000,[^{}]*"wmm":{"client":\[{"ac":"VO","cw_min":3,"cw_max":7,"aifsn":2,"cot_ms":2},{"ac":"VI","cw_min":7,"cw_max":15,"aifsn":2,"cot_ms":4},{"ac":"BE","cw_min":15,"cw_max":1023,"aifsn":3,"cot_ms":6},{"ac":"BK","cw_min":15,"cw_max":1023,"aifsn":7,"cot_ms":6}\],"ap":\[{"ac":"VO","cw_min":3,"cw_max":7,"aifsn":1,"cot_ms":2},' "$work/out"
c "regdb diff --json gives WMM limits, and null for none" \
	has '"flags":\["NO-OUTDOOR","AUTO-BW"\],"wmm":null}' "$work/out"

# The real databases: wireless-regdb 2018 against Debian's.
t "regdb diff 2018 against Debian's database exits 1" 1 "$regdb" diff -K "$K" \
	-k "$T/sforshee.x509.pem" --new-sig "$old_sig" "$T/regulatory.db" "$old_db"
cp "$work/out" "$work/diff.out"
"$regdbdump" -K "$K" -n -k "$T/sforshee.key.pub.pem" "$T/regulatory.bin" |
	sed -n 's/^country \(..\):.*/\1/p' >"$work/c2018"
"$regdbdump" -K "$K" -s "$old_sig" "$old_db" |
	sed -n 's/^country \(..\):.*/\1/p' >"$work/cnow"
added=$(comm -13 "$work/c2018" "$work/cnow" | wc -l)
removed=$(comm -23 "$work/c2018" "$work/cnow" | wc -l)
common=$(comm -12 "$work/c2018" "$work/cnow" | wc -l)
c "the countries added and removed are those of the two dumps ($added, $removed)" \
	has "^$added countries added, $removed removed, " "$work/diff.out"
c "changed and unchanged add up to the $common countries in both" sh -c \
	"sed -n 's/.* removed, \([0-9]*\) changed, \([0-9]*\) unchanged$/\1 \2/p' '$work/diff.out' |
	{ read ch un && [ \$((ch + un)) -eq $common ]; }"
c "each added country is named" sh -c \
	"for x in \$(comm -13 '$work/c2018' '$work/cnow'); do grep -q \"^country \$x: added, \" '$work/diff.out' || exit 1; done"
# every DFS region change the diff reports is what lookup prints in each file
sed -n 's/^country \(..\): \(DFS-[A-Z]*\) -> \(DFS-[A-Z]*\)$/\1 \2 \3/p' "$work/diff.out" >"$work/dfs"
c "the diff reports some DFS region changes" [ -s "$work/dfs" ]
c "each as lookup gives it in the two files" sh -c "
	while read cc a b; do
		'$regdb' lookup -K '$K' -n -k '$T/sforshee.x509.pem' --db '$T/regulatory.db' \$cc | grep -qx \"country \$cc: \$a\" || exit 1
		'$regdb' lookup -K '$K' --db '$old_db' -s '$old_sig' \$cc | grep -qx \"country \$cc: \$b\" || exit 1
	done <'$work/dfs'"
t "regdb diff of the 2018 files in both formats exits 0" 0 "$regdb" diff -K "$K" \
	-n -k "$T/sforshee.key.pub.pem" -k "$T/sforshee.x509.pem" \
	"$T/regulatory.bin" "$T/regulatory.db"
c "and says what the formats cannot both hold is not compared" \
	has "^(version 19 against version 20: WMM limits and CAC times" "$work/out"
c "and finds every country the same" \
	has "^0 countries added, 0 removed, 0 changed, 174 unchanged$" "$work/out"

# Across formats only what both can hold counts: NO-CCK, which version
# 20 cannot hold, is in the regulatory.bin and not in the regulatory.db
# of one db.txt; within version 19 a flag regdbdump has no word for
# (NO-HT40) shows in exact values
sed '/^country DE:/,/^$/ s/^\t(2400 - 2483.5 @ 40), (20)$/\t(2400 - 2483.5 @ 40), (20), NO-CCK/' \
	"$work/diff-old.txt" >"$work/cck.txt"
sed '/^country DE:/,/^$/ s/^\t(2400 - 2483.5 @ 40), (20)$/\t(2400 - 2483.5 @ 40), (20), NO-HT40/' \
	"$work/diff-old.txt" >"$work/ht40.txt"
c "the edits are there" sh -c "grep -q 'NO-CCK' '$work/cck.txt' && grep -q 'NO-HT40' '$work/ht40.txt'"
# (regdb compile refuses NO-CCK for regulatory.db; upstream's db2fw.py
# leaves it out: the regulatory.db is made from the text without it)
t "NO-CCK compiles as regulatory.bin, the text without it as regulatory.db" 0 \
	sh -c "'$regdb' compile --bin '$work/cck.bin' --sign-key '$work/k.key.priv' '$work/cck.txt' &&
	 '$regdb' compile --db '$work/cck.db' --sign-key '$work/k.key.priv' \
		--cert '$work/k.x509.pem' '$work/diff-old.txt'"
t "regdb diff of the two is 0: version 20 cannot hold NO-CCK" 0 "$regdb" diff \
	-K "$K" -n -k "$work/k.key.pub.pem" -k "$work/k.x509.pem" \
	"$work/cck.bin" "$work/cck.db"
c "and every country is the same" \
	has "^0 countries added, 0 removed, 0 changed, 182 unchanged$" "$work/out"
t "NO-HT40 and the original compile as regulatory.bin" 0 sh -c \
	"'$regdb' compile --bin '$work/ht40.bin' --sign-key '$work/k.key.priv' '$work/ht40.txt' &&
	 '$regdb' compile --bin '$work/orig.bin' --sign-key '$work/k.key.priv' '$work/diff-old.txt'"
t "regdb diff finds the NO-HT40 rule changed" 1 "$regdb" diff -K "$K" -n \
	-k "$work/k.key.pub.pem" "$work/orig.bin" "$work/ht40.bin"
c "giving the exact values regdbdump's words cannot show" sh -c \
	"grep -qxF -e '-	(2400.000 - 2483.500 @ 40.000), (20.00), (N/A); exact 2400000 - 2483500 @ 40000 kHz, 2000 mBm, flags 0x0' '$work/out' &&
	 grep -qxF -e '+	(2400.000 - 2483.500 @ 40.000), (20.00), (N/A); exact 2400000 - 2483500 @ 40000 kHz, 2000 mBm, flags 0x6000' '$work/out'"

t "regdb diff with one file is a usage error" 2 "$regdb" diff "$old_db"
t "regdb diff --sig is a usage error" 2 "$regdb" diff -s "$old_sig" "$old_db" "$old_db"
t "regdb verify --json is a usage error" 2 "$regdb" verify --json "$old_db"
t "regdb diff with an untrusted file exits 2" 2 "$regdb" diff -K "$K" \
	--old-sig "$old_sig" "$old_db" "$work/diff-new.db"
c "naming the file and the reason" \
	has "diff-new.db: byte 0: signature .*not a trusted certificate" "$work/err"
c "and printing nothing" [ ! -s "$work/out" ]
t "regdb diff -o is a usage error (diff writes to standard output)" 2 \
	"$regdb" diff -o "$work/diff-o.txt" --old-sig "$old_sig" --new-sig "$old_sig" \
	"$old_db" "$old_db"
c "naming its options, and writing no file" \
	sh -c "grep -q 'diff writes to standard output and takes only' '$work/err' && [ ! -e '$work/diff-o.txt' ]"
# one trusted set for both files: a key directory's warning is said once
mkdir -p "$work/junkkeys"
echo "not a key" >"$work/junkkeys/junk.pem"
t "regdb diff with a junk file in the key directory still compares" 0 \
	"$regdb" diff --keydir "$work/junkkeys" --old-sig "$old_sig" --new-sig "$old_sig" \
	"$old_db" "$old_db"
c "and warns about the junk file once" \
	[ "$(grep -c 'junk.pem' "$work/err")" -eq 1 ]

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
