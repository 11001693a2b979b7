/*
 * progress.c: everything that happens between calls happens here,
 * inside them (no threads): each IA of the process drains its inbox,
 * and active connection requests whose timeout passed expire.
 */
#include "../../nic/nic.h"
#include "dapl.h"

uint64_t dapl_deadline(DAT_TIMEOUT timeout)
{
	if (timeout == DAT_TIMEOUT_INFINITE)
		return UINT64_MAX;
	return nic_now_ns() + (uint64_t)timeout * 1000u;
}

static void on_accept(struct ia *ia, const struct msg *m, const void *pd)
{
	struct ep *ep = ep_by_conn(ia, m->dst_conn);

	if (!ep || ep->state != DAT_EP_STATE_ACTIVE_CONNECTION_PENDING ||
			ep->peer_nic != m->src_nic || ep->peer_inst != m->src_inst) {
		/* too late: tell the passive side the connection is gone */
		struct msg d = { .type = MSG_DISC, .dst_conn = m->src_conn,
			.src_conn = m->dst_conn };
		wire_send(&ia->w, m->src_nic, m->src_inst, &d, NULL);
		return;
	}
	ep->peer_conn = m->src_conn;
	ep->peer_pz = (uint32_t)m->arg1;
	ep->deadline = 0;
	ep->pd_size = (DAT_COUNT)(m->len <= DAPL_MAX_PRIVATE_DATA ? m->len : 0);
	for (DAT_COUNT i = 0; i < ep->pd_size; i++)
		ep->pd[i] = ((const char *)pd)[i];
	ep->state = DAT_EP_STATE_CONNECTED;
	/* the third message of the handshake (dapl_cr_accept) */
	struct msg r = { .type = MSG_RTU, .dst_conn = m->src_conn,
		.src_conn = m->dst_conn };
	wire_send(&ia->w, m->src_nic, m->src_inst, &r, NULL);
	evd_post_conn(ep, DAT_CONNECTION_EVENT_ESTABLISHED);
	dto_match_early(ep);
}

/* The active side confirmed the ACCEPT of a passive Endpoint. */
static void on_rtu(struct ia *ia, const struct msg *m)
{
	struct ep *ep = ep_by_conn(ia, m->dst_conn);

	if (!ep || ep->state != DAT_EP_STATE_COMPLETION_PENDING ||
			ep->peer_conn != m->src_conn)
		return;
	ep->state = DAT_EP_STATE_CONNECTED;
	evd_post_conn(ep, DAT_CONNECTION_EVENT_ESTABLISHED);
	dto_match_early(ep);
}

static void on_reject(struct ia *ia, const struct msg *m)
{
	struct ep *ep = ep_by_conn(ia, m->dst_conn);

	if (ep && ep->state == DAT_EP_STATE_ACTIVE_CONNECTION_PENDING)
		ep_disconnected(ep, m->arg0 ? DAT_CONNECTION_EVENT_PEER_REJECTED :
				DAT_CONNECTION_EVENT_NON_PEER_REJECTED);
}

static void on_disc(struct ia *ia, const struct msg *m)
{
	struct ep *ep = ep_by_conn(ia, m->dst_conn);

	if (!ep || ep->peer_conn != m->src_conn)
		return;
	if (ep->state == DAT_EP_STATE_COMPLETION_PENDING)
		/* the active side refused the ACCEPT (dat_cr_accept(3DAT)) */
		ep_disconnected(ep, DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR);
	else if (ep->state == DAT_EP_STATE_CONNECTED ||
			ep->state == DAT_EP_STATE_DISCONNECT_PENDING)
		ep_disconnected(ep, m->arg0 ? DAT_CONNECTION_EVENT_BROKEN :
				DAT_CONNECTION_EVENT_DISCONNECTED);
}

static void on_data(struct ia *ia, const struct msg *m, const void *data)
{
	struct ep *ep = ep_by_conn(ia, m->dst_conn);

	if (ep && ep->state == DAT_EP_STATE_CONNECTED && ep->peer_conn == m->src_conn)
		dto_deliver(ep, m, data);
}

static void drain(struct ia *ia)
{
	const struct msg *m;

	while ((m = wire_peek(&ia->w))) {
		const void *payload = m + 1;
		switch (m->type) {
		case MSG_CONN_REQ: conn_request(ia, m, payload); break;
		case MSG_ACCEPT: on_accept(ia, m, payload); break;
		case MSG_REJECT: on_reject(ia, m); break;
		case MSG_DISC: on_disc(ia, m); break;
		case MSG_DATA: on_data(ia, m, payload); break;
		case MSG_RTU: on_rtu(ia, m); break;
		default: break;
		}
		wire_pop(&ia->w);
	}
}

static void expire(struct ia *ia)
{
	uint64_t now = nic_now_ns();

	for (struct obj *o = ia->objs; o; o = o->next) {
		struct ep *ep = (struct ep *)o;
		if (o->kind == DAT_HANDLE_TYPE_EP &&
				ep->state == DAT_EP_STATE_ACTIVE_CONNECTION_PENDING &&
				ep->deadline && now >= ep->deadline)
			ep_disconnected(ep, DAT_CONNECTION_EVENT_TIMED_OUT);
	}
}

void dapl_progress(void)
{
	static int busy;

	if (busy)
		return;		/* a CNO agent calling back into the Provider */
	busy = 1;
	for (struct ia *ia = dapl_ias; ia; ia = ia->next_ia) {
		drain(ia);
		expire(ia);
	}
	busy = 0;
}
