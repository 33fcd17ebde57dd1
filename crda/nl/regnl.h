/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regnl.h - userspace netlink for regcore: talk nl80211's regulatory
 * commands to the regcore generic netlink family or to the kernel's own
 * nl80211, with libnl-3 and libnl-genl-3.
 *
 * Both families use the command and attribute numbers of <linux/nl80211.h>
 * (DESIGN.md, contract 3), so every function here serves both; the family
 * is chosen when the socket is opened.
 *
 * Conventions:
 *  - Functions that can fail return 0 (or a count) on success and a
 *    negative errno on failure, and fill a struct regnl_status when the
 *    caller passes one: what failed (kind), the errno, the kernel's
 *    extended-ack message if it sent one, and a local explanation.
 *  - Everything the kernel sends is validated (attribute types and
 *    lengths) before use; a malformed reply fails with REGNL_E_REPLY and
 *    a detail naming the attribute, never a crash.
 *  - Units are nl80211's: kHz, MHz where nl80211 uses MHz (channel
 *    centre frequencies), mBi, mBm, ms.
 *  - Printers take a FILE * and print exactly what iw 5.19 prints for the
 *    same data (see print.c for the formats, json.c for --json).
 */
#ifndef REGCORE_REGNL_H
#define REGCORE_REGNL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <linux/regcore.h>	/* the project's uapi: family and group names */

#include "regdom.h"

struct nl_msg;
struct regnl;
struct regnl_monitor;

/* Which generic netlink family a socket talks to. */
enum regnl_family {
	REGNL_FAMILY_REGCORE,	/* regcore.ko, family "regcore" */
	REGNL_FAMILY_NL80211,	/* the kernel's cfg80211, family "nl80211" */
};

/* What kind of failure a struct regnl_status describes. */
enum regnl_err_kind {
	REGNL_OK = 0,
	REGNL_E_KERNEL,		/* the kernel answered with an error */
	REGNL_E_NOFAMILY,	/* the family is not registered: module not loaded */
	REGNL_E_SOCKET,		/* netlink socket or transport failure */
	REGNL_E_REPLY,		/* the kernel's reply is malformed */
	REGNL_E_INVAL,		/* the caller passed something unusable */
	REGNL_E_NOMEM,		/* out of memory, or a message too large */
};

#define REGNL_MSG_MAX 256

/* The outcome of one call, with everything needed to explain a failure. */
struct regnl_status {
	enum regnl_err_kind kind;
	int err;			/* 0, or a negative errno */
	char extack[REGNL_MSG_MAX];	/* the kernel's extack message, "" if none */
	bool has_offset;		/* the kernel named the offending attribute */
	uint32_t offset;		/* ... by its byte offset in our message */
	char detail[REGNL_MSG_MAX];	/* local explanation, "" if none */
};

/* ------------------------------------------------------------------ */
/* Families and sockets                                                */

/*
 * Parse a family name as given on a command line ("regcore", "nl80211").
 * Returns 0 and sets *out, or -EINVAL for anything else.
 */
int regnl_family_parse(const char *name, enum regnl_family *out);

/* The generic netlink name of a family ("regcore" or "nl80211"). */
const char *regnl_family_name(enum regnl_family fam);

/*
 * Open a request socket for the family and resolve its id. With extended
 * acks enabled, so kernel errors carry their message. A missing family
 * fails with -ENOENT and kind REGNL_E_NOFAMILY ("module not loaded").
 */
int regnl_open(struct regnl **out, enum regnl_family fam,
	       struct regnl_status *st);

/*
 * Like regnl_open() for any generic netlink family by name (the raw
 * message tool sends to arbitrary families).
 */
int regnl_open_name(struct regnl **out, const char *family,
		    struct regnl_status *st);

/* Close a socket from regnl_open(); NULL is accepted. */
void regnl_close(struct regnl *nl);

/* The resolved numeric id of the socket's family. */
int regnl_family_id(const struct regnl *nl);

/* The socket's netlink port (what the kernel sees as the sender). */
uint32_t regnl_local_port(const struct regnl *nl);

/* The name of the socket's family, as passed to regnl_open_name(). */
const char *regnl_name(const struct regnl *nl);

/*
 * Called for each reply message of a request (every part of a dump).
 * Return 0 to go on, or a negative errno to stop: the request then fails
 * with that errno, kind REGNL_E_REPLY, and the detail the callback wrote.
 */
typedef int (*regnl_reply_fn)(struct nl_msg *msg, void *arg,
			      struct regnl_status *st);

/*
 * Send a message to this socket's family (its type is set to the family
 * id, sequence number and port are filled in) and wait until the kernel
 * has answered: the ack of a plain request, or the end of a dump
 * (NLM_F_DUMP in the header). Each reply is passed to fn (which may be
 * NULL). The message is not freed.
 * Returns 0 when the kernel accepted the request; otherwise the kernel's
 * negative errno with its extack in st.
 */
int regnl_transact(struct regnl *nl, struct nl_msg *msg, regnl_reply_fn fn,
		   void *arg, struct regnl_status *st);

/*
 * Allocate a generic netlink message for cmd with nlmsg flags (0 or
 * NLM_F_DUMP) and room for at least size bytes of attributes. family_id
 * may be 0 when no socket is open (crda --dry-run). Returns NULL when out
 * of memory.
 */
struct nl_msg *regnl_msg_new(int family_id, uint8_t cmd, int flags,
			     size_t size);

/* ------------------------------------------------------------------ */
/* Regulatory domains: building, parsing, sending                      */

/*
 * Build NL80211_CMD_SET_REG from a domain: NL80211_ATTR_REG_ALPHA2,
 * NL80211_ATTR_DFS_REGION and NL80211_ATTR_REG_RULES with one nest per
 * rule carrying all seven rule attributes (flags, start, end, max
 * bandwidth, max antenna gain, max EIRP, DFS CAC time). The domain is not
 * judged (the kernel does that); WMM limits are not part of SET_REG and
 * are left out. Rule flags go as they are, except a NO-IR rule for
 * fam REGNL_FAMILY_NL80211: it carries both no-IR bits
 * (NL80211_RRF_NO_IR_ALL), as the legacy agent sends it, so cfg80211
 * keeps and reports NO-IR (`iw reg get`); for regcore it stays bit 7
 * alone, as cfg80211's own regulatory.db reader installs it. Returns 0
 * and the message in *out, -EINVAL for a domain that cannot be encoded
 * (alpha2 not two bytes, rules NULL), -ENOMEM.
 */
int regnl_build_set_reg(struct nl_msg **out, int family_id,
			enum regnl_family fam, const struct regdom *rd,
			struct regnl_status *st);

/*
 * Build NL80211_CMD_REQ_SET_REG (a user hint) for alpha2, which must pass
 * regdom_alpha2_valid() (-EINVAL otherwise).
 */
int regnl_build_req_set_reg(struct nl_msg **out, int family_id,
			    const char *alpha2, struct regnl_status *st);

/*
 * The same with a hint type (enum nl80211_user_reg_hint_type): a type
 * other than NL80211_USER_REG_HINT_USER goes in
 * NL80211_ATTR_USER_REG_HINT_TYPE (NL80211_USER_REG_HINT_CELL_BASE: a
 * cellular base station's country).
 */
int regnl_build_req_set_reg_type(struct nl_msg **out, int family_id,
				 const char *alpha2, uint32_t type,
				 struct regnl_status *st);

/*
 * Build NL80211_CMD_REQ_SET_REG of type NL80211_USER_REG_HINT_INDOOR, as
 * nl80211 reads it: with own, NL80211_ATTR_SOCKET_OWNER is sent, the
 * setting is `indoor` (NL80211_ATTR_REG_INDOOR when true) and the
 * sending socket owns it while it is on (it ends when that socket
 * closes); without own the device is said to be indoors with no owner,
 * and `indoor` must be true (-EINVAL otherwise: such a message cannot
 * say "off").
 */
int regnl_build_req_indoor(struct nl_msg **out, int family_id, bool indoor,
			   bool own, struct regnl_status *st);

/*
 * A domain as carried by a message: SET_REG, or a GET_REG reply with what
 * the kernel adds around the domain.
 */
struct regnl_domain {
	struct regdom rd;	/* alpha2, DFS region, rules (owned) */
	bool has_alpha2;	/* NL80211_ATTR_REG_ALPHA2 present */
	bool has_rules;		/* NL80211_ATTR_REG_RULES present */
	bool has_dfs_region;	/* NL80211_ATTR_DFS_REGION present */
	bool *rule_has_cac;	/* per rule: NL80211_ATTR_DFS_CAC_TIME present */
	bool has_wiphy;		/* a wiphy's own domain ... */
	uint32_t wiphy;		/* ... NL80211_ATTR_WIPHY */
	bool self_managed;	/* NL80211_ATTR_WIPHY_SELF_MANAGED_REG */
	bool has_user_hint_type;	/* NL80211_ATTR_USER_REG_HINT_TYPE */
	uint32_t user_hint_type;	/* enum nl80211_user_reg_hint_type */
	/* regcore only, on the domain in force: the device operates
	 * indoors (NL80211_ATTR_REG_INDOOR), and a socket owns that setting
	 * (NL80211_ATTR_SOCKET_OWNER); cfg80211 reports neither
	 */
	bool indoor;
	bool indoor_owned;
};

/* A GET_REG answer: the global domain first, then per-wiphy domains. */
struct regnl_domain_list {
	size_t n;
	struct regnl_domain *v;
};

/*
 * Parse the domain a message carries (any command: SET_REG as built by
 * regnl_build_set_reg(), a GET_REG reply). Every attribute is checked for
 * type and length; a rule missing one of its six mandatory attributes is
 * an error (-EBADMSG, REGNL_E_REPLY). Free the result with
 * regnl_domain_free().
 */
int regnl_parse_domain(struct nl_msg *msg, struct regnl_domain *out,
		       struct regnl_status *st);

/* Free what regnl_parse_domain() allocated; the struct is zeroed. */
void regnl_domain_free(struct regnl_domain *d);

/* Free every domain of a list and the list's array. */
void regnl_domain_list_free(struct regnl_domain_list *l);

/*
 * Send a domain with NL80211_CMD_SET_REG and wait for the ack. Needs
 * CAP_NET_ADMIN (-EPERM otherwise); the kernel accepts it only as the
 * answer to its pending request.
 */
int regnl_set_reg(struct regnl *nl, const struct regdom *rd,
		  struct regnl_status *st);

/* Send a user hint (NL80211_CMD_REQ_SET_REG) for alpha2 and wait for the ack. */
int regnl_req_set_reg(struct regnl *nl, const char *alpha2,
		      struct regnl_status *st);

/* The same with a hint type, as regnl_build_req_set_reg_type(). */
int regnl_req_set_reg_type(struct regnl *nl, const char *alpha2,
			   uint32_t type, struct regnl_status *st);

/*
 * Send the indoor setting, as regnl_build_req_indoor(), and wait for the
 * ack. With own, the setting lasts while nl stays open.
 */
int regnl_req_indoor(struct regnl *nl, bool indoor, bool own,
		     struct regnl_status *st);

/*
 * Ask the family to re-read its regulatory database and re-apply the
 * country in force (NL80211_CMD_RELOAD_REGDB, no attributes, as `iw reg
 * reload`) and wait for the ack. Needs CAP_NET_ADMIN (-EPERM otherwise); a
 * module or kernel without the command answers -EOPNOTSUPP; a database
 * the kernel refuses is its errno with its extack message in st.
 */
int regnl_reload_regdb(struct regnl *nl, struct regnl_status *st);

/*
 * Read the current domains with NL80211_CMD_GET_REG, as `iw reg get`
 * does: a dump (global domain, then each wiphy with its own), falling
 * back to a plain request when the family has no dump (-EOPNOTSUPP).
 */
int regnl_get_reg(struct regnl *nl, struct regnl_domain_list *out,
		  struct regnl_status *st);

/* ------------------------------------------------------------------ */
/* Wiphys, bands, channels (NL80211_CMD_GET_WIPHY)                     */

/*
 * Frequency attributes nl80211 gained after the 6.1 headers the tools are
 * built against (Debian 12's linux-libc-dev), in the order of the uapi
 * enum that follows NO_EHT there (6.12): uapi numbers never change, so a
 * 6.12 kernel's channels can be read with 6.1's headers.
 */
enum {
	REGNL_FREQ_ATTR_PSD = NL80211_FREQUENCY_ATTR_NO_EHT + 1, /* s8, dBm/MHz */
	REGNL_FREQ_ATTR_DFS_CONCURRENT,
	REGNL_FREQ_ATTR_NO_6GHZ_VLP_CLIENT,
	REGNL_FREQ_ATTR_NO_6GHZ_AFC_CLIENT,
	REGNL_FREQ_ATTR_CAN_MONITOR,
	REGNL_FREQ_ATTR_ALLOW_6GHZ_VLP_AP,
	REGNL_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY,
	REGNL_FREQ_ATTR_MAX = REGNL_FREQ_ATTR_ALLOW_20MHZ_ACTIVITY,
};

/*
 * The access categories of NL80211_FREQUENCY_ATTR_WMM, in the order and
 * with the nest types cfg80211 gives them (IEEE80211_AC_VO ... _BK).
 */
enum regnl_ac {
	REGNL_AC_VO,
	REGNL_AC_VI,
	REGNL_AC_BE,
	REGNL_AC_BK,
	REGNL_NUM_ACS,
};

/*
 * The regulatory WMM limits of one access category (enum nl80211_wmm_rule),
 * as the regulatory.db rule governing the channel sets them for clients.
 */
struct regnl_wmm_ac {
	bool present;		/* the AC's nest was there and complete */
	uint16_t cw_min;	/* NL80211_WMMR_CW_MIN, slots */
	uint16_t cw_max;	/* NL80211_WMMR_CW_MAX, slots */
	uint8_t aifsn;		/* NL80211_WMMR_AIFSN, slots */
	uint16_t txop_us;	/* NL80211_WMMR_TXOP, microseconds */
};

/* One channel as NL80211_BAND_ATTR_FREQS describes it. */
struct regnl_channel {
	uint32_t freq_mhz;		/* NL80211_FREQUENCY_ATTR_FREQ */
	uint32_t offset_khz;		/* NL80211_FREQUENCY_ATTR_OFFSET */
	uint64_t flags;			/* bit n: flag attribute n present */
	bool has_max_power;
	uint32_t max_power_mbm;		/* NL80211_FREQUENCY_ATTR_MAX_TX_POWER */
	bool has_dfs_state;
	uint32_t dfs_state;		/* enum nl80211_dfs_state */
	bool has_dfs_time;
	uint32_t dfs_time_ms;		/* time in the DFS state */
	bool has_dfs_cac;
	uint32_t dfs_cac_ms;		/* NL80211_FREQUENCY_ATTR_DFS_CAC_TIME */
	bool has_psd;
	int8_t psd_dbm;			/* REGNL_FREQ_ATTR_PSD */
	/*
	 * NL80211_FREQUENCY_ATTR_WMM, indexed by enum regnl_ac. has_wmm
	 * when the attribute carried at least one complete AC; an AC nest
	 * missing one of its four values, or with a value of the wrong
	 * size, is left out (present false) rather than failing the dump.
	 */
	bool has_wmm;
	struct regnl_wmm_ac wmm[REGNL_NUM_ACS];
};

/* true when the channel carried the flag attribute attr (e.g. RADAR). */
static inline bool regnl_chan_flag(const struct regnl_channel *c,
				   unsigned int attr)
{
	return attr < 64 && (c->flags >> attr) & 1;
}

/* One band of a wiphy with the capabilities iw derives widths from. */
struct regnl_band {
	uint32_t band;			/* enum nl80211_band */
	bool has_ht_capa;
	uint16_t ht_capa;		/* NL80211_BAND_ATTR_HT_CAPA */
	bool has_vht_capa;
	uint32_t vht_capa;		/* NL80211_BAND_ATTR_VHT_CAPA */
	size_t n_channels;
	struct regnl_channel *channels;
};

struct regnl_wiphy {
	uint32_t index;			/* NL80211_ATTR_WIPHY */
	char name[64];			/* NL80211_ATTR_WIPHY_NAME, "" if none */
	size_t n_bands;
	struct regnl_band *bands;	/* in the order the kernel sent them */
};

struct regnl_wiphy_list {
	size_t n;
	struct regnl_wiphy *v;
};

/*
 * Merge one NL80211_CMD_GET_WIPHY message (split or not) into the list:
 * a wiphy is keyed by its index, a band by its number, channels are
 * appended in order. Messages without NL80211_ATTR_WIPHY are ignored.
 */
int regnl_wiphy_list_add(struct regnl_wiphy_list *l, struct nl_msg *msg,
			 struct regnl_status *st);

/* Free every wiphy of the list and the list's array; the list is zeroed. */
void regnl_wiphy_list_free(struct regnl_wiphy_list *l);

/*
 * Find a wiphy by name ("phy0") or by index written "phy#N"; NULL when
 * there is none.
 */
const struct regnl_wiphy *regnl_wiphy_find(const struct regnl_wiphy_list *l,
					   const char *name);

/*
 * Dump all wiphys (NL80211_CMD_GET_WIPHY with NLM_F_DUMP and
 * NL80211_ATTR_SPLIT_WIPHY_DUMP, as iw does) into *out.
 */
int regnl_get_wiphys(struct regnl *nl, struct regnl_wiphy_list *out,
		     struct regnl_status *st);

/* The channel number iw shows for a centre frequency in MHz (0: none). */
int regnl_freq_to_channel(int freq_mhz);

/* ------------------------------------------------------------------ */
/* Regulatory change notifications                                     */

/*
 * One NL80211_CMD_REG_CHANGE, NL80211_CMD_WIPHY_REG_CHANGE or
 * NL80211_CMD_REG_BEACON_HINT (the radio, and the channel before and
 * after: has_before and has_after when the nest named a frequency).
 */
struct regnl_reg_event {
	uint8_t cmd;			/* the genl command */
	bool has_initiator;
	uint8_t initiator;		/* enum nl80211_reg_initiator */
	bool has_type;
	uint8_t type;			/* enum nl80211_reg_type */
	bool has_alpha2;
	char alpha2[3];
	bool has_wiphy;
	uint32_t wiphy;
	bool self_managed;
	bool has_user_hint_type;
	uint32_t user_hint_type;
	bool has_before, has_after;
	struct regnl_channel before, after;
	/* NL80211_CMD_RADAR_DETECT (the "mlme" group) */
	bool has_radar_event;
	uint32_t radar_event;		/* enum nl80211_radar_event */
	bool has_freq;
	uint32_t freq;			/* the control channel, MHz */
	bool has_width;
	uint32_t width;			/* enum nl80211_chan_width */
	bool has_center_freq1;
	uint32_t center_freq1;		/* MHz */
	bool has_ifindex;
	uint32_t ifindex;		/* cfg80211's CAC events only */
};

/*
 * Parse a notification into *ev. Returns 1 for REG_CHANGE,
 * WIPHY_REG_CHANGE, REG_BEACON_HINT or RADAR_DETECT, 0 for any other
 * command (ev untouched), negative errno for a malformed message.
 */
int regnl_parse_reg_event(struct nl_msg *msg, struct regnl_reg_event *ev,
			  struct regnl_status *st);

/*
 * Open a listener on the family's "regulatory" multicast group, and on its
 * "mlme" group where it has one (radar events), on a socket of its own.
 */
int regnl_monitor_open(struct regnl_monitor **out, enum regnl_family fam,
		       struct regnl_status *st);

/*
 * Wait for the next regulatory change. timeout_ms < 0 waits forever.
 * Returns 1 with *ev filled, 0 on timeout, -EINTR when a signal
 * interrupted the wait, another negative errno on failure.
 */
int regnl_monitor_next(struct regnl_monitor *m, struct regnl_reg_event *ev,
		       int timeout_ms, struct regnl_status *st);

/* The listener's file descriptor (readable when an event may be there). */
int regnl_monitor_fd(const struct regnl_monitor *m);

/* Close a listener; NULL is accepted. */
void regnl_monitor_close(struct regnl_monitor *m);

/* ------------------------------------------------------------------ */
/* regcore's decision journal and answers' origin (journal.c)          */

/* One entry of regcore's decision journal (REGCORE_OP_JOURNAL). */
struct regnl_jentry {
	uint64_t seq;			/* from 1, without gaps */
	uint64_t time_ns;		/* CLOCK_REALTIME */
	uint64_t boottime_ns;		/* CLOCK_BOOTTIME */
	uint64_t request;		/* the request's number, 0 for none */
	uint8_t event;			/* enum regcore_journal_event */
	bool has_initiator;
	uint8_t initiator;		/* enum nl80211_reg_initiator */
	bool has_decision;
	uint8_t decision;		/* enum regcore_decision */
	char alpha2[3];			/* "" for none */
	bool has_wiphy;
	uint32_t wiphy;
	uint32_t err;			/* a positive errno, 0 for none */
	char text[256];			/* the entry in words */
	char db_file[256];		/* where the rules came from, "" */
	char db_signer[256];
	bool has_sha256;
	unsigned char db_sha256[32];
	uint8_t db_version;		/* 19, 20, or 0 */
	uint8_t outcome;		/* enum regcore_outcome, 0 for none */
	uint32_t portid;		/* the hint's sender, 0 for none */
};

/*
 * Parse a REGCORE_CMD_EXT journal message into *out. Returns 1 for a
 * journal entry, 0 for any other message (out untouched), a negative
 * errno for a malformed one.
 */
int regnl_parse_jentry(struct nl_msg *msg, struct regnl_jentry *out,
		       struct regnl_status *st);

/* Called per entry; return 0 to go on, a negative errno to stop. */
typedef int (*regnl_jentry_fn)(const struct regnl_jentry *e, void *arg,
			       struct regnl_status *st);

/*
 * Dump the journal of the "regcore" family from the entry after number
 * after (0: from the oldest kept), calling fn for each entry.
 */
int regnl_get_journal(struct regnl *nl, uint64_t after, regnl_jentry_fn fn,
		      void *arg, struct regnl_status *st);

/* Where an answer's rules come from (REGCORE_OP_SOURCE). */
struct regnl_origin {
	const char *alpha2;		/* the country answered */
	const char *file;		/* the database file; cut to 255 bytes */
	const char *signer;		/* what verified it, or NULL */
	const unsigned char *sha256;	/* 32 bytes, or NULL */
	int version;			/* 19 or 20, or 0 */
};

/*
 * Build REGCORE_CMD_EXT / REGCORE_OP_SOURCE. Returns 0, -EINVAL without a
 * valid country or a file, -ENOMEM.
 */
int regnl_build_offer_origin(struct nl_msg **out, int family_id,
			     const struct regnl_origin *o,
			     struct regnl_status *st);

/*
 * Tell regcore where the next SET_REG on this socket gets its rules from,
 * and wait for the ack. CAP_NET_ADMIN; only the "regcore" family has it.
 */
int regnl_offer_origin(struct regnl *nl, const struct regnl_origin *o,
		       struct regnl_status *st);

/*
 * Build REGCORE_CMD_EXT / REGCORE_OP_NO_RULES: the database o names has
 * no rules for o->alpha2 (the rest of o as for the origin).
 */
int regnl_build_no_rules(struct nl_msg **out, int family_id,
			 const struct regnl_origin *o, struct regnl_status *st);

/*
 * Tell regcore the database lacks the pending request's country, and
 * wait for the ack (-EINVAL from the kernel: no such request pending).
 */
int regnl_report_no_rules(struct regnl *nl, const struct regnl_origin *o,
			  struct regnl_status *st);

/* Why a channel of a radio is as it is (REGCORE_OP_WHY, why.c). */
struct regnl_why {
	uint8_t path;			/* enum regcore_why_path */
	uint32_t reg_flags;		/* the radio's REGCORE_REG_* */
	/* REGCORE_WHY_COMPUTED: who caused it, the request in force then */
	bool has_cause;
	uint8_t cause;			/* enum nl80211_reg_initiator */
	uint8_t initiator;
	char alpha2[3];
	bool intersect;
	uint8_t hint_type;		/* enum nl80211_user_reg_hint_type */
	bool has_requester;
	uint32_t requester;		/* the radio whose hint it was */
	bool strict;
	uint64_t seq;			/* the journal's last entry then */
	uint64_t boottime_ns;
	/* the domain the channel followed and its rules that decided */
	bool has_domain;
	struct regnl_domain domain;
	bool own;
	unsigned int n_rules;
	uint32_t rule_idx[2];
	uint32_t rule_bw_khz[2];	/* what each allows there (AUTO-BW) */
	uint32_t no_rule;		/* ERANGE, EINVAL, or 0 */
	bool left;			/* a country element left the band */
	bool has_computed;
	struct regnl_channel computed;	/* what that computation gives */
	struct regnl_channel now;	/* the channel as it is */
	struct regnl_channel original;	/* its originals */
	bool beacon_lift;
	/* the last change the radio did not follow since */
	bool ignored;
	uint8_t ignored_initiator;
	char ignored_alpha2[3];
	char ignored_text[256];
	uint64_t ignored_seq;
};

/* Build REGCORE_CMD_EXT / REGCORE_OP_WHY for a radio and a centre (kHz). */
int regnl_build_why(struct nl_msg **out, int family_id, uint32_t wiphy,
		    uint32_t freq_khz, struct regnl_status *st);

/*
 * Parse an answer to it. Returns 1 for one, 0 for another message, a
 * negative errno for a malformed one. Free with regnl_why_free().
 */
int regnl_parse_why(struct nl_msg *msg, struct regnl_why *out,
		    struct regnl_status *st);

/* Ask regcore why; anyone may. -ENODEV: no such radio; -ENOENT: no such
 * channel.
 */
int regnl_why(struct regnl *nl, uint32_t wiphy, uint32_t freq_khz,
	      struct regnl_why *out, struct regnl_status *st);

void regnl_why_free(struct regnl_why *w);

/* What a user hint would do to one radio (REGCORE_OP_PREVIEW, why.c). */
struct regnl_preview {
	uint32_t wiphy;
	uint8_t decision;		/* enum regcore_decision */
	char why[256];			/* the decision's reason */
	bool ahead;			/* requests are pending or queued */
	uint32_t err;			/* the answer could not be applied */
	bool has_domain;		/* the domain that would be in force */
	struct regnl_domain domain;
	bool intersect;
	bool ignored;			/* the radio would not follow it */
	char ignored_text[256];
	bool has_channels;		/* the radio's channels after */
	size_t n_channels;
	struct regnl_channel *channels;
};

/*
 * Build REGCORE_CMD_EXT / REGCORE_OP_PREVIEW for radio wiphy and country
 * alpha2, with the rules its answer would bring (rd, or NULL: regcore
 * reads regulatory.db itself).
 */
int regnl_build_preview(struct nl_msg **out, int family_id, uint32_t wiphy,
			const char *alpha2, const struct regdom *rd,
			bool cell_base, struct regnl_status *st);

/* Parse an answer: 1, 0 for another message, a negative errno. */
int regnl_parse_preview(struct nl_msg *msg, struct regnl_preview *out,
			struct regnl_status *st);

/* Ask regcore; anyone may. Free with regnl_preview_free(). */
int regnl_preview(struct regnl *nl, uint32_t wiphy, const char *alpha2,
		  const struct regdom *rd, bool cell_base,
		  struct regnl_preview *out, struct regnl_status *st);

void regnl_preview_free(struct regnl_preview *p);

/* A socket joined to regcore's "journal" multicast group. */
struct regnl_jfollow;

int regnl_journal_follow_open(struct regnl_jfollow **out,
			      struct regnl_status *st);

/*
 * Wait until a new entry is announced (timeout_ms < 0: forever). Returns
 * 1 (read the new entries with regnl_get_journal()), 0 on timeout, -EINTR,
 * or another negative errno.
 */
int regnl_journal_follow_wait(struct regnl_jfollow *f, int timeout_ms,
			      struct regnl_status *st);

/* Close it; NULL is accepted. */
void regnl_journal_follow_close(struct regnl_jfollow *f);

/* The words for an event ("installed") and a decision ("ignore"). */
const char *regnl_jevent_word(uint8_t event);
const char *regnl_decision_word(uint8_t decision);
/* The words for an outcome ("no_rules"), "" for none. */
const char *regnl_outcome_word(uint8_t outcome);

/* 64 lower-case hex digits and a NUL. */
void regnl_sha256_hex(const unsigned char *sha, char hex[65]);

/*
 * One entry as text: "SEQ DATE TIME.mmm EVENT TEXT", then, for an entry
 * with an origin, one tab-indented line each for its file, version,
 * sha256 and signer.
 */
void regnl_print_jentry(FILE *f, const struct regnl_jentry *e);

/* One entry as a JSON object on one line (keys in regctl(8)). */
void regnl_json_jentry(FILE *f, const struct regnl_jentry *e);

/* ------------------------------------------------------------------ */
/* Printers: iw's text (print.c)                                       */

/* iw's words for who asked for a change ("a user", "a driver", ...). */
const char *regnl_initiator_text(uint8_t initiator);

/*
 * Print one domain as `iw reg get` prints it: "global" or "phy#N", the
 * country line with the DFS region, one line per rule, a blank line.
 */
void regnl_print_domain(FILE *f, const struct regnl_domain *d);

/* Print every domain of a GET_REG answer, as `iw reg get`. */
void regnl_print_domains(FILE *f, const struct regnl_domain_list *l);

/* Print a wiphy's channels as `iw phy NAME channels` prints them. */
void regnl_print_channels(FILE *f, const struct regnl_wiphy *w);

/*
 * Print a notification as `iw event` prints a regulatory change or a
 * beacon hint.
 */
void regnl_print_reg_event(FILE *f, const struct regnl_reg_event *ev);

/* ------------------------------------------------------------------ */
/* Printers: JSON (json.c); the keys are documented in regctl(8)        */

/* {"family":..., "domains":[...]} for `regctl --json get`. */
void regnl_json_domains(FILE *f, const char *family,
			const struct regnl_domain_list *l);

/*
 * {"family":..., "wiphys":[...]} for `regctl --json phy`: every wiphy of
 * the list, or only the wiphy `only` when it is not NULL.
 */
void regnl_json_wiphys(FILE *f, const char *family,
		       const struct regnl_wiphy_list *l,
		       const struct regnl_wiphy *only);

/* One domain as an object of regnl_json_domains()' list. */
void regnl_json_domain(FILE *f, const struct regnl_domain *d);

/*
 * The JSON names of the flags a channel carries ("no_ir", "radar", ...),
 * in a fixed order; at most max. Returns how many.
 */
size_t regnl_chan_flag_words(const struct regnl_channel *c,
			     const char **words, size_t max);

/* One line of JSON for a notification (`regctl --json monitor`). */
void regnl_json_reg_event(FILE *f, const struct regnl_reg_event *ev);

/* ------------------------------------------------------------------ */
/* Decoding and names (decode.c, names.c)                              */

/*
 * Print any nl80211-numbered message attribute by attribute, with names,
 * values and units, rules decoded one per nest, unknown attributes as
 * hex (crda --dry-run, nlcraft). Malformed attributes are shown as such,
 * never trusted. Returns 0, or -EINVAL when the message has no genl
 * header.
 */
int regnl_decode_msg(FILE *f, struct nl_msg *msg);

/* The name of an nl80211 command ("NL80211_CMD_SET_REG"), NULL if unknown. */
const char *regnl_cmd_name(unsigned int cmd);

/*
 * Look a command up by name, with or without "NL80211_CMD_", any case.
 * Returns the number, or -1.
 */
int regnl_cmd_lookup(const char *name);

/* Value types of attributes, for names.c's tables and the raw tool. */
enum regnl_attr_kind {
	REGNL_K_UNSPEC,
	REGNL_K_U8,
	REGNL_K_U16,
	REGNL_K_U32,
	REGNL_K_U64,
	REGNL_K_STRING,		/* NUL-terminated */
	REGNL_K_FLAG,		/* no payload */
	REGNL_K_NESTED,
	REGNL_K_BINARY,
};

/* A known attribute: number, names, and the type nl80211 gives it. */
struct regnl_attr_info {
	uint16_t type;
	const char *name;	/* "NL80211_ATTR_REG_ALPHA2" */
	const char *alias;	/* short name ("alpha2"), may be NULL */
	enum regnl_attr_kind kind;
};

/* Attribute spaces the tables cover. */
enum regnl_attr_space {
	REGNL_SPACE_TOP,	/* NL80211_ATTR_* */
	REGNL_SPACE_RULE,	/* enum nl80211_reg_rule_attr */
};

/*
 * Find an attribute by name (with or without the NL80211_ATTR_ prefix,
 * any case) or alias; NULL if unknown.
 */
const struct regnl_attr_info *regnl_attr_lookup(enum regnl_attr_space sp,
						const char *name);

/* Find an attribute by number; NULL if the tables do not know it. */
const struct regnl_attr_info *regnl_attr_by_type(enum regnl_attr_space sp,
						 unsigned int type);

/*
 * Iterate a table: the i-th known attribute of a space, NULL past the
 * end (used to list names in --help).
 */
const struct regnl_attr_info *regnl_attr_nth(enum regnl_attr_space sp,
					     size_t i);

/*
 * Write the names of the NL80211_RRF_* flags set in flags, in iw's order
 * and spelling, each preceded by ", " (iw's rule suffix); "" for none.
 */
void regnl_rule_flags_text(char *buf, size_t size, uint32_t flags);

/* The errno's symbolic name ("EINVAL"), or "E?" for an unknown one. */
const char *regnl_errno_name(int err);

/*
 * One line explaining a failed call for a user: the errno text, the
 * kernel's extack message, the detail (e.g. "family regcore not found:
 * module not loaded"). Returns buf.
 */
const char *regnl_status_text(const struct regnl_status *st, char *buf,
			      size_t size);

#endif /* REGCORE_REGNL_H */
