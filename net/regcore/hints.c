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
 * A request that times out, or whose answer cannot be applied, restores
 * the settings (regcore_restore()): the world domain, then the hints that
 * were waiting, then the user's earlier choice asked for again. After
 * REGCORE_MAX_FAILURES such failures in a row nothing is asked again until
 * a hint arrives (cfg80211 stops calling crda after 10 timeouts in a row):
 * userspace that never answers cannot keep the queue busy forever. After
 * REGCORE_MAX_FAILURES failed country element requests in a row, country
 * elements are dropped for REGCORE_IE_BACKOFF (or until a user or driver
 * hint): a rogue access point naming a country nobody knows costs one
 * request per period. cfg80211 has no such bound, as it hears of a country
 * element once per association.
 *
 * Drivers and remote access points (through country elements) can give
 * hints at any rate, so the queue is bounded (REGCORE_MAX_QUEUED hints,
 * REGCORE_MAX_QUEUED_IE of them from country elements): a hint beyond it
 * is refused with -EBUSY. Log lines follow cfg80211: each step of the
 * state machine (a decision, a uevent, a restore) is pr_debug() (dynamic
 * debug: `modprobe regcore dyndbg=+p`); the facts a user needs (a domain
 * installed, a request dropped, a refusal) are pr_info() or pr_warn(),
 * rate-limited wherever a driver or a remote party can cause them.
 *
 * The same work item also applies the beacons drivers reported
 * (beacon.c), whether or not a request waits.
 *
 * All state below is protected by regcore_mutex unless marked otherwise;
 * see core.h for the rules.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/atomic.h>
#include <linux/ctype.h>
#include <linux/jiffies.h>
#include <linux/list.h>
#include <linux/ratelimit.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/kthread.h>

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
 * @bounded: a hint from outside (user, driver, country element), counted
 *	against the queue's bounds; the core's own hints are not
 * @restore: the user's earlier choice, asked for again by a restore
 * @cell_base: a user hint from a cellular base station
 *	(NL80211_USER_REG_HINT_CELL_BASE)
 * @reload: NL80211_CMD_RELOAD_REGDB's request: what it asks for is
 *	decided when its turn comes (regcore_reload())
 * @from_regdb: answered from the firmware database; no answer from
 *	userspace is taken for it, even while it is pending (its answer
 *	could not be installed for want of memory: the timeout ends it)
 * @country_ie_env: a country element's environment (REGCORE_ENVIRON_ANY
 *	for other hints, and once the element's radio is gone)
 * @user_seq: for @restore: regcore_user_seq when it was queued
 * @id: its number in the journal (REGCORE_ATTR_REQUEST), from 1
 * @portid: the netlink port of a user hint's sender
 *	(REGCORE_ATTR_PORTID), 0 for other hints
 * @timeout_ms: how long userspace was given to answer, ms
 * @deadline: jiffies by which userspace must have answered
 */
struct regcore_request {
	struct list_head list;
	enum nl80211_reg_initiator initiator;
	char alpha2[3];
	u32 wiphy_idx;
	bool intersect;
	bool processed;
	bool bounded;
	bool restore;
	bool cell_base;
	bool reload;
	bool from_regdb;
	enum regcore_environment country_ie_env;
	u32 user_seq;
	u64 id;
	u32 portid;
	unsigned int timeout_ms;
	unsigned long deadline;
};

/* The most hints from outside that may wait in the queue, and how many of
 * them may come from country elements.
 */
#define REGCORE_MAX_QUEUED	64
#define REGCORE_MAX_QUEUED_IE	8
/* Failed requests in a row (timeouts, answers that cannot be applied)
 * after which a restore asks for nothing again.
 */
#define REGCORE_MAX_FAILURES	10
/* How long country elements are dropped after too many failed. */
#define REGCORE_IE_BACKOFF	(300 * HZ)

enum regcore_treatment {
	REGCORE_REQ_OK,
	REGCORE_REQ_IGNORE,
	REGCORE_REQ_INTERSECT,
	REGCORE_REQ_ALREADY_SET,
};

/* Hints not yet processed, in order. Protected by regcore_requests_lock,
 * as are the counters below.
 */
static LIST_HEAD(regcore_requests);
static DEFINE_SPINLOCK(regcore_requests_lock);
/* Bounded hints in the queue, all and from country elements. */
static unsigned int regcore_n_queued;
static unsigned int regcore_n_queued_ie;
/* Restores since the last hint from outside or the last answer applied
 * (cfg80211 too lets every new hint, a country element's included, call
 * crda again).
 */
static unsigned int regcore_failures;
/* Country element requests that failed in a row since the last user or
 * driver hint or answer applied, and when the last one failed: after
 * REGCORE_MAX_FAILURES of them, country elements are dropped for
 * REGCORE_IE_BACKOFF, so that a remote party naming a country userspace
 * does not answer costs one request per period, not one per association.
 */
static unsigned int regcore_ie_failures;
static unsigned long regcore_ie_failed_at;
/* The dropping has been logged since the last country element failure. */
static bool regcore_ie_drop_logged;
/* Bumped by every restore: a radio's last country element
 * (regcore_wiphy.ie_alpha2) counts as a repeat only within one generation.
 */
static unsigned int regcore_restore_gen;
/* Bumped by every user hint queued: a restore's request for the user's
 * earlier choice is dropped when a newer user hint came after it.
 */
static u32 regcore_user_seq;
/* Set at unload, under regcore_requests_lock and regcore_mutex: no more
 * hints are accepted and no more work is queued.
 */
static bool regcore_shutting_down;

/* Hints dropped before their turn that the journal records: at most 10 a
 * minute, as drivers and remote access points can cause any number (a
 * repeated country element is never recorded).
 */
static DEFINE_RATELIMIT_STATE(regcore_journal_drops, 60 * HZ, 10);

/* The number of the last request made (struct regcore_request.id). */
static atomic64_t regcore_request_ids = ATOMIC64_INIT(0);

/* The state at load, and after every restore: the world, processed. */
static struct regcore_request regcore_core_world = {
	.initiator = NL80211_REGDOM_SET_BY_CORE,
	.alpha2 = "00",
	.wiphy_idx = REGCORE_WIPHY_IDX_INVALID,
	.processed = true,
};

/* The request being processed or processed last; never NULL. */
static struct regcore_request *regcore_last = &regcore_core_world;
/* Its initiator (high 32 bits) and radio (low 32 bits) for lock-free
 * readers (see core.h), in one word so that a reader never sees one
 * request's initiator with another's radio. Written under regcore_mutex.
 */
static atomic64_t regcore_last_pub =
	ATOMIC64_INIT(((u64)NL80211_REGDOM_SET_BY_CORE << 32) |
		      REGCORE_WIPHY_IDX_INVALID);
/* Its view for drivers' notifiers, refreshed on every change. */
static struct regcore_request_info regcore_last_info;

/* The domain in force: RCU for readers, regcore_mutex for writers. */
static const struct regcore_regdomain __rcu *regcore_regdom;
/* The world domain: built in until userspace answers a world request. */
static const struct regcore_regdomain *regcore_world = &regcore_builtin_world;

/* The user's last country, asked for again after a restore. */
static char regcore_user_alpha2[3];
static bool regcore_user_alpha2_saved;
/* A copy of the answer to the user's last request that was installed (as
 * userspace gave it, before any intersection), or NULL: a disconnect's
 * restore installs it again without asking (cfg80211_user_regdom).
 */
static struct regcore_regdomain *regcore_user_regd;

/* Hints are processed, and timeouts handled, by one kthread of regcore's
 * own ("regcore"), one item at a time: an order no caller can disturb, and
 * one task a test can point fault injection at (/proc/PID/fail-nth).
 * Created at load, destroyed at unload.
 */
static struct kthread_worker *regcore_worker;
static void regcore_work_fn(struct kthread_work *work);
static DEFINE_KTHREAD_WORK(regcore_work, regcore_work_fn);
static void regcore_timeout_fn(struct kthread_work *work);
static DEFINE_KTHREAD_DELAYED_WORK(regcore_timeout_work, regcore_timeout_fn);

static void regcore_kick(void)
{
	kthread_queue_work(regcore_worker, &regcore_work);
}

/**
 * regcore_hints_kick() - have the worker run (beacons, self-managed radios)
 *
 * Context: any. The caller makes sure regcore_hints_stop() has not
 * begun: beacon.c through regcore_beacons_stop(); selfmanaged.c because
 * its caller is a driver, which holds a reference on this module.
 */
void regcore_hints_kick(void)
{
	regcore_kick();
}

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

/* Who asks, in the journal's words: "the user", "a cellular base
 * station", "driver of phy0", "country element from phy1 (indoor)".
 * @wiphy is the request's radio, or NULL when it is not known (gone).
 */
static void regcore_req_who(const struct regcore_request *req,
			    const struct regcore_wiphy *wiphy,
			    char *buf, size_t len)
{
	static const char * const env[] = {
		[REGCORE_ENVIRON_ANY] = "",
		[REGCORE_ENVIRON_INDOOR] = " (indoor)",
		[REGCORE_ENVIRON_OUTDOOR] = " (outdoor)",
	};
	char radio[40];

	if (wiphy)
		snprintf(radio, sizeof(radio), "%s", wiphy->name);
	else
		snprintf(radio, sizeof(radio), "radio %u", req->wiphy_idx);
	switch (req->initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		scnprintf(buf, len, "%s", req->reload ?
			  "a reload (RELOAD_REGDB)" : "the core");
		break;
	case NL80211_REGDOM_SET_BY_USER:
		scnprintf(buf, len, "%s", req->cell_base ?
			  "a cellular base station" : "the user");
		break;
	case NL80211_REGDOM_SET_BY_DRIVER:
		scnprintf(buf, len, "the driver of %s", radio);
		break;
	case NL80211_REGDOM_SET_BY_COUNTRY_IE:
		scnprintf(buf, len, "a country element from %s%s", radio,
			  req->country_ie_env < ARRAY_SIZE(env) ?
			  env[req->country_ie_env] : "");
		break;
	default:
		scnprintf(buf, len, "initiator %d", req->initiator);
		break;
	}
}

/* The outcome an entry about a request settles it with, by its event:
 * the entries that always end a request. The others that can (an answer,
 * a domain installed, a database without the country) say so themselves.
 */
static u8 regcore_event_outcome(u8 event, u8 decision)
{
	switch (event) {
	case REGCORE_JOURNAL_DROPPED:
		return REGCORE_OUTCOME_DROPPED;
	case REGCORE_JOURNAL_TIMEOUT:
		return REGCORE_OUTCOME_TIMED_OUT;
	case REGCORE_JOURNAL_DECIDED:
		if (decision == REGCORE_DECISION_IGNORE)
			return REGCORE_OUTCOME_IGNORED;
		if (decision == REGCORE_DECISION_ALREADY_SET)
			return REGCORE_OUTCOME_ALREADY;
		return REGCORE_OUTCOME_NONE;
	default:
		return REGCORE_OUTCOME_NONE;
	}
}

static __printf(6, 0) void regcore_vjreq(u8 event,
					 const struct regcore_request *req,
					 u8 decision, u8 outcome, int err,
					 const char *fmt, va_list args)
{
	struct regcore_jnote note = {
		.event = event,
		.initiator = req->initiator,
		.decision = decision,
		.outcome = outcome,
		.portid = req->portid,
		.request = req->id,
		.wiphy_idx = req->wiphy_idx,
		.err = err,
		.alpha2 = req->alpha2,
	};

	regcore_journal_vadd(&note, fmt, args);
}

/* A journal entry about @req, settling it as its event says. */
static __printf(5, 6) void regcore_jreq(u8 event,
					const struct regcore_request *req,
					u8 decision, int err,
					const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	regcore_vjreq(event, req, decision,
		      regcore_event_outcome(event, decision), err, fmt, args);
	va_end(args);
}

/* A journal entry about @req that settles it with @outcome. */
static __printf(5, 6) void regcore_jreq_outcome(u8 event,
						const struct regcore_request *req,
						u8 outcome, int err,
						const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	regcore_vjreq(event, req, REGCORE_NO_DECISION, outcome, err, fmt,
		      args);
	va_end(args);
}

/* A user hint from a cellular base station (cfg80211's
 * reg_request_cell_base()).
 */
static bool regcore_request_is_cell_base(const struct regcore_request *req)
{
	return req->initiator == NL80211_REGDOM_SET_BY_USER && req->cell_base;
}

/**
 * regcore_last_is_cell_base() - is the last request a cellular base
 * station's?
 *
 * Context: regcore_mutex held.
 * Return: true when the request being processed or processed last is a
 * user hint of type NL80211_USER_REG_HINT_CELL_BASE.
 */
bool regcore_last_is_cell_base(void)
{
	lockdep_assert_held(&regcore_mutex);
	return regcore_request_is_cell_base(regcore_last);
}

/* Does any registered radio follow cellular base station hints, where
 * regcore takes them at all (cfg80211's reg_num_devs_support_basehint,
 * which counts nothing without CONFIG_CFG80211_REG_CELLULAR_HINTS)?
 */
static bool regcore_cell_base_followed(void)
{
	struct regcore_wiphy *wiphy;

	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (!regcore_wiphy_ignores_cell_base(wiphy))
			return true;
	return false;
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
	regcore_last_info.user_reg_hint_type =
		regcore_request_is_cell_base(lr) ?
		NL80211_USER_REG_HINT_CELL_BASE : NL80211_USER_REG_HINT_USER;
	regcore_last_info.country_ie_env = lr->country_ie_env;
	return &regcore_last_info;
}

/**
 * regcore_last_initiator() - who gave the last request, without the lock
 *
 * Return: the initiator of the request being processed or processed last.
 */
enum nl80211_reg_initiator regcore_last_initiator(void)
{
	return atomic64_read(&regcore_last_pub) >> 32;
}

/**
 * regcore_last_wiphy() - the radio of the last request, without the lock
 *
 * Return: the index of the radio whose driver or country element gave the
 * request being processed or processed last, if it is still registered;
 * else REGCORE_WIPHY_IDX_INVALID.
 */
u32 regcore_last_wiphy(void)
{
	return lower_32_bits(atomic64_read(&regcore_last_pub));
}

static void regcore_publish_last(void)
{
	atomic64_set(&regcore_last_pub,
		     ((u64)regcore_last->initiator << 32) |
		     regcore_last->wiphy_idx);
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
	regcore_publish_last();
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

/* Forget the failures in a row, country elements' too. Called with
 * regcore_requests_lock held.
 */
static void regcore_failures_reset(void)
{
	regcore_failures = 0;
	regcore_ie_failures = 0;
}

/* Whether a country element hint from @wiphy must be dropped rather than
 * queued: within REGCORE_IE_BACKOFF of the last of REGCORE_MAX_FAILURES
 * or more failed country element requests in a row (a country userspace
 * does not answer, say a rogue access point's "ZZ"), or when it repeats
 * the radio's last country element since the last restore (a driver
 * reporting every beacon; cfg80211 is told once per association). Sets
 * *@log when the first kind is to be logged. Called with
 * regcore_requests_lock held.
 */
static bool regcore_ie_drop(const struct regcore_wiphy *wiphy,
			    const struct regcore_request *req, bool *log)
{
	if (regcore_ie_failures >= REGCORE_MAX_FAILURES &&
	    time_before(jiffies, regcore_ie_failed_at + REGCORE_IE_BACKOFF)) {
		*log = !regcore_ie_drop_logged;
		regcore_ie_drop_logged = true;
		return true;
	}
	return wiphy->ie_gen == regcore_restore_gen &&
	       regcore_alpha2_equal(wiphy->ie_alpha2, req->alpha2);
}

/* Queue @req (allocated by the caller; freed here if refused or dropped)
 * and kick the work item. A hint from outside (@req->bounded) must find
 * room; a user or driver hint makes the core willing to ask userspace
 * again after failures. A driver's or country element's hint comes with
 * its radio, @wiphy; a country element's may be dropped
 * (regcore_ie_drop()): 0 is returned then. The journal records the hint
 * queued, or why it was not.
 */
static int regcore_queue(struct regcore_request *req,
			 struct regcore_wiphy *wiphy)
{
	bool is_ie = req->initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE;
	struct regcore_wiphy *ie_wiphy = is_ie ? wiphy : NULL;
	bool dropped = false, log = false;
	unsigned int failures = 0;
	char who[80];
	int err = 0;

	regcore_req_who(req, wiphy, who, sizeof(who));
	spin_lock(&regcore_requests_lock);
	if (regcore_shutting_down) {
		err = -ESHUTDOWN;
	} else if (ie_wiphy && regcore_ie_drop(ie_wiphy, req, &log)) {
		dropped = true;
		failures = regcore_ie_failures;
	} else if (req->bounded && (regcore_n_queued >= REGCORE_MAX_QUEUED ||
				    (is_ie && regcore_n_queued_ie >=
				     REGCORE_MAX_QUEUED_IE))) {
		err = -EBUSY;
	} else {
		if (req->bounded) {
			regcore_n_queued++;
			regcore_n_queued_ie += is_ie;
			if (is_ie)
				regcore_failures = 0;
			else
				regcore_failures_reset();
			/* a base station's hint, which may well be
			 * ignored, does not speak for the user
			 */
			if (req->initiator == NL80211_REGDOM_SET_BY_USER &&
			    !req->cell_base)
				regcore_user_seq++;
		}
		if (ie_wiphy) {
			memcpy(ie_wiphy->ie_alpha2, req->alpha2,
			       sizeof(ie_wiphy->ie_alpha2));
			ie_wiphy->ie_gen = regcore_restore_gen;
		}
		/* before the worker can take it: the entries keep order */
		regcore_jreq(REGCORE_JOURNAL_HINT, req, REGCORE_NO_DECISION, 0,
			     "%s asks for %.2s", who, req->alpha2);
		list_add_tail(&req->list, &regcore_requests);
		regcore_kick();
	}
	spin_unlock(&regcore_requests_lock);

	if (log)
		pr_info("country elements dropped for %u s (%.2s from %s first): %u of their requests failed in a row; a user or driver hint ends it\n",
			REGCORE_IE_BACKOFF / HZ, req->alpha2, ie_wiphy->name,
			failures);
	else if (dropped)
		pr_debug("country element %.2s from %s dropped: %s\n",
			 req->alpha2, ie_wiphy->name,
			 failures >= REGCORE_MAX_FAILURES ?
			 "too many failures in a row" : "a repeat");
	if (err == -EBUSY)
		pr_warn_ratelimited("%s hint for %.2s refused: too many hints are waiting\n",
				    regcore_initiator_name(req->initiator),
				    req->alpha2);
	/* A repeat says nothing the radio's last entry did not; the rest
	 * are bounded, as a remote party or a driver can cause any number.
	 */
	if (dropped && failures >= REGCORE_MAX_FAILURES &&
	    __ratelimit(&regcore_journal_drops))
		regcore_jreq(REGCORE_JOURNAL_DROPPED, req, REGCORE_NO_DECISION,
			     0, "%s asks for %.2s: dropped, %u of their requests failed in a row",
			     who, req->alpha2, failures);
	else if (err == -EBUSY && __ratelimit(&regcore_journal_drops))
		regcore_jreq(REGCORE_JOURNAL_DROPPED, req, REGCORE_NO_DECISION,
			     err, "%s asks for %.2s: refused, too many hints are waiting",
			     who, req->alpha2);
	if (err || dropped)
		kfree(req);
	return err;
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
	req->id = atomic64_inc_return(&regcore_request_ids);
	req->alpha2[0] = toupper(alpha2[0]);
	req->alpha2[1] = toupper(alpha2[1]);
	req->wiphy_idx = wiphy_idx;
	return req;
}

/* Queue a hint, from @wiphy's driver or (NULL) the core; @bounded for
 * hints from outside the core.
 */
static int regcore_hint(enum nl80211_reg_initiator initiator,
			const char *alpha2, struct regcore_wiphy *wiphy,
			bool bounded)
{
	struct regcore_request *req;

	req = regcore_new_request(initiator, alpha2,
				  wiphy ? wiphy->idx : REGCORE_WIPHY_IDX_INVALID);
	if (!req)
		return -ENOMEM;
	req->bounded = bounded;
	return regcore_queue(req, wiphy);
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
 * @cell_base: the country comes from a cellular base station
 *	(NL80211_USER_REG_HINT_CELL_BASE): decided as cfg80211 decides it
 *	(ignored unless a radio follows such hints, see
 *	regcore_wiphy_ignores_cell_base(); then trusted over the user and
 *	over country elements). Once installed it is also the user's
 *	country that restores put back, as a plain user hint, as in
 *	cfg80211 (restore_alpha2()): after a restore it no longer wins over
 *	the user, and every radio follows it.
 * @portid: the netlink port that sent it, for the journal (0: none)
 *
 * Return: 0 when queued, -EINVAL for a bad alpha2, -EBUSY when too many
 * hints are waiting, -ENOMEM, -ESHUTDOWN.
 */
int regcore_hint_user(const char *alpha2, bool cell_base, u32 portid)
{
	struct regcore_request *req;

	if (!regcore_hint_alpha2_ok(alpha2, true))
		return -EINVAL;
	req = regcore_new_request(NL80211_REGDOM_SET_BY_USER, alpha2,
				  REGCORE_WIPHY_IDX_INVALID);
	if (!req)
		return -ENOMEM;
	req->bounded = true;
	req->cell_base = cell_base;
	req->portid = portid;
	return regcore_queue(req, NULL);
}

/**
 * regcore_hint_reload() - ask again for the rules in force (RELOAD_REGDB)
 *
 * Queues a request whose meaning is decided when its turn comes, from
 * the state then (a user hint queued before it may have changed the
 * country): see regcore_reload(). It counts against the queue's bound as
 * a hint from outside does.
 *
 * Return: 0 when queued, -EBUSY when too many hints are waiting,
 * -ENOMEM, -ESHUTDOWN.
 */
int regcore_hint_reload(void)
{
	struct regcore_request *req;

	req = regcore_new_request(NL80211_REGDOM_SET_BY_CORE, "00",
				  REGCORE_WIPHY_IDX_INVALID);
	if (!req)
		return -ENOMEM;
	req->bounded = true;
	req->reload = true;
	return regcore_queue(req, NULL);
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
	return regcore_hint(NL80211_REGDOM_SET_BY_DRIVER, alpha2, wiphy, true);
}

/* A country element dropped before it became a request (bounded, see
 * regcore_journal_drops).
 */
static void regcore_journal_ie_dropped(const struct regcore_wiphy *wiphy,
				       const char *alpha2, const char *why)
{
	struct regcore_jnote note = {
		.event = REGCORE_JOURNAL_DROPPED,
		.initiator = NL80211_REGDOM_SET_BY_COUNTRY_IE,
		.decision = REGCORE_NO_DECISION,
		.wiphy_idx = wiphy->idx,
		.outcome = REGCORE_OUTCOME_DROPPED,
		.alpha2 = alpha2,
	};

	if (!__ratelimit(&regcore_journal_drops))
		return;
	regcore_journal_add(&note, "a country element from %s asks for %c%c: dropped, %s",
			    wiphy->name, toupper(alpha2[0]), toupper(alpha2[1]),
			    why);
}

/**
 * regcore_hint_country_ie() - queue a country element hint
 * @wiphy: the registered radio that saw the element
 * @alpha2: the element's two letters
 * @env: the environment its third byte names, kept with the request
 *
 * The hint is dropped before it is queued when the radio ignores country
 * elements (REGCORE_REG_COUNTRY_IE_IGNORE); as cfg80211 does, while the
 * request in force (or pending) came from a country element of a radio
 * that is still registered: the conflict between two access points is
 * not worth a request, and a rogue one cannot make the domain flap; and
 * (regcore_ie_drop()) when it repeats the radio's last country element
 * since the last restore, or after REGCORE_MAX_FAILURES failed requests
 * in a row, until a user or driver hint comes.
 *
 * Return: 0 when queued or dropped so, a negative errno otherwise.
 */
int regcore_hint_country_ie(struct regcore_wiphy *wiphy, const char *alpha2,
			    enum regcore_environment env)
{
	struct regcore_request *req;
	const char *cur;
	bool repeat;
	u64 last;

	if (!regcore_hint_alpha2_ok(alpha2, false))
		return -EINVAL;
	if (wiphy->regulatory_flags & REGCORE_REG_COUNTRY_IE_IGNORE) {
		pr_debug("country element %.2s from %s dropped: the radio ignores them\n",
			 alpha2, wiphy->name);
		regcore_journal_ie_dropped(wiphy, alpha2,
					   "the radio ignores country elements");
		return 0;
	}
	last = atomic64_read(&regcore_last_pub);
	if (last >> 32 == NL80211_REGDOM_SET_BY_COUNTRY_IE &&
	    lower_32_bits(last) != REGCORE_WIPHY_IDX_INVALID) {
		pr_debug("country element %.2s from %s dropped: a country element is in force\n",
			 alpha2, wiphy->name);
		/* the radio whose element put its country in force says it
		 * again: a repeat, not journaled
		 */
		rcu_read_lock();
		cur = regcore_current_regdom()->alpha2;
		repeat = lower_32_bits(last) == wiphy->idx &&
			 cur[0] == toupper(alpha2[0]) &&
			 cur[1] == toupper(alpha2[1]);
		rcu_read_unlock();
		if (!repeat)
			regcore_journal_ie_dropped(wiphy, alpha2,
						   "a country element is in force");
		return 0;
	}
	req = regcore_new_request(NL80211_REGDOM_SET_BY_COUNTRY_IE, alpha2,
				  wiphy->idx);
	if (!req)
		return -ENOMEM;
	req->bounded = true;
	req->country_ie_env = env;
	return regcore_queue(req, wiphy);
}

static int regcore_set_regdom_locked(struct regcore_regdomain *rd,
				     struct regcore_origin *origin,
				     struct netlink_ext_ack *extack);

/* Ask for @req's rules, from where regdb= says (firmware.c): @req becomes
 * the pending request. A uevent asks userspace, and the answer comes
 * later through regcore_set_regdom(); the firmware database answers at
 * once, through the same code. Either way the timeout is armed: it ends a
 * request whose answer could not be installed for want of memory. The
 * timeout and the source are read once: a write of either parameter
 * meanwhile changes only the requests that follow.
 *
 * Return: false when no source could be asked (the hint is dropped).
 */
static bool regcore_query_rules(struct regcore_request *req)
{
	enum regcore_source source = regcore_rules_source();
	unsigned int ms = READ_ONCE(regcore_crda_timeout_ms);
	struct regcore_regdomain *rd = NULL;
	int err;

	if (source != REGCORE_SOURCE_CRDA) {
		rd = regcore_regdb_lookup(req->alpha2);
		if (IS_ERR(rd)) {
			/* a country it lacks settles the request; other
			 * errors (no file, a refused one) are told by the
			 * drop that follows
			 */
			regcore_jreq_outcome(REGCORE_JOURNAL_REQUEST, req,
					     source == REGCORE_SOURCE_FIRMWARE &&
					     PTR_ERR(rd) == -ENODATA ?
					     REGCORE_OUTCOME_NO_RULES :
					     REGCORE_OUTCOME_NONE, PTR_ERR(rd),
				     "regulatory.db has no answer for %.2s (error %ld%s)%s",
				     req->alpha2, -PTR_ERR(rd),
				     PTR_ERR(rd) == -ENODATA ?
				     ", it lacks the country" :
				     PTR_ERR(rd) == -ENOENT ?
				     ", no such file" : "",
				     source == REGCORE_SOURCE_FIRMWARE ? "" :
				     ": asking userspace");
			if (source == REGCORE_SOURCE_FIRMWARE)
				return false;
			pr_debug("%.2s: no answer from regulatory.db (%ld), asking userspace\n",
				 req->alpha2, PTR_ERR(rd));
			rd = NULL;
		}
	}
	if (!rd) {
		err = regcore_uevent_request(req->alpha2);
		if (err) {
			pr_err_ratelimited("could not send the uevent asking for %.2s: %d\n",
					   req->alpha2, err);
			regcore_jreq(REGCORE_JOURNAL_REQUEST, req,
				     REGCORE_NO_DECISION, err,
				     "could not send the uevent asking userspace for %.2s (error %d)",
				     req->alpha2, -err);
			return false;
		}
		regcore_jreq(REGCORE_JOURNAL_REQUEST, req, REGCORE_NO_DECISION,
			     0,
			     "asked userspace (crda) for %.2s: uevent COUNTRY=%.2s, answer due within %u ms",
			     req->alpha2, req->alpha2, ms);
	} else {
		regcore_jreq(REGCORE_JOURNAL_REQUEST, req, REGCORE_NO_DECISION,
			     0, "regulatory.db answers for %.2s", req->alpha2);
	}
	req->processed = false;
	req->from_regdb = rd;
	req->timeout_ms = ms;
	req->deadline = jiffies + msecs_to_jiffies(ms);
	regcore_set_last(req);
	kthread_mod_delayed_work(regcore_worker, &regcore_timeout_work,
				 msecs_to_jiffies(ms));
	if (rd) {
		pr_debug("%s hint: %.2s answered from regulatory.db\n",
			 regcore_initiator_name(req->initiator), req->alpha2);
		regcore_set_regdom_locked(rd, regcore_regdb_origin(), NULL);
	} else {
		pr_debug("%s hint: asked userspace for %.2s\n",
			 regcore_initiator_name(req->initiator), req->alpha2);
	}
	return true;
}

/* Why a hint's turn decided what it did (the journal's words). */
enum regcore_reason {
	REGCORE_REASON_CORE,
	REGCORE_REASON_CELL_NOT_FOLLOWED,
	REGCORE_REASON_CELL_ALREADY,
	REGCORE_REASON_CELL_TRUSTED,
	REGCORE_REASON_CELL_OVER_USER,
	REGCORE_REASON_IE_IN_FORCE,
	REGCORE_REASON_USER_INTERSECTED,
	REGCORE_REASON_LAST_NOT_IN_FORCE,
	REGCORE_REASON_ALREADY,
	REGCORE_REASON_USER,
	REGCORE_REASON_DRIVER_FIRST,
	REGCORE_REASON_DRIVER_ALREADY,
	REGCORE_REASON_DRIVER_OTHER_ALREADY,
	REGCORE_REASON_DRIVER_INTERSECT,
	REGCORE_REASON_CELL_OVER_AP,
	REGCORE_REASON_IE_IGNORED,
	REGCORE_REASON_NO_IE,
	REGCORE_REASON_OTHER_RADIO_IE,
	REGCORE_REASON_OTHER_RADIO_IE_ALREADY,
	REGCORE_REASON_IE_CHANGED,
	REGCORE_REASON_UNKNOWN,
	REGCORE_REASON_NO_MEMORY,
};

static const char * const regcore_reason_words[] = {
	[REGCORE_REASON_CORE] =
		"the core always asks",
	[REGCORE_REASON_CELL_NOT_FOLLOWED] =
		"no radio follows a cellular base station's hints",
	[REGCORE_REASON_CELL_ALREADY] =
		"a cellular base station put the country in force already",
	[REGCORE_REASON_CELL_TRUSTED] =
		"a cellular base station is trusted over the user and country elements",
	[REGCORE_REASON_CELL_OVER_USER] =
		"a cellular base station's country is in force, and it is trusted over the user",
	[REGCORE_REASON_IE_IN_FORCE] =
		"a country element is in force: the user can only restrict what it allows",
	[REGCORE_REASON_USER_INTERSECTED] =
		"the last user hint was intersected with a country element: no user hint counts until the settings are restored",
	[REGCORE_REASON_LAST_NOT_IN_FORCE] =
		"the last request is not in force as it was asked (intersected, or kept by its radio alone)",
	[REGCORE_REASON_ALREADY] =
		"the country is in force already",
	[REGCORE_REASON_USER] =
		"the user's country",
	[REGCORE_REASON_DRIVER_FIRST] =
		"the first driver hint since the core's domain",
	[REGCORE_REASON_DRIVER_ALREADY] =
		"the country is in force already; the radio keeps a copy",
	[REGCORE_REASON_DRIVER_OTHER_ALREADY] =
		"another driver's hint put the country in force; the radio keeps a copy",
	[REGCORE_REASON_DRIVER_INTERSECT] =
		"the answer will be intersected with the domain in force, and the radio keeps the answer",
	[REGCORE_REASON_CELL_OVER_AP] =
		"a cellular base station's country is in force, and it is trusted over access points",
	[REGCORE_REASON_IE_IGNORED] =
		"the radio ignores country elements",
	[REGCORE_REASON_NO_IE] =
		"no country element is in force",
	[REGCORE_REASON_OTHER_RADIO_IE] =
		"another radio's country element names another country",
	[REGCORE_REASON_OTHER_RADIO_IE_ALREADY] =
		"another radio's country element put the country in force already",
	[REGCORE_REASON_IE_CHANGED] =
		"the radio's access point names another country",
	[REGCORE_REASON_UNKNOWN] =
		"unknown initiator",
	[REGCORE_REASON_NO_MEMORY] =
		"no memory for the radio's copy of the domain",
};

/* The decisions, one function per initiator. They follow cfg80211:
 *
 * core:       always asks (the world domain at load).
 * user:       (also the module parameter's country, at load and after a
 *             restore) intersected with a country element in force (the user can
 *             only restrict what the access point says); ignored after an
 *             intersected user hint, and while the last core, driver or
 *             user request has not (or not exactly) been installed; already
 *             set when the country is in force.
 * driver:     after the core: asks unless the country is in force. After
 *             another driver's hint for the same country: already set.
 *             Otherwise intersected with what is in force. The radio keeps
 *             a copy of its own domain either way. Strict radios take that
 *             domain as their superset (channels.c).
 * country IE: dropped before it is queued while a country element of a
 *             registered radio is in force, for radios with
 *             REGCORE_REG_COUNTRY_IE_IGNORE, for a repeat and after
 *             failures in a row (regcore_hint_country_ie()). After
 *             another country element: from another radio, ignored when it
 *             names another country; from the same radio, asks when the
 *             country changes; already set otherwise, and a strict radio
 *             takes the change again. Never intersected.
 */
static enum regcore_treatment
regcore_hint_core_decide(struct regcore_request *req, enum regcore_reason *why)
{
	*why = REGCORE_REASON_CORE;
	return REGCORE_REQ_OK;
}

static enum regcore_treatment
regcore_hint_user_decide(struct regcore_request *req, enum regcore_reason *why)
{
	const struct regcore_request *lr = regcore_last;

	if (req->cell_base) {
		if (!regcore_cell_base_followed()) {
			*why = REGCORE_REASON_CELL_NOT_FOLLOWED;
			return REGCORE_REQ_IGNORE;
		}
		if (regcore_request_is_cell_base(lr) &&
		    !regcore_regdom_changes(req->alpha2)) {
			*why = REGCORE_REASON_CELL_ALREADY;
			return REGCORE_REQ_ALREADY_SET;
		}
		*why = REGCORE_REASON_CELL_TRUSTED;
		return REGCORE_REQ_OK;
	}
	/* A base station is trusted over the user. */
	if (regcore_request_is_cell_base(lr)) {
		*why = REGCORE_REASON_CELL_OVER_USER;
		return REGCORE_REQ_IGNORE;
	}
	if (lr->initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE) {
		*why = REGCORE_REASON_IE_IN_FORCE;
		return REGCORE_REQ_INTERSECT;
	}
	if (lr->initiator == NL80211_REGDOM_SET_BY_USER && lr->intersect) {
		*why = REGCORE_REASON_USER_INTERSECTED;
		return REGCORE_REQ_IGNORE;
	}
	if (regcore_regdom_changes(lr->alpha2)) {
		*why = REGCORE_REASON_LAST_NOT_IN_FORCE;
		return REGCORE_REQ_IGNORE;
	}
	if (!regcore_regdom_changes(req->alpha2)) {
		*why = REGCORE_REASON_ALREADY;
		return REGCORE_REQ_ALREADY_SET;
	}
	*why = REGCORE_REASON_USER;
	return REGCORE_REQ_OK;
}

/**
 * regcore_preview_decide() - what a user hint's turn would decide now
 * @alpha2: its country
 * @cell_base: the hint would be a cellular base station's
 * @lr: receives the request that would be in force
 * @why: receives the reason, in words
 * @ahead: receives whether a request is pending or queued: the hint would
 *	be decided after them, against what they leave
 *
 * As regcore_hint_user_decide(), against the request in force now.
 *
 * Context: regcore_mutex held.
 * Return: enum regcore_decision.
 */
u8 regcore_preview_decide(const char *alpha2, bool cell_base,
			  struct regcore_request_info *lr, const char **why,
			  bool *ahead)
{
	struct regcore_request req = {
		.initiator = NL80211_REGDOM_SET_BY_USER,
		.cell_base = cell_base,
	};
	enum regcore_reason reason;
	u8 decision;

	lockdep_assert_held(&regcore_mutex);
	memcpy(req.alpha2, alpha2, 2);
	memset(lr, 0, sizeof(*lr));
	lr->initiator = NL80211_REGDOM_SET_BY_USER;
	memcpy(lr->alpha2, alpha2, 2);
	lr->wiphy_idx = REGCORE_WIPHY_IDX_INVALID;
	lr->user_reg_hint_type = cell_base ? NL80211_USER_REG_HINT_CELL_BASE :
				 NL80211_USER_REG_HINT_USER;
	spin_lock(&regcore_requests_lock);
	*ahead = !regcore_last->processed || !list_empty(&regcore_requests);
	spin_unlock(&regcore_requests_lock);
	switch (regcore_hint_user_decide(&req, &reason)) {
	case REGCORE_REQ_IGNORE:
		decision = REGCORE_DECISION_IGNORE;
		break;
	case REGCORE_REQ_ALREADY_SET:
		decision = REGCORE_DECISION_ALREADY_SET;
		break;
	case REGCORE_REQ_INTERSECT:
		decision = REGCORE_DECISION_INTERSECT;
		lr->intersect = true;
		break;
	default:
		decision = REGCORE_DECISION_APPLY;
		break;
	}
	*why = regcore_reason_words[reason];
	return decision;
}

/**
 * regcore_preview_domain() - the domain a user hint's answer would put in
 *	force
 * @rd: the answer's rules (validated); not taken
 * @lr: the request regcore_preview_decide() made; its DFS region is set
 *
 * As regcore_set_rd_user(): @rd, or its intersection with the domain in
 * force.
 *
 * Context: regcore_mutex held.
 * Return: the domain, for the caller to free; NULL when it would change
 * nothing (the country is in force: regcore_set_rd_user()'s -EALREADY);
 * an ERR_PTR when the answer could not be applied (-EINVAL: nothing in
 * common with the domain in force; -E2BIG: too many rules in common), or
 * -ENOMEM.
 */
struct regcore_regdomain *
regcore_preview_domain(const struct regcore_regdomain *rd,
		       struct regcore_request_info *lr)
{
	struct regcore_regdomain *out;

	lockdep_assert_held(&regcore_mutex);
	if (!regcore_regdom_changes(rd->alpha2))
		return NULL;
	if (!lr->intersect) {
		out = regcore_regdom_copy(rd);
		if (!out)
			return ERR_PTR(-ENOMEM);
	} else {
		out = regcore_regdom_intersect(rd, regcore_current_regdom());
		if (IS_ERR(out))
			return out;
	}
	lr->dfs_region = out->dfs_region;
	return out;
}

static enum regcore_treatment
regcore_hint_driver_decide(struct regcore_request *req, enum regcore_reason *why)
{
	const struct regcore_request *lr = regcore_last;

	if (lr->initiator == NL80211_REGDOM_SET_BY_CORE) {
		if (regcore_regdom_changes(req->alpha2)) {
			*why = REGCORE_REASON_DRIVER_FIRST;
			return REGCORE_REQ_OK;
		}
		*why = REGCORE_REASON_DRIVER_ALREADY;
		return REGCORE_REQ_ALREADY_SET;
	}
	if (lr->initiator == NL80211_REGDOM_SET_BY_DRIVER &&
	    !regcore_regdom_changes(req->alpha2)) {
		*why = REGCORE_REASON_DRIVER_OTHER_ALREADY;
		return REGCORE_REQ_ALREADY_SET;
	}
	*why = REGCORE_REASON_DRIVER_INTERSECT;
	return REGCORE_REQ_INTERSECT;
}

static enum regcore_treatment
regcore_hint_country_ie_decide(struct regcore_wiphy *wiphy,
			       struct regcore_request *req, enum regcore_reason *why)
{
	const struct regcore_request *lr = regcore_last;
	bool changes = regcore_regdom_changes(req->alpha2);

	/* A base station is trusted over an access point. */
	if (regcore_request_is_cell_base(lr)) {
		*why = changes ?
		       REGCORE_REASON_CELL_OVER_AP :
		       REGCORE_REASON_CELL_ALREADY;
		return changes ? REGCORE_REQ_IGNORE : REGCORE_REQ_ALREADY_SET;
	}
	if (wiphy->regulatory_flags & REGCORE_REG_COUNTRY_IE_IGNORE) {
		*why = REGCORE_REASON_IE_IGNORED;
		return REGCORE_REQ_IGNORE;
	}
	if (lr->initiator != NL80211_REGDOM_SET_BY_COUNTRY_IE) {
		*why = REGCORE_REASON_NO_IE;
		return REGCORE_REQ_OK;
	}
	if (lr->wiphy_idx != wiphy->idx) {
		*why = changes ?
		       REGCORE_REASON_OTHER_RADIO_IE :
		       REGCORE_REASON_OTHER_RADIO_IE_ALREADY;
		return changes ? REGCORE_REQ_IGNORE : REGCORE_REQ_ALREADY_SET;
	}
	*why = changes ? REGCORE_REASON_IE_CHANGED :
			 REGCORE_REASON_ALREADY;
	return changes ? REGCORE_REQ_OK : REGCORE_REQ_ALREADY_SET;
}

/* Give the radio a private copy of the domain in force; false when there
 * is no memory for it (the radio is left as it was).
 */
static bool regcore_wiphy_keep_current(struct regcore_wiphy *wiphy)
{
	struct regcore_regdomain *copy;

	copy = regcore_regdom_copy(regcore_current_regdom());
	if (!copy)
		return false;
	regcore_wiphy_set_regd(wiphy, copy);
	return true;
}

/* The journal's entry for a decision: what, why, and what is in force. */
static void regcore_journal_decision(const struct regcore_request *req,
				     const struct regcore_wiphy *wiphy,
				     enum regcore_treatment treatment,
				     enum regcore_reason why)
{
	static const u8 decision[] = {
		[REGCORE_REQ_OK] = REGCORE_DECISION_APPLY,
		[REGCORE_REQ_INTERSECT] = REGCORE_DECISION_INTERSECT,
		[REGCORE_REQ_ALREADY_SET] = REGCORE_DECISION_ALREADY_SET,
		[REGCORE_REQ_IGNORE] = REGCORE_DECISION_IGNORE,
	};
	static const char * const words[] = {
		[REGCORE_REQ_OK] = "its rules are asked for",
		[REGCORE_REQ_INTERSECT] = "its rules are asked for, to intersect",
		[REGCORE_REQ_ALREADY_SET] = "already set",
		[REGCORE_REQ_IGNORE] = "ignored",
	};
	const struct regcore_request *lr = regcore_last;
	char who[80], last[80];

	regcore_req_who(req, wiphy, who, sizeof(who));
	regcore_req_who(lr, lr->wiphy_idx == REGCORE_WIPHY_IDX_INVALID ? NULL :
			regcore_wiphy_by_idx(lr->wiphy_idx), last, sizeof(last));
	regcore_jreq(REGCORE_JOURNAL_DECIDED, req, decision[treatment], 0,
		     "%s asks for %.2s: %s: %s (in force: %.2s, last asked by %s for %.2s)",
		     who, req->alpha2, words[treatment], regcore_reason_words[why],
		     regcore_current_regdom()->alpha2, last, lr->alpha2);
}

/* The single place where a decision takes effect. */
static void regcore_apply_treatment(struct regcore_request *req,
				    struct regcore_wiphy *wiphy,
				    enum regcore_treatment treatment,
				    enum regcore_reason why)
{
	const char *who = regcore_initiator_name(req->initiator);

	if (req->initiator == NL80211_REGDOM_SET_BY_DRIVER &&
	    treatment != REGCORE_REQ_IGNORE) {
		/* Without memory for the radio's copy of the domain in
		 * force, the hint is ignored (as cfg80211 ignores it), and
		 * the radio stays custom (cfg80211 clears the flag when the
		 * hint is given, whatever becomes of it).
		 */
		if (treatment != REGCORE_REQ_OK &&
		    !regcore_wiphy_keep_current(wiphy)) {
			pr_warn_ratelimited("driver hint for %.2s from %s ignored: no memory for the radio's copy of the domain\n",
					    req->alpha2, wiphy->name);
			treatment = REGCORE_REQ_IGNORE;
			why = REGCORE_REASON_NO_MEMORY;
		} else {
			/* The driver has learned its country: not custom. */
			wiphy->regulatory_flags &= ~REGCORE_REG_CUSTOM_REG;
		}
	}
	regcore_journal_decision(req, wiphy, treatment, why);

	switch (treatment) {
	case REGCORE_REQ_IGNORE:
		pr_debug("%s hint for %.2s ignored\n", who, req->alpha2);
		regcore_free_request(req);
		return;
	case REGCORE_REQ_ALREADY_SET:
		pr_debug("%s hint for %.2s: already in force\n", who,
			 req->alpha2);
		if (req->initiator != NL80211_REGDOM_SET_BY_DRIVER) {
			/* As cfg80211: a strict radio takes the change again,
			 * so that its settings follow the agreed domain.
			 */
			if (wiphy &&
			    (wiphy->regulatory_flags & REGCORE_REG_STRICT_REG)) {
				regcore_update_wiphy(wiphy, req->initiator);
				regcore_dfs_share(wiphy);
				regcore_check_channels();
			}
			regcore_free_request(req);
			return;
		}
		/* A driver's hint that agrees: record it, tell listeners,
		 * and let a strict radio take the domain as its superset.
		 */
		req->processed = true;
		regcore_set_last(req);
		if (wiphy->regulatory_flags & REGCORE_REG_STRICT_REG) {
			regcore_update_wiphy(wiphy, req->initiator);
			regcore_dfs_share(wiphy);
			regcore_check_channels();
		}
		regcore_notify();
		return;
	case REGCORE_REQ_OK:
	case REGCORE_REQ_INTERSECT:
		req->intersect = treatment == REGCORE_REQ_INTERSECT;
		if (!regcore_query_rules(req)) {
			pr_info_ratelimited("%s hint for %.2s dropped: no source of rules answered\n",
					    who, req->alpha2);
			regcore_jreq(REGCORE_JOURNAL_DROPPED, req,
				     REGCORE_NO_DECISION, 0,
				     "the %s hint for %.2s: dropped, no source of rules answered",
				     who, req->alpha2);
			regcore_free_request(req);
		}
		return;
	}
}

/* Is @req a restore's request for the user's earlier choice that a newer
 * user hint has made moot?
 */
static bool regcore_superseded(const struct regcore_request *req)
{
	bool superseded;

	spin_lock(&regcore_requests_lock);
	superseded = req->restore && req->user_seq != regcore_user_seq;
	spin_unlock(&regcore_requests_lock);
	return superseded;
}

static void regcore_restore(const struct regcore_request *failed, bool cached);

/* RELOAD_REGDB's request, its turn come: as cfg80211's reload, a core
 * request for the country in force. cfg80211 installs the world that way
 * (a core request asks for it again); for any other country it refuses
 * the core's answer and restores: the world, the radios' own settings,
 * the world asked for again, then the user's last country. Here the
 * request asks for the world, after that restore when another domain is
 * in force (it counts as no failure).
 */
static void regcore_reload(struct regcore_request *req)
{
	if (!regcore_alpha2_is_world(regcore_current_regdom()->alpha2))
		regcore_restore(NULL, false);
	req->reload = false;
}

/* The dispatcher: one function per initiator decides. */
static void regcore_process_hint(struct regcore_request *req)
{
	struct regcore_wiphy *wiphy = NULL;
	enum regcore_treatment treatment;
	enum regcore_reason why;

	if (req->wiphy_idx != REGCORE_WIPHY_IDX_INVALID) {
		wiphy = regcore_wiphy_by_idx(req->wiphy_idx);
		if (!wiphy) {
			pr_debug("%s hint for %.2s dropped: radio %u is gone\n",
				 regcore_initiator_name(req->initiator),
				 req->alpha2, req->wiphy_idx);
			regcore_jreq(REGCORE_JOURNAL_DROPPED, req,
				     REGCORE_NO_DECISION, 0,
				     "the %s hint for %.2s: dropped, radio %u is gone",
				     regcore_initiator_name(req->initiator),
				     req->alpha2, req->wiphy_idx);
			regcore_free_request(req);
			return;
		}
	}
	if (req->reload)
		regcore_reload(req);
	if (regcore_superseded(req)) {
		pr_debug("the user's earlier %.2s is not asked for again: a newer user hint came\n",
			 req->alpha2);
		regcore_jreq(REGCORE_JOURNAL_DROPPED, req, REGCORE_NO_DECISION,
			     0, "the user's earlier %.2s: dropped, a newer user hint came",
			     req->alpha2);
		regcore_free_request(req);
		return;
	}

	if (req->initiator == NL80211_REGDOM_SET_BY_USER) {
		/* The DFS region is not known yet: unset, as in the request
		 * cfg80211 passes (notify_self_managed_wiphys()).
		 */
		struct regcore_request_info user = {
			.initiator = req->initiator,
			.wiphy_idx = REGCORE_WIPHY_IDX_INVALID,
			.dfs_region = NL80211_DFS_UNSET,
			.user_reg_hint_type = req->cell_base ?
				NL80211_USER_REG_HINT_CELL_BASE :
				NL80211_USER_REG_HINT_USER,
		};

		/* before the decision, whatever it is, as cfg80211 does */
		memcpy(user.alpha2, req->alpha2, 3);
		regcore_self_managed_notify(&user);
	}

	switch (req->initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		treatment = regcore_hint_core_decide(req, &why);
		break;
	case NL80211_REGDOM_SET_BY_USER:
		treatment = regcore_hint_user_decide(req, &why);
		break;
	case NL80211_REGDOM_SET_BY_DRIVER:
		treatment = regcore_hint_driver_decide(req, &why);
		break;
	case NL80211_REGDOM_SET_BY_COUNTRY_IE:
		treatment = regcore_hint_country_ie_decide(wiphy, req, &why);
		break;
	default:
		treatment = REGCORE_REQ_IGNORE;
		why = REGCORE_REASON_UNKNOWN;
		break;
	}
	regcore_apply_treatment(req, wiphy, treatment, why);
}

static struct regcore_request *regcore_dequeue(void)
{
	struct regcore_request *req;

	spin_lock(&regcore_requests_lock);
	req = list_first_entry_or_null(&regcore_requests,
				       struct regcore_request, list);
	if (req) {
		list_del_init(&req->list);
		if (req->bounded) {
			regcore_n_queued--;
			if (req->initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE)
				regcore_n_queued_ie--;
		}
	}
	spin_unlock(&regcore_requests_lock);
	return req;
}

/* Process queued hints until one waits for userspace or none is left,
 * then the beacons heard (also while a request waits, as cfg80211 does).
 */
static void regcore_work_fn(struct kthread_work *work)
{
	struct regcore_request *req;

	mutex_lock(&regcore_mutex);
	while (!regcore_shutting_down && regcore_last->processed) {
		req = regcore_dequeue();
		if (!req)
			break;
		regcore_process_hint(req);
	}
	if (!regcore_shutting_down) {
		regcore_beacons_process();
		regcore_self_managed_process();
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

/* Is a user hint waiting? It speaks for the user more recently than the
 * earlier choice a restore would ask for. A base station's does not.
 * Context: regcore_requests_lock.
 */
static bool regcore_user_hint_queued(void)
{
	struct regcore_request *req;

	lockdep_assert_held(&regcore_requests_lock);
	list_for_each_entry(req, &regcore_requests, list)
		if (req->initiator == NL80211_REGDOM_SET_BY_USER &&
		    !req->cell_base)
			return true;
	return false;
}

/* A disconnect's restore puts the user's earlier choice, @req, back in
 * force from the copy of its last answer, without asking userspace, as
 * cfg80211's restore_regulatory_settings(false, true) does with
 * cfg80211_user_regdom; self-managed radios hear of it first, as they hear
 * of every user hint. Only a copy of the same country is used: cfg80211
 * also takes the copy for the module parameter's country when the user's
 * choice was forgotten, and then refuses it (another alpha2), leaving its
 * queue waiting for an answer nobody sends. False when there is no such
 * copy or no memory for one: the caller asks userspace instead.
 */
static bool regcore_install_user_copy(struct regcore_request *req)
{
	struct regcore_request_info user = {
		.initiator = NL80211_REGDOM_SET_BY_USER,
		.wiphy_idx = REGCORE_WIPHY_IDX_INVALID,
		.dfs_region = NL80211_DFS_UNSET,
	};
	struct regcore_regdomain *copy;

	if (!regcore_user_regd ||
	    !regcore_alpha2_equal(regcore_user_regd->alpha2, req->alpha2))
		return false;
	copy = regcore_regdom_copy(regcore_user_regd);
	if (!copy)
		return false;
	memcpy(user.alpha2, req->alpha2, 3);
	regcore_self_managed_notify(&user);
	req->processed = true;
	regcore_set_last(req);
	regcore_install(copy);
	pr_info_ratelimited("regulatory domain %.2s (DFS %s, %u rules) in force again, set by user (its last answer, kept)\n",
			    copy->alpha2, regcore_dfs_region_name(copy->dfs_region),
			    copy->n_reg_rules);
	/* journaled before the radios follow, as every installation is */
	regcore_jreq_outcome(REGCORE_JOURNAL_INSTALLED, req,
			     REGCORE_OUTCOME_APPLIED, 0,
			     "%.2s (DFS %s, %u rules) in force again, set by the user: its last answer, kept, nothing asked",
		     copy->alpha2, regcore_dfs_region_name(copy->dfs_region),
		     copy->n_reg_rules);
	regcore_update_all_wiphys(NL80211_REGDOM_SET_BY_USER);
	regcore_notify();
	return true;
}

/* The journal's entry for a restore, and why. */
static void regcore_journal_restore(const struct regcore_request *failed,
				    bool cached, const char *alpha2,
				    unsigned int failures)
{
	struct regcore_jnote note = {
		.event = REGCORE_JOURNAL_RESTORE,
		.initiator = REGCORE_NO_INITIATOR,
		.decision = REGCORE_NO_DECISION,
		.wiphy_idx = REGCORE_WIPHY_IDX_INVALID,
		.alpha2 = "00",
	};
	char then[80] = "";

	if (!alpha2 && failures > REGCORE_MAX_FAILURES)
		snprintf(then, sizeof(then),
			 "; nothing is asked again until a new hint");
	if (failed) {
		note.request = failed->id;
		regcore_journal_add(&note,
				    "settings restored, as the request for %.2s failed (%u in a row): the world domain in force%s",
				    failed->alpha2, failures, then);
	} else {
		regcore_journal_add(&note,
				    "settings restored, as %s: the world domain in force%s",
				    cached ? "every station disconnected" :
				    "the database is reloaded", then);
	}
}

/* Back to the world domain, then ask again for what should be in force:
 * the user's earlier choice (the last user request that was installed),
 * else the module parameter's country (a user hint, as cfg80211 queues
 * it). The hints that were waiting go first: a request that failed never
 * holds up the queue. Nothing is asked again when a user hint is among
 * them, and the request asked again is dropped when a newer user hint
 * comes before its turn (regcore_process_hint()).
 *
 * The world domain is installed directly rather than asked for again.
 * When the request that failed was the user's earlier choice itself, that
 * choice is forgotten, so restores do not follow each other for the same
 * reason; and after REGCORE_MAX_FAILURES failures in a row (a parameter
 * crda does not know, crda missing) nothing is asked again until a hint
 * arrives from outside. A failed country element request also counts
 * towards the country elements' own bound (regcore_ie_drop()). @failed is
 * the request that could not be completed; NULL for a reload's or a
 * disconnect's restore, which are no failures. With @cached (a
 * disconnect's), the user's earlier choice is installed from the copy of
 * its last answer when there is one (regcore_install_user_copy()) rather
 * than asked for, even when a user hint waits (it follows, as in
 * cfg80211's restore).
 *
 * The world installed is the last answer to a world request. cfg80211's
 * restores put its built-in world in force first; a restore that asks
 * (a timeout's) then gets the world from userspace again, while a
 * disconnect's with no user country to put back leaves cfg80211 on its
 * built-in world until the next world request, where regcore keeps
 * userspace's.
 */
static void regcore_restore(const struct regcore_request *failed, bool cached)
{
	struct regcore_request *again = NULL;
	const char *alpha2 = NULL;
	unsigned int failures = 0;
	bool from_copy = false;

	lockdep_assert_held(&regcore_mutex);
	if (failed && failed->initiator == NL80211_REGDOM_SET_BY_USER &&
	    regcore_alpha2_equal(failed->alpha2, regcore_user_alpha2))
		regcore_user_alpha2_saved = false;

	spin_lock(&regcore_requests_lock);
	if (failed)
		failures = ++regcore_failures;
	if (failed && failed->initiator == NL80211_REGDOM_SET_BY_COUNTRY_IE) {
		regcore_ie_failures++;
		regcore_ie_failed_at = jiffies;
		regcore_ie_drop_logged = false;
	}
	regcore_restore_gen++;
	spin_unlock(&regcore_requests_lock);

	/* The user's choice comes first, even the world ("00"), for which
	 * nothing is asked: cfg80211's restore_alpha2() and is_an_alpha2().
	 */
	if (regcore_user_alpha2_saved) {
		if (regcore_alpha2_is_country(regcore_user_alpha2))
			alpha2 = regcore_user_alpha2;
	} else if (regcore_alpha2_is_country(regcore_param_alpha2)) {
		alpha2 = regcore_param_alpha2;
	}
	if (alpha2 && failures > REGCORE_MAX_FAILURES) {
		pr_info_ratelimited("%u requests failed in a row: %.2s is not asked for again until a new hint\n",
				    failures, alpha2);
		alpha2 = NULL;
	}
	if (alpha2) {
		again = regcore_new_request(NL80211_REGDOM_SET_BY_USER, alpha2,
					    REGCORE_WIPHY_IDX_INVALID);
		if (again)
			again->restore = true;
	}

	/* A request still waiting for its answer (a disconnect's restore)
	 * ends here unanswered: its outcome, before the restore's entry.
	 */
	if (!regcore_last->processed && regcore_last != failed)
		regcore_jreq(REGCORE_JOURNAL_DROPPED, regcore_last,
			     REGCORE_NO_DECISION, 0,
			     "the request for %.2s is abandoned: the settings are restored%s",
			     regcore_last->alpha2,
			     alpha2 && regcore_alpha2_equal(alpha2,
							    regcore_last->alpha2) ?
			     "; its country is asked for again, as a new request" :
			     "");
	regcore_journal_restore(failed, cached, alpha2, failures);
	regcore_indoor_restore();
	regcore_beacons_forget();
	regcore_install(regcore_world);
	regcore_set_last(&regcore_core_world);
	regcore_restore_custom_wiphys();
	regcore_update_all_wiphys(NL80211_REGDOM_SET_BY_CORE);
	regcore_notify();
	if (again && cached && !regcore_shutting_down &&
	    regcore_install_user_copy(again)) {
		again = NULL;
		from_copy = true;
	}

	spin_lock(&regcore_requests_lock);
	if (again && (regcore_shutting_down || regcore_user_hint_queued())) {
		kfree(again);
		again = NULL;
	}
	if (again) {
		again->user_seq = regcore_user_seq;
		regcore_jreq(REGCORE_JOURNAL_HINT, again, REGCORE_NO_DECISION,
			     0, "the restore asks again for the user's %.2s",
			     again->alpha2);
		list_add_tail(&again->list, &regcore_requests);
	}
	if (!regcore_shutting_down && !list_empty(&regcore_requests))
		regcore_kick();
	spin_unlock(&regcore_requests_lock);
	/* We hold regcore_mutex: the worker cannot process (free) @again yet. */
	if (from_copy)
		pr_debug("settings restored: world domain in force, then the user's %.2s from its kept answer\n",
			 regcore_current_regdom()->alpha2);
	else
		pr_debug("settings restored: world domain in force%s%.2s\n",
			 again ? ", asking again for " : "",
			 again ? again->alpha2 : "");
}

/* Is @flag set on every registered radio (true when there is none)? */
static bool regcore_all_wiphys_have(u32 flag)
{
	struct regcore_wiphy *wiphy;

	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (!(wiphy->regulatory_flags & flag))
			return false;
	return true;
}

/* A radio that reported a country element and has not disconnected
 * since, or NULL. Context: regcore_mutex held.
 */
static struct regcore_wiphy *regcore_associated_wiphy(void)
{
	struct regcore_wiphy *wiphy;

	list_for_each_entry(wiphy, &regcore_wiphys, list)
		if (READ_ONCE(wiphy->associated))
			return wiphy;
	return NULL;
}

/* Every radio's stations have disconnected: as cfg80211's
 * regulatory_hint_disconnect(). When every radio ignores country elements
 * there is nothing to undo but the beacons heard, which are forgotten
 * (unless no radio takes beacon hints); the channels they opened stay so
 * until they are next computed, as cfg80211 leaves them. cfg80211 asks
 * this of its interfaces, regcore of its radios (it knows no interfaces).
 * Otherwise the settings are restored: the country element in force
 * goes, and the user's country comes back from its kept answer. A user
 * request still waiting for its answer is the user's country then, as
 * cfg80211 takes it when it asks (reg_process_hint_user()): it is asked
 * for again (cfg80211 offers it the kept answer of another country,
 * which it refuses, and takes the late answer to its first request).
 */
static void regcore_disconnected(void)
{
	const struct regcore_request *lr = regcore_last;

	lockdep_assert_held(&regcore_mutex);
	if (regcore_all_wiphys_have(REGCORE_REG_COUNTRY_IE_IGNORE)) {
		if (regcore_all_wiphys_have(REGCORE_REG_DISABLE_BEACON_HINTS))
			return;
		pr_debug("stations disconnected: every radio ignores country elements; beacons forgotten\n");
		regcore_beacons_forget();
		return;
	}
	if (!lr->processed && lr->initiator == NL80211_REGDOM_SET_BY_USER &&
	    regcore_alpha2_is_country(lr->alpha2)) {
		memcpy(regcore_user_alpha2, lr->alpha2, sizeof(lr->alpha2));
		regcore_user_alpha2_saved = true;
	}
	pr_debug("stations disconnected: restoring settings\n");
	regcore_restore(NULL, true);
}

/**
 * regcore_hints_disconnect() - a radio's stations disconnected
 * @wiphy: the radio; registered when the caller checked
 *
 * Once no radio that reported a country element is left associated, the
 * settings are restored (regcore_disconnected()), before this returns.
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0; -EINVAL when the radio is no longer registered; -ESHUTDOWN
 * while regcore unloads.
 */
int regcore_hints_disconnect(struct regcore_wiphy *wiphy)
{
	struct regcore_wiphy *other;
	int err = 0;

	mutex_lock(&regcore_mutex);
	if (regcore_shutting_down) {
		err = -ESHUTDOWN;
		goto out;
	}
	if (!wiphy->registered) {
		err = -EINVAL;
		goto out;
	}
	WRITE_ONCE(wiphy->associated, false);
	other = regcore_associated_wiphy();
	if (other)
		pr_debug("%s disconnected; %s is still associated: nothing restored\n",
			 wiphy->name, other->name);
	else
		regcore_disconnected();
out:
	mutex_unlock(&regcore_mutex);
	return err;
}

/* Userspace did not answer in time: drop the request and restore. */
static void regcore_timeout_fn(struct kthread_work *work)
{
	struct regcore_request *lr;

	mutex_lock(&regcore_mutex);
	lr = regcore_last;
	if (regcore_shutting_down || lr->processed)
		goto out;
	if (time_before(jiffies, lr->deadline)) {
		/* Early (the work was queued for an earlier request): wait
		 * for the rest of this one's time.
		 */
		kthread_mod_delayed_work(regcore_worker,
					 &regcore_timeout_work,
					 lr->deadline - jiffies);
		goto out;
	}

	pr_info_ratelimited("no answer for the %s request for %.2s within %u ms: dropped\n",
			    regcore_initiator_name(lr->initiator), lr->alpha2,
			    lr->timeout_ms);
	regcore_jreq(REGCORE_JOURNAL_TIMEOUT, lr, REGCORE_NO_DECISION,
		     -ETIMEDOUT, "no answer for %.2s within %u ms: dropped",
		     lr->alpha2, lr->timeout_ms);
	lr->processed = true;
	regcore_restore(lr, false);
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
		/* A radio that keeps a domain already (a custom one, or the
		 * answer to its earlier hint) takes this one instead where
		 * cfg80211 does (compat.h); elsewhere the answer is refused.
		 */
		if (regcore_wiphy_regd(wiphy) &&
		    !REGCORE_DRIVER_ANSWER_REPLACES_OWN)
			return -EALREADY;
		copy = regcore_regdom_copy(rd);
		if (!copy)
			return -ENOMEM;
		regcore_wiphy_set_regd(wiphy, copy);
		regcore_install(rd);
		return 0;
	}

	inter = regcore_regdom_intersect(rd, regcore_current_regdom());
	if (IS_ERR(inter))
		return PTR_ERR(inter);
	/* The radio keeps what it asked for; everyone gets the common part. */
	regcore_wiphy_set_regd(wiphy, rd);
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

/* A journal entry about an answer for @alpha2 (refused, or changing
 * nothing), with where its rules came from.
 */
static __printf(6, 7) void regcore_journal_answer(const char *alpha2,
						  const struct regcore_request *lr,
						  struct regcore_origin *origin,
						  int err, u8 outcome,
						  const char *fmt, ...)
{
	struct regcore_jnote note = {
		.event = REGCORE_JOURNAL_ANSWER,
		.initiator = lr ? lr->initiator : REGCORE_NO_INITIATOR,
		.decision = REGCORE_NO_DECISION,
		.outcome = outcome,
		.portid = lr ? lr->portid : 0,
		.request = lr ? lr->id : 0,
		.wiphy_idx = lr ? lr->wiphy_idx : REGCORE_WIPHY_IDX_INVALID,
		.err = err,
		.alpha2 = alpha2,
		.origin = origin,
	};
	va_list args;

	va_start(args, fmt);
	regcore_journal_vadd(&note, fmt, args);
	va_end(args);
}

/* The journal's entry for a domain put in force by the answer to @lr. */
static void regcore_journal_installed(const struct regcore_request *lr,
				      const char *answered,
				      struct regcore_origin *origin)
{
	const struct regcore_regdomain *rd = regcore_current_regdom();
	struct regcore_jnote note = {
		.event = REGCORE_JOURNAL_INSTALLED,
		.initiator = lr->initiator,
		.decision = REGCORE_NO_DECISION,
		.outcome = lr->intersect ? REGCORE_OUTCOME_INTERSECTED :
					   REGCORE_OUTCOME_APPLIED,
		.portid = lr->portid,
		.request = lr->id,
		.wiphy_idx = lr->wiphy_idx,
		.alpha2 = rd->alpha2,
		.origin = origin,
	};
	char who[80], inter[40] = "";

	regcore_req_who(lr, lr->wiphy_idx == REGCORE_WIPHY_IDX_INVALID ? NULL :
			regcore_wiphy_by_idx(lr->wiphy_idx), who, sizeof(who));
	if (lr->intersect)
		snprintf(inter, sizeof(inter), ", the answer for %.2s intersected with %.2s",
			 lr->alpha2, answered);
	regcore_journal_add(&note,
			    "%.2s (DFS %s, %u rules) in force, asked for by %s%s; rules from %s",
			    rd->alpha2, regcore_dfs_region_name(rd->dfs_region),
			    rd->n_reg_rules, who, inter,
			    origin ? origin->file : lr->from_regdb ?
			    "regulatory.db" : "userspace, which did not say where");
}

/* Install @rd, the answer to the pending request, from whichever source,
 * with where its rules came from (@origin, whose reference this takes;
 * may be NULL): see regcore_set_regdom(). Context: regcore_mutex held.
 */
static int regcore_set_regdom_locked(struct regcore_regdomain *rd,
				     struct regcore_origin *origin,
				     struct netlink_ext_ack *extack)
{
	struct regcore_request *lr = regcore_last;
	struct regcore_regdomain *user_copy = NULL;
	char was[3];
	int err;

	lockdep_assert_held(&regcore_mutex);
	memcpy(was, regcore_current_regdom()->alpha2, sizeof(was));
	if (regcore_shutting_down) {
		err = -ESHUTDOWN;
		goto refuse;
	}
	if (lr->processed) {
		NL_SET_ERR_MSG_MOD(extack, "no regulatory request is pending");
		pr_info_ratelimited("refused unsolicited domain %.2s: no request is pending\n",
				    rd->alpha2);
		regcore_journal_answer(rd->alpha2, NULL, origin, -EINVAL,
				       REGCORE_OUTCOME_NONE,
				       "an answer for %.2s refused: no request is pending",
				       rd->alpha2);
		err = -EINVAL;
		goto refuse;
	}
	if (!regcore_alpha2_equal(rd->alpha2, lr->alpha2)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the domain does not answer the pending request");
		pr_info_ratelimited("refused domain %.2s: the pending request is for %.2s\n",
				    rd->alpha2, lr->alpha2);
		regcore_journal_answer(rd->alpha2, lr, origin, -EINVAL,
				       REGCORE_OUTCOME_NONE,
				       "an answer for %.2s refused: the pending request is for %.2s",
				       rd->alpha2, lr->alpha2);
		err = -EINVAL;
		goto refuse;
	}

	switch (lr->initiator) {
	case NL80211_REGDOM_SET_BY_CORE:
		err = regcore_set_rd_core(rd);
		break;
	case NL80211_REGDOM_SET_BY_USER:
		/* Kept for a disconnect's restore; without memory for the
		 * copy, that restore asks userspace instead.
		 */
		user_copy = regcore_regdom_copy(rd);
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
	if (err)
		regcore_regdom_free(user_copy);
	if (err == -ENOMEM) {
		regcore_journal_answer(lr->alpha2, lr, origin, err,
				       REGCORE_OUTCOME_NONE,
				       "the answer for %.2s refused: out of memory; the request still waits",
				       lr->alpha2);
		goto refuse;
	}

	/* The timeout finds the request processed and does nothing. */
	lr->processed = true;

	if (err) {
		regcore_regdom_free(rd);
		if (err == -EALREADY) {
			pr_debug("%.2s is already in force\n", lr->alpha2);
			regcore_journal_answer(lr->alpha2, lr, origin, 0,
					       REGCORE_OUTCOME_ALREADY,
					       "the answer for %.2s changes nothing: %s",
					       lr->alpha2,
					       regcore_regdom_changes(lr->alpha2) ?
					       "the radio keeps a domain of its own" :
					       "it is in force already");
			regcore_kick();
		} else {
			NL_SET_ERR_MSG_MOD(extack,
					   "the domain cannot be applied; settings restored");
			pr_info_ratelimited("the answer for %.2s cannot be applied (%d): restoring settings\n",
					    lr->alpha2, err);
			regcore_journal_answer(lr->alpha2, lr, origin, err,
					       REGCORE_OUTCOME_REFUSED,
					       "the answer for %.2s cannot be applied (error %d%s): restoring settings",
					       lr->alpha2, -err,
					       err == -ENODEV ? ", its radio is gone" :
					       lr->intersect && err == -EINVAL ?
					       ", nothing in common" :
					       lr->intersect && err == -E2BIG ?
					       ", too many rules" : "");
			regcore_restore(lr, false);
		}
		regcore_origin_put(origin);
		return err;
	}

	if (lr->initiator == NL80211_REGDOM_SET_BY_USER) {
		memcpy(regcore_user_alpha2, lr->alpha2, sizeof(lr->alpha2));
		regcore_user_alpha2_saved = true;
		regcore_regdom_free(regcore_user_regd);
		regcore_user_regd = user_copy;
	}
	spin_lock(&regcore_requests_lock);
	regcore_failures_reset();
	spin_unlock(&regcore_requests_lock);
	regcore_journal_installed(lr, was, origin);
	regcore_origin_put(origin);
	regcore_update_all_wiphys(lr->initiator);
	pr_info_ratelimited("regulatory domain %.2s (DFS %s, %u rules) in force, set by %s\n",
			    regcore_current_regdom()->alpha2,
			    regcore_dfs_region_name(regcore_current_regdom()->dfs_region),
			    regcore_current_regdom()->n_reg_rules,
			    regcore_request_is_cell_base(lr) ?
			    "a cellular base station" :
			    regcore_initiator_name(lr->initiator));
	regcore_notify();
	regcore_kick();
	return 0;

refuse:
	regcore_origin_put(origin);
	regcore_regdom_free(rd);
	return err;
}

/**
 * regcore_set_regdom() - install userspace's answer to the pending request
 * @rd: a validated domain; regcore_set_regdom() takes ownership
 * @origin: where its rules came from, as userspace said, for the journal;
 *	or NULL. regcore_set_regdom() takes the reference.
 * @extack: for the reason of a refusal
 *
 * The answer must match the pending request: the same alpha2 (a world
 * request is answered with "00"). A matching answer that cannot be used
 * (no rules in common with the domain it must be intersected with, a
 * radio that went away) ends the request and restores the settings. When
 * memory is short the answer is refused with -ENOMEM and nothing changes:
 * the request stays pending, and a later answer can still complete it.
 * Answers from the firmware database are installed by the same code; a
 * request answered from it takes no answer from userspace.
 *
 * Context: process context; takes regcore_mutex, so the caller must not
 * hold it.
 * Return: 0 when the domain is in force, a negative errno otherwise.
 */
int regcore_set_regdom(struct regcore_regdomain *rd,
		       struct regcore_origin *origin,
		       struct netlink_ext_ack *extack)
{
	int err;

	mutex_lock(&regcore_mutex);
	if (!regcore_last->processed && regcore_last->from_regdb) {
		NL_SET_ERR_MSG_MOD(extack,
				   "the pending request is answered from regulatory.db");
		pr_info_ratelimited("refused domain %.2s: the pending request for %.2s is answered from regulatory.db\n",
				    rd->alpha2, regcore_last->alpha2);
		regcore_journal_answer(rd->alpha2, regcore_last, origin, -EINVAL,
				       REGCORE_OUTCOME_NONE,
				       "an answer for %.2s from userspace refused: the pending request is answered from regulatory.db",
				       rd->alpha2);
		regcore_origin_put(origin);
		regcore_regdom_free(rd);
		err = -EINVAL;
	} else {
		err = regcore_set_regdom_locked(rd, origin, extack);
	}
	mutex_unlock(&regcore_mutex);
	return err;
}

/**
 * regcore_hint_no_rules() - userspace's database lacks the pending country
 * @alpha2: the country, two characters (unchecked)
 * @origin: the database that lacks it; regcore_hint_no_rules() takes the
 *	reference
 * @extack: for the reason of a refusal
 *
 * crda says so instead of answering (REGCORE_OP_NO_RULES). The pending
 * request ends at once, as a failed one: the journal records it with
 * outcome REGCORE_OUTCOME_NO_RULES, and the settings are restored, as
 * they would be at its timeout when crda said nothing. cfg80211 cannot
 * be told and waits for the timeout; the state after it is the same.
 *
 * Context: process context; takes regcore_mutex.
 * Return: 0; -EINVAL when @alpha2 is not a country or the world, or no
 * request for it waits for userspace.
 */
int regcore_hint_no_rules(const char *alpha2, struct regcore_origin *origin,
			  struct netlink_ext_ack *extack)
{
	struct regcore_request *lr;
	int err = 0;

	if (!regcore_hint_alpha2_ok(alpha2, true)) {
		NL_SET_ERR_MSG_MOD(extack, "alpha2 must be two letters or 00");
		regcore_origin_put(origin);
		return -EINVAL;
	}
	mutex_lock(&regcore_mutex);
	lr = regcore_last;
	if (lr->processed || lr->from_regdb ||
	    !regcore_alpha2_equal(alpha2, lr->alpha2)) {
		NL_SET_ERR_MSG_MOD(extack,
				   "no request for that country waits for userspace");
		pr_info_ratelimited("refused the report that %.2s has no rules: no request for it is pending\n",
				    alpha2);
		err = -EINVAL;
	} else {
		pr_info_ratelimited("userspace has no rules for %.2s (%s): restoring settings\n",
				    lr->alpha2, origin->file);
		regcore_journal_answer(lr->alpha2, lr, origin, -ENODATA,
				       REGCORE_OUTCOME_NO_RULES,
				       "userspace has no rules for %.2s: its database lacks the country; restoring settings",
				       lr->alpha2);
		/* The timeout finds the request processed and does nothing. */
		lr->processed = true;
		regcore_restore(lr, false);
	}
	mutex_unlock(&regcore_mutex);
	regcore_origin_put(origin);
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
	if (regcore_last->wiphy_idx == wiphy->idx) {
		regcore_last->wiphy_idx = REGCORE_WIPHY_IDX_INVALID;
		regcore_last->country_ie_env = REGCORE_ENVIRON_ANY;
		regcore_publish_last();
	}
}

/**
 * regcore_hints_init() - the state at load: the built-in world in force
 *
 * Return: 0, or a negative errno when the worker thread cannot be made.
 */
int regcore_hints_init(void)
{
	regcore_worker = kthread_create_worker(0, "regcore");
	if (IS_ERR(regcore_worker)) {
		int err = PTR_ERR(regcore_worker);

		regcore_worker = NULL;
		pr_err("cannot create the worker thread: %d\n", err);
		return err;
	}
	rcu_assign_pointer(regcore_regdom, &regcore_builtin_world);
	regcore_world = &regcore_builtin_world;
	regcore_last = &regcore_core_world;
	regcore_core_world.processed = true;
	regcore_publish_last();
	regcore_user_alpha2_saved = false;
	regcore_n_queued = 0;
	regcore_n_queued_ie = 0;
	regcore_failures_reset();
	regcore_shutting_down = false;
	return 0;
}

/**
 * regcore_hints_start() - queue the load-time hints
 *
 * The core asks userspace for the world domain, as cfg80211 does at load;
 * the ieee80211_regdom module parameter's country, if one is set, follows
 * as a user hint, as cfg80211 queues it.
 *
 * Return: 0, -ENOMEM or -ESHUTDOWN.
 */
int regcore_hints_start(void)
{
	int err;

	err = regcore_hint(NL80211_REGDOM_SET_BY_CORE, "00", NULL, false);
	if (err || !regcore_alpha2_is_country(regcore_param_alpha2))
		return err;
	return regcore_hint(NL80211_REGDOM_SET_BY_USER, regcore_param_alpha2,
			    NULL, false);
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
	regcore_beacons_stop();

	/* Both work functions do nothing once shutting down. */
	kthread_cancel_delayed_work_sync(&regcore_timeout_work);
	kthread_cancel_work_sync(&regcore_work);
}

/**
 * regcore_hints_exit() - free every request and domain, end the worker
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
	regcore_beacons_forget();
	regcore_regdom_free(regcore_user_regd);
	regcore_user_regd = NULL;
	regcore_set_last(&regcore_core_world);
	regcore_install(&regcore_builtin_world);
	regcore_install_world(&regcore_builtin_world);
	mutex_unlock(&regcore_mutex);
	/* Nothing to wait for: the domains freed above go through
	 * kfree_rcu(), which runs no code of this module, and no reader is
	 * left (the family is gone, and drivers that use our symbols hold a
	 * reference on the module until they are unloaded).
	 */
	kthread_destroy_worker(regcore_worker);
	regcore_worker = NULL;
}
