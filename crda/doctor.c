// SPDX-License-Identifier: GPL-2.0
/*
 * doctor.c - `regctl doctor`: check the whole path from a user's country
 * to the rules a radio follows, and say what to fix.
 *
 * Each check adds findings: a level (ok; note: by design, nothing to fix;
 * warn: may go wrong; fail: broken), the check's name, a sentence, and for
 * warn and fail a one-line remedy. What is read: the generic netlink
 * family, regcore's module parameters (/sys/module/regcore/parameters),
 * the udev rules that run crda, the databases crda and the kernel read
 * (verified with libregdb, as crda verifies them), the keys the running
 * kernel trusts for regulatory.db (/proc/keys), regcore's decision
 * journal, and each radio's domain. Nothing is changed.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/keyctl.h>

#include "doctor.h"
#include "json.h"
#include "lib/regdb.h"

enum level { L_OK, L_NOTE, L_WARN, L_FAIL };

static const char *const level_word[] = { "ok", "note", "warn", "fail" };

struct doctor {
	FILE *out;
	bool json;
	enum regnl_family family;
	unsigned int count[4];
	bool first;
	struct regnl *nl;		/* NULL when the family is missing */
	/* what later checks need */
	char source[32];		/* regcore's regdb=, "" if unknown */
	bool crda_used;			/* some request goes to crda */
};

static void __attribute__((format(printf, 5, 6)))
finding(struct doctor *d, enum level level, const char *check,
	const char *fix, const char *fmt, ...)
{
	char text[1024];
	va_list ap;
	bool first = true;

	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	d->count[level]++;
	if (d->json) {
		fputs(d->first ? "" : ",", d->out);
		d->first = false;
		fputc('{', d->out);
		kv_str(d->out, &first, "check", check);
		kv_str(d->out, &first, "level", level_word[level]);
		kv_str(d->out, &first, "text", text);
		if (fix && level >= L_WARN)
			kv_str(d->out, &first, "fix", fix);
		fputc('}', d->out);
		return;
	}
	fprintf(d->out, "%-5s %-10s %s\n", level_word[level], check, text);
	if (fix && level >= L_WARN)
		fprintf(d->out, "%-16s fix: %s\n", "", fix);
}

/* The first line of a small file, without its newline; -1 if unreadable. */
static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char *nl;

	if (!f)
		return -1;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -1;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl)
		*nl = '\0';
	return 0;
}

/* ---- the kernel side ---- */

static void check_family(struct doctor *d)
{
	struct regnl_status st;
	char buf[2 * REGNL_MSG_MAX + 64];
	bool regcore = d->family == REGNL_FAMILY_REGCORE;

	if (!regnl_open(&d->nl, d->family, &st)) {
		finding(d, L_OK, "module", NULL,
			"%s answers (generic netlink family \"%s\")",
			regcore ? "regcore is loaded and" : "the kernel's cfg80211",
			regnl_family_name(d->family));
		return;
	}
	d->nl = NULL;
	if (st.kind == REGNL_E_NOFAMILY)
		finding(d, L_FAIL, "module",
			regcore ? "modprobe regcore (the regcore-dkms package builds it)" :
				  "modprobe cfg80211",
			"%s is not loaded: no generic netlink family \"%s\"",
			regcore ? "regcore" : "cfg80211",
			regnl_family_name(d->family));
	else
		finding(d, L_FAIL, "module", "see the error; run as a user who may open netlink sockets",
			"cannot talk to the kernel: %s",
			regnl_status_text(&st, buf, sizeof(buf)));
}

static void check_source(struct doctor *d)
{
	char src[32], ms[32];

	if (d->family != REGNL_FAMILY_REGCORE) {
		/* cfg80211 reads regulatory.db, and asks crda when it has
		 * none it can use (CONFIG_CFG80211_CRDA_SUPPORT)
		 */
		snprintf(d->source, sizeof(d->source), "auto");
		d->crda_used = true;
		return;
	}
	if (read_line("/sys/module/regcore/parameters/regdb", src,
		      sizeof(src))) {
		if (d->nl)
			finding(d, L_WARN, "source", "check that /sys is mounted",
				"cannot read /sys/module/regcore/parameters/regdb");
		/* not loaded: the default, crda */
		snprintf(d->source, sizeof(d->source), "crda");
		d->crda_used = true;
		return;
	}
	snprintf(d->source, sizeof(d->source), "%s", src);
	d->crda_used = strcmp(src, "firmware") != 0;
	if (read_line("/sys/module/regcore/parameters/crda_timeout_ms", ms,
		      sizeof(ms)))
		snprintf(ms, sizeof(ms), "?");
	if (!strcmp(src, "crda"))
		finding(d, L_OK, "source", NULL,
			"regcore asks crda for rules, through udev (regdb=crda); answers are due within %s ms",
			ms);
	else if (!strcmp(src, "firmware"))
		finding(d, L_OK, "source", NULL,
			"regcore reads /lib/firmware/regulatory.db itself (regdb=firmware); crda is not used");
	else
		finding(d, L_OK, "source", NULL,
			"regcore reads /lib/firmware/regulatory.db, and asks crda when that has no answer (regdb=%s, within %s ms)",
			src, ms);
}

/* ---- udev: the rule that runs crda ---- */

/* udev's rules directories, first wins for a file name (udev(7)); /lib
 * too, for systems without the /usr merge
 */
static const char *const rule_dirs[] = {
	"/etc/udev/rules.d", "/run/udev/rules.d", "/usr/local/lib/udev/rules.d",
	"/usr/lib/udev/rules.d", "/lib/udev/rules.d",
};
#define N_RULE_DIRS (sizeof(rule_dirs) / sizeof(rule_dirs[0]))

/* Is the rules file at path a mask: empty, or a link to /dev/null? */
static bool is_mask(const char *path)
{
	char target[PATH_MAX];
	struct stat sb;
	ssize_t n = readlink(path, target, sizeof(target) - 1);

	if (n > 0) {
		target[n] = '\0';
		if (!strcmp(target, "/dev/null"))
			return true;
	}
	return !stat(path, &sb) && S_ISREG(sb.st_mode) && sb.st_size == 0;
}

/* The file udev reads for a rules file NAME, or -1 when none has it. */
static int effective_rules(const char *name, char *path, size_t len)
{
	struct stat sb;
	size_t i;

	for (i = 0; i < N_RULE_DIRS; i++) {
		snprintf(path, len, "%s/%s", rule_dirs[i], name);
		if (!lstat(path, &sb))
			return 0;
	}
	return -1;
}

/*
 * One rule's KEY OP "VALUE" pairs: does it match a change uevent of the
 * device kernel.0 (KERNEL==, ACTION==) and run crda (RUN+=, RUN=,
 * RUN{program}+=, a program named crda)? Then prog is that program,
 * resolved as udev resolves a relative one (/usr/lib/udev/). 0 when it
 * does. (Other programs for the same event, such as a logger, are not
 * what answers.)
 */
static int rule_runs(const char *rule, const char *kernel, char *prog,
		     size_t len)
{
	char key[64], op[3], val[1024], dev[64];
	bool kernel_ok = false, change_ok = false, run = false;
	const char *p = rule, *base;
	size_t n;

	snprintf(dev, sizeof(dev), "%s.0", kernel);
	for (;;) {
		while (*p == ' ' || *p == '\t' || *p == ',')
			p++;
		if (!*p)
			break;
		n = strcspn(p, "=!+-:< \t");
		if (!n || n >= sizeof(key))
			return -1;
		memcpy(key, p, n);
		key[n] = '\0';
		p += n;
		while (*p == ' ' || *p == '\t')
			p++;
		n = strspn(p, "=!+-:");
		if (!n || n > 2)
			return -1;
		memcpy(op, p, n);
		op[n] = '\0';
		p += n;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p != '"')
			return -1;
		n = strcspn(++p, "\"");
		if (!p[n] || n >= sizeof(val))
			return -1;
		memcpy(val, p, n);
		val[n] = '\0';
		p += n + 1;
		if (!strcmp(key, "KERNEL") && !strcmp(op, "=="))
			kernel_ok = !fnmatch(val, dev, 0);
		else if (!strcmp(key, "ACTION") && !strcmp(op, "=="))
			change_ok = !fnmatch(val, "change", 0);
		else if ((!strcmp(key, "RUN") || !strcmp(key, "RUN{program}")) &&
			 (!strcmp(op, "+=") || !strcmp(op, "=") ||
			  !strcmp(op, ":="))) {
			n = strcspn(val, " \t");
			val[n] = '\0';
			base = strrchr(val, '/');
			base = base ? base + 1 : val;
			if (strcmp(base, "crda"))
				continue;
			if (val[0] == '/')
				snprintf(prog, len, "%s", val);
			else
				snprintf(prog, len, "/usr/lib/udev/%s", val);
			run = true;
		}
	}
	return kernel_ok && change_ok && run ? 0 : -1;
}

/* In rules file PATH, the crda a rule for kernel's change uevent runs. Continued lines are joined; comments skipped. 0 when found.
 */
static int rule_program(const char *path, const char *kernel, char *prog,
			size_t len)
{
	char line[4096], rule[8192];
	FILE *f = fopen(path, "r");
	size_t n, used = 0;
	const char *p;
	int found = -1;

	if (!f)
		return -1;
	rule[0] = '\0';
	while (found && fgets(line, sizeof(line), f)) {
		n = strlen(line);
		while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
			line[--n] = '\0';
		p = line + strspn(line, " \t");
		if (!used && *p == '#')
			continue;
		n = strlen(p);
		if (used + n + 1 < sizeof(rule)) {
			memcpy(rule + used, p, n + 1);
			used += n;
		}
		if (used && rule[used - 1] == '\\') {
			rule[--used] = ' ';
			continue;
		}
		found = rule_runs(rule, kernel, prog, len);
		used = 0;
		rule[0] = '\0';
	}
	fclose(f);
	return found;
}

/*
 * Every rules file udev reads, in its order (by name; the first
 * directory holding a name wins), until one has a rule that runs crda
 * for kernel: *path and prog, 0; -1 when none has.
 */
static int find_rule(const char *kernel, char *path, size_t plen, char *prog,
		     size_t len)
{
	char names[256][128], cand[PATH_MAX];
	size_t n = 0, i, j;
	struct dirent *de;
	DIR *dir;

	for (i = 0; i < N_RULE_DIRS; i++) {
		dir = opendir(rule_dirs[i]);
		while (dir && (de = readdir(dir)) && n < 256) {
			size_t l = strlen(de->d_name);

			if (l < 7 || l >= sizeof(names[0]) ||
			    strcmp(de->d_name + l - 6, ".rules"))
				continue;
			for (j = 0; j < n && strcmp(names[j], de->d_name); j++)
				;
			if (j == n)
				memcpy(names[n++], de->d_name, l + 1);
		}
		if (dir)
			closedir(dir);
	}
	qsort(names, n, sizeof(names[0]),
	      (int (*)(const void *, const void *))strcmp);
	for (i = 0; i < n; i++) {
		if (effective_rules(names[i], cand, sizeof(cand)) ||
		    is_mask(cand) || rule_program(cand, kernel, prog, len))
			continue;
		snprintf(path, plen, "%s", cand);
		return 0;
	}
	return -1;
}

static void check_udev(struct doctor *d)
{
	bool regcore = d->family == REGNL_FAMILY_REGCORE;
	const char *name = regcore ? "85-regcore.rules" : "85-regcore-cfg80211.rules";
	const char *kernel = regcore ? "regcore" : "regulatory";
	char path[PATH_MAX], mask[PATH_MAX], prog[PATH_MAX], fix[PATH_MAX + 64];
	bool masked;
	struct stat sb;

	if (!d->crda_used)
		return;
	masked = !effective_rules(name, mask, sizeof(mask)) && is_mask(mask);
	if (find_rule(kernel, path, sizeof(path), prog, sizeof(prog))) {
		if (!regcore) {
			/* cfg80211 without crda: as stock kernels run */
			d->crda_used = false;
			finding(d, L_NOTE, "udev-rule", NULL,
				"no udev rule runs crda for cfg80211%s: it relies on /lib/firmware/regulatory.db alone, as stock kernels do",
				masked ? " (its rules file is masked)" : "");
			return;
		}
		if (masked) {
			snprintf(fix, sizeof(fix),
				 "rm %s (then udevadm control --reload)", mask);
			finding(d, L_FAIL, "udev-rule", fix,
				"%s masks the rules of that name: no uevent of %s runs crda",
				mask, kernel);
		} else {
			finding(d, L_FAIL, "udev-rule",
				"install regcore-tools (or make install), which puts 85-regcore.rules in /lib/udev/rules.d",
				"no udev rule runs crda for a change uevent of %s.0 (rules read from /etc, /run, /usr/local/lib, /usr/lib and /lib/udev/rules.d)",
				kernel);
		}
		return;
	}
	finding(d, L_OK, "udev-rule", NULL, "%s runs %s for %s's requests",
		path, prog, regcore ? "regcore" : "cfg80211");
	/* the mode bits, not access(): udev runs it as root */
	if (stat(prog, &sb) || !S_ISREG(sb.st_mode) ||
	    !(sb.st_mode & (S_IXUSR | S_IXGRP | S_IXOTH))) {
		snprintf(fix, sizeof(fix),
			 "reinstall regcore-tools, or make %s executable (chmod 755)",
			 prog);
		finding(d, L_FAIL, "crda", fix, "%s: %s", prog,
			stat(prog, &sb) ? strerror(errno) :
			!S_ISREG(sb.st_mode) ? "not a regular file" :
			"not executable");
	} else {
		finding(d, L_OK, "crda", NULL, "%s is executable", prog);
	}
	if (access("/run/udev/control", F_OK))
		finding(d, L_WARN, "udevd",
			"start udevd (systemctl start systemd-udevd)",
			"udevd does not seem to run (no /run/udev/control): nothing runs crda");
	else
		finding(d, L_OK, "udevd", NULL, "udevd runs (/run/udev/control)");
}

/* ---- the databases ---- */

/* "a -> b -> c": each step of a chain of symbolic links. */
static void link_chain(const char *path, char *buf, size_t len)
{
	char cur[2 * PATH_MAX + 2], target[PATH_MAX], next[2 * PATH_MAX + 2];
	size_t used;
	ssize_t n;
	int hops;
	char *slash;

	snprintf(buf, len, "%s", path);
	snprintf(cur, sizeof(cur), "%s", path);
	for (hops = 0;; hops++) {
		n = readlink(cur, target, sizeof(target) - 1);
		if (n <= 0)
			return;
		if (hops == 8) {
			used = strlen(buf);
			snprintf(buf + used, len - used, " -> ... (a loop?)");
			return;
		}
		target[n] = '\0';
		if (target[0] == '/') {
			snprintf(next, sizeof(next), "%s", target);
		} else {
			slash = strrchr(cur, '/');
			snprintf(next, sizeof(next), "%.*s/%s",
				 slash ? (int)(slash - cur) : 1, slash ? cur : ".",
				 target);
		}
		used = strlen(buf);
		snprintf(buf + used, len - used, " -> %s", next);
		if (strlen(next) >= PATH_MAX)
			return;
		memcpy(cur, next, strlen(next) + 1);
	}
}

/*
 * The kernel's keyring of regulatory.db keys (cfg80211 makes it when it
 * loads; root may read it): its serial from /proc/keys, owned by root, or
 * -1 when it cannot be seen.
 */
static long regdb_keyring(void)
{
	char line[512], type[32], desc[256];
	FILE *f = fopen("/proc/keys", "r");
	unsigned long id;
	unsigned int uid;
	long found = -1;

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%lx %*s %*s %*s %*s %u %*u %31s %255[^\n]",
			   &id, &uid, type, desc) == 4 && uid == 0 &&
		    !strcmp(type, "keyring") &&
		    !strncmp(desc, ".builtin_regdb_keys:", 20))
			found = (long)id;
	fclose(f);
	return found;
}

/*
 * Does the kernel's regdb keyring hold the key named "...: key_id"? Its
 * keys' names go to names. 1 yes, 0 no, -1 cannot tell (why in names).
 */
static int kernel_has_key(const char *key_id, char *names, size_t len)
{
	int32_t serials[64];
	char desc[512], want[160];
	long ring = regdb_keyring(), got;
	size_t i, n, used, dl, wl;
	const char *name;
	int found = 0;

	names[0] = '\0';
	if (ring < 0) {
		snprintf(names, len, "its .builtin_regdb_keys keyring is not listed in /proc/keys (it is to root, once cfg80211 is loaded)");
		return -1;
	}
	got = syscall(SYS_keyctl, KEYCTL_READ, ring, serials, sizeof(serials));
	if (got < 0) {
		snprintf(names, len, "its regdb keyring cannot be read: %s",
			 strerror(errno));
		return -1;
	}
	n = (size_t)got / sizeof(serials[0]);
	if (n > 64)
		n = 64;
	snprintf(want, sizeof(want), ": %s", key_id);
	wl = strlen(want);
	for (i = 0; i < n; i++) {
		got = syscall(SYS_keyctl, KEYCTL_DESCRIBE, (long)serials[i], desc,
			      sizeof(desc));
		if (got <= 0 || (size_t)got > sizeof(desc))
			continue;
		desc[sizeof(desc) - 1] = '\0';
		/* type;uid;gid;perm;description */
		if (strncmp(desc, "asymmetric;", 11))
			continue;
		name = desc;
		for (dl = 0; dl < 4 && name; dl++) {
			name = strchr(name, ';');
			if (name)
				name++;
		}
		if (!name)
			continue;
		used = strlen(names);
		snprintf(names + used, len - used, "%s%s", used ? ", " : "", name);
		dl = strlen(name);
		if (dl >= wl && !strcmp(name + dl - wl, want))
			found = 1;
	}
	return found;
}

static void check_kernel_keys(struct doctor *d, const char *path,
			      const struct regdb *db)
{
	const char *id = regdb_signer_key_id(db);
	char names[2048], fix[PATH_MAX + 160];
	int r;

	if (!id) {
		finding(d, L_NOTE, "kernel-key", NULL,
			"%s's signer %s is a bare key: the kernel's keys are certificates, so whether it has this one cannot be told",
			path, regdb_signer(db));
		return;
	}
	r = kernel_has_key(id, names, sizeof(names));
	if (r < 0) {
		finding(d, L_NOTE, "kernel-key", NULL,
			"cannot tell whether the kernel has the key that signed %s (%s): %s",
			path, regdb_signer_subject(db), names);
	} else if (r) {
		finding(d, L_OK, "kernel-key", NULL,
			"the kernel's regdb keyring has the key that signed %s (%s, id %s): cfg80211 can verify it",
			path, regdb_signer_subject(db), id);
	} else {
		snprintf(fix, sizeof(fix),
			 "point %s at a file signed by a key the kernel has (Debian: update-alternatives --config regulatory.db)",
			 path);
		finding(d, L_WARN, "kernel-key", fix,
			"the kernel's regdb keyring (%s) lacks the key that signed %s (%s, id %s): cfg80211 refuses the file and falls back to crda, or to the world domain",
			names, path, regdb_signer_subject(db), id);
	}
}

/*
 * One database file: the chain of links, its SHA-256, and whether the
 * keys of who reads it verify it. reader: KERNEL_NL80211 (cfg80211:
 * whether the kernel has a key of the signer's name), KERNEL_REGCORE
 * (regcore.ko: its built-in keys only), or CRDA (crda's keys).
 */
enum reader { READ_CRDA, READ_REGCORE, READ_CFG80211 };

static void check_db_file(struct doctor *d, const char *path,
			  enum reader reader, const char *used_by)
{
	char chain[4 * PATH_MAX], hex[65], fix[PATH_MAX + 200], extra[256];
	struct regdb_trust *t;
	struct regdb *db;
	char *err = NULL;

	link_chain(path, chain, sizeof(chain));
	/* regcore.ko trusts the keys built into it, as crda's built-in set,
	 * and regdb_extra_cert; crda also /etc/wireless-regdb/pubkeys
	 */
	t = reader == READ_REGCORE ? regdb_trust_new(true, &err) :
				     regdb_trust_default(&err);
	if (!t) {
		finding(d, L_FAIL, "database", "check /etc/wireless-regdb/pubkeys",
			"cannot load the trusted keys: %s", err ? err : "?");
		free(err);
		return;
	}
	db = regdb_open(path, t, &err);
	if (!db && reader == READ_CFG80211) {
		/* cfg80211 verifies with the kernel's keys, not crda's */
		snprintf(fix, sizeof(fix),
			 "for crda's sake, put the certificate that signed it in %s",
			 REGDB_DEFAULT_KEYDIR);
		finding(d, d->crda_used ? L_WARN : L_NOTE, "database", fix,
			"%s (%s): crda's keys do not verify it: %s; whether the kernel's do is not told here (its log says when they do not)",
			chain, used_by, err ? err : "?");
	} else if (!db && reader == READ_REGCORE &&
		   !read_line("/sys/module/regcore/parameters/regdb_extra_cert",
			      extra, sizeof(extra)) && extra[0] &&
		   strcmp(extra, "(null)")) {
		finding(d, L_WARN, "database",
			"check that regcore's regdb_extra_cert signed it",
			"%s (%s): regcore's built-in keys do not verify it: %s; it may trust it through regdb_extra_cert=%s",
			chain, used_by, err ? err : "?", extra);
	} else if (!db) {
		snprintf(fix, sizeof(fix), reader == READ_REGCORE ?
			 "use a regulatory.db signed by a key built into regcore (keys/), or give regcore its certificate (regdb_extra_cert=)" :
			 "reinstall wireless-regdb, or put the certificate that signed it in %s",
			 REGDB_DEFAULT_KEYDIR);
		finding(d, L_FAIL, "database", fix, "%s (%s): refused: %s", chain,
			used_by, err ? err : "?");
	}
	free(err);
	if (!db) {
		regdb_trust_free(t);
		return;
	}
	regnl_sha256_hex(regdb_sha256(db), hex);
	finding(d, L_OK, "database", NULL,
		"%s (%s): version %d, %zu countries, sha256 %s, signed by %s",
		chain, used_by, regdb_version(db), regdb_country_count(db), hex,
		regdb_signer(db));
	if (reader == READ_CFG80211)
		check_kernel_keys(d, path, db);
	regdb_close(db);
	regdb_trust_free(t);
}

static void check_databases(struct doctor *d)
{
	static const char crda_paths[] = REGDB_DEFAULT_DBS("\0");
	const char *fw = "/lib/firmware/regulatory.db", *p;
	bool regcore = d->family == REGNL_FAMILY_REGCORE;
	bool kernel_reads = !regcore || strcmp(d->source, "crda");
	const char *crda_reads = d->crda_used ? regdb_default_path() : NULL;
	bool both;

	if (d->crda_used && !crda_reads) {
		char list[512] = "";

		for (p = crda_paths; *p; p += strlen(p) + 1)
			snprintf(list + strlen(list), sizeof(list) - strlen(list),
				 "%s%s", list[0] ? ", " : "", p);
		finding(d, L_FAIL, "database", "apt install wireless-regdb",
			"no database for crda: none of %s exists", list);
	}
	if (kernel_reads && access(fw, F_OK))
		finding(d, regcore ? L_FAIL : L_WARN, "database",
			"apt install wireless-regdb",
			"no %s: %s", fw,
			regcore ? "regcore has nothing to read (regdb=firmware or auto)" :
				  "cfg80211 asks crda, or keeps the world domain");
	both = crda_reads && !strcmp(crda_reads, fw);
	if (kernel_reads && !access(fw, F_OK))
		check_db_file(d, fw, regcore ? READ_REGCORE : READ_CFG80211,
			      both ? (regcore ? "regcore and crda read it" :
					 "cfg80211 and crda read it") :
			      (regcore ? "regcore reads it" : "cfg80211 reads it"));
	if (crda_reads && !(kernel_reads && both))
		check_db_file(d, crda_reads, READ_CRDA, "crda reads it");
}

/* ---- what became of the last requests (regcore's journal) ---- */

struct last_outcomes {
	struct regnl_jentry last;	/* the newest settling entry */
	bool have;
	unsigned int failed, settled;	/* among all kept */
};

/* An outcome that says something is wrong (a newer hint superseding, or
 * a radio gone, drop a request without anything being wrong).
 */
static bool failed(uint8_t outcome)
{
	return outcome == REGCORE_OUTCOME_REFUSED ||
	       outcome == REGCORE_OUTCOME_NO_RULES ||
	       outcome == REGCORE_OUTCOME_TIMED_OUT;
}

static int on_entry(const struct regnl_jentry *e, void *arg,
		    struct regnl_status *st)
{
	struct last_outcomes *lo = arg;

	(void)st;
	if (!e->outcome || !e->request)
		return 0;
	lo->settled++;
	if (failed(e->outcome))
		lo->failed++;
	lo->last = *e;
	lo->have = true;
	return 0;
}

static const char *outcome_fix(uint8_t outcome)
{
	switch (outcome) {
	case REGCORE_OUTCOME_TIMED_OUT:
		return "nothing answered in time: fix the udev rule, crda or database findings above, or raise crda_timeout_ms";
	case REGCORE_OUTCOME_NO_RULES:
		return "the database has no such country: check the code (regctl set XX takes ISO 3166-1 alpha2), or update wireless-regdb";
	case REGCORE_OUTCOME_REFUSED:
		return "the answer could not be applied: see the text, and regctl history for the request";
	default:
		return "see regctl history for the request";
	}
}

static void check_requests(struct doctor *d)
{
	struct last_outcomes lo = { 0 };
	struct regnl_status st;
	char buf[2 * REGNL_MSG_MAX + 64];

	if (d->family != REGNL_FAMILY_REGCORE) {
		finding(d, L_NOTE, "requests", NULL,
			"cfg80211 keeps no record of its requests: see the kernel log (cfg80211: lines), or use regcore");
		return;
	}
	if (!d->nl)
		return;
	if (regnl_get_journal(d->nl, 0, on_entry, &lo, &st)) {
		finding(d, L_WARN, "requests", "see the error",
			"cannot read regcore's journal: %s",
			regnl_status_text(&st, buf, sizeof(buf)));
		return;
	}
	if (!lo.have) {
		finding(d, L_NOTE, "requests", NULL,
			"no request has settled yet (regctl history shows what is pending)");
		return;
	}
	finding(d, failed(lo.last.outcome) ? L_WARN :
		   lo.last.outcome == REGCORE_OUTCOME_DROPPED ? L_NOTE : L_OK,
		"requests", outcome_fix(lo.last.outcome),
		"the last request settled, number %llu for %s: %s: %s (%u of the %u kept failed)",
		(unsigned long long)lo.last.request, lo.last.alpha2,
		regnl_outcome_word(lo.last.outcome), lo.last.text, lo.failed,
		lo.settled);
}

/* ---- the radios ---- */

static void check_radios(struct doctor *d)
{
	struct regnl_domain_list dl = { 0 };
	struct regnl_wiphy_list wl = { 0 };
	struct regnl_status st;
	char buf[2 * REGNL_MSG_MAX + 64];
	const struct regnl_domain *own;
	size_t i, j;

	if (!d->nl)
		return;
	if (regnl_get_reg(d->nl, &dl, &st) || !dl.n ||
	    regnl_get_wiphys(d->nl, &wl, &st)) {
		finding(d, L_WARN, "radios", "see the error",
			"cannot read the domains and radios: %s",
			regnl_status_text(&st, buf, sizeof(buf)));
		goto out;
	}
	finding(d, L_OK, "domain", NULL, "%s is in force (%s, %u rules)",
		dl.v[0].rd.alpha2, regdom_dfs_name(dl.v[0].rd.dfs_region),
		dl.v[0].rd.n_rules);
	if (!wl.n)
		finding(d, L_NOTE, "radios", NULL, "no radio is registered");
	for (i = 0; i < wl.n; i++) {
		own = NULL;
		for (j = 1; j < dl.n; j++)
			if (dl.v[j].has_wiphy && dl.v[j].wiphy == wl.v[i].index)
				own = &dl.v[j];
		if (!own)
			finding(d, L_OK, "radios", NULL,
				"%s follows the domain in force", wl.v[i].name);
		else if (own->self_managed)
			finding(d, L_NOTE, "radios", NULL,
				"%s is self-managed: its firmware sets its domain (%s); a user's country reaches it only as a hint to the firmware",
				wl.v[i].name, own->rd.alpha2);
		else
			finding(d, L_NOTE, "radios", NULL,
				"%s has a domain of its own, %s (its driver's hint or custom rules): a strict radio keeps to it; others follow the domain in force once a user or an access point has set one",
				wl.v[i].name, own->rd.alpha2);
	}
out:
	regnl_domain_list_free(&dl);
	regnl_wiphy_list_free(&wl);
}

int regctl_doctor(FILE *out, enum regnl_family family, bool json)
{
	struct doctor d = {
		.out = out, .json = json, .family = family, .first = true,
	};

	if (json)
		fprintf(out, "{\"family\":\"%s\",\"findings\":[",
			regnl_family_name(family));
	check_family(&d);
	check_source(&d);
	check_udev(&d);
	check_databases(&d);
	check_requests(&d);
	check_radios(&d);
	regnl_close(d.nl);
	if (json) {
		fprintf(out, "],\"ok\":%u,\"note\":%u,\"warn\":%u,\"fail\":%u}\n",
			d.count[L_OK], d.count[L_NOTE], d.count[L_WARN],
			d.count[L_FAIL]);
	} else {
		fprintf(out, "%u ok, %u notes, %u to check, %u to fix\n",
			d.count[L_OK], d.count[L_NOTE], d.count[L_WARN],
			d.count[L_FAIL]);
	}
	return d.count[L_FAIL] ? 1 : 0;
}
