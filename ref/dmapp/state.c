/*
 * state.c: the job state, the state rule and error reporting.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmapp_impl.h"

struct dmapp_state dmapp;

/* E-DMAPP-041: every call other than dmapp_init needs an initialised job
 * (the exceptions check nothing: dmapp_initialized, dmapp_explain_error,
 * and the attribute queries of E-DMAPP-086). */
dmapp_return_t dmapp_check_init(void)
{
	return dmapp.initialized ? DMAPP_RC_SUCCESS : DMAPP_RC_INVALID_PARAM;
}

/*
 * dmapp_initialized (later DMAPP): *flag = 1 while a job runs (between
 * dmapp_init or dmapp_init_ext and dmapp_finalize), else 0.
 * DMAPP_RC_SUCCESS at any time; DMAPP_RC_INVALID_PARAM for a NULL flag.
 */
dmapp_return_t dmapp_initialized(int *flag)
{
	if (flag == NULL)
		return DMAPP_RC_INVALID_PARAM;
	*flag = dmapp.initialized != 0;
	return DMAPP_RC_SUCCESS;
}

/* 5.4.2 DMAPP_ABORT_ON_ERROR: set to a non-empty value other than "0". */
int dmapp_abort_on_error(void)
{
	const char *v = getenv("DMAPP_ABORT_ON_ERROR");

	return v && *v && strcmp(v, "0") != 0;
}

/*
 * Initialisation and memory handling calls report their errors through
 * here: with DMAPP_ABORT_ON_ERROR set they dump core instead (E-DMAPP-059).
 */
dmapp_return_t dmapp_fail(dmapp_return_t rc, const char *call)
{
	if (rc != DMAPP_RC_SUCCESS && dmapp_abort_on_error()) {
		fprintf(stderr, "%s: error %d, DMAPP_ABORT_ON_ERROR is set\n",
			call, (int)rc);
		abort();
	}
	return rc;
}

/* The uGNI code of a failed post, as DMAPP reports it. */
dmapp_return_t dmapp_from_gni(gni_return_t rc)
{
	switch (rc) {
	case GNI_RC_ALIGNMENT_ERROR:
		return DMAPP_RC_ALIGNMENT_ERROR;
	case GNI_RC_ERROR_RESOURCE:
	case GNI_RC_ERROR_NOMEM:
		return DMAPP_RC_RESOURCE_ERROR;	/* E-DMAPP-026 */
	default:
		return DMAPP_RC_TRANSACTION_ERROR;
	}
}
