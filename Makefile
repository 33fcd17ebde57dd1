# SPDX-License-Identifier: GPL-2.0
#
# regcore: the one entry point.
#
#   make             build the module (regcore.ko, regsim.ko) and the tools
#   make modules     the kernel modules only, against KDIR
#   make tools       the userspace tools only
#   make check       host tests, then the VM suite on every supported
#                    Debian kernel series installed and on the debug kernel
#   make demo        boot a VM and walk through a country change
#   make bench       benchmarks (ratios against a baseline of the same run)
#   make fuzz        run every fuzz target for a bounded time
#   make install     install into DESTDIR (PREFIX=/usr)
#   make uninstall   remove what make install put there
#   make pkg         the Debian packages (regcore-dkms, regcore-tools), in build/pkg
#   make deps        install the Debian packages the project needs
#
# The parts of the project each own a fragment under mk/; a fragment adds
# its goals to the aggregate variables below (TOOLS, CHECK_HOST, CHECK_VM,
# BENCH, FUZZ, INSTALL_FILES, INSTALL_GOALS, UNINSTALL_GOALS, CLEAN_FILES).

SHELL := /bin/bash
TOP := $(CURDIR)
BUILD := $(TOP)/build

# The kernel the modules are built for: the newest version under
# /lib/modules that has its headers installed (never `uname -r`: the build
# machine runs some other kernel). KVER= or KDIR= override it.
KVER ?= $(shell $(TOP)/scripts/kver.sh)
KDIR ?= /lib/modules/$(KVER)/build

# Every supported kernel series that is installed (scripts/kvers.sh: 6.1
# and 6.12, the newest version of each): make check builds, checks and
# boots each one. KSERIES_PAIRS holds SERIES=VERSION words.
KSERIES_PAIRS := $(shell $(TOP)/scripts/kvers.sh --series 2>/dev/null | tr ' ' '=')
KSERIES := $(foreach p,$(KSERIES_PAIRS),$(firstword $(subst =, ,$(p))))
kver_of = $(word 2,$(subst =, ,$(filter $(1)=%,$(KSERIES_PAIRS))))

# The version, from its one source: the first line of debian/changelog
# (scripts/version.sh reads it). The tools' --version, the DKMS tree's
# dkms.conf and the Debian packages all carry this value.
REGCORE_VERSION := $(shell $(TOP)/scripts/version.sh)
ifeq ($(REGCORE_VERSION),)
$(error no version: scripts/version.sh failed (see above))
endif
VERSION_SRC := $(TOP)/debian/changelog

# Userspace: C11, warnings are errors.
CC ?= cc
PKG_CONFIG ?= pkg-config
USER_CFLAGS := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -O2 -g \
	-I$(TOP)/include/uapi -I$(TOP)/crda
USER_LDFLAGS :=
# The same objects again under AddressSanitizer and UBSan, for the tests.
SAN_FLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	-fno-sanitize-recover=all
SAN_CFLAGS := $(filter-out -O2,$(USER_CFLAGS)) -O1 $(SAN_FLAGS)
# Flags a distribution adds to the installed programs (debian/rules passes
# dpkg-buildflags' hardening flags here); not used by the sanitized tests.
TOOLS_CFLAGS ?=
USER_CFLAGS += $(TOOLS_CFLAGS)

PREFIX ?= /usr
SBINDIR ?= /sbin
MANDIR ?= $(PREFIX)/share/man
UDEVDIR ?= /lib/udev/rules.d
DESTDIR ?=

TOOLS :=
CHECK_HOST :=
CHECK_VM :=
# VM suites make check runs at the same time (scripts/run-checks.sh): each
# word one set, its goals joined by "+", the sets one after the other
CHECK_VM_SETS :=
space := $(subst ,, )
# Commands make check starts in the background, at the lowest priority,
# before the suites: long builds a later suite needs (the debug kernel),
# which then use the CPU the suites leave idle. Their logs: build/logs/.
CHECK_PREFETCH :=
BENCH :=
FUZZ :=
INSTALL_GOALS :=
UNINSTALL_GOALS :=
# Files make install copies and make uninstall removes: MODE:SRC:DEST
# (DEST without DESTDIR); see mk/pkg.mk.
INSTALL_FILES :=
CLEAN_FILES :=

.PHONY: all modules tools check check-host check-vm demo bench fuzz \
	install uninstall clean deps
all: modules tools

include $(sort $(wildcard $(TOP)/mk/*.mk))

tools: $(TOOLS)

# `make check` runs everything; CHECK_HOST first so that a broken tool is
# reported before ten minutes of VM time are spent.
check: deps
	@mkdir -p $(BUILD)/logs
	@$(TOP)/scripts/kvers.sh >/dev/null
	@$(foreach c,$(CHECK_PREFETCH),nice -n 19 $(c) >$(BUILD)/logs/prefetch-$(notdir $(c)).log 2>&1 &)
	@$(TOP)/scripts/run-checks.sh $(CHECK_HOST) $(CHECK_VM_SETS)
check-host: $(CHECK_HOST)
check-vm: $(CHECK_VM)

bench: $(BENCH)
fuzz: $(FUZZ)
install: $(INSTALL_GOALS)
uninstall: $(UNINSTALL_GOALS)

deps:
	@$(TOP)/scripts/deps.sh

clean:
	rm -rf $(BUILD) $(CLEAN_FILES)
