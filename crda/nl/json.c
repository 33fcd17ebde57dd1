// SPDX-License-Identifier: GPL-2.0
/*
 * json.c - --json output of regctl's read commands.
 *
 * One JSON document per command (one per line for `monitor`), compact,
 * keys in a fixed order. Values keep nl80211's units and say so in the
 * key (start_khz, max_eirp_mbm, dfs_cac_ms); names are given next to raw
 * numbers so scripts need neither nl80211.h nor iw's wording. The keys
 * are documented in regctl(8); add keys, never rename or remove them.
 */
#include <string.h>

#include <linux/nl80211.h>

#include "internal.h"
#include "json.h"

/* The alpha2 as a string: two bytes, escaped when they are not letters. */
static void kv_alpha2(FILE *f, bool *first, const char *key, const char *a)
{
	char s[3] = { a[0], a[0] ? a[1] : '\0', '\0' };

	kv_str(f, first, key, s);
}

static const char *dfs_region_word(uint8_t r)
{
	switch (r) {
	case NL80211_DFS_UNSET: return "unset";
	case NL80211_DFS_FCC: return "FCC";
	case NL80211_DFS_ETSI: return "ETSI";
	case NL80211_DFS_JP: return "JP";
	default: return "invalid";
	}
}

static void rule_flags_array(FILE *f, uint32_t flags)
{
	char text[256], *p, *save = NULL;
	bool first = true;

	regnl_rule_flags_text(text, sizeof(text), flags);
	fputc('[', f);
	for (p = strtok_r(text, ", ", &save); p; p = strtok_r(NULL, ", ", &save)) {
		fputs(first ? "" : ",", f);
		json_str(f, p);
		first = false;
	}
	fputc(']', f);
}

static void json_rule(FILE *f, const struct regdom_rule *r, bool has_cac)
{
	bool first = true;

	fputc('{', f);
	kv_u(f, &first, "start_khz", r->start_khz);
	kv_u(f, &first, "end_khz", r->end_khz);
	kv_u(f, &first, "max_bw_khz", r->max_bw_khz);
	kv_u(f, &first, "max_ant_gain_mbi", r->max_ant_gain_mbi);
	kv_u(f, &first, "max_eirp_mbm", r->max_eirp_mbm);
	if (has_cac)
		kv_u(f, &first, "dfs_cac_ms", r->dfs_cac_ms);
	kv_u(f, &first, "flags_raw", r->flags);
	fputs(",\"flags\":", f);
	rule_flags_array(f, r->flags);
	fputc('}', f);
}

void regnl_json_domain(FILE *f, const struct regnl_domain *d)
{
	bool first = true;
	unsigned int i;

	fputc('{', f);
	kv_str(f, &first, "scope", d->has_wiphy ? "wiphy" : "global");
	if (d->has_wiphy) {
		kv_u(f, &first, "wiphy", d->wiphy);
		kv_bool(f, &first, "self_managed", d->self_managed);
	}
	if (d->has_alpha2)
		kv_alpha2(f, &first, "alpha2", d->rd.alpha2);
	kv_u(f, &first, "dfs_region_raw",
	     d->has_dfs_region ? d->rd.dfs_region : 0);
	kv_str(f, &first, "dfs_region",
	       dfs_region_word(d->has_dfs_region ? d->rd.dfs_region : 0));
	if (d->has_user_hint_type)
		kv_u(f, &first, "user_hint_type", d->user_hint_type);
	if (d->indoor) {
		kv_bool(f, &first, "indoor", true);
		kv_bool(f, &first, "indoor_owned", d->indoor_owned);
	}
	fputs(",\"rules\":[", f);
	for (i = 0; i < d->rd.n_rules; i++) {
		if (i)
			fputc(',', f);
		json_rule(f, &d->rd.rules[i],
			  d->rule_has_cac && d->rule_has_cac[i]);
	}
	fputs("]}", f);
}

void regnl_json_domains(FILE *f, const char *family,
			const struct regnl_domain_list *l)
{
	bool first = true;
	size_t i;

	fputc('{', f);
	kv_str(f, &first, "family", family);
	fputs(",\"domains\":[", f);
	for (i = 0; i < l->n; i++) {
		if (i)
			fputc(',', f);
		regnl_json_domain(f, &l->v[i]);
	}
	fputs("]}\n", f);
}

/* Channel flag attributes and their JSON names. */
static const struct {
	unsigned int attr;
	const char *name;
} chan_flag_names[] = {
	{ NL80211_FREQUENCY_ATTR_DISABLED, "disabled" },
	{ NL80211_FREQUENCY_ATTR_NO_IR, "no_ir" },
	{ __NL80211_FREQUENCY_ATTR_NO_IBSS, "no_ibss" },
	{ NL80211_FREQUENCY_ATTR_RADAR, "radar" },
	{ NL80211_FREQUENCY_ATTR_NO_HT40_MINUS, "no_ht40_minus" },
	{ NL80211_FREQUENCY_ATTR_NO_HT40_PLUS, "no_ht40_plus" },
	{ NL80211_FREQUENCY_ATTR_NO_80MHZ, "no_80mhz" },
	{ NL80211_FREQUENCY_ATTR_NO_160MHZ, "no_160mhz" },
	{ NL80211_FREQUENCY_ATTR_INDOOR_ONLY, "indoor_only" },
	{ NL80211_FREQUENCY_ATTR_IR_CONCURRENT, "ir_concurrent" },
	{ NL80211_FREQUENCY_ATTR_NO_20MHZ, "no_20mhz" },
	{ NL80211_FREQUENCY_ATTR_NO_10MHZ, "no_10mhz" },
	{ NL80211_FREQUENCY_ATTR_NO_HE, "no_he" },
	{ NL80211_FREQUENCY_ATTR_1MHZ, "1mhz" },
	{ NL80211_FREQUENCY_ATTR_2MHZ, "2mhz" },
	{ NL80211_FREQUENCY_ATTR_4MHZ, "4mhz" },
	{ NL80211_FREQUENCY_ATTR_8MHZ, "8mhz" },
	{ NL80211_FREQUENCY_ATTR_16MHZ, "16mhz" },
	{ NL80211_FREQUENCY_ATTR_NO_320MHZ, "no_320mhz" },
	{ NL80211_FREQUENCY_ATTR_NO_EHT, "no_eht" },
	{ REGNL_FREQ_ATTR_DFS_CONCURRENT, "dfs_concurrent" },
	{ REGNL_FREQ_ATTR_NO_6GHZ_VLP_CLIENT, "no_6ghz_vlp_client" },
	{ REGNL_FREQ_ATTR_NO_6GHZ_AFC_CLIENT, "no_6ghz_afc_client" },
	{ REGNL_FREQ_ATTR_CAN_MONITOR, "can_monitor" },
	{ REGNL_FREQ_ATTR_ALLOW_6GHZ_VLP_AP, "allow_6ghz_vlp_ap" },
	{ REGNL_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY, "allow_20mhz_activity" },
};

size_t regnl_chan_flag_words(const struct regnl_channel *c,
			     const char **words, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < REGNL_ARRAY_SIZE(chan_flag_names) && n < max; i++)
		if (regnl_chan_flag(c, chan_flag_names[i].attr))
			words[n++] = chan_flag_names[i].name;
	return n;
}

static const char *dfs_state_word(uint32_t s)
{
	switch (s) {
	case NL80211_DFS_USABLE: return "usable";
	case NL80211_DFS_AVAILABLE: return "available";
	case NL80211_DFS_UNAVAILABLE: return "unavailable";
	default: return "unknown";
	}
}

/*
 * "wmm": the channel's regulatory WMM limits, one object per access
 * category the kernel sent complete, in AC order (VO, VI, BE, BK).
 */
static void json_wmm(FILE *f, const struct regnl_channel *c)
{
	static const char *const ac_names[REGNL_NUM_ACS] = {
		[REGNL_AC_VO] = "VO",
		[REGNL_AC_VI] = "VI",
		[REGNL_AC_BE] = "BE",
		[REGNL_AC_BK] = "BK",
	};
	const struct regnl_wmm_ac *w;
	bool first, afirst = true;
	size_t i;

	fputs(",\"wmm\":[", f);
	for (i = 0; i < REGNL_NUM_ACS; i++) {
		w = &c->wmm[i];
		if (!w->present)
			continue;
		fputs(afirst ? "{" : ",{", f);
		afirst = false;
		first = true;
		kv_str(f, &first, "ac", ac_names[i]);
		kv_u(f, &first, "cw_min", w->cw_min);
		kv_u(f, &first, "cw_max", w->cw_max);
		kv_u(f, &first, "aifsn", w->aifsn);
		kv_u(f, &first, "txop_us", w->txop_us);
		fputc('}', f);
	}
	fputc(']', f);
}

static void json_channel(FILE *f, const struct regnl_band *b,
			 const struct regnl_channel *c)
{
	const char *widths[REGNL_MAX_WIDTHS];
	bool first = true, ffirst = true;
	size_t i, n;

	fputc('{', f);
	kv_u(f, &first, "freq_mhz", c->freq_mhz);
	if (c->offset_khz)
		kv_u(f, &first, "freq_offset_khz", c->offset_khz);
	kv_u(f, &first, "channel", (unsigned int)regnl_freq_to_channel(
					   (int)c->freq_mhz));
	kv_bool(f, &first, "disabled",
		regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_DISABLED));
	if (c->has_max_power)
		kv_u(f, &first, "max_tx_power_mbm", c->max_power_mbm);
	fputs(",\"flags\":[", f);
	for (i = 0; i < REGNL_ARRAY_SIZE(chan_flag_names); i++) {
		if (!regnl_chan_flag(c, chan_flag_names[i].attr))
			continue;
		fputs(ffirst ? "" : ",", f);
		json_str(f, chan_flag_names[i].name);
		ffirst = false;
	}
	fputc(']', f);
	if (!regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_DISABLED)) {
		n = regnl_chan_widths(b, c, widths);
		fputs(",\"widths\":[", f);
		for (i = 0; i < n; i++) {
			fputs(i ? "," : "", f);
			json_str(f, widths[i]);
		}
		fputc(']', f);
	}
	if (c->has_dfs_state)
		kv_str(f, &first, "dfs_state", dfs_state_word(c->dfs_state));
	if (c->has_dfs_time)
		kv_u(f, &first, "dfs_state_time_ms", c->dfs_time_ms);
	if (c->has_dfs_cac)
		kv_u(f, &first, "dfs_cac_ms", c->dfs_cac_ms);
	if (c->has_psd)
		fprintf(f, ",\"psd_dbm_mhz\":%d", c->psd_dbm);
	if (c->has_wmm)
		json_wmm(f, c);
	fputc('}', f);
}

static void json_band(FILE *f, const struct regnl_band *b)
{
	bool first = true;
	size_t i;

	fputc('{', f);
	kv_u(f, &first, "band", b->band);
	kv_bool(f, &first, "ht", b->has_ht_capa);
	if (b->has_ht_capa)
		kv_u(f, &first, "ht_capa", b->ht_capa);
	kv_bool(f, &first, "vht", b->has_vht_capa);
	if (b->has_vht_capa)
		kv_u(f, &first, "vht_capa", b->vht_capa);
	fputs(",\"channels\":[", f);
	for (i = 0; i < b->n_channels; i++) {
		if (i)
			fputc(',', f);
		json_channel(f, b, &b->channels[i]);
	}
	fputs("]}", f);
}

static void json_wiphy(FILE *f, const struct regnl_wiphy *w)
{
	bool first = true;
	size_t i;

	fputc('{', f);
	kv_u(f, &first, "index", w->index);
	kv_str(f, &first, "name", w->name);
	fputs(",\"bands\":[", f);
	for (i = 0; i < w->n_bands; i++) {
		if (i)
			fputc(',', f);
		json_band(f, &w->bands[i]);
	}
	fputs("]}", f);
}

void regnl_json_wiphys(FILE *f, const char *family,
		       const struct regnl_wiphy_list *l,
		       const struct regnl_wiphy *only)
{
	bool first = true;
	size_t i, n = 0;

	fputc('{', f);
	kv_str(f, &first, "family", family);
	fputs(",\"wiphys\":[", f);
	for (i = 0; i < l->n; i++) {
		if (only && &l->v[i] != only)
			continue;
		if (n++)
			fputc(',', f);
		json_wiphy(f, &l->v[i]);
	}
	fputs("]}\n", f);
}

static const char *initiator_word(const struct regnl_reg_event *ev)
{
	if (!ev->has_initiator)
		return "unknown";
	switch (ev->initiator) {
	case NL80211_REGDOM_SET_BY_CORE: return "core";
	case NL80211_REGDOM_SET_BY_USER: return "user";
	case NL80211_REGDOM_SET_BY_DRIVER: return "driver";
	case NL80211_REGDOM_SET_BY_COUNTRY_IE: return "country_ie";
	default: return "unknown";
	}
}

static const char *type_word(const struct regnl_reg_event *ev)
{
	if (!ev->has_type)
		return "unknown";
	switch (ev->type) {
	case NL80211_REGDOM_TYPE_COUNTRY: return "country";
	case NL80211_REGDOM_TYPE_WORLD: return "world";
	case NL80211_REGDOM_TYPE_CUSTOM_WORLD: return "custom_world";
	case NL80211_REGDOM_TYPE_INTERSECTION: return "intersection";
	default: return "unknown";
	}
}

/* "before" or "after" of a beacon hint: the flags of the notification. */
static void json_hint_channel(FILE *f, const char *key,
			      const struct regnl_channel *c)
{
	json_str(f, key);
	fprintf(f, ":{\"freq_mhz\":%u,\"disabled\":%s,\"no_ir\":%s,\"radar\":%s",
		c->freq_mhz,
		regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_DISABLED) ? "true" : "false",
		regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_IR) ? "true" : "false",
		regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_RADAR) ? "true" : "false");
	if (c->has_max_power)
		fprintf(f, ",\"max_tx_power_mbm\":%u", c->max_power_mbm);
	fputc('}', f);
}

static void json_beacon_hint(FILE *f, const struct regnl_reg_event *ev)
{
	bool first = true;

	fputc('{', f);
	kv_str(f, &first, "event", "reg_beacon_hint");
	if (ev->has_wiphy)
		kv_u(f, &first, "wiphy", ev->wiphy);
	if (ev->has_before && ev->has_after &&
	    ev->before.freq_mhz == ev->after.freq_mhz) {
		kv_u(f, &first, "freq_mhz", ev->before.freq_mhz);
		kv_u(f, &first, "channel", (unsigned int)regnl_freq_to_channel(
			(int)ev->before.freq_mhz));
	}
	if (ev->has_before) {
		fputc(',', f);
		json_hint_channel(f, "before", &ev->before);
	}
	if (ev->has_after) {
		fputc(',', f);
		json_hint_channel(f, "after", &ev->after);
	}
	fputs("}\n", f);
}

static const char *radar_word(uint32_t event)
{
	switch (event) {
	case NL80211_RADAR_DETECTED: return "radar_detected";
	case NL80211_RADAR_CAC_FINISHED: return "cac_finished";
	case NL80211_RADAR_CAC_ABORTED: return "cac_aborted";
	case NL80211_RADAR_NOP_FINISHED: return "nop_finished";
	case NL80211_RADAR_PRE_CAC_EXPIRED: return "pre_cac_expired";
	case NL80211_RADAR_CAC_STARTED: return "cac_started";
	default: return "unknown";
	}
}

static void json_radar_event(FILE *f, const struct regnl_reg_event *ev)
{
	bool first = true;

	fputc('{', f);
	kv_str(f, &first, "event", "radar");
	if (ev->has_wiphy)
		kv_u(f, &first, "wiphy", ev->wiphy);
	if (ev->has_ifindex)
		kv_u(f, &first, "ifindex", ev->ifindex);
	kv_str(f, &first, "radar_event", ev->has_radar_event ?
	       radar_word(ev->radar_event) : "unknown");
	if (ev->has_radar_event)
		kv_u(f, &first, "radar_event_raw", ev->radar_event);
	if (ev->has_freq)
		kv_u(f, &first, "freq_mhz", ev->freq);
	if (ev->has_width)
		kv_u(f, &first, "width_raw", ev->width);
	if (ev->has_center_freq1)
		kv_u(f, &first, "center_freq1_mhz", ev->center_freq1);
	fputs("}\n", f);
}

void regnl_json_reg_event(FILE *f, const struct regnl_reg_event *ev)
{
	bool first = true;

	if (ev->cmd == NL80211_CMD_RADAR_DETECT) {
		json_radar_event(f, ev);
		return;
	}
	if (ev->cmd == NL80211_CMD_REG_BEACON_HINT) {
		json_beacon_hint(f, ev);
		return;
	}
	fputc('{', f);
	kv_str(f, &first, "event",
	       ev->cmd == NL80211_CMD_WIPHY_REG_CHANGE ? "wiphy_reg_change" :
							 "reg_change");
	kv_str(f, &first, "initiator", initiator_word(ev));
	if (ev->has_initiator)
		kv_u(f, &first, "initiator_raw", ev->initiator);
	kv_str(f, &first, "type", type_word(ev));
	if (ev->has_type)
		kv_u(f, &first, "type_raw", ev->type);
	if (ev->has_alpha2)
		kv_alpha2(f, &first, "alpha2", ev->alpha2);
	if (ev->has_wiphy)
		kv_u(f, &first, "wiphy", ev->wiphy);
	if (ev->self_managed)
		kv_bool(f, &first, "self_managed", true);
	if (ev->has_user_hint_type)
		kv_u(f, &first, "user_hint_type", ev->user_hint_type);
	fputs("}\n", f);
}

/* The journal's words for its events and decisions (regctl(8)). */
const char *regnl_jevent_word(uint8_t event)
{
	static const char *const w[] = {
		[REGCORE_JOURNAL_HINT] = "hint",
		[REGCORE_JOURNAL_DROPPED] = "dropped",
		[REGCORE_JOURNAL_DECIDED] = "decided",
		[REGCORE_JOURNAL_REQUEST] = "request",
		[REGCORE_JOURNAL_ANSWER] = "answer",
		[REGCORE_JOURNAL_TIMEOUT] = "timeout",
		[REGCORE_JOURNAL_INSTALLED] = "installed",
		[REGCORE_JOURNAL_RESTORE] = "restore",
	};

	return event < sizeof(w) / sizeof(w[0]) && w[event] ? w[event] :
	       "unknown";
}

const char *regnl_decision_word(uint8_t decision)
{
	static const char *const w[] = {
		[REGCORE_DECISION_APPLY] = "apply",
		[REGCORE_DECISION_INTERSECT] = "intersect",
		[REGCORE_DECISION_ALREADY_SET] = "already_set",
		[REGCORE_DECISION_IGNORE] = "ignore",
	};

	return decision < sizeof(w) / sizeof(w[0]) ? w[decision] : "unknown";
}

const char *regnl_outcome_word(uint8_t outcome)
{
	static const char *const w[] = {
		[REGCORE_OUTCOME_NONE] = "",
		[REGCORE_OUTCOME_APPLIED] = "applied",
		[REGCORE_OUTCOME_INTERSECTED] = "intersected",
		[REGCORE_OUTCOME_ALREADY] = "already",
		[REGCORE_OUTCOME_IGNORED] = "ignored",
		[REGCORE_OUTCOME_REFUSED] = "refused",
		[REGCORE_OUTCOME_NO_RULES] = "no_rules",
		[REGCORE_OUTCOME_TIMED_OUT] = "timed_out",
		[REGCORE_OUTCOME_DROPPED] = "dropped",
	};

	return outcome < sizeof(w) / sizeof(w[0]) ? w[outcome] : "unknown";
}

void regnl_sha256_hex(const unsigned char *sha, char hex[65])
{
	int i;

	for (i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", sha[i]);
}

void regnl_json_jentry(FILE *f, const struct regnl_jentry *e)
{
	struct regnl_reg_event ev = {
		.has_initiator = e->has_initiator,
		.initiator = e->initiator,
	};
	bool first = true;
	char hex[65];

	fputc('{', f);
	kv_u(f, &first, "seq", e->seq);
	kv_u(f, &first, "time_ns", e->time_ns);
	kv_u(f, &first, "boottime_ns", e->boottime_ns);
	kv_str(f, &first, "event", regnl_jevent_word(e->event));
	kv_u(f, &first, "event_raw", e->event);
	if (e->request)
		kv_u(f, &first, "request", e->request);
	if (e->has_initiator) {
		kv_str(f, &first, "initiator", initiator_word(&ev));
		kv_u(f, &first, "initiator_raw", e->initiator);
	}
	if (e->has_decision) {
		kv_str(f, &first, "decision", regnl_decision_word(e->decision));
		kv_u(f, &first, "decision_raw", e->decision);
	}
	if (e->alpha2[0])
		kv_alpha2(f, &first, "alpha2", e->alpha2);
	if (e->has_wiphy)
		kv_u(f, &first, "wiphy", e->wiphy);
	if (e->err) {
		kv_u(f, &first, "errno", e->err);
		kv_str(f, &first, "errno_name", regnl_errno_name(-(int)e->err));
	}
	if (e->outcome) {
		kv_str(f, &first, "outcome", regnl_outcome_word(e->outcome));
		kv_u(f, &first, "outcome_raw", e->outcome);
	}
	if (e->portid)
		kv_u(f, &first, "portid", e->portid);
	kv_str(f, &first, "text", e->text);
	if (e->db_file[0]) {
		bool f2 = true;

		fputs(",\"origin\":{", f);
		kv_str(f, &f2, "file", e->db_file);
		if (e->has_sha256) {
			regnl_sha256_hex(e->db_sha256, hex);
			kv_str(f, &f2, "sha256", hex);
		}
		if (e->db_signer[0])
			kv_str(f, &f2, "signer", e->db_signer);
		if (e->db_version)
			kv_u(f, &f2, "version", e->db_version);
		fputc('}', f);
	}
	fputs("}\n", f);
}
