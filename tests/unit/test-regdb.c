// SPDX-License-Identifier: GPL-2.0
/*
 * test-regdb - host tests of the database library against real data: the
 * 2018 wireless-regdb release (SHARED_TESTDATA/wireless-regdb-2018) and
 * Debian's wireless-regdb package (/lib/firmware/regulatory.db-*).
 *
 * Prints one TAP-style line per test and ends with "N passed, N failed".
 * Environment: SHARED_TESTDATA (default ../shared/testdata), TOP (the
 * source tree, for keys/README), TMPDIR.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

static unsigned int passed, failed, test_no;
static bool ok;
static char *why;
static struct regdom *keep;	/* freed by run(): CHECK returns early */

static void failf(int line, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void failf(int line, const char *fmt, ...)
{
	char *msg = NULL;
	va_list ap;

	if (!ok)
		return;
	ok = false;
	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	why = rdb_asprintf("line %d: %s", line, msg ? msg : "?");
	free(msg);
}

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			failf(__LINE__, __VA_ARGS__);			\
			return;						\
		}							\
	} while (0)

static void run(const char *name, void (*fn)(void))
{
	ok = true;
	why = NULL;
	fn();
	test_no++;
	if (ok) {
		passed++;
		printf("ok %u - %s\n", test_no, name);
	} else {
		failed++;
		printf("not ok %u - %s\n#   %s\n", test_no, name, why);
	}
	free(why);
	regdom_free(keep);
	keep = NULL;
	fflush(stdout);
}

/* ---- data ---- */

struct blob {
	unsigned char *p;
	size_t len;
};

static const char *testdata(void)
{
	const char *d = getenv("SHARED_TESTDATA");

	return d && *d ? d : "../shared/testdata";
}

static char *tpath(const char *rel)
{
	return rdb_asprintf("%s/wireless-regdb-2018/%s", testdata(), rel);
}

/* Read a data file; a missing one fails the test with its path. */
static bool load(const char *path, struct blob *b, int line)
{
	char *err = NULL;

	if (regdb_read_file(path, &b->p, &b->len, &err)) {
		failf(line, "missing test data: %s", err);
		free(err);
		return false;
	}
	return true;
}

static bool load2018(const char *rel, struct blob *b, int line)
{
	char *p = tpath(rel);
	bool r = load(p, b, line);

	free(p);
	return r;
}

#define LOAD(path, b) do { if (!load(path, b, __LINE__)) return; } while (0)
#define LOAD2018(rel, b) do { if (!load2018(rel, b, __LINE__)) return; } while (0)

static const char *const deb_db[2] = {
	"/lib/firmware/regulatory.db-upstream",
	"/lib/firmware/regulatory.db-debian",
};
static const char *const deb_sig[2] = {
	"/lib/firmware/regulatory.db.p7s-upstream",
	"/lib/firmware/regulatory.db.p7s-debian",
};
static const char *const deb_signer[2] = {
	"builtin:wens.x509.pem", "builtin:debian.x509.pem",
};
/* How the kernel names those keys: neither certificate has a subject key
 * identifier, so SUBJECT: SERIAL (openssl x509 -serial -subject).
 */
static const char *const deb_key_id[2] = {
	"61c038651aabdcf94bd0ac7ff06c7248db18c600",
	"577e021cb980e0e820821ba7b54b4961b8b4fadf",
};
static const char *const deb_subject[2] = { "CN=wens", "CN=benh@debian.org" };

/* A trusted set of exactly the given 2018 file, no built-in keys. */
static struct regdb_trust *trust2018(const char *rel)
{
	char *p = tpath(rel), *err = NULL;
	struct regdb_trust *t = regdb_trust_new(false, &err);

	if (t && regdb_trust_add_file(t, p, &err) != 1) {
		regdb_trust_free(t);
		t = NULL;
	}
	free(p);
	free(err);
	return t;
}

static struct regdb_trust *builtin(void)
{
	return regdb_trust_new(true, NULL);
}

/* The sha256 of the legacy regdbdump text, for comparison. */
static void text_sha256(const char *text, size_t len, char hex[65])
{
	unsigned char d[32];
	unsigned int i;

	gcry_md_hash_buffer(GCRY_MD_SHA256, d, text, len);
	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", d[i]);
}

/* Everything regdbdump prints for @db. */
static char *dump_text(const struct regdb *db, size_t *len)
{
	char *buf = NULL;
	FILE *f = open_memstream(&buf, len);

	if (!f)
		return NULL;
	regdb_dump(db, f, NULL);
	fclose(f);
	return buf;
}

/* ---- verification of the real files ---- */

static void v19_2018_verifies_with_sforshee_public_key(void)
{
	struct regdb_trust *t = trust2018("sforshee.key.pub.pem");
	char *p = tpath("regulatory.bin"), *err = NULL;
	struct regdb *db;

	CHECK(t, "cannot load sforshee.key.pub.pem from %s", testdata());
	db = regdb_open(p, t, &err);
	free(p);
	regdb_trust_free(t);
	CHECK(db, "refused: %s", err);
	CHECK(!regdb_signer_key_id(db) && !regdb_signer_subject(db),
	      "a bare key names no certificate");
	CHECK(regdb_version(db) == 19 && regdb_country_count(db) == 174,
	      "version %d, %zu countries", regdb_version(db),
	      regdb_country_count(db));
	CHECK(strstr(regdb_signer(db), "sforshee.key.pub.pem"), "signer %s",
	      regdb_signer(db));
	regdb_close(db);
}

/* Add the 2018 file @rel to @t, unparsed (@lazy, as built-in keys) or not. */
static bool add2018(struct regdb_trust *t, const char *rel, bool lazy)
{
	char *p = tpath(rel), *err = NULL;
	unsigned char *data = NULL;
	size_t len;
	bool ok = !regdb_read_file(p, &data, &len, &err) &&
		  (lazy ? rdb_trust_add_lazy(t, rel, data, len, &err) :
			  regdb_trust_add_mem(t, rel, data, len, &err)) == 1;

	if (!ok)
		printf("# %s: %s\n", p, err ? err : "not added");
	free(p);
	free(data);
	free(err);
	return ok;
}

static size_t keys_loaded(const struct regdb_trust *t);

/*
 * The keys read at run time are tried before the built-in ones, which are
 * then not parsed at all: opening the 2018 regulatory.bin with the
 * built-in keys and its own parses nothing more.
 */
static void v19_verifying_run_time_key_leaves_builtin_keys_unparsed(void)
{
	struct regdb_trust *t = builtin();
	char *p = tpath("regulatory.bin"), *err = NULL;
	struct regdb *db = NULL;
	size_t before = 0, after = 0;
	bool opened = false, signer = false;

	if (t && t->n >= 2 && add2018(t, "sforshee.key.pub.pem", false)) {
		before = keys_loaded(t);
		db = regdb_open(p, t, &err);
		after = keys_loaded(t);
		opened = db;
		signer = db && !strcmp(regdb_signer(db), "sforshee.key.pub.pem");
	}
	regdb_close(db);
	regdb_trust_free(t);
	free(p);
	if (!opened)
		printf("# refused: %s\n", err ? err : "-");
	free(err);
	CHECK(before == 1, "%zu keys parsed before opening", before);
	CHECK(opened, "refused");
	CHECK(signer, "another signer");
	CHECK(after == before, "%zu keys parsed, then %zu", before, after);
}

/*
 * When one RSA key is trusted twice, the signer named is the first of the
 * set that holds it, whatever order the keys are tried in: an unparsed
 * certificate before the parsed public key, two parsed copies, an unparsed
 * certificate of another key before it (not the signer).
 */
static void v19_signer_is_the_first_trusted_holder_of_the_key(void)
{
	static const struct {
		const char *rel[2];
		bool lazy[2];
		const char *signer;
	} cases[] = {
		{ { "sforshee.x509.pem", "sforshee.key.pub.pem" }, { true, false },
		  "sforshee.x509.pem" },
		{ { "sforshee.key.pub.pem", "sforshee.x509.pem" }, { false, false },
		  "sforshee.key.pub.pem" },
		{ { "sforshee.x509.pem", "sforshee.key.pub.pem" }, { false, false },
		  "sforshee.x509.pem" },
		{ { "sforshee.x509.pem", "sforshee.key.pub.pem" }, { true, true },
		  "sforshee.x509.pem" },
		{ { "sforshee.key.pub.pem", "sforshee.x509.pem" }, { false, true },
		  "sforshee.key.pub.pem" },
	};
	char *p = tpath("regulatory.bin");
	size_t i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct regdb_trust *t = regdb_trust_new(true, NULL);
		size_t nb = t ? t->n : 0;
		char *err = NULL;
		struct regdb *db = NULL;

		for (j = 0; t && j < 2; j++)
			if (!add2018(t, cases[i].rel[j], cases[i].lazy[j])) {
				regdb_trust_free(t);
				t = NULL;
			}
		if (t)
			db = regdb_open(p, t, &err);
		if (!db || strcmp(regdb_signer(db), cases[i].signer)) {
			printf("# case %zu: %s, signer %s, expected %s\n", i,
			       err ? err : "verified", db ? regdb_signer(db) : "-",
			       cases[i].signer);
			regdb_close(db);
			regdb_trust_free(t);
			free(err);
			free(p);
			CHECK(0, "case %zu", i);
		}
		/*
		 * the built-in keys (other RSA keys) were not parsed, unless
		 * every key was unparsed: then they are tried in order
		 */
		for (j = 0; !(cases[i].lazy[0] && cases[i].lazy[1]) && j < nb; j++)
			if (t->keys[j].loaded) {
				regdb_close(db);
				regdb_trust_free(t);
				free(p);
				CHECK(0, "case %zu: built-in key %zu parsed", i, j);
			}
		regdb_close(db);
		regdb_trust_free(t);
	}
	free(p);
}

static void v20_2018_with_signed_attributes_verifies_with_sforshee_cert(void)
{
	struct regdb_trust *t = trust2018("sforshee.x509.pem");
	char *p = tpath("regulatory.db"), *err = NULL;
	struct regdb *db;

	CHECK(t, "cannot load sforshee.x509.pem");
	db = regdb_open(p, t, &err);
	free(p);
	regdb_trust_free(t);
	CHECK(db, "refused: %s", err);
	CHECK(regdb_version(db) == 20 && regdb_country_count(db) == 174,
	      "version %d", regdb_version(db));
	regdb_close(db);
}

static void files_2018_are_refused_without_their_key(void)
{
	struct regdb_trust *t = builtin();
	char *p = tpath("regulatory.db"), *q = tpath("regulatory.bin");
	char *err = NULL, *err2 = NULL;
	struct regdb *db = regdb_open(p, t, &err);
	struct regdb *db2 = regdb_open(q, t, &err2);

	regdb_trust_free(t);
	CHECK(!db && !db2, "accepted without the sforshee key");
	CHECK(err && strstr(err, p) && strstr(err, "byte 0: ") &&
	      strstr(err, "not a trusted certificate"), "message: %s", err);
	CHECK(err2 && strstr(err2, q) && strstr(err2, "byte 5492: "),
	      "message: %s", err2);
	free(p);
	free(q);
	free(err);
	free(err2);
}

static void debian_files_verify_with_builtin_keys(void)
{
	struct regdb_trust *t = builtin();
	unsigned int i;

	CHECK(t && regdb_trust_count(t) == 2, "built-in keys missing");
	for (i = 0; i < 2; i++) {
		char *err = NULL;
		struct regdb *db = regdb_open_sig(deb_db[i], deb_sig[i], t, &err);

		CHECK(db, "%s refused: %s", deb_db[i], err);
		CHECK(!strcmp(regdb_signer(db), deb_signer[i]),
		      "%s signed by %s", deb_db[i], regdb_signer(db));
		CHECK(regdb_signer_key_id(db) &&
		      !strcmp(regdb_signer_key_id(db), deb_key_id[i]),
		      "%s: key id %s", deb_db[i], regdb_signer_key_id(db));
		CHECK(regdb_signer_subject(db) &&
		      !strcmp(regdb_signer_subject(db), deb_subject[i]),
		      "%s: subject %s", deb_db[i], regdb_signer_subject(db));
		CHECK(regdb_country_count(db) > 150, "%zu countries",
		      regdb_country_count(db));
		regdb_close(db);
	}
	regdb_trust_free(t);
}

static void debian_signature_swapped_between_signers_still_needs_trust(void)
{
	/* upstream db with the upstream p7s, trusting only the Debian key */
	struct regdb_trust *t = regdb_trust_new(false, NULL);
	char *top = getenv("TOP"), *path, *err = NULL;
	struct regdb *db;

	CHECK(top, "TOP is not set");
	path = rdb_asprintf("%s/keys/debian.x509.pem", top);
	CHECK(regdb_trust_add_file(t, path, NULL) == 1, "cannot read %s", path);
	free(path);
	db = regdb_open_sig(deb_db[0], deb_sig[0], t, &err);
	regdb_trust_free(t);
	CHECK(!db, "wens signature accepted with only the Debian key trusted");
	CHECK(strstr(err, "\"CN=wens\" is not a trusted certificate"), "%s", err);
	free(err);
}

/* keys/README: "sha256 FILE HEX" lines */
static int readme_fprs(char names[8][64], char hex[8][65])
{
	char *top = getenv("TOP"), *path, line[256];
	FILE *f;
	int n = 0;

	if (!top)
		return -1;
	path = rdb_asprintf("%s/keys/README", top);
	f = fopen(path, "r");
	free(path);
	if (!f)
		return -1;
	while (n < 8 && fgets(line, sizeof(line), f))
		if (sscanf(line, "sha256 %63s %64[0-9a-f]", names[n], hex[n]) == 2 &&
		    strlen(hex[n]) == 64)
			n++;
	fclose(f);
	return n;
}

static void keys_readme_fingerprints_match_builtin_keys(void)
{
	char names[8][64], hex[8][65], fpr[65];
	struct regdb_trust *t = builtin();
	int n = readme_fprs(names, hex), i, j;

	CHECK(n > 0, "no fingerprints read from $TOP/keys/README");
	CHECK((size_t)n == regdb_trust_count(t), "README lists %d keys, %zu built in",
	      n, regdb_trust_count(t));
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			const char *name = regdb_trust_describe(t, (size_t)j, fpr);

			if (!strcmp(name + strlen("builtin:"), names[i]))
				break;
		}
		CHECK(j < n, "%s is in README but not built in", names[i]);
		CHECK(!strcmp(fpr, hex[i]), "%s: README %s, built in %s",
		      names[i], hex[i], fpr);
	}
	regdb_trust_free(t);
}

static void keys_readme_fingerprints_match_debian_p7s_certificates(void)
{
	char names[8][64], hex[8][65];
	int n = readme_fprs(names, hex), i, k;

	CHECK(n > 0, "no fingerprints in keys/README");
	for (i = 0; i < 2; i++) {
		struct blob sig;
		ksba_reader_t r;
		ksba_cms_t cms;
		ksba_stop_reason_t stop;
		ksba_cert_t c;
		const unsigned char *img;
		size_t imglen;
		char fpr[65];
		unsigned char d[32];

		LOAD(deb_sig[i], &sig);
		ksba_reader_new(&r);
		ksba_reader_set_mem(r, sig.p, sig.len);
		ksba_cms_new(&cms);
		ksba_cms_set_reader_writer(cms, r, NULL);
		do {
			CHECK(!ksba_cms_parse(cms, &stop), "cannot parse %s", deb_sig[i]);
		} while (stop != KSBA_SR_READY);
		c = ksba_cms_get_cert(cms, 0);
		CHECK(c, "no certificate in %s", deb_sig[i]);
		img = ksba_cert_get_image(c, &imglen);
		gcry_md_hash_buffer(GCRY_MD_SHA256, d, img, imglen);
		for (k = 0; k < 32; k++)
			snprintf(fpr + 2 * k, 3, "%02x", d[k]);
		for (k = 0; k < n; k++)
			if (!strcmp(hex[k], fpr))
				break;
		CHECK(k < n, "certificate in %s (%s) not listed in keys/README",
		      deb_sig[i], fpr);
		ksba_cert_release(c);
		ksba_cms_release(cms);
		ksba_reader_release(r);
		free(sig.p);
	}
}

/* ---- the compiler ---- */

/* Compile the 2018 db.txt; load the reference file @ref_name. */
static bool compile2018(int version, const char *ref_name, unsigned char **out,
			size_t *len, struct blob *ref, int line)
{
	struct blob txt;
	struct regdb_src *src;
	char *err = NULL;
	bool r = false;

	if (!load2018("db.txt", &txt, line))
		return false;
	if (!load2018(ref_name, ref, line)) {
		free(txt.p);
		return false;
	}
	src = regdb_src_parse("db.txt", (char *)txt.p, txt.len, &err);
	if (!src || regdb_compile(src, version, out, len, &err))
		failf(line, "%s", err);
	else
		r = true;
	free(err);
	regdb_src_free(src);
	free(txt.p);
	if (!r)
		free(ref->p);
	return r;
}

static void compile_2018_v20_is_byte_identical(void)
{
	struct blob ref;
	unsigned char *out;
	size_t len, i;

	if (!compile2018(20, "regulatory.db", &out, &len, &ref, __LINE__))
		return;
	for (i = 0; i < len && i < ref.len && out[i] == ref.p[i]; i++)
		;
	free(out);
	free(ref.p);
	CHECK(len == ref.len && i == len,
	      "%zu bytes against %zu, first difference at byte %zu", len,
	      ref.len, i);
}

static void compile_2018_v19_unsigned_part_is_byte_identical(void)
{
	struct blob ref;
	unsigned char *out;
	size_t len, siglen, i;
	uint32_t own;

	if (!compile2018(19, "regulatory.bin", &out, &len, &ref, __LINE__))
		return;
	siglen = rdb_be32(ref.p + 16);
	own = rdb_be32(out + 16);
	/* The signer writes the signature length into the header. */
	rdb_buf_set_be32(&(struct rdb_buf){ out, len, len, false }, 16,
			 (uint32_t)siglen);
	for (i = 0; i < len && i < ref.len && out[i] == ref.p[i]; i++)
		;
	free(out);
	free(ref.p);
	CHECK(own == 0, "unsigned output has signature length %u", own);
	CHECK(len + siglen == ref.len, "%zu + %zu bytes, file has %zu", len,
	      siglen, ref.len);
	CHECK(i == len, "first difference at byte %zu", i);
}

static void debian_files_decompile_and_compile_to_the_same_bytes(void)
{
	struct regdb_trust *t = builtin();
	unsigned int i;

	for (i = 0; i < 2; i++) {
		struct blob orig;
		char *err = NULL, *text;
		struct regdb *db = regdb_open_sig(deb_db[i], deb_sig[i], t, &err);
		struct regdb_src *src;
		unsigned char *out;
		size_t len;

		CHECK(db, "%s", err);
		text = regdb_decompile(db, &err);
		regdb_close(db);
		CHECK(text, "%s", err);
		src = regdb_src_parse("decompiled", text, strlen(text), &err);
		free(text);
		CHECK(src, "decompiled text does not parse: %s", err);
		CHECK(!regdb_compile(src, 20, &out, &len, &err), "%s", err);
		regdb_src_free(src);
		LOAD(deb_db[i], &orig);
		CHECK(len == orig.len && !memcmp(out, orig.p, len),
		      "%s: round trip differs (%zu against %zu bytes)", deb_db[i],
		      len, orig.len);
		free(out);
		free(orig.p);
	}
	regdb_trust_free(t);
}

static void decompile_of_compiled_2018_db_txt_means_the_same(void)
{
	struct blob txt;
	struct regdb_src *a, *b;
	int version;
	char *err = NULL, *diff = NULL;

	LOAD2018("db.txt", &txt);
	a = regdb_src_parse("db.txt", (char *)txt.p, txt.len, &err);
	CHECK(a, "%s", err);
	for (version = 19; version <= 20; version++) {
		unsigned char *out;
		size_t len;
		struct regdb *db;
		char *text;
		bool same;

		CHECK(!regdb_compile(a, version, &out, &len, &err), "%s", err);
		/* the structure alone: the signature is tested elsewhere */
		if (version == 19) {
			unsigned char *signed19 = realloc(out, len + 4);

			CHECK(signed19, "out of memory");
			out = signed19;
			rdb_buf_set_be32(&(struct rdb_buf){ out, len + 4, len + 4, false },
					 16, 4);
			memset(out + len, 0, 4);
			len += 4;
		}
		db = rdb_open_unverified("compiled", out, len, &err);
		free(out);
		CHECK(db, "v%d: %s", version, err);
		text = regdb_decompile(db, &err);
		regdb_close(db);
		CHECK(text, "%s", err);
		b = regdb_src_parse("decompiled", text, strlen(text), &err);
		free(text);
		CHECK(b, "%s", err);
		if (version == 20) {
			same = regdb_src_equal(a, b, &diff);
		} else {
			/* v19 carries no WMM rules: compare without them */
			size_t i, j;

			for (i = 0; i < a->n; i++)
				for (j = 0; j < a->countries[i].n; j++)
					a->countries[i].perms[j].wmm = -1;
			same = regdb_src_equal(a, b, &diff);
		}
		regdb_src_free(b);
		CHECK(same, "v%d: %s", version, diff);
	}
	regdb_src_free(a);
	free(txt.p);
}

static void lint_report_count(void *arg, const char *msg)
{
	(void)msg;
	++*(unsigned int *)arg;
}

static void lint_is_silent_on_2018_db_txt(void)
{
	struct blob txt;
	unsigned int n = 0;

	LOAD2018("db.txt", &txt);
	CHECK(regdb_lint("db.txt", (char *)txt.p, txt.len, lint_report_count,
			 &n) == 0 && n == 0, "%u findings", n);
	free(txt.p);
}

struct seen {
	char text[4096];
};

static void lint_collect(void *arg, const char *msg)
{
	struct seen *s = arg;

	strncat(s->text, msg, sizeof(s->text) - strlen(s->text) - 2);
	strcat(s->text, "\n");
}

static void lint_reports_each_kind_of_mistake(void)
{
	static const char bad[] =
		"country DE: DFS-ETSI\n"
		"\t(2402 - 2482 @ 40), (20)\n"
		"\t(2450 - 2500 @ 20), (20)\n"		/* overlap, same flags */
		"\t(5170 - 5250 @ 160), (20)\n"		/* bw > range */
		"\t(5.25 - 5.33 @ 0.08), (20)\n"	/* GHz */
		"\t(5490 - 5710 @ 80), (500)\n"		/* mW without mW */
		"country AT: DFS-ETSI\n"		/* unsorted */
		"\t(2402 - 2482 @ 40), (20)\n"
		"country DE:\n"				/* duplicate */
		"\t(5735 - 5835 @ 80), (30)\n";
	static const char *const expect[] = {
		"line 3: DE: rule overlaps the one at line 2",
		"line 4: DE: bandwidth 160 MHz is wider than the range",
		"line 5: DE: range 5.25 - 5.33 is not in MHz",
		"line 6: DE: power 500 dBm is implausible",
		"line 7: country AT comes after DE: not sorted",
		"line 9: country DE defined again (first at line 1)",
	};
	static const char unknown[] = "country DE:\n\t(2402 - 2482 @ 40), (20), NO-FOO\n";
	struct seen s = { "" };
	unsigned int n, i;

	n = regdb_lint("bad.txt", bad, strlen(bad), lint_collect, &s);
	for (i = 0; i < sizeof(expect) / sizeof(expect[0]); i++)
		CHECK(strstr(s.text, expect[i]), "missing \"%s\" in:\n%s",
		      expect[i], s.text);
	CHECK(n == 7, "%u findings:\n%s", n, s.text);	/* + DFS kept warning */
	s.text[0] = 0;
	n = regdb_lint("u.txt", unknown, strlen(unknown), lint_collect, &s);
	CHECK(n == 1 && strstr(s.text, "u.txt: line 2: Invalid flag 'NO-FOO'"),
	      "%s", s.text);
	s.text[0] = 0;
	n = regdb_lint("a.txt", "country DE:\n\t(5170 - 5250 @ 160), (20), AUTO-BW\n",
		       strlen("country DE:\n\t(5170 - 5250 @ 160), (20), AUTO-BW\n"),
		       lint_collect, &s);
	CHECK(n == 1 && strstr(s.text, "line 2: DE: bandwidth 160 MHz is wider than the range"),
	      "AUTO-BW wider than its range: %s", s.text);
}

static void parse_errors_name_the_line(void)
{
	static const struct { const char *text, *msg; } cases[] = {
		{ "country DE:\n\t(2482 - 2402 @ 40), (20)\n", "line 2: Inverted freq range" },
		{ "country DE: DFS-XX\n", "line 1: unknown DFS region" },
		{ "country de:\n", "line 1: country \"de\" is not two capital" },
		{ "\n\n(2402 - 2482 @ 40), (20)\n", "line 3: Expected band, power or country" },
		{ "country DE:\n\t(2402 - 2482 @ 40), (20), wmmrule=X\n", "line 2: No wmm rule for X" },
		{ "wmmrule E:\n\tvo_c: cw_min=4, cw_max=7, aifsn=2, cot=2\n",
		  "line 2: Invalid cw_min value should be power of 2 - 1 (4)" },
		{ "country DE:\n\t(2402 - 2482 @ 40), (0mW)\n", "line 2: invalid power data" },
		{ "country DE:\n\t(2402 - 2482 @ 40), (20),\n", "line 2: Invalid flag ''" },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *err = NULL;
		struct regdb_src *s = regdb_src_parse("t.txt", cases[i].text,
						      strlen(cases[i].text), &err);

		CHECK(!s, "case %zu parsed", i);
		CHECK(err && !strncmp(err, "t.txt: ", 7) && strstr(err, cases[i].msg),
		      "case %zu: \"%s\", expected \"%s\"", i, err, cases[i].msg);
		free(err);
	}
}

static void v20_compile_refuses_flags_it_cannot_store(void)
{
	static const char t[] = "country DE:\n\t(2402 - 2482 @ 40), (20), NO-CCK\n";
	struct regdb_src *s = regdb_src_parse("t", t, strlen(t), NULL);
	unsigned char *out = NULL;
	size_t len;
	char *err = NULL;

	CHECK(s, "parse failed");
	CHECK(!regdb_compile(s, 19, &out, &len, NULL), "v19 refused NO-CCK");
	free(out);
	CHECK(regdb_compile(s, 20, &out, &len, &err) &&
	      strstr(err, "line 2: flag NO-CCK cannot be stored"), "%s", err);
	free(err);
	regdb_src_free(s);
}

/* ---- look-ups ---- */

/* Debian's first database, verified with the built-in keys. */
static struct regdb *debian_db(char **err)
{
	struct regdb_trust *t = builtin();
	struct regdb *db = regdb_open_sig(deb_db[0], deb_sig[0], t, err);

	regdb_trust_free(t);
	return db;
}

static void lookup_finds_every_country_and_nothing_else(void)
{
	char *err = NULL;
	struct regdb *db = debian_db(&err);
	size_t i;

	CHECK(db, "%s", err);
	for (i = 0; i < regdb_country_count(db); i++) {
		struct regdom *a = regdb_country_at(db, i), *b;
		char lower[3];

		CHECK(a, "country_at(%zu)", i);
		lower[0] = (char)(a->alpha2[0] | (a->alpha2[0] >= 'A' ? 0x20 : 0));
		lower[1] = (char)(a->alpha2[1] | (a->alpha2[1] >= 'A' ? 0x20 : 0));
		lower[2] = 0;
		b = regdb_lookup(db, a->alpha2, NULL);
		CHECK(b && !strcmp(a->alpha2, b->alpha2) && a->n_rules == b->n_rules &&
		      !memcmp(a->rules, b->rules, a->n_rules * sizeof(*a->rules)),
		      "lookup(%s) differs from country_at(%zu)", a->alpha2, i);
		regdom_free(b);
		/* lower case is refused, as crda and regctl refuse it */
		if (strcmp(lower, a->alpha2)) {
			b = regdb_lookup(db, lower, &err);
			CHECK(!b && err &&
			      strstr(err, "bad country '") &&
			      strstr(err, "': two upper-case letters or 00"),
			      "lookup(%s) accepted (%s)", lower,
			      err ? err : "no error");
			regdom_free(b);
			free(err);
			err = NULL;
			CHECK(!regdb_find(db, lower), "find(%s) accepted", lower);
		}
		regdom_free(a);
	}
	CHECK(!regdb_country_at(db, i), "index past the end returned a country");
	CHECK(!regdb_lookup(db, "XY", &err) && strstr(err, "no country \"XY\""),
	      "%s", err);
	free(err);
	CHECK(!regdb_lookup(db, "D", NULL) && !regdb_lookup(db, "DEU", NULL) &&
	      !regdb_lookup(db, NULL, NULL), "bad alpha2 accepted");
	regdb_close(db);
}

/*
 * Verifying parses the trusted key that signed the database and keeps it
 * in the set (a cache), so the functions that open a database take the
 * set without const.
 */
typedef struct regdb *(*open_fn)(const char *, struct regdb_trust *,
				 char **);
typedef struct regdb *(*open_sig_fn)(const char *, const char *,
				     struct regdb_trust *, char **);
typedef struct regdb *(*open_mem_fn)(const char *, const void *, size_t,
				     const void *, size_t,
				     struct regdb_trust *, char **);

static size_t keys_loaded(const struct regdb_trust *t)
{
	size_t i, n = 0;

	for (i = 0; i < t->n; i++)
		n += t->keys[i].loaded;
	return n;
}

static void opening_fills_the_trusted_sets_cache_it_is_given(void)
{
	struct regdb_trust *t = builtin();
	char *err = NULL;
	struct regdb *db;
	size_t before = keys_loaded(t);

	CHECK(_Generic(&regdb_open, open_fn: 1, default: 0) &&
	      _Generic(&regdb_open_sig, open_sig_fn: 1, default: 0) &&
	      _Generic(&regdb_open_mem, open_mem_fn: 1, default: 0),
	      "an open function takes a const set and writes into it");
	db = regdb_open_sig(deb_db[0], deb_sig[0], t, &err);
	CHECK(db, "%s", err);
	regdb_close(db);
	CHECK(keys_loaded(t) == before + 1, "%zu keys parsed, then %zu",
	      before, keys_loaded(t));
	regdb_trust_free(t);
}

static void lookup_refuses_what_is_not_a_country_code(void)
{
	static const char *const bad[] = {
		"", "D", "DEU", "0A", "A0", "0a", "D1", "@A", "[A", "A ", "000",
		"de", "De", "dE",
	};
	char *err = NULL;
	struct regdb *db = debian_db(&err);
	size_t i;

	CHECK(db, "%s", err);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK(!regdb_find(db, bad[i]), "find(\"%s\") found a country",
		      bad[i]);
		CHECK(!regdb_lookup(db, bad[i], &err) &&
		      strstr(err, "bad country '") &&
		      strstr(err, "': two upper-case letters or 00"),
		      "lookup(\"%s\"): %s", bad[i], err ? err : "found");
		free(err);
		err = NULL;
	}
	CHECK(!regdb_lookup(db, NULL, &err) && strstr(err, "bad country"),
	      "lookup(NULL): %s", err ? err : "found");
	free(err);
	CHECK(regdb_find(db, "DE") && regdb_find(db, "00"), "DE or 00 not found");
	regdb_close(db);
}

static void lookup_exposes_dfs_region_flags_power_and_wmm(void)
{
	struct regdb_trust *t = trust2018("sforshee.x509.pem");
	char *p = tpath("regulatory.db"), *err = NULL;
	struct regdb *db = regdb_open(p, t, &err);
	struct regdom *de;
	const struct regdom_rule *r;

	free(p);
	regdb_trust_free(t);
	CHECK(db, "%s", err);
	de = regdb_lookup(db, "DE", &err);
	regdb_close(db);
	CHECK(de, "%s", err);
	keep = de;
	CHECK(de->dfs_region == NL80211_DFS_ETSI && de->n_rules == 6,
	      "DE: dfs %u, %u rules", de->dfs_region, de->n_rules);
	/* (5250 - 5350 @ 80), (100 mW), NO-OUTDOOR, DFS, AUTO-BW, wmmrule=ETSI */
	r = &de->rules[2];
	CHECK(r->start_khz == 5250000 && r->end_khz == 5350000 &&
	      r->max_bw_khz == 80000 && r->max_eirp_mbm == 2000 &&
	      r->flags == (NL80211_RRF_NO_OUTDOOR | NL80211_RRF_DFS |
			   NL80211_RRF_AUTO_BW),
	      "rule 3: %u-%u @%u %u mBm flags %#x", r->start_khz, r->end_khz,
	      r->max_bw_khz, r->max_eirp_mbm, r->flags);
	/* 500 mW: int(10 * log10(500) * 100) = 2698 mBm */
	CHECK(de->rules[3].max_eirp_mbm == 2698, "500 mW gave %u mBm",
	      de->rules[3].max_eirp_mbm);
	CHECK(r->has_wmm && r->wmm.client[REGDOM_AC_BE].cw_min == 15 &&
	      r->wmm.client[REGDOM_AC_BE].cw_max == 1023 &&
	      r->wmm.ap[REGDOM_AC_BE].cw_max == 63 &&
	      r->wmm.ap[REGDOM_AC_VO].aifsn == 1 && r->wmm.client[REGDOM_AC_BK].cot == 6,
	      "WMM values differ from db.txt's ETSI rule");
	CHECK(!de->rules[0].has_wmm, "2.4 GHz rule has a WMM rule");
}

static void dump_text_is_legacy_regdbdump_text(void)
{
	/*
	 * sha256 of legacy crda's regdbdump output. For the 2018 release it
	 * is independent of this project: legacy regdbdump read upstream's
	 * own regulatory.bin. Not so for Debian's file: legacy regdbdump
	 * reads only regulatory.bin (version 19) and Debian ships only
	 * regulatory.db (version 20), so its text was taken from a
	 * regulatory.bin this project converted from Debian's file. That
	 * conversion is the project's own output: a mistake in it (or in the
	 * reader both share) would be in hdeb too. It pins today's output
	 * against change; the independent anchor is h2018.
	 */
	static const char h2018[] =
		"fe175199424037c05adb7a3d9edbcdc85e694273cb9fbb57eb3f17d861bc3f63";
	static const char hdeb[] =
		"c1bb1ea6cf2de1acf54d0e14960504ce06bca6b2effca534ab130f4e47c7b6a5";
	/* ... for Debian's wireless-regdb 2026.09.03-1~deb12u1, this file: */
	static const char deb_file[] =
		"7e236caecd939c8ec98be4870bf30422f28ffef2565a38aaaa2d9ddabd0c2641";
	struct blob raw;
	struct regdb_trust *t = trust2018("sforshee.key.pub.pem"), *b = builtin();
	char *p = tpath("regulatory.bin"), *err = NULL, *text, hex[65];
	struct regdb *db = regdb_open(p, t, &err);
	size_t len;

	free(p);
	regdb_trust_free(t);
	CHECK(db, "%s", err);
	text = dump_text(db, &len);
	regdb_close(db);
	CHECK(text && !strncmp(text, "country 00: DFS-UNSET\n\t(2402.000 - 2472.000 @ 40.000), (20.00), (N/A)\n", 70),
	      "first lines: %.80s", text);
	text_sha256(text, len, hex);
	free(text);
	CHECK(!strcmp(hex, h2018), "2018 dump text differs from legacy (%s)", hex);
	LOAD(deb_db[1], &raw);
	text_sha256((char *)raw.p, raw.len, hex);
	free(raw.p);
	if (strcmp(hex, deb_file)) {
		printf("# %s is another release than the one whose legacy text is known; compared the 2018 file only\n",
		       deb_db[1]);
		regdb_trust_free(b);
		return;
	}
	db = regdb_open_sig(deb_db[1], deb_sig[1], b, &err);
	regdb_trust_free(b);
	CHECK(db, "%s", err);
	text = dump_text(db, &len);
	regdb_close(db);
	text_sha256(text, len, hex);
	free(text);
	CHECK(!strcmp(hex, hdeb), "Debian dump text differs from legacy (%s)", hex);
}

/*
 * Rule numbers are printed as legacy regdbdump printed them, through a
 * float and printf: "%.3f" of kHz / 1000, "%.2f" of mBm / 100. Values
 * around each digit count and where a float no longer holds the integer.
 */
static void print_numbers_are_legacy_printf_of_the_float(void)
{
	static const uint32_t edge[] = {
		0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9999, 10000, 99999,
		100000, 2402000, 5170000, 5835000, 16777215, 16777216,
		16777217, 16777219, 57240000, 70200000, 99999999, 100000000,
		123456789, 999999999, 1000000000, 2147483647, 4294967040,
		4294967167, 4294967168, 4294967295,
	};
	size_t i;

	for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
		struct regdom_rule r = {
			.start_khz = edge[i], .end_khz = edge[i],
			.max_bw_khz = edge[i], .max_eirp_mbm = edge[i],
		};
		struct regdom rd = { .alpha2 = "DE", .n_rules = 1, .rules = &r };
		char *got = NULL, want[256], *line;
		size_t len;
		FILE *f = open_memstream(&got, &len);
		bool same;

		CHECK(f, "open_memstream");
		regdom_print(f, &rd);
		fclose(f);
		if (edge[i])
			snprintf(want, sizeof(want),
				 "\t(%.3f - %.3f @ %.3f), (%.2f), (N/A)\n",
				 (float)edge[i] / 1000.0, (float)edge[i] / 1000.0,
				 (float)edge[i] / 1000.0, (float)edge[i] / 100.0);
		else
			snprintf(want, sizeof(want),
				 "\t(%.3f - %.3f @ %.3f), (N/A), (N/A)\n",
				 0.0, 0.0, 0.0);
		line = got ? strchr(got, '\t') : NULL;
		same = line && !strncmp(line, want, strlen(want));
		if (!same)
			printf("# %u: got %s# expected %s", edge[i],
			       line ? line : "(nothing)\n", want);
		free(got);
		CHECK(same, "%u printed otherwise than legacy printf", edge[i]);
	}
}

/* ---- refusals: mutations, truncations, untrusted signers ---- */

struct target {
	const char *what;
	struct blob db, sig;
	struct regdb_trust *t;
	size_t signed_len;
	struct rdb_p7s p7s;	/* v20: the signature, parsed once */
};

/*
 * Open @db the way regdb_open_mem() does. For v20, unless @full, the p7s
 * parsed once is checked against the data instead (the same check, minus
 * re-parsing the CMS structure, which is the slow part under ASan);
 * @full runs the whole public path.
 */
static bool refused(struct target *x, const unsigned char *db, size_t len,
		    bool full, char **err)
{
	const char *signer;
	struct regdb *d;

	if (!x->sig.p || full) {
		d = regdb_open_mem(x->what, db, len, x->sig.p, x->sig.len, x->t, err);
		regdb_close(d);
		return !d;
	}
	return rdb_p7s_check(x->t, &x->p7s, x->what, "p7s", db, len, &signer,
			     err) != 0;
}

static bool opens(const struct target *x, const unsigned char *db, size_t len,
		  const unsigned char *sig, size_t siglen, char **err)
{
	struct regdb *d = regdb_open_mem(x->what, db, len, sig, siglen, x->t, err);

	regdb_close(d);
	return d != NULL;
}

static bool targets(struct target x[4], int line)
{
	char *p;

	memset(x, 0, 4 * sizeof(*x));
	x[0].what = "2018 regulatory.bin";
	x[0].t = trust2018("sforshee.key.pub.pem");
	x[1].what = "2018 regulatory.db";
	x[1].t = trust2018("sforshee.x509.pem");
	x[2].what = deb_db[0];
	x[3].what = deb_db[1];
	x[2].t = builtin();
	x[3].t = builtin();
	if (!load2018("regulatory.bin", &x[0].db, line) ||
	    !load2018("regulatory.db", &x[1].db, line) ||
	    !load2018("regulatory.db.p7s", &x[1].sig, line) ||
	    !load(deb_db[0], &x[2].db, line) || !load(deb_sig[0], &x[2].sig, line) ||
	    !load(deb_db[1], &x[3].db, line) || !load(deb_sig[1], &x[3].sig, line))
		return false;
	x[0].signed_len = x[0].db.len - rdb_be32(x[0].db.p + 16);
	for (int i = 1; i < 4; i++) {
		x[i].signed_len = x[i].db.len;
		if (rdb_p7s_parse("p7s", x[i].sig.p, x[i].sig.len, &x[i].p7s, NULL))
			return false;
	}
	(void)p;
	return true;
}

static void targets_free(struct target x[4])
{
	for (int i = 0; i < 4; i++) {
		free(x[i].db.p);
		free(x[i].sig.p);
		regdb_trust_free(x[i].t);
		rdb_p7s_free(&x[i].p7s);
	}
}

static void every_single_byte_change_in_signed_data_is_refused(void)
{
	/*
	 * Every byte of the signed data of each real file, changed in three
	 * ways (lowest bit, highest bit, all bits): each copy must be refused,
	 * with a message naming a byte offset. v20 copies go through the whole
	 * open at every 61st byte, through the parsed p7s otherwise.
	 */
	static const unsigned char masks[] = { 0x01, 0x80, 0xff };
	struct target x[4];
	size_t i, n = 0;
	int k;

	if (!targets(x, __LINE__)) {
		targets_free(x);
		return;
	}
	for (k = 0; k < 4 && ok; k++) {
		char *err = NULL;

		if (refused(&x[k], x[k].db.p, x[k].db.len, true, &err)) {
			failf(__LINE__, "%s: unchanged file refused: %s", x[k].what, err);
			break;
		}
		for (i = 0; i < x[k].signed_len && ok; i++) {
			unsigned char orig = x[k].db.p[i];
			unsigned int m;

			for (m = 0; m < 3 && ok; m++) {
				x[k].db.p[i] = orig ^ masks[m];
				if (!refused(&x[k], x[k].db.p, x[k].db.len,
					     i % 61 == 0, &err))
					failf(__LINE__, "%s: byte %zu ^ %#x accepted",
					      x[k].what, i, masks[m]);
				else if (!err || !strstr(err, ": byte "))
					failf(__LINE__, "%s: message without offset: %s",
					      x[k].what, err);
				free(err);
				err = NULL;
				n++;
			}
			x[k].db.p[i] = orig;
		}
	}
	targets_free(x);
	CHECK(n > 3 * 20000, "only %zu mutations tried", n);
}

static void carried_certificate_is_not_what_verifies(void)
{
	/*
	 * Change the certificate carried in Debian's p7s (inside its RSA
	 * modulus): the signature must still verify, with the trusted
	 * certificate's key, whatever the carried copy says.
	 */
	struct regdb_trust *t = builtin();
	struct blob db, sig;
	const unsigned char *at;
	const struct rdb_tkey *k;
	struct regdb *d;
	char *err = NULL;

	LOAD(deb_db[0], &db);
	LOAD(deb_sig[0], &sig);
	CHECK(t && !rdb_tkey_load(&t->keys[1]), "cannot load the wens key");
	k = &t->keys[1];
	CHECK(strstr(k->name, "wens"), "key 1 is %s", k->name);
	at = memmem(sig.p, sig.len, k->der, k->derlen);
	CHECK(at, "the p7s does not carry the trusted certificate");
	sig.p[(size_t)(at - sig.p) + 250] ^= 0x20;
	regdb_trust_free(t);
	t = builtin();	/* nothing cached from the unchanged file */
	d = regdb_open_mem("changed-cert", db.p, db.len, sig.p, sig.len, t, &err);
	CHECK(d, "refused: %s", err);
	CHECK(!strcmp(regdb_signer(d), "builtin:wens.x509.pem"), "%s",
	      regdb_signer(d));
	regdb_close(d);
	regdb_trust_free(t);
	free(db.p);
	free(sig.p);
}

static void every_change_of_the_p7s_signature_value_is_refused(void)
{
	/* The RSA signature value ends each p7s: change each of its bytes. */
	struct target x[4];
	int k;

	if (!targets(x, __LINE__)) {
		targets_free(x);
		return;
	}
	for (k = 1; k < 4 && ok; k++) {
		size_t i;

		for (i = x[k].sig.len - 256; i < x[k].sig.len && ok; i++) {
			char *err = NULL;

			x[k].sig.p[i] ^= 0x5a;
			if (opens(&x[k], x[k].db.p, x[k].db.len, x[k].sig.p,
				  x[k].sig.len, &err))
				failf(__LINE__, "%s: p7s byte %zu changed, accepted",
				      x[k].what, i);
			free(err);
			x[k].sig.p[i] ^= 0x5a;
		}
	}
	targets_free(x);
}

static void every_byte_of_a_p7s_changed_never_crashes(void)
{
	/* Mutating certificates inside a p7s may be harmless; crashing is not. */
	struct target x[4];
	int k;
	size_t tried = 0;

	if (!targets(x, __LINE__)) {
		targets_free(x);
		return;
	}
	for (k = 1; k < 4; k++) {
		size_t i;

		for (i = 0; i < x[k].sig.len; i++) {
			char *err = NULL;

			x[k].sig.p[i] ^= 0xff;
			opens(&x[k], x[k].db.p, x[k].db.len, x[k].sig.p, x[k].sig.len,
			      &err);
			free(err);
			x[k].sig.p[i] ^= 0xff;
			tried++;
		}
	}
	targets_free(x);
	CHECK(tried > 3000, "only %zu tried", tried);
}

static void every_truncation_is_refused(void)
{
	struct target x[4];
	size_t n;
	int k;

	if (!targets(x, __LINE__)) {
		targets_free(x);
		return;
	}
	for (k = 0; k < 4 && ok; k++) {
		for (n = 0; n < x[k].db.len && ok; n++) {
			/* a fresh copy of exactly n bytes, so ASan sees overreads */
			unsigned char *cut = malloc(n ? n : 1);
			char *err = NULL;

			memcpy(cut, x[k].db.p, n);
			if (!refused(&x[k], cut, n, n % 61 == 0, &err))
				failf(__LINE__, "%s: %zu of %zu bytes accepted",
				      x[k].what, n, x[k].db.len);
			free(err);
			free(cut);
		}
		for (n = 0; k > 0 && n < x[k].sig.len && ok; n++) {
			unsigned char *cut = malloc(n ? n : 1);
			char *err = NULL;

			memcpy(cut, x[k].sig.p, n);
			if (opens(&x[k], x[k].db.p, x[k].db.len, cut, n, &err))
				failf(__LINE__, "%s: p7s cut to %zu bytes accepted",
				      x[k].what, n);
			free(err);
			free(cut);
		}
	}
	targets_free(x);
}

/* A fresh key pair in TMPDIR: PREFIX.key.priv, .key.pub.pem, .x509.pem */
static char *fresh_key(const char *tag)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = rdb_asprintf("%s/test-regdb-XXXXXX", tmp ? tmp : "/tmp");
	char *prefix = NULL, *priv, *pub, *cert, *p[3];
	int i, rc = 0;

	if (!dir || !mkdtemp(dir))
		return NULL;
	prefix = rdb_asprintf("%s/%s", dir, tag);
	free(dir);
	if (regdb_genkey(2048, tag, 30, &priv, &pub, &cert, NULL))
		return NULL;
	p[0] = rdb_asprintf("%s.key.priv", prefix);
	p[1] = rdb_asprintf("%s.key.pub.pem", prefix);
	p[2] = rdb_asprintf("%s.x509.pem", prefix);
	rc |= regdb_write_file(p[0], priv, strlen(priv), 0600, false, NULL);
	rc |= regdb_write_file(p[1], pub, strlen(pub), 0644, false, NULL);
	rc |= regdb_write_file(p[2], cert, strlen(cert), 0644, false, NULL);
	for (i = 0; i < 3; i++)
		free(p[i]);
	free(priv);
	free(pub);
	free(cert);
	if (rc) {
		free(prefix);
		return NULL;
	}
	return prefix;
}

static char *with(const char *prefix, const char *suffix)
{
	return rdb_asprintf("%s%s", prefix, suffix);
}

static void p7s_signed_by_an_untrusted_embedded_certificate_is_refused(void)
{
	char *prefix = fresh_key("intruder"), *kp, *cp, *err = NULL;
	struct regdb_key *k;
	struct regdb_trust *t = builtin();
	struct blob db;
	unsigned char *sig;
	size_t siglen;
	struct regdb *d;

	CHECK(prefix, "genkey failed");
	kp = with(prefix, ".key.priv");
	cp = with(prefix, ".x509.pem");
	k = regdb_key_load(kp, cp, &err);
	CHECK(k, "%s", err);
	LOAD(deb_db[0], &db);
	CHECK(!regdb_sign_p7s(k, db.p, db.len, &sig, &siglen, &err), "%s", err);
	regdb_key_free(k);
	d = regdb_open_mem("signed-by-intruder", db.p, db.len, sig, siglen, t, &err);
	CHECK(!d, "a p7s carrying its own untrusted certificate was accepted");
	CHECK(strstr(err, "\"CN=intruder\" is not a trusted certificate"), "%s", err);
	free(err);
	err = NULL;
	/* The same p7s is good once its certificate is trusted. */
	CHECK(regdb_trust_add_file(t, cp, &err) == 1, "%s", err);
	d = regdb_open_mem("signed-by-intruder", db.p, db.len, sig, siglen, t, &err);
	CHECK(d, "the p7s does not verify even with its certificate: %s", err);
	CHECK(strstr(regdb_signer(d), "intruder.x509.pem"), "%s", regdb_signer(d));
	regdb_close(d);
	regdb_trust_free(t);
	free(sig);
	free(db.p);
	free(kp);
	free(cp);
	free(prefix);
}

/*
 * Mutants of a p7s for the signed-attribute rules. The test signs with its
 * own key, then changes one attribute's type OID in place (same length, so
 * the DER stays well formed) and puts a new RSA signature value of the
 * same length where the old one was.
 */
static void md_write(void *arg, const void *data, size_t len)
{
	gcry_md_write(arg, data, len);
}

/* The "s" of signer 0 of @sig as unsigned big-endian bytes. */
static unsigned char *p7s_s(const unsigned char *sig, size_t siglen,
			    size_t *slen)
{
	struct rdb_p7s p;
	ksba_sexp_t sv;
	gcry_sexp_t sx = NULL;
	gcry_mpi_t m = NULL;
	unsigned char *s = NULL;

	if (rdb_p7s_parse("p7s", sig, siglen, &p, NULL))
		return NULL;
	sv = ksba_cms_get_sig_val(p.cms, 0);
	if (sv && !gcry_sexp_sscan(&sx, NULL, (const char *)sv,
				   gcry_sexp_canon_len(sv, 0, NULL, NULL)))
		m = rdb_sigval_s(sx);
	if (m && gcry_mpi_aprint(GCRYMPI_FMT_USG, &s, slen, m))
		s = NULL;
	gcry_mpi_release(m);
	gcry_sexp_release(sx);
	ksba_free(sv);
	rdb_p7s_free(&p);
	return s;
}

/* The digest signer 0's signed attributes hash to under SHA-256. */
static bool p7s_attrs_digest(const unsigned char *sig, size_t siglen,
			     unsigned char out[32])
{
	struct rdb_p7s p;
	gcry_md_hd_t md;
	bool good = false;

	if (rdb_p7s_parse("p7s", sig, siglen, &p, NULL))
		return false;
	if (!gcry_md_open(&md, GCRY_MD_SHA256, 0)) {
		ksba_cms_set_hash_function(p.cms, md_write, md);
		if (!ksba_cms_hash_signed_attrs(p.cms, 0)) {
			memcpy(out, gcry_md_read(md, GCRY_MD_SHA256), 32);
			good = true;
		}
		gcry_md_close(md);
	}
	rdb_p7s_free(&p);
	return good;
}

/* Replace signer 0's signature value by one over @digest (SHA-256). */
static bool p7s_resign(unsigned char *sig, size_t siglen, gcry_sexp_t priv,
		       const unsigned char digest[32])
{
	size_t olen, nlen, canonlen;
	unsigned char *old = p7s_s(sig, siglen, &olen), *canon = NULL, *pos;
	unsigned char *news = NULL;
	gcry_sexp_t sx = NULL;
	gcry_mpi_t m = NULL;
	bool good = false;

	pos = old ? memmem(sig, siglen, old, olen) : NULL;
	if (!pos || rdb_sign_digest(priv, GCRY_MD_SHA256, digest, &canon,
				    &canonlen) ||
	    gcry_sexp_sscan(&sx, NULL, (const char *)canon, canonlen))
		goto out;
	m = rdb_sigval_s(sx);
	if (!m || gcry_mpi_aprint(GCRYMPI_FMT_USG, &news, &nlen, m) ||
	    nlen > olen)
		goto out;
	memset(pos, 0, olen - nlen);	/* leading zeros: the same number */
	memcpy(pos + olen - nlen, news, nlen);
	good = true;
out:
	gcry_free(news);
	gcry_mpi_release(m);
	gcry_sexp_release(sx);
	free(canon);
	gcry_free(old);
	return good;
}

/* Rename the attribute type @oid_last (last byte of 1.2.840.113549.1.9.x). */
static bool p7s_rename_attr(unsigned char *sig, size_t siglen,
			    unsigned char oid_last)
{
	static const unsigned char pkcs9[] = {
		0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09,
	};
	unsigned char *p = sig;
	size_t left = siglen;

	while ((p = memmem(p, left, pkcs9, sizeof(pkcs9)))) {
		p += sizeof(pkcs9);
		left = siglen - (size_t)(p - sig);
		if (left && *p == oid_last) {
			*p = 0x63;	/* 1.2.840.113549.1.9.99: no such attribute */
			return true;
		}
	}
	return false;
}

static void p7s_signed_attributes_need_message_digest_and_content_type(void)
{
	char *prefix = fresh_key("attrs"), *kp, *cp, *err = NULL;
	struct regdb_trust *t = regdb_trust_new(false, NULL);
	struct regdb_key *k;
	struct blob db;
	unsigned char *sig, *mut, digest[32];
	size_t siglen;
	struct regdb *d;

	CHECK(prefix && t, "genkey failed");
	kp = with(prefix, ".key.priv");
	cp = with(prefix, ".x509.pem");
	k = regdb_key_load(kp, cp, &err);
	CHECK(k, "%s", err);
	CHECK(regdb_trust_add_file(t, cp, &err) == 1, "%s", err);
	LOAD(deb_db[0], &db);
	CHECK(!regdb_sign_p7s(k, db.p, db.len, &sig, &siglen, &err), "%s", err);
	d = regdb_open_mem("attrs", db.p, db.len, sig, siglen, t, &err);
	CHECK(d, "the unchanged p7s does not verify: %s", err);
	regdb_close(d);
	mut = malloc(siglen);
	CHECK(mut, "out of memory");

	/*
	 * No messageDigest among the signed attributes, and an RSA signature
	 * over the database's own hash: the kernel and openssl cms refuse it.
	 */
	memcpy(mut, sig, siglen);
	gcry_md_hash_buffer(GCRY_MD_SHA256, digest, db.p, db.len);
	CHECK(p7s_rename_attr(mut, siglen, 0x04) &&
	      p7s_resign(mut, siglen, k->priv, digest), "cannot make the mutant");
	d = regdb_open_mem("no-md", db.p, db.len, mut, siglen, t, &err);
	CHECK(!d, "signed attributes without messageDigest were accepted");
	CHECK(strstr(err, "messageDigest"), "%s", err);
	free(err);
	err = NULL;

	/* No content-type attribute; the signature covers the attributes. */
	memcpy(mut, sig, siglen);
	CHECK(p7s_rename_attr(mut, siglen, 0x03) &&
	      p7s_attrs_digest(mut, siglen, digest) &&
	      p7s_resign(mut, siglen, k->priv, digest), "cannot make the mutant");
	d = regdb_open_mem("no-ct", db.p, db.len, mut, siglen, t, &err);
	CHECK(!d, "signed attributes without content-type were accepted");
	CHECK(strstr(err, "content-type"), "%s", err);
	free(err);
	err = NULL;

	/* The control: the same re-signing of unchanged attributes verifies. */
	memcpy(mut, sig, siglen);
	CHECK(p7s_attrs_digest(mut, siglen, digest) &&
	      p7s_resign(mut, siglen, k->priv, digest), "cannot re-sign");
	d = regdb_open_mem("resigned", db.p, db.len, mut, siglen, t, &err);
	CHECK(d, "a re-signed unchanged p7s does not verify: %s", err);
	regdb_close(d);

	regdb_key_free(k);
	regdb_trust_free(t);
	free(mut);
	free(sig);
	free(db.p);
	free(kp);
	free(cp);
	free(prefix);
}

static void v19_signed_by_an_untrusted_key_is_refused(void)
{
	char *prefix = fresh_key("stranger"), *kp, *pp, *err = NULL;
	struct regdb_trust *t = trust2018("sforshee.key.pub.pem");
	struct regdb_key *k;
	struct blob bin;
	unsigned char *out;
	size_t len;
	struct regdb *d;

	CHECK(prefix && t, "setup failed");
	kp = with(prefix, ".key.priv");
	pp = with(prefix, ".key.pub.pem");
	k = regdb_key_load(kp, NULL, &err);
	CHECK(k, "%s", err);
	LOAD2018("regulatory.bin", &bin);
	/* re-sign the real file: the old signature is replaced */
	CHECK(!regdb_sign_v19(k, bin.p, bin.len, &out, &len, &err), "%s", err);
	regdb_key_free(k);
	CHECK(len == bin.len && !memcmp(out + 20, bin.p + 20, len - 20 - 256),
	      "re-signing changed the data");
	d = regdb_open_mem("stranger.bin", out, len, NULL, 0, t, &err);
	CHECK(!d && strstr(err, "does not verify with any of the 1 trusted keys"),
	      "untrusted v19 signature: %s", d ? "accepted" : err);
	free(err);
	err = NULL;
	CHECK(regdb_trust_add_file(t, pp, &err) == 1, "%s", err);
	d = regdb_open_mem("stranger.bin", out, len, NULL, 0, t, &err);
	CHECK(d, "not accepted with its key trusted: %s", err);
	regdb_close(d);
	regdb_trust_free(t);
	free(out);
	free(bin.p);
	free(kp);
	free(pp);
	free(prefix);
}

static void key_files_are_private_and_never_overwritten_without_force(void)
{
	char *prefix = fresh_key("owner"), *kp, *err = NULL;
	struct stat st;

	CHECK(prefix, "genkey failed");
	kp = with(prefix, ".key.priv");
	CHECK(!stat(kp, &st) && (st.st_mode & 0777) == 0600, "mode %o",
	      st.st_mode & 0777);
	CHECK(regdb_write_file(kp, "x", 1, 0600, false, &err) &&
	      strstr(err, "exists; use --force"), "overwrote: %s", err);
	free(err);
	CHECK(!stat(kp, &st) && st.st_size > 1, "the key was damaged");
	CHECK(!regdb_write_file(kp, "x", 1, 0600, true, NULL) &&
	      !stat(kp, &st) && st.st_size == 1, "--force did not replace it");
	free(kp);
	free(prefix);
}

/* A whole-file read stops at 64 MiB, whether the size is known or not. */
static void files_over_64_mib_are_not_read(void)
{
	const size_t max = (size_t)64 << 20;
	const char *tmp = getenv("TMPDIR");
	char *path = rdb_asprintf("%s/big-XXXXXX", tmp ? tmp : "/tmp");
	char *err = NULL, *pipe_path = NULL, cmd[80];
	unsigned char *data = NULL;
	size_t len = 0;
	FILE *p;
	int fd, r;

	CHECK(path && (fd = mkstemp(path)) >= 0, "mkstemp");
	close(fd);
	CHECK(!truncate(path, (off_t)max), "truncate");
	r = regdb_read_file(path, &data, &len, &err);
	free(data);
	data = NULL;
	CHECK(!r && len == max, "exactly 64 MiB refused: %s", err);
	CHECK(!truncate(path, (off_t)max + 1), "truncate");
	r = regdb_read_file(path, &data, &len, &err);
	free(data);
	data = NULL;
	unlink(path);
	CHECK(r < 0 && err && strstr(err, "larger than 67108864 bytes"),
	      "64 MiB + 1 read (%zu bytes): %s", len, err ? err : "no error");
	free(err);
	err = NULL;
	/* The same through a pipe, which has no size to check first. */
	snprintf(cmd, sizeof(cmd), "head -c %zu /dev/zero", max + 1);
	p = popen(cmd, "r");
	CHECK(p, "popen");
	pipe_path = rdb_asprintf("/proc/self/fd/%d", fileno(p));
	r = regdb_read_file(pipe_path, &data, &len, &err);
	free(data);
	pclose(p);
	free(pipe_path);
	free(path);
	CHECK(r < 0 && err && strstr(err, "larger than 67108864 bytes"),
	      "64 MiB + 1 read from a pipe (%zu bytes): %s", len,
	      err ? err : "no error");
	free(err);
}

/* ---- structural checks, below the signature ---- */

static unsigned char *compile_text(const char *text, int version, size_t *len)
{
	struct regdb_src *s = regdb_src_parse("t", text, strlen(text), NULL);
	unsigned char *out = NULL;

	if (s && regdb_compile(s, version, &out, len, NULL))
		out = NULL;
	regdb_src_free(s);
	return out;
}

static bool refused_with(const unsigned char *db, size_t len, const char *msg,
			 char **err)
{
	struct regdb *d = rdb_open_unverified("bad.db", db, len, err);

	regdb_close(d);
	return !d && *err && !strncmp(*err, "bad.db: byte ", 13) &&
	       strstr(*err, msg);
}

/* Change a copy of db[0..len) with @stmt (on c); it must be refused. */
#define MUTATE(stmt, msg)						\
	do {								\
		c = malloc(len);					\
		memcpy(c, db, len);					\
		stmt;							\
		CHECK(refused_with(c, len, msg, &err), "%s: got %s", msg, err); \
		free(err);						\
		err = NULL;						\
		free(c);						\
	} while (0)

static void v20_structure_errors_are_refused_with_offset_and_reason(void)
{
	static const char text[] =
		"country AT:\n\t(2402 - 2482 @ 40), (20)\n"
		"country DE:\n\t(5170 - 5250 @ 80), (20), AUTO-BW\n";
	size_t len;
	unsigned char *db = compile_text(text, 20, &len), *c;
	char *err = NULL;
	struct regdb *d;

	CHECK(db, "compile failed");
	d = rdb_open_unverified("good.db", db, len, &err);
	CHECK(d, "%s", err);
	regdb_close(d);
	/* countries: AT at 8, DE at 12, terminator at 16 */
	MUTATE(memcpy(c + 8, "DE", 2), "is not after");
	MUTATE(memcpy(c + 12, "de", 2), "not two capital letters");
	MUTATE(c[17] = 0x33, "terminator");
	MUTATE(c[len - 8 + 1] = 0, "no rules");	/* a collection's n_rules */
	/* the first rule (after the 20-byte header+table) */
	MUTATE(c[20] = 8, "rule length 8");
	MUTATE(c[21] = 0x40, "unknown rule flags");
	MUTATE(memcpy(c + 28, c + 24, 4), "empty or inverted");
	MUTATE(c[32] = 0x10, "wider than the range");	/* bw > range */
	MUTATE(c[4 + 3] = 21, "version 21");
	free(db);
	{
		/* Debian's file: the last collection's first rule pointer
		 * aimed at the first WMM rule, right after the country table */
		struct blob deb;
		size_t n_c = 0, coll;

		LOAD(deb_db[0], &deb);
		while (rdb_be16(deb.p + 8 + 4 * n_c + 2))
			n_c++;
		coll = (size_t)rdb_be16(deb.p + 8 + 4 * (n_c - 1) + 2) << 2;
		deb.p[coll + 4] = (unsigned char)((8 + 4 * (n_c + 1)) >> 10);
		deb.p[coll + 5] = (unsigned char)((8 + 4 * (n_c + 1)) >> 2);
		db = deb.p;
		len = deb.len;
		CHECK(refused_with(db, len, "rule overlaps the WMM rule", &err),
		      "got %s", err);
		free(err);
		err = NULL;
		free(deb.p);
	}
	/*
	 * AUTO-BW does not let the bandwidth exceed the range: cfg80211 6.1
	 * (is_valid_reg_rule) refuses such a rule, so crda must never send
	 * it. The rule (16: len, flags, power, start, end, bandwidth at 28)
	 * is made 160 MHz wide on its 80 MHz range.
	 */
	db = compile_text("country DE:\n\t(5170 - 5250 @ 80), (20), AUTO-BW\n", 20, &len);
	CHECK(db, "compile failed");
	d = rdb_open_unverified("autobw.db", db, len, &err);
	CHECK(d, "AUTO-BW rule as wide as its range refused: %s", err);
	regdb_close(d);
	CHECK(db[17] == RDB_FW_AUTO_BW, "rule flags at 17 are %#x", db[17]);
	CHECK(rdb_be32(db + 28) == 80000, "bandwidth at 28 is %u", rdb_be32(db + 28));
	db[29] = 0x02;	/* 80000 = 0x00013880 -> 0x00023880 = 145536 kHz */
	CHECK(refused_with(db, len, "(5170000 - 5250000 @ 145536 kHz, AUTO-BW): bandwidth 145536 kHz is wider than the range", &err),
	      "got %s", err);
	free(err);
	err = NULL;
	/* without AUTO-BW it is refused too */
	db[17] = 0;
	CHECK(refused_with(db, len, "wider than the range", &err), "%s", err);
	free(err);
	err = NULL;
	free(db);
	CHECK(!compile_text("country DE:\n\t(5170 - 5250 @ 160), (20), AUTO-BW\n", 20, &len),
	      "compiled an AUTO-BW rule wider than its range");
	CHECK(!compile_text("country DE:\n\t(5170 - 5250 @ 160), (20), AUTO-BW\n", 19, &len),
	      "compiled an AUTO-BW rule wider than its range (v19)");
	/* and the compiler will not write it */
	CHECK(!compile_text("country DE:\n\t(5170 - 5250 @ 160), (20)\n", 20, &len),
	      "compiled a rule wider than its range without AUTO-BW");
}

static void v19_structure_errors_are_refused_with_offset_and_reason(void)
{
	static const char text[] =
		"country AT:\n\t(2402 - 2482 @ 40), (20)\n"
		"country DE:\n\t(5170 - 5250 @ 80), (20)\n";
	size_t len, n;
	unsigned char *db = compile_text(text, 19, &n), *c;
	char *err = NULL;
	size_t ctab;

	CHECK(db, "compile failed");
	len = n + 4;	/* room for a 4-byte "signature" */
	db = realloc(db, len);
	memset(db + n, 0, 4);
	db[19] = 4;
	ctab = rdb_be32(db + 8);
	MUTATE(c[11] = (unsigned char)(c[11] + 2), "not 4-byte aligned");
	MUTATE(c[15] = 200, "country count");
	MUTATE(memcpy(c + ctab, "DE", 2), "is not after");
	MUTATE(c[ctab + 2] = 1, "pad byte");
	MUTATE(c[ctab + 3] = 7, "unknown DFS region");
	MUTATE(memset(c + ctab + 4, 0, 4), "outside the signed data");
	/* the first rule's power rule pointed at a frequency range */
	MUTATE(c[59] = 28, "power rule overlaps the frequency range at byte 28");
	MUTATE(c[19] = 0, "not signed");
	MUTATE(c[16] = 1, "signature length");
	free(db);
}

static void trusted_set_reads_directories_and_refuses_garbage(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = rdb_asprintf("%s/test-keys-XXXXXX", tmp ? tmp : "/tmp");
	char *src = tpath("sforshee.key.pub.pem"), *dst, *err = NULL;
	struct regdb_trust *t = regdb_trust_new(false, NULL);
	struct blob k;

	CHECK(dir && mkdtemp(dir), "mkdtemp");
	LOAD(src, &k);
	dst = rdb_asprintf("%s/sforshee.key.pub.pem", dir);
	CHECK(!regdb_write_file(dst, k.p, k.len, 0644, false, NULL), "write");
	CHECK(regdb_trust_add_dir(t, dir, false, &err) == 1, "%s", err);
	CHECK(regdb_trust_add_dir(t, "/nonexistent/keys", true, NULL) == 0,
	      "missing directory not tolerated");
	CHECK(regdb_trust_add_dir(t, "/nonexistent/keys", false, NULL) < 0,
	      "missing directory accepted");
	CHECK(regdb_trust_add_mem(t, "junk", "hello", 5, &err) < 0 &&
	      strstr(err, "junk: no certificate or public key"), "%s", err);
	free(err);
	err = NULL;
	k.p[60] ^= 0x10;	/* inside the base64 of the key */
	CHECK(regdb_trust_add_mem(t, "damaged", k.p, k.len, &err) < 0, "damaged key accepted");
	free(err);
	CHECK(regdb_trust_count(t) == 1, "%zu keys", regdb_trust_count(t));
	regdb_trust_free(t);
	unlink(dst);
	rmdir(dir);
	free(k.p);
	free(dst);
	free(src);
	free(dir);
}

static void log_collect(void *arg, const char *msg)
{
	char **all = arg;
	char *more = rdb_asprintf("%s%s\n", *all ? *all : "", msg);

	free(*all);
	*all = more;
}

static void write_key(const char *dir, const char *name, const void *data,
		      size_t len, unsigned int mode)
{
	char *path = rdb_asprintf("%s/%s", dir, name);

	if (path && !regdb_write_file(path, data, len, 0600, false, NULL))
		chmod(path, mode);
	free(path);
}

/*
 * A key directory skips each file that is not a usable key, with one log
 * line naming it; a directory of files none of which is a key adds
 * nothing, as an empty one does.
 */
static void key_directory_skips_what_is_not_a_key(void)
{
	const char *tmp = getenv("TMPDIR");
	char *dir = rdb_asprintf("%s/test-keydir-XXXXXX", tmp ? tmp : "/tmp");
	char *src = tpath("sforshee.x509.pem"), *log = NULL, *err = NULL;
	struct regdb_trust *t = regdb_trust_new(false, NULL);
	static const char priv[] = "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n";
	struct blob k;
	int r;

	CHECK(dir && mkdtemp(dir), "mkdtemp");
	CHECK(regdb_trust_add_dir(t, dir, false, &err) == 0,
	      "an empty directory: %s", err);
	LOAD(src, &k);
	write_key(dir, "README", "keys go here\n", 13, 0644);
	write_key(dir, "signer.key", priv, sizeof(priv) - 1, 0600);
	write_key(dir, "writable.pem", k.p, k.len, 0664);
	regdb_set_log(log_collect, &log);
	r = regdb_trust_add_dir(t, dir, false, &err);
	regdb_set_log(NULL, NULL);
	CHECK(r == 0 && regdb_trust_count(t) == 0,
	      "a directory of junk adds nothing and is no error: %d, %s", r,
	      err ? err : "");
	CHECK(log && strstr(log, "/README: no certificate or public key found; skipped\n"),
	      "and names the README: %s", log ? log : "(none)");
	write_key(dir, "sforshee.x509.pem", k.p, k.len, 0644);
	free(log);
	log = NULL;
	regdb_set_log(log_collect, &log);
	r = regdb_trust_add_dir(t, dir, false, &err);
	regdb_set_log(NULL, NULL);
	CHECK(r == 1 && regdb_trust_count(t) == 1, "%d keys: %s", r, err);
	CHECK(log && strstr(log, "/README: no certificate or public key found; skipped\n") &&
	      strstr(log, "/signer.key: no certificate or public key found; skipped\n") &&
	      strstr(log, "/writable.pem: writable by group or others (mode 0664): not trusted; skipped\n"),
	      "log: %s", log ? log : "(none)");
	free(log);
	free(err);
	regdb_trust_free(t);
	{
		const char *names[] = { "README", "signer.key", "writable.pem",
					"sforshee.x509.pem" };
		size_t i;

		for (i = 0; i < 4; i++) {
			char *p = rdb_asprintf("%s/%s", dir, names[i]);

			unlink(p);
			free(p);
		}
	}
	rmdir(dir);
	free(k.p);
	free(src);
	free(dir);
}

/*
 * A file whose good key is followed by a bad block is skipped whole: the
 * good key must not stay trusted while the file is reported as skipped.
 */
static void a_file_with_a_bad_block_adds_no_key(void)
{
	static const char bad[] = "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n";
	char *src = tpath("sforshee.x509.pem"), *err = NULL;
	struct regdb_trust *t = regdb_trust_new(false, NULL);
	struct blob k;
	char *both;
	int r;

	LOAD(src, &k);
	both = malloc(k.len + sizeof(bad));
	CHECK(both, "malloc");
	memcpy(both, k.p, k.len);
	memcpy(both + k.len, bad, sizeof(bad));
	r = regdb_trust_add_mem(t, "mixed.pem", both, k.len + sizeof(bad) - 1,
				&err);
	CHECK(r < 0 && regdb_trust_count(t) == 0,
	      "a good certificate, then a broken block: %d, %zu keys trusted, %s",
	      r, regdb_trust_count(t), err ? err : "");
	free(err);
	err = NULL;
	CHECK(regdb_trust_add_mem(t, "good.pem", k.p, k.len, &err) == 1 &&
	      regdb_trust_count(t) == 1, "the certificate alone: %s",
	      err ? err : "");
	free(err);
	free(both);
	regdb_trust_free(t);
	free(k.p);
	free(src);
}

/*
 * regdom_diff(): a rule that only moved is the same, one that kept its
 * range is changed (antenna gain and WMM count), the rest are added or
 * removed, in frequency order; a missing domain is all added or removed.
 */
static void domain_diff_pairs_rules_by_value_then_range(void)
{
	struct regdom_rule o[] = {
		{ .start_khz = 5170000, .end_khz = 5250000, .max_bw_khz = 80000,
		  .max_eirp_mbm = 2000 },
		{ .start_khz = 2402000, .end_khz = 2482000, .max_bw_khz = 40000,
		  .max_eirp_mbm = 2000 },
		{ .start_khz = 5250000, .end_khz = 5330000, .max_bw_khz = 80000,
		  .max_eirp_mbm = 2000, .flags = NL80211_RRF_DFS },
		{ .start_khz = 5490000, .end_khz = 5710000, .max_bw_khz = 160000,
		  .max_eirp_mbm = 2700, .has_wmm = true },
	};
	struct regdom_rule n[] = {
		{ .start_khz = 2402000, .end_khz = 2482000, .max_bw_khz = 40000,
		  .max_eirp_mbm = 2000 },
		{ .start_khz = 5170000, .end_khz = 5250000, .max_bw_khz = 80000,
		  .max_eirp_mbm = 2000, .max_ant_gain_mbi = 300 },
		{ .start_khz = 5490000, .end_khz = 5710000, .max_bw_khz = 160000,
		  .max_eirp_mbm = 2700, .has_wmm = true },
		{ .start_khz = 5250000, .end_khz = 5350000, .max_bw_khz = 80000,
		  .max_eirp_mbm = 2000, .flags = NL80211_RRF_DFS },
	};
	struct regdom a = { "DE", NL80211_DFS_ETSI, 4, o };
	struct regdom b = { "DE", NL80211_DFS_ETSI, 4, n };
	struct regdom_rule_change *c;
	struct regdom_cmp all, mixed;
	size_t k;
	int same;

	regdom_cmp_for(&all, 20, 20);
	regdom_cmp_for(&mixed, 19, 20);
	n[2].wmm.client[REGDOM_AC_BE].aifsn = 3;
	same = regdom_diff(&a, &b, &all, &c, &k);
	CHECK(same == 1 && k == 4, "same %d, %zu changes; want 1 and 4", same, k);
	CHECK(c[0].change == REGDOM_RULE_CHANGED && c[0].old == &o[0] &&
	      c[0].new == &n[1], "the gain change is not first");
	CHECK(c[1].change == REGDOM_RULE_REMOVED && c[1].old == &o[2] &&
	      !c[1].new, "5250-5330 is not removed");
	CHECK(c[2].change == REGDOM_RULE_ADDED && c[2].new == &n[3] &&
	      !c[2].old, "5250-5350 is not added");
	CHECK(c[3].change == REGDOM_RULE_CHANGED && c[3].old == &o[3] &&
	      c[3].new == &n[2], "the WMM change is not last");
	free(c);
	/* across formats neither WMM nor gain count: 5490-5710 and
	 * 5170-5250 are the same; nor do flags version 20 cannot hold
	 */
	same = regdom_diff(&a, &b, &mixed, &c, &k);
	CHECK(same == 3 && k == 2, "mixed: same %d, %zu changes", same, k);
	free(c);
	o[1].flags = NL80211_RRF_NO_CCK | NL80211_RRF_PTP_ONLY;
	same = regdom_diff(&a, &b, &mixed, &c, &k);
	CHECK(same == 3 && k == 2, "mixed, NO-CCK: same %d, %zu", same, k);
	free(c);
	same = regdom_diff(&a, &b, &all, &c, &k);
	CHECK(same == 0 && k == 5, "all, NO-CCK: same %d, %zu", same, k);
	free(c);
	o[1].flags = 0;
	same = regdom_diff(NULL, &b, &all, &c, &k);
	CHECK(same == 0 && k == 4 && c[0].change == REGDOM_RULE_ADDED &&
	      c[0].new == &n[0] && c[3].new == &n[2],
	      "a new country: same %d, %zu changes", same, k);
	free(c);
	same = regdom_diff(&a, &a, &all, &c, &k);
	CHECK(same == 4 && k == 0, "itself: same %d, %zu changes", same, k);
	free(c);
}

int main(void)
{
	rdb_crypto_init();
	run("v19_2018_verifies_with_sforshee_public_key",
	    v19_2018_verifies_with_sforshee_public_key);
	run("print_numbers_are_legacy_printf_of_the_float",
	    print_numbers_are_legacy_printf_of_the_float);
	run("v19_verifying_run_time_key_leaves_builtin_keys_unparsed",
	    v19_verifying_run_time_key_leaves_builtin_keys_unparsed);
	run("v19_signer_is_the_first_trusted_holder_of_the_key",
	    v19_signer_is_the_first_trusted_holder_of_the_key);
	run("v20_2018_with_signed_attributes_verifies_with_sforshee_cert",
	    v20_2018_with_signed_attributes_verifies_with_sforshee_cert);
	run("files_2018_are_refused_without_their_key",
	    files_2018_are_refused_without_their_key);
	run("debian_files_verify_with_builtin_keys",
	    debian_files_verify_with_builtin_keys);
	run("debian_signature_needs_its_own_signer_trusted",
	    debian_signature_swapped_between_signers_still_needs_trust);
	run("keys_readme_fingerprints_match_builtin_keys",
	    keys_readme_fingerprints_match_builtin_keys);
	run("keys_readme_fingerprints_match_debian_p7s_certificates",
	    keys_readme_fingerprints_match_debian_p7s_certificates);
	run("compile_2018_v20_is_byte_identical",
	    compile_2018_v20_is_byte_identical);
	run("compile_2018_v19_unsigned_part_is_byte_identical",
	    compile_2018_v19_unsigned_part_is_byte_identical);
	run("debian_files_decompile_and_compile_to_the_same_bytes",
	    debian_files_decompile_and_compile_to_the_same_bytes);
	run("decompile_of_compiled_2018_db_txt_means_the_same",
	    decompile_of_compiled_2018_db_txt_means_the_same);
	run("lint_is_silent_on_2018_db_txt", lint_is_silent_on_2018_db_txt);
	run("lint_reports_each_kind_of_mistake",
	    lint_reports_each_kind_of_mistake);
	run("parse_errors_name_the_line", parse_errors_name_the_line);
	run("v20_compile_refuses_flags_it_cannot_store",
	    v20_compile_refuses_flags_it_cannot_store);
	run("lookup_finds_every_country_and_nothing_else",
	    lookup_finds_every_country_and_nothing_else);
	run("opening_fills_the_trusted_sets_cache_it_is_given",
	    opening_fills_the_trusted_sets_cache_it_is_given);
	run("lookup_refuses_what_is_not_a_country_code",
	    lookup_refuses_what_is_not_a_country_code);
	run("lookup_exposes_dfs_region_flags_power_and_wmm",
	    lookup_exposes_dfs_region_flags_power_and_wmm);
	run("dump_text_is_legacy_regdbdump_text",
	    dump_text_is_legacy_regdbdump_text);
	run("v20_structure_errors_are_refused_with_offset_and_reason",
	    v20_structure_errors_are_refused_with_offset_and_reason);
	run("v19_structure_errors_are_refused_with_offset_and_reason",
	    v19_structure_errors_are_refused_with_offset_and_reason);
	run("trusted_set_reads_directories_and_refuses_garbage",
	    trusted_set_reads_directories_and_refuses_garbage);
	run("key_directory_skips_what_is_not_a_key",
	    key_directory_skips_what_is_not_a_key);
	run("a_file_with_a_bad_block_adds_no_key",
	    a_file_with_a_bad_block_adds_no_key);
	run("key_files_are_private_and_never_overwritten_without_force",
	    key_files_are_private_and_never_overwritten_without_force);
	run("files_over_64_mib_are_not_read", files_over_64_mib_are_not_read);
	run("p7s_signed_by_an_untrusted_embedded_certificate_is_refused",
	    p7s_signed_by_an_untrusted_embedded_certificate_is_refused);
	run("p7s_signed_attributes_need_message_digest_and_content_type",
	    p7s_signed_attributes_need_message_digest_and_content_type);
	run("v19_signed_by_an_untrusted_key_is_refused",
	    v19_signed_by_an_untrusted_key_is_refused);
	run("carried_certificate_is_not_what_verifies",
	    carried_certificate_is_not_what_verifies);
	run("every_truncation_is_refused", every_truncation_is_refused);
	run("every_change_of_the_p7s_signature_value_is_refused",
	    every_change_of_the_p7s_signature_value_is_refused);
	run("every_byte_of_a_p7s_changed_never_crashes",
	    every_byte_of_a_p7s_changed_never_crashes);
	run("every_single_byte_change_in_signed_data_is_refused",
	    every_single_byte_change_in_signed_data_is_refused);
	run("domain_diff_pairs_rules_by_value_then_range",
	    domain_diff_pairs_rules_by_value_then_range);
	printf("%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
