# Userspace netlink: libregnl (crda/nl/), regctl, and the tools the VM tests
# use (nlcraft: raw messages; jsoncheck: JSON syntax). Host tests: check-nl.
#
# For other fragments (crda links the library):
#   REGNL_LIB      $(BUILD)/libregnl.a
#   REGNL_SAN_LIB  the same objects under ASan/UBSan, for tests
#   REGNL_CFLAGS   include flags: #include "regnl.h" (or "nl/regnl.h")
#   REGNL_LDLIBS   libnl-genl-3 and libnl-3
REGNL_CFLAGS := $(shell $(PKG_CONFIG) --cflags libnl-genl-3.0) -I$(TOP)/crda/nl
REGNL_LDLIBS := $(shell $(PKG_CONFIG) --libs libnl-genl-3.0)
REGNL_LIB := $(BUILD)/libregnl.a
REGNL_SAN_LIB := $(BUILD)/san/libregnl.a
export REGNL_CFLAGS REGNL_LDLIBS REGNL_LIB REGNL_SAN_LIB

NL_SRCS := $(sort $(wildcard $(TOP)/crda/nl/*.c))
NL_HDRS := $(wildcard $(TOP)/crda/nl/*.h) $(TOP)/crda/regdom.h $(TOP)/crda/json.h
NL_OBJS := $(NL_SRCS:$(TOP)/%.c=$(BUILD)/nl/obj/%.o)
NL_SAN_OBJS := $(NL_SRCS:$(TOP)/%.c=$(BUILD)/san/nl/obj/%.o)
NL_TEST_SRCS := $(sort $(wildcard $(TOP)/tests/unit/nl/*.c))
NL_TOOLS := $(BUILD)/regctl $(BUILD)/nlcraft $(BUILD)/jsoncheck

TOOLS += $(REGNL_LIB) $(NL_TOOLS)
CHECK_HOST += check-nl
# make install (mk/pkg.mk installs and uninstalls the list).
INSTALL_FILES += 0755:$(BUILD)/regctl:$(PREFIX)/sbin/regctl \
	0644:$(TOP)/crda/man/regctl.8:$(MANDIR)/man8/regctl.8

$(NL_OBJS): $(BUILD)/nl/obj/%.o: $(TOP)/%.c $(NL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(REGNL_CFLAGS) -c $< -o $@

$(NL_SAN_OBJS): $(BUILD)/san/nl/obj/%.o: $(TOP)/%.c $(NL_HDRS)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(REGNL_CFLAGS) -c $< -o $@

$(REGNL_LIB): $(NL_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

$(REGNL_SAN_LIB): $(NL_SAN_OBJS)
	@mkdir -p $(@D)
	rm -f $@ && $(AR) rcs $@ $^

# regctl doctor verifies databases as crda does: regctl links libregdb.
REGCTL_SRCS := $(TOP)/crda/regctl.c $(TOP)/crda/doctor.c $(TOP)/crda/why.c \
	$(TOP)/crda/preview.c
REGCTL_HDRS := $(TOP)/crda/doctor.h $(TOP)/crda/why.h $(TOP)/crda/preview.h
$(BUILD)/regctl: $(REGCTL_SRCS) $(REGCTL_HDRS) $(REGNL_LIB) \
		$(REGDB_LIB) $(NL_HDRS) $(VERSION_SRC)
	$(CC) $(USER_CFLAGS) $(REGNL_CFLAGS) -I$(TOP)/crda \
		-DREGCORE_VERSION='"$(REGCORE_VERSION)"' $(USER_LDFLAGS) \
		$(REGCTL_SRCS) $(REGNL_LIB) $(REGDB_LIB) $(REGNL_LDLIBS) \
		$(REGDB_LDLIBS) -o $@

$(BUILD)/nlcraft: $(TOP)/tests/vm/tools/nlcraft.c $(TOP)/tests/vm/tools/fail-nth.h \
		$(REGNL_LIB) $(NL_HDRS)
	$(CC) $(USER_CFLAGS) $(REGNL_CFLAGS) $(USER_LDFLAGS) \
		$< $(REGNL_LIB) $(REGNL_LDLIBS) -o $@

$(BUILD)/jsoncheck: $(TOP)/tests/vm/tools/jsoncheck.c
	$(CC) $(USER_CFLAGS) $(USER_LDFLAGS) $< -o $@

# The host tests reach into regctl.c and jsoncheck.c (their command table
# and validator) by including them; nlcraft is run as a program.
$(BUILD)/san/test-nl: $(NL_TEST_SRCS) $(wildcard $(TOP)/tests/unit/nl/*.h) \
		$(REGCTL_SRCS) $(REGCTL_HDRS) \
		$(TOP)/tests/vm/tools/jsoncheck.c \
		$(REGNL_SAN_LIB) $(REGDB_SAN_LIB) $(NL_HDRS)
	$(CC) $(SAN_CFLAGS) $(REGNL_CFLAGS) -I$(TOP)/crda -I$(TOP)/tests/vm/tools \
		$(NL_TEST_SRCS) $(TOP)/crda/doctor.c $(TOP)/crda/why.c \
		$(TOP)/crda/preview.c $(REGNL_SAN_LIB) \
		$(REGDB_SAN_LIB) $(REGNL_LDLIBS) $(REGDB_LDLIBS) -o $@

$(BUILD)/san/nlcraft: $(TOP)/tests/vm/tools/nlcraft.c \
		$(TOP)/tests/vm/tools/fail-nth.h $(REGNL_SAN_LIB) $(NL_HDRS)
	$(CC) $(SAN_CFLAGS) $(REGNL_CFLAGS) $< $(REGNL_SAN_LIB) \
		$(REGNL_LDLIBS) -o $@

# The VM suite (tests/vm/tests/30-regctl-nl80211.sh) runs regctl (from
# the package), nlcraft and jsoncheck, and gives cfg80211 wireless-regdb's database for its run
# (upstream's; Debian's for regctl doctor, group 51).
VM_FILES += $(BUILD)/nlcraft:/usr/bin/nlcraft \
	$(BUILD)/jsoncheck:/usr/bin/jsoncheck \
	/lib/firmware/regulatory.db-upstream:/regvm/nl/regulatory.db \
	/lib/firmware/regulatory.db.p7s-upstream:/regvm/nl/regulatory.db.p7s \
	/lib/firmware/regulatory.db-debian:/regvm/debian/regulatory.db \
	/lib/firmware/regulatory.db.p7s-debian:/regvm/debian/regulatory.db.p7s

.PHONY: check-nl
check-nl: $(BUILD)/san/test-nl $(BUILD)/san/nlcraft
	@NLCRAFT=$(BUILD)/san/nlcraft $(BUILD)/san/test-nl

# ---- fuzzing the netlink parsers (libFuzzer), as fuzz-db does the
# database's; FUZZ_SECONDS per target ----
NL_FUZZ_BIN := $(BUILD)/fuzz/fuzz-nl
$(NL_FUZZ_BIN): $(TOP)/tests/fuzz/fuzz-nl.c $(NL_SRCS) $(NL_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(REGDB_FUZZ_FLAGS) $(REGNL_CFLAGS) -I$(TOP)/include/uapi \
		-I$(TOP)/crda -o $@ $< $(NL_SRCS) $(REGNL_LDLIBS)
FUZZ += fuzz-nl
.PHONY: fuzz-nl
fuzz-nl: $(NL_FUZZ_BIN)
	@BUILD=$(BUILD) SHARED_TESTDATA=$(SHARED_TESTDATA) \
		FUZZ_SECONDS=$(FUZZ_SECONDS) TARGETS=fuzz-nl \
		sh $(TOP)/tests/fuzz/run-fuzz.sh
