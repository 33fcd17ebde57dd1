// SPDX-License-Identifier: GPL-2.0
/*
 * test-why.c - regcore's REGCORE_OP_WHY answer as libregnl reads it, and
 * regctl why's channel argument and usage errors.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "fake.h"
#include "regnl.h"
#include "t.h"
#include "why.h"

static void put_rule(struct nl_msg *m, int idx, uint32_t start, uint32_t end,
		     uint32_t bw, uint32_t flags)
{
	struct nlattr *r = nla_nest_start(m, idx);

	nla_put_u32(m, NL80211_ATTR_REG_RULE_FLAGS, flags);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_START, start);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_END, end);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_MAX_BW, bw);
	nla_put_u32(m, NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN, 0);
	nla_put_u32(m, NL80211_ATTR_POWER_RULE_MAX_EIRP, 2000);
	nla_nest_end(m, r);
}

static void put_chan(struct nl_msg *m, int attr, uint32_t mhz, uint32_t mbm,
		     bool no_ir)
{
	struct nlattr *c = nla_nest_start(m, attr);

	nla_put_u32(m, NL80211_FREQUENCY_ATTR_FREQ, mhz);
	if (no_ir) {
		nla_put_flag(m, NL80211_FREQUENCY_ATTR_NO_IR);
		nla_put_flag(m, __NL80211_FREQUENCY_ATTR_NO_IBSS);
	}
	nla_put_u32(m, NL80211_FREQUENCY_ATTR_MAX_TX_POWER, mbm);
	nla_nest_end(m, c);
}

/* An answer for 2467 MHz under the world: rule idx, and what to leave out. */
static struct nl_msg *why_msg(uint32_t rule_idx, bool with_channel)
{
	struct nl_msg *m = fake_msg(REGCORE_CMD_EXT);
	struct nlattr *d, *rules, *ig;

	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_WHY);
	nla_put_u8(m, REGCORE_ATTR_WHY_PATH, REGCORE_WHY_COMPUTED);
	nla_put_u32(m, REGCORE_ATTR_WHY_REG_FLAGS, 0);
	nla_put_u8(m, REGCORE_ATTR_WHY_CAUSE, NL80211_REGDOM_SET_BY_CORE);
	nla_put_u8(m, REGCORE_ATTR_INITIATOR, NL80211_REGDOM_SET_BY_CORE);
	nla_put(m, REGCORE_ATTR_ALPHA2, 2, "00");
	nla_put_u8(m, REGCORE_ATTR_WHY_HINT_TYPE, 0);
	nla_put_u64(m, REGCORE_ATTR_SEQ, 4);
	nla_put_u64(m, REGCORE_ATTR_BOOTTIME_NS, 1000);
	if (with_channel)
		put_chan(m, REGCORE_ATTR_WHY_CHANNEL, 2467, 2000, false);
	put_chan(m, REGCORE_ATTR_WHY_ORIGINAL, 2467, 0, false);
	put_chan(m, REGCORE_ATTR_WHY_COMPUTED, 2467, 2000, true);
	d = nla_nest_start(m, REGCORE_ATTR_WHY_DOMAIN);
	nla_put_string(m, NL80211_ATTR_REG_ALPHA2, "00");
	rules = nla_nest_start(m, NL80211_ATTR_REG_RULES);
	put_rule(m, 0, 2402000, 2472000, 40000, 0);
	put_rule(m, 1, 2457000, 2482000, 20000,
		 NL80211_RRF_NO_IR | __NL80211_RRF_NO_IBSS | NL80211_RRF_AUTO_BW);
	nla_nest_end(m, rules);
	nla_nest_end(m, d);
	nla_put_u32(m, REGCORE_ATTR_WHY_RULE, rule_idx);
	/* AUTO-BW: the rule allows more than its 20 MHz there */
	nla_put_u32(m, REGCORE_ATTR_WHY_RULE_BW, 80000);
	nla_put_flag(m, REGCORE_ATTR_WHY_BEACON_LIFT);
	ig = nla_nest_start(m, REGCORE_ATTR_WHY_IGNORED);
	nla_put_u8(m, REGCORE_ATTR_INITIATOR, NL80211_REGDOM_SET_BY_USER);
	nla_put(m, REGCORE_ATTR_ALPHA2, 2, "DE");
	nla_put_string(m, REGCORE_ATTR_TEXT, "it is strict");
	nla_put_u64(m, REGCORE_ATTR_SEQ, 9);
	nla_nest_end(m, ig);
	return m;
}

TEST(why_answers_parse_with_their_domain_rule_and_channels)
{
	struct nl_msg *m = why_msg(1, true);
	struct regnl_why w;

	CHECK_INT(regnl_parse_why(m, &w, NULL), 1);
	CHECK_INT(w.path, REGCORE_WHY_COMPUTED);
	CHECK(w.has_cause);
	CHECK_STR(w.alpha2, "00");
	CHECK_INT(w.seq, 4);
	CHECK(w.has_domain);
	CHECK_INT(w.domain.rd.n_rules, 2);
	CHECK_INT(w.n_rules, 1);
	CHECK_INT(w.rule_idx[0], 1);
	CHECK_INT(w.domain.rd.rules[w.rule_idx[0]].start_khz, 2457000);
	CHECK_INT(w.rule_bw_khz[0], 80000);
	CHECK(w.has_computed);
	CHECK(regnl_chan_flag(&w.computed, NL80211_FREQUENCY_ATTR_NO_IR));
	CHECK(!regnl_chan_flag(&w.now, NL80211_FREQUENCY_ATTR_NO_IR));
	CHECK_INT(w.now.max_power_mbm, 2000);
	CHECK(w.beacon_lift);
	CHECK(w.ignored);
	CHECK_STR(w.ignored_alpha2, "DE");
	CHECK_STR(w.ignored_text, "it is strict");
	CHECK_INT(w.ignored_seq, 9);
	regnl_why_free(&w);
	nlmsg_free(m);
}

TEST(why_answers_naming_a_rule_the_domain_lacks_are_refused)
{
	struct nl_msg *m = why_msg(2, true);
	struct regnl_status st;
	struct regnl_why w;

	CHECK_INT(regnl_parse_why(m, &w, &st), -EBADMSG);
	CHECK_STR(st.detail,
		  "malformed answer: rule 3 is not one of the domain's 2");
	nlmsg_free(m);
}

TEST(why_answers_without_the_channel_are_refused)
{
	struct nl_msg *m = why_msg(0, false);
	struct regnl_status st;
	struct regnl_why w;

	CHECK_INT(regnl_parse_why(m, &w, &st), -EBADMSG);
	CHECK_STR(st.detail, "malformed answer: no path or channel");
	nlmsg_free(m);
}

TEST(other_regcore_messages_are_not_why_answers)
{
	struct nl_msg *m = fake_msg(REGCORE_CMD_EXT);
	struct regnl_why w;

	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL);
	CHECK_INT(regnl_parse_why(m, &w, NULL), 0);
	nlmsg_free(m);
}

TEST(why_requests_name_the_radio_and_the_centre_in_khz)
{
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];
	struct nl_msg *m;

	CHECK_INT(regnl_build_why(&m, 30, 3, 922500, NULL), 0);
	CHECK_INT(genlmsg_parse(nlmsg_hdr(m), 0, tb, REGCORE_ATTR_MAX, NULL),
		  0);
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_OP]), REGCORE_OP_WHY);
	CHECK_INT(nla_get_u32(tb[REGCORE_ATTR_WIPHY]), 3);
	CHECK_INT(nla_get_u32(tb[REGCORE_ATTR_FREQ_KHZ]), 922500);
	nlmsg_free(m);
}

TEST(why_channel_arguments_are_numbers_or_frequencies)
{
	struct regnl_channel c24[] = { { .freq_mhz = 2412 }, { .freq_mhz = 2484 } };
	struct regnl_channel c6[] = { { .freq_mhz = 5955 } };
	struct regnl_channel s1g[] = { { .freq_mhz = 922, .offset_khz = 500 },
				       { .freq_mhz = 903 } };
	struct regnl_band bands[] = {
		{ .band = NL80211_BAND_2GHZ, .n_channels = 2, .channels = c24 },
		{ .band = NL80211_BAND_6GHZ, .n_channels = 1, .channels = c6 },
		{ .band = NL80211_BAND_S1GHZ, .n_channels = 2, .channels = s1g },
	};
	struct regnl_wiphy w = { .n_bands = 3, .bands = bands };
	uint32_t khz = 0;

	CHECK_INT(regctl_why_parse_chan(&w, "14", &khz), 0);
	CHECK_INT(khz, 2484000);
	CHECK_INT(regctl_why_parse_chan(&w, "2412", &khz), 0);
	CHECK_INT(khz, 2412000);
	CHECK_INT(regctl_why_parse_chan(&w, "922.5", &khz), 0);
	CHECK_INT(khz, 922500);
	CHECK_INT(regctl_why_parse_chan(&w, "922.500", &khz), 0);
	/* an S1G channel on a whole MHz, not a channel number */
	CHECK_INT(regctl_why_parse_chan(&w, "903", &khz), 0);
	CHECK_INT(khz, 903000);
	CHECK_INT(regctl_why_parse_chan(&w, "903.0", &khz), 0);
	/* channel 1 is 2412 and 5955 MHz */
	CHECK_INT(regctl_why_parse_chan(&w, "1", &khz), -EEXIST);
	CHECK_INT(regctl_why_parse_chan(&w, "2413", &khz), -ENOENT);
	CHECK_INT(regctl_why_parse_chan(&w, "922", &khz), -ENOENT);
	CHECK_INT(regctl_why_parse_chan(&w, "922.5001", &khz), -EINVAL);
	CHECK_INT(regctl_why_parse_chan(&w, "x1", &khz), -EINVAL);
	CHECK_INT(regctl_why_parse_chan(&w, "1x", &khz), -EINVAL);
	CHECK_INT(regctl_why_parse_chan(&w, "", &khz), -EINVAL);
	CHECK_INT(regctl_why_parse_chan(&w, "2412.", &khz), -EINVAL);
	CHECK_INT(regctl_why_parse_chan(&w, "99999999999", &khz), -EINVAL);
}

TEST(preview_requests_carry_the_rules_nested_as_set_reg_does)
{
	struct regdom_rule rules[] = { {
		.start_khz = 2402000, .end_khz = 2482000, .max_bw_khz = 40000,
		.max_eirp_mbm = 2000,
	} };
	struct regdom rd = { .alpha2 = "DE", .n_rules = 1, .rules = rules };
	struct nlattr *tb[REGCORE_ATTR_MAX + 1], *d[NL80211_ATTR_MAX + 1];
	struct nl_msg *m;

	CHECK_INT(regnl_build_preview(&m, 30, 2, "DE", &rd, true, NULL), 0);
	CHECK_INT(genlmsg_parse(nlmsg_hdr(m), 0, tb, REGCORE_ATTR_MAX, NULL),
		  0);
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_OP]), REGCORE_OP_PREVIEW);
	CHECK_INT(nla_get_u32(tb[REGCORE_ATTR_WIPHY]), 2);
	CHECK(!memcmp(nla_data(tb[REGCORE_ATTR_ALPHA2]), "DE", 2));
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_WHY_HINT_TYPE]),
		  NL80211_USER_REG_HINT_CELL_BASE);
	CHECK(tb[REGCORE_ATTR_WHY_DOMAIN] != NULL);
	CHECK_INT(nla_parse_nested(d, NL80211_ATTR_MAX,
				   tb[REGCORE_ATTR_WHY_DOMAIN], NULL), 0);
	CHECK_STR(nla_get_string(d[NL80211_ATTR_REG_ALPHA2]), "DE");
	CHECK(d[NL80211_ATTR_REG_RULES] != NULL);
	nlmsg_free(m);
	/* without rules: regcore looks the country up itself */
	CHECK_INT(regnl_build_preview(&m, 30, 2, "DE", NULL, false, NULL), 0);
	CHECK_INT(genlmsg_parse(nlmsg_hdr(m), 0, tb, REGCORE_ATTR_MAX, NULL),
		  0);
	CHECK(!tb[REGCORE_ATTR_WHY_DOMAIN] && !tb[REGCORE_ATTR_WHY_HINT_TYPE]);
	nlmsg_free(m);
	CHECK_INT(regnl_build_preview(&m, 30, 2, "de", NULL, false, NULL),
		  -EINVAL);
}

TEST(preview_answers_parse_with_the_channels_after)
{
	struct nl_msg *m = fake_msg(REGCORE_CMD_EXT);
	struct nlattr *list, *ig;
	struct regnl_preview p;
	struct regnl_status st;

	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_PREVIEW);
	nla_put_u32(m, REGCORE_ATTR_WIPHY, 1);
	nla_put_u8(m, REGCORE_ATTR_DECISION, REGCORE_DECISION_INTERSECT);
	nla_put_string(m, REGCORE_ATTR_TEXT, "a country element is in force");
	nla_put_flag(m, REGCORE_ATTR_WHY_INTERSECT);
	list = nla_nest_start(m, REGCORE_ATTR_PREVIEW_CHANNELS);
	put_chan(m, 0, 2412, 2000, false);
	put_chan(m, 1, 2467, 2000, true);
	nla_nest_end(m, list);
	CHECK_INT(regnl_parse_preview(m, &p, NULL), 1);
	CHECK_INT(p.wiphy, 1);
	CHECK_INT(p.decision, REGCORE_DECISION_INTERSECT);
	CHECK(p.intersect);
	CHECK(p.has_channels);
	CHECK_INT(p.n_channels, 2);
	CHECK(regnl_chan_flag(&p.channels[1], NL80211_FREQUENCY_ATTR_NO_IR));
	regnl_preview_free(&p);
	nlmsg_free(m);

	/* a radio that would not follow must say why */
	m = fake_msg(REGCORE_CMD_EXT);
	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_PREVIEW);
	nla_put_u32(m, REGCORE_ATTR_WIPHY, 1);
	nla_put_u8(m, REGCORE_ATTR_DECISION, REGCORE_DECISION_APPLY);
	nla_put_string(m, REGCORE_ATTR_TEXT, "the user's country");
	ig = nla_nest_start(m, REGCORE_ATTR_WHY_IGNORED);
	nla_put_u64(m, REGCORE_ATTR_SEQ, 3);
	nla_nest_end(m, ig);
	CHECK_INT(regnl_parse_preview(m, &p, &st), -EBADMSG);
	CHECK_STR(st.detail,
		  "malformed answer: the radio would not follow, without a reason");
	nlmsg_free(m);
}
