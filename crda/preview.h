/* SPDX-License-Identifier: GPL-2.0 */
/*
 * preview.h - `regctl diff XX` and `regctl set XX --dry-run`
 * (preview.c): what a user's country would do to every radio, channel by
 * channel, computed by regcore (REGCORE_OP_PREVIEW) and not applied.
 */
#ifndef REGCORE_PREVIEW_H
#define REGCORE_PREVIEW_H

#include <stdbool.h>
#include <stdio.h>

#include "nl/regnl.h"

/* Exit status when the country is in no database regcore would use. */
#define REGCTL_EXIT_PREVIEW_NO_RULES 8

/* What `regctl diff` was asked. */
struct regctl_preview_req {
	const char *alpha2;
	bool cell_base;
	bool json;
	/* where regcore gets rules: "crda", "firmware" or "auto" (its regdb
	 * parameter); NULL: read it from /sys/module/regcore/parameters
	 */
	const char *source;
	/* crda's database, NULL for the first of REGDB_DEFAULT_DBS */
	const char *db;
};

/*
 * Answer q on nl (the regcore family). Returns an exit status: 0; 1 when
 * something failed (said on err, or *st holds the netlink failure when
 * the return is -1); REGCTL_EXIT_PREVIEW_NO_RULES.
 */
int regctl_preview(FILE *out, FILE *err, struct regnl *nl,
		   const struct regctl_preview_req *q, struct regnl_status *st);

#endif /* REGCORE_PREVIEW_H */
