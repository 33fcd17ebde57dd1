// SPDX-License-Identifier: GPL-2.0
/*
 * domain.c - a regulatory domain on the wire: NL80211_CMD_SET_REG built
 * from a struct regdom, NL80211_CMD_REQ_SET_REG, NL80211_CMD_GET_REG
 * answers parsed back into struct regdom, and NL80211_CMD_RELOAD_REGDB,
 * which has the domain in force re-derived from a re-read database.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>

#include "internal.h"

/* Bytes one rule takes: the nest header and seven u32 attributes. */
#define RULE_SIZE (NLA_HDRLEN + 7 * NLA_ALIGN(NLA_HDRLEN + 4))

/*
 * A rule's flags as fam takes them. Kernels before the NO-IR merge read
 * bit 7 as passive scan and bit 8 as no IBSS; the legacy agent sends both
 * for every NO-IR rule, and cfg80211 hands back what it was given.
 */
static uint32_t wire_flags(enum regnl_family fam, uint32_t flags)
{
	if (fam == REGNL_FAMILY_NL80211 && (flags & NL80211_RRF_NO_IR_ALL))
		flags |= NL80211_RRF_NO_IR_ALL;
	return flags;
}

int regnl_put_domain(struct nl_msg *msg, enum regnl_family fam,
		     const struct regdom *rd)
{
	struct nlattr *rules, *nest;
	unsigned int i;

	if (nla_put_string(msg, NL80211_ATTR_REG_ALPHA2, rd->alpha2) ||
	    nla_put_u8(msg, NL80211_ATTR_DFS_REGION, rd->dfs_region))
		return -1;
	/* libnl drops empty nests; a domain without rules still says so */
	if (!rd->n_rules)
		return nla_put(msg, NL80211_ATTR_REG_RULES | NLA_F_NESTED, 0,
			       NULL) ? -1 : 0;
	rules = nla_nest_start(msg, NL80211_ATTR_REG_RULES | NLA_F_NESTED);
	if (!rules)
		return -1;
	for (i = 0; i < rd->n_rules; i++) {
		const struct regdom_rule *r = &rd->rules[i];

		nest = nla_nest_start(msg, (i + 1) | NLA_F_NESTED);
		if (!nest ||
		    nla_put_u32(msg, NL80211_ATTR_REG_RULE_FLAGS,
				wire_flags(fam, r->flags)) ||
		    nla_put_u32(msg, NL80211_ATTR_FREQ_RANGE_START,
				r->start_khz) ||
		    nla_put_u32(msg, NL80211_ATTR_FREQ_RANGE_END,
				r->end_khz) ||
		    nla_put_u32(msg, NL80211_ATTR_FREQ_RANGE_MAX_BW,
				r->max_bw_khz) ||
		    nla_put_u32(msg, NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN,
				r->max_ant_gain_mbi) ||
		    nla_put_u32(msg, NL80211_ATTR_POWER_RULE_MAX_EIRP,
				r->max_eirp_mbm) ||
		    nla_put_u32(msg, NL80211_ATTR_DFS_CAC_TIME,
				r->dfs_cac_ms))
			return -1;
		nla_nest_end(msg, nest);
	}
	nla_nest_end(msg, rules);
	return 0;
}

int regnl_build_set_reg(struct nl_msg **out, int family_id,
			enum regnl_family fam, const struct regdom *rd,
			struct regnl_status *st)
{
	struct nl_msg *msg;

	regnl_st_clear(st);
	*out = NULL;
	if (!rd || (rd->n_rules && !rd->rules) ||
	    strnlen(rd->alpha2, sizeof(rd->alpha2)) != 2)
		return regnl_fail(st, REGNL_E_INVAL, -EINVAL,
				  "a domain needs a two-character alpha2 and its rules");
	if (rd->n_rules > (1u << 20) / RULE_SIZE)
		return regnl_fail(st, REGNL_E_NOMEM, -EMSGSIZE,
				  "%u rules do not fit in one message",
				  rd->n_rules);
	msg = regnl_msg_new(family_id, NL80211_CMD_SET_REG, 0,
			    64 + (size_t)rd->n_rules * RULE_SIZE);
	if (!msg)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	if (regnl_put_domain(msg, fam, rd)) {
		nlmsg_free(msg);
		return regnl_fail(st, REGNL_E_NOMEM, -EMSGSIZE,
				  "the domain does not fit in the message");
	}
	*out = msg;
	return 0;
}

int regnl_build_req_set_reg(struct nl_msg **out, int family_id,
			    const char *alpha2, struct regnl_status *st)
{
	return regnl_build_req_set_reg_type(out, family_id, alpha2,
					    NL80211_USER_REG_HINT_USER, st);
}

int regnl_build_req_set_reg_type(struct nl_msg **out, int family_id,
				 const char *alpha2, uint32_t type,
				 struct regnl_status *st)
{
	struct nl_msg *msg;

	regnl_st_clear(st);
	*out = NULL;
	if (!regdom_alpha2_valid(alpha2))
		return regnl_fail(st, REGNL_E_INVAL, -EINVAL,
				  "not a valid ISO/IEC 3166-1 alpha2 (two upper-case letters, or 00 for world)");
	msg = regnl_msg_new(family_id, NL80211_CMD_REQ_SET_REG, 0, 32);
	/* a plain user hint carries no type, as iw sends it */
	if (!msg || nla_put_string(msg, NL80211_ATTR_REG_ALPHA2, alpha2) ||
	    (type != NL80211_USER_REG_HINT_USER &&
	     nla_put_u32(msg, NL80211_ATTR_USER_REG_HINT_TYPE, type))) {
		nlmsg_free(msg);
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	}
	*out = msg;
	return 0;
}

int regnl_build_req_indoor(struct nl_msg **out, int family_id, bool indoor,
			   bool own, struct regnl_status *st)
{
	struct nl_msg *msg;

	regnl_st_clear(st);
	*out = NULL;
	if (!indoor && !own)
		return regnl_fail(st, REGNL_E_INVAL, -EINVAL,
				  "an indoor hint without a socket owner always says indoors");
	msg = regnl_msg_new(family_id, NL80211_CMD_REQ_SET_REG, 0, 32);
	if (!msg || nla_put_u32(msg, NL80211_ATTR_USER_REG_HINT_TYPE,
				NL80211_USER_REG_HINT_INDOOR) ||
	    (own && nla_put_flag(msg, NL80211_ATTR_SOCKET_OWNER)) ||
	    (own && indoor && nla_put_flag(msg, NL80211_ATTR_REG_INDOOR))) {
		nlmsg_free(msg);
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	}
	*out = msg;
	return 0;
}

void regnl_domain_free(struct regnl_domain *d)
{
	if (!d)
		return;
	free(d->rd.rules);
	free(d->rule_has_cac);
	memset(d, 0, sizeof(*d));
}

void regnl_domain_list_free(struct regnl_domain_list *l)
{
	size_t i;

	for (i = 0; i < l->n; i++)
		regnl_domain_free(&l->v[i]);
	free(l->v);
	l->n = 0;
	l->v = NULL;
}

static const struct regnl_policy rule_policy[NL80211_REG_RULE_ATTR_MAX + 1] = {
	[NL80211_ATTR_REG_RULE_FLAGS] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_FREQ_RANGE_START] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_FREQ_RANGE_END] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_FREQ_RANGE_MAX_BW] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_POWER_RULE_MAX_EIRP] = { REGNL_K_U32, 0, 0 },
	[NL80211_ATTR_DFS_CAC_TIME] = { REGNL_K_U32, 0, 0 },
};

/* The attributes every rule must carry, and what they are called. */
static const struct {
	int type;
	const char *what;
} rule_required[] = {
	{ NL80211_ATTR_REG_RULE_FLAGS, "flags" },
	{ NL80211_ATTR_FREQ_RANGE_START, "start frequency" },
	{ NL80211_ATTR_FREQ_RANGE_END, "end frequency" },
	{ NL80211_ATTR_FREQ_RANGE_MAX_BW, "maximum bandwidth" },
	{ NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN, "maximum antenna gain" },
	{ NL80211_ATTR_POWER_RULE_MAX_EIRP, "maximum EIRP" },
};

static int parse_rule(struct nlattr *nest, unsigned int idx,
		      struct regdom_rule *r, bool *has_cac,
		      struct regnl_status *st)
{
	struct nlattr *tb[NL80211_REG_RULE_ATTR_MAX + 1];
	size_t i;

	if (regnl_parse_nested(tb, NL80211_REG_RULE_ATTR_MAX, nest,
			       rule_policy, "rule", st))
		return -EBADMSG;
	for (i = 0; i < REGNL_ARRAY_SIZE(rule_required); i++)
		if (!tb[rule_required[i].type])
			return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
					  "malformed message: rule %u has no %s",
					  idx + 1, rule_required[i].what);
	memset(r, 0, sizeof(*r));
	r->flags = nla_get_u32(tb[NL80211_ATTR_REG_RULE_FLAGS]);
	r->start_khz = nla_get_u32(tb[NL80211_ATTR_FREQ_RANGE_START]);
	r->end_khz = nla_get_u32(tb[NL80211_ATTR_FREQ_RANGE_END]);
	r->max_bw_khz = nla_get_u32(tb[NL80211_ATTR_FREQ_RANGE_MAX_BW]);
	r->max_ant_gain_mbi =
		nla_get_u32(tb[NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN]);
	r->max_eirp_mbm = nla_get_u32(tb[NL80211_ATTR_POWER_RULE_MAX_EIRP]);
	*has_cac = tb[NL80211_ATTR_DFS_CAC_TIME] != NULL;
	if (*has_cac)
		r->dfs_cac_ms = nla_get_u32(tb[NL80211_ATTR_DFS_CAC_TIME]);
	return 0;
}

static int parse_rules(struct nlattr *rules, struct regnl_domain *d,
		       struct regnl_status *st)
{
	struct nlattr *nest;
	unsigned int n = 0;
	int rem;

	nla_for_each_nested(nest, rules, rem)
		n++;
	if (!n)
		return 0;
	d->rd.rules = calloc(n, sizeof(*d->rd.rules));
	d->rule_has_cac = calloc(n, sizeof(*d->rule_has_cac));
	if (!d->rd.rules || !d->rule_has_cac)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	nla_for_each_nested(nest, rules, rem) {
		unsigned int i = d->rd.n_rules;

		if (parse_rule(nest, i, &d->rd.rules[i], &d->rule_has_cac[i],
			       st))
			return -EBADMSG;
		d->rd.n_rules++;
	}
	return 0;
}

/* A domain's attributes, from a message's top level or a nest. */
static int domain_from_tb(struct nlattr **tb, struct regnl_domain *out,
			  struct regnl_status *st)
{
	struct regnl_domain d;
	int r;

	memset(&d, 0, sizeof(d));
	if (tb[NL80211_ATTR_REG_ALPHA2]) {
		d.has_alpha2 = true;
		regnl_get_alpha2(tb[NL80211_ATTR_REG_ALPHA2], d.rd.alpha2);
	}
	if (tb[NL80211_ATTR_DFS_REGION]) {
		d.has_dfs_region = true;
		d.rd.dfs_region = nla_get_u8(tb[NL80211_ATTR_DFS_REGION]);
	}
	if (tb[NL80211_ATTR_WIPHY]) {
		d.has_wiphy = true;
		d.wiphy = nla_get_u32(tb[NL80211_ATTR_WIPHY]);
	}
	d.self_managed = tb[NL80211_ATTR_WIPHY_SELF_MANAGED_REG] != NULL;
	if (tb[NL80211_ATTR_USER_REG_HINT_TYPE]) {
		d.has_user_hint_type = true;
		d.user_hint_type =
			nla_get_u32(tb[NL80211_ATTR_USER_REG_HINT_TYPE]);
	}
	d.indoor = tb[NL80211_ATTR_REG_INDOOR] != NULL;
	d.indoor_owned = d.indoor && tb[NL80211_ATTR_SOCKET_OWNER];
	if (tb[NL80211_ATTR_REG_RULES]) {
		d.has_rules = true;
		r = parse_rules(tb[NL80211_ATTR_REG_RULES], &d, st);
		if (r) {
			regnl_domain_free(&d);
			return r;
		}
	}
	*out = d;
	return 0;
}

int regnl_parse_domain(struct nl_msg *msg, struct regnl_domain *out,
		       struct regnl_status *st)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	int r;

	regnl_st_clear(st);
	memset(out, 0, sizeof(*out));
	r = regnl_parse_genl(msg, tb, NULL, st);
	return r ? r : domain_from_tb(tb, out, st);
}

int regnl_parse_domain_nest(struct nlattr *nest, struct regnl_domain *out,
			    struct regnl_status *st)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	int r;

	memset(out, 0, sizeof(*out));
	r = regnl_parse_nested_top(tb, nest, "domain", st);
	return r ? r : domain_from_tb(tb, out, st);
}

int regnl_set_reg(struct regnl *nl, const struct regdom *rd,
		  struct regnl_status *st)
{
	enum regnl_family fam = REGNL_FAMILY_REGCORE;
	struct nl_msg *msg;
	int r;

	/* a family opened by another name gets the rules as they are */
	regnl_family_parse(regnl_name(nl), &fam);
	r = regnl_build_set_reg(&msg, regnl_family_id(nl), fam, rd, st);
	return r ? r : regnl_transact_free(nl, msg, NULL, NULL, st);
}

int regnl_req_set_reg(struct regnl *nl, const char *alpha2,
		      struct regnl_status *st)
{
	return regnl_req_set_reg_type(nl, alpha2, NL80211_USER_REG_HINT_USER,
				      st);
}

int regnl_req_set_reg_type(struct regnl *nl, const char *alpha2,
			   uint32_t type, struct regnl_status *st)
{
	struct nl_msg *msg;
	int r;

	r = regnl_build_req_set_reg_type(&msg, regnl_family_id(nl), alpha2,
					 type, st);
	return r ? r : regnl_transact_free(nl, msg, NULL, NULL, st);
}

int regnl_req_indoor(struct regnl *nl, bool indoor, bool own,
		     struct regnl_status *st)
{
	struct nl_msg *msg;
	int r;

	r = regnl_build_req_indoor(&msg, regnl_family_id(nl), indoor, own, st);
	return r ? r : regnl_transact_free(nl, msg, NULL, NULL, st);
}

int regnl_reload_regdb(struct regnl *nl, struct regnl_status *st)
{
	regnl_st_clear(st);
	return regnl_transact_free(nl, regnl_msg_new(regnl_family_id(nl),
						     NL80211_CMD_RELOAD_REGDB,
						     0, 0),
				   NULL, NULL, st);
}

/* Each GET_REG reply (each part of the dump) is one domain. */
static int add_domain(struct nl_msg *msg, void *arg, struct regnl_status *st)
{
	struct regnl_domain_list *l = arg;
	struct regnl_domain *v;
	int r;

	v = regnl_grow(l->v, l->n, sizeof(*l->v));
	if (!v)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	l->v = v;
	r = regnl_parse_domain(msg, &l->v[l->n], st);
	if (r)
		return r;
	l->n++;
	return 0;
}

static int get_reg(struct regnl *nl, int flags, struct regnl_domain_list *out,
		   struct regnl_status *st)
{
	int r;

	r = regnl_transact_free(nl, regnl_msg_new(regnl_family_id(nl),
						  NL80211_CMD_GET_REG, flags, 0),
				add_domain, out, st);
	if (r)
		regnl_domain_list_free(out);
	return r;
}

int regnl_get_reg(struct regnl *nl, struct regnl_domain_list *out,
		  struct regnl_status *st)
{
	struct regnl_status local;
	int r;

	if (!st)
		st = &local;
	memset(out, 0, sizeof(*out));
	r = get_reg(nl, NLM_F_DUMP, out, st);
	/* Like iw: a family without the dump still answers the request. */
	if (r == -EOPNOTSUPP && st->kind == REGNL_E_KERNEL)
		r = get_reg(nl, 0, out, st);
	return r;
}
