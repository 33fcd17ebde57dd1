# SPDX-License-Identifier: GPL-2.0
# The signed regulatory database: the library libregdb (crda/lib), the
# tools regdb and regdbdump, their host tests, fuzz targets and benchmark.
#
# For other fragments: link $(REGDB_LIB) (or $(REGDB_SAN_LIB) in sanitized
# builds) with $(REGDB_LDLIBS), compile with $(REGDB_CFLAGS).

# GnuTLS reads the PEM private keys regdb signs with (keys.c); linked as
# needed, so the programs that never sign (crda, regdbdump) do not load it.
REGDB_CFLAGS := -I$(TOP)/crda/lib -I$(TOP)/crda \
	$(shell $(PKG_CONFIG) --cflags gnutls 2>/dev/null)
REGDB_LDLIBS := $(shell $(PKG_CONFIG) --libs ksba libgcrypt 2>/dev/null || \
		  echo -lksba -lgcrypt -lgpg-error) \
	-Wl,--push-state,--as-needed \
	$(shell $(PKG_CONFIG) --libs gnutls 2>/dev/null || echo -lgnutls) \
	-Wl,--pop-state -lm
REGDB_LIB := $(BUILD)/libregdb.a
REGDB_SAN_LIB := $(BUILD)/san/libregdb.a
export REGDB_CFLAGS REGDB_LDLIBS REGDB_LIB REGDB_SAN_LIB

# Data the tests read from the shared tree; never copied into the project.
# It lies next to the checkout (../shared); a clone made elsewhere finds it
# at /work/shared. SHARED_TESTDATA= overrides both.
SHARED_TESTDATA ?= $(firstword $(wildcard $(TOP)/../shared/testdata \
	/work/shared/testdata) $(TOP)/../shared/testdata)
FUZZ_SECONDS ?= 60
BENCH_RUNS ?= 41

REGDB_SRCS := $(sort $(wildcard $(TOP)/crda/lib/*.c))
REGDB_KEYS := $(sort $(wildcard $(TOP)/keys/*.pem))
REGDB_GEN := $(BUILD)/gen/regdb-keys.c
REGDB_DEP_CFLAGS = -MMD -MP

REGDB_OBJS := $(patsubst $(TOP)/crda/lib/%.c,$(BUILD)/obj/regdb/%.o,$(REGDB_SRCS)) \
	$(BUILD)/obj/regdb/regdb-keys.o
REGDB_SAN_OBJS := $(patsubst $(BUILD)/obj/%,$(BUILD)/san/obj/%,$(REGDB_OBJS))

$(REGDB_GEN): $(REGDB_KEYS) $(TOP)/crda/tools/embed-keys.sh
	@mkdir -p $(@D)
	sh $(TOP)/crda/tools/embed-keys.sh $@ $(REGDB_KEYS)

$(BUILD)/obj/regdb/%.o: $(TOP)/crda/lib/%.c
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(REGDB_CFLAGS) $(REGDB_DEP_CFLAGS) -c -o $@ $<
$(BUILD)/obj/regdb/regdb-keys.o: $(REGDB_GEN)
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(REGDB_CFLAGS) -c -o $@ $<
$(BUILD)/san/obj/regdb/%.o: $(TOP)/crda/lib/%.c
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(REGDB_CFLAGS) $(REGDB_DEP_CFLAGS) -c -o $@ $<
$(BUILD)/san/obj/regdb/regdb-keys.o: $(REGDB_GEN)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(REGDB_CFLAGS) -c -o $@ $<

$(REGDB_LIB): $(REGDB_OBJS)
	rm -f $@
	ar rcs $@ $^
$(REGDB_SAN_LIB): $(REGDB_SAN_OBJS)
	rm -f $@
	ar rcs $@ $^

-include $(wildcard $(BUILD)/obj/regdb/*.d $(BUILD)/san/obj/regdb/*.d \
	$(BUILD)/obj/regdb-tools/*.d $(BUILD)/san/obj/regdb-tools/*.d)

# ---- tools ----

REGDB_TOOLS := regdb regdbdump

$(addprefix $(BUILD)/,$(REGDB_TOOLS)): $(BUILD)/%: $(TOP)/crda/%.c $(REGDB_LIB) \
		$(VERSION_SRC)
	@mkdir -p $(@D)/obj/regdb-tools
	$(CC) $(USER_CFLAGS) $(REGDB_CFLAGS) -MMD -MP \
		-DREGCORE_VERSION='"$(REGCORE_VERSION)"' \
		-MF $(@D)/obj/regdb-tools/$*.d -o $@ $< $(REGDB_LIB) \
		$(USER_LDFLAGS) $(REGDB_LDLIBS)
$(addprefix $(BUILD)/san/,$(REGDB_TOOLS)): $(BUILD)/san/%: $(TOP)/crda/%.c \
		$(REGDB_SAN_LIB) $(VERSION_SRC)
	@mkdir -p $(@D)/obj/regdb-tools
	$(CC) $(SAN_CFLAGS) $(REGDB_CFLAGS) -MMD -MP \
		-DREGCORE_VERSION='"$(REGCORE_VERSION)"' \
		-MF $(@D)/obj/regdb-tools/$*.d -o $@ $< $(REGDB_SAN_LIB) \
		$(SAN_FLAGS) $(REGDB_LDLIBS)

TOOLS += $(addprefix $(BUILD)/,$(REGDB_TOOLS))

.PHONY: check-db bench-db fuzz-db
# make install (mk/pkg.mk installs and uninstalls the list).
INSTALL_FILES += 0755:$(BUILD)/regdbdump:$(SBINDIR)/regdbdump \
	0755:$(BUILD)/regdb:$(PREFIX)/bin/regdb \
	0644:$(TOP)/crda/man/regdb.8:$(MANDIR)/man8/regdb.8 \
	0644:$(TOP)/crda/man/regdbdump.8:$(MANDIR)/man8/regdbdump.8

# ---- host tests: everything under ASan and UBSan ----

REGDB_TEST := $(BUILD)/san/test-regdb
$(REGDB_TEST): $(TOP)/tests/unit/test-regdb.c $(REGDB_SAN_LIB)
	@mkdir -p $(@D)
	$(CC) $(SAN_CFLAGS) $(REGDB_CFLAGS) -o $@ $< $(REGDB_SAN_LIB) \
		$(SAN_FLAGS) $(REGDB_LDLIBS)

CHECK_HOST += check-db
check-db: $(REGDB_TEST) $(BUILD)/san/regdb $(BUILD)/san/regdbdump \
		$(BUILD)/jsoncheck
	@TOP=$(TOP) BUILD=$(BUILD) SHARED_TESTDATA=$(SHARED_TESTDATA) \
		JSONCHECK=$(BUILD)/jsoncheck \
		sh $(TOP)/tests/unit/run-db.sh

# Hermeticity: the host suites under strace never touch the machine's key
# directory, default databases or udev rules (needs strace). Part of
# check-host (after the suites themselves: it runs them again).
CHECK_HOST += check-hermetic
.PHONY: check-hermetic
check-hermetic:
	@TOP=$(TOP) BUILD=$(BUILD) MAKE="$(MAKE)" sh $(TOP)/tests/unit/hermetic.sh

# ---- benchmark: ratios against a do-nothing run of the same binary ----

REGDB_BENCH := $(BUILD)/bench-regdb
$(REGDB_BENCH): $(TOP)/tests/bench/bench-regdb.c $(REGDB_LIB)
	$(CC) $(USER_CFLAGS) $(REGDB_CFLAGS) -o $@ $< $(REGDB_LIB) \
		$(REGDB_LDLIBS)

BENCH += bench-db
bench-db: $(REGDB_BENCH) $(BUILD)/regdb $(BUILD)/regdbdump
	@BUILD=$(BUILD) RUNS=$(BENCH_RUNS) sh $(TOP)/tests/bench/bench-db.sh

# Instructions (valgrind callgrind) of regdbdump against the legacy crda
# project's regdbdump on the 2018 regulatory.bin; target 0.5. The legacy
# source is not in regcore: LEGACY_CRDA_SRC=/path/to/crda (a checkout of
# github.com/mcgrof/crda), else the comparison is skipped with a line
# saying so. Needs valgrind.
LEGACY_CRDA_SRC ?=
BENCH_LEGACY_RATIO ?= 0.5
BENCH += bench-legacy
.PHONY: bench-legacy
bench-legacy: $(BUILD)/regdbdump
	@BUILD=$(BUILD) TOP=$(TOP) SHARED_TESTDATA=$(SHARED_TESTDATA) \
		LEGACY_CRDA_SRC=$(LEGACY_CRDA_SRC) RATIO_MAX=$(BENCH_LEGACY_RATIO) \
		sh $(TOP)/tests/bench/bench-legacy.sh

# ---- fuzzing: libFuzzer, each target for FUZZ_SECONDS ----

FUZZ_CC ?= clang
REGDB_FUZZ_TARGETS := fuzz-v19 fuzz-v20 fuzz-p7s fuzz-dbtxt
REGDB_FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-omit-frame-pointer \
	-g -O1 -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror
REGDB_FUZZ_BINS := $(addprefix $(BUILD)/fuzz/,$(REGDB_FUZZ_TARGETS))

$(REGDB_FUZZ_BINS): $(BUILD)/fuzz/%: $(TOP)/tests/fuzz/%.c $(REGDB_SRCS) $(REGDB_GEN) \
		$(wildcard $(TOP)/crda/lib/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(REGDB_FUZZ_FLAGS) $(REGDB_CFLAGS) -o $@ $< \
		$(REGDB_SRCS) $(REGDB_GEN) $(REGDB_LDLIBS)

FUZZ += fuzz-db
fuzz-db: $(REGDB_FUZZ_BINS)
	@BUILD=$(BUILD) SHARED_TESTDATA=$(SHARED_TESTDATA) \
		FUZZ_SECONDS=$(FUZZ_SECONDS) TARGETS="$(REGDB_FUZZ_TARGETS)" \
		sh $(TOP)/tests/fuzz/run-fuzz.sh
