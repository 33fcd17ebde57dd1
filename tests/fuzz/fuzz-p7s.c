// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-p7s - the detached signature check: the input is a regulatory.db.p7s
 * checked against Debian's regulatory.db and the built-in keys. Nothing
 * but the real signatures may ever be accepted.
 *
 * "Real" is checked against what the verifier cannot choose: the RSA
 * signature values of the two real p7s files, read once at start. PKCS#1
 * v1.5 is deterministic, so for this database and these keys a p7s that
 * verifies must carry one of them (as an integer: leading zero bytes in
 * its encoding are allowed), made by the key it names. The signer's name
 * alone would prove nothing: with only built-in keys trusted, every
 * accepted signer has a built-in name, whatever the RSA check did.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

#define N_GOOD 2

static unsigned char *db;
static size_t dblen;
static struct regdb_trust *trust;
/* The s of each real signature, minimal big-endian bytes, and its signer. */
static unsigned char *good_s[N_GOOD];
static size_t good_slen[N_GOOD];
static char *good_signer[N_GOOD];

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len);

/* The RSA s of a p7s's first signer, or abort(). */
static void signature_value(const unsigned char *sig, size_t siglen,
			    unsigned char **s, size_t *slen)
{
	struct rdb_p7s p;
	ksba_sexp_t sv;
	gcry_sexp_t sx = NULL;
	gcry_mpi_t m = NULL;
	size_t n;

	if (rdb_p7s_parse("good.p7s", sig, siglen, &p, NULL))
		abort();
	sv = ksba_cms_get_sig_val(p.cms, 0);
	n = sv ? gcry_sexp_canon_len(sv, 0, NULL, NULL) : 0;
	if (!n || gcry_sexp_sscan(&sx, NULL, (const char *)sv, n) ||
	    !(m = rdb_sigval_s(sx)) ||
	    gcry_mpi_aprint(GCRYMPI_FMT_USG, s, slen, m) || !*slen)
		abort();
	gcry_mpi_release(m);
	gcry_sexp_release(sx);
	ksba_free(sv);
	rdb_p7s_free(&p);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const good_path[N_GOOD] = {
		"/lib/firmware/regulatory.db.p7s-upstream",
		"/lib/firmware/regulatory.db.p7s-debian",
	};
	int i;

	(void)argc;
	(void)argv;
	trust = regdb_trust_new(true, NULL);
	if (!trust ||
	    regdb_read_file("/lib/firmware/regulatory.db-upstream", &db, &dblen, NULL))
		abort();
	for (i = 0; i < N_GOOD; i++) {
		unsigned char *sig;
		size_t siglen;
		const char *signer;

		/* The premise: each real p7s verifies, and says by whom. */
		if (regdb_read_file(good_path[i], &sig, &siglen, NULL) ||
		    rdb_verify_p7s(trust, "regulatory.db", good_path[i], db,
				   dblen, sig, siglen, &signer, NULL) ||
		    !(good_signer[i] = strdup(signer)))
			abort();
		signature_value(sig, siglen, &good_s[i], &good_slen[i]);
		free(sig);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	const char *signer;
	char *err = NULL;
	int i;

	if (!rdb_verify_p7s(trust, "regulatory.db", "fuzz.p7s", db, dblen, data,
			    len, &signer, &err)) {
		/* Accepted: it must carry a real signature, by its signer. */
		for (i = 0; i < N_GOOD; i++)
			if (!strcmp(signer, good_signer[i]) &&
			    memmem(data, len, good_s[i], good_slen[i]))
				break;
		if (i == N_GOOD)
			abort();
	}
	free(err);
	return 0;
}
