/*
 * mem.c: 3.4 Memory Registration.
 *
 * Registration checks that the memory is mapped with the permissions
 * the flags ask for (a read-write registration of read-only memory is
 * GNI_RC_PERMISSION_ERROR) and creates an MDD in the NIC model, which
 * checks every later access through the handle.  A single segment is
 * addressed by virtual address; several segments by offset into the
 * segments laid end to end (3.4.3).
 */
#include <stdlib.h>
#include "ugni.h"

#define KNOWN_FLAGS (GNI_MEM_READ_ONLY | GNI_MEM_USE_VMDH | GNI_MEM_USE_GART | \
	GNI_MEM_PHYS_CONT | GNI_MEM_PHYS_SEGMENTS | GNI_MEM_STRICT_PI_ORDERING | \
	GNI_MEM_PI_FLUSH | GNI_MEM_MDD_CLONE | GNI_MEM_RELAXED_PI_ORDERING | \
	GNI_MEM_RESERVE_REGION | GNI_MEM_UPDATE_REGION | GNI_MEM_MDD_SHARED | \
	GNI_MEM_MDD_DEDICATED)

static gni_return_t reg(struct ugni_nic *n, const gni_mem_segment_t *segs,
		uint32_t nseg, gni_cq_handle_t dst_cq_handle, uint32_t flags,
		uint32_t vmdh_index, gni_mem_handle_t *mem_handle)
{
	struct nic_seg s[NIC_MDD_MAX_SEGS];
	struct ugni_cq *cq = NULL;
	int perm_conflict = 0;

	if (!n || !mem_handle || !segs || nseg == 0 || (flags & ~KNOWN_FLAGS))
		return GNI_RC_INVALID_PARAM;
	if (dst_cq_handle) {
		cq = to_cq(dst_cq_handle);
		if (!cq || cq->nic != n)
			return GNI_RC_INVALID_PARAM;
	}
	if (nseg > NIC_MDD_MAX_SEGS)
		return GNI_RC_ERROR_RESOURCE;
	for (uint32_t i = 0; i < nseg; i++) {
		/* "A length parameter of zero in any segment results in a
		 * GNI_RC_INVALID_PARAM error." */
		if (segs[i].length == 0 || segs[i].address == 0 ||
				segs[i].length > UINT64_MAX - segs[i].address)
			return GNI_RC_INVALID_PARAM;
		int rc = nic_mem_check(segs[i].address, segs[i].length,
				!(flags & GNI_MEM_READ_ONLY));
		if (rc != NIC_OK)	/* unmapped too (E-UGNI-050) */
			perm_conflict = 1;
		s[i] = (struct nic_seg){ segs[i].address, segs[i].length };
	}
	if (nic_res_take(n->cdm->ptag, NIC_RES_MDD) != NIC_OK)
		return GNI_RC_ERROR_RESOURCE;
	if (nic_alloc_fails()) {
		nic_res_give(n->cdm->ptag, NIC_RES_MDD);
		return GNI_RC_ERROR_NOMEM;
	}
	unsigned f = (flags & GNI_MEM_READ_ONLY ? NIC_MDD_READONLY : 0) |
		(flags & GNI_MEM_USE_VMDH ? NIC_MDD_VMDH : 0);
	if (perm_conflict) {
		nic_res_give(n->cdm->ptag, NIC_RES_MDD);
		return GNI_RC_PERMISSION_ERROR;
	}
	int rc = nic_mdd_register(n->domain, s, nseg, f,
			cq ? cq->idx : NIC_NONE, cq ? cq->gen : 0,
			(flags & GNI_MEM_USE_VMDH) ? vmdh_index : NIC_NONE,
			&mem_handle->qword1);
	if (rc != NIC_OK) {
		nic_res_give(n->cdm->ptag, NIC_RES_MDD);
		return rc == NIC_ENOMEM ? GNI_RC_ERROR_NOMEM : GNI_RC_ERROR_RESOURCE;
	}
	return GNI_RC_SUCCESS;
}

/* 3.4.2 MemRegister
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE,
 *   GNI_RC_ERROR_NOMEM, GNI_RC_PERMISSION_ERROR */
gni_return_t GNI_MemRegister(gni_nic_handle_t nic_handle, uint64_t address,
		uint64_t length, gni_cq_handle_t dst_cq_handle, uint32_t flags,
		uint32_t vmdh_index, gni_mem_handle_t *mem_handle)
{
	UGNI_LOCKED;
	gni_mem_segment_t seg = { address, length };

	return reg(to_nic(nic_handle), &seg, 1, dst_cq_handle, flags,
			vmdh_index, mem_handle);
}

/* 3.4.3 MemRegisterSegments
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE,
 *   GNI_RC_ERROR_NOMEM, GNI_RC_PERMISSION_ERROR */
gni_return_t GNI_MemRegisterSegments(gni_nic_handle_t nic_handle,
		gni_mem_segment_t *mem_segments, uint32_t segments_cnt,
		gni_cq_handle_t dst_cq_handle, uint32_t flags, uint32_t vmdh_index,
		gni_mem_handle_t *mem_handle)
{
	UGNI_LOCKED;
	return reg(to_nic(nic_handle), mem_segments, segments_cnt,
			dst_cq_handle, flags, vmdh_index, mem_handle);
}

/* 3.4.4 SetMddResources: the block of vMDH entries of this domain.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (also: the block is in use by
 *   registrations), GNI_RC_ERROR_NOMEM */
gni_return_t GNI_SetMddResources(gni_nic_handle_t nic_handle, uint32_t num_entries)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);

	if (!n || num_entries == 0 || num_entries > 65536)
		return GNI_RC_INVALID_PARAM;
	if (nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	int rc = nic_mdd_set_vmdh_block(n->domain, num_entries);
	return rc == NIC_OK ? GNI_RC_SUCCESS :
		rc == NIC_ENOMEM ? GNI_RC_ERROR_NOMEM : GNI_RC_INVALID_PARAM;
}

/* 3.4.5 MemDeregister
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_MemDeregister(gni_nic_handle_t nic_handle,
		gni_mem_handle_t *mem_handle)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);

	if (!n || !mem_handle)
		return GNI_RC_INVALID_PARAM;
	if (nic_mdd_deregister(n->domain, &mem_handle->qword1) != NIC_OK)
		return GNI_RC_INVALID_PARAM;
	return GNI_RC_SUCCESS;
}
