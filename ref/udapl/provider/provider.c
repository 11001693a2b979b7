/*
 * provider.c: the reference Provider's dispatch table and the two
 * functions libdat calls when it loads and unloads the library.
 *
 * dat_provider_init registers the table under the IA name and version
 * of the dat.conf entry that named the library (one call per entry), so
 * one library may serve several IA names; it remembers which names are
 * registered "threadsafe" (the IA's is_thread_safe attribute).
 *
 * Every entry of the table runs its call under the Provider's one lock
 * (lock.c): LOCKED(call, parameters, arguments) below, one per call.
 */
#include <stdio.h>
#include <string.h>
#include "dapl.h"

#define LOCKED(call, params, args) \
	static DAT_RETURN locked_##call params \
	{ \
		dapl_lock(); \
		DAT_RETURN rc = dapl_##call args; \
		dapl_unlock(); \
		return rc; \
	}

LOCKED(ia_open, (const DAT_NAME_PTR a0, DAT_COUNT a1, DAT_EVD_HANDLE *a2, DAT_IA_HANDLE *a3),
	(a0, a1, a2, a3))
LOCKED(ia_query, (DAT_IA_HANDLE a0, DAT_EVD_HANDLE *a1, DAT_IA_ATTR_MASK a2, DAT_IA_ATTR *a3, DAT_PROVIDER_ATTR_MASK a4, DAT_PROVIDER_ATTR *a5),
	(a0, a1, a2, a3, a4, a5))
LOCKED(ia_close, (DAT_IA_HANDLE a0, DAT_CLOSE_FLAGS a1),
	(a0, a1))
LOCKED(set_consumer_context, (DAT_HANDLE a0, DAT_CONTEXT a1),
	(a0, a1))
LOCKED(get_consumer_context, (DAT_HANDLE a0, DAT_CONTEXT *a1),
	(a0, a1))
LOCKED(get_handle_type, (DAT_HANDLE a0, DAT_HANDLE_TYPE *a1),
	(a0, a1))
LOCKED(cno_create, (DAT_IA_HANDLE a0, DAT_OS_WAIT_PROXY_AGENT a1, DAT_CNO_HANDLE *a2),
	(a0, a1, a2))
LOCKED(cno_modify_agent, (DAT_CNO_HANDLE a0, DAT_OS_WAIT_PROXY_AGENT a1),
	(a0, a1))
LOCKED(cno_query, (DAT_CNO_HANDLE a0, DAT_CNO_PARAM_MASK a1, DAT_CNO_PARAM *a2),
	(a0, a1, a2))
LOCKED(cno_free, (DAT_CNO_HANDLE a0),
	(a0))
LOCKED(cno_wait, (DAT_CNO_HANDLE a0, DAT_TIMEOUT a1, DAT_EVD_HANDLE *a2),
	(a0, a1, a2))
LOCKED(cr_query, (DAT_CR_HANDLE a0, DAT_CR_PARAM_MASK a1, DAT_CR_PARAM *a2),
	(a0, a1, a2))
LOCKED(cr_accept, (DAT_CR_HANDLE a0, DAT_EP_HANDLE a1, DAT_COUNT a2, const DAT_PVOID a3),
	(a0, a1, a2, a3))
LOCKED(cr_reject, (DAT_CR_HANDLE a0),
	(a0))
LOCKED(cr_handoff, (DAT_CR_HANDLE a0, DAT_CONN_QUAL a1),
	(a0, a1))
LOCKED(evd_create, (DAT_IA_HANDLE a0, DAT_COUNT a1, DAT_CNO_HANDLE a2, DAT_EVD_FLAGS a3, DAT_EVD_HANDLE *a4),
	(a0, a1, a2, a3, a4))
LOCKED(evd_query, (DAT_EVD_HANDLE a0, DAT_EVD_PARAM_MASK a1, DAT_EVD_PARAM *a2),
	(a0, a1, a2))
LOCKED(evd_modify_cno, (DAT_EVD_HANDLE a0, DAT_CNO_HANDLE a1),
	(a0, a1))
LOCKED(evd_enable, (DAT_EVD_HANDLE a0),
	(a0))
LOCKED(evd_disable, (DAT_EVD_HANDLE a0),
	(a0))
LOCKED(evd_wait, (DAT_EVD_HANDLE a0, DAT_TIMEOUT a1, DAT_COUNT a2, DAT_EVENT *a3, DAT_COUNT *a4),
	(a0, a1, a2, a3, a4))
LOCKED(evd_resize, (DAT_EVD_HANDLE a0, DAT_COUNT a1),
	(a0, a1))
LOCKED(evd_post_se, (DAT_EVD_HANDLE a0, const DAT_EVENT *a1),
	(a0, a1))
LOCKED(evd_dequeue, (DAT_EVD_HANDLE a0, DAT_EVENT *a1),
	(a0, a1))
LOCKED(evd_free, (DAT_EVD_HANDLE a0),
	(a0))
LOCKED(ep_create, (DAT_IA_HANDLE a0, DAT_PZ_HANDLE a1, DAT_EVD_HANDLE a2, DAT_EVD_HANDLE a3, DAT_EVD_HANDLE a4, const DAT_EP_ATTR *a5, DAT_EP_HANDLE *a6),
	(a0, a1, a2, a3, a4, a5, a6))
LOCKED(ep_query, (DAT_EP_HANDLE a0, DAT_EP_PARAM_MASK a1, DAT_EP_PARAM *a2),
	(a0, a1, a2))
LOCKED(ep_modify, (DAT_EP_HANDLE a0, DAT_EP_PARAM_MASK a1, const DAT_EP_PARAM *a2),
	(a0, a1, a2))
LOCKED(ep_connect, (DAT_EP_HANDLE a0, DAT_IA_ADDRESS_PTR a1, DAT_CONN_QUAL a2, DAT_TIMEOUT a3, DAT_COUNT a4, const DAT_PVOID a5, DAT_QOS a6, DAT_CONNECT_FLAGS a7),
	(a0, a1, a2, a3, a4, a5, a6, a7))
LOCKED(ep_dup_connect, (DAT_EP_HANDLE a0, DAT_EP_HANDLE a1, DAT_TIMEOUT a2, DAT_COUNT a3, const DAT_PVOID a4, DAT_QOS a5),
	(a0, a1, a2, a3, a4, a5))
LOCKED(ep_disconnect, (DAT_EP_HANDLE a0, DAT_CLOSE_FLAGS a1),
	(a0, a1))
LOCKED(ep_post_send, (DAT_EP_HANDLE a0, DAT_COUNT a1, DAT_LMR_TRIPLET *a2, DAT_DTO_COOKIE a3, DAT_COMPLETION_FLAGS a4),
	(a0, a1, a2, a3, a4))
LOCKED(ep_post_recv, (DAT_EP_HANDLE a0, DAT_COUNT a1, DAT_LMR_TRIPLET *a2, DAT_DTO_COOKIE a3, DAT_COMPLETION_FLAGS a4),
	(a0, a1, a2, a3, a4))
LOCKED(ep_post_rdma_read, (DAT_EP_HANDLE a0, DAT_COUNT a1, DAT_LMR_TRIPLET *a2, DAT_DTO_COOKIE a3, const DAT_RMR_TRIPLET *a4, DAT_COMPLETION_FLAGS a5),
	(a0, a1, a2, a3, a4, a5))
LOCKED(ep_post_rdma_write, (DAT_EP_HANDLE a0, DAT_COUNT a1, DAT_LMR_TRIPLET *a2, DAT_DTO_COOKIE a3, const DAT_RMR_TRIPLET *a4, DAT_COMPLETION_FLAGS a5),
	(a0, a1, a2, a3, a4, a5))
LOCKED(ep_get_status, (DAT_EP_HANDLE a0, DAT_EP_STATE *a1, DAT_BOOLEAN *a2, DAT_BOOLEAN *a3),
	(a0, a1, a2, a3))
LOCKED(ep_free, (DAT_EP_HANDLE a0),
	(a0))
LOCKED(lmr_create, (DAT_IA_HANDLE a0, DAT_MEM_TYPE a1, DAT_REGION_DESCRIPTION a2, DAT_VLEN a3, DAT_PZ_HANDLE a4, DAT_MEM_PRIV_FLAGS a5, DAT_LMR_HANDLE *a6, DAT_LMR_CONTEXT *a7, DAT_RMR_CONTEXT *a8, DAT_VLEN *a9, DAT_VADDR *a10),
	(a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10))
LOCKED(lmr_query, (DAT_LMR_HANDLE a0, DAT_LMR_PARAM_MASK a1, DAT_LMR_PARAM *a2),
	(a0, a1, a2))
LOCKED(lmr_free, (DAT_LMR_HANDLE a0),
	(a0))
LOCKED(rmr_create, (DAT_PZ_HANDLE a0, DAT_RMR_HANDLE *a1),
	(a0, a1))
LOCKED(rmr_query, (DAT_RMR_HANDLE a0, DAT_RMR_PARAM_MASK a1, DAT_RMR_PARAM *a2),
	(a0, a1, a2))
LOCKED(rmr_bind, (DAT_RMR_HANDLE a0, const DAT_LMR_TRIPLET *a1, DAT_MEM_PRIV_FLAGS a2, DAT_EP_HANDLE a3, DAT_RMR_COOKIE a4, DAT_COMPLETION_FLAGS a5, DAT_RMR_CONTEXT *a6),
	(a0, a1, a2, a3, a4, a5, a6))
LOCKED(rmr_free, (DAT_RMR_HANDLE a0),
	(a0))
LOCKED(psp_create, (DAT_IA_HANDLE a0, DAT_CONN_QUAL a1, DAT_EVD_HANDLE a2, DAT_PSP_FLAGS a3, DAT_PSP_HANDLE *a4),
	(a0, a1, a2, a3, a4))
LOCKED(psp_query, (DAT_PSP_HANDLE a0, DAT_PSP_PARAM_MASK a1, DAT_PSP_PARAM *a2),
	(a0, a1, a2))
LOCKED(psp_free, (DAT_PSP_HANDLE a0),
	(a0))
LOCKED(rsp_create, (DAT_IA_HANDLE a0, DAT_CONN_QUAL a1, DAT_EP_HANDLE a2, DAT_EVD_HANDLE a3, DAT_RSP_HANDLE *a4),
	(a0, a1, a2, a3, a4))
LOCKED(rsp_query, (DAT_RSP_HANDLE a0, DAT_RSP_PARAM_MASK a1, DAT_RSP_PARAM *a2),
	(a0, a1, a2))
LOCKED(rsp_free, (DAT_RSP_HANDLE a0),
	(a0))
LOCKED(pz_create, (DAT_IA_HANDLE a0, DAT_PZ_HANDLE *a1),
	(a0, a1))
LOCKED(pz_query, (DAT_PZ_HANDLE a0, DAT_PZ_PARAM_MASK a1, DAT_PZ_PARAM *a2),
	(a0, a1, a2))
LOCKED(pz_free, (DAT_PZ_HANDLE a0),
	(a0))
LOCKED(psp_create_any, (DAT_IA_HANDLE a0, DAT_CONN_QUAL *a1, DAT_EVD_HANDLE a2, DAT_PSP_FLAGS a3, DAT_PSP_HANDLE *a4),
	(a0, a1, a2, a3, a4))
LOCKED(ep_reset, (DAT_EP_HANDLE a0),
	(a0))
LOCKED(evd_set_unwaitable, (DAT_EVD_HANDLE a0),
	(a0))
LOCKED(evd_clear_unwaitable, (DAT_EVD_HANDLE a0),
	(a0))
LOCKED(lmr_sync_rdma_read, (DAT_IA_HANDLE a0, const DAT_LMR_TRIPLET *a1, DAT_VLEN a2),
	(a0, a1, a2))
LOCKED(lmr_sync_rdma_write, (DAT_IA_HANDLE a0, const DAT_LMR_TRIPLET *a1, DAT_VLEN a2),
	(a0, a1, a2))
LOCKED(ep_create_with_srq, (DAT_IA_HANDLE a0, DAT_PZ_HANDLE a1, DAT_EVD_HANDLE a2, DAT_EVD_HANDLE a3, DAT_EVD_HANDLE a4, DAT_SRQ_HANDLE a5, const DAT_EP_ATTR *a6, DAT_EP_HANDLE *a7),
	(a0, a1, a2, a3, a4, a5, a6, a7))
LOCKED(ep_recv_query, (DAT_EP_HANDLE a0, DAT_COUNT *a1, DAT_COUNT *a2),
	(a0, a1, a2))
LOCKED(ep_set_watermark, (DAT_EP_HANDLE a0, DAT_COUNT a1, DAT_COUNT a2),
	(a0, a1, a2))
LOCKED(srq_create, (DAT_IA_HANDLE a0, DAT_PZ_HANDLE a1, DAT_SRQ_ATTR *a2, DAT_SRQ_HANDLE *a3),
	(a0, a1, a2, a3))
LOCKED(srq_free, (DAT_SRQ_HANDLE a0),
	(a0))
LOCKED(srq_post_recv, (DAT_SRQ_HANDLE a0, DAT_COUNT a1, DAT_LMR_TRIPLET *a2, DAT_DTO_COOKIE a3),
	(a0, a1, a2, a3))
LOCKED(srq_query, (DAT_SRQ_HANDLE a0, DAT_SRQ_PARAM_MASK a1, DAT_SRQ_PARAM *a2),
	(a0, a1, a2))
LOCKED(srq_resize, (DAT_SRQ_HANDLE a0, DAT_COUNT a1),
	(a0, a1))
LOCKED(srq_set_lw, (DAT_SRQ_HANDLE a0, DAT_COUNT a1),
	(a0, a1))

DAT_PROVIDER dapl_provider = {
	.device_name = "rdmacts",
	.extension = NULL,

	.ia_open_func = locked_ia_open,
	.ia_query_func = locked_ia_query,
	.ia_close_func = locked_ia_close,
	.set_consumer_context_func = locked_set_consumer_context,
	.get_consumer_context_func = locked_get_consumer_context,
	.get_handle_type_func = locked_get_handle_type,
	.cno_create_func = locked_cno_create,
	.cno_modify_agent_func = locked_cno_modify_agent,
	.cno_query_func = locked_cno_query,
	.cno_free_func = locked_cno_free,
	.cno_wait_func = locked_cno_wait,
	.cr_query_func = locked_cr_query,
	.cr_accept_func = locked_cr_accept,
	.cr_reject_func = locked_cr_reject,
	.cr_handoff_func = locked_cr_handoff,
	.evd_create_func = locked_evd_create,
	.evd_query_func = locked_evd_query,
	.evd_modify_cno_func = locked_evd_modify_cno,
	.evd_enable_func = locked_evd_enable,
	.evd_disable_func = locked_evd_disable,
	.evd_wait_func = locked_evd_wait,
	.evd_resize_func = locked_evd_resize,
	.evd_post_se_func = locked_evd_post_se,
	.evd_dequeue_func = locked_evd_dequeue,
	.evd_free_func = locked_evd_free,
	.ep_create_func = locked_ep_create,
	.ep_query_func = locked_ep_query,
	.ep_modify_func = locked_ep_modify,
	.ep_connect_func = locked_ep_connect,
	.ep_dup_connect_func = locked_ep_dup_connect,
	.ep_disconnect_func = locked_ep_disconnect,
	.ep_post_send_func = locked_ep_post_send,
	.ep_post_recv_func = locked_ep_post_recv,
	.ep_post_rdma_read_func = locked_ep_post_rdma_read,
	.ep_post_rdma_write_func = locked_ep_post_rdma_write,
	.ep_get_status_func = locked_ep_get_status,
	.ep_free_func = locked_ep_free,
	.lmr_create_func = locked_lmr_create,
	.lmr_query_func = locked_lmr_query,
	.lmr_free_func = locked_lmr_free,
	.rmr_create_func = locked_rmr_create,
	.rmr_query_func = locked_rmr_query,
	.rmr_bind_func = locked_rmr_bind,
	.rmr_free_func = locked_rmr_free,
	.psp_create_func = locked_psp_create,
	.psp_query_func = locked_psp_query,
	.psp_free_func = locked_psp_free,
	.rsp_create_func = locked_rsp_create,
	.rsp_query_func = locked_rsp_query,
	.rsp_free_func = locked_rsp_free,
	.pz_create_func = locked_pz_create,
	.pz_query_func = locked_pz_query,
	.pz_free_func = locked_pz_free,
	.psp_create_any_func = locked_psp_create_any,
	.ep_reset_func = locked_ep_reset,
	.evd_set_unwaitable_func = locked_evd_set_unwaitable,
	.evd_clear_unwaitable_func = locked_evd_clear_unwaitable,
	.lmr_sync_rdma_read_func = locked_lmr_sync_rdma_read,
	.lmr_sync_rdma_write_func = locked_lmr_sync_rdma_write,
	.ep_create_with_srq_func = locked_ep_create_with_srq,
	.ep_recv_query_func = locked_ep_recv_query,
	.ep_set_watermark_func = locked_ep_set_watermark,
	.srq_create_func = locked_srq_create,
	.srq_free_func = locked_srq_free,
	.srq_post_recv_func = locked_srq_post_recv,
	.srq_query_func = locked_srq_query,
	.srq_resize_func = locked_srq_resize,
	.srq_set_lw_func = locked_srq_set_lw,
};

/* The IA names registered "threadsafe" (dat.conf). */
#define MAX_SAFE_NAMES 16
static char safe_names[MAX_SAFE_NAMES][DAT_NAME_MAX_LENGTH];

int dapl_name_thread_safe(const char *name)
{
	for (int i = 0; i < MAX_SAFE_NAMES; i++)
		if (safe_names[i][0] && strcmp(safe_names[i], name) == 0)
			return 1;
	return 0;
}

static void remember_thread_safe(const char *name)
{
	for (int i = 0; i < MAX_SAFE_NAMES; i++)
		if (!safe_names[i][0]) {
			snprintf(safe_names[i], sizeof safe_names[i], "%s", name);
			return;
		}
}

/* dat_provider_init: called by libdat after dlopen (dat_registry.h). */
__attribute__((visibility("default")))
void dat_provider_init(const DAT_PROVIDER_INFO *provider_info,
		const char *instance_data)
{
	(void)instance_data;	/* the reference has no per-entry settings */
	if (!provider_info)
		return;
	if (provider_info->is_thread_safe == DAT_TRUE &&
			!dapl_name_thread_safe(provider_info->ia_name))
		remember_thread_safe(provider_info->ia_name);
	dat_registry_add_provider(&dapl_provider, provider_info);
}

/* dat_provider_fini: called by libdat before dlclose. */
__attribute__((visibility("default")))
void dat_provider_fini(const DAT_PROVIDER_INFO *provider_info)
{
	if (provider_info)
		dat_registry_remove_provider(&dapl_provider, provider_info);
	if (!dapl_ias)
		obj_flush();
}
