// SPDX-License-Identifier: GPL-2.0
/* fuzz-v20 - the regulatory.db reader below the signature check. */
#include "fuzz-reader.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	struct regdom *v;
	size_t n;
	char *err = NULL;

	if (!rdb_v20_parse("fuzz.db", data, len, &v, &n, &err))
		exercise("fuzz.db", 20, v, n);
	free(err);
	return 0;
}
