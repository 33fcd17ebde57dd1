// SPDX-License-Identifier: GPL-2.0
/*
 * regdb - compile, sign, verify and inspect regulatory databases.
 *
 * Each subcommand is one handler in the table below with its synopsis and
 * help text; "regdb help" and usage errors are generated from the table.
 * All the work is done by libregdb.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "json.h"
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
	bool json;		/* diff --json */
	const char *old_sig;	/* diff --old-sig */
	const char *new_sig;	/* diff --new-sig */
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

/* The trusted keys the options name (-k, -n, --keydir), or NULL (said). */
static struct regdb_trust *opts_trust(const struct opts *o)
{
	struct regdb_trust *t;
	char *err = NULL;

	t = regdb_trust_from_paths(o->keys, o->n_keys, o->defaults, o->keydir,
				   &err);
	if (!t)
		fail(err);
	return t;
}

/* A database verified with t, its signature sig (NULL: beside it). */
static struct regdb *open_with(struct regdb_trust *t, const char *path,
			       const char *sig)
{
	struct regdb *db;
	char *err = NULL;

	db = regdb_open_sig(path, sig, t, &err);
	if (!db)
		fail(err);
	return db;
}

static struct regdb *open_db(struct opts *o, const char *path)
{
	struct regdb_trust *t = opts_trust(o);
	struct regdb *db = t ? open_with(t, path, o->sig) : NULL;

	regdb_trust_free(t);
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

/* The access categories, in struct regdom_wmm's order. */
static const char *const ac[] = { "VO", "VI", "BE", "BK" };

/* A rule's WMM limits, " VO client cwmin/cwmax/aifsn/cot ap ..." */
static void print_wmm_acs(const struct regdom_rule *r, const char *end)
{
	unsigned int a;

	for (a = 0; a < REGDOM_NUM_ACS; a++)
		printf(" %s client %u/%u/%u/%u ap %u/%u/%u/%u%s", ac[a],
		       r->wmm.client[a].cw_min, r->wmm.client[a].cw_max,
		       r->wmm.client[a].aifsn, r->wmm.client[a].cot,
		       r->wmm.ap[a].cw_min, r->wmm.ap[a].cw_max,
		       r->wmm.ap[a].aifsn, r->wmm.ap[a].cot, end);
}

static void print_wmm(const struct regdom *rd)
{
	unsigned int i;

	for (i = 0; i < rd->n_rules; i++) {
		const struct regdom_rule *r = &rd->rules[i];

		if (!r->has_wmm)
			continue;
		printf("\tWMM %.3f - %.3f MHz:", r->start_khz / 1000.0,
		       r->end_khz / 1000.0);
		print_wmm_acs(r, ";");
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

/* ---- diff ---------------------------------------------------------------- */

struct diff_count {
	size_t added, removed, changed, same;
};

/* Antenna gain and WMM limits, which regdbdump's rule text leaves out. */
static void print_extras(const struct regdom_rule *r,
			 const struct regdom_rule *other,
			 const struct regdom_cmp *cmp)
{
	bool wmm = cmp->wmm;
	bool gain = cmp->gain &&
		    (other ? r->max_ant_gain_mbi != other->max_ant_gain_mbi :
			     r->max_ant_gain_mbi != 0);

	if (gain)
		printf("; antenna gain %u.%02u dBi", r->max_ant_gain_mbi / 100,
		       r->max_ant_gain_mbi % 100);
	if (!wmm || (other ? regdom_wmm_equal(r, other) : !r->has_wmm))
		return;
	if (!other || !r->has_wmm) {
		/* a rule on its own says whether it has limits (--json: which) */
		fputs(r->has_wmm ? "; WMM" : "; no WMM", stdout);
		return;
	}
	fputs("; WMM", stdout);
	print_wmm_acs(r, "");
}

static void print_diff_rule(char sign, const struct regdom_rule *r,
			    const struct regdom_rule *other,
			    const struct regdom_cmp *cmp)
{
	char text[REGDOM_RULE_TEXT_MAX], text2[REGDOM_RULE_TEXT_MAX];

	regdom_rule_text(text, r);
	printf("%c\t%s", sign, text);
	print_extras(r, other, cmp);
	/* a change the text cannot show (a flag it has no word for, kHz
	 * its MHz round away): the exact values
	 */
	if (other && (!cmp->gain ||
		      r->max_ant_gain_mbi == other->max_ant_gain_mbi) &&
	    (!cmp->wmm || regdom_wmm_equal(r, other))) {
		regdom_rule_text(text2, other);
		if (!strcmp(text, text2))
			printf("; exact %u - %u @ %u kHz, %u mBm, flags 0x%x",
			       r->start_khz, r->end_khz, r->max_bw_khz,
			       r->max_eirp_mbm, r->flags);
	}
	putchar('\n');
}

static void json_diff_rule(const struct regdom_rule *r,
			   const struct regdom_cmp *cmp)
{
	const char *names[16];
	int side;
	size_t i, n = regdom_flag_names(r->flags, names, 16);
	bool first = true;

	putchar('{');
	kv_u(stdout, &first, "start_khz", r->start_khz);
	kv_u(stdout, &first, "end_khz", r->end_khz);
	kv_u(stdout, &first, "max_bw_khz", r->max_bw_khz);
	kv_u(stdout, &first, "max_ant_gain_mbi", r->max_ant_gain_mbi);
	kv_u(stdout, &first, "max_eirp_mbm", r->max_eirp_mbm);
	kv_u(stdout, &first, "dfs_cac_ms", r->dfs_cac_ms);
	kv_u(stdout, &first, "flags_raw", r->flags);
	fputs(",\"flags\":[", stdout);
	for (i = 0; i < n; i++) {
		fputs(i ? "," : "", stdout);
		json_str(stdout, names[i]);
	}
	putchar(']');
	if (!cmp->wmm) {
		putchar('}');
		return;
	}
	fputs(",\"wmm\":", stdout);
	if (!r->has_wmm) {
		fputs("null}", stdout);
		return;
	}
	for (side = 0; side < 2; side++) {
		const struct regdom_wmm_ac *w = side ? r->wmm.ap : r->wmm.client;

		fputs(side ? "],\"ap\":[" : "{\"client\":[", stdout);
		for (i = 0; i < REGDOM_NUM_ACS; i++) {
			bool f = true;

			fputs(i ? ",{" : "{", stdout);
			kv_str(stdout, &f, "ac", ac[i]);
			kv_u(stdout, &f, "cw_min", w[i].cw_min);
			kv_u(stdout, &f, "cw_max", w[i].cw_max);
			kv_u(stdout, &f, "aifsn", w[i].aifsn);
			kv_u(stdout, &f, "cot_ms", w[i].cot);
			putchar('}');
		}
	}
	fputs("]}}", stdout);
}

/* One country that is not the same in both: text or a JSON object. */
static int diff_country(const struct opts *o, const struct regdom *old,
			const struct regdom *new, const struct regdom_cmp *cmp,
			struct diff_count *count, bool *first_country)
{
	const struct regdom *rd = old ? old : new;
	struct regdom_rule_change *c;
	size_t n, i;
	int same;

	same = regdom_diff(old, new, cmp, &c, &n);
	if (same < 0)
		return -1;
	if (old && new && !n && old->dfs_region == new->dfs_region) {
		count->same++;
		free(c);
		return 0;
	}
	if (!old)
		count->added++;
	else if (!new)
		count->removed++;
	else
		count->changed++;
	if (o->json) {
		bool first = true;

		fputs(*first_country ? "" : ",", stdout);
		*first_country = false;
		putchar('{');
		kv_str(stdout, &first, "alpha2", rd->alpha2);
		kv_str(stdout, &first, "change",
		       !old ? "added" : !new ? "removed" : "changed");
		if (old)
			kv_str(stdout, &first, "old_dfs_region",
			       regdom_dfs_name(old->dfs_region));
		if (new)
			kv_str(stdout, &first, "new_dfs_region",
			       regdom_dfs_name(new->dfs_region));
		kv_u(stdout, &first, "rules_unchanged", (unsigned int)same);
		fputs(",\"rules\":[", stdout);
		for (i = 0; i < n; i++) {
			static const char *const word[] = {
				[REGDOM_RULE_REMOVED] = "removed",
				[REGDOM_RULE_CHANGED] = "changed",
				[REGDOM_RULE_ADDED] = "added",
			};
			bool f = true;

			fputs(i ? ",{" : "{", stdout);
			kv_str(stdout, &f, "change", word[c[i].change]);
			if (c[i].old) {
				fputs(",\"old\":", stdout);
				json_diff_rule(c[i].old, cmp);
			}
			if (c[i].new) {
				fputs(",\"new\":", stdout);
				json_diff_rule(c[i].new, cmp);
			}
			putchar('}');
		}
		fputs("]}", stdout);
		free(c);
		return 0;
	}
	printf("country %s: ", rd->alpha2);
	if (!old || !new)
		printf("%s, %s\n", old ? "removed" : "added",
		       regdom_dfs_name(rd->dfs_region));
	else if (old->dfs_region != new->dfs_region)
		printf("%s -> %s\n", regdom_dfs_name(old->dfs_region),
		       regdom_dfs_name(new->dfs_region));
	else
		printf("%s\n", regdom_dfs_name(old->dfs_region));
	for (i = 0; i < n; i++) {
		if (c[i].old)
			print_diff_rule('-', c[i].old, c[i].new, cmp);
		if (c[i].new)
			print_diff_rule('+', c[i].new, c[i].old, cmp);
	}
	free(c);
	return 0;
}

static void diff_header(const struct opts *o, const char *side,
			const char *path, const struct regdb *db, bool *first)
{
	if (!o->json) {
		printf("%s %s: version %d, %zu countries, signed by %s\n",
		       side, path, regdb_version(db), regdb_country_count(db),
		       regdb_signer(db));
		return;
	}
	fprintf(stdout, "%s\"%s\":{", *first ? "" : ",", side);
	*first = false;
	{
		bool f = true;

		kv_str(stdout, &f, "file", path);
		kv_u(stdout, &f, "version", (unsigned int)regdb_version(db));
		kv_u(stdout, &f, "countries", regdb_country_count(db));
		kv_str(stdout, &f, "signer", regdb_signer(db));
	}
	putchar('}');
}

static int cmd_diff(struct opts *o)
{
	struct regdb *a = NULL, *b = NULL;
	struct diff_count count = { 0 };
	bool first = true, first_country = true;
	struct regdb_trust *t;
	struct regdom_cmp cmp;
	size_t i = 0, j = 0;
	int rc = 2;

	if (o->sig) {
		fprintf(stderr, "regdb: diff takes --old-sig and --new-sig, not --sig\n");
		return 2;
	}
	if (o->out || o->bin || o->fw || o->signkey || o->cert || o->db ||
	    o->cn || o->force) {
		fprintf(stderr, "regdb: diff writes to standard output and takes only -k, -n, --keydir, --old-sig, --new-sig and --json\n");
		return 2;
	}
	/* one trusted set for both: its warnings are said once */
	t = opts_trust(o);
	if (!t)
		return 2;
	a = open_with(t, o->args[0], o->old_sig);
	if (a)
		b = open_with(t, o->args[1], o->new_sig);
	regdb_trust_free(t);
	if (!b)
		goto out;
	regdom_cmp_for(&cmp, regdb_version(a), regdb_version(b));
	if (o->json)
		putchar('{');
	diff_header(o, o->json ? "old" : "---", o->args[0], a, &first);
	diff_header(o, o->json ? "new" : "+++", o->args[1], b, &first);
	if (o->json) {
		bool f = false;

		kv_bool(stdout, &f, "wmm_compared", cmp.wmm);
		kv_bool(stdout, &f, "cac_compared", cmp.cac);
		kv_bool(stdout, &f, "gain_compared", cmp.gain);
		kv_u(stdout, &f, "flags_compared", cmp.flags);
		fputs(",\"countries\":[", stdout);
	} else if (!cmp.wmm) {
		printf("(version 19 against version 20: WMM limits and CAC times, which version 19\n"
		       " cannot hold, and antenna gains, which version 20 cannot hold, are not compared,\n"
		       " nor flags but NO-OFDM, NO-OUTDOOR, DFS, NO-IR and AUTO-BW)\n");
	}
	while (i < regdb_country_count(a) || j < regdb_country_count(b)) {
		const struct regdom *x = regdb_country(a, i);
		const struct regdom *y = regdb_country(b, j);
		int order = !x ? 1 : !y ? -1 : strcmp(x->alpha2, y->alpha2);

		if (diff_country(o, order <= 0 ? x : NULL,
				 order >= 0 ? y : NULL, &cmp, &count,
				 &first_country)) {
			fail(NULL);
			goto out;
		}
		i += order <= 0;
		j += order >= 0;
	}
	if (o->json) {
		bool f = true;

		fputs("],\"summary\":{", stdout);
		kv_u(stdout, &f, "added", count.added);
		kv_u(stdout, &f, "removed", count.removed);
		kv_u(stdout, &f, "changed", count.changed);
		kv_u(stdout, &f, "unchanged", count.same);
		fputs("}}\n", stdout);
	} else {
		printf("%zu countries added, %zu removed, %zu changed, %zu unchanged\n",
		       count.added, count.removed, count.changed, count.same);
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "regdb: write error: %s\n", strerror(errno));
		goto out;
	}
	rc = count.added || count.removed || count.changed;
out:
	regdb_close(a);
	regdb_close(b);
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
	{ "diff", "[-k PATH]... [-n] [--old-sig SIG] [--new-sig SIG] [--json] OLD NEW",
	  "verify two databases (either format; a regulatory.db with FILE.p7s\n"
	  "or the --old-sig, --new-sig file) and print, per country, the rules removed (-), added (+)\n"
	  "and changed (- then +) from OLD to NEW, and DFS region changes;\n"
	  "exit status 0 when they are the same, 1 when they differ, 2 on\n"
	  "an error",
	  2, 2, cmd_diff },
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
			"      --json             diff: one JSON document instead of text\n"
			"      --old-sig FILE     diff: the signature of OLD (a regulatory.db)\n"
			"      --new-sig FILE     diff: the signature of NEW (a regulatory.db)\n"
			"\nExit status: 0 on success, 1 on failure, 2 on a usage error;\n"
			"diff: 0 same, 1 different, 2 an error.\n");
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
	enum { O_BIN = 256, O_DB, O_SIGNKEY, O_CERT, O_CN, O_BITS, O_DAYS,
	       O_JSON, O_OLDSIG, O_NEWSIG };
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
		{ "json", no_argument, NULL, O_JSON },
		{ "old-sig", required_argument, NULL, O_OLDSIG },
		{ "new-sig", required_argument, NULL, O_NEWSIG },
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
		case O_JSON: o.json = true; break;
		case O_OLDSIG: o.old_sig = optarg; break;
		case O_NEWSIG: o.new_sig = optarg; break;
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
	if ((o.json || o.old_sig || o.new_sig) && cmd->run != cmd_diff) {
		fprintf(stderr, "regdb: --json, --old-sig and --new-sig are diff's options\n");
		goto usage;
	}
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
