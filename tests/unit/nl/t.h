/* SPDX-License-Identifier: GPL-2.0 */
/*
 * t.h - the small test framework of the netlink host tests.
 *
 * TEST(name) defines and registers a test; CHECK* record failures and go
 * on, so one run shows every broken expectation. The runner prints TAP
 * lines and ends with "N passed, N failed".
 */
#ifndef REGCORE_TESTS_NL_T_H
#define REGCORE_TESTS_NL_T_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

void t_register(const char *name, void (*fn)(void));
void t_fail(const char *file, int line, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void t_check_str(const char *file, int line, const char *what,
		 const char *got, const char *want);

#define TEST(fn)							\
	static void fn(void);						\
	__attribute__((constructor)) static void fn##_register(void)	\
	{								\
		t_register(#fn, fn);					\
	}								\
	static void fn(void)

#define CHECK(cond)							\
	do {								\
		if (!(cond))						\
			t_fail(__FILE__, __LINE__, "%s", #cond);	\
	} while (0)

#define CHECK_INT(got, want)						\
	do {								\
		long long g_ = (long long)(got), w_ = (long long)(want);	\
		if (g_ != w_)						\
			t_fail(__FILE__, __LINE__, "%s is %lld, expected %lld", \
			       #got, g_, w_);				\
	} while (0)

#define CHECK_STR(got, want)						\
	t_check_str(__FILE__, __LINE__, #got, (got), (want))

/* Output captured in memory: t_out_open() a stream, t_out_text() its text. */
struct t_out {
	char *text;
	size_t len;
	FILE *f;
};

FILE *t_out_open(struct t_out *o);
/* Closes the stream; the text stays valid until t_out_free(). */
const char *t_out_text(struct t_out *o);
void t_out_free(struct t_out *o);

#endif
