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
COVERAGE_FUZZ ?= 1
LCOV         := lcov --quiet --rc lcov_branch_coverage=1

$(COV)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) -std=c11 $(WARN) -fPIC $(COV_FLAGS) -MMD -MP -c $< -o $@

-include $(shell find $(COV)/obj -name '*.d' 2>/dev/null)

$(COV)/lib/libugni.so: $(patsubst %.c,$(COV)/obj/%.o,$(COV_UGNI_SRC))
	@mkdir -p $(@D)
	$(CC) --coverage -shared -o $@ $^ -Wl,-soname,libugni.so -lpthread \
	    -Wl,--version-script=ref/ugni/libugni.map

# The fuzz replayer linked with the coverage build: replays the seed corpus.
$(COV)/bin/fuzz-replay: fuzz/replay_main.c $(FZ_COMMON) $(FZ_HDRS) $(COV)/lib/libugni.so
	@mkdir -p $(@D)
	$(CC) $(FZ_INC) -std=c11 $(WARN) -O1 -g -o $@ fuzz/replay_main.c \
	    $(FZ_COMMON) -L$(COV)/lib -lugni -Wl,--enable-new-dtags,-rpath,'$$ORIGIN/../lib' -ldl

COV_LIBS := $(COV)/lib/libugni.so

coverage-run: $(COV_LIBS) $(if $(filter 1,$(COVERAGE_FUZZ)),$(COV)/bin/fuzz-replay)
	@$(MAKE) --no-print-directory -k corpus > $(COV)/corpus-build.log 2>&1 || \
	    echo "coverage: part of the corpus did not build (see $(COV)/corpus-build.log)"
	@rm -rf $(COV)/html $(COV)/*.info
	@find $(COV)/obj -name '*.gcda' -delete
	@echo "coverage: running the corpus against $(COV)/lib"
	-@$(PY) -m harness certify --impl $(COV)/lib --bin "$(BINDIR)" \
	    --vectors vectors --out $(COV)/certify --quiet > $(COV)/certify.log 2>&1; \
	    tail -n 4 $(COV)/certify.log
ifeq ($(COVERAGE_FUZZ),1)
	@echo "coverage: replaying the fuzz seed corpus and regressions"
	-@for t in $(FZ_TARGETS); do \
	    set -- fuzz/seeds/$$t/* fuzz/regressions/$$t/*; \
	    files=$$(ls -d "$$@" 2>/dev/null); \
	    [ -n "$$files" ] && $(COV)/bin/fuzz-replay $$t $$files >/dev/null 2>&1; \
	    echo "  $$t: $$(echo $$files | wc -w) input(s)"; \
	done
endif
	@$(LCOV) --capture --directory $(COV)/obj --output-file $(COV)/all.info \
	    2>$(COV)/lcov.log || { echo "coverage: nothing was measured: no corpus" \
	    "ran$(if $(filter 1,$(COVERAGE_FUZZ)),, and COVERAGE_FUZZ=0) (see $(COV)/lcov.log)" >&2; exit 1; }
	@$(LCOV) --extract $(COV)/all.info '*/ref/*' --output-file $(COV)/ref.info
	@genhtml --quiet --branch-coverage --title "rdmacts reference" \
	    --output-directory $(COV)/html $(COV)/ref.info
	@$(PY) coverage/summary.py --info $(COV)/ref.info \
	    --libs coverage/libraries --thresholds coverage/thresholds \
	    --certify $(COV)/certify/results.json \
	    --sources "corpus$(if $(filter 1,$(COVERAGE_FUZZ)), + fuzz seeds and regressions)" \
	    --out $(COV)
