/*
 * dto.c: data transfer operations: dat_ep_post_send, _recv,
 * _rdma_read, _rdma_write, and the delivery of arriving Sends.
 *
 * Checks come in the order of E-UDAPL-050: handle, parameters
 * (num_segments, local_iov, completion flags, each segment: its LMR,
 * range, Protection Zone and privileges), lengths, the Endpoint's
 * state, its queue.  Every request then completes before the post
 * returns, in posting order, so fences and the ordering rules of the
 * pages hold trivially.
 *
 * Send: the payload is gathered through the LMRs' registrations and
 * deposited in the peer IA's inbox; the peer places it in the oldest
 * posted Recv (or keeps it until one is posted).  RDMA: the initiator
 * reads the peer's key for rmr_context, checks generation, window,
 * privilege and PZ as the target NIC would, and moves the data through
 * the registration behind the key.  A remote fault completes the DTO
 * with DAT_DTO_ERR_REMOTE_ACCESS and breaks the connection
 * (E-UDAPL-006, -024).
 */
#include <stdlib.h>
#include <string.h>
#include "dapl.h"

#define REQ_FLAGS (DAT_COMPLETION_SUPPRESS_FLAG | DAT_COMPLETION_SOLICITED_WAIT_FLAG | \
	DAT_COMPLETION_UNSIGNALLED_FLAG | DAT_COMPLETION_BARRIER_FENCE_FLAG)

enum dto_kind { DTO_SEND, DTO_RECV, DTO_READ, DTO_WRITE };

/* Parameter checks of a post; *total gets the local length.  Local read
 * is always granted (E-UDAPL-005, as OFA's provider: every registration
 * is readable by the local NIC), so a segment to be read (Send, RDMA
 * Write) needs no privilege; one to be written (Recv, RDMA Read) needs
 * LOCAL_WRITE (E-UDAPL-052).  A Provider without post-time checks
 * (RDMACTS_CAP_POST_CHECKS declined) accepts a segment to be read whose
 * LMR is unknown, and *bad_local says its completion reports
 * DAT_DTO_ERR_LOCAL_PROTECTION (E-UDAPL-005). */
static DAT_RETURN check_post(struct ep *ep, enum dto_kind kind, DAT_COUNT n,
		const DAT_LMR_TRIPLET *iov, DAT_COMPLETION_FLAGS flags, uint64_t *total,
		int *bad_local)
{
	DAT_COUNT max = kind == DTO_RECV ? ep->attr.max_recv_iov :
		kind == DTO_SEND ? ep->attr.max_request_iov :
		kind == DTO_READ ? ep->attr.max_rdma_read_iov : ep->attr.max_rdma_write_iov;
	DAT_COMPLETION_FLAGS allowed = kind == DTO_RECV ?
		DAT_COMPLETION_UNSIGNALLED_FLAG : REQ_FLAGS;
	DAT_COMPLETION_FLAGS ep_flags = kind == DTO_RECV ?
		ep->attr.recv_completion_flags : ep->attr.request_completion_flags;
	int reads_local = kind == DTO_SEND || kind == DTO_WRITE;
	DAT_MEM_PRIV_FLAGS need = reads_local ? 0 : DAT_MEM_PRIV_LOCAL_WRITE_FLAG;
	DAT_RETURN rc;

	if (n < 0 || n > max)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (n > 0 && !iov)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (flags & ~allowed)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if ((flags & DAT_COMPLETION_UNSIGNALLED_FLAG) &&
			!(ep_flags & DAT_COMPLETION_UNSIGNALLED_FLAG))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);	/* E-UDAPL-007 */
	*total = 0;
	*bad_local = 0;
	for (DAT_COUNT i = 0; i < n; i++) {
		rc = iov_check(ep->h.ia, ep->pz, &iov[i], need);
		if (DAT_GET_TYPE(rc) == DAT_PRIVILEGES_VIOLATION && reads_local &&
				dapl_declines(RDMACTS_CAP_POST_CHECKS))
			*bad_local = 1;
		else if (rc)
			return rc;
		*total += iov[i].segment_length;	/* each within an LMR */
	}
	return DAT_SUCCESS;
}

static DAT_RETURN check_request_state(struct ep *ep)
{
	if (ep->state != DAT_EP_STATE_CONNECTED && ep->state != DAT_EP_STATE_DISCONNECTED)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_NOTREADY);
	if (ep->attr.max_request_dtos == 0 || !ep->req_evd)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEP);
	return DAT_SUCCESS;
}

static void complete(struct ep *ep, DAT_DTO_COOKIE cookie, DAT_COMPLETION_FLAGS flags,
		DAT_DTO_COMPLETION_STATUS status, DAT_VLEN len)
{
	DAT_EVENT ev = { .event_number = DAT_DTO_COMPLETION_EVENT };

	if (status == DAT_DTO_SUCCESS && (flags & DAT_COMPLETION_SUPPRESS_FLAG))
		return;
	ev.event_data.dto_completion_event_data.ep_handle = ep;
	ev.event_data.dto_completion_event_data.user_cookie = cookie;
	ev.event_data.dto_completion_event_data.status = status;
	ev.event_data.dto_completion_event_data.transfered_length = len;
	request_done(ep, ep->req_evd, &ev, !(flags & DAT_COMPLETION_UNSIGNALLED_FLAG), NULL);
}

static void remote_fault(struct ep *ep, DAT_DTO_COOKIE cookie,
		DAT_COMPLETION_FLAGS flags, DAT_DTO_COMPLETION_STATUS status);

/* Copy between consumer memory and local segments, through their LMRs. */
static int local_copy(struct ep *ep, DAT_COUNT n, const DAT_LMR_TRIPLET *iov,
		uint8_t *buf, uint64_t len, int into_segments)
{
	for (DAT_COUNT i = 0; i < n && len; i++) {
		uint64_t take = iov[i].segment_length < len ? iov[i].segment_length : len;
		struct lmr *lmr;
		if (take == 0)
			continue;
		lmr = lmr_of_context(ep->h.ia, iov[i].lmr_context);
		if (!lmr || wire_local(&ep->h.ia->w, lmr->mh, iov[i].virtual_address,
				buf, take, into_segments))
			return -1;
		buf += take;
		len -= take;
	}
	return 0;
}

/*
 * dat_ep_post_send(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_PROTECTION_VIOLATION,
 * DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dapl_ep_post_send(DAT_EP_HANDLE ep_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie,
		DAT_COMPLETION_FLAGS completion_flags)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct msg m = { .type = MSG_DATA };
	int bad_local;
	uint64_t total;
	uint8_t *buf;
	DAT_RETURN rc;

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if ((rc = check_post(ep, DTO_SEND, num_segments, local_iov,
			completion_flags, &total, &bad_local)) || (rc = check_request_state(ep)))
		return rc;
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEP);
	if (ep->state == DAT_EP_STATE_DISCONNECTED) {
		complete(ep, user_cookie, 0, DAT_DTO_ERR_FLUSHED, 0);	/* E-UDAPL-012 */
		return DAT_SUCCESS;
	}
	if (bad_local) {
		complete(ep, user_cookie, completion_flags, DAT_DTO_ERR_LOCAL_PROTECTION, 0);
		return DAT_SUCCESS;
	}
	if (total > ep->attr.max_message_size || total > DAPL_MAX_MESSAGE) {
		complete(ep, user_cookie, completion_flags, DAT_DTO_ERR_LOCAL_LENGTH, 0);
		return DAT_SUCCESS;
	}
	buf = malloc(total ? total : 1);
	if (!buf)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	if (local_copy(ep, num_segments, local_iov, buf, total, 0)) {
		free(buf);
		complete(ep, user_cookie, completion_flags, DAT_DTO_ERR_LOCAL_PROTECTION, 0);
		return DAT_SUCCESS;
	}
	if (dapl_fail_transaction()) {
		free(buf);
		remote_fault(ep, user_cookie, completion_flags, DAT_DTO_ERR_TRANSPORT);
		return DAT_SUCCESS;
	}
	m.src_conn = ep->conn;
	m.dst_conn = ep->peer_conn;
	m.arg0 = (completion_flags & DAT_COMPLETION_SOLICITED_WAIT_FLAG) != 0;
	m.len = (uint32_t)total;
	rc = wire_send(&ep->h.ia->w, ep->peer_nic, ep->peer_inst, &m, buf);
	free(buf);
	if (rc != DAT_SUCCESS) {
		complete(ep, user_cookie, completion_flags, DAT_DTO_ERR_TRANSPORT, 0);
		ep_disconnected(ep, DAT_CONNECTION_EVENT_BROKEN);
		return DAT_SUCCESS;
	}
	complete(ep, user_cookie, completion_flags, DAT_DTO_SUCCESS, total);
	return DAT_SUCCESS;
}

/* A remote fault: the DTO fails and the connection breaks. */
static void remote_fault(struct ep *ep, DAT_DTO_COOKIE cookie,
		DAT_COMPLETION_FLAGS flags, DAT_DTO_COMPLETION_STATUS status)
{
	complete(ep, cookie, flags, status, 0);
	ep_send_disc(ep, 1);
	ep_disconnected(ep, DAT_CONNECTION_EVENT_BROKEN);
}

static DAT_RETURN rdma(DAT_EP_HANDLE ep_handle, enum dto_kind kind,
		DAT_COUNT num_segments, DAT_LMR_TRIPLET *local_iov,
		DAT_DTO_COOKIE user_cookie, const DAT_RMR_TRIPLET *remote_buffer,
		DAT_COMPLETION_FLAGS completion_flags)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	uint64_t total, len, raddr;
	uint32_t domain = 0;
	struct key k = { 0 };
	DAT_RETURN rc;
	int write = kind == DTO_WRITE, bad_local;

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if ((rc = check_post(ep, kind, num_segments, local_iov, completion_flags, &total,
			&bad_local)))
		return rc;
	if (!remote_buffer)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	/* E-UDAPL-004, -010: the local data must fit the remote buffer
	 * (write); the remote data must fit the local buffer (read). */
	if (write ? total > remote_buffer->segment_length :
			remote_buffer->segment_length > total)
		return ERR(DAT_LENGTH_ERROR, DAT_NO_SUBTYPE);
	if ((rc = check_request_state(ep)))
		return rc;
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEP);
	if (ep->state == DAT_EP_STATE_DISCONNECTED) {
		complete(ep, user_cookie, 0, DAT_DTO_ERR_FLUSHED, 0);
		return DAT_SUCCESS;
	}
	if (bad_local) {
		complete(ep, user_cookie, completion_flags, DAT_DTO_ERR_LOCAL_PROTECTION, 0);
		return DAT_SUCCESS;
	}
	if (dapl_fail_transaction()) {
		remote_fault(ep, user_cookie, completion_flags, DAT_DTO_ERR_TRANSPORT);
		return DAT_SUCCESS;
	}
	len = write ? total : remote_buffer->segment_length;
	if (len > ep->attr.max_rdma_size) {
		complete(ep, user_cookie, completion_flags, DAT_DTO_ERR_LOCAL_LENGTH, 0);
		return DAT_SUCCESS;
	}
	raddr = remote_buffer->target_address;
	if (len > 0) {
		uint32_t need = write ? DAT_MEM_PRIV_REMOTE_WRITE_FLAG :
			DAT_MEM_PRIV_REMOTE_READ_FLAG;
		if (wire_read_key(&ep->h.ia->w, ep->peer_nic, ep->peer_inst,
				remote_buffer->rmr_context, &k, &domain) ||
				!k.valid || k.gen != remote_buffer->rmr_context >> 12 ||
				raddr < k.addr || len > k.len || raddr - k.addr > k.len - len ||
				!(k.priv & need) || k.pz_id != ep->peer_pz) {
			remote_fault(ep, user_cookie, completion_flags, DAT_DTO_ERR_REMOTE_ACCESS);
			return DAT_SUCCESS;
		}
	}
	for (DAT_COUNT i = 0; i < num_segments && len; i++) {
		uint64_t take = local_iov[i].segment_length < len ?
			local_iov[i].segment_length : len;
		if (take && wire_rdma(&ep->h.ia->w, domain, k.mh, raddr,
				(void *)(uintptr_t)local_iov[i].virtual_address, take, write)) {
			remote_fault(ep, user_cookie, completion_flags, DAT_DTO_ERR_REMOTE_ACCESS);
			return DAT_SUCCESS;
		}
		raddr += take;
		len -= take;
	}
	complete(ep, user_cookie, completion_flags, DAT_DTO_SUCCESS,
			write ? total : remote_buffer->segment_length);
	return DAT_SUCCESS;
}

/*
 * dat_ep_post_rdma_read(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_LENGTH_ERROR,
 * DAT_PROTECTION_VIOLATION, DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dapl_ep_post_rdma_read(DAT_EP_HANDLE ep_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie,
		const DAT_RMR_TRIPLET *remote_buffer, DAT_COMPLETION_FLAGS completion_flags)
{
	return rdma(ep_handle, DTO_READ, num_segments, local_iov, user_cookie,
			remote_buffer, completion_flags);
}

/*
 * dat_ep_post_rdma_write(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_LENGTH_ERROR,
 * DAT_PROTECTION_VIOLATION, DAT_PRIVILEGES_VIOLATION
 *
 * Segments are written in order, each after the previous one, into
 * [target_address, target_address + total).  num_segments 0 is a
 * zero-length write (E-UDAPL-009).
 */
DAT_RETURN dapl_ep_post_rdma_write(DAT_EP_HANDLE ep_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie,
		const DAT_RMR_TRIPLET *remote_buffer, DAT_COMPLETION_FLAGS completion_flags)
{
	return rdma(ep_handle, DTO_WRITE, num_segments, local_iov, user_cookie,
			remote_buffer, completion_flags);
}

/*
 * dat_ep_post_recv(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_PROTECTION_VIOLATION,
 * DAT_PRIVILEGES_VIOLATION
 *
 * Valid in every state (the page); on a DISCONNECTED Endpoint the Recv
 * is flushed at once.  An Endpoint with an SRQ takes no Recv of its
 * own: DAT_INVALID_STATE.  LOCAL_WRITE is required (E-UDAPL-052).
 */
DAT_RETURN dapl_ep_post_recv(DAT_EP_HANDLE ep_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie,
		DAT_COMPLETION_FLAGS completion_flags)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct recv *r;
	uint64_t total;
	DAT_RETURN rc;
	int bad_local;	/* never for a Recv */

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if ((rc = check_post(ep, DTO_RECV, num_segments, local_iov,
			completion_flags, &total, &bad_local)))
		return rc;
	if (ep->srq)
		return ERR(DAT_INVALID_STATE, DAT_NO_SUBTYPE);
	if (ep->nrecv >= ep->attr.max_recv_dtos || dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEP);
	if (ep->state == DAT_EP_STATE_DISCONNECTED) {
		evd_post_dto(ep->recv_evd, ep, user_cookie, DAT_DTO_ERR_FLUSHED, 0, 1);
		return DAT_SUCCESS;
	}
	r = calloc(1, sizeof *r);
	if (!r)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	r->cookie = user_cookie;
	r->flags = completion_flags;
	r->nseg = num_segments;
	if (num_segments > 0)
		memcpy(r->seg, local_iov, (size_t)num_segments * sizeof *local_iov);
	if (ep->recvs_last)
		ep->recvs_last->next = r;
	else
		ep->recvs = r;
	ep->recvs_last = r;
	ep->nrecv++;
	dto_match_early(ep);
	return DAT_SUCCESS;
}

/* The Recv an arriving Send goes to, or NULL. */
static struct recv *take_recv(struct ep *ep)
{
	struct recv *r;

	if (ep->srq)
		return srq_take(ep->srq);
	r = ep->recvs;
	if (r) {
		ep->recvs = r->next;
		if (!ep->recvs)
			ep->recvs_last = NULL;
		ep->nrecv--;
	}
	return r;
}

static void place(struct ep *ep, struct recv *r, const void *data, uint32_t len,
		uint64_t solicited)
{
	DAT_DTO_COMPLETION_STATUS status = DAT_DTO_SUCCESS;
	uint64_t room = 0;
	int notify = !(r->flags & DAT_COMPLETION_UNSIGNALLED_FLAG);

	for (DAT_COUNT i = 0; i < r->nseg; i++)
		room += r->seg[i].segment_length;
	if (len > room)
		status = DAT_DTO_ERR_LOCAL_LENGTH;
	else if (local_copy(ep, r->nseg, r->seg, (uint8_t *)data, len, 1))
		status = DAT_DTO_ERR_LOCAL_PROTECTION;
	if ((ep->attr.recv_completion_flags & DAT_COMPLETION_SOLICITED_WAIT_FLAG) &&
			!solicited)
		notify = 0;
	evd_post_dto(ep->recv_evd, ep, r->cookie, status,
			status == DAT_DTO_SUCCESS ? len : 0, notify);
	free(r);
}

void dto_deliver(struct ep *ep, const struct msg *m, const void *data)
{
	struct recv *r = ep->early ? NULL : take_recv(ep);
	struct early *e;

	if (r) {
		place(ep, r, data, m->len, m->arg0);
		return;
	}
	e = malloc(sizeof *e + m->len);
	if (!e)
		return;
	e->next = NULL;
	e->solicited = m->arg0;
	e->len = m->len;
	memcpy(e->data, data, m->len);
	if (ep->early_last)
		ep->early_last->next = e;
	else
		ep->early = e;
	ep->early_last = e;
}

void dto_match_early(struct ep *ep)
{
	while (ep->early && ep->state == DAT_EP_STATE_CONNECTED) {
		struct recv *r = take_recv(ep);
		struct early *e = ep->early;
		if (!r)
			return;
		ep->early = e->next;
		if (!ep->early)
			ep->early_last = NULL;
		place(ep, r, e->data, e->len, e->solicited);
		free(e);
	}
}
