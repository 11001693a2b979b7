# coverage/: line and branch coverage of the reference (docs/coverage.md).
#
#   build/coverage/lib/        the reference built with gcc --coverage
#   build/coverage/certify/    the harness run of the corpus against it
#   build/coverage/html/       lcov HTML
#   build/coverage/summary.txt per-library summary, checked against
#                              coverage/thresholds

COV          := $(B)/coverage
COV_FLAGS    := --coverage -O0 -g
COV_UGNI_SRC := $(wildcard ref/nic/*.c) $(wildcard ref/ugni/*.c)
COV_PMI_SRC  := $(wildcard ref/pmi/*.c)
COV_DMAPP_SRC := $(wildcard ref/dmapp/*.c)
COV_DAT_SRC  := $(wildcard ref/udapl/registry/*.c)
# The provider carries its own copy of the NIC model: the same coverage
# objects as libugni's, so ref/nic counts once (under libugni).
COV_PROV_SRC := $(wildcard ref/udapl/provider/*.c) $(wildcard ref/nic/*.c)
COVERAGE_FUZZ ?= 1
LCOV         := lcov --quiet --rc lcov_branch_coverage=1

$(COV)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -std=c11 $(WARN) -fPIC $(COV_FLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(COV)/obj -name '*.d' 2>/dev/null)
$(COV)/obj/%.d: ;

$(COV)/lib/libugni.so: $(patsubst %.c,$(COV)/obj/%.o,$(COV_UGNI_SRC))
	@mkdir -p $(@D)
	$(CC) --coverage -shared -o $@ $^ -Wl,-soname,libugni.so -lpthread \
	    -Wl,--version-script=ref/ugni/libugni.map

# PMI is measured too (the corpus binaries need it from IMPL) but is not
# one of the libraries of coverage/libraries.
$(COV)/lib/libpmi.so: $(patsubst %.c,$(COV)/obj/%.o,$(COV_PMI_SRC))
	@mkdir -p $(@D)
	$(CC) --coverage -shared -o $@ $^ -Wl,-soname,libpmi.so

$(COV)/lib/libdmapp.so: $(patsubst %.c,$(COV)/obj/%.o,$(COV_DMAPP_SRC)) \
                        $(COV)/lib/libugni.so $(COV)/lib/libpmi.so
	@mkdir -p $(@D)
	$(CC) --coverage -shared -o $@ $(filter %.o,$^) -Wl,-soname,libdmapp.so \
	    -L$(COV)/lib -lugni -lpmi -ldl \
	    -Wl,--version-script=ref/dmapp/libdmapp.map -Wl,-rpath,'$$ORIGIN'

$(COV)/lib/libdat.so: $(patsubst %.c,$(COV)/obj/%.o,$(COV_DAT_SRC))
	@mkdir -p $(@D)
	$(CC) --coverage -shared -o $@ $^ -Wl,-soname,libdat.so -ldl \
	    -Wl,--version-script=ref/udapl/registry/libdat.map

$(COV)/lib/libdat_rdmacts.so: $(patsubst %.c,$(COV)/obj/%.o,$(COV_PROV_SRC))
	@mkdir -p $(@D)
	$(CC) --coverage -shared -o $@ $^ -Wl,-soname,libdat_rdmacts.so \
	    -lpthread -Wl,--version-script=ref/udapl/provider/libdat_rdmacts.map

$(COV)/lib/dat.conf: ref/udapl/dat.conf
	@mkdir -p $(@D)
	cp $< $@

# The fuzz replayer linked with the coverage build: replays the seed corpus.
# (coverage/ is read before fuzz/: prerequisites name the fuzz sources
# themselves, the fuzz variables are empty at that point)
COV_FZ_SRC  := fuzz/prog.c fuzz/targets.c fuzz/ugni/ugni_api.c fuzz/dmapp/dmapp_api.c \
               fuzz/udapl/udapl_api.c
COV_FZ_HDRS := fuzz/prog.h fuzz/targets.h $(B)/fuzz/gen/ugni_table.h $(B)/fuzz/gen/dmapp_table.h \
               $(B)/fuzz/gen/udapl_table.h

$(COV)/bin/fuzz-replay: fuzz/replay_main.c $(COV_FZ_SRC) fuzz/ugni/direct.c $(COV_FZ_HDRS) $(COV)/lib/libugni.so
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_COMMON) -L$(COV)/lib -lugni -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../lib' -ldl

$(COV)/bin/fuzz-replay-dmapp: fuzz/replay_main.c $(COV_FZ_SRC) fuzz/dmapp/direct.c $(COV_FZ_HDRS) \
                              $(COV)/lib/libdmapp.so
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_API_SRC) fuzz/dmapp/direct.c -L$(COV)/lib -ldmapp -lugni -lpmi \
	    -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../lib' -ldl

# libdat finds the coverage Provider through the dat.conf beside it.
$(COV)/bin/fuzz-replay-udapl: fuzz/replay_main.c $(COV_FZ_SRC) fuzz/udapl/direct.c $(COV_FZ_HDRS) \
                              $(COV)/lib/libdat.so $(COV)/lib/libdat_rdmacts.so $(COV)/lib/dat.conf
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_API_SRC) fuzz/udapl/direct.c -L$(COV)/lib -ldat \
	    -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../lib' -ldl

# The NIC model's own checks (ref/nic/module.mk, check-nic) built from the
# coverage objects: the paths no API call can steer (a fabric file another
# user planted, a signal between two polls) are measured like the rest.
COV_NIC_TESTS := $(COV)/bin/nic-test-wait $(COV)/bin/nic-test-fabric

$(COV)/bin/nic-test-wait: $(COV)/obj/ref/nic/tests/wait.o $(COV)/obj/ref/nic/clock.o
	@mkdir -p $(@D)
	$(CC) --coverage -o $@ $^ -lpthread

$(COV)/bin/nic-test-fabric: $(COV)/obj/ref/nic/tests/fabric.o \
                            $(patsubst %.c,$(COV)/obj/%.o,$(wildcard ref/nic/*.c))
	@mkdir -p $(@D)
	$(CC) --coverage -o $@ $^ -lpthread

COV_LIBS := $(COV)/lib/libugni.so $(COV)/lib/libpmi.so $(COV)/lib/libdmapp.so \
            $(COV)/lib/libdat.so $(COV)/lib/libdat_rdmacts.so $(COV)/lib/dat.conf

coverage-run: $(COV_LIBS) $(COV_NIC_TESTS) $(if $(filter 1,$(COVERAGE_FUZZ)),$(COV)/bin/fuzz-replay $(COV)/bin/fuzz-replay-dmapp \
              $(COV)/bin/fuzz-replay-udapl)
	@$(MAKE) --no-print-directory -k corpus > $(COV)/corpus-build.log 2>&1 || \
	    echo "coverage: part of the corpus did not build (see $(COV)/corpus-build.log)"
	@rm -rf $(COV)/html $(COV)/*.info
	@find $(COV)/obj -name '*.gcda' -delete
	@echo "coverage: running the corpus against $(COV)/lib"
	-@RDMACTS_FORK_SERVER=off $(PY) -m harness certify --impl $(abspath $(COV)/lib) --bin "$(abspath $(BINDIR))" \
	    --vectors vectors --out $(COV)/certify --quiet > $(COV)/certify.log 2>&1; \
	    grep -v '^Reports:' $(COV)/certify.log
	@echo "coverage: the capability profiles (harness/profiles.py)"
	-@RDMACTS_FORK_SERVER=off $(PY) -m harness.profiles run $(abspath $(COV)/lib) "$(abspath $(BINDIR))" \
	    $(COV)/certify- > $(COV)/certify-profiles.log 2>&1
	@echo "coverage: running the NIC model's own checks"
	-@for t in $(COV_NIC_TESTS); do $$t > /dev/null 2>&1 || echo "  $$t failed"; done
ifeq ($(COVERAGE_FUZZ),1)
	@echo "coverage: replaying the fuzz seed corpus and regressions"
	-@for t in $(FZ_TARGETS); do \
	    set -- fuzz/seeds/$$t/* fuzz/regressions/$$t/*; \
	    files=$$(ls -d "$$@" 2>/dev/null); \
	    r=$(COV)/bin/fuzz-replay; [ -x "$$r-$${t%%_*}" ] && r="$$r-$${t%%_*}"; \
	    [ -n "$$files" ] && $$r $$t $$files >/dev/null 2>&1; \
	    echo "  $$t: $$(echo $$files | wc -w) input(s)"; \
	done
endif
	@$(LCOV) --capture --directory $(COV)/obj --output-file $(COV)/all.info \
	    2>$(COV)/lcov.log || { echo "coverage: nothing was measured: no corpus" \
	    "ran$(if $(filter 1,$(COVERAGE_FUZZ)),, and COVERAGE_FUZZ=0) (see $(COV)/lcov.log)" >&2; exit 1; }
	@$(LCOV) --extract $(COV)/all.info '*/ref/*' --output-file $(COV)/with-tests.info
	@$(LCOV) --remove $(COV)/with-tests.info '*/ref/*/tests/*' --output-file $(COV)/ref.info
	@genhtml --quiet --branch-coverage --title "rdmacts reference" \
	    --output-directory $(COV)/html $(COV)/ref.info
	@$(PY) coverage/summary.py --info $(COV)/ref.info \
	    --libs coverage/libraries --thresholds coverage/thresholds \
	    --certify $(COV)/certify/results.json \
	    --sources "corpus + NIC model checks$(if $(filter 1,$(COVERAGE_FUZZ)), + fuzz seeds and regressions)" \
	    --out $(COV)

# The corpus's own code (spec_tests/: tests, support runner, sequence
# interpreter) built with --coverage in its own tree and run against the
# coverage build of the reference under every capability profile
# (harness/profiles.py); coverage/corpus_summary.py lists the UNSUPPORTED
# branches no profile reached.
COVC := $(COV)/corpus
coverage-corpus: $(COV_LIBS)  ## line/branch coverage of spec_tests/ across the profiles
	@$(MAKE) --no-print-directory BUILD=$(COVC) CC="$(CC) --coverage" CFLAGS="-O0 -g" \
	    corpus > $(COV)/corpus-cov-build.log 2>&1 || \
	    { echo "coverage-corpus: the corpus did not build (see $(COV)/corpus-cov-build.log)"; exit 1; }
	@find $(COVC)/obj -name '*.gcda' -delete
	@# every test by exec (RDMACTS_FORK_SERVER=off): a forked test process
	@# and its fork server end by _exit or a signal, which gcov never sees
	-@RDMACTS_FORK_SERVER=off $(PY) -m harness certify --impl $(abspath $(COV)/lib) --bin $(abspath $(COVC)/bin) \
	    --vectors vectors --out $(COV)/corpus-certify-full --quiet 2>&1 | \
	    grep -E '^  (ugni|dmapp|udapl) |^Overall'
	-@RDMACTS_FORK_SERVER=off $(PY) -m harness.profiles run $(abspath $(COV)/lib) $(abspath $(COVC)/bin) \
	    $(COV)/corpus-certify-
	@# the by-hand entry points every corpus binary offers besides the
	@# harness's (docs/corpus-protocol.md): --help, --where, --list, a
	@# wrong argument, and --run of one test with its verdict on stdout
	-@export LD_LIBRARY_PATH=$(abspath $(COV)/lib):$(abspath $(BINDIR))/pmi; for b in ugni dmapp udapl; do \
	    p=$(abspath $(COVC)/bin)/$${b}_tests; \
	    $$p --help; $$p --where; $$p --list; $$p --no-such-option; \
	done > $(COV)/corpus-byhand.log 2>&1
	-@LD_LIBRARY_PATH=$(abspath $(COV)/lib):$(abspath $(BINDIR))/pmi \
	    $(abspath $(COVC)/bin)/ugni_tests --run ugni.abi.symbols.gni_prefix \
	    >> $(COV)/corpus-byhand.log 2>&1
	@$(LCOV) --capture --directory $(COVC)/obj --output-file $(COV)/corpus-all.info 2>$(COV)/corpus-lcov.log
	@# the fork server and the crash-site handler run only in processes
	@# that end by _exit or a fatal signal (gcov writes nothing there);
	@# the harness's own tests exercise both (test_forkserver, test_causes)
	@$(LCOV) --extract $(COV)/corpus-all.info '*/spec_tests/*' --output-file $(COV)/corpus-sel.info
	@$(LCOV) --remove $(COV)/corpus-sel.info '*/spec_tests/support/rdmacts_forkserver.c' \
	    '*/spec_tests/support/rdmacts_crash.c' --output-file $(COV)/corpus.info
	@genhtml --quiet --branch-coverage --title "rdmacts corpus" \
	    --output-directory $(COV)/corpus-html $(COV)/corpus.info
	@$(PY) coverage/corpus_summary.py --info $(COV)/corpus.info \
	    --profiles "profiles full, $(PROFILES)" --out $(COV)
