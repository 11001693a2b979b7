/*
 * job.c: 3.2.6 ConfigureNTT and 3.2.7 ConfigureJob, and the job limits of
 * 3.13.4 as CdmAttach, CqCreate, MemRegister and PostRdma meet them.
 *
 * Both calls are the launcher's (E-UGNI-009, E-UGNI-029).  Where a test
 * needs a caller the implementation treats as privileged for its job and
 * the call answers GNI_RC_PERMISSION_ERROR, the test is UNSUPPORTED:
 * lacks "privileged-job-configuration" (fx_not_privileged).
 * A job configured for a ptag cannot be removed, so every test uses
 * ptags of its own (JOB_PTAG + n), none of which the other tests use.
 */
#include <unistd.h>

#include "fixture.h"

#define JOB_PTAG   100
#define JOB_COOKIE 0x00a20000u
#define JOB_ID     0x4a000ull
#define NO_DEVICE  0xFFFFFFFFu
#define NTT_ENTRIES 8192	/* 3.2.6: entries of the NTT of one NIC */

static void no_limits(gni_job_limits_t *l)
{
	l->mdd_limit = l->mrt_limit = l->gart_limit = GNI_JOB_INVALID_LIMIT;
	l->fma_limit = l->bte_limit = l->cq_limit = GNI_JOB_INVALID_LIMIT;
	l->ntt_ctrl = l->ntt_base = l->ntt_size = GNI_JOB_INVALID_LIMIT;
}

/* ConfigureJob that must succeed: UNSUPPORTED when it is refused for
 * lack of privilege. */
static void job(uint8_t ptag, uint64_t job_id, uint32_t cookie,
		gni_job_limits_t *limits)
{
	gni_return_t rc = GNI_ConfigureJob(0, job_id, ptag, cookie, limits);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.7-success");
}

/* ConfigureNTT of n entries that must succeed; returns the base. */
static uint32_t ntt_alloc(uint32_t n, uint32_t *table)
{
	gni_ntt_descriptor_t d;
	uint32_t base = 0;

	memset(&d, 0, sizeof d);
	d.group_size = n;
	d.table = table;
	gni_return_t rc = GNI_ConfigureNTT(0, &d, &base);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.6-success");
	return base;
}

static gni_return_t ntt_reset(uint32_t base, uint32_t n)
{
	gni_ntt_descriptor_t d;

	memset(&d, 0, sizeof d);
	d.group_size = n;
	d.table = NULL;
	return GNI_ConfigureNTT(0, &d, &base);
}

static gni_return_t ntt_reset_all(void)
{
	return ntt_reset(0xFFFFFFFFu, 0xFFFFFFFFu);	/* -1, -1 (E-UGNI-025) */
}

/* The clause needs an unprivileged caller: as root, become nobody first
 * (this process only; UNSUPPORTED when that is refused). */
static void unprivileged(void)
{
	if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
		rt_unsupported("needs an unprivileged caller (root could not drop privileges)");
}

/* ---- 3.2.6 ConfigureNTT ------------------------------------------------ */

static uint32_t table4[4] = { 1, 2, 3, 4 };

RT_TEST(ntt_base, "ugni.configure_ntt.success.base_returned",
	"UGNI-3.2.6-success,UGNI-3.2.6-ntt-base-returned")
{
	const char *c = "UGNI-3.2.6-ntt-base-returned";
	uint32_t b1 = ntt_alloc(4, table4);
	uint32_t b2 = ntt_alloc(4, table4);

	RT_EXPECT_TRUE(b1 <= NTT_ENTRIES - 4 && b2 <= NTT_ENTRIES - 4, c);
	RT_EXPECT_TRUE(b1 + 4 <= b2 || b2 + 4 <= b1, c);	/* two allocations */
	/* the returned base names entries that exist: a job can take them */
	gni_job_limits_t l;
	no_limits(&l);
	l.ntt_base = (int32_t)b1;
	l.ntt_size = 4;
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 1, JOB_PTAG + 1, JOB_COOKIE, &l),
			GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(ntt_reset(b2, 4), GNI_RC_SUCCESS, "UGNI-3.2.6-null-table-resets-range");
}

RT_TEST(t_ntt_reset_range, "ugni.configure_ntt.reset.null_table_range",
	"UGNI-3.2.6-null-table-resets-range")
{
	uint32_t b = ntt_alloc(4, table4);
	RT_EXPECT_EQ_INT(ntt_reset(b, 4), GNI_RC_SUCCESS, "UGNI-3.2.6-null-table-resets-range");
}

RT_TEST(t_ntt_reset_all, "ugni.configure_ntt.reset.all_unused",
	"UGNI-3.2.6-reset-all-unused")
{
	(void)ntt_alloc(4, table4);
	gni_return_t rc = ntt_reset_all();
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.6-reset-all-unused");
}

static uint32_t whole[NTT_ENTRIES];

/* ConfigureNTT of n entries (table whole): its return code. */
static gni_return_t ntt_try(uint32_t n, uint32_t *base)
{
	gni_ntt_descriptor_t d;

	memset(&d, 0, sizeof d);
	d.group_size = n;
	d.table = whole;
	*base = 0;
	return GNI_ConfigureNTT(0, &d, base);
}

/* Two allocations of one entry each name two entries. */
RT_TEST(ntt_single, "ugni.configure_ntt.success.single_entries_distinct",
	"UGNI-3.2.6-ntt-base-returned")
{
	uint32_t b1 = ntt_alloc(1, table4);
	uint32_t b2 = ntt_alloc(1, table4);

	RT_EXPECT_TRUE(b1 != b2, "UGNI-3.2.6-ntt-base-returned");
	RT_EXPECT_TRUE(b1 < NTT_ENTRIES && b2 < NTT_ENTRIES, "UGNI-3.2.6-ntt-base-returned");
}

/* The whole table allocated, then the reset of all unused entries: every
 * entry can be allocated again (E-UGNI-181). */
RT_TEST(t_ntt_reset_all_frees, "ugni.configure_ntt.reset.all_unused_frees_every_entry",
	"UGNI-3.2.6-reset-all-unused")
{
	const char *c = "UGNI-3.2.6-reset-all-unused";
	uint32_t b;

	(void)ntt_alloc(NTT_ENTRIES, whole);
	gni_return_t rc = ntt_reset_all();
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(ntt_try(NTT_ENTRIES, &b), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(b, 0, c);
}

/* Entries a job uses are not reset by the reset of all unused entries:
 * they stay allocated (the whole table cannot be had) and the job can be
 * configured again with them. */
RT_TEST(t_ntt_reset_all_job, "ugni.configure_ntt.reset.all_unused_keeps_job_entries",
	"UGNI-3.2.6-reset-all-unused,UGNI-3.2.7-same-triplet-no-effect")
{
	const char *c = "UGNI-3.2.6-reset-all-unused";
	gni_job_limits_t l;
	uint32_t b = ntt_alloc(4, table4), all;

	no_limits(&l);
	l.ntt_base = (int32_t)b;
	l.ntt_size = 4;
	job(JOB_PTAG + 22, JOB_ID + 23, JOB_COOKIE, &l);
	RT_REQUIRE_EQ_INT(ntt_reset_all(), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(ntt_try(NTT_ENTRIES, &all), GNI_RC_ERROR_RESOURCE, c);
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 23, JOB_PTAG + 22, JOB_COOKIE, &l),
			GNI_RC_SUCCESS, "UGNI-3.2.7-same-triplet-no-effect");
}

/* A reset range of one entry inside a full table: that entry, and only
 * it, can be allocated again (E-UGNI-181). */
RT_TEST(t_ntt_reset_one, "ugni.configure_ntt.reset.null_table_one_entry_freed",
	"UGNI-3.2.6-null-table-resets-range")
{
	const char *c = "UGNI-3.2.6-null-table-resets-range";
	uint32_t b = ntt_alloc(NTT_ENTRIES, whole), again;

	RT_REQUIRE_EQ_INT(ntt_reset(b + 100, 1), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(ntt_try(1, &again), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(again, b + 100, c);
	RT_EXPECT_EQ_INT(ntt_try(1, &again), GNI_RC_ERROR_RESOURCE, c);
}

/* A job whose NTT entries all name this NIC, one of them then reset to 0:
 * an endpoint bound to that entry's index (an address that is not the
 * NIC's own) reaches no NIC, whether remote_addr is taken as an NTT index
 * or as a NIC address (E-UGNI-061). */
RT_TEST(t_ntt_reset_bind, "ugni.configure_ntt.reset.null_table_entry_names_no_nic",
	"UGNI-3.2.6-null-table-resets-range")
{
	const char *c = "UGNI-3.2.6-null-table-resets-range";
	uint32_t addr = 0, cpu = 0;
	gni_job_limits_t l;
	struct fx f;
	struct fx_bufs b;

	RT_REQUIRE_EQ_INT(GNI_CdmGetNicAddress(0, &addr, &cpu), GNI_RC_SUCCESS, "UGNI-3.2.3-success");
	if (addr == 0 || addr + 2 > 64)
		rt_unsupported("needs a NIC address from 1 to 62");
	uint32_t n = addr + 2, k = addr + 1;	/* k: neither 0 nor addr */
	for (uint32_t i = 0; i < n; i++)
		whole[i] = addr;
	uint32_t base = ntt_alloc(n, whole);
	no_limits(&l);
	l.ntt_base = (int32_t)base;
	l.ntt_size = (int32_t)n;
	job(JOB_PTAG + 26, JOB_ID + 27, JOB_COOKIE, &l);
	RT_REQUIRE_EQ_INT(ntt_reset(base + k, 1), GNI_RC_SUCCESS, c);
	memset(&f, 0, sizeof f);
	fx_domain(&f.a, 1, JOB_PTAG + 26, JOB_COOKIE, 0);
	fx_domain(&f.b, 2, JOB_PTAG + 26, JOB_COOKIE, 0);
	fx_cq(f.a.nic, FX_CQ_SIZE, GNI_CQ_NOBLOCK, &f.a.cq);
	fx_ep(&f.a, f.a.cq, k, f.b.inst, &f.a.ep);
	fx_bufs(&f, 64, &b);
	fx_pattern(b.l, 64, 67);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	gni_return_t rc = GNI_PostFma(f.a.ep, &d);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM);
	if (rc == GNI_RC_SUCCESS) {
		gni_cq_entry_t ev = 0;
		RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, c);
	}
	static const unsigned char zero64[64];
	RT_EXPECT_MEM_EQ(b.r, zero64, 64, c);
	fx_teardown(&f);
}

RT_TEST(ntt_null_desc, "ugni.configure_ntt.param.null_desc",
	"UGNI-3.2.6-rc-invalid-param-null-desc")
{
	uint32_t base = 0;
	gni_return_t rc = GNI_ConfigureNTT(0, NULL, &base);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-3.2.6-rc-invalid-param-null-desc");
}

RT_TEST(ntt_no_device, "ugni.configure_ntt.param.no_such_device",
	"UGNI-3.2.6-rc-no-match")
{
	gni_ntt_descriptor_t d;
	uint32_t base = 0;
	int ndev = 0;

	memset(&d, 0, sizeof d);
	d.group_size = 4;
	d.table = table4;
	gni_return_t rc = GNI_ConfigureNTT(NO_DEVICE, &d, &base);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_NO_MATCH, "UGNI-3.2.6-rc-no-match");
	RT_REQUIRE_EQ_INT(GNI_GetNumLocalDevices(&ndev), GNI_RC_SUCCESS, "UGNI-3.11.1-success");
	RT_EXPECT_EQ_INT(GNI_ConfigureNTT((uint32_t)ndev, &d, &base), GNI_RC_NO_MATCH,
			"UGNI-3.2.6-rc-no-match");
}

/* A group of more entries than the NTT has can never be set up
 * (E-UGNI-163: GNI_RC_INVALID_PARAM or GNI_RC_ERROR_RESOURCE). */
RT_TEST(ntt_oversize, "ugni.configure_ntt.resource.group_larger_than_ntt",
	"UGNI-3.2.6-rc-error-resource,UGNI-3.2.6-ntt-hardware-layout")
{
	const char *c = "UGNI-3.2.6-rc-error-resource";
	static uint32_t big[NTT_ENTRIES + 1];
	gni_ntt_descriptor_t d;
	uint32_t base = 0;

	memset(&d, 0, sizeof d);
	d.group_size = NTT_ENTRIES + 1;
	d.table = big;
	gni_return_t rc = GNI_ConfigureNTT(0, &d, &base);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE);
}

/* A reset range that does not lie within the 8192 entries names entries
 * that do not exist (E-UGNI-163): one that runs past the last entry, one
 * that starts beyond it, and one whose end wraps past 2^32 to a small
 * index. */
RT_TEST(ntt_reset_beyond, "ugni.configure_ntt.param.reset_range_beyond_table",
	"UGNI-3.2.6-rc-invalid-param-reset-range,UGNI-3.2.6-ntt-hardware-layout")
{
	const char *c = "UGNI-3.2.6-rc-invalid-param-reset-range";
	static const uint32_t cases[][2] = {	/* ntt_base, group_size */
		{ NTT_ENTRIES - 2, 4 }, { NTT_ENTRIES, 1 }, { 0xFFFFFFF0u, 32 } };

	for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		gni_return_t rc = ntt_reset(cases[i][0], cases[i][1]);
		if (rc == GNI_RC_PERMISSION_ERROR)
			fx_not_privileged();
		RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE);
	}
}

/* Groups of 1024 entries until the NTT is full: no more than its 8192
 * entries are ever handed out, and the refusal is a resource error. */
RT_TEST(ntt_full, "ugni.configure_ntt.resource.table_full", "UGNI-3.2.6-rc-error-resource")
{
	const char *c = "UGNI-3.2.6-rc-error-resource";
	static uint32_t big[1024];
	uint32_t bases[NTT_ENTRIES / 1024 + 1];
	gni_ntt_descriptor_t d;
	gni_return_t rc = GNI_RC_SUCCESS;
	int n = 0;

	memset(&d, 0, sizeof d);
	d.group_size = 1024;
	d.table = big;
	while (n <= NTT_ENTRIES / 1024) {
		uint32_t base = 0;
		rc = GNI_ConfigureNTT(0, &d, &base);
		if (rc != GNI_RC_SUCCESS)
			break;
		bases[n++] = base;
	}
	if (rc == GNI_RC_PERMISSION_ERROR && n == 0)
		fx_not_privileged();
	RT_EXPECT_TRUE(n <= NTT_ENTRIES / 1024, c);
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_RESOURCE, c);
	for (int i = 0; i < n; i++)
		ntt_reset(bases[i], 1024);
}

RT_TEST_ATTRS(ntt_nomem, "ugni.configure_ntt.fault.nomem", "UGNI-3.2.6-rc-error-nomem",
	"needs=faults")
{
	gni_ntt_descriptor_t d;
	uint32_t base = 0;

	memset(&d, 0, sizeof d);
	d.group_size = 4;
	d.table = table4;
	fx_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
	gni_return_t rc = GNI_ConfigureNTT(0, &d, &base);
	fx_control(RDMACTS_TC_RESET, 0);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_NOMEM, "UGNI-3.2.6-rc-error-nomem");
}

RT_TEST(ntt_unpriv, "ugni.configure_ntt.permission.unprivileged", "UGNI-3.2.6-rc-permission-error")
{
	gni_ntt_descriptor_t d;
	uint32_t base = 0;

	unprivileged();
	memset(&d, 0, sizeof d);
	d.group_size = 4;
	d.table = table4;
	RT_EXPECT_RC_IN(GNI_ConfigureNTT(0, &d, &base), "UGNI-3.2.6-rc-permission-error",
			GNI_RC_PERMISSION_ERROR, GNI_RC_SUCCESS);
}

/* ---- 3.2.7 ConfigureJob ------------------------------------------------- */

RT_TEST(job_ok, "ugni.configure_job.success.then_attach", "UGNI-3.2.7-success")
{
	struct fx_side s;
	job(JOB_PTAG + 2, JOB_ID + 2, JOB_COOKIE, NULL);
	fx_domain(&s, 1, JOB_PTAG + 2, JOB_COOKIE, 0);	/* 3.2.7: before CdmAttach */
	RT_EXPECT_TRUE(s.nic != NULL, "UGNI-3.2.7-success");
	GNI_CdmDestroy(s.cdm);
}

/* A repeated triplet without limits changes nothing: the limit set by the
 * first call still holds. */
RT_TEST(job_same, "ugni.configure_job.repeat.same_triplet_no_effect",
	"UGNI-3.2.7-same-triplet-no-effect")
{
	const char *c = "UGNI-3.2.7-same-triplet-no-effect";
	gni_job_limits_t l;
	struct fx_side s;
	gni_cq_handle_t cq1, cq2;

	no_limits(&l);
	l.cq_limit = 1;
	job(JOB_PTAG + 3, JOB_ID + 3, JOB_COOKIE, &l);
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 3, JOB_PTAG + 3, JOB_COOKIE, NULL),
			GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 3, JOB_PTAG + 3, JOB_COOKIE, NULL),
			GNI_RC_SUCCESS, c);
	fx_domain(&s, 1, JOB_PTAG + 3, JOB_COOKIE, 0);
	RT_EXPECT_EQ_INT(GNI_CqCreate(s.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq1),
			GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_CqCreate(s.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq2),
			GNI_RC_ERROR_RESOURCE, c);
	GNI_CdmDestroy(s.cdm);
}

RT_TEST(job_other_job, "ugni.configure_job.state.ptag_of_other_job",
	"UGNI-3.2.7-rc-invalid-state-ptag-other-job")
{
	job(JOB_PTAG + 4, JOB_ID + 4, JOB_COOKIE, NULL);
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 5, JOB_PTAG + 4, JOB_COOKIE, NULL),
			GNI_RC_INVALID_STATE, "UGNI-3.2.7-rc-invalid-state-ptag-other-job");
}

RT_TEST(job_other_cookie, "ugni.configure_job.state.ptag_with_other_cookie",
	"UGNI-3.2.7-rc-invalid-state-ptag-other-cookie")
{
	job(JOB_PTAG + 5, JOB_ID + 6, JOB_COOKIE, NULL);
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 6, JOB_PTAG + 5, JOB_COOKIE + 1, NULL),
			GNI_RC_INVALID_STATE, "UGNI-3.2.7-rc-invalid-state-ptag-other-cookie");
}

/* 3.13.4.2: GNI_JOB_CTRL_NTT_CLEANUP is the only flag of ntt_ctrl. */
RT_TEST(job_ntt_ctrl, "ugni.configure_job.param.ntt_ctrl_unknown_flag",
	"UGNI-3.2.7-rc-invalid-param-ntt-ctrl")
{
	const char *c = "UGNI-3.2.7-rc-invalid-param-ntt-ctrl";
	gni_job_limits_t l;

	no_limits(&l);
	l.ntt_ctrl = 0x100;
	gni_return_t rc = GNI_ConfigureJob(0, JOB_ID + 7, JOB_PTAG + 6, JOB_COOKIE, &l);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, c);
	l.ntt_ctrl = GNI_JOB_CTRL_NTT_CLEANUP | 0x100;
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 7, JOB_PTAG + 6, JOB_COOKIE, &l),
			GNI_RC_INVALID_PARAM, c);
	l.ntt_ctrl = GNI_JOB_CTRL_NTT_CLEANUP;
	rc = GNI_ConfigureJob(0, JOB_ID + 7, JOB_PTAG + 6, JOB_COOKIE, &l);
	if (rc == GNI_RC_PERMISSION_ERROR)	/* it checked the flags first */
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
}

RT_TEST(job_unpriv, "ugni.configure_job.permission.unprivileged",
	"UGNI-3.2.7-rc-permission-error-unprivileged")
{
	unprivileged();
	RT_EXPECT_RC_IN(GNI_ConfigureJob(0, JOB_ID + 8, JOB_PTAG + 7, JOB_COOKIE, NULL),
			"UGNI-3.2.7-rc-permission-error-unprivileged",
			GNI_RC_PERMISSION_ERROR, GNI_RC_SUCCESS);
}

/* NTT entries that ConfigureNTT did not allocate (E-UGNI-032). */
RT_TEST(job_no_ntt, "ugni.configure_job.ntt.entries_not_allocated",
	"UGNI-3.2.7-rc-permission-error-no-ntt")
{
	gni_job_limits_t l;
	gni_return_t rc = ntt_reset_all();
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.6-reset-all-unused");
	no_limits(&l);
	l.ntt_base = 0;
	l.ntt_size = 4;
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 9, JOB_PTAG + 8, JOB_COOKIE, &l),
			GNI_RC_PERMISSION_ERROR, "UGNI-3.2.7-rc-permission-error-no-ntt");
}

/* The same with a single entry (E-UGNI-032: either code). */
RT_TEST(job_no_ntt_one, "ugni.configure_job.ntt.single_entry_not_allocated",
	"UGNI-3.2.7-rc-permission-error-no-ntt")
{
	gni_job_limits_t l;
	gni_return_t rc = ntt_reset_all();
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.6-reset-all-unused");
	no_limits(&l);
	l.ntt_base = 0;
	l.ntt_size = 1;
	RT_EXPECT_RC_IN(GNI_ConfigureJob(0, JOB_ID + 24, JOB_PTAG + 23, JOB_COOKIE, &l),
			"UGNI-3.2.7-rc-permission-error-no-ntt",
			GNI_RC_PERMISSION_ERROR, GNI_RC_NO_MATCH);
}

RT_TEST(job_no_device, "ugni.configure_job.param.no_such_device", "UGNI-3.2.7-rc-no-match")
{
	int ndev = 0;
	gni_return_t rc = GNI_ConfigureJob(NO_DEVICE, JOB_ID + 10, JOB_PTAG + 9, JOB_COOKIE, NULL);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_NO_MATCH, "UGNI-3.2.7-rc-no-match");
	RT_REQUIRE_EQ_INT(GNI_GetNumLocalDevices(&ndev), GNI_RC_SUCCESS, "UGNI-3.11.1-success");
	RT_EXPECT_EQ_INT(GNI_ConfigureJob((uint32_t)ndev, JOB_ID + 10, JOB_PTAG + 9, JOB_COOKIE, NULL),
			GNI_RC_NO_MATCH, "UGNI-3.2.7-rc-no-match");
}

RT_TEST(job_resize, "ugni.configure_job.ntt.resize_refused", "UGNI-3.2.7-rc-illegal-op-resize-ntt")
{
	const char *c = "UGNI-3.2.7-rc-illegal-op-resize-ntt";
	static uint32_t t8[8];
	gni_job_limits_t l;
	uint32_t b = ntt_alloc(8, t8);

	no_limits(&l);
	l.ntt_base = (int32_t)b;
	l.ntt_size = 8;
	job(JOB_PTAG + 10, JOB_ID + 11, JOB_COOKIE, &l);
	l.ntt_size = 4;
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 11, JOB_PTAG + 10, JOB_COOKIE, &l),
			GNI_RC_ILLEGAL_OP, c);
	l.ntt_base = (int32_t)b + 4;
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 11, JOB_PTAG + 10, JOB_COOKIE, &l),
			GNI_RC_ILLEGAL_OP, c);
	l.ntt_size = 8;		/* the same size at another base moves the range */
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 11, JOB_PTAG + 10, JOB_COOKIE, &l),
			GNI_RC_ILLEGAL_OP, c);
}

/* A job entry per ptag until the driver's list is full: the refusal is a
 * resource error.  ptag is 8 bits, so 256 jobs with distinct ptags are
 * the most the API can ask for; a list that holds them all cannot be
 * exhausted and the test is UNSUPPORTED. */
RT_TEST(job_resource, "ugni.configure_job.resource.job_list_full", "UGNI-3.2.7-rc-error-resource")
{
	gni_return_t rc = GNI_RC_SUCCESS;
	int n = 0;

	for (n = 0; n < 256; n++) {
		rc = GNI_ConfigureJob(0, JOB_ID + 0x100 + (uint64_t)n, (uint8_t)n,
				JOB_COOKIE + 0x100 + (uint32_t)n, NULL);
		if (rc != GNI_RC_SUCCESS)
			break;
	}
	if (rc == GNI_RC_PERMISSION_ERROR && n == 0)
		fx_not_privileged();
	if (n == 256)
		rt_unsupported("a job for each of the 256 ptags was configured: nothing left to exhaust");
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_RESOURCE, "UGNI-3.2.7-rc-error-resource");
}

RT_TEST_ATTRS(job_nomem, "ugni.configure_job.fault.nomem", "UGNI-3.2.7-rc-error-nomem",
	"needs=faults")
{
	fx_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
	gni_return_t rc = GNI_ConfigureJob(0, JOB_ID + 12, JOB_PTAG + 11, JOB_COOKIE, NULL);
	fx_control(RDMACTS_TC_RESET, 0);
	if (rc == GNI_RC_PERMISSION_ERROR)
		fx_not_privileged();
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_NOMEM, "UGNI-3.2.7-rc-error-nomem");
}

/* ---- limits (3.2.7.2, 3.13.4.2) ----------------------------------------- */

static int cqs_until_refused(gni_nic_handle_t nic, int max, gni_return_t *last)
{
	gni_cq_handle_t cq;
	int n = 0;

	*last = GNI_RC_SUCCESS;
	while (n < max) {
		*last = GNI_CqCreate(nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
		if (*last != GNI_RC_SUCCESS)
			break;
		n++;
	}
	return n;
}

/* A limits structure of GNI_JOB_INVALID_LIMIT only changes nothing: the
 * cq_limit of the first call still holds. */
RT_TEST(lim_invalid, "ugni.configure_job.limits.all_invalid_changes_nothing",
	"UGNI-3.2.7-limits-invalid-limit-ignored")
{
	const char *c = "UGNI-3.2.7-limits-invalid-limit-ignored";
	gni_job_limits_t l;
	struct fx_side s;
	gni_return_t last;

	no_limits(&l);
	l.cq_limit = 2;
	job(JOB_PTAG + 12, JOB_ID + 13, JOB_COOKIE, &l);
	no_limits(&l);
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 13, JOB_PTAG + 12, JOB_COOKIE, &l),
			GNI_RC_SUCCESS, c);
	fx_domain(&s, 1, JOB_PTAG + 12, JOB_COOKIE, 0);
	RT_EXPECT_EQ_INT(cqs_until_refused(s.nic, 8, &last), 2, c);
	RT_EXPECT_EQ_INT(last, GNI_RC_ERROR_RESOURCE, c);
	GNI_CdmDestroy(s.cdm);
}

RT_TEST(lim_cq, "ugni.configure_job.limits.cq_limit", "UGNI-3.2.7-limit-cq-limit")
{
	const char *c = "UGNI-3.2.7-limit-cq-limit";
	gni_job_limits_t l;
	struct fx_side s;
	gni_return_t last;

	gni_cq_handle_t one;

	no_limits(&l);
	l.cq_limit = 3;
	job(JOB_PTAG + 13, JOB_ID + 14, JOB_COOKIE, &l);
	fx_domain(&s, 1, JOB_PTAG + 13, JOB_COOKIE, 0);
	fx_cq(s.nic, 8, GNI_CQ_NOBLOCK, &one);
	RT_EXPECT_EQ_INT(cqs_until_refused(s.nic, 8, &last), 2, c);
	RT_EXPECT_EQ_INT(last, GNI_RC_ERROR_RESOURCE, c);
	/* the limit counts CQs held: one destroyed makes room */
	RT_EXPECT_EQ_INT(GNI_CqDestroy(one), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	RT_EXPECT_EQ_INT(GNI_CqCreate(s.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &one),
			GNI_RC_SUCCESS, c);
	GNI_CdmDestroy(s.cdm);
}

/* A job's cq_limit of 0 holds when the test-control interface sets a
 * looser limit of its own: that knob caps ("at most value"), it never
 * lifts the job's limit. */
RT_TEST_ATTRS(lim_cq_knob, "ugni.configure_job.limits.cq_limit_zero_under_looser_knob",
	"UGNI-3.2.7-limit-cq-limit", "needs=faults")
{
	const char *c = "UGNI-3.2.7-limit-cq-limit";
	gni_job_limits_t l;
	struct fx_side s;
	gni_cq_handle_t cq;

	no_limits(&l);
	l.cq_limit = 0;
	job(JOB_PTAG + 25, JOB_ID + 26, JOB_COOKIE, &l);
	fx_domain(&s, 1, JOB_PTAG + 25, JOB_COOKIE, 0);
	fx_control(RDMACTS_TC_LIMIT_CQ, 4);
	gni_return_t rc = GNI_CqCreate(s.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_RESOURCE, c);
	GNI_CdmDestroy(s.cdm);
}

RT_TEST(lim_overwrite, "ugni.configure_job.limits.overwrite", "UGNI-3.2.7-limits-overwrite")
{
	const char *c = "UGNI-3.2.7-limits-overwrite";
	gni_job_limits_t l;
	struct fx_side s;
	gni_return_t last;

	no_limits(&l);
	l.cq_limit = 1;
	job(JOB_PTAG + 14, JOB_ID + 15, JOB_COOKIE, &l);
	l.cq_limit = 3;
	RT_EXPECT_EQ_INT(GNI_ConfigureJob(0, JOB_ID + 15, JOB_PTAG + 14, JOB_COOKIE, &l),
			GNI_RC_SUCCESS, c);
	fx_domain(&s, 1, JOB_PTAG + 14, JOB_COOKIE, 0);
	RT_EXPECT_EQ_INT(cqs_until_refused(s.nic, 8, &last), 3, c);
	RT_EXPECT_EQ_INT(last, GNI_RC_ERROR_RESOURCE, c);
	GNI_CdmDestroy(s.cdm);
}

RT_TEST(lim_mdd, "ugni.configure_job.limits.mdd_limit", "UGNI-3.2.7-limit-mdd-limit")
{
	const char *c = "UGNI-3.2.7-limit-mdd-limit";
	gni_job_limits_t l;
	struct fx_side s;
	gni_mem_handle_t mh[4];
	unsigned char *buf = fx_mem(4096);

	no_limits(&l);
	l.mdd_limit = 2;
	job(JOB_PTAG + 15, JOB_ID + 16, JOB_COOKIE, &l);
	fx_domain(&s, 1, JOB_PTAG + 15, JOB_COOKIE, 0);
	for (int i = 0; i < 2; i++)
		RT_EXPECT_EQ_INT(GNI_MemRegister(s.nic, U64(buf + 64 * i), 64, NULL,
				GNI_MEM_READWRITE, (uint32_t)-1, &mh[i]), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_MemRegister(s.nic, U64(buf + 128), 64, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &mh[2]), GNI_RC_ERROR_RESOURCE, c);
	/* the limit counts registrations held: one given back makes room */
	RT_EXPECT_EQ_INT(GNI_MemDeregister(s.nic, &mh[0]), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	RT_EXPECT_EQ_INT(GNI_MemRegister(s.nic, U64(buf + 128), 64, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &mh[2]), GNI_RC_SUCCESS, c);
	GNI_CdmDestroy(s.cdm);
	fx_teardown(&(struct fx){ 0 });
}

/* Each attached domain holds an FMA descriptor (3.2.4.3). */
RT_TEST(lim_fma, "ugni.configure_job.limits.fma_limit", "UGNI-3.2.7-limit-fma-limit")
{
	const char *c = "UGNI-3.2.7-limit-fma-limit";
	gni_job_limits_t l;
	struct fx_side s1, s2;
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	uint32_t addr;

	no_limits(&l);
	l.fma_limit = 2;
	job(JOB_PTAG + 16, JOB_ID + 17, JOB_COOKIE, &l);
	fx_domain(&s1, 1, JOB_PTAG + 16, JOB_COOKIE, 0);
	fx_domain(&s2, 2, JOB_PTAG + 16, JOB_COOKIE, 0);
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(3, JOB_PTAG + 16, JOB_COOKIE, 0, &cdm), GNI_RC_SUCCESS,
			"UGNI-3.2.1-success");
	RT_EXPECT_EQ_INT(GNI_CdmAttach(cdm, 0, &addr, &nic), GNI_RC_ERROR_RESOURCE, c);
	GNI_CdmDestroy(cdm);
	GNI_CdmDestroy(s2.cdm);
	GNI_CdmDestroy(s1.cdm);
}

/* The limit counts domains attached: CdmDestroy gives the FMA descriptor
 * back (it removes what CdmAttach set up), and another domain of the
 * ptag can attach. */
RT_TEST(lim_fma_freed, "ugni.configure_job.limits.fma_limit_freed_by_destroy",
	"UGNI-3.2.7-limit-fma-limit,UGNI-3.2.2-removes-association")
{
	const char *c = "UGNI-3.2.7-limit-fma-limit";
	gni_job_limits_t l;
	struct fx_side s1, s3;
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	uint32_t addr;

	no_limits(&l);
	l.fma_limit = 1;
	job(JOB_PTAG + 20, JOB_ID + 21, JOB_COOKIE, &l);
	fx_domain(&s1, 1, JOB_PTAG + 20, JOB_COOKIE, 0);
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(2, JOB_PTAG + 20, JOB_COOKIE, 0, &cdm), GNI_RC_SUCCESS,
			"UGNI-3.2.1-success");
	RT_EXPECT_EQ_INT(GNI_CdmAttach(cdm, 0, &addr, &nic), GNI_RC_ERROR_RESOURCE, c);
	GNI_CdmDestroy(cdm);
	RT_EXPECT_EQ_INT(GNI_CdmDestroy(s1.cdm), GNI_RC_SUCCESS, "UGNI-3.2.2-success-attached");
	fx_domain(&s3, 3, JOB_PTAG + 20, JOB_COOKIE, 0);	/* REQUIREs the attach */
	GNI_CdmDestroy(s3.cdm);
}

/* A registration still held when its domain is destroyed: on the reading
 * where CdmDestroy succeeds, the objects are released (E-UGNI-018), so
 * the ptag's mdd_limit no longer counts it. */
RT_TEST(lim_mdd_destroy, "ugni.configure_job.limits.mdd_limit_freed_by_cdm_destroy",
	"UGNI-3.2.7-limit-mdd-limit,UGNI-3.2.2-destroy-with-live-objects")
{
	const char *c = "UGNI-3.2.7-limit-mdd-limit";
	gni_job_limits_t l;
	struct fx_side s1, s2;
	gni_mem_handle_t mh, mh2;
	unsigned char *buf = fx_mem(4096);

	no_limits(&l);
	l.mdd_limit = 1;
	job(JOB_PTAG + 21, JOB_ID + 22, JOB_COOKIE, &l);
	fx_domain(&s1, 1, JOB_PTAG + 21, JOB_COOKIE, 0);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(s1.nic, U64(buf), 64, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &mh), GNI_RC_SUCCESS, c);
	gni_return_t rc = GNI_CdmDestroy(s1.cdm);
	RT_EXPECT_RC_IN(rc, "UGNI-3.2.2-destroy-with-live-objects", GNI_RC_SUCCESS,
			GNI_RC_INVALID_STATE, GNI_RC_ERROR_RESOURCE);
	if (rc != GNI_RC_SUCCESS) {	/* refused: the registration is still held */
		GNI_MemDeregister(s1.nic, &mh);
		GNI_CdmDestroy(s1.cdm);
		fx_teardown(&(struct fx){ 0 });
		return;
	}
	fx_domain(&s2, 2, JOB_PTAG + 21, JOB_COOKIE, 0);
	RT_EXPECT_EQ_INT(GNI_MemRegister(s2.nic, U64(buf + 64), 64, NULL, GNI_MEM_READWRITE,
			(uint32_t)-1, &mh2), GNI_RC_SUCCESS, c);
	GNI_CdmDestroy(s2.cdm);
	fx_teardown(&(struct fx){ 0 });
}

/* Two domains of the job's ptag, side a with a CQ and an endpoint bound
 * to side b, side b with a receive CQ. */
static void job_pair(struct fx *f, uint8_t ptag)
{
	memset(f, 0, sizeof *f);
	fx_domain(&f->a, 1, ptag, JOB_COOKIE, 0);
	fx_domain(&f->b, 2, ptag, JOB_COOKIE, 0);
	fx_cq(f->a.nic, FX_CQ_SIZE, GNI_CQ_NOBLOCK, &f->a.cq);
	fx_cq(f->b.nic, FX_CQ_SIZE, GNI_CQ_NOBLOCK, &f->b.rcq);
	fx_ep(&f->a, f->a.cq, f->b.addr, f->b.inst, &f->a.ep);
}

/* bte_limit 0: no BTE descriptor for the ptag, so the first PostRdma is
 * already over the limit (an outstanding transfer cannot be held on
 * demand); FMA, which the limit does not cover, still works. */
RT_TEST(lim_bte, "ugni.configure_job.limits.bte_limit", "UGNI-3.2.7-limit-bte-limit")
{
	const char *c = "UGNI-3.2.7-limit-bte-limit";
	gni_job_limits_t l;
	struct fx f;
	struct fx_bufs b;

	no_limits(&l);
	l.bte_limit = 0;
	job(JOB_PTAG + 17, JOB_ID + 18, JOB_COOKIE, &l);
	job_pair(&f, JOB_PTAG + 17);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_ERROR_RESOURCE, c);
	gni_post_descriptor_t e = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &e), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &e, c);
	fx_teardown(&f);
}

/* bte_limit counts outstanding transfers: with bte_limit 1, a PostRdma
 * whose completion was reported leaves room for the next one. */
RT_TEST(lim_bte_done, "ugni.configure_job.limits.bte_limit_completed_frees",
	"UGNI-3.2.7-limit-bte-limit")
{
	const char *c = "UGNI-3.2.7-limit-bte-limit";
	gni_job_limits_t l;
	struct fx f;
	struct fx_bufs b;

	no_limits(&l);
	l.bte_limit = 1;
	job(JOB_PTAG + 24, JOB_ID + 25, JOB_COOKIE, &l);
	job_pair(&f, JOB_PTAG + 24);
	fx_bufs(&f, 64, &b);
	for (int i = 0; i < 3; i++) {
		gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
				b.l, b.lmh, b.r, b.rmh, 64);
		RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
		fx_complete(f.a.cq, &d, c);
	}
	fx_teardown(&f);
}

/* A transfer whose endpoint is destroyed before its completion was
 * reported is no longer outstanding: with bte_limit 1, a PostRdma held
 * back by the adversarial schedule, then EpDestroy, leaves room for a
 * PostRdma on a new endpoint. */
RT_TEST_ATTRS(lim_bte_ep_gone, "ugni.configure_job.limits.bte_limit_destroyed_ep_frees",
	"UGNI-3.2.7-limit-bte-limit", "needs=schedule")
{
	const char *c = "UGNI-3.2.7-limit-bte-limit";
	gni_job_limits_t l;
	struct fx f;
	struct fx_bufs b;
	gni_ep_handle_t ep;

	no_limits(&l);
	l.bte_limit = 1;
	job(JOB_PTAG + 26, JOB_ID + 27, JOB_COOKIE, &l);
	fx_control(RDMACTS_TC_SCHEDULE_SEED, 5);
	job_pair(&f, JOB_PTAG + 26);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_EpDestroy(f.a.ep), GNI_RC_SUCCESS, "UGNI-3.5.5-success");
	f.a.ep = NULL;
	fx_ep(&f.a, f.a.cq, f.b.addr, f.b.inst, &ep);
	gni_post_descriptor_t d2 = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostRdma(ep, &d2), GNI_RC_SUCCESS, c);
	GNI_EpDestroy(ep);
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

/* ---- 3.2.4 CdmAttach against a configured job -------------------------- */

RT_TEST(attach_cookie, "ugni.cdm_attach.permission.ptag_of_job_with_other_cookie",
	"UGNI-3.2.4-rc-permission-error")
{
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	uint32_t addr;

	job(JOB_PTAG + 18, JOB_ID + 19, JOB_COOKIE, NULL);
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(1, JOB_PTAG + 18, JOB_COOKIE + 1, 0, &cdm),
			GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	RT_EXPECT_EQ_INT(GNI_CdmAttach(cdm, 0, &addr, &nic), GNI_RC_PERMISSION_ERROR,
			"UGNI-3.2.4-rc-permission-error");
	GNI_CdmDestroy(cdm);
}
