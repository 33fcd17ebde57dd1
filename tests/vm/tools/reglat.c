// SPDX-License-Identifier: GPL-2.0
/*
 * reglat - hint-to-applied latency of a regulatory core, for the
 * benchmark in the VM (make bench).
 *
 *   reglat --family F [--family F2] [--timeout MS] CC...
 *
 * For each country: send a user hint (NL80211_CMD_REQ_SET_REG) and time,
 * on CLOCK_MONOTONIC, until the family multicasts NL80211_CMD_REG_CHANGE
 * for that country. Whatever answers the kernel in between (udev and crda,
 * or cfg80211's own regulatory.db) is part of the measurement. With two
 * families (regcore and nl80211) each country is measured on both in
 * turn, the first one alternating, so that both see the same conditions. A country already in
 * force or never applied within the timeout is reported and left out of
 * the statistics.
 *
 * Output: one line per measurement "FAMILY CC MS", then per family
 * "FAMILY median MS", "FAMILY n N", "FAMILY missed N"; exit status 0 when
 * every family measured at least one country.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "regnl.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Wait until REG_CHANGE names alpha2; the elapsed ms, or -1. */
static double wait_change(struct regnl_monitor *m, const char *alpha2,
			  double start, int timeout_ms)
{
	struct regnl_reg_event ev;
	struct regnl_status st = { 0 };
	double left;
	int r;

	for (;;) {
		left = timeout_ms - (now_ms() - start);
		if (left <= 0)
			return -1;
		r = regnl_monitor_next(m, &ev, (int)left + 1, &st);
		if (r < 0 && r != -EINTR)
			return -1;
		if (r == 1 && ev.has_alpha2 && !strcmp(ev.alpha2, alpha2))
			return now_ms() - start;
	}
}

struct target {
	enum regnl_family fam;
	struct regnl *nl;
	struct regnl_monitor *m;
	double *lat;
	int n, missed;
};

static void measure(struct target *t, const char *alpha2, int timeout_ms)
{
	const char *name = regnl_family_name(t->fam);
	struct regnl_status st = { 0 };
	double start = now_ms(), ms;
	char buf[512];

	if (regnl_req_set_reg(t->nl, alpha2, &st)) {
		printf("%s %s refused: %s\n", name, alpha2,
		       regnl_status_text(&st, buf, sizeof(buf)));
		t->missed++;
		return;
	}
	ms = wait_change(t->m, alpha2, start, timeout_ms);
	if (ms < 0) {
		printf("%s %s missed\n", name, alpha2);
		t->missed++;
		return;
	}
	printf("%s %s %.3f\n", name, alpha2, ms);
	fflush(stdout);
	t->lat[t->n++] = ms;
}

static void report(struct target *t)
{
	const char *name = regnl_family_name(t->fam);

	if (t->n) {
		qsort(t->lat, t->n, sizeof(*t->lat), cmp_double);
		printf("%s median %.3f\n", name, t->n % 2 ? t->lat[t->n / 2] :
		       (t->lat[t->n / 2 - 1] + t->lat[t->n / 2]) / 2);
	}
	printf("%s n %d\n%s missed %d\n", name, t->n, name, t->missed);
}

static void usage(void)
{
	fprintf(stderr, "usage: reglat --family regcore|nl80211 [--family ...] [--timeout MS] CC...\n");
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct target t[2] = { 0 };
	struct regnl_status st = { 0 };
	int timeout_ms = 10000, c, i, k, nt = 0, ok = 1;
	char buf[512];

	while ((c = getopt_long(argc, argv, "f:t:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (nt == 2 || regnl_family_parse(optarg, &t[nt].fam)) {
				fprintf(stderr, "reglat: bad or third family %s\n", optarg);
				return 2;
			}
			nt++;
			break;
		case 't':
			timeout_ms = atoi(optarg);
			break;
		case 'h':
			usage();
			return 0;
		default:
			usage();
			return 2;
		}
	}
	if (!nt || optind == argc || timeout_ms <= 0) {
		usage();
		return 2;
	}
	for (k = 0; k < nt; k++) {
		t[k].lat = calloc(argc - optind, sizeof(*t[k].lat));
		if (!t[k].lat)
			return 4;
		if (regnl_open(&t[k].nl, t[k].fam, &st) ||
		    regnl_monitor_open(&t[k].m, t[k].fam, &st)) {
			fprintf(stderr, "reglat: %s\n",
				regnl_status_text(&st, buf, sizeof(buf)));
			return 3;
		}
	}
	/* Alternate which family goes first: whatever the first run warms
	 * up (caches, translated code under qemu) favours the second.
	 */
	for (i = optind; i < argc; i++)
		for (k = 0; k < nt; k++)
			measure(&t[(k + i) % nt], argv[i], timeout_ms);
	for (k = 0; k < nt; k++) {
		report(&t[k]);
		ok &= t[k].n > 0;
		regnl_monitor_close(t[k].m);
		regnl_close(t[k].nl);
		free(t[k].lat);
	}
	return ok ? 0 : 1;
}
