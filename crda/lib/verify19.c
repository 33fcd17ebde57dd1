// SPDX-License-Identifier: GPL-2.0
/*
 * verify19.c - the regulatory.bin signature: RSA PKCS#1 v1.5 over the SHA-1
 * of everything before it, checked with libgcrypt against every key of the
 * trusted set.
 */
#include <gcrypt.h>

#include "regdb-int.h"

int rdb_verify_v19(struct regdb_trust *t, const char *file,
		   const unsigned char *buf, size_t dblen, size_t siglen,
		   const char **signer, char **err)
{
	unsigned char hash[20];
	gcry_sexp_t data = NULL, sig = NULL;
	size_t i;
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
	for (i = 0; t && i < t->n; i++) {
		if (!rdb_tkey_load(&t->keys[i]) &&
		    !gcry_pk_verify(sig, data, t->keys[i].pubkey)) {
			*signer = t->keys[i].name;
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
