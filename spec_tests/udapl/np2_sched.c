/*
 * np2_sched.c: two-process tests of states that exist only while a
 * connection is being established or while requests are in progress
 * (rank 0 passive, rank 1 active), and an SRQ shared by the Endpoints of
 * two connections.  The pending states are made observable by the
 * adversarial schedule of the optional test-control interface
 * (needs=schedule).  PMI stays the only channel between the ranks
 * besides the API under test; a rank that has to keep the other making
 * progress waits on an EVD for a connection request that the other rank
 * sends when it is done.
 */
#include <string.h>

#include "rdmacts_test_control.h"
#include "ut.h"

#define NP2 "np=2"
#define NP2S "np=2;needs=schedule"

static void post_recvs(DAT_EP_HANDLE ep, struct ut_mem *m, uint64_t first, int n,
		const char *cl)
{
	for (int i = 0; i < n; i++) {
		DAT_LMR_TRIPLET r = ut_seg(m, (size_t)i * 64, 64);
		UT_REQ(dat_ep_post_recv(ep, 1, &r, (DAT_DTO_COOKIE){ .as_64 = first + (uint64_t)i },
				DAT_COMPLETION_DEFAULT_FLAG), cl);
	}
}

/* Rank 0 tells rank 1 it is done: a connection request to rank 1's
 * UT_QUAL + 1, which rank 1 waits for (making progress) and rejects. */
static void signal_done(struct ut_ia *u, const struct sockaddr_storage *peer,
		const char *cl)
{
	DAT_EVD_HANDLE c2;
	DAT_EP_HANDLE e2;

	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_CONNECTION_FLAG, &c2), cl);
	UT_REQ(dat_ep_create(u->ia, u->pz, u->rcv, u->req, c2, NULL, &e2), cl);
	UT_REQ(dat_ep_connect(e2, (DAT_IA_ADDRESS_PTR)peer, UT_QUAL + 1, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	ut_wait(c2, DAT_CONNECTION_EVENT_PEER_REJECTED, NULL, cl);
}

static void wait_done(struct ut_ia *u, const char *cl)
{
	DAT_EVENT ev;

	if (ut_wait(u->cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl))
		UT_OK(dat_cr_reject(ev.event_data.cr_arrival_event_data.cr_handle), cl);
}

/*
 * The active side's connect times out before the passive side accepts;
 * the passive Endpoint, held in COMPLETION_PENDING until the active side
 * confirms, learns that the establishment failed.
 */
#define C_ACE "UDAPL-dat_cr_accept-sm-accept-completion-error"
RT_TEST_ATTRS(n_accept_error, "udapl.cr_accept.np2.accept_completion_error", C_ACE, NP2S)
{
	const char *cl = C_ACE;
	struct ut_ia u;
	struct ut_mem m;
	struct sockaddr_storage peer;
	DAT_PSP_HANDLE psp;
	DAT_EVENT ev;
	int rank = ut_np2_init();
	int held = 1;

	ut_open(&u, cl);
	DAT_EP_HANDLE ep = ut_ep(&u, NULL, cl);
	ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_psp_create(u.ia, UT_QUAL + (DAT_CONN_QUAL)rank, u.cr,
			DAT_PSP_CONSUMER_FLAG, &psp), cl);
	ut_np2_control(0, RDMACTS_TC_SCHEDULE_SEED, 7);
	ut_exchange(&u.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, 200000, 0, NULL,
				DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
		ut_wait(u.conn, DAT_CONNECTION_EVENT_TIMED_OUT, NULL, cl);
		ut_barrier();		/* the request timed out */
		wait_done(&u, cl);	/* progress: the late ACCEPT is answered */
		ut_barrier();
		ut_close(&u);
		return;
	}
	post_recvs(ep, &m, 1, 2, cl);
	bool got = ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl);
	ut_barrier();
	if (got) {
		UT_OK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, ep, 0, NULL), cl);
		/* The first connection event tells whether the Endpoint waited
		 * for the active side: ESTABLISHED means it did not.  (Its state
		 * cannot tell: the active side's answer may arrive at once.) */
		if (ut_wait(u.conn, 0, &ev, cl))
			held = ev.event_number != DAT_CONNECTION_EVENT_ESTABLISHED;
	}
	if (got && held) {
		RT_EXPECT_EQ_INT(ev.event_number, DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR, cl);
		RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_DISCONNECTED, cl);
		ut_dto(u.rcv, DAT_DTO_ERR_FLUSHED, 1, NULL, cl);
		ut_dto(u.rcv, DAT_DTO_ERR_FLUSHED, 2, NULL, cl);
	}
	signal_done(&u, &peer, cl);
	ut_barrier();
	ut_close(&u);
	if (!held)
		rt_unsupported("the accepted Endpoint was ESTABLISHED at once: this "
				"implementation does not wait for the active side's confirmation");
}

/*
 * The passive side disconnects its Endpoint while it is accepted but
 * not yet established (the active side, in a PMI barrier, has not
 * confirmed).
 */
#define C_ACP "UDAPL-dat_ep_disconnect-abort-completion-pending"
#define C_DISC_R "UDAPL-dat_ep_disconnect-sm-remote-side"
RT_TEST_ATTRS(n_abort_pending, "udapl.ep_disconnect.np2.abort_completion_pending",
		C_ACP "," C_DISC_R, NP2S)
{
	const char *cl = C_ACP;
	struct ut_ia u;
	struct ut_mem m;
	struct sockaddr_storage peer;
	DAT_PSP_HANDLE psp;
	DAT_EVENT ev;
	int rank = ut_np2_init();
	int held = 1;

	ut_open(&u, cl);
	DAT_EP_HANDLE ep = ut_ep(&u, NULL, cl);
	ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	if (rank == 0)
		UT_REQ(dat_psp_create(u.ia, UT_QUAL, u.cr, DAT_PSP_CONSUMER_FLAG, &psp), cl);
	ut_np2_control(0, RDMACTS_TC_SCHEDULE_SEED, 7);
	ut_exchange(&u.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, UT_TIMEOUT, 0, NULL,
				DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
		ut_barrier();	/* no progress here until the passive side is done */
		/* the connection ends, whether it was established first or not */
		for (int i = 0; i < 2 && ut_wait(u.conn, 0, &ev, C_DISC_R); i++)
			if (ev.event_number != DAT_CONNECTION_EVENT_ESTABLISHED)
				break;
		RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_DISCONNECTED, C_DISC_R);
		ut_barrier();
		ut_close(&u);
		return;
	}
	post_recvs(ep, &m, 1, 2, cl);
	if (ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl)) {
		UT_OK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, ep, 0, NULL), cl);
		held = ut_state(ep) == DAT_EP_STATE_COMPLETION_PENDING;
		UT_OK(dat_ep_disconnect(ep, DAT_CLOSE_ABRUPT_FLAG), cl);
		if (held) {
			RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_DISCONNECTED, cl);
			if (ut_wait(u.conn, 0, &ev, cl))
				RT_EXPECT_RC_IN(ev.event_number, cl, DAT_CONNECTION_EVENT_DISCONNECTED,
						DAT_CONNECTION_EVENT_ACCEPT_COMPLETION_ERROR);
			ut_dto(u.rcv, DAT_DTO_ERR_FLUSHED, 1, NULL, cl);
			ut_dto(u.rcv, DAT_DTO_ERR_FLUSHED, 2, NULL, cl);
		}
	}
	ut_barrier();
	ut_barrier();
	ut_close(&u);
	if (!held)
		rt_unsupported("the Endpoint was not in COMPLETION_PENDING after dat_cr_accept: "
				"this implementation does not wait for the active side's confirmation");
}

/* No DAT_DTO_SUCCESS after the first unsuccessful completion among the
 * n DTO completions dequeued from evd; all n must arrive. */
static void stream_order(DAT_EVD_HANDLE evd, int n, const char *cl)
{
	DAT_EVENT ev;
	int failed_at = -1;

	for (int i = 0; i < n; i++) {
		if (!ut_wait(evd, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			return;
		DAT_DTO_COMPLETION_STATUS st = ev.event_data.dto_completion_event_data.status;
		if (st != DAT_DTO_SUCCESS && failed_at < 0)
			failed_at = i;
		if (st == DAT_DTO_SUCCESS && failed_at >= 0)
			RT_FAIL(cl, "no-success-after-a-failure", "success",
					"completion %d succeeded after completion %d failed",
					i, failed_at);
	}
	RT_EXPECT_TRUE(true, cl);
}

/*
 * Eight Sends are in progress (the schedule holds their completions)
 * when the active side disconnects abruptly.
 */
#define C_AIPO "UDAPL-dat_ep_disconnect-abrupt-in-progress-order"
RT_TEST_ATTRS(n_abrupt_order, "udapl.ep_disconnect.np2.abrupt_in_progress_order", C_AIPO,
		NP2S)
{
	const char *cl = C_AIPO;
	struct ut_conn c;
	struct ut_mem m;
	DAT_BOOLEAN req_idle = DAT_TRUE;
	int rank = ut_np2_init();

	ut_np2_connect(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	if (rank == 0)
		post_recvs(c.ea, &m, 1, 8, cl);
	ut_np2_control(1, RDMACTS_TC_SCHEDULE_SEED, 7);
	ut_barrier();		/* the Recvs are posted */
	if (rank == 1) {
		for (int i = 0; i < 8; i++) {
			DAT_LMR_TRIPLET s = ut_seg(&m, (size_t)i * 64, 64);
			UT_REQ(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 0x100u + (unsigned)i },
					DAT_COMPLETION_DEFAULT_FLAG), cl);
		}
		UT_REQ(dat_ep_get_status(c.ea, NULL, NULL, &req_idle), cl);
		UT_OK(dat_ep_disconnect(c.ea, DAT_CLOSE_ABRUPT_FLAG), cl);
		stream_order(c.a.req, 8, cl);
	} else {
		DAT_EVENT ev;
		if (ut_wait(c.a.conn, 0, &ev, cl))
			RT_EXPECT_RC_IN(ev.event_number, cl, DAT_CONNECTION_EVENT_DISCONNECTED,
					DAT_CONNECTION_EVENT_BROKEN);
		stream_order(c.a.rcv, 8, cl);
	}
	ut_barrier();
	ut_close(&c.a);
	if (rank == 1 && req_idle)
		rt_unsupported("the Sends completed before the schedule could hold them");
}

/*
 * Two Endpoints of rank 0 take their Receives from one SRQ; rank 1
 * connects two Endpoints to them and sends on both.
 */
#define C_SRQ_SH "UDAPL-dat_srq_post_recv-shared-by-eps"
RT_TEST_ATTRS(n_srq_shared, "udapl.srq_post_recv.np2.shared_by_eps", C_SRQ_SH, NP2)
{
	const char *cl = C_SRQ_SH;
	struct ut_ia u;
	struct ut_mem m;
	struct sockaddr_storage peer;
	DAT_PROVIDER_ATTR p;
	DAT_PSP_HANDLE psp;
	DAT_SRQ_HANDLE srq = DAT_HANDLE_NULL;
	DAT_EVD_HANDLE rcv[2];
	DAT_EP_HANDLE ep[2];
	DAT_EVENT ev;
	int rank = ut_np2_init(), mine, theirs = 0;

	ut_open(&u, cl);
	ut_attrs(u.ia, NULL, &p);
	mine = p.srq_supported == DAT_TRUE;
	ut_exchange(&mine, &theirs, sizeof mine);
	if (!mine || !theirs)
		ut_lacks(UT_CAP_SRQ);
	ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	if (rank == 0) {
		DAT_SRQ_ATTR a = { .max_recv_dtos = 16, .max_recv_iov = 1,
			.low_watermark = DAT_WATERMARK_INFINITE };
		UT_REQ(dat_srq_create(u.ia, u.pz, &a, &srq), cl);
		for (int i = 0; i < 4; i++) {
			DAT_LMR_TRIPLET r = ut_seg(&m, (size_t)i * 256, 256);
			UT_REQ(dat_srq_post_recv(srq, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 1u + (unsigned)i }),
					cl);
		}
		for (int k = 0; k < 2; k++) {
			UT_REQ(dat_evd_create(u.ia, 8, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &rcv[k]), cl);
			UT_REQ(dat_ep_create_with_srq(u.ia, u.pz, rcv[k], u.req, u.conn, srq, NULL,
					&ep[k]), cl);
		}
		UT_REQ(dat_psp_create(u.ia, UT_QUAL, u.cr, DAT_PSP_CONSUMER_FLAG, &psp), cl);
	} else {
		ep[0] = ut_ep(&u, NULL, cl);
		ep[1] = ut_ep(&u, NULL, cl);
	}
	ut_exchange(&u.addr, &peer, sizeof peer);
	for (int k = 0; k < 2; k++) {
		if (rank == 1) {
			UT_REQ(dat_ep_connect(ep[k], (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, UT_TIMEOUT, 0,
					NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
		} else if (ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl)) {
			UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, ep[k], 0,
					NULL), cl);
		}
		ut_wait(u.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, cl);
	}
	ut_barrier();		/* both connections are up */
	if (rank == 1) {
		/* two messages on each Endpoint, interleaved: byte 0 names it */
		for (int i = 0; i < 4; i++) {
			m.buf[512 + i * 16] = (char)('A' + i % 2);
			ut_send(ep[i % 2], u.req, &m, 512 + (size_t)i * 16, 16, cl);
		}
	} else {
		int used[5] = { 0 };
		for (int k = 0; k < 2; k++)
			for (int j = 0; j < 2; j++) {
				if (!ut_wait(rcv[k], DAT_DTO_COMPLETION_EVENT, &ev, cl))
					continue;
				const DAT_DTO_COMPLETION_EVENT_DATA *d =
					&ev.event_data.dto_completion_event_data;
				uint64_t ck = d->user_cookie.as_64;
				RT_EXPECT_EQ_INT(d->status, DAT_DTO_SUCCESS, cl);
				RT_EXPECT_TRUE(d->ep_handle == ep[k], cl);
				RT_EXPECT_EQ_U64(d->transfered_length, 16, cl);
				if (!RT_EXPECT_TRUE(ck >= 1 && ck <= 4 && !used[ck], cl))
					continue;
				used[ck] = 1;
				/* the buffer holds a message of the peer of this EP */
				RT_EXPECT_EQ_INT(m.buf[(ck - 1) * 256], 'A' + k, cl);
			}
		ut_empty(rcv[0], cl);
		ut_empty(rcv[1], cl);
	}
	ut_barrier();
	ut_close(&u);
}
