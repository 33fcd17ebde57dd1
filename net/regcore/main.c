// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: module load and unload, parameters.
 *
 * Load order: the state (world domain in force), the platform device that
 * carries uevents, the netlink family, then the load-time hints. Unload
 * runs it backwards, stopping hint processing first so that nothing is
 * queued, asked or notified once the family or the device is gone.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include "core.h"

/* See core.h: the lock over all regulatory state. */
DEFINE_MUTEX(regcore_mutex);

static char *ieee80211_regdom = "00";
module_param(ieee80211_regdom, charp, 0444);
MODULE_PARM_DESC(ieee80211_regdom,
		 "Country asked for at load: two upper-case letters (default 00, the world)");

unsigned int regcore_crda_timeout_ms = 3142;
module_param_named(crda_timeout_ms, regcore_crda_timeout_ms, uint, 0644);
MODULE_PARM_DESC(crda_timeout_ms,
		 "How long a request waits for userspace's answer, ms (default 3142)");

/* ieee80211_regdom, checked at load: a country, or "00". */
char regcore_param_alpha2[3] = "00";

static void regcore_check_param(void)
{
	if (strlen(ieee80211_regdom) == 2 &&
	    (regcore_alpha2_is_world(ieee80211_regdom) ||
	     regcore_alpha2_is_country(ieee80211_regdom))) {
		memcpy(regcore_param_alpha2, ieee80211_regdom, 3);
		return;
	}
	pr_warn("ignoring ieee80211_regdom=%s: not two upper-case letters or 00\n",
		ieee80211_regdom);
	memcpy(regcore_param_alpha2, "00", 3);
}

static int __init regcore_init(void)
{
	int err;

	if (!regcore_crda_timeout_ms) {
		pr_warn("crda_timeout_ms=0 would drop every request: using 3142\n");
		regcore_crda_timeout_ms = 3142;
	}
	regcore_check_param();
	regcore_hints_init();

	err = regcore_uevent_init();
	if (err)
		goto out_hints;
	err = regcore_netlink_init();
	if (err)
		goto out_uevent;
	err = regcore_hints_start();
	if (err)
		goto out_netlink;

	if (regcore_alpha2_is_country(regcore_param_alpha2))
		pr_info("loaded: world domain in force; asking userspace for 00, then %s (ieee80211_regdom)\n",
			regcore_param_alpha2);
	else
		pr_info("loaded: world domain in force; asking userspace for 00\n");
	return 0;

out_netlink:
	regcore_hints_stop();
	regcore_netlink_exit();
out_uevent:
	regcore_uevent_exit();
out_hints:
	regcore_hints_exit();
	return err;
}

static void __exit regcore_exit(void)
{
	regcore_hints_stop();
	regcore_netlink_exit();
	regcore_uevent_exit();
	regcore_hints_exit();
	pr_info("unloaded\n");
}

module_init(regcore_init);
module_exit(regcore_exit);

MODULE_DESCRIPTION("Wireless regulatory core: regulatory domains enforced on registered radios");
MODULE_AUTHOR("regcore developers");
MODULE_LICENSE("GPL");
