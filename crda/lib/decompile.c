// SPDX-License-Identifier: GPL-2.0
/*
 * decompile.c - a database back to db.txt, and the comparison of two
 * sources by meaning.
 *
 * Every number is written so that the parser and the generators give back
 * the very integer the database holds: the shortest decimal that survives
 * int(float(text) * scale), or, failing that, the middle of the interval
 * that truncates to it.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

/* Text for @v / @scale that int(float(text) * scale) maps back to @v. */
static void number(char *out, size_t size, uint32_t v, unsigned int scale)
{
	int64_t back;
	int digits;

	for (digits = 0; digits <= 6; digits++) {
		char *end;

		snprintf(out, size, "%.*f", digits, (double)v / scale);
		if (rdb_py_int(strtod(out, &end) * scale, 0, UINT32_MAX, &back) &&
		    back == v)
			return;
	}
	snprintf(out, size, "%.6f", ((double)v + 0.5) / scale);
}

static const char *const ac_names[RDB_NUM_WMM_AC] = {
	"vo_c", "vi_c", "be_c", "bk_c", "vo_ap", "vi_ap", "be_ap", "bk_ap",
};

static bool wmm_equal(const struct regdom_wmm *a, const struct regdom_wmm *b)
{
	return !memcmp(a, b, sizeof(*a));
}

static void print_wmm(struct rdb_buf *b, unsigned int idx,
		      const struct regdom_wmm *w)
{
	unsigned int i;

	rdb_buf_printf(b, "wmmrule WMM%u:\n", idx + 1);
	for (i = 0; i < RDB_NUM_WMM_AC; i++) {
		const struct regdom_wmm_ac *ac = i < REGDOM_NUM_ACS ?
			&w->client[i] : &w->ap[i - REGDOM_NUM_ACS];

		rdb_buf_printf(b, "\t%s: cw_min=%u, cw_max=%u, aifsn=%u, cot=%u\n",
			       ac_names[i], ac->cw_min, ac->cw_max, ac->aifsn,
			       ac->cot);
	}
	rdb_buf_printf(b, "\n");
}

char *regdb_decompile(const struct regdb *db, char **err)
{
	struct rdb_buf b = { 0 };
	const struct regdom_wmm **wmms = NULL;
	size_t n_wmms = 0, cap = 0, i, j, k;
	char *text;

	rdb_buf_printf(&b, "# %s decompiled by regdb (version %d, signed by %s)\n\n",
		       db->name, db->version, db->signer);
	/* The WMM rules first, named in order of first use. */
	for (i = 0; i < db->n; i++)
		for (j = 0; j < db->countries[i].n_rules; j++) {
			const struct regdom_rule *r = &db->countries[i].rules[j];

			if (!r->has_wmm)
				continue;
			for (k = 0; k < n_wmms; k++)
				if (wmm_equal(wmms[k], &r->wmm))
					break;
			if (k < n_wmms)
				continue;
			if (n_wmms == cap) {
				const struct regdom_wmm **v =
					realloc(wmms, (cap = cap ? 2 * cap : 8) *
						sizeof(*v));
				if (!v)
					goto oom;
				wmms = v;
			}
			wmms[n_wmms] = &r->wmm;
			print_wmm(&b, (unsigned int)n_wmms++, &r->wmm);
		}
	for (i = 0; i < db->n; i++) {
		const struct regdom *rd = &db->countries[i];

		rdb_buf_printf(&b, "country %s:%s%s\n", rd->alpha2,
			       rd->dfs_region ? " " : "",
			       rd->dfs_region ? regdom_dfs_name(rd->dfs_region) : "");
		for (j = 0; j < rd->n_rules; j++) {
			const struct regdom_rule *r = &rd->rules[j];
			uint32_t txt = rdb_flags_nl_to_txt(r->flags);
			char s[32], e[32], bw[32], p[32];

			if (r->max_ant_gain_mbi || r->dfs_cac_ms) {
				rdb_err(err, db->name,
					"country %s: %s cannot be written in db.txt",
					rd->alpha2, r->dfs_cac_ms ?
					"a CAC time" : "an antenna gain");
				goto fail;
			}
			number(s, sizeof(s), r->start_khz, 1000);
			number(e, sizeof(e), r->end_khz, 1000);
			number(bw, sizeof(bw), r->max_bw_khz, 1000);
			number(p, sizeof(p), r->max_eirp_mbm, 100);
			rdb_buf_printf(&b, "\t(%s - %s @ %s), (%s)", s, e, bw, p);
			for (k = 0; k < rdb_flag_names_count; k++)
				if (txt & rdb_flag_names[k].bit)
					rdb_buf_printf(&b, ", %s",
						       rdb_flag_names[k].name);
			if (r->has_wmm) {
				for (k = 0; k < n_wmms; k++)
					if (wmm_equal(wmms[k], &r->wmm))
						break;
				rdb_buf_printf(&b, ", wmmrule=WMM%zu", k + 1);
			}
			rdb_buf_printf(&b, "\n");
		}
		rdb_buf_printf(&b, "\n");
	}
	free(wmms);
	text = (char *)rdb_buf_take(&b, NULL);
	if (!text)
		rdb_err(err, db->name, "out of memory");
	return text;
oom:
	rdb_err(err, db->name, "out of memory");
fail:
	free(wmms);
	rdb_buf_free(&b);
	return NULL;
}

/* ---- comparing two sources ---- */

struct irule {
	int64_t v[5];	/* start, end, bw (kHz), gain, eirp (mBm/mBi) */
	uint32_t flags;
	const struct rdb_wmm *wmm;
};

static void to_int(const struct regdb_src *s, const struct rdb_perm *p,
		   struct irule *r)
{
	const double x[5] = { p->start * 1000.0, p->end * 1000.0,
			      p->bw * 1000.0, p->gain * 100.0, p->eirp * 100.0 };
	unsigned int i;

	for (i = 0; i < 5; i++)
		if (!rdb_py_int(x[i], INT64_MIN / 2, INT64_MAX / 2, &r->v[i]))
			r->v[i] = INT64_MIN;
	r->flags = p->flags;
	r->wmm = p->wmm >= 0 ? &s->wmms[p->wmm] : NULL;
}

static const struct rdb_country *by_alpha2(const struct regdb_src *s,
					   const char *a2)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!memcmp(s->countries[i].alpha2, a2, 2))
			return &s->countries[i];
	return NULL;
}

static bool differ(char **why, char *msg)
{
	if (why)
		*why = msg;
	else
		free(msg);
	return false;
}

static int irule_cmp(const void *pa, const void *pb)
{
	const struct irule *a = pa, *b = pb;
	unsigned int i;

	for (i = 0; i < 5; i++)
		if (a->v[i] != b->v[i])
			return a->v[i] < b->v[i] ? -1 : 1;
	if (a->flags != b->flags)
		return a->flags < b->flags ? -1 : 1;
	if (!a->wmm || !b->wmm)
		return !a->wmm - !b->wmm;
	return rdb_wmm_cmp(a->wmm, b->wmm);
}

/* A country's rules in integer units, sorted. */
static struct irule *irules(const struct regdb_src *s,
			    const struct rdb_country *c)
{
	struct irule *v = calloc(c->n ? c->n : 1, sizeof(*v));
	size_t i;

	if (!v)
		return NULL;
	for (i = 0; i < c->n; i++)
		to_int(s, &c->perms[i], &v[i]);
	qsort(v, c->n, sizeof(*v), irule_cmp);
	return v;
}

bool regdb_src_equal(const struct regdb_src *a, const struct regdb_src *b,
		     char **why)
{
	size_t i, j;

	if (why)
		*why = NULL;
	if (a->n != b->n)
		return differ(why, rdb_asprintf("%zu countries against %zu",
						a->n, b->n));
	for (i = 0; i < a->n; i++) {
		const struct rdb_country *x = &a->countries[i];
		const struct rdb_country *y = by_alpha2(b, x->alpha2);
		struct irule *r, *s;
		bool same = true;

		if (!y)
			return differ(why, rdb_asprintf("country %s only in %s",
							x->alpha2, a->name));
		if (x->dfs_region != y->dfs_region || x->n != y->n)
			return differ(why, rdb_asprintf("country %s: DFS region or rule count differs",
							x->alpha2));
		r = irules(a, x);
		s = irules(b, y);
		for (j = 0; r && s && j < x->n && same; j++)
			same = !irule_cmp(&r[j], &s[j]);
		free(r);
		free(s);
		if (!r || !s)
			return differ(why, strdup("out of memory"));
		if (!same)
			return differ(why, rdb_asprintf("country %s: rule %zu differs",
							x->alpha2, j));
	}
	return true;
}
