// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: asking userspace for rules.
 *
 * The platform device regcore.0 (/sys/devices/platform/regcore.0) exists
 * only to carry the KOBJ_CHANGE uevent with COUNTRY=XX in its environment;
 * udev's 85-regcore.rules starts crda on it, and crda answers with
 * NL80211_CMD_SET_REG. The name differs from cfg80211's regulatory.0 so
 * both can be loaded.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/kobject.h>
#include <linux/platform_device.h>
#include <uapi/linux/regcore.h>

#include "core.h"

/* Written at load and unload only; the work item uses it in between. */
static struct platform_device *regcore_pdev;

int regcore_uevent_init(void)
{
	regcore_pdev = platform_device_register_simple(REGCORE_PDEV_NAME, 0,
						       NULL, 0);
	if (IS_ERR(regcore_pdev)) {
		int err = PTR_ERR(regcore_pdev);

		regcore_pdev = NULL;
		pr_err("cannot register platform device %s.0: %d\n",
		       REGCORE_PDEV_NAME, err);
		return err;
	}
	return 0;
}

void regcore_uevent_exit(void)
{
	/* No "remove" uevent: udev must not start crda for it. */
	dev_set_uevent_suppress(&regcore_pdev->dev, true);
	platform_device_unregister(regcore_pdev);
	regcore_pdev = NULL;
}

/**
 * regcore_uevent_dev() - the platform device, for the firmware loader
 *
 * Return: regcore.0's device; valid between load and unload.
 */
struct device *regcore_uevent_dev(void)
{
	return &regcore_pdev->dev;
}

/**
 * regcore_uevent_request() - ask userspace for a country's rules
 * @alpha2: the country, "00" for the world domain
 *
 * Return: 0 when the uevent went out, a negative errno otherwise.
 */
int regcore_uevent_request(const char *alpha2)
{
	char country[sizeof("COUNTRY=XX")];
	char *envp[2];

	snprintf(country, sizeof(country), "COUNTRY=%c%c", alpha2[0],
		 alpha2[1]);
	envp[0] = country;
	envp[1] = NULL;
	return kobject_uevent_env(&regcore_pdev->dev.kobj, KOBJ_CHANGE, envp);
}
