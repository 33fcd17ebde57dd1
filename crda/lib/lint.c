// SPDX-License-Identifier: GPL-2.0
/*
 * lint.c - mistakes in db.txt that the compiler accepts but a reviewer
 * would not: countries out of order or defined twice, rules that overlap
 * with the same flags (one of them is redundant or contradicts the other),
 * a bandwidth wider than its range (AUTO-BW or not), and numbers that look
 * like the wrong unit. A parse error (unknown flag, bad syntax) is a
 * finding too.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

struct lint {
	const char *name;
	void (*report)(void *arg, const char *msg);
	void *arg;
	unsigned int count;
};

static void finding(struct lint *l, unsigned int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void finding(struct lint *l, unsigned int line, const char *fmt, ...)
{
	char *msg = NULL, *full;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	full = rdb_asprintf("%s: line %u: %s", l->name, line,
			    msg ? msg : "out of memory");
	l->report(l->arg, full ? full : "out of memory");
	free(full);
	free(msg);
	l->count++;
}

static void check_units(struct lint *l, const struct rdb_country *c,
			const struct rdb_perm *p)
{
	if (p->start < 100 || p->end > 100000)
		finding(l, p->line,
			"%s: range %g - %g is not in MHz (100 to 100000 expected)",
			c->alpha2, p->start, p->end);
	if (p->bw <= 0)
		finding(l, p->line, "%s: bandwidth %g MHz is not positive",
			c->alpha2, p->bw);
	if (p->eirp < 0 || p->eirp > 60)
		finding(l, p->line,
			"%s: power %g dBm is implausible (mW without \"mW\"?)",
			c->alpha2, p->eirp);
	if (p->bw > p->end - p->start)
		finding(l, p->line,
			"%s: bandwidth %g MHz is wider than the range %g - %g (the kernel refuses it%s)",
			c->alpha2, p->bw, p->start, p->end,
			(p->flags & RDB_F_AUTO_BW) ? ", AUTO-BW or not" : "");
}

static void check_country(struct lint *l, const struct rdb_country *c)
{
	size_t i, j;

	if (!c->n)
		finding(l, c->line, "country %s has no rules", c->alpha2);
	for (i = 0; i < c->n; i++) {
		const struct rdb_perm *a = &c->perms[i];

		check_units(l, c, a);
		for (j = i + 1; j < c->n; j++) {
			const struct rdb_perm *b = &c->perms[j];

			if (b->start >= a->end)
				break;	/* sorted by start */
			if (a->flags == b->flags)
				finding(l, b->line,
					"%s: rule overlaps the one at line %u with the same flags",
					c->alpha2, a->line);
		}
	}
}

unsigned int regdb_lint(const char *name, const char *text, size_t len,
			void (*report)(void *arg, const char *msg), void *arg)
{
	struct lint l = { name ? name : "db.txt", report, arg, 0 };
	struct regdb_src *src;
	char *err = NULL;
	size_t i;

	src = regdb_src_parse(l.name, text, len, &err);
	if (!src) {
		report(arg, err ? err : "out of memory");
		free(err);
		return 1;
	}
	for (i = 0; i < src->n_warnings; i++) {
		report(arg, src->warnings[i]);
		l.count++;
	}
	for (i = 0; i < src->n; i++) {
		const struct rdb_country *c = &src->countries[i];

		if (i && memcmp(src->countries[i - 1].alpha2, c->alpha2, 2) > 0)
			finding(&l, c->line, "country %s comes after %s: not sorted",
				c->alpha2, src->countries[i - 1].alpha2);
		check_country(&l, c);
	}
	regdb_src_free(src);
	return l.count;
}
