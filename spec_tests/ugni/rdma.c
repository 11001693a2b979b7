/*
 * rdma.c: GNI_PostRdma (3.8.1) beyond sizes and alignment: completion
 * events (LOCAL, GLOBAL, REMOTE, DUAL with the CDM mode), src_cq_hndl,
 * event data, protection, local handles, the fence (adversarial schedule).
 */
#include "fixture.h"

#define L GNI_CQMODE_LOCAL_EVENT
#define G GNI_CQMODE_GLOBAL_EVENT
#define R GNI_CQMODE_REMOTE_EVENT

static void scene(struct fx *f, struct fx_bufs *b, uint32_t modes, size_t len)
{
	fx_setup(f, modes);
	fx_bufs(f, len, b);
	fx_pattern(b->l, len, 21);
	fx_pattern(b->r, len, 22);
}

static void one_event(uint16_t mode, const char *c)
{
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0;
	scene(&f, &b, 0, 4096);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, mode, b.l, b.lmh, b.r, b.rmh, 4096);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(GNI_CQ_STATUS_OK(ev), c);
	if (mode == G)
		RT_EXPECT_MEM_EQ(b.r, b.l, 4096, c);
	gni_post_descriptor_t *pd = NULL;
	RT_EXPECT_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(pd == &d, c);
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), c);
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), c);
	fx_teardown(&f);
}

RT_TEST(local_ev, "ugni.post_rdma.event.local", "UGNI-3.8.1-local-event,UGNI-3.8.1-src-cq-hndl-null-default")
{ one_event(L, "UGNI-3.8.1-local-event"); }

RT_TEST(global_ev, "ugni.post_rdma.event.global", "UGNI-3.8.1-global-event,UGNI-3.9.5-rdma-descriptor,UGNI-3.8.1-returns-immediately")
{ one_event(G, "UGNI-3.8.1-global-event"); }

RT_TEST(remote_ev, "ugni.post_rdma.event.remote", "UGNI-3.8.1-remote-event")
{
	const char *c = "UGNI-3.8.1-remote-event";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0;
	scene(&f, &b, 0, 4096);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, R, b.l, b.lmh, b.r, b.rmh, 4096);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 4096, c);
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), c);
	fx_teardown(&f);
}

/* PUTs with a remote event only, one after the other, while the
 * test-control interface allows one RDMA transfer in flight: once the
 * remote event says a PUT's data has arrived, that transfer is no longer
 * in flight and the next one is posted like the first. */
RT_TEST_ATTRS(remote_ev_limit, "ugni.post_rdma.event.remote_only_one_transfer_at_a_time",
	"UGNI-3.8.1-remote-event,UGNI-3.8.1-put-success", "needs=faults")
{
	const char *c = "UGNI-3.8.1-remote-event";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0;
	scene(&f, &b, 0, 4096);
	fx_control(RDMACTS_TC_LIMIT_BTE, 1);
	for (unsigned i = 0; i < 3; i++) {
		fx_pattern(b.l, 4096, 30 + i);
		gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, R, b.l, b.lmh, b.r, b.rmh, 4096);
		RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.8.1-put-success");
		RT_REQUIRE_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, c);
		RT_EXPECT_MEM_EQ(b.r, b.l, 4096, c);
	}
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

RT_TEST(get_notifies, "ugni.post_rdma.event.get_global_and_remote", "UGNI-2-rdma-get-notifies")
{
	const char *c = "UGNI-2-rdma-get-notifies";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0;
	scene(&f, &b, 0, 4096);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_GET, G | R, b.l, b.lmh, b.r, b.rmh, 4096);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.l, b.r, 4096, c);
	RT_EXPECT_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, c);
	fx_teardown(&f);
}

RT_TEST(dual, "ugni.post_rdma.event.dual_with_mode", "UGNI-3.8.1-dual-events,UGNI-3.2.1-mode-dual-events")
{
	const char *c = "UGNI-3.8.1-dual-events";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0; gni_post_descriptor_t *pd;
	scene(&f, &b, GNI_CDM_MODE_DUAL_EVENTS, 4096);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_DUAL_EVENTS, b.l, b.lmh, b.r, b.rmh, 4096);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	for (int i = 0; i < 2; i++) {
		RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
		pd = NULL;
		RT_EXPECT_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), GNI_RC_SUCCESS, c);
		RT_EXPECT_TRUE(pd == &d, c);
	}
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), c);
	fx_teardown(&f);
}

RT_TEST(dual_no_mode, "ugni.post_rdma.event.dual_without_mode", "UGNI-3.8.1-dual-events-without-mode")
{
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_DUAL_EVENTS, b.l, b.lmh, b.r, b.rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_INVALID_PARAM, "UGNI-3.8.1-dual-events-without-mode");
	fx_teardown(&f);
}

RT_TEST(silent, "ugni.post_rdma.event.silent", "UGNI-3.8.1-silent")
{
	const char *c = "UGNI-3.8.1-silent";
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 4096);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_SILENT, b.l, b.lmh, b.r, b.rmh, 4096);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), c);
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 4096, c);
	fx_teardown(&f);
}

RT_TEST(src_cq, "ugni.post_rdma.event.src_cq_hndl", "UGNI-3.8.1-src-cq-hndl")
{
	const char *c = "UGNI-3.8.1-src-cq-hndl";
	struct fx f; struct fx_bufs b; gni_cq_handle_t other; gni_cq_entry_t ev;
	scene(&f, &b, 0, 64);
	fx_cq(f.a.nic, 16, GNI_CQ_NOBLOCK, &other);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	d.src_cq_hndl = other;
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_event(other, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), c);
	fx_teardown(&f);
	GNI_CqDestroy(other);
}

/* src_cq_hndl naming a CQ of the other domain's NIC handle (E-UGNI-222):
 * refused with nothing posted, or honoured with the event in that CQ. */
RT_TEST_ATTRS(src_cq_other_nic, "ugni.post_rdma.param.src_cq_hndl_of_other_nic",
		"UGNI-3.8.1-src-cq-hndl-other-nic", "tier=robustness")
{
	const char *c = "UGNI-3.8.1-src-cq-hndl-other-nic";
	struct fx f; struct fx_bufs b; gni_cq_handle_t other; gni_cq_entry_t ev;
	scene(&f, &b, 0, 64);
	fx_cq(f.b.nic, 16, GNI_CQ_NOBLOCK, &other);
	memset(b.r, 0x5A, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	d.src_cq_hndl = other;
	gni_return_t rc = GNI_PostRdma(f.a.ep, &d);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(fx_event(other, &ev), GNI_RC_SUCCESS, c);
		RT_EXPECT_MEM_EQ(b.r, b.l, 64, c);
	} else {
		unsigned char want[64];
		memset(want, 0x5A, 64);
		RT_EXPECT_TRUE(fx_quiet(other), c);
		RT_EXPECT_MEM_EQ(b.r, want, 64, c);
	}
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), c);
	fx_teardown(&f);
	GNI_CqDestroy(other);
}

RT_TEST(local_data, "ugni.post_rdma.event.local_event_data_default", "UGNI-3.8.1-local-event-data")
{
	const char *c = "UGNI-3.8.1-local-event-data";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0;
	scene(&f, &b, 0, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, L, b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_INST_ID(ev), f.b.inst, c);
	fx_teardown(&f);
}

RT_TEST(get_ro_local, "ugni.post_rdma.permission.get_into_read_only_unchanged", "UGNI-3.8.1-rc-permission-error-get-readonly-local")
{
	const char *c = "UGNI-3.8.1-rc-permission-error-get-readonly-local";
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	unsigned char *ro = fx_mem(64);
	gni_mem_handle_t romh = fx_reg(f.a.nic, ro, 64, NULL, GNI_MEM_READ_ONLY);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_GET, G, ro, romh, b.r, b.rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_PERMISSION_ERROR, c);
	unsigned char z[64] = { 0 };
	RT_EXPECT_MEM_EQ(ro, z, 64, c);
	fx_teardown(&f);
}

RT_TEST(put_ro_remote, "ugni.post_rdma.permission.put_into_read_only_remote", "UGNI-3.8.1-put-into-readonly-remote")
{
	const char *c = "UGNI-3.8.1-put-into-readonly-remote";
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	unsigned char *ro = fx_mem(64);
	gni_mem_handle_t romh = fx_reg(f.b.nic, ro, 64, NULL, GNI_MEM_READ_ONLY);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, b.l, b.lmh, ro, romh, 64);
	fx_expect_failed_post(GNI_PostRdma(f.a.ep, &d), GNI_RC_PERMISSION_ERROR, f.a.cq, &d, c);
	unsigned char z[64] = { 0 };
	RT_EXPECT_MEM_EQ(ro, z, 64, c);
	fx_teardown(&f);
}

RT_TEST(ro_source, "ugni.post_rdma.permission.read_only_source", "UGNI-3.4.2-read-only-as-put-source")
{
	const char *c = "UGNI-3.4.2-read-only-as-put-source";
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	unsigned char *ro = fx_mem(64);
	fx_pattern(ro, 64, 23);
	gni_mem_handle_t romh = fx_reg(f.a.nic, ro, 64, NULL, GNI_MEM_READ_ONLY);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, ro, romh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, ro, 64, c);
	fx_teardown(&f);
}

RT_TEST(fma_type, "ugni.post_rdma.param.fma_put_type", "UGNI-3.8.1-rc-invalid-param-fma-type")
{
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_INVALID_PARAM, "UGNI-3.8.1-rc-invalid-param-fma-type");
	fx_teardown(&f);
}

RT_TEST(null_descr, "ugni.post_rdma.param.null_descr", "UGNI-3.8.1-rc-invalid-param-null-descr")
{
	struct fx f;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_PostRdma(f.a.ep, NULL), GNI_RC_INVALID_PARAM, "UGNI-3.8.1-rc-invalid-param-null-descr");
	fx_teardown(&f);
}

RT_TEST(fma_null_descr, "ugni.post_fma.param.null_descr", "UGNI-3.6.1-rc-invalid-param-null-descr")
{
	struct fx f;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, NULL), GNI_RC_INVALID_PARAM, "UGNI-3.6.1-rc-invalid-param-null-descr");
	fx_teardown(&f);
}

RT_TEST(no_lmh, "ugni.post_rdma.local_hndl.put_zero_handle", "UGNI-3.8.1-needs-local-hndl")
{
	const char *c = "UGNI-3.8.1-needs-local-hndl";
	struct fx f; struct fx_bufs b; gni_mem_handle_t z;
	scene(&f, &b, 0, 64);
	memset(&z, 0, sizeof z);
	unsigned char before[64];
	memcpy(before, b.r, 64);
	unsigned char *src = fx_mem(64);
	fx_pattern(src, 64, 24);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, src, z, b.r, b.rmh, 64);
	fx_expect_failed_post(GNI_PostRdma(f.a.ep, &d), GNI_RC_INVALID_PARAM, f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, before, 64, c);
	fx_teardown(&f);
}

RT_TEST_ATTRS(zero_len, "ugni.post_rdma.length.zero_completes", "UGNI-3.8.1-zero-length", "tier=robustness")
{
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 0);
	gni_return_t rc = GNI_PostRdma(f.a.ep, &d);
	RT_EXPECT_RC_IN(rc, "UGNI-3.8.1-zero-length", GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS)
		fx_complete(f.a.cq, &d, "UGNI-3.8.1-zero-length");
	fx_teardown(&f);
}

RT_TEST_ATTRS(phys, "ugni.post_rdma.rdma_mode.phys_addr_user", "UGNI-3.8.1-phys-addr-user", "tier=robustness")
{
	struct fx f; struct fx_bufs b;
	scene(&f, &b, 0, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, G, b.l, b.lmh, b.r, b.rmh, 64);
	d.rdma_mode = GNI_RDMAMODE_PHYS_ADDR;
	gni_return_t rc = GNI_PostRdma(f.a.ep, &d);
	RT_EXPECT_RC_IN(rc, "UGNI-3.8.1-phys-addr-user", GNI_RC_INVALID_PARAM, GNI_RC_PERMISSION_ERROR);
	fx_teardown(&f);
}

/* The fenced descriptor's event comes after the events of every earlier
 * RDMA of the endpoint, whatever order the schedule picks for the rest. */
RT_TEST_ATTRS(fence, "ugni.post_rdma.ordering.fence", "UGNI-3.8.1-fence", "needs=schedule")
{
	const char *c = "UGNI-3.8.1-fence";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev; gni_post_descriptor_t *pd;
	enum { N = 6 };
	static gni_post_descriptor_t d[N + 1];
	for (uint64_t seed = 1; seed <= 8; seed++) {
		fx_control(RDMACTS_TC_SCHEDULE_SEED, seed);
		scene(&f, &b, 0, 4096 * (N + 1));
		for (int i = 0; i <= N; i++) {
			d[i] = fx_desc(GNI_POST_RDMA_PUT, G, b.l + 4096 * i, b.lmh,
					b.r + 4096 * i, b.rmh, 4096);
			if (i == N)
				d[i].rdma_mode = GNI_RDMAMODE_FENCE;
			RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d[i]), GNI_RC_SUCCESS, c);
		}
		int done = 0;
		for (int k = 0; k <= N; k++) {
			RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
			RT_REQUIRE_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), GNI_RC_SUCCESS, c);
			if (pd == &d[N]) {
				RT_EXPECT_EQ_INT(done, N, c);
				RT_EXPECT_MEM_EQ(b.r, b.l, 4096 * N, c);
			} else {
				done++;
			}
		}
		fx_control(RDMACTS_TC_RESET, 0);
		fx_teardown(&f);
	}
}
