// SPDX-License-Identifier: GPL-2.0
/*
 * nlfuzz - send many mutated generic netlink messages to the regcore
 * family, as root and as an unprivileged user at once, and count what the
 * kernel answered.
 *
 *   nlfuzz [--seed S] [--count N] [--nobody PCT] [--countries LIST]
 *          [--family NAME] [--trace N]
 *
 * Each message starts as a valid GET_REG, SET_REG, REQ_SET_REG or
 * GET_WIPHY and is then mutated: attributes of the wrong type or length,
 * missing, repeated or unknown; nests without NLA_F_NESTED or nested deep;
 * rule counts at and over NL80211_MAX_SUPP_REG_RULES (128); header fields
 * (length, type, flags, command, version) changed; the message truncated,
 * bytes flipped, two messages in one datagram, or random bytes only. The
 * run is a function of the seed (printed first; the default comes from the
 * clock): the same seed sends the same messages.
 *
 * PCT percent of the messages (default 30) are sent by a child that drops
 * to uid/gid 65534 (nobody, no groups) before it opens its socket; with
 * --nobody 100 root sends none. Every SET_REG or REQ_SET_REG the kernel
 * accepts (acknowledges with 0) from nobody is a violation.
 *
 * Country codes in the messages come from LIST (default 00,DE,US) or are
 * malformed (lower case, digits, one or three characters, no NUL): a
 * message root sends can only ever install one of LIST's codes.
 *
 * Report: one line per sender "nlfuzz: SENDER: sent N (GET_REG a,
 * SET_REG b, REQ_SET_REG c, GET_WIPHY d, random e, batch f)", one
 * "nlfuzz: SENDER: replies: ack A, reply R, dump-part D, dump-done E,
 * no-reply Z, other O, EINVAL n, EPERM n, ..." and the totals, with the
 * rate in messages per second. --trace N prints the first N messages
 * (sender, command, length, answer) as they go.
 *
 * Exit status: 0 when the run completed without a violation; 1 on a
 * violation (an unprivileged change was accepted); 2 on a usage error; 4
 * when the run could not be made (no family, socket errors).
 */
#include <errno.h>
#include <grp.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/nl80211.h>
#include <poll.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define FAMILY_DEFAULT "regcore"
#define NOBODY 65534
#define MAX_RULES_VALID NL80211_MAX_SUPP_REG_RULES
#define BUF_SIZE (256 * 1024)
#define MAX_COUNTRIES 32
#define ERRNO_MAX 4096

enum kind { K_GET_REG, K_SET_REG, K_REQ_SET_REG, K_GET_WIPHY, K_RANDOM,
	    K_BATCH, K_N };
static const char *const kind_name[K_N] = {
	"GET_REG", "SET_REG", "REQ_SET_REG", "GET_WIPHY", "random", "batch",
};

struct stats {
	unsigned long long sent;
	unsigned long long by_kind[K_N];
	unsigned long long ack, reply, dump_part, dump_done, no_reply, other;
	unsigned long long dump_unfinished, violations;
	unsigned long long err[ERRNO_MAX];
	double secs;
};

/* --- the seeded generator (xorshift64*) */
static uint64_t rng_state;

static uint64_t rnd(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 2685821657736338717ULL;
}

/* a number in [0, n) */
static uint32_t below(uint32_t n)
{
	return n ? (uint32_t)(rnd() % n) : 0;
}

/* true with probability pct percent */
static int chance(unsigned int pct)
{
	return below(100) < pct;
}

static char countries[MAX_COUNTRIES][3];
static unsigned int n_countries;

/* --- building messages */
struct msg {
	unsigned char *buf;
	size_t len, cap;
	int mutate;		/* percent chance of each attribute mutation */
};

static int room(struct msg *m, size_t n)
{
	return m->len + n <= m->cap;
}

static void put_bytes(struct msg *m, const void *p, size_t n)
{
	if (!room(m, n))
		return;
	memcpy(m->buf + m->len, p, n);
	m->len += n;
}

static void pad(struct msg *m)
{
	static const unsigned char zero[4];
	size_t n = NLA_ALIGN(m->len) - m->len;

	put_bytes(m, zero, n);
}

static void put_attr_raw(struct msg *m, uint16_t type, const void *p,
			 size_t n)
{
	struct nlattr a = { .nla_len = (uint16_t)(NLA_HDRLEN + n),
			    .nla_type = type };

	if (!room(m, NLA_ALIGN(NLA_HDRLEN + n)))
		return;
	put_bytes(m, &a, sizeof(a));
	put_bytes(m, p, n);
	pad(m);
}

/* A random attribute type: an unknown one, nl80211's beyond the policy,
 * or a known one with the nested or byte-order flag. */
static uint16_t odd_type(uint16_t known)
{
	switch (below(5)) {
	case 0:
		return (uint16_t)below(0x4000);
	case 1:
		return (uint16_t)(NL80211_ATTR_SPLIT_WIPHY_DUMP + 1 + below(400));
	case 2:
		return known | NLA_F_NESTED;
	case 3:
		return known | NLA_F_NET_BYTEORDER;
	default:
		return 0;
	}
}

static uint32_t odd_u32(void)
{
	static const uint32_t edge[] = { 0, 1, 2, 0x7fffffff, 0x80000000,
					 0xffffffff, 0xfffffffe, 100000000,
					 100000001 };

	if (chance(50))
		return edge[below(sizeof(edge) / sizeof(edge[0]))];
	return (uint32_t)rnd();
}

/* An attribute with payload P of N bytes, maybe mutated: left out,
 * repeated, a wrong type number, a wrong length, other bytes. */
static void put_attr(struct msg *m, uint16_t type, const void *p, size_t n)
{
	unsigned char junk[16];
	size_t i, len;

	if (!chance(m->mutate)) {
		put_attr_raw(m, type, p, n);
		return;
	}
	switch (below(6)) {
	case 0:			/* missing */
		return;
	case 1:			/* repeated */
		put_attr_raw(m, type, p, n);
		put_attr_raw(m, type, p, n);
		return;
	case 2:			/* unknown or flagged type */
		put_attr_raw(m, odd_type(type), p, n);
		return;
	case 3:			/* wrong length */
		len = below(sizeof(junk) + 1);
		for (i = 0; i < len; i++)
			junk[i] = (unsigned char)rnd();
		if (len == n && len < sizeof(junk))
			len++;
		put_attr_raw(m, type, junk, len);
		return;
	case 4:			/* an extra unknown attribute beside it */
		put_attr_raw(m, type, p, n);
		put_attr_raw(m, odd_type(0), p, n);
		return;
	default:		/* other value, same length */
		for (i = 0; i < n && i < sizeof(junk); i++)
			junk[i] = (unsigned char)rnd();
		if (n == 4) {
			uint32_t v = odd_u32();

			memcpy(junk, &v, 4);
		}
		put_attr_raw(m, type, junk, n < sizeof(junk) ? n : sizeof(junk));
		return;
	}
}

static void put_u32(struct msg *m, uint16_t type, uint32_t v)
{
	put_attr(m, type, &v, sizeof(v));
}

static void put_u8(struct msg *m, uint16_t type, uint8_t v)
{
	put_attr(m, type, &v, sizeof(v));
}

static size_t nest_start(struct msg *m, uint16_t type)
{
	struct nlattr a = { .nla_len = NLA_HDRLEN, .nla_type = type };
	size_t at = m->len;

	if (!room(m, NLA_HDRLEN))
		return (size_t)-1;
	put_bytes(m, &a, sizeof(a));
	return at;
}

static void nest_end(struct msg *m, size_t at)
{
	struct nlattr *a;

	if (at == (size_t)-1)
		return;
	a = (struct nlattr *)(m->buf + at);
	a->nla_len = (uint16_t)(m->len - at);
	if (m->len - at > 0xffff)	/* too long for a nest: cut it */
		a->nla_len = 0xffff;
}

/* A nest type, usually with NLA_F_NESTED, sometimes without or odd. */
static uint16_t nest_type(struct msg *m, uint16_t type)
{
	if (chance(m->mutate))
		return chance(50) ? type : odd_type(type);
	return type | NLA_F_NESTED;
}

/* Nests inside nests, DEPTH deep, with a u32 at the bottom. */
static void put_deep(struct msg *m, uint16_t type, unsigned int depth)
{
	size_t at[300];
	unsigned int i;
	uint32_t v = (uint32_t)rnd();

	if (depth > 300)
		depth = 300;
	for (i = 0; i < depth; i++)
		at[i] = nest_start(m, (chance(10) ? type : (uint16_t)below(8)) |
					      (chance(90) ? NLA_F_NESTED : 0));
	put_attr_raw(m, (uint16_t)below(8), &v, sizeof(v));
	while (i--)
		nest_end(m, at[i]);
}

static void put_alpha2(struct msg *m)
{
	char a[4] = { 0 };
	size_t n = 3;

	if (chance(75)) {
		memcpy(a, countries[below(n_countries)], 3);
	} else {
		switch (below(6)) {
		case 0:
			a[0] = 'a' + below(26);
			a[1] = 'a' + below(26);
			break;
		case 1:
			a[0] = '0' + below(10);
			a[1] = 'A' + below(26);
			break;
		case 2:
			a[0] = 'A' + below(26);
			n = 1;
			break;
		case 3:
			a[0] = 'D';
			a[1] = 'E';
			a[2] = 'X';
			a[3] = 'Y';
			n = 4;
			break;
		case 4:
			a[0] = (char)rnd();
			a[1] = (char)rnd();
			a[2] = (char)rnd();
			break;
		default:
			a[0] = 'D';
			a[1] = 'E';
			n = 2;	/* no NUL: valid, two bytes */
			break;
		}
	}
	put_attr(m, NL80211_ATTR_REG_ALPHA2, a, n);
}

/* One rule: usually plausible (start < end, bandwidth within), sometimes
 * not; each attribute may be mutated. */
static void put_rule(struct msg *m, uint16_t idx)
{
	uint32_t start = 2400000 + below(60000) * 1000;
	uint32_t end = start + (1 + below(160)) * 1000;
	uint32_t bw = (end - start) / (1 + below(4));
	size_t at = nest_start(m, nest_type(m, idx));

	if (chance(m->mutate)) {
		start = odd_u32();
		end = odd_u32();
		bw = odd_u32();
	}
	put_u32(m, NL80211_ATTR_REG_RULE_FLAGS,
		chance(80) ? (uint32_t)(below(4096) & ~0x1u) : (uint32_t)rnd());
	put_u32(m, NL80211_ATTR_FREQ_RANGE_START, start);
	put_u32(m, NL80211_ATTR_FREQ_RANGE_END, end);
	put_u32(m, NL80211_ATTR_FREQ_RANGE_MAX_BW, bw);
	put_u32(m, NL80211_ATTR_POWER_RULE_MAX_ANT_GAIN, below(600));
	put_u32(m, NL80211_ATTR_POWER_RULE_MAX_EIRP, below(4000));
	if (chance(70))
		put_u32(m, NL80211_ATTR_DFS_CAC_TIME, below(2) ? 0 : 60000);
	if (chance(2))
		put_deep(m, (uint16_t)below(8), 1 + below(40));
	nest_end(m, at);
}

static unsigned int rule_count(void)
{
	static const unsigned int edge[] = { 0, 1, 127, 128, 129, 130, 255,
					     256, 600 };

	if (chance(80))
		return 1 + below(12);
	return edge[below(sizeof(edge) / sizeof(edge[0]))];
}

/* The attributes of a message of kind K (a valid one when mutate is 0). */
static void put_body(struct msg *m, enum kind k)
{
	size_t at;
	unsigned int i, n;

	switch (k) {
	case K_GET_REG:
		if (chance(20))
			put_u32(m, NL80211_ATTR_WIPHY, below(4));
		break;
	case K_GET_WIPHY:
		if (chance(50))
			put_attr(m, NL80211_ATTR_SPLIT_WIPHY_DUMP, NULL, 0);
		if (chance(20))
			put_u32(m, NL80211_ATTR_WIPHY, below(4));
		break;
	case K_REQ_SET_REG:
		put_alpha2(m);
		if (chance(20))
			put_u32(m, NL80211_ATTR_USER_REG_HINT_TYPE, below(4));
		break;
	case K_SET_REG:
		put_alpha2(m);
		put_u8(m, NL80211_ATTR_DFS_REGION, (uint8_t)below(chance(90) ? 4 : 256));
		at = nest_start(m, nest_type(m, NL80211_ATTR_REG_RULES));
		n = rule_count();
		for (i = 0; i < n && room(m, 128); i++)
			put_rule(m, (uint16_t)(chance(95) ? i : below(0x400)));
		nest_end(m, at);
		break;
	default:
		break;
	}
	if (chance(m->mutate / 4 + 1))
		put_deep(m, chance(50) ? NL80211_ATTR_REG_RULES : (uint16_t)below(300),
			 1 + below(chance(20) ? 300 : 20));
}

static const uint8_t kind_cmd[] = {
	[K_GET_REG] = NL80211_CMD_GET_REG,
	[K_SET_REG] = NL80211_CMD_SET_REG,
	[K_REQ_SET_REG] = NL80211_CMD_REQ_SET_REG,
	[K_GET_WIPHY] = NL80211_CMD_GET_WIPHY,
};

/* What was sent in one nlmsg, to judge its answer. */
struct sent {
	uint32_t seq;
	uint8_t cmd;
	int ours;		/* addressed to the family */
};

/* One message of kind K at the end of M; SEQ its sequence number. */
static void put_message(struct msg *m, enum kind k, uint16_t family,
			uint32_t seq, struct sent *s)
{
	size_t at = m->len;
	struct nlmsghdr h = { .nlmsg_type = family, .nlmsg_seq = seq,
			      .nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK };
	struct genlmsghdr g = { .cmd = kind_cmd[k], .version = 1 };
	struct nlmsghdr *hp;

	if (k == K_GET_WIPHY || (k == K_GET_REG && chance(30)))
		h.nlmsg_flags |= NLM_F_DUMP;
	if (chance(m->mutate / 2)) {
		switch (below(8)) {
		case 0:
			h.nlmsg_flags = (uint16_t)rnd();
			break;
		case 1:
			h.nlmsg_flags &= ~NLM_F_ACK;
			break;
		case 2:
			h.nlmsg_flags ^= NLM_F_DUMP;
			break;
		case 3:
			g.cmd = (uint8_t)rnd();
			break;
		case 4:
			g.version = (uint8_t)rnd();
			g.reserved = (uint16_t)rnd();
			break;
		case 5:
			h.nlmsg_type = chance(50) ? GENL_ID_CTRL : (uint16_t)below(64);
			break;
		case 6:
			g.cmd = kind_cmd[below(4)];
			break;
		default:
			h.nlmsg_flags &= ~NLM_F_REQUEST;
			break;
		}
	}
	s->seq = seq;
	s->cmd = g.cmd;
	s->ours = h.nlmsg_type == family;
	put_bytes(m, &h, sizeof(h));
	put_bytes(m, &g, sizeof(g));
	put_body(m, k);
	hp = (struct nlmsghdr *)(m->buf + at);
	hp->nlmsg_len = (uint32_t)(m->len - at);
	if (chance(m->mutate / 3)) {
		switch (below(4)) {
		case 0:		/* truncated: the header says more */
			m->len = at + below((uint32_t)(m->len - at));
			break;
		case 1:		/* the header says less */
			hp->nlmsg_len = below(hp->nlmsg_len + 1);
			break;
		case 2:		/* the header says more than was sent */
			hp->nlmsg_len += 1 + below(64);
			break;
		default:	/* trailing bytes */
			for (int i = below(8); i >= 0; i--) {
				unsigned char c = (unsigned char)rnd();

				put_bytes(m, &c, 1);
			}
			hp->nlmsg_len = (uint32_t)(m->len - at);
			break;
		}
	}
}

/* --- the socket */
static int nl_open(void)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK };
	int fd = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_GENERIC);
	int one = 1, big = 1 << 20;

	if (fd < 0) {
		perror("nlfuzz: socket");
		return -1;
	}
	/* extended acks (the kernel's messages) exercise its ack path too */
	setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &one, sizeof(one));
	setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &big, sizeof(big));
	if (bind(fd, (struct sockaddr *)&sa, sizeof(sa)) < 0) {
		perror("nlfuzz: bind");
		close(fd);
		return -1;
	}
	return fd;
}

static unsigned char rbuf[BUF_SIZE];

/* The family's id (CTRL_CMD_GETFAMILY), or -1. */
static int family_id(int fd, const char *name)
{
	unsigned char b[256];
	struct msg m = { .buf = b, .cap = sizeof(b) };
	struct nlmsghdr h = { .nlmsg_type = GENL_ID_CTRL,
			      .nlmsg_flags = NLM_F_REQUEST, .nlmsg_seq = 1 };
	struct genlmsghdr g = { .cmd = CTRL_CMD_GETFAMILY, .version = 1 };
	ssize_t n;
	struct nlmsghdr *r;

	put_bytes(&m, &h, sizeof(h));
	put_bytes(&m, &g, sizeof(g));
	put_attr_raw(&m, CTRL_ATTR_FAMILY_NAME, name, strlen(name) + 1);
	((struct nlmsghdr *)b)->nlmsg_len = (uint32_t)m.len;
	if (send(fd, b, m.len, 0) < 0)
		return -1;
	n = recv(fd, rbuf, sizeof(rbuf), 0);
	for (r = (struct nlmsghdr *)rbuf; NLMSG_OK(r, n); r = NLMSG_NEXT(r, n)) {
		struct nlattr *a;
		int len;

		if (r->nlmsg_type != GENL_ID_CTRL)
			continue;
		a = (struct nlattr *)((char *)NLMSG_DATA(r) + GENL_HDRLEN);
		len = (int)r->nlmsg_len - NLMSG_HDRLEN - GENL_HDRLEN;
		while (len >= NLA_HDRLEN && a->nla_len >= NLA_HDRLEN &&
		       a->nla_len <= len) {
			if ((a->nla_type & NLA_TYPE_MASK) == CTRL_ATTR_FAMILY_ID)
				return *(uint16_t *)((char *)a + NLA_HDRLEN);
			len -= NLA_ALIGN(a->nla_len);
			a = (struct nlattr *)((char *)a + NLA_ALIGN(a->nla_len));
		}
	}
	return -1;
}

static int trace_left;
static const char *who;

/* Read every answer the kernel queued for what was just sent (netlink
 * handles a request in the sender's sendmsg, and the next part of a dump
 * in the reader's recvmsg, so nothing comes later); count them. */
static int drain(int fd, struct stats *st, const struct sent *s, int ns,
		 uint16_t family, int nobody)
{
	int got = 0, dumping = 0, done = 0, waited = 0;
	char what[64] = "no reply";

	for (;;) {
		ssize_t n = recv(fd, rbuf, sizeof(rbuf), MSG_DONTWAIT);
		struct nlmsghdr *r;

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN) {
			/* a dump that has not said DONE: give it a moment */
			if (dumping && !done && !waited) {
				struct pollfd p = { .fd = fd, .events = POLLIN };

				waited = 1;
				if (poll(&p, 1, 100) > 0)
					continue;
				st->dump_unfinished++;
			}
			break;
		}
		if (n < 0 && errno == ENOBUFS) {
			st->other++;
			continue;
		}
		if (n < 0) {
			perror("nlfuzz: recv");
			return -1;
		}
		for (r = (struct nlmsghdr *)rbuf; NLMSG_OK(r, n);
		     r = NLMSG_NEXT(r, n)) {
			got++;
			if (r->nlmsg_type == NLMSG_ERROR) {
				struct nlmsgerr *e = NLMSG_DATA(r);
				int err = -e->error;
				int i;

				if (!err) {
					st->ack++;
					snprintf(what, sizeof(what), "ack");
				} else {
					st->err[err > 0 && err < ERRNO_MAX ? err : 0]++;
					snprintf(what, sizeof(what), "%s", strerrorname_np(err) ?
						 strerrorname_np(err) : "error");
				}
				/* the kernel acks a message without
				 * NLM_F_REQUEST unread: not an acceptance */
				for (i = 0; i < ns && !err && nobody; i++)
					if (s[i].seq == e->msg.nlmsg_seq && s[i].ours &&
					    e->msg.nlmsg_type == family &&
					    (e->msg.nlmsg_flags & NLM_F_REQUEST) &&
					    (s[i].cmd == NL80211_CMD_SET_REG ||
					     s[i].cmd == NL80211_CMD_REQ_SET_REG)) {
						st->violations++;
						fprintf(stderr, "nlfuzz: VIOLATION: nobody's %s seq %u was accepted (type %u flags %#x len %u)\n",
							s[i].cmd == NL80211_CMD_SET_REG ?
							"SET_REG" : "REQ_SET_REG", s[i].seq,
							e->msg.nlmsg_type, e->msg.nlmsg_flags,
							e->msg.nlmsg_len);
					}
			} else if (r->nlmsg_type == NLMSG_DONE) {
				int err = 0;

				if (r->nlmsg_len >= NLMSG_LENGTH(sizeof(int)))
					err = -*(int *)NLMSG_DATA(r);
				st->dump_done++;
				if (err > 0)
					st->err[err < ERRNO_MAX ? err : 0]++;
				done = 1;
				snprintf(what, sizeof(what), "dump done");
			} else if (r->nlmsg_type == family) {
				if (r->nlmsg_flags & NLM_F_MULTI) {
					st->dump_part++;
					dumping = 1;
					snprintf(what, sizeof(what), "dump");
				} else {
					st->reply++;
					snprintf(what, sizeof(what), "reply");
				}
			} else {
				st->other++;
			}
		}
	}
	if (!got)
		st->no_reply++;
	if (trace_left > 0) {
		trace_left--;
		printf("nlfuzz: %s: seq %u cmd %u%s: %s\n", who, s[0].seq,
		       s[0].cmd, s[0].ours ? "" : " (other type)", what);
	}
	return 0;
}

static enum kind pick_kind(void)
{
	uint32_t r = below(100);

	if (r < 22)
		return K_GET_REG;
	if (r < 60)
		return K_SET_REG;
	if (r < 82)
		return K_REQ_SET_REG;
	if (r < 88)
		return K_GET_WIPHY;
	if (r < 96)
		return K_RANDOM;
	return K_BATCH;
}

/* Send COUNT messages on a fresh socket, counting answers into ST. */
static int fuzz(unsigned long long count, const char *family_name,
		struct stats *st, int nobody)
{
	static unsigned char b[96 * 1024];
	struct timespec t0, t1;
	unsigned long long i;
	int fd = nl_open(), fam;

	if (fd < 0)
		return -1;
	fam = family_id(fd, family_name);
	if (fam < 0) {
		fprintf(stderr, "nlfuzz: %s: no generic netlink family %s\n", who,
			family_name);
		close(fd);
		return -1;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (i = 0; i < count; i++) {
		struct msg m = { .buf = b, .cap = sizeof(b) };
		struct sent s[2] = { { 0 } };
		enum kind k = pick_kind();
		int ns = 1;

		/* one message in eight is sent as built */
		m.mutate = chance(12) ? 0 : 5 + below(40);
		st->by_kind[k]++;
		if (k == K_RANDOM) {
			uint32_t n = below(chance(50) ? 48 : 512), j;

			for (j = 0; j < n; j++)
				b[j] = (unsigned char)rnd();
			m.len = n;
			if (n >= NLMSG_HDRLEN && chance(70)) {
				struct nlmsghdr *h = (struct nlmsghdr *)b;

				h->nlmsg_type = (uint16_t)fam;
				h->nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
				if (chance(70))
					h->nlmsg_len = n;
			}
			s[0].seq = ((struct nlmsghdr *)b)->nlmsg_seq;
		} else if (k == K_BATCH) {
			put_message(&m, (enum kind)below(4), (uint16_t)fam,
				    (uint32_t)(2 * i + 1), &s[0]);
			m.len = NLMSG_ALIGN(m.len) <= m.cap ? NLMSG_ALIGN(m.len) : m.len;
			put_message(&m, (enum kind)below(4), (uint16_t)fam,
				    (uint32_t)(2 * i + 2), &s[1]);
			ns = 2;
		} else {
			put_message(&m, k, (uint16_t)fam, (uint32_t)(2 * i + 1), &s[0]);
		}
		if (send(fd, b, m.len, 0) < 0) {
			/* a refusal by the socket layer is an answer too */
			if (errno > 0 && errno < ERRNO_MAX)
				st->err[errno]++;
		}
		st->sent++;
		if (drain(fd, st, s, ns, (uint16_t)fam, nobody) < 0) {
			close(fd);
			return -1;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	st->secs = (double)(t1.tv_sec - t0.tv_sec) +
		   (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	close(fd);
	return 0;
}

static void report(const char *name, const struct stats *st)
{
	int k, e;

	printf("nlfuzz: %s: sent %llu (", name, st->sent);
	for (k = 0; k < K_N; k++)
		printf("%s%s %llu", k ? ", " : "", kind_name[k], st->by_kind[k]);
	printf(") in %.1f s, %.0f msgs/s\n", st->secs,
	       st->secs > 0 ? (double)st->sent / st->secs : 0.0);
	printf("nlfuzz: %s: replies: ack %llu, reply %llu, dump-part %llu, dump-done %llu, no-reply %llu, other %llu",
	       name, st->ack, st->reply, st->dump_part, st->dump_done,
	       st->no_reply, st->other);
	for (e = 0; e < ERRNO_MAX; e++)
		if (st->err[e])
			printf(", %s %llu", e && strerrorname_np(e) ?
			       strerrorname_np(e) : "errno?", st->err[e]);
	printf("\n");
	if (st->dump_unfinished)
		printf("nlfuzz: %s: dumps without DONE: %llu\n", name,
		       st->dump_unfinished);
	printf("nlfuzz: %s: violations %llu\n", name, st->violations);
}

static void add(struct stats *to, const struct stats *from)
{
	int i;

	to->sent += from->sent;
	for (i = 0; i < K_N; i++)
		to->by_kind[i] += from->by_kind[i];
	to->ack += from->ack;
	to->reply += from->reply;
	to->dump_part += from->dump_part;
	to->dump_done += from->dump_done;
	to->no_reply += from->no_reply;
	to->other += from->other;
	to->dump_unfinished += from->dump_unfinished;
	to->violations += from->violations;
	for (i = 0; i < ERRNO_MAX; i++)
		to->err[i] += from->err[i];
	if (from->secs > to->secs)
		to->secs = from->secs;
}

static int parse_countries(const char *list)
{
	const char *p = list;

	n_countries = 0;
	while (*p) {
		if (n_countries == MAX_COUNTRIES || !p[0] || !p[1] ||
		    (p[2] && p[2] != ','))
			return -1;
		countries[n_countries][0] = p[0];
		countries[n_countries][1] = p[1];
		countries[n_countries][2] = '\0';
		n_countries++;
		p += p[2] ? 3 : 2;
	}
	return n_countries ? 0 : -1;
}

static void usage(FILE *f)
{
	fputs("Usage: nlfuzz [--seed S] [--count N] [--nobody PCT] [--countries LIST]\n"
	      "              [--family NAME] [--trace N]\n"
	      "Send N mutated GET_REG, SET_REG, REQ_SET_REG and GET_WIPHY messages\n"
	      "(default 10000) to the generic netlink family NAME (default regcore);\n"
	      "PCT percent of them (default 30) from uid 65534. Country codes from\n"
	      "LIST (default 00,DE,US) or malformed. Prints the seed, what was sent\n"
	      "and the answers by class. Exit: 0 fine, 1 an unprivileged change was\n"
	      "accepted, 2 usage, 4 the run could not be made.\n", f);
}

int main(int argc, char **argv)
{
	unsigned long long count = 10000, seed, n_nobody;
	unsigned int nobody_pct = 30;
	const char *family = FAMILY_DEFAULT;
	static struct stats root_st, nobody_st, total;
	int i, pfd[2], status, rc = 0;
	pid_t child;
	struct timespec now;

	clock_gettime(CLOCK_REALTIME, &now);
	seed = (unsigned long long)now.tv_sec * 1000003ULL ^
	       (unsigned long long)now.tv_nsec;
	parse_countries("00,DE,US");
	for (i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *end;

		if (!strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		}
		if (!v) {
			usage(stderr);
			return 2;
		}
		i++;
		if (!strcmp(a, "--seed")) {
			seed = strtoull(v, &end, 0);
		} else if (!strcmp(a, "--count")) {
			count = strtoull(v, &end, 0);
		} else if (!strcmp(a, "--nobody")) {
			nobody_pct = (unsigned int)strtoul(v, &end, 0);
			if (nobody_pct > 100)
				*end = 'x';
		} else if (!strcmp(a, "--trace")) {
			trace_left = (int)strtol(v, &end, 0);
		} else if (!strcmp(a, "--family")) {
			family = v;
			end = (char *)"";
		} else if (!strcmp(a, "--countries")) {
			end = (char *)(parse_countries(v) ? "x" : "");
		} else {
			usage(stderr);
			return 2;
		}
		if (*end) {
			fprintf(stderr, "nlfuzz: bad value for %s: %s\n", a, v);
			return 2;
		}
	}
	printf("nlfuzz: seed %llu count %llu nobody %u%% family %s\n", seed, count,
	       nobody_pct, family);
	fflush(stdout);
	n_nobody = count * nobody_pct / 100;

	if (pipe(pfd) < 0) {
		perror("nlfuzz: pipe");
		return 4;
	}
	child = fork();
	if (child < 0) {
		perror("nlfuzz: fork");
		return 4;
	}
	if (child == 0) {
		close(pfd[0]);
		rng_state = (seed ^ 0x6e6f626f6479ULL) | 1;
		who = "nobody";
		if (setgroups(0, NULL) < 0 || setgid(NOBODY) < 0 ||
		    setuid(NOBODY) < 0 || !getuid()) {
			perror("nlfuzz: dropping to nobody");
			_exit(4);
		}
		if (fuzz(n_nobody, family, &nobody_st, 1) < 0)
			_exit(4);
		if (write(pfd[1], &nobody_st, sizeof(nobody_st)) !=
		    (ssize_t)sizeof(nobody_st))
			_exit(4);
		_exit(0);
	}
	close(pfd[1]);
	rng_state = seed | 1;
	who = "root";
	if (fuzz(count - n_nobody, family, &root_st, 0) < 0)
		rc = 4;
	{
		size_t got = 0;

		while (got < sizeof(nobody_st)) {
			ssize_t n = read(pfd[0], (char *)&nobody_st + got,
					 sizeof(nobody_st) - got);

			if (n <= 0)
				break;
			got += (size_t)n;
		}
		if (waitpid(child, &status, 0) < 0 || !WIFEXITED(status) ||
		    WEXITSTATUS(status) || got != sizeof(nobody_st)) {
			fprintf(stderr, "nlfuzz: the unprivileged sender failed\n");
			rc = 4;
		}
	}
	report("root", &root_st);
	report("nobody", &nobody_st);
	add(&total, &root_st);
	add(&total, &nobody_st);
	report("total", &total);
	if (!rc && total.violations)
		rc = 1;
	return rc;
}
