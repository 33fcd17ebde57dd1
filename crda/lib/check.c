// SPDX-License-Identifier: GPL-2.0
/*
 * check.c - the structural checks both binary formats share: structures
 * must not overlap, country codes must be valid, rules must make sense.
 * Each check is small and pure and runs before a value is used.
 */
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

int rdb_spans_init(struct rdb_spans *s, size_t len, const char *file,
		   const char *const *kind_names, char **err)
{
	s->map = calloc(len ? len : 1, 1);
	s->len = len;
	s->file = file;
	s->kind_names = kind_names;
	s->err = err;
	return s->map ? 0 : rdb_err(err, file, "out of memory");
}

int rdb_spans_add(struct rdb_spans *s, size_t off, size_t len, int kind)
{
	unsigned char mark = (unsigned char)(kind + 1);
	size_t i;

	if (off > s->len || len > s->len - off || !len)
		return rdb_err_at(s->err, s->file, off,
				  "%s of %zu bytes does not fit in the file",
				  s->kind_names[kind], len);
	if (s->map[off] == (mark | 0x80))
		return 0;	/* the same structure, referenced again */
	for (i = off; i < off + len; i++) {
		size_t start = i;

		if (!s->map[i])
			continue;
		while (start > 0 && !(s->map[start] & 0x80))
			start--;
		return rdb_err_at(s->err, s->file, off,
				  "%s overlaps the %s at byte %zu",
				  s->kind_names[kind],
				  s->kind_names[(s->map[i] & 0x7f) - 1], start);
	}
	memset(s->map + off, mark, len);
	s->map[off] |= 0x80;
	return 0;
}

void rdb_spans_free(struct rdb_spans *s)
{
	free(s->map);
	s->map = NULL;
}

int rdb_rule_check(const struct regdom_rule *r, const char *file, size_t off,
		   char **err)
{
	if (r->start_khz == 0)
		return rdb_err_at(err, file, off, "rule starts at 0 kHz");
	if (r->start_khz >= r->end_khz)
		return rdb_err_at(err, file, off,
				  "rule range %u - %u kHz is empty or inverted",
				  r->start_khz, r->end_khz);
	/*
	 * AUTO-BW lets cfg80211 merge adjacent rules when it computes
	 * channels, but its is_valid_reg_rule() (6.1) refuses a rule whose
	 * bandwidth exceeds its own range, AUTO-BW or not: such a domain
	 * would be refused by the kernel, so it is refused here.
	 */
	if (r->max_bw_khz > r->end_khz - r->start_khz)
		return rdb_err_at(err, file, off,
				  "rule (%u - %u @ %u kHz%s): bandwidth %u kHz is wider than the range %u - %u kHz (the kernel refuses it%s)",
				  r->start_khz, r->end_khz, r->max_bw_khz,
				  (r->flags & NL80211_RRF_AUTO_BW) ? ", AUTO-BW" : "",
				  r->max_bw_khz, r->start_khz, r->end_khz,
				  (r->flags & NL80211_RRF_AUTO_BW) ?
				  ", AUTO-BW or not" : "");
	return 0;
}

int rdb_decode_table(const char *file, const unsigned char *buf, size_t len,
		     size_t table, size_t n, size_t stride,
		     rdb_decode_country_fn decode, struct rdb_spans *spans,
		     struct regdom **countries, size_t *n_out, char **err)
{
	struct regdom *v = calloc(n, sizeof(*v));
	size_t i;

	if (!v) {
		rdb_err(err, file, "out of memory");
		goto fail;
	}
	for (i = 0; i < n; i++) {
		size_t at = table + stride * i;

		if (decode(file, buf, len, at, &v[i], spans, err))
			goto fail;
		if (i && memcmp(v[i - 1].alpha2, v[i].alpha2, 2) >= 0) {
			rdb_err_at(err, file, at,
				   "country %s is not after %s: the table must be sorted and unique",
				   v[i].alpha2, v[i - 1].alpha2);
			goto fail;
		}
	}
	rdb_spans_free(spans);
	*countries = v;
	*n_out = n;
	return 0;
fail:
	rdb_spans_free(spans);
	rdb_regdoms_free(v, n);
	return -1;
}

void rdb_regdoms_free(struct regdom *v, size_t n)
{
	size_t i;

	if (!v)
		return;
	for (i = 0; i < n; i++)
		free(v[i].rules);
	free(v);
}

const struct rdb_flag_name rdb_flag_names[] = {
	{ "NO-OFDM", RDB_F_NO_OFDM },
	{ "NO-CCK", RDB_F_NO_CCK },
	{ "NO-INDOOR", RDB_F_NO_INDOOR },
	{ "NO-OUTDOOR", RDB_F_NO_OUTDOOR },
	{ "DFS", RDB_F_DFS },
	{ "PTP-ONLY", RDB_F_PTP_ONLY },
	{ "PTMP-ONLY", RDB_F_PTMP_ONLY },
	{ "NO-IR", RDB_F_NO_IR },
	{ "NO-HT40", RDB_F_NO_HT40 },
	{ "AUTO-BW", RDB_F_AUTO_BW },
};
const size_t rdb_flag_names_count =
	sizeof(rdb_flag_names) / sizeof(rdb_flag_names[0]);

/*
 * db.txt bits are nl80211's for bits 0-7 and 11. Bit 8 (old NO-IBSS) means
 * NO-IR; dbparse.py's NO-HT40 (bit 10) is nl80211's HT40- and HT40+.
 */
#define RDB_SAME_BITS 0x8ffu

uint32_t rdb_flags_txt_to_nl(uint32_t txt)
{
	uint32_t nl = txt & RDB_SAME_BITS;

	if (txt & RDB_F_NO_IBSS_OLD)
		nl |= NL80211_RRF_NO_IR;
	if (txt & RDB_F_NO_HT40)
		nl |= NL80211_RRF_NO_HT40MINUS | NL80211_RRF_NO_HT40PLUS;
	return nl;
}

uint32_t rdb_flags_nl_to_txt(uint32_t nl)
{
	uint32_t txt = nl & RDB_SAME_BITS;

	if ((nl & NL80211_RRF_NO_HT40MINUS) && (nl & NL80211_RRF_NO_HT40PLUS))
		txt |= RDB_F_NO_HT40;
	return txt;
}
