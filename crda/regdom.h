/* SPDX-License-Identifier: GPL-2.0 */
/*
 * regdom.h - the userspace model of one regulatory domain.
 *
 * This is the shape every userspace part of regcore agrees on: the database
 * library returns it from a look-up, the netlink code turns it into an
 * NL80211_CMD_SET_REG message and parses NL80211_CMD_GET_REG replies back
 * into it, and the printers (regctl get, crda --dry-run, regdb lookup)
 * print it. Units and flag values are nl80211's, so no part converts twice:
 * frequencies in kHz, antenna gain in mBi, EIRP in mBm, CAC time in ms,
 * flags NL80211_RRF_*, DFS region enum nl80211_dfs_regions.
 */
#ifndef REGCORE_REGDOM_H
#define REGCORE_REGDOM_H

#include <stdbool.h>
#include <stdint.h>

#include <linux/nl80211.h>

/* Access categories, in the order the database formats store them. */
enum regdom_ac { REGDOM_AC_VO, REGDOM_AC_VI, REGDOM_AC_BE, REGDOM_AC_BK,
		 REGDOM_NUM_ACS };

/* One access category's WMM limits, in db.txt's terms. */
struct regdom_wmm_ac {
	uint16_t cw_min;	/* 2^n - 1 */
	uint16_t cw_max;	/* 2^n - 1 */
	uint8_t aifsn;
	uint16_t cot;		/* channel occupancy time, ms */
};

/* A WMM rule: limits for clients (_c in db.txt) and access points (_ap). */
struct regdom_wmm {
	struct regdom_wmm_ac client[REGDOM_NUM_ACS];
	struct regdom_wmm_ac ap[REGDOM_NUM_ACS];
};

struct regdom_rule {
	uint32_t start_khz;
	uint32_t end_khz;
	uint32_t max_bw_khz;
	uint32_t max_ant_gain_mbi;
	uint32_t max_eirp_mbm;
	uint32_t flags;		/* NL80211_RRF_* */
	uint32_t dfs_cac_ms;	/* 0: the kernel's default */
	bool has_wmm;
	struct regdom_wmm wmm;
};

struct regdom {
	char alpha2[3];		/* two upper-case letters or "00", NUL */
	uint8_t dfs_region;	/* enum nl80211_dfs_regions */
	unsigned int n_rules;
	struct regdom_rule *rules;
};

/*
 * The one rule for a country code, for every tool and both libraries: two
 * upper-case ASCII letters, or "00" for the world domain.
 * regdom_alpha2_bytes_valid() judges the two bytes at @a (a database's
 * country table has no NUL after them); regdom_alpha2_valid() judges the
 * string @s, which must be exactly those two characters (NULL is not).
 */
static inline bool regdom_alpha2_bytes_valid(const char *a)
{
	if (a[0] == '0' && a[1] == '0')
		return true;
	return a[0] >= 'A' && a[0] <= 'Z' && a[1] >= 'A' && a[1] <= 'Z';
}

static inline bool regdom_alpha2_valid(const char *s)
{
	return s && s[0] && s[1] && !s[2] && regdom_alpha2_bytes_valid(s);
}

/* What regdom_alpha2_valid() accepts, in words, for error messages. */
#define REGDOM_ALPHA2_RULE "two upper-case letters or 00"

/*
 * The name of a DFS region (enum nl80211_dfs_regions) as db.txt, iw and
 * the legacy regdbdump write it: "DFS-UNSET", "DFS-FCC", "DFS-ETSI",
 * "DFS-JP", or "DFS-invalid" for any other value. Here because both
 * libraries print it (libregdb's dumps and db.txt, libregnl's iw text).
 */
static inline const char *regdom_dfs_name(unsigned int dfs_region)
{
	switch (dfs_region) {
	case NL80211_DFS_UNSET: return "DFS-UNSET";
	case NL80211_DFS_FCC: return "DFS-FCC";
	case NL80211_DFS_ETSI: return "DFS-ETSI";
	case NL80211_DFS_JP: return "DFS-JP";
	default: return "DFS-invalid";
	}
}

#endif /* REGCORE_REGDOM_H */
