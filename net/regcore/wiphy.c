// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the driver-facing API.
 *
 * Drivers allocate a radio, describe its bands and channels, optionally
 * apply a custom domain, register it, give hints, and unregister it. Every
 * entry point checks its arguments and answers bad ones with -EINVAL and a
 * log line naming the problem: a driver bug must not crash the kernel.
 * The log lines are rate-limited: a driver in a loop, or an access point
 * sending odd country elements, must not flood the log.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/export.h>
#include <linux/limits.h>
#include <linux/slab.h>

#include "core.h"

/* Registered radios, in registration order. Protected by regcore_mutex. */
LIST_HEAD(regcore_wiphys);
/* Bumped on every registration change; dumps report inconsistency. */
u32 regcore_wiphys_generation;
static u32 regcore_wiphy_counter;

/* The task that may call regcore_set_wiphy_regd_sync() and the calls that
 * take regcore's lock unless the caller holds it: the driver's thread
 * between regcore_wiphy_lock() and regcore_wiphy_unlock(), or the thread
 * running one of a radio's callbacks (the notifier, check_channels,
 * end_cac, dfs_chan_in_use). Written under regcore_mutex; read
 * without it by the task that checks whether it is the one (no other task
 * can make it equal to itself).
 */
static struct task_struct *regcore_lock_holder;

/**
 * regcore_lock_held_by_caller() - may the caller use regcore's state now?
 *
 * Return: true when the calling task holds regcore_mutex through
 * regcore_wiphy_lock() or runs a radio's callback under it.
 */
bool regcore_lock_held_by_caller(void)
{
	return READ_ONCE(regcore_lock_holder) == current;
}

/**
 * regcore_callback_enter() - the current task calls a driver's callback
 *
 * The callback may use the calls that take regcore's lock unless the
 * caller holds it (regcore_lock_held_by_caller()).
 *
 * Context: regcore_mutex held.
 * Return: the holder before, for regcore_callback_leave().
 */
struct task_struct *regcore_callback_enter(void)
{
	struct task_struct *outer = regcore_lock_holder;

	lockdep_assert_held(&regcore_mutex);
	WRITE_ONCE(regcore_lock_holder, current);
	return outer;
}

/**
 * regcore_callback_leave() - the driver's callback returned
 * @outer: what regcore_callback_enter() returned
 *
 * Context: regcore_mutex held.
 */
void regcore_callback_leave(struct task_struct *outer)
{
	WRITE_ONCE(regcore_lock_holder, outer);
}

/**
 * regcore_notify_wiphy() - call a radio's notifier
 * @wiphy: the radio
 * @info: the change it is told of
 *
 * The notifier may call regcore_set_wiphy_regd_sync() (self-managed
 * radios do, from their user hint notifications); a notifier called from
 * within one (REGCORE_REG_NOTIFY_REGDOM_BY_DRIVER) keeps that right.
 *
 * Context: regcore_mutex held.
 */
void regcore_notify_wiphy(struct regcore_wiphy *wiphy,
			  const struct regcore_request_info *info)
{
	struct task_struct *outer;

	lockdep_assert_held(&regcore_mutex);
	if (!wiphy->reg_notifier)
		return;
	outer = regcore_callback_enter();
	wiphy->reg_notifier(wiphy, info);
	regcore_callback_leave(outer);
}

/**
 * regcore_check_wiphy_channels() - ask a radio's driver to leave what the
 *	rules no longer allow
 * @wiphy: the radio
 *
 * As regcore_notify_wiphy(), for the check_channels callback.
 *
 * Context: regcore_mutex held.
 */
void regcore_check_wiphy_channels(struct regcore_wiphy *wiphy)
{
	struct task_struct *outer;

	lockdep_assert_held(&regcore_mutex);
	if (!wiphy->check_channels)
		return;
	outer = regcore_callback_enter();
	wiphy->check_channels(wiphy);
	regcore_callback_leave(outer);
}

/* The most channels a band may declare. */
#define REGCORE_MAX_CHANNELS	512

/**
 * regcore_wiphy_by_idx() - a registered radio by index
 * @idx: the radio's index
 *
 * Context: regcore_mutex held.
 * Return: the radio, or NULL.
 */
struct regcore_wiphy *regcore_wiphy_by_idx(u32 idx)
{
	struct regcore_wiphy *wiphy;

	lockdep_assert_held(&regcore_mutex);
	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (wiphy->idx == idx)
			return wiphy;
	return NULL;
}

/**
 * regcore_wiphy_set_regd() - give a radio its own domain
 * @wiphy: the radio
 * @rd: the domain (now owned by the radio), or NULL
 *
 * The domain it had is freed after a grace period: lock-free readers
 * (regcore_freq_reg_info()) may still look at it.
 *
 * Context: regcore_mutex held.
 */
void regcore_wiphy_set_regd(struct regcore_wiphy *wiphy,
			    const struct regcore_regdomain *rd)
{
	const struct regcore_regdomain *old = regcore_wiphy_regd(wiphy);

	rcu_assign_pointer(wiphy->regd, rd);
	regcore_regdom_free(old);
}

/**
 * regcore_wiphy_new() - allocate a radio
 *
 * Return: a zeroed radio for the driver to fill in, or NULL.
 */
struct regcore_wiphy *regcore_wiphy_new(void)
{
	struct regcore_wiphy *wiphy = kzalloc(sizeof(*wiphy), GFP_KERNEL);

	if (!wiphy)
		return NULL;
	INIT_LIST_HEAD(&wiphy->list);
	wiphy->idx = REGCORE_WIPHY_IDX_INVALID;
	return wiphy;
}
EXPORT_SYMBOL_GPL(regcore_wiphy_new);

/**
 * regcore_wiphy_free() - free a radio
 * @wiphy: a radio from regcore_wiphy_new(), or NULL
 *
 * A radio still registered is unregistered first (with a log line: that
 * is a driver bug).
 */
void regcore_wiphy_free(struct regcore_wiphy *wiphy)
{
	if (!wiphy)
		return;
	if (READ_ONCE(wiphy->registered)) {
		pr_err_ratelimited("radio %s freed while registered: unregistering it\n",
				   wiphy->name);
		regcore_wiphy_unregister(wiphy);
	}
	/* Never registered, or unregistered: no reader can see it. */
	regcore_regdom_free(rcu_dereference_protected(wiphy->regd, true));
	regcore_self_managed_forget(wiphy);
	kfree(wiphy);
}
EXPORT_SYMBOL_GPL(regcore_wiphy_free);

/* The radio's bands and channels make sense: at least one channel, known
 * bands, sane frequencies.
 */
static int regcore_wiphy_check(const struct regcore_wiphy *wiphy)
{
	enum nl80211_band b;
	int i, n = 0;

	for (b = 0; b < NUM_NL80211_BANDS; b++) {
		const struct regcore_band *band = wiphy->bands[b];

		if (!band)
			continue;
		if (band->n_channels <= 0 ||
		    band->n_channels > REGCORE_MAX_CHANNELS ||
		    !band->channels) {
			pr_err_ratelimited("refused radio: band %d has %d channels\n",
					   b, band->n_channels);
			return -EINVAL;
		}
		for (i = 0; i < band->n_channels; i++) {
			u32 freq = band->channels[i].center_freq;
			u16 offset = band->channels[i].freq_offset;

			if (!freq ||
			    REGCORE_MHZ_TO_KHZ((u64)freq) > REGCORE_MAX_FREQ_KHZ) {
				pr_err_ratelimited("refused radio: band %d channel %d at %u MHz\n",
						   b, i, freq);
				return -EINVAL;
			}
			if (offset >= 1000) {
				pr_err_ratelimited("refused radio: band %d channel %d at %u MHz has a %u kHz offset (0 to 999)\n",
						   b, i, freq, offset);
				return -EINVAL;
			}
		}
		n += band->n_channels;
	}
	if (!n) {
		pr_err_ratelimited("refused radio: no band with channels\n");
		return -EINVAL;
	}
	return 0;
}

/**
 * regcore_wiphy_register() - put a radio under regulation
 * @wiphy: a radio from regcore_wiphy_new() with its bands filled in
 *
 * The channels' flags and power become the radio's originals, which later
 * domains only restrict; then the channels are computed from the domain
 * in force. A radio on a custom domain is announced with a REG_CHANGE of
 * type custom world, as cfg80211 does. A self-managed radio's notifier may
 * run before this returns (see regcore_notifier_t): the driver has it
 * ready before registering.
 *
 * A radio is registered once. Once unregistered, its channels carry the
 * last domain's flags and its custom domain is gone, so registering it
 * again is refused: free it and allocate a new one (cfg80211's wiphys are
 * the same).
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0, or -EINVAL for a missing or malformed radio, one already
 * registered, or one registered before; -ENOMEM.
 */
int regcore_wiphy_register(struct regcore_wiphy *wiphy)
{
	struct regcore_request_info custom = {
		.initiator = NL80211_REGDOM_SET_BY_DRIVER,
		.alpha2 = "99",
	};
	const struct regcore_regdomain *own;
	struct regcore_why *why;
	int err, n;

	if (!wiphy) {
		pr_err_ratelimited("refused radio: NULL\n");
		return -EINVAL;
	}
	err = regcore_wiphy_check(wiphy);
	if (err)
		return err;
	/* what set its channels, for REGCORE_OP_WHY */
	why = regcore_why_alloc();
	if (!why)
		return -ENOMEM;

	mutex_lock(&regcore_mutex);
	/* Under the lock: two registrations of one radio must not both pass. */
	if (wiphy->registered || wiphy->idx != REGCORE_WIPHY_IDX_INVALID) {
		mutex_unlock(&regcore_mutex);
		regcore_why_free(why);
		pr_err_ratelimited("refused radio %s: %s\n", wiphy->name,
				   wiphy->registered ? "already registered" :
				   "registered before; free it and allocate a new one");
		return -EINVAL;
	}
	err = regcore_self_managed_register(wiphy);
	if (err) {
		mutex_unlock(&regcore_mutex);
		regcore_why_free(why);
		return err;
	}
	wiphy->why = why;
	n = regcore_channels_set_originals(wiphy);
	wiphy->idx = regcore_wiphy_counter++;
	snprintf(wiphy->name, sizeof(wiphy->name), "rphy%u", wiphy->idx);
	list_add_tail(&wiphy->list, &regcore_wiphys);
	WRITE_ONCE(wiphy->registered, true);
	regcore_wiphys_generation++;

	regcore_why_path(wiphy, REGCORE_WHY_ORIGINAL);
	regcore_self_managed_registered(wiphy);
	regcore_update_wiphy(wiphy, regcore_last_request_info()->initiator);
	/* a change it did not follow is one after its registration */
	regcore_why_registered(wiphy);
	regcore_dfs_share(wiphy);
	if (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG) {
		own = regcore_wiphy_regd(wiphy);
		custom.wiphy_idx = wiphy->idx;
		custom.dfs_region = own ? own->dfs_region : 0;
		regcore_nl_reg_change(&custom);
	}
	mutex_unlock(&regcore_mutex);

	pr_info_ratelimited("radio %s registered: %d channels%s%s%s\n",
			    wiphy->name, n,
			    wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG ?
			    ", custom domain" : "",
			    wiphy->regulatory_flags &
			    REGCORE_REG_WIPHY_SELF_MANAGED ? ", self-managed" : "",
			    wiphy->regulatory_flags & REGCORE_REG_STRICT_REG ?
			    ", strict" : "");
	return 0;
}
EXPORT_SYMBOL_GPL(regcore_wiphy_register);

/**
 * regcore_wiphy_unregister() - take a radio out of regulation
 * @wiphy: a registered radio
 *
 * When it returns regcore no longer touches the radio, its bands or its
 * notifier; the driver may free them. Its hints still queued are dropped.
 * The radio cannot be registered again: only regcore_wiphy_free() is left.
 *
 * Context: process context; takes regcore_mutex.
 */
void regcore_wiphy_unregister(struct regcore_wiphy *wiphy)
{
	if (!wiphy) {
		pr_err_ratelimited("cannot unregister a radio that is not registered\n");
		return;
	}
	mutex_lock(&regcore_mutex);
	if (!wiphy->registered) {
		mutex_unlock(&regcore_mutex);
		pr_err_ratelimited("cannot unregister a radio that is not registered\n");
		return;
	}
	list_del_init(&wiphy->list);
	WRITE_ONCE(wiphy->registered, false);
	regcore_wiphys_generation++;
	regcore_hints_wiphy_gone(wiphy);
	regcore_wiphy_set_regd(wiphy, NULL);
	regcore_self_managed_forget(wiphy);
	regcore_dfs_wiphy_gone(wiphy);
	regcore_why_free(wiphy->why);
	wiphy->why = NULL;
	mutex_unlock(&regcore_mutex);
	pr_info_ratelimited("radio %s unregistered\n", wiphy->name);
}
EXPORT_SYMBOL_GPL(regcore_wiphy_unregister);

/**
 * regcore_apply_custom_regulatory() - give a radio the driver's own domain
 * @wiphy: a radio not yet registered, with its bands filled in
 * @regd: the domain (any alpha2; "99" is customary); copied
 *
 * Channels no rule of @regd holds are disabled for good; the others take
 * the rule's flags and limits as their originals. The radio is marked
 * %REGCORE_REG_CUSTOM_REG: world updates from the core leave it alone.
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0; -EINVAL for missing arguments, a radio registered now or
 * before, or a malformed domain; -ENOMEM.
 */
int regcore_apply_custom_regulatory(struct regcore_wiphy *wiphy,
				    const struct regcore_regdomain *regd)
{
	struct regcore_regdomain *copy;
	int err;

	if (!wiphy || !regd) {
		pr_err_ratelimited("refused custom domain: missing radio or domain\n");
		return -EINVAL;
	}
	err = regcore_wiphy_check(wiphy);
	if (err)
		return err;
	err = regcore_regdom_validate_rules(regd, true, NULL);
	if (err)
		return err;
	copy = regcore_regdom_copy(regd);
	if (!copy)
		return -ENOMEM;

	mutex_lock(&regcore_mutex);
	if (wiphy->registered || wiphy->idx != REGCORE_WIPHY_IDX_INVALID) {
		mutex_unlock(&regcore_mutex);
		pr_err_ratelimited("refused custom domain for %s: apply it before registration\n",
				   wiphy->name);
		regcore_regdom_free(copy);
		return -EINVAL;
	}
	wiphy->regulatory_flags |= REGCORE_REG_CUSTOM_REG;
	regcore_apply_custom_channels(wiphy, regd);
	regcore_wiphy_set_regd(wiphy, copy);
	mutex_unlock(&regcore_mutex);
	return 0;
}
EXPORT_SYMBOL_GPL(regcore_apply_custom_regulatory);

/**
 * regcore_regulatory_hint() - the driver knows the radio's country
 * @wiphy: a registered radio
 * @alpha2: two letters (any case)
 *
 * The hint is queued; regcore asks userspace for the country's rules and
 * clears %REGCORE_REG_CUSTOM_REG when it processes it, unless the hint is
 * ignored (cfg80211 clears the flag when the hint is given, whatever
 * becomes of it).
 *
 * A radio that keeps a domain of its own already (a custom one) gets the
 * answer as cfg80211 of the same kernel gives it: from 6.7 the answer
 * replaces the radio's domain and is put in force; before, it is refused
 * and the domain in force stays (tests/vm/KERNEL-DIFFERENCES, entry 8).
 *
 * A self-managed radio's driver gives no hints: it gives the radio's domain
 * with regcore_set_wiphy_regd(). cfg80211 takes such a hint, and its answer
 * either bounces off the radio's own domain (6.1) or replaces it (from
 * 6.7), which would undo what the firmware decided; regcore refuses it.
 *
 * Context: process context.
 * Return: 0 when queued; -EINVAL for a missing, unregistered or
 * self-managed radio or a bad alpha2; -EBUSY when too many hints are
 * waiting; -ENOMEM; -ESHUTDOWN while regcore unloads.
 */
int regcore_regulatory_hint(struct regcore_wiphy *wiphy, const char *alpha2)
{
	int err;

	if (!wiphy || !READ_ONCE(wiphy->registered)) {
		pr_err_ratelimited("refused driver hint: the radio is not registered\n");
		return -EINVAL;
	}
	if (wiphy->regulatory_flags & REGCORE_REG_WIPHY_SELF_MANAGED) {
		pr_err_ratelimited("refused driver hint from %s: a self-managed radio gives its domain with regcore_set_wiphy_regd()\n",
				   wiphy->name);
		return -EINVAL;
	}
	err = regcore_hint_driver(wiphy, alpha2);
	if (err == -EINVAL)
		pr_err_ratelimited("refused driver hint from %s: alpha2 must be two letters\n",
				   wiphy->name);
	return err;
}
EXPORT_SYMBOL_GPL(regcore_regulatory_hint);

/**
 * regcore_hint_disconnect() - the radio's stations disconnected
 * @wiphy: a registered radio
 *
 * Call it when none of the radio's interfaces is connected or beaconing
 * any more (cfg80211 calls its regulatory_hint_disconnect() once all of
 * its interfaces are idle): what the access points said no longer holds.
 * A radio counts as associated from its regcore_country_ie_hint() to its
 * regcore_hint_disconnect(); once none is left, the settings are restored
 * as cfg80211 does then, before the call returns: the world domain, the
 * country element in force dropped, the beacons heard forgotten, custom
 * radios back on their own domain, then the user's earlier country put
 * back in force from its last answer, without asking userspace (or asked
 * for, when no answer was kept); hints that were waiting follow. A user
 * request still waiting for its answer is asked for again. Self-managed
 * radios keep their channels; their notifier hears the user's country
 * again. When every registered radio ignores country elements
 * (%REGCORE_REG_COUNTRY_IE_IGNORE), only the beacons heard are forgotten.
 * A country element the radio reports after the call is a new one, even
 * for the same country.
 *
 * Context: process context; may sleep. Not from a reg_notifier or a
 * check_channels callback, nor under regcore_wiphy_lock(): a driver that
 * leaves a station from its check_channels callback reports the
 * disconnect afterwards, from its own work (as cfg80211 does from
 * cfg80211_disconnect_work()).
 * Return: 0 when taken (whether or not anything was restored); -EINVAL
 * for a missing or unregistered radio; -EDEADLK when called under
 * regcore's lock; -ESHUTDOWN while regcore unloads.
 */
int regcore_hint_disconnect(struct regcore_wiphy *wiphy)
{
	int err;

	if (!wiphy || !READ_ONCE(wiphy->registered)) {
		pr_err_ratelimited("refused disconnect hint: the radio is not registered\n");
		return -EINVAL;
	}
	if (regcore_lock_held_by_caller()) {
		pr_err_ratelimited("refused disconnect hint from %s: given under regcore's lock (its notifier, check_channels or regcore_wiphy_lock()); give it from a work item\n",
				   wiphy->name);
		return -EDEADLK;
	}
	err = regcore_hints_disconnect(wiphy);
	if (err == -EINVAL)
		pr_err_ratelimited("refused disconnect hint from %s: the radio is not registered\n",
				   wiphy->name);
	return err;
}
EXPORT_SYMBOL_GPL(regcore_hint_disconnect);

/**
 * regcore_country_ie_hint() - the radio saw an 802.11d country element
 * @wiphy: a registered radio
 * @band: the band the element was seen on
 * @country_ie: the element's payload: the country string (two letters
 *	and the environment: 'I', 'O' or ' '), then triplets
 * @country_ie_len: its length in bytes: even, at least 6
 *
 * The element comes from a remote party. Report it once per association,
 * as cfg80211 is told of it: a repeat of the radio's last element (same
 * country, no restore since) is dropped, so a driver that reports every
 * beacon costs nothing, and a later repeat after a user hint does not undo
 * it. An element after regcore_hint_disconnect() counts as new, even for
 * the same country: the restore it brings ends the repeats. This differs from cfg80211 in
 * one case: a new association to an access point of the same country,
 * without a disconnect hint between (the driver did not give one), after
 * a user or driver hint asks cfg80211 for the country again, and regcore
 * not. Also dropped before
 * it is queued: while a country element of a registered radio is in force
 * (or being asked for), as cfg80211 does; for a radio with
 * REGCORE_REG_COUNTRY_IE_IGNORE; and for 300 s after 10 failed country
 * element requests in a row (a country userspace does not answer), or
 * until a user or driver hint comes.
 *
 * The environment ('I' indoors, 'O' outdoors, anything else both) is kept
 * with the request and reaches the notifiers (&struct
 * regcore_request_info's country_ie_env), as cfg80211 passes it; like
 * cfg80211, regcore neither compares it nor restricts channels by it.
 *
 * Context: process context.
 * Return: 0 when queued or dropped so; -EINVAL for bad arguments; -EBUSY
 * when too many hints are waiting; -ENOMEM; -ESHUTDOWN.
 */
int regcore_country_ie_hint(struct regcore_wiphy *wiphy,
			    enum nl80211_band band,
			    const u8 *country_ie, u8 country_ie_len)
{
	enum regcore_environment env = REGCORE_ENVIRON_ANY;
	char alpha2[3];
	int err;

	if (!wiphy || !READ_ONCE(wiphy->registered) || !country_ie ||
	    band >= NUM_NL80211_BANDS) {
		pr_err_ratelimited("refused country element: bad radio, band or element\n");
		return -EINVAL;
	}
	if (country_ie_len < 6 || (country_ie_len & 1)) {
		pr_debug("refused country element from %s: length %u\n",
			 wiphy->name, country_ie_len);
		return -EINVAL;
	}
	/* associated, whatever becomes of the element: until the driver's
	 * regcore_hint_disconnect()
	 */
	WRITE_ONCE(wiphy->associated, true);
	alpha2[0] = country_ie[0];
	alpha2[1] = country_ie[1];
	alpha2[2] = '\0';
	/* the third byte, as cfg80211's regulatory_hint_country_ie() */
	if (country_ie[2] == 'I')
		env = REGCORE_ENVIRON_INDOOR;
	else if (country_ie[2] == 'O')
		env = REGCORE_ENVIRON_OUTDOOR;
	err = regcore_hint_country_ie(wiphy, alpha2, env);
	if (err == -EINVAL)
		pr_debug("refused country element from %s: country %*ph is not two letters\n",
			 wiphy->name, 2, country_ie);
	return err;
}
EXPORT_SYMBOL_GPL(regcore_country_ie_hint);

/* Is @chan one of @wiphy's channels (and not a pointer into one)? */
bool regcore_wiphy_has_channel(const struct regcore_wiphy *wiphy,
			       const struct regcore_channel *chan)
{
	enum nl80211_band b;

	for (b = 0; b < NUM_NL80211_BANDS; b++) {
		const struct regcore_band *band = wiphy->bands[b];
		unsigned long first, offset;

		if (!band)
			continue;
		first = (unsigned long)band->channels;
		offset = (unsigned long)chan - first;
		if ((unsigned long)chan >= first &&
		    offset < band->n_channels * sizeof(*chan) &&
		    !(offset % sizeof(*chan)))
			return true;
	}
	return false;
}

/**
 * regcore_freq_reg_info() - the rule that governs a channel of a radio
 * @wiphy: the radio asking (must be registered)
 * @center_freq_khz: the channel's centre, kHz
 * @rule: where the rule is copied
 *
 * The rule comes from the domain the radio's channels follow, as
 * cfg80211's freq_reg_info() chooses it: the radio's own domain (its
 * custom domain, or the answer to its driver's hint) unless the last
 * request came from the user or a country element; else the domain in
 * force. The rule is the one the radio's channel computation uses: the
 * first that holds the channel at 20 MHz, or below 1 GHz at the widest
 * narrower width that fits (regcore_channel_rule()). One exception, as in
 * cfg80211: after a user hint or a country element, a self-managed
 * radio's channels still follow its own domain, but this answers from
 * the domain in force. Lock-free: may be
 * called from the radio's notifier or anywhere a driver may sleep or not.
 *
 * Return: 0 with @rule filled; -ERANGE when the domain has no rule in the
 * channel's band; -EINVAL when no rule holds the channel or for bad
 * arguments.
 */
int regcore_freq_reg_info(struct regcore_wiphy *wiphy, u32 center_freq_khz,
			  struct regcore_reg_rule *rule)
{
	const struct regcore_regdomain *rd;
	const struct regcore_reg_rule *found;

	if (!wiphy || !READ_ONCE(wiphy->registered) || !rule)
		return -EINVAL;

	rcu_read_lock();
	rd = regcore_wiphy_rules(regcore_last_initiator(),
				 rcu_dereference(wiphy->regd),
				 regcore_current_regdom());
	found = regcore_channel_rule(rd, center_freq_khz);
	if (!IS_ERR(found))
		*rule = *found;
	rcu_read_unlock();
	return PTR_ERR_OR_ZERO(found);
}
EXPORT_SYMBOL_GPL(regcore_freq_reg_info);

/**
 * regcore_wiphy_lock() - hold regcore's state lock
 *
 * While held, no change touches any radio's channels: the driver may read
 * them consistently. Never call another regcore function while holding it,
 * but regcore_set_wiphy_regd_sync(), regcore_reg_can_beacon() and
 * regcore_reg_can_beacon_relax().
 */
void regcore_wiphy_lock(void)
{
	mutex_lock(&regcore_mutex);
	WRITE_ONCE(regcore_lock_holder, current);
}
EXPORT_SYMBOL_GPL(regcore_wiphy_lock);

/**
 * regcore_wiphy_unlock() - release regcore_wiphy_lock()
 */
void regcore_wiphy_unlock(void)
{
	WRITE_ONCE(regcore_lock_holder, NULL);
	mutex_unlock(&regcore_mutex);
}
EXPORT_SYMBOL_GPL(regcore_wiphy_unlock);
