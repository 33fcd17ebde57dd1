// SPDX-License-Identifier: GPL-2.0
/*
 * wiphy.c - NL80211_CMD_GET_WIPHY dumps into a model of wiphys, bands and
 * channels.
 *
 * With NL80211_ATTR_SPLIT_WIPHY_DUMP (what iw asks for) the kernel spreads
 * one wiphy over many messages: the band's capabilities in one, then one
 * channel per message. Every message repeats NL80211_ATTR_WIPHY, so parts
 * are merged by wiphy index and band number, channels appended in order.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>

#include "internal.h"

static const struct regnl_policy band_policy[NL80211_BAND_ATTR_MAX + 1] = {
	[NL80211_BAND_ATTR_FREQS] = { REGNL_K_NESTED, 0, 0 },
	[NL80211_BAND_ATTR_HT_CAPA] = { REGNL_K_U16, 0, 0 },
	[NL80211_BAND_ATTR_VHT_CAPA] = { REGNL_K_U32, 0, 0 },
};

/*
 * The NL80211_FREQUENCY_ATTR_* that are flags: kept in channel.flags, and
 * checked as flags by freq_policy below.
 */
static const uint8_t freq_flag_attrs[] = {
	NL80211_FREQUENCY_ATTR_DISABLED,
	NL80211_FREQUENCY_ATTR_NO_IR,
	__NL80211_FREQUENCY_ATTR_NO_IBSS,
	NL80211_FREQUENCY_ATTR_RADAR,
	NL80211_FREQUENCY_ATTR_NO_HT40_MINUS,
	NL80211_FREQUENCY_ATTR_NO_HT40_PLUS,
	NL80211_FREQUENCY_ATTR_NO_80MHZ,
	NL80211_FREQUENCY_ATTR_NO_160MHZ,
	NL80211_FREQUENCY_ATTR_INDOOR_ONLY,
	NL80211_FREQUENCY_ATTR_IR_CONCURRENT,
	NL80211_FREQUENCY_ATTR_NO_20MHZ,
	NL80211_FREQUENCY_ATTR_NO_10MHZ,
	NL80211_FREQUENCY_ATTR_NO_HE,
	NL80211_FREQUENCY_ATTR_1MHZ,
	NL80211_FREQUENCY_ATTR_2MHZ,
	NL80211_FREQUENCY_ATTR_4MHZ,
	NL80211_FREQUENCY_ATTR_8MHZ,
	NL80211_FREQUENCY_ATTR_16MHZ,
	NL80211_FREQUENCY_ATTR_NO_320MHZ,
	NL80211_FREQUENCY_ATTR_NO_EHT,
	REGNL_FREQ_ATTR_DFS_CONCURRENT,
	REGNL_FREQ_ATTR_NO_6GHZ_VLP_CLIENT,
	REGNL_FREQ_ATTR_NO_6GHZ_AFC_CLIENT,
	REGNL_FREQ_ATTR_CAN_MONITOR,
	REGNL_FREQ_ATTR_ALLOW_6GHZ_VLP_AP,
	REGNL_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY,
};

#define FLAG { REGNL_K_FLAG, 0, 0 }
#define U32 { REGNL_K_U32, 0, 0 }
static const struct regnl_policy freq_policy[REGNL_FREQ_ATTR_MAX + 1] = {
	[NL80211_FREQUENCY_ATTR_FREQ] = U32,
	[NL80211_FREQUENCY_ATTR_OFFSET] = U32,
	[NL80211_FREQUENCY_ATTR_MAX_TX_POWER] = U32,
	[NL80211_FREQUENCY_ATTR_DFS_STATE] = U32,
	[NL80211_FREQUENCY_ATTR_DFS_TIME] = U32,
	[NL80211_FREQUENCY_ATTR_DFS_CAC_TIME] = U32,
	[NL80211_FREQUENCY_ATTR_WMM] = { REGNL_K_NESTED, 0, 0 },
	[NL80211_FREQUENCY_ATTR_DISABLED] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_IR] = FLAG,
	[__NL80211_FREQUENCY_ATTR_NO_IBSS] = FLAG,
	[NL80211_FREQUENCY_ATTR_RADAR] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_HT40_MINUS] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_HT40_PLUS] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_80MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_160MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_INDOOR_ONLY] = FLAG,
	[NL80211_FREQUENCY_ATTR_IR_CONCURRENT] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_20MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_10MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_HE] = FLAG,
	[NL80211_FREQUENCY_ATTR_1MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_2MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_4MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_8MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_16MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_320MHZ] = FLAG,
	[NL80211_FREQUENCY_ATTR_NO_EHT] = FLAG,
	[REGNL_FREQ_ATTR_PSD] = { REGNL_K_U8, 0, 0 },
	[REGNL_FREQ_ATTR_DFS_CONCURRENT] = FLAG,
	[REGNL_FREQ_ATTR_NO_6GHZ_VLP_CLIENT] = FLAG,
	[REGNL_FREQ_ATTR_NO_6GHZ_AFC_CLIENT] = FLAG,
	[REGNL_FREQ_ATTR_CAN_MONITOR] = FLAG,
	[REGNL_FREQ_ATTR_ALLOW_6GHZ_VLP_AP] = FLAG,
	[REGNL_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY] = FLAG,
};
#undef FLAG
#undef U32

/* One access category's nest inside NL80211_FREQUENCY_ATTR_WMM. */
static const struct regnl_policy wmm_policy[NL80211_WMMR_MAX + 1] = {
	[NL80211_WMMR_CW_MIN] = { REGNL_K_U16, 0, 0 },
	[NL80211_WMMR_CW_MAX] = { REGNL_K_U16, 0, 0 },
	[NL80211_WMMR_AIFSN] = { REGNL_K_U8, 0, 0 },
	[NL80211_WMMR_TXOP] = { REGNL_K_U16, 0, 0 },
};

/*
 * NL80211_FREQUENCY_ATTR_WMM as nl80211_msg_put_wmm_rules() writes it: one
 * nest per access category, its type the AC (0 VO ... 3 BK), each with
 * the four limits. cfg80211 starts these nests without NLA_F_NESTED;
 * nla_type() drops the flag, so either form reads the same. The limits
 * are informational (iw does not show them): an AC that is not complete
 * and exact is left out, the rest of the channel is kept.
 */
static void get_wmm(struct regnl_channel *c, struct nlattr *wmm)
{
	struct nlattr *tb[NL80211_WMMR_MAX + 1];
	struct regnl_wmm_ac *w;
	struct nlattr *ac;
	int rem, type;

	nla_for_each_nested(ac, wmm, rem) {
		type = nla_type(ac);
		if (type >= REGNL_NUM_ACS)
			continue;
		if (regnl_parse_nested(tb, NL80211_WMMR_MAX, ac, wmm_policy,
				       "wmm rule", NULL))
			continue;
		if (!tb[NL80211_WMMR_CW_MIN] || !tb[NL80211_WMMR_CW_MAX] ||
		    !tb[NL80211_WMMR_AIFSN] || !tb[NL80211_WMMR_TXOP])
			continue;
		w = &c->wmm[type];
		w->present = true;
		w->cw_min = nla_get_u16(tb[NL80211_WMMR_CW_MIN]);
		w->cw_max = nla_get_u16(tb[NL80211_WMMR_CW_MAX]);
		w->aifsn = nla_get_u8(tb[NL80211_WMMR_AIFSN]);
		w->txop_us = nla_get_u16(tb[NL80211_WMMR_TXOP]);
		c->has_wmm = true;
	}
}

static void free_wiphy(struct regnl_wiphy *w)
{
	size_t i;

	for (i = 0; i < w->n_bands; i++)
		free(w->bands[i].channels);
	free(w->bands);
}

void regnl_wiphy_list_free(struct regnl_wiphy_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		free_wiphy(&l->v[i]);
	free(l->v);
	l->n = 0;
	l->v = NULL;
}

static struct regnl_wiphy *get_wiphy(struct regnl_wiphy_list *l,
				     uint32_t index)
{
	struct regnl_wiphy *v;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (l->v[i].index == index)
			return &l->v[i];
	v = regnl_grow(l->v, l->n, sizeof(*v));
	if (!v)
		return NULL;
	l->v = v;
	memset(&v[l->n], 0, sizeof(v[l->n]));
	v[l->n].index = index;
	return &v[l->n++];
}

static struct regnl_band *get_band(struct regnl_wiphy *w, uint32_t band)
{
	struct regnl_band *v;
	size_t i;

	for (i = 0; i < w->n_bands; i++)
		if (w->bands[i].band == band)
			return &w->bands[i];
	v = regnl_grow(w->bands, w->n_bands, sizeof(*v));
	if (!v)
		return NULL;
	w->bands = v;
	memset(&v[w->n_bands], 0, sizeof(v[w->n_bands]));
	v[w->n_bands].band = band;
	return &v[w->n_bands++];
}

int regnl_parse_channel(struct nlattr *nest, struct regnl_channel *c,
			struct regnl_status *st)
{
	struct nlattr *tb[REGNL_FREQ_ATTR_MAX + 1];
	size_t i;

	if (regnl_parse_nested(tb, REGNL_FREQ_ATTR_MAX, nest,
			       freq_policy, "frequency", st))
		return -EBADMSG;
	if (!tb[NL80211_FREQUENCY_ATTR_FREQ])
		return 0;
	memset(c, 0, sizeof(*c));
	c->freq_mhz = nla_get_u32(tb[NL80211_FREQUENCY_ATTR_FREQ]);
	if (tb[NL80211_FREQUENCY_ATTR_OFFSET])
		c->offset_khz = nla_get_u32(tb[NL80211_FREQUENCY_ATTR_OFFSET]);
	for (i = 0; i < REGNL_ARRAY_SIZE(freq_flag_attrs); i++)
		if (tb[freq_flag_attrs[i]])
			c->flags |= UINT64_C(1) << freq_flag_attrs[i];
	if (tb[NL80211_FREQUENCY_ATTR_MAX_TX_POWER]) {
		c->has_max_power = true;
		c->max_power_mbm =
			nla_get_u32(tb[NL80211_FREQUENCY_ATTR_MAX_TX_POWER]);
	}
	if (tb[NL80211_FREQUENCY_ATTR_DFS_STATE]) {
		c->has_dfs_state = true;
		c->dfs_state = nla_get_u32(tb[NL80211_FREQUENCY_ATTR_DFS_STATE]);
	}
	if (tb[NL80211_FREQUENCY_ATTR_DFS_TIME]) {
		c->has_dfs_time = true;
		c->dfs_time_ms = nla_get_u32(tb[NL80211_FREQUENCY_ATTR_DFS_TIME]);
	}
	if (tb[NL80211_FREQUENCY_ATTR_DFS_CAC_TIME]) {
		c->has_dfs_cac = true;
		c->dfs_cac_ms =
			nla_get_u32(tb[NL80211_FREQUENCY_ATTR_DFS_CAC_TIME]);
	}
	if (tb[REGNL_FREQ_ATTR_PSD]) {
		c->has_psd = true;
		c->psd_dbm = (int8_t)nla_get_u8(tb[REGNL_FREQ_ATTR_PSD]);
	}
	if (tb[NL80211_FREQUENCY_ATTR_WMM])
		get_wmm(c, tb[NL80211_FREQUENCY_ATTR_WMM]);
	return 1;
}

static int add_channel(struct regnl_band *b, struct nlattr *nest,
		       struct regnl_status *st)
{
	struct regnl_channel c, *v;
	int r;

	r = regnl_parse_channel(nest, &c, st);
	/* iw skips a channel without a frequency; so does the model. */
	if (r <= 0)
		return r;
	v = regnl_grow(b->channels, b->n_channels, sizeof(*v));
	if (!v)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	b->channels = v;
	v[b->n_channels++] = c;
	return 0;
}

static int add_band(struct regnl_wiphy *w, struct nlattr *nest,
		    struct regnl_status *st)
{
	struct nlattr *tb[NL80211_BAND_ATTR_MAX + 1];
	struct nlattr *freq;
	struct regnl_band *b;
	int rem;

	if (regnl_parse_nested(tb, NL80211_BAND_ATTR_MAX, nest, band_policy,
			       "band", st))
		return -EBADMSG;
	b = get_band(w, nla_type(nest));
	if (!b)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	if (tb[NL80211_BAND_ATTR_HT_CAPA]) {
		b->has_ht_capa = true;
		b->ht_capa = nla_get_u16(tb[NL80211_BAND_ATTR_HT_CAPA]);
	}
	if (tb[NL80211_BAND_ATTR_VHT_CAPA]) {
		b->has_vht_capa = true;
		b->vht_capa = nla_get_u32(tb[NL80211_BAND_ATTR_VHT_CAPA]);
	}
	if (!tb[NL80211_BAND_ATTR_FREQS])
		return 0;
	nla_for_each_nested(freq, tb[NL80211_BAND_ATTR_FREQS], rem) {
		int r = add_channel(b, freq, st);

		if (r)
			return r;
	}
	return 0;
}

int regnl_wiphy_list_add(struct regnl_wiphy_list *l, struct nl_msg *msg,
			 struct regnl_status *st)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	struct regnl_wiphy *w;
	struct nlattr *band;
	int rem, r;

	regnl_st_clear(st);
	r = regnl_parse_genl(msg, tb, NULL, st);
	if (r)
		return r;
	if (!tb[NL80211_ATTR_WIPHY])
		return 0;
	w = get_wiphy(l, nla_get_u32(tb[NL80211_ATTR_WIPHY]));
	if (!w)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	if (tb[NL80211_ATTR_WIPHY_NAME])
		snprintf(w->name, sizeof(w->name), "%s",
			 (const char *)nla_data(tb[NL80211_ATTR_WIPHY_NAME]));
	if (!tb[NL80211_ATTR_WIPHY_BANDS])
		return 0;
	nla_for_each_nested(band, tb[NL80211_ATTR_WIPHY_BANDS], rem) {
		r = add_band(w, band, st);
		if (r)
			return r;
	}
	return 0;
}

const struct regnl_wiphy *regnl_wiphy_find(const struct regnl_wiphy_list *l,
					   const char *name)
{
	unsigned long idx;
	char *end;
	size_t i;

	for (i = 0; i < l->n; i++)
		if (!strcmp(l->v[i].name, name))
			return &l->v[i];
	if (strncmp(name, "phy#", 4) || !name[4])
		return NULL;
	errno = 0;
	idx = strtoul(name + 4, &end, 10);
	if (*end || errno || idx > UINT32_MAX)
		return NULL;
	for (i = 0; i < l->n; i++)
		if (l->v[i].index == idx)
			return &l->v[i];
	return NULL;
}

static int add_wiphy_msg(struct nl_msg *msg, void *arg,
			 struct regnl_status *st)
{
	return regnl_wiphy_list_add(arg, msg, st);
}

static int dump_wiphys(struct regnl *nl, bool split,
		       struct regnl_wiphy_list *out, struct regnl_status *st)
{
	struct nl_msg *msg;
	int r;

	msg = regnl_msg_new(regnl_family_id(nl), NL80211_CMD_GET_WIPHY,
			    NLM_F_DUMP, 8);
	if (msg && split && nla_put_flag(msg, NL80211_ATTR_SPLIT_WIPHY_DUMP)) {
		nlmsg_free(msg);
		msg = NULL;
	}
	r = regnl_transact_free(nl, msg, add_wiphy_msg, out, st);
	if (r)
		regnl_wiphy_list_free(out);
	return r;
}

int regnl_get_wiphys(struct regnl *nl, struct regnl_wiphy_list *out,
		     struct regnl_status *st)
{
	struct regnl_status local;
	int r;

	if (!st)
		st = &local;
	memset(out, 0, sizeof(*out));
	r = dump_wiphys(nl, true, out, st);
	/*
	 * A family whose policy does not know the split flag refuses it;
	 * the unsplit dump carries the same model.
	 */
	if (r == -EINVAL && st->kind == REGNL_E_KERNEL)
		r = dump_wiphys(nl, false, out, st);
	return r;
}

int regnl_freq_to_channel(int freq)
{
	/* iw 5.19's mapping: 802.11-2007 17.3.8.3.2, 802.11ax D6.1 27.3.23.2 */
	if (freq == 2484)
		return 14;
	if (freq == 5935)
		return 2;
	if (freq < 2484)
		return (freq - 2407) / 5;
	if (freq >= 4910 && freq <= 4980)
		return (freq - 4000) / 5;
	if (freq < 5950)
		return (freq - 5000) / 5;
	if (freq <= 45000)
		return (freq - 5950) / 5;
	if (freq >= 58320 && freq <= 70200)
		return (freq - 56160) / 2160;
	return 0;
}
