# ref/nic + ref/ugni: the software NIC model and libugni.so over it.

UGNI_SRCS := $(wildcard ref/nic/*.c) $(wildcard ref/ugni/*.c)
UGNI_LIB  := $(LIBDIR)/libugni.so

LIBS += $(UGNI_LIB)
LDLIBS_libugni.so := -lpthread -Wl,--version-script=ref/ugni/libugni.map

$(UGNI_LIB): $(call objs,$(UGNI_SRCS)) ref/ugni/libugni.map
	$(link-shlib)
