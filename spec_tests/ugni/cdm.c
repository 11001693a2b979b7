/*
 * cdm.c: 3.2.2 CdmDestroy removes what its own CdmAttach established,
 * and nothing of the other domains of the process.
 */
#include "fixture.h"

/* A third domain with a registration of its own, destroyed: the
 * registrations, CQs and endpoints of the two others keep working. */
RT_TEST(destroy_scope, "ugni.cdm_destroy.scope.other_domains_unaffected",
	"UGNI-3.2.2-success-attached")
{
	const char *c = "UGNI-3.2.2-success-attached";
	struct fx f; struct fx_bufs b; struct fx_side x; gni_mem_handle_t xmh;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	fx_domain(&x, 3, FX_PTAG, FX_COOKIE, 0);
	unsigned char *xm = fx_mem(64);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(x.nic, U64(xm), 64, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &xmh), GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	RT_EXPECT_EQ_INT(GNI_CdmDestroy(x.cdm), GNI_RC_SUCCESS, c);
	fx_pattern(b.l, 64, 93);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 64, c);
	fx_teardown(&f);
}

/* E-UGNI-018: a CdmDestroy that succeeds with objects still alive
 * releases them, and their handles are stale afterwards (E-UGNI-006). */
RT_TEST_ATTRS(destroy_live_ep, "ugni.cdm_destroy.state.live_endpoint_handle_stale",
	"UGNI-3.2.2-destroy-with-live-objects,UGNI-3.5.5-stale-ep-handle,UGNI-3.3.2-stale-cq-handle", "tier=robustness")
{
	const char *c = "UGNI-3.2.2-destroy-with-live-objects";
	struct fx_side x; gni_cq_handle_t cq; gni_ep_handle_t ep;
	fx_domain(&x, 5, FX_PTAG, FX_COOKIE, 0);
	fx_cq(x.nic, 8, GNI_CQ_NOBLOCK, &cq);
	RT_REQUIRE_EQ_INT(GNI_EpCreate(x.nic, cq, &ep), GNI_RC_SUCCESS, "UGNI-3.5.1-success");
	gni_return_t rc = GNI_CdmDestroy(x.cdm);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_INVALID_STATE, GNI_RC_ERROR_RESOURCE);
	if (rc != GNI_RC_SUCCESS) {	/* refused: the objects are still there */
		GNI_EpDestroy(ep);
		GNI_CqDestroy(cq);
		RT_EXPECT_EQ_INT(GNI_CdmDestroy(x.cdm), GNI_RC_SUCCESS, c);
		return;
	}
	RT_EXPECT_EQ_INT(GNI_EpDestroy(ep), GNI_RC_INVALID_PARAM, "UGNI-3.5.5-stale-ep-handle");
	RT_EXPECT_EQ_INT(GNI_CqDestroy(cq), GNI_RC_INVALID_PARAM, "UGNI-3.3.2-stale-cq-handle");
}
