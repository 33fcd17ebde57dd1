// SPDX-License-Identifier: GPL-2.0
/*
 * nlcraft - send one hand-made generic netlink message and report what the
 * kernel answered, so that tests can prove malformed input is refused.
 *
 * The argument language (also in --help):
 *
 *   nlcraft [OPTIONS] COMMAND [ITEM...]
 *
 *   COMMAND         NL80211_CMD_* name (prefix optional, any case) or number
 *   ATTR=VALUE      a top-level attribute, typed as nl80211 types it
 *   ATTR:TYPE=VALUE the same with an explicit (possibly wrong) type
 *   ATTR:flag       an attribute without payload; ATTR:nest an empty nest
 *   rule:SPEC       one rule nest inside NL80211_ATTR_REG_RULES: each run
 *                   of consecutive rule items is one such container
 *   rule*N:SPEC     N copies of that rule
 *   SPEC            comma-separated rule attribute items in the same
 *                   ATTR=VALUE / ATTR:TYPE=VALUE / ATTR:flag forms; empty
 *                   for a rule without attributes
 *
 * Attributes are left out simply by not naming them. The result is one
 * line "result: 0 OK" or "result: -22 EINVAL (Invalid argument)", then
 * "extack: ..." and "extack-offset: N" when the kernel sent them.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <linux/nl80211.h>
#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "fail-nth.h"
#include "regnl.h"

/* Exit statuses, as --help states them. */
enum {
	NC_OK = 0,		/* the kernel accepted it (or --expect matched) */
	NC_REFUSED = 1,		/* the kernel refused it (or --expect missed) */
	NC_USAGE = 2,		/* the command line is wrong */
	NC_NOFAMILY = 3,	/* the family is not registered */
	NC_LOCAL = 4,		/* anything else failed locally */
};

#define MSG_ROOM (1u << 20)

static void usage(FILE *f)
{
	const struct regnl_attr_info *a;
	size_t i;

	fputs("Usage: nlcraft [OPTIONS] COMMAND [ITEM...]\n"
	      "Send one generic netlink message and print the kernel's answer.\n\n"
	      "Options:\n"
	      "  --family NAME   generic netlink family (default regcore; nl80211, ...)\n"
	      "  --dump          send with NLM_F_DUMP\n"
	      "  --expect ERR    exit 0 when the answer is ERR (EINVAL, 22, -22, 0, OK),\n"
	      "                  1 otherwise\n"
	      "  --show          print the message before sending it\n"
	      "  --fail-nth N    make the Nth fault-injection point the kernel passes\n"
	      "                  while handling the message fail (an allocation, with\n"
	      "                  failslab's ignore-gfp-wait off), through\n"
	      "                  /proc/thread-self/fail-nth (CONFIG_FAULT_INJECTION);\n"
	      "                  then print \"fail-nth: injected\", \"fail-nth: not\n"
	      "                  reached\" (the message passed fewer than N points)\n"
	      "                  or \"fail-nth: unknown\"\n"
	      "  --quiet         do not print replies\n"
	      "  --help          this text\n\n"
	      "COMMAND: NL80211_CMD_* name (prefix optional, any case) or a number\n\n"
	      "ITEM:\n"
	      "  ATTR=VALUE        top-level attribute with nl80211's type for it\n"
	      "  ATTR:TYPE=VALUE   with an explicit, possibly wrong, type\n"
	      "  ATTR:flag         attribute without payload\n"
	      "  ATTR:nest         empty nested attribute\n"
	      "  rule:SPEC         one rule in NL80211_ATTR_REG_RULES; each run of\n"
	      "                    consecutive rule items is one such attribute\n"
	      "  rule*N:SPEC       N copies of that rule (e.g. more than 128)\n"
	      "  SPEC              comma-separated rule items ATTR=VALUE, ATTR:TYPE=VALUE,\n"
	      "                    ATTR:flag; empty for a rule without attributes\n"
	      "An attribute is left out by not naming it.\n\n"
	      "ATTR: a name (NL80211_ATTR_ prefix optional, any case), an alias, or a number\n"
	      "TYPE: u8 u16 u32 u64 string (with NUL) bytes (without NUL) hex flag nest\n"
	      "VALUE: numbers in C syntax (10, 0x0a); hex as 0a0b0c or 0a:0b:0c\n\n"
	      "Top-level names (alias):\n", f);
	for (i = 0; (a = regnl_attr_nth(REGNL_SPACE_TOP, i)); i++)
		fprintf(f, "  %s (%s)\n", a->name, a->alias);
	fputs("Rule names (alias):\n", f);
	for (i = 0; (a = regnl_attr_nth(REGNL_SPACE_RULE, i)); i++)
		fprintf(f, "  %s (%s)\n", a->name, a->alias);
	fputs("\nOutput: \"result: 0 OK\" or \"result: -22 EINVAL (Invalid argument)\",\n"
	      "then \"extack: TEXT\" and \"extack-offset: N\" when the kernel sent them.\n"
	      "Exit: 0 accepted, 1 refused, 2 usage, 3 family missing, 4 local failure;\n"
	      "with --expect: 0 when the answer matched, 1 when not.\n\n"
	      "Example: nlcraft --expect EINVAL SET_REG alpha2=DE \\\n"
	      "           rule:start=5000000,end=4000000,max_bw=20000,flags=0,gain=0,eirp=2000\n",
	      f);
}

static int bad(const char *fmt, const char *arg)
{
	fputs("nlcraft: ", stderr);
	fprintf(stderr, fmt, arg);
	fputs(" (see nlcraft --help)\n", stderr);
	return -1;
}

static int kind_parse(const char *s, enum regnl_attr_kind *k)
{
	static const struct {
		const char *name;
		enum regnl_attr_kind kind;
	} kinds[] = {
		{ "u8", REGNL_K_U8 }, { "u16", REGNL_K_U16 },
		{ "u32", REGNL_K_U32 }, { "u64", REGNL_K_U64 },
		{ "string", REGNL_K_STRING }, { "flag", REGNL_K_FLAG },
		{ "nest", REGNL_K_NESTED }, { "hex", REGNL_K_BINARY },
		{ "bytes", REGNL_K_UNSPEC },
	};
	size_t i;

	for (i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(s, kinds[i].name)) {
			*k = kinds[i].kind;
			return 0;
		}
	return -1;
}

static int number(const char *s, unsigned long long max,
		  unsigned long long *v)
{
	char *end;

	errno = 0;
	if (!*s || *s == '-')
		return -1;
	*v = strtoull(s, &end, 0);
	return errno || *end || *v > max ? -1 : 0;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static int put_hex(struct nl_msg *msg, int type, const char *s)
{
	unsigned char buf[4096];
	size_t n = 0;
	int hi, lo;

	while (*s) {
		if (*s == ':') {
			s++;
			continue;
		}
		hi = hexval(s[0]);
		lo = hi < 0 ? -1 : hexval(s[1]);
		if (lo < 0 || n == sizeof(buf))
			return -1;
		buf[n++] = (unsigned char)(hi << 4 | lo);
		s += 2;
	}
	return nla_put(msg, type, (int)n, buf) ? -1 : 0;
}

/*
 * Add one ATTR=VALUE / ATTR:TYPE=VALUE / ATTR:flag / ATTR:nest item of
 * space sp. Returns 0, or -1 after saying what is wrong.
 */
static int put_item(struct nl_msg *msg, enum regnl_attr_space sp,
		    const char *item)
{
	char name[128], tname[16];
	const struct regnl_attr_info *info;
	const char *eq = strchr(item, '='), *colon, *value;
	enum regnl_attr_kind kind;
	unsigned long long v, num;
	size_t nlen;
	int type;

	colon = strchr(item, ':');
	if (colon && eq && colon > eq)
		colon = NULL;
	nlen = colon ? (size_t)(colon - item) : eq ? (size_t)(eq - item) :
		       strlen(item);
	if (!nlen || nlen >= sizeof(name))
		return bad("bad item \"%s\"", item);
	memcpy(name, item, nlen);
	name[nlen] = '\0';
	info = regnl_attr_lookup(sp, name);
	if (info) {
		type = info->type;
		kind = info->kind;
	} else if (!number(name, NLA_TYPE_MASK, &num)) {
		type = (int)num;
		kind = REGNL_K_UNSPEC;
		info = NULL;
	} else {
		return bad("unknown attribute \"%s\"", name);
	}
	if (colon) {
		size_t tlen = eq ? (size_t)(eq - colon - 1) : strlen(colon + 1);

		if (tlen >= sizeof(tname))
			return bad("unknown type in \"%s\"", item);
		memcpy(tname, colon + 1, tlen);
		tname[tlen] = '\0';
		if (kind_parse(tname, &kind))
			return bad("unknown type in \"%s\"", item);
		if (kind == REGNL_K_UNSPEC && !eq)
			return bad("\"%s\" needs a value", item);
	} else if (!info) {
		return bad("attribute \"%s\" needs a type (ATTR:TYPE=VALUE)",
			   name);
	}
	value = eq ? eq + 1 : NULL;
	if (!value && kind != REGNL_K_FLAG && kind != REGNL_K_NESTED)
		return bad("\"%s\" needs a value", item);
	switch (kind) {
	case REGNL_K_FLAG:
		return nla_put_flag(msg, type) ? bad("no room for \"%s\"", item) : 0;
	case REGNL_K_NESTED:	/* nla_nest_end() would drop it: put it */
		return nla_put(msg, type | NLA_F_NESTED, 0, NULL) ?
			bad("no room for \"%s\"", item) : 0;
	case REGNL_K_STRING:
		return nla_put_string(msg, type, value) ?
			bad("no room for \"%s\"", item) : 0;
	case REGNL_K_UNSPEC:	/* "bytes": the text without its NUL */
		return nla_put(msg, type, (int)strlen(value), value) ?
			bad("no room for \"%s\"", item) : 0;
	case REGNL_K_BINARY:
		return put_hex(msg, type, value) ?
			bad("bad hex value in \"%s\"", item) : 0;
	case REGNL_K_U8:
		if (number(value, UINT8_MAX, &v))
			return bad("bad u8 value in \"%s\"", item);
		return nla_put_u8(msg, type, (uint8_t)v) ?
			bad("no room for \"%s\"", item) : 0;
	case REGNL_K_U16:
		if (number(value, UINT16_MAX, &v))
			return bad("bad u16 value in \"%s\"", item);
		return nla_put_u16(msg, type, (uint16_t)v) ?
			bad("no room for \"%s\"", item) : 0;
	case REGNL_K_U32:
		if (number(value, UINT32_MAX, &v))
			return bad("bad u32 value in \"%s\"", item);
		return nla_put_u32(msg, type, (uint32_t)v) ?
			bad("no room for \"%s\"", item) : 0;
	case REGNL_K_U64:
		if (number(value, UINT64_MAX, &v))
			return bad("bad u64 value in \"%s\"", item);
		return nla_put_u64(msg, type, v) ?
			bad("no room for \"%s\"", item) : 0;
	}
	return bad("cannot encode \"%s\"", item);
}

/* One rule nest from SPEC: comma-separated rule items. */
static int put_rule(struct nl_msg *msg, int index, const char *spec)
{
	char *copy, *tok, *save = NULL;
	struct nlattr *nest;
	int r = 0;

	/* nla_nest_end() would drop an empty nest: put it whole */
	if (!*spec)
		return nla_put(msg, index | NLA_F_NESTED, 0, NULL) ?
			bad("no room for rule \"%s\"", spec) : 0;
	nest = nla_nest_start(msg, index | NLA_F_NESTED);
	if (!nest)
		return bad("no room for rule \"%s\"", spec);
	copy = strdup(spec);
	if (!copy)
		return bad("out of memory at \"%s\"", spec);
	for (tok = strtok_r(copy, ",", &save); tok && !r;
	     tok = strtok_r(NULL, ",", &save))
		r = put_item(msg, REGNL_SPACE_RULE, tok);
	free(copy);
	nla_nest_end(msg, nest);
	return r;
}

/* rule:SPEC or rule*N:SPEC; *n is how many copies. */
static const char *rule_spec(const char *item, unsigned long long *n)
{
	const char *colon;
	char count[32];
	size_t len;

	if (!strncmp(item, "rule:", 5)) {
		*n = 1;
		return item + 5;
	}
	if (strncmp(item, "rule*", 5))
		return NULL;
	colon = strchr(item, ':');
	if (!colon)
		return NULL;
	len = (size_t)(colon - item - 5);
	if (!len || len >= sizeof(count))
		return NULL;
	memcpy(count, item + 5, len);
	count[len] = '\0';
	if (number(count, 100000, n) || !*n)
		return NULL;
	return colon + 1;
}

static int build(struct nl_msg *msg, int argc, char **argv)
{
	struct nlattr *rules = NULL;
	unsigned long long n, k;
	int i, index = 0;
	const char *spec;

	for (i = 0; i < argc; i++) {
		spec = rule_spec(argv[i], &n);
		if (!spec && !strncmp(argv[i], "rule*", 5))
			return bad("bad rule count in \"%s\"", argv[i]);
		if (!spec) {
			/* a top-level item ends a run of rules */
			if (rules)
				nla_nest_end(msg, rules);
			rules = NULL;
			if (put_item(msg, REGNL_SPACE_TOP, argv[i]))
				return -1;
			continue;
		}
		if (!rules) {
			rules = nla_nest_start(msg, NL80211_ATTR_REG_RULES |
						    NLA_F_NESTED);
			if (!rules)
				return bad("no room for \"%s\"", argv[i]);
		}
		for (k = 0; k < n; k++)
			if (put_rule(msg, ++index, spec))
				return -1;
	}
	if (rules)
		nla_nest_end(msg, rules);
	return 0;
}

/* ERR as a name, a number (sign ignored), or 0 / OK; -1 if not one. */
static int parse_errno(const char *s)
{
	unsigned long long v;
	int e;

	if (!strcasecmp(s, "OK"))
		return 0;
	if (!number(s[0] == '-' ? s + 1 : s, 4095, &v))
		return (int)v;
	for (e = 1; e < 4096; e++) {
		const char *name = strerrorname_np(e);

		if (name && !strcmp(name, s))
			return e;
	}
	return -1;
}

static int print_reply(struct nl_msg *msg, void *arg, struct regnl_status *st)
{
	(void)st;
	if (!*(bool *)arg) {
		fputs("reply: ", stdout);
		regnl_decode_msg(stdout, msg);
	}
	return 0;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "family", required_argument, NULL, 'f' },
		{ "dump", no_argument, NULL, 'd' },
		{ "expect", required_argument, NULL, 'e' },
		{ "show", no_argument, NULL, 's' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "fail-nth", required_argument, NULL, 'F' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *family = REGCORE_GENL_NAME;
	bool dump = false, show = false, quiet = false;
	int expect = -1, opt, cmd, r, e, fnfd = -1;
	unsigned long long fail_nth = 0;
	struct regnl_status st;
	unsigned long long v;
	struct regnl *nl;
	struct nl_msg *msg;

	while ((opt = getopt_long(argc, argv, "+h", opts, NULL)) != -1) {
		switch (opt) {
		case 'f': family = optarg; break;
		case 'd': dump = true; break;
		case 's': show = true; break;
		case 'q': quiet = true; break;
		case 'e':
			expect = parse_errno(optarg);
			if (expect < 0) {
				bad("unknown errno \"%s\"", optarg);
				return NC_USAGE;
			}
			break;
		case 'F':
			if (number(optarg, 0x7fffffff, &fail_nth) || !fail_nth) {
				bad("--fail-nth wants a number from 1, not \"%s\"",
				    optarg);
				return NC_USAGE;
			}
			break;
		case 'h':
			usage(stdout);
			return NC_OK;
		default:
			usage(stderr);
			return NC_USAGE;
		}
	}
	if (optind >= argc) {
		bad("%s", "no command given");
		return NC_USAGE;
	}
	cmd = regnl_cmd_lookup(argv[optind]);
	if (cmd < 0) {
		if (number(argv[optind], 255, &v)) {
			bad("unknown command \"%s\"", argv[optind]);
			return NC_USAGE;
		}
		cmd = (int)v;
	}
	msg = regnl_msg_new(0, (uint8_t)cmd, dump ? NLM_F_DUMP : 0,
			    MSG_ROOM - 512);
	if (!msg) {
		fputs("nlcraft: out of memory\n", stderr);
		return NC_LOCAL;
	}
	if (build(msg, argc - optind - 1, argv + optind + 1)) {
		nlmsg_free(msg);
		return NC_USAGE;
	}
	if (show) {
		fputs("message: ", stdout);
		regnl_decode_msg(stdout, msg);
	}
	if (regnl_open_name(&nl, family, &st)) {
		nlmsg_free(msg);
		fprintf(stderr, "nlcraft: %s\n", st.detail);
		return st.kind == REGNL_E_NOFAMILY ? NC_NOFAMILY : NC_LOCAL;
	}
	if (fail_nth) {
		fnfd = fail_nth_arm("nlcraft", (unsigned int)fail_nth);
		if (fnfd < 0) {
			regnl_close(nl);
			nlmsg_free(msg);
			return NC_LOCAL;
		}
	}
	r = regnl_transact(nl, msg, print_reply, &quiet, &st);
	if (fnfd >= 0)
		fail_nth_report("nlcraft", fnfd);
	regnl_close(nl);
	nlmsg_free(msg);
	if (r && st.kind != REGNL_E_KERNEL) {
		fprintf(stderr, "nlcraft: %s\n", st.detail);
		return NC_LOCAL;
	}
	e = -r;
	if (!e)
		printf("result: 0 OK\n");
	else
		printf("result: %d %s (%s)\n", r, regnl_errno_name(e),
		       strerror(e));
	if (st.extack[0])
		printf("extack: %s\n", st.extack);
	if (st.has_offset)
		printf("extack-offset: %u\n", st.offset);
	fflush(stdout);
	if (expect >= 0)
		return e == expect ? NC_OK : NC_REFUSED;
	return e ? NC_REFUSED : NC_OK;
}
