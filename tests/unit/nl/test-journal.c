// SPDX-License-Identifier: GPL-2.0
/*
 * test-journal.c - regcore's decision journal as libregnl reads it
 * (REGCORE_CMD_EXT, REGCORE_OP_JOURNAL) and prints it for `regctl
 * history`, and the origin message crda sends (REGCORE_OP_SOURCE).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/attr.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "fake.h"
#include "regnl.h"
#include "t.h"

static const unsigned char sha[32] = {
	0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
	0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
	0xf0, 0xe1, 0xd2, 0xc3, 0xb4, 0xa5, 0x96, 0x87,
	0x78, 0x69, 0x5a, 0x4b, 0x3c, 0x2d, 0x1e, 0xff,
};

/* An "installed" entry, with an origin when @origin. */
static struct nl_msg *jentry_msg(bool origin)
{
	struct nl_msg *m = fake_msg(REGCORE_CMD_EXT);

	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL);
	nla_put_u64(m, REGCORE_ATTR_SEQ, 42);
	/* 2026-12-07 15:00:01.250 UTC */
	nla_put_u64(m, REGCORE_ATTR_TIME_NS, 1796655601250000000ULL);
	nla_put_u64(m, REGCORE_ATTR_BOOTTIME_NS, 5000000000ULL);
	nla_put_u8(m, REGCORE_ATTR_EVENT, REGCORE_JOURNAL_INSTALLED);
	nla_put_u64(m, REGCORE_ATTR_REQUEST, 7);
	nla_put_u8(m, REGCORE_ATTR_INITIATOR, NL80211_REGDOM_SET_BY_USER);
	nla_put(m, REGCORE_ATTR_ALPHA2, 2, "DE");
	nla_put_string(m, REGCORE_ATTR_TEXT, "DE \"in\" force");
	if (origin) {
		nla_put_string(m, REGCORE_ATTR_DB_FILE, "/lib/firmware/regulatory.db");
		nla_put(m, REGCORE_ATTR_DB_SHA256, 32, sha);
		nla_put_string(m, REGCORE_ATTR_DB_SIGNER, "builtin:wens.x509.pem");
		nla_put_u8(m, REGCORE_ATTR_DB_VERSION, 20);
	}
	return m;
}

TEST(journal_entries_print_as_text_with_their_origin)
{
	struct nl_msg *m = jentry_msg(true);
	struct regnl_jentry e;
	struct t_out o;

	setenv("TZ", "UTC", 1);
	CHECK_INT(regnl_parse_jentry(m, &e, NULL), 1);
	CHECK_INT(e.seq, 42);
	CHECK_INT(e.request, 7);
	CHECK_STR(e.alpha2, "DE");
	regnl_print_jentry(t_out_open(&o), &e);
	CHECK_STR(t_out_text(&o),
		  "42 2026-12-07 15:00:01.250 installed DE \"in\" force\n"
		  "\tfile /lib/firmware/regulatory.db\n"
		  "\tversion 20\n"
		  "\tsha256 000102030405060708090a0b0c0d0e0ff0e1d2c3b4a5968778695a4b3c2d1eff\n"
		  "\tsigned by builtin:wens.x509.pem\n");
	t_out_free(&o);
	nlmsg_free(m);
}

TEST(journal_entries_as_json_name_their_codes)
{
	struct nl_msg *m = jentry_msg(false);
	struct regnl_jentry e;
	struct t_out o;

	CHECK_INT(regnl_parse_jentry(m, &e, NULL), 1);
	regnl_json_jentry(t_out_open(&o), &e);
	CHECK_STR(t_out_text(&o),
		  "{\"seq\":42,\"time_ns\":1796655601250000000,\"boottime_ns\":5000000000,"
		  "\"event\":\"installed\",\"event_raw\":7,\"request\":7,"
		  "\"initiator\":\"user\",\"initiator_raw\":1,\"alpha2\":\"DE\","
		  "\"text\":\"DE \\\"in\\\" force\"}\n");
	t_out_free(&o);
	nlmsg_free(m);

	m = fake_msg(REGCORE_CMD_EXT);
	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL);
	nla_put_u64(m, REGCORE_ATTR_SEQ, 3);
	nla_put_u64(m, REGCORE_ATTR_TIME_NS, 0);
	nla_put_u8(m, REGCORE_ATTR_EVENT, REGCORE_JOURNAL_DECIDED);
	nla_put_u8(m, REGCORE_ATTR_DECISION, REGCORE_DECISION_IGNORE);
	nla_put_u32(m, REGCORE_ATTR_ERRNO, ETIMEDOUT);
	nla_put_u32(m, REGCORE_ATTR_WIPHY, 2);
	nla_put_string(m, REGCORE_ATTR_TEXT, "x");
	CHECK_INT(regnl_parse_jentry(m, &e, NULL), 1);
	regnl_json_jentry(t_out_open(&o), &e);
	CHECK_STR(t_out_text(&o),
		  "{\"seq\":3,\"time_ns\":0,\"boottime_ns\":0,\"event\":\"decided\","
		  "\"event_raw\":3,\"decision\":\"ignore\",\"decision_raw\":3,"
		  "\"wiphy\":2,\"errno\":110,\"errno_name\":\"ETIMEDOUT\",\"text\":\"x\"}\n");
	t_out_free(&o);
	nlmsg_free(m);
}

TEST(malformed_journal_entries_are_refused_and_others_are_not_entries)
{
	struct regnl_jentry e;
	struct regnl_status st;
	struct nl_msg *m;

	/* no text */
	m = fake_msg(REGCORE_CMD_EXT);
	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL);
	nla_put_u64(m, REGCORE_ATTR_SEQ, 1);
	nla_put_u64(m, REGCORE_ATTR_TIME_NS, 1);
	nla_put_u8(m, REGCORE_ATTR_EVENT, 1);
	CHECK_INT(regnl_parse_jentry(m, &e, &st), -EBADMSG);
	nlmsg_free(m);
	/* a SHA-256 of 31 bytes */
	m = jentry_msg(false);
	nla_put(m, REGCORE_ATTR_DB_SHA256, 31, sha);
	CHECK_INT(regnl_parse_jentry(m, &e, &st), -EBADMSG);
	nlmsg_free(m);
	/* a sequence number of 4 bytes */
	m = fake_msg(REGCORE_CMD_EXT);
	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL);
	nla_put_u32(m, REGCORE_ATTR_SEQ, 1);
	CHECK_INT(regnl_parse_jentry(m, &e, &st), -EBADMSG);
	nlmsg_free(m);
	/* not the journal: left alone */
	m = fake_msg(NL80211_CMD_REG_CHANGE);
	CHECK_INT(regnl_parse_jentry(m, &e, &st), 0);
	nlmsg_free(m);
	m = fake_msg(REGCORE_CMD_EXT);
	nla_put_u8(m, REGCORE_ATTR_OP, REGCORE_OP_SOURCE);
	CHECK_INT(regnl_parse_jentry(m, &e, &st), 0);
	nlmsg_free(m);
}

TEST(the_origin_message_carries_the_file_cut_to_255_bytes)
{
	char long_file[400];
	struct regnl_origin o = {
		.alpha2 = "DE", .file = long_file, .signer = "k.pem",
		.sha256 = sha, .version = 19,
	};
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];
	struct regnl_status st;
	struct nl_msg *m;

	memset(long_file, 'a', sizeof(long_file) - 1);
	long_file[sizeof(long_file) - 1] = '\0';
	CHECK_INT(regnl_build_offer_origin(&m, 0, &o, &st), 0);
	CHECK_INT(genlmsg_parse(nlmsg_hdr(m), 0, tb, REGCORE_ATTR_MAX, NULL), 0);
	CHECK_INT(((struct genlmsghdr *)nlmsg_data(nlmsg_hdr(m)))->cmd,
		  REGCORE_CMD_EXT);
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_OP]), REGCORE_OP_SOURCE);
	CHECK_INT(nla_len(tb[REGCORE_ATTR_ALPHA2]), 2);
	CHECK_INT(nla_len(tb[REGCORE_ATTR_DB_FILE]), 256);
	CHECK_INT(strlen(nla_data(tb[REGCORE_ATTR_DB_FILE])), 255);
	CHECK_STR((char *)nla_data(tb[REGCORE_ATTR_DB_SIGNER]), "k.pem");
	CHECK(!memcmp(nla_data(tb[REGCORE_ATTR_DB_SHA256]), sha, 32));
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_DB_VERSION]), 19);
	nlmsg_free(m);

	o.alpha2 = "de";
	CHECK_INT(regnl_build_offer_origin(&m, 0, &o, &st), -EINVAL);
	o.alpha2 = "DE";
	o.file = "";
	CHECK_INT(regnl_build_offer_origin(&m, 0, &o, &st), -EINVAL);
}

/* An entry that settles a request carries its outcome and, for a user's
 * hint, the sender's port; both reach the JSON.
 */
TEST(journal_entries_carry_the_outcome_and_the_senders_port)
{
	struct nl_msg *m = jentry_msg(false);
	struct regnl_jentry e;
	struct t_out o;

	nla_put_u8(m, REGCORE_ATTR_OUTCOME, REGCORE_OUTCOME_NO_RULES);
	nla_put_u32(m, REGCORE_ATTR_PORTID, 4242);
	CHECK_INT(regnl_parse_jentry(m, &e, NULL), 1);
	CHECK_INT(e.outcome, REGCORE_OUTCOME_NO_RULES);
	CHECK_INT(e.portid, 4242);
	regnl_json_jentry(t_out_open(&o), &e);
	CHECK(strstr(t_out_text(&o),
		     ",\"outcome\":\"no_rules\",\"outcome_raw\":6,\"portid\":4242,\"text\":"));
	t_out_free(&o);
	nlmsg_free(m);

	/* an outcome of 4 bytes is malformed */
	m = jentry_msg(false);
	nla_put_u32(m, REGCORE_ATTR_OUTCOME, 1);
	CHECK_INT(regnl_parse_jentry(m, &e, NULL), -EBADMSG);
	nlmsg_free(m);
}

/* crda's report of a country its database lacks: REGCORE_OP_NO_RULES
 * with the database's details, as the origin message carries them.
 */
TEST(the_no_rules_message_names_the_country_and_the_database)
{
	struct regnl_origin o = {
		.alpha2 = "ZZ", .file = "/usr/lib/crda/regulatory.bin",
		.signer = "k.pem", .sha256 = sha, .version = 19,
	};
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];
	struct regnl_status st;
	struct nl_msg *m;

	CHECK_INT(regnl_build_no_rules(&m, 0, &o, &st), 0);
	CHECK_INT(genlmsg_parse(nlmsg_hdr(m), 0, tb, REGCORE_ATTR_MAX, NULL), 0);
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_OP]), REGCORE_OP_NO_RULES);
	CHECK(!memcmp(nla_data(tb[REGCORE_ATTR_ALPHA2]), "ZZ", 2));
	CHECK_STR((char *)nla_data(tb[REGCORE_ATTR_DB_FILE]),
		  "/usr/lib/crda/regulatory.bin");
	CHECK_INT(nla_get_u8(tb[REGCORE_ATTR_DB_VERSION]), 19);
	nlmsg_free(m);
	o.alpha2 = "Z";
	CHECK_INT(regnl_build_no_rules(&m, 0, &o, &st), -EINVAL);
}
