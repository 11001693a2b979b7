/*
 * cr.c: the passive side: connection requests (CRs) as they arrive,
 * and dat_cr_query / accept / reject / handoff.
 *
 * A CONN_REQ for a qualifier with no Service Point is answered with a
 * non-peer REJECT.  For a PSP a CR is created (and, with
 * DAT_PSP_PROVIDER_FLAG, an Endpoint in TENTATIVE_CONNECTION_PENDING,
 * UNCONFIGURED_TENTATIVE until it has its EVDs); for an RSP the
 * reserved Endpoint goes PASSIVE_CONNECTION_PENDING.  Accepting
 * connects the Endpoint at once and answers ACCEPT; the active side
 * connects when the ACCEPT arrives.
 */
#include <string.h>
#include "dapl.h"

static void post_request(struct cr *cr, struct evd *evd)
{
	DAT_EVENT ev = { .event_number = DAT_CONNECTION_REQUEST_EVENT };

	ev.event_data.cr_arrival_event_data.sp_handle.psp_handle = cr->sp;
	ev.event_data.cr_arrival_event_data.local_ia_address_ptr =
		(DAT_IA_ADDRESS_PTR)&cr->h.ia->addr;
	ev.event_data.cr_arrival_event_data.conn_qual = cr->qual;
	ev.event_data.cr_arrival_event_data.cr_handle = cr;
	evd_post(evd, &ev, 1);
}

static void answer_reject(struct ia *ia, uint32_t nic, uint32_t inst,
		uint64_t conn, int peer)
{
	struct msg m = { .type = MSG_REJECT, .dst_conn = conn, .arg0 = (uint64_t)peer };

	wire_send(&ia->w, nic, inst, &m, NULL);
}

void conn_request(struct ia *ia, const struct msg *m, const void *pd)
{
	struct psp *psp = psp_by_qual(ia, m->arg0);
	struct rsp *rsp = psp ? NULL : rsp_by_qual(ia, m->arg0);
	struct cr *cr;

	if (!psp && !(rsp && rsp->ep && (rsp->ep->state == DAT_EP_STATE_RESERVED ||
			rsp->ep->state == DAT_EP_STATE_UNCONFIGURED_RESERVED))) {
		answer_reject(ia, m->src_nic, m->src_inst, m->src_conn, 0);
		return;
	}
	cr = obj_new(DAT_HANDLE_TYPE_CR, sizeof *cr, ia);
	if (!cr) {
		answer_reject(ia, m->src_nic, m->src_inst, m->src_conn, 0);
		return;
	}
	cr->sp = psp ? &psp->h : &rsp->h;
	cr->qual = m->arg0;
	ia_sockaddr(m->src_nic, m->src_inst, &cr->remote);
	cr->peer_nic = m->src_nic;
	cr->peer_inst = m->src_inst;
	cr->peer_conn = m->src_conn;
	cr->peer_pz = (uint32_t)m->arg1;
	cr->pd_size = (DAT_COUNT)(m->len <= DAPL_MAX_PRIVATE_DATA ? m->len : 0);
	memcpy(cr->pd, pd, (size_t)cr->pd_size);
	if (rsp) {
		cr->ep = rsp->ep;
		cr->ep->state = cr->ep->state == DAT_EP_STATE_RESERVED ?
			DAT_EP_STATE_PASSIVE_CONNECTION_PENDING :
			DAT_EP_STATE_UNCONFIGURED_PASSIVE;
		cr->ep->reserved_by = &cr->h;
		post_request(cr, rsp->evd);
		return;
	}
	if (psp->flags == DAT_PSP_PROVIDER_FLAG) {
		cr->ep = ep_alloc(ia, NULL, NULL, NULL, NULL, NULL, NULL);
		if (cr->ep) {
			cr->ep->state = DAT_EP_STATE_UNCONFIGURED_TENTATIVE;
			cr->ep->reserved_by = &cr->h;
		}
	}
	post_request(cr, psp->evd);
}

void cr_destroy(struct cr *cr)
{
	if (cr->ep && cr->ep->reserved_by == &cr->h)
		cr->ep->reserved_by = NULL;
	obj_free(cr);
}

/*
 * dat_cr_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_cr_query(DAT_CR_HANDLE cr_handle, DAT_CR_PARAM_MASK mask,
		DAT_CR_PARAM *param)
{
	struct cr *cr = obj_get(cr_handle, DAT_HANDLE_TYPE_CR);

	if (!cr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	if (mask & ~DAT_CR_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->remote_ia_address_ptr = (DAT_IA_ADDRESS_PTR)&cr->remote;
	param->remote_port_qual = cr->peer_conn;
	param->private_data_size = cr->pd_size;
	param->private_data = cr->pd;
	param->local_ep_handle = cr->ep;
	return DAT_SUCCESS;
}

/*
 * dat_cr_accept(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 *
 * ep_handle may be DAT_HANDLE_NULL when the Service Point supplied an
 * Endpoint (RSP, or PSP with DAT_PSP_PROVIDER_FLAG); otherwise it must
 * be a configured UNCONNECTED Endpoint of the IA.
 *
 * The active side confirms an ACCEPT with MSG_RTU, or answers it with
 * DISC when its Endpoint gave up.  By default the passive Endpoint is
 * CONNECTED when this call returns (the ESTABLISHED event is queued) and
 * a later DISC disconnects it.  With the adversarial schedule on, it
 * waits in DAT_EP_STATE_COMPLETION_PENDING for the confirmation: RTU
 * establishes it, DISC ends it with
 * DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR (Recvs flushed).  An
 * ACCEPT that cannot be sent at all is that error at once.
 */
DAT_RETURN dapl_cr_accept(DAT_CR_HANDLE cr_handle, DAT_EP_HANDLE ep_handle,
		DAT_COUNT private_data_size, const DAT_PVOID private_data)
{
	struct cr *cr = obj_get(cr_handle, DAT_HANDLE_TYPE_CR);
	struct ep *ep;
	struct msg m = { .type = MSG_ACCEPT };
	DAT_RETURN rc;

	if (!cr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	if (ep_handle == DAT_HANDLE_NULL) {
		ep = cr->ep;
		if (!ep)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	} else {
		ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
		if (!ep || ep->h.ia != cr->h.ia)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
		if (cr->ep && ep != cr->ep)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	}
	if (private_data_size < 0 || private_data_size > DAPL_MAX_PRIVATE_DATA)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (private_data_size > 0 && !private_data)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (ep->state != DAT_EP_STATE_UNCONNECTED &&
			ep->state != DAT_EP_STATE_TENTATIVE_CONNECTION_PENDING &&
			ep->state != DAT_EP_STATE_PASSIVE_CONNECTION_PENDING)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_NOTREADY);
	if (!ep->pz || !ep->conn_evd)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_UNCONFIGURED);

	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	m.src_conn = ep->conn;
	m.dst_conn = cr->peer_conn;
	m.arg1 = ep->pz->id;
	m.len = (uint32_t)private_data_size;
	rc = wire_send(&ep->h.ia->w, cr->peer_nic, cr->peer_inst, &m, private_data);
	ep->remote = cr->remote;
	ep->remote_port = cr->peer_conn;
	ep->local_port = cr->qual;
	ep->peer_nic = cr->peer_nic;
	ep->peer_inst = cr->peer_inst;
	ep->peer_conn = cr->peer_conn;
	ep->peer_pz = cr->peer_pz;
	ep->pd_size = 0;
	ep->reserved_by = NULL;
	if (cr->sp && cr->sp->kind == DAT_HANDLE_TYPE_RSP)
		((struct rsp *)cr->sp)->ep = NULL;	/* the RSP has served */
	cr_destroy(cr);
	if (rc != DAT_SUCCESS) {
		ep_disconnected(ep, DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR);
		return DAT_SUCCESS;
	}
	if (dapl_hold()) {
		/* the schedule holds the establishment until the active
		 * side confirms (MSG_RTU, progress.c) */
		ep->state = DAT_EP_STATE_COMPLETION_PENDING;
		return DAT_SUCCESS;
	}
	ep->state = DAT_EP_STATE_CONNECTED;
	evd_post_conn(ep, DAT_CONNECTION_EVENT_ESTABLISHED);
	dto_match_early(ep);
	return DAT_SUCCESS;
}

/*
 * dat_cr_reject(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 *
 * The active side gets DAT_CONNECTION_EVENT_PEER_REJECTED; a Provider
 * Endpoint is destroyed, an RSP's Endpoint goes back to UNCONNECTED.
 */
DAT_RETURN dapl_cr_reject(DAT_CR_HANDLE cr_handle)
{
	struct cr *cr = obj_get(cr_handle, DAT_HANDLE_TYPE_CR);
	struct ep *ep;

	if (!cr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	answer_reject(cr->h.ia, cr->peer_nic, cr->peer_inst, cr->peer_conn, 1);
	ep = cr->ep;
	if (ep && ep->reserved_by == &cr->h) {
		ep->reserved_by = NULL;
		if (cr->sp && cr->sp->kind == DAT_HANDLE_TYPE_RSP) {
			((struct rsp *)cr->sp)->ep = NULL;
			ep->state = ep->state == DAT_EP_STATE_PASSIVE_CONNECTION_PENDING ?
				DAT_EP_STATE_UNCONNECTED : DAT_EP_STATE_UNCONFIGURED_UNCONNECTED;
		} else {
			cr->ep = NULL;
			ep_destroy(ep);
		}
	}
	cr_destroy(cr);
	return DAT_SUCCESS;
}

/*
 * dat_cr_handoff(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 *
 * The request moves to the PSP of the IA listening on `handoff`, which
 * gets a new DAT_CONNECTION_REQUEST_EVENT with a new CR; the old CR
 * handle is destroyed.  Only requests that came through a PSP without
 * a Provider Endpoint can be handed off.
 */
DAT_RETURN dapl_cr_handoff(DAT_CR_HANDLE cr_handle, DAT_CONN_QUAL handoff)
{
	struct cr *cr = obj_get(cr_handle, DAT_HANDLE_TYPE_CR), *nc;
	struct psp *to;

	if (!cr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	to = psp_by_qual(cr->h.ia, handoff);
	if (!to || cr->ep)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	nc = obj_new(DAT_HANDLE_TYPE_CR, sizeof *nc, cr->h.ia);
	if (!nc)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	struct obj keep = nc->h;
	*nc = *cr;
	nc->h = keep;
	nc->sp = &to->h;
	nc->qual = handoff;
	cr_destroy(cr);
	post_request(nc, to->evd);
	return DAT_SUCCESS;
}
