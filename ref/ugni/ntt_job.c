/*
 * ntt_job.c: GNI_ConfigureNTTandJob (extension tier, gni_pub.h 0x5c):
 * GNI_ConfigureNTT and GNI_ConfigureJob in one call.  A NULL ntt_desc
 * makes it ConfigureJob; otherwise the entries ConfigureNTT allocates
 * become the job's NTT (ntt_base, ntt_size = group_size), and they are
 * given back when the job cannot be configured.
 */
#include "ugni.h"

/* ConfigureNTTandJob
 *   the return codes of ConfigureNTT and ConfigureJob */
gni_return_t GNI_ConfigureNTTandJob(int device_id, uint64_t job_id,
		uint8_t ptag, uint32_t cookie, gni_job_limits_t *limits,
		gni_ntt_descriptor_t *ntt_desc, uint32_t *ntt_base)
{
	UGNI_LOCKED;
	if (!ntt_desc)
		return GNI_ConfigureJob((uint32_t)device_id, job_id, ptag,
				cookie, limits);
	if (!ntt_base || !ntt_desc->table)
		return GNI_RC_INVALID_PARAM;	/* it cannot clear the NTT */
	gni_return_t rc = GNI_ConfigureNTT((uint32_t)device_id, ntt_desc, ntt_base);
	if (rc != GNI_RC_SUCCESS)
		return rc;
	/* no limits unless given; the NTT members are set below */
	gni_job_limits_t l = { .mdd_limit = GNI_JOB_INVALID_LIMIT,
		.mrt_limit = GNI_JOB_INVALID_LIMIT, .gart_limit = GNI_JOB_INVALID_LIMIT,
		.fma_limit = GNI_JOB_INVALID_LIMIT, .bte_limit = GNI_JOB_INVALID_LIMIT,
		.cq_limit = GNI_JOB_INVALID_LIMIT, .ntt_ctrl = GNI_JOB_INVALID_LIMIT };
	if (limits)
		l = *limits;
	l.ntt_base = (int32_t)*ntt_base;
	l.ntt_size = (int32_t)ntt_desc->group_size;
	rc = GNI_ConfigureJob((uint32_t)device_id, job_id, ptag, cookie, &l);
	if (rc != GNI_RC_SUCCESS) {
		gni_ntt_descriptor_t clear = *ntt_desc;
		uint32_t base = *ntt_base;
		clear.table = NULL;
		GNI_ConfigureNTT((uint32_t)device_id, &clear, &base);
	}
	return rc;
}
