// SPDX-License-Identifier: GPL-2.0
/*
 * db.c - the one-line API: open a database, verify it, look countries up.
 *
 * Order of trust: only the header fields needed to find the signature are
 * read before the signature is checked; every other byte is used only
 * after the signature verified and the structural checks passed.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regdb-int.h"

/* The paths one after another, each ended by a NUL; an empty one ends them. */
static const char default_paths[] = REGDB_DEFAULT_DBS("\0") "\0";

const char *regdb_default_path(void)
{
	const char *p;

	for (p = default_paths; *p; p += strlen(p) + 1)
		if (access(p, F_OK) == 0)
			return p;
	return NULL;
}

static struct regdb *make(const char *name, int version, const char *signer,
			  struct regdom *v, size_t n, char **err)
{
	struct regdb *db = calloc(1, sizeof(*db));

	if (db) {
		db->name = strdup(name);
		db->signer = strdup(signer);
	}
	if (!db || !db->name || !db->signer) {
		rdb_err(err, name, "out of memory");
		rdb_regdoms_free(v, n);
		if (db) {
			free(db->name);
			free(db->signer);
		}
		free(db);
		return NULL;
	}
	db->version = version;
	db->countries = v;
	db->n = n;
	return db;
}

static int version_of(const char *name, const unsigned char *buf, size_t len,
		      char **err)
{
	uint32_t v;

	if (len < 8)
		return rdb_err_at(err, name, len, "file ends inside the header");
	if (rdb_be32(buf) != RDB_MAGIC)
		return rdb_err_at(err, name, 0,
				  "bad magic: not a regulatory database");
	v = rdb_be32(buf + 4);
	if (v != 19 && v != 20)
		return rdb_err_at(err, name, 4,
				  "unknown version %u (19 and 20 are known)", v);
	return (int)v;
}

/* The bytes of a canonical S-expression "(N:bytes)" in hex; 0 when it
 * fits.
 */
static int sexp_hex(ksba_const_sexp_t sx, char *hex, size_t len)
{
	const char *p = (const char *)sx;
	unsigned long n;
	char *end;
	size_t i;

	if (!p || *p != '(')
		return -1;
	n = strtoul(p + 1, &end, 10);
	if (*end != ':' || !n || 2 * n + 1 > len)
		return -1;
	for (i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", (unsigned char)end[1 + i]);
	return 0;
}

/*
 * What the kernel names the signer's key after (x509_public_key.c: the
 * subject, ": ", and the subject key id in hex, or the serial when the
 * certificate has none): the id and the subject, from the trusted key
 * that verified the file (found by its name's address: several keys of
 * one file share a name's text, not its storage).
 */
static void signer_ids(struct regdb *db, const struct regdb_trust *t,
		       const char *signer)
{
	ksba_sexp_t id = NULL;
	char *dn;
	size_t i;

	for (i = 0; i < t->n; i++)
		if (t->keys[i].name == signer)
			break;
	if (i == t->n || !t->keys[i].cert)
		return;
	if (ksba_cert_get_subj_key_id(t->keys[i].cert, NULL, &id) || !id)
		id = ksba_cert_get_serial(t->keys[i].cert);
	if (sexp_hex(id, db->signer_key_id, sizeof(db->signer_key_id)))
		db->signer_key_id[0] = '\0';
	ksba_free(id);
	dn = ksba_cert_get_subject(t->keys[i].cert, 0);
	if (dn)
		snprintf(db->signer_subject, sizeof(db->signer_subject), "%s",
			 dn);
	ksba_free(dn);
}

static struct regdb *open_checked(const char *name, const char *signame,
				  const unsigned char *buf, size_t len,
				  const unsigned char *sig, size_t siglen,
				  struct regdb_trust *trust, char **err)
{
	struct regdb_trust *own = NULL;
	struct regdom *v = NULL;
	const char *signer = NULL;
	struct regdb *db = NULL;
	size_t n = 0, dblen;
	int version = version_of(name, buf, len, err);

	if (version < 0)
		return NULL;
	if (!trust) {
		own = regdb_trust_default(err);
		if (!own)
			return NULL;
		trust = own;
	}
	if (version == 19) {
		if (rdb_v19_header(name, buf, len, &dblen, err) ||
		    rdb_verify_v19(trust, name, buf, dblen, len - dblen,
				   &signer, err) ||
		    rdb_v19_parse(name, buf, dblen, &v, &n, err))
			goto out;
	} else {
		if (!sig) {
			rdb_err_at(err, name, 4,
				   "version 20 needs its detached signature %s",
				   signame);
			goto out;
		}
		if (rdb_verify_p7s(trust, name, signame, buf, len, sig, siglen,
				   &signer, err) ||
		    rdb_v20_parse(name, buf, len, &v, &n, err))
			goto out;
	}
	db = make(name, version, signer, v, n, err);
	if (db) {
		gcry_md_hash_buffer(GCRY_MD_SHA256, db->sha256, buf, len);
		signer_ids(db, trust, signer);
	}
out:
	regdb_trust_free(own);
	return db;
}

struct regdb *regdb_open_mem(const char *name, const void *data, size_t len,
			     const void *sig, size_t siglen,
			     struct regdb_trust *trust, char **err)
{
	char *signame = rdb_asprintf("%s.p7s", name ? name : "(memory)");
	struct regdb *db;

	if (!signame) {
		rdb_err(err, name, "out of memory");
		return NULL;
	}
	db = open_checked(name ? name : "(memory)", signame, data, len, sig,
			  siglen, trust, err);
	free(signame);
	return db;
}

struct regdb *regdb_open(const char *path, struct regdb_trust *trust,
			 char **err)
{
	return regdb_open_sig(path, NULL, trust, err);
}

struct regdb *regdb_open_sig(const char *path, const char *sig_path,
			     struct regdb_trust *trust, char **err)
{
	unsigned char *buf = NULL, *sig = NULL;
	size_t len, siglen = 0;
	char *signame = NULL;
	struct regdb *db = NULL;
	int version;

	if (regdb_read_file(path, &buf, &len, err))
		return NULL;
	version = version_of(path, buf, len, err);
	if (version < 0)
		goto out;
	signame = sig_path ? strdup(sig_path) : rdb_asprintf("%s.p7s", path);
	if (!signame) {
		rdb_err(err, path, "out of memory");
		goto out;
	}
	if (version == 20 && regdb_read_file(signame, &sig, &siglen, err))
		goto out;
	db = open_checked(path, signame, buf, len, sig, siglen, trust, err);
out:
	free(buf);
	free(sig);
	free(signame);
	return db;
}

const unsigned char *regdb_sha256(const struct regdb *db)
{
	return db->sha256;
}

struct regdb *rdb_open_unverified(const char *name, const unsigned char *buf,
				  size_t len, char **err)
{
	struct regdom *v = NULL;
	size_t n = 0, dblen;
	int version = version_of(name, buf, len, err);

	if (version == 19) {
		if (rdb_v19_header(name, buf, len, &dblen, err) ||
		    rdb_v19_parse(name, buf, dblen, &v, &n, err))
			return NULL;
	} else if (version == 20) {
		if (rdb_v20_parse(name, buf, len, &v, &n, err))
			return NULL;
	} else {
		return NULL;
	}
	return make(name, version, "(not verified)", v, n, err);
}

void regdb_close(struct regdb *db)
{
	if (!db)
		return;
	rdb_regdoms_free(db->countries, db->n);
	free(db->name);
	free(db->signer);
	free(db);
}

int regdb_version(const struct regdb *db)
{
	return db->version;
}

const char *regdb_signer(const struct regdb *db)
{
	return db->signer;
}

const char *regdb_signer_key_id(const struct regdb *db)
{
	return db->signer_key_id[0] ? db->signer_key_id : NULL;
}

const char *regdb_signer_subject(const struct regdb *db)
{
	return db->signer_subject[0] ? db->signer_subject : NULL;
}

size_t regdb_country_count(const struct regdb *db)
{
	return db->n;
}

struct regdom *regdom_dup(const struct regdom *rd)
{
	struct regdom *c = malloc(sizeof(*c));

	if (!c)
		return NULL;
	*c = *rd;
	c->rules = calloc(rd->n_rules ? rd->n_rules : 1, sizeof(*c->rules));
	if (!c->rules) {
		free(c);
		return NULL;
	}
	if (rd->n_rules)
		memcpy(c->rules, rd->rules, rd->n_rules * sizeof(*c->rules));
	return c;
}

void regdom_free(struct regdom *rd)
{
	if (!rd)
		return;
	free(rd->rules);
	free(rd);
}

const struct regdom *regdb_country(const struct regdb *db, size_t idx)
{
	return idx < db->n ? &db->countries[idx] : NULL;
}

struct regdom *regdb_country_at(const struct regdb *db, size_t idx)
{
	if (idx >= db->n)
		return NULL;
	return regdom_dup(&db->countries[idx]);
}

const struct regdom *regdb_find(const struct regdb *db, const char *alpha2)
{
	size_t lo = 0, hi = db->n;

	if (!regdom_alpha2_valid(alpha2))
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = memcmp(alpha2, db->countries[mid].alpha2, 2);

		if (!c)
			return &db->countries[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

struct regdom *regdb_lookup(const struct regdb *db, const char *alpha2,
			    char **err)
{
	const struct regdom *rd = regdb_find(db, alpha2);
	struct regdom *c;

	if (!regdom_alpha2_valid(alpha2)) {
		/* crda's words; no file name: the file is not at fault */
		if (err) {
			free(*err);
			*err = rdb_asprintf("bad country '%s': " REGDOM_ALPHA2_RULE,
					    alpha2 ? alpha2 : "(null)");
		}
		return NULL;
	}
	if (!rd) {
		rdb_err(err, db->name, "no country \"%s\" in the database",
			alpha2);
		return NULL;
	}
	c = regdom_dup(rd);
	if (!c)
		rdb_err(err, db->name, "out of memory");
	return c;
}
