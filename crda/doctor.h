/* SPDX-License-Identifier: GPL-2.0 */
/*
 * doctor.h - `regctl doctor` (doctor.c): checks of the path from a
 * country to the rules, with what to fix.
 */
#ifndef REGCORE_DOCTOR_H
#define REGCORE_DOCTOR_H

#include <stdbool.h>
#include <stdio.h>

#include "nl/regnl.h"

/*
 * Print the findings for family (text, or one JSON object). Returns 0
 * when nothing is to fix (findings of level ok, note or warn only), 1
 * when a finding failed.
 */
int regctl_doctor(FILE *out, enum regnl_family family, bool json);

#endif /* REGCORE_DOCTOR_H */
