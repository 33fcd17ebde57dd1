// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c - what differs between two domains, rule by rule, for
 * "regdb diff". A rule is the same when every value the database formats
 * store for it is; one that kept its frequency range but not its other
 * values is changed; the rest were added or removed.
 */
#include <stdlib.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

static bool wmm_ac_equal(const struct regdom_wmm_ac *a,
			 const struct regdom_wmm_ac *b)
{
	return a->cw_min == b->cw_min && a->cw_max == b->cw_max &&
	       a->aifsn == b->aifsn && a->cot == b->cot;
}

bool regdom_wmm_equal(const struct regdom_rule *a, const struct regdom_rule *b)
{
	unsigned int i;

	if (a->has_wmm != b->has_wmm)
		return false;
	if (!a->has_wmm)
		return true;
	for (i = 0; i < REGDOM_NUM_ACS; i++)
		if (!wmm_ac_equal(&a->wmm.client[i], &b->wmm.client[i]) ||
		    !wmm_ac_equal(&a->wmm.ap[i], &b->wmm.ap[i]))
			return false;
	return true;
}

/* The flags a version 20 file can hold (its rule flags byte). */
#define V20_FLAGS (NL80211_RRF_NO_OFDM | NL80211_RRF_NO_OUTDOOR | \
		   NL80211_RRF_DFS | NL80211_RRF_NO_IR_ALL | NL80211_RRF_AUTO_BW)

void regdom_cmp_for(struct regdom_cmp *cmp, int old_version, int new_version)
{
	/* two files of one format hold the same fields: all compared */
	bool mixed = old_version != new_version;

	cmp->wmm = !mixed;
	cmp->cac = !mixed;
	cmp->gain = !mixed;
	cmp->flags = mixed ? V20_FLAGS : ~0u;
}

bool regdom_rule_same(const struct regdom_rule *a, const struct regdom_rule *b,
		      const struct regdom_cmp *cmp)
{
	return a->start_khz == b->start_khz && a->end_khz == b->end_khz &&
	       a->max_bw_khz == b->max_bw_khz &&
	       (!cmp->gain || a->max_ant_gain_mbi == b->max_ant_gain_mbi) &&
	       a->max_eirp_mbm == b->max_eirp_mbm &&
	       !((a->flags ^ b->flags) & cmp->flags) &&
	       (!cmp->cac || a->dfs_cac_ms == b->dfs_cac_ms) &&
	       (!cmp->wmm || regdom_wmm_equal(a, b));
}

/* Where a change's rule stands: its own array, and its place there. */
static const struct regdom_rule *change_rule(const struct regdom_rule_change *c)
{
	return c->old ? c->old : c->new;
}

/*
 * Changes in frequency order; at one range, the removed before the
 * changed before the added; among equals, in the order of their array
 * (the rules of one kind at one range all point into the same one).
 */
static int change_cmp(const void *pa, const void *pb)
{
	const struct regdom_rule_change *a = pa, *b = pb;
	const struct regdom_rule *ra = change_rule(a), *rb = change_rule(b);

	if (ra->start_khz != rb->start_khz)
		return ra->start_khz < rb->start_khz ? -1 : 1;
	if (ra->end_khz != rb->end_khz)
		return ra->end_khz < rb->end_khz ? -1 : 1;
	if (a->change != b->change)
		return (int)a->change - (int)b->change;
	return ra < rb ? -1 : ra > rb;
}

int regdom_diff(const struct regdom *old, const struct regdom *new,
		const struct regdom_cmp *cmp, struct regdom_rule_change **out,
		size_t *n)
{
	unsigned int n_old = old ? old->n_rules : 0;
	unsigned int n_new = new ? new->n_rules : 0;
	struct regdom_rule_change *c;
	bool *used_old, *used_new;
	unsigned int i, j;
	size_t k = 0;
	int same = 0;

	*out = NULL;
	*n = 0;
	c = calloc((size_t)n_old + n_new + 1, sizeof(*c));
	used_old = calloc((size_t)n_old + 1, sizeof(*used_old));
	used_new = calloc((size_t)n_new + 1, sizeof(*used_new));
	if (!c || !used_old || !used_new) {
		free(c);
		free(used_old);
		free(used_new);
		return -1;
	}
	/* The same rule in both, wherever it stands in each. */
	for (i = 0; i < n_old; i++)
		for (j = 0; j < n_new; j++)
			if (!used_new[j] &&
			    regdom_rule_same(&old->rules[i], &new->rules[j],
					     cmp)) {
				used_old[i] = used_new[j] = true;
				same++;
				break;
			}
	/* The same range with other values. */
	for (i = 0; i < n_old; i++)
		for (j = 0; j < n_new && !used_old[i]; j++)
			if (!used_new[j] &&
			    old->rules[i].start_khz == new->rules[j].start_khz &&
			    old->rules[i].end_khz == new->rules[j].end_khz) {
				used_old[i] = used_new[j] = true;
				c[k++] = (struct regdom_rule_change){
					REGDOM_RULE_CHANGED, &old->rules[i],
					&new->rules[j] };
			}
	for (i = 0; i < n_old; i++)
		if (!used_old[i])
			c[k++] = (struct regdom_rule_change){
				REGDOM_RULE_REMOVED, &old->rules[i], NULL };
	for (j = 0; j < n_new; j++)
		if (!used_new[j])
			c[k++] = (struct regdom_rule_change){
				REGDOM_RULE_ADDED, NULL, &new->rules[j] };
	free(used_old);
	free(used_new);
	qsort(c, k, sizeof(*c), change_cmp);
	*out = c;
	*n = k;
	return same;
}
