/*
 * pz.c: Protection Zones.  An LMR, RMR, EP or SRQ holds a reference to
 * its PZ; the PZ id travels with a connection so that an RDMA through
 * an rmr_context of another PZ than the remote Endpoint's fails.
 */
#include "dapl.h"

/*
 * dat_pz_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_pz_create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE *pz_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct pz *pz;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!pz_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (ia_full(ia, DAT_HANDLE_TYPE_PZ))
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_PROTECTION_DOMAIN);
	pz = obj_new(DAT_HANDLE_TYPE_PZ, sizeof *pz, ia);
	if (!pz)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	pz->id = ia->next_pz++;
	*pz_handle = pz;
	return DAT_SUCCESS;
}

/*
 * dat_pz_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_pz_query(DAT_PZ_HANDLE pz_handle, DAT_PZ_PARAM_MASK mask,
		DAT_PZ_PARAM *param)
{
	struct pz *pz = obj_get(pz_handle, DAT_HANDLE_TYPE_PZ);

	if (!pz)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (mask & ~DAT_PZ_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = pz->h.ia;
	return DAT_SUCCESS;
}

/*
 * dat_pz_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dapl_pz_free(DAT_PZ_HANDLE pz_handle)
{
	struct pz *pz = obj_get(pz_handle, DAT_HANDLE_TYPE_PZ);

	if (!pz)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (pz->refs > 0)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_PZ_IN_USE);
	obj_free(pz);
	return DAT_SUCCESS;
}
