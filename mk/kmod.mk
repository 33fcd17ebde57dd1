# Kernel modules: regcore.ko and the test driver regsim.ko, for the kernel
# whose headers are installed (KVER/KDIR at the top). Other kernels (the
# debug kernel of the VM suite) call scripts/build-modules.sh with their own
# tree and output directory.
KMOD_OUT := $(BUILD)/kmod/$(KVER)

.PHONY: kstyle
modules:
	@$(TOP)/scripts/build-modules.sh $(KDIR) $(KMOD_OUT)
	@echo "modules: $(KMOD_OUT)/regcore.ko $(KMOD_OUT)/tests/regsim/regsim.ko"

# sparse and checkpatch over the kernel code, one host test each:
# check-kstyle for KVER, check-kstyle-SERIES for each installed series
# (make check runs these).
CHECK_HOST += $(addprefix check-kstyle-,$(KSERIES))
.PHONY: check-kstyle $(addprefix check-kstyle-,$(KSERIES))
check-kstyle:
	@$(TOP)/scripts/check-kstyle.sh $(KDIR) $(BUILD)/kstyle/$(KVER)
$(addprefix check-kstyle-,$(KSERIES)): check-kstyle-%:
	@$(TOP)/scripts/check-kstyle.sh /lib/modules/$(call kver_of,$*)/build \
		$(BUILD)/kstyle/$(call kver_of,$*)

# The regcore VM test groups (tests/vm/tests/2x-regcore-*.sh and later)
# source these helpers and read JSON with jq.
VM_FILES += $(TOP)/tests/vm/regcore.sh:/regvm/regcore.sh \
	$(TOP)/tests/vm/sidebyside.sh:/regvm/sidebyside.sh /usr/bin/jq:/usr/bin/jq \
	$(TOP)/tests/vm/regcore-modprobe.conf:/etc/modprobe.d/regcore-test.conf

# failnth: one system call with its Nth fault-injection point failing
# (the fault groups walk a driver's calls and the unload with it).
$(BUILD)/failnth: $(TOP)/tests/vm/tools/failnth.c $(TOP)/tests/vm/tools/fail-nth.h
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(USER_LDFLAGS) $< -o $@
TOOLS += $(BUILD)/failnth
VM_FILES += $(BUILD)/failnth:/usr/bin/failnth

# make install: regcore.ko into the kernel's module tree (not the test
# driver), then depmod unless installing into a staging DESTDIR; make
# uninstall removes it again (for KVER: give the same KVER= to both). The
# DKMS source tree that make install puts under /usr/src is mk/pkg.mk's.
INSTALL_KMOD := 0644:$(KMOD_OUT)/regcore.ko:/lib/modules/$(KVER)/extra/regcore.ko
INSTALL_GOALS += install-kmod
UNINSTALL_GOALS += uninstall-kmod
.PHONY: install-kmod uninstall-kmod
install-kmod: modules
	@$(call install_list,install,$(INSTALL_KMOD))
	$(if $(DESTDIR),,depmod -a $(KVER))
uninstall-kmod:
	@$(call install_list,uninstall,$(INSTALL_KMOD))
	$(if $(DESTDIR),,depmod -a $(KVER))
