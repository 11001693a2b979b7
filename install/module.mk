# install/: `make install PREFIX=dir` lays the reference out as the
# vendor's packages do, so that a client's own build system finds it
# unchanged (PKG_CONFIG_PATH=dir/lib/pkgconfig; uDAPL consumers through
# -ldat and dat.conf).  check-install installs to a temporary PREFIX and
# builds and runs examples through pkg-config alone.  See docs/clients.md.
#
# The libraries in build/lib keep their unversioned sonames: the corpus
# binaries name libugni.so etc. so that `make certify IMPL=dir` loads a
# user's libraries by those names.  The installed copies are relinked
# from the same objects with the vendor's versioned sonames, each
# library needing its dependencies by their versioned names.

PREFIX ?= /usr/local
comma  := ,
INST_STAGE := $(B)/install-stage

# soname major and file version per library (docs/clients.md, "Sonames").
INST_SO_ugni       := 0 0.6.0
INST_SO_pmi        := 0 0.0.0
INST_SO_dmapp      := 1 1.0.0
INST_SO_dat        := 1 1.0.0
INST_SO_dat_rdmacts := 1 1.0.0

inst_major = $(word 1,$(INST_SO_$(1)))
inst_file  = lib$(1).so.$(word 2,$(INST_SO_$(1)))
INST_NAMES := ugni pmi dmapp dat dat_rdmacts
INST_FILES := $(foreach n,$(INST_NAMES),$(INST_STAGE)/$(call inst_file,$(n)))

# relink NAME, OBJECTS, LINK FLAGS: the versioned library in the stage,
# with its development link (libNAME.so) next to it for the next link.
define inst-relink
@mkdir -p $(@D)
$(CC) -shared -o $@ $(2) -Wl,-soname,lib$(1).so.$(call inst_major,$(1)) $(3)
ln -sf $(notdir $@) $(@D)/lib$(1).so.$(call inst_major,$(1))
ln -sf lib$(1).so.$(call inst_major,$(1)) $(@D)/lib$(1).so
endef

# Objects are named in the recipes (expanded late): ref/*/module.mk,
# which define them, are read after this file.  The build/lib library
# as prerequisite makes sure they exist.
$(INST_STAGE)/$(call inst_file,ugni): $(LIBDIR)/libugni.so
	$(call inst-relink,ugni,$(call objs,$(UGNI_SRCS)),$(LDLIBS_libugni.so))
$(INST_STAGE)/$(call inst_file,pmi): $(LIBDIR)/libpmi.so
	$(call inst-relink,pmi,$(call objs,$(wildcard ref/pmi/*.c)),)
$(INST_STAGE)/$(call inst_file,dmapp): $(LIBDIR)/libdmapp.so \
		$(INST_STAGE)/$(call inst_file,ugni) $(INST_STAGE)/$(call inst_file,pmi)
	$(call inst-relink,dmapp,$(DMAPP_OBJS),-L$(INST_STAGE) \
		$(filter-out -L% -Wl$(comma)-rpath%,$(LDLIBS_libdmapp.so)) -Wl$(comma)-rpath$(comma)'$$ORIGIN')
$(INST_STAGE)/$(call inst_file,dat): $(LIBDIR)/libdat.so
	$(call inst-relink,dat,$(call objs,$(DAT_SRCS)),$(LDLIBS_libdat.so))
$(INST_STAGE)/$(call inst_file,dat_rdmacts): $(LIBDIR)/libdat_rdmacts.so
	$(call inst-relink,dat_rdmacts,$(call objs,$(DAT_PROV_SRCS)),$(LDLIBS_libdat_rdmacts.so))


install: $(INST_FILES) $(LIBDIR)/libpmi.so $(BINDIR)/rdmacts-run  ## install headers, versioned libraries, dat.conf and pkg-config files (PREFIX=dir)
	@sh install/install.sh "$(PREFIX)" "$(INST_STAGE)" "$(BINDIR)" \
	    $(foreach n,$(INST_NAMES),$(n):$(call inst_major,$(n)):$(word 2,$(INST_SO_$(n))))

check-install: $(INST_FILES) $(BINDIR)/rdmacts-run  ## install to a temporary PREFIX; build and run examples through pkg-config alone
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	    $(MAKE) --no-print-directory install PREFIX="$$tmp/prefix" >/dev/null && \
	    CC="$(CC)" sh install/check.sh "$$tmp/prefix" "$$tmp/work"

CHECKS += check-install
.PHONY: install check-install
