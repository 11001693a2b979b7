/*
 * gni_pub.h: the public uGNI interface.
 *
 * Written from "Using the GNI and DMAPP APIs" (S-2446-31), chapter 3.
 * Values the document gives are used as given; values it names without
 * giving them follow the vendor ABI (minor revision 0x5c) so that existing
 * client code compiles and links unchanged.  Where the document's synopsis
 * is defective the declaration follows the evident intent; each such point
 * is an erratum in vectors/ugni/errata.json (E-UGNI-NNN, cited below).
 */
#ifndef GNI_PUB_H
#define GNI_PUB_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Version (not in the document: E-UGNI-023). */
#define GNI_MAJOR_REV 0x00
#define GNI_MINOR_REV 0x5c
#define GNI_CODE_REV  0x0000
#define GNI_GET_MAJOR(value) (((value) >> 24) & 0xFF)
#define GNI_GET_MINOR(value) (((value) >> 16) & 0xFF)
#define GNI_GET_REV(value)   ((value) & 0xFFFF)
#define GNI_VERSION \
	((GNI_MAJOR_REV << 24) | (GNI_MINOR_REV << 16) | GNI_CODE_REV)
#define GNI_VERSION_CHECK(maj, min, code) \
	(((maj) << 24) | ((min) << 16) | (code))
#define GNI_VERSION_FMA_SHARING 0x5b0000

/* Direction markers used by the synopses; they expand to nothing. */
#define IN
#define OUT
#define INOUT

/* Reserved protection tags and keys. */
enum {
	GNI_PTAG_LND = 1,
	GNI_PTAG_OFED = 2,
	GNI_PTAG_USER_START = 3,
	GNI_PTAG_LND_KNC = 128,
	GNI_PTAG_USER_END = 253,
	GNI_PTAG_HSNBOOT = 254,
	GNI_PTAG_MAX = 254,
	GNI_PTAG_LB = 255
};
#define GNI_FIND_ALLOC_PTAG GNI_PTAG_LB

enum {
	GNI_PKEY_INVALID = 0,
	GNI_PKEY_LND = 1,
	GNI_PKEY_OFED = 2,
	GNI_PKEY_USER_START = 128,
	GNI_PKEY_USER_END = 65407,
	GNI_PKEY_HSNBOOT = 65408,
	GNI_PKEY_MAX = 65534,
	GNI_PKEY_LB = 65535
};
#define GNI_JOB_CREATE_COOKIE(pkey, cbps_mdd) \
	(((uint32_t)(pkey) << 16) | (((cbps_mdd) & 0x7) << 3))

/* Opaque handles (the document names them without defining them). */
typedef struct gni_nic  *gni_nic_handle_t;
typedef struct gni_cdm  *gni_cdm_handle_t;
typedef struct gni_ep   *gni_ep_handle_t;
typedef struct gni_cq   *gni_cq_handle_t;
typedef struct gni_err  *gni_err_handle_t;
typedef struct gni_msgq *gni_msgq_handle_t;
typedef struct gni_ce   *gni_ce_handle_t;

/* Registered memory handle: opaque to clients, passed by value (E-UGNI-136). */
typedef struct gni_mem_handle {
	uint64_t qword1;
	uint64_t qword2;
} gni_mem_handle_t;

typedef enum gni_mem_handle_attr {
	GNI_MEMHNDL_ATTR_READONLY = 1,
	GNI_MEMHNDL_ATTR_VMDH,
	GNI_MEMHNDL_ATTR_MRT,
	GNI_MEMHNDL_ATTR_GART,
	GNI_MEMHNDL_ATTR_IOMMU,
	GNI_MEMHNDL_ATTR_PCI_IOMMU,
	GNI_MEMHNDL_ATTR_CLONE
} gni_mem_handle_attr_t;

/* 3.12.5 gni_return; ERROR_NOMEM is used by the calls but missing from
 * the document's enum (E-UGNI-134). */
typedef enum gni_return {
	GNI_RC_SUCCESS = 0,
	GNI_RC_NOT_DONE,
	GNI_RC_INVALID_PARAM,
	GNI_RC_ERROR_RESOURCE,
	GNI_RC_TIMEOUT,
	GNI_RC_PERMISSION_ERROR,
	GNI_RC_DESCRIPTOR_ERROR,
	GNI_RC_ALIGNMENT_ERROR,
	GNI_RC_INVALID_STATE,
	GNI_RC_NO_MATCH,
	GNI_RC_SIZE_ERROR,
	GNI_RC_TRANSACTION_ERROR,
	GNI_RC_ILLEGAL_OP,
	GNI_RC_ERROR_NOMEM
} gni_return_t;

/* Text for each gni_return_t, indexed by the code (vendor extension). */
extern const char *gni_err_str[];

/* 3.2.1 CdmCreate modes (values: E-UGNI-011). */
#define GNI_CDM_MODE_FORK_NOCOPY            0x00000001
#define GNI_CDM_MODE_FORK_FULLCOPY          0x00000002
#define GNI_CDM_MODE_FORK_PARTCOPY          0x00000004
#define GNI_CDM_MODE_ERR_NO_KILL            0x00000008
#define GNI_CDM_MODE_ERR_ALL_KILL           0x00000010
#define GNI_CDM_MODE_FAST_DATAGRAM_POLL     0x00000020
#define GNI_CDM_MODE_BTE_SINGLE_CHANNEL     0x00000040
#define GNI_CDM_MODE_USE_PCI_IOMMU          0x00000080
#define GNI_CDM_MODE_MDD_DEDICATED          0x00000100
#define GNI_CDM_MODE_MDD_SHARED             0x00000200
#define GNI_CDM_MODE_DUAL_EVENTS            0x00001000
#define GNI_CDM_MODE_DLA_ENABLE_FORWARDING  0x00004000
#define GNI_CDM_MODE_DLA_DISABLE_FORWARDING 0x00008000
#define GNI_CDM_MODE_FMA_DEDICATED          0x00010000
#define GNI_CDM_MODE_FMA_SHARED             0x00020000
#define GNI_CDM_MODE_CACHED_AMO_ENABLED     0x00040000
#define GNI_CDM_MODE_CQ_NIC_LOCAL_PLACEMENT 0x00080000
#define GNI_CDM_MODE_FLBTE_DISABLE          0x00100000
#define GNI_CDM_MODE_FMA_SMALL_WINDOW       0x00200000
#define GNI_CDM_MODE_MASK                   0x0FFFFFFF
#define GNI_CDM_MODE_PRIV_RESERVED_1        0x10000000
#define GNI_CDM_MODE_PRIV_RESERVED_2        0x20000000
#define GNI_CDM_MODE_PRIV_RESERVED_3        0x40000000
#define GNI_CDM_MODE_PRIV_RESERVED_4        0x80000000
#define GNI_CDM_MODE_PRIV_MASK              0xF0000000

/* 3.12.3 gni_post_state: datagram transaction states. */
typedef enum gni_post_state {
	GNI_POST_PENDING,
	GNI_POST_COMPLETED,
	GNI_POST_ERROR,
	GNI_POST_TIMEOUT,
	GNI_POST_TERMINATED,
	GNI_POST_REMOTE_DATA
} gni_post_state_t;

/* 3.4.2 MemRegister flags (values: E-UGNI-046). */
#define GNI_MEM_READWRITE           0x00000000
#define GNI_MEM_READ_ONLY           0x00000001
#define GNI_MEM_USE_VMDH            0x00000002
#define GNI_MEM_USE_GART            0x00000004
#define GNI_MEM_PHYS_CONT           0x00000008
#define GNI_MEM_PHYS_SEGMENTS       0x00000010
#define GNI_MEM_STRICT_PI_ORDERING  0x00000020
#define GNI_MEM_PI_FLUSH            0x00000040
#define GNI_MEM_MDD_CLONE           0x00000080
#define GNI_MEM_RELAXED_PI_ORDERING 0x00000100
#define GNI_MEM_RESERVE_REGION      0x00000200
#define GNI_MEM_UPDATE_REGION       0x00000400
#define GNI_MEM_MDD_SHARED          0x00000800
#define GNI_MEM_MDD_DEDICATED       0x00001000
#define GNI_MEM_CUDA                0x01000000
#define GNI_EXMEM_FLAGS(flag)       ((flag) >> 24)
#define GNI_MEM_IS_EXTERNAL(flag)   (GNI_EXMEM_FLAGS(flag))

/* 3.13.5 gni_mem_segment */
typedef struct gni_mem_segment {
	uint64_t address;
	uint64_t length;
} gni_mem_segment_t;

/* 3.12.1 gni_cq_mode: a bit mask, so an integer type with flag macros
 * rather than the document's enum (E-UGNI-128). */
typedef uint32_t gni_cq_mode_t;
#define GNI_CQ_NOBLOCK    0x00000000
#define GNI_CQ_BLOCKING   0x00000001
#define GNI_CQ_EMULATED   0x00000002	/* reserved for the library */
#define GNI_CQ_PHYS_PAGES 0x00000004
#define GNI_CQ_UNMANAGED  0x00000008
#define GNI_CQ_NOAUTOFILL 0x00000010

/* 3.13.3 gni_cq_entry.  The entry encoding is not public: clients read
 * it only through the accessors below (E-UGNI-138). */
typedef uint64_t gni_cq_entry_t;
#define GNI_CQ_EVENT_TYPE_POST  0x0ULL
#define GNI_CQ_EVENT_TYPE_SMSG  0x1ULL
#define GNI_CQ_EVENT_TYPE_DMAPP 0x2ULL
#define GNI_CQ_EVENT_TYPE_MSGQ  0x3ULL
#define GNI_CQ_EVENT_TYPE_PRV   GNI_CQ_EVENT_TYPE_MSGQ	/* the document's name */

uint64_t gni_cq_get_data(gni_cq_entry_t entry);
uint64_t gni_cq_get_source(gni_cq_entry_t entry);
uint64_t gni_cq_get_status(gni_cq_entry_t entry);
uint64_t gni_cq_get_info(gni_cq_entry_t entry);
uint64_t gni_cq_overrun(gni_cq_entry_t entry);
uint64_t gni_cq_rem_overrun(gni_cq_entry_t entry);
uint64_t gni_cq_get_inst_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_rem_inst_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_tid(gni_cq_entry_t entry);
uint64_t gni_cq_get_msg_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_type(gni_cq_entry_t entry);
uint64_t gni_cq_get_block_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_unsuccessful_cnt(gni_cq_entry_t entry);
uint64_t gni_cq_get_marker_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_failed_enqueue_cnt(gni_cq_entry_t entry);
uint64_t gni_cq_get_ce_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_reductn_id(gni_cq_entry_t entry);
uint64_t gni_cq_get_trans_type(gni_cq_entry_t entry);
void gni_cq_set_inst_id(gni_cq_entry_t *entry, uint64_t value);
void gni_cq_set_rem_inst_id(gni_cq_entry_t *entry, uint64_t value);
void gni_cq_set_tid(gni_cq_entry_t *entry, uint64_t value);
void gni_cq_set_msg_id(gni_cq_entry_t *entry, uint64_t value);
void gni_cq_set_type(gni_cq_entry_t *entry, uint64_t value);
void gni_cq_clr_status(gni_cq_entry_t *entry);
unsigned gni_cq_status_dla_overflow(gni_cq_entry_t entry);
unsigned gni_cq_bte_enq_status(gni_cq_entry_t entry);

#define GNI_CQ_GET_DATA               gni_cq_get_data
#define GNI_CQ_GET_SOURCE             gni_cq_get_source
#define GNI_CQ_GET_STATUS             gni_cq_get_status
#define GNI_CQ_GET_INFO               gni_cq_get_info
#define GNI_CQ_GET_INST_ID            gni_cq_get_inst_id
#define GNI_CQ_GET_REM_INST_ID        gni_cq_get_rem_inst_id
#define GNI_CQ_GET_TID                gni_cq_get_tid
#define GNI_CQ_GET_MSG_ID             gni_cq_get_msg_id
#define GNI_CQ_GET_TYPE               gni_cq_get_type
#define GNI_CQ_OVERRUN                gni_cq_overrun
#define GNI_CQ_REM_OVERRUN            gni_cq_rem_overrun
#define GNI_CQ_GET_BLOCK_ID           gni_cq_get_block_id
#define GNI_CQ_GET_UNSUCCESSFUL_CNT   gni_cq_get_unsuccessful_cnt
#define GNI_CQ_GET_MARKER_ID          gni_cq_get_marker_id
#define GNI_CQ_GET_FAILED_ENQUEUE_CNT gni_cq_get_failed_enqueue_cnt
#define GNI_CQ_GET_CE_ID              gni_cq_get_ce_id
#define GNI_CQ_GET_REDUCTN_ID         gni_cq_get_reductn_id
#define GNI_CQ_GET_TRANS_TYPE         gni_cq_get_trans_type
#define GNI_CQ_SET_INST_ID(e, v)      gni_cq_set_inst_id(&(e), (v))
#define GNI_CQ_SET_REM_INST_ID(e, v)  gni_cq_set_rem_inst_id(&(e), (v))
#define GNI_CQ_SET_TID(e, v)          gni_cq_set_tid(&(e), (v))
#define GNI_CQ_SET_MSG_ID(e, v)       gni_cq_set_msg_id(&(e), (v))
#define GNI_CQ_SET_TYPE(e, v)         gni_cq_set_type(&(e), (v))
#define GNI_CQ_CLR_STATUS(e)          gni_cq_clr_status(&(e))
#define GNI_CQ_STATUS_OK(e)           (gni_cq_get_status(e) == 0)
#define GNI_CQ_STATUS_DLA_OVERFLOW(e) (gni_cq_status_dla_overflow(e))
#define GNI_CQ_BTE_ENQ_STATUS(e)      gni_cq_bte_enq_status(e)

/* 3.12.4 gni_post_type; the document's enum stops at AMO although 3.13.7
 * lists GNI_POST_CQWRITE (E-UGNI-133). */
typedef enum gni_post_type {
	GNI_POST_RDMA_PUT = 1,
	GNI_POST_RDMA_GET,
	GNI_POST_FMA_PUT,
	GNI_POST_FMA_PUT_W_SYNCFLAG,
	GNI_POST_FMA_GET,
	GNI_POST_AMO,
	GNI_POST_CQWRITE,
	GNI_POST_CE,
	GNI_POST_FMA_GET_W_FLAG,
	GNI_POST_AMO_W_FLAG
} gni_post_type_t;

#define GNI_FMA_FLAGGED_RESPONSE_SIZE 4

/* 3.12.2 gni_fma_cmd_type.  The cached (_C) variant of a command is the
 * command + 0x10.  GET, PUT and PUT_MSG are reserved by the document. */
typedef enum gni_fma_cmd_type {
	GNI_FMA_GET            = 0x000,
	GNI_FMA_PUT            = 0x100,
	GNI_FMA_PUT_MSG        = 0x110,
	/* AMOs with GET semantics: the old value is fetched */
	GNI_FMA_ATOMIC_FADD    = 0x008,
	GNI_FMA_ATOMIC_FADD_C  = 0x018,
	GNI_FMA_ATOMIC_FAND    = 0x009,
	GNI_FMA_ATOMIC_FAND_C  = 0x019,
	GNI_FMA_ATOMIC_FOR     = 0x00A,
	GNI_FMA_ATOMIC_FOR_C   = 0x01A,
	GNI_FMA_ATOMIC_FXOR    = 0x00B,
	GNI_FMA_ATOMIC_FXOR_C  = 0x01B,
	GNI_FMA_ATOMIC_FAX     = 0x00C,
	GNI_FMA_ATOMIC_FAX_C   = 0x01C,
	GNI_FMA_ATOMIC_CSWAP   = 0x00D,
	GNI_FMA_ATOMIC_CSWAP_C = 0x01D,
	/* AMOs with PUT semantics: nothing is fetched */
	GNI_FMA_ATOMIC_ADD     = 0x108,
	GNI_FMA_ATOMIC_ADD_C   = 0x118,
	GNI_FMA_ATOMIC_AND     = 0x109,
	GNI_FMA_ATOMIC_AND_C   = 0x119,
	GNI_FMA_ATOMIC_OR      = 0x10A,
	GNI_FMA_ATOMIC_OR_C    = 0x11A,
	GNI_FMA_ATOMIC_XOR     = 0x10B,
	GNI_FMA_ATOMIC_XOR_C   = 0x11B,
	GNI_FMA_ATOMIC_AX      = 0x10C,
	GNI_FMA_ATOMIC_AX_C    = 0x11C
} gni_fma_cmd_type_t;

/* Collective engine commands: only the type of the descriptor's ce_cmd
 * member matters to this interface (vendor ABI). */
typedef enum gni_ce_cmd_type {
	GNI_FMA_CE_AND_S        = 0x00,
	GNI_FMA_CE_AND          = 0x01,
	GNI_FMA_CE_OR_S         = 0x02,
	GNI_FMA_CE_OR           = 0x03,
	GNI_FMA_CE_XOR_S        = 0x04,
	GNI_FMA_CE_XOR          = 0x05,
	GNI_FMA_CE_IMIN_LIDX_S  = 0x10,
	GNI_FMA_CE_IMIN_LIDX    = 0x11,
	GNI_FMA_CE_IMAX_LIDX_S  = 0x12,
	GNI_FMA_CE_IMAX_LIDX    = 0x13,
	GNI_FMA_CE_IADD_S       = 0x14,
	GNI_FMA_CE_IADD         = 0x15,
	GNI_FMA_CE_FPMIN_LIDX_S = 0x18,
	GNI_FMA_CE_FPMIN_LIDX   = 0x19,
	GNI_FMA_CE_FPMAX_LIDX_S = 0x1a,
	GNI_FMA_CE_FPMAX_LIDX   = 0x1b,
	GNI_FMA_CE_FPADD_S      = 0x1c,
	GNI_FMA_CE_FPADD        = 0x1d,
	GNI_FMA_CE_IMIN_GIDX_S  = 0x30,
	GNI_FMA_CE_IMIN_GIDX    = 0x31,
	GNI_FMA_CE_IMAX_GIDX_S  = 0x32,
	GNI_FMA_CE_IMAX_GIDX    = 0x33,
	GNI_FMA_CE_FPMIN_GIDX_S = 0x38,
	GNI_FMA_CE_FPMIN_GIDX   = 0x39,
	GNI_FMA_CE_FPMAX_GIDX_S = 0x3a,
	GNI_FMA_CE_FPMAX_GIDX   = 0x3b
} gni_ce_cmd_type_t;

#define GNI_CE_MAX_CHILDREN 32

/* 3.13.7 descriptor cq_mode (values: E-UGNI-151). */
#define GNI_CQMODE_SILENT       0x0000
#define GNI_CQMODE_LOCAL_EVENT  0x0001
#define GNI_CQMODE_GLOBAL_EVENT 0x0002
#define GNI_CQMODE_REMOTE_EVENT 0x0004
#define GNI_CQMODE_DUAL_EVENTS  (GNI_CQMODE_LOCAL_EVENT | GNI_CQMODE_GLOBAL_EVENT)

/* 3.13.7 descriptor dlvr_mode.  The vendor spelling is DLVMODE; the
 * document's DLVRMODE names are kept as aliases (E-UGNI-150). */
#define GNI_DLVMODE_PERFORMANCE  0x0000
#define GNI_DLVMODE_NO_ADAPT     0x0001
#define GNI_DLVMODE_NO_HASH      0x0002
#define GNI_DLVMODE_NO_RADAPT    0x0004
#define GNI_DLVMODE_IN_ORDER     (GNI_DLVMODE_NO_ADAPT | GNI_DLVMODE_NO_HASH)
#define GNI_DLVMODE_MNON_HASH    GNI_DLVMODE_IN_ORDER
#define GNI_DLVMODE_NMIN_HASH    0x0008
#define GNI_DLVMODE_MIN_HASH     0x0010
#define GNI_DLVMODE_ADAPTIVE0    GNI_DLVMODE_PERFORMANCE
#define GNI_DLVMODE_ADAPTIVE1    0x0020
#define GNI_DLVMODE_ADAPTIVE2    0x0040
#define GNI_DLVMODE_ADAPTIVE3    0x0080
#define GNI_DLVMODE_ORDERED_TAIL 0x0100
#define GNI_DLVRMODE_PERFORMANCE GNI_DLVMODE_PERFORMANCE
#define GNI_DLVRMODE_NO_ADAPT    GNI_DLVMODE_NO_ADAPT
#define GNI_DLVRMODE_NO_HASH     GNI_DLVMODE_NO_HASH
#define GNI_DLVRMODE_NO_RADAPT   GNI_DLVMODE_NO_RADAPT
#define GNI_DLVRMODE_IN_ORDER    GNI_DLVMODE_IN_ORDER

/* 3.13.7 descriptor rdma_mode. */
#define GNI_RDMAMODE_PHYS_ADDR 0x0001	/* kernel only */
#define GNI_RDMAMODE_FENCE     0x0002
#define GNI_RDMAMODE_GETWC_DIS 0x0004

/* 3.13.2 gni_error_mask */
typedef uint8_t gni_error_mask_t;
#define GNI_ERRMASK_CORRECTABLE_MEMORY  (1 << 0)
#define GNI_ERRMASK_CRITICAL            (1 << 1)
#define GNI_ERRMASK_TRANSACTION         (1 << 2)
#define GNI_ERRMASK_ADDRESS_TRANSLATION (1 << 3)
#define GNI_ERRMASK_TRANSIENT           (1 << 4)
#define GNI_ERRMASK_INFORMATIONAL       (1 << 5)
#define GNI_ERRMASK_DIAG_ONLY           (1 << 6)
#define GNI_ERRMASK_UNKNOWN_TRANSACTION (1 << 7)

/* Sizes and limits (E-UGNI-067, E-UGNI-092, E-UGNI-101). */
#define GNI_DATAGRAM_MAXSIZE         128
#define GNI_SMSG_MAX_SIZE            65535
#define GNI_SMSG_ANY_TAG             0xFF
#define FMA_SMSG_MAX_RETRANS_DEFAULT 10

/* 3.13.7 gni_post_descriptor: 184 bytes on LP64; the ce_* members follow
 * the document's 21 members as in the vendor ABI (E-UGNI-143). */
typedef struct gni_post_descriptor {
	void *next_descr;
	void *prev_descr;
	uint64_t post_id;
	uint64_t status;
	uint16_t cq_mode_complete;
	gni_post_type_t type;
	uint16_t cq_mode;
	uint16_t dlvr_mode;
	uint64_t local_addr;
	gni_mem_handle_t local_mem_hndl;
	uint64_t remote_addr;
	gni_mem_handle_t remote_mem_hndl;
	uint64_t length;
	uint16_t rdma_mode;
	gni_cq_handle_t src_cq_hndl;
	uint64_t sync_flag_value;
	uint64_t sync_flag_addr;
	gni_fma_cmd_type_t amo_cmd;
	uint64_t first_operand;
	uint64_t second_operand;
	uint64_t cqwrite_value;	/* only the 6 low bytes are delivered */
	gni_ce_cmd_type_t ce_cmd;
	uint32_t ce_mode;
	uint64_t ce_red_id;
} gni_post_descriptor_t;

/* 3.13.6 gni_ntt_descriptor */
typedef struct gni_ntt_descriptor {
	uint32_t group_size;
	uint8_t granularity;
	uint32_t *table;
	uint8_t flags;
} gni_ntt_descriptor_t;

/* 3.13.1 gni_error_event */
typedef struct gni_error_event {
	uint16_t error_code;
	uint8_t error_category;
	uint8_t ptag;
	uint32_t serial_number;
	uint64_t timestamp;
	uint64_t info_mmrs[4];
} gni_error_event_t;

/* 3.13.4 gni_job_limits (values of the constants: E-UGNI-031). */
#define GNI_JOB_INVALID_LIMIT    (-1)
#define GNI_JOB_CTRL_NTT_CLEANUP (0x01)
#define GNI_JOB_CTRL_CE0_MASK    (1 << 0)
#define GNI_JOB_CTRL_CE1_MASK    (1 << 1)
#define GNI_JOB_CTRL_CE2_MASK    (1 << 2)
#define GNI_JOB_CTRL_CE3_MASK    (1 << 3)

typedef struct gni_job_limits {
	int32_t mdd_limit;
	int32_t mrt_limit;
	int32_t gart_limit;
	int32_t fma_limit;
	int32_t bte_limit;
	int32_t cq_limit;
	int32_t ntt_ctrl;
	int32_t ntt_base;
	int32_t ntt_size;
} gni_job_limits_t;

/* 3.12.6 gni_smsg_type */
typedef enum gni_smsg_type {
	GNI_SMSG_TYPE_INVALID = 0,
	GNI_SMSG_TYPE_MBOX,
	GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT
} gni_smsg_type_t;

/* 3.13.8 gni_smsg_attr: mbox_maxcredit is 16 bits as in the vendor ABI,
 * not the document's uint32_t; the layout is unchanged (E-UGNI-155). */
typedef struct gni_smsg_attr {
	gni_smsg_type_t msg_type;
	void *msg_buffer;
	uint32_t buff_size;
	gni_mem_handle_t mem_hndl;
	uint32_t mbox_offset;
	uint16_t mbox_maxcredit;
	uint32_t msg_maxsize;
} gni_smsg_attr_t;

/* NIC generations reported by GNI_GetDeviceType (vendor extension). */
typedef enum gni_nic_device {
	GNI_DEVICE_GEMINI = 0,
	GNI_DEVICE_ARIES = 1,
	GNI_DEVICE_PISCES = 2,
	GNI_DEVICE_LAST
} gni_nic_device_t;

/* 3.2 Communication Domain */

/* 3.2.1 CdmCreate */
gni_return_t GNI_CdmCreate(IN uint32_t inst_id, IN uint8_t ptag,
		IN uint32_t cookie, IN uint32_t modes,
		OUT gni_cdm_handle_t *cdm_handle);

/* 3.2.2 CdmDestroy */
gni_return_t GNI_CdmDestroy(IN gni_cdm_handle_t cdm_handle);

/* 3.2.3 CdmGetNicAddress */
gni_return_t GNI_CdmGetNicAddress(IN uint32_t device_id,
		OUT uint32_t *address, OUT uint32_t *cpu_id);

/* 3.2.4 CdmAttach */
gni_return_t GNI_CdmAttach(IN gni_cdm_handle_t cdm_handle,
		IN uint32_t device_id, OUT uint32_t *local_address,
		OUT gni_nic_handle_t *nic_handle);

/* 3.2.5 GetVersion */
gni_return_t GNI_GetVersion(OUT uint32_t *version);

/* 3.2.6 ConfigureNTT: ntt_base is INOUT, so a pointer (E-UGNI-026). */
gni_return_t GNI_ConfigureNTT(IN uint32_t device_id,
		IN gni_ntt_descriptor_t *ntt_desc, INOUT uint32_t *ntt_base);

/* 3.2.7 ConfigureJob */
gni_return_t GNI_ConfigureJob(IN uint32_t device_id, IN uint64_t job_id,
		IN uint8_t ptag, IN uint32_t cookie,
		IN gni_job_limits_t *limits);

/* 3.3 Completion Queue Management */

/* 3.3.1 CqCreate */
gni_return_t GNI_CqCreate(IN gni_nic_handle_t nic_handle,
		IN uint32_t entry_count, IN uint32_t delay_count,
		IN gni_cq_mode_t mode,
		IN void (*event_handler)(gni_cq_entry_t *, void *),
		IN void *context, OUT gni_cq_handle_t *cq_handle);

/* 3.3.2 CqDestroy */
gni_return_t GNI_CqDestroy(IN gni_cq_handle_t cq_handle);

/* 3.4 Memory Registration */

/* 3.4.2 MemRegister */
gni_return_t GNI_MemRegister(IN gni_nic_handle_t nic_handle,
		IN uint64_t address, IN uint64_t length,
		IN gni_cq_handle_t dst_cq_handle, IN uint32_t flags,
		IN uint32_t vmdh_index, INOUT gni_mem_handle_t *mem_handle);

/* 3.4.3 MemRegisterSegments */
gni_return_t GNI_MemRegisterSegments(IN gni_nic_handle_t nic_handle,
		IN gni_mem_segment_t *mem_segments, IN uint32_t segments_cnt,
		IN gni_cq_handle_t dst_cq_handle, IN uint32_t flags,
		IN uint32_t vmdh_index, INOUT gni_mem_handle_t *mem_handle);

/* 3.4.4 SetMddResources */
gni_return_t GNI_SetMddResources(IN gni_nic_handle_t nic_handle,
		IN uint32_t num_entries);

/* 3.4.5 MemDeregister */
gni_return_t GNI_MemDeregister(IN gni_nic_handle_t nic_handle,
		IN gni_mem_handle_t *mem_handle);

/* 3.5 Logical Endpoint */

/* 3.5.1 EpCreate */
gni_return_t GNI_EpCreate(IN gni_nic_handle_t nic_handle,
		IN gni_cq_handle_t src_cq_handle,
		OUT gni_ep_handle_t *ep_handle);

/* 3.5.2 EpSetEventData */
gni_return_t GNI_EpSetEventData(IN gni_ep_handle_t ep_handle,
		IN uint32_t local_event, IN uint32_t remote_event);

/* 3.5.3 EpBind: remote_id is an input (E-UGNI-060). */
gni_return_t GNI_EpBind(IN gni_ep_handle_t ep_handle,
		IN uint32_t remote_addr, IN uint32_t remote_id);

/* 3.5.4 EpUnbind */
gni_return_t GNI_EpUnbind(IN gni_ep_handle_t ep_handle);

/* 3.5.5 EpDestroy */
gni_return_t GNI_EpDestroy(IN gni_ep_handle_t ep_handle);

/* 3.5.6 EpPostData: out_buf receives the peer's datagram (E-UGNI-066). */
gni_return_t GNI_EpPostData(IN gni_ep_handle_t ep_handle, IN void *in_data,
		IN uint16_t data_len, OUT void *out_buf, IN uint16_t buf_size);

/* 3.5.7 EpPostDataWId */
gni_return_t GNI_EpPostDataWId(IN gni_ep_handle_t ep_handle,
		IN void *in_data, IN uint16_t data_len, OUT void *out_buf,
		IN uint16_t buf_size, IN uint64_t datagram_id);

/* 3.5.8 EpPostDataTest (post_state type: E-UGNI-073) */
gni_return_t GNI_EpPostDataTest(IN gni_ep_handle_t ep_handle,
		OUT gni_post_state_t *post_state, OUT uint32_t *remote_address,
		OUT uint32_t *remote_id);

/* 3.5.9 EpPostDataTestById */
gni_return_t GNI_EpPostDataTestById(IN gni_ep_handle_t ep_handle,
		IN uint64_t datagram_id, OUT gni_post_state_t *post_state,
		OUT uint32_t *remote_address, OUT uint32_t *remote_id);

/* 3.5.10 EpPostDataWait */
gni_return_t GNI_EpPostDataWait(IN gni_ep_handle_t ep_handle,
		IN uint32_t timeout, OUT gni_post_state_t *post_state,
		OUT uint32_t *remote_address, OUT uint32_t *remote_id);

/* 3.5.11 EpPostDataWaitById */
gni_return_t GNI_EpPostDataWaitById(IN gni_ep_handle_t ep_handle,
		IN uint64_t datagram_id, IN uint32_t timeout,
		OUT gni_post_state_t *post_state, OUT uint32_t *remote_address,
		OUT uint32_t *remote_id);

/* 3.5.12 EpPostDataCancel */
gni_return_t GNI_EpPostDataCancel(IN gni_ep_handle_t ep_handle);

/* 3.5.13 EpPostDataCancelById */
gni_return_t GNI_EpPostDataCancelById(IN gni_ep_handle_t ep_handle,
		IN uint64_t datagram_id);

/* 3.5.14 PostDataProbe */
gni_return_t GNI_PostDataProbe(IN gni_nic_handle_t nic_handle,
		OUT uint32_t *remote_address, OUT uint32_t *remote_id);

/* 3.5.15 PostDataProbeById */
gni_return_t GNI_PostDataProbeById(IN gni_nic_handle_t nic_handle,
		OUT uint64_t *datagram_id);

/* 3.5.16 PostDataProbeWaitById */
gni_return_t GNI_PostDataProbeWaitById(IN gni_nic_handle_t nic_handle,
		IN uint32_t timeout, OUT uint64_t *datagram_id);

/* 3.5.16 PostDataProbeWaitById, the vendor library's spelling (E-UGNI-082) */
gni_return_t GNI_PostdataProbeWaitById(IN gni_nic_handle_t nic_handle,
		IN uint32_t timeout, OUT uint64_t *datagram_id);

/* 3.6 FMA DM */

/* 3.6.1 PostFma */
gni_return_t GNI_PostFma(IN gni_ep_handle_t ep_handle,
		IN gni_post_descriptor_t *post_descr);

/* 3.7 FMA Short Messaging */

/* 3.7.1 SmsgInit */
gni_return_t GNI_SmsgInit(IN gni_ep_handle_t ep_handle,
		IN gni_smsg_attr_t *local_smsg_attr,
		IN gni_smsg_attr_t *remote_smsg_attr);

/* 3.7.2 SmsgSend: msg_id by value (E-UGNI-095). */
gni_return_t GNI_SmsgSend(IN gni_ep_handle_t ep_handle, IN void *header,
		IN uint32_t header_length, IN void *data,
		IN uint32_t data_length, IN uint32_t msg_id);

/* 3.7.3 SmsgSendWTag */
gni_return_t GNI_SmsgSendWTag(IN gni_ep_handle_t ep_handle, IN void *header,
		IN uint32_t header_length, IN void *data,
		IN uint32_t data_length, IN uint32_t msg_id, IN uint8_t tag);

/* 3.7.4 SmsgGetNext */
gni_return_t GNI_SmsgGetNext(IN gni_ep_handle_t ep_handle,
		OUT void **header);

/* 3.7.5 SmsgGetNextWTag */
gni_return_t GNI_SmsgGetNextWTag(IN gni_ep_handle_t ep_handle,
		OUT void **header, INOUT uint8_t *tag);

/* 3.7.6 SmsgRelease */
gni_return_t GNI_SmsgRelease(IN gni_ep_handle_t ep_handle);

/* 3.8 RDMA (BTE) */

/* 3.8.1 PostRdma */
gni_return_t GNI_PostRdma(IN gni_ep_handle_t ep_handle,
		IN gni_post_descriptor_t *post_descr);

/* 3.9 Completion Queue Processing */

/* 3.9.1 CqTestEvent (return type: E-UGNI-106) */
gni_return_t GNI_CqTestEvent(IN gni_cq_handle_t cq_handle);

/* 3.9.2 CqGetEvent */
gni_return_t GNI_CqGetEvent(IN gni_cq_handle_t cq_handle,
		OUT gni_cq_entry_t *event_data);

/* 3.9.3 CqWaitEvent */
gni_return_t GNI_CqWaitEvent(IN gni_cq_handle_t cq_handle,
		IN uint64_t timeout, OUT gni_cq_entry_t *event_data);

/* 3.9.4 CqVectorWaitEvent */
gni_return_t GNI_CqVectorWaitEvent(IN gni_cq_handle_t *cq_handls,
		IN uint32_t num_cqs, IN uint64_t timeout,
		OUT gni_cq_entry_t *event_data, OUT uint32_t *which);

/* 3.9.5 GetCompleted */
gni_return_t GNI_GetCompleted(IN gni_cq_handle_t cq_handle,
		IN gni_cq_entry_t event_data,
		OUT gni_post_descriptor_t **post_descr);

/* 3.9.6 PostCqWrite */
gni_return_t GNI_PostCqWrite(IN gni_ep_handle_t ep_handle,
		IN gni_post_descriptor_t *post_descr);

/* 3.9.7 CqErrorStr */
gni_return_t GNI_CqErrorStr(IN gni_cq_entry_t entry, OUT void *buffer,
		IN uint32_t length);

/* 3.9.8 CqErrorRecoverable: the first parameter is a CQ entry (E-UGNI-119). */
gni_return_t GNI_CqErrorRecoverable(IN gni_cq_entry_t entry,
		OUT uint32_t *recoverable);

/* 3.10 Error Handling */

/* 3.10.1 SubscribeErrors */
gni_return_t GNI_SubscribeErrors(IN gni_nic_handle_t nic_handle,
		IN uint32_t device_id, IN gni_error_mask_t mask,
		IN uint32_t EEQ_size, OUT gni_err_handle_t *err_handle);

/* 3.10.2 ReleaseErrors */
gni_return_t GNI_ReleaseErrors(IN gni_err_handle_t err_handle);

/* 3.10.3 GetErrorMask */
gni_return_t GNI_GetErrorMask(IN gni_err_handle_t err_handle,
		OUT gni_error_mask_t *mask);

/* 3.10.4 SetErrorMask: mask_out is written (E-UGNI-123). */
gni_return_t GNI_SetErrorMask(IN gni_err_handle_t err_handle,
		IN gni_error_mask_t mask_in, OUT gni_error_mask_t *mask_out);

/* 3.10.5 GetErrorEvent: event is written (E-UGNI-124). */
gni_return_t GNI_GetErrorEvent(IN gni_err_handle_t err_handle,
		OUT gni_error_event_t *event);

/* 3.10.6 WaitErrorEvents: events is written (E-UGNI-125). */
gni_return_t GNI_WaitErrorEvents(IN gni_err_handle_t err_handle,
		OUT gni_error_event_t *events, IN uint32_t events_size,
		IN uint32_t timeout, OUT uint32_t *num_events);

/* 3.10.7 SetErrorPtag */
gni_return_t GNI_SetErrorPtag(IN gni_err_handle_t err_handle,
		IN uint8_t ptag);

/* 3.11 Other */

/* 3.11.1 GetNumLocalDevices */
gni_return_t GNI_GetNumLocalDevices(OUT int *num_devices);

/* 3.11.2 GetLocalDeviceIds */
gni_return_t GNI_GetLocalDeviceIds(IN int len, OUT int *device_ids);

/* Calls real clients use beyond the document (vendor ABI). */

/* GetDeviceType: the generation of the local NIC. */
gni_return_t GNI_GetDeviceType(OUT gni_nic_device_t *dev_type);

/* SmsgBufferSizeNeeded: mailbox bytes for msg_type, mbox_maxcredit and
 * msg_maxsize of smsg_attr (the other members need not be set). */
gni_return_t GNI_SmsgBufferSizeNeeded(IN gni_smsg_attr_t *smsg_attr,
		OUT unsigned int *size);

/* SmsgSetMaxRetrans: retransmission limit of AUTO_RETRANSMIT mailboxes. */
gni_return_t GNI_SmsgSetMaxRetrans(IN gni_nic_handle_t nic_handle,
		IN uint16_t max_retrans);

/* CqVectorMonitor: CqVectorWaitEvent without dequeuing the event. */
gni_return_t GNI_CqVectorMonitor(IN gni_cq_handle_t *cq_hndls,
		IN uint32_t num_cqs, IN uint64_t timeout, OUT uint32_t *which);

#ifdef __cplusplus
}
#endif

#endif /* GNI_PUB_H */
