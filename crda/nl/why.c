// SPDX-License-Identifier: GPL-2.0
/*
 * why.c - regcore's REGCORE_OP_WHY: why one channel of one radio is as it
 * is, as the module answers it (uapi regcore.h). The answer is parsed,
 * never completed here: the module ran the computation.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/genl/genl.h>
#include <netlink/netlink.h>

#include "internal.h"

static const struct regnl_policy why_policy[REGCORE_ATTR_MAX + 1] = {
	[REGCORE_ATTR_OP] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_SEQ] = { REGNL_K_U64, 0, 0 },
	[REGCORE_ATTR_BOOTTIME_NS] = { REGNL_K_U64, 0, 0 },
	[REGCORE_ATTR_INITIATOR] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_ALPHA2] = { REGNL_K_BINARY, 2, 3 },
	[REGCORE_ATTR_WIPHY] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_TEXT] = { REGNL_K_STRING, 0, 0 },
	[REGCORE_ATTR_WHY_PATH] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_WHY_CAUSE] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_WHY_DOMAIN] = { REGNL_K_NESTED, 0, 0 },
	[REGCORE_ATTR_WHY_OWN] = { REGNL_K_FLAG, 0, 0 },
	[REGCORE_ATTR_WHY_RULE] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_WHY_NO_RULE] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_WHY_STRICT] = { REGNL_K_FLAG, 0, 0 },
	[REGCORE_ATTR_WHY_COMPUTED] = { REGNL_K_NESTED, 0, 0 },
	[REGCORE_ATTR_WHY_CHANNEL] = { REGNL_K_NESTED, 0, 0 },
	[REGCORE_ATTR_WHY_ORIGINAL] = { REGNL_K_NESTED, 0, 0 },
	[REGCORE_ATTR_WHY_BEACON_LIFT] = { REGNL_K_FLAG, 0, 0 },
	[REGCORE_ATTR_WHY_REG_FLAGS] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_WHY_INTERSECT] = { REGNL_K_FLAG, 0, 0 },
	[REGCORE_ATTR_WHY_HINT_TYPE] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_WHY_IGNORED] = { REGNL_K_NESTED, 0, 0 },
	[REGCORE_ATTR_DECISION] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_ERRNO] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_PREVIEW_CHANNELS] = { REGNL_K_NESTED, 0, 0 },
	[REGCORE_ATTR_WHY_RULE_BW] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_WHY_LEFT] = { REGNL_K_FLAG, 0, 0 },
	[REGCORE_ATTR_PREVIEW_AHEAD] = { REGNL_K_FLAG, 0, 0 },
};

int regnl_build_why(struct nl_msg **out, int family_id, uint32_t wiphy,
		    uint32_t freq_khz, struct regnl_status *st)
{
	struct nl_msg *msg;

	regnl_st_clear(st);
	*out = NULL;
	msg = regnl_msg_new(family_id, REGCORE_CMD_EXT, 0, 64);
	if (!msg)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	if (nla_put_u8(msg, REGCORE_ATTR_OP, REGCORE_OP_WHY) ||
	    nla_put_u32(msg, REGCORE_ATTR_WIPHY, wiphy) ||
	    nla_put_u32(msg, REGCORE_ATTR_FREQ_KHZ, freq_khz)) {
		nlmsg_free(msg);
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	}
	*out = msg;
	return 0;
}

void regnl_why_free(struct regnl_why *w)
{
	regnl_domain_free(&w->domain);
	memset(w, 0, sizeof(*w));
}

/* A channel nest that must carry a frequency. */
static int why_channel(struct nlattr *nest, struct regnl_channel *c,
		       const char *what, struct regnl_status *st)
{
	int r = regnl_parse_channel(nest, c, st);

	if (r < 0)
		return r;
	if (!r)
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed answer: the %s channel has no frequency",
				  what);
	return 0;
}

static int why_ignored(struct nlattr *nest, struct regnl_why *w,
		       struct regnl_status *st)
{
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];

	if (regnl_parse_nested(tb, REGCORE_ATTR_MAX, nest, why_policy,
			       "ignored change", st))
		return -EBADMSG;
	if (!tb[REGCORE_ATTR_INITIATOR] || !tb[REGCORE_ATTR_TEXT])
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed answer: an ignored change without its initiator or reason");
	w->ignored = true;
	w->ignored_initiator = nla_get_u8(tb[REGCORE_ATTR_INITIATOR]);
	if (tb[REGCORE_ATTR_ALPHA2])
		regnl_get_alpha2(tb[REGCORE_ATTR_ALPHA2], w->ignored_alpha2);
	snprintf(w->ignored_text, sizeof(w->ignored_text), "%s",
		 (const char *)nla_data(tb[REGCORE_ATTR_TEXT]));
	if (tb[REGCORE_ATTR_SEQ])
		w->ignored_seq = nla_get_u64(tb[REGCORE_ATTR_SEQ]);
	return 0;
}

/* The rules the answer names, each an index into its domain, each followed
 * by the bandwidth it allows there.
 */
static int why_rules(struct nlattr *head, int len, struct regnl_why *w,
		     struct regnl_status *st)
{
	struct nlattr *a;
	unsigned int n_bw = 0;
	int rem;

	nla_for_each_attr(a, head, len, rem) {
		uint32_t idx;

		if (nla_type(a) == REGCORE_ATTR_WHY_RULE_BW) {
			if (n_bw >= w->n_rules)
				return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
						  "malformed answer: a bandwidth without its rule");
			w->rule_bw_khz[n_bw++] = nla_get_u32(a);
			continue;
		}
		if (nla_type(a) != REGCORE_ATTR_WHY_RULE)
			continue;
		idx = nla_get_u32(a);
		if (w->n_rules == 2 || !w->has_domain ||
		    idx >= w->domain.rd.n_rules)
			return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
					  "malformed answer: rule %u is not one of the domain's %u",
					  idx + 1,
					  w->has_domain ? w->domain.rd.n_rules : 0);
		w->rule_idx[w->n_rules] = idx;
		/* without its bandwidth: the rule's own */
		w->rule_bw_khz[w->n_rules++] = w->domain.rd.rules[idx].max_bw_khz;
	}
	return 0;
}

static int why_fill(struct nlattr **tb, struct nlattr *head, int len,
		    struct regnl_why *w, struct regnl_status *st)
{
	int r;

	if (!tb[REGCORE_ATTR_WHY_PATH] || !tb[REGCORE_ATTR_WHY_CHANNEL] ||
	    !tb[REGCORE_ATTR_WHY_ORIGINAL])
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed answer: no path or channel");
	w->path = nla_get_u8(tb[REGCORE_ATTR_WHY_PATH]);
	if (tb[REGCORE_ATTR_WHY_REG_FLAGS])
		w->reg_flags = nla_get_u32(tb[REGCORE_ATTR_WHY_REG_FLAGS]);
	if (tb[REGCORE_ATTR_WHY_CAUSE]) {
		w->has_cause = true;
		w->cause = nla_get_u8(tb[REGCORE_ATTR_WHY_CAUSE]);
	}
	if (tb[REGCORE_ATTR_INITIATOR])
		w->initiator = nla_get_u8(tb[REGCORE_ATTR_INITIATOR]);
	if (tb[REGCORE_ATTR_ALPHA2])
		regnl_get_alpha2(tb[REGCORE_ATTR_ALPHA2], w->alpha2);
	w->intersect = tb[REGCORE_ATTR_WHY_INTERSECT] != NULL;
	if (tb[REGCORE_ATTR_WHY_HINT_TYPE])
		w->hint_type = nla_get_u8(tb[REGCORE_ATTR_WHY_HINT_TYPE]);
	if (tb[REGCORE_ATTR_WIPHY]) {
		w->has_requester = true;
		w->requester = nla_get_u32(tb[REGCORE_ATTR_WIPHY]);
	}
	w->strict = tb[REGCORE_ATTR_WHY_STRICT] != NULL;
	if (tb[REGCORE_ATTR_SEQ])
		w->seq = nla_get_u64(tb[REGCORE_ATTR_SEQ]);
	if (tb[REGCORE_ATTR_BOOTTIME_NS])
		w->boottime_ns = nla_get_u64(tb[REGCORE_ATTR_BOOTTIME_NS]);
	if (tb[REGCORE_ATTR_WHY_DOMAIN]) {
		r = regnl_parse_domain_nest(tb[REGCORE_ATTR_WHY_DOMAIN],
					    &w->domain, st);
		if (r)
			return r;
		w->has_domain = true;
	}
	w->own = tb[REGCORE_ATTR_WHY_OWN] != NULL;
	r = why_rules(head, len, w, st);
	if (r)
		return r;
	if (tb[REGCORE_ATTR_WHY_NO_RULE])
		w->no_rule = nla_get_u32(tb[REGCORE_ATTR_WHY_NO_RULE]);
	w->left = tb[REGCORE_ATTR_WHY_LEFT] != NULL;
	r = why_channel(tb[REGCORE_ATTR_WHY_CHANNEL], &w->now, "present", st);
	if (!r)
		r = why_channel(tb[REGCORE_ATTR_WHY_ORIGINAL], &w->original,
				"original", st);
	if (!r && tb[REGCORE_ATTR_WHY_COMPUTED]) {
		w->has_computed = true;
		r = why_channel(tb[REGCORE_ATTR_WHY_COMPUTED], &w->computed,
				"computed", st);
	}
	if (r)
		return r;
	w->beacon_lift = tb[REGCORE_ATTR_WHY_BEACON_LIFT] != NULL;
	if (tb[REGCORE_ATTR_WHY_IGNORED])
		return why_ignored(tb[REGCORE_ATTR_WHY_IGNORED], w, st);
	return 0;
}

int regnl_parse_why(struct nl_msg *msg, struct regnl_why *out,
		    struct regnl_status *st)
{
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];
	struct genlmsghdr *gnlh;
	struct regnl_why w;
	int r;

	r = regnl_parse_ext(msg, tb, REGCORE_OP_WHY, why_policy, "why", st);
	if (r <= 0)
		return r;
	gnlh = nlmsg_data(nlmsg_hdr(msg));
	memset(&w, 0, sizeof(w));
	r = why_fill(tb, genlmsg_attrdata(gnlh, 0), genlmsg_attrlen(gnlh, 0),
		     &w, st);
	if (r) {
		regnl_why_free(&w);
		return r;
	}
	*out = w;
	return 1;
}

struct why_ctx {
	struct regnl_why *out;
	bool got;
};

static int on_why(struct nl_msg *msg, void *arg, struct regnl_status *st)
{
	struct why_ctx *c = arg;
	struct regnl_why w;
	int r = regnl_parse_why(msg, &w, st);

	if (r <= 0)
		return r;
	if (c->got)
		regnl_why_free(c->out);
	*c->out = w;
	c->got = true;
	return 0;
}

int regnl_why(struct regnl *nl, uint32_t wiphy, uint32_t freq_khz,
	      struct regnl_why *out, struct regnl_status *st)
{
	struct why_ctx c = { .out = out };
	struct nl_msg *msg;
	int r;

	memset(out, 0, sizeof(*out));
	r = regnl_build_why(&msg, regnl_family_id(nl), wiphy, freq_khz, st);
	if (r)
		return r;
	r = regnl_transact_free(nl, msg, on_why, &c, st);
	if (r) {
		regnl_why_free(out);
		return r;
	}
	if (!c.got)
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "regcore sent no answer");
	return 0;
}

/* ---- REGCORE_OP_PREVIEW ---- */

int regnl_build_preview(struct nl_msg **out, int family_id, uint32_t wiphy,
			const char *alpha2, const struct regdom *rd,
			bool cell_base, struct regnl_status *st)
{
	struct nlattr *nest;
	struct nl_msg *msg;

	regnl_st_clear(st);
	*out = NULL;
	if (!regdom_alpha2_valid(alpha2))
		return regnl_fail(st, REGNL_E_INVAL, -EINVAL,
				  "a preview needs a country or 00");
	msg = regnl_msg_new(family_id, REGCORE_CMD_EXT, 0,
			    256 + (rd ? (size_t)rd->n_rules * 128 : 0));
	if (!msg)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	if (nla_put_u8(msg, REGCORE_ATTR_OP, REGCORE_OP_PREVIEW) ||
	    nla_put_u32(msg, REGCORE_ATTR_WIPHY, wiphy) ||
	    nla_put(msg, REGCORE_ATTR_ALPHA2, 2, alpha2) ||
	    (cell_base && nla_put_u8(msg, REGCORE_ATTR_WHY_HINT_TYPE,
				     NL80211_USER_REG_HINT_CELL_BASE)))
		goto too_big;
	if (rd) {
		nest = nla_nest_start(msg, REGCORE_ATTR_WHY_DOMAIN |
				      NLA_F_NESTED);
		if (!nest || regnl_put_domain(msg, REGNL_FAMILY_REGCORE, rd))
			goto too_big;
		nla_nest_end(msg, nest);
	}
	*out = msg;
	return 0;
too_big:
	nlmsg_free(msg);
	return regnl_fail(st, REGNL_E_NOMEM, -EMSGSIZE,
			  "the preview does not fit in a message");
}

void regnl_preview_free(struct regnl_preview *p)
{
	regnl_domain_free(&p->domain);
	free(p->channels);
	memset(p, 0, sizeof(*p));
}

static int preview_channels(struct nlattr *list, struct regnl_preview *p,
			    struct regnl_status *st)
{
	struct nlattr *nest;
	size_t n = 0;
	int rem, r;

	nla_for_each_nested(nest, list, rem)
		n++;
	p->has_channels = true;
	if (!n)
		return 0;
	p->channels = calloc(n, sizeof(*p->channels));
	if (!p->channels)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	nla_for_each_nested(nest, list, rem) {
		r = why_channel(nest, &p->channels[p->n_channels], "previewed",
				st);
		if (r)
			return r;
		p->n_channels++;
	}
	return 0;
}

static int preview_fill(struct nlattr **tb, struct regnl_preview *p,
			struct regnl_status *st)
{
	struct nlattr *ig[REGCORE_ATTR_MAX + 1];
	int r;

	if (!tb[REGCORE_ATTR_WIPHY] || !tb[REGCORE_ATTR_DECISION] ||
	    !tb[REGCORE_ATTR_TEXT])
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed answer: no radio, decision or reason");
	p->wiphy = nla_get_u32(tb[REGCORE_ATTR_WIPHY]);
	p->decision = nla_get_u8(tb[REGCORE_ATTR_DECISION]);
	snprintf(p->why, sizeof(p->why), "%s",
		 (const char *)nla_data(tb[REGCORE_ATTR_TEXT]));
	if (tb[REGCORE_ATTR_ERRNO])
		p->err = nla_get_u32(tb[REGCORE_ATTR_ERRNO]);
	p->intersect = tb[REGCORE_ATTR_WHY_INTERSECT] != NULL;
	p->ahead = tb[REGCORE_ATTR_PREVIEW_AHEAD] != NULL;
	if (tb[REGCORE_ATTR_WHY_DOMAIN]) {
		r = regnl_parse_domain_nest(tb[REGCORE_ATTR_WHY_DOMAIN],
					    &p->domain, st);
		if (r)
			return r;
		p->has_domain = true;
	}
	if (tb[REGCORE_ATTR_WHY_IGNORED]) {
		if (regnl_parse_nested(ig, REGCORE_ATTR_MAX,
				       tb[REGCORE_ATTR_WHY_IGNORED], why_policy,
				       "ignored", st))
			return -EBADMSG;
		if (!ig[REGCORE_ATTR_TEXT])
			return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
					  "malformed answer: the radio would not follow, without a reason");
		p->ignored = true;
		snprintf(p->ignored_text, sizeof(p->ignored_text), "%s",
			 (const char *)nla_data(ig[REGCORE_ATTR_TEXT]));
	}
	if (tb[REGCORE_ATTR_PREVIEW_CHANNELS])
		return preview_channels(tb[REGCORE_ATTR_PREVIEW_CHANNELS], p,
					st);
	return 0;
}

int regnl_parse_preview(struct nl_msg *msg, struct regnl_preview *out,
			struct regnl_status *st)
{
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];
	struct regnl_preview p;
	int r;

	r = regnl_parse_ext(msg, tb, REGCORE_OP_PREVIEW, why_policy, "preview",
			    st);
	if (r <= 0)
		return r;
	memset(&p, 0, sizeof(p));
	r = preview_fill(tb, &p, st);
	if (r) {
		regnl_preview_free(&p);
		return r;
	}
	*out = p;
	return 1;
}

struct preview_ctx {
	struct regnl_preview *out;
	bool got;
};

static int on_preview(struct nl_msg *msg, void *arg, struct regnl_status *st)
{
	struct preview_ctx *c = arg;
	struct regnl_preview p;
	int r = regnl_parse_preview(msg, &p, st);

	if (r <= 0)
		return r;
	if (c->got)
		regnl_preview_free(c->out);
	*c->out = p;
	c->got = true;
	return 0;
}

int regnl_preview(struct regnl *nl, uint32_t wiphy, const char *alpha2,
		  const struct regdom *rd, bool cell_base,
		  struct regnl_preview *out, struct regnl_status *st)
{
	struct preview_ctx c = { .out = out };
	struct nl_msg *msg;
	int r;

	memset(out, 0, sizeof(*out));
	r = regnl_build_preview(&msg, regnl_family_id(nl), wiphy, alpha2, rd,
				cell_base, st);
	if (r)
		return r;
	r = regnl_transact_free(nl, msg, on_preview, &c, st);
	if (r) {
		regnl_preview_free(out);
		return r;
	}
	if (!c.got)
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "regcore sent no answer");
	return 0;
}
