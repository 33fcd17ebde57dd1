// SPDX-License-Identifier: GPL-2.0
/*
 * monitor.c - listen on the "regulatory" multicast group and decode its
 * notifications: NL80211_CMD_REG_CHANGE, WIPHY_REG_CHANGE and
 * REG_BEACON_HINT; and on the "mlme" group for RADAR_DETECT (the DFS
 * state of radar channels), the others of that group ignored.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <linux/nl80211.h>
#include <netlink/genl/ctrl.h>
#include <netlink/genl/genl.h>
#include <netlink/netlink.h>
#include <netlink/socket.h>

#include "internal.h"

/* Events decoded from one datagram wait here until they are asked for. */
#define QUEUE_MAX 64

struct regnl_monitor {
	struct nl_sock *sk;
	struct nl_cb *cb;
	struct regnl_reg_event queue[QUEUE_MAX];
	size_t head, count;
	size_t dropped;		/* events lost to a full queue */
	int bad;		/* first malformed notification's errno */
	struct regnl_status bad_st;
};

int regnl_parse_reg_event(struct nl_msg *msg, struct regnl_reg_event *ev,
			  struct regnl_status *st)
{
	struct nlattr *tb[NL80211_ATTR_MAX + 1];
	struct regnl_reg_event e;
	uint8_t cmd;
	int r;

	regnl_st_clear(st);
	r = regnl_parse_genl(msg, tb, &cmd, st);
	if (r)
		return r;
	if (cmd != NL80211_CMD_REG_CHANGE &&
	    cmd != NL80211_CMD_WIPHY_REG_CHANGE &&
	    cmd != NL80211_CMD_REG_BEACON_HINT &&
	    cmd != NL80211_CMD_RADAR_DETECT)
		return 0;
	memset(&e, 0, sizeof(e));
	e.cmd = cmd;
	if (tb[NL80211_ATTR_FREQ_BEFORE]) {
		r = regnl_parse_channel(tb[NL80211_ATTR_FREQ_BEFORE], &e.before,
					st);
		if (r < 0)
			return r;
		e.has_before = r;
	}
	if (tb[NL80211_ATTR_FREQ_AFTER]) {
		r = regnl_parse_channel(tb[NL80211_ATTR_FREQ_AFTER], &e.after,
					st);
		if (r < 0)
			return r;
		e.has_after = r;
	}
	if (tb[NL80211_ATTR_REG_INITIATOR]) {
		e.has_initiator = true;
		e.initiator = nla_get_u8(tb[NL80211_ATTR_REG_INITIATOR]);
	}
	if (tb[NL80211_ATTR_REG_TYPE]) {
		e.has_type = true;
		e.type = nla_get_u8(tb[NL80211_ATTR_REG_TYPE]);
	}
	if (tb[NL80211_ATTR_REG_ALPHA2]) {
		e.has_alpha2 = true;
		regnl_get_alpha2(tb[NL80211_ATTR_REG_ALPHA2], e.alpha2);
	}
	if (tb[NL80211_ATTR_WIPHY]) {
		e.has_wiphy = true;
		e.wiphy = nla_get_u32(tb[NL80211_ATTR_WIPHY]);
	}
	e.self_managed = tb[NL80211_ATTR_WIPHY_SELF_MANAGED_REG] != NULL;
	if (tb[NL80211_ATTR_USER_REG_HINT_TYPE]) {
		e.has_user_hint_type = true;
		e.user_hint_type =
			nla_get_u32(tb[NL80211_ATTR_USER_REG_HINT_TYPE]);
	}
	if (tb[NL80211_ATTR_RADAR_EVENT]) {
		e.has_radar_event = true;
		e.radar_event = nla_get_u32(tb[NL80211_ATTR_RADAR_EVENT]);
	}
	if (tb[NL80211_ATTR_WIPHY_FREQ]) {
		e.has_freq = true;
		e.freq = nla_get_u32(tb[NL80211_ATTR_WIPHY_FREQ]);
	}
	if (tb[NL80211_ATTR_CHANNEL_WIDTH]) {
		e.has_width = true;
		e.width = nla_get_u32(tb[NL80211_ATTR_CHANNEL_WIDTH]);
	}
	if (tb[NL80211_ATTR_CENTER_FREQ1]) {
		e.has_center_freq1 = true;
		e.center_freq1 = nla_get_u32(tb[NL80211_ATTR_CENTER_FREQ1]);
	}
	if (tb[NL80211_ATTR_IFINDEX]) {
		e.has_ifindex = true;
		e.ifindex = nla_get_u32(tb[NL80211_ATTR_IFINDEX]);
	}
	*ev = e;
	return 1;
}

/* Notifications carry sequence number 0: nothing to check. */
static int no_seq_check(struct nl_msg *msg, void *arg)
{
	(void)msg;
	(void)arg;
	return NL_OK;
}

static int on_event(struct nl_msg *msg, void *arg)
{
	struct regnl_monitor *m = arg;
	struct regnl_reg_event ev;
	struct regnl_status st;
	int r;

	r = regnl_parse_reg_event(msg, &ev, &st);
	if (r < 0) {
		if (!m->bad) {
			m->bad = r;
			m->bad_st = st;
		}
		return NL_SKIP;
	}
	if (r == 0)
		return NL_SKIP;
	if (m->count == QUEUE_MAX) {
		m->dropped++;
		return NL_SKIP;
	}
	m->queue[(m->head + m->count) % QUEUE_MAX] = ev;
	m->count++;
	return NL_SKIP;
}

int regnl_listen_join(struct nl_sock *sk, const char *family,
		      const char *group, struct regnl_status *st)
{
	int grp, r;

	grp = genl_ctrl_resolve_grp(sk, family, group);
	if (grp < 0)
		return regnl_fail(st, REGNL_E_NOFAMILY, -ENOENT,
				  "family \"%s\" has no multicast group \"%s\"",
				  family, group);
	r = nl_socket_add_membership(sk, grp);
	if (r < 0)
		return regnl_fail(st, REGNL_E_SOCKET, -EIO,
				  "cannot join multicast group \"%s\": %s",
				  group, nl_geterror(r));
	return 0;
}

int regnl_listen(const char *family, const char *group,
		 nl_recvmsg_msg_cb_t fn, void *arg, struct nl_sock **skp,
		 struct nl_cb **cbp, struct regnl_status *st)
{
	struct nl_sock *sk = nl_socket_alloc();
	struct nl_cb *cb = nl_cb_alloc(NL_CB_DEFAULT);
	int r;

	*skp = NULL;
	*cbp = NULL;
	if (!sk || !cb) {
		r = regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
		goto fail;
	}
	r = genl_connect(sk);
	if (r < 0) {
		r = regnl_fail(st, REGNL_E_SOCKET, -ECONNREFUSED,
			       "cannot open a generic netlink socket: %s",
			       nl_geterror(r));
		goto fail;
	}
	r = regnl_listen_join(sk, family, group, st);
	if (r)
		goto fail;
	r = nl_socket_set_nonblocking(sk);
	if (r < 0) {
		r = regnl_fail(st, REGNL_E_SOCKET, -EIO,
			       "cannot make the socket non-blocking: %s",
			       nl_geterror(r));
		goto fail;
	}
	nl_cb_set(cb, NL_CB_SEQ_CHECK, NL_CB_CUSTOM, no_seq_check, NULL);
	nl_cb_set(cb, NL_CB_VALID, NL_CB_CUSTOM, fn, arg);
	*skp = sk;
	*cbp = cb;
	return 0;
fail:
	nl_cb_put(cb);
	nl_socket_free(sk);
	return r;
}

int regnl_monitor_open(struct regnl_monitor **out, enum regnl_family fam,
		       struct regnl_status *st)
{
	const char *family = regnl_family_name(fam);
	struct regnl_monitor *m;
	struct regnl *probe;
	int r;

	*out = NULL;
	/* Resolving the family first tells "not loaded" from "no group". */
	r = regnl_open(&probe, fam, st);
	if (r)
		return r;
	regnl_close(probe);

	m = calloc(1, sizeof(*m));
	if (!m)
		return regnl_fail(st, REGNL_E_NOMEM, -ENOMEM, "out of memory");
	r = regnl_listen(family, REGCORE_MCGRP_REGULATORY, on_event, m,
			 &m->sk, &m->cb, st);
	if (r) {
		regnl_monitor_close(m);
		return r;
	}
	/* Radar events; a family without the group has none to send. On
	 * nl80211 the group carries every station's MLME events too: a
	 * larger buffer keeps a busy access point from overrunning it.
	 */
	r = regnl_listen_join(m->sk, family, REGCORE_MCGRP_MLME, st);
	if (r && r != -ENOENT) {
		regnl_monitor_close(m);
		return r;
	}
	if (!r)
		nl_socket_set_buffer_size(m->sk, 1 << 20, 0);
	regnl_st_clear(st);
	*out = m;
	return 0;
}

static long long now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int regnl_monitor_next(struct regnl_monitor *m, struct regnl_reg_event *ev,
		       int timeout_ms, struct regnl_status *st)
{
	long long deadline = timeout_ms < 0 ? -1 : now_ms() + timeout_ms;
	struct pollfd pfd = { .fd = nl_socket_get_fd(m->sk), .events = POLLIN };
	int r, wait;

	regnl_st_clear(st);
	for (;;) {
		if (m->bad) {
			r = m->bad;
			if (st)
				*st = m->bad_st;
			m->bad = 0;
			return r;
		}
		if (m->dropped) {
			m->dropped = 0;
			return regnl_fail(st, REGNL_E_SOCKET, -ENOBUFS,
					  "notifications were lost (queue full)");
		}
		if (m->count) {
			*ev = m->queue[m->head];
			m->head = (m->head + 1) % QUEUE_MAX;
			m->count--;
			return 1;
		}
		wait = -1;
		if (deadline >= 0) {
			long long left = deadline - now_ms();

			if (left <= 0)
				return 0;
			wait = left > 60000 ? 60000 : (int)left;
		}
		r = poll(&pfd, 1, wait);
		if (r < 0)
			return regnl_fail(st, REGNL_E_SOCKET, -errno,
					  "waiting for notifications: %s",
					  strerror(errno));
		if (r == 0)
			continue;
		r = nl_recvmsgs(m->sk, m->cb);
		if (r == -NLE_AGAIN)
			continue;
		if (r == -NLE_NOMEM)	/* ENOBUFS: the socket overran */
			return regnl_fail(st, REGNL_E_SOCKET, -ENOBUFS,
					  "notifications were lost (socket buffer overrun)");
		if (r < 0)
			return regnl_fail(st, REGNL_E_SOCKET, -EIO,
					  "receiving notifications: %s",
					  nl_geterror(r));
	}
}

int regnl_monitor_fd(const struct regnl_monitor *m)
{
	return nl_socket_get_fd(m->sk);
}

void regnl_monitor_close(struct regnl_monitor *m)
{
	if (!m)
		return;
	if (m->cb)
		nl_cb_put(m->cb);
	if (m->sk)
		nl_socket_free(m->sk);
	free(m);
}
