/*
 * sched.c: states that exist only while requests are in progress, made
 * observable by the adversarial schedule of the optional test-control
 * interface (needs=schedule): request completions are delayed, so a
 * request posted is still in progress when the post returns.
 */
#include <string.h>

#include "rdmacts_test_control.h"
#include "ut.h"

struct sx { struct ut_conn c; struct ut_mem ma, mb; };

static void sx_open(struct sx *x, const char *cl)
{
	ut_conn_open(&x->c, cl);
	ut_mem(&x->c.a, x->c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &x->ma, cl);
	ut_mem(&x->c.b, x->c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &x->mb, cl);
}

#define S_TEST(fn, name, clause)                                        \
	static void fn##_b(struct sx *x, const char *cl);               \
	RT_TEST_ATTRS(fn, name, clause, "needs=schedule")               \
	{                                                               \
		struct sx x;                                            \
		sx_open(&x, clause);                                    \
		ut_control(RDMACTS_TC_SCHEDULE_SEED, 7);                \
		fn##_b(&x, clause);                                     \
		ut_control(RDMACTS_TC_RESET, 0);                        \
		ut_conn_close(&x.c);                                    \
	}                                                               \
	static void fn##_b(struct sx *x, const char *cl)

/* Posts an RDMA Write from a to b; true when it is still in progress
 * (request_idle false), else the test is UNSUPPORTED: this
 * implementation completed it before the call returned. */
static bool in_progress(struct sx *x, uint64_t cookie, const char *cl)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&x->mb, 0, 64);
	DAT_BOOLEAN recv_idle, req_idle = DAT_TRUE;
	DAT_EP_STATE st;

	UT_REQ(dat_ep_post_rdma_write(x->c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = cookie },
			&t, DAT_COMPLETION_DEFAULT_FLAG), cl);
	UT_REQ(dat_ep_get_status(x->c.ea, &st, &recv_idle, &req_idle), cl);
	if (req_idle)
		rt_unsupported("the request completed before the schedule could hold it");
	return true;
}

#define C_IDLE "UDAPL-dat_ep_get_status-idle-flags"
S_TEST(s_idle, "udapl.ep_get_status.schedule.idle_flags", C_IDLE)
{
	DAT_LMR_TRIPLET r = ut_seg(&x->ma, 1024, 64);
	DAT_BOOLEAN recv_idle, req_idle;

	UT_REQ(dat_ep_post_recv(x->c.ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 1 }, 0), cl);
	in_progress(x, 0x1d, cl);
	UT_REQ(dat_ep_get_status(x->c.ea, NULL, &recv_idle, &req_idle), cl);
	RT_EXPECT_EQ_INT(recv_idle, DAT_FALSE, cl);
	RT_EXPECT_EQ_INT(req_idle, DAT_FALSE, cl);
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 0x1d, NULL, cl);
	UT_REQ(dat_ep_get_status(x->c.ea, NULL, &recv_idle, &req_idle), cl);
	RT_EXPECT_EQ_INT(req_idle, DAT_TRUE, cl);
}

#define C_PEND "UDAPL-dat_ep_disconnect-graceful-pending-state"
#define C_NOPOST "UDAPL-dat_ep_disconnect-no-posts-in-pending"
#define C_WR_PEND "UDAPL-dat_ep_post_rdma_write-rc-invalid-state-disconnect-pending"
#define C_GNOOP "UDAPL-dat_ep_disconnect-graceful-during-pending-noop"
#define C_GREQ "UDAPL-dat_ep_disconnect-graceful-requests-complete"
S_TEST(s_graceful, "udapl.ep_disconnect.schedule.graceful_pending",
		C_PEND "," C_NOPOST "," C_WR_PEND "," C_GNOOP "," C_GREQ)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&x->mb, 0, 64);
	DAT_RMR_HANDLE rmr;
	DAT_RMR_CONTEXT ctx;

	in_progress(x, 0x61, cl);
	UT_OK(dat_ep_disconnect(x->c.ea, DAT_CLOSE_GRACEFUL_FLAG), C_PEND);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECT_PENDING, C_PEND);
	UT_RC(dat_ep_post_rdma_write(x->c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 2 }, &t, 0),
			DAT_INVALID_STATE, C_WR_PEND);
	UT_RC(dat_ep_post_rdma_read(x->c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 3 }, &t, 0),
			DAT_INVALID_STATE, C_NOPOST);
	UT_RC(dat_ep_post_send(x->c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 4 }, 0),
			DAT_INVALID_STATE, C_NOPOST);
	UT_REQ_CAP(x->c.a.ia, UT_CAP_RMR, dat_rmr_create(x->c.a.pz, &rmr), cl);
	UT_RC(dat_rmr_bind(rmr, &s, DAT_MEM_PRIV_REMOTE_READ_FLAG, x->c.ea,
			(DAT_RMR_COOKIE){ .as_64 = 5 }, 0, &ctx), DAT_INVALID_STATE, C_NOPOST);
	UT_OK(dat_ep_disconnect(x->c.ea, DAT_CLOSE_GRACEFUL_FLAG), C_GNOOP);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECT_PENDING, C_GNOOP);
	/* the request completes successfully, then the disconnect proceeds */
	ut_dto(x->c.a.req, DAT_DTO_SUCCESS, 0x61, NULL, C_GREQ);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, C_GREQ);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECTED, C_PEND);
}

#define C_ABR "UDAPL-dat_ep_disconnect-abrupt-during-pending"
#define C_DISC_R "UDAPL-dat_ep_disconnect-sm-remote-side"
S_TEST(s_abrupt, "udapl.ep_disconnect.schedule.abrupt_in_pending", C_ABR "," C_DISC_R)
{
	DAT_EVENT ev;
	in_progress(x, 0x62, cl);
	UT_REQ(dat_ep_disconnect(x->c.ea, DAT_CLOSE_GRACEFUL_FLAG), cl);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECT_PENDING, cl);
	UT_OK(dat_ep_disconnect(x->c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
	RT_EXPECT_EQ_INT(ut_state(x->c.ea), DAT_EP_STATE_DISCONNECTED, cl);
	/* the request was completed, successfully or not */
	ut_wait(x->c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl);
	ut_wait(x->c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	/* the peer is told */
	if (ut_wait(x->c.b.conn, 0, &ev, C_DISC_R))
		RT_EXPECT_RC_IN(ev.event_number, C_DISC_R, DAT_CONNECTION_EVENT_DISCONNECTED,
				DAT_CONNECTION_EVENT_BROKEN);
	RT_EXPECT_EQ_INT(ut_state(x->c.eb), DAT_EP_STATE_DISCONNECTED, C_DISC_R);
}

#define C_SHARED "UDAPL-dat_ep_disconnect-event-order-shared-evd"
RT_TEST_ATTRS(s_shared, "udapl.ep_disconnect.schedule.shared_evd_order", C_SHARED,
		"needs=schedule")
{
	const char *cl = C_SHARED;
	struct ut_conn c;
	struct ut_mem ma, mb;
	DAT_EVD_HANDLE all;
	DAT_EVENT ev;

	ut_conn_setup(&c, cl);
	UT_REQ_CAP(c.a.ia, UT_CAP_STREAM_MERGING, dat_evd_create(c.a.ia, 32, DAT_HANDLE_NULL,
			DAT_EVD_DTO_FLAG | DAT_EVD_CONNECTION_FLAG, &all), cl);
	UT_REQ(dat_ep_free(c.ea), cl);
	UT_REQ(dat_ep_create(c.a.ia, c.a.pz, all, all, all, NULL, &c.ea), cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	UT_REQ(dat_ep_connect(c.ea, (DAT_IA_ADDRESS_PTR)&c.b.addr, UT_QUAL, UT_TIMEOUT, 0,
			NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	if (!ut_wait(c.b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		return;
	UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c.eb, 0, NULL), cl);
	ut_wait(all, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
	ut_control(RDMACTS_TC_SCHEDULE_SEED, 11);
	DAT_LMR_TRIPLET s = ut_seg(&ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&mb, 0, 64);
	for (uint64_t i = 1; i <= 3; i++)
		UT_REQ(dat_ep_post_rdma_write(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = i }, &t, 0), cl);
	UT_REQ(dat_ep_disconnect(c.ea, DAT_CLOSE_GRACEFUL_FLAG), cl);
	for (uint64_t i = 1; i <= 3; i++)
		ut_dto(all, DAT_DTO_SUCCESS, i, NULL, cl);
	ut_wait(all, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, cl);
	ut_control(RDMACTS_TC_RESET, 0);
	ut_conn_close(&c);
}

#define C_RMR_PEND "UDAPL-dat_rmr_free-rc-invalid-state-bind-pending"
S_TEST(s_rmr_free, "udapl.rmr_free.schedule.bind_pending", C_RMR_PEND)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_HANDLE rmr;
	DAT_RMR_CONTEXT ctx;
	DAT_BOOLEAN req_idle;

	UT_REQ_CAP(x->c.a.ia, UT_CAP_RMR, dat_rmr_create(x->c.a.pz, &rmr), cl);
	UT_REQ(dat_rmr_bind(rmr, &s, DAT_MEM_PRIV_REMOTE_READ_FLAG, x->c.ea,
			(DAT_RMR_COOKIE){ .as_64 = 0xb9 }, 0, &ctx), cl);
	UT_REQ(dat_ep_get_status(x->c.ea, NULL, NULL, &req_idle), cl);
	if (req_idle)
		rt_unsupported("the bind completed before the schedule could hold it");
	/* the page allows the free on a bound or unbound RMR; a bind in
	 * flight may be refused or flushed (E-UDAPL-081) */
	DAT_RETURN rc = dat_rmr_free(rmr);
	if (!UT_RC_IN(rc, cl, DAT_INVALID_STATE, DAT_SUCCESS) || DAT_GET_TYPE(rc) == DAT_SUCCESS)
		return;
	ut_wait(x->c.a.req, DAT_RMR_BIND_COMPLETION_EVENT, NULL, cl);
	UT_OK(dat_rmr_free(rmr), cl);
}

#define C_ORDER "UDAPL-dat_evd_wait-stream-order"
S_TEST(s_order, "udapl.evd_wait.schedule.stream_order", C_ORDER)
{
	DAT_LMR_TRIPLET s = ut_seg(&x->ma, 0, 64);
	DAT_RMR_TRIPLET t = ut_rseg(&x->mb, 0, 64);
	for (uint64_t i = 1; i <= 8; i++)
		UT_REQ(dat_ep_post_rdma_write(x->c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = i },
				&t, 0), cl);
	for (uint64_t i = 1; i <= 8; i++)
		ut_dto(x->c.a.req, DAT_DTO_SUCCESS, i, NULL, cl);
}
