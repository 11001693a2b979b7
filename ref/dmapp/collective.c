/*
 * collective.c: the collective operations of the vendor extension
 * (dmapp.h RB-3.1: dmapp_c_barrier_join, dmapp_c_greduce_start,
 * dmapp_c_pset_test, dmapp_c_pset_wait; clauses DMAPP-X-barrier-*,
 * DMAPP-X-greduce-*, DMAPP-X-ptest-*), in software over the reference's
 * own one-sided transfers (dmapp_impl.h: the collective area).
 *
 * A start call only records the operation, as the header allows ("the
 * operation is proceeding, not that it is complete"); dmapp_c_pset_test
 * and dmapp_c_pset_wait move it on.  A member's contribution is copied
 * into its slot at the start, so `in` may be reused at once; `out` is
 * written when test/wait report DMAPP_RC_SUCCESS.  The root (the first
 * member of the descriptor) combines the contributions in member order,
 * so every member receives the same, deterministic result; a barrier is
 * a reduction of no data.  Every member must call test or wait until
 * the operation completes: the root's progress is made in those calls.
 */
#include <sched.h>
#include <stddef.h>
#include <string.h>

#include "dmapp_impl.h"

static dmapp_return_t start(struct dmapp_pset *p, enum coll_kind kind,
			    const void *in, void *out, uint32_t nelems,
			    dmapp_c_type_t type, dmapp_c_op_t op)
{
	struct coll_slot *mine = coll_slot(dmapp_pset_slot(p));
	size_t bytes = kind == COLL_REDUCE ? nelems * coll_type_size(type) : 0;

	p->kind = kind;
	p->out = out;
	p->nelems = kind == COLL_REDUCE ? nelems : 0;
	p->type = type;
	p->op = op;
	p->seq++;
	if (p->me == 0) {		/* the root starts from its own data */
		if (bytes)
			memcpy(p->acc, in, bytes);
		p->next = 1;
		return DMAPP_RC_SUCCESS;
	}
	if (bytes)
		memcpy(mine->contrib, in, bytes);
	__atomic_store_n(&mine->arrive, p->seq, __ATOMIC_RELEASE);
	return DMAPP_RC_SUCCESS;
}

/* The operation's state for the start calls: INVALID_PARAM for a pset
 * that is not live, was cancelled or is not exported; BUSY while one is
 * outstanding. */
static dmapp_return_t usable(struct dmapp_pset *p)
{
	if (p == NULL || p->cancelled || !p->exported)
		return DMAPP_RC_INVALID_PARAM;
	return p->kind != COLL_NONE ? DMAPP_RC_BUSY : DMAPP_RC_SUCCESS;
}

/*
 * dmapp_c_barrier_join (RB-3.1)
 * DMAPP_RC_SUCCESS, the barrier started; DMAPP_RC_INVALID_PARAM for a
 * handle that names no live, exported pset (or a cancelled one);
 * DMAPP_RC_BUSY while another operation on the pset is outstanding.
 */
dmapp_return_t dmapp_c_barrier_join(dmapp_c_pset_handle_t pset_hndl)
{
	struct dmapp_pset *p = dmapp_to_pset(pset_hndl);
	dmapp_return_t rc = usable(p);

	if (rc != DMAPP_RC_SUCCESS)
		return rc;
	return start(p, COLL_BARRIER, NULL, NULL, 0, DMAPP_C_INT32, DMAPP_C_SUM);
}

/*
 * dmapp_c_greduce_start (RB-3.1)
 * DMAPP_RC_SUCCESS, the reduction started; DMAPP_RC_INVALID_PARAM for a
 * handle as for dmapp_c_barrier_join, a type or op outside the header's
 * enums or an op that does not apply to the type (reduce.c), nelems
 * above dmapp_c_greduce_nelems_max, or a NULL in or out with nelems > 0;
 * DMAPP_RC_BUSY while another operation on the pset is outstanding.
 */
dmapp_return_t dmapp_c_greduce_start(dmapp_c_pset_handle_t pset, void *in,
				     void *out, uint32_t nelems,
				     dmapp_c_type_t type, dmapp_c_op_t op)
{
	struct dmapp_pset *p = dmapp_to_pset(pset);
	uint32_t max;

	if (p == NULL || p->cancelled || !p->exported ||
	    dmapp_c_greduce_nelems_max(type, &max) != DMAPP_RC_SUCCESS ||
	    !coll_op_valid(op, type) || nelems > max ||
	    (nelems > 0 && (in == NULL || out == NULL)))
		return DMAPP_RC_INVALID_PARAM;
	if (p->kind != COLL_NONE)
		return DMAPP_RC_BUSY;
	return start(p, COLL_REDUCE, in, out, nelems, type, op);
}

/* Member: the root has delivered this operation's result. */
static dmapp_return_t member_progress(struct dmapp_pset *p, size_t bytes)
{
	struct coll_slot *mine = coll_slot(dmapp_pset_slot(p));

	if (__atomic_load_n(&mine->done, __ATOMIC_ACQUIRE) != p->seq)
		return DMAPP_RC_NOT_DONE;
	if (bytes)
		memcpy(p->out, mine->result, bytes);
	return DMAPP_RC_SUCCESS;
}

/* Root: combine the members that have arrived, in member order; once
 * all have, deliver the result and then the sequence number to each. */
static dmapp_return_t root_progress(struct dmapp_pset *p, size_t bytes)
{
	_Alignas(16) uint8_t in[COLL_PAYLOAD];	/* elements are read in place */
	dmapp_return_t rc;

	for (; p->next < p->n; p->next++) {
		dmapp_pe_t pe = (dmapp_pe_t)p->members[p->next];
		uint64_t off = coll_slot_off(p->slot_of[p->next]), arrive;

		rc = coll_get(pe, off + offsetof(struct coll_slot, arrive),
			      &arrive, sizeof(arrive));
		if (rc != DMAPP_RC_SUCCESS)
			return rc;
		if (arrive != p->seq)
			return DMAPP_RC_NOT_DONE;
		if (bytes == 0)
			continue;
		rc = coll_get(pe, off + offsetof(struct coll_slot, contrib),
			      in, bytes);
		if (rc != DMAPP_RC_SUCCESS)
			return rc;
		coll_combine(p->op, p->type, p->acc, in, p->nelems);
	}
	for (uint32_t i = 1; i < p->n; i++) {
		dmapp_pe_t pe = (dmapp_pe_t)p->members[i];
		uint64_t off = coll_slot_off(p->slot_of[i]);

		rc = bytes == 0 ? DMAPP_RC_SUCCESS :
		     coll_put(pe, off + offsetof(struct coll_slot, result),
			      p->acc, bytes);
		if (rc == DMAPP_RC_SUCCESS)
			rc = coll_put(pe, off + offsetof(struct coll_slot, done),
				      &p->seq, sizeof(p->seq));
		if (rc != DMAPP_RC_SUCCESS)
			return rc;
	}
	if (bytes)
		memcpy(p->out, p->acc, bytes);
	return DMAPP_RC_SUCCESS;
}

/* Move the operation on: SUCCESS (done), NOT_DONE, or a transfer's
 * error, reported as DMAPP_RC_TRANSACTION_ERROR (the operation ends). */
static dmapp_return_t progress(struct dmapp_pset *p)
{
	size_t bytes = (size_t)p->nelems * coll_type_size(p->type);
	dmapp_return_t rc;

	if (p->kind == COLL_NONE)
		return DMAPP_RC_SUCCESS;	/* nothing outstanding */
	rc = p->me == 0 ? root_progress(p, bytes) : member_progress(p, bytes);
	if (rc == DMAPP_RC_NOT_DONE)
		return rc;
	p->kind = COLL_NONE;
	return rc == DMAPP_RC_SUCCESS ? rc : DMAPP_RC_TRANSACTION_ERROR;
}

/*
 * dmapp_c_pset_test (RB-3.1)
 * DMAPP_RC_SUCCESS when the pset's operation has completed (or none is
 * outstanding); DMAPP_RC_NOT_DONE when it has not; DMAPP_RC_INVALID_PARAM
 * for a handle that names no live pset, or a cancelled one;
 * DMAPP_RC_TRANSACTION_ERROR when a transfer of the operation failed.
 */
dmapp_return_t dmapp_c_pset_test(dmapp_c_pset_handle_t pset_hndl)
{
	struct dmapp_pset *p = dmapp_to_pset(pset_hndl);

	if (p == NULL || p->cancelled)
		return DMAPP_RC_INVALID_PARAM;
	return progress(p);
}

/*
 * dmapp_c_pset_wait (RB-3.1)
 * dmapp_c_pset_test until it reports anything but DMAPP_RC_NOT_DONE,
 * running the progress callbacks (progress_cb.c) while it waits.
 */
dmapp_return_t dmapp_c_pset_wait(dmapp_c_pset_handle_t pset_hndl)
{
	struct dmapp_pset *p = dmapp_to_pset(pset_hndl);
	dmapp_return_t rc;

	if (p == NULL || p->cancelled)
		return DMAPP_RC_INVALID_PARAM;
	while ((rc = progress(p)) == DMAPP_RC_NOT_DONE) {
		dmapp_run_progress_cbs();
		sched_yield();
	}
	return rc;
}
