// SPDX-License-Identifier: GPL-2.0
/*
 * attrs.c - checking attributes before they are trusted, and the status
 * helpers every file uses.
 *
 * libnl's own policies accept integers longer than their type and flags
 * with a payload; the checks here are exact, because anything else from
 * the kernel means a bug on one side and must be reported, not guessed at.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>

#include "internal.h"

void regnl_st_clear(struct regnl_status *st)
{
	if (st)
		memset(st, 0, sizeof(*st));
}

int regnl_fail(struct regnl_status *st, enum regnl_err_kind kind, int err,
	       const char *fmt, ...)
{
	va_list ap;

	if (!st)
		return err;
	st->kind = kind;
	st->err = err;
	if (fmt) {
		va_start(ap, fmt);
		vsnprintf(st->detail, sizeof(st->detail), fmt, ap);
		va_end(ap);
	}
	return err;
}

void *regnl_grow(void *array, size_t n, size_t sz)
{
	if (n + 1 > SIZE_MAX / sz)
		return NULL;
	return realloc(array, (n + 1) * sz);
}

static const char *kind_name(enum regnl_attr_kind k)
{
	switch (k) {
	case REGNL_K_U8: return "u8";
	case REGNL_K_U16: return "u16";
	case REGNL_K_U32: return "u32";
	case REGNL_K_U64: return "u64";
	case REGNL_K_STRING: return "string";
	case REGNL_K_FLAG: return "flag";
	case REGNL_K_NESTED: return "nested";
	case REGNL_K_BINARY: return "binary";
	default: return "unspec";
	}
}

int regnl_kind_size(enum regnl_attr_kind k)
{
	switch (k) {
	case REGNL_K_U8: return 1;
	case REGNL_K_U16: return 2;
	case REGNL_K_U32: return 4;
	case REGNL_K_U64: return 8;
	case REGNL_K_FLAG: return 0;
	default: return -1;
	}
}

static int check_one(const struct nlattr *a, int type,
		     const struct regnl_policy *p, const char *space,
		     struct regnl_status *st)
{
	int len = nla_len(a);
	int want = regnl_kind_size(p->kind);
	const char *data = nla_data(a);

	if (want >= 0 && len != want)
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed message: %s attribute %d (%s) has %d bytes, expected %d",
				  space, type, kind_name(p->kind), len, want);
	if (p->kind == REGNL_K_STRING && (len < 1 || data[len - 1] != '\0'))
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed message: %s attribute %d is not a NUL-terminated string",
				  space, type);
	if ((p->minlen && len < p->minlen) || (p->maxlen && len > p->maxlen))
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed message: %s attribute %d has %d bytes, expected %u to %u",
				  space, type, len, p->minlen, p->maxlen);
	return 0;
}

int regnl_parse_attrs(struct nlattr **tb, int max, struct nlattr *head,
		      int len, const struct regnl_policy *pol,
		      const char *space, struct regnl_status *st)
{
	int i;

	if (len < 0)
		len = 0;
	if (nla_parse(tb, max, head, len, NULL) < 0)
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed message: bad %s attribute framing",
				  space);
	for (i = 1; i <= max; i++) {
		if (!tb[i] || pol[i].kind == REGNL_K_UNSPEC)
			continue;
		if (check_one(tb[i], i, &pol[i], space, st))
			return -EBADMSG;
	}
	return 0;
}

int regnl_parse_nested(struct nlattr **tb, int max, struct nlattr *nest,
		       const struct regnl_policy *pol, const char *space,
		       struct regnl_status *st)
{
	return regnl_parse_attrs(tb, max, nla_data(nest), nla_len(nest), pol,
				 space, st);
}

/*
 * The top-level attributes this library reads, whatever the command.
 * NL80211_ATTR_REG_ALPHA2 is NLA_BINARY of 2 or 3 bytes in nl80211's own
 * policy ("DE" with or without its NUL).
 */
static const struct regnl_policy top_policy[NL80211_ATTR_MAX + 1] = {
	[NL80211_ATTR_WIPHY] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_WIPHY_NAME] = { REGNL_K_STRING, 0, 0 },
	[NL80211_ATTR_WIPHY_BANDS] = { REGNL_K_NESTED, 0, 0 },
	[NL80211_ATTR_REG_ALPHA2] = { REGNL_K_BINARY, 2, 3 },
	[NL80211_ATTR_REG_RULES] = { REGNL_K_NESTED, 0, 0 },
	[NL80211_ATTR_REG_INITIATOR] = { REGNL_K_U8, 0, 0 },
	[NL80211_ATTR_REG_TYPE] = { REGNL_K_U8, 0, 0 },
	[NL80211_ATTR_DFS_REGION] = { REGNL_K_U8, 0, 0 },
	[NL80211_ATTR_USER_REG_HINT_TYPE] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_WIPHY_SELF_MANAGED_REG] = { REGNL_K_FLAG, 0, 0 },
	[NL80211_ATTR_FREQ_BEFORE] = { REGNL_K_NESTED, 0, 0 },
	[NL80211_ATTR_FREQ_AFTER] = { REGNL_K_NESTED, 0, 0 },
	[NL80211_ATTR_RADAR_EVENT] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_WIPHY_FREQ] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_CHANNEL_WIDTH] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_CENTER_FREQ1] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_IFINDEX] = { REGNL_K_U32, 0, 0 },
};

int regnl_parse_genl(struct nl_msg *msg, struct nlattr **tb, uint8_t *cmd,
		     struct regnl_status *st)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gnlh;

	if (!genlmsg_valid_hdr(nlh, 0))
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed message: no generic netlink header");
	gnlh = nlmsg_data(nlh);
	if (cmd)
		*cmd = gnlh->cmd;
	return regnl_parse_attrs(tb, NL80211_ATTR_MAX,
				 genlmsg_attrdata(gnlh, 0),
				 genlmsg_attrlen(gnlh, 0), top_policy,
				 "top-level", st);
}

int regnl_parse_nested_top(struct nlattr **tb, struct nlattr *nest,
			   const char *space, struct regnl_status *st)
{
	return regnl_parse_nested(tb, NL80211_ATTR_MAX, nest, top_policy,
				  space, st);
}

void regnl_get_alpha2(const struct nlattr *a, char out[3])
{
	const char *s = nla_data(a);

	out[0] = s[0];
	out[1] = s[1];
	out[2] = '\0';
}
