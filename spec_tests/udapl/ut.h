/*
 * ut.h: fixtures shared by the uDAPL corpus.
 *
 * Only the public headers are used: the same binary runs against any
 * libdat.  The IA name comes from RDMACTS_DAPL_IA (default rdmacts0).
 * Return codes are compared by type (E-UDAPL-034): UT_RC(rc, TYPE, clause).
 *
 * Fixtures:
 *   struct ut_ia    an open IA with a PZ and separate request, recv,
 *                   connect and CR EVDs (distinct, so that tests can see
 *                   which stream an event went to);
 *   struct ut_mem   a registered buffer (LMR) of that IA;
 *   struct ut_conn  two IAs of this process and one connected EP on each
 *                   (the active side a, the passive side b);
 *   ut_np2_*        the same across two processes (np=2 tests): rank 0
 *                   is passive, rank 1 active; addresses and small
 *                   records are exchanged through PMI.
 */
#ifndef UT_H
#define UT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <netinet/in.h>
#include <dat/udat.h>
#include "rdmacts_test.h"

#define UT_TIMEOUT   5000000u	/* 5 s, in microseconds */
#define UT_QUAL      0x4711u

/* rc is DAT_SUCCESS / has type `type` (E-UDAPL-034). */
#define UT_OK(rc, clause)      RT_EXPECT_EQ_INT((rc), DAT_SUCCESS, clause)
#define UT_REQ(rc, clause)     RT_REQUIRE_EQ_INT((rc), DAT_SUCCESS, clause)
#define UT_RC(rc, type, clause) RT_EXPECT_EQ_INT(DAT_GET_TYPE(rc), type, clause)
#define UT_RC_IN(rc, clause, ...) RT_EXPECT_RC_IN(DAT_GET_TYPE(rc), clause, __VA_ARGS__)

const char *ut_ia_name(void);
/* The IA the multi-thread tests open with thread safety requested:
 * RDMACTS_DAPL_IA_MT, else ut_ia_name(). */
const char *ut_ia_name_threadsafe(void);

struct ut_ia {
	DAT_IA_HANDLE ia;
	DAT_EVD_HANDLE async;
	DAT_PZ_HANDLE pz;
	DAT_EVD_HANDLE req, rcv, conn, cr;
	struct sockaddr_storage addr;	/* copy of the IA address */
};

struct ut_mem {
	char *buf;
	size_t len;
	DAT_LMR_HANDLE lmr;
	DAT_LMR_CONTEXT lctx;
	DAT_RMR_CONTEXT rctx;
	DAT_VLEN reg_len;
	DAT_VADDR reg_addr;
};

/* Opens the IA with all EVDs (REQUIREs success, `clause` for setup). */
void ut_open(struct ut_ia *u, const char *clause);
/* Opens the IA and nothing else. */
DAT_IA_HANDLE ut_open_bare(DAT_EVD_HANDLE *async, const char *clause);
void ut_close(struct ut_ia *u);		/* abrupt close */

/* Registers len bytes (page aligned, zeroed) in pz with priv. */
void ut_mem(struct ut_ia *u, DAT_PZ_HANDLE pz, size_t len,
		DAT_MEM_PRIV_FLAGS priv, struct ut_mem *m, const char *clause);
DAT_LMR_TRIPLET ut_seg(const struct ut_mem *m, size_t off, size_t len);
DAT_RMR_TRIPLET ut_rseg(const struct ut_mem *m, size_t off, size_t len);

/* An EP on u's PZ and EVDs; attr NULL for the defaults. */
DAT_EP_HANDLE ut_ep(struct ut_ia *u, const DAT_EP_ATTR *attr, const char *clause);
/* Sets the EP's request/recv completion flags (dat_ep_modify). */
void ut_ep_flags(DAT_EP_HANDLE ep, DAT_COMPLETION_FLAGS req,
		DAT_COMPLETION_FLAGS rcv, const char *clause);
DAT_EP_STATE ut_state(DAT_EP_HANDLE ep);

/* Waits for one event (timeout UT_TIMEOUT); false (and a FAIL naming
 * `clause`) when none arrives or it is not `expect` (0: any). */
bool ut_wait(DAT_EVD_HANDLE evd, DAT_EVENT_NUMBER expect, DAT_EVENT *ev,
		const char *clause);
/* Dequeues one DTO completion and checks status/cookie. */
bool ut_dto(DAT_EVD_HANDLE evd, DAT_DTO_COMPLETION_STATUS status,
		uint64_t cookie, DAT_EVENT *ev, const char *clause);
/* The EVD has no event (after letting the implementation progress). */
bool ut_empty(DAT_EVD_HANDLE evd, const char *clause);
/* Lets the implementation make progress (a short wait on evd). */
void ut_progress(DAT_EVD_HANDLE evd);

/* Two IAs in this process, an EP on each, connected a -> b. */
struct ut_conn {
	struct ut_ia a, b;
	DAT_EP_HANDLE ea, eb;
	DAT_PSP_HANDLE psp;
};
void ut_conn_setup(struct ut_conn *c, const char *clause);
/* Connects c->ea to c->eb (both already created). */
void ut_conn_connect(struct ut_conn *c, const char *clause);
void ut_conn_open(struct ut_conn *c, const char *clause); /* setup+connect */
void ut_conn_close(struct ut_conn *c);

/* Sends len bytes from m at off on ep and waits for the request completion. */
void ut_send(DAT_EP_HANDLE ep, DAT_EVD_HANDLE req, struct ut_mem *m,
		size_t off, size_t len, const char *clause);

/* Two processes (np=2).  ut_np2_init returns this rank. */
int ut_np2_init(void);
void ut_barrier(void);
/* Every rank gives len bytes; `out` gets the other rank's. */
void ut_exchange(const void *mine, void *theirs, size_t len);

/* Connects across the two processes: rank 0 accepts on eb of its IA,
 * rank 1 connects ea.  Each side's fixture is in c->a (its own IA);
 * c->ea is this side's connected EP. */
void ut_np2_connect(struct ut_conn *c, const char *clause);

/* The optional test-control interface (rdmacts_test_control.h): sets
 * knob or ends the test UNSUPPORTED.  The knob goes to the Provider of
 * the IA opened last by ut_open or ut_open_bare, or named by
 * ut_note_provider (the async EVD of an IA opened otherwise). */
void ut_control(int knob, uint64_t value);
void ut_note_provider(DAT_EVD_HANDLE async);

/* The same for np=2 tests: rank `who` (-1: every rank) sets the knob;
 * when any rank cannot, every rank ends the test UNSUPPORTED (so that no
 * rank waits at a barrier for a peer that left). */
void ut_np2_control(int who, int knob, uint64_t value);

/* Provider attributes of an open IA. */
void ut_attrs(DAT_IA_HANDLE ia, DAT_IA_ATTR *ia_attr, DAT_PROVIDER_ATTR *pattr);

/*
 * One live object of `kind` on u's IA, for a test that needs exactly
 * that one (a fixture builds nothing else, so that one broken call
 * breaks only the tests that make it): the IA, its PZ and its request
 * EVD are u's own; an LMR registers m; a PSP or an RSP listens on qual
 * (an RSP reserves an EP of its own); a CR cannot be made this way.
 * DAT_HANDLE_NULL for an optional kind the Provider lacks (RMR, SRQ).
 */
DAT_HANDLE ut_object(struct ut_ia *u, DAT_HANDLE_TYPE kind, struct ut_mem *m,
		DAT_CONN_QUAL qual, const char *clause);

/* Milliseconds since an arbitrary origin. */
double ut_now_ms(void);

/*
 * Optional capabilities: what the uDAPL pages let a Provider lack, each
 * with the attribute that says so where one exists.
 */
enum ut_cap {
	UT_CAP_SRQ, UT_CAP_SRQ_WATERMARKS, UT_CAP_EP_WATERMARKS, UT_CAP_RMR,
	UT_CAP_UNSIGNALLED, UT_CAP_STREAM_MERGING, UT_CAP_SHARED_VIRTUAL,
	UT_CAP_PROXY_AGENT, UT_CAP_PSP_PROVIDER_FLAG, UT_CAP_RECV_QUERY
};
/* 1: the attributes of ia offer cap; 0: they say it is lacked; -1: no
 * attribute describes it. */
int ut_offers(DAT_IA_HANDLE ia, enum ut_cap cap);
/* Ends the test UNSUPPORTED: the Provider lacks cap (rt_lacks). */
_Noreturn void ut_lacks(enum ut_cap cap);
/* A test that needs cap: UNSUPPORTED when the attributes deny it. */
void ut_need(DAT_IA_HANDLE ia, enum ut_cap cap);
/*
 * The result of a set-up call that needs cap.  DAT_MODEL_NOT_SUPPORTED
 * from a Provider whose attributes do not offer cap ends the test
 * UNSUPPORTED (the Provider lacks it, and says so); any other failure,
 * or that code while the attributes offer cap, fails the test.
 */
#define UT_REQ_CAP(ia, cap, rc, clause) \
	ut_req_cap((ia), (cap), (rc), #rc, (clause), __FILE__, __LINE__)
void ut_req_cap(DAT_IA_HANDLE ia, enum ut_cap cap, DAT_RETURN rc, const char *what,
		const char *clause, const char *file, int line);
/* The same, for an object a fixture creates only when the Provider has
 * cap: false (and no verdict) when it lacks it. */
bool ut_try_cap(DAT_IA_HANDLE ia, enum ut_cap cap, DAT_RETURN rc, const char *clause);
/* A fixture's RMR: DAT_HANDLE_NULL when the Provider lacks RMRs. */
DAT_RMR_HANDLE ut_rmr_if_offered(DAT_IA_HANDLE ia, DAT_PZ_HANDLE pz, const char *clause);
/* The fixture's RMR for a test that binds: UNSUPPORTED when there is none. */
DAT_RMR_HANDLE ut_rmr_needed(DAT_RMR_HANDLE rmr);

/*
 * dat_cno_wait ran to its timeout (E-UDAPL-048): DAT_QUEUE_EMPTY with
 * *evd_handle set to DAT_HANDLE_NULL (the page; OFA), or
 * DAT_TIMEOUT_EXPIRED with *evd_handle NULL or left as it was (Sun's
 * daplt).  got points at the call's evd_handle, `before` is what the
 * caller stored there.
 */
bool ut_cno_timed_out(DAT_RETURN rc, const DAT_EVD_HANDLE *got, DAT_EVD_HANDLE before,
		const char *clause);

/* A test body run on an open IA fixture `u`; `cl` is its clause. */
#define IA_TEST(fn, name, clause)                                       \
	static void fn##_b(struct ut_ia *u, const char *cl);            \
	RT_TEST(fn, name, clause)                                       \
	{                                                               \
		struct ut_ia u;                                         \
		ut_open(&u, clause);                                    \
		fn##_b(&u, clause);                                     \
		ut_close(&u);                                           \
	}                                                               \
	static void fn##_b(struct ut_ia *u, const char *cl)

#define IA_TEST_ATTRS(fn, name, clause, attrs)                          \
	static void fn##_b(struct ut_ia *u, const char *cl);            \
	RT_TEST_ATTRS(fn, name, clause, attrs)                          \
	{                                                               \
		struct ut_ia u;                                         \
		ut_open(&u, clause);                                    \
		fn##_b(&u, clause);                                     \
		ut_close(&u);                                           \
	}                                                               \
	static void fn##_b(struct ut_ia *u, const char *cl)

#endif
