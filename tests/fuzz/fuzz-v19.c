// SPDX-License-Identifier: GPL-2.0
/* fuzz-v19 - the regulatory.bin reader below the signature check. */
#include "fuzz-reader.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	struct regdom *v;
	size_t n, dblen;
	char *err = NULL;

	if (!rdb_v19_header("fuzz.bin", data, len, &dblen, &err) &&
	    !rdb_v19_parse("fuzz.bin", data, dblen, &v, &n, &err))
		exercise("fuzz.bin", 19, v, n);
	free(err);
	return 0;
}
