// SPDX-License-Identifier: GPL-2.0
/*
 * test-domain.c - NL80211_CMD_SET_REG / REQ_SET_REG building, GET_REG
 * parsing, and what happens to malformed messages.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>

#include "fake.h"
#include "regnl.h"
#include "t.h"

static struct regdom_rule sample_rules[] = {
	{ .start_khz = 2400000, .end_khz = 2483500, .max_bw_khz = 40000,
	  .max_ant_gain_mbi = 0, .max_eirp_mbm = 2000, .flags = 0,
	  .dfs_cac_ms = 0 },
	{ .start_khz = 5250000, .end_khz = 5350000, .max_bw_khz = 80000,
	  .max_ant_gain_mbi = 300, .max_eirp_mbm = 2301,
	  .flags = NL80211_RRF_DFS | NL80211_RRF_NO_OUTDOOR |
		   NL80211_RRF_AUTO_BW,
	  .dfs_cac_ms = 60000 },
	{ .start_khz = 57000000, .end_khz = 66000000, .max_bw_khz = 2160000,
	  .max_ant_gain_mbi = 4294967295u, .max_eirp_mbm = 4000,
	  .flags = 0x7ffff, .dfs_cac_ms = 4294967295u },
};

static void check_same_domain(const struct regdom *got,
			      const struct regdom *want)
{
	unsigned int i;

	CHECK_STR(got->alpha2, want->alpha2);
	CHECK_INT(got->dfs_region, want->dfs_region);
	CHECK_INT(got->n_rules, want->n_rules);
	for (i = 0; i < got->n_rules && i < want->n_rules; i++) {
		const struct regdom_rule *g = &got->rules[i];
		const struct regdom_rule *w = &want->rules[i];

		CHECK_INT(g->start_khz, w->start_khz);
		CHECK_INT(g->end_khz, w->end_khz);
		CHECK_INT(g->max_bw_khz, w->max_bw_khz);
		CHECK_INT(g->max_ant_gain_mbi, w->max_ant_gain_mbi);
		CHECK_INT(g->max_eirp_mbm, w->max_eirp_mbm);
		CHECK_INT(g->flags, w->flags);
		CHECK_INT(g->dfs_cac_ms, w->dfs_cac_ms);
	}
}

TEST(set_reg_round_trip_keeps_every_field)
{
	struct regdom rd = { .alpha2 = "DE", .dfs_region = NL80211_DFS_ETSI,
			     .n_rules = 3, .rules = sample_rules };
	struct regnl_domain d;
	struct regnl_status st;
	struct nl_msg *msg;
	unsigned int i;

	CHECK_INT(regnl_build_set_reg(&msg, 0x1c, REGNL_FAMILY_REGCORE, &rd, &st), 0);
	if (!msg)
		return;
	CHECK_INT(((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg)))->cmd,
		  NL80211_CMD_SET_REG);
	CHECK_INT(nlmsg_hdr(msg)->nlmsg_type, 0x1c);
	CHECK_INT(regnl_parse_domain(msg, &d, &st), 0);
	CHECK(d.has_alpha2 && d.has_rules && d.has_dfs_region);
	CHECK(!d.has_wiphy && !d.self_managed);
	check_same_domain(&d.rd, &rd);
	for (i = 0; i < d.rd.n_rules; i++)
		CHECK(d.rule_has_cac[i]);
	regnl_domain_free(&d);
	nlmsg_free(msg);
}

TEST(set_reg_world_and_empty_domain_round_trip)
{
	struct regdom rd = { .alpha2 = "00", .dfs_region = NL80211_DFS_UNSET };
	struct regnl_domain d;
	struct nl_msg *msg;

	CHECK_INT(regnl_build_set_reg(&msg, 0, REGNL_FAMILY_REGCORE, &rd, NULL), 0);
	if (!msg)
		return;
	CHECK_INT(regnl_parse_domain(msg, &d, NULL), 0);
	CHECK(d.has_rules);
	check_same_domain(&d.rd, &rd);
	regnl_domain_free(&d);
	nlmsg_free(msg);
}

/* The flags of each rule of the SET_REG built for fam from rules. */
static void wire_rule_flags(enum regnl_family fam, struct regdom_rule *rules,
			    unsigned int n, uint32_t *flags)
{
	struct regdom rd = { .alpha2 = "00", .n_rules = n, .rules = rules };
	struct regnl_domain d;
	struct nl_msg *msg;
	unsigned int i;

	memset(flags, 0xff, n * sizeof(*flags));
	CHECK_INT(regnl_build_set_reg(&msg, 0, fam, &rd, NULL), 0);
	if (!msg)
		return;
	CHECK_INT(regnl_parse_domain(msg, &d, NULL), 0);
	CHECK_INT(d.rd.n_rules, n);
	for (i = 0; i < d.rd.n_rules && i < n; i++)
		flags[i] = d.rd.rules[i].flags;
	regnl_domain_free(&d);
	nlmsg_free(msg);
}

static struct regdom_rule no_ir_rules[] = {
	{ .start_khz = 2402000, .end_khz = 2472000, .max_bw_khz = 40000 },
	{ .start_khz = 2457000, .end_khz = 2482000, .max_bw_khz = 20000,
	  .flags = NL80211_RRF_NO_IR | NL80211_RRF_AUTO_BW },
	{ .start_khz = 5250000, .end_khz = 5330000, .max_bw_khz = 80000,
	  .flags = NL80211_RRF_DFS | NL80211_RRF_NO_IR },
};

TEST(set_reg_for_nl80211_sends_no_ir_with_both_bits_as_legacy_crda)
{
	uint32_t flags[3];

	wire_rule_flags(REGNL_FAMILY_NL80211, no_ir_rules, 3, flags);
	CHECK_INT(flags[0], 0);
	CHECK_INT(flags[1], NL80211_RRF_NO_IR | __NL80211_RRF_NO_IBSS |
			    NL80211_RRF_AUTO_BW);
	CHECK_INT(flags[2], NL80211_RRF_NO_IR | __NL80211_RRF_NO_IBSS |
			    NL80211_RRF_DFS);
}

TEST(set_reg_for_regcore_sends_no_ir_as_bit_7_alone)
{
	uint32_t flags[3];

	wire_rule_flags(REGNL_FAMILY_REGCORE, no_ir_rules, 3, flags);
	CHECK_INT(flags[0], 0);
	CHECK_INT(flags[1], NL80211_RRF_NO_IR | NL80211_RRF_AUTO_BW);
	CHECK_INT(flags[2], NL80211_RRF_NO_IR | NL80211_RRF_DFS);
}

/* Strictly validating families refuse nests without NLA_F_NESTED. */
TEST(set_reg_nests_carry_nla_f_nested)
{
	struct regdom rd = { .alpha2 = "US", .dfs_region = NL80211_DFS_FCC,
			     .n_rules = 2, .rules = sample_rules };
	struct nlattr *rules, *rule;
	struct nl_msg *msg;
	int rem, n = 0;

	CHECK_INT(regnl_build_set_reg(&msg, 0, REGNL_FAMILY_REGCORE, &rd, NULL), 0);
	if (!msg)
		return;
	rules = nlmsg_find_attr(nlmsg_hdr(msg), GENL_HDRLEN,
				NL80211_ATTR_REG_RULES);
	CHECK(rules && (rules->nla_type & NLA_F_NESTED));
	if (rules)
		nla_for_each_nested(rule, rules, rem) {
			CHECK(rule->nla_type & NLA_F_NESTED);
			CHECK_INT(nla_type(rule), ++n);
			CHECK_INT(nla_len(rule), 7 * 8);
		}
	CHECK_INT(n, 2);
	nlmsg_free(msg);
}

TEST(set_reg_carries_more_rules_than_the_kernel_accepts)
{
	struct regdom rd = { .alpha2 = "JP", .dfs_region = NL80211_DFS_JP };
	struct regnl_domain d;
	struct nl_msg *msg;
	unsigned int i;

	rd.n_rules = NL80211_MAX_SUPP_REG_RULES + 72;
	rd.rules = calloc(rd.n_rules, sizeof(*rd.rules));
	if (!rd.rules)
		return;
	for (i = 0; i < rd.n_rules; i++) {
		rd.rules[i].start_khz = 2400000 + i;
		rd.rules[i].end_khz = 2500000 + i;
		rd.rules[i].max_bw_khz = 20000;
	}
	/* Judging the count is the kernel's job: the builder encodes it. */
	CHECK_INT(regnl_build_set_reg(&msg, 0, REGNL_FAMILY_REGCORE, &rd, NULL), 0);
	if (msg) {
		CHECK_INT(regnl_parse_domain(msg, &d, NULL), 0);
		check_same_domain(&d.rd, &rd);
		regnl_domain_free(&d);
		nlmsg_free(msg);
	}
	free(rd.rules);
}

TEST(set_reg_refuses_a_domain_it_cannot_encode)
{
	struct regdom rd = { .alpha2 = "D", .n_rules = 0 };
	struct regnl_status st;
	struct nl_msg *msg;

	CHECK_INT(regnl_build_set_reg(&msg, 0, REGNL_FAMILY_REGCORE, &rd, &st), -EINVAL);
	CHECK(msg == NULL);
	CHECK_INT(st.kind, REGNL_E_INVAL);
	memcpy(rd.alpha2, "DE", 3);
	rd.n_rules = 1;
	rd.rules = NULL;
	CHECK_INT(regnl_build_set_reg(&msg, 0, REGNL_FAMILY_REGCORE, &rd, &st), -EINVAL);
	CHECK_INT(regnl_build_set_reg(&msg, 0, REGNL_FAMILY_REGCORE, NULL, &st), -EINVAL);
}

TEST(req_set_reg_carries_the_alpha2)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	struct nl_msg *msg;

	CHECK_INT(regnl_build_req_set_reg(&msg, 7, "DE", NULL), 0);
	if (!msg)
		return;
	CHECK_INT(((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg)))->cmd,
		  NL80211_CMD_REQ_SET_REG);
	CHECK_INT(genlmsg_parse(nlmsg_hdr(msg), 0, tb, NL80211_ATTR_MAX, NULL),
		  0);
	CHECK(tb[NL80211_ATTR_REG_ALPHA2] &&
	      nla_len(tb[NL80211_ATTR_REG_ALPHA2]) == 3 &&
	      !strcmp(nla_data(tb[NL80211_ATTR_REG_ALPHA2]), "DE"));
	CHECK(!tb[NL80211_ATTR_USER_REG_HINT_TYPE]);
	nlmsg_free(msg);
}

TEST(req_set_reg_carries_a_cell_base_type)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	struct nl_msg *msg;

	CHECK_INT(regnl_build_req_set_reg_type(&msg, 7, "FR",
					       NL80211_USER_REG_HINT_CELL_BASE,
					       NULL), 0);
	if (!msg)
		return;
	CHECK_INT(genlmsg_parse(nlmsg_hdr(msg), 0, tb, NL80211_ATTR_MAX, NULL),
		  0);
	CHECK(tb[NL80211_ATTR_REG_ALPHA2] &&
	      !strcmp(nla_data(tb[NL80211_ATTR_REG_ALPHA2]), "FR"));
	CHECK(tb[NL80211_ATTR_USER_REG_HINT_TYPE] &&
	      nla_get_u32(tb[NL80211_ATTR_USER_REG_HINT_TYPE]) ==
	      NL80211_USER_REG_HINT_CELL_BASE);
	nlmsg_free(msg);
}

/* nl80211_req_set_reg(): without NL80211_ATTR_SOCKET_OWNER the device is
 * indoors whatever else is said, so "off" needs the owner flag.
 */
TEST(req_indoor_says_on_and_off_as_nl80211_reads_them)
{
	static const struct {
		bool indoor, own;
		int ret;
		bool has_owner, has_indoor;
	} cases[] = {
		{ true, false, 0, false, false },
		{ true, true, 0, true, true },
		{ false, true, 0, true, false },
		{ false, false, -EINVAL, false, false },
	};
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	struct regnl_status st;
	struct nl_msg *msg;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		CHECK_INT(regnl_build_req_indoor(&msg, 7, cases[i].indoor,
						 cases[i].own, &st),
			  cases[i].ret);
		if (!msg) {
			CHECK(cases[i].ret && strstr(st.detail, "owner"));
			continue;
		}
		CHECK_INT(((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(msg)))->cmd,
			  NL80211_CMD_REQ_SET_REG);
		CHECK_INT(genlmsg_parse(nlmsg_hdr(msg), 0, tb,
					NL80211_ATTR_MAX, NULL), 0);
		CHECK(tb[NL80211_ATTR_USER_REG_HINT_TYPE] &&
		      nla_get_u32(tb[NL80211_ATTR_USER_REG_HINT_TYPE]) ==
		      NL80211_USER_REG_HINT_INDOOR);
		CHECK(!tb[NL80211_ATTR_REG_ALPHA2]);
		CHECK(!!tb[NL80211_ATTR_SOCKET_OWNER] == cases[i].has_owner);
		CHECK(!!tb[NL80211_ATTR_REG_INDOOR] == cases[i].has_indoor);
		nlmsg_free(msg);
	}
}

TEST(get_reg_reply_says_the_indoor_setting)
{
	static const struct {
		bool indoor_attr, owner_attr;
		bool indoor, owned;
	} cases[] = {
		{ false, false, false, false },
		{ true, false, true, false },
		{ true, true, true, true },
		/* an owner without the setting says nothing */
		{ false, true, false, false },
	};
	struct regnl_domain d;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct nl_msg *m = fake_msg(NL80211_CMD_GET_REG);
		struct nlattr *rules;

		nla_put_string(m, NL80211_ATTR_REG_ALPHA2, "DE");
		rules = fake_rules_begin(m);
		fake_rule(m, 0, 0, 2400000, 2483500, 40000, 0, 2000, -1);
		fake_rules_end(m, rules);
		if (cases[i].indoor_attr)
			nla_put_flag(m, NL80211_ATTR_REG_INDOOR);
		if (cases[i].owner_attr)
			nla_put_flag(m, NL80211_ATTR_SOCKET_OWNER);
		CHECK_INT(regnl_parse_domain(m, &d, NULL), 0);
		CHECK(d.indoor == cases[i].indoor);
		CHECK(d.indoor_owned == cases[i].owned);
		regnl_domain_free(&d);
		nlmsg_free(m);
	}
}

TEST(req_set_reg_refuses_a_bad_alpha2)
{
	static const char *const bad[] = { "de", "D", "DEU", "", "0", "01",
					   "10", "D1", "\xc3\x84X", "99" };
	struct regnl_status st;
	struct nl_msg *msg;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_INT(regnl_build_req_set_reg(&msg, 0, bad[i], &st),
			  -EINVAL);
		CHECK(msg == NULL);
		CHECK(strstr(st.detail, "alpha2") != NULL);
	}
	CHECK_INT(regnl_build_req_set_reg(&msg, 0, NULL, &st), -EINVAL);
}

TEST(alpha2_is_two_upper_case_letters_or_00)
{
	static const struct {
		const char *s;
		bool ok;
	} cases[] = {
		{ "DE", true }, { "US", true }, { "00", true }, { "ZZ", true },
		{ "AA", true }, { "de", false }, { "De", false },
		{ "dE", false }, { "0", false }, { "000", false },
		{ "0A", false }, { "A0", false }, { "", false },
		{ "@A", false }, { "[A", false }, { "A ", false },
		{ " A", false }, { "98", false }, { "99", false },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		if (regdom_alpha2_valid(cases[i].s) != cases[i].ok)
			t_fail(__FILE__, __LINE__, "alpha2 \"%s\" judged %s",
			       cases[i].s, cases[i].ok ? "invalid" : "valid");
	CHECK(!regdom_alpha2_valid(NULL));
}

TEST(get_reg_reply_of_a_wiphy_is_parsed_with_its_extras)
{
	struct nl_msg *m = fake_msg(NL80211_CMD_GET_REG);
	struct regnl_domain d;
	struct nlattr *rules;

	nla_put_string(m, NL80211_ATTR_REG_ALPHA2, "US");
	nla_put_u8(m, NL80211_ATTR_DFS_REGION, NL80211_DFS_FCC);
	rules = fake_rules_begin(m);
	fake_rule(m, 0, NL80211_RRF_DFS, 5250000, 5330000, 80000, 0, 2400,
		  -1);
	fake_rules_end(m, rules);
	nla_put_u32(m, NL80211_ATTR_WIPHY, 3);
	nla_put_flag(m, NL80211_ATTR_WIPHY_SELF_MANAGED_REG);
	nla_put_u32(m, NL80211_ATTR_USER_REG_HINT_TYPE,
		    NL80211_USER_REG_HINT_CELL_BASE);
	CHECK_INT(regnl_parse_domain(m, &d, NULL), 0);
	CHECK(d.has_wiphy && d.wiphy == 3 && d.self_managed);
	CHECK(d.has_user_hint_type &&
	      d.user_hint_type == NL80211_USER_REG_HINT_CELL_BASE);
	CHECK_INT(d.rd.n_rules, 1);
	if (d.rd.n_rules == 1) {
		CHECK(!d.rule_has_cac[0]);
		CHECK_INT(d.rd.rules[0].dfs_cac_ms, 0);
	}
	regnl_domain_free(&d);
	nlmsg_free(m);
}

/* A domain message with one thing wrong, and the word the error must name. */
struct bad_case {
	const char *name;
	void (*build)(struct nl_msg *m);
	const char *detail;
};

static void bad_dfs_region_u32(struct nl_msg *m)
{
	nla_put_string(m, NL80211_ATTR_REG_ALPHA2, "DE");
	nla_put_u32(m, NL80211_ATTR_DFS_REGION, 2);
}

static void bad_alpha2_short(struct nl_msg *m)
{
	nla_put(m, NL80211_ATTR_REG_ALPHA2, 1, "D");
}

static void bad_alpha2_long(struct nl_msg *m)
{
	nla_put(m, NL80211_ATTR_REG_ALPHA2, 8, "DEDEDEDE");
}

static void bad_rule_missing_start(struct nl_msg *m)
{
	struct nlattr *rules, *r;

	nla_put_string(m, NL80211_ATTR_REG_ALPHA2, "DE");
	rules = fake_rules_begin(m);
	r = nla_nest_start(m, 0);
	nla_put_u32(m, NL80211_ATTR_REG_RULE_FLAGS, 0);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_END, 2483500);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_MAX_BW, 40000);
	nla_put_u32(m, NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN, 0);
	nla_put_u32(m, NL80211_ATTR_POWER_RULE_MAX_EIRP, 2000);
	nla_nest_end(m, r);
	fake_rules_end(m, rules);
}

static void bad_rule_u16_flags(struct nl_msg *m)
{
	struct nlattr *rules = fake_rules_begin(m), *r;

	r = nla_nest_start(m, 0);
	nla_put_u16(m, NL80211_ATTR_REG_RULE_FLAGS, 0);
	nla_nest_end(m, r);
	fake_rules_end(m, rules);
}

static void bad_self_managed_payload(struct nl_msg *m)
{
	nla_put_u32(m, NL80211_ATTR_WIPHY_SELF_MANAGED_REG, 1);
}

static void bad_wiphy_u8(struct nl_msg *m)
{
	nla_put_u8(m, NL80211_ATTR_WIPHY, 1);
}

TEST(malformed_domains_are_refused_with_the_reason)
{
	static const struct bad_case cases[] = {
		{ "dfs region as u32", bad_dfs_region_u32, "has 4 bytes, expected 1" },
		{ "alpha2 of one byte", bad_alpha2_short, "expected 2 to 3" },
		{ "alpha2 of 8 bytes", bad_alpha2_long, "expected 2 to 3" },
		{ "rule without start", bad_rule_missing_start, "no start frequency" },
		{ "rule flags as u16", bad_rule_u16_flags, "rule attribute 1" },
		{ "flag with payload", bad_self_managed_payload, "expected 0" },
		{ "wiphy as u8", bad_wiphy_u8, "expected 4" },
	};
	struct regnl_status st;
	struct regnl_domain d;
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct nl_msg *m = fake_msg(NL80211_CMD_GET_REG);

		cases[i].build(m);
		if (regnl_parse_domain(m, &d, &st) != -EBADMSG ||
		    st.kind != REGNL_E_REPLY ||
		    !strstr(st.detail, cases[i].detail))
			t_fail(__FILE__, __LINE__,
			       "%s: got \"%s\", expected a refusal naming \"%s\"",
			       cases[i].name, st.detail, cases[i].detail);
		CHECK(d.rd.rules == NULL && d.rule_has_cac == NULL);
		nlmsg_free(m);
	}
}

TEST(a_message_without_genl_header_is_refused)
{
	struct nl_msg *m = nlmsg_alloc();
	struct regnl_reg_event ev;
	struct regnl_wiphy_list l = { 0 };
	struct regnl_domain d;
	struct regnl_status st;

	if (!m)
		return;
	nlmsg_put(m, 0, 0, 0x21, 0, 0);
	CHECK_INT(regnl_parse_domain(m, &d, &st), -EBADMSG);
	CHECK(strstr(st.detail, "generic netlink header") != NULL);
	CHECK_INT(regnl_parse_reg_event(m, &ev, &st), -EBADMSG);
	CHECK_INT(regnl_wiphy_list_add(&l, m, &st), -EBADMSG);
	CHECK_INT(regnl_decode_msg(stderr, m), -EINVAL);
	regnl_wiphy_list_free(&l);
	nlmsg_free(m);
}

/* A tiny deterministic generator, so that failures reproduce. */
static uint32_t rnd_state = 0x12345678;

static uint32_t rnd(void)
{
	rnd_state ^= rnd_state << 13;
	rnd_state ^= rnd_state >> 17;
	rnd_state ^= rnd_state << 5;
	return rnd_state;
}

/* Everything that reads kernel messages, on one message. */
static void feed_all(struct nl_msg *m, FILE *sink)
{
	struct regnl_wiphy_list l = { 0 };
	struct regnl_reg_event ev;
	struct regnl_domain d;
	size_t i;

	if (!regnl_parse_domain(m, &d, NULL)) {
		regnl_print_domain(sink, &d);
		regnl_domain_free(&d);
	}
	if (regnl_parse_reg_event(m, &ev, NULL) > 0)
		regnl_print_reg_event(sink, &ev);
	regnl_wiphy_list_add(&l, m, NULL);
	for (i = 0; i < l.n; i++)
		regnl_print_channels(sink, &l.v[i]);
	regnl_wiphy_list_free(&l);
	regnl_decode_msg(sink, m);
}

/* Random attribute soup, and valid messages with bytes flipped. */
TEST(random_and_mutated_messages_never_crash_the_parsers)
{
	static const uint8_t cmds[] = { NL80211_CMD_GET_REG,
					NL80211_CMD_REG_CHANGE,
					NL80211_CMD_NEW_WIPHY };
	struct regdom rd = { .alpha2 = "DE", .dfs_region = 1, .n_rules = 3,
			     .rules = sample_rules };
	FILE *sink = fopen("/dev/null", "w");
	struct nl_msg *valid;
	int i, j;

	if (!sink || regnl_build_set_reg(&valid, 0, REGNL_FAMILY_REGCORE, &rd, NULL))
		return;
	for (i = 0; i < 3000; i++) {
		struct nl_msg *m = fake_msg(cmds[i % 3]);
		struct nlmsghdr *nlh;
		unsigned char *p;
		int n = (int)(rnd() % 200);

		if (i % 2) {
			unsigned char buf[256];

			for (j = 0; j < n; j++)
				buf[j] = (unsigned char)rnd();
			/* sometimes a plausible header, sometimes noise */
			if (n >= 4 && (rnd() & 1)) {
				buf[0] = (unsigned char)(n & 0xff);
				buf[1] = 0;
				buf[2] = (unsigned char)(rnd() % 40);
				buf[3] = 0;
			}
			nlmsg_append(m, buf, (size_t)n, 0);
		} else {
			nlh = nlmsg_hdr(valid);
			nlmsg_append(m, (char *)genlmsg_attrdata(nlmsg_data(nlh), 0),
				     (size_t)genlmsg_attrlen(nlmsg_data(nlh), 0), 0);
			p = (unsigned char *)genlmsg_attrdata(
				nlmsg_data(nlmsg_hdr(m)), 0);
			for (j = 0; j < 4; j++)
				p[rnd() % (uint32_t)genlmsg_attrlen(
					nlmsg_data(nlmsg_hdr(m)), 0)] =
					(unsigned char)rnd();
		}
		feed_all(m, sink);
		nlmsg_free(m);
	}
	nlmsg_free(valid);
	fclose(sink);
}
