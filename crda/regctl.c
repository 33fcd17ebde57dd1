// SPDX-License-Identifier: GPL-2.0
/*
 * regctl - look at and steer the wireless regulatory core, iw-style.
 *
 *   regctl [--family regcore|nl80211] [--json] COMMAND [ARGS]
 *
 * Each command is one entry of the table below: name, argument synopsis,
 * handler and help text. `regctl help` and every usage error are printed
 * from that table, so the help cannot drift from the code. The read
 * commands print what iw 5.19 prints for the same data (`iw reg get`,
 * `iw phy NAME channels`, `iw event`), or JSON with --json.
 */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>

#include "doctor.h"
#include "preview.h"
#include "why.h"
#include "json.h"
#include "nl/regnl.h"

/* The version comes from the Makefile (debian/changelog, its one source). */
#ifndef REGCORE_VERSION
#define REGCORE_VERSION "unknown"
#endif

/* Exit statuses, documented in regctl(8) (why --width: 10, why.h). */
enum {
	EXIT_OK = 0,
	EXIT_FAIL = 1,		/* the kernel refused, or another failure */
	EXIT_USAGE = 2,		/* bad command line, bad alpha2 */
	EXIT_NOFAMILY = 3,	/* family missing: module not loaded */
	EXIT_PERM = 4,		/* not permitted: needs CAP_NET_ADMIN */
	/* set --wait: what became of the request (0 when applied) */
	EXIT_INTERSECTED = 5,	/* intersected with the domain in force */
	EXIT_IGNORED = 6,	/* ignored, for the reason printed */
	EXIT_REFUSED = 7,	/* dropped, or its answer could not be applied */
	EXIT_NO_RULES = 8,	/* the database has no such country */
	EXIT_TIMED_OUT = 9,	/* no answer in time, or no outcome in time */
	/* a handler's answer: print the command's usage, exit EXIT_USAGE */
	SHOW_USAGE = -1,
};

struct regctl {
	FILE *out, *err;
	enum regnl_family family;
	bool json;
};

struct regctl_cmd {
	const char *name;
	const char *args;	/* argument synopsis, NULL for none */
	int (*handler)(struct regctl *rc, int argc, char **argv);
	const char *help;
	bool reads;		/* a read command: --json applies */
	const char *json_with;	/* or --json applies with this argument */
};

static int cmd_get(struct regctl *rc, int argc, char **argv);
static int cmd_set(struct regctl *rc, int argc, char **argv);
static int cmd_reload(struct regctl *rc, int argc, char **argv);
static int cmd_phy(struct regctl *rc, int argc, char **argv);
static int cmd_monitor(struct regctl *rc, int argc, char **argv);
static int cmd_history(struct regctl *rc, int argc, char **argv);
static int cmd_doctor(struct regctl *rc, int argc, char **argv);
static int cmd_why(struct regctl *rc, int argc, char **argv);
static int cmd_diff(struct regctl *rc, int argc, char **argv);
static int preview(struct regctl *rc, const char *alpha2, bool cell_base);
static int cmd_help(struct regctl *rc, int argc, char **argv);

static const struct regctl_cmd regctl_cmds[] = {
	{ "get", NULL, cmd_get,
	  "Print the current regulatory domains (global, then each wiphy's own), as `iw reg get`.",
	  true, NULL },
	{ "set", "[--cell-base] <ISO/IEC 3166-1 alpha2> [--wait [--timeout SECONDS] | --dry-run] | --indoor on [--hold] | --indoor off", cmd_set,
	  "Ask the kernel for a country's rules (a user hint); 00 asks for the world domain. --dry-run changes nothing and prints what would change, as diff. With --cell-base the country comes from a cellular base station (a hint the kernel takes only where a radio follows them). --wait (regcore only) waits for what becomes of this request, at most SECONDS (default 30), and prints it with each radio's domain after it; the exit status says it: 0 applied or in force already, 5 intersected, 6 ignored, 7 refused or dropped, 8 not in the database, 9 timed out (--json: one object). --indoor says whether the device operates indoors: \"on\" lasts until \"off\" or the kernel restores its settings; \"on --hold\" lasts while regctl runs (until SIGINT, SIGTERM or SIGHUP). Needs CAP_NET_ADMIN.",
	  false, "--wait" },
	{ "reload", NULL, cmd_reload,
	  "Have the kernel re-read its regulatory database and re-apply the country in force, as `iw reg reload` (regcore on the crda path asks crda again); a refused database leaves the domain as it was. Needs CAP_NET_ADMIN.",
	  false, NULL },
	{ "phy", "[NAME]", cmd_phy,
	  "Print the channels of wiphy NAME (or phy#INDEX) as `iw phy NAME channels`, or of every wiphy.",
	  true, NULL },
	{ "monitor", "[-t] [-n COUNT] [-w SECONDS]", cmd_monitor,
	  "Print each regulatory change and radar event as `iw event` does, until interrupted, COUNT events were seen or SECONDS passed; -t prefixes a timestamp.",
	  true, NULL },
	{ "history", "[--after SEQ] [--follow [-w SECONDS]]", cmd_history,
	  "Print regcore's decision journal, oldest first: each hint received or dropped, what its turn decided and why, each request for rules and its outcome (answered, refused, timed out), each domain put in force with the database, SHA-256 and signer its rules came from, each restore. --after starts after entry SEQ; --follow then prints new entries as they are made, until interrupted or SECONDS passed. With --json, one object per line. Only the regcore family keeps a journal.",
	  true, NULL },
	{ "doctor", NULL, cmd_doctor,
	  "Check the path from a country to the rules a radio follows and say what to fix: the module and its source of rules, the udev rule and crda, the databases (their links, SHA-256 and signer, whether crda trusts it, and with --family nl80211 whether the running kernel has a key of that name), the last request's outcome, radios that keep their own domain. One finding per line: ok, note, warn (to check) or fail (to fix), with a remedy; exits 1 when something is to fix. With --family nl80211 it checks a stock system with the kernel's cfg80211.",
	  true, NULL },
	{ "why", "PHY CHANNEL|FREQ|all [--width 20|40|80|160|320]", cmd_why,
	  "Say why a channel of radio PHY (its name, or phy#INDEX) has its flags and power (regcore only): how the radio's channels were last set and by whose request, the domain the channel followed and the journal entry that put it in force, the rule or two adjoining rules that hold it (or why none does), the radio's own limits, what regcore's computation gives when it runs it again and whether the channel table agrees, a beacon that lifted NO_IR, DFS state, a later change the radio did not follow and why, and for each width (20 MHz, 40 MHz below and above, 80, 160, 320) whether it is allowed there and why not. CHANNEL is a channel number, FREQ a frequency in MHz (922.5 for an offset), all every channel of the radio. --width says only that width and exits 10 when it is not allowed. With --json, one object per channel and line.",
	  true, NULL },
	{ "diff", "[--cell-base] <ISO/IEC 3166-1 alpha2>", cmd_diff,
	  "What a user hint for a country would do, before anything is applied (regcore only; also `set XX --dry-run`): what its turn would decide and why, the domain that would be in force, and for each radio the channels whose flags or power would change, or why the radio would keep its channels. The rules are those its answer would bring: crda's database, looked up and verified as crda does, or regulatory.db when regcore reads it itself; regcore computes the channels. Exits 8 when the country is in neither. Anyone may run it.",
	  true, NULL },
	{ "help", "[COMMAND]", cmd_help,
	  "Print this help, or one command's.",
	  false, NULL },
};

static const size_t regctl_n_cmds =
	sizeof(regctl_cmds) / sizeof(regctl_cmds[0]);


static void print_cmd_usage(FILE *f, const struct regctl_cmd *c)
{
	fprintf(f, "\tregctl [options] %s%s%s\n", c->name, c->args ? " " : "",
		c->args ? c->args : "");
}

static void print_cmd_help(FILE *f, const struct regctl_cmd *c)
{
	print_cmd_usage(f, c);
	fprintf(f, "\t\t%s\n", c->help);
}

static void print_usage(FILE *f)
{
	size_t i;

	fputs("Usage:\tregctl [options] COMMAND [ARGS]\n\n"
	      "Options:\n"
	      "\t--family regcore|nl80211  the generic netlink family to talk to (default regcore)\n"
	      "\t--json                    JSON output for the read commands\n"
	      "\t--help                    this text\n"
	      "\t--version                 the version\n\n"
	      "Commands:\n", f);
	for (i = 0; i < regctl_n_cmds; i++) {
		print_cmd_help(f, &regctl_cmds[i]);
		fputc('\n', f);
	}
}

/*
 * Explain a failed call on stderr and pick the exit status. `what` says
 * what was attempted ("setting the regulatory domain").
 */
static int report(struct regctl *rc, const struct regnl_status *st,
		  const char *what)
{
	char buf[2 * REGNL_MSG_MAX + 64];

	if (st->kind == REGNL_E_NOFAMILY) {
		fprintf(rc->err, "regctl: %s\n", st->detail);
		return EXIT_NOFAMILY;
	}
	if (st->kind == REGNL_E_KERNEL && st->err == -EPERM) {
		fprintf(rc->err, "regctl: %s: not permitted: needs CAP_NET_ADMIN\n",
			what);
		return EXIT_PERM;
	}
	if (st->kind == REGNL_E_KERNEL) {
		fprintf(rc->err, "regctl: %s: the kernel refused: %s\n", what,
			regnl_status_text(st, buf, sizeof(buf)));
		return EXIT_FAIL;
	}
	fprintf(rc->err, "regctl: %s: %s\n", what,
		regnl_status_text(st, buf, sizeof(buf)));
	return EXIT_FAIL;
}

static int open_family(struct regctl *rc, struct regnl **nl, const char *what)
{
	struct regnl_status st;

	if (regnl_open(nl, rc->family, &st))
		return report(rc, &st, what);
	return EXIT_OK;
}

static int cmd_get(struct regctl *rc, int argc, char **argv)
{
	const char *what = "reading the regulatory domain";
	struct regnl_domain_list l;
	struct regnl_status st;
	struct regnl *nl;
	int r;

	(void)argv;
	if (argc)
		return SHOW_USAGE;
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	r = regnl_get_reg(nl, &l, &st);
	regnl_close(nl);
	if (r)
		return report(rc, &st, what);
	if (rc->json)
		regnl_json_domains(rc->out, regnl_family_name(rc->family), &l);
	else
		regnl_print_domains(rc->out, &l);
	regnl_domain_list_free(&l);
	return EXIT_OK;
}

/* The signals that end `set --indoor on --hold` quietly. */
static void hold_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGINT);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGHUP);
}

/* Does a socket own the indoor setting already? regcore says so in
 * GET_REG; cfg80211 says nothing (false).
 */
static bool held_elsewhere(struct regnl *nl)
{
	struct regnl_domain_list l;
	struct regnl_status st;
	bool held;

	if (regnl_get_reg(nl, &l, &st))
		return false;
	held = l.n && l.v[0].indoor_owned;
	regnl_domain_list_free(&l);
	return held;
}

/* set --indoor on [--hold] | --indoor off */
static int set_indoor(struct regctl *rc, int argc, char **argv)
{
	const char *what = "setting indoor operation";
	bool on, hold = false;
	struct regnl_status st;
	struct regnl *nl;
	sigset_t set;
	int r, sig;

	if (argc == 3 && !strcmp(argv[2], "--hold")) {
		hold = true;
		argc--;
	}
	if (argc != 2)
		return SHOW_USAGE;
	if (!strcmp(argv[1], "on"))
		on = true;
	else if (!strcmp(argv[1], "off") && !hold)
		on = false;
	else
		return SHOW_USAGE;
	/* block the signals before the setting exists: one that came
	 * between the ack and the wait would kill regctl, which still ends
	 * the setting, but with a signal's exit status
	 */
	hold_signals(&set);
	if (hold && sigprocmask(SIG_BLOCK, &set, NULL)) {
		fprintf(rc->err, "regctl: %s: cannot block signals: %s\n",
			what, strerror(errno));
		return EXIT_FAIL;
	}
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	if (hold && held_elsewhere(nl))
		fprintf(rc->err,
			"regctl: another process holds the indoor setting: it ends when that one's socket closes, not this one's\n");
	/* "off" goes with the owner flag: without it nl80211 reads "on" */
	r = regnl_req_indoor(nl, on, hold || !on, &st);
	if (r) {
		regnl_close(nl);
		return report(rc, &st, what);
	}
	if (hold) {
		fprintf(rc->err,
			"regctl: indoor operation on while this command runs; interrupt it to end\n");
		fflush(rc->err);
		r = sigwait(&set, &sig);
		if (r) {
			errno = r;
			regnl_close(nl);
			fprintf(rc->err, "regctl: %s: cannot wait for a signal: %s\n",
				what, strerror(errno));
			return EXIT_FAIL;
		}
	}
	regnl_close(nl);
	return EXIT_OK;
}

static long parse_count(const char *s);
static long long now_ms(void);
static int set_wait(struct regctl *rc, const char *alpha2, uint32_t type,
		    long timeout_s);

static int cmd_set(struct regctl *rc, int argc, char **argv)
{
	const char *what = "asking for the regulatory domain";
	uint32_t type = NL80211_USER_REG_HINT_USER;
	struct regnl_status st;
	long timeout_s = -1;
	bool wait = false;
	struct regnl *nl;
	int r;

	if (argc >= 1 && !strcmp(argv[0], "--indoor"))
		return set_indoor(rc, argc, argv);
	if (argc >= 2 && !strcmp(argv[0], "--cell-base")) {
		type = NL80211_USER_REG_HINT_CELL_BASE;
		argc--;
		argv++;
	}
	if (argc == 2 && !strcmp(argv[1], "--dry-run"))
		return argv[0][0] == '-' ? SHOW_USAGE :
		       preview(rc, argv[0], type == NL80211_USER_REG_HINT_CELL_BASE);
	if (argc >= 2 && !strcmp(argv[1], "--wait")) {
		wait = true;
		if (argc == 4 && !strcmp(argv[2], "--timeout")) {
			timeout_s = parse_count(argv[3]);
			if (timeout_s < 0 || timeout_s > 86400)
				return SHOW_USAGE;
			argc -= 2;
		}
		argc--;
	}
	/* an option where the country should be: the usage, not "not an
	 * alpha2"
	 */
	if (argc != 1 || argv[0][0] == '-')
		return SHOW_USAGE;
	if (!regdom_alpha2_valid(argv[0])) {
		fprintf(rc->err,
			"regctl: not a valid ISO/IEC 3166-1 alpha2: \"%s\" (two upper-case letters, or 00 for the world domain)\n",
			argv[0]);
		return EXIT_USAGE;
	}
	if (wait)
		return set_wait(rc, argv[0], type, timeout_s < 0 ? 30 : timeout_s);
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	r = regnl_req_set_reg_type(nl, argv[0], type, &st);
	regnl_close(nl);
	if (r)
		return report(rc, &st, what);
	return EXIT_OK;
}

/* Who answers a family's commands, for "... does not support reload". */
static const char *family_owner(enum regnl_family fam)
{
	return fam == REGNL_FAMILY_NL80211 ? "this kernel's cfg80211" :
					     "the loaded regcore module";
}

static int cmd_reload(struct regctl *rc, int argc, char **argv)
{
	const char *what = "reloading the regulatory database";
	char buf[2 * REGNL_MSG_MAX + 64];
	struct regnl_status st;
	struct regnl *nl;
	int r;

	(void)argv;
	if (argc)
		return SHOW_USAGE;
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	r = regnl_reload_regdb(nl, &st);
	regnl_close(nl);
	/* genetlink's answer to a command the family does not have */
	if (st.kind == REGNL_E_KERNEL && st.err == -EOPNOTSUPP) {
		fprintf(rc->err, "regctl: %s: %s does not support reload: %s\n",
			what, family_owner(rc->family),
			regnl_status_text(&st, buf, sizeof(buf)));
		return EXIT_FAIL;
	}
	if (r)
		return report(rc, &st, what);
	return EXIT_OK;
}

static void print_wiphy(struct regctl *rc, const struct regnl_wiphy *w,
			bool header)
{
	if (header)
		fprintf(rc->out, "Wiphy %s\n", w->name);
	regnl_print_channels(rc->out, w);
}

static int cmd_phy(struct regctl *rc, int argc, char **argv)
{
	const char *what = "reading the wiphys";
	const struct regnl_wiphy *w = NULL;
	struct regnl_wiphy_list l;
	struct regnl_status st;
	struct regnl *nl;
	size_t i;
	int r;

	if (argc > 1)
		return SHOW_USAGE;
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	r = regnl_get_wiphys(nl, &l, &st);
	regnl_close(nl);
	if (r)
		return report(rc, &st, what);
	if (argc == 1) {
		w = regnl_wiphy_find(&l, argv[0]);
		if (!w) {
			fprintf(rc->err, "regctl: no wiphy \"%s\" in family %s\n",
				argv[0], regnl_family_name(rc->family));
			regnl_wiphy_list_free(&l);
			return EXIT_FAIL;
		}
	}
	if (rc->json)
		regnl_json_wiphys(rc->out, regnl_family_name(rc->family), &l, w);
	else if (w)
		print_wiphy(rc, w, false);
	else
		for (i = 0; i < l.n; i++)
			print_wiphy(rc, &l.v[i], true);
	regnl_wiphy_list_free(&l);
	return EXIT_OK;
}

static volatile sig_atomic_t stop_monitor;

static void on_stop_signal(int sig)
{
	(void)sig;
	stop_monitor = 1;
}

/* A positive decimal number, or -1. */
static long parse_count(const char *s)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (errno || !*s || *end || v <= 0 || v > 1000000000L)
		return -1;
	return v;
}

/* A monotonic clock in ms, for deadlines (a step of the wall clock
 * neither shortens nor stretches a wait).
 */
static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The time prefix of `iw event -t`: seconds.microseconds and ": ". */

static void print_time(FILE *f)
{
	struct timeval tv;

	gettimeofday(&tv, NULL);
	fprintf(f, "%llu.%06llu: ", (unsigned long long)tv.tv_sec,
		(unsigned long long)tv.tv_usec);
}

static int cmd_monitor(struct regctl *rc, int argc, char **argv)
{
	const char *what = "listening for regulatory changes";
	long count = -1, wait_s = -1, seen = 0;
	struct sigaction sa;
	struct regnl_monitor *m;
	struct regnl_reg_event ev;
	struct regnl_status st;
	bool times = false;
	long long deadline_ms = -1;
	struct timeval tv;
	int i, r, timeout;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "-t")) {
			times = true;
		} else if (!strcmp(argv[i], "-n") && i + 1 < argc) {
			count = parse_count(argv[++i]);
			if (count < 0)
				return SHOW_USAGE;
		} else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
			wait_s = parse_count(argv[++i]);
			if (wait_s < 0)
				return SHOW_USAGE;
		} else {
			return SHOW_USAGE;
		}
	}
	if (regnl_monitor_open(&m, rc->family, &st))
		return report(rc, &st, what);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;	/* no SA_RESTART: poll returns EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (wait_s > 0) {
		gettimeofday(&tv, NULL);
		deadline_ms = (long long)tv.tv_sec * 1000 + tv.tv_usec / 1000 +
			      wait_s * 1000;
	}
	r = EXIT_OK;
	while (!stop_monitor && (count < 0 || seen < count)) {
		timeout = -1;
		if (deadline_ms >= 0) {
			long long left;

			gettimeofday(&tv, NULL);
			left = deadline_ms - ((long long)tv.tv_sec * 1000 +
					      tv.tv_usec / 1000);
			if (left <= 0)
				break;
			timeout = (int)left;
		}
		i = regnl_monitor_next(m, &ev, timeout, &st);
		if (i == -EINTR || stop_monitor)
			break;
		/* Lost or malformed notifications: say so, keep listening. */
		if (i == -ENOBUFS || (i < 0 && st.kind == REGNL_E_REPLY)) {
			fprintf(rc->err, "regctl: warning: %s\n", st.detail);
			continue;
		}
		if (i < 0) {
			r = report(rc, &st, what);
			break;
		}
		if (i == 0)
			continue;
		seen++;
		if (rc->json) {
			regnl_json_reg_event(rc->out, &ev);
		} else {
			if (times)
				print_time(rc->out);
			regnl_print_reg_event(rc->out, &ev);
		}
		fflush(rc->out);
	}
	regnl_monitor_close(m);
	if (r == EXIT_OK && count > 0 && seen < count && !stop_monitor) {
		fprintf(rc->err, "regctl: %ld of %ld regulatory changes seen in %ld s\n",
			seen, count, wait_s);
		r = EXIT_FAIL;
	}
	return r;
}

struct history {
	struct regctl *rc;
	uint64_t last;		/* the last entry printed */
	bool printed;
};

static int print_jentry(const struct regnl_jentry *e, void *arg,
			struct regnl_status *st)
{
	struct history *h = arg;

	(void)st;
	if (h->printed && e->seq != h->last + 1)
		fprintf(h->rc->err, "regctl: entries %llu to %llu were overwritten before they could be read\n",
			(unsigned long long)h->last + 1,
			(unsigned long long)e->seq - 1);
	if (h->rc->json)
		regnl_json_jentry(h->rc->out, e);
	else
		regnl_print_jentry(h->rc->out, e);
	h->last = e->seq;
	h->printed = true;
	return 0;
}

static int cmd_history(struct regctl *rc, int argc, char **argv)
{
	const char *what = "reading the decision journal";
	struct history h = { .rc = rc };
	struct regnl_jfollow *f = NULL;
	long long deadline_ms = -1, left;
	bool follow = false;
	struct regnl_status st;
	struct sigaction sa;
	struct regnl *nl;
	long wait_s = -1;
	char *end;
	int i, r;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--follow")) {
			follow = true;
		} else if (!strcmp(argv[i], "-w") && i + 1 < argc) {
			wait_s = parse_count(argv[++i]);
			if (wait_s < 0)
				return SHOW_USAGE;
		} else if (!strcmp(argv[i], "--after") && i + 1 < argc) {
			errno = 0;
			h.last = strtoull(argv[++i], &end, 10);
			if (errno || *end || !*argv[i] || *argv[i] == '-')
				return SHOW_USAGE;
			/* entries after it that are gone are a gap too */
			h.printed = true;
		} else {
			return SHOW_USAGE;
		}
	}
	if (wait_s >= 0 && !follow)
		return SHOW_USAGE;
	if (rc->family != REGNL_FAMILY_REGCORE) {
		fprintf(rc->err, "regctl: history: only regcore keeps a decision journal (cfg80211 does not)\n");
		return EXIT_USAGE;
	}
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	/* joined before the first read: nothing made in between is missed */
	if (follow && regnl_journal_follow_open(&f, &st)) {
		regnl_close(nl);
		return report(rc, &st, what);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop_signal;	/* no SA_RESTART: poll returns EINTR */
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (wait_s >= 0)
		deadline_ms = now_ms() + wait_s * 1000;
	for (;;) {
		r = regnl_get_journal(nl, h.last, print_jentry, &h, &st);
		fflush(rc->out);
		if (r) {
			r = report(rc, &st, what);
			break;
		}
		if (!follow || stop_monitor)
			break;
		/*
		 * Woken by an announcement, or once a second anyway: a
		 * signal between the check and the wait is seen then, and
		 * the next read fails once regcore is gone.
		 */
		left = deadline_ms < 0 ? 1000 : deadline_ms - now_ms();
		if (left <= 0 || stop_monitor) {
			r = EXIT_OK;
			break;
		}
		r = regnl_journal_follow_wait(f, left > 1000 ? 1000 : (int)left,
					      &st);
		if (r == -EINTR || stop_monitor) {
			r = EXIT_OK;
			break;
		}
		if (r < 0) {
			r = report(rc, &st, what);
			break;
		}
	}
	regnl_journal_follow_close(f);
	regnl_close(nl);
	return r;
}

/* ---- set --wait ---- */

struct waiting {
	struct regctl *rc;
	uint32_t portid;	/* the port the hint was sent from */
	char alpha2[3];
	uint64_t last;		/* the last entry read */
	uint64_t request;	/* the hint's request, once its entry is read */
	bool gap;		/* entries were overwritten before being read */
	bool settled;
	struct regnl_jentry outcome;	/* the entry that settled it */
};

static int note_last(const struct regnl_jentry *e, void *arg,
		     struct regnl_status *st)
{
	(void)st;
	*(uint64_t *)arg = e->seq;
	return 0;
}

/*
 * Entries after the hint was sent: the hint's own entry names the port
 * it came from (and the country), which ties the request's number to
 * this process; the first entry of that request with an outcome settles
 * it. A port an exited regctl had is seen again only in entries of that
 * one's request, never in a hint entry made after this one sent its own.
 */
static int on_waited(const struct regnl_jentry *e, void *arg,
		     struct regnl_status *st)
{
	struct waiting *w = arg;

	(void)st;
	if (e->seq != w->last + 1 && !w->settled) {
		w->gap = true;
		if (w->rc)
			fprintf(w->rc->err, "regctl: journal entries %llu to %llu were overwritten before they could be read: the request's may be among them\n",
				(unsigned long long)w->last + 1,
				(unsigned long long)e->seq - 1);
	}
	w->last = e->seq;
	if (!w->request && e->event == REGCORE_JOURNAL_HINT && e->request &&
	    e->portid == w->portid && !strcmp(e->alpha2, w->alpha2))
		w->request = e->request;
	if (w->request && e->request == w->request && e->outcome &&
	    !w->settled) {
		w->settled = true;
		w->outcome = *e;
	}
	return 0;
}

static int outcome_exit(uint8_t outcome)
{
	switch (outcome) {
	case REGCORE_OUTCOME_APPLIED:
	case REGCORE_OUTCOME_ALREADY:
		return EXIT_OK;
	case REGCORE_OUTCOME_INTERSECTED:
		return EXIT_INTERSECTED;
	case REGCORE_OUTCOME_IGNORED:
		return EXIT_IGNORED;
	case REGCORE_OUTCOME_NO_RULES:
		return EXIT_NO_RULES;
	case REGCORE_OUTCOME_TIMED_OUT:
		return EXIT_TIMED_OUT;
	default:
		return EXIT_REFUSED;
	}
}

/* A radio's own domain in a GET_REG answer, or NULL: it follows the
 * domain in force.
 */
static const struct regnl_domain *own_domain(const struct regnl_domain_list *l,
					     uint32_t wiphy)
{
	size_t i;

	for (i = 1; i < l->n; i++)
		if (l->v[i].has_wiphy && l->v[i].wiphy == wiphy)
			return &l->v[i];
	return NULL;
}

/* Do the radio's channels follow its own domain? regcore says why its
 * first channel is as it is (REGCORE_OP_WHY); false when it cannot.
 */
static bool follows_own(struct regnl *nl, const struct regnl_wiphy *w)
{
	const struct regnl_channel *c;
	struct regnl_status st;
	struct regnl_why a;
	bool own;

	if (!w->n_bands || !w->bands[0].n_channels)
		return false;
	c = &w->bands[0].channels[0];
	if (regnl_why(nl, w->index, c->freq_mhz * 1000 + c->offset_khz, &a,
		      &st))
		return false;
	own = a.has_domain && a.own;
	regnl_why_free(&a);
	return own;
}

/* What each radio follows after the request: the domain in force, or its
 * own (a radio may keep a domain of its own and follow the one in force,
 * once a user or a country element set it).
 */
static void print_radios(struct regctl *rc, struct regnl *nl,
			 const struct regnl_domain_list *d,
			 const struct regnl_wiphy_list *w)
{
	const struct regnl_domain *own;
	size_t i;

	for (i = 0; i < w->n; i++) {
		own = own_domain(d, w->v[i].index);
		if (!own)
			fprintf(rc->out, "%s: follows the domain in force, %s\n",
				w->v[i].name, d->v[0].rd.alpha2);
		else if (own->self_managed)
			fprintf(rc->out, "%s: follows its own domain, %s (self-managed: its firmware sets it)\n",
				w->v[i].name, own->rd.alpha2);
		else if (follows_own(nl, &w->v[i]))
			fprintf(rc->out, "%s: follows its own domain, %s (its driver's)\n",
				w->v[i].name, own->rd.alpha2);
		else
			fprintf(rc->out, "%s: follows the domain in force, %s (its driver's %s stays its own domain)\n",
				w->v[i].name, d->v[0].rd.alpha2,
				own->rd.alpha2);
	}
}

static void json_radios(struct regctl *rc, struct regnl *nl,
			const struct regnl_domain_list *d,
			const struct regnl_wiphy_list *w)
{
	const struct regnl_domain *own;
	bool first, follows;
	size_t i;

	fputs(",\"radios\":[", rc->out);
	for (i = 0; i < w->n; i++) {
		own = own_domain(d, w->v[i].index);
		follows = own && (own->self_managed ||
				  follows_own(nl, &w->v[i]));
		first = true;
		fputs(i ? ",{" : "{", rc->out);
		kv_u(rc->out, &first, "wiphy", w->v[i].index);
		kv_str(rc->out, &first, "name", w->v[i].name);
		kv_str(rc->out, &first, "alpha2",
		       own ? own->rd.alpha2 : d->v[0].rd.alpha2);
		kv_bool(rc->out, &first, "own_domain", own);
		kv_bool(rc->out, &first, "self_managed",
			own && own->self_managed);
		kv_str(rc->out, &first, "follows",
		       follows ? own->rd.alpha2 : d->v[0].rd.alpha2);
		fputc('}', rc->out);
	}
	fputc(']', rc->out);
}

/* The outcome, then each radio's domain (when they can be read). */
static void print_outcome(struct regctl *rc, const struct waiting *w,
			  struct regnl *nl, long timeout_s)
{
	const char *word = w->settled ? regnl_outcome_word(w->outcome.outcome) :
					"timed_out";
	struct regnl_domain_list d = { 0 };
	struct regnl_wiphy_list l = { 0 };
	struct regnl_status st;
	char text[300];
	bool first = true, radios;

	if (w->settled)
		snprintf(text, sizeof(text), "%s", w->outcome.text);
	else
		snprintf(text, sizeof(text), "%s within %ld s%s",
			 w->request ? "no outcome" :
			 "the request was not seen in the journal", timeout_s,
			 w->gap ? " (entries were overwritten before they could be read)" :
			 "");
	radios = !regnl_get_reg(nl, &d, &st) && d.n &&
		 !regnl_get_wiphys(nl, &l, &st);
	if (rc->json) {
		fputc('{', rc->out);
		kv_str(rc->out, &first, "alpha2", w->alpha2);
		if (w->request)
			kv_u(rc->out, &first, "request", w->request);
		kv_str(rc->out, &first, "outcome", word);
		if (w->settled) {
			kv_u(rc->out, &first, "outcome_raw", w->outcome.outcome);
			kv_u(rc->out, &first, "seq", w->outcome.seq);
		}
		kv_u(rc->out, &first, "exit_status",
		     w->settled ? outcome_exit(w->outcome.outcome) :
		     EXIT_TIMED_OUT);
		kv_str(rc->out, &first, "text", text);
		if (radios) {
			kv_str(rc->out, &first, "in_force", d.v[0].rd.alpha2);
			json_radios(rc, nl, &d, &l);
		}
		fputs("}\n", rc->out);
	} else {
		fprintf(rc->out, "%s %s: %s\n", w->alpha2, word, text);
		if (radios)
			print_radios(rc, nl, &d, &l);
	}
	regnl_domain_list_free(&d);
	regnl_wiphy_list_free(&l);
}

/*
 * set XX --wait: join the journal's group, note its last entry, send the
 * hint, then read the entries after it until the hint's request settles
 * or timeout_s pass.
 */
static int set_wait(struct regctl *rc, const char *alpha2, uint32_t type,
		    long timeout_s)
{
	const char *what = "asking for the regulatory domain";
	struct waiting w = { .rc = rc };
	struct regnl_jfollow *f = NULL;
	long long deadline_ms, left;
	struct regnl_status st;
	struct regnl *nl;
	int r;

	if (rc->family != REGNL_FAMILY_REGCORE) {
		fprintf(rc->err, "regctl: set --wait: only regcore says what became of a request (cfg80211 keeps no journal)\n");
		return EXIT_USAGE;
	}
	snprintf(w.alpha2, sizeof(w.alpha2), "%s", alpha2);
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	if (regnl_journal_follow_open(&f, &st) ||
	    regnl_get_journal(nl, 0, note_last, &w.last, &st)) {
		r = report(rc, &st, "reading the decision journal");
		goto out;
	}
	w.portid = regnl_local_port(nl);
	if (regnl_req_set_reg_type(nl, alpha2, type, &st)) {
		r = report(rc, &st, what);
		/* refused before it was queued: too many hints wait, or
		 * regcore unloads
		 */
		if (st.kind == REGNL_E_KERNEL &&
		    (st.err == -EBUSY || st.err == -ESHUTDOWN))
			r = EXIT_REFUSED;
		goto out;
	}
	deadline_ms = now_ms() + timeout_s * 1000;
	for (;;) {
		if (regnl_get_journal(nl, w.last, on_waited, &w, &st)) {
			r = report(rc, &st, "reading the decision journal");
			goto out;
		}
		left = deadline_ms - now_ms();
		if (w.settled || left <= 0)
			break;
		/* woken by an announcement, or once a second anyway */
		r = regnl_journal_follow_wait(f, left > 1000 ? 1000 : (int)left,
					      &st);
		if (r < 0) {
			r = report(rc, &st, "following the decision journal");
			goto out;
		}
	}
	print_outcome(rc, &w, nl, timeout_s);
	r = w.settled ? outcome_exit(w.outcome.outcome) : EXIT_TIMED_OUT;
out:
	regnl_journal_follow_close(f);
	regnl_close(nl);
	return r;
}

static int cmd_doctor(struct regctl *rc, int argc, char **argv)
{
	(void)argv;
	if (argc)
		return SHOW_USAGE;
	return regctl_doctor(rc->out, rc->family, rc->json) ? EXIT_FAIL :
							      EXIT_OK;
}

/* Is arg one of the command's arguments? */
static bool has_arg(int argc, char **argv, const char *arg)
{
	int i;

	for (i = 0; i < argc; i++)
		if (!strcmp(argv[i], arg))
			return true;
	return false;
}

static const struct regctl_cmd *find_cmd(const char *name)
{
	size_t i;

	for (i = 0; i < regctl_n_cmds; i++)
		if (!strcmp(regctl_cmds[i].name, name))
			return &regctl_cmds[i];
	return NULL;
}

static int cmd_why(struct regctl *rc, int argc, char **argv)
{
	const char *what = "asking regcore why";
	struct regctl_why_req q = { .json = rc->json };
	struct regnl_status st;
	struct regnl *nl;
	char *end;
	int i, r;

	for (i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--width") && i + 1 < argc) {
			q.width = (unsigned int)strtoul(argv[++i], &end, 10);
			if (*end || (q.width != 20 && q.width != 40 &&
				     q.width != 80 && q.width != 160 &&
				     q.width != 320))
				return SHOW_USAGE;
		} else if (!q.phy) {
			q.phy = argv[i];
		} else if (!q.chan) {
			q.chan = argv[i];
		} else {
			return SHOW_USAGE;
		}
	}
	if (!q.chan)
		return SHOW_USAGE;
	if (rc->family != REGNL_FAMILY_REGCORE) {
		fprintf(rc->err, "regctl: why: only regcore can say why (cfg80211 keeps no record of its computation)\n");
		return EXIT_USAGE;
	}
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	r = regctl_why(rc->out, rc->err, nl, &q, &st);
	regnl_close(nl);
	return r < 0 ? report(rc, &st, what) : r;
}

static int preview(struct regctl *rc, const char *alpha2, bool cell_base)
{
	const char *what = "asking regcore what would change";
	struct regctl_preview_req q = {
		.alpha2 = alpha2, .cell_base = cell_base, .json = rc->json,
	};
	struct regnl_status st;
	struct regnl *nl;
	int r;

	if (!regdom_alpha2_valid(alpha2)) {
		fprintf(rc->err,
			"regctl: not a valid ISO/IEC 3166-1 alpha2: \"%s\" (two upper-case letters, or 00 for the world domain)\n",
			alpha2);
		return EXIT_USAGE;
	}
	if (rc->family != REGNL_FAMILY_REGCORE) {
		fprintf(rc->err, "regctl: diff: only regcore can compute a change without making it\n");
		return EXIT_USAGE;
	}
	r = open_family(rc, &nl, what);
	if (r)
		return r;
	r = regctl_preview(rc->out, rc->err, nl, &q, &st);
	regnl_close(nl);
	return r < 0 ? report(rc, &st, what) : r;
}

static int cmd_diff(struct regctl *rc, int argc, char **argv)
{
	bool cell_base = false;

	if (argc == 2 && !strcmp(argv[0], "--cell-base")) {
		cell_base = true;
		argc--;
		argv++;
	}
	if (argc != 1 || argv[0][0] == '-')
		return SHOW_USAGE;
	return preview(rc, argv[0], cell_base);
}

static int cmd_help(struct regctl *rc, int argc, char **argv)
{
	const struct regctl_cmd *c;

	if (argc > 1)
		return SHOW_USAGE;
	if (argc == 0) {
		print_usage(rc->out);
		return EXIT_OK;
	}
	c = find_cmd(argv[0]);
	if (!c) {
		fprintf(rc->err, "regctl: unknown command \"%s\"\n", argv[0]);
		print_usage(rc->err);
		return EXIT_USAGE;
	}
	fputs("Usage:", rc->out);
	print_cmd_help(rc->out, c);
	return EXIT_OK;
}

/* The whole program, on the streams it is given (the tests pass their own). */
static int regctl_run(int argc, char **argv, FILE *out, FILE *err)
{
	static const struct option opts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct regctl rc = { .out = out, .err = err,
			     .family = REGNL_FAMILY_REGCORE };
	const struct regctl_cmd *c;
	int opt, r;

	optind = 0;	/* the tests call this more than once */
	opterr = 0;
	while ((opt = getopt_long(argc, argv, "+hV", opts, NULL)) != -1) {
		switch (opt) {
		case 'f':
			if (regnl_family_parse(optarg, &rc.family)) {
				fprintf(err, "regctl: unknown family \"%s\" (regcore or nl80211)\n",
					optarg);
				return EXIT_USAGE;
			}
			break;
		case 'j':
			rc.json = true;
			break;
		case 'h':
			print_usage(out);
			return EXIT_OK;
		case 'V':
			fprintf(out, "regctl (regcore) %s\n", REGCORE_VERSION);
			return EXIT_OK;
		default:
			fprintf(err, "regctl: bad option \"%s\"\n",
				argv[optind - 1]);
			print_usage(err);
			return EXIT_USAGE;
		}
	}
	if (optind >= argc) {
		fputs("regctl: no command given\n", err);
		print_usage(err);
		return EXIT_USAGE;
	}
	c = find_cmd(argv[optind]);
	if (!c) {
		fprintf(err, "regctl: unknown command \"%s\"\n", argv[optind]);
		print_usage(err);
		return EXIT_USAGE;
	}
	if (rc.json && !c->reads && !(c->json_with &&
				       has_arg(argc - optind - 1,
					       argv + optind + 1, c->json_with))) {
		fprintf(err, "regctl: --json applies to the read commands and set --wait, not to \"%s\"\n",
			c->name);
		return EXIT_USAGE;
	}
	r = c->handler(&rc, argc - optind - 1, argv + optind + 1);
	if (r == SHOW_USAGE) {
		fputs("Usage:", err);
		print_cmd_help(err, c);
		return EXIT_USAGE;
	}
	return r;
}

#ifndef REGCTL_NO_MAIN
int main(int argc, char **argv)
{
	int r = regctl_run(argc, argv, stdout, stderr);

	if (fflush(stdout) && r == EXIT_OK) {
		perror("regctl: writing the output");
		r = EXIT_FAIL;
	}
	return r;
}
#endif
