// SPDX-License-Identifier: GPL-2.0
/*
 * print.c - the text iw 5.19 prints, from the models of regnl.h.
 *
 * The formats follow iw's reg.c (`iw reg get`), phy.c (`iw phy NAME
 * channels`) and event.c (`iw event`), including their quirks, because
 * scripts parse that text: a trailing space after an enabled channel's
 * "[N] ", "N/A" for an antenna gain under 1 dBi, PASSIVE-SCAN rather than
 * NO-IR when only one of the two no-IR bits is set, NL80211_RRF_PTMP_ONLY
 * not shown at all. Where iw would dereference an attribute the kernel did
 * not send, these printers print a placeholder instead.
 */
#include <net/if.h>
#include <time.h>
#include <string.h>

#include <linux/nl80211.h>

#include "internal.h"

const char *regnl_initiator_text(uint8_t initiator)
{
	switch (initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		return "the wireless core upon initialization";
	case NL80211_REGDOM_SET_BY_USER: return "a user";
	case NL80211_REGDOM_SET_BY_DRIVER: return "a driver";
	case NL80211_REGDOM_SET_BY_COUNTRY_IE: return "a country IE";
	default: return "BUG";
	}
}

/* Rule flags in the order and spelling of iw (and of wireless-regdb's dbparse.py). */
static const struct {
	uint32_t flag;
	const char *name;
} rule_flag_names[] = {
	{ NL80211_RRF_NO_OFDM, "NO-OFDM" },
	{ NL80211_RRF_NO_CCK, "NO-CCK" },
	{ NL80211_RRF_NO_INDOOR, "NO-INDOOR" },
	{ NL80211_RRF_NO_OUTDOOR, "NO-OUTDOOR" },
	{ NL80211_RRF_DFS, "DFS" },
	{ NL80211_RRF_PTP_ONLY, "PTP-ONLY" },
	{ NL80211_RRF_AUTO_BW, "AUTO-BW" },
	{ NL80211_RRF_IR_CONCURRENT, "IR-CONCURRENT" },
	{ NL80211_RRF_NO_HT40MINUS, "NO-HT40MINUS" },
	{ NL80211_RRF_NO_HT40PLUS, "NO-HT40PLUS" },
	{ NL80211_RRF_NO_80MHZ, "NO-80MHZ" },
	{ NL80211_RRF_NO_160MHZ, "NO-160MHZ" },
	{ NL80211_RRF_NO_HE, "NO-HE" },
	{ NL80211_RRF_NO_320MHZ, "NO-320MHZ" },
};

static void append(char *buf, size_t size, const char *word)
{
	size_t len = strlen(buf);

	if (len < size)
		snprintf(buf + len, size - len, ", %s", word);
}

void regnl_rule_flags_text(char *buf, size_t size, uint32_t flags)
{
	size_t i;

	if (!size)
		return;
	buf[0] = '\0';
	for (i = 0; i < REGNL_ARRAY_SIZE(rule_flag_names); i++)
		if (flags & rule_flag_names[i].flag)
			append(buf, size, rule_flag_names[i].name);
	/* Kernels that know NO-IR set both bits; older ones set one. */
	if ((flags & NL80211_RRF_NO_IR) && (flags & __NL80211_RRF_NO_IBSS)) {
		append(buf, size, "NO-IR");
	} else {
		if (flags & NL80211_RRF_PASSIVE_SCAN)
			append(buf, size, "PASSIVE-SCAN");
		if (flags & __NL80211_RRF_NO_IBSS)
			append(buf, size, "NO-IBSS");
	}
}

static void print_rule(FILE *f, const struct regdom_rule *r, bool has_cac)
{
	char flags[256];

	fprintf(f, "\t(%u - %u @ %u), (", r->start_khz / 1000,
		r->end_khz / 1000, r->max_bw_khz / 1000);
	if (r->max_ant_gain_mbi / 100)
		fprintf(f, "%u", r->max_ant_gain_mbi / 100);
	else
		fputs("N/A", f);
	fprintf(f, ", %u)", r->max_eirp_mbm / 100);
	if ((r->flags & NL80211_RRF_DFS) && has_cac)
		fprintf(f, ", (%u ms)", r->dfs_cac_ms);
	else
		fputs(", (N/A)", f);
	regnl_rule_flags_text(flags, sizeof(flags), r->flags);
	fprintf(f, "%s\n", flags);
}

void regnl_print_domain(FILE *f, const struct regnl_domain *d)
{
	unsigned int i;

	if (!d->has_alpha2) {
		fputs("No alpha2\n", f);
		return;
	}
	if (!d->has_rules) {
		fputs("No reg rules\n", f);
		return;
	}
	if (d->has_wiphy)
		fprintf(f, "phy#%d%s\n", (int)d->wiphy,
			d->self_managed ? " (self-managed)" : "");
	else
		fputs("global\n", f);
	fprintf(f, "country %c%c: %s\n", d->rd.alpha2[0], d->rd.alpha2[1],
		regdom_dfs_name(d->has_dfs_region ? d->rd.dfs_region :
				      NL80211_DFS_UNSET));
	for (i = 0; i < d->rd.n_rules; i++)
		print_rule(f, &d->rd.rules[i],
			   d->rule_has_cac && d->rule_has_cac[i]);
	/* regcore's own line: iw knows no indoor setting */
	if (d->indoor)
		fprintf(f, "indoor operation: on%s\n",
			d->indoor_owned ? ", until its owner's socket closes" :
					  "");
	fputc('\n', f);
}

void regnl_print_domains(FILE *f, const struct regnl_domain_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		regnl_print_domain(f, &l->v[i]);
}

static const char *dfs_state_name(uint32_t state)
{
	switch (state) {
	case NL80211_DFS_USABLE: return "usable";
	case NL80211_DFS_AVAILABLE: return "available";
	case NL80211_DFS_UNAVAILABLE: return "unavailable";
	default: return "unknown";
	}
}

size_t regnl_chan_widths(const struct regnl_band *b,
			 const struct regnl_channel *c,
			 const char *names[REGNL_MAX_WIDTHS])
{
	bool w40 = false, w80 = false, w160 = false;
	uint32_t sup;
	size_t n = 0;

	/* HT capability bit 1: 20/40 MHz supported */
	if (b->has_ht_capa && (b->ht_capa & (1u << 1)))
		w40 = true;
	if (b->has_vht_capa) {
		w80 = true;
		/* VHT supported channel width set: 1 = 160, 2 = 160 + 80+80 */
		sup = (b->vht_capa >> 2) & 3;
		w160 = sup == 1 || sup == 2;
	}
	if (!regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_20MHZ))
		names[n++] = "20MHz";
	if (w40 && !regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_HT40_MINUS))
		names[n++] = "HT40-";
	if (w40 && !regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_HT40_PLUS))
		names[n++] = "HT40+";
	if (w80 && !regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_80MHZ))
		names[n++] = "VHT80";
	if (w160 && !regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_160MHZ))
		names[n++] = "VHT160";
	return n;
}

static void print_channel(FILE *f, const struct regnl_band *b,
			  const struct regnl_channel *c)
{
	const char *widths[REGNL_MAX_WIDTHS];
	size_t i, n;

	fprintf(f, "\t* %d MHz [%d] ", (int)c->freq_mhz,
		regnl_freq_to_channel((int)c->freq_mhz));
	if (regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_DISABLED)) {
		fputs("(disabled)\n", f);
		return;
	}
	fputc('\n', f);
	if (c->has_max_power)
		fprintf(f, "\t  Maximum TX power: %.1f dBm\n",
			0.01 * c->max_power_mbm);
	if (regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_NO_IR) &&
	    regnl_chan_flag(c, __NL80211_FREQUENCY_ATTR_NO_IBSS))
		fputs("\t  No IR\n", f);
	else if (regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_PASSIVE_SCAN))
		fputs("\t  Passive scan\n", f);
	else if (regnl_chan_flag(c, __NL80211_FREQUENCY_ATTR_NO_IBSS))
		fputs("\t  No IBSS\n", f);
	if (regnl_chan_flag(c, NL80211_FREQUENCY_ATTR_RADAR))
		fputs("\t  Radar detection\n", f);
	fputs("\t  Channel widths:", f);
	n = regnl_chan_widths(b, c, widths);
	for (i = 0; i < n; i++)
		fprintf(f, " %s", widths[i]);
	fputc('\n', f);
	if (c->has_dfs_state) {
		fprintf(f, "\t  DFS state: %s", dfs_state_name(c->dfs_state));
		if (c->has_dfs_time)
			fprintf(f, " (for %u sec)", c->dfs_time_ms / 1000);
		fputc('\n', f);
		if (c->has_dfs_cac)
			fprintf(f, "\t  DFS CAC time: %u ms\n", c->dfs_cac_ms);
	}
}

void regnl_print_channels(FILE *f, const struct regnl_wiphy *w)
{
	size_t i, j;

	for (i = 0; i < w->n_bands; i++) {
		const struct regnl_band *b = &w->bands[i];

		fprintf(f, "Band %d:\n", (int)b->band + 1);
		for (j = 0; j < b->n_channels; j++)
			print_channel(f, b, &b->channels[j]);
	}
}

/*
 * A beacon hint as iw event prints it: the channel, and what the radio may
 * do there now (NO_IR lifted: initiating radiation, or only active
 * scanning when the old IBSS flag stayed; IBSS alone).
 */
static void print_beacon_hint(FILE *f, const struct regnl_reg_event *ev)
{
	bool ir_before, ir_after, ibss_before, ibss_after;

	if (!ev->has_before || !ev->has_after ||
	    ev->before.freq_mhz != ev->after.freq_mhz) {
		/* iw 5.19 prints nothing more, not even the line's end,
		 * and the next event runs on; this says why instead
		 */
		fputs("beacon hint: no channel reported\n", f);
		return;
	}
	ir_before = regnl_chan_flag(&ev->before, NL80211_FREQUENCY_ATTR_NO_IR);
	ir_after = regnl_chan_flag(&ev->after, NL80211_FREQUENCY_ATTR_NO_IR);
	ibss_before = regnl_chan_flag(&ev->before,
				      __NL80211_FREQUENCY_ATTR_NO_IBSS);
	ibss_after = regnl_chan_flag(&ev->after,
				     __NL80211_FREQUENCY_ATTR_NO_IBSS);
	fprintf(f, "beacon hint:\nphy%d %u MHz [%d]:\n",
		ev->has_wiphy ? (int)ev->wiphy : 0, ev->before.freq_mhz,
		regnl_freq_to_channel((int)ev->before.freq_mhz));
	if (ir_before && !ir_after)
		fputs(ibss_before && !ibss_after ?
		      "\to Initiating radiation enabled\n" :
		      "\to active scan enabled\n", f);
	else if (ibss_before && !ibss_after)
		fputs("\to ibss enabled\n", f);
}

/* A radar event as iw event prints it. */
static void print_radar_event(FILE *f, const struct regnl_reg_event *ev)
{
	static const char *const what[] = {
		[NL80211_RADAR_DETECTED] = "radar detected",
		[NL80211_RADAR_CAC_FINISHED] = "CAC finished",
		[NL80211_RADAR_CAC_ABORTED] = "CAC was aborted",
		[NL80211_RADAR_NOP_FINISHED] = "NOP finished",
		[NL80211_RADAR_PRE_CAC_EXPIRED] = "PRE-CAC expired",
		[NL80211_RADAR_CAC_STARTED] = "CAC started",
	};

	if (!ev->has_radar_event || !ev->has_freq) {
		fputs("BAD radar event\n", f);
		return;
	}
	fprintf(f, "%d MHz: %s\n", (int)ev->freq,
		ev->radar_event < sizeof(what) / sizeof(what[0]) &&
		what[ev->radar_event] ? what[ev->radar_event] :
		"unknown radar event");
}

void regnl_print_reg_event(FILE *f, const struct regnl_reg_event *ev)
{
	const char *who = regnl_initiator_text(ev->has_initiator ?
					       ev->initiator : 0xff);
	char ifname[IF_NAMESIZE] = "";

	/* iw's prefix: the interface (by its name now, as iw; one that is
	 * gone is left out, as iw does) and the radio
	 */
	bool named = ev->has_ifindex && if_indextoname(ev->ifindex, ifname);

	if (named && ev->has_wiphy)
		fprintf(f, "%s (phy #%d): ", ifname, (int)ev->wiphy);
	else if (named)
		fprintf(f, "%s: ", ifname);
	else if (ev->has_wiphy)
		fprintf(f, "phy #%d: ", (int)ev->wiphy);
	if (ev->cmd == NL80211_CMD_RADAR_DETECT) {
		print_radar_event(f, ev);
		return;
	}
	if (ev->cmd == NL80211_CMD_REG_BEACON_HINT) {
		print_beacon_hint(f, ev);
		return;
	}
	if (ev->cmd == NL80211_CMD_WIPHY_REG_CHANGE)
		fputs("regulatory domain change (phy): ", f);
	else
		fputs("regulatory domain change: ", f);
	switch (ev->has_type ? ev->type : 0xff) {
	case NL80211_REGDOM_TYPE_COUNTRY:
		fprintf(f, "set to %s by %s request",
			ev->has_alpha2 ? ev->alpha2 : "??", who);
		if (ev->has_wiphy)
			fprintf(f, " on phy%d", (int)ev->wiphy);
		break;
	case NL80211_REGDOM_TYPE_WORLD:
		fprintf(f, "set to world roaming by %s request", who);
		break;
	case NL80211_REGDOM_TYPE_CUSTOM_WORLD:
		fprintf(f, "custom world roaming rules in place on phy%d by %s request",
			ev->has_wiphy ? (int)ev->wiphy : -1, who);
		break;
	case NL80211_REGDOM_TYPE_INTERSECTION:
		fprintf(f, "intersection used due to a request made by %s",
			who);
		if (ev->has_wiphy)
			fprintf(f, " on phy%d", (int)ev->wiphy);
		break;
	default:
		fputs("unknown source (upgrade this utility)", f);
		break;
	}
	fputc('\n', f);
}

void regnl_print_jentry(FILE *f, const struct regnl_jentry *e)
{
	time_t t = (time_t)(e->time_ns / 1000000000ULL);
	char when[32] = "?", hex[65];
	struct tm tm;

	if (localtime_r(&t, &tm))
		strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S", &tm);
	fprintf(f, "%llu %s.%03u %-9s %s\n", (unsigned long long)e->seq, when,
		(unsigned int)(e->time_ns / 1000000ULL % 1000),
		regnl_jevent_word(e->event), e->text);
	if (!e->db_file[0])
		return;
	fprintf(f, "\tfile %s\n", e->db_file);
	if (e->db_version)
		fprintf(f, "\tversion %u\n", e->db_version);
	if (e->has_sha256) {
		regnl_sha256_hex(e->db_sha256, hex);
		fprintf(f, "\tsha256 %s\n", hex);
	}
	if (e->db_signer[0])
		fprintf(f, "\tsigned by %s\n", e->db_signer);
}
