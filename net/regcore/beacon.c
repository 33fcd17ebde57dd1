// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: beacon hints.
 *
 * A radio that knows no country (it follows the world domain, or its
 * driver's custom domain) may not initiate radiation on many channels:
 * the world domain marks them NO_IR. When a driver hears an access
 * point beaconing on such a channel (regcore_beacon_hint()), someone is
 * allowed to transmit there, so every radio still roaming the world may
 * initiate radiation there too: NO_IR is lifted on that channel, as
 * cfg80211 does for the beacons its scans find (net/wireless/reg.c,
 * regulatory_hint_found_beacon()).
 *
 * The same rules as cfg80211's:
 *  - only channels 12, 13 and 14 of 2.4 GHz, and no radar or disabled
 *    channel, are reported at all (channels 1 to 11 are open everywhere;
 *    a beacon does not prove a channel free of radar);
 *  - a reported beacon is applied to every radio that has a channel at
 *    that frequency in that band, once per channel until the channel is
 *    computed again (the channel's beacon_found);
 *  - NO_IR is lifted only on radios that roam the world (the world domain
 *    is in force or is the radio's own, or the radio has a custom domain
 *    and no country element is in force) and whose driver did not set
 *    REGCORE_REG_DISABLE_BEACON_HINTS; each change is multicast as
 *    NL80211_CMD_REG_BEACON_HINT with the channel before and after, and
 *    with REGCORE_REG_CHANNEL_CHANGE_ON_BEACON the radio's notifier runs;
 *  - the beacons are kept and applied again each time a radio's channels
 *    are computed (a domain change, a registration), until a restore
 *    forgets them (the user may have travelled since), and so does a
 *    driver's regcore_hint_disconnect(), as cfg80211's
 *    regulatory_hint_disconnect();
 *  - radios are walked newest first, as cfg80211's list of them, so the
 *    notifications come in the same order;
 *  - notifications go to the initial network namespace, as regcore's
 *    others do (nl80211 sends them to every namespace).
 *
 * Beacons are queued by the driver, possibly from softirq context, and
 * processed by the hint worker under regcore_mutex.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/export.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>

#include "core.h"

/**
 * struct regcore_beacon - a beacon heard on a channel
 * @list: entry in the pending or the processed list
 * @band: the channel's band
 * @freq_khz: the channel's centre frequency, kHz (sub-GHz channels have
 *	kHz offsets: 922 and 922.5 MHz are two channels)
 */
struct regcore_beacon {
	struct list_head list;
	enum nl80211_band band;
	u32 freq_khz;
};

/* The most beacons that may wait for the worker: a safeguard only, as
 * waiting beacons are one per band and frequency (fewer than this).
 */
#define REGCORE_MAX_BEACONS_PENDING	256

/* Beacons reported and not yet processed, their number, and whether the
 * worker is gone (module unload). Protected by regcore_beacons_lock, a
 * spinlock taken with bottom halves off: drivers report from softirq.
 * Nothing is taken under it but the worker's own queue lock.
 */
static LIST_HEAD(regcore_beacons_pending);
static unsigned int regcore_n_beacons_pending;
static bool regcore_beacons_stopped;
static DEFINE_SPINLOCK(regcore_beacons_lock);

/* Beacons processed, one per band and frequency, applied again whenever
 * a radio's channels are computed. Protected by regcore_mutex.
 */
static LIST_HEAD(regcore_beacons);

static bool regcore_chan_12_13_14(u32 center_freq)
{
	return center_freq == 2467 || center_freq == 2472 ||
	       center_freq == 2484;
}

/* Context: regcore_beacons_lock held. */
static bool regcore_beacon_pending(enum nl80211_band band, u32 freq_khz)
{
	struct regcore_beacon *b;

	lockdep_assert_held(&regcore_beacons_lock);
	list_for_each_entry(b, &regcore_beacons_pending, list)
		if (b->band == band && b->freq_khz == freq_khz)
			return true;
	return false;
}

/**
 * regcore_beacon_hint() - the driver heard an access point on a channel
 * @wiphy: a registered radio
 * @chan: the channel of @wiphy the beacon was heard on
 * @gfp: allocation flags for the caller's context (GFP_ATOMIC in softirq)
 *
 * Call it for beacons (and probe responses) of access points, as
 * cfg80211 does for the BSSs its scans find. Beacons on 2.4 GHz channels
 * 1 to 11, on radar channels, and on a channel already reported since it
 * was last computed are ignored. The others are queued; the hint worker
 * lifts NO_IR on that channel of every radio that roams the world.
 *
 * Context: process or softirq context (GFP_ATOMIC there), not hard
 * interrupt context nor with interrupts disabled; no regcore lock held.
 * Return: 0 when queued or ignored; -EINVAL for a radio that is not
 * registered or a channel that is not the radio's; -ENOMEM; -EBUSY when
 * too many beacons wait; -ESHUTDOWN while regcore unloads.
 */
int regcore_beacon_hint(struct regcore_wiphy *wiphy,
			struct regcore_channel *chan, gfp_t gfp)
{
	struct regcore_beacon *b;
	enum nl80211_band band;
	bool waiting, found;
	u32 freq, freq_khz, flags;
	int err = 0;

	if (!wiphy || !READ_ONCE(wiphy->registered)) {
		pr_err_ratelimited("refused beacon hint: the radio is not registered\n");
		return -EINVAL;
	}
	if (!chan || !regcore_wiphy_has_channel(wiphy, chan)) {
		pr_err_ratelimited("refused beacon hint from %s: not one of its channels\n",
				   wiphy->name);
		return -EINVAL;
	}
	band = chan->band;
	freq = chan->center_freq;
	freq_khz = regcore_channel_to_khz(chan);
	/* Read without the lock, as cfg80211 does: at worst a beacon is
	 * queued that the worker then finds already applied.
	 */
	found = data_race(chan->beacon_found);
	/* The same racy read; a disabled channel is ignored too, as
	 * cfg80211's scan never reports a BSS on one
	 * (cfg80211_get_bss_channel()).
	 */
	flags = data_race(chan->flags);
	if (found || (flags & (REGCORE_CHAN_RADAR | REGCORE_CHAN_DISABLED)) ||
	    (band == NL80211_BAND_2GHZ && !regcore_chan_12_13_14(freq)))
		return 0;

	/* A beacon heard again before the worker ran costs no allocation. */
	spin_lock_bh(&regcore_beacons_lock);
	waiting = regcore_beacon_pending(band, freq_khz);
	spin_unlock_bh(&regcore_beacons_lock);
	if (waiting)
		return 0;

	b = kzalloc(sizeof(*b), gfp);
	if (!b)
		return -ENOMEM;
	b->band = band;
	b->freq_khz = freq_khz;

	spin_lock_bh(&regcore_beacons_lock);
	if (regcore_beacons_stopped) {
		err = -ESHUTDOWN;
	} else if (regcore_beacon_pending(band, freq_khz)) {
		err = 1;	/* queued meanwhile */
	} else if (regcore_n_beacons_pending >= REGCORE_MAX_BEACONS_PENDING) {
		err = -EBUSY;
	} else {
		list_add_tail(&b->list, &regcore_beacons_pending);
		regcore_n_beacons_pending++;
		regcore_hints_kick();
		b = NULL;
	}
	spin_unlock_bh(&regcore_beacons_lock);

	kfree(b);
	if (err == -EBUSY)
		pr_warn_ratelimited("beacon hint from %s at %u MHz refused: too many beacons are waiting\n",
				    wiphy->name, freq);
	if (!err)
		pr_debug("beacon heard by %s at %u MHz\n", wiphy->name, freq);
	return err > 0 ? 0 : err;
}
EXPORT_SYMBOL_GPL(regcore_beacon_hint);

/* As cfg80211's reg_is_world_roaming(), for a domain in force @cur and a
 * request in force by @initiator. Context: regcore_mutex held.
 */
static bool regcore_roaming_under(const struct regcore_wiphy *wiphy,
				  const struct regcore_regdomain *cur,
				  enum nl80211_reg_initiator initiator)
{
	const struct regcore_regdomain *own = regcore_wiphy_regd(wiphy);

	if (regcore_alpha2_is_world(cur->alpha2) ||
	    (own && regcore_alpha2_is_world(own->alpha2)))
		return true;
	return initiator != NL80211_REGDOM_SET_BY_COUNTRY_IE &&
	       (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG);
}

static bool regcore_world_roaming(const struct regcore_wiphy *wiphy)
{
	return regcore_roaming_under(wiphy, regcore_current_regdom(),
				     regcore_last_request_info()->initiator);
}

/**
 * regcore_beacon_lifts() - does a beacon heard lift NO_IR on a radio?
 * @wiphy: the radio
 *
 * Context: regcore_mutex held.
 * Return: true when the radio roams the world and takes beacon hints.
 */
bool regcore_beacon_lifts(const struct regcore_wiphy *wiphy)
{
	return regcore_world_roaming(wiphy) &&
	       !(wiphy->regulatory_flags & REGCORE_REG_DISABLE_BEACON_HINTS);
}

/**
 * regcore_beacons_preview() - the beacons heard so far, on a radio's copy
 * @wiphy: the radio
 * @copy: a copy of its bands, computed for @cur
 * @cur: the domain that would be in force
 * @initiator: who would have asked for it
 *
 * Lifts NO_IR where regcore_beacons_apply() would after that change; no
 * notification, nothing else touched.
 *
 * Context: regcore_mutex held.
 */
void regcore_beacons_preview(const struct regcore_wiphy *wiphy,
			     struct regcore_wiphy *copy,
			     const struct regcore_regdomain *cur,
			     enum nl80211_reg_initiator initiator)
{
	struct regcore_beacon *b;
	struct regcore_band *band;
	int i;

	lockdep_assert_held(&regcore_mutex);
	if (!regcore_roaming_under(wiphy, cur, initiator) ||
	    (wiphy->regulatory_flags & REGCORE_REG_DISABLE_BEACON_HINTS))
		return;
	list_for_each_entry(b, &regcore_beacons, list) {
		band = copy->bands[b->band];
		if (!band)
			continue;
		for (i = 0; i < band->n_channels; i++) {
			struct regcore_channel *chan = &band->channels[i];

			/* as regcore_beacon_apply() */
			if (regcore_channel_to_khz(chan) != b->freq_khz ||
			    chan->beacon_found)
				continue;
			chan->beacon_found = true;
			if (!(chan->flags & REGCORE_CHAN_NO_IR))
				continue;
			chan->flags &= ~REGCORE_CHAN_NO_IR;
			chan->beacon_lifted = true;
		}
	}
}

/* Apply one beacon to one radio's channels at its frequency. */
static void regcore_beacon_apply(struct regcore_wiphy *wiphy,
				 const struct regcore_beacon *b)
{
	struct regcore_band *band = wiphy->bands[b->band];
	struct regcore_channel *chan, before;
	int i;

	if (!band)
		return;
	for (i = 0; i < band->n_channels; i++) {
		chan = &band->channels[i];
		if (regcore_channel_to_khz(chan) != b->freq_khz ||
		    chan->beacon_found)
			continue;
		WRITE_ONCE(chan->beacon_found, true);
		if (!regcore_beacon_lifts(wiphy) ||
		    !(chan->flags & REGCORE_CHAN_NO_IR))
			continue;
		before = *chan;
		WRITE_ONCE(chan->flags, chan->flags & ~REGCORE_CHAN_NO_IR);
		chan->beacon_lifted = true;
		pr_debug("beacon hint: %s may initiate radiation at %u MHz\n",
			 wiphy->name, chan->center_freq);
		regcore_nl_beacon_hint(wiphy, &before, chan);
		if (wiphy->regulatory_flags &
		    REGCORE_REG_CHANNEL_CHANGE_ON_BEACON)
			regcore_notify_wiphy(wiphy, regcore_last_request_info());
	}
}

/**
 * regcore_beacons_apply() - apply the beacons heard so far to a radio
 * @wiphy: a radio whose channels were just computed
 *
 * Context: regcore_mutex held.
 */
void regcore_beacons_apply(struct regcore_wiphy *wiphy)
{
	struct regcore_beacon *b;

	lockdep_assert_held(&regcore_mutex);
	list_for_each_entry(b, &regcore_beacons, list)
		regcore_beacon_apply(wiphy, b);
}

static bool regcore_beacon_known(const struct regcore_beacon *b)
{
	struct regcore_beacon *k;

	list_for_each_entry(k, &regcore_beacons, list)
		if (k->band == b->band && k->freq_khz == b->freq_khz)
			return true;
	return false;
}

/* Move the waiting beacons to @to. */
static void regcore_beacons_take(struct list_head *to)
{
	spin_lock_bh(&regcore_beacons_lock);
	list_splice_init(&regcore_beacons_pending, to);
	regcore_n_beacons_pending = 0;
	spin_unlock_bh(&regcore_beacons_lock);
}

/**
 * regcore_beacons_process() - apply the beacons reported since last time
 *
 * Each is applied to every radio, then kept for radios computed later.
 *
 * Context: the hint worker, regcore_mutex held.
 */
void regcore_beacons_process(void)
{
	struct regcore_beacon *b, *tmp;
	struct regcore_wiphy *wiphy;
	LIST_HEAD(todo);

	lockdep_assert_held(&regcore_mutex);
	regcore_beacons_take(&todo);

	list_for_each_entry_safe(b, tmp, &todo, list) {
		list_del(&b->list);
		list_for_each_entry_reverse(wiphy, &regcore_wiphys, list)
			regcore_beacon_apply(wiphy, b);
		if (regcore_beacon_known(b))
			kfree(b);
		else
			list_add_tail(&b->list, &regcore_beacons);
	}
}

static void regcore_beacons_free(struct list_head *list)
{
	struct regcore_beacon *b, *tmp;

	list_for_each_entry_safe(b, tmp, list, list) {
		list_del(&b->list);
		kfree(b);
	}
}

/**
 * regcore_beacons_forget() - forget every beacon, processed or not
 *
 * A restore does this before the channels are computed again, as
 * cfg80211's restore_regulatory_settings() does.
 *
 * Context: regcore_mutex held.
 */
void regcore_beacons_forget(void)
{
	LIST_HEAD(pending);

	lockdep_assert_held(&regcore_mutex);
	regcore_beacons_take(&pending);
	regcore_beacons_free(&pending);
	regcore_beacons_free(&regcore_beacons);
}

/**
 * regcore_beacons_stop() - refuse beacons from now on (module unload)
 *
 * After it returns, regcore_beacon_hint() no longer kicks the worker.
 */
void regcore_beacons_stop(void)
{
	spin_lock_bh(&regcore_beacons_lock);
	regcore_beacons_stopped = true;
	spin_unlock_bh(&regcore_beacons_lock);
}
