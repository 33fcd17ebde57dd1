// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the DFS state of radar channels.
 *
 * On a radar channel (the rules in force say DFS) a radio may only
 * initiate radiation once it has listened for radar for the channel's CAC
 * time without hearing any, and must leave it when it hears some. Each
 * radar channel of each radio has a state (enum nl80211_dfs_state) and
 * the time it entered it, as cfg80211 keeps them (net/wireless/chan.c,
 * mlme.c and reg.c of 6.1; 6.12 does the same):
 *  - usable: a CAC is needed first. Every computation of the channel from
 *    the rules (a domain change, a registration) puts it here;
 *  - unavailable: the driver heard radar (regcore_radar_event()). After
 *    the non-occupancy period (30 min; module parameter dfs_nop_ms) it is
 *    usable again, with the event NL80211_RADAR_NOP_FINISHED;
 *  - available: a CAC finished (regcore_cac_event()). Where pre-CAC is
 *    not allowed (the DFS region in force, or the radio's own, is not
 *    ETSI), it is usable again 2 s later unless an interface of a radio
 *    of the same DFS region operates there (the dfs_chan_in_use
 *    callbacks, asked again
 *    every 2 s while one does), with the event
 *    NL80211_RADAR_PRE_CAC_EXPIRED.
 * What one radio finds holds for the others of the same DFS region that
 * have the channel (regulatory_propagate_dfs_state()): they take the state
 * and hear the event too, and a CAC one of them runs that can no longer
 * succeed is ended (its driver's end_cac callback). A radio registered
 * later, or a strict radio taking a domain again, takes the state others
 * of its DFS region found on channels it sees as usable
 * (wiphy_share_dfs_chan_state()). regcore_reg_can_beacon() lets an access
 * point, a group owner, a mesh point or an IBSS initiate radiation on an
 * available radar channel, NO_IR or not (_cfg80211_reg_can_beacon()).
 *
 * Every change is multicast as NL80211_CMD_RADAR_DETECT on the "mlme"
 * group, with the radio, the event and the channel definition, as
 * nl80211_radar_notify() sends it (without an interface: regcore knows
 * none).
 *
 * regcore differs from cfg80211 where it knows less or checks more:
 *  - a radio runs one CAC at a time (cfg80211 one per interface);
 *  - a CAC that finishes before the longest CAC time of its channels has
 *    passed since it started (a jiffy of slack) is refused and ends as
 *    aborted (cfg80211 warns and takes it);
 *  - an available channel in use is looked at again every 2 s, where
 *    cfg80211 looks again when an interface stops: regcore hears of no
 *    interface, so the expiry comes up to 2 s after the last one stops;
 *  - the calls are made from process context (cfg80211 also takes radar
 *    from atomic context), and everything happens under regcore's lock at
 *    once, where cfg80211 propagates from a work item: so the other
 *    radios' end_cac callbacks run from within the reporting driver's
 *    call (whose driver must hold no lock that any radio's DFS callback
 *    takes), and the events come in a fixed order.
 *
 * Locking: the states, the CAC records and the work are under
 * regcore_mutex; the work item's own stop flag is written once at load
 * and once at unload.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/export.h>
#include <linux/jiffies.h>
#include <linux/workqueue.h>

#include "core.h"

/* cfg80211's REG_PRE_CAC_EXPIRY_GRACE_MS */
#define REGCORE_PRE_CAC_EXPIRY_GRACE_MS	2000

/* The width of a channel definition, MHz; 0 for one regcore does not take. */
static u32 regcore_chandef_mhz(enum nl80211_chan_width width)
{
	switch (width) {
	case NL80211_CHAN_WIDTH_20_NOHT:
	case NL80211_CHAN_WIDTH_20:
		return 20;
	case NL80211_CHAN_WIDTH_40:
		return 40;
	case NL80211_CHAN_WIDTH_80:
		return 80;
	case NL80211_CHAN_WIDTH_160:
		return 160;
	default:
		return 0;
	}
}

/* The channel of @wiphy at @freq_khz in @band, or NULL. */
static struct regcore_channel *regcore_dfs_chan(struct regcore_wiphy *wiphy,
						enum nl80211_band band,
						u32 freq_khz)
{
	const struct regcore_band *sband;
	int i;

	if (band >= NUM_NL80211_BANDS)
		return NULL;
	sband = wiphy->bands[band];
	if (!sband)
		return NULL;
	for (i = 0; i < sband->n_channels; i++)
		if (regcore_channel_to_khz(&sband->channels[i]) == freq_khz)
			return &sband->channels[i];
	return NULL;
}

/* The channel of @wiphy at @freq MHz in any band (ieee80211_get_channel():
 * one without a kHz offset), or NULL.
 */
static struct regcore_channel *regcore_chan_at(struct regcore_wiphy *wiphy,
					       u32 freq)
{
	struct regcore_chan_iter it = REGCORE_CHAN_ITER_INIT;
	struct regcore_channel *chan;

	while ((chan = regcore_next_channel(wiphy, &it)))
		if (regcore_channel_to_khz(chan) == REGCORE_MHZ_TO_KHZ(freq))
			return chan;
	return NULL;
}

/* The control channel of @cd, a channel of @wiphy, if @cd is a channel
 * definition regcore takes (the width known, the control channel inside
 * it on the 20 MHz grid); else NULL and a log line.
 */
static struct regcore_channel *
regcore_chandef_check(struct regcore_wiphy *wiphy,
		      const struct regcore_chandef *cd, const char *what)
{
	struct regcore_channel *chan;
	u32 mhz, low;

	mhz = regcore_chandef_mhz(cd->width);
	if (!mhz) {
		pr_err_ratelimited("%s on %s refused: channel width %u is not taken (20, 40, 80 or 160 MHz)\n",
				   what, wiphy->name, cd->width);
		return NULL;
	}
	low = cd->center_freq1 - mhz / 2;
	if (cd->center_freq1 < mhz / 2 || cd->center_freq < low + 10 ||
	    cd->center_freq > cd->center_freq1 + mhz / 2 - 10 ||
	    (cd->center_freq - low - 10) % 20) {
		pr_err_ratelimited("%s on %s refused: %u MHz is not a 20 MHz channel of %u MHz around %u MHz\n",
				   what, wiphy->name, cd->center_freq, mhz,
				   cd->center_freq1);
		return NULL;
	}
	chan = regcore_chan_at(wiphy, cd->center_freq);
	if (chan)
		return chan;
	pr_err_ratelimited("%s on %s refused: the radio has no channel at %u MHz\n",
			   what, wiphy->name, cd->center_freq);
	return NULL;
}

/* The radar channels of @wiphy that @cd spans (the band of @cd's control
 * channel on the radio that reported it), one after the other: the first
 * call with *@freq 0.
 */
static struct regcore_channel *
regcore_chandef_next(struct regcore_wiphy *wiphy, enum nl80211_band band,
		     const struct regcore_chandef *cd, u32 *freq)
{
	u32 mhz = regcore_chandef_mhz(cd->width);
	struct regcore_channel *c;

	if (!*freq)
		*freq = cd->center_freq1 - mhz / 2 + 10;
	else
		*freq += 20;
	for (; *freq <= cd->center_freq1 + mhz / 2 - 10; *freq += 20) {
		c = regcore_dfs_chan(wiphy, band, REGCORE_MHZ_TO_KHZ(*freq));
		if (c && (c->flags & REGCORE_CHAN_RADAR))
			return c;
	}
	return NULL;
}

static void regcore_set_dfs_state(struct regcore_wiphy *wiphy,
				  enum nl80211_band band,
				  const struct regcore_chandef *cd,
				  enum nl80211_dfs_state state)
{
	struct regcore_channel *c;
	u32 freq = 0;

	while ((c = regcore_chandef_next(wiphy, band, cd, &freq))) {
		c->dfs_state = state;
		c->dfs_state_entered = jiffies;
	}
}

/* The DFS region that rules @wiphy: its own domain's, else the one in
 * force (cfg80211's reg_dfs_domain_same()).
 */
static u8 regcore_wiphy_dfs_region(const struct regcore_wiphy *wiphy)
{
	const struct regcore_regdomain *rd = regcore_wiphy_regd(wiphy);

	return (rd ? rd : regcore_current_regdom())->dfs_region;
}

/* Stopped until load is complete and from unload on. */
static bool regcore_dfs_stopped = true;

static void regcore_dfs_work_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(regcore_dfs_work, regcore_dfs_work_fn);

/**
 * regcore_dfs_schedule() - look at the timed DFS states again now
 *
 * cfg80211_sched_dfs_chan_update(): after a change of state, or of the
 * domains that decide whether pre-CAC is allowed.
 *
 * Context: any context that may queue work.
 */
void regcore_dfs_schedule(void)
{
	if (!READ_ONCE(regcore_dfs_stopped))
		mod_delayed_work(system_power_efficient_wq, &regcore_dfs_work, 0);
}

/* Does an interface of a radio of @region operate on @freq? (cfg80211's
 * cfg80211_any_wiphy_oper_chan(), asked of the drivers)
 */
static bool regcore_dfs_in_use(u8 region, u32 freq)
{
	struct task_struct *outer;
	struct regcore_wiphy *w;
	bool used = false;

	list_for_each_entry(w, &regcore_wiphys, list) {
		if (!w->dfs_chan_in_use ||
		    regcore_wiphy_dfs_region(w) != region)
			continue;
		outer = regcore_callback_enter();
		used = w->dfs_chan_in_use(w, freq);
		regcore_callback_leave(outer);
		if (used)
			break;
	}
	return used;
}

/* Why a channel @cd spans cannot be used: what
 * regcore_chandef_dfs_usable() found at *@bad.
 */
struct regcore_dfs_fault {
	u32 freq;
	const char *why;
};

/* What a CAC on @cd of @wiphy would find (cfg80211's
 * cfg80211_get_chans_dfs_usable()): -EINVAL if a channel it spans is not
 * the radio's, is disabled or is unavailable (which, in *@bad); else how
 * many of its radar channels still need a CAC (usable ones). The longest
 * CAC time of its radar channels in *@cac_ms.
 */
static int regcore_chandef_dfs_usable(struct regcore_wiphy *wiphy,
				      enum nl80211_band band,
				      const struct regcore_chandef *cd,
				      u32 *cac_ms,
				      struct regcore_dfs_fault *bad)
{
	u32 mhz = regcore_chandef_mhz(cd->width), freq;
	const struct regcore_channel *c;
	int usable = 0;

	*cac_ms = 0;
	for (freq = cd->center_freq1 - mhz / 2 + 10;
	     freq <= cd->center_freq1 + mhz / 2 - 10; freq += 20) {
		c = regcore_dfs_chan(wiphy, band, REGCORE_MHZ_TO_KHZ(freq));
		bad->freq = freq;
		bad->why = !c ? "is not a channel of the radio" :
			   (c->flags & REGCORE_CHAN_DISABLED) ? "is disabled" :
			   "is unavailable (radar found there)";
		if (!c || (c->flags & REGCORE_CHAN_DISABLED))
			return -EINVAL;
		if (!(c->flags & REGCORE_CHAN_RADAR))
			continue;
		if (c->dfs_state == NL80211_DFS_UNAVAILABLE)
			return -EINVAL;
		if (c->dfs_state == NL80211_DFS_USABLE)
			usable++;
		*cac_ms = max(*cac_ms, c->dfs_cac_ms);
	}
	return usable;
}

/* A CAC @wiphy runs that a change of state made useless ends, as
 * cfg80211_check_and_end_cac(): one of its channels is unavailable now,
 * or none needs a CAC any more (another radio's finished).
 */
static void regcore_dfs_check_cac(struct regcore_wiphy *wiphy)
{
	const struct regcore_chandef *cd = &wiphy->cac_chandef;
	struct regcore_dfs_fault bad;
	struct task_struct *outer;
	struct regcore_channel *ctl;
	u32 cac_ms;

	if (!wiphy->cac_started)
		return;
	ctl = regcore_chan_at(wiphy, cd->center_freq);
	if (ctl && regcore_chandef_dfs_usable(wiphy, ctl->band, cd, &cac_ms,
					      &bad) > 0)
		return;
	pr_info_ratelimited("%s: the CAC on %u MHz ends: another radio found radar there, or finished one\n",
			    wiphy->name, cd->center_freq);
	wiphy->cac_started = false;
	if (wiphy->end_cac) {
		outer = regcore_callback_enter();
		wiphy->end_cac(wiphy);
		regcore_callback_leave(outer);
	}
}

/* What @from found holds for the other radios of its DFS region that have
 * the channel: regulatory_propagate_dfs_state(). Radios registered later
 * than the others come first, as in cfg80211's list of them.
 */
static void regcore_dfs_propagate(struct regcore_wiphy *from,
				  const struct regcore_chandef *cd,
				  enum nl80211_dfs_state state,
				  enum nl80211_radar_event event)
{
	u8 region = regcore_wiphy_dfs_region(from);
	struct regcore_channel *ctl;
	struct regcore_wiphy *w;

	list_for_each_entry_reverse(w, &regcore_wiphys, list) {
		if (w == from || regcore_wiphy_dfs_region(w) != region)
			continue;
		ctl = regcore_chan_at(w, cd->center_freq);
		if (!ctl)
			continue;
		regcore_set_dfs_state(w, ctl->band, cd, state);
		if (event == NL80211_RADAR_DETECTED ||
		    event == NL80211_RADAR_CAC_FINISHED) {
			regcore_dfs_schedule();
			regcore_dfs_check_cac(w);
		}
		regcore_nl_radar_event(w, cd, event);
	}
}

/* May an available channel stay available? (regulatory_pre_cac_allowed()) */
static bool regcore_pre_cac_allowed(const struct regcore_wiphy *wiphy)
{
	const struct regcore_regdomain *own = regcore_wiphy_regd(wiphy);
	u8 cur = regcore_current_regdom()->dfs_region;

	if (!own)
		return cur == NL80211_DFS_ETSI;
	return cur == own->dfs_region && own->dfs_region == NL80211_DFS_ETSI;
}

/* One radar channel's timed state: true when it ends now; else whether
 * it waits (*@waits) and the jiffies left then (*@left, 1 at least).
 */
static bool regcore_dfs_expired(struct regcore_wiphy *wiphy,
				struct regcore_channel *c,
				enum nl80211_radar_event *event,
				bool *waits, unsigned long *left)
{
	unsigned long timeout, now = jiffies;
	u32 ms;

	*waits = false;
	if (c->dfs_state == NL80211_DFS_UNAVAILABLE) {
		ms = READ_ONCE(regcore_dfs_nop_ms);
		*event = NL80211_RADAR_NOP_FINISHED;
	} else if (c->dfs_state == NL80211_DFS_AVAILABLE) {
		if (regcore_pre_cac_allowed(wiphy))
			return false;
		/* cfg80211 looks again when an interface stops; regcore
		 * hears of no interface, so it looks again after the grace
		 */
		if (regcore_dfs_in_use(regcore_wiphy_dfs_region(wiphy),
				       c->center_freq)) {
			*waits = true;
			*left = msecs_to_jiffies(REGCORE_PRE_CAC_EXPIRY_GRACE_MS);
			return false;
		}
		ms = REGCORE_PRE_CAC_EXPIRY_GRACE_MS;
		*event = NL80211_RADAR_PRE_CAC_EXPIRED;
	} else {
		return false;
	}
	timeout = c->dfs_state_entered + msecs_to_jiffies(ms);
	if (time_after_eq(now, timeout))
		return true;
	*waits = true;
	*left = max(timeout - now, 1UL);
	return false;
}

/* The timed states: cfg80211_dfs_channels_update_work(), over every
 * radio, oldest first.
 */
static void regcore_dfs_work_fn(struct work_struct *work)
{
	unsigned long left, next = ULONG_MAX;
	enum nl80211_radar_event event;
	struct regcore_chan_iter it;
	struct regcore_channel *c;
	struct regcore_wiphy *w;
	bool waits;

	mutex_lock(&regcore_mutex);
	list_for_each_entry(w, &regcore_wiphys, list) {
		for (it = REGCORE_CHAN_ITER_INIT;
		     (c = regcore_next_channel(w, &it));) {
			struct regcore_chandef cd = {
				.center_freq = c->center_freq,
				.width = NL80211_CHAN_WIDTH_20_NOHT,
				.center_freq1 = c->center_freq,
			};

			if (!(c->flags & REGCORE_CHAN_RADAR))
				continue;
			if (!regcore_dfs_expired(w, c, &event, &waits, &left)) {
				if (waits)
					next = min(next, left);
				continue;
			}
			c->dfs_state = NL80211_DFS_USABLE;
			c->dfs_state_entered = jiffies;
			pr_info_ratelimited("%s: %u MHz usable again: %s\n",
					    w->name, c->center_freq,
					    event == NL80211_RADAR_NOP_FINISHED ?
					    "the non-occupancy period is over" :
					    "the CAC result expired (no pre-CAC in this DFS region)");
			regcore_nl_radar_event(w, &cd, event);
			regcore_dfs_propagate(w, &cd, NL80211_DFS_USABLE, event);
		}
	}
	/* not mod_delayed_work(): a run queued meanwhile (by a callback)
	 * stays as soon as it was queued
	 */
	if (next != ULONG_MAX && !READ_ONCE(regcore_dfs_stopped))
		queue_delayed_work(system_power_efficient_wq, &regcore_dfs_work,
				   next);
	mutex_unlock(&regcore_mutex);
}

/* As cfg80211's reg_copy_dfs_chan_state() over every channel of the other
 * radio's band: matched by whole MHz (an S1G channel's offset is not
 * compared), while @c is still usable.
 */
static void regcore_dfs_copy(struct regcore_channel *c,
			     const struct regcore_band *sband)
{
	const struct regcore_channel *src;
	int i;

	if (!sband)
		return;
	for (i = 0; i < sband->n_channels; i++) {
		src = &sband->channels[i];
		if ((src->flags & (REGCORE_CHAN_RADAR |
				   REGCORE_CHAN_DISABLED)) != REGCORE_CHAN_RADAR ||
		    src->center_freq != c->center_freq ||
		    c->dfs_state != NL80211_DFS_USABLE)
			continue;
		c->dfs_state = src->dfs_state;
		c->dfs_state_entered = src->dfs_state_entered;
	}
}

/**
 * regcore_dfs_share() - a radio takes the DFS state others found
 * @wiphy: a radio whose channels were just computed
 *
 * Each radar channel of @wiphy that is usable takes the state (and its
 * time) of the same channel of another radio of the same DFS region, as
 * cfg80211's wiphy_all_share_dfs_chan_state(): the first radio, newest
 * first, whose channel is not disabled.
 *
 * Context: regcore_mutex held.
 */
void regcore_dfs_share(struct regcore_wiphy *wiphy)
{
	u8 region = regcore_wiphy_dfs_region(wiphy);
	struct regcore_chan_iter it;
	struct regcore_channel *c;
	struct regcore_wiphy *w;

	lockdep_assert_held(&regcore_mutex);
	list_for_each_entry_reverse(w, &regcore_wiphys, list) {
		if (w == wiphy || regcore_wiphy_dfs_region(w) != region)
			continue;
		for (it = REGCORE_CHAN_ITER_INIT;
		     (c = regcore_next_channel(wiphy, &it));) {
			if ((c->flags & (REGCORE_CHAN_RADAR |
					 REGCORE_CHAN_DISABLED)) !=
			    REGCORE_CHAN_RADAR ||
			    c->dfs_state != NL80211_DFS_USABLE)
				continue;
			regcore_dfs_copy(c, w->bands[it.band]);
		}
	}
}

/**
 * regcore_dfs_available() - may an interface initiate radiation on a
 *	radar channel because a CAC cleared it?
 * @chan: a channel, under regcore's lock
 * @iftype: the interface (enum nl80211_iftype)
 *
 * Return: true for an access point, a P2P group owner, a mesh point or an
 * IBSS on a radar channel that is available, as
 * _cfg80211_reg_can_beacon() lets cfg80211_chandef_dfs_available() lift
 * the radar and NO_IR flags for the interfaces that need DFS.
 */
bool regcore_dfs_available(const struct regcore_channel *chan,
			   enum nl80211_iftype iftype)
{
	switch (iftype) {
	case NL80211_IFTYPE_AP:
	case NL80211_IFTYPE_P2P_GO:
	case NL80211_IFTYPE_MESH_POINT:
	case NL80211_IFTYPE_ADHOC:
		return (chan->flags & REGCORE_CHAN_RADAR) &&
		       chan->dfs_state == NL80211_DFS_AVAILABLE;
	default:
		return false;
	}
}

/* Take regcore's lock unless the caller holds it; true if taken. */
static bool regcore_dfs_lock(void)
{
	if (regcore_lock_held_by_caller())
		return false;
	might_sleep();
	mutex_lock(&regcore_mutex);
	return true;
}

static bool regcore_dfs_radio_ok(struct regcore_wiphy *wiphy,
				 const struct regcore_chandef *cd,
				 const char *what)
{
	if (!wiphy || !cd) {
		pr_err_ratelimited("%s refused: no radio or no channel definition\n",
				   what);
		return false;
	}
	if (!wiphy->registered) {
		pr_err_ratelimited("%s refused: radio %s is not registered\n",
				   what, wiphy->name);
		return false;
	}
	return true;
}

/**
 * regcore_radar_event() - the radio heard radar
 * @wiphy: a registered radio
 * @chandef: where: the radar channels it spans become unavailable
 *
 * The radar channels of @chandef on @wiphy become unavailable for the
 * non-occupancy period (30 min), and so do they on every other radio of
 * the same DFS region that has the control channel; a CAC one of those
 * runs there ends (its end_cac callback). NL80211_CMD_RADAR_DETECT with
 * %NL80211_RADAR_DETECTED is multicast for each radio. cfg80211's
 * cfg80211_radar_event(). A CAC of @wiphy's own that the radar ends is
 * the driver's to report (regcore_cac_event(), aborted), as mac80211
 * does.
 *
 * Context: process context; may sleep: it takes regcore's state lock,
 * unless the caller holds it (regcore_wiphy_lock(), a notifier or
 * callback), and calls other radios' end_cac callbacks under it: never
 * call it holding a lock that any radio's callbacks take.
 * Return: 0; -EINVAL for a radio not registered or a channel definition
 * regcore does not take (a log line says which).
 */
int regcore_radar_event(struct regcore_wiphy *wiphy,
			const struct regcore_chandef *chandef)
{
	struct regcore_channel *ctl;
	bool locked;
	int err = -EINVAL;

	locked = regcore_dfs_lock();
	if (!regcore_dfs_radio_ok(wiphy, chandef, "radar event"))
		goto out;
	ctl = regcore_chandef_check(wiphy, chandef, "radar event");
	if (!ctl)
		goto out;
	pr_info_ratelimited("%s: radar detected on %u MHz (%u MHz around %u MHz)\n",
			    wiphy->name, chandef->center_freq,
			    regcore_chandef_mhz(chandef->width),
			    chandef->center_freq1);
	regcore_set_dfs_state(wiphy, ctl->band, chandef,
			      NL80211_DFS_UNAVAILABLE);
	regcore_dfs_schedule();
	regcore_nl_radar_event(wiphy, chandef, NL80211_RADAR_DETECTED);
	regcore_dfs_propagate(wiphy, chandef, NL80211_DFS_UNAVAILABLE,
			      NL80211_RADAR_DETECTED);
	err = 0;
out:
	if (locked)
		mutex_unlock(&regcore_mutex);
	return err;
}
EXPORT_SYMBOL_GPL(regcore_radar_event);

static bool regcore_chandef_equal(const struct regcore_chandef *a,
				  const struct regcore_chandef *b)
{
	return a->center_freq == b->center_freq && a->width == b->width &&
	       a->center_freq1 == b->center_freq1;
}

/* A CAC result that does not hold: the check is over all the same (the
 * driver stopped listening), so it ends as an aborted one.
 */
static void regcore_cac_void(struct regcore_wiphy *wiphy)
{
	wiphy->cac_started = false;
	regcore_nl_radar_event(wiphy, &wiphy->cac_chandef,
			       NL80211_RADAR_CAC_ABORTED);
}

/* CAC finished: checked against the CAC started, then applied. */
static int regcore_cac_finished(struct regcore_wiphy *wiphy,
				struct regcore_channel *ctl,
				const struct regcore_chandef *cd)
{
	struct regcore_dfs_fault bad;
	unsigned long need;
	u32 cac_ms;

	if (!regcore_chandef_equal(cd, &wiphy->cac_chandef)) {
		pr_err_ratelimited("CAC result on %s refused: the CAC runs on %u MHz (%u MHz around %u MHz), not there\n",
				   wiphy->name, wiphy->cac_chandef.center_freq,
				   regcore_chandef_mhz(wiphy->cac_chandef.width),
				   wiphy->cac_chandef.center_freq1);
		return -EINVAL;
	}
	if (regcore_chandef_dfs_usable(wiphy, ctl->band, cd, &cac_ms,
				       &bad) < 0) {
		/* the rules changed meanwhile */
		pr_err_ratelimited("CAC finished on %s refused: %u MHz %s now; the CAC ends as aborted\n",
				   wiphy->name, bad.freq, bad.why);
		regcore_cac_void(wiphy);
		return -EINVAL;
	}
	/* A jiffy of slack: a driver may arm its timer before it reports
	 * the start, as mac80211 does.
	 */
	need = msecs_to_jiffies(cac_ms);
	if (need && time_before(jiffies, wiphy->cac_start + need - 1)) {
		pr_err_ratelimited("CAC finished on %s refused: it ran %u ms, the channels need %u ms; the CAC ends as aborted\n",
				   wiphy->name,
				   jiffies_to_msecs(jiffies - wiphy->cac_start),
				   cac_ms);
		regcore_cac_void(wiphy);
		return -EINVAL;
	}
	wiphy->cac_started = false;
	regcore_set_dfs_state(wiphy, ctl->band, cd, NL80211_DFS_AVAILABLE);
	pr_info_ratelimited("%s: CAC finished on %u MHz: available\n",
			    wiphy->name, cd->center_freq);
	regcore_dfs_schedule();
	return 0;
}

/**
 * regcore_cac_event() - a channel availability check started or ended
 * @wiphy: a registered radio
 * @chandef: where the check runs
 * @event: %NL80211_RADAR_CAC_STARTED, %NL80211_RADAR_CAC_FINISHED (no
 *	radar heard for the CAC time) or %NL80211_RADAR_CAC_ABORTED
 *
 * A radio runs one check at a time. It may start where every channel of
 * @chandef is the radio's and enabled, none is unavailable, and one at
 * least is a radar channel that is usable (cfg80211_chandef_dfs_usable()
 * and nl80211_start_radar_detection()). When it finishes (on the same
 * @chandef, after the longest CAC time of its radar channels), those
 * become available on @wiphy and on the other radios of its DFS region
 * that have the control channel, as cfg80211_cac_event() and
 * regulatory_propagate_dfs_state(); an abort changes no state. A finish
 * that comes too early, or after a channel became disabled or unavailable,
 * is refused and ends the check as aborted. Each event is multicast as
 * NL80211_CMD_RADAR_DETECT. A check that regcore ended (the radio's
 * end_cac callback) takes no result any more.
 *
 * Context: as regcore_radar_event().
 * Return: 0; -EINVAL for a radio not registered, a channel definition
 * regcore does not take, an unknown @event, a start where a check runs
 * already or where none may run, a result where none runs or on another
 * @chandef, or a finish refused (a log line says which).
 */
int regcore_cac_event(struct regcore_wiphy *wiphy,
		      const struct regcore_chandef *chandef,
		      enum nl80211_radar_event event)
{
	struct regcore_dfs_fault bad;
	struct regcore_channel *ctl;
	bool locked;
	u32 cac_ms;
	int err = -EINVAL, usable;

	locked = regcore_dfs_lock();
	if (!regcore_dfs_radio_ok(wiphy, chandef, "CAC event"))
		goto out;
	ctl = regcore_chandef_check(wiphy, chandef, "CAC event");
	if (!ctl)
		goto out;
	switch (event) {
	case NL80211_RADAR_CAC_STARTED:
		if (wiphy->cac_started) {
			pr_err_ratelimited("CAC on %s refused: one runs already on %u MHz\n",
					   wiphy->name,
					   wiphy->cac_chandef.center_freq);
			goto out;
		}
		usable = regcore_chandef_dfs_usable(wiphy, ctl->band, chandef,
						    &cac_ms, &bad);
		if (usable <= 0) {
			if (usable < 0)
				pr_err_ratelimited("CAC on %s refused: %u MHz %s\n",
						   wiphy->name, bad.freq,
						   bad.why);
			else
				pr_err_ratelimited("CAC on %s refused: no radar channel of %u MHz around %u MHz needs one\n",
						   wiphy->name,
						   regcore_chandef_mhz(chandef->width),
						   chandef->center_freq1);
			goto out;
		}
		wiphy->cac_started = true;
		wiphy->cac_chandef = *chandef;
		wiphy->cac_start = jiffies;
		pr_info_ratelimited("%s: CAC started on %u MHz (%u ms)\n",
				    wiphy->name, chandef->center_freq, cac_ms);
		break;
	case NL80211_RADAR_CAC_FINISHED:
	case NL80211_RADAR_CAC_ABORTED:
		if (!wiphy->cac_started) {
			pr_err_ratelimited("CAC result on %s refused: no CAC runs\n",
					   wiphy->name);
			goto out;
		}
		if (event == NL80211_RADAR_CAC_FINISHED) {
			err = regcore_cac_finished(wiphy, ctl, chandef);
			if (err)
				goto out;
			break;
		}
		if (!regcore_chandef_equal(chandef, &wiphy->cac_chandef)) {
			pr_err_ratelimited("CAC result on %s refused: the CAC runs on %u MHz, not %u MHz\n",
					   wiphy->name,
					   wiphy->cac_chandef.center_freq,
					   chandef->center_freq);
			goto out;
		}
		wiphy->cac_started = false;
		pr_info_ratelimited("%s: CAC aborted on %u MHz\n", wiphy->name,
				    chandef->center_freq);
		break;
	default:
		pr_err_ratelimited("CAC event on %s refused: unknown event %d\n",
				   wiphy->name, event);
		goto out;
	}
	regcore_nl_radar_event(wiphy, chandef, event);
	/* the others hear of it after the radio itself, as from cfg80211's
	 * propagation work
	 */
	if (event == NL80211_RADAR_CAC_FINISHED)
		regcore_dfs_propagate(wiphy, chandef, NL80211_DFS_AVAILABLE,
				      NL80211_RADAR_CAC_FINISHED);
	err = 0;
out:
	if (locked)
		mutex_unlock(&regcore_mutex);
	return err;
}
EXPORT_SYMBOL_GPL(regcore_cac_event);

/**
 * regcore_dfs_wiphy_gone() - a radio leaves: forget its CAC
 * @wiphy: the radio being unregistered
 *
 * Context: regcore_mutex held.
 */
void regcore_dfs_wiphy_gone(struct regcore_wiphy *wiphy)
{
	lockdep_assert_held(&regcore_mutex);
	wiphy->cac_started = false;
}

void regcore_dfs_init(void)
{
	WRITE_ONCE(regcore_dfs_stopped, false);
}

/* After the hint worker stops and before the family goes: the work sends
 * events. No radio is registered any more (their drivers are gone).
 */
void regcore_dfs_exit(void)
{
	WRITE_ONCE(regcore_dfs_stopped, true);
	cancel_delayed_work_sync(&regcore_dfs_work);
}
