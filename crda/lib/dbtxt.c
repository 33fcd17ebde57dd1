// SPDX-License-Identifier: GPL-2.0
/*
 * dbtxt.c - the db.txt parser: one text in, one model (struct regdb_src)
 * out. Grammar and meaning follow wireless-regdb's dbparse.py, because the
 * compiler must give the same bytes as its generators:
 *
 *   - spaces and tabs are removed from every line before anything else,
 *     "#" starts a comment, an empty line ends a "wmmrule" section;
 *   - "country A1,A2: DFS-REGION" opens a section whose rule lines are
 *     "(start - end @ bw), (eirp[mW]), FLAG, ..., wmmrule=NAME" or use
 *     "band NAME:" and "power NAME:" definitions by name;
 *   - rules are compared as (start, end, bw, gain, eirp, flags, wmm) with
 *     floating-point values, kept sorted and unique per country; a country
 *     defined twice keeps its first DFS region and gains the new rules;
 *   - "wmmrule NAME:" is followed by eight "ac: cw_min=, cw_max=, aifsn=,
 *     cot=" lines whose order, not their names, gives their meaning.
 *
 * Where dbparse.py would crash or silently guess (an unknown DFS region, a
 * bad bandwidth), this parser reports an error instead.
 */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

struct named {
	char *name;
	double v[3];
};

struct parser {
	struct regdb_src *src;
	const char *file;
	unsigned int line;
	char **err;
	struct named *bands, *powers;
	size_t n_bands, n_powers;
	size_t cap_bands, cap_powers;
	size_t *cur;		/* countries of the open "country" section */
	size_t n_cur, cap_cur;
	bool in_country;
	size_t *cur_regions;	/* regions of the open "wmmrule" section */
	size_t n_cur_regions, cap_cur_regions;
	bool in_regions;
};

static int perr(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static char *vmsg(const char *fmt, va_list ap)
{
	char *msg = NULL;

	return vasprintf(&msg, fmt, ap) < 0 ? NULL : msg;
}

static int perr(struct parser *p, const char *fmt, ...)
{
	char *msg;
	va_list ap;

	va_start(ap, fmt);
	msg = vmsg(fmt, ap);
	va_end(ap);
	rdb_err(p->err, p->file, "line %u: %s", p->line,
		msg ? msg : "out of memory");
	free(msg);
	return -1;
}

static int oom(struct parser *p)
{
	return perr(p, "out of memory");
}

static bool grow(void **v, size_t *cap, size_t n, size_t size)
{
	void *nv;
	size_t c;

	if (n < *cap)
		return true;
	c = *cap ? *cap * 2 : 16;
	nv = realloc(*v, c * size);
	if (!nv)
		return false;
	*v = nv;
	*cap = c;
	return true;
}

static void pwarn(struct parser *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void pwarn(struct parser *p, const char *fmt, ...)
{
	struct regdb_src *s = p->src;
	char *msg;
	va_list ap;

	va_start(ap, fmt);
	msg = vmsg(fmt, ap);
	va_end(ap);
	if (msg && grow((void **)&s->warnings, &s->cap_warnings,
			s->n_warnings, sizeof(char *))) {
		char *w = rdb_asprintf("%s: line %u: %s", p->file, p->line, msg);

		if (w)
			s->warnings[s->n_warnings++] = w;
	}
	free(msg);
}

/* Python's float() on the characters a db.txt number can hold. */
static bool parse_float(const char *s, double *out)
{
	const char *q = s;
	char *end;

	if (*q == '+' || *q == '-')
		q++;
	if (!isdigit((unsigned char)*q) && !(*q == '.' &&
					     isdigit((unsigned char)q[1])))
		return false;
	for (; *q; q++)
		if (!isdigit((unsigned char)*q) && !strchr(".eE+-", *q))
			return false;
	*out = strtod(s, &end);
	return *end == 0 && isfinite(*out);
}

static bool parse_int(const char *s, long *out)
{
	const char *q = s;
	char *end;

	if (*q == '+' || *q == '-')
		q++;
	if (!*q)
		return false;
	for (; *q; q++)
		if (!isdigit((unsigned char)*q))
			return false;
	*out = strtol(s, &end, 10);
	return *end == 0 && *out > -100000000 && *out < 100000000;
}

bool rdb_py_int(double x, int64_t min, int64_t max, int64_t *out)
{
	double t = trunc(x);

	if (!(t >= (double)min && t <= (double)max))
		return false;
	*out = (int64_t)t;
	return true;
}

static int dcmp(double a, double b)
{
	return a < b ? -1 : a > b ? 1 : 0;
}

int rdb_wmm_cmp(const struct rdb_wmm *a, const struct rdb_wmm *b)
{
	unsigned int i, j;

	for (i = 0; i < RDB_NUM_WMM_AC; i++)
		for (j = 0; j < 4; j++)
			if (a->v[i][j] != b->v[i][j])
				return a->v[i][j] < b->v[i][j] ? -1 : 1;
	return 0;
}

int rdb_perm_cmp(const struct regdb_src *src, const struct rdb_perm *a,
		 const struct rdb_perm *b)
{
	int c;

	if ((c = dcmp(a->start, b->start)) || (c = dcmp(a->end, b->end)) ||
	    (c = dcmp(a->bw, b->bw)) || (c = dcmp(a->gain, b->gain)) ||
	    (c = dcmp(a->eirp, b->eirp)))
		return c;
	if (a->flags != b->flags)
		return a->flags < b->flags ? -1 : 1;
	if (a->wmm == b->wmm)
		return 0;
	if (a->wmm < 0 || b->wmm < 0)
		return a->wmm < 0 ? -1 : 1;
	return rdb_wmm_cmp(&src->wmms[a->wmm], &src->wmms[b->wmm]);
}

/* "start-end@bw" */
static int band_def(struct parser *p, const char *def, double v[3])
{
	const char *at = strchr(def, '@'), *dash;
	char buf[128];

	if (!at || strchr(at + 1, '@') || (size_t)(at - def) >= sizeof(buf))
		return perr(p, "band must be \"start - end @ bandwidth\"");
	memcpy(buf, def, (size_t)(at - def));
	buf[at - def] = 0;
	if (!parse_float(at + 1, &v[2]))
		return perr(p, "invalid bandwidth \"%s\"", at + 1);
	dash = strchr(buf, '-');
	if (!dash || strchr(dash + 1, '-'))
		return perr(p, "band must have frequency range");
	buf[dash - buf] = 0;
	if (!parse_float(buf, &v[0]) || !parse_float(dash + 1, &v[1]))
		return perr(p, "band must have frequency range");
	if (v[0] <= 0)
		return perr(p, "Invalid start freq (%g)", v[0]);
	if (v[1] <= 0)
		return perr(p, "Invalid end freq (%g)", v[1]);
	if (v[0] > v[1])
		return perr(p, "Inverted freq range (%g - %g)", v[0], v[1]);
	if (v[0] == v[1])
		return perr(p, "Start and end freqs are equal (%g)", v[0]);
	return 0;
}

/* "N/A", "20" (dBm) or "100mW" */
static int power_def(struct parser *p, const char *def, double *eirp)
{
	size_t n = strlen(def);
	char buf[64];

	if (!strcmp(def, "N/A"))
		def = "0";
	n = strlen(def);
	if (n >= 2 && !strcmp(def + n - 2, "mW")) {
		double mw;

		if (n - 2 >= sizeof(buf))
			return perr(p, "invalid power data");
		memcpy(buf, def, n - 2);
		buf[n - 2] = 0;
		if (!parse_float(buf, &mw) || mw <= 0)
			return perr(p, "invalid power data");
		*eirp = 10.0 * log10(mw);
		return 0;
	}
	if (!parse_float(def, eirp))
		return perr(p, "invalid power data");
	return 0;
}

static struct named *find_named(struct named *v, size_t n, const char *name)
{
	size_t i;

	for (i = n; i-- > 0;)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

static bool is_flag(const char *s)
{
	size_t i;

	for (i = 0; i < rdb_flag_names_count; i++)
		if (!strcmp(s, rdb_flag_names[i].name))
			return true;
	return false;
}

/* "band NAME: start-end@bw" and "power NAME: eirp" */
static int named_def(struct parser *p, char *rest, bool band)
{
	struct named **v = band ? &p->bands : &p->powers;
	size_t *n = band ? &p->n_bands : &p->n_powers;
	size_t *cap = band ? &p->cap_bands : &p->cap_powers;
	char *colon = strchr(rest, ':');
	struct named nd = { 0 };

	if (!colon)
		return perr(p, "%s name must be followed by colon",
			    band ? "band" : "power");
	*colon = 0;
	if (!*rest)
		return perr(p, "'%s' keyword must be followed by name",
			    band ? "band" : "power");
	if (is_flag(rest))
		return perr(p, "Invalid %s name", band ? "band" : "power");
	if (band ? band_def(p, colon + 1, nd.v) :
		   power_def(p, colon + 1, &nd.v[1]))
		return -1;
	nd.name = strdup(rest);
	if (!nd.name || !grow((void **)v, cap, *n, sizeof(**v))) {
		free(nd.name);
		return oom(p);
	}
	(*v)[(*n)++] = nd;
	return 0;
}

static int find_country(const struct regdb_src *s, const char *a2)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (!memcmp(s->countries[i].alpha2, a2, 2))
			return (int)i;
	return -1;
}

/* "country A1,A2: DFS-X" (after "country") */
static int country(struct parser *p, char *rest)
{
	struct regdb_src *s = p->src;
	char *colon = strchr(rest, ':'), *name, *save = NULL;
	unsigned int dfs = NL80211_DFS_UNSET;

	if (!colon)
		return perr(p, "country name must be followed by colon");
	*colon = 0;
	if (!*rest)
		return perr(p, "'country' keyword must be followed by name");
	if (!strcmp(colon + 1, "DFS-FCC"))
		dfs = NL80211_DFS_FCC;
	else if (!strcmp(colon + 1, "DFS-ETSI"))
		dfs = NL80211_DFS_ETSI;
	else if (!strcmp(colon + 1, "DFS-JP"))
		dfs = NL80211_DFS_JP;
	else if (colon[1])
		return perr(p, "unknown DFS region \"%s\"", colon + 1);
	p->n_cur = 0;
	p->in_country = true;
	for (name = strtok_r(rest, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		int i;

		if (!regdom_alpha2_valid(name))
			return perr(p, "country \"%s\" is not two capital letters or 00",
				    name);
		i = find_country(s, name);
		if (i < 0) {
			struct rdb_country *c;

			if (!grow((void **)&s->countries, &s->cap, s->n,
				  sizeof(*s->countries)))
				return oom(p);
			c = &s->countries[s->n];
			memset(c, 0, sizeof(*c));
			memcpy(c->alpha2, name, 3);
			c->dfs_region = (uint8_t)dfs;
			c->line = p->line;
			i = (int)s->n++;
		} else {
			pwarn(p, "country %s defined again (first at line %u)",
			      name, s->countries[i].line);
			if (s->countries[i].dfs_region != dfs)
				pwarn(p, "country %s keeps its first DFS region %s",
				      name,
				      regdom_dfs_name(s->countries[i].dfs_region));
		}
		if (!grow((void **)&p->cur, &p->cap_cur, p->n_cur,
			  sizeof(*p->cur)))
			return oom(p);
		p->cur[p->n_cur++] = (size_t)i;
	}
	return 0;
}

static int intern_wmm(struct parser *p, const struct rdb_wmm *w)
{
	struct regdb_src *s = p->src;
	size_t i;

	for (i = 0; i < s->n_wmms; i++)
		if (!rdb_wmm_cmp(&s->wmms[i], w))
			return (int)i;
	if (!grow((void **)&s->wmms, &s->cap_wmms, s->n_wmms, sizeof(*w)))
		return oom(p);
	s->wmms[s->n_wmms] = *w;
	return (int)s->n_wmms++;
}

static int find_region(const struct regdb_src *s, const char *name)
{
	size_t i;

	for (i = 0; i < s->n_regions; i++)
		if (!strcmp(s->regions[i].name, name))
			return (int)i;
	return -1;
}

static int add_perm(struct parser *p, struct rdb_country *c,
		    const struct rdb_perm *perm)
{
	size_t lo = 0, hi = c->n;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int r = rdb_perm_cmp(p->src, &c->perms[mid], perm);

		if (!r) {
			pwarn(p, "rule added to %s twice (first at line %u)",
			      c->alpha2, c->perms[mid].line);
			return 0;
		}
		if (r < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (!grow((void **)&c->perms, &c->cap, c->n, sizeof(*perm)))
		return oom(p);
	memmove(&c->perms[lo + 1], &c->perms[lo],
		(c->n - lo) * sizeof(*perm));
	c->perms[lo] = *perm;
	c->n++;
	return 0;
}

/* Split at the first occurrence of @sep: *s is cut there, return the rest. */
static char *split(char *s, const char *sep)
{
	char *x = strstr(s, sep);

	if (!x)
		return NULL;
	*x = 0;
	return x + strlen(sep);
}

/* "FLAG,FLAG,...[,wmmrule=NAME]": every item must be a known flag. */
static int flag_list(struct parser *p, char *flags, struct rdb_perm *perm)
{
	char *last = strrchr(flags, ','), *item, *next;

	last = last ? last + 1 : flags;
	if (strstr(last, "wmmrule")) {
		char *eq = strchr(last, '=');
		const struct rdb_wmm_region *g;
		struct rdb_wmm w;
		int r;

		if (!eq)
			return perr(p, "flags is empty list or no region was found");
		r = find_region(p->src, eq + 1);
		g = r < 0 ? NULL : &p->src->regions[r];
		if (!g || !g->n_acs)
			return perr(p, "No wmm rule for %s", eq + 1);
		if (g->n_acs != RDB_NUM_WMM_AC)
			return perr(p, "wmmrule %s has %u access categories, not 8",
				    eq + 1, g->n_acs);
		memcpy(w.v, g->v, sizeof(w.v));
		perm->wmm = intern_wmm(p, &w);
		if (perm->wmm < 0)
			return -1;
		if (last == flags)
			return 0;
		last[-1] = 0;
	}
	for (item = flags; item; item = next) {
		size_t i;

		next = strchr(item, ',');
		if (next)
			*next++ = 0;
		for (i = 0; i < rdb_flag_names_count; i++)
			if (!strcmp(item, rdb_flag_names[i].name))
				break;
		if (i == rdb_flag_names_count)
			return perr(p, "Invalid flag '%s'", item);
		perm->flags |= rdb_flag_names[i].bit;
	}
	return 0;
}

/* One rule line inside a "country" section. */
static int country_item(struct parser *p, char *line)
{
	struct rdb_perm perm = { .wmm = -1, .line = p->line };
	char *rest, *flags = NULL;
	double bv[3];

	if (line[0] == '(') {
		rest = split(line + 1, "),");
		if (!rest)
			return perr(p, "Badly parenthesised band definition");
		if (band_def(p, line + 1, bv))
			return -1;
	} else {
		struct named *b;

		rest = split(line, ",");
		if (!rest || !*line || !*rest)
			return perr(p, "country definition must have band and power");
		b = find_named(p->bands, p->n_bands, line);
		if (!b)
			return perr(p, "band \"%s\" does not exist", line);
		memcpy(bv, b->v, sizeof(bv));
	}
	perm.start = bv[0];
	perm.end = bv[1];
	perm.bw = bv[2];
	if (!*rest)
		return perr(p, "country definition must have power");
	if (rest[0] == '(') {
		flags = split(rest, "),");
		if (!flags) {
			size_t n = strlen(rest);

			if (rest[n - 1] != ')')
				return perr(p, "Badly parenthesised power definition");
			rest[n - 1] = 0;
		}
		if (power_def(p, rest + 1, &perm.eirp))
			return -1;
	} else {
		struct named *pw;

		flags = split(rest, ",");
		pw = find_named(p->powers, p->n_powers, rest);
		if (!pw)
			return perr(p, "power \"%s\" does not exist", rest);
		perm.eirp = pw->v[1];
	}
	/* flags: a comma-separated list, the last item may name a wmmrule */
	if (flags && flag_list(p, flags, &perm))
		return -1;
	for (size_t i = 0; i < p->n_cur; i++)
		if (add_perm(p, &p->src->countries[p->cur[i]], &perm))
			return -1;
	return 0;
}

/* "wmmrule R1,R2:" (after "wmmrule") */
static int wmmrule(struct parser *p, char *rest)
{
	struct regdb_src *s = p->src;
	size_t n = strlen(rest);
	char *name, *save = NULL;

	if (n)
		rest[n - 1] = 0;	/* the colon */
	if (!*rest)
		return perr(p, "'wmmrule' keyword must be followed by region");
	p->n_cur_regions = 0;
	p->in_regions = true;
	for (name = strtok_r(rest, ",", &save); name;
	     name = strtok_r(NULL, ",", &save)) {
		int r = find_region(s, name);

		if (r >= 0 && s->regions[r].n_acs)
			pwarn(p, "region %s was added already to wmm rules", name);
		if (r < 0) {
			struct rdb_wmm_region *g;

			if (!grow((void **)&s->regions, &s->cap_regions,
				  s->n_regions, sizeof(*g)))
				return oom(p);
			g = &s->regions[s->n_regions];
			memset(g, 0, sizeof(*g));
			g->name = strdup(name);
			if (!g->name)
				return oom(p);
			r = (int)s->n_regions++;
		}
		if (!grow((void **)&p->cur_regions, &p->cap_cur_regions,
			  p->n_cur_regions, sizeof(size_t)))
			return oom(p);
		p->cur_regions[p->n_cur_regions++] = (size_t)r;
	}
	return 0;
}

/* "ac: cw_min=N, cw_max=N, aifsn=N, cot=N" inside a wmmrule section */
static int wmmrule_item(struct parser *p, char *line)
{
	static const long max[4] = { 0xffff, 0xffff, 0xff, 0xffff };
	char *vals = strchr(line, ':'), *item, *save = NULL;
	long v[4];
	unsigned int n = 0, i;

	if (!vals || strchr(vals + 1, ':'))
		return perr(p, "access category must be followed by colon");
	*vals++ = 0;
	if (!*line)
		return perr(p, "wmm item must have ac prefix");
	for (item = strtok_r(vals, ",", &save); item;
	     item = strtok_r(NULL, ",", &save)) {
		char *eq = strchr(item, '=');

		if (n == 4 || !eq || !parse_int(eq + 1, &v[n]))
			return perr(p, "wmm values must be cw_min=N, cw_max=N, aifsn=N, cot=N");
		n++;
	}
	if (n != 4)
		return perr(p, "wmm values must be cw_min=N, cw_max=N, aifsn=N, cot=N");
	if (v[0] < 1)
		return perr(p, "Invalid cw_min value (%ld)", v[0]);
	if (v[1] < 1)
		return perr(p, "Invalid cw_max value (%ld)", v[1]);
	if (v[0] > v[1])
		return perr(p, "Inverted contention window (%ld - %ld)", v[0], v[1]);
	for (i = 0; i < 2; i++)
		if (v[i] >= 0x8000 || ((v[i] + 1) & v[i]))
			return perr(p, "Invalid %s value should be power of 2 - 1 (%ld)",
				    i ? "cw_max" : "cw_min", v[i]);
	if (v[2] < 1)
		return perr(p, "Invalid aifsn value (%ld)", v[2]);
	if (v[3] < 0)
		return perr(p, "Invalid cot value (%ld)", v[3]);
	for (i = 0; i < 4; i++)
		if (v[i] > max[i])
			return perr(p, "value %ld does not fit in %d byte(s)", v[i],
				    max[i] > 0xff ? 2 : 1);
	for (i = 0; i < p->n_cur_regions; i++) {
		struct rdb_wmm_region *g = &p->src->regions[p->cur_regions[i]];
		unsigned int a;

		for (a = 0; a < g->n_acs; a++)
			if (!strcmp(g->ac_names[a], line))
				break;
		if (a == g->n_acs) {
			if (a == RDB_NUM_WMM_AC)
				return perr(p, "wmmrule %s has more than 8 access categories",
					    g->name);
			g->ac_names[a] = strdup(line);
			if (!g->ac_names[a])
				return oom(p);
			g->n_acs++;
		}
		for (n = 0; n < 4; n++)
			g->v[a][n] = (uint32_t)v[n];
	}
	return 0;
}

static bool is_ws(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	       c == '\f' || (c >= 0x1c && c <= 0x1f);
}

static int one_line(struct parser *p, const char *s, size_t len)
{
	char *line, *q;
	size_t i;
	int rc = 0;

	while (len && is_ws((unsigned char)*s)) {
		s++;
		len--;
	}
	while (len && is_ws((unsigned char)s[len - 1]))
		len--;
	line = malloc(len + 1);
	if (!line)
		return oom(p);
	for (i = 0, q = line; i < len; i++)
		if (s[i] != ' ' && s[i] != '\t')
			*q++ = s[i];
	*q = 0;
	if (!line[0])
		p->in_regions = false;
	q = strchr(line, '#');
	if (q)
		*q = 0;
	if (!line[0])
		goto out;
	if (!strncmp(line, "band", 4)) {
		rc = named_def(p, line + 4, true);
		p->in_country = p->in_regions = false;
	} else if (!strncmp(line, "power", 5)) {
		rc = named_def(p, line + 5, false);
		p->in_country = p->in_regions = false;
	} else if (!strncmp(line, "country", 7)) {
		rc = country(p, line + 7);
		p->in_regions = false;
	} else if (p->in_country) {
		p->in_regions = false;
		rc = country_item(p, line);
	} else if (!strncmp(line, "wmmrule", 7)) {
		rc = wmmrule(p, line + 7);
		p->in_country = false;
	} else if (p->in_regions) {
		rc = wmmrule_item(p, line);
		p->in_country = false;
	} else {
		rc = perr(p, "Expected band, power or country definition");
	}
out:
	free(line);
	return rc;
}

void regdb_src_free(struct regdb_src *s)
{
	size_t i;
	unsigned int a;

	if (!s)
		return;
	for (i = 0; i < s->n; i++)
		free(s->countries[i].perms);
	for (i = 0; i < s->n_regions; i++) {
		free(s->regions[i].name);
		for (a = 0; a < s->regions[i].n_acs; a++)
			free(s->regions[i].ac_names[a]);
	}
	for (i = 0; i < s->n_warnings; i++)
		free(s->warnings[i]);
	free(s->countries);
	free(s->wmms);
	free(s->regions);
	free(s->warnings);
	free(s->name);
	free(s);
}

struct regdb_src *regdb_src_parse(const char *name, const char *text,
				  size_t len, char **err)
{
	struct parser p = { .file = name ? name : "db.txt", .err = err };
	size_t i = 0, start;
	int rc = 0;

	p.src = calloc(1, sizeof(*p.src));
	if (!p.src || !(p.src->name = strdup(p.file))) {
		free(p.src);
		rdb_err(err, p.file, "out of memory");
		return NULL;
	}
	/* Lines end at \n, \r\n or \r (Python's universal newlines). */
	while (!rc && i < len) {
		start = i;
		while (i < len && text[i] != '\n' && text[i] != '\r')
			i++;
		p.line++;
		rc = one_line(&p, text + start, i - start);
		if (i < len && text[i] == '\r' && i + 1 < len &&
		    text[i + 1] == '\n')
			i++;
		if (i < len)
			i++;
	}
	for (i = 0; i < p.n_bands; i++)
		free(p.bands[i].name);
	for (i = 0; i < p.n_powers; i++)
		free(p.powers[i].name);
	free(p.bands);
	free(p.powers);
	free(p.cur);
	free(p.cur_regions);
	if (rc) {
		regdb_src_free(p.src);
		return NULL;
	}
	return p.src;
}

struct regdb_src *regdb_src_load(const char *path, char **err)
{
	unsigned char *data;
	size_t len;
	struct regdb_src *s;

	if (regdb_read_file(path, &data, &len, err))
		return NULL;
	s = regdb_src_parse(path, (const char *)data, len, err);
	free(data);
	return s;
}

const char *const *regdb_src_warnings(const struct regdb_src *src, size_t *n)
{
	*n = src->n_warnings;
	return (const char *const *)src->warnings;
}
