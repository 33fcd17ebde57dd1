// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the indoor setting, and what a radio may beacon on.
 *
 * Userspace may say that the device operates indoors (NL80211_CMD_REQ_SET_REG
 * with NL80211_USER_REG_HINT_INDOOR). The setting changes no domain and no
 * channel: it relaxes one check, regcore_reg_can_beacon_relax(), for the
 * radios that ask for relaxations (REGCORE_REG_ENABLE_RELAX_NO_IR, and
 * regcore's relax_no_ir parameter standing in for cfg80211's
 * CONFIG_CFG80211_REG_RELAX_NO_IR): a group owner, or a station or P2P
 * client going off-channel, may then initiate radiation on a channel that
 * is NO_IR but allowed indoors (INDOOR_ONLY).
 *
 * The semantics are cfg80211's (net/wireless/reg.c, 6.1 and 6.12 agree:
 * regulatory_hint_indoor(), regulatory_netlink_notify(),
 * restore_regulatory_settings(); nl80211.c, nl80211_req_set_reg()):
 *  - a request without NL80211_ATTR_SOCKET_OWNER sets the device indoors,
 *    whatever else it says, and nobody owns the setting;
 *  - a request with NL80211_ATTR_SOCKET_OWNER sets it to
 *    NL80211_ATTR_REG_INDOOR; its sender's socket becomes the owner if
 *    the setting is on and had no owner, and "off" drops any owner;
 *  - when the owner's socket closes, the setting goes off;
 *  - a restore of the settings (regcore_hint_disconnect(), a failed
 *    request) turns off a setting nobody owns: the device may have moved
 *    since.
 * The last writer wins: several processes may disagree, and "off" from any
 * of them ends the relaxation at once.
 *
 * When the setting goes off, and after every change of the radios'
 * channels, each driver is asked to leave what is no longer allowed (its
 * check_channels callback), once the changes have stopped for the grace
 * period (enforce_grace_ms), as cfg80211's reg_check_channels() and
 * reg_leave_invalid_chans() leave the interfaces it knows.
 *
 * regcore differs where it knows less than cfg80211 or more:
 *  - regcore knows no interfaces: the drivers leave their own (above), and
 *    the IR_CONCURRENT relaxation (another interface of the radio
 *    associated in the same band) is not made;
 *  - the check is 6.1's _cfg80211_reg_can_beacon() on both series: 6.12
 *    lets stations and P2P clients use radar channels (no DFS needed for
 *    them) and access points and group owners initiate radiation at
 *    20 MHz on channels with ALLOW_20MHZ_ACTIVITY (and VLP access points
 *    on 6 GHz); regcore refuses both, the stricter answer;
 *  - the owner is a socket of the initial network namespace: regcore's
 *    family lives there only, and the release of a socket of the same
 *    number in another namespace does not end the setting (cfg80211
 *    compares the number alone).
 * As in cfg80211, a closing socket's port number is free before the
 * release is announced: a new socket that takes that number and sets the
 * indoor setting at that moment loses it to the old socket's release.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/export.h>
#include <linux/netlink.h>
#include <linux/notifier.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>
#include <net/net_namespace.h>

#include "core.h"

/* regcore_indoor_lock protects regcore_indoor and regcore_indoor_portid.
 * It is a leaf lock: nothing else is taken under it, and it is taken under
 * regcore_mutex (a restore, a driver's check) or without it (a request, a
 * socket release).
 */
static DEFINE_SPINLOCK(regcore_indoor_lock);
/* The device operates indoors. */
static bool regcore_indoor;
/* The netlink port of the socket that owns the setting, 0 for none. */
static u32 regcore_indoor_portid;

/**
 * regcore_indoor_get() - the indoor setting
 * @portid: if not NULL, set to the owner's netlink port, 0 for none
 *
 * Return: whether the device operates indoors.
 */
bool regcore_indoor_get(u32 *portid)
{
	bool indoor;

	spin_lock(&regcore_indoor_lock);
	indoor = regcore_indoor;
	if (portid)
		*portid = regcore_indoor_portid;
	spin_unlock(&regcore_indoor_lock);
	return indoor;
}

/**
 * regcore_indoor_hint() - userspace says whether the device is indoors
 * @indoor: the setting
 * @portid: the sender's netlink port, to own the setting; 0 for no owner
 *
 * As cfg80211's regulatory_hint_indoor(): see the top of this file.
 */
void regcore_indoor_hint(bool indoor, u32 portid)
{
	bool was;
	u32 owner;

	spin_lock(&regcore_indoor_lock);
	was = regcore_indoor;
	regcore_indoor = indoor;
	if (!indoor)
		regcore_indoor_portid = 0;
	else if (!regcore_indoor_portid)
		regcore_indoor_portid = portid;
	owner = regcore_indoor_portid;
	spin_unlock(&regcore_indoor_lock);

	if (indoor && owner)
		pr_info_ratelimited("indoor operation: on, until netlink socket %u closes\n",
				    owner);
	else if (indoor)
		pr_info_ratelimited("indoor operation: on\n");
	else if (was)
		pr_info_ratelimited("indoor operation: off\n");
	/* as cfg80211: every "off" has the drivers check */
	if (!indoor)
		regcore_check_channels();
}

/**
 * regcore_indoor_restore() - a restore of the settings
 *
 * Turns off a setting that no socket owns, as cfg80211's
 * restore_regulatory_settings().
 */
void regcore_indoor_restore(void)
{
	bool cleared = false;

	spin_lock(&regcore_indoor_lock);
	if (regcore_indoor && !regcore_indoor_portid) {
		regcore_indoor = false;
		cleared = true;
	}
	spin_unlock(&regcore_indoor_lock);
	if (cleared) {
		pr_info_ratelimited("indoor operation: off, settings restored\n");
		regcore_check_channels();
	}
}

/* A netlink socket was released: the owner's ends the setting. */
static int regcore_indoor_release(struct notifier_block *nb,
				  unsigned long event, void *ptr)
{
	const struct netlink_notify *n = ptr;
	bool cleared = false;

	if (event != NETLINK_URELEASE || n->protocol != NETLINK_GENERIC ||
	    !net_eq(n->net, &init_net) || !n->portid)
		return NOTIFY_DONE;

	spin_lock(&regcore_indoor_lock);
	if (regcore_indoor_portid == n->portid) {
		regcore_indoor = false;
		regcore_indoor_portid = 0;
		cleared = true;
	}
	spin_unlock(&regcore_indoor_lock);
	if (cleared) {
		pr_info_ratelimited("indoor operation: off, its owner's netlink socket %u closed\n",
				    n->portid);
		regcore_check_channels();
	}
	return NOTIFY_OK;
}

static struct notifier_block regcore_indoor_notifier = {
	.notifier_call = regcore_indoor_release,
};

/* Ask the drivers to leave what is no longer allowed (check_channels). */
static void regcore_check_channels_fn(struct work_struct *work)
{
	struct regcore_wiphy *wiphy;

	mutex_lock(&regcore_mutex);
	pr_debug("asking the drivers to leave what the rules no longer allow\n");
	list_for_each_entry(wiphy, &regcore_wiphys, list)
		regcore_check_wiphy_channels(wiphy);
	mutex_unlock(&regcore_mutex);
}

static DECLARE_DELAYED_WORK(regcore_check_work, regcore_check_channels_fn);
/* Until regcore_indoor_init(), and from unload on (before the work is
 * cancelled for good): nothing is queued.
 */
static bool regcore_checks_stopped = true;

/**
 * regcore_check_channels() - what radios do may no longer be allowed
 *
 * Has the drivers' check_channels callbacks run once changes have stopped
 * for enforce_grace_ms (each call starts the period again), as cfg80211's
 * reg_check_channels().
 *
 * Context: any context that may queue work.
 */
void regcore_check_channels(void)
{
	if (READ_ONCE(regcore_checks_stopped))
		return;
	mod_delayed_work(system_power_efficient_wq, &regcore_check_work,
			 msecs_to_jiffies(READ_ONCE(regcore_enforce_grace_ms)));
}

int regcore_indoor_init(void)
{
	int err = netlink_register_notifier(&regcore_indoor_notifier);

	if (err) {
		pr_err("cannot watch netlink sockets for the indoor setting: %d\n",
		       err);
		return err;
	}
	WRITE_ONCE(regcore_checks_stopped, false);
	return 0;
}

/* Safe by the order of regcore_exit(): the hint worker is stopped, the
 * family unregistered, and no radio is registered (their drivers' modules
 * are gone), so once the notifier is unregistered (which waits for calls
 * running) nothing calls regcore_check_channels() any more; the work does
 * not queue itself.
 */
void regcore_indoor_exit(void)
{
	netlink_unregister_notifier(&regcore_indoor_notifier);
	WRITE_ONCE(regcore_checks_stopped, true);
	cancel_delayed_work_sync(&regcore_check_work);
}

/* May @iftype use a relaxation of NO_IR at all? A group owner, and a
 * station or P2P client for off-channel TDLS, as cfg80211_ir_permissive_chan().
 */
static bool regcore_iftype_may_relax(enum nl80211_iftype iftype)
{
	return iftype == NL80211_IFTYPE_P2P_GO ||
	       iftype == NL80211_IFTYPE_STATION ||
	       iftype == NL80211_IFTYPE_P2P_CLIENT;
}

/* Read @chan's flags under regcore_mutex, which the caller may hold
 * already (regcore_wiphy_lock(), or its notifier).
 */
static bool regcore_can_beacon(struct regcore_wiphy *wiphy,
			       const struct regcore_channel *chan,
			       enum nl80211_iftype iftype, bool relax)
{
	u32 prohibited = REGCORE_CHAN_DISABLED | REGCORE_CHAN_RADAR |
			 REGCORE_CHAN_NO_IR | REGCORE_CHAN_NO_20MHZ;
	bool locked = regcore_lock_held_by_caller();
	bool ok = false;

	if (!wiphy || !chan || iftype <= NL80211_IFTYPE_UNSPECIFIED ||
	    iftype >= NUM_NL80211_IFTYPES)
		return false;
	if (!locked) {
		might_sleep();
		mutex_lock(&regcore_mutex);
	}
	if (!wiphy->registered || !regcore_wiphy_has_channel(wiphy, chan))
		goto out;
	if (relax && regcore_relax_no_ir &&
	    (wiphy->regulatory_flags & REGCORE_REG_ENABLE_RELAX_NO_IR) &&
	    regcore_iftype_may_relax(iftype) &&
	    (chan->flags & REGCORE_CHAN_INDOOR_ONLY) && regcore_indoor_get(NULL))
		prohibited &= ~REGCORE_CHAN_NO_IR;
	/* A CAC cleared the radar channel: only DISABLED and NO_20MHZ stay */
	if (regcore_dfs_available(chan, iftype))
		prohibited = REGCORE_CHAN_DISABLED | REGCORE_CHAN_NO_20MHZ;
	/* An S1G channel at its own width, under 20 MHz: not NO_20MHZ but
	 * NO_OFDM forbids it (cfg80211_chandef_usable(), widths 1 to 16)
	 */
	if (chan->band == NL80211_BAND_S1GHZ)
		prohibited = (prohibited & ~REGCORE_CHAN_NO_20MHZ) |
			     REGCORE_CHAN_NO_OFDM;
	ok = !(chan->flags & prohibited);
out:
	if (!locked)
		mutex_unlock(&regcore_mutex);
	return ok;
}

/**
 * regcore_reg_can_beacon() - may the radio initiate radiation on a channel?
 * @wiphy: a registered radio
 * @chan: one of its channels
 * @iftype: the interface that would beacon (enum nl80211_iftype)
 *
 * Whether an interface of type @iftype may start beaconing (or otherwise
 * initiate radiation) on @chan at 20 MHz under the rules in force: the
 * channel is enabled, allows 20 MHz, is not NO_IR, and is not a radar
 * channel, unless a CAC made the radar channel available and @iftype is
 * one that needs DFS (an access point, a P2P group owner, a mesh point or
 * an IBSS), which lifts NO_IR too (dfs.c), as 6.1's
 * cfg80211_reg_can_beacon() for a 20 MHz channel definition (on 6.12
 * too: see indoor.c). An S1G channel is judged at its own width
 * (regcore_s1g_channel_width()), as cfg80211 judges an S1G channel
 * definition of the channel alone: 20 MHz need not fit, and NO_OFDM
 * forbids it.
 *
 * Context: process context; may sleep: it takes regcore's state lock,
 * unless the caller holds it (regcore_wiphy_lock(), or the radio's
 * notifier or check_channels callback). So never call it while holding a
 * lock that the radio's notifier or check_channels callback takes. The
 * channel's flags cannot change while the caller holds regcore's lock.
 * Return: true if it may; false if not, or for a radio not registered, a
 * channel not its own, or an unknown @iftype.
 */
bool regcore_reg_can_beacon(struct regcore_wiphy *wiphy,
			    const struct regcore_channel *chan,
			    enum nl80211_iftype iftype)
{
	return regcore_can_beacon(wiphy, chan, iftype, false);
}
EXPORT_SYMBOL_GPL(regcore_reg_can_beacon);

/**
 * regcore_reg_can_beacon_relax() - regcore_reg_can_beacon(), with the
 *	relaxations some regulators allow
 * @wiphy: a registered radio
 * @chan: one of its channels
 * @iftype: the interface that would beacon (enum nl80211_iftype)
 *
 * As regcore_reg_can_beacon(), but NO_IR does not forbid a channel that is
 * allowed indoors (INDOOR_ONLY) while userspace says the device operates
 * indoors, for a P2P group owner, a station or a P2P client, on a radio
 * with %REGCORE_REG_ENABLE_RELAX_NO_IR when regcore's relax_no_ir
 * parameter is set: cfg80211_reg_can_beacon_relax() and
 * cfg80211_ir_permissive_chan(). The relaxation for IR_CONCURRENT channels
 * (another interface associated in the same band) is not made: regcore
 * knows no interfaces.
 *
 * The indoor setting can go off at any time, even while regcore's lock is
 * held (its owner's socket closes): the driver's check_channels callback
 * is then asked to leave what is no longer allowed.
 *
 * Context: as regcore_reg_can_beacon().
 * Return: true if it may; false if not, or for a radio not registered, a
 * channel not its own, or an unknown @iftype.
 */
bool regcore_reg_can_beacon_relax(struct regcore_wiphy *wiphy,
				  const struct regcore_channel *chan,
				  enum nl80211_iftype iftype)
{
	return regcore_can_beacon(wiphy, chan, iftype, true);
}
EXPORT_SYMBOL_GPL(regcore_reg_can_beacon_relax);
