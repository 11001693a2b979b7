/*
 * connect.c: the active side of a connection and its end:
 * dat_ep_connect, dat_ep_dup_connect, dat_ep_disconnect.
 *
 * A connection request is a CONN_REQ message in the inbox of the IA
 * the remote address names (wire.c), carrying the connection
 * qualifier, our Endpoint's connection id and PZ id and the private
 * data.  The answer (ACCEPT or REJECT) and later a DISC arrive in our
 * inbox and are handled by progress.c.
 */
#include <arpa/inet.h>
#include <string.h>
#include "../../nic/nic.h"
#include "dapl.h"

#define QOS_ALL (DAT_QOS_HIGH_THROUGHPUT | DAT_QOS_LOW_LATENCY | \
	DAT_QOS_ECONOMY | DAT_QOS_PREMIUM)

static DAT_RETURN start(struct ep *ep, const struct sockaddr_in *to,
		DAT_CONN_QUAL qual, DAT_TIMEOUT timeout, DAT_COUNT pd_size,
		const void *pd)
{
	struct msg m = { .type = MSG_CONN_REQ, .src_conn = ep->conn,
		.arg0 = qual, .arg1 = ep->pz->id, .len = (uint32_t)pd_size };
	DAT_RETURN rc;
	int listener;

	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	listener = ia_resolve(ep->h.ia, to, qual, &ep->peer_nic, &ep->peer_inst);
	ia_sockaddr(ep->peer_nic, ep->peer_inst, &ep->remote);	/* the IA reached */
	ep->remote_port = qual;
	ep->peer_conn = 0;
	ep->pd_size = 0;
	ep->state = DAT_EP_STATE_ACTIVE_CONNECTION_PENDING;
	ep->deadline = timeout == DAT_TIMEOUT_INFINITE ? 0 : dapl_deadline(timeout);
	if (listener != 0) {
		/* port 0 and nobody listens at qual: on our NIC the answer a
		 * Service Point's absence gets (progress.c), elsewhere none */
		ep_disconnected(ep, ep->peer_nic == ep->h.ia->w.nic_addr ?
				DAT_CONNECTION_EVENT_NON_PEER_REJECTED :
				DAT_CONNECTION_EVENT_UNREACHABLE);
		return DAT_SUCCESS;
	}
	rc = wire_send(&ep->h.ia->w, ep->peer_nic, ep->peer_inst, &m, pd);
	if (DAT_GET_TYPE(rc) == DAT_INVALID_ADDRESS) {
		/* No IA at that address: reported as an event (E-UDAPL-051). */
		ep_disconnected(ep, DAT_CONNECTION_EVENT_UNREACHABLE);
		return DAT_SUCCESS;
	}
	if (rc != DAT_SUCCESS) {
		ep->state = DAT_EP_STATE_UNCONNECTED;
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_CREDITS);
	}
	return DAT_SUCCESS;
}

/*
 * dat_ep_connect(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_ADDRESS, DAT_INVALID_STATE,
 * DAT_MODEL_NOT_SUPPORTED
 *
 * The address must be an AF_INET address: an IA's address, or a host's
 * IP address with port 0 (ia_resolve); a well-formed address with no IA
 * behind it is DAT_CONNECTION_EVENT_UNREACHABLE, not a return code.
 * Multipath is not supported.
 */
DAT_RETURN dapl_ep_connect(DAT_EP_HANDLE ep_handle, DAT_IA_ADDRESS_PTR remote_ia_address,
		DAT_CONN_QUAL remote_conn_qual, DAT_TIMEOUT timeout,
		DAT_COUNT private_data_size, const DAT_PVOID private_data,
		DAT_QOS qos, DAT_CONNECT_FLAGS connect_flags)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct sockaddr_in to;

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!remote_ia_address)
		return ERR(DAT_INVALID_ADDRESS, DAT_INVALID_ADDRESS_MALFORMED);
	if (timeout == 0)	/* "Values must be positive" */
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (private_data_size < 0 || private_data_size > DAPL_MAX_PRIVATE_DATA)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (private_data_size > 0 && !private_data)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	if (qos & ~QOS_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG7);
	if (qos & ~dapl_qos_supported())
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (connect_flags & ~DAT_CONNECT_MULTIPATH_FLAG)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG8);
	if (connect_flags & DAT_CONNECT_MULTIPATH_FLAG)
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	memcpy(&to, remote_ia_address, sizeof to);
	if (to.sin_family != AF_INET)
		return ERR(DAT_INVALID_ADDRESS, DAT_INVALID_ADDRESS_UNSUPPORTED);
	if (ep->state != DAT_EP_STATE_UNCONNECTED)
		return ERR(DAT_INVALID_STATE, ep->state == DAT_EP_STATE_UNCONFIGURED_UNCONNECTED ?
				DAT_INVALID_STATE_EP_UNCONFIGURED : DAT_INVALID_STATE_EP_NOTREADY);
	return start(ep, &to, remote_conn_qual, timeout, private_data_size, private_data);
}

/*
 * dat_ep_dup_connect(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE, DAT_MODEL_NOT_SUPPORTED
 *
 * Connects ep_handle to the remote address and connection qualifier
 * ep_dup_handle is connected to.
 */
DAT_RETURN dapl_ep_dup_connect(DAT_EP_HANDLE ep_handle, DAT_EP_HANDLE ep_dup_handle,
		DAT_TIMEOUT timeout, DAT_COUNT private_data_size,
		const DAT_PVOID private_data, DAT_QOS qos)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct ep *dup = obj_get(ep_dup_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!dup)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE2);
	if (timeout == 0)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (private_data_size < 0 || private_data_size > DAPL_MAX_PRIVATE_DATA)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (private_data_size > 0 && !private_data)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (qos & ~QOS_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	if (qos & ~dapl_qos_supported())
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (ep->state != DAT_EP_STATE_UNCONNECTED)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_NOTREADY);
	if (dup->state != DAT_EP_STATE_CONNECTED)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_UNCONNECTED);
	return start(ep, &dup->remote, dup->remote_port, timeout,
			private_data_size, private_data);
}

/*
 * dat_ep_disconnect(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INSUFFICIENT_RESOURCES,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 *
 * CONNECTED: the peer is told, both sides go DISCONNECTED and get
 * DAT_CONNECTION_EVENT_DISCONNECTED, posted Recvs are flushed.  A
 * graceful disconnect with request completions held by the schedule
 * waits in DISCONNECT_PENDING for them (schedule.c); a graceful one
 * there has no effect, an abrupt one ends it at once.
 * ACTIVE_CONNECTION_PENDING: the request is abandoned (a late ACCEPT is
 * answered with DISC).  COMPLETION_PENDING (an accepted Endpoint held by
 * the schedule, cr.c): the establishment is aborted, the active side gets
 * DISC, Recvs are flushed.  DISCONNECTED: a no-op.  Other states:
 * DAT_INVALID_STATE.
 */
DAT_RETURN dapl_ep_disconnect(DAT_EP_HANDLE ep_handle, DAT_CLOSE_FLAGS disconnect_flags)
{
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);

	if (!ep)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (disconnect_flags != DAT_CLOSE_ABRUPT_FLAG &&
			disconnect_flags != DAT_CLOSE_GRACEFUL_FLAG)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	dapl_progress();
	switch (ep->state) {
	case DAT_EP_STATE_CONNECTED:
		if (dapl_nomem())
			return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
		if (disconnect_flags == DAT_CLOSE_GRACEFUL_FLAG && ep->held) {
			/* requests in progress complete first (schedule.c) */
			ep->state = DAT_EP_STATE_DISCONNECT_PENDING;
			return DAT_SUCCESS;
		}
		ep_send_disc(ep, 0);
		ep_disconnected(ep, DAT_CONNECTION_EVENT_DISCONNECTED);
		return DAT_SUCCESS;
	case DAT_EP_STATE_DISCONNECT_PENDING:
		if (disconnect_flags == DAT_CLOSE_GRACEFUL_FLAG)
			return DAT_SUCCESS;	/* no effect */
		ep_send_disc(ep, 0);
		ep_disconnected(ep, DAT_CONNECTION_EVENT_DISCONNECTED);
		return DAT_SUCCESS;
	case DAT_EP_STATE_ACTIVE_CONNECTION_PENDING:
		ep_disconnected(ep, DAT_CONNECTION_EVENT_DISCONNECTED);
		return DAT_SUCCESS;
	case DAT_EP_STATE_COMPLETION_PENDING:
		/* the establishment is aborted; the active side is told */
		ep_send_disc(ep, 0);
		ep_disconnected(ep, DAT_CONNECTION_EVENT_DISCONNECTED);
		return DAT_SUCCESS;
	case DAT_EP_STATE_DISCONNECTED:
		return DAT_SUCCESS;	/* "no-op" (the page) */
	default:
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_UNCONNECTED);
	}
}
