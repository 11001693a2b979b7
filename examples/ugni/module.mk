# examples/ugni: uGNI example programs, run by check-examples-ugni in one
# process, across processes through rdmacts-run, and under valgrind.

UGNI_EX_SRCS := $(wildcard examples/ugni/*.c)
UGNI_EX_BINS := $(patsubst examples/ugni/%.c,$(BINDIR)/ugni-%,$(UGNI_EX_SRCS))

# (literal paths: this file is included before ref/*/module.mk)
$(UGNI_EX_BINS): $(BINDIR)/ugni-%: $(OBJDIR)/examples/ugni/%.o $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -lugni -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

EXAMPLES += $(UGNI_EX_BINS)

check-examples-ugni: $(UGNI_EX_BINS) $(BINDIR)/rdmacts-run  ## uGNI examples: one process, N processes, valgrind
	@sh examples/ugni/check.sh $(BINDIR)

CHECKS += check-examples-ugni
