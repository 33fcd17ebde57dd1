# The VM test bed (tests/vm/README): the suite on the installed Debian
# kernel and on the debug kernel (KASAN, kmemleak, lockdep, failslab,
# KUnit), each booted under qemu TCG with an initramfs made from this
# machine's binaries.
#
#   make check-vm-debian      the suite on Debian's kernel
#   make check-vm-debug       the suite on the debug kernel (built once, cached)
#   make vm-shell             boot a VM and get a root shell (VM_KERNEL=debug
#                             for the debug kernel)
#   make debug-kernel         build the debug kernel, print where it is
#
# Variables:
#   VM_FILES    SRC:DEST pairs put into the VM; other fragments append, e.g.
#                 VM_FILES += $(BUILD)/regctl:/usr/sbin/regctl
#                 VM_FILES += $(TOP)/udev/85-regcore.rules:/lib/udev/rules.d/85-regcore.rules
#               a SRC that make can build is built first; an ELF file brings
#               the libraries ldd names
#   VM_MODULES  more modules of the kernel's own tree for the VM (names)
#   VM_TESTS    run only these groups (names or prefixes: VM_TESTS=00,10-cfg)
#   VM_SKIP     leave these groups out (names or prefixes, as VM_TESTS)
#   VM_TIMEOUT  seconds before a VM that has not finished is killed (600)
#   VM_GROUP_TIMEOUT  seconds one group may run inside the VM (300)
#   VM_KERNEL   debian or debug, for vm-shell
#   REGCORE_CACHE  where the debug kernel is cached (/var/cache/regcore as
#               root, else ~/.cache/regcore)
# The project's modules are built for each kernel into $(BUILD)/kmod/KVER by
# scripts/build-modules.sh (as soon as net/regcore/ exists).

VM_FILES ?=
# Goals the VM runs need built besides the VM_FILES sources (the packages)
VM_PREREQS ?=
VM_MODULES ?=
VM_TESTS ?=
VM_SKIP ?=
VM_KERNEL ?= debian
VM_ENV = BUILD="$(BUILD)" VM_MODULES="$(VM_MODULES)" VM_TESTS="$(VM_TESTS)" \
	VM_SKIP="$(VM_SKIP)" PKG_DIR="$(PKG_TREE)"
VM_RUN = $(VM_ENV) KVER="$(KVER)" KDIR="$(KDIR)" $(TOP)/tests/vm/run.sh

# The SRC half of each VM_FILES pair, for make to bring up to date first.
vm_srcs = $(foreach f,$(VM_FILES),$(firstword $(subst :, ,$(f))))

.PHONY: check-vm-debian check-vm-debug vm-shell debug-kernel vm-files \
	$(addprefix check-vm-,$(KSERIES))
CHECK_VM += $(addprefix check-vm-,$(KSERIES)) check-vm-debug
# make check: Debian's kernels at the same time, one vCPU each (together
# they take about as long as one alone with two vCPUs: the groups run one
# after the other), then the debug suite the same way, in two halves of
# about equal time, each in a VM of its own.
CHECK_VM_SETS += $(subst $(space),+,$(addprefix check-vm-,$(KSERIES))) \
	check-vm-debug-1+check-vm-debug-2
# The first half: the fault injection and the database reloads, the
# timeout, the indoor hints, the journal and the groups that skip there;
# the second half the rest (at a026a24, on a slower machine with other
# VMs beside them, the first took 1674 s and the second about 1850 s
# with 28's 10000 fuzz messages, since cut to 4000). Both run the test
# bed's own groups (00, 10).
VM_DEBUG_HALF1 := 00,10,23,25,26,27,30,42,47,49
VM_DEBUG_HALF2_SKIP := 23,25,26,27,30,42,47,49
# The debug kernel takes about 25 CPU-minutes to build the first time: make
# check starts it while the host suites and the Debian kernel's run; the
# debug run waits for it (the build holds a lock on the cache).
CHECK_PREFETCH += $(TOP)/tests/vm/debug-kernel.sh

# The whole suite takes minutes per kernel under TCG; a hung VM is caught by
# the per-group timeout first.
export VM_TIMEOUT ?= 3600
export VM_GROUP_TIMEOUT ?= 900

vm-files:
	$(if $(strip $(vm_srcs) $(VM_PREREQS)),@$(MAKE) -s --no-print-directory $(vm_srcs) $(VM_PREREQS))

# check-vm-debian: Debian's kernel KVER (the newest installed);
# check-vm-SERIES (check-vm-6.1, check-vm-6.12): that series' newest.
check-vm-debian: vm-files
	@$(VM_RUN) debian $(VM_FILES)

$(addprefix check-vm-,$(KSERIES)): check-vm-%: vm-files
	@$(VM_ENV) KVER="$(call kver_of,$*)" \
		KDIR="/lib/modules/$(call kver_of,$*)/build" VM_OUT="$(BUILD)/vm/$*" \
		$(TOP)/tests/vm/run.sh debian $(VM_FILES)

check-vm-debug: vm-files
	@$(VM_RUN) debug $(VM_FILES)

# The halves of check-vm-debug (make check runs them at the same time)
.PHONY: check-vm-debug-1 check-vm-debug-2
check-vm-debug-1: VM_TESTS := $(VM_DEBUG_HALF1)
check-vm-debug-2: VM_SKIP := $(VM_DEBUG_HALF2_SKIP)
check-vm-debug-1 check-vm-debug-2: check-vm-debug-%: vm-files
	@$(VM_ENV) VM_OUT="$(BUILD)/vm/debug-$*" $(TOP)/tests/vm/run.sh debug $(VM_FILES)

vm-shell: vm-files
	@$(VM_RUN) $(VM_KERNEL) --shell $(VM_FILES)

debug-kernel:
	@$(TOP)/tests/vm/debug-kernel.sh
