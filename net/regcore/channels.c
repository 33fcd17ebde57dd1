// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: from rules to channels.
 *
 * After every change each channel of each radio is recomputed from the
 * domain in force, the way cfg80211 does it, so that the same domain gives
 * the same channel table under regcore and under cfg80211:
 *
 *  - a channel no rule holds at 20 MHz is disabled (two adjacent rules
 *    that together hold it count, as in cfg80211);
 *  - the rule's flags become NO_IR, RADAR (with the rule's CAC time, or
 *    the 60 s default), NO_OFDM, INDOOR_ONLY, ...;
 *  - the rule's bandwidth (for AUTO-BW: the joined ranges) decides NO_HT40,
 *    NO_80MHZ, NO_160MHZ, NO_320MHZ; whether 10 and 20 MHz fit the range
 *    decides NO_10MHZ and NO_20MHZ;
 *  - HT40+ and HT40- need the channel 20 MHz above or below to exist, be
 *    enabled and allow 40 MHz;
 *  - power = min(the hardware's limit, the rule's EIRP); the antenna
 *    gain is the rule's (a driver's own value is not a limit, as in
 *    cfg80211), unless a strict driver's own domain set a lower one.
 *
 * The computation (regcore_compute_channels()) takes plain data and
 * touches only the radio it is given; the rest runs under regcore_mutex.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/minmax.h>

#include "core.h"

/**
 * regcore_rule_flags_to_chan() - the channel flags a rule's flags imply
 * @rule_flags: NL80211_RRF_*
 *
 * Return: REGCORE_CHAN_* flags.
 */
u32 regcore_rule_flags_to_chan(u32 rule_flags)
{
	static const struct {
		u32 rule;
		u32 chan;
	} map[] = {
		{ NL80211_RRF_NO_IR | __NL80211_RRF_NO_IBSS, REGCORE_CHAN_NO_IR },
		{ NL80211_RRF_DFS, REGCORE_CHAN_RADAR },
		{ NL80211_RRF_NO_OFDM, REGCORE_CHAN_NO_OFDM },
		{ NL80211_RRF_NO_OUTDOOR, REGCORE_CHAN_INDOOR_ONLY },
		{ NL80211_RRF_IR_CONCURRENT, REGCORE_CHAN_IR_CONCURRENT },
		{ NL80211_RRF_NO_HT40MINUS, REGCORE_CHAN_NO_HT40MINUS },
		{ NL80211_RRF_NO_HT40PLUS, REGCORE_CHAN_NO_HT40PLUS },
		{ NL80211_RRF_NO_80MHZ, REGCORE_CHAN_NO_80MHZ },
		{ NL80211_RRF_NO_160MHZ, REGCORE_CHAN_NO_160MHZ },
		{ NL80211_RRF_NO_HE, REGCORE_CHAN_NO_HE },
		{ NL80211_RRF_NO_320MHZ, REGCORE_CHAN_NO_320MHZ },
		/* 0 where this kernel's nl80211 lacks the flag (compat.h) */
		{ REGCORE_RRF_NO_EHT, REGCORE_CHAN_NO_EHT },
		{ REGCORE_RRF_PSD, REGCORE_CHAN_PSD },
		{ REGCORE_RRF_DFS_CONCURRENT, REGCORE_CHAN_DFS_CONCURRENT },
		{ REGCORE_RRF_NO_6GHZ_VLP_CLIENT,
		  REGCORE_CHAN_NO_6GHZ_VLP_CLIENT },
		{ REGCORE_RRF_NO_6GHZ_AFC_CLIENT,
		  REGCORE_CHAN_NO_6GHZ_AFC_CLIENT },
		{ REGCORE_RRF_ALLOW_6GHZ_VLP_AP,
		  REGCORE_CHAN_ALLOW_6GHZ_VLP_AP },
		{ REGCORE_RRF_ALLOW_20MHZ_ACTIVITY,
		  REGCORE_CHAN_ALLOW_20MHZ_ACTIVITY },
	};
	u32 flags = 0;
	unsigned int k;

	for (k = 0; k < ARRAY_SIZE(map); k++)
		if (rule_flags & map[k].rule)
			flags |= map[k].chan;
	return flags;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_rule_flags_to_chan);

static u32 regcore_chan_khz(const struct regcore_channel *chan)
{
	return regcore_channel_to_khz(chan);
}

/**
 * regcore_s1g_width_flags() - the one width an S1G channel gets
 * @fr: the rule's range
 * @max_bw: the rule's bandwidth (AUTO-BW resolved), kHz
 * @center: the channel's centre, kHz
 *
 * S1G channels do not overlap: from @max_bw down, halving, the first
 * width whose channels, laid side by side from the rule's lower edge,
 * have one centred on @center. A width that is not 1, 2, 4, 8 or 16 MHz
 * in whole MHz (a rule edge off the channel grid) disables the channel.
 * The arithmetic is cfg80211's reg_rule_to_chan_bw_flags(), signed
 * remainder included.
 *
 * Return: one of REGCORE_CHAN_1MHZ to _16MHZ, REGCORE_CHAN_DISABLED, or 0
 * for a rule without bandwidth.
 */
u32 regcore_s1g_width_flags(const struct regcore_freq_range *fr, u32 max_bw,
			    u32 center)
{
	/* cfg80211's int: a bandwidth above S32_MAX (a custom domain's)
	 * turns negative and ends disabled, as there
	 */
	s32 bw = (s32)max_bw;
	s32 edge;

	for (; bw; bw /= 2) {
		edge = (s32)(center - bw / 2 - fr->start_freq_khz);
		if (edge % bw)
			continue;
		/* whole MHz, as cfg80211 compares: 1.5 MHz counts as 1 */
		switch (REGCORE_KHZ_TO_MHZ(bw)) {
		case 1:
			return REGCORE_CHAN_1MHZ;
		case 2:
			return REGCORE_CHAN_2MHZ;
		case 4:
			return REGCORE_CHAN_4MHZ;
		case 8:
			return REGCORE_CHAN_8MHZ;
		case 16:
			return REGCORE_CHAN_16MHZ;
		default:
			return REGCORE_CHAN_DISABLED;
		}
	}
	return 0;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_s1g_width_flags);

/* The bandwidth limits a rule puts on a channel. */
static u32 regcore_rule_bw_flags(const struct regcore_regdomain *rd,
				 const struct regcore_reg_rule *rule,
				 const struct regcore_channel *chan)
{
	const struct regcore_freq_range *fr = &rule->freq_range;
	u32 center = regcore_chan_khz(chan);
	u32 max_bw = fr->max_bandwidth_khz;
	u32 flags = 0;

	if (rule->flags & NL80211_RRF_AUTO_BW)
		max_bw = regcore_rule_max_bandwidth(rd, rule);

	if (!regcore_bw_fits_range(fr, center, REGCORE_MHZ_TO_KHZ(10)))
		flags |= REGCORE_CHAN_NO_10MHZ;
	if (!regcore_bw_fits_range(fr, center, REGCORE_MHZ_TO_KHZ(20)))
		flags |= REGCORE_CHAN_NO_20MHZ;
	if (chan->band == NL80211_BAND_S1GHZ)
		return flags | regcore_s1g_width_flags(fr, max_bw, center);
	if (max_bw < REGCORE_MHZ_TO_KHZ(10))
		flags |= REGCORE_CHAN_NO_10MHZ;
	if (max_bw < REGCORE_MHZ_TO_KHZ(20))
		flags |= REGCORE_CHAN_NO_20MHZ;
	if (max_bw < REGCORE_MHZ_TO_KHZ(40))
		flags |= REGCORE_CHAN_NO_HT40;
	if (max_bw < REGCORE_MHZ_TO_KHZ(80))
		flags |= REGCORE_CHAN_NO_80MHZ;
	if (max_bw < REGCORE_MHZ_TO_KHZ(160))
		flags |= REGCORE_CHAN_NO_160MHZ;
	if (max_bw < REGCORE_MHZ_TO_KHZ(320))
		flags |= REGCORE_CHAN_NO_320MHZ;
	return flags;
}

static u32 regcore_cac_ms(u32 rule_cac_ms)
{
	return rule_cac_ms ? rule_cac_ms : REGCORE_DFS_MIN_CAC_TIME_MS;
}

/**
 * regcore_wiphy_rules() - the domain a radio's channels follow
 * @last_initiator: who gave the request in force
 * @own: the radio's own domain (custom, or its driver's answer), or NULL
 * @cur: the domain in force
 *
 * A radio follows its own domain unless the user or a country element has
 * spoken, as cfg80211's reg_get_regdomain() decides.
 *
 * Return: @own or @cur.
 */
const struct regcore_regdomain *
regcore_wiphy_rules(enum nl80211_reg_initiator last_initiator,
		    const struct regcore_regdomain *own,
		    const struct regcore_regdomain *cur)
{
	if (last_initiator != NL80211_REGDOM_SET_BY_COUNTRY_IE &&
	    last_initiator != NL80211_REGDOM_SET_BY_USER && own)
		return own;
	return cur;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_wiphy_rules);

/**
 * regcore_channel_rule() - the rule of a domain for a channel
 * @rd: the domain
 * @center_khz: the channel's centre, kHz
 *
 * As cfg80211's freq_reg_info(): the first rule that holds the channel at
 * 20 MHz, else at the widest narrower width that fits (16, 10, 8, 5, 4, 2,
 * 1 MHz), narrower widths only below 1 GHz.
 *
 * Return: the rule; ERR_PTR(-ERANGE) when @rd has no rule in the
 * channel's band, ERR_PTR(-EINVAL) when no rule holds it.
 */
const struct regcore_reg_rule *
regcore_channel_rule(const struct regcore_regdomain *rd, u32 center_khz)
{
	static const u8 widths_mhz[] = { 20, 16, 10, 8, 5, 4, 2, 1 };
	u32 min_bw = center_khz < REGCORE_MHZ_TO_KHZ(1000) ?
		     REGCORE_MHZ_TO_KHZ(1) : REGCORE_MHZ_TO_KHZ(20);
	const struct regcore_reg_rule *rule = ERR_PTR(-ERANGE);
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(widths_mhz); i++) {
		u32 bw = REGCORE_MHZ_TO_KHZ(widths_mhz[i]);

		if (bw < min_bw)
			break;
		rule = regcore_regdom_find_rule(rd, center_khz, bw);
		if (!IS_ERR(rule))
			return rule;
	}
	return rule;
}

/**
 * regcore_strict_requester() - is this the radio whose strict driver asked
 *	for the domain in force?
 * @wiphy: the radio
 * @lr: the request in force
 *
 * Return: true when @lr is @wiphy's own driver's hint and the radio is
 * strict: the domain becomes its originals.
 */
bool regcore_strict_requester(const struct regcore_wiphy *wiphy,
			      const struct regcore_request_info *lr)
{
	return lr->initiator == NL80211_REGDOM_SET_BY_DRIVER &&
	       lr->wiphy_idx == wiphy->idx &&
	       (wiphy->regulatory_flags & REGCORE_REG_STRICT_REG);
}

static void regcore_set_power(struct regcore_wiphy *wiphy,
			      struct regcore_channel *chan,
			      enum nl80211_reg_initiator initiator, int reg_power)
{
	chan->max_reg_power = reg_power;
	if (chan->orig_mpwr &&
	    !(initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE &&
	      (wiphy->regulatory_flags & REGCORE_REG_COUNTRY_IE_FOLLOW_POWER)))
		chan->max_power = min(chan->orig_mpwr, reg_power);
	else
		chan->max_power = reg_power;
}

static void regcore_apply_limits(struct regcore_wiphy *wiphy,
				 struct regcore_channel *chan,
				 enum nl80211_reg_initiator initiator,
				 bool strict, const struct regcore_chan_limits *l)
{
	if (strict) {
		/* The strict driver's own domain becomes the radio's
		 * original settings: later domains can only restrict it.
		 */
		chan->flags = l->flags;
		chan->orig_flags = l->flags;
		chan->max_antenna_gain = l->gain;
		chan->orig_mag = l->gain;
		chan->max_reg_power = l->power;
		chan->max_power = l->power;
		chan->orig_mpwr = l->power;
		chan->beacon_lifted = false;
	} else {
		chan->dfs_state = NL80211_DFS_USABLE;
		chan->dfs_state_entered = jiffies;
		WRITE_ONCE(chan->beacon_found, false);
		chan->beacon_lifted = false;
		chan->flags = (chan->orig_flags | l->flags) & ~l->clear;
		chan->max_antenna_gain = min(chan->orig_mag, l->gain);
		regcore_set_power(wiphy, chan, initiator, l->power);
	}
	if (chan->flags & REGCORE_CHAN_RADAR)
		chan->dfs_cac_ms = l->cac_ms;
}

/**
 * regcore_channel_limits() - the limits a domain puts on a channel
 * @rd: the domain
 * @chan: the channel (its centre and band are read)
 * @l: receives the limits and the rules they come from
 *
 * The rule that holds the channel at 20 MHz (or narrower, below 1 GHz);
 * else two rules meeting at its centre that together hold it at 20 MHz,
 * as cfg80211's handle_channel() joins them.
 *
 * Return: 0; -ERANGE when @rd has no rule in the channel's band, -EINVAL
 * when no rule holds it.
 */
int regcore_channel_limits(const struct regcore_regdomain *rd,
			   const struct regcore_channel *chan,
			   struct regcore_chan_limits *l)
{
	const struct regcore_reg_rule *rule, *r1, *r2;
	u32 center = regcore_chan_khz(chan);
	struct regcore_freq_range joined;

	memset(l, 0, sizeof(*l));
	rule = regcore_channel_rule(rd, center);
	if (!IS_ERR(rule)) {
		l->flags = regcore_rule_bw_flags(rd, rule, chan) |
			   regcore_rule_flags_to_chan(rule->flags);
		l->gain = REGCORE_MBI_TO_DBI(rule->power_rule.max_antenna_gain);
		l->power = REGCORE_MBM_TO_DBM(rule->power_rule.max_eirp);
		l->cac_ms = regcore_cac_ms(rule->dfs_cac_ms);
		l->rules[0] = rule;
		return 0;
	}

	/* Two rules meeting at the channel's centre may hold it together. */
	r1 = regcore_channel_rule(rd, center - REGCORE_MHZ_TO_KHZ(20));
	r2 = regcore_channel_rule(rd, center + REGCORE_MHZ_TO_KHZ(20));
	if (IS_ERR(r1) || IS_ERR(r2) ||
	    r1->freq_range.end_freq_khz != r2->freq_range.start_freq_khz)
		return PTR_ERR(rule);
	joined.start_freq_khz = r1->freq_range.start_freq_khz;
	joined.end_freq_khz = r2->freq_range.end_freq_khz;
	joined.max_bandwidth_khz = min(r1->freq_range.max_bandwidth_khz,
				       r2->freq_range.max_bandwidth_khz);
	if (!regcore_bw_fits_range(&joined, center, REGCORE_MHZ_TO_KHZ(20)))
		return PTR_ERR(rule);
	l->flags = regcore_rule_bw_flags(rd, r1, chan) |
		   regcore_rule_bw_flags(rd, r2, chan) |
		   regcore_rule_flags_to_chan(r1->flags) |
		   regcore_rule_flags_to_chan(r2->flags);
	/* 10 and 20 MHz fit the joined range. */
	l->clear = REGCORE_CHAN_NO_10MHZ | REGCORE_CHAN_NO_20MHZ;
	l->gain = min(REGCORE_MBI_TO_DBI(r1->power_rule.max_antenna_gain),
		      REGCORE_MBI_TO_DBI(r2->power_rule.max_antenna_gain));
	l->power = min(REGCORE_MBM_TO_DBM(r1->power_rule.max_eirp),
		       REGCORE_MBM_TO_DBM(r2->power_rule.max_eirp));
	l->cac_ms = regcore_cac_ms(max(r1->dfs_cac_ms, r2->dfs_cac_ms));
	l->rules[0] = r1;
	l->rules[1] = r2;
	return 0;
}

static void regcore_handle_channel(struct regcore_wiphy *wiphy,
				   const struct regcore_chan_input *in,
				   struct regcore_channel *chan)
{
	const struct regcore_regdomain *rd =
		regcore_wiphy_rules(in->lr->initiator, in->own, in->cur);
	enum nl80211_reg_initiator initiator = in->initiator;
	bool strict = regcore_strict_requester(wiphy, in->lr);
	struct regcore_chan_limits l;
	int err;

	err = regcore_channel_limits(rd, chan, &l);
	if (!err) {
		regcore_apply_limits(wiphy, chan, initiator, strict, &l);
		return;
	}

	/* No rule holds the channel. A country element that says nothing
	 * about a band leaves that band alone (an AP may only describe the
	 * band it uses); otherwise the channel is disabled, for good if this
	 * is a strict driver's own domain.
	 */
	if (initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE && err == -ERANGE)
		return;
	if (strict)
		chan->orig_flags |= REGCORE_CHAN_DISABLED;
	chan->flags |= REGCORE_CHAN_DISABLED;
	if (strict)
		chan->flags = chan->orig_flags;
}

static bool regcore_ht40_allowed(const struct regcore_channel *chan)
{
	if (!chan || (chan->flags & REGCORE_CHAN_DISABLED))
		return false;
	return (chan->flags & REGCORE_CHAN_NO_HT40) != REGCORE_CHAN_NO_HT40;
}

/* The channel of @band at @center_freq MHz, whatever its kHz offset: the
 * last such, as cfg80211's reg_process_ht_flags_channel() finds HT40
 * neighbours (on the S1G band 922 and 922.5 MHz are both "922").
 */
static struct regcore_channel *regcore_band_chan(struct regcore_band *band,
						 u32 center_freq)
{
	struct regcore_channel *found = NULL;
	int i;

	for (i = 0; i < band->n_channels; i++)
		if (band->channels[i].center_freq == center_freq)
			found = &band->channels[i];
	return found;
}

/* HT40-/+ need an enabled, 40 MHz capable neighbour 20 MHz below/above. */
static void regcore_ht40_flags(const struct regcore_regdomain *own,
			       struct regcore_band *band,
			       struct regcore_channel *chan)
{
	const struct regcore_channel *below, *above;
	u32 rule_flags = 0;

	if (!regcore_ht40_allowed(chan)) {
		chan->flags |= REGCORE_CHAN_NO_HT40;
		return;
	}
	below = regcore_band_chan(band, chan->center_freq - 20);
	above = regcore_band_chan(band, chan->center_freq + 20);

	if (own) {
		/* whole MHz, the offset left out, as cfg80211 does */
		const struct regcore_reg_rule *rule =
			regcore_regdom_find_rule(own,
						 REGCORE_MHZ_TO_KHZ(chan->center_freq),
						 REGCORE_MHZ_TO_KHZ(20));

		if (!IS_ERR(rule))
			rule_flags = rule->flags;
	}

	if (!regcore_ht40_allowed(below) ||
	    (rule_flags & NL80211_RRF_NO_HT40MINUS))
		chan->flags |= REGCORE_CHAN_NO_HT40MINUS;
	else
		chan->flags &= ~REGCORE_CHAN_NO_HT40MINUS;
	if (!regcore_ht40_allowed(above) ||
	    (rule_flags & NL80211_RRF_NO_HT40PLUS))
		chan->flags |= REGCORE_CHAN_NO_HT40PLUS;
	else
		chan->flags &= ~REGCORE_CHAN_NO_HT40PLUS;
}

/**
 * regcore_wiphy_ignores_cell_base() - does a radio keep its channels when
 *	a cellular base station's country is in force?
 * @wiphy: the radio
 *
 * Return: true unless regcore takes such hints (cell_base_hints) and the
 * radio follows them (%REGCORE_REG_CELL_BASE_HINTS), as cfg80211's
 * reg_dev_ignore_cell_hint().
 */
bool regcore_wiphy_ignores_cell_base(const struct regcore_wiphy *wiphy)
{
	return !regcore_cell_base_hints ||
	       !(wiphy->regulatory_flags & REGCORE_REG_CELL_BASE_HINTS);
}

/**
 * regcore_ignore_update() - does this change leave the radio alone?
 * @wiphy: the radio
 * @initiator: who caused the change
 * @lr: the request in force after it
 * @own: the radio's own domain, or NULL
 *
 * Nothing but its driver touches a self-managed radio (selfmanaged.c).
 * Core (world) changes do not touch a radio on its custom domain; a
 * strict radio ignores everything but the world and country elements
 * until its own domain is known; a radio that does not follow cellular
 * base stations keeps its channels while one's country is in force.
 *
 * Return: why it does, in words, or NULL when the radio follows it.
 */
const char *regcore_ignore_update(const struct regcore_wiphy *wiphy,
				  enum nl80211_reg_initiator initiator,
				  const struct regcore_request_info *lr,
				  const struct regcore_regdomain *own)
{
	if (wiphy->regulatory_flags & REGCORE_REG_WIPHY_SELF_MANAGED)
		return "it is self-managed: only its driver sets its channels";
	if (initiator == NL80211_REGDOM_SET_BY_CORE &&
	    (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG))
		return "it keeps its driver's custom domain while the world domain changes";
	if ((wiphy->regulatory_flags & REGCORE_REG_STRICT_REG) &&
	    !(wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG) &&
	    !own && initiator != NL80211_REGDOM_SET_BY_COUNTRY_IE &&
	    !regcore_alpha2_is_world(lr->alpha2))
		return "strict: without its driver's country, only world and country IEs";
	if (lr->initiator == NL80211_REGDOM_SET_BY_USER &&
	    lr->user_reg_hint_type == NL80211_USER_REG_HINT_CELL_BASE &&
	    regcore_wiphy_ignores_cell_base(wiphy))
		return "it does not follow a cellular base station's country";
	return NULL;
}

/**
 * regcore_compute_channels() - a radio's channels for a domain
 * @wiphy: the radio: its bands, channels and flags are read, its channels
 *	written
 * @in: the change and the domains it involves
 *
 * The computation itself, from plain data to plain data: no lock, no
 * global state, no notifier (the KUnit tests call it directly).
 */
void regcore_compute_channels(struct regcore_wiphy *wiphy,
			      const struct regcore_chan_input *in)
{
	struct regcore_chan_iter it;
	struct regcore_channel *chan;

	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));)
		regcore_handle_channel(wiphy, in, chan);
	/* HT40 looks at the neighbours' final flags: a second pass */
	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));)
		regcore_ht40_flags(in->own, wiphy->bands[it.band], chan);
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_compute_channels);

/**
 * regcore_channels_set_originals() - what the radio starts from
 * @wiphy: a radio about to be registered
 *
 * The channels' flags, power and antenna gain as the driver set them
 * become the originals that later domains only restrict.
 *
 * Return: the number of channels.
 */
int regcore_channels_set_originals(struct regcore_wiphy *wiphy)
{
	struct regcore_chan_iter it;
	struct regcore_channel *chan;
	int n = 0;

	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));) {
		chan->band = it.band;
		chan->orig_flags = chan->flags;
		chan->dfs_state = NL80211_DFS_USABLE;
		chan->dfs_state_entered = jiffies;
		/* as cfg80211's wiphy_register(): no antenna gain limit of
		 * the radio's own
		 */
		chan->orig_mag = INT_MAX;
		chan->orig_mpwr = chan->max_power;
		n++;
	}
	return n;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_channels_set_originals);

/**
 * regcore_update_wiphy() - recompute one radio's channels
 * @wiphy: the radio
 * @initiator: who caused the change
 *
 * The beacons heard so far are applied again (beacon.c). Calls the
 * radio's notifier once, also when the change leaves a custom radio's
 * channels alone (its driver may want to restore them).
 *
 * Context: regcore_mutex held.
 */
void regcore_update_wiphy(struct regcore_wiphy *wiphy,
			  enum nl80211_reg_initiator initiator)
{
	struct regcore_chan_input in = {
		.initiator = initiator,
		.lr = regcore_last_request_info(),
		.cur = regcore_current_regdom(),
		.own = regcore_wiphy_regd(wiphy),
	};

	const char *ignored;

	lockdep_assert_held(&regcore_mutex);

	ignored = regcore_ignore_update(wiphy, initiator, in.lr, in.own);
	if (ignored) {
		regcore_why_ignored(wiphy, initiator, in.lr, ignored);
		if (initiator == NL80211_REGDOM_SET_BY_CORE &&
		    (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG))
			regcore_notify_wiphy(wiphy, in.lr);
		return;
	}
	regcore_compute_channels(wiphy, &in);
	regcore_why_computed(wiphy, &in);
	regcore_beacons_apply(wiphy);
	regcore_notify_wiphy(wiphy, in.lr);
}

/**
 * regcore_update_all_wiphys() - recompute every radio's channels
 * @initiator: who caused the change
 *
 * Context: regcore_mutex held.
 */
void regcore_update_all_wiphys(enum nl80211_reg_initiator initiator)
{
	struct regcore_wiphy *wiphy;

	lockdep_assert_held(&regcore_mutex);
	list_for_each_entry(wiphy, &regcore_wiphys, list)
		regcore_update_wiphy(wiphy, initiator);
	/* what the radios do may no longer be allowed */
	regcore_check_channels();
	/* pre-CAC may no longer be allowed for a radio with its own domain */
	regcore_dfs_schedule();
}

/* A driver's own domain. A custom domain is applied by the driver before
 * registration: channels no rule holds at 20 MHz are disabled for good;
 * the others take the rule's flags and limits, which registration makes
 * the radio's originals. A self-managed radio's domain (@self_managed)
 * comes at any time and replaces the one before: a channel starts again
 * from its originals, and one no rule holds is disabled until a domain
 * holds it again (as cfg80211's handle_channel_custom()).
 */
static void regcore_custom_channel(struct regcore_channel *chan,
				   const struct regcore_regdomain *rd,
				   bool self_managed)
{
	const struct regcore_reg_rule *rule;

	/* At least 20 MHz, or channel 12 could follow a rule ending at 2472. */
	rule = regcore_regdom_find_rule(rd, regcore_chan_khz(chan),
					REGCORE_MHZ_TO_KHZ(20));
	if (IS_ERR(rule)) {
		if (!self_managed) {
			chan->orig_flags |= REGCORE_CHAN_DISABLED;
			chan->flags = chan->orig_flags;
		} else {
			chan->flags |= REGCORE_CHAN_DISABLED;
		}
		return;
	}

	chan->dfs_state = NL80211_DFS_USABLE;
	chan->dfs_state_entered = jiffies;
	WRITE_ONCE(chan->beacon_found, false);
	chan->beacon_lifted = false;
	if (self_managed)
		chan->flags = chan->orig_flags;
	chan->flags |= regcore_rule_flags_to_chan(rule->flags) |
		       regcore_rule_bw_flags(rd, rule, chan);
	chan->max_antenna_gain =
		REGCORE_MBI_TO_DBI(rule->power_rule.max_antenna_gain);
	chan->max_reg_power = REGCORE_MBM_TO_DBM(rule->power_rule.max_eirp);
	chan->max_power = chan->max_reg_power;
	if (chan->flags & REGCORE_CHAN_RADAR)
		chan->dfs_cac_ms = regcore_cac_ms(rule->dfs_cac_ms);
}

/**
 * regcore_apply_custom_channels() - apply a driver's custom domain
 * @wiphy: a radio not yet registered
 * @regd: the domain
 */
void regcore_apply_custom_channels(struct regcore_wiphy *wiphy,
				   const struct regcore_regdomain *regd)
{
	struct regcore_chan_iter it;
	struct regcore_channel *chan;

	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));) {
		/* registration has not set it yet: the S1G widths need it */
		chan->band = it.band;
		regcore_custom_channel(chan, regd, false);
	}
}

/**
 * regcore_self_managed_compute() - a self-managed radio's channels for
 *	its driver's domain
 * @wiphy: the radio: its channels are written
 * @regd: the domain
 *
 * Every channel follows @regd alone (regcore_custom_channel()), then the
 * HT40 flags are computed from the neighbours, as cfg80211's
 * reg_process_self_managed_hint() does. No lock, no global state.
 */
void regcore_self_managed_compute(struct regcore_wiphy *wiphy,
				  const struct regcore_regdomain *regd)
{
	struct regcore_chan_iter it;
	struct regcore_channel *chan;

	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));)
		regcore_custom_channel(chan, regd, true);
	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));)
		regcore_ht40_flags(regd, wiphy->bands[it.band], chan);
}

/**
 * regcore_self_managed_channels() - a self-managed radio's new domain
 * @wiphy: a registered self-managed radio
 * @regd: the domain its driver gave, now its own
 *
 * Context: regcore_mutex held.
 */
void regcore_self_managed_channels(struct regcore_wiphy *wiphy,
				   const struct regcore_regdomain *regd)
{
	lockdep_assert_held(&regcore_mutex);
	regcore_self_managed_compute(wiphy, regd);
	regcore_why_path(wiphy, REGCORE_WHY_SELF_MANAGED);
}

/**
 * regcore_restore_custom_channels() - back to the state at registration
 * @wiphy: a radio on a custom domain
 *
 * Context: regcore_mutex held.
 */
void regcore_restore_custom_channels(struct regcore_wiphy *wiphy)
{
	struct regcore_chan_iter it;
	struct regcore_channel *chan;

	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));) {
		chan->flags = chan->orig_flags;
		chan->max_antenna_gain = chan->orig_mag;
		chan->max_power = chan->orig_mpwr;
		WRITE_ONCE(chan->beacon_found, false);
		chan->beacon_lifted = false;
	}
	regcore_why_path(wiphy, REGCORE_WHY_ORIGINAL);
}
