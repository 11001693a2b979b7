/*
 * dgram.c: datagram exchange (3.5.6-3.5.16): what the peers receive, the
 * states Test/Wait report, sizes, cancellation, probes.  Side a's and
 * side b's endpoints are bound to each other (fixture).
 */
#include <dlfcn.h>
#include <time.h>
#include "fixture.h"

#define MAX GNI_DATAGRAM_MAXSIZE

struct dg {
	unsigned char in_a[MAX], in_b[MAX], out_a[MAX], out_b[MAX];
};

static void fill(struct dg *g)
{
	fx_pattern(g->in_a, MAX, 31);
	fx_pattern(g->in_b, MAX, 32);
	memset(g->out_a, 0, MAX);
	memset(g->out_b, 0, MAX);
}

RT_TEST(exchange, "ugni.ep_post_data.exchange.both_bound",
	"UGNI-3.5.6-exchange,UGNI-3.5.6-success-queued,UGNI-3.5.8-completed,UGNI-3.5.6-remote-address-id,UGNI-3.5.8-post-state-type")
{
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra = 0, rid = 0;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 40, g.out_a, MAX), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 40, g.out_b, MAX), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	RT_REQUIRE_EQ_INT(fx_dgram_test(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.8-completed");
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, "UGNI-3.5.8-completed");
	RT_EXPECT_EQ_INT(ra, f.b.addr, "UGNI-3.5.6-remote-address-id");
	RT_EXPECT_EQ_INT(rid, f.b.inst, "UGNI-3.5.6-remote-address-id");
	RT_EXPECT_MEM_EQ(g.out_a, g.in_b, 40, "UGNI-3.5.6-exchange");
	RT_REQUIRE_EQ_INT(fx_dgram_test(f.b.ep, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.8-completed");
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, "UGNI-3.5.8-completed");
	RT_EXPECT_EQ_INT(rid, f.a.inst, "UGNI-3.5.6-remote-address-id");
	RT_EXPECT_MEM_EQ(g.out_b, g.in_a, 40, "UGNI-3.5.6-exchange");
	fx_teardown(&f);
}

RT_TEST(max_size, "ugni.ep_post_data.size.maximum", "UGNI-3.5.6-max-size-ok")
{
	const char *c = "UGNI-3.5.6-max-size-ok";
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, MAX, g.out_a, MAX), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, MAX, g.out_b, MAX), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_dgram_test(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_dgram_test(f.b.ep, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(g.out_a, g.in_b, MAX, c);
	RT_EXPECT_MEM_EQ(g.out_b, g.in_a, MAX, c);
	fx_teardown(&f);
}

RT_TEST(too_large, "ugni.ep_post_data.size.data_len_above_max", "UGNI-3.5.6-rc-size-error-too-large")
{
	struct fx f; static unsigned char in[MAX + 1], out[MAX + 1];
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, in, MAX + 1, out, MAX), GNI_RC_SIZE_ERROR, "UGNI-3.5.6-rc-size-error-too-large");
	fx_teardown(&f);
}

RT_TEST(buf_too_large, "ugni.ep_post_data.size.buf_size_above_max", "UGNI-3.5.6-buf-size-too-large")
{
	struct fx f; static unsigned char in[MAX + 1], out[MAX + 1];
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, in, 8, out, MAX + 1), GNI_RC_SIZE_ERROR, "UGNI-3.5.6-buf-size-too-large");
	fx_teardown(&f);
}

RT_TEST(wid_too_large, "ugni.ep_post_data_w_id.size.data_len_above_max", "UGNI-3.5.7-rc-size-error-too-large")
{
	struct fx f; static unsigned char in[MAX + 1], out[MAX + 1];
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWId(f.a.ep, in, MAX + 1, out, MAX, 5), GNI_RC_SIZE_ERROR, "UGNI-3.5.7-rc-size-error-too-large");
	fx_teardown(&f);
}

RT_TEST_ATTRS(zero_len, "ugni.ep_post_data.size.empty", "UGNI-3.5.6-zero-length", "tier=robustness")
{
	const char *c = "UGNI-3.5.6-zero-length";
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	gni_return_t rc = GNI_EpPostData(f.a.ep, g.in_a, 0, g.out_a, MAX);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM);
	if (rc == GNI_RC_SUCCESS) {
		RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 0, g.out_b, MAX), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(fx_dgram_test(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, c);
	}
	fx_teardown(&f);
}

RT_TEST(one_outstanding, "ugni.ep_post_data.state.one_outstanding",
	"UGNI-3.5.6-rc-error-resource-one-outstanding,UGNI-3.5.8-pending,UGNI-3.5.6-one-outstanding-after-complete,UGNI-3.5.8-consumed-after-complete")
{
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.8-pending");
	RT_EXPECT_EQ_INT(st, GNI_POST_PENDING, "UGNI-3.5.8-pending");
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_ERROR_RESOURCE,
			"UGNI-3.5.6-rc-error-resource-one-outstanding");
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 8, g.out_b, MAX), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	RT_REQUIRE_EQ_INT(fx_dgram_test(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.8-completed");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid), GNI_RC_NO_MATCH, "UGNI-3.5.8-consumed-after-complete");
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS,
			"UGNI-3.5.6-one-outstanding-after-complete");
	GNI_EpPostDataCancel(f.a.ep);
	fx_teardown(&f);
}

/* With the test-control interface allowing one outstanding datagram on
 * the NIC, that one is accepted. */
RT_TEST_ATTRS(dgram_knob, "ugni.ep_post_data.fault.datagram_limit_one_accepted",
	"UGNI-3.5.6-success-queued", "needs=faults")
{
	struct fx f; struct dg g;
	fx_setup(&f, 0);
	fill(&g);
	fx_control(RDMACTS_TC_LIMIT_DGRAM, 1);
	gni_return_t rc = GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	GNI_EpPostDataCancel(f.a.ep);
	fx_teardown(&f);
}

RT_TEST(wid_one_outstanding, "ugni.ep_post_data_w_id.state.one_outstanding",
	"UGNI-3.5.7-rc-error-resource-one-outstanding,UGNI-3.5.7-success-queued,UGNI-3.5.9-pending")
{
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 10), GNI_RC_SUCCESS, "UGNI-3.5.7-success-queued");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.a.ep, 10, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.9-pending");
	RT_EXPECT_EQ_INT(st, GNI_POST_PENDING, "UGNI-3.5.9-pending");
	RT_EXPECT_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 11), GNI_RC_ERROR_RESOURCE,
			"UGNI-3.5.7-rc-error-resource-one-outstanding");
	GNI_EpPostDataCancelById(f.a.ep, 10);
	fx_teardown(&f);
}

RT_TEST(wid_exchange, "ugni.ep_post_data_w_id.exchange.both_bound",
	"UGNI-3.5.7-exchange-bound,UGNI-3.5.9-completed,UGNI-3.5.9-consumed-after-complete,UGNI-3.5.9-other-endpoint-no-match")
{
	struct fx f; struct dg g; gni_post_state_t st = GNI_POST_PENDING; uint32_t ra = 0, rid = 0;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 16, g.out_a, MAX, 100), GNI_RC_SUCCESS, "UGNI-3.5.7-exchange-bound");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.b.ep, 100, &st, &ra, &rid), GNI_RC_NO_MATCH, "UGNI-3.5.9-other-endpoint-no-match");
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.b.ep, g.in_b, 16, g.out_b, MAX, 200), GNI_RC_SUCCESS, "UGNI-3.5.7-exchange-bound");
	for (int i = 0; i < 4000; i++)
		if (GNI_EpPostDataTestById(f.a.ep, 100, &st, &ra, &rid) != GNI_RC_SUCCESS || st != GNI_POST_PENDING)
			break;
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, "UGNI-3.5.9-completed");
	RT_EXPECT_EQ_INT(rid, f.b.inst, "UGNI-3.5.9-completed");
	RT_EXPECT_EQ_INT(ra, f.b.addr, "UGNI-3.5.9-completed");
	RT_EXPECT_MEM_EQ(g.out_a, g.in_b, 16, "UGNI-3.5.7-exchange-bound");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.a.ep, 100, &st, &ra, &rid), GNI_RC_NO_MATCH, "UGNI-3.5.9-consumed-after-complete");
	RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(f.b.ep, 200, 1000, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.11-success");
	RT_EXPECT_MEM_EQ(g.out_b, g.in_a, 16, "UGNI-3.5.7-exchange-bound");
	fx_teardown(&f);
}

RT_TEST(unbound_wid, "ugni.ep_post_data_w_id.exchange.unbound_with_bound",
	"UGNI-3.5.7-exchange-unbound-with-bound,UGNI-3.5.1-unbound-datagram-any-peer,UGNI-3.5.11-success")
{
	const char *c = "UGNI-3.5.7-exchange-unbound-with-bound";
	struct fx f; struct dg g; gni_ep_handle_t u; gni_post_state_t st; uint32_t ra = 0, rid = 0;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpCreate(f.b.nic, f.b.cq, &u), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(u, g.in_b, 24, g.out_b, MAX, 7), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 24, g.out_a, MAX, 7), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(u, 7, 2000, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.11-success");
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, c);
	RT_EXPECT_EQ_INT(rid, f.a.inst, c);
	RT_EXPECT_MEM_EQ(g.out_b, g.in_a, 24, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(f.a.ep, 7, 2000, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(g.out_a, g.in_b, 24, "UGNI-3.5.1-unbound-datagram-any-peer");
	GNI_EpDestroy(u);
	fx_teardown(&f);
}

RT_TEST(unbound_no_id, "ugni.ep_post_data.state.unbound_without_id", "UGNI-3.5.6-unbound-needs-id")
{
	const char *c = "UGNI-3.5.6-unbound-needs-id";
	struct fx f; struct dg g; gni_ep_handle_t u; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpCreate(f.b.nic, f.b.cq, &u), GNI_RC_SUCCESS, c);
	gni_return_t rc = GNI_EpPostData(u, g.in_b, 8, g.out_b, MAX);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_INVALID_STATE, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS) {
		RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(GNI_EpPostDataWait(u, 20, &st, &ra, &rid), GNI_RC_TIMEOUT, c);
		GNI_EpPostDataCancel(u);
		GNI_EpPostDataCancel(f.a.ep);
	}
	GNI_EpDestroy(u);
	fx_teardown(&f);
}

RT_TEST(other_cookie, "ugni.ep_post_data.match.other_domain_never",
	"UGNI-3.5.6-other-domain-never-matches,UGNI-3.2.1-cookie-ptag-identify-domain")
{
	const char *c = "UGNI-3.5.6-other-domain-never-matches";
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup2(&f, 0, FX_PTAG, FX_COOKIE + 0x10000);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 8, g.out_b, MAX), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWait(f.a.ep, 20, &st, &ra, &rid), GNI_RC_TIMEOUT, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWait(f.b.ep, 20, &st, &ra, &rid), GNI_RC_TIMEOUT, "UGNI-3.2.1-cookie-ptag-identify-domain");
	GNI_EpPostDataCancel(f.a.ep);
	GNI_EpPostDataCancel(f.b.ep);
	fx_teardown(&f);
}

RT_TEST(in_copied, "ugni.ep_post_data.data.in_data_after_post", "UGNI-3.5.6-in-data-copied")
{
	const char *c = "UGNI-3.5.6-in-data-copied";
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	unsigned char orig[32], changed[32];
	fx_setup(&f, 0);
	fill(&g);
	memcpy(orig, g.in_a, 32);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 32, g.out_a, MAX), GNI_RC_SUCCESS, c);
	memset(g.in_a, 0x3C, 32);
	memcpy(changed, g.in_a, 32);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 32, g.out_b, MAX), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_dgram_test(f.b.ep, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(memcmp(g.out_b, orig, 32) == 0 || memcmp(g.out_b, changed, 32) == 0, c);
	fx_dgram_test(f.a.ep, &st, &ra, &rid);
	fx_teardown(&f);
}

static void size_error(int how, const char *c)
{
	struct fx f; struct dg g; gni_post_state_t st = GNI_POST_PENDING; uint32_t ra, rid;
	gni_return_t rc = GNI_RC_SUCCESS;
	fx_setup(&f, 0);
	fill(&g);
	if (how == 1)
		RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, 8, 3), GNI_RC_SUCCESS, c);
	else
		RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, 8), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 64, g.out_b, MAX), GNI_RC_SUCCESS, c);
	for (int i = 0; i < 4000; i++) {
		rc = how == 0 ? GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid)
			: how == 1 ? GNI_EpPostDataTestById(f.a.ep, 3, &st, &ra, &rid)
			: GNI_EpPostDataWait(f.a.ep, 2000, &st, &ra, &rid);
		if (rc != GNI_RC_SUCCESS || st != GNI_POST_PENDING)
			break;
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_SIZE_ERROR, c);
	unsigned char z[MAX] = { 0 };
	RT_EXPECT_MEM_EQ(g.out_a + 8, z, MAX - 8, c);	/* never beyond buf_size */
	fx_teardown(&f);
}

RT_TEST(test_size, "ugni.ep_post_data_test.size.buffer_too_small", "UGNI-3.5.8-rc-size-error")
{ size_error(0, "UGNI-3.5.8-rc-size-error"); }
RT_TEST(testid_size, "ugni.ep_post_data_test_by_id.size.buffer_too_small", "UGNI-3.5.9-rc-size-error")
{ size_error(1, "UGNI-3.5.9-rc-size-error"); }
RT_TEST(wait_size, "ugni.ep_post_data_wait.size.buffer_too_small", "UGNI-3.5.10-rc-size-error")
{ size_error(2, "UGNI-3.5.10-rc-size-error"); }

RT_TEST(waitid_size, "ugni.ep_post_data_wait_by_id.size.buffer_too_small", "UGNI-3.5.11-rc-size-error")
{
	const char *c = "UGNI-3.5.11-rc-size-error";
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, 8, 4), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 64, g.out_b, MAX), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(f.a.ep, 4, 2000, &st, &ra, &rid), GNI_RC_SIZE_ERROR, c);
	fx_teardown(&f);
}

static void wait_timeout(int byid, const char *c, const char *c2)
{
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	if (byid)
		RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 9), GNI_RC_SUCCESS, c);
	else
		RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, c);
	gni_return_t rc = byid ? GNI_EpPostDataWaitById(f.a.ep, 9, 20, &st, &ra, &rid)
		: GNI_EpPostDataWait(f.a.ep, 20, &st, &ra, &rid);
	RT_EXPECT_EQ_INT(rc, GNI_RC_TIMEOUT, c);
	/* still posted: the peer's datagram completes it */
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 8, g.out_b, MAX), GNI_RC_SUCCESS, c2);
	rc = byid ? GNI_EpPostDataWaitById(f.a.ep, 9, 2000, &st, &ra, &rid)
		: GNI_EpPostDataWait(f.a.ep, 2000, &st, &ra, &rid);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c2);
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, c2);
	RT_EXPECT_MEM_EQ(g.out_a, g.in_b, 8, c2);
	fx_teardown(&f);
}

RT_TEST(wait_to, "ugni.ep_post_data_wait.timeout.then_peer_posts",
	"UGNI-3.5.10-rc-timeout,UGNI-3.5.10-pending-after-timeout,UGNI-3.5.10-success")
{ wait_timeout(0, "UGNI-3.5.10-rc-timeout", "UGNI-3.5.10-pending-after-timeout"); }
RT_TEST(waitid_to, "ugni.ep_post_data_wait_by_id.timeout.then_peer_posts",
	"UGNI-3.5.11-rc-timeout,UGNI-3.5.11-pending-after-timeout")
{ wait_timeout(1, "UGNI-3.5.11-rc-timeout", "UGNI-3.5.11-pending-after-timeout"); }

RT_TEST(bad_id, "ugni.ep_post_data_w_id.param.reserved_id", "UGNI-3.5.7-rc-invalid-param-datagram-id")
{
	const char *c = "UGNI-3.5.7-rc-invalid-param-datagram-id";
	struct fx f; struct dg g;
	fx_setup(&f, 0);
	fill(&g);
	gni_return_t rc = GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, UINT64_MAX);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS)
		GNI_EpPostDataCancelById(f.a.ep, UINT64_MAX);
	fx_teardown(&f);
}

RT_TEST(bad_id_wait, "ugni.ep_post_data_wait_by_id.param.reserved_id", "UGNI-3.5.11-rc-invalid-param-datagram-id")
{
	struct fx f; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	RT_EXPECT_RC_IN(GNI_EpPostDataWaitById(f.a.ep, UINT64_MAX, 5, &st, &ra, &rid),
			"UGNI-3.5.11-rc-invalid-param-datagram-id", GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH);
	fx_teardown(&f);
}

RT_TEST(bad_id_cancel, "ugni.ep_post_data_cancel_by_id.param.reserved_id", "UGNI-3.5.13-rc-invalid-param-datagram-id")
{
	struct fx f;
	fx_setup(&f, 0);
	RT_EXPECT_RC_IN(GNI_EpPostDataCancelById(f.a.ep, UINT64_MAX),
			"UGNI-3.5.13-rc-invalid-param-datagram-id", GNI_RC_INVALID_PARAM, GNI_RC_NO_MATCH);
	fx_teardown(&f);
}

/* ---- cancellation --------------------------------------------------------- */

RT_TEST(cancel, "ugni.ep_post_data_cancel.state.cancel_pending",
	"UGNI-3.5.12-success,UGNI-3.5.12-frees-endpoint,UGNI-3.5.12-cancelled-does-not-match,UGNI-3.5.12-test-after-cancel,UGNI-3.5.12-cancel-twice")
{
	struct fx f; struct dg g; gni_post_state_t st = GNI_POST_PENDING; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, "UGNI-3.5.12-success");
	RT_EXPECT_EQ_INT(GNI_EpPostDataCancel(f.a.ep), GNI_RC_SUCCESS, "UGNI-3.5.12-success");
	gni_return_t rc = GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid);
	RT_EXPECT_RC_IN(rc, "UGNI-3.5.12-test-after-cancel", GNI_RC_NO_MATCH, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS)
		RT_EXPECT_EQ_INT(st, GNI_POST_TERMINATED, "UGNI-3.5.12-test-after-cancel");
	RT_EXPECT_EQ_INT(GNI_EpPostDataCancel(f.a.ep), GNI_RC_NO_MATCH, "UGNI-3.5.12-cancel-twice");
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 8, g.out_b, MAX), GNI_RC_SUCCESS, "UGNI-3.5.12-cancelled-does-not-match");
	RT_EXPECT_EQ_INT(GNI_EpPostDataWait(f.b.ep, 20, &st, &ra, &rid), GNI_RC_TIMEOUT, "UGNI-3.5.12-cancelled-does-not-match");
	GNI_EpPostDataCancel(f.b.ep);
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, "UGNI-3.5.12-frees-endpoint");
	GNI_EpPostDataCancel(f.a.ep);
	fx_teardown(&f);
}

/* Cancelling frees the endpoint every time: twenty thousand posts and
 * cancels in turn (more than a NIC holds datagrams at once) all succeed. */
RT_TEST(cancel_many, "ugni.ep_post_data_cancel.state.frees_endpoint_repeatedly",
	"UGNI-3.5.12-frees-endpoint")
{
	const char *c = "UGNI-3.5.12-frees-endpoint";
	struct fx f; struct dg g;
	fx_setup(&f, 0);
	fill(&g);
	for (int i = 0; i < 20000; i++) {
		RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, c);
		RT_REQUIRE_EQ_INT(GNI_EpPostDataCancel(f.a.ep), GNI_RC_SUCCESS, c);
	}
	fx_teardown(&f);
}

RT_TEST(cancel_id, "ugni.ep_post_data_cancel_by_id.state.cancel_pending",
	"UGNI-3.5.13-success,UGNI-3.5.13-frees-endpoint,UGNI-3.5.13-rc-no-match-wrong-id")
{
	struct fx f; struct dg g;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 21), GNI_RC_SUCCESS, "UGNI-3.5.13-success");
	RT_EXPECT_EQ_INT(GNI_EpPostDataCancelById(f.a.ep, 22), GNI_RC_NO_MATCH, "UGNI-3.5.13-rc-no-match-wrong-id");
	RT_EXPECT_EQ_INT(GNI_EpPostDataCancelById(f.a.ep, 21), GNI_RC_SUCCESS, "UGNI-3.5.13-success");
	RT_EXPECT_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 23), GNI_RC_SUCCESS, "UGNI-3.5.13-frees-endpoint");
	GNI_EpPostDataCancelById(f.a.ep, 23);
	fx_teardown(&f);
}

/* ---- probes --------------------------------------------------------------- */

static void complete_pair_wid(struct fx *f, struct dg *g, uint64_t ida, uint64_t idb)
{
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f->a.ep, g->in_a, 8, g->out_a, MAX, ida), GNI_RC_SUCCESS, "UGNI-3.5.7-success-queued");
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f->b.ep, g->in_b, 8, g->out_b, MAX, idb), GNI_RC_SUCCESS, "UGNI-3.5.7-success-queued");
}

RT_TEST(probe_completed, "ugni.post_data_probe.state.completed",
	"UGNI-3.5.14-success-completed,UGNI-3.5.14-does-not-consume,UGNI-3.5.14-own-cdm-only")
{
	struct fx f; struct dg g; gni_post_state_t st; uint32_t ra = 0, rid = 0;
	struct fx_side other;
	fx_setup(&f, 0);
	fill(&g);
	fx_domain(&other, 9, FX_PTAG, FX_COOKIE, 0);
	complete_pair_wid(&f, &g, 31, 32);
	gni_return_t rc = GNI_RC_NO_MATCH;
	for (int i = 0; i < 4000 && rc == GNI_RC_NO_MATCH; i++)
		rc = GNI_PostDataProbe(f.a.nic, &ra, &rid);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.5.14-success-completed");
	RT_EXPECT_EQ_INT(rid, f.b.inst, "UGNI-3.5.14-success-completed");
	RT_EXPECT_EQ_INT(ra, f.b.addr, "UGNI-3.5.14-success-completed");
	RT_EXPECT_EQ_INT(GNI_PostDataProbe(other.nic, &ra, &rid), GNI_RC_NO_MATCH, "UGNI-3.5.14-own-cdm-only");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.a.ep, 31, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.14-does-not-consume");
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, "UGNI-3.5.14-does-not-consume");
	RT_EXPECT_MEM_EQ(g.out_a, g.in_b, 8, "UGNI-3.5.14-does-not-consume");
	GNI_CdmDestroy(other.cdm);
	fx_teardown(&f);
}

RT_TEST(probe_pending, "ugni.post_data_probe.state.none_final_then_pending", "UGNI-3.5.14-rc-no-match")
{
	struct fx f; struct dg g; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_EXPECT_EQ_INT(GNI_PostDataProbe(f.a.nic, &ra, &rid), GNI_RC_NO_MATCH, "UGNI-3.5.14-rc-no-match");
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 5), GNI_RC_SUCCESS, "UGNI-3.5.14-rc-no-match");
	RT_EXPECT_EQ_INT(GNI_PostDataProbe(f.a.nic, &ra, &rid), GNI_RC_NO_MATCH, "UGNI-3.5.14-rc-no-match");
	GNI_EpPostDataCancelById(f.a.ep, 5);
	fx_teardown(&f);
}

RT_TEST(probe_cancelled, "ugni.post_data_probe.state.cancelled", "UGNI-3.5.14-success-cancelled")
{
	struct fx f; struct dg g; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 5), GNI_RC_SUCCESS, "UGNI-3.5.14-success-cancelled");
	RT_REQUIRE_EQ_INT(GNI_EpPostDataCancelById(f.a.ep, 5), GNI_RC_SUCCESS, "UGNI-3.5.14-success-cancelled");
	gni_return_t rc = GNI_PostDataProbe(f.a.nic, &ra, &rid);
	RT_EXPECT_RC_IN(rc, "UGNI-3.5.14-success-cancelled", GNI_RC_SUCCESS, GNI_RC_NO_MATCH);
	if (rc == GNI_RC_SUCCESS)
		RT_EXPECT_EQ_INT(rid, f.b.inst, "UGNI-3.5.14-success-cancelled");
	fx_teardown(&f);
}

RT_TEST(probe_null, "ugni.post_data_probe.param.null_outputs",
	"UGNI-3.5.14-rc-invalid-param-null-remote-address,UGNI-3.5.14-rc-invalid-param-null-remote-id")
{
	struct fx f; uint32_t x;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_PostDataProbe(f.a.nic, NULL, &x), GNI_RC_INVALID_PARAM, "UGNI-3.5.14-rc-invalid-param-null-remote-address");
	RT_EXPECT_EQ_INT(GNI_PostDataProbe(f.a.nic, &x, NULL), GNI_RC_INVALID_PARAM, "UGNI-3.5.14-rc-invalid-param-null-remote-id");
	fx_teardown(&f);
}

RT_TEST(probe_id, "ugni.post_data_probe_by_id.state.completed",
	"UGNI-3.5.15-success,UGNI-3.5.15-does-not-consume,UGNI-3.5.15-rc-no-match")
{
	struct fx f; struct dg g; uint64_t id = 0; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_EXPECT_EQ_INT(GNI_PostDataProbeById(f.a.nic, &id), GNI_RC_NO_MATCH, "UGNI-3.5.15-rc-no-match");
	complete_pair_wid(&f, &g, 41, 42);
	gni_return_t rc = GNI_RC_NO_MATCH;
	for (int i = 0; i < 4000 && rc == GNI_RC_NO_MATCH; i++)
		rc = GNI_PostDataProbeById(f.a.nic, &id);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.5.15-success");
	RT_EXPECT_EQ_U64(id, 41, "UGNI-3.5.15-success");
	RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.a.ep, 41, &st, &ra, &rid), GNI_RC_SUCCESS, "UGNI-3.5.15-does-not-consume");
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, "UGNI-3.5.15-does-not-consume");
	fx_teardown(&f);
}

RT_TEST(probe_id_noid, "ugni.post_data_probe_by_id.state.ignores_without_id", "UGNI-3.5.15-ignores-datagrams-without-id")
{
	struct fx f; struct dg g; uint64_t id; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, g.in_a, 8, g.out_a, MAX), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, g.in_b, 8, g.out_b, MAX), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	uint32_t pa, pid;
	for (int i = 0; i < 4000 && GNI_PostDataProbe(f.a.nic, &pa, &pid) == GNI_RC_NO_MATCH; i++)
		;
	RT_EXPECT_EQ_INT(GNI_PostDataProbeById(f.a.nic, &id), GNI_RC_NO_MATCH, "UGNI-3.5.15-ignores-datagrams-without-id");
	fx_dgram_test(f.a.ep, &st, &ra, &rid);
	fx_dgram_test(f.b.ep, &st, &ra, &rid);
	fx_teardown(&f);
}

RT_TEST(probe_wait, "ugni.post_data_probe_wait_by_id.state.completed", "UGNI-3.5.16-success,UGNI-3.5.16-rc-timeout")
{
	struct fx f; struct dg g; uint64_t id = 0;
	fx_setup(&f, 0);
	fill(&g);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, g.in_a, 8, g.out_a, MAX, 51), GNI_RC_SUCCESS, "UGNI-3.5.16-rc-timeout");
	RT_EXPECT_EQ_INT(GNI_PostDataProbeWaitById(f.a.nic, 20, &id), GNI_RC_TIMEOUT, "UGNI-3.5.16-rc-timeout");
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.b.ep, g.in_b, 8, g.out_b, MAX, 52), GNI_RC_SUCCESS, "UGNI-3.5.16-success");
	RT_EXPECT_EQ_INT(GNI_PostDataProbeWaitById(f.a.nic, 2000, &id), GNI_RC_SUCCESS, "UGNI-3.5.16-success");
	RT_EXPECT_EQ_U64(id, 51, "UGNI-3.5.16-success");
	fx_teardown(&f);
}

/* 3.5.16: the probe only reports; the data is still obtained with
 * EpPostDataTestById. */
RT_TEST(probe_wait_keeps, "ugni.post_data_probe_wait_by_id.state.does_not_consume", "UGNI-3.5.16-does-not-consume")
{
	const char *c = "UGNI-3.5.16-does-not-consume";
	struct fx f; struct dg g; uint64_t id = 0; gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	fill(&g);
	complete_pair_wid(&f, &g, 61, 62);
	RT_REQUIRE_EQ_INT(GNI_PostDataProbeWaitById(f.a.nic, 2000, &id), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(id, 61, c);
	RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.a.ep, 61, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, c);
	fx_dgram_test(f.b.ep, &st, &ra, &rid);
	fx_teardown(&f);
}

RT_TEST(probe_spelling, "ugni.post_data_probe_wait_by_id.abi.both_spellings", "UGNI-3.5.16-symbol-spelling")
{
	const char *c = "UGNI-3.5.16-symbol-spelling";
	RT_EXPECT_TRUE(dlsym(RTLD_DEFAULT, "GNI_PostDataProbeWaitById") != NULL, c);
	RT_EXPECT_TRUE(dlsym(RTLD_DEFAULT, "GNI_PostdataProbeWaitById") != NULL, c);
	struct fx f; uint64_t id;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_PostdataProbeWaitById(f.a.nic, 5, &id), GNI_PostDataProbeWaitById(f.a.nic, 5, &id), c);
	fx_teardown(&f);
}

/* ---- the probe waits (vendor gni_pub.h, E-UGNI-084) -------------------- */

static double ms_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0->tv_sec) * 1e3 + (double)(t.tv_nsec - t0->tv_nsec) / 1e6;
}

/* Nothing posted with an id at all: the call still waits its whole
 * timeout (UCX's and libfabric's progress threads call it with -1 and
 * rely on its blocking), then reports finding nothing. */
RT_TEST(probe_wait_nothing, "ugni.post_data_probe_wait_by_id.timeout.nothing_posted",
	"UGNI-3.5.16-waits-nothing-posted")
{
	const char *c = "UGNI-3.5.16-waits-nothing-posted";
	struct fx f; uint64_t id = 0; struct timespec t0;
	fx_setup(&f, 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	RT_EXPECT_RC_IN(GNI_PostDataProbeWaitById(f.a.nic, 50, &id), c,
			GNI_RC_TIMEOUT, GNI_RC_NO_MATCH);
	RT_EXPECT_TRUE(ms_since(&t0) >= 49.5, c);	/* the whole 50 ms */
	fx_teardown(&f);
}

/* ---- a datagram withdrawn by EpDestroy (E-UGNI-064) ---------------------
 * UCX closes its datagram transport so: a datagram with a known id on an
 * endpoint bound to its own domain, then EpDestroy, and its progress
 * thread, blocked in PostdataProbeWaitById(-1), wakes on that id. */

static void post_on_self_bound(struct fx_side *s, uint64_t id, gni_ep_handle_t *ep,
		unsigned char *in, unsigned char *out)
{
	fx_ep(s, s->cq, s->addr, s->inst, ep);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(*ep, in, 8, out, MAX, id), GNI_RC_SUCCESS,
			"UGNI-3.5.5-withdrawn-datagram-probed");
	RT_REQUIRE_EQ_INT(GNI_EpDestroy(*ep), GNI_RC_SUCCESS, "UGNI-3.5.5-success");
}

RT_TEST(withdrawn_probed, "ugni.ep_destroy.datagram.withdrawn_reported_once",
	"UGNI-3.5.5-withdrawn-datagram-probed,UGNI-3.5.5-success")
{
	const char *c = "UGNI-3.5.5-withdrawn-datagram-probed";
	struct fx f; struct dg g; gni_ep_handle_t ep; uint64_t id = 0;
	fx_setup(&f, 0);
	fill(&g);
	post_on_self_bound(&f.a, 0xC105Eull, &ep, g.in_a, g.out_a);
	RT_REQUIRE_EQ_INT(GNI_PostDataProbeWaitById(f.a.nic, 2000, &id), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(id, 0xC105Eull, c);
	/* once: nothing of it is left to report */
	RT_EXPECT_EQ_INT(GNI_PostDataProbeById(f.a.nic, &id), GNI_RC_NO_MATCH, c);
	/* and the way UCX waits for it: no timeout at all */
	post_on_self_bound(&f.a, 0xC105Full, &ep, g.in_a, g.out_a);
	id = 0;
	RT_EXPECT_EQ_INT(GNI_PostDataProbeWaitById(f.a.nic, (uint32_t)-1, &id), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(id, 0xC105Full, c);
	fx_teardown(&f);
}
