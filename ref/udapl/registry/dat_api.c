/*
 * dat_api.c: every consumer call that takes a handle, dispatched to the
 * Provider that owns the handle (DAT_HANDLE_TO_PROVIDER), after
 * dat_handle_provider has checked it.  A Provider whose table leaves a
 * call out gets DAT_NOT_IMPLEMENTED.  The return codes listed with each
 * call are the page's; all but DAT_INVALID_HANDLE of the first handle
 * come from the Provider.
 *
 * Generated once from vectors/udapl/calls.json; edit by hand.
 */
#include "registry.h"

/*
 * dat_ia_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_ia_query(DAT_IA_HANDLE ia_handle,
		DAT_EVD_HANDLE *async_evd_handle,
		DAT_IA_ATTR_MASK ia_attr_mask, DAT_IA_ATTR *ia_attributes,
		DAT_PROVIDER_ATTR_MASK provider_attr_mask,
		DAT_PROVIDER_ATTR *provider_attributes)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->ia_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ia_query_func(ia_handle, async_evd_handle, ia_attr_mask,
			ia_attributes, provider_attr_mask, provider_attributes);
}

/*
 * dat_set_consumer_context(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_set_consumer_context(DAT_HANDLE dat_handle, DAT_CONTEXT context)
{
	DAT_PROVIDER *p = dat_handle_provider(dat_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->set_consumer_context_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->set_consumer_context_func(dat_handle, context);
}

/*
 * dat_get_consumer_context(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_get_consumer_context(DAT_HANDLE dat_handle,
		DAT_CONTEXT *context)
{
	DAT_PROVIDER *p = dat_handle_provider(dat_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->get_consumer_context_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->get_consumer_context_func(dat_handle, context);
}

/*
 * dat_get_handle_type(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_get_handle_type(DAT_HANDLE dat_handle,
		DAT_HANDLE_TYPE *handle_type)
{
	DAT_PROVIDER *p = dat_handle_provider(dat_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->get_handle_type_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->get_handle_type_func(dat_handle, handle_type);
}

/*
 * dat_cno_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_cno_create(DAT_IA_HANDLE ia_handle,
		DAT_OS_WAIT_PROXY_AGENT agent, DAT_CNO_HANDLE *cno_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->cno_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cno_create_func(ia_handle, agent, cno_handle);
}

/*
 * dat_cno_modify_agent(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_cno_modify_agent(DAT_CNO_HANDLE cno_handle,
		DAT_OS_WAIT_PROXY_AGENT agent)
{
	DAT_PROVIDER *p = dat_handle_provider(cno_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (!p->cno_modify_agent_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cno_modify_agent_func(cno_handle, agent);
}

/*
 * dat_cno_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_cno_query(DAT_CNO_HANDLE cno_handle,
		DAT_CNO_PARAM_MASK cno_param_mask, DAT_CNO_PARAM *cno_param)
{
	DAT_PROVIDER *p = dat_handle_provider(cno_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (!p->cno_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cno_query_func(cno_handle, cno_param_mask, cno_param);
}

/*
 * dat_cno_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_cno_free(DAT_CNO_HANDLE cno_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(cno_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (!p->cno_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cno_free_func(cno_handle);
}

/*
 * dat_cno_wait(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_QUEUE_EMPTY,
 * DAT_INVALID_PARAMETER, DAT_INTERRUPTED_CALL
 */
DAT_RETURN dat_cno_wait(DAT_CNO_HANDLE cno_handle, DAT_TIMEOUT timeout,
		DAT_EVD_HANDLE *evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(cno_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (!p->cno_wait_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cno_wait_func(cno_handle, timeout, evd_handle);
}

/*
 * dat_cr_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_cr_query(DAT_CR_HANDLE cr_handle,
		DAT_CR_PARAM_MASK cr_param_mask, DAT_CR_PARAM *cr_param)
{
	DAT_PROVIDER *p = dat_handle_provider(cr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	if (!p->cr_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cr_query_func(cr_handle, cr_param_mask, cr_param);
}

/*
 * dat_cr_accept(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dat_cr_accept(DAT_CR_HANDLE cr_handle, DAT_EP_HANDLE ep_handle,
		DAT_COUNT private_data_size, const DAT_PVOID private_data)
{
	DAT_PROVIDER *p = dat_handle_provider(cr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	if (!p->cr_accept_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cr_accept_func(cr_handle, ep_handle, private_data_size,
			private_data);
}

/*
 * dat_cr_reject(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_cr_reject(DAT_CR_HANDLE cr_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(cr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	if (!p->cr_reject_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cr_reject_func(cr_handle);
}

/*
 * dat_cr_handoff(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_cr_handoff(DAT_CR_HANDLE cr_handle, DAT_CONN_QUAL handoff)
{
	DAT_PROVIDER *p = dat_handle_provider(cr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CR);
	if (!p->cr_handoff_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->cr_handoff_func(cr_handle, handoff);
}

/*
 * dat_evd_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_evd_create(DAT_IA_HANDLE ia_handle, DAT_COUNT evd_min_qlen,
		DAT_CNO_HANDLE cno_handle, DAT_EVD_FLAGS evd_flags,
		DAT_EVD_HANDLE *evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->evd_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_create_func(ia_handle, evd_min_qlen, cno_handle,
			evd_flags, evd_handle);
}

/*
 * dat_evd_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_evd_query(DAT_EVD_HANDLE evd_handle,
		DAT_EVD_PARAM_MASK evd_param_mask, DAT_EVD_PARAM *evd_param)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_query_func(evd_handle, evd_param_mask, evd_param);
}

/*
 * dat_evd_modify_cno(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_evd_modify_cno(DAT_EVD_HANDLE evd_handle,
		DAT_CNO_HANDLE cno_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_modify_cno_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_modify_cno_func(evd_handle, cno_handle);
}

/*
 * dat_evd_enable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_evd_enable(DAT_EVD_HANDLE evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_enable_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_enable_func(evd_handle);
}

/*
 * dat_evd_disable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_evd_disable(DAT_EVD_HANDLE evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_disable_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_disable_func(evd_handle);
}

/*
 * dat_evd_wait(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_INVALID_STATE, DAT_ABORT, DAT_INTERRUPTED_CALL,
 * DAT_TIMEOUT_EXPIRED
 */
DAT_RETURN dat_evd_wait(DAT_EVD_HANDLE evd_handle, DAT_TIMEOUT timeout,
		DAT_COUNT threshold, DAT_EVENT *event, DAT_COUNT *nmore)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_wait_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_wait_func(evd_handle, timeout, threshold, event, nmore);
}

/*
 * dat_evd_resize(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dat_evd_resize(DAT_EVD_HANDLE evd_handle, DAT_COUNT evd_min_qlen)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_resize_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_resize_func(evd_handle, evd_min_qlen);
}

/*
 * dat_evd_post_se(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_QUEUE_FULL
 */
DAT_RETURN dat_evd_post_se(DAT_EVD_HANDLE evd_handle, const DAT_EVENT *event)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_post_se_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_post_se_func(evd_handle, event);
}

/*
 * dat_evd_dequeue(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_QUEUE_EMPTY, DAT_INVALID_STATE
 */
DAT_RETURN dat_evd_dequeue(DAT_EVD_HANDLE evd_handle, DAT_EVENT *event)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_dequeue_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_dequeue_func(evd_handle, event);
}

/*
 * dat_evd_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_evd_free(DAT_EVD_HANDLE evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_free_func(evd_handle);
}

/*
 * dat_evd_set_unwaitable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_evd_set_unwaitable(DAT_EVD_HANDLE evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_set_unwaitable_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_set_unwaitable_func(evd_handle);
}

/*
 * dat_evd_clear_unwaitable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_evd_clear_unwaitable(DAT_EVD_HANDLE evd_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(evd_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!p->evd_clear_unwaitable_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->evd_clear_unwaitable_func(evd_handle);
}

/*
 * dat_ep_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_ep_create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE pz_handle,
		DAT_EVD_HANDLE recv_evd_handle,
		DAT_EVD_HANDLE request_evd_handle,
		DAT_EVD_HANDLE connect_evd_handle,
		const DAT_EP_ATTR *ep_attributes, DAT_EP_HANDLE *ep_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->ep_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_create_func(ia_handle, pz_handle, recv_evd_handle,
			request_evd_handle, connect_evd_handle, ep_attributes, ep_handle);
}

/*
 * dat_ep_create_with_srq(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_ep_create_with_srq(DAT_IA_HANDLE ia_handle,
		DAT_PZ_HANDLE pz_handle, DAT_EVD_HANDLE recv_evd_handle,
		DAT_EVD_HANDLE request_evd_handle,
		DAT_EVD_HANDLE connect_evd_handle, DAT_SRQ_HANDLE srq_handle,
		const DAT_EP_ATTR *ep_attributes, DAT_EP_HANDLE *ep_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->ep_create_with_srq_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_create_with_srq_func(ia_handle, pz_handle,
			recv_evd_handle, request_evd_handle, connect_evd_handle, srq_handle,
			ep_attributes, ep_handle);
}

/*
 * dat_ep_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_ep_query(DAT_EP_HANDLE ep_handle,
		DAT_EP_PARAM_MASK ep_param_mask, DAT_EP_PARAM *ep_param)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_query_func(ep_handle, ep_param_mask, ep_param);
}

/*
 * dat_ep_modify(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dat_ep_modify(DAT_EP_HANDLE ep_handle,
		DAT_EP_PARAM_MASK ep_param_mask, const DAT_EP_PARAM *ep_param)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_modify_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_modify_func(ep_handle, ep_param_mask, ep_param);
}

/*
 * dat_ep_connect(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_ADDRESS, DAT_INVALID_STATE,
 * DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_ep_connect(DAT_EP_HANDLE ep_handle,
		DAT_IA_ADDRESS_PTR remote_ia_address,
		DAT_CONN_QUAL remote_conn_qual, DAT_TIMEOUT timeout,
		DAT_COUNT private_data_size, const DAT_PVOID private_data,
		DAT_QOS qos, DAT_CONNECT_FLAGS connect_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_connect_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_connect_func(ep_handle, remote_ia_address,
			remote_conn_qual, timeout, private_data_size, private_data, qos,
			connect_flags);
}

/*
 * dat_ep_dup_connect(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_ep_dup_connect(DAT_EP_HANDLE ep_handle,
		DAT_EP_HANDLE ep_dup_handle, DAT_TIMEOUT timeout,
		DAT_COUNT private_data_size, const DAT_PVOID private_data,
		DAT_QOS qos)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_dup_connect_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_dup_connect_func(ep_handle, ep_dup_handle, timeout,
			private_data_size, private_data, qos);
}

/*
 * dat_ep_disconnect(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INSUFFICIENT_RESOURCES,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dat_ep_disconnect(DAT_EP_HANDLE ep_handle,
		DAT_CLOSE_FLAGS disconnect_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_disconnect_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_disconnect_func(ep_handle, disconnect_flags);
}

/*
 * dat_ep_post_send(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_PROTECTION_VIOLATION,
 * DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dat_ep_post_send(DAT_EP_HANDLE ep_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie,
		DAT_COMPLETION_FLAGS completion_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_post_send_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_post_send_func(ep_handle, num_segments, local_iov,
			user_cookie, completion_flags);
}

/*
 * dat_ep_post_recv(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_PROTECTION_VIOLATION,
 * DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dat_ep_post_recv(DAT_EP_HANDLE ep_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie,
		DAT_COMPLETION_FLAGS completion_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_post_recv_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_post_recv_func(ep_handle, num_segments, local_iov,
			user_cookie, completion_flags);
}

/*
 * dat_ep_post_rdma_read(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_LENGTH_ERROR,
 * DAT_PROTECTION_VIOLATION, DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dat_ep_post_rdma_read(DAT_EP_HANDLE ep_handle,
		DAT_COUNT num_segments, DAT_LMR_TRIPLET *local_iov,
		DAT_DTO_COOKIE user_cookie,
		const DAT_RMR_TRIPLET *remote_buffer,
		DAT_COMPLETION_FLAGS completion_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_post_rdma_read_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_post_rdma_read_func(ep_handle, num_segments, local_iov,
			user_cookie, remote_buffer, completion_flags);
}

/*
 * dat_ep_post_rdma_write(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_LENGTH_ERROR,
 * DAT_PROTECTION_VIOLATION, DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dat_ep_post_rdma_write(DAT_EP_HANDLE ep_handle,
		DAT_COUNT num_segments, DAT_LMR_TRIPLET *local_iov,
		DAT_DTO_COOKIE user_cookie,
		const DAT_RMR_TRIPLET *remote_buffer,
		DAT_COMPLETION_FLAGS completion_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_post_rdma_write_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_post_rdma_write_func(ep_handle, num_segments, local_iov,
			user_cookie, remote_buffer, completion_flags);
}

/*
 * dat_ep_get_status(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_ep_get_status(DAT_EP_HANDLE ep_handle, DAT_EP_STATE *ep_state,
		DAT_BOOLEAN *recv_idle, DAT_BOOLEAN *request_idle)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_get_status_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_get_status_func(ep_handle, ep_state, recv_idle, request_idle);
}

/*
 * dat_ep_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_ep_free(DAT_EP_HANDLE ep_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_free_func(ep_handle);
}

/*
 * dat_ep_reset(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_ep_reset(DAT_EP_HANDLE ep_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_reset_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_reset_func(ep_handle);
}

/*
 * dat_ep_recv_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_ep_recv_query(DAT_EP_HANDLE ep_handle,
		DAT_COUNT *nbufs_allocated, DAT_COUNT *bufs_alloc_span)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_recv_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_recv_query_func(ep_handle, nbufs_allocated, bufs_alloc_span);
}

/*
 * dat_ep_set_watermark(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_ep_set_watermark(DAT_EP_HANDLE ep_handle,
		DAT_COUNT ep_soft_high_watermark,
		DAT_COUNT ep_hard_high_watermark)
{
	DAT_PROVIDER *p = dat_handle_provider(ep_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if (!p->ep_set_watermark_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->ep_set_watermark_func(ep_handle, ep_soft_high_watermark,
			ep_hard_high_watermark);
}

/*
 * dat_lmr_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED,
 * DAT_PRIVILEGES_VIOLATION, DAT_PROTECTION_VIOLATION
 */
DAT_RETURN dat_lmr_create(DAT_IA_HANDLE ia_handle, DAT_MEM_TYPE mem_type,
		DAT_REGION_DESCRIPTION region_description, DAT_VLEN length,
		DAT_PZ_HANDLE pz_handle, DAT_MEM_PRIV_FLAGS privileges,
		DAT_LMR_HANDLE *lmr_handle, DAT_LMR_CONTEXT *lmr_context,
		DAT_RMR_CONTEXT *rmr_context, DAT_VLEN *registered_length,
		DAT_VADDR *registered_address)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->lmr_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->lmr_create_func(ia_handle, mem_type, region_description,
			length, pz_handle, privileges, lmr_handle, lmr_context, rmr_context,
			registered_length, registered_address);
}

/*
 * dat_lmr_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_lmr_query(DAT_LMR_HANDLE lmr_handle,
		DAT_LMR_PARAM_MASK lmr_param_mask, DAT_LMR_PARAM *lmr_param)
{
	DAT_PROVIDER *p = dat_handle_provider(lmr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_LMR);
	if (!p->lmr_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->lmr_query_func(lmr_handle, lmr_param_mask, lmr_param);
}

/*
 * dat_lmr_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_lmr_free(DAT_LMR_HANDLE lmr_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(lmr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_LMR);
	if (!p->lmr_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->lmr_free_func(lmr_handle);
}

/*
 * dat_lmr_sync_rdma_read(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_lmr_sync_rdma_read(DAT_IA_HANDLE ia_handle,
		const DAT_LMR_TRIPLET *local_segments, DAT_VLEN num_segments)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->lmr_sync_rdma_read_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->lmr_sync_rdma_read_func(ia_handle, local_segments, num_segments);
}

/*
 * dat_lmr_sync_rdma_write(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_lmr_sync_rdma_write(DAT_IA_HANDLE ia_handle,
		const DAT_LMR_TRIPLET *local_segments, DAT_VLEN num_segments)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->lmr_sync_rdma_write_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->lmr_sync_rdma_write_func(ia_handle, local_segments, num_segments);
}

/*
 * dat_rmr_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_rmr_create(DAT_PZ_HANDLE pz_handle, DAT_RMR_HANDLE *rmr_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(pz_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (!p->rmr_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rmr_create_func(pz_handle, rmr_handle);
}

/*
 * dat_rmr_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_rmr_query(DAT_RMR_HANDLE rmr_handle,
		DAT_RMR_PARAM_MASK rmr_param_mask, DAT_RMR_PARAM *rmr_param)
{
	DAT_PROVIDER *p = dat_handle_provider(rmr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RMR);
	if (!p->rmr_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rmr_query_func(rmr_handle, rmr_param_mask, rmr_param);
}

/*
 * dat_rmr_bind(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_INVALID_STATE, DAT_MODEL_NOT_SUPPORTED,
 * DAT_PRIVILEGES_VIOLATION, DAT_PROTECTION_VIOLATION
 */
DAT_RETURN dat_rmr_bind(DAT_RMR_HANDLE rmr_handle,
		const DAT_LMR_TRIPLET *lmr_triplet,
		DAT_MEM_PRIV_FLAGS mem_privileges, DAT_EP_HANDLE ep_handle,
		DAT_RMR_COOKIE user_cookie,
		DAT_COMPLETION_FLAGS completion_flags,
		DAT_RMR_CONTEXT *rmr_context)
{
	DAT_PROVIDER *p = dat_handle_provider(rmr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RMR);
	if (!p->rmr_bind_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rmr_bind_func(rmr_handle, lmr_triplet, mem_privileges,
			ep_handle, user_cookie, completion_flags, rmr_context);
}

/*
 * dat_rmr_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_rmr_free(DAT_RMR_HANDLE rmr_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(rmr_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RMR);
	if (!p->rmr_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rmr_free_func(rmr_handle);
}

/*
 * dat_psp_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_CONN_QUAL_IN_USE, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_psp_create(DAT_IA_HANDLE ia_handle, DAT_CONN_QUAL conn_qual,
		DAT_EVD_HANDLE evd_handle, DAT_PSP_FLAGS psp_flags,
		DAT_PSP_HANDLE *psp_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->psp_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->psp_create_func(ia_handle, conn_qual, evd_handle, psp_flags,
			psp_handle);
}

/*
 * dat_psp_create_any(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_CONN_QUAL_UNAVAILABLE,
 * DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_psp_create_any(DAT_IA_HANDLE ia_handle,
		DAT_CONN_QUAL *conn_qual, DAT_EVD_HANDLE evd_handle,
		DAT_PSP_FLAGS psp_flags, DAT_PSP_HANDLE *psp_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->psp_create_any_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->psp_create_any_func(ia_handle, conn_qual, evd_handle,
			psp_flags, psp_handle);
}

/*
 * dat_psp_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_psp_query(DAT_PSP_HANDLE psp_handle,
		DAT_PSP_PARAM_MASK psp_param_mask, DAT_PSP_PARAM *psp_param)
{
	DAT_PROVIDER *p = dat_handle_provider(psp_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PSP);
	if (!p->psp_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->psp_query_func(psp_handle, psp_param_mask, psp_param);
}

/*
 * dat_psp_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dat_psp_free(DAT_PSP_HANDLE psp_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(psp_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PSP);
	if (!p->psp_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->psp_free_func(psp_handle);
}

/*
 * dat_rsp_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE, DAT_CONN_QUAL_IN_USE
 */
DAT_RETURN dat_rsp_create(DAT_IA_HANDLE ia_handle, DAT_CONN_QUAL conn_qual,
		DAT_EP_HANDLE ep_handle, DAT_EVD_HANDLE evd_handle,
		DAT_RSP_HANDLE *rsp_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->rsp_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rsp_create_func(ia_handle, conn_qual, ep_handle, evd_handle,
			rsp_handle);
}

/*
 * dat_rsp_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_rsp_query(DAT_RSP_HANDLE rsp_handle,
		DAT_RSP_PARAM_MASK rsp_param_mask, DAT_RSP_PARAM *rsp_param)
{
	DAT_PROVIDER *p = dat_handle_provider(rsp_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RSP);
	if (!p->rsp_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rsp_query_func(rsp_handle, rsp_param_mask, rsp_param);
}

/*
 * dat_rsp_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_rsp_free(DAT_RSP_HANDLE rsp_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(rsp_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RSP);
	if (!p->rsp_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->rsp_free_func(rsp_handle);
}

/*
 * dat_pz_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_pz_create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE *pz_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->pz_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->pz_create_func(ia_handle, pz_handle);
}

/*
 * dat_pz_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_pz_query(DAT_PZ_HANDLE pz_handle,
		DAT_PZ_PARAM_MASK pz_param_mask, DAT_PZ_PARAM *pz_param)
{
	DAT_PROVIDER *p = dat_handle_provider(pz_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (!p->pz_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->pz_query_func(pz_handle, pz_param_mask, pz_param);
}

/*
 * dat_pz_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_pz_free(DAT_PZ_HANDLE pz_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(pz_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (!p->pz_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->pz_free_func(pz_handle);
}

/*
 * dat_srq_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_srq_create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE pz_handle,
		DAT_SRQ_ATTR *srq_attr, DAT_SRQ_HANDLE *srq_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->srq_create_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->srq_create_func(ia_handle, pz_handle, srq_attr, srq_handle);
}

/*
 * dat_srq_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dat_srq_free(DAT_SRQ_HANDLE srq_handle)
{
	DAT_PROVIDER *p = dat_handle_provider(srq_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (!p->srq_free_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->srq_free_func(srq_handle);
}

/*
 * dat_srq_post_recv(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_PROTECTION_VIOLATION,
 * DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dat_srq_post_recv(DAT_SRQ_HANDLE srq_handle,
		DAT_COUNT num_segments, DAT_LMR_TRIPLET *local_iov,
		DAT_DTO_COOKIE user_cookie)
{
	DAT_PROVIDER *p = dat_handle_provider(srq_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (!p->srq_post_recv_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->srq_post_recv_func(srq_handle, num_segments, local_iov, user_cookie);
}

/*
 * dat_srq_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dat_srq_query(DAT_SRQ_HANDLE srq_handle,
		DAT_SRQ_PARAM_MASK srq_param_mask, DAT_SRQ_PARAM *srq_param)
{
	DAT_PROVIDER *p = dat_handle_provider(srq_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (!p->srq_query_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->srq_query_func(srq_handle, srq_param_mask, srq_param);
}

/*
 * dat_srq_resize(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dat_srq_resize(DAT_SRQ_HANDLE srq_handle,
		DAT_COUNT srq_max_recv_dto)
{
	DAT_PROVIDER *p = dat_handle_provider(srq_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (!p->srq_resize_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->srq_resize_func(srq_handle, srq_max_recv_dto);
}

/*
 * dat_srq_set_lw(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_MODEL_NOT_SUPPORTED
 */
DAT_RETURN dat_srq_set_lw(DAT_SRQ_HANDLE srq_handle, DAT_COUNT low_watermark)
{
	DAT_PROVIDER *p = dat_handle_provider(srq_handle);

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (!p->srq_set_lw_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	return p->srq_set_lw_func(srq_handle, low_watermark);
}
