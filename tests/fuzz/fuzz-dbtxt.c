// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-dbtxt - the db.txt parser, both generators, the readers on their
 * output, the decompiler and lint. Oracle: whatever compiles must read back
 * (unverified) and decompile to a text meaning the same thing.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len);

static void ignore(void *arg, const char *msg)
{
	(void)arg;
	(void)msg;
}

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len)
{
	struct regdb_src *src, *back;
	char *err = NULL;
	int version;

	regdb_lint("fuzz.txt", (const char *)data, len, ignore, NULL);
	src = regdb_src_parse("fuzz.txt", (const char *)data, len, &err);
	free(err);
	if (!src)
		return 0;
	for (version = 19; version <= 20; version++) {
		unsigned char *out = NULL, *file;
		size_t n;
		struct regdb *db;
		char *text;

		if (regdb_compile(src, version, &out, &n, NULL))
			continue;
		file = out;
		if (version == 19) {
			/* a 4-byte stand-in signature, as the reader wants one */
			file = realloc(out, n + 4);
			if (!file)
				abort();
			memset(file + n, 0, 4);
			file[19] = 4;
			n += 4;
		}
		db = rdb_open_unverified("compiled", file, n, &err);
		if (!db)
			abort();	/* the compiler wrote what the reader refuses */
		text = regdb_decompile(db, NULL);
		regdb_close(db);
		if (text && version == 20) {
			back = regdb_src_parse("back", text, strlen(text), NULL);
			if (!back || !regdb_src_equal(src, back, NULL))
				abort();	/* the round trip changed the meaning */
			regdb_src_free(back);
		}
		free(text);
		free(file);
	}
	regdb_src_free(src);
	return 0;
}
