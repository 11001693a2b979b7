/*
 * ep.c: Endpoints: creation (with or without an SRQ), query, modify,
 * status, reset, free, and the transitions the connection code shares.
 *
 * An Endpoint is UNCONFIGURED_UNCONNECTED until it has a PZ, a
 * connection EVD and at least one DTO EVD; dat_ep_modify can complete
 * it.  The connection states follow dat_ep_connect(3DAT) and the
 * Service Point pages (connect.c, sp.c, cr.c).
 */
#include <stdlib.h>
#include <string.h>
#include "dapl.h"

#define QOS_ALL (DAT_QOS_HIGH_THROUGHPUT | DAT_QOS_LOW_LATENCY | \
	DAT_QOS_ECONOMY | DAT_QOS_PREMIUM)
#define FLAGS_ALL 0x1F

static const DAT_EP_ATTR default_attr = {
	.service_type = DAT_SERVICE_TYPE_RC,
	.max_message_size = DAPL_MAX_MESSAGE,
	.max_rdma_size = DAPL_MAX_RDMA,
	.qos = DAT_QOS_BEST_EFFORT,
	.recv_completion_flags = DAT_COMPLETION_DEFAULT_FLAG,
	.request_completion_flags = DAT_COMPLETION_DEFAULT_FLAG,
	.max_recv_dtos = 256,
	.max_request_dtos = 256,
	.max_recv_iov = DAPL_MAX_IOV,
	.max_request_iov = DAPL_MAX_IOV,
	.max_rdma_read_in = 16,
	.max_rdma_read_out = 16,
	.srq_soft_hw = DAT_HW_DEFAULT,
	.max_rdma_read_iov = DAPL_MAX_IOV,
	.max_rdma_write_iov = DAPL_MAX_IOV,
};

/* A size or segment limit given as 0 stands for the Provider's default
 * (E-UDAPL-063): OFA's provider never reads max_message_size or the
 * RDMA segment limits, so its clients (dtest) leave them 0 in a zeroed
 * DAT_EP_ATTR.  dat_ep_query reports the limit in force. */
static void attr_defaults(DAT_EP_ATTR *a)
{
	if (a->max_message_size == 0)
		a->max_message_size = default_attr.max_message_size;
	if (a->max_rdma_size == 0)
		a->max_rdma_size = default_attr.max_rdma_size;
	if (a->max_rdma_read_iov == 0)
		a->max_rdma_read_iov = default_attr.max_rdma_read_iov;
	if (a->max_rdma_write_iov == 0)
		a->max_rdma_write_iov = default_attr.max_rdma_write_iov;
}

/* 0 when the attributes are within what the IA offers. */
static DAT_RETURN attr_check(const DAT_EP_ATTR *a)
{
	if (a->service_type != DAT_SERVICE_TYPE_RC)
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if ((a->qos & ~QOS_ALL) || (a->qos & ~dapl_qos_supported()))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (((a->recv_completion_flags | a->request_completion_flags) &
			DAT_COMPLETION_UNSIGNALLED_FLAG) && dapl_declines(RDMACTS_CAP_UNSIGNALLED))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (a->max_message_size > DAPL_MAX_MESSAGE || a->max_rdma_size > DAPL_MAX_RDMA ||
			(a->recv_completion_flags & ~FLAGS_ALL) ||
			(a->request_completion_flags & ~FLAGS_ALL) ||
			a->max_recv_dtos < 0 || a->max_recv_dtos > DAPL_MAX_DTOS ||
			a->max_request_dtos < 0 || a->max_request_dtos > DAPL_MAX_DTOS ||
			a->max_recv_iov < 0 || a->max_recv_iov > DAPL_MAX_IOV ||
			a->max_request_iov < 0 || a->max_request_iov > DAPL_MAX_IOV ||
			a->max_rdma_read_iov < 0 || a->max_rdma_read_iov > DAPL_MAX_IOV ||
			a->max_rdma_write_iov < 0 || a->max_rdma_write_iov > DAPL_MAX_IOV ||
			a->max_rdma_read_in < 0 || a->max_rdma_read_in > DAPL_MAX_DTOS ||
			a->max_rdma_read_out < 0 || a->max_rdma_read_out > DAPL_MAX_DTOS ||
			a->ep_transport_specific_count < 0 ||
			a->ep_provider_specific_count < 0)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	return DAT_SUCCESS;
}

void ep_configure_state(struct ep *ep)
{
	int configured = ep->pz && ep->conn_evd && (ep->recv_evd || ep->req_evd);

	if (configured && ep->state == DAT_EP_STATE_UNCONFIGURED_UNCONNECTED)
		ep->state = DAT_EP_STATE_UNCONNECTED;
	else if (!configured && ep->state == DAT_EP_STATE_UNCONNECTED)
		ep->state = DAT_EP_STATE_UNCONFIGURED_UNCONNECTED;
}

struct ep *ep_alloc(struct ia *ia, struct pz *pz, struct evd *recv,
		struct evd *req, struct evd *conn, struct srq *srq,
		const DAT_EP_ATTR *attr)
{
	struct ep *ep = obj_new(DAT_HANDLE_TYPE_EP, sizeof *ep, ia);

	if (!ep)
		return NULL;
	ep->pz = pz;
	ep->recv_evd = recv;
	ep->req_evd = req;
	ep->conn_evd = conn;
	ep->srq = srq;
	ep->attr = attr ? *attr : default_attr;
	attr_defaults(&ep->attr);
	ep->conn = ia->next_conn++;
	ep->local_port = ep->conn;
	ep->soft_hw = ep->hard_hw = DAT_WATERMARK_INFINITE;
	ep->state = DAT_EP_STATE_UNCONFIGURED_UNCONNECTED;
	ep_configure_state(ep);
	if (pz)
		pz->refs++;
	if (recv)
		recv->refs++;
	if (req)
		req->refs++;
	if (conn)
		conn->refs++;
	if (srq)
		srq->refs++;
	return ep;
}

/* The EVD a handle names for one stream of an EP, checked. */
static DAT_RETURN stream_evd(struct ia *ia, DAT_EVD_HANDLE h, DAT_EVD_FLAGS need,
		DAT_RETURN_SUBTYPE sub, struct evd **out)
{
	*out = NULL;
	if (h == DAT_HANDLE_NULL)
		return DAT_SUCCESS;
	*out = obj_get(h, DAT_HANDLE_TYPE_EVD);
	if (!*out || (*out)->h.ia != ia)
		return ERR(DAT_INVALID_HANDLE, sub);
	if (!((*out)->flags & need))
		return ERR(DAT_INVALID_PARAMETER, DAT_NO_SUBTYPE);
	return DAT_SUCCESS;
}

static DAT_RETURN create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE pz_handle,
		DAT_EVD_HANDLE recv_evd_handle, DAT_EVD_HANDLE request_evd_handle,
		DAT_EVD_HANDLE connect_evd_handle, struct srq *srq,
		const DAT_EP_ATTR *ep_attributes, DAT_EP_HANDLE *ep_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct pz *pz = NULL;
	struct evd *recv, *req, *conn;
	DAT_RETURN rc;
	struct ep *ep;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (pz_handle != DAT_HANDLE_NULL) {
		pz = obj_get(pz_handle, DAT_HANDLE_TYPE_PZ);
		if (!pz || pz->h.ia != ia)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	}
	if ((rc = stream_evd(ia, recv_evd_handle, DAT_EVD_DTO_FLAG,
			DAT_INVALID_HANDLE_EVD_RECV, &recv)) ||
			(rc = stream_evd(ia, request_evd_handle, DAT_EVD_DTO_FLAG,
			DAT_INVALID_HANDLE_EVD_REQUEST, &req)) ||
			(rc = stream_evd(ia, connect_evd_handle, DAT_EVD_CONNECTION_FLAG,
			DAT_INVALID_HANDLE_EVD_CONN, &conn)))
		return rc;
	if (ep_attributes && (rc = attr_check(ep_attributes)))
		return rc;
	if (!ep_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG7);
	if (ia_full(ia, DAT_HANDLE_TYPE_EP))
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEP);
	ep = ep_alloc(ia, pz, recv, req, conn, srq, ep_attributes);
	if (!ep)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	*ep_handle = ep;
	return DAT_SUCCESS;
}

/*
 * dat_ep_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dapl_ep_create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE pz_handle,
		DAT_EVD_HANDLE recv_evd_handle, DAT_EVD_HANDLE request_evd_handle,
		DAT_EVD_HANDLE connect_evd_handle, const DAT_EP_ATTR *ep_attributes,
		DAT_EP_HANDLE *ep_handle)
{
	return create(ia_handle, pz_handle, recv_evd_handle, request_evd_handle,
			connect_evd_handle, NULL, ep_attributes, ep_handle);
}

/*
 * dat_ep_create_with_srq(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dapl_ep_create_with_srq(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE pz_handle,
		DAT_EVD_HANDLE recv_evd_handle, DAT_EVD_HANDLE request_evd_handle,
		DAT_EVD_HANDLE connect_evd_handle, DAT_SRQ_HANDLE srq_handle,
		const DAT_EP_ATTR *ep_attributes, DAT_EP_HANDLE *ep_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct srq *srq = obj_get(srq_handle, DAT_HANDLE_TYPE_SRQ);

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (dapl_declines(RDMACTS_CAP_SRQ))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!srq || srq->h.ia != ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (srq->pz != obj_get(pz_handle, DAT_HANDLE_TYPE_PZ) &&
			dapl_declines(RDMACTS_CAP_SRQ_OTHER_PZ))
		return ERR(DAT_PROTECTION_VIOLATION, DAT_NO_SUBTYPE);
	return create(ia_handle, pz_handle, recv_evd_handle, request_evd_handle,
			connect_evd_handle, srq, ep_attributes, ep_handle);
}

/*
 * dat_ep_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_ep_query(DAT_EP_HANDLE ep_handle, DAT_EP_PARAM_MASK mask,
		DAT_EP_PARAM *p)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (mask & ~DAT_EP_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!p)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	dapl_progress();
	p->ia_handle = ep->h.ia;
	p->ep_state = ep->state;
	p->local_ia_address_ptr = (DAT_IA_ADDRESS_PTR)&ep->h.ia->addr;
	p->local_port_qual = ep->local_port;
	p->remote_ia_address_ptr = (DAT_IA_ADDRESS_PTR)&ep->remote;
	p->remote_port_qual = ep->remote_port;
	p->pz_handle = ep->pz;
	p->recv_evd_handle = ep->recv_evd;
	p->request_evd_handle = ep->req_evd;
	p->connect_evd_handle = ep->conn_evd;
	p->srq_handle = ep->srq;
	p->ep_attr = ep->attr;
	return DAT_SUCCESS;
}

static void swap_ref(struct evd **slot, struct evd *to)
{
	if (*slot)
		(*slot)->refs--;
	*slot = to;
	if (to)
		to->refs++;
}

/*
 * dat_ep_modify(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 *
 * Modifiable: the PZ, the three EVDs and the EP attributes, while the
 * Endpoint is not connected or connecting (UNCONNECTED, a RESERVED or
 * TENTATIVE state, or an UNCONFIGURED one).  Naming any other field
 * (IA, state, addresses, port qualifiers, SRQ) is DAT_INVALID_PARAMETER.
 */
DAT_RETURN dapl_ep_modify(DAT_EP_HANDLE ep_handle, DAT_EP_PARAM_MASK mask,
		const DAT_EP_PARAM *p)
{
	const DAT_EP_PARAM_MASK fixed = DAT_EP_FIELD_IA_HANDLE | DAT_EP_FIELD_EP_STATE |
		DAT_EP_FIELD_LOCAL_IA_ADDRESS_PTR | DAT_EP_FIELD_LOCAL_PORT_QUAL |
		DAT_EP_FIELD_REMOTE_IA_ADDRESS_PTR | DAT_EP_FIELD_REMOTE_PORT_QUAL |
		DAT_EP_FIELD_SRQ_HANDLE;
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct evd *recv = NULL, *req = NULL, *conn = NULL;
	struct pz *pz = NULL;
	DAT_EP_ATTR attr;
	DAT_RETURN rc;

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (mask & DAT_EP_FIELD_PZ_HANDLE) {
		pz = obj_get(p->pz_handle, DAT_HANDLE_TYPE_PZ);
		if (!pz || pz->h.ia != ep->h.ia)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	}
	if ((mask & DAT_EP_FIELD_RECV_EVD_HANDLE) && (rc = stream_evd(ep->h.ia,
			p->recv_evd_handle, DAT_EVD_DTO_FLAG, DAT_INVALID_HANDLE_EVD_RECV, &recv)))
		return rc;
	if ((mask & DAT_EP_FIELD_REQUEST_EVD_HANDLE) && (rc = stream_evd(ep->h.ia,
			p->request_evd_handle, DAT_EVD_DTO_FLAG, DAT_INVALID_HANDLE_EVD_REQUEST, &req)))
		return rc;
	if ((mask & DAT_EP_FIELD_CONNECT_EVD_HANDLE) && (rc = stream_evd(ep->h.ia,
			p->connect_evd_handle, DAT_EVD_CONNECTION_FLAG, DAT_INVALID_HANDLE_EVD_CONN, &conn)))
		return rc;
	if ((mask & fixed) || (mask & ~DAT_EP_FIELD_ALL))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	attr = ep->attr;
	if (mask & DAT_EP_FIELD_EP_ATTR_SERVICE_TYPE) attr.service_type = p->ep_attr.service_type;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_MESSAGE_SIZE) attr.max_message_size = p->ep_attr.max_message_size;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RDMA_SIZE) attr.max_rdma_size = p->ep_attr.max_rdma_size;
	if (mask & DAT_EP_FIELD_EP_ATTR_QOS) attr.qos = p->ep_attr.qos;
	if (mask & DAT_EP_FIELD_EP_ATTR_RECV_COMPLETION_FLAGS) attr.recv_completion_flags = p->ep_attr.recv_completion_flags;
	if (mask & DAT_EP_FIELD_EP_ATTR_REQUEST_COMPLETION_FLAGS) attr.request_completion_flags = p->ep_attr.request_completion_flags;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RECV_DTOS) attr.max_recv_dtos = p->ep_attr.max_recv_dtos;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_REQUEST_DTOS) attr.max_request_dtos = p->ep_attr.max_request_dtos;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RECV_IOV) attr.max_recv_iov = p->ep_attr.max_recv_iov;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_REQUEST_IOV) attr.max_request_iov = p->ep_attr.max_request_iov;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RDMA_READ_IN) attr.max_rdma_read_in = p->ep_attr.max_rdma_read_in;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RDMA_READ_OUT) attr.max_rdma_read_out = p->ep_attr.max_rdma_read_out;
	if (mask & DAT_EP_FIELD_EP_ATTR_SRQ_SOFT_HW) attr.srq_soft_hw = p->ep_attr.srq_soft_hw;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RDMA_READ_IOV) attr.max_rdma_read_iov = p->ep_attr.max_rdma_read_iov;
	if (mask & DAT_EP_FIELD_EP_ATTR_MAX_RDMA_WRITE_IOV) attr.max_rdma_write_iov = p->ep_attr.max_rdma_write_iov;
	if (mask & (DAT_EP_FIELD_EP_ATTR_NUM_TRANSPORT_ATTR | DAT_EP_FIELD_EP_ATTR_TRANSPORT_SPECIFIC_ATTR |
			DAT_EP_FIELD_EP_ATTR_NUM_PROVIDER_ATTR | DAT_EP_FIELD_EP_ATTR_PROVIDER_SPECIFIC_ATTR))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	attr_defaults(&attr);
	if ((rc = attr_check(&attr)))
		return rc == ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE) ?
			ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3) : rc;
	switch (ep->state) {
	case DAT_EP_STATE_UNCONNECTED:
	case DAT_EP_STATE_UNCONFIGURED_UNCONNECTED:
	case DAT_EP_STATE_RESERVED:
	case DAT_EP_STATE_UNCONFIGURED_RESERVED:
	case DAT_EP_STATE_TENTATIVE_CONNECTION_PENDING:
	case DAT_EP_STATE_UNCONFIGURED_TENTATIVE:
		break;
	default:
		return ERR(DAT_INVALID_STATE, DAT_NO_SUBTYPE);
	}
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	if (mask & DAT_EP_FIELD_PZ_HANDLE) {
		if (ep->pz)
			ep->pz->refs--;
		ep->pz = pz;
		pz->refs++;
	}
	if (mask & DAT_EP_FIELD_RECV_EVD_HANDLE)
		swap_ref(&ep->recv_evd, recv);
	if (mask & DAT_EP_FIELD_REQUEST_EVD_HANDLE)
		swap_ref(&ep->req_evd, req);
	if (mask & DAT_EP_FIELD_CONNECT_EVD_HANDLE)
		swap_ref(&ep->conn_evd, conn);
	ep->attr = attr;
	ep_configure_state(ep);
	if (ep->state == DAT_EP_STATE_UNCONFIGURED_TENTATIVE && ep->pz && ep->conn_evd)
		ep->state = DAT_EP_STATE_TENTATIVE_CONNECTION_PENDING;
	return DAT_SUCCESS;
}

/*
 * dat_ep_get_status(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 *
 * request_idle says no request completion is held back (schedule.c);
 * recv_idle says no Recv is posted on the EP itself.
 */
DAT_RETURN dapl_ep_get_status(DAT_EP_HANDLE ep_handle, DAT_EP_STATE *ep_state,
		DAT_BOOLEAN *recv_idle, DAT_BOOLEAN *request_idle)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	dapl_progress();
	if (ep_state)
		*ep_state = ep->state;
	if (recv_idle)
		*recv_idle = ep->nrecv == 0 ? DAT_TRUE : DAT_FALSE;
	if (request_idle)
		*request_idle = ep->held == 0 ? DAT_TRUE : DAT_FALSE;
	return DAT_SUCCESS;
}

struct ep *ep_by_conn(struct ia *ia, uint64_t conn)
{
	for (struct obj *o = ia->objs; o; o = o->next)
		if (o->kind == DAT_HANDLE_TYPE_EP && ((struct ep *)o)->conn == conn)
			return (struct ep *)o;
	return NULL;
}

void ep_flush_recvs(struct ep *ep)
{
	while (ep->recvs) {
		struct recv *r = ep->recvs;
		ep->recvs = r->next;
		evd_post_dto(ep->recv_evd, ep, r->cookie, DAT_DTO_ERR_FLUSHED, 0, 1);
		free(r);
	}
	ep->recvs_last = NULL;
	ep->nrecv = 0;
}

static void drop_early(struct ep *ep)
{
	while (ep->early) {
		struct early *e = ep->early;
		ep->early = e->next;
		free(e);
	}
	ep->early_last = NULL;
}

void ep_send_disc(struct ep *ep, int broken)
{
	struct msg m = { .type = MSG_DISC, .src_conn = ep->conn,
		.dst_conn = ep->peer_conn, .arg0 = (uint64_t)broken };

	wire_send(&ep->h.ia->w, ep->peer_nic, ep->peer_inst, &m, NULL);
}

void ep_disconnected(struct ep *ep, DAT_EVENT_NUMBER num)
{
	held_release_ep(ep);	/* request completions precede the event */
	ep->state = DAT_EP_STATE_DISCONNECTED;
	ep->deadline = 0;
	ep_flush_recvs(ep);
	drop_early(ep);
	evd_post_conn(ep, num);
}

void ep_destroy(struct ep *ep)
{
	if (ep->state == DAT_EP_STATE_CONNECTED ||
			ep->state == DAT_EP_STATE_DISCONNECT_PENDING ||
			ep->state == DAT_EP_STATE_COMPLETION_PENDING)
		ep_send_disc(ep, 0);
	while (ep->recvs) {
		struct recv *r = ep->recvs;
		ep->recvs = r->next;
		free(r);
	}
	drop_early(ep);
	held_drop_ep(ep);
	if (ep->reserved_by && ep->reserved_by->kind == DAT_HANDLE_TYPE_RSP)
		((struct rsp *)ep->reserved_by)->ep = NULL;
	if (ep->reserved_by && ep->reserved_by->kind == DAT_HANDLE_TYPE_CR)
		((struct cr *)ep->reserved_by)->ep = NULL;
	if (ep->pz)
		ep->pz->refs--;
	if (ep->recv_evd)
		ep->recv_evd->refs--;
	if (ep->req_evd)
		ep->req_evd->refs--;
	if (ep->conn_evd)
		ep->conn_evd->refs--;
	if (ep->srq)
		ep->srq->refs--;
	obj_free(ep);
}

/*
 * dat_ep_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 *
 * A connected Endpoint is disconnected abruptly first (its peer sees
 * DAT_CONNECTION_EVENT_DISCONNECTED); one reserved by an RSP or with a
 * connection request pending cannot be freed.
 */
DAT_RETURN dapl_ep_free(DAT_EP_HANDLE ep_handle)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	switch (ep->state) {
	case DAT_EP_STATE_RESERVED:
	case DAT_EP_STATE_UNCONFIGURED_RESERVED:
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_RESERVED);
	case DAT_EP_STATE_PASSIVE_CONNECTION_PENDING:
	case DAT_EP_STATE_UNCONFIGURED_PASSIVE:
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_PASSCONNPENDING);
	case DAT_EP_STATE_TENTATIVE_CONNECTION_PENDING:
	case DAT_EP_STATE_UNCONFIGURED_TENTATIVE:
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_TENTCONNPENDING);
	default:
		break;
	}
	ep_destroy(ep);
	return DAT_SUCCESS;
}

/*
 * dat_ep_reset(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 *
 * DISCONNECTED (or already UNCONNECTED) to UNCONNECTED; the private
 * data of the last connection event is released (E-UDAPL-055).
 */
DAT_RETURN dapl_ep_reset(DAT_EP_HANDLE ep_handle)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (ep->state != DAT_EP_STATE_DISCONNECTED &&
			ep->state != DAT_EP_STATE_UNCONNECTED &&
			ep->state != DAT_EP_STATE_UNCONFIGURED_UNCONNECTED)
		return ERR(DAT_INVALID_STATE, DAT_NO_SUBTYPE);
	/* Unconnected: a no-op; preposted Recvs are not affected. */
	if (ep->state != DAT_EP_STATE_DISCONNECTED)
		return DAT_SUCCESS;
	ep->state = DAT_EP_STATE_UNCONNECTED;
	ep_configure_state(ep);
	ep_flush_recvs(ep);
	ep->pd_size = 0;
	memset(&ep->remote, 0, sizeof ep->remote);
	ep->remote_port = 0;
	ep->peer_conn = 0;
	ep->conn = ep->h.ia->next_conn++;	/* late messages of the old
						   connection find no one */
	ep->local_port = ep->conn;
	return DAT_SUCCESS;
}

/*
 * dat_ep_recv_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_MODEL_NOT_SUPPORTED (receive information declined)
 *
 * nbufs_allocated: Recvs posted on the EP (for an SRQ EP, the SRQ's);
 * bufs_alloc_span: "the number of additional successful Recv completions
 * that EP can generate if all the messages it is currently receiving will
 * complete": none, as dapl_progress has placed every message that arrived
 * and generated its completion (a message waiting for a Recv is not being
 * received into one).
 */
DAT_RETURN dapl_ep_recv_query(DAT_EP_HANDLE ep_handle, DAT_COUNT *nbufs_allocated,
		DAT_COUNT *bufs_alloc_span)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct recv *r;
	DAT_COUNT n = 0;

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (dapl_declines(RDMACTS_CAP_RECV_QUERY))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!nbufs_allocated && !bufs_alloc_span)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	dapl_progress();
	for (r = ep->srq ? ep->srq->recvs : ep->recvs; r; r = r->next)
		n++;
	if (nbufs_allocated)
		*nbufs_allocated = n;
	if (bufs_alloc_span)
		*bufs_alloc_span = 0;
	return DAT_SUCCESS;
}

/*
 * dat_ep_set_watermark(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED (watermarks declined)
 *
 * Recorded and reported; the reference never holds more SRQ buffers
 * for an EP than the one a Send consumes, so neither mark is reached.
 */
DAT_RETURN dapl_ep_set_watermark(DAT_EP_HANDLE ep_handle, DAT_COUNT soft,
		DAT_COUNT hard)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (dapl_declines(RDMACTS_CAP_EP_WATERMARKS))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (soft < 0 && soft != DAT_WATERMARK_INFINITE)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (hard < 0 && hard != DAT_WATERMARK_INFINITE)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	ep->soft_hw = soft;
	ep->hard_hw = hard;
	return DAT_SUCCESS;
}
