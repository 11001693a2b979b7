/*
 * np2.c: the connection state machine across two processes (np=2):
 * rank 0 is the passive side, rank 1 the active side.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pmi.h"
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

/* ---- more connection rules across two processes ---- */

#define C_APEND "UDAPL-dat_ep_connect-sm-active-pending"
RT_TEST_ATTRS(np2_active_pending, "udapl.ep_connect.np2.active_pending", C_APEND, NP2)
{
	struct ut_ia u;
	struct sockaddr_storage peer;
	DAT_PSP_HANDLE psp;
	DAT_EVENT ev;
	int rank = ut_np2_init();

	ut_open(&u, C_APEND);
	DAT_EP_HANDLE ep = ut_ep(&u, NULL, C_APEND);
	if (rank == 0)
		UT_REQ(dat_psp_create(u.ia, UT_QUAL, u.cr, DAT_PSP_CONSUMER_FLAG, &psp), C_APEND);
	ut_exchange(&u.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, UT_TIMEOUT, 0, NULL,
				DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), C_APEND);
		RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_ACTIVE_CONNECTION_PENDING, C_APEND);
		ut_barrier();	/* the passive side answers only now */
		ut_wait(u.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_APEND);
	} else {
		ut_barrier();
		if (ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, C_APEND))
			UT_OK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, ep, 0,
					NULL), C_APEND);
		ut_wait(u.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_APEND);
	}
	ut_barrier();
	ut_close(&u);
}

#define C_HO "UDAPL-dat_cr_handoff-sm-handoff-new-request"
RT_TEST_ATTRS(np2_handoff, "udapl.cr_handoff.np2.new_request", C_HO, NP2)
{
	struct ut_ia u;
	struct sockaddr_storage peer;
	DAT_PSP_HANDLE psp, psp2;
	DAT_EVD_HANDLE cr2;
	DAT_EVENT ev;
	int rank = ut_np2_init();

	ut_open(&u, C_HO);
	DAT_EP_HANDLE ep = ut_ep(&u, NULL, C_HO);
	if (rank == 0) {
		UT_REQ(dat_evd_create(u.ia, 8, DAT_HANDLE_NULL, DAT_EVD_CR_FLAG, &cr2), C_HO);
		UT_REQ(dat_psp_create(u.ia, UT_QUAL, u.cr, DAT_PSP_CONSUMER_FLAG, &psp), C_HO);
		UT_REQ(dat_psp_create(u.ia, UT_QUAL + 1, cr2, DAT_PSP_CONSUMER_FLAG, &psp2), C_HO);
	}
	ut_exchange(&u.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL, UT_TIMEOUT, 0, NULL,
				DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), C_HO);
	} else if (ut_wait(u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, C_HO)) {
		UT_OK(dat_cr_handoff(ev.event_data.cr_arrival_event_data.cr_handle, UT_QUAL + 1), C_HO);
		if (ut_wait(cr2, DAT_CONNECTION_REQUEST_EVENT, &ev, C_HO))
			UT_OK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, ep, 0,
					NULL), C_HO);
	}
	ut_wait(u.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_HO);
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_CONNECTED, C_HO);
	ut_barrier();
	ut_close(&u);
}

#define C_FLUSH "UDAPL-dat_ep_disconnect-abrupt-outstanding-flushed"
RT_TEST_ATTRS(np2_flush, "udapl.ep_disconnect.np2.abrupt_flushes_recvs", C_FLUSH, NP2)
{
	struct ut_conn c;
	struct ut_mem m;
	int rank = ut_np2_init();

	ut_np2_connect(&c, C_FLUSH);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_FLUSH);
	DAT_LMR_TRIPLET r = ut_seg(&m, 0, 64);
	for (uint64_t i = 1; i <= 2; i++)
		UT_REQ(dat_ep_post_recv(c.ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = i }, 0), C_FLUSH);
	ut_barrier();
	if (rank == 1)
		UT_REQ(dat_ep_disconnect(c.ea, DAT_CLOSE_ABRUPT_FLAG), C_FLUSH);
	ut_wait(c.a.conn, DAT_CONNECTION_EVENT_DISCONNECTED, NULL, C_FLUSH);
	for (uint64_t i = 1; i <= 2; i++)
		ut_dto(c.a.rcv, DAT_DTO_ERR_FLUSHED, i, NULL, C_FLUSH);
	ut_barrier();
	ut_close(&c.a);
}

#define C_PEER_EXIT "UDAPL-dat_ep_disconnect-broken-on-peer-exit"
RT_TEST_ATTRS(np2_peer_exit, "udapl.ep_disconnect.np2.peer_exit", C_PEER_EXIT, NP2)
{
	struct ut_conn c;
	struct ut_mem m;
	DAT_EVENT ev;
	int rank = ut_np2_init();

	ut_np2_connect(&c, C_PEER_EXIT);
	if (rank == 1) {
		ut_barrier();
		ut_close(&c.a);	/* gone without dat_ep_disconnect */
		ut_barrier();
		return;
	}
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_PEER_EXIT);
	DAT_LMR_TRIPLET r = ut_seg(&m, 0, 64);
	UT_REQ(dat_ep_post_recv(c.ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 0xe7 }, 0), C_PEER_EXIT);
	ut_barrier();
	ut_barrier();
	if (ut_wait(c.a.conn, 0, &ev, C_PEER_EXIT))
		RT_EXPECT_TRUE(ev.event_number == DAT_CONNECTION_EVENT_BROKEN ||
				ev.event_number == DAT_CONNECTION_EVENT_DISCONNECTED, C_PEER_EXIT);
	RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_PEER_EXIT);
	ut_dto(c.a.rcv, DAT_DTO_ERR_FLUSHED, 0xe7, NULL, C_PEER_EXIT);
	ut_close(&c.a);
}

/* The passive side registers an LMR with priv and sends its rmr_context;
 * the active side reads or writes it; status is the DTO status seen. */
static DAT_DTO_COMPLETION_STATUS np2_lmr_rdma(DAT_MEM_PRIV_FLAGS priv, int write,
		const char *cl)
{
	struct ut_conn c;
	struct ut_mem m;
	struct { DAT_RMR_CONTEXT ctx; DAT_VADDR va; } mine = { 0, 0 }, theirs;
	DAT_EVENT ev;
	DAT_DTO_COMPLETION_STATUS st = DAT_DTO_SUCCESS;
	int rank = ut_np2_init();

	ut_np2_connect(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, rank == 0 ? priv | DAT_MEM_PRIV_LOCAL_READ_FLAG |
			DAT_MEM_PRIV_LOCAL_WRITE_FLAG : DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	memset(m.buf, rank == 0 ? 0x11 : 0x22, 64);
	mine.ctx = m.rctx;
	mine.va = (DAT_VADDR)(uintptr_t)m.buf;
	ut_exchange(&mine, &theirs, sizeof mine);
	if (rank == 1) {
		DAT_LMR_TRIPLET s = ut_seg(&m, 0, 64);
		DAT_RMR_TRIPLET t = { theirs.ctx, 0, theirs.va, 64 };
		UT_REQ(write ? dat_ep_post_rdma_write(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = 7 },
				&t, 0) : dat_ep_post_rdma_read(c.ea, 1, &s,
				(DAT_DTO_COOKIE){ .as_64 = 7 }, &t, 0), cl);
		if (ut_wait(c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, cl))
			st = ev.event_data.dto_completion_event_data.status;
		if (st == DAT_DTO_SUCCESS && !write)
			RT_EXPECT_TRUE((unsigned char)m.buf[0] == 0x11, cl);
	}
	ut_barrier();
	if (rank == 0 && write && (priv & DAT_MEM_PRIV_REMOTE_WRITE_FLAG))
		RT_EXPECT_TRUE((unsigned char)m.buf[0] == 0x22, cl);
	if (rank == 0 && write && !(priv & DAT_MEM_PRIV_REMOTE_WRITE_FLAG))
		RT_EXPECT_TRUE((unsigned char)m.buf[0] == 0x11, cl);
	ut_barrier();
	ut_close(&c.a);
	return st;	/* DAT_DTO_SUCCESS on the passive side */
}

/* The active side's DTO succeeds exactly when ok. */
static void np2_lmr_check(DAT_MEM_PRIV_FLAGS priv, int write, bool ok, const char *cl)
{
	DAT_DTO_COMPLETION_STATUS st = np2_lmr_rdma(priv, write, cl);
	if (ut_np2_init() == 1)
		RT_EXPECT_TRUE((st == DAT_DTO_SUCCESS) == ok, cl);
	else
		RT_EXPECT_TRUE(true, cl);
}

#define C_RW "UDAPL-libdat-lmr-remote-write-via-rmr-context"
RT_TEST_ATTRS(np2_lmr_write, "udapl.lmr_create.np2.remote_write", C_RW, NP2)
{
	np2_lmr_check(DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 1, true, C_RW);
}
RT_TEST_ATTRS(np2_lmr_nowrite, "udapl.lmr_create.np2.no_remote_write", C_RW, NP2)
{
	np2_lmr_check(DAT_MEM_PRIV_REMOTE_READ_FLAG, 1, false, C_RW);
}
#define C_RR "UDAPL-libdat-lmr-remote-read-via-rmr-context"
RT_TEST_ATTRS(np2_lmr_read, "udapl.lmr_create.np2.remote_read", C_RR, NP2)
{
	np2_lmr_check(DAT_MEM_PRIV_REMOTE_READ_FLAG, 0, true, C_RR);
}
RT_TEST_ATTRS(np2_lmr_noread, "udapl.lmr_create.np2.no_remote_read", C_RR, NP2)
{
	np2_lmr_check(DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 0, false, C_RR);
}

#define C_CASC "UDAPL-dat_ia_close-abrupt-cascade"
RT_TEST_ATTRS(np2_cascade, "udapl.ia_close.np2.abrupt_cascade", C_CASC, NP2)
{
	struct ut_conn c;
	struct ut_mem m;
	int rank = ut_np2_init();

	ut_np2_connect(&c, C_CASC);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_CASC);
	ut_barrier();
	if (rank == 1) {
		/* what became of the objects' handles is the robustness
		 * tier's (udapl.ia_close.robustness.cascade_handles) */
		UT_OK(dat_ia_close(c.a.ia, DAT_CLOSE_ABRUPT_FLAG), C_CASC);
	} else {
		/* the connection of the destroyed Endpoint is over */
		ut_wait(c.a.conn, 0, NULL, C_CASC);
		RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_CASC);
	}
	ut_barrier();
	if (rank == 0)
		ut_close(&c.a);
}

/*
 * Many Sends in a row (well over a MiB in all, in messages of a size
 * that divides no power of two): every message lands whole in its
 * Receive, in order, however the implementation buffers them.
 */
#define C_ONE_RECV "UDAPL-dat_ep_post_send-send-consumes-one-recv"
RT_TEST_ATTRS(np2_many_sends, "udapl.ep_post_send.np2.many_messages", C_ONE_RECV, NP2)
{
	enum { ROUNDS = 6, PER = 64, LEN = 3999, SLOT = 4096 };
	struct ut_conn c;
	struct ut_mem m;
	int rank = ut_np2_init(), bad = 0;

	ut_np2_connect(&c, C_ONE_RECV);
	ut_mem(&c.a, c.a.pz, PER * SLOT, DAT_MEM_PRIV_ALL_FLAG, &m, C_ONE_RECV);
	for (int r = 0; r < ROUNDS; r++) {
		if (rank == 0) {
			memset(m.buf, 0, PER * SLOT);
			for (int i = 0; i < PER; i++) {
				DAT_LMR_TRIPLET s = ut_seg(&m, (size_t)i * SLOT, SLOT);
				UT_REQ(dat_ep_post_recv(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 =
						(uint64_t)(r * PER + i) }, 0), C_ONE_RECV);
			}
		}
		ut_barrier();	/* the Receives are posted */
		if (rank == 1) {
			for (int i = 0; i < PER; i++) {
				memset(m.buf, (r * PER + i) & 0xff, LEN);
				m.buf[0] = (char)r;
				m.buf[LEN - 1] = (char)i;
				ut_send(c.ea, c.a.req, &m, 0, LEN, C_ONE_RECV);
			}
		} else {
			for (int i = 0; i < PER; i++) {
				DAT_EVENT ev;
				const char *b = m.buf + (size_t)i * SLOT;
				if (!ut_dto(c.a.rcv, DAT_DTO_SUCCESS, (uint64_t)(r * PER + i), &ev,
						C_ONE_RECV))
					break;
				RT_EXPECT_EQ_U64(ev.event_data.dto_completion_event_data.transfered_length,
						LEN, C_ONE_RECV);
				bad += b[0] != (char)r || b[LEN - 1] != (char)i || b[LEN] != 0;
				for (int k = 1; k < LEN - 1; k++)
					bad += b[k] != (char)((r * PER + i) & 0xff);
			}
		}
		ut_barrier();
	}
	if (rank == 0)
		RT_EXPECT_EQ_INT(bad, 0, C_ONE_RECV);
	ut_close(&c.a);
}

/*
 * The peer process ends without closing its IA (no dat_ep_disconnect, no
 * dat_ia_close): the surviving side keeps sending until it learns it.
 */
RT_TEST_ATTRS(np2_peer_gone, "udapl.ep_disconnect.np2.peer_gone_while_sending", C_PEER_EXIT,
		NP2)
{
	struct ut_conn c;
	struct ut_mem m;
	DAT_EVENT ev;
	int rank = ut_np2_init(), got = 0;

	ut_np2_connect(&c, C_PEER_EXIT);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_PEER_EXIT);
	ut_barrier();
	if (rank == 1) {
		RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_CONNECTED, C_PEER_EXIT);
		PMI_Finalize();
		rt_exit_test();	/* the IA is left open */
	}
	DAT_LMR_TRIPLET r = ut_seg(&m, 1024, 64), s = ut_seg(&m, 0, 8);
	UT_REQ(dat_ep_post_recv(c.ea, 1, &r, (DAT_DTO_COOKIE){ .as_64 = 0xe8 }, 0), C_PEER_EXIT);
	for (uint64_t i = 0; i < 200 && !got; i++) {
		DAT_COUNT n;
		UT_REQ(dat_ep_post_send(c.ea, 1, &s, (DAT_DTO_COOKIE){ .as_64 = i },
				DAT_COMPLETION_DEFAULT_FLAG), C_PEER_EXIT);
		ut_wait(c.a.req, DAT_DTO_COMPLETION_EVENT, &ev, C_PEER_EXIT);
		got = dat_evd_wait(c.a.conn, 50000, 1, &ev, &n) == DAT_SUCCESS;
	}
	if (RT_EXPECT_TRUE(got, C_PEER_EXIT))
		RT_EXPECT_RC_IN(ev.event_number, C_PEER_EXIT, DAT_CONNECTION_EVENT_BROKEN,
				DAT_CONNECTION_EVENT_DISCONNECTED);
	RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_PEER_EXIT);
	/* the rest of the request stream and the posted Receive end */
	while (dat_evd_dequeue(c.a.req, &ev) == DAT_SUCCESS)
		;
	ut_dto(c.a.rcv, DAT_DTO_ERR_FLUSHED, 0xe8, NULL, C_PEER_EXIT);
	ut_close(&c.a);
}
