/*
 * faults.c: the resource and memory failures chapter 3 documents, provoked
 * through the test-control interface (needs=faults; UNSUPPORTED without
 * it): the allocation-failure injection (GNI_RC_ERROR_NOMEM) and the
 * resource limits (GNI_RC_ERROR_RESOURCE).  Each row sets one knob right
 * before the call under test and resets it after.  One test meets a real
 * shortage instead: an address space limited with setrlimit.
 */
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>
#include "fixture.h"

static struct fx f;
static unsigned char in[64], out[GNI_DATAGRAM_MAXSIZE];

/* Each action runs the call under test on the scene of fx_setup. */
static gni_return_t a_cdm_create(void)
{
	gni_cdm_handle_t c = NULL;
	gni_return_t rc = GNI_CdmCreate(7, FX_PTAG, FX_COOKIE, 0, &c);
	if (rc == GNI_RC_SUCCESS)
		GNI_CdmDestroy(c);
	return rc;
}

static gni_return_t a_cdm_attach(void)
{
	gni_cdm_handle_t c; gni_nic_handle_t n; uint32_t addr;
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(7, FX_PTAG, FX_COOKIE, 0, &c), GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	fx_control(RDMACTS_TC_RESET, 0);	/* re-armed by the row below */
	return GNI_CdmAttach(c, 0, &addr, &n);
}

static gni_return_t a_cq_create(void)
{
	gni_cq_handle_t cq;
	return GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
}

static gni_return_t a_mem_register(void)
{
	gni_mem_handle_t mh;
	return GNI_MemRegister(f.a.nic, U64(in), sizeof in, NULL, 0, (uint32_t)-1, &mh);
}

static gni_return_t a_mem_register_segments(void)
{
	gni_mem_handle_t mh;
	gni_mem_segment_t s[2] = { { U64(in), 32 }, { U64(out), 32 } };
	return GNI_MemRegisterSegments(f.a.nic, s, 2, NULL, 0, (uint32_t)-1, &mh);
}

static gni_return_t a_set_mdd(void) { return GNI_SetMddResources(f.a.nic, 8); }

static gni_return_t a_ep_create(void)
{
	gni_ep_handle_t ep;
	return GNI_EpCreate(f.a.nic, f.a.cq, &ep);
}

static gni_ep_handle_t fresh;
static gni_return_t a_ep_bind(void) { return GNI_EpBind(fresh, f.b.addr, f.b.inst); }

static gni_return_t a_post_data(void) { return GNI_EpPostData(f.a.ep, in, 8, out, sizeof out); }
static gni_return_t a_post_data_wid(void) { return GNI_EpPostDataWId(f.a.ep, in, 8, out, sizeof out, 3); }

/* Test/Wait with a completed exchange waiting to be reported. */
static gni_post_state_t st; static uint32_t ra, rid;
static gni_return_t a_test(void) { return GNI_EpPostDataTest(f.a.ep, &st, &ra, &rid); }
static gni_return_t a_test_id(void) { return GNI_EpPostDataTestById(f.a.ep, 3, &st, &ra, &rid); }
static gni_return_t a_wait(void) { return GNI_EpPostDataWait(f.a.ep, 1000, &st, &ra, &rid); }
static gni_return_t a_wait_id(void) { return GNI_EpPostDataWaitById(f.a.ep, 3, 1000, &st, &ra, &rid); }

static gni_smsg_attr_t sa, sb;
static gni_return_t a_smsg_init(void) { return GNI_SmsgInit(f.a.ep, &sa, &sb); }
static gni_return_t a_smsg_send(void) { return GNI_SmsgSend(f.a.ep, in, 8, NULL, 0, 1); }
static gni_return_t a_smsg_send_tag(void) { return GNI_SmsgSendWTag(f.a.ep, in, 8, NULL, 0, 1, 4); }

static struct fx_bufs bufs;
static gni_post_descriptor_t d;
static gni_return_t a_post_rdma(void)
{
	d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT, bufs.l, bufs.lmh, bufs.r, bufs.rmh, 64);
	return GNI_PostRdma(f.a.ep, &d);
}
static gni_return_t a_post_fma(void)
{
	d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, bufs.l, bufs.lmh, bufs.r, bufs.rmh, 64);
	return GNI_PostFma(f.a.ep, &d);
}
static gni_return_t a_post_cqwrite(void)
{
	d = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_SILENT, NULL, bufs.rmh, NULL, bufs.rmh, 0);
	d.cqwrite_value = 1;
	return GNI_PostCqWrite(f.a.ep, &d);
}
static gni_return_t a_subscribe(void)
{
	gni_err_handle_t h;
	return GNI_SubscribeErrors(f.a.nic, 0, 0xFF, 16, &h);
}

enum prep { NONE, UNBOUND_EP, DGRAM_DONE, DGRAM_DONE_ID, SMSG_ATTRS, SMSG_READY, BUFS };

static const struct fault_row {
	FX_ROW_HEAD;
	gni_return_t (*act)(void);
	enum prep prep;
	int knob;
	uint64_t value;
	gni_return_t want;
} rows[] = {
#define NOMEM RDMACTS_TC_FAIL_NTH_ALLOCATION, 1, GNI_RC_ERROR_NOMEM
	{ "ugni.cdm_create.fault.nomem", "UGNI-3.2.1-rc-error-nomem", "needs=faults", a_cdm_create, NONE, NOMEM },
	{ "ugni.cdm_attach.fault.nomem", "UGNI-3.2.4-rc-error-nomem", "needs=faults", a_cdm_attach, NONE, NOMEM },
	{ "ugni.cq_create.fault.nomem", "UGNI-3.3.1-rc-error-nomem", "needs=faults", a_cq_create, NONE, NOMEM },
	{ "ugni.mem_register.fault.nomem", "UGNI-3.4.2-rc-error-nomem", "needs=faults", a_mem_register, NONE, NOMEM },
	{ "ugni.mem_register_segments.fault.nomem", "UGNI-3.4.3-rc-error-nomem", "needs=faults", a_mem_register_segments, NONE, NOMEM },
	{ "ugni.set_mdd_resources.fault.nomem", "UGNI-3.4.4-rc-error-nomem", "needs=faults", a_set_mdd, NONE, NOMEM },
	{ "ugni.ep_create.fault.nomem", "UGNI-3.5.1-rc-error-nomem", "needs=faults", a_ep_create, NONE, NOMEM },
	{ "ugni.ep_bind.fault.nomem", "UGNI-3.5.3-rc-error-nomem", "needs=faults", a_ep_bind, UNBOUND_EP, NOMEM },
	{ "ugni.ep_post_data.fault.nomem", "UGNI-3.5.6-rc-error-nomem", "needs=faults", a_post_data, NONE, NOMEM },
	{ "ugni.ep_post_data_w_id.fault.nomem", "UGNI-3.5.7-rc-error-nomem", "needs=faults", a_post_data_wid, NONE, NOMEM },
	{ "ugni.ep_post_data_test.fault.nomem", "UGNI-3.5.8-rc-error-nomem", "needs=faults", a_test, DGRAM_DONE, NOMEM },
	{ "ugni.ep_post_data_test_by_id.fault.nomem", "UGNI-3.5.9-rc-error-nomem", "needs=faults", a_test_id, DGRAM_DONE_ID, NOMEM },
	{ "ugni.ep_post_data_wait.fault.nomem", "UGNI-3.5.10-rc-error-nomem", "needs=faults", a_wait, DGRAM_DONE, NOMEM },
	{ "ugni.ep_post_data_wait_by_id.fault.nomem", "UGNI-3.5.11-rc-error-nomem", "needs=faults", a_wait_id, DGRAM_DONE_ID, NOMEM },
	{ "ugni.smsg_init.fault.nomem", "UGNI-3.7.1-rc-error-nomem", "needs=faults", a_smsg_init, SMSG_ATTRS, NOMEM },
	{ "ugni.post_rdma.fault.nomem", "UGNI-3.8.1-rc-error-nomem", "needs=faults", a_post_rdma, BUFS, NOMEM },
	{ "ugni.subscribe_errors.fault.nomem", "UGNI-3.10.1-rc-error-nomem", "needs=faults", a_subscribe, NONE, NOMEM },
	{ "ugni.smsg_send.fault.allocation_failure", "UGNI-3.7.2-rc-error-resource", "needs=faults", a_smsg_send, SMSG_READY,
	  RDMACTS_TC_FAIL_NTH_ALLOCATION, 1, GNI_RC_ERROR_RESOURCE },
	{ "ugni.smsg_send_w_tag.fault.allocation_failure", "UGNI-3.7.3-rc-error-resource", "needs=faults", a_smsg_send_tag, SMSG_READY,
	  RDMACTS_TC_FAIL_NTH_ALLOCATION, 1, GNI_RC_ERROR_RESOURCE },
#undef NOMEM
	{ "ugni.cdm_attach.fault.fma_limit", "UGNI-3.2.4-rc-error-resource", "needs=faults", a_cdm_attach, NONE,
	  RDMACTS_TC_LIMIT_FMA, 0, GNI_RC_ERROR_RESOURCE },
	{ "ugni.cq_create.fault.cq_limit", "UGNI-3.3.1-rc-error-resource", "needs=faults", a_cq_create, NONE,
	  RDMACTS_TC_LIMIT_CQ, 0, GNI_RC_ERROR_RESOURCE },
	{ "ugni.mem_register.fault.mdd_limit", "UGNI-3.4.2-rc-error-resource", "needs=faults", a_mem_register, NONE,
	  RDMACTS_TC_LIMIT_MDD, 0, GNI_RC_ERROR_RESOURCE },
	{ "ugni.mem_register_segments.fault.mdd_limit", "UGNI-3.4.3-rc-error-resource", "needs=faults", a_mem_register_segments, NONE,
	  RDMACTS_TC_LIMIT_MDD, 0, GNI_RC_ERROR_RESOURCE },
	{ "ugni.post_rdma.fault.bte_limit", "UGNI-3.8.1-rc-error-resource", "needs=faults", a_post_rdma, BUFS,
	  RDMACTS_TC_LIMIT_BTE, 0, GNI_RC_ERROR_RESOURCE },
	{ "ugni.post_fma.fault.fma_limit", "UGNI-3.6.1-rc-error-resource", "needs=faults", a_post_fma, BUFS,
	  RDMACTS_TC_LIMIT_FMA, 0, GNI_RC_ERROR_RESOURCE },
	{ "ugni.post_cq_write.fault.fma_limit", "UGNI-3.9.6-rc-error-resource", "needs=faults", a_post_cqwrite, BUFS,
	  RDMACTS_TC_LIMIT_FMA, 0, GNI_RC_ERROR_RESOURCE },
};

static void prepare(enum prep p)
{
	void *ma, *mb;
	switch (p) {
	case NONE:
		break;
	case UNBOUND_EP:
		RT_REQUIRE_EQ_INT(GNI_EpCreate(f.a.nic, f.a.cq, &fresh), GNI_RC_SUCCESS, "UGNI-3.5.1-success");
		break;
	case DGRAM_DONE:
	case DGRAM_DONE_ID:
		if (p == DGRAM_DONE)
			RT_REQUIRE_EQ_INT(GNI_EpPostData(f.a.ep, in, 8, out, sizeof out), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
		else
			RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.a.ep, in, 8, out, sizeof out, 3), GNI_RC_SUCCESS, "UGNI-3.5.7-success-queued");
		RT_REQUIRE_EQ_INT(GNI_EpPostData(f.b.ep, in, 8, out, sizeof out), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
		break;
	case SMSG_ATTRS:
	case SMSG_READY:
		fx_smsg_attr(&f.a, GNI_SMSG_TYPE_MBOX, 64, 4, f.a.rcq, &sa, &ma);
		fx_smsg_attr(&f.b, GNI_SMSG_TYPE_MBOX, 64, 4, f.b.rcq, &sb, &mb);
		if (p == SMSG_READY) {
			RT_REQUIRE_EQ_INT(GNI_SmsgInit(f.a.ep, &sa, &sb), GNI_RC_SUCCESS, "UGNI-3.7.1-success");
			RT_REQUIRE_EQ_INT(GNI_SmsgInit(f.b.ep, &sb, &sa), GNI_RC_SUCCESS, "UGNI-3.7.1-success");
		}
		break;
	case BUFS:
		fx_bufs(&f, 64, &bufs);
		break;
	}
}

FX_TABLE(fault_row, rows)
{
	const struct fault_row *r = FX_THIS(rows);
	if (!fx_control_present())
		rt_unsupported("libugni offers no test control (" RDMACTS_TEST_CONTROL_UGNI_SYMBOL ")");
	fx_setup(&f, 0);
	prepare(r->prep);
	if (r->act == a_cdm_attach) {
		/* the knob goes between CdmCreate and CdmAttach */
		gni_cdm_handle_t c; gni_nic_handle_t n; uint32_t addr;
		RT_REQUIRE_EQ_INT(GNI_CdmCreate(7, FX_PTAG, FX_COOKIE, 0, &c), GNI_RC_SUCCESS, "UGNI-3.2.1-success");
		fx_control(r->knob, r->value);
		gni_return_t rc = GNI_CdmAttach(c, 0, &addr, &n);
		fx_control(RDMACTS_TC_RESET, 0);
		RT_EXPECT_EQ_INT(rc, r->want, r->clauses);
		GNI_CdmDestroy(c);
	} else {
		fx_control(r->knob, r->value);
		gni_return_t rc = r->act();
		fx_control(RDMACTS_TC_RESET, 0);
		RT_EXPECT_EQ_INT(rc, r->want, r->clauses);
	}
	fx_teardown(&f);
}

/* A knob acts "from the call on" (rdmacts_test_control.h), also when it
 * is the process's first call into the library: nothing of uGNI has run
 * yet, and the first CdmCreate already meets the failure. */
RT_TEST_ATTRS(nomem_first, "ugni.cdm_create.fault.nomem_knob_before_any_call",
	"UGNI-3.2.1-rc-error-nomem", "needs=faults")
{
	gni_cdm_handle_t c = NULL;
	fx_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
	gni_return_t rc = GNI_CdmCreate(7, FX_PTAG, FX_COOKIE, 0, &c);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_NOMEM, "UGNI-3.2.1-rc-error-nomem");
	if (rc == GNI_RC_SUCCESS)
		GNI_CdmDestroy(c);
}

/* Insufficient memory fails the call that meets it, not the ones after:
 * the knob fails the first allocation from now only, so the next
 * CdmCreate, made with the knob still set, succeeds. */
RT_TEST_ATTRS(nomem_once, "ugni.cdm_create.fault.nomem_then_success",
	"UGNI-3.2.1-rc-error-nomem", "needs=faults")
{
	gni_cdm_handle_t c = NULL, d = NULL;
	fx_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
	gni_return_t rc = GNI_CdmCreate(7, FX_PTAG, FX_COOKIE, 0, &c);
	gni_return_t again = GNI_CdmCreate(8, FX_PTAG, FX_COOKIE, 0, &d);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_NOMEM, "UGNI-3.2.1-rc-error-nomem");
	RT_EXPECT_EQ_INT(again, GNI_RC_SUCCESS, "UGNI-3.2.1-rc-error-nomem");
	if (rc == GNI_RC_SUCCESS)
		GNI_CdmDestroy(c);
	if (again == GNI_RC_SUCCESS)
		GNI_CdmDestroy(d);
}

/* RDMACTS_TC_RESET lifts a limit: a datagram is queued again after the
 * datagram limit was set to 0 and reset. */
RT_TEST_ATTRS(dgram_reset, "ugni.ep_post_data.fault.limit_lifted_by_reset",
	"UGNI-3.5.6-success-queued", "needs=faults")
{
	fx_setup(&f, 0);
	fx_control(RDMACTS_TC_LIMIT_DGRAM, 0);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, in, 8, out, sizeof out), GNI_RC_SUCCESS,
			"UGNI-3.5.6-success-queued");
	GNI_EpPostDataCancel(f.a.ep);
	fx_teardown(&f);
}

/* A real shortage of memory, not an injected one: with the address space
 * limited to little more than the process already uses, CdmAttach either
 * manages or reports it (GNI_RC_ERROR_NOMEM, or GNI_RC_ERROR_RESOURCE for
 * the NIC's share), and once the memory is back a new attach succeeds. */
RT_TEST_ATTRS(attach_no_as, "ugni.cdm_attach.resource.address_space_short",
	"UGNI-3.2.4-rc-error-nomem,UGNI-3.2.4-success", "tier=robustness")
{
	const char *c = "UGNI-3.2.4-rc-error-nomem";
	gni_cdm_handle_t cdm; gni_nic_handle_t nic; uint32_t addr;
	struct rlimit old, tight;
	unsigned long pages = 0;
	FILE *statm = fopen("/proc/self/statm", "r");
	if (!statm || fscanf(statm, "%lu", &pages) != 1 || getrlimit(RLIMIT_AS, &old) != 0)
		rt_unsupported("cannot read this process's address-space use");
	fclose(statm);
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(7, FX_PTAG, FX_COOKIE, 0, &cdm), GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	tight = old;
	tight.rlim_cur = (rlim_t)pages * (rlim_t)sysconf(_SC_PAGESIZE) + (64u << 20);
	if (old.rlim_cur != RLIM_INFINITY && old.rlim_cur < tight.rlim_cur)
		tight.rlim_cur = old.rlim_cur;
	RT_REQUIRE_TRUE(setrlimit(RLIMIT_AS, &tight) == 0, "-");
	gni_return_t rc = GNI_CdmAttach(cdm, 0, &addr, &nic);
	setrlimit(RLIMIT_AS, &old);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_ERROR_NOMEM, GNI_RC_ERROR_RESOURCE);
	GNI_CdmDestroy(cdm);
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(8, FX_PTAG, FX_COOKIE, 0, &cdm), GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	RT_EXPECT_EQ_INT(GNI_CdmAttach(cdm, 0, &addr, &nic), GNI_RC_SUCCESS, "UGNI-3.2.4-success");
	GNI_CdmDestroy(cdm);
}
