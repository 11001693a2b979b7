/*
 * cdm.c: 3.2 Communication Domain, 3.11 Other, and the vendor
 * GetDeviceType.
 *
 * The model has one NIC, device id 0, at the address PMI_GNI_LOC_ADDR
 * names (default 1).  A domain is a (ptag, cookie, inst_id) triple;
 * attaching it makes it known to the NIC so that peers can reach it.
 */
#include <stdlib.h>
#include "ugni.h"

#define MODE_FORK (GNI_CDM_MODE_FORK_NOCOPY | GNI_CDM_MODE_FORK_FULLCOPY | \
		GNI_CDM_MODE_FORK_PARTCOPY)
#define MODE_ERR (GNI_CDM_MODE_ERR_NO_KILL | GNI_CDM_MODE_ERR_ALL_KILL)

static int fabric_joined;

/* Joins the job's fabric once per process: 1 when joined. */
int ugni_fabric(void)
{
	if (!fabric_joined && nic_join() == NIC_OK)
		fabric_joined = 1;
	return fabric_joined;
}

__attribute__((destructor)) static void fabric_fini(void)
{
	if (fabric_joined)
		nic_leave();
	fabric_joined = 0;
}

static int one_of(uint32_t modes, uint32_t group)
{
	uint32_t m = modes & group;
	return (m & (m - 1)) == 0;	/* zero or one flag of the group */
}

/* 3.2.1 CdmCreate
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_CdmCreate(uint32_t inst_id, uint8_t ptag, uint32_t cookie,
		uint32_t modes, gni_cdm_handle_t *cdm_handle)
{
	UGNI_LOCKED;
	if (!cdm_handle || !one_of(modes, MODE_FORK) || !one_of(modes, MODE_ERR) ||
			(modes & 0xF0000000u))	/* PRIV_* bits (E-UGNI-013) */
		return GNI_RC_INVALID_PARAM;
	struct ugni_cdm *c = nic_alloc(sizeof *c);
	if (!c)
		return GNI_RC_ERROR_NOMEM;
	*c = (struct ugni_cdm){ .inst_id = inst_id, .cookie = cookie,
		.modes = modes, .ptag = ptag };
	c->self = ugni_handle_new(UGNI_CDM, c);
	if (!c->self) {
		free(c);
		return GNI_RC_ERROR_NOMEM;
	}
	*cdm_handle = c->self;
	return GNI_RC_SUCCESS;
}

static void destroy_ep(void *obj, void *nic)
{
	struct ugni_ep *ep = obj;
	if (ep->nic == nic)
		ugni_ep_destroy_obj(ep);
}

static void destroy_cq(void *obj, void *nic)
{
	struct ugni_cq *cq = obj;
	if (cq->nic == nic)
		ugni_cq_destroy_obj(cq);
}

static void destroy_err(void *obj, void *nic)
{
	struct ugni_err *e = obj;
	if (e->nic == nic)
		ugni_err_destroy_obj(e);
}

static void destroy_chan(void *obj, void *nic)
{
	struct ugni_chan *ch = obj;
	if (ch->nic == nic)
		ugni_chan_destroy_obj(ch);
}

/* 3.2.2 CdmDestroy: also releases everything created through its NIC
 * handle (endpoints, CQs, registrations, error subscriptions, and the
 * completion channels of the vendor extension).
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_CdmDestroy(gni_cdm_handle_t cdm_handle)
{
	UGNI_LOCKED;
	struct ugni_cdm *c = to_cdm(cdm_handle);

	if (!c)
		return GNI_RC_INVALID_PARAM;
	if (c->nic) {
		struct ugni_nic *n = c->nic;
		ugni_handle_each(UGNI_EP, destroy_ep, n);
		ugni_handle_each(UGNI_CQ, destroy_cq, n);
		ugni_handle_each(UGNI_ERR, destroy_err, n);
		ugni_handle_each(UGNI_CHAN, destroy_chan, n);
		nic_domain_detach(n->domain);	/* and its MDDs */
		ugni_handle_free(n->self);
		free(n);
	}
	ugni_handle_free(c->self);
	free(c);
	return GNI_RC_SUCCESS;
}

/* 3.2.3 CdmGetNicAddress
 *   GNI_RC_SUCCESS, GNI_RC_NO_MATCH (and GNI_RC_INVALID_PARAM for NULL
 *   outputs, E-UGNI reading in reference-readings.json) */
gni_return_t GNI_CdmGetNicAddress(uint32_t device_id, uint32_t *address,
		uint32_t *cpu_id)
{
	UGNI_LOCKED;
	if (device_id != NIC_DEVICE_ID)
		return GNI_RC_NO_MATCH;
	if (!address || !cpu_id)
		return GNI_RC_INVALID_PARAM;
	*address = nic_address();
	*cpu_id = 0;
	return GNI_RC_SUCCESS;
}

/* 3.2.4 CdmAttach
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH,
 *   GNI_RC_ERROR_RESOURCE, GNI_RC_ERROR_NOMEM, GNI_RC_INVALID_STATE,
 *   GNI_RC_PERMISSION_ERROR */
gni_return_t GNI_CdmAttach(gni_cdm_handle_t cdm_handle, uint32_t device_id,
		uint32_t *local_address, gni_nic_handle_t *nic_handle)
{
	UGNI_LOCKED;
	struct ugni_cdm *c = to_cdm(cdm_handle);
	uint32_t slot;

	if (!c || !local_address || !nic_handle)
		return GNI_RC_INVALID_PARAM;
	/* -1 attaches to the nearest NIC; INVALID_STATE then means no NIC
	 * is left for this domain (vendor gni_pub.h, E-UGNI-019) */
	if (device_id == (uint32_t)-1)
		device_id = NIC_DEVICE_ID;
	if (device_id != NIC_DEVICE_ID)
		return GNI_RC_NO_MATCH;
	if (c->nic)
		return GNI_RC_INVALID_STATE;
	if (!ugni_fabric())
		return GNI_RC_ERROR_NOMEM;
	/* the cray profile: only credentials configured for the job */
	if (!nic_attach_permitted(c->ptag, c->cookie))
		return GNI_RC_PERMISSION_ERROR;
	struct ugni_nic *n = nic_alloc(sizeof *n);
	if (!n)
		return GNI_RC_ERROR_NOMEM;
	int rc = nic_domain_attach(c->ptag, c->cookie, c->inst_id, c->modes, &slot);
	if (rc != NIC_OK) {
		free(n);
		return rc == NIC_EPERM ? GNI_RC_PERMISSION_ERROR :
			GNI_RC_ERROR_RESOURCE;
	}
	*n = (struct ugni_nic){ .cdm = c, .domain = slot,
		.address = nic_address(),
		.max_retrans = FMA_SMSG_MAX_RETRANS_DEFAULT };
	n->self = ugni_handle_new(UGNI_NIC, n);
	if (!n->self) {
		nic_domain_detach(slot);
		free(n);
		return GNI_RC_ERROR_NOMEM;
	}
	c->nic = n;
	*local_address = n->address;
	*nic_handle = n->self;
	return GNI_RC_SUCCESS;
}

/* 3.2.5 GetVersion
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_GetVersion(uint32_t *version)
{
	UGNI_LOCKED;
	if (!version)
		return GNI_RC_INVALID_PARAM;
	*version = GNI_VERSION;
	return GNI_RC_SUCCESS;
}

/* 3.2.6 ConfigureNTT
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_PERMISSION_ERROR (the
 *   cray profile, unprivileged), GNI_RC_ERROR_RESOURCE,
 *   GNI_RC_ERROR_NOMEM, GNI_RC_NO_MATCH */
gni_return_t GNI_ConfigureNTT(uint32_t device_id, gni_ntt_descriptor_t *ntt_desc,
		uint32_t *ntt_base)
{
	UGNI_LOCKED;
	if (!ntt_desc || !ntt_base)
		return GNI_RC_INVALID_PARAM;
	if (device_id != NIC_DEVICE_ID)
		return GNI_RC_NO_MATCH;
	if (!nic_may_configure_jobs())
		return GNI_RC_PERMISSION_ERROR;
	if (!ugni_fabric() || nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	int rc = nic_ntt_configure(ntt_desc->group_size, ntt_desc->table, ntt_base);
	return rc == NIC_ENORES ? GNI_RC_ERROR_RESOURCE :
		rc == NIC_OK ? GNI_RC_SUCCESS : GNI_RC_INVALID_PARAM;
}

/* 3.2.7 ConfigureJob
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_PERMISSION_ERROR,
 *   GNI_RC_NO_MATCH, GNI_RC_INVALID_STATE, GNI_RC_ILLEGAL_OP,
 *   GNI_RC_ERROR_RESOURCE, GNI_RC_ERROR_NOMEM */
gni_return_t GNI_ConfigureJob(uint32_t device_id, uint64_t job_id, uint8_t ptag,
		uint32_t cookie, gni_job_limits_t *limits)
{
	UGNI_LOCKED;
	struct nic_limits l;

	if (device_id != NIC_DEVICE_ID)
		return GNI_RC_NO_MATCH;
	if (limits && ((limits->ntt_size != GNI_JOB_INVALID_LIMIT &&
			limits->ntt_size < 0) ||
			(limits->ntt_base != GNI_JOB_INVALID_LIMIT &&
			limits->ntt_base < 0) ||
			(limits->ntt_ctrl != GNI_JOB_INVALID_LIMIT &&
			(limits->ntt_ctrl & ~GNI_JOB_CTRL_NTT_CLEANUP))))
		return GNI_RC_INVALID_PARAM;	/* 3.13.4.2: ntt_ctrl */
	if (!nic_may_configure_jobs())
		return GNI_RC_PERMISSION_ERROR;
	if (!ugni_fabric() || nic_alloc_fails())
		return GNI_RC_ERROR_NOMEM;
	if (limits)
		l = (struct nic_limits){ limits->mdd_limit, limits->fma_limit,
			limits->bte_limit, limits->cq_limit, limits->ntt_ctrl,
			limits->ntt_base, limits->ntt_size };
	switch (nic_job_configure(job_id, ptag, cookie, limits ? &l : NULL)) {
	case NIC_OK:     return GNI_RC_SUCCESS;
	case NIC_ESTATE: return GNI_RC_INVALID_STATE;
	case NIC_EBUSY:  return GNI_RC_ILLEGAL_OP;
	case NIC_ENOENT: return GNI_RC_NO_MATCH;
	case NIC_EPERM:  return GNI_RC_PERMISSION_ERROR;
	case NIC_ENORES: return GNI_RC_ERROR_RESOURCE;
	default:         return GNI_RC_INVALID_PARAM;
	}
}

/* 3.11.1 GetNumLocalDevices
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_GetNumLocalDevices(int *num_devices)
{
	UGNI_LOCKED;
	if (!num_devices)
		return GNI_RC_INVALID_PARAM;
	*num_devices = 1;
	return GNI_RC_SUCCESS;
}

/* 3.11.2 GetLocalDeviceIds
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_GetLocalDeviceIds(int len, int *device_ids)
{
	UGNI_LOCKED;
	if (!device_ids || len < 1)
		return GNI_RC_INVALID_PARAM;
	device_ids[0] = NIC_DEVICE_ID;
	return GNI_RC_SUCCESS;
}

/* Vendor GetDeviceType: the model presents a Gemini NIC, the device
 * the document describes, or an Aries under the aries profile of the
 * extension tier (RDMACTS_TC_ARIES). */
gni_return_t GNI_GetDeviceType(gni_nic_device_t *dev_type)
{
	UGNI_LOCKED;
	if (!dev_type)
		return GNI_RC_INVALID_PARAM;
	*dev_type = nic_aries() ? GNI_DEVICE_ARIES : GNI_DEVICE_GEMINI;
	return GNI_RC_SUCCESS;
}
