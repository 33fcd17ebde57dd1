/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the files of regcore_test.ko share: the helper that frees a domain
 * regcore made when a test ends, and the cases of regdb_test.c, listed in
 * core_test.c's one suite.
 */
#ifndef _REGCORE_TEST_H
#define _REGCORE_TEST_H

#include <kunit/test.h>

#include "core.h"

struct regcore_regdomain *track_regdom(struct kunit *test,
				       struct regcore_regdomain *rd);

void regdb_check_accepts_image_test(struct kunit *test);
void regdb_query_builds_domain_test(struct kunit *test);
void regdb_query_unknown_country_test(struct kunit *test);
void regdb_truncated_test(struct kunit *test);
void regdb_one_byte_changed_test(struct kunit *test);
void regdb_fault_test(struct kunit *test);
const void *regdb_fault_gen_params(const void *prev, char *desc);
void regdb_padding_is_ignored_test(struct kunit *test);
void regdb_unended_table_test(struct kunit *test);
void regdb_refusal_is_final_test(struct kunit *test);

#endif /* _REGCORE_TEST_H */
