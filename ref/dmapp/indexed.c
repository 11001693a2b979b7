/*
 * indexed.c: indexed PUT and GET (4.9.2.3, 5.3.18-5.3.23).
 *
 * Offsets count elements and the array is indexed from 0 (E-DMAPP-033):
 * element i moves between the local buffer at i*size and the remote
 * address target_addr (source_addr) + idx[i]*size.  Negative offsets are
 * refused; 0 is allowed.  Indexed GETs refuse DMAPP_BYTE (E-DMAPP-029)
 * and need 4-byte aligned addresses (E-DMAPP-027).
 */
#include "dmapp_impl.h"

/* Bytes from the remote base to the end of the furthest element, or -1. */
static int index_span(const ptrdiff_t *idx, uint64_t nelems, size_t size,
		      uint64_t *out)
{
	uint64_t max = 0, end;

	*out = 0;
	for (uint64_t i = 0; i < nelems; i++) {
		if (idx[i] < 0)
			return -1;
		if ((uint64_t)idx[i] > max)
			max = (uint64_t)idx[i];
	}
	if (nelems == 0)
		return 0;
	if (dmapp_bytes(max, size, &end) != 0 ||
	    __builtin_add_overflow(end, (uint64_t)size, out) || *out > SIZE_MAX)
		return -1;
	return 0;
}

static dmapp_return_t ixput(enum dmapp_mode mode, void *target_addr,
			    dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe,
			    void *source_addr, ptrdiff_t *tidx, uint64_t nelems,
			    dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;
	uint64_t bytes, rspan;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || target_seg == NULL ||
	    size == 0 || (nelems > 0 && (source_addr == NULL || tidx == NULL)) ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    dmapp_bytes(nelems, size, &bytes) != 0 ||
	    index_span(tidx, nelems, size, &rspan) != 0)
		return DMAPP_RC_INVALID_PARAM;
	rc = dmapp_remote(target_seg, target_pe, target_addr, 0, rspan, &r);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	const char *src = source_addr;
	for (uint64_t i = 0; i < nelems && rc == DMAPP_RC_SUCCESS; i++)
		rc = dmapp_xfer_put(req, &r, (uint64_t)tidx[i] * size,
				    src + i * size, size);
	return dmapp_req_end(mode, req, rc, syncid);
}

static dmapp_return_t ixget(enum dmapp_mode mode, void *target_addr,
			    void *source_addr, dmapp_seg_desc_t *source_seg,
			    dmapp_pe_t source_pe, ptrdiff_t *sidx,
			    uint64_t nelems, dmapp_type_t type,
			    dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;
	uint64_t bytes, rspan;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || source_seg == NULL ||
	    size == 0 || type == DMAPP_BYTE || nelems == 0 ||
	    target_addr == NULL || sidx == NULL ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    dmapp_bytes(nelems, size, &bytes) != 0 ||
	    index_span(sidx, nelems, size, &rspan) != 0)
		return DMAPP_RC_INVALID_PARAM;
	rc = dmapp_remote(source_seg, source_pe, source_addr, 0, rspan, &r);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;
	if (((uintptr_t)target_addr | (uintptr_t)source_addr) & 3)
		return DMAPP_RC_ALIGNMENT_ERROR;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	char *dst = target_addr;
	for (uint64_t i = 0; i < nelems && rc == DMAPP_RC_SUCCESS; i++)
		rc = dmapp_xfer_get(req, &r, (uint64_t)sidx[i] * size,
				    dst + i * size, size);
	return dmapp_req_end(mode, req, rc, syncid);
}

/*
 * 5.3.18 dmapp_ixput_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also a negative
 * offset); DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR (E-DMAPP-026).
 */
dmapp_return_t dmapp_ixput_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			      dmapp_pe_t target_pe, void *source_addr,
			      ptrdiff_t *tidx, uint64_t nelems,
			      dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	return ixput(MODE_NB, target_addr, target_seg, target_pe, source_addr,
		     tidx, nelems, type, syncid);
}

/*
 * 5.3.19 dmapp_ixput_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR.
 * Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_ixput_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
			       dmapp_pe_t target_pe, void *source_addr,
			       ptrdiff_t *tidx, uint64_t nelems,
			       dmapp_type_t type)
{
	return ixput(MODE_NBI, target_addr, target_seg, target_pe, source_addr,
		     tidx, nelems, type, NULL);
}

/*
 * 5.3.20 dmapp_ixput
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_ixput(void *target_addr, dmapp_seg_desc_t *target_seg,
			   dmapp_pe_t target_pe, void *source_addr,
			   ptrdiff_t *tidx, uint64_t nelems, dmapp_type_t type)
{
	return ixput(MODE_BLOCKING, target_addr, target_seg, target_pe,
		     source_addr, tidx, nelems, type, NULL);
}

/*
 * 5.3.21 dmapp_ixget_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also DMAPP_BYTE,
 * nelems 0); DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE;
 * DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_ixget_nb(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			      ptrdiff_t *sidx, uint64_t nelems,
			      dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	return ixget(MODE_NB, target_addr, source_addr, source_seg, source_pe,
		     sidx, nelems, type, syncid);
}

/*
 * 5.3.22 dmapp_ixget_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_ixget_nbi(void *target_addr, void *source_addr,
			       dmapp_seg_desc_t *source_seg,
			       dmapp_pe_t source_pe, ptrdiff_t *sidx,
			       uint64_t nelems, dmapp_type_t type)
{
	return ixget(MODE_NBI, target_addr, source_addr, source_seg, source_pe,
		     sidx, nelems, type, NULL);
}

/*
 * 5.3.23 dmapp_ixget
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR; DMAPP_RC_TRANSACTION_ERROR.
 */
dmapp_return_t dmapp_ixget(void *target_addr, void *source_addr,
			   dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			   ptrdiff_t *sidx, uint64_t nelems, dmapp_type_t type)
{
	return ixget(MODE_BLOCKING, target_addr, source_addr, source_seg,
		     source_pe, sidx, nelems, type, NULL);
}
