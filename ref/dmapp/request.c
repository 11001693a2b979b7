/*
 * request.c: requests, syncids, uGNI posts in flight and progress.
 *
 * A DMAPP request is a group of uGNI posts (struct dmapp_req counts the
 * ones not yet completed).  Blocking calls wait for theirs before they
 * return (4.8); every _nbi call adds its posts to the one implicit
 * request that dmapp_gsync_* completes; every _nb call takes a slot of
 * the syncid table, which has max_outstanding_nb slots (E-DMAPP-022).
 *
 * Every post asks for a global completion event (GNI_CQMODE_GLOBAL_EVENT:
 * the data has arrived at its destination) on the one CQ; GNI_GetCompleted
 * gives back the descriptor, which is the first member of its dmapp_op.
 * No threads: completions are reaped inside DMAPP calls.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmapp_impl.h"

/* ------------------------------------------------------------------ */
/* Syncids                                                            */
/* ------------------------------------------------------------------ */

/*
 * A handle encodes a slot index and the slot's generation, so a
 * retired, stale or forged handle is refused in dmapp_to_syncid.
 */
#define SYNCID_INDEX_BITS 16

static dmapp_syncid_handle_t syncid_handle(const struct dmapp_syncid *s)
{
	uintptr_t idx = (uintptr_t)(s - dmapp.syncids);
	uintptr_t v = ((uintptr_t)s->gen << SYNCID_INDEX_BITS) | (idx + 1);

	return (dmapp_syncid_handle_t)v;
}

struct dmapp_syncid *dmapp_to_syncid(dmapp_syncid_handle_t h)
{
	uintptr_t v = (uintptr_t)h;
	uintptr_t idx = (v & ((1u << SYNCID_INDEX_BITS) - 1)) - 1;
	uint64_t gen = (uint64_t)(v >> SYNCID_INDEX_BITS);

	if (!dmapp.initialized || h == NULL ||
	    idx >= dmapp.attrs.max_outstanding_nb)
		return NULL;
	struct dmapp_syncid *s = &dmapp.syncids[idx];
	if (!s->in_use || s->gen != gen)
		return NULL;
	return s;
}

void dmapp_syncid_retire(struct dmapp_syncid *s)
{
	s->in_use = 0;
	s->gen++;
	dmapp.syncids_used--;
}

dmapp_return_t dmapp_check_syncid_arg(enum dmapp_mode mode,
				      dmapp_syncid_handle_t *syncid)
{
	if (mode == MODE_NB && syncid == NULL)
		return DMAPP_RC_INVALID_PARAM;
	return DMAPP_RC_SUCCESS;
}

dmapp_return_t dmapp_req_begin(enum dmapp_mode mode, struct dmapp_req **req)
{
	switch (mode) {
	case MODE_BLOCKING:
		/* Not counted against max_outstanding_nb (E-DMAPP-021). */
		*req = &dmapp.blocking;
		break;
	case MODE_NBI:
		*req = &dmapp.implicit;
		return DMAPP_RC_SUCCESS;
	case MODE_NB:
		if (dmapp.syncids_used >= dmapp.attrs.max_outstanding_nb)
			return DMAPP_RC_NO_SPACE;
		for (uint32_t i = 0; i < dmapp.attrs.max_outstanding_nb; i++) {
			struct dmapp_syncid *s = &dmapp.syncids[i];
			if (s->in_use)
				continue;
			s->in_use = 1;
			dmapp.syncids_used++;
			*req = &s->req;
			break;
		}
		break;
	}
	(*req)->pending = 0;
	(*req)->error = DMAPP_RC_SUCCESS;
	return DMAPP_RC_SUCCESS;
}

dmapp_return_t dmapp_req_end(enum dmapp_mode mode, struct dmapp_req *req,
			     dmapp_return_t rc, dmapp_syncid_handle_t *syncid)
{
	struct dmapp_syncid *s;

	switch (mode) {
	case MODE_BLOCKING:
		dmapp_wait_req(req);
		return rc != DMAPP_RC_SUCCESS ? rc : req->error;
	case MODE_NBI:
		return rc;
	case MODE_NB:
		s = (struct dmapp_syncid *)((char *)req -
					    offsetof(struct dmapp_syncid, req));
		if (rc != DMAPP_RC_SUCCESS) {
			/* No syncid on failure (E-DMAPP-044). */
			dmapp_wait_req(req);
			dmapp_syncid_retire(s);
			return rc;
		}
		*syncid = syncid_handle(s);
		return DMAPP_RC_SUCCESS;
	}
	return rc;
}

/* ------------------------------------------------------------------ */
/* Posts in flight                                                    */
/* ------------------------------------------------------------------ */

/* Ops never used are taken in order (ops_fresh) before any is reused
 * from the free list, so a PE touches only the records it needs (a
 * start-up of thousands of PEs then costs no 232 KiB each). */
void dmapp_ops_init(void)
{
	dmapp.free_ops = NULL;
	dmapp.ops_fresh = 0;
	dmapp.ops_in_flight = 0;
}

/* A free op for req, after reaping completions if all are in flight;
 * NULL when the test-control interface makes it fail (test_control.c). */
struct dmapp_op *dmapp_op_get(struct dmapp_req *req)
{
	if (dmapp_alloc_fails())
		return NULL;
	while (dmapp.free_ops == NULL && dmapp.ops_fresh == OPS_MAX)
		dmapp_progress(1);
	struct dmapp_op *op = dmapp.free_ops;
	if (op != NULL)
		dmapp.free_ops = op->next_free;
	else
		op = &dmapp.ops[dmapp.ops_fresh++];
	memset(op, 0, sizeof(*op));
	op->req = req;
	op->stage_off = SIZE_MAX;
	return op;
}

void dmapp_op_put(struct dmapp_op *op)
{
	if (op->stage_off != SIZE_MAX)
		dmapp_stage_free(op->stage_off);
	op->next_free = dmapp.free_ops;
	dmapp.free_ops = op;
}

static void op_complete(struct dmapp_op *op, gni_return_t rc)
{
	struct dmapp_req *req = op->req;

	if (rc == GNI_RC_SUCCESS && op->copy_to)
		memcpy(op->copy_to,
		       (char *)dmapp_stage_ptr(op->stage_off) + op->copy_from,
		       op->copy_len);
	if (rc != GNI_RC_SUCCESS && req->error == DMAPP_RC_SUCCESS)
		req->error = DMAPP_RC_TRANSACTION_ERROR;	/* E-DMAPP-045 */
	req->pending--;
	dmapp.ops_in_flight--;
	dmapp_op_put(op);
}

/*
 * Reap every completion event queued.  With wait, poll (yielding the
 * CPU between polls) until at least one arrived or none can.
 */
void dmapp_progress(int wait)
{
	unsigned idle = 0;
	int reaped = 0;

	for (;;) {
		gni_cq_entry_t ev = 0;
		gni_post_descriptor_t *d = NULL;
		gni_return_t rc = GNI_CqGetEvent(dmapp.cq, &ev);

		if (rc == GNI_RC_NOT_DONE) {
			if (!wait || reaped || dmapp.ops_in_flight == 0)
				return;
			dmapp_run_progress_cbs();	/* vendor extension */
			if (++idle > 16)
				sched_yield();
			continue;
		}
		if (rc != GNI_RC_SUCCESS && rc != GNI_RC_TRANSACTION_ERROR) {
			/* The CQ holds twice the posts in flight: an overrun
			 * or a dead CQ means events are lost for good. */
			fprintf(stderr, "libdmapp: GNI_CqGetEvent returned %d "
				"with %u posts in flight\n", (int)rc,
				dmapp.ops_in_flight);
			abort();
		}
		gni_return_t grc = GNI_GetCompleted(dmapp.cq, ev, &d);
		if (d == NULL) {
			fprintf(stderr, "libdmapp: GNI_GetCompleted returned %d "
				"and no descriptor for event 0x%llx\n", (int)grc,
				(unsigned long long)ev);
			abort();
		}
		op_complete((struct dmapp_op *)d,
			    rc == GNI_RC_SUCCESS ? grc : GNI_RC_TRANSACTION_ERROR);
		reaped = 1;
	}
}

void dmapp_wait_req(struct dmapp_req *req)
{
	while (req->pending)
		dmapp_progress(1);
}

void dmapp_quiesce(void)
{
	dmapp_wait_req(&dmapp.implicit);
	for (uint32_t i = 0; i < dmapp.attrs.max_outstanding_nb; i++)
		if (dmapp.syncids[i].in_use)
			dmapp_wait_req(&dmapp.syncids[i].req);
}

/* ------------------------------------------------------------------ */
/* Staging buffers in the internal megabyte (5.4.1)                   */
/* ------------------------------------------------------------------ */

size_t dmapp_stage_alloc(size_t len)
{
	size_t off;

	while (arena_alloc(&dmapp.stage, len, &off) != 0) {
		if (dmapp.ops_in_flight == 0)
			return SIZE_MAX;	/* larger than the megabyte */
		dmapp_progress(1);
	}
	return off;
}

void *dmapp_stage_ptr(size_t off)
{
	return dmapp.heap_map + (dmapp.heap_map_len - SHEAP_INTERNAL) + off;
}

void dmapp_stage_free(size_t off)
{
	struct arena_block *b = arena_find(&dmapp.stage, off);

	if (b)
		arena_release(&dmapp.stage, b);
}
