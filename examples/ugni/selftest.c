/*
 * selftest.c: the reference's behaviour on the points of chapter 3
 * that are easy to get wrong, in one process with two domains: state
 * rules, alignment and zero-length rules, protection (ptag, read-only,
 * bounds) as transaction errors and error events, CQ overrun, remote
 * events and CQ writes, event data, multi-segment offsets, datagrams,
 * and bad handles.  Each check names its section.
 */
#include <sys/mman.h>
#include "job.h"

#define RC(call, want) do { gni_return_t rc_ = (call); if (rc_ != (want)) { \
	fprintf(stderr, "%s:%d: %s -> %s, expected %s\n", __FILE__, __LINE__, \
		#call, gni_err_str[rc_], gni_err_str[want]); exit(1); } } while (0)

/* Poll until an event (the adversarial schedule may hold it back). */
static gni_return_t next_event(gni_cq_handle_t cq, gni_cq_entry_t *ev)
{
	gni_return_t rc;
	for (int i = 0; i < 1000; i++)
		if ((rc = GNI_CqGetEvent(cq, ev)) != GNI_RC_NOT_DONE)
			return rc;
	return GNI_RC_NOT_DONE;
}

static gni_post_descriptor_t put_desc(void *src, uint64_t raddr, gni_mem_handle_t rmh,
		uint64_t len, uint16_t mode)
{
	gni_post_descriptor_t d = { 0 };
	d.type = GNI_POST_FMA_PUT;
	d.cq_mode = mode;
	d.local_addr = (uint64_t)(uintptr_t)src;
	d.remote_addr = raddr;
	d.remote_mem_hndl = rmh;
	d.length = len;
	return d;
}

int main(void)
{
	uint32_t addr, a2, cpu;
	gni_cdm_handle_t c0, c1, c9;
	gni_nic_handle_t n0, n1, n9;
	gni_cq_handle_t cq0, cq1, rx1, tiny;
	gni_ep_handle_t e0, e1, u1, e9;
	gni_mem_handle_t mh1, ro1, seg1, lmh0;
	gni_cq_entry_t ev;
	gni_post_descriptor_t *pd;
	static uint64_t buf1[512], src0[64], lbuf0[64];

	/* 3.2 domains */
	RC(GNI_CdmCreate(0, 10, 7, 0, NULL), GNI_RC_INVALID_PARAM);
	RC(GNI_CdmCreate(0, 10, 7, GNI_CDM_MODE_ERR_NO_KILL | GNI_CDM_MODE_ERR_ALL_KILL, &c0),
		GNI_RC_INVALID_PARAM);
	CHECK(GNI_CdmCreate(0, 10, 7, 0, &c0));
	CHECK(GNI_CdmCreate(1, 10, 7, 0, &c1));
	CHECK(GNI_CdmCreate(9, 11, 7, 0, &c9));	/* another ptag */
	RC(GNI_CdmAttach(c0, 3, &addr, &n0), GNI_RC_NO_MATCH);
	CHECK(GNI_CdmAttach(c0, 0, &addr, &n0));
	RC(GNI_CdmAttach(c0, 0, &addr, &n0), GNI_RC_INVALID_STATE);
	CHECK(GNI_CdmAttach(c1, 0, &a2, &n1));
	CHECK(GNI_CdmAttach(c9, 0, &a2, &n9));
	CHECK(GNI_CdmGetNicAddress(0, &a2, &cpu));
	EXPECT(a2 == addr, "CdmGetNicAddress and CdmAttach disagree");
	RC(GNI_CdmGetNicAddress(1, &a2, &cpu), GNI_RC_NO_MATCH);

	/* 3.3 CQs, 3.4 memory */
	RC(GNI_CqCreate(n0, 0, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq0), GNI_RC_INVALID_PARAM);
	CHECK(GNI_CqCreate(n0, 64, 0, GNI_CQ_BLOCKING, NULL, NULL, &cq0));
	CHECK(GNI_CqCreate(n1, 64, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq1));
	CHECK(GNI_CqCreate(n1, 64, 0, GNI_CQ_NOBLOCK, NULL, NULL, &rx1));
	CHECK(GNI_CqCreate(n0, 2, 0, GNI_CQ_NOBLOCK, NULL, NULL, &tiny));
	RC(GNI_CqWaitEvent(cq1, 1, &ev), GNI_RC_ERROR_RESOURCE);	/* not BLOCKING */
	RC(GNI_CqWaitEvent(cq0, 1, &ev), GNI_RC_TIMEOUT);
	RC(GNI_MemRegister(n1, (uint64_t)(uintptr_t)buf1, 0, NULL, 0, -1, &mh1),
		GNI_RC_INVALID_PARAM);
	CHECK(GNI_MemRegister(n1, (uint64_t)(uintptr_t)buf1, 256 * 8, rx1, 0, -1, &mh1));
	CHECK(GNI_MemRegister(n1, (uint64_t)(uintptr_t)(buf1 + 256), 64 * 8, NULL,
		GNI_MEM_READ_ONLY, -1, &ro1));
	gni_mem_segment_t segs[2] = { { (uint64_t)(uintptr_t)(buf1 + 400), 16 },
				      { (uint64_t)(uintptr_t)(buf1 + 500), 16 } };
	CHECK(GNI_MemRegisterSegments(n1, segs, 2, NULL, 0, -1, &seg1));
	CHECK(GNI_MemRegister(n0, (uint64_t)(uintptr_t)lbuf0, sizeof lbuf0, NULL, 0, -1, &lmh0));
	void *rop = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	gni_mem_handle_t tmp;
	RC(GNI_MemRegister(n0, (uint64_t)(uintptr_t)rop, 4096, NULL, 0, -1, &tmp),
		GNI_RC_PERMISSION_ERROR);
	CHECK(GNI_MemRegister(n0, (uint64_t)(uintptr_t)rop, 4096, NULL, GNI_MEM_READ_ONLY, -1, &tmp));
	CHECK(GNI_MemDeregister(n0, &tmp));
	RC(GNI_MemDeregister(n0, &tmp), GNI_RC_INVALID_PARAM);	/* stale */
	munmap(rop, 4096);

	/* 3.5 endpoints */
	CHECK(GNI_EpCreate(n0, cq0, &e0));
	CHECK(GNI_EpCreate(n1, cq1, &e1));
	RC(GNI_CqDestroy(cq0), GNI_RC_ERROR_RESOURCE);	/* 3.3.2 in use */
	gni_post_descriptor_t d = put_desc(src0, (uint64_t)(uintptr_t)buf1, mh1, 8,
		GNI_CQMODE_GLOBAL_EVENT);
	RC(GNI_PostFma(e0, &d), GNI_RC_INVALID_PARAM);	/* not bound */
	CHECK(GNI_EpBind(e0, addr, 1));
	CHECK(GNI_EpBind(e1, addr, 0));
	RC(GNI_EpBind(e1, addr, 0), GNI_RC_INVALID_STATE);

	/* 3.6.1 FMA: data, remote event with default event data, GetCompleted */
	for (int i = 0; i < 64; i++)
		src0[i] = 0x1000 + (uint64_t)i;
	d = put_desc(src0, (uint64_t)(uintptr_t)buf1, mh1, 64 * 8,
		GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT);
	CHECK(GNI_PostFma(e0, &d));
	CHECK(next_event(cq0, &ev));
	/* the initiator's event: the endpoint's remote_id (the vendor's
	 * programs) or the own inst_id (3.5.2 read literally), E-UGNI-058 */
	EXPECT(GNI_CQ_GET_INST_ID(ev) == 1 || GNI_CQ_GET_INST_ID(ev) == 0,
		"global event data: remote_id or inst_id by default");
	CHECK(GNI_GetCompleted(cq0, ev, &pd));
	EXPECT(pd == &d, "GetCompleted returns the posted descriptor");
	RC(GNI_GetCompleted(cq0, ev, &pd), GNI_RC_DESCRIPTOR_ERROR);
	EXPECT(pd == NULL, "no descriptor behind a consumed event");
	CHECK(next_event(rx1, &ev));
	EXPECT(GNI_CQ_GET_INST_ID(ev) == 0, "remote event data: initiator inst_id");
	EXPECT(buf1[63] == 0x103F, "PUT data");
	CHECK(GNI_EpSetEventData(e0, 0x55, 0x77));
	CHECK(GNI_PostFma(e0, &d));
	CHECK(next_event(cq0, &ev));
	EXPECT(GNI_CQ_GET_INST_ID(ev) == 0x55 || GNI_CQ_GET_INST_ID(ev) == 0x77,
		"EpSetEventData local_event or remote_event on the global event");
	CHECK(GNI_GetCompleted(cq0, ev, &pd));
	CHECK(next_event(rx1, &ev));
	EXPECT(GNI_CQ_GET_INST_ID(ev) == 0x77, "EpSetEventData remote_event");

	/* alignment and zero length */
	d = put_desc(src0, (uint64_t)(uintptr_t)buf1 + 1, mh1, 0, GNI_CQMODE_SILENT);
	CHECK(GNI_PostFma(e0, &d));			/* zero-length PUT */
	gni_post_descriptor_t g = d;
	g.type = GNI_POST_FMA_GET;
	g.local_addr = (uint64_t)(uintptr_t)lbuf0;
	g.local_mem_hndl = lmh0;
	g.remote_addr = (uint64_t)(uintptr_t)buf1;
	RC(GNI_PostFma(e0, &g), GNI_RC_INVALID_PARAM);	/* zero-length GET */
	g.length = 6;
	RC(GNI_PostFma(e0, &g), GNI_RC_ALIGNMENT_ERROR);
	g.length = 8;
	g.remote_addr += 2;
	RC(GNI_PostFma(e0, &g), GNI_RC_ALIGNMENT_ERROR);
	g.type = GNI_POST_AMO;
	g.amo_cmd = GNI_FMA_ATOMIC_FADD;
	g.remote_addr = (uint64_t)(uintptr_t)buf1 + 4;
	RC(GNI_PostFma(e0, &g), GNI_RC_ALIGNMENT_ERROR);
	g.remote_addr -= 4;
	g.cq_mode = GNI_CQMODE_LOCAL_EVENT;		/* BTE only */
	RC(GNI_PostFma(e0, &g), GNI_RC_INVALID_PARAM);
	g.cq_mode = 0;
	g.amo_cmd = (gni_fma_cmd_type_t)0x77;
	RC(GNI_PostFma(e0, &g), GNI_RC_INVALID_PARAM);

	/* protection: read-only, bounds, ptag -> TRANSACTION_ERROR events and
	 * error events of category ADDRESS_TRANSLATION */
	gni_err_handle_t eh;
	gni_error_event_t ee;
	CHECK(GNI_SubscribeErrors(n0, 0, GNI_ERRMASK_ADDRESS_TRANSLATION, 0, &eh));
	RC(GNI_GetErrorEvent(eh, &ee), GNI_RC_NOT_DONE);
	d = put_desc(src0, (uint64_t)(uintptr_t)(buf1 + 256), ro1, 8, GNI_CQMODE_GLOBAL_EVENT);
	CHECK(GNI_PostFma(e0, &d));
	RC(next_event(cq0, &ev), GNI_RC_TRANSACTION_ERROR);
	RC(GNI_GetCompleted(cq0, ev, &pd), GNI_RC_TRANSACTION_ERROR);
	EXPECT(pd == &d && d.status != 0, "failed descriptor with status");
	char text[128];
	CHECK(GNI_CqErrorStr(ev, text, sizeof text));
	RC(GNI_CqErrorStr(ev, text, 3), GNI_RC_SIZE_ERROR);
	CHECK(GNI_GetErrorEvent(eh, &ee));
	EXPECT(ee.error_category == GNI_ERRMASK_ADDRESS_TRANSLATION && ee.ptag == 10,
		"error event category %u ptag %u", ee.error_category, ee.ptag);
	d = put_desc(src0, (uint64_t)(uintptr_t)(buf1 + 250), mh1, 64, GNI_CQMODE_GLOBAL_EVENT);
	CHECK(GNI_PostFma(e0, &d));			/* crosses the end */
	RC(next_event(cq0, &ev), GNI_RC_TRANSACTION_ERROR);
	RC(GNI_GetCompleted(cq0, ev, &pd), GNI_RC_TRANSACTION_ERROR);
	gni_cq_handle_t cq9;
	CHECK(GNI_CqCreate(n9, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq9));
	CHECK(GNI_EpCreate(n9, cq9, &e9));
	CHECK(GNI_EpBind(e9, addr, 1));
	d = put_desc(src0, (uint64_t)(uintptr_t)buf1, mh1, 8, GNI_CQMODE_GLOBAL_EVENT);
	CHECK(GNI_PostFma(e9, &d));			/* foreign ptag */
	RC(next_event(cq9, &ev), GNI_RC_TRANSACTION_ERROR);
	RC(GNI_GetCompleted(cq9, ev, &pd), GNI_RC_TRANSACTION_ERROR);
	CHECK(GNI_ReleaseErrors(eh));

	/* multi-segment registration: offsets across the segments (3.4.3) */
	d = put_desc(src0, 8, seg1, 16, GNI_CQMODE_GLOBAL_EVENT);
	CHECK(GNI_PostFma(e0, &d));
	CHECK(next_event(cq0, &ev));
	CHECK(GNI_GetCompleted(cq0, ev, &pd));
	EXPECT(buf1[401] == src0[0] && buf1[500] == src0[1], "segment offsets");

	/* RDMA GET, DUAL events need GNI_CDM_MODE_DUAL_EVENTS */
	g = (gni_post_descriptor_t){ 0 };
	g.type = GNI_POST_RDMA_GET;
	g.cq_mode = GNI_CQMODE_DUAL_EVENTS;
	g.local_addr = (uint64_t)(uintptr_t)lbuf0;
	g.local_mem_hndl = lmh0;
	g.remote_addr = (uint64_t)(uintptr_t)buf1;
	g.remote_mem_hndl = mh1;
	g.length = 64;
	RC(GNI_PostRdma(e0, &g), GNI_RC_INVALID_PARAM);
	g.cq_mode = GNI_CQMODE_LOCAL_EVENT;
	CHECK(GNI_PostRdma(e0, &g));
	CHECK(next_event(cq0, &ev));
	EXPECT(GNI_CQ_GET_INST_ID(ev) == 0x55, "local event data");
	CHECK(GNI_GetCompleted(cq0, ev, &pd));
	EXPECT(pd == &g && lbuf0[7] == buf1[7], "RDMA GET");

	/* CQ write into the CQ of the remote registration (3.9.6) */
	gni_post_descriptor_t w = { 0 };
	w.type = GNI_POST_CQWRITE;
	w.remote_mem_hndl = mh1;
	w.cqwrite_value = 0xABCDEF123456ull;
	CHECK(GNI_PostCqWrite(e0, &w));
	CHECK(next_event(rx1, &ev));
	EXPECT(GNI_CQ_GET_DATA(ev) == 0xABCDEF123456ull, "CQ write value");

	/* overrun (2.1.2): a 2-entry CQ, three events */
	gni_ep_handle_t et;
	CHECK(GNI_EpCreate(n0, tiny, &et));
	CHECK(GNI_EpBind(et, addr, 1));
	d = put_desc(src0, (uint64_t)(uintptr_t)buf1, mh1, 8, GNI_CQMODE_GLOBAL_EVENT);
	gni_post_descriptor_t dd[3] = { d, d, d };
	for (int i = 0; i < 3; i++)
		CHECK(GNI_PostFma(et, &dd[i]));
	for (int i = 0; i < 50; i++)
		GNI_CqTestEvent(tiny);			/* let held events arrive */
	RC(GNI_CqTestEvent(tiny), GNI_RC_ERROR_RESOURCE);
	for (int i = 0; i < 2; i++) {	/* overrun is sticky; entries still come */
		RC(GNI_CqGetEvent(tiny, &ev), GNI_RC_ERROR_RESOURCE);
		EXPECT(GNI_CQ_OVERRUN(ev), "entry marked overrun");
		CHECK(GNI_GetCompleted(tiny, ev, &pd));
	}
	RC(GNI_CqGetEvent(tiny, &ev), GNI_RC_ERROR_RESOURCE);
	CHECK(GNI_EpDestroy(et));

	/* 3.5.6 - 3.5.16 datagrams: unbound (with id) to bound */
	char out[GNI_DATAGRAM_MAXSIZE], in[GNI_DATAGRAM_MAXSIZE] = "hello", big[200];
	gni_post_state_t st;
	uint32_t ra, rid;
	uint64_t id;
	CHECK(GNI_EpCreate(n1, NULL, &u1));
	RC(GNI_EpPostData(u1, in, 8, out, sizeof out), GNI_RC_INVALID_PARAM);
	RC(GNI_EpPostDataWId(u1, big, sizeof big, out, sizeof out, 5), GNI_RC_SIZE_ERROR);
	CHECK(GNI_EpPostDataWId(u1, in, 8, out, sizeof out, 5));
	RC(GNI_EpPostDataWId(u1, in, 8, out, sizeof out, 6), GNI_RC_ERROR_RESOURCE);
	RC(GNI_PostDataProbeById(n1, &id), GNI_RC_NO_MATCH);
	CHECK(GNI_EpPostDataTestById(u1, 5, &st, &ra, &rid));
	EXPECT(st == GNI_POST_PENDING, "pending datagram");
	char in0[8] = "world", out0[8];
	CHECK(GNI_EpPostData(e0, in0, 6, out0, sizeof out0));	/* e0 names inst 1 */
	RC(GNI_EpUnbind(e0), GNI_RC_SUCCESS);	/* completed, not pending */
	CHECK(GNI_EpBind(e0, addr, 1));
	CHECK(GNI_PostDataProbeById(n1, &id));
	EXPECT(id == 5, "probe id");
	CHECK(GNI_EpPostDataWaitById(u1, 5, 1000, &st, &ra, &rid));
	EXPECT(st == GNI_POST_COMPLETED && rid == 0 && strcmp(out, "world") == 0,
		"unbound datagram exchange");
	CHECK(GNI_EpPostDataWait(e0, 1000, &st, &ra, &rid));
	EXPECT(st == GNI_POST_COMPLETED && rid == 1 && strcmp(out0, "hello") == 0,
		"bound datagram exchange");
	RC(GNI_EpPostDataTest(e0, &st, &ra, &rid), GNI_RC_NO_MATCH);
	RC(GNI_EpPostDataWait(e0, 0, &st, &ra, &rid), GNI_RC_INVALID_PARAM);
	CHECK(GNI_EpPostData(e0, in0, 6, out0, sizeof out0));
	RC(GNI_EpUnbind(e0), GNI_RC_NOT_DONE);			/* pending datagram */
	CHECK(GNI_EpPostDataCancel(e0));
	RC(GNI_EpPostDataCancel(e0), GNI_RC_NO_MATCH);		/* no longer active */
	CHECK(GNI_EpPostDataTest(e0, &st, &ra, &rid));
	EXPECT(st == GNI_POST_TERMINATED, "cancelled datagram");
	RC(GNI_EpPostDataTest(e0, &st, &ra, &rid), GNI_RC_NO_MATCH);	/* retired */

	/* bad handles: NULL, stale, another kind, garbage */
	gni_ep_handle_t stale = u1;
	CHECK(GNI_EpDestroy(u1));
	RC(GNI_EpDestroy(stale), GNI_RC_INVALID_PARAM);
	RC(GNI_PostFma(NULL, &d), GNI_RC_INVALID_PARAM);
	RC(GNI_PostFma((gni_ep_handle_t)cq0, &d), GNI_RC_INVALID_PARAM);
	RC(GNI_PostFma((gni_ep_handle_t)(uintptr_t)0xdeadbeef, &d), GNI_RC_INVALID_PARAM);
	RC(GNI_PostFma(e0, NULL), GNI_RC_INVALID_PARAM);
	RC(GNI_CqGetEvent((gni_cq_handle_t)(uintptr_t)0x1234, &ev), GNI_RC_INVALID_PARAM);
	gni_mem_handle_t junk = { 0x1234, 0x5678 };
	RC(GNI_MemDeregister(n0, &junk), GNI_RC_INVALID_PARAM);

	CHECK(GNI_EpDestroy(e9));
	CHECK(GNI_CqDestroy(cq9));
	CHECK(GNI_CdmDestroy(c9));
	CHECK(GNI_CdmDestroy(c1));	/* releases e1, CQs, registrations */
	CHECK(GNI_CdmDestroy(c0));
	RC(GNI_CdmDestroy(c0), GNI_RC_INVALID_PARAM);
	printf("selftest: passed\n");
	return 0;
}
