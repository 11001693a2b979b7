/*
 * strided.c: strided PUT and GET (4.9.2.2, 5.3.12-5.3.17).
 *
 * Strides count elements (E-DMAPP-032): element i moves between
 * source_addr + i*sst*size and target_addr + i*tst*size; both must be
 * >= 1.  Unit strides make one contiguous transfer, other strides one
 * transfer per element.  Strided GETs of DW, QW and DQW elements need
 * 4-byte aligned addresses (E-DMAPP-027).
 */
#include "dmapp_impl.h"

/* Bytes spanned by nelems elements stride elements apart, or -1. */
static int span(uint64_t nelems, ptrdiff_t stride, size_t size, uint64_t *out)
{
	uint64_t step, last;

	if (nelems == 0) {
		*out = 0;
		return 0;
	}
	if (dmapp_bytes((uint64_t)stride, size, &step) != 0 ||
	    __builtin_mul_overflow(nelems - 1, step, &last) ||
	    __builtin_add_overflow(last, (uint64_t)size, out) || *out > SIZE_MAX)
		return -1;
	return 0;
}

/* Move element i of n; put: local -> remote, get: remote -> local. */
static dmapp_return_t move(int is_put, struct dmapp_req *req,
			   const struct dmapp_remote *r, char *local,
			   ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			   size_t size)
{
	ptrdiff_t rst = is_put ? tst : sst, lst = is_put ? sst : tst;
	dmapp_return_t rc = DMAPP_RC_SUCCESS;

	if (nelems == 0)
		return rc;
	if (rst == 1 && lst == 1)
		return is_put ? dmapp_xfer_put(req, r, 0, local, nelems * size)
			      : dmapp_xfer_get(req, r, 0, local, nelems * size);
	for (uint64_t i = 0; i < nelems && rc == DMAPP_RC_SUCCESS; i++) {
		uint64_t roff = i * (uint64_t)rst * size;
		char *l = local + i * (uint64_t)lst * size;
		rc = is_put ? dmapp_xfer_put(req, r, roff, l, size)
			    : dmapp_xfer_get(req, r, roff, l, size);
	}
	return rc;
}

static dmapp_return_t iput(enum dmapp_mode mode, void *target_addr,
			   dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe,
			   void *source_addr, ptrdiff_t tst, ptrdiff_t sst,
			   uint64_t nelems, dmapp_type_t type,
			   dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	uint64_t tspan, sspan;
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || target_seg == NULL ||
	    size == 0 || tst < 1 || sst < 1 ||
	    (nelems > 0 && source_addr == NULL) ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    span(nelems, tst, size, &tspan) != 0 ||
	    span(nelems, sst, size, &sspan) != 0)
		return DMAPP_RC_INVALID_PARAM;
	rc = dmapp_remote(target_seg, target_pe, target_addr, 0, tspan, &r);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	rc = move(1, req, &r, source_addr, tst, sst, nelems, size);
	return dmapp_req_end(mode, req, rc, syncid);
}

static dmapp_return_t iget(enum dmapp_mode mode, void *target_addr,
			   void *source_addr, dmapp_seg_desc_t *source_seg,
			   dmapp_pe_t source_pe, ptrdiff_t tst, ptrdiff_t sst,
			   uint64_t nelems, dmapp_type_t type,
			   dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	uint64_t tspan, sspan;
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || source_seg == NULL ||
	    size == 0 || tst < 1 || sst < 1 || nelems == 0 ||
	    target_addr == NULL ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    span(nelems, tst, size, &tspan) != 0 ||
	    span(nelems, sst, size, &sspan) != 0)
		return DMAPP_RC_INVALID_PARAM;
	rc = dmapp_remote(source_seg, source_pe, source_addr, 0, sspan, &r);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;
	if (size >= 4 && (((uintptr_t)target_addr | (uintptr_t)source_addr) & 3))
		return DMAPP_RC_ALIGNMENT_ERROR;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	rc = move(0, req, &r, target_addr, tst, sst, nelems, size);
	return dmapp_req_end(mode, req, rc, syncid);
}

/*
 * 5.3.12 dmapp_iput_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also a stride
 * below 1); DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR (E-DMAPP-026).
 */
dmapp_return_t dmapp_iput_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, void *source_addr,
			     ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			     dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	return iput(MODE_NB, target_addr, target_seg, target_pe, source_addr,
		    tst, sst, nelems, type, syncid);
}

/*
 * 5.3.13 dmapp_iput_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR.
 * Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_iput_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
			      dmapp_pe_t target_pe, void *source_addr,
			      ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			      dmapp_type_t type)
{
	return iput(MODE_NBI, target_addr, target_seg, target_pe, source_addr,
		    tst, sst, nelems, type, NULL);
}

/*
 * 5.3.14 dmapp_iput
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_iput(void *target_addr, dmapp_seg_desc_t *target_seg,
			  dmapp_pe_t target_pe, void *source_addr,
			  ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			  dmapp_type_t type)
{
	return iput(MODE_BLOCKING, target_addr, target_seg, target_pe,
		    source_addr, tst, sst, nelems, type, NULL);
}

/*
 * 5.3.15 dmapp_iget_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also nelems 0);
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_iget_nb(void *target_addr, void *source_addr,
			     dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			     ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			     dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	return iget(MODE_NB, target_addr, source_addr, source_seg, source_pe,
		    tst, sst, nelems, type, syncid);
}

/*
 * 5.3.16 dmapp_iget_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_iget_nbi(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			      ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			      dmapp_type_t type)
{
	return iget(MODE_NBI, target_addr, source_addr, source_seg, source_pe,
		    tst, sst, nelems, type, NULL);
}

/*
 * 5.3.17 dmapp_iget
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR; DMAPP_RC_TRANSACTION_ERROR.
 */
dmapp_return_t dmapp_iget(void *target_addr, void *source_addr,
			  dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			  ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			  dmapp_type_t type)
{
	return iget(MODE_BLOCKING, target_addr, source_addr, source_seg,
		    source_pe, tst, sst, nelems, type, NULL);
}
