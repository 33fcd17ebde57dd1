// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: regulatory domain objects.
 *
 * Allocation, validation, rule look-up, the AUTO-BW bandwidth of joined
 * ranges and the intersection of two domains. Everything here is pure: it
 * takes domains and returns values, takes no lock and keeps no state, so
 * the KUnit tests call it directly.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/ctype.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/minmax.h>
#include <linux/overflow.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"

/* The built-in world domain: the "country 00" entry of wireless-regdb
 * (release 2026.09.03). It is in force from load until crda answers the
 * core's request for the world domain, and whenever settings are restored
 * and nothing better is known.
 */
const struct regcore_regdomain regcore_builtin_world = {
	.n_reg_rules = 9,
	.alpha2 = "00",
	.dfs_region = NL80211_DFS_UNSET,
	.reg_rules = {
		/* sub-1 GHz (S1G) */
		REGCORE_RULE(755, 928, 2, 0, 20, NL80211_RRF_NO_IR),
		/* 2.4 GHz channels 1-11 (and 40 MHz inside them) */
		REGCORE_RULE(2402, 2472, 40, 0, 20, 0),
		/* channels 12-13: receive first, never initiate */
		REGCORE_RULE(2457, 2482, 20, 0, 20,
			     NL80211_RRF_NO_IR | NL80211_RRF_AUTO_BW),
		/* channel 14: 802.11b only, and only where allowed */
		REGCORE_RULE(2474, 2494, 20, 0, 20,
			     NL80211_RRF_NO_IR | NL80211_RRF_NO_OFDM),
		/* 5 GHz channels 36-48 */
		REGCORE_RULE(5170, 5250, 80, 0, 20,
			     NL80211_RRF_NO_IR | NL80211_RRF_AUTO_BW),
		/* channels 52-64, radar detection required */
		REGCORE_RULE(5250, 5330, 80, 0, 20,
			     NL80211_RRF_NO_IR | NL80211_RRF_DFS |
			     NL80211_RRF_AUTO_BW),
		/* channels 100-144, radar detection required */
		REGCORE_RULE(5490, 5730, 160, 0, 20,
			     NL80211_RRF_NO_IR | NL80211_RRF_DFS),
		/* channels 149-165 */
		REGCORE_RULE(5735, 5835, 80, 0, 20, NL80211_RRF_NO_IR),
		/* 60 GHz (802.11ad) channels 1-3 */
		REGCORE_RULE(57240, 63720, 2160, 0, 0, 0),
	},
};
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_builtin_world);

/* "00": the world domain. */
bool regcore_alpha2_is_world(const char *alpha2)
{
	return alpha2[0] == '0' && alpha2[1] == '0';
}

/* Two upper-case ASCII letters: an ISO 3166-1 alpha2 country. */
bool regcore_alpha2_is_country(const char *alpha2)
{
	return alpha2[0] >= 'A' && alpha2[0] <= 'Z' &&
	       alpha2[1] >= 'A' && alpha2[1] <= 'Z';
}

bool regcore_alpha2_equal(const char *a, const char *b)
{
	return a[0] == b[0] && a[1] == b[1];
}

struct regcore_regdomain *regcore_regdom_alloc(u32 n_rules)
{
	struct regcore_regdomain *rd;

	rd = kzalloc(struct_size(rd, reg_rules, n_rules), GFP_KERNEL);
	if (rd)
		rd->n_reg_rules = n_rules;
	return rd;
}

struct regcore_regdomain *regcore_regdom_copy(const struct regcore_regdomain *rd)
{
	struct regcore_regdomain *copy;

	copy = regcore_regdom_alloc(rd->n_reg_rules);
	if (!copy)
		return NULL;
	memcpy(copy->alpha2, rd->alpha2, sizeof(copy->alpha2));
	copy->dfs_region = rd->dfs_region;
	memcpy(copy->reg_rules, rd->reg_rules,
	       array_size(rd->n_reg_rules, sizeof(rd->reg_rules[0])));
	return copy;
}

/* Free a domain after an RCU grace period: it may have been published as
 * the current domain. The built-in world domain is never freed.
 */
void regcore_regdom_free(const struct regcore_regdomain *rd)
{
	if (!rd || rd == &regcore_builtin_world)
		return;
	kfree_rcu((struct regcore_regdomain *)rd, rcu_head);
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdom_free);

/* The structural check of one rule, as cfg80211 makes it: a non-empty
 * range, and a maximum bandwidth no wider than the range. A bandwidth of
 * zero is allowed here (AUTO-BW rules may leave it to be computed);
 * regcore_regdom_validate() is stricter for input from outside.
 */
bool regcore_rule_is_valid(const struct regcore_reg_rule *rule)
{
	const struct regcore_freq_range *fr = &rule->freq_range;

	if (!fr->start_freq_khz || fr->end_freq_khz <= fr->start_freq_khz)
		return false;
	return fr->max_bandwidth_khz <= fr->end_freq_khz - fr->start_freq_khz;
}

/* Is the rule sound? When not, @extack (never NULL here) says why, in
 * words the kernel log repeats.
 */
static bool regcore_rule_sound(const struct regcore_reg_rule *rule,
			       bool custom, struct netlink_ext_ack *extack)
{
	const struct regcore_freq_range *fr = &rule->freq_range;
	const struct regcore_power_rule *pr = &rule->power_rule;

	if (!fr->start_freq_khz) {
		NL_SET_ERR_MSG(extack, "rule starts at 0 kHz");
		return false;
	}
	if (fr->end_freq_khz <= fr->start_freq_khz) {
		NL_SET_ERR_MSG(extack, "rule does not end above its start");
		return false;
	}
	if (fr->end_freq_khz > REGCORE_MAX_FREQ_KHZ) {
		NL_SET_ERR_MSG(extack, "rule ends above 100 GHz");
		return false;
	}
	if (!fr->max_bandwidth_khz && !(rule->flags & NL80211_RRF_AUTO_BW)) {
		NL_SET_ERR_MSG(extack, "rule has no bandwidth and no AUTO-BW");
		return false;
	}
	if (!custom &&
	    fr->max_bandwidth_khz > fr->end_freq_khz - fr->start_freq_khz) {
		NL_SET_ERR_MSG(extack, "rule bandwidth is wider than its range");
		return false;
	}
	if (pr->max_eirp > REGCORE_MAX_EIRP_MBM) {
		NL_SET_ERR_MSG(extack, "rule EIRP above 60 dBm");
		return false;
	}
	if (pr->max_antenna_gain > REGCORE_MAX_ANT_GAIN_MBI) {
		NL_SET_ERR_MSG(extack, "rule antenna gain above 60 dBi");
		return false;
	}
	if (rule->flags & ~REGCORE_KNOWN_RRF) {
		NL_SET_ERR_MSG(extack, "rule has unknown flag bits");
		return false;
	}
	if (rule->dfs_cac_ms > REGCORE_MAX_CAC_MS) {
		NL_SET_ERR_MSG(extack, "rule DFS CAC time above one hour");
		return false;
	}
	return true;
}

/**
 * regcore_regdom_validate_rules() - check a domain's rules
 * @rd: the domain
 * @custom: a driver's custom domain (see below)
 * @extack: where the reason goes (may be NULL)
 *
 * 1 to NL80211_MAX_SUPP_REG_RULES rules, each with start < end <= 100 GHz,
 * a bandwidth > 0 (or AUTO-BW) no wider than the range, EIRP and antenna
 * gain up to 60 dBm / 60 dBi, a CAC time up to an hour, and only flag bits
 * nl80211 defines. The kernel log names the offending rule and its values.
 *
 * A driver's custom domain may give a rule a bandwidth wider than its
 * range, as cfg80211 allows (mac80211_hwsim's custom domains do, for
 * channel 14): the range still bounds every channel, so nothing wider
 * than the range is ever allowed.
 *
 * Return: 0, or -EINVAL with @extack set.
 */
int regcore_regdom_validate_rules(const struct regcore_regdomain *rd,
				  bool custom, struct netlink_ext_ack *extack)
{
	struct netlink_ext_ack none = {};
	u32 i;

	if (!extack)
		extack = &none;

	if (!rd->n_reg_rules || rd->n_reg_rules > NL80211_MAX_SUPP_REG_RULES) {
		NL_SET_ERR_MSG_MOD(extack, "a domain needs 1 to 128 rules");
		pr_info_ratelimited("refused domain %.2s: %u rules\n",
				    rd->alpha2, rd->n_reg_rules);
		return -EINVAL;
	}
	for (i = 0; i < rd->n_reg_rules; i++) {
		const struct regcore_reg_rule *rule = &rd->reg_rules[i];

		if (regcore_rule_sound(rule, custom, extack))
			continue;
		pr_info_ratelimited("refused domain %.2s: rule %u (%u - %u @ %u kHz, %u mBi, %u mBm, flags 0x%x, cac %u ms): %s\n",
				    rd->alpha2, i,
				    rule->freq_range.start_freq_khz,
				    rule->freq_range.end_freq_khz,
				    rule->freq_range.max_bandwidth_khz,
				    rule->power_rule.max_antenna_gain,
				    rule->power_rule.max_eirp, rule->flags,
				    rule->dfs_cac_ms, extack->_msg);
		return -EINVAL;
	}
	return 0;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdom_validate_rules);

/**
 * regcore_regdom_validate() - the full check of a domain from userspace
 * @rd: the domain
 * @extack: where the reason goes (may be NULL)
 *
 * alpha2 two upper-case letters or "00", a DFS region nl80211 knows, and
 * rules as regcore_regdom_validate_rules() requires.
 *
 * Return: 0, or -EINVAL with @extack set.
 */
int regcore_regdom_validate(const struct regcore_regdomain *rd,
			    struct netlink_ext_ack *extack)
{
	if (!regcore_alpha2_is_world(rd->alpha2) &&
	    !regcore_alpha2_is_country(rd->alpha2)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "alpha2 must be two upper-case letters or 00");
		pr_info_ratelimited("refused domain: bad alpha2 %*ph\n", 2,
				    rd->alpha2);
		return -EINVAL;
	}
	if (rd->dfs_region > NL80211_DFS_JP) {
		NL_SET_ERR_MSG_MOD(extack, "unknown DFS region");
		pr_info_ratelimited("refused domain %.2s: DFS region %u\n",
				    rd->alpha2, rd->dfs_region);
		return -EINVAL;
	}
	return regcore_regdom_validate_rules(rd, false, extack);
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdom_validate);

/**
 * regcore_bw_fits_range() - does a channel of this width fit the range?
 * @range: the rule's range
 * @center_freq_khz: channel centre, kHz
 * @bw_khz: channel width, kHz
 *
 * Return: true when [centre - bw/2, centre + bw/2] lies inside the range.
 */
bool regcore_bw_fits_range(const struct regcore_freq_range *range,
			   u32 center_freq_khz, u32 bw_khz)
{
	u32 start = center_freq_khz - bw_khz / 2;
	u32 end = center_freq_khz + bw_khz / 2;

	return start >= range->start_freq_khz && end <= range->end_freq_khz;
}

/* AUTO-BW: the width of the run of touching or overlapping ranges around
 * @rule, walking the domain's rules outwards in their order (rules are
 * sorted by frequency). Adjacent ranges such as 5170-5250 and 5250-5330
 * join into one 160 MHz span.
 */
static u32 regcore_joined_range_width(const struct regcore_regdomain *rd,
				      const struct regcore_reg_rule *rule)
{
	const struct regcore_freq_range *lo = &rule->freq_range;
	const struct regcore_freq_range *hi = &rule->freq_range;
	u32 idx, n;

	idx = rule - rd->reg_rules;
	if (rule < rd->reg_rules || idx >= rd->n_reg_rules)
		return 0;

	for (n = idx; n > 0; n--) {
		const struct regcore_freq_range *prev =
			&rd->reg_rules[n - 1].freq_range;

		if (prev->end_freq_khz < lo->start_freq_khz)
			break;
		lo = prev;
	}
	for (n = idx; n + 1 < rd->n_reg_rules; n++) {
		const struct regcore_freq_range *next =
			&rd->reg_rules[n + 1].freq_range;

		if (next->start_freq_khz > hi->end_freq_khz)
			break;
		hi = next;
	}
	return hi->end_freq_khz - lo->start_freq_khz;
}

/**
 * regcore_rule_max_bandwidth() - the bandwidth an AUTO-BW rule allows
 * @rd: the domain @rule belongs to
 * @rule: a rule of @rd
 *
 * The width of the joined ranges, capped by the rule's NO_80MHZ,
 * NO_160MHZ, NO_320MHZ flags, and by 20 MHz when both HT40 directions are
 * forbidden.
 *
 * Return: bandwidth in kHz (0 if @rule is not in @rd).
 */
u32 regcore_rule_max_bandwidth(const struct regcore_regdomain *rd,
			       const struct regcore_reg_rule *rule)
{
	u32 bw = regcore_joined_range_width(rd, rule);

	if (rule->flags & NL80211_RRF_NO_320MHZ)
		bw = min_t(u32, bw, REGCORE_MHZ_TO_KHZ(160));
	if (rule->flags & NL80211_RRF_NO_160MHZ)
		bw = min_t(u32, bw, REGCORE_MHZ_TO_KHZ(80));
	if (rule->flags & NL80211_RRF_NO_80MHZ)
		bw = min_t(u32, bw, REGCORE_MHZ_TO_KHZ(40));
	if ((rule->flags & NL80211_RRF_NO_HT40) == NL80211_RRF_NO_HT40)
		bw = min_t(u32, bw, REGCORE_MHZ_TO_KHZ(20));
	return bw;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_rule_max_bandwidth);

static u32 regcore_distance(u32 a, u32 b)
{
	return a > b ? a - b : b - a;
}

/* Is @freq_khz in the same band as the range? Rules more than 2 GHz away
 * (20 GHz for 60 GHz channels) belong to another band: a domain without a
 * rule in a channel's band says nothing about that band.
 */
static bool regcore_freq_in_rule_band(const struct regcore_freq_range *range,
				      u32 freq_khz)
{
	u32 limit = freq_khz > REGCORE_MHZ_TO_KHZ(45000) ?
		    REGCORE_MHZ_TO_KHZ(20000) : REGCORE_MHZ_TO_KHZ(2000);

	return regcore_distance(freq_khz, range->start_freq_khz) <= limit ||
	       regcore_distance(freq_khz, range->end_freq_khz) <= limit;
}

/**
 * regcore_regdom_find_rule() - the first rule a channel fits in
 * @rd: the domain
 * @center_freq_khz: channel centre, kHz
 * @bw_khz: channel width, kHz
 *
 * Return: the rule, ERR_PTR(-ERANGE) when no rule is even in the
 * channel's band, ERR_PTR(-EINVAL) when rules of the band exist but none
 * holds the channel.
 */
const struct regcore_reg_rule *
regcore_regdom_find_rule(const struct regcore_regdomain *rd,
			 u32 center_freq_khz, u32 bw_khz)
{
	bool band_seen = false;
	u32 i;

	for (i = 0; i < rd->n_reg_rules; i++) {
		const struct regcore_reg_rule *rule = &rd->reg_rules[i];

		if (!band_seen)
			band_seen = regcore_freq_in_rule_band(&rule->freq_range,
							      center_freq_khz);
		if (band_seen &&
		    regcore_bw_fits_range(&rule->freq_range, center_freq_khz,
					  bw_khz))
			return rule;
	}
	return ERR_PTR(band_seen ? -EINVAL : -ERANGE);
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdom_find_rule);

/* The stricter of two WMM limits, per value: the larger contention
 * windows and AIFSN, the shorter occupancy time.
 */
static void regcore_wmm_ac_intersect(const struct regcore_wmm_ac *a,
				     const struct regcore_wmm_ac *b,
				     struct regcore_wmm_ac *out)
{
	out->cw_min = max(a->cw_min, b->cw_min);
	out->cw_max = max(a->cw_max, b->cw_max);
	out->aifsn = max(a->aifsn, b->aifsn);
	out->cot = min(a->cot, b->cot);
}

/* WMM limits of an intersection: both rules' merged, or the one rule's
 * that has them (cfg80211 keeps them too when only one side has any).
 */
static void regcore_wmm_intersect(const struct regcore_reg_rule *r1,
				  const struct regcore_reg_rule *r2,
				  struct regcore_reg_rule *out)
{
	int ac;

	out->has_wmm = r1->has_wmm || r2->has_wmm;
	if (!out->has_wmm) {
		memset(&out->wmm_rule, 0, sizeof(out->wmm_rule));
		return;
	}
	if (!(r1->has_wmm && r2->has_wmm)) {
		out->wmm_rule = r1->has_wmm ? r1->wmm_rule : r2->wmm_rule;
		return;
	}
	for (ac = 0; ac < REGCORE_NUM_ACS; ac++) {
		regcore_wmm_ac_intersect(&r1->wmm_rule.client[ac],
					 &r2->wmm_rule.client[ac],
					 &out->wmm_rule.client[ac]);
		regcore_wmm_ac_intersect(&r1->wmm_rule.ap[ac],
					 &r2->wmm_rule.ap[ac],
					 &out->wmm_rule.ap[ac]);
	}
}

/* The intersection of two rules: the common range, the narrower bandwidth
 * (AUTO-BW resolved first, and kept only when both rules have it), the
 * union of the flags, the lower power and gain, the longer CAC time, the
 * stricter WMM limits.
 */
static int regcore_rules_intersect(const struct regcore_regdomain *rd1,
				   const struct regcore_reg_rule *r1,
				   const struct regcore_regdomain *rd2,
				   const struct regcore_reg_rule *r2,
				   struct regcore_reg_rule *out)
{
	struct regcore_freq_range *fr = &out->freq_range;
	u32 bw1 = r1->freq_range.max_bandwidth_khz;
	u32 bw2 = r2->freq_range.max_bandwidth_khz;

	fr->start_freq_khz = max(r1->freq_range.start_freq_khz,
				 r2->freq_range.start_freq_khz);
	fr->end_freq_khz = min(r1->freq_range.end_freq_khz,
			       r2->freq_range.end_freq_khz);
	if (fr->end_freq_khz <= fr->start_freq_khz)
		return -EINVAL;

	if (r1->flags & NL80211_RRF_AUTO_BW)
		bw1 = regcore_rule_max_bandwidth(rd1, r1);
	if (r2->flags & NL80211_RRF_AUTO_BW)
		bw2 = regcore_rule_max_bandwidth(rd2, r2);
	fr->max_bandwidth_khz = min3(bw1, bw2,
				     fr->end_freq_khz - fr->start_freq_khz);

	out->flags = r1->flags | r2->flags;
	if (!(r1->flags & NL80211_RRF_AUTO_BW) ||
	    !(r2->flags & NL80211_RRF_AUTO_BW))
		out->flags &= ~NL80211_RRF_AUTO_BW;

	out->power_rule.max_eirp = min(r1->power_rule.max_eirp,
				       r2->power_rule.max_eirp);
	out->power_rule.max_antenna_gain =
		min(r1->power_rule.max_antenna_gain,
		    r2->power_rule.max_antenna_gain);
	out->dfs_cac_ms = max(r1->dfs_cac_ms, r2->dfs_cac_ms);
	regcore_wmm_intersect(r1, r2, out);

	return regcore_rule_is_valid(out) ? 0 : -EINVAL;
}

/* Does @outer allow everything @inner allows, and no less strictly? */
static bool regcore_rule_contains(const struct regcore_reg_rule *outer,
				  const struct regcore_reg_rule *inner)
{
	return outer->flags == inner->flags &&
	       outer->power_rule.max_antenna_gain <=
			inner->power_rule.max_antenna_gain &&
	       outer->power_rule.max_eirp <= inner->power_rule.max_eirp &&
	       outer->freq_range.start_freq_khz <=
			inner->freq_range.start_freq_khz &&
	       outer->freq_range.end_freq_khz >=
			inner->freq_range.end_freq_khz &&
	       outer->freq_range.max_bandwidth_khz >=
			inner->freq_range.max_bandwidth_khz;
}

/* Append @rule unless one already there contains it; widen one it
 * contains. -E2BIG when @rd already holds @max rules.
 */
static int regcore_add_rule(struct regcore_regdomain *rd, u32 max,
			    const struct regcore_reg_rule *rule)
{
	u32 i;

	for (i = 0; i < rd->n_reg_rules; i++) {
		if (regcore_rule_contains(&rd->reg_rules[i], rule))
			return 0;
		if (regcore_rule_contains(rule, &rd->reg_rules[i])) {
			rd->reg_rules[i] = *rule;
			return 0;
		}
	}
	if (rd->n_reg_rules >= max)
		return -E2BIG;
	rd->reg_rules[rd->n_reg_rules++] = *rule;
	return 0;
}

/**
 * regcore_regdom_intersect() - what two domains both allow
 * @rd1: first domain
 * @rd2: second domain
 *
 * Every pair of rules that overlaps gives one rule of the result, minus
 * those another result rule already covers. The result's alpha2 is "98"
 * (no single country), its DFS region the common one or unset. Like any
 * domain it may have at most NL80211_MAX_SUPP_REG_RULES rules: two
 * domains of many small overlapping rules could give thousands, which
 * every later look-up and intersection would have to walk. The work is
 * at most 128 x 128 pairs, each checked against at most 128 rules; the
 * caller may hold mutexes, so the loop reschedules.
 *
 * Context: process context, may sleep.
 * Return: a new domain; ERR_PTR(-EINVAL) when the two have nothing in
 * common, ERR_PTR(-E2BIG) when the intersection would have more than
 * NL80211_MAX_SUPP_REG_RULES rules, ERR_PTR(-ENOMEM) when memory is
 * short.
 */
struct regcore_regdomain *
regcore_regdom_intersect(const struct regcore_regdomain *rd1,
			 const struct regcore_regdomain *rd2)
{
	struct regcore_regdomain *rd;
	struct regcore_reg_rule tmp;
	u32 x, y, count = 0;
	int err;

	for (x = 0; x < rd1->n_reg_rules; x++)
		for (y = 0; y < rd2->n_reg_rules; y++)
			if (!regcore_rules_intersect(rd1, &rd1->reg_rules[x],
						     rd2, &rd2->reg_rules[y],
						     &tmp))
				count++;
	if (!count)
		return ERR_PTR(-EINVAL);

	rd = regcore_regdom_alloc(min_t(u32, count,
					NL80211_MAX_SUPP_REG_RULES));
	if (!rd)
		return ERR_PTR(-ENOMEM);
	rd->n_reg_rules = 0;
	for (x = 0; x < rd1->n_reg_rules; x++) {
		for (y = 0; y < rd2->n_reg_rules; y++) {
			if (regcore_rules_intersect(rd1, &rd1->reg_rules[x],
						    rd2, &rd2->reg_rules[y],
						    &tmp))
				continue;
			err = regcore_add_rule(rd, NL80211_MAX_SUPP_REG_RULES,
					       &tmp);
			if (err) {
				kfree(rd);
				return ERR_PTR(err);
			}
		}
		cond_resched();
	}

	rd->alpha2[0] = '9';
	rd->alpha2[1] = '8';
	rd->dfs_region = rd1->dfs_region == rd2->dfs_region ?
			 rd1->dfs_region : NL80211_DFS_UNSET;
	return rd;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdom_intersect);

const char *regcore_dfs_region_name(u8 dfs_region)
{
	switch (dfs_region) {
	case NL80211_DFS_UNSET:
		return "unset";
	case NL80211_DFS_FCC:
		return "FCC";
	case NL80211_DFS_ETSI:
		return "ETSI";
	case NL80211_DFS_JP:
		return "JP";
	}
	return "unknown";
}
