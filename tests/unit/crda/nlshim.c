// SPDX-License-Identifier: GPL-2.0
/*
 * nlshim.c - LD_PRELOAD'ed into crda by test-crda.sh to reach the exit
 * statuses a host without the regcore module cannot: CRDA_NLSHIM says
 * which libnl call misbehaves.
 *
 *   ctrl     the family resolves to nlctrl's id, so the SET_REG goes to a
 *            real kernel family that refuses it (EOPNOTSUPP): exit 7
 *   resolve  resolving the family fails otherwise: exit 8
 *   nomem    no netlink socket can be allocated: exit 9
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include <linux/genetlink.h>
#include <netlink/errno.h>
#include <netlink/genl/ctrl.h>
#include <netlink/socket.h>

static const char *mode(void)
{
	const char *m = getenv("CRDA_NLSHIM");

	return m ? m : "";
}

int genl_ctrl_resolve(struct nl_sock *sk, const char *name)
{
	int (*real)(struct nl_sock *, const char *) =
		(int (*)(struct nl_sock *, const char *))dlsym(RTLD_NEXT,
							       "genl_ctrl_resolve");

	if (!strcmp(mode(), "ctrl"))
		return GENL_ID_CTRL;
	if (!strcmp(mode(), "resolve"))
		return -NLE_FAILURE;
	return real(sk, name);
}

struct nl_sock *nl_socket_alloc(void)
{
	struct nl_sock *(*real)(void) =
		(struct nl_sock *(*)(void))dlsym(RTLD_NEXT, "nl_socket_alloc");

	if (!strcmp(mode(), "nomem"))
		return NULL;
	return real();
}
