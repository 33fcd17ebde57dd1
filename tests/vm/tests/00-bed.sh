#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The test bed itself: udevd handles real uevents, syslog reaches its file,
# the unprivileged helper really has no privilege, the debug facilities are
# there on the debug kernel. Needs nothing from the project.
. /regvm/lib.sh

udev_log=/run/regvm-udev.log

check "systemd-udevd is running" pidof systemd-udevd

check "udevadm control answers a ping" udevadm control --ping

# A plain `udevadm trigger` change event goes kernel -> udevd -> rule.
: >>$udev_log
udevadm trigger --action=change /sys/devices/virtual/mem/null
udev_settle
check "a udev rule runs for a change event from udevadm trigger" \
	grep -q '^trigger mem /devices/virtual/mem/null$' $udev_log

# A synthetic uevent with an argument, like the COUNTRY=XX of a regulatory
# request: the rule sees the variable.
token=$(cut -c1-8 /proc/sys/kernel/random/uuid)
echo "change $(cat /proc/sys/kernel/random/uuid) REGVMPROBE=$token" \
	>/sys/devices/virtual/mem/null/uevent
udev_settle
check "a udev rule sees the variables of a synthetic uevent" \
	grep -q "^probe $token\$" $udev_log

token=$(cut -c1-8 /proc/sys/kernel/random/uuid)
syslog_mark
logger -t regvm-bed -p daemon.notice "probe $token"
wait_until 5 grep -q "regvm-bed: probe $token" /var/log/messages
expect_match "a message sent to syslog lands in /var/log/messages" \
	"daemon.notice regvm-bed: probe $token" "$(syslog_since)"

expect_eq "the unprivileged helper runs as uid and gid 65534" \
	"65534 65534 65534" "$(as_nobody id -u) $(as_nobody id -g) $(as_nobody id -G)"

caps=$(as_nobody grep '^Cap' /proc/self/status)
expect_eq "the unprivileged helper has no capability in any set" \
	"CapInh:	0000000000000000
CapPrm:	0000000000000000
CapEff:	0000000000000000
CapBnd:	0000000000000000
CapAmb:	0000000000000000" "$caps"

# Link changes need CAP_NET_ADMIN: with lo down, root may set it up, the
# helper may not.
ip link set lo down
check_fails "the unprivileged helper may not set a link up (no CAP_NET_ADMIN)" \
	as_nobody ip link set lo up
expect_match "the refusal is EPERM" "Operation not permitted" "$REGVM_OUT"
check "root may set a link up (CAP_NET_ADMIN)" ip link set lo up

check "modprobe finds the modules of the VM's tree (modprobe -n cfg80211)" \
	modprobe -n cfg80211

expect_match "the kernel flavour is named (REGVM_FLAVOUR)" '^(debian|debug)$' "$REGVM_FLAVOUR"
expect_eq "REGVM_KVER is the running kernel" "$(uname -r)" "$REGVM_KVER"

# The runner's scan of the kernel log (bad-lines) on reports in the shapes
# this kernel prints them, next to ordinary lines it must leave alone.
reports='[   10.1] WARNING: CPU: 1 PID: 42 at net/regcore/hints.c:100 regcore_x+0x10/0x20 [regcore]
[   10.2] BUG: KASAN: slab-use-after-free in regcore_x+0x10/0x20 [regcore]
[   10.3] BUG: kernel NULL pointer dereference, address: 0000000000000008
[   10.4] WARNING: possible circular locking dependency detected
[   10.5] INFO: task modprobe:123 blocked for more than 120 seconds.
[   10.6] rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:
[   10.7] general protection fault, probably for non-canonical address 0xdffffc0000000001: 0000 [#1] PREEMPT SMP KASAN
[   10.8] BUG: sleeping function called from invalid context at mm/slab.h:1
[   10.9] UBSAN: shift-out-of-bounds in net/regcore/channels.c:1:2
[   11.0] Call Trace:'
ordinary='[   12.1] regcore: regulatory domain DE (DFS-ETSI, 7 rules) in force, set by user
[   12.2] regvm: group 00-bed begins
[   12.3] cfg80211: Loading compiled-in X.509 certificates for regulatory database
[   12.4] regsim: radio 0 is rphy0'
expect_eq "the kernel log scan flags each kind of kernel report, and no ordinary line" \
	"$reports" "$(kernel_bad_lines "$reports
$ordinary")"

if is_debug; then
	check "kmemleak is enabled" test -w /sys/kernel/debug/kmemleak
	check "KASAN is active" sh -c 'dmesg | grep -q "KernelAddressSanitizer initialized"'
	check "lockdep is active (/proc/lockdep)" test -r /proc/lockdep
	check "failslab can be driven from debugfs" test -w /sys/kernel/debug/failslab/probability
	check "KUnit is built in (/sys/kernel/debug/kunit)" test -d /sys/kernel/debug/kunit
fi
