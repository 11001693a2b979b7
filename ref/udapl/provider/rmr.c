/*
 * rmr.c: Remote Memory Regions and dat_rmr_bind.
 *
 * An RMR owns a key from creation; binding publishes the window (a
 * range of an LMR), its remote privileges and the RMR's Protection Zone
 * under a new generation of the key, so that the previous rmr_context
 * stops working (dat_rmr_bind(3DAT)).  Binds, like every operation of
 * an Endpoint here, complete before the call returns, which gives the
 * page's fencing: nothing posted after a bind starts before it ends.
 */
#include "dapl.h"

#define PRIV_VALID (DAT_MEM_PRIV_ALL_FLAG | DAT_MEM_PRIV_RO_DISABLE_FLAG)
#define BIND_FLAGS (DAT_COMPLETION_SUPPRESS_FLAG | \
	DAT_COMPLETION_UNSIGNALLED_FLAG | DAT_COMPLETION_BARRIER_FENCE_FLAG)

/*
 * dat_rmr_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_MODEL_NOT_SUPPORTED (RMRs declined)
 */
DAT_RETURN dapl_rmr_create(DAT_PZ_HANDLE pz_handle, DAT_RMR_HANDLE *rmr_handle)
{
	struct pz *pz = obj_get(pz_handle, DAT_HANDLE_TYPE_PZ);
	struct rmr *rmr;

	if (!pz)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (dapl_declines(RDMACTS_CAP_RMR))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!rmr_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	rmr = obj_new(DAT_HANDLE_TYPE_RMR, sizeof *rmr, pz->h.ia);
	if (!rmr)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	rmr->key = key_alloc(pz->h.ia, &rmr->h);
	if (!rmr->key) {
		obj_free(rmr);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY_REGION);
	}
	rmr->pz = pz;
	pz->refs++;
	*rmr_handle = rmr;
	return DAT_SUCCESS;
}

/*
 * dat_rmr_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_rmr_query(DAT_RMR_HANDLE rmr_handle, DAT_RMR_PARAM_MASK mask,
		DAT_RMR_PARAM *param)
{
	struct rmr *rmr = obj_get(rmr_handle, DAT_HANDLE_TYPE_RMR);

	if (!rmr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RMR);
	if (mask & ~DAT_RMR_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = rmr->h.ia;
	param->pz_handle = rmr->pz;
	param->lmr_triplet = rmr->triplet;
	param->mem_priv = rmr->priv;
	param->rmr_context = rmr->key;
	return DAT_SUCCESS;
}

static void unbind(struct rmr *rmr)
{
	struct key *k = &rmr->h.ia->w.keys[rmr->key % DAPL_KEYS];

	k->valid = 0;
	if (rmr->lmr)
		rmr->lmr->refs--;
	rmr->lmr = NULL;
}

/* A new generation of the RMR's key: the old rmr_context dies. */
static void new_generation(struct rmr *rmr)
{
	struct key *k = &rmr->h.ia->w.keys[rmr->key % DAPL_KEYS];
	uint32_t gen = (k->gen + 1) & 0xFFFFF;

	k->gen = gen ? gen : 1;
	rmr->key = k->gen << 12 | (rmr->key % DAPL_KEYS);
}

/*
 * dat_rmr_bind(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_MODEL_NOT_SUPPORTED (never:
 * E-UDAPL-021), DAT_PRIVILEGES_VIOLATION, DAT_PROTECTION_VIOLATION
 *
 * Checks in the order of E-UDAPL-050: handles, parameters (triplet
 * within its LMR: E-UDAPL-019, -025; privilege bits: -015; completion
 * flags: -007), Protection Zones (-017), the privileges rule between
 * RMR and LMR (-016), the Endpoint's state.  A zero-length triplet
 * unbinds without looking at the rest of it (-022).  On a DISCONNECTED
 * Endpoint the bind is flushed: the event has status
 * DAT_DTO_ERR_FLUSHED and the RMR keeps its previous binding.
 */
DAT_RETURN dapl_rmr_bind(DAT_RMR_HANDLE rmr_handle, const DAT_LMR_TRIPLET *lmr_triplet,
		DAT_MEM_PRIV_FLAGS mem_privileges, DAT_EP_HANDLE ep_handle,
		DAT_RMR_COOKIE user_cookie, DAT_COMPLETION_FLAGS completion_flags,
		DAT_RMR_CONTEXT *rmr_context)
{
	struct rmr *rmr = obj_get(rmr_handle, DAT_HANDLE_TYPE_RMR);
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct lmr *lmr = NULL;
	DAT_EVENT ev = { .event_number = DAT_RMR_BIND_COMPLETION_EVENT };

	if (!rmr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RMR);
	if (!ep || ep->h.ia != rmr->h.ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!lmr_triplet)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (mem_privileges & ~PRIV_VALID)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (completion_flags & ~BIND_FLAGS)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	if ((completion_flags & DAT_COMPLETION_UNSIGNALLED_FLAG) &&
			!(ep->attr.request_completion_flags & DAT_COMPLETION_UNSIGNALLED_FLAG))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	if (!rmr_context)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG7);
	if (lmr_triplet->segment_length > 0) {
		lmr = lmr_of_context(rmr->h.ia, lmr_triplet->lmr_context);
		if (!lmr || lmr_triplet->virtual_address < lmr->addr ||
				lmr_triplet->segment_length > lmr->length ||
				lmr_triplet->virtual_address - lmr->addr >
				lmr->length - lmr_triplet->segment_length)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
		if (lmr->pz != rmr->pz || ep->pz != rmr->pz)
			return ERR(DAT_PROTECTION_VIOLATION, DAT_NO_SUBTYPE);
		if (((mem_privileges & DAT_MEM_PRIV_REMOTE_READ_FLAG) &&
				!(lmr->priv & DAT_MEM_PRIV_LOCAL_READ_FLAG)) ||
				((mem_privileges & DAT_MEM_PRIV_REMOTE_WRITE_FLAG) &&
				!(lmr->priv & DAT_MEM_PRIV_LOCAL_WRITE_FLAG)))
			return ERR(DAT_PRIVILEGES_VIOLATION, DAT_NO_SUBTYPE);
	}
	if (ep->state != DAT_EP_STATE_CONNECTED && ep->state != DAT_EP_STATE_DISCONNECTED)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_NOTREADY);
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEP);

	ev.event_data.rmr_completion_event_data.rmr_handle = rmr;
	ev.event_data.rmr_completion_event_data.user_cookie = user_cookie;
	if (ep->state == DAT_EP_STATE_DISCONNECTED) {
		*rmr_context = rmr->key;
		ev.event_data.rmr_completion_event_data.status = DAT_DTO_ERR_FLUSHED;
		request_done(ep, ep->req_evd, &ev, 1, NULL);	/* flushes are always reported */
		return DAT_SUCCESS;
	}
	if (dapl_fail_transaction()) {
		/* fails after the return: the binding stays, the connection
		 * breaks (dat_rmr_bind(3DAT)) */
		*rmr_context = rmr->key;
		ev.event_data.rmr_completion_event_data.status = DAT_RMR_OPERATION_FAILED;
		request_done(ep, ep->req_evd, &ev, 1, NULL);
		ep_send_disc(ep, 1);
		ep_disconnected(ep, DAT_CONNECTION_EVENT_BROKEN);
		return DAT_SUCCESS;
	}
	unbind(rmr);
	new_generation(rmr);
	rmr->triplet = *lmr_triplet;
	rmr->priv = mem_privileges;
	if (lmr) {
		struct key *k = &rmr->h.ia->w.keys[rmr->key % DAPL_KEYS];
		k->priv = mem_privileges & (DAT_MEM_PRIV_REMOTE_READ_FLAG |
				DAT_MEM_PRIV_REMOTE_WRITE_FLAG);
		k->pz_id = rmr->pz->id;
		k->addr = lmr_triplet->virtual_address;
		k->len = lmr_triplet->segment_length;
		k->mh[0] = lmr->mh[0];
		k->mh[1] = lmr->mh[1];
		k->valid = 1;
		rmr->lmr = lmr;
		lmr->refs++;
	}
	*rmr_context = rmr->key;
	ev.event_data.rmr_completion_event_data.status = DAT_DTO_SUCCESS;
	if (!(completion_flags & DAT_COMPLETION_SUPPRESS_FLAG))
		request_done(ep, ep->req_evd, &ev,
				!(completion_flags & DAT_COMPLETION_UNSIGNALLED_FLAG), rmr);
	return DAT_SUCCESS;
}

void rmr_destroy(struct rmr *rmr)
{
	unbind(rmr);
	key_release(rmr->h.ia, rmr->key);
	rmr->pz->refs--;
	obj_free(rmr);
}

/*
 * dat_rmr_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE (a bind whose
 * completion the schedule holds is in progress)
 */
DAT_RETURN dapl_rmr_free(DAT_RMR_HANDLE rmr_handle)
{
	struct rmr *rmr = obj_get(rmr_handle, DAT_HANDLE_TYPE_RMR);

	if (!rmr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RMR);
	if (rmr->held)
		return ERR(DAT_INVALID_STATE, DAT_NO_SUBTYPE);
	rmr_destroy(rmr);
	return DAT_SUCCESS;
}
