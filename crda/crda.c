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
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <syslog.h>
#include <time.h>
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
		"                     " REGDB_DEFAULT_DBS(",\n                     ") ")\n"
		"  -k, --keydir DIR   extra trusted keys from DIR instead of\n"
		"                     " REGDB_DEFAULT_KEYDIR " (built-in keys stay)\n"
		"  -n, --dry-run      print the message instead of sending it\n"
		"  -q, --quiet        log to syslog only\n"
		"  -h, --help         this text\n"
		"  -V, --version      print the version\n"
		"\n"
		"Options are checked before anything is read. The database is given up\n"
		"if it is not read within 1000 ms (the kernel waits 3142 ms by default).\n"
		"\n"
		"Exit status: 0 the kernel accepted the rules (or --dry-run printed them);\n"
		"2 usage (also an unknown family); 3 no readable database or signature;\n"
		"4 the database failed verification (or no usable trusted key);\n"
		"5 the country is not in the database; 6 the netlink family is missing\n"
		"(module not loaded); 7 the kernel refused the rules; 8 another netlink\n"
		"failure; 9 internal error.\n");
}

struct options {
	const char *country;
	const char *family;
	enum regnl_family fam;
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
	if (!regdom_alpha2_valid(o->country)) {
		say(LOG_ERR, "bad country '%s': " REGDOM_ALPHA2_RULE,
		    o->country);
		return -1;
	}
	if (regnl_family_parse(o->family, &o->fam)) {
		say(LOG_ERR, "unknown family '%s': regcore or nl80211",
		    o->family);
		return -1;
	}
	return 0;
}

/*
 * The kernel gives up on crda after crda_timeout_ms (3142 ms by default).
 * A database that never delivers (a FIFO nobody writes, a hung network
 * mount) would block crda in open() or read() for ever, where neither
 * poll() nor a signal handler can reach it; a watchdog thread gives up
 * instead, READ_DEADLINE_MS after crda started reading (verifying what
 * was read is not timed), names the file being read and ends the
 * process: _exit() kills every thread, which wakes even a read that
 * only a fatal signal could.
 */
#define READ_DEADLINE_MS 1000

static struct {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	pthread_t thread;
	bool running, done;
	const char *reading;
} watchdog = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
};

static void *watchdog_main(void *arg)
{
	struct timespec end;
	int rc = 0;

	(void)arg;
	clock_gettime(CLOCK_MONOTONIC, &end);
	end.tv_sec += READ_DEADLINE_MS / 1000;
	end.tv_nsec += (READ_DEADLINE_MS % 1000) * 1000000L;
	if (end.tv_nsec >= 1000000000L) {
		end.tv_sec++;
		end.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&watchdog.lock);
	while (!watchdog.done && rc != ETIMEDOUT)
		rc = pthread_cond_timedwait(&watchdog.cond, &watchdog.lock, &end);
	if (!watchdog.done) {
		say(LOG_ERR, "%s: not read within %u ms (a FIFO without a writer, or a hung mount?): giving up",
		    watchdog.reading, READ_DEADLINE_MS);
		_exit(CRDA_E_NODB);
	}
	pthread_mutex_unlock(&watchdog.lock);
	return NULL;
}

/* Start the watchdog, or tell it what is being read now. */
static void watchdog_reading(const char *what)
{
	pthread_condattr_t attr;

	pthread_mutex_lock(&watchdog.lock);
	watchdog.reading = what;
	pthread_mutex_unlock(&watchdog.lock);
	if (watchdog.running)
		return;
	/* Without a watchdog crda still works, only without the deadline. */
	if (pthread_condattr_init(&attr) ||
	    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC) ||
	    pthread_cond_init(&watchdog.cond, &attr)) {
		say(LOG_WARNING, "no read deadline: cannot set up its timer");
		return;
	}
	pthread_condattr_destroy(&attr);
	if (pthread_create(&watchdog.thread, NULL, watchdog_main, NULL)) {
		say(LOG_WARNING, "no read deadline: cannot start its thread");
		pthread_cond_destroy(&watchdog.cond);
		return;
	}
	watchdog.running = true;
}

static void watchdog_stop(void)
{
	if (!watchdog.running)
		return;
	pthread_mutex_lock(&watchdog.lock);
	watchdog.done = true;
	pthread_cond_signal(&watchdog.cond);
	pthread_mutex_unlock(&watchdog.lock);
	pthread_join(watchdog.thread, NULL);
	pthread_cond_destroy(&watchdog.cond);
	watchdog.running = false;
}

/* The library's warnings (key files skipped) go where crda's lines go. */
static void lib_log(void *arg, const char *msg)
{
	(void)arg;
	say(LOG_WARNING, "%s", msg);
}

/*
 * Read and verify the database; *status says why when it returns NULL:
 * 3 when the database or its signature cannot be read (missing, a
 * directory, an I/O error, too large, nothing within the deadline), 4 when
 * what was read does not verify.
 */
static struct regdb *open_db(const struct options *o, int *status,
			     const char **pathp)
{
	const char *path;
	struct regdb_trust *trust;
	struct regdb *db = NULL;
	unsigned char *data = NULL, *sig = NULL;
	size_t len, siglen = 0;
	char *err = NULL, *signame = NULL;

	*status = CRDA_E_NODB;
	watchdog_reading(o->db ? o->db : "the default database path");
	path = o->db ? o->db : regdb_default_path();
	*pathp = path;
	if (!path) {
		say(LOG_ERR, "no regulatory database: none of "
		    REGDB_DEFAULT_DBS(", ") " exists");
		goto out;
	}
	watchdog_reading(path);
	if (regdb_read_file(path, &data, &len, &err)) {
		say(LOG_ERR, "cannot read the database: %s", err);
		goto out;
	}
	/* A regulatory.db's signature; none beside it fails verification. */
	signame = malloc(strlen(path) + sizeof(".p7s"));
	if (!signame) {
		say(LOG_ERR, "out of memory");
		*status = CRDA_E_INTERNAL;
		goto out;
	}
	strcpy(stpcpy(signame, path), ".p7s");
	watchdog_reading(signame);
	if ((access(signame, F_OK) == 0 || errno != ENOENT) &&
	    regdb_read_file(signame, &sig, &siglen, &err)) {
		say(LOG_ERR, "cannot read the signature: %s", err);
		goto out;
	}
	*status = CRDA_E_VERIFY;
	watchdog_reading(o->keydir ? o->keydir : REGDB_DEFAULT_KEYDIR);
	trust = regdb_trust_with_dir(o->keydir, &err);
	/* Everything is read: the deadline is for reads, not for the CPU. */
	watchdog_stop();
	if (!trust) {
		say(LOG_ERR, "cannot load the trusted keys: %s", err);
		goto out;
	}
	db = regdb_open_mem(path, data, len, sig, siglen, trust, &err);
	regdb_trust_free(trust);
	if (!db)
		say(LOG_ERR, "refusing the database: %s", err);
out:
	watchdog_stop();
	free(err);
	free(data);
	free(sig);
	free(signame);
	return db;
}

static int parse_family(const char *name, enum regnl_family *family)
{
	if (!regnl_family_parse(name, family))
		return 0;
	say(LOG_ERR, "unknown family '%s': regcore or nl80211", name);
	return -1;
}

/* The message send_domain() would send to the family, decoded. */
static int dry_run(const char *family_name, const struct regdom *rd)
{
	struct regnl_status st = { 0 };
	enum regnl_family family;
	struct nl_msg *msg;
	int err;

	if (parse_family(family_name, &family))
		return CRDA_E_USAGE;
	err = regnl_build_set_reg(&msg, 0, family, rd, &st);
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

/* The exit status of a netlink failure, as crda(8) documents it. */
static int exit_of(const struct regnl_status *st)
{
	switch (st->kind) {
	case REGNL_E_KERNEL:
		return CRDA_E_REFUSED;
	case REGNL_E_NOFAMILY:
		return CRDA_E_NOFAMILY;
	case REGNL_E_NOMEM:
	case REGNL_E_INVAL:
		return CRDA_E_INTERNAL;
	default:
		return CRDA_E_NETLINK;
	}
}

/*
 * Tell regcore, for its journal, about the database an answer for alpha2
 * comes from: the database as named, with the file it resolves to when
 * that differs ("/lib/firmware/regulatory.db -> .../regulatory.db-debian"),
 * its SHA-256, signer and format. no_rules false: the rules about to be
 * sent come from it (REGCORE_OP_SOURCE); true: it has no rules for the
 * country (REGCORE_OP_NO_RULES). Only regcore has these requests;
 * cfg80211 gets exactly what it expects. A module that does not take
 * one (an older one) is no reason to withhold the rules: noted, and on.
 */
static void tell_origin(struct regnl *nl, const char *alpha2,
			const struct regdb *db, const char *path,
			bool no_rules)
{
	struct regnl_status st = { 0 };
	char *real = realpath(path, NULL), *file = NULL, buf[512];
	struct regnl_origin o = {
		.alpha2 = alpha2,
		.file = path,
		.signer = regdb_signer(db),
		.sha256 = regdb_sha256(db),
		.version = regdb_version(db),
	};

	if (real && strcmp(real, path)) {
		if (asprintf(&file, "%s -> %s", path, real) < 0)
			file = NULL;
		else
			o.file = file;
	}
	if (!no_rules && regnl_offer_origin(nl, &o, &st))
		say(LOG_NOTICE, "regcore did not take where the rules come from (its journal will not say): %s",
		    regnl_status_text(&st, buf, sizeof(buf)));
	else if (no_rules && regnl_report_no_rules(nl, &o, &st))
		say(LOG_NOTICE, "regcore did not take that %s has no rules for %s: %s",
		    path, alpha2, regnl_status_text(&st, buf, sizeof(buf)));
	free(file);
	free(real);
}

/*
 * The database lacks the country: tell regcore at once, so that whoever
 * waits for the request (regctl set --wait) learns why; the request
 * still ends at the module's timeout. cfg80211 has no such request: it
 * is told nothing, as before.
 */
static void report_no_rules(enum regnl_family family, const char *alpha2,
			    const struct regdb *db, const char *path)
{
	struct regnl_status st = { 0 };
	struct regnl *nl;
	char buf[512];

	if (family != REGNL_FAMILY_REGCORE)
		return;
	if (regnl_open(&nl, family, &st)) {
		say(LOG_NOTICE, "cannot tell regcore that %s is not in the database: %s",
		    alpha2, regnl_status_text(&st, buf, sizeof(buf)));
		return;
	}
	tell_origin(nl, alpha2, db, path, true);
	regnl_close(nl);
}

static int send_domain(const char *family_name, enum regnl_family family,
		       const struct regdom *rd, const struct regdb *db,
		       const char *path)
{
	struct regnl_status st = { 0 };
	struct regnl *nl;
	char buf[512];
	int err;

	err = regnl_open(&nl, family, &st);
	if (err) {
		say(LOG_ERR, "cannot reach the kernel: %s",
		    regnl_status_text(&st, buf, sizeof(buf)));
		return exit_of(&st);
	}
	if (family == REGNL_FAMILY_REGCORE)
		tell_origin(nl, rd->alpha2, db, path, false);
	err = regnl_set_reg(nl, rd, &st);
	regnl_close(nl);
	if (err) {
		say(LOG_ERR, "%s refused the rules for %s: %s", family_name,
		    rd->alpha2, regnl_status_text(&st, buf, sizeof(buf)));
		return exit_of(&st);
	}
	return CRDA_OK;
}

int main(int argc, char **argv)
{
	struct options o = { 0 };
	const char *path = NULL;
	struct regdom *rd;
	struct regdb *db;
	char *err = NULL;
	int status;

	openlog("crda", LOG_PID, LOG_DAEMON);
	regdb_set_log(lib_log, NULL);
	if (parse_options(argc, argv, &o))
		return CRDA_E_USAGE;

	db = open_db(&o, &status, &path);
	if (!db)
		return status;
	rd = regdb_lookup(db, o.country, &err);
	if (!rd) {
		say(LOG_ERR, "country %s is not in the database: %s", o.country,
		    err ? err : "no entry");
		free(err);
		if (!o.dry_run)
			report_no_rules(o.fam, o.country, db, path);
		regdb_close(db);
		return CRDA_E_COUNTRY;
	}

	if (o.dry_run) {
		status = dry_run(o.family, rd);
	} else {
		status = send_domain(o.family, o.fam, rd, db, path);
		if (status == CRDA_OK)
			say(LOG_INFO, "%s accepted %s (%s, %u rules) from %s, signed by %s",
			    o.family, rd->alpha2, regdom_dfs_name(rd->dfs_region),
			    rd->n_rules, path,
			    regdb_signer(db));
	}
	regdom_free(rd);
	regdb_close(db);
	closelog();
	return status;
}
