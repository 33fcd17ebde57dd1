// SPDX-License-Identifier: GPL-2.0
/*
 * pem.c - the PEM text armour around DER (RFC 7468): base64 between
 * "-----BEGIN LABEL-----" and "-----END LABEL-----". Only the armour is
 * handled here; what is inside is parsed by libksba.
 */
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

static const char b64[] =
	"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int b64_value(char c)
{
	const char *p;

	if (!c)
		return -1;
	p = strchr(b64, c);
	return p ? (int)(p - b64) : -1;
}

int rdb_base64_decode(const char *in, size_t len, unsigned char **out,
		      size_t *outlen)
{
	unsigned char *o = malloc(len / 4 * 3 + 3);
	uint32_t acc = 0;
	size_t n = 0, i;
	unsigned int bits = 0, pad = 0;

	if (!o)
		return -1;
	for (i = 0; i < len; i++) {
		char c = in[i];
		int v;

		if (c == ' ' || c == '\t' || c == '\r' || c == '\n')
			continue;
		if (c == '=') {
			pad++;
			continue;
		}
		v = b64_value(c);
		if (v < 0 || pad)
			goto bad;
		acc = acc << 6 | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			o[n++] = (unsigned char)(acc >> bits);
		}
	}
	/* Leftover bits must be padding zeros; '=' must complete a quad. */
	if (bits >= 6 || (acc & ((1u << bits) - 1)) || pad > 2 ||
	    (pad && bits / 2 != pad))
		goto bad;
	*out = o;
	*outlen = n;
	return 0;
bad:
	free(o);
	return -1;
}

static const char *find(const char *h, size_t hlen, const char *needle)
{
	size_t n = strlen(needle);

	while (hlen >= n) {
		const char *p = memchr(h, needle[0], hlen - n + 1);

		if (!p)
			return NULL;
		if (!memcmp(p, needle, n))
			return p;
		hlen -= (size_t)(p - h) + 1;
		h = p + 1;
	}
	return NULL;
}

int rdb_pem_next(const char *text, size_t len, size_t *pos, char *label,
		 size_t labelsz, unsigned char **der, size_t *derlen)
{
	static const char begin[] = "-----BEGIN ", dashes[] = "-----";
	const char *p = text + *pos, *end = text + len, *l, *le, *body, *stop;
	char endline[96];
	size_t ln;

	for (;;) {
		p = find(p, (size_t)(end - p), begin);
		if (!p)
			return 1;
		l = p + sizeof(begin) - 1;
		le = find(l, (size_t)(end - l), dashes);
		if (!le)
			return 1;
		ln = (size_t)(le - l);
		if (ln == 0 || ln >= labelsz || ln > 64 || memchr(l, '\n', ln)) {
			p = l;
			continue;
		}
		memcpy(label, l, ln);
		label[ln] = 0;
		body = le + sizeof(dashes) - 1;
		snprintf(endline, sizeof(endline), "-----END %s-----", label);
		stop = find(body, (size_t)(end - body), endline);
		if (!stop)
			return -1;
		*pos = (size_t)(stop - text) + strlen(endline);
		if (rdb_base64_decode(body, (size_t)(stop - body), der, derlen))
			return -1;
		return 0;
	}
}

char *rdb_pem_encode(const char *label, const unsigned char *der, size_t len)
{
	struct rdb_buf b = { 0 };
	size_t i;
	unsigned int col = 0;

	rdb_buf_printf(&b, "-----BEGIN %s-----\n", label);
	for (i = 0; i < len; i += 3) {
		uint32_t v = (uint32_t)der[i] << 16;
		char q[4];

		if (i + 1 < len)
			v |= (uint32_t)der[i + 1] << 8;
		if (i + 2 < len)
			v |= der[i + 2];
		q[0] = b64[v >> 18 & 63];
		q[1] = b64[v >> 12 & 63];
		q[2] = i + 1 < len ? b64[v >> 6 & 63] : '=';
		q[3] = i + 2 < len ? b64[v & 63] : '=';
		rdb_buf_put(&b, q, 4);
		col += 4;
		if (col == 64) {
			rdb_buf_put(&b, "\n", 1);
			col = 0;
		}
	}
	if (col)
		rdb_buf_put(&b, "\n", 1);
	rdb_buf_printf(&b, "-----END %s-----\n", label);
	return (char *)rdb_buf_take(&b, NULL);
}
