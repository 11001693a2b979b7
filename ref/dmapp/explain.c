/*
 * explain.c: dmapp_explain_error (later DMAPP; clauses
 * DMAPP-X-explain-error-*): a text for each dmapp_return_t, one table
 * row per code, in the words the 2010 document and dmapp.h give them.
 */
#include <stddef.h>

#include "dmapp_impl.h"

static const char *const texts[] = {
	[DMAPP_RC_SUCCESS] = "DMAPP_RC_SUCCESS: the operation completed successfully",
	[DMAPP_RC_INVALID_PARAM] = "DMAPP_RC_INVALID_PARAM: one or more arguments are invalid",
	[DMAPP_RC_ALIGNMENT_ERROR] = "DMAPP_RC_ALIGNMENT_ERROR: an address or length is not aligned as the call requires",
	[DMAPP_RC_TRANSACTION_ERROR] = "DMAPP_RC_TRANSACTION_ERROR: a transaction failed in the network",
	[DMAPP_RC_RESOURCE_ERROR] = "DMAPP_RC_RESOURCE_ERROR: out of resources (memory or network)",
	[DMAPP_RC_PERMISSION_ERROR] = "DMAPP_RC_PERMISSION_ERROR: the operation is not permitted",
	[DMAPP_RC_NO_SPACE] = "DMAPP_RC_NO_SPACE: no space left for the request",
	[DMAPP_RC_NOT_DONE] = "DMAPP_RC_NOT_DONE: the operation is not complete yet",
	[DMAPP_RC_NOT_SUPPORTED] = "DMAPP_RC_NOT_SUPPORTED: the operation is not supported",
	[DMAPP_RC_NOT_FOUND] = "DMAPP_RC_NOT_FOUND: the object was not found",
	[DMAPP_RC_BUSY] = "DMAPP_RC_BUSY: the resource is busy",
	[DMAPP_RC_NOT_USED] = "DMAPP_RC_NOT_USED: not used",
};

/*
 * dmapp_explain_error (later DMAPP): *msg = the text of rc.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM for a NULL msg or an rc that
 * is no dmapp_return_t (*msg untouched).  Needs no job: clients explain
 * a failed dmapp_init with it.
 */
dmapp_return_t dmapp_explain_error(dmapp_return_t rc, const char **msg)
{
	if (msg == NULL || (unsigned)rc >= sizeof(texts) / sizeof(texts[0]))
		return DMAPP_RC_INVALID_PARAM;
	*msg = texts[rc];
	return DMAPP_RC_SUCCESS;
}
