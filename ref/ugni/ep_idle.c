/*
 * ep_idle.c: GNI_EpIdle (extension tier, gni_pub.h 0x5c): the part of
 * EpUnbind's check that tells whether an endpoint is idle, destroying
 * nothing.
 */
#include "ugni.h"

/* EpIdle
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (transactions
 *   whose completions are not yet delivered, or a pending datagram) */
gni_return_t GNI_EpIdle(gni_ep_handle_t ep_handle)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	if (ep->outstanding || nic_dg_busy(ep->key))
		return GNI_RC_NOT_DONE;
	return GNI_RC_SUCCESS;
}
