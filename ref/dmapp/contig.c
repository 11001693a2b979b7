/*
 * contig.c: contiguous PUT and GET (4.9.2.1, 5.3.6-5.3.11).
 *
 * Validation (E-DMAPP-034, E-DMAPP-035) precedes every effect; then the
 * request is started (NO_SPACE for an _nb call beyond max_outstanding_nb,
 * E-DMAPP-022) and the bytes are moved by xfer.c.  Any alignment is
 * accepted (E-DMAPP-027).
 */
#include "dmapp_impl.h"

static dmapp_return_t put(enum dmapp_mode mode, void *target_addr,
			  dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe,
			  void *source_addr, uint64_t nelems,
			  dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;
	uint64_t bytes;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || target_seg == NULL ||
	    size == 0 || (nelems > 0 && source_addr == NULL) ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    dmapp_bytes(nelems, size, &bytes) != 0)
		return DMAPP_RC_INVALID_PARAM;
	rc = dmapp_remote(target_seg, target_pe, target_addr, 0, bytes, &r);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	rc = dmapp_xfer_put(req, &r, 0, source_addr, (size_t)bytes);
	return dmapp_req_end(mode, req, rc, syncid);
}

static dmapp_return_t get(enum dmapp_mode mode, void *target_addr,
			  void *source_addr, dmapp_seg_desc_t *source_seg,
			  dmapp_pe_t source_pe, uint64_t nelems,
			  dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;
	uint64_t bytes;

	/* Zero-length GETs are not supported (E-DMAPP-030). */
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || source_seg == NULL ||
	    size == 0 || nelems == 0 || target_addr == NULL ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    dmapp_bytes(nelems, size, &bytes) != 0)
		return DMAPP_RC_INVALID_PARAM;
	rc = dmapp_remote(source_seg, source_pe, source_addr, 0, bytes, &r);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	rc = dmapp_xfer_get(req, &r, 0, target_addr, (size_t)bytes);
	return dmapp_req_end(mode, req, rc, syncid);
}

/*
 * 5.3.6 dmapp_put_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM; DMAPP_RC_NO_SPACE
 * (max_outstanding_nb syncids unretired); DMAPP_RC_RESOURCE_ERROR.  A
 * failed transfer is reported by dmapp_syncid_test/wait.
 */
dmapp_return_t dmapp_put_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			    dmapp_pe_t target_pe, void *source_addr,
			    uint64_t nelems, dmapp_type_t type,
			    dmapp_syncid_handle_t *syncid)
{
	return put(MODE_NB, target_addr, target_seg, target_pe, source_addr,
		   nelems, type, syncid);
}

/*
 * 5.3.7 dmapp_put_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR.  A
 * failed transfer is reported by dmapp_gsync_test/wait.
 */
dmapp_return_t dmapp_put_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, void *source_addr,
			     uint64_t nelems, dmapp_type_t type)
{
	return put(MODE_NBI, target_addr, target_seg, target_pe, source_addr,
		   nelems, type, NULL);
}

/*
 * 5.3.8 dmapp_put
 * DMAPP_RC_SUCCESS once the data is at the target; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_RESOURCE_ERROR; DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE
 * (E-DMAPP-021).
 */
dmapp_return_t dmapp_put(void *target_addr, dmapp_seg_desc_t *target_seg,
			 dmapp_pe_t target_pe, void *source_addr,
			 uint64_t nelems, dmapp_type_t type)
{
	return put(MODE_BLOCKING, target_addr, target_seg, target_pe,
		   source_addr, nelems, type, NULL);
}

/*
 * 5.3.9 dmapp_get_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also nelems 0);
 * DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_get_nb(void *target_addr, void *source_addr,
			    dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			    uint64_t nelems, dmapp_type_t type,
			    dmapp_syncid_handle_t *syncid)
{
	return get(MODE_NB, target_addr, source_addr, source_seg, source_pe,
		   nelems, type, syncid);
}

/*
 * 5.3.10 dmapp_get_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM (also nelems 0);
 * DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_get_nbi(void *target_addr, void *source_addr,
			     dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			     uint64_t nelems, dmapp_type_t type)
{
	return get(MODE_NBI, target_addr, source_addr, source_seg, source_pe,
		   nelems, type, NULL);
}

/*
 * 5.3.11 dmapp_get
 * DMAPP_RC_SUCCESS once the data is in target_addr; DMAPP_RC_INVALID_PARAM
 * (also nelems 0); DMAPP_RC_RESOURCE_ERROR; DMAPP_RC_TRANSACTION_ERROR.
 */
dmapp_return_t dmapp_get(void *target_addr, void *source_addr,
			 dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			 uint64_t nelems, dmapp_type_t type)
{
	return get(MODE_BLOCKING, target_addr, source_addr, source_seg,
		   source_pe, nelems, type, NULL);
}
