/*
 * attrs_ext.c: the extended RMA attributes of the vendor extension
 * (dmapp.h RB-3.1: dmapp_init_ext, dmapp_get_rma_attrs_ext,
 * dmapp_set_rma_attrs_ext; clauses DMAPP-X-attrs-*).
 *
 * dmapp_rma_attrs_ext_t is dmapp_rma_attrs_t plus PI_ordering, the PCI
 * ordering mode of every registration DMAPP makes.  The five shared
 * fields follow the core rules exactly: each call converts and hands
 * them to its core counterpart (attrs.c, init.c).
 *
 * PI_ordering: the software NIC delivers the writes of one post, and
 * the posts of one endpoint, in order, which satisfies the strongest
 * mode (STRICT) and so every weaker one.  The mode is therefore checked
 * and reported, and changes nothing else.  It is chosen at
 * initialization: the data segment and the symmetric heap are
 * registered there, so dmapp_set_rma_attrs_ext treats it as a static
 * attribute (reported at its current value, like max_outstanding_nb).
 *
 * queue_depth, queue_nelems (later DMAPP, E-DMAPP-087) size the queues
 * of dmapp_queue_*, which the reference does not model: they are kept
 * and reported, static like PI_ordering, 0 standing for the defaults
 * DMAPP_QUEUE_DEFAULT_DEPTH and _NELEMS (an RB-3.1 client's zeroed
 * reserved bytes).
 */
#include <string.h>

#include "dmapp_impl.h"

static dmapp_rma_attrs_t core_of(const dmapp_rma_attrs_ext_t *x)
{
	dmapp_rma_attrs_t a;

	a.max_outstanding_nb = x->max_outstanding_nb;
	a.offload_threshold = x->offload_threshold;
	a.put_relaxed_ordering = x->put_relaxed_ordering;
	a.get_relaxed_ordering = x->get_relaxed_ordering;
	a.max_concurrency = x->max_concurrency;
	return a;
}

/* The attributes in force, or the defaults while no job runs
 * (E-DMAPP-086); unused bytes zero. */
static void report(dmapp_rma_attrs_ext_t *x)
{
	dmapp_rma_attrs_t a;

	if (dmapp.initialized)
		a = dmapp.attrs;
	else
		dmapp_default_attrs(&a);
	memset(x, 0, sizeof(*x));
	x->max_outstanding_nb = a.max_outstanding_nb;
	x->offload_threshold = a.offload_threshold;
	x->put_relaxed_ordering = a.put_relaxed_ordering;
	x->get_relaxed_ordering = a.get_relaxed_ordering;
	x->max_concurrency = a.max_concurrency;
	x->PI_ordering = dmapp.initialized ? dmapp.pi_ordering : PI_DEFAULT;
	x->queue_depth = dmapp.initialized ? dmapp.queue_depth : DMAPP_QUEUE_DEFAULT_DEPTH;
	x->queue_nelems = dmapp.initialized ? dmapp.queue_nelems : DMAPP_QUEUE_DEFAULT_NELEMS;
}

/*
 * dmapp_init_ext (RB-3.1): dmapp_init with the extended attributes.
 * DMAPP_RC_SUCCESS, *actual_attrs the attributes in force; every error
 * of dmapp_init, and DMAPP_RC_INVALID_PARAM for a PI_ordering that is
 * not a dmapp_pi_reg_type_t (checked before anything is done).
 */
dmapp_return_t dmapp_init_ext(dmapp_rma_attrs_ext_t *requested_attrs,
			      dmapp_rma_attrs_ext_t *actual_attrs)
{
	dmapp_rma_attrs_t req, act;
	dmapp_return_t rc;

	if (dmapp.initialized || requested_attrs == NULL ||
	    actual_attrs == NULL ||
	    requested_attrs->PI_ordering > DMAPP_PI_ORDERING_RELAXED)
		return dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_init_ext");

	req = core_of(requested_attrs);
	if ((rc = dmapp_init(&req, &act)) != DMAPP_RC_SUCCESS)
		return rc;
	dmapp.pi_ordering = requested_attrs->PI_ordering;
	if (requested_attrs->queue_depth)
		dmapp.queue_depth = requested_attrs->queue_depth;
	if (requested_attrs->queue_nelems)
		dmapp.queue_nelems = requested_attrs->queue_nelems;
	report(actual_attrs);
	return DMAPP_RC_SUCCESS;
}

/*
 * dmapp_get_rma_attrs_ext (RB-3.1)
 * DMAPP_RC_SUCCESS, the defaults while no job runs (as
 * dmapp_get_rma_attrs, E-DMAPP-086: Global Arrays' ComEx reads them
 * before dmapp_init_ext); DMAPP_RC_INVALID_PARAM for a NULL attrs.
 */
dmapp_return_t dmapp_get_rma_attrs_ext(dmapp_rma_attrs_ext_t *attrs)
{
	if (attrs == NULL)
		return DMAPP_RC_INVALID_PARAM;

	report(attrs);
	return DMAPP_RC_SUCCESS;
}

/*
 * dmapp_set_rma_attrs_ext (RB-3.1)
 * As dmapp_set_rma_attrs for the shared fields: DMAPP_RC_SUCCESS, or
 * DMAPP_RC_INVALID_PARAM before dmapp_init, for a NULL argument or a
 * routing value above DMAPP_ROUTING_ADAPTIVE, nothing being changed.
 * Static attributes, PI_ordering among them, are reported unchanged.
 */
dmapp_return_t dmapp_set_rma_attrs_ext(dmapp_rma_attrs_ext_t *requested_attrs,
				       dmapp_rma_attrs_ext_t *actual_attrs)
{
	dmapp_rma_attrs_t req, act;
	dmapp_return_t rc;

	if (requested_attrs == NULL || actual_attrs == NULL)
		return DMAPP_RC_INVALID_PARAM;
	req = core_of(requested_attrs);
	if ((rc = dmapp_set_rma_attrs(&req, &act)) != DMAPP_RC_SUCCESS)
		return rc;
	report(actual_attrs);
	return DMAPP_RC_SUCCESS;
}
