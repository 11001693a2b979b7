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
	char lacks[64];

	if (!r)
		return;
	gni_return_t rc = r->fn();
	if (rc == GNI_RC_ILLEGAL_OP) {
		snprintf(lacks, sizeof lacks, "ext:%s", r->call);
		rt_lacks(lacks, "answers GNI_RC_ILLEGAL_OP");
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, r->clauses);
}
