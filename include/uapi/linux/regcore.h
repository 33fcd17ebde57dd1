/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * regcore: what userspace needs beyond <linux/nl80211.h>.
 *
 * The regcore generic netlink family speaks nl80211's command and
 * attribute numbers (NL80211_CMD_GET_REG, NL80211_CMD_SET_REG,
 * NL80211_CMD_REQ_SET_REG, NL80211_CMD_REG_CHANGE, NL80211_CMD_GET_WIPHY;
 * NL80211_ATTR_*), with nl80211's units: kHz, mBi, mBm, ms. Only the names
 * below differ, so that regcore and the kernel's own cfg80211 can be loaded
 * side by side.
 *
 * regcore's own additions to those messages:
 *  - NL80211_CMD_GET_REG's domain in force (not a radio's) carries the
 *    flag NL80211_ATTR_REG_INDOOR while userspace says the device operates
 *    indoors (NL80211_CMD_REQ_SET_REG, NL80211_USER_REG_HINT_INDOOR), and
 *    the flag NL80211_ATTR_SOCKET_OWNER too while a socket owns that
 *    setting (it ends when the socket closes). nl80211 reports the
 *    setting nowhere.
 */
#ifndef _UAPI_LINUX_REGCORE_H
#define _UAPI_LINUX_REGCORE_H

/* Generic netlink family name and version. */
#define REGCORE_GENL_NAME		"regcore"
#define REGCORE_GENL_VERSION		1

/* Multicast group carrying NL80211_CMD_REG_CHANGE notifications. */
#define REGCORE_MCGRP_REGULATORY	"regulatory"
/*
 * Multicast group carrying NL80211_CMD_RADAR_DETECT notifications (the DFS
 * state of a radio's radar channels changed), as nl80211's group of that
 * name; they never name an interface.
 */
#define REGCORE_MCGRP_MLME		"mlme"

/*
 * The platform device whose KOBJ_CHANGE uevent asks userspace (crda) for a
 * country's rules: /sys/devices/platform/regcore.0, with COUNTRY=XX in the
 * event's environment ("00" asks for the world domain).
 */
#define REGCORE_PDEV_NAME		"regcore"

#endif /* _UAPI_LINUX_REGCORE_H */
