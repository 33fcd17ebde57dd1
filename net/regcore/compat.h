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

#endif /* REGCORE_COMPAT_H */
