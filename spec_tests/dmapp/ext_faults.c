/*
 * ext_faults.c: a collective operation whose transfer fails (the
 * optional test-control interface, needs=faults; clause
 * DMAPP-X-ptest-transaction-error).  The pset is {0, 1}, PE 0 its root,
 * and the n-th transaction PE 0 posts from the barrier's start fails:
 * n = 1 and 2 hit each kind of transfer a software collective needs
 * (reading a member, writing one).  PE 0 must report the error; PE 1,
 * whose barrier then never completes, cancels it and destroys the pset.
 */
#include "ext_coll.h"

static void fail_nth(uint64_t n, uint64_t id)
{
	uint32_t both[2] = { 0, 1 };
	dmapp_return_t rc;

	dmapp_c_pset_handle_t h = ec_make(ec_vec(both, 2), id, dt_pe < 2,
					  "DMAPP-X-pset-create-success");
	/* PE 1 joins first, so PE 0's n-th transaction is known: 1 reads
	 * PE 1's arrival, 2 writes PE 1's completion. */
	if (dt_pe == 1)
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-join-success");
	dt_barrier();
	if (dt_pe == 0) {
		dt_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, n);
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-join-success");
		rc = dmapp_c_pset_wait(h);
		dt_control(RDMACTS_TC_RESET, 0);
		if (!RT_EXPECT_EQ_INT(rc, DMAPP_RC_TRANSACTION_ERROR,
				      "DMAPP-X-ptest-transaction-error"))
			RT_FAIL("DMAPP-X-ptest-transaction-error", "TRANSACTION_ERROR",
				"other", "transaction %llu failed", (unsigned long long)n);
	}
	dt_barrier();
	if (dt_pe == 1) {
		rc = dmapp_c_pset_test(h);
		RT_EXPECT_TRUE(rc == DMAPP_RC_NOT_DONE || rc == DMAPP_RC_TRANSACTION_ERROR,
			       "DMAPP-X-ptest-transaction-error");
		if (rc == DMAPP_RC_NOT_DONE)
			RT_EXPECT_EQ_INT(dmapp_c_pset_cancel_op(h), DMAPP_RC_SUCCESS,
					 "DMAPP-X-pset-cancel");
	}
	if (dt_pe < 2)
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-destroy-success");
}

RT_TEST_ATTRS(fail_read, "dmapp.c_pset_wait.fault.transaction_error",
	      "DMAPP-X-ptest-transaction-error",
	      "np=2;tier=robustness;needs=faults")
{
	dt_start();
	dt_need_pes(2);
	ec_probe();
	if (!dt_have_control()) {
		dt_end();
		rt_unsupported("no test-control interface");
	}
	fail_nth(1, 0xfa1);
	fail_nth(2, 0xfa2);
	dt_end();
}
