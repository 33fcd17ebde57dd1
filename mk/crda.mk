# crda, the agent udev runs, and the udev rules that run it. crda links the
# database library (mk/db.mk) and the netlink library (mk/nl.mk); their
# archives are named here by path because those fragments are read after
# this one.
CRDA_LIBS := $(BUILD)/libregdb.a $(BUILD)/libregnl.a

TOOLS += $(BUILD)/crda
CHECK_HOST += check-crda
# make install (mk/pkg.mk installs and uninstalls the list).
INSTALL_FILES += 0755:$(BUILD)/crda:$(SBINDIR)/crda \
	0644:$(TOP)/udev/85-regcore.rules:$(UDEVDIR)/85-regcore.rules \
	0644:$(TOP)/crda/man/crda.8:$(MANDIR)/man8/crda.8 \
	0644:$(TOP)/udev/85-regcore-cfg80211.rules:$(PREFIX)/share/regcore/85-regcore-cfg80211.rules

$(BUILD)/crda: $(TOP)/crda/crda.c $(CRDA_LIBS) $(TOP)/crda/lib/regdb.h \
		$(TOP)/crda/nl/regnl.h $(TOP)/crda/regdom.h $(VERSION_SRC)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(REGDB_CFLAGS) $(REGNL_CFLAGS) \
		-pthread -DREGCORE_VERSION='"$(REGCORE_VERSION)"' $(USER_LDFLAGS) \
		$< $(CRDA_LIBS) $(REGDB_LDLIBS) $(REGNL_LDLIBS) -o $@

# Host tests of crda against the real databases (no kernel needed: every
# path up to sending is exercised, and sending to a family the host does
# not have).
.PHONY: check-crda install-udev-cfg80211 uninstall-udev-cfg80211
check-crda: $(BUILD)/crda $(BUILD)/regdb $(BUILD)/crda-nlshim.so
	@BUILD=$(BUILD) SHARED_TESTDATA=$(SHARED_TESTDATA) \
		$(TOP)/tests/unit/crda/test-crda.sh

# For the tests only: libnl calls that misbehave on request, to reach the
# exit statuses of a kernel refusal and of netlink and memory failures.
$(BUILD)/crda-nlshim.so: $(TOP)/tests/unit/crda/nlshim.c
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(REGNL_CFLAGS) -shared -fPIC $< -o $@ -ldl

# The rule that lets this crda serve the kernel's own cfg80211 too: only on
# request, as it takes over what the kernel's regulatory.db would do (make
# install puts a copy under $(PREFIX)/share/regcore/ for later).
INSTALL_CFG80211 := 0644:$(TOP)/udev/85-regcore-cfg80211.rules:$(UDEVDIR)/85-regcore-cfg80211.rules
install-udev-cfg80211:
	@$(call install_list,install,$(INSTALL_CFG80211))
uninstall-udev-cfg80211:
	@$(call install_list,uninstall,$(INSTALL_CFG80211))

# In the VM, crda, regctl, regdb, regdbdump, the udev rule and regcore.ko
# are those the Debian packages install (tests/vm/run.sh unpacks them):
# no VM_FILES entry here or in nl.mk for them.

# The database the VM's crda finds by default: Debian's wireless-regdb,
# decompiled and compiled again as regulatory.bin (version 19), signed by
# a key made for the test VM, whose public half the VM trusts through
# /etc/wireless-regdb/pubkeys. This way cfg80211 in the VM finds no
# regulatory.db of its own and asks crda, as on a system without one, and
# the compiler, signer and runtime trust directory are part of the run.
# The private half goes in too, as junk a key directory may hold (group
# 41): crda must skip it, never trust it.
VMDB := $(BUILD)/vmdb
VMDB_SRC := /lib/firmware/regulatory.db-upstream
VMDB_SIG := /lib/firmware/regulatory.db.p7s-upstream
$(VMDB)/regulatory.bin: $(BUILD)/regdb $(VMDB_SRC)
	@rm -rf $(VMDB) && mkdir -p $(VMDB)
	@$(BUILD)/regdb decompile -s $(VMDB_SIG) \
		-o $(VMDB)/db.txt $(VMDB_SRC)
	@$(BUILD)/regdb genkey --bits 2048 --cn regcore-vm-test $(VMDB)/vmtest >/dev/null
	@$(BUILD)/regdb compile --bin $(VMDB)/regulatory.bin \
		--sign-key $(VMDB)/vmtest.key.priv $(VMDB)/db.txt
$(VMDB)/vmtest.key.pub.pem $(VMDB)/vmtest.key.priv $(VMDB)/vmtest.x509.pem \
	$(VMDB)/db.txt: $(VMDB)/regulatory.bin
# The test key's certificate in DER, the form the kernel reads, for
# regcore's regdb_extra_cert (group 42 signs test databases with the key).
$(VMDB)/vmtest.x509.der: $(VMDB)/vmtest.x509.pem
	@sed '/^-----/d' $< | base64 -d >$@

VM_FILES += $(VMDB)/regulatory.bin:/usr/lib/crda/regulatory.bin \
	$(VMDB)/vmtest.key.pub.pem:/etc/wireless-regdb/pubkeys/vmtest.key.pub.pem \
	$(VMDB)/vmtest.key.priv:/usr/share/regcore/vmtest.key.priv \
	$(TOP)/udev/85-regcore-cfg80211.rules:/usr/share/regcore/85-regcore-cfg80211.rules \
	$(VMDB)/vmtest.x509.der:/lib/firmware/regcore-test/vmtest.x509.der \
	$(VMDB)/vmtest.x509.pem:/usr/share/regcore/vmtest.x509.pem \
	$(VMDB)/db.txt:/usr/share/regcore/db.txt \
	$(SHARED_TESTDATA)/wireless-regdb-2018/regulatory.db:/usr/share/regcore/2018/regulatory.db \
	$(SHARED_TESTDATA)/wireless-regdb-2018/regulatory.db.p7s:/usr/share/regcore/2018/regulatory.db.p7s

# Benchmark: hint-to-applied latency in the VM (tests/vm/bench/latency.sh),
# regcore + crda next to cfg80211 + crda and cfg80211 + regulatory.db.
BENCH += bench-latency
.PHONY: bench-latency
VM_FILES += $(BUILD)/reglat:/usr/bin/reglat \
	/lib/firmware/regulatory.db-upstream:/usr/share/regcore/regulatory.db \
	/lib/firmware/regulatory.db.p7s-upstream:/usr/share/regcore/regulatory.db.p7s
$(BUILD)/reglat: $(TOP)/tests/vm/tools/reglat.c $(BUILD)/libregnl.a $(TOP)/crda/nl/regnl.h
	$(CC) $(USER_CFLAGS) $(REGNL_CFLAGS) $(USER_LDFLAGS) $< \
		$(BUILD)/libregnl.a $(REGNL_LDLIBS) -o $@
bench-latency: VM_TESTS := 90-bench
bench-latency: vm-files
	@VM_GROUP_TIMEOUT=1200 VM_TIMEOUT=1500 $(VM_RUN) debian $(VM_FILES) \
		$(TOP)/tests/vm/bench/latency.sh:/regvm/tests/90-bench-latency.sh
