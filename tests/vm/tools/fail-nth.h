/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fail-nth.h - fail the Nth fault-injection point the kernel passes for
 * this thread (/proc/thread-self/fail-nth, CONFIG_FAULT_INJECTION), for
 * the VM test tools (nlcraft, failnth).
 *
 * The kernel counts this thread's fail-nth down at each fault-injection
 * point (an allocation, with failslab's ignore-gfp-wait off) and fails the
 * one where it reaches zero. The file is opened before and read back after
 * through the same descriptor: opening it again would itself pass such
 * points.
 */
#ifndef REGCORE_TESTS_FAIL_NTH_H
#define REGCORE_TESTS_FAIL_NTH_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Arm fail-nth with @n; the descriptor to report with, or -1. */
static inline int fail_nth_arm(const char *prog, unsigned int n)
{
	char buf[16];
	int fd, len;

	fd = open("/proc/thread-self/fail-nth", O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		fprintf(stderr, "%s: /proc/thread-self/fail-nth: %s (does the kernel have CONFIG_FAULT_INJECTION?)\n",
			prog, strerror(errno));
		return -1;
	}
	len = snprintf(buf, sizeof(buf), "%u", n);
	if (write(fd, buf, (size_t)len) != len) {
		fprintf(stderr, "%s: cannot arm fail-nth: %s\n", prog,
			strerror(errno));
		close(fd);
		return -1;
	}
	return fd;
}

/* Disarm; print whether the fault was injected ("unknown" if unreadable). */
static inline void fail_nth_report(const char *prog, int fd)
{
	char buf[16] = "";
	ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
	const char *what = n <= 0 ? "unknown" :
			   strtoul(buf, NULL, 10) ? "not reached" : "injected";

	if (write(fd, "0", 1) != 1)
		fprintf(stderr, "%s: cannot disarm fail-nth: %s\n", prog,
			strerror(errno));
	close(fd);
	printf("fail-nth: %s\n", what);
}

#endif /* REGCORE_TESTS_FAIL_NTH_H */
