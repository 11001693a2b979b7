/*
 * fabric.h: layout of the fabric region (internal to ref/nic).
 *
 * Every table is fixed-size; variable-size data (CQ rings, segment
 * lists, vMDH blocks) comes from an arena at the end of the region and
 * is named by its offset, so the region can be mapped at different
 * addresses in different processes.  All fields are read and written
 * under fab->lock except where a comment says otherwise.
 *
 * The tables are sized for a job of 4,096 processes on the host, each
 * with two domains, two registrations and two CQs (docs/nic-model.md,
 * Limits).  The region is a sparse file: pages nobody touched cost no
 * memory, and every scan of a table stops at its high-water mark, so a
 * large table costs only the part a job uses.
 */
#ifndef RDMACTS_NIC_FABRIC_H
#define RDMACTS_NIC_FABRIC_H

#include <pthread.h>
#include <stdint.h>
#include "nic.h"

#define FAB_MAGIC      0x726463746e696331ull	/* "rdctnic1" */
#define FAB_MAX_PROCS   8192
#define FAB_MAX_DOMAINS 8192
#define FAB_MAX_JOBS    64
#define FAB_MAX_MDDS    32768
#define FAB_MAX_CQS     8192
#define FAB_MAX_DGRAMS  16384
#define FAB_MAX_LISTENS 8192
#define FAB_ERRLOG      256
#define FAB_NTT         8192
#define FAB_ARENA       (512ull << 20)

/*
 * The slots of a table are taken lowest first.  hwm is one past the
 * highest slot ever taken: scans stop there.  Every slot below low is
 * taken: the search for a free slot starts there.
 */
struct fab_slots {
	uint32_t hwm, low;
};

/* i: the lowest free slot, now taken. */
static inline void fab_slot_taken(struct fab_slots *s, uint32_t i)
{
	if (i >= s->hwm)
		s->hwm = i + 1;
	s->low = i + 1;
}

static inline void fab_slot_freed(struct fab_slots *s, uint32_t i)
{
	if (i < s->low)
		s->low = i;
}

struct fab_proc {
	int32_t pid;		/* 0: free */
};

struct fab_domain {
	uint32_t in_use;
	int32_t pid;
	uint8_t ptag;
	uint32_t cookie, inst_id, modes, nic_addr;
	uint32_t vmdh_entries;
	uint64_t vmdh_off;	/* arena: uint32_t mdd index + 1 per entry */
	uint32_t held;		/* its MDDs, CQs and datagrams: 0 = none to reap */
};

struct fab_job {
	uint32_t in_use;
	uint64_t job_id;
	uint8_t ptag;
	uint32_t cookie;
	int32_t limit[NIC_RES_COUNT];	/* -1: none */
	int32_t ntt_base, ntt_size;
};

struct fab_mdd {
	uint32_t in_use, gen;
	uint32_t domain;
	int32_t pid;
	uint8_t ptag;
	uint8_t readonly;
	uint8_t offset_mode;	/* multi-segment: addressed by offset */
	uint32_t nseg;
	uint64_t seg_off;	/* arena: struct nic_seg[nseg] */
	uint64_t total;
	uint32_t cq_idx, cq_gen;	/* NIC_NONE: no destination CQ */
	uint32_t vmdh_index;	/* NIC_NONE: not virtual */
	int32_t shm_fd;		/* model-owned memory (shm.c): the owner's fd */
	uint64_t shm_ino, shm_delta;	/* its inode (0: not), offset - addr */
};

struct fab_cq {
	uint32_t in_use, gen;
	uint32_t domain;
	int32_t pid;
	uint8_t ptag;
	uint32_t size;
	uint32_t overrun;
	uint64_t head, tail;	/* counters; ring[i % size] */
	uint64_t ring_off;	/* arena: uint64_t[size] */
	/* completion channel (extension tier): armed, the next event fires
	 * it: fired is set and the owner's eventfd notify_fd counts one */
	uint32_t armed, fired;
	int32_t notify_fd;
};

struct fab_dgram {
	uint32_t in_use;
	uint32_t state;		/* enum nic_dg_state */
	uint64_t seq;		/* post order, for deterministic matching */
	uint64_t done;		/* order of reaching a final state (probes) */
	uint32_t domain;
	uint64_t ep_key;
	uint32_t bound, peer_addr, peer_id;
	uint32_t has_id;
	uint64_t id;
	uint16_t data_len, buf_size;
	uint8_t data[NIC_DG_MAXSIZE];
	uint16_t rx_len;
	uint8_t rx[NIC_DG_MAXSIZE];
	uint32_t rx_addr, rx_id;
};

struct fab_listen {
	uint32_t in_use;
	uint32_t domain;	/* the listener */
	uint64_t service;	/* a uDAPL connection qualifier */
};

struct fab_errrec {
	struct nic_err_event ev;
};

struct fab_region {
	uint64_t magic;
	uint32_t ready;
	uint32_t nic_addr;
	pthread_mutex_t lock;
	uint32_t nprocs;
	uint64_t dg_seq;
	uint64_t err_next;	/* serial of the next error event */
	uint32_t counts[256][NIC_RES_COUNT];	/* per ptag */
	struct fab_proc procs[FAB_MAX_PROCS];
	struct fab_domain domains[FAB_MAX_DOMAINS];
	struct fab_job jobs[FAB_MAX_JOBS];
	struct fab_mdd mdds[FAB_MAX_MDDS];
	struct fab_cq cqs[FAB_MAX_CQS];
	struct fab_dgram dgrams[FAB_MAX_DGRAMS];
	struct fab_listen listens[FAB_MAX_LISTENS];
	struct fab_errrec errlog[FAB_ERRLOG];
	uint32_t ntt[FAB_NTT];
	uint8_t ntt_used[FAB_NTT];
	struct fab_slots proc_slots, domain_slots, mdd_slots, cq_slots,
		dgram_slots, listen_slots;
	uint32_t reap_next;	/* process entry the next fab_reap checks */
	uint64_t arena_used;	/* bytes handed out from the arena start */
	uint64_t arena_start;	/* offset of the arena in the region */
	uint64_t arena_next;	/* where the next arena search starts */
};

extern struct fab_region *fab;	/* valid between nic_join and nic_leave */
/* Domains this process attached and has not released: while none is,
 * it holds nothing in the tables (every entry belongs to a domain and
 * goes when its domain does). */
extern unsigned fab_attached_here;

/* arena.c */
uint64_t fab_alloc(uint64_t size);	/* offset, 0 on failure; zeroed */
void fab_free(uint64_t off);
static inline void *fab_ptr(uint64_t off) { return (char *)fab + off; }

/* Reclaim what dead processes left behind (called under the lock),
 * checking `checks` entries of the process table, each call going on
 * where the last stopped.  A joining process checks a few, so a job
 * pays for a constant number of checks per process; a process that
 * finds the lock's owner dead checks them all. */
#define FAB_REAP_AT_JOIN 4
void fab_reap(uint32_t checks);
void fab_domain_release(uint32_t slot);
void fab_mdd_reap_domain(uint32_t domain);
void fab_cq_reap_domain(uint32_t domain);
void fab_dg_reap_domain(uint32_t domain);
void fab_listen_reap_domain(uint32_t domain);

#endif /* RDMACTS_NIC_FABRIC_H */
