# ref/dmapp: libdmapp.so, the DMAPP reference, built on the public uGNI
# API (libugni.so, any implementation) and PMI (libpmi.so).
# See docs/dmapp-reference.md.

DMAPP_LIB  := $(LIBDIR)/libdmapp.so
DMAPP_OBJS := $(call objs,$(wildcard ref/dmapp/*.c))
LDLIBS_libdmapp.so := -Lbuild/lib -lugni -lpmi \
	-Wl,--version-script=ref/dmapp/libdmapp.map

$(DMAPP_LIB): $(DMAPP_OBJS) ref/dmapp/libdmapp.map \
              $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	$(link-shlib)

# The objects alone, which need no libugni.so.
dmapp-objs: $(DMAPP_OBJS)

# libdmapp.so links against libugni.so: part of `make libs` once the
# uGNI reference builds.
ifneq ($(wildcard ref/ugni/module.mk),)
LIBS += $(DMAPP_LIB)
endif
