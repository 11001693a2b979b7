/*
 * ixpe.c: PE-strided PUT (broadcast), scatter and gather (4.9.2.4,
 * 5.3.24-5.3.32).
 *
 * The remote address must be symmetric: the descriptor must be the
 * caller's data_seg or sheap_seg (E-DMAPP-038), and it names the same
 * offset on every PE of the list.  Every PE of the list is checked
 * before anything moves; repeated PEs and the caller are allowed
 * (E-DMAPP-039).  List entry k receives source elements k*nelems ..
 * (k+1)*nelems-1 (scatter) or delivers its elements to target_addr +
 * k*nelems*size (gather).  One request covers the whole list.
 */
#include "dmapp_impl.h"

enum ixpe_kind { IXPE_PUT, IXPE_SCATTER, IXPE_GATHER };

static dmapp_return_t ixpe(enum dmapp_mode mode, enum ixpe_kind kind,
			   void *remote_addr, dmapp_seg_desc_t *seg,
			   dmapp_pe_t *pe_list, uint32_t num_pes,
			   void *local_addr, uint64_t nelems,
			   dmapp_type_t type, dmapp_syncid_handle_t *syncid)
{
	size_t size = dmapp_type_size(type);
	uint64_t bytes, local_bytes;
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;

	/* Zero-length gathers are GETs of nothing (E-DMAPP-030). */
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || seg == NULL ||
	    size == 0 || (kind == IXPE_GATHER && nelems == 0) ||
	    (num_pes > 0 && pe_list == NULL) ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS ||
	    dmapp_bytes(nelems, size, &bytes) != 0 ||
	    dmapp_bytes(bytes, num_pes, &local_bytes) != 0 ||
	    (local_bytes > 0 && local_addr == NULL) ||
	    !dmapp_seg_symmetric(seg))
		return DMAPP_RC_INVALID_PARAM;
	for (uint32_t k = 0; k < num_pes; k++) {
		rc = dmapp_remote(seg, pe_list[k], remote_addr, 0, bytes, &r);
		if (rc != DMAPP_RC_SUCCESS)
			return rc;
	}

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	char *local = local_addr;
	for (uint32_t k = 0; k < num_pes && rc == DMAPP_RC_SUCCESS; k++) {
		/* nelems 0 allows a NULL local buffer: no arithmetic on it */
		char *at = local ? local + k * bytes : NULL;
		dmapp_remote(seg, pe_list[k], remote_addr, 0, bytes, &r);
		switch (kind) {
		case IXPE_PUT:
			rc = dmapp_xfer_put(req, &r, 0, local, (size_t)bytes);
			break;
		case IXPE_SCATTER:
			rc = dmapp_xfer_put(req, &r, 0, at, (size_t)bytes);
			break;
		case IXPE_GATHER:
			rc = dmapp_xfer_get(req, &r, 0, at, (size_t)bytes);
			break;
		}
	}
	return dmapp_req_end(mode, req, rc, syncid);
}

/*
 * 5.3.24 dmapp_put_ixpe_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also a
 * non-symmetric descriptor, a PE out of range); DMAPP_RC_NO_SPACE;
 * DMAPP_RC_RESOURCE_ERROR (E-DMAPP-026).
 */
dmapp_return_t dmapp_put_ixpe_nb(void *target_addr,
				 dmapp_seg_desc_t *target_seg,
				 dmapp_pe_t *target_pe_list,
				 uint32_t num_target_pes, void *source_addr,
				 uint64_t nelems, dmapp_type_t type,
				 dmapp_syncid_handle_t *syncid)
{
	return ixpe(MODE_NB, IXPE_PUT, target_addr, target_seg,
		    target_pe_list, num_target_pes, source_addr, nelems,
		    type, syncid);
}

/*
 * 5.3.25 dmapp_put_ixpe_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR.
 * Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_put_ixpe_nbi(void *target_addr,
				  dmapp_seg_desc_t *target_seg,
				  dmapp_pe_t *target_pe_list,
				  uint32_t num_target_pes, void *source_addr,
				  uint64_t nelems, dmapp_type_t type)
{
	return ixpe(MODE_NBI, IXPE_PUT, target_addr, target_seg,
		    target_pe_list, num_target_pes, source_addr, nelems,
		    type, NULL);
}

/*
 * 5.3.26 dmapp_put_ixpe
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_put_ixpe(void *target_addr, dmapp_seg_desc_t *target_seg,
			      dmapp_pe_t *target_pe_list,
			      uint32_t num_target_pes, void *source_addr,
			      uint64_t nelems, dmapp_type_t type)
{
	return ixpe(MODE_BLOCKING, IXPE_PUT, target_addr, target_seg,
		    target_pe_list, num_target_pes, source_addr, nelems,
		    type, NULL);
}

/*
 * 5.3.27 dmapp_scatter_ixpe_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.  The source holds
 * num_target_pes * nelems elements (E-DMAPP-060).
 */
dmapp_return_t dmapp_scatter_ixpe_nb(void *target_addr,
				     dmapp_seg_desc_t *target_seg,
				     dmapp_pe_t *target_pe_list,
				     uint32_t num_target_pes,
				     void *source_addr, uint64_t nelems,
				     dmapp_type_t type,
				     dmapp_syncid_handle_t *syncid)
{
	return ixpe(MODE_NB, IXPE_SCATTER, target_addr, target_seg,
		    target_pe_list, num_target_pes, source_addr, nelems,
		    type, syncid);
}

/*
 * 5.3.28 dmapp_scatter_ixpe_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR.
 * Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_scatter_ixpe_nbi(void *target_addr,
				      dmapp_seg_desc_t *target_seg,
				      dmapp_pe_t *target_pe_list,
				      uint32_t num_target_pes,
				      void *source_addr, uint64_t nelems,
				      dmapp_type_t type)
{
	return ixpe(MODE_NBI, IXPE_SCATTER, target_addr, target_seg,
		    target_pe_list, num_target_pes, source_addr, nelems,
		    type, NULL);
}

/*
 * 5.3.29 dmapp_scatter_ixpe
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR (E-DMAPP-024).  Never NO_SPACE.
 */
dmapp_return_t dmapp_scatter_ixpe(void *target_addr,
				  dmapp_seg_desc_t *target_seg,
				  dmapp_pe_t *target_pe_list,
				  uint32_t num_target_pes, void *source_addr,
				  uint64_t nelems, dmapp_type_t type)
{
	return ixpe(MODE_BLOCKING, IXPE_SCATTER, target_addr, target_seg,
		    target_pe_list, num_target_pes, source_addr, nelems,
		    type, NULL);
}

/*
 * 5.3.30 dmapp_gather_ixpe_nb
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM (also nelems 0);
 * DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_gather_ixpe_nb(void *target_addr, void *source_addr,
				    dmapp_seg_desc_t *source_seg,
				    dmapp_pe_t *source_pe_list,
				    uint32_t num_source_pes, uint64_t nelems,
				    dmapp_type_t type,
				    dmapp_syncid_handle_t *syncid)
{
	return ixpe(MODE_NB, IXPE_GATHER, source_addr, source_seg,
		    source_pe_list, num_source_pes, target_addr, nelems,
		    type, syncid);
}

/*
 * 5.3.31 dmapp_gather_ixpe_nbi
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR.
 * Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_gather_ixpe_nbi(void *target_addr, void *source_addr,
				     dmapp_seg_desc_t *source_seg,
				     dmapp_pe_t *source_pe_list,
				     uint32_t num_source_pes, uint64_t nelems,
				     dmapp_type_t type)
{
	return ixpe(MODE_NBI, IXPE_GATHER, source_addr, source_seg,
		    source_pe_list, num_source_pes, target_addr, nelems,
		    type, NULL);
}

/*
 * 5.3.32 dmapp_gather_ixpe
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_gather_ixpe(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t *source_pe_list,
				 uint32_t num_source_pes, uint64_t nelems,
				 dmapp_type_t type)
{
	return ixpe(MODE_BLOCKING, IXPE_GATHER, source_addr, source_seg,
		    source_pe_list, num_source_pes, target_addr, nelems,
		    type, NULL);
}
