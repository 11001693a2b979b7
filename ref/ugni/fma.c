/* fma.c: 3.6 FMA DM. */
#include "ugni.h"

/* 3.6.1 PostFma
 *   GNI_RC_SUCCESS The descriptor was successfully posted.
 *   GNI_RC_INVALID_PARAM The endpoint handle was invalid (also: no
 *     descriptor, unbound endpoint, a type, cq_mode or amo_cmd the spec
 *     does not allow, zero-length GET or AMO, an unusable local handle).
 *   GNI_RC_ALIGNMENT_ERROR GETs require 4-byte alignment, AMOs 8-byte.
 *   GNI_RC_ERROR_RESOURCE insufficient resources. */
gni_return_t GNI_PostFma(gni_ep_handle_t ep_handle,
		gni_post_descriptor_t *post_descr)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	return ugni_post(ep, post_descr, UGNI_FMA);
}
