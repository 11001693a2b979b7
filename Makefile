# rdmacts: the one build entry point.  `make help` lists the targets.
#
# Non-recursive: every directory that builds something has a module.mk,
# included below, that appends to LIBS / CORPUS / EXAMPLES / CHECKS and
# adds its own rules.  Everything is built under $(BUILD) (out of tree).

.DEFAULT_GOAL := all
SHELL   := /bin/bash

BUILD   ?= build
B       := $(BUILD)
LIBDIR  := $(B)/lib
BINDIR  := $(B)/bin
OBJDIR  := $(B)/obj
PY      ?= /usr/bin/python3
CC      ?= gcc
CXX     ?= g++

# Project code: strict C11.  Modules add their own flags with
# target-specific variables (e.g. `$(OBJDIR)/ref/%.o: EXTRA_CFLAGS += ...`).
WARN     := -Wall -Wextra -Werror
CFLAGS   ?= -O2 -g
CPPFLAGS := -Iinclude -D_GNU_SOURCE
ALL_CFLAGS = -std=c11 $(WARN) -fPIC $(CFLAGS) $(EXTRA_CFLAGS)

# The implementation under test: a directory holding some of libugni.so,
# libdmapp.so, libdat.so.  Default: the reference built here.
IMPL    ?= $(LIBDIR)
# What no public header gives a value but a test compares with: the
# implementation's own DMAPP_GNI_HW_MAJOR_GEMINI (E-DMAPP-004).  Taken
# from this tree's header only when certifying the reference built here;
# a certifier of another DMAPP sets it (docs/certification.md).
ifeq ($(IMPL),$(LIBDIR))
export RDMACTS_DMAPP_HW_MAJOR_GEMINI ?= $(shell sed -n 's/^\#define DMAPP_GNI_HW_MAJOR_GEMINI[ \t]*//p' include/dmapp.h)
endif
# The uDAPL registry's static registry for the run (--dat-conf).
DAT_CONF ?=
API     ?=
CALL    ?=
CLAUSE  ?=
COMPARE ?=

LIBS     :=
CORPUS   :=
EXAMPLES :=
CHECKS   :=

objs = $(patsubst %.c,$(OBJDIR)/%.o,$(1))

# Packages first (order-only): with -j, compiling the corpus must not race
# the installation of CUnit's headers.
$(OBJDIR)/%.o: %.c | deps
	@mkdir -p $(@D)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -MMD -MP -c $< -o $@

# Link a shared library named by the target; its soname is its file name.
define link-shlib
@mkdir -p $(@D)
$(CC) -shared -o $@ $(filter %.o %.a,$^) -Wl,-soname,$(notdir $@) $(LDLIBS_$(notdir $@))
endef

# The corpus support library first: every corpus module names its variables
# (RT_SUPPORT_LIB, RT_SUPPORT_INC) in prerequisites, which expand at once.
FIRST_MODULES := spec_tests/support/module.mk
include $(FIRST_MODULES)
include $(filter-out $(FIRST_MODULES),$(sort $(wildcard */module.mk */*/module.mk)))

-include $(shell find $(OBJDIR) -name '*.d' 2>/dev/null)

.PHONY: errata all help deps libs corpus examples check certify coverage \
        fuzz-smoke fuzz bench mutation clean spec $(CHECKS)

help:  ## list the targets
	@echo "rdmacts make targets:"
	@grep -hE '^[a-z][a-zA-Z_-]*:.*## ' $(MAKEFILE_LIST) | \
	    sed -E 's/^([^:]*):.*## (.*)/\1\t\2/' | \
	    awk -F'\t' '{ printf "  %-22s %s\n", $$1, $$2 }'
	@echo "Variables: IMPL=dir (implementation to certify), API=ugni|dmapp|udapl,"
	@echo "           CALL=name, CLAUSE=id, BUILD=dir (default build), RERUN=1,"
	@echo "           LIMIT=as=16G,cpu=20,nproc=4096 (per-test limits),"
	@echo "           PROFILE=name, LAUNCH=all (every test a launched job),"
	@echo "           LAUNCHER='srun -n {np}', SCRATCH=dir (shared scratch),"
	@echo "           DAT_CONF=file (the uDAPL registry's dat.conf, given as DAT_OVERRIDE)"

deps:  ## install missing Debian packages (quiet when all are present)
	@sh mk/deps.sh

all: deps libs corpus examples  ## reference libraries, corpus and examples

libs: $(LIBS)
corpus: $(CORPUS)
examples: $(EXAMPLES)

check: all  ## run the project's own tests
	@MAKE="$(MAKE)" mk/run-checks.sh $(CHECKS)

# GNU make exits 2 whenever a recipe fails, whatever the recipe's own
# status, so the harness's (0 CONFORMANT, 1 NOT CONFORMANT, 3 INCOMPLETE,
# 2 usage error, 4 internal error, 128+N stopped by signal N) is named on
# the last line; a CI job that must tell them apart runs the harness
# itself (docs/certification.md, "Exit status").
certify: all  ## certify IMPL (default: the reference) against the corpus
	$(PY) -m harness certify --impl "$(IMPL)" --bin "$(BINDIR)" \
	    --vectors vectors --out "$(B)/report" \
	    $(if $(API),--api $(API)) $(if $(CALL),--call $(CALL)) \
	    $(if $(CLAUSE),--clause $(CLAUSE)) $(if $(COMPARE),--compare "$(COMPARE)") \
	    $(if $(RERUN),--rerun-failures) $(if $(LIMIT),--limit "$(LIMIT)") \
	    $(if $(PROFILE),--profile $(PROFILE)) $(if $(LAUNCH),--launch $(LAUNCH)) \
	    $(if $(SCRATCH),--scratch "$(SCRATCH)") $(if $(LAUNCHER),--launcher "$(LAUNCHER)") \
	    $(if $(DAT_CONF),--dat-conf "$(DAT_CONF)") \
	    || { status=$$?; echo "make certify: the harness exited with status $$status" \
	         "(make itself exits 2; docs/certification.md, \"Exit status\")" >&2; exit $$status; }

coverage:  ## lcov line/branch coverage of ref/ under the corpus, and of the corpus itself
	@$(MAKE) --no-print-directory coverage-run
	@$(MAKE) --no-print-directory coverage-corpus

fuzz-smoke:  ## run every fuzz target briefly from its seed corpus [IMPL=dir COMPARE=dir|none]
	@$(MAKE) --no-print-directory fuzz-tools
	@$(FZ_RUN_ENV) fuzz/run.sh $(FZ)/bin $(FUZZ_SMOKE_TIME) $(FZ)/smoke-corpus $(FZ)/smoke $(or $(TARGET),$(FZ_TARGETS))

fuzz:  ## long fuzzing runs (FUZZ_TIME=seconds) [IMPL=dir COMPARE=dir|none]
	@$(MAKE) --no-print-directory fuzz-tools
	@$(FZ_RUN_ENV) fuzz/run.sh $(FZ)/bin $(FUZZ_TIME) fuzz/corpus $(FZ)/runs $(or $(TARGET),$(FZ_TARGETS))

bench:  ## bandwidth and message-rate tables, the scale table, the corpus run time
	@$(MAKE) --no-print-directory bench-run bench-scale bench-corpus

MUTANTS ?= 120
SEED    ?= 1
mutation: all  ## score the corpus against mutants of the reference (API=, MUTANTS=, SEED=)
	@for api in $(or $(API),ugni dmapp udapl); do \
	    $(PY) -m harness.mutation --api $$api --sample $(MUTANTS) --seed $(SEED) || exit 1; \
	done

clean:  ## remove the build directory
	rm -rf $(B)
