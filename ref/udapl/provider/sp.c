/*
 * sp.c: Service Points.  A PSP listens on a connection qualifier of its
 * IA for any number of requests; an RSP listens for one, on behalf of
 * one Endpoint (RESERVED until the request comes, then
 * PASSIVE_CONNECTION_PENDING).  One qualifier, one Service Point.
 * Each is listed with the NIC (wire_listen), so that a peer that knows
 * only this host's address and the qualifier finds the IA (E-UDAPL-064).
 */
#include "dapl.h"

struct psp *psp_by_qual(struct ia *ia, DAT_CONN_QUAL qual)
{
	for (struct obj *o = ia->objs; o; o = o->next)
		if (o->kind == DAT_HANDLE_TYPE_PSP && ((struct psp *)o)->qual == qual)
			return (struct psp *)o;
	return NULL;
}

struct rsp *rsp_by_qual(struct ia *ia, DAT_CONN_QUAL qual)
{
	for (struct obj *o = ia->objs; o; o = o->next)
		if (o->kind == DAT_HANDLE_TYPE_RSP && ((struct rsp *)o)->qual == qual)
			return (struct rsp *)o;
	return NULL;
}

static int qual_in_use(struct ia *ia, DAT_CONN_QUAL qual)
{
	return psp_by_qual(ia, qual) || rsp_by_qual(ia, qual);
}

/* The CR EVD argument of a Service Point. */
static DAT_RETURN cr_evd(struct ia *ia, DAT_EVD_HANDLE h, struct evd **out)
{
	*out = obj_get(h, DAT_HANDLE_TYPE_EVD);
	if (!*out || (*out)->h.ia != ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EVD_CR);
	if (!((*out)->flags & DAT_EVD_CR_FLAG))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	return DAT_SUCCESS;
}

static DAT_RETURN psp_new(struct ia *ia, DAT_CONN_QUAL qual, struct evd *evd,
		DAT_PSP_FLAGS flags, DAT_PSP_HANDLE *out)
{
	struct psp *psp = obj_new(DAT_HANDLE_TYPE_PSP, sizeof *psp, ia);

	if (!psp)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	if (wire_listen(&ia->w, qual)) {
		obj_free(psp);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	}
	psp->qual = qual;
	psp->evd = evd;
	psp->flags = flags;
	evd->refs++;
	*out = psp;
	return DAT_SUCCESS;
}

/*
 * dat_psp_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_CONN_QUAL_IN_USE, DAT_MODEL_NOT_SUPPORTED
 * (DAT_PSP_PROVIDER_FLAG declined)
 */
DAT_RETURN dapl_psp_create(DAT_IA_HANDLE ia_handle, DAT_CONN_QUAL conn_qual,
		DAT_EVD_HANDLE evd_handle, DAT_PSP_FLAGS psp_flags,
		DAT_PSP_HANDLE *psp_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct evd *evd;
	DAT_RETURN rc;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if ((rc = cr_evd(ia, evd_handle, &evd)))
		return rc;
	if (psp_flags != DAT_PSP_CONSUMER_FLAG && psp_flags != DAT_PSP_PROVIDER_FLAG)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (psp_flags == DAT_PSP_PROVIDER_FLAG && dapl_declines(RDMACTS_CAP_PSP_PROVIDER_FLAG))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!psp_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (qual_in_use(ia, conn_qual))
		return ERR(DAT_CONN_QUAL_IN_USE, DAT_NO_SUBTYPE);
	return psp_new(ia, conn_qual, evd, psp_flags, psp_handle);
}

/*
 * dat_psp_create_any(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_CONN_QUAL_UNAVAILABLE,
 * DAT_MODEL_NOT_SUPPORTED (DAT_PSP_PROVIDER_FLAG declined)
 *
 * Qualifiers handed out start at 0x10000 (below are for Consumers).
 */
DAT_RETURN dapl_psp_create_any(DAT_IA_HANDLE ia_handle, DAT_CONN_QUAL *conn_qual,
		DAT_EVD_HANDLE evd_handle, DAT_PSP_FLAGS psp_flags,
		DAT_PSP_HANDLE *psp_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct evd *evd;
	DAT_RETURN rc;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if ((rc = cr_evd(ia, evd_handle, &evd)))
		return rc;
	if (!conn_qual)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (psp_flags != DAT_PSP_CONSUMER_FLAG && psp_flags != DAT_PSP_PROVIDER_FLAG)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (psp_flags == DAT_PSP_PROVIDER_FLAG && dapl_declines(RDMACTS_CAP_PSP_PROVIDER_FLAG))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (!psp_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	for (DAT_CONN_QUAL q = 0x10000; q < 0x20000; q++)
		if (!qual_in_use(ia, q)) {
			rc = psp_new(ia, q, evd, psp_flags, psp_handle);
			if (rc == DAT_SUCCESS)
				*conn_qual = q;
			return rc;
		}
	return ERR(DAT_CONN_QUAL_UNAVAILABLE, DAT_NO_SUBTYPE);
}

/*
 * dat_psp_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_psp_query(DAT_PSP_HANDLE psp_handle, DAT_PSP_PARAM_MASK mask,
		DAT_PSP_PARAM *param)
{
	struct psp *psp = obj_get(psp_handle, DAT_HANDLE_TYPE_PSP);

	if (!psp)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PSP);
	if (mask & ~DAT_PSP_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = psp->h.ia;
	param->conn_qual = psp->qual;
	param->evd_handle = psp->evd;
	param->psp_flags = psp->flags;
	return DAT_SUCCESS;
}

/* Pending requests outlive their Service Point; they forget it. */
static void orphan_crs(struct obj *sp)
{
	for (struct obj *o = sp->ia->objs; o; o = o->next)
		if (o->kind == DAT_HANDLE_TYPE_CR && ((struct cr *)o)->sp == sp)
			((struct cr *)o)->sp = NULL;
}

void psp_destroy(struct psp *psp)
{
	wire_unlisten(&psp->h.ia->w, psp->qual);
	orphan_crs(&psp->h);
	psp->evd->refs--;
	obj_free(psp);
}

/*
 * dat_psp_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_psp_free(DAT_PSP_HANDLE psp_handle)
{
	struct psp *psp = obj_get(psp_handle, DAT_HANDLE_TYPE_PSP);

	if (!psp)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PSP);
	psp_destroy(psp);
	return DAT_SUCCESS;
}

/*
 * dat_rsp_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE, DAT_CONN_QUAL_IN_USE
 *
 * The Endpoint is required (the reference does not create one for an
 * RSP: DAT_HANDLE_NULL is DAT_INVALID_HANDLE) and must be UNCONNECTED.
 */
DAT_RETURN dapl_rsp_create(DAT_IA_HANDLE ia_handle, DAT_CONN_QUAL conn_qual,
		DAT_EP_HANDLE ep_handle, DAT_EVD_HANDLE evd_handle,
		DAT_RSP_HANDLE *rsp_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct ep *ep = obj_get(ep_handle, DAT_HANDLE_TYPE_EP);
	struct evd *evd;
	struct rsp *rsp;
	DAT_RETURN rc;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!ep || ep->h.ia != ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP);
	if ((rc = cr_evd(ia, evd_handle, &evd)))
		return rc;
	if (!rsp_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (ep->state != DAT_EP_STATE_UNCONNECTED &&
			ep->state != DAT_EP_STATE_UNCONFIGURED_UNCONNECTED)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EP_NOTREADY);
	if (qual_in_use(ia, conn_qual))
		return ERR(DAT_CONN_QUAL_IN_USE, DAT_NO_SUBTYPE);
	rsp = obj_new(DAT_HANDLE_TYPE_RSP, sizeof *rsp, ia);
	if (!rsp)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	if (wire_listen(&ia->w, conn_qual)) {
		obj_free(rsp);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	}
	rsp->qual = conn_qual;
	rsp->ep = ep;
	rsp->evd = evd;
	evd->refs++;
	ep->state = ep->state == DAT_EP_STATE_UNCONNECTED ? DAT_EP_STATE_RESERVED :
		DAT_EP_STATE_UNCONFIGURED_RESERVED;
	ep->reserved_by = &rsp->h;
	*rsp_handle = rsp;
	return DAT_SUCCESS;
}

/*
 * dat_rsp_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_rsp_query(DAT_RSP_HANDLE rsp_handle, DAT_RSP_PARAM_MASK mask,
		DAT_RSP_PARAM *param)
{
	struct rsp *rsp = obj_get(rsp_handle, DAT_HANDLE_TYPE_RSP);

	if (!rsp)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RSP);
	if (mask & ~DAT_RSP_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = rsp->h.ia;
	param->conn_qual = rsp->qual;
	param->evd_handle = rsp->evd;
	param->ep_handle = rsp->ep;
	return DAT_SUCCESS;
}

void rsp_destroy(struct rsp *rsp)
{
	struct ep *ep = rsp->ep;

	wire_unlisten(&rsp->h.ia->w, rsp->qual);
	orphan_crs(&rsp->h);
	if (ep && ep->reserved_by == &rsp->h) {
		ep->reserved_by = NULL;
		if (ep->state == DAT_EP_STATE_RESERVED)
			ep->state = DAT_EP_STATE_UNCONNECTED;
		else if (ep->state == DAT_EP_STATE_UNCONFIGURED_RESERVED)
			ep->state = DAT_EP_STATE_UNCONFIGURED_UNCONNECTED;
	}
	rsp->evd->refs--;
	obj_free(rsp);
}

/*
 * dat_rsp_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE.  A RESERVED Endpoint goes back to
 * UNCONNECTED; a request that already arrived is unaffected: its CR keeps
 * the Endpoint (PASSIVE_CONNECTION_PENDING) for dat_cr_accept/reject.
 */
DAT_RETURN dapl_rsp_free(DAT_RSP_HANDLE rsp_handle)
{
	struct rsp *rsp = obj_get(rsp_handle, DAT_HANDLE_TYPE_RSP);

	if (!rsp)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_RSP);
	rsp_destroy(rsp);
	return DAT_SUCCESS;
}
