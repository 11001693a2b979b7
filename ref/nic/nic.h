/*
 * nic.h: the software NIC model, as seen by the API libraries above it.
 *
 * One simulated NIC per host.  Everything that peers must see of each
 * other (attached domains, memory domain descriptors, completion queue
 * rings, datagrams, job limits, the NTT, error events) lives in the
 * fabric: a shared-memory region per job (see fabric.c).  A process
 * alone keeps the same region in private memory, so one process with
 * two domains and two processes with one domain each run the same code.
 *
 * The model knows nothing of gni_pub.h: it speaks in its own status
 * codes (enum nic_status) and the API library maps them to the spec's.
 * No threads: every function runs inside the caller's API call, under the
 * API library's lock when its callers have threads (ref/ugni/lock.c,
 * ref/udapl/provider/lock.c).
 */
#ifndef RDMACTS_NIC_H
#define RDMACTS_NIC_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

enum nic_status {
	NIC_OK = 0,
	NIC_EINVAL,	/* malformed request */
	NIC_ENORES,	/* a table or a job limit is full */
	NIC_ENOMEM,	/* allocation failed */
	NIC_EPERM,	/* protection: ptag, cookie, read-only memory */
	NIC_ENOENT,	/* no such object (stale handle, unknown address) */
	NIC_EBOUNDS,	/* access outside a registered region */
	NIC_ESTATE,	/* object in the wrong state */
	NIC_EFAULT,	/* the memory behind a registration is gone */
	NIC_EBUSY	/* object still in use */
};

#define NIC_DEVICE_ID   0u	/* the one simulated device */
#define NIC_NONE        0xFFFFFFFFu

/* ---- fabric.c: joining the job's fabric, the NIC lock ---------------- */

int nic_join(void);		/* refcounted; NIC_OK, NIC_ENOMEM, or NIC_EPERM
				 * for a fabric file it must not trust */
void nic_leave(void);
void nic_lock(void);
void nic_unlock(void);
uint32_t nic_address(void);	/* this host's NIC (PE) address */
int nic_pid_alive(int pid);

/* ---- domain.c: attached domains, jobs, limits, NTT ------------------- */

struct nic_limits {		/* GNI_JOB_INVALID_LIMIT (-1) = unchanged */
	int32_t mdd, fma, bte, cq, ntt_ctrl, ntt_base, ntt_size;
};

enum nic_res { NIC_RES_MDD, NIC_RES_CQ, NIC_RES_FMA, NIC_RES_BTE,
	NIC_RES_COUNT };

int nic_domain_attach(uint8_t ptag, uint32_t cookie, uint32_t inst_id,
		uint32_t modes, uint32_t *slot);
void nic_domain_detach(uint32_t slot);
int nic_domain_find(uint32_t nic_addr, uint8_t ptag, uint32_t cookie,
		uint32_t inst_id, uint32_t *slot);

/* ---- listen.c: connection services (service id -> listening domain) -- */

int nic_listen(uint32_t domain, uint64_t service);	/* NIC_ENORES: full */
void nic_unlisten(uint32_t domain, uint64_t service);
int nic_listener(uint32_t nic_addr, uint8_t ptag, uint32_t cookie,
		uint64_t service, uint32_t *inst_id);	/* lowest; NIC_ENOENT */

int nic_res_take(uint8_t ptag, enum nic_res res);	/* NIC_ENORES at limit */
int nic_res_over(uint8_t ptag, enum nic_res res);	/* 1: above the limit */
void nic_res_give(uint8_t ptag, enum nic_res res);
int nic_job_configure(uint64_t job_id, uint8_t ptag, uint32_t cookie,
		const struct nic_limits *limits);
int nic_ntt_configure(uint32_t group_size, const uint32_t *table,
		uint32_t *base);
uint32_t nic_ntt_translate(uint8_t ptag, uint32_t addr);

/* ---- mdd.c: memory domain descriptors ---------------------------------- */
/* A memory handle (mh) is two 64-bit words, as gni_mem_handle_t. */

struct nic_seg { uint64_t addr, len; };
/* A resolved piece; shm_ino not 0: memory the model owns (shm.c), a
 * shared mapping of the file the owner holds as descriptor shm_fd, at
 * file offset addr + shm_delta. */
struct nic_span {
	int pid;
	uint64_t addr, len;
	int shm_fd;
	uint64_t shm_ino, shm_delta;
};

#define NIC_MDD_MAX_SEGS 64
enum nic_access { NIC_READ = 1, NIC_WRITE = 2 };

#define NIC_MDD_READONLY 1u
#define NIC_MDD_VMDH     2u	/* vmdh_index NIC_NONE: next free entry */
int nic_mdd_register(uint32_t domain, const struct nic_seg *segs,
		uint32_t nseg, unsigned flags, uint32_t cq_idx, uint32_t cq_gen,
		uint32_t vmdh_index, uint64_t *mh);
int nic_mdd_deregister(uint32_t domain, const uint64_t *mh);
/* 1 when mh has the form of a handle this NIC issued (live or not). */
int nic_mdd_wellformed(const uint64_t *mh);
int nic_mdd_set_vmdh_block(uint32_t domain, uint32_t entries);
/* Resolve [addr, addr+len) through handle mh as seen by `domain` (the
 * domain the handle lives in: the initiator's for a local handle, the
 * target's for a remote one), checked against `ptag` and `access`.
 * Fills at most max spans; *nspan gets their number.  NIC_ENOENT: no
 * such registration; NIC_EPERM: ptag or cookie differs; NIC_ESTATE: write to a
 * read-only registration; NIC_EBOUNDS: outside the region. */
int nic_mdd_resolve(uint32_t domain, uint8_t ptag, uint32_t cookie,
		const uint64_t *mh,
		uint64_t addr, uint64_t len, int access,
		struct nic_span *spans, uint32_t max, uint32_t *nspan);
/* The completion queue of a registration, for remote events. */
int nic_mdd_dst_cq(uint32_t domain, uint8_t ptag, uint32_t cookie,
		const uint64_t *mh,
		uint32_t *cq_idx, uint32_t *cq_gen);

/* Extension tier (vendor calls beyond the document). */
int nic_mdd_attr(const uint64_t *mh, int *readonly, int *virt);
int nic_mdd_next(uint32_t domain, uint64_t *mh, uint64_t *addr, uint64_t *len);
int nic_mdd_rebuild(const uint64_t *src, uint32_t vi, uint64_t *dst);
void nic_job_res(uint8_t ptag, enum nic_res res, uint64_t *used, int64_t *limit);
void nic_dev_res(enum nic_res res, uint64_t *total, uint64_t *held);
int nic_job_ptag(uint32_t cookie, uint8_t *ptag);

/* ---- cqring.c: completion queue rings ----------------------------------- */

int nic_cq_create(uint32_t domain, uint8_t ptag, uint32_t entries,
		uint32_t *idx, uint32_t *gen);
void nic_cq_destroy(uint32_t idx, uint32_t gen);
/* Deposit an event: NIC_OK, or NIC_ENORES when the ring was full (the
 * event is lost and the queue is marked overrun), NIC_ENOENT when the
 * queue no longer exists. */
int nic_cq_push(uint32_t idx, uint32_t gen, uint64_t entry);
/* Look at / take the oldest event.  *overrun reports the overrun state;
 * NIC_ESTATE when the ring is empty. */
int nic_cq_peek(uint32_t idx, uint32_t gen, uint64_t *entry, int *overrun);
int nic_cq_pop(uint32_t idx, uint32_t gen, uint64_t *entry);
/* The overrun has been reported on an empty ring: the state clears (1),
 * unless an event arrived meanwhile (0). */
int nic_cq_overrun_reported(uint32_t idx, uint32_t gen);
/* Extension tier (completion channels): arm the ring so that its next
 * event (at once if it holds one) counts one on the owner's eventfd;
 * take (and clear) its fired state, disarming it too when asked. */
int nic_cq_arm(uint32_t idx, uint32_t gen, int notify_fd);
int nic_cq_take_fired(uint32_t idx, uint32_t gen, int disarm);

/* ---- dgram.c: the datagram exchange ------------------------------------- */

enum nic_dg_state { NIC_DG_PENDING, NIC_DG_COMPLETED, NIC_DG_TERMINATED };

#define NIC_DG_MAXSIZE 128

struct nic_dg_post {
	uint32_t domain;
	uint64_t ep_key;		/* the posting endpoint */
	int bound;
	uint32_t peer_addr, peer_id;	/* when bound */
	int has_id;
	uint64_t id;
	const void *data;
	uint16_t data_len, buf_size;
};

struct nic_dg_result {
	enum nic_dg_state state;
	uint32_t remote_addr, remote_id;
	uint16_t rx_len;
	uint8_t rx[NIC_DG_MAXSIZE];
	int has_id;
	uint64_t id;
};

int nic_dg_post(const struct nic_dg_post *p, uint32_t *slot);
/* State of the endpoint's datagram; collect=1 releases it when it is no
 * longer pending.  NIC_ENOENT when the endpoint has none. */
int nic_dg_test(uint64_t ep_key, int by_id, uint64_t id, int collect,
		struct nic_dg_result *r);
int nic_dg_cancel(uint64_t ep_key, int by_id, uint64_t id);
int nic_dg_busy(uint64_t ep_key);	/* 1 if a datagram is pending */
/* Endpoint destroyed: a pending datagram with an id is cancelled and
 * left for the probes; the rest are released. */
void nic_dg_withdraw(uint64_t ep_key);
/* First datagram of the domain that is completed or terminated (a
 * withdrawn one is released once reported). */
int nic_dg_probe(uint32_t domain, int by_id, struct nic_dg_result *r);

/* ---- xfer.c: moving data, atomics --------------------------------------- */

/* Copy len bytes between this process's memory and the spans. */
int nic_write_spans(const struct nic_span *s, uint32_t n, const void *src,
		uint64_t len);
int nic_read_spans(const struct nic_span *s, uint32_t n, void *dst,
		uint64_t len);
/* Copy between two resolved ranges of equal length, one of which lies
 * in this process: one process_vm_readv/writev, no bounce buffer. */
int nic_copy_spans(const struct nic_span *dst, uint32_t nd,
		const struct nic_span *src, uint32_t ns, uint64_t len);
/* Read-modify-write of the width (8, or 4 for the Aries' 32-bit AMOs)
 * bytes at (pid, addr) under the NIC lock; a 4-byte word is seen and
 * returned by fn in its low 32 bits. */
typedef uint64_t (*nic_amo_fn)(uint64_t old, uint64_t op1, uint64_t op2);
/* ---- shm.c: memory the model owns ------------------------------------- */
/* Files of model-owned memory are memfds with names starting so. */
#define NIC_SHM_NAME_PREFIX "rdmacts-model-"
struct nic_shm { int fd; uint64_t ino, delta; };
/* Whether [addr, addr+len) of this process is model-owned memory:
 * NIC_OK and out filled, else NIC_ENOENT. */
int nic_shm_find(uint64_t addr, uint64_t len, struct nic_shm *out);
/* Span s as a pointer in this process (a peer's file mapped here), or
 * NULL when it is not model-owned or cannot be mapped. */
void *nic_shm_ptr(const struct nic_span *s);
/* Unmaps every peer's file (leaving the fabric). */
void nic_shm_forget(void);

int nic_amo(int pid, uint64_t addr, unsigned width, nic_amo_fn fn,
		uint64_t op1, uint64_t op2, uint64_t *old);
int nic_mem_check(uint64_t addr, uint64_t len, int write);

/* ---- errlog.c: error events ------------------------------------------------ */

enum nic_err_category {		/* bit numbers of gni_error_mask */
	NIC_ERRCAT_CORRECTABLE = 0, NIC_ERRCAT_CRITICAL = 1,
	NIC_ERRCAT_TRANSACTION = 2, NIC_ERRCAT_ADDR_TRANS = 3,
	NIC_ERRCAT_TRANSIENT = 4, NIC_ERRCAT_INFO = 5
};

struct nic_err_event {
	uint64_t serial;
	uint16_t code;
	uint8_t category;	/* enum nic_err_category */
	uint8_t ptag;
	uint64_t timestamp;
	uint64_t info[4];
};

void nic_err_raise(uint8_t ptag, enum nic_err_category cat, uint16_t code,
		uint64_t info0, uint64_t info1);
uint64_t nic_err_serial(void);	/* serial of the next event */
/* Copy the event numbered `serial` if it is still in the log. */
int nic_err_get(uint64_t serial, struct nic_err_event *ev);

/* ---- knobs.c: test-control knobs (docs/nic-model.md) -------------------- */

struct nic_knobs {
	uint64_t fail_nth;	/* RDMACTS_NIC_FAIL_NTH: transaction number */
	uint64_t nomem_nth;	/* RDMACTS_NIC_NOMEM_NTH: allocation number */
	int64_t limit[NIC_RES_COUNT];	/* RDMACTS_NIC_LIMIT_{MDD,CQ,FMA,BTE} */
	int64_t limit_dgram;	/* RDMACTS_NIC_LIMIT_DGRAM */
	int schedule;		/* RDMACTS_NIC_SCHEDULE_SEED set */
	uint64_t seed;
	uint64_t decline;	/* RDMACTS_TC_DECLINE: capabilities lacked */
	int privileged;		/* RDMACTS_TC_PRIVILEGED: root is privileged */
	int aries;		/* RDMACTS_TC_ARIES: the NIC is an Aries */
	int cray;		/* RDMACTS_TC_CRAY: the job rule of a Cray */
};

const struct nic_knobs *nic_knobs(void);
void nic_knobs_reset(void);		/* every knob off; profile as started */
void nic_knobs_fail_nth(uint64_t n);	/* counting from now; 0: off */
void nic_knobs_nomem_nth(uint64_t n);
void nic_knobs_limit(int res, int64_t n);	/* NIC_RES_COUNT: datagrams */
void nic_knobs_schedule(uint64_t seed);	/* 0: off */
void nic_knobs_decline(uint64_t mask);	/* enum rdmacts_tc_capability bits */
void nic_knobs_privileged(int on);
void nic_knobs_aries(int on);
int nic_aries(void);			/* 1: the NIC is an Aries, 0: a Gemini */
int nic_declines(uint64_t cap);		/* 1: behave as lacking cap */
int nic_privileged(void);		/* 1: the caller is privileged */
int nic_fault_transaction(void);	/* 1: fail this transaction */
void *nic_alloc(size_t size);		/* calloc, or NULL when injected */
int nic_alloc_fails(void);		/* a call's working memory: 1 = fails */
uint32_t nic_random(uint32_t bound);	/* seeded, in [0, bound) */

/* ---- jobcred.c: the cray profile's job rule ------------------------------ */

/* 1 when ptag and cookie are a pair the launcher gave this process's job
 * (PMI_GNI_PTAG, PMI_GNI_COOKIE). */
int nic_job_credentials(uint8_t ptag, uint32_t cookie);
/* 1 when ConfigureJob bound ptag to cookie on this NIC (domain.c). */
int nic_job_configured(uint8_t ptag, uint32_t cookie);
/* 1 when a user process may attach a domain of ptag and cookie. */
int nic_attach_permitted(uint8_t ptag, uint32_t cookie);
/* 1 when this caller may configure jobs and the NTT (cray: privileged). */
int nic_may_configure_jobs(void);

/* ---- clock.c: time and polling ------------------------------------------- */

uint64_t nic_now_ns(void);
/* Backoff between polls of a blocking call: sleeps a little longer each
 * round (1 us doubling to 1 ms).  *round starts at 0.  A signal only
 * cuts the sleep short: calls that end on a signal use nic_wait_*. */
void nic_backoff(unsigned *round);
/* 1 when a timeout in ms (UINT64_MAX = never) started at t0 has passed. */
int nic_expired(uint64_t t0_ns, uint64_t timeout_ms);

/* A wait that a signal interrupts (GNI_WaitErrorEvents, dat_evd_wait,
 * dat_cno_wait).  Between begin and end, signals are held back while
 * the call polls and let in only while it sleeps, as pselect does: a
 * signal that arrives between two polls is taken at the next sleep
 * instead of being missed. */
struct nic_wait {
	sigset_t caller;	/* the mask to restore and to sleep with */
	unsigned round;
};
void nic_wait_begin(struct nic_wait *w);
/* One backoff sleep; 1 when a signal handler ran during it. */
int nic_wait_pause(struct nic_wait *w);
void nic_wait_end(struct nic_wait *w);

#endif /* RDMACTS_NIC_H */
