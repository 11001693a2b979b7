# examples/ugni: uGNI example programs, run by check-examples-ugni in one
# process, across processes through rdmacts-run, and under valgrind.

UGNI_EX_SRCS := $(wildcard examples/ugni/*.c)
UGNI_EX_BINS := $(patsubst examples/ugni/%.c,$(BINDIR)/ugni-%,$(UGNI_EX_SRCS))

$(UGNI_EX_BINS): $(BINDIR)/ugni-%: $(OBJDIR)/examples/ugni/%.o $(UGNI_LIB) $(PMI_LIB)
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -lugni -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

EXAMPLES += $(UGNI_EX_BINS)

check-examples-ugni: $(UGNI_EX_BINS) $(PMI_RUN)  ## uGNI examples: one process, N processes, valgrind
	@sh examples/ugni/check.sh $(BINDIR)

CHECKS += check-examples-ugni
