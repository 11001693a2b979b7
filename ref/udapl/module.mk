# ref/udapl: libdat.so, the uDAPL 1.2 registry (registry/), and the
# reference Provider libdat_rdmacts.so over the NIC model (provider/),
# with the default static registry build/lib/dat.conf naming it.
# See docs/udapl-reference.md.

DAT_LIB      := $(LIBDIR)/libdat.so
DAT_PROV_LIB := $(LIBDIR)/libdat_rdmacts.so
DAT_CONF_LIB := $(LIBDIR)/dat.conf

DAT_SRCS      := $(wildcard ref/udapl/registry/*.c)
DAT_PROV_SRCS := $(wildcard ref/udapl/provider/*.c) $(wildcard ref/nic/*.c)

LIBS += $(DAT_LIB) $(DAT_PROV_LIB) $(DAT_CONF_LIB)
LDLIBS_libdat.so := -ldl -Wl,--version-script=ref/udapl/registry/libdat.map
# The Provider calls dat_registry_add_provider of whichever libdat
# loaded it, so that symbol stays undefined here.
LDLIBS_libdat_rdmacts.so := -lpthread -Wl,--version-script=ref/udapl/provider/libdat_rdmacts.map

$(DAT_LIB): $(call objs,$(DAT_SRCS)) ref/udapl/registry/libdat.map
	$(link-shlib)

$(DAT_PROV_LIB): $(call objs,$(DAT_PROV_SRCS)) ref/udapl/provider/libdat_rdmacts.map
	$(link-shlib)

$(DAT_CONF_LIB): ref/udapl/dat.conf
	@mkdir -p $(@D)
	cp $< $@
