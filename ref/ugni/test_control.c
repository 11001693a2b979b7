/*
 * test_control.c: the suite's optional test-control interface
 * (include/rdmacts_test_control.h), libugni's entry
 * rdmacts_test_control_ugni, mapped onto the NIC model's knobs
 * (ref/nic/knobs.c, docs/nic-model.md).  Not part of uGNI.
 *
 * Knobs act on the calling process from the call on; the limits count
 * per protection tag, as the model's job limits do (a process alone holds
 * every object of its ptag).  RDMACTS_TC_PRIVILEGED makes root privileged
 * (3.10: NULL-NIC subscriptions, any ptag); uGNI has none of the
 * capabilities RDMACTS_TC_DECLINE names, so that knob is refused.
 * RDMACTS_TC_ARIES makes the NIC an Aries (the extension tier's aries
 * profile: GNI_GetDeviceType, second-generation AMOs, 24-bit inst_id).
 * Runs under the library's lock, as the uGNI calls do (lock.c).
 */
#include "rdmacts_test_control.h"
#include "ugni.h"

int rdmacts_test_control_ugni(int knob, uint64_t value)
{
	UGNI_LOCKED;
	int64_t n = value > INT64_MAX ? INT64_MAX : (int64_t)value;

	switch (knob) {
	case RDMACTS_TC_RESET:			nic_knobs_reset(); return 0;
	case RDMACTS_TC_FAIL_NTH_TRANSACTION:	nic_knobs_fail_nth(value); return 0;
	case RDMACTS_TC_FAIL_NTH_ALLOCATION:	nic_knobs_nomem_nth(value); return 0;
	case RDMACTS_TC_LIMIT_MDD:		nic_knobs_limit(NIC_RES_MDD, n); return 0;
	case RDMACTS_TC_LIMIT_CQ:		nic_knobs_limit(NIC_RES_CQ, n); return 0;
	case RDMACTS_TC_LIMIT_FMA:		nic_knobs_limit(NIC_RES_FMA, n); return 0;
	case RDMACTS_TC_LIMIT_BTE:		nic_knobs_limit(NIC_RES_BTE, n); return 0;
	case RDMACTS_TC_LIMIT_DGRAM:		nic_knobs_limit(NIC_RES_COUNT, n); return 0;
	case RDMACTS_TC_SCHEDULE_SEED:		nic_knobs_schedule(value); return 0;
	case RDMACTS_TC_PRIVILEGED:		nic_knobs_privileged(value != 0); return 0;
	case RDMACTS_TC_ARIES:			nic_knobs_aries(value != 0); return 0;
	default:				return -1;
	}
}
