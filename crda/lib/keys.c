// SPDX-License-Identifier: GPL-2.0
/*
 * keys.c - making keys and signing regulatory.bin.
 *
 * A private key is stored as libgcrypt's S-expression text, so reading it
 * back needs no ASN.1. The public key is written as PEM "PUBLIC KEY" (what
 * crda and the kernel's tools read for v19) and, for v20, a self-signed
 * X.509 certificate built by libksba. Signing also takes the PEM (or DER)
 * RSA private keys openssl writes, PKCS#1 "RSA PRIVATE KEY" and PKCS#8
 * "PRIVATE KEY", as wireless-regdb's maintainers keep theirs: GnuTLS
 * parses them and hands over the numbers.
 */
#include <stdlib.h>
#include <string.h>

#include <gnutls/gnutls.h>
#include <gnutls/x509.h>

#include "regdb-int.h"

#define OID_RSA "1.2.840.113549.1.1.1"
#define OID_SHA256_RSA "1.2.840.113549.1.1.11"
#define OID_KEY_USAGE "2.5.29.15"

/* An MPI of a key S-expression as unsigned big-endian bytes. */
static unsigned char *key_part(gcry_sexp_t key, const char *name, size_t *len)
{
	gcry_sexp_t tok = gcry_sexp_find_token(key, name, 0);
	gcry_mpi_t m = tok ? gcry_sexp_nth_mpi(tok, 1, GCRYMPI_FMT_USG) : NULL;
	unsigned char *out = NULL;

	if (m && gcry_mpi_aprint(GCRYMPI_FMT_USG, &out, len, m))
		out = NULL;
	gcry_mpi_release(m);
	gcry_sexp_release(tok);
	return out;
}

static unsigned char *der_take(ksba_der_t d, size_t *len)
{
	unsigned char *der = NULL;

	if (ksba_der_builder_get(d, &der, len))
		der = NULL;
	ksba_der_release(d);
	return der;
}

/* SubjectPublicKeyInfo of an RSA public key. */
static unsigned char *spki_der(gcry_sexp_t pub, size_t *len)
{
	unsigned char *n, *e, *inner = NULL, *out = NULL;
	size_t nlen, elen, ilen;
	ksba_der_t d;

	n = key_part(pub, "n", &nlen);
	e = key_part(pub, "e", &elen);
	if (!n || !e)
		goto out;
	d = ksba_der_builder_new(0);
	if (!d)
		goto out;
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);
	ksba_der_add_int(d, n, nlen, 1);
	ksba_der_add_int(d, e, elen, 1);
	ksba_der_add_end(d);
	inner = der_take(d, &ilen);
	d = inner ? ksba_der_builder_new(0) : NULL;
	if (!d)
		goto out;
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);
	ksba_der_add_oid(d, OID_RSA);
	ksba_der_add_ptr(d, 0, KSBA_TYPE_NULL, NULL, 0);
	ksba_der_add_end(d);
	ksba_der_add_bts(d, inner, ilen, 0);
	ksba_der_add_end(d);
	out = der_take(d, len);
out:
	gcry_free(n);
	gcry_free(e);
	ksba_free(inner);
	return out;
}

static unsigned char *canon(gcry_sexp_t s, size_t *len)
{
	size_t n = gcry_sexp_sprint(s, GCRYSEXP_FMT_CANON, NULL, 0);
	unsigned char *p = n ? malloc(n) : NULL;

	if (p)
		gcry_sexp_sprint(s, GCRYSEXP_FMT_CANON, p, n);
	*len = n;
	return p;
}

/*
 * The RSA signature in @sv as PKCS#1 has it (RFC 8017, 8.2.1): an octet
 * string exactly as long as the modulus of @key, left-padded with zeros.
 * The signature's MPI alone would lose the leading zero bytes, and written
 * as an S-expression MPI (%m) it gains a sign byte when its top bit is
 * set; the kernel's RSA verifier refuses either length (-EINVAL). Returns
 * a malloc'd buffer of *len bytes, or NULL.
 */
static unsigned char *sig_octets(gcry_sexp_t key, gcry_sexp_t sv, size_t *len)
{
	size_t klen = (gcry_pk_get_nbits(key) + 7) / 8, n;
	gcry_mpi_t m = rdb_sigval_s(sv);
	unsigned char *o = NULL;

	if (!m || !klen)
		goto out;
	n = (gcry_mpi_get_nbits(m) + 7) / 8;
	if (n > klen)
		goto out;
	o = calloc(1, klen);
	if (o && n && gcry_mpi_print(GCRYMPI_FMT_USG, o + klen - n, n, NULL, m)) {
		free(o);
		o = NULL;
	}
	*len = klen;
out:
	gcry_mpi_release(m);
	return o;
}

/* A self-signed certificate: subject = issuer = CN, RSA with SHA-256. */
static unsigned char *self_signed(gcry_sexp_t pub, gcry_sexp_t priv,
				  const char *cn, unsigned int days,
				  size_t *len)
{
	static const char siginfo[] = "(7:sig-val(21:" OID_SHA256_RSA "))";
	static const unsigned char usage[] = { 0x03, 0x02, 0x07, 0x80 };
	ksba_certreq_t cr = NULL;
	ksba_writer_t w = NULL;
	ksba_stop_reason_t stop;
	gcry_md_hd_t md = NULL;
	gcry_sexp_t sv = NULL, cert_sv = NULL;
	unsigned char *pubc = NULL, *sig = NULL, *sigc = NULL, *out = NULL;
	unsigned char *octets = NULL;
	size_t olen = 0;
	char serial[12] = "(8:", *dn = NULL, t0[16], t1[16];
	const void *mem;
	size_t n;

	pubc = canon(pub, &n);
	dn = rdb_asprintf("CN=%s", cn);
	gcry_create_nonce(serial + 3, 8);
	serial[3] &= 0x7f;
	serial[3] |= 0x01;
	serial[11] = ')';
	rdb_isotime(t0, 0);
	rdb_isotime(t1, days);
	if (!pubc || !dn || gcry_md_open(&md, GCRY_MD_SHA256, 0) ||
	    ksba_writer_new(&w) || ksba_writer_set_mem(w, 2048) ||
	    ksba_certreq_new(&cr) || ksba_certreq_set_writer(cr, w))
		goto out;
	ksba_certreq_set_hash_function(cr, rdb_ksba_hash_cb, md);
	if (ksba_certreq_add_subject(cr, dn) ||
	    ksba_certreq_set_public_key(cr, pubc) ||
	    ksba_certreq_add_extension(cr, OID_KEY_USAGE, 1,
				       (const char *)usage, sizeof(usage)) ||
	    ksba_certreq_set_serial(cr, (const unsigned char *)serial) ||
	    ksba_certreq_set_issuer(cr, dn) ||
	    ksba_certreq_set_validity(cr, 0, t0) ||
	    ksba_certreq_set_validity(cr, 1, t1) ||
	    ksba_certreq_set_siginfo(cr, (const unsigned char *)siginfo))
		goto out;
	do {
		if (ksba_certreq_build(cr, &stop))
			goto out;
		if (stop != KSBA_SR_NEED_SIG)
			continue;
		/* The TBSCertificate has gone through the hash function. */
		if (rdb_sign_digest(priv, GCRY_MD_SHA256,
				    gcry_md_read(md, GCRY_MD_SHA256), &sig, &n) ||
		    gcry_sexp_sscan(&sv, NULL, (const char *)sig, n))
			goto out;
		octets = sig_octets(priv, sv, &olen);
		if (!octets || gcry_sexp_build(&cert_sv, NULL,
					       "(sig-val (%s (s %b)))",
					       OID_SHA256_RSA, (int)olen,
					       octets))
			goto out;
		sigc = canon(cert_sv, &n);
		if (!sigc || ksba_certreq_set_sig_val(cr, sigc))
			goto out;
	} while (stop != KSBA_SR_READY);
	mem = ksba_writer_get_mem(w, len);
	out = mem ? malloc(*len) : NULL;
	if (out)
		memcpy(out, mem, *len);
out:
	ksba_certreq_release(cr);
	ksba_writer_release(w);
	gcry_md_close(md);
	gcry_sexp_release(sv);
	gcry_sexp_release(cert_sv);
	free(octets);
	free(pubc);
	free(sig);
	free(sigc);
	free(dn);
	return out;
}

int regdb_genkey(unsigned int bits, const char *cn, unsigned int days,
		 char **priv_text, char **pub_pem, char **cert_pem, char **err)
{
	gcry_sexp_t parms = NULL, pair = NULL, pub = NULL, priv = NULL;
	unsigned char *spki = NULL, *cert = NULL;
	size_t spkilen, certlen, n;
	char spec[32];
	int rc = -1;

	rdb_crypto_init();
	*priv_text = *pub_pem = *cert_pem = NULL;
	if (bits < 2048 || bits > 8192 || !cn || !*cn || strchr(cn, ',') ||
	    strchr(cn, '=') || !days)
		return rdb_err(err, "genkey",
			       "need 2048 to 8192 bits, a common name without ',' or '=', and a validity of at least one day");
	snprintf(spec, sizeof(spec), "%u", bits);
	if (gcry_sexp_build(&parms, NULL, "(genkey (rsa (nbits %s)))", spec) ||
	    gcry_pk_genkey(&pair, parms)) {
		rdb_err(err, "genkey", "RSA key generation failed");
		goto out;
	}
	pub = gcry_sexp_find_token(pair, "public-key", 0);
	priv = gcry_sexp_find_token(pair, "private-key", 0);
	spki = pub ? spki_der(pub, &spkilen) : NULL;
	cert = spki && priv ? self_signed(pub, priv, cn, days, &certlen) : NULL;
	if (!cert) {
		rdb_err(err, "genkey", "cannot build the public key or certificate");
		goto out;
	}
	n = gcry_sexp_sprint(priv, GCRYSEXP_FMT_ADVANCED, NULL, 0);
	*priv_text = malloc(n);
	*pub_pem = rdb_pem_encode("PUBLIC KEY", spki, spkilen);
	*cert_pem = rdb_pem_encode("CERTIFICATE", cert, certlen);
	if (!*priv_text || !*pub_pem || !*cert_pem) {
		free(*priv_text);
		free(*pub_pem);
		free(*cert_pem);
		*priv_text = *pub_pem = *cert_pem = NULL;
		rdb_err(err, "genkey", "out of memory");
		goto out;
	}
	gcry_sexp_sprint(priv, GCRYSEXP_FMT_ADVANCED, *priv_text, n);
	rc = 0;
out:
	gcry_sexp_release(parms);
	gcry_sexp_release(pair);
	gcry_sexp_release(pub);
	gcry_sexp_release(priv);
	ksba_free(spki);
	free(cert);
	return rc;
}

static int load_cert(struct regdb_key *k, const char *path, char **err)
{
	unsigned char *data, *der = NULL;
	size_t len, derlen, pos = 0;
	char label[32];
	unsigned char g1[20], g2[20];
	ksba_sexp_t pk = NULL;
	gcry_sexp_t pub = NULL;
	int rc = -1;

	if (regdb_read_file(path, &data, &len, err))
		return -1;
	if (len && data[0] == 0x30) {
		der = data;
		derlen = len;
		data = NULL;
	} else {
		while (!rdb_pem_next((const char *)data, len, &pos, label,
				     sizeof(label), &der, &derlen) &&
		       strcmp(label, "CERTIFICATE")) {
			free(der);
			der = NULL;
		}
	}
	if (!der || ksba_cert_new(&k->cert) ||
	    ksba_cert_init_from_mem(k->cert, der, derlen)) {
		rdb_err(err, path, "no X.509 certificate found");
		goto out;
	}
	pk = ksba_cert_get_public_key(k->cert);
	if (!pk || gcry_sexp_sscan(&pub, NULL, (const char *)pk,
				   gcry_sexp_canon_len(pk, 0, NULL, NULL)) ||
	    !gcry_pk_get_keygrip(pub, g1) ||
	    !gcry_pk_get_keygrip(k->priv, g2) || memcmp(g1, g2, 20)) {
		rdb_err(err, path, "the certificate is not for this private key");
		goto out;
	}
	rc = 0;
out:
	ksba_free(pk);
	gcry_sexp_release(pub);
	free(data);
	free(der);
	return rc;
}

/* An MPI from a big-endian unsigned number GnuTLS exported; NULL if none. */
static gcry_mpi_t datum_mpi(const gnutls_datum_t *d)
{
	gcry_mpi_t m = NULL;

	if (gcry_mpi_scan(&m, GCRYMPI_FMT_USG, d->data, d->size, NULL))
		return NULL;
	return m;
}

/*
 * libgcrypt's RSA private key from the numbers of a PKCS#1 one. PKCS#1
 * keeps qInv = q^-1 mod p (openssl makes p > q); libgcrypt wants p < q
 * and u = p^-1 mod q, so the primes are put in order and u computed.
 */
static int rsa_sexp(gnutls_datum_t v[6], gcry_sexp_t *out)
{
	gcry_mpi_t n = datum_mpi(&v[0]), e = datum_mpi(&v[1]);
	gcry_mpi_t d = datum_mpi(&v[2]), p = datum_mpi(&v[3]);
	gcry_mpi_t q = datum_mpi(&v[4]), u = gcry_mpi_new(0), t;
	int rc = -1;

	if (!n || !e || !d || !p || !q || !u)
		goto out;
	if (gcry_mpi_cmp(p, q) > 0) {
		t = p;
		p = q;
		q = t;
	}
	if (!gcry_mpi_invm(u, p, q))
		goto out;
	if (!gcry_sexp_build(out, NULL,
			     "(private-key(rsa(n%m)(e%m)(d%m)(p%m)(q%m)(u%m)))",
			     n, e, d, p, q, u))
		rc = 0;
out:
	gcry_mpi_release(n);
	gcry_mpi_release(e);
	gcry_mpi_release(d);
	gcry_mpi_release(p);
	gcry_mpi_release(q);
	gcry_mpi_release(u);
	return rc;
}

/* An RSA private key in PEM or DER (PKCS#1 or PKCS#8, unencrypted). */
static gcry_sexp_t load_x509_key(const char *path, const unsigned char *data,
				 size_t len, char **err)
{
	gnutls_datum_t in = { (unsigned char *)data, (unsigned int)len };
	gnutls_datum_t v[8] = { { NULL, 0 } };
	gnutls_x509_privkey_t key = NULL;
	gcry_sexp_t priv = NULL;
	int r, algo;
	size_t i;

	if (len > 1u << 20) {
		rdb_err(err, path, "not a private key: %zu bytes", len);
		return NULL;
	}
	r = gnutls_x509_privkey_init(&key);
	if (!r)
		r = gnutls_x509_privkey_import2(key, &in,
						len && data[0] == 0x30 ?
						GNUTLS_X509_FMT_DER :
						GNUTLS_X509_FMT_PEM, NULL, 0);
	if (r == GNUTLS_E_DECRYPTION_FAILED) {
		rdb_err(err, path, "the private key is encrypted: give an unencrypted copy (openssl pkey -in KEY -out COPY)");
		goto out;
	}
	if (r) {
		rdb_err(err, path,
			"not a private key: neither regdb genkey's nor a PEM or DER PKCS#1 or PKCS#8 one (GnuTLS: %s)",
			gnutls_strerror(r));
		goto out;
	}
	algo = gnutls_x509_privkey_get_pk_algorithm2(key, NULL);
	if (algo != GNUTLS_PK_RSA) {
		rdb_err(err, path, "not an RSA key (%s)",
			algo < 0 ? "unknown" :
			gnutls_pk_get_name((gnutls_pk_algorithm_t)algo));
		goto out;
	}
	r = gnutls_x509_privkey_export_rsa_raw2(key, &v[0], &v[1], &v[2],
						&v[3], &v[4], &v[5], &v[6],
						&v[7]);
	if (r || rsa_sexp(v, &priv))
		rdb_err(err, path, "cannot read the RSA key's numbers%s%s",
			r ? ": " : "", r ? gnutls_strerror(r) : "");
out:
	for (i = 0; i < 8; i++) {
		if (v[i].data)
			memset(v[i].data, 0, v[i].size);
		gnutls_free(v[i].data);
	}
	gnutls_x509_privkey_deinit(key);
	return priv;
}

/* The first byte that is not white space: '(' starts an S-expression. */
static bool is_sexp(const unsigned char *data, size_t len)
{
	size_t i = 0;

	while (i < len && strchr(" \t\r\n", data[i]) && data[i])
		i++;
	return i < len && data[i] == '(';
}

struct regdb_key *regdb_key_load(const char *key_path, const char *cert_path,
				 char **err)
{
	struct regdb_key *k;
	unsigned char *data;
	size_t len;
	gcry_sexp_t s = NULL, rsa = NULL;
	bool sexp;

	rdb_crypto_init();
	if (regdb_read_file(key_path, &data, &len, err))
		return NULL;
	k = calloc(1, sizeof(*k));
	sexp = is_sexp(data, len);
	if (k && sexp && !gcry_sexp_sscan(&s, NULL, (const char *)data, len))
		k->priv = gcry_sexp_find_token(s, "private-key", 0);
	else if (k && !sexp)
		k->priv = load_x509_key(key_path, data, len, err);
	gcry_sexp_release(s);
	memset(data, 0, len);
	free(data);
	if (!k) {
		rdb_err(err, key_path, "out of memory");
		return NULL;
	}
	if (!sexp && !k->priv) {
		regdb_key_free(k);
		return NULL;
	}
	rsa = k->priv ? gcry_sexp_find_token(k->priv, "rsa", 3) : NULL;
	if (!rsa || gcry_pk_testkey(k->priv)) {
		gcry_sexp_release(rsa);
		rdb_err(err, key_path, sexp ?
			"not an RSA private key written by regdb genkey" :
			"the RSA key's numbers do not make a key");
		regdb_key_free(k);
		return NULL;
	}
	gcry_sexp_release(rsa);
	/* What no reader would trust is not worth signing with. */
	if (gcry_pk_get_nbits(k->priv) < RDB_MIN_RSA_BITS) {
		rdb_err(err, key_path,
			"an RSA key of %u bits: readers trust no fewer than %u",
			gcry_pk_get_nbits(k->priv), RDB_MIN_RSA_BITS);
		regdb_key_free(k);
		return NULL;
	}
	if (cert_path && load_cert(k, cert_path, err)) {
		regdb_key_free(k);
		return NULL;
	}
	return k;
}

void regdb_key_free(struct regdb_key *k)
{
	if (!k)
		return;
	gcry_sexp_release(k->priv);
	ksba_cert_release(k->cert);
	free(k);
}

int regdb_sign_v19(const struct regdb_key *k, const unsigned char *db,
		   size_t len, unsigned char **out, size_t *outlen, char **err)
{
	unsigned char hash[20], *sig = NULL, *o = NULL, *octets = NULL;
	size_t dblen = len, siglen, n, olen = 0;
	gcry_sexp_t sv = NULL;
	int rc = -1;

	rdb_crypto_init();
	if (len < 20 || rdb_be32(db) != RDB_MAGIC || rdb_be32(db + 4) != 19)
		return rdb_err(err, "database", "not a regulatory.bin (version 19)");
	if (rdb_be32(db + 16) && rdb_be32(db + 16) <= len - 20)
		dblen = len - rdb_be32(db + 16);	/* drop the old signature */
	siglen = (gcry_pk_get_nbits(k->priv) + 7) / 8;
	o = malloc(dblen + siglen);
	if (!o)
		return rdb_err(err, "database", "out of memory");
	memcpy(o, db, dblen);
	o[16] = (unsigned char)(siglen >> 24);
	o[17] = (unsigned char)(siglen >> 16);
	o[18] = (unsigned char)(siglen >> 8);
	o[19] = (unsigned char)siglen;
	gcry_md_hash_buffer(GCRY_MD_SHA1, hash, o, dblen);
	if (rdb_sign_digest(k->priv, GCRY_MD_SHA1, hash, &sig, &n) ||
	    gcry_sexp_sscan(&sv, NULL, (const char *)sig, n))
		goto fail;
	octets = sig_octets(k->priv, sv, &olen);
	if (!octets || olen != siglen)
		goto fail;
	memcpy(o + dblen, octets, siglen);
	*out = o;
	*outlen = dblen + siglen;
	o = NULL;
	rc = 0;
	goto out;
fail:
	rdb_err(err, "database", "RSA signing failed");
out:
	free(o);
	free(sig);
	free(octets);
	gcry_sexp_release(sv);
	return rc;
}
