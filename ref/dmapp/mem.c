/*
 * mem.c: dynamic memory registration (5.3.70-5.3.72).
 *
 * A registered region is non-symmetric: PEs reach it only with the
 * descriptor of the PE that registered it, and PE-strided calls refuse
 * it (E-DMAPP-038).  The region is rounded out to 4-byte boundaries,
 * and the rounded bounds are reported in the descriptor (5.3.70, which
 * allows rounding; E-DMAPP-064): uGNI reads memory in 4-byte units, so
 * a GET of a region's first or last bytes reads the whole words.
 */
#include <stdlib.h>
#include <string.h>

#include "dmapp_impl.h"

/*
 * 5.3.70 dmapp_mem_register
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM before dmapp_init, for NULL
 * addr or seg_desc, length 0 or a range that wraps (E-DMAPP-053);
 * DMAPP_RC_RESOURCE_ERROR when the region cannot be registered.
 */
dmapp_return_t dmapp_mem_register(void *addr, uint64_t length,
				  dmapp_seg_desc_t *seg_desc)
{
	uint64_t a = (uint64_t)(uintptr_t)addr, end, lo, hi;
	struct dmapp_region *g;
	gni_mem_handle_t mh;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || addr == NULL ||
	    seg_desc == NULL || length == 0 ||
	    __builtin_add_overflow(a, length, &end) || end > UINT64_MAX - 3)
		return dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_mem_register");

	lo = a & ~(uint64_t)3;
	hi = (end + 3) & ~(uint64_t)3;
	g = calloc(1, sizeof(*g));
	if (!g)
		return dmapp_fail(DMAPP_RC_RESOURCE_ERROR, "dmapp_mem_register");
	if (GNI_MemRegister(dmapp.nic, lo, hi - lo, NULL, GNI_MEM_READWRITE,
			    (uint32_t)-1, &mh) != GNI_RC_SUCCESS) {
		free(g);
		return dmapp_fail(DMAPP_RC_RESOURCE_ERROR, "dmapp_mem_register");
	}

	g->seg.addr = (void *)(uintptr_t)lo;
	g->seg.len = hi - lo;
	g->seg.memhndl = mh;
	g->next = dmapp.regions;
	dmapp.regions = g;
	*seg_desc = g->seg;
	return DMAPP_RC_SUCCESS;
}

/*
 * 5.3.71 dmapp_mem_unregister
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM before dmapp_init, for NULL
 * or for a descriptor that no live dmapp_mem_register returned
 * (E-DMAPP-054).
 */
dmapp_return_t dmapp_mem_unregister(dmapp_seg_desc_t *seg_desc)
{
	struct dmapp_region **link, *g;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || seg_desc == NULL)
		return dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_mem_unregister");
	for (link = &dmapp.regions; *link; link = &(*link)->next)
		if (dmapp_seg_equal(&(*link)->seg, seg_desc))
			break;
	if (*link == NULL)
		return dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_mem_unregister");

	g = *link;
	GNI_MemDeregister(dmapp.nic, &g->seg.memhndl);
	*link = g->next;
	free(g);
	return DMAPP_RC_SUCCESS;
}

/*
 * 5.3.72 dmapp_segdesc_compare
 * DMAPP_RC_SUCCESS, *flag 1 when addr, len and memhndl are equal
 * (E-DMAPP-055); DMAPP_RC_INVALID_PARAM before dmapp_init or for a NULL
 * argument.  seg_desc2 is only read and *flag only written (E-DMAPP-018).
 */
dmapp_return_t dmapp_segdesc_compare(dmapp_seg_desc_t *seg_desc1,
				     dmapp_seg_desc_t *seg_desc2, int *flag)
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || seg_desc1 == NULL ||
	    seg_desc2 == NULL || flag == NULL)
		return DMAPP_RC_INVALID_PARAM;

	*flag = dmapp_seg_equal(seg_desc1, seg_desc2);
	return DMAPP_RC_SUCCESS;
}

/* Release every region left registered (dmapp_finalize). */
void dmapp_regions_teardown(void)
{
	while (dmapp.regions) {
		struct dmapp_region *g = dmapp.regions;
		dmapp.regions = g->next;
		GNI_MemDeregister(dmapp.nic, &g->seg.memhndl);
		free(g);
	}
}
