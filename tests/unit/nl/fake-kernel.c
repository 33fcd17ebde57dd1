// SPDX-License-Identifier: GPL-2.0
/*
 * fake-kernel.c - a kernel that answers libregnl's requests as the test
 * says (see fake.h), for the paths a build machine without regcore.ko
 * cannot reach: a family that accepts, refuses, or does not know a
 * command.
 *
 * libregnl waits for the answer with poll() on the real socket, so each
 * request is followed by a real NLMSG_NOOP asking for an ack: every
 * kernel acks it without doing anything (netlink_rcv_skb() skips control
 * messages), which makes the socket readable. The receive hook reads and
 * checks that ack and gives libnl the fake answer in its place, so libnl
 * and libregnl parse the fake answer with their real code.
 */
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <netlink/errno.h>
#include <netlink/genl/ctrl.h>
#include <netlink/handlers.h>
#include <netlink/msg.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "fake.h"

static struct {
	bool on;
	struct fake_answer a;
	char extack[256];
	char family[GENL_NAMSIZ];
	int n_sent;
	struct nlmsghdr *sent;		/* the last request */
	unsigned char *answer;		/* the answer not yet received */
	size_t answer_len;
} fk;

/* libnl's own definition of a symbol this file replaces. */
static void *real(const char *name)
{
	void *f = dlsym(RTLD_NEXT, name);

	if (!f) {
		fprintf(stderr, "fake-kernel: no %s in libnl: %s\n", name,
			dlerror());
		exit(2);
	}
	return f;
}

static void *xzalloc(size_t n)
{
	void *p = calloc(1, n);

	if (!p) {
		fputs("fake-kernel: out of memory\n", stderr);
		exit(2);
	}
	return p;
}

void fake_kernel_on(const struct fake_answer *a)
{
	free(fk.sent);
	free(fk.answer);
	memset(&fk, 0, sizeof(fk));
	fk.a = *a;
	if (a->extack) {
		snprintf(fk.extack, sizeof(fk.extack), "%s", a->extack);
		fk.a.extack = fk.extack;
	}
	fk.on = true;
}

void fake_kernel_off(void)
{
	fk.on = false;
	free(fk.answer);
	fk.answer = NULL;
}

int fake_kernel_n_sent(void)
{
	return fk.n_sent;
}

const char *fake_kernel_family(void)
{
	return fk.family;
}

const struct nlmsghdr *fake_kernel_last(void)
{
	return fk.sent;
}

int genl_ctrl_resolve(struct nl_sock *sk, const char *name)
{
	int (*f)(struct nl_sock *, const char *);

	if (!fk.on) {
		*(void **)&f = real("genl_ctrl_resolve");
		return f(sk, name);
	}
	snprintf(fk.family, sizeof(fk.family), "%s", name);
	if (fk.a.no_family)
		return -NLE_OBJ_NOTFOUND;
	if (!strcmp(name, "regcore"))
		return FAKE_ID_REGCORE;
	if (!strcmp(name, "nl80211"))
		return FAKE_ID_NL80211;
	return -NLE_OBJ_NOTFOUND;
}

/*
 * The answer to req as netlink_ack() writes it: NLMSG_ERROR with the
 * errno (0 for an ack) and the request's header; the rest of the request
 * only for an error on a socket without NETLINK_CAP_ACK; then the extack
 * message as NLMSGERR_ATTR_MSG.
 */
static void build_answer(const struct nlmsghdr *req)
{
	size_t echo = 0, tlv = 0, len;
	uint16_t flags = 0;
	struct nlmsghdr *h;
	struct nlmsgerr *e;
	struct nlattr *a;

	if (fk.a.err && fk.a.uncapped)
		echo = NLMSG_ALIGN(req->nlmsg_len - NLMSG_HDRLEN);
	else
		flags |= NLM_F_CAPPED;
	if (fk.a.extack) {
		tlv = NLA_ALIGN(NLA_HDRLEN + strlen(fk.a.extack) + 1);
		flags |= NLM_F_ACK_TLVS;
	}
	len = NLMSG_HDRLEN + NLMSG_ALIGN(sizeof(*e)) + echo + tlv;
	h = xzalloc(len);
	h->nlmsg_len = len;
	h->nlmsg_type = NLMSG_ERROR;
	h->nlmsg_flags = flags;
	h->nlmsg_seq = req->nlmsg_seq;
	h->nlmsg_pid = req->nlmsg_pid;
	e = NLMSG_DATA(h);
	e->error = fk.a.err;
	e->msg = *req;
	if (echo)
		memcpy(e + 1, (const char *)req + NLMSG_HDRLEN,
		       req->nlmsg_len - NLMSG_HDRLEN);
	if (tlv) {
		a = (struct nlattr *)((char *)e + NLMSG_ALIGN(sizeof(*e)) +
				      echo);
		a->nla_type = NLMSGERR_ATTR_MSG;
		a->nla_len = NLA_HDRLEN + strlen(fk.a.extack) + 1;
		memcpy((char *)a + NLA_HDRLEN, fk.a.extack,
		       strlen(fk.a.extack) + 1);
	}
	free(fk.answer);
	fk.answer = (unsigned char *)h;
	fk.answer_len = len;
}

int nl_send_auto(struct nl_sock *sk, struct nl_msg *msg)
{
	struct nlmsghdr noop = {
		.nlmsg_len = NLMSG_HDRLEN,
		.nlmsg_type = NLMSG_NOOP,
		.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK,
	};
	struct sockaddr_nl kernel = { .nl_family = AF_NETLINK };
	int (*f)(struct nl_sock *, struct nl_msg *);
	struct nlmsghdr *req;

	if (!fk.on) {
		*(void **)&f = real("nl_send_auto");
		return f(sk, msg);
	}
	nl_complete_msg(sk, msg);
	req = nlmsg_hdr(msg);
	free(fk.sent);
	fk.sent = xzalloc(req->nlmsg_len);
	memcpy(fk.sent, req, req->nlmsg_len);
	fk.n_sent++;
	build_answer(req);
	if (sendto(nl_socket_get_fd(sk), &noop, sizeof(noop), 0,
		   (struct sockaddr *)&kernel, sizeof(kernel)) < 0) {
		fprintf(stderr, "fake-kernel: sending NLMSG_NOOP: %s\n",
			strerror(errno));
		return -NLE_FAILURE;
	}
	return (int)req->nlmsg_len;
}

/* Read the kernel's ack of the NOOP; hand over the fake answer instead. */
static int fake_recv(struct nl_sock *sk, struct sockaddr_nl *nla,
		     unsigned char **buf, struct ucred **creds)
{
	unsigned char *got = NULL;
	struct nlmsghdr *h;
	int n;

	n = nl_recv(sk, nla, &got, creds);
	if (n <= 0)
		return n;
	h = (struct nlmsghdr *)got;
	if ((size_t)n < NLMSG_HDRLEN + sizeof(struct nlmsgerr) ||
	    h->nlmsg_type != NLMSG_ERROR ||
	    ((struct nlmsgerr *)NLMSG_DATA(h))->error ||
	    ((struct nlmsgerr *)NLMSG_DATA(h))->msg.nlmsg_type != NLMSG_NOOP) {
		fprintf(stderr, "fake-kernel: the kernel did not ack NLMSG_NOOP (%d bytes, type %u)\n",
			n, h->nlmsg_type);
		free(got);
		return -NLE_FAILURE;
	}
	free(got);
	if (!fk.answer)
		return -NLE_FAILURE;
	*buf = fk.answer;
	n = (int)fk.answer_len;
	fk.answer = NULL;
	return n;
}

int nl_recvmsgs(struct nl_sock *sk, struct nl_cb *cb)
{
	int (*f)(struct nl_sock *, struct nl_cb *);

	*(void **)&f = real("nl_recvmsgs");
	if (fk.on)
		nl_cb_overwrite_recv(cb, fake_recv);
	return f(sk, cb);
}
