/*
 * post.c: what PostFma (3.6.1), PostRdma (3.8.1) and PostCqWrite
 * (3.9.6) share: the descriptor rules, the checks in the order of the
 * return codes, the transaction through the NIC model and its events.
 */
#include <stdlib.h>
#include <unistd.h>
#include "ugni.h"

enum dir { PUT, GET, AMO, CQW };

#define L GNI_CQMODE_LOCAL_EVENT
#define G GNI_CQMODE_GLOBAL_EVENT
#define R GNI_CQMODE_REMOTE_EVENT

/* 3.13.7 gni_post_descriptor, one row per post type: the engine that
 * takes it, the CQ modes it may request ("Only GLOBAL_EVENT and
 * REMOTE_EVENT can be requested for FMA_PUT, FMA_GET and AMO";
 * LOCAL_EVENT "can be used only for BTE transactions"), the alignment
 * of addresses and length (3.6.1: none for PUTs, 4 bytes for GETs,
 * 8 for AMOs), whether zero length is allowed (3.6.1) and whether the
 * local memory handle is needed ("not required for FMA PUT and AMOs
 * with PUT semantics"). */
static const struct post_rule {
	gni_post_type_t type;
	enum ugni_engine engine;
	enum dir dir;
	uint16_t cq_modes;
	unsigned align;
	int zero_ok;
	int local_mh;
} rules[] = {
	{ GNI_POST_RDMA_PUT,           UGNI_BTE, PUT, L | G | R, 1, 0, 1 },
	{ GNI_POST_RDMA_GET,           UGNI_BTE, GET, L | G | R, 4, 0, 1 },
	{ GNI_POST_FMA_PUT,            UGNI_FMA, PUT, G | R,     1, 1, 0 },
	{ GNI_POST_FMA_PUT_W_SYNCFLAG, UGNI_FMA, PUT, G | R,     1, 1, 0 },
	{ GNI_POST_FMA_GET,            UGNI_FMA, GET, G | R,     4, 0, 1 },
	{ GNI_POST_AMO,                UGNI_FMA, AMO, G | R,     8, 0, 1 },
	{ GNI_POST_CQWRITE,            UGNI_CQW, CQW, G | R,     1, 1, 0 },
};

static const struct post_rule *rule_of(gni_post_type_t t, enum ugni_engine e)
{
	for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
		if (rules[i].type == t && rules[i].engine == e)
			return &rules[i];
	return NULL;
}

uint32_t ugni_peer_domain(const struct ugni_ep *ep)
{
	const struct ugni_cdm *c = ep->nic->cdm;
	uint32_t slot;

	if (nic_domain_find(nic_ntt_translate(c->ptag, ep->remote_addr),
			c->ptag, c->cookie, ep->remote_id, &slot) != NIC_OK)
		return NIC_NONE;
	return slot;
}

void ugni_raise(struct ugni_nic *nic, enum ugni_status st, uint64_t info)
{
	nic_err_raise(nic->cdm->ptag,
			(enum nic_err_category)ugni_errcodes[st].category,
			(uint16_t)st, info, (uint64_t)getpid());
}

/* One end of a copy: memory through a registration, or (for FMA PUT
 * sources) the caller's memory as the CPU stores it. */
struct side {
	int cpu;
	uint32_t domain;
	const gni_mem_handle_t *mh;
	uint64_t addr;
};

static enum ugni_status status_of(int rc)
{
	switch (rc) {
	case NIC_OK:      return UGNI_ST_OK;
	case NIC_EPERM:   return UGNI_ST_PTAG;
	case NIC_ESTATE:  return UGNI_ST_READONLY;
	case NIC_EBOUNDS: return UGNI_ST_BOUNDS;
	case NIC_EFAULT:  return UGNI_ST_MEMORY;
	default:          return UGNI_ST_BAD_MDH;
	}
}

static int resolve(const struct side *s, const struct ugni_cdm *c, uint64_t off,
		uint64_t len, int access, struct nic_span *sp, uint32_t *n)
{
	if (s->cpu) {
		sp[0] = (struct nic_span){ .pid = getpid(), .addr = s->addr + off,
				.len = len };
		*n = 1;
		return NIC_OK;
	}
	return nic_mdd_resolve(s->domain, c->ptag, c->cookie, &s->mh->qword1,
			s->addr + off, len, access, sp, NIC_MDD_MAX_SEGS, n);
}

static enum ugni_status move(const struct side *src, const struct side *dst,
		uint64_t len, const struct ugni_cdm *c)
{
	struct nic_span ds[NIC_MDD_MAX_SEGS], ss[NIC_MDD_MAX_SEGS];
	uint32_t nd, ns;
	int rc;

	/* check both ends whole before moving a byte, then one copy */
	if ((rc = resolve(dst, c, 0, len, NIC_WRITE, ds, &nd)) != NIC_OK ||
	    (rc = resolve(src, c, 0, len, NIC_READ, ss, &ns)) != NIC_OK ||
	    (rc = nic_copy_spans(ds, nd, ss, ns, len)) != NIC_OK)
		return status_of(rc);
	return UGNI_ST_OK;
}

static enum ugni_status amo(const struct side *remote, const struct side *local,
		const gni_post_descriptor_t *d, const struct ugni_cdm *c)
{
	const struct ugni_amo *a = ugni_amo_find(d->amo_cmd);
	struct nic_span sp[NIC_MDD_MAX_SEGS];
	uint64_t old;
	uint32_t n;
	int rc;

	if (a->fetching && (rc = resolve(local, c, 0, a->width, NIC_WRITE, sp, &n)) != NIC_OK)
		return status_of(rc);
	/* a 16-byte AX (E-UGNI-087) needs both words; the operation is
	 * applied to the first, the second is left as it was */
	rc = resolve(remote, c, 0, d->length, NIC_READ | NIC_WRITE, sp, &n);
	if (rc != NIC_OK)
		return status_of(rc);
	rc = nic_amo(sp[0].pid, sp[0].addr, a->width, a->op, d->first_operand,
			d->second_operand, &old);
	if (rc != NIC_OK)
		return status_of(rc);
	if (a->fetching) {
		resolve(local, c, 0, a->width, NIC_WRITE, sp, &n);
		if (nic_write_spans(sp, n, &old, a->width) != NIC_OK)
			return UGNI_ST_MEMORY;
	}
	return UGNI_ST_OK;
}

/* Run the transaction in the NIC model; the returned status goes into
 * the completion events. */
static enum ugni_status execute(struct ugni_ep *ep, gni_post_descriptor_t *d,
		const struct post_rule *r, uint32_t peer, uint32_t *cq_idx,
		uint32_t *cq_gen)
{
	const struct ugni_cdm *c = ep->nic->cdm;
	struct side remote = { 0, peer, &d->remote_mem_hndl, d->remote_addr };
	struct side local = { r->local_mh == 0 && r->dir == PUT,
		ep->nic->domain, &d->local_mem_hndl, d->local_addr };
	enum ugni_status st;

	*cq_idx = NIC_NONE;
	if (nic_ntt_translate(c->ptag, ep->remote_addr) != nic_address())
		return UGNI_ST_NO_ROUTE;
	if (nic_fault_transaction())
		return UGNI_ST_INJECTED;
	int rc = nic_mdd_dst_cq(peer, c->ptag, c->cookie,
			&d->remote_mem_hndl.qword1, cq_idx, cq_gen);
	if (rc != NIC_OK)
		return status_of(rc);
	switch (r->dir) {
	case PUT:
		st = move(&local, &remote, d->length, c);
		if (st == UGNI_ST_OK && d->type == GNI_POST_FMA_PUT_W_SYNCFLAG) {
			/* the flag lands after the data (3.13.7 sync_flag_*) */
			struct side flag = { 1, 0, NULL,
				(uint64_t)(uintptr_t)&d->sync_flag_value };
			remote.addr = d->sync_flag_addr;
			st = move(&flag, &remote, 8, c);
		}
		return st;
	case GET:
		return move(&remote, &local, d->length, c);
	case AMO:
		return amo(&remote, &local, d, c);
	case CQW:
		if (*cq_idx == NIC_NONE)
			return UGNI_ST_BAD_MDH;	/* no CQ behind the handle */
		return UGNI_ST_OK;
	}
	return UGNI_ST_OK;
}

/* The checks that give an immediate return code, in the order of the
 * return codes of 3.6.1 / 3.8.1 / 3.9.6. */
static gni_return_t check(struct ugni_ep *ep, gni_post_descriptor_t *d,
		const struct post_rule *r, struct ugni_cq **cq)
{
	const struct ugni_cdm *c = ep->nic->cdm;
	uint16_t mode = d->cq_mode;

	if (mode & ~(L | G | R) || mode & ~r->cq_modes)
		return GNI_RC_INVALID_PARAM;	/* E-UGNI-148 */
	if (r->engine == UGNI_BTE && (mode & (L | G)) == (L | G) &&
			!(c->modes & GNI_CDM_MODE_DUAL_EVENTS))
		return GNI_RC_INVALID_PARAM;	/* E-UGNI-017 */
	if (r->engine == UGNI_BTE && (d->rdma_mode & GNI_RDMAMODE_PHYS_ADDR))
		return GNI_RC_INVALID_PARAM;	/* kernel only (E-UGNI-152) */
	*cq = ep->cq;
	if (r->engine == UGNI_BTE && d->src_cq_hndl) {	/* E-UGNI-153 */
		*cq = to_cq(d->src_cq_hndl);
		if (!*cq || (*cq)->nic != ep->nic)
			return GNI_RC_INVALID_PARAM;
	}
	if ((mode & (L | G)) && !*cq)
		return GNI_RC_INVALID_PARAM;	/* E-UGNI-057 */
	if (!nic_mdd_wellformed(&d->remote_mem_hndl.qword1))
		return GNI_RC_INVALID_PARAM;	/* E-UGNI-086 */
	if (r->dir == AMO && !ugni_amo_find(d->amo_cmd))
		return GNI_RC_INVALID_PARAM;
	if (r->dir != CQW && d->length == 0 && !r->zero_ok)
		return GNI_RC_INVALID_PARAM;	/* 3.6.1, E-UGNI-085, -103 */
	if (d->length > (1ull << 40))
		return GNI_RC_INVALID_PARAM;	/* absurd length */
	int needs_local = r->local_mh &&
		(r->dir != AMO || ugni_amo_find(d->amo_cmd)->fetching);
	/* an AMO aligns to its word: 8 bytes, 4 for the 32-bit commands */
	unsigned align = r->dir == AMO ? ugni_amo_find(d->amo_cmd)->width : r->align;
	if (align > 1 && (d->remote_addr % align || d->length % align ||
			(needs_local && d->local_addr % align)))
		return GNI_RC_ALIGNMENT_ERROR;
	if (d->type == GNI_POST_FMA_PUT_W_SYNCFLAG && d->sync_flag_addr % 8)
		return GNI_RC_ALIGNMENT_ERROR;	/* E-UGNI-145 */
	if (r->dir == AMO && !ugni_amo_length_ok(d->amo_cmd, d->length))
		return GNI_RC_INVALID_PARAM;	/* E-UGNI-144 */
	if (r->dir == AMO && d->remote_addr % d->length)
		return GNI_RC_ALIGNMENT_ERROR;	/* 16-byte AX (E-UGNI-087) */
	if (needs_local && r->engine == UGNI_BTE) {
		/* the BTE checks the local side at post time (E-UGNI-105);
		 * FMA finds out when it runs (E-UGNI-147) */
		struct nic_span sp[NIC_MDD_MAX_SEGS];
		uint32_t n;
		int rc = nic_mdd_resolve(ep->nic->domain, c->ptag, c->cookie,
				&d->local_mem_hndl.qword1, d->local_addr, d->length,
				r->dir == PUT ? NIC_READ : NIC_WRITE, sp,
				NIC_MDD_MAX_SEGS, &n);
		if (rc == NIC_ESTATE)
			return GNI_RC_PERMISSION_ERROR;
		if (rc != NIC_OK)
			return GNI_RC_INVALID_PARAM;
	}
	return GNI_RC_SUCCESS;
}

gni_return_t ugni_post(struct ugni_ep *ep, gni_post_descriptor_t *d,
		enum ugni_engine engine)
{
	const struct post_rule *r;
	struct ugni_cq *cq;
	gni_return_t rc;
	uint32_t cq_idx = NIC_NONE, cq_gen = 0, tid = NIC_NONE;

	ugni_progress();
	if (!d || !ep->bound || !(r = rule_of(d->type, engine)))
		return GNI_RC_INVALID_PARAM;	/* E-UGNI-056, -086 */
	if ((rc = check(ep, d, r, &cq)) != GNI_RC_SUCCESS)
		return rc;
	int bte = engine == UGNI_BTE;
	if (!bte && nic_res_over(ep->nic->cdm->ptag, NIC_RES_FMA))
		return GNI_RC_ERROR_RESOURCE;	/* no FMA descriptor left */
	if (bte && nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	if (bte && nic_res_take(ep->nic->cdm->ptag, NIC_RES_BTE) != NIC_OK)
		return GNI_RC_ERROR_RESOURCE;

	/* status and cq_mode_complete belong to the library while posted;
	 * post_id stays the client's (E-UGNI-149) */
	d->status = 0;
	d->cq_mode_complete = 0;
	uint32_t peer = ugni_peer_domain(ep);
	enum ugni_status st = execute(ep, d, r, peer, &cq_idx, &cq_gen);

	/* Event data (3.5.2, E-UGNI-058): events on the initiator's CQ,
	 * LOCAL and GLOBAL alike, carry the endpoint's remote_id (or
	 * local_event), so an FMA initiator, which has only GLOBAL events
	 * (3.13.7.2), learns which peer completed; the vendor's own example
	 * programs expect this.  Events at the destination carry the
	 * initiator's inst_id (or remote_event). */
	uint32_t inst = ep->nic->cdm->inst_id;
	uint32_t local_data = ep->event_data_set ? ep->local_event : ep->remote_id;
	uint32_t remote_data = ep->event_data_set ? ep->remote_event : inst;
	uint16_t expect = d->cq_mode & (L | G);

	if (st != UGNI_ST_OK) {
		ugni_raise(ep->nic, st, d->remote_addr);
		expect = expect & L ? L : G;	/* one error event (2.1.6) */
	}
	if (cq && expect) {
		tid = ugni_txn_new(ep, cq, d, expect, bte);
		if (tid == NIC_NONE) {
			if (bte)
				nic_res_give(ep->nic->cdm->ptag, NIC_RES_BTE);
			return engine == UGNI_BTE ? GNI_RC_ERROR_NOMEM :
				GNI_RC_ERROR_RESOURCE;
		}
	}
	/* remote event; a CQ write is one whatever cq_mode says */
	if (st == UGNI_ST_OK && cq_idx != NIC_NONE &&
			(r->dir == CQW || (d->cq_mode & R)))
		nic_cq_push(cq_idx, cq_gen, r->dir == CQW ?
			ugni_entry_cqwrite(d->cqwrite_value) :
			ugni_entry(GNI_CQ_EVENT_TYPE_POST, UGNI_EV_REMOTE,
				UGNI_ST_OK, remote_data, 0));
	int fence = (bte && (d->rdma_mode & GNI_RDMAMODE_FENCE)) ? 1 : 0;
	if (tid != NIC_NONE) {
		/* the last local event queued gives back the BTE descriptor */
		if (expect & L)
			ugni_deliver_local(ep, cq, ugni_entry(GNI_CQ_EVENT_TYPE_POST,
				UGNI_EV_LOCAL, st, local_data, tid),
				fence | (bte && !(expect & G) ? 2 : 0));
		if (expect & G)
			ugni_deliver_local(ep, cq, ugni_entry(GNI_CQ_EVENT_TYPE_POST,
				UGNI_EV_GLOBAL, st, local_data, tid),
				fence | (bte ? 2 : 0));
		bte = 0;
	}
	if (bte)
		nic_res_give(ep->nic->cdm->ptag, NIC_RES_BTE);
	return GNI_RC_SUCCESS;
}
