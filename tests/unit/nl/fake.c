// SPDX-License-Identifier: GPL-2.0
/*
 * fake.c - kernel-shaped messages for the host tests.
 */
#include <stdio.h>
#include <stdlib.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>

#include "fake.h"

struct nl_msg *fake_msg(uint8_t cmd)
{
	struct nl_msg *m = nlmsg_alloc_size(65536);

	if (!m || !genlmsg_put(m, 0, 1, 0x21, 0, 0, cmd, 0)) {
		fputs("fake_msg: out of memory\n", stderr);
		exit(2);
	}
	return m;
}

void fake_rule(struct nl_msg *m, int idx, uint32_t flags, uint32_t start,
	       uint32_t end, uint32_t bw, uint32_t gain, uint32_t eirp,
	       long long cac)
{
	struct nlattr *r = fake_nest_start_noflag(m, idx);

	nla_put_u32(m, NL80211_ATTR_REG_RULE_FLAGS, flags);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_START, start);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_END, end);
	nla_put_u32(m, NL80211_ATTR_FREQ_RANGE_MAX_BW, bw);
	nla_put_u32(m, NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN, gain);
	nla_put_u32(m, NL80211_ATTR_POWER_RULE_MAX_EIRP, eirp);
	if (cac >= 0)
		nla_put_u32(m, NL80211_ATTR_DFS_CAC_TIME, (uint32_t)cac);
	nla_nest_end(m, r);
}

struct nlattr *fake_nest_start_noflag(struct nl_msg *m, int type)
{
	struct nlattr *n = nlmsg_tail(nlmsg_hdr(m));

	if (nla_put(m, type, 0, NULL) < 0) {
		fputs("fake_nest_start_noflag: message full\n", stderr);
		exit(2);
	}
	return n;
}

struct nlattr *fake_rules_begin(struct nl_msg *m)
{
	return fake_nest_start_noflag(m, NL80211_ATTR_REG_RULES);
}

void fake_rules_end(struct nl_msg *m, struct nlattr *rules)
{
	nla_nest_end(m, rules);
	/* libnl trims an empty nest; the kernel sends it */
	if ((void *)rules == nlmsg_tail(nlmsg_hdr(m)))
		nla_put(m, NL80211_ATTR_REG_RULES, 0, NULL);
}
