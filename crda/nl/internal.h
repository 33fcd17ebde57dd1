/* SPDX-License-Identifier: GPL-2.0 */
/*
 * internal.h - what the files of libregnl share and nobody else needs.
 */
#ifndef REGCORE_REGNL_INTERNAL_H
#define REGCORE_REGNL_INTERNAL_H

#include <netlink/attr.h>
#include <netlink/msg.h>

#include "regnl.h"

#define REGNL_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Reset a status to "success"; NULL is accepted. */
void regnl_st_clear(struct regnl_status *st);

/*
 * Record a failure (NULL st is accepted) and return err, so that callers
 * can write `return regnl_fail(st, REGNL_E_REPLY, -EBADMSG, "...")`.
 */
int regnl_fail(struct regnl_status *st, enum regnl_err_kind kind, int err,
	       const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

/*
 * How an attribute from the kernel must look before it is used: its kind
 * fixes the length of integers (exactly their size) and flags (empty);
 * strings must be NUL-terminated within the attribute; binary attributes
 * and strings are held to minlen/maxlen when those are non-zero.
 */
struct regnl_policy {
	enum regnl_attr_kind kind;
	uint16_t minlen;
	uint16_t maxlen;
};

/*
 * Parse a stream of attributes into tb[0..max] (libnl's nla_parse checks
 * the framing) and check every attribute the policy describes. space
 * names the attribute space in error messages ("rule", "frequency").
 * Returns 0 or -EBADMSG with st saying which attribute is wrong.
 */
int regnl_parse_attrs(struct nlattr **tb, int max, struct nlattr *head,
		      int len, const struct regnl_policy *pol,
		      const char *space, struct regnl_status *st);

/* The same for a nested attribute's payload. */
int regnl_parse_nested(struct nlattr **tb, int max, struct nlattr *nest,
		       const struct regnl_policy *pol, const char *space,
		       struct regnl_status *st);

/*
 * Check a generic netlink message's header and parse its top-level
 * attributes against the shared NL80211_ATTR_* policy. *cmd receives the
 * command. tb must have NL80211_ATTR_MAX + 1 entries.
 */
int regnl_parse_genl(struct nl_msg *msg, struct nlattr **tb, uint8_t *cmd,
		     struct regnl_status *st);

/*
 * A nest of NL80211_ATTR_* (a domain inside a regcore message) parsed
 * against the same policy as a message's top level.
 */
int regnl_parse_nested_top(struct nlattr **tb, struct nlattr *nest,
			   const char *space, struct regnl_status *st);

/*
 * A REGCORE_CMD_EXT message's attributes (tb: REGCORE_ATTR_MAX + 1) under
 * pol. Returns 1 when it is an answer of operation op, 0 for any other
 * message, a negative errno (st says) for a malformed one.
 */
int regnl_parse_ext(struct nl_msg *msg, struct nlattr **tb, uint8_t op,
		    const struct regnl_policy *pol, const char *space,
		    struct regnl_status *st);

/*
 * A domain's attributes as SET_REG carries them (alpha2, DFS region,
 * rules), into msg at the current position. Returns 0, -1 when they do
 * not fit.
 */
int regnl_put_domain(struct nl_msg *msg, enum regnl_family fam,
		     const struct regdom *rd);

/* regnl_parse_domain() for a domain nested in another message
 * (REGCORE_OP_WHY).
 */
int regnl_parse_domain_nest(struct nlattr *nest, struct regnl_domain *out,
			    struct regnl_status *st);

/*
 * regnl_transact() for a message built for the purpose, freed afterwards;
 * a NULL msg (its allocation failed) is -ENOMEM.
 */
int regnl_transact_free(struct regnl *nl, struct nl_msg *msg,
			regnl_reply_fn fn, void *arg, struct regnl_status *st);

/* The payload size of fixed-size kinds (u8 ... u64, flag), -1 for others. */
int regnl_kind_size(enum regnl_attr_kind k);

/*
 * A socket of its own on FAMILY's multicast GROUP (monitor.c):
 * non-blocking, no sequence checks, each message to fn(arg). Returns 0,
 * or a negative errno as regnl_fail() reports it (-ENOENT: no such
 * family or group).
 */
int regnl_listen(const char *family, const char *group,
		 nl_recvmsg_msg_cb_t fn, void *arg, struct nl_sock **sk,
		 struct nl_cb **cb, struct regnl_status *st);

/* Join one more multicast group of FAMILY on a socket. */
int regnl_listen_join(struct nl_sock *sk, const char *family,
		      const char *group, struct regnl_status *st);

/* The 2-character alpha2 of a checked NL80211_ATTR_REG_ALPHA2, NUL-ended. */
void regnl_get_alpha2(const struct nlattr *a, char out[3]);

/*
 * One channel nest (NL80211_FREQUENCY_ATTR_*) into *c (wiphy.c). Returns
 * 1, 0 for a nest without a frequency (*c untouched), -EBADMSG.
 */
struct regnl_channel;
int regnl_parse_channel(struct nlattr *nest, struct regnl_channel *c,
			struct regnl_status *st);

#define REGNL_MAX_WIDTHS 5

/*
 * The channel widths iw lists for a channel ("20MHz", "HT40-", "HT40+",
 * "VHT80", "VHT160"): those the band's HT/VHT capabilities allow and the
 * channel's NO_* flags do not forbid. Returns how many were stored.
 */
size_t regnl_chan_widths(const struct regnl_band *b,
			 const struct regnl_channel *c,
			 const char *names[REGNL_MAX_WIDTHS]);

/* Grow an array of n elements of size sz to hold n + 1; NULL on failure. */
void *regnl_grow(void *array, size_t n, size_t sz);

#endif /* REGCORE_REGNL_INTERNAL_H */
