// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: self-managed radios.
 *
 * A radio registered with REGCORE_REG_WIPHY_SELF_MANAGED takes its domain
 * from its own firmware, not from the hints regcore processes. Its driver
 * hands that domain over with regcore_set_wiphy_regd(), which may be
 * called from any process context and leaves the work to regcore's worker,
 * or with regcore_set_wiphy_regd_sync() under regcore_wiphy_lock(), which
 * applies it before returning (from the radio's notifier, say). Either may
 * come before registration; the domain is then applied when the radio
 * registers. Each applied domain becomes the radio's own (wiphy->regd),
 * its channels are computed from it alone and NL80211_CMD_WIPHY_REG_CHANGE
 * is multicast, as cfg80211's reg_process_self_managed_hint() does.
 *
 * Nothing else changes such a radio's channels: channels.c skips it on
 * every regulatory change, restores leave it alone, and registration turns
 * beacon hints and country elements off for it. Its driver hears of every
 * user hint, before the hint is decided, through its notifier: a driver
 * passes the country on to its firmware and gives back what the firmware
 * answers.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/ctype.h>
#include <linux/export.h>
#include <linux/spinlock.h>

#include "core.h"

/* Protects every radio's requested_regd: the driver's latest domain, not
 * yet applied. Taken without regcore_mutex by regcore_set_wiphy_regd() and
 * under it by the worker, registration and unregistration; nothing is
 * taken under it.
 */
static DEFINE_SPINLOCK(regcore_self_lock);

/* The flags a self-managed radio cannot have: they ask regcore to manage
 * the radio's domain, which its firmware does.
 */
#define REGCORE_SELF_MANAGED_EXCLUDES (REGCORE_REG_CUSTOM_REG |		\
	REGCORE_REG_STRICT_REG | REGCORE_REG_COUNTRY_IE_IGNORE |	\
	REGCORE_REG_COUNTRY_IE_FOLLOW_POWER)

static bool regcore_self_managed(const struct regcore_wiphy *wiphy)
{
	return wiphy->regulatory_flags & REGCORE_REG_WIPHY_SELF_MANAGED;
}

/**
 * regcore_self_managed_register() - a self-managed radio's flags, checked
 * @wiphy: a radio about to be registered
 *
 * Context: regcore_mutex held.
 * Return: 0 (beacon hints and country elements now off for a self-managed
 * radio), or -EINVAL for flags that do not go with it.
 */
int regcore_self_managed_register(struct regcore_wiphy *wiphy)
{
	if (!regcore_self_managed(wiphy))
		return 0;
	if (wiphy->regulatory_flags & REGCORE_SELF_MANAGED_EXCLUDES) {
		pr_err_ratelimited("refused radio: self-managed with regulatory flags 0x%x (custom, strict or country element flags)\n",
				   wiphy->regulatory_flags);
		return -EINVAL;
	}
	WRITE_ONCE(wiphy->regulatory_flags,
		   wiphy->regulatory_flags | REGCORE_REG_DISABLE_BEACON_HINTS |
		   REGCORE_REG_COUNTRY_IE_IGNORE);
	return 0;
}

/**
 * regcore_self_managed_registered() - a self-managed radio just registered
 * @wiphy: the radio, on the list now
 *
 * If the request in force is the user's, the radio's notifier hears of it
 * (the user's country may have come before the radio); then the domain
 * the driver gave before registration, if any, is applied.
 *
 * Context: regcore_mutex held.
 */
void regcore_self_managed_registered(struct regcore_wiphy *wiphy)
{
	const struct regcore_request_info *lr;

	lockdep_assert_held(&regcore_mutex);
	if (!regcore_self_managed(wiphy))
		return;
	lr = regcore_last_request_info();
	if (lr->initiator == NL80211_REGDOM_SET_BY_USER)
		regcore_notify_wiphy(wiphy, lr);
	regcore_self_managed_apply(wiphy);
}

/* Take the radio's requested domain, if any. */
static const struct regcore_regdomain *
regcore_self_take(struct regcore_wiphy *wiphy)
{
	const struct regcore_regdomain *rd;

	spin_lock(&regcore_self_lock);
	rd = wiphy->requested_regd;
	wiphy->requested_regd = NULL;
	spin_unlock(&regcore_self_lock);
	return rd;
}

/**
 * regcore_self_managed_apply() - apply a radio's requested domain
 * @wiphy: a registered radio
 *
 * The domain becomes the radio's own, its channels follow it, and
 * NL80211_CMD_WIPHY_REG_CHANGE says so (initiator driver, the domain's
 * alpha2, the radio). The notifier runs only for a radio with
 * %REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER, as in cfg80211: the driver gave
 * the domain.
 *
 * Context: regcore_mutex held.
 */
void regcore_self_managed_apply(struct regcore_wiphy *wiphy)
{
	struct regcore_request_info info = {
		.initiator = NL80211_REGDOM_SET_BY_DRIVER,
		.wiphy_idx = wiphy->idx,
	};
	const struct regcore_regdomain *rd;

	lockdep_assert_held(&regcore_mutex);
	rd = regcore_self_take(wiphy);
	if (!rd)
		return;
	/* its first domain puts the radio in GET_REG's dump */
	if (!regcore_wiphy_regd(wiphy))
		regcore_wiphys_generation++;
	regcore_wiphy_set_regd(wiphy, rd);
	regcore_self_managed_channels(wiphy, rd);
	memcpy(info.alpha2, rd->alpha2, 2);
	info.dfs_region = rd->dfs_region;
	if (wiphy->regulatory_flags & REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER)
		regcore_notify_wiphy(wiphy, &info);
	regcore_nl_wiphy_reg_change(&info);
	regcore_check_channels();
	pr_debug("self-managed radio %s: domain %.2s (%u rules) applied\n",
		 wiphy->name, rd->alpha2, rd->n_reg_rules);
}

/**
 * regcore_self_managed_process() - apply every requested domain
 *
 * Called by the worker after the hints and beacons.
 *
 * Context: regcore_mutex held.
 */
void regcore_self_managed_process(void)
{
	struct regcore_wiphy *wiphy;

	lockdep_assert_held(&regcore_mutex);
	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (regcore_self_managed(wiphy))
			regcore_self_managed_apply(wiphy);
}

/**
 * regcore_self_managed_notify() - tell self-managed radios of a user hint
 * @info: the user's request, about to be decided
 *
 * As cfg80211's notify_self_managed_wiphys(): every user hint, whatever
 * becomes of it, reaches the notifier of every self-managed radio.
 *
 * Context: regcore_mutex held.
 */
void regcore_self_managed_notify(const struct regcore_request_info *info)
{
	struct regcore_wiphy *wiphy;

	lockdep_assert_held(&regcore_mutex);
	if (info->initiator != NL80211_REGDOM_SET_BY_USER)
		return;
	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (regcore_self_managed(wiphy))
			regcore_notify_wiphy(wiphy, info);
}

/**
 * regcore_self_managed_forget() - drop a domain not yet applied
 * @wiphy: a radio being unregistered or freed
 */
void regcore_self_managed_forget(struct regcore_wiphy *wiphy)
{
	regcore_regdom_free(regcore_self_take(wiphy));
}

/* A radio's name in log lines: unregistered radios have none yet. */
static const char *regcore_self_name(const struct regcore_wiphy *wiphy)
{
	return wiphy->name[0] ? wiphy->name : "an unregistered radio";
}

/* A domain a driver gives: two letters or digits, a DFS region nl80211
 * knows, sound rules (a driver's domain may, as a custom one, give a rule
 * more bandwidth than its range).
 */
static int regcore_self_check(const struct regcore_wiphy *wiphy,
			      const struct regcore_regdomain *rd)
{
	if (!wiphy || !rd) {
		pr_err_ratelimited("refused self-managed domain: missing radio or domain\n");
		return -EINVAL;
	}
	/* unlocked: registration may set other flags meanwhile */
	if (!(READ_ONCE(wiphy->regulatory_flags) &
	      REGCORE_REG_WIPHY_SELF_MANAGED)) {
		pr_err_ratelimited("refused self-managed domain for %s: the radio is not self-managed\n",
				   regcore_self_name(wiphy));
		return -EPERM;
	}
	if (!isalnum(rd->alpha2[0]) || !isalnum(rd->alpha2[1]) ||
	    rd->alpha2[2]) {
		pr_err_ratelimited("refused self-managed domain for %s: alpha2 %*ph is not two letters or digits\n",
				   regcore_self_name(wiphy), 3, rd->alpha2);
		return -EINVAL;
	}
	if (rd->dfs_region > NL80211_DFS_JP) {
		pr_err_ratelimited("refused self-managed domain %.2s for %s: DFS region %u\n",
				   rd->alpha2, regcore_self_name(wiphy),
				   rd->dfs_region);
		return -EINVAL;
	}
	/* as cfg80211's is_valid_rd(): no rule wider than its range */
	return regcore_regdom_validate_rules(rd, false, NULL);
}

/* Check and copy @rd, and make it the radio's requested domain. */
static int regcore_self_request(struct regcore_wiphy *wiphy,
				const struct regcore_regdomain *rd)
{
	const struct regcore_regdomain *old;
	struct regcore_regdomain *copy;
	int err;

	err = regcore_self_check(wiphy, rd);
	if (err)
		return err;
	copy = regcore_regdom_copy(rd);
	if (!copy)
		return -ENOMEM;
	spin_lock(&regcore_self_lock);
	old = wiphy->requested_regd;
	wiphy->requested_regd = copy;
	spin_unlock(&regcore_self_lock);
	/* Replaced before it was applied: only the latest counts. */
	regcore_regdom_free(old);
	return 0;
}

/**
 * regcore_set_wiphy_regd() - a self-managed radio's domain from its driver
 * @wiphy: a radio with %REGCORE_REG_WIPHY_SELF_MANAGED, registered or not
 * @rd: the domain its firmware gave (any two letters or digits as alpha2);
 *	copied
 *
 * The worker applies it soon; if the radio is not registered yet, its
 * registration does. A second call before then replaces the first.
 *
 * Context: process context; does not sleep on regcore's lock.
 * Return: 0; -EPERM for a radio that is not self-managed; -EINVAL for a
 * missing radio or domain or a malformed domain; -ENOMEM.
 */
int regcore_set_wiphy_regd(struct regcore_wiphy *wiphy,
			   const struct regcore_regdomain *rd)
{
	int err = regcore_self_request(wiphy, rd);

	if (!err)
		regcore_hints_kick();
	return err;
}
EXPORT_SYMBOL_GPL(regcore_set_wiphy_regd);

/**
 * regcore_set_wiphy_regd_sync() - a self-managed radio's domain, at once
 * @wiphy: a radio with %REGCORE_REG_WIPHY_SELF_MANAGED, registered or not
 * @rd: the domain its firmware gave; copied
 *
 * As regcore_set_wiphy_regd(), but a registered radio's channels follow
 * the domain before this returns. For drivers that hold regcore's lock
 * already: from their notifier, or between regcore_wiphy_lock() and
 * regcore_wiphy_unlock().
 *
 * Context: regcore_wiphy_lock() held by the caller, or called from the
 * radio's notifier.
 * Return: as regcore_set_wiphy_regd(), and -EINVAL when called from
 * anywhere else (the caller's task is compared with the lock's holder).
 */
int regcore_set_wiphy_regd_sync(struct regcore_wiphy *wiphy,
				const struct regcore_regdomain *rd)
{
	int err;

	if (!regcore_lock_held_by_caller()) {
		pr_err_ratelimited("refused self-managed domain: %s() outside regcore_wiphy_lock() and the notifier\n",
				   __func__);
		return -EINVAL;
	}
	lockdep_assert_held(&regcore_mutex);
	err = regcore_self_request(wiphy, rd);
	if (!err && wiphy->registered)
		regcore_self_managed_apply(wiphy);
	return err;
}
EXPORT_SYMBOL_GPL(regcore_set_wiphy_regd_sync);
