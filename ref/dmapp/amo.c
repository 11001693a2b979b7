/*
 * amo.c: atomic memory operations (4.9.2.5, 5.3.33-5.3.62).
 *
 * Every AMO is one uGNI FMA AMO (GNI_POST_AMO) on an 8-byte word of a
 * remote PE, atomic with respect to every other AMO on that word
 * whichever PE issues it.  The table gives the uGNI command of each
 * DMAPP operation (E-DMAPP-012, E-DMAPP-013).  Non-fetching AMOs name
 * the remote word target_addr; fetching AMOs name it source_addr and
 * store its old value at the local target_addr.  Both words must be
 * 8-byte aligned (E-DMAPP-028).
 */
#include "dmapp_impl.h"

enum amo_op {
	AMO_AADD, AMO_AAND, AMO_AOR, AMO_AXOR,
	AMO_AFADD, AMO_AFAND, AMO_AFXOR, AMO_AFOR, AMO_AFAX, AMO_ACSWAP
};

/* Table 1 (4.9.2.5): operation -> uGNI command; "Data Returned". */
static const struct amo_row {
	const char *name;
	gni_fma_cmd_type_t cmd;
	int fetching;
} amo_table[] = {
	[AMO_AADD]   = { "AADD",   GNI_FMA_ATOMIC_ADD,   0 },
	[AMO_AAND]   = { "AAND",   GNI_FMA_ATOMIC_AND,   0 },
	[AMO_AOR]    = { "AOR",    GNI_FMA_ATOMIC_OR,    0 },
	[AMO_AXOR]   = { "AXOR",   GNI_FMA_ATOMIC_XOR,   0 },
	[AMO_AFADD]  = { "AFADD",  GNI_FMA_ATOMIC_FADD,  1 },
	[AMO_AFAND]  = { "AFAND",  GNI_FMA_ATOMIC_FAND,  1 },
	[AMO_AFXOR]  = { "AFXOR",  GNI_FMA_ATOMIC_FXOR,  1 },
	[AMO_AFOR]   = { "AFOR",   GNI_FMA_ATOMIC_FOR,   1 },
	[AMO_AFAX]   = { "AFAX",   GNI_FMA_ATOMIC_FAX,   1 },	/* and, xor */
	[AMO_ACSWAP] = { "ACSWAP", GNI_FMA_ATOMIC_CSWAP, 1 },	/* cmp, swap */
};

/*
 * result: the local word for the old value (fetching AMOs), else NULL.
 * first, second: the uGNI operands (AFAX: andMask, xorMask; ACSWAP:
 * comperand, swaperand; others: operand, unused).
 */
static dmapp_return_t amo(enum dmapp_mode mode, enum amo_op op, void *result,
			  void *remote_addr, dmapp_seg_desc_t *seg,
			  dmapp_pe_t pe, int64_t first, int64_t second,
			  dmapp_syncid_handle_t *syncid)
{
	const struct amo_row *row = &amo_table[op];
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || seg == NULL ||
	    (row->fetching && result == NULL) ||
	    dmapp_check_syncid_arg(mode, syncid) != DMAPP_RC_SUCCESS)
		return DMAPP_RC_INVALID_PARAM;
	if ((rc = dmapp_remote(seg, pe, remote_addr, 0, 8, &r)) != DMAPP_RC_SUCCESS)
		return rc;
	if (((uintptr_t)remote_addr & 7) || ((uintptr_t)result & 7))
		return DMAPP_RC_ALIGNMENT_ERROR;

	if ((rc = dmapp_req_begin(mode, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	rc = dmapp_xfer_amo(req, &r, row->cmd, (uint64_t)first,
			    (uint64_t)second, result);
	return dmapp_req_end(mode, req, rc, syncid);
}

/* The operations of one operand: uGNI's command ignores the second. */
static dmapp_return_t amo1(enum dmapp_mode mode, enum amo_op op, void *result,
			   void *remote_addr, dmapp_seg_desc_t *seg,
			   dmapp_pe_t pe, int64_t operand,
			   dmapp_syncid_handle_t *syncid)
{
	return amo(mode, op, result, remote_addr, seg, pe, operand, 0, syncid);
}

/*
 * 5.3.33 dmapp_aadd_qw_nb: non-blocking explicit atomic ADD.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR. ALIGNMENT_ERROR: E-DMAPP-025.
 */
dmapp_return_t dmapp_aadd_qw_nb(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AADD, NULL, target_addr, target_seg, target_pe,
		    operand, syncid);
}

/*
 * 5.3.34 dmapp_aadd_qw_nbi: non-blocking implicit atomic ADD.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_aadd_qw_nbi(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AADD, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.35 dmapp_aadd_qw: blocking atomic ADD.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_aadd_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
		dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AADD, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.36 dmapp_aand_qw_nb: non-blocking explicit atomic AND.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_aand_qw_nb(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AAND, NULL, target_addr, target_seg, target_pe,
		    operand, syncid);
}

/*
 * 5.3.37 dmapp_aand_qw_nbi: non-blocking implicit atomic AND.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_aand_qw_nbi(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AAND, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.38 dmapp_aand_qw: blocking atomic AND.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_aand_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
		dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AAND, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.39 dmapp_aor_qw_nb: non-blocking explicit atomic OR.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_aor_qw_nb(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AOR, NULL, target_addr, target_seg, target_pe,
		    operand, syncid);
}

/*
 * 5.3.40 dmapp_aor_qw_nbi: non-blocking implicit atomic OR.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_aor_qw_nbi(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AOR, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.41 dmapp_aor_qw: blocking atomic OR.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021). TRANSACTION_ERROR: E-DMAPP-024.
 */
dmapp_return_t dmapp_aor_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
		dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AOR, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.42 dmapp_axor_qw_nb: non-blocking explicit atomic XOR.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_axor_qw_nb(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AXOR, NULL, target_addr, target_seg, target_pe,
		    operand, syncid);
}

/*
 * 5.3.43 dmapp_axor_qw_nbi: non-blocking implicit atomic XOR.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_axor_qw_nbi(void *target_addr,
		dmapp_seg_desc_t *target_seg, dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AXOR, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.44 dmapp_axor_qw: blocking atomic XOR.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_axor_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
		dmapp_pe_t target_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AXOR, NULL, target_addr, target_seg, target_pe,
		    operand, NULL);
}

/*
 * 5.3.45 dmapp_afadd_qw_nb: non-blocking explicit atomic fetch-and-ADD.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR. NO_SPACE: E-DMAPP-023.
 */
dmapp_return_t dmapp_afadd_qw_nb(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AFADD, target_addr, source_addr, source_seg, source_pe,
		    operand, syncid);
}

/*
 * 5.3.46 dmapp_afadd_qw_nbi: non-blocking implicit atomic fetch-and-ADD.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_afadd_qw_nbi(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AFADD, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.47 dmapp_afadd_qw: blocking atomic fetch-and-ADD.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_afadd_qw(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AFADD, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.48 dmapp_afand_qw_nb: non-blocking explicit atomic fetch-and-AND.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_afand_qw_nb(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AFAND, target_addr, source_addr, source_seg, source_pe,
		    operand, syncid);
}

/*
 * 5.3.49 dmapp_afand_qw_nbi: non-blocking implicit atomic fetch-and-AND.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_afand_qw_nbi(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AFAND, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.50 dmapp_afand_qw: blocking atomic fetch-and-AND.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021). TRANSACTION_ERROR: E-DMAPP-024.
 */
dmapp_return_t dmapp_afand_qw(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AFAND, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.51 dmapp_afxor_qw_nb: non-blocking explicit atomic fetch-and-XOR.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_afxor_qw_nb(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AFXOR, target_addr, source_addr, source_seg, source_pe,
		    operand, syncid);
}

/*
 * 5.3.52 dmapp_afxor_qw_nbi: non-blocking implicit atomic fetch-and-XOR.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_afxor_qw_nbi(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AFXOR, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.53 dmapp_afxor_qw: blocking atomic fetch-and-XOR.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_afxor_qw(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AFXOR, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.54 dmapp_afor_qw_nb: non-blocking explicit atomic fetch-and-OR.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_afor_qw_nb(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand,
		dmapp_syncid_handle_t *syncid)
{
	return amo1(MODE_NB, AMO_AFOR, target_addr, source_addr, source_seg, source_pe,
		    operand, syncid);
}

/*
 * 5.3.55 dmapp_afor_qw_nbi: non-blocking implicit atomic fetch-and-OR.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_afor_qw_nbi(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_NBI, AMO_AFOR, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.56 dmapp_afor_qw: blocking atomic fetch-and-OR.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_afor_qw(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t operand)
{
	return amo1(MODE_BLOCKING, AMO_AFOR, target_addr, source_addr, source_seg, source_pe,
		    operand, NULL);
}

/*
 * 5.3.57 dmapp_afax_qw_nb: non-blocking explicit atomic fetch-AND-XOR.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_afax_qw_nb(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t andMask,
		int64_t xorMask, dmapp_syncid_handle_t *syncid)
{
	return amo(MODE_NB, AMO_AFAX, target_addr, source_addr, source_seg, source_pe,
		   andMask, xorMask, syncid);
}

/*
 * 5.3.58 dmapp_afax_qw_nbi: non-blocking implicit atomic fetch-AND-XOR.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_afax_qw_nbi(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t andMask,
		int64_t xorMask)
{
	return amo(MODE_NBI, AMO_AFAX, target_addr, source_addr, source_seg, source_pe,
		   andMask, xorMask, NULL);
}

/*
 * 5.3.59 dmapp_afax_qw: blocking atomic fetch-AND-XOR.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_afax_qw(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t andMask,
		int64_t xorMask)
{
	return amo(MODE_BLOCKING, AMO_AFAX, target_addr, source_addr, source_seg, source_pe,
		   andMask, xorMask, NULL);
}

/*
 * 5.3.60 dmapp_acswap_qw_nb: non-blocking explicit atomic compare-and-swap.
 * DMAPP_RC_SUCCESS, *syncid set; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_NO_SPACE; DMAPP_RC_RESOURCE_ERROR.
 */
dmapp_return_t dmapp_acswap_qw_nb(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t comperand,
		int64_t swaperand, dmapp_syncid_handle_t *syncid)
{
	return amo(MODE_NB, AMO_ACSWAP, target_addr, source_addr, source_seg, source_pe,
		   comperand, swaperand, syncid);
}

/*
 * 5.3.61 dmapp_acswap_qw_nbi: non-blocking implicit atomic compare-and-swap.
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM; DMAPP_RC_ALIGNMENT_ERROR;
 * DMAPP_RC_RESOURCE_ERROR.  Never NO_SPACE (E-DMAPP-022).
 */
dmapp_return_t dmapp_acswap_qw_nbi(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t comperand,
		int64_t swaperand)
{
	return amo(MODE_NBI, AMO_ACSWAP, target_addr, source_addr, source_seg, source_pe,
		   comperand, swaperand, NULL);
}

/*
 * 5.3.62 dmapp_acswap_qw: blocking atomic compare-and-swap.
 * DMAPP_RC_SUCCESS once done; DMAPP_RC_INVALID_PARAM;
 * DMAPP_RC_ALIGNMENT_ERROR; DMAPP_RC_RESOURCE_ERROR;
 * DMAPP_RC_TRANSACTION_ERROR.  Never NO_SPACE (E-DMAPP-021).
 */
dmapp_return_t dmapp_acswap_qw(void *target_addr, void *source_addr,
		dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe, int64_t comperand,
		int64_t swaperand)
{
	return amo(MODE_BLOCKING, AMO_ACSWAP, target_addr, source_addr, source_seg, source_pe,
		   comperand, swaperand, NULL);
}
