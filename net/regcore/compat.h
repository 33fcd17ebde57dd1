/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regcore: the differences between the kernel series regcore builds for.
 *
 * Every version check of the module lives here, so that the rest of the
 * code reads as if there were one kernel. Supported and tested: Debian
 * 12's 6.1 and 6.12 series (the suite builds for and boots both).
 *
 *   6.2   struct genl_dumpit_info lost its attrs member: a dump's parsed
 *         request attributes moved into an embedded struct genl_info.
 *   6.10  mac80211_hwsim's regtest 5 (every radio) and 6 (radio 0) use
 *         its custom world domain with a 6 GHz rule ("custom_03") instead
 *         of "custom_01" (the change was posted for wireless-next in April
 *         2024). The test driver regsim reproduces the scenarios of the
 *         hwsim that runs next to it, so it follows.
 *   after 6.1: nl80211 rule flags NO_EHT, PSD, DFS_CONCURRENT,
 *         NO_6GHZ_VLP_CLIENT, NO_6GHZ_AFC_CLIENT, ALLOW_6GHZ_VLP_AP (all in
 *         6.12) and ALLOW_20MHZ_ACTIVITY (6.15, and 6.12.31 on): cfg80211
 *         gives channels the matching flags and reports them as
 *         NL80211_FREQUENCY_ATTR_*; a PSD rule carries
 *         NL80211_ATTR_POWER_RULE_PSD in GET_REG, a PSD channel
 *         NL80211_FREQUENCY_ATTR_PSD. regcore takes every flag bit the
 *         kernel's nl80211 defines, so these only where it has them: a
 *         Kbuild feature test per flag, below.
 *   6.7   A driver's hint answered while its radio already keeps a domain
 *         of its own (say a custom one) replaces that domain and is put in
 *         force; before (6.1) the answer was refused with -EALREADY
 *         ("wifi: cfg80211: allow reg update by driver even if wiphy->regd
 *         is set", in the wireless-next pull for 6.7).
 *
 * A constant below that is 0 says "this kernel has no such thing": flags
 * and attributes of 0 are never set, matched or sent.
 */
#ifndef REGCORE_COMPAT_H
#define REGCORE_COMPAT_H

#include <linux/version.h>
#include <net/genetlink.h>

/* Non-zero where hwsim's custom world scenarios use its 6 GHz domain. */
#define REGCORE_HWSIM_CUSTOM_WORLD_6GHZ \
	(LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0))

/**
 * regcore_dump_attrs() - the parsed attributes of a dump's request
 * @cb: the dump's netlink callback
 *
 * Return: the attribute table genetlink parsed (and validated against the
 * family's policy) before the first dumpit call.
 */
static inline struct nlattr **regcore_dump_attrs(struct netlink_callback *cb)
{
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
	return genl_dumpit_info(cb)->info.attrs;
#else
	return genl_dumpit_info(cb)->attrs;
#endif
}

/* Rule flags (NL80211_RRF_*) after 6.1 and the attributes that came with
 * each. They reached mainline between 6.5 and 6.15 and stable series too,
 * so no version says which a kernel has: the top Kbuild defines
 * REGCORE_HAVE_RRF_<NAME> for each NL80211_RRF_<NAME> the kernel's
 * nl80211.h has (a kernel that still spells NO_6GHZ_* as NO_UHB_* counts
 * as lacking them: refused, the safe side).
 */
#ifdef REGCORE_HAVE_RRF_NO_EHT
#define REGCORE_RRF_NO_EHT		NL80211_RRF_NO_EHT
#else
#define REGCORE_RRF_NO_EHT		0
#endif

#ifdef REGCORE_HAVE_RRF_PSD
#define REGCORE_RRF_PSD			NL80211_RRF_PSD
#define REGCORE_ATTR_POWER_RULE_PSD	NL80211_ATTR_POWER_RULE_PSD
#define REGCORE_FREQ_ATTR_PSD		NL80211_FREQUENCY_ATTR_PSD
#else
#define REGCORE_RRF_PSD			0
#define REGCORE_ATTR_POWER_RULE_PSD	0
#define REGCORE_FREQ_ATTR_PSD		0
#endif

#ifdef REGCORE_HAVE_RRF_DFS_CONCURRENT
#define REGCORE_RRF_DFS_CONCURRENT	NL80211_RRF_DFS_CONCURRENT
#define REGCORE_FREQ_ATTR_DFS_CONCURRENT NL80211_FREQUENCY_ATTR_DFS_CONCURRENT
#else
#define REGCORE_RRF_DFS_CONCURRENT	0
#define REGCORE_FREQ_ATTR_DFS_CONCURRENT 0
#endif

#ifdef REGCORE_HAVE_RRF_NO_6GHZ_VLP_CLIENT
#define REGCORE_RRF_NO_6GHZ_VLP_CLIENT	NL80211_RRF_NO_6GHZ_VLP_CLIENT
#define REGCORE_FREQ_ATTR_NO_6GHZ_VLP_CLIENT \
	NL80211_FREQUENCY_ATTR_NO_6GHZ_VLP_CLIENT
#else
#define REGCORE_RRF_NO_6GHZ_VLP_CLIENT	0
#define REGCORE_FREQ_ATTR_NO_6GHZ_VLP_CLIENT 0
#endif

#ifdef REGCORE_HAVE_RRF_NO_6GHZ_AFC_CLIENT
#define REGCORE_RRF_NO_6GHZ_AFC_CLIENT	NL80211_RRF_NO_6GHZ_AFC_CLIENT
#define REGCORE_FREQ_ATTR_NO_6GHZ_AFC_CLIENT \
	NL80211_FREQUENCY_ATTR_NO_6GHZ_AFC_CLIENT
#else
#define REGCORE_RRF_NO_6GHZ_AFC_CLIENT	0
#define REGCORE_FREQ_ATTR_NO_6GHZ_AFC_CLIENT 0
#endif

#ifdef REGCORE_HAVE_RRF_ALLOW_6GHZ_VLP_AP
#define REGCORE_RRF_ALLOW_6GHZ_VLP_AP	NL80211_RRF_ALLOW_6GHZ_VLP_AP
#define REGCORE_FREQ_ATTR_ALLOW_6GHZ_VLP_AP \
	NL80211_FREQUENCY_ATTR_ALLOW_6GHZ_VLP_AP
#else
#define REGCORE_RRF_ALLOW_6GHZ_VLP_AP	0
#define REGCORE_FREQ_ATTR_ALLOW_6GHZ_VLP_AP 0
#endif

#ifdef REGCORE_HAVE_RRF_ALLOW_20MHZ_ACTIVITY
#define REGCORE_RRF_ALLOW_20MHZ_ACTIVITY NL80211_RRF_ALLOW_20MHZ_ACTIVITY
#define REGCORE_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY \
	NL80211_FREQUENCY_ATTR_ALLOW_20MHZ_ACTIVITY
#else
#define REGCORE_RRF_ALLOW_20MHZ_ACTIVITY 0
#define REGCORE_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY 0
#endif

/* The rule flags this kernel's nl80211 has beyond those of 6.1. */
#define REGCORE_RRF_SINCE_6_1 (REGCORE_RRF_NO_EHT | REGCORE_RRF_PSD |	\
	REGCORE_RRF_DFS_CONCURRENT | REGCORE_RRF_NO_6GHZ_VLP_CLIENT |	\
	REGCORE_RRF_NO_6GHZ_AFC_CLIENT | REGCORE_RRF_ALLOW_6GHZ_VLP_AP |	\
	REGCORE_RRF_ALLOW_20MHZ_ACTIVITY)

/* Non-zero where the answer to a driver's hint replaces the domain its
 * radio already keeps (cfg80211's reg_set_rd_driver()).
 */
#define REGCORE_DRIVER_ANSWER_REPLACES_OWN \
	(LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0))

#endif /* REGCORE_COMPAT_H */
