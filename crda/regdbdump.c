// SPDX-License-Identifier: GPL-2.0
/*
 * regdbdump - verify a regulatory database and print every country, in the
 * text of the legacy crda project's regdbdump.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "regdb.h"

/* The version comes from the Makefile (debian/changelog, its one source). */
#ifndef REGCORE_VERSION
#define REGCORE_VERSION "unknown"
#endif
#define VERSION "regdbdump (regcore) " REGCORE_VERSION

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: regdbdump [OPTION]... FILE\n"
		"Verify FILE (regulatory.bin, or regulatory.db with FILE.p7s) and print\n"
		"every country it holds.\n"
		"\n"
		"  -k, --key PATH         also trust the keys in PATH (file or directory)\n"
		"  -n, --no-default-keys  trust only the --key paths, not the built-in keys\n"
		"                         nor the key directory\n"
		"  -K, --keydir DIR       the key directory: DIR instead of\n"
		"                         " REGDB_DEFAULT_KEYDIR "\n"
		"  -s, --sig FILE         the signature of a regulatory.db (default: FILE.p7s)\n"
		"  -h, --help             show this help\n"
		"  -V, --version          show the version\n"
		"\n"
		"Exit status: 0 if the file verified and was printed, 1 if it was refused,\n"
		"2 on a usage error.\n");
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "no-default-keys", no_argument, NULL, 'n' },
		{ "keydir", required_argument, NULL, 'K' },
		{ "sig", required_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 },
	};
	const char **keys = calloc((size_t)argc, sizeof(*keys));
	size_t n_keys = 0;
	bool defaults = true;
	const char *sig = NULL, *keydir = NULL;
	struct regdb_trust *t;
	struct regdb *db;
	char *err = NULL;
	int c;

	if (!keys)
		return 1;
	while ((c = getopt_long(argc, argv, "k:nK:s:hV", opts, NULL)) != -1) {
		switch (c) {
		case 'k':
			keys[n_keys++] = optarg;
			break;
		case 'n':
			defaults = false;
			break;
		case 'K':
			keydir = optarg;
			break;
		case 's':
			sig = optarg;
			break;
		case 'h':
			usage(stdout);
			free(keys);
			return 0;
		case 'V':
			puts(VERSION);
			free(keys);
			return 0;
		default:
			usage(stderr);
			free(keys);
			return 2;
		}
	}
	if (optind != argc - 1) {
		usage(stderr);
		free(keys);
		return 2;
	}
	t = regdb_trust_from_paths(keys, n_keys, defaults, keydir, &err);
	free(keys);
	db = t ? regdb_open_sig(argv[optind], sig, t, &err) : NULL;
	regdb_trust_free(t);
	if (!db) {
		fprintf(stderr, "regdbdump: %s\n", err);
		free(err);
		return 1;
	}
	if (regdb_dump(db, stdout, stderr)) {
		fprintf(stderr, "regdbdump: write error\n");
		regdb_close(db);
		return 1;
	}
	regdb_close(db);
	return 0;
}
