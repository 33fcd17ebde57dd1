# SPDX-License-Identifier: GPL-2.0
# Installing regcore the way out-of-tree drivers are installed:
#
#   make install / make uninstall   the files of INSTALL_FILES (every
#               fragment adds its own), the module for KVER (mk/kmod.mk) and
#               the DKMS source tree /usr/src/regcore-VERSION; uninstall
#               also takes regcore/VERSION out of the machine's DKMS
#   make install-files / uninstall-files   the same without the module for
#               KVER: the DKMS route (README), and the packages
#   make install-dkms-src           the DKMS source tree alone
#   make pkg    the Debian packages regcore-dkms and regcore-tools, built
#               by dpkg-buildpackage from a clean clone of HEAD, into
#               build/pkg/
#
# Host tests: check-version, check-install, check-dkms, check-pkg.

# install_list ACTION ENTRIES: install, uninstall or list the entries
# (MODE:SRC:DEST or dir:DEST) under DESTDIR.
install_list = DESTDIR='$(DESTDIR)' $(TOP)/scripts/install-files.sh $(1) $(2)
# The SRC half of each file entry, for make to bring up to date first.
install_srcs = $(foreach e,$(filter-out dir:%,$(1)),$(word 2,$(subst :, ,$(e))))

# The certificates of keys/, which crda has built in, also in the directory
# crda reads at run time (the one regdb.h names), where an administrator
# sees and can add to them. Prefixed "regcore-": Debian's wireless-regdb
# ships nothing there today, and a name of ours never meets one of theirs.
REGDB_KEYDIR := $(shell sed -n 's/^\#define REGDB_DEFAULT_KEYDIR "\(.*\)"$$/\1/p' \
	$(TOP)/crda/lib/regdb.h)
INSTALL_FILES += $(foreach k,$(REGDB_KEYS), \
	0644:$(k):$(REGDB_KEYDIR)/regcore-$(notdir $(k)))

# The modprobe.d example: the line that sets a country at load, commented.
INSTALL_FILES += 0644:$(TOP)/etc/modprobe.d/regcore.conf:/etc/modprobe.d/regcore.conf
INSTALL_FILES += dir:$(PREFIX)/share/regcore

# ---- the DKMS source tree: dkms.conf (its version filled in), the top
# Kbuild and the module's sources; no tests ----
DKMS_SRC := /usr/src/regcore-$(REGCORE_VERSION)
DKMS_CONF := $(BUILD)/dkms/dkms.conf
DKMS_SOURCES := $(TOP)/Kbuild $(sort $(wildcard $(TOP)/net/regcore/*.[ch] \
	$(TOP)/net/regcore/*.sh $(TOP)/net/regcore/Kbuild $(TOP)/keys/*.pem \
	$(TOP)/include/*/*.h $(TOP)/include/*/*/*.h))
DKMS_FILES := 0644:$(DKMS_CONF):$(DKMS_SRC)/dkms.conf \
	$(foreach f,$(DKMS_SOURCES),0644:$(f):$(DKMS_SRC)/$(f:$(TOP)/%=%)) \
	dir:$(DKMS_SRC)
INSTALL_FILES += $(DKMS_FILES)

# Filled in: the version, and the supported kernel series as a regular
# expression (scripts/kvers.sh keeps the list).
$(DKMS_CONF): $(TOP)/dkms.conf $(VERSION_SRC) $(TOP)/scripts/kvers.sh
	@mkdir -p $(@D)
	@re=$$($(TOP)/scripts/kvers.sh --regex) && \
	sed -e '/^PACKAGE_VERSION=/s/#MODULE_VERSION#/$(REGCORE_VERSION)/' \
		-e "/^BUILD_EXCLUSIVE_KERNEL=/s|#KERNEL_SERIES_REGEX#|$$(printf '%s' "$$re" | \
			sed 's/[\\&|]/\\&/g')|" $< >$@.tmp && \
	grep -qxF "BUILD_EXCLUSIVE_KERNEL=\"$$re\"" $@.tmp || \
		{ echo "$<: no BUILD_EXCLUSIVE_KERNEL=\"#KERNEL_SERIES_REGEX#\" line to fill in" >&2; exit 1; }
	@grep -qx 'PACKAGE_VERSION="$(REGCORE_VERSION)"' $@.tmp || \
		{ echo "$<: no PACKAGE_VERSION=\"#MODULE_VERSION#\" line to fill in" >&2; exit 1; }
	mv $@.tmp $@

INSTALL_GOALS += install-files
UNINSTALL_GOALS += uninstall-files
.PHONY: install-files install-prereqs uninstall-files uninstall-dkms install-list install-dkms-src \
	print-version pkg check-version check-install check-dkms check-pkg
# Everything of make install but the module built for KVER (the Debian
# packages are made from this: debian/rules).
install-files: install-prereqs
	@$(call install_list,install,$(INSTALL_FILES))
# Build what install-files copies (debian/rules builds this alone).
install-prereqs: $(call install_srcs,$(INSTALL_FILES))
# dkms remove regcore/VERSION first, if the machine's DKMS has it (not
# with a DESTDIR); DKMS_ARGS for dkms (a scratch tree: check-dkms).
uninstall-files: uninstall-dkms
	@$(call install_list,uninstall,$(INSTALL_FILES))
uninstall-dkms:
	@DESTDIR='$(DESTDIR)' DKMS_ARGS='$(DKMS_ARGS)' \
		$(TOP)/scripts/uninstall-dkms.sh $(REGCORE_VERSION)
install-list:
	@$(call install_list,list,$(INSTALL_FILES) $(INSTALL_KMOD))
install-dkms-src: $(call install_srcs,$(DKMS_FILES))
	@$(call install_list,install,$(DKMS_FILES))
print-version:
	@echo $(REGCORE_VERSION)

# ---- the Debian packages ----
PKG_OUT := $(BUILD)/pkg
pkg:
	@BUILD=$(BUILD) $(TOP)/scripts/build-pkg.sh $(PKG_OUT)

# The packages the VM test bed installs (tests/vm/run.sh, via
# scripts/pkg-stage.sh): made from the working tree, rebuilt when a file
# git knows of changes.
PKG_TREE := $(BUILD)/pkg-tree
PKG_TREE_SRCS := $(shell cd $(TOP) && git ls-files --cached --others \
	--exclude-standard 2>/dev/null | sed 's|^|$(TOP)/|')
$(PKG_TREE)/.stamp: $(wildcard $(PKG_TREE_SRCS))
	@BUILD=$(BUILD) $(TOP)/scripts/build-pkg.sh --tree $(PKG_TREE) >/dev/null
	@touch $@
VM_PREREQS += $(PKG_TREE)/.stamp

# ---- host tests ----
CHECK_HOST += check-version check-install check-dkms check-pkg

# Every place that states the version states the one of debian/changelog.
# regcore.ko too, built for KVER (make modules).
check-version: $(BUILD)/crda $(BUILD)/regctl $(BUILD)/regdb $(BUILD)/regdbdump \
		$(DKMS_CONF) modules
	@TOP=$(TOP) BUILD=$(BUILD) MAKE="$(MAKE)" KO=$(KMOD_OUT)/regcore.ko \
		$(TOP)/tests/unit/pkg/test-version.sh

# make install into a scratch DESTDIR, then make uninstall: nothing stays.
check-install:
	@TOP=$(TOP) MAKE="$(MAKE)" KVER=$(KVER) $(TOP)/tests/unit/pkg/test-install.sh

# dkms add, build and install (into a scratch DKMS tree and module tree)
# for each supported kernel series installed (scripts/kvers.sh).
check-dkms: $(call install_srcs,$(DKMS_FILES))
	@TOP=$(TOP) MAKE="$(MAKE)" $(TOP)/tests/unit/pkg/test-dkms.sh

# The packages from a clean clone of HEAD, lintian, their contents.
check-pkg:
	@TOP=$(TOP) BUILD=$(BUILD) MAKE="$(MAKE)" $(TOP)/tests/unit/pkg/test-pkg.sh $(PKG_OUT)
