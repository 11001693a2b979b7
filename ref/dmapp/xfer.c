/*
 * xfer.c: DMAPP data movement as uGNI posts.
 *
 * A contiguous piece shorter than offload_threshold goes by FMA
 * (GNI_PostFma), a longer one by RDMA (GNI_PostRdma, the BTE): 5.2.3.2.
 * uGNI's rules (3.13.7): FMA PUT reads any local memory; RDMA PUT, GETs
 * and fetching AMOs need local memory registered with the NIC; GETs need
 * 4-byte aligned addresses and lengths, AMOs 8-byte aligned words.  DMAPP
 * accepts any local buffer (E-DMAPP-036) and, for contiguous GET, any
 * alignment (E-DMAPP-027), so such pieces pass through staging buffers
 * in the internal megabyte of the symmetric heap: a GET reads the whole
 * 4-byte words that hold the range asked for and copies out its bytes.
 * Registrations are 4-byte rounded, so those words are always exported.
 */
#include <string.h>

#include "dmapp_impl.h"

static size_t min_size(uint64_t a, uint64_t b)
{
	return (size_t)(a < b ? a : b);
}

/*
 * Post op to pe; on success it is in flight and counted in its request.
 * A post the NIC refuses for what only the remote PE knows (a remote
 * memory handle no PE registered: GNI_RC_INVALID_PARAM, E-UGNI-086) is
 * a failed transfer, not a refused call: the request records a
 * transaction error, which a blocking call returns and an _nb or _nbi
 * call leaves to its sync call (4.9, E-DMAPP-034, E-DMAPP-045; the
 * _nb and _nbi sections list no DMAPP_RC_TRANSACTION_ERROR).
 */
static dmapp_return_t post(struct dmapp_op *op, dmapp_pe_t pe, int rdma)
{
	struct dmapp_req *req = op->req;
	dmapp_return_t drc;
	gni_return_t rc;

	op->desc.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
	for (;;) {
		rc = rdma ? GNI_PostRdma(dmapp.ep[pe], &op->desc)
			  : GNI_PostFma(dmapp.ep[pe], &op->desc);
		/* Out of transmit resources: let posts in flight finish. */
		if (rc != GNI_RC_ERROR_RESOURCE || dmapp.ops_in_flight == 0)
			break;
		dmapp_progress(1);
	}
	if (rc != GNI_RC_SUCCESS) {
		dmapp_op_put(op);
		drc = dmapp_from_gni(rc);
		if (drc != DMAPP_RC_TRANSACTION_ERROR)
			return drc;
		if (req->error == DMAPP_RC_SUCCESS)
			req->error = DMAPP_RC_TRANSACTION_ERROR;
		return DMAPP_RC_SUCCESS;
	}
	req->pending++;
	dmapp.ops_in_flight++;
	return DMAPP_RC_SUCCESS;
}

/* Give op a staging block of n bytes; its local side is the block. */
static dmapp_return_t stage(struct dmapp_op *op, size_t n)
{
	op->stage_off = dmapp_stage_alloc(n);
	if (op->stage_off == SIZE_MAX) {
		dmapp_op_put(op);
		return DMAPP_RC_RESOURCE_ERROR;
	}
	op->desc.local_addr = (uint64_t)(uintptr_t)dmapp_stage_ptr(op->stage_off);
	op->desc.local_mem_hndl = dmapp.sheap_seg.memhndl;
	return DMAPP_RC_SUCCESS;
}

dmapp_return_t dmapp_xfer_put(struct dmapp_req *req,
			      const struct dmapp_remote *r, uint64_t roff,
			      const void *src, size_t len)
{
	int rdma = len >= dmapp.attrs.offload_threshold;
	uint64_t raddr = r->addr + roff;
	const char *s = src;
	dmapp_return_t rc;

	while (len > 0) {
		size_t n = min_size(len, POST_MAX);
		struct dmapp_op *op = dmapp_op_get(req);
		gni_mem_handle_t mh;

		if (op == NULL)
			return DMAPP_RC_RESOURCE_ERROR;
		op->desc.type = rdma ? GNI_POST_RDMA_PUT : GNI_POST_FMA_PUT;
		op->desc.dlvr_mode =
			dmapp_routing_dlvr_mode[dmapp.attrs.put_relaxed_ordering];
		if (!rdma) {
			op->desc.local_addr = (uint64_t)(uintptr_t)s;
		} else if (dmapp_local_mh(s, n, &mh)) {
			op->desc.local_addr = (uint64_t)(uintptr_t)s;
			op->desc.local_mem_hndl = mh;
		} else {
			n = min_size(n, STAGE_CHUNK);
			if ((rc = stage(op, n)) != DMAPP_RC_SUCCESS)
				return rc;
			memcpy(dmapp_stage_ptr(op->stage_off), s, n);
		}
		op->desc.remote_addr = raddr;
		op->desc.remote_mem_hndl = r->mh;
		op->desc.length = n;
		if ((rc = post(op, r->pe, rdma)) != DMAPP_RC_SUCCESS)
			return rc;
		s += n;
		raddr += n;
		len -= n;
	}
	return DMAPP_RC_SUCCESS;
}

/* A GET straight into registered local memory: all 4-byte aligned. */
static dmapp_return_t get_direct(struct dmapp_req *req,
				 const struct dmapp_remote *r, uint64_t raddr,
				 char *d, size_t len, gni_mem_handle_t mh,
				 int rdma)
{
	dmapp_return_t rc;

	while (len > 0) {
		size_t n = min_size(len, POST_MAX);
		struct dmapp_op *op = dmapp_op_get(req);

		if (op == NULL)
			return DMAPP_RC_RESOURCE_ERROR;
		op->desc.type = rdma ? GNI_POST_RDMA_GET : GNI_POST_FMA_GET;
		op->desc.dlvr_mode =
			dmapp_routing_dlvr_mode[dmapp.attrs.get_relaxed_ordering];
		op->desc.local_addr = (uint64_t)(uintptr_t)d;
		op->desc.local_mem_hndl = mh;
		op->desc.remote_addr = raddr;
		op->desc.remote_mem_hndl = r->mh;
		op->desc.length = n;
		if ((rc = post(op, r->pe, rdma)) != DMAPP_RC_SUCCESS)
			return rc;
		d += n;
		raddr += n;
		len -= n;
	}
	return DMAPP_RC_SUCCESS;
}

dmapp_return_t dmapp_xfer_get(struct dmapp_req *req,
			      const struct dmapp_remote *r, uint64_t roff,
			      void *dst, size_t len)
{
	int rdma = len >= dmapp.attrs.offload_threshold;
	uint64_t raddr = r->addr + roff;
	gni_mem_handle_t mh;
	dmapp_return_t rc;

	if (((raddr | (uintptr_t)dst | len) & 3) == 0 &&
	    dmapp_local_mh(dst, len, &mh))
		return get_direct(req, r, raddr, dst, len, mh, rdma);

	/* Staged: the words [w0, w1) hold the bytes [raddr, raddr+len). */
	uint64_t w0 = raddr & ~(uint64_t)3;
	uint64_t w1 = (raddr + len + 3) & ~(uint64_t)3;
	for (uint64_t w = w0; w < w1; ) {
		size_t n = min_size(w1 - w, STAGE_CHUNK);
		struct dmapp_op *op = dmapp_op_get(req);
		if (op == NULL)
			return DMAPP_RC_RESOURCE_ERROR;
		if ((rc = stage(op, n)) != DMAPP_RC_SUCCESS)
			return rc;
		uint64_t lo = w > raddr ? w : raddr;
		uint64_t hi = w + n < raddr + len ? w + n : raddr + len;

		op->desc.type = rdma ? GNI_POST_RDMA_GET : GNI_POST_FMA_GET;
		op->desc.dlvr_mode =
			dmapp_routing_dlvr_mode[dmapp.attrs.get_relaxed_ordering];
		op->desc.remote_addr = w;
		op->desc.remote_mem_hndl = r->mh;
		op->desc.length = n;
		op->copy_to = (char *)dst + (lo - raddr);
		op->copy_from = lo - w;
		op->copy_len = hi - lo;
		if ((rc = post(op, r->pe, rdma)) != DMAPP_RC_SUCCESS)
			return rc;
		w += n;
	}
	return DMAPP_RC_SUCCESS;
}

dmapp_return_t dmapp_xfer_amo(struct dmapp_req *req,
			      const struct dmapp_remote *r,
			      gni_fma_cmd_type_t cmd, uint64_t first,
			      uint64_t second, void *result)
{
	struct dmapp_op *op = dmapp_op_get(req);
	dmapp_return_t rc;

	if (op == NULL)
		return DMAPP_RC_RESOURCE_ERROR;
	if (result) {
		/* The old value lands in a registered word, then in result. */
		if ((rc = stage(op, 8)) != DMAPP_RC_SUCCESS)
			return rc;
		op->copy_to = result;
		op->copy_len = 8;
	}
	op->desc.type = GNI_POST_AMO;
	op->desc.dlvr_mode =
		dmapp_routing_dlvr_mode[dmapp.attrs.put_relaxed_ordering];
	op->desc.remote_addr = r->addr;
	op->desc.remote_mem_hndl = r->mh;
	op->desc.length = 8;
	op->desc.amo_cmd = cmd;
	op->desc.first_operand = first;
	op->desc.second_operand = second;
	return post(op, r->pe, 0);
}
