/*
 * srq_misc.c: Shared Receive Queues in use (buffer order, segment fill,
 * counts, the low watermark), EVD event streams, solicited Sends, the
 * qos models, and robustness cases of absurd arguments.
 */
#include <string.h>

#include "ut.h"

/* A connection whose passive Endpoint takes its Receives from an SRQ. */
struct qx { struct ut_conn c; DAT_SRQ_HANDLE srq; struct ut_mem ma, mb; };

static void qx_open(struct qx *x, DAT_COUNT lw, const char *cl)
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 16, .max_recv_iov = 4, .low_watermark = lw };
	DAT_PROVIDER_ATTR p;

	ut_conn_setup(&x->c, cl);
	ut_attrs(x->c.b.ia, NULL, &p);
	if (!p.srq_supported)
		ut_lacks(UT_CAP_SRQ);
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &x->ma, cl);
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &x->mb, cl);
	UT_REQ(dat_srq_create(x->c.b.ia, x->c.b.pz, &a, &x->srq), cl);
	UT_REQ(dat_ep_free(x->c.eb), cl);
	UT_REQ(dat_ep_create_with_srq(x->c.b.ia, x->c.b.pz, x->c.b.rcv, x->c.b.req,
			x->c.b.conn, x->srq, NULL, &x->c.eb), cl);
}

static void srq_post(struct qx *x, size_t off, size_t len, uint64_t ck, const char *cl)
{
	DAT_LMR_TRIPLET r = ut_seg(&x->mb, off, len);
	UT_REQ(dat_srq_post_recv(x->srq, 1, &r, (DAT_DTO_COOKIE){ .as_64 = ck }), cl);
}

#define Q_TEST(fn, name, clause, lw)                                    \
	static void fn##_b(struct qx *x, const char *cl);               \
	RT_TEST(fn, name, clause)                                       \
	{                                                               \
		struct qx x;                                            \
		qx_open(&x, lw, clause);                                \
		fn##_b(&x, clause);                                     \
		ut_conn_close(&x.c);                                    \
	}                                                               \
	static void fn##_b(struct qx *x, const char *cl)

#define C_FIFO "UDAPL-dat_srq_post_recv-fifo-buffers"
#define C_COUNTS "UDAPL-dat_srq_query-counts"
Q_TEST(q_fifo, "udapl.srq_post_recv.order.fifo", C_FIFO "," C_COUNTS, 0)
{
	DAT_SRQ_PARAM p;
	for (uint64_t i = 0; i < 3; i++)
		srq_post(x, i * 256, 256, 0x100 + i, cl);
	UT_REQ(dat_srq_query(x->srq, DAT_SRQ_FIELD_ALL, &p), C_COUNTS);
	RT_EXPECT_EQ_INT(p.available_dto_count, 3, C_COUNTS);
	ut_conn_connect(&x->c, cl);
	for (uint64_t i = 0; i < 3; i++) {
		x->ma.buf[0] = (char)('a' + i);
		ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 8, cl);
		ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 0x100 + i, NULL, C_FIFO);
		RT_EXPECT_EQ_INT(x->mb.buf[i * 256], 'a' + (int)i, C_FIFO);
		UT_REQ(dat_srq_query(x->srq, DAT_SRQ_FIELD_ALL, &p), C_COUNTS);
		RT_EXPECT_EQ_INT(p.available_dto_count, 2 - (DAT_COUNT)i, C_COUNTS);
	}
}

#define C_FILL "UDAPL-dat_srq_post_recv-fill-order"
Q_TEST(q_fill, "udapl.srq_post_recv.order.segments", C_FILL, 0)
{
	DAT_LMR_TRIPLET r[3] = { ut_seg(&x->mb, 1000, 4), ut_seg(&x->mb, 100, 4),
		ut_seg(&x->mb, 2000, 8) };
	UT_REQ(dat_srq_post_recv(x->srq, 3, r, (DAT_DTO_COOKIE){ .as_64 = 0xf1 }), cl);
	ut_conn_connect(&x->c, cl);
	memcpy(x->ma.buf, "0123456789ab", 12);
	ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 12, cl);
	ut_dto(x->c.b.rcv, DAT_DTO_SUCCESS, 0xf1, NULL, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 1000, "0123", 4, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 100, "4567", 4, cl);
	RT_EXPECT_MEM_EQ(x->mb.buf + 2000, "89ab", 4, cl);
}

#define C_LONG "UDAPL-dat_srq_post_recv-too-long-message"
Q_TEST(q_long, "udapl.srq_post_recv.length.too_long", C_LONG, 0)
{
	srq_post(x, 0, 16, 0x70, cl);
	ut_conn_connect(&x->c, cl);
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	UT_REQ(dat_ep_post_send(x->c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0), cl);
	ut_dto(x->c.b.rcv, DAT_DTO_ERR_LOCAL_LENGTH, 0x70, NULL, cl);
}

/* The low-watermark event on the async EVD: true when one arrived. */
static bool lw_event(struct qx *x, const char *cl, bool expect)
{
	DAT_EVENT ev;
	ut_progress(x->c.b.async);
	while (dat_evd_dequeue(x->c.b.async, &ev) == DAT_SUCCESS)
		if (ev.event_data.asynch_error_event_data.reason == DAT_SRQ_LOW_WATERMARK_EVENT) {
			RT_EXPECT_TRUE(ev.event_data.asynch_error_event_data.dat_handle == x->srq, cl);
			return true;
		}
	(void)expect;
	return false;
}

static void lw_supported(struct qx *x)
{
	DAT_PROVIDER_ATTR p;
	ut_attrs(x->c.b.ia, NULL, &p);
	if (!p.srq_watermarks_supported)
		ut_lacks(UT_CAP_SRQ_WATERMARKS);
}

#define C_LW "UDAPL-dat_srq_set_lw-low-watermark-event"
Q_TEST(q_lw, "udapl.srq_set_lw.events.low_watermark", C_LW, 0)
{
	lw_supported(x);
	for (uint64_t i = 0; i < 4; i++)
		srq_post(x, i * 256, 256, i, cl);
	UT_REQ(dat_srq_set_lw(x->srq, 3), cl);
	RT_EXPECT_TRUE(!lw_event(x, cl, false), cl);	/* 4 buffers: not below 3 */
	ut_conn_connect(&x->c, cl);
	ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 8, cl);	/* 3 left */
	RT_EXPECT_TRUE(!lw_event(x, cl, false), cl);
	ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 8, cl);	/* 2 left: below */
	RT_EXPECT_TRUE(lw_event(x, cl, true), cl);
	ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 8, cl);	/* once per setting */
	RT_EXPECT_TRUE(!lw_event(x, cl, false), cl);
	UT_REQ(dat_srq_set_lw(x->srq, 2), cl);		/* 1 left: at once */
	RT_EXPECT_TRUE(lw_event(x, cl, true), cl);
}

#define C_LWINF "UDAPL-dat_srq_set_lw-infinite-disables"
Q_TEST(q_lw_inf, "udapl.srq_set_lw.events.infinite", C_LWINF, 0)
{
	lw_supported(x);
	for (uint64_t i = 0; i < 2; i++)
		srq_post(x, i * 256, 256, i, cl);
	UT_REQ(dat_srq_set_lw(x->srq, DAT_WATERMARK_INFINITE), cl);
	ut_conn_connect(&x->c, cl);
	ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 8, cl);
	ut_send(x->c.ea, x->c.a.req, &x->ma, 0, 8, cl);
	RT_EXPECT_TRUE(!lw_event(x, cl, false), cl);
}

/* ---- EVD streams ---- */

/* Connects c->ea (whose connection EVD is conn) to c->eb. */
static void connect_on(struct ut_conn *c, DAT_EVD_HANDLE conn, const char *cl)
{
	DAT_EVENT ev;
	UT_REQ(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&c->b.addr, UT_QUAL, UT_TIMEOUT, 0,
			NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c->eb, 0, NULL), cl);
	ut_wait(conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
}

/* One EVD of `flags` is the only EVD of an Endpoint's `field`; the
 * event of that stream arrives on it. */
static void stream(DAT_EVD_FLAGS flags, int which, const char *cl)
{
	struct ut_conn c;
	struct ut_mem ma;
	DAT_EVD_HANDLE e;
	DAT_EVENT ev;

	ut_conn_setup(&c, cl);
	UT_REQ(dat_evd_create(which == 2 ? c.b.ia : c.a.ia, 16, DAT_HANDLE_NULL, flags, &e), cl);
	if (which == 0) {		/* DTO: the request EVD */
		UT_REQ(dat_ep_free(c.ea), cl);
		UT_REQ(dat_ep_create(c.a.ia, c.a.pz, c.a.rcv, e, c.a.conn, NULL, &c.ea), cl);
	} else if (which == 1) {	/* connection events */
		UT_REQ(dat_ep_free(c.ea), cl);
		UT_REQ(dat_ep_create(c.a.ia, c.a.pz, c.a.rcv, c.a.req, e, NULL, &c.ea), cl);
	} else if (which == 2) {	/* connection requests */
		DAT_PSP_HANDLE psp;
		UT_REQ(dat_psp_create(c.b.ia, UT_QUAL + 1, e, DAT_PSP_CONSUMER_FLAG, &psp), cl);
		UT_REQ(dat_ep_connect(c.ea, (DAT_IA_ADDRESS_PTR)&c.b.addr, UT_QUAL + 1,
				UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
		if (ut_wait(e, DAT_CONNECTION_REQUEST_EVENT, &ev, cl)) {
			DAT_HANDLE_TYPE t;
			/* dat_evd_wait(3DAT): a CR handle in the event data */
			UT_REQ(dat_get_handle_type(ev.event_data.cr_arrival_event_data.cr_handle, &t),
					"UDAPL-dat_evd_wait-cr-event-data");
			RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_CR, "UDAPL-dat_evd_wait-cr-event-data");
		}
		ut_conn_close(&c);
		return;
	} else {			/* RMR bind completions */
		UT_REQ(dat_ep_free(c.ea), cl);
		UT_REQ(dat_ep_create(c.a.ia, c.a.pz, c.a.rcv, e, c.a.conn, NULL, &c.ea), cl);
	}
	if (which == 1) {
		connect_on(&c, e, cl);
	} else {
		ut_conn_connect(&c, cl);
		ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
		DAT_LMR_TRIPLET s = ut_seg(&ma, 0, 64);
		if (which == 0) {
			UT_REQ(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 0xd0 }, 0), cl);
			ut_dto(e, DAT_DTO_SUCCESS, 0xd0, NULL, cl);
		} else {
			DAT_RMR_HANDLE rmr;
			DAT_RMR_CONTEXT ctx;
			UT_REQ_CAP(c.a.ia, UT_CAP_RMR, dat_rmr_create(c.a.pz, &rmr), cl);
			UT_REQ(dat_rmr_bind(rmr, &s, DAT_MEM_PRIV_REMOTE_READ_FLAG, c.ea,
					(DAT_RMR_COOKIE){ .as_64 = 0xb0 }, 0, &ctx), cl);
			ut_wait(e, DAT_RMR_BIND_COMPLETION_EVENT, NULL, cl);
		}
	}
	ut_conn_close(&c);
}
RT_TEST(st_dto, "udapl.evd_create.streams.dto", "UDAPL-dat_evd_create-stream-dto")
{ stream(DAT_EVD_DTO_FLAG, 0, "UDAPL-dat_evd_create-stream-dto"); }
RT_TEST(st_conn, "udapl.evd_create.streams.connection", "UDAPL-dat_evd_create-stream-connection")
{ stream(DAT_EVD_CONNECTION_FLAG, 1, "UDAPL-dat_evd_create-stream-connection"); }
RT_TEST(st_cr, "udapl.evd_create.streams.cr",
		"UDAPL-dat_evd_create-stream-cr,UDAPL-dat_evd_wait-cr-event-data")
{ stream(DAT_EVD_CR_FLAG, 2, "UDAPL-dat_evd_create-stream-cr"); }
RT_TEST(st_rmr, "udapl.evd_create.streams.rmr_bind", "UDAPL-dat_evd_create-stream-rmr-bind")
{ stream(DAT_EVD_DTO_FLAG | DAT_EVD_RMR_BIND_FLAG, 3, "UDAPL-dat_evd_create-stream-rmr-bind"); }

#define C_MERGE "UDAPL-dat_evd_create-merged-streams"
RT_TEST(st_merged, "udapl.evd_create.streams.merged", C_MERGE)
{
	const char *cl = C_MERGE;
	struct ut_conn c;
	struct ut_mem ma;
	DAT_EVD_HANDLE e;
	DAT_RETURN rc;

	ut_conn_setup(&c, cl);
	rc = dat_evd_create(c.a.ia, 16, DAT_HANDLE_NULL,
			DAT_EVD_DTO_FLAG | DAT_EVD_CONNECTION_FLAG, &e);
	UT_REQ_CAP(c.a.ia, UT_CAP_STREAM_MERGING, rc, cl);
	UT_REQ(rc, cl);
	UT_REQ(dat_ep_free(c.ea), cl);
	UT_REQ(dat_ep_create(c.a.ia, c.a.pz, c.a.rcv, e, e, NULL, &c.ea), cl);
	connect_on(&c, e, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	DAT_LMR_TRIPLET s = ut_seg(&ma, 0, 8);
	for (uint64_t i = 1; i <= 2; i++)
		UT_REQ(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = i }, 0), cl);
	UT_REQ(dat_ep_disconnect(c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_dto(e, DAT_DTO_SUCCESS, 1, NULL, cl);
	ut_dto(e, DAT_DTO_SUCCESS, 2, NULL, cl);
	ut_wait(e, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	ut_conn_close(&c);
}

/* ---- solicited Sends and the receiver's CNO ---- */

#define C_SOL "UDAPL-dat_ep_post_send-solicited-wait"
RT_TEST(sol_wait, "udapl.ep_post_send.completion.solicited_wait", C_SOL)
{
	const char *cl = C_SOL;
	struct ut_conn c;
	struct ut_mem ma, mb;
	DAT_CNO_HANDLE cno;
	DAT_EVD_HANDLE who;

	ut_conn_setup(&c, cl);
	UT_REQ(dat_cno_create(c.b.ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), cl);
	UT_REQ(dat_evd_modify_cno(c.b.rcv, cno), cl);
	ut_ep_flags(c.eb, DAT_COMPLETION_DEFAULT_FLAG, DAT_COMPLETION_SOLICITED_WAIT_FLAG, cl);
	ut_conn_connect(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	DAT_LMR_TRIPLET r = ut_seg(&mb, 0, 64), s = ut_seg(&ma, 0, 8);
	for (uint64_t i = 1; i <= 2; i++)
		UT_REQ(dat_ep_post_recv(c.eb, 1, &r, (DAT_DTO_COOKIE){ .as_64 = i }, 0), cl);
	UT_REQ(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0), cl);
	who = DAT_HANDLE_NULL;
	ut_cno_timed_out(dat_cno_wait(cno, 200000, &who), &who, DAT_HANDLE_NULL, cl);	/* not solicited */
	UT_REQ(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 2 },
			DAT_COMPLETION_SOLICITED_WAIT_FLAG), cl);
	UT_OK(dat_cno_wait(cno, UT_TIMEOUT, &who), cl);
	RT_EXPECT_TRUE(who == c.b.rcv, cl);
	ut_conn_close(&c);
}

/* ---- qos models ---- */

static void qos_model(int dup, const char *cl)
{
	static const DAT_QOS all[] = { DAT_QOS_BEST_EFFORT, DAT_QOS_HIGH_THROUGHPUT,
		DAT_QOS_LOW_LATENCY, DAT_QOS_ECONOMY, DAT_QOS_PREMIUM };
	struct ut_conn c;
	DAT_PROVIDER_ATTR a;
	int refused = 0, unlisted = 0;

	ut_conn_open(&c, cl);
	ut_attrs(c.a.ia, NULL, &a);
	for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
		/* dat_qos_supported says which ones the Provider supports */
		bool listed = (a.dat_qos_supported & all[i]) == all[i];
		DAT_EP_HANDLE e = ut_ep(&c.a, NULL, cl);
		DAT_RETURN rc = dup ? dat_ep_dup_connect(e, c.ea, UT_TIMEOUT, 0, NULL, all[i]) :
			dat_ep_connect(e, (DAT_IA_ADDRESS_PTR)&c.b.addr, UT_QUAL, UT_TIMEOUT, 0,
				NULL, all[i], DAT_CONNECT_DEFAULT_FLAG);
		unlisted += !listed;
		if (rc != DAT_SUCCESS) {
			refused++;
			UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
		} else if (!listed) {
			RT_FAIL(cl, "DAT_MODEL_NOT_SUPPORTED", "DAT_SUCCESS",
					"qos 0x%x is not in dat_qos_supported, yet the connect took it",
					(unsigned)all[i]);
		}
	}
	ut_conn_close(&c);
	if (!refused && !unlisted)
		rt_unsupported("the Provider supports every qos");
}
RT_TEST(con_qos, "udapl.ep_connect.model.qos", "UDAPL-dat_ep_connect-rc-model-not-supported-qos")
{ qos_model(0, "UDAPL-dat_ep_connect-rc-model-not-supported-qos"); }
RT_TEST(dup_qos, "udapl.ep_dup_connect.model.qos", "UDAPL-dat_ep_dup_connect-rc-model-not-supported")
{ qos_model(1, "UDAPL-dat_ep_dup_connect-rc-model-not-supported"); }

/* ---- values ---- */

RT_TEST(priv_prot, "udapl.libdat.values.privileges_protection",
		"UDAPL-libdat-privileges-vs-protection")
{
	const char *cl = "UDAPL-libdat-privileges-vs-protection";
	RT_EXPECT_EQ_U64(DAT_PROTECTION_VIOLATION, 0x000C0000, cl);
	RT_EXPECT_EQ_U64(DAT_PRIVILEGES_VIOLATION, 0x000B0000, cl);
	/* and an RDMA from an LMR of another PZ is the protection one */
	struct ut_conn c;
	struct ut_mem m;
	DAT_PZ_HANDLE pz2;
	ut_conn_open(&c, cl);
	UT_REQ(dat_pz_create(c.a.ia, &pz2), cl);
	ut_mem(&c.a, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 8);
	UT_RC(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0),
			DAT_PROTECTION_VIOLATION, cl);
	ut_conn_close(&c);
}

/* ---- robustness: absurd arguments ---- */

#define R_TEST(fn, name, clause) RT_TEST_ATTRS(fn, name, clause, "tier=robustness")

R_TEST(rob_send_nseg, "udapl.ep_post_send.robustness.absurd_num_segments",
		"UDAPL-dat_ep_post_send-rob-absurd-num-segments")
{
	const char *cl = "UDAPL-dat_ep_post_send-rob-absurd-num-segments";
	struct ut_conn c;
	struct ut_mem m;
	ut_conn_open(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 8);
	UT_RC(dat_ep_post_send(c.ea, 0x7FFFFFFF, &s, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0),
			DAT_INVALID_PARAMETER, cl);
	ut_conn_close(&c);
}

R_TEST(rob_recv_nseg, "udapl.ep_post_recv.robustness.absurd_num_segments",
		"UDAPL-dat_ep_post_recv-rob-absurd-num-segments")
{
	const char *cl = "UDAPL-dat_ep_post_recv-rob-absurd-num-segments";
	struct ut_ia u;
	struct ut_mem m;
	ut_open(&u, cl);
	ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 8);
	UT_RC(dat_ep_post_recv(ut_ep(&u, NULL, cl), 0x7FFFFFFF, &s,
			(DAT_DTO_COOKIE){ .as_64 = 1 }, 0), DAT_INVALID_PARAMETER, cl);
	ut_close(&u);
}

R_TEST(rob_send_len, "udapl.ep_post_send.robustness.absurd_length",
		"UDAPL-dat_ep_post_send-rob-absurd-length")
{
	const char *cl = "UDAPL-dat_ep_post_send-rob-absurd-length";
	struct ut_conn c;
	struct ut_mem m;
	DAT_EVENT ev;
	ut_conn_open(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 8);
	s.segment_length = 1ull << 63;
	DAT_RETURN rc = dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0);
	/* refused at once, or completed in error */
	if (rc == DAT_SUCCESS) {
		if (ut_wait(c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			RT_EXPECT_TRUE(ev.event_data.dto_completion_event_data.status != DAT_DTO_SUCCESS, cl);
	} else {
		RT_EXPECT_TRUE(rc != DAT_SUCCESS, cl);
	}
	ut_conn_close(&c);
}

R_TEST(rob_send_null, "udapl.ep_post_send.robustness.null_iov",
		"UDAPL-dat_ep_post_send-rob-null-iov")
{
	const char *cl = "UDAPL-dat_ep_post_send-rob-null-iov";
	struct ut_conn c;
	ut_conn_open(&c, cl);
	UT_RC(dat_ep_post_send(c.ea, 3, NULL, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0),
			DAT_INVALID_PARAMETER, cl);
	ut_conn_close(&c);
}

R_TEST(rob_conn_pd, "udapl.ep_connect.robustness.absurd_private_data",
		"UDAPL-dat_ep_connect-rob-absurd-private-data")
{
	const char *cl = "UDAPL-dat_ep_connect-rob-absurd-private-data";
	static char pd[16];
	struct ut_conn c;
	ut_conn_setup(&c, cl);
	UT_RC(dat_ep_connect(c.ea, (DAT_IA_ADDRESS_PTR)&c.b.addr, UT_QUAL, UT_TIMEOUT,
			0x7FFFFFFF, pd, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG),
			DAT_INVALID_PARAMETER, cl);
	ut_conn_close(&c);
}

R_TEST(rob_acc_pd, "udapl.cr_accept.robustness.absurd_private_data",
		"UDAPL-dat_cr_accept-rob-absurd-private-data")
{
	const char *cl = "UDAPL-dat_cr_accept-rob-absurd-private-data";
	static char pd[16];
	struct ut_conn c;
	DAT_EVENT ev;
	ut_conn_setup(&c, cl);
	UT_REQ(dat_ep_connect(c.ea, (DAT_IA_ADDRESS_PTR)&c.b.addr, UT_QUAL, UT_TIMEOUT, 0,
			NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	if (ut_wait(c.b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		UT_RC(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c.eb,
				0x7FFFFFFF, pd), DAT_INVALID_PARAMETER, cl);
	ut_conn_close(&c);
}

R_TEST(rob_list_max, "udapl.registry_list_providers.robustness.absurd_max",
		"UDAPL-dat_registry_list_providers-rob-absurd-max")
{
	const char *cl = "UDAPL-dat_registry_list_providers-rob-absurd-max";
	DAT_PROVIDER_INFO one, *p[1] = { &one };
	DAT_COUNT n;
	UT_RC(dat_registry_list_providers(-1, &n, p), DAT_INVALID_PARAMETER, cl);
}

R_TEST(rob_long_name, "udapl.ia_open.robustness.long_name",
		"UDAPL-dat_ia_open-rob-long-name")
{
	const char *cl = "UDAPL-dat_ia_open-rob-long-name";
	static char name[10001];
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia;
	memset(name, 'x', 10000);
	RT_EXPECT_TRUE(dat_ia_open((DAT_NAME_PTR)name, 8, &async, &ia) != DAT_SUCCESS, cl);
}

R_TEST(rob_rm_garbage, "udapl.registry_remove_provider.robustness.unterminated_name",
		"UDAPL-dat_registry_remove_provider-rob-garbage-info")
{
	const char *cl = "UDAPL-dat_registry_remove_provider-rob-garbage-info";
	static DAT_PROVIDER fake;
	DAT_PROVIDER_INFO i;
	memset(&i, 'y', sizeof i);
	RT_EXPECT_TRUE(dat_registry_remove_provider(&fake, &i) != DAT_SUCCESS, cl);
}
