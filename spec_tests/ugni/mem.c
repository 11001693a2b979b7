/*
 * mem.c: memory registration as the NIC sees it (3.4): protection by
 * ptag/cookie and bounds, read-only regions, virtual and offset
 * addressing, flags, vMDH blocks, deregistration, several NICs.
 */
#include <sys/mman.h>
#include "fixture.h"

/* One FMA PUT (GET when get) of len bytes with a GLOBAL event; returns the
 * completion's code (GNI_RC_SUCCESS or GNI_RC_TRANSACTION_ERROR), or the
 * post's code when refused at post time. */
static gni_return_t xfer(gni_ep_handle_t ep, gni_cq_handle_t cq, int get,
		void *local, gni_mem_handle_t lmh, uint64_t raddr,
		gni_mem_handle_t rmh, uint64_t len)
{
	gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *pd = NULL;
	static gni_post_descriptor_t d;
	d = fx_desc(get ? GNI_POST_FMA_GET : GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			local, lmh, NULL, rmh, len);
	d.remote_addr = raddr;
	gni_return_t rc = GNI_PostFma(ep, &d);
	if (rc != GNI_RC_SUCCESS)
		return rc;
	rc = fx_event(cq, &ev);
	if (rc == GNI_RC_SUCCESS || rc == GNI_RC_TRANSACTION_ERROR)
		GNI_GetCompleted(cq, ev, &pd);
	return rc;
}

static const unsigned char zero[4096];

static void refused_put(struct fx *f, gni_ep_handle_t ep, gni_cq_handle_t cq,
		unsigned char *dst, gni_mem_handle_t rmh, const char *c)
{
	unsigned char *src = fx_mem(64);
	fx_pattern(src, 64, 51);
	gni_return_t rc = xfer(ep, cq, 0, src, rmh, U64(dst), rmh, 64);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(dst, zero, 64, c);
	(void)f;
}

RT_TEST(intercommunicate, "ugni.mem_register.domain.same_ptag_cookie_exchange",
	"UGNI-2-cdm-endpoints-intercommunicate,UGNI-3.4.2-success-readwrite,UGNI-3.4.2-virtual-address-addressing")
{
	struct fx f; unsigned char *dst, *src;
	fx_setup(&f, 0);
	dst = fx_mem(256);
	src = fx_mem(64);
	fx_pattern(src, 64, 52);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 256, NULL, 0);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, rmh, U64(dst) + 100, rmh, 64), GNI_RC_SUCCESS,
			"UGNI-2-cdm-endpoints-intercommunicate");
	RT_EXPECT_MEM_EQ(dst + 100, src, 64, "UGNI-3.4.2-virtual-address-addressing");
	RT_EXPECT_MEM_EQ(dst, zero, 100, "UGNI-3.4.2-virtual-address-addressing");
	fx_teardown(&f);
}

RT_TEST(other_cookie, "ugni.mem_register.protection.other_cookie",
	"UGNI-2-cdm-protection-ptag-cookie")
{
	struct fx f;
	fx_setup2(&f, 0, FX_PTAG, FX_COOKIE + 0x20000);
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 64, NULL, 0);
	refused_put(&f, f.a.ep, f.a.cq, dst, rmh, "UGNI-2-cdm-protection-ptag-cookie");
	fx_teardown(&f);
}

RT_TEST(other_ptag, "ugni.mem_register.protection.other_ptag", "UGNI-3.4-mdd-ptag-check")
{
	struct fx f;
	fx_setup2(&f, 0, FX_PTAG + 1, FX_COOKIE);
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 64, NULL, 0);
	refused_put(&f, f.a.ep, f.a.cq, dst, rmh, "UGNI-3.4-mdd-ptag-check");
	fx_teardown(&f);
}

/* The protection holds when the endpoint reaches a peer of its own ptag
 * and cookie but names memory that a third domain of the same NIC
 * registered with another cookie (same ptag) or another ptag (same
 * cookie): as the target of a PUT, and as the local buffer a GET fills. */
RT_TEST(third_domain, "ugni.mem_register.protection.third_domain_handle_through_peer",
	"UGNI-2-cdm-protection-ptag-cookie,UGNI-3.4-mdd-ptag-check")
{
	struct fx f; struct fx_side c1, c2;
	fx_setup(&f, 0);
	fx_domain(&c1, 3, FX_PTAG, FX_COOKIE + 0x20000, 0);
	fx_domain(&c2, 4, FX_PTAG + 1, FX_COOKIE, 0);
	unsigned char *d1 = fx_mem(64), *d2 = fx_mem(64), *r = fx_mem(64);
	gni_mem_handle_t m1 = fx_reg(c1.nic, d1, 64, NULL, 0);
	gni_mem_handle_t m2 = fx_reg(c2.nic, d2, 64, NULL, 0);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, r, 64, NULL, 0);
	refused_put(&f, f.a.ep, f.a.cq, d1, m1, "UGNI-2-cdm-protection-ptag-cookie");
	refused_put(&f, f.a.ep, f.a.cq, d2, m2, "UGNI-3.4-mdd-ptag-check");
	fx_pattern(r, 64, 53);
	const struct { unsigned char *l; gni_mem_handle_t lmh; const char *c; } get[2] = {
		{ d1, m1, "UGNI-2-cdm-protection-ptag-cookie" },
		{ d2, m2, "UGNI-3.4-mdd-ptag-check" } };
	for (int i = 0; i < 2; i++) {
		gni_return_t rc = xfer(f.a.ep, f.a.cq, 1, get[i].l, get[i].lmh, U64(r), rmh, 64);
		RT_EXPECT_RC_IN(rc, get[i].c, GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
		RT_EXPECT_MEM_EQ(get[i].l, zero, 64, get[i].c);
	}
	GNI_CdmDestroy(c1.cdm);
	GNI_CdmDestroy(c2.cdm);
	fx_teardown(&f);
}

/* The same for a CQ write: through the handle of a third domain's
 * registration (another cookie, same ptag; another ptag, same cookie)
 * it completes with no success and puts no event in that registration's
 * destination CQ. */
RT_TEST(third_domain_cqw, "ugni.mem_register.protection.third_domain_cq_write",
	"UGNI-2-cdm-protection-ptag-cookie,UGNI-3.4-mdd-ptag-check")
{
	struct fx f; struct fx_side c[2];
	fx_setup(&f, 0);
	fx_domain(&c[0], 3, FX_PTAG, FX_COOKIE + 0x20000, 0);
	fx_domain(&c[1], 4, FX_PTAG + 1, FX_COOKIE, 0);
	const char *cl[2] = { "UGNI-2-cdm-protection-ptag-cookie", "UGNI-3.4-mdd-ptag-check" };
	for (int i = 0; i < 2; i++) {
		gni_cq_handle_t dcq;
		fx_cq(c[i].nic, 8, GNI_CQ_NOBLOCK, &dcq);
		unsigned char *m = fx_mem(64);
		gni_mem_handle_t mh = fx_reg(c[i].nic, m, 64, dcq, 0);
		gni_post_descriptor_t d = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_GLOBAL_EVENT,
				NULL, mh, NULL, mh, 0);
		d.cqwrite_value = 0x77;
		fx_expect_failed_post(GNI_PostCqWrite(f.a.ep, &d), GNI_RC_INVALID_PARAM,
				f.a.cq, &d, cl[i]);
		RT_EXPECT_TRUE(fx_quiet(dcq), cl[i]);
	}
	GNI_CdmDestroy(c[0].cdm);
	GNI_CdmDestroy(c[1].cdm);
	fx_teardown(&f);
}

RT_TEST(get_beyond, "ugni.mem_register.bounds.get_beyond", "UGNI-3.4-mdd-bounds-get-beyond")
{
	const char *c = "UGNI-3.4-mdd-bounds-get-beyond";
	struct fx f; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *m = fx_mem(3 * 4096);
	fx_pattern(m, 3 * 4096, 53);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 4096, NULL, 0);
	RT_EXPECT_RC_IN(xfer(f.a.ep, f.a.cq, 1, b.l, b.lmh, U64(m + 2 * 4096), rmh, 64), c,
			GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(b.l, zero, 64, c);
	fx_teardown(&f);
}

RT_TEST(straddle, "ugni.mem_register.bounds.put_straddles_end", "UGNI-3.4-mdd-bounds-straddle")
{
	const char *c = "UGNI-3.4-mdd-bounds-straddle";
	struct fx f;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(3 * 4096), *src = fx_mem(256);
	fx_pattern(src, 256, 54);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 4096, NULL, 0);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 0, src, rmh, U64(m + 4096 - 128), rmh, 256);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(m + 4096, zero, 4096, c);
	fx_teardown(&f);
}

RT_TEST_ATTRS(slack, "ugni.mem_register.bounds.page_slack", "UGNI-3.4-mdd-bounds-rounding-slack", "tier=robustness")
{
	const char *c = "UGNI-3.4-mdd-bounds-rounding-slack";
	struct fx f;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(2 * 4096), *src = fx_mem(64);
	fx_pattern(src, 64, 55);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 100, NULL, 0);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 0, src, rmh, U64(m + 200), rmh, 64);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(m + 4096, zero, 4096, c);
	fx_teardown(&f);
}

/* A destroyed CQ as dst_cq_handle is a stale handle (E-UGNI-006): the
 * registration is refused, not made without a CQ. */
RT_TEST_ATTRS(dst_cq_stale, "ugni.mem_register.dst_cq.stale_handle",
		"UGNI-3.4.2-stale-dst-cq-handle", "tier=robustness")
{
	const char *c = "UGNI-3.4.2-stale-dst-cq-handle";
	struct fx f; gni_cq_handle_t gone; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64);
	fx_cq(f.b.nic, 16, GNI_CQ_NOBLOCK, &gone);
	RT_REQUIRE_EQ_INT(GNI_CqDestroy(gone), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, (uint64_t)(uintptr_t)m, 64, gone,
			GNI_MEM_READWRITE, -1, &mh), GNI_RC_INVALID_PARAM, c);
	fx_teardown(&f);
}

RT_TEST(dst_cq_null, "ugni.mem_register.dst_cq.null_no_remote_event", "UGNI-3.4.2-dst-cq-null-no-remote-events")
{
	const char *c = "UGNI-3.4.2-dst-cq-null-no-remote-events";
	struct fx f; gni_cq_entry_t ev = 0;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64), *src = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 64, NULL, 0);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT,
			src, rmh, m, rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(GNI_CQ_STATUS_OK(ev), c);
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), c);
	RT_EXPECT_TRUE(fx_quiet(f.b.cq), c);
	fx_teardown(&f);
}

/* ---- read-only regions ------------------------------------------------------ */

RT_TEST(ro_put, "ugni.mem_register.read_only.refuses_put", "UGNI-3.4.2-read-only-refuses-remote-put,UGNI-3.4.2-success-read-only")
{
	struct fx f;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 64, NULL, GNI_MEM_READ_ONLY);
	refused_put(&f, f.a.ep, f.a.cq, m, rmh, "UGNI-3.4.2-read-only-refuses-remote-put");
	fx_teardown(&f);
}

RT_TEST(ro_amo, "ugni.mem_register.read_only.refuses_amo", "UGNI-3.4.2-read-only-refuses-remote-amo")
{
	const char *c = "UGNI-3.4.2-read-only-refuses-remote-amo";
	struct fx f;
	fx_setup(&f, 0);
	uint64_t *m = fx_mem(64);
	m[0] = 40;
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 64, NULL, GNI_MEM_READ_ONLY);
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT, NULL, rmh, m, rmh, 8);
	memset(&d.local_mem_hndl, 0, sizeof d.local_mem_hndl);
	d.amo_cmd = GNI_FMA_ATOMIC_ADD;
	d.first_operand = 2;
	fx_expect_failed_post(GNI_PostFma(f.a.ep, &d), GNI_RC_PERMISSION_ERROR, f.a.cq, &d, c);
	RT_EXPECT_EQ_U64(m[0], 40, c);
	fx_teardown(&f);
}

RT_TEST(ro_get, "ugni.mem_register.read_only.allows_get", "UGNI-3.4.2-read-only-allows-remote-get")
{
	const char *c = "UGNI-3.4.2-read-only-allows-remote-get";
	struct fx f; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *m = fx_mem(64);
	fx_pattern(m, 64, 56);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 64, NULL, GNI_MEM_READ_ONLY);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 1, b.l, b.lmh, U64(m), rmh, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.l, m, 64, c);
	fx_teardown(&f);
}

RT_TEST(ro_get_target, "ugni.mem_register.read_only.not_get_target", "UGNI-3.4.2-read-only-as-get-target")
{
	const char *c = "UGNI-3.4.2-read-only-as-get-target";
	struct fx f; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	fx_pattern(b.r, 64, 57);
	unsigned char *l = fx_mem(64);
	gni_mem_handle_t lmh = fx_reg(f.a.nic, l, 64, NULL, GNI_MEM_READ_ONLY);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 1, l, lmh, U64(b.r), b.rmh, 64);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_TRANSACTION_ERROR, GNI_RC_PERMISSION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(l, zero, 64, c);
	fx_teardown(&f);
}

RT_TEST(ro_pages, "ugni.mem_register.permission.read_only_pages",
	"UGNI-3.4.2-rc-permission-error-readonly-pages,UGNI-3.4.2-readonly-flag-on-readonly-pages")
{
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	RT_REQUIRE_TRUE(p != MAP_FAILED, "-");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.a.nic, U64(p), 4096, NULL, GNI_MEM_READWRITE, (uint32_t)-1, &mh),
			GNI_RC_PERMISSION_ERROR, "UGNI-3.4.2-rc-permission-error-readonly-pages");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.a.nic, U64(p), 4096, NULL, GNI_MEM_READ_ONLY, (uint32_t)-1, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.2-readonly-flag-on-readonly-pages");
	GNI_MemDeregister(f.a.nic, &mh);
	munmap(p, 4096);
	fx_teardown(&f);
}

/* A registration refused with GNI_RC_PERMISSION_ERROR holds nothing: with
 * room for one registration (test-control limit), the next one works. */
RT_TEST_ATTRS(ro_pages_limit, "ugni.mem_register.permission.refused_holds_no_registration",
	"UGNI-3.4.2-rc-permission-error-readonly-pages,UGNI-3.4.2-success-readwrite", "needs=faults")
{
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	void *p = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	RT_REQUIRE_TRUE(p != MAP_FAILED, "-");
	unsigned char *q = fx_mem(4096);
	fx_control(RDMACTS_TC_LIMIT_MDD, 1);
	for (int i = 0; i < 2; i++)
		RT_EXPECT_EQ_INT(GNI_MemRegister(f.a.nic, U64(p), 4096, NULL, GNI_MEM_READWRITE, (uint32_t)-1, &mh),
				GNI_RC_PERMISSION_ERROR, "UGNI-3.4.2-rc-permission-error-readonly-pages");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.a.nic, U64(q), 4096, NULL, GNI_MEM_READWRITE, (uint32_t)-1, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	GNI_MemDeregister(f.a.nic, &mh);
	fx_control(RDMACTS_TC_RESET, 0);
	munmap(p, 4096);
	fx_teardown(&f);
}

/* ---- handles, flags, several NICs ------------------------------------------------ */

RT_TEST(two_handles, "ugni.mem_register.handle.new_each_registration", "UGNI-3.4.2-new-handle-each-registration")
{
	const char *c = "UGNI-3.4.2-new-handle-each-registration";
	struct fx f; gni_mem_handle_t h1, h2;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64), *src = fx_mem(64);
	fx_pattern(src, 64, 58);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, 0, (uint32_t)-1, &h1), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, 0, (uint32_t)-1, &h2), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(memcmp(&h1, &h2, sizeof h1) != 0, c);
	RT_REQUIRE_EQ_INT(GNI_MemDeregister(f.b.nic, &h1), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, h2, U64(m), h2, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(m, src, 64, c);
	GNI_MemDeregister(f.b.nic, &h2);
	fx_teardown(&f);
}

RT_TEST(multi_nic, "ugni.mem_register.nic.same_buffer_two_nics", "UGNI-2-mem-register-multiple-nics")
{
	const char *c = "UGNI-2-mem-register-multiple-nics";
	struct fx f; struct fx_side s3; gni_ep_handle_t ep3;
	fx_setup(&f, 0);
	fx_domain(&s3, 3, FX_PTAG, FX_COOKIE, 0);
	unsigned char *m = fx_mem(128), *src = fx_mem(128);
	fx_pattern(src, 128, 59);
	gni_mem_handle_t hb = fx_reg(f.b.nic, m, 128, NULL, 0);
	gni_mem_handle_t h3 = fx_reg(s3.nic, m, 128, NULL, 0);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, hb, U64(m), hb, 64), GNI_RC_SUCCESS, c);
	fx_ep(&f.a, f.a.cq, s3.addr, 3, &ep3);
	RT_EXPECT_EQ_INT(xfer(ep3, f.a.cq, 0, src + 64, h3, U64(m + 64), h3, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(m, src, 128, c);
	GNI_EpDestroy(ep3);
	GNI_MemDeregister(s3.nic, &h3);
	GNI_CdmDestroy(s3.cdm);
	fx_teardown(&f);
}

static void flag_ok(uint32_t flag, const char *c)
{
	struct fx f; struct fx_bufs b; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *m = fx_mem(64);
	fx_pattern(b.l, 64, 60);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, flag, (uint32_t)-1, &mh), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, b.l, mh, U64(m), mh, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(m, b.l, 64, c);
	memset(b.l, 0, 64);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 1, b.l, b.lmh, U64(m), mh, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.l, m, 64, c);
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

RT_TEST(gart, "ugni.mem_register.flags.use_gart", "UGNI-3.4.2-flag-use-gart-accepted")
{ flag_ok(GNI_MEM_USE_GART, "UGNI-3.4.2-flag-use-gart-accepted"); }
RT_TEST(strict, "ugni.mem_register.flags.strict_pi_ordering", "UGNI-3.4.2-flag-strict-pi-ordering-accepted")
{ flag_ok(GNI_MEM_STRICT_PI_ORDERING, "UGNI-3.4.2-flag-strict-pi-ordering-accepted"); }
RT_TEST(flush, "ugni.mem_register.flags.pi_flush", "UGNI-3.4.2-flag-pi-flush-accepted")
{ flag_ok(GNI_MEM_PI_FLUSH, "UGNI-3.4.2-flag-pi-flush-accepted"); }

RT_TEST(dereg_unusable, "ugni.mem_deregister.handle.unusable_after", "UGNI-3.4.5-handle-unusable-after,UGNI-3.4.5-contents-unchanged,UGNI-3.4.5-success")
{
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64), keep[64];
	memset(m, 0, 64);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, 0, (uint32_t)-1, &mh), GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	fx_pattern(m, 64, 61);
	memcpy(keep, m, 64);
	RT_EXPECT_EQ_INT(GNI_MemDeregister(f.b.nic, &mh), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	RT_EXPECT_MEM_EQ(m, keep, 64, "UGNI-3.4.5-contents-unchanged");
	m[0] ^= 1;	/* still mapped and writable */
	m[0] ^= 1;
	unsigned char *src = fx_mem(64);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 0, src, mh, U64(m), mh, 64);
	RT_EXPECT_RC_IN(rc, "UGNI-3.4.5-handle-unusable-after", GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(m, keep, 64, "UGNI-3.4.5-handle-unusable-after");
	fx_teardown(&f);
}

RT_TEST(reg_unchanged, "ugni.mem_register.data.odd_3_byte_region_unchanged_and_usable", "UGNI-3.4.2-contents-unchanged,UGNI-3.4.2-arbitrary-alignment-size")
{
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64), keep[64], src[3] = { 7, 8, 9 };
	fx_pattern(m, 64, 62);
	memcpy(keep, m, 64);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m + 1), 3, NULL, 0, (uint32_t)-1, &mh), GNI_RC_SUCCESS,
			"UGNI-3.4.2-arbitrary-alignment-size");
	RT_EXPECT_MEM_EQ(m, keep, 64, "UGNI-3.4.2-contents-unchanged");
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, mh, U64(m + 1), mh, 3), GNI_RC_SUCCESS, "UGNI-3.4.2-arbitrary-alignment-size");
	RT_EXPECT_MEM_EQ(m + 1, src, 3, "UGNI-3.4.2-arbitrary-alignment-size");
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

/* ---- vMDH ------------------------------------------------------------------------ */

RT_TEST(vmdh_no_block, "ugni.mem_register.vmdh.no_block", "UGNI-3.4.2-rc-error-resource-vmdh-no-block")
{
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64);
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 0, &mh),
			GNI_RC_ERROR_RESOURCE, "UGNI-3.4.2-rc-error-resource-vmdh-no-block");
	fx_teardown(&f);
}

RT_TEST(vmdh_seg_no_block, "ugni.mem_register_segments.vmdh.no_block", "UGNI-3.4.3-rc-error-resource-vmdh-no-block")
{
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(2 * 4096);
	gni_mem_segment_t s[2] = { { U64(m), 4096 }, { U64(m + 4096), 4096 } };
	RT_EXPECT_EQ_INT(GNI_MemRegisterSegments(f.b.nic, s, 2, NULL, GNI_MEM_USE_VMDH, 0, &mh),
			GNI_RC_ERROR_RESOURCE, "UGNI-3.4.3-rc-error-resource-vmdh-no-block");
	fx_teardown(&f);
}

/* 3.4.3.2: vmdh_index -1 lets the library pick the next free entry of the
 * block, for segment registrations too. */
RT_TEST(vmdh_seg_minus_one, "ugni.mem_register_segments.vmdh.index_minus_one_allocates",
	"UGNI-3.4.3-vmdh-index-minus-one-allocates,UGNI-3.4.4-success")
{
	const char *c = "UGNI-3.4.3-vmdh-index-minus-one-allocates";
	struct fx f; gni_mem_handle_t mh1, mh2;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(4 * 4096);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.b.nic, 2), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	gni_mem_segment_t s1[2] = { { U64(m), 4096 }, { U64(m + 4096), 4096 } };
	gni_mem_segment_t s2[2] = { { U64(m + 2 * 4096), 4096 }, { U64(m + 3 * 4096), 4096 } };
	gni_return_t r1 = GNI_MemRegisterSegments(f.b.nic, s1, 2, NULL, GNI_MEM_USE_VMDH,
			(uint32_t)-1, &mh1);
	gni_return_t r2 = GNI_MemRegisterSegments(f.b.nic, s2, 2, NULL, GNI_MEM_USE_VMDH,
			(uint32_t)-1, &mh2);
	RT_EXPECT_EQ_INT(r1, GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(r2, GNI_RC_SUCCESS, c);
	if (r1 == GNI_RC_SUCCESS)
		GNI_MemDeregister(f.b.nic, &mh1);
	if (r2 == GNI_RC_SUCCESS)
		GNI_MemDeregister(f.b.nic, &mh2);
	fx_teardown(&f);
}

RT_TEST(vmdh_in_use, "ugni.mem_register.vmdh.index_in_use",
	"UGNI-3.4.2-rc-error-resource-vmdh-index-in-use,UGNI-3.4.3-rc-error-resource-vmdh-index-in-use,UGNI-3.4.4-success,UGNI-3.4.4-enables-vmdh")
{
	struct fx f; gni_mem_handle_t mh, mh2, mh3;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(2 * 4096);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.b.nic, 4), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 2, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 2, &mh2),
			GNI_RC_ERROR_RESOURCE, "UGNI-3.4.2-rc-error-resource-vmdh-index-in-use");
	gni_mem_segment_t s[2] = { { U64(m), 4096 }, { U64(m + 4096), 4096 } };
	RT_EXPECT_EQ_INT(GNI_MemRegisterSegments(f.b.nic, s, 2, NULL, GNI_MEM_USE_VMDH, 2, &mh3),
			GNI_RC_ERROR_RESOURCE, "UGNI-3.4.3-rc-error-resource-vmdh-index-in-use");
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

/* A vMDH index is in use only while its registration lasts: after
 * MemDeregister the same index can be registered again. */
RT_TEST(vmdh_reuse, "ugni.mem_register.vmdh.index_free_after_deregister",
	"UGNI-3.4.2-rc-error-resource-vmdh-index-in-use,UGNI-3.4.5-success")
{
	const char *c = "UGNI-3.4.2-rc-error-resource-vmdh-index-in-use";
	struct fx f; gni_mem_handle_t mh, mh2;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(4096);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.b.nic, 4), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 2, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
	RT_REQUIRE_EQ_INT(GNI_MemDeregister(f.b.nic, &mh), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 2, &mh2),
			GNI_RC_SUCCESS, c);
	GNI_MemDeregister(f.b.nic, &mh2);
	fx_teardown(&f);
}

/* A second SetMddResources while a vMDH registration uses the block
 * (E-UGNI-053): refused, or accepted, and then the new block is the one
 * in force: all of its num_entries can be registered. */
RT_TEST_ATTRS(vmdh_resize_in_use, "ugni.set_mdd_resources.state.second_call_block_in_use",
	"UGNI-3.4.4-second-call,UGNI-3.4.4-enables-vmdh", "tier=robustness")
{
	const char *c = "UGNI-3.4.4-second-call";
	struct fx f; gni_mem_handle_t mh, mh2;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(4096);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.b.nic, 2), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 0, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
	gni_return_t rc = GNI_SetMddResources(f.b.nic, 8);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM);
	if (rc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 7, &mh2),
				GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
		GNI_MemDeregister(f.b.nic, &mh2);
	}
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

/* With the NIC's memory taken by CQs (as large as it creates them, then
 * smaller until none fits), a registration and a vMDH block are refused
 * for lack of resources, or they work: a GNI_RC_SUCCESS handle serves
 * as the target of a PUT, a GNI_RC_SUCCESS block is the one in force. */
RT_TEST_ATTRS(mem_exhausted, "ugni.mem_register.resource.nic_memory_exhausted",
	"UGNI-3.4.2-rc-error-nomem,UGNI-3.4.2-rc-error-resource,UGNI-3.4.4-rc-error-nomem,UGNI-3.4.4-enables-vmdh",
	"tier=robustness")
{
	const char *c = "UGNI-3.4.2-rc-error-nomem";
	enum { MAXCQ = 512 };
	static gni_cq_handle_t cqs[MAXCQ];
	struct fx f; struct fx_bufs b; gni_mem_handle_t mh, vmh;
	int n = 0;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *m = fx_mem(4096);
	for (uint32_t e = 1u << 22; e >= 1 && n < MAXCQ; e >>= 1)
		while (n < MAXCQ && GNI_CqCreate(f.b.nic, e, 0, GNI_CQ_NOBLOCK, NULL, NULL,
				&cqs[n]) == GNI_RC_SUCCESS)
			n++;
	gni_return_t rc = GNI_MemRegister(f.b.nic, U64(m), 4096, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &mh);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_ERROR_NOMEM, GNI_RC_ERROR_RESOURCE);
	gni_return_t vrc = GNI_SetMddResources(f.b.nic, 4);
	RT_EXPECT_RC_IN(vrc, "UGNI-3.4.4-rc-error-nomem", GNI_RC_SUCCESS, GNI_RC_ERROR_NOMEM);
	for (int i = 0; i < n; i++)
		GNI_CqDestroy(cqs[i]);
	if (rc == GNI_RC_SUCCESS) {
		fx_pattern(b.l, 64, 72);
		RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, b.l, b.lmh, U64(m), mh, 64), GNI_RC_SUCCESS, c);
		RT_EXPECT_MEM_EQ(m, b.l, 64, c);
		GNI_MemDeregister(f.b.nic, &mh);
	}
	if (vrc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, NULL, GNI_MEM_USE_VMDH, 3, &vmh),
				GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
		GNI_MemDeregister(f.b.nic, &vmh);
	}
	fx_teardown(&f);
}

/* A vMDH registration is a memory handle like any other: a peer's PUT lands
 * through it and a GET reads through it (3.4.2 success, 3.4.4). */
RT_TEST(vmdh_target, "ugni.mem_register.vmdh.serves_as_remote_handle",
	"UGNI-3.4.4-enables-vmdh,UGNI-3.4.2-success-readwrite")
{
	const char *c = "UGNI-3.4.2-success-readwrite";
	struct fx f; struct fx_bufs b; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *m = fx_mem(4096), src[64];
	fx_pattern(src, 64, 71);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.b.nic, 4), GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 4096, NULL, GNI_MEM_USE_VMDH, 1, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.4-enables-vmdh");
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, mh, U64(m + 128), mh, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(m + 128, src, 64, c);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 1, b.l, b.lmh, U64(m + 128), mh, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.l, src, 64, c);
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

/* ---- several segments (3.4.3; E-UGNI-051: offsets from 0, in list order) ------------ */

struct segs {
	unsigned char *m;
	gni_mem_handle_t mh;
};

/* Two page-aligned segments of 2 pages each, in reverse address order
 * (so offset space and virtual space differ). */
static void two_segs(struct fx *f, struct segs *s, uint32_t flags)
{
	s->m = fx_mem(6 * 4096);
	gni_mem_segment_t l[2] = { { U64(s->m + 3 * 4096), 2 * 4096 }, { U64(s->m), 2 * 4096 } };
	RT_REQUIRE_EQ_INT(GNI_MemRegisterSegments(f->b.nic, l, 2, NULL, flags, (uint32_t)-1, &s->mh),
			GNI_RC_SUCCESS, "UGNI-3.4.3-success");
}

RT_TEST(seg_aligned, "ugni.mem_register_segments.offset.segment_starts",
	"UGNI-3.4.3-offset-addressing-aligned,UGNI-3.4.3-success")
{
	const char *c = "UGNI-3.4.3-offset-addressing-aligned";
	struct fx f; struct segs s;
	fx_setup(&f, 0);
	two_segs(&f, &s, 0);
	unsigned char *src = fx_mem(64);
	fx_pattern(src, 64, 63);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, s.mh, 0, s.mh, 16), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(s.m + 3 * 4096, src, 16, c);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src + 16, s.mh, 2 * 4096, s.mh, 16), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(s.m, src + 16, 16, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	fx_teardown(&f);
}

RT_TEST(seg_cross, "ugni.mem_register_segments.offset.put_across_segments", "UGNI-3.4.3-offset-addressing-cross-segment")
{
	const char *c = "UGNI-3.4.3-offset-addressing-cross-segment";
	struct fx f; struct segs s;
	fx_setup(&f, 0);
	two_segs(&f, &s, 0);
	unsigned char *src = fx_mem(256);
	fx_pattern(src, 256, 64);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, s.mh, 2 * 4096 - 128, s.mh, 256), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(s.m + 5 * 4096 - 128, src, 128, c);
	RT_EXPECT_MEM_EQ(s.m, src + 128, 128, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	fx_teardown(&f);
}

RT_TEST(seg_get, "ugni.mem_register_segments.offset.get", "UGNI-3.4.3-offset-addressing-get")
{
	const char *c = "UGNI-3.4.3-offset-addressing-get";
	struct fx f; struct segs s; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	two_segs(&f, &s, 0);
	fx_pattern(s.m, 64, 65);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 1, b.l, b.lmh, 2 * 4096, s.mh, 64), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(b.l, s.m, 64, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	fx_teardown(&f);
}

RT_TEST(seg_beyond, "ugni.mem_register_segments.bounds.beyond_last", "UGNI-3.4.3-bounds-beyond-last-segment")
{
	const char *c = "UGNI-3.4.3-bounds-beyond-last-segment";
	struct fx f; struct segs s;
	fx_setup(&f, 0);
	two_segs(&f, &s, 0);
	unsigned char *src = fx_mem(64);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 0, src, s.mh, 4 * 4096 + 64, s.mh, 64);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	for (int p = 0; p < 6; p++)
		RT_EXPECT_MEM_EQ(s.m + p * 4096, zero, 4096, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	fx_teardown(&f);
}

/* A fetching AMO at an offset beyond the last segment: no successful
 * completion, no word changed, nothing fetched into the local buffer. */
RT_TEST(seg_amo_beyond, "ugni.mem_register_segments.bounds.amo_beyond_last",
	"UGNI-3.4.3-bounds-beyond-last-segment")
{
	const char *c = "UGNI-3.4.3-bounds-beyond-last-segment";
	struct fx f; struct segs s; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	two_segs(&f, &s, 0);
	uint64_t *lw = (uint64_t *)(void *)b.l;
	lw[0] = 0x5a5a5a5a5a5a5a5aull;
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, NULL, s.mh, 8);
	d.remote_addr = 4 * 4096 + 64;
	d.amo_cmd = GNI_FMA_ATOMIC_FADD;
	d.first_operand = 1;
	fx_expect_failed_post(GNI_PostFma(f.a.ep, &d), GNI_RC_INVALID_PARAM, f.a.cq, &d, c);
	RT_EXPECT_EQ_U64(lw[0], 0x5a5a5a5a5a5a5a5aull, c);
	for (int p = 0; p < 6; p++)
		RT_EXPECT_MEM_EQ(s.m + p * 4096, zero, 4096, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	fx_teardown(&f);
}

RT_TEST(seg_ro, "ugni.mem_register_segments.read_only.refuses_put", "UGNI-3.4.3-read-only-refuses-remote-put")
{
	const char *c = "UGNI-3.4.3-read-only-refuses-remote-put";
	struct fx f; struct segs s;
	fx_setup(&f, 0);
	two_segs(&f, &s, GNI_MEM_READ_ONLY);
	unsigned char *src = fx_mem(64);
	fx_pattern(src, 64, 66);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 0, src, s.mh, 16, s.mh, 64);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_TRANSACTION_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(s.m + 3 * 4096, zero, 4096, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	fx_teardown(&f);
}

RT_TEST(seg_two_handles, "ugni.mem_register_segments.handle.new_each_registration", "UGNI-3.4.3-new-handle-each-registration")
{
	const char *c = "UGNI-3.4.3-new-handle-each-registration";
	struct fx f; struct segs s, s2;
	fx_setup(&f, 0);
	two_segs(&f, &s, 0);
	gni_mem_segment_t l[2] = { { U64(s.m + 3 * 4096), 2 * 4096 }, { U64(s.m), 2 * 4096 } };
	RT_REQUIRE_EQ_INT(GNI_MemRegisterSegments(f.b.nic, l, 2, NULL, 0, (uint32_t)-1, &s2.mh), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(memcmp(&s.mh, &s2.mh, sizeof s.mh) != 0, c);
	unsigned char *src = fx_mem(64);
	fx_pattern(src, 64, 67);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, s.mh, 0, s.mh, 32), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src + 32, s2.mh, 32, s2.mh, 32), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(s.m + 3 * 4096, src, 64, c);
	GNI_MemDeregister(f.b.nic, &s.mh);
	GNI_MemDeregister(f.b.nic, &s2.mh);
	fx_teardown(&f);
}

RT_TEST(seg_unaligned, "ugni.mem_register_segments.offset.unaligned_segments", "UGNI-3.4.3-offset-addressing-unaligned")
{
	const char *c = "UGNI-3.4.3-offset-addressing-unaligned";
	struct fx f; gni_mem_handle_t mh;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(3 * 4096), *src = fx_mem(16);
	fx_pattern(src, 16, 68);
	gni_mem_segment_t l[2] = { { U64(m + 16), 100 }, { U64(m + 2 * 4096 + 32), 100 } };
	RT_REQUIRE_EQ_INT(GNI_MemRegisterSegments(f.b.nic, l, 2, NULL, 0, (uint32_t)-1, &mh), GNI_RC_SUCCESS, c);
	/* packed reading: segment 2 at offset 100; page reading: 4096 + 32 */
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 0, src, mh, 100, mh, 8);
	int packed = rc == GNI_RC_SUCCESS && memcmp(m + 2 * 4096 + 32, src, 8) == 0;
	int paged = 0;
	if (!packed) {
		rc = xfer(f.a.ep, f.a.cq, 0, src, mh, 4096 + 32, mh, 8);
		paged = rc == GNI_RC_SUCCESS && memcmp(m + 2 * 4096 + 32, src, 8) == 0;
	}
	RT_EXPECT_TRUE(packed || paged, c);
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

/* The same two unaligned segments as the local buffer of a fetching AMO:
 * where the segments are packed (E-UGNI-051), the word fetched at offset
 * 96 lies across the end of segment 1 and the start of segment 2, and
 * both halves land (segments as if contiguous).  A GET at offset 100
 * tells the readings apart first; under the page reading offset 96 has
 * no such neighbour, and only the GET is checked. */
RT_TEST(seg_amo_across, "ugni.mem_register_segments.offset.amo_result_across_unaligned_segments",
	"UGNI-3.4.3-offset-addressing-unaligned,UGNI-3.4.3-offset-addressing-cross-segment")
{
	const char *c = "UGNI-3.4.3-offset-addressing-unaligned";
	struct fx f; gni_mem_handle_t mh; struct fx_bufs b;
	gni_cq_entry_t ev = 0; gni_post_descriptor_t *pd = NULL;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *m = fx_mem(3 * 4096);
	gni_mem_segment_t l[2] = { { U64(m + 16), 100 }, { U64(m + 2 * 4096 + 32), 100 } };
	RT_REQUIRE_EQ_INT(GNI_MemRegisterSegments(f.a.nic, l, 2, NULL, 0, (uint32_t)-1, &mh),
			GNI_RC_SUCCESS, "UGNI-3.4.3-success");
	fx_pattern(b.r, 8, 70);
	gni_return_t rc = xfer(f.a.ep, f.a.cq, 1, (void *)(uintptr_t)100, mh, U64(b.r), b.rmh, 8);
	int packed = rc == GNI_RC_SUCCESS && memcmp(m + 2 * 4096 + 32, b.r, 8) == 0;
	int paged = 0;
	if (!packed) {
		rc = xfer(f.a.ep, f.a.cq, 1, (void *)(uintptr_t)(4096 + 32), mh, U64(b.r), b.rmh, 8);
		paged = rc == GNI_RC_SUCCESS && memcmp(m + 2 * 4096 + 32, b.r, 8) == 0;
	}
	RT_EXPECT_TRUE(packed || paged, c);
	if (packed) {
		const uint64_t start = 0x0102030405060708ull;
		memcpy(b.r, &start, 8);
		memset(m + 2 * 4096 + 32, 0, 8);
		gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
				NULL, mh, b.r, b.rmh, 8);
		d.local_addr = 96;
		d.amo_cmd = GNI_FMA_ATOMIC_FADD;
		d.first_operand = 1;
		RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-success");
		RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
		GNI_GetCompleted(f.a.cq, ev, &pd);
		unsigned char got[8];
		memcpy(got, m + 16 + 96, 4);
		memcpy(got + 4, m + 2 * 4096 + 32, 4);
		RT_EXPECT_MEM_EQ(got, &start, 8, "UGNI-3.4.3-offset-addressing-cross-segment");
	}
	GNI_MemDeregister(f.a.nic, &mh);
	fx_teardown(&f);
}

/* 64 one-page segments, every other page of a mapping: a PUT through all
 * of them at once fills each in order (segments as if contiguous). */
RT_TEST(seg_many, "ugni.mem_register_segments.offset.put_across_64_segments",
	"UGNI-3.4.3-offset-addressing-cross-segment")
{
	const char *c = "UGNI-3.4.3-offset-addressing-cross-segment";
	enum { NSEG = 64, PG = 4096 };
	struct fx f; gni_mem_handle_t mh, lmh; gni_mem_segment_t s[NSEG];
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(2 * NSEG * PG), *src = fx_mem(NSEG * PG);
	for (int i = 0; i < NSEG; i++)
		s[i] = (gni_mem_segment_t){ U64(m + 2 * i * PG), PG };
	gni_return_t rc = GNI_MemRegisterSegments(f.b.nic, s, NSEG, NULL, 0, (uint32_t)-1, &mh);
	if (rc == GNI_RC_ERROR_RESOURCE || rc == GNI_RC_INVALID_PARAM)
		rt_unsupported("the implementation registers fewer than 64 segments");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.4.3-success");
	lmh = fx_reg(f.a.nic, src, NSEG * PG, NULL, 0);
	fx_pattern(src, NSEG * PG, 69);
	RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, lmh, 0, mh, NSEG * PG), GNI_RC_SUCCESS, c);
	for (int i = 0; i < NSEG; i++)
		if (!RT_EXPECT_MEM_EQ(m + 2 * i * PG, src + i * PG, PG, c))
			break;
	GNI_MemDeregister(f.b.nic, &mh);
	fx_teardown(&f);
}

/* 65 one-page segments, one more than the registrations above use: the
 * document sets no limit (E-UGNI-159), so the count is refused as a
 * resource, or the registration works like any other, a PUT through all
 * 65 filling each in order. */
RT_TEST(seg_beyond_64, "ugni.mem_register_segments.count.beyond_64",
	"UGNI-3.4.3-segment-count-beyond-64")
{
	const char *c = "UGNI-3.4.3-segment-count-beyond-64";
	enum { NSEG = 65, PG = 4096 };
	struct fx f; gni_mem_handle_t mh, lmh; gni_mem_segment_t s[NSEG];
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(2 * NSEG * PG), *src = fx_mem(NSEG * PG);
	for (int i = 0; i < NSEG; i++)
		s[i] = (gni_mem_segment_t){ U64(m + 2 * i * PG), PG };
	gni_return_t rc = GNI_MemRegisterSegments(f.b.nic, s, NSEG, NULL, 0, (uint32_t)-1, &mh);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_ERROR_RESOURCE, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS) {
		lmh = fx_reg(f.a.nic, src, NSEG * PG, NULL, 0);
		fx_pattern(src, NSEG * PG, 70);
		RT_EXPECT_EQ_INT(xfer(f.a.ep, f.a.cq, 0, src, lmh, 0, mh, NSEG * PG), GNI_RC_SUCCESS, c);
		for (int i = 0; i < NSEG; i++)
			if (!RT_EXPECT_MEM_EQ(m + 2 * i * PG, src + i * PG, PG, c))
				break;
		GNI_MemDeregister(f.b.nic, &mh);
	}
	fx_teardown(&f);
}
