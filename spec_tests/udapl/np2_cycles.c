/*
 * np2_cycles.c: what an IA holds is given back when it closes.  A leak
 * of a per-open resource (a process slot, a descriptor, a registration)
 * shows only once the loop goes past that resource's limit, so the loop
 * runs well past any table an implementation plausibly keeps: 10000
 * cycles.  Two processes: rank 0 keeps an IA open throughout (an
 * implementation that sets shared state up on the first open and tears
 * it down on the last close then keeps it), rank 1 opens and closes.
 */
#include "ut.h"

#define CYCLES 10000

/* dat_ia_close(3DAT) USAGE: "An implementation must provide for
 * successful completion under all conditions, avoiding hidden resource
 * leakage": each close gives back what its open took. */
#define C_CYCLE "UDAPL-dat_ia_close-always-succeeds"
RT_TEST_ATTRS(np2_ia_cycles, "udapl.ia_close.resource.open_close_past_slot_tables", C_CYCLE,
		"np=2")
{
	int rank = ut_np2_init();
	struct ut_ia u;
	int done = 0;

	if (rank == 0)
		ut_open(&u, C_CYCLE);
	ut_barrier();
	if (rank == 1) {
		DAT_RETURN rc = DAT_SUCCESS;
		for (done = 0; done < CYCLES; done++) {
			DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
			DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
			rc = dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia);
			if (rc != DAT_SUCCESS)
				break;
			rc = dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG);
			if (rc != DAT_SUCCESS)
				break;
		}
		if (done < CYCLES)
			RT_FAIL(C_CYCLE, "every open and close succeeds", "a failure",
				"cycle %d of %d: 0x%08x", done + 1, CYCLES, (unsigned)rc);
		else
			RT_EXPECT_EQ_INT(done, CYCLES, C_CYCLE);
	}
	ut_barrier();
	if (rank == 0) {
		/* the IA that stayed open still works */
		DAT_PZ_HANDLE pz = DAT_HANDLE_NULL;
		UT_OK(dat_pz_create(u.ia, &pz), C_CYCLE);
		if (pz != DAT_HANDLE_NULL)
			UT_OK(dat_pz_free(pz), C_CYCLE);
		ut_close(&u);
	}
}
