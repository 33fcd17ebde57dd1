// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz-nl: the netlink library's parsers on whatever a kernel could send.
 *
 * The input is the attribute stream of one generic netlink message; it is
 * wrapped in an nlmsghdr and a genlmsghdr (the first input byte picks the
 * command) and handed to every parser of libregnl: the domain parser
 * (GET_REG replies, SET_REG), the wiphy dump parser (with the text and
 * JSON printers of what it read), the REG_CHANGE parser, and the decoder
 * crda --dry-run and nlcraft use. None may read outside the message or
 * crash, whatever the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <linux/nl80211.h>
#include <netlink/genl/genl.h>
#include <netlink/msg.h>

#include "regnl.h"

static const uint8_t commands[] = {
	NL80211_CMD_GET_REG, NL80211_CMD_SET_REG, NL80211_CMD_NEW_WIPHY,
	NL80211_CMD_REG_CHANGE, NL80211_CMD_WIPHY_REG_CHANGE,
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	struct regnl_wiphy_list wl = { 0 };
	struct regnl_status st = { 0 };
	struct regnl_reg_event ev;
	struct regnl_domain d;
	struct nl_msg *msg;
	uint8_t cmd;

	if (!size)
		return 0;
	if (!sink)
		sink = fopen("/dev/null", "w");
	cmd = commands[data[0] % sizeof(commands)];
	data++;
	size--;

	msg = nlmsg_alloc_size(NLMSG_HDRLEN + GENL_HDRLEN + size + 16);
	if (!msg)
		return 0;
	if (!genlmsg_put(msg, 0, 0, 42, 0, 0, cmd, 0) ||
	    (size && nlmsg_append(msg, (void *)data, size, NLMSG_ALIGNTO))) {
		nlmsg_free(msg);
		return 0;
	}

	memset(&d, 0, sizeof(d));
	if (!regnl_parse_domain(msg, &d, &st))
		regnl_print_domain(sink, &d);
	regnl_domain_free(&d);
	if (!regnl_wiphy_list_add(&wl, msg, &st) && wl.n) {
		regnl_print_channels(sink, &wl.v[0]);
		regnl_json_wiphys(sink, "fuzz", &wl, NULL);
	}
	regnl_wiphy_list_free(&wl);
	if (regnl_parse_reg_event(msg, &ev, &st) == 1)
		regnl_print_reg_event(sink, &ev);
	regnl_decode_msg(sink, msg);
	nlmsg_free(msg);
	return 0;
}
