// SPDX-License-Identifier: GPL-2.0
/*
 * files.c - whole-file reads and safe whole-file writes.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "regdb-int.h"

#define MAX_FILE (64u << 20)

int regdb_read_file(const char *path, unsigned char **data, size_t *len,
		    char **err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	unsigned char *p = NULL;
	size_t cap, n = 0;
	ssize_t r;

	if (fd < 0)
		return rdb_err_sys(err, path, "cannot open");
	if (fstat(fd, &st)) {
		rdb_err_sys(err, path, "cannot stat");
		goto fail;
	}
	if (S_ISREG(st.st_mode) && (unsigned long long)st.st_size > MAX_FILE) {
		rdb_err(err, path, "larger than %u bytes (%llu)", MAX_FILE,
			(unsigned long long)st.st_size);
		goto fail;
	}
	/*
	 * The size is a hint (a pipe has none, a file may grow); the loop
	 * reads to the end. The buffer never grows past MAX_FILE + 2 bytes:
	 * room for MAX_FILE, one byte that proves the file too large, and
	 * the terminating NUL.
	 */
	cap = S_ISREG(st.st_mode) && st.st_size > 0 ?
		(size_t)st.st_size + 2 : 4096;
	for (;;) {
		if (n > MAX_FILE) {
			rdb_err(err, path, "larger than %u bytes", MAX_FILE);
			goto fail;
		}
		if (n + 1 >= cap) {
			unsigned char *q;
			size_t ncap = cap > (MAX_FILE + 2) / 2 ? MAX_FILE + 2 :
								 cap * 2;

			q = realloc(p, ncap);
			if (!q) {
				rdb_err(err, path, "out of memory");
				goto fail;
			}
			p = q;
			cap = ncap;
		} else if (!p && !(p = malloc(cap))) {
			rdb_err(err, path, "out of memory");
			goto fail;
		}
		r = read(fd, p + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			rdb_err_sys(err, path, "cannot read");
			goto fail;
		}
		if (r == 0)
			break;
		n += (size_t)r;
	}
	close(fd);
	p[n] = 0;
	*data = p;
	*len = n;
	return 0;
fail:
	close(fd);
	free(p);
	return -1;
}

int regdb_write_file(const char *path, const void *data, size_t len,
		     unsigned int mode, bool force, char **err)
{
	char *tmp = rdb_asprintf("%s.tmpXXXXXX", path);
	const unsigned char *p = data;
	int fd;

	if (!tmp)
		return rdb_err(err, path, "out of memory");
	if (!force && access(path, F_OK) == 0) {
		free(tmp);
		return rdb_err(err, path, "exists; use --force to replace it");
	}
	fd = mkstemp(tmp);
	if (fd < 0) {
		rdb_err_sys(err, path, "cannot create a temporary file beside it");
		free(tmp);
		return -1;
	}
	if (fchmod(fd, mode & 07777))
		goto fail;
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			goto fail;
		p += n;
		len -= (size_t)n;
	}
	if (fsync(fd) || close(fd)) {
		fd = -1;
		goto fail;
	}
	fd = -1;
	/* Without --force, link() refuses a file that appeared meanwhile. */
	if (force ? rename(tmp, path) : link(tmp, path)) {
		if (errno == EEXIST)
			rdb_err(err, path, "exists; use --force to replace it");
		else
			rdb_err_sys(err, path, "cannot write");
		unlink(tmp);
		free(tmp);
		return -1;
	}
	if (!force)
		unlink(tmp);
	free(tmp);
	return 0;
fail:
	rdb_err_sys(err, path, "cannot write");
	if (fd >= 0)
		close(fd);
	unlink(tmp);
	free(tmp);
	return -1;
}
