/*
 * provider.c: the reference Provider's dispatch table and the two
 * functions libdat calls when it loads and unloads the library.
 *
 * dat_provider_init registers the table under the IA name and version
 * of the dat.conf entry that named the library (one call per entry), so
 * one library may serve several IA names.
 */
#include <string.h>
#include "dapl.h"

DAT_PROVIDER dapl_provider = {
	.device_name = "rdmacts",
	.extension = NULL,

	.ia_open_func = dapl_ia_open,
	.ia_query_func = dapl_ia_query,
	.ia_close_func = dapl_ia_close,
	.set_consumer_context_func = dapl_set_consumer_context,
	.get_consumer_context_func = dapl_get_consumer_context,
	.get_handle_type_func = dapl_get_handle_type,
	.cno_create_func = dapl_cno_create,
	.cno_modify_agent_func = dapl_cno_modify_agent,
	.cno_query_func = dapl_cno_query,
	.cno_free_func = dapl_cno_free,
	.cno_wait_func = dapl_cno_wait,
	.cr_query_func = dapl_cr_query,
	.cr_accept_func = dapl_cr_accept,
	.cr_reject_func = dapl_cr_reject,
	.cr_handoff_func = dapl_cr_handoff,
	.evd_create_func = dapl_evd_create,
	.evd_query_func = dapl_evd_query,
	.evd_modify_cno_func = dapl_evd_modify_cno,
	.evd_enable_func = dapl_evd_enable,
	.evd_disable_func = dapl_evd_disable,
	.evd_wait_func = dapl_evd_wait,
	.evd_resize_func = dapl_evd_resize,
	.evd_post_se_func = dapl_evd_post_se,
	.evd_dequeue_func = dapl_evd_dequeue,
	.evd_free_func = dapl_evd_free,
	.ep_create_func = dapl_ep_create,
	.ep_query_func = dapl_ep_query,
	.ep_modify_func = dapl_ep_modify,
	.ep_connect_func = dapl_ep_connect,
	.ep_dup_connect_func = dapl_ep_dup_connect,
	.ep_disconnect_func = dapl_ep_disconnect,
	.ep_post_send_func = dapl_ep_post_send,
	.ep_post_recv_func = dapl_ep_post_recv,
	.ep_post_rdma_read_func = dapl_ep_post_rdma_read,
	.ep_post_rdma_write_func = dapl_ep_post_rdma_write,
	.ep_get_status_func = dapl_ep_get_status,
	.ep_free_func = dapl_ep_free,
	.lmr_create_func = dapl_lmr_create,
	.lmr_query_func = dapl_lmr_query,
	.lmr_free_func = dapl_lmr_free,
	.rmr_create_func = dapl_rmr_create,
	.rmr_query_func = dapl_rmr_query,
	.rmr_bind_func = dapl_rmr_bind,
	.rmr_free_func = dapl_rmr_free,
	.psp_create_func = dapl_psp_create,
	.psp_query_func = dapl_psp_query,
	.psp_free_func = dapl_psp_free,
	.rsp_create_func = dapl_rsp_create,
	.rsp_query_func = dapl_rsp_query,
	.rsp_free_func = dapl_rsp_free,
	.pz_create_func = dapl_pz_create,
	.pz_query_func = dapl_pz_query,
	.pz_free_func = dapl_pz_free,
	.psp_create_any_func = dapl_psp_create_any,
	.ep_reset_func = dapl_ep_reset,
	.evd_set_unwaitable_func = dapl_evd_set_unwaitable,
	.evd_clear_unwaitable_func = dapl_evd_clear_unwaitable,
	.lmr_sync_rdma_read_func = dapl_lmr_sync_rdma_read,
	.lmr_sync_rdma_write_func = dapl_lmr_sync_rdma_write,
	.ep_create_with_srq_func = dapl_ep_create_with_srq,
	.ep_recv_query_func = dapl_ep_recv_query,
	.ep_set_watermark_func = dapl_ep_set_watermark,
	.srq_create_func = dapl_srq_create,
	.srq_free_func = dapl_srq_free,
	.srq_post_recv_func = dapl_srq_post_recv,
	.srq_query_func = dapl_srq_query,
	.srq_resize_func = dapl_srq_resize,
	.srq_set_lw_func = dapl_srq_set_lw,
};

/* dat_provider_init: called by libdat after dlopen (dat_registry.h). */
__attribute__((visibility("default")))
void dat_provider_init(const DAT_PROVIDER_INFO *provider_info,
		const char *instance_data)
{
	(void)instance_data;	/* the reference has no per-entry settings */
	if (provider_info)
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
