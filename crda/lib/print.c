// SPDX-License-Identifier: GPL-2.0
/*
 * print.c - the text legacy crda's regdbdump prints, kept byte for byte so
 * that scripts reading it keep working: values go through a float first,
 * as they did there.
 */
#include <string.h>

#include <linux/nl80211.h>

#include "regdb-int.h"

/*
 * The legacy text is printf("%.3f", (float)khz / 1000.0) and
 * printf("%.2f", (float)mbm / 100.0). The float of an integer is an
 * integer, and an integer divided by 10^N rounds back to itself at N
 * decimals, so the digits are written directly, two at a time: a whole
 * dump is several times faster than through the floating-point printer.
 */
static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324"
	"25262728293031323334353637383940414243444546474849"
	"50515253545556575859606162636465666768697071727374"
	"75767778798081828384858687888990919293949596979899";

/* The @n decimal digits of @x, with leading zeros, at @p. */
static char *put_digits(char *p, uint32_t x, unsigned int n)
{
	char *end = p + n;

	p = end;
	for (; n >= 2; n -= 2) {
		uint32_t d = x % 100;

		x /= 100;
		p -= 2;
		p[0] = digit_pairs[2 * d];
		p[1] = digit_pairs[2 * d + 1];
	}
	if (n)
		*--p = (char)('0' + x % 10);
	return end;
}

/* @decimals is 3 (kHz to MHz) or 2 (mBm to dBm). */
static char *put_fixed(char *p, uint32_t v, unsigned int decimals)
{
	uint32_t scale = decimals == 3 ? 1000 : 100;
	unsigned long long f = (unsigned long long)(float)v;
	uint32_t whole = (uint32_t)(f / scale), t;
	unsigned int n = 1;

	for (t = whole; t >= 10; t /= 10)
		n++;
	p = put_digits(p, whole, n);
	*p++ = '.';
	return put_digits(p, (uint32_t)(f % scale), decimals);
}

static char *put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	memcpy(p, s, n);
	return p + n;
}

/* The flag words of regdbdump's text, in its order. */
static const struct { uint32_t bits; const char *name; } flag_words[] = {
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
#define N_FLAG_WORDS (sizeof(flag_words) / sizeof(flag_words[0]))

size_t regdom_flag_names(uint32_t flags, const char **names, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < N_FLAG_WORDS; i++)
		if ((flags & flag_words[i].bits) && n < max)
			names[n++] = flag_words[i].name;
	return n;
}

size_t regdom_rule_text(char buf[REGDOM_RULE_TEXT_MAX],
			const struct regdom_rule *r)
{
	char *p = buf;
	size_t i;

	*p++ = '(';
	p = put_fixed(p, r->start_khz, 3);
	p = put_str(p, " - ");
	p = put_fixed(p, r->end_khz, 3);
	p = put_str(p, " @ ");
	p = put_fixed(p, r->max_bw_khz, 3);
	p = put_str(p, "), (");
	p = r->max_eirp_mbm ? put_fixed(p, r->max_eirp_mbm, 2) : put_str(p, "N/A");
	p = put_str(p, "), (");
	if (r->dfs_cac_ms)
		p += sprintf(p, "%u", r->dfs_cac_ms);
	else
		p = put_str(p, "N/A");
	*p++ = ')';
	for (i = 0; i < N_FLAG_WORDS; i++)
		if (r->flags & flag_words[i].bits) {
			p = put_str(p, ", ");
			p = put_str(p, flag_words[i].name);
		}
	*p = '\0';
	return (size_t)(p - buf);
}

static void print_rule(FILE *f, const struct regdom_rule *r)
{
	char line[REGDOM_RULE_TEXT_MAX + 2];
	size_t n;

	line[0] = '\t';
	n = regdom_rule_text(line + 1, r) + 1;
	line[n++] = '\n';
	fwrite(line, 1, n, f);
}

void regdom_print(FILE *f, const struct regdom *rd)
{
	unsigned int i;

	fprintf(f, "country %.2s: %s\n", rd->alpha2,
		regdom_dfs_name(rd->dfs_region));
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

int regdb_dump(const struct regdb *db, FILE *out, FILE *diag)
{
	size_t i;

	for (i = 0; i < regdb_country_count(db); i++) {
		const struct regdom *rd = regdb_country(db, i);

		if (regdom_legacy_valid(rd))
			regdom_print(out, rd);
		else if (diag)
			fprintf(diag, "country %.2s: invalid\n", rd->alpha2);
	}
	return fflush(out) || ferror(out) ? -1 : 0;
}
