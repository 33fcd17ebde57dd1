// SPDX-License-Identifier: GPL-2.0
/*
 * why.c - `regctl why PHY CHANNEL|FREQ|all [--width W]`: why a channel of
 * a radio has its flags and power.
 *
 * Everything about the computation comes from regcore (REGCORE_OP_WHY):
 * the domain the channel followed, the rule or rules that hold it, what
 * the computation gives when the module runs it again, the channel as it
 * is, the radio's originals. This file only puts it into words, with the
 * journal entry that put the domain in force, and reads the widths off the
 * flags the module set (on this channel and on its neighbours of the
 * channel table).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "why.h"

/* ---- the journal: which entry put the domain in force ---- */

struct jlog {
	size_t n;
	struct regnl_jentry *v;
};

static int keep_jentry(const struct regnl_jentry *e, void *arg,
		       struct regnl_status *st)
{
	struct jlog *j = arg;
	struct regnl_jentry *v;

	if (e->event != REGCORE_JOURNAL_INSTALLED &&
	    e->event != REGCORE_JOURNAL_RESTORE)
		return 0;
	v = realloc(j->v, (j->n + 1) * sizeof(*v));
	if (!v) {
		st->kind = REGNL_E_NOMEM;
		st->err = -ENOMEM;
		snprintf(st->detail, sizeof(st->detail), "out of memory");
		return -ENOMEM;
	}
	j->v = v;
	j->v[j->n++] = *e;
	return 0;
}

/* The last domain installed (or restore) at or before entry seq. */
static const struct regnl_jentry *installed_by(const struct jlog *j,
					       uint64_t seq)
{
	const struct regnl_jentry *found = NULL;
	size_t i;

	for (i = 0; i < j->n; i++)
		if (j->v[i].seq <= seq)
			found = &j->v[i];
	return found;
}

/* ---- words ---- */

static const char *path_word(uint8_t path)
{
	switch (path) {
	case REGCORE_WHY_ORIGINAL: return "original";
	case REGCORE_WHY_COMPUTED: return "computed";
	case REGCORE_WHY_SELF_MANAGED: return "self_managed";
	default: return "unknown";
	}
}

static const char *initiator_word(uint8_t initiator)
{
	switch (initiator) {
	case NL80211_REGDOM_SET_BY_CORE: return "core";
	case NL80211_REGDOM_SET_BY_USER: return "user";
	case NL80211_REGDOM_SET_BY_DRIVER: return "driver";
	case NL80211_REGDOM_SET_BY_COUNTRY_IE: return "country_ie";
	default: return "unknown";
	}
}

static const char *initiator_text(uint8_t initiator, uint8_t hint_type)
{
	if (initiator == NL80211_REGDOM_SET_BY_USER &&
	    hint_type == NL80211_USER_REG_HINT_CELL_BASE)
		return "a cellular base station (user hint)";
	switch (initiator) {
	case NL80211_REGDOM_SET_BY_CORE: return "the core (world)";
	case NL80211_REGDOM_SET_BY_USER: return "the user";
	case NL80211_REGDOM_SET_BY_DRIVER: return "a driver";
	case NL80211_REGDOM_SET_BY_COUNTRY_IE: return "a country element";
	default: return "an unknown initiator";
	}
}

static const char *no_rule_text(uint32_t err)
{
	return err == ERANGE ? "the domain has no rule in the channel's band" :
	       "no rule of the domain holds it at 20 MHz (nor two adjoining rules together)";
}

/* Flags that tell a channel table and a computation apart. */
static uint64_t table_flags(const struct regnl_channel *c, bool beacon_lift)
{
	uint64_t f = c->flags;

	if (beacon_lift)
		f &= ~((UINT64_C(1) << NL80211_FREQUENCY_ATTR_NO_IR) |
		       (UINT64_C(1) << __NL80211_FREQUENCY_ATTR_NO_IBSS));
	return f;
}

/* Do the channel's flags and power agree with the computation (and the
 * beacon it heard)?
 */
static bool agrees(const struct regnl_why *a)
{
	if (!a->has_computed)
		return false;
	return table_flags(&a->computed, a->beacon_lift) == a->now.flags &&
	       a->computed.has_max_power == a->now.has_max_power &&
	       a->computed.max_power_mbm == a->now.max_power_mbm;
}

static void flags_text(char *buf, size_t size, const struct regnl_channel *c)
{
	const char *words[64];
	size_t i, n = regnl_chan_flag_words(c, words, 64), len = 0;

	buf[0] = '\0';
	for (i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%s",
					i ? " " : "", words[i]);
	if (!n)
		snprintf(buf, size, "none");
}

static void rule_text(char *buf, size_t size, const struct regdom_rule *r)
{
	char flags[256];

	const char *f = flags;

	regnl_rule_flags_text(flags, sizeof(flags), r->flags);
	/* the words come as ", A, B" */
	while (*f == ',' || *f == ' ')
		f++;
	snprintf(buf, size, "%.3f-%.3f MHz, %.0f MHz, %.2f dBm, %.2f dBi%s%s",
		 r->start_khz / 1000.0, r->end_khz / 1000.0,
		 r->max_bw_khz / 1000.0, r->max_eirp_mbm / 100.0,
		 r->max_ant_gain_mbi / 100.0, *f ? ", " : "", f);
}

/* ---- widths, read off the flags ---- */

struct width_answer {
	const char *name;	/* "20", "40-", "40+", "80", "160", "320" */
	bool allowed;
	char why[256];
};

static bool flag(const struct regnl_channel *c, unsigned int attr)
{
	return regnl_chan_flag(c, attr);
}

static const struct regnl_channel *chan_at(const struct regnl_band *b,
					   uint32_t mhz)
{
	size_t i;

	for (i = 0; i < b->n_channels; i++)
		if (b->channels[i].freq_mhz == mhz && !b->channels[i].offset_khz)
			return &b->channels[i];
	return NULL;
}

/* The smallest bandwidth of the rules that hold the channel, kHz. */
static uint32_t rules_bw(const struct regnl_why *a)
{
	uint32_t bw = UINT32_MAX;
	unsigned int i;

	for (i = 0; i < a->n_rules; i++)
		if (a->rule_bw_khz[i] < bw)
			bw = a->rule_bw_khz[i];
	return bw;
}

static uint32_t rules_flags(const struct regnl_why *a)
{
	uint32_t f = 0;
	unsigned int i;

	for (i = 0; i < a->n_rules; i++)
		f |= a->domain.rd.rules[a->rule_idx[i]].flags;
	return f;
}

/* Why this channel's own flag forbids a width: its rules, if they say. */
static void own_reason(char *buf, size_t size, const struct regnl_why *a,
		       uint32_t width_mhz, uint32_t rule_flag,
		       const char *rule_flag_name)
{
	uint32_t bw = rules_bw(a);

	if (a->left) {
		snprintf(buf, size, "the computation before the country element set it");
		return;
	}
	if (a->n_rules && bw < width_mhz * 1000)
		snprintf(buf, size, "the rule allows at most %u MHz",
			 bw / 1000);
	else if (a->n_rules && (rules_flags(a) & rule_flag))
		snprintf(buf, size, "the rule says %s", rule_flag_name);
	else if (!a->n_rules && a->has_domain && !a->left)
		snprintf(buf, size, "no rule holds the channel");
	else
		snprintf(buf, size, "the radio's own settings forbid it");
}

static void width_20(struct width_answer *w, const struct regnl_why *a)
{
	const struct regnl_channel *c = &a->now;

	w->name = "20";
	w->allowed = !flag(c, NL80211_FREQUENCY_ATTR_DISABLED) &&
		     !flag(c, NL80211_FREQUENCY_ATTR_NO_20MHZ);
	if (flag(c, NL80211_FREQUENCY_ATTR_DISABLED))
		snprintf(w->why, sizeof(w->why), "the channel is disabled");
	else if (!w->allowed && a->n_rules && rules_bw(a) < 20000)
		snprintf(w->why, sizeof(w->why),
			 "the rule allows at most %u kHz", rules_bw(a));
	else if (!w->allowed && a->n_rules)
		snprintf(w->why, sizeof(w->why),
			 "the rule's range leaves less than 20 MHz around the channel");
	else if (!w->allowed)
		snprintf(w->why, sizeof(w->why),
			 "the radio's own settings forbid it");
	else
		snprintf(w->why, sizeof(w->why), "enabled");
}

static void width_40(struct width_answer *w, const struct regnl_why *a,
		     const struct regnl_band *b, bool plus)
{
	const struct regnl_channel *c = &a->now, *n;
	uint32_t nf = c->freq_mhz + (plus ? 20 : -20);
	unsigned int attr = plus ? NL80211_FREQUENCY_ATTR_NO_HT40_PLUS :
			    NL80211_FREQUENCY_ATTR_NO_HT40_MINUS;
	uint32_t rflag = plus ? NL80211_RRF_NO_HT40PLUS :
			 NL80211_RRF_NO_HT40MINUS;

	w->name = plus ? "40+" : "40-";
	w->allowed = !flag(c, NL80211_FREQUENCY_ATTR_DISABLED) &&
		     !flag(c, attr);
	if (w->allowed) {
		snprintf(w->why, sizeof(w->why), "with %u MHz %s", nf,
			 plus ? "above" : "below");
		return;
	}
	if (flag(c, NL80211_FREQUENCY_ATTR_DISABLED)) {
		snprintf(w->why, sizeof(w->why), "the channel is disabled");
		return;
	}
	if (a->n_rules && rules_bw(a) < 40000) {
		own_reason(w->why, sizeof(w->why), a, 40, rflag, "");
		return;
	}
	/* the second pass reads the radio's own domain's rule */
	if (a->own && a->n_rules == 1 && (rules_flags(a) & rflag)) {
		snprintf(w->why, sizeof(w->why), "its own domain's rule says %s",
			 plus ? "NO-HT40PLUS" : "NO-HT40MINUS");
		return;
	}
	n = b ? chan_at(b, nf) : NULL;
	if (!n)
		snprintf(w->why, sizeof(w->why),
			 "%u MHz, 20 MHz %s, is not a channel of the radio", nf,
			 plus ? "above" : "below");
	else if (flag(n, NL80211_FREQUENCY_ATTR_DISABLED))
		snprintf(w->why, sizeof(w->why),
			 "%u MHz, 20 MHz %s, is disabled", nf,
			 plus ? "above" : "below");
	else if (flag(n, NL80211_FREQUENCY_ATTR_NO_HT40_MINUS) &&
		 flag(n, NL80211_FREQUENCY_ATTR_NO_HT40_PLUS))
		snprintf(w->why, sizeof(w->why),
			 "%u MHz, 20 MHz %s, does not allow 40 MHz", nf,
			 plus ? "above" : "below");
	else
		snprintf(w->why, sizeof(w->why),
			 "the radio's own settings forbid it");
}

/* The 20 MHz channels of the block of width_mhz holding freq, or 0. */
static uint32_t block_start(uint32_t band, uint32_t freq, uint32_t width_mhz)
{
	static const uint32_t b80[] = { 5170, 5250, 5490, 5570, 5650, 5735,
					5815 };
	static const uint32_t b160[] = { 5170, 5490, 5735 };
	const uint32_t *v = width_mhz == 80 ? b80 : b160;
	size_t i, n = width_mhz == 80 ? 7 : 3;

	if (band == NL80211_BAND_6GHZ && freq > 5945)
		return 5945 + (freq - 5945) / width_mhz * width_mhz;
	if (band != NL80211_BAND_5GHZ || width_mhz > 160)
		return 0;
	for (i = 0; i < n; i++)
		if (freq > v[i] && freq < v[i] + width_mhz)
			return v[i];
	return 0;
}

static void width_wide(struct width_answer *w, const struct regnl_why *a,
		       const struct regnl_band *b, uint32_t width_mhz)
{
	const struct regnl_channel *c = &a->now, *n;
	unsigned int attr;
	uint32_t start, f, rflag;
	const char *rname;

	switch (width_mhz) {
	case 80:
		w->name = "80";
		attr = NL80211_FREQUENCY_ATTR_NO_80MHZ;
		rflag = NL80211_RRF_NO_80MHZ;
		rname = "NO-80MHZ";
		break;
	case 160:
		w->name = "160";
		attr = NL80211_FREQUENCY_ATTR_NO_160MHZ;
		rflag = NL80211_RRF_NO_160MHZ;
		rname = "NO-160MHZ";
		break;
	default:
		w->name = "320";
		attr = NL80211_FREQUENCY_ATTR_NO_320MHZ;
		rflag = NL80211_RRF_NO_320MHZ;
		rname = "NO-320MHZ";
		break;
	}
	w->allowed = false;
	start = b ? block_start(b->band, c->freq_mhz, width_mhz) : 0;
	if (flag(c, NL80211_FREQUENCY_ATTR_DISABLED)) {
		snprintf(w->why, sizeof(w->why), "the channel is disabled");
		return;
	}
	if (flag(c, attr)) {
		own_reason(w->why, sizeof(w->why), a, width_mhz, rflag, rname);
		return;
	}
	if (!start) {
		snprintf(w->why, sizeof(w->why),
			 "no %u MHz channel of this band holds it", width_mhz);
		return;
	}
	for (f = start + 10; f < start + width_mhz; f += 20) {
		n = chan_at(b, f);
		if (!n) {
			snprintf(w->why, sizeof(w->why),
				 "%u MHz of the block %u-%u MHz is not a channel of the radio",
				 f, start, start + width_mhz);
			return;
		}
		if (flag(n, NL80211_FREQUENCY_ATTR_DISABLED) || flag(n, attr)) {
			snprintf(w->why, sizeof(w->why),
				 "%u MHz of the block %u-%u MHz %s", f, start,
				 start + width_mhz,
				 flag(n, NL80211_FREQUENCY_ATTR_DISABLED) ?
				 "is disabled" : "does not allow it");
			return;
		}
	}
	w->allowed = true;
	snprintf(w->why, sizeof(w->why), "the block %u-%u MHz", start,
		 start + width_mhz);
}

/* The widths of the channel's band, each with its answer. */
static size_t widths(struct width_answer *v, const struct regnl_why *a,
		     const struct regnl_band *b)
{
	size_t n = 0;

	memset(v, 0, 6 * sizeof(*v));
	width_20(&v[n++], a);
	if (!b || b->band == NL80211_BAND_S1GHZ ||
	    b->band == NL80211_BAND_60GHZ)
		return n;
	width_40(&v[n++], a, b, false);
	width_40(&v[n++], a, b, true);
	if (b->band == NL80211_BAND_2GHZ)
		return n;
	width_wide(&v[n++], a, b, 80);
	width_wide(&v[n++], a, b, 160);
	if (b->band == NL80211_BAND_6GHZ)
		width_wide(&v[n++], a, b, 320);
	return n;
}

/* ---- output ---- */

static void print_text(FILE *f, const struct regnl_wiphy *w,
		       const struct regnl_why *a, const struct regnl_jentry *inst,
		       const struct width_answer *wv, size_t nw)
{
	char buf[512];
	unsigned int i;
	size_t k;

	fprintf(f, "%s %u", w->name, a->now.freq_mhz);
	if (a->now.offset_khz)
		fprintf(f, ".%03u", a->now.offset_khz);
	fprintf(f, " MHz (channel %d)\n",
		regnl_freq_to_channel((int)a->now.freq_mhz));
	flags_text(buf, sizeof(buf), &a->now);
	fprintf(f, "  now:       ");
	if (a->now.has_max_power)
		fprintf(f, "%.2f dBm; ", a->now.max_power_mbm / 100.0);
	fprintf(f, "flags: %s\n", buf);

	switch (a->path) {
	case REGCORE_WHY_ORIGINAL:
		fprintf(f, "  set by:    the radio's originals, as registered%s, journal #%" PRIu64 "\n",
			a->own ? " (with its driver's custom domain)" : "",
			a->seq);
		break;
	case REGCORE_WHY_SELF_MANAGED:
		fprintf(f, "  set by:    its self-managed driver's domain\n");
		break;
	case REGCORE_WHY_COMPUTED:
		fprintf(f, "  set by:    a computation caused by %s, journal #%" PRIu64 "\n",
			initiator_text(a->cause, 0), a->seq);
		fprintf(f, "  request:   %s asked for %s%s",
			initiator_text(a->initiator, a->hint_type), a->alpha2,
			a->intersect ? ", intersected with the domain before" : "");
		if (a->has_requester)
			fprintf(f, " (radio %u)", a->requester);
		fputc('\n', f);
		break;
	default:
		fprintf(f, "  set by:    not recorded (regcore was out of memory)\n");
		break;
	}
	if (a->has_domain) {
		fprintf(f, "  domain:    %s, %s%s\n", a->domain.rd.alpha2,
			a->own ? "the radio's own" : "the domain in force",
			a->strict ? " (a strict radio's own: now its originals)" : "");
		if (inst && !a->own)
			fprintf(f, "             put in force by journal #%" PRIu64 ": %s\n",
				inst->seq, inst->text);
		for (i = 0; i < a->n_rules; i++) {
			rule_text(buf, sizeof(buf),
				  &a->domain.rd.rules[a->rule_idx[i]]);
			fprintf(f, "  rule:      %u of %u: %s%s\n",
				a->rule_idx[i] + 1, a->domain.rd.n_rules, buf,
				a->n_rules == 2 ? " (two adjoining rules hold it together)" : "");
		}
		if (!a->n_rules)
			fprintf(f, "  rule:      none: %s\n", no_rule_text(a->no_rule));
		if (a->left)
			fprintf(f, "  left:      the country element says nothing about this band: the channel kept what the computation before set\n");
	}
	flags_text(buf, sizeof(buf), &a->original);
	if (a->original.max_power_mbm)
		fprintf(f, "  radio:     its own limits: %.2f dBm; flags: %s\n",
			a->original.max_power_mbm / 100.0, buf);
	else
		fprintf(f, "  radio:     its own limits: no power limit; flags: %s\n",
			buf);
	if (a->has_computed) {
		flags_text(buf, sizeof(buf), &a->computed);
		fprintf(f, "  computed:  %.2f dBm; flags: %s\n",
			a->computed.max_power_mbm / 100.0, buf);
	}
	if (a->beacon_lift)
		fprintf(f, "  beacon:    an access point was heard here: NO_IR lifted (the radio roams the world)\n");
	if (a->now.has_dfs_state)
		fprintf(f, "  dfs:       %s for %u s, CAC %u ms\n",
			a->now.dfs_state == NL80211_DFS_AVAILABLE ? "available" :
			a->now.dfs_state == NL80211_DFS_UNAVAILABLE ? "unavailable" :
			"usable", a->now.dfs_time_ms / 1000, a->now.dfs_cac_ms);
	if (a->ignored)
		fprintf(f, "  ignored:   %s's %s (journal #%" PRIu64 "): %s\n",
			initiator_text(a->ignored_initiator, 0),
			a->ignored_alpha2, a->ignored_seq, a->ignored_text);
	for (k = 0; k < nw; k++)
		fprintf(f, "  %-9s  %s MHz: %s: %s\n", k ? "" : "widths:",
			wv[k].name, wv[k].allowed ? "yes" : "no", wv[k].why);
	if (a->has_computed)
		fprintf(f, "  check:     %s\n", agrees(a) ?
			"the channel table agrees with this computation" :
			"the channel table DIFFERS from this computation");
}

static void json_chan(FILE *f, const char *key, const struct regnl_channel *c)
{
	const char *words[64];
	size_t i, n = regnl_chan_flag_words(c, words, 64);
	bool first = true;

	fprintf(f, ",\"%s\":{", key);
	if (c->has_max_power)
		kv_u(f, &first, "max_tx_power_mbm", c->max_power_mbm);
	fprintf(f, "%s\"flags\":[", first ? "" : ",");
	for (i = 0; i < n; i++) {
		fputs(i ? "," : "", f);
		json_str(f, words[i]);
	}
	fputc(']', f);
	first = false;
	if (c->has_dfs_state)
		kv_u(f, &first, "dfs_state", c->dfs_state);
	fputc('}', f);
}

static void print_json(FILE *f, const struct regnl_wiphy *w,
		       const struct regnl_why *a, const struct regnl_jentry *inst,
		       const struct width_answer *wv, size_t nw)
{
	bool first = true, f2;
	unsigned int i;
	size_t k;

	fputc('{', f);
	kv_str(f, &first, "wiphy", w->name);
	kv_u(f, &first, "wiphy_index", w->index);
	kv_u(f, &first, "freq_mhz", a->now.freq_mhz);
	if (a->now.offset_khz)
		kv_u(f, &first, "freq_offset_khz", a->now.offset_khz);
	kv_u(f, &first, "channel",
	     (unsigned int)regnl_freq_to_channel((int)a->now.freq_mhz));
	kv_str(f, &first, "path", path_word(a->path));
	kv_u(f, &first, "regulatory_flags", a->reg_flags);
	if (a->path == REGCORE_WHY_COMPUTED) {
		kv_str(f, &first, "cause", initiator_word(a->cause));
		fputs(",\"request\":{", f);
		f2 = true;
		kv_str(f, &f2, "initiator", initiator_word(a->initiator));
		kv_str(f, &f2, "alpha2", a->alpha2);
		kv_bool(f, &f2, "intersect", a->intersect);
		kv_bool(f, &f2, "cell_base",
			a->hint_type == NL80211_USER_REG_HINT_CELL_BASE);
		if (a->has_requester)
			kv_u(f, &f2, "wiphy", a->requester);
		fputc('}', f);
		kv_bool(f, &first, "strict", a->strict);
	}
	if (a->path != REGCORE_WHY_UNKNOWN)
		kv_u(f, &first, "journal_seq", a->seq);
	if (inst && a->has_domain && !a->own) {
		fputs(",\"installed\":{", f);
		f2 = true;
		kv_u(f, &f2, "seq", inst->seq);
		kv_str(f, &f2, "text", inst->text);
		fputc('}', f);
	}
	if (a->has_domain) {
		fputs(",\"domain\":", f);
		regnl_json_domain(f, &a->domain);
		kv_bool(f, &first, "own", a->own);
		fputs(",\"rules\":[", f);
		for (i = 0; i < a->n_rules; i++)
			fprintf(f, "%s%u", i ? "," : "", a->rule_idx[i]);
		fputc(']', f);
		if (!a->n_rules)
			kv_str(f, &first, "no_rule",
			       a->no_rule == ERANGE ? "band" : "none");
		kv_bool(f, &first, "left", a->left);
		fputs(",\"rule_bw_khz\":[", f);
		for (i = 0; i < a->n_rules; i++)
			fprintf(f, "%s%u", i ? "," : "", a->rule_bw_khz[i]);
		fputc(']', f);
	}
	json_chan(f, "now", &a->now);
	json_chan(f, "original", &a->original);
	if (a->has_computed)
		json_chan(f, "computed", &a->computed);
	kv_bool(f, &first, "beacon_lift", a->beacon_lift);
	if (a->ignored) {
		fputs(",\"ignored\":{", f);
		f2 = true;
		kv_str(f, &f2, "initiator", initiator_word(a->ignored_initiator));
		kv_str(f, &f2, "alpha2", a->ignored_alpha2);
		kv_u(f, &f2, "journal_seq", a->ignored_seq);
		kv_str(f, &f2, "why", a->ignored_text);
		fputc('}', f);
	}
	fputs(",\"widths\":[", f);
	for (k = 0; k < nw; k++) {
		f2 = true;
		fputs(k ? ",{" : "{", f);
		kv_str(f, &f2, "width", wv[k].name);
		kv_bool(f, &f2, "allowed", wv[k].allowed);
		kv_str(f, &f2, "why", wv[k].why);
		fputc('}', f);
	}
	fputc(']', f);
	if (a->has_computed)
		kv_bool(f, &first, "agrees", agrees(a));
	fputs("}\n", f);
}

/* ---- the command ---- */

int regctl_why_parse_chan(const struct regnl_wiphy *w, const char *s,
			  uint32_t *khz)
{
	unsigned long whole, frac = 0;
	bool found = false, twice = false;
	const char *p = s;
	char *end;
	size_t i, j, nd = 0;

	if (*p < '0' || *p > '9')
		return -EINVAL;
	errno = 0;
	whole = strtoul(p, &end, 10);
	if (errno || whole > 100000)
		return -EINVAL;
	if (*end == '.') {
		for (p = end + 1; *p >= '0' && *p <= '9' && nd < 3; p++, nd++)
			frac = frac * 10 + (unsigned long)(*p - '0');
		if (!nd || *p)
			return -EINVAL;
		for (; nd < 3; nd++)
			frac *= 10;
		end = (char *)p;
	}
	if (*end)
		return -EINVAL;
	for (i = 0; i < w->n_bands; i++) {
		const struct regnl_band *b = &w->bands[i];

		for (j = 0; j < b->n_channels; j++) {
			const struct regnl_channel *c = &b->channels[j];
			uint32_t k = c->freq_mhz * 1000 + c->offset_khz;
			bool match;

			/* channel numbers stop at 233; S1G starts at 863 MHz */
			if (whole >= 800 || frac || strchr(s, '.'))
				match = k == whole * 1000 + frac;
			else
				match = !c->offset_khz &&
					regnl_freq_to_channel((int)c->freq_mhz) ==
					(int)whole;
			if (!match)
				continue;
			twice = found;
			if (!found)
				*khz = k;
			found = true;
		}
	}
	if (!found)
		return -ENOENT;
	return twice ? -EEXIST : 0;
}

static const struct regnl_band *band_of(const struct regnl_wiphy *w,
					const struct regnl_channel *c)
{
	size_t i;

	for (i = 0; i < w->n_bands; i++)
		if (c >= w->bands[i].channels &&
		    c < w->bands[i].channels + w->bands[i].n_channels)
			return &w->bands[i];
	return NULL;
}

/* One channel: ask, print. Returns an exit status, or -1 (st says). */
static int why_one(FILE *out, struct regnl *nl, const struct regnl_wiphy *w,
		   const struct regnl_channel *c, const struct jlog *j,
		   const struct regctl_why_req *q, struct regnl_status *st)
{
	struct width_answer wv[6];
	const struct regnl_jentry *inst;
	struct regnl_why a;
	char name[12];
	int status = 0;
	size_t nw, k;

	if (regnl_why(nl, w->index, c->freq_mhz * 1000 + c->offset_khz, &a, st))
		return -1;
	nw = widths(wv, &a, band_of(w, c));
	if (q->width) {
		snprintf(name, sizeof(name), "%u", q->width);
		for (k = 0; k < nw; k++)
			if (!strncmp(wv[k].name, name, strlen(name)) &&
			    (q->width != 20 || !strcmp(wv[k].name, "20")))
				break;
		if (k == nw) {
			wv[0].name = name;
			wv[0].allowed = false;
			snprintf(wv[0].why, sizeof(wv[0].why),
				 "not a width of this band");
			nw = 1;
		} else {
			/* 40: both sides, when asked for 40 */
			size_t n40 = q->width == 40 ? 2 : 1;

			memmove(wv, wv + k, n40 * sizeof(*wv));
			nw = n40;
		}
		status = REGCTL_EXIT_NOT_ALLOWED;
		for (k = 0; k < nw; k++)
			if (wv[k].allowed)
				status = 0;
	}
	inst = installed_by(j, a.seq);
	if (q->json)
		print_json(out, w, &a, inst, wv, nw);
	else
		print_text(out, w, &a, inst, wv, nw);
	regnl_why_free(&a);
	return status;
}

int regctl_why(FILE *out, FILE *err, struct regnl *nl,
	       const struct regctl_why_req *q, struct regnl_status *st)
{
	struct regnl_wiphy_list l;
	const struct regnl_wiphy *w;
	const struct regnl_channel *c;
	struct jlog j = { 0 };
	size_t bi, ci;
	uint32_t khz = 0;
	int r, status = 0;

	memset(st, 0, sizeof(*st));
	if (regnl_get_wiphys(nl, &l, st))
		return -1;
	w = regnl_wiphy_find(&l, q->phy);
	if (!w) {
		fprintf(err, "regctl: no wiphy \"%s\"\n", q->phy);
		regnl_wiphy_list_free(&l);
		return 1;
	}
	if (strcmp(q->chan, "all")) {
		r = regctl_why_parse_chan(w, q->chan, &khz);
		if (r == -EINVAL || r == -ENOENT) {
			fprintf(err, "regctl: %s: %s\n", q->chan,
				r == -EINVAL ?
				"not a channel number or a frequency in MHz" :
				"not a channel of the radio (see `regctl phy`)");
			regnl_wiphy_list_free(&l);
			return r == -EINVAL ? 2 : 1;
		}
		if (r == -EEXIST) {
			fprintf(err, "regctl: channel %s is in more than one band of %s: give its frequency in MHz\n",
				q->chan, w->name);
			regnl_wiphy_list_free(&l);
			return 2;
		}
	}
	/* the journal says which entry put each domain in force */
	if (regnl_get_journal(nl, 0, keep_jentry, &j, st)) {
		regnl_wiphy_list_free(&l);
		free(j.v);
		return -1;
	}
	for (bi = 0; bi < w->n_bands && status >= 0; bi++) {
		for (ci = 0; ci < w->bands[bi].n_channels; ci++) {
			c = &w->bands[bi].channels[ci];
			if (khz && c->freq_mhz * 1000 + c->offset_khz != khz)
				continue;
			r = why_one(out, nl, w, c, &j, q, st);
			if (r < 0) {
				status = -1;
				break;
			}
			if (r > status)
				status = r;
		}
	}
	free(j.v);
	regnl_wiphy_list_free(&l);
	return status;
}
