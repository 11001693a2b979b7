# spec_tests/udapl: the uDAPL 1.2 conformance corpus, build/bin/udapl_tests.
# Linked without a run path: the harness points LD_LIBRARY_PATH at the
# implementation under test (docs/corpus-protocol.md).

UDAPL_T_SRCS := $(wildcard spec_tests/udapl/*.c)
UDAPL_T_BIN  := $(BINDIR)/udapl_tests

$(OBJDIR)/spec_tests/udapl/%.o: EXTRA_CFLAGS += $(RT_SUPPORT_INC) -pthread

$(UDAPL_T_BIN): $(call objs,$(UDAPL_T_SRCS)) $(RT_SUPPORT_LIB) $(LIBDIR)/libdat.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $(filter %.o,$^) $(RT_SUPPORT_LIB) -L$(LIBDIR) -ldat -lpmi -ldl -lcunit -pthread

CORPUS += $(UDAPL_T_BIN)
