// SPDX-License-Identifier: GPL-2.0
/*
 * decode.c - print a message attribute by attribute (crda --dry-run, the
 * raw message tool). Nothing is trusted: each value is printed only when
 * its length fits its type, otherwise it is shown as malformed, in hex.
 */
#include <errno.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>

#include "internal.h"

#define HEX_MAX 32

static void hex(FILE *f, const unsigned char *p, int len)
{
	int i;

	for (i = 0; i < len && i < HEX_MAX; i++)
		fprintf(f, "%s%02x", i ? " " : "", p[i]);
	if (len > HEX_MAX)
		fputs(" ...", f);
}

static void quoted(FILE *f, const unsigned char *p, int len)
{
	int i;

	fputc('"', f);
	for (i = 0; i < len && p[i]; i++) {
		if (p[i] >= 0x20 && p[i] < 0x7f && p[i] != '"' && p[i] != '\\')
			fputc(p[i], f);
		else
			fprintf(f, "\\x%02x", p[i]);
	}
	fputc('"', f);
	if (i == len)
		fputs(" (no NUL)", f);
	else if (i + 1 < len)
		fprintf(f, " (%d bytes after the NUL)", len - i - 1);
}

/* ": " and the bytes in hex, when there are any. */
static void bytes(FILE *f, const unsigned char *p, int len)
{
	if (len) {
		fputs(": ", f);
		hex(f, p, len);
	}
	fputc('\n', f);
}

static const char *unit_of(enum regnl_attr_space sp, unsigned int type)
{
	if (sp != REGNL_SPACE_RULE)
		return "";
	switch (type) {
	case NL80211_ATTR_FREQ_RANGE_START:
	case NL80211_ATTR_FREQ_RANGE_END:
	case NL80211_ATTR_FREQ_RANGE_MAX_BW:
		return " kHz";
	case NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN:
		return " mBi";
	case NL80211_ATTR_POWER_RULE_MAX_EIRP:
		return " mBm";
	case NL80211_ATTR_DFS_CAC_TIME:
		return " ms";
	default:
		return "";
	}
}

/* Extra words after some values: flag names, DFS region names. */
static void annotate(FILE *f, enum regnl_attr_space sp, unsigned int type,
		     unsigned long long v)
{
	char text[256];

	if (sp == REGNL_SPACE_RULE && type == NL80211_ATTR_REG_RULE_FLAGS) {
		regnl_rule_flags_text(text, sizeof(text), (uint32_t)v);
		if (v & NL80211_RRF_PTMP_ONLY)
			snprintf(text + strlen(text),
				 sizeof(text) - strlen(text), ", PTMP-ONLY");
		if (text[0])
			fprintf(f, " (%s)", text + 2);
	} else if (sp == REGNL_SPACE_TOP && type == NL80211_ATTR_DFS_REGION) {
		fprintf(f, " (%s)", regdom_dfs_name((uint8_t)v));
	}
}

static void decode_rules(FILE *f, const struct nlattr *rules, int depth);

static void decode_attr(FILE *f, const struct nlattr *a,
			enum regnl_attr_space sp, int depth)
{
	unsigned int type = nla_type(a);
	const struct regnl_attr_info *info = regnl_attr_by_type(sp, type);
	const unsigned char *p = nla_data(a);
	int len = nla_len(a);
	unsigned long long v = 0;
	int want;

	fprintf(f, "%*s", 2 * depth, "");
	if (info)
		fprintf(f, "%s: ", info->name);
	else
		fprintf(f, "attribute %u: ", type);
	if (!info) {
		fprintf(f, "%d bytes", len);
		bytes(f, p, len);
		return;
	}
	want = regnl_kind_size(info->kind);
	if (want >= 0 && len != want) {
		fprintf(f, "malformed (%d bytes, %d expected)", len, want);
		bytes(f, p, len);
		return;
	}
	switch (info->kind) {
	case REGNL_K_U8: v = p[0]; break;
	case REGNL_K_U16: v = nla_get_u16(a); break;
	case REGNL_K_U32: v = nla_get_u32(a); break;
	case REGNL_K_U64: v = nla_get_u64(a); break;
	case REGNL_K_FLAG:
		fputs("(flag)\n", f);
		return;
	case REGNL_K_STRING:
		quoted(f, p, len);
		fputc('\n', f);
		return;
	case REGNL_K_NESTED:
		if (sp == REGNL_SPACE_TOP && type == NL80211_ATTR_REG_RULES) {
			decode_rules(f, a, depth);
			return;
		}
		fprintf(f, "nested, %d bytes\n", len);
		return;
	default:
		fprintf(f, "%d bytes", len);
		bytes(f, p, len);
		return;
	}
	if (sp == REGNL_SPACE_RULE && type == NL80211_ATTR_REG_RULE_FLAGS)
		fprintf(f, "0x%08llx", v);
	else
		fprintf(f, "%llu%s", v, unit_of(sp, type));
	annotate(f, sp, type, v);
	fputc('\n', f);
}

/* The attributes of a stream; what is left after the last whole one is shown. */
static void decode_stream(FILE *f, const struct nlattr *head, int len,
			  enum regnl_attr_space sp, int depth)
{
	const struct nlattr *a;
	int rem;

	nla_for_each_attr(a, head, len, rem)
		decode_attr(f, a, sp, depth);
	if (rem > 0)
		fprintf(f, "%*s(%d trailing bytes that are no attribute)\n",
			2 * depth, "", rem);
}

static void decode_rules(FILE *f, const struct nlattr *rules, int depth)
{
	const struct nlattr *r;
	int rem, n = 0, i = 0;

	nla_for_each_nested(r, rules, rem)
		n++;
	fprintf(f, "%d rule%s\n", n, n == 1 ? "" : "s");
	nla_for_each_nested(r, rules, rem) {
		fprintf(f, "%*srule %d (nest type %d):\n", 2 * depth + 2, "",
			++i, nla_type(r));
		decode_stream(f, nla_data(r), nla_len(r), REGNL_SPACE_RULE,
			      depth + 2);
	}
	if (rem > 0)
		fprintf(f, "%*s(%d trailing bytes that are no rule)\n",
			2 * depth + 2, "", rem);
}

int regnl_decode_msg(FILE *f, struct nl_msg *msg)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gnlh;
	const char *name;

	if (!genlmsg_valid_hdr(nlh, 0))
		return -EINVAL;
	gnlh = nlmsg_data(nlh);
	name = regnl_cmd_name(gnlh->cmd);
	if (name)
		fprintf(f, "%s (command %u)", name, gnlh->cmd);
	else
		fprintf(f, "command %u", gnlh->cmd);
	fprintf(f, ", %u bytes\n", nlh->nlmsg_len);
	decode_stream(f, genlmsg_attrdata(gnlh, 0), genlmsg_attrlen(gnlh, 0),
		      REGNL_SPACE_TOP, 1);
	return 0;
}
