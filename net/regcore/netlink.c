// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the generic netlink family "regcore".
 *
 * Commands and attributes are nl80211's, with nl80211's units, so one
 * message builder serves regcore and cfg80211 alike:
 *
 *   NL80211_CMD_GET_REG      the domain in force (doit), or it and every
 *                            radio's own domain (dumpit); anyone
 *   NL80211_CMD_SET_REG      userspace's answer to the pending request;
 *                            CAP_NET_ADMIN
 *   NL80211_CMD_REQ_SET_REG  a user hint (a user's, or a cellular base
 *                            station's); CAP_NET_ADMIN
 *   NL80211_CMD_RELOAD_REGDB read regulatory.db again (regdb=firmware or
 *                            auto), then ask again for the country in
 *                            force, from wherever regdb= says;
 *                            CAP_NET_ADMIN
 *   NL80211_CMD_GET_WIPHY    dump of the radios' channels, split like
 *                            nl80211's split dump; anyone
 *   NL80211_CMD_REG_CHANGE   multicast on "regulatory" after each change
 *   REGCORE_CMD_EXT          regcore's own requests (the decision
 *                            journal: dump, anyone, and multicast on
 *                            "journal"; where the next answer's rules
 *                            come from, and crda's "no rules":
 *                            CAP_NET_ADMIN; why a channel is as it is,
 *                            and what a user's country would change:
 *                            anyone), in an attribute space of their own
 *                            (uapi regcore.h)
 *
 * Every message is parsed strictly: unknown attributes, wrong lengths,
 * nests without NLA_F_NESTED and trailing data are refused by the policy
 * before any handler runs. The family is not parallel: handlers run one
 * at a time under genl_mutex, and unregistering the family waits for the
 * one running.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/jiffies.h>
#include <net/genetlink.h>
#include <uapi/linux/regcore.h>

#include "compat.h"
#include "core.h"

static const struct nla_policy regcore_rule_policy[NL80211_REG_RULE_ATTR_MAX + 1] = {
	[NL80211_ATTR_REG_RULE_FLAGS]		= { .type = NLA_U32 },
	[NL80211_ATTR_FREQ_RANGE_START]		= { .type = NLA_U32 },
	[NL80211_ATTR_FREQ_RANGE_END]		= { .type = NLA_U32 },
	[NL80211_ATTR_FREQ_RANGE_MAX_BW]	= { .type = NLA_U32 },
	[NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN]	= { .type = NLA_U32 },
	[NL80211_ATTR_POWER_RULE_MAX_EIRP]	= { .type = NLA_U32 },
	[NL80211_ATTR_DFS_CAC_TIME]		= { .type = NLA_U32 },
};

static const struct nla_policy regcore_policy[NL80211_ATTR_REG_INDOOR + 1] = {
	[NL80211_ATTR_WIPHY]		= { .type = NLA_U32 },
	[NL80211_ATTR_REG_ALPHA2]	= NLA_POLICY_RANGE(NLA_BINARY, 2, 3),
	[NL80211_ATTR_REG_RULES]	=
		NLA_POLICY_NESTED_ARRAY(regcore_rule_policy),
	[NL80211_ATTR_DFS_REGION]	= { .type = NLA_U8 },
	[NL80211_ATTR_USER_REG_HINT_TYPE] = { .type = NLA_U32 },
	[NL80211_ATTR_SPLIT_WIPHY_DUMP]	= { .type = NLA_FLAG },
	[NL80211_ATTR_SOCKET_OWNER]	= { .type = NLA_FLAG },
	[NL80211_ATTR_REG_INDOOR]	= { .type = NLA_FLAG },
};

/* REGCORE_CMD_EXT's attributes: regcore's own space (uapi regcore.h). */
static const struct nla_policy regcore_ext_policy[REGCORE_ATTR_MAX + 1] = {
	[REGCORE_ATTR_OP]	= NLA_POLICY_RANGE(NLA_U8, REGCORE_OP_JOURNAL,
						   REGCORE_OP_MAX),
	[REGCORE_ATTR_SEQ]	= { .type = NLA_U64 },
	[REGCORE_ATTR_ALPHA2]	= NLA_POLICY_RANGE(NLA_BINARY, 2, 3),
	[REGCORE_ATTR_DB_FILE]	= { .type = NLA_NUL_STRING, .len = 255 },
	[REGCORE_ATTR_DB_SHA256] = NLA_POLICY_EXACT_LEN(32),
	[REGCORE_ATTR_DB_SIGNER] = { .type = NLA_NUL_STRING, .len = 255 },
	[REGCORE_ATTR_DB_VERSION] = NLA_POLICY_RANGE(NLA_U8, 19, 20),
	[REGCORE_ATTR_WIPHY]	= { .type = NLA_U32 },
	[REGCORE_ATTR_FREQ_KHZ]	= { .type = NLA_U32 },
	[REGCORE_ATTR_WHY_DOMAIN] = { .type = NLA_NESTED },
	[REGCORE_ATTR_WHY_HINT_TYPE] =
		NLA_POLICY_MAX(NLA_U8, NL80211_USER_REG_HINT_CELL_BASE),
};

enum regcore_mcgrps {
	REGCORE_MCGRP_REG, REGCORE_MCGRP_MLME_ID, REGCORE_MCGRP_JOURNAL_ID
};

static const struct genl_multicast_group regcore_mcgrps[] = {
	[REGCORE_MCGRP_REG] = { .name = REGCORE_MCGRP_REGULATORY },
	[REGCORE_MCGRP_MLME_ID] = { .name = REGCORE_MCGRP_MLME },
	[REGCORE_MCGRP_JOURNAL_ID] = { .name = REGCORE_MCGRP_JOURNAL },
};

/* Where the next SET_REG's rules come from, as REGCORE_OP_SOURCE said:
 * taken by a SET_REG from the same socket for the same country, dropped
 * by any other SET_REG and when the offering socket closes (so that a
 * later socket with the same port cannot inherit it). Protected by
 * regcore_offered_lock: the handlers run one at a time (genl_mutex), but
 * the socket's release comes from elsewhere. Nothing is taken under it.
 */
static DEFINE_SPINLOCK(regcore_offered_lock);
static struct {
	u32 portid;
	char alpha2[2];
	struct regcore_origin *origin;
} regcore_offered;

/* The offered origin for a SET_REG from @portid for @alpha2 (NULL: a
 * refused one), or NULL; the offer is gone either way.
 */
static struct regcore_origin *regcore_nl_take_origin(u32 portid,
						     const char *alpha2)
{
	struct regcore_origin *origin;

	spin_lock(&regcore_offered_lock);
	origin = regcore_offered.origin;
	regcore_offered.origin = NULL;
	if (origin && (!alpha2 || portid != regcore_offered.portid ||
		       !regcore_alpha2_equal(alpha2, regcore_offered.alpha2))) {
		regcore_origin_put(origin);
		origin = NULL;
	}
	spin_unlock(&regcore_offered_lock);
	return origin;
}

/* A netlink socket was released: an offer it made goes with it. */
static int regcore_nl_release(struct notifier_block *nb, unsigned long event,
			      void *ptr)
{
	const struct netlink_notify *n = ptr;
	struct regcore_origin *origin = NULL;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC ||
	    !net_eq(n->net, &init_net) || !n->portid)
		return NOTIFY_DONE;
	spin_lock(&regcore_offered_lock);
	if (regcore_offered.origin && regcore_offered.portid == n->portid) {
		origin = regcore_offered.origin;
		regcore_offered.origin = NULL;
	}
	spin_unlock(&regcore_offered_lock);
	regcore_origin_put(origin);
	return NOTIFY_OK;
}

static struct notifier_block regcore_nl_notifier = {
	.notifier_call = regcore_nl_release,
};

static struct genl_family regcore_family;

/* Read an alpha2 attribute: two characters, optionally NUL terminated. */
static int regcore_nl_alpha2_attr(const struct nlattr *attr, char *alpha2,
				  struct netlink_ext_ack *extack)
{
	const char *data = nla_data(attr);

	if (nla_len(attr) == 3 && data[2]) {
		NL_SET_ERR_MSG_ATTR(extack, attr,
				    "alpha2 must be two characters");
		return -EINVAL;
	}
	alpha2[0] = data[0];
	alpha2[1] = data[1];
	alpha2[2] = '\0';
	return 0;
}

static int regcore_nl_alpha2(struct genl_info *info, char *alpha2)
{
	return regcore_nl_alpha2_attr(info->attrs[NL80211_ATTR_REG_ALPHA2],
				      alpha2, info->extack);
}

static int regcore_nl_put_regdom(struct sk_buff *msg,
				 const struct regcore_regdomain *rd)
{
	struct nlattr *rules, *nest;
	u32 i;

	if (nla_put_string(msg, NL80211_ATTR_REG_ALPHA2, rd->alpha2) ||
	    (rd->dfs_region &&
	     nla_put_u8(msg, NL80211_ATTR_DFS_REGION, rd->dfs_region)))
		return -EMSGSIZE;

	rules = nla_nest_start(msg, NL80211_ATTR_REG_RULES);
	if (!rules)
		return -EMSGSIZE;
	for (i = 0; i < rd->n_reg_rules; i++) {
		const struct regcore_reg_rule *rule = &rd->reg_rules[i];
		u32 bw = rule->freq_range.max_bandwidth_khz;

		if (!bw)
			bw = regcore_rule_max_bandwidth(rd, rule);
		nest = nla_nest_start(msg, i);
		if (!nest ||
		    nla_put_u32(msg, NL80211_ATTR_REG_RULE_FLAGS, rule->flags) ||
		    nla_put_u32(msg, NL80211_ATTR_FREQ_RANGE_START,
				rule->freq_range.start_freq_khz) ||
		    nla_put_u32(msg, NL80211_ATTR_FREQ_RANGE_END,
				rule->freq_range.end_freq_khz) ||
		    nla_put_u32(msg, NL80211_ATTR_FREQ_RANGE_MAX_BW, bw) ||
		    nla_put_u32(msg, NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN,
				rule->power_rule.max_antenna_gain) ||
		    nla_put_u32(msg, NL80211_ATTR_POWER_RULE_MAX_EIRP,
				rule->power_rule.max_eirp) ||
		    nla_put_u32(msg, NL80211_ATTR_DFS_CAC_TIME,
				rule->dfs_cac_ms))
			return -EMSGSIZE;
		/* As nl80211: a PSD rule says its value (always 0 here). */
		if ((rule->flags & REGCORE_RRF_PSD) &&
		    nla_put_s8(msg, REGCORE_ATTR_POWER_RULE_PSD, 0))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	nla_nest_end(msg, rules);
	return 0;
}

/* The size of what regcore_nl_put_regdom() writes for @rd, and the radio
 * or what regcore_nl_put_in_force() writes.
 */
static size_t regcore_nl_regdom_size(const struct regcore_regdomain *rd)
{
	size_t rule = nla_total_size(0) + 7 * nla_total_size(sizeof(u32)) +
		      nla_total_size(sizeof(s8));

	return nla_total_size(sizeof(rd->alpha2)) + nla_total_size(sizeof(u8)) +
	       2 * nla_total_size(sizeof(u32)) + 3 * nla_total_size(0) +
	       rd->n_reg_rules * rule;
}

/* What the domain in force says besides its rules, unless a radio was
 * asked for (@radio_asked; a dump's radio entries, or a doit naming a
 * radio even without a domain of its own):
 *  - under a cellular base station's country,
 *    NL80211_ATTR_USER_REG_HINT_TYPE, as nl80211's GET_REG;
 *  - while the device operates indoors, NL80211_ATTR_REG_INDOOR, and
 *    NL80211_ATTR_SOCKET_OWNER when a socket owns the setting: regcore's
 *    own (nl80211 reports the indoor setting nowhere).
 * Context: regcore_mutex held.
 */
static int regcore_nl_put_in_force(struct sk_buff *msg, bool radio_asked)
{
	u32 owner;

	if (radio_asked)
		return 0;
	if (regcore_last_is_cell_base() &&
	    nla_put_u32(msg, NL80211_ATTR_USER_REG_HINT_TYPE,
			NL80211_USER_REG_HINT_CELL_BASE))
		return -EMSGSIZE;
	if (regcore_indoor_get(&owner) &&
	    (nla_put_flag(msg, NL80211_ATTR_REG_INDOOR) ||
	     (owner && nla_put_flag(msg, NL80211_ATTR_SOCKET_OWNER))))
		return -EMSGSIZE;
	return 0;
}

/* NL80211_ATTR_WIPHY_SELF_MANAGED_REG for a self-managed radio. */
static int regcore_nl_put_self_managed(struct sk_buff *msg,
				       const struct regcore_wiphy *wiphy)
{
	if (!wiphy ||
	    !(wiphy->regulatory_flags & REGCORE_REG_WIPHY_SELF_MANAGED))
		return 0;
	return nla_put_flag(msg, NL80211_ATTR_WIPHY_SELF_MANAGED_REG);
}

/* GET_REG: a radio's own domain when asked for a radio that has one.
 * As nl80211's doit, without NL80211_ATTR_WIPHY_SELF_MANAGED_REG (only
 * the dump, GET_WIPHY and the change events carry it). The
 * reply is sized from the domain: 128 rules do not fit a default message.
 */
static int regcore_nl_get_reg(struct sk_buff *skb, struct genl_info *info)
{
	const struct regcore_regdomain *rd = NULL;
	struct regcore_wiphy *wiphy = NULL;
	struct sk_buff *msg = NULL;
	void *hdr;
	int err = -EMSGSIZE;

	mutex_lock(&regcore_mutex);
	if (info->attrs[NL80211_ATTR_WIPHY]) {
		wiphy = regcore_wiphy_by_idx(nla_get_u32(info->attrs[NL80211_ATTR_WIPHY]));
		if (!wiphy) {
			NL_SET_ERR_MSG_ATTR(info->extack,
					    info->attrs[NL80211_ATTR_WIPHY],
					    "no such radio");
			err = -ENODEV;
			goto out_unlock;
		}
		rd = regcore_wiphy_regd(wiphy);
		if (!rd && (wiphy->regulatory_flags &
			    REGCORE_REG_WIPHY_SELF_MANAGED)) {
			/* It does not follow the domain in force either. */
			NL_SET_ERR_MSG_ATTR(info->extack,
					    info->attrs[NL80211_ATTR_WIPHY],
					    "the self-managed radio has not given its domain yet");
			err = -ENODATA;
			goto out_unlock;
		}
	}
	if (!rd) {
		/* No radio asked for, or one without its own domain. */
		wiphy = NULL;
		rd = regcore_current_regdom();
	}

	msg = genlmsg_new(regcore_nl_regdom_size(rd), GFP_KERNEL);
	if (!msg) {
		err = -ENOMEM;
		goto out_unlock;
	}
	hdr = genlmsg_put_reply(msg, info, &regcore_family, 0,
				NL80211_CMD_GET_REG);
	if (!hdr ||
	    (wiphy && nla_put_u32(msg, NL80211_ATTR_WIPHY, wiphy->idx)) ||
	    regcore_nl_put_in_force(msg, !!info->attrs[NL80211_ATTR_WIPHY]) ||
	    regcore_nl_put_regdom(msg, rd))
		goto out_unlock;
	mutex_unlock(&regcore_mutex);

	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);

out_unlock:
	mutex_unlock(&regcore_mutex);
	nlmsg_free(msg);
	return err;
}

static int regcore_nl_send_regdom(struct sk_buff *skb,
				  struct netlink_callback *cb,
				  const struct regcore_wiphy *wiphy,
				  const struct regcore_regdomain *rd)
{
	void *hdr;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &regcore_family, NLM_F_MULTI, NL80211_CMD_GET_REG);
	if (!hdr)
		return -EMSGSIZE;
	genl_dump_check_consistent(cb, hdr);
	if (regcore_nl_put_regdom(skb, rd) ||
	    regcore_nl_put_in_force(skb, !!wiphy) ||
	    (wiphy && nla_put_u32(skb, NL80211_ATTR_WIPHY, wiphy->idx)) ||
	    regcore_nl_put_self_managed(skb, wiphy)) {
		genlmsg_cancel(skb, hdr);
		return -EMSGSIZE;
	}
	genlmsg_end(skb, hdr);
	return 0;
}

/* GET_REG dump: the domain in force, then each radio's own domain.
 * cb->args[0] counts the messages already sent.
 */
static int regcore_nl_dump_reg(struct sk_buff *skb, struct netlink_callback *cb)
{
	struct regcore_wiphy *wiphy;
	long pos = 0;
	int err = 0;

	mutex_lock(&regcore_mutex);
	cb->seq = regcore_wiphys_generation;
	if (cb->args[0] == pos) {
		err = regcore_nl_send_regdom(skb, cb, NULL,
					     regcore_current_regdom());
		if (err)
			goto out;
		cb->args[0]++;
	}
	pos++;
	list_for_each_entry(wiphy, &regcore_wiphys, list) {
		const struct regcore_regdomain *own = regcore_wiphy_regd(wiphy);

		if (!own)
			continue;
		if (pos++ < cb->args[0])
			continue;
		err = regcore_nl_send_regdom(skb, cb, wiphy, own);
		if (err)
			goto out;
		cb->args[0]++;
	}
out:
	mutex_unlock(&regcore_mutex);
	/* A message that does not fit an empty buffer never will. */
	if (err && !skb->len)
		return err;
	return skb->len;
}

static int regcore_nl_parse_rule(struct nlattr *nest,
				 struct regcore_reg_rule *rule,
				 struct netlink_ext_ack *extack)
{
	static const int required[] = {
		NL80211_ATTR_REG_RULE_FLAGS, NL80211_ATTR_FREQ_RANGE_START,
		NL80211_ATTR_FREQ_RANGE_END, NL80211_ATTR_FREQ_RANGE_MAX_BW,
		NL80211_ATTR_POWER_RULE_MAX_EIRP,
	};
	struct nlattr *tb[NL80211_REG_RULE_ATTR_MAX + 1];
	unsigned int i;
	int err;

	err = nla_parse_nested(tb, NL80211_REG_RULE_ATTR_MAX, nest,
			       regcore_rule_policy, extack);
	if (err)
		return err;
	for (i = 0; i < ARRAY_SIZE(required); i++) {
		if (!tb[required[i]]) {
			NL_SET_ERR_ATTR_MISS(extack, nest, required[i]);
			NL_SET_ERR_MSG_MOD(extack,
					   "a rule needs flags, start, end, bandwidth and EIRP");
			return -EINVAL;
		}
	}
	rule->flags = nla_get_u32(tb[NL80211_ATTR_REG_RULE_FLAGS]);
	rule->freq_range.start_freq_khz =
		nla_get_u32(tb[NL80211_ATTR_FREQ_RANGE_START]);
	rule->freq_range.end_freq_khz =
		nla_get_u32(tb[NL80211_ATTR_FREQ_RANGE_END]);
	rule->freq_range.max_bandwidth_khz =
		nla_get_u32(tb[NL80211_ATTR_FREQ_RANGE_MAX_BW]);
	rule->power_rule.max_eirp =
		nla_get_u32(tb[NL80211_ATTR_POWER_RULE_MAX_EIRP]);
	if (tb[NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN])
		rule->power_rule.max_antenna_gain =
			nla_get_u32(tb[NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN]);
	if (tb[NL80211_ATTR_DFS_CAC_TIME])
		rule->dfs_cac_ms = nla_get_u32(tb[NL80211_ATTR_DFS_CAC_TIME]);
	return 0;
}

/* SET_REG: parse, validate in full, then hand to the hint state machine,
 * which installs it only as the answer to the pending request. Nothing
 * changes unless every check passes.
 */
/* A domain as SET_REG carries it (@attrs: NL80211_ATTR_*), parsed and
 * validated, or an ERR_PTR.
 */
static struct regcore_regdomain *
regcore_nl_parse_domain(struct nlattr **attrs, struct netlink_ext_ack *extack)
{
	struct regcore_regdomain *rd;
	struct nlattr *nest;
	char alpha2[3];
	int rem, err, n = 0;
	u32 i = 0;

	if (!attrs[NL80211_ATTR_REG_ALPHA2] || !attrs[NL80211_ATTR_REG_RULES]) {
		NL_SET_ERR_MSG_MOD(extack, "a domain needs an alpha2 and rules");
		return ERR_PTR(-EINVAL);
	}
	err = regcore_nl_alpha2_attr(attrs[NL80211_ATTR_REG_ALPHA2], alpha2,
				     extack);
	if (err)
		return ERR_PTR(err);

	nla_for_each_nested(nest, attrs[NL80211_ATTR_REG_RULES], rem)
		n++;
	if (!n || n > NL80211_MAX_SUPP_REG_RULES) {
		NL_SET_ERR_MSG_ATTR(extack, attrs[NL80211_ATTR_REG_RULES],
				    "a domain needs 1 to 128 rules");
		return ERR_PTR(-EINVAL);
	}

	rd = regcore_regdom_alloc(n);
	if (!rd)
		return ERR_PTR(-ENOMEM);
	memcpy(rd->alpha2, alpha2, sizeof(alpha2));
	if (attrs[NL80211_ATTR_DFS_REGION])
		rd->dfs_region = nla_get_u8(attrs[NL80211_ATTR_DFS_REGION]);

	nla_for_each_nested(nest, attrs[NL80211_ATTR_REG_RULES], rem) {
		err = regcore_nl_parse_rule(nest, &rd->reg_rules[i++], extack);
		if (err)
			goto out_free;
	}
	err = regcore_regdom_validate(rd, extack);
	if (err)
		goto out_free;
	return rd;

out_free:
	kfree(rd);
	return ERR_PTR(err);
}

static int regcore_nl_set_reg(struct sk_buff *skb, struct genl_info *info)
{
	struct regcore_regdomain *rd = ERR_PTR(-EINVAL);
	struct regcore_origin *origin;

	if (!GENL_REQ_ATTR_CHECK(info, NL80211_ATTR_REG_ALPHA2) &&
	    !GENL_REQ_ATTR_CHECK(info, NL80211_ATTR_REG_RULES))
		rd = regcore_nl_parse_domain(info->attrs, info->extack);

	/* every SET_REG takes the offered origin, or drops it */
	origin = regcore_nl_take_origin(info->snd_portid,
					IS_ERR(rd) ? NULL : rd->alpha2);
	if (IS_ERR(rd))
		return PTR_ERR(rd);
	/* regcore_set_regdom() owns rd and origin from here on. */
	return regcore_set_regdom(rd, origin, info->extack);
}

/* REQ_SET_REG, of type indoor: as nl80211_req_set_reg(), with
 * NL80211_ATTR_SOCKET_OWNER the sender's socket may own the setting and
 * NL80211_ATTR_REG_INDOOR says whether the device is indoors; without
 * it, the device is indoors and nobody owns the setting (indoor.c).
 */
static int regcore_nl_req_indoor(struct genl_info *info)
{
	if (info->attrs[NL80211_ATTR_SOCKET_OWNER])
		regcore_indoor_hint(!!info->attrs[NL80211_ATTR_REG_INDOOR],
				    info->snd_portid);
	else
		regcore_indoor_hint(true, 0);
	return 0;
}

/* REQ_SET_REG: a user hint, a cellular base station's (taken as cfg80211
 * takes it: accepted, then decided by the hint worker), or the indoor
 * setting; other types are refused as nl80211 refuses them.
 */
static int regcore_nl_req_set_reg(struct sk_buff *skb, struct genl_info *info)
{
	struct nlattr *type_attr = info->attrs[NL80211_ATTR_USER_REG_HINT_TYPE];
	u32 type = NL80211_USER_REG_HINT_USER;
	char alpha2[3];
	int err;

	if (type_attr)
		type = nla_get_u32(type_attr);
	if (type == NL80211_USER_REG_HINT_INDOOR)
		return regcore_nl_req_indoor(info);
	if (type != NL80211_USER_REG_HINT_USER &&
	    type != NL80211_USER_REG_HINT_CELL_BASE) {
		NL_SET_ERR_MSG_ATTR(info->extack, type_attr,
				    "unknown user hint type");
		return -EINVAL;
	}
	if (GENL_REQ_ATTR_CHECK(info, NL80211_ATTR_REG_ALPHA2))
		return -EINVAL;
	err = regcore_nl_alpha2(info, alpha2);
	if (err)
		return err;
	err = regcore_hint_user(alpha2, type == NL80211_USER_REG_HINT_CELL_BASE,
				info->snd_portid);
	if (err == -EINVAL)
		NL_SET_ERR_MSG_ATTR(info->extack,
				    info->attrs[NL80211_ATTR_REG_ALPHA2],
				    "alpha2 must be two letters or 00");
	else if (err == -EBUSY)
		NL_SET_ERR_MSG_MOD(info->extack,
				   "too many regulatory hints are waiting; try again later");
	return err;
}

/* RELOAD_REGDB: as cfg80211's: read the database again and re-apply the
 * country in force. A refused file changes nothing.
 */
static int regcore_nl_reload_regdb(struct sk_buff *skb, struct genl_info *info)
{
	int err;

	if (regcore_rules_source() != REGCORE_SOURCE_CRDA) {
		err = regcore_regdb_reload(info->extack);
		if (err)
			return err;
	}
	err = regcore_hint_reload();
	if (err == -EBUSY)
		NL_SET_ERR_MSG_MOD(info->extack,
				   "too many hints are waiting; try again later");
	else if (err)
		NL_SET_ERR_MSG_MOD(info->extack,
				   "the country in force could not be asked for again");
	return err;
}

/* A channel's WMM limits, as nl80211 reports them: the client values of
 * each access category, nested by index under NL80211_FREQUENCY_ATTR_WMM.
 */
static int regcore_nl_put_wmm(struct sk_buff *msg,
			      const struct regcore_wmm_rule *wmm)
{
	struct nlattr *rules, *ac;
	int i;

	rules = nla_nest_start_noflag(msg, NL80211_FREQUENCY_ATTR_WMM);
	if (!rules)
		return -EMSGSIZE;
	for (i = 0; i < REGCORE_NUM_ACS; i++) {
		ac = nla_nest_start_noflag(msg, i);
		if (!ac ||
		    nla_put_u16(msg, NL80211_WMMR_CW_MIN, wmm->client[i].cw_min) ||
		    nla_put_u16(msg, NL80211_WMMR_CW_MAX, wmm->client[i].cw_max) ||
		    nla_put_u8(msg, NL80211_WMMR_AIFSN, wmm->client[i].aifsn) ||
		    nla_put_u16(msg, NL80211_WMMR_TXOP, wmm->client[i].cot))
			return -EMSGSIZE;
		nla_nest_end(msg, ac);
	}
	nla_nest_end(msg, rules);
	return 0;
}

/* One channel of a radio whose channels follow @rules. @large: all of it,
 * as GET_WIPHY reports it; else what nl80211 puts in its notifications
 * (frequency, PSD, DISABLED, NO_IR, RADAR, power), and nothing at all for
 * a channel where 10 or 20 MHz do not fit or with a kHz offset (nl80211
 * keeps those from old tools). @rules may be NULL when not @large. The
 * WMM lookup is in whole MHz, the offset left out, as nl80211's.
 */
static int regcore_nl_put_channel(struct sk_buff *msg,
				  const struct regcore_channel *chan,
				  const struct regcore_regdomain *rules,
				  bool large)
{
	const struct regcore_reg_rule *rule;

	static const struct {
		u32 flag;
		int attr;
		bool small;	/* also in a notification */
	} flags[] = {
		{ REGCORE_CHAN_DISABLED, NL80211_FREQUENCY_ATTR_DISABLED, true },
		{ REGCORE_CHAN_NO_IR, NL80211_FREQUENCY_ATTR_NO_IR, true },
		{ REGCORE_CHAN_NO_IR, __NL80211_FREQUENCY_ATTR_NO_IBSS, true },
		{ REGCORE_CHAN_RADAR, NL80211_FREQUENCY_ATTR_RADAR, true },
		{ REGCORE_CHAN_NO_HT40MINUS, NL80211_FREQUENCY_ATTR_NO_HT40_MINUS },
		{ REGCORE_CHAN_NO_HT40PLUS, NL80211_FREQUENCY_ATTR_NO_HT40_PLUS },
		{ REGCORE_CHAN_NO_80MHZ, NL80211_FREQUENCY_ATTR_NO_80MHZ },
		{ REGCORE_CHAN_NO_160MHZ, NL80211_FREQUENCY_ATTR_NO_160MHZ },
		{ REGCORE_CHAN_INDOOR_ONLY, NL80211_FREQUENCY_ATTR_INDOOR_ONLY },
		{ REGCORE_CHAN_IR_CONCURRENT, NL80211_FREQUENCY_ATTR_IR_CONCURRENT },
		{ REGCORE_CHAN_NO_20MHZ, NL80211_FREQUENCY_ATTR_NO_20MHZ },
		{ REGCORE_CHAN_NO_10MHZ, NL80211_FREQUENCY_ATTR_NO_10MHZ },
		{ REGCORE_CHAN_NO_HE, NL80211_FREQUENCY_ATTR_NO_HE },
		{ REGCORE_CHAN_1MHZ, NL80211_FREQUENCY_ATTR_1MHZ },
		{ REGCORE_CHAN_2MHZ, NL80211_FREQUENCY_ATTR_2MHZ },
		{ REGCORE_CHAN_4MHZ, NL80211_FREQUENCY_ATTR_4MHZ },
		{ REGCORE_CHAN_8MHZ, NL80211_FREQUENCY_ATTR_8MHZ },
		{ REGCORE_CHAN_16MHZ, NL80211_FREQUENCY_ATTR_16MHZ },
		{ REGCORE_CHAN_NO_320MHZ, NL80211_FREQUENCY_ATTR_NO_320MHZ },
		{ REGCORE_CHAN_NO_EHT, NL80211_FREQUENCY_ATTR_NO_EHT },
		/* 0 where this kernel's nl80211 lacks them (compat.h) */
		{ REGCORE_CHAN_DFS_CONCURRENT, REGCORE_FREQ_ATTR_DFS_CONCURRENT },
		{ REGCORE_CHAN_NO_6GHZ_VLP_CLIENT,
		  REGCORE_FREQ_ATTR_NO_6GHZ_VLP_CLIENT },
		{ REGCORE_CHAN_NO_6GHZ_AFC_CLIENT,
		  REGCORE_FREQ_ATTR_NO_6GHZ_AFC_CLIENT },
		{ REGCORE_CHAN_ALLOW_6GHZ_VLP_AP,
		  REGCORE_FREQ_ATTR_ALLOW_6GHZ_VLP_AP },
		{ REGCORE_CHAN_ALLOW_20MHZ_ACTIVITY,
		  REGCORE_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY },
		{ REGCORE_CHAN_NO_OFDM, 0 },
	};
	unsigned int i;

	if (!large &&
	    ((chan->flags & (REGCORE_CHAN_NO_10MHZ | REGCORE_CHAN_NO_20MHZ)) ||
	     chan->freq_offset))
		return 0;
	if (nla_put_u32(msg, NL80211_FREQUENCY_ATTR_FREQ, chan->center_freq) ||
	    nla_put_u32(msg, NL80211_FREQUENCY_ATTR_OFFSET, chan->freq_offset))
		return -EMSGSIZE;
	/* No source gives a PSD value: nl80211 reports its 0 too. */
	if (REGCORE_FREQ_ATTR_PSD && (chan->flags & REGCORE_CHAN_PSD) &&
	    nla_put_s8(msg, REGCORE_FREQ_ATTR_PSD, 0))
		return -EMSGSIZE;
	for (i = 0; i < ARRAY_SIZE(flags); i++)
		if ((large || flags[i].small) &&
		    (chan->flags & flags[i].flag) && flags[i].attr &&
		    nla_put_flag(msg, flags[i].attr))
			return -EMSGSIZE;
	if (large && (chan->flags & REGCORE_CHAN_RADAR) &&
	    (nla_put_u32(msg, NL80211_FREQUENCY_ATTR_DFS_STATE,
			 chan->dfs_state) ||
	     nla_put_u32(msg, NL80211_FREQUENCY_ATTR_DFS_TIME,
			 jiffies_to_msecs(jiffies - chan->dfs_state_entered)) ||
	     nla_put_u32(msg, NL80211_FREQUENCY_ATTR_DFS_CAC_TIME,
			 chan->dfs_cac_ms)))
		return -EMSGSIZE;
	if (nla_put_u32(msg, NL80211_FREQUENCY_ATTR_MAX_TX_POWER,
			REGCORE_DBM_TO_MBM(chan->max_power)))
		return -EMSGSIZE;
	if (!large || !rules)
		return 0;
	/* As nl80211: the WMM limits of the rule that governs the channel. */
	rule = regcore_channel_rule(rules,
				    REGCORE_MHZ_TO_KHZ(chan->center_freq));
	if (!IS_ERR(rule) && rule->has_wmm)
		return regcore_nl_put_wmm(msg, &rule->wmm_rule);
	return 0;
}

/* One GET_WIPHY message: a radio's channels of one band from *@start on,
 * as many as fit. Advances *@start past what was sent.
 */
static int regcore_nl_send_band(struct sk_buff *skb,
				struct netlink_callback *cb,
				const struct regcore_wiphy *wiphy,
				enum nl80211_band b, int *start)
{
	const struct regcore_band *band = wiphy->bands[b];
	const struct regcore_regdomain *rules =
		regcore_wiphy_rules(regcore_last_initiator(),
				    regcore_wiphy_regd(wiphy),
				    regcore_current_regdom());
	struct nlattr *bands, *nl_band, *freqs, *nl_chan;
	void *hdr;
	int i;

	hdr = genlmsg_put(skb, NETLINK_CB(cb->skb).portid, cb->nlh->nlmsg_seq,
			  &regcore_family, NLM_F_MULTI, NL80211_CMD_NEW_WIPHY);
	if (!hdr)
		return -EMSGSIZE;
	genl_dump_check_consistent(cb, hdr);
	if (nla_put_u32(skb, NL80211_ATTR_WIPHY, wiphy->idx) ||
	    nla_put_string(skb, NL80211_ATTR_WIPHY_NAME, wiphy->name) ||
	    nla_put_u32(skb, NL80211_ATTR_GENERATION, regcore_wiphys_generation) ||
	    regcore_nl_put_self_managed(skb, wiphy))
		goto cancel;
	bands = nla_nest_start(skb, NL80211_ATTR_WIPHY_BANDS);
	if (!bands)
		goto cancel;
	nl_band = nla_nest_start(skb, b);
	if (!nl_band)
		goto cancel;
	if (!*start &&
	    ((band->ht_supported &&
	      nla_put_u16(skb, NL80211_BAND_ATTR_HT_CAPA, band->ht_cap)) ||
	     (band->vht_supported &&
	      nla_put_u32(skb, NL80211_BAND_ATTR_VHT_CAPA, band->vht_cap))))
		goto cancel;
	freqs = nla_nest_start(skb, NL80211_BAND_ATTR_FREQS);
	if (!freqs)
		goto cancel;
	for (i = *start; i < band->n_channels; i++) {
		nl_chan = nla_nest_start(skb, i);
		if (!nl_chan)
			break;
		if (regcore_nl_put_channel(skb, &band->channels[i], rules,
					   true)) {
			nla_nest_cancel(skb, nl_chan);
			break;
		}
		nla_nest_end(skb, nl_chan);
	}
	if (i == *start)
		goto cancel;
	nla_nest_end(skb, freqs);
	nla_nest_end(skb, nl_band);
	nla_nest_end(skb, bands);
	genlmsg_end(skb, hdr);
	*start = i;
	return 0;

cancel:
	genlmsg_cancel(skb, hdr);
	return -EMSGSIZE;
}

/* GET_WIPHY dump, optionally of one radio (NL80211_ATTR_WIPHY). State
 * between calls: args[0] radios done, args[1] band, args[2] first channel
 * not yet sent, args[3] the radio asked for plus one (0: all).
 */
static int regcore_nl_dump_wiphy(struct sk_buff *skb,
				 struct netlink_callback *cb)
{
	struct nlattr **attrs = regcore_dump_attrs(cb);
	struct regcore_wiphy *wiphy;
	long pos = 0;
	int err = 0, start;

	mutex_lock(&regcore_mutex);
	if (!cb->args[0] && !cb->args[1] && !cb->args[2] &&
	    attrs[NL80211_ATTR_WIPHY]) {
		u32 idx = nla_get_u32(attrs[NL80211_ATTR_WIPHY]);

		if (!regcore_wiphy_by_idx(idx)) {
			err = -ENODEV;
			goto out;
		}
		cb->args[3] = (long)idx + 1;
	}
	cb->seq = regcore_wiphys_generation;

	list_for_each_entry(wiphy, &regcore_wiphys, list) {
		if (pos++ < cb->args[0])
			continue;
		if (cb->args[3] && wiphy->idx != cb->args[3] - 1) {
			cb->args[0] = pos;
			continue;
		}
		for (; cb->args[1] < NUM_NL80211_BANDS; cb->args[1]++) {
			const struct regcore_band *band =
				wiphy->bands[cb->args[1]];

			if (!band)
				continue;
			start = cb->args[2];
			while (start < band->n_channels) {
				err = regcore_nl_send_band(skb, cb, wiphy,
							   cb->args[1], &start);
				cb->args[2] = start;
				if (err)
					goto out;
			}
			cb->args[2] = 0;
		}
		cb->args[1] = 0;
		cb->args[0] = pos;
	}
out:
	mutex_unlock(&regcore_mutex);
	if (err && !skb->len)
		return err;
	return skb->len;
}

/* One regulatory change event: the attributes nl80211 sends for cmd. */
static void regcore_nl_change_event(u8 cmd,
				    const struct regcore_request_info *info)
{
	const struct regcore_wiphy *wiphy = NULL;
	struct sk_buff *msg;
	u8 type;
	void *hdr;

	lockdep_assert_held(&regcore_mutex);
	msg = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	hdr = genlmsg_put(msg, 0, 0, &regcore_family, 0, cmd);
	if (!hdr)
		goto fail;

	if (regcore_alpha2_is_world(info->alpha2))
		type = NL80211_REGDOM_TYPE_WORLD;
	else if (info->alpha2[0] == '9' && info->alpha2[1] == '9')
		type = NL80211_REGDOM_TYPE_CUSTOM_WORLD;
	else if ((info->alpha2[0] == '9' && info->alpha2[1] == '8') ||
		 info->intersect)
		type = NL80211_REGDOM_TYPE_INTERSECTION;
	else
		type = NL80211_REGDOM_TYPE_COUNTRY;
	if (info->wiphy_idx != REGCORE_WIPHY_IDX_INVALID)
		wiphy = regcore_wiphy_by_idx(info->wiphy_idx);

	if (nla_put_u8(msg, NL80211_ATTR_REG_INITIATOR, info->initiator) ||
	    nla_put_u8(msg, NL80211_ATTR_REG_TYPE, type) ||
	    (type == NL80211_REGDOM_TYPE_COUNTRY &&
	     nla_put_string(msg, NL80211_ATTR_REG_ALPHA2, info->alpha2)) ||
	    (wiphy && nla_put_u32(msg, NL80211_ATTR_WIPHY, wiphy->idx)) ||
	    regcore_nl_put_self_managed(msg, wiphy))
		goto fail;

	genlmsg_end(msg, hdr);
	/* -ESRCH: nobody listens, which is fine. */
	genlmsg_multicast(&regcore_family, msg, 0, REGCORE_MCGRP_REG,
			  GFP_KERNEL);
	return;
fail:
	nlmsg_free(msg);
}

/**
 * regcore_nl_reg_change() - multicast NL80211_CMD_REG_CHANGE
 * @info: the request now in force
 *
 * With the attributes nl80211 sends: the initiator, the type (world,
 * custom world, intersection or country, with the country's alpha2) and
 * the radio whose hint it was, if it is still registered (with
 * NL80211_ATTR_WIPHY_SELF_MANAGED_REG for a self-managed one).
 *
 * Context: regcore_mutex held.
 */
void regcore_nl_reg_change(const struct regcore_request_info *info)
{
	regcore_nl_change_event(NL80211_CMD_REG_CHANGE, info);
}

/**
 * regcore_nl_wiphy_reg_change() - multicast NL80211_CMD_WIPHY_REG_CHANGE
 * @info: the domain a self-managed radio's driver gave: initiator driver,
 *	its alpha2 and the radio
 *
 * The attributes are those of regcore_nl_reg_change().
 *
 * Context: regcore_mutex held.
 */
void regcore_nl_wiphy_reg_change(const struct regcore_request_info *info)
{
	regcore_nl_change_event(NL80211_CMD_WIPHY_REG_CHANGE, info);
}

/**
 * regcore_nl_beacon_hint() - multicast NL80211_CMD_REG_BEACON_HINT
 * @wiphy: the radio whose channel changed
 * @before: the channel before the beacon hint
 * @after: the channel now
 *
 * As nl80211's: the radio and the channel before and after, each as a
 * notification's channel (regcore_nl_put_channel(), not large).
 *
 * Context: regcore_mutex held.
 */
void regcore_nl_beacon_hint(const struct regcore_wiphy *wiphy,
			    const struct regcore_channel *before,
			    const struct regcore_channel *after)
{
	struct nlattr *nest;
	struct sk_buff *msg;
	void *hdr;

	lockdep_assert_held(&regcore_mutex);
	msg = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	hdr = genlmsg_put(msg, 0, 0, &regcore_family, 0,
			  NL80211_CMD_REG_BEACON_HINT);
	if (!hdr || nla_put_u32(msg, NL80211_ATTR_WIPHY, wiphy->idx))
		goto fail;
	nest = nla_nest_start_noflag(msg, NL80211_ATTR_FREQ_BEFORE);
	if (!nest || regcore_nl_put_channel(msg, before, NULL, false))
		goto fail;
	nla_nest_end(msg, nest);
	nest = nla_nest_start_noflag(msg, NL80211_ATTR_FREQ_AFTER);
	if (!nest || regcore_nl_put_channel(msg, after, NULL, false))
		goto fail;
	nla_nest_end(msg, nest);
	genlmsg_end(msg, hdr);
	genlmsg_multicast(&regcore_family, msg, 0, REGCORE_MCGRP_REG,
			  GFP_KERNEL);
	return;
fail:
	nlmsg_free(msg);
}

/**
 * regcore_nl_radar_event() - multicast NL80211_CMD_RADAR_DETECT
 * @wiphy: the radio the event is about
 * @chandef: where
 * @event: what (enum nl80211_radar_event)
 *
 * On the "mlme" group, as nl80211_radar_notify(): the radio, the event
 * and the channel definition (the control channel, its kHz offset, the
 * channel type up to 40 MHz, the width and the centre). Never an
 * interface: regcore knows none.
 *
 * Context: regcore_mutex held.
 */
void regcore_nl_radar_event(const struct regcore_wiphy *wiphy,
			    const struct regcore_chandef *chandef,
			    enum nl80211_radar_event event)
{
	u32 type = NL80211_CHAN_NO_HT;
	struct sk_buff *msg;
	void *hdr;

	lockdep_assert_held(&regcore_mutex);
	if (chandef->width == NL80211_CHAN_WIDTH_20)
		type = NL80211_CHAN_HT20;
	else if (chandef->width == NL80211_CHAN_WIDTH_40)
		type = chandef->center_freq1 > chandef->center_freq ?
		       NL80211_CHAN_HT40PLUS : NL80211_CHAN_HT40MINUS;
	msg = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_KERNEL);
	if (!msg)
		return;
	hdr = genlmsg_put(msg, 0, 0, &regcore_family, 0,
			  NL80211_CMD_RADAR_DETECT);
	if (!hdr || nla_put_u32(msg, NL80211_ATTR_WIPHY, wiphy->idx) ||
	    nla_put_u32(msg, NL80211_ATTR_RADAR_EVENT, event) ||
	    nla_put_u32(msg, NL80211_ATTR_WIPHY_FREQ, chandef->center_freq) ||
	    nla_put_u32(msg, NL80211_ATTR_WIPHY_FREQ_OFFSET, 0) ||
	    (chandef->width <= NL80211_CHAN_WIDTH_40 &&
	     nla_put_u32(msg, NL80211_ATTR_WIPHY_CHANNEL_TYPE, type)) ||
	    nla_put_u32(msg, NL80211_ATTR_CHANNEL_WIDTH, chandef->width) ||
	    nla_put_u32(msg, NL80211_ATTR_CENTER_FREQ1, chandef->center_freq1))
		goto fail;
	genlmsg_end(msg, hdr);
	genlmsg_multicast(&regcore_family, msg, 0, REGCORE_MCGRP_MLME_ID,
			  GFP_KERNEL);
	return;
fail:
	nlmsg_free(msg);
}

/* One journal entry as a REGCORE_CMD_EXT message. */
static int regcore_nl_put_jentry(struct sk_buff *msg, u32 portid, u32 seq,
				 int flags, const struct regcore_jentry *e)
{
	const struct regcore_origin *o = e->origin;
	void *hdr;

	hdr = genlmsg_put(msg, portid, seq, &regcore_family, flags,
			  REGCORE_CMD_EXT);
	if (!hdr)
		return -EMSGSIZE;
	if (nla_put_u8(msg, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL) ||
	    nla_put_u64_64bit(msg, REGCORE_ATTR_SEQ, e->seq, REGCORE_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, REGCORE_ATTR_TIME_NS, e->time_ns,
			      REGCORE_ATTR_PAD) ||
	    nla_put_u64_64bit(msg, REGCORE_ATTR_BOOTTIME_NS, e->boottime_ns,
			      REGCORE_ATTR_PAD) ||
	    nla_put_u8(msg, REGCORE_ATTR_EVENT, e->event) ||
	    nla_put_string(msg, REGCORE_ATTR_TEXT, e->text) ||
	    (e->request &&
	     nla_put_u64_64bit(msg, REGCORE_ATTR_REQUEST, e->request,
			       REGCORE_ATTR_PAD)) ||
	    (e->initiator != REGCORE_NO_INITIATOR &&
	     nla_put_u8(msg, REGCORE_ATTR_INITIATOR, e->initiator)) ||
	    (e->decision != REGCORE_NO_DECISION &&
	     nla_put_u8(msg, REGCORE_ATTR_DECISION, e->decision)) ||
	    (e->alpha2[0] &&
	     nla_put(msg, REGCORE_ATTR_ALPHA2, 2, e->alpha2)) ||
	    (e->wiphy_idx != REGCORE_WIPHY_IDX_INVALID &&
	     nla_put_u32(msg, REGCORE_ATTR_WIPHY, e->wiphy_idx)) ||
	    (e->err && nla_put_u32(msg, REGCORE_ATTR_ERRNO, e->err)) ||
	    (e->outcome &&
	     nla_put_u8(msg, REGCORE_ATTR_OUTCOME, e->outcome)) ||
	    (e->portid && nla_put_u32(msg, REGCORE_ATTR_PORTID, e->portid)))
		goto cancel;
	if (o && (nla_put_string(msg, REGCORE_ATTR_DB_FILE, o->file) ||
		  (o->signer[0] &&
		   nla_put_string(msg, REGCORE_ATTR_DB_SIGNER, o->signer)) ||
		  (o->has_sha256 &&
		   nla_put(msg, REGCORE_ATTR_DB_SHA256, sizeof(o->sha256),
			   o->sha256)) ||
		  (o->version &&
		   nla_put_u8(msg, REGCORE_ATTR_DB_VERSION, o->version))))
		goto cancel;
	genlmsg_end(msg, hdr);
	return 0;
cancel:
	genlmsg_cancel(msg, hdr);
	return -EMSGSIZE;
}

/* The journal, from the entry after REGCORE_ATTR_SEQ (or the oldest);
 * cb->args[0] is the number of the next entry to send.
 */
static int regcore_nl_dump_journal(struct sk_buff *skb,
				   struct netlink_callback *cb)
{
	struct nlattr **attrs = regcore_dump_attrs(cb);
	struct regcore_jentry e;
	int err = 0;

	if (!cb->args[1]) {
		u64 after = attrs[REGCORE_ATTR_SEQ] ?
			    nla_get_u64(attrs[REGCORE_ATTR_SEQ]) : 0;

		/* entries are numbered far below U64_MAX: none after it */
		if (after == U64_MAX)
			return 0;
		cb->args[1] = 1;
		cb->args[0] = after + 1;
	}
	while (regcore_journal_read(cb->args[0], &e)) {
		err = regcore_nl_put_jentry(skb, NETLINK_CB(cb->skb).portid,
					    cb->nlh->nlmsg_seq, NLM_F_MULTI,
					    &e);
		regcore_origin_put(e.origin);
		if (err)
			break;
		cb->args[0] = e.seq + 1;
	}
	/* an entry is far smaller than a dump's message: an error with
	 * nothing in the message cannot happen, and would end the dump
	 */
	return err && !skb->len ? -EMSGSIZE : skb->len;
}

static int regcore_nl_ext_dumpit(struct sk_buff *skb,
				 struct netlink_callback *cb)
{
	struct nlattr **attrs = regcore_dump_attrs(cb);

	if (!attrs[REGCORE_ATTR_OP] ||
	    nla_get_u8(attrs[REGCORE_ATTR_OP]) != REGCORE_OP_JOURNAL) {
		NL_SET_ERR_MSG(cb->extack, "only the journal is dumped");
		return -EOPNOTSUPP;
	}
	return regcore_nl_dump_journal(skb, cb);
}

/* The database a REGCORE_OP_SOURCE or REGCORE_OP_NO_RULES message names,
 * after the sender's capability and the country are checked: an origin
 * to put, or an ERR_PTR.
 */
static struct regcore_origin *regcore_nl_origin(struct sk_buff *skb,
						struct genl_info *info)
{
	struct regcore_origin *origin;
	const char *signer = NULL;
	u8 version = 0;

	if (!netlink_capable(skb, CAP_NET_ADMIN))
		return ERR_PTR(-EPERM);
	if (GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_ALPHA2) ||
	    GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_DB_FILE))
		return ERR_PTR(-EINVAL);
	if (nla_len(info->attrs[REGCORE_ATTR_ALPHA2]) == 3 &&
	    ((char *)nla_data(info->attrs[REGCORE_ATTR_ALPHA2]))[2]) {
		NL_SET_ERR_MSG_ATTR(info->extack,
				    info->attrs[REGCORE_ATTR_ALPHA2],
				    "alpha2 must be two characters");
		return ERR_PTR(-EINVAL);
	}
	if (info->attrs[REGCORE_ATTR_DB_SIGNER])
		signer = nla_data(info->attrs[REGCORE_ATTR_DB_SIGNER]);
	if (info->attrs[REGCORE_ATTR_DB_VERSION])
		version = nla_get_u8(info->attrs[REGCORE_ATTR_DB_VERSION]);
	origin = regcore_origin_new(nla_data(info->attrs[REGCORE_ATTR_DB_FILE]),
				    signer, version,
				    info->attrs[REGCORE_ATTR_DB_SHA256] ?
				    nla_data(info->attrs[REGCORE_ATTR_DB_SHA256]) :
				    NULL, GFP_KERNEL);
	return origin ? origin : ERR_PTR(-ENOMEM);
}

/* REGCORE_OP_SOURCE: see regcore_offered. */
static int regcore_nl_offer_origin(struct sk_buff *skb, struct genl_info *info)
{
	struct regcore_origin *origin = regcore_nl_origin(skb, info);

	if (IS_ERR(origin))
		return PTR_ERR(origin);
	spin_lock(&regcore_offered_lock);
	swap(origin, regcore_offered.origin);
	regcore_offered.portid = info->snd_portid;
	memcpy(regcore_offered.alpha2,
	       nla_data(info->attrs[REGCORE_ATTR_ALPHA2]), 2);
	spin_unlock(&regcore_offered_lock);
	/* the offer it replaces */
	regcore_origin_put(origin);
	return 0;
}

/* REGCORE_OP_NO_RULES: crda's database lacks the pending country. */
static int regcore_nl_no_rules(struct sk_buff *skb, struct genl_info *info)
{
	struct regcore_origin *origin = regcore_nl_origin(skb, info);
	char alpha2[2];

	if (IS_ERR(origin))
		return PTR_ERR(origin);
	memcpy(alpha2, nla_data(info->attrs[REGCORE_ATTR_ALPHA2]), 2);
	return regcore_hint_no_rules(alpha2, origin, info->extack);
}

/* A channel of a REGCORE_OP_WHY answer, as GET_WIPHY gives one. */
static int regcore_nl_put_why_chan(struct sk_buff *msg, int attr,
				   const struct regcore_channel *chan,
				   const struct regcore_regdomain *rules)
{
	struct nlattr *nest = nla_nest_start(msg, attr);

	if (!nest || regcore_nl_put_channel(msg, chan, rules, true))
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

static int regcore_nl_put_why(struct sk_buff *msg, const void *arg)
{
	const struct regcore_why_answer *a = arg;
	struct regcore_channel orig = a->now;
	struct nlattr *nest;
	unsigned int i;

	if (nla_put_u8(msg, REGCORE_ATTR_OP, REGCORE_OP_WHY) ||
	    nla_put_u8(msg, REGCORE_ATTR_WHY_PATH, a->path) ||
	    nla_put_u32(msg, REGCORE_ATTR_WHY_REG_FLAGS, a->reg_flags) ||
	    regcore_nl_put_why_chan(msg, REGCORE_ATTR_WHY_CHANNEL, &a->now,
				    a->rd))
		return -EMSGSIZE;
	orig.flags = a->now.orig_flags;
	orig.max_power = a->now.orig_mpwr;
	if (regcore_nl_put_why_chan(msg, REGCORE_ATTR_WHY_ORIGINAL, &orig, NULL))
		return -EMSGSIZE;
	if (a->path == REGCORE_WHY_COMPUTED &&
	    (nla_put_u8(msg, REGCORE_ATTR_WHY_CAUSE, a->cause) ||
	     nla_put_u8(msg, REGCORE_ATTR_INITIATOR, a->lr.initiator) ||
	     nla_put(msg, REGCORE_ATTR_ALPHA2, 2, a->lr.alpha2) ||
	     nla_put_u8(msg, REGCORE_ATTR_WHY_HINT_TYPE,
			a->lr.user_reg_hint_type) ||
	     (a->lr.intersect &&
	      nla_put_flag(msg, REGCORE_ATTR_WHY_INTERSECT)) ||
	     (a->lr.wiphy_idx != REGCORE_WIPHY_IDX_INVALID &&
	      nla_put_u32(msg, REGCORE_ATTR_WIPHY, a->lr.wiphy_idx)) ||
	     (a->strict && nla_put_flag(msg, REGCORE_ATTR_WHY_STRICT))))
		return -EMSGSIZE;
	if (a->path != REGCORE_WHY_UNKNOWN &&
	    (nla_put_u64_64bit(msg, REGCORE_ATTR_SEQ, a->seq,
			       REGCORE_ATTR_PAD) ||
	     nla_put_u64_64bit(msg, REGCORE_ATTR_BOOTTIME_NS, a->boottime_ns,
			       REGCORE_ATTR_PAD) ||
	     regcore_nl_put_why_chan(msg, REGCORE_ATTR_WHY_COMPUTED,
				     &a->computed, a->rd)))
		return -EMSGSIZE;
	if (a->rd) {
		nest = nla_nest_start(msg, REGCORE_ATTR_WHY_DOMAIN);
		if (!nest || regcore_nl_put_regdom(msg, a->rd))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
		if (a->own && nla_put_flag(msg, REGCORE_ATTR_WHY_OWN))
			return -EMSGSIZE;
		for (i = 0; i < a->n_rules; i++)
			if (nla_put_u32(msg, REGCORE_ATTR_WHY_RULE,
					a->rule_idx[i]) ||
			    nla_put_u32(msg, REGCORE_ATTR_WHY_RULE_BW,
					a->rule_bw[i]))
				return -EMSGSIZE;
		if (a->left && nla_put_flag(msg, REGCORE_ATTR_WHY_LEFT))
			return -EMSGSIZE;
		if (!a->n_rules &&
		    nla_put_u32(msg, REGCORE_ATTR_WHY_NO_RULE, -a->no_rule))
			return -EMSGSIZE;
	}
	if (a->beacon_lift && nla_put_flag(msg, REGCORE_ATTR_WHY_BEACON_LIFT))
		return -EMSGSIZE;
	if (a->ignored) {
		nest = nla_nest_start(msg, REGCORE_ATTR_WHY_IGNORED);
		if (!nest ||
		    nla_put_u8(msg, REGCORE_ATTR_INITIATOR,
			       a->ignored_initiator) ||
		    nla_put(msg, REGCORE_ATTR_ALPHA2, 2, a->ignored_alpha2) ||
		    nla_put_string(msg, REGCORE_ATTR_TEXT, a->ignored_why) ||
		    nla_put_u64_64bit(msg, REGCORE_ATTR_SEQ, a->ignored_seq,
				      REGCORE_ATTR_PAD))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	return 0;
}

/* A REGCORE_CMD_EXT reply of at most @size bytes, filled by @put. */
static int regcore_nl_ext_reply(struct genl_info *info, size_t size,
				int (*put)(struct sk_buff *msg, const void *arg),
				const void *arg)
{
	struct sk_buff *msg = nlmsg_new(size, GFP_KERNEL);
	void *hdr;

	if (!msg)
		return -ENOMEM;
	hdr = genlmsg_put_reply(msg, info, &regcore_family, 0, REGCORE_CMD_EXT);
	if (!hdr || put(msg, arg)) {
		nlmsg_free(msg);
		return -EMSGSIZE;
	}
	genlmsg_end(msg, hdr);
	return genlmsg_reply(msg, info);
}

/* REGCORE_OP_WHY: why one channel of one radio is as it is. */
static int regcore_nl_why(struct genl_info *info)
{
	struct regcore_why_answer a;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_WIPHY) ||
	    GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_FREQ_KHZ))
		return -EINVAL;
	err = regcore_why_channel(nla_get_u32(info->attrs[REGCORE_ATTR_WIPHY]),
				  nla_get_u32(info->attrs[REGCORE_ATTR_FREQ_KHZ]),
				  &a);
	if (err == -ENODEV)
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[REGCORE_ATTR_WIPHY],
				    "no such radio");
	else if (err == -ENOENT)
		NL_SET_ERR_MSG_ATTR(info->extack,
				    info->attrs[REGCORE_ATTR_FREQ_KHZ],
				    "not a channel of the radio");
	if (err)
		return err;

	err = regcore_nl_ext_reply(info, NLMSG_DEFAULT_SIZE +
				   (a.rd ? regcore_nl_regdom_size(a.rd) : 0),
				   regcore_nl_put_why, &a);
	regcore_why_answer_free(&a);
	return err;
}

/* The rules a REGCORE_OP_PREVIEW names, or NULL, or an ERR_PTR. */
static struct regcore_regdomain *
regcore_nl_preview_domain(struct genl_info *info, const char *alpha2)
{
	struct nlattr *nest = info->attrs[REGCORE_ATTR_WHY_DOMAIN];
	struct regcore_regdomain *rd;
	struct nlattr **tb;
	int err;

	if (!nest)
		return NULL;
	/* nl80211's attribute space: too large for the stack */
	tb = kcalloc(ARRAY_SIZE(regcore_policy), sizeof(*tb), GFP_KERNEL);
	if (!tb)
		return ERR_PTR(-ENOMEM);
	err = nla_parse_nested(tb, ARRAY_SIZE(regcore_policy) - 1, nest,
			       regcore_policy, info->extack);
	rd = err ? ERR_PTR(err) : regcore_nl_parse_domain(tb, info->extack);
	kfree(tb);
	if (!IS_ERR(rd) && !regcore_alpha2_equal(rd->alpha2, alpha2)) {
		NL_SET_ERR_MSG_ATTR(info->extack, nest,
				    "the rules are for another country");
		kfree(rd);
		return ERR_PTR(-EINVAL);
	}
	return rd;
}

static int regcore_nl_put_preview(struct sk_buff *msg, const void *arg)
{
	const struct regcore_preview *p = arg;
	struct regcore_chan_iter it;
	struct regcore_channel *chan;
	struct nlattr *nest, *c;
	int i = 0;

	if (nla_put_u8(msg, REGCORE_ATTR_OP, REGCORE_OP_PREVIEW) ||
	    nla_put_u32(msg, REGCORE_ATTR_WIPHY, p->wiphy_idx) ||
	    nla_put_u8(msg, REGCORE_ATTR_DECISION, p->decision) ||
	    nla_put_string(msg, REGCORE_ATTR_TEXT, p->why) ||
	    (p->err && nla_put_u32(msg, REGCORE_ATTR_ERRNO, -p->err)) ||
	    (p->ahead && nla_put_flag(msg, REGCORE_ATTR_PREVIEW_AHEAD)) ||
	    (p->lr.intersect && nla_put_flag(msg, REGCORE_ATTR_WHY_INTERSECT)))
		return -EMSGSIZE;
	if (p->rd) {
		nest = nla_nest_start(msg, REGCORE_ATTR_WHY_DOMAIN);
		if (!nest || regcore_nl_put_regdom(msg, p->rd))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	if (p->ignored) {
		nest = nla_nest_start(msg, REGCORE_ATTR_WHY_IGNORED);
		if (!nest || nla_put_string(msg, REGCORE_ATTR_TEXT, p->ignored))
			return -EMSGSIZE;
		nla_nest_end(msg, nest);
	}
	if (!p->copy)
		return 0;
	nest = nla_nest_start(msg, REGCORE_ATTR_PREVIEW_CHANNELS);
	if (!nest)
		return -EMSGSIZE;
	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(p->copy, &it));) {
		c = nla_nest_start(msg, i++);
		if (!c || regcore_nl_put_channel(msg, chan, NULL, true))
			return -EMSGSIZE;
		nla_nest_end(msg, c);
	}
	/* an attribute's length is 16 bits */
	if (skb_tail_pointer(msg) - (unsigned char *)nest > U16_MAX)
		return -EMSGSIZE;
	nla_nest_end(msg, nest);
	return 0;
}

/* REGCORE_OP_PREVIEW: what a user hint would do to one radio. */
static int regcore_nl_preview(struct genl_info *info)
{
	struct regcore_regdomain *given;
	struct regcore_preview p;
	u32 wiphy_idx;
	size_t size;
	char alpha2[3];
	bool cell_base;
	int err;

	if (GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_WIPHY) ||
	    GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_ALPHA2))
		return -EINVAL;
	wiphy_idx = nla_get_u32(info->attrs[REGCORE_ATTR_WIPHY]);
	err = regcore_nl_alpha2_attr(info->attrs[REGCORE_ATTR_ALPHA2], alpha2,
				     info->extack);
	if (err)
		return err;
	if (!regcore_alpha2_is_world(alpha2) &&
	    !regcore_alpha2_is_country(alpha2)) {
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[REGCORE_ATTR_ALPHA2],
				    "not a country, nor 00");
		return -EINVAL;
	}
	given = regcore_nl_preview_domain(info, alpha2);
	if (IS_ERR(given))
		return PTR_ERR(given);
	cell_base = info->attrs[REGCORE_ATTR_WHY_HINT_TYPE] &&
		    nla_get_u8(info->attrs[REGCORE_ATTR_WHY_HINT_TYPE]) ==
		    NL80211_USER_REG_HINT_CELL_BASE;
	err = regcore_preview(wiphy_idx, given, alpha2, cell_base, &p);
	kfree(given);
	if (err == -ENODEV)
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[REGCORE_ATTR_WIPHY],
				    "no such radio");
	else if (err == -ENOMSG)
		NL_SET_ERR_MSG_MOD(info->extack,
				   "the hint would ask crda for rules: send them");
	else if (err && err != -ENOMEM)
		NL_SET_ERR_MSG_MOD(info->extack,
				   "regulatory.db gives no rules for the country");
	if (err)
		return err;

	size = NLMSG_DEFAULT_SIZE + (p.rd ? regcore_nl_regdom_size(p.rd) : 0);
	if (p.copy) {
		struct regcore_chan_iter it = REGCORE_CHAN_ITER_INIT;

		while (regcore_next_channel(p.copy, &it))
			size += 256;
	}
	err = regcore_nl_ext_reply(info, size, regcore_nl_put_preview, &p);
	regcore_preview_free(&p);
	return err;
}

static int regcore_nl_ext_doit(struct sk_buff *skb, struct genl_info *info)
{
	if (GENL_REQ_ATTR_CHECK(info, REGCORE_ATTR_OP))
		return -EINVAL;
	switch (nla_get_u8(info->attrs[REGCORE_ATTR_OP])) {
	case REGCORE_OP_SOURCE:
		return regcore_nl_offer_origin(skb, info);
	case REGCORE_OP_NO_RULES:
		return regcore_nl_no_rules(skb, info);
	case REGCORE_OP_WHY:
		return regcore_nl_why(info);
	case REGCORE_OP_PREVIEW:
		return regcore_nl_preview(info);
	default:
		NL_SET_ERR_MSG_ATTR(info->extack, info->attrs[REGCORE_ATTR_OP],
				    "the journal is read with a dump");
		return -EOPNOTSUPP;
	}
}

/**
 * regcore_nl_journal_notify() - multicast a new journal entry
 * @e: the entry
 *
 * Context: any (the message is allocated with GFP_ATOMIC); a message that
 * cannot be made is not sent: readers see the gap in the numbers.
 */
void regcore_nl_journal_notify(const struct regcore_jentry *e)
{
	struct sk_buff *msg;

	if (!genl_has_listeners(&regcore_family, &init_net,
				REGCORE_MCGRP_JOURNAL_ID))
		return;
	msg = nlmsg_new(NLMSG_DEFAULT_SIZE, GFP_ATOMIC);
	if (!msg)
		return;
	if (regcore_nl_put_jentry(msg, 0, 0, 0, e)) {
		nlmsg_free(msg);
		return;
	}
	genlmsg_multicast(&regcore_family, msg, 0, REGCORE_MCGRP_JOURNAL_ID,
			  GFP_ATOMIC);
}

/* regcore's own requests: command 0, with their own attribute space. */
static const struct genl_ops regcore_ext_ops[] = {
	{
		.cmd = REGCORE_CMD_EXT,
		.doit = regcore_nl_ext_doit,
		.dumpit = regcore_nl_ext_dumpit,
		.policy = regcore_ext_policy,
		.maxattr = REGCORE_ATTR_MAX,
	},
};

static const struct genl_small_ops regcore_ops[] = {
	{
		.cmd = NL80211_CMD_GET_WIPHY,
		.dumpit = regcore_nl_dump_wiphy,
	},
	{
		.cmd = NL80211_CMD_GET_REG,
		.doit = regcore_nl_get_reg,
		.dumpit = regcore_nl_dump_reg,
	},
	{
		.cmd = NL80211_CMD_SET_REG,
		.doit = regcore_nl_set_reg,
		.flags = GENL_ADMIN_PERM,
	},
	{
		.cmd = NL80211_CMD_REQ_SET_REG,
		.doit = regcore_nl_req_set_reg,
		.flags = GENL_ADMIN_PERM,
	},
	{
		.cmd = NL80211_CMD_RELOAD_REGDB,
		.doit = regcore_nl_reload_regdb,
		.flags = GENL_ADMIN_PERM,
	},
};

static struct genl_family regcore_family __ro_after_init = {
	.name = REGCORE_GENL_NAME,
	.version = REGCORE_GENL_VERSION,
	.maxattr = ARRAY_SIZE(regcore_policy) - 1,
	.policy = regcore_policy,
	.module = THIS_MODULE,
	.small_ops = regcore_ops,
	.n_small_ops = ARRAY_SIZE(regcore_ops),
	.ops = regcore_ext_ops,
	.n_ops = ARRAY_SIZE(regcore_ext_ops),
	.mcgrps = regcore_mcgrps,
	.n_mcgrps = ARRAY_SIZE(regcore_mcgrps),
};

int regcore_netlink_init(void)
{
	int err = netlink_register_notifier(&regcore_nl_notifier);

	if (err)
		return err;
	err = genl_register_family(&regcore_family);
	if (err) {
		pr_err("cannot register generic netlink family %s: %d\n",
		       REGCORE_GENL_NAME, err);
		netlink_unregister_notifier(&regcore_nl_notifier);
	}
	return err;
}

void regcore_netlink_exit(void)
{
	genl_unregister_family(&regcore_family);
	netlink_unregister_notifier(&regcore_nl_notifier);
	regcore_origin_put(regcore_offered.origin);
	regcore_offered.origin = NULL;
}
