// SPDX-License-Identifier: GPL-2.0
/*
 * trust.c - the trusted set: RSA public keys and X.509 certificates built
 * into the library from keys/ and read at run time from a directory.
 *
 * X.509 and SubjectPublicKeyInfo are parsed by libksba. A bare public key
 * ("PUBLIC KEY", or PKCS#1 "RSA PUBLIC KEY") has no certificate around it,
 * and libksba only reads keys out of certificates, so the key is placed in
 * an unsigned certificate shell built with libksba's DER builder and read
 * back from there; the shell is never trusted for anything but its key.
 */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <gcrypt.h>
#include <ksba.h>

#include "regdb-int.h"

void rdb_crypto_init(void)
{
	if (gcry_control(GCRYCTL_INITIALIZATION_FINISHED_P))
		return;
	gcry_check_version(NULL);
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
}

static int add_blob(struct regdb_trust *t, const char *name, const void *data,
		    size_t len, bool lazy, char **err);

static void log_stderr(void *arg, const char *msg)
{
	(void)arg;
	fprintf(stderr, "%s\n", msg);
}

static void (*log_fn)(void *arg, const char *msg) = log_stderr;
static void *log_arg;

void regdb_set_log(void (*fn)(void *arg, const char *msg), void *arg)
{
	log_fn = fn ? fn : log_stderr;
	log_arg = fn ? arg : NULL;
}

static void rdb_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void rdb_log(const char *fmt, ...)
{
	va_list ap;
	char *msg;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	log_fn(log_arg, msg ? msg : "regdb: out of memory for a log line");
	free(msg);
}

struct regdb_trust *regdb_trust_new(bool builtin, char **err)
{
	struct regdb_trust *t;
	size_t i;

	rdb_crypto_init();
	t = calloc(1, sizeof(*t));
	if (!t) {
		rdb_err(err, "regdb", "out of memory");
		return NULL;
	}
	for (i = 0; builtin && i < rdb_builtin_keys_count; i++) {
		const struct rdb_blob *k = &rdb_builtin_keys[i];
		char name[256];

		snprintf(name, sizeof(name), "builtin:%s", k->name);
		if (rdb_trust_add_lazy(t, name, k->data, k->len, err) < 0) {
			regdb_trust_free(t);
			return NULL;
		}
	}
	return t;
}

struct regdb_trust *regdb_trust_with_dir(const char *keydir, char **err)
{
	struct regdb_trust *t = regdb_trust_new(true, err);

	if (t && regdb_trust_add_dir(t, keydir ? keydir : REGDB_DEFAULT_KEYDIR,
				     !keydir, err) < 0) {
		regdb_trust_free(t);
		return NULL;
	}
	return t;
}

struct regdb_trust *regdb_trust_default(char **err)
{
	return regdb_trust_with_dir(NULL, err);
}

static void tkey_clear(struct rdb_tkey *k)
{
	free(k->name);
	free(k->der);
	gcry_sexp_release(k->pubkey);
	ksba_cert_release(k->cert);
	memset(k, 0, sizeof(*k));
}

void regdb_trust_free(struct regdb_trust *t)
{
	size_t i;

	if (!t)
		return;
	for (i = 0; i < t->n; i++)
		tkey_clear(&t->keys[i]);
	free(t->keys);
	free(t);
}

size_t regdb_trust_count(const struct regdb_trust *t)
{
	return t ? t->n : 0;
}

const char *regdb_trust_describe(const struct regdb_trust *t, size_t i,
				 char fpr_hex[65])
{
	size_t j;

	if (!t || i >= t->n)
		return NULL;
	for (j = 0; fpr_hex && j < 32; j++)
		snprintf(fpr_hex + 2 * j, 3, "%02x", t->keys[i].fpr[j]);
	return t->keys[i].name;
}

/* The RSA key of a certificate as a libgcrypt S-expression. */
int rdb_cert_pubkey(ksba_cert_t cert, gcry_sexp_t *out, unsigned int *bits)
{
	ksba_sexp_t pk = ksba_cert_get_public_key(cert);
	gcry_sexp_t rsa;
	unsigned int nbits;
	size_t n;
	int rc;

	if (!pk)
		return -1;
	n = gcry_sexp_canon_len(pk, 0, NULL, NULL);
	rc = n ? (int)gcry_sexp_sscan(out, NULL, (const char *)pk, n) : -1;
	ksba_free(pk);
	if (rc)
		return -1;
	rsa = gcry_sexp_find_token(*out, "rsa", 3);
	nbits = rsa ? gcry_pk_get_nbits(*out) : 0;
	gcry_sexp_release(rsa);
	if (bits)
		*bits = nbits;
	if (nbits < RDB_MIN_RSA_BITS) {
		gcry_sexp_release(*out);
		*out = NULL;
		return rsa && nbits ? -2 : -1;
	}
	return 0;
}

static int push(struct regdb_trust *t, const char *name, gcry_sexp_t pub,
		ksba_cert_t cert, const unsigned char *der, size_t len,
		bool is_cert)
{
	struct rdb_tkey *k;

	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 8;

		k = realloc(t->keys, cap * sizeof(*k));
		if (!k)
			return -1;
		t->keys = k;
		t->cap = cap;
	}
	k = &t->keys[t->n];
	memset(k, 0, sizeof(*k));
	k->name = strdup(name);
	k->der = malloc(len ? len : 1);
	if (!k->name || !k->der) {
		free(k->name);
		free(k->der);
		return -1;
	}
	memcpy(k->der, der, len);
	k->derlen = len;
	k->is_cert = is_cert;
	k->loaded = pub != NULL;
	k->pubkey = pub;
	k->cert = cert;
	gcry_md_hash_buffer(GCRY_MD_SHA256, k->fpr, der, len);
	t->n++;
	return 0;
}

static int add_cert(struct regdb_trust *t, const char *name,
		    const unsigned char *der, size_t len, char **err)
{
	ksba_cert_t cert = NULL;
	gcry_sexp_t pub = NULL;
	const unsigned char *img;
	size_t imglen;
	unsigned int bits;
	int r;

	if (ksba_cert_new(&cert) || ksba_cert_init_from_mem(cert, der, len)) {
		ksba_cert_release(cert);
		return rdb_err(err, name, "not a valid X.509 certificate");
	}
	img = ksba_cert_get_image(cert, &imglen);
	r = img ? rdb_cert_pubkey(cert, &pub, &bits) : -1;
	if (r) {
		ksba_cert_release(cert);
		if (r == -2)
			return rdb_err(err, name, "certificate holds an RSA key of %u bits, fewer than %u: not trusted",
				       bits, RDB_MIN_RSA_BITS);
		return rdb_err(err, name,
			       "certificate does not hold an RSA key");
	}
	if (push(t, name, pub, cert, img, imglen, true)) {
		gcry_sexp_release(pub);
		ksba_cert_release(cert);
		return rdb_err(err, name, "out of memory");
	}
	return 0;
}

static int spki_shell(const unsigned char *spki, size_t len,
		      unsigned char **der, size_t *derlen);

int rdb_tkey_load(struct rdb_tkey *k)
{
	unsigned char *shell = NULL;
	size_t shlen;
	ksba_cert_t cert = NULL;
	gcry_sexp_t pub = NULL;

	if (k->loaded)
		return k->pubkey ? 0 : -1;
	k->loaded = true;
	if (!k->is_cert && spki_shell(k->der, k->derlen, &shell, &shlen))
		return -1;
	if (ksba_cert_new(&cert) ||
	    ksba_cert_init_from_mem(cert, shell ? shell : k->der,
				    shell ? shlen : k->derlen) ||
	    rdb_cert_pubkey(cert, &pub, NULL)) {
		ksba_cert_release(cert);
		ksba_free(shell);
		return -1;
	}
	ksba_free(shell);
	k->pubkey = pub;
	if (k->is_cert)
		k->cert = cert;
	else
		ksba_cert_release(cert);
	return 0;
}

/* Wrap SubjectPublicKeyInfo DER in an unsigned certificate shell. */
static int spki_shell(const unsigned char *spki, size_t len,
		      unsigned char **der, size_t *derlen)
{
	static const char no_time[] = "700101000000Z";
	ksba_der_t d = ksba_der_builder_new(0);
	int rc;

	if (!d)
		return -1;
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);		/* Certificate */
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);		/* TBS */
	ksba_der_add_int(d, "\x01", 1, 0);			/* serial */
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);		/* sig alg */
	ksba_der_add_oid(d, "1.2.840.113549.1.1.11");
	ksba_der_add_end(d);
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);		/* issuer */
	ksba_der_add_end(d);
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);		/* validity */
	ksba_der_add_val(d, 0, KSBA_TYPE_UTC_TIME, no_time, 13);
	ksba_der_add_val(d, 0, KSBA_TYPE_UTC_TIME, no_time, 13);
	ksba_der_add_end(d);
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);		/* subject */
	ksba_der_add_end(d);
	ksba_der_add_der(d, spki, len);
	ksba_der_add_end(d);
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);
	ksba_der_add_oid(d, "1.2.840.113549.1.1.11");
	ksba_der_add_end(d);
	ksba_der_add_bts(d, "\x00", 1, 0);
	ksba_der_add_end(d);
	rc = ksba_der_builder_get(d, der, derlen) ? -1 : 0;
	ksba_der_release(d);
	return rc;
}

/* PKCS#1 RSAPublicKey DER -> SubjectPublicKeyInfo DER. */
static int pkcs1_to_spki(const unsigned char *p1, size_t len,
			 unsigned char **spki, size_t *spkilen)
{
	ksba_der_t d = ksba_der_builder_new(0);
	int rc;

	if (!d)
		return -1;
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);
	ksba_der_add_tag(d, 0, KSBA_TYPE_SEQUENCE);
	ksba_der_add_oid(d, "1.2.840.113549.1.1.1");
	ksba_der_add_ptr(d, 0, KSBA_TYPE_NULL, NULL, 0);
	ksba_der_add_end(d);
	ksba_der_add_bts(d, p1, len, 0);
	ksba_der_add_end(d);
	rc = ksba_der_builder_get(d, spki, spkilen) ? -1 : 0;
	ksba_der_release(d);
	return rc;
}

static int add_spki(struct regdb_trust *t, const char *name,
		    const unsigned char *spki, size_t len, char **err)
{
	ksba_cert_t cert = NULL;
	gcry_sexp_t pub = NULL;
	unsigned char *der = NULL;
	size_t derlen;
	unsigned int bits;
	int rc = -1, r;

	r = spki_shell(spki, len, &der, &derlen) || ksba_cert_new(&cert) ||
	    ksba_cert_init_from_mem(cert, der, derlen) ? -1 :
	    rdb_cert_pubkey(cert, &pub, &bits);
	if (r == -2) {
		rdb_err(err, name, "RSA public key of %u bits, fewer than %u: not trusted",
			bits, RDB_MIN_RSA_BITS);
		goto out;
	}
	if (r) {
		rdb_err(err, name, "not an RSA public key");
		goto out;
	}
	if (push(t, name, pub, NULL, spki, len, false)) {
		gcry_sexp_release(pub);
		rdb_err(err, name, "out of memory");
		goto out;
	}
	rc = 0;
out:
	ksba_cert_release(cert);
	ksba_free(der);
	return rc;
}

int regdb_trust_add_mem(struct regdb_trust *t, const char *name,
			const void *data, size_t len, char **err)
{
	return add_blob(t, name, data, len, false, err);
}

int rdb_trust_add_lazy(struct regdb_trust *t, const char *name,
		       const void *data, size_t len, char **err)
{
	return add_blob(t, name, data, len, true, err);
}

/* Forget the keys added after the first @n: a file is taken whole or not. */
static void trust_truncate(struct regdb_trust *t, size_t n)
{
	while (t->n > n)
		tkey_clear(&t->keys[--t->n]);
}

static int add_blob_keys(struct regdb_trust *t, const char *name,
			 const void *data, size_t len, bool lazy, char **err);

/*
 * Add the keys in a PEM or DER blob; @lazy: parse them on first use. A
 * blob with one bad block adds nothing: the keys before it are taken back,
 * so that what is reported as not trusted is not trusted.
 */
static int add_blob(struct regdb_trust *t, const char *name, const void *data,
		    size_t len, bool lazy, char **err)
{
	size_t n = t->n;
	int r = add_blob_keys(t, name, data, len, lazy, err);

	if (r < 0)
		trust_truncate(t, n);
	return r;
}

static int add_blob_keys(struct regdb_trust *t, const char *name,
			 const void *data, size_t len, bool lazy, char **err)
{
	const char *text = data;
	size_t pos = 0, added = 0;
	char label[80];
	int r;

	rdb_crypto_init();
	if (len && text[0] == 0x30)	/* a DER SEQUENCE: one certificate */
		return (lazy ? push(t, name, NULL, NULL, data, len, true) :
			       add_cert(t, name, data, len, err)) ? -1 : 1;
	for (;;) {
		unsigned char *der = NULL, *spki = NULL;
		size_t derlen, spkilen;

		r = rdb_pem_next(text, len, &pos, label, sizeof(label), &der,
				 &derlen);
		if (r > 0)
			break;
		if (r < 0)
			return rdb_err(err, name, "broken PEM block");
		if (!strcmp(label, "CERTIFICATE"))
			r = lazy ? push(t, name, NULL, NULL, der, derlen, true) :
				   add_cert(t, name, der, derlen, err);
		else if (!strcmp(label, "PUBLIC KEY"))
			r = lazy ? push(t, name, NULL, NULL, der, derlen, false) :
				   add_spki(t, name, der, derlen, err);
		else if (!strcmp(label, "RSA PUBLIC KEY")) {
			r = pkcs1_to_spki(der, derlen, &spki, &spkilen);
			if (!r)
				r = lazy ? push(t, name, NULL, NULL, spki, spkilen, false) :
					   add_spki(t, name, spki, spkilen, err);
			else
				rdb_err(err, name, "out of memory");
			ksba_free(spki);
		} else {
			free(der);
			continue;	/* not a key: skip it */
		}
		free(der);
		if (r)
			return -1;
		added++;
	}
	if (!added)
		return rdb_err(err, name,
			       "no certificate or public key found");
	return (int)added;
}

int regdb_trust_add_file(struct regdb_trust *t, const char *path, char **err)
{
	unsigned char *data;
	size_t len;
	int r;

	if (regdb_read_file(path, &data, &len, err))
		return -1;
	r = regdb_trust_add_mem(t, path, data, len, err);
	free(data);
	return r;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int regdb_trust_add_dir(struct regdb_trust *t, const char *dir,
			bool missing_ok, char **err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, cap = 0, i;
	int total = 0;

	if (!d) {
		if (missing_ok && errno == ENOENT)
			return 0;
		return rdb_err_sys(err, dir, "cannot open key directory");
	}
	while ((e = readdir(d))) {
		struct stat st;

		if (e->d_name[0] == '.' || fstatat(dirfd(d), e->d_name, &st, 0) ||
		    !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			char **v = realloc(names, (cap = cap ? 2 * cap : 16) *
					   sizeof(*v));

			if (!v)
				goto oom;
			names = v;
		}
		names[n] = rdb_asprintf("%s/%s", dir, e->d_name);
		if (!names[n])
			goto oom;
		n++;
	}
	closedir(d);
	d = NULL;
	if (n)	/* qsort() must not be given NULL, even with 0 */
		qsort(names, n, sizeof(*names), name_cmp);
	/*
	 * One file that is not a usable key (a README, a private key, a short
	 * or damaged key, a file others may write) is skipped with one log
	 * line: it must not cost the keys beside it.
	 */
	for (i = 0; i < n; i++) {
		struct stat st;
		char *why = NULL;
		int r;

		if (stat(names[i], &st)) {
			rdb_log("%s: cannot stat: %s; skipped", names[i],
				strerror(errno));
			continue;
		}
		if (st.st_mode & (S_IWGRP | S_IWOTH)) {
			rdb_log("%s: writable by group or others (mode %04o): not trusted; skipped",
				names[i], (unsigned int)(st.st_mode & 07777));
			continue;
		}
		r = regdb_trust_add_file(t, names[i], &why);
		if (r < 0)
			rdb_log("%s; skipped", why ? why : names[i]);
		else
			total += r;
		free(why);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	/*
	 * Files, but not one key, add nothing, as an empty directory: each
	 * was named in its log line, and the keys trusted elsewhere (the
	 * built-in ones) must still verify.
	 */
	return total;
oom:
	if (d)
		closedir(d);
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rdb_err(err, dir, "out of memory");
}

struct regdb_trust *regdb_trust_from_paths(const char *const *paths,
					   size_t n, bool defaults,
					   const char *keydir, char **err)
{
	struct regdb_trust *t = defaults ? regdb_trust_with_dir(keydir, err) :
					   regdb_trust_new(false, err);
	size_t i;

	for (i = 0; t && i < n; i++) {
		struct stat st;
		int r;

		if (stat(paths[i], &st)) {
			rdb_err_sys(err, paths[i], "cannot read trusted key");
			r = -1;
		} else if (S_ISDIR(st.st_mode)) {
			r = regdb_trust_add_dir(t, paths[i], false, err);
		} else {
			r = regdb_trust_add_file(t, paths[i], err);
		}
		if (r < 0) {
			regdb_trust_free(t);
			t = NULL;
		}
	}
	if (t && !t->n) {
		rdb_err(err, "regdb", "no trusted keys");
		regdb_trust_free(t);
		t = NULL;
	}
	return t;
}
