/*
 * datagram.c: 3.5.6 - 3.5.16, the datagram exchange.
 *
 * A datagram posted on a bound endpoint is exchanged with the endpoint
 * it is bound to; one posted on an unbound endpoint (with a datagram
 * id, 3.5.7) with any bound endpoint of the domain that names it.  One
 * outstanding datagram per endpoint.  Post states: PENDING until the
 * peer posts, then COMPLETED; a cancelled datagram is TERMINATED and
 * reported once more by Test/Wait and the probes.
 */
#include <string.h>
#include "ugni.h"

#define DGRAM_NO_ID UINT64_MAX	/* not a valid datagram_id (3.5.7) */

static gni_return_t post(struct ugni_ep *ep, void *in_data, uint16_t data_len,
		void *out_buf, uint16_t buf_size, int has_id, uint64_t id)
{
	uint32_t slot;

	if (!ep || (data_len && !in_data) || (buf_size && !out_buf) ||
			(has_id && id == DGRAM_NO_ID) || (!ep->bound && !has_id))
		return GNI_RC_INVALID_PARAM;
	if (data_len > GNI_DATAGRAM_MAXSIZE || buf_size > GNI_DATAGRAM_MAXSIZE)
		return GNI_RC_SIZE_ERROR;
	if (nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	struct nic_dg_post p = { .domain = ep->nic->domain, .ep_key = ep->key,
		.bound = ep->bound,
		.peer_addr = nic_ntt_translate(ep->nic->cdm->ptag, ep->remote_addr),
		.peer_id = ep->remote_id, .has_id = has_id, .id = id,
		.data = in_data, .data_len = data_len, .buf_size = buf_size };
	if (nic_dg_post(&p, &slot) != NIC_OK)
		return GNI_RC_ERROR_RESOURCE;
	ep->dg_out = out_buf;
	ep->dg_size = buf_size;
	return GNI_RC_SUCCESS;
}

/* 3.5.6 EpPostData
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (already
 *   a pending datagram), GNI_RC_ERROR_NOMEM, GNI_RC_SIZE_ERROR */
gni_return_t GNI_EpPostData(gni_ep_handle_t ep_handle, void *in_data,
		uint16_t data_len, void *out_buf, uint16_t buf_size)
{
	UGNI_LOCKED;
	return post(to_ep(ep_handle), in_data, data_len, out_buf, buf_size, 0, 0);
}

/* 3.5.7 EpPostDataWId
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (also datagram_id -1),
 *   GNI_RC_ERROR_RESOURCE, GNI_RC_ERROR_NOMEM, GNI_RC_SIZE_ERROR */
gni_return_t GNI_EpPostDataWId(gni_ep_handle_t ep_handle, void *in_data,
		uint16_t data_len, void *out_buf, uint16_t buf_size,
		uint64_t datagram_id)
{
	UGNI_LOCKED;
	return post(to_ep(ep_handle), in_data, data_len, out_buf, buf_size, 1,
			datagram_id);
}

/* Test and, when done, collect: the received data goes to out_buf. */
static gni_return_t test(struct ugni_ep *ep, int by_id, uint64_t id,
		gni_post_state_t *state, uint32_t *addr, uint32_t *rid)
{
	struct nic_dg_result r;

	if (nic_alloc_fails())	/* before anything is consumed */
		return GNI_RC_ERROR_NOMEM;
	if (nic_dg_test(ep->key, by_id, id, 1, &r) != NIC_OK)
		return GNI_RC_NO_MATCH;
	switch (r.state) {
	case NIC_DG_PENDING:
		*state = GNI_POST_PENDING;
		return GNI_RC_SUCCESS;
	case NIC_DG_TERMINATED:
		*state = GNI_POST_TERMINATED;
		return GNI_RC_SUCCESS;
	case NIC_DG_COMPLETED:
		break;
	}
	if (r.rx_len > ep->dg_size) {
		*state = GNI_POST_ERROR;
		return GNI_RC_SIZE_ERROR;
	}
	if (r.rx_len)
		memcpy(ep->dg_out, r.rx, r.rx_len);
	*state = GNI_POST_COMPLETED;
	*addr = r.remote_addr;
	*rid = r.remote_id;
	return GNI_RC_SUCCESS;
}

/* 3.5.8 EpPostDataTest
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH,
 *   GNI_RC_SIZE_ERROR, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_EpPostDataTest(gni_ep_handle_t ep_handle,
		gni_post_state_t *post_state, uint32_t *remote_address,
		uint32_t *remote_id)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || !post_state || !remote_address || !remote_id)
		return GNI_RC_INVALID_PARAM;
	return test(ep, 0, 0, post_state, remote_address, remote_id);
}

/* 3.5.9 EpPostDataTestById
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH,
 *   GNI_RC_SIZE_ERROR, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_EpPostDataTestById(gni_ep_handle_t ep_handle, uint64_t datagram_id,
		gni_post_state_t *post_state, uint32_t *remote_address,
		uint32_t *remote_id)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || !post_state || !remote_address || !remote_id ||
			datagram_id == DGRAM_NO_ID)
		return GNI_RC_INVALID_PARAM;
	return test(ep, 1, datagram_id, post_state, remote_address, remote_id);
}

/* Between tests the lock is let go (lock.c): the endpoint is found
 * again by its handle; one destroyed meanwhile ends the wait with
 * GNI_RC_INVALID_PARAM (E-UGNI-223). */
static gni_return_t wait(gni_ep_handle_t ep_handle, int by_id, uint64_t id,
		uint32_t timeout, gni_post_state_t *state, uint32_t *addr,
		uint32_t *rid)
{
	uint64_t t0 = nic_now_ns(), ms = timeout == UINT32_MAX ? UINT64_MAX : timeout;
	unsigned round = 0;

	for (;;) {
		struct ugni_ep *ep = to_ep(ep_handle);
		if (!ep)
			return GNI_RC_INVALID_PARAM;
		gni_return_t rc = test(ep, by_id, id, state, addr, rid);
		if (rc != GNI_RC_SUCCESS || *state != GNI_POST_PENDING)
			return rc;
		if (nic_expired(t0, ms))
			return GNI_RC_TIMEOUT;
		ugni_pause(&round);
	}
}

/* 3.5.10 EpPostDataWait
 *   GNI_RC_NO_MATCH, GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (timeout 0),
 *   GNI_RC_TIMEOUT, GNI_RC_SIZE_ERROR, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_EpPostDataWait(gni_ep_handle_t ep_handle, uint32_t timeout,
		gni_post_state_t *post_state, uint32_t *remote_address,
		uint32_t *remote_id)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || timeout == 0 || !post_state || !remote_address || !remote_id)
		return GNI_RC_INVALID_PARAM;
	return wait(ep_handle, 0, 0, timeout, post_state, remote_address,
			remote_id);
}

/* 3.5.11 EpPostDataWaitById
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_TIMEOUT,
 *   GNI_RC_SIZE_ERROR, GNI_RC_NO_MATCH, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_EpPostDataWaitById(gni_ep_handle_t ep_handle, uint64_t datagram_id,
		uint32_t timeout, gni_post_state_t *post_state,
		uint32_t *remote_address, uint32_t *remote_id)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || timeout == 0 || datagram_id == DGRAM_NO_ID || !post_state ||
			!remote_address || !remote_id)
		return GNI_RC_INVALID_PARAM;
	return wait(ep_handle, 1, datagram_id, timeout, post_state,
			remote_address, remote_id);
}

/* 3.5.12 EpPostDataCancel
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH */
gni_return_t GNI_EpPostDataCancel(gni_ep_handle_t ep_handle)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep)
		return GNI_RC_INVALID_PARAM;
	return nic_dg_cancel(ep->key, 0, 0) == NIC_OK ? GNI_RC_SUCCESS :
		GNI_RC_NO_MATCH;
}

/* 3.5.13 EpPostDataCancelById
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH */
gni_return_t GNI_EpPostDataCancelById(gni_ep_handle_t ep_handle, uint64_t datagram_id)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || datagram_id == DGRAM_NO_ID)
		return GNI_RC_INVALID_PARAM;
	return nic_dg_cancel(ep->key, 1, datagram_id) == NIC_OK ?
		GNI_RC_SUCCESS : GNI_RC_NO_MATCH;
}

/* 3.5.14 PostDataProbe
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH */
gni_return_t GNI_PostDataProbe(gni_nic_handle_t nic_handle, uint32_t *remote_address,
		uint32_t *remote_id)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	struct nic_dg_result r;

	if (!n || !remote_address || !remote_id)
		return GNI_RC_INVALID_PARAM;
	if (nic_dg_probe(n->domain, 0, &r) != NIC_OK)
		return GNI_RC_NO_MATCH;
	*remote_address = r.remote_addr;
	*remote_id = r.remote_id;
	return GNI_RC_SUCCESS;
}

/* 3.5.15 PostDataProbeById
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH */
gni_return_t GNI_PostDataProbeById(gni_nic_handle_t nic_handle, uint64_t *datagram_id)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	struct nic_dg_result r;

	if (!n || !datagram_id)
		return GNI_RC_INVALID_PARAM;
	if (nic_dg_probe(n->domain, 1, &r) != NIC_OK)
		return GNI_RC_NO_MATCH;
	*datagram_id = r.id;
	return GNI_RC_SUCCESS;
}

/* 3.5.16 PostDataProbeWaitById: waits until a datagram with an id is
 * completed, timed out or cancelled, or the timeout passes; -1 waits for
 * ever (vendor gni_pub.h, E-UGNI-084).
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (timeout 0), GNI_RC_TIMEOUT */
gni_return_t GNI_PostDataProbeWaitById(gni_nic_handle_t nic_handle, uint32_t timeout,
		uint64_t *datagram_id)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	uint64_t t0 = nic_now_ns(), ms = timeout == UINT32_MAX ? UINT64_MAX : timeout;
	unsigned round = 0;
	struct nic_dg_result r;

	if (!n || !datagram_id || timeout == 0)
		return GNI_RC_INVALID_PARAM;
	for (;;) {
		if (nic_dg_probe(n->domain, 1, &r) == NIC_OK) {
			*datagram_id = r.id;
			return GNI_RC_SUCCESS;
		}
		if (nic_expired(t0, ms))
			return GNI_RC_TIMEOUT;
		ugni_pause(&round);
		/* the domain may have been destroyed meanwhile (E-UGNI-223) */
		if (!(n = to_nic(nic_handle)))
			return GNI_RC_INVALID_PARAM;
	}
}

/* The vendor library's spelling of 3.5.16. */
gni_return_t GNI_PostdataProbeWaitById(gni_nic_handle_t nic_handle, uint32_t timeout,
		uint64_t *datagram_id)
{
	UGNI_LOCKED;
	return GNI_PostDataProbeWaitById(nic_handle, timeout, datagram_id);
}
