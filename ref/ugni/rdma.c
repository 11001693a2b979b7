/* rdma.c: 3.8 RDMA (BTE). */
#include "ugni.h"

/* 3.8.1 PostRdma
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ALIGNMENT_ERROR (GET:
 *   addresses and length 4-byte aligned), GNI_RC_ERROR_RESOURCE (the
 *   job's bte_limit), GNI_RC_ERROR_NOMEM, GNI_RC_PERMISSION_ERROR (a
 *   GET into a read-only local registration). */
gni_return_t GNI_PostRdma(gni_ep_handle_t ep_handle,
		gni_post_descriptor_t *post_descr)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	return ugni_post(ep, post_descr, UGNI_BTE);
}

/* 3.9.6 PostCqWrite: the low 6 bytes of cqwrite_value arrive as an
 * event in the CQ of the remote registration remote_mem_hndl.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE */
gni_return_t GNI_PostCqWrite(gni_ep_handle_t ep_handle,
		gni_post_descriptor_t *post_descr)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	return ugni_post(ep, post_descr, UGNI_CQW);
}
