/*
 * cq.c: 3.3 Completion Queue Management and 3.9 Completion Queue
 * Processing (and the vendor CqVectorMonitor).
 *
 * Overrun (2.1.2, 3.9.1, E-UGNI-002): an event arriving at a full CQ
 * is lost and the CQ enters the overrun state.  Every later poll returns
 * GNI_RC_ERROR_RESOURCE; CqGetEvent, CqWaitEvent and CqVectorWaitEvent
 * still dequeue the oldest entry, with GNI_CQ_OVERRUN(entry) set
 * (E-UGNI-107).  Once the ring is empty they write an entry that carries
 * only the overrun bit, and that report ends the overrun state: clients
 * test GNI_CQ_OVERRUN() on the entry of every GNI_RC_ERROR_RESOURCE
 * return and poll on until GNI_RC_NOT_DONE (libfabric's gni provider).
 */
#include <stdlib.h>
#include <string.h>
#include "ugni.h"

#define CQ_MAX_ENTRIES (1u << 22)

/* 3.3.1 CqCreate
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE,
 *   GNI_RC_ERROR_NOMEM */
gni_return_t GNI_CqCreate(gni_nic_handle_t nic_handle, uint32_t entry_count,
		uint32_t delay_count, gni_cq_mode_t mode,
		void (*event_handler)(gni_cq_entry_t *, void *), void *context,
		gni_cq_handle_t *cq_handle)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	uint32_t known = GNI_CQ_BLOCKING | GNI_CQ_PHYS_PAGES |
		GNI_CQ_UNMANAGED | GNI_CQ_NOAUTOFILL;

	if (!n || !cq_handle || entry_count == 0 || (mode & ~known))
		return GNI_RC_INVALID_PARAM;
	(void)delay_count;	/* no interrupts in the model (E-UGNI-038) */
	if (entry_count > CQ_MAX_ENTRIES)
		return GNI_RC_ERROR_RESOURCE;
	struct ugni_cq *cq = nic_alloc(sizeof *cq);
	if (!cq)
		return GNI_RC_ERROR_NOMEM;
	if (nic_res_take(n->cdm->ptag, NIC_RES_CQ) != NIC_OK) {
		free(cq);
		return GNI_RC_ERROR_RESOURCE;
	}
	*cq = (struct ugni_cq){ .nic = n, .mode = mode,
		.handler = event_handler, .context = context };
	/* from here the CQ count belongs to the ring (nic_cq_destroy) */
	if (nic_cq_create(n->domain, n->cdm->ptag, entry_count, &cq->idx,
			&cq->gen) != NIC_OK) {
		nic_res_give(n->cdm->ptag, NIC_RES_CQ);
		free(cq);
		return GNI_RC_ERROR_RESOURCE;
	}
	cq->self = ugni_handle_new(UGNI_CQ, cq);
	if (!cq->self) {
		nic_cq_destroy(cq->idx, cq->gen);
		free(cq);
		return GNI_RC_ERROR_NOMEM;
	}
	*cq_handle = cq->self;
	return GNI_RC_SUCCESS;
}

void ugni_cq_destroy_obj(struct ugni_cq *cq)
{
	ugni_chan_detach(cq);
	ugni_events_drop_cq(cq);
	nic_cq_destroy(cq->idx, cq->gen);	/* gives back the CQ count */
	ugni_handle_free(cq->self);
	free(cq);
}

/* 3.3.2 CqDestroy
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (one or
 *   more endpoints are still associated with it) */
gni_return_t GNI_CqDestroy(gni_cq_handle_t cq_handle)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = to_cq(cq_handle);

	if (!cq)
		return GNI_RC_INVALID_PARAM;
	if (cq->nep)
		return GNI_RC_ERROR_RESOURCE;
	ugni_cq_destroy_obj(cq);
	return GNI_RC_SUCCESS;
}

/* 3.9.1 CqTestEvent
 *   GNI_RC_SUCCESS, GNI_RC_NOT_DONE, GNI_RC_INVALID_PARAM,
 *   GNI_RC_ERROR_RESOURCE (overrun) */
gni_return_t GNI_CqTestEvent(gni_cq_handle_t cq_handle)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = to_cq(cq_handle);
	gni_cq_entry_t e;
	int overrun = 0, rc;

	if (!cq)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();
	rc = nic_cq_peek(cq->idx, cq->gen, &e, &overrun);
	if (overrun)
		return GNI_RC_ERROR_RESOURCE;
	return rc == NIC_OK ? GNI_RC_SUCCESS : GNI_RC_NOT_DONE;
}

/* Take (or, for CqVectorMonitor, look at) the next event of cq. */
static gni_return_t poll_one(struct ugni_cq *cq, gni_cq_entry_t *event,
		int take)
{
	gni_cq_entry_t e;
	int overrun = 0;

	int rc = nic_cq_peek(cq->idx, cq->gen, &e, &overrun);
	if (overrun) {
		if (take && rc == NIC_OK) {
			nic_cq_pop(cq->idx, cq->gen, &e);
		} else {
			e = 0;	/* nothing left: the entry says only "overrun" */
			if (take)
				nic_cq_overrun_reported(cq->idx, cq->gen);
		}
		if (take)
			*event = e | ugni_entry_overrun();
		return GNI_RC_ERROR_RESOURCE;
	}
	if (rc != NIC_OK)
		return GNI_RC_NOT_DONE;
	if (!take)
		return GNI_RC_SUCCESS;
	nic_cq_pop(cq->idx, cq->gen, &e);
	/* 3.3.1: the handler runs before a successful return */
	if (cq->handler)
		cq->handler(&e, cq->context);
	*event = e;
	return gni_cq_get_status(e) ? GNI_RC_TRANSACTION_ERROR : GNI_RC_SUCCESS;
}

/* 3.9.2 CqGetEvent
 *   GNI_RC_SUCCESS, GNI_RC_NOT_DONE, GNI_RC_INVALID_PARAM,
 *   GNI_RC_ERROR_RESOURCE, GNI_RC_TRANSACTION_ERROR */
gni_return_t GNI_CqGetEvent(gni_cq_handle_t cq_handle, gni_cq_entry_t *event_data)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = to_cq(cq_handle);

	if (!cq || !event_data)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();
	return poll_one(cq, event_data, 1);
}

/* Polls the CQs until one has an event or the timeout passes.  Between
 * polls the lock is let go (lock.c): the CQs are found again by their
 * handles, and one destroyed meanwhile ends the wait with
 * GNI_RC_INVALID_PARAM (E-UGNI-223). */
int ugni_cq_wait(const gni_cq_handle_t *cq_hndls, uint32_t n, uint64_t timeout,
		gni_cq_entry_t *event, uint32_t *which, int take)
{
	uint64_t t0 = nic_now_ns();
	unsigned round = 0;

	for (;;) {
		ugni_progress();
		for (uint32_t i = 0; i < n; i++) {
			struct ugni_cq *cq = to_cq(cq_hndls[i]);
			if (!cq)
				return GNI_RC_INVALID_PARAM;
			gni_return_t rc = poll_one(cq, event, take);
			if (rc != GNI_RC_NOT_DONE) {
				if (which)
					*which = i;
				return rc;
			}
		}
		if (nic_expired(t0, timeout))
			return GNI_RC_TIMEOUT;
		ugni_pause(&round);
	}
}

/* 3.9.3 CqWaitEvent
 *   GNI_RC_SUCCESS, GNI_RC_TIMEOUT, GNI_RC_INVALID_PARAM,
 *   GNI_RC_ERROR_RESOURCE (not created with GNI_CQ_BLOCKING; overrun),
 *   GNI_RC_TRANSACTION_ERROR */
gni_return_t GNI_CqWaitEvent(gni_cq_handle_t cq_handle, uint64_t timeout,
		gni_cq_entry_t *event_data)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = to_cq(cq_handle);

	if (!cq || !event_data)
		return GNI_RC_INVALID_PARAM;
	if (!(cq->mode & GNI_CQ_BLOCKING))
		return GNI_RC_ERROR_RESOURCE;
	return ugni_cq_wait(&cq_handle, 1, timeout, event_data, NULL, 1);
}

static gni_return_t vector(gni_cq_handle_t *cq_hndls, uint32_t num_cqs,
		uint64_t timeout, gni_cq_entry_t *event_data, uint32_t *which,
		int take)
{
	if (!cq_hndls || num_cqs == 0 || !which || (take && !event_data))
		return GNI_RC_INVALID_PARAM;
	struct ugni_cq **cqs = calloc(num_cqs, sizeof *cqs);
	if (!cqs)
		return GNI_RC_ERROR_NOMEM;
	gni_return_t rc = GNI_RC_SUCCESS;
	for (uint32_t i = 0; i < num_cqs && rc == GNI_RC_SUCCESS; i++) {
		cqs[i] = to_cq(cq_hndls[i]);
		if (!cqs[i])
			rc = GNI_RC_INVALID_PARAM;
		else if (!(cqs[i]->mode & GNI_CQ_BLOCKING))
			rc = GNI_RC_ERROR_RESOURCE;
	}
	/* vendor extension (gni_pub.h 0x5c): with a CQ's interrupt mask set
	 * (GNI_CqInterruptMask) the call does not block: NOT_DONE when no
	 * event is there */
	int masked = 0;
	for (uint32_t i = 0; i < num_cqs && rc == GNI_RC_SUCCESS; i++)
		masked |= cqs[i]->intr_mask != 0;
	if (rc == GNI_RC_SUCCESS) {
		rc = ugni_cq_wait(cq_hndls, num_cqs, masked ? 0 : timeout,
				event_data, which, take);
		if (masked && rc == GNI_RC_TIMEOUT)
			rc = GNI_RC_NOT_DONE;
	}
	free(cqs);
	return rc;
}

/* 3.9.4 CqVectorWaitEvent
 *   GNI_RC_SUCCESS, GNI_RC_TIMEOUT, GNI_RC_INVALID_PARAM,
 *   GNI_RC_ERROR_RESOURCE, GNI_RC_TRANSACTION_ERROR */
gni_return_t GNI_CqVectorWaitEvent(gni_cq_handle_t *cq_hndls, uint32_t num_cqs,
		uint64_t timeout, gni_cq_entry_t *event_data, uint32_t *which)
{
	UGNI_LOCKED;
	return vector(cq_hndls, num_cqs, timeout, event_data, which, 1);
}

/* Vendor CqVectorMonitor: waits like CqVectorWaitEvent but leaves the
 * event in its CQ. */
gni_return_t GNI_CqVectorMonitor(gni_cq_handle_t *cq_hndls, uint32_t num_cqs,
		uint64_t timeout, uint32_t *which)
{
	UGNI_LOCKED;
	return vector(cq_hndls, num_cqs, timeout, NULL, which, 0);
}

/* 3.9.5 GetCompleted: the very descriptor that was posted.
 *   GNI_RC_SUCCESS, GNI_RC_DESCRIPTOR_ERROR (no descriptor behind the
 *   event: *post_descr = NULL), GNI_RC_INVALID_PARAM,
 *   GNI_RC_TRANSACTION_ERROR (the descriptor failed; status set) */
gni_return_t GNI_GetCompleted(gni_cq_handle_t cq_handle, gni_cq_entry_t event_data,
		gni_post_descriptor_t **post_descr)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = to_cq(cq_handle);

	if (!cq || !post_descr)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();
	struct ugni_txn *t = ugni_txn_get((uint32_t)gni_cq_get_tid(event_data));
	if (!t || t->cq != cq || gni_cq_get_source(event_data) ||
			gni_cq_get_type(event_data) != GNI_CQ_EVENT_TYPE_POST) {
		*post_descr = NULL;
		return GNI_RC_DESCRIPTOR_ERROR;
	}
	uint16_t bit = ugni_entry_is_local(event_data) ?
		GNI_CQMODE_LOCAL_EVENT : GNI_CQMODE_GLOBAL_EVENT;
	if (!(t->expect & bit)) {
		*post_descr = NULL;
		return GNI_RC_DESCRIPTOR_ERROR;
	}
	gni_post_descriptor_t *d = t->desc;
	uint64_t status = gni_cq_get_status(event_data);
	d->cq_mode_complete |= bit;
	d->status = status;
	t->expect &= (uint16_t)~bit;
	if (!t->expect)
		ugni_txn_done((uint32_t)gni_cq_get_tid(event_data));
	*post_descr = d;
	return status ? GNI_RC_TRANSACTION_ERROR : GNI_RC_SUCCESS;
}

/* 3.9.7 CqErrorStr
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_SIZE_ERROR */
gni_return_t GNI_CqErrorStr(gni_cq_entry_t entry, void *buffer, uint32_t length)
{
	UGNI_LOCKED;
	uint64_t st = gni_cq_get_status(entry);

	if (!buffer)
		return GNI_RC_INVALID_PARAM;
	const char *text = st < UGNI_ST_COUNT ? ugni_errcodes[st].text :
		"unknown error status";
	if (strlen(text) + 1 > length)
		return GNI_RC_SIZE_ERROR;
	memcpy(buffer, text, strlen(text) + 1);
	return GNI_RC_SUCCESS;
}

/* 3.9.8 CqErrorRecoverable
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_INVALID_STATE (a status
 *   this implementation never produces) */
gni_return_t GNI_CqErrorRecoverable(gni_cq_entry_t entry, uint32_t *recoverable)
{
	UGNI_LOCKED;
	uint64_t st = gni_cq_get_status(entry);

	if (!recoverable)
		return GNI_RC_INVALID_PARAM;
	if (st >= UGNI_ST_COUNT)
		return GNI_RC_INVALID_STATE;
	*recoverable = ugni_errcodes[st].recoverable;
	return GNI_RC_SUCCESS;
}
