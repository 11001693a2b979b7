/*
 * conn.c: the connection state machine between two IAs of one process:
 * dat_ep_connect, dat_ep_dup_connect, dat_cr_accept / reject / handoff /
 * query, dat_ep_disconnect, dat_ep_reset, dat_ep_free and dat_ep_modify in
 * the connection states, RSP and Provider-created Endpoints, private data.
 * c.a is the active IA (Endpoint ea), c.b the passive one (eb, PSP on
 * UT_QUAL with EVD c.b.cr).
 */
#include <string.h>

#include "ut.h"

#define C_TEST(fn, name, clause, open)                                  \
	static void fn##_b(struct ut_conn *c, const char *cl);          \
	RT_TEST(fn, name, clause)                                       \
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

static DAT_RETURN connect_pd(struct ut_conn *c, DAT_EP_HANDLE ep, DAT_CONN_QUAL q,
		DAT_TIMEOUT t, DAT_COUNT n, const void *pd)
{
	return dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&c->b.addr, q, t, n,
			(DAT_PVOID)pd, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG);
}

static DAT_RETURN connect_ea(struct ut_conn *c)
{
	return connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, 0, NULL);
}

/* Connects ea and returns the CR that arrived at b (NULL on failure). */
static DAT_CR_HANDLE request(struct ut_conn *c, const char *cl)
{
	DAT_EVENT ev;

	if (!RT_EXPECT_EQ_INT(connect_ea(c), DAT_SUCCESS, cl) ||
	    !ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return DAT_HANDLE_NULL;
	return ev.event_data.cr_arrival_event_data.cr_handle;
}

static DAT_COUNT max_pd(struct ut_conn *c)
{
	DAT_PROVIDER_ATTR a;
	ut_attrs(c->a.ia, NULL, &a);
	return a.max_private_data_size;
}

/* ---- dat_cr_accept ---- */

C_TEST(acc_ok, "udapl.cr_accept.rc.success", "UDAPL-dat_cr_accept-rc-success", 0)
{
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_OK(dat_cr_accept(cr, c->eb, 0, NULL), cl);
	ut_wait(c->b.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_CONNECTED, cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_CONNECTED, cl);
}

C_TEST(acc_ep_type, "udapl.cr_accept.handle.ep_wrong_type",
		"UDAPL-dat_cr_accept-rc-invalid-handle-ep-wrong-type", 0)
{
	DAT_CR_HANDLE cr = request(c, cl);
	if (cr)
		UT_RC(dat_cr_accept(cr, c->b.conn, 0, NULL), DAT_INVALID_HANDLE, cl);
}

#define C_ACC_NOEFF "UDAPL-dat_cr_accept-failure-no-effect"
#define C_PD_BIG "UDAPL-dat_evd_wait-private-data-too-large"
C_TEST(acc_pd_size, "udapl.cr_accept.param.private_data_too_large",
		"UDAPL-dat_cr_accept-rc-invalid-parameter-private-data-size," C_PD_BIG "," C_ACC_NOEFF, 0)
{
	static char pd[4096];
	DAT_COUNT n = max_pd(c);
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	RT_REQUIRE_TRUE(n >= 0 && n < (DAT_COUNT)sizeof pd, cl);
	UT_RC(dat_cr_accept(cr, c->eb, n + 1, pd), DAT_INVALID_PARAMETER, cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_UNCONNECTED, C_ACC_NOEFF);
	/* the request is untouched: it can still be accepted */
	UT_OK(dat_cr_accept(cr, c->eb, 0, NULL), C_ACC_NOEFF);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_ACC_NOEFF);
}

C_TEST(acc_pd_neg, "udapl.cr_accept.param.private_data_negative",
		"UDAPL-dat_cr_accept-rc-invalid-parameter-negative-size", 0)
{
	static char pd[16];
	DAT_CR_HANDLE cr = request(c, cl);
	if (cr)
		UT_RC(dat_cr_accept(cr, c->eb, -1, pd), DAT_INVALID_PARAMETER, cl);
}

C_TEST(acc_null_ep, "udapl.cr_accept.param.null_ep_consumer_psp",
		"UDAPL-dat_cr_accept-rc-invalid-parameter-null-ep-no-sp-ep", 0)
{
	DAT_CR_HANDLE cr = request(c, cl);
	if (cr)
		UT_RC(dat_cr_accept(cr, DAT_HANDLE_NULL, 0, NULL), DAT_INVALID_PARAMETER, cl);
}

C_TEST(acc_connected, "udapl.cr_accept.state.ep_connected",
		"UDAPL-dat_cr_accept-rc-invalid-state-ep-connected," C_ACC_NOEFF, 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl), b2 = ut_ep(&c->b, NULL, cl);
	DAT_EVENT ev;

	UT_REQ(connect_pd(c, a2, UT_QUAL, UT_TIMEOUT, 0, NULL), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	DAT_CR_HANDLE cr = ev.event_data.cr_arrival_event_data.cr_handle;
	UT_RC_IN(dat_cr_accept(cr, c->eb, 0, NULL), cl, DAT_INVALID_STATE,
			DAT_INVALID_PARAMETER);	/* E-UDAPL-081 */
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_CONNECTED, C_ACC_NOEFF);
	UT_OK(dat_cr_accept(cr, b2, 0, NULL), C_ACC_NOEFF);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, &ev, C_ACC_NOEFF);
	RT_EXPECT_TRUE(ev.event_data.connect_event_data.ep_handle == a2, C_ACC_NOEFF);
}

#define C_ACC_PD "UDAPL-dat_cr_accept-sm-private-data-to-active"
#define C_EST_PD "UDAPL-dat_ep_connect-sm-established-private-data"
#define C_PASS_PD0 "UDAPL-dat_cr_accept-sm-passive-private-data-zero"
#define C_PD_LIFE "UDAPL-dat_ep_connect-sm-established-private-data-lifetime"
C_TEST(acc_pd, "udapl.cr_accept.private_data.to_active",
		C_ACC_PD "," C_EST_PD "," C_PASS_PD0 "," C_PD_LIFE, 0)
{
	char pd[16] = "accept-pd-12345";
	DAT_EVENT ev;
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_OK(dat_cr_accept(cr, c->eb, (DAT_COUNT)sizeof pd, pd), cl);
	if (ut_wait(c->b.conn, DAT_CONNECTION_EVENT_ESTABLISHED, &ev, C_PASS_PD0))
		RT_EXPECT_EQ_INT(ev.event_data.connect_event_data.private_data_size, 0, C_PASS_PD0);
	if (!ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, &ev, C_EST_PD))
		return;
	DAT_CONNECTION_EVENT_DATA *d = &ev.event_data.connect_event_data;
	RT_EXPECT_EQ_INT(d->private_data_size, (DAT_COUNT)sizeof pd, C_EST_PD);
	RT_EXPECT_TRUE(d->private_data != NULL, C_EST_PD);
	if (d->private_data)
		RT_EXPECT_MEM_EQ(d->private_data, pd, sizeof pd, C_ACC_PD);
	/* still readable once the connection is over, before a reset */
	UT_OK(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), C_PD_LIFE);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, C_PD_LIFE);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, C_PD_LIFE);
	if (d->private_data)
		RT_EXPECT_MEM_EQ(d->private_data, pd, sizeof pd, C_PD_LIFE);
}

/* ---- dat_cr_query ---- */

#define C_CONN_PD "UDAPL-dat_ep_connect-private-data-to-remote"
#define C_PORT "UDAPL-dat_ep_connect-port-qual-to-remote"
C_TEST(crq_ok, "udapl.cr_query.rc.success",
		"UDAPL-dat_cr_query-rc-success," C_CONN_PD "," C_PORT, 0)
{
	static char pd[4096];
	DAT_COUNT n = max_pd(c);
	DAT_CR_PARAM p;
	DAT_EP_PARAM ep;
	DAT_EVENT ev;

	RT_REQUIRE_TRUE(n > 0 && n <= (DAT_COUNT)sizeof pd, cl);
	for (DAT_COUNT i = 0; i < n; i++)
		pd[i] = (char)(i * 7 + 1);
	UT_REQ(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, n, pd), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	memset(&p, 0, sizeof p);
	UT_OK(dat_cr_query(ev.event_data.cr_arrival_event_data.cr_handle, DAT_CR_FIELD_ALL,
			&p), cl);
	RT_EXPECT_EQ_INT(p.private_data_size, n, C_CONN_PD);
	if (p.private_data)
		RT_EXPECT_MEM_EQ(p.private_data, pd, (size_t)n, C_CONN_PD);
	else
		RT_FAIL(C_CONN_PD, "private_data", "NULL", "no private data");
	RT_EXPECT_TRUE(p.remote_ia_address_ptr != NULL, cl);
	if (p.remote_ia_address_ptr)
		RT_EXPECT_MEM_EQ(&((struct sockaddr_in *)p.remote_ia_address_ptr)->sin_addr,
				&((struct sockaddr_in *)&c->a.addr)->sin_addr,
				sizeof(struct in_addr), cl);
	/* the active EP's Port Qualifier reaches the passive side */
	UT_REQ(dat_ep_query(c->ea, DAT_EP_FIELD_LOCAL_PORT_QUAL, &ep), C_PORT);
	RT_EXPECT_EQ_U64(p.remote_port_qual, ep.local_port_qual, C_PORT);
}

C_TEST(crq_null, "udapl.cr_query.param.null_param",
		"UDAPL-dat_cr_query-rc-invalid-parameter-null-param", 0)
{
	DAT_CR_HANDLE cr = request(c, cl);
	if (cr)
		UT_RC(dat_cr_query(cr, DAT_CR_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}

/* ---- dat_cr_reject / handoff and the destroyed CR ---- */

C_TEST(rej_ok, "udapl.cr_reject.rc.success", "UDAPL-dat_cr_reject-rc-success", 0)
{
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_OK(dat_cr_reject(cr), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_PEER_REJECTED, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, cl);
}

/* The stale CR handles (robustness): apart from the calls' own tests,
 * so that a registry that crashes on a destroyed handle fails these
 * alone. */
C_TEST(rej_destroys, "udapl.cr_reject.robustness.cr_after_reject",
		"UDAPL-dat_cr_reject-rob-cr-after-reject", 0)
{
	DAT_CR_PARAM p;
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_REQ(dat_cr_reject(cr), cl);
	UT_RC(dat_cr_query(cr, DAT_CR_FIELD_ALL, &p), DAT_INVALID_HANDLE, cl);
}

C_TEST(acc_destroys, "udapl.cr_accept.robustness.cr_after_accept",
		"UDAPL-dat_cr_accept-rob-cr-after-accept", 0)
{
	DAT_CR_PARAM p;
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_REQ(dat_cr_accept(cr, c->eb, 0, NULL), cl);
	UT_RC(dat_cr_query(cr, DAT_CR_FIELD_ALL, &p), DAT_INVALID_HANDLE, cl);
}

C_TEST(ho_destroys, "udapl.cr_handoff.robustness.cr_after_handoff",
		"UDAPL-dat_cr_handoff-rob-cr-after-handoff", 0)
{
	DAT_EVD_HANDLE cr2;
	DAT_PSP_HANDLE psp2;
	DAT_EVENT ev;
	DAT_CR_PARAM p;

	UT_REQ(dat_evd_create(c->b.ia, 8, DAT_HANDLE_NULL, DAT_EVD_CR_FLAG, &cr2), cl);
	UT_REQ(dat_psp_create(c->b.ia, UT_QUAL + 9, cr2, DAT_PSP_CONSUMER_FLAG, &psp2), cl);
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_REQ(dat_cr_handoff(cr, UT_QUAL + 9), cl);
	if (!ut_wait(cr2, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	UT_RC(dat_cr_query(cr, DAT_CR_FIELD_ALL, &p), DAT_INVALID_HANDLE, cl);
	dat_cr_reject(ev.event_data.cr_arrival_event_data.cr_handle);
}

#define C_HO_OK "UDAPL-dat_cr_handoff-rc-success"
C_TEST(ho_ok, "udapl.cr_handoff.rc.success", C_HO_OK, 0)
{
	DAT_EVD_HANDLE cr2;
	DAT_PSP_HANDLE psp2;
	DAT_EVENT ev;

	UT_REQ(dat_evd_create(c->b.ia, 8, DAT_HANDLE_NULL, DAT_EVD_CR_FLAG, &cr2), cl);
	UT_REQ(dat_psp_create(c->b.ia, UT_QUAL + 9, cr2, DAT_PSP_CONSUMER_FLAG, &psp2), cl);
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_OK(dat_cr_handoff(cr, UT_QUAL + 9), cl);
	if (!ut_wait(cr2, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	RT_EXPECT_TRUE(ev.event_data.cr_arrival_event_data.sp_handle.psp_handle == psp2, cl);
	RT_EXPECT_EQ_U64(ev.event_data.cr_arrival_event_data.conn_qual, UT_QUAL + 9, cl);
	/* the handed-off request connects the same active Endpoint */
	UT_OK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c->eb, 0, NULL),
			cl);
	if (ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.connect_event_data.ep_handle == c->ea, cl);
}

C_TEST(ho_nosp, "udapl.cr_handoff.param.no_service_point",
		"UDAPL-dat_cr_handoff-rc-invalid-parameter", 0)
{
	DAT_CR_HANDLE cr = request(c, cl);
	if (cr)
		UT_RC(dat_cr_handoff(cr, UT_QUAL + 77), DAT_INVALID_PARAMETER, cl);
}

/* ---- dat_ep_connect ---- */

C_TEST(con_ok, "udapl.ep_connect.rc.success", "UDAPL-dat_ep_connect-rc-success", 0)
{
	UT_OK(connect_ea(c), cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_ACTIVE_CONNECTION_PENDING, cl);
}

C_TEST(con_pd_big, "udapl.ep_connect.param.private_data_too_large",
		"UDAPL-dat_ep_connect-rc-invalid-parameter-private-data-size," C_PD_BIG, 0)
{
	static char pd[4096];
	DAT_COUNT n = max_pd(c);
	RT_REQUIRE_TRUE(n >= 0 && n < (DAT_COUNT)sizeof pd, cl);
	UT_RC(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, n + 1, pd), DAT_INVALID_PARAMETER, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_UNCONNECTED, cl);
}

C_TEST(con_pd_neg, "udapl.ep_connect.param.private_data_negative",
		"UDAPL-dat_ep_connect-rc-invalid-parameter-negative-size", 0)
{
	static char pd[16];
	UT_RC(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, -1, pd), DAT_INVALID_PARAMETER, cl);
}

C_TEST(con_t0, "udapl.ep_connect.param.timeout_zero",
		"UDAPL-dat_ep_connect-rc-invalid-parameter-timeout-zero", 0)
{
	DAT_RETURN rc = connect_pd(c, c->ea, UT_QUAL, 0, 0, NULL);
	DAT_EVENT ev;
	DAT_COUNT n;
	if (DAT_GET_TYPE(rc) == DAT_INVALID_PARAMETER) {
		RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_UNCONNECTED, cl);
		return;
	}
	if (!RT_EXPECT_EQ_INT(rc, DAT_SUCCESS, cl))
		return;
	/* E-UDAPL-061: the connect times out at once, or (Sun's daplt) 0 is
	 * taken as no timeout and the request reaches the listener */
	if (dat_evd_wait(c->b.cr, UT_TIMEOUT, 1, &ev, &n) == DAT_SUCCESS &&
	    ev.event_number == DAT_CONNECTION_REQUEST_EVENT)
		(void)dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c->eb, 0, NULL);
	if (ut_wait(c->a.conn, 0, &ev, cl))
		RT_EXPECT_RC_IN(ev.event_number, cl, DAT_CONNECTION_EVENT_ESTABLISHED,
				DAT_CONNECTION_EVENT_TIMED_OUT);
}

C_TEST(con_pd_null, "udapl.ep_connect.param.private_data_null_when_zero",
		"UDAPL-dat_ep_connect-private-data-null-when-zero", 0)
{
	UT_OK(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, 0, NULL), cl);
	ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, NULL, cl);
}

C_TEST(con_addr_bad, "udapl.ep_connect.address.unconvertible",
		"UDAPL-dat_ep_connect-rc-invalid-address-malformed", 0)
{
	struct sockaddr_storage sa;
	memset(&sa, 0, sizeof sa);
	sa.ss_family = 0x7777;	/* no address family */
	UT_RC(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&sa, UT_QUAL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), DAT_INVALID_ADDRESS, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_UNCONNECTED, cl);
}

C_TEST(con_addr_null, "udapl.ep_connect.address.null",
		"UDAPL-dat_ep_connect-rc-invalid-address-null", 0)
{
	UT_RC_IN(dat_ep_connect(c->ea, NULL, UT_QUAL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl,
			DAT_INVALID_ADDRESS, DAT_INVALID_PARAMETER);
}

C_TEST(con_connected, "udapl.ep_connect.state.connected",
		"UDAPL-dat_ep_connect-rc-invalid-state-connected", 1)
{
	UT_RC(connect_ea(c), DAT_INVALID_STATE, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_CONNECTED, cl);
}

C_TEST(con_pending, "udapl.ep_connect.state.pending",
		"UDAPL-dat_ep_connect-rc-invalid-state-pending", 0)
{
	UT_REQ(connect_ea(c), cl);
	UT_RC(connect_ea(c), DAT_INVALID_STATE, cl);
}

C_TEST(con_disc, "udapl.ep_connect.state.disconnected",
		"UDAPL-dat_ep_connect-rc-invalid-state-disconnected", 1)
{
	UT_REQ(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	UT_RC(connect_ea(c), DAT_INVALID_STATE, cl);
}

C_TEST(con_reserved, "udapl.ep_connect.state.reserved",
		"UDAPL-dat_ep_connect-rc-invalid-state-reserved", 0)
{
	DAT_RSP_HANDLE rsp;
	UT_REQ(dat_rsp_create(c->a.ia, UT_QUAL + 3, c->ea, c->a.cr, &rsp), cl);
	UT_RC(connect_ea(c), DAT_INVALID_STATE, cl);
}

C_TEST(con_mp, "udapl.ep_connect.model.multipath",
		"UDAPL-dat_ep_connect-rc-model-not-supported-multipath", 0)
{
	DAT_RETURN rc = dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&c->b.addr, UT_QUAL,
			UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_MULTIPATH_FLAG);
	if (rc == DAT_SUCCESS)
		rt_unsupported("the Provider supports multipathing");
	UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
}

#define C_TO "UDAPL-dat_ep_connect-sm-timed-out"
C_TEST(con_timeout, "udapl.ep_connect.events.timed_out", C_TO, 0)
{
	DAT_EVENT ev;
	/* the passive side holds the request unanswered */
	UT_REQ(connect_pd(c, c->ea, UT_QUAL, 100000, 0, NULL), cl);
	ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_TIMED_OUT, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, cl);
}

C_TEST(con_infinite, "udapl.ep_connect.events.timeout_infinite",
		"UDAPL-dat_ep_connect-sm-timeout-infinite", 0)
{
	DAT_EVENT ev;
	UT_REQ(connect_pd(c, c->ea, UT_QUAL, DAT_TIMEOUT_INFINITE, 0, NULL), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	ut_empty(c->a.conn, cl);
	UT_RC(dat_evd_wait(c->a.conn, 500000, 1, &ev, &(DAT_COUNT){0}),
			DAT_TIMEOUT_EXPIRED, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_ACTIVE_CONNECTION_PENDING, cl);
	UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c->eb, 0, NULL),
			cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
}

C_TEST(con_unreach, "udapl.ep_connect.events.unreachable",
		"UDAPL-dat_ep_connect-sm-unreachable", 0)
{
	struct ut_ia gone;
	ut_open(&gone, cl);
	struct sockaddr_storage addr = gone.addr;
	ut_close(&gone);	/* nothing answers at that address any more */
	UT_REQ(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&addr, UT_QUAL, 500000, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_UNREACHABLE, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, cl);
}

/* ---- dat_ep_dup_connect ---- */

#define C_DUP_OK "UDAPL-dat_ep_dup_connect-rc-success"
#define C_DUP_SAME "UDAPL-dat_ep_dup_connect-sm-same-remote-end"
#define C_DUP_PEND "UDAPL-dat_ep_dup_connect-sm-active-pending"
#define C_DUP_PD "UDAPL-dat_ep_dup_connect-sm-private-data"
C_TEST(dup_ok, "udapl.ep_dup_connect.rc.success",
		C_DUP_OK "," C_DUP_SAME "," C_DUP_PEND "," C_DUP_PD, 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl), b2 = ut_ep(&c->b, NULL, cl);
	char pd[8] = "dup-pd!";
	DAT_CR_PARAM p;
	DAT_EVENT ev;

	UT_OK(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, (DAT_COUNT)sizeof pd, pd,
			DAT_QOS_BEST_EFFORT), cl);
	RT_EXPECT_EQ_INT(ut_state(a2), DAT_EP_STATE_ACTIVE_CONNECTION_PENDING, C_DUP_PEND);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, C_DUP_SAME))
		return;
	/* same remote IA and Connection Qualifier: the same PSP */
	RT_EXPECT_TRUE(ev.event_data.cr_arrival_event_data.sp_handle.psp_handle == c->psp,
			C_DUP_SAME);
	RT_EXPECT_EQ_U64(ev.event_data.cr_arrival_event_data.conn_qual, UT_QUAL, C_DUP_SAME);
	DAT_CR_HANDLE cr = ev.event_data.cr_arrival_event_data.cr_handle;
	UT_REQ(dat_cr_query(cr, DAT_CR_FIELD_ALL, &p), C_DUP_PD);
	RT_EXPECT_EQ_INT(p.private_data_size, (DAT_COUNT)sizeof pd, C_DUP_PD);
	if (p.private_data)
		RT_EXPECT_MEM_EQ(p.private_data, pd, sizeof pd, C_DUP_PD);
	UT_OK(dat_cr_accept(cr, b2, 0, NULL), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(a2), DAT_EP_STATE_CONNECTED, cl);
}

C_TEST(dup_rej, "udapl.ep_dup_connect.events.peer_rejected",
		"UDAPL-dat_ep_dup_connect-sm-peer-rejected", 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	DAT_EVENT ev;
	UT_REQ(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	UT_REQ(dat_cr_reject(ev.event_data.cr_arrival_event_data.cr_handle), cl);
	if (ut_wait(c->a.conn, DAT_CONNECTION_EVENT_PEER_REJECTED, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.connect_event_data.ep_handle == a2, cl);
	RT_EXPECT_EQ_INT(ut_state(a2), DAT_EP_STATE_DISCONNECTED, cl);
}

C_TEST(dup_to, "udapl.ep_dup_connect.events.timed_out",
		"UDAPL-dat_ep_dup_connect-sm-timed-out", 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	UT_REQ(dat_ep_dup_connect(a2, c->ea, 100000, 0, NULL, DAT_QOS_BEST_EFFORT), cl);
	ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, NULL, cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_TIMED_OUT, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(a2), DAT_EP_STATE_DISCONNECTED, cl);
}

C_TEST(dup_h, "udapl.ep_dup_connect.handle.dup",
		"UDAPL-dat_ep_dup_connect-rc-invalid-handle-dup", 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	UT_RC(dat_ep_dup_connect(a2, DAT_HANDLE_NULL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT), DAT_INVALID_HANDLE, cl);
	UT_RC(dat_ep_dup_connect(a2, c->a.conn, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT), DAT_INVALID_HANDLE, cl);
}

C_TEST(dup_pd, "udapl.ep_dup_connect.param.private_data",
		"UDAPL-dat_ep_dup_connect-rc-invalid-parameter," C_PD_BIG, 1)
{
	static char pd[4096];
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	DAT_COUNT n = max_pd(c);
	RT_REQUIRE_TRUE(n >= 0 && n < (DAT_COUNT)sizeof pd, cl);
	UT_RC(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, -1, pd, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, n + 1, pd, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_PARAMETER, cl);
	RT_EXPECT_EQ_INT(ut_state(a2), DAT_EP_STATE_UNCONNECTED, cl);
}

C_TEST(dup_st_ep, "udapl.ep_dup_connect.state.ep_connected",
		"UDAPL-dat_ep_dup_connect-rc-invalid-state-ep", 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	UT_REQ(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT), cl);
	/* a2 is no longer UNCONNECTED */
	UT_RC(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_STATE, cl);
	/* a CONNECTED ep_handle */
	UT_RC(dat_ep_dup_connect(c->ea, c->ea, UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_STATE, cl);
}

C_TEST(dup_st_dup, "udapl.ep_dup_connect.state.dup_unconnected",
		"UDAPL-dat_ep_dup_connect-rc-invalid-state-dup", 0)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	UT_RC(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_STATE, cl);
	RT_EXPECT_EQ_INT(ut_state(a2), DAT_EP_STATE_UNCONNECTED, cl);
}

/* ---- dat_ep_disconnect ---- */

#define C_DISC_OK "UDAPL-dat_ep_disconnect-rc-success"
C_TEST(disc_ok, "udapl.ep_disconnect.rc.success", C_DISC_OK, 1)
{
	UT_OK(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	ut_wait(c->b.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_DISCONNECTED, cl);
}

#define C_DISC_NOOP "UDAPL-dat_ep_disconnect-disconnected-noop"
#define C_DISC_SAME "UDAPL-dat_ep_disconnect-not-connected-same-semantics"
C_TEST(disc_noop, "udapl.ep_disconnect.state.disconnected_noop",
		C_DISC_NOOP "," C_DISC_SAME, 1)
{
	UT_REQ(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	UT_OK(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), C_DISC_NOOP);
	UT_OK(dat_ep_disconnect(c->ea, DAT_CLOSE_GRACEFUL_FLAG), C_DISC_SAME);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, C_DISC_NOOP);
	ut_empty(c->a.conn, C_DISC_NOOP);
	/* UNCONNECTED: refused whatever the flag */
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	UT_RC(dat_ep_disconnect(a2, DAT_CLOSE_ABRUPT_FLAG), DAT_INVALID_STATE, C_DISC_SAME);
	UT_RC(dat_ep_disconnect(a2, DAT_CLOSE_GRACEFUL_FLAG), DAT_INVALID_STATE, C_DISC_SAME);
}

#define C_DISC_ABORT "UDAPL-dat_ep_disconnect-abort-active-pending"
static void disc_pending(struct ut_conn *c, DAT_CLOSE_FLAGS how, const char *cl)
{
	struct ut_mem m;
	DAT_LMR_TRIPLET r;
	DAT_DTO_COOKIE ck = { .as_64 = 0xab07 };

	ut_mem(&c->a, c->a.pz, 256, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	r = ut_seg(&m, 0, 256);
	UT_REQ(dat_ep_post_recv(c->ea, 1, &r, ck, DAT_COMPLETION_DEFAULT_FLAG), cl);
	UT_REQ(connect_ea(c), cl);
	UT_OK(dat_ep_disconnect(c->ea, how), cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_DISCONNECTED, cl);
	ut_dto(c->a.rcv, DAT_DTO_ERR_FLUSHED, 0xab07, NULL, cl);	/* preposted Recv */
}
C_TEST(disc_abort_g, "udapl.ep_disconnect.state.active_pending_graceful", C_DISC_ABORT, 0)
{
	disc_pending(c, DAT_CLOSE_GRACEFUL_FLAG, cl);
}
C_TEST(disc_abort_a, "udapl.ep_disconnect.state.active_pending_abrupt", C_DISC_ABORT, 0)
{
	disc_pending(c, DAT_CLOSE_ABRUPT_FLAG, cl);
}

/* An RSP's Endpoint with a request pending: PASSIVE_CONNECTION_PENDING. */
static DAT_CR_HANDLE rsp_request(struct ut_conn *c, DAT_RSP_HANDLE *rsp, const char *cl)
{
	DAT_EVENT ev;

	UT_REQ(dat_psp_free(c->psp), cl);
	UT_REQ(dat_rsp_create(c->b.ia, UT_QUAL, c->eb, c->b.cr, rsp), cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_RESERVED, cl);
	if (!RT_EXPECT_EQ_INT(connect_ea(c), DAT_SUCCESS, cl) ||
	    !ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return DAT_HANDLE_NULL;
	return ev.event_data.cr_arrival_event_data.cr_handle;
}

#define C_RSP_PASS "UDAPL-dat_cr_accept-sm-rsp-ep-passive-pending"
C_TEST(rsp_pending, "udapl.cr_accept.rsp.passive_pending",
		C_RSP_PASS ",UDAPL-dat_ep_disconnect-rc-invalid-state-passive-connection-pending,"
		"UDAPL-dat_ep_free-rc-invalid-state-passive-connection-pending,"
		"UDAPL-dat_rsp_free-pending-request-unaffected", 0)
{
	DAT_RSP_HANDLE rsp;
	DAT_CR_HANDLE cr = rsp_request(c, &rsp, cl);
	if (!cr)
		return;
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_PASSIVE_CONNECTION_PENDING, C_RSP_PASS);
	UT_RC(dat_ep_disconnect(c->eb, DAT_CLOSE_ABRUPT_FLAG), DAT_INVALID_STATE,
			"UDAPL-dat_ep_disconnect-rc-invalid-state-passive-connection-pending");
	UT_RC(dat_ep_free(c->eb), DAT_INVALID_STATE,
			"UDAPL-dat_ep_free-rc-invalid-state-passive-connection-pending");
	/* "no effect on previously generated ... Connection Request" (E-UDAPL-081) */
	UT_RC_IN(dat_rsp_free(rsp), "UDAPL-dat_rsp_free-pending-request-unaffected",
			DAT_SUCCESS, DAT_INVALID_HANDLE);
	UT_OK(dat_cr_accept(cr, DAT_HANDLE_NULL, 0, NULL), C_RSP_PASS);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_RSP_PASS);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_CONNECTED, C_RSP_PASS);
}

#define C_RSP_REJ "UDAPL-dat_cr_reject-sm-rsp-ep-unconnected"
C_TEST(rsp_reject, "udapl.cr_reject.rsp.ep_unconnected", C_RSP_REJ, 0)
{
	DAT_RSP_HANDLE rsp;
	DAT_CR_HANDLE cr = rsp_request(c, &rsp, cl);
	if (!cr)
		return;
	UT_OK(dat_cr_reject(cr), cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_UNCONNECTED, cl);
	UT_OK(dat_ep_free(c->eb), cl);	/* it can now be destroyed */
}

/* A PSP with DAT_PSP_PROVIDER_FLAG: the request brings its own Endpoint. */
static DAT_CR_HANDLE prov_request(struct ut_conn *c, DAT_EP_HANDLE *ep, const char *cl)
{
	DAT_PSP_HANDLE psp;
	DAT_CR_PARAM p;
	DAT_EVENT ev;

	UT_REQ_CAP(c->b.ia, UT_CAP_PSP_PROVIDER_FLAG, dat_psp_create(c->b.ia, UT_QUAL + 5,
			c->b.cr, DAT_PSP_PROVIDER_FLAG, &psp), cl);
	UT_REQ(connect_pd(c, c->ea, UT_QUAL + 5, UT_TIMEOUT, 0, NULL), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return DAT_HANDLE_NULL;
	DAT_CR_HANDLE cr = ev.event_data.cr_arrival_event_data.cr_handle;
	UT_REQ(dat_cr_query(cr, DAT_CR_FIELD_ALL, &p), cl);
	*ep = p.local_ep_handle;
	RT_REQUIRE_TRUE(*ep != DAT_HANDLE_NULL, cl);
	return cr;
}

/* Gives the Provider's Endpoint a PZ and EVDs. */
static void prov_configure(struct ut_conn *c, DAT_EP_HANDLE ep, const char *cl)
{
	DAT_EP_PARAM p;
	memset(&p, 0, sizeof p);
	p.pz_handle = c->b.pz;
	p.recv_evd_handle = c->b.rcv;
	p.request_evd_handle = c->b.req;
	p.connect_evd_handle = c->b.conn;
	UT_REQ(dat_ep_modify(ep, DAT_EP_FIELD_PZ_HANDLE | DAT_EP_FIELD_RECV_EVD_HANDLE |
			DAT_EP_FIELD_REQUEST_EVD_HANDLE | DAT_EP_FIELD_CONNECT_EVD_HANDLE, &p), cl);
}

#define C_TENT "UDAPL-dat_cr_accept-sm-provider-ep-tentative"
#define C_TYPE_PROV "UDAPL-dat_get_handle_type-provider-created-ep-type"
C_TEST(prov_accept, "udapl.cr_accept.provider_ep.tentative",
		C_TENT "," C_TYPE_PROV ",UDAPL-dat_ep_free-rc-invalid-state-tentative-connection-pending", 0)
{
	DAT_EP_HANDLE ep;
	DAT_HANDLE_TYPE t;
	DAT_CR_HANDLE cr = prov_request(c, &ep, cl);
	if (!cr)
		return;
	UT_REQ(dat_get_handle_type(ep, &t), C_TYPE_PROV);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_EP, C_TYPE_PROV);
	prov_configure(c, ep, cl);
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_TENTATIVE_CONNECTION_PENDING, C_TENT);
	UT_RC(dat_ep_free(ep), DAT_INVALID_STATE,
			"UDAPL-dat_ep_free-rc-invalid-state-tentative-connection-pending");
	UT_OK(dat_cr_accept(cr, DAT_HANDLE_NULL, 0, NULL), C_TENT);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_TENT);
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_CONNECTED, C_TENT);
}

#define C_TENT_REJ "UDAPL-dat_cr_reject-sm-tentative-ep-returned"
C_TEST(prov_reject, "udapl.cr_reject.provider_ep.returned", C_TENT_REJ, 0)
{
	DAT_EP_HANDLE ep;
	DAT_HANDLE_TYPE t;
	DAT_CR_HANDLE cr = prov_request(c, &ep, cl);
	if (!cr)
		return;
	UT_OK(dat_cr_reject(cr), cl);
	/* the Endpoint went back to the Provider: its handle is gone */
	UT_RC(dat_get_handle_type(ep, &t), DAT_INVALID_HANDLE, cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_PEER_REJECTED, NULL, cl);
}

/* ---- dat_ep_reset / free / modify / query / post_recv in connection states ---- */

#define C_RESET_OK "UDAPL-dat_ep_reset-rc-success"
#define C_RESET_SM "UDAPL-dat_ep_reset-sm-disconnected-to-unconnected"
C_TEST(reset_ok, "udapl.ep_reset.rc.success", C_RESET_OK "," C_RESET_SM, 1)
{
	DAT_EVENT ev;
	UT_REQ(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	ut_wait(c->b.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	UT_OK(dat_ep_reset(c->ea), cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_UNCONNECTED, cl);
	UT_OK(dat_ep_reset(c->eb), cl);
	/* and connects again */
	UT_REQ(connect_ea(c), C_RESET_SM);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, C_RESET_SM))
		return;
	UT_OK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c->eb, 0, NULL),
			C_RESET_SM);
	ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_RESET_SM);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_CONNECTED, C_RESET_SM);
}

C_TEST(reset_conn, "udapl.ep_reset.state.connected",
		"UDAPL-dat_ep_reset-rc-invalid-state-connected", 1)
{
	UT_RC(dat_ep_reset(c->ea), DAT_INVALID_STATE, cl);
	RT_EXPECT_EQ_INT(ut_state(c->ea), DAT_EP_STATE_CONNECTED, cl);
}

C_TEST(reset_pend, "udapl.ep_reset.state.pending",
		"UDAPL-dat_ep_reset-rc-invalid-state-pending", 0)
{
	UT_REQ(connect_ea(c), cl);
	UT_RC(dat_ep_reset(c->ea), DAT_INVALID_STATE, cl);
}

#define C_MARK "UDAPL-dat_ep_reset-usage-marker"
C_TEST(reset_marker, "udapl.ep_reset.usage.marker", C_MARK, 1)
{
	struct ut_mem m;
	DAT_LMR_TRIPLET r;
	DAT_EVENT ev;
	int got = 0;

	ut_mem(&c->a, c->a.pz, 256, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	r = ut_seg(&m, 0, 64);
	for (uint64_t i = 1; i <= 3; i++)
		UT_REQ(dat_ep_post_recv(c->ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = i },
				DAT_COMPLETION_DEFAULT_FLAG), cl);
	UT_REQ(dat_ep_disconnect(c->ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	/* the marker: a Recv posted now is flushed after the others */
	UT_REQ(dat_ep_post_recv(c->ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 99 },
			DAT_COMPLETION_DEFAULT_FLAG), cl);
	while (ut_wait(c->a.rcv, DAT_DTO_COMPLETION_EVENT, &ev, cl)) {
		if (ev.event_data.dto_completion_event_data.user_cookie.as_64 == 99)
			break;
		got++;
	}
	RT_EXPECT_EQ_INT(got, 3, cl);	/* every earlier one came first */
	ut_empty(c->a.rcv, cl);
}

C_TEST(free_states, "udapl.ep_free.state.connected_disconnected_pending",
		"UDAPL-dat_ep_free-free-any-other-state", 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl), a3 = ut_ep(&c->a, NULL, cl);
	UT_REQ(connect_pd(c, a2, UT_QUAL, UT_TIMEOUT, 0, NULL), cl);
	UT_OK(dat_ep_free(a2), cl);				/* ACTIVE_CONNECTION_PENDING */
	UT_OK(dat_ep_free(c->ea), cl);				/* CONNECTED */
	ut_wait(c->b.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	RT_EXPECT_EQ_INT(ut_state(c->eb), DAT_EP_STATE_DISCONNECTED, cl);
	UT_OK(dat_ep_free(c->eb), cl);				/* DISCONNECTED */
	UT_OK(dat_ep_free(a3), cl);				/* UNCONNECTED */
}

C_TEST(free_setup, "udapl.ep_free.state.during_setup_aborts",
		"UDAPL-dat_ep_free-free-during-setup-aborts", 0)
{
	DAT_EVENT ev;
	DAT_CR_HANDLE cr = request(c, cl);
	if (!cr)
		return;
	UT_OK(dat_ep_free(c->ea), cl);
	UT_OK(dat_cr_accept(cr, c->eb, 0, NULL), cl);
	/* the passive side does not stay connected to no one */
	ut_progress(c->b.conn);
	while (dat_evd_dequeue(c->b.conn, &ev) == DAT_SUCCESS)
		;
	RT_EXPECT_TRUE(ut_state(c->eb) != DAT_EP_STATE_CONNECTED, cl);
}

C_TEST(modify_conn, "udapl.ep_modify.state.connected",
		"UDAPL-dat_ep_modify-rc-invalid-state-connected", 1)
{
	DAT_EP_PARAM p;
	DAT_PZ_HANDLE pz2;
	UT_REQ(dat_pz_create(c->a.ia, &pz2), cl);
	memset(&p, 0, sizeof p);
	p.pz_handle = pz2;
	UT_RC(dat_ep_modify(c->ea, DAT_EP_FIELD_PZ_HANDLE, &p), DAT_INVALID_STATE, cl);
	p.request_evd_handle = c->a.rcv;
	UT_RC(dat_ep_modify(c->ea, DAT_EP_FIELD_REQUEST_EVD_HANDLE, &p), DAT_INVALID_STATE, cl);
	UT_REQ(dat_ep_query(c->ea, DAT_EP_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.pz_handle == c->a.pz && p.request_evd_handle == c->a.req, cl);
}

C_TEST(query_conn, "udapl.ep_query.connected.addresses",
		"UDAPL-dat_ep_query-connected-addresses", 1)
{
	DAT_EP_PARAM p;
	UT_REQ(dat_ep_query(c->ea, DAT_EP_FIELD_ALL, &p), cl);
	RT_EXPECT_EQ_U64(p.remote_port_qual, UT_QUAL, cl);
	RT_EXPECT_TRUE(p.remote_ia_address_ptr != NULL, cl);
	if (p.remote_ia_address_ptr)
		RT_EXPECT_MEM_EQ(p.remote_ia_address_ptr, &c->b.addr, sizeof(struct sockaddr_in), cl);
}

#define C_RECV_ALL "UDAPL-dat_ep_post_recv-valid-all-states"
C_TEST(recv_early, "udapl.ep_post_recv.state.before_connect", C_RECV_ALL, 0)
{
	struct ut_mem ma, mb;
	DAT_LMR_TRIPLET r;
	ut_mem(&c->a, c->a.pz, 256, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c->b, c->b.pz, 256, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	r = ut_seg(&mb, 0, 256);
	UT_OK(dat_ep_post_recv(c->eb, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 0xea }, 0), cl);
	ut_empty(c->b.rcv, cl);	/* no transfer while UNCONNECTED */
	ut_conn_connect(c, cl);
	memcpy(ma.buf, "first message", 14);
	ut_send(c->ea, c->a.req, &ma, 0, 14, cl);
	ut_dto(c->b.rcv, DAT_DTO_SUCCESS, 0xea, NULL, cl);
	RT_EXPECT_MEM_EQ(mb.buf, "first message", 14, cl);
}

C_TEST(recv_srq, "udapl.ep_post_recv.state.srq_ep",
		"UDAPL-dat_ep_post_recv-rc-invalid-state-srq-ep,"
		"UDAPL-dat_ep_create_with_srq-recv-from-srq", 0)
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 8, .max_recv_iov = 1, .low_watermark = 0 };
	DAT_SRQ_HANDLE srq;
	DAT_EP_HANDLE eb2;
	struct ut_mem ma, mb;
	DAT_LMR_TRIPLET r;
	DAT_EVENT ev;

	ut_mem(&c->a, c->a.pz, 256, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c->b, c->b.pz, 256, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	UT_REQ_CAP(c->b.ia, UT_CAP_SRQ, dat_srq_create(c->b.ia, c->b.pz, &a, &srq), cl);
	UT_REQ(dat_ep_create_with_srq(c->b.ia, c->b.pz, c->b.rcv, c->b.req, c->b.conn, srq,
			NULL, &eb2), cl);
	r = ut_seg(&mb, 0, 128);
	UT_RC_IN(dat_ep_post_recv(eb2, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0), cl,
			DAT_INVALID_STATE, DAT_INVALID_PARAMETER);	/* E-UDAPL-081 */
	UT_REQ(dat_srq_post_recv(srq, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 0x5c }), cl);
	UT_REQ(dat_ep_free(c->eb), cl);
	c->eb = eb2;
	ut_conn_connect(c, cl);
	memcpy(ma.buf, "to the srq", 11);
	ut_send(c->ea, c->a.req, &ma, 0, 11, cl);
	if (ut_dto(c->b.rcv, DAT_DTO_SUCCESS, 0x5c, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.dto_completion_event_data.ep_handle == eb2, cl);
	RT_EXPECT_MEM_EQ(mb.buf, "to the srq", 11, cl);
}

/* ---- robustness: private_data NULL with a positive size ---- */

C_TEST(con_pd_null_rob, "udapl.ep_connect.robustness.null_private_data",
		"UDAPL-dat_ep_connect-rob-null-private-data", 0)
{
	UT_RC(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, 1, NULL), DAT_INVALID_PARAMETER, cl);
	UT_RC(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, 16, NULL), DAT_INVALID_PARAMETER, cl);
}

C_TEST(dup_pd_null_rob, "udapl.ep_dup_connect.robustness.null_private_data",
		"UDAPL-dat_ep_dup_connect-rob-null-private-data", 1)
{
	DAT_EP_HANDLE a2 = ut_ep(&c->a, NULL, cl);
	UT_RC(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, 1, NULL, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_ep_dup_connect(a2, c->ea, UT_TIMEOUT, 16, NULL, DAT_QOS_BEST_EFFORT),
			DAT_INVALID_PARAMETER, cl);
}

C_TEST(acc_pd_null_rob, "udapl.cr_accept.robustness.null_private_data",
		"UDAPL-dat_cr_accept-rob-null-private-data", 0)
{
	DAT_EVENT ev;
	UT_REQ(connect_pd(c, c->ea, UT_QUAL, UT_TIMEOUT, 0, NULL), cl);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	DAT_CR_HANDLE cr = ev.event_data.cr_arrival_event_data.cr_handle;
	UT_RC(dat_cr_accept(cr, c->eb, 1, NULL), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_cr_accept(cr, c->eb, 16, NULL), DAT_INVALID_PARAMETER, cl);
}
