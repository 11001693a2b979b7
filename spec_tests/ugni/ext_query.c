/*
 * ext_query.c: the vendor's query and small control calls (extension
 * tier, gni_pub.h 0x5c): GetVersionInformation, GetDevResInfo,
 * GetJobResInfo, GetNttGran, GetPtag, MemHndlQueryAttr, MemQueryHndls,
 * EpIdle, SmsgSetDeliveryMode, CqInterruptMask/Unmask,
 * ConfigureNTTandJob.  A call answered with GNI_RC_ILLEGAL_OP is one the
 * implementation does not offer: UNSUPPORTED.
 */
#include <time.h>
#include "fixture.h"

#define XPTAG  90
#define XCOOKIE 0x00730000u
#define XJOB   0x7E57000ull

static void no_limits(gni_job_limits_t *l)
{
	l->mdd_limit = l->mrt_limit = l->gart_limit = GNI_JOB_INVALID_LIMIT;
	l->fma_limit = l->bte_limit = l->cq_limit = GNI_JOB_INVALID_LIMIT;
	l->ntt_ctrl = l->ntt_base = l->ntt_size = GNI_JOB_INVALID_LIMIT;
}

static void job(uint8_t ptag, uint64_t job_id, uint32_t cookie, gni_job_limits_t *l)
{
	gni_return_t rc = GNI_ConfigureJob(0, job_id, ptag, cookie, l);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.7-success");
}

RT_TEST(vi_version, "ugni.get_version_information.version.matches_get_version",
		"UGNI-X-get-version-information-ugni-version")
{
	gni_version_info_t vi;
	uint32_t v = 0;

	memset(&vi, 0xEE, sizeof vi);
	gni_return_t rc = GNI_GetVersionInformation(&vi);
	fx_offered(rc, "GNI_GetVersionInformation");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-get-version-information-ugni-version");
	RT_REQUIRE_EQ_INT(GNI_GetVersion(&v), GNI_RC_SUCCESS, "UGNI-3.2.5-success");
	RT_EXPECT_EQ_U64(vi.ugni_version, v, "UGNI-X-get-version-information-ugni-version");
	RT_EXPECT_TRUE(memchr(vi.ugni_build_string, 0, MAX_BUILD_STRING_LENGTH) != NULL,
			"UGNI-X-get-version-information-ugni-version");
}

RT_TEST(vi_null, "ugni.get_version_information.args.null",
		"UGNI-X-get-version-information-invalid-param")
{
	gni_return_t rc = GNI_GetVersionInformation(NULL);
	fx_offered(rc, "GNI_GetVersionInformation");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-get-version-information-invalid-param");
}

RT_TEST(dev_res, "ugni.get_dev_res_info.resources.consistent",
		"UGNI-X-get-dev-res-info-result")
{
	int offered = 0;
	for (int t = GNI_DEV_RES_MDD; t < GNI_DEV_RES_LAST; t++) {
		gni_dev_res_desc_t d = { 0, 0, 0, 0 };
		gni_return_t rc = GNI_GetDevResInfo(0, (gni_dev_res_t)t, &d);
		if (rc == GNI_RC_ILLEGAL_OP)
			continue;
		offered = 1;
		RT_EXPECT_RC_IN(rc, "UGNI-X-get-dev-res-info-result",
				GNI_RC_SUCCESS, GNI_RC_ERROR_RESOURCE);
		if (rc == GNI_RC_SUCCESS) {
			RT_EXPECT_TRUE(d.held <= d.total, "UGNI-X-get-dev-res-info-result");
			RT_EXPECT_TRUE(d.available <= d.total, "UGNI-X-get-dev-res-info-result");
		}
	}
	if (!offered)
		rt_lacks("ext:GNI_GetDevResInfo", "answers GNI_RC_ILLEGAL_OP");
}

/* Domains attached until CdmAttach refuses one: the FMA descriptors they
 * hold never exceed the device's total. */
RT_TEST(dev_res_fma_full, "ugni.get_dev_res_info.fma.held_within_total_when_full",
		"UGNI-X-get-dev-res-info-result")
{
	const char *c = "UGNI-X-get-dev-res-info-result";
	gni_dev_res_desc_t d = { 0, 0, 0, 0 };
	gni_return_t rc = GNI_GetDevResInfo(0, GNI_DEV_RES_FMA, &d);
	fx_offered(rc, "GNI_GetDevResInfo");
	if (rc != GNI_RC_SUCCESS || d.total > 100000)
		rt_unsupported("no FMA descriptor total small enough to exhaust");
	for (uint32_t i = 0; i <= d.total; i++) {
		gni_cdm_handle_t cdm;
		gni_nic_handle_t nic;
		uint32_t addr;
		if (GNI_CdmCreate(1000 + i, FX_PTAG, FX_COOKIE, 0, &cdm) != GNI_RC_SUCCESS ||
				GNI_CdmAttach(cdm, 0, &addr, &nic) != GNI_RC_SUCCESS)
			break;
	}
	RT_REQUIRE_EQ_INT(GNI_GetDevResInfo(0, GNI_DEV_RES_FMA, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(d.held <= d.total, c);
}

RT_TEST(dev_res_args, "ugni.get_dev_res_info.args.invalid",
		"UGNI-X-get-dev-res-info-invalid-param")
{
	gni_dev_res_desc_t d;
	gni_return_t rc = GNI_GetDevResInfo(0, GNI_DEV_RES_MDD, NULL);
	fx_offered(rc, "GNI_GetDevResInfo");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-get-dev-res-info-invalid-param");
	RT_EXPECT_EQ_INT(GNI_GetDevResInfo(0, GNI_DEV_RES_LAST, &d), GNI_RC_INVALID_PARAM,
			"UGNI-X-get-dev-res-info-invalid-param");
}

/* The job's MDD limit as ConfigureJob set it, and its use as it grows. */
RT_TEST(job_res, "ugni.get_job_res_info.mdd.limit_and_used",
		"UGNI-X-get-job-res-info-result")
{
	const char *c = "UGNI-X-get-job-res-info-result";
	gni_job_limits_t l;
	gni_job_res_desc_t d0, d1;
	struct fx_side s;

	no_limits(&l);
	l.mdd_limit = 5;
	job(XPTAG, XJOB, XCOOKIE, &l);
	gni_return_t rc = GNI_GetJobResInfo(0, XPTAG, GNI_JOB_RES_MDD, &d0);
	fx_offered(rc, "GNI_GetJobResInfo");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(d0.limit, 5, c);
	fx_domain(&s, 1, XPTAG, XCOOKIE, 0);
	void *m = fx_mem(4096);
	fx_reg(s.nic, m, 4096, NULL, GNI_MEM_READWRITE);
	RT_REQUIRE_EQ_INT(GNI_GetJobResInfo(0, XPTAG, GNI_JOB_RES_MDD, &d1), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(d1.used, d0.used + 1, c);
	GNI_CdmDestroy(s.cdm);
}

RT_TEST(job_res_args, "ugni.get_job_res_info.args.invalid",
		"UGNI-X-get-job-res-info-invalid-param")
{
	gni_job_res_desc_t d;
	gni_return_t rc = GNI_GetJobResInfo(0, FX_PTAG, GNI_JOB_RES_MDD, NULL);
	fx_offered(rc, "GNI_GetJobResInfo");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-get-job-res-info-invalid-param");
	RT_EXPECT_EQ_INT(GNI_GetJobResInfo(0, FX_PTAG, GNI_JOB_RES_LAST, &d),
			GNI_RC_INVALID_PARAM, "UGNI-X-get-job-res-info-invalid-param");
}

RT_TEST(ntt_gran, "ugni.get_ntt_gran.args.basic",
		"UGNI-X-get-ntt-gran-success,UGNI-X-get-ntt-gran-invalid-param")
{
	uint32_t g = 0;
	gni_return_t rc = GNI_GetNttGran(0, &g);
	fx_offered(rc, "GNI_GetNttGran");
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-get-ntt-gran-success");
	RT_EXPECT_EQ_INT(GNI_GetNttGran(0, NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-get-ntt-gran-invalid-param");
}

RT_TEST(get_ptag, "ugni.get_ptag.cookie.configured_job",
		"UGNI-X-get-ptag-of-cookie,UGNI-X-get-ptag-no-match,UGNI-X-get-ptag-invalid-param")
{
	gni_job_limits_t l;
	uint8_t p = 0;

	no_limits(&l);
	job(XPTAG + 1, XJOB + 1, XCOOKIE + 0x10000, &l);
	gni_return_t rc = GNI_GetPtag(0, XCOOKIE + 0x10000, &p);
	fx_offered(rc, "GNI_GetPtag");
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-get-ptag-of-cookie");
	RT_EXPECT_EQ_INT(p, XPTAG + 1, "UGNI-X-get-ptag-of-cookie");
	RT_EXPECT_EQ_INT(GNI_GetPtag(0, 0x7FFF0000u, &p), GNI_RC_NO_MATCH,
			"UGNI-X-get-ptag-no-match");
	RT_EXPECT_EQ_INT(GNI_GetPtag(0, XCOOKIE + 0x10000, NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-get-ptag-invalid-param");
}

RT_TEST(mh_attr, "ugni.mem_hndl_query_attr.attrs.readonly_and_vmdh",
		"UGNI-X-mem-hndl-query-attr-result,UGNI-X-mem-hndl-query-attr-invalid-param")
{
	const char *c = "UGNI-X-mem-hndl-query-attr-result";
	struct fx f;
	int yes = -1;

	fx_setup(&f, 0);
	void *m = fx_mem(8192);
	gni_mem_handle_t ro = fx_reg(f.a.nic, m, 4096, NULL, GNI_MEM_READ_ONLY);
	gni_mem_handle_t rw = fx_reg(f.a.nic, (char *)m + 4096, 4096, NULL, GNI_MEM_READWRITE);
	gni_return_t rc = GNI_MemHndlQueryAttr(&ro, GNI_MEMHNDL_ATTR_READONLY, &yes);
	fx_offered(rc, "GNI_MemHndlQueryAttr");
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(yes, 1, c);
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&rw, GNI_MEMHNDL_ATTR_READONLY, &yes), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(yes, 0, c);
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&rw, GNI_MEMHNDL_ATTR_VMDH, &yes), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(yes, 0, c);
	/* a vMDH registration (3.4.1) has the VMDH attribute */
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.a.nic, 4), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	gni_mem_handle_t v;
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.a.nic, U64(fx_mem(4096)), 4096, NULL,
			GNI_MEM_USE_VMDH, 0, &v), GNI_RC_SUCCESS, "UGNI-3.4.2-success");
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&v, GNI_MEMHNDL_ATTR_VMDH, &yes), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(yes, 1, c);
	RT_EXPECT_EQ_INT(GNI_MemDeregister(f.a.nic, &v), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	/* invalid: NULL, and a handle that names no registration */
	gni_mem_handle_t junk = { 0x1234, 0x5678 };
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(NULL, GNI_MEMHNDL_ATTR_READONLY, &yes),
			GNI_RC_INVALID_PARAM, "UGNI-X-mem-hndl-query-attr-invalid-param");
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&ro, GNI_MEMHNDL_ATTR_READONLY, NULL),
			GNI_RC_INVALID_PARAM, "UGNI-X-mem-hndl-query-attr-invalid-param");
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&junk, GNI_MEMHNDL_ATTR_READONLY, &yes),
			GNI_RC_INVALID_PARAM, "UGNI-X-mem-hndl-query-attr-invalid-param");
	fx_teardown(&f);
}

/* Walking the NIC's registrations from an all-zero handle finds each
 * once with its address and length, then GNI_RC_NO_MATCH. */
RT_TEST(mh_walk, "ugni.mem_query_hndls.walk.finds_every_registration",
		"UGNI-X-mem-query-hndls-walk,UGNI-X-mem-query-hndls-invalid-state")
{
	const char *c = "UGNI-X-mem-query-hndls-walk";
	struct fx_side s;
	uint64_t addr = 1, len = 1;
	int seen1 = 0, seen2 = 0, n = 0;

	fx_domain(&s, 1, FX_PTAG, FX_COOKIE, 0);
	char *m = fx_mem(3 * 4096);
	fx_reg(s.nic, m, 4096, NULL, GNI_MEM_READWRITE);
	fx_reg(s.nic, m + 8192, 100, NULL, GNI_MEM_READWRITE);
	gni_mem_handle_t h = { 0, 0 };
	gni_return_t rc = GNI_MemQueryHndls(s.nic, -1, &h, &addr, &len);
	fx_offered(rc, "GNI_MemQueryHndls");
	while (rc == GNI_RC_SUCCESS && n < 10) {
		n++;
		if (addr == U64(m) && len == 4096)
			seen1++;
		if (addr == U64(m + 8192) && len == 100)
			seen2++;
		rc = GNI_MemQueryHndls(s.nic, -1, &h, &addr, &len);
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_NO_MATCH, c);
	RT_EXPECT_EQ_INT(n, 2, c);
	RT_EXPECT_EQ_INT(seen1, 1, c);
	RT_EXPECT_EQ_INT(seen2, 1, c);
	RT_EXPECT_EQ_U64(addr, 0, c);
	RT_EXPECT_EQ_U64(len, 0, c);
	gni_mem_handle_t junk = { 0x1234, 0x5678 };
	RT_EXPECT_EQ_INT(GNI_MemQueryHndls(s.nic, -1, &junk, &addr, &len),
			GNI_RC_INVALID_STATE, "UGNI-X-mem-query-hndls-invalid-state");
	GNI_CdmDestroy(s.cdm);
}

RT_TEST(ep_idle, "ugni.ep_idle.state.idle_and_pending_datagram",
		"UGNI-X-ep-idle-idle,UGNI-X-ep-idle-not-done,UGNI-X-ep-idle-invalid-param")
{
	struct fx f;
	gni_ep_handle_t lone;
	char in[8] = "x", out[8];

	fx_setup(&f, 0);
	gni_return_t rc = GNI_EpIdle(f.a.ep);
	fx_offered(rc, "GNI_EpIdle");
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-ep-idle-idle");
	/* bound to an instance nobody runs: its datagram stays pending */
	fx_ep(&f.a, NULL, f.a.addr, 77, &lone);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(lone, in, sizeof in, out, sizeof out),
			GNI_RC_SUCCESS, "UGNI-3.5.6-success");
	RT_EXPECT_EQ_INT(GNI_EpIdle(lone), GNI_RC_NOT_DONE, "UGNI-X-ep-idle-not-done");
	RT_EXPECT_EQ_INT(GNI_EpPostDataCancel(lone), GNI_RC_SUCCESS, "UGNI-3.5.12-success");
	RT_EXPECT_EQ_INT(GNI_EpIdle(NULL), GNI_RC_INVALID_PARAM, "UGNI-X-ep-idle-invalid-param");
	GNI_EpDestroy(lone);
	fx_teardown(&f);
}

RT_TEST(dlv_mode, "ugni.smsg_set_delivery_mode.modes.valid_and_invalid",
		"UGNI-X-smsg-set-delivery-mode-success,UGNI-X-smsg-set-delivery-mode-invalid-param")
{
	struct fx f;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_SmsgSetDeliveryMode(f.a.nic, GNI_DLVMODE_IN_ORDER);
	fx_offered(rc, "GNI_SmsgSetDeliveryMode");
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-smsg-set-delivery-mode-success");
	RT_EXPECT_EQ_INT(GNI_SmsgSetDeliveryMode(f.a.nic, GNI_DLVMODE_PERFORMANCE),
			GNI_RC_SUCCESS, "UGNI-X-smsg-set-delivery-mode-success");
	RT_EXPECT_EQ_INT(GNI_SmsgSetDeliveryMode(NULL, GNI_DLVMODE_PERFORMANCE),
			GNI_RC_INVALID_PARAM, "UGNI-X-smsg-set-delivery-mode-invalid-param");
	RT_EXPECT_EQ_INT(GNI_SmsgSetDeliveryMode(f.a.nic, 0x8000),
			GNI_RC_INVALID_PARAM, "UGNI-X-smsg-set-delivery-mode-invalid-param");
	fx_teardown(&f);
}

/* The Aries delivery modes: accepted on an Aries, refused on a Gemini. */
RT_TEST(dlv_aries, "ugni.smsg_set_delivery_mode.modes.aries_modes",
		"UGNI-X-smsg-set-delivery-mode-aries")
{
	struct fx f;
	gni_nic_device_t t;

	if (fx_control_present())
		fx_control(RDMACTS_TC_ARIES, 1);
	RT_REQUIRE_EQ_INT(GNI_GetDeviceType(&t), GNI_RC_SUCCESS, "UGNI-X-smsg-set-delivery-mode-aries");
	fx_setup(&f, 0);
	gni_return_t rc = GNI_SmsgSetDeliveryMode(f.a.nic, GNI_DLVMODE_ADAPTIVE1);
	fx_offered(rc, "GNI_SmsgSetDeliveryMode");
	RT_EXPECT_EQ_INT(rc, t == GNI_DEVICE_ARIES ? GNI_RC_SUCCESS : GNI_RC_INVALID_PARAM,
			"UGNI-X-smsg-set-delivery-mode-aries");
	if (t == GNI_DEVICE_ARIES && fx_control_present()) {
		fx_control(RDMACTS_TC_ARIES, 0);
		RT_EXPECT_EQ_INT(GNI_SmsgSetDeliveryMode(f.a.nic, GNI_DLVMODE_MIN_HASH),
				GNI_RC_INVALID_PARAM, "UGNI-X-smsg-set-delivery-mode-aries");
	}
	fx_teardown(&f);
}

RT_TEST(cq_mask, "ugni.cq_interrupt_mask.modes.blocking_only",
		"UGNI-X-cq-interrupt-mask-success,UGNI-X-cq-interrupt-mask-invalid-param")
{
	struct fx f;
	gni_cq_handle_t bcq;

	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_BLOCKING, NULL, NULL, &bcq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-blocking");
	gni_return_t rc = GNI_CqInterruptMask(bcq);
	fx_offered(rc, "GNI_CqInterruptMask");
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-cq-interrupt-mask-success");
	RT_EXPECT_EQ_INT(GNI_CqInterruptUnmask(bcq), GNI_RC_SUCCESS,
			"UGNI-X-cq-interrupt-mask-success");
	RT_EXPECT_EQ_INT(GNI_CqInterruptMask(f.a.cq), GNI_RC_INVALID_PARAM,
			"UGNI-X-cq-interrupt-mask-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqInterruptUnmask(f.a.cq), GNI_RC_INVALID_PARAM,
			"UGNI-X-cq-interrupt-mask-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqInterruptMask(NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-cq-interrupt-mask-invalid-param");
	GNI_CqDestroy(bcq);
	fx_teardown(&f);
}

/* A NULL ntt_desc makes ConfigureNTTandJob ConfigureJob; with a table it
 * also returns the NTT base. */
RT_TEST(ntt_job, "ugni.configure_ntt_and_job.ntt.null_and_table",
		"UGNI-X-configure-ntt-and-job-null-ntt,UGNI-X-configure-ntt-and-job-state")
{
	gni_job_limits_t l;
	uint32_t base = 0xFFFFFFFFu;

	no_limits(&l);
	gni_return_t rc = GNI_ConfigureNTTandJob(0, XJOB + 2, XPTAG + 2, XCOOKIE + 0x20000,
			&l, NULL, &base);
	fx_offered(rc, "GNI_ConfigureNTTandJob");
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-configure-ntt-and-job-null-ntt");
	/* the same ptag with another job id: as ConfigureJob, INVALID_STATE */
	RT_EXPECT_EQ_INT(GNI_ConfigureNTTandJob(0, XJOB + 3, XPTAG + 2, XCOOKIE + 0x20000,
			&l, NULL, &base), GNI_RC_INVALID_STATE,
			"UGNI-X-configure-ntt-and-job-state");
}

/* gni_pub.h 0x5c, CqVectorWaitEvent / CqVectorMonitor: "GNI_RC_NOT_DONE -
 * The Completion Queue handle had the interrupt mask set and no event was
 * processed": a masked CQ does not block the wait. */
RT_TEST(cq_mask_vector, "ugni.cq_interrupt_mask.vector.not_done_when_masked",
		"UGNI-X-cq-vector-wait-masked-not-done")
{
	const char *c = "UGNI-X-cq-vector-wait-masked-not-done";
	struct fx f;
	gni_cq_handle_t bcq;
	gni_cq_entry_t e;
	uint32_t which;

	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_BLOCKING, NULL, NULL, &bcq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-blocking");
	gni_return_t rc = GNI_CqInterruptMask(bcq);
	fx_offered(rc, "GNI_CqInterruptMask");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-cq-interrupt-mask-success");
	time_t t0 = time(NULL);
	RT_EXPECT_EQ_INT(GNI_CqVectorWaitEvent(&bcq, 1, 5000, &e, &which), GNI_RC_NOT_DONE, c);
	RT_EXPECT_EQ_INT(GNI_CqVectorMonitor(&bcq, 1, 5000, &which), GNI_RC_NOT_DONE, c);
	RT_EXPECT_TRUE(time(NULL) - t0 < 4, c);
	RT_REQUIRE_EQ_INT(GNI_CqInterruptUnmask(bcq), GNI_RC_SUCCESS, "UGNI-X-cq-interrupt-mask-success");
	RT_EXPECT_EQ_INT(GNI_CqVectorWaitEvent(&bcq, 1, 10, &e, &which), GNI_RC_TIMEOUT, c);
	GNI_CqDestroy(bcq);
	fx_teardown(&f);
}

/* gni_pub.h 0x5c, CqVectorMonitor: "If a completion entry was found, it
 * immediately returns the array index for the CQ"; a monitor dequeues
 * nothing (E-UGNI-161), so it finds the same entry again and CqGetEvent
 * then takes it. */
RT_TEST(cq_monitor, "ugni.cq_vector_monitor.entry.which_and_left_in_cq",
		"UGNI-X-cq-vector-monitor-which")
{
	const char *c = "UGNI-X-cq-vector-monitor-which";
	struct fx f; struct fx_bufs b;
	gni_cq_handle_t cqs[2];
	gni_ep_handle_t ep;
	gni_cq_entry_t e;
	uint32_t which = 99;

	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	for (int i = 0; i < 2; i++)
		RT_REQUIRE_EQ_INT(GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_BLOCKING, NULL, NULL, &cqs[i]),
				GNI_RC_SUCCESS, "UGNI-3.3.1-success-blocking");
	fx_ep(&f.a, cqs[1], f.b.addr, f.b.inst, &ep);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 8);
	RT_REQUIRE_EQ_INT(GNI_PostFma(ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_EXPECT_EQ_INT(GNI_CqVectorMonitor(cqs, 2, 5000, &which), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(which, 1, c);
	which = 99;
	RT_EXPECT_EQ_INT(GNI_CqVectorMonitor(cqs, 2, 0, &which), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(which, 1, c);
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(cqs[0], &e), GNI_RC_NOT_DONE, c);
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(cqs[1], &e), GNI_RC_SUCCESS, c);
	GNI_EpDestroy(ep);
	for (int i = 0; i < 2; i++)
		GNI_CqDestroy(cqs[i]);
	fx_teardown(&f);
}

/* RebuildMemHndl: from side b's vMDH handle at index 0, the handle of
 * index 1 of the same block, equal to the one b's registration at
 * index 1 got, and a PUT through it lands in that region. */
RT_TEST(rebuild, "ugni.rebuild_mem_hndl.vmdh.other_index",
		"UGNI-X-rebuild-mem-hndl-new-index")
{
	const char *c = "UGNI-X-rebuild-mem-hndl-new-index";
	struct fx f; struct fx_bufs b;
	gni_mem_handle_t h0, h1, rebuilt;

	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char *r0 = fx_mem(4096), *r1 = fx_mem(4096);
	RT_REQUIRE_EQ_INT(GNI_SetMddResources(f.b.nic, 4), GNI_RC_SUCCESS, "UGNI-3.4.4-success");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(r0), 4096, f.b.rcq, GNI_MEM_USE_VMDH, 0, &h0),
			GNI_RC_SUCCESS, "UGNI-3.4.2-success");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(r1), 4096, f.b.rcq, GNI_MEM_USE_VMDH, 1, &h1),
			GNI_RC_SUCCESS, "UGNI-3.4.2-success");
	gni_return_t rc = GNI_RebuildMemHndl(&h0, 1, &rebuilt);
	fx_offered(rc, "GNI_RebuildMemHndl");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(&rebuilt, &h1, sizeof h1, c);
	memcpy(b.l, "rebuilt!", 8);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, r1, rebuilt, 8);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(r1, "rebuilt!", 8, c);
	GNI_MemDeregister(f.b.nic, &h0);
	GNI_MemDeregister(f.b.nic, &h1);
	fx_teardown(&f);
}
