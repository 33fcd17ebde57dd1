// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: why a channel is as it is.
 *
 * Each radio keeps a record of how its channels were last set: by its
 * driver (the originals: its own settings, or its custom domain), by a
 * computation from a domain, or from its self-managed driver's domain.
 * For a computation the record holds everything it read: who caused it,
 * the request in force, copies of the domain in force and of the radio's
 * own domain. A change the radio did not follow is noted beside it, with
 * the reason, and leaves the computation's record as it was: the
 * channels still are what that computation made them.
 *
 * To answer for one channel (REGCORE_OP_WHY), the recorded computation is
 * run again, by the very functions that ran it (channels.c), on a copy of
 * the radio's bands: the answer is what the rules give, next to the
 * channel as it is, and the rule or rules that decided. Nothing here
 * re-derives channels from rules.
 *
 * Locking: a radio's record (wiphy->why) is written and read under
 * regcore_mutex; it is allocated with the radio (regcore_wiphy_new())
 * and freed with it.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/ktime.h>
#include <linux/slab.h>

#include "core.h"

/**
 * struct regcore_why - how a radio's channels were last set
 * @path: enum regcore_why_path
 * @cause: who caused the computation (%REGCORE_WHY_COMPUTED)
 * @lr: the request in force then
 * @seq: the journal's last entry then
 * @boottime_ns: CLOCK_BOOTTIME then
 * @cur: a copy of the domain in force then
 * @own: a copy of the radio's own domain then, or NULL
 * @ignored: a later change the radio did not follow is recorded below
 * @ignored_initiator: who caused it
 * @ignored_alpha2: the country of the request in force then
 * @ignored_seq: the journal's last entry then
 * @ignored_why: why the radio did not follow it (a constant string)
 */
struct regcore_why {
	u8 path;
	enum nl80211_reg_initiator cause;
	struct regcore_request_info lr;
	u64 seq;
	u64 boottime_ns;
	const struct regcore_regdomain *cur;
	const struct regcore_regdomain *own;
	bool ignored;
	enum nl80211_reg_initiator ignored_initiator;
	char ignored_alpha2[3];
	u64 ignored_seq;
	const char *ignored_why;
};

/**
 * regcore_why_alloc() - a radio's empty record
 *
 * Return: the record (path %REGCORE_WHY_ORIGINAL), or NULL.
 */
struct regcore_why *regcore_why_alloc(void)
{
	return kzalloc(sizeof(struct regcore_why), GFP_KERNEL);
}

static void regcore_why_drop_domains(struct regcore_why *w)
{
	regcore_regdom_free(w->cur);
	regcore_regdom_free(w->own);
	w->cur = NULL;
	w->own = NULL;
}

/**
 * regcore_why_free() - free a radio's record
 * @w: the record, or NULL
 */
void regcore_why_free(struct regcore_why *w)
{
	if (!w)
		return;
	regcore_why_drop_domains(w);
	kfree(w);
}

/**
 * regcore_why_computed() - record that a radio's channels were computed
 * @wiphy: the radio
 * @in: what regcore_compute_channels() was given
 *
 * Without memory for the copies the record says so
 * (%REGCORE_WHY_UNKNOWN): the channels are right, only the answer to
 * "why" is lost.
 *
 * Context: regcore_mutex held.
 */
void regcore_why_computed(struct regcore_wiphy *wiphy,
			  const struct regcore_chan_input *in)
{
	struct regcore_why *w = wiphy->why;
	struct regcore_regdomain *cur, *own = NULL;

	lockdep_assert_held(&regcore_mutex);
	if (!w)
		return;
	regcore_why_drop_domains(w);
	w->ignored = false;
	w->path = REGCORE_WHY_UNKNOWN;
	cur = regcore_regdom_copy(in->cur);
	if (in->own)
		own = regcore_regdom_copy(in->own);
	if (!cur || (in->own && !own)) {
		regcore_regdom_free(cur);
		regcore_regdom_free(own);
		return;
	}
	w->path = REGCORE_WHY_COMPUTED;
	w->cause = in->initiator;
	w->lr = *in->lr;
	w->cur = cur;
	w->own = own;
	w->seq = regcore_journal_last();
	w->boottime_ns = ktime_get_boottime_ns();
}

/**
 * regcore_why_ignored() - record a change a radio did not follow
 * @wiphy: the radio
 * @initiator: who caused the change
 * @lr: the request in force
 * @why: the reason, a constant string
 *
 * Context: regcore_mutex held.
 */
void regcore_why_ignored(struct regcore_wiphy *wiphy,
			 enum nl80211_reg_initiator initiator,
			 const struct regcore_request_info *lr, const char *why)
{
	struct regcore_why *w = wiphy->why;

	lockdep_assert_held(&regcore_mutex);
	if (!w)
		return;
	w->ignored = true;
	w->ignored_initiator = initiator;
	memcpy(w->ignored_alpha2, lr->alpha2, sizeof(w->ignored_alpha2));
	w->ignored_seq = regcore_journal_last();
	w->ignored_why = why;
}

/**
 * regcore_why_path() - record that a radio's channels were set otherwise
 * @wiphy: the radio
 * @path: %REGCORE_WHY_ORIGINAL (back to its originals) or
 *	%REGCORE_WHY_SELF_MANAGED (its own domain, wiphy->regd)
 *
 * Context: regcore_mutex held.
 */
void regcore_why_path(struct regcore_wiphy *wiphy, u8 path)
{
	struct regcore_why *w = wiphy->why;

	lockdep_assert_held(&regcore_mutex);
	if (!w)
		return;
	regcore_why_drop_domains(w);
	w->ignored = false;
	w->path = path;
	w->seq = regcore_journal_last();
	w->boottime_ns = ktime_get_boottime_ns();
}

static void regcore_why_scratch_free(struct regcore_wiphy *s)
{
	int b;

	if (!s)
		return;
	for (b = 0; b < NUM_NL80211_BANDS; b++) {
		if (!s->bands[b])
			continue;
		kfree(s->bands[b]->channels);
		kfree(s->bands[b]);
	}
	kfree(s);
}

/* A copy of a radio's bands and channels, to compute on. */
static struct regcore_wiphy *
regcore_why_scratch(const struct regcore_wiphy *wiphy)
{
	struct regcore_wiphy *s = kzalloc(sizeof(*s), GFP_KERNEL);
	const struct regcore_band *band;
	struct regcore_band *copy;
	int b;

	if (!s)
		return NULL;
	INIT_LIST_HEAD(&s->list);
	s->idx = wiphy->idx;
	s->regulatory_flags = wiphy->regulatory_flags;
	for (b = 0; b < NUM_NL80211_BANDS; b++) {
		band = wiphy->bands[b];
		if (!band)
			continue;
		copy = kmemdup(band, sizeof(*band), GFP_KERNEL);
		if (!copy)
			goto fail;
		copy->channels = NULL;
		s->bands[b] = copy;
		copy->channels = kmemdup(band->channels,
					 band->n_channels *
					 sizeof(*band->channels), GFP_KERNEL);
		if (!copy->channels)
			goto fail;
	}
	return s;
fail:
	regcore_why_scratch_free(s);
	return NULL;
}

/* The rules of @rd that hold @chan, as the path that set it looks them up. */
static void regcore_why_rules(struct regcore_why_answer *a,
			      const struct regcore_regdomain *rd,
			      const struct regcore_channel *chan, bool custom)
{
	const struct regcore_reg_rule *rule;
	struct regcore_chan_limits l;
	int err, i;

	if (custom) {
		/* regcore_custom_channel()'s look-up: 20 MHz, no joining */
		rule = regcore_regdom_find_rule(rd,
						regcore_channel_to_khz(chan),
						REGCORE_MHZ_TO_KHZ(20));
		if (IS_ERR(rule)) {
			a->no_rule = PTR_ERR(rule);
			return;
		}
		a->rule_idx[a->n_rules++] = rule - rd->reg_rules;
		return;
	}
	err = regcore_channel_limits(rd, chan, &l);
	if (err) {
		a->no_rule = err;
		return;
	}
	for (i = 0; i < ARRAY_SIZE(l.rules) && l.rules[i]; i++)
		a->rule_idx[a->n_rules++] = l.rules[i] - rd->reg_rules;
}

/* Find @freq_khz among @wiphy's channels: its band and index. */
static struct regcore_channel *regcore_why_find(struct regcore_wiphy *wiphy,
						u32 freq_khz,
						struct regcore_chan_iter *at)
{
	struct regcore_chan_iter it;
	struct regcore_channel *chan;

	for (it = REGCORE_CHAN_ITER_INIT;
	     (chan = regcore_next_channel(wiphy, &it));)
		if (regcore_channel_to_khz(chan) == freq_khz) {
			*at = it;
			return chan;
		}
	return NULL;
}

/* Run the recorded computation again on @s, a copy of @wiphy; fill @a
 * with what decided @chan. Context: regcore_mutex held.
 */
static int regcore_why_recompute(struct regcore_wiphy *wiphy,
				 struct regcore_wiphy *s,
				 const struct regcore_channel *chan,
				 struct regcore_why_answer *a)
{
	const struct regcore_why *w = wiphy->why;
	const struct regcore_regdomain *rd = NULL;
	struct regcore_chan_input in;

	switch (a->path) {
	case REGCORE_WHY_COMPUTED:
		in.initiator = w->cause;
		in.lr = &w->lr;
		in.cur = w->cur;
		in.own = w->own;
		regcore_compute_channels(s, &in);
		rd = regcore_wiphy_rules(w->lr.initiator, w->own, w->cur);
		a->own = rd == w->own;
		a->strict = regcore_strict_requester(wiphy, &w->lr);
		regcore_why_rules(a, rd, chan, false);
		break;
	case REGCORE_WHY_SELF_MANAGED:
		rd = regcore_wiphy_regd(wiphy);
		if (!rd)
			return -ENODATA;
		regcore_self_managed_compute(s, rd);
		a->own = true;
		regcore_why_rules(a, rd, chan, true);
		break;
	case REGCORE_WHY_ORIGINAL:
		/* its originals, which a custom domain made what they are */
		if (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG)
			rd = regcore_wiphy_regd(wiphy);
		if (rd) {
			a->own = true;
			regcore_why_rules(a, rd, chan, true);
		}
		break;
	default:
		return 0;
	}
	if (rd) {
		a->rd = regcore_regdom_copy(rd);
		if (!a->rd)
			return -ENOMEM;
	}
	return 0;
}

/**
 * regcore_why_channel() - why a channel of a radio is as it is
 * @wiphy_idx: the radio's index
 * @freq_khz: the channel's centre, kHz
 * @out: the answer; free it with regcore_why_answer_free()
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0; -ENODEV for no such radio, -ENOENT for no such channel,
 * -ENOMEM.
 */
int regcore_why_channel(u32 wiphy_idx, u32 freq_khz,
			struct regcore_why_answer *out)
{
	struct regcore_wiphy *wiphy, *s = NULL;
	struct regcore_channel *chan, *sc;
	struct regcore_chan_iter at;
	const struct regcore_why *w;
	int err;

	memset(out, 0, sizeof(*out));
	mutex_lock(&regcore_mutex);
	wiphy = regcore_wiphy_by_idx(wiphy_idx);
	if (!wiphy) {
		err = -ENODEV;
		goto out;
	}
	chan = regcore_why_find(wiphy, freq_khz, &at);
	if (!chan) {
		err = -ENOENT;
		goto out;
	}
	w = wiphy->why;
	out->path = w ? w->path : REGCORE_WHY_UNKNOWN;
	out->now = *chan;
	out->reg_flags = wiphy->regulatory_flags;
	if (w) {
		out->cause = w->cause;
		out->lr = w->lr;
		out->seq = w->seq;
		out->boottime_ns = w->boottime_ns;
		out->ignored = w->ignored;
		out->ignored_initiator = w->ignored_initiator;
		memcpy(out->ignored_alpha2, w->ignored_alpha2,
		       sizeof(out->ignored_alpha2));
		out->ignored_seq = w->ignored_seq;
		out->ignored_why = w->ignored_why;
	}
	if (out->path == REGCORE_WHY_UNKNOWN) {
		err = 0;
		goto out;
	}

	s = regcore_why_scratch(wiphy);
	if (!s) {
		err = -ENOMEM;
		goto out;
	}
	err = regcore_why_recompute(wiphy, s, chan, out);
	if (err)
		goto out;
	if (out->path == REGCORE_WHY_ORIGINAL) {
		out->computed = *chan;
		out->computed.flags = chan->orig_flags;
		out->computed.max_power = chan->orig_mpwr;
		out->computed.max_antenna_gain = chan->orig_mag;
	} else {
		sc = &s->bands[at.band]->channels[at.idx];
		out->computed = *sc;
	}
	/* as beacon.c applies a beacon heard there */
	out->beacon_lift = chan->beacon_found &&
			   (out->computed.flags & REGCORE_CHAN_NO_IR) &&
			   regcore_beacon_lifts(wiphy);
out:
	mutex_unlock(&regcore_mutex);
	regcore_why_scratch_free(s);
	if (err)
		regcore_why_answer_free(out);
	return err;
}

/**
 * regcore_why_answer_free() - free what an answer holds
 * @a: the answer
 */
void regcore_why_answer_free(struct regcore_why_answer *a)
{
	regcore_regdom_free(a->rd);
	a->rd = NULL;
}
