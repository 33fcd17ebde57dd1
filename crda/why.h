/* SPDX-License-Identifier: GPL-2.0 */
/*
 * why.h - `regctl why` (why.c): why a channel of a radio has its flags
 * and power, from regcore's own answer (REGCORE_OP_WHY).
 */
#ifndef REGCORE_WHY_H
#define REGCORE_WHY_H

#include <stdbool.h>
#include <stdio.h>

#include "nl/regnl.h"

/* Exit status of `why --width W` when W is not allowed there. */
#define REGCTL_EXIT_NOT_ALLOWED 10

/* What `regctl why` was asked. */
struct regctl_why_req {
	const char *phy;	/* a radio's name, or phy#INDEX */
	const char *chan;	/* a channel number, a frequency in MHz
				 * (decimals for kHz), or "all"
				 */
	unsigned int width;	/* 0, or 20, 40, 80, 160, 320: say only that */
	bool json;		/* one JSON object per channel and line */
};

/*
 * Answer q on nl (the regcore family). Returns an exit status: 0; 1 when
 * something failed (said on err; *st holds a netlink failure, if that was
 * it, with st->kind set); REGCTL_EXIT_NOT_ALLOWED when q->width is not
 * allowed on the channel.
 */
int regctl_why(FILE *out, FILE *err, struct regnl *nl,
	       const struct regctl_why_req *q, struct regnl_status *st);

/*
 * Parse a channel argument against a radio's channels: a frequency in
 * MHz (with up to three decimals; any number from 800 up) or a channel
 * number (unique among the radio's channels). Returns 0 and *khz, or -ENOENT (not a channel of the
 * radio), -EINVAL (not a number), -EEXIST (a channel number several
 * bands have: *khz is one of them).
 */
int regctl_why_parse_chan(const struct regnl_wiphy *w, const char *s,
			  uint32_t *khz);

#endif /* REGCORE_WHY_H */
