// SPDX-License-Identifier: GPL-2.0
/*
 * reglat - hint-to-applied latency of a regulatory core, for the
 * benchmark in the VM (make bench).
 *
 *   reglat --family regcore|nl80211 [--timeout MS] CC...
 *
 * For each country: send a user hint (NL80211_CMD_REQ_SET_REG) and time,
 * on CLOCK_MONOTONIC, until the family multicasts NL80211_CMD_REG_CHANGE
 * for that country. Whatever answers the kernel in between (udev and crda,
 * or cfg80211's own regulatory.db) is part of the measurement. A country
 * already in force or never applied within the timeout is reported and
 * left out of the statistics.
 *
 * Output: one line per country "CC MS", then "median MS", "n N",
 * "missed N"; exit status 0 when at least one country was measured.
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

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "timeout", required_argument, NULL, 't' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum regnl_family fam = REGNL_FAMILY_REGCORE;
	struct regnl_status st = { 0 };
	struct regnl_monitor *m;
	int timeout_ms = 10000, c, i, n = 0, missed = 0;
	struct regnl *nl;
	double *lat;
	char buf[512];

	while ((c = getopt_long(argc, argv, "f:t:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (regnl_family_parse(optarg, &fam)) {
				fprintf(stderr, "reglat: unknown family %s\n", optarg);
				return 2;
			}
			break;
		case 't':
			timeout_ms = atoi(optarg);
			break;
		default:
			fprintf(stderr, "usage: reglat [--family regcore|nl80211] [--timeout MS] CC...\n");
			return c == 'h' ? 0 : 2;
		}
	}
	if (optind == argc || timeout_ms <= 0) {
		fprintf(stderr, "usage: reglat [--family regcore|nl80211] [--timeout MS] CC...\n");
		return 2;
	}
	lat = calloc(argc - optind, sizeof(*lat));
	if (!lat)
		return 4;
	if (regnl_open(&nl, fam, &st) || regnl_monitor_open(&m, fam, &st)) {
		fprintf(stderr, "reglat: %s\n", regnl_status_text(&st, buf, sizeof(buf)));
		return 3;
	}
	for (i = optind; i < argc; i++) {
		double start = now_ms(), ms;

		if (regnl_req_set_reg(nl, argv[i], &st)) {
			printf("%s refused: %s\n", argv[i],
			       regnl_status_text(&st, buf, sizeof(buf)));
			missed++;
			continue;
		}
		ms = wait_change(m, argv[i], start, timeout_ms);
		if (ms < 0) {
			printf("%s missed\n", argv[i]);
			missed++;
			continue;
		}
		printf("%s %.1f\n", argv[i], ms);
		fflush(stdout);
		lat[n++] = ms;
	}
	regnl_monitor_close(m);
	regnl_close(nl);
	if (n) {
		qsort(lat, n, sizeof(*lat), cmp_double);
		printf("median %.1f\n", n % 2 ? lat[n / 2] :
		       (lat[n / 2 - 1] + lat[n / 2]) / 2);
	}
	printf("n %d\nmissed %d\n", n, missed);
	free(lat);
	return n ? 0 : 1;
}
