// SPDX-License-Identifier: GPL-2.0
/*
 * preview.c - `regctl diff XX` (and `set XX --dry-run`): what a user hint
 * for XX would do to every radio, before anything is applied.
 *
 * The rules are the ones the hint's answer would bring: crda's database,
 * looked up and verified as crda does (libregdb), when regcore asks crda;
 * none when regcore reads regulatory.db itself (it looks the country up).
 * regcore decides the hint as its turn would and computes each radio's
 * channels on a copy (REGCORE_OP_PREVIEW); this file only compares them
 * with the channel table (GET_WIPHY) and says what changes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "lib/regdb.h"
#include "preview.h"

static const char *decision_word(uint8_t d)
{
	switch (d) {
	case REGCORE_DECISION_APPLY: return "apply";
	case REGCORE_DECISION_INTERSECT: return "intersect";
	case REGCORE_DECISION_ALREADY_SET: return "already_set";
	case REGCORE_DECISION_IGNORE: return "ignore";
	default: return "unknown";
	}
}

/* regcore's regdb parameter, or "crda" (its default) when unreadable. */
static void read_source(char *buf, size_t len)
{
	FILE *f = fopen("/sys/module/regcore/parameters/regdb", "r");

	snprintf(buf, len, "crda");
	if (!f)
		return;
	if (fgets(buf, (int)len, f))
		buf[strcspn(buf, "\n")] = '\0';
	fclose(f);
}

static bool same(const struct regnl_channel *a, const struct regnl_channel *b)
{
	return a->flags == b->flags && a->has_max_power == b->has_max_power &&
	       a->max_power_mbm == b->max_power_mbm;
}

static const struct regnl_channel *after_of(const struct regnl_preview *p,
					    const struct regnl_channel *c)
{
	size_t i;

	for (i = 0; i < p->n_channels; i++)
		if (p->channels[i].freq_mhz == c->freq_mhz &&
		    p->channels[i].offset_khz == c->offset_khz)
			return &p->channels[i];
	return NULL;
}

/* " -flag +flag" for each flag @b has and @a lacks, and the reverse. */
static void flag_changes(FILE *f, const struct regnl_channel *b,
			 const struct regnl_channel *a)
{
	const char *wb[64], *wa[64];
	size_t nb = regnl_chan_flag_words(b, wb, 64);
	size_t na = regnl_chan_flag_words(a, wa, 64), i, j;

	for (i = 0; i < nb; i++) {
		for (j = 0; j < na && strcmp(wb[i], wa[j]); j++)
			;
		if (j == na)
			fprintf(f, " -%s", wb[i]);
	}
	for (j = 0; j < na; j++) {
		for (i = 0; i < nb && strcmp(wb[i], wa[j]); i++)
			;
		if (i == nb)
			fprintf(f, " +%s", wa[j]);
	}
}

static void json_chan(FILE *f, const char *key, const struct regnl_channel *c)
{
	const char *words[64];
	size_t i, n = regnl_chan_flag_words(c, words, 64);

	fprintf(f, ",\"%s\":{\"max_tx_power_mbm\":%u,\"flags\":[", key,
		c->max_power_mbm);
	for (i = 0; i < n; i++) {
		fputs(i ? "," : "", f);
		json_str(f, words[i]);
	}
	fputs("]}", f);
}

/* One radio: what changes. */
static void radio_text(FILE *f, const struct regnl_wiphy *w,
		       const struct regnl_preview *p)
{
	size_t bi, ci, n = 0, total = 0;

	if (p->ignored) {
		fprintf(f, "%s: keeps its channels: %s\n", w->name,
			p->ignored_text);
		return;
	}
	if (!p->has_channels) {
		fprintf(f, "%s: nothing changes\n", w->name);
		return;
	}
	for (bi = 0; bi < w->n_bands; bi++)
		for (ci = 0; ci < w->bands[bi].n_channels; ci++) {
			const struct regnl_channel *b = &w->bands[bi].channels[ci];
			const struct regnl_channel *a = after_of(p, b);

			total++;
			if (!a || same(a, b))
				continue;
			if (!n++)
				fprintf(f, "%s:\n", w->name);
			fprintf(f, "  %u", b->freq_mhz);
			if (b->offset_khz)
				fprintf(f, ".%03u", b->offset_khz);
			fprintf(f, " MHz [%d]:", regnl_freq_to_channel((int)b->freq_mhz));
			if (a->max_power_mbm != b->max_power_mbm)
				fprintf(f, " %.2f -> %.2f dBm%s",
					b->max_power_mbm / 100.0,
					a->max_power_mbm / 100.0,
					a->flags != b->flags ? ";" : "");
			flag_changes(f, b, a);
			fputc('\n', f);
		}
	if (!n)
		fprintf(f, "%s: none of its %zu channels changes\n", w->name,
			total);
	else
		fprintf(f, "%s: %zu of its %zu channels change\n", w->name, n,
			total);
}

static void radio_json(FILE *f, const struct regnl_wiphy *w,
		       const struct regnl_preview *p, bool comma)
{
	size_t bi, ci, n = 0, total = 0;
	bool first = true;

	fputs(comma ? ",{" : "{", f);
	kv_str(f, &first, "name", w->name);
	kv_u(f, &first, "wiphy", w->index);
	if (p->ignored)
		kv_str(f, &first, "ignored", p->ignored_text);
	fputs(",\"changes\":[", f);
	for (bi = 0; bi < w->n_bands; bi++)
		for (ci = 0; ci < w->bands[bi].n_channels; ci++) {
			const struct regnl_channel *b = &w->bands[bi].channels[ci];
			const struct regnl_channel *a = after_of(p, b);
			bool f2 = true;

			total++;
			if (!a || same(a, b))
				continue;
			fputs(n++ ? ",{" : "{", f);
			kv_u(f, &f2, "freq_mhz", b->freq_mhz);
			if (b->offset_khz)
				kv_u(f, &f2, "freq_offset_khz", b->offset_khz);
			kv_u(f, &f2, "channel",
			     (unsigned int)regnl_freq_to_channel((int)b->freq_mhz));
			json_chan(f, "before", b);
			json_chan(f, "after", a);
			fputc('}', f);
		}
	fputc(']', f);
	kv_u(f, &first, "channels", total);
	fputc('}', f);
}

/*
 * The rules the answer would bring, from crda's database (*rd, owned by
 * *db), for regcore's regdb=crda, or for regdb=auto once regcore found
 * nothing in regulatory.db. Returns 0, 1 (said on err), or
 * REGCTL_EXIT_PREVIEW_NO_RULES.
 */
static int crda_rules(const struct regctl_preview_req *q, struct regdb **db,
		      const struct regdom **rd, const char **from, FILE *err)
{
	const char *path = q->db ? q->db : regdb_default_path();
	char *msg = NULL;

	if (!path) {
		fprintf(err, "regctl: no database of crda's: none of " REGDB_DEFAULT_DBS(", ") " exists\n");
		return 1;
	}
	*db = regdb_open(path, NULL, &msg);
	if (!*db) {
		fprintf(err, "regctl: %s: %s\n", path, msg ? msg : "refused");
		free(msg);
		return 1;
	}
	*rd = regdb_find(*db, q->alpha2);
	if (!*rd) {
		fprintf(err, "regctl: %s is not in %s: crda would have no rules for it\n",
			q->alpha2, path);
		return REGCTL_EXIT_PREVIEW_NO_RULES;
	}
	*from = path;
	return 0;
}

/* regcore found nothing for the country in regulatory.db */
static bool regdb_lacks(const struct regnl_status *st)
{
	return st->kind == REGNL_E_KERNEL &&
	       (st->err == -ENODATA || st->err == -ENOENT);
}

/* regcore's look-up failed where regdb=auto then asks crda: any refusal
 * of regulatory.db's
 */
static bool regdb_failed(const struct regnl_status *st)
{
	return st->kind == REGNL_E_KERNEL && st->err != -ENODEV &&
	       st->err != -ENOMEM && st->err != -EPERM;
}

/* regcore would ask crda: it wants the rules */
static bool wants_rules(const struct regnl_status *st)
{
	return st->kind == REGNL_E_KERNEL && st->err == -ENOMSG;
}

int regctl_preview(FILE *out, FILE *err, struct regnl *nl,
		   const struct regctl_preview_req *q, struct regnl_status *st)
{
	struct regnl_preview *pv = NULL;
	struct regnl_wiphy_list l;
	const struct regdom *rd;
	struct regdb *db;
	const char *from;
	char source[32];
	bool first = true;
	size_t i;
	int r, status = 0;

	memset(st, 0, sizeof(*st));
	if (q->source)
		snprintf(source, sizeof(source), "%s", q->source);
	else
		read_source(source, sizeof(source));
	db = NULL;
	rd = NULL;
	from = "regulatory.db (regcore's own look-up)";
	/* regcore decides first, and says when it needs rules: crda's
	 * (regdb=crda, or auto where regulatory.db has none)
	 */
	if (regnl_get_wiphys(nl, &l, st)) {
		regdb_close(db);
		return -1;
	}
	pv = calloc(l.n ? l.n : 1, sizeof(*pv));
	if (!pv) {
		fprintf(err, "regctl: out of memory\n");
		status = 1;
		goto out;
	}
	for (i = 0; i < l.n; i++) {
		r = regnl_preview(nl, l.v[i].index, q->alpha2, rd, q->cell_base,
				  &pv[i], st);
		if (r && !rd && (wants_rules(st) ||
				 (!strcmp(source, "auto") && regdb_failed(st)))) {
			/* crda would answer */
			status = crda_rules(q, &db, &rd, &from, err);
			if (status)
				goto out;
			r = regnl_preview(nl, l.v[i].index, q->alpha2, rd,
					  q->cell_base, &pv[i], st);
		}
		if (r) {
			if (regdb_lacks(st)) {
				fprintf(err, "regctl: regcore has no rules for %s in regulatory.db (error %d)\n",
					q->alpha2, -st->err);
				status = REGCTL_EXIT_PREVIEW_NO_RULES;
			} else {
				status = -1;
			}
			goto out;
		}
	}
	if (!l.n) {
		fprintf(err, "regctl: no radio is registered: nothing would change\n");
		goto out;
	}
	if (q->json) {
		fputc('{', out);
		kv_str(out, &first, "alpha2", q->alpha2);
		kv_str(out, &first, "decision", decision_word(pv[0].decision));
		kv_str(out, &first, "why", pv[0].why);
		if (pv[0].err)
			kv_u(out, &first, "errno", pv[0].err);
		if (pv[0].has_domain)
			kv_str(out, &first, "rules_from", from);
		if (pv[0].has_domain) {
			fputs(",\"domain\":", out);
			regnl_json_domain(out, &pv[0].domain);
		}
		kv_bool(out, &first, "intersect", pv[0].intersect);
		kv_bool(out, &first, "ahead", pv[0].ahead);
		fputs(",\"radios\":[", out);
		for (i = 0; i < l.n; i++)
			radio_json(out, &l.v[i], &pv[i], i > 0);
		fputs("]}\n", out);
		goto out;
	}
	if (pv[0].ahead)
		fprintf(out, "note: a request is pending or queued: the hint would be decided after it; this is against the state now\n");
	fprintf(out, "%s%s: ", q->cell_base ? "cellular base station's " : "",
		q->alpha2);
	switch (pv[0].decision) {
	case REGCORE_DECISION_IGNORE:
		fprintf(out, "would be ignored: %s\n", pv[0].why);
		goto out;
	case REGCORE_DECISION_ALREADY_SET:
		fprintf(out, "nothing would change: %s\n", pv[0].why);
		goto out;
	default:
		break;
	}
	if (pv[0].err) {
		fprintf(out, "its answer could not be applied (error %u): the settings would be restored\n",
			pv[0].err);
		goto out;
	}
	fprintf(out, "%s (%s)\n", pv[0].intersect ?
		"would be intersected with the domain in force" :
		"would be put in force", pv[0].why);
	if (pv[0].has_domain)
		fprintf(out, "in force after: %s (%u rules), rules from %s\n",
			pv[0].domain.rd.alpha2, pv[0].domain.rd.n_rules, from);
	for (i = 0; i < l.n; i++)
		radio_text(out, &l.v[i], &pv[i]);
out:
	if (pv)
		for (i = 0; i < l.n; i++)
			regnl_preview_free(&pv[i]);
	free(pv);
	regnl_wiphy_list_free(&l);
	regdb_close(db);
	return status;
}
