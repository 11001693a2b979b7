/*
 * ext_args.c: the argument and state checks of the modelled extension
 * calls, one line per case: completion channels, queries, memory-handle
 * queries, ConfigureNTTandJob with an NTT table.
 */
#include <poll.h>
#include "fixture.h"

RT_TEST(cc_states, "ugni.cq_attach_comp_chan.state.attach_arm_destroy",
		"UGNI-X-comp-chan-states,UGNI-X-comp-chan-invalid-param")
{
	const char *c = "UGNI-X-comp-chan-states";
	struct fx f;
	gni_comp_chan_handle_t ch, other;
	gni_cq_handle_t cq, got;
	int fd;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_CompChanCreate(f.a.nic, &ch);
	fx_offered(rc, "GNI_CompChanCreate");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-comp-chan-create-success");
	RT_REQUIRE_EQ_INT(GNI_CompChanCreate(f.b.nic, &other), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-create-success");
	fx_cq(f.a.nic, 8, GNI_CQ_NOBLOCK, &cq);
	/* arming a CQ attached to no channel */
	RT_EXPECT_EQ_INT(GNI_CqArmCompChan(&cq, 1), GNI_RC_INVALID_STATE, c);
	/* a channel of another NIC handle */
	RT_EXPECT_EQ_INT(GNI_CqAttachCompChan(cq, other), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqAttachCompChan(cq, ch), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_CqAttachCompChan(cq, ch), GNI_RC_INVALID_STATE, c);
	RT_EXPECT_EQ_INT(GNI_CqArmCompChan(&cq, 0), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	/* a channel with a CQ attached cannot go */
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_ERROR_RESOURCE, c);
	RT_EXPECT_EQ_INT(GNI_CompChanFd(ch, NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanGetEvent(ch, NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_TRUE(GNI_CompChanGetEvent(ch, &got) != GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_CqArmCompChan(&cq, 1), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_CompChanFd(ch, &fd), GNI_RC_SUCCESS, c);
	/* the CQ destroyed leaves the channel; then it can go */
	RT_EXPECT_EQ_INT(GNI_CqDestroy(cq), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_SUCCESS, c);
	/* CdmDestroy releases the channels of its NIC handle */
	fx_teardown(&f);
	RT_EXPECT_EQ_INT(GNI_CompChanFd(other, &fd), GNI_RC_INVALID_PARAM, c);
}

/* A CQ that fired and is destroyed before GetEvent takes it leaves no
 * stale readiness behind. */
RT_TEST(cc_fired_destroyed, "ugni.comp_chan_get_event.state.fired_cq_destroyed",
		"UGNI-X-comp-chan-states,UGNI-X-comp-chan-fd-pollable")
{
	const char *c = "UGNI-X-comp-chan-states";
	struct fx f;
	gni_comp_chan_handle_t ch;
	gni_cq_handle_t cq, got;
	gni_cq_entry_t e;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_CompChanCreate(f.a.nic, &ch);
	fx_offered(rc, "GNI_CompChanCreate");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-comp-chan-create-success");
	fx_cq(f.a.nic, 8, GNI_CQ_NOBLOCK, &cq);
	RT_REQUIRE_EQ_INT(GNI_CqAttachCompChan(cq, ch), GNI_RC_SUCCESS, c);
	/* f.a's endpoint posts with cq as its source CQ: a CQ write to b
	 * gives no local event, so use a local PUT with a GLOBAL event */
	gni_ep_handle_t ep;
	fx_ep(&f.a, cq, f.b.addr, f.b.inst, &ep);
	void *l = fx_mem(64), *r = fx_mem(64);
	gni_mem_handle_t lmh = fx_reg(f.a.nic, l, 64, NULL, 0);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, r, 64, NULL, 0);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			l, lmh, r, rmh, 8);
	RT_REQUIRE_EQ_INT(GNI_CqArmCompChan(&cq, 1), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_PostFma(ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_REQUIRE_EQ_INT(fx_event(cq, &e), GNI_RC_SUCCESS, c);
	gni_post_descriptor_t *done;
	GNI_GetCompleted(cq, e, &done);
	RT_REQUIRE_EQ_INT(GNI_EpDestroy(ep), GNI_RC_SUCCESS, "UGNI-3.5.5-success");
	RT_REQUIRE_EQ_INT(GNI_CqDestroy(cq), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	/* nor a descriptor that polls readable with no CQ to name (a client
	 * polling it would spin) */
	int fd = -1;
	RT_REQUIRE_EQ_INT(GNI_CompChanFd(ch, &fd), GNI_RC_SUCCESS, "UGNI-X-comp-chan-fd-pollable");
	struct pollfd p = { .fd = fd, .events = POLLIN };
	RT_EXPECT_TRUE(poll(&p, 1, 0) == 0, c);
	RT_EXPECT_TRUE(GNI_CompChanGetEvent(ch, &got) != GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_SUCCESS, c);
	fx_teardown(&f);
}

RT_TEST(q_devices, "ugni.get_dev_res_info.args.other_device",
		"UGNI-X-get-dev-res-info-invalid-param,UGNI-X-get-job-res-info-invalid-param,"
		"UGNI-X-get-ntt-gran-invalid-param,UGNI-X-get-ptag-no-match,UGNI-X-get-job-res-info-result")
{
	gni_dev_res_desc_t dd;
	gni_job_res_desc_t jd;
	uint32_t g;
	uint8_t p;
	int ndev = 0;

	RT_REQUIRE_EQ_INT(GNI_GetNumLocalDevices(&ndev), GNI_RC_SUCCESS, "UGNI-3.11.1-success");
	uint32_t none = (uint32_t)ndev + 7;
	gni_return_t rc = GNI_GetDevResInfo(none, GNI_DEV_RES_MDD, &dd);
	fx_offered(rc, "GNI_GetDevResInfo");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-get-dev-res-info-invalid-param");
	RT_EXPECT_EQ_INT(GNI_GetDevResInfo(0, GNI_DEV_RES_FIRST, &dd), GNI_RC_INVALID_PARAM,
			"UGNI-X-get-dev-res-info-invalid-param");
	RT_EXPECT_EQ_INT(GNI_GetJobResInfo(none, FX_PTAG, GNI_JOB_RES_MDD, &jd),
			GNI_RC_INVALID_PARAM, "UGNI-X-get-job-res-info-invalid-param");
	RT_EXPECT_EQ_INT(GNI_GetJobResInfo(0, FX_PTAG, GNI_JOB_RES_FIRST, &jd),
			GNI_RC_INVALID_PARAM, "UGNI-X-get-job-res-info-invalid-param");
	for (int t = GNI_JOB_RES_MDD; t < GNI_JOB_RES_LAST; t++)
		RT_EXPECT_RC_IN(GNI_GetJobResInfo(0, FX_PTAG, (gni_job_res_t)t, &jd),
				"UGNI-X-get-job-res-info-result", GNI_RC_SUCCESS, GNI_RC_ERROR_RESOURCE);
	RT_EXPECT_EQ_INT(GNI_GetNttGran(none, &g), GNI_RC_INVALID_PARAM,
			"UGNI-X-get-ntt-gran-invalid-param");
	RT_EXPECT_EQ_INT(GNI_GetPtag(none, FX_COOKIE, &p), GNI_RC_NO_MATCH,
			"UGNI-X-get-ptag-no-match");
}

RT_TEST(mh_args, "ugni.mem_query_hndls.args.invalid",
		"UGNI-X-mem-hndl-query-attr-invalid-param,UGNI-X-mem-hndl-query-attr-result,"
		"UGNI-X-mem-query-hndls-invalid-param")
{
	struct fx_side s;
	uint64_t a, l;
	int yes = -1;

	fx_domain(&s, 1, FX_PTAG, FX_COOKIE, 0);
	void *m = fx_mem(4096);
	gni_mem_handle_t mh = fx_reg(s.nic, m, 4096, NULL, 0);
	gni_return_t rc = GNI_MemHndlQueryAttr(&mh, (gni_mem_handle_attr_t)0, &yes);
	fx_offered(rc, "GNI_MemHndlQueryAttr");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-mem-hndl-query-attr-invalid-param");
	RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&mh, (gni_mem_handle_attr_t)(GNI_MEMHNDL_ATTR_CLONE + 1),
			&yes), GNI_RC_INVALID_PARAM, "UGNI-X-mem-hndl-query-attr-invalid-param");
	for (int at = GNI_MEMHNDL_ATTR_MRT; at <= GNI_MEMHNDL_ATTR_CLONE; at++)
		RT_EXPECT_EQ_INT(GNI_MemHndlQueryAttr(&mh, (gni_mem_handle_attr_t)at, &yes),
				GNI_RC_SUCCESS, "UGNI-X-mem-hndl-query-attr-result");
	gni_mem_handle_t h = { 0, 0 };
	rc = GNI_MemQueryHndls(NULL, -1, &h, &a, &l);
	if (rc != GNI_RC_ILLEGAL_OP) {
		RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-mem-query-hndls-invalid-param");
		RT_EXPECT_EQ_INT(GNI_MemQueryHndls(s.nic, -1, NULL, &a, &l), GNI_RC_INVALID_PARAM,
				"UGNI-X-mem-query-hndls-invalid-param");
		RT_EXPECT_EQ_INT(GNI_MemQueryHndls(s.nic, -1, &h, NULL, &l), GNI_RC_INVALID_PARAM,
				"UGNI-X-mem-query-hndls-invalid-param");
	}
	GNI_CdmDestroy(s.cdm);
}

/* ConfigureNTTandJob with an NTT table: the entries are set up, their
 * base returned, and the job configured; without ntt_base or with no
 * table (it cannot clear the NTT) the call is refused. */
RT_TEST(ntt_table, "ugni.configure_ntt_and_job.ntt.table",
		"UGNI-X-configure-ntt-and-job-table,UGNI-X-configure-ntt-and-job-state")
{
	const char *c = "UGNI-X-configure-ntt-and-job-table";
	uint32_t table[2] = { 0, 0 }, base = 0xFFFFFFFFu;
	uint32_t addr, cpu;
	gni_job_limits_t l;

	RT_REQUIRE_EQ_INT(GNI_CdmGetNicAddress(0, &addr, &cpu), GNI_RC_SUCCESS, "UGNI-3.2.3-success");
	table[0] = table[1] = addr;
	gni_ntt_descriptor_t d = { 2, 0, table, 0 };
	l.mdd_limit = l.mrt_limit = l.gart_limit = GNI_JOB_INVALID_LIMIT;
	l.fma_limit = l.bte_limit = l.cq_limit = GNI_JOB_INVALID_LIMIT;
	l.ntt_ctrl = l.ntt_base = l.ntt_size = GNI_JOB_INVALID_LIMIT;
	gni_return_t rc = GNI_ConfigureNTTandJob(0, 0x7E58000ull, 97, 0x00970000u, &l, &d, &base);
	fx_offered(rc, "GNI_ConfigureNTTandJob");
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(base != 0xFFFFFFFFu, c);
	RT_EXPECT_EQ_INT(GNI_ConfigureNTTandJob(0, 0x7E58000ull, 97, 0x00970000u, &l, &d, NULL),
			GNI_RC_INVALID_PARAM, c);
	gni_ntt_descriptor_t clear = { 2, 0, NULL, 0 };
	RT_EXPECT_EQ_INT(GNI_ConfigureNTTandJob(0, 0x7E58000ull, 97, 0x00970000u, &l, &clear, &base),
			GNI_RC_INVALID_PARAM, c);
	/* the ptag taken by another job: as ConfigureJob, INVALID_STATE */
	RT_EXPECT_EQ_INT(GNI_ConfigureNTTandJob(0, 0x7E59000ull, 97, 0x00970000u, NULL, &d, &base),
			GNI_RC_INVALID_STATE, "UGNI-X-configure-ntt-and-job-state");
}
