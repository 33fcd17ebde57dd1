// SPDX-License-Identifier: GPL-2.0
/*
 * regdb - compile, sign, verify and inspect regulatory databases.
 *
 * Each subcommand is one handler in the table below with its synopsis and
 * help text; "regdb help" and usage errors are generated from the table.
 * All the work is done by libregdb.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "regdb.h"

/* The version comes from the Makefile (debian/changelog, its one source). */
#ifndef REGCORE_VERSION
#define REGCORE_VERSION "unknown"
#endif
#define VERSION "regdb (regcore) " REGCORE_VERSION

/* Options shared by the subcommands; each uses the ones it lists. */
struct opts {
	const char **keys;	/* --key: extra trusted files/directories */
	size_t n_keys;
	bool defaults;		/* built-in keys and the key directory */
	const char *keydir;	/* --keydir: instead of REGDB_DEFAULT_KEYDIR */
	const char *out;	/* -o */
	const char *bin;	/* compile --bin */
	const char *fw;		/* compile --db */
	const char *signkey;	/* --sign-key */
	const char *cert;	/* --cert */
	const char *db;		/* lookup --db */
	const char *sig;	/* --sig: the .p7s of a regulatory.db */
	const char *cn;		/* genkey --cn */
	unsigned int bits, days;
	bool force;
	char **args;
	int n_args;
};

struct cmd {
	const char *name;
	const char *synopsis;
	const char *help;
	int min_args, max_args;
	int (*run)(struct opts *o);
};

static int fail(char *err)
{
	fprintf(stderr, "regdb: %s\n", err ? err : "out of memory");
	free(err);
	return 1;
}

static struct regdb *open_db(struct opts *o, const char *path)
{
	struct regdb_trust *t;
	struct regdb *db = NULL;
	char *err = NULL;

	t = regdb_trust_from_paths(o->keys, o->n_keys, o->defaults, o->keydir,
				   &err);
	if (t)
		db = regdb_open_sig(path, o->sig, t, &err);
	regdb_trust_free(t);
	if (!db)
		fail(err);
	return db;
}

static int write_out(const char *path, const void *data, size_t len,
		     unsigned int mode, bool force)
{
	char *err = NULL;

	if (!path || !strcmp(path, "-")) {
		if (fwrite(data, 1, len, stdout) != len || fflush(stdout)) {
			fprintf(stderr, "regdb: write error\n");
			return 1;
		}
		return 0;
	}
	if (regdb_write_file(path, data, len, mode, force, &err))
		return fail(err);
	return 0;
}

static int cmd_verify(struct opts *o)
{
	int i, rc = 0;

	for (i = 0; i < o->n_args; i++) {
		struct regdb *db = open_db(o, o->args[i]);

		if (!db) {
			rc = 1;
			continue;
		}
		printf("%s: OK: version %d, %zu countries, signed by %s\n",
		       o->args[i], regdb_version(db), regdb_country_count(db),
		       regdb_signer(db));
		regdb_close(db);
	}
	return rc;
}

static int cmd_dump(struct opts *o)
{
	struct regdb *db = open_db(o, o->args[0]);
	int rc;

	if (!db)
		return 1;
	rc = regdb_dump(db, stdout, stderr) ? 1 : 0;
	regdb_close(db);
	return rc;
}

static void print_wmm(const struct regdom *rd)
{
	static const char *const ac[] = { "VO", "VI", "BE", "BK" };
	unsigned int i, a;

	for (i = 0; i < rd->n_rules; i++) {
		const struct regdom_rule *r = &rd->rules[i];

		if (!r->has_wmm)
			continue;
		printf("\tWMM %.3f - %.3f MHz:", r->start_khz / 1000.0,
		       r->end_khz / 1000.0);
		for (a = 0; a < REGDOM_NUM_ACS; a++)
			printf(" %s client %u/%u/%u/%u ap %u/%u/%u/%u;", ac[a],
			       r->wmm.client[a].cw_min, r->wmm.client[a].cw_max,
			       r->wmm.client[a].aifsn, r->wmm.client[a].cot,
			       r->wmm.ap[a].cw_min, r->wmm.ap[a].cw_max,
			       r->wmm.ap[a].aifsn, r->wmm.ap[a].cot);
		putchar('\n');
	}
}

static int cmd_lookup(struct opts *o)
{
	const char *path = o->db ? o->db : regdb_default_path();
	struct regdb *db;
	struct regdom *rd;
	char *err = NULL;

	/* a usage error, with crda's words */
	if (!regdom_alpha2_valid(o->args[0])) {
		fprintf(stderr, "regdb: bad country '%s': " REGDOM_ALPHA2_RULE "\n",
			o->args[0]);
		return 2;
	}
	if (!path) {
		fprintf(stderr, "regdb: no database found; use --db FILE\n");
		return 1;
	}
	db = open_db(o, path);
	if (!db)
		return 1;
	rd = regdb_lookup(db, o->args[0], &err);
	regdb_close(db);
	if (!rd)
		return fail(err);
	regdom_print(stdout, rd);
	print_wmm(rd);
	regdom_free(rd);
	return fflush(stdout) ? 1 : 0;
}

static int cmd_decompile(struct opts *o)
{
	struct regdb *db = open_db(o, o->args[0]);
	char *err = NULL, *text;
	int rc;

	if (!db)
		return 1;
	text = regdb_decompile(db, &err);
	regdb_close(db);
	if (!text)
		return fail(err);
	rc = write_out(o->out, text, strlen(text), 0644, true);
	free(text);
	return rc;
}

static void lint_report(void *arg, const char *msg)
{
	(void)arg;
	puts(msg);
}

static int cmd_lint(struct opts *o)
{
	unsigned char *text;
	size_t len;
	char *err = NULL;
	unsigned int n;

	if (regdb_read_file(o->args[0], &text, &len, &err))
		return fail(err);
	n = regdb_lint(o->args[0], (const char *)text, len, lint_report, NULL);
	free(text);
	return n ? 1 : 0;
}

/* Sign @db (v19 in place, v20 into @p7s_path). */
static int sign_into(struct regdb_key *k, const unsigned char *db, size_t len,
		     const char *out, const char *p7s_path)
{
	unsigned char *signed_db = NULL;
	size_t n;
	char *err = NULL;
	int rc;

	if (len >= 8 && db[7] == 19) {
		if (regdb_sign_v19(k, db, len, &signed_db, &n, &err))
			return fail(err);
		rc = write_out(out, signed_db, n, 0644, true);
	} else {
		if (regdb_sign_p7s(k, db, len, &signed_db, &n, &err))
			return fail(err);
		rc = write_out(p7s_path, signed_db, n, 0644, true);
	}
	free(signed_db);
	return rc;
}

static int cmd_compile(struct opts *o)
{
	struct regdb_src *src;
	struct regdb_key *k = NULL;
	char *err = NULL;
	int rc = 0, pass;
	size_t i, n;
	const char *const *w;

	if (!o->bin && !o->fw) {
		fprintf(stderr, "regdb: compile needs --bin FILE and/or --db FILE\n");
		return 2;
	}
	src = regdb_src_load(o->args[0], &err);
	if (!src)
		return fail(err);
	w = regdb_src_warnings(src, &n);
	for (i = 0; i < n; i++)
		fprintf(stderr, "regdb: warning: %s\n", w[i]);
	if (o->signkey) {
		k = regdb_key_load(o->signkey, o->fw ? o->cert : NULL, &err);
		if (!k) {
			regdb_src_free(src);
			return fail(err);
		}
	}
	for (pass = 19; pass <= 20 && !rc; pass++) {
		const char *path = pass == 19 ? o->bin : o->fw;
		unsigned char *db;
		char *p7s;

		if (!path)
			continue;
		if (regdb_compile(src, pass, &db, &n, &err)) {
			rc = fail(err);
			break;
		}
		if (k) {
			p7s = malloc(strlen(path) + 5);
			if (p7s)
				sprintf(p7s, "%s.p7s", path);
			rc = !p7s ? fail(NULL) :
			     pass == 19 ? sign_into(k, db, n, path, NULL) :
			     write_out(path, db, n, 0644, true) ||
			     sign_into(k, db, n, NULL, p7s);
			free(p7s);
		} else {
			rc = write_out(path, db, n, 0644, true);
		}
		free(db);
	}
	regdb_key_free(k);
	regdb_src_free(src);
	return rc;
}

static int cmd_sign(struct opts *o)
{
	struct regdb_key *k;
	unsigned char *db;
	size_t len;
	char *err = NULL, *p7s = NULL;
	int rc;

	if (!o->signkey) {
		fprintf(stderr, "regdb: sign needs --sign-key KEY\n");
		return 2;
	}
	if (regdb_read_file(o->args[0], &db, &len, &err))
		return fail(err);
	k = regdb_key_load(o->signkey, o->cert, &err);
	if (!k) {
		free(db);
		return fail(err);
	}
	if (!o->out && asprintf(&p7s, "%s.p7s", o->args[0]) < 0)
		p7s = NULL;
	rc = sign_into(k, db, len, o->out ? o->out : o->args[0],
		       o->out ? o->out : p7s);
	free(p7s);
	free(db);
	regdb_key_free(k);
	return rc;
}

static int cmd_genkey(struct opts *o)
{
	static const char *const suffix[] = {
		".key.priv", ".key.pub.pem", ".x509.pem",
	};
	char *text[3] = { NULL }, *path[3] = { NULL }, *err = NULL;
	const char *base = strrchr(o->args[0], '/');
	const char *cn = o->cn ? o->cn : base ? base + 1 : o->args[0];
	int i, rc = 1;

	for (i = 0; i < 3; i++) {
		if (asprintf(&path[i], "%s%s", o->args[0], suffix[i]) < 0) {
			path[i] = NULL;
			goto out;
		}
		if (!o->force && access(path[i], F_OK) == 0) {
			fprintf(stderr, "regdb: %s exists; use --force to replace it\n",
				path[i]);
			goto out;
		}
	}
	if (regdb_genkey(o->bits, cn, o->days, &text[0], &text[1], &text[2],
			 &err)) {
		rc = fail(err);
		goto out;
	}
	for (i = 0; i < 3; i++)
		if (regdb_write_file(path[i], text[i], strlen(text[i]),
				     i ? 0644 : 0600, o->force, &err)) {
			rc = fail(err);
			goto out;
		}
	printf("private key %s (keep it secret), public key %s (v19), certificate %s (v20)\n",
	       path[0], path[1], path[2]);
	rc = 0;
out:
	for (i = 0; i < 3; i++) {
		free(text[i]);
		free(path[i]);
	}
	return rc;
}

static int cmd_help(struct opts *o);

static const struct cmd cmds[] = {
	{ "compile", "[--bin FILE] [--db FILE] [--sign-key KEY [--cert CERT]] DB.TXT",
	  "compile db.txt into regulatory.bin (--bin) and/or regulatory.db\n"
	  "(--db); with --sign-key sign them (regulatory.db into FILE.p7s)",
	  1, 1, cmd_compile },
	{ "sign", "--sign-key KEY [--cert CERT] [-o OUT] FILE",
	  "sign regulatory.bin (RSA/SHA-1, appended; -o or in place) or\n"
	  "regulatory.db (detached PKCS#7, RSA/SHA-256, into -o or FILE.p7s);\n"
	  "KEY: genkey's .key.priv, or a PEM PKCS#1 or PKCS#8 RSA key",
	  1, 1, cmd_sign },
	{ "verify", "[-k PATH]... [-n] [-s SIG] FILE...",
	  "verify each database (regulatory.db with FILE.p7s) and its structure",
	  1, 64, cmd_verify },
	{ "dump", "[-k PATH]... [-n] [-s SIG] FILE",
	  "verify a database and print every country (regdbdump's text)",
	  1, 1, cmd_dump },
	{ "lookup", "[--db FILE] [-k PATH]... [-n] [-s SIG] CC",
	  "verify the database and print one country, CC: two upper-case\n"
	  "letters or 00 (default database: the first of\n"
	  "" REGDB_DEFAULT_DBS(",\n") ")",
	  1, 1, cmd_lookup },
	{ "decompile", "[-k PATH]... [-n] [-s SIG] [-o OUT] FILE",
	  "verify a database and write it back as db.txt", 1, 1, cmd_decompile },
	{ "lint", "DB.TXT",
	  "report overlapping rules, bandwidths wider than their range, unknown\n"
	  "flags, implausible units, unsorted or duplicate countries",
	  1, 1, cmd_lint },
	{ "genkey", "[--bits N] [--days N] [--cn NAME] [--force] PREFIX",
	  "make PREFIX.key.priv (mode 0600), PREFIX.key.pub.pem and a self-signed\n"
	  "certificate PREFIX.x509.pem (CN: --cn, default the PREFIX's file name);\n"
	  "existing files need --force",
	  1, 1, cmd_genkey },
	{ "help", "[COMMAND]", "show help", 0, 1, cmd_help },
};
#define N_CMDS (sizeof(cmds) / sizeof(cmds[0]))

static void usage(FILE *f, const struct cmd *only)
{
	size_t i;

	if (!only)
		fprintf(f, "Usage: regdb COMMAND [OPTION]... ARG...\n"
			"       regdb --help | --version\n\nCommands:\n");
	for (i = 0; i < N_CMDS; i++) {
		const char *h;

		if (only && only != &cmds[i])
			continue;
		fprintf(f, "  regdb %s %s\n      ", cmds[i].name, cmds[i].synopsis);
		for (h = cmds[i].help; *h; h++)
			fprintf(f, *h == '\n' ? "\n      " : "%c", *h);
		fputc('\n', f);
	}
	if (!only)
		fprintf(f, "\nOptions:\n"
			"  -k, --key PATH         also trust the keys in PATH (file or directory)\n"
			"  -n, --no-default-keys  trust only --key paths, not the built-in keys nor\n"
			"                         the key directory\n"
			"  -K, --keydir DIR       the key directory: DIR instead of\n"
			"                         " REGDB_DEFAULT_KEYDIR "\n"
			"  -s, --sig FILE         the signature of a regulatory.db (default: FILE.p7s)\n"
			"  -o, --output FILE      where to write ('-' for standard output)\n"
			"  -f, --force            replace existing key files\n"
			"\nExit status: 0 on success, 1 on failure, 2 on a usage error.\n");
}

static int cmd_help(struct opts *o)
{
	size_t i;

	for (i = 0; o->n_args && i < N_CMDS; i++)
		if (!strcmp(o->args[0], cmds[i].name)) {
			usage(stdout, &cmds[i]);
			return 0;
		}
	if (o->n_args) {
		fprintf(stderr, "regdb: unknown command \"%s\"\n", o->args[0]);
		return 2;
	}
	usage(stdout, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	enum { O_BIN = 256, O_DB, O_SIGNKEY, O_CERT, O_CN, O_BITS, O_DAYS };
	static const struct option lopts[] = {
		{ "key", required_argument, NULL, 'k' },
		{ "no-default-keys", no_argument, NULL, 'n' },
		{ "keydir", required_argument, NULL, 'K' },
		{ "output", required_argument, NULL, 'o' },
		{ "sig", required_argument, NULL, 's' },
		{ "force", no_argument, NULL, 'f' },
		{ "bin", required_argument, NULL, O_BIN },
		{ "db", required_argument, NULL, O_DB },
		{ "sign-key", required_argument, NULL, O_SIGNKEY },
		{ "cert", required_argument, NULL, O_CERT },
		{ "cn", required_argument, NULL, O_CN },
		{ "bits", required_argument, NULL, O_BITS },
		{ "days", required_argument, NULL, O_DAYS },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 },
	};
	struct opts o = { .defaults = true, .bits = 2048, .days = 36500 };
	const struct cmd *cmd = NULL;
	size_t i;
	int c, rc;

	if (argc > 1 && !strcmp(argv[1], "--version")) {
		puts(VERSION);
		return 0;
	}
	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
		usage(argc < 2 ? stderr : stdout, NULL);
		return argc < 2 ? 2 : 0;
	}
	for (i = 0; i < N_CMDS; i++)
		if (!strcmp(argv[1], cmds[i].name))
			cmd = &cmds[i];
	if (!cmd) {
		fprintf(stderr, "regdb: unknown command \"%s\"; see regdb --help\n",
			argv[1]);
		return 2;
	}
	o.keys = calloc((size_t)argc, sizeof(*o.keys));
	if (!o.keys)
		return 1;
	optind = 2;
	while ((c = getopt_long(argc, argv, "k:nK:o:s:fhV", lopts, NULL)) != -1) {
		char *end;

		switch (c) {
		case 'k': o.keys[o.n_keys++] = optarg; break;
		case 'n': o.defaults = false; break;
		case 'K': o.keydir = optarg; break;
		case 'o': o.out = optarg; break;
		case 's': o.sig = optarg; break;
		case 'f': o.force = true; break;
		case O_BIN: o.bin = optarg; break;
		case O_DB: o.db = o.fw = optarg; break;
		case O_SIGNKEY: o.signkey = optarg; break;
		case O_CERT: o.cert = optarg; break;
		case O_CN: o.cn = optarg; break;
		case O_BITS:
		case O_DAYS:
			*(c == O_BITS ? &o.bits : &o.days) =
				(unsigned int)strtoul(optarg, &end, 10);
			if (*end || !*optarg)
				goto usage;
			break;
		case 'h':
			usage(stdout, cmd);
			free(o.keys);
			return 0;
		case 'V':
			puts(VERSION);
			free(o.keys);
			return 0;
		default:
			goto usage;
		}
	}
	o.args = argv + optind;
	o.n_args = argc - optind;
	if (o.n_args < cmd->min_args || o.n_args > cmd->max_args)
		goto usage;
	rc = cmd->run(&o);
	free(o.keys);
	return rc;
usage:
	usage(stderr, cmd);
	free(o.keys);
	return 2;
}
