/*
 * rdma.c: dat_ep_post_rdma_write(3DAT), dat_ep_post_rdma_read and
 * dat_lmr_sync_rdma_write/read(3DAT) over a connection between two IAs
 * of this process (a is the initiator, b the target).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ut.h"

#define LEN 8192

struct cx {
	struct ut_conn c;
	struct ut_mem ma, mb;
};

static void cx_open(struct cx *x, const char *cl)
{
	ut_conn_open(&x->c, cl);
	ut_mem(&x->c.a, x->c.a.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x->ma, cl);
	ut_mem(&x->c.b, x->c.b.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x->mb, cl);
}

#define CX_TEST_ATTRS(fn, name, clause, attrs)                          \
	static void fn##_b(struct cx *x, const char *cl);               \
	RT_TEST_ATTRS(fn, name, clause, attrs)                          \
	{                                                               \
		struct cx x;                                            \
		cx_open(&x, clause);                                    \
		fn##_b(&x, clause);                                     \
		ut_conn_close(&x.c);                                    \
	}                                                               \
	static void fn##_b(struct cx *x, const char *cl)
#define CX_TEST(fn, name, clause) CX_TEST_ATTRS(fn, name, clause, "")

static void fill(char *p, size_t n, int seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (char)(i * 31 + seed);
}

static DAT_RETURN wr(struct cx *x, DAT_COUNT n, DAT_LMR_TRIPLET *iov,
		DAT_RMR_TRIPLET dst, uint64_t ck, DAT_COMPLETION_FLAGS f)
{
	DAT_DTO_COOKIE c = { .as_64 = ck };
	return dat_ep_post_rdma_write(x->c.ea, n, iov, c, &dst, f);
}

static DAT_RETURN rd(struct cx *x, DAT_COUNT n, DAT_LMR_TRIPLET *iov,
		DAT_RMR_TRIPLET src, uint64_t ck, DAT_COMPLETION_FLAGS f)
{
	DAT_DTO_COOKIE c = { .as_64 = ck };
	return dat_ep_post_rdma_read(x->c.ea, n, iov, c, &src, f);
}

/* Disconnects a -> b and waits for a's DISCONNECTED. */
static void cx_disconnect(struct cx *x, const char *cl)
{
	UT_REQ(dat_ep_disconnect(x->c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
}

/* A remote access violation: the post returns DAT_SUCCESS and the DTO
 * completes with a remote error status (E-UDAPL-006). */
static void expect_remote_error(struct cx *x, DAT_RETURN rc, const char *cl)
{
	DAT_EVENT ev;
	if (!RT_EXPECT_EQ_INT(rc, DAT_SUCCESS, cl))
		return;
	if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		RT_EXPECT_RC_IN(ev.event_data.dto_completion_event_data.status, cl,
				DAT_DTO_ERR_REMOTE_ACCESS, DAT_DTO_ERR_REMOTE_RESPONDER);
}

/* E-UDAPL-005: an invalid local segment is refused at once, or completes
 * with DAT_DTO_ERR_LOCAL_PROTECTION. */
static void expect_local_error(struct cx *x, DAT_RETURN rc, DAT_RETURN immediate,
		const char *cl)
{
	DAT_EVENT ev;
	if (rc == DAT_SUCCESS) {
		if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			RT_EXPECT_EQ_INT(ev.event_data.dto_completion_event_data.status,
					DAT_DTO_ERR_LOCAL_PROTECTION, cl);
		return;
	}
	UT_RC_IN(rc, cl, immediate, DAT_INVALID_PARAMETER);
}

/* ---- dat_ep_post_rdma_write(3DAT) ---- */

CX_TEST(w_symbol, "udapl.ep_post_rdma_write.abi.six_parameters",
		"UDAPL-dat_ep_post_rdma_write-synopsis-symbol")
{
	DAT_RETURN (*f)(DAT_EP_HANDLE, DAT_COUNT, DAT_LMR_TRIPLET *, DAT_DTO_COOKIE,
			const DAT_RMR_TRIPLET *, DAT_COMPLETION_FLAGS) = dat_ep_post_rdma_write;
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 16);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 0, 16);
	RT_EXPECT_EQ_INT(f(x->c.ea, 1, &s, ck, &d, DAT_COMPLETION_DEFAULT_FLAG), DAT_SUCCESS, cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 1, NULL, cl);
}

CX_TEST(w_all_data, "udapl.ep_post_rdma_write.data.all_bytes",
		"UDAPL-dat_ep_post_rdma_write-transfers-all-data")
{
	DAT_EVENT ev;
	fill(x->ma.buf, 1000, 3);
	memset(x->mb.buf, 0x5A, 2000);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 1000);
	RT_EXPECT_EQ_INT(wr(x, 1, &s, ut_rseg(&x->mb, 0, 1000), 2, 0), DAT_SUCCESS, cl);
	if (ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 2, &ev, cl))
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 1000, cl);
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, 0, 1000);
	UT_OK(dat_lmr_sync_rdma_write(x->c.b.ia, &r, 1), cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 1000, cl);
	char guard[1000];
	memset(guard, 0x5A, sizeof guard);
	RT_EXPECT_MEM_EQ(x->mb.buf + 1000, guard, 1000, cl);
}

CX_TEST(w_iov_order, "udapl.ep_post_rdma_write.iov.order",
		"UDAPL-dat_ep_post_rdma_write-iov-order")
{
	memset(x->ma.buf, 'A', 100);
	memset(x->ma.buf + 1000, 'B', 200);
	memset(x->ma.buf + 3000, 'C', 50);
	DAT_LMR_TRIPLET s[3] = { ut_seg(&x->ma, 0, 100), ut_seg(&x->ma, 1000, 200),
				 ut_seg(&x->ma, 3000, 50) };
	UT_REQ(wr(x, 3, s, ut_rseg(&x->mb, 0, 350), 3, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 3, NULL, cl);
	char want[350];
	memset(want, 'A', 100);
	memset(want + 100, 'B', 200);
	memset(want + 300, 'C', 50);
	RT_EXPECT_MEM_EQ(x->mb.buf, want, 350, cl);
}

CX_TEST(w_two_lmrs, "udapl.ep_post_rdma_write.iov.two_lmrs",
		"UDAPL-dat_ep_post_rdma_write-iov-segments-distinct-lmrs")
{
	struct ut_mem m2;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	fill(x->ma.buf, 64, 1);
	fill(m2.buf, 64, 2);
	DAT_LMR_TRIPLET s[2] = { ut_seg(&x->ma, 0, 64), ut_seg(&m2, 0, 64) };
	UT_REQ(wr(x, 2, s, ut_rseg(&x->mb, 0, 128), 4, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 4, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 64, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 64, m2.buf, 64, cl);
}

CX_TEST(w_iov_ownership, "udapl.ep_post_rdma_write.iov.ownership_attribute",
		"UDAPL-dat_ep_post_rdma_write-iov-ownership-attribute")
{
	DAT_PROVIDER_ATTR p;
	ut_attrs(x->c.a.ia, NULL, &p);
	RT_EXPECT_TRUE(p.iov_ownership_on_return == DAT_IOV_CONSUMER ||
			p.iov_ownership_on_return == DAT_IOV_PROVIDER_NOMOD ||
			p.iov_ownership_on_return == DAT_IOV_PROVIDER_MOD, cl);
	if (p.iov_ownership_on_return != DAT_IOV_CONSUMER)
		return;
	fill(x->ma.buf, 256, 9);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 256);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 256), 5, 0), cl);
	s = ut_seg(&x->ma, 1024, 8);	/* the array, not the memory */
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 5, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 256, cl);
}

CX_TEST(w_native, "udapl.ep_post_rdma_write.completion.exactly_one",
		"UDAPL-dat_ep_post_rdma_write-success-is-native-post")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 32);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 32), 6, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 6, NULL, cl);
	ut_empty(x->c.a.req, cl);
}

CX_TEST(w_event, "udapl.ep_post_rdma_write.completion.event_fields",
		"UDAPL-dat_ep_post_rdma_write-completion-event")
{
	DAT_EVENT ev;
	DAT_LMR_TRIPLET s[2] = { ut_seg(&x->ma, 0, 40), ut_seg(&x->ma, 100, 60) };
	UT_REQ(wr(x, 2, s, ut_rseg(&x->mb, 0, 100), 7, DAT_COMPLETION_DEFAULT_FLAG), cl);
	if (!ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 7, &ev, cl))
		return;
	RT_EXPECT_TRUE(ev.evd_handle == x->c.a.req, cl);
	RT_EXPECT_TRUE(ev.event_data.dto_completion_event_data.ep_handle == x->c.ea, cl);
	RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 100, cl);
}

CX_TEST(w_not_recv, "udapl.ep_post_rdma_write.completion.request_evd_only",
		"UDAPL-dat_ep_post_rdma_write-completion-not-on-recv-evd")
{
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, 4096, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 99 };
	UT_REQ(dat_ep_post_recv(x->c.eb, 1, &r, ck, DAT_COMPLETION_DEFAULT_FLAG), cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 32);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 32), 8, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 8, NULL, cl);
	ut_empty(x->c.a.rcv, cl);
	ut_empty(x->c.a.conn, cl);
	ut_empty(x->c.b.rcv, cl);
	ut_empty(x->c.b.conn, cl);
	ut_empty(x->c.b.req, cl);
}

CX_TEST(w_suppress, "udapl.ep_post_rdma_write.flags.suppress",
		"UDAPL-dat_ep_post_rdma_write-completion-suppress")
{
	fill(x->ma.buf, 64, 4);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 10, DAT_COMPLETION_SUPPRESS_FLAG), cl);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 1024, 64), 11, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 11, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 64, cl);
}

CX_TEST(w_suppress_error, "udapl.ep_post_rdma_write.flags.suppress_error_reported",
		"UDAPL-dat_ep_post_rdma_write-completion-suppress-error-reported")
{
	cx_disconnect(x, cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 12, DAT_COMPLETION_SUPPRESS_FLAG), cl);
	ut_dto(x->c.a.req, DAT_DTO_ERR_FLUSHED, 12, NULL, cl);
}

CX_TEST(w_unsig_param, "udapl.ep_post_rdma_write.flags.unsignalled_without_ep_flag",
		"UDAPL-dat_ep_post_rdma_write-unsignalled-requires-ep-flag")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	UT_RC(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 13, DAT_COMPLETION_UNSIGNALLED_FLAG),
			DAT_INVALID_PARAMETER, cl);
	ut_empty(x->c.a.req, cl);
}

#define C_W_UNSIG "UDAPL-dat_ep_post_rdma_write-unsignalled-accepted-with-ep-flag"
RT_TEST(w_unsig_ok, "udapl.ep_post_rdma_write.flags.unsignalled_with_ep_flag", C_W_UNSIG)
{
	struct cx x;
	DAT_EVENT ev;
	ut_conn_setup(&x.c, C_W_UNSIG);
	ut_ep_flags(x.c.ea, DAT_COMPLETION_UNSIGNALLED_FLAG, DAT_COMPLETION_DEFAULT_FLAG, C_W_UNSIG);
	ut_conn_connect(&x.c, C_W_UNSIG);
	ut_mem(&x.c.a, x.c.a.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x.ma, C_W_UNSIG);
	ut_mem(&x.c.b, x.c.b.pz, LEN, DAT_MEM_PRIV_ALL_FLAG, &x.mb, C_W_UNSIG);
	fill(x.ma.buf, 64, 5);
	DAT_LMR_TRIPLET s = ut_seg(&x.ma, 0, 64);
	RT_EXPECT_EQ_INT(wr(&x, 1, &s, ut_rseg(&x.mb, 0, 64), 14, DAT_COMPLETION_UNSIGNALLED_FLAG),
			DAT_SUCCESS, C_W_UNSIG);
	ut_progress(x.c.a.req);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(x.c.a.req, &ev), DAT_SUCCESS, C_W_UNSIG);
	RT_EXPECT_EQ_INT(ev.event_data.dto_completion_event_data.status, DAT_DTO_SUCCESS, C_W_UNSIG);
	RT_EXPECT_MEM_EQ(x.mb.buf, x.ma.buf, 64, C_W_UNSIG);
	ut_conn_close(&x.c);
}

CX_TEST(w_fence, "udapl.ep_post_rdma_write.flags.barrier_fence",
		"UDAPL-dat_ep_post_rdma_write-barrier-fence")
{
	DAT_EVENT e1, e2;
	fill(x->mb.buf, 128, 6);
	DAT_LMR_TRIPLET l = ut_seg(&x->ma, 0, 128);
	UT_REQ(rd(x, 1, &l, ut_rseg(&x->mb, 0, 128), 20, 0), cl);
	UT_REQ(wr(x, 1, &l, ut_rseg(&x->mb, 2048, 128), 21, DAT_COMPLETION_BARRIER_FENCE_FLAG), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 20, &e1, cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 21, &e2, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 2048, x->mb.buf, 128, cl);
}

CX_TEST(w_cookie, "udapl.ep_post_rdma_write.cookie.returned",
		"UDAPL-dat_ep_post_rdma_write-user-cookie-returned")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 8), 0xFEDCBA9876543210ull, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 0xFEDCBA9876543210ull, NULL, cl);
}

CX_TEST(w_cookie_dup, "udapl.ep_post_rdma_write.cookie.not_unique",
		"UDAPL-dat_ep_post_rdma_write-user-cookie-not-unique")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 8), 77, 0), cl);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 8, 8), 77, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 77, NULL, cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 77, NULL, cl);
}

CX_TEST(w_connected, "udapl.ep_post_rdma_write.state.connected",
		"UDAPL-dat_ep_post_rdma_write-valid-connected,UDAPL-dat_ep_post_rdma_write-rc-success")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_CONNECTED, "UDAPL-dat_ep_post_rdma_write-valid-connected");
	RT_EXPECT_EQ_INT(wr(x, 1, &s, ut_rseg(&x->mb, 0, 8), 1, 0), DAT_SUCCESS,
			"UDAPL-dat_ep_post_rdma_write-rc-success");
	(void)cl;
}

CX_TEST(w_disconnected, "udapl.ep_post_rdma_write.state.disconnected_flushed",
		"UDAPL-dat_ep_post_rdma_write-disconnected-flushed")
{
	memset(x->mb.buf, 0x11, 64);
	cx_disconnect(x, cl);
	fill(x->ma.buf, 64, 7);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	RT_EXPECT_EQ_INT(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 30, 0), DAT_SUCCESS, cl);
	ut_dto(x->c.a.req, DAT_DTO_ERR_FLUSHED, 30, NULL, cl);
	char g[64];
	memset(g, 0x11, 64);
	RT_EXPECT_MEM_EQ(x->mb.buf, g, 64, cl);
}

/* DAT_INVALID_STATE in the states other than CONNECTED / DISCONNECTED. */
enum pre { P_UNCONNECTED, P_PENDING, P_RESERVED, P_PASSIVE };

static DAT_EP_HANDLE ep_in(struct cx *x, enum pre p, const char *cl)
{
	DAT_EP_HANDLE ep = ut_ep(&x->c.a, NULL, cl);
	DAT_RSP_HANDLE rsp;
	DAT_EVENT ev;

	switch (p) {
	case P_UNCONNECTED:
		break;
	case P_PENDING:
		UT_REQ(dat_psp_create(x->c.b.ia, UT_QUAL + 5, x->c.b.cr, DAT_PSP_CONSUMER_FLAG,
				(DAT_PSP_HANDLE *)&rsp), cl);
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&x->c.b.addr, UT_QUAL + 5,
				UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT,
				DAT_CONNECT_DEFAULT_FLAG), cl);
		break;
	case P_RESERVED:
		UT_REQ(dat_rsp_create(x->c.a.ia, UT_QUAL + 6, ep, x->c.a.cr, &rsp), cl);
		break;
	case P_PASSIVE: {
		DAT_EP_HANDLE other = ut_ep(&x->c.b, NULL, cl);
		UT_REQ(dat_rsp_create(x->c.a.ia, UT_QUAL + 6, ep, x->c.a.cr, &rsp), cl);
		UT_REQ(dat_ep_connect(other, (DAT_IA_ADDRESS_PTR)&x->c.a.addr, UT_QUAL + 6,
				UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT,
				DAT_CONNECT_DEFAULT_FLAG), cl);
		ut_wait(x->c.a.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl);
		RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_PASSIVE_CONNECTION_PENDING, cl);
		break;
	}
	}
	return ep;
}

static DAT_RETURN post_on(struct cx *x, int op, DAT_EP_HANDLE ep)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	switch (op) {
	case 0: return dat_ep_post_rdma_write(ep, 1, &s, ck, &d, 0);
	case 1: return dat_ep_post_rdma_read(ep, 1, &s, ck, &d, 0);
	case 2: return dat_ep_post_send(ep, 1, &s, ck, 0);
	default: {
		DAT_RMR_HANDLE rmr;
		DAT_RMR_CONTEXT rc;
		DAT_RMR_COOKIE rk = { .as_64 = 1 };
		UT_REQ_CAP(x->c.a.ia, UT_CAP_RMR, dat_rmr_create(x->c.a.pz, &rmr), "-");
		DAT_LMR_TRIPLET w = ut_seg(&x->ma, 0, 64);
		return dat_rmr_bind(rmr, &w, DAT_MEM_PRIV_REMOTE_READ_FLAG, ep, rk, 0, &rc);
	}
	}
}

struct sreg { const char *name, *clause; int op; enum pre p; };
static const struct sreg states[] = {
	{ "udapl.ep_post_rdma_write.state.unconnected", "UDAPL-dat_ep_post_rdma_write-rc-invalid-state-unconnected", 0, P_UNCONNECTED },
	{ "udapl.ep_post_rdma_write.state.active_pending", "UDAPL-dat_ep_post_rdma_write-rc-invalid-state-active-connection-pending", 0, P_PENDING },
	{ "udapl.ep_post_rdma_write.state.reserved", "UDAPL-dat_ep_post_rdma_write-rc-invalid-state-reserved", 0, P_RESERVED },
	{ "udapl.ep_post_rdma_write.state.passive_pending", "UDAPL-dat_ep_post_rdma_write-rc-invalid-state-passive-connection-pending", 0, P_PASSIVE },
	{ "udapl.ep_post_rdma_read.state.unconnected", "UDAPL-dat_ep_post_rdma_read-rc-invalid-state-unconnected", 1, P_UNCONNECTED },
	{ "udapl.ep_post_send.state.unconnected", "UDAPL-dat_ep_post_send-rc-invalid-state-unconnected", 2, P_UNCONNECTED },
	{ "udapl.ep_post_send.state.active_pending", "UDAPL-dat_ep_post_send-rc-invalid-state-pending", 2, P_PENDING },
	{ "udapl.rmr_bind.state.unconnected", "UDAPL-dat_rmr_bind-rc-invalid-state-unconnected", 3, P_UNCONNECTED },
	{ "udapl.rmr_bind.state.active_pending", "UDAPL-dat_rmr_bind-rc-invalid-state-active-connection-pending", 3, P_PENDING },
	{ "udapl.rmr_bind.state.reserved", "UDAPL-dat_rmr_bind-rc-invalid-state-reserved", 3, P_RESERVED },
};

static void run_state(void)
{
	const struct sreg *r = NULL;
	struct cx x;
	for (size_t i = 0; i < sizeof states / sizeof states[0]; i++)
		if (!strcmp(states[i].name, rt_current_test()))
			r = &states[i];
	RT_REQUIRE_TRUE(r != NULL, "-");
	cx_open(&x, r->clause);
	DAT_EP_HANDLE ep = ep_in(&x, r->p, r->clause);
	UT_RC(post_on(&x, r->op, ep), DAT_INVALID_STATE, r->clause);
	ut_empty(x.c.a.req, r->clause);
	ut_conn_close(&x.c);
}

__attribute__((constructor)) static void register_states(void)
{
	for (size_t i = 0; i < sizeof states / sizeof states[0]; i++)
		rt_register(run_state, states[i].name, states[i].clause, "", __FILE__, __LINE__);
}

CX_TEST(w_outside, "udapl.ep_post_rdma_write.param.segment_past_lmr",
		"UDAPL-dat_ep_post_rdma_write-rc-invalid-parameter-segment-outside-lmr")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, LEN - 8, 64);
	UT_RC(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_INVALID_PARAMETER, cl);
}
CX_TEST(w_before, "udapl.ep_post_rdma_write.param.segment_before_lmr",
		"UDAPL-dat_ep_post_rdma_write-rc-invalid-parameter-segment-before-lmr")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	s.virtual_address -= 16;
	UT_RC(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_INVALID_PARAMETER, cl);
}
CX_TEST(w_negative, "udapl.ep_post_rdma_write.param.num_segments_negative",
		"UDAPL-dat_ep_post_rdma_write-rc-invalid-parameter-num-segments-negative")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	UT_RC(wr(x, -1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_INVALID_PARAMETER, cl);
}
CX_TEST(w_above_max, "udapl.ep_post_rdma_write.param.num_segments_above_max",
		"UDAPL-dat_ep_post_rdma_write-rc-invalid-parameter-num-segments-above-max")
{
	DAT_EP_PARAM p;
	UT_REQ(dat_ep_query(x->c.ea, DAT_EP_FIELD_ALL, &p), cl);
	DAT_COUNT n = p.ep_attr.max_rdma_write_iov + 1;
	DAT_LMR_TRIPLET *s = calloc((size_t)n, sizeof *s);
	for (DAT_COUNT i = 0; i < n; i++)
		s[i] = ut_seg(&x->ma, (size_t)i, 1);
	UT_RC(wr(x, n, s, ut_rseg(&x->mb, 0, (size_t)n), 1, 0), DAT_INVALID_PARAMETER, cl);
	free(s);
}
CX_TEST(w_zero, "udapl.ep_post_rdma_write.param.num_segments_zero",
		"UDAPL-dat_ep_post_rdma_write-num-segments-zero")
{
	DAT_EVENT ev;
	DAT_RETURN rc = wr(x, 0, NULL, ut_rseg(&x->mb, 0, 0), 40, 0);
	if (rc == DAT_SUCCESS) {
		if (ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 40, &ev, cl))
			RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length, 0, cl);
	} else {
		UT_RC(rc, DAT_INVALID_PARAMETER, cl);
	}
}
CX_TEST(w_length, "udapl.ep_post_rdma_write.length.remote_too_small",
		"UDAPL-dat_ep_post_rdma_write-rc-length-error")
{
	DAT_EVENT ev;
	memset(x->mb.buf, 0x22, 256);
	fill(x->ma.buf, 128, 8);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 128);
	DAT_RETURN rc = wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 41, 0);
	if (rc == DAT_SUCCESS) {
		if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			RT_EXPECT_RC_IN(ev.event_data.dto_completion_event_data.status, cl,
					DAT_DTO_ERR_LOCAL_LENGTH, DAT_DTO_ERR_REMOTE_ACCESS);
	} else {
		UT_RC(rc, DAT_LENGTH_ERROR, cl);
	}
	char g[192];
	memset(g, 0x22, sizeof g);
	RT_EXPECT_MEM_EQ(x->mb.buf + 64, g, sizeof g, cl);
}
CX_TEST(w_local_pz, "udapl.ep_post_rdma_write.protection.local_lmr_other_pz",
		"UDAPL-dat_ep_post_rdma_write-rc-protection-violation-local-pz")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m2;
	UT_REQ(dat_pz_create(x->c.a.ia, &pz2), cl);
	ut_mem(&x->c.a, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m2, 0, 64);
	UT_RC(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_PROTECTION_VIOLATION, cl);
}
CX_TEST(w_remote_pz, "udapl.ep_post_rdma_write.protection.remote_region_other_pz",
		"UDAPL-dat_ep_post_rdma_write-rc-protection-violation-remote-pz")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m2;
	UT_REQ(dat_pz_create(x->c.b.ia, &pz2), cl);
	ut_mem(&x->c.b, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	memset(m2.buf, 0x33, 64);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	expect_remote_error(x, wr(x, 1, &s, ut_rseg(&m2, 0, 64), 1, 0), cl);
	char g[64];
	memset(g, 0x33, 64);
	RT_EXPECT_MEM_EQ(m2.buf, g, 64, cl);
}
CX_TEST(w_local_read, "udapl.ep_post_rdma_write.privileges.no_local_read",
		"UDAPL-dat_ep_post_rdma_write-rc-privileges-violation-local-read")
{
	struct ut_mem m2;
	DAT_EVENT ev;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_LOCAL_WRITE_FLAG, &m2, cl);
	fill(m2.buf, 64, 9);
	DAT_LMR_TRIPLET s = ut_seg(&m2, 0, 64);
	DAT_RETURN rc = wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0);
	char z[64] = { 0 };
	if (rc != DAT_SUCCESS) {
		UT_RC_IN(rc, cl, DAT_PRIVILEGES_VIOLATION, DAT_INVALID_PARAMETER);
		RT_EXPECT_MEM_EQ(x->mb.buf, z, 64, cl);
		return;
	}
	if (!ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		return;
	/* E-UDAPL-005: refused in the completion (nothing written), or local
	 * read always granted (OFA) and the data written. */
	if (ev.event_data.dto_completion_event_data.status == DAT_DTO_SUCCESS) {
		RT_EXPECT_MEM_EQ(x->mb.buf, m2.buf, 64, cl);
		return;
	}
	RT_EXPECT_EQ_INT(ev.event_data.dto_completion_event_data.status,
			DAT_DTO_ERR_LOCAL_PROTECTION, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, z, 64, cl);
}
CX_TEST(w_invalid_lmr, "udapl.ep_post_rdma_write.privileges.freed_lmr",
		"UDAPL-dat_ep_post_rdma_write-rc-privileges-violation-invalid-lmr")
{
	struct ut_mem m2;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	UT_REQ(dat_lmr_free(m2.lmr), cl);
	DAT_LMR_TRIPLET s = ut_seg(&m2, 0, 64);
	expect_local_error(x, wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_PRIVILEGES_VIOLATION, cl);
}
CX_TEST(w_remote_write, "udapl.ep_post_rdma_write.privileges.remote_read_only",
		"UDAPL-dat_ep_post_rdma_write-rc-privileges-violation-remote-write")
{
	struct ut_mem m2;
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_LOCAL_READ_FLAG | DAT_MEM_PRIV_LOCAL_WRITE_FLAG |
			DAT_MEM_PRIV_REMOTE_READ_FLAG, &m2, cl);
	memset(m2.buf, 0x44, 64);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	expect_remote_error(x, wr(x, 1, &s, ut_rseg(&m2, 0, 64), 1, 0), cl);
	char g[64];
	memset(g, 0x44, 64);
	RT_EXPECT_MEM_EQ(m2.buf, g, 64, cl);
}
CX_TEST(w_unknown_ctx, "udapl.ep_post_rdma_write.remote.unknown_context",
		"UDAPL-dat_ep_post_rdma_write-remote-context-unknown")
{
	struct ut_mem m2;
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	DAT_RMR_TRIPLET d = ut_rseg(&m2, 0, 64);
	UT_REQ(dat_lmr_free(m2.lmr), cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	expect_remote_error(x, wr(x, 1, &s, d, 1, 0), cl);
	ut_progress(x->c.a.conn);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECTED, cl);
}
CX_TEST(w_breaks, "udapl.ep_post_rdma_write.remote.violation_breaks_connection",
		"UDAPL-dat_ep_post_rdma_write-remote-violation-breaks-connection")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 0, 64);
	d.rmr_context ^= 0x5a5a5a5a;
	expect_remote_error(x, wr(x, 1, &s, d, 1, 0), cl);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_BROKEN, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECTED, cl);
	UT_OK(wr(x, 1, &s, ut_rseg(&x->mb, 0, 64), 2, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_ERR_FLUSHED, 2, NULL, cl);
}
CX_TEST(w_unaligned, "udapl.ep_post_rdma_write.alignment.odd_addresses",
		"UDAPL-dat_ep_post_rdma_write-usage-alignment-advice")
{
	size_t offs[3] = { 257, 3 + 512, 255 + 1024 };
	fill(x->ma.buf, LEN, 10);
	for (int i = 0; i < 3; i++) {
		DAT_LMR_TRIPLET s = ut_seg(&x->ma, offs[i], 77);
		UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, offs[i] + 2048, 77), 50 + (uint64_t)i, 0), cl);
		ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 50 + (uint64_t)i, NULL, cl);
		RT_EXPECT_MEM_EQ(x->mb.buf + offs[i] + 2048, x->ma.buf + offs[i], 77, cl);
	}
}
CX_TEST(w_opt_align, "udapl.ep_post_rdma_write.alignment.optimal_attribute",
		"UDAPL-dat_ep_post_rdma_write-usage-optimal-alignment-attribute")
{
	DAT_PROVIDER_ATTR p;
	UT_OK(dat_ia_query(x->c.a.ia, NULL, 0, NULL, DAT_PROVIDER_FIELD_OPTIMAL_BUFFER_ALIGNMENT, &p), cl);
	RT_EXPECT_TRUE(p.optimal_buffer_alignment > 0 &&
			(p.optimal_buffer_alignment & (p.optimal_buffer_alignment - 1)) == 0, cl);
	RT_EXPECT_EQ_INT(DAT_OPTIMAL_ALIGNMENT, 256, cl);
}
CX_TEST_ATTRS(w_absurd_n, "udapl.ep_post_rdma_write.rob.absurd_num_segments",
		"UDAPL-dat_ep_post_rdma_write-rob-absurd-num-segments", "tier=robustness")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	UT_RC(wr(x, 0x7FFFFFFF, &s, ut_rseg(&x->mb, 0, 8), 1, 0), DAT_INVALID_PARAMETER, cl);
}
CX_TEST_ATTRS(w_absurd_len, "udapl.ep_post_rdma_write.rob.absurd_length",
		"UDAPL-dat_ep_post_rdma_write-rob-absurd-length", "tier=robustness")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	s.segment_length = 1ull << 63;
	DAT_RETURN rc = wr(x, 1, &s, ut_rseg(&x->mb, 0, 8), 1, 0);
	if (rc != DAT_SUCCESS)
		UT_RC_IN(rc, cl, DAT_INVALID_PARAMETER, DAT_LENGTH_ERROR);
	else
		RT_EXPECT_TRUE(ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, NULL, cl), cl);
}
CX_TEST_ATTRS(w_absurd_remote, "udapl.ep_post_rdma_write.rob.absurd_remote_length",
		"UDAPL-dat_ep_post_rdma_write-rob-absurd-length-remote", "tier=robustness")
{
	DAT_EVENT ev;
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&x->mb, 0, 8);
	d.segment_length = ~0ull;
	DAT_RETURN rc = wr(x, 1, &s, d, 1, 0);
	if (rc != DAT_SUCCESS)
		UT_RC_IN(rc, cl, DAT_INVALID_PARAMETER, DAT_LENGTH_ERROR);
	else if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
		RT_EXPECT_TRUE(1, cl);
}
CX_TEST_ATTRS(w_null_remote, "udapl.ep_post_rdma_write.rob.null_remote_buffer",
		"UDAPL-dat_ep_post_rdma_write-rob-null-remote", "tier=robustness")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_RC(dat_ep_post_rdma_write(x->c.ea, 1, &s, ck, NULL, 0), DAT_INVALID_PARAMETER, cl);
}

/* ---- dat_ep_post_rdma_read ---- */

CX_TEST(r_ok, "udapl.ep_post_rdma_read.rc.success", "UDAPL-dat_ep_post_rdma_read-rc-success")
{
	fill(x->mb.buf, 300, 11);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 300);
	RT_EXPECT_EQ_INT(rd(x, 1, &s, ut_rseg(&x->mb, 0, 300), 60, 0), DAT_SUCCESS, cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 60, NULL, cl);
	RT_EXPECT_MEM_EQ(x->ma.buf, x->mb.buf, 300, cl);
}
CX_TEST(r_scatter, "udapl.ep_post_rdma_read.iov.scatter_order", "UDAPL-dat_ep_post_rdma_read-iov-scatter-order")
{
	fill(x->mb.buf, 300, 12);
	DAT_LMR_TRIPLET s[3] = { ut_seg(&x->ma, 0, 100), ut_seg(&x->ma, 1000, 100), ut_seg(&x->ma, 2000, 100) };
	UT_REQ(rd(x, 3, s, ut_rseg(&x->mb, 0, 300), 61, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 61, NULL, cl);
	RT_EXPECT_MEM_EQ(x->ma.buf, x->mb.buf, 100, cl);
	RT_EXPECT_MEM_EQ(x->ma.buf + 1000, x->mb.buf + 100, 100, cl);
	RT_EXPECT_MEM_EQ(x->ma.buf + 2000, x->mb.buf + 200, 100, cl);
}
CX_TEST(r_flushed, "udapl.ep_post_rdma_read.state.disconnected_flushed", "UDAPL-dat_ep_post_rdma_read-disconnected-flushed")
{
	cx_disconnect(x, cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	RT_EXPECT_EQ_INT(rd(x, 1, &s, ut_rseg(&x->mb, 0, 64), 62, 0), DAT_SUCCESS, cl);
	ut_dto(x->c.a.req, DAT_DTO_ERR_FLUSHED, 62, NULL, cl);
}
CX_TEST(r_outside, "udapl.ep_post_rdma_read.param.segment_past_lmr", "UDAPL-dat_ep_post_rdma_read-rc-invalid-parameter-outside-lmr")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, LEN - 8, 64);
	UT_RC(rd(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_INVALID_PARAMETER, cl);
}
CX_TEST(r_nseg, "udapl.ep_post_rdma_read.param.num_segments", "UDAPL-dat_ep_post_rdma_read-rc-invalid-parameter-num-segments")
{
	DAT_EP_PARAM p;
	DAT_LMR_TRIPLET s[64];
	UT_REQ(dat_ep_query(x->c.ea, DAT_EP_FIELD_ALL, &p), cl);
	for (int i = 0; i < 64; i++)
		s[i] = ut_seg(&x->ma, (size_t)i, 1);
	UT_RC(rd(x, -1, s, ut_rseg(&x->mb, 0, 8), 1, 0), DAT_INVALID_PARAMETER, cl);
	if (p.ep_attr.max_rdma_read_iov < 64)
		UT_RC(rd(x, p.ep_attr.max_rdma_read_iov + 1, s,
				ut_rseg(&x->mb, 0, (size_t)p.ep_attr.max_rdma_read_iov + 1), 1, 0),
				DAT_INVALID_PARAMETER, cl);
}
CX_TEST(r_unsig, "udapl.ep_post_rdma_read.flags.unsignalled_without_ep_flag", "UDAPL-dat_ep_post_rdma_read-rc-invalid-parameter-unsignalled")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	UT_RC(rd(x, 1, &s, ut_rseg(&x->mb, 0, 8), 1, DAT_COMPLETION_UNSIGNALLED_FLAG), DAT_INVALID_PARAMETER, cl);
}
CX_TEST(r_length, "udapl.ep_post_rdma_read.length.local_too_small", "UDAPL-dat_ep_post_rdma_read-rc-length-error")
{
	DAT_EVENT ev;
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 32);
	DAT_RETURN rc = rd(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0);
	if (rc == DAT_SUCCESS) {
		if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			RT_EXPECT_RC_IN(ev.event_data.dto_completion_event_data.status, cl,
					DAT_DTO_ERR_LOCAL_LENGTH, DAT_DTO_ERR_REMOTE_ACCESS);
	} else {
		UT_RC(rc, DAT_LENGTH_ERROR, cl);
	}
}
CX_TEST(r_local_pz, "udapl.ep_post_rdma_read.protection.local_lmr_other_pz", "UDAPL-dat_ep_post_rdma_read-rc-protection-violation-local-pz")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m2;
	UT_REQ(dat_pz_create(x->c.a.ia, &pz2), cl);
	ut_mem(&x->c.a, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m2, 0, 64);
	UT_RC(rd(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_PROTECTION_VIOLATION, cl);
}
CX_TEST(r_remote_pz, "udapl.ep_post_rdma_read.protection.remote_region_other_pz", "UDAPL-dat_ep_post_rdma_read-rc-protection-violation-remote-pz")
{
	DAT_PZ_HANDLE pz2;
	struct ut_mem m2;
	UT_REQ(dat_pz_create(x->c.b.ia, &pz2), cl);
	ut_mem(&x->c.b, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	expect_remote_error(x, rd(x, 1, &s, ut_rseg(&m2, 0, 64), 1, 0), cl);
}
CX_TEST(r_local_write, "udapl.ep_post_rdma_read.privileges.no_local_write", "UDAPL-dat_ep_post_rdma_read-rc-privileges-violation-local-write")
{
	struct ut_mem m2;
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_LOCAL_READ_FLAG, &m2, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m2, 0, 64);
	UT_RC(rd(x, 1, &s, ut_rseg(&x->mb, 0, 64), 1, 0), DAT_PRIVILEGES_VIOLATION, cl);
}
CX_TEST(r_remote_read, "udapl.ep_post_rdma_read.privileges.remote_write_only", "UDAPL-dat_ep_post_rdma_read-rc-privileges-violation-remote-read")
{
	struct ut_mem m2;
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_LOCAL_READ_FLAG | DAT_MEM_PRIV_LOCAL_WRITE_FLAG |
			DAT_MEM_PRIV_REMOTE_WRITE_FLAG, &m2, cl);
	fill(m2.buf, 64, 13);
	memset(x->ma.buf, 0x66, 64);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	expect_remote_error(x, rd(x, 1, &s, ut_rseg(&m2, 0, 64), 1, 0), cl);
	char g[64];
	memset(g, 0x66, 64);
	RT_EXPECT_MEM_EQ(x->ma.buf, g, 64, cl);
}
CX_TEST_ATTRS(r_absurd, "udapl.ep_post_rdma_read.rob.absurd_num_segments",
		"UDAPL-dat_ep_post_rdma_read-rob-absurd-num-segments", "tier=robustness")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 8);
	UT_RC(rd(x, 0x7FFFFFFF, &s, ut_rseg(&x->mb, 0, 8), 1, 0), DAT_INVALID_PARAMETER, cl);
}

/* ---- dat_lmr_sync_rdma_write / read(3DAT) ---- */

struct yreg { const char *tag; int rd; };

/* Bad segments: DAT_INVALID_PARAMETER as the page says, or DAT_SUCCESS as
 * Sun's libdat returns on x86, where it checks only ia_handle and
 * synchronizes nothing (E-UDAPL-027). */
#define Y_BAD_SEGMENTS DAT_INVALID_PARAMETER, DAT_SUCCESS
typedef DAT_RETURN (*sync_fn)(DAT_IA_HANDLE, const DAT_LMR_TRIPLET *, DAT_VLEN);

static sync_fn sync_of(const char *name)
{
	return strstr(name, "sync_rdma_read") ? dat_lmr_sync_rdma_read : dat_lmr_sync_rdma_write;
}

/* The argument checks, the same for both calls: one row per clause. */
enum ycase { Y_OK, Y_OUTSIDE, Y_STRADDLE, Y_UNKNOWN, Y_OTHER_IA, Y_NULL, Y_ZERO_N, Y_ZERO_LEN,
	Y_BATCH, Y_MIXED, Y_ONE_BAD, Y_ATTR, Y_NOT_NEEDED, Y_ABSURD_N, Y_WRAP, Y_COUNT };
static const char *ycase_clause[Y_COUNT] = { "rc-success", "rc-invalid-parameter-outside-lmr",
	"rc-invalid-parameter-straddles-lmr-end", "rc-invalid-parameter-unknown-lmr",
	"rc-invalid-parameter-other-ia", "rc-invalid-parameter-null-segments", "num-segments-zero",
	"zero-length-segment-skipped", "batch-multiple-ranges", "segments-mixed-lmrs-pzs",
	"one-bad-segment-fails", "attribute-lmr-sync-req", "valid-when-not-needed",
	"rob-absurd-num-segments", "rob-absurd-length-wrap" };
static const char *ycase_name[Y_COUNT] = { "rc.success", "param.outside_lmr", "param.straddles_end",
	"param.unknown_lmr", "param.other_ia", "param.null_segments", "param.num_segments_zero",
	"param.zero_length_skipped", "batch.eight_ranges", "batch.mixed_lmrs_pzs",
	"param.one_bad_segment", "attr.lmr_sync_req", "state.valid_when_not_needed",
	"rob.absurd_num_segments", "rob.length_wrap" };
struct yr { char *name, *clause; int c; };
static struct yr yrs[2 * Y_COUNT];
static size_t nyrs;

static void run_sync(void)
{
	const struct yr *r = NULL;
	for (size_t i = 0; i < nyrs; i++)
		if (!strcmp(yrs[i].name, rt_current_test()))
			r = &yrs[i];
	RT_REQUIRE_TRUE(r != NULL, "-");
	const char *cl = r->clause;
	sync_fn f = sync_of(r->name);
	struct ut_ia u;
	struct ut_mem m;
	ut_open(&u, cl);
	ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_LMR_TRIPLET s[8];
	switch (r->c) {
	case Y_OK:
		s[0] = ut_seg(&m, 0, 4096);
		RT_EXPECT_EQ_INT(f(u.ia, s, 1), DAT_SUCCESS, cl);
		break;
	case Y_OUTSIDE:
		s[0] = ut_seg(&m, 0, 64);
		s[0].virtual_address += 8192;
		UT_RC_IN(f(u.ia, s, 1), cl, Y_BAD_SEGMENTS);
		break;
	case Y_STRADDLE:
		s[0] = ut_seg(&m, 4000, 200);
		UT_RC_IN(f(u.ia, s, 1), cl, Y_BAD_SEGMENTS);
		break;
	case Y_UNKNOWN: {
		struct ut_mem m2;
		ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
		s[0] = ut_seg(&m2, 0, 64);
		UT_REQ(dat_lmr_free(m2.lmr), cl);
		UT_RC_IN(f(u.ia, s, 1), cl, Y_BAD_SEGMENTS);
		break;
	}
	case Y_OTHER_IA: {
		struct ut_ia u2;
		struct ut_mem m2;
		ut_open(&u2, cl);
		ut_mem(&u2, u2.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
		s[0] = ut_seg(&m2, 0, 64);
		UT_RC_IN(f(u.ia, s, 1), cl, Y_BAD_SEGMENTS);
		ut_close(&u2);
		break;
	}
	case Y_NULL:
		UT_RC_IN(f(u.ia, NULL, 1), cl, Y_BAD_SEGMENTS);
		break;
	case Y_ZERO_N: {
		DAT_RETURN rc = f(u.ia, s, 0);
		UT_RC_IN(rc, cl, DAT_SUCCESS, DAT_INVALID_PARAMETER);
		break;
	}
	case Y_ZERO_LEN:	/* skipped, or its context checked as Sun's daplt does (E-UDAPL-031) */
		s[0] = (DAT_LMR_TRIPLET){ 0xDEAD, 0, 0x10, 0 };
		UT_RC_IN(f(u.ia, s, 1), cl, DAT_SUCCESS, DAT_INVALID_PARAMETER);
		break;
	case Y_BATCH:
		for (int i = 0; i < 8; i++)
			s[i] = ut_seg(&m, (size_t)i * 512, 100);
		RT_EXPECT_EQ_INT(f(u.ia, s, 8), DAT_SUCCESS, cl);
		break;
	case Y_MIXED: {
		DAT_PZ_HANDLE pz2;
		struct ut_mem m2;
		UT_REQ(dat_pz_create(u.ia, &pz2), cl);
		ut_mem(&u, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m2, cl);
		s[0] = ut_seg(&m, 0, 64);
		s[1] = ut_seg(&m2, 128, 64);
		RT_EXPECT_EQ_INT(f(u.ia, s, 2), DAT_SUCCESS, cl);
		break;
	}
	case Y_ONE_BAD:
		for (int i = 0; i < 3; i++)
			s[i] = ut_seg(&m, (size_t)i * 100, 50);
		s[3] = ut_seg(&m, 4090, 64);
		UT_RC_IN(f(u.ia, s, 4), cl, Y_BAD_SEGMENTS);
		break;
	case Y_ATTR: {
		DAT_PROVIDER_ATTR p;
		UT_OK(dat_ia_query(u.ia, NULL, 0, NULL, DAT_PROVIDER_FIELD_LMR_SYNC_REQ, &p), cl);
		RT_EXPECT_TRUE(p.lmr_sync_req == DAT_TRUE || p.lmr_sync_req == DAT_FALSE, cl);
		break;
	}
	case Y_NOT_NEEDED: {
		DAT_PROVIDER_ATTR p;
		UT_OK(dat_ia_query(u.ia, NULL, 0, NULL, DAT_PROVIDER_FIELD_LMR_SYNC_REQ, &p), cl);
		fill(m.buf, 4096, 14);
		char copy[4096];
		memcpy(copy, m.buf, 4096);
		s[0] = ut_seg(&m, 0, 4096);
		RT_EXPECT_EQ_INT(f(u.ia, s, 1), DAT_SUCCESS, cl);
		if (p.lmr_sync_req == DAT_FALSE)
			RT_EXPECT_MEM_EQ(m.buf, copy, 4096, cl);
		break;
	}
	case Y_ABSURD_N:
		s[0] = ut_seg(&m, 0, 8);
		UT_RC(f(u.ia, s, 1ull << 63), DAT_INVALID_PARAMETER, cl);
		break;
	case Y_WRAP:
		s[0] = ut_seg(&m, 64, 8);
		s[0].segment_length = ~0ull - 16;
		UT_RC_IN(f(u.ia, s, 1), cl, DAT_INVALID_PARAMETER, DAT_LENGTH_ERROR);
		break;
	}
	ut_close(&u);
}

__attribute__((constructor)) static void register_sync(void)
{
	for (int k = 0; k < 2; k++)
		for (int c = 0; c < Y_COUNT; c++) {
			char name[128], clause[128];
			const char *call = k ? "lmr_sync_rdma_read" : "lmr_sync_rdma_write";
			if (c == Y_WRAP && k)
				continue;	/* no such clause for the read side */
			snprintf(name, sizeof name, "udapl.%s.%s", call, ycase_name[c]);
			snprintf(clause, sizeof clause, "UDAPL-dat_%s-%s", call, ycase_clause[c]);
			yrs[nyrs] = (struct yr){ strdup(name), strdup(clause), c };
			rt_register(run_sync, yrs[nyrs].name, yrs[nyrs].clause,
					c >= Y_ABSURD_N ? "tier=robustness" : "", __FILE__, __LINE__);
			nyrs++;
		}
}

CX_TEST(y_visible, "udapl.lmr_sync_rdma_write.data.write_visible",
		"UDAPL-dat_lmr_sync_rdma_write-makes-write-visible")
{
	fill(x->ma.buf, 512, 15);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 512);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 512), 1, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 1, NULL, cl);
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, 0, 512);
	RT_EXPECT_EQ_INT(dat_lmr_sync_rdma_write(x->c.b.ia, &r, 1), DAT_SUCCESS, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 512, cl);
}
CX_TEST(y_before, "udapl.lmr_sync_rdma_write.order.local_write_before_incoming",
		"UDAPL-dat_lmr_sync_rdma_write-local-write-before-incoming")
{
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, 0, 256);
	memset(x->mb.buf, 'L', 256);
	RT_EXPECT_EQ_INT(dat_lmr_sync_rdma_write(x->c.b.ia, &r, 1), DAT_SUCCESS, cl);
	fill(x->ma.buf, 256, 16);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 256);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 256), 1, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 1, NULL, cl);
	RT_EXPECT_EQ_INT(dat_lmr_sync_rdma_write(x->c.b.ia, &r, 1), DAT_SUCCESS, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf, x->ma.buf, 256, cl);
}
CX_TEST(y_after, "udapl.lmr_sync_rdma_write.order.local_write_after_incoming",
		"UDAPL-dat_lmr_sync_rdma_write-local-write-after-incoming")
{
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, 0, 256);
	fill(x->ma.buf, 256, 17);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 256);
	UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, 0, 256), 1, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 1, NULL, cl);
	RT_EXPECT_EQ_INT(dat_lmr_sync_rdma_write(x->c.b.ia, &r, 1), DAT_SUCCESS, cl);
	memset(x->mb.buf, 'W', 256);
	char g[256];
	memset(g, 'W', 256);
	RT_EXPECT_MEM_EQ(x->mb.buf, g, 256, cl);
}
CX_TEST(y_send_after, "udapl.lmr_sync_rdma_write.usage.send_names_range",
		"UDAPL-dat_lmr_sync_rdma_write-usage-send-after-write-signals-range")
{
	struct range { DAT_VADDR a; DAT_VLEN n; } msg;
	for (int it = 0; it < 200; it++) {
		size_t off = (size_t)(it % 8) * 512, n = 100 + (size_t)it % 300;
		DAT_LMR_TRIPLET rx = ut_seg(&x->mb, 6144, sizeof msg);
		DAT_DTO_COOKIE ck = { .as_64 = (uint64_t)it };
		UT_REQ(dat_ep_post_recv(x->c.eb, 1, &rx, ck, 0), cl);
		fill(x->ma.buf + off, n, it);
		DAT_LMR_TRIPLET s = ut_seg(&x->ma, off, n);
		UT_REQ(wr(x, 1, &s, ut_rseg(&x->mb, off, n), 1, DAT_COMPLETION_SUPPRESS_FLAG), cl);
		msg = (struct range){ (DAT_VADDR)(uintptr_t)(x->mb.buf + off), n };
		memcpy(x->ma.buf + 6144, &msg, sizeof msg);
		DAT_LMR_TRIPLET t = ut_seg(&x->ma, 6144, sizeof msg);
		UT_REQ(dat_ep_post_send(x->c.ea, 1, &t, ck, DAT_COMPLETION_SUPPRESS_FLAG), cl);
		if (!ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, (uint64_t)it, NULL, cl))
			return;
		memcpy(&msg, x->mb.buf + 6144, sizeof msg);
		DAT_LMR_TRIPLET r = { x->mb.lctx, 0, msg.a, msg.n };
		UT_REQ(dat_lmr_sync_rdma_write(x->c.b.ia, &r, 1), cl);
		if (!RT_EXPECT_MEM_EQ(x->mb.buf + off, x->ma.buf + off, n, cl))
			return;
	}
}
CX_TEST(y_read_visible, "udapl.lmr_sync_rdma_read.data.local_writes_visible",
		"UDAPL-dat_lmr_sync_rdma_read-makes-local-writes-visible")
{
	fill(x->mb.buf, 400, 18);
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, 0, 400);
	RT_EXPECT_EQ_INT(dat_lmr_sync_rdma_read(x->c.b.ia, &r, 1), DAT_SUCCESS, cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 400);
	UT_REQ(rd(x, 1, &s, ut_rseg(&x->mb, 0, 400), 1, 0), cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 1, NULL, cl);
	RT_EXPECT_MEM_EQ(x->ma.buf, x->mb.buf, 400, cl);
}
