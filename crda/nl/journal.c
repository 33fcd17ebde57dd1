// SPDX-License-Identifier: GPL-2.0
/*
 * journal.c - regcore's own requests (REGCORE_CMD_EXT, uapi regcore.h):
 * reading the decision journal, following it, and telling the module
 * where an answer's rules come from. Only the "regcore" family has them.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>

#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "internal.h"

static const struct regnl_policy ext_policy[REGCORE_ATTR_MAX + 1] = {
	[REGCORE_ATTR_OP] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_SEQ] = { REGNL_K_U64, 0, 0 },
	[REGCORE_ATTR_TIME_NS] = { REGNL_K_U64, 0, 0 },
	[REGCORE_ATTR_BOOTTIME_NS] = { REGNL_K_U64, 0, 0 },
	[REGCORE_ATTR_EVENT] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_REQUEST] = { REGNL_K_U64, 0, 0 },
	[REGCORE_ATTR_INITIATOR] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_ALPHA2] = { REGNL_K_BINARY, 2, 3 },
	[REGCORE_ATTR_WIPHY] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_DECISION] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_ERRNO] = { REGNL_K_U32, 0, 0 },
	[REGCORE_ATTR_TEXT] = { REGNL_K_STRING, 0, 0 },
	[REGCORE_ATTR_DB_FILE] = { REGNL_K_STRING, 0, 0 },
	[REGCORE_ATTR_DB_SHA256] = { REGNL_K_BINARY, 32, 32 },
	[REGCORE_ATTR_DB_SIGNER] = { REGNL_K_STRING, 0, 0 },
	[REGCORE_ATTR_DB_VERSION] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_OUTCOME] = { REGNL_K_U8, 0, 0 },
	[REGCORE_ATTR_PORTID] = { REGNL_K_U32, 0, 0 },
};

static void copy_str(char *dst, size_t size, const struct nlattr *a)
{
	snprintf(dst, size, "%s", (const char *)nla_data(a));
}

int regnl_parse_ext(struct nl_msg *msg, struct nlattr **tb, uint8_t op,
		    const struct regnl_policy *pol, const char *space,
		    struct regnl_status *st)
{
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	struct genlmsghdr *gnlh;
	int r;

	regnl_st_clear(st);
	if (!genlmsg_valid_hdr(nlh, 0))
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "malformed message: no generic netlink header");
	gnlh = nlmsg_data(nlh);
	if (gnlh->cmd != REGCORE_CMD_EXT)
		return 0;
	r = regnl_parse_attrs(tb, REGCORE_ATTR_MAX, genlmsg_attrdata(gnlh, 0),
			      genlmsg_attrlen(gnlh, 0), pol, space, st);
	if (r)
		return r;
	return tb[REGCORE_ATTR_OP] && nla_get_u8(tb[REGCORE_ATTR_OP]) == op;
}

int regnl_parse_jentry(struct nl_msg *msg, struct regnl_jentry *out,
		       struct regnl_status *st)
{
	struct nlattr *tb[REGCORE_ATTR_MAX + 1];
	struct regnl_jentry e;
	int r;

	r = regnl_parse_ext(msg, tb, REGCORE_OP_JOURNAL, ext_policy, "journal",
			    st);
	if (r <= 0)
		return r;
	if (!tb[REGCORE_ATTR_SEQ] || !tb[REGCORE_ATTR_EVENT] ||
	    !tb[REGCORE_ATTR_TEXT] || !tb[REGCORE_ATTR_TIME_NS])
		return regnl_fail(st, REGNL_E_REPLY, -EBADMSG,
				  "journal entry without its number, event, time or text");
	memset(&e, 0, sizeof(e));
	e.seq = nla_get_u64(tb[REGCORE_ATTR_SEQ]);
	e.time_ns = nla_get_u64(tb[REGCORE_ATTR_TIME_NS]);
	if (tb[REGCORE_ATTR_BOOTTIME_NS])
		e.boottime_ns = nla_get_u64(tb[REGCORE_ATTR_BOOTTIME_NS]);
	e.event = nla_get_u8(tb[REGCORE_ATTR_EVENT]);
	copy_str(e.text, sizeof(e.text), tb[REGCORE_ATTR_TEXT]);
	if (tb[REGCORE_ATTR_REQUEST])
		e.request = nla_get_u64(tb[REGCORE_ATTR_REQUEST]);
	if (tb[REGCORE_ATTR_INITIATOR]) {
		e.has_initiator = true;
		e.initiator = nla_get_u8(tb[REGCORE_ATTR_INITIATOR]);
	}
	if (tb[REGCORE_ATTR_DECISION]) {
		e.has_decision = true;
		e.decision = nla_get_u8(tb[REGCORE_ATTR_DECISION]);
	}
	if (tb[REGCORE_ATTR_ALPHA2])
		regnl_get_alpha2(tb[REGCORE_ATTR_ALPHA2], e.alpha2);
	if (tb[REGCORE_ATTR_WIPHY]) {
		e.has_wiphy = true;
		e.wiphy = nla_get_u32(tb[REGCORE_ATTR_WIPHY]);
	}
	if (tb[REGCORE_ATTR_ERRNO])
		e.err = nla_get_u32(tb[REGCORE_ATTR_ERRNO]);
	if (tb[REGCORE_ATTR_DB_FILE])
		copy_str(e.db_file, sizeof(e.db_file), tb[REGCORE_ATTR_DB_FILE]);
	if (tb[REGCORE_ATTR_DB_SIGNER])
		copy_str(e.db_signer, sizeof(e.db_signer),
			 tb[REGCORE_ATTR_DB_SIGNER]);
	if (tb[REGCORE_ATTR_DB_SHA256]) {
		e.has_sha256 = true;
		memcpy(e.db_sha256, nla_data(tb[REGCORE_ATTR_DB_SHA256]), 32);
	}
	if (tb[REGCORE_ATTR_DB_VERSION])
		e.db_version = nla_get_u8(tb[REGCORE_ATTR_DB_VERSION]);
	if (tb[REGCORE_ATTR_OUTCOME])
		e.outcome = nla_get_u8(tb[REGCORE_ATTR_OUTCOME]);
	if (tb[REGCORE_ATTR_PORTID])
		e.portid = nla_get_u32(tb[REGCORE_ATTR_PORTID]);
	*out = e;
	return 1;
}

struct journal_walk {
	regnl_jentry_fn fn;
	void *arg;
};

static int on_jentry(struct nl_msg *msg, void *arg, struct regnl_status *st)
{
	struct journal_walk *w = arg;
	struct regnl_jentry e;
	int r = regnl_parse_jentry(msg, &e, st);

	if (r <= 0)
		return r;
	return w->fn(&e, w->arg, st);
}

int regnl_get_journal(struct regnl *nl, uint64_t after, regnl_jentry_fn fn,
		      void *arg, struct regnl_status *st)
{
	struct journal_walk w = { fn, arg };
	struct nl_msg *msg;

	regnl_st_clear(st);
	msg = regnl_msg_new(regnl_family_id(nl), REGCORE_CMD_EXT, NLM_F_DUMP,
			    64);
	if (msg && (nla_put_u8(msg, REGCORE_ATTR_OP, REGCORE_OP_JOURNAL) ||
		    (after && nla_put_u64(msg, REGCORE_ATTR_SEQ, after)))) {
		nlmsg_free(msg);
		msg = NULL;
	}
	return regnl_transact_free(nl, msg, on_jentry, &w, st);
}

/* A string cut to the kernel's 255 bytes, with its NUL. */
static int put_str_cut(struct nl_msg *msg, int type, const char *s)
{
	size_t n = strnlen(s, 255);
	struct nlattr *a = nla_reserve(msg, type, (int)n + 1);

	if (!a)
		return -1;
	memcpy(nla_data(a), s, n);
	((char *)nla_data(a))[n] = '\0';
	return 0;
}

/* REGCORE_OP_SOURCE or REGCORE_OP_NO_RULES: a country and a database. */
static int build_origin_op(struct nl_msg **out, int family_id, uint8_t op,
			   const struct regnl_origin *o,
			   struct regnl_status *st)
{
	struct nl_msg *msg;

	regnl_st_clear(st);
	*out = NULL;
	if (!regdom_alpha2_valid(o->alpha2) || !o->file || !*o->file)
		return regnl_fail(st, REGNL_E_INVAL, -EINVAL,
				  "an origin needs a country and a file");
	msg = regnl_msg_new(family_id, REGCORE_CMD_EXT, 0, 1024);
	if (!msg)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	if (nla_put_u8(msg, REGCORE_ATTR_OP, op) ||
	    nla_put(msg, REGCORE_ATTR_ALPHA2, 2, o->alpha2) ||
	    put_str_cut(msg, REGCORE_ATTR_DB_FILE, o->file) ||
	    (o->signer && *o->signer &&
	     put_str_cut(msg, REGCORE_ATTR_DB_SIGNER, o->signer)) ||
	    (o->sha256 && nla_put(msg, REGCORE_ATTR_DB_SHA256, 32, o->sha256)) ||
	    (o->version && nla_put_u8(msg, REGCORE_ATTR_DB_VERSION,
				      (uint8_t)o->version))) {
		nlmsg_free(msg);
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM,
				  "the origin does not fit in a message");
	}
	*out = msg;
	return 0;
}

int regnl_build_offer_origin(struct nl_msg **out, int family_id,
			     const struct regnl_origin *o,
			     struct regnl_status *st)
{
	return build_origin_op(out, family_id, REGCORE_OP_SOURCE, o, st);
}

int regnl_build_no_rules(struct nl_msg **out, int family_id,
			 const struct regnl_origin *o, struct regnl_status *st)
{
	return build_origin_op(out, family_id, REGCORE_OP_NO_RULES, o, st);
}

int regnl_offer_origin(struct regnl *nl, const struct regnl_origin *o,
		       struct regnl_status *st)
{
	struct nl_msg *msg;
	int r = regnl_build_offer_origin(&msg, regnl_family_id(nl), o, st);

	return r ? r : regnl_transact_free(nl, msg, NULL, NULL, st);
}

int regnl_report_no_rules(struct regnl *nl, const struct regnl_origin *o,
			  struct regnl_status *st)
{
	struct nl_msg *msg;
	int r = regnl_build_no_rules(&msg, regnl_family_id(nl), o, st);

	return r ? r : regnl_transact_free(nl, msg, NULL, NULL, st);
}

/* ---- following the journal ---- */

struct regnl_jfollow {
	struct nl_sock *sk;
	struct nl_cb *cb;
};

static int skip_msg(struct nl_msg *msg, void *arg)
{
	(void)msg;
	(void)arg;
	return NL_SKIP;
}

int regnl_journal_follow_open(struct regnl_jfollow **out,
			      struct regnl_status *st)
{
	struct regnl_jfollow *f;
	int r;

	regnl_st_clear(st);
	*out = NULL;
	f = calloc(1, sizeof(*f));
	if (!f)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	r = regnl_listen(REGCORE_GENL_NAME, REGCORE_MCGRP_JOURNAL, skip_msg,
			 NULL, &f->sk, &f->cb, st);
	if (r) {
		free(f);
		return r;
	}
	*out = f;
	return 0;
}

int regnl_journal_follow_wait(struct regnl_jfollow *f, int timeout_ms,
			      struct regnl_status *st)
{
	struct pollfd pfd = { .fd = nl_socket_get_fd(f->sk), .events = POLLIN };
	int r;

	regnl_st_clear(st);
	r = poll(&pfd, 1, timeout_ms);
	if (r < 0)
		return errno == EINTR ? -EINTR :
		       regnl_fail(st, REGNL_E_SOCKET, -errno, "poll: %s",
				  strerror(errno));
	if (r == 0)
		return 0;
	/* What the messages say is read back by a dump: only drain them,
	 * until the socket would block. An overrun (ENOBUFS) lost some:
	 * the dump finds them too; the data after it is drained on.
	 */
	for (;;) {
		r = nl_recvmsgs(f->sk, f->cb);
		if (r == -NLE_AGAIN)
			break;
		if (r < 0 && r != -NLE_NOMEM)
			return regnl_fail(st, REGNL_E_SOCKET, -EIO,
					  "receiving journal announcements: %s",
					  nl_geterror(r));
	}
	return 1;
}

void regnl_journal_follow_close(struct regnl_jfollow *f)
{
	if (!f)
		return;
	nl_cb_put(f->cb);
	nl_socket_free(f->sk);
	free(f);
}
