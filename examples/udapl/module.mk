# examples/udapl: uDAPL example programs over libdat.so, run by
# check-examples-udapl in one process, across two processes through
# rdmacts-run, and under valgrind.  Libraries are named by path: this
# file is included before ref/*/module.mk.

UDAPL_EX_SRCS := $(wildcard examples/udapl/*.c)
UDAPL_EX_BINS := $(patsubst examples/udapl/%.c,$(BINDIR)/udapl-%,$(UDAPL_EX_SRCS))

$(UDAPL_EX_BINS): $(BINDIR)/udapl-%: $(OBJDIR)/examples/udapl/%.o $(LIBDIR)/libdat.so $(LIBDIR)/libdat_rdmacts.so $(LIBDIR)/dat.conf $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -ldat -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

EXAMPLES += $(UDAPL_EX_BINS)

check-examples-udapl: $(UDAPL_EX_BINS) $(BINDIR)/rdmacts-run  ## uDAPL examples: one process, two processes, valgrind
	@sh examples/udapl/check.sh $(BINDIR)

CHECKS += check-examples-udapl
