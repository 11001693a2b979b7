/*
 * dmapp_impl.h: internals of the DMAPP reference (libdmapp.so).
 *
 * DMAPP is built here on the public uGNI API (gni_pub.h) and PMI only,
 * so that it runs over any uGNI implementation.  docs/dmapp-reference.md
 * describes the mapping; errata ids (E-DMAPP-NNN) name the readings
 * taken where the spec is silent (vectors/dmapp/errata.json).
 */
#ifndef RDMACTS_DMAPP_IMPL_H
#define RDMACTS_DMAPP_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "dmapp.h"
#include "pmi.h"

/* Version reported in dmapp_jobinfo_t.version (E-DMAPP-006). */
#define DMAPP_REF_VERSION 0x0100

/* 5.4.1: one megabyte of the symmetric heap is for internal use. */
#define SHEAP_INTERNAL   (1ul << 20)
/* Unset XT_SYMMETRIC_HEAP_SIZE: 64 MiB for the user (E-DMAPP-052). */
#define SHEAP_DEFAULT    (64ul << 20)
/* Blocks of the symmetric heap are aligned to 64 bytes (E-DMAPP-049). */
#define SHEAP_ALIGN      64

/* Staging buffers (in the internal megabyte): the largest piece. */
#define STAGE_CHUNK      (64ul << 10)
/* Largest single uGNI post of user memory. */
#define POST_MAX         (1ul << 30)
/* uGNI posts in flight at once; the CQ holds twice as many entries. */
#define OPS_MAX          1024
#define CQ_ENTRIES       (2 * OPS_MAX)

/* ------------------------------------------------------------------ */
/* Tables (types.c)                                                   */
/* ------------------------------------------------------------------ */

/* 5.1.1 dmapp_type: one row per element type. */
struct dmapp_type_row {
	const char *name;
	size_t size;		/* bytes per element */
};
extern const struct dmapp_type_row dmapp_type_table[];
size_t dmapp_type_size(dmapp_type_t type);	/* 0: not a dmapp_type_t */
int dmapp_bytes(uint64_t nelems, size_t size, uint64_t *bytes);

/* 5.1.2 dmapp_routing_type -> uGNI delivery mode. */
extern const uint16_t dmapp_routing_dlvr_mode[];

/* ------------------------------------------------------------------ */
/* A first-fit allocator of offsets in a range (arena.c)              */
/* ------------------------------------------------------------------ */

struct arena_block {
	size_t off, size;
	int used;
	struct arena_block *next;
};

struct arena {
	size_t size;			/* bytes managed */
	size_t align;			/* every block starts on this */
	struct arena_block *head;	/* blocks in address order */
};

int arena_init(struct arena *a, size_t size, size_t align);
void arena_fini(struct arena *a);
/* Returns 0 and the offset, or -1 when no free block is large enough. */
int arena_alloc(struct arena *a, size_t size, size_t *off);
/* The used block starting at off, or NULL. */
struct arena_block *arena_find(struct arena *a, size_t off);
void arena_release(struct arena *a, struct arena_block *b);
/* Grow or shrink a used block in place; 0 on success. */
int arena_resize(struct arena *a, struct arena_block *b, size_t size);

/* ------------------------------------------------------------------ */
/* Job state (state.c)                                                */
/* ------------------------------------------------------------------ */

/* What every PE publishes at dmapp_init and the others read on first
 * use (peer.c). */
struct dmapp_peer {
	uint32_t nic_addr;
	uint32_t inst_id;
	uint64_t data_addr, data_len;
	gni_mem_handle_t data_mh;
	uint64_t sheap_addr, sheap_len;	/* sheap_len: user part */
	gni_mem_handle_t sheap_mh;
};

/* A group of uGNI posts completed together: one DMAPP request. */
struct dmapp_req {
	uint32_t pending;		/* posts not yet completed */
	dmapp_return_t error;		/* first failure, else SUCCESS */
};

/* 5.2.4 dmapp_syncid: a slot of the syncid table. */
struct dmapp_syncid {
	struct dmapp_req req;
	uint32_t gen;			/* bumped at every retirement */
	int in_use;
};

/* One uGNI post.  desc comes first: GNI_GetCompleted returns it. */
struct dmapp_op {
	gni_post_descriptor_t desc;
	struct dmapp_req *req;
	size_t stage_off;		/* staging block, or SIZE_MAX */
	void *copy_to;			/* GET/AMO result: copied out ... */
	size_t copy_from, copy_len;	/* ... from stage + copy_from */
	struct dmapp_op *next_free;
};

/* A region of dmapp_mem_register (5.3.70). */
struct dmapp_region {
	dmapp_seg_desc_t seg;
	struct dmapp_region *next;
};

struct dmapp_state {
	int initialized;
	int pmi_ours;			/* dmapp_init initialised PMI */
	int pe, npes;
	dmapp_rma_attrs_t attrs;
	uint8_t pi_ordering;		/* vendor extension (attrs_ext.c) */
	uint32_t queue_depth, queue_nelems;	/* later DMAPP (attrs_ext.c) */

	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	gni_cq_handle_t cq;
	gni_ep_handle_t *ep;		/* one per PE, bound; NULL until used */
	struct dmapp_peer *peer;	/* one per PE, valid where ep is */
	char *kvsname;			/* PMI key-value space of the records */

	dmapp_seg_desc_t data_seg;
	dmapp_seg_desc_t sheap_seg;
	char *heap_map;			/* user part, then internal MB */
	size_t heap_map_len;
	int heap_fd;			/* its memory file; -1: anonymous */
	struct arena sheap;		/* the user part */
	struct arena stage;		/* the internal megabyte */

	struct dmapp_region *regions;

	struct dmapp_req implicit;	/* every _nbi request */
	struct dmapp_req blocking;	/* the current blocking call */
	struct dmapp_syncid *syncids;	/* max_outstanding_nb slots */
	uint32_t syncids_used;

	struct dmapp_op ops[OPS_MAX];
	struct dmapp_op *free_ops;
	uint32_t ops_fresh;		/* ops[ops_fresh..] never used yet */
	uint32_t ops_in_flight;
};

extern struct dmapp_state dmapp;

/* DMAPP_RC_INVALID_PARAM unless dmapp_init has run (E-DMAPP-041). */
dmapp_return_t dmapp_check_init(void);
/* 5.4.2 DMAPP_ABORT_ON_ERROR (E-DMAPP-059): abort or return rc. */
dmapp_return_t dmapp_fail(dmapp_return_t rc, const char *call);
int dmapp_abort_on_error(void);
/* The PI ordering mode of a job started by dmapp_init (vendor default). */
#define PI_DEFAULT DMAPP_PI_ORDERING_STRICT
/* The attributes reported while no job runs (attrs.c, E-DMAPP-086). */
void dmapp_default_attrs(dmapp_rma_attrs_t *a);
/* Valid RMA attributes (attrs.c); at_init also checks the static ones. */
dmapp_return_t dmapp_attrs_check(const dmapp_rma_attrs_t *a, int at_init);
/* The test-control interface makes this internal allocation fail. */
int dmapp_alloc_fails(void);
/* calloc, or NULL when the test-control interface makes it fail. */
void *dmapp_calloc(size_t n, size_t size);
/* uGNI return code -> DMAPP return code. */
dmapp_return_t dmapp_from_gni(gni_return_t rc);

/* ------------------------------------------------------------------ */
/* Peers: records published at dmapp_init, read on first use (peer.c) */
/* ------------------------------------------------------------------ */

void dmapp_peer_begin(void);
dmapp_return_t dmapp_peer_publish(const struct dmapp_peer *me);
dmapp_return_t dmapp_peer_connect(dmapp_pe_t pe);

/* ------------------------------------------------------------------ */
/* Segments (segment.c)                                               */
/* ------------------------------------------------------------------ */

/* The program's data+bss, page-rounded, from its program headers. */
int dmapp_data_bounds(uint64_t *addr, uint64_t *len);
void dmapp_data_share(uint64_t addr, uint64_t len);

/* A resolved remote reference: where target_addr lives on the PE. */
struct dmapp_remote {
	dmapp_pe_t pe;
	uint64_t addr;			/* translated target_addr */
	gni_mem_handle_t mh;
};

int dmapp_seg_equal(const dmapp_seg_desc_t *a, const dmapp_seg_desc_t *b);
int dmapp_seg_symmetric(const dmapp_seg_desc_t *seg);
/*
 * Check that [addr+lo, addr+hi) lies in seg and that pe is a PE of the
 * job, and translate (E-DMAPP-034, E-DMAPP-048).  hi == lo: nothing is
 * accessed and only pe and seg are checked.
 */
dmapp_return_t dmapp_remote(const dmapp_seg_desc_t *seg, dmapp_pe_t pe,
			    const void *addr, uint64_t lo, uint64_t hi,
			    struct dmapp_remote *r);
/* A local registration covering [addr, addr+len), for local_mem_hndl. */
int dmapp_local_mh(const void *addr, size_t len, gni_mem_handle_t *mh);

/* ------------------------------------------------------------------ */
/* Symmetric heap (sheap.c)                                           */
/* ------------------------------------------------------------------ */

dmapp_return_t dmapp_sheap_setup(void);
void dmapp_sheap_teardown(void);
/* Deregister what dmapp_mem_register left (mem.c). */
void dmapp_regions_teardown(void);

/* ------------------------------------------------------------------ */
/* Requests, progress and completion (request.c)                      */
/* ------------------------------------------------------------------ */

enum dmapp_mode { MODE_BLOCKING, MODE_NB, MODE_NBI };

dmapp_return_t dmapp_check_syncid_arg(enum dmapp_mode mode,
				      dmapp_syncid_handle_t *syncid);
/* Start a request: NO_SPACE for an _nb call beyond max_outstanding_nb. */
dmapp_return_t dmapp_req_begin(enum dmapp_mode mode, struct dmapp_req **req);
/* Finish the call: wait (blocking), hand out the syncid (_nb). */
dmapp_return_t dmapp_req_end(enum dmapp_mode mode, struct dmapp_req *req,
			     dmapp_return_t rc, dmapp_syncid_handle_t *syncid);
struct dmapp_syncid *dmapp_to_syncid(dmapp_syncid_handle_t h);
void dmapp_syncid_retire(struct dmapp_syncid *s);

void dmapp_ops_init(void);
struct dmapp_op *dmapp_op_get(struct dmapp_req *req);
void dmapp_op_put(struct dmapp_op *op);
/* Reap completions; with wait, until at least one or nothing is left. */
void dmapp_progress(int wait);
void dmapp_wait_req(struct dmapp_req *req);
/* Complete every request this PE has issued (dmapp_finalize). */
void dmapp_quiesce(void);

/* Staging memory in the internal megabyte: blocks until available. */
size_t dmapp_stage_alloc(size_t len);
void *dmapp_stage_ptr(size_t off);
void dmapp_stage_free(size_t off);

/* ------------------------------------------------------------------ */
/* Data movement over uGNI (xfer.c)                                   */
/* ------------------------------------------------------------------ */

/* PUT len bytes from src to r->addr + roff on r->pe. */
dmapp_return_t dmapp_xfer_put(struct dmapp_req *req,
			      const struct dmapp_remote *r, uint64_t roff,
			      const void *src, size_t len);
/* GET len (> 0) bytes from r->addr + roff on r->pe into dst. */
dmapp_return_t dmapp_xfer_get(struct dmapp_req *req,
			      const struct dmapp_remote *r, uint64_t roff,
			      void *dst, size_t len);
/* AMO on the word at r->addr; result (fetching AMOs) gets the old value. */
dmapp_return_t dmapp_xfer_amo(struct dmapp_req *req,
			      const struct dmapp_remote *r,
			      gni_fma_cmd_type_t cmd, uint64_t first,
			      uint64_t second, void *result);

/* ------------------------------------------------------------------ */
/* Vendor extension (include/dmapp.h, vectors/dmapp/ext-calls.json)   */
/* ------------------------------------------------------------------ */

/* Run the registered progress callbacks (progress_cb.c): called where
 * DMAPP waits. */
void dmapp_run_progress_cbs(void);
/* Forget the progress callbacks (progress_cb.c); forget them and the
 * psets (pset.c), at dmapp_finalize. */
void dmapp_progress_cbs_reset(void);
void dmapp_ext_teardown(void);

/*
 * Collectives in software (pset.c, collective.c, reduce.c).  The last
 * COLL_AREA bytes of the internal megabyte of every PE's symmetric heap
 * are the collective area, at the same offset on every PE, so a PE can
 * address another's with the heap's memory handle:
 *   ids[PSET_MAX]       identifier of the pset in each slot (0: free)
 *   slot[PSET_MAX]      one per pset: flags, contribution, result
 * A member writes its contribution and the operation's sequence number
 * (arrive) in its own slot; the pset's root (its first member) reads
 * them from each member in member order with GETs, combines them, and
 * PUTs the result and then the sequence number (done) into each
 * member's slot.  Every transfer is a blocking one of the reference's
 * own uGNI path (xfer.c).
 */
#define PSET_MAX       16	/* psets a PE may hold (NO_SPACE beyond) */
#define COLL_PAYLOAD   1024	/* bytes of one reduction's data */
#define COLL_IDS_BYTES 128	/* PSET_MAX identifiers, rounded up */
#define COLL_SLOT_HDR  64	/* arrive, done: one cache line */
#define COLL_SLOT_BYTES (COLL_SLOT_HDR + 2 * COLL_PAYLOAD)
#define COLL_AREA      (64ul << 10)

struct coll_slot {
	volatile uint64_t arrive;	/* written by the member itself */
	volatile uint64_t done;		/* written by the root */
	uint8_t pad[COLL_SLOT_HDR - 16];
	uint8_t contrib[COLL_PAYLOAD];
	uint8_t result[COLL_PAYLOAD];
};

enum coll_kind { COLL_NONE, COLL_BARRIER, COLL_REDUCE };

struct dmapp_pset {
	int in_use;
	uint32_t gen;			/* bumped at every destroy */
	uint64_t id;
	uint32_t n;			/* members */
	uint32_t *members;		/* PEs, in descriptor order */
	uint32_t *slot_of;		/* each member's slot (export) */
	uint32_t me;			/* this PE's member index */
	int exported, cancelled;
	uint64_t seq;			/* operations started */
	/* The operation in progress (kind != COLL_NONE). */
	enum coll_kind kind;
	void *out;
	uint32_t nelems;
	dmapp_c_type_t type;
	dmapp_c_op_t op;
	uint32_t next;			/* root: members combined so far */
	_Alignas(16) uint8_t acc[COLL_PAYLOAD];	/* root: the partial result */
};

/* The collective area of this PE, its slot s, and the offset of slot s
 * or of the identifier table in any PE's area. */
uint64_t *coll_ids(void);
struct coll_slot *coll_slot(uint32_t s);
uint64_t coll_slot_off(uint32_t s);
/* A resolved reference to the collective area of pe. */
dmapp_return_t coll_remote(dmapp_pe_t pe, struct dmapp_remote *r);
/* Blocking GET / PUT of len bytes at offset off of pe's area. */
dmapp_return_t coll_get(dmapp_pe_t pe, uint64_t off, void *dst, size_t len);
dmapp_return_t coll_put(dmapp_pe_t pe, uint64_t off, const void *src, size_t len);
/* The live pset a handle names, or NULL. */
struct dmapp_pset *dmapp_to_pset(dmapp_c_pset_handle_t h);
uint32_t dmapp_pset_slot(const struct dmapp_pset *p);

/* reduce.c: size of an element (0: not a dmapp_c_type_t), whether op
 * applies to type, and acc[i] = acc[i] op in[i] for n elements. */
size_t coll_type_size(dmapp_c_type_t type);
int coll_op_valid(dmapp_c_op_t op, dmapp_c_type_t type);
void coll_combine(dmapp_c_op_t op, dmapp_c_type_t type, void *acc,
		  const void *in, uint32_t n);

#endif /* RDMACTS_DMAPP_IMPL_H */
