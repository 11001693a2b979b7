# spec_tests/dmapp: the DMAPP conformance corpus, build/bin/dmapp_tests.
# Linked without a run path, so LD_LIBRARY_PATH (IMPL) picks the
# implementation under test (docs/corpus-protocol.md).
#
# Appendix A's sample (examples/dmapp/dmapp_put.c, spec text) is
# compiled in unchanged, its main renamed, for appendix_a.c to run.

DMAPP_T_SRCS   := $(sort $(wildcard spec_tests/dmapp/*.c))
DMAPP_T_BIN    := $(BINDIR)/dmapp_tests
DMAPP_T_SAMPLE := $(OBJDIR)/spec_tests/dmapp/appendix_a_sample.o

$(call objs,$(DMAPP_T_SRCS)): EXTRA_CFLAGS += $(RT_SUPPORT_INC)

$(DMAPP_T_SAMPLE): examples/dmapp/dmapp_put.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Wno-unused-parameter \
	    -Dmain=dt_appendix_a_main -MMD -MP -c $< -o $@

$(DMAPP_T_BIN): $(call objs,$(DMAPP_T_SRCS)) $(DMAPP_T_SAMPLE) $(RT_SUPPORT_LIB) \
                $(LIBDIR)/libdmapp.so $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $(call objs,$(DMAPP_T_SRCS)) $(DMAPP_T_SAMPLE) $(RT_SUPPORT_LIB) \
	    -L$(LIBDIR) -ldmapp -lugni -lpmi -ldl -lpthread -lcunit

CORPUS += $(DMAPP_T_BIN)
