/*
 * ugni.h: internals of the uGNI reference implementation (libugni.so).
 *
 * The objects of chapter 3 as the library keeps them in the calling
 * process, the checked handle lookups (one per object kind), and the
 * shared paths of the post calls.  Everything peers must see lives in
 * the NIC model (ref/nic/nic.h).
 */
#ifndef RDMACTS_UGNI_H
#define RDMACTS_UGNI_H

#include <stddef.h>
#include <stdint.h>
#include "gni_pub.h"
#include "../nic/nic.h"

/* ---- objects ---------------------------------------------------------- */

struct ugni_cdm {
	uint32_t inst_id, cookie, modes;
	uint8_t ptag;
	struct ugni_nic *nic;		/* NULL until CdmAttach */
	gni_cdm_handle_t self;
};

struct ugni_nic {
	struct ugni_cdm *cdm;
	uint32_t domain;		/* fabric slot of the attached domain */
	uint32_t address;
	uint16_t max_retrans;
	uint16_t smsg_dlvr_mode;	/* GNI_SmsgSetDeliveryMode (extension) */
	gni_nic_handle_t self;
};

struct ugni_cq {
	struct ugni_nic *nic;
	uint32_t idx, gen;		/* the ring in the fabric */
	gni_cq_mode_t mode;
	void (*handler)(gni_cq_entry_t *, void *);
	void *context;
	unsigned nep;			/* endpoints using it as src_cq */
	/* vendor extension: completion channel and interrupt mask */
	struct ugni_chan *chan;		/* attached channel, or NULL */
	unsigned intr_mask;		/* GNI_CqInterruptMask count */
	gni_cq_handle_t self;
};

struct ugni_chan {			/* a completion channel (compchan.c) */
	struct ugni_nic *nic;
	int fd;				/* eventfd: CQs fired, not yet taken */
	unsigned ncq;			/* CQs attached */
	gni_comp_chan_handle_t self;
};

struct ugni_smsg {
	int ready;
	gni_smsg_type_t type;
	/* our mailbox (peers write into it): */
	uint8_t *local_box;
	uint32_t local_credits, local_maxsize;
	gni_mem_handle_t local_mh;
	/* the peer's mailbox (we write into it): */
	uint64_t remote_box;
	uint32_t remote_credits, remote_maxsize;
	gni_mem_handle_t remote_mh;
	uint64_t sent;			/* messages written to the peer */
	uint64_t received;		/* messages taken by GetNext */
	uint64_t released;		/* messages released */
	int current;			/* GetNext returned one not released */
};

struct ugni_ep {
	struct ugni_nic *nic;
	struct ugni_cq *cq;		/* src_cq, may be NULL */
	int bound;
	uint32_t remote_addr, remote_id;
	uint32_t local_event, remote_event;
	int event_data_set;
	uint64_t key;			/* names it in the fabric */
	unsigned outstanding;		/* completions not yet delivered */
	void *dg_out;			/* out_buf of the posted datagram */
	uint16_t dg_size;
	struct ugni_smsg smsg;
	gni_ep_handle_t self;
};

struct ugni_err {
	struct ugni_nic *nic;		/* NULL: a privileged device subscription */
	gni_error_mask_t mask;
	uint8_t ptag;
	int all_ptags;			/* no ptag chosen yet (device subscription) */
	uint32_t size;			/* EEQ entries */
	uint64_t cursor;		/* next serial of the fabric log to read */
	gni_error_event_t *queue;
	uint32_t head, count;
	unsigned waiters;		/* threads in WaitErrorEvents on it */
	gni_err_handle_t self;
};

/* ---- lock.c: the one lock (every modelled call runs under it) ----------- */

void ugni_lock(void);
void ugni_unlock(void);
void ugni_unlock_at_return(int *locked);
/* The first line of every call that touches the library's state: takes
 * the lock, which goes back at whichever return the call takes. */
#define UGNI_LOCKED \
	__attribute__((cleanup(ugni_unlock_at_return))) int ugni_locked_ = \
		(ugni_lock(), 1); \
	(void)ugni_locked_
/* One pause of a waiting call (nic_backoff, nic_wait_pause) with the
 * lock let go; the call's objects may be gone after it. */
void ugni_pause(unsigned *round);
int ugni_wait_pause(struct nic_wait *w);

/* ---- handle.c: handles with kind and generation ------------------------- */

enum ugni_kind { UGNI_CDM = 1, UGNI_NIC, UGNI_CQ, UGNI_EP, UGNI_ERR, UGNI_CHAN };

void *ugni_handle_new(enum ugni_kind kind, void *obj);
void *ugni_handle_obj(enum ugni_kind kind, const void *handle);
void ugni_handle_free(const void *handle);

/* The one checked lookup per kind: NULL for NULL, stale, foreign or
 * garbage handles and for handles of another kind. */
/* cdm.c: the process's place on the fabric (joined once, on first use). */
int ugni_fabric(void);

static inline struct ugni_cdm *to_cdm(gni_cdm_handle_t h)
{ return ugni_handle_obj(UGNI_CDM, h); }
static inline struct ugni_nic *to_nic(gni_nic_handle_t h)
{ return ugni_handle_obj(UGNI_NIC, h); }
static inline struct ugni_cq *to_cq(gni_cq_handle_t h)
{ return ugni_handle_obj(UGNI_CQ, h); }
static inline struct ugni_ep *to_ep(gni_ep_handle_t h)
{ return ugni_handle_obj(UGNI_EP, h); }
static inline struct ugni_err *to_err(gni_err_handle_t h)
{ return ugni_handle_obj(UGNI_ERR, h); }
static inline struct ugni_chan *to_chan(gni_comp_chan_handle_t h)
{ return ugni_handle_obj(UGNI_CHAN, h); }

/* Walk every live object of a kind (for CdmDestroy). */
void ugni_handle_each(enum ugni_kind kind, void (*fn)(void *obj, void *arg),
		void *arg);

/* ---- cq_entry.c: the CQ entry encoding (implementation-defined) ------ */

enum ugni_status {		/* status field of an entry; errcodes.c */
	UGNI_ST_OK = 0,
	UGNI_ST_BAD_MDH,	/* remote memory handle names nothing */
	UGNI_ST_PTAG,		/* protection tag mismatch */
	UGNI_ST_BOUNDS,		/* outside the registered region */
	UGNI_ST_READONLY,	/* write to a read-only registration */
	UGNI_ST_NO_ROUTE,	/* no NIC at the bound address */
	UGNI_ST_MEMORY,		/* registered memory no longer mapped */
	UGNI_ST_INJECTED,	/* fault injection (RDMACTS_NIC_FAIL_NTH) */
	UGNI_ST_COUNT
};

enum ugni_event_role { UGNI_EV_GLOBAL, UGNI_EV_LOCAL, UGNI_EV_REMOTE };

gni_cq_entry_t ugni_entry(uint64_t type, enum ugni_event_role role,
		enum ugni_status st, uint32_t data, uint32_t tid);
gni_cq_entry_t ugni_entry_cqwrite(uint64_t value);
gni_cq_entry_t ugni_entry_overrun(void);
int ugni_entry_is_local(gni_cq_entry_t e);

struct ugni_errcode {
	enum ugni_status status;
	const char *text;
	uint32_t recoverable;
	uint8_t category;		/* enum nic_err_category */
};
extern const struct ugni_errcode ugni_errcodes[UGNI_ST_COUNT];

/* ---- events.c: delivery of completion events ---------------------------- */

/* A transaction in flight, for GetCompleted (3.9.5). */
struct ugni_txn {
	gni_post_descriptor_t *desc;
	struct ugni_ep *ep;
	struct ugni_cq *cq;		/* where its local events go */
	uint16_t expect;		/* LOCAL/GLOBAL events still to consume */
	enum ugni_status status;
	int bte;			/* holds a BTE descriptor */
	int in_use;
};

uint32_t ugni_txn_new(struct ugni_ep *ep, struct ugni_cq *cq,
		gni_post_descriptor_t *desc, uint16_t expect, int bte);
struct ugni_txn *ugni_txn_get(uint32_t tid);
void ugni_txn_done(uint32_t tid);
/* Queue a local event to cq; under the adversarial schedule it may be
 * held back for a while (fence: never before earlier ones of the ep). */
void ugni_deliver_local(struct ugni_ep *ep, struct ugni_cq *cq,
		gni_cq_entry_t e, int fence);
/* Release held events that are due.  Called by every polling call. */
void ugni_progress(void);
/* Forget every held event and transaction of an endpoint. */
void ugni_events_drop_ep(struct ugni_ep *ep);
void ugni_events_drop_cq(struct ugni_cq *cq);
int ugni_cq_wait(const gni_cq_handle_t *cq_hndls, uint32_t n, uint64_t timeout,
		gni_cq_entry_t *event, uint32_t *which, int take);

/* ---- post.c: the path shared by PostFma, PostRdma, PostCqWrite --------- */

enum ugni_engine { UGNI_FMA, UGNI_BTE, UGNI_CQW };
gni_return_t ugni_post(struct ugni_ep *ep, gni_post_descriptor_t *d,
		enum ugni_engine engine);
/* Where the bound peer of ep lives: its fabric domain (NIC_NONE when
 * nothing answers at that address) */
uint32_t ugni_peer_domain(const struct ugni_ep *ep);
void ugni_raise(struct ugni_nic *nic, enum ugni_status st, uint64_t info);

/* ---- amo.c: the AMO command table (3.12.2) ------------------------------ */

struct ugni_amo {
	gni_fma_cmd_type_t cmd;
	const char *name;
	int fetching;			/* GET semantics: old value returned */
	unsigned width;			/* bytes of the word it works on */
	int aries;			/* second generation: Aries only */
	nic_amo_fn op;
};
const struct ugni_amo *ugni_amo_find(gni_fma_cmd_type_t cmd);
int ugni_amo_length_ok(gni_fma_cmd_type_t cmd, uint64_t length);

/* ---- smsg.c --------------------------------------------------------------- */

void ugni_smsg_release_ep(struct ugni_ep *ep);

/* ---- misc ----------------------------------------------------------------- */

void ugni_ep_destroy_obj(struct ugni_ep *ep);
void ugni_cq_destroy_obj(struct ugni_cq *cq);
void ugni_err_destroy_obj(struct ugni_err *err);

/* ---- compchan.c: completion channels (vendor extension) ------------------ */

void ugni_chan_detach(struct ugni_cq *cq);
void ugni_chan_destroy_obj(struct ugni_chan *ch);

#endif /* RDMACTS_UGNI_H */
