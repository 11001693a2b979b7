/*
 * errlog.c: the NIC's error event log (3.10).
 *
 * Errors the model raises (protection faults, transaction errors) are
 * appended to a ring in the fabric with a serial number; every error
 * subscription reads the log from its own position, filtering by ptag
 * and category, so subscribers in any process see the same events.
 */
#include "fabric.h"

void nic_err_raise(uint8_t ptag, enum nic_err_category cat, uint16_t code,
		uint64_t info0, uint64_t info1)
{
	nic_lock();
	uint64_t serial = fab->err_next++;
	fab->errlog[serial % FAB_ERRLOG].ev = (struct nic_err_event){
		.serial = serial, .code = code, .category = (uint8_t)cat,
		.ptag = ptag, .timestamp = nic_now_ns(),
		.info = { info0, info1, 0, 0 } };
	nic_unlock();
}

uint64_t nic_err_serial(void)
{
	nic_lock();
	uint64_t s = fab->err_next;
	nic_unlock();
	return s;
}

int nic_err_get(uint64_t serial, struct nic_err_event *ev)
{
	int rc = NIC_ENOENT;

	nic_lock();
	const struct nic_err_event *e = &fab->errlog[serial % FAB_ERRLOG].ev;
	if (serial < fab->err_next && e->serial == serial) {
		*ev = *e;
		rc = NIC_OK;
	}
	nic_unlock();
	return rc;
}
