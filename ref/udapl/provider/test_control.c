/*
 * test_control.c: the suite's optional test-control interface
 * (include/rdmacts_test_control.h), the Provider library's entry
 * rdmacts_test_control_udapl, mapped onto the NIC model's knobs
 * (ref/nic/knobs.c), as ref/ugni/test_control.c does.  Not part of uDAPL.
 *
 *   FAIL_NTH_ALLOCATION  every object the Provider creates and every
 *                        resource a call reserves (a request slot, a
 *                        connection message, a new queue) is one
 *                        allocation: the n-th fails and its call returns
 *                        DAT_INSUFFICIENT_RESOURCES with no other effect.
 *   FAIL_NTH_TRANSACTION every Send, RDMA Read/Write and RMR Bind posted
 *                        is one transaction: the n-th is accepted, then
 *                        fails after the post returned: its completion has
 *                        an error status and the connection breaks.
 *   SCHEDULE_SEED        the completions of requests (Send, RDMA, Bind)
 *                        are held back and released by later calls that
 *                        dequeue or wait (dapl_release), so request_idle,
 *                        DAT_EP_STATE_DISCONNECT_PENDING and a bind still
 *                        in progress can be observed; on a thread-safe IA,
 *                        a dequeue lingers inside its critical section
 *                        until another thread contends (lock.c), so calls
 *                        that were not serialised would collide.
 *   DECLINE              the Provider behaves as one without each
 *                        optional capability of the mask (the calls that
 *                        check dapl_declines, and the attributes, ia.c).
 * The limits of the uGNI model and PRIVILEGED have no uDAPL meaning and
 * are refused.
 */
#include <stdlib.h>
#include "rdmacts_test_control.h"
#include "../../nic/nic.h"
#include "dapl.h"

__attribute__((visibility("default")))
int rdmacts_test_control_udapl(int knob, uint64_t value)
{
	switch (knob) {
	case RDMACTS_TC_RESET:			nic_knobs_reset(); return 0;
	case RDMACTS_TC_FAIL_NTH_TRANSACTION:	nic_knobs_fail_nth(value); return 0;
	case RDMACTS_TC_FAIL_NTH_ALLOCATION:	nic_knobs_nomem_nth(value); return 0;
	case RDMACTS_TC_SCHEDULE_SEED:		nic_knobs_schedule(value); return 0;
	case RDMACTS_TC_DECLINE:		nic_knobs_decline(value); return 0;
	default:				return -1;
	}
}

int dapl_nomem(void)
{
	void *p = nic_alloc(1);

	if (!p)
		return 1;
	free(p);
	return 0;
}

int dapl_fail_transaction(void)
{
	return nic_fault_transaction();
}

int dapl_declines(unsigned cap)
{
	return nic_declines(cap);
}

DAT_QOS dapl_qos_supported(void)
{
	return dapl_declines(RDMACTS_CAP_QOS) ? DAT_QOS_BEST_EFFORT :
		DAT_QOS_BEST_EFFORT | DAT_QOS_HIGH_THROUGHPUT | DAT_QOS_LOW_LATENCY |
		DAT_QOS_ECONOMY | DAT_QOS_PREMIUM;
}

int dapl_hold(void)
{
	return nic_knobs()->schedule;
}
