// SPDX-License-Identifier: GPL-2.0
/*
 * p7s.c - the detached PKCS#7 (CMS SignedData) signature of regulatory.db:
 * checked and made with libksba (CMS, X.509) and libgcrypt (RSA, hashes).
 *
 * Trust rule: the signerInfo names its certificate by issuer and serial
 * number; that certificate must be in the trusted set, and the signature is
 * checked with the trusted copy's key. Certificates carried in the p7s are
 * never looked at.
 *
 * Two shapes are accepted: with signed attributes (the signature covers
 * the DER of the attributes, which must hold a content-type of data and a
 * messageDigest equal to the hash of the database) and without (the signature covers the database's hash
 * directly). Only SHA-2 digests are accepted.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <gcrypt.h>
#include <ksba.h>

#include "regdb-int.h"

#define OID_DATA "1.2.840.113549.1.7.1"
#define OID_CONTENT_TYPE "1.2.840.113549.1.9.3"
#define OID_SHA256 "2.16.840.1.101.3.4.2.1"

/* Now (or SOURCE_DATE_EPOCH) plus add_days, as "YYYYMMDDTHHMMSS". */
void rdb_isotime(char out[16], long long add_days)
{
	const char *sde = getenv("SOURCE_DATE_EPOCH");
	time_t now = sde && *sde ? (time_t)strtoll(sde, NULL, 10) : time(NULL);
	struct tm tm;

	now += (time_t)(add_days * 86400);
	gmtime_r(&now, &tm);
	strftime(out, 16, "%Y%m%dT%H%M%S", &tm);
}

static int sha2_algo(const char *oid)
{
	static const struct { const char *oid; int algo; } map[] = {
		{ "2.16.840.1.101.3.4.2.4", GCRY_MD_SHA224 },
		{ OID_SHA256, GCRY_MD_SHA256 },
		{ "2.16.840.1.101.3.4.2.2", GCRY_MD_SHA384 },
		{ "2.16.840.1.101.3.4.2.3", GCRY_MD_SHA512 },
	};
	size_t i;

	for (i = 0; oid && i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(oid, map[i].oid))
			return map[i].algo;
	return 0;
}

void rdb_ksba_hash_cb(void *arg, const void *data, size_t len)
{
	gcry_md_write(arg, data, len);
}

static size_t sexp_len(ksba_const_sexp_t s)
{
	return s ? gcry_sexp_canon_len(s, 0, NULL, NULL) : 0;
}

/*
 * Load trusted certificate @k from a certificate the p7s carries when the
 * two are the same bytes: libksba parsed it already, and identical bytes
 * are the trusted certificate itself (a carried certificate that differs
 * by one byte is not used). Otherwise parse the trusted copy.
 */
static int load_key(struct rdb_tkey *k, ksba_cms_t cms)
{
	ksba_cert_t c;
	int i;

	for (i = 0; !k->loaded && (c = ksba_cms_get_cert(cms, i)); i++) {
		size_t len;
		const unsigned char *img = ksba_cert_get_image(c, &len);
		gcry_sexp_t pub = NULL;

		if (img && len == k->derlen && !memcmp(img, k->der, len) &&
		    !rdb_cert_pubkey(c, &pub, NULL)) {
			k->cert = c;	/* keeps the reference */
			k->pubkey = pub;
			k->loaded = true;
			return 0;
		}
		ksba_cert_release(c);
	}
	return rdb_tkey_load(k);
}

/* The trusted certificate with this issuer and serial number. */
static const struct rdb_tkey *find_signer(struct regdb_trust *t,
					  ksba_cms_t cms, const char *issuer,
					  ksba_const_sexp_t serial)
{
	size_t i, slen = sexp_len(serial), nlen;
	const unsigned char *num;
	char *end;

	/* "(N:bytes)": the serial number's bytes, to pre-filter by */
	nlen = slen > 3 ? strtoul((const char *)serial + 1, &end, 10) : 0;
	num = nlen ? (const unsigned char *)end + 1 : NULL;
	if (!num || *end != ':' || nlen > slen)
		return NULL;
	for (i = 0; t && i < t->n; i++) {
		ksba_cert_t c;
		char *ci;
		ksba_sexp_t cs;
		bool same;

		if (!t->keys[i].is_cert ||
		    !memmem(t->keys[i].der, t->keys[i].derlen, num, nlen) ||
		    load_key(&t->keys[i], cms))
			continue;
		c = t->keys[i].cert;
		ci = ksba_cert_get_issuer(c, 0);
		cs = ksba_cert_get_serial(c);
		same = ci && cs && !strcmp(ci, issuer) && slen &&
		       sexp_len(cs) == slen && !memcmp(cs, serial, slen);
		ksba_free(ci);
		ksba_free(cs);
		if (same)
			return &t->keys[i];
	}
	return NULL;
}

/* Check RSA PKCS#1 v1.5 of @digest under @key with the CMS sig-val. */
gcry_mpi_t rdb_sigval_s(gcry_sexp_t sigval)
{
	gcry_sexp_t rsa = gcry_sexp_find_token(sigval, "rsa", 3);
	gcry_sexp_t s = rsa ? gcry_sexp_find_token(rsa, "s", 1) : NULL;
	gcry_mpi_t m = s ? gcry_sexp_nth_mpi(s, 1, GCRYMPI_FMT_USG) : NULL;

	gcry_sexp_release(s);
	gcry_sexp_release(rsa);
	return m;
}

static int rsa_check(gcry_sexp_t key, int algo, const unsigned char *digest,
		     ksba_const_sexp_t sigval)
{
	gcry_sexp_t sv = NULL, sig = NULL, data = NULL;
	gcry_mpi_t mpi = NULL;
	size_t n = sexp_len(sigval);
	int rc = -1;

	if (!n || gcry_sexp_sscan(&sv, NULL, (const char *)sigval, n))
		goto out;
	mpi = rdb_sigval_s(sv);
	if (!mpi ||
	    gcry_sexp_build(&sig, NULL, "(sig-val (rsa (s %m)))", mpi) ||
	    gcry_sexp_build(&data, NULL, "(data (flags pkcs1) (hash %s %b))",
			    gcry_md_algo_name(algo),
			    (int)gcry_md_get_algo_dlen(algo), digest))
		goto out;
	rc = gcry_pk_verify(sig, data, key) ? -1 : 0;
out:
	gcry_mpi_release(mpi);
	gcry_sexp_release(sv);
	gcry_sexp_release(sig);
	gcry_sexp_release(data);
	return rc;
}

/*
 * Check signer @idx. Returns 0 when it verifies; otherwise a malloc'd
 * reason in *why.
 */
static int check_signer(ksba_cms_t cms, int idx, struct regdb_trust *t,
			const unsigned char *data, size_t len,
			const struct rdb_tkey **key, char **why)
{
	char *issuer = NULL, *msgdig = NULL, *ct = NULL;
	ksba_sexp_t serial = NULL, sigval = NULL;
	const char *oid;
	unsigned char digest[64];
	size_t mdlen = 0;
	gcry_md_hd_t md = NULL;
	gpg_error_t e;
	int algo, rc = -1;

	if (ksba_cms_get_issuer_serial(cms, idx, &issuer, &serial) ||
	    !issuer || !serial) {
		*why = strdup("signer has no issuer and serial number");
		goto out;
	}
	oid = ksba_cms_get_digest_algo(cms, idx);
	algo = sha2_algo(oid);
	if (!algo) {
		*why = rdb_asprintf("digest algorithm %s is not SHA-2",
				    oid ? oid : "(none)");
		goto out;
	}
	*key = find_signer(t, cms, issuer, serial);
	if (!*key) {
		*why = rdb_asprintf("signer \"%s\" is not a trusted certificate",
				    issuer);
		goto out;
	}
	gcry_md_hash_buffer(algo, digest, data, len);
	sigval = ksba_cms_get_sig_val(cms, idx);
	if (!sigval) {
		*why = strdup("signer has no signature value");
		goto out;
	}
	if (gcry_md_open(&md, algo, 0)) {
		*why = strdup("out of memory");
		goto out;
	}
	ksba_cms_set_hash_function(cms, rdb_ksba_hash_cb, md);
	e = ksba_cms_hash_signed_attrs(cms, idx);
	if (e && gpg_err_code(e) != GPG_ERR_NO_VALUE) {
		*why = rdb_asprintf("cannot hash the signed attributes: %s",
				    gpg_strerror(e));
		goto out;
	}
	if (!e) {
		/*
		 * Signed attributes: the signature covers them, not the
		 * database, so they must bind the database (messageDigest)
		 * and say what it is (content-type), as the kernel's
		 * PKCS#7 parser and openssl cms require.
		 */
		e = ksba_cms_get_message_digest(cms, idx, &msgdig, &mdlen);
		if (e || !msgdig) {
			*why = strdup("the signed attributes have no messageDigest");
			goto out;
		}
		if (mdlen != gcry_md_get_algo_dlen(algo) ||
		    memcmp(msgdig, digest, mdlen)) {
			*why = strdup("the messageDigest attribute does not match the database");
			goto out;
		}
		e = ksba_cms_get_sigattr_oids(cms, idx, OID_CONTENT_TYPE, &ct);
		if (e || !ct) {
			*why = strdup("the signed attributes have no content-type");
			goto out;
		}
		if (strcmp(ct, OID_DATA)) {
			*why = rdb_asprintf("content-type attribute is %s, not data", ct);
			goto out;
		}
		memcpy(digest, gcry_md_read(md, algo), gcry_md_get_algo_dlen(algo));
	}
	if (rsa_check((*key)->pubkey, algo, digest, sigval)) {
		*why = rdb_asprintf("RSA signature does not verify with the trusted certificate %s",
				    (*key)->name);
		goto out;
	}
	rc = 0;
out:
	gcry_md_close(md);
	ksba_free(issuer);
	ksba_free(serial);
	ksba_free(sigval);
	ksba_free(msgdig);
	ksba_free(ct);
	return rc;
}

int rdb_p7s_parse(const char *sigfile, const unsigned char *sig,
		  size_t siglen, struct rdb_p7s *p, char **err)
{
	ksba_stop_reason_t stop;
	bool detached = false;
	const char *oid;

	rdb_crypto_init();
	memset(p, 0, sizeof(*p));
	if (!siglen)
		return rdb_err_at(err, sigfile, 0, "signature file is empty");
	if (ksba_reader_new(&p->r) || ksba_reader_set_mem(p->r, sig, siglen) ||
	    ksba_cms_new(&p->cms) || ksba_cms_set_reader_writer(p->cms, p->r, NULL)) {
		rdb_err(err, sigfile, "out of memory");
		goto fail;
	}
	do {
		gpg_error_t e = ksba_cms_parse(p->cms, &stop);

		if (e) {
			rdb_err_at(err, sigfile, ksba_reader_tell(p->r),
				   "not a valid PKCS#7 signature: %s",
				   gpg_strerror(e));
			goto fail;
		}
		if (stop == KSBA_SR_NEED_HASH)
			detached = true;
		if (stop == KSBA_SR_BEGIN_DATA) {
			rdb_err_at(err, sigfile, ksba_reader_tell(p->r),
				   "the signature is not detached");
			goto fail;
		}
	} while (stop != KSBA_SR_READY);
	oid = ksba_cms_get_content_oid(p->cms, 1);
	if (ksba_cms_get_content_type(p->cms, 0) != KSBA_CT_SIGNED_DATA ||
	    !detached || !oid || strcmp(oid, OID_DATA)) {
		rdb_err_at(err, sigfile, 0,
			   "not a detached PKCS#7 SignedData over data");
		goto fail;
	}
	return 0;
fail:
	rdb_p7s_free(p);
	return -1;
}

void rdb_p7s_free(struct rdb_p7s *p)
{
	ksba_cms_release(p->cms);
	ksba_reader_release(p->r);
	p->cms = NULL;
	p->r = NULL;
}

int rdb_p7s_check(struct regdb_trust *t, struct rdb_p7s *p,
		  const char *file, const char *sigfile,
		  const unsigned char *data, size_t len,
		  const char **signer, char **err)
{
	const struct rdb_tkey *key = NULL;
	char *why = NULL;
	int idx;

	for (idx = 0; idx < 16; idx++) {
		char *iss = NULL;
		ksba_sexp_t ser = NULL;
		gpg_error_t e = ksba_cms_get_issuer_serial(p->cms, idx, &iss, &ser);

		ksba_free(iss);
		ksba_free(ser);
		if (e == (gpg_error_t)-1 || gpg_err_code(e) == GPG_ERR_NO_DATA)
			break;
		free(why);
		why = NULL;
		if (!check_signer(p->cms, idx, t, data, len, &key, &why)) {
			*signer = key->name;
			return 0;
		}
	}
	rdb_err_at(err, file, 0, "signature %s: %s", sigfile,
		   why ? why : "it has no signer");
	free(why);
	return -1;
}

int rdb_verify_p7s(struct regdb_trust *t, const char *file,
		   const char *sigfile, const unsigned char *data, size_t len,
		   const unsigned char *sig, size_t siglen,
		   const char **signer, char **err)
{
	struct rdb_p7s p;
	int rc;

	if (rdb_p7s_parse(sigfile, sig, siglen, &p, err))
		return -1;
	rc = rdb_p7s_check(t, &p, file, sigfile, data, len, signer, err);
	rdb_p7s_free(&p);
	return rc;
}

/* ---- making a signature ---- */

int rdb_sign_digest(gcry_sexp_t priv, int algo, const unsigned char *dig,
		       unsigned char **canon, size_t *canonlen)
{
	gcry_sexp_t data = NULL, sig = NULL;
	int rc = -1;

	if (gcry_sexp_build(&data, NULL, "(data (flags pkcs1) (hash %s %b))",
			    gcry_md_algo_name(algo),
			    (int)gcry_md_get_algo_dlen(algo), dig) ||
	    gcry_pk_sign(&sig, data, priv))
		goto out;
	*canonlen = gcry_sexp_sprint(sig, GCRYSEXP_FMT_CANON, NULL, 0);
	*canon = malloc(*canonlen);
	if (!*canon)
		goto out;
	gcry_sexp_sprint(sig, GCRYSEXP_FMT_CANON, *canon, *canonlen);
	rc = 0;
out:
	gcry_sexp_release(data);
	gcry_sexp_release(sig);
	return rc;
}

int regdb_sign_p7s(const struct regdb_key *k, const unsigned char *db,
		   size_t len, unsigned char **out, size_t *outlen, char **err)
{
	ksba_writer_t w = NULL;
	ksba_cms_t cms = NULL;
	ksba_stop_reason_t stop;
	gcry_md_hd_t md = NULL;
	unsigned char digest[32], *sigval = NULL;
	size_t n;
	const void *mem;
	char now[16];
	int rc = -1;

	rdb_crypto_init();
	if (!k->cert)
		return rdb_err(err, "regdb", "signing a regulatory.db needs the key's certificate");
	if (rdb_v20_header("database", db, len, err))
		return -1;
	gcry_md_hash_buffer(GCRY_MD_SHA256, digest, db, len);
	rdb_isotime(now, 0);
	if (ksba_writer_new(&w) || ksba_writer_set_mem(w, 2048) ||
	    ksba_cms_new(&cms) || ksba_cms_set_reader_writer(cms, NULL, w) ||
	    ksba_cms_set_content_type(cms, 0, KSBA_CT_SIGNED_DATA) ||
	    ksba_cms_set_content_type(cms, 1, KSBA_CT_DATA) ||
	    ksba_cms_add_signer(cms, k->cert) || ksba_cms_add_cert(cms, k->cert) ||
	    ksba_cms_add_digest_algo(cms, OID_SHA256) ||
	    ksba_cms_set_message_digest(cms, 0, digest, sizeof(digest)) ||
	    ksba_cms_set_signing_time(cms, 0, now)) {
		rdb_err(err, "regdb", "cannot set up the PKCS#7 structure");
		goto out;
	}
	do {
		if (ksba_cms_build(cms, &stop)) {
			rdb_err(err, "regdb", "cannot build the PKCS#7 structure");
			goto out;
		}
		if (stop != KSBA_SR_NEED_SIG)
			continue;
		if (gcry_md_open(&md, GCRY_MD_SHA256, 0))
			goto oom;
		ksba_cms_set_hash_function(cms, rdb_ksba_hash_cb, md);
		if (ksba_cms_hash_signed_attrs(cms, 0) ||
		    rdb_sign_digest(k->priv, GCRY_MD_SHA256,
				gcry_md_read(md, GCRY_MD_SHA256), &sigval, &n) ||
		    ksba_cms_set_sig_val(cms, 0, sigval)) {
			rdb_err(err, "regdb", "RSA signing failed");
			goto out;
		}
	} while (stop != KSBA_SR_READY);
	mem = ksba_writer_get_mem(w, &n);
	*out = malloc(n);
	if (!mem || !*out)
		goto oom;
	memcpy(*out, mem, n);
	*outlen = n;
	rc = 0;
	goto out;
oom:
	rdb_err(err, "regdb", "out of memory");
out:
	free(sigval);
	gcry_md_close(md);
	ksba_cms_release(cms);
	ksba_writer_release(w);
	return rc;
}
