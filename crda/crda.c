// SPDX-License-Identifier: GPL-2.0
/*
 * crda - Central Regulatory Domain Agent.
 *
 * udev runs it when the kernel asks for a country's rules (a change uevent
 * with COUNTRY=XX, of regcore.0 or of cfg80211's regulatory.0). It opens
 * the signed database, checks its signature against the trusted keys,
 * looks the country up and answers with one NL80211_CMD_SET_REG, then
 * waits for the kernel's verdict. Nothing is sent unless the database
 * verified.
 *
 * Everything it reports goes to syslog (udev throws stderr away) and to
 * stderr. The exit status says what happened; see usage().
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <unistd.h>

#include <netlink/msg.h>

#include "lib/regdb.h"
#include "nl/regnl.h"

#ifndef REGCORE_VERSION
#define REGCORE_VERSION "unknown"
#endif

/* Exit statuses: one per way of failing, as crda(8) documents them. */
enum crda_exit {
	CRDA_OK = 0,
	CRDA_E_USAGE = 2,	/* bad option, no or bad country */
	CRDA_E_NODB = 3,	/* no database, or it cannot be read */
	CRDA_E_VERIFY = 4,	/* signature or structure check failed */
	CRDA_E_COUNTRY = 5,	/* the country is not in the database */
	CRDA_E_NOFAMILY = 6,	/* the netlink family is not there */
	CRDA_E_REFUSED = 7,	/* the kernel refused the domain */
	CRDA_E_NETLINK = 8,	/* talking to the kernel failed otherwise */
	CRDA_E_INTERNAL = 9,	/* out of memory and the like */
};

static bool use_stderr = true;

/* One line to syslog and to stderr. */
static void say(int prio, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void say(int prio, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsyslog(prio, fmt, ap);
	va_end(ap);
	if (!use_stderr)
		return;
	va_start(ap, fmt);
	fputs("crda: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: crda [OPTIONS]\n"
		"Answer the kernel's request for a country's regulatory rules.\n"
		"\n"
		"The country comes from COUNTRY in the environment (udev sets it) or\n"
		"from --country. The rules come from the signed database, verified\n"
		"against the trusted keys, and go to the kernel as NL80211_CMD_SET_REG.\n"
		"\n"
		"Options:\n"
		"  -c, --country XX   the country (two upper-case letters, 00 = world)\n"
		"  -f, --family NAME  regcore or nl80211 (default nl80211)\n"
		"  -d, --db PATH      the database (default: the first that exists of\n"
		"                     /lib/firmware/regulatory.db,\n"
		"                     /usr/lib/crda/regulatory.bin, /lib/crda/regulatory.bin)\n"
		"  -k, --keydir DIR   extra trusted keys from DIR instead of\n"
		"                     " REGDB_DEFAULT_KEYDIR " (built-in keys stay)\n"
		"  -n, --dry-run      print the message instead of sending it\n"
		"  -q, --quiet        log to syslog only\n"
		"  -h, --help         this text\n"
		"  -V, --version      print the version\n"
		"\n"
		"Exit status: 0 the kernel accepted the rules (or --dry-run printed them);\n"
		"2 usage; 3 no readable database; 4 the database failed verification;\n"
		"5 the country is not in the database; 6 the netlink family is missing\n"
		"(module not loaded); 7 the kernel refused the rules; 8 another netlink\n"
		"failure; 9 internal error.\n");
}

struct options {
	const char *country;
	const char *family;
	const char *db;
	const char *keydir;
	bool dry_run;
};

static int parse_options(int argc, char **argv, struct options *o)
{
	static const struct option longopts[] = {
		{ "country", required_argument, NULL, 'c' },
		{ "family", required_argument, NULL, 'f' },
		{ "db", required_argument, NULL, 'd' },
		{ "keydir", required_argument, NULL, 'k' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	o->family = "nl80211";
	while ((c = getopt_long(argc, argv, "c:f:d:k:nqhV", longopts, NULL)) != -1) {
		switch (c) {
		case 'c':
			o->country = optarg;
			break;
		case 'f':
			o->family = optarg;
			break;
		case 'd':
			o->db = optarg;
			break;
		case 'k':
			o->keydir = optarg;
			break;
		case 'n':
			o->dry_run = true;
			break;
		case 'q':
			use_stderr = false;
			break;
		case 'h':
			usage(stdout);
			exit(CRDA_OK);
		case 'V':
			printf("crda (regcore) %s\n", REGCORE_VERSION);
			exit(CRDA_OK);
		default:
			usage(stderr);
			return -1;
		}
	}
	if (optind < argc) {
		say(LOG_ERR, "unexpected argument '%s'", argv[optind]);
		return -1;
	}
	if (!o->country)
		o->country = getenv("COUNTRY");
	if (!o->country) {
		say(LOG_ERR, "no country: set COUNTRY or use --country");
		return -1;
	}
	if (!regnl_alpha2_valid(o->country)) {
		say(LOG_ERR, "bad country '%s': two upper-case letters or 00",
		    o->country);
		return -1;
	}
	return 0;
}

/* The library's warnings (key files skipped) go where crda's lines go. */
static void lib_log(void *arg, const char *msg)
{
	(void)arg;
	say(LOG_WARNING, "%s", msg);
}

/* The trusted set: built-in keys plus the runtime directory. */
static struct regdb_trust *trusted_keys(const char *keydir, char **err)
{
	struct regdb_trust *t;

	if (!keydir)
		return regdb_trust_default(err);
	t = regdb_trust_new(true, err);
	if (t && regdb_trust_add_dir(t, keydir, false, err) < 0) {
		regdb_trust_free(t);
		return NULL;
	}
	return t;
}

/* Open and verify the database; *status says why when it returns NULL. */
static struct regdb *open_db(const struct options *o, int *status)
{
	const char *path = o->db ? o->db : regdb_default_path();
	struct regdb_trust *trust;
	struct regdb *db;
	char *err = NULL;

	if (!path) {
		say(LOG_ERR, "no regulatory database: none of /lib/firmware/regulatory.db, /usr/lib/crda/regulatory.bin, /lib/crda/regulatory.bin exists");
		*status = CRDA_E_NODB;
		return NULL;
	}
	if (access(path, R_OK)) {
		say(LOG_ERR, "%s: cannot read the database: %s", path,
		    strerror(errno));
		*status = CRDA_E_NODB;
		return NULL;
	}
	trust = trusted_keys(o->keydir, &err);
	if (!trust) {
		say(LOG_ERR, "cannot load the trusted keys: %s", err);
		free(err);
		*status = CRDA_E_VERIFY;
		return NULL;
	}
	db = regdb_open(path, trust, &err);
	regdb_trust_free(trust);
	if (!db) {
		say(LOG_ERR, "refusing the database: %s", err);
		free(err);
		*status = CRDA_E_VERIFY;
		return NULL;
	}
	return db;
}

static int dry_run(const struct regdom *rd)
{
	struct regnl_status st = { 0 };
	struct nl_msg *msg;
	int err;

	err = regnl_build_set_reg(&msg, 0, rd, &st);
	if (err) {
		char buf[512];

		say(LOG_ERR, "cannot build the message: %s",
		    regnl_status_text(&st, buf, sizeof(buf)));
		return CRDA_E_INTERNAL;
	}
	regnl_decode_msg(stdout, msg);
	nlmsg_free(msg);
	return CRDA_OK;
}

static int send_domain(const char *family_name, const struct regdom *rd)
{
	struct regnl_status st = { 0 };
	enum regnl_family family;
	struct regnl *nl;
	char buf[512];
	int err;

	if (regnl_family_parse(family_name, &family)) {
		say(LOG_ERR, "unknown family '%s': regcore or nl80211",
		    family_name);
		return CRDA_E_USAGE;
	}
	err = regnl_open(&nl, family, &st);
	if (err) {
		say(LOG_ERR, "cannot reach the kernel: %s",
		    regnl_status_text(&st, buf, sizeof(buf)));
		return st.kind == REGNL_E_NOFAMILY ? CRDA_E_NOFAMILY :
		       CRDA_E_NETLINK;
	}
	err = regnl_set_reg(nl, rd, &st);
	regnl_close(nl);
	if (err) {
		say(LOG_ERR, "%s refused the rules for %s: %s", family_name,
		    rd->alpha2, regnl_status_text(&st, buf, sizeof(buf)));
		return st.kind == REGNL_E_KERNEL ? CRDA_E_REFUSED :
		       CRDA_E_NETLINK;
	}
	return CRDA_OK;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	struct regdom *rd;
	struct regdb *db;
	char *err = NULL;
	int status;

	openlog("crda", LOG_PID, LOG_DAEMON);
	regdb_set_log(lib_log, NULL);
	if (parse_options(argc, argv, &o))
		return CRDA_E_USAGE;

	db = open_db(&o, &status);
	if (!db)
		return status;
	rd = regdb_lookup(db, o.country, &err);
	if (!rd) {
		say(LOG_ERR, "country %s is not in the database: %s", o.country,
		    err ? err : "no entry");
		free(err);
		regdb_close(db);
		return CRDA_E_COUNTRY;
	}

	if (o.dry_run) {
		status = dry_run(rd);
	} else {
		status = send_domain(o.family, rd);
		if (status == CRDA_OK)
			say(LOG_INFO, "%s accepted %s (%s, %u rules) from %s, signed by %s",
			    o.family, rd->alpha2, regdb_dfs_name(rd->dfs_region),
			    rd->n_rules, o.db ? o.db : regdb_default_path(),
			    regdb_signer(db));
	}
	regdom_free(rd);
	regdb_close(db);
	closelog();
	return status;
}
