# spec_tests/ugni: the uGNI conformance corpus, build/bin/ugni_tests.
#
# Linked WITHOUT a run path (docs/corpus-protocol.md): the harness picks
# the implementation through LD_LIBRARY_PATH.  The declarative sequence
# tests of spec_tests/seq register themselves through $(SEQ_UGNI_OBJS).
#
# check-clauses: every test names known clause ids, and every testable
# clause has a test (gated per API by vectors/clause-gate).

UGNI_T_SRCS := $(wildcard spec_tests/ugni/*.c)
UGNI_T_OBJS := $(call objs,$(UGNI_T_SRCS))
UGNI_TESTS  := $(BINDIR)/ugni_tests

$(UGNI_T_OBJS): EXTRA_CFLAGS += $(RT_SUPPORT_INC)

$(UGNI_TESTS): $(UGNI_T_OBJS) $(SEQ_UGNI_OBJS) $(RT_SUPPORT_LIB) $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $(UGNI_T_OBJS) $(SEQ_UGNI_OBJS) $(RT_SUPPORT_LIB) -L$(LIBDIR) -lugni -lpmi -ldl -lcunit -lpthread

CORPUS += $(UGNI_TESTS)
CHECKS += check-clauses

check-clauses: $(CORPUS)  ## every test names known clauses; every testable clause has a test
	$(PY) vectors/tools/check_clauses.py --bin $(BINDIR) --vectors vectors
