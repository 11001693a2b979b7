# fuzz/: call-sequence fuzz targets (docs/fuzzing.md).
#
#   build/fuzz/gen/<api>_table.h   generated from vectors/<api>/ by gen_table.py
#   build/fuzz/lib/libugni.so      the reference, instrumented (clang)
#   build/fuzz/bin/fuzz-<target>   libFuzzer binaries (clang + ASan + UBSan)
#   build/fuzz/bin/fuzz-replay     replays inputs; any C compiler, plain libugni.so
#   build/fuzz/bin/fuzz-replay-dmapp  the same for the DMAPP targets (libdmapp.so)
#   build/fuzz/bin/fuzz-replay-udapl  the same for the uDAPL targets (libdat.so)
#   build/fuzz/lib/libdat.so, libdat_rdmacts.so, dat.conf  the uDAPL reference
#   build/fuzz/bin/fuzz-diff       differential driver (two libraries, dlmopen)

FZ          := $(B)/fuzz
FZ_TARGETS  := ugni ugni_post ugni_smsg dmapp dmapp_attrs udapl udapl_attrs
FUZZ_CC     ?= clang
# UBSan reports are made fatal at run time (UBSAN_OPTIONS=halt_on_error=1),
# not at build time, so fuzz/known.supp can excuse an open defect.
FZ_SAN      := -fsanitize=address,undefined
FZ_UBSAN    := UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
FZ_CFLAGS   := -std=c11 $(WARN) -fPIC -O1 -g -fno-omit-frame-pointer
FZ_INC      := -Iinclude -Ifuzz -I$(FZ)/gen -D_GNU_SOURCE
FZ_UGNI_SRC := $(wildcard ref/nic/*.c) $(wildcard ref/ugni/*.c)
FZ_APIS     := ugni dmapp udapl
# Every binary holds every API file (they name no library symbol) and
# the direct.c of its own API, which binds the library it is linked with.
FZ_API_SRC  := fuzz/prog.c fuzz/emit.c fuzz/targets.c $(foreach a,$(FZ_APIS),fuzz/$(a)/$(a)_api.c)
FZ_COMMON   := $(FZ_API_SRC) fuzz/ugni/direct.c
FZ_HDRS     := fuzz/prog.h fuzz/emit.h fuzz/targets.h $(foreach a,$(FZ_APIS),$(FZ)/gen/$(a)_table.h)
FZ_PMI_SRC  := $(wildcard ref/pmi/*.c)
FZ_DMAPP_SRC := $(wildcard ref/dmapp/*.c)
FZ_DAT_SRC  := $(wildcard ref/udapl/registry/*.c)
FZ_PROV_SRC := $(wildcard ref/udapl/provider/*.c) $(wildcard ref/nic/*.c)
FUZZ_SMOKE_TIME ?= 60
FUZZ_TIME   ?= 600
FUZZ_IMPL   ?=
FZ_NIC_COV  := -fno-sanitize-coverage=trace-cmp
FZ_NOCMP_SRC := ref/nic/% ref/dmapp/arena.c
# targets that keep a fixture between programs (fuzz/targets.c)
FZ_FIXTURE_TARGETS := ugni_post ugni_smsg dmapp dmapp_attrs udapl udapl_attrs

$(FZ)/gen/%_table.h: vectors/%/calls.json vectors/%/errata.json \
                     fuzz/%/kinds.json fuzz/gen_table.py
	@mkdir -p $(@D)
	$(PY) fuzz/gen_table.py vectors/$* fuzz/$*/kinds.json $@

# The reference built for fuzzing: coverage-instrumented, sanitized.
# The NIC model (ref/nic) and DMAPP's block allocator are built without
# comparison tracing: their comparisons are scans of tables and block
# lists (thousands per attach, release or strided transfer), which cost
# most of an execution and tell the fuzzer nothing about the API; their
# edges are still counted.
$(FZ)/obj/ref/%.o: ref/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CPPFLAGS) $(FZ_CFLAGS) $(FZ_SAN) \
	    -fsanitize=fuzzer-no-link $(if $(filter $(FZ_NOCMP_SRC),$<),$(FZ_NIC_COV)) \
	    -MMD -MP -c $< -o $@

# Header dependencies of the objects above (-MMD): without them a change
# of a shared header (e.g. ref/nic/fabric.h) left objects of two layouts
# in one library (F-003).
-include $(shell find $(FZ)/obj -name '*.d' 2>/dev/null)
# (and never try to remake them through the built-in rule %: %.o)
$(FZ)/obj/%.d: ;

$(FZ)/lib/libugni.so: $(patsubst %.c,$(FZ)/obj/%.o,$(FZ_UGNI_SRC))
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_SAN) -shared -o $@ $^ -Wl,-soname,libugni.so \
	    -lpthread -Wl,--version-script=ref/ugni/libugni.map

$(FZ)/obj/fuzz/%.o: fuzz/%.c $(FZ_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_INC) $(FZ_CFLAGS) $(FZ_SAN) -MMD -MP -c $< -o $@

$(FZ)/obj/entry-%.o: fuzz/entry.c $(FZ_HDRS)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_INC) $(FZ_CFLAGS) $(FZ_SAN) -MMD -MP -DFZ_TARGET='"$*"' -c $< -o $@

$(FZ)/lib/libpmi.so: $(patsubst %.c,$(FZ)/obj/%.o,$(FZ_PMI_SRC))
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_SAN) -shared -o $@ $^ -Wl,-soname,libpmi.so

$(FZ)/lib/libdmapp.so: $(patsubst %.c,$(FZ)/obj/%.o,$(FZ_DMAPP_SRC)) \
                       $(FZ)/lib/libugni.so $(FZ)/lib/libpmi.so
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_SAN) -shared -o $@ $(filter %.o,$^) -Wl,-soname,libdmapp.so \
	    -L$(FZ)/lib -lugni -lpmi -ldl -Wl,--version-script=ref/dmapp/libdmapp.map \
	    -Wl,-rpath,'$$ORIGIN'

# libdat reads the dat.conf next to it (docs/udapl-reference.md), which
# names the sanitized Provider beside it.
$(FZ)/lib/libdat.so: $(patsubst %.c,$(FZ)/obj/%.o,$(FZ_DAT_SRC)) \
                     $(FZ)/lib/libdat_rdmacts.so $(FZ)/lib/dat.conf
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_SAN) -shared -o $@ $(filter %.o,$^) -Wl,-soname,libdat.so \
	    -ldl -Wl,--version-script=ref/udapl/registry/libdat.map

$(FZ)/lib/libdat_rdmacts.so: $(patsubst %.c,$(FZ)/obj/%.o,$(FZ_PROV_SRC))
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FZ_SAN) -shared -o $@ $^ -Wl,-soname,libdat_rdmacts.so \
	    -lpthread -Wl,--version-script=ref/udapl/provider/libdat_rdmacts.map

$(FZ)/lib/dat.conf: ref/udapl/dat.conf
	@mkdir -p $(@D)
	cp $< $@

FZ_BINS := $(addprefix $(FZ)/bin/fuzz-,$(FZ_TARGETS))
fz_api   = $(firstword $(subst _, ,$(1)))
FZ_LINK_ugni  := -lugni
FZ_LINK_dmapp := -ldmapp -lugni -lpmi
FZ_LINK_udapl := -ldat
FZ_LIB_udapl  := dat

define fz_bin
$(FZ)/bin/fuzz-$(1): $(FZ)/obj/entry-$(1).o $(patsubst %.c,$(FZ)/obj/%.o,$(FZ_API_SRC)) \
                     $(FZ)/obj/fuzz/$(call fz_api,$(1))/direct.o \
                     $(FZ)/lib/lib$(or $(FZ_LIB_$(call fz_api,$(1))),$(call fz_api,$(1))).so
	@mkdir -p $$(@D)
	$$(FUZZ_CC) -fsanitize=fuzzer $$(FZ_SAN) -o $$@ $$(filter %.o,$$^) \
	    -L$$(FZ)/lib $$(FZ_LINK_$(call fz_api,$(1))) \
	    -Wl,--enable-new-dtags,-rpath,'$$$$ORIGIN/../lib' -ldl
endef
$(foreach t,$(FZ_TARGETS),$(eval $(call fz_bin,$(t))))

# Replay without libFuzzer: the project's compiler, the plain reference.
$(FZ)/bin/fuzz-replay: fuzz/replay_main.c $(FZ_COMMON) $(FZ_HDRS) $(LIBDIR)/libugni.so
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_COMMON) -L$(LIBDIR) -lugni -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../../lib' -ldl

$(FZ)/bin/fuzz-replay-dmapp: fuzz/replay_main.c $(FZ_API_SRC) fuzz/dmapp/direct.c $(FZ_HDRS) \
                             $(LIBDIR)/libdmapp.so
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_API_SRC) fuzz/dmapp/direct.c -L$(LIBDIR) -ldmapp -lugni -lpmi \
	    -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../../lib' -ldl

$(FZ)/bin/fuzz-replay-udapl: fuzz/replay_main.c $(FZ_API_SRC) fuzz/udapl/direct.c $(FZ_HDRS) \
                             $(LIBDIR)/libdat.so $(LIBDIR)/libdat_rdmacts.so $(LIBDIR)/dat.conf
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_API_SRC) fuzz/udapl/direct.c -L$(LIBDIR) -ldat \
	    -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../../lib' -ldl

$(FZ)/bin/fuzz-diff: fuzz/diff.c $(FZ_API_SRC) $(FZ_HDRS)
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/diff.c $(FZ_API_SRC) -ldl

fuzz-build: $(FZ_BINS)  ## build the libFuzzer targets (clang)

# What fuzz-smoke and fuzz need: the targets, the replays that write
# finding programs, the plain reference (the differential's other side).
fuzz-tools: $(FZ_BINS) $(FZ)/bin/fuzz-replay $(FZ)/bin/fuzz-replay-dmapp \
            $(FZ)/bin/fuzz-replay-udapl

# IMPL given (make fuzz-smoke IMPL=dir): fuzz that implementation
# (docs/fuzzing.md, "Any implementation"); FUZZ_IMPL is its old name.
FZ_IMPL_DIR := $(if $(filter command line environment override,$(origin IMPL)),$(abspath $(IMPL)),$(if $(FUZZ_IMPL),$(abspath $(FUZZ_IMPL))))
FZ_RUN_ENV = RDMACTS_FUZZ_IMPL="$(FZ_IMPL_DIR)" \
	RDMACTS_FUZZ_COMPARE="$(if $(filter none,$(COMPARE)),none,$(if $(COMPARE),$(abspath $(COMPARE))))" \
	RDMACTS_FUZZ_REFERENCE="$(abspath $(LIBDIR))" FUZZ_REPLAY="$(FZ)/bin/fuzz-replay" \
	FUZZ_FINDINGS="$(abspath $(FUZZ_FINDINGS))"
FUZZ_FINDINGS ?= $(FZ)/findings

fuzz-repro:  ## replay one input: TARGET=ugni INPUT=file
	@test -n "$(TARGET)" -a -n "$(INPUT)" || \
	    { echo "usage: make fuzz-repro TARGET=<target> INPUT=<file>" >&2; exit 2; }
	@if $(MAKE) --no-print-directory $(FZ)/bin/fuzz-$(TARGET) >/dev/null 2>&1; then \
	    $(FZ_UBSAN) RDMACTS_FUZZ_TRACE=1 $(if $(FUZZ_IMPL),LD_LIBRARY_PATH="$(FUZZ_IMPL)") \
	        $(FZ)/bin/fuzz-$(TARGET) "$(INPUT)"; \
	else \
	    echo "(clang/libFuzzer unavailable: replaying with $(CC), no sanitizers)"; \
	    $(MAKE) --no-print-directory $(LIBDIR)/libugni.so $(FZ)/bin/fuzz-replay && \
	    $(if $(FUZZ_IMPL),LD_LIBRARY_PATH="$(FUZZ_IMPL)") $(FZ)/bin/fuzz-replay $(TARGET) "$(INPUT)"; \
	fi

fuzz-diff: $(FZ)/bin/fuzz-diff  ## differential run: IMPL=dir COMPARE=dir [TARGET=ugni]
	@test -n "$(COMPARE)" || { echo "usage: make fuzz-diff IMPL=dir COMPARE=dir" >&2; exit 2; }
	$(FZ)/bin/fuzz-diff --target $(or $(TARGET),ugni) --runs $(or $(FUZZ_DIFF_RUNS),2000) \
	    --out $(FZ)/diff "$(IMPL)" "$(COMPARE)" \
	    fuzz/seeds/$(or $(TARGET),ugni) fuzz/regressions/$(or $(TARGET),ugni) \
	    $(wildcard fuzz/corpus/$(or $(TARGET),ugni))

check-fuzz-regressions: $(LIBDIR)/libugni.so $(FZ)/bin/fuzz-replay $(FZ)/bin/fuzz-diff \
                        $(FZ)/bin/fuzz-replay-dmapp $(FZ)/bin/fuzz-replay-udapl \
                        $(B)/harness-tests/impl/libugni.so  ## replay fuzz/regressions/, fuzzer self-tests
	@STANDIN=$(B)/harness-tests/impl LIBDIR=$(LIBDIR) \
	    SANITIZED=$$($(MAKE) --no-print-directory -s fuzz-build >/dev/null 2>&1 && echo $(FZ)/bin) \
	    FIXTURE_TARGETS="$(FZ_FIXTURE_TARGETS)" \
	    $(FZ_UBSAN) sh fuzz/check.sh $(FZ)/bin/fuzz-replay $(FZ_TARGETS)
	@echo "finding programs (fuzz/mutants):"
	@sh fuzz/check_findings.sh $(FZ)/bin/fuzz-replay $(LIBDIR) $(FZ)/mutants

CHECKS += check-fuzz-regressions

FUZZ_BENCH_TIME ?= 20
.PHONY: fuzz-bench
fuzz-bench:  ## executions/s of every fuzz target on one core, beside ugni (FUZZ_BENCH_TIME=s)
	@$(MAKE) --no-print-directory fuzz-build
	@fuzz/bench.sh $(FZ)/bin $(FUZZ_BENCH_TIME) $(FZ)/bench $(or $(TARGET),$(FZ_TARGETS))

# The CI recipe (fuzz/ci/) against the reference and a mutant, a few
# seconds of fuzzing each (needs clang for the fuzzing half).
check-fuzz-ci: $(LIBDIR)/libugni.so $(FZ)/bin/fuzz-replay  ## test fuzz/ci/rdmacts-ci.sh
	@sh fuzz/ci/test.sh $(FZ)/ci

CHECKS += check-fuzz-ci
