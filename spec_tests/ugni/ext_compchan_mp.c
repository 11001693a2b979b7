/*
 * ext_compchan_mp.c: a completion channel woken by a peer process
 * (np=2): rank 1 arms its receive CQ and sleeps in poll() on the
 * channel's descriptor, making no uGNI call; rank 0 PUTs into rank 1's
 * memory with a remote event.  The descriptor must become readable and
 * GNI_CompChanGetEvent name the receive CQ, as a daemon that sleeps in
 * epoll relies on (OVIS ldms zap_ugni).
 */
#include <poll.h>
#include <string.h>
#include "fixture.h"

struct mp_card { uint32_t addr; uint64_t buf; gni_mem_handle_t mh; };

RT_TEST_ATTRS(cc_peer, "ugni.comp_chan_get_event.multiprocess.peer_event_wakes_poll",
		"UGNI-X-comp-chan-readable-on-event,UGNI-X-comp-chan-get-event-names-cq", "np=2")
{
	const char *c = "UGNI-X-comp-chan-readable-on-event";
	int rank, size, fd = -1;
	struct fx_side me;
	struct mp_card cards[2], mine;
	gni_comp_chan_handle_t ch = NULL;
	gni_cq_handle_t got = NULL;

	fx_pmi_init(&rank, &size);
	fx_domain(&me, (uint32_t)rank, FX_PTAG, FX_COOKIE, 0);
	fx_cq(me.nic, 16, GNI_CQ_NOBLOCK, &me.cq);
	fx_cq(me.nic, 16, GNI_CQ_NOBLOCK, &me.rcq);
	unsigned char *buf = fx_mem(4096);
	gni_mem_handle_t mh = fx_reg(me.nic, buf, 4096, me.rcq, 0);
	mine = (struct mp_card){ me.addr, U64(buf), mh };
	fx_pmi_allgather(&mine, cards, sizeof mine);
	fx_ep(&me, me.cq, cards[1 - rank].addr, (uint32_t)(1 - rank), &me.ep);
	gni_return_t rc = GNI_CompChanCreate(me.nic, &ch);
	int offered = rc != GNI_RC_ILLEGAL_OP;
	if (offered) {
		RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-comp-chan-create-success");
		RT_REQUIRE_EQ_INT(GNI_CompChanFd(ch, &fd), GNI_RC_SUCCESS, "UGNI-X-comp-chan-fd-pollable");
		RT_REQUIRE_EQ_INT(GNI_CqAttachCompChan(me.rcq, ch), GNI_RC_SUCCESS,
				"UGNI-X-cq-attach-comp-chan-success");
		RT_REQUIRE_EQ_INT(GNI_CqArmCompChan(&me.rcq, 1), GNI_RC_SUCCESS, c);
	}
	fx_pmi_barrier();	/* armed before the PUT */
	if (rank == 0) {
		gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT,
				GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT,
				buf, mh, NULL, cards[1].mh, 8);
		d.remote_addr = cards[1].buf;
		RT_REQUIRE_EQ_INT(GNI_PostFma(me.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
		fx_complete(me.cq, &d, "UGNI-3.6.1-put-success");
	} else if (offered) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		RT_EXPECT_EQ_INT(poll(&p, 1, 5000), 1, c);
		RT_EXPECT_TRUE(p.revents & POLLIN, c);
		RT_EXPECT_EQ_INT(GNI_CompChanGetEvent(ch, &got), GNI_RC_SUCCESS,
				"UGNI-X-comp-chan-get-event-names-cq");
		RT_EXPECT_TRUE(got == me.rcq, "UGNI-X-comp-chan-get-event-names-cq");
		gni_cq_entry_t e;
		RT_EXPECT_EQ_INT(GNI_CqGetEvent(me.rcq, &e), GNI_RC_SUCCESS,
				"UGNI-X-comp-chan-event-stays-in-cq");
	}
	fx_pmi_barrier();
	GNI_EpDestroy(me.ep);
	GNI_MemDeregister(me.nic, &mh);
	GNI_CqDestroy(me.rcq);
	GNI_CqDestroy(me.cq);
	if (offered)
		GNI_CompChanDestroy(ch);
	GNI_CdmDestroy(me.cdm);
	fx_pmi_fini();
	if (!offered)
		rt_lacks("ext:GNI_CompChanCreate", "answers GNI_RC_ILLEGAL_OP");
	if (rank == 0)
		RT_EXPECT_TRUE(true, c);	/* rank 0's part is the PUT */
}
