# bench: bandwidth and message-rate benchmarks of the reference, as
# ratios to memcpy (uGNI) and to uGNI underneath (DMAPP), measured side
# by side in one run.  `make bench` runs them (docs/bench.md).

BENCH_BINS := $(BINDIR)/bench-ugni $(BINDIR)/bench-dmapp

# (literal paths: this file is included before ref/*/module.mk)
$(BINDIR)/bench-ugni: $(OBJDIR)/bench/ugni.o $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -lugni -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

$(BINDIR)/bench-dmapp: $(OBJDIR)/bench/dmapp.o $(LIBDIR)/libdmapp.so \
                       $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -ldmapp -lugni -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

.PHONY: bench-run
bench-run: $(BENCH_BINS) $(BINDIR)/rdmacts-run
	@sh bench/run.sh $(BINDIR) $(B)/bench

# The scale table (bench/scale.py): one job of bench-scale per size.
$(BINDIR)/bench-scale: $(OBJDIR)/bench/scale.o $(LIBDIR)/libdmapp.so \
                       $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $< -L$(LIBDIR) -ldmapp -lugni -lpmi -Wl,-rpath,'$$ORIGIN/../lib'

.PHONY: bench-scale
bench-scale: $(BINDIR)/bench-scale $(BINDIR)/rdmacts-run  ## the scale table alone (PES="64 256 1024 4096")
	@$(PY) bench/scale.py $(BINDIR) $(B)/bench $(PES)

# The corpus run time (bench/corpus.py): make certify here and in
# BENCH_BASE, the tree before the fork server, alternating.
BENCH_BASE ?= 0c344f26dc0c
.PHONY: bench-corpus
bench-corpus:  ## make certify's run time, this tree against BENCH_BASE (ROUNDS=3)
	@$(PY) bench/corpus.py $(B)/bench $(BENCH_BASE) $(ROUNDS)
