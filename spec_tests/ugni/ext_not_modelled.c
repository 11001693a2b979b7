/*
 * ext_not_modelled.c: the vendor calls (extension tier) whose header
 * documents GNI_RC_INVALID_PARAM for an invalid handle or argument:
 * called with NULL, each must say so.  An implementation that does not
 * offer the call answers GNI_RC_ILLEGAL_OP instead, whatever the
 * arguments: the test is then UNSUPPORTED (lacks "ext:<call>"), never
 * FAIL.  Calls the reference does not model land here; an implementation
 * that offers them is checked all the same.
 */
#include "fixture.h"

static gni_return_t cdm_checkpoint(void) { return GNI_CdmCheckpoint(NULL); }
static gni_return_t cdm_resume(void) { return GNI_CdmResume(NULL); }
static gni_return_t rebuild(void)
{
	gni_mem_handle_t dst;
	return GNI_RebuildMemHndl(NULL, 0, &dst);
}
static gni_return_t msgq_init(void)
{
	gni_msgq_handle_t h;
	return GNI_MsgqInit(NULL, NULL, NULL, NULL, NULL, &h);
}
static gni_return_t msgq_release(void) { return GNI_MsgqRelease(NULL); }
static gni_return_t msgq_idle(void) { return GNI_MsgqIdle(NULL); }
static gni_return_t msgq_attrs(void)
{
	gni_msgq_ep_attr_t a;
	uint32_t n;
	return GNI_MsgqGetConnAttrs(NULL, 0, &a, &n);
}
static gni_return_t msgq_connect(void) { return GNI_MsgqConnect(NULL, 0, NULL); }
static gni_return_t msgq_conn_release(void) { return GNI_MsgqConnRelease(NULL, 0); }
static gni_return_t msgq_send(void)
{
	char h[8] = { 0 };
	return GNI_MsgqSend(NULL, NULL, h, sizeof h, NULL, 0, 1, 0);
}
static gni_return_t msgq_progress(void) { return GNI_MsgqProgress(NULL, 0); }
static gni_return_t msgq_size(void)
{
	uint32_t n;
	return GNI_MsgqSize(NULL, &n);
}
static gni_return_t ce_create(void)
{
	gni_ce_handle_t h;
	return GNI_CeCreate(NULL, &h);
}
static gni_return_t ce_get_id(void)
{
	uint32_t id;
	return GNI_CeGetId(NULL, &id);
}
static gni_return_t ep_set_ce_attr(void) { return GNI_EpSetCeAttr(NULL, 0, 0, GNI_CE_CHILD_PE); }
static gni_return_t ce_configure(void) { return GNI_CeConfigure(NULL, NULL, 0, NULL, NULL, 0); }
static gni_return_t ce_check_result(void) { return GNI_CeCheckResult(NULL, 0); }
static gni_return_t ce_destroy(void) { return GNI_CeDestroy(NULL); }
static gni_return_t get_bi_config(void) { return GNI_GetBIConfig(0, NULL); }
static gni_return_t get_nic_stat(void)
{
	uint32_t v;
	return GNI_GetNicStat(NULL, GNI_STAT_SMSG_REQ_STALL, &v);
}
static gni_return_t reset_nic_stat(void) { return GNI_ResetNicStat(NULL, GNI_STAT_SMSG_REQ_STALL); }

static const struct row {
	FX_ROW_HEAD;
	const char *call;
	gni_return_t (*fn)(void);
} rows[] = {
#define R(name, call, fn, clause) { "ugni." name ".args.null", clause, "", call, fn }
	R("cdm_checkpoint", "GNI_CdmCheckpoint", cdm_checkpoint, "UGNI-X-cdm-checkpoint-invalid-param"),
	R("cdm_resume", "GNI_CdmResume", cdm_resume, "UGNI-X-cdm-resume-invalid-param"),
	R("rebuild_mem_hndl", "GNI_RebuildMemHndl", rebuild, "UGNI-X-rebuild-mem-hndl-invalid-param"),
	R("msgq_init", "GNI_MsgqInit", msgq_init, "UGNI-X-msgq-invalid-param"),
	R("msgq_release", "GNI_MsgqRelease", msgq_release, "UGNI-X-msgq-invalid-param"),
	R("msgq_idle", "GNI_MsgqIdle", msgq_idle, "UGNI-X-msgq-invalid-param"),
	R("msgq_get_conn_attrs", "GNI_MsgqGetConnAttrs", msgq_attrs, "UGNI-X-msgq-invalid-param"),
	R("msgq_connect", "GNI_MsgqConnect", msgq_connect, "UGNI-X-msgq-invalid-param"),
	R("msgq_conn_release", "GNI_MsgqConnRelease", msgq_conn_release, "UGNI-X-msgq-invalid-param"),
	R("msgq_send", "GNI_MsgqSend", msgq_send, "UGNI-X-msgq-invalid-param"),
	R("msgq_progress", "GNI_MsgqProgress", msgq_progress, "UGNI-X-msgq-invalid-param"),
	R("msgq_size", "GNI_MsgqSize", msgq_size, "UGNI-X-msgq-invalid-param"),
	R("ce_create", "GNI_CeCreate", ce_create, "UGNI-X-ce-invalid-param"),
	R("ce_get_id", "GNI_CeGetId", ce_get_id, "UGNI-X-ce-invalid-param"),
	R("ep_set_ce_attr", "GNI_EpSetCeAttr", ep_set_ce_attr, "UGNI-X-ce-invalid-param"),
	R("ce_configure", "GNI_CeConfigure", ce_configure, "UGNI-X-ce-invalid-param"),
	R("ce_check_result", "GNI_CeCheckResult", ce_check_result, "UGNI-X-ce-invalid-param"),
	R("ce_destroy", "GNI_CeDestroy", ce_destroy, "UGNI-X-ce-invalid-param"),
	R("get_bi_config", "GNI_GetBIConfig", get_bi_config, "UGNI-X-get-bi-config-invalid-param"),
	R("get_nic_stat", "GNI_GetNicStat", get_nic_stat, "UGNI-X-nic-stat-invalid-param"),
	R("reset_nic_stat", "GNI_ResetNicStat", reset_nic_stat, "UGNI-X-nic-stat-invalid-param"),
#undef R
};

FX_TABLE(null_args, rows)
{
	const struct row *r = FX_THIS(rows);
	if (!r)
		return;
	gni_return_t rc = r->fn();
	fx_offered(rc, r->call);
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, r->clauses);
}

/* ---- robustness: the calls no public text describes ---------------------
 * Given NULL handles and pointers (or a device that does not exist), a
 * call must return an error, never GNI_RC_SUCCESS, and never crash. */
static gni_return_t ct_post_fma(void) { return GNI_CtPostFma(NULL, NULL); }
static gni_return_t ct_post_cq_write(void) { return GNI_CtPostCqWrite(NULL, NULL); }
static gni_return_t cdm_hold(void) { return GNI_CdmHold(0, 0, NULL); }
static gni_return_t cdm_release(void) { return GNI_CdmRelease(-1); }
static gni_return_t configure_job_fd(void)
{
	return GNI_ConfigureJobFd(0xFFFFu, 0, 0, 0, NULL, NULL);
}
static gni_return_t dq_init(void) { return GNI_DqueueInit(NULL, NULL, NULL, NULL); }
static gni_return_t dq_fini(void) { return GNI_DqueueFini(NULL); }
static gni_return_t dq_connect(void) { return GNI_DqueueConnect(NULL, NULL, 0); }
static gni_return_t dq_put(void) { return GNI_DqueuePut(NULL, NULL, 0, 0, 0); }
static gni_return_t dq_progress(void) { return GNI_DqueueProgress(NULL); }
static gni_return_t get_caps(void) { return GNI_GetCapabilities(NULL); }
static gni_return_t set_job_res(void)
{
	return GNI_SetJobResInfo(0xFFFFu, 0, GNI_JOB_RES_LAST, 0);
}
static gni_return_t set_orb(void) { return GNI_SetDeviceOrbMMR(NULL, 0, 0, NULL); }
static gni_return_t suspend_job(void) { return GNI_SuspendJob(0xFFFFu, 0, 0, 0, 0); }
static gni_return_t resume_job(void) { return GNI_ResumeJob(0xFFFFu, 0, 0, 0); }
static gni_return_t set_bi(void) { return GNI_SetBIConfig(0xFFFFu, 0, 0, 0); }
static gni_return_t bi_sync(void) { return GNI_BISyncWait(0xFFFFu, 0); }

static const struct row bad_rows[] = {
#define B(name, call, fn) { "ugni." name ".robust.null_refused", \
	"UGNI-X-undocumented-null-refused", "tier=robustness", call, fn }
	B("ct_post_fma", "GNI_CtPostFma", ct_post_fma),
	B("ct_post_cq_write", "GNI_CtPostCqWrite", ct_post_cq_write),
	B("cdm_hold", "GNI_CdmHold", cdm_hold),
	B("cdm_release", "GNI_CdmRelease", cdm_release),
	B("configure_job_fd", "GNI_ConfigureJobFd", configure_job_fd),
	B("dqueue_init", "GNI_DqueueInit", dq_init),
	B("dqueue_fini", "GNI_DqueueFini", dq_fini),
	B("dqueue_connect", "GNI_DqueueConnect", dq_connect),
	B("dqueue_put", "GNI_DqueuePut", dq_put),
	B("dqueue_progress", "GNI_DqueueProgress", dq_progress),
	B("get_capabilities", "GNI_GetCapabilities", get_caps),
	B("set_job_res_info", "GNI_SetJobResInfo", set_job_res),
	B("set_device_orb_mmr", "GNI_SetDeviceOrbMMR", set_orb),
	B("suspend_job", "GNI_SuspendJob", suspend_job),
	B("resume_job", "GNI_ResumeJob", resume_job),
	B("set_bi_config", "GNI_SetBIConfig", set_bi),
	B("bi_sync_wait", "GNI_BISyncWait", bi_sync),
#undef B
};

FX_TABLE(null_refused, bad_rows)
{
	const struct row *r = FX_THIS(bad_rows);
	if (!r)
		return;
	gni_return_t rc = r->fn();
	fx_offered(rc, r->call);
	RT_EXPECT_TRUE(rc != GNI_RC_SUCCESS, r->clauses);
}

/* ValidateCapabilities takes its records by value: two zeroed records
 * name no revision; the call must not report them compatible. */
RT_TEST_ATTRS(validate_caps, "ugni.validate_capabilities.robust.zero_records",
		"UGNI-X-undocumented-null-refused", "tier=robustness")
{
	gni_revision_info_t a, b;

	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	gni_return_t rc = GNI_ValidateCapabilities(a, b);
	if (rc == GNI_RC_ILLEGAL_OP)
		rt_lacks("ext:GNI_ValidateCapabilities", "answers GNI_RC_ILLEGAL_OP");
	RT_EXPECT_TRUE(rc != GNI_RC_SUCCESS, "UGNI-X-undocumented-null-refused");
}
