// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the firmware database's parser (net/regcore/regdb.c):
 * a small image built by hand, every truncation of it, every single-byte
 * change of it, and one image per fault the parser names. Each image the
 * parser reads is a buffer of exactly its size (kunit_kmalloc()), so that
 * KASAN on the debug kernel reports any read past its end.
 */
#include <kunit/test.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "core.h"
#include "regcore_test.h"

/*
 * The image: DE (ETSI) with two rules, the second with a CAC time and a
 * WMM rule; US (FCC) sharing DE's first rule. Every byte after the
 * country table belongs to a structure a country leads to, except the
 * two bytes of padding at 34, so every truncation loses something read.
 */
static const u8 regdb_image[] = {
	/* 0: magic "RGDB", version 20 */
	0x52, 0x47, 0x44, 0x42, 0x00, 0x00, 0x00, 0x14,
	/* 8: DE -> collection at 20 (5 * 4), US -> 28 (7 * 4), end */
	'D', 'E', 0x00, 0x05,
	'U', 'S', 0x00, 0x07,
	0x00, 0x00, 0x00, 0x00,
	/* 20: DE's collection: len 3, 2 rules, ETSI; pointers at 24 */
	0x03, 0x02, 0x02, 0x00,
	0x00, 0x09, 0x00, 0x0d,		/* rules at 36 and 52 */
	/* 28: US's collection: len 3, 1 rule, FCC; pointer at 32 */
	0x03, 0x01, 0x01, 0x00,
	0x00, 0x09, 0x00, 0x00,		/* rule at 36; 2 bytes padding */
	/* 36: rule: len 16, NO-OFDM, 20 dBm, 2402-2482 MHz @ 40 MHz */
	0x10, 0x01, 0x07, 0xd0,
	0x00, 0x24, 0xa6, 0xd0,
	0x00, 0x25, 0xdf, 0x50,
	0x00, 0x00, 0x9c, 0x40,
	/* 52: rule: len 20, DFS + AUTO-BW, 23 dBm, 5250-5330 MHz @ 80,
	 * CAC 60 s, WMM at 72 (18 * 4)
	 */
	0x14, 0x14, 0x08, 0xfc,
	0x00, 0x50, 0x1b, 0xd0,
	0x00, 0x51, 0x54, 0x50,
	0x00, 0x01, 0x38, 0x80,
	0x00, 0x3c, 0x00, 0x12,
	/* 72: WMM: client VO, VI, BE, BK, then AP's (ecw, aifsn, cot ms) */
	0x23, 0x02, 0x00, 0x02,
	0x34, 0x02, 0x00, 0x04,
	0x4a, 0x03, 0x00, 0x06,
	0x4a, 0x07, 0x00, 0x06,
	0x23, 0x01, 0x00, 0x02,
	0x34, 0x01, 0x00, 0x04,
	0x46, 0x03, 0x00, 0x06,
	0x4a, 0x07, 0x00, 0x06,
};

#define REGDB_IMAGE_PAD	34

/* A copy of @len bytes of @src in a buffer of exactly that size. */
static u8 *image_copy(struct kunit *test, const u8 *src, size_t len)
{
	u8 *p = kunit_kmalloc(test, len ? len : 1, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, p);
	memcpy(p, src, len);
	return p;
}

static struct regcore_regdomain *query(struct kunit *test, const u8 *img,
				       size_t len, const char *alpha2,
				       struct regcore_regdb_error *err)
{
	return track_regdom(test, regcore_regdb_query(img, len, alpha2, err));
}

void regdb_check_accepts_image_test(struct kunit *test)
{
	const u8 *img = image_copy(test, regdb_image, sizeof(regdb_image));

	KUNIT_EXPECT_EQ(test, regcore_regdb_check(img, sizeof(regdb_image),
						  NULL), 2);
}

void regdb_query_builds_domain_test(struct kunit *test)
{
	const u8 *img = image_copy(test, regdb_image, sizeof(regdb_image));
	const struct regcore_reg_rule *r;
	struct regcore_regdomain *rd;

	rd = query(test, img, sizeof(regdb_image), "DE", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(rd));
	KUNIT_EXPECT_STREQ(test, rd->alpha2, "DE");
	KUNIT_EXPECT_EQ(test, rd->dfs_region, NL80211_DFS_ETSI);
	KUNIT_ASSERT_EQ(test, rd->n_reg_rules, 2);

	r = &rd->reg_rules[0];
	KUNIT_EXPECT_EQ(test, r->freq_range.start_freq_khz, 2402000);
	KUNIT_EXPECT_EQ(test, r->freq_range.end_freq_khz, 2482000);
	KUNIT_EXPECT_EQ(test, r->freq_range.max_bandwidth_khz, 40000);
	KUNIT_EXPECT_EQ(test, r->power_rule.max_eirp, 2000);
	KUNIT_EXPECT_EQ(test, r->power_rule.max_antenna_gain, 0);
	KUNIT_EXPECT_EQ(test, r->flags, NL80211_RRF_NO_OFDM);
	KUNIT_EXPECT_EQ(test, r->dfs_cac_ms, 0);
	KUNIT_EXPECT_FALSE(test, r->has_wmm);

	r = &rd->reg_rules[1];
	KUNIT_EXPECT_EQ(test, r->freq_range.start_freq_khz, 5250000);
	KUNIT_EXPECT_EQ(test, r->freq_range.end_freq_khz, 5330000);
	KUNIT_EXPECT_EQ(test, r->freq_range.max_bandwidth_khz, 80000);
	KUNIT_EXPECT_EQ(test, r->power_rule.max_eirp, 2300);
	KUNIT_EXPECT_EQ(test, r->flags,
			NL80211_RRF_DFS | NL80211_RRF_AUTO_BW);
	KUNIT_EXPECT_EQ(test, r->dfs_cac_ms, 60000);
	KUNIT_ASSERT_TRUE(test, r->has_wmm);
	/* client VO: ecw 0x23 -> CWmin 3, CWmax 7; AIFSN 2; 2 ms */
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[0].cw_min, 3);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[0].cw_max, 7);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[0].aifsn, 2);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[0].cot, 2000);
	/* client BK: ecw 0x4a -> 15, 1023; AIFSN 7; 6 ms */
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[3].cw_min, 15);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[3].cw_max, 1023);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[3].aifsn, 7);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.client[3].cot, 6000);
	/* AP BE: ecw 0x46 -> 15, 63; AIFSN 3 */
	KUNIT_EXPECT_EQ(test, r->wmm_rule.ap[2].cw_min, 15);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.ap[2].cw_max, 63);
	KUNIT_EXPECT_EQ(test, r->wmm_rule.ap[2].aifsn, 3);
	/* the domain passes the same validation as a SET_REG answer */
	KUNIT_EXPECT_EQ(test, regcore_regdom_validate(rd, NULL), 0);

	rd = query(test, img, sizeof(regdb_image), "US", NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(rd));
	KUNIT_EXPECT_EQ(test, rd->dfs_region, NL80211_DFS_FCC);
	KUNIT_ASSERT_EQ(test, rd->n_reg_rules, 1);
	KUNIT_EXPECT_EQ(test, rd->reg_rules[0].freq_range.end_freq_khz,
			2482000);
}

void regdb_query_unknown_country_test(struct kunit *test)
{
	const u8 *img = image_copy(test, regdb_image, sizeof(regdb_image));

	KUNIT_EXPECT_EQ(test,
			PTR_ERR(query(test, img, sizeof(regdb_image), "FR",
				      NULL)), -ENODATA);
	KUNIT_EXPECT_EQ(test,
			PTR_ERR(query(test, img, sizeof(regdb_image), "00",
				      NULL)), -ENODATA);
}

/* Every proper prefix of the image is refused by the check; the query
 * never reads past it (KASAN), and answers DE only while all of DE's
 * structures are inside.
 */
void regdb_truncated_test(struct kunit *test)
{
	struct regcore_regdb_error err;
	struct regcore_regdomain *rd;
	size_t len;

	for (len = 0; len < sizeof(regdb_image); len++) {
		const u8 *img = image_copy(test, regdb_image, len);

		err.reason = NULL;
		KUNIT_EXPECT_EQ_MSG(test, regcore_regdb_check(img, len, &err),
				    -EINVAL, "truncated at %zu", len);
		KUNIT_EXPECT_NOT_NULL_MSG(test, err.reason,
					  "truncated at %zu", len);
		KUNIT_EXPECT_LE_MSG(test, err.offset, len,
				    "truncated at %zu", len);
		rd = query(test, img, len, "DE", &err);
		KUNIT_EXPECT_TRUE_MSG(test, IS_ERR(rd),
				      "DE answered from %zu bytes", len);
	}
}

/* Each byte changed to each of a few values: whatever the check says, it
 * and the query of both countries stay inside the buffer, and whatever
 * the check accepts the query can read.
 */
void regdb_one_byte_changed_test(struct kunit *test)
{
	static const u8 values[] = { 0x00, 0x01, 0x7f, 0x80, 0xff };
	u8 *img = image_copy(test, regdb_image, sizeof(regdb_image));
	struct regcore_regdomain *rd;
	size_t i, v;

	for (i = 0; i < sizeof(regdb_image); i++) {
		for (v = 0; v < ARRAY_SIZE(values); v++) {
			int n;

			img[i] = values[v];
			n = regcore_regdb_check(img, sizeof(regdb_image), NULL);
			rd = regcore_regdb_query(img, sizeof(regdb_image), "DE",
						 NULL);
			if (n > 0 && img[8] == 'D' && img[9] == 'E')
				KUNIT_EXPECT_FALSE_MSG(test, IS_ERR(rd),
						       "byte %zu = 0x%02x", i,
						       values[v]);
			if (!IS_ERR(rd))
				regcore_regdom_free(rd);
			rd = regcore_regdb_query(img, sizeof(regdb_image), "US",
						 NULL);
			if (!IS_ERR(rd))
				regcore_regdom_free(rd);
		}
		img[i] = regdb_image[i];
	}
}

/* One fault each: the byte to change, its new value, where the parser
 * must say the fault is and the start of what it must say.
 */
struct regdb_fault_case {
	const char *name;
	size_t at;
	u8 value;
	size_t offset;
	const char *reason;
};

static const struct regdb_fault_case regdb_fault_cases[] = {
	{ "bad magic", 0, 'X', 0, "not a regulatory.db" },
	{ "version 19", 7, 19, 4, "format version" },
	{ "lower-case country", 8, 'd', 8, "country code" },
	{ "collection past the end", 11, 0xff, 10, "collection pointer leads past" },
	{ "collection length 2", 20, 2, 20, "collection shorter" },
	{ "no rules", 21, 0, 21, "collection without rules" },
	{ "DFS region 4", 22, 4, 22, "unknown DFS region" },
	{ "many rules", 29, 200, 32, "rule pointers run past" },
	{ "rule past the end", 25, 0xff, 24, "rule pointer leads past" },
	{ "rule length 15", 36, 15, 36, "rule shorter" },
	{ "rule runs past the end", 52, 0xff, 52, "rule runs past" },
	{ "WMM past the end", 71, 0xff, 70, "WMM rule pointer leads past" },
	{ "WMM cut by the end", 71, 0x13, 76, "WMM rule runs past" },
	{ "CWmin not below CWmax", 72, 0x33, 72, "WMM rule: CWmin" },
	{ "AIFSN 0", 77, 0, 77, "WMM rule: AIFSN 0" },
	{ "occupancy 66 ms", 83, 66, 82, "WMM rule: occupancy" },
};

static void regdb_fault_desc(const struct regdb_fault_case *c, char *desc)
{
	strscpy(desc, c->name, KUNIT_PARAM_DESC_SIZE);
}

/* As KUNIT_ARRAY_PARAM() makes it, but not static: core_test.c's suite
 * lists the case.
 */
const void *regdb_fault_gen_params(const void *prev, char *desc)
{
	const struct regdb_fault_case *c = prev;

	c = c ? c + 1 : regdb_fault_cases;
	if (c >= regdb_fault_cases + ARRAY_SIZE(regdb_fault_cases))
		return NULL;
	regdb_fault_desc(c, desc);
	return c;
}

void regdb_fault_test(struct kunit *test)
{
	const struct regdb_fault_case *c = test->param_value;
	struct regcore_regdb_error err = {};
	u8 *img = image_copy(test, regdb_image, sizeof(regdb_image));

	img[c->at] = c->value;
	KUNIT_EXPECT_EQ(test, regcore_regdb_check(img, sizeof(regdb_image),
						  &err), -EINVAL);
	KUNIT_ASSERT_NOT_NULL(test, err.reason);
	KUNIT_EXPECT_EQ(test, err.offset, c->offset);
	KUNIT_EXPECT_EQ_MSG(test, strncmp(err.reason, c->reason,
					  strlen(c->reason)), 0,
			    "reason: %s", err.reason);
}

/* The padding after US's rule pointer is the one byte range nothing
 * reads: changing it changes nothing.
 */
void regdb_padding_is_ignored_test(struct kunit *test)
{
	u8 *img = image_copy(test, regdb_image, sizeof(regdb_image));

	img[REGDB_IMAGE_PAD] = 0xff;
	img[REGDB_IMAGE_PAD + 1] = 0xff;
	KUNIT_EXPECT_EQ(test, regcore_regdb_check(img, sizeof(regdb_image),
						  NULL), 2);
}

/* A country table that runs to the end of the file without its ending
 * entry is refused (cfg80211 would read on past the end).
 */
void regdb_unended_table_test(struct kunit *test)
{
	struct regcore_regdb_error err = {};
	u8 *img = image_copy(test, regdb_image, 16);

	KUNIT_EXPECT_EQ(test, regcore_regdb_check(img, 16, &err), -EINVAL);
	/* The query walks the table alone: it too finds no end. */
	KUNIT_EXPECT_PTR_EQ(test, query(test, img, 16, "FR", NULL),
			    ERR_PTR(-EINVAL));
}

/* Only a file refused for what it is stays refused until a reload; a
 * missing file or a failure for want of memory is tried again (a failed
 * allocation while checking the signature once made the file refused
 * for good).
 */
void regdb_refusal_is_final_test(struct kunit *test)
{
	KUNIT_EXPECT_TRUE(test, regcore_regdb_refusal_is_final(-EKEYREJECTED));
	KUNIT_EXPECT_TRUE(test, regcore_regdb_refusal_is_final(-EINVAL));
	KUNIT_EXPECT_FALSE(test, regcore_regdb_refusal_is_final(0));
	KUNIT_EXPECT_FALSE(test, regcore_regdb_refusal_is_final(-ENOENT));
	KUNIT_EXPECT_FALSE(test, regcore_regdb_refusal_is_final(-ENOMEM));
}
