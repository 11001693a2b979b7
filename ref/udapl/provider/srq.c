/*
 * srq.c: Shared Receive Queues (uDAPL 1.2).  Endpoints created with an
 * SRQ take their Recvs from it in posting order; the completion goes to
 * the receiving Endpoint's recv EVD.  When the number of posted Recvs
 * falls below the low watermark the IA's async EVD gets
 * DAT_SRQ_LOW_WATERMARK_EVENT once, until dat_srq_set_lw rearms it.
 */
#include <stdlib.h>
#include <string.h>
#include "dapl.h"

/* A low watermark is 0..max_recv_dtos, or DAT_WATERMARK_INFINITE (no
 * event; dat_srq_create(3DAT) and dat_srq_set_lw(3DAT)). */
static int lw_valid(DAT_COUNT lw, DAT_COUNT max)
{
	return lw == DAT_WATERMARK_INFINITE || (lw >= 0 && lw <= max);
}

static DAT_RETURN attr_check(const DAT_SRQ_ATTR *a)
{
	if (a->max_recv_dtos <= 0 || a->max_recv_dtos > DAPL_MAX_DTOS ||
			a->max_recv_iov <= 0 || a->max_recv_iov > DAPL_MAX_IOV ||
			!lw_valid(a->low_watermark, a->max_recv_dtos))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	return DAT_SUCCESS;
}

/*
 * dat_srq_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED (SRQs declined)
 */
DAT_RETURN dapl_srq_create(DAT_IA_HANDLE ia_handle, DAT_PZ_HANDLE pz_handle,
		DAT_SRQ_ATTR *srq_attr, DAT_SRQ_HANDLE *srq_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct pz *pz = obj_get(pz_handle, DAT_HANDLE_TYPE_PZ);
	struct srq *srq;
	DAT_RETURN rc;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!pz || pz->h.ia != ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	if (dapl_declines(RDMACTS_CAP_SRQ))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!srq_attr)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if ((rc = attr_check(srq_attr)))
		return rc;
	if (!srq_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (ia_full(ia, DAT_HANDLE_TYPE_SRQ))
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_SRQ);
	srq = obj_new(DAT_HANDLE_TYPE_SRQ, sizeof *srq, ia);
	if (!srq)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	srq->pz = pz;
	pz->refs++;
	srq->attr = *srq_attr;
	srq->lw_armed = srq_attr->low_watermark > 0;
	*srq_handle = srq;
	return DAT_SUCCESS;
}

/*
 * dat_srq_post_recv(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_PROTECTION_VIOLATION, DAT_PRIVILEGES_VIOLATION
 */
DAT_RETURN dapl_srq_post_recv(DAT_SRQ_HANDLE srq_handle, DAT_COUNT num_segments,
		DAT_LMR_TRIPLET *local_iov, DAT_DTO_COOKIE user_cookie)
{
	struct srq *srq = obj_get(srq_handle, DAT_HANDLE_TYPE_SRQ);
	struct recv *r;
	DAT_RETURN rc;

	if (!srq)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (num_segments < 0 || num_segments > srq->attr.max_recv_iov)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (num_segments > 0 && !local_iov)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	for (DAT_COUNT i = 0; i < num_segments; i++)
		if ((rc = iov_check(srq->h.ia, srq->pz, &local_iov[i],
				DAT_MEM_PRIV_LOCAL_WRITE_FLAG)))
			return rc;
	if (srq->nrecv >= srq->attr.max_recv_dtos)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_SRQ);
	r = calloc(1, sizeof *r);
	if (!r)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	r->cookie = user_cookie;
	r->nseg = num_segments;
	if (num_segments > 0)
		memcpy(r->seg, local_iov, (size_t)num_segments * sizeof *local_iov);
	if (srq->recvs_last)
		srq->recvs_last->next = r;
	else
		srq->recvs = r;
	srq->recvs_last = r;
	srq->nrecv++;
	for (struct obj *o = srq->h.ia->objs; o; o = o->next)
		if (o->kind == DAT_HANDLE_TYPE_EP && ((struct ep *)o)->srq == srq)
			dto_match_early((struct ep *)o);
	return DAT_SUCCESS;
}

/* Below the armed low watermark: one event, until dat_srq_set_lw rearms. */
static void lw_check(struct srq *srq)
{
	if (srq->lw_armed && srq->nrecv < srq->attr.low_watermark) {
		DAT_EVENT ev = { .event_number = DAT_ASYNC_ERROR_EP_BROKEN };
		srq->lw_armed = 0;
		ev.event_data.asynch_error_event_data.dat_handle = srq;
		ev.event_data.asynch_error_event_data.reason = DAT_SRQ_LOW_WATERMARK_EVENT;
		if (srq->h.ia->async_evd)
			evd_post(srq->h.ia->async_evd, &ev, 1);
	}
}

struct recv *srq_take(struct srq *srq)
{
	struct recv *r = srq->recvs;

	if (!r)
		return NULL;
	srq->recvs = r->next;
	if (!srq->recvs)
		srq->recvs_last = NULL;
	srq->nrecv--;
	lw_check(srq);
	return r;
}

/*
 * dat_srq_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_srq_query(DAT_SRQ_HANDLE srq_handle, DAT_SRQ_PARAM_MASK mask,
		DAT_SRQ_PARAM *param)
{
	struct srq *srq = obj_get(srq_handle, DAT_HANDLE_TYPE_SRQ);

	if (!srq)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (mask & ~DAT_SRQ_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	dapl_progress();
	param->ia_handle = srq->h.ia;
	param->srq_state = DAT_SRQ_STATE_OPERATIONAL;
	param->pz_handle = srq->pz;
	param->max_recv_dtos = srq->attr.max_recv_dtos;
	param->max_recv_iov = srq->attr.max_recv_iov;
	param->low_watermark = srq->attr.low_watermark;
	param->available_dto_count = srq->nrecv;
	param->outstanding_dto_count = srq->nrecv;
	return DAT_SUCCESS;
}

/*
 * dat_srq_resize(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dapl_srq_resize(DAT_SRQ_HANDLE srq_handle, DAT_COUNT srq_max_recv_dto)
{
	struct srq *srq = obj_get(srq_handle, DAT_HANDLE_TYPE_SRQ);

	if (!srq)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (srq_max_recv_dto <= 0 || srq_max_recv_dto > DAPL_MAX_DTOS)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (srq_max_recv_dto < srq->nrecv)
		return ERR(DAT_INVALID_STATE, DAT_NO_SUBTYPE);
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_SRQ);
	srq->attr.max_recv_dtos = srq_max_recv_dto;
	return DAT_SUCCESS;
}

/*
 * dat_srq_set_lw(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_MODEL_NOT_SUPPORTED (SRQ watermarks declined)
 */
DAT_RETURN dapl_srq_set_lw(DAT_SRQ_HANDLE srq_handle, DAT_COUNT low_watermark)
{
	struct srq *srq = obj_get(srq_handle, DAT_HANDLE_TYPE_SRQ);

	if (!srq)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (dapl_declines(RDMACTS_CAP_SRQ_WATERMARKS))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!lw_valid(low_watermark, srq->attr.max_recv_dtos))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	srq->attr.low_watermark = low_watermark;
	srq->lw_armed = low_watermark > 0;
	lw_check(srq);	/* "This can occur during the current call" */
	return DAT_SUCCESS;
}

void srq_destroy(struct srq *srq)
{
	while (srq->recvs) {
		struct recv *r = srq->recvs;
		srq->recvs = r->next;
		free(r);
	}
	srq->pz->refs--;
	obj_free(srq);
}

/*
 * dat_srq_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dapl_srq_free(DAT_SRQ_HANDLE srq_handle)
{
	struct srq *srq = obj_get(srq_handle, DAT_HANDLE_TYPE_SRQ);

	if (!srq)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_SRQ);
	if (srq->refs > 0)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_SRQ_IN_USE);
	srq_destroy(srq);
	return DAT_SUCCESS;
}
