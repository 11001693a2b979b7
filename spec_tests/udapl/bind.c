/*
 * bind.c: dat_rmr_bind(3DAT) clause by clause, and Send/Receive
 * (dat_ep_post_send, dat_ep_post_recv) over a connection between two
 * IAs of this process.  The RMR is bound on b's EP; a is the peer that
 * uses the rmr_context.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ut.h"

#define LEN 8192

struct bx {
	struct ut_conn c;
	struct ut_mem ma, mb;
	DAT_RMR_HANDLE rmr;
};

static void bx_open(struct bx *x, const char *cl)
{
	ut_conn_open(&x->c, cl);
	ut_mem(&x->c.a, x->c.a.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x->ma, cl);
	ut_mem(&x->c.b, x->c.b.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x->mb, cl);
	x->rmr = ut_rmr_if_offered(x->c.b.ia, x->c.b.pz, cl);	/* most tests here need none */
}

#define BX_TEST(fn, name, clause)                                       \
	static void fn##_b(struct bx *x, const char *cl);               \
	RT_TEST(fn, name, clause)                                       \
	{                                                               \
		struct bx x;                                            \
		bx_open(&x, clause);                                    \
		fn##_b(&x, clause);                                     \
		ut_conn_close(&x.c);                                    \
	}                                                               \
	static void fn##_b(struct bx *x, const char *cl)

static DAT_RETURN do_bind(struct bx *x, size_t off, size_t len, DAT_MEM_PRIV_FLAGS priv,
		uint64_t ck, DAT_COMPLETION_FLAGS f, DAT_RMR_CONTEXT *ctx)
{
	const DAT_LMR_TRIPLET t = ut_seg(&x->mb, off, len);
	DAT_RMR_COOKIE c = { .as_64 = ck };
	return dat_rmr_bind(ut_rmr_needed(x->rmr), &t, priv, x->c.eb, c, f, ctx);
}

static bool bind_done(struct bx *x, uint64_t ck, DAT_DTO_COMPLETION_STATUS st, const char *cl)
{
	DAT_EVENT ev;
	if (!ut_wait(x->c.b.req, DAT_RMR_BIND_COMPLETION_EVENT, &ev, cl))
		return false;
	bool ok = RT_EXPECT_EQ_U64(ev.event_data.rmr_completion_event_data.user_cookie.as_64, ck, cl);
	ok &= RT_EXPECT_EQ_INT(ev.event_data.rmr_completion_event_data.status, st, cl);
	return ok;
}

/* a's RDMA with b's context: returns the DTO status (-1 when refused). */
static int peer_rdma(struct bx *x, int write, DAT_RMR_CONTEXT ctx, size_t off, size_t len,
		const char *cl)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, len);
	DAT_RMR_TRIPLET d = { ctx, 0, (DAT_VADDR)(uintptr_t)(x->mb.buf + off), len };
	DAT_DTO_COOKIE ck = { .as_64 = 0xAA };
	DAT_EVENT ev;
	DAT_RETURN rc = write ? dat_ep_post_rdma_write(x->c.ea, 1, &s, ck, &d, 0)
			      : dat_ep_post_rdma_read(x->c.ea, 1, &s, ck, &d, 0);
	if (rc != DAT_SUCCESS)
		return -1;
	if (!ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		return -2;
	return ev.event_data.dto_completion_event_data.status;
}

static void expect_peer_fails(struct bx *x, int write, DAT_RMR_CONTEXT ctx, const char *cl)
{
	memset(x->mb.buf, 0x77, 64);
	memset(x->ma.buf, 0x12, 64);
	int st = peer_rdma(x, write, ctx, 0, 64, cl);
	RT_EXPECT_RC_IN(st, cl, DAT_DTO_ERR_REMOTE_ACCESS, DAT_DTO_ERR_REMOTE_RESPONDER);
	if (write) {
		char g[64];
		memset(g, 0x77, 64);
		RT_EXPECT_MEM_EQ(x->mb.buf, g, 64, cl);
	}
}

BX_TEST(b_const, "udapl.rmr_bind.abi.const_triplet", "UDAPL-dat_rmr_bind-synopsis-const-triplet")
{
	DAT_RMR_CONTEXT ctx;
	RT_EXPECT_EQ_INT(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_READ_FLAG, 1, 0, &ctx), DAT_SUCCESS, cl);
}
BX_TEST(b_new_ctx, "udapl.rmr_bind.data.query_after_bind", "UDAPL-dat_rmr_bind-binds-new-context")
{
	DAT_RMR_CONTEXT ctx = 0;
	DAT_RMR_PARAM p;
	UT_REQ(do_bind(x, 128, 256, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &ctx), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	UT_OK(dat_rmr_query(ut_rmr_needed(x->rmr), DAT_RMR_FIELD_ALL, &p), cl);
	RT_EXPECT_EQ_U64(p.rmr_context, ctx, cl);
	RT_EXPECT_EQ_U64(p.mem_priv, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, cl);
	RT_EXPECT_EQ_U64(p.lmr_triplet.virtual_address, (uintptr_t)(x->mb.buf + 128), cl);
	RT_EXPECT_EQ_U64(p.lmr_triplet.segment_length, 256, cl);
	RT_EXPECT_EQ_U64(p.lmr_triplet.lmr_context, x->mb.lctx, cl);
}
BX_TEST(b_rebind, "udapl.rmr_bind.data.rebind_new_context", "UDAPL-dat_rmr_bind-rebind-new-context")
{
	DAT_RMR_CONTEXT c1 = 0, c2 = 0;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &c1), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 2, 0, &c2), cl);
	bind_done(x, 2, DAT_DTO_SUCCESS, cl);
	RT_EXPECT_TRUE(c1 != c2, cl);
}
BX_TEST(b_event, "udapl.rmr_bind.completion.event", "UDAPL-dat_rmr_bind-completion-event")
{
	DAT_RMR_CONTEXT ctx;
	DAT_EVENT ev;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 0x1234, 0, &ctx), cl);
	if (ut_wait(x->c.b.req, DAT_RMR_BIND_COMPLETION_EVENT, &ev, cl)) {
		RT_EXPECT_TRUE(ev.event_data.rmr_completion_event_data.rmr_handle == ut_rmr_needed(x->rmr), cl);
		RT_EXPECT_EQ_U64(ev.event_data.rmr_completion_event_data.user_cookie.as_64, 0x1234, cl);
		RT_EXPECT_EQ_INT(ev.event_data.rmr_completion_event_data.status, DAT_RMR_BIND_SUCCESS, cl);
	}
}
BX_TEST(b_event_type, "udapl.rmr_bind.completion.request_evd_only", "UDAPL-dat_rmr_bind-completion-event-type")
{
	DAT_RMR_CONTEXT ctx;
	DAT_EVENT ev;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 3, 0, &ctx), cl);
	if (ut_wait(x->c.b.req, 0, &ev, cl))
		RT_EXPECT_EQ_INT(ev.event_number, DAT_RMR_BIND_COMPLETION_EVENT, cl);
	ut_empty(x->c.b.rcv, cl);
	ut_empty(x->c.b.conn, cl);
}
BX_TEST(b_remote_use, "udapl.rmr_bind.data.peer_read_and_write", "UDAPL-dat_rmr_bind-context-usable-by-remote")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 1024, 512, DAT_MEM_PRIV_REMOTE_WRITE_FLAG | DAT_MEM_PRIV_REMOTE_READ_FLAG, 4, 0, &ctx), cl);
	bind_done(x, 4, DAT_DTO_SUCCESS, cl);
	memset(x->ma.buf, 'w', 100);
	RT_EXPECT_EQ_INT(peer_rdma(x, 1, ctx, 1024, 100, cl), DAT_DTO_SUCCESS, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 1024, x->ma.buf, 100, cl);
	memset(x->mb.buf + 1100, 'r', 100);
	RT_EXPECT_EQ_INT(peer_rdma(x, 0, ctx, 1100, 100, cl), DAT_DTO_SUCCESS, cl);
	RT_EXPECT_MEM_EQ(x->ma.buf, x->mb.buf + 1100, 100, cl);
}
/* The bind's context sent right after it: the peer's write never fails. */
static void send_after_bind(struct bx *x, const char *cl)
{
	for (int i = 0; i < 100; i++) {
		DAT_RMR_CONTEXT ctx;
		DAT_LMR_TRIPLET rx = ut_seg(&x->ma, 4096, sizeof ctx);
		DAT_DTO_COOKIE ck = { .as_64 = (uint64_t)i };
		UT_REQ(dat_ep_post_recv(x->c.ea, 1, &rx, ck, 0), cl);
		UT_REQ(do_bind(x, 0, 256, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 5, DAT_COMPLETION_SUPPRESS_FLAG, &ctx), cl);
		memcpy(x->mb.buf + 4096, &ctx, sizeof ctx);
		DAT_LMR_TRIPLET tx = ut_seg(&x->mb, 4096, sizeof ctx);
		UT_REQ(dat_ep_post_send(x->c.eb, 1, &tx, ck, DAT_COMPLETION_SUPPRESS_FLAG), cl);
		if (!ut_dto(x->c.a.rcv, DAT_DTO_SUCCESS, (uint64_t)i, NULL, cl))
			return;
		DAT_RMR_CONTEXT got;
		memcpy(&got, x->ma.buf + 4096, sizeof got);
		if (!RT_EXPECT_EQ_INT(peer_rdma(x, 1, got, 0, 64, cl), DAT_DTO_SUCCESS, cl))
			return;
	}
	ut_empty(x->c.a.conn, cl);
}
BX_TEST(b_send_fence, "udapl.rmr_bind.fence.send_after_bind", "UDAPL-dat_rmr_bind-send-after-bind-fenced")
{
	send_after_bind(x, cl);
}
BX_TEST(b_fence_method, "udapl.rmr_bind.fence.any_method", "UDAPL-dat_rmr_bind-fence-method-transport")
{
	send_after_bind(x, cl);
}
BX_TEST(b_fences_later, "udapl.rmr_bind.fence.later_operations", "UDAPL-dat_rmr_bind-fences-later-operations")
{
	DAT_RMR_CONTEXT ctx, ctx2;
	DAT_EVENT ev;
	DAT_RMR_HANDLE r2;
	DAT_LMR_TRIPLET rx = ut_seg(&x->ma, 0, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 0 };
	UT_REQ(dat_ep_post_recv(x->c.ea, 1, &rx, ck, 0), cl);
	UT_REQ_CAP(x->c.b.ia, UT_CAP_RMR, dat_rmr_create(x->c.b.pz, &r2), cl);
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 100, 0, &ctx), cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->mb, 512, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&x->ma, 1024, 8);
	DAT_DTO_COOKIE c1 = { .as_64 = 101 }, c2 = { .as_64 = 102 }, c3 = { .as_64 = 103 };
	DAT_RMR_COOKIE c4 = { .as_64 = 104 };
	UT_REQ(dat_ep_post_send(x->c.eb, 1, &s, c1, 0), cl);
	UT_REQ(dat_ep_post_rdma_read(x->c.eb, 1, &s, c2, &d, 0), cl);
	UT_REQ(dat_ep_post_rdma_write(x->c.eb, 1, &s, c3, &d, 0), cl);
	const DAT_LMR_TRIPLET t = ut_seg(&x->mb, 0, 64);
	UT_REQ(dat_rmr_bind(r2, &t, DAT_MEM_PRIV_REMOTE_READ_FLAG, x->c.eb, c4, 0, &ctx2), cl);
	uint64_t want[5] = { 100, 101, 102, 103, 104 };
	for (int i = 0; i < 5; i++) {
		if (!ut_wait(x->c.b.req, 0, &ev, cl))
			return;
		uint64_t got = ev.event_number == DAT_RMR_BIND_COMPLETION_EVENT ?
			ev.event_data.rmr_completion_event_data.user_cookie.as_64 :
			ev.event_data.dto_completion_event_data.user_cookie.as_64;
		RT_EXPECT_EQ_U64(got, want[i], cl);
	}
}
BX_TEST(b_prev_ctx, "udapl.rmr_bind.context.previous_invalid", "UDAPL-dat_rmr_bind-previous-context-protection-violation")
{
	DAT_RMR_CONTEXT c1, c2;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &c1), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 2, 0, &c2), cl);
	bind_done(x, 2, DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 1, c1, cl);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_BROKEN, NULL, cl);
}
BX_TEST(b_default_notify, "udapl.rmr_bind.completion.wakes_waiter", "UDAPL-dat_rmr_bind-default-notification")
{
	DAT_RMR_CONTEXT ctx;
	DAT_EVENT ev;
	DAT_COUNT n;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 6, DAT_COMPLETION_DEFAULT_FLAG, &ctx), cl);
	RT_EXPECT_EQ_INT(dat_evd_wait(x->c.b.req, UT_TIMEOUT, 1, &ev, &n), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_INT(ev.event_number, DAT_RMR_BIND_COMPLETION_EVENT, cl);
}
BX_TEST(b_read_only, "udapl.rmr_bind.privileges.remote_read_only", "UDAPL-dat_rmr_bind-privileges-remote-read-only")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_READ_FLAG, 1, 0, &ctx), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 0, ctx, 0, 64, cl), DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 1, ctx, cl);
}
BX_TEST(b_write_only, "udapl.rmr_bind.privileges.remote_write_only", "UDAPL-dat_rmr_bind-privileges-remote-write-only")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &ctx), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 1, ctx, 0, 64, cl), DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 0, ctx, cl);
}
BX_TEST(b_none, "udapl.rmr_bind.privileges.none", "UDAPL-dat_rmr_bind-privileges-none-default")
{
	DAT_RMR_CONTEXT ctx;
	RT_EXPECT_EQ_INT(do_bind(x, 0, 64, DAT_MEM_PRIV_NONE_FLAG, 1, 0, &ctx), DAT_SUCCESS, cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 0, ctx, cl);
}
BX_TEST(b_none_write, "udapl.rmr_bind.privileges.none_write", "UDAPL-dat_rmr_bind-privileges-none-default")
{
	DAT_RMR_CONTEXT ctx;
	RT_EXPECT_EQ_INT(do_bind(x, 0, 64, DAT_MEM_PRIV_NONE_FLAG, 1, 0, &ctx), DAT_SUCCESS, cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 1, ctx, cl);
}
BX_TEST(b_all, "udapl.rmr_bind.privileges.all_flag", "UDAPL-dat_rmr_bind-privileges-all-flag")
{
	DAT_RMR_CONTEXT ctx;
	DAT_RMR_PARAM p;
	RT_EXPECT_EQ_INT(do_bind(x, 0, 128, DAT_MEM_PRIV_ALL_FLAG, 1, 0, &ctx), DAT_SUCCESS, cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 1, ctx, 0, 64, cl), DAT_DTO_SUCCESS, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 0, ctx, 64, 64, cl), DAT_DTO_SUCCESS, cl);
	UT_OK(dat_rmr_query(ut_rmr_needed(x->rmr), DAT_RMR_FIELD_ALL, &p), cl);
	RT_EXPECT_EQ_U64(p.mem_priv, 0x33, cl);
}
BX_TEST(b_unknown_bits, "udapl.rmr_bind.privileges.unknown_bits", "UDAPL-dat_rmr_bind-privileges-unknown-bits")
{
	DAT_RMR_CONTEXT ctx;
	DAT_RETURN rc = do_bind(x, 0, 64, (DAT_MEM_PRIV_FLAGS)0x40, 1, 0, &ctx);
	/* E-UDAPL-015: refused, or (Sun's daplt) the undefined bit is
	 * ignored and the bind grants no remote access */
	if (DAT_GET_TYPE(rc) == DAT_INVALID_PARAMETER) {
		RT_EXPECT_TRUE(ut_empty(x->c.b.req, cl), cl);
		return;
	}
	if (!RT_EXPECT_RC_IN(rc, cl, DAT_SUCCESS))
		return;
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 1, ctx, cl);
}

/* The RMR-LMR privileges rule (E-UDAPL-016): bind on an LMR lacking the
 * backing local privilege. */
static DAT_RETURN bind_on(struct bx *x, DAT_MEM_PRIV_FLAGS lmr_priv, DAT_MEM_PRIV_FLAGS rmr_priv,
		const char *cl)
{
	struct ut_mem m;
	DAT_RMR_CONTEXT ctx;
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	ut_mem(&x->c.b, x->c.b.pz, 4096, lmr_priv, &m, cl);
	const DAT_LMR_TRIPLET t = ut_seg(&m, 0, 64);
	return dat_rmr_bind(ut_rmr_needed(x->rmr), &t, rmr_priv, x->c.eb, c, 0, &ctx);
}
BX_TEST(b_rr_lr, "udapl.rmr_bind.privileges.remote_read_needs_local_read", "UDAPL-dat_rmr_bind-privileges-remote-read-needs-local-read")
{
	UT_RC_IN(bind_on(x, DAT_MEM_PRIV_LOCAL_WRITE_FLAG, DAT_MEM_PRIV_REMOTE_READ_FLAG, cl), cl,
			DAT_PRIVILEGES_VIOLATION, DAT_SUCCESS);
}
BX_TEST(b_rw_lw, "udapl.rmr_bind.privileges.remote_write_needs_local_write", "UDAPL-dat_rmr_bind-privileges-remote-write-needs-local-write")
{
	UT_RC_IN(bind_on(x, DAT_MEM_PRIV_LOCAL_READ_FLAG, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, cl), cl,
			DAT_PRIVILEGES_VIOLATION, DAT_SUCCESS);
}
BX_TEST(b_priv_rc, "udapl.rmr_bind.privileges.rc", "UDAPL-dat_rmr_bind-rc-privileges-violation")
{
	UT_RC_IN(bind_on(x, DAT_MEM_PRIV_LOCAL_READ_FLAG, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, cl), cl,
			DAT_PRIVILEGES_VIOLATION, DAT_SUCCESS);
}
BX_TEST(b_priv_nopost, "udapl.rmr_bind.privileges.violation_posts_nothing", "UDAPL-dat_rmr_bind-privileges-violation-no-completion")
{
	DAT_RMR_CONTEXT c1;
	DAT_RMR_PARAM p1, p2;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &c1), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	UT_REQ(dat_rmr_query(ut_rmr_needed(x->rmr), DAT_RMR_FIELD_ALL, &p1), cl);
	DAT_RETURN rc = bind_on(x, DAT_MEM_PRIV_LOCAL_READ_FLAG, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, cl);
	if (DAT_GET_TYPE(rc) != DAT_PRIVILEGES_VIOLATION)
		rt_unsupported("the Provider does not check the RMR-LMR privileges (E-UDAPL-016)");
	ut_empty(x->c.b.req, cl);
	UT_OK(dat_rmr_query(ut_rmr_needed(x->rmr), DAT_RMR_FIELD_ALL, &p2), cl);
	RT_EXPECT_EQ_U64(p2.rmr_context, p1.rmr_context, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 1, c1, 0, 64, cl), DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_failed_keeps, "udapl.rmr_bind.state.failed_bind_keeps_binding", "UDAPL-dat_rmr_bind-failed-bind-keeps-binding")
{
	DAT_RMR_CONTEXT c1, c2;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &c1), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	RT_EXPECT_TRUE(do_bind(x, LEN - 8, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 2, 0, &c2) != DAT_SUCCESS, cl);
	ut_empty(x->c.b.req, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 1, c1, 0, 64, cl), DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_zero_len, "udapl.rmr_bind.zero_length.any_triplet", "UDAPL-dat_rmr_bind-zero-length-unbinds")
{
	DAT_RMR_CONTEXT ctx;
	const DAT_LMR_TRIPLET t = { 0xDEAD, 0, 0x10, 0 };
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	RT_EXPECT_EQ_INT(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx),
			DAT_SUCCESS, cl);
}
BX_TEST(b_zero_event, "udapl.rmr_bind.zero_length.completion", "UDAPL-dat_rmr_bind-zero-length-completion")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 0, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 9, 0, &ctx), cl);
	bind_done(x, 9, DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_zero_inval, "udapl.rmr_bind.zero_length.unbinds_previous", "UDAPL-dat_rmr_bind-zero-length-invalidates-previous")
{
	DAT_RMR_CONTEXT c1, c2;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &c1), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	UT_REQ(do_bind(x, 0, 0, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 2, 0, &c2), cl);
	bind_done(x, 2, DAT_DTO_SUCCESS, cl);
	expect_peer_fails(x, 1, c1, cl);
}
BX_TEST(b_unsig_param, "udapl.rmr_bind.flags.unsignalled_without_ep_flag", "UDAPL-dat_rmr_bind-unsignalled-requires-ep-flag")
{
	DAT_RMR_CONTEXT ctx;
	UT_RC(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, DAT_COMPLETION_UNSIGNALLED_FLAG, &ctx),
			DAT_INVALID_PARAMETER, cl);
	ut_empty(x->c.b.req, cl);
}
BX_TEST(b_flags_param, "udapl.rmr_bind.flags.undefined_for_bind", "UDAPL-dat_rmr_bind-rc-invalid-parameter-unsignalled")
{
	DAT_RMR_CONTEXT ctx;
	UT_RC(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, DAT_COMPLETION_UNSIGNALLED_FLAG, &ctx),
			DAT_INVALID_PARAMETER, cl);
}
/* A completion flag the page does not define for a bind (E-UDAPL-080):
 * refused with DAT_INVALID_PARAMETER, or ignored (Sun's daplt checks
 * only the three flags the page lists) and the bind completes. */
BX_TEST(b_flag_undefined, "udapl.rmr_bind.flags.solicited_wait_refused_or_ignored",
	"UDAPL-dat_rmr_bind-undefined-completion-flag")
{
	DAT_RMR_CONTEXT ctx;
	DAT_RETURN rc = do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 7,
			DAT_COMPLETION_SOLICITED_WAIT_FLAG, &ctx);
	if (!UT_RC_IN(rc, cl, DAT_INVALID_PARAMETER, DAT_SUCCESS))
		return;
	if (DAT_GET_TYPE(rc) == DAT_SUCCESS)
		bind_done(x, 7, DAT_DTO_SUCCESS, cl);
	else
		ut_empty(x->c.b.req, cl);
}
#define C_B_UNSIG "UDAPL-dat_rmr_bind-unsignalled-accepted-with-ep-flag"
RT_TEST(b_unsig_ok, "udapl.rmr_bind.flags.unsignalled_with_ep_flag", C_B_UNSIG)
{
	struct bx x;
	DAT_EVENT ev;
	DAT_RMR_CONTEXT ctx;
	ut_conn_setup(&x.c, C_B_UNSIG);
	ut_ep_flags(x.c.eb, DAT_COMPLETION_UNSIGNALLED_FLAG, DAT_COMPLETION_DEFAULT_FLAG, C_B_UNSIG);
	ut_conn_connect(&x.c, C_B_UNSIG);
	ut_mem(&x.c.a, x.c.a.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x.ma, C_B_UNSIG);
	ut_mem(&x.c.b, x.c.b.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x.mb, C_B_UNSIG);
	UT_REQ(dat_rmr_create(x.c.b.pz, &x.rmr), C_B_UNSIG);
	RT_EXPECT_EQ_INT(do_bind(&x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1,
			DAT_COMPLETION_UNSIGNALLED_FLAG, &ctx), DAT_SUCCESS, C_B_UNSIG);
	ut_progress(x.c.b.req);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(x.c.b.req, &ev), DAT_SUCCESS, C_B_UNSIG);
	RT_EXPECT_EQ_INT(ev.event_number, DAT_RMR_BIND_COMPLETION_EVENT, C_B_UNSIG);
	ut_conn_close(&x.c);
}
BX_TEST(b_suppress, "udapl.rmr_bind.flags.suppress", "UDAPL-dat_rmr_bind-completion-suppress")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, DAT_COMPLETION_SUPPRESS_FLAG, &ctx), cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->mb, 0, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&x->ma, 0, 8);
	DAT_DTO_COOKIE mk = { .as_64 = 55 };
	UT_REQ(dat_ep_post_rdma_write(x->c.eb, 1, &s, mk, &d, 0), cl);
	ut_dto(x->c.b.req, DAT_DTO_SUCCESS, 55, NULL, cl);
	RT_EXPECT_EQ_INT(peer_rdma(x, 1, ctx, 0, 64, cl), DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_fence, "udapl.rmr_bind.flags.barrier_fence", "UDAPL-dat_rmr_bind-barrier-fence")
{
	DAT_RMR_CONTEXT ctx;
	DAT_EVENT ev;
	DAT_LMR_TRIPLET s = ut_seg(&x->mb, 2048, 64);
	DAT_RMR_TRIPLET d = ut_rseg(&x->ma, 0, 64);
	DAT_DTO_COOKIE rk = { .as_64 = 70 };
	UT_REQ(dat_ep_post_rdma_read(x->c.eb, 1, &s, rk, &d, 0), cl);
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 71, DAT_COMPLETION_BARRIER_FENCE_FLAG, &ctx), cl);
	if (ut_wait(x->c.b.req, 0, &ev, cl))
		RT_EXPECT_EQ_INT(ev.event_number, DAT_DTO_COMPLETION_EVENT, cl);
	bind_done(x, 71, DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_cookie, "udapl.rmr_bind.cookie.returned", "UDAPL-dat_rmr_bind-user-cookie-returned")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 0x0123456789ABCDEFull, 0, &ctx), cl);
	bind_done(x, 0x0123456789ABCDEFull, DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_cookie_dup, "udapl.rmr_bind.cookie.not_unique", "UDAPL-dat_rmr_bind-user-cookie-not-unique")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 8, 0, &ctx), cl);
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 8, 0, &ctx), cl);
	bind_done(x, 8, DAT_DTO_SUCCESS, cl);
	bind_done(x, 8, DAT_DTO_SUCCESS, cl);
}
BX_TEST(b_cookie_null, "udapl.rmr_bind.cookie.null_pointer", "UDAPL-dat_rmr_bind-user-cookie-null")
{
	DAT_RMR_CONTEXT ctx;
	DAT_EVENT ev;
	const DAT_LMR_TRIPLET t = ut_seg(&x->mb, 0, 64);
	DAT_RMR_COOKIE c;
	memset(&c, 0, sizeof c);
	c.as_ptr = NULL;
	RT_EXPECT_EQ_INT(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx),
			DAT_SUCCESS, cl);
	if (ut_wait(x->c.b.req, DAT_RMR_BIND_COMPLETION_EVENT, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.rmr_completion_event_data.user_cookie.as_ptr == NULL, cl);
}
BX_TEST(b_connected, "udapl.rmr_bind.state.connected", "UDAPL-dat_rmr_bind-valid-connected")
{
	DAT_RMR_CONTEXT ctx;
	RT_EXPECT_EQ_INT(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &ctx), DAT_SUCCESS, cl);
}
BX_TEST(b_rc_ok, "udapl.rmr_bind.rc.success", "UDAPL-dat_rmr_bind-rc-success")
{
	DAT_RMR_CONTEXT ctx;
	RT_EXPECT_EQ_INT(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_READ_FLAG, 1, 0, &ctx), DAT_SUCCESS, cl);
}
BX_TEST(b_disconnected, "udapl.rmr_bind.state.disconnected_flushed", "UDAPL-dat_rmr_bind-disconnected-flushed")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(dat_ep_disconnect(x->c.eb, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(x->c.b.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	RT_EXPECT_EQ_INT(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 3, 0, &ctx), DAT_SUCCESS, cl);
	bind_done(x, 3, DAT_DTO_ERR_FLUSHED, cl);
}
BX_TEST(b_beyond, "udapl.rmr_bind.param.beyond_lmr", "UDAPL-dat_rmr_bind-rc-invalid-parameter-beyond-lmr")
{
	DAT_RMR_CONTEXT ctx;
	UT_RC(do_bind(x, LEN - 8, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &ctx), DAT_INVALID_PARAMETER, cl);
}
BX_TEST(b_below, "udapl.rmr_bind.param.below_lmr", "UDAPL-dat_rmr_bind-rc-invalid-parameter-below-lmr")
{
	DAT_RMR_CONTEXT ctx;
	DAT_LMR_TRIPLET t = ut_seg(&x->mb, 0, 64);
	t.virtual_address -= 32;
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	UT_RC(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx),
			DAT_INVALID_PARAMETER, cl);
}
BX_TEST(b_unknown_lmr, "udapl.rmr_bind.param.unknown_lmr_context", "UDAPL-dat_rmr_bind-rc-lmr-context-unknown")
{
	struct ut_mem m;
	DAT_RMR_CONTEXT ctx;
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	const DAT_LMR_TRIPLET t = ut_seg(&m, 0, 64);
	UT_REQ(dat_lmr_free(m.lmr), cl);
	UT_RC_IN(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx), cl,
			DAT_INVALID_PARAMETER, DAT_INVALID_HANDLE, DAT_PRIVILEGES_VIOLATION);
}
BX_TEST(b_lmr_pz, "udapl.rmr_bind.protection.lmr_other_pz", "UDAPL-dat_rmr_bind-rc-protection-violation-lmr-pz")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m;
	DAT_RMR_CONTEXT ctx;
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	UT_REQ(dat_pz_create(x->c.b.ia, &pz2), cl);
	ut_mem(&x->c.b, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	const DAT_LMR_TRIPLET t = ut_seg(&m, 0, 64);
	UT_RC_IN(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx), cl,
			DAT_PROTECTION_VIOLATION, DAT_INVALID_PARAMETER);
}
BX_TEST(b_ep_pz, "udapl.rmr_bind.protection.ep_other_pz", "UDAPL-dat_rmr_bind-rc-protection-violation-ep-pz")
{
	DAT_PZ_HANDLE pz2;
	DAT_RMR_HANDLE r2;
	struct ut_mem m;
	DAT_RMR_CONTEXT ctx;
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	UT_REQ(dat_pz_create(x->c.b.ia, &pz2), cl);
	ut_mem(&x->c.b, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ_CAP(x->c.b.ia, UT_CAP_RMR, dat_rmr_create(pz2, &r2), cl);
	const DAT_LMR_TRIPLET t = ut_seg(&m, 0, 64);
	UT_RC_IN(dat_rmr_bind(r2, &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx), cl,
			DAT_PROTECTION_VIOLATION, DAT_INVALID_PARAMETER);
}
BX_TEST(b_absurd, "udapl.rmr_bind.rob.absurd_length", "UDAPL-dat_rmr_bind-rob-absurd-length")
{
	DAT_RMR_CONTEXT ctx;
	DAT_LMR_TRIPLET t = ut_seg(&x->mb, 0, 64);
	t.segment_length = ~0ull;
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	UT_RC_IN(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx), cl,
			DAT_INVALID_PARAMETER, DAT_LENGTH_ERROR);
}
BX_TEST(b_null, "udapl.rmr_bind.rob.null_triplet", "UDAPL-dat_rmr_bind-rob-null-triplet")
{
	DAT_RMR_CONTEXT ctx;
	const DAT_LMR_TRIPLET t = ut_seg(&x->mb, 0, 64);
	DAT_RMR_COOKIE c = { .as_64 = 1 };
	UT_RC(dat_rmr_bind(ut_rmr_needed(x->rmr), NULL, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, &ctx),
			DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, c, 0, NULL),
			DAT_INVALID_PARAMETER, cl);
}
BX_TEST(rmr_free_ok, "udapl.rmr_free.rc.success", "UDAPL-dat_rmr_free-rc-success")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &ctx), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dat_rmr_free(ut_rmr_needed(x->rmr)), DAT_SUCCESS, cl);
	expect_peer_fails(x, 1, ctx, cl);
}
BX_TEST(lmr_free_bound, "udapl.lmr_free.state.rmr_bound", "UDAPL-dat_lmr_free-rc-invalid-state-rmr-bound")
{
	DAT_RMR_CONTEXT ctx;
	UT_REQ(do_bind(x, 0, 64, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, 0, &ctx), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	UT_RC(dat_lmr_free(x->mb.lmr), DAT_INVALID_STATE, cl);
}

/* ---- Send / Receive ---- */

static DAT_RETURN post_recv(DAT_EP_HANDLE ep, struct ut_mem *m, size_t off, size_t len,
		uint64_t ck, DAT_COMPLETION_FLAGS f)
{
	DAT_LMR_TRIPLET s = ut_seg(m, off, len);
	DAT_DTO_COOKIE c = { .as_64 = ck };
	return dat_ep_post_recv(ep, 1, &s, c, f);
}
static DAT_RETURN post_send(DAT_EP_HANDLE ep, struct ut_mem *m, size_t off, size_t len,
		uint64_t ck, DAT_COMPLETION_FLAGS f)
{
	DAT_LMR_TRIPLET s = ut_seg(m, off, len);
	DAT_DTO_COOKIE c = { .as_64 = ck };
	return dat_ep_post_send(ep, 1, &s, c, f);
}

BX_TEST(s_ok, "udapl.ep_post_send.rc.success", "UDAPL-dat_ep_post_send-rc-success")
{
	memcpy(x->ma.buf, "0123456789", 10);
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 1, 0), cl);
	RT_EXPECT_EQ_INT(post_send(x->c.ea, &x->ma, 0, 10, 2, 0), DAT_SUCCESS, cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 2, NULL, cl);
	ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 1, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, "0123456789", 10, cl);
}
BX_TEST(r_ok2, "udapl.ep_post_recv.rc.success", "UDAPL-dat_ep_post_recv-rc-success")
{
	DAT_EVENT ev;
	RT_EXPECT_EQ_INT(post_recv(x->c.eb, &x->mb, 0, 64, 0xC0, 0), DAT_SUCCESS, cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 33, 2, 0), cl);
	if (ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 0xC0, &ev, cl))
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 33, cl);
}
BX_TEST(s_gather, "udapl.ep_post_send.iov.gather_order", "UDAPL-dat_ep_post_send-iov-gather-order")
{
	memset(x->ma.buf, 'x', 10);
	memset(x->ma.buf + 100, 'y', 20);
	memset(x->ma.buf + 200, 'z', 5);
	DAT_LMR_TRIPLET s[3] = { ut_seg(&x->ma, 0, 10), ut_seg(&x->ma, 100, 20), ut_seg(&x->ma, 200, 5) };
	DAT_DTO_COOKIE c = { .as_64 = 1 };
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 1, 0), cl);
	UT_REQ(dat_ep_post_send(x->c.ea, 3, s, c, 0), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 1, NULL, cl);
	char want[35];
	memset(want, 'x', 10); memset(want + 10, 'y', 20); memset(want + 30, 'z', 5);
	RT_EXPECT_MEM_EQ(x->mb.buf, want, 35, cl);
}
BX_TEST(s_zero, "udapl.ep_post_send.param.zero_size", "UDAPL-dat_ep_post_send-zero-size-message")
{
	DAT_EVENT ev;
	DAT_DTO_COOKIE c = { .as_64 = 3 };
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 1, 0), cl);
	RT_EXPECT_EQ_INT(dat_ep_post_send(x->c.ea, 0, NULL, c, 0), DAT_SUCCESS, cl);
	if (ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 1, &ev, cl))
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 0, cl);
}
BX_TEST(r_zero, "udapl.ep_post_recv.param.zero_size", "UDAPL-dat_ep_post_recv-zero-size-message")
{
	DAT_EVENT ev;
	DAT_DTO_COOKIE c = { .as_64 = 4 };
	RT_EXPECT_EQ_INT(dat_ep_post_recv(x->c.eb, 0, NULL, c, 0), DAT_SUCCESS, cl);
	UT_REQ(dat_ep_post_send(x->c.ea, 0, NULL, c, 0), cl);
	if (ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 4, &ev, cl))
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 0, cl);
}
BX_TEST(s_flushed, "udapl.ep_post_send.state.disconnected_flushed", "UDAPL-dat_ep_post_send-disconnected-flushed")
{
	UT_REQ(dat_ep_disconnect(x->c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	RT_EXPECT_EQ_INT(post_send(x->c.ea, &x->ma, 0, 8, 5, 0), DAT_SUCCESS, cl);
	ut_dto(x->c.a.req, DAT_DTO_ERR_FLUSHED, 5, NULL, cl);
}
BX_TEST(r_flushed, "udapl.ep_post_recv.state.disconnected_flushed", "UDAPL-dat_ep_post_recv-disconnected-flushed")
{
	UT_REQ(dat_ep_disconnect(x->c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	RT_EXPECT_EQ_INT(post_recv(x->c.ea, &x->ma, 0, 8, 6, 0), DAT_SUCCESS, cl);
	ut_dto(x->c.a.rcv, DAT_DTO_ERR_FLUSHED, 6, NULL, cl);
}
BX_TEST(r_fill, "udapl.ep_post_recv.iov.fill_order", "UDAPL-dat_ep_post_recv-iov-fill-order")
{
	memset(x->mb.buf, '#', 1024);
	for (int i = 0; i < 150; i++)
		x->ma.buf[i] = (char)('a' + i % 26);
	DAT_LMR_TRIPLET s[4] = { ut_seg(&x->mb, 0, 50), ut_seg(&x->mb, 100, 50), ut_seg(&x->mb, 200, 80),
				 ut_seg(&x->mb, 300, 50) };
	DAT_DTO_COOKIE c = { .as_64 = 7 };
	UT_REQ(dat_ep_post_recv(x->c.eb, 4, s, c, 0), cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 150, 1, 0), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 7, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 50, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 100, x->ma.buf + 50, 50, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 200, x->ma.buf + 100, 50, cl);
	char g[50];
	memset(g, '#', 50);
	RT_EXPECT_MEM_EQ(x->mb.buf + 250, g, 30, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 300, g, 50, cl);
}
BX_TEST(r_too_long, "udapl.ep_post_recv.length.message_too_long", "UDAPL-dat_ep_post_recv-message-too-long")
{
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 16, 8, 0), cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 64, 1, 0), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_ERR_LOCAL_LENGTH, 8, NULL, cl);
}
BX_TEST(r_full, "udapl.ep_post_recv.resources.max_recv_dtos", "UDAPL-dat_ep_post_recv-rc-insufficient-resources")
{
	DAT_EP_PARAM p;
	UT_REQ(dat_ep_query(x->c.eb, DAT_EP_FIELD_ALL, &p), cl);
	for (int i = 0; i < p.ep_attr.max_recv_dtos; i++)
		UT_REQ(post_recv(x->c.eb, &x->mb, 0, 8, 1, 0), cl);
	UT_RC(post_recv(x->c.eb, &x->mb, 0, 8, 1, 0), DAT_INSUFFICIENT_RESOURCES, cl);
}
BX_TEST(r_outside, "udapl.ep_post_recv.param.outside_lmr", "UDAPL-dat_ep_post_recv-rc-invalid-parameter-outside-lmr")
{
	UT_RC(post_recv(x->c.eb, &x->mb, LEN - 8, 64, 1, 0), DAT_INVALID_PARAMETER, cl);
}
BX_TEST(r_nseg, "udapl.ep_post_recv.param.num_segments", "UDAPL-dat_ep_post_recv-rc-invalid-parameter-num-segments")
{
	DAT_EP_PARAM p;
	DAT_LMR_TRIPLET s[64];
	DAT_DTO_COOKIE c = { .as_64 = 1 };
	UT_REQ(dat_ep_query(x->c.eb, DAT_EP_FIELD_ALL, &p), cl);
	for (int i = 0; i < 64; i++)
		s[i] = ut_seg(&x->mb, (size_t)i, 1);
	UT_RC(dat_ep_post_recv(x->c.eb, -1, s, c, 0), DAT_INVALID_PARAMETER, cl);
	if (p.ep_attr.max_recv_iov < 64)
		UT_RC(dat_ep_post_recv(x->c.eb, p.ep_attr.max_recv_iov + 1, s, c, 0),
				DAT_INVALID_PARAMETER, cl);
}
BX_TEST(r_unsig, "udapl.ep_post_recv.flags.unsignalled_without_ep_flag", "UDAPL-dat_ep_post_recv-rc-invalid-parameter-unsignalled")
{
	UT_RC(post_recv(x->c.eb, &x->mb, 0, 8, 1, DAT_COMPLETION_UNSIGNALLED_FLAG), DAT_INVALID_PARAMETER, cl);
}
BX_TEST(r_pz, "udapl.ep_post_recv.protection.lmr_other_pz", "UDAPL-dat_ep_post_recv-rc-protection-violation")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m;
	UT_REQ(dat_pz_create(x->c.b.ia, &pz2), cl);
	ut_mem(&x->c.b, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_RC(post_recv(x->c.eb, &m, 0, 8, 1, 0), DAT_PROTECTION_VIOLATION, cl);
}
BX_TEST(r_pz2, "udapl.ep_post_recv.protection.lmr_other_pz_reading", "UDAPL-libdat-pz-ep-lmr-mismatch-recv")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m;
	UT_REQ(dat_pz_create(x->c.b.ia, &pz2), cl);
	ut_mem(&x->c.b, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_RETURN rc = post_recv(x->c.eb, &m, 0, 8, 1, 0);
	if (rc == DAT_SUCCESS) {
		UT_REQ(post_send(x->c.ea, &x->ma, 0, 8, 2, 0), cl);
		ut_dto(x->c.b.rcv, DAT_DTO_ERR_LOCAL_PROTECTION, 1, NULL, cl);
	} else {
		UT_RC_IN(rc, cl, DAT_PROTECTION_VIOLATION, DAT_INVALID_PARAMETER);
	}
}
BX_TEST(r_priv, "udapl.ep_post_recv.privileges.no_local_write", "UDAPL-dat_ep_post_recv-rc-privileges-violation")
{
	struct ut_mem m;
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_LOCAL_READ_FLAG, &m, cl);
	memset(m.buf, '#', 64);
	DAT_RETURN rc = post_recv(x->c.eb, &m, 0, 64, 1, 0);
	if (rc == DAT_SUCCESS) {
		UT_REQ(post_send(x->c.ea, &x->ma, 0, 8, 2, 0), cl);
		ut_dto(x->c.b.rcv, DAT_DTO_ERR_LOCAL_PROTECTION, 1, NULL, cl);
	} else {
		UT_RC(rc, DAT_PRIVILEGES_VIOLATION, cl);
	}
}
BX_TEST(r_guard, "udapl.libdat.privileges.no_write_without_local_write", "UDAPL-libdat-lmr-local-write-needed-for-recv-data")
{
	struct ut_mem m;
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_LOCAL_READ_FLAG, &m, cl);
	memset(m.buf, '#', 64);
	memset(x->ma.buf, 'q', 64);
	if (post_recv(x->c.eb, &m, 0, 64, 1, 0) == DAT_SUCCESS) {
		UT_REQ(post_send(x->c.ea, &x->ma, 0, 8, 2, 0), cl);
		ut_progress(x->c.b.rcv);
	}
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 64);
	DAT_RMR_TRIPLET d = ut_rseg(&x->ma, 0, 64);
	DAT_DTO_COOKIE c = { .as_64 = 3 };
	(void)dat_ep_post_rdma_read(x->c.eb, 1, &s, c, &d, 0);
	ut_progress(x->c.b.req);
	char g[64];
	memset(g, '#', 64);
	RT_EXPECT_MEM_EQ(m.buf, g, 64, cl);
}
BX_TEST(s_outside, "udapl.ep_post_send.param.outside_lmr", "UDAPL-dat_ep_post_send-rc-invalid-parameter-outside-lmr")
{
	UT_RC(post_send(x->c.ea, &x->ma, LEN - 8, 64, 1, 0), DAT_INVALID_PARAMETER, cl);
}
BX_TEST(s_nseg, "udapl.ep_post_send.param.num_segments", "UDAPL-dat_ep_post_send-rc-invalid-parameter-num-segments")
{
	DAT_EP_PARAM p;
	DAT_LMR_TRIPLET s[64];
	DAT_DTO_COOKIE c = { .as_64 = 1 };
	UT_REQ(dat_ep_query(x->c.ea, DAT_EP_FIELD_ALL, &p), cl);
	for (int i = 0; i < 64; i++)
		s[i] = ut_seg(&x->ma, (size_t)i, 1);
	UT_RC(dat_ep_post_send(x->c.ea, -1, s, c, 0), DAT_INVALID_PARAMETER, cl);
	if (p.ep_attr.max_request_iov < 64)
		UT_RC(dat_ep_post_send(x->c.ea, p.ep_attr.max_request_iov + 1, s, c, 0),
				DAT_INVALID_PARAMETER, cl);
}
BX_TEST(s_unsig, "udapl.ep_post_send.flags.unsignalled_without_ep_flag", "UDAPL-dat_ep_post_send-rc-invalid-parameter-unsignalled")
{
	UT_RC(post_send(x->c.ea, &x->ma, 0, 8, 1, DAT_COMPLETION_UNSIGNALLED_FLAG), DAT_INVALID_PARAMETER, cl);
}
BX_TEST(s_pz, "udapl.ep_post_send.protection.lmr_other_pz", "UDAPL-dat_ep_post_send-rc-protection-violation")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m;
	UT_REQ(dat_pz_create(x->c.a.ia, &pz2), cl);
	ut_mem(&x->c.a, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_RC(post_send(x->c.ea, &m, 0, 8, 1, 0), DAT_PROTECTION_VIOLATION, cl);
}
BX_TEST(s_priv, "udapl.ep_post_send.privileges.no_local_read", "UDAPL-dat_ep_post_send-rc-privileges-violation")
{
	struct ut_mem m;
	DAT_EVENT ev;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_LOCAL_WRITE_FLAG, &m, cl);
	memcpy(m.buf, "readable", 8);
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 2, 0), cl);
	DAT_RETURN rc = post_send(x->c.ea, &m, 0, 8, 1, 0);
	if (rc != DAT_SUCCESS) {
		UT_RC_IN(rc, cl, DAT_PRIVILEGES_VIOLATION, DAT_INVALID_PARAMETER);
		return;
	}
	if (!ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		return;
	/* E-UDAPL-005: refused in the completion, or local read always
	 * granted (OFA) and the message delivered. */
	if (ev.event_data.dto_completion_event_data.status != DAT_DTO_SUCCESS) {
		RT_EXPECT_EQ_INT(ev.event_data.dto_completion_event_data.status,
				DAT_DTO_ERR_LOCAL_PROTECTION, cl);
		return;
	}
	if (ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 2, NULL, cl))
		RT_EXPECT_MEM_EQ(x->mb.buf, "readable", 8, cl);
}
BX_TEST(s_freed_lmr, "udapl.libdat.privileges.freed_lmr_context", "UDAPL-libdat-pz-freed-lmr-context-invalid")
{
	struct ut_mem m;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_lmr_free(m.lmr), cl);
	DAT_RETURN rc = post_send(x->c.ea, &m, 0, 8, 1, 0);
	if (rc == DAT_SUCCESS)
		ut_dto(x->c.a.req, DAT_DTO_ERR_LOCAL_PROTECTION, 1, NULL, cl);
	else
		UT_RC_IN(rc, cl, DAT_PRIVILEGES_VIOLATION, DAT_INVALID_PARAMETER);
}
BX_TEST(s_suppress, "udapl.ep_post_send.flags.suppress", "UDAPL-dat_ep_post_send-suppress")
{
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 1, 0), cl);
	memcpy(x->ma.buf, "sup", 3);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 3, 2, DAT_COMPLETION_SUPPRESS_FLAG), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 1, NULL, cl);
	ut_empty(x->c.a.req, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, "sup", 3, cl);
}
BX_TEST(s_fence, "udapl.ep_post_send.flags.barrier_fence", "UDAPL-dat_ep_post_send-barrier-fence")
{
	memset(x->mb.buf + 1024, 'R', 32);
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 1, 0), cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 32);
	DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 1024, 32);
	DAT_DTO_COOKIE c = { .as_64 = 2 };
	UT_REQ(dat_ep_post_rdma_read(x->c.ea, 1, &s, c, &d, 0), cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 32, 3, DAT_COMPLETION_BARRIER_FENCE_FLAG), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 1, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->mb.buf + 1024, 32, cl);
}
BX_TEST(s_cookie, "udapl.ep_post_send.cookie.returned", "UDAPL-dat_ep_post_send-user-cookie")
{
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 64, 1, 0), cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 8, 0xABCDEF0123456789ull, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 0xABCDEF0123456789ull, NULL, cl);
}
BX_TEST(s_one_recv, "udapl.ep_post_send.order.one_recv_per_send", "UDAPL-dat_ep_post_send-send-consumes-one-recv")
{
	for (int i = 0; i < 8; i++)
		UT_REQ(post_recv(x->c.eb, &x->mb, (size_t)i * 64, 64, (uint64_t)i, 0), cl);
	for (int i = 0; i < 8; i++) {
		memset(x->ma.buf + i * 64, 'A' + i, 16);
		UT_REQ(post_send(x->c.ea, &x->ma, (size_t)i * 64, 16, 100, DAT_COMPLETION_SUPPRESS_FLAG), cl);
	}
	for (int i = 0; i < 8; i++) {
		ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, (uint64_t)i, NULL, cl);
		RT_EXPECT_MEM_EQ(x->mb.buf + i * 64, x->ma.buf + i * 64, 16, cl);
	}
}
BX_TEST(s_no_recv, "udapl.ep_post_send.recv.none_posted", "UDAPL-dat_ep_post_send-no-recv-posted")
{
	DAT_EVENT ev;
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 8, 1, 0), cl);
	/* Readings: the Send waits for a Receive (the reference), or fails
	 * with DAT_DTO_ERR_RECEIVER_NOT_READY and the connection breaks. */
	if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		RT_EXPECT_RC_IN(ev.event_data.dto_completion_event_data.status, cl,
				DAT_DTO_SUCCESS, DAT_DTO_ERR_RECEIVER_NOT_READY);
}
BX_TEST(order_mixed, "udapl.libdat.order.request_completions", "UDAPL-libdat-request-order")
{
	DAT_EVENT ev;
	for (int i = 0; i < 4; i++)
		UT_REQ(post_recv(x->c.eb, &x->mb, (size_t)i * 64, 64, 0, 0), cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 4096, 8);
	for (int i = 0; i < 12; i++) {
		DAT_DTO_COOKIE c = { .as_64 = (uint64_t)i };
		switch (i % 3) {
		case 0: UT_REQ(dat_ep_post_send(x->c.ea, 1, &s, c, 0), cl); break;
		case 1: UT_REQ(dat_ep_post_rdma_write(x->c.ea, 1, &s, c, &d, 0), cl); break;
		default: UT_REQ(dat_ep_post_rdma_read(x->c.ea, 1, &s, c, &d, 0), cl); break;
		}
	}
	for (int i = 0; i < 12; i++)
		if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.user_cookie.as_64,
					(uint64_t)i, cl);
}
BX_TEST(order_write_send, "udapl.libdat.order.write_then_send", "UDAPL-libdat-rdma-write-then-send-order")
{
	for (int i = 0; i < 50; i++) {
		UT_REQ(post_recv(x->c.eb, &x->mb, 6000, 8, (uint64_t)i, 0), cl);
		memset(x->ma.buf, 'a' + i % 26, 512);
		DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 512);
		DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 0, 512);
		DAT_DTO_COOKIE c = { .as_64 = 1 };
		UT_REQ(dat_ep_post_rdma_write(x->c.ea, 1, &s, c, &d, DAT_COMPLETION_SUPPRESS_FLAG), cl);
		UT_REQ(post_send(x->c.ea, &x->ma, 0, 8, 1, DAT_COMPLETION_SUPPRESS_FLAG), cl);
		if (!ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, (uint64_t)i, NULL, cl))
			return;
		if (!RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 512, cl))
			return;
	}
}
BX_TEST(st_local_len, "udapl.libdat.dto_status.local_length", "UDAPL-libdat-dto-status-local-length")
{
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 4, 1, 0), cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 40, 2, 0), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_ERR_LOCAL_LENGTH, 1, NULL, cl);
}
BX_TEST(st_flushed, "udapl.libdat.dto_status.flushed", "UDAPL-libdat-dto-status-flushed")
{
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 4, 1, 0), cl);
	UT_REQ(dat_ep_disconnect(x->c.eb, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_ERR_FLUSHED, 1, NULL, cl);
}
BX_TEST(st_remote, "udapl.libdat.dto_status.remote_access", "UDAPL-libdat-dto-status-remote-access")
{
	expect_peer_fails(x, 1, x->mb.rctx ^ 0x77777, cl);
}
BX_TEST(st_len_ok, "udapl.libdat.dto_status.transfered_length", "UDAPL-libdat-dto-transfered-length-success-only")
{
	DAT_EVENT ev;
	UT_REQ(post_recv(x->c.eb, &x->mb, 0, 4096, 1, 0), cl);
	UT_REQ(post_send(x->c.ea, &x->ma, 0, 777, 2, 0), cl);
	if (ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 2, &ev, cl))
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 777, cl);
	if (ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 1, &ev, cl))
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 777, cl);
}
BX_TEST(st_local_prot, "udapl.libdat.dto_status.local_protection", "UDAPL-libdat-dto-status-local-protection")
{
	/* A freed LMR's context: local read is always granted (E-UDAPL-005),
	 * so a missing privilege would not do. */
	struct ut_mem m;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_lmr_free(m.lmr), cl);
	DAT_RETURN rc = post_send(x->c.ea, &m, 0, 8, 1, 0);
	if (rc != DAT_SUCCESS)
		rt_unsupported("the Provider refuses bad local segments at post time (E-UDAPL-005)");
	ut_dto(x->c.a.req, DAT_DTO_ERR_LOCAL_PROTECTION, 1, NULL, cl);
}
BX_TEST(rng_remote, "udapl.libdat.protection.remote_range", "UDAPL-libdat-rdma-outside-remote-range")
{
	struct ut_mem m;
	ut_mem(&x->c.b, x->c.b.pz, 8192, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_RMR_CONTEXT ctx;
	const DAT_LMR_TRIPLET t = ut_seg(&m, 0, 128);
	DAT_RMR_COOKIE rk = { .as_64 = 1 };
	UT_REQ(dat_rmr_bind(ut_rmr_needed(x->rmr), &t, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.eb, rk, 0, &ctx), cl);
	bind_done(x, 1, DAT_DTO_SUCCESS, cl);
	memset(m.buf + 128, '!', 256);
	memset(x->ma.buf, 'v', 256);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 256);
	DAT_RMR_TRIPLET d = { ctx, 0, (DAT_VADDR)(uintptr_t)m.buf, 256 };
	DAT_DTO_COOKIE ck = { .as_64 = 2 };
	DAT_EVENT ev;
	int st = -1;
	if (dat_ep_post_rdma_write(x->c.ea, 1, &s, ck, &d, 0) == DAT_SUCCESS &&
			ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		st = ev.event_data.dto_completion_event_data.status;
	if (st != -1)
		RT_EXPECT_RC_IN(st, cl, DAT_DTO_ERR_REMOTE_ACCESS, DAT_DTO_ERR_REMOTE_RESPONDER,
				DAT_DTO_ERR_LOCAL_LENGTH);
	char g[256];
	memset(g, '!', 256);
	RT_EXPECT_MEM_EQ(m.buf + 128, g, 256, cl);
}

/* The flushed completion of a Recv posted in DISCONNECTED is the
 * completion the Recv asked for: a notification one by default. */
#define C_FLUSH_NOTIFY "UDAPL-dat_ep_post_recv-flushed-notification"
RT_TEST(r_flush_notify, "udapl.ep_post_recv.state.disconnected_flush_triggers_cno",
		C_FLUSH_NOTIFY)
{
	const char *cl = C_FLUSH_NOTIFY;
	struct ut_conn c;
	struct ut_mem m;
	DAT_CNO_HANDLE cno;
	DAT_EVD_HANDLE out = DAT_HANDLE_NULL;

	ut_conn_open(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_ep_disconnect(c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	UT_REQ(dat_cno_create(c.a.ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), cl);
	UT_REQ(dat_evd_modify_cno(c.a.rcv, cno), cl);
	DAT_LMR_TRIPLET r = ut_seg(&m, 0, 64);
	UT_REQ(dat_ep_post_recv(c.ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 0xf1 },
			DAT_COMPLETION_DEFAULT_FLAG), cl);
	UT_OK(dat_cno_wait(cno, 1000000, &out), cl);
	RT_EXPECT_TRUE(out == c.a.rcv, cl);
	ut_dto(c.a.rcv, DAT_DTO_ERR_FLUSHED, 0xf1, NULL, cl);
	ut_conn_close(&c);
}
