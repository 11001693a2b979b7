# spec_tests/seq: the sequence interpreter and the sequence corpora
# (docs/sequences.md).
#
# seqgen.py turns vectors/<api>/sequences/*.seq into C data at build
# time (a malformed sequence fails the build with FILE:LINE); seq_run.c
# interprets it.  A corpus binary links $(SEQ_UGNI_OBJS) to hold every
# uGNI sequence test.  (This file is included before
# spec_tests/support/module.mk: paths are spelled out.)

SEQ_DIR      := spec_tests/seq
SEQ_GEN      := $(B)/gen/seq
SEQ_CFLAGS   := -I$(SEQ_DIR) -Ispec_tests/support
SEQ_CORE_OBJ := $(OBJDIR)/$(SEQ_DIR)/seq_run.o
SEQ_TOOL     := $(SEQ_DIR)/seqgen.py

# $(call seq-corpus,api): the generated C file of an API's sequences
define seq-corpus
$(SEQ_GEN)/$(1)_seq.c: $(SEQ_DIR)/$(1).json $(SEQ_TOOL) $(wildcard vectors/$(1)/sequences/*.seq) \
        vectors/$(1)/calls.json vectors/$(1)/clauses.json
	@mkdir -p $$(@D)
	$(PY) $(SEQ_TOOL) $(SEQ_DIR)/$(1).json $$@
endef
$(eval $(call seq-corpus,ugni))

$(OBJDIR)/$(SEQ_GEN)/%.o: EXTRA_CFLAGS += $(SEQ_CFLAGS)
$(SEQ_CORE_OBJ): EXTRA_CFLAGS += $(SEQ_CFLAGS)

SEQ_UGNI_OBJS := $(SEQ_CORE_OBJ) $(OBJDIR)/$(SEQ_GEN)/ugni_seq.o

# The sequences alone, run like any corpus binary (build/bin/ugni_tests
# holds them too): what check-seq runs test by test.
SEQ_SELFTEST := $(BINDIR)/seq_selftest
$(SEQ_SELFTEST): $(SEQ_UGNI_OBJS) $(LIBDIR)/librdmacts_support.a $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $(SEQ_UGNI_OBJS) $(LIBDIR)/librdmacts_support.a -L$(LIBDIR) -lugni -lpmi -ldl -lcunit

CORPUS += $(SEQ_SELFTEST)

# check-seq: the interpreter itself.  Sequences that expect the wrong
# outcome must FAIL, and malformed files must be refused with FILE:LINE.
SEQ_CHECK_BIN := $(B)/seq-check/seq_wrong
$(SEQ_GEN)/check_seq.c: $(SEQ_DIR)/ugni.json $(SEQ_TOOL) $(wildcard $(SEQ_DIR)/check/wrong/*.seq) \
        vectors/ugni/calls.json vectors/ugni/clauses.json \
        vectors/ugni/sequences/fixtures.seq
	@mkdir -p $(@D)
	$(PY) $(SEQ_TOOL) $(SEQ_DIR)/ugni.json $@ $(SEQ_DIR)/check/wrong

$(SEQ_CHECK_BIN): $(SEQ_CORE_OBJ) $(OBJDIR)/$(SEQ_GEN)/check_seq.o $(LIBDIR)/librdmacts_support.a $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	@mkdir -p $(@D)
	$(CC) -o $@ $(SEQ_CORE_OBJ) $(OBJDIR)/$(SEQ_GEN)/check_seq.o $(LIBDIR)/librdmacts_support.a \
	    -L$(LIBDIR) -lugni -lpmi -ldl -lcunit

check-seq: $(SEQ_SELFTEST) $(SEQ_CHECK_BIN)  ## the sequence interpreter: wrong expectations fail, malformed files are refused
	@PY=$(PY) sh $(SEQ_DIR)/check/run.sh $(SEQ_DIR) $(LIBDIR) $(SEQ_SELFTEST) $(SEQ_CHECK_BIN)

CHECKS += check-seq
