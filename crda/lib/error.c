// SPDX-License-Identifier: GPL-2.0
/*
 * error.c - error messages that name the file, the byte offset and the
 * reason, so a refused database can be found and fixed.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "regdb-int.h"

static char *vfmt(const char *fmt, va_list ap)
{
	char *s = NULL;

	if (vasprintf(&s, fmt, ap) < 0)
		return NULL;
	return s;
}

char *rdb_asprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	s = vfmt(fmt, ap);
	va_end(ap);
	return s;
}

static void set_err(char **err, const char *file, const char *where,
		    const char *fmt, va_list ap)
{
	char *reason;

	if (!err)
		return;
	free(*err);
	reason = vfmt(fmt, ap);
	*err = rdb_asprintf("%s: %s%s", file ? file : "(memory)", where,
			    reason ? reason : "out of memory");
	free(reason);
}

int rdb_err_at(char **err, const char *file, size_t off, const char *fmt, ...)
{
	char where[40];
	va_list ap;

	snprintf(where, sizeof(where), "byte %zu: ", off);
	va_start(ap, fmt);
	set_err(err, file, where, fmt, ap);
	va_end(ap);
	return -1;
}

int rdb_err(char **err, const char *file, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_err(err, file, "", fmt, ap);
	va_end(ap);
	return -1;
}

int rdb_err_sys(char **err, const char *file, const char *what)
{
	return rdb_err(err, file, "%s: %s", what, strerror(errno));
}
