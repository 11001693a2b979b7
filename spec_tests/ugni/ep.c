/*
 * ep.c: endpoint event data (3.5.2) as the events carry it (read with
 * GNI_CQ_GET_INST_ID, the vendor accessor: errata readings), unbinding
 * with work outstanding (3.5.4), datagrams after EpUnbind.
 *
 * Events on the initiator's CQ (E-UGNI-058): 3.5.2 and the vendor header
 * give GLOBAL events the domain's inst_id (remote_event once set); the
 * vendor's example programs expect the endpoint's remote_id (local_event
 * once set) on every initiator event, LOCAL or GLOBAL.  Both readings are
 * accepted, but one implementation takes one of them: the default and
 * the EpSetEventData value of a GLOBAL event come from the same pair.
 */
#include "fixture.h"

#define L GNI_CQMODE_LOCAL_EVENT
#define G GNI_CQMODE_GLOBAL_EVENT
#define R GNI_CQMODE_REMOTE_EVENT

/* ---- EpCreate, EpDestroy -------------------------------------------------- */

/* Every handle EpCreate returns names its endpoint, however many exist:
 * each new endpoint is used at once (EpSetEventData) while hundreds of
 * others are alive. */
RT_TEST(many_eps, "ugni.ep_create.success.every_handle_usable", "UGNI-3.5.1-success")
{
	const char *c = "UGNI-3.5.1-success";
	enum { N = 300 };
	static gni_ep_handle_t eps[N];
	struct fx f;
	int n = 0, bad = 0;
	fx_setup(&f, 0);
	for (; n < N; n++) {
		if (GNI_EpCreate(f.a.nic, f.a.cq, &eps[n]) != GNI_RC_SUCCESS)
			break;
		if (GNI_EpSetEventData(eps[n], 1, 2) != GNI_RC_SUCCESS)
			bad++;
	}
	RT_EXPECT_EQ_INT(n, N, c);
	RT_EXPECT_EQ_INT(bad, 0, c);
	for (int i = 0; i < n; i++)
		RT_EXPECT_EQ_INT(GNI_EpDestroy(eps[i]), GNI_RC_SUCCESS, "UGNI-3.5.5-success");
	fx_teardown(&f);
}

/* A src_cq_handle of another NIC may be refused; a GNI_RC_SUCCESS comes
 * with a working endpoint handle. */
RT_TEST_ATTRS(other_nic_cq, "ugni.ep_create.param.src_cq_of_other_nic_handle",
	"UGNI-3.5.1-src-cq-other-nic", "tier=robustness")
{
	const char *c = "UGNI-3.5.1-src-cq-other-nic";
	struct fx f; gni_ep_handle_t ep = NULL;
	fx_setup(&f, 0);
	gni_return_t rc = GNI_EpCreate(f.a.nic, f.b.cq, &ep);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS)
		RT_EXPECT_EQ_INT(GNI_EpDestroy(ep), GNI_RC_SUCCESS, c);
	fx_teardown(&f);
}

/* EpDestroy destroys one endpoint: the transactions of another endpoint
 * of the same domain still complete, with their events and descriptors.
 * Under the adversarial schedule the other endpoint's event is still held
 * back when the first is destroyed.  survivor_first: the surviving
 * endpoint posts before the destroyed one. */
static void destroy_other_ep(int survivor_first, int seed, unsigned pattern)
{
	const char *c = "UGNI-3.5.5-success";
	struct fx f; struct fx_bufs b; gni_cq_handle_t cq2; gni_ep_handle_t e2;
	fx_control(RDMACTS_TC_SCHEDULE_SEED, seed);
	fx_setup(&f, 0);
	fx_bufs(&f, 128, &b);
	fx_cq(f.a.nic, 16, GNI_CQ_NOBLOCK, &cq2);
	fx_ep(&f.a, cq2, f.b.addr, f.b.inst, &e2);
	fx_pattern(b.l, 128, pattern);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	gni_post_descriptor_t d2 = fx_desc(GNI_POST_FMA_PUT, G, b.l + 64, b.lmh, b.r + 64, b.rmh, 64);
	if (survivor_first)
		RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_REQUIRE_EQ_INT(GNI_PostFma(e2, &d2), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	if (!survivor_first)
		RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_EXPECT_EQ_INT(GNI_EpDestroy(e2), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 64, c);
	fx_control(RDMACTS_TC_RESET, 0);
	GNI_CqDestroy(cq2);
	fx_teardown(&f);
}

RT_TEST_ATTRS(destroy_other, "ugni.ep_destroy.state.other_endpoint_unaffected",
	"UGNI-3.5.5-success,UGNI-3.9.5-success", "needs=schedule")
{
	destroy_other_ep(0, 7, 31);
}

/* The same with the surviving endpoint's post first: its completion,
 * queued before the destroyed endpoint's, is not lost either. */
RT_TEST_ATTRS(destroy_other_first, "ugni.ep_destroy.state.earlier_post_of_other_endpoint",
	"UGNI-3.5.5-success,UGNI-3.9.5-success", "needs=schedule")
{
	destroy_other_ep(1, 5, 32);
}

/* One post of type (RDMA PUT, FMA PUT or CQ write) from side a with mode
 * on ep; the event's inst_id field from cq (side a's for L/G, side b's
 * receive CQ for R and for the CQ write). */
static uint64_t post_event_data(struct fx *f, gni_ep_handle_t ep,
		gni_post_type_t type, uint16_t mode, const char *c)
{
	struct fx_bufs b; gni_cq_entry_t ev = 0;
	fx_bufs(f, 64, &b);
	gni_post_descriptor_t d = fx_desc(type, mode, b.l, b.lmh, b.r, b.rmh,
			type == GNI_POST_CQWRITE ? 0 : 64);
	gni_return_t rc;
	if (type == GNI_POST_RDMA_PUT)
		rc = GNI_PostRdma(ep, &d);
	else if (type == GNI_POST_CQWRITE) {
		d.cqwrite_value = 0x77;
		rc = GNI_PostCqWrite(ep, &d);
	} else
		rc = GNI_PostFma(ep, &d);
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_event(mode == R ? f->b.rcq : f->a.cq, &ev), GNI_RC_SUCCESS, c);
	if (mode != R) {	/* the initiator's event completes the descriptor */
		gni_post_descriptor_t *done = NULL;
		GNI_GetCompleted(f->a.cq, ev, &done);
	}
	return GNI_CQ_GET_INST_ID(ev);
}

static uint64_t event_data(struct fx *f, gni_ep_handle_t ep, uint16_t mode, const char *c)
{
	return post_event_data(f, ep, GNI_POST_RDMA_PUT, mode, c);
}

static void defaults(uint16_t mode, uint64_t (*want)(struct fx *), const char *c)
{
	struct fx f;
	fx_setup(&f, 0);
	uint64_t got = event_data(&f, f.a.ep, mode, c);
	RT_EXPECT_EQ_U64(got, want(&f), c);
	fx_teardown(&f);
}

static uint64_t own_inst(struct fx *f) { return f->a.inst; }
static uint64_t remote_id(struct fx *f) { return f->b.inst; }

RT_TEST(def_remote, "ugni.ep_set_event_data.default.remote_event_inst_id", "UGNI-3.5.2-default-remote-event-inst-id")
{ defaults(R, own_inst, "UGNI-3.5.2-default-remote-event-inst-id"); }
RT_TEST(def_local, "ugni.ep_set_event_data.default.local_event_remote_id", "UGNI-3.5.2-default-local-event-remote-id")
{ defaults(L, remote_id, "UGNI-3.5.2-default-local-event-remote-id"); }

/* GLOBAL events of an RDMA PUT, an FMA PUT and a CQ write: the
 * endpoint's remote_id or the domain's inst_id (E-UGNI-058), nothing
 * else (not the peer's view, not zero). */
static void def_global_of(gni_post_type_t type, const char *c)
{
	struct fx f;
	fx_setup(&f, 0);
	uint64_t got = post_event_data(&f, f.a.ep, type, G, c);
	RT_EXPECT_RC_IN(got, c, (long long)f.b.inst, (long long)f.a.inst);
	fx_teardown(&f);
}

RT_TEST(def_global, "ugni.ep_set_event_data.default.global_event_inst_id", "UGNI-3.5.2-default-global-event-inst-id")
{ def_global_of(GNI_POST_RDMA_PUT, "UGNI-3.5.2-default-global-event-inst-id"); }
RT_TEST(def_global_fma, "ugni.ep_set_event_data.default.global_event_fma_put", "UGNI-3.5.2-default-global-event-inst-id")
{ def_global_of(GNI_POST_FMA_PUT, "UGNI-3.5.2-default-global-event-inst-id"); }
RT_TEST(def_global_cqw, "ugni.ep_set_event_data.default.global_event_cq_write", "UGNI-3.5.2-default-global-event-inst-id")
{ def_global_of(GNI_POST_CQWRITE, "UGNI-3.5.2-default-global-event-inst-id"); }

static void set_then_bind(uint16_t mode, uint64_t want, const char *c)
{
	struct fx f; gni_ep_handle_t ep;
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_EpCreate(f.a.nic, f.a.cq, &ep), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpSetEventData(ep, 0x1111, 0x2222), GNI_RC_SUCCESS, "UGNI-3.5.2-success");
	RT_REQUIRE_EQ_INT(GNI_EpBind(ep, f.b.addr, f.b.inst), GNI_RC_SUCCESS, c);
	uint64_t got = event_data(&f, ep, mode, c);
	if (mode == G)	/* local_event or remote_event (E-UGNI-058) */
		RT_EXPECT_RC_IN(got, c, 0x1111, 0x2222);
	else
		RT_EXPECT_EQ_U64(got, want, c);
	GNI_EpDestroy(ep);
	fx_teardown(&f);
}

RT_TEST(set_local, "ugni.ep_set_event_data.set.local_event", "UGNI-3.5.2-set-local-event")
{ set_then_bind(L, 0x1111, "UGNI-3.5.2-set-local-event"); }
RT_TEST(set_remote, "ugni.ep_set_event_data.set.remote_event_remote", "UGNI-3.5.2-set-remote-event-remote")
{ set_then_bind(R, 0x2222, "UGNI-3.5.2-set-remote-event-remote"); }
RT_TEST(set_global, "ugni.ep_set_event_data.set.remote_event_global", "UGNI-3.5.2-set-remote-event-global")
{ set_then_bind(G, 0, "UGNI-3.5.2-set-remote-event-global"); }

/* One reading, not a mix: a GLOBAL event before EpSetEventData and one
 * after, on the same endpoint, are (remote_id, local_event) or
 * (inst_id, remote_event).  The FMA PUT: FMA has only GLOBAL events. */
RT_TEST(global_pair, "ugni.ep_set_event_data.global.one_reading", "UGNI-3.5.2-global-event-one-reading")
{
	const char *c = "UGNI-3.5.2-global-event-one-reading";
	struct fx f;
	fx_setup(&f, 0);
	uint64_t before = post_event_data(&f, f.a.ep, GNI_POST_FMA_PUT, G, c);
	RT_REQUIRE_EQ_INT(GNI_EpSetEventData(f.a.ep, 0x1111, 0x2222), GNI_RC_SUCCESS, "UGNI-3.5.2-success");
	uint64_t after = post_event_data(&f, f.a.ep, GNI_POST_FMA_PUT, G, c);
	bool vendor = before == f.b.inst && after == 0x1111;
	bool literal = before == f.a.inst && after == 0x2222;
	if (!RT_EXPECT_TRUE(vendor || literal, c))
		fprintf(stderr, "GLOBAL event data %llu before, %llu after EpSetEventData\n",
				(unsigned long long)before, (unsigned long long)after);
	fx_teardown(&f);
}

/* remote_id is "user-specified" (3.5.3.2), not an address: the vendor's
 * AMO example binds with rank*100+peer and foMPI with cdm_id*M+peer,
 * neither the peer's inst_id, and their posts land (E-UGNI-015).  The
 * GLOBAL event then carries that id or the own inst_id (E-UGNI-058). */
RT_TEST(bind_user_id, "ugni.ep_bind.remote_id.user_chosen", "UGNI-3.5.3-remote-id-user-chosen")
{
	const char *c = "UGNI-3.5.3-remote-id-user-chosen";
	struct fx f; struct fx_bufs b; gni_ep_handle_t ep; gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *done = NULL;
	const uint32_t id = 0x3333;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	fx_pattern(b.l, 64, 7);
	fx_ep(&f.a, f.a.cq, f.b.addr, id, &ep);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(ep, &d), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(GNI_CQ_STATUS_OK(ev), c);
	RT_EXPECT_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &done), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 64, c);
	RT_EXPECT_RC_IN(GNI_CQ_GET_INST_ID(ev), c, (long long)id, (long long)f.a.inst);
	GNI_EpDestroy(ep);
	fx_teardown(&f);
}

/* Under the adversarial schedule the FMA's event is held past the post,
 * so the endpoint has a post outstanding when it is unbound.  Run with
 * two seeds: every non-zero seed turns the schedule on. */
static void unbind_busy_seed(uint64_t seed)
{
	const char *c = "UGNI-3.5.4-rc-not-done-outstanding-post";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev; gni_post_descriptor_t *pd;
	fx_control(RDMACTS_TC_SCHEDULE_SEED, seed);
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_EpUnbind(f.a.ep), GNI_RC_NOT_DONE, c);
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	GNI_GetCompleted(f.a.cq, ev, &pd);
	RT_EXPECT_EQ_INT(GNI_EpUnbind(f.a.ep), GNI_RC_SUCCESS, "UGNI-3.5.4-retry-after-not-done");
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

RT_TEST_ATTRS(unbind_busy, "ugni.ep_unbind.state.outstanding_post",
	"UGNI-3.5.4-rc-not-done-outstanding-post", "needs=schedule")
{
	unbind_busy_seed(3);
	unbind_busy_seed(1);
}

RT_TEST(unbound_dgram, "ugni.ep_unbind.datagram.exchange_after_unbind", "UGNI-3.5.4-unbound-datagram")
{
	const char *c = "UGNI-3.5.4-unbound-datagram";
	struct fx f; gni_post_state_t st; uint32_t ra, rid;
	unsigned char in[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, out[8] = { 0 }, in2[8] = { 9 }, out2[8];
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_EpUnbind(f.b.ep), GNI_RC_SUCCESS, "UGNI-3.5.4-success");
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.b.ep, in2, 8, out, 8, 12), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, in, 8, out2, 8, 12), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(f.b.ep, 12, 2000, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, c);
	RT_EXPECT_MEM_EQ(out, in, 8, c);
	fx_teardown(&f);
}

/* remote_address and remote_id are only valid with GNI_POST_COMPLETED:
 * a pending datagram's Test leaves nothing a client may rely on, and the
 * values reported at completion are the peer's, whatever came before. */
RT_TEST(pending_values, "ugni.ep_post_data_test.state.values_only_when_completed",
	"UGNI-3.5.8-no-processing-while-pending")
{
	const char *c = "UGNI-3.5.8-no-processing-while-pending";
	struct fx f; gni_post_state_t st; uint32_t ra = 0xDEAD, rid = 0xBEEF;
	unsigned char in[8] = { 0 }, out[8];
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, in, 8, out, 8), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(st, GNI_POST_PENDING, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, in, 8, out, 8), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_dgram_test(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, c);
	RT_EXPECT_EQ_INT(ra, f.b.addr, c);
	RT_EXPECT_EQ_INT(rid, f.b.inst, c);
	fx_teardown(&f);
}
