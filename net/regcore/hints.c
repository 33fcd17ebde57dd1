// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the hint state machine.
 *
 * Four initiators give hints: the core (the world domain at load, the
 * ieee80211_regdom module parameter), the user (NL80211_CMD_REQ_SET_REG),
 * drivers (regulatory_hint()) and country elements a driver has seen
 * (regcore_country_ie_hint()). Each hint becomes a struct regcore_request
 * on one queue. A work item takes them in order, one at a time: a single
 * dispatcher hands each to the function of its initiator, which answers
 * with a treatment (OK, INTERSECT, ALREADY_SET, IGNORE) and nothing else;
 * the outcome is applied in one place, regcore_apply_treatment().
 *
 * A request that needs rules is sent to userspace as a uevent and becomes
 * the pending request: the queue waits until the answer
 * (NL80211_CMD_SET_REG, regcore_set_regdom()) installs it, or until the
 * timeout drops it and restores the settings.
 *
 * All state below is protected by regcore_mutex unless marked otherwise;
 * see core.h for the rules.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/ctype.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/workqueue.h>

#include "core.h"

/**
 * struct regcore_request - one hint, queued or being processed
 * @list: entry in regcore_requests while queued
 * @initiator: who gave the hint
 * @alpha2: the country asked for ("00": world), NUL terminated
 * @wiphy_idx: the radio of a driver or country element hint, else
 *	REGCORE_WIPHY_IDX_INVALID
 * @intersect: the answer is to be intersected with the current domain
 * @processed: the request is finished (answered, or dropped)
 * @deadline: jiffies by which userspace must have answered
 */
struct regcore_request {
	struct list_head list;
	enum nl80211_reg_initiator initiator;
	char alpha2[3];
	u32 wiphy_idx;
	bool intersect;
	bool processed;
	unsigned long deadline;
};

enum regcore_treatment {
	REGCORE_REQ_OK,
	REGCORE_REQ_IGNORE,
	REGCORE_REQ_INTERSECT,
	REGCORE_REQ_ALREADY_SET,
};

/* Hints not yet processed, in order. Protected by regcore_requests_lock. */
static LIST_HEAD(regcore_requests);
static DEFINE_SPINLOCK(regcore_requests_lock);
/* Set at unload, under regcore_requests_lock and regcore_mutex: no more
 * hints are accepted and no more work is queued.
 */
static bool regcore_shutting_down;

/* The state at load, and after every restore: the world, processed. */
static struct regcore_request regcore_core_world = {
	.initiator = NL80211_REGDOM_SET_BY_CORE,
	.alpha2 = "00",
	.wiphy_idx = REGCORE_WIPHY_IDX_INVALID,
	.processed = true,
};

/* The request being processed or processed last; never NULL. */
static struct regcore_request *regcore_last = &regcore_core_world;
/* Its view for drivers' notifiers, refreshed on every change. */
static struct regcore_request_info regcore_last_info;

/* The domain in force: RCU for readers, regcore_mutex for writers. */
static const struct regcore_regdomain __rcu *regcore_regdom;
/* The world domain: built in until userspace answers a world request. */
static const struct regcore_regdomain *regcore_world = &regcore_builtin_world;

/* The user's last country, asked for again after a restore. */
static char regcore_user_alpha2[3];
static bool regcore_user_alpha2_saved;

static void regcore_work_fn(struct work_struct *work);
static DECLARE_WORK(regcore_work, regcore_work_fn);
static void regcore_timeout_fn(struct work_struct *work);
static DECLARE_DELAYED_WORK(regcore_timeout_work, regcore_timeout_fn);

static const char *regcore_initiator_name(enum nl80211_reg_initiator initiator)
{
	switch (initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		return "core";
	case NL80211_REGDOM_SET_BY_USER:
		return "user";
	case NL80211_REGDOM_SET_BY_DRIVER:
		return "driver";
	case NL80211_REGDOM_SET_BY_COUNTRY_IE:
		return "country IE";
	}
	return "unknown";
}

/**
 * regcore_current_regdom() - the domain in force
 *
 * Context: rcu_read_lock() or regcore_mutex held.
 * Return: the current domain; never NULL while the module is loaded.
 */
const struct regcore_regdomain *regcore_current_regdom(void)
{
	return rcu_dereference_check(regcore_regdom,
				     lockdep_is_held(&regcore_mutex));
}

/**
 * regcore_last_request_info() - the last request, as notifiers see it
 *
 * Context: regcore_mutex held.
 * Return: the description of the request processed last.
 */
const struct regcore_request_info *regcore_last_request_info(void)
{
	const struct regcore_request *lr = regcore_last;

	lockdep_assert_held(&regcore_mutex);
	regcore_last_info.initiator = lr->initiator;
	memcpy(regcore_last_info.alpha2, lr->alpha2, 3);
	regcore_last_info.wiphy_idx = lr->wiphy_idx;
	regcore_last_info.intersect = lr->intersect;
	regcore_last_info.dfs_region = regcore_current_regdom()->dfs_region;
	return &regcore_last_info;
}

/* Does installing @alpha2 change what is in force? */
static bool regcore_regdom_changes(const char *alpha2)
{
	return !regcore_alpha2_equal(regcore_current_regdom()->alpha2, alpha2);
}

/* Install @rd as the domain in force; free the one it replaces. */
static void regcore_install(const struct regcore_regdomain *rd)
{
	const struct regcore_regdomain *old = regcore_current_regdom();

	rcu_assign_pointer(regcore_regdom, rd);
	if (old != rd && old != regcore_world)
		regcore_regdom_free(old);
}

/* Install @rd as both the world domain and the domain in force. */
static void regcore_install_world(const struct regcore_regdomain *rd)
{
	const struct regcore_regdomain *old = regcore_current_regdom();
	const struct regcore_regdomain *old_world = regcore_world;

	regcore_world = rd;
	rcu_assign_pointer(regcore_regdom, rd);
	if (old != rd)
		regcore_regdom_free(old);
	if (old_world != rd && old_world != old)
		regcore_regdom_free(old_world);
}

/* Make @req the last request; free the one it replaces. */
static void regcore_set_last(struct regcore_request *req)
{
	if (regcore_last != req && regcore_last != &regcore_core_world)
		kfree(regcore_last);
	regcore_last = req;
}

static void regcore_free_request(struct regcore_request *req)
{
	if (req != regcore_last && req != &regcore_core_world)
		kfree(req);
}

/* Tell netlink listeners about the request in force. */
static void regcore_notify(void)
{
	regcore_nl_reg_change(regcore_last_request_info());
}

/* Queue @req (allocated by the caller) and kick the work item. */
static int regcore_queue(struct regcore_request *req)
{
	spin_lock(&regcore_requests_lock);
	if (regcore_shutting_down) {
		spin_unlock(&regcore_requests_lock);
		kfree(req);
		return -ESHUTDOWN;
	}
	list_add_tail(&req->list, &regcore_requests);
	queue_work(system_power_efficient_wq, &regcore_work);
	spin_unlock(&regcore_requests_lock);
	return 0;
}

static struct regcore_request *
regcore_new_request(enum nl80211_reg_initiator initiator, const char *alpha2,
		    u32 wiphy_idx)
{
	struct regcore_request *req = kzalloc(sizeof(*req), GFP_KERNEL);

	if (!req)
		return NULL;
	INIT_LIST_HEAD(&req->list);
	req->initiator = initiator;
	req->alpha2[0] = toupper(alpha2[0]);
	req->alpha2[1] = toupper(alpha2[1]);
	req->wiphy_idx = wiphy_idx;
	return req;
}

static int regcore_hint(enum nl80211_reg_initiator initiator,
			const char *alpha2, u32 wiphy_idx)
{
	struct regcore_request *req;

	req = regcore_new_request(initiator, alpha2, wiphy_idx);
	if (!req)
		return -ENOMEM;
	return regcore_queue(req);
}

/* Two letters of either case, or "00" when @world_ok. */
static bool regcore_hint_alpha2_ok(const char *alpha2, bool world_ok)
{
	if (!alpha2 || !alpha2[0] || !alpha2[1])
		return false;
	if (world_ok && regcore_alpha2_is_world(alpha2))
		return true;
	return isalpha(alpha2[0]) && isalpha(alpha2[1]) &&
	       isascii(alpha2[0]) && isascii(alpha2[1]);
}

/**
 * regcore_hint_user() - queue a user hint (NL80211_CMD_REQ_SET_REG)
 * @alpha2: two letters or "00"
 *
 * Return: 0 when queued, -EINVAL for a bad alpha2, -ENOMEM, -ESHUTDOWN.
 */
int regcore_hint_user(const char *alpha2)
{
	if (!regcore_hint_alpha2_ok(alpha2, true))
		return -EINVAL;
	return regcore_hint(NL80211_REGDOM_SET_BY_USER, alpha2,
			    REGCORE_WIPHY_IDX_INVALID);
}

/**
 * regcore_hint_driver() - queue a driver hint
 * @wiphy: a registered radio
 * @alpha2: two letters
 *
 * Return: 0 when queued, a negative errno otherwise.
 */
int regcore_hint_driver(struct regcore_wiphy *wiphy, const char *alpha2)
{
	if (!regcore_hint_alpha2_ok(alpha2, false))
		return -EINVAL;
	return regcore_hint(NL80211_REGDOM_SET_BY_DRIVER, alpha2, wiphy->idx);
}

/**
 * regcore_hint_country_ie() - queue a country element hint
 * @wiphy: the registered radio that saw the element
 * @alpha2: the element's two letters
 *
 * Return: 0 when queued, a negative errno otherwise.
 */
int regcore_hint_country_ie(struct regcore_wiphy *wiphy, const char *alpha2)
{
	if (!regcore_hint_alpha2_ok(alpha2, false))
		return -EINVAL;
	return regcore_hint(NL80211_REGDOM_SET_BY_COUNTRY_IE, alpha2,
			    wiphy->idx);
}

/* Ask userspace for @req's rules; @req becomes the pending request. */
static bool regcore_query_userspace(struct regcore_request *req)
{
	int err;

	err = regcore_uevent_request(req->alpha2);
	if (err) {
		pr_err("could not send the uevent asking for %.2s: %d\n",
		       req->alpha2, err);
		return false;
	}
	req->processed = false;
	req->deadline = jiffies + msecs_to_jiffies(regcore_crda_timeout_ms);
	regcore_set_last(req);
	mod_delayed_work(system_power_efficient_wq, &regcore_timeout_work,
			 msecs_to_jiffies(regcore_crda_timeout_ms));
	pr_info("%s hint: asked userspace for %.2s\n",
		regcore_initiator_name(req->initiator), req->alpha2);
	return true;
}

/* The decisions, one function per initiator. They follow cfg80211:
 *
 * core:       always asks (the world domain at load; the module
 *             parameter's country).
 * user:       intersected with a country element in force (the user can
 *             only restrict what the access point says); ignored after an
 *             intersected user hint, and while the last core, driver or
 *             user request has not (or not exactly) been installed; already
 *             set when the country is in force.
 * driver:     after the core: asks unless the country is in force. After
 *             another driver's hint for the same country: already set.
 *             Otherwise intersected with what is in force. The radio keeps
 *             a copy of its own domain either way. Strict radios take that
 *             domain as their superset (channels.c).
 * country IE: ignored by radios with REGCORE_REG_COUNTRY_IE_IGNORE. After
 *             another country element: from another radio, ignored when it
 *             names another country; from the same radio, asks when the
 *             country changes. Never intersected.
 */
static enum regcore_treatment regcore_hint_core_decide(struct regcore_request *req)
{
	return REGCORE_REQ_OK;
}

static enum regcore_treatment regcore_hint_user_decide(struct regcore_request *req)
{
	const struct regcore_request *lr = regcore_last;

	if (lr->initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE)
		return REGCORE_REQ_INTERSECT;
	if (lr->initiator == NL80211_REGDOM_SET_BY_USER && lr->intersect)
		return REGCORE_REQ_IGNORE;
	if (regcore_regdom_changes(lr->alpha2))
		return REGCORE_REQ_IGNORE;
	if (!regcore_regdom_changes(req->alpha2))
		return REGCORE_REQ_ALREADY_SET;
	return REGCORE_REQ_OK;
}

static enum regcore_treatment regcore_hint_driver_decide(struct regcore_request *req)
{
	const struct regcore_request *lr = regcore_last;

	if (lr->initiator == NL80211_REGDOM_SET_BY_CORE)
		return regcore_regdom_changes(req->alpha2) ?
		       REGCORE_REQ_OK : REGCORE_REQ_ALREADY_SET;
	if (lr->initiator == NL80211_REGDOM_SET_BY_DRIVER &&
	    !regcore_regdom_changes(req->alpha2))
		return REGCORE_REQ_ALREADY_SET;
	return REGCORE_REQ_INTERSECT;
}

static enum regcore_treatment
regcore_hint_country_ie_decide(struct regcore_wiphy *wiphy,
			       struct regcore_request *req)
{
	const struct regcore_request *lr = regcore_last;

	if (wiphy->regulatory_flags & REGCORE_REG_COUNTRY_IE_IGNORE)
		return REGCORE_REQ_IGNORE;
	if (lr->initiator != NL80211_REGDOM_SET_BY_COUNTRY_IE)
		return REGCORE_REQ_OK;
	if (lr->wiphy_idx != wiphy->idx)
		return regcore_regdom_changes(req->alpha2) ?
		       REGCORE_REQ_IGNORE : REGCORE_REQ_ALREADY_SET;
	return regcore_regdom_changes(req->alpha2) ?
	       REGCORE_REQ_OK : REGCORE_REQ_ALREADY_SET;
}

/* Give the radio a private copy of the domain in force. */
static void regcore_wiphy_keep_current(struct regcore_wiphy *wiphy)
{
	struct regcore_regdomain *copy;

	copy = regcore_regdom_copy(regcore_current_regdom());
	if (!copy)
		return;
	regcore_regdom_free(wiphy->regd);
	wiphy->regd = copy;
}

/* The single place where a decision takes effect. */
static void regcore_apply_treatment(struct regcore_request *req,
				    struct regcore_wiphy *wiphy,
				    enum regcore_treatment treatment)
{
	const char *who = regcore_initiator_name(req->initiator);

	if (req->initiator == NL80211_REGDOM_SET_BY_DRIVER &&
	    treatment != REGCORE_REQ_IGNORE) {
		/* The driver has learned its country: no longer custom. */
		wiphy->regulatory_flags &= ~REGCORE_REG_CUSTOM_REG;
		if (treatment != REGCORE_REQ_OK)
			regcore_wiphy_keep_current(wiphy);
	}

	switch (treatment) {
	case REGCORE_REQ_IGNORE:
		pr_info("%s hint for %.2s ignored\n", who, req->alpha2);
		regcore_free_request(req);
		return;
	case REGCORE_REQ_ALREADY_SET:
		pr_info("%s hint for %.2s: already in force\n", who,
			req->alpha2);
		if (req->initiator != NL80211_REGDOM_SET_BY_DRIVER) {
			regcore_free_request(req);
			return;
		}
		/* A driver's hint that agrees: record it, tell listeners,
		 * and let a strict radio take the domain as its superset.
		 */
		req->processed = true;
		regcore_set_last(req);
		if (wiphy->regulatory_flags & REGCORE_REG_STRICT_REG)
			regcore_update_wiphy(wiphy, req->initiator);
		regcore_notify();
		return;
	case REGCORE_REQ_OK:
	case REGCORE_REQ_INTERSECT:
		req->intersect = treatment == REGCORE_REQ_INTERSECT;
		if (!regcore_query_userspace(req)) {
			pr_info("%s hint for %.2s dropped\n", who, req->alpha2);
			regcore_free_request(req);
		}
		return;
	}
}

/* The dispatcher: one function per initiator decides. */
static void regcore_process_hint(struct regcore_request *req)
{
	struct regcore_wiphy *wiphy = NULL;
	enum regcore_treatment treatment;

	if (req->wiphy_idx != REGCORE_WIPHY_IDX_INVALID) {
		wiphy = regcore_wiphy_by_idx(req->wiphy_idx);
		if (!wiphy) {
			pr_info("%s hint for %.2s dropped: radio %u is gone\n",
				regcore_initiator_name(req->initiator),
				req->alpha2, req->wiphy_idx);
			regcore_free_request(req);
			return;
		}
	}

	switch (req->initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		treatment = regcore_hint_core_decide(req);
		break;
	case NL80211_REGDOM_SET_BY_USER:
		treatment = regcore_hint_user_decide(req);
		break;
	case NL80211_REGDOM_SET_BY_DRIVER:
		treatment = regcore_hint_driver_decide(req);
		break;
	case NL80211_REGDOM_SET_BY_COUNTRY_IE:
		treatment = regcore_hint_country_ie_decide(wiphy, req);
		break;
	default:
		treatment = REGCORE_REQ_IGNORE;
		break;
	}
	regcore_apply_treatment(req, wiphy, treatment);
}

static struct regcore_request *regcore_dequeue(void)
{
	struct regcore_request *req;

	spin_lock(&regcore_requests_lock);
	req = list_first_entry_or_null(&regcore_requests,
				       struct regcore_request, list);
	if (req)
		list_del_init(&req->list);
	spin_unlock(&regcore_requests_lock);
	return req;
}

/* Process queued hints until one waits for userspace or none is left. */
static void regcore_work_fn(struct work_struct *work)
{
	struct regcore_request *req;

	mutex_lock(&regcore_mutex);
	while (!regcore_shutting_down && regcore_last->processed) {
		req = regcore_dequeue();
		if (!req)
			break;
		regcore_process_hint(req);
	}
	mutex_unlock(&regcore_mutex);
}

/* Radios whose driver applied a custom domain go back to it. */
static void regcore_restore_custom_wiphys(void)
{
	struct regcore_wiphy *wiphy;

	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (wiphy->regulatory_flags & REGCORE_REG_CUSTOM_REG)
			regcore_restore_custom_channels(wiphy);
}

/* Back to the world domain, then ask again for what should be in force:
 * the user's earlier choice (the last user request that was installed),
 * else the module parameter's country. The restore hints go before
 * anything already queued. @failed is the request that could not be
 * completed.
 *
 * The world domain is installed directly rather than asked for again, as
 * cfg80211 does (which, with no crda installed, goes round timeout after
 * timeout). When the request that failed was the user's earlier choice
 * itself, that choice is forgotten: a restore never asks again for what
 * just failed, so restores cannot follow each other for the same reason.
 */
static void regcore_restore(const struct regcore_request *failed)
{
	struct regcore_request *again = NULL;
	LIST_HEAD(pending);

	if (failed->initiator == NL80211_REGDOM_SET_BY_USER &&
	    regcore_alpha2_equal(failed->alpha2, regcore_user_alpha2))
		regcore_user_alpha2_saved = false;

	if (regcore_user_alpha2_saved)
		again = regcore_new_request(NL80211_REGDOM_SET_BY_USER,
					    regcore_user_alpha2,
					    REGCORE_WIPHY_IDX_INVALID);
	else if (regcore_alpha2_is_country(regcore_param_alpha2))
		again = regcore_new_request(NL80211_REGDOM_SET_BY_CORE,
					    regcore_param_alpha2,
					    REGCORE_WIPHY_IDX_INVALID);

	regcore_install(regcore_world);
	regcore_set_last(&regcore_core_world);
	regcore_restore_custom_wiphys();
	regcore_update_all_wiphys(NL80211_REGDOM_SET_BY_CORE);
	regcore_notify();
	pr_info("settings restored: world domain in force%s%.2s\n",
		again ? ", asking again for " : "", again ? again->alpha2 : "");

	spin_lock(&regcore_requests_lock);
	list_splice_tail_init(&regcore_requests, &pending);
	if (again)
		list_add_tail(&again->list, &regcore_requests);
	list_splice_tail(&pending, &regcore_requests);
	if (!regcore_shutting_down)
		queue_work(system_power_efficient_wq, &regcore_work);
	spin_unlock(&regcore_requests_lock);
}

/* Userspace did not answer in time: drop the request and restore. */
static void regcore_timeout_fn(struct work_struct *work)
{
	struct regcore_request *lr;

	mutex_lock(&regcore_mutex);
	lr = regcore_last;
	if (regcore_shutting_down || lr->processed ||
	    time_before(jiffies, lr->deadline))
		goto out;

	pr_info("no answer for the %s request for %.2s within %u ms: dropped\n",
		regcore_initiator_name(lr->initiator), lr->alpha2,
		regcore_crda_timeout_ms);
	lr->processed = true;
	regcore_restore(lr);
out:
	mutex_unlock(&regcore_mutex);
}

/* Install the answer to a core request: for the world, it replaces the
 * world domain too; for the module parameter's country, only the domain in
 * force.
 */
static int regcore_set_rd_core(struct regcore_regdomain *rd)
{
	if (regcore_alpha2_is_world(rd->alpha2))
		regcore_install_world(rd);
	else
		regcore_install(rd);
	return 0;
}

static int regcore_set_rd_user(struct regcore_regdomain *rd,
			       const struct regcore_request *lr)
{
	struct regcore_regdomain *inter;

	if (!regcore_regdom_changes(rd->alpha2))
		return -EALREADY;
	if (!lr->intersect) {
		regcore_install(rd);
		return 0;
	}
	inter = regcore_regdom_intersect(rd, regcore_current_regdom());
	if (IS_ERR(inter))
		return PTR_ERR(inter);
	regcore_regdom_free(rd);
	regcore_install(inter);
	return 0;
}

static int regcore_set_rd_driver(struct regcore_regdomain *rd,
				 const struct regcore_request *lr)
{
	struct regcore_wiphy *wiphy;
	struct regcore_regdomain *inter, *copy;

	if (regcore_alpha2_is_world(rd->alpha2))
		return -EINVAL;
	if (!regcore_regdom_changes(rd->alpha2))
		return -EALREADY;
	wiphy = regcore_wiphy_by_idx(lr->wiphy_idx);
	if (!wiphy)
		return -ENODEV;

	if (!lr->intersect) {
		if (wiphy->regd)
			return -EALREADY;
		copy = regcore_regdom_copy(rd);
		if (!copy)
			return -ENOMEM;
		wiphy->regd = copy;
		regcore_install(rd);
		return 0;
	}

	inter = regcore_regdom_intersect(rd, regcore_current_regdom());
	if (IS_ERR(inter))
		return PTR_ERR(inter);
	/* The radio keeps what it asked for; everyone gets the common part. */
	regcore_regdom_free(wiphy->regd);
	wiphy->regd = rd;
	regcore_install(inter);
	return 0;
}

static int regcore_set_rd_country_ie(struct regcore_regdomain *rd,
				     const struct regcore_request *lr)
{
	if (!regcore_wiphy_by_idx(lr->wiphy_idx))
		return -ENODEV;
	if (lr->intersect)
		return -EINVAL;
	regcore_install(rd);
	return 0;
}

/**
 * regcore_set_regdom() - install userspace's answer to the pending request
 * @rd: a validated domain; regcore_set_regdom() takes ownership
 * @extack: for the reason of a refusal
 *
 * The answer must match the pending request: the same alpha2 (a world
 * request is answered with "00"). A matching answer that cannot be used
 * (no rules in common with the domain it must be intersected with, a
 * radio that went away) ends the request and restores the settings. When
 * memory is short the answer is refused with -ENOMEM and nothing changes:
 * the request stays pending, and a later answer can still complete it.
 *
 * Context: process context; takes regcore_mutex, so the caller must not
 * hold it.
 * Return: 0 when the domain is in force, a negative errno otherwise.
 */
int regcore_set_regdom(struct regcore_regdomain *rd,
		       struct netlink_ext_ack *extack)
{
	struct regcore_request *lr;
	int err;

	mutex_lock(&regcore_mutex);
	lr = regcore_last;
	if (regcore_shutting_down) {
		err = -ESHUTDOWN;
		goto refuse;
	}
	if (lr->processed) {
		NL_SET_ERR_MSG_MOD(extack, "no regulatory request is pending");
		pr_info("refused unsolicited domain %.2s: no request is pending\n",
			rd->alpha2);
		err = -EINVAL;
		goto refuse;
	}
	if (!regcore_alpha2_equal(rd->alpha2, lr->alpha2)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the domain does not answer the pending request");
		pr_info("refused domain %.2s: the pending request is for %.2s\n",
			rd->alpha2, lr->alpha2);
		err = -EINVAL;
		goto refuse;
	}

	switch (lr->initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		err = regcore_set_rd_core(rd);
		break;
	case NL80211_REGDOM_SET_BY_USER:
		err = regcore_set_rd_user(rd, lr);
		break;
	case NL80211_REGDOM_SET_BY_DRIVER:
		err = regcore_set_rd_driver(rd, lr);
		break;
	case NL80211_REGDOM_SET_BY_COUNTRY_IE:
		err = regcore_set_rd_country_ie(rd, lr);
		break;
	default:
		err = -EINVAL;
		break;
	}
	/* From here on rd is installed, kept by a radio, or ours to free. */
	if (err == -ENOMEM)
		goto refuse;

	cancel_delayed_work(&regcore_timeout_work);
	lr->processed = true;

	if (err) {
		regcore_regdom_free(rd);
		if (err == -EALREADY) {
			pr_info("%.2s is already in force\n", lr->alpha2);
			queue_work(system_power_efficient_wq, &regcore_work);
		} else {
			NL_SET_ERR_MSG_MOD(extack,
					   "the domain cannot be applied; settings restored");
			pr_info("the answer for %.2s cannot be applied (%d): restoring settings\n",
				lr->alpha2, err);
			regcore_restore(lr);
		}
		mutex_unlock(&regcore_mutex);
		return err;
	}

	if (lr->initiator == NL80211_REGDOM_SET_BY_USER) {
		memcpy(regcore_user_alpha2, lr->alpha2, sizeof(lr->alpha2));
		regcore_user_alpha2_saved = true;
	}
	regcore_update_all_wiphys(lr->initiator);
	pr_info("regulatory domain %.2s (DFS %s, %u rules) in force, set by %s\n",
		regcore_current_regdom()->alpha2,
		regcore_dfs_region_name(regcore_current_regdom()->dfs_region),
		regcore_current_regdom()->n_reg_rules,
		regcore_initiator_name(lr->initiator));
	regcore_notify();
	queue_work(system_power_efficient_wq, &regcore_work);
	mutex_unlock(&regcore_mutex);
	return 0;

refuse:
	mutex_unlock(&regcore_mutex);
	regcore_regdom_free(rd);
	return err;
}

/**
 * regcore_hints_wiphy_gone() - a radio is being unregistered
 * @wiphy: the radio
 *
 * The pending or last request no longer refers to it; queued hints for it
 * are dropped when their turn comes.
 *
 * Context: regcore_mutex held.
 */
void regcore_hints_wiphy_gone(struct regcore_wiphy *wiphy)
{
	lockdep_assert_held(&regcore_mutex);
	if (regcore_last->wiphy_idx == wiphy->idx)
		regcore_last->wiphy_idx = REGCORE_WIPHY_IDX_INVALID;
}

/**
 * regcore_hints_init() - the state at load: the built-in world in force
 */
void regcore_hints_init(void)
{
	rcu_assign_pointer(regcore_regdom, &regcore_builtin_world);
	regcore_world = &regcore_builtin_world;
	regcore_last = &regcore_core_world;
	regcore_core_world.processed = true;
	regcore_user_alpha2_saved = false;
	regcore_shutting_down = false;
}

/**
 * regcore_hints_start() - queue the load-time hints
 *
 * The core asks userspace for the world domain, as cfg80211 does at load,
 * then for the ieee80211_regdom module parameter's country if one is set.
 *
 * Return: 0, -ENOMEM or -ESHUTDOWN.
 */
int regcore_hints_start(void)
{
	int err;

	err = regcore_hint(NL80211_REGDOM_SET_BY_CORE, "00",
			   REGCORE_WIPHY_IDX_INVALID);
	if (err || !regcore_alpha2_is_country(regcore_param_alpha2))
		return err;
	return regcore_hint(NL80211_REGDOM_SET_BY_CORE, regcore_param_alpha2,
			    REGCORE_WIPHY_IDX_INVALID);
}

/**
 * regcore_hints_stop() - no more hints, no more work
 *
 * After it returns no hint is accepted, no answer is installed, no uevent
 * or notification is sent, and neither work item is queued or running.
 */
void regcore_hints_stop(void)
{
	mutex_lock(&regcore_mutex);
	spin_lock(&regcore_requests_lock);
	regcore_shutting_down = true;
	spin_unlock(&regcore_requests_lock);
	mutex_unlock(&regcore_mutex);

	/* Both work functions do nothing once shutting down. */
	cancel_delayed_work_sync(&regcore_timeout_work);
	cancel_work_sync(&regcore_work);
}

/**
 * regcore_hints_exit() - free every request and domain
 *
 * Called after regcore_hints_stop(), once the netlink family is gone and
 * every radio has been unregistered.
 */
void regcore_hints_exit(void)
{
	struct regcore_request *req, *tmp;
	LIST_HEAD(pending);

	spin_lock(&regcore_requests_lock);
	list_splice_init(&regcore_requests, &pending);
	spin_unlock(&regcore_requests_lock);
	list_for_each_entry_safe(req, tmp, &pending, list) {
		list_del(&req->list);
		kfree(req);
	}

	mutex_lock(&regcore_mutex);
	regcore_set_last(&regcore_core_world);
	regcore_install(&regcore_builtin_world);
	regcore_install_world(&regcore_builtin_world);
	mutex_unlock(&regcore_mutex);
	/* Wait for the kfree_rcu() callbacks of the domains freed above. */
	rcu_barrier();
}
