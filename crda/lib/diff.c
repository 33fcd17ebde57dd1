// SPDX-License-Identifier: GPL-2.0
/*
 * diff.c - what differs between two domains, rule by rule, for
 * "regdb diff". A rule is the same when every value the database formats
 * store for it is; one that kept its frequency range but not its other
 * values is changed; the rest were added or removed.
 */
#include <stdlib.h>

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

static bool rule_equal(const struct regdom_rule *a,
		       const struct regdom_rule *b, bool wmm)
{
	return a->start_khz == b->start_khz && a->end_khz == b->end_khz &&
	       a->max_bw_khz == b->max_bw_khz &&
	       a->max_ant_gain_mbi == b->max_ant_gain_mbi &&
	       a->max_eirp_mbm == b->max_eirp_mbm && a->flags == b->flags &&
	       a->dfs_cac_ms == b->dfs_cac_ms &&
	       (!wmm || regdom_wmm_equal(a, b));
}

/* Changes in frequency order; at one range, the old rule first. */
static int change_cmp(const void *pa, const void *pb)
{
	const struct regdom_rule_change *a = pa, *b = pb;
	const struct regdom_rule *ra = a->old ? a->old : a->new;
	const struct regdom_rule *rb = b->old ? b->old : b->new;

	if (ra->start_khz != rb->start_khz)
		return ra->start_khz < rb->start_khz ? -1 : 1;
	if (ra->end_khz != rb->end_khz)
		return ra->end_khz < rb->end_khz ? -1 : 1;
	return (int)a->change - (int)b->change;
}

int regdom_diff(const struct regdom *old, const struct regdom *new, bool wmm,
		struct regdom_rule_change **out, size_t *n)
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
			    rule_equal(&old->rules[i], &new->rules[j], wmm)) {
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
