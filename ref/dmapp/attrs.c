/*
 * attrs.c: job information and RMA attributes (4.9.1, 5.2.3, 5.3.3-5.3.5).
 *
 * Static attributes (max_outstanding_nb, max_concurrency) are set by
 * dmapp_init only; dynamic ones (offload_threshold and the two routing
 * modes) also by dmapp_set_rma_attrs, for requests issued afterwards.
 */
#include "dmapp_impl.h"

/* E-DMAPP-040, E-DMAPP-042: the valid values of each attribute. */
dmapp_return_t dmapp_attrs_check(const dmapp_rma_attrs_t *a, int at_init)
{
	if (a->put_relaxed_ordering > DMAPP_ROUTING_ADAPTIVE ||
	    a->get_relaxed_ordering > DMAPP_ROUTING_ADAPTIVE)
		return DMAPP_RC_INVALID_PARAM;
	if (at_init && (a->max_outstanding_nb < DMAPP_MIN_OUTSTANDING_NB ||
			a->max_outstanding_nb > DMAPP_MAX_OUTSTANDING_NB ||
			a->max_concurrency < 1))
		return DMAPP_RC_INVALID_PARAM;
	return DMAPP_RC_SUCCESS;	/* any offload_threshold (5.2.3.2) */
}

/*
 * 5.3.3 dmapp_get_jobinfo
 * DMAPP_RC_SUCCESS, the information copied to *info (E-DMAPP-019);
 * DMAPP_RC_INVALID_PARAM before dmapp_init or for a NULL info.
 */
dmapp_return_t dmapp_get_jobinfo(dmapp_jobinfo_t *info)
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || info == NULL)
		return DMAPP_RC_INVALID_PARAM;

	info->version = DMAPP_REF_VERSION;
	info->hw_version = DMAPP_GNI_HW_MAJOR_GEMINI;
	info->npes = dmapp.npes;
	info->pe = dmapp.pe;
	info->data_seg = dmapp.data_seg;
	info->sheap_seg = dmapp.sheap_seg;
	return DMAPP_RC_SUCCESS;
}

/*
 * The defaults 5.2.3 gives (max_outstanding_nb its recommended value),
 * reported while no job runs: clients read them before dmapp_init to
 * fill their request (E-DMAPP-086).
 */
void dmapp_default_attrs(dmapp_rma_attrs_t *a)
{
	a->max_outstanding_nb = DMAPP_DEF_OUTSTANDING_NB;
	a->offload_threshold = DMAPP_OFFLOAD_THRESHOLD;
	a->put_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	a->get_relaxed_ordering = DMAPP_ROUTING_ADAPTIVE;
	a->max_concurrency = 1;
}

/*
 * 5.3.4 dmapp_get_rma_attrs
 * DMAPP_RC_SUCCESS: the attributes of the job, or while no job runs
 * (before dmapp_init, after dmapp_finalize) the defaults (E-DMAPP-086);
 * DMAPP_RC_INVALID_PARAM for a NULL attrs.
 */
dmapp_return_t dmapp_get_rma_attrs(dmapp_rma_attrs_t *attrs)
{
	if (attrs == NULL)
		return DMAPP_RC_INVALID_PARAM;

	if (dmapp.initialized)
		*attrs = dmapp.attrs;
	else
		dmapp_default_attrs(attrs);
	return DMAPP_RC_SUCCESS;
}

/*
 * 5.3.5 dmapp_set_rma_attrs
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM before dmapp_init, for a NULL
 * argument or a routing value above DMAPP_ROUTING_ADAPTIVE, nothing
 * being changed.  Static attributes in requested_attrs are ignored and
 * reported at their current values (E-DMAPP-042).
 */
dmapp_return_t dmapp_set_rma_attrs(dmapp_rma_attrs_t *requested_attrs,
				   dmapp_rma_attrs_t *actual_attrs)
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS ||
	    requested_attrs == NULL || actual_attrs == NULL ||
	    dmapp_attrs_check(requested_attrs, 0) != DMAPP_RC_SUCCESS)
		return DMAPP_RC_INVALID_PARAM;

	dmapp.attrs.offload_threshold = requested_attrs->offload_threshold;
	dmapp.attrs.put_relaxed_ordering = requested_attrs->put_relaxed_ordering;
	dmapp.attrs.get_relaxed_ordering = requested_attrs->get_relaxed_ordering;
	*actual_attrs = dmapp.attrs;
	return DMAPP_RC_SUCCESS;
}
