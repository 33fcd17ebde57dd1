// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-p7s - the detached signature check: the input is a regulatory.db.p7s
 * checked against Debian's regulatory.db and the built-in keys. Nothing
 * but the real signatures may ever be accepted.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

static unsigned char *db, *good[2];
static size_t dblen, goodlen[2];
static struct regdb_trust *trust;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	trust = regdb_trust_new(true, NULL);
	if (!trust ||
	    regdb_read_file("/lib/firmware/regulatory.db-upstream", &db, &dblen, NULL) ||
	    regdb_read_file("/lib/firmware/regulatory.db.p7s-upstream", &good[0],
			    &goodlen[0], NULL) ||
	    regdb_read_file("/lib/firmware/regulatory.db.p7s-debian", &good[1],
			    &goodlen[1], NULL))
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	const char *signer;
	char *err = NULL;

	if (!rdb_verify_p7s(trust, "regulatory.db", "fuzz.p7s", db, dblen, data,
			    len, &signer, &err)) {
		/* Accepted: it must carry one of the real signatures. */
		if (strcmp(signer, "builtin:wens.x509.pem") &&
		    strcmp(signer, "builtin:debian.x509.pem"))
			abort();
	}
	free(err);
	return 0;
}
