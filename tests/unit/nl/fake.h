/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fake.h - messages shaped like the kernel's, built with libnl, for the
 * parsers and printers to be tested without a kernel.
 */
#ifndef REGCORE_TESTS_NL_FAKE_H
#define REGCORE_TESTS_NL_FAKE_H

#include <stdint.h>

#include <netlink/attr.h>
#include <netlink/msg.h>

/* A generic netlink message for cmd, as the kernel would address it. */
struct nl_msg *fake_msg(uint8_t cmd);

/*
 * One rule nest as nl80211_put_regdom() writes it (type idx, no
 * NLA_F_NESTED, all seven attributes); cac < 0 leaves the CAC time out
 * like kernels before 3.15.
 */
void fake_rule(struct nl_msg *m, int idx, uint32_t flags, uint32_t start,
	       uint32_t end, uint32_t bw, uint32_t gain, uint32_t eirp,
	       long long cac);

/* Open/close NL80211_ATTR_REG_RULES. */
struct nlattr *fake_rules_begin(struct nl_msg *m);
void fake_rules_end(struct nl_msg *m, struct nlattr *rules);

#endif
