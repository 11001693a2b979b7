/*
 * np2.c: the connection state machine across two processes (np=2):
 * rank 0 is the passive side, rank 1 the active side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ut.h"

#define NP2 "np=2"

#define C_EST "UDAPL-dat_ep_connect-sm-established"
RT_TEST_ATTRS(np2_established, "udapl.ep_connect.np2.established", C_EST, NP2)
{
	struct ut_conn c;
	ut_np2_connect(&c, C_EST);
	RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_CONNECTED, C_EST);
	ut_barrier();
	ut_close(&c.a);
}

#define C_ACC "UDAPL-dat_cr_accept-sm-passive-established"
RT_TEST_ATTRS(np2_accept, "udapl.cr_accept.np2.passive_established", C_ACC, NP2)
{
	struct ut_conn c;
	ut_np2_connect(&c, C_ACC);
	RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_CONNECTED, C_ACC);
	ut_barrier();
	ut_close(&c.a);
}

/* The passive side answers the request with `how`; the active side
 * checks the event it gets and its EP state. */
static void np2_refused(int how, DAT_EVENT_NUMBER want, const char *cl)
{
	struct ut_ia u;
	struct sockaddr_storage peer;
	DAT_PSP_HANDLE psp;
	DAT_EVENT ev;
	int rank = ut_np2_init();

	ut_open(&u, cl);
	DAT_EP_HANDLE ep = ut_ep(&u, NULL, cl);
	if (rank == 0 && how != 2)
		UT_REQ(dat_psp_create(u.ia, UT_QUAL, u.cr, DAT_PSP_CONSUMER_FLAG, &psp), cl);
	ut_exchange(&u.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, UT_TIMEOUT, 0,
				NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
		ut_wait(u.conn, want, &ev, cl);
		RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_DISCONNECTED, cl);
	} else if (how != 2) {
		if (ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
			RT_EXPECT_EQ_INT(dat_cr_reject(ev.event_data.cr_arrival_event_data.cr_handle),
					DAT_SUCCESS, cl);
	} else {
		/* No listener: keep making progress so the request is answered. */
		DAT_EVENT e2;
		UT_RC(dat_evd_wait(u.cr, 1000000, 1, &e2, &(DAT_COUNT){0}), DAT_TIMEOUT_EXPIRED, cl);
	}
	ut_barrier();
	ut_close(&u);
}

#define C_REJ "UDAPL-dat_ep_connect-sm-peer-rejected"
RT_TEST_ATTRS(np2_rejected, "udapl.ep_connect.np2.peer_rejected", C_REJ, NP2)
{
	np2_refused(1, DAT_CONNECTION_EVENT_PEER_REJECTED, C_REJ);
}
#define C_CR_REJ "UDAPL-dat_cr_reject-sm-active-peer-rejected"
RT_TEST_ATTRS(np2_cr_reject, "udapl.cr_reject.np2.active_peer_rejected", C_CR_REJ, NP2)
{
	np2_refused(1, DAT_CONNECTION_EVENT_PEER_REJECTED, C_CR_REJ);
}
#define C_NPR "UDAPL-dat_ep_connect-sm-non-peer-rejected-no-listener"
RT_TEST_ATTRS(np2_no_listener, "udapl.ep_connect.np2.no_listener", C_NPR, NP2)
{
	np2_refused(2, DAT_CONNECTION_EVENT_NON_PEER_REJECTED, C_NPR);
}

#define C_DISC "UDAPL-dat_ep_disconnect-sm-disconnected-event"
#define C_DISC_R "UDAPL-dat_ep_disconnect-sm-remote-side"
RT_TEST_ATTRS(np2_disconnect, "udapl.ep_disconnect.np2.both_sides", C_DISC "," C_DISC_R, NP2)
{
	struct ut_conn c;
	DAT_EVENT ev;
	int rank;
	ut_np2_connect(&c, C_DISC);
	rank = ut_np2_init();
	if (rank == 1) {
		UT_REQ(dat_ep_disconnect(c.ea, DAT_CLOSE_GRACEFUL_FLAG), C_DISC);
		ut_wait(c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, &ev, C_DISC);
		RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_DISC);
	} else {
		if (ut_wait(c.a.conn, 0, &ev, C_DISC_R))
			RT_EXPECT_RC_IN(ev.event_number, C_DISC_R, DAT_CONNECTION_EVENT_DISCONNECTED,
					DAT_CONNECTION_EVENT_BROKEN);
		RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_DISC_R);
	}
	ut_barrier();
	ut_close(&c.a);
}

#define C_CR_TYPE "UDAPL-dat_get_handle_type-type-cr"
#define C_CR_CTX "UDAPL-dat_set_consumer_context-roundtrip-cr"
static void np2_cr(int ctx, const char *cl)
{
	struct ut_ia u;
	struct sockaddr_storage peer;
	DAT_PSP_HANDLE psp;
	DAT_EVENT ev;
	int rank = ut_np2_init();

	ut_open(&u, cl);
	DAT_EP_HANDLE ep = ut_ep(&u, NULL, cl);
	if (rank == 0)
		UT_REQ(dat_psp_create(u.ia, UT_QUAL, u.cr, DAT_PSP_CONSUMER_FLAG, &psp), cl);
	ut_exchange(&u.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, UT_TIMEOUT, 0,
				NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
		ut_wait(u.conn, DAT_CONNECTION_EVENT_PEER_REJECTED, &ev, cl);
	} else if (ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl)) {
		DAT_CR_HANDLE cr = ev.event_data.cr_arrival_event_data.cr_handle;
		if (!ctx) {
			DAT_HANDLE_TYPE t = (DAT_HANDLE_TYPE)-1;
			UT_OK(dat_get_handle_type(cr, &t), cl);
			RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_CR, cl);
		} else {
			DAT_CONTEXT in = { .as_64 = 0x0123456789ABCDEFull }, out = { .as_64 = 0 };
			UT_OK(dat_set_consumer_context(cr, in), cl);
			UT_OK(dat_get_consumer_context(cr, &out), cl);
			RT_EXPECT_EQ_U64(out.as_64, in.as_64, cl);
		}
		UT_OK(dat_cr_reject(cr), cl);
	}
	ut_barrier();
	ut_close(&u);
}
RT_TEST_ATTRS(np2_cr_type, "udapl.get_handle_type.type.cr", C_CR_TYPE, NP2) { np2_cr(0, C_CR_TYPE); }
RT_TEST_ATTRS(np2_cr_ctx, "udapl.set_consumer_context.roundtrip.cr", C_CR_CTX, NP2) { np2_cr(1, C_CR_CTX); }
