/*
 * test_control.c: the suite's optional test-control interface
 * (include/rdmacts_test_control.h) as libdmapp offers it.  It is not
 * part of DMAPP.
 *
 * RDMACTS_TC_FAIL_NTH_ALLOCATION also covers DMAPP's own internal
 * resources: the record every uGNI post of a request takes
 * (dmapp_op_get), and the arrays dmapp_init allocates (dmapp_calloc).
 * The value-th such allocation from now fails, and the call returns
 * DMAPP_RC_RESOURCE_ERROR (5.3.1, 5.3.6-5.3.62, E-DMAPP-026).
 * Every knob is also passed on to the uGNI library below (RTLD_NEXT),
 * which counts its own allocations: with the knob set, the value-th
 * allocation of each library fails.
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

int rdmacts_test_control(int knob, uint64_t value)
{
	void *sym = dlsym(RTLD_NEXT, RDMACTS_TEST_CONTROL_SYMBOL);
	rdmacts_test_control_fn below;
	int rc = -1;

	memcpy(&below, &sym, sizeof below);
	if (sym)
		rc = below(knob, value);
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
