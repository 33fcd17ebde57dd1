// SPDX-License-Identifier: GPL-2.0
/*
 * print.c - the text legacy crda's regdbdump prints, kept byte for byte so
 * that scripts reading it keep working: values go through a float first,
 * as they did there.
 */
#include <linux/nl80211.h>

#include "regdb-int.h"

const char *regdb_dfs_name(unsigned int dfs_region)
{
	switch (dfs_region) {
	case NL80211_DFS_UNSET:
		return "DFS-UNSET";
	case NL80211_DFS_FCC:
		return "DFS-FCC";
	case NL80211_DFS_ETSI:
		return "DFS-ETSI";
	case NL80211_DFS_JP:
		return "DFS-JP";
	default:
		return "DFS-invalid";
	}
}

static void print_rule(FILE *f, const struct regdom_rule *r)
{
	static const struct { uint32_t bits; const char *name; } flags[] = {
		{ NL80211_RRF_NO_OFDM, "NO-OFDM" },
		{ NL80211_RRF_NO_CCK, "NO-CCK" },
		{ NL80211_RRF_NO_INDOOR, "NO-INDOOR" },
		{ NL80211_RRF_NO_OUTDOOR, "NO-OUTDOOR" },
		{ NL80211_RRF_DFS, "DFS" },
		{ NL80211_RRF_PTP_ONLY, "PTP-ONLY" },
		{ NL80211_RRF_PTMP_ONLY, "PTMP-ONLY" },
		{ NL80211_RRF_NO_IR_ALL, "NO-IR" },
		{ NL80211_RRF_AUTO_BW, "AUTO-BW" },
	};
	size_t i;

	fprintf(f, "\t(%.3f - %.3f @ %.3f), ",
		(float)r->start_khz / 1000.0, (float)r->end_khz / 1000.0,
		(float)r->max_bw_khz / 1000.0);
	if (r->max_eirp_mbm)
		fprintf(f, "(%.2f)", (float)r->max_eirp_mbm / 100.0);
	else
		fprintf(f, "(N/A)");
	if (r->dfs_cac_ms)
		fprintf(f, ", (%u)", r->dfs_cac_ms);
	else
		fprintf(f, ", (N/A)");
	for (i = 0; i < sizeof(flags) / sizeof(flags[0]); i++)
		if (r->flags & flags[i].bits)
			fprintf(f, ", %s", flags[i].name);
	fputc('\n', f);
}

void regdom_print(FILE *f, const struct regdom *rd)
{
	unsigned int i;

	fprintf(f, "country %.2s: %s\n", rd->alpha2,
		regdb_dfs_name(rd->dfs_region));
	for (i = 0; i < rd->n_rules; i++)
		print_rule(f, &rd->rules[i]);
	fputc('\n', f);
}

bool regdom_legacy_valid(const struct regdom *rd)
{
	unsigned int i;

	if (!rd->n_rules)
		return false;
	for (i = 0; i < rd->n_rules; i++) {
		const struct regdom_rule *r = &rd->rules[i];

		if (!r->start_khz || !r->end_khz || r->start_khz >= r->end_khz ||
		    r->max_bw_khz > r->end_khz - r->start_khz)
			return false;
	}
	return true;
}
