# ref/dmapp: libdmapp.so, the DMAPP reference, built on the public uGNI
# API (libugni.so, any implementation) and PMI (libpmi.so).
# See docs/dmapp-reference.md.

DMAPP_LIB  := $(LIBDIR)/libdmapp.so
DMAPP_OBJS := $(call objs,$(wildcard ref/dmapp/*.c))
LDLIBS_libdmapp.so := -L$(LIBDIR) -lugni -lpmi -ldl \
	-Wl,--version-script=ref/dmapp/libdmapp.map -Wl,-rpath,'$$ORIGIN'

$(DMAPP_LIB): $(DMAPP_OBJS) ref/dmapp/libdmapp.map \
              $(LIBDIR)/libugni.so $(LIBDIR)/libpmi.so
	$(link-shlib)

# The objects alone, which need no libugni.so.
dmapp-objs: $(DMAPP_OBJS)

LIBS += $(DMAPP_LIB)
