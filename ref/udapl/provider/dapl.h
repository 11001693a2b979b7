/*
 * dapl.h: the reference uDAPL 1.2 Provider's objects and internals.
 *
 * Every object starts with struct obj, whose first word is the
 * Provider's DAT_PROVIDER (the DAT handle rule), and lives in the table
 * of live objects (handle.c) from creation to destruction: a handle is
 * accepted only when it is found there with the kind the call expects.
 * Objects belong to an IA, which lists them for dat_ia_close.
 *
 * The NIC side of an IA (wire.c) is one NIC domain with two regions
 * peers reach through virtual memory handles: an inbox, a ring into
 * which peers deposit messages (connection management and Sends), and
 * the key table, which says what each rmr_context grants (RDMA).
 */
#ifndef RDMACTS_DAPL_H
#define RDMACTS_DAPL_H

#include <netinet/in.h>
#include <stdint.h>
#include <dat/udat.h>
#include "rdmacts_test_control.h"

#define DAPL_MAX_PRIVATE_DATA 64
#define DAPL_MAX_IOV          16
#define DAPL_MAX_DTOS         1024
#define DAPL_MAX_EVD_QLEN     65536
#define DAPL_KEYS             4096	/* LMRs and RMRs of one IA */
#define DAPL_RING             (1u << 20)	/* inbox bytes */
#define DAPL_MAX_MESSAGE      (DAPL_RING / 4)
#define DAPL_MAX_RDMA         (1ull << 30)
#define DAPL_MAX_OBJS         1024	/* PZs, EVDs, EPs, CNOs, SRQs of one IA */
#define DAPL_MAX_IAS          256	/* IAs open in one process */

extern DAT_PROVIDER dapl_provider;
/* The first word of a destroyed object: every call answers
 * DAT_INVALID_HANDLE (provider.c). */
extern DAT_PROVIDER dapl_freed_provider;
/* The table registered under an IA name (its device_name is the name). */
DAT_PROVIDER *dapl_provider_of(const char *ia_name);

/* ---- handle.c: objects and the table of live ones ------------------ */

struct ia;

struct obj {
	DAT_PROVIDER *provider;		/* first word: DAT_HANDLE_TO_PROVIDER */
	DAT_HANDLE_TYPE kind;
	DAT_CONTEXT context;
	struct ia *ia;
	struct obj *hnext;		/* bucket chain of live objects */
	struct obj *prev, *next;	/* the IA's objects, in creation order */
};

void *obj_new(DAT_HANDLE_TYPE kind, size_t size, struct ia *ia);
void obj_free(void *o);
/* obj_free in two steps: the handle dies (obj_unlink), the memory is
 * given back later (obj_release), by a waiter still inside it. */
void obj_unlink(void *o);
void obj_release(void *o);
/* The live object of that kind a handle names, or NULL. */
void *obj_get(DAT_HANDLE h, DAT_HANDLE_TYPE kind);
/* Release freed objects kept back to keep stale handles stale. */
void obj_flush(void);

/* ---- wire.c: an IA's inbox and key table on the NIC ----------------- */

enum msg_type { MSG_PAD = 1, MSG_CONN_REQ, MSG_ACCEPT, MSG_REJECT,
	MSG_DISC, MSG_DATA, MSG_RTU };	/* RTU: the active side took the ACCEPT */

struct msg {				/* header of a message in an inbox */
	uint64_t seq;			/* its ring position once complete */
	uint32_t type, size;		/* size: header + payload, padded */
	uint32_t src_nic, src_inst;	/* the sending IA */
	uint64_t src_conn, dst_conn;	/* EP connection ids, 0: none */
	uint64_t arg0, arg1;		/* by type: conn_qual, PZ id, flags */
	uint32_t len, pad;		/* payload bytes */
};

struct key {				/* one rmr_context's grant */
	uint32_t gen;			/* rmr_context = gen << 12 | index */
	uint32_t valid;
	uint32_t priv;			/* DAT_MEM_PRIV_* granted remotely */
	uint32_t pz_id;
	uint64_t addr, len;		/* the window */
	uint64_t mh[2];			/* registration of the memory */
};

struct wire {
	uint32_t domain;
	uint8_t ptag;
	uint32_t cookie, nic_addr, inst_id;
	uint64_t inbox_mh[2], keys_mh[2];
	struct { uint64_t tail, head, pad[6]; } *ctl;
	uint8_t *ring;
	struct key *keys;
};

int wire_open(struct wire *w);
void wire_close(struct wire *w);
/* Deposit a message in the inbox of IA (nic, inst); DAT_SUCCESS or the
 * error to report (the peer is gone: DAT_INVALID_ADDRESS). */
DAT_RETURN wire_send(struct wire *w, uint32_t nic, uint32_t inst,
		struct msg *m, const void *payload);
/* List (and withdraw) a Service Point's qualifier with the NIC: -1 when
 * its table is full.  wire_listener: the IA of NIC nic with a Service
 * Point at qual (the lowest instance id), -1 when none. */
int wire_listen(struct wire *w, uint64_t qual);
void wire_unlisten(struct wire *w, uint64_t qual);
int wire_listener(const struct wire *w, uint32_t nic, uint64_t qual, uint32_t *inst);
/* The next complete message of our inbox (payload follows it), or NULL. */
const struct msg *wire_peek(struct wire *w);
void wire_pop(struct wire *w);
/* Register [addr, addr+len) for remote access through the key table. */
int wire_register(struct wire *w, uint64_t addr, uint64_t len, int writable,
		uint64_t mh[2]);
void wire_deregister(struct wire *w, const uint64_t mh[2]);
/* Read the key of rmr_context ctx of a peer IA. */
int wire_read_key(struct wire *w, uint32_t nic, uint32_t inst, uint32_t ctx,
		struct key *k, uint32_t *domain);
/* Move len bytes between local memory and a peer's registration. */
int wire_rdma(struct wire *w, uint32_t domain, const uint64_t mh[2],
		uint64_t raddr, void *local, uint64_t len, int write);
/* Copy between local memory and an LMR of ours through the NIC. */
int wire_local(struct wire *w, const uint64_t mh[2], uint64_t addr,
		void *buf, uint64_t len, int write);

/* ---- the objects ------------------------------------------------------ */

struct evd;
struct cno;
struct pz;
struct srq;

/* The threads waiting in dat_evd_wait (one at most) or dat_cno_wait on
 * an object.  Another thread ends their wait by setting end
 * (dat_evd_free, dat_ia_close, dat_evd_set_unwaitable); an object
 * destroyed under its waiters is left to the last of them to release
 * (orphaned), so no waiter touches freed memory. */
struct waiter {
	int count;
	DAT_RETURN end;
	int orphaned;
};

struct ia {
	struct obj h;
	char name[DAT_NAME_MAX_LENGTH];
	int thread_safe;		/* opened under a "threadsafe" name */
	struct evd *async_evd;		/* NULL: DAT_EVD_ASYNC_EXISTS */
	struct evd *own_async;		/* created by dat_ia_open */
	struct sockaddr_in addr;
	struct wire w;
	struct obj *objs, *objs_last;	/* everything created on the IA */
	struct obj *keys[DAPL_KEYS];	/* owner (LMR or RMR) of each key */
	uint64_t next_conn;
	uint32_t next_pz;
	struct ia *next_ia;
};

struct pz {
	struct obj h;
	uint32_t id;
	int refs;
};

struct lmr {
	struct obj h;
	struct pz *pz;
	DAT_MEM_TYPE mem_type;
	DAT_REGION_DESCRIPTION region;
	char cookie[DAT_LMR_COOKIE_SIZE];
	DAT_VLEN length;
	DAT_MEM_PRIV_FLAGS priv;
	uint64_t addr;
	uint32_t key;			/* lmr_context and rmr_context */
	uint64_t mh[2];
	struct lmr *parent;		/* DAT_MEM_TYPE_LMR */
	int refs;			/* bound RMRs and LMRs made from it */
};

struct rmr {
	struct obj h;
	struct pz *pz;
	struct lmr *lmr;		/* bound to, or NULL */
	DAT_LMR_TRIPLET triplet;
	DAT_MEM_PRIV_FLAGS priv;
	uint32_t key;
	int held;			/* binds in progress (schedule.c) */
};

struct event_slot {
	DAT_EVENT ev;
	int notify;
};

struct evd {
	struct obj h;
	DAT_EVD_FLAGS flags;
	DAT_COUNT qlen, count, head;
	struct event_slot *q;
	int enabled, waitable;
	struct cno *cno;
	int refs;			/* EPs, Service Points, IAs using it */
	struct waiter waiter;
};

struct cno {
	struct obj h;
	DAT_OS_WAIT_PROXY_AGENT agent;
	struct evd *triggered;
	int refs;
	struct waiter waiter;
};

struct recv {
	struct recv *next;
	DAT_DTO_COOKIE cookie;
	DAT_COMPLETION_FLAGS flags;
	DAT_COUNT nseg;
	DAT_LMR_TRIPLET seg[DAPL_MAX_IOV];
};

struct early {				/* a Send that arrived before its Recv */
	struct early *next;
	uint64_t solicited;
	uint32_t len;
	uint8_t data[];
};

struct ep {
	struct obj h;
	DAT_EP_STATE state;
	struct pz *pz;
	struct evd *recv_evd, *req_evd, *conn_evd;
	struct srq *srq;
	DAT_EP_ATTR attr;
	uint64_t conn;			/* our connection id */
	struct sockaddr_in remote;
	uint32_t peer_nic, peer_inst, peer_pz;
	uint64_t peer_conn;
	DAT_CONN_QUAL local_port, remote_port;
	uint64_t deadline;		/* ns, 0: none (active connect) */
	struct recv *recvs, *recvs_last;
	DAT_COUNT nrecv;
	struct early *early, *early_last;
	char pd[DAPL_MAX_PRIVATE_DATA];	/* private data of the last
					   connection event */
	DAT_COUNT pd_size;
	struct obj *reserved_by;	/* RSP, or a CR for a Provider EP */
	DAT_COUNT soft_hw, hard_hw;
	int held;			/* requests in progress (schedule.c) */
};

struct psp {
	struct obj h;
	DAT_CONN_QUAL qual;
	struct evd *evd;
	DAT_PSP_FLAGS flags;
};

struct rsp {
	struct obj h;
	DAT_CONN_QUAL qual;
	struct ep *ep;
	struct evd *evd;
};

struct cr {
	struct obj h;
	struct obj *sp;			/* PSP or RSP; NULL once freed */
	DAT_CONN_QUAL qual;
	struct sockaddr_in remote;
	uint32_t peer_nic, peer_inst, peer_pz;
	uint64_t peer_conn;
	struct ep *ep;			/* the Service Point's EP, or NULL */
	DAT_COUNT pd_size;
	char pd[DAPL_MAX_PRIVATE_DATA];
};

struct srq {
	struct obj h;
	struct pz *pz;
	DAT_SRQ_ATTR attr;
	struct recv *recvs, *recvs_last;
	DAT_COUNT nrecv;
	int refs;			/* EPs */
	int lw_armed;
};

/* ---- lock.c: the one lock (every entry point runs under it) -------------- */

struct nic_wait;
void dapl_lock(void);
void dapl_unlock(void);
/* One pause of a wait (nic_wait_pause) with the lock let go; 1 when a
 * signal handler ran. */
int dapl_pause(struct nic_wait *w);
/* The adversarial schedule for threads: linger inside a critical section
 * of a thread-safe IA until another thread contends (lock.c). */
void dapl_linger(const struct ia *ia);
/* The IA name was registered "threadsafe" (dat.conf). */
int dapl_name_thread_safe(const char *name);

/* ---- ia.c -------------------------------------------------------------- */

extern struct ia *dapl_ias;		/* every open IA of the process */
void ia_sockaddr(uint32_t nic, uint32_t inst, struct sockaddr_in *sa);
int ia_resolve(const struct ia *ia, const struct sockaddr_in *to,
		DAT_CONN_QUAL qual, uint32_t *nic, uint32_t *inst);
/* 1 when the IA holds DAPL_MAX_OBJS objects of that kind already. */
int ia_full(const struct ia *ia, DAT_HANDLE_TYPE kind);

/* ---- evd.c / cno.c: posting events -------------------------------------- */

/* Queue an event; notify = 0 for unsignalled completions.  A full EVD
 * loses it and reports DAT_ASYNC_ERROR_EVD_OVERFLOW on the async EVD. */
void evd_post(struct evd *evd, const DAT_EVENT *ev, int notify);
void evd_post_dto(struct evd *evd, struct ep *ep, DAT_DTO_COOKIE cookie,
		DAT_DTO_COMPLETION_STATUS status, DAT_VLEN len, int notify);
void evd_post_conn(struct ep *ep, DAT_EVENT_NUMBER num);
void cno_trigger(struct cno *cno, struct evd *evd);
void evd_destroy(struct evd *evd);
void cno_destroy(struct cno *cno);

/* ---- progress.c: what arrives in the inboxes ------------------------- */

void dapl_progress(void);
/* Time to wait as the NIC model's clock counts it. */
uint64_t dapl_deadline(DAT_TIMEOUT timeout);

/* ---- lmr.c: local memory as DTOs see it ------------------------------ */

struct lmr *lmr_of_context(struct ia *ia, DAT_LMR_CONTEXT ctx);
uint32_t key_alloc(struct ia *ia, struct obj *owner);
void key_release(struct ia *ia, uint32_t key);
/* A segment: 0 or the DAT_RETURN of its fault (E-UDAPL-005, -052). */
DAT_RETURN iov_check(struct ia *ia, struct pz *pz, const DAT_LMR_TRIPLET *s,
		DAT_MEM_PRIV_FLAGS need);
void lmr_destroy(struct lmr *lmr);
void rmr_destroy(struct rmr *rmr);

/* ---- ep.c / connect.c / dto.c ----------------------------------------- */

struct ep *ep_by_conn(struct ia *ia, uint64_t conn);
struct ep *ep_alloc(struct ia *ia, struct pz *pz, struct evd *recv,
		struct evd *req, struct evd *conn, struct srq *srq,
		const DAT_EP_ATTR *attr);
void ep_destroy(struct ep *ep);
void ep_configure_state(struct ep *ep);
/* The connection is over: state DISCONNECTED, Recvs flushed, event. */
void ep_disconnected(struct ep *ep, DAT_EVENT_NUMBER num);
void ep_send_disc(struct ep *ep, int broken);
void ep_flush_recvs(struct ep *ep);
void dto_deliver(struct ep *ep, const struct msg *m, const void *data);
void dto_match_early(struct ep *ep);
void cr_destroy(struct cr *cr);
void psp_destroy(struct psp *psp);
void rsp_destroy(struct rsp *rsp);
void srq_destroy(struct srq *srq);
struct recv *srq_take(struct srq *srq);
struct psp *psp_by_qual(struct ia *ia, DAT_CONN_QUAL qual);
struct rsp *rsp_by_qual(struct ia *ia, DAT_CONN_QUAL qual);
void conn_request(struct ia *ia, const struct msg *m, const void *pd);

/* ---- the Provider's entry points (provider.c fills the table) ------ */

DAT_RETURN dapl_ia_open(const DAT_NAME_PTR, DAT_COUNT, DAT_EVD_HANDLE *,
		DAT_IA_HANDLE *);
DAT_RETURN dapl_ia_query(DAT_IA_HANDLE, DAT_EVD_HANDLE *, DAT_IA_ATTR_MASK,
		DAT_IA_ATTR *, DAT_PROVIDER_ATTR_MASK, DAT_PROVIDER_ATTR *);
DAT_RETURN dapl_ia_close(DAT_IA_HANDLE, DAT_CLOSE_FLAGS);
DAT_RETURN dapl_set_consumer_context(DAT_HANDLE, DAT_CONTEXT);
DAT_RETURN dapl_get_consumer_context(DAT_HANDLE, DAT_CONTEXT *);
DAT_RETURN dapl_get_handle_type(DAT_HANDLE, DAT_HANDLE_TYPE *);
DAT_RETURN dapl_cno_create(DAT_IA_HANDLE, DAT_OS_WAIT_PROXY_AGENT,
		DAT_CNO_HANDLE *);
DAT_RETURN dapl_cno_modify_agent(DAT_CNO_HANDLE, DAT_OS_WAIT_PROXY_AGENT);
DAT_RETURN dapl_cno_query(DAT_CNO_HANDLE, DAT_CNO_PARAM_MASK, DAT_CNO_PARAM *);
DAT_RETURN dapl_cno_free(DAT_CNO_HANDLE);
DAT_RETURN dapl_cno_wait(DAT_CNO_HANDLE, DAT_TIMEOUT, DAT_EVD_HANDLE *);
DAT_RETURN dapl_cr_query(DAT_CR_HANDLE, DAT_CR_PARAM_MASK, DAT_CR_PARAM *);
DAT_RETURN dapl_cr_accept(DAT_CR_HANDLE, DAT_EP_HANDLE, DAT_COUNT,
		const DAT_PVOID);
DAT_RETURN dapl_cr_reject(DAT_CR_HANDLE);
DAT_RETURN dapl_cr_handoff(DAT_CR_HANDLE, DAT_CONN_QUAL);
DAT_RETURN dapl_evd_create(DAT_IA_HANDLE, DAT_COUNT, DAT_CNO_HANDLE,
		DAT_EVD_FLAGS, DAT_EVD_HANDLE *);
DAT_RETURN dapl_evd_query(DAT_EVD_HANDLE, DAT_EVD_PARAM_MASK, DAT_EVD_PARAM *);
DAT_RETURN dapl_evd_modify_cno(DAT_EVD_HANDLE, DAT_CNO_HANDLE);
DAT_RETURN dapl_evd_enable(DAT_EVD_HANDLE);
DAT_RETURN dapl_evd_disable(DAT_EVD_HANDLE);
DAT_RETURN dapl_evd_wait(DAT_EVD_HANDLE, DAT_TIMEOUT, DAT_COUNT, DAT_EVENT *,
		DAT_COUNT *);
DAT_RETURN dapl_evd_resize(DAT_EVD_HANDLE, DAT_COUNT);
DAT_RETURN dapl_evd_post_se(DAT_EVD_HANDLE, const DAT_EVENT *);
DAT_RETURN dapl_evd_dequeue(DAT_EVD_HANDLE, DAT_EVENT *);
DAT_RETURN dapl_evd_free(DAT_EVD_HANDLE);
DAT_RETURN dapl_evd_set_unwaitable(DAT_EVD_HANDLE);
DAT_RETURN dapl_evd_clear_unwaitable(DAT_EVD_HANDLE);
DAT_RETURN dapl_ep_create(DAT_IA_HANDLE, DAT_PZ_HANDLE, DAT_EVD_HANDLE,
		DAT_EVD_HANDLE, DAT_EVD_HANDLE, const DAT_EP_ATTR *,
		DAT_EP_HANDLE *);
DAT_RETURN dapl_ep_create_with_srq(DAT_IA_HANDLE, DAT_PZ_HANDLE,
		DAT_EVD_HANDLE, DAT_EVD_HANDLE, DAT_EVD_HANDLE, DAT_SRQ_HANDLE,
		const DAT_EP_ATTR *, DAT_EP_HANDLE *);
DAT_RETURN dapl_ep_query(DAT_EP_HANDLE, DAT_EP_PARAM_MASK, DAT_EP_PARAM *);
DAT_RETURN dapl_ep_modify(DAT_EP_HANDLE, DAT_EP_PARAM_MASK,
		const DAT_EP_PARAM *);
DAT_RETURN dapl_ep_connect(DAT_EP_HANDLE, DAT_IA_ADDRESS_PTR, DAT_CONN_QUAL,
		DAT_TIMEOUT, DAT_COUNT, const DAT_PVOID, DAT_QOS,
		DAT_CONNECT_FLAGS);
DAT_RETURN dapl_ep_dup_connect(DAT_EP_HANDLE, DAT_EP_HANDLE, DAT_TIMEOUT,
		DAT_COUNT, const DAT_PVOID, DAT_QOS);
DAT_RETURN dapl_ep_disconnect(DAT_EP_HANDLE, DAT_CLOSE_FLAGS);
DAT_RETURN dapl_ep_post_send(DAT_EP_HANDLE, DAT_COUNT, DAT_LMR_TRIPLET *,
		DAT_DTO_COOKIE, DAT_COMPLETION_FLAGS);
DAT_RETURN dapl_ep_post_recv(DAT_EP_HANDLE, DAT_COUNT, DAT_LMR_TRIPLET *,
		DAT_DTO_COOKIE, DAT_COMPLETION_FLAGS);
DAT_RETURN dapl_ep_post_rdma_read(DAT_EP_HANDLE, DAT_COUNT,
		DAT_LMR_TRIPLET *, DAT_DTO_COOKIE, const DAT_RMR_TRIPLET *,
		DAT_COMPLETION_FLAGS);
DAT_RETURN dapl_ep_post_rdma_write(DAT_EP_HANDLE, DAT_COUNT,
		DAT_LMR_TRIPLET *, DAT_DTO_COOKIE, const DAT_RMR_TRIPLET *,
		DAT_COMPLETION_FLAGS);
DAT_RETURN dapl_ep_get_status(DAT_EP_HANDLE, DAT_EP_STATE *, DAT_BOOLEAN *,
		DAT_BOOLEAN *);
DAT_RETURN dapl_ep_free(DAT_EP_HANDLE);
DAT_RETURN dapl_ep_reset(DAT_EP_HANDLE);
DAT_RETURN dapl_ep_recv_query(DAT_EP_HANDLE, DAT_COUNT *, DAT_COUNT *);
DAT_RETURN dapl_ep_set_watermark(DAT_EP_HANDLE, DAT_COUNT, DAT_COUNT);
DAT_RETURN dapl_lmr_create(DAT_IA_HANDLE, DAT_MEM_TYPE,
		DAT_REGION_DESCRIPTION, DAT_VLEN, DAT_PZ_HANDLE,
		DAT_MEM_PRIV_FLAGS, DAT_LMR_HANDLE *, DAT_LMR_CONTEXT *,
		DAT_RMR_CONTEXT *, DAT_VLEN *, DAT_VADDR *);
DAT_RETURN dapl_lmr_query(DAT_LMR_HANDLE, DAT_LMR_PARAM_MASK, DAT_LMR_PARAM *);
DAT_RETURN dapl_lmr_free(DAT_LMR_HANDLE);
DAT_RETURN dapl_lmr_sync_rdma_read(DAT_IA_HANDLE, const DAT_LMR_TRIPLET *,
		DAT_VLEN);
DAT_RETURN dapl_lmr_sync_rdma_write(DAT_IA_HANDLE, const DAT_LMR_TRIPLET *,
		DAT_VLEN);
DAT_RETURN dapl_rmr_create(DAT_PZ_HANDLE, DAT_RMR_HANDLE *);
DAT_RETURN dapl_rmr_query(DAT_RMR_HANDLE, DAT_RMR_PARAM_MASK, DAT_RMR_PARAM *);
DAT_RETURN dapl_rmr_bind(DAT_RMR_HANDLE, const DAT_LMR_TRIPLET *,
		DAT_MEM_PRIV_FLAGS, DAT_EP_HANDLE, DAT_RMR_COOKIE,
		DAT_COMPLETION_FLAGS, DAT_RMR_CONTEXT *);
DAT_RETURN dapl_rmr_free(DAT_RMR_HANDLE);
DAT_RETURN dapl_psp_create(DAT_IA_HANDLE, DAT_CONN_QUAL, DAT_EVD_HANDLE,
		DAT_PSP_FLAGS, DAT_PSP_HANDLE *);
DAT_RETURN dapl_psp_create_any(DAT_IA_HANDLE, DAT_CONN_QUAL *,
		DAT_EVD_HANDLE, DAT_PSP_FLAGS, DAT_PSP_HANDLE *);
DAT_RETURN dapl_psp_query(DAT_PSP_HANDLE, DAT_PSP_PARAM_MASK, DAT_PSP_PARAM *);
DAT_RETURN dapl_psp_free(DAT_PSP_HANDLE);
DAT_RETURN dapl_rsp_create(DAT_IA_HANDLE, DAT_CONN_QUAL, DAT_EP_HANDLE,
		DAT_EVD_HANDLE, DAT_RSP_HANDLE *);
DAT_RETURN dapl_rsp_query(DAT_RSP_HANDLE, DAT_RSP_PARAM_MASK, DAT_RSP_PARAM *);
DAT_RETURN dapl_rsp_free(DAT_RSP_HANDLE);
DAT_RETURN dapl_pz_create(DAT_IA_HANDLE, DAT_PZ_HANDLE *);
DAT_RETURN dapl_pz_query(DAT_PZ_HANDLE, DAT_PZ_PARAM_MASK, DAT_PZ_PARAM *);
DAT_RETURN dapl_pz_free(DAT_PZ_HANDLE);
DAT_RETURN dapl_srq_create(DAT_IA_HANDLE, DAT_PZ_HANDLE, DAT_SRQ_ATTR *,
		DAT_SRQ_HANDLE *);
DAT_RETURN dapl_srq_free(DAT_SRQ_HANDLE);
DAT_RETURN dapl_srq_post_recv(DAT_SRQ_HANDLE, DAT_COUNT, DAT_LMR_TRIPLET *,
		DAT_DTO_COOKIE);
DAT_RETURN dapl_srq_query(DAT_SRQ_HANDLE, DAT_SRQ_PARAM_MASK, DAT_SRQ_PARAM *);
DAT_RETURN dapl_srq_resize(DAT_SRQ_HANDLE, DAT_COUNT);
DAT_RETURN dapl_srq_set_lw(DAT_SRQ_HANDLE, DAT_COUNT);

/* ---- test_control.c: the suite's test-control knobs ------------------- */

/* One allocation a call needs: 1 when FAIL_NTH_ALLOCATION makes it fail. */
int dapl_nomem(void);
/* One transaction posted: 1 when FAIL_NTH_TRANSACTION makes it fail. */
int dapl_fail_transaction(void);
/* 1 while the adversarial schedule holds request completions back. */
int dapl_hold(void);
/* 1 when the capability profile (RDMACTS_TC_DECLINE) takes away cap, an
 * RDMACTS_CAP_* bit: the Provider then answers as one without it. */
int dapl_declines(unsigned cap);
/* The qos values the Provider supports: all, or best effort only. */
DAT_QOS dapl_qos_supported(void);

/* ---- schedule.c: request completions held by the schedule ------------- */

/* A request's completion event: queued now, or held (schedule on). */
void request_done(struct ep *ep, struct evd *evd, const DAT_EVENT *ev,
		int notify, struct rmr *rmr);
/* Release the held completions whose time came (dequeue and wait calls). */
void dapl_release(void);
void held_release_ep(struct ep *ep);	/* all of ep's, now, in order */
void held_drop_ep(struct ep *ep);	/* ep is destroyed */

#define ERR(type, sub) DAT_ERROR(type, sub)

#endif /* RDMACTS_DAPL_H */
