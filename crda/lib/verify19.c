// SPDX-License-Identifier: GPL-2.0
/*
 * verify19.c - the regulatory.bin signature: RSA PKCS#1 v1.5 over the SHA-1
 * of everything before it, checked with libgcrypt against the keys of the
 * trusted set.
 *
 * Each key tried costs one RSA operation, and a built-in key not yet
 * parsed costs a certificate parse too, so the keys already parsed (those
 * read at run time: --key paths, the key directory) are tried first and
 * the built-in ones only if none of those verifies. The key reported is
 * the same as if every key were tried in the order of the set: the first
 * one that holds the verifying RSA key (a key can be trusted twice, say
 * built in and in the key directory).
 */
#include <string.h>

#include <gcrypt.h>

#include "regdb-int.h"

/* Parameter @name ("n" or "e") of an RSA public key, or NULL. */
static gcry_mpi_t rsa_param(gcry_sexp_t pub, const char *name)
{
	gcry_sexp_t l = gcry_sexp_find_token(pub, name, 0);
	gcry_mpi_t m = l ? gcry_sexp_nth_mpi(l, 1, GCRYMPI_FMT_USG) : NULL;

	gcry_sexp_release(l);
	return m;
}

/* Whether two parsed keys hold the same RSA key (modulus and exponent). */
static bool same_rsa_key(gcry_sexp_t a, gcry_sexp_t b)
{
	gcry_mpi_t an = rsa_param(a, "n"), ae = rsa_param(a, "e");
	gcry_mpi_t bn = rsa_param(b, "n"), be = rsa_param(b, "e");
	bool same = an && ae && bn && be && !gcry_mpi_cmp(an, bn) &&
		    !gcry_mpi_cmp(ae, be);

	gcry_mpi_release(an);
	gcry_mpi_release(ae);
	gcry_mpi_release(bn);
	gcry_mpi_release(be);
	return same;
}

/*
 * The first key of @t, up to @found, that holds the RSA key of keys[found].
 * Only keys not yet parsed are in question: a parsed key before @found was
 * tried and did not verify, so it holds another key. One not yet parsed
 * whose DER does not contain the modulus bytes cannot hold that modulus;
 * one that does is parsed and compared.
 */
static size_t first_holder(struct regdb_trust *t, size_t found)
{
	gcry_sexp_t pub = t->keys[found].pubkey;
	gcry_mpi_t n = rsa_param(pub, "n");
	unsigned char *nbuf = NULL;
	size_t nlen = 0, i;

	if (!n || gcry_mpi_aprint(GCRYMPI_FMT_USG, &nbuf, &nlen, n))
		nbuf = NULL;
	gcry_mpi_release(n);
	for (i = 0; i < found; i++) {
		struct rdb_tkey *k = &t->keys[i];

		if (k->loaded)
			continue;
		/* without the modulus bytes, parse every candidate */
		if (nbuf && nlen && !memmem(k->der, k->derlen, nbuf, nlen))
			continue;
		if (!rdb_tkey_load(k) && same_rsa_key(k->pubkey, pub))
			break;
	}
	gcry_free(nbuf);
	return i;
}

int rdb_verify_v19(struct regdb_trust *t, const char *file,
		   const unsigned char *buf, size_t dblen, size_t siglen,
		   const char **signer, char **err)
{
	unsigned char hash[20];
	gcry_sexp_t data = NULL, sig = NULL;
	size_t i, pass;
	int rc = -1;

	rdb_crypto_init();
	gcry_md_hash_buffer(GCRY_MD_SHA1, hash, buf, dblen);
	if (gcry_sexp_build(&data, NULL, "(data (flags pkcs1) (hash sha1 %b))",
			    (int)sizeof(hash), hash) ||
	    gcry_sexp_build(&sig, NULL, "(sig-val (rsa (s %b)))", (int)siglen,
			    buf + dblen)) {
		rdb_err(err, file, "out of memory");
		goto out;
	}
	/* pass 0: the keys parsed already; pass 1: the others, parsed now */
	for (pass = 0; t && pass < 2; pass++) {
		for (i = 0; i < t->n; i++) {
			struct rdb_tkey *k = &t->keys[i];

			if (k->loaded != !pass)
				continue;
			if (pass && rdb_tkey_load(k))
				continue;
			if (!k->pubkey || gcry_pk_verify(sig, data, k->pubkey))
				continue;
			*signer = t->keys[pass ? i : first_holder(t, i)].name;
			rc = 0;
			goto out;
		}
	}
	rdb_err_at(err, file, dblen,
		   "the %zu-byte RSA/SHA-1 signature does not verify with any of the %zu trusted keys",
		   siglen, t ? t->n : 0);
out:
	gcry_sexp_release(data);
	gcry_sexp_release(sig);
	return rc;
}
