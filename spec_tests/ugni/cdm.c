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
