// SPDX-License-Identifier: GPL-2.0
/*
 * regcore: the parser of the firmware database, regulatory.db.
 *
 * The format is wireless-regdb's "version 20", the one cfg80211 reads
 * since Linux 4.15. Every number is big-endian; every pointer is a 16-bit
 * count of 4-byte units from the start of the file:
 *
 *   header      magic "RGDB" (u32), version 20 (u32)
 *   countries   from byte 8: { alpha2[2], collection pointer (u16) } each,
 *               up to an entry whose pointer is 0
 *   collection  len (u8, at least 3), number of rules (u8), DFS region
 *               (u8), up to len bytes in all; then, from the first even
 *               offset at or after len, a u16 rule pointer for each
 *   rule        len (u8, at least 16), flags (u8), max EIRP mBm (u16),
 *               start, end, max bandwidth kHz (u32 each); if len reaches
 *               them, CAC time in seconds (u16) and a WMM pointer (u16)
 *   WMM rule    4 client then 4 AP access categories, each
 *               { ecw (u8: CWmin exponent high nibble, CWmax low), AIFSN
 *               (u8), occupancy time ms (u16) }
 *
 * The file comes from disk, so it is read as hostile even once its
 * signature has been checked (a trusted key may have signed a broken
 * file): regcore_regdb_check() walks every structure once, checking each
 * offset and length against the size before anything is read from it,
 * and refuses the file with the offset and the reason of its first
 * fault. That offset is never past the end of the file (it is the size
 * itself only for a country table that runs into the end): a pointer
 * that leads past the end is reported where the pointer is. What it
 * accepts, regcore_regdb_query() can read without further checks, but
 * checks again anyway, so that it is safe on its own (the KUnit tests
 * call it on images the check never saw).
 *
 * Unlike cfg80211, a country table that is not ended within the file, a
 * collection without rules, a DFS region nl80211 does not know, a WMM
 * occupancy time nl80211's u16 of microseconds cannot carry and a country
 * code that is not two capital letters or "00" are refused too. Unknown
 * rule flag bits are ignored, as cfg80211 ignores them.
 *
 * Everything here is pure: no locks, no state.
 */
#define pr_fmt(fmt) "regcore: " fmt

#include <linux/bits.h>
#include <linux/err.h>
#include <linux/kernel.h>
#include <linux/string.h>

#include "core.h"

#define REGDB_MAGIC		0x52474442	/* "RGDB" */
#define REGDB_VERSION		20
#define REGDB_HEADER_LEN	8
#define REGDB_COUNTRY_LEN	4
/* The mandatory bytes of a collection and of a rule, and the rule bytes
 * that carry the optional CAC time and WMM pointer.
 */
#define REGDB_COLL_MIN_LEN	3
#define REGDB_RULE_MIN_LEN	16
#define REGDB_RULE_CAC_END	18
#define REGDB_RULE_WMM_END	20
#define REGDB_WMM_AC_LEN	4
#define REGDB_WMM_LEN		(2 * REGCORE_NUM_ACS * REGDB_WMM_AC_LEN)

/* Rule flags of the file, and the nl80211 flags they stand for. */
#define REGDB_FLAG_NO_OFDM	BIT(0)
#define REGDB_FLAG_NO_OUTDOOR	BIT(1)
#define REGDB_FLAG_DFS		BIT(2)
#define REGDB_FLAG_NO_IR	BIT(3)
#define REGDB_FLAG_AUTO_BW	BIT(4)

/* The longest occupancy time nl80211's u16 of microseconds can carry. */
#define REGDB_MAX_COT_MS	(U16_MAX / 1000)

static u16 regdb_be16(const u8 *p)
{
	return (u16)p[0] << 8 | p[1];
}

static u32 regdb_be32(const u8 *p)
{
	return (u32)p[0] << 24 | (u32)p[1] << 16 | (u32)p[2] << 8 | p[3];
}

/* Set @err to the fault at @offset and return false. */
static bool regdb_fault(struct regcore_regdb_error *err, size_t offset,
			const char *reason)
{
	if (err) {
		err->offset = offset;
		err->reason = reason;
	}
	return false;
}

/* Is there room for @len bytes at @offset in a file of @size bytes? */
static bool regdb_fits(size_t size, size_t offset, size_t len)
{
	return offset <= size && len <= size - offset;
}

/* A WMM rule: in the file, and each contention window range non-empty
 * with an AIFSN of at least 1 (as cfg80211's valid_wmm()).
 */
static bool regdb_check_wmm(const u8 *data, size_t size, size_t from,
			    struct regcore_regdb_error *err)
{
	size_t off = (size_t)regdb_be16(data + from) << 2;
	unsigned int i;

	if (off >= size)
		return regdb_fault(err, from, "WMM rule pointer leads past the end of the file");
	if (!regdb_fits(size, off, REGDB_WMM_LEN))
		return regdb_fault(err, off, "WMM rule runs past the end of the file");
	for (i = 0; i < 2 * REGCORE_NUM_ACS; i++) {
		const u8 *ac = data + off + i * REGDB_WMM_AC_LEN;

		if ((ac[0] >> 4) >= (ac[0] & 0xf))
			return regdb_fault(err, off + i * REGDB_WMM_AC_LEN,
					   "WMM rule: CWmin not below CWmax");
		if (!ac[1])
			return regdb_fault(err, off + i * REGDB_WMM_AC_LEN + 1,
					   "WMM rule: AIFSN 0");
		if (regdb_be16(ac + 2) > REGDB_MAX_COT_MS)
			return regdb_fault(err, off + i * REGDB_WMM_AC_LEN + 2,
					   "WMM rule: occupancy time over 65 ms");
	}
	return true;
}

static bool regdb_check_rule(const u8 *data, size_t size, size_t from,
			     struct regcore_regdb_error *err)
{
	size_t off = (size_t)regdb_be16(data + from) << 2;
	u8 len;

	if (off >= size)
		return regdb_fault(err, from, "rule pointer leads past the end of the file");
	len = data[off];
	if (len < REGDB_RULE_MIN_LEN)
		return regdb_fault(err, off, "rule shorter than 16 bytes");
	if (!regdb_fits(size, off, len))
		return regdb_fault(err, off, "rule runs past the end of the file");
	if (len >= REGDB_RULE_WMM_END)
		return regdb_check_wmm(data, size, off + 18, err);
	return true;
}

/* Where a collection's rule pointers start, from its length byte. */
static size_t regdb_rule_ptrs(size_t coll, u8 len)
{
	return coll + ALIGN(len, 2);
}

static bool regdb_check_collection(const u8 *data, size_t size, size_t from,
				   struct regcore_regdb_error *err)
{
	size_t off = (size_t)regdb_be16(data + from) << 2;
	size_t ptrs;
	u8 n_rules;
	unsigned int i;

	if (off >= size)
		return regdb_fault(err, from, "collection pointer leads past the end of the file");
	if (!regdb_fits(size, off, REGDB_COLL_MIN_LEN))
		return regdb_fault(err, off, "collection runs past the end of the file");
	if (data[off] < REGDB_COLL_MIN_LEN)
		return regdb_fault(err, off, "collection shorter than 3 bytes");
	n_rules = data[off + 1];
	if (!n_rules)
		return regdb_fault(err, off + 1, "collection without rules");
	if (data[off + 2] > NL80211_DFS_JP)
		return regdb_fault(err, off + 2, "unknown DFS region");
	ptrs = regdb_rule_ptrs(off, data[off]);
	if (!regdb_fits(size, ptrs, (size_t)n_rules * 2))
		return regdb_fault(err, ptrs < size ? ptrs : off,
				   "rule pointers run past the end of the file");
	for (i = 0; i < n_rules; i++)
		if (!regdb_check_rule(data, size, ptrs + 2 * i, err))
			return false;
	return true;
}

static bool regdb_check_header(const u8 *data, size_t size,
			       struct regcore_regdb_error *err)
{
	if (!regdb_fits(size, 0, REGDB_HEADER_LEN))
		return regdb_fault(err, 0, "shorter than the 8-byte header");
	if (regdb_be32(data) != REGDB_MAGIC)
		return regdb_fault(err, 0, "not a regulatory.db: no RGDB magic");
	if (regdb_be32(data + 4) != REGDB_VERSION)
		return regdb_fault(err, 4, "format version is not 20");
	return true;
}

static bool regdb_alpha2_ok(const u8 *a)
{
	return (a[0] == '0' && a[1] == '0') ||
	       (a[0] >= 'A' && a[0] <= 'Z' && a[1] >= 'A' && a[1] <= 'Z');
}

/**
 * regcore_regdb_check() - is this a well-formed firmware database?
 * @data: the file
 * @size: its size, bytes
 * @err: where the offset and reason of the first fault go (may be NULL)
 *
 * Checks the header and every country, collection, rule and WMM rule the
 * countries lead to. Does not check the signature, nor the rules' values
 * beyond their layout: the domain built from them goes through the same
 * validation as a SET_REG answer.
 *
 * Return: the number of countries, or -EINVAL with @err filled in.
 */
int regcore_regdb_check(const u8 *data, size_t size,
			struct regcore_regdb_error *err)
{
	size_t off;
	int n = 0;

	if (!regdb_check_header(data, size, err))
		return -EINVAL;
	for (off = REGDB_HEADER_LEN;; off += REGDB_COUNTRY_LEN, n++) {
		u16 coll;

		if (!regdb_fits(size, off, REGDB_COUNTRY_LEN)) {
			regdb_fault(err, off, "country table not ended within the file");
			return -EINVAL;
		}
		coll = regdb_be16(data + off + 2);
		if (!coll)
			return n;
		if (!regdb_alpha2_ok(data + off)) {
			regdb_fault(err, off, "country code is not two capital letters or 00");
			return -EINVAL;
		}
		if (!regdb_check_collection(data, size, off + 2, err))
			return -EINVAL;
	}
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdb_check);

static u32 regdb_rule_flags(u8 flags)
{
	u32 rrf = 0;

	if (flags & REGDB_FLAG_NO_OFDM)
		rrf |= NL80211_RRF_NO_OFDM;
	if (flags & REGDB_FLAG_NO_OUTDOOR)
		rrf |= NL80211_RRF_NO_OUTDOOR;
	if (flags & REGDB_FLAG_DFS)
		rrf |= NL80211_RRF_DFS;
	if (flags & REGDB_FLAG_NO_IR)
		rrf |= NL80211_RRF_NO_IR;
	if (flags & REGDB_FLAG_AUTO_BW)
		rrf |= NL80211_RRF_AUTO_BW;
	return rrf;
}

/* 2^exponent - 1: a contention window from its exponent (a nibble). */
static u16 regdb_cw(u8 exponent)
{
	return (1U << exponent) - 1;
}

static void regdb_read_wmm_ac(const u8 *p, struct regcore_wmm_ac *ac)
{
	ac->cw_min = regdb_cw(p[0] >> 4);
	ac->cw_max = regdb_cw(p[0] & 0xf);
	ac->aifsn = p[1];
	ac->cot = regdb_be16(p + 2) * 1000;
}

static void regdb_read_rule(const u8 *data, size_t off,
			    struct regcore_reg_rule *rule)
{
	const u8 *p = data + off;
	unsigned int i;

	memset(rule, 0, sizeof(*rule));
	rule->flags = regdb_rule_flags(p[1]);
	rule->power_rule.max_eirp = regdb_be16(p + 2);
	rule->freq_range.start_freq_khz = regdb_be32(p + 4);
	rule->freq_range.end_freq_khz = regdb_be32(p + 8);
	rule->freq_range.max_bandwidth_khz = regdb_be32(p + 12);
	if (p[0] >= REGDB_RULE_CAC_END)
		rule->dfs_cac_ms = regdb_be16(p + 16) * 1000;
	if (p[0] >= REGDB_RULE_WMM_END) {
		const u8 *wmm = data + ((size_t)regdb_be16(p + 18) << 2);

		for (i = 0; i < REGCORE_NUM_ACS; i++) {
			regdb_read_wmm_ac(wmm + i * REGDB_WMM_AC_LEN,
					  &rule->wmm_rule.client[i]);
			regdb_read_wmm_ac(wmm + (REGCORE_NUM_ACS + i) *
					  REGDB_WMM_AC_LEN,
					  &rule->wmm_rule.ap[i]);
		}
		rule->has_wmm = true;
	}
}

/**
 * regcore_regdb_query() - a country's domain from a firmware database
 * @data: the file
 * @size: its size, bytes
 * @alpha2: the country ("00": the world), two characters
 * @err: where the offset and reason of a fault go (may be NULL)
 *
 * Finds the first entry for @alpha2 and builds its domain: rules in the
 * file's order, antenna gain 0, flags mapped to NL80211_RRF_*, CAC time
 * and WMM limits when the rule has them. Every structure read is checked
 * again as regcore_regdb_check() checks it.
 *
 * Context: process context (allocates with GFP_KERNEL).
 * Return: the domain (the caller frees it with regcore_regdom_free()),
 * ERR_PTR(-ENODATA) when @alpha2 is not in the file (as cfg80211's
 * query_regdb()), ERR_PTR(-EINVAL)
 * with @err filled in for a malformed file, ERR_PTR(-ENOMEM).
 */
struct regcore_regdomain *regcore_regdb_query(const u8 *data, size_t size,
					      const char *alpha2,
					      struct regcore_regdb_error *err)
{
	struct regcore_regdomain *rd;
	size_t off, coll, ptrs;
	unsigned int i;

	if (!regdb_check_header(data, size, err))
		return ERR_PTR(-EINVAL);
	for (off = REGDB_HEADER_LEN;; off += REGDB_COUNTRY_LEN) {
		if (!regdb_fits(size, off, REGDB_COUNTRY_LEN)) {
			regdb_fault(err, off, "country table not ended within the file");
			return ERR_PTR(-EINVAL);
		}
		if (!regdb_be16(data + off + 2))
			return ERR_PTR(-ENODATA);
		if (data[off] == alpha2[0] && data[off + 1] == alpha2[1])
			break;
	}
	coll = (size_t)regdb_be16(data + off + 2) << 2;
	if (!regdb_alpha2_ok(data + off)) {
		regdb_fault(err, off, "country code is not two capital letters or 00");
		return ERR_PTR(-EINVAL);
	}
	if (!regdb_check_collection(data, size, off + 2, err))
		return ERR_PTR(-EINVAL);

	rd = regcore_regdom_alloc(data[coll + 1]);
	if (!rd)
		return ERR_PTR(-ENOMEM);
	rd->alpha2[0] = alpha2[0];
	rd->alpha2[1] = alpha2[1];
	rd->alpha2[2] = '\0';
	rd->dfs_region = data[coll + 2];
	ptrs = regdb_rule_ptrs(coll, data[coll]);
	for (i = 0; i < rd->n_reg_rules; i++)
		regdb_read_rule(data,
				(size_t)regdb_be16(data + ptrs + 2 * i) << 2,
				&rd->reg_rules[i]);
	return rd;
}
EXPORT_SYMBOL_REGCORE_KUNIT(regcore_regdb_query);
