/*
 * smsg.c: 3.7 FMA Short Messaging (and the vendor SmsgBufferSizeNeeded
 * and SmsgSetMaxRetrans).
 *
 * A mailbox is the part of a registered buffer given by msg_buffer +
 * mbox_offset; the peer writes into it with FMA PUTs through the
 * mailbox's memory handle.  Layout (SmsgBufferSizeNeeded gives its
 * size):
 *
 *   control (64 bytes): released count of the messages WE sent, written
 *                       by the peer when it releases them (credits)
 *   mbox_maxcredit slots of 64-byte multiples, each
 *       seq (u32, 1-based send count, written last), header_length,
 *       data_length (u32), tag (u8), padding to 16 bytes, then the
 *       header bytes immediately followed by the data bytes.
 *
 * A send needs a credit: fewer than the peer's mbox_maxcredit messages
 * unreleased, else GNI_RC_NOT_DONE.  Messages are taken in the order
 * sent.  The receiver gets a GNI_CQ_EVENT_TYPE_SMSG event in the CQ of
 * its mailbox registration, the sender one in its endpoint's CQ.
 */
#include <string.h>
#include "ugni.h"

#define CTRL 64u
#define SLOT_HDR 16u

struct slot_hdr {
	uint32_t seq, hlen, dlen;
	uint8_t tag, pad[3];
};

static uint32_t slot_size(uint32_t maxsize)
{
	return (SLOT_HDR + maxsize + 63u) & ~63u;
}

/* The mailbox may sit at any byte offset the caller chose, so its words
 * are read with memcpy (a cast would be a misaligned access); the fence
 * orders the read before the reads of the message it announces. */
static void load_acquire(void *dst, const void *src, size_t len)
{
	memcpy(dst, src, len);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
}

static uint64_t size_needed(uint32_t credits, uint32_t maxsize)
{
	return CTRL + (uint64_t)credits * slot_size(maxsize);
}

static int attr_ok(const gni_smsg_attr_t *a)
{
	return (a->msg_type == GNI_SMSG_TYPE_MBOX ||
		a->msg_type == GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT) &&
		a->mbox_maxcredit > 0 && a->msg_maxsize > 0 &&
		a->msg_maxsize <= GNI_SMSG_MAX_SIZE;
}

/* Vendor SmsgBufferSizeNeeded: only msg_type, mbox_maxcredit and
 * msg_maxsize are read. */
gni_return_t GNI_SmsgBufferSizeNeeded(gni_smsg_attr_t *smsg_attr, unsigned int *size)
{
	UGNI_LOCKED;
	if (!smsg_attr || !size || !attr_ok(smsg_attr))
		return GNI_RC_INVALID_PARAM;
	uint64_t n = size_needed(smsg_attr->mbox_maxcredit, smsg_attr->msg_maxsize);
	if (n > UINT32_MAX)
		return GNI_RC_INVALID_PARAM;
	*size = (unsigned int)n;
	return GNI_RC_SUCCESS;
}

/* Vendor SmsgSetMaxRetrans: how many times a send on an AUTO_RETRANSMIT
 * mailbox is retried after a transient (injected) failure. */
gni_return_t GNI_SmsgSetMaxRetrans(gni_nic_handle_t nic_handle, uint16_t max_retrans)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);

	if (!n)
		return GNI_RC_INVALID_PARAM;
	n->max_retrans = max_retrans;
	return GNI_RC_SUCCESS;
}

/* 3.7.1 SmsgInit
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_INVALID_STATE (the
 *   endpoint is not bound, or already initialized), GNI_RC_ERROR_NOMEM */
gni_return_t GNI_SmsgInit(gni_ep_handle_t ep_handle, gni_smsg_attr_t *local_smsg_attr,
		gni_smsg_attr_t *remote_smsg_attr)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);
	const gni_smsg_attr_t *l = local_smsg_attr, *r = remote_smsg_attr;
	struct nic_span sp[NIC_MDD_MAX_SEGS];
	uint32_t n;

	if (!ep || !l || !r || !attr_ok(l) || !attr_ok(r) ||
			l->msg_type != r->msg_type || !l->msg_buffer || !r->msg_buffer)
		return GNI_RC_INVALID_PARAM;
	uint64_t lneed = size_needed(l->mbox_maxcredit, l->msg_maxsize);
	uint64_t rneed = size_needed(r->mbox_maxcredit, r->msg_maxsize);
	if (l->buff_size < lneed || r->buff_size < rneed)
		return GNI_RC_INVALID_PARAM;
	uint64_t lbox = (uint64_t)(uintptr_t)l->msg_buffer + l->mbox_offset;
	if (nic_mdd_resolve(ep->nic->domain, ep->nic->cdm->ptag,
			ep->nic->cdm->cookie, &l->mem_hndl.qword1, lbox, lneed, NIC_WRITE, sp,
			NIC_MDD_MAX_SEGS, &n) != NIC_OK || n != 1 ||
			sp[0].addr != lbox)
		return GNI_RC_INVALID_PARAM;	/* mailbox not in registered memory */
	if (!ep->bound || ep->smsg.ready)
		return GNI_RC_INVALID_STATE;	/* E-UGNI-091: already initialized */
	if (nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	ep->smsg = (struct ugni_smsg){ .ready = 1, .type = l->msg_type,
		.local_box = (uint8_t *)(uintptr_t)lbox,
		.local_credits = l->mbox_maxcredit,
		.local_maxsize = l->msg_maxsize, .local_mh = l->mem_hndl,
		.remote_box = (uint64_t)(uintptr_t)r->msg_buffer + r->mbox_offset,
		.remote_credits = r->mbox_maxcredit,
		.remote_maxsize = r->msg_maxsize, .remote_mh = r->mem_hndl };
	return GNI_RC_SUCCESS;
}

void ugni_smsg_release_ep(struct ugni_ep *ep)
{
	ep->smsg.ready = 0;
}

/* Write len bytes into the peer's mailbox at off, through its handle. */
static enum ugni_status put_remote(struct ugni_ep *ep, uint32_t peer,
		uint64_t off, const void *src, uint64_t len)
{
	struct nic_span sp[NIC_MDD_MAX_SEGS];
	uint32_t n;
	int rc = nic_mdd_resolve(peer, ep->nic->cdm->ptag, ep->nic->cdm->cookie,
			&ep->smsg.remote_mh.qword1, ep->smsg.remote_box + off, len,
			NIC_WRITE, sp, NIC_MDD_MAX_SEGS, &n);

	if (rc == NIC_OK)
		rc = nic_write_spans(sp, n, src, len);
	switch (rc) {
	case NIC_OK:     return UGNI_ST_OK;
	case NIC_EPERM:  return UGNI_ST_PTAG;
	case NIC_ESTATE: return UGNI_ST_READONLY;
	case NIC_EBOUNDS: return UGNI_ST_BOUNDS;
	case NIC_EFAULT: return UGNI_ST_MEMORY;
	default:         return UGNI_ST_BAD_MDH;
	}
}

static gni_return_t smsg_send(struct ugni_ep *ep, const void *header, uint32_t hlen,
		const void *data, uint32_t dlen, uint32_t msg_id, uint8_t tag)
{
	/* ep is NULL for a bad handle (to_ep) */
	if (!ep || !ep->smsg.ready || (hlen && !header) || (dlen && !data))
		return GNI_RC_INVALID_PARAM;
	struct ugni_smsg *s = &ep->smsg;
	if ((uint64_t)hlen + dlen > s->remote_maxsize)
		return GNI_RC_ERROR_RESOURCE;	/* E-UGNI-096 */
	ugni_progress();
	uint64_t released;
	load_acquire(&released, s->local_box, sizeof released);
	if (s->sent - released >= s->remote_credits)
		return GNI_RC_NOT_DONE;
	if (nic_alloc_fails())	/* 3.7.2: insufficient memory */
		return GNI_RC_ERROR_RESOURCE;

	uint32_t peer = ugni_peer_domain(ep);
	uint64_t off = CTRL + (s->sent % s->remote_credits) *
		(uint64_t)slot_size(s->remote_maxsize);
	struct slot_hdr h = { (uint32_t)(s->sent + 1), hlen, dlen, tag, { 0 } };
	enum ugni_status st = UGNI_ST_OK;
	if (nic_ntt_translate(ep->nic->cdm->ptag, ep->remote_addr) != nic_address())
		st = UGNI_ST_NO_ROUTE;
	else if (nic_fault_transaction()) {
		/* 3.7.2: an AUTO_RETRANSMIT mailbox retransmits after a transient
		 * failure (injected faults are transient), up to max_retrans */
		int tries = s->type == GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT ?
			ep->nic->max_retrans : 0;
		st = UGNI_ST_INJECTED;
		while (st == UGNI_ST_INJECTED && tries-- > 0)
			st = nic_fault_transaction() ? UGNI_ST_INJECTED : UGNI_ST_OK;
	}
	if (st == UGNI_ST_OK && hlen)
		st = put_remote(ep, peer, off + SLOT_HDR, header, hlen);
	if (st == UGNI_ST_OK && dlen)
		st = put_remote(ep, peer, off + SLOT_HDR + hlen, data, dlen);
	if (st == UGNI_ST_OK)
		st = put_remote(ep, peer, off + sizeof h.seq, &h.hlen,
				sizeof h - sizeof h.seq);
	if (st == UGNI_ST_OK)	/* the sequence number last: the message is whole */
		st = put_remote(ep, peer, off, &h.seq, sizeof h.seq);
	if (st == UGNI_ST_OK) {
		uint32_t cq_idx, cq_gen;
		uint32_t remote_data = ep->event_data_set ? ep->remote_event :
			ep->nic->cdm->inst_id;
		s->sent++;
		if (nic_mdd_dst_cq(peer, ep->nic->cdm->ptag, ep->nic->cdm->cookie,
				&s->remote_mh.qword1,
				&cq_idx, &cq_gen) == NIC_OK && cq_idx != NIC_NONE)
			nic_cq_push(cq_idx, cq_gen, ugni_entry(GNI_CQ_EVENT_TYPE_SMSG,
				UGNI_EV_REMOTE, UGNI_ST_OK, remote_data, 0));
	} else {
		ugni_raise(ep->nic, st, s->remote_box);
	}
	if (ep->cq)
		ugni_deliver_local(ep, ep->cq, ugni_entry(GNI_CQ_EVENT_TYPE_SMSG,
			UGNI_EV_LOCAL, st, msg_id, 0), 0);
	return GNI_RC_SUCCESS;
}

/* 3.7.2 SmsgSend
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (no credits),
 *   GNI_RC_ERROR_RESOURCE (message larger than the peer's msg_maxsize) */
gni_return_t GNI_SmsgSend(gni_ep_handle_t ep_handle, void *header,
		uint32_t header_length, void *data, uint32_t data_length,
		uint32_t msg_id)
{
	UGNI_LOCKED;
	return smsg_send(to_ep(ep_handle), header, header_length, data,
			data_length, msg_id, 0);
}

/* 3.7.3 SmsgSendWTag
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE,
 *   GNI_RC_ERROR_RESOURCE */
gni_return_t GNI_SmsgSendWTag(gni_ep_handle_t ep_handle, void *header,
		uint32_t header_length, void *data, uint32_t data_length,
		uint32_t msg_id, uint8_t tag)
{
	UGNI_LOCKED;
	return smsg_send(to_ep(ep_handle), header, header_length, data,
			data_length, msg_id, tag);
}

static gni_return_t get_next(struct ugni_ep *ep, void **header, uint8_t *tag)
{
	struct ugni_smsg *s = &ep->smsg;
	/* while a message is current, GetNext returns it again (E-UGNI-099) */
	int again = s->received > s->released;
	uint64_t k = again ? s->released : s->received;

	uint8_t *slot = s->local_box + CTRL + (k % s->local_credits) *
		(uint64_t)slot_size(s->local_maxsize);
	struct slot_hdr h;
	load_acquire(&h.seq, slot, sizeof h.seq);
	if (h.seq != (uint32_t)(k + 1))
		return GNI_RC_NOT_DONE;
	memcpy(&h, slot, sizeof h);
	if (tag && *tag != GNI_SMSG_ANY_TAG && *tag != h.tag)
		return GNI_RC_NO_MATCH;
	if (tag)
		*tag = h.tag;
	*header = slot + SLOT_HDR;
	if (!again)
		s->received++;
	return GNI_RC_SUCCESS;
}

/* 3.7.4 SmsgGetNext
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE */
gni_return_t GNI_SmsgGetNext(gni_ep_handle_t ep_handle, void **header)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || !ep->smsg.ready || !header)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();
	return get_next(ep, header, NULL);
}

/* 3.7.5 SmsgGetNextWTag
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE,
 *   GNI_RC_NO_MATCH (a message is there with another tag; it stays) */
gni_return_t GNI_SmsgGetNextWTag(gni_ep_handle_t ep_handle, void **header,
		uint8_t *tag)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || !ep->smsg.ready || !header || !tag)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();
	return get_next(ep, header, tag);
}

/* 3.7.6 SmsgRelease: frees the current message and returns its credit
 * to the sender.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (no current
 *   message) */
gni_return_t GNI_SmsgRelease(gni_ep_handle_t ep_handle)
{
	UGNI_LOCKED;
	struct ugni_ep *ep = to_ep(ep_handle);

	if (!ep || !ep->smsg.ready)
		return GNI_RC_INVALID_PARAM;
	struct ugni_smsg *s = &ep->smsg;
	if (s->released == s->received)
		return GNI_RC_NOT_DONE;
	s->released++;
	uint64_t count = s->released;
	enum ugni_status st = put_remote(ep, ugni_peer_domain(ep), 0, &count,
			sizeof count);
	if (st != UGNI_ST_OK)
		ugni_raise(ep->nic, st, s->remote_box);
	return GNI_RC_SUCCESS;
}
