/*
 * sync.c: completion of non-blocking requests (4.9.2.6, 5.3.63-5.3.66).
 *
 * A request is complete when the global completion event of each of its
 * uGNI posts has arrived: its data is then at its destination, which is
 * the global visibility of 4.8.  A syncid covers its own _nb request;
 * gsync covers every _nbi request issued so far, and nothing else
 * (E-DMAPP-047).  A failure is reported once (E-DMAPP-045).
 */
#include "dmapp_impl.h"

/*
 * 5.3.63 dmapp_syncid_test
 * DMAPP_RC_SUCCESS, *flag 1 (request complete: the syncid is retired and
 * *syncid set to NULL, E-DMAPP-044) or 0; DMAPP_RC_TRANSACTION_ERROR with
 * *flag 1 for a failed request; DMAPP_RC_INVALID_PARAM for a NULL
 * argument or a handle that is not a live syncid.
 */
dmapp_return_t dmapp_syncid_test(dmapp_syncid_handle_t *syncid, int *flag)
{
	struct dmapp_syncid *s;
	dmapp_return_t rc;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || syncid == NULL ||
	    flag == NULL || (s = dmapp_to_syncid(*syncid)) == NULL)
		return DMAPP_RC_INVALID_PARAM;

	dmapp_progress(0);
	if (s->req.pending) {
		*flag = 0;
		return DMAPP_RC_SUCCESS;
	}
	rc = s->req.error;
	dmapp_syncid_retire(s);
	*syncid = NULL;
	*flag = 1;
	return rc;
}

/*
 * 5.3.64 dmapp_syncid_wait
 * DMAPP_RC_SUCCESS once the request is complete (the syncid retired,
 * *syncid NULL); DMAPP_RC_TRANSACTION_ERROR when it failed;
 * DMAPP_RC_INVALID_PARAM for NULL or a handle that is not a live syncid.
 */
dmapp_return_t dmapp_syncid_wait(dmapp_syncid_handle_t *syncid)
{
	struct dmapp_syncid *s;
	dmapp_return_t rc;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || syncid == NULL ||
	    (s = dmapp_to_syncid(*syncid)) == NULL)
		return DMAPP_RC_INVALID_PARAM;

	dmapp_wait_req(&s->req);
	rc = s->req.error;
	dmapp_syncid_retire(s);
	*syncid = NULL;
	return rc;
}

/* The outcome of the implicit requests, reported once. */
static dmapp_return_t implicit_outcome(void)
{
	dmapp_return_t rc = dmapp.implicit.error;

	dmapp.implicit.error = DMAPP_RC_SUCCESS;
	return rc;
}

/*
 * 5.3.65 dmapp_gsync_test
 * DMAPP_RC_SUCCESS, *flag 1 when every _nbi request issued so far is
 * complete, else 0; DMAPP_RC_TRANSACTION_ERROR with *flag 1 when one of
 * them failed; DMAPP_RC_INVALID_PARAM for a NULL flag (E-DMAPP-046).
 */
dmapp_return_t dmapp_gsync_test(int *flag)
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || flag == NULL)
		return DMAPP_RC_INVALID_PARAM;

	dmapp_progress(0);
	if (dmapp.implicit.pending) {
		*flag = 0;
		return DMAPP_RC_SUCCESS;
	}
	*flag = 1;
	return implicit_outcome();
}

/*
 * 5.3.66 dmapp_gsync_wait
 * DMAPP_RC_SUCCESS once every _nbi request issued so far is complete;
 * DMAPP_RC_TRANSACTION_ERROR when one of them failed.
 */
dmapp_return_t dmapp_gsync_wait(void)
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS)
		return DMAPP_RC_INVALID_PARAM;

	dmapp_wait_req(&dmapp.implicit);
	return implicit_outcome();
}
