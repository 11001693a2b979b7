/*
 * ep.c: 3.5.1 - 3.5.5 Logical Endpoint.
 *
 * Event data (3.5.2): unless EpSetEventData set them, local events
 * carry the endpoint's remote_id and global and remote events the
 * domain's inst_id.
 */
#include <stdlib.h>
#include <unistd.h>
#include "ugni.h"

static uint32_t ep_serial;

/* 3.5.1 EpCreate
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_EpCreate(gni_nic_handle_t nic_handle, gni_cq_handle_t src_cq_handle,
		gni_ep_handle_t *ep_handle)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	struct ugni_cq *cq = NULL;

	if (!n || !ep_handle)
		return GNI_RC_INVALID_PARAM;
	if (src_cq_handle) {
		cq = to_cq(src_cq_handle);
		if (!cq || cq->nic != n)
			return GNI_RC_INVALID_PARAM;
	}
	struct ugni_ep *ep = nic_alloc(sizeof *ep);
	if (!ep)
		return GNI_RC_ERROR_NOMEM;
	*ep = (struct ugni_ep){ .nic = n, .cq = cq,
		.key = ((uint64_t)getpid() << 32) | ++ep_serial };
	ep->self = ugni_handle_new(UGNI_EP, ep);
	if (!ep->self) {
		free(ep);
		return GNI_RC_ERROR_NOMEM;
	}
	if (cq)
		cq->nep++;
	*ep_handle = ep->self;
	return GNI_RC_SUCCESS;
}

/* 3.5.2 EpSetEventData
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_EpSetEventData(gni_ep_handle_t ep_handle, uint32_t local_event,
		uint32_t remote_event)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	ep->local_event = local_event;
	ep->remote_event = remote_event;
	ep->event_data_set = 1;
	return GNI_RC_SUCCESS;
}

/* 3.5.3 EpBind
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE,
 *   GNI_RC_ERROR_NOMEM; GNI_RC_INVALID_STATE when already bound */
gni_return_t GNI_EpBind(gni_ep_handle_t ep_handle, uint32_t remote_addr,
		uint32_t remote_id)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	if (ep->bound)
		return GNI_RC_INVALID_STATE;	/* E-UGNI-059 */
	if (nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	ep->bound = 1;
	ep->remote_addr = remote_addr;
	ep->remote_id = remote_id;
	return GNI_RC_SUCCESS;
}

/* 3.5.4 EpUnbind
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (outstanding
 *   transactions or a pending datagram) */
gni_return_t GNI_EpUnbind(gni_ep_handle_t ep_handle)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	/* not a polling call: no progress here, so work the adversarial
	 * schedule holds back stays outstanding until the CQ is polled */
	if (ep->outstanding || nic_dg_busy(ep->key))
		return GNI_RC_NOT_DONE;
	ugni_smsg_release_ep(ep);
	ep->bound = 0;
	return GNI_RC_SUCCESS;
}

void ugni_ep_destroy_obj(struct ugni_ep *ep)
{
	ugni_events_drop_ep(ep);
	nic_dg_withdraw(ep->key);
	if (ep->cq)
		ep->cq->nep--;
	ugni_handle_free(ep->self);
	free(ep);
}

/* 3.5.5 EpDestroy: cancels outstanding requests (their events are not
 * delivered; a pending datagram with an id is reported cancelled by the
 * probes, E-UGNI-064) and releases short messaging resources.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_EpDestroy(gni_ep_handle_t ep_handle)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	ugni_ep_destroy_obj(ep);
	return GNI_RC_SUCCESS;
}
