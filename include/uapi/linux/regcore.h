/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
/*
 * regcore: what userspace needs beyond <linux/nl80211.h>.
 *
 * The regcore generic netlink family speaks nl80211's command and
 * attribute numbers (NL80211_CMD_GET_REG, NL80211_CMD_SET_REG,
 * NL80211_CMD_REQ_SET_REG, NL80211_CMD_REG_CHANGE, NL80211_CMD_GET_WIPHY;
 * NL80211_ATTR_*), with nl80211's units: kHz, mBi, mBm, ms. Only the names
 * below differ, so that regcore and the kernel's own cfg80211 can be loaded
 * side by side.
 *
 * regcore's own additions to those messages:
 *  - NL80211_CMD_GET_REG's domain in force (not a radio's) carries the
 *    flag NL80211_ATTR_REG_INDOOR while userspace says the device operates
 *    indoors (NL80211_CMD_REQ_SET_REG, NL80211_USER_REG_HINT_INDOOR), and
 *    the flag NL80211_ATTR_SOCKET_OWNER too while a socket owns that
 *    setting (it ends when the socket closes). nl80211 reports the
 *    setting nowhere.
 *  - REGCORE_CMD_EXT, regcore's own requests (below).
 */
#ifndef _UAPI_LINUX_REGCORE_H
#define _UAPI_LINUX_REGCORE_H

/* Generic netlink family name and version. */
#define REGCORE_GENL_NAME		"regcore"
#define REGCORE_GENL_VERSION		1

/* Multicast group carrying NL80211_CMD_REG_CHANGE notifications. */
#define REGCORE_MCGRP_REGULATORY	"regulatory"
/*
 * Multicast group carrying NL80211_CMD_RADAR_DETECT notifications (the DFS
 * state of a radio's radar channels changed), as nl80211's group of that
 * name; they never name an interface.
 */
#define REGCORE_MCGRP_MLME		"mlme"

/*
 * Multicast group carrying each new entry of the decision journal, as
 * REGCORE_CMD_EXT messages of the REGCORE_OP_JOURNAL form below.
 */
#define REGCORE_MCGRP_JOURNAL		"journal"

/*
 * regcore's own requests, beyond nl80211's commands.
 *
 * They all travel as command REGCORE_CMD_EXT, number 0: nl80211 reserves
 * that number (NL80211_CMD_UNSPEC, "to catch errors") and gives it no
 * meaning, now or later, so it can never collide with a command nl80211
 * adds. REGCORE_ATTR_OP says which request it is. Its attributes are
 * regcore's own (enum regcore_attr), not nl80211's: command 0 is parsed
 * with a policy of its own, so these numbers cannot collide either.
 *
 *   REGCORE_OP_JOURNAL  dump (anyone): the decision journal, oldest first,
 *                       one message per entry; REGCORE_ATTR_SEQ in the
 *                       request starts after that entry. The same
 *                       messages are multicast on REGCORE_MCGRP_JOURNAL
 *                       as entries are made. Entries are numbered from 1
 *                       without gaps; a gap in what a reader gets means
 *                       entries were overwritten (the ring holds the
 *                       module parameter journal_size entries) or a
 *                       multicast message was lost: dump again from the
 *                       last number read.
 *   REGCORE_OP_SOURCE   do (CAP_NET_ADMIN): where the rules of the next
 *                       NL80211_CMD_SET_REG sent on this socket come
 *                       from: REGCORE_ATTR_ALPHA2 (the country they
 *                       answer), REGCORE_ATTR_DB_FILE, REGCORE_ATTR_DB_SHA256,
 *                       REGCORE_ATTR_DB_SIGNER, REGCORE_ATTR_DB_VERSION.
 *                       crda --family regcore sends it before its answer;
 *                       the journal's entry for the domain installed
 *                       carries it. A SET_REG from another socket, or
 *                       for another country, does not take it.
 *   REGCORE_OP_NO_RULES do (CAP_NET_ADMIN): the database named by
 *                       REGCORE_ATTR_DB_FILE (and the other attributes
 *                       of REGCORE_OP_SOURCE) has no rules for the
 *                       pending request's country, REGCORE_ATTR_ALPHA2.
 *                       crda --family regcore sends it instead of an
 *                       answer. The request ends at once, as a failed
 *                       one (the journal records it with outcome
 *                       REGCORE_OUTCOME_NO_RULES, and the settings are
 *                       restored, as at a timeout; cfg80211, which
 *                       cannot be told, waits for its timeout).
 *                       -EINVAL when no request for that country waits
 *                       for userspace.
 *
 *   REGCORE_OP_WHY      do (anyone): why one channel of one radio is as
 *                       it is. The request names the radio
 *                       (REGCORE_ATTR_WIPHY) and the channel's centre
 *                       (REGCORE_ATTR_FREQ_KHZ). The answer:
 *                       REGCORE_ATTR_WHY_PATH, how the radio's channels
 *                       were last set (enum regcore_why_path); for
 *                       COMPUTED, REGCORE_ATTR_WHY_CAUSE, who caused
 *                       that computation, and the request in force
 *                       then: REGCORE_ATTR_INITIATOR, REGCORE_ATTR_ALPHA2,
 *                       REGCORE_ATTR_WHY_INTERSECT,
 *                       REGCORE_ATTR_WHY_HINT_TYPE, REGCORE_ATTR_WIPHY
 *                       (the radio that asked, if any); its time,
 *                       REGCORE_ATTR_BOOTTIME_NS, and REGCORE_ATTR_SEQ,
 *                       the journal's last entry then.
 *                       REGCORE_ATTR_WHY_DOMAIN is the domain the channel
 *                       followed, as GET_REG gives one
 *                       (NL80211_ATTR_REG_ALPHA2, NL80211_ATTR_DFS_REGION,
 *                       NL80211_ATTR_REG_RULES); REGCORE_ATTR_WHY_OWN
 *                       when it is the radio's own. REGCORE_ATTR_WHY_RULE
 *                       is the index of the rule that holds the channel,
 *                       twice when two adjoining rules hold it together;
 *                       REGCORE_ATTR_WHY_RULE_BW follows each with the
 *                       bandwidth it allows there (AUTO-BW resolved).
 *                       REGCORE_ATTR_WHY_NO_RULE says why none does
 *                       (ERANGE: the domain has no rule in the band;
 *                       EINVAL: no rule holds it). REGCORE_ATTR_WHY_LEFT:
 *                       the computation was a country element's that says
 *                       nothing about the channel's band, which keeps
 *                       what the computation before set (so the one
 *                       run again starts from the channel as it is).
 *                       REGCORE_ATTR_WHY_STRICT: the domain is a strict
 *                       radio's own, which became its originals.
 *                       REGCORE_ATTR_WHY_REG_FLAGS: the radio's
 *                       REGCORE_REG_* flags. In the answer,
 *                       REGCORE_ATTR_WIPHY is the radio whose hint the
 *                       request in force was, if any.
 *                       REGCORE_ATTR_WHY_COMPUTED is the channel as that
 *                       computation, run again now on a copy of the
 *                       radio, gives it; REGCORE_ATTR_WHY_CHANNEL the
 *                       channel as it is; REGCORE_ATTR_WHY_ORIGINAL its
 *                       originals (what its driver, or its custom domain,
 *                       allows). All three are nests of
 *                       NL80211_FREQUENCY_ATTR_*, as GET_WIPHY's.
 *                       REGCORE_ATTR_WHY_BEACON_LIFT when a beacon heard
 *                       on the channel lifts NO_IR there.
 *                       REGCORE_ATTR_WHY_IGNORED, a nest of
 *                       REGCORE_ATTR_INITIATOR, REGCORE_ATTR_ALPHA2,
 *                       REGCORE_ATTR_TEXT and REGCORE_ATTR_SEQ: the last
 *                       change the radio's channels did not follow since.
 *                       REGCORE_ATTR_SEQ and REGCORE_ATTR_BOOTTIME_NS come
 *                       with every path but UNKNOWN. A MAX_TX_POWER of 0
 *                       in the originals means no limit of the radio's.
 *                       -ENODEV for an unknown radio, -ENOENT for a
 *                       frequency that is not one of its channels.
 *
 *   REGCORE_OP_PREVIEW  do (anyone): what a user hint for a country would
 *                       do to one radio, computed and not applied. The
 *                       request names the radio (REGCORE_ATTR_WIPHY), the
 *                       country (REGCORE_ATTR_ALPHA2), optionally a
 *                       cellular base station's hint
 *                       (REGCORE_ATTR_WHY_HINT_TYPE), and the rules its
 *                       answer would bring (REGCORE_ATTR_WHY_DOMAIN, a
 *                       domain as SET_REG carries it, validated as a
 *                       SET_REG is, for the same country). The hint is
 *                       decided first, as its turn would decide it,
 *                       against the request in force; only when that asks
 *                       for rules are they needed. Without them, regcore
 *                       looks the country up in regulatory.db where it
 *                       would for the hint (regdb=firmware or auto), and
 *                       answers -ENOMSG where it would ask crda
 *                       (regdb=crda): crda's database is userspace's to
 *                       read; send them. The answer: the decision
 *                       (REGCORE_ATTR_DECISION, REGCORE_ATTR_TEXT);
 *                       REGCORE_ATTR_PREVIEW_AHEAD when a request is
 *                       pending or queued (the hint would be decided after
 *                       it, against what it leaves); REGCORE_ATTR_ERRNO
 *                       when the answer could not be applied (EINVAL:
 *                       nothing in common with the domain it would be
 *                       intersected with; E2BIG); the domain that would be
 *                       in force (REGCORE_ATTR_WHY_DOMAIN,
 *                       REGCORE_ATTR_WHY_INTERSECT);
 *                       REGCORE_ATTR_WHY_IGNORED (with REGCORE_ATTR_TEXT)
 *                       when the radio's channels would not follow it
 *                       (a self-managed radio's driver is told the
 *                       country and may change them itself); and else
 *                       REGCORE_ATTR_PREVIEW_CHANNELS: every channel of
 *                       the radio as it would be, nests of
 *                       NL80211_FREQUENCY_ATTR_* (no WMM), computed by the
 *                       code that computes the channels, with the beacons
 *                       heard so far (what drivers' notifiers then do is
 *                       not predicted). -EMSGSIZE for a radio with more
 *                       channels than one attribute holds. Nothing
 *                       changes.
 *
 * A journal entry that settles a request carries REGCORE_ATTR_OUTCOME,
 * what became of it (enum regcore_outcome); the first such entry of a
 * request is its outcome. An entry made for a hint that came over
 * netlink (NL80211_CMD_REQ_SET_REG) carries REGCORE_ATTR_PORTID, the
 * sender's netlink port, so that the sender can find its request.
 */
#define REGCORE_CMD_EXT			0

enum regcore_op {
	REGCORE_OP_UNSPEC,
	REGCORE_OP_JOURNAL,
	REGCORE_OP_SOURCE,
	REGCORE_OP_NO_RULES,
	REGCORE_OP_WHY,
	REGCORE_OP_PREVIEW,

	__REGCORE_OP_AFTER_LAST,
	REGCORE_OP_MAX = __REGCORE_OP_AFTER_LAST - 1
};

/* The attributes of REGCORE_CMD_EXT messages. */
enum regcore_attr {
	REGCORE_ATTR_UNSPEC,
	REGCORE_ATTR_OP,		/* u8, enum regcore_op */
	REGCORE_ATTR_SEQ,		/* u64, the entry's number */
	REGCORE_ATTR_TIME_NS,		/* u64, CLOCK_REALTIME when made, ns */
	REGCORE_ATTR_BOOTTIME_NS,	/* u64, CLOCK_BOOTTIME when made, ns */
	REGCORE_ATTR_EVENT,		/* u8, enum regcore_journal_event */
	REGCORE_ATTR_REQUEST,		/* u64, the request's number, if any */
	REGCORE_ATTR_INITIATOR,		/* u8, enum nl80211_reg_initiator */
	REGCORE_ATTR_ALPHA2,		/* string, two characters */
	REGCORE_ATTR_WIPHY,		/* u32, the radio's index */
	REGCORE_ATTR_DECISION,		/* u8, enum regcore_decision */
	REGCORE_ATTR_ERRNO,		/* u32, a positive errno */
	REGCORE_ATTR_TEXT,		/* string, the entry in words */
	REGCORE_ATTR_DB_FILE,		/* string, a database file's path */
	REGCORE_ATTR_DB_SHA256,		/* binary, 32 bytes */
	REGCORE_ATTR_DB_SIGNER,		/* string, the key that verified it */
	REGCORE_ATTR_DB_VERSION,	/* u8, 19 or 20 */
	REGCORE_ATTR_PAD,
	REGCORE_ATTR_OUTCOME,		/* u8, enum regcore_outcome */
	REGCORE_ATTR_PORTID,		/* u32, the hint's sender */
	REGCORE_ATTR_FREQ_KHZ,		/* u32, a channel's centre, kHz */
	REGCORE_ATTR_WHY_PATH,		/* u8, enum regcore_why_path */
	REGCORE_ATTR_WHY_CAUSE,		/* u8, enum nl80211_reg_initiator */
	REGCORE_ATTR_WHY_DOMAIN,	/* nested: the domain followed */
	REGCORE_ATTR_WHY_OWN,		/* flag: it is the radio's own */
	REGCORE_ATTR_WHY_RULE,		/* u32, a rule's index in it */
	REGCORE_ATTR_WHY_NO_RULE,	/* u32, ERANGE or EINVAL */
	REGCORE_ATTR_WHY_STRICT,	/* flag: a strict radio's own domain */
	REGCORE_ATTR_WHY_COMPUTED,	/* nested: what the rules give */
	REGCORE_ATTR_WHY_CHANNEL,	/* nested: the channel as it is */
	REGCORE_ATTR_WHY_ORIGINAL,	/* nested: the radio's originals */
	REGCORE_ATTR_WHY_BEACON_LIFT,	/* flag: a beacon lifted NO_IR */
	REGCORE_ATTR_WHY_REG_FLAGS,	/* u32, the radio's REGCORE_REG_* */
	REGCORE_ATTR_WHY_INTERSECT,	/* flag: the domain is an intersection */
	REGCORE_ATTR_WHY_HINT_TYPE,	/* u8, enum nl80211_user_reg_hint_type */
	REGCORE_ATTR_WHY_IGNORED,	/* nested: the last change ignored */
	REGCORE_ATTR_PREVIEW_CHANNELS,	/* nested: a radio's channels after */
	REGCORE_ATTR_WHY_RULE_BW,	/* u32, kHz, a rule's bandwidth there */
	REGCORE_ATTR_WHY_LEFT,		/* flag: the band was left alone */
	REGCORE_ATTR_PREVIEW_AHEAD,	/* flag: requests are ahead of it */

	__REGCORE_ATTR_AFTER_LAST,
	REGCORE_ATTR_MAX = __REGCORE_ATTR_AFTER_LAST - 1
};

/* What a journal entry records. */
enum regcore_journal_event {
	REGCORE_JOURNAL_UNSPEC,
	REGCORE_JOURNAL_HINT,		/* a hint was received and queued */
	REGCORE_JOURNAL_DROPPED,	/* a hint was dropped before or at its turn */
	REGCORE_JOURNAL_DECIDED,	/* a hint's turn came: REGCORE_ATTR_DECISION */
	REGCORE_JOURNAL_REQUEST,	/* rules asked for (uevent or regulatory.db) */
	REGCORE_JOURNAL_ANSWER,		/* an answer was refused or changed nothing */
	REGCORE_JOURNAL_TIMEOUT,	/* no answer in time */
	REGCORE_JOURNAL_INSTALLED,	/* a domain was put in force */
	REGCORE_JOURNAL_RESTORE,	/* settings restored to the world domain */

	__REGCORE_JOURNAL_AFTER_LAST,
	REGCORE_JOURNAL_MAX = __REGCORE_JOURNAL_AFTER_LAST - 1
};

/* What a hint's turn decided (REGCORE_JOURNAL_DECIDED). */
enum regcore_decision {
	REGCORE_DECISION_APPLY,		/* its rules are asked for */
	REGCORE_DECISION_INTERSECT,	/* asked for, to be intersected */
	REGCORE_DECISION_ALREADY_SET,	/* the country is in force already */
	REGCORE_DECISION_IGNORE,	/* ignored: REGCORE_ATTR_TEXT says why */
};

/* What became of a request (REGCORE_ATTR_OUTCOME). */
enum regcore_outcome {
	REGCORE_OUTCOME_NONE,		/* never sent */
	REGCORE_OUTCOME_APPLIED,	/* its country's rules are in force */
	REGCORE_OUTCOME_INTERSECTED,	/* intersected with the domain before */
	REGCORE_OUTCOME_ALREADY,	/* nothing changed: in force already */
	REGCORE_OUTCOME_IGNORED,	/* ignored: REGCORE_ATTR_TEXT says why */
	REGCORE_OUTCOME_REFUSED,	/* its answer could not be applied */
	REGCORE_OUTCOME_NO_RULES,	/* the database has no such country */
	REGCORE_OUTCOME_TIMED_OUT,	/* no answer in time */
	REGCORE_OUTCOME_DROPPED,	/* dropped before or at its turn */

	__REGCORE_OUTCOME_AFTER_LAST,
	REGCORE_OUTCOME_MAX = __REGCORE_OUTCOME_AFTER_LAST - 1
};

/* How a radio's channels were last set (REGCORE_OP_WHY). */
enum regcore_why_path {
	REGCORE_WHY_ORIGINAL,		/* as registered: its driver's settings */
	REGCORE_WHY_COMPUTED,		/* computed from a domain */
	REGCORE_WHY_SELF_MANAGED,	/* its driver's domain (self-managed) */
	REGCORE_WHY_UNKNOWN,		/* not recorded (out of memory) */
};

/*
 * The platform device whose KOBJ_CHANGE uevent asks userspace (crda) for a
 * country's rules: /sys/devices/platform/regcore.0, with COUNTRY=XX in the
 * event's environment ("00" asks for the world domain).
 */
#define REGCORE_PDEV_NAME		"regcore"

#endif /* _UAPI_LINUX_REGCORE_H */
