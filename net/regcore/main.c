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

#include <linux/ctype.h>
#include <linux/kernel.h>
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
		 "Country asked for at load, as a user hint: two letters, any case (default 00, the world)");

/* crda_timeout_ms: read with READ_ONCE() once per request (hints.c), so a
 * write while a request is pending changes only the requests that follow.
 * The setter refuses values outside the bounds, at load (the module does
 * not load) and at run time (the write fails), with a log line.
 */
unsigned int regcore_crda_timeout_ms = REGCORE_CRDA_TIMEOUT_MS_DEFAULT;

/* A parameter in ms within [@min, @max]; anything else is refused with a
 * log line. Readers use READ_ONCE().
 */
static int regcore_set_ms(const char *val, const struct kernel_param *kp,
			  unsigned int min, unsigned int max)
{
	unsigned int ms;

	if (kstrtouint(val, 0, &ms) || ms < min || ms > max) {
		pr_warn("%s=%s refused: must be %u to %u ms\n", kp->name, val,
			min, max);
		return -EINVAL;
	}
	WRITE_ONCE(*(unsigned int *)kp->arg, ms);
	return 0;
}

static int regcore_set_crda_timeout(const char *val,
				    const struct kernel_param *kp)
{
	return regcore_set_ms(val, kp, REGCORE_CRDA_TIMEOUT_MS_MIN,
			      REGCORE_CRDA_TIMEOUT_MS_MAX);
}

static const struct kernel_param_ops regcore_crda_timeout_ops = {
	.set = regcore_set_crda_timeout,
	.get = param_get_uint,
};
module_param_cb(crda_timeout_ms, &regcore_crda_timeout_ops,
		&regcore_crda_timeout_ms, 0644);
MODULE_PARM_DESC(crda_timeout_ms,
		 "How long a request waits for userspace's answer, ms (100-60000, default 3142)");

/* cell_base_hints: whether countries from cellular base stations (user
 * hints of type NL80211_USER_REG_HINT_CELL_BASE) are taken at all, as a
 * cfg80211 built with CONFIG_CFG80211_REG_CELLULAR_HINTS takes them (an
 * option that needs CONFIG_CFG80211_CERTIFICATION_ONUS: the vendor
 * answers for the device's compliance). Off by default, as in Debian's
 * kernels; fixed at load.
 */
bool regcore_cell_base_hints;
module_param_named(cell_base_hints, regcore_cell_base_hints, bool, 0444);
MODULE_PARM_DESC(cell_base_hints,
		 "Take countries from cellular base stations for the radios that follow them (default N, as cfg80211 without CONFIG_CFG80211_REG_CELLULAR_HINTS)");

/* enforce_grace_ms: how long after a change that may forbid what radios
 * do (the rules, the indoor setting) their drivers are asked to check
 * (check_channels), so that userspace can move or end things first, as
 * cfg80211's REG_ENFORCE_GRACE_MS (60 s).
 */
unsigned int regcore_enforce_grace_ms = REGCORE_ENFORCE_GRACE_MS_DEFAULT;

static int regcore_set_enforce_grace(const char *val,
				     const struct kernel_param *kp)
{
	return regcore_set_ms(val, kp, 0, REGCORE_ENFORCE_GRACE_MS_MAX);
}

static const struct kernel_param_ops regcore_enforce_grace_ops = {
	.set = regcore_set_enforce_grace,
	.get = param_get_uint,
};
module_param_cb(enforce_grace_ms, &regcore_enforce_grace_ops,
		&regcore_enforce_grace_ms, 0644);
MODULE_PARM_DESC(enforce_grace_ms,
		 "How long after a change drivers are asked to leave what it forbids, ms (0-600000, default 60000 as cfg80211)");

/* dfs_nop_ms: how long a radar channel stays unavailable after radar was
 * heard there, as cfg80211's IEEE80211_DFS_MIN_NOP_TIME_MS (30 min, the
 * regulators' non-occupancy period). Shorter only for test beds, which
 * cannot wait half an hour; fixed at load.
 */
unsigned int regcore_dfs_nop_ms = REGCORE_DFS_NOP_MS_DEFAULT;

static int regcore_set_dfs_nop(const char *val, const struct kernel_param *kp)
{
	return regcore_set_ms(val, kp, REGCORE_DFS_NOP_MS_MIN,
			      REGCORE_DFS_NOP_MS_DEFAULT);
}

static const struct kernel_param_ops regcore_dfs_nop_ops = {
	.set = regcore_set_dfs_nop,
	.get = param_get_uint,
};
module_param_cb(dfs_nop_ms, &regcore_dfs_nop_ops, &regcore_dfs_nop_ms, 0444);
MODULE_PARM_DESC(dfs_nop_ms,
		 "How long a channel stays unavailable after radar, ms (1000-1800000, default 1800000: the 30 min non-occupancy period; shorter is for test beds only)");

/* relax_no_ir: whether regcore_reg_can_beacon_relax() relaxes NO_IR at
 * all, as a cfg80211 built with CONFIG_CFG80211_REG_RELAX_NO_IR (which
 * also needs CONFIG_CFG80211_CERTIFICATION_ONUS; Debian's kernels lack
 * it). Off by default; fixed at load.
 */
bool regcore_relax_no_ir;
module_param_named(relax_no_ir, regcore_relax_no_ir, bool, 0444);
MODULE_PARM_DESC(relax_no_ir,
		 "Let radios that ask for it initiate radiation on NO_IR channels where regulators allow it, e.g. indoors (default N, as cfg80211 without CONFIG_CFG80211_REG_RELAX_NO_IR)");

/* ieee80211_regdom, checked at load: a country (upper-cased), or "00". */
char regcore_param_alpha2[3] = "00";

static void regcore_check_param(void)
{
	const char *p = ieee80211_regdom;

	/* As cfg80211: any two letters, upper-cased when queued. */
	if (strlen(p) == 2 && (regcore_alpha2_is_world(p) ||
			       (isascii(p[0]) && isalpha(p[0]) &&
				isascii(p[1]) && isalpha(p[1])))) {
		regcore_param_alpha2[0] = toupper(p[0]);
		regcore_param_alpha2[1] = toupper(p[1]);
		return;
	}
	pr_warn("ignoring ieee80211_regdom=%s: not two letters or 00\n", p);
	memcpy(regcore_param_alpha2, "00", 3);
}

static int __init regcore_init(void)
{
	int err;

	regcore_check_param();
	err = regcore_journal_init();
	if (err)
		return err;
	err = regcore_hints_init();
	if (err)
		goto out_journal;

	err = regcore_uevent_init();
	if (err)
		goto out_hints;
	err = regcore_firmware_init();
	if (err)
		goto out_uevent;
	err = regcore_indoor_init();
	if (err)
		goto out_firmware;
	err = regcore_netlink_init();
	if (err)
		goto out_indoor;
	regcore_dfs_init();
	err = regcore_hints_start();
	if (err)
		goto out_netlink;
	if (regcore_dfs_nop_ms < REGCORE_DFS_NOP_MS_DEFAULT)
		pr_warn("dfs_nop_ms=%u: radar channels are usable again before the 30 min non-occupancy period regulators require; for test beds only\n",
			regcore_dfs_nop_ms);

	if (regcore_alpha2_is_country(regcore_param_alpha2))
		pr_info("loaded: world domain in force; asking %s for 00, then %s (ieee80211_regdom, a user hint)\n",
			regcore_source_name(), regcore_param_alpha2);
	else
		pr_info("loaded: world domain in force; asking %s for 00\n",
			regcore_source_name());
	return 0;

out_netlink:
	regcore_hints_stop();
	regcore_dfs_exit();
	regcore_netlink_exit();
out_indoor:
	regcore_indoor_exit();
out_firmware:
	regcore_firmware_exit();
out_uevent:
	regcore_uevent_exit();
out_hints:
	regcore_hints_exit();
out_journal:
	regcore_journal_exit();
	return err;
}

static void __exit regcore_exit(void)
{
	regcore_hints_stop();
	regcore_dfs_exit();
	regcore_netlink_exit();
	regcore_indoor_exit();
	regcore_hints_exit();
	regcore_firmware_exit();
	regcore_uevent_exit();
	regcore_journal_exit();
	pr_info("unloaded\n");
}

module_init(regcore_init);
module_exit(regcore_exit);

MODULE_DESCRIPTION("Wireless regulatory core: regulatory domains enforced on registered radios");
MODULE_AUTHOR("regcore developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(REGCORE_VERSION);
