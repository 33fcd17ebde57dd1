// SPDX-License-Identifier: GPL-2.0
/*
 * fmt20.c - regulatory.db, version 20 (the kernel's firmware format):
 * validation and decoding.
 *
 * Layout (big-endian; a "pointer" is a 16-bit count of 4-byte words from
 * the start of the file):
 *   header      magic "RGDB", version 20
 *   countries   alpha2[2], collection pointer; ends with 4 zero bytes
 *   collection  len (>= 3), rule count, DFS region, then at ALIGN(len, 2)
 *               that many 16-bit rule pointers, padded to 4 bytes
 *   rule        len (>= 16), flags (enum fwdb_flags), max EIRP (mBm),
 *               start, end, max bandwidth (kHz); optional: CAC time (s),
 *               WMM pointer
 *   wmm         8 x { ecw (cw_min exponent << 4 | cw_max exponent),
 *               aifsn, cot }: clients VO VI BE BK, then access points
 */
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

enum { K_TABLE, K_COLL, K_RULE, K_WMM };
static const char *const kind_names[] = {
	"header and country table", "rule collection", "rule", "WMM rule",
};

#define WMM_LEN 32u

int rdb_v20_header(const char *file, const unsigned char *buf, size_t len,
		   char **err)
{
	if (len < 8)
		return rdb_err_at(err, file, len, "file ends inside the header");
	if (rdb_be32(buf) != RDB_MAGIC)
		return rdb_err_at(err, file, 0, "bad magic (not RGDB)");
	if (rdb_be32(buf + 4) != 20)
		return rdb_err_at(err, file, 4, "version %u, expected 20",
				  rdb_be32(buf + 4));
	return 0;
}

static int decode_wmm(const char *file, const unsigned char *buf, size_t len,
		      size_t at, uint32_t off, struct regdom_wmm *w,
		      struct rdb_spans *spans, char **err)
{
	unsigned int i;

	if (off > len || WMM_LEN > len - off)
		return rdb_err_at(err, file, at,
				  "WMM rule at %u runs past the end of the file",
				  off);
	if (rdb_spans_add(spans, off, WMM_LEN, K_WMM))
		return -1;
	for (i = 0; i < 2 * REGDOM_NUM_ACS; i++) {
		const unsigned char *p = buf + off + 4 * i;
		struct regdom_wmm_ac *ac = i < REGDOM_NUM_ACS ?
			&w->client[i] : &w->ap[i - REGDOM_NUM_ACS];

		ac->cw_min = (uint16_t)((1u << (p[0] >> 4)) - 1);
		ac->cw_max = (uint16_t)((1u << (p[0] & 15)) - 1);
		ac->aifsn = p[1];
		ac->cot = rdb_be16(p + 2);
		if (ac->cw_min >= ac->cw_max)
			return rdb_err_at(err, file, off + 4 * i,
					  "WMM cw_min %u is not below cw_max %u",
					  ac->cw_min, ac->cw_max);
		if (ac->aifsn < 1)
			return rdb_err_at(err, file, off + 4 * i + 1,
					  "WMM aifsn is 0");
	}
	return 0;
}

static int decode_rule(const char *file, const unsigned char *buf, size_t len,
		       size_t at, uint32_t off, struct regdom_rule *r,
		       struct rdb_spans *spans, char **err)
{
	const unsigned char *p = buf + off;
	unsigned int rlen;

	if (off >= len)
		return rdb_err_at(err, file, at,
				  "rule pointer %u is past the end of the file",
				  off);
	rlen = p[0];
	if (rlen < 16)
		return rdb_err_at(err, file, off,
				  "rule length %u is below the 16 mandatory bytes",
				  rlen);
	if (((rlen + 3u) & ~3u) > len - off)
		return rdb_err_at(err, file, off,
				  "rule of %u bytes runs past the end of the file",
				  rlen);
	if (rdb_spans_add(spans, off, (rlen + 3u) & ~3u, K_RULE))
		return -1;
	if (p[1] & ~RDB_FW_KNOWN_FLAGS)
		return rdb_err_at(err, file, off + 1,
				  "unknown rule flags 0x%x",
				  p[1] & ~RDB_FW_KNOWN_FLAGS);
	memset(r, 0, sizeof(*r));
	r->max_eirp_mbm = rdb_be16(p + 2);
	r->start_khz = rdb_be32(p + 4);
	r->end_khz = rdb_be32(p + 8);
	r->max_bw_khz = rdb_be32(p + 12);
	if (p[1] & RDB_FW_NO_OFDM)
		r->flags |= NL80211_RRF_NO_OFDM;
	if (p[1] & RDB_FW_NO_OUTDOOR)
		r->flags |= NL80211_RRF_NO_OUTDOOR;
	if (p[1] & RDB_FW_DFS)
		r->flags |= NL80211_RRF_DFS;
	if (p[1] & RDB_FW_NO_IR)
		r->flags |= NL80211_RRF_NO_IR;
	if (p[1] & RDB_FW_AUTO_BW)
		r->flags |= NL80211_RRF_AUTO_BW;
	if (rlen >= 18)
		r->dfs_cac_ms = 1000u * rdb_be16(p + 16);
	if (rlen >= 20) {
		r->has_wmm = true;
		if (decode_wmm(file, buf, len, off + 18,
			       (uint32_t)rdb_be16(p + 18) << 2, &r->wmm,
			       spans, err))
			return -1;
	}
	return rdb_rule_check(r, file, off + 4, err);
}

static int decode_country(const char *file, const unsigned char *buf,
			  size_t len, size_t at, struct regdom *rd,
			  struct rdb_spans *spans, char **err)
{
	const unsigned char *c = buf + at;
	size_t off = (size_t)rdb_be16(c + 2) << 2, ptrs, span;
	unsigned int clen, n, i;

	if (!regdom_alpha2_bytes_valid((const char *)c))
		return rdb_err_at(err, file, at,
				  "country code 0x%02x%02x is not two capital letters or 00",
				  c[0], c[1]);
	if (off > len || len - off < 4)
		return rdb_err_at(err, file, at + 2,
				  "collection pointer %zu is past the end of the file",
				  off);
	clen = buf[off];
	n = buf[off + 1];
	if (clen < 3)
		return rdb_err_at(err, file, off,
				  "collection length %u is below 3", clen);
	if (n == 0)
		return rdb_err_at(err, file, off + 1,
				  "country %.2s has no rules", (const char *)c);
	if (buf[off + 2] > NL80211_DFS_JP)
		return rdb_err_at(err, file, off + 2,
				  "unknown DFS region %u", buf[off + 2]);
	ptrs = off + ((clen + 1u) & ~1u);
	span = (((clen + 1u) & ~1u) + 2u * n + 3u) & ~3u;
	if (span > len - off)
		return rdb_err_at(err, file, off,
				  "collection of %u rules runs past the end of the file",
				  n);
	if (rdb_spans_add(spans, off, span, K_COLL))
		return -1;

	memcpy(rd->alpha2, c, 2);
	rd->alpha2[2] = 0;
	rd->dfs_region = buf[off + 2];
	rd->rules = calloc(n, sizeof(*rd->rules));
	if (!rd->rules)
		return rdb_err(err, file, "out of memory");
	rd->n_rules = n;
	for (i = 0; i < n; i++) {
		size_t at_ptr = ptrs + 2 * i;

		if (decode_rule(file, buf, len, at_ptr,
				(uint32_t)rdb_be16(buf + at_ptr) << 2,
				&rd->rules[i], spans, err))
			return -1;
	}
	return 0;
}

int rdb_v20_parse(const char *file, const unsigned char *buf, size_t len,
		  struct regdom **countries, size_t *n_out, char **err)
{
	struct rdb_spans spans = { 0 };
	size_t n = 0, at;

	*countries = NULL;
	*n_out = 0;
	if (rdb_v20_header(file, buf, len, err))
		return -1;
	/* Count the entries up to the terminator first. */
	for (at = 8;; at += 4) {
		if (at > len || len - at < 4)
			return rdb_err_at(err, file, at,
					  "country table has no terminator before the end of the file");
		if (rdb_be16(buf + at + 2) == 0)
			break;
		n++;
	}
	if (buf[at] || buf[at + 1])
		return rdb_err_at(err, file, at,
				  "country table terminator is not 4 zero bytes");
	if (n == 0)
		return rdb_err_at(err, file, 8, "no countries");
	if (rdb_spans_init(&spans, len, file, kind_names, err))
		return -1;
	if (rdb_spans_add(&spans, 0, at + 4, K_TABLE)) {
		rdb_spans_free(&spans);
		return -1;
	}
	return rdb_decode_table(file, buf, len, 8, n, 4, decode_country, &spans,
				countries, n_out, err);
}
