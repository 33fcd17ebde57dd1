/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fake.h - messages shaped like the kernel's, built with libnl, for the
 * parsers and printers to be tested without a kernel.
 */
#ifndef REGCORE_TESTS_NL_FAKE_H
#define REGCORE_TESTS_NL_FAKE_H

#include <stdbool.h>
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

/*
 * Start a nest of type as the kernel's nla_nest_start_noflag() does,
 * without NLA_F_NESTED (libnl's nla_nest_start() sets it); close it with
 * nla_nest_end(), which drops a nest left empty.
 */
struct nlattr *fake_nest_start_noflag(struct nl_msg *m, int type);

/* Open/close NL80211_ATTR_REG_RULES, without NLA_F_NESTED as the kernel. */
struct nlattr *fake_rules_begin(struct nl_msg *m);
void fake_rules_end(struct nl_msg *m, struct nlattr *rules);

/*
 * A fake kernel behind libregnl's request sockets (fake-kernel.c). While
 * it is on, the test binary's own definitions of genl_ctrl_resolve(),
 * nl_send_auto() and nl_recvmsgs() (they take precedence over libnl's)
 * resolve "regcore" and "nl80211" to made-up ids, keep a copy of each
 * request as it would have gone out (sequence number, port and the flags
 * libnl adds filled in), and hand libnl's parser the answer below, built
 * as the kernel's netlink_ack() builds it. The socket itself is real;
 * what the kernel answers on it is not used. While off, the calls go to
 * libnl unchanged.
 */
#define FAKE_ID_REGCORE 0x30
#define FAKE_ID_NL80211 0x31

struct fake_answer {
	bool no_family;		/* neither family is registered */
	int err;		/* 0: an ack; otherwise this negative errno */
	const char *extack;	/* NLMSGERR_ATTR_MSG, NULL for none */
	bool uncapped;		/* the request is echoed before the TLVs */
};

/* Answer every request so from now on; a fresh record of requests. */
void fake_kernel_on(const struct fake_answer *a);

/* Back to the real libnl; the record stays until the next fake_kernel_on(). */
void fake_kernel_off(void);

/* How many requests were sent, and the family name last resolved ("" none). */
int fake_kernel_n_sent(void);
const char *fake_kernel_family(void);

/* The last request as sent: its netlink header and everything after it. */
const struct nlmsghdr *fake_kernel_last(void);

#endif
