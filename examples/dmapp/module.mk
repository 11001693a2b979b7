# examples/dmapp: DMAPP example programs, among them the spec's own
# sample (Appendix A, dmapp_put.c), run on 4 PEs by check-examples-dmapp.

DMAPP_EX_SRCS := $(wildcard examples/dmapp/*.c)
DMAPP_EX_BINS := $(patsubst examples/dmapp/%.c,$(BINDIR)/%,$(DMAPP_EX_SRCS))

# Appendix A is compiled as printed: main() ignores argc and argv.
$(OBJDIR)/examples/dmapp/dmapp_put.o: EXTRA_CFLAGS += -Wno-unused-parameter

$(DMAPP_EX_BINS): $(BINDIR)/%: $(OBJDIR)/examples/dmapp/%.o \
                  $(LIBDIR)/libdmapp.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -ldmapp -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

EXAMPLES += $(DMAPP_EX_BINS)

check-examples-dmapp: $(DMAPP_EX_BINS) $(BINDIR)/rdmacts-run  ## DMAPP examples on 4 PEs, Appendix A included
	@sh examples/dmapp/check.sh $(BINDIR)

CHECKS += check-examples-dmapp
