/*
 * dat_api.c: every consumer call that takes a handle, dispatched to the
 * Provider that owns the handle (DAT_HANDLE_TO_PROVIDER), after
 * dat_handle_provider has checked it.  A handle no registered Provider
 * owns gets DAT_INVALID_HANDLE with the subtype of the call's first
 * handle; a Provider whose table leaves a call out gets
 * DAT_NOT_IMPLEMENTED.  Everything else comes from the Provider.
 *
 * The calls, their parameters and their pages' return codes are listed
 * in ../dat_calls.h; DAT_CALL below makes one entry point of each.
 * dat_ia_open and dat_ia_close do more than dispatch (dat_open.c).
 */
#include "registry.h"

/* dat_<name>(a0, ...): a0, the first parameter, is the handle. */
#define DAT_CALL(name, subtype, params, args) \
	DAT_RETURN dat_##name params \
	{ \
		DAT_PROVIDER *p = dat_handle_provider(a0); \
	\
		if (!p) \
			return DAT_ERROR(DAT_INVALID_HANDLE, subtype); \
		if (!p->name##_func) \
			return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE); \
		return p->name##_func args; \
	}
#define DAT_PROVIDER_ONLY(name, params, args)	/* in dat_open.c */

#include "../dat_calls.h"
