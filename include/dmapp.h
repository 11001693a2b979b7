/*
 * dmapp.h: the DMAPP API, common ABI of rdmacts.
 *
 * Written from "Using the GNI and DMAPP APIs" (S-2446-31), Part II:
 * chapter 4 (model) and chapter 5 (reference).  Values the document
 * names without giving (return codes, limits, enum values) are those of
 * the vendor ABI, so that existing DMAPP clients compile and run
 * unchanged.  Every place where this header departs from the document's
 * text is recorded in vectors/dmapp/errata.json (E-DMAPP-NNN).
 *
 * Every call of section 5.3 is declared below, in the document's order,
 * each preceded by the number of its section.
 */
#ifndef DMAPP_H
#define DMAPP_H

#include <stddef.h>
#include <stdint.h>

#include "gni_pub.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ------------------------------------------------------------------ */
/* Constants                                                          */
/* ------------------------------------------------------------------ */

/*
 * 5.2.3.2 max_outstanding_nb: valid range [MIN, MAX], recommended DEF.
 * 5.2.3.2 offload_threshold: default DMAPP_OFFLOAD_THRESHOLD ("4k bytes").
 * The document gives no values (E-DMAPP-003).
 */
#define DMAPP_MIN_OUTSTANDING_NB 5
#define DMAPP_DEF_OUTSTANDING_NB 512
#define DMAPP_MAX_OUTSTANDING_NB 2048
#define DMAPP_OFFLOAD_THRESHOLD  4096

/*
 * 5.2.2.2 hw_version: "The current version is DMAPP_GNI_HW_MAJOR_GEMINI".
 * No public value exists; rdmacts chooses 1 (E-DMAPP-004).
 */
#define DMAPP_GNI_HW_MAJOR_GEMINI 1

/* ------------------------------------------------------------------ */
/* Enumerations (5.1)                                                 */
/* ------------------------------------------------------------------ */

/*
 * Return codes.  Chapter 5 uses DMAPP_RC_SUCCESS, INVALID_PARAM,
 * ALIGNMENT_ERROR, TRANSACTION_ERROR, RESOURCE_ERROR and NO_SPACE but
 * never defines the type (E-DMAPP-001); the rest complete the vendor enum.
 */
typedef enum dmapp_return {
	DMAPP_RC_SUCCESS           = 0,
	DMAPP_RC_INVALID_PARAM     = 1,
	DMAPP_RC_ALIGNMENT_ERROR   = 2,
	DMAPP_RC_TRANSACTION_ERROR = 3,
	DMAPP_RC_RESOURCE_ERROR    = 4,
	DMAPP_RC_PERMISSION_ERROR  = 5,
	DMAPP_RC_NO_SPACE          = 6,
	DMAPP_RC_NOT_DONE          = 7,
	DMAPP_RC_NOT_SUPPORTED     = 8,
	DMAPP_RC_NOT_FOUND         = 9,
	DMAPP_RC_BUSY              = 10,
	DMAPP_RC_NOT_USED          = 11
} dmapp_return_t;

/* 5.1.1 dmapp_type: element type of every data motion call. */
typedef enum dmapp_type {
	DMAPP_DQW  = 0,		/* double quad word, 16 bytes */
	DMAPP_QW   = 1,		/* quad word, 8 bytes */
	DMAPP_DW   = 2,		/* double word, 4 bytes */
	DMAPP_BYTE = 3		/* byte */
} dmapp_type_t;

/*
 * 5.1.2 dmapp_routing_type: values of put_relaxed_ordering and
 * get_relaxed_ordering in dmapp_rma_attrs_t.  The document's synopsis,
 * "typedef enum uint8_t", is not C (E-DMAPP-005).
 */
typedef enum dmapp_routing_type {
	DMAPP_ROUTING_IN_ORDER      = 0,	/* hash off, adapt off */
	DMAPP_ROUTING_DETERMINISTIC = 1,	/* hash on, adapt off */
	DMAPP_ROUTING_ADAPTIVE      = 2		/* hash off, adapt on */
} dmapp_routing_type_t;

/*
 * PCI ordering modes of the vendor ABI (used by its extended attributes,
 * which the document does not describe); declared so that clients
 * naming them compile.
 */
typedef enum dmapp_pi_reg_type {
	DMAPP_PI_ORDERING_STRICT  = 0,
	DMAPP_PI_ORDERING_DEFAULT = 1,
	DMAPP_PI_ORDERING_RELAXED = 2
} dmapp_pi_reg_type_t;

/* ------------------------------------------------------------------ */
/* Types and structures (5.2)                                         */
/* ------------------------------------------------------------------ */

/* A processing element number, in [0, npes-1]; used but never defined
 * by the document (E-DMAPP-002). */
typedef int dmapp_pe_t;

/* 5.2.1 dmapp_seg_desc: an exported memory segment. */
typedef struct dmapp_seg_desc {
	void *addr;			/* start of the segment */
	size_t len;			/* currently mapped size, bytes */
	gni_mem_handle_t memhndl;	/* memory handle of the region */
	uint16_t flags;			/* internal use */
	void *reserved;			/* internal use */
} dmapp_seg_desc_t;

/* 5.2.2 dmapp_jobinfo: general information about the job. */
typedef struct dmapp_jobinfo {
	int version;			/* DMAPP version of this job */
	int hw_version;			/* DMAPP_GNI_HW_MAJOR_GEMINI */
	int npes;			/* PEs in the job */
	dmapp_pe_t pe;			/* this PE, in [0, npes-1] */
	dmapp_seg_desc_t data_seg;	/* static data segment */
	dmapp_seg_desc_t sheap_seg;	/* symmetric heap */
} dmapp_jobinfo_t;

/* 5.2.3 dmapp_rma_attrs: RMA attributes (4.9.1: static ones are set
 * by dmapp_init only, dynamic ones also by dmapp_set_rma_attrs). */
typedef struct dmapp_rma_attrs {
	uint32_t max_outstanding_nb;	/* static */
	uint32_t offload_threshold;	/* dynamic, bytes */
	uint8_t put_relaxed_ordering;	/* dynamic, dmapp_routing_type_t */
	uint8_t get_relaxed_ordering;	/* dynamic, dmapp_routing_type_t */
	uint8_t max_concurrency;	/* static, >= 1 */
} dmapp_rma_attrs_t;

/* 5.2.4 dmapp_syncid: handle of a non-blocking explicit request. */
typedef struct dmapp_syncid *dmapp_syncid_handle_t;

/* ------------------------------------------------------------------ */
/* Functions (5.3)                                                    */
/* ------------------------------------------------------------------ */

/* Initialization and query (4.9.1) */

/* 5.3.1 dmapp_init */
dmapp_return_t dmapp_init(dmapp_rma_attrs_t *requested_attrs,
			  dmapp_rma_attrs_t *actual_attrs);

/* 5.3.2 dmapp_finalize */
dmapp_return_t dmapp_finalize(void);

/* 5.3.3 dmapp_get_jobinfo */
dmapp_return_t dmapp_get_jobinfo(dmapp_jobinfo_t *info);

/* 5.3.4 dmapp_get_rma_attrs */
dmapp_return_t dmapp_get_rma_attrs(dmapp_rma_attrs_t *attrs);

/* 5.3.5 dmapp_set_rma_attrs */
dmapp_return_t dmapp_set_rma_attrs(dmapp_rma_attrs_t *requested_attrs,
				   dmapp_rma_attrs_t *actual_attrs);

/* Contiguous PUT and GET (4.9.2.1) */

/* 5.3.6 dmapp_put_nb */
dmapp_return_t dmapp_put_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			    dmapp_pe_t target_pe, void *source_addr,
			    uint64_t nelems, dmapp_type_t type,
			    dmapp_syncid_handle_t *syncid);

/* 5.3.7 dmapp_put_nbi */
dmapp_return_t dmapp_put_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, void *source_addr,
			     uint64_t nelems, dmapp_type_t type);

/* 5.3.8 dmapp_put */
dmapp_return_t dmapp_put(void *target_addr, dmapp_seg_desc_t *target_seg,
			 dmapp_pe_t target_pe, void *source_addr,
			 uint64_t nelems, dmapp_type_t type);

/* 5.3.9 dmapp_get_nb */
dmapp_return_t dmapp_get_nb(void *target_addr, void *source_addr,
			    dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			    uint64_t nelems, dmapp_type_t type,
			    dmapp_syncid_handle_t *syncid);

/* 5.3.10 dmapp_get_nbi */
dmapp_return_t dmapp_get_nbi(void *target_addr, void *source_addr,
			     dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			     uint64_t nelems, dmapp_type_t type);

/* 5.3.11 dmapp_get (its synopsis is misnamed dmapp_get_nbi: E-DMAPP-016) */
dmapp_return_t dmapp_get(void *target_addr, void *source_addr,
			 dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			 uint64_t nelems, dmapp_type_t type);

/* Strided PUT and GET (4.9.2.2); strides tst, sst in elements (E-DMAPP-032) */

/* 5.3.12 dmapp_iput_nb */
dmapp_return_t dmapp_iput_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, void *source_addr,
			     ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			     dmapp_type_t type, dmapp_syncid_handle_t *syncid);

/* 5.3.13 dmapp_iput_nbi */
dmapp_return_t dmapp_iput_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
			      dmapp_pe_t target_pe, void *source_addr,
			      ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			      dmapp_type_t type);

/* 5.3.14 dmapp_iput */
dmapp_return_t dmapp_iput(void *target_addr, dmapp_seg_desc_t *target_seg,
			  dmapp_pe_t target_pe, void *source_addr,
			  ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			  dmapp_type_t type);

/* 5.3.15 dmapp_iget_nb */
dmapp_return_t dmapp_iget_nb(void *target_addr, void *source_addr,
			     dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			     ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			     dmapp_type_t type, dmapp_syncid_handle_t *syncid);

/* 5.3.16 dmapp_iget_nbi */
dmapp_return_t dmapp_iget_nbi(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			      ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			      dmapp_type_t type);

/* 5.3.17 dmapp_iget */
dmapp_return_t dmapp_iget(void *target_addr, void *source_addr,
			  dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			  ptrdiff_t tst, ptrdiff_t sst, uint64_t nelems,
			  dmapp_type_t type);

/* Indexed PUT and GET (4.9.2.3); offsets in elements (E-DMAPP-033) */

/* 5.3.18 dmapp_ixput_nb */
dmapp_return_t dmapp_ixput_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			      dmapp_pe_t target_pe, void *source_addr,
			      ptrdiff_t *tidx, uint64_t nelems,
			      dmapp_type_t type, dmapp_syncid_handle_t *syncid);

/* 5.3.19 dmapp_ixput_nbi */
dmapp_return_t dmapp_ixput_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
			       dmapp_pe_t target_pe, void *source_addr,
			       ptrdiff_t *tidx, uint64_t nelems,
			       dmapp_type_t type);

/* 5.3.20 dmapp_ixput */
dmapp_return_t dmapp_ixput(void *target_addr, dmapp_seg_desc_t *target_seg,
			   dmapp_pe_t target_pe, void *source_addr,
			   ptrdiff_t *tidx, uint64_t nelems, dmapp_type_t type);

/* 5.3.21 dmapp_ixget_nb */
dmapp_return_t dmapp_ixget_nb(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			      ptrdiff_t *sidx, uint64_t nelems,
			      dmapp_type_t type, dmapp_syncid_handle_t *syncid);

/* 5.3.22 dmapp_ixget_nbi */
dmapp_return_t dmapp_ixget_nbi(void *target_addr, void *source_addr,
			       dmapp_seg_desc_t *source_seg,
			       dmapp_pe_t source_pe, ptrdiff_t *sidx,
			       uint64_t nelems, dmapp_type_t type);

/* 5.3.23 dmapp_ixget */
dmapp_return_t dmapp_ixget(void *target_addr, void *source_addr,
			   dmapp_seg_desc_t *source_seg, dmapp_pe_t source_pe,
			   ptrdiff_t *sidx, uint64_t nelems, dmapp_type_t type);

/* PE-strided PUT (broadcast), scatter and gather (4.9.2.4) */

/* 5.3.24 dmapp_put_ixpe_nb */
dmapp_return_t dmapp_put_ixpe_nb(void *target_addr,
				 dmapp_seg_desc_t *target_seg,
				 dmapp_pe_t *target_pe_list,
				 uint32_t num_target_pes, void *source_addr,
				 uint64_t nelems, dmapp_type_t type,
				 dmapp_syncid_handle_t *syncid);

/* 5.3.25 dmapp_put_ixpe_nbi */
dmapp_return_t dmapp_put_ixpe_nbi(void *target_addr,
				  dmapp_seg_desc_t *target_seg,
				  dmapp_pe_t *target_pe_list,
				  uint32_t num_target_pes, void *source_addr,
				  uint64_t nelems, dmapp_type_t type);

/* 5.3.26 dmapp_put_ixpe */
dmapp_return_t dmapp_put_ixpe(void *target_addr, dmapp_seg_desc_t *target_seg,
			      dmapp_pe_t *target_pe_list,
			      uint32_t num_target_pes, void *source_addr,
			      uint64_t nelems, dmapp_type_t type);

/* 5.3.27 dmapp_scatter_ixpe_nb */
dmapp_return_t dmapp_scatter_ixpe_nb(void *target_addr,
				     dmapp_seg_desc_t *target_seg,
				     dmapp_pe_t *target_pe_list,
				     uint32_t num_target_pes,
				     void *source_addr, uint64_t nelems,
				     dmapp_type_t type,
				     dmapp_syncid_handle_t *syncid);

/* 5.3.28 dmapp_scatter_ixpe_nbi */
dmapp_return_t dmapp_scatter_ixpe_nbi(void *target_addr,
				      dmapp_seg_desc_t *target_seg,
				      dmapp_pe_t *target_pe_list,
				      uint32_t num_target_pes,
				      void *source_addr, uint64_t nelems,
				      dmapp_type_t type);

/* 5.3.29 dmapp_scatter_ixpe */
dmapp_return_t dmapp_scatter_ixpe(void *target_addr,
				  dmapp_seg_desc_t *target_seg,
				  dmapp_pe_t *target_pe_list,
				  uint32_t num_target_pes, void *source_addr,
				  uint64_t nelems, dmapp_type_t type);

/* 5.3.30 dmapp_gather_ixpe_nb */
dmapp_return_t dmapp_gather_ixpe_nb(void *target_addr, void *source_addr,
				    dmapp_seg_desc_t *source_seg,
				    dmapp_pe_t *source_pe_list,
				    uint32_t num_source_pes, uint64_t nelems,
				    dmapp_type_t type,
				    dmapp_syncid_handle_t *syncid);

/* 5.3.31 dmapp_gather_ixpe_nbi */
dmapp_return_t dmapp_gather_ixpe_nbi(void *target_addr, void *source_addr,
				     dmapp_seg_desc_t *source_seg,
				     dmapp_pe_t *source_pe_list,
				     uint32_t num_source_pes, uint64_t nelems,
				     dmapp_type_t type);

/* 5.3.32 dmapp_gather_ixpe */
dmapp_return_t dmapp_gather_ixpe(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t *source_pe_list,
				 uint32_t num_source_pes, uint64_t nelems,
				 dmapp_type_t type);

/*
 * AMOs (4.9.2.5), all on one 8-byte word of a remote PE.  Non-fetching
 * AMOs name the remote word target_addr; fetching AMOs name it
 * source_addr and return its old value at the local target_addr.
 */

/* 5.3.33 dmapp_aadd_qw_nb */
dmapp_return_t dmapp_aadd_qw_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
				dmapp_pe_t target_pe, int64_t operand,
				dmapp_syncid_handle_t *syncid);

/* 5.3.34 dmapp_aadd_qw_nbi */
dmapp_return_t dmapp_aadd_qw_nbi(void *target_addr,
				 dmapp_seg_desc_t *target_seg,
				 dmapp_pe_t target_pe, int64_t operand);

/* 5.3.35 dmapp_aadd_qw */
dmapp_return_t dmapp_aadd_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, int64_t operand);

/* 5.3.36 dmapp_aand_qw_nb */
dmapp_return_t dmapp_aand_qw_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
				dmapp_pe_t target_pe, int64_t operand,
				dmapp_syncid_handle_t *syncid);

/* 5.3.37 dmapp_aand_qw_nbi */
dmapp_return_t dmapp_aand_qw_nbi(void *target_addr,
				 dmapp_seg_desc_t *target_seg,
				 dmapp_pe_t target_pe, int64_t operand);

/* 5.3.38 dmapp_aand_qw */
dmapp_return_t dmapp_aand_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, int64_t operand);

/* 5.3.39 dmapp_aor_qw_nb */
dmapp_return_t dmapp_aor_qw_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
			       dmapp_pe_t target_pe, int64_t operand,
			       dmapp_syncid_handle_t *syncid);

/* 5.3.40 dmapp_aor_qw_nbi */
dmapp_return_t dmapp_aor_qw_nbi(void *target_addr, dmapp_seg_desc_t *target_seg,
				dmapp_pe_t target_pe, int64_t operand);

/* 5.3.41 dmapp_aor_qw */
dmapp_return_t dmapp_aor_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
			    dmapp_pe_t target_pe, int64_t operand);

/* 5.3.42 dmapp_axor_qw_nb */
dmapp_return_t dmapp_axor_qw_nb(void *target_addr, dmapp_seg_desc_t *target_seg,
				dmapp_pe_t target_pe, int64_t operand,
				dmapp_syncid_handle_t *syncid);

/* 5.3.43 dmapp_axor_qw_nbi */
dmapp_return_t dmapp_axor_qw_nbi(void *target_addr,
				 dmapp_seg_desc_t *target_seg,
				 dmapp_pe_t target_pe, int64_t operand);

/* 5.3.44 dmapp_axor_qw */
dmapp_return_t dmapp_axor_qw(void *target_addr, dmapp_seg_desc_t *target_seg,
			     dmapp_pe_t target_pe, int64_t operand);

/* 5.3.45 dmapp_afadd_qw_nb */
dmapp_return_t dmapp_afadd_qw_nb(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t source_pe, int64_t operand,
				 dmapp_syncid_handle_t *syncid);

/* 5.3.46 dmapp_afadd_qw_nbi */
dmapp_return_t dmapp_afadd_qw_nbi(void *target_addr, void *source_addr,
				  dmapp_seg_desc_t *source_seg,
				  dmapp_pe_t source_pe, int64_t operand);

/* 5.3.47 dmapp_afadd_qw */
dmapp_return_t dmapp_afadd_qw(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg,
			      dmapp_pe_t source_pe, int64_t operand);

/* 5.3.48 dmapp_afand_qw_nb */
dmapp_return_t dmapp_afand_qw_nb(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t source_pe, int64_t operand,
				 dmapp_syncid_handle_t *syncid);

/* 5.3.49 dmapp_afand_qw_nbi */
dmapp_return_t dmapp_afand_qw_nbi(void *target_addr, void *source_addr,
				  dmapp_seg_desc_t *source_seg,
				  dmapp_pe_t source_pe, int64_t operand);

/* 5.3.50 dmapp_afand_qw */
dmapp_return_t dmapp_afand_qw(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg,
			      dmapp_pe_t source_pe, int64_t operand);

/* 5.3.51 dmapp_afxor_qw_nb */
dmapp_return_t dmapp_afxor_qw_nb(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t source_pe, int64_t operand,
				 dmapp_syncid_handle_t *syncid);

/* 5.3.52 dmapp_afxor_qw_nbi */
dmapp_return_t dmapp_afxor_qw_nbi(void *target_addr, void *source_addr,
				  dmapp_seg_desc_t *source_seg,
				  dmapp_pe_t source_pe, int64_t operand);

/* 5.3.53 dmapp_afxor_qw */
dmapp_return_t dmapp_afxor_qw(void *target_addr, void *source_addr,
			      dmapp_seg_desc_t *source_seg,
			      dmapp_pe_t source_pe, int64_t operand);

/* 5.3.54 dmapp_afor_qw_nb */
dmapp_return_t dmapp_afor_qw_nb(void *target_addr, void *source_addr,
				dmapp_seg_desc_t *source_seg,
				dmapp_pe_t source_pe, int64_t operand,
				dmapp_syncid_handle_t *syncid);

/* 5.3.55 dmapp_afor_qw_nbi */
dmapp_return_t dmapp_afor_qw_nbi(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t source_pe, int64_t operand);

/* 5.3.56 dmapp_afor_qw */
dmapp_return_t dmapp_afor_qw(void *target_addr, void *source_addr,
			     dmapp_seg_desc_t *source_seg,
			     dmapp_pe_t source_pe, int64_t operand);

/* 5.3.57 dmapp_afax_qw_nb: new = (old & andMask) ^ xorMask (E-DMAPP-013) */
dmapp_return_t dmapp_afax_qw_nb(void *target_addr, void *source_addr,
				dmapp_seg_desc_t *source_seg,
				dmapp_pe_t source_pe, int64_t andMask,
				int64_t xorMask, dmapp_syncid_handle_t *syncid);

/* 5.3.58 dmapp_afax_qw_nbi */
dmapp_return_t dmapp_afax_qw_nbi(void *target_addr, void *source_addr,
				 dmapp_seg_desc_t *source_seg,
				 dmapp_pe_t source_pe, int64_t andMask,
				 int64_t xorMask);

/* 5.3.59 dmapp_afax_qw */
dmapp_return_t dmapp_afax_qw(void *target_addr, void *source_addr,
			     dmapp_seg_desc_t *source_seg,
			     dmapp_pe_t source_pe, int64_t andMask,
			     int64_t xorMask);

/* 5.3.60 dmapp_acswap_qw_nb */
dmapp_return_t dmapp_acswap_qw_nb(void *target_addr, void *source_addr,
				  dmapp_seg_desc_t *source_seg,
				  dmapp_pe_t source_pe, int64_t comperand,
				  int64_t swaperand,
				  dmapp_syncid_handle_t *syncid);

/* 5.3.61 dmapp_acswap_qw_nbi */
dmapp_return_t dmapp_acswap_qw_nbi(void *target_addr, void *source_addr,
				   dmapp_seg_desc_t *source_seg,
				   dmapp_pe_t source_pe, int64_t comperand,
				   int64_t swaperand);

/* 5.3.62 dmapp_acswap_qw */
dmapp_return_t dmapp_acswap_qw(void *target_addr, void *source_addr,
			       dmapp_seg_desc_t *source_seg,
			       dmapp_pe_t source_pe, int64_t comperand,
			       int64_t swaperand);

/* Synchronization (4.9.2.6) */

/* 5.3.63 dmapp_syncid_test (chapter 4 calls it dmapp_sync_test: E-DMAPP-010) */
dmapp_return_t dmapp_syncid_test(dmapp_syncid_handle_t *syncid, int *flag);

/* 5.3.64 dmapp_syncid_wait (chapter 4: dmapp_sync_wait) */
dmapp_return_t dmapp_syncid_wait(dmapp_syncid_handle_t *syncid);

/* 5.3.65 dmapp_gsync_test */
dmapp_return_t dmapp_gsync_test(int *flag);

/* 5.3.66 dmapp_gsync_wait */
dmapp_return_t dmapp_gsync_wait(void);

/* Symmetric heap (4.9.3) */

/* 5.3.67 dmapp_sheap_malloc */
void *dmapp_sheap_malloc(size_t size);

/* 5.3.68 dmapp_sheap_realloc */
void *dmapp_sheap_realloc(void *ptr, size_t size);

/* 5.3.69 dmapp_sheap_free */
void dmapp_sheap_free(void *ptr);

/* Dynamic memory registration */

/* 5.3.70 dmapp_mem_register */
dmapp_return_t dmapp_mem_register(void *addr, uint64_t length,
				  dmapp_seg_desc_t *seg_desc);

/* 5.3.71 dmapp_mem_unregister (its synopsis is misnamed: E-DMAPP-017) */
dmapp_return_t dmapp_mem_unregister(dmapp_seg_desc_t *seg_desc);

/* 5.3.72 dmapp_segdesc_compare (directions corrected: E-DMAPP-018) */
dmapp_return_t dmapp_segdesc_compare(dmapp_seg_desc_t *seg_desc1,
				     dmapp_seg_desc_t *seg_desc2, int *flag);

/* ================================================================== */
/* Vendor extension (not in the 2010 document)                        */
/*                                                                    */
/* What the final public vendor dmapp.h (RB-3.1) declares beyond the  */
/* document: extended RMA attributes, checkpoint/restart, progress    */
/* callbacks and the collectives (dmapp_c_*), with the vendor's       */
/* values and signatures.  Their rules are the DMAPP-X- clauses of    */
/* vectors/dmapp/ext-clauses.json; what the reference cannot model    */
/* answers DMAPP_RC_NOT_SUPPORTED (vectors/dmapp/ext-calls.json).     */
/* ================================================================== */

/* Vendor extension: RMA attributes with the PCI ordering mode.  The
 * first five fields are those of dmapp_rma_attrs_t, with its rules.
 * RB-3.1 ends with 32 reserved bytes; later DMAPP sizes its queues
 * (dmapp_queue_*) here: queue_depth and queue_nelems, as its clients
 * name them, take the first 8 reserved bytes, so the size and every
 * RB-3.1 offset stay (E-DMAPP-087; 0 = the default). */
typedef struct dmapp_rma_attrs_ext {
	uint32_t max_outstanding_nb;	/* static */
	uint32_t offload_threshold;	/* dynamic, bytes */
	uint8_t put_relaxed_ordering;	/* dynamic, dmapp_routing_type_t */
	uint8_t get_relaxed_ordering;	/* dynamic, dmapp_routing_type_t */
	uint8_t max_concurrency;	/* static, >= 1 */
	uint8_t PI_ordering;		/* dmapp_pi_reg_type_t, for every
					 * registration DMAPP makes */
	uint32_t queue_depth;		/* static; later DMAPP */
	uint32_t queue_nelems;		/* static; later DMAPP */
	uint8_t unused[24];		/* reserved */
} dmapp_rma_attrs_ext_t;

/* Vendor extension: collectives over process sets (psets). */

/* Bits of the modes argument of dmapp_c_pset_create. */
#define DMAPP_C_PSET_MODE_CONCAT          0x00000001
#define DMAPP_C_PSET_MODE_FAULT_TOLERANT  0x00000002
#define DMAPP_C_PSET_MODE_HW_OFFLOAD      0x00000004

/* How a pset descriptor names its PEs. */
typedef enum dmapp_c_pset_delimiter_type {
	DMAPP_C_PSET_DELIMITER_VEC = 1,		/* a list of PEs */
	DMAPP_C_PSET_DELIMITER_STRIDED = 2,	/* base + i * stride */
	DMAPP_C_PSET_DELIMITER_LAST = 3
} dmapp_c_pset_delimiter_type_t;

typedef struct dmapp_c_pset_delimiter_vec {
	uint32_t n_pes;
	uint32_t *vec_pes;
} dmapp_c_pset_delimiter_vec_t;

typedef struct dmapp_c_pset_delimiter_strided {
	uint32_t n_pes;
	uint32_t base_pe;
	uint32_t stride_pe;
} dmapp_c_pset_delimiter_strided_t;

typedef struct dmapp_c_pset_desc {
	void *concat_buf;
	uint64_t concat_buf_size;
	dmapp_c_pset_delimiter_type_t type;
	union {
		dmapp_c_pset_delimiter_vec_t vec_type;
		dmapp_c_pset_delimiter_strided_t stride_type;
	} u;
} dmapp_c_pset_desc_t;

typedef struct dmapp_c_pset *dmapp_c_pset_handle_t;

typedef enum dmapp_c_pset_attrs_type {
	DMAPP_C_PSET_ATTRS_VER1 = 1,
	DMAPP_C_PSET_ATTRS_LAST = 2
} dmapp_c_pset_attrs_type_t;

typedef struct dmapp_c_pset_attrs_ver1 {
	uint32_t radix;
} dmapp_c_pset_attrs_ver1_t;

typedef struct dmapp_c_pset_attrs {
	dmapp_c_pset_attrs_type_t type;
	union {
		dmapp_c_pset_attrs_ver1_t type1;
	} u;
} dmapp_c_pset_attrs_t;

/* Element types of a global reduction. */
typedef enum dmapp_c_type {
	DMAPP_C_INT32 = 101,
	DMAPP_C_UINT32 = 102,
	DMAPP_C_INT64 = 103,
	DMAPP_C_UINT64 = 104,
	DMAPP_C_FLOAT = 105,
	DMAPP_C_DOUBLE = 106,
	DMAPP_C_COMPLEX8 = 107,		/* dmapp_c_complex8_t */
	DMAPP_C_COMPLEX16 = 108,	/* dmapp_c_complex16_t */
	DMAPP_C_FLOAT_UINT64 = 109,	/* dmapp_c_float_uint64_t */
	DMAPP_C_DOUBLE_UINT64 = 110,	/* dmapp_c_double_uint64_t */
	DMAPP_C_INT32_UINT64 = 111,	/* dmapp_c_int_uint64_t */
	DMAPP_C_INT64_UINT64 = 112,	/* dmapp_c_int64_uint64_t */
	DMAPP_C_TYPE_LAST = 113
} dmapp_c_type_t;

/* Operations of a global reduction. */
typedef enum dmapp_c_op {
	DMAPP_C_SUM = 201,
	DMAPP_C_MAX = 202,
	DMAPP_C_MIN = 203,
	DMAPP_C_PROD = 204,
	DMAPP_C_LAND = 205,
	DMAPP_C_BAND = 206,
	DMAPP_C_LOR = 207,
	DMAPP_C_BOR = 208,
	DMAPP_C_LXOR = 209,
	DMAPP_C_BXOR = 210,
	DMAPP_C_MINLOC = 211,
	DMAPP_C_MAXLOC = 212,
	DMAPP_C_OP_LAST = 213
} dmapp_c_op_t;

/* Elements of the value-and-location and complex types. */
typedef struct dmapp_c_float_uint64 {
	float value;
	uint64_t loc;
} dmapp_c_float_uint64_t;

typedef struct dmapp_c_double_uint64 {
	double value;
	uint64_t loc;
} dmapp_c_double_uint64_t;

typedef struct dmapp_c_int_uint64 {
	int value;
	uint64_t loc;
} dmapp_c_int_uint64_t;

typedef struct dmapp_c_int64_uint64 {
	int64_t value;
	uint64_t loc;
} dmapp_c_int64_uint64_t;

typedef struct dmapp_c_complex8 {
	float re;
	float im;
} dmapp_c_complex8_t;

typedef struct dmapp_c_complex16 {
	double re;
	double im;
} dmapp_c_complex16_t;

/* Vendor extension: initialization and attributes (dmapp_rma_attrs_ext_t).
 * A job calls dmapp_init or dmapp_init_ext, not both. */
dmapp_return_t dmapp_init_ext(dmapp_rma_attrs_ext_t *requested_attrs,
			      dmapp_rma_attrs_ext_t *actual_attrs);
dmapp_return_t dmapp_get_rma_attrs_ext(dmapp_rma_attrs_ext_t *attrs);
dmapp_return_t dmapp_set_rma_attrs_ext(dmapp_rma_attrs_ext_t *requested_attrs,
				       dmapp_rma_attrs_ext_t *actual_attrs);

/* Vendor extension: checkpoint and restart support. */
dmapp_return_t dmapp_checkpoint(void);
dmapp_return_t dmapp_restart(uint32_t restart_modes);

/* Vendor extension: progress callbacks, run while DMAPP blocks
 * internally; a callback returns 0, or -1 on failure. */
dmapp_return_t dmapp_register_progress_cb(int (*progress_cb)(void *),
					  void *data);
dmapp_return_t dmapp_deregister_progress_cb(int (*progress_cb)(void *));

/* Vendor extension: collectives. */
dmapp_return_t dmapp_c_pset_create(dmapp_c_pset_desc_t *pdesc,
				   uint64_t identifier, uint64_t modes,
				   dmapp_c_pset_attrs_t *attrs,
				   dmapp_c_pset_handle_t *pset_hndl);
dmapp_return_t dmapp_c_pset_export(dmapp_c_pset_handle_t pset_hndl);
dmapp_return_t dmapp_c_pset_destroy(dmapp_c_pset_handle_t pset_hndl);
dmapp_return_t dmapp_c_barrier_join(dmapp_c_pset_handle_t pset_hndl);
dmapp_return_t dmapp_c_greduce_start(dmapp_c_pset_handle_t pset, void *in,
				     void *out, uint32_t nelems,
				     dmapp_c_type_t type, dmapp_c_op_t op);
dmapp_return_t dmapp_c_greduce_nelems_max(dmapp_c_type_t type,
					  uint32_t *nelems_max);
dmapp_return_t dmapp_c_pset_test(dmapp_c_pset_handle_t pset_hndl);
dmapp_return_t dmapp_c_pset_wait(dmapp_c_pset_handle_t pset_hndl);
dmapp_return_t dmapp_c_pset_cancel_op(dmapp_c_pset_handle_t pset_hndl);

/* ------------------------------------------------------------------ */
/* Vendor extension, later DMAPP (after RB-3.1)                       */
/*                                                                    */
/* Locks and queues of later DMAPP releases, as their public clients  */
/* (Global Arrays' armci/src-dmapp and comex) call them.  No public   */
/* header gives the layout of a lock descriptor, so dmapp_lock_desc_t */
/* is left incomplete (a client cannot allocate one; configure tests  */
/* such as sizeof(dmapp_lock_desc_t) find the lock API absent), and   */
/* the handles are opaque pointers.  Of the queue constants that      */
/* clients name, only the defaults of the two queue attributes are    */
/* declared, with this ABI's values (no public header gives the       */
/* vendor's, E-DMAPP-087); the flags (DMAPP_QUEUE_ASYNC_PROGRESS ...) */
/* are not.  dmapp_initialized and dmapp_explain_error are the state  */
/* and error-text calls clients make (foMPI, for one).                */
/* ------------------------------------------------------------------ */

#define DMAPP_QUEUE_DEFAULT_DEPTH  128	/* queue_depth 0 means this */
#define DMAPP_QUEUE_DEFAULT_NELEMS 512	/* queue_nelems 0 means this */

/* *flag = 1 while a job started by dmapp_init or dmapp_init_ext is
 * running, else 0; callable at any time. */
dmapp_return_t dmapp_initialized(int *flag);

/* *msg = a text describing rc (a dmapp_return_t); callable at any time. */
dmapp_return_t dmapp_explain_error(dmapp_return_t rc, const char **msg);

typedef struct dmapp_lock_desc dmapp_lock_desc_t;
typedef struct dmapp_lock *dmapp_lock_handle_t;
typedef struct dmapp_queue *dmapp_queue_handle_t;

dmapp_return_t dmapp_lock_acquire(dmapp_lock_desc_t *lock_addr,
				  dmapp_seg_desc_t *lock_seg,
				  dmapp_pe_t lock_host, uint64_t flags,
				  dmapp_lock_handle_t *handle);
dmapp_return_t dmapp_lock_release(dmapp_lock_handle_t handle,
				  uint64_t flags);

dmapp_return_t dmapp_queue_attach(int (*queue_cb)(void *context, void *data,
						  uint32_t len,
						  dmapp_pe_t rank),
				  void *context, uint64_t flags,
				  dmapp_queue_handle_t *queue_hndl);
dmapp_return_t dmapp_queue_detach(dmapp_queue_handle_t queue_hndl,
				  uint64_t flags);
dmapp_return_t dmapp_queue_put(dmapp_queue_handle_t queue_hndl, void *source,
			       uint64_t nelems, dmapp_type_t type,
			       dmapp_pe_t target_pe, uint64_t flags);

#ifdef __cplusplus
}
#endif

#endif /* DMAPP_H */
