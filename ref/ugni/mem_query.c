/*
 * mem_query.c: GNI_MemHndlQueryAttr, GNI_RebuildMemHndl and
 * GNI_MemQueryHndls (extension tier, gni_pub.h 0x5c).
 */
#include "ugni.h"

/* MemHndlQueryAttr: one attribute of a live handle a domain of this
 * process issued.  The model translates through no MRT, GART or IOMMU
 * and clones no MDD, so those attributes are always 0.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (NULL, unknown attribute, or a
 *   handle that names no registration) */
gni_return_t GNI_MemHndlQueryAttr(gni_mem_handle_t *mem_handle,
		gni_mem_handle_attr_t attr, int *yesno)
{
	UGNI_LOCKED;
	int readonly, virt;

	if (!mem_handle || !yesno || attr < GNI_MEMHNDL_ATTR_READONLY ||
			attr > GNI_MEMHNDL_ATTR_CLONE || !ugni_fabric())
		return GNI_RC_INVALID_PARAM;
	if (nic_mdd_attr(&mem_handle->qword1, &readonly, &virt) != NIC_OK)
		return GNI_RC_INVALID_PARAM;
	*yesno = attr == GNI_MEMHNDL_ATTR_READONLY ? readonly :
		attr == GNI_MEMHNDL_ATTR_VMDH ? virt : 0;
	return GNI_RC_SUCCESS;
}

/* RebuildMemHndl: the handle of another entry of the same vMDH block
 * (3.4.1): what a peer's GNI_MEM_USE_VMDH registration at vmdh_index
 * has, computed without exchanging it.  Only virtual handles have an
 * index to change.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (NULL, or not a vMDH handle) */
gni_return_t GNI_RebuildMemHndl(gni_mem_handle_t *src_mem_hndl,
		uint32_t vmdh_index, gni_mem_handle_t *dst_mem_hndl)
{
	UGNI_LOCKED;
	gni_mem_handle_t mh;

	if (!src_mem_hndl || !dst_mem_hndl ||
			nic_mdd_rebuild(&src_mem_hndl->qword1, vmdh_index, &mh.qword1) != NIC_OK)
		return GNI_RC_INVALID_PARAM;
	*dst_mem_hndl = mh;
	return GNI_RC_SUCCESS;
}

/* MemQueryHndls: the registration after *mem_handle (an all-zero handle:
 * the first) of the NIC handle, with its address and length.  The model
 * has no device file, so a NIC handle is needed.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH (no further
 *   registration), GNI_RC_INVALID_STATE (*mem_handle names none of the
 *   NIC's registrations); address and length are 0 on an error */
gni_return_t GNI_MemQueryHndls(gni_nic_handle_t nic_handle, int fd,
		gni_mem_handle_t *mem_handle, uint64_t *address, uint64_t *length)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);

	(void)fd;
	if (address)
		*address = 0;
	if (length)
		*length = 0;
	if (!n || !mem_handle || !address || !length)
		return GNI_RC_INVALID_PARAM;
	gni_mem_handle_t mh = *mem_handle;
	switch (nic_mdd_next(n->domain, &mh.qword1, address, length)) {
	case NIC_OK:
		*mem_handle = mh;
		return GNI_RC_SUCCESS;
	case NIC_ESTATE:
		return GNI_RC_INVALID_STATE;
	default:
		return GNI_RC_NO_MATCH;
	}
}
