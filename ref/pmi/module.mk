# ref/pmi: the PMI-1 client library (libpmi.so), the launch wrapper
# rdmacts-run, and their tests (check-pmi).  See docs/launch.md.

PMI_LIB  := $(LIBDIR)/libpmi.so
PMI_RUN  := $(BINDIR)/rdmacts-run

$(PMI_LIB): $(call objs,$(wildcard ref/pmi/*.c))
	$(link-shlib)

$(PMI_RUN): ref/pmi/rdmacts-run
	@mkdir -p $(@D)
	cp $< $@
	chmod +x $@

# The wrapper is part of the runtime: examples are run through it.
LIBS += $(PMI_LIB) $(PMI_RUN)

# Test programs: build/bin/pmi-test-<name> from ref/pmi/tests/<name>.c,
# each linked with the shared helpers and found next to libpmi.so.
PMI_TEST_HELPER := ref/pmi/tests/pmitest.c
PMI_TEST_SRCS   := $(filter-out $(PMI_TEST_HELPER),$(wildcard ref/pmi/tests/*.c))
PMI_TESTS       := $(patsubst ref/pmi/tests/%.c,$(BINDIR)/pmi-test-%,$(PMI_TEST_SRCS))

$(PMI_TESTS): $(BINDIR)/pmi-test-%: $(OBJDIR)/ref/pmi/tests/%.o \
              $(call objs,$(PMI_TEST_HELPER)) $(PMI_LIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o %.so,$^) -Wl,-rpath,'$$ORIGIN/../lib'

# The fabric test attaches uGNI domains.
$(BINDIR)/pmi-test-fabric: $(LIBDIR)/libugni.so

check-pmi: $(PMI_LIB) $(PMI_RUN) $(PMI_TESTS)  ## PMI library and launch wrapper tests
	@CC="$(CC)" CXX="$(CXX)" sh ref/pmi/tests/check.sh $(BINDIR) $(PMI_LIB)

CHECKS += check-pmi
