/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regcore internals: the state every part shares, and its locking rules.
 *
 * The flow through the files of this directory:
 *
 *   hints.c    a hint (core, user, driver, country IE) becomes a request on
 *              the queue; the work item decides, per initiator, what to do
 *              with it, and asks for rules: userspace through uevent.c, or
 *              the firmware database through firmware.c (regdb=)
 *   firmware.c regulatory.db read with the firmware loader, its PKCS#7
 *              signature checked; regdb.c parses it
 *   netlink.c  the answer (NL80211_CMD_SET_REG) is parsed, validated by
 *              regdom.c and handed to hints.c, which installs it
 *   channels.c every radio's channels are recomputed from the domain
 *   beacon.c   beacons drivers heard lift NO_IR on world-roaming radios
 *   selfmanaged.c  radios whose firmware decides their domain: their
 *              driver's domain applied, user hints passed to them
 *   indoor.c   the indoor setting userspace gives, owned by a socket or
 *              not, the drivers' check of what they may beacon on, and
 *              asking them to leave what a change forbids
 *   why.c      what each radio's channels were last computed from,
 *              and that computation run again for one channel, to say
 *              why it is as it is (REGCORE_OP_WHY)
 *   wiphy.c    the driver-facing API: radios, custom domains
 *   main.c     module load and unload, parameters
 *
 * Locking
 * -------
 * regcore_mutex (main.c) serialises every change of regulatory state and
 * protects, for reading and writing:
 *   - the request being processed, the user's last choice and the kept
 *     answer to it (hints.c)
 *   - the list of radios, every radio's channels and private domain
 *     (wiphy.c, channels.c)
 *   - writers of the current and world domains
 * It is a sleeping lock, taken only from process context, and never held
 * while waiting for userspace. The driver's reg_notifier runs under it.
 *
 * regcore_requests_lock (hints.c) is a spinlock protecting the queue of
 * hints not yet processed and its counters (how many are queued, failed
 * requests in a row), so hints can be queued without the mutex: drivers
 * may give hints from their notifier. It nests inside regcore_mutex; only
 * the worker's own queue lock (kthread_queue_work()) is taken under it.
 *
 * regcore_beacons_lock (beacon.c) is a spinlock taken with bottom halves
 * off: drivers report beacons from softirq. It protects the beacons not
 * yet processed; only the worker's own queue lock is taken under it. The
 * beacons processed are under regcore_mutex, and a driver's reg_notifier
 * may also run from the worker when a beacon changes its channels
 * (REGCORE_REG_CHANNEL_CHANGE_ON_BEACON).
 *
 * regcore_self_lock (selfmanaged.c) is a spinlock protecting each radio's
 * requested_regd, the domain a self-managed radio's driver gave and the
 * worker has not applied yet. Nothing is taken under it.
 *
 * regcore_indoor_lock (indoor.c) is a spinlock protecting the indoor
 * setting and its owner. Nothing is taken under it; it is taken with or
 * without regcore_mutex (a restore and a driver's check hold the mutex; a
 * request and a socket's release do not).
 *
 * regcore_journal_lock (journal.c) is a spinlock taken with interrupts
 * off, innermost of all: it is taken under regcore_mutex and under
 * regcore_requests_lock (a hint is journaled before the worker can take
 * it), and nothing is taken under it.
 *
 * RCU: the current domain (regcore_regdom) and each radio's own domain
 * (wiphy->regd) are RCU pointers. Readers that do not hold the mutex use
 * rcu_read_lock() and rcu_dereference(); writers hold regcore_mutex,
 * publish with rcu_assign_pointer() and free the old domain with
 * kfree_rcu(). The world domain (regcore_world) is only used under the
 * mutex. The initiator and radio of the last request are also published
 * for lock-free readers (regcore_last_initiator(), regcore_last_wiphy()),
 * both in one atomic64_t written under the mutex, so that they always
 * belong to one request; a reader may see the state just before or just
 * after a change, as cfg80211's readers of its last request do.
 */
#ifndef _NET_REGCORE_CORE_H
#define _NET_REGCORE_CORE_H

#include <linux/kref.h>
#include <linux/mutex.h>
#include <linux/netlink.h>
#include <net/regcore.h>
#include <uapi/linux/regcore.h>

#include "compat.h"

#define REGCORE_WIPHY_IDX_INVALID	U32_MAX

/* Bounds of what a rule may say; far beyond anything real, but finite. */
#define REGCORE_MAX_FREQ_KHZ		REGCORE_MHZ_TO_KHZ(100000)
#define REGCORE_MAX_EIRP_MBM		REGCORE_DBM_TO_MBM(60)
#define REGCORE_MAX_ANT_GAIN_MBI	REGCORE_DBI_TO_MBI(60)
#define REGCORE_MAX_CAC_MS		(60 * 60 * 1000)

/* Every NL80211_RRF_* bit this kernel's nl80211 defines: those of 6.1,
 * and the later ones this kernel has (compat.h).
 */
#define REGCORE_KNOWN_RRF (NL80211_RRF_NO_OFDM | NL80211_RRF_NO_CCK |	\
	NL80211_RRF_NO_INDOOR | NL80211_RRF_NO_OUTDOOR | NL80211_RRF_DFS |	\
	NL80211_RRF_PTP_ONLY | NL80211_RRF_PTMP_ONLY | NL80211_RRF_NO_IR |	\
	__NL80211_RRF_NO_IBSS | NL80211_RRF_AUTO_BW |			\
	NL80211_RRF_IR_CONCURRENT | NL80211_RRF_NO_HT40MINUS |		\
	NL80211_RRF_NO_HT40PLUS | NL80211_RRF_NO_80MHZ |			\
	NL80211_RRF_NO_160MHZ | NL80211_RRF_NO_HE | NL80211_RRF_NO_320MHZ |	\
	REGCORE_RRF_SINCE_6_1)

extern struct mutex regcore_mutex;

/* main.c */
#define REGCORE_CRDA_TIMEOUT_MS_DEFAULT	3142
#define REGCORE_CRDA_TIMEOUT_MS_MIN	100
#define REGCORE_CRDA_TIMEOUT_MS_MAX	60000
extern unsigned int regcore_crda_timeout_ms;
extern char regcore_param_alpha2[3];
extern bool regcore_cell_base_hints;
extern bool regcore_relax_no_ir;
#define REGCORE_ENFORCE_GRACE_MS_DEFAULT	60000
#define REGCORE_ENFORCE_GRACE_MS_MAX		600000
extern unsigned int regcore_enforce_grace_ms;
#define REGCORE_DFS_NOP_MS_DEFAULT	(30 * 60 * 1000)
#define REGCORE_DFS_NOP_MS_MIN		1000

/* Functions the KUnit module (tests/kunit/regcore_test.ko) calls besides
 * the driver API: exported in the REGCORE_KUNIT namespace, and only when
 * the kernel has KUnit.
 */
#if IS_ENABLED(CONFIG_KUNIT)
#define EXPORT_SYMBOL_REGCORE_KUNIT(sym) EXPORT_SYMBOL_NS_GPL(sym, REGCORE_KUNIT)
#else
#define EXPORT_SYMBOL_REGCORE_KUNIT(sym)
#endif

/* regdom.c: domain objects, validation, look-up, intersection */
extern const struct regcore_regdomain regcore_builtin_world;
bool regcore_alpha2_is_world(const char *alpha2);
bool regcore_alpha2_is_country(const char *alpha2);
bool regcore_alpha2_equal(const char *a, const char *b);
struct regcore_regdomain *regcore_regdom_alloc(u32 n_rules);
struct regcore_regdomain *regcore_regdom_copy(const struct regcore_regdomain *rd);
void regcore_regdom_free(const struct regcore_regdomain *rd);
bool regcore_rule_is_valid(const struct regcore_reg_rule *rule);
int regcore_regdom_validate_rules(const struct regcore_regdomain *rd,
				  bool custom, struct netlink_ext_ack *extack);
int regcore_regdom_validate(const struct regcore_regdomain *rd,
			    struct netlink_ext_ack *extack);
struct regcore_regdomain *
regcore_regdom_intersect(const struct regcore_regdomain *rd1,
			 const struct regcore_regdomain *rd2);
u32 regcore_rule_max_bandwidth(const struct regcore_regdomain *rd,
			       const struct regcore_reg_rule *rule);
bool regcore_bw_fits_range(const struct regcore_freq_range *range,
			   u32 center_freq_khz, u32 bw_khz);
const struct regcore_reg_rule *
regcore_channel_rule(const struct regcore_regdomain *rd, u32 center_khz);
const struct regcore_reg_rule *
regcore_regdom_find_rule(const struct regcore_regdomain *rd,
			 u32 center_freq_khz, u32 bw_khz);
const char *regcore_dfs_region_name(u8 dfs_region);

/**
 * regcore_wiphy_regd() - a radio's own domain, for a holder of the mutex
 * @wiphy: the radio
 *
 * Context: regcore_mutex held.
 * Return: the domain the radio keeps for itself, or NULL.
 */
static inline const struct regcore_regdomain *
regcore_wiphy_regd(const struct regcore_wiphy *wiphy)
{
	return rcu_dereference_protected(wiphy->regd,
					 lockdep_is_held(&regcore_mutex));
}

void regcore_wiphy_set_regd(struct regcore_wiphy *wiphy,
			    const struct regcore_regdomain *rd);

/* hints.c: the request queue and the decisions */
int regcore_hints_init(void);
int regcore_hints_start(void);
void regcore_hints_stop(void);
void regcore_hints_exit(void);
int regcore_hint_user(const char *alpha2, bool cell_base, u32 portid);
bool regcore_last_is_cell_base(void);
bool regcore_wiphy_ignores_cell_base(const struct regcore_wiphy *wiphy);
int regcore_hint_driver(struct regcore_wiphy *wiphy, const char *alpha2);
int regcore_hint_country_ie(struct regcore_wiphy *wiphy, const char *alpha2,
			    enum regcore_environment env);
int regcore_hint_reload(void);
u8 regcore_preview_decide(const char *alpha2, bool cell_base,
			  struct regcore_request_info *lr, const char **why,
			  bool *ahead);
struct regcore_regdomain *
regcore_preview_domain(const struct regcore_regdomain *rd,
		       struct regcore_request_info *lr);
struct regcore_origin;
int regcore_hint_no_rules(const char *alpha2, struct regcore_origin *origin,
			  struct netlink_ext_ack *extack);
int regcore_set_regdom(struct regcore_regdomain *rd,
		       struct regcore_origin *origin,
		       struct netlink_ext_ack *extack);
const struct regcore_regdomain *regcore_current_regdom(void);
const struct regcore_request_info *regcore_last_request_info(void);
enum nl80211_reg_initiator regcore_last_initiator(void);
u32 regcore_last_wiphy(void);
void regcore_hints_wiphy_gone(struct regcore_wiphy *wiphy);
int regcore_hints_disconnect(struct regcore_wiphy *wiphy);
void regcore_hints_kick(void);

/* beacon.c: beacon hints */
void regcore_beacons_apply(struct regcore_wiphy *wiphy);
void regcore_beacons_process(void);
void regcore_beacons_forget(void);
void regcore_beacons_stop(void);
void regcore_beacons_preview(const struct regcore_wiphy *wiphy,
			     struct regcore_wiphy *copy,
			     const struct regcore_regdomain *cur,
			     enum nl80211_reg_initiator initiator);

/* indoor.c: the indoor setting, and what a radio may beacon on */
int regcore_indoor_init(void);
void regcore_indoor_exit(void);
bool regcore_indoor_get(u32 *portid);
void regcore_indoor_hint(bool indoor, u32 portid);
void regcore_indoor_restore(void);
void regcore_check_channels(void);

/* selfmanaged.c: radios whose firmware decides their domain */
int regcore_self_managed_register(struct regcore_wiphy *wiphy);
void regcore_self_managed_registered(struct regcore_wiphy *wiphy);
void regcore_self_managed_apply(struct regcore_wiphy *wiphy);
void regcore_self_managed_process(void);
void regcore_self_managed_notify(const struct regcore_request_info *info);
void regcore_self_managed_forget(struct regcore_wiphy *wiphy);

/* channels.c: rules to channels */

/**
 * struct regcore_chan_input - what a radio's channels are computed from
 * @initiator: who caused the change
 * @lr: the request in force
 * @cur: the domain in force
 * @own: the radio's own domain (custom, or its driver's answer), or NULL
 */
struct regcore_chan_input {
	enum nl80211_reg_initiator initiator;
	const struct regcore_request_info *lr;
	const struct regcore_regdomain *cur;
	const struct regcore_regdomain *own;
};

/**
 * struct regcore_chan_limits - the limits one or two rules put on a channel
 * @flags: REGCORE_CHAN_* the rules add
 * @clear: REGCORE_CHAN_* the result drops even if the radio had them (10
 *	and 20 MHz fit two joined rules)
 * @gain: antenna gain, dBi
 * @power: EIRP, dBm
 * @cac_ms: the CAC time of a radar channel
 * @rules: the rule that holds the channel; two adjoining rules that hold it
 *	together; @rules[1] is NULL for one
 */
struct regcore_chan_limits {
	u32 flags;
	u32 clear;
	int gain;
	int power;
	u32 cac_ms;
	const struct regcore_reg_rule *rules[2];
};

int regcore_channel_limits(const struct regcore_regdomain *rd,
			   const struct regcore_channel *chan,
			   struct regcore_chan_limits *l);
const struct regcore_regdomain *
regcore_wiphy_rules(enum nl80211_reg_initiator last_initiator,
		    const struct regcore_regdomain *own,
		    const struct regcore_regdomain *cur);
void regcore_compute_channels(struct regcore_wiphy *wiphy,
			      const struct regcore_chan_input *in);
int regcore_channels_set_originals(struct regcore_wiphy *wiphy);
void regcore_update_wiphy(struct regcore_wiphy *wiphy,
			  enum nl80211_reg_initiator initiator);
void regcore_update_all_wiphys(enum nl80211_reg_initiator initiator);
void regcore_apply_custom_channels(struct regcore_wiphy *wiphy,
				   const struct regcore_regdomain *regd);
void regcore_restore_custom_channels(struct regcore_wiphy *wiphy);
void regcore_self_managed_channels(struct regcore_wiphy *wiphy,
				   const struct regcore_regdomain *regd);
void regcore_self_managed_compute(struct regcore_wiphy *wiphy,
				  const struct regcore_regdomain *regd);
bool regcore_strict_requester(const struct regcore_wiphy *wiphy,
			      const struct regcore_request_info *lr);
const char *regcore_ignore_update(const struct regcore_wiphy *wiphy,
				  enum nl80211_reg_initiator initiator,
				  const struct regcore_request_info *lr,
				  const struct regcore_regdomain *own);
u32 regcore_rule_flags_to_chan(u32 rule_flags);
u32 regcore_s1g_width_flags(const struct regcore_freq_range *fr, u32 max_bw,
			    u32 center);

/* A position among a radio's channels, band by band. */
struct regcore_chan_iter {
	int band;
	int idx;
};

#define REGCORE_CHAN_ITER_INIT ((struct regcore_chan_iter){ .idx = -1 })

/**
 * regcore_next_channel() - the next channel of a radio, band by band
 * @wiphy: the radio
 * @it: the position, REGCORE_CHAN_ITER_INIT before the first call
 *
 * Use as: for (it = REGCORE_CHAN_ITER_INIT;
 *              (chan = regcore_next_channel(wiphy, &it));)
 *
 * Return: the next channel (its band is @it->band), or NULL past the last.
 */
static inline struct regcore_channel *
regcore_next_channel(struct regcore_wiphy *wiphy, struct regcore_chan_iter *it)
{
	for (; it->band < NUM_NL80211_BANDS; it->band++, it->idx = -1) {
		struct regcore_band *band = wiphy->bands[it->band];

		if (band && ++it->idx < band->n_channels)
			return &band->channels[it->idx];
	}
	return NULL;
}

/* why.c: what each radio's channels were computed from */

/**
 * struct regcore_why_answer - why a channel of a radio is as it is
 * @path: enum regcore_why_path
 * @cause: who caused the last computation
 * @lr: the request in force then
 * @seq: the journal's last entry then
 * @boottime_ns: CLOCK_BOOTTIME then
 * @rd: the domain the channel followed (a copy, freed by
 *	regcore_why_answer_free()), or NULL
 * @own: @rd is the radio's own domain
 * @strict: @rd is a strict radio's own domain, now its originals
 * @n_rules: how many rules of @rd hold the channel (0 to 2)
 * @rule_idx: their indexes in @rd
 * @rule_bw: the bandwidth each allows, kHz (AUTO-BW resolved)
 * @no_rule: why none does: -ERANGE or -EINVAL
 * @left: a country element said nothing about the channel's band: the
 *	channel kept what the computation before it set
 * @computed: the channel as the recorded computation gives it
 * @now: the channel as it is
 * @beacon_lift: a beacon heard lifts NO_IR on the channel
 * @reg_flags: the radio's REGCORE_REG_*
 * @ignored: a later change the radio did not follow is recorded below
 * @ignored_initiator: who caused it
 * @ignored_alpha2: its country
 * @ignored_seq: the journal's last entry then
 * @ignored_why: why the radio did not follow it
 */
struct regcore_why_answer {
	u8 path;
	enum nl80211_reg_initiator cause;
	struct regcore_request_info lr;
	u64 seq;
	u64 boottime_ns;
	struct regcore_regdomain *rd;
	bool own;
	bool strict;
	unsigned int n_rules;
	u32 rule_idx[2];
	u32 rule_bw[2];
	int no_rule;
	bool left;
	struct regcore_channel computed;
	struct regcore_channel now;
	bool beacon_lift;
	u32 reg_flags;
	bool ignored;
	enum nl80211_reg_initiator ignored_initiator;
	char ignored_alpha2[3];
	u64 ignored_seq;
	const char *ignored_why;
};

void regcore_why_computed(struct regcore_wiphy *wiphy,
			  const struct regcore_chan_input *in);
void regcore_why_ignored(struct regcore_wiphy *wiphy,
			 enum nl80211_reg_initiator initiator,
			 const struct regcore_request_info *lr,
			 const char *why);
void regcore_why_path(struct regcore_wiphy *wiphy, u8 path);
struct regcore_why *regcore_why_alloc(void);
void regcore_why_registered(struct regcore_wiphy *wiphy);
void regcore_why_free(struct regcore_why *w);
int regcore_why_channel(u32 wiphy_idx, u32 freq_khz,
			struct regcore_why_answer *out);
void regcore_why_answer_free(struct regcore_why_answer *a);
bool regcore_beacon_lifts(const struct regcore_wiphy *wiphy);

/**
 * struct regcore_preview - what a user hint would do to one radio
 * @wiphy_idx: the radio
 * @decision: enum regcore_decision, at the hint's turn
 * @why: its reason, in words
 * @ahead: a request is pending or queued: the hint would be decided
 *	after it
 * @err: 0, or why the answer could not be applied (-EINVAL, -E2BIG)
 * @lr: the request that would be in force
 * @rd: the domain that would be in force, or NULL (ignored, in force
 *	already, refused)
 * @ignored: why the radio would not follow it, or NULL
 * @copy: a copy of the radio with its channels after the change, or NULL
 *	when they would not change
 */
struct regcore_preview {
	u32 wiphy_idx;
	u8 decision;
	const char *why;
	bool ahead;
	int err;
	struct regcore_request_info lr;
	struct regcore_regdomain *rd;
	const char *ignored;
	struct regcore_wiphy *copy;
};

int regcore_preview(u32 wiphy_idx, const struct regcore_regdomain *given,
		    const char *alpha2, bool cell_base,
		    struct regcore_preview *out);
void regcore_preview_free(struct regcore_preview *p);
u64 regcore_journal_last(void);

/* wiphy.c: the radios */
extern struct list_head regcore_wiphys;
extern u32 regcore_wiphys_generation;
struct regcore_wiphy *regcore_wiphy_by_idx(u32 idx);
bool regcore_lock_held_by_caller(void);
bool regcore_wiphy_has_channel(const struct regcore_wiphy *wiphy,
			       const struct regcore_channel *chan);
struct task_struct *regcore_callback_enter(void);
void regcore_callback_leave(struct task_struct *outer);
void regcore_notify_wiphy(struct regcore_wiphy *wiphy,
			  const struct regcore_request_info *info);
void regcore_check_wiphy_channels(struct regcore_wiphy *wiphy);

/* dfs.c: the DFS state of radar channels */
extern unsigned int regcore_dfs_nop_ms;	/* main.c */
void regcore_dfs_init(void);
void regcore_dfs_exit(void);
void regcore_dfs_share(struct regcore_wiphy *wiphy);
void regcore_dfs_schedule(void);
bool regcore_dfs_available(const struct regcore_channel *chan,
			   enum nl80211_iftype iftype);
void regcore_dfs_wiphy_gone(struct regcore_wiphy *wiphy);

/* uevent.c: asking userspace */
int regcore_uevent_init(void);
void regcore_uevent_exit(void);
int regcore_uevent_request(const char *alpha2);
struct device *regcore_uevent_dev(void);

/* regdb.c: the firmware database's layout (regulatory.db, version 20) */

/**
 * struct regcore_regdb_error - where and why a database was refused
 * @offset: the offset of the fault in the file, bytes
 * @reason: what is wrong there
 */
struct regcore_regdb_error {
	size_t offset;
	const char *reason;
};

int regcore_regdb_check(const u8 *data, size_t size,
			struct regcore_regdb_error *err);
struct regcore_regdomain *regcore_regdb_query(const u8 *data, size_t size,
					      const char *alpha2,
					      struct regcore_regdb_error *err);

/* firmware.c: rules from regulatory.db, and the regdb= parameter */
enum regcore_source {
	REGCORE_SOURCE_CRDA,
	REGCORE_SOURCE_FIRMWARE,
	REGCORE_SOURCE_AUTO,
};

enum regcore_source regcore_rules_source(void);
const char *regcore_source_name(void);
int regcore_firmware_init(void);
void regcore_firmware_exit(void);
struct regcore_regdomain *regcore_regdb_lookup(const char *alpha2);
struct regcore_origin *regcore_regdb_origin(void);
bool regcore_regdb_refusal_is_final(int err);
int regcore_regdb_reload(struct netlink_ext_ack *extack);

/* journal.c: the decision journal (see there for its locking) */

/**
 * struct regcore_origin - where an answer's rules came from
 * @ref: references: the journal entries, an offer not yet taken
 * @version: the database format, 19 or 20; 0 when not known
 * @has_sha256: @sha256 is known
 * @sha256: the database file's SHA-256
 * @file: the database file
 * @signer: the key or certificate that verified it, as the answer said
 */
struct regcore_origin {
	struct kref ref;
	u8 version;
	bool has_sha256;
	u8 sha256[32];
	char file[256];
	char signer[256];
};

#define REGCORE_NO_INITIATOR	0xff
#define REGCORE_NO_DECISION	0xff

/**
 * struct regcore_jnote - what a caller tells the journal about an event
 * @event: enum regcore_journal_event
 * @initiator: enum nl80211_reg_initiator, or %REGCORE_NO_INITIATOR
 * @decision: enum regcore_decision, or %REGCORE_NO_DECISION
 * @request: the request's number, 0 for none
 * @wiphy_idx: the radio, or %REGCORE_WIPHY_IDX_INVALID
 * @outcome: enum regcore_outcome: set on the entry that settles a request
 * @portid: the netlink port that sent the hint, or 0
 * @err: a negative errno, or 0
 * @alpha2: the country, or NULL
 * @origin: where the rules came from, or NULL
 */
struct regcore_jnote {
	u8 event;
	u8 initiator;
	u8 decision;
	u8 outcome;
	u32 portid;
	u64 request;
	u32 wiphy_idx;
	int err;
	const char *alpha2;
	struct regcore_origin *origin;
};

#define REGCORE_JOURNAL_TEXT	256

/**
 * struct regcore_jentry - one journal entry
 * @seq: its number, from 1
 * @time_ns: CLOCK_REALTIME when it was made
 * @boottime_ns: CLOCK_BOOTTIME when it was made
 * @request: as &struct regcore_jnote
 * @wiphy_idx: as &struct regcore_jnote
 * @err: the positive errno, or 0
 * @event: as &struct regcore_jnote
 * @initiator: as &struct regcore_jnote
 * @decision: as &struct regcore_jnote
 * @outcome: as &struct regcore_jnote
 * @portid: as &struct regcore_jnote
 * @alpha2: the country, or empty
 * @text: the event in words
 * @origin: a counted reference, or NULL
 */
struct regcore_jentry {
	u64 seq;
	u64 time_ns;
	u64 boottime_ns;
	u64 request;
	u32 wiphy_idx;
	u32 err;
	u8 event;
	u8 initiator;
	u8 decision;
	u8 outcome;
	u32 portid;
	char alpha2[3];
	char text[REGCORE_JOURNAL_TEXT];
	struct regcore_origin *origin;
};

struct regcore_origin *regcore_origin_new(const char *file, const char *signer,
					  u8 version, const u8 *sha256,
					  gfp_t gfp);
struct regcore_origin *regcore_origin_get(struct regcore_origin *origin);
void regcore_origin_put(struct regcore_origin *origin);
__printf(2, 0) void regcore_journal_vadd(const struct regcore_jnote *note,
					 const char *fmt, va_list args);
__printf(2, 3) void regcore_journal_add(const struct regcore_jnote *note,
					const char *fmt, ...);
bool regcore_journal_read(u64 seq, struct regcore_jentry *out);
int regcore_journal_init(void);
void regcore_journal_exit(void);

/* netlink.c: the generic netlink family */
int regcore_netlink_init(void);
void regcore_netlink_exit(void);
void regcore_nl_reg_change(const struct regcore_request_info *info);
void regcore_nl_wiphy_reg_change(const struct regcore_request_info *info);
void regcore_nl_radar_event(const struct regcore_wiphy *wiphy,
			    const struct regcore_chandef *chandef,
			    enum nl80211_radar_event event);
void regcore_nl_beacon_hint(const struct regcore_wiphy *wiphy,
			    const struct regcore_channel *before,
			    const struct regcore_channel *after);
void regcore_nl_journal_notify(const struct regcore_jentry *e);

#endif /* _NET_REGCORE_CORE_H */
