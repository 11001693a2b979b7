/*
 * ext_coll.h: what the collective tests of the vendor extension share
 * (ext_pset.c, ext_barrier.c, ext_greduce.c): pset descriptors and the
 * rule that a DMAPP_RC_NOT_SUPPORTED answer means the call is not
 * offered (UNSUPPORTED with lacks, never FAIL).
 */
#ifndef EXT_COLL_H
#define EXT_COLL_H

#include <stdio.h>
#include <string.h>

#include "dt.h"

/* A descriptor of the PEs list[0..n-1]. */
static inline dmapp_c_pset_desc_t ec_vec(uint32_t *list, uint32_t n)
{
	dmapp_c_pset_desc_t d;

	memset(&d, 0, sizeof d);
	d.type = DMAPP_C_PSET_DELIMITER_VEC;
	d.u.vec_type.n_pes = n;
	d.u.vec_type.vec_pes = list;
	return d;
}

static inline dmapp_c_pset_desc_t ec_strided(uint32_t base, uint32_t stride,
					     uint32_t n)
{
	dmapp_c_pset_desc_t d;

	memset(&d, 0, sizeof d);
	d.type = DMAPP_C_PSET_DELIMITER_STRIDED;
	d.u.stride_type.n_pes = n;
	d.u.stride_type.base_pe = base;
	d.u.stride_type.stride_pe = stride;
	return d;
}

/* Ends the test (after dt_end) when rc says the call is not offered. */
static inline void ec_offered(dmapp_return_t rc, const char *call)
{
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks_call(call, "DMAPP_RC_NOT_SUPPORTED");
	}
}

/* Every PE at once: ends the test as UNSUPPORTED (lacks) when the
 * implementation does not offer psets, before any PE depends on another. */
static inline void ec_probe(void)
{
	uint32_t me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	dmapp_c_pset_handle_t h;
	dmapp_return_t rc = dmapp_c_pset_create(&d, UINT64_MAX, 0, NULL, &h);

	ec_offered(rc, "dmapp_c_pset_create");
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_c_pset_destroy(h);
}

/* Create (identifier id) and export a pset of d; every PE of the job
 * calls it (members and not), with a job barrier between the two steps
 * as the header asks.  Returns the handle (NULL on a non-member). */
static inline dmapp_c_pset_handle_t ec_make(dmapp_c_pset_desc_t d, uint64_t id,
					    int member, const char *cl)
{
	dmapp_c_pset_handle_t h = NULL;
	dmapp_return_t rc = DMAPP_RC_SUCCESS;

	if (member) {
		rc = dmapp_c_pset_create(&d, id, 0, NULL, &h);
		ec_offered(rc, "dmapp_c_pset_create");
		RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();
	if (member) {
		rc = dmapp_c_pset_export(h);
		ec_offered(rc, "dmapp_c_pset_export");
		RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
	}
	return h;
}

/* The whole job, in reverse PE order (its root is then the last PE). */
static inline dmapp_c_pset_desc_t ec_all_reversed(uint32_t *list)
{
	for (int i = 0; i < dt_npes; i++)
		list[i] = (uint32_t)(dt_npes - 1 - i);
	return ec_vec(list, (uint32_t)dt_npes);
}

#endif
