/*
 * errors.c: 3.10 Error Handling.
 *
 * A subscription reads the NIC's error log (ref/nic/errlog.c) from the
 * moment it is created, keeping the events of its ptag whose category
 * bit is in its mask, in an error event queue (EEQ) of EEQ_size entries
 * (default 64); events arriving at a full EEQ are dropped.
 *
 * Privileged callers (the model has one only under the test-control
 * profile RDMACTS_TC_PRIVILEGED: root) may subscribe with no NIC handle,
 * naming the device, and then see the errors of every ptag; they may
 * point a subscription at any ptag.
 */
#include <stdlib.h>
#include "ugni.h"

#define EEQ_DEFAULT 64

static void pull(struct ugni_err *e)
{
	struct nic_err_event ev;
	uint64_t end = nic_err_serial();

	for (; e->cursor < end; e->cursor++) {
		if (nic_err_get(e->cursor, &ev) != NIC_OK)
			continue;	/* overwritten in the log */
		if ((!e->all_ptags && ev.ptag != e->ptag) ||
				!(e->mask & (1u << ev.category)))
			continue;
		if (e->count == e->size)
			continue;	/* EEQ full */
		gni_error_event_t *q = &e->queue[(e->head + e->count++) % e->size];
		*q = (gni_error_event_t){ .error_code = ev.code,
			.error_category = (uint8_t)(1u << ev.category),
			.ptag = ev.ptag, .serial_number = (uint32_t)(ev.serial + 1),
			.timestamp = ev.timestamp,
			.info_mmrs = { ev.info[0], ev.info[1], ev.info[2], ev.info[3] } };
	}
}

static int take(struct ugni_err *e, gni_error_event_t *ev)
{
	pull(e);
	if (!e->count)
		return 0;
	*ev = e->queue[e->head];
	e->head = (e->head + 1) % e->size;
	e->count--;
	return 1;
}

/* 3.10.1 SubscribeErrors
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (also: NULL nic_handle from an
 *   unprivileged caller), GNI_RC_NO_MATCH, GNI_RC_ERROR_RESOURCE,
 *   GNI_RC_ERROR_NOMEM */
gni_return_t GNI_SubscribeErrors(gni_nic_handle_t nic_handle, uint32_t device_id,
		gni_error_mask_t mask, uint32_t EEQ_size, gni_err_handle_t *err_handle)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	int device_mode = nic_handle == NULL && nic_privileged();

	if ((!n && !device_mode) || !err_handle)
		return GNI_RC_INVALID_PARAM;
	if (device_mode && !ugni_fabric())	/* no CDM joined it yet */
		return GNI_RC_ERROR_RESOURCE;
	if (device_id != NIC_DEVICE_ID)
		return GNI_RC_NO_MATCH;
	if (EEQ_size > (1u << 20))
		return GNI_RC_ERROR_RESOURCE;
	struct ugni_err *e = nic_alloc(sizeof *e);
	uint32_t size = EEQ_size ? EEQ_size : EEQ_DEFAULT;
	gni_error_event_t *q = e ? nic_alloc(size * sizeof *q) : NULL;
	if (!q) {
		free(e);
		return GNI_RC_ERROR_NOMEM;
	}
	*e = (struct ugni_err){ .nic = n, .mask = mask, .ptag = n ? n->cdm->ptag : 0,
		.all_ptags = !n, .size = size, .cursor = nic_err_serial(), .queue = q };
	e->self = ugni_handle_new(UGNI_ERR, e);
	if (!e->self) {
		free(q);
		free(e);
		return GNI_RC_ERROR_NOMEM;
	}
	*err_handle = e->self;
	return GNI_RC_SUCCESS;
}

void ugni_err_destroy_obj(struct ugni_err *e)
{
	ugni_handle_free(e->self);
	free(e->queue);
	free(e);
}

/* 3.10.2 ReleaseErrors
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (a thread is
 *   still waiting in WaitErrorEvents) */
gni_return_t GNI_ReleaseErrors(gni_err_handle_t err_handle)
{
	UGNI_LOCKED;
	struct ugni_err *e = to_err(err_handle);

	if (!e)
		return GNI_RC_INVALID_PARAM;
	if (e->waiters)
		return GNI_RC_NOT_DONE;
	ugni_err_destroy_obj(e);
	return GNI_RC_SUCCESS;
}

/* 3.10.3 GetErrorMask
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_GetErrorMask(gni_err_handle_t err_handle, gni_error_mask_t *mask)
{
	UGNI_LOCKED;
	struct ugni_err *e = to_err(err_handle);

	if (!e || !mask)
		return GNI_RC_INVALID_PARAM;
	*mask = e->mask;
	return GNI_RC_SUCCESS;
}

/* 3.10.4 SetErrorMask: mask_out receives the previous mask.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_SetErrorMask(gni_err_handle_t err_handle, gni_error_mask_t mask_in,
		gni_error_mask_t *mask_out)
{
	UGNI_LOCKED;
	struct ugni_err *e = to_err(err_handle);

	if (!e || !mask_out)
		return GNI_RC_INVALID_PARAM;
	pull(e);	/* events already raised were matched by the old mask */
	*mask_out = e->mask;
	e->mask = mask_in;
	return GNI_RC_SUCCESS;
}

/* 3.10.5 GetErrorEvent
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE */
gni_return_t GNI_GetErrorEvent(gni_err_handle_t err_handle, gni_error_event_t *event)
{
	UGNI_LOCKED;
	struct ugni_err *e = to_err(err_handle);

	if (!e || !event)
		return GNI_RC_INVALID_PARAM;
	return take(e, event) ? GNI_RC_SUCCESS : GNI_RC_NOT_DONE;
}

/* 3.10.6 WaitErrorEvents: waits (forever) for a first event, then up
 * to timeout ms more for further ones, until events_size are copied.
 * While it waits, ReleaseErrors of the subscription answers
 * GNI_RC_NOT_DONE (3.10.2); the lock is let go between polls (lock.c).
 *   GNI_RC_SUCCESS (the array was filled), GNI_RC_INVALID_PARAM (also:
 *   the subscription went with its domain meanwhile, E-UGNI-223),
 *   GNI_RC_TIMEOUT (the array was not filled all the way),
 *   GNI_RC_NOT_DONE (a signal interrupted the wait for the first event),
 *   GNI_RC_PERMISSION_ERROR (events cannot be written) */
gni_return_t GNI_WaitErrorEvents(gni_err_handle_t err_handle, gni_error_event_t *events,
		uint32_t events_size, uint32_t timeout, uint32_t *num_events)
{
	UGNI_LOCKED;
	struct ugni_err *e = to_err(err_handle);
	struct nic_wait w;
	unsigned round = 0;
	uint32_t got = 0;
	int interrupted = 0;

	if (!e || !events || events_size == 0 || !num_events)
		return GNI_RC_INVALID_PARAM;
	if (nic_mem_check((uint64_t)(uintptr_t)events,
			(uint64_t)events_size * sizeof *events, 1) != NIC_OK)
		return GNI_RC_PERMISSION_ERROR;
	e->waiters++;
	nic_wait_begin(&w);
	while (!interrupted && !take(e, &events[0])) {
		interrupted = ugni_wait_pause(&w);
		if (!(e = to_err(err_handle)))
			break;
	}
	nic_wait_end(&w);
	if (e && !interrupted) {
		uint64_t t0 = nic_now_ns();
		for (got = 1; got < events_size; ) {
			if (take(e, &events[got])) {
				got++;
				continue;
			}
			if (nic_expired(t0, timeout))
				break;
			ugni_pause(&round);
			if (!(e = to_err(err_handle)))
				break;
		}
	}
	*num_events = got;
	if (!e)
		return GNI_RC_INVALID_PARAM;
	e->waiters--;
	if (interrupted)
		return GNI_RC_NOT_DONE;
	return got == events_size ? GNI_RC_SUCCESS : GNI_RC_TIMEOUT;
}

/* 3.10.7 SetErrorPtag
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_PERMISSION_ERROR (a
 *   ptag other than the domain's, from an unprivileged caller) */
gni_return_t GNI_SetErrorPtag(gni_err_handle_t err_handle, uint8_t ptag)
{
	UGNI_LOCKED;
	struct ugni_err *e = to_err(err_handle);

	if (!e)
		return GNI_RC_INVALID_PARAM;
	if (!nic_privileged() && (!e->nic || ptag != e->nic->cdm->ptag))
		return GNI_RC_PERMISSION_ERROR;
	e->ptag = ptag;
	e->all_ptags = 0;
	return GNI_RC_SUCCESS;
}
