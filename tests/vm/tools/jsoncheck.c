// SPDX-License-Identifier: GPL-2.0
/*
 * jsoncheck - is the input JSON? The tests must prove that `regctl --json`
 * output parses, strictly.
 *
 *   jsoncheck [--lines] [FILE]
 *
 * Reads FILE (or stdin) and checks that it is exactly one JSON value (RFC
 * 8259), or with --lines that every non-empty line is one. Exit 0 when it
 * is, 1 with "jsoncheck: line L, column C: what" when not, 2 on usage or
 * read errors. The host tests include this file for json_check().
 *
 * Why not jq (which the VM has, and which the tests use to read values):
 * jq 1.6, Debian 12's, accepts what RFC 8259 refuses and regctl must never
 * print: invalid UTF-8 in strings (it substitutes U+FFFD silently),
 * numbers with leading zeros ("01") or a bare '.' ("1."), NaN, and empty
 * input. This checker refuses all of them, UTF-8 as RFC 8259 section 8.1
 * and Unicode table 3-7 define it (no overlong forms, no surrogates,
 * nothing past U+10FFFF).
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define JSON_MAX_DEPTH 64

struct json_cursor {
	const char *p, *start, *end;
	const char *why;
	int depth;
};

static bool json_value(struct json_cursor *c);

static void json_ws(struct json_cursor *c)
{
	while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' ||
				 *c->p == '\n' || *c->p == '\r'))
		c->p++;
}

static bool json_fail(struct json_cursor *c, const char *why)
{
	if (!c->why)
		c->why = why;
	return false;
}

static bool json_lit(struct json_cursor *c, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(c->end - c->p) < n || memcmp(c->p, word, n))
		return json_fail(c, "unknown literal");
	c->p += n;
	return true;
}

static bool is_hex(char ch)
{
	return (ch >= '0' && ch <= '9') || (ch >= 'a' && ch <= 'f') ||
	       (ch >= 'A' && ch <= 'F');
}

/*
 * Past one UTF-8 encoded character at c->p (lead byte >= 0x80): decode it
 * and refuse what is not the shortest form of a scalar value.
 */
static bool json_utf8(struct json_cursor *c)
{
	unsigned char lead = (unsigned char)*c->p;
	unsigned long cp;
	int n, i;

	if (lead >= 0xc0 && lead < 0xe0)
		n = 1, cp = lead & 0x1f;
	else if (lead >= 0xe0 && lead < 0xf0)
		n = 2, cp = lead & 0x0f;
	else if (lead >= 0xf0 && lead < 0xf8)
		n = 3, cp = lead & 0x07;
	else
		return json_fail(c, "not UTF-8: bad lead byte");
	for (i = 1; i <= n; i++) {
		if (c->p + i >= c->end || ((unsigned char)c->p[i] & 0xc0) != 0x80)
			return json_fail(c, "not UTF-8: missing continuation byte");
		cp = cp << 6 | ((unsigned char)c->p[i] & 0x3f);
	}
	if (cp < (n == 1 ? 0x80UL : n == 2 ? 0x800UL : 0x10000UL))
		return json_fail(c, "not UTF-8: overlong form");
	if (cp >= 0xd800 && cp <= 0xdfff)
		return json_fail(c, "not UTF-8: surrogate");
	if (cp > 0x10ffff)
		return json_fail(c, "not UTF-8: beyond U+10FFFF");
	c->p += n + 1;
	return true;
}

static bool json_string(struct json_cursor *c)
{
	int i;

	c->p++;	/* the opening quote */
	while (c->p < c->end && *c->p != '"') {
		unsigned char ch = (unsigned char)*c->p;

		if (ch < 0x20)
			return json_fail(c, "control character in a string");
		if (ch >= 0x80) {
			if (!json_utf8(c))
				return false;
			continue;
		}
		if (ch != '\\') {
			c->p++;
			continue;
		}
		if (++c->p >= c->end)
			break;
		if (*c->p == 'u') {
			for (i = 1; i <= 4; i++)
				if (c->p + i >= c->end || !is_hex(c->p[i]))
					return json_fail(c, "bad \\u escape");
			c->p += 5;
		} else if (strchr("\"\\/bfnrt", *c->p)) {
			c->p++;
		} else {
			return json_fail(c, "bad escape in a string");
		}
	}
	if (c->p >= c->end)
		return json_fail(c, "unterminated string");
	c->p++;
	return true;
}

static bool json_digits(struct json_cursor *c)
{
	const char *s = c->p;

	while (c->p < c->end && *c->p >= '0' && *c->p <= '9')
		c->p++;
	return c->p > s;
}

static bool json_number(struct json_cursor *c)
{
	if (*c->p == '-')
		c->p++;
	if (c->p < c->end && *c->p == '0')
		c->p++;
	else if (!json_digits(c))
		return json_fail(c, "bad number");
	if (c->p < c->end && *c->p == '.') {
		c->p++;
		if (!json_digits(c))
			return json_fail(c, "bad fraction");
	}
	if (c->p < c->end && (*c->p == 'e' || *c->p == 'E')) {
		c->p++;
		if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
			c->p++;
		if (!json_digits(c))
			return json_fail(c, "bad exponent");
	}
	return true;
}

/* An object or array: open is '{' or '['. */
static bool json_container(struct json_cursor *c, char open)
{
	char close = open == '{' ? '}' : ']';

	if (++c->depth > JSON_MAX_DEPTH)
		return json_fail(c, "nested too deeply");
	c->p++;
	json_ws(c);
	if (c->p < c->end && *c->p == close) {
		c->p++;
		c->depth--;
		return true;
	}
	for (;;) {
		json_ws(c);
		if (open == '{') {
			if (c->p >= c->end || *c->p != '"')
				return json_fail(c, "expected a key string");
			if (!json_string(c))
				return false;
			json_ws(c);
			if (c->p >= c->end || *c->p != ':')
				return json_fail(c, "expected ':'");
			c->p++;
		}
		if (!json_value(c))
			return false;
		json_ws(c);
		if (c->p < c->end && *c->p == ',') {
			c->p++;
			continue;
		}
		if (c->p < c->end && *c->p == close) {
			c->p++;
			c->depth--;
			return true;
		}
		return json_fail(c, open == '{' ? "expected ',' or '}'" :
						  "expected ',' or ']'");
	}
}

static bool json_value(struct json_cursor *c)
{
	json_ws(c);
	if (c->p >= c->end)
		return json_fail(c, "unexpected end of input");
	switch (*c->p) {
	case '{':
	case '[':
		return json_container(c, *c->p);
	case '"':
		return json_string(c);
	case 't':
		return json_lit(c, "true");
	case 'f':
		return json_lit(c, "false");
	case 'n':
		return json_lit(c, "null");
	default:
		if (*c->p == '-' || (*c->p >= '0' && *c->p <= '9'))
			return json_number(c);
		return json_fail(c, "unexpected character");
	}
}

/*
 * 0 when text[0..len) is exactly one JSON value (surrounding white space
 * allowed); otherwise 1, with *why and *where (offset) set.
 */
static int json_check(const char *text, size_t len, const char **why,
		      size_t *where)
{
	struct json_cursor c = { text, text, text + len, NULL, 0 };

	if (json_value(&c)) {
		json_ws(&c);
		if (c.p == c.end)
			return 0;
		json_fail(&c, "text after the value");
	}
	*why = c.why;
	*where = (size_t)(c.p - c.start);
	return 1;
}

#ifndef JSONCHECK_NO_MAIN
static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 65536, n = 0, got;
	char *buf = malloc(cap), *bigger;

	while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
		n += got;
		if (n == cap) {
			bigger = realloc(buf, cap * 2);
			if (!bigger) {
				free(buf);
				return NULL;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	if (buf && ferror(f)) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

static void where_to_line(const char *text, size_t off, size_t *line,
			  size_t *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (text[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

int main(int argc, char **argv)
{
	bool lines = false;
	const char *path = NULL, *why;
	size_t len, off, line, col, start, end;
	char *text;
	FILE *f = stdin;
	int i, bad = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--lines"))
			lines = true;
		else if (!path && argv[i][0] != '-')
			path = argv[i];
		else {
			fputs("usage: jsoncheck [--lines] [FILE]\n", stderr);
			return 2;
		}
	}
	if (path && !(f = fopen(path, "r"))) {
		perror(path);
		return 2;
	}
	text = read_all(f, &len);
	if (f != stdin)
		fclose(f);
	if (!text) {
		fputs("jsoncheck: cannot read the input\n", stderr);
		return 2;
	}
	for (start = 0; start < len || (!lines && start == 0); start = end + 1) {
		end = lines ? start : len;
		while (lines && end < len && text[end] != '\n')
			end++;
		if (lines && end == start)
			continue;
		if (json_check(text + start, end - start, &why, &off)) {
			where_to_line(text, start + off, &line, &col);
			fprintf(stderr, "jsoncheck: line %zu, column %zu: %s\n",
				line, col, why);
			bad = 1;
			break;
		}
		if (!lines)
			break;
	}
	free(text);
	return bad;
}
#endif
