// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-v19 - the regulatory.bin reader below the signature check: header,
 * every structure, then decompile and print whatever it accepted.
 */
#include <stdio.h>
#include <stdlib.h>

#include "regdb-int.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len);

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	struct regdom *v;
	size_t n, dblen, i;
	char *err = NULL;

	if (!rdb_v19_header("fuzz.bin", data, len, &dblen, &err) &&
	    !rdb_v19_parse("fuzz.bin", data, dblen, &v, &n, &err)) {
		FILE *null = fopen("/dev/null", "w");
		struct regdb db = { "fuzz.bin", 19, "none", v, n };
		char *text = regdb_decompile(&db, NULL);

		for (i = 0; null && i < n; i++)
			regdom_print(null, &v[i]);
		if (null)
			fclose(null);
		free(text);
		rdb_regdoms_free(v, n);
	}
	free(err);
	return 0;
}
