// SPDX-License-Identifier: GPL-2.0
/*
 * test-nlcraft.c - the raw message tool's argument language, run as a
 * program ($NLCRAFT, the sanitized build). Without the family on the build
 * machine, --show proves what would be sent and the exit status proves
 * the family check.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "t.h"

/* Run nlcraft with args (already shell-safe); stdout+stderr into *out. */
static int nlcraft(char **out, const char *args)
{
	const char *bin = getenv("NLCRAFT");
	char cmd[4096], buf[4096];
	size_t len = 0, n;
	FILE *p;
	int st;

	*out = calloc(1, 1);
	if (!bin) {
		t_fail(__FILE__, __LINE__, "NLCRAFT is not set");
		return -1;
	}
	snprintf(cmd, sizeof(cmd), "%s %s 2>&1", bin, args);
	p = popen(cmd, "r");
	if (!p)
		return -1;
	while ((n = fread(buf, 1, sizeof(buf), p)) > 0) {
		char *more = realloc(*out, len + n + 1);

		if (!more)
			break;
		*out = more;
		memcpy(*out + len, buf, n);
		len += n;
		(*out)[len] = '\0';
	}
	st = pclose(p);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

#define NOFAM "--family regcore-nope --show "

TEST(nlcraft_help_documents_the_argument_language)
{
	char *out;

	CHECK_INT(nlcraft(&out, "--help"), 0);
	CHECK(strstr(out, "ATTR:TYPE=VALUE") != NULL);
	CHECK(strstr(out, "rule*N:SPEC") != NULL);
	CHECK(strstr(out, "--expect ERR") != NULL);
	CHECK(strstr(out, "--fail-nth N") != NULL);
	CHECK(strstr(out, "NL80211_ATTR_REG_ALPHA2 (alpha2)") != NULL);
	CHECK(strstr(out, "NL80211_ATTR_DFS_CAC_TIME (cac)") != NULL);
	CHECK(strstr(out, "Exit: 0 accepted, 1 refused, 2 usage, 3 family missing") != NULL);
	free(out);
}

TEST(nlcraft_builds_rules_wrong_types_and_omissions)
{
	char *out;

	CHECK_INT(nlcraft(&out, NOFAM "set_reg alpha2=DE dfs_region:u32=2 "
			  "'rule*2:start=2400000,end=2483500,max_bw=40000,flags:u8=1' "
			  "rule: 999:hex=0a:0b 34:flag"), 3);
	CHECK(strstr(out,
		"message: NL80211_CMD_SET_REG (command 26), 128 bytes\n"
		"  NL80211_ATTR_REG_ALPHA2: \"DE\"\n"
		"  NL80211_ATTR_DFS_REGION: malformed (4 bytes, 1 expected): 02 00 00 00\n"
		"  NL80211_ATTR_REG_RULES: 3 rules\n"
		"    rule 1 (nest type 1):\n"
		"      NL80211_ATTR_FREQ_RANGE_START: 2400000 kHz\n"
		"      NL80211_ATTR_FREQ_RANGE_END: 2483500 kHz\n"
		"      NL80211_ATTR_FREQ_RANGE_MAX_BW: 40000 kHz\n"
		"      NL80211_ATTR_REG_RULE_FLAGS: malformed (1 bytes, 4 expected): 01\n"
		"    rule 2 (nest type 2):\n") != NULL);
	CHECK(strstr(out, "    rule 3 (nest type 3):\n"
			  "  attribute 999: 2 bytes: 0a 0b\n"
			  "  NL80211_ATTR_REG_RULES: 0 rules\n") != NULL);
	CHECK(strstr(out, "not found: module not loaded") != NULL);
	free(out);
}

TEST(nlcraft_repeats_rules_past_the_kernel_limit)
{
	char *out;

	CHECK_INT(nlcraft(&out, NOFAM "SET_REG 'rule*200:start=1,end=2'"), 3);
	CHECK(strstr(out, "NL80211_ATTR_REG_RULES: 200 rules\n") != NULL);
	CHECK(strstr(out, "rule 200 (nest type 200):") != NULL);
	free(out);
}

TEST(nlcraft_takes_numbers_strings_and_bytes)
{
	char *out;

	CHECK_INT(nlcraft(&out, NOFAM "--dump 5 alpha2:bytes=D wiphy=0x10 "
			  "33:string=XY 8:u64=18446744073709551615"), 3);
	CHECK(strstr(out, "message: NL80211_CMD_GET_INTERFACE (command 5), 56 bytes\n") != NULL);
	CHECK(strstr(out, "  NL80211_ATTR_REG_ALPHA2: \"D\" (no NUL)\n"
			  "  NL80211_ATTR_WIPHY: 16\n"
			  "  NL80211_ATTR_REG_ALPHA2: \"XY\"\n"
			  "  attribute 8: 8 bytes: ff ff ff ff ff ff ff ff\n") != NULL);
	free(out);
}

TEST(nlcraft_refuses_what_it_cannot_build)
{
	static const char *const bad[] = {
		"", "NO_SUCH_CMD", "256", "SET_REG nosuch=1", "SET_REG 999=1",
		"SET_REG alpha2:u9=1", "SET_REG dfs_region=256",
		"SET_REG wiphy=-1", "SET_REG alpha2", "SET_REG 999:hex=0",
		"SET_REG 999:hex=zz", "SET_REG 'rule*0:start=1'",
		"SET_REG 'rule*x:start=1'", "SET_REG rule:nosuch=1",
		"SET_REG 'rule:start=1,end'", "--expect EWHAT SET_REG",
		"--bogus SET_REG", "--fail-nth 0 GET_REG", "--fail-nth x GET_REG",
		"--fail-nth -1 GET_REG", "--fail-nth 2147483648 GET_REG",
	};
	char args[256], *out;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(args, sizeof(args), "%s", bad[i]);
		if (nlcraft(&out, args) != 2)
			t_fail(__FILE__, __LINE__, "nlcraft %s: not a usage error: %s",
			       bad[i], out);
		free(out);
	}
}
