/*
 * fixture.h: what the uGNI corpus tests share.  Only the public headers:
 * the same binary runs against any libugni.so.
 *
 * The usual scene is two communication domains in one process (inst_id 1
 * and 2, same ptag and cookie, attached to device 0), each with a source
 * CQ, a receive CQ and an endpoint bound to the other: a PUT from side a
 * lands in memory side b registered, exactly as between two processes.
 */
#ifndef SPEC_TESTS_UGNI_FIXTURE_H
#define SPEC_TESTS_UGNI_FIXTURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gni_pub.h"
#include "rdmacts_test.h"
#include "rdmacts_test_control.h"

/* The job's credentials (E-UGNI-029): the first entries of PMI_GNI_PTAG,
 * PMI_GNI_COOKIE and PMI_GNI_DEV_ID, as a launcher gives them to every
 * rank; built-in test values (ptag 10, cookie 0x00510000, device 0) only
 * where none are given.  The test's record notes which (rt_note). */
uint8_t fx_ptag(void);
uint32_t fx_cookie(void);
uint32_t fx_dev(void);
#define FX_PTAG   fx_ptag()
#define FX_COOKIE fx_cookie()
#define FX_CQ_SIZE 128

#define U64(p) ((uint64_t)(uintptr_t)(p))

struct fx_side {
	uint32_t inst;
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	uint32_t addr;
	gni_cq_handle_t cq;	/* the endpoint's src_cq_handle */
	gni_cq_handle_t rcq;	/* dst_cq_handle of fx_reg registrations */
	gni_ep_handle_t ep;	/* bound to the other side */
};

struct fx {
	struct fx_side a, b;
};

/* Two domains (inst 1 and 2) with `modes`, CQs, endpoints bound to each
 * other.  Ends the test (REQUIRE) when a step fails. */
void fx_setup(struct fx *f, uint32_t modes);
/* Like fx_setup, with ptag/cookie of side b given. */
void fx_setup2(struct fx *f, uint32_t modes, uint8_t ptag_b, uint32_t cookie_b);
/* Releases what fx_setup, fx_reg and fx_mem created (best effort). */
void fx_teardown(struct fx *f);

/* Ends the test UNSUPPORTED, lacks "privileged-job-configuration":
 * ConfigureJob or ConfigureNTT answered GNI_RC_PERMISSION_ERROR, as they
 * do on a Cray to a process that is not the launcher (E-UGNI-029). */
_Noreturn void fx_not_privileged(void);

/* One attached domain (no CQ, no endpoint).  A domain of credentials
 * other than the job's (a second protection domain) that the
 * implementation refuses with GNI_RC_PERMISSION_ERROR, as a Cray's driver
 * does for an unprivileged job, ends the test UNSUPPORTED: lacks
 * "second-protection-domain". */
void fx_domain(struct fx_side *s, uint32_t inst, uint8_t ptag, uint32_t cookie,
		uint32_t modes);
/* Ends the test so: lacks "second-protection-domain" (attach of ptag and
 * cookie, not the job's, refused with GNI_RC_PERMISSION_ERROR). */
_Noreturn void fx_second_domain_refused(uint8_t ptag, uint32_t cookie);
void fx_cq(gni_nic_handle_t nic, uint32_t entries, gni_cq_mode_t mode,
		gni_cq_handle_t *cq);
void fx_ep(struct fx_side *s, gni_cq_handle_t cq, uint32_t remote_addr,
		uint32_t remote_id, gni_ep_handle_t *ep);

/* Page-aligned zeroed memory of len bytes (+ a page), freed at teardown. */
void *fx_mem(size_t len);
/* Registration that must succeed (deregistered at teardown). */
gni_mem_handle_t fx_reg(gni_nic_handle_t nic, void *addr, size_t len,
		gni_cq_handle_t dst_cq, uint32_t flags);

gni_post_descriptor_t fx_desc(gni_post_type_t type, uint16_t cq_mode,
		void *local, gni_mem_handle_t lmh, void *remote,
		gni_mem_handle_t rmh, uint64_t len);

/* Polls cq (about 2 s at most) until it returns something but NOT_DONE. */
gni_return_t fx_event(gni_cq_handle_t cq, gni_cq_entry_t *ev);
/* True when cq stays empty over some polls (about 20 ms). */
bool fx_quiet(gni_cq_handle_t cq);
/* Waits for the event of desc on cq and requires GetCompleted to return it. */
void fx_complete(gni_cq_handle_t cq, gni_post_descriptor_t *desc,
		const char *clause);
/* Polls the datagram of ep until it leaves GNI_POST_PENDING. */
gni_return_t fx_dgram_test(gni_ep_handle_t ep, gni_post_state_t *st,
		uint32_t *ra, uint32_t *rid);

/* The test-control interface: sets knob or ends the test UNSUPPORTED. */
void fx_control(int knob, uint64_t value);
bool fx_control_present(void);

/* SMSG: a mailbox pair between a.ep and b.ep (msg_maxsize, credits). */
struct fx_smsg {
	gni_smsg_attr_t la, lb;		/* each side's own mailbox */
	void *mem_a, *mem_b;
};
void fx_smsg_attr(struct fx_side *s, gni_smsg_type_t type, uint32_t maxsize,
		uint16_t credits, gni_cq_handle_t dst_cq, gni_smsg_attr_t *attr,
		void **mem);
void fx_smsg_pair(struct fx *f, gni_smsg_type_t type, uint32_t maxsize,
		uint16_t credits, struct fx_smsg *m);

/* Fill len bytes with a pattern derived from seed. */
void fx_pattern(void *p, size_t len, unsigned seed);

/* PMI for np>1 tests: rank, size, allgather, barrier. */
void fx_pmi_init(int *rank, int *size);
void fx_pmi_allgather(const void *mine, void *all, int len);
void fx_pmi_barrier(void);
void fx_pmi_fini(void);


/* ---- table-driven tests ------------------------------------------------
 * A table's rows start with FX_ROW_HEAD; FX_TABLE registers one test per
 * row, all running fn, which finds its row with FX_THIS(table). */
#define FX_ROW_HEAD const char *name; const char *clauses; const char *attrs
#define FX_NROWS(table) (sizeof(table) / sizeof((table)[0]))
#define FX_TABLE(fn, table)                                                 \
    static void fn(void);                                                   \
    __attribute__((constructor)) static void fx_register_##fn(void)         \
    {                                                                       \
        for (size_t i_ = 0; i_ < FX_NROWS(table); i_++)                     \
            rt_register(fn, (table)[i_].name, (table)[i_].clauses,          \
                        (table)[i_].attrs, __FILE__, __LINE__);             \
    }                                                                       \
    static void fn(void)
#define FX_THIS(table)                                                      \
    ((const __typeof__((table)[0]) *)fx_find((table), FX_NROWS(table),      \
                                             sizeof((table)[0])))
const void *fx_find(const void *table, size_t n, size_t size);

/* ---- one transfer, checked ---------------------------------------------
 * A type (FMA or RDMA PUT/GET) of len bytes between side a (local) and
 * side b (remote), local_addr at loff and remote_addr at roff from
 * page-aligned buffers.  The post must return `want`; when it is
 * GNI_RC_SUCCESS the completion (GLOBAL event) is awaited and the data
 * and 64 guard bytes on each side of the destination are checked. */
void fx_transfer(gni_post_type_t type, size_t len, size_t loff, size_t roff,
		gni_return_t want, const char *clause);
/* The same, accepting either of two return codes (errata readings). */
void fx_transfer_in(gni_post_type_t type, size_t len, size_t loff, size_t roff,
		gni_return_t want, gni_return_t want2, const char *clause);

/* A local buffer of side a (registered, no dst CQ) and a remote buffer of
 * side b (registered with b.rcq), len bytes each, zeroed. */
struct fx_bufs {
	unsigned char *l, *r;
	gni_mem_handle_t lmh, rmh;
};
void fx_bufs(struct fx *f, size_t len, struct fx_bufs *b);

/* A post that must fail, by one of the readings of the errata: refused at
 * post time with `at_post`, or accepted (GNI_RC_SUCCESS) and completed with
 * a transaction error: CqGetEvent on cq returns GNI_RC_TRANSACTION_ERROR
 * and GetCompleted returns d with GNI_RC_TRANSACTION_ERROR. */
void fx_expect_failed_post(gni_return_t post_rc, gni_return_t at_post,
		gni_cq_handle_t cq, gni_post_descriptor_t *d, const char *clause);

/* Extension tier: a call answered GNI_RC_ILLEGAL_OP is one the
 * implementation does not offer; the test ends UNSUPPORTED with lacks
 * "ext:<call>" (docs/extension.md). */
static inline void fx_offered(gni_return_t rc, const char *call)
{
	if (rc == GNI_RC_ILLEGAL_OP)
		rt_lacks_call(call, "GNI_RC_ILLEGAL_OP");
}

#endif
