# spec_tests/support: the main() and checks shared by every corpus binary.
# Corpus modules link with:  $(RT_SUPPORT_LIB) -lcunit
# and add $(RT_SUPPORT_INC) to their include path for rdmacts_test.h.

RT_SUPPORT_SRCS := $(wildcard spec_tests/support/*.c)
RT_SUPPORT_LIB  := $(LIBDIR)/librdmacts_support.a
RT_SUPPORT_INC  := -Ispec_tests/support

$(RT_SUPPORT_LIB): $(call objs,$(RT_SUPPORT_SRCS))
	@mkdir -p $(@D)
	rm -f $@
	$(AR) rcs $@ $^

CORPUS += $(RT_SUPPORT_LIB)
