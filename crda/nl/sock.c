// SPDX-License-Identifier: GPL-2.0
/*
 * sock.c - generic netlink sockets: open one for a family, send a request
 * and wait for the kernel's answer with its extended ack.
 *
 * libnl 3.7 does not decode extended acks, so the socket asks for them
 * (NETLINK_EXT_ACK, NETLINK_CAP_ACK) and the error and done handlers here
 * read the TLVs that follow the error code with libnl's attribute parser.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/netlink.h>
#include <linux/nl80211.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "internal.h"

#ifndef SOL_NETLINK
#define SOL_NETLINK 270
#endif

/* How long a request may wait for the kernel before it is given up. */
#define REGNL_REPLY_TIMEOUT_MS 30000

struct regnl {
	struct nl_sock *sk;
	int family_id;
	char name[GENL_NAMSIZ];
};

int regnl_family_parse(const char *name, enum regnl_family *out)
{
	if (!name)
		return -EINVAL;
	if (!strcmp(name, REGCORE_GENL_NAME)) {
		*out = REGNL_FAMILY_REGCORE;
		return 0;
	}
	if (!strcmp(name, NL80211_GENL_NAME)) {
		*out = REGNL_FAMILY_NL80211;
		return 0;
	}
	return -EINVAL;
}

const char *regnl_family_name(enum regnl_family fam)
{
	return fam == REGNL_FAMILY_NL80211 ? NL80211_GENL_NAME :
					     REGCORE_GENL_NAME;
}

/* What to load for a family that is missing. */
static const char *family_hint(const char *family)
{
	if (!strcmp(family, REGCORE_GENL_NAME))
		return "module not loaded (modprobe regcore)";
	if (!strcmp(family, NL80211_GENL_NAME))
		return "module not loaded (modprobe cfg80211)";
	return "module not loaded";
}

/*
 * A connected generic netlink socket with extended acks on, and the id of
 * family (resolved through nlctrl). *id < 0 never leaves here: a missing
 * family is REGNL_E_NOFAMILY.
 */
static int connect_family(struct nl_sock **skp, const char *family, int *id,
			  struct regnl_status *st)
{
	struct nl_sock *sk;
	int one = 1;
	int r;

	sk = nl_socket_alloc();
	if (!sk)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM,
				  "cannot allocate a netlink socket");
	r = genl_connect(sk);
	if (r < 0) {
		nl_socket_free(sk);
		return regnl_fail(st, REGNL_E_SOCKET, -ECONNREFUSED,
				  "cannot open a generic netlink socket: %s",
				  nl_geterror(r));
	}
	/* Best effort: older kernels run fine without extended acks. */
	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_EXT_ACK, &one,
		   sizeof(one));
	setsockopt(nl_socket_get_fd(sk), SOL_NETLINK, NETLINK_CAP_ACK, &one,
		   sizeof(one));
	r = genl_ctrl_resolve(sk, family);
	if (r < 0) {
		nl_socket_free(sk);
		if (r == -NLE_OBJ_NOTFOUND)
			return regnl_fail(st, REGNL_E_NOFAMILY, -ENOENT,
					  "generic netlink family \"%s\" not found: %s",
					  family, family_hint(family));
		return regnl_fail(st, REGNL_E_SOCKET, -EIO,
				  "cannot resolve generic netlink family \"%s\": %s",
				  family, nl_geterror(r));
	}
	*skp = sk;
	*id = r;
	return 0;
}

int regnl_open_name(struct regnl **out, const char *family,
		    struct regnl_status *st)
{
	struct regnl *nl;
	int r;

	regnl_st_clear(st);
	*out = NULL;
	if (!family || !*family || strlen(family) >= GENL_NAMSIZ)
		return regnl_fail(st, REGNL_E_INVAL, -EINVAL,
				  "invalid generic netlink family name");
	nl = calloc(1, sizeof(*nl));
	if (!nl)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	r = connect_family(&nl->sk, family, &nl->family_id, st);
	if (r) {
		free(nl);
		return r;
	}
	strcpy(nl->name, family);
	*out = nl;
	return 0;
}

int regnl_open(struct regnl **out, enum regnl_family fam,
	       struct regnl_status *st)
{
	return regnl_open_name(out, regnl_family_name(fam), st);
}

void regnl_close(struct regnl *nl)
{
	if (!nl)
		return;
	nl_socket_free(nl->sk);
	free(nl);
}

int regnl_family_id(const struct regnl *nl)
{
	return nl->family_id;
}

uint32_t regnl_local_port(const struct regnl *nl)
{
	return nl_socket_get_local_port(nl->sk);
}

const char *regnl_name(const struct regnl *nl)
{
	return nl->name;
}

struct nl_msg *regnl_msg_new(int family_id, uint8_t cmd, int flags,
			     size_t size)
{
	struct nl_msg *msg;

	if (size > 1 << 20)
		return NULL;
	msg = nlmsg_alloc_size(NLMSG_HDRLEN + GENL_HDRLEN + size + 256);
	if (!msg)
		return NULL;
	if (!genlmsg_put(msg, NL_AUTO_PORT, NL_AUTO_SEQ, family_id, 0, flags,
			 cmd, 0)) {
		nlmsg_free(msg);
		return NULL;
	}
	return msg;
}

/*
 * Read the extended-ack TLVs of an error or done message: tlv points at
 * them, len is what is left of the message. Only the message text and the
 * offset of the offending attribute are kept.
 */
static void read_extack(void *tlv, int len, struct regnl_status *st)
{
	struct nlattr *tb[NLMSGERR_ATTR_MAX + 1];
	static const struct regnl_policy pol[NLMSGERR_ATTR_MAX + 1] = {
		[NLMSGERR_ATTR_MSG] = { REGNL_K_STRING, 0, 0 },
		[NLMSGERR_ATTR_OFFS] = { REGNL_K_U32, 0, 0 },
	};
	struct regnl_status ignored;

	if (!st || len <= 0)
		return;
	/* A malformed extack costs the message, not the error code. */
	if (regnl_parse_attrs(tb, NLMSGERR_ATTR_MAX, tlv, len, pol, "extack",
			      &ignored))
		return;
	if (tb[NLMSGERR_ATTR_MSG])
		snprintf(st->extack, sizeof(st->extack), "%s",
			 (const char *)nla_data(tb[NLMSGERR_ATTR_MSG]));
	if (tb[NLMSGERR_ATTR_OFFS]) {
		st->has_offset = true;
		st->offset = nla_get_u32(tb[NLMSGERR_ATTR_OFFS]);
	}
}

/* One request in flight: how it ended, and where the replies go. */
struct txn {
	bool done;
	int err;
	regnl_reply_fn fn;
	void *arg;
	struct regnl_status *st;
	int fn_err;
	struct regnl_status fn_st;
};

static int on_valid(struct nl_msg *msg, void *arg)
{
	struct txn *t = arg;
	int r;

	/* After a callback failed, the rest of the answer is drained. */
	if (!t->fn || t->fn_err)
		return NL_SKIP;
	r = t->fn(msg, t->arg, &t->fn_st);
	if (r < 0)
		t->fn_err = r;
	return NL_SKIP;
}

static int on_ack(struct nl_msg *msg, void *arg)
{
	struct txn *t = arg;

	(void)msg;
	t->done = true;
	t->err = 0;
	return NL_STOP;
}

static int on_error(struct sockaddr_nl *nla, struct nlmsgerr *e, void *arg)
{
	struct txn *t = arg;
	/* libnl passes nlmsg_data() of the error message, length checked. */
	struct nlmsghdr *nlh = (struct nlmsghdr *)((char *)e - NLMSG_HDRLEN);
	size_t total = nlh->nlmsg_len - NLMSG_HDRLEN;
	size_t off = NLMSG_ALIGN(sizeof(*e)), echoed;

	(void)nla;
	t->done = true;
	t->err = e->error > 0 ? -e->error : e->error;
	if (!(nlh->nlmsg_flags & NLM_F_ACK_TLVS))
		return NL_STOP;
	/* Without NLM_F_CAPPED our request is echoed before the TLVs. */
	if (!(nlh->nlmsg_flags & NLM_F_CAPPED)) {
		if (e->msg.nlmsg_len < NLMSG_HDRLEN)
			return NL_STOP;
		echoed = e->msg.nlmsg_len - NLMSG_HDRLEN;
		if (echoed > total)
			return NL_STOP;
		off += NLMSG_ALIGN(echoed);
	}
	if (off < total)
		read_extack((char *)e + off, (int)(total - off), t->st);
	return NL_STOP;
}

/* The end of a dump; its payload is the dump's error code (0 if fine). */
static int on_finish(struct nl_msg *msg, void *arg)
{
	struct txn *t = arg;
	struct nlmsghdr *nlh = nlmsg_hdr(msg);
	int len = nlmsg_datalen(nlh);
	int code = 0;
	int off = NLMSG_ALIGN(sizeof(code));

	t->done = true;
	t->err = 0;
	if (len >= (int)sizeof(code)) {
		memcpy(&code, nlmsg_data(nlh), sizeof(code));
		if (code < 0)
			t->err = code;
		if (nlh->nlmsg_flags & NLM_F_ACK_TLVS && len > off)
			read_extack((char *)nlmsg_data(nlh) + off, len - off,
				    t->st);
	}
	return NL_STOP;
}

int regnl_transact(struct regnl *nl, struct nl_msg *msg, regnl_reply_fn fn,
		   void *arg, struct regnl_status *st)
{
	struct regnl_status local;
	struct txn t = { .fn = fn, .arg = arg };
	struct pollfd pfd;
	struct nl_cb *cb;
	int r;

	if (!st)
		st = &local;
	regnl_st_clear(st);
	t.st = st;
	cb = nl_cb_alloc(NL_CB_DEFAULT);
	if (!cb)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, on_valid, &t);
	nl_cb_set(cb, NL_CB_ACK, NL_CB_CUSTOM, on_ack, &t);
	nl_cb_set(cb, NL_CB_FINISH, NL_CB_CUSTOM, on_finish, &t);
	nl_cb_err(cb, NL_CB_CUSTOM, on_error, &t);

	nlmsg_hdr(msg)->nlmsg_type = nl->family_id;
	r = nl_send_auto(nl->sk, msg);
	if (r < 0) {
		nl_cb_put(cb);
		return regnl_fail(st, REGNL_E_SOCKET, -EIO,
				  "cannot send to the kernel: %s",
				  nl_geterror(r));
	}
	pfd.fd = nl_socket_get_fd(nl->sk);
	pfd.events = POLLIN;
	while (!t.done) {
		r = poll(&pfd, 1, REGNL_REPLY_TIMEOUT_MS);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			nl_cb_put(cb);
			return regnl_fail(st, REGNL_E_SOCKET, -ETIMEDOUT,
					  "no answer from the kernel in %d s",
					  REGNL_REPLY_TIMEOUT_MS / 1000);
		}
		r = nl_recvmsgs(nl->sk, cb);
		if (r < 0 && !t.done) {
			nl_cb_put(cb);
			return regnl_fail(st, REGNL_E_SOCKET, -EIO,
					  "receiving the kernel's answer: %s",
					  nl_geterror(r));
		}
	}
	nl_cb_put(cb);
	if (t.err)
		return regnl_fail(st, REGNL_E_KERNEL, t.err, NULL);
	if (t.fn_err) {
		memcpy(st->detail, t.fn_st.detail, sizeof(st->detail));
		return regnl_fail(st, t.fn_st.kind ? t.fn_st.kind :
				  REGNL_E_REPLY, t.fn_err, NULL);
	}
	return 0;
}

int regnl_transact_free(struct regnl *nl, struct nl_msg *msg,
			regnl_reply_fn fn, void *arg, struct regnl_status *st)
{
	int r;

	if (!msg)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	r = regnl_transact(nl, msg, fn, arg, st);
	nlmsg_free(msg);
	return r;
}

const char *regnl_errno_name(int err)
{
	const char *s;

	if (err < 0)
		err = -err;
	s = strerrorname_np(err);
	return s ? s : "E?";
}

const char *regnl_status_text(const struct regnl_status *st, char *buf,
			      size_t size)
{
	int e = st->err < 0 ? -st->err : st->err;

	switch (st->kind) {
	case REGNL_OK:
		snprintf(buf, size, "success");
		break;
	case REGNL_E_KERNEL:
		snprintf(buf, size, "%s (%s)%s%s", strerror(e),
			 regnl_errno_name(e), st->extack[0] ? ": " : "",
			 st->extack);
		break;
	default:
		if (st->detail[0])
			snprintf(buf, size, "%s", st->detail);
		else
			snprintf(buf, size, "%s (%s)", strerror(e),
				 regnl_errno_name(e));
		break;
	}
	return buf;
}
