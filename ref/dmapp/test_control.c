/*
 * test_control.c: the suite's optional test-control interface
 * (include/rdmacts_test_control.h), libdmapp's entry
 * rdmacts_test_control_dmapp.  It is not part of DMAPP.
 *
 * RDMACTS_TC_FAIL_NTH_ALLOCATION also covers DMAPP's own internal
 * resources: the record every uGNI post of a request takes
 * (dmapp_op_get), and the arrays dmapp_init allocates (dmapp_calloc).
 * The value-th such allocation from now fails, and the call returns
 * DMAPP_RC_RESOURCE_ERROR (5.3.1, 5.3.6-5.3.62, E-DMAPP-026).
 *
 * Every knob is also passed on to the uGNI library below, which counts
 * its own allocations: with the knob set, the value-th allocation of
 * each library fails.  "Below" is the library DMAPP's own uGNI calls are
 * bound to (the object defining GNI_CdmCreate as this library resolves
 * it), its entry looked up through its own handle; never RTLD_NEXT or a
 * global search, which a wrapper in front of either library, or the
 * load order, would send elsewhere (rdmacts_test_control.h, "Layering").
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>

#include "rdmacts_test_control.h"
#include "dmapp_impl.h"

static uint64_t nomem_nth, allocations;

int dmapp_alloc_fails(void)
{
	return nomem_nth != 0 && ++allocations == nomem_nth;
}

void *dmapp_calloc(size_t n, size_t size)
{
	return dmapp_alloc_fails() ? NULL : calloc(n, size);
}

/* uGNI's entry in the library that defines GNI_CdmCreate for us (or one
 * it needs); its older API-less name only if that library defines it. */
static rdmacts_test_control_fn ugni_below(void)
{
	gni_return_t (*first)(uint32_t, uint8_t, uint32_t, uint32_t,
			      gni_cdm_handle_t *) = GNI_CdmCreate;
	rdmacts_test_control_fn fn;
	Dl_info lib, def;
	void *code, *h, *sym;

	memcpy(&code, &first, sizeof code);
	if (!dladdr(code, &lib) || !(h = dlopen(lib.dli_fname,
						RTLD_LAZY | RTLD_NOLOAD)))
		return NULL;
	sym = dlsym(h, RDMACTS_TEST_CONTROL_UGNI_SYMBOL);
	if (!sym) {
		sym = dlsym(h, RDMACTS_TEST_CONTROL_SYMBOL);
		if (sym && (!dladdr(sym, &def) || def.dli_fbase != lib.dli_fbase))
			sym = NULL;
	}
	dlclose(h);
	memcpy(&fn, &sym, sizeof fn);
	return sym ? fn : NULL;
}

int rdmacts_test_control_dmapp(int knob, uint64_t value)
{
	rdmacts_test_control_fn below = ugni_below();
	int rc = below ? below(knob, value) : -1;

	switch (knob) {
	case RDMACTS_TC_RESET:
		nomem_nth = allocations = 0;
		return 0;
	case RDMACTS_TC_FAIL_NTH_ALLOCATION:
		nomem_nth = value;
		allocations = 0;
		return 0;
	default:
		return rc;
	}
}
