/*
 * rdmacts_test_control.h: the suite's optional test-control interface.
 *
 * Some clauses can only be observed when the implementation can be made to
 * fail on purpose (a transaction error, an allocation failure, a resource
 * limit) or to complete work in an adversarial order.  An implementation
 * offers this by exporting the function rdmacts_test_control from any of
 * the libraries it ships (libugni.so, libdmapp.so, libdat.so or a uDAPL
 * provider).  Corpus tests look it up with dlsym(RTLD_DEFAULT,
 * RDMACTS_TEST_CONTROL_SYMBOL); when it is absent, or refuses the knob a
 * test needs, the test reports UNSUPPORTED, never FAIL.
 *
 * Knobs act on the calling process only, from the call on, until changed
 * or reset.  A multi-process test sets them in each process that needs them.
 * This interface is not part of uGNI, DMAPP or uDAPL.
 */
#ifndef RDMACTS_TEST_CONTROL_H
#define RDMACTS_TEST_CONTROL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define RDMACTS_TEST_CONTROL_SYMBOL "rdmacts_test_control"

enum rdmacts_tc_knob {
	RDMACTS_TC_RESET = 0,			/* every knob off; value ignored */
	RDMACTS_TC_FAIL_NTH_TRANSACTION = 1,	/* the value-th transaction posted
						   from now fails with a
						   transaction error (0: off) */
	RDMACTS_TC_FAIL_NTH_ALLOCATION = 2,	/* the value-th allocation from
						   now fails (0: off) */
	RDMACTS_TC_LIMIT_MDD = 3,		/* at most value memory
						   registrations (per process) */
	RDMACTS_TC_LIMIT_CQ = 4,		/* at most value CQs */
	RDMACTS_TC_LIMIT_FMA = 5,		/* at most value FMA descriptors
						   (attached domains) */
	RDMACTS_TC_LIMIT_BTE = 6,		/* at most value RDMA transfers
						   in flight */
	RDMACTS_TC_LIMIT_DGRAM = 7,		/* at most value outstanding
						   datagrams */
	RDMACTS_TC_SCHEDULE_SEED = 8		/* adversarial schedule seeded with
						   value (0: off): delays and
						   reorders completions wherever
						   the spec allows */
};

/* Returns 0 when the knob is applied, -1 when it is not supported. */
typedef int (*rdmacts_test_control_fn)(int knob, uint64_t value);
int rdmacts_test_control(int knob, uint64_t value);

#ifdef __cplusplus
}
#endif

#endif
