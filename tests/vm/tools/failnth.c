// SPDX-License-Identifier: GPL-2.0
/*
 * failnth - make one system call with the Nth fault-injection point the
 * kernel passes for it failing, and say what happened, so that tests can
 * walk every allocation of a driver's call into regcore or of an unload.
 *
 *   failnth N write FILE TEXT   write TEXT to FILE (one write(2); FILE is
 *                               opened before the fault is armed)
 *   failnth N rmmod MODULE      delete_module(2) MODULE, without waiting
 *
 * Prints "result: 0 OK" or "result: -ERRNO NAME (text)", then "fail-nth:
 * injected", "fail-nth: not reached" (the call passed fewer than N points)
 * or "fail-nth: unknown". Exit status: 0 when the call was made, whatever
 * it returned; 2 for a usage error; 4 when it could not be made.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fail-nth.h"

static void usage(FILE *f)
{
	fputs("Usage: failnth N write FILE TEXT\n"
	      "       failnth N rmmod MODULE\n"
	      "Make one system call with the Nth fault-injection point it passes\n"
	      "failing (/proc/thread-self/fail-nth), and print its result and\n"
	      "whether the fault was injected.\n", f);
}

static void result(long ret)
{
	if (ret >= 0)
		printf("result: 0 OK\n");
	else
		printf("result: -%d %s (%s)\n", errno,
		       strerrorname_np(errno) ?: "?", strerror(errno));
}

int main(int argc, char **argv)
{
	unsigned long n;
	char *end;
	long ret;
	int fd = -1, fn;

	if (argc == 2 && !strcmp(argv[1], "--help")) {
		usage(stdout);
		return 0;
	}
	if (argc < 4) {
		usage(stderr);
		return 2;
	}
	errno = 0;
	n = strtoul(argv[1], &end, 10);
	if (errno || *end || !n || n > 0x7fffffff) {
		fprintf(stderr, "failnth: N must be a number from 1: %s\n",
			argv[1]);
		return 2;
	}

	if (!strcmp(argv[2], "write") && argc == 5) {
		size_t len = strlen(argv[4]);

		fd = open(argv[3], O_WRONLY | O_CLOEXEC);
		if (fd < 0) {
			fprintf(stderr, "failnth: %s: %s\n", argv[3],
				strerror(errno));
			return 4;
		}
		fn = fail_nth_arm("failnth", (unsigned int)n);
		if (fn < 0)
			return 4;
		ret = write(fd, argv[4], len);
	} else if (!strcmp(argv[2], "rmmod") && argc == 4) {
		fn = fail_nth_arm("failnth", (unsigned int)n);
		if (fn < 0)
			return 4;
		ret = syscall(SYS_delete_module, argv[3], O_NONBLOCK);
	} else {
		usage(stderr);
		return 2;
	}
	result(ret);
	fail_nth_report("failnth", fn);
	if (fd >= 0)
		close(fd);
	return 0;
}
