# Hostile input at scale and load (tests/vm/README, "Hardening"):
#   nlfuzz                 the netlink fuzzer (tests/vm/tools/nlfuzz.c),
#                          run in the VM by tests/vm/tests/28-regcore-nlfuzz.sh
#   make check-hardening   groups 28 (fuzz) and 29 (load) with the full
#                          counts, on the Debian kernel and on the debug kernel
#
# make check runs the same groups with bounded counts (the groups' defaults);
# check-hardening passes the full ones on the kernel command line, which the
# groups read with lib.sh's regvm_param:
#   HARDENING_FUZZ_COUNT   messages nlfuzz sends (1000000)
#   HARDENING_LOAD_SECS    seconds the load group runs (300)
#   HARDENING_SEED         nlfuzz's seed (default: a new one, printed)
$(BUILD)/nlfuzz: $(TOP)/tests/vm/tools/nlfuzz.c
	@mkdir -p $(@D)
	$(CC) $(USER_CFLAGS) $(USER_LDFLAGS) $< -o $@
TOOLS += $(BUILD)/nlfuzz
VM_FILES += $(BUILD)/nlfuzz:/usr/bin/nlfuzz

HARDENING_FUZZ_COUNT ?= 1000000
HARDENING_LOAD_SECS ?= 300
HARDENING_SEED ?=
HARDENING_APPEND = regvm.nlfuzz_count=$(HARDENING_FUZZ_COUNT) \
	regvm.load_secs=$(HARDENING_LOAD_SECS) \
	$(if $(HARDENING_SEED),regvm.nlfuzz_seed=$(HARDENING_SEED))

.PHONY: check-hardening check-hardening-debian check-hardening-debug
check-hardening: check-hardening-debian check-hardening-debug
check-hardening-debian check-hardening-debug: VM_TESTS := 28,29
check-hardening-debian check-hardening-debug: check-hardening-%: vm-files
	@VM_APPEND="$(strip $(VM_APPEND) $(HARDENING_APPEND))" \
		VM_GROUP_TIMEOUT=5400 VM_TIMEOUT=7200 $(VM_RUN) $* $(VM_FILES)
