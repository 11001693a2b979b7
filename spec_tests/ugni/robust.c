/*
 * robust.c: robustness cases the chapter leaves open (objects released
 * while work still uses them, a registration the pages cannot honour).
 * Any of the errata's readings passes; a crash, a hang or another code
 * fails.
 */
#include <sys/mman.h>

#include "fixture.h"

#define G GNI_CQMODE_GLOBAL_EVENT

/* The endpoint still works after the CQ one of its posts named is gone:
 * a PUT with the endpoint's own CQ completes and moves its data. */
static void ep_still_works(struct fx *f, struct fx_bufs *b, const char *c)
{
	fx_pattern(b->l, 64, 91);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, G, b->l, b->lmh, b->r, b->rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f->a.ep, &d), GNI_RC_SUCCESS, c);
	fx_complete(f->a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b->r, b->l, 64, c);
}

/* The scene of the descriptor-CQ tests: an RDMA PUT posted with
 * src_cq_hndl naming a CQ of its own (*other); RDMA, because src_cq_hndl
 * takes the events in every reading (3.8.1). */
static void put_to_own_cq(struct fx *f, struct fx_bufs *b, gni_cq_handle_t *other,
		gni_post_descriptor_t *d)
{
	fx_setup(f, 0);
	fx_bufs(f, 64, b);
	fx_cq(f->a.nic, 16, GNI_CQ_NOBLOCK, other);
	*d = fx_desc(GNI_POST_RDMA_PUT, G, b->l, b->lmh, b->r, b->rmh, 64);
	d->src_cq_hndl = *other;
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f->a.ep, d), GNI_RC_SUCCESS, "UGNI-3.8.1-src-cq-hndl");
}

/* E-UGNI-040: CqDestroy of the src_cq_hndl of a descriptor whose event
 * has not been taken; with `hold`, under the adversarial schedule, so the
 * transaction completes after the CQ is gone. */
static void destroy_descriptor_cq(int hold)
{
	const char *c = "UGNI-3.3.2-destroy-per-descriptor-cq-in-use";
	struct fx f; struct fx_bufs b; gni_cq_handle_t other; gni_cq_entry_t ev;
	if (hold)
		fx_control(RDMACTS_TC_SCHEDULE_SEED, 5);
	gni_post_descriptor_t d;
	put_to_own_cq(&f, &b, &other, &d);
	gni_return_t rc = GNI_CqDestroy(other);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_ERROR_RESOURCE);
	if (rc == GNI_RC_ERROR_RESOURCE) {
		RT_EXPECT_EQ_INT(fx_event(other, &ev), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(GNI_CqDestroy(other), GNI_RC_SUCCESS, c);
	}
	/* the transaction completes somewhere, or nowhere: never a crash */
	(void)fx_quiet(f.a.cq);
	ep_still_works(&f, &b, c);
	if (hold)
		fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

RT_TEST(destroy_desc_cq, "ugni.cq_destroy.robustness.descriptor_cq_event_untaken",
	"UGNI-3.3.2-destroy-per-descriptor-cq-in-use")
{ destroy_descriptor_cq(0); }
RT_TEST_ATTRS(destroy_desc_cq_held, "ugni.cq_destroy.robustness.descriptor_cq_post_outstanding",
	"UGNI-3.3.2-destroy-per-descriptor-cq-in-use", "needs=schedule")
{ destroy_descriptor_cq(1); }

/* E-UGNI-050: no PERMISSION_ERROR is documented for MemRegisterSegments,
 * yet read-write registration of pages the process cannot write must be
 * refused. */
/* An event taken from a CQ that was destroyed before GetCompleted, given
 * to GetCompleted on a CQ created afterwards (of the same size, so the
 * library may well reuse the old one's memory): that CQ's post queue is
 * empty, so no descriptor comes back. */
RT_TEST(destroyed_cq_event, "ugni.get_completed.robustness.event_of_destroyed_cq",
	"UGNI-3.9.5-rc-descriptor-error-empty")
{
	const char *c = "UGNI-3.9.5-rc-descriptor-error-empty";
	struct fx f; struct fx_bufs b; gni_cq_handle_t other, again; gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *done = (gni_post_descriptor_t *)&ev;
	gni_post_descriptor_t d;
	put_to_own_cq(&f, &b, &other, &d);
	RT_REQUIRE_EQ_INT(fx_event(other, &ev), GNI_RC_SUCCESS, "UGNI-3.8.1-src-cq-hndl");
	if (GNI_CqDestroy(other) != GNI_RC_SUCCESS)
		rt_unsupported("CqDestroy refuses a CQ whose descriptor was not completed (E-UGNI-040)");
	fx_cq(f.a.nic, 16, GNI_CQ_NOBLOCK, &again);
	RT_EXPECT_EQ_INT(GNI_GetCompleted(again, ev, &done), GNI_RC_DESCRIPTOR_ERROR, c);
	RT_EXPECT_TRUE(done == NULL, c);
	ep_still_works(&f, &b, c);
	fx_teardown(&f);
	GNI_CqDestroy(again);
}

RT_TEST(seg_readonly, "ugni.mem_register_segments.robustness.readonly_pages_readwrite",
	"UGNI-3.4.3-readonly-pages-readwrite-flag")
{
	const char *c = "UGNI-3.4.3-readonly-pages-readwrite-flag";
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *rw = fx_mem(4096);
	void *ro = mmap(NULL, 2 * 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	RT_REQUIRE_TRUE(ro != MAP_FAILED, "-");
	gni_mem_segment_t both[2] = { { U64(rw), 64 }, { U64(ro), 64 } };
	RT_EXPECT_RC_IN(GNI_MemRegisterSegments(f.b.nic, both, 2, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &mh), c, GNI_RC_PERMISSION_ERROR, GNI_RC_INVALID_PARAM);
	gni_mem_segment_t only[2] = { { U64(ro), 64 }, { U64(ro) + 4096, 64 } };
	RT_EXPECT_RC_IN(GNI_MemRegisterSegments(f.b.nic, only, 2, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &mh), c, GNI_RC_PERMISSION_ERROR, GNI_RC_INVALID_PARAM);
	munmap(ro, 2 * 4096);
	fx_teardown(&f);
}

/* E-UGNI-055: de-registering the source of an RDMA PUT whose completion
 * has not been reported.  A successful de-registration is followed by
 * unmapping the pages: the transaction then completes (or fails as a
 * transaction error) without touching them. */
static void dereg_outstanding(int hold)
{
	const char *c = "UGNI-3.4.5-outstanding-transfer";
	struct fx f; gni_mem_handle_t lmh, rmh; gni_cq_entry_t ev;
	gni_post_descriptor_t *pd = NULL;
	if (hold)
		fx_control(RDMACTS_TC_SCHEDULE_SEED, 9);
	fx_setup(&f, 0);
	void *l = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	RT_REQUIRE_TRUE(l != MAP_FAILED, "-");
	unsigned char *r = fx_mem(4096);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.a.nic, U64(l), 4096, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &lmh), GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	rmh = fx_reg(f.b.nic, r, 4096, NULL, 0);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, l, lmh, r, rmh, 4096);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.8.1-success");
	gni_return_t rc = GNI_MemDeregister(f.a.nic, &lmh);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_INVALID_STATE, GNI_RC_NOT_DONE);
	if (rc == GNI_RC_SUCCESS)
		munmap(l, 4096);
	gni_return_t ev_rc = fx_event(f.a.cq, &ev);
	RT_EXPECT_RC_IN(ev_rc, c, GNI_RC_SUCCESS, GNI_RC_TRANSACTION_ERROR);
	if (ev_rc == GNI_RC_SUCCESS || ev_rc == GNI_RC_TRANSACTION_ERROR)
		RT_EXPECT_RC_IN(GNI_GetCompleted(f.a.cq, ev, &pd), c, GNI_RC_SUCCESS,
				GNI_RC_TRANSACTION_ERROR);
	if (rc != GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(GNI_MemDeregister(f.a.nic, &lmh), GNI_RC_SUCCESS, c);
		munmap(l, 4096);
	}
	if (hold)
		fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

RT_TEST(dereg_busy, "ugni.mem_deregister.robustness.source_of_unreported_put",
	"UGNI-3.4.5-outstanding-transfer")
{ dereg_outstanding(0); }
RT_TEST_ATTRS(dereg_busy_held, "ugni.mem_deregister.robustness.source_of_outstanding_put",
	"UGNI-3.4.5-outstanding-transfer", "needs=schedule")
{ dereg_outstanding(1); }

/* ---- 3.12.5: every call returns a gni_return_t value ------------------- */

static int in_enum(gni_return_t rc)
{
	return (int)rc >= (int)GNI_RC_SUCCESS && (int)rc <= (int)GNI_RC_ERROR_NOMEM;
}

/* Each call of chapter 3 once on a working scene and once with arguments
 * it must refuse: whatever it answers is a value of the enum. */
RT_TEST(codes_in_enum, "ugni.abi.return_codes.in_enum", "UGNI-3.12.5-codes-in-enum")
{
	const char *c = "UGNI-3.12.5-codes-in-enum";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0; gni_post_descriptor_t *pd;
	gni_cdm_handle_t cdm; gni_nic_handle_t nic; gni_cq_handle_t cq; gni_ep_handle_t ep;
	gni_mem_handle_t mh; gni_err_handle_t eh; gni_error_event_t ee; gni_error_mask_t m;
	gni_post_state_t st; gni_smsg_attr_t sa; gni_ntt_descriptor_t nd;
	uint32_t u, ra, rid, which; uint64_t id; int n, ids[4]; void *hdr; uint8_t tag = 0;
	char buf[128], out[128];
	gni_mem_segment_t seg = { 0, 0 };
	gni_return_t rc[96];
	int k = 0;

	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	gni_post_descriptor_t bad = fx_desc(GNI_POST_AMO, G, b.l + 1, b.lmh, b.r + 3, b.rmh, 5);
	memset(&sa, 0, sizeof sa);
	memset(&nd, 0, sizeof nd);
	memset(&mh, 0, sizeof mh);

	rc[k++] = GNI_CdmCreate(9, FX_PTAG, FX_COOKIE, 0xFFFFFFFFu, &cdm);
	rc[k++] = GNI_CdmCreate(9, FX_PTAG, FX_COOKIE, 0, NULL);
	rc[k++] = GNI_CdmDestroy(NULL);
	rc[k++] = GNI_CdmGetNicAddress(0xFFFFFFFFu, &u, &u);
	rc[k++] = GNI_CdmAttach(NULL, 0, &u, &nic);
	rc[k++] = GNI_GetVersion(NULL);
	rc[k++] = GNI_ConfigureNTT(0, NULL, &u);
	rc[k++] = GNI_ConfigureNTT(0xFFFFFFFFu, &nd, &u);
	rc[k++] = GNI_ConfigureJob(0xFFFFFFFFu, 1, FX_PTAG, FX_COOKIE, NULL);
	rc[k++] = GNI_CqCreate(NULL, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
	rc[k++] = GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, NULL);
	rc[k++] = GNI_CqDestroy(NULL);
	rc[k++] = GNI_MemRegister(f.a.nic, 0, 0, NULL, 0, (uint32_t)-1, &mh);
	rc[k++] = GNI_MemRegister(f.a.nic, U64(buf), sizeof buf, NULL, 0xFFFFu, 0, &mh);
	rc[k++] = GNI_MemRegisterSegments(f.a.nic, &seg, 0, NULL, 0, (uint32_t)-1, &mh);
	rc[k++] = GNI_MemRegisterSegments(f.a.nic, NULL, 1, NULL, 0, (uint32_t)-1, &mh);
	rc[k++] = GNI_SetMddResources(NULL, 4);
	rc[k++] = GNI_MemDeregister(f.a.nic, &mh);
	rc[k++] = GNI_MemDeregister(NULL, NULL);
	rc[k++] = GNI_EpCreate(NULL, NULL, &ep);
	rc[k++] = GNI_EpSetEventData(NULL, 1, 2);
	rc[k++] = GNI_EpBind(f.a.ep, f.b.addr, f.b.inst);
	rc[k++] = GNI_EpBind(NULL, 0, 0);
	rc[k++] = GNI_EpUnbind(NULL);
	rc[k++] = GNI_EpDestroy(NULL);
	rc[k++] = GNI_EpPostData(f.a.ep, buf, 200, out, sizeof out);
	rc[k++] = GNI_EpPostData(NULL, buf, 8, out, sizeof out);
	rc[k++] = GNI_EpPostDataWId(f.a.ep, buf, 8, out, 4, 7);
	rc[k++] = GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid);
	rc[k++] = GNI_EpPostDataTestById(f.a.ep, 99, &st, &ra, &rid);
	rc[k++] = GNI_EpPostDataWait(f.a.ep, 1, &st, &ra, &rid);
	rc[k++] = GNI_EpPostDataWaitById(f.a.ep, 98, 1, &st, &ra, &rid);
	rc[k++] = GNI_EpPostDataCancel(f.a.ep);
	rc[k++] = GNI_EpPostDataCancelById(f.a.ep, 97);
	rc[k++] = GNI_PostDataProbe(f.a.nic, &ra, &rid);
	rc[k++] = GNI_PostDataProbeById(f.a.nic, &id);
	rc[k++] = GNI_PostDataProbeWaitById(f.a.nic, 1, &id);
	rc[k++] = GNI_PostDataProbeWaitById(NULL, 1, &id);
	rc[k++] = GNI_PostFma(f.a.ep, &bad);
	rc[k++] = GNI_PostFma(f.a.ep, NULL);
	rc[k++] = GNI_PostFma(f.a.ep, &d);
	rc[k++] = GNI_CqTestEvent(f.a.cq);
	rc[k++] = GNI_CqGetEvent(f.a.cq, &ev);
	rc[k++] = GNI_GetCompleted(f.a.cq, ev, &pd);
	rc[k++] = GNI_GetCompleted(f.a.cq, ev, &pd);
	rc[k++] = GNI_CqGetEvent(NULL, &ev);
	rc[k++] = GNI_CqWaitEvent(f.a.cq, 1, &ev);
	rc[k++] = GNI_CqVectorWaitEvent(&f.a.cq, 1, 1, &ev, &which);
	rc[k++] = GNI_CqVectorWaitEvent(NULL, 0, 1, &ev, &which);
	rc[k++] = GNI_PostRdma(f.a.ep, &bad);
	rc[k++] = GNI_PostRdma(NULL, &d);
	rc[k++] = GNI_PostCqWrite(f.a.ep, &bad);
	rc[k++] = GNI_PostCqWrite(NULL, &d);
	rc[k++] = GNI_SmsgInit(f.a.ep, &sa, &sa);
	rc[k++] = GNI_SmsgInit(NULL, NULL, NULL);
	rc[k++] = GNI_SmsgSend(f.a.ep, buf, 8, NULL, 0, 1);
	rc[k++] = GNI_SmsgSendWTag(f.a.ep, buf, 8, NULL, 0, 1, 2);
	rc[k++] = GNI_SmsgGetNext(f.a.ep, &hdr);
	rc[k++] = GNI_SmsgGetNextWTag(f.a.ep, &hdr, &tag);
	rc[k++] = GNI_SmsgRelease(f.a.ep);
	rc[k++] = GNI_SmsgRelease(NULL);
	rc[k++] = GNI_CqErrorStr(0, buf, sizeof buf);
	rc[k++] = GNI_CqErrorStr(0, NULL, 0);
	rc[k++] = GNI_CqErrorRecoverable(0, &u);
	rc[k++] = GNI_CqErrorRecoverable(0, NULL);
	rc[k++] = GNI_SubscribeErrors(f.a.nic, 0, 0xFF, 16, &eh);
	if (rc[k - 1] == GNI_RC_SUCCESS) {
		rc[k++] = GNI_GetErrorMask(eh, &m);
		rc[k++] = GNI_SetErrorMask(eh, 0xFF, &m);
		rc[k++] = GNI_GetErrorEvent(eh, &ee);
		rc[k++] = GNI_SetErrorPtag(eh, FX_PTAG + 1);
		rc[k++] = GNI_ReleaseErrors(eh);
	}
	rc[k++] = GNI_SubscribeErrors(NULL, 0xFFFFFFFFu, 0xFF, 16, &eh);
	rc[k++] = GNI_ReleaseErrors(NULL);
	rc[k++] = GNI_GetErrorMask(NULL, &m);
	rc[k++] = GNI_SetErrorMask(NULL, 0, &m);
	rc[k++] = GNI_GetErrorEvent(NULL, &ee);
	rc[k++] = GNI_WaitErrorEvents(NULL, &ee, 1, 1, &u);
	rc[k++] = GNI_SetErrorPtag(NULL, 1);
	rc[k++] = GNI_GetNumLocalDevices(&n);
	rc[k++] = GNI_GetNumLocalDevices(NULL);
	rc[k++] = GNI_GetLocalDeviceIds(4, ids);
	rc[k++] = GNI_GetLocalDeviceIds(0, NULL);

	for (int i = 0; i < k; i++)
		if (!in_enum(rc[i]))
			RT_FAIL(c, "a-gni_return_t-value", "outside-the-enum",
				"call %d of the list returned %d", i, (int)rc[i]);
	RT_EXPECT_TRUE(k > 60, c);
	fx_teardown(&f);
}

/* E-UGNI-040: the dst_cq_handle of a live registration destroyed, then a
 * PUT with a remote event and a CQ write into that registration: no
 * crash, the PUT's data lands and the initiator sees its completion. */
RT_TEST(destroy_dst_cq, "ugni.cq_destroy.robustness.dst_cq_then_remote_events",
	"UGNI-3.3.2-destroy-with-registration")
{
	const char *c = "UGNI-3.3.2-destroy-with-registration";
	struct fx f; gni_cq_handle_t x; gni_mem_handle_t lmh, rmh; gni_cq_entry_t ev;
	gni_post_descriptor_t *pd;
	fx_setup(&f, 0);
	unsigned char *l = fx_mem(64), *r = fx_mem(64);
	fx_cq(f.b.nic, 16, GNI_CQ_NOBLOCK, &x);
	lmh = fx_reg(f.a.nic, l, 64, NULL, 0);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(r), 64, x, GNI_MEM_READWRITE,
			(uint32_t)-1, &rmh), GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	gni_return_t rc = GNI_CqDestroy(x);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_ERROR_RESOURCE);
	fx_pattern(l, 64, 95);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT,
			GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT, l, lmh, r, rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(r, l, 64, c);
	gni_post_descriptor_t w = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_GLOBAL_EVENT,
			NULL, rmh, NULL, rmh, 0);
	w.cqwrite_value = 5;
	RT_REQUIRE_EQ_INT(GNI_PostCqWrite(f.a.ep, &w), GNI_RC_SUCCESS, c);
	RT_EXPECT_RC_IN(fx_event(f.a.cq, &ev), c, GNI_RC_SUCCESS, GNI_RC_TRANSACTION_ERROR);
	GNI_GetCompleted(f.a.cq, ev, &pd);
	if (rc == GNI_RC_ERROR_RESOURCE) {
		GNI_MemDeregister(f.b.nic, &rmh);
		GNI_CqDestroy(x);
	} else {
		GNI_MemDeregister(f.b.nic, &rmh);
	}
	fx_teardown(&f);
}
