/*
 * faults.c: DAT_INSUFFICIENT_RESOURCES and failures after a post, through
 * the optional test-control interface (needs=faults): the first
 * allocation the call needs fails (RDMACTS_TC_FAIL_NTH_ALLOCATION), or the
 * first transaction posted fails (RDMACTS_TC_FAIL_NTH_TRANSACTION).
 * Against an implementation without the interface these tests are
 * UNSUPPORTED.
 *
 * "Nothing is created" is checked with a graceful dat_ia_close: it
 * succeeds only when no object is left on the IA (dat_ia_close(3DAT)).
 */
#include <string.h>

#include "rdmacts_test_control.h"
#include "ut.h"

#define FAULTS "needs=faults"

static DAT_RETURN faulted;

/* The call, with its first allocation failing. */
#define NOMEM(call) (ut_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1), \
		faulted = (call), ut_control(RDMACTS_TC_RESET, 0), faulted)

/* Frees the fixture's own objects and closes the IA gracefully: that
 * succeeds only if nothing else is left on it. */
static void close_graceful(struct ut_ia *u, const char *cl)
{
	DAT_EVD_HANDLE *e[] = { &u->req, &u->rcv, &u->conn, &u->cr };

	for (size_t i = 0; i < 4; i++)
		if (*e[i])
			UT_OK(dat_evd_free(*e[i]), cl);
	if (u->pz)
		UT_OK(dat_pz_free(u->pz), cl);
	UT_OK(dat_ia_close(u->ia, DAT_CLOSE_GRACEFUL_FLAG), cl);
	u->ia = DAT_HANDLE_NULL;
}

/* An IA whose Provider is loaded (so the interface can be found). */
#define F_TEST(fn, name, clause)                                        \
	static void fn##_b(struct ut_ia *u, const char *cl);            \
	RT_TEST_ATTRS(fn, name, clause, FAULTS)                         \
	{                                                               \
		struct ut_ia u;                                         \
		ut_open(&u, clause);                                    \
		fn##_b(&u, clause);                                     \
		ut_close(&u);                                           \
	}                                                               \
	static void fn##_b(struct ut_ia *u, const char *cl)

#define IR DAT_INSUFFICIENT_RESOURCES
/* A call whose page lists no resource code (E-UDAPL-081): any error, no effect. */
#define UT_REFUSED(rc, clause) RT_EXPECT_TRUE(DAT_GET_TYPE(rc) != DAT_SUCCESS, clause)

F_TEST(f_pz, "udapl.pz_create.faults.insufficient_resources",
		"UDAPL-dat_pz_create-rc-insufficient-resources")
{
	DAT_PZ_HANDLE pz;
	UT_RC(NOMEM(dat_pz_create(u->ia, &pz)), IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_cno, "udapl.cno_create.faults.insufficient_resources",
		"UDAPL-dat_cno_create-rc-insufficient-resources")
{
	DAT_CNO_HANDLE cno;
	UT_RC(NOMEM(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno)), IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_evd, "udapl.evd_create.faults.insufficient_resources",
		"UDAPL-dat_evd_create-rc-insufficient-resources")
{
	DAT_EVD_HANDLE evd;
	UT_RC(NOMEM(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &evd)),
			IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_ep, "udapl.ep_create.faults.insufficient_resources",
		"UDAPL-dat_ep_create-rc-insufficient-resources")
{
	DAT_EP_HANDLE ep;
	UT_RC(NOMEM(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, NULL, &ep)),
			IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_ep_srq, "udapl.ep_create_with_srq.faults.insufficient_resources",
		"UDAPL-dat_ep_create_with_srq-rc-insufficient-resources")
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 8, .max_recv_iov = 1, .low_watermark = 0 };
	DAT_SRQ_HANDLE srq;
	DAT_EP_HANDLE ep;
	UT_REQ_CAP(u->ia, UT_CAP_SRQ, dat_srq_create(u->ia, u->pz, &a, &srq), cl);
	UT_RC(NOMEM(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn,
			srq, NULL, &ep)), IR, cl);
	UT_OK(dat_srq_free(srq), cl);
	close_graceful(u, cl);
}

F_TEST(f_srq, "udapl.srq_create.faults.insufficient_resources",
		"UDAPL-dat_srq_create-rc-insufficient-resources")
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 8, .max_recv_iov = 1, .low_watermark = 0 };
	DAT_SRQ_HANDLE srq;
	ut_need(u->ia, UT_CAP_SRQ);
	UT_RC(NOMEM(dat_srq_create(u->ia, u->pz, &a, &srq)), IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_lmr, "udapl.lmr_create.faults.insufficient_resources",
		"UDAPL-dat_lmr_create-rc-insufficient-resources")
{
	static char buf[4096];
	DAT_REGION_DESCRIPTION r = { .for_va = buf };
	DAT_LMR_HANDLE lmr;
	DAT_LMR_CONTEXT lc;
	DAT_RMR_CONTEXT rc;
	DAT_VLEN len;
	DAT_VADDR va;
	UT_RC(NOMEM(dat_lmr_create(u->ia, DAT_MEM_TYPE_VIRTUAL, r, sizeof buf, u->pz,
			DAT_MEM_PRIV_ALL_FLAG, &lmr, &lc, &rc, &len, &va)), IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_rmr, "udapl.rmr_create.faults.insufficient_resources",
		"UDAPL-dat_rmr_create-rc-insufficient-resources")
{
	DAT_RMR_HANDLE rmr;
	ut_need(u->ia, UT_CAP_RMR);
	UT_RC(NOMEM(dat_rmr_create(u->pz, &rmr)), IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_psp, "udapl.psp_create.faults.insufficient_resources",
		"UDAPL-dat_psp_create-rc-insufficient-resources")
{
	DAT_PSP_HANDLE psp;
	UT_RC(NOMEM(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &psp)),
			IR, cl);
	/* the qualifier was not taken */
	UT_OK(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &psp), cl);
	UT_OK(dat_psp_free(psp), cl);
	close_graceful(u, cl);
}

F_TEST(f_psp_any, "udapl.psp_create_any.faults.insufficient_resources",
		"UDAPL-dat_psp_create_any-rc-insufficient-resources")
{
	DAT_PSP_HANDLE psp;
	DAT_CONN_QUAL q;
	UT_RC(NOMEM(dat_psp_create_any(u->ia, &q, u->cr, DAT_PSP_CONSUMER_FLAG, &psp)),
			IR, cl);
	close_graceful(u, cl);
}

F_TEST(f_rsp, "udapl.rsp_create.faults.insufficient_resources",
		"UDAPL-dat_rsp_create-rc-insufficient-resources")
{
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	DAT_RSP_HANDLE rsp;
	UT_RC(NOMEM(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &rsp)), IR, cl);
	/* the Endpoint was not reserved */
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_UNCONNECTED, cl);
	UT_OK(dat_ep_free(ep), cl);
	close_graceful(u, cl);
}

F_TEST(f_evd_resize, "udapl.evd_resize.faults.insufficient_resources",
		"UDAPL-dat_evd_resize-rc-insufficient-resources")
{
	DAT_EVD_PARAM p;
	UT_RC(NOMEM(dat_evd_resize(u->rcv, 128)), IR, cl);
	UT_REQ(dat_evd_query(u->rcv, DAT_EVD_FIELD_EVD_QLEN, &p), cl);
	RT_EXPECT_TRUE(p.evd_qlen >= 64 && p.evd_qlen < 128, cl);
}

F_TEST(f_srq_resize, "udapl.srq_resize.faults.insufficient_resources",
		"UDAPL-dat_srq_resize-rc-insufficient-resources")
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 8, .max_recv_iov = 1, .low_watermark = 0 };
	DAT_SRQ_HANDLE srq;
	DAT_SRQ_PARAM p;
	UT_REQ_CAP(u->ia, UT_CAP_SRQ, dat_srq_create(u->ia, u->pz, &a, &srq), cl);
	UT_RC(NOMEM(dat_srq_resize(srq, 64)), IR, cl);
	UT_REQ(dat_srq_query(srq, DAT_SRQ_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.max_recv_dtos >= 8 && p.max_recv_dtos < 64, cl);
}

F_TEST(f_ep_modify, "udapl.ep_modify.faults.insufficient_resources",
		"UDAPL-dat_ep_modify-rc-insufficient-resources")
{
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	DAT_EP_PARAM p, q;
	UT_REQ(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), cl);
	memset(&q, 0, sizeof q);
	q.ep_attr.max_recv_dtos = p.ep_attr.max_recv_dtos > 1 ? p.ep_attr.max_recv_dtos - 1 : 2;
	UT_REFUSED(NOMEM(dat_ep_modify(ep, DAT_EP_FIELD_EP_ATTR_MAX_RECV_DTOS, &q)), cl);
	UT_REQ(dat_ep_query(ep, DAT_EP_FIELD_ALL, &q), cl);
	RT_EXPECT_EQ_INT(q.ep_attr.max_recv_dtos, p.ep_attr.max_recv_dtos, cl);
}

F_TEST(f_ep_wm, "udapl.ep_set_watermark.faults.insufficient_resources",
		"UDAPL-dat_ep_set_watermark-rc-insufficient-resources")
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 8, .max_recv_iov = 1, .low_watermark = 0 };
	DAT_SRQ_HANDLE srq;
	DAT_EP_HANDLE ep;
	UT_REQ_CAP(u->ia, UT_CAP_SRQ, dat_srq_create(u->ia, u->pz, &a, &srq), cl);
	UT_REQ(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, srq,
			NULL, &ep), cl);
	UT_REFUSED(NOMEM(dat_ep_set_watermark(ep, 2, 4)), cl);
	UT_OK(dat_ep_set_watermark(ep, 2, 4), cl);
}

RT_TEST_ATTRS(f_ia_open, "udapl.ia_open.faults.insufficient_resources",
		"UDAPL-dat_ia_open-rc-insufficient-resources", FAULTS)
{
	const char *cl = "UDAPL-dat_ia_open-rc-insufficient-resources";
	struct ut_ia u;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;

	ut_open(&u, cl);	/* the Provider is loaded */
	UT_RC(NOMEM(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia)), IR, cl);
	async = DAT_HANDLE_NULL;
	UT_OK(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia), cl);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	ut_close(&u);
}

RT_TEST_ATTRS(f_ia_openv, "udapl.ia_openv.faults.insufficient_resources",
		"UDAPL-dat_ia_openv-rc-insufficient-resources", FAULTS)
{
	const char *cl = "UDAPL-dat_ia_openv-rc-insufficient-resources";
	struct ut_ia u;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;

	ut_open(&u, cl);
	UT_RC(NOMEM(dat_ia_openv((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia,
			DAT_VERSION_MAJOR, DAT_VERSION_MINOR, DAT_FALSE)), IR, cl);
	ut_close(&u);
}

F_TEST(f_ia_close, "udapl.ia_close.faults.insufficient_resources",
		"UDAPL-dat_ia_close-rc-insufficient-resources")
{
	DAT_EVD_HANDLE async;
	DAT_IA_HANDLE ia = ut_open_bare(&async, cl);
	(void)u;
	UT_RC(NOMEM(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG)), IR, cl);
	/* the IA is still there */
	UT_OK(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG), cl);
}

/* ---- connections ---- */

#define FC_TEST(fn, name, clause, open)                                 \
	static void fn##_b(struct ut_conn *c, const char *cl);          \
	RT_TEST_ATTRS(fn, name, clause, FAULTS)                         \
	{                                                               \
		struct ut_conn c;                                       \
		if (open)                                               \
			ut_conn_open(&c, clause);                       \
		else                                                    \
			ut_conn_setup(&c, clause);                      \
		fn##_b(&c, clause);                                     \
		ut_conn_close(&c);                                      \
	}                                                               \
	static void fn##_b(struct ut_conn *c, const char *cl)

FC_TEST(f_connect, "udapl.ep_connect.faults.insufficient_resources",
		"UDAPL-dat_ep_connect-rc-insufficient-resources", 0)
{
	UT_RC(NOMEM(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&c->b.addr, UT_QUAL,
			UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG)),
			IR, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_UNCONNECTED, cl);
	ut_empty(c->b.cr, cl);		/* no request went out */
	ut_conn_connect(c, cl);
}

FC_TEST(f_dup, "udapl.ep_dup_connect.faults.insufficient_resources",
		"UDAPL-dat_ep_dup_connect-rc-insufficient-resources", 1)
{
	DAT_EP_HANDLE e2 = ut_ep(&c->a, NULL, cl);
	UT_RC(NOMEM(dat_ep_dup_connect(e2, c->ea, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT)), IR, cl);
	RT_EXPECT_EQ_INT(ut_state(e2), DAT_EP_STATE_UNCONNECTED, cl);
	ut_empty(c->b.cr, cl);
}

FC_TEST(f_accept, "udapl.cr_accept.faults.insufficient_resources",
		"UDAPL-dat_cr_accept-rc-insufficient-resources", 0)
{
	DAT_EVENT ev;
	UT_REQ(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&c->b.addr, UT_QUAL,
			UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	DAT_CR_HANDLE cr = ev.event_data.cr_arrival_event_data.cr_handle;
	UT_REFUSED(NOMEM(dat_cr_accept(cr, c->eb, 0, NULL)), cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_UNCONNECTED, cl);
	/* the request is still pending and can be accepted */
	UT_OK(dat_cr_accept(cr, c->eb, 0, NULL), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
}

FC_TEST(f_disc, "udapl.ep_disconnect.faults.insufficient_resources",
		"UDAPL-dat_ep_disconnect-rc-insufficient-resources", 1)
{
	UT_RC(NOMEM(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG)), IR, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_CONNECTED, cl);
	ut_empty(c->b.conn, cl);
}

/* ---- requests ---- */

struct fx { struct ut_conn c; struct ut_mem ma, mb; DAT_RMR_HANDLE rmr; };

static void fx_open(struct fx *x, const char *cl)
{
	ut_conn_open(&x->c, cl);
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &x->ma, cl);
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &x->mb, cl);
	x->rmr = ut_rmr_if_offered(x->c.a.ia, x->c.a.pz, cl);	/* most tests here need none */
}

#define FX_TEST(fn, name, clause)                                       \
	static void fn##_b(struct fx *x, const char *cl);               \
	RT_TEST_ATTRS(fn, name, clause, FAULTS)                         \
	{                                                               \
		struct fx x;                                            \
		fx_open(&x, clause);                                    \
		fn##_b(&x, clause);                                     \
		ut_conn_close(&x.c);                                    \
	}                                                               \
	static void fn##_b(struct fx *x, const char *cl)

static const DAT_DTO_COOKIE ck = { .as_64 = 0xfa17 };

FX_TEST(f_send, "udapl.ep_post_send.faults.insufficient_resources",
		"UDAPL-dat_ep_post_send-rc-insufficient-resources")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64), r = ut_seg(&x->mb, 0, 64);
	UT_REQ(dat_ep_post_recv(x->c.eb, 1, &r, ck, DAT_COMPLETION_DEFAULT_FLAG), cl);
	UT_RC(NOMEM(dat_ep_post_send(x->c.ea, 1, &s, ck, DAT_COMPLETION_DEFAULT_FLAG)),
			IR, cl);
	ut_empty(x->c.a.req, cl);
	ut_empty(x->c.b.rcv, cl);	/* nothing was sent */
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_CONNECTED, cl);
}

FX_TEST(f_write, "udapl.ep_post_rdma_write.faults.insufficient_resources",
		"UDAPL-dat_ep_post_rdma_write-rc-insufficient-resources")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&x->mb, 0, 64);
	memset(x->ma.buf, 0x5a, 64);
	UT_RC(NOMEM(dat_ep_post_rdma_write(x->c.ea, 1, &s, ck, &t,
			DAT_COMPLETION_DEFAULT_FLAG)), IR, cl);
	ut_empty(x->c.a.req, cl);
	RT_EXPECT_TRUE(x->mb.buf[0] == 0, cl);	/* nothing written */
}

FX_TEST(f_read, "udapl.ep_post_rdma_read.faults.insufficient_resources",
		"UDAPL-dat_ep_post_rdma_read-rc-insufficient-resources")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&x->mb, 0, 64);
	memset(x->mb.buf, 0x5a, 64);
	UT_RC(NOMEM(dat_ep_post_rdma_read(x->c.ea, 1, &s, ck, &t,
			DAT_COMPLETION_DEFAULT_FLAG)), IR, cl);
	ut_empty(x->c.a.req, cl);
	RT_EXPECT_TRUE(x->ma.buf[0] == 0, cl);
}

FX_TEST(f_bind, "udapl.rmr_bind.faults.insufficient_resources",
		"UDAPL-dat_rmr_bind-rc-insufficient-resources")
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_COOKIE rk = { .as_64 = 0xb1 };
	DAT_RMR_CONTEXT ctx;
	DAT_RMR_PARAM p;
	UT_RC(NOMEM(dat_rmr_bind(ut_rmr_needed(x->rmr), &s, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.ea,
			rk, DAT_COMPLETION_DEFAULT_FLAG, &ctx)), IR, cl);
	ut_empty(x->c.a.req, cl);
	UT_REQ(dat_rmr_query(ut_rmr_needed(x->rmr), DAT_RMR_FIELD_LMR_TRIPLET, &p), cl);
	RT_EXPECT_EQ_U64(p.lmr_triplet.segment_length, 0, cl);	/* still unbound */
}

#define C_BIND_BRK "UDAPL-dat_rmr_bind-failure-after-return-breaks-connection"
FX_TEST(f_bind_broken, "udapl.rmr_bind.faults.failure_after_return", C_BIND_BRK)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_COOKIE rk = { .as_64 = 0xb2 };
	DAT_RMR_CONTEXT ctx;
	DAT_EVENT ev;

	ut_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	DAT_RETURN rc = dat_rmr_bind(ut_rmr_needed(x->rmr), &s, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, x->c.ea,
			rk, DAT_COMPLETION_DEFAULT_FLAG, &ctx);
	ut_control(RDMACTS_TC_RESET, 0);
	UT_RC(rc, DAT_SUCCESS, cl);
	if (ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_BROKEN, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.connect_event_data.ep_handle == x->c.ea, cl);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECTED, cl);
	if (ut_wait(x->c.a.req, DAT_RMR_BIND_COMPLETION_EVENT, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.rmr_completion_event_data.status != DAT_DTO_SUCCESS,
				cl);
}

/* The transaction fails after the post returned: the post succeeded, the
 * completion reports the failure. */
static void fx_after(struct fx *x, int write, const char *cl)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&x->mb, 0, 64);
	DAT_EVENT ev;

	ut_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	DAT_RETURN rc = write ? dat_ep_post_rdma_write(x->c.ea, 1, &s, ck, &t,
			DAT_COMPLETION_DEFAULT_FLAG) : dat_ep_post_rdma_read(x->c.ea, 1, &s, ck, &t,
			DAT_COMPLETION_DEFAULT_FLAG);
	ut_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, DAT_SUCCESS, cl);
	if (ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl)) {
		RT_EXPECT_TRUE(ev.event_data.dto_completion_event_data.status != DAT_DTO_SUCCESS, cl);
		RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.user_cookie.as_64,
				ck.as_64, cl);
	}
}
FX_TEST(f_write_after, "udapl.ep_post_rdma_write.faults.failure_after_return",
		"UDAPL-dat_ep_post_rdma_write-failure-after-return")
{
	fx_after(x, 1, cl);
}
FX_TEST(f_read_after, "udapl.ep_post_rdma_read.faults.failure_after_return",
		"UDAPL-dat_ep_post_rdma_read-failure-after-return")
{
	fx_after(x, 0, cl);
}
