// SPDX-License-Identifier: GPL-2.0
/*
 * fmt19.c - regulatory.bin, version 19: validation and decoding.
 *
 * Layout (all big-endian, every structure 4-byte aligned, every pointer an
 * offset from the start of the file into the signed part):
 *   header      magic "RGDB", version 19, country table offset, country
 *               count, signature length (the signature ends the file)
 *   country     alpha2[2], pad (0), DFS region, collection offset
 *   collection  rule count, then that many rule offsets
 *   rule        frequency range offset, power rule offset, flags
 *   freq range  start, end, max bandwidth (kHz)
 *   power rule  max antenna gain (mBi), max EIRP (mBm)
 */
#include <stdlib.h>
#include <string.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

enum { K_HEADER, K_COUNTRIES, K_COLL, K_RULE, K_FREQ, K_POWER };
static const char *const kind_names[] = {
	"header", "country table", "rule collection", "rule",
	"frequency range", "power rule",
};

#define HDR_LEN 20u

int rdb_v19_header(const char *file, const unsigned char *buf, size_t len,
		   size_t *dblen, char **err)
{
	uint32_t siglen;

	if (len < HDR_LEN)
		return rdb_err_at(err, file, len,
				  "file ends inside the %u-byte header", HDR_LEN);
	if (rdb_be32(buf) != RDB_MAGIC)
		return rdb_err_at(err, file, 0, "bad magic (not RGDB)");
	if (rdb_be32(buf + 4) != 19)
		return rdb_err_at(err, file, 4, "version %u, expected 19",
				  rdb_be32(buf + 4));
	siglen = rdb_be32(buf + 16);
	if (siglen == 0)
		return rdb_err_at(err, file, 16, "the database is not signed");
	if (siglen > len - HDR_LEN)
		return rdb_err_at(err, file, 16,
				  "signature length %u exceeds the %zu bytes after the header",
				  siglen, len - HDR_LEN);
	*dblen = len - siglen;
	return 0;
}

/* The struct of @size bytes at @off lies in [HDR_LEN, dblen), aligned. */
static int in_file(const char *file, size_t dblen, size_t at, uint32_t off,
		   size_t size, const char *what, char **err)
{
	if (off % 4)
		return rdb_err_at(err, file, at,
				  "%s offset %u is not 4-byte aligned", what, off);
	if (off < HDR_LEN || off > dblen || size > dblen - off)
		return rdb_err_at(err, file, at,
				  "%s at %u (%zu bytes) is outside the signed data (%zu bytes)",
				  what, off, size, dblen);
	return 0;
}

static int decode_rule(const char *file, const unsigned char *buf,
		       size_t dblen, uint32_t off, struct regdom_rule *r,
		       struct rdb_spans *spans, char **err)
{
	uint32_t fptr = rdb_be32(buf + off), pptr = rdb_be32(buf + off + 4);
	uint32_t flags = rdb_be32(buf + off + 8);

	if (in_file(file, dblen, off, fptr, 12, "frequency range", err) ||
	    in_file(file, dblen, off + 4, pptr, 8, "power rule", err))
		return -1;
	if (flags & ~RDB_V19_KNOWN_FLAGS)
		return rdb_err_at(err, file, off + 8, "unknown rule flags 0x%x",
				  flags & ~RDB_V19_KNOWN_FLAGS);
	if (rdb_spans_add(spans, fptr, 12, K_FREQ) ||
	    rdb_spans_add(spans, pptr, 8, K_POWER))
		return -1;
	memset(r, 0, sizeof(*r));
	r->start_khz = rdb_be32(buf + fptr);
	r->end_khz = rdb_be32(buf + fptr + 4);
	r->max_bw_khz = rdb_be32(buf + fptr + 8);
	r->max_ant_gain_mbi = rdb_be32(buf + pptr);
	r->max_eirp_mbm = rdb_be32(buf + pptr + 4);
	r->flags = rdb_flags_txt_to_nl(flags);
	return rdb_rule_check(r, file, fptr, err);
}

static int decode_country(const char *file, const unsigned char *buf,
			  size_t dblen, size_t at, struct regdom *rd,
			  struct rdb_spans *spans, char **err)
{
	const unsigned char *c = buf + at;
	uint32_t cptr = rdb_be32(c + 4), n, i;

	if (!regdom_alpha2_bytes_valid((const char *)c))
		return rdb_err_at(err, file, at,
				  "country code 0x%02x%02x is not two capital letters or 00",
				  c[0], c[1]);
	if (c[2] != 0)
		return rdb_err_at(err, file, at + 2, "pad byte is 0x%02x, not 0",
				  c[2]);
	if (c[3] > NL80211_DFS_JP)
		return rdb_err_at(err, file, at + 3,
				  "unknown DFS region %u", c[3]);
	if (in_file(file, dblen, at + 4, cptr, 4, "rule collection", err))
		return -1;
	n = rdb_be32(buf + cptr);
	if (n == 0)
		return rdb_err_at(err, file, cptr, "country %.2s has no rules",
				  (const char *)c);
	if (n > (dblen - cptr - 4) / 4)
		return rdb_err_at(err, file, cptr,
				  "rule count %u runs past the signed data", n);
	if (rdb_spans_add(spans, cptr, 4 + 4 * (size_t)n, K_COLL))
		return -1;

	memcpy(rd->alpha2, c, 2);
	rd->alpha2[2] = 0;
	rd->dfs_region = c[3];
	rd->rules = calloc(n, sizeof(*rd->rules));
	if (!rd->rules)
		return rdb_err(err, file, "out of memory");
	rd->n_rules = n;
	for (i = 0; i < n; i++) {
		size_t at_ptr = cptr + 4 + 4 * (size_t)i;
		uint32_t rptr = rdb_be32(buf + at_ptr);

		if (in_file(file, dblen, at_ptr, rptr, 12, "rule", err) ||
		    rdb_spans_add(spans, rptr, 12, K_RULE) ||
		    decode_rule(file, buf, dblen, rptr, &rd->rules[i], spans,
				err))
			return -1;
	}
	return 0;
}

int rdb_v19_parse(const char *file, const unsigned char *buf, size_t dblen,
		  struct regdom **countries, size_t *n_out, char **err)
{
	struct rdb_spans spans = { 0 };
	uint32_t ptr, n;

	*countries = NULL;
	*n_out = 0;
	if (dblen < HDR_LEN)
		return rdb_err_at(err, file, dblen, "signed data ends inside the header");
	ptr = rdb_be32(buf + 8);
	n = rdb_be32(buf + 12);
	if (n == 0)
		return rdb_err_at(err, file, 12, "no countries");
	if (n > dblen / 8)
		return rdb_err_at(err, file, 12, "country count %u is too large", n);
	if (in_file(file, dblen, 8, ptr, 8 * (size_t)n, "country table", err))
		return -1;
	if (rdb_spans_init(&spans, dblen, file, kind_names, err))
		return -1;
	if (rdb_spans_add(&spans, 0, HDR_LEN, K_HEADER) ||
	    rdb_spans_add(&spans, ptr, 8 * (size_t)n, K_COUNTRIES)) {
		rdb_spans_free(&spans);
		return -1;
	}
	return rdb_decode_table(file, buf, dblen, ptr, n, 8, decode_country,
				&spans, countries, n_out, err);
}
