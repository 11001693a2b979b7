/*
 * cq_mask.c: GNI_CqInterruptMask / GNI_CqInterruptUnmask (extension tier,
 * gni_pub.h 0x5c): a counted interrupt mask of a GNI_CQ_BLOCKING CQ.
 * The model raises no interrupts, so the count is all there is to keep.
 */
#include "ugni.h"

static struct ugni_cq *blocking_cq(gni_cq_handle_t h)
{
	struct ugni_cq *cq = to_cq(h);
	return cq && (cq->mode & GNI_CQ_BLOCKING) ? cq : NULL;
}

/* CqInterruptMask
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (invalid handle, or the CQ was
 *   not created in GNI_CQ_BLOCKING mode) */
gni_return_t GNI_CqInterruptMask(gni_cq_handle_t cq_handle)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = blocking_cq(cq_handle);

	if (!cq)
		return GNI_RC_INVALID_PARAM;
	cq->intr_mask++;
	return GNI_RC_SUCCESS;
}

/* CqInterruptUnmask
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (the mask is
 *   not set: nothing to decrement) */
gni_return_t GNI_CqInterruptUnmask(gni_cq_handle_t cq_handle)
{
	UGNI_LOCKED;
	struct ugni_cq *cq = blocking_cq(cq_handle);

	if (!cq)
		return GNI_RC_INVALID_PARAM;
	if (!cq->intr_mask)
		return GNI_RC_NOT_DONE;
	cq->intr_mask--;
	return GNI_RC_SUCCESS;
}
