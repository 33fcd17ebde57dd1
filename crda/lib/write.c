// SPDX-License-Identifier: GPL-2.0
/*
 * write.c - the generators: the db.txt model to regulatory.bin (v19) or
 * regulatory.db (v20), byte for byte as wireless-regdb's db2bin.py and
 * db2fw.py write them:
 *
 *   - countries in alpha2 order;
 *   - v19: power rules, then frequency ranges, each in order of first use
 *     (countries in order, their rules in order), de-duplicated by value;
 *     then every distinct rule in sorted order; then every distinct rule
 *     list (collection) in sorted order; then the country table;
 *   - v20: the country table and a 4-byte terminator; the distinct WMM
 *     rules in sorted order; the distinct rules in sorted order; the
 *     distinct (rule list, DFS region) collections in sorted order.
 *
 * Values are converted as Python's int(value * 1000) / int(value * 100):
 * the product in double precision, truncated.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

struct gen {
	const struct regdb_src *src;
	const struct rdb_country **c;	/* countries, sorted */
	size_t n;
	struct rdb_perm *rules;		/* distinct rules, sorted */
	size_t n_rules;
	const struct rdb_country **colls; /* one country per distinct list */
	size_t n_colls;
	bool with_dfs;			/* v20: collections include the DFS region */
	char **err;
};

static int country_cmp(const void *a, const void *b)
{
	const struct rdb_country *x = *(const struct rdb_country *const *)a;
	const struct rdb_country *y = *(const struct rdb_country *const *)b;

	return memcmp(x->alpha2, y->alpha2, 2);
}

static int perm_qcmp(const void *a, const void *b, void *g)
{
	return rdb_perm_cmp(((const struct gen *)g)->src, a, b);
}

/* Python's comparison of two tuples of rules, then of the DFS region. */
static int coll_cmp(const struct regdb_src *src, bool with_dfs,
		    const struct rdb_country *x, const struct rdb_country *y)
{
	size_t i;
	int c;

	for (i = 0; i < x->n && i < y->n; i++) {
		c = rdb_perm_cmp(src, &x->perms[i], &y->perms[i]);
		if (c)
			return c;
	}
	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	if (with_dfs && x->dfs_region != y->dfs_region)
		return x->dfs_region < y->dfs_region ? -1 : 1;
	return 0;
}

static int coll_qcmp(const void *a, const void *b, void *arg)
{
	const struct gen *g = arg;

	return coll_cmp(g->src, g->with_dfs,
			*(const struct rdb_country *const *)a,
			*(const struct rdb_country *const *)b);
}

static void gen_free(struct gen *g)
{
	free(g->c);
	free(g->rules);
	free(g->colls);
}

/*
 * Refuse a rule that readers (this library's and the kernel's) would
 * refuse once it is in a file: the checks of rdb_rule_check(), on the
 * integers the generators write.
 */
static int rule_ok(const struct regdb_src *src, const struct rdb_perm *p,
		   char **err)
{
	int64_t s, e, bw;

	if (!rdb_py_int(p->start * 1000.0, 0, UINT32_MAX, &s) ||
	    !rdb_py_int(p->end * 1000.0, 0, UINT32_MAX, &e) ||
	    !rdb_py_int(p->bw * 1000.0, 0, UINT32_MAX, &bw))
		return rdb_err(err, src->name,
			       "line %u: frequency or bandwidth out of range",
			       p->line);
	if (s == 0 || s >= e)
		return rdb_err(err, src->name,
			       "line %u: range %lld - %lld kHz is empty",
			       p->line, (long long)s, (long long)e);
	if (bw > e - s)
		return rdb_err(err, src->name,
			       "line %u: bandwidth %g MHz is wider than the range %g - %g MHz (the kernel refuses it%s)",
			       p->line, p->bw, p->start, p->end,
			       (p->flags & RDB_F_AUTO_BW) ? ", AUTO-BW or not" : "");
	return 0;
}

static int gen_prepare(struct gen *g, const struct regdb_src *src,
		       bool with_dfs, char **err)
{
	size_t i, j, total = 0, k;

	memset(g, 0, sizeof(*g));
	g->src = src;
	g->err = err;
	g->with_dfs = with_dfs;
	g->n = src->n;
	if (!g->n)
		return rdb_err(err, src->name, "no countries");
	for (i = 0; i < src->n; i++) {
		if (!src->countries[i].n)
			return rdb_err(err, src->name,
				       "line %u: country %s has no rules",
				       src->countries[i].line,
				       src->countries[i].alpha2);
		total += src->countries[i].n;
	}
	for (i = 0; i < src->n; i++)
		for (j = 0; j < src->countries[i].n; j++)
			if (rule_ok(src, &src->countries[i].perms[j], err))
				return -1;
	g->c = malloc(g->n * sizeof(*g->c));
	g->rules = malloc(total * sizeof(*g->rules));
	g->colls = malloc(g->n * sizeof(*g->colls));
	if (!g->c || !g->rules || !g->colls) {
		gen_free(g);
		return rdb_err(err, src->name, "out of memory");
	}
	for (i = 0, k = 0; i < g->n; i++) {
		g->c[i] = &src->countries[i];
		g->colls[i] = &src->countries[i];
		for (j = 0; j < src->countries[i].n; j++)
			g->rules[k++] = src->countries[i].perms[j];
	}
	qsort(g->c, g->n, sizeof(*g->c), country_cmp);

	qsort_r(g->rules, total, sizeof(*g->rules), perm_qcmp, g);
	for (i = 0, k = 0; i < total; i++)
		if (!k || rdb_perm_cmp(src, &g->rules[k - 1], &g->rules[i]))
			g->rules[k++] = g->rules[i];
	g->n_rules = k;
	qsort_r(g->colls, g->n, sizeof(*g->colls), coll_qcmp, g);
	for (i = 0, k = 0; i < g->n; i++)
		if (!k || coll_cmp(src, with_dfs, g->colls[k - 1], g->colls[i]))
			g->colls[k++] = g->colls[i];
	g->n_colls = k;
	return 0;
}

static size_t rule_index(const struct gen *g, const struct rdb_perm *p)
{
	size_t lo = 0, hi = g->n_rules;

	while (lo + 1 < hi) {
		size_t mid = (lo + hi) / 2;

		if (rdb_perm_cmp(g->src, &g->rules[mid], p) <= 0)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static size_t coll_index(const struct gen *g, const struct rdb_country *c)
{
	size_t lo = 0, hi = g->n_colls;

	while (lo + 1 < hi) {
		size_t mid = (lo + hi) / 2;

		if (coll_cmp(g->src, g->with_dfs, g->colls[mid], c) <= 0)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* int(x * scale) into [0, max], or an error naming the rule's line. */
static int scaled(const struct gen *g, const struct rdb_perm *p, double x,
		  double scale, int64_t max, const char *what, uint32_t *out)
{
	int64_t v = 0;

	*out = 0;
	if (!rdb_py_int(x * scale, 0, max, &v))
		return rdb_err(g->err, g->src->name,
			       "line %u: %s %g does not fit the format",
			       p->line, what, x);
	*out = (uint32_t)v;
	return 0;
}

/* ---- version 19 ---- */

/* Indices of the distinct values of one kind, in order of first use. */
struct uses {
	const struct rdb_perm **v;
	size_t n;
};

static bool same_band(const struct rdb_perm *a, const struct rdb_perm *b)
{
	return a->start == b->start && a->end == b->end && a->bw == b->bw;
}

static bool same_power(const struct rdb_perm *a, const struct rdb_perm *b)
{
	return a->gain == b->gain && a->eirp == b->eirp;
}

static size_t use_of(struct uses *u, const struct rdb_perm *p,
		     bool (*same)(const struct rdb_perm *,
				  const struct rdb_perm *))
{
	size_t i;

	for (i = 0; i < u->n; i++)
		if (same(u->v[i], p))
			return i;
	u->v[u->n] = p;
	return u->n++;
}

static int write_v19(const struct gen *g, struct rdb_buf *b)
{
	struct uses power = { 0 }, band = { 0 };
	size_t i, j, total = 0, off_power = 20, off_freq, off_rules;
	size_t *coll_off = NULL;
	int rc = -1;

	for (i = 0; i < g->n; i++)
		total += g->c[i]->n;
	power.v = malloc(total * sizeof(*power.v));
	band.v = malloc(total * sizeof(*band.v));
	coll_off = malloc(g->n_colls * sizeof(*coll_off));
	if (!power.v || !band.v || !coll_off) {
		rdb_err(g->err, g->src->name, "out of memory");
		goto out;
	}
	for (i = 0; i < g->n; i++)
		for (j = 0; j < g->c[i]->n; j++) {
			use_of(&power, &g->c[i]->perms[j], same_power);
			use_of(&band, &g->c[i]->perms[j], same_band);
		}
	off_freq = off_power + 8 * power.n;
	off_rules = off_freq + 12 * band.n;

	rdb_buf_be32(b, RDB_MAGIC);
	rdb_buf_be32(b, 19);
	rdb_buf_be32(b, 0);		/* country table, set below */
	rdb_buf_be32(b, (uint32_t)g->n);
	rdb_buf_be32(b, 0);		/* signature length: unsigned */
	for (i = 0; i < power.n; i++) {
		uint32_t gain = 0, eirp = 0;

		if (scaled(g, power.v[i], power.v[i]->gain, 100.0, UINT32_MAX,
			   "antenna gain", &gain) ||
		    scaled(g, power.v[i], power.v[i]->eirp, 100.0, UINT32_MAX,
			   "EIRP", &eirp))
			goto out;
		rdb_buf_be32(b, gain);
		rdb_buf_be32(b, eirp);
	}
	for (i = 0; i < band.n; i++) {
		const struct rdb_perm *p = band.v[i];
		uint32_t v[3];

		if (scaled(g, p, p->start, 1000.0, UINT32_MAX, "frequency", &v[0]) ||
		    scaled(g, p, p->end, 1000.0, UINT32_MAX, "frequency", &v[1]) ||
		    scaled(g, p, p->bw, 1000.0, UINT32_MAX, "bandwidth", &v[2]))
			goto out;
		for (j = 0; j < 3; j++)
			rdb_buf_be32(b, v[j]);
	}
	for (i = 0; i < g->n_rules; i++) {
		const struct rdb_perm *p = &g->rules[i];

		rdb_buf_be32(b, (uint32_t)(off_freq + 12 * use_of(&band, p, same_band)));
		rdb_buf_be32(b, (uint32_t)(off_power + 8 * use_of(&power, p, same_power)));
		rdb_buf_be32(b, p->flags);
	}
	for (i = 0; i < g->n_colls; i++) {
		const struct rdb_country *c = g->colls[i];

		coll_off[i] = b->len;
		rdb_buf_be32(b, (uint32_t)c->n);
		for (j = 0; j < c->n; j++)
			rdb_buf_be32(b, (uint32_t)(off_rules + 12 *
					 rule_index(g, &c->perms[j])));
	}
	rdb_buf_set_be32(b, 8, (uint32_t)b->len);
	for (i = 0; i < g->n; i++) {
		unsigned char head[4] = { (unsigned char)g->c[i]->alpha2[0],
					  (unsigned char)g->c[i]->alpha2[1], 0,
					  g->c[i]->dfs_region };

		rdb_buf_put(b, head, 4);
		rdb_buf_be32(b, (uint32_t)coll_off[coll_index(g, g->c[i])]);
	}
	if (b->len > UINT32_MAX) {
		rdb_err(g->err, g->src->name, "database too large");
		goto out;
	}
	rc = 0;
out:
	free(power.v);
	free(band.v);
	free(coll_off);
	return rc;
}

/* ---- version 20 ---- */

static int wmm_index_cmp(const void *a, const void *b, void *src)
{
	const struct rdb_wmm *w = ((const struct regdb_src *)src)->wmms;

	return rdb_wmm_cmp(&w[*(const int *)a], &w[*(const int *)b]);
}

/* A 16-bit word pointer to @off, or an error when it cannot be one. */
static int ptr16(const struct gen *g, size_t off, uint32_t *out)
{
	*out = 0;
	if (off % 4 || off >> 2 > 0xffff)
		return rdb_err(g->err, g->src->name,
			       "database too large for the 16-bit pointers of version 20");
	*out = (uint32_t)(off >> 2);
	return 0;
}

static int fw_flags(const struct gen *g, const struct rdb_perm *p,
		    uint8_t *out)
{
	static const struct { uint32_t txt; uint8_t fw; } map[] = {
		{ RDB_F_NO_OFDM, RDB_FW_NO_OFDM },
		{ RDB_F_NO_OUTDOOR, RDB_FW_NO_OUTDOOR },
		{ RDB_F_DFS, RDB_FW_DFS },
		{ RDB_F_NO_IR, RDB_FW_NO_IR },
		{ RDB_F_AUTO_BW, RDB_FW_AUTO_BW },
	};
	uint32_t rest = p->flags;
	size_t i;

	*out = 0;
	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (p->flags & map[i].txt) {
			*out |= map[i].fw;
			rest &= ~map[i].txt;
		}
	for (i = 0; rest && i < rdb_flag_names_count; i++)
		if (rest & rdb_flag_names[i].bit)
			return rdb_err(g->err, g->src->name,
				       "line %u: flag %s cannot be stored in regulatory.db",
				       p->line, rdb_flag_names[i].name);
	if (p->gain != 0)
		return rdb_err(g->err, g->src->name,
			       "line %u: antenna gain cannot be stored in regulatory.db",
			       p->line);
	return 0;
}

static int write_v20(const struct gen *g, struct rdb_buf *b)
{
	const struct regdb_src *src = g->src;
	int *wmm_order = NULL;
	size_t *wmm_off = NULL, *rule_off = NULL, i, j, k;
	int rc = -1;

	wmm_order = malloc((src->n_wmms + 1) * sizeof(*wmm_order));
	wmm_off = malloc((src->n_wmms + 1) * sizeof(*wmm_off));
	rule_off = malloc(g->n_rules * sizeof(*rule_off));
	if (!wmm_order || !wmm_off || !rule_off) {
		rdb_err(g->err, src->name, "out of memory");
		goto out;
	}
	rdb_buf_be32(b, RDB_MAGIC);
	rdb_buf_be32(b, 20);
	for (i = 0; i < g->n; i++) {
		rdb_buf_put(b, g->c[i]->alpha2, 2);
		rdb_buf_be16(b, 0);	/* collection pointer, set below */
	}
	rdb_buf_be32(b, 0);

	/* Only the WMM rules some rule uses are written. */
	for (i = 0, k = 0; i < (size_t)src->n_wmms; i++) {
		for (j = 0; j < g->n_rules; j++)
			if (g->rules[j].wmm == (int)i)
				break;
		if (j < g->n_rules)
			wmm_order[k++] = (int)i;
	}
	qsort_r(wmm_order, k, sizeof(*wmm_order), wmm_index_cmp, (void *)src);
	for (i = 0; i < k; i++) {
		const struct rdb_wmm *w = &src->wmms[wmm_order[i]];
		unsigned int a;

		wmm_off[wmm_order[i]] = b->len;
		for (a = 0; a < RDB_NUM_WMM_AC; a++) {
			unsigned char ac[2];

			if (w->v[a][0] >= w->v[a][1]) {
				rdb_err(g->err, src->name,
					"a WMM rule's cw_min %u is not below its cw_max %u",
					w->v[a][0], w->v[a][1]);
				goto out;
			}
			ac[0] = (unsigned char)((int)(log(w->v[a][0] + 1.0) / log(2.0)) << 4 |
						(int)(log(w->v[a][1] + 1.0) / log(2.0)));
			ac[1] = (unsigned char)w->v[a][2];
			rdb_buf_put(b, ac, 2);
			rdb_buf_be16(b, w->v[a][3]);
		}
	}
	for (i = 0; i < g->n_rules; i++) {
		const struct rdb_perm *p = &g->rules[i];
		unsigned char head[2];
		uint32_t eirp = 0, f[3] = { 0 }, wptr = 0;
		uint8_t flags;

		rule_off[i] = b->len;
		if (fw_flags(g, p, &flags) ||
		    scaled(g, p, p->eirp, 100.0, 0xffff, "EIRP", &eirp) ||
		    scaled(g, p, p->start, 1000.0, UINT32_MAX, "frequency", &f[0]) ||
		    scaled(g, p, p->end, 1000.0, UINT32_MAX, "frequency", &f[1]) ||
		    scaled(g, p, p->bw, 1000.0, UINT32_MAX, "bandwidth", &f[2]))
			goto out;
		head[0] = p->wmm >= 0 ? 20 : 16;
		head[1] = flags;
		rdb_buf_put(b, head, 2);
		rdb_buf_be16(b, eirp);
		for (j = 0; j < 3; j++)
			rdb_buf_be32(b, f[j]);
		if (p->wmm >= 0) {
			rdb_buf_be16(b, 0);	/* CAC time: never set */
			if (ptr16(g, wmm_off[p->wmm], &wptr))
				goto out;
			rdb_buf_be16(b, wptr);
		}
	}
	for (i = 0; i < g->n_colls; i++) {
		const struct rdb_country *c = g->colls[i];
		unsigned char head[4] = { 3, (unsigned char)c->n, c->dfs_region, 0 };
		uint32_t ptr = 0;

		if (ptr16(g, b->len, &ptr))
			goto out;
		for (j = 0; j < g->n; j++)
			if (!coll_cmp(src, true, g->c[j], c))
				rdb_buf_set_be16(b, 8 + 4 * j + 2, ptr);
		if (c->n > 255) {
			rdb_err(g->err, src->name,
				"country %s has more than 255 rules", c->alpha2);
			goto out;
		}
		rdb_buf_put(b, head, 4);
		for (j = 0; j < c->n; j++) {
			if (ptr16(g, rule_off[rule_index(g, &c->perms[j])], &ptr))
				goto out;
			rdb_buf_be16(b, ptr);
		}
		if (c->n % 2)
			rdb_buf_be16(b, 0);
	}
	rc = 0;
out:
	free(wmm_order);
	free(wmm_off);
	free(rule_off);
	return rc;
}

int regdb_compile(const struct regdb_src *src, int version,
		  unsigned char **out, size_t *outlen, char **err)
{
	struct rdb_buf b = { 0 };
	struct gen g;
	int rc;

	if (version != 19 && version != 20)
		return rdb_err(err, src->name, "unknown format version %d",
			       version);
	if (gen_prepare(&g, src, version == 20, err))
		return -1;
	rc = version == 19 ? write_v19(&g, &b) : write_v20(&g, &b);
	gen_free(&g);
	if (rc) {
		rdb_buf_free(&b);
		return -1;
	}
	*out = rdb_buf_take(&b, outlen);
	if (!*out)
		return rdb_err(err, src->name, "out of memory");
	return 0;
}
