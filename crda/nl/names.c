// SPDX-License-Identifier: GPL-2.0
/*
 * names.c - names of the nl80211 commands and attributes regcore uses,
 * for the decoder and for the raw message tool's argument language.
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <linux/nl80211.h>

#include "internal.h"

static const struct {
	unsigned int cmd;
	const char *name;
} commands[] = {
	{ NL80211_CMD_GET_WIPHY, "NL80211_CMD_GET_WIPHY" },
	{ NL80211_CMD_SET_WIPHY, "NL80211_CMD_SET_WIPHY" },
	{ NL80211_CMD_NEW_WIPHY, "NL80211_CMD_NEW_WIPHY" },
	{ NL80211_CMD_DEL_WIPHY, "NL80211_CMD_DEL_WIPHY" },
	{ NL80211_CMD_GET_INTERFACE, "NL80211_CMD_GET_INTERFACE" },
	{ NL80211_CMD_SET_REG, "NL80211_CMD_SET_REG" },
	{ NL80211_CMD_REQ_SET_REG, "NL80211_CMD_REQ_SET_REG" },
	{ NL80211_CMD_GET_REG, "NL80211_CMD_GET_REG" },
	{ NL80211_CMD_REG_CHANGE, "NL80211_CMD_REG_CHANGE" },
	{ NL80211_CMD_REG_BEACON_HINT, "NL80211_CMD_REG_BEACON_HINT" },
	{ NL80211_CMD_WIPHY_REG_CHANGE, "NL80211_CMD_WIPHY_REG_CHANGE" },
	{ NL80211_CMD_RELOAD_REGDB, "NL80211_CMD_RELOAD_REGDB" },
	{ NL80211_CMD_RADAR_DETECT, "NL80211_CMD_RADAR_DETECT" },
};

static const struct regnl_attr_info top_attrs[] = {
	{ NL80211_ATTR_WIPHY, "NL80211_ATTR_WIPHY", "wiphy", REGNL_K_U32 },
	{ NL80211_ATTR_WIPHY_NAME, "NL80211_ATTR_WIPHY_NAME", "wiphy_name",
	  REGNL_K_STRING },
	{ NL80211_ATTR_IFINDEX, "NL80211_ATTR_IFINDEX", "ifindex",
	  REGNL_K_U32 },
	{ NL80211_ATTR_WIPHY_BANDS, "NL80211_ATTR_WIPHY_BANDS", "bands",
	  REGNL_K_NESTED },
	{ NL80211_ATTR_REG_ALPHA2, "NL80211_ATTR_REG_ALPHA2", "alpha2",
	  REGNL_K_STRING },
	{ NL80211_ATTR_REG_RULES, "NL80211_ATTR_REG_RULES", "rules",
	  REGNL_K_NESTED },
	{ NL80211_ATTR_GENERATION, "NL80211_ATTR_GENERATION", "generation",
	  REGNL_K_U32 },
	{ NL80211_ATTR_REG_INITIATOR, "NL80211_ATTR_REG_INITIATOR",
	  "initiator", REGNL_K_U8 },
	{ NL80211_ATTR_REG_TYPE, "NL80211_ATTR_REG_TYPE", "type", REGNL_K_U8 },
	{ NL80211_ATTR_WDEV, "NL80211_ATTR_WDEV", "wdev", REGNL_K_U64 },
	{ NL80211_ATTR_DFS_REGION, "NL80211_ATTR_DFS_REGION", "dfs_region",
	  REGNL_K_U8 },
	{ NL80211_ATTR_USER_REG_HINT_TYPE, "NL80211_ATTR_USER_REG_HINT_TYPE",
	  "hint_type", REGNL_K_U32 },
	{ NL80211_ATTR_SPLIT_WIPHY_DUMP, "NL80211_ATTR_SPLIT_WIPHY_DUMP",
	  "split", REGNL_K_FLAG },
	{ NL80211_ATTR_SOCKET_OWNER, "NL80211_ATTR_SOCKET_OWNER",
	  "socket_owner", REGNL_K_FLAG },
	{ NL80211_ATTR_REG_INDOOR, "NL80211_ATTR_REG_INDOOR", "reg_indoor",
	  REGNL_K_FLAG },
	{ NL80211_ATTR_WIPHY_SELF_MANAGED_REG,
	  "NL80211_ATTR_WIPHY_SELF_MANAGED_REG", "self_managed",
	  REGNL_K_FLAG },
};

static const struct regnl_attr_info rule_attrs[] = {
	{ NL80211_ATTR_REG_RULE_FLAGS, "NL80211_ATTR_REG_RULE_FLAGS", "flags",
	  REGNL_K_U32 },
	{ NL80211_ATTR_FREQ_RANGE_START, "NL80211_ATTR_FREQ_RANGE_START",
	  "start", REGNL_K_U32 },
	{ NL80211_ATTR_FREQ_RANGE_END, "NL80211_ATTR_FREQ_RANGE_END", "end",
	  REGNL_K_U32 },
	{ NL80211_ATTR_FREQ_RANGE_MAX_BW, "NL80211_ATTR_FREQ_RANGE_MAX_BW",
	  "max_bw", REGNL_K_U32 },
	{ NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN,
	  "NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN", "gain", REGNL_K_U32 },
	{ NL80211_ATTR_POWER_RULE_MAX_EIRP, "NL80211_ATTR_POWER_RULE_MAX_EIRP",
	  "eirp", REGNL_K_U32 },
	{ NL80211_ATTR_DFS_CAC_TIME, "NL80211_ATTR_DFS_CAC_TIME", "cac",
	  REGNL_K_U32 },
};

const char *regnl_cmd_name(unsigned int cmd)
{
	size_t i;

	for (i = 0; i < REGNL_ARRAY_SIZE(commands); i++)
		if (commands[i].cmd == cmd)
			return commands[i].name;
	return NULL;
}

/* name equals full (case ignored), or full without its prefix. */
static bool name_matches(const char *name, const char *full,
			 const char *prefix)
{
	size_t pl = strlen(prefix);

	if (!strcasecmp(name, full))
		return true;
	return !strncmp(full, prefix, pl) && !strcasecmp(name, full + pl);
}

int regnl_cmd_lookup(const char *name)
{
	size_t i;

	for (i = 0; i < REGNL_ARRAY_SIZE(commands); i++)
		if (name_matches(name, commands[i].name, "NL80211_CMD_"))
			return (int)commands[i].cmd;
	return -1;
}

static const struct regnl_attr_info *table(enum regnl_attr_space sp,
					   size_t *n)
{
	if (sp == REGNL_SPACE_RULE) {
		*n = REGNL_ARRAY_SIZE(rule_attrs);
		return rule_attrs;
	}
	*n = REGNL_ARRAY_SIZE(top_attrs);
	return top_attrs;
}

const struct regnl_attr_info *regnl_attr_lookup(enum regnl_attr_space sp,
						const char *name)
{
	const struct regnl_attr_info *t;
	size_t i, n;

	t = table(sp, &n);
	for (i = 0; i < n; i++)
		if (name_matches(name, t[i].name, "NL80211_ATTR_") ||
		    (t[i].alias && !strcasecmp(name, t[i].alias)))
			return &t[i];
	return NULL;
}

const struct regnl_attr_info *regnl_attr_by_type(enum regnl_attr_space sp,
						 unsigned int type)
{
	const struct regnl_attr_info *t;
	size_t i, n;

	t = table(sp, &n);
	for (i = 0; i < n; i++)
		if (t[i].type == type)
			return &t[i];
	return NULL;
}

const struct regnl_attr_info *regnl_attr_nth(enum regnl_attr_space sp,
					     size_t i)
{
	const struct regnl_attr_info *t;
	size_t n;

	t = table(sp, &n);
	return i < n ? &t[i] : NULL;
}
