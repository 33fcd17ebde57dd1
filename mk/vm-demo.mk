# make demo: the README's first command. Installs what is missing, builds
# everything, boots the test VM and shows a country change step by step
# (tests/vm/demo.sh, run by scripts/demo.sh).
demo: deps vm-files
	@BUILD="$(BUILD)" KVER="$(KVER)" KDIR="$(KDIR)" VM_MODULES="$(VM_MODULES)" \
		$(TOP)/scripts/demo.sh $(BUILD) $(VM_FILES)
