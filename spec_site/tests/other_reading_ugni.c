/*
 * A uGNI implementation that differs from the reference on purpose, for
 * the spec site's results matrix (spec_site/tests/test_site.py): a thin
 * libugni.so in front of the reference (libugni_core.so) whose
 * GNI_CqCreate
 *   - takes the other readings of 3.3.1 the clauses allow: a delay_count
 *     with a non-blocking CQ is refused (GNI_RC_INVALID_PARAM; the
 *     reference accepts it), an entry_count of 0 is accepted with one
 *     entry (the reference refuses it);
 *   - and breaks one rule: a NULL cq_handle answers GNI_RC_ERROR_RESOURCE
 *     instead of GNI_RC_INVALID_PARAM (a FAIL).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>

#include "gni_pub.h"

typedef gni_return_t (*cq_create_fn)(gni_nic_handle_t, uint32_t, uint32_t,
                                     gni_cq_mode_t,
                                     void (*)(gni_cq_entry_t *, void *),
                                     void *, gni_cq_handle_t *);

gni_return_t GNI_CqCreate(gni_nic_handle_t nic_handle, uint32_t entry_count,
                          uint32_t delay_count, gni_cq_mode_t mode,
                          void (*event_handler)(gni_cq_entry_t *, void *),
                          void *context, gni_cq_handle_t *cq_handle)
{
    cq_create_fn real = (cq_create_fn)dlsym(RTLD_NEXT, "GNI_CqCreate");

    if (!cq_handle)
        return GNI_RC_ERROR_RESOURCE;
    if (delay_count && !(mode & GNI_CQ_BLOCKING))
        return GNI_RC_INVALID_PARAM;
    if (entry_count == 0)
        entry_count = 1;
    return real(nic_handle, entry_count, delay_count, mode, event_handler,
                context, cq_handle);
}
