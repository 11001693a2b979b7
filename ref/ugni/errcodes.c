/*
 * errcodes.c: the error statuses the model puts in CQ entries and
 * error events, and the return-code texts (gni_err_str, vendor ABI).
 * One row per status: its text (CqErrorStr, 3.9.7), whether reissuing
 * the transaction can succeed (CqErrorRecoverable, 3.9.8) and the error
 * category of the error event it raises (3.13.1).
 */
#include "ugni.h"

const struct ugni_errcode ugni_errcodes[UGNI_ST_COUNT] = {
	{ UGNI_ST_OK,       "no error", 1, NIC_ERRCAT_INFO },
	{ UGNI_ST_BAD_MDH,  "invalid remote memory handle", 0, NIC_ERRCAT_ADDR_TRANS },
	{ UGNI_ST_PTAG,     "protection tag mismatch", 0, NIC_ERRCAT_ADDR_TRANS },
	{ UGNI_ST_BOUNDS,   "access outside the registered memory region", 0, NIC_ERRCAT_ADDR_TRANS },
	{ UGNI_ST_READONLY, "write to a read-only memory region", 0, NIC_ERRCAT_ADDR_TRANS },
	{ UGNI_ST_NO_ROUTE, "no NIC at the remote address", 0, NIC_ERRCAT_ADDR_TRANS },
	{ UGNI_ST_MEMORY,   "registered memory is no longer mapped", 0, NIC_ERRCAT_TRANSACTION },
	{ UGNI_ST_INJECTED, "transaction failed (injected network error)", 1, NIC_ERRCAT_TRANSACTION },
};

const char *gni_err_str[] = {
	[GNI_RC_SUCCESS] = "GNI_RC_SUCCESS",
	[GNI_RC_NOT_DONE] = "GNI_RC_NOT_DONE",
	[GNI_RC_INVALID_PARAM] = "GNI_RC_INVALID_PARAM",
	[GNI_RC_ERROR_RESOURCE] = "GNI_RC_ERROR_RESOURCE",
	[GNI_RC_TIMEOUT] = "GNI_RC_TIMEOUT",
	[GNI_RC_PERMISSION_ERROR] = "GNI_RC_PERMISSION_ERROR",
	[GNI_RC_DESCRIPTOR_ERROR] = "GNI_RC_DESCRIPTOR_ERROR",
	[GNI_RC_ALIGNMENT_ERROR] = "GNI_RC_ALIGNMENT_ERROR",
	[GNI_RC_INVALID_STATE] = "GNI_RC_INVALID_STATE",
	[GNI_RC_NO_MATCH] = "GNI_RC_NO_MATCH",
	[GNI_RC_SIZE_ERROR] = "GNI_RC_SIZE_ERROR",
	[GNI_RC_TRANSACTION_ERROR] = "GNI_RC_TRANSACTION_ERROR",
	[GNI_RC_ILLEGAL_OP] = "GNI_RC_ILLEGAL_OP",
	[GNI_RC_ERROR_NOMEM] = "GNI_RC_ERROR_NOMEM",
	NULL
};
