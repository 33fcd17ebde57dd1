// SPDX-License-Identifier: GPL-2.0
/*
 * test-regctl.c - regctl's command table, help and usage errors, and the
 * checks it makes before talking to the kernel, and what it sends and says
 * when a fake kernel (fake-kernel.c) answers. regctl.c is included so
 * that its table and regctl_run() can be reached; its main() is left out.
 */
#include <stdarg.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/nl80211.h>

#include "fake.h"
#include "t.h"

#define REGCTL_NO_MAIN
#include "../../../crda/regctl.c"

/* Run regctl with the given arguments; out and err receive its output. */
static int run(struct t_out *out, struct t_out *err, ...)
{
	char *argv[16];
	va_list ap;
	int argc = 0, r;

	argv[argc++] = "regctl";
	va_start(ap, err);
	while (argc < 15 && (argv[argc] = va_arg(ap, char *)))
		argc++;
	va_end(ap);
	argv[argc] = NULL;
	r = regctl_run(argc, argv, t_out_open(out), t_out_open(err));
	t_out_text(out);
	t_out_text(err);
	return r;
}

static bool has(const struct t_out *o, const char *s)
{
	return o->text && strstr(o->text, s);
}

TEST(every_command_has_a_name_a_handler_and_help)
{
	size_t i, j;

	CHECK(regctl_n_cmds >= 5);
	for (i = 0; i < regctl_n_cmds; i++) {
		const struct regctl_cmd *c = &regctl_cmds[i];

		CHECK(c->name && *c->name);
		CHECK(c->handler != NULL);
		CHECK(c->help && strlen(c->help) > 10);
		CHECK(!c->args || *c->args);
		for (j = 0; j < i; j++)
			CHECK(strcmp(c->name, regctl_cmds[j].name));
	}
	CHECK(find_cmd("get") && find_cmd("set") && find_cmd("phy") &&
	      find_cmd("monitor") && find_cmd("help") && find_cmd("reload"));
	CHECK(find_cmd("get")->reads && find_cmd("phy")->reads &&
	      find_cmd("monitor")->reads && !find_cmd("set")->reads &&
	      !find_cmd("reload")->reads);
}

TEST(help_lists_every_command_with_its_synopsis_and_help)
{
	struct t_out out, err;
	char line[256];
	size_t i;

	CHECK_INT(run(&out, &err, "help", NULL), EXIT_OK);
	for (i = 0; i < regctl_n_cmds; i++) {
		const struct regctl_cmd *c = &regctl_cmds[i];

		snprintf(line, sizeof(line), "\tregctl [options] %s%s%s\n",
			 c->name, c->args ? " " : "", c->args ? c->args : "");
		CHECK(has(&out, line));
		CHECK(has(&out, c->help));
	}
	CHECK(has(&out, "--family regcore|nl80211"));
	CHECK(has(&out, "--json"));
	CHECK_STR(err.text, "");
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(run(&out, &err, "--help", NULL), EXIT_OK);
	CHECK(has(&out, "Commands:"));
	t_out_free(&out);
	t_out_free(&err);
}

TEST(help_for_each_command_prints_its_entry)
{
	struct t_out out, err;
	size_t i;

	for (i = 0; i < regctl_n_cmds; i++) {
		const struct regctl_cmd *c = &regctl_cmds[i];

		CHECK_INT(run(&out, &err, "help", c->name, NULL), EXIT_OK);
		CHECK(has(&out, c->help));
		CHECK(!strncmp(out.text, "Usage:\tregctl [options] ", 24));
		t_out_free(&out);
		t_out_free(&err);
	}
	CHECK_INT(run(&out, &err, "help", "frobnicate", NULL), EXIT_USAGE);
	CHECK(has(&err, "unknown command \"frobnicate\""));
	t_out_free(&out);
	t_out_free(&err);
}

TEST(an_unknown_command_fails_with_the_usage)
{
	struct t_out out, err;

	CHECK_INT(run(&out, &err, "frobnicate", NULL), EXIT_USAGE);
	CHECK(has(&err, "regctl: unknown command \"frobnicate\""));
	CHECK(has(&err, "Usage:"));
	CHECK(has(&err, "\tregctl [options] set [--cell-base] <ISO/IEC 3166-1 alpha2> [--wait [--timeout SECONDS] | --dry-run] | --indoor on [--hold] | --indoor off\n"));
	CHECK_STR(out.text, "");
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(run(&out, &err, NULL), EXIT_USAGE);
	CHECK(has(&err, "no command given"));
	t_out_free(&out);
	t_out_free(&err);
}

TEST(wrong_arguments_print_the_commands_usage)
{
	static const char *const cases[][3] = {
		{ "get", "extra", NULL },
		{ "set", NULL, NULL },
		{ "set", "DE", "FR" },
		{ "reload", "regulatory.db", NULL },
		{ "reload", "-f", NULL },
		{ "phy", "phy0", "phy1" },
		{ "monitor", "-n", "0" },
		{ "monitor", "-n", "x" },
		{ "monitor", "-w", NULL },
		{ "monitor", "--bogus", NULL },
		{ "help", "get", "set" },
		{ "why", NULL, NULL },
		{ "why", "rphy0", NULL },
	};
	struct t_out out, err;
	char want[1024];
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct regctl_cmd *c = find_cmd(cases[i][0]);

		CHECK_INT(run(&out, &err, cases[i][0], cases[i][1],
			      cases[i][1] ? cases[i][2] : NULL, NULL),
			  EXIT_USAGE);
		snprintf(want, sizeof(want), "Usage:\tregctl [options] %s%s%s\n\t\t%s\n",
			 c->name, c->args ? " " : "", c->args ? c->args : "",
			 c->help);
		CHECK_STR(err.text, want);
		t_out_free(&out);
		t_out_free(&err);
	}
}

/* Exit 2 and not 3: the alpha2 is judged before any socket is opened. */
TEST(set_refuses_a_bad_alpha2_before_sending)
{
	static const char *const bad[] = { "de", "D", "DEU", "0", "1A",
					   "99", "" };
	struct t_out out, err;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_INT(run(&out, &err, "set", bad[i], NULL), EXIT_USAGE);
		CHECK(has(&err, "not a valid ISO/IEC 3166-1 alpha2"));
		t_out_free(&out);
		t_out_free(&err);
		CHECK_INT(run(&out, &err, "--family", "nl80211", "set",
			      bad[i], NULL), EXIT_USAGE);
		t_out_free(&out);
		t_out_free(&err);
	}
}

/* --cell-base before the country; an option anywhere else is a usage
 * error, not a country that is not valid.
 */
TEST(set_takes_cell_base_before_the_country)
{
	struct t_out out, err;

	CHECK_INT(run(&out, &err, "set", "--cell-base", NULL), EXIT_USAGE);
	CHECK(has(&err, "\tregctl [options] set [--cell-base] <ISO/IEC 3166-1 alpha2> [--wait [--timeout SECONDS] | --dry-run] | --indoor on [--hold] | --indoor off\n"));
	CHECK(!has(&err, "not a valid"));
	t_out_free(&out);
	t_out_free(&err);
	CHECK_INT(run(&out, &err, "set", "--cellbase", "DE", NULL), EXIT_USAGE);
	CHECK(has(&err, "set [--cell-base]"));
	t_out_free(&out);
	t_out_free(&err);
	CHECK_INT(run(&out, &err, "set", "--cell-base", "de", NULL), EXIT_USAGE);
	CHECK(has(&err, "not a valid ISO/IEC 3166-1 alpha2"));
	t_out_free(&out);
	t_out_free(&err);
}

/* --indoor takes on or off, and --hold only after on; nothing is sent
 * for a wrong one (usage, not "cannot reach the family").
 */
TEST(set_indoor_takes_on_or_off)
{
	static const char *const bad[][4] = {
		{ "set", "--indoor", NULL },
		{ "set", "--indoor", "yes", NULL },
		{ "set", "--indoor", "ON", NULL },
		{ "set", "--indoor", "off", "--hold" },
		{ "set", "--indoor", "--hold", "on" },
		{ "set", "--indoor", "on", "--keep" },
		{ "set", "--hold", NULL },
		{ "set", "DE", "--indoor" },
	};
	struct t_out out, err;
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_INT(run(&out, &err, bad[i][0], bad[i][1], bad[i][2],
			      bad[i][2] ? bad[i][3] : NULL, NULL),
			  EXIT_USAGE);
		CHECK(has(&err, "| --indoor on [--hold] | --indoor off\n"));
		CHECK(!has(&err, "not a valid"));
		t_out_free(&out);
		t_out_free(&err);
	}
}

TEST(options_are_checked)
{
	struct t_out out, err;

	CHECK_INT(run(&out, &err, "--family", "wext", "get", NULL),
		  EXIT_USAGE);
	CHECK(has(&err, "unknown family \"wext\""));
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(run(&out, &err, "--frob", "get", NULL), EXIT_USAGE);
	CHECK(has(&err, "bad option"));
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(run(&out, &err, "--json", "set", "DE", NULL), EXIT_USAGE);
	CHECK(has(&err, "--json applies to the read commands"));
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(run(&out, &err, "--json", "reload", NULL), EXIT_USAGE);
	CHECK_STR(err.text,
		  "regctl: --json applies to the read commands and set --wait, not to \"reload\"\n");
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(run(&out, &err, "--version", NULL), EXIT_OK);
	CHECK(!strncmp(out.text, "regctl (regcore) ", 17));
	t_out_free(&out);
	t_out_free(&err);
}

/*
 * The build machine has neither regcore nor (usually) cfg80211 loaded:
 * the user is told which module is missing, with its own exit status.
 */
TEST(a_missing_family_says_module_not_loaded)
{
	static const char *const fams[] = { "regcore", "nl80211" };
	static const char *const cmds[][2] = {
		{ "get", NULL }, { "set", "DE" }, { "phy", NULL },
		{ "monitor", NULL }, { "reload", NULL },
	};
	struct regnl_status st;
	struct t_out out, err;
	struct regnl *nl;
	size_t f, i;

	CHECK_INT(regnl_open_name(&nl, "regcore-nope", &st),
		  -ENOENT);
	CHECK_INT(st.kind, REGNL_E_NOFAMILY);
	CHECK(strstr(st.detail, "module not loaded") != NULL);
	for (f = 0; f < 2; f++) {
		enum regnl_family fam;

		regnl_family_parse(fams[f], &fam);
		if (!regnl_open(&nl, fam, NULL)) {
			printf("# family %s is present here: skipped\n",
			       fams[f]);
			regnl_close(nl);
			continue;
		}
		for (i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
			CHECK_INT(run(&out, &err, "--family", fams[f],
				      cmds[i][0], cmds[i][1], NULL),
				  EXIT_NOFAMILY);
			CHECK(has(&err, "not found: module not loaded"));
			CHECK(has(&err, fams[f]));
			CHECK_STR(out.text, "");
			t_out_free(&out);
			t_out_free(&err);
		}
	}
}

TEST(errors_are_explained_by_kind)
{
	struct regnl_status st = { .kind = REGNL_E_KERNEL, .err = -EPERM };
	struct regctl rc;
	struct t_out err;

	rc.out = stdout;
	rc.err = t_out_open(&err);
	CHECK_INT(report(&rc, &st, "asking"), EXIT_PERM);
	CHECK_STR(t_out_text(&err),
		  "regctl: asking: not permitted: needs CAP_NET_ADMIN\n");
	t_out_free(&err);

	st.err = -EINVAL;
	snprintf(st.extack, sizeof(st.extack), "rule 3: start after end");
	rc.err = t_out_open(&err);
	CHECK_INT(report(&rc, &st, "setting"), EXIT_FAIL);
	CHECK_STR(t_out_text(&err),
		  "regctl: setting: the kernel refused: Invalid argument (EINVAL): rule 3: start after end\n");
	t_out_free(&err);

	memset(&st, 0, sizeof(st));
	st.kind = REGNL_E_REPLY;
	st.err = -EBADMSG;
	snprintf(st.detail, sizeof(st.detail), "malformed message: x");
	rc.err = t_out_open(&err);
	CHECK_INT(report(&rc, &st, "reading"), EXIT_FAIL);
	CHECK_STR(t_out_text(&err), "regctl: reading: malformed message: x\n");
	t_out_free(&err);
}

/* ---- regctl reload, against the fake kernel ---- */

/*
 * Run regctl reload (with the options before it) against a fake kernel
 * answering a; out and err receive its output.
 */
static int reload(struct t_out *out, struct t_out *err,
		  const struct fake_answer *a, const char *opt1,
		  const char *opt2)
{
	int r;

	fake_kernel_on(a);
	if (opt1)
		r = run(out, err, opt1, opt2, "reload", NULL);
	else
		r = run(out, err, "reload", NULL);
	fake_kernel_off();
	return r;
}

/* The last request is NL80211_CMD_RELOAD_REGDB to family id, alone. */
static void check_reload_msg(int id)
{
	const struct nlmsghdr *h = fake_kernel_last();
	const struct genlmsghdr *g;

	CHECK_INT(fake_kernel_n_sent(), 1);
	CHECK(h != NULL);
	if (!h)
		return;
	CHECK_INT(h->nlmsg_type, id);
	CHECK_INT(h->nlmsg_flags & (NLM_F_REQUEST | NLM_F_ACK),
		  NLM_F_REQUEST | NLM_F_ACK);
	CHECK_INT(h->nlmsg_flags & (NLM_F_DUMP | NLM_F_ECHO), 0);
	/* a genl header and not one attribute */
	CHECK_INT(h->nlmsg_len, NLMSG_HDRLEN + GENL_HDRLEN);
	g = (const struct genlmsghdr *)((const char *)h + NLMSG_HDRLEN);
	CHECK_INT(g->cmd, NL80211_CMD_RELOAD_REGDB);
	CHECK_INT(g->cmd, 126);	/* its number in every <linux/nl80211.h> */
	CHECK_INT(g->version, 0);
}

TEST(reload_sends_RELOAD_REGDB_alone_with_an_ack_request_to_regcore)
{
	const struct fake_answer ack = { 0 };
	struct t_out out, err;

	CHECK_INT(reload(&out, &err, &ack, NULL, NULL), EXIT_OK);
	CHECK_STR(fake_kernel_family(), "regcore");
	check_reload_msg(FAKE_ID_REGCORE);
	/* silent on success, as set is */
	CHECK_STR(out.text, "");
	CHECK_STR(err.text, "");
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(reload(&out, &err, &ack, "--family", "regcore"), EXIT_OK);
	CHECK_STR(fake_kernel_family(), "regcore");
	check_reload_msg(FAKE_ID_REGCORE);
	CHECK_STR(out.text, "");
	CHECK_STR(err.text, "");
	t_out_free(&out);
	t_out_free(&err);
}

TEST(reload_with_family_nl80211_goes_to_cfg80211)
{
	const struct fake_answer ack = { 0 };
	struct t_out out, err;

	CHECK_INT(reload(&out, &err, &ack, "--family", "nl80211"), EXIT_OK);
	CHECK_STR(fake_kernel_family(), "nl80211");
	check_reload_msg(FAKE_ID_NL80211);
	CHECK_STR(out.text, "");
	CHECK_STR(err.text, "");
	t_out_free(&out);
	t_out_free(&err);
}

TEST(reload_without_CAP_NET_ADMIN_exits_4_and_says_so)
{
	const struct fake_answer eperm = { .err = -EPERM };
	static const char *const fams[] = { "regcore", "nl80211" };
	struct t_out out, err;
	size_t f;

	for (f = 0; f < 2; f++) {
		CHECK_INT(reload(&out, &err, &eperm, "--family", fams[f]),
			  EXIT_PERM);
		check_reload_msg(f ? FAKE_ID_NL80211 : FAKE_ID_REGCORE);
		CHECK_STR(err.text,
			  "regctl: reloading the regulatory database: not permitted: needs CAP_NET_ADMIN\n");
		CHECK_STR(out.text, "");
		t_out_free(&out);
		t_out_free(&err);
	}
}

/* genetlink answers a command the family lacks with EOPNOTSUPP. */
TEST(reload_on_a_module_or_kernel_without_the_command_says_so)
{
	const struct fake_answer unknown = { .err = -EOPNOTSUPP };
	struct t_out out, err;

	CHECK_INT(reload(&out, &err, &unknown, NULL, NULL), EXIT_FAIL);
	check_reload_msg(FAKE_ID_REGCORE);
	CHECK_STR(err.text,
		  "regctl: reloading the regulatory database: the loaded regcore module does not support reload: Operation not supported (EOPNOTSUPP)\n");
	CHECK_STR(out.text, "");
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(reload(&out, &err, &unknown, "--family", "nl80211"),
		  EXIT_FAIL);
	check_reload_msg(FAKE_ID_NL80211);
	CHECK_STR(err.text,
		  "regctl: reloading the regulatory database: this kernel's cfg80211 does not support reload: Operation not supported (EOPNOTSUPP)\n");
	CHECK_STR(out.text, "");
	t_out_free(&out);
	t_out_free(&err);
}

TEST(a_refused_reload_prints_the_kernels_errno_and_message)
{
	struct fake_answer a = {
		.err = -EKEYREJECTED,
		.extack = "regulatory.db.p7s: not signed by a trusted certificate",
	};
	const char *want =
		"regctl: reloading the regulatory database: the kernel refused: Key was rejected by service (EKEYREJECTED): regulatory.db.p7s: not signed by a trusted certificate\n";
	struct t_out out, err;

	CHECK_INT(reload(&out, &err, &a, NULL, NULL), EXIT_FAIL);
	check_reload_msg(FAKE_ID_REGCORE);
	CHECK_STR(err.text, want);
	CHECK_STR(out.text, "");
	t_out_free(&out);
	t_out_free(&err);

	/* the same from a socket that gets the request echoed back */
	a.uncapped = true;
	CHECK_INT(reload(&out, &err, &a, NULL, NULL), EXIT_FAIL);
	CHECK_STR(err.text, want);
	t_out_free(&out);
	t_out_free(&err);

	/* cfg80211 sends no message: the errno alone */
	a.extack = NULL;
	a.err = -ENOENT;
	CHECK_INT(reload(&out, &err, &a, "--family", "nl80211"), EXIT_FAIL);
	check_reload_msg(FAKE_ID_NL80211);
	CHECK_STR(err.text,
		  "regctl: reloading the regulatory database: the kernel refused: No such file or directory (ENOENT)\n");
	CHECK_STR(out.text, "");
	t_out_free(&out);
	t_out_free(&err);
}

TEST(reload_without_the_family_exits_3_and_sends_nothing)
{
	const struct fake_answer none = { .no_family = true };
	struct t_out out, err;

	CHECK_INT(reload(&out, &err, &none, NULL, NULL), EXIT_NOFAMILY);
	CHECK_INT(fake_kernel_n_sent(), 0);
	CHECK_STR(err.text,
		  "regctl: generic netlink family \"regcore\" not found: module not loaded (modprobe regcore)\n");
	CHECK_STR(out.text, "");
	t_out_free(&out);
	t_out_free(&err);

	CHECK_INT(reload(&out, &err, &none, "--family", "nl80211"),
		  EXIT_NOFAMILY);
	CHECK_INT(fake_kernel_n_sent(), 0);
	CHECK_STR(err.text,
		  "regctl: generic netlink family \"nl80211\" not found: module not loaded (modprobe cfg80211)\n");
	t_out_free(&out);
	t_out_free(&err);
}

/* Usage errors are found before any socket is opened. */
TEST(reload_usage_errors_send_nothing)
{
	const struct fake_answer ack = { 0 };
	struct t_out out, err;

	fake_kernel_on(&ack);
	CHECK_INT(run(&out, &err, "reload", "now", NULL), EXIT_USAGE);
	t_out_free(&out);
	t_out_free(&err);
	CHECK_INT(run(&out, &err, "--json", "reload", NULL), EXIT_USAGE);
	t_out_free(&out);
	t_out_free(&err);
	fake_kernel_off();
	CHECK_INT(fake_kernel_n_sent(), 0);
	CHECK_STR(fake_kernel_family(), "");
}

/* set --wait: its options are checked, and only regcore has it; nothing
 * is sent for a usage error.
 */
TEST(set_wait_usage_errors_send_nothing)
{
	static const char *const bad[][6] = {
		{ "set", "DE", "--timeout", "5", NULL },
		{ "set", "DE", "--wait", "--timeout", NULL },
		{ "set", "DE", "--wait", "--timeout", "0", NULL },
		{ "set", "DE", "--wait", "--timeout", "-3", NULL },
		{ "set", "DE", "--wait", "--timeout", "86401", NULL },
		{ "set", "DE", "--wait", "now", NULL },
		{ "set", "--wait", "DE", NULL },
		{ "set", "--indoor", "on", "--wait", NULL },
	};
	const struct fake_answer ack = { 0 };
	struct t_out out, err;
	size_t i;

	fake_kernel_on(&ack);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_INT(run(&out, &err, bad[i][0], bad[i][1], bad[i][2],
			      bad[i][3], bad[i][4], NULL), EXIT_USAGE);
		CHECK(has(&err, "set [--cell-base]"));
		t_out_free(&out);
		t_out_free(&err);
	}
	/* --json goes with --wait only */
	CHECK_INT(run(&out, &err, "--json", "set", "DE", NULL), EXIT_USAGE);
	CHECK(has(&err, "--json applies to the read commands and set --wait"));
	t_out_free(&out);
	t_out_free(&err);
	CHECK_INT(run(&out, &err, "--family", "nl80211", "set", "DE", "--wait",
		      NULL), EXIT_USAGE);
	CHECK_STR(err.text,
		  "regctl: set --wait: only regcore says what became of a request (cfg80211 keeps no journal)\n");
	t_out_free(&out);
	t_out_free(&err);
	fake_kernel_off();
	CHECK_INT(fake_kernel_n_sent(), 0);
}

TEST(why_usage_errors_send_nothing)
{
	static const char *const bad[][6] = {
		{ "why", "rphy0", "36", "48", NULL },
		{ "why", "rphy0", "36", "--width", NULL },
		{ "why", "rphy0", "36", "--width", "30", NULL },
		{ "why", "rphy0", "36", "--width", "80x", NULL },
		{ "why", "rphy0", "--width", "80", NULL },
	};
	const struct fake_answer ack = { 0 };
	struct t_out out, err;
	size_t i;

	fake_kernel_on(&ack);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_INT(run(&out, &err, bad[i][0], bad[i][1], bad[i][2],
			      bad[i][3], bad[i][4], NULL), EXIT_USAGE);
		CHECK(has(&err, "why PHY CHANNEL|FREQ|all"));
		t_out_free(&out);
		t_out_free(&err);
	}
	CHECK_INT(run(&out, &err, "--family", "nl80211", "why", "phy0", "1",
		      NULL), EXIT_USAGE);
	CHECK_STR(err.text,
		  "regctl: why: only regcore can say why (cfg80211 keeps no record of its computation)\n");
	t_out_free(&out);
	t_out_free(&err);
	fake_kernel_off();
	CHECK_INT(fake_kernel_n_sent(), 0);
}

TEST(diff_usage_errors_send_nothing)
{
	static const char *const bad[][4] = {
		{ "diff", NULL },
		{ "diff", "DE", "FR", NULL },
		{ "diff", "--cell-base", NULL },
		{ "diff", "--bogus", NULL },
	};
	const struct fake_answer ack = { 0 };
	struct t_out out, err;
	size_t i;

	fake_kernel_on(&ack);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		CHECK_INT(run(&out, &err, bad[i][0], bad[i][1],
			      bad[i][1] ? bad[i][2] : NULL, NULL), EXIT_USAGE);
		CHECK(has(&err, "diff [--cell-base]"));
		t_out_free(&out);
		t_out_free(&err);
	}
	CHECK_INT(run(&out, &err, "diff", "de", NULL), EXIT_USAGE);
	CHECK(has(&err, "not a valid ISO/IEC 3166-1 alpha2: \"de\""));
	t_out_free(&out);
	t_out_free(&err);
	CHECK_INT(run(&out, &err, "set", "de", "--dry-run", NULL), EXIT_USAGE);
	t_out_free(&out);
	t_out_free(&err);
	CHECK_INT(run(&out, &err, "--family", "nl80211", "diff", "DE", NULL),
		  EXIT_USAGE);
	CHECK_STR(err.text,
		  "regctl: diff: only regcore can compute a change without making it\n");
	t_out_free(&out);
	t_out_free(&err);
	fake_kernel_off();
	CHECK_INT(fake_kernel_n_sent(), 0);
}

/* Each outcome the module reports has its own exit status, as regctl(8)
 * lists them; an unknown one counts as refused.
 */
TEST(set_wait_outcomes_have_distinct_exit_statuses)
{
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_APPLIED), 0);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_ALREADY), 0);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_INTERSECTED), 5);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_IGNORED), 6);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_REFUSED), 7);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_DROPPED), 7);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_NO_RULES), 8);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_TIMED_OUT), 9);
	CHECK_INT(outcome_exit(REGCORE_OUTCOME_MAX + 1), 7);
	CHECK_STR(regnl_outcome_word(REGCORE_OUTCOME_NO_RULES), "no_rules");
	CHECK_STR(regnl_outcome_word(REGCORE_OUTCOME_MAX + 1), "unknown");
}

/* The hint's entry ties the request to the sender's port and country;
 * the first entry of that request with an outcome settles it; another
 * port's hint, an entry of an older request from the same port, and a
 * later outcome change nothing.
 */
TEST(set_wait_follows_its_own_request)
{
	struct waiting w = { .portid = 77, .alpha2 = "DE" };
	struct regnl_jentry e;
	struct regnl_status st;

#define ENTRY(s, ev, req, port, a2, out) do { \
		memset(&e, 0, sizeof(e)); \
		e.seq = (s); e.event = (ev); e.request = (req); \
		e.portid = (port); e.outcome = (out); \
		snprintf(e.alpha2, sizeof(e.alpha2), "%s", (a2)); \
		snprintf(e.text, sizeof(e.text), "entry %d", (s)); \
		CHECK_INT(on_waited(&e, &w, &st), 0); \
	} while (0)
	ENTRY(10, REGCORE_JOURNAL_TIMEOUT, 3, 77, "DE",
	      REGCORE_OUTCOME_TIMED_OUT);
	/* 1 to 9 were never read: overwritten, and said so */
	CHECK(w.gap);
	w.gap = false;
	ENTRY(11, REGCORE_JOURNAL_HINT, 4, 88, "DE", 0);
	ENTRY(12, REGCORE_JOURNAL_HINT, 5, 77, "FR", 0);
	CHECK(!w.request && !w.settled);
	ENTRY(13, REGCORE_JOURNAL_HINT, 6, 77, "DE", 0);
	CHECK(w.request == 6 && !w.settled);
	ENTRY(14, REGCORE_JOURNAL_INSTALLED, 4, 88, "DE",
	      REGCORE_OUTCOME_APPLIED);
	ENTRY(15, REGCORE_JOURNAL_DECIDED, 6, 77, "DE", 0);
	CHECK(!w.settled);
	ENTRY(16, REGCORE_JOURNAL_ANSWER, 6, 77, "DE",
	      REGCORE_OUTCOME_NO_RULES);
	ENTRY(17, REGCORE_JOURNAL_TIMEOUT, 6, 77, "DE",
	      REGCORE_OUTCOME_TIMED_OUT);
#undef ENTRY
	CHECK(w.settled);
	CHECK_INT(w.outcome.seq, 16);
	CHECK_INT(w.outcome.outcome, REGCORE_OUTCOME_NO_RULES);
	CHECK_INT(w.last, 17);
	CHECK(!w.gap);
}

/* doctor takes no argument (what it finds is checked in the VM, group
 * 51: run here it would read the machine's own regulatory setup, which
 * the host suites must not, see check-hermetic)
 */
TEST(doctor_takes_no_argument)
{
	struct t_out out, err;

	CHECK_INT(run(&out, &err, "doctor", "now", NULL), EXIT_USAGE);
	CHECK(has(&err, "regctl [options] doctor\n"));
	t_out_free(&out);
	t_out_free(&err);
}
