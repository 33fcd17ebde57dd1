/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz-reader.h - what the reader fuzz targets do with a file the
 * structural checks accepted: decompile it and print every country.
 */
#ifndef FUZZ_READER_H
#define FUZZ_READER_H

#include <stdio.h>
#include <stdlib.h>

#include "regdb-int.h"

int LLVMFuzzerTestOneInput(const unsigned char *data, size_t len);

static void exercise(const char *name, int version, struct regdom *v, size_t n)
{
	struct regdb db = { (char *)name, version, (char *)"none", v, n };
	FILE *null = fopen("/dev/null", "w");
	char *text = regdb_decompile(&db, NULL);

	if (null) {
		regdb_dump(&db, null, null);
		fclose(null);
	}
	free(text);
	rdb_regdoms_free(v, n);
}

#endif
