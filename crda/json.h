/* SPDX-License-Identifier: GPL-2.0 */
/*
 * json.h - the pieces of JSON output the tools share (regctl's --json in
 * crda/nl/json.c, regdb's in crda/regdb.c): strings escaped as RFC 8259
 * asks, and "key": value pairs written one after the other, the caller
 * keeping a "first" flag per object for the commas.
 */
#ifndef REGCORE_JSON_H
#define REGCORE_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

static inline bool utf8_cont(unsigned char c)
{
	return (c & 0xc0) == 0x80;
}

/*
 * The length of the well-formed UTF-8 sequence at p (1 to 4), or 0 when
 * the bytes there are not one: overlong forms, surrogates and code points
 * above U+10FFFF are not (Unicode table 3-7). p is NUL-terminated, and a
 * NUL is never a continuation byte, so the reads stop at the end.
 */
static inline size_t utf8_len(const unsigned char *p)
{
	unsigned char lo = 0x80, hi = 0xbf;

	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xc2 && p[0] <= 0xdf)
		return utf8_cont(p[1]) ? 2 : 0;
	if (p[0] >= 0xe0 && p[0] <= 0xef) {
		if (p[0] == 0xe0)
			lo = 0xa0;
		else if (p[0] == 0xed)
			hi = 0x9f;
		return p[1] >= lo && p[1] <= hi && utf8_cont(p[2]) ? 3 : 0;
	}
	if (p[0] >= 0xf0 && p[0] <= 0xf4) {
		if (p[0] == 0xf0)
			lo = 0x90;
		else if (p[0] == 0xf4)
			hi = 0x8f;
		return p[1] >= lo && p[1] <= hi && utf8_cont(p[2]) &&
		       utf8_cont(p[3]) ? 4 : 0;
	}
	return 0;
}

/*
 * A JSON string (RFC 8259): '"', '\\' and the controls below 0x20 are
 * escaped, UTF-8 passes through as it is, and each byte that is not part
 * of a well-formed UTF-8 sequence becomes U+FFFD (written "\ufffd"), so
 * the output is always valid UTF-8 and names in UTF-8 read as written.
 */
static inline void json_str(FILE *f, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n;

	fputc('"', f);
	while (*p) {
		n = utf8_len(p);
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else if (n)
			fwrite(p, 1, n, f);
		else
			fputs("\\ufffd", f);
		p += n ? n : 1;
	}
	fputc('"', f);
}

/* "key": "value" with a leading comma unless first. */
static inline void kv_str(FILE *f, bool *first, const char *key, const char *val)
{
	fprintf(f, "%s\"%s\":", *first ? "" : ",", key);
	json_str(f, val);
	*first = false;
}

static inline void kv_u(FILE *f, bool *first, const char *key, unsigned long long v)
{
	fprintf(f, "%s\"%s\":%llu", *first ? "" : ",", key, v);
	*first = false;
}

static inline void kv_bool(FILE *f, bool *first, const char *key, bool v)
{
	fprintf(f, "%s\"%s\":%s", *first ? "" : ",", key, v ? "true" : "false");
	*first = false;
}

#endif /* REGCORE_JSON_H */
