// SPDX-License-Identifier: GPL-2.0
/*
 * bench-regdb - how fast the database layer is, as ratios against a floor
 * measured in the same run:
 *
 *   regdbdump DB          vs  regdbdump --version   (verify + full dump)
 *   regdb lookup DE       vs  regdb --version       (verify + one look-up)
 *
 * Each pair runs alternately RUNS times; medians of wall time and of peak
 * memory (ru_maxrss) are reported. Then, in process: the median time of
 * one look-up in an open database.
 *
 * Usage: bench-regdb RUNS REGDB REGDBDUMP DB SIG
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "regdb.h"

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Run argv with stdout to /dev/null: wall and CPU seconds, peak KiB. */
static int run(char *const argv[], double *secs, double *cpu, long *rss)
{
	struct rusage ru;
	double t0 = now();
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		dup2(fd, 1);
		execv(argv[0], argv);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		return -1;
	*secs = now() - t0;
	*cpu = ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	*rss = ru.ru_maxrss;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int dcmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
	qsort(v, (size_t)n, sizeof(*v), dcmp);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static int pair(const char *name, char *const floor[], char *const work[],
		int runs, double target)
{
	double *tf = calloc((size_t)runs, sizeof(double));
	double *tw = calloc((size_t)runs, sizeof(double));
	double *mf = calloc((size_t)runs, sizeof(double));
	double *mw = calloc((size_t)runs, sizeof(double));
	double *cf = calloc((size_t)runs, sizeof(double));
	double *cw = calloc((size_t)runs, sizeof(double));
	double f, w, rf, rw, c1, c2;
	long rss;
	int i;

	for (i = 0; i < runs; i++) {
		if (run(floor, &tf[i], &cf[i], &rss))
			return -1;
		mf[i] = (double)rss;
		if (run(work, &tw[i], &cw[i], &rss)) {
			fprintf(stderr, "bench: %s failed\n", work[0]);
			return -1;
		}
		mw[i] = (double)rss;
	}
	f = median(tf, runs);
	w = median(tw, runs);
	rf = median(mf, runs);
	rw = median(mw, runs);
	c1 = median(cf, runs);
	c2 = median(cw, runs);
	printf("%-30s %8.3f ms  floor %8.3f ms  ratio %.2f (target %.1f: %s)\n",
	       name, w * 1e3, f * 1e3, w / f, target,
	       w / f <= target ? "met" : "MISSED");
	printf("%-30s %8.3f ms  floor %8.3f ms  ratio %.2f (CPU time, less load-sensitive)\n",
	       "  CPU (user + system)", c2 * 1e3, c1 * 1e3, c2 / c1);
	printf("%-30s %8.0f KiB floor %8.0f KiB  +%.0f KiB (target +1024: %s)\n",
	       "  peak memory", rw, rf, rw - rf,
	       rw - rf <= 1024 ? "met" : "MISSED");
	free(tf);
	free(tw);
	free(mf);
	free(mw);
	free(cf);
	free(cw);
	return 0;
}

static void lookups(const char *dbpath, const char *sig)
{
	static const char *const cc[] = { "DE", "US", "JP", "00", "FR", "CN",
					  "BR", "ZA", "AU", "GB" };
	struct regdb *db;
	char *err = NULL;
	double batch[101], t0;
	int b, i;

	db = regdb_open_sig(dbpath, sig, NULL, &err);
	if (!db) {
		fprintf(stderr, "bench: %s\n", err);
		free(err);
		return;
	}
	for (b = 0; b < 101; b++) {
		t0 = now();
		for (i = 0; i < 1000; i++)
			regdom_free(regdb_lookup(db, cc[i % 10], NULL));
		batch[b] = (now() - t0) / 1000;
	}
	printf("%-30s %8.3f us  (median of 101 batches of 1000; target 10 us: %s)\n",
	       "one regdb_lookup() after load", median(batch, 101) * 1e6,
	       median(batch, 101) < 10e-6 ? "met" : "MISSED");
	for (b = 0; b < 101; b++) {
		t0 = now();
		for (i = 0; i < 1000; i++)
			if (!regdb_find(db, cc[i % 10]))
				abort();
		batch[b] = (now() - t0) / 1000;
	}
	printf("%-30s %8.3f us  (no copy)\n", "one regdb_find() after load",
	       median(batch, 101) * 1e6);
	regdb_close(db);
}

int main(int argc, char **argv)
{
	int runs;

	if (argc != 6) {
		fprintf(stderr, "usage: bench-regdb RUNS REGDB REGDBDUMP DB SIG\n");
		return 2;
	}
	runs = atoi(argv[1]);
	if (runs < 1)
		return 2;
	{
		char *fl[] = { argv[3], "--version", NULL };
		char *wk[] = { argv[3], "-s", argv[5], argv[4], NULL };

		if (pair("regdbdump (verify + dump)", fl, wk, runs, 1.5))
			return 1;
	}
	{
		char *fl[] = { argv[2], "--version", NULL };
		char *wk[] = { argv[2], "lookup", "--db", argv[4], "-s", argv[5],
			       "DE", NULL };

		if (pair("regdb lookup DE", fl, wk, runs, 1.5))
			return 1;
	}
	lookups(argv[4], argv[5]);
	return 0;
}
