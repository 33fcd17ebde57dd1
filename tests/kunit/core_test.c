// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of regcore's pure logic: validation, rule look-up, AUTO-BW,
 * intersection, and the channel table a domain gives a radio; with the
 * parser's tests of regdb_test.c, one suite. Built as regcore_test.ko
 * when the kernel has KUnit (the debug kernel of the VM suite); they run
 * when it is loaded (after regcore.ko, whose functions they call) and
 * report KTAP in the kernel log.
 *
 * Whatever a test allocates is released by KUnit when the test ends, also
 * when an assertion ends it early: kunit_kzalloc(), or track_regdom() and
 * track_wiphy() for objects regcore allocates.
 */
#include <kunit/test.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "core.h"
#include "regcore_test.h"

#define KHZ(mhz) REGCORE_MHZ_TO_KHZ(mhz)

static int track_init(struct kunit_resource *res, void *ptr)
{
	res->data = ptr;
	return 0;
}

static void track_free_regdom(struct kunit_resource *res)
{
	regcore_regdom_free(res->data);
}

static void track_free_wiphy(struct kunit_resource *res)
{
	regcore_wiphy_free(res->data);
}

/* Free a domain regcore made when the test ends; ERR_PTR and NULL pass. */
struct regcore_regdomain *track_regdom(struct kunit *test,
				       struct regcore_regdomain *rd)
{
	if (!IS_ERR_OR_NULL(rd) &&
	    !kunit_alloc_resource(test, track_init, track_free_regdom,
				  GFP_KERNEL, rd)) {
		regcore_regdom_free(rd);
		KUNIT_FAIL(test, "no memory to track a domain");
		return ERR_PTR(-ENOMEM);
	}
	return rd;
}

/* Free a radio from regcore_wiphy_new() when the test ends. */
static struct regcore_wiphy *track_wiphy(struct kunit *test,
					 struct regcore_wiphy *wiphy)
{
	if (wiphy && !kunit_alloc_resource(test, track_init, track_free_wiphy,
					   GFP_KERNEL, wiphy)) {
		regcore_wiphy_free(wiphy);
		return NULL;
	}
	return wiphy;
}

static struct regcore_regdomain *test_rd(struct kunit *test, const char *alpha2,
					 u8 dfs, u32 n,
					 const struct regcore_reg_rule *rules)
{
	struct regcore_regdomain *rd;

	rd = kunit_kzalloc(test, struct_size(rd, reg_rules, n), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rd);
	rd->n_reg_rules = n;
	memcpy(rd->alpha2, alpha2, 2);
	rd->dfs_region = dfs;
	memcpy(rd->reg_rules, rules, n * sizeof(*rules));
	return rd;
}

/* A valid base to break one field of at a time. */
static const struct regcore_reg_rule good_rules[] = {
	REGCORE_RULE(2400, 2483, 40, 0, 20, 0),
	REGCORE_RULE(5150, 5250, 80, 6, 23, NL80211_RRF_AUTO_BW),
};

struct validate_case {
	const char *name;
	const char *alpha2;
	u8 dfs;
	struct regcore_reg_rule rule;	/* replaces good_rules[1] */
	int expect;
};

static const struct validate_case validate_cases[] = {
	{ "valid_country", "DE", NL80211_DFS_ETSI,
	  REGCORE_RULE(5150, 5250, 80, 6, 23, 0), 0 },
	{ "valid_world", "00", NL80211_DFS_UNSET,
	  REGCORE_RULE(5150, 5250, 80, 6, 23, 0), 0 },
	{ "auto_bw_may_leave_bandwidth_zero", "DE", 0,
	  REGCORE_RULE(5150, 5250, 0, 0, 23, NL80211_RRF_AUTO_BW), 0 },
	{ "lower_case_alpha2_refused", "de", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 23, 0), -EINVAL },
	{ "digit_alpha2_refused", "0A", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 23, 0), -EINVAL },
	{ "intersection_alpha2_refused", "98", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 23, 0), -EINVAL },
	{ "unknown_dfs_region_refused", "DE", 4,
	  REGCORE_RULE(5150, 5250, 80, 0, 23, 0), -EINVAL },
	{ "start_at_zero_refused", "DE", 0,
	  REGCORE_RULE(0, 5250, 80, 0, 23, 0), -EINVAL },
	{ "start_above_end_refused", "DE", 0,
	  REGCORE_RULE(5250, 5150, 80, 0, 23, 0), -EINVAL },
	{ "empty_range_refused", "DE", 0,
	  REGCORE_RULE(5150, 5150, 0, 0, 23, NL80211_RRF_AUTO_BW), -EINVAL },
	{ "bandwidth_wider_than_range_refused", "DE", 0,
	  REGCORE_RULE(5150, 5170, 40, 0, 23, 0), -EINVAL },
	{ "zero_bandwidth_without_auto_bw_refused", "DE", 0,
	  REGCORE_RULE(5150, 5250, 0, 0, 23, 0), -EINVAL },
	{ "end_above_100ghz_refused", "DE", 0,
	  REGCORE_RULE(57000, 100001, 2160, 0, 23, 0), -EINVAL },
	{ "eirp_above_60dbm_refused", "DE", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 61, 0), -EINVAL },
	{ "gain_above_60dbi_refused", "DE", 0,
	  REGCORE_RULE(5150, 5250, 80, 61, 23, 0), -EINVAL },
	/* bit 31: no kernel's nl80211 has it (bit 20 is 6.12's PSD) */
	{ "unknown_flag_refused", "DE", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 23, BIT(31)), -EINVAL },
	{ "every_flag_this_kernel_knows_accepted", "DE", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 23,
		       REGCORE_KNOWN_RRF & ~NL80211_RRF_AUTO_BW), 0 },
	{ "flag_bit_9_refused", "DE", 0,
	  REGCORE_RULE(5150, 5250, 80, 0, 23, BIT(9)), -EINVAL },
};

static void validate_case_desc(const struct validate_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(validate, validate_cases, validate_case_desc);

static void regdom_validate_test(struct kunit *test)
{
	const struct validate_case *c = test->param_value;
	struct regcore_regdomain *rd;

	rd = test_rd(test, c->alpha2, c->dfs, 2, good_rules);
	rd->reg_rules[1] = c->rule;
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate(rd, NULL), c->expect);
}

static void regdom_validate_counts_test(struct kunit *test)
{
	struct regcore_regdomain *rd;
	u32 i;

	rd = test_rd(test, "DE", 0, 0, good_rules);
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate(rd, NULL), -EINVAL);

	rd = kunit_kzalloc(test, struct_size(rd, reg_rules,
					     NL80211_MAX_SUPP_REG_RULES + 1),
			   GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rd);
	memcpy(rd->alpha2, "DE", 2);
	for (i = 0; i <= NL80211_MAX_SUPP_REG_RULES; i++)
		rd->reg_rules[i] = good_rules[0];
	rd->n_reg_rules = NL80211_MAX_SUPP_REG_RULES;
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate(rd, NULL), 0);
	rd->n_reg_rules = NL80211_MAX_SUPP_REG_RULES + 1;
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate(rd, NULL), -EINVAL);
}

/* Drivers' custom domains may be wider than a range, as hwsim's are. */
static void custom_domain_bandwidth_test(struct kunit *test)
{
	static const struct regcore_reg_rule rules[] = {
		REGCORE_RULE(2484 - 10, 2484 + 10, 40, 0, 20, 0),
	};
	struct regcore_regdomain *rd = test_rd(test, "99", 0, 1, rules);

	KUNIT_EXPECT_EQ(test, regcore_regdom_validate_rules(rd, true, NULL), 0);
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate_rules(rd, false, NULL),
			-EINVAL);
}

static void builtin_world_is_valid_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate(&regcore_builtin_world,
						      NULL), 0);
	KUNIT_EXPECT_STREQ(test, regcore_builtin_world.alpha2, "00");
}

/* AUTO-BW: adjacent ranges join; flags cap the result. */
static void auto_bw_joins_adjacent_ranges_test(struct kunit *test)
{
	const struct regcore_regdomain *w = &regcore_builtin_world;

	/* 5170-5250 and 5250-5330 touch: 160 MHz */
	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(w, &w->reg_rules[4]),
			KHZ(160));
	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(w, &w->reg_rules[5]),
			KHZ(160));
	/* 2402-2472, 2457-2482, 2474-2494 overlap: 92 MHz */
	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(w, &w->reg_rules[2]),
			KHZ(92));
	/* 5490-5730 stands alone (5330 < 5490): its own 240 MHz */
	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(w, &w->reg_rules[6]),
			KHZ(240));
}

static void auto_bw_capped_by_flags_test(struct kunit *test)
{
	static const struct regcore_reg_rule rules[] = {
		REGCORE_RULE(5170, 5250, 80, 0, 20,
			     NL80211_RRF_AUTO_BW | NL80211_RRF_NO_160MHZ),
		REGCORE_RULE(5250, 5330, 80, 0, 20,
			     NL80211_RRF_AUTO_BW | NL80211_RRF_NO_80MHZ),
		REGCORE_RULE(5490, 5730, 160, 0, 20,
			     NL80211_RRF_AUTO_BW | NL80211_RRF_NO_HT40),
	};
	struct regcore_regdomain *rd = test_rd(test, "XX", 0, 3, rules);

	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(rd, &rd->reg_rules[0]),
			KHZ(80));
	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(rd, &rd->reg_rules[1]),
			KHZ(40));
	KUNIT_EXPECT_EQ(test, regcore_rule_max_bandwidth(rd, &rd->reg_rules[2]),
			KHZ(20));
}

static void find_rule_test(struct kunit *test)
{
	static const struct regcore_reg_rule rules[] = {
		REGCORE_RULE(2402, 2482, 40, 0, 20, 0),
		REGCORE_RULE(5170, 5250, 80, 0, 23, 0),
	};
	struct regcore_regdomain *rd = test_rd(test, "XX", 0, 2, rules);
	const struct regcore_reg_rule *r;

	r = regcore_regdom_find_rule(rd, KHZ(2412), KHZ(20));
	KUNIT_EXPECT_PTR_EQ(test, r, &rd->reg_rules[0]);
	/* channel 14: 2474-2494 is outside 2402-2482 */
	r = regcore_regdom_find_rule(rd, KHZ(2484), KHZ(20));
	KUNIT_EXPECT_EQ(test, PTR_ERR(r), -EINVAL);
	/* 5240: 5230-5250 fits; 5250: 5240-5260 does not */
	r = regcore_regdom_find_rule(rd, KHZ(5240), KHZ(20));
	KUNIT_EXPECT_PTR_EQ(test, r, &rd->reg_rules[1]);
	r = regcore_regdom_find_rule(rd, KHZ(5260), KHZ(20));
	KUNIT_EXPECT_EQ(test, PTR_ERR(r), -EINVAL);
	/* no rule within 2 GHz of 60 GHz: the band is not described */
	r = regcore_regdom_find_rule(rd, KHZ(60480), KHZ(20));
	KUNIT_EXPECT_EQ(test, PTR_ERR(r), -ERANGE);
	/* the rule's maximum bandwidth is no part of the fit */
	r = regcore_regdom_find_rule(rd, KHZ(2442), KHZ(80));
	KUNIT_EXPECT_PTR_EQ(test, r, &rd->reg_rules[0]);
}

static void rule_flags_to_chan_test(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(0), 0);
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(NL80211_RRF_NO_IR),
			REGCORE_CHAN_NO_IR);
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(__NL80211_RRF_NO_IBSS),
			REGCORE_CHAN_NO_IR);
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(NL80211_RRF_DFS),
			REGCORE_CHAN_RADAR);
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(NL80211_RRF_NO_OUTDOOR),
			REGCORE_CHAN_INDOOR_ONLY);
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(NL80211_RRF_NO_OFDM |
							 NL80211_RRF_NO_HT40),
			REGCORE_CHAN_NO_OFDM | REGCORE_CHAN_NO_HT40);
	/* AUTO-BW and the modulation-only flags map to nothing */
	KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(NL80211_RRF_AUTO_BW |
							 NL80211_RRF_NO_CCK),
			0);
}

/* The flags after 6.1 map where this kernel's nl80211 has them (6.12),
 * each to its own channel flag, as cfg80211's map_regdom_flags(); where it
 * has none, no rule flag gives those channel flags.
 */
static void later_rule_flags_to_chan_test(struct kunit *test)
{
	static const struct {
		u32 rule;
		u32 chan;
	} later[] = {
		{ REGCORE_RRF_NO_EHT, REGCORE_CHAN_NO_EHT },
		{ REGCORE_RRF_PSD, REGCORE_CHAN_PSD },
		{ REGCORE_RRF_DFS_CONCURRENT, REGCORE_CHAN_DFS_CONCURRENT },
		{ REGCORE_RRF_NO_6GHZ_VLP_CLIENT,
		  REGCORE_CHAN_NO_6GHZ_VLP_CLIENT },
		{ REGCORE_RRF_NO_6GHZ_AFC_CLIENT,
		  REGCORE_CHAN_NO_6GHZ_AFC_CLIENT },
		{ REGCORE_RRF_ALLOW_6GHZ_VLP_AP, REGCORE_CHAN_ALLOW_6GHZ_VLP_AP },
		{ REGCORE_RRF_ALLOW_20MHZ_ACTIVITY,
		  REGCORE_CHAN_ALLOW_20MHZ_ACTIVITY },
	};
	u32 all_chan = 0;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(later); i++) {
		all_chan |= later[i].chan;
		if (!later[i].rule)
			continue;
		KUNIT_EXPECT_EQ(test, regcore_rule_flags_to_chan(later[i].rule),
				later[i].chan);
	}
	/* every rule flag at once: the later channel flags come only from
	 * the later rule flags this kernel has
	 */
	KUNIT_EXPECT_EQ(test,
			regcore_rule_flags_to_chan(REGCORE_KNOWN_RRF) & all_chan,
			regcore_rule_flags_to_chan(REGCORE_RRF_SINCE_6_1));
}

static void intersect_test(struct kunit *test)
{
	static const struct regcore_reg_rule a_rules[] = {
		REGCORE_RULE(2400, 2483, 40, 0, 20, 0),
		REGCORE_RULE(5150, 5250, 80, 0, 23, NL80211_RRF_NO_OUTDOOR),
		REGCORE_RULE(5250, 5350, 80, 0, 20, NL80211_RRF_DFS),
	};
	static const struct regcore_reg_rule b_rules[] = {
		REGCORE_RULE(2402, 2472, 40, 3, 30, 0),
		REGCORE_RULE(5170, 5330, 160, 0, 17, NL80211_RRF_NO_IR),
	};
	struct regcore_regdomain *a = test_rd(test, "DE", NL80211_DFS_ETSI, 3,
					      a_rules);
	struct regcore_regdomain *b = test_rd(test, "US", NL80211_DFS_FCC, 2,
					      b_rules);
	struct regcore_regdomain *x = track_regdom(test,
						   regcore_regdom_intersect(a, b));
	const struct regcore_reg_rule *r;

	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_STREQ(test, x->alpha2, "98");
	KUNIT_EXPECT_EQ(test, x->dfs_region, NL80211_DFS_UNSET);
	KUNIT_ASSERT_EQ(test, x->n_reg_rules, 3);

	r = &x->reg_rules[0];
	KUNIT_EXPECT_EQ(test, r->freq_range.start_freq_khz, KHZ(2402));
	KUNIT_EXPECT_EQ(test, r->freq_range.end_freq_khz, KHZ(2472));
	KUNIT_EXPECT_EQ(test, r->freq_range.max_bandwidth_khz, KHZ(40));
	KUNIT_EXPECT_EQ(test, r->power_rule.max_eirp, 2000);
	KUNIT_EXPECT_EQ(test, r->power_rule.max_antenna_gain, 0);

	r = &x->reg_rules[1];
	KUNIT_EXPECT_EQ(test, r->freq_range.start_freq_khz, KHZ(5170));
	KUNIT_EXPECT_EQ(test, r->freq_range.end_freq_khz, KHZ(5250));
	KUNIT_EXPECT_EQ(test, r->freq_range.max_bandwidth_khz, KHZ(80));
	KUNIT_EXPECT_EQ(test, r->flags,
			NL80211_RRF_NO_OUTDOOR | NL80211_RRF_NO_IR);
	KUNIT_EXPECT_EQ(test, r->power_rule.max_eirp, 1700);

	r = &x->reg_rules[2];
	KUNIT_EXPECT_EQ(test, r->freq_range.start_freq_khz, KHZ(5250));
	KUNIT_EXPECT_EQ(test, r->freq_range.end_freq_khz, KHZ(5330));
	KUNIT_EXPECT_EQ(test, r->flags, NL80211_RRF_DFS | NL80211_RRF_NO_IR);
}

static void intersect_disjoint_is_einval_test(struct kunit *test)
{
	static const struct regcore_reg_rule a_rules[] = {
		REGCORE_RULE(2400, 2483, 40, 0, 20, 0),
	};
	static const struct regcore_reg_rule b_rules[] = {
		REGCORE_RULE(5170, 5330, 160, 0, 17, 0),
	};
	struct regcore_regdomain *a = test_rd(test, "DE", 0, 1, a_rules);
	struct regcore_regdomain *b = test_rd(test, "US", 0, 1, b_rules);

	KUNIT_EXPECT_EQ(test, PTR_ERR(regcore_regdom_intersect(a, b)), -EINVAL);
}

static void intersect_auto_bw_test(struct kunit *test)
{
	static const struct regcore_reg_rule a_rules[] = {
		REGCORE_RULE(5170, 5250, 80, 0, 20, NL80211_RRF_AUTO_BW),
		REGCORE_RULE(5250, 5330, 80, 0, 20, NL80211_RRF_AUTO_BW),
	};
	static const struct regcore_reg_rule b_rules[] = {
		REGCORE_RULE(5150, 5350, 160, 0, 20, NL80211_RRF_AUTO_BW),
	};
	static const struct regcore_reg_rule c_rules[] = {
		REGCORE_RULE(5150, 5350, 160, 0, 20, 0),
	};
	struct regcore_regdomain *a = test_rd(test, "AA", 0, 2, a_rules);
	struct regcore_regdomain *b = test_rd(test, "BB", 0, 1, b_rules);
	struct regcore_regdomain *c = test_rd(test, "CC", 0, 1, c_rules);
	struct regcore_regdomain *x;

	/* both AUTO-BW: kept, bandwidth from the joined ranges, capped */
	x = track_regdom(test, regcore_regdom_intersect(a, b));
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_ASSERT_EQ(test, x->n_reg_rules, 2);
	KUNIT_EXPECT_TRUE(test, x->reg_rules[0].flags & NL80211_RRF_AUTO_BW);
	KUNIT_EXPECT_EQ(test, x->reg_rules[0].freq_range.max_bandwidth_khz,
			KHZ(80));
	/* one AUTO-BW: dropped, bandwidth resolved */
	x = track_regdom(test, regcore_regdom_intersect(a, c));
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_FALSE(test, x->reg_rules[0].flags & NL80211_RRF_AUTO_BW);
}

/*
 * Rules of @n ranges @width kHz wide, one every 2 MHz from 5000 MHz plus
 * @offset kHz: the raw material of intersections with many rules.
 */
static struct regcore_regdomain *comb(struct kunit *test, u32 n, u32 offset,
				      u32 width)
{
	struct regcore_regdomain *rd;
	u32 i;

	rd = kunit_kzalloc(test, struct_size(rd, reg_rules, n), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, rd);
	rd->n_reg_rules = n;
	memcpy(rd->alpha2, "XX", 2);
	for (i = 0; i < n; i++) {
		struct regcore_reg_rule *r = &rd->reg_rules[i];

		r->freq_range.start_freq_khz = KHZ(5000) + KHZ(2) * i + offset;
		r->freq_range.end_freq_khz = r->freq_range.start_freq_khz +
					     width;
		r->freq_range.max_bandwidth_khz = 500;
		r->power_rule.max_eirp = 2000;
	}
	return rd;
}

/* An intersection is a domain like any other: 128 rules at most. */
static void intersect_is_capped_at_128_rules_test(struct kunit *test)
{
	struct regcore_regdomain *a = comb(test, NL80211_MAX_SUPP_REG_RULES,
					   0, 1500);
	struct regcore_regdomain *b = comb(test, NL80211_MAX_SUPP_REG_RULES,
					   1000, 1500);
	struct regcore_regdomain *one = comb(test, 1, 0, KHZ(300));
	struct regcore_regdomain *x;

	/* each rule of a overlaps two of b: 255 distinct pieces */
	x = track_regdom(test, regcore_regdom_intersect(a, b));
	KUNIT_EXPECT_EQ(test, PTR_ERR_OR_ZERO(x), -E2BIG);
	/* one wide rule keeps each of a's 128: exactly the limit */
	one->reg_rules[0].freq_range.max_bandwidth_khz = KHZ(20);
	x = track_regdom(test, regcore_regdom_intersect(a, one));
	KUNIT_ASSERT_FALSE(test, IS_ERR(x));
	KUNIT_EXPECT_EQ(test, x->n_reg_rules, NL80211_MAX_SUPP_REG_RULES);
}

/*
 * The channel table the built-in world domain gives a radio with hwsim's
 * 2.4 GHz channels and a few 5 GHz ones, derived by hand from the rules.
 */
struct chan_expect {
	u32 freq;
	u32 flags;	/* checked under the mask below */
	int power;
	u32 cac_ms;
};

#define CHK (REGCORE_CHAN_DISABLED | REGCORE_CHAN_NO_IR | REGCORE_CHAN_RADAR | \
	     REGCORE_CHAN_NO_OFDM | REGCORE_CHAN_NO_HT40 | REGCORE_CHAN_NO_80MHZ | \
	     REGCORE_CHAN_NO_160MHZ)

static const struct chan_expect world_2ghz[] = {
	/* 1-4: 2402-2472 @ 40; HT40- needs a channel 20 MHz below */
	{ 2412, REGCORE_CHAN_NO_HT40MINUS | REGCORE_CHAN_NO_80MHZ |
		REGCORE_CHAN_NO_160MHZ, 20, 0 },
	{ 2437, REGCORE_CHAN_NO_80MHZ | REGCORE_CHAN_NO_160MHZ, 20, 0 },
	/* 10-11: the 2457-2482 rule is AUTO-BW but 2402-2472 holds them */
	{ 2462, REGCORE_CHAN_NO_HT40PLUS | REGCORE_CHAN_NO_80MHZ |
		REGCORE_CHAN_NO_160MHZ, 20, 0 },
	/* 12-13: only 2457-2482 (NO-IR, AUTO-BW 92 MHz) holds them */
	{ 2467, REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_HT40PLUS |
		REGCORE_CHAN_NO_160MHZ, 20, 0 },
	{ 2472, REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_HT40PLUS |
		REGCORE_CHAN_NO_160MHZ, 20, 0 },
	/* 14: 2474-2494 @ 20, NO-IR, NO-OFDM */
	{ 2484, REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_OFDM | REGCORE_CHAN_NO_HT40 |
		REGCORE_CHAN_NO_80MHZ | REGCORE_CHAN_NO_160MHZ, 20, 0 },
};

static const struct chan_expect world_5ghz[] = {
	{ 5180, REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_HT40MINUS, 20, 0 },
	{ 5260, REGCORE_CHAN_NO_IR | REGCORE_CHAN_RADAR, 20, 60000 },
	{ 5320, REGCORE_CHAN_NO_IR | REGCORE_CHAN_RADAR |
		REGCORE_CHAN_NO_HT40PLUS, 20, 60000 },
	{ 5500, REGCORE_CHAN_NO_IR | REGCORE_CHAN_RADAR |
		REGCORE_CHAN_NO_HT40MINUS, 20, 60000 },
	{ 5745, REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_HT40MINUS |
		REGCORE_CHAN_NO_160MHZ, 20, 0 },
	/* 165: 5815-5835 fits; 169: 5835-5855 does not */
	{ 5825, REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_HT40PLUS |
		REGCORE_CHAN_NO_160MHZ, 20, 0 },
	{ 5845, REGCORE_CHAN_DISABLED | REGCORE_CHAN_NO_HT40, 0, 0 },
};

static void fill_band(struct kunit *test, struct regcore_band *band,
		      const struct chan_expect *e, int n, const u32 *extra,
		      int n_extra)
{
	struct regcore_channel *c;
	int i;

	c = kunit_kcalloc(test, n + n_extra, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < n; i++)
		c[i].center_freq = e[i].freq;
	for (i = 0; i < n_extra; i++)
		c[n + i].center_freq = extra[i];
	band->channels = c;
	band->n_channels = n + n_extra;
}

static void check_band(struct kunit *test, const struct regcore_band *band,
		       const struct chan_expect *e, int n)
{
	int i;

	for (i = 0; i < n; i++) {
		const struct regcore_channel *c = &band->channels[i];

		KUNIT_EXPECT_EQ_MSG(test, c->flags & CHK, e[i].flags,
				    "flags of %u MHz", e[i].freq);
		if (!(e[i].flags & REGCORE_CHAN_DISABLED))
			KUNIT_EXPECT_EQ_MSG(test, c->max_power, e[i].power,
					    "power of %u MHz", e[i].freq);
		if (e[i].flags & REGCORE_CHAN_RADAR)
			KUNIT_EXPECT_EQ_MSG(test, c->dfs_cac_ms, e[i].cac_ms,
					    "CAC of %u MHz", e[i].freq);
	}
}

/* The request in force after load: the core's world request. */
static const struct regcore_request_info core_world = {
	.initiator = NL80211_REGDOM_SET_BY_CORE,
	.alpha2 = "00",
	.wiphy_idx = U32_MAX,
};

static const struct regcore_request_info user_hint = {
	.initiator = NL80211_REGDOM_SET_BY_USER,
	.alpha2 = "XX",
	.wiphy_idx = U32_MAX,
};

/* The built-in world in force after the core's request. */
static const struct regcore_chan_input core_input = {
	.initiator = NL80211_REGDOM_SET_BY_CORE,
	.lr = &core_world,
	.cur = &regcore_builtin_world,
};

/*
 * The tests use the computation on plain data (regcore_compute_channels()),
 * never the module's state: the VM groups test that.
 */
static void world_channels_test(struct kunit *test)
{
	/* neighbours that decide HT40, not checked themselves */
	static const u32 extra_2ghz[] = { 2417, 2422, 2427, 2432, 2442, 2447,
					  2452, 2457 };
	static const u32 extra_5ghz[] = { 5200, 5220, 5240, 5280, 5300, 5520,
					  5765, 5785, 5805 };
	struct regcore_wiphy *wiphy;

	wiphy = kunit_kzalloc(test, sizeof(*wiphy), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, wiphy);
	wiphy->bands[NL80211_BAND_2GHZ] =
		kunit_kzalloc(test, sizeof(struct regcore_band), GFP_KERNEL);
	wiphy->bands[NL80211_BAND_5GHZ] =
		kunit_kzalloc(test, sizeof(struct regcore_band), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, wiphy->bands[NL80211_BAND_2GHZ]);
	KUNIT_ASSERT_NOT_NULL(test, wiphy->bands[NL80211_BAND_5GHZ]);
	fill_band(test, wiphy->bands[NL80211_BAND_2GHZ], world_2ghz,
		  ARRAY_SIZE(world_2ghz), extra_2ghz, ARRAY_SIZE(extra_2ghz));
	fill_band(test, wiphy->bands[NL80211_BAND_5GHZ], world_5ghz,
		  ARRAY_SIZE(world_5ghz), extra_5ghz, ARRAY_SIZE(extra_5ghz));

	KUNIT_EXPECT_EQ(test, regcore_channels_set_originals(wiphy),
			(int)(ARRAY_SIZE(world_2ghz) + ARRAY_SIZE(extra_2ghz) +
			      ARRAY_SIZE(world_5ghz) + ARRAY_SIZE(extra_5ghz)));
	regcore_compute_channels(wiphy, &core_input);

	check_band(test, wiphy->bands[NL80211_BAND_2GHZ], world_2ghz,
		   ARRAY_SIZE(world_2ghz));
	check_band(test, wiphy->bands[NL80211_BAND_5GHZ], world_5ghz,
		   ARRAY_SIZE(world_5ghz));
}

/* A custom domain is the radio's superset: a user's domain only restricts. */
static void custom_channels_test(struct kunit *test)
{
	static const struct regcore_reg_rule rules[] = {
		REGCORE_RULE(2402, 2472, 40, 0, 17, 0),
		REGCORE_RULE(5170, 5250, 80, 0, 30, NL80211_RRF_NO_IR),
	};
	static const struct regcore_reg_rule user_rules[] = {
		REGCORE_RULE(2400, 2494, 40, 0, 30, 0),
		REGCORE_RULE(5150, 5350, 80, 0, 23, NL80211_RRF_NO_OUTDOOR),
	};
	static const u32 freqs[] = { 2412, 2484, 5180, 5260 };
	struct regcore_regdomain *rd = test_rd(test, "99", 0, 2, rules);
	struct regcore_regdomain *user = test_rd(test, "XX", 0, 2, user_rules);
	struct regcore_chan_input in = {
		.initiator = NL80211_REGDOM_SET_BY_USER,
		.lr = &user_hint,
	};
	struct regcore_channel *c;
	struct regcore_band b = {};
	struct regcore_wiphy *wiphy;
	int i;

	c = kunit_kcalloc(test, ARRAY_SIZE(freqs), sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < ARRAY_SIZE(freqs); i++)
		c[i].center_freq = freqs[i];
	b.channels = c;
	b.n_channels = ARRAY_SIZE(freqs);

	wiphy = track_wiphy(test, regcore_wiphy_new());
	KUNIT_ASSERT_NOT_NULL(test, wiphy);
	wiphy->bands[NL80211_BAND_2GHZ] = &b;
	KUNIT_ASSERT_EQ(test, regcore_apply_custom_regulatory(wiphy, rd), 0);
	KUNIT_EXPECT_TRUE(test, wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG);
	regcore_channels_set_originals(wiphy);

	KUNIT_EXPECT_FALSE(test, c[0].flags & REGCORE_CHAN_DISABLED);
	KUNIT_EXPECT_EQ(test, c[0].max_power, 17);
	/* not in the custom domain: disabled for good */
	KUNIT_EXPECT_TRUE(test, c[1].orig_flags & REGCORE_CHAN_DISABLED);
	KUNIT_EXPECT_TRUE(test, c[2].flags & REGCORE_CHAN_NO_IR);
	KUNIT_EXPECT_EQ(test, c[2].max_power, 30);
	KUNIT_EXPECT_TRUE(test, c[3].flags & REGCORE_CHAN_DISABLED);

	/* the user's domain allows channel 14 and more power: no matter */
	in.own = rd;
	in.cur = user;
	regcore_compute_channels(wiphy, &in);
	KUNIT_EXPECT_TRUE(test, c[1].flags & REGCORE_CHAN_DISABLED);
	KUNIT_EXPECT_EQ(test, c[0].max_power, 17);
	/* what it forbids, it forbids: indoor only, 23 dBm */
	KUNIT_EXPECT_TRUE(test, c[2].flags & REGCORE_CHAN_INDOOR_ONLY);
	KUNIT_EXPECT_TRUE(test, c[2].flags & REGCORE_CHAN_NO_IR);
	KUNIT_EXPECT_EQ(test, c[2].max_power, 23);
}

/* The hardware's own limits stay: power is min(hardware, rule). */
static void hardware_limits_are_kept_test(struct kunit *test)
{
	struct regcore_channel c[2] = {
		{ .center_freq = 2412, .max_power = 10 },
		{ .center_freq = 2437 },
	};
	struct regcore_band b = { .channels = c, .n_channels = 2 };
	struct regcore_wiphy wiphy = {};

	wiphy.bands[NL80211_BAND_2GHZ] = &b;
	regcore_channels_set_originals(&wiphy);
	regcore_compute_channels(&wiphy, &core_input);
	KUNIT_EXPECT_EQ(test, c[0].max_reg_power, 20);
	KUNIT_EXPECT_EQ(test, c[0].max_power, 10);
	KUNIT_EXPECT_EQ(test, c[1].max_power, 20);
}

/*
 * The antenna gain a driver leaves in a channel before registration is not
 * a limit, as in cfg80211 (wiphy_register() sets orig_mag to INT_MAX): the
 * rule's gain is what the channel gets.
 */
static void driver_antenna_gain_is_not_a_limit_test(struct kunit *test)
{
	static const struct regcore_reg_rule rules[] = {
		REGCORE_RULE(2402, 2482, 40, 6, 20, 0),
	};
	struct regcore_regdomain *rd = test_rd(test, "XX", 0, 1, rules);
	struct regcore_channel c[1] = {
		{ .center_freq = 2412, .max_antenna_gain = 3 },
	};
	struct regcore_band b = { .channels = c, .n_channels = 1 };
	struct regcore_wiphy wiphy = {};
	struct regcore_chan_input in = {
		.initiator = NL80211_REGDOM_SET_BY_USER,
		.lr = &user_hint,
		.cur = rd,
	};

	wiphy.bands[NL80211_BAND_2GHZ] = &b;
	regcore_channels_set_originals(&wiphy);
	KUNIT_EXPECT_EQ(test, c[0].orig_mag, INT_MAX);
	regcore_compute_channels(&wiphy, &in);
	KUNIT_EXPECT_EQ(test, c[0].max_antenna_gain, 6);
}

/*
 * S1G: hwsim's 51 channels, 902.5 to 927.5 MHz every 500 kHz. The
 * expected widths are worked out by hand from cfg80211's
 * reg_rule_to_chan_bw_flags() (the widest width, halving from the
 * rule's, whose channels tile the rule from its lower edge with this one
 * among them; a width under 1 MHz disables) and
 * reg_process_ht_flags_channel() (HT40 neighbours found by whole MHz, the
 * last of 922 and 922.5 winning).
 */
static struct regcore_channel *s1g_band(struct kunit *test,
					struct regcore_wiphy *wiphy)
{
	struct regcore_band *b;
	struct regcore_channel *c;
	int i;

	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	c = kunit_kcalloc(test, 51, sizeof(*c), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, c);
	for (i = 0; i < 51; i++) {
		c[i].center_freq = (902000 + (i + 1) * 500) / 1000;
		c[i].freq_offset = (902000 + (i + 1) * 500) % 1000;
	}
	b->channels = c;
	b->n_channels = 51;
	wiphy->bands[NL80211_BAND_S1GHZ] = b;
	return c;
}

/* The channel at @khz of s1g_band()'s table. */
static const struct regcore_channel *s1g_at(const struct regcore_channel *c,
					    u32 khz)
{
	return &c[(khz - 902000) / 500 - 1];
}

#define S1G_WIDTHS (REGCORE_CHAN_1MHZ | REGCORE_CHAN_2MHZ | \
		    REGCORE_CHAN_4MHZ | REGCORE_CHAN_8MHZ | REGCORE_CHAN_16MHZ)

static void s1g_world_channels_test(struct kunit *test)
{
	struct regcore_wiphy *wiphy;
	struct regcore_channel *c;

	wiphy = kunit_kzalloc(test, sizeof(*wiphy), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, wiphy);
	c = s1g_band(test, wiphy);
	regcore_channels_set_originals(wiphy);
	KUNIT_EXPECT_EQ(test, s1g_at(c, 902500)->freq_offset, 500);
	KUNIT_EXPECT_EQ(test, regcore_channel_to_khz(s1g_at(c, 902500)), 902500);
	regcore_compute_channels(wiphy, &core_input);

	/* 755-928 @ 2 MHz, NO-IR. 902.5: (902500 - 1000 - 755000) % 2000
	 * is 500, (902500 - 500 - 755000) % 1000 is 0: 1 MHz. 10 and 20 MHz
	 * fit the range, whatever its bandwidth: no NO_10MHZ, no NO_20MHZ.
	 */
	KUNIT_EXPECT_EQ(test, s1g_at(c, 902500)->flags & (S1G_WIDTHS |
			REGCORE_CHAN_DISABLED | REGCORE_CHAN_NO_IR |
			REGCORE_CHAN_NO_10MHZ | REGCORE_CHAN_NO_20MHZ),
			REGCORE_CHAN_1MHZ | REGCORE_CHAN_NO_IR);
	KUNIT_EXPECT_EQ(test, s1g_at(c, 902500)->max_power, 20);
	/* 904 (even): 2 MHz */
	KUNIT_EXPECT_EQ(test, s1g_at(c, 904000)->flags & S1G_WIDTHS,
			REGCORE_CHAN_2MHZ);
	KUNIT_EXPECT_EQ(test, regcore_s1g_channel_width(s1g_at(c, 904000)),
			NL80211_CHAN_WIDTH_2);
	/* 903 (odd): no halving of 2 MHz of 1 MHz or more reaches it; 3 kHz
	 * divides 147999, and 3 kHz is no width: disabled
	 */
	KUNIT_EXPECT_TRUE(test, s1g_at(c, 903000)->flags & REGCORE_CHAN_DISABLED);
	KUNIT_EXPECT_FALSE(test, s1g_at(c, 903000)->flags & S1G_WIDTHS);
	/* no HT40 limit from the bandwidth on S1G; 903.5's HT40+ neighbour
	 * is "923": 923.0 is disabled, 923.5 is not, and the last wins
	 */
	KUNIT_EXPECT_FALSE(test, s1g_at(c, 903500)->flags &
			   REGCORE_CHAN_NO_HT40PLUS);
	KUNIT_EXPECT_TRUE(test, s1g_at(c, 903500)->flags &
			  REGCORE_CHAN_NO_HT40MINUS);
	KUNIT_EXPECT_FALSE(test, s1g_at(c, 923500)->flags &
			   REGCORE_CHAN_NO_HT40MINUS);
	KUNIT_EXPECT_FALSE(test, s1g_at(c, 903500)->flags &
			   (REGCORE_CHAN_NO_80MHZ | REGCORE_CHAN_NO_160MHZ));
}

static void s1g_us_channels_test(struct kunit *test)
{
	/* Debian's wireless-regdb, country US, below 1 GHz */
	static const struct regcore_reg_rule us_rules[] = {
		REGCORE_RULE(902, 904, 2, 0, 30, 0),
		REGCORE_RULE(904, 920, 16, 0, 30, 0),
		REGCORE_RULE(920, 928, 8, 0, 30, 0),
	};
	static const struct {
		u32 khz;
		u32 flags;
	} want[] = {
		/* only 1 MHz of 902-904 fits around 902.5 */
		{ 902500, REGCORE_CHAN_1MHZ },
		{ 903000, REGCORE_CHAN_2MHZ },
		/* between two rules: neither holds it, and nothing 20 MHz
		 * below joins them
		 */
		{ 904000, REGCORE_CHAN_DISABLED },
		{ 908000, REGCORE_CHAN_8MHZ },
		{ 912000, REGCORE_CHAN_16MHZ },
		{ 920000, REGCORE_CHAN_DISABLED },
		{ 922000, REGCORE_CHAN_4MHZ },
		{ 922500, REGCORE_CHAN_1MHZ },
		{ 924000, REGCORE_CHAN_8MHZ },
		{ 927500, REGCORE_CHAN_1MHZ },
	};
	struct regcore_regdomain *us = test_rd(test, "US", NL80211_DFS_FCC,
					       ARRAY_SIZE(us_rules), us_rules);
	struct regcore_chan_input in = {
		.initiator = NL80211_REGDOM_SET_BY_USER,
		.lr = &user_hint,
		.cur = us,
	};
	struct regcore_wiphy *wiphy;
	struct regcore_channel *c;
	int i;

	wiphy = kunit_kzalloc(test, sizeof(*wiphy), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, wiphy);
	c = s1g_band(test, wiphy);
	regcore_channels_set_originals(wiphy);
	regcore_compute_channels(wiphy, &in);
	for (i = 0; i < ARRAY_SIZE(want); i++)
		KUNIT_EXPECT_EQ_MSG(test, s1g_at(c, want[i].khz)->flags &
				    (S1G_WIDTHS | REGCORE_CHAN_DISABLED),
				    want[i].flags, "flags of %u kHz",
				    want[i].khz);
	KUNIT_EXPECT_EQ(test, s1g_at(c, 912000)->max_power, 30);
	/* 912: 10 MHz fits 904-920, 20 MHz does not */
	KUNIT_EXPECT_EQ(test, s1g_at(c, 912000)->flags &
			(REGCORE_CHAN_NO_10MHZ | REGCORE_CHAN_NO_20MHZ),
			REGCORE_CHAN_NO_20MHZ);
	KUNIT_EXPECT_EQ(test, regcore_s1g_channel_width(s1g_at(c, 912000)),
			NL80211_CHAN_WIDTH_16);
}

/* The width search alone, at its edges. */
static void s1g_width_flags_test(struct kunit *test)
{
	struct regcore_freq_range ee = { 915800, 919400, 1000 };
	struct regcore_freq_range us = { 904000, 920000, 16000 };
	struct regcore_freq_range odd = { 894309, 928000, 16000 };

	/* Estonia's 915.8-919.4 @ 1 MHz is off hwsim's grid: 916.5 finds
	 * only 3 kHz (699 is 3 * 233; KHZ_TO_MHZ() 0): disabled, as cfg80211
	 */
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&ee, 1000, 916500),
			REGCORE_CHAN_DISABLED);
	/* a channel below the rule's edge: the remainder is negative, and
	 * C's signed remainder is what cfg80211 tests
	 */
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&us, 16000, 903500),
			REGCORE_CHAN_1MHZ);
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&us, 16000, 912000),
			REGCORE_CHAN_16MHZ);
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&us, 0, 912000), 0);
	/* 1.5 MHz counts as 1 MHz: cfg80211 compares whole MHz */
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&us, 1500, 904750),
			REGCORE_CHAN_1MHZ);
	/* a custom domain's bandwidth above S32_MAX is negative in
	 * cfg80211's int: every width it halves to is no width (clamped to
	 * S32_MAX instead, 902.5 would find 16383 kHz, "16 MHz")
	 */
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&odd, 0xffffc000, 902500),
			REGCORE_CHAN_DISABLED);
	KUNIT_EXPECT_EQ(test, regcore_s1g_width_flags(&odd, U32_MAX, 912000),
			REGCORE_CHAN_DISABLED);
}

/* A custom domain is applied before registration: the S1G widths need the
 * band, which registration has not set yet.
 */
static void s1g_custom_channels_test(struct kunit *test)
{
	static const struct regcore_reg_rule rules[] = {
		REGCORE_RULE(902, 928, 8, 0, 30, 0),
	};
	struct regcore_regdomain *rd = test_rd(test, "99", 0, 1, rules);
	struct regcore_wiphy *wiphy;
	struct regcore_channel *c;

	wiphy = track_wiphy(test, regcore_wiphy_new());
	KUNIT_ASSERT_NOT_NULL(test, wiphy);
	c = s1g_band(test, wiphy);
	KUNIT_ASSERT_EQ(test, regcore_apply_custom_regulatory(wiphy, rd), 0);
	/* a custom domain holds a channel at 20 MHz only: 912 to 918 */
	KUNIT_EXPECT_TRUE(test, s1g_at(c, 911500)->flags & REGCORE_CHAN_DISABLED);
	/* 912: (912000 - 4000 - 902000) % 8000 is 6000, then % 4000 is 0 */
	KUNIT_EXPECT_EQ(test, s1g_at(c, 912000)->flags &
			(S1G_WIDTHS | REGCORE_CHAN_DISABLED | REGCORE_CHAN_NO_HT40),
			REGCORE_CHAN_4MHZ);
	KUNIT_EXPECT_EQ(test, s1g_at(c, 914000)->flags & S1G_WIDTHS,
			REGCORE_CHAN_8MHZ);
	KUNIT_EXPECT_EQ(test, s1g_at(c, 912000)->band, NL80211_BAND_S1GHZ);
}

/* A radio follows its own domain unless the user or an access point spoke. */
static void wiphy_rules_follow_cfg80211_test(struct kunit *test)
{
	const struct regcore_regdomain *cur = &regcore_builtin_world;
	struct regcore_regdomain *own = test_rd(test, "99", 0, 2, good_rules);

	KUNIT_EXPECT_PTR_EQ(test, regcore_wiphy_rules(NL80211_REGDOM_SET_BY_CORE,
						      own, cur), own);
	KUNIT_EXPECT_PTR_EQ(test,
			    regcore_wiphy_rules(NL80211_REGDOM_SET_BY_DRIVER,
						own, cur), own);
	KUNIT_EXPECT_PTR_EQ(test, regcore_wiphy_rules(NL80211_REGDOM_SET_BY_USER,
						      own, cur), cur);
	KUNIT_EXPECT_PTR_EQ(test,
			    regcore_wiphy_rules(NL80211_REGDOM_SET_BY_COUNTRY_IE,
						own, cur), cur);
	KUNIT_EXPECT_PTR_EQ(test, regcore_wiphy_rules(NL80211_REGDOM_SET_BY_CORE,
						      NULL, cur), cur);
}

static struct kunit_case regcore_test_cases[] = {
	KUNIT_CASE_PARAM(regdom_validate_test, validate_gen_params),
	KUNIT_CASE(regdom_validate_counts_test),
	KUNIT_CASE(custom_domain_bandwidth_test),
	KUNIT_CASE(builtin_world_is_valid_test),
	KUNIT_CASE(auto_bw_joins_adjacent_ranges_test),
	KUNIT_CASE(auto_bw_capped_by_flags_test),
	KUNIT_CASE(find_rule_test),
	KUNIT_CASE(rule_flags_to_chan_test),
	KUNIT_CASE(later_rule_flags_to_chan_test),
	KUNIT_CASE(intersect_test),
	KUNIT_CASE(intersect_disjoint_is_einval_test),
	KUNIT_CASE(intersect_auto_bw_test),
	KUNIT_CASE(intersect_is_capped_at_128_rules_test),
	KUNIT_CASE(world_channels_test),
	KUNIT_CASE(custom_channels_test),
	KUNIT_CASE(hardware_limits_are_kept_test),
	KUNIT_CASE(driver_antenna_gain_is_not_a_limit_test),
	KUNIT_CASE(wiphy_rules_follow_cfg80211_test),
	KUNIT_CASE(s1g_world_channels_test),
	KUNIT_CASE(s1g_us_channels_test),
	KUNIT_CASE(s1g_width_flags_test),
	KUNIT_CASE(s1g_custom_channels_test),
	KUNIT_CASE(regdb_check_accepts_image_test),
	KUNIT_CASE(regdb_query_builds_domain_test),
	KUNIT_CASE(regdb_query_unknown_country_test),
	KUNIT_CASE(regdb_truncated_test),
	KUNIT_CASE(regdb_one_byte_changed_test),
	KUNIT_CASE_PARAM(regdb_fault_test, regdb_fault_gen_params),
	KUNIT_CASE(regdb_padding_is_ignored_test),
	KUNIT_CASE(regdb_unended_table_test),
	KUNIT_CASE(regdb_refusal_is_final_test),
	{}
};

static struct kunit_suite regcore_test_suite = {
	.name = "regcore",
	.test_cases = regcore_test_cases,
};

kunit_test_suite(regcore_test_suite);

MODULE_IMPORT_NS(REGCORE_KUNIT);
MODULE_DESCRIPTION("KUnit tests of regcore's validation, intersection and channel computation");
MODULE_LICENSE("GPL");
