// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - the runner of the netlink host tests: every registered test,
 * in registration order, as TAP, then "N passed, N failed".
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "t.h"

#define T_MAX 256

static struct {
	const char *name;
	void (*fn)(void);
} tests[T_MAX];
static int n_tests;
static int failures;	/* of the test running now */

void t_register(const char *name, void (*fn)(void))
{
	if (n_tests == T_MAX) {
		fprintf(stderr, "t_register: more than %d tests\n", T_MAX);
		exit(2);
	}
	tests[n_tests].name = name;
	tests[n_tests].fn = fn;
	n_tests++;
}

void t_fail(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	printf("# %s:%d: ", file, line);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	failures++;
}

/* Print both texts and the first line where they part. */
void t_check_str(const char *file, int line, const char *what,
		 const char *got, const char *want)
{
	const char *g = got ? got : "(null)", *w = want ? want : "(null)";
	size_t i, l = 1;

	if (got && want && !strcmp(got, want))
		return;
	for (i = 0; g[i] && g[i] == w[i]; i++)
		if (g[i] == '\n')
			l++;
	t_fail(file, line, "%s differs from the expected text at line %zu",
	       what, l);
	printf("# --- got:\n%s\n# --- expected:\n%s\n# ---\n", g, w);
}

FILE *t_out_open(struct t_out *o)
{
	memset(o, 0, sizeof(*o));
	o->f = open_memstream(&o->text, &o->len);
	if (!o->f) {
		perror("open_memstream");
		exit(2);
	}
	return o->f;
}

const char *t_out_text(struct t_out *o)
{
	if (o->f) {
		fclose(o->f);
		o->f = NULL;
	}
	return o->text;
}

void t_out_free(struct t_out *o)
{
	t_out_text(o);
	free(o->text);
	o->text = NULL;
}

int main(void)
{
	int i, passed = 0, failed = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n1..%d\n", n_tests);
	for (i = 0; i < n_tests; i++) {
		failures = 0;
		tests[i].fn();
		fflush(stdout);
		if (failures) {
			printf("not ok %d - %s\n", i + 1, tests[i].name);
			failed++;
		} else {
			printf("ok %d - %s\n", i + 1, tests[i].name);
			passed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
