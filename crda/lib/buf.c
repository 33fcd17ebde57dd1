// SPDX-License-Identifier: GPL-2.0
/*
 * buf.c - a growing byte buffer for the writers. An allocation failure is
 * remembered and reported once, when the bytes are taken.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

static bool grow(struct rdb_buf *b, size_t more)
{
	size_t cap;
	unsigned char *p;

	if (b->oom)
		return false;
	if (more < b->cap - b->len)
		return true;
	cap = b->cap ? b->cap : 256;
	while (cap - b->len <= more) {
		if (cap > SIZE_MAX / 2) {
			b->oom = true;
			return false;
		}
		cap *= 2;
	}
	p = realloc(b->p, cap);
	if (!p) {
		b->oom = true;
		return false;
	}
	b->p = p;
	b->cap = cap;
	return true;
}

void rdb_buf_put(struct rdb_buf *b, const void *data, size_t len)
{
	if (!grow(b, len))
		return;
	if (len)
		memcpy(b->p + b->len, data, len);
	b->len += len;
	b->p[b->len] = 0;
}

void rdb_buf_be16(struct rdb_buf *b, uint32_t v)
{
	unsigned char x[2] = { (unsigned char)(v >> 8), (unsigned char)v };

	rdb_buf_put(b, x, 2);
}

void rdb_buf_be32(struct rdb_buf *b, uint32_t v)
{
	unsigned char x[4] = { (unsigned char)(v >> 24),
			       (unsigned char)(v >> 16),
			       (unsigned char)(v >> 8), (unsigned char)v };

	rdb_buf_put(b, x, 4);
}

void rdb_buf_set_be16(struct rdb_buf *b, size_t off, uint32_t v)
{
	if (b->oom || off + 2 > b->len)
		return;
	b->p[off] = (unsigned char)(v >> 8);
	b->p[off + 1] = (unsigned char)v;
}

void rdb_buf_set_be32(struct rdb_buf *b, size_t off, uint32_t v)
{
	if (b->oom || off + 4 > b->len)
		return;
	b->p[off] = (unsigned char)(v >> 24);
	b->p[off + 1] = (unsigned char)(v >> 16);
	b->p[off + 2] = (unsigned char)(v >> 8);
	b->p[off + 3] = (unsigned char)v;
}

void rdb_buf_printf(struct rdb_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->oom = true;
		return;
	}
	if (!grow(b, (size_t)n + 1))
		return;
	va_start(ap, fmt);
	vsnprintf((char *)b->p + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

unsigned char *rdb_buf_take(struct rdb_buf *b, size_t *len)
{
	unsigned char *p;

	if (!b->p && !b->oom)
		grow(b, 1);
	if (b->oom) {
		rdb_buf_free(b);
		return NULL;
	}
	b->p[b->len] = 0;
	p = b->p;
	if (len)
		*len = b->len;
	b->p = NULL;
	b->len = b->cap = 0;
	return p;
}

void rdb_buf_free(struct rdb_buf *b)
{
	free(b->p);
	b->p = NULL;
	b->len = b->cap = 0;
	b->oom = false;
}
