/*
 * query.c: the vendor's query calls (extension tier, gni_pub.h 0x5c):
 * GNI_GetVersionInformation, GNI_GetDevResInfo, GNI_GetJobResInfo,
 * GNI_GetNttGran, GNI_GetPtag.  The model has one device, id 0.
 */
#include <string.h>
#include "ugni.h"

/* GetVersionInformation: the library's version; the NIC model stands in
 * for the kernel driver, so it reports the same version.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_GetVersionInformation(gni_version_info_t *version_info)
{
	UGNI_LOCKED;
	if (!version_info)
		return GNI_RC_INVALID_PARAM;
	memset(version_info, 0, sizeof *version_info);
	version_info->ugni_version = GNI_VERSION;
	version_info->kgni_version = GNI_VERSION;
	strcpy(version_info->ugni_build_string, "rdmacts reference libugni");
	strcpy(version_info->kgni_build_string, "rdmacts software NIC model");
	return GNI_RC_SUCCESS;
}

/* The model's resources behind a device resource type; NIC_RES_COUNT for
 * one it does not have (MRT, CE, DLA). */
static enum nic_res dev_res(gni_dev_res_t t)
{
	switch (t) {
	case GNI_DEV_RES_MDD: return NIC_RES_MDD;
	case GNI_DEV_RES_CQ:  return NIC_RES_CQ;
	case GNI_DEV_RES_FMA: return NIC_RES_FMA;
	default:              return NIC_RES_COUNT;
	}
}

/* GetDevResInfo: the NIC's table of the resource and how much is held.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (the
 *   device has no such resource: MRT, CE, DLA in the model) */
gni_return_t GNI_GetDevResInfo(uint32_t device_id, gni_dev_res_t res_type,
		gni_dev_res_desc_t *res_desc)
{
	UGNI_LOCKED;
	uint64_t total, held;

	if (device_id != NIC_DEVICE_ID || !res_desc ||
			res_type <= GNI_DEV_RES_FIRST || res_type >= GNI_DEV_RES_LAST)
		return GNI_RC_INVALID_PARAM;
	enum nic_res r = dev_res(res_type);
	if (r == NIC_RES_COUNT)
		return GNI_RC_ERROR_RESOURCE;
	if (!ugni_fabric())
		return GNI_RC_ERROR_RESOURCE;
	nic_dev_res(r, &total, &held);
	*res_desc = (gni_dev_res_desc_t){ .available = total - held,
		.reserved = 0, .held = held, .total = total };
	return GNI_RC_SUCCESS;
}

static enum nic_res job_res(gni_job_res_t t)
{
	switch (t) {
	case GNI_JOB_RES_MDD:  return NIC_RES_MDD;
	case GNI_JOB_RES_CQ:   return NIC_RES_CQ;
	case GNI_JOB_RES_FMA:  return NIC_RES_FMA;
	case GNI_JOB_RES_RMDA: return NIC_RES_BTE;
	default:               return NIC_RES_COUNT;
	}
}

/* GetJobResInfo: what the job of ptag uses of the resource and its limit
 * (GNI_JOB_INVALID_LIMIT as a uint64_t when it has none).
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (MRT,
 *   IOMMU, GART, CE, DLA, SFMA: not in the model) */
gni_return_t GNI_GetJobResInfo(uint32_t device_id, uint8_t ptag,
		gni_job_res_t res_type, gni_job_res_desc_t *res_desc)
{
	UGNI_LOCKED;
	uint64_t used;
	int64_t limit;

	if (device_id != NIC_DEVICE_ID || !res_desc ||
			res_type <= GNI_JOB_RES_FIRST || res_type >= GNI_JOB_RES_LAST)
		return GNI_RC_INVALID_PARAM;
	enum nic_res r = job_res(res_type);
	if (r == NIC_RES_COUNT || !ugni_fabric())
		return GNI_RC_ERROR_RESOURCE;
	nic_job_res(ptag, r, &used, &limit);
	*res_desc = (gni_job_res_desc_t){ .used = used,
		.limit = limit < 0 ? (uint64_t)GNI_JOB_INVALID_LIMIT : (uint64_t)limit };
	return GNI_RC_SUCCESS;
}

/* GetNttGran: each entry of the model's NTT translates one address.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_GetNttGran(uint32_t device_id, uint32_t *ntt_gran)
{
	UGNI_LOCKED;
	if (device_id != NIC_DEVICE_ID || !ntt_gran)
		return GNI_RC_INVALID_PARAM;
	*ntt_gran = 1;
	return GNI_RC_SUCCESS;
}

/* GetPtag: the ptag of the job ConfigureJob set up with cookie.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH (no such job or
 *   no such device) */
gni_return_t GNI_GetPtag(uint32_t device_id, uint32_t cookie, uint8_t *ptag)
{
	UGNI_LOCKED;
	if (!ptag)
		return GNI_RC_INVALID_PARAM;
	if (device_id != NIC_DEVICE_ID || !ugni_fabric())
		return GNI_RC_NO_MATCH;
	return nic_job_ptag(cookie, ptag) == NIC_OK ? GNI_RC_SUCCESS :
		GNI_RC_NO_MATCH;
}
