# harness/: the certification harness (Python) and its own tests.
#
# The harness runs every command of a test under rdmacts-keeper
# (harness/keeper.c), found in the corpus directory, and gives an IMPL
# without libpmi.so the build's own, from $(BINDIR)/pmi (a directory
# holding nothing else, so that no other library of the reference can
# stand in for one the IMPL lacks).

HARNESS_KEEPER := $(BINDIR)/rdmacts-keeper
HARNESS_PMI    := $(BINDIR)/pmi/libpmi.so

$(HARNESS_KEEPER): $(call objs,harness/keeper.c harness/keeper_fork.c)
	@mkdir -p $(@D)
	$(CC) -o $@ $^

$(HARNESS_PMI): $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	cp -f $< $@

CORPUS += $(HARNESS_KEEPER) $(HARNESS_PMI)

# check-harness builds small corpus-like programs (harness/tests/programs)
# with spec_tests/support, stand-in libraries for IMPL, and runs pytest;
# test_hostile.py builds hostile implementations itself.

HT_DIR   := $(B)/harness-tests
HT_SRC   := harness/tests/programs
HT_PROGS := verdicts allpass ranks trivial200 badreg recordenv crashes
HT_BINS  := $(addprefix $(HT_DIR)/,$(HT_PROGS))
HT_IMPL  := $(addprefix $(HT_DIR)/impl/,libugni.so libdmapp.so libdat.so)

$(OBJDIR)/$(HT_SRC)/%.o: EXTRA_CFLAGS += $(RT_SUPPORT_INC)

$(HT_BINS): $(HT_DIR)/%: $(OBJDIR)/$(HT_SRC)/%.o $(RT_SUPPORT_LIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< $(HT_LDLIBS) $(RT_SUPPORT_LIB) -lcunit

# allpass starts only with the stand-in libugni.so on LD_LIBRARY_PATH
# (no run path on purpose: that is what the harness must provide).
$(HT_DIR)/allpass: $(HT_DIR)/impl/libugni.so
$(HT_DIR)/allpass: HT_LDLIBS := -L$(HT_DIR)/impl -lugni
$(HT_DIR)/crashes: $(HT_DIR)/impl/libugni.so
$(HT_DIR)/crashes: HT_LDLIBS := -L$(HT_DIR)/impl -lugni

$(HT_DIR)/impl/libugni.so: $(call objs,$(HT_SRC)/fake_ugni.c)
	@mkdir -p $(@D)
	$(CC) -shared -o $@ $^ -Wl,-soname,$(notdir $@)

$(HT_DIR)/impl/libdmapp.so: HT_SYMBOL := dmapp_init
$(HT_DIR)/impl/libdat.so: HT_SYMBOL := dat_ia_openv
$(HT_DIR)/impl/libdmapp.so $(HT_DIR)/impl/libdat.so: $(HT_SRC)/fake_other.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -DFAKE_SYMBOL=$(HT_SYMBOL) -shared \
	    -o $@ $< -Wl,-soname,$(notdir $@)

# test_hostile.py builds its implementations from the reference's objects
# and runs the uGNI corpus (literal paths: this file is included before
# the modules that add them to LIBS and CORPUS).
HT_REF := $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so $(BINDIR)/ugni_tests
check-harness: $(HT_BINS) $(HT_IMPL) $(HT_REF) $(HARNESS_KEEPER) $(HARNESS_PMI)  ## the harness's own tests
	RDMACTS_HT_DIR=$(HT_DIR) RDMACTS_HT_BUILD=$(B) PYTHONDONTWRITEBYTECODE=1 \
	    $(PY) -m pytest -q -p no:cacheprovider harness/tests

CHECKS += check-harness

# The corpus must pass on the reference: certify it (every API) and require
# CONFORMANT.  Report in $(B)/check-report.  Every test stays within the
# memory it declares (256 MiB unless memory=MiB), so the run stays within
# its budget (harness/memory.py).
check-reference: $(LIBS) $(CORPUS)  ## the whole corpus passes on the reference implementation
	$(PY) -m harness certify --impl $(LIBDIR) --bin $(BINDIR) --vectors vectors \
	    --out $(B)/check-report
	$(PY) -m harness.memory $(B)/check-report

CHECKS += check-reference

# Capability profiles (harness/profiles.py): the reference certified as a
# Provider without its optional capabilities, with a privileged caller and
# as an Aries;
# with check-reference's run, every test must have run (not UNSUPPORTED)
# under some profile, and each profile is CONFORMANT.
check-profiles: check-reference  ## both branches of every capability-conditional test run
	$(PY) -m harness.profiles run $(LIBDIR) $(BINDIR) $(B)/check-profile-
	$(PY) -m harness.profiles $(B)/check-report \
	    $(addprefix $(B)/check-profile-,$(PROFILES))

CHECKS += check-profiles

# The profiles other than full, as harness/profiles.py lists them.
PROFILES = $(shell $(PY) -c 'from harness import profiles; print(*[n for n in profiles.PROFILES if n != "full"])')

# The multi-thread tests have teeth: each harness/mutants/udapl-*.diff
# (the thread-safe Provider without its lock, or with a destroyed EVD or
# CNO that leaves its waiters blocked) and ugni-*.diff (libugni without
# its lock, or with waiting calls that keep it) must be NOT CONFORMANT on
# them.
check-mt-mutants: $(LIBDIR)/libdat.so $(LIBDIR)/libpmi.so $(LIBDIR)/dat.conf $(BINDIR)/udapl_tests $(BINDIR)/ugni_tests  ## the uDAPL and uGNI multi-thread tests catch broken locking
	sh harness/check_mt_mutants.sh $(LIBDIR) $(BINDIR) $(B)/mt-mutants

CHECKS += check-mt-mutants

# The mutation job end to end, small enough for make check so that it
# does not rot: per API, three return-code mutants drawn with a fixed
# seed are built, certified, and at least one must be killed; and every
# entry of harness/mutation_equivalent.json still names a mutation site.
check-mutation-smoke: all  ## the mutation job on three mutants per API
	@for api in ugni dmapp udapl; do \
	    $(PY) -m harness.mutation --api $$api --check-equivalents || exit 1; \
	    $(PY) -m harness.mutation --api $$api --operators rc --sample 3 --seed 1 \
	        --out $(B)/mutation-smoke/$$api --require-killed 1 \
	        >$(B)/mutation-smoke-$$api.log 2>&1 || { cat $(B)/mutation-smoke-$$api.log; exit 1; }; \
	    grep '^mutation ' $(B)/mutation-smoke-$$api.log; \
	done

CHECKS += check-mutation-smoke

# Test control belongs to each library (include/rdmacts_test_control.h):
# the reference certified with each library behind a pass-through wrapper
# (harness/passthrough.py) gives every test the verdict it gets plain; a
# uGNI exporting only the older entry name still certifies the same; a
# DMAPP without test control over it gets UNSUPPORTED for every fault
# test and no FAIL.
check-test-control: $(LIBS) $(CORPUS) dmapp-objs  ## pass-through wrappers certify like the libraries they wrap
	$(PY) -m harness.passthrough check $(LIBDIR) $(BINDIR) $(B)/test-control \
	    --objdir $(OBJDIR)/ref/dmapp --plain $(B)/check-report

CHECKS += check-test-control
