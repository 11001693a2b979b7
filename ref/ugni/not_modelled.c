/*
 * not_modelled.c: the calls of the vendor interface (extension tier)
 * that a software NIC cannot honestly model.  Each answers
 * GNI_RC_ILLEGAL_OP, the vendor's code for an operation the NIC does not
 * support, whatever its arguments, after touching nothing; the comment
 * above each says why.  vectors/ugni/ext-calls.json lists them with
 * "modelled": false and the same reason.
 */
#include "ugni.h"

#define NOT_MODELLED GNI_RC_ILLEGAL_OP

/* decodes a CE result, which no modelled call produces: 0 */
uint64_t gni_ce_res_get_status(gni_ce_result_t *result)
{
	(void)result;
	return 0;
}

/* decodes a CE result, which no modelled call produces: 0 */
uint64_t gni_ce_res_status_ok(gni_ce_result_t *result)
{
	(void)result;
	return 0;
}

/* decodes a CE result, which no modelled call produces: 0 */
uint64_t gni_ce_res_get_fpe(gni_ce_result_t *result)
{
	(void)result;
	return 0;
}

/* decodes a CE result, which no modelled call produces: 0 */
uint64_t gni_ce_res_get_red_id(gni_ce_result_t *result)
{
	(void)result;
	return 0;
}

/* checkpoint/restart of the device file: the model has no device file */
gni_return_t GNI_CdmCheckpoint(gni_cdm_handle_t cdm_handle)
{
	(void)cdm_handle;
	return NOT_MODELLED;
}

/* checkpoint/restart of the device file: the model has no device file */
gni_return_t GNI_CdmResume(gni_cdm_handle_t cdm_handle)
{
	(void)cdm_handle;
	return NOT_MODELLED;
}

/* holds the device file open across a restart: no device file, no public description */
gni_return_t GNI_CdmHold(uint8_t ptag, uint32_t cookie, int *nic_fd_ret)
{
	(void)ptag;
	(void)cookie;
	(void)nic_fd_ret;
	return NOT_MODELLED;
}

/* releases what GNI_CdmHold holds, which the model does not offer */
gni_return_t GNI_CdmRelease(int nic_fd)
{
	(void)nic_fd;
	return NOT_MODELLED;
}

/* privileged job suspension is kernel driver state */
gni_return_t GNI_SuspendJob(uint32_t device_id, uint64_t job_id, uint8_t ptag,
		uint32_t cookie, uint32_t timeout)
{
	(void)device_id;
	(void)job_id;
	(void)ptag;
	(void)cookie;
	(void)timeout;
	return NOT_MODELLED;
}

/* privileged job suspension is kernel driver state */
gni_return_t GNI_ResumeJob(uint32_t device_id, uint64_t job_id, uint8_t ptag,
		uint32_t cookie)
{
	(void)device_id;
	(void)job_id;
	(void)ptag;
	(void)cookie;
	return NOT_MODELLED;
}

/* returns a device file descriptor the model does not have */
gni_return_t GNI_ConfigureJobFd(uint32_t device_id, uint64_t job_id,
		uint8_t ptag, uint32_t cookie, gni_job_limits_t *limits, int *nic_fd)
{
	(void)device_id;
	(void)job_id;
	(void)ptag;
	(void)cookie;
	(void)limits;
	(void)nic_fd;
	return NOT_MODELLED;
}

/* chained transactions have no public description of their rules */
gni_return_t GNI_CtPostFma(gni_ep_handle_t ep_handle,
		gni_post_descriptor_t *post_descr)
{
	(void)ep_handle;
	(void)post_descr;
	return NOT_MODELLED;
}

/* chained transactions have no public description of their rules */
gni_return_t GNI_CtPostCqWrite(gni_ep_handle_t ep_handle,
		gni_post_descriptor_t *post_descr)
{
	(void)ep_handle;
	(void)post_descr;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqInit(gni_nic_handle_t nic_handle,
		gni_msgq_rcv_cb_func *rcv_cb, void *cb_data, gni_cq_handle_t snd_cq,
		gni_msgq_attr_t *attrs, gni_msgq_handle_t *msgq_handle)
{
	(void)nic_handle;
	(void)rcv_cb;
	(void)cb_data;
	(void)snd_cq;
	(void)attrs;
	(void)msgq_handle;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqRelease(gni_msgq_handle_t msgq_handle)
{
	(void)msgq_handle;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqIdle(gni_msgq_handle_t msgq_handle)
{
	(void)msgq_handle;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqGetConnAttrs(gni_msgq_handle_t msgq_handle,
		uint32_t pe_addr, gni_msgq_ep_attr_t *attrs, uint32_t *attrs_size)
{
	(void)msgq_handle;
	(void)pe_addr;
	(void)attrs;
	(void)attrs_size;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqConnect(gni_msgq_handle_t msgq_handle, uint32_t pe_addr,
		gni_msgq_ep_attr_t *attrs)
{
	(void)msgq_handle;
	(void)pe_addr;
	(void)attrs;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqConnRelease(gni_msgq_handle_t msgq_handle,
		uint32_t pe_addr)
{
	(void)msgq_handle;
	(void)pe_addr;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqSend(gni_msgq_handle_t msgq_handle,
		gni_ep_handle_t ep_handle, void *hdr, uint32_t hdr_len, void *msg,
		uint32_t msg_len, uint32_t msg_id, uint8_t msg_tag)
{
	(void)msgq_handle;
	(void)ep_handle;
	(void)hdr;
	(void)hdr_len;
	(void)msg;
	(void)msg_len;
	(void)msg_id;
	(void)msg_tag;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqProgress(gni_msgq_handle_t msgq_handle, uint32_t timeout)
{
	(void)msgq_handle;
	(void)timeout;
	return NOT_MODELLED;
}

/* needs hugetlbfs regions shared by a node's processes and a private protocol */
gni_return_t GNI_MsgqSize(gni_msgq_attr_t *attrs, uint32_t *size)
{
	(void)attrs;
	(void)size;
	return NOT_MODELLED;
}

/* dqueues have no public header or description */
gni_return_t GNI_DqueueInit(gni_nic_handle_t nic_handle,
		gni_dqueue_in_attr_t *in_attrs, gni_dqueue_out_attr_t *out_attrs,
		gni_dqueue_handle_t *dqueue)
{
	(void)nic_handle;
	(void)in_attrs;
	(void)out_attrs;
	(void)dqueue;
	return NOT_MODELLED;
}

/* dqueues have no public header or description */
gni_return_t GNI_DqueueFini(gni_dqueue_handle_t dqueue)
{
	(void)dqueue;
	return NOT_MODELLED;
}

/* dqueues have no public header or description */
gni_return_t GNI_DqueueConnect(gni_dqueue_handle_t dqueue,
		gni_dqueue_out_attr_t *attrs, uint32_t nattrs)
{
	(void)dqueue;
	(void)attrs;
	(void)nattrs;
	return NOT_MODELLED;
}

/* dqueues have no public header or description */
gni_return_t GNI_DqueuePut(gni_dqueue_handle_t dqueue, void *data,
		uint32_t length, uint32_t pe_addr, uint32_t inst_id)
{
	(void)dqueue;
	(void)data;
	(void)length;
	(void)pe_addr;
	(void)inst_id;
	return NOT_MODELLED;
}

/* dqueues have no public header or description */
gni_return_t GNI_DqueueProgress(gni_dqueue_handle_t dqueue)
{
	(void)dqueue;
	return NOT_MODELLED;
}

/* no public description of its semantics or privileges */
gni_return_t GNI_SetJobResInfo(uint32_t device_id, uint8_t ptag,
		gni_job_res_t res_type, uint64_t res_value)
{
	(void)device_id;
	(void)ptag;
	(void)res_type;
	(void)res_value;
	return NOT_MODELLED;
}

/* gni_revision_info_t has no public layout */
gni_return_t GNI_GetCapabilities(gni_revision_info_t *revision_info)
{
	(void)revision_info;
	return NOT_MODELLED;
}

/* gni_revision_info_t has no public layout */
gni_return_t GNI_ValidateCapabilities(gni_revision_info_t first_revision_info,
		gni_revision_info_t second_revision_info)
{
	(void)first_revision_info;
	(void)second_revision_info;
	return NOT_MODELLED;
}

/* no collective engine: the header's code for a NIC without it */
gni_return_t GNI_CeCreate(gni_nic_handle_t nic_handle,
		gni_ce_handle_t *ce_handle)
{
	(void)nic_handle;
	(void)ce_handle;
	return NOT_MODELLED;
}

/* no collective engine: the header's code for a NIC without it */
gni_return_t GNI_CeGetId(gni_ce_handle_t ce_handle, uint32_t *ce_id)
{
	(void)ce_handle;
	(void)ce_id;
	return NOT_MODELLED;
}

/* no collective engine: the header's code for a NIC without it */
gni_return_t GNI_EpSetCeAttr(gni_ep_handle_t ep_handle, uint32_t ce_id,
		uint32_t child_id, gni_ce_child_t child_type)
{
	(void)ep_handle;
	(void)ce_id;
	(void)child_id;
	(void)child_type;
	return NOT_MODELLED;
}

/* no collective engine: the header's code for a NIC without it */
gni_return_t GNI_CeConfigure(gni_ce_handle_t ce_handle,
		gni_ep_handle_t *child_eps, uint32_t num_child_eps,
		gni_ep_handle_t parent_ep, gni_cq_handle_t cq_handle, uint32_t modes)
{
	(void)ce_handle;
	(void)child_eps;
	(void)num_child_eps;
	(void)parent_ep;
	(void)cq_handle;
	(void)modes;
	return NOT_MODELLED;
}

/* no collective engine: the header's code for a NIC without it */
gni_return_t GNI_CeCheckResult(gni_ce_result_t *result, uint32_t length)
{
	(void)result;
	(void)length;
	return NOT_MODELLED;
}

/* no collective engine: the header's code for a NIC without it */
gni_return_t GNI_CeDestroy(gni_ce_handle_t ce_handle)
{
	(void)ce_handle;
	return NOT_MODELLED;
}

/* balanced injection throttles a physical network */
gni_return_t GNI_SetBIConfig(uint32_t device_id, uint16_t bw, uint16_t aot_bw,
		uint16_t modes)
{
	(void)device_id;
	(void)bw;
	(void)aot_bw;
	(void)modes;
	return NOT_MODELLED;
}

/* balanced injection throttles a physical network */
gni_return_t GNI_GetBIConfig(uint32_t device_id, gni_bi_desc_t *desc)
{
	(void)device_id;
	(void)desc;
	return NOT_MODELLED;
}

/* balanced injection throttles a physical network */
gni_return_t GNI_BISyncWait(uint32_t device_id, uint32_t timeout)
{
	(void)device_id;
	(void)timeout;
	return NOT_MODELLED;
}

/* counts hardware stalls and retransmissions the model never has */
gni_return_t GNI_GetNicStat(gni_nic_handle_t nic_handle, gni_statistic_t stat,
		uint32_t *value)
{
	(void)nic_handle;
	(void)stat;
	(void)value;
	return NOT_MODELLED;
}

/* counts hardware stalls and retransmissions the model never has */
gni_return_t GNI_ResetNicStat(gni_nic_handle_t nic_handle,
		gni_statistic_t stat)
{
	(void)nic_handle;
	(void)stat;
	return NOT_MODELLED;
}

/* writes a device register the model does not have */
gni_return_t GNI_SetDeviceOrbMMR(gni_nic_handle_t nic_handle,
		gni_dev_orb_mmr_t orb_mmr_type, uint64_t new_orb_mmr_value,
		uint64_t *old_orb_mmr_value)
{
	(void)nic_handle;
	(void)orb_mmr_type;
	(void)new_orb_mmr_value;
	(void)old_orb_mmr_value;
	return NOT_MODELLED;
}
