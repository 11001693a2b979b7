/*
 * ext_robust.c: stale handles given to the extension calls (robustness
 * tier): an object destroyed before the call is refused with
 * GNI_RC_INVALID_PARAM, never a crash.  A call the implementation does
 * not offer (GNI_RC_ILLEGAL_OP) makes the test UNSUPPORTED.
 */
#include "fixture.h"

#define OFFERED(rc, call) do { if ((rc) == GNI_RC_ILLEGAL_OP) \
	rt_lacks("ext:" call, "answers GNI_RC_ILLEGAL_OP"); } while (0)

RT_TEST_ATTRS(stale_ep, "ugni.ep_idle.handle.stale", "UGNI-X-ep-idle-invalid-param",
		"tier=robustness")
{
	struct fx f;
	gni_ep_handle_t ep;

	fx_setup(&f, 0);
	fx_ep(&f.a, f.a.cq, f.b.addr, f.b.inst, &ep);
	RT_REQUIRE_EQ_INT(GNI_EpDestroy(ep), GNI_RC_SUCCESS, "UGNI-3.5.5-success");
	gni_return_t rc = GNI_EpIdle(ep);
	OFFERED(rc, "GNI_EpIdle");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-ep-idle-invalid-param");
	fx_teardown(&f);
}

RT_TEST_ATTRS(stale_cq, "ugni.cq_interrupt_mask.handle.stale",
		"UGNI-X-cq-interrupt-mask-invalid-param", "tier=robustness")
{
	struct fx f;
	gni_cq_handle_t cq;

	fx_setup(&f, 0);
	fx_cq(f.a.nic, 8, GNI_CQ_BLOCKING, &cq);
	RT_REQUIRE_EQ_INT(GNI_CqDestroy(cq), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	gni_return_t rc = GNI_CqInterruptMask(cq);
	OFFERED(rc, "GNI_CqInterruptMask");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-cq-interrupt-mask-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqInterruptUnmask(cq), GNI_RC_INVALID_PARAM,
			"UGNI-X-cq-interrupt-mask-invalid-param");
	fx_teardown(&f);
}

RT_TEST_ATTRS(stale_cq_chan, "ugni.cq_attach_comp_chan.handle.stale_cq",
		"UGNI-X-comp-chan-invalid-param", "tier=robustness")
{
	struct fx f;
	gni_cq_handle_t cq;
	gni_comp_chan_handle_t ch;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_CompChanCreate(f.a.nic, &ch);
	OFFERED(rc, "GNI_CompChanCreate");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-comp-chan-create-success");
	fx_cq(f.a.nic, 8, GNI_CQ_NOBLOCK, &cq);
	RT_REQUIRE_EQ_INT(GNI_CqAttachCompChan(cq, ch), GNI_RC_SUCCESS,
			"UGNI-X-cq-attach-comp-chan-success");
	RT_REQUIRE_EQ_INT(GNI_CqDestroy(cq), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	RT_EXPECT_EQ_INT(GNI_CqAttachCompChan(cq, ch), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqArmCompChan(&cq, 1), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	/* the destroyed CQ left the channel: it can go */
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_SUCCESS, "UGNI-X-comp-chan-invalid-param");
	fx_teardown(&f);
}

RT_TEST_ATTRS(stale_nic, "ugni.smsg_set_delivery_mode.handle.stale_nic",
		"UGNI-X-smsg-set-delivery-mode-invalid-param,UGNI-X-mem-query-hndls-walk",
		"tier=robustness")
{
	struct fx_side s;
	gni_mem_handle_t h = { 0, 0 };
	uint64_t a, l;

	fx_domain(&s, 1, FX_PTAG, FX_COOKIE, 0);
	RT_REQUIRE_EQ_INT(GNI_CdmDestroy(s.cdm), GNI_RC_SUCCESS, "UGNI-3.2.2-success");
	gni_return_t rc = GNI_SmsgSetDeliveryMode(s.nic, GNI_DLVMODE_PERFORMANCE);
	OFFERED(rc, "GNI_SmsgSetDeliveryMode");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-smsg-set-delivery-mode-invalid-param");
	rc = GNI_MemQueryHndls(s.nic, -1, &h, &a, &l);
	if (rc != GNI_RC_ILLEGAL_OP)
		RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-mem-query-hndls-walk");
}

/* The vendor's SmsgSetMaxRetrans given a NULL or a stale NIC handle:
 * an error code, never a crash. */
RT_TEST_ATTRS(max_retrans_bad_nic, "ugni.smsg_set_max_retrans.handle.null_and_stale_nic",
		"UGNI-X-undocumented-null-refused", "tier=robustness")
{
	struct fx_side s;

	gni_return_t rc = GNI_SmsgSetMaxRetrans(NULL, 3);
	OFFERED(rc, "GNI_SmsgSetMaxRetrans");
	RT_EXPECT_TRUE(rc != GNI_RC_SUCCESS, "UGNI-X-undocumented-null-refused");
	fx_domain(&s, 1, FX_PTAG, FX_COOKIE, 0);
	RT_REQUIRE_EQ_INT(GNI_CdmDestroy(s.cdm), GNI_RC_SUCCESS, "UGNI-3.2.2-success");
	RT_EXPECT_TRUE(GNI_SmsgSetMaxRetrans(s.nic, 3) != GNI_RC_SUCCESS, "UGNI-X-undocumented-null-refused");
}

/* The vendor's SmsgSetMaxRetrans: the number of retransmissions an
 * AUTO_RETRANSMIT short message gets before the send fails with a
 * transaction error.  With 0, a send hit by one injected transient
 * fault is not retransmitted: the sender's event reports the error and
 * the receiver gets nothing; with 1 the same send is delivered once. */
RT_TEST_ATTRS(max_retrans_limit, "ugni.smsg_set_max_retrans.fault.limit_applies",
		"UGNI-X-smsg-set-max-retrans-limit", "needs=faults")
{
	const char *c = "UGNI-X-smsg-set-max-retrans-limit";
	struct fx f; struct fx_smsg m; gni_cq_entry_t ev = 0; void *h;
	uint32_t x = 0x5e7;

	fx_setup(&f, 0);
	fx_smsg_pair(&f, GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT, 64, 4, &m);
	gni_return_t rc = GNI_SmsgSetMaxRetrans(f.a.nic, 0);
	OFFERED(rc, "GNI_SmsgSetMaxRetrans");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 1), GNI_RC_SUCCESS,
			  "UGNI-3.7.2-success");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, c);
	RT_EXPECT_TRUE(!GNI_CQ_STATUS_OK(ev), c);
	RT_EXPECT_EQ_INT(GNI_SmsgGetNext(f.b.ep, &h), GNI_RC_NOT_DONE, c);
	fx_control(RDMACTS_TC_RESET, 0);

	RT_REQUIRE_EQ_INT(GNI_SmsgSetMaxRetrans(f.a.nic, 1), GNI_RC_SUCCESS, c);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 2), GNI_RC_SUCCESS,
			  "UGNI-3.7.2-success");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_SmsgGetNext(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 0x5e7, c);
	GNI_SmsgRelease(f.b.ep);
	RT_EXPECT_EQ_INT(GNI_SmsgGetNext(f.b.ep, &h), GNI_RC_NOT_DONE, c);
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

RT_TEST_ATTRS(stale_mh, "ugni.mem_hndl_query_attr.handle.deregistered",
		"UGNI-X-mem-hndl-query-attr-invalid-param", "tier=robustness")
{
	struct fx_side s;
	gni_mem_handle_t mh;
	int yes = -1;

	fx_domain(&s, 1, FX_PTAG, FX_COOKIE, 0);
	void *m = fx_mem(4096);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(s.nic, (uint64_t)(uintptr_t)m, 4096, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &mh), GNI_RC_SUCCESS, "UGNI-3.4.2-success");
	RT_REQUIRE_EQ_INT(GNI_MemDeregister(s.nic, &mh), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	gni_return_t rc = GNI_MemHndlQueryAttr(&mh, GNI_MEMHNDL_ATTR_READONLY, &yes);
	OFFERED(rc, "GNI_MemHndlQueryAttr");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-mem-hndl-query-attr-invalid-param");
	GNI_CdmDestroy(s.cdm);
}

/* RebuildMemHndl of handles no registration returned: a vMDH handle with
 * its second word altered, and one with every bit set.  The output is
 * left as it was. */
RT_TEST_ATTRS(garbage_rebuild, "ugni.rebuild_mem_hndl.handle.garbage",
		"UGNI-X-rebuild-mem-hndl-garbage", "tier=robustness")
{
	const char *c = "UGNI-X-rebuild-mem-hndl-garbage";
	struct fx_side s;
	gni_mem_handle_t v, bad[2], out;

	fx_domain(&s, 1, FX_PTAG, FX_COOKIE, 0);
	void *m = fx_mem(4096);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(s.nic, 4), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(s.nic, (uint64_t)(uintptr_t)m, 4096, NULL,
			GNI_MEM_USE_VMDH, 0, &v), GNI_RC_SUCCESS, "UGNI-3.4.2-success");
	bad[0] = v;
	bad[0].qword2 ^= 0x5a5a5a5a5a5a5a5aull;
	memset(&bad[1], 0xff, sizeof bad[1]);
	for (int i = 0; i < 2; i++) {
		memset(&out, 0, sizeof out);
		gni_return_t rc = GNI_RebuildMemHndl(&bad[i], 1, &out);
		OFFERED(rc, "GNI_RebuildMemHndl");
		RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, c);
		RT_EXPECT_TRUE(out.qword1 == 0 && out.qword2 == 0, c);
	}
	GNI_MemDeregister(s.nic, &v);
	GNI_CdmDestroy(s.cdm);
}
