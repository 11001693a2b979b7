# spec_tests/dmapp: the DMAPP conformance corpus, build/bin/dmapp_tests.
# Linked without a run path, so LD_LIBRARY_PATH (IMPL) picks the
# implementation under test (docs/corpus-protocol.md).

DMAPP_T_SRCS := $(sort $(wildcard spec_tests/dmapp/*.c))
DMAPP_T_BIN  := $(BINDIR)/dmapp_tests

$(call objs,$(DMAPP_T_SRCS)): EXTRA_CFLAGS += $(RT_SUPPORT_INC)

$(DMAPP_T_BIN): $(call objs,$(DMAPP_T_SRCS)) $(RT_SUPPORT_LIB) \
                $(LIBDIR)/libdmapp.so $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $(call objs,$(DMAPP_T_SRCS)) $(RT_SUPPORT_LIB) \
	    -L$(LIBDIR) -ldmapp -lugni -lpmi -ldl -lcunit

CORPUS += $(DMAPP_T_BIN)
