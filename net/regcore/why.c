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
 * regcore_mutex; it is allocated at registration and freed at
 * unregistration. A radio without one (never registered) answers
 * REGCORE_WHY_UNKNOWN.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/ktime.h>
#include <linux/mm.h>
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

/**
 * regcore_why_registered() - a radio's registration is done
 * @wiphy: the radio
 *
 * A change its first computation left it out of is no change it did not
 * follow: it was registered under it.
 *
 * Context: regcore_mutex held.
 */
void regcore_why_registered(struct regcore_wiphy *wiphy)
{
	lockdep_assert_held(&regcore_mutex);
	if (wiphy->why)
		wiphy->why->ignored = false;
}

static void regcore_why_scratch_free(struct regcore_wiphy *s)
{
	int b;

	if (!s)
		return;
	for (b = 0; b < NUM_NL80211_BANDS; b++) {
		if (!s->bands[b])
			continue;
		kvfree(s->bands[b]->channels);
		kfree(s->bands[b]);
	}
	kfree(s);
}

/* A copy of a radio's bands and channels, to compute on. */
static struct regcore_wiphy *
regcore_why_scratch(const struct regcore_wiphy *wiphy)
{
	struct regcore_wiphy *s = kzalloc(sizeof(*s), GFP_KERNEL_ACCOUNT);
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
		copy = kmemdup(band, sizeof(*band), GFP_KERNEL_ACCOUNT);
		if (!copy)
			goto fail;
		copy->channels = NULL;
		s->bands[b] = copy;
		copy->channels = kvmalloc_array(band->n_channels,
						sizeof(*band->channels),
						GFP_KERNEL_ACCOUNT);
		if (!copy->channels)
			goto fail;
		memcpy(copy->channels, band->channels,
		       band->n_channels * sizeof(*band->channels));
	}
	return s;
fail:
	regcore_why_scratch_free(s);
	return NULL;
}

/* The rules of @rd that hold @chan, as the path that set it looks them up,
 * with the bandwidth each allows there (AUTO-BW resolved).
 */
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
		l.rules[0] = rule;
		l.rules[1] = NULL;
	} else {
		err = regcore_channel_limits(rd, chan, &l);
		if (err) {
			a->no_rule = err;
			return;
		}
	}
	for (i = 0; i < ARRAY_SIZE(l.rules) && l.rules[i]; i++) {
		rule = l.rules[i];
		a->rule_idx[a->n_rules] = rule - rd->reg_rules;
		a->rule_bw[a->n_rules++] = rule->flags & NL80211_RRF_AUTO_BW ?
			regcore_rule_max_bandwidth(rd, rule) :
			rule->freq_range.max_bandwidth_khz;
	}
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

/* What the recorded computation read, copied under the mutex so that it
 * can run again without it.
 */
struct regcore_why_inputs {
	struct regcore_wiphy *copy;
	struct regcore_regdomain *cur;
	struct regcore_regdomain *own;
	enum nl80211_reg_initiator cause;
	struct regcore_request_info lr;
};

static void regcore_why_inputs_free(struct regcore_why_inputs *in)
{
	regcore_why_scratch_free(in->copy);
	regcore_regdom_free(in->cur);
	regcore_regdom_free(in->own);
}

/* Copy the record's domains and the radio. Context: regcore_mutex held. */
static int regcore_why_take(struct regcore_wiphy *wiphy,
			    struct regcore_why_inputs *in, u8 path)
{
	const struct regcore_why *w = wiphy->why;
	const struct regcore_regdomain *own = NULL;

	switch (path) {
	case REGCORE_WHY_COMPUTED:
		in->cause = w->cause;
		in->lr = w->lr;
		in->cur = regcore_regdom_copy(w->cur);
		if (!in->cur)
			return -ENOMEM;
		own = w->own;
		break;
	case REGCORE_WHY_SELF_MANAGED:
		own = regcore_wiphy_regd(wiphy);
		if (!own)
			return -ENODATA;
		break;
	case REGCORE_WHY_ORIGINAL:
		/* its originals, which a custom domain made what they are */
		if (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG)
			own = regcore_wiphy_regd(wiphy);
		break;
	default:
		return 0;
	}
	if (own) {
		in->own = regcore_regdom_copy(own);
		if (!in->own)
			return -ENOMEM;
	}
	in->copy = regcore_why_scratch(wiphy);
	return in->copy ? 0 : -ENOMEM;
}

/* Run the recorded computation again on the copy; fill @a with what
 * decided the channel at @at. No lock: everything is a copy.
 */
static int regcore_why_recompute(struct regcore_why_inputs *in,
				 const struct regcore_chan_iter *at,
				 struct regcore_why_answer *a)
{
	const struct regcore_channel *before;
	const struct regcore_regdomain *rd = NULL;
	struct regcore_chan_input ci;

	before = &in->copy->bands[at->band]->channels[at->idx];
	switch (a->path) {
	case REGCORE_WHY_COMPUTED:
		ci.initiator = in->cause;
		ci.lr = &in->lr;
		ci.cur = in->cur;
		ci.own = in->own;
		rd = regcore_wiphy_rules(in->lr.initiator, in->own, in->cur);
		a->own = rd == in->own;
		a->strict = regcore_strict_requester(in->copy, &in->lr);
		regcore_why_rules(a, rd, before, false);
		/* a country element leaves a band it says nothing about */
		a->left = in->cause == NL80211_REGDOM_SET_BY_COUNTRY_IE &&
			  a->no_rule == -ERANGE;
		regcore_compute_channels(in->copy, &ci);
		break;
	case REGCORE_WHY_SELF_MANAGED:
		rd = in->own;
		a->own = true;
		regcore_why_rules(a, rd, before, true);
		regcore_self_managed_compute(in->copy, rd);
		break;
	case REGCORE_WHY_ORIGINAL:
		rd = in->own;
		if (rd) {
			a->own = true;
			regcore_why_rules(a, rd, before, true);
		}
		a->computed = *before;
		a->computed.flags = before->orig_flags;
		a->computed.max_power = before->orig_mpwr;
		a->computed.max_antenna_gain = before->orig_mag;
		break;
	default:
		return 0;
	}
	if (a->path != REGCORE_WHY_ORIGINAL)
		a->computed = in->copy->bands[at->band]->channels[at->idx];
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
 * What the computation read is copied under regcore_mutex; it runs again
 * on the copies after the mutex is released, so that a reader holds it
 * no longer than a copy takes.
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0; -ENODEV for no such radio, -ENOENT for no such channel,
 * -ENODATA for a self-managed radio whose domain is gone, -ENOMEM.
 */
int regcore_why_channel(u32 wiphy_idx, u32 freq_khz,
			struct regcore_why_answer *out)
{
	struct regcore_why_inputs in = { };
	struct regcore_wiphy *wiphy;
	struct regcore_channel *chan;
	struct regcore_chan_iter at;
	const struct regcore_why *w;
	int err = 0;

	memset(out, 0, sizeof(*out));
	mutex_lock(&regcore_mutex);
	wiphy = regcore_wiphy_by_idx(wiphy_idx);
	if (!wiphy) {
		err = -ENODEV;
		goto unlock;
	}
	chan = regcore_why_find(wiphy, freq_khz, &at);
	if (!chan) {
		err = -ENOENT;
		goto unlock;
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
	err = regcore_why_take(wiphy, &in, out->path);
unlock:
	mutex_unlock(&regcore_mutex);
	if (!err && in.copy)
		err = regcore_why_recompute(&in, &at, out);
	/* as beacon.c applied a beacon heard there */
	if (!err)
		out->beacon_lift = out->now.beacon_lifted &&
				   (out->computed.flags & REGCORE_CHAN_NO_IR);
	regcore_why_inputs_free(&in);
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

/**
 * regcore_preview() - a radio's channels if the user asked for a country
 * @wiphy_idx: the radio's index
 * @given: the rules the answer would bring (validated), or NULL
 * @alpha2: the country
 * @cell_base: the hint would be a cellular base station's
 * @out: the answer; free it with regcore_preview_free()
 *
 * The hint is decided as its turn would decide it; only when that asks
 * for rules are they needed: @given, or, where regcore reads
 * regulatory.db itself (regdb=firmware or auto), its own look-up. The
 * radio's channels are then computed on a copy, by
 * regcore_compute_channels(), with the beacons heard so far; nothing is
 * changed.
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0 (@out says what would happen); -ENODEV for no such radio;
 * -ENOMSG when rules are needed and regcore would ask crda for them
 * (regdb=crda): the caller sends them; regcore_regdb_lookup()'s errors;
 * -ENOMEM.
 */
int regcore_preview(u32 wiphy_idx, const struct regcore_regdomain *given,
		    const char *alpha2, bool cell_base,
		    struct regcore_preview *out)
{
	struct regcore_regdomain *looked_up = NULL, *rd;
	const struct regcore_regdomain *own;
	struct regcore_chan_input in;
	struct regcore_wiphy *wiphy;
	int err = 0;

	memset(out, 0, sizeof(*out));
	out->wiphy_idx = wiphy_idx;
	mutex_lock(&regcore_mutex);
	wiphy = regcore_wiphy_by_idx(wiphy_idx);
	if (!wiphy) {
		err = -ENODEV;
		goto out;
	}
	out->decision = regcore_preview_decide(alpha2, cell_base, &out->lr,
					       &out->why, &out->ahead);
	if (out->decision == REGCORE_DECISION_IGNORE ||
	    out->decision == REGCORE_DECISION_ALREADY_SET)
		goto out;
	if (!given) {
		/* regcore reads nothing it would not read for the hint */
		if (regcore_rules_source() == REGCORE_SOURCE_CRDA) {
			err = -ENOMSG;
			goto out;
		}
		looked_up = regcore_regdb_lookup(alpha2);
		if (IS_ERR(looked_up)) {
			err = PTR_ERR(looked_up);
			goto out;
		}
		given = looked_up;
	}
	rd = regcore_preview_domain(given, &out->lr);
	regcore_regdom_free(looked_up);
	if (IS_ERR(rd)) {
		err = PTR_ERR(rd);
		if (err == -ENOMEM)
			goto out;
		/* the answer could not be applied: a restore would follow */
		out->err = err;
		err = 0;
		goto out;
	}
	if (!rd) {
		out->decision = REGCORE_DECISION_ALREADY_SET;
		out->why = "the answer's country is in force already: it changes nothing";
		goto out;
	}
	out->rd = rd;
	own = regcore_wiphy_regd(wiphy);
	out->ignored = regcore_ignore_update(wiphy, NL80211_REGDOM_SET_BY_USER,
					     &out->lr, own);
	if (out->ignored)
		goto out;
	out->copy = regcore_why_scratch(wiphy);
	if (!out->copy) {
		err = -ENOMEM;
		goto out;
	}
	in.initiator = NL80211_REGDOM_SET_BY_USER;
	in.lr = &out->lr;
	in.cur = rd;
	in.own = own;
	regcore_compute_channels(out->copy, &in);
	regcore_beacons_preview(wiphy, out->copy, rd,
				NL80211_REGDOM_SET_BY_USER);
out:
	mutex_unlock(&regcore_mutex);
	if (err)
		regcore_preview_free(out);
	return err;
}

/**
 * regcore_preview_free() - free what a preview holds
 * @p: the preview
 */
void regcore_preview_free(struct regcore_preview *p)
{
	regcore_regdom_free(p->rd);
	p->rd = NULL;
	regcore_why_scratch_free(p->copy);
	p->copy = NULL;
}
