/*
 * abi.c: the constants and structure layouts of 3.12 and 3.13, the GNI_
 * names of chapter 3 (3.1), and gni_pub.h compiling on its own after the
 * C standard headers (2.3).  This file includes only standard headers,
 * gni_pub.h and the corpus support header.
 */
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include "gni_pub.h"
#include "rdmacts_test.h"

#define EQ(a, b, c) RT_EXPECT_EQ_INT((long long)(a), (long long)(b), c)

RT_TEST(header_alone, "ugni.abi.header.compiles_alone", "UGNI-2-compile-with-gni-pub-h")
{
	gni_return_t rc = GNI_RC_SUCCESS;
	gni_post_descriptor_t d = { 0 };
	EQ(rc, 0, "UGNI-2-compile-with-gni-pub-h");
	EQ(d.type, 0, "UGNI-2-compile-with-gni-pub-h");
}

static const char *const calls[] = {
	"GNI_CdmCreate", "GNI_CdmDestroy", "GNI_CdmGetNicAddress", "GNI_CdmAttach",
	"GNI_GetVersion", "GNI_ConfigureNTT", "GNI_ConfigureJob", "GNI_CqCreate",
	"GNI_CqDestroy", "GNI_MemRegister", "GNI_MemRegisterSegments",
	"GNI_SetMddResources", "GNI_MemDeregister", "GNI_EpCreate",
	"GNI_EpSetEventData", "GNI_EpBind", "GNI_EpUnbind", "GNI_EpDestroy",
	"GNI_EpPostData", "GNI_EpPostDataWId", "GNI_EpPostDataTest",
	"GNI_EpPostDataTestById", "GNI_EpPostDataWait", "GNI_EpPostDataWaitById",
	"GNI_EpPostDataCancel", "GNI_EpPostDataCancelById", "GNI_PostDataProbe",
	"GNI_PostDataProbeById", "GNI_PostDataProbeWaitById", "GNI_PostFma",
	"GNI_SmsgInit", "GNI_SmsgSend", "GNI_SmsgSendWTag", "GNI_SmsgGetNext",
	"GNI_SmsgGetNextWTag", "GNI_SmsgRelease", "GNI_PostRdma", "GNI_CqTestEvent",
	"GNI_CqGetEvent", "GNI_CqWaitEvent", "GNI_CqVectorWaitEvent",
	"GNI_GetCompleted", "GNI_PostCqWrite", "GNI_CqErrorStr",
	"GNI_CqErrorRecoverable", "GNI_SubscribeErrors", "GNI_ReleaseErrors",
	"GNI_GetErrorMask", "GNI_SetErrorMask", "GNI_GetErrorEvent",
	"GNI_WaitErrorEvents", "GNI_SetErrorPtag", "GNI_GetNumLocalDevices",
	"GNI_GetLocalDeviceIds",
};

RT_TEST(gni_names, "ugni.abi.symbols.gni_prefix", "UGNI-3.1-user-functions-gni-prefix")
{
	for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
		if (!dlsym(RTLD_DEFAULT, calls[i]))
			RT_FAIL("UGNI-3.1-user-functions-gni-prefix", "exported", "missing", "%s", calls[i]);
	RT_EXPECT_TRUE(sizeof calls / sizeof *calls == 54, "UGNI-3.1-user-functions-gni-prefix");
}

RT_TEST(cq_mode, "ugni.abi.constants.cq_mode", "UGNI-3.12.1-cq-mode-values")
{
	EQ(GNI_CQ_NOBLOCK, 0, "UGNI-3.12.1-cq-mode-values");
	EQ(GNI_CQ_BLOCKING, 1, "UGNI-3.12.1-cq-mode-values");
}

RT_TEST(fma_cmd, "ugni.abi.constants.fma_cmd", "UGNI-3.12.2-fma-cmd-values")
{
	const char *c = "UGNI-3.12.2-fma-cmd-values";
	EQ(GNI_FMA_ATOMIC_FADD, 0x008, c); EQ(GNI_FMA_ATOMIC_FAND, 0x009, c);
	EQ(GNI_FMA_ATOMIC_FOR, 0x00A, c); EQ(GNI_FMA_ATOMIC_FXOR, 0x00B, c);
	EQ(GNI_FMA_ATOMIC_FAX, 0x00C, c); EQ(GNI_FMA_ATOMIC_CSWAP, 0x00D, c);
	EQ(GNI_FMA_ATOMIC_ADD, 0x108, c); EQ(GNI_FMA_ATOMIC_AND, 0x109, c);
	EQ(GNI_FMA_ATOMIC_OR, 0x10A, c); EQ(GNI_FMA_ATOMIC_XOR, 0x10B, c);
	EQ(GNI_FMA_ATOMIC_AX, 0x10C, c);
	EQ(GNI_FMA_ATOMIC_FADD_C, 0x018, c); EQ(GNI_FMA_ATOMIC_CSWAP_C, 0x01D, c);
	EQ(GNI_FMA_ATOMIC_ADD_C, 0x118, c); EQ(GNI_FMA_ATOMIC_AX_C, 0x11C, c);
	EQ(GNI_FMA_GET, 0x000, c); EQ(GNI_FMA_PUT, 0x100, c); EQ(GNI_FMA_PUT_MSG, 0x110, c);
}

RT_TEST(post_state, "ugni.abi.constants.post_state", "UGNI-3.12.3-post-state-values")
{
	const char *c = "UGNI-3.12.3-post-state-values";
	EQ(GNI_POST_PENDING, 0, c); EQ(GNI_POST_COMPLETED, 1, c); EQ(GNI_POST_ERROR, 2, c);
	EQ(GNI_POST_TIMEOUT, 3, c); EQ(GNI_POST_TERMINATED, 4, c); EQ(GNI_POST_REMOTE_DATA, 5, c);
}

RT_TEST(post_type, "ugni.abi.constants.post_type", "UGNI-3.12.4-post-type-values")
{
	const char *c = "UGNI-3.12.4-post-type-values";
	EQ(GNI_POST_RDMA_PUT, 1, c); EQ(GNI_POST_RDMA_GET, 2, c); EQ(GNI_POST_FMA_PUT, 3, c);
	EQ(GNI_POST_FMA_PUT_W_SYNCFLAG, 4, c); EQ(GNI_POST_FMA_GET, 5, c); EQ(GNI_POST_AMO, 6, c);
}

RT_TEST(return_values, "ugni.abi.constants.return_codes", "UGNI-3.12.5-return-values")
{
	const char *c = "UGNI-3.12.5-return-values";
	EQ(GNI_RC_SUCCESS, 0, c); EQ(GNI_RC_NOT_DONE, 1, c); EQ(GNI_RC_INVALID_PARAM, 2, c);
	EQ(GNI_RC_ERROR_RESOURCE, 3, c); EQ(GNI_RC_TIMEOUT, 4, c); EQ(GNI_RC_PERMISSION_ERROR, 5, c);
	EQ(GNI_RC_DESCRIPTOR_ERROR, 6, c); EQ(GNI_RC_ALIGNMENT_ERROR, 7, c);
	EQ(GNI_RC_INVALID_STATE, 8, c); EQ(GNI_RC_NO_MATCH, 9, c); EQ(GNI_RC_SIZE_ERROR, 10, c);
	EQ(GNI_RC_TRANSACTION_ERROR, 11, c); EQ(GNI_RC_ILLEGAL_OP, 12, c);
	EQ(GNI_RC_ERROR_NOMEM, 13, c);
}

RT_TEST(smsg_type, "ugni.abi.constants.smsg_type", "UGNI-3.12.6-smsg-type-values")
{
	const char *c = "UGNI-3.12.6-smsg-type-values";
	EQ(GNI_SMSG_TYPE_INVALID, 0, c); EQ(GNI_SMSG_TYPE_MBOX, 1, c);
	EQ(GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT, 2, c);
}

RT_TEST(errmask, "ugni.abi.constants.errmask", "UGNI-3.13.2-errmask-values")
{
	const char *c = "UGNI-3.13.2-errmask-values";
	EQ(GNI_ERRMASK_CORRECTABLE_MEMORY, 1, c); EQ(GNI_ERRMASK_CRITICAL, 2, c);
	EQ(GNI_ERRMASK_TRANSACTION, 4, c); EQ(GNI_ERRMASK_ADDRESS_TRANSLATION, 8, c);
	EQ(GNI_ERRMASK_TRANSIENT, 16, c); EQ(GNI_ERRMASK_INFORMATIONAL, 32, c);
	EQ(GNI_ERRMASK_DIAG_ONLY, 64, c); EQ(sizeof(gni_error_mask_t), 1, c);
}

RT_TEST(cq_event_type, "ugni.abi.constants.cq_event_type", "UGNI-3.13.3-cq-event-type-values")
{
	const char *c = "UGNI-3.13.3-cq-event-type-values";
	EQ(sizeof(gni_cq_entry_t), 8, c);
	EQ(GNI_CQ_EVENT_TYPE_POST, 0, c); EQ(GNI_CQ_EVENT_TYPE_SMSG, 1, c);
	EQ(GNI_CQ_EVENT_TYPE_DMAPP, 2, c); EQ(GNI_CQ_EVENT_TYPE_PRV, 3, c);
}

#define OFF_ORDER(T, a, b, c) RT_EXPECT_TRUE(offsetof(T, a) < offsetof(T, b), c)

RT_TEST(error_event, "ugni.abi.layout.error_event", "UGNI-3.13.1-error-event-layout")
{
	const char *c = "UGNI-3.13.1-error-event-layout";
	gni_error_event_t e;
	EQ(sizeof e.error_code, 2, c); EQ(sizeof e.error_category, 1, c); EQ(sizeof e.ptag, 1, c);
	EQ(sizeof e.serial_number, 4, c); EQ(sizeof e.timestamp, 8, c); EQ(sizeof e.info_mmrs, 32, c);
	OFF_ORDER(gni_error_event_t, error_code, error_category, c);
	OFF_ORDER(gni_error_event_t, error_category, ptag, c);
	OFF_ORDER(gni_error_event_t, ptag, serial_number, c);
	OFF_ORDER(gni_error_event_t, serial_number, timestamp, c);
	OFF_ORDER(gni_error_event_t, timestamp, info_mmrs, c);
}

RT_TEST(job_limits, "ugni.abi.layout.job_limits", "UGNI-3.13.4-job-limits-layout")
{
	const char *c = "UGNI-3.13.4-job-limits-layout";
	EQ(sizeof(gni_job_limits_t), 36, c);
	EQ(offsetof(gni_job_limits_t, mdd_limit), 0, c); EQ(offsetof(gni_job_limits_t, mrt_limit), 4, c);
	EQ(offsetof(gni_job_limits_t, gart_limit), 8, c); EQ(offsetof(gni_job_limits_t, fma_limit), 12, c);
	EQ(offsetof(gni_job_limits_t, bte_limit), 16, c); EQ(offsetof(gni_job_limits_t, cq_limit), 20, c);
	EQ(offsetof(gni_job_limits_t, ntt_ctrl), 24, c); EQ(offsetof(gni_job_limits_t, ntt_base), 28, c);
	EQ(offsetof(gni_job_limits_t, ntt_size), 32, c);
}

RT_TEST(mem_segment, "ugni.abi.layout.mem_segment", "UGNI-3.13.5-mem-segment-layout")
{
	const char *c = "UGNI-3.13.5-mem-segment-layout";
	EQ(sizeof(gni_mem_segment_t), 16, c);
	EQ(offsetof(gni_mem_segment_t, address), 0, c);
	EQ(offsetof(gni_mem_segment_t, length), 8, c);
}

RT_TEST(post_descriptor, "ugni.abi.layout.post_descriptor", "UGNI-3.13.7-post-descriptor-layout")
{
	const char *c = "UGNI-3.13.7-post-descriptor-layout";
	typedef gni_post_descriptor_t D;
	OFF_ORDER(D, next_descr, prev_descr, c); OFF_ORDER(D, prev_descr, post_id, c);
	OFF_ORDER(D, post_id, status, c); OFF_ORDER(D, status, cq_mode_complete, c);
	OFF_ORDER(D, cq_mode_complete, type, c); OFF_ORDER(D, type, cq_mode, c);
	OFF_ORDER(D, cq_mode, dlvr_mode, c); OFF_ORDER(D, dlvr_mode, local_addr, c);
	OFF_ORDER(D, local_addr, local_mem_hndl, c); OFF_ORDER(D, local_mem_hndl, remote_addr, c);
	OFF_ORDER(D, remote_addr, remote_mem_hndl, c); OFF_ORDER(D, remote_mem_hndl, length, c);
	OFF_ORDER(D, length, rdma_mode, c); OFF_ORDER(D, rdma_mode, src_cq_hndl, c);
	OFF_ORDER(D, src_cq_hndl, sync_flag_value, c); OFF_ORDER(D, sync_flag_value, sync_flag_addr, c);
	OFF_ORDER(D, sync_flag_addr, amo_cmd, c); OFF_ORDER(D, amo_cmd, first_operand, c);
	OFF_ORDER(D, first_operand, second_operand, c); OFF_ORDER(D, second_operand, cqwrite_value, c);
}

RT_TEST(smsg_attr, "ugni.abi.layout.smsg_attr", "UGNI-3.13.8-smsg-attr-layout")
{
	const char *c = "UGNI-3.13.8-smsg-attr-layout";
	typedef gni_smsg_attr_t A;
	OFF_ORDER(A, msg_type, msg_buffer, c); OFF_ORDER(A, msg_buffer, buff_size, c);
	OFF_ORDER(A, buff_size, mem_hndl, c); OFF_ORDER(A, mem_hndl, mbox_offset, c);
	OFF_ORDER(A, mbox_offset, mbox_maxcredit, c); OFF_ORDER(A, mbox_maxcredit, msg_maxsize, c);
	EQ(sizeof(((A *)0)->mbox_maxcredit), 2, c);
}
