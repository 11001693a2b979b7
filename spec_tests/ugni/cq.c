/*
 * cq.c: completion queues: creation modes and the event handler (3.3.1),
 * destruction (3.3.2), CqTestEvent, CqGetEvent, CqWaitEvent,
 * CqVectorWaitEvent, GetCompleted (3.9.1-3.9.5), overrun (2.1.2),
 * PostCqWrite (3.9.6), CqErrorStr (3.9.7).
 */
#include <time.h>
#include "fixture.h"

/* Posts n CQ writes from a to the registration of b whose dst CQ is dst;
 * values base+0 .. base+n-1 (descriptors in ds). */
static gni_post_descriptor_t ds[256];

static void cqwrites(struct fx *f, gni_cq_handle_t dst, int n, uint64_t base)
{
	unsigned char *m = fx_mem(64);
	gni_mem_handle_t mh = fx_reg(f->b.nic, m, 64, dst, 0);
	for (int i = 0; i < n; i++) {
		ds[i] = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_SILENT, NULL, mh, NULL, mh, 0);
		ds[i].remote_mem_hndl = mh;
		ds[i].cqwrite_value = base + (uint64_t)i;
		RT_REQUIRE_EQ_INT(GNI_PostCqWrite(f->a.ep, &ds[i]), GNI_RC_SUCCESS,
				"UGNI-3.9.6-success");
	}
}

/* Posts n 8-byte PUTs with GLOBAL events on ep (their events go to its CQ). */
static void puts_(struct fx *f, gni_ep_handle_t ep, int n)
{
	struct fx_bufs b;
	fx_bufs(f, 8 * (size_t)n + 8, &b);
	for (int i = 0; i < n; i++) {
		ds[i] = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, b.l + 8 * i,
				b.lmh, b.r + 8 * i, b.rmh, 8);
		RT_REQUIRE_EQ_INT(GNI_PostFma(ep, &ds[i]), GNI_RC_SUCCESS,
				"UGNI-3.6.1-put-success");
	}
}

static double now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* ---- the event handler (3.3.1) ------------------------------------------ */

static int hcount;
static gni_cq_entry_t hentry;
static void *hctx;
static void handler(gni_cq_entry_t *e, void *ctx)
{
	hcount++;
	hentry = *e;
	hctx = ctx;
}

static int hcontext;

/* A CQ with the handler on side a and an endpoint on it bound to b. */
static void handler_scene(struct fx *f, gni_cq_mode_t mode, gni_cq_handle_t *cq,
		gni_ep_handle_t *ep)
{
	fx_setup(f, 0);
	hcount = 0;
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f->a.nic, 64, 0, mode, handler, &hcontext, cq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-noblock");
	fx_ep(&f->a, *cq, f->b.addr, f->b.inst, ep);
}

static void handler_down(struct fx *f, gni_cq_handle_t cq, gni_ep_handle_t ep)
{
	GNI_EpDestroy(ep);
	GNI_CqDestroy(cq);
	fx_teardown(f);
}

RT_TEST(h_get, "ugni.cq_create.handler.called_on_get_success",
	"UGNI-3.3.1-handler-called-on-get-success,UGNI-3.3.1-handler-args,UGNI-3.3.1-handler-before-return")
{
	struct fx f; gni_cq_handle_t cq; gni_ep_handle_t ep; gni_cq_entry_t ev = 0;
	handler_scene(&f, GNI_CQ_NOBLOCK, &cq, &ep);
	puts_(&f, ep, 2);
	for (int i = 0; i < 2; i++) {
		RT_REQUIRE_EQ_INT(fx_event(cq, &ev), GNI_RC_SUCCESS, "UGNI-3.3.1-handler-called-on-get-success");
		RT_EXPECT_EQ_INT(hcount, i + 1, "UGNI-3.3.1-handler-before-return");
		RT_EXPECT_EQ_U64(hentry, ev, "UGNI-3.3.1-handler-args");
		RT_EXPECT_TRUE(hctx == &hcontext, "UGNI-3.3.1-handler-args");
	}
	handler_down(&f, cq, ep);
}

RT_TEST(h_wait, "ugni.cq_create.handler.called_on_wait_success", "UGNI-3.3.1-handler-called-on-wait-success")
{
	struct fx f; gni_cq_handle_t cq; gni_ep_handle_t ep; gni_cq_entry_t ev = 0;
	handler_scene(&f, GNI_CQ_BLOCKING, &cq, &ep);
	puts_(&f, ep, 1);
	RT_REQUIRE_EQ_INT(GNI_CqWaitEvent(cq, 2000, &ev), GNI_RC_SUCCESS, "UGNI-3.3.1-handler-called-on-wait-success");
	RT_EXPECT_EQ_INT(hcount, 1, "UGNI-3.3.1-handler-called-on-wait-success");
	handler_down(&f, cq, ep);
}

RT_TEST(h_not_done, "ugni.cq_create.handler.not_called_when_empty", "UGNI-3.3.1-handler-not-called-not-done")
{
	const char *c = "UGNI-3.3.1-handler-not-called-not-done";
	struct fx f; gni_cq_handle_t cq; gni_ep_handle_t ep; gni_cq_entry_t ev = 0;
	handler_scene(&f, GNI_CQ_BLOCKING, &cq, &ep);
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(cq, &ev), GNI_RC_NOT_DONE, c);
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(cq, 5, &ev), GNI_RC_TIMEOUT, c);
	RT_EXPECT_EQ_INT(hcount, 0, c);
	handler_down(&f, cq, ep);
}

RT_TEST(h_test_event, "ugni.cq_test_event.handler.not_run",
	"UGNI-3.9.1-no-handler,UGNI-3.3.1-handler-early-call-allowed")
{
	struct fx f; gni_cq_handle_t cq; gni_ep_handle_t ep; gni_cq_entry_t ev = 0;
	handler_scene(&f, GNI_CQ_NOBLOCK, &cq, &ep);
	puts_(&f, ep, 1);
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++)
		rc = GNI_CqTestEvent(cq);
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.9.1-success");
	int before = hcount;
	GNI_CqTestEvent(cq);
	RT_EXPECT_EQ_INT(hcount, before, "UGNI-3.9.1-no-handler");
	RT_EXPECT_TRUE(before == 0 || before == 1, "UGNI-3.3.1-handler-early-call-allowed");
	RT_REQUIRE_EQ_INT(GNI_CqGetEvent(cq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.1-no-processing");
	RT_EXPECT_EQ_INT(hcount, 1, "UGNI-3.3.1-handler-early-call-allowed");
	handler_down(&f, cq, ep);
}

RT_TEST(h_consume, "ugni.cq_create.handler.does_not_consume", "UGNI-3.3.1-handler-does-not-consume")
{
	const char *c = "UGNI-3.3.1-handler-does-not-consume";
	struct fx f; gni_cq_handle_t cq; gni_ep_handle_t ep; gni_cq_entry_t ev = 0;
	handler_scene(&f, GNI_CQ_NOBLOCK, &cq, &ep);
	puts_(&f, ep, 3);
	for (int i = 0; i < 3; i++)
		RT_EXPECT_EQ_INT(fx_event(cq, &ev), GNI_RC_SUCCESS, c);
	handler_down(&f, cq, ep);
}

RT_TEST(h_optional, "ugni.cq_create.handler.optional", "UGNI-3.3.1-handler-optional,UGNI-3.3.1-success-noblock")
{
	struct fx f; gni_cq_entry_t ev = 0;
	fx_setup(&f, 0);	/* fixture CQs have no handler */
	puts_(&f, f.a.ep, 1);
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, "UGNI-3.3.1-handler-optional");
	fx_teardown(&f);
}

RT_TEST(h_overrun, "ugni.cq_create.handler.not_called_on_overrun", "UGNI-3.3.1-handler-not-called-overrun")
{
	const char *c = "UGNI-3.3.1-handler-not-called-overrun";
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev = 0;
	fx_setup(&f, 0);
	hcount = 0;
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.b.nic, 2, 0, GNI_CQ_NOBLOCK, handler, NULL, &cq),
			GNI_RC_SUCCESS, c);
	cqwrites(&f, cq, 32, 1);
	int got = 0;
	for (int i = 0; i < 64; i++) {
		int before = hcount;
		gni_return_t rc = GNI_CqGetEvent(cq, &ev);
		if (rc == GNI_RC_ERROR_RESOURCE)
			RT_EXPECT_EQ_INT(hcount, before, c);
		else if (rc == GNI_RC_SUCCESS)
			RT_EXPECT_EQ_INT(hcount, before + 1, c), got++;
		else
			break;
	}
	RT_EXPECT_TRUE(got <= 32, c);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(blocking_ok, "ugni.cq_create.mode.blocking", "UGNI-3.3.1-success-blocking")
{
	struct fx f; gni_cq_handle_t cq = NULL; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_BLOCKING, NULL, NULL, &cq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-blocking");
	RT_EXPECT_TRUE(cq != NULL, "UGNI-3.3.1-success-blocking");
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(cq, 1, &ev), GNI_RC_TIMEOUT, "UGNI-3.3.1-success-blocking");
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(delay_noblock, "ugni.cq_create.delay_count.noblock", "UGNI-3.3.1-delay-count-needs-blocking")
{
	struct fx f; gni_cq_handle_t cq = NULL;
	fx_setup(&f, 0);
	gni_return_t rc = GNI_CqCreate(f.a.nic, 8, 4, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
	RT_EXPECT_RC_IN(rc, "UGNI-3.3.1-delay-count-needs-blocking", GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS)
		GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST_ATTRS(entry_zero, "ugni.cq_create.entry_count.zero", "UGNI-3.3.1-entry-count-zero", "tier=robustness")
{
	struct fx f; gni_cq_handle_t cq = NULL;
	fx_setup(&f, 0);
	gni_return_t rc = GNI_CqCreate(f.a.nic, 0, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
	RT_EXPECT_RC_IN(rc, "UGNI-3.3.1-entry-count-zero", GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS)
		GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(entry_min, "ugni.cq_create.entry_count.minimum_holds", "UGNI-3.3.1-entry-count-minimum")
{
	const char *c = "UGNI-3.3.1-entry-count-minimum";
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	fx_cq(f.b.nic, 8, GNI_CQ_NOBLOCK, &cq);
	cqwrites(&f, cq, 8, 100);
	for (int i = 0; i < 8; i++)
		RT_EXPECT_EQ_INT(fx_event(cq, &ev), GNI_RC_SUCCESS, c);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

/* n PUTs of 8 bytes with GLOBAL events on ep (descriptors d[0..n-1]). */
static void fill_cq(gni_ep_handle_t ep, struct fx_bufs *b, gni_post_descriptor_t *d,
		uint32_t n)
{
	for (uint32_t k = 0; k < n; k++) {
		d[k] = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, b->l + 8 * k,
				b->lmh, b->r + 8 * k, b->rmh, 8);
		RT_REQUIRE_EQ_INT(GNI_PostFma(ep, &d[k]), GNI_RC_SUCCESS,
				"UGNI-3.6.1-put-success");
	}
}

/* The n events of cq are successes and give back d[0..n-1], each once. */
static void drain_cq(gni_cq_handle_t cq, gni_post_descriptor_t *d, uint32_t n)
{
	gni_cq_entry_t ev; gni_post_descriptor_t *pd;
	uint8_t seen[8] = { 0 };
	for (uint32_t k = 0; k < n; k++) {
		if (!RT_EXPECT_EQ_INT(fx_event(cq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.2-success") ||
		    !RT_EXPECT_EQ_INT(GNI_GetCompleted(cq, ev, &pd), GNI_RC_SUCCESS,
				"UGNI-3.9.5-success"))
			return;
		long i = pd - d;
		RT_EXPECT_TRUE(i >= 0 && i < (long)n && !seen[i], "UGNI-3.9.5-each-once");
		if (i >= 0 && i < (long)n)
			seen[i] = 1;
	}
}

/* A CQ holds its entry_count events intact whatever is created after it:
 * for entry counts 1 to 8, CQ A is filled with entry_count events, CQ B
 * of as many entries is created next and filled too, and then every event
 * of A and of B reads back as the completion of its own PUT. */
RT_TEST(entry_full_next, "ugni.cq_create.entry_count.full_cq_intact_after_next_create",
	"UGNI-3.3.1-entry-count-minimum,UGNI-3.9.2-success,UGNI-3.9.5-success")
{
	struct fx f; struct fx_bufs b; gni_post_descriptor_t da[8], db[8];
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	for (uint32_t n = 1; n <= 8; n++) {
		gni_cq_handle_t a, bq; gni_ep_handle_t ea, eb;
		fx_cq(f.a.nic, n, GNI_CQ_NOBLOCK, &a);
		fx_ep(&f.a, a, f.b.addr, f.b.inst, &ea);
		fill_cq(ea, &b, da, n);
		fx_cq(f.a.nic, n, GNI_CQ_NOBLOCK, &bq);
		fx_ep(&f.a, bq, f.b.addr, f.b.inst, &eb);
		fill_cq(eb, &b, db, n);
		drain_cq(a, da, n);
		drain_cq(bq, db, n);
		GNI_EpDestroy(ea);
		GNI_EpDestroy(eb);
		GNI_CqDestroy(a);
		GNI_CqDestroy(bq);
	}
	fx_teardown(&f);
}

/* ---- overrun (2.1.2, 3.9.1-3.9.3; E-UGNI-002) --------------------------- */

/* Generates up to 16 x entry_count events into a CQ of entry_count 4;
 * returns how many were generated before the overrun shows (or all). */
static void overrun(int how)
{
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev;
	const uint32_t n = 4, total = 16 * n;
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.b.nic, n, 0,
			how == 2 ? GNI_CQ_BLOCKING : GNI_CQ_NOBLOCK, NULL, NULL, &cq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-noblock");
	cqwrites(&f, cq, (int)total, 1000);
	gni_return_t first = how == 0 ? GNI_CqTestEvent(cq)
		: how == 1 ? GNI_CqGetEvent(cq, &ev) : GNI_CqWaitEvent(cq, 10, &ev);
	const char *c = how == 0 ? "UGNI-3.9.1-rc-error-resource-overrun"
		: how == 1 ? "UGNI-3.9.2-rc-error-resource-overrun" : "UGNI-3.9.3-overrun";
	if (first == GNI_RC_ERROR_RESOURCE) {
		RT_EXPECT_EQ_INT(first, GNI_RC_ERROR_RESOURCE, c);
		/* nothing delivered twice or invented */
		uint8_t seen[64] = { 0 };
		for (int i = 0; i < 128; i++) {
			gni_return_t rc = GNI_CqGetEvent(cq, &ev);
			if (rc == GNI_RC_NOT_DONE)
				break;
			if (rc != GNI_RC_SUCCESS)
				continue;
			uint64_t v = GNI_CQ_GET_DATA(ev) - 1000;
			RT_EXPECT_TRUE(v < total && !seen[v], "UGNI-2-cq-overrun-discards");
			if (v < total)
				seen[v] = 1;
		}
	} else {
		/* capacity above entry_count: every event must then be delivered */
		int got = first == GNI_RC_SUCCESS ? (how == 0 ? 0 : 1) : 0;
		for (int i = 0; i < 128; i++) {
			gni_return_t rc = GNI_CqGetEvent(cq, &ev);
			if (rc == GNI_RC_ERROR_RESOURCE) {
				RT_FAIL(c, "overrun-reported-first", "later", "overrun reported only after %d events", got);
				break;
			}
			if (rc != GNI_RC_SUCCESS)
				break;
			got++;
		}
		RT_EXPECT_EQ_INT(got, total, "UGNI-2-cq-overrun-discards");
	}
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(ovr_test, "ugni.cq_test_event.overrun.resource_error",
	"UGNI-3.9.1-rc-error-resource-overrun,UGNI-2-cq-overrun-discards")
{ overrun(0); }
RT_TEST(ovr_get, "ugni.cq_get_event.overrun.resource_error",
	"UGNI-3.9.2-rc-error-resource-overrun,UGNI-2-cq-overrun-discards")
{ overrun(1); }
RT_TEST(ovr_wait, "ugni.cq_wait_event.overrun.resource_error", "UGNI-3.9.3-overrun")
{ overrun(2); }

/* A one-entry CQ of side b, overrun by total CQ writes of the values
 * 1000, 1001, ... (the vendor's examples overrun such a CQ). */
static gni_cq_handle_t overrun_one_entry_cq(struct fx *f, int total)
{
	gni_cq_handle_t cq;
	fx_setup(f, 0);
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f->b.nic, 1, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-noblock");
	cqwrites(f, cq, total, 1000);
	return cq;
}

/* The entry of an overrun report (E-UGNI-002): clients test
 * GNI_CQ_OVERRUN() on the entry CqGetEvent wrote when it returned
 * GNI_RC_ERROR_RESOURCE (libfabric's gni provider asserts it, UCX's ugni
 * transport branches on it), so every such return writes an entry with
 * the overrun bit, also when no queued entry is left to carry it.  A
 * one-entry CQ, as the vendor's examples overrun it. */
RT_TEST(ovr_entry, "ugni.cq_get_event.overrun.entry_has_overrun_bit",
	"UGNI-3.9.2-overrun-entry,UGNI-3.9.2-overrun-report-ends")
{
	const char *c = "UGNI-3.9.2-overrun-entry";
	struct fx f;
	const int total = 64;
	gni_cq_handle_t cq = overrun_one_entry_cq(&f, total);
	int reports = 0, delivered = 0, ended = 0;
	for (int i = 0; i < 2 * total; i++) {
		gni_cq_entry_t ev = 0;
		gni_return_t rc = GNI_CqGetEvent(cq, &ev);
		if (rc == GNI_RC_NOT_DONE) {
			ended = 1;
			break;
		}
		if (rc == GNI_RC_ERROR_RESOURCE) {
			reports++;
			if (!RT_EXPECT_TRUE(GNI_CQ_OVERRUN(ev), c))
				break;
		} else if (rc == GNI_RC_SUCCESS)
			delivered++;
	}
	/* no report at all: the CQ held every event (capacity above 1) */
	if (reports == 0)
		RT_EXPECT_EQ_INT(delivered, total, "UGNI-2-cq-overrun-discards");
	/* libfabric polls until GNI_RC_NOT_DONE after an overrun: the
	 * report does not repeat for ever once the ring is drained */
	RT_EXPECT_TRUE(ended, "UGNI-3.9.2-overrun-report-ends");
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

/* What an overrun report writes (E-UGNI-002, both readings): the oldest
 * queued entry, or an entry that carries only the overrun bit; never a
 * value no event had.  Every CQ write of this test has a value of 1000
 * or more. */
RT_TEST(ovr_nothing_invented, "ugni.cq_get_event.overrun.entry_invents_nothing",
	"UGNI-3.9.2-overrun-entry,UGNI-2-cq-overrun-discards")
{
	const char *c = "UGNI-3.9.2-overrun-entry";
	struct fx f;
	const int total = 64;
	gni_cq_handle_t cq = overrun_one_entry_cq(&f, total);
	for (int i = 0; i < 2 * total; i++) {
		gni_cq_entry_t ev = 0;
		gni_return_t rc = GNI_CqGetEvent(cq, &ev);
		if (rc == GNI_RC_NOT_DONE)
			break;
		uint64_t v = GNI_CQ_GET_DATA(ev);
		if (!RT_EXPECT_TRUE(v == 0 || (v >= 1000 && v < 1000 + (uint64_t)total), c))
			break;
	}
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

/* ---- CqTestEvent / CqGetEvent ------------------------------------------- */

RT_TEST(test_not_done, "ugni.cq_test_event.empty.not_done", "UGNI-3.9.1-rc-not-done,UGNI-3.9.1-return-type")
{
	struct fx f;
	fx_setup(&f, 0);
	gni_return_t rc = GNI_CqTestEvent(f.a.cq);	/* typed gni_return_t */
	RT_EXPECT_EQ_INT(rc, GNI_RC_NOT_DONE, "UGNI-3.9.1-rc-not-done");
	fx_teardown(&f);
}

RT_TEST(test_keeps, "ugni.cq_test_event.entry.stays_queued", "UGNI-3.9.1-success,UGNI-3.9.1-no-processing")
{
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	cqwrites(&f, f.b.rcq, 1, 5);
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++)
		rc = GNI_CqTestEvent(f.b.rcq);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.9.1-success");
	RT_EXPECT_EQ_INT(GNI_CqTestEvent(f.b.rcq), GNI_RC_SUCCESS, "UGNI-3.9.1-no-processing");
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(f.b.rcq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.1-no-processing");
	RT_EXPECT_EQ_U64(GNI_CQ_GET_DATA(ev), 5, "UGNI-3.9.1-no-processing");
	fx_teardown(&f);
}

/* The same under the adversarial schedule, which holds completions back:
 * polling with CqTestEvent alone must still find the event (the
 * transaction completes without any other call). */
RT_TEST_ATTRS(test_held, "ugni.cq_test_event.entry.found_under_schedule",
	"UGNI-3.9.1-success", "needs=schedule")
{
	struct fx f; struct fx_bufs b;
	fx_control(RDMACTS_TC_SCHEDULE_SEED, 3);
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 2000 && rc == GNI_RC_NOT_DONE; i++) {
		rc = GNI_CqTestEvent(f.a.cq);
		if (rc == GNI_RC_NOT_DONE)
			nanosleep(&(struct timespec){ 0, 1000 * 1000 }, NULL);
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.9.1-success");
	fx_complete(f.a.cq, &d, "UGNI-3.9.1-success");
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

RT_TEST(get_two, "ugni.cq_get_event.dequeue.one_per_call",
	"UGNI-3.9.2-dequeues-one,UGNI-3.9.2-success,UGNI-3.9.2-rc-not-done")
{
	const char *c = "UGNI-3.9.2-dequeues-one";
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	cqwrites(&f, f.b.rcq, 2, 7);
	RT_EXPECT_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.2-success");
	RT_EXPECT_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), c);
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(f.b.rcq, &ev), GNI_RC_NOT_DONE, "UGNI-3.9.2-rc-not-done");
	fx_teardown(&f);
}

RT_TEST(get_untouched, "ugni.cq_get_event.empty.event_data_untouched", "UGNI-3.9.2-untouched-on-not-done")
{
	struct fx f; gni_cq_entry_t ev = 0x5A5A5A5A5A5A5A5Aull;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(f.a.cq, &ev), GNI_RC_NOT_DONE, "UGNI-3.9.2-untouched-on-not-done");
	RT_EXPECT_EQ_U64(ev, 0x5A5A5A5A5A5A5A5Aull, "UGNI-3.9.2-untouched-on-not-done");
	fx_teardown(&f);
}

RT_TEST(get_fifo, "ugni.cq_get_event.order.cq_writes_once_each", "UGNI-3.9.2-fifo-single-source")
{
	const char *c = "UGNI-3.9.2-fifo-single-source";
	struct fx f; gni_cq_entry_t ev; int seen[11] = { 0 };
	fx_setup(&f, 0);
	cqwrites(&f, f.b.rcq, 10, 1);
	for (int i = 0; i < 10; i++) {
		if (!RT_EXPECT_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, c))
			break;
		uint64_t v = GNI_CQ_GET_DATA(ev);
		RT_EXPECT_TRUE(v >= 1 && v <= 10 && !seen[v], c);
		if (v >= 1 && v <= 10)
			seen[v] = 1;
	}
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), c);
	fx_teardown(&f);
}

/* ---- CqWaitEvent ---------------------------------------------------------- */

RT_TEST(wait_immediate, "ugni.cq_wait_event.entry.returns_at_once", "UGNI-3.9.3-success-immediate")
{
	const char *c = "UGNI-3.9.3-success-immediate";
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	fx_cq(f.b.nic, 8, GNI_CQ_BLOCKING, &cq);
	cqwrites(&f, cq, 1, 9);
	while (GNI_CqTestEvent(cq) == GNI_RC_NOT_DONE)
		;
	double t0 = now_ms();
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(cq, 5000, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(now_ms() - t0 < 1000, c);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_DATA(ev), 9, c);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(wait_timeout, "ugni.cq_wait_event.empty.timeout", "UGNI-3.9.3-rc-timeout")
{
	const char *c = "UGNI-3.9.3-rc-timeout";
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev = 77;
	fx_setup(&f, 0);
	fx_cq(f.a.nic, 8, GNI_CQ_BLOCKING, &cq);
	double t0 = now_ms();
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(cq, 20, &ev), GNI_RC_TIMEOUT, c);
	RT_EXPECT_TRUE(now_ms() - t0 >= 19.5, c);
	RT_EXPECT_EQ_U64(ev, 77, c);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

/* 3.9.3.2: event_data returns data only on success; a timeout returns
 * nothing there. */
RT_TEST(wait_untouched, "ugni.cq_wait_event.timeout.event_data_untouched", "UGNI-3.9.3-untouched-on-timeout")
{
	const char *c = "UGNI-3.9.3-untouched-on-timeout";
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev = 0x5A5A5A5A5A5A5A5Aull;
	fx_setup(&f, 0);
	fx_cq(f.a.nic, 8, GNI_CQ_BLOCKING, &cq);
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(cq, 5, &ev), GNI_RC_TIMEOUT, c);
	RT_EXPECT_EQ_U64(ev, 0x5A5A5A5A5A5A5A5Aull, c);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(wait_zero, "ugni.cq_wait_event.timeout.zero", "UGNI-3.9.3-timeout-zero")
{
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	fx_cq(f.a.nic, 8, GNI_CQ_BLOCKING, &cq);
	RT_EXPECT_RC_IN(GNI_CqWaitEvent(cq, 0, &ev), "UGNI-3.9.3-timeout-zero", GNI_RC_TIMEOUT, GNI_RC_INVALID_PARAM);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST(wait_noblock, "ugni.cq_wait_event.mode.noblock_empty", "UGNI-3.9.3-rc-error-resource-noblock")
{
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(f.a.cq, 5, &ev), GNI_RC_ERROR_RESOURCE, "UGNI-3.9.3-rc-error-resource-noblock");
	fx_teardown(&f);
}

RT_TEST(wait_noblock_entry, "ugni.cq_wait_event.mode.noblock_with_entry", "UGNI-3.9.3-noblock-with-entry")
{
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	cqwrites(&f, f.b.rcq, 1, 1);
	while (GNI_CqTestEvent(f.b.rcq) == GNI_RC_NOT_DONE)
		;
	RT_EXPECT_RC_IN(GNI_CqWaitEvent(f.b.rcq, 5, &ev), "UGNI-3.9.3-noblock-with-entry",
			GNI_RC_ERROR_RESOURCE, GNI_RC_SUCCESS);
	fx_teardown(&f);
}

/* ---- CqVectorWaitEvent ---------------------------------------------------- */

static void vec_scene(struct fx *f, gni_cq_handle_t cqs[3])
{
	fx_setup(f, 0);
	for (int i = 0; i < 3; i++)
		fx_cq(f->b.nic, 8, GNI_CQ_BLOCKING, &cqs[i]);
}

static void vec_down(struct fx *f, gni_cq_handle_t cqs[3])
{
	fx_teardown(f);	/* registrations first */
	(void)cqs;
}

RT_TEST(vec_which, "ugni.cq_vector_wait_event.entry.which_and_only_that",
	"UGNI-3.9.4-success-which,UGNI-3.9.4-only-that-cq")
{
	struct fx f; gni_cq_handle_t cqs[3]; gni_cq_entry_t ev; uint32_t which = 99;
	vec_scene(&f, cqs);
	cqwrites(&f, cqs[1], 1, 11);
	RT_REQUIRE_EQ_INT(GNI_CqVectorWaitEvent(cqs, 3, 2000, &ev, &which), GNI_RC_SUCCESS, "UGNI-3.9.4-success-which");
	RT_EXPECT_EQ_INT(which, 1, "UGNI-3.9.4-success-which");
	RT_EXPECT_EQ_U64(GNI_CQ_GET_DATA(ev), 11, "UGNI-3.9.4-success-which");
	cqwrites(&f, cqs[0], 1, 20);
	cqwrites(&f, cqs[2], 1, 22);
	while (GNI_CqTestEvent(cqs[0]) == GNI_RC_NOT_DONE || GNI_CqTestEvent(cqs[2]) == GNI_RC_NOT_DONE)
		;
	RT_REQUIRE_EQ_INT(GNI_CqVectorWaitEvent(cqs, 3, 2000, &ev, &which), GNI_RC_SUCCESS, "UGNI-3.9.4-only-that-cq");
	RT_EXPECT_TRUE(which == 0 || which == 2, "UGNI-3.9.4-only-that-cq");
	gni_cq_handle_t other = cqs[which == 0 ? 2 : 0];
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(other, &ev), GNI_RC_SUCCESS, "UGNI-3.9.4-only-that-cq");
	vec_down(&f, cqs);
}

RT_TEST(vec_timeout, "ugni.cq_vector_wait_event.empty.timeout", "UGNI-3.9.4-rc-timeout")
{
	struct fx f; gni_cq_handle_t cqs[3]; gni_cq_entry_t ev; uint32_t which;
	vec_scene(&f, cqs);
	double t0 = now_ms();
	RT_EXPECT_EQ_INT(GNI_CqVectorWaitEvent(cqs, 3, 20, &ev, &which), GNI_RC_TIMEOUT, "UGNI-3.9.4-rc-timeout");
	RT_EXPECT_TRUE(now_ms() - t0 >= 19.5, "UGNI-3.9.4-rc-timeout");
	vec_down(&f, cqs);
}

/* 3.9.4.2: the same for CqVectorWaitEvent. */
RT_TEST(vec_untouched, "ugni.cq_vector_wait_event.timeout.event_data_untouched", "UGNI-3.9.4-untouched-on-timeout")
{
	const char *c = "UGNI-3.9.4-untouched-on-timeout";
	struct fx f; gni_cq_handle_t cqs[3]; uint32_t which;
	gni_cq_entry_t ev = 0x5A5A5A5A5A5A5A5Aull;
	vec_scene(&f, cqs);
	RT_EXPECT_EQ_INT(GNI_CqVectorWaitEvent(cqs, 3, 5, &ev, &which), GNI_RC_TIMEOUT, c);
	RT_EXPECT_EQ_U64(ev, 0x5A5A5A5A5A5A5A5Aull, c);
	vec_down(&f, cqs);
}

RT_TEST(vec_noblock, "ugni.cq_vector_wait_event.mode.one_noblock", "UGNI-3.9.4-rc-error-resource-noblock")
{
	struct fx f; gni_cq_handle_t cqs[3]; gni_cq_entry_t ev; uint32_t which;
	vec_scene(&f, cqs);
	gni_cq_handle_t v[3] = { cqs[0], f.b.rcq, cqs[2] };
	RT_EXPECT_EQ_INT(GNI_CqVectorWaitEvent(v, 3, 5, &ev, &which), GNI_RC_ERROR_RESOURCE, "UGNI-3.9.4-rc-error-resource-noblock");
	vec_down(&f, cqs);
}

RT_TEST(vec_handler, "ugni.cq_vector_wait_event.handler.once_at_most", "UGNI-3.9.4-handler")
{
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev; uint32_t which;
	fx_setup(&f, 0);
	hcount = 0;
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.b.nic, 8, 0, GNI_CQ_BLOCKING, handler, NULL, &cq), GNI_RC_SUCCESS, "UGNI-3.9.4-handler");
	cqwrites(&f, cq, 1, 3);
	RT_REQUIRE_EQ_INT(GNI_CqVectorWaitEvent(&cq, 1, 2000, &ev, &which), GNI_RC_SUCCESS, "UGNI-3.9.4-handler");
	RT_EXPECT_TRUE(hcount == 0 || hcount == 1, "UGNI-3.9.4-handler");
	fx_teardown(&f);
}

/* ---- GetCompleted ---------------------------------------------------------- */

RT_TEST(gc_each_once, "ugni.get_completed.descriptor.each_once", "UGNI-3.9.5-each-once")
{
	const char *c = "UGNI-3.9.5-each-once";
	struct fx f; gni_cq_entry_t ev; gni_post_descriptor_t *pd; int seen[8] = { 0 };
	fx_setup(&f, 0);
	puts_(&f, f.a.ep, 8);
	for (int i = 0; i < 8; i++) {
		RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
		RT_REQUIRE_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), GNI_RC_SUCCESS, c);
		long k = pd - ds;
		RT_EXPECT_TRUE(k >= 0 && k < 8 && !seen[k], c);
		if (k >= 0 && k < 8)
			seen[k] = 1;
	}
	fx_teardown(&f);
}

RT_TEST(gc_twice, "ugni.get_completed.descriptor.already_returned",
	"UGNI-3.9.5-rc-descriptor-error-empty")
{
	const char *c = "UGNI-3.9.5-rc-descriptor-error-empty";
	struct fx f; gni_cq_entry_t ev; gni_post_descriptor_t *pd;
	fx_setup(&f, 0);
	puts_(&f, f.a.ep, 1);
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), GNI_RC_SUCCESS, c);
	pd = (gni_post_descriptor_t *)(void *)&ev;
	RT_EXPECT_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), GNI_RC_DESCRIPTOR_ERROR, c);
	RT_EXPECT_TRUE(pd == NULL, c);
	fx_teardown(&f);
}

RT_TEST(gc_amo, "ugni.get_completed.descriptor.amo", "UGNI-3.9.5-amo-descriptor")
{
	struct fx f; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT, b.l, b.lmh, b.r, b.rmh, 8);
	d.amo_cmd = GNI_FMA_ATOMIC_FADD;
	d.first_operand = 1;
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.9.5-amo-descriptor");
	fx_complete(f.a.cq, &d, "UGNI-3.9.5-amo-descriptor");
	fx_teardown(&f);
}

RT_TEST(gc_failed, "ugni.get_completed.status.failed_put_beyond_bounds",
	"UGNI-3.9.5-status-from-failed-post,UGNI-3.4-mdd-bounds-put-beyond")
{
	const char *c = "UGNI-3.9.5-status-from-failed-post";
	struct fx f; gni_cq_entry_t ev; gni_post_descriptor_t *pd = NULL;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(3 * 4096), *l = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, m, 4096, NULL, 0);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, l, rmh, m + 2 * 4096, rmh, 64);
	memset(l, 0x77, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.4-mdd-bounds-put-beyond");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, "UGNI-3.4-mdd-bounds-put-beyond");
	gni_return_t rc = GNI_GetCompleted(f.a.cq, ev, &pd);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_TRANSACTION_ERROR, GNI_RC_DESCRIPTOR_ERROR);
	RT_EXPECT_TRUE(pd == &d, c);
	RT_EXPECT_TRUE(d.status != 0, c);
	unsigned char z[64] = { 0 };
	RT_EXPECT_MEM_EQ(m + 2 * 4096, z, 64, "UGNI-3.4-mdd-bounds-put-beyond");
	fx_teardown(&f);
}

RT_TEST_ATTRS(gc_non_post, "ugni.get_completed.event.cq_write_entry", "UGNI-3.9.5-non-post-event", "tier=robustness")
{
	struct fx f; gni_cq_entry_t ev; gni_post_descriptor_t *pd = (void *)&ev;
	fx_setup(&f, 0);
	cqwrites(&f, f.b.rcq, 1, 1);
	RT_REQUIRE_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.5-non-post-event");
	gni_return_t rc = GNI_GetCompleted(f.b.rcq, ev, &pd);
	RT_EXPECT_RC_IN(rc, "UGNI-3.9.5-non-post-event", GNI_RC_DESCRIPTOR_ERROR, GNI_RC_INVALID_PARAM);
	if (rc == GNI_RC_DESCRIPTOR_ERROR)
		RT_EXPECT_TRUE(pd == NULL, "UGNI-3.9.5-non-post-event");
	fx_teardown(&f);
}

/* ---- CQ destruction (3.3.2) ------------------------------------------------ */

RT_TEST(destroy_in_use, "ugni.cq_destroy.state.refused_while_endpoint_then_works",
	"UGNI-3.3.2-rc-error-resource-ep-associated,UGNI-3.3.2-refused-destroy-cq-still-works,UGNI-3.3.2-destroy-after-epdestroy")
{
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_CqDestroy(f.a.cq), GNI_RC_ERROR_RESOURCE, "UGNI-3.3.2-rc-error-resource-ep-associated");
	puts_(&f, f.a.ep, 1);
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, "UGNI-3.3.2-refused-destroy-cq-still-works");
	RT_REQUIRE_EQ_INT(GNI_EpDestroy(f.a.ep), GNI_RC_SUCCESS, "UGNI-3.5.5-success");
	f.a.ep = NULL;
	RT_EXPECT_EQ_INT(GNI_CqDestroy(f.a.cq), GNI_RC_SUCCESS, "UGNI-3.3.2-destroy-after-epdestroy");
	f.a.cq = NULL;
	fx_teardown(&f);
}

RT_TEST(destroy_pending, "ugni.cq_destroy.state.unretrieved_remote_events", "UGNI-3.3.2-destroy-with-pending-events,UGNI-3.3.2-success")
{
	struct fx f; gni_cq_handle_t cq;
	fx_setup(&f, 0);
	fx_cq(f.b.nic, 8, GNI_CQ_NOBLOCK, &cq);
	unsigned char *m = fx_mem(64);
	gni_mem_handle_t mh;
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, cq, 0, (uint32_t)-1, &mh), GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	gni_post_descriptor_t d = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_SILENT, NULL, mh, NULL, mh, 0);
	d.cqwrite_value = 1;
	RT_REQUIRE_EQ_INT(GNI_PostCqWrite(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.9.6-success");
	while (GNI_CqTestEvent(cq) == GNI_RC_NOT_DONE)
		;
	RT_EXPECT_EQ_INT(GNI_MemDeregister(f.b.nic, &mh), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	RT_EXPECT_EQ_INT(GNI_CqDestroy(cq), GNI_RC_SUCCESS, "UGNI-3.3.2-destroy-with-pending-events");
	fx_teardown(&f);
}

/* CqDestroy destroys one CQ: the transactions whose events go to another
 * CQ still complete there.  Under the adversarial schedule the event is
 * still held back when the other CQ is destroyed. */
RT_TEST_ATTRS(destroy_other_cq, "ugni.cq_destroy.state.other_cq_unaffected",
	"UGNI-3.3.2-success,UGNI-3.9.5-success", "needs=schedule")
{
	const char *c = "UGNI-3.3.2-success";
	struct fx f; struct fx_bufs b; gni_cq_handle_t cq2;
	fx_control(RDMACTS_TC_SCHEDULE_SEED, 7);
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	fx_cq(f.a.nic, 16, GNI_CQ_NOBLOCK, &cq2);
	fx_pattern(b.l, 64, 33);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_EXPECT_EQ_INT(GNI_CqDestroy(cq2), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 64, c);
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

/* CqDestroy gives back what CqCreate took: large CQs are created until the
 * implementation refuses one (or 64 exist), all are destroyed, and as many
 * can be created again. */
RT_TEST(destroy_returns, "ugni.cq_destroy.resource.large_cqs_again_after_destroy",
	"UGNI-3.3.2-success,UGNI-3.3.1-success-noblock")
{
	enum { MAX = 64 };
	struct fx f; gni_cq_handle_t cq[MAX];
	int n = 0, again = 0;
	fx_setup(&f, 0);
	while (n < MAX && GNI_CqCreate(f.a.nic, 1u << 20, 0, GNI_CQ_NOBLOCK, NULL, NULL,
			&cq[n]) == GNI_RC_SUCCESS)
		n++;
	for (int i = 0; i < n; i++)
		RT_EXPECT_EQ_INT(GNI_CqDestroy(cq[i]), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	while (again < n && GNI_CqCreate(f.a.nic, 1u << 20, 0, GNI_CQ_NOBLOCK, NULL, NULL,
			&cq[again]) == GNI_RC_SUCCESS)
		again++;
	RT_EXPECT_EQ_INT(again, n, "UGNI-3.3.1-success-noblock");
	for (int i = 0; i < again; i++)
		GNI_CqDestroy(cq[i]);
	fx_teardown(&f);
}

/* With CQ memory used up by large CQs and then by small ones, the last
 * small CQ is destroyed: a large CQ is then created or refused for
 * resources (not waited for), and a small one can be created again. */
RT_TEST(destroy_last_small, "ugni.cq_destroy.resource.small_cq_again_when_full",
	"UGNI-3.3.2-success,UGNI-3.3.1-rc-error-resource,UGNI-3.3.1-success-noblock")
{
	enum { BIG = 64, SMALL = 128 };
	struct fx f; gni_cq_handle_t big[BIG], small[SMALL], x;
	int nb = 0, ns = 0;
	fx_setup(&f, 0);
	while (nb < BIG && GNI_CqCreate(f.a.nic, 1u << 20, 0, GNI_CQ_NOBLOCK, NULL, NULL,
			&big[nb]) == GNI_RC_SUCCESS)
		nb++;
	while (nb < BIG && ns < SMALL && GNI_CqCreate(f.a.nic, 1u << 14, 0, GNI_CQ_NOBLOCK,
			NULL, NULL, &small[ns]) == GNI_RC_SUCCESS)
		ns++;
	if (nb == BIG || ns == 0 || ns == SMALL) {
		for (int i = 0; i < nb; i++)
			GNI_CqDestroy(big[i]);
		for (int i = 0; i < ns; i++)
			GNI_CqDestroy(small[i]);
		fx_teardown(&f);
		rt_unsupported("CQ memory did not run out within 64 large and 128 small CQs");
	}
	RT_EXPECT_EQ_INT(GNI_CqDestroy(small[--ns]), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	gni_return_t rc = GNI_CqCreate(f.a.nic, 1u << 20, 0, GNI_CQ_NOBLOCK, NULL, NULL, &x);
	RT_EXPECT_RC_IN(rc, "UGNI-3.3.1-rc-error-resource", GNI_RC_SUCCESS, GNI_RC_ERROR_RESOURCE);
	if (rc == GNI_RC_SUCCESS) {
		GNI_CqDestroy(x);
	} else {
		RT_EXPECT_EQ_INT(GNI_CqCreate(f.a.nic, 1u << 14, 0, GNI_CQ_NOBLOCK, NULL, NULL,
				&small[ns]), GNI_RC_SUCCESS, "UGNI-3.3.1-success-noblock");
		ns++;
	}
	for (int i = 0; i < nb; i++)
		GNI_CqDestroy(big[i]);
	for (int i = 0; i < ns; i++)
		GNI_CqDestroy(small[i]);
	fx_teardown(&f);
}

/* CqDestroy gives the CQ back: one small CQ created and destroyed 20000
 * times in a row, every creation succeeds. */
RT_TEST(destroy_cycle, "ugni.cq_destroy.resource.create_destroy_cycles",
	"UGNI-3.3.2-success,UGNI-3.3.1-success-noblock")
{
	struct fx f; gni_cq_handle_t cq;
	int i;
	fx_setup(&f, 0);
	for (i = 0; i < 20000; i++) {
		if (GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq) != GNI_RC_SUCCESS)
			break;
		if (GNI_CqDestroy(cq) != GNI_RC_SUCCESS)
			break;
	}
	RT_EXPECT_EQ_INT(i, 20000, "UGNI-3.3.2-success");
	fx_teardown(&f);
}

/* ---- PostCqWrite (3.9.6) ---------------------------------------------------- */

RT_TEST(cqw_value, "ugni.post_cq_write.data.six_low_bytes",
	"UGNI-3.9.6-success,UGNI-3.9.6-value-delivered,UGNI-3.9.6-type-cqwrite")
{
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_POST_CQWRITE, 7, "UGNI-3.9.6-type-cqwrite");
	cqwrites(&f, f.b.rcq, 1, 0xABCD123456789ABCull);
	RT_REQUIRE_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.6-success");
	RT_EXPECT_EQ_U64(GNI_CQ_GET_DATA(ev), 0x123456789ABCull, "UGNI-3.9.6-value-delivered");
	RT_EXPECT_TRUE(fx_quiet(f.b.rcq), "UGNI-3.9.6-success");
	fx_teardown(&f);
}

RT_TEST_ATTRS(cqw_no_dst, "ugni.post_cq_write.event.no_dst_cq", "UGNI-3.9.6-no-dst-cq", "tier=robustness")
{
	struct fx f; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	unsigned char *m = fx_mem(64);
	gni_mem_handle_t mh = fx_reg(f.b.nic, m, 64, NULL, 0);
	gni_post_descriptor_t d = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_GLOBAL_EVENT, NULL, mh, NULL, mh, 0);
	d.cqwrite_value = 1;
	RT_REQUIRE_EQ_INT(GNI_PostCqWrite(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.9.6-no-dst-cq");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, "UGNI-3.9.6-no-dst-cq");
	fx_teardown(&f);
}

RT_TEST(cqw_null, "ugni.post_cq_write.param.null_descr", "UGNI-3.9.6-rc-invalid-param-null-descr")
{
	struct fx f;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(GNI_PostCqWrite(f.a.ep, NULL), GNI_RC_INVALID_PARAM, "UGNI-3.9.6-rc-invalid-param-null-descr");
	fx_teardown(&f);
}

/* ---- CqErrorStr / CqErrorRecoverable on a real error entry ----------------- */

static gni_cq_entry_t error_entry(struct fx *f)
{
	gni_cq_entry_t ev = 0;
	unsigned char *m = fx_mem(3 * 4096), *l = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f->b.nic, m, 4096, NULL, 0);
	static gni_post_descriptor_t d;
	d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, l, rmh, m + 2 * 4096, rmh, 8);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f->a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_REQUIRE_EQ_INT(fx_event(f->a.cq, &ev), GNI_RC_TRANSACTION_ERROR, "UGNI-3.4-mdd-bounds-put-beyond");
	return ev;
}

RT_TEST(errstr_ok, "ugni.cq_error_str.decode.error_entry", "UGNI-3.9.7-success")
{
	struct fx f; char buf[256];
	fx_setup(&f, 0);
	gni_cq_entry_t ev = error_entry(&f);
	memset(buf, 'x', sizeof buf);
	RT_EXPECT_EQ_INT(GNI_CqErrorStr(ev, buf, sizeof buf), GNI_RC_SUCCESS, "UGNI-3.9.7-success");
	RT_EXPECT_TRUE(memchr(buf, '\0', sizeof buf) != NULL && buf[0] != '\0', "UGNI-3.9.7-success");
	fx_teardown(&f);
}

RT_TEST(errstr_small, "ugni.cq_error_str.param.length_1", "UGNI-3.9.7-rc-size-error")
{
	struct fx f; char buf[1];
	fx_setup(&f, 0);
	gni_cq_entry_t ev = error_entry(&f);
	RT_EXPECT_EQ_INT(GNI_CqErrorStr(ev, buf, 1), GNI_RC_SIZE_ERROR, "UGNI-3.9.7-rc-size-error");
	fx_teardown(&f);
}

RT_TEST_ATTRS(errstr_noerr, "ugni.cq_error_str.decode.entry_without_error", "UGNI-3.9.7-no-error-entry", "tier=robustness")
{
	struct fx f; gni_cq_entry_t ev; char buf[256];
	fx_setup(&f, 0);
	cqwrites(&f, f.b.rcq, 1, 1);
	RT_REQUIRE_EQ_INT(fx_event(f.b.rcq, &ev), GNI_RC_SUCCESS, "UGNI-3.9.7-no-error-entry");
	RT_EXPECT_EQ_INT(GNI_CqErrorStr(ev, buf, sizeof buf), GNI_RC_SUCCESS, "UGNI-3.9.7-no-error-entry");
	fx_teardown(&f);
}

RT_TEST(recov_ok, "ugni.cq_error_recoverable.decode.error_entry", "UGNI-3.9.8-success")
{
	struct fx f; uint32_t r = 0xFFFFFFFF;
	fx_setup(&f, 0);
	gni_cq_entry_t ev = error_entry(&f);
	RT_EXPECT_EQ_INT(GNI_CqErrorRecoverable(ev, &r), GNI_RC_SUCCESS, "UGNI-3.9.8-success");
	RT_EXPECT_TRUE(r != 0xFFFFFFFF, "UGNI-3.9.8-success");
	fx_teardown(&f);
}

/* The error entry of a PUT from side a to side b's memory: past the end
 * of the registration (how 0), into a read-only registration (1), through
 * the handle of a registration already released (2). */
static gni_cq_entry_t address_error(struct fx *f, int how, const char *c)
{
	static gni_post_descriptor_t d;
	gni_cq_entry_t ev = 0;
	unsigned char *m = fx_mem(2 * 4096), *l = fx_mem(64);
	gni_mem_handle_t rmh;
	if (how == 0)
		return error_entry(f);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f->b.nic, U64(m), 4096, NULL,
			how == 1 ? GNI_MEM_READ_ONLY : GNI_MEM_READWRITE, (uint32_t)-1, &rmh),
			GNI_RC_SUCCESS, "UGNI-3.4.2-success-readwrite");
	if (how == 2)
		RT_REQUIRE_EQ_INT(GNI_MemDeregister(f->b.nic, &rmh), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, l, rmh, m, rmh, 8);
	gni_return_t rc = GNI_PostFma(f->a.ep, &d);
	if (rc != GNI_RC_SUCCESS)	/* refused at post time: no entry to decode */
		return 0;
	RT_REQUIRE_EQ_INT(fx_event(f->a.cq, &ev), GNI_RC_TRANSACTION_ERROR, c);
	return ev;
}

/* E-UGNI-190: only transient errors are recoverable by reissuing the
 * transaction; an address-translation error recurs on every reissue. */
RT_TEST(recov_addr, "ugni.cq_error_recoverable.decode.address_errors_unrecoverable",
	"UGNI-3.9.8-address-error-unrecoverable")
{
	const char *c = "UGNI-3.9.8-address-error-unrecoverable";
	struct fx f;
	fx_setup(&f, 0);
	for (int how = 0; how < 3; how++) {
		gni_cq_entry_t ev = address_error(&f, how, c);
		uint32_t r = 0xFFFFFFFF;
		if (ev == 0)
			continue;
		RT_EXPECT_EQ_INT(GNI_CqErrorRecoverable(ev, &r), GNI_RC_SUCCESS, c);
		if (!RT_EXPECT_EQ_INT(r, 0, c))
			printf("address error %d decoded as recoverable\n", how);
	}
	fx_teardown(&f);
}

RT_TEST_ATTRS(recov_bad, "ugni.cq_error_recoverable.decode.all_bits_set", "UGNI-3.9.8-rc-invalid-state", "tier=robustness")
{
	uint32_t r;
	RT_EXPECT_RC_IN(GNI_CqErrorRecoverable(~(gni_cq_entry_t)0, &r), "UGNI-3.9.8-rc-invalid-state",
			GNI_RC_INVALID_STATE, GNI_RC_SUCCESS);
}

/* Under the adversarial schedule the local event of an RDMA PUT is generated
 * after the post returns: a blocking wait started before it exists is
 * woken by it. */
static void wait_held(int vector, const char *c)
{
	struct fx f; struct fx_bufs b; gni_cq_handle_t cq; gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *pd = NULL; uint32_t which = 9;
	fx_control(RDMACTS_TC_SCHEDULE_SEED, 11);
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	fx_cq(f.a.nic, 16, GNI_CQ_BLOCKING, &cq);
	/* src_cq_hndl: the blocking CQ takes the event (3.8.1) */
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	d.src_cq_hndl = cq;
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.8.1-success");
	gni_return_t rc = vector ? GNI_CqVectorWaitEvent(&cq, 1, 2000, &ev, &which) :
		GNI_CqWaitEvent(cq, 2000, &ev);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	if (rc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(GNI_GetCompleted(cq, ev, &pd), GNI_RC_SUCCESS, c);
		RT_EXPECT_TRUE(pd == &d, c);
	}
	if (vector)
		RT_EXPECT_EQ_INT(which, 0, c);
	fx_control(RDMACTS_TC_RESET, 0);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST_ATTRS(wait_held_ev, "ugni.cq_wait_event.schedule.local_event_after_post",
	"UGNI-3.9.3-blocks-until-event", "needs=schedule")
{ wait_held(0, "UGNI-3.9.3-blocks-until-event"); }
RT_TEST_ATTRS(vwait_held_ev, "ugni.cq_vector_wait_event.schedule.local_event_after_post",
	"UGNI-3.9.4-blocks-until-event", "needs=schedule")
{ wait_held(1, "UGNI-3.9.4-blocks-until-event"); }

/* A released handle stays invalid when a new CQ takes its place: the new
 * CQ is neither destroyed nor read through the old handle. */
RT_TEST(stale_reused, "ugni.cq_destroy.handle.stale_after_new_cq", "UGNI-3.3.2-stale-cq-handle")
{
	const char *c = "UGNI-3.3.2-stale-cq-handle";
	struct fx f; gni_cq_handle_t old, fresh[4]; gni_cq_entry_t ev;
	fx_setup(&f, 0);
	fx_cq(f.a.nic, 8, GNI_CQ_NOBLOCK, &old);
	RT_REQUIRE_EQ_INT(GNI_CqDestroy(old), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	for (int i = 0; i < 4; i++)
		fx_cq(f.a.nic, 8, GNI_CQ_NOBLOCK, &fresh[i]);
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(old, &ev), GNI_RC_INVALID_PARAM, c);
	RT_EXPECT_EQ_INT(GNI_CqDestroy(old), GNI_RC_INVALID_PARAM, c);
	for (int i = 0; i < 4; i++)
		RT_EXPECT_EQ_INT(GNI_CqDestroy(fresh[i]), GNI_RC_SUCCESS, c);
	fx_teardown(&f);
}

/* A CQ write has no local buffer: the descriptor names only the remote
 * memory handle (local_addr and local_mem_hndl left zero). */
RT_TEST(cqw_remote_only, "ugni.post_cq_write.descriptor.remote_handle_only", "UGNI-3.9.6-success")
{
	const char *c = "UGNI-3.9.6-success";
	struct fx f; gni_cq_handle_t cq; gni_mem_handle_t mh, none; gni_cq_entry_t ev = 0;
	fx_setup(&f, 0);
	fx_cq(f.b.nic, 8, GNI_CQ_NOBLOCK, &cq);
	unsigned char *m = fx_mem(64);
	memset(&none, 0, sizeof none);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(f.b.nic, U64(m), 64, cq, 0, (uint32_t)-1, &mh), GNI_RC_SUCCESS,
			"UGNI-3.4.2-success-readwrite");
	gni_post_descriptor_t d = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_SILENT, NULL, none, NULL, mh, 0);
	d.cqwrite_value = 0x2a;
	RT_EXPECT_EQ_INT(GNI_PostCqWrite(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_event(cq, &ev), GNI_RC_SUCCESS, c);
	GNI_MemDeregister(f.b.nic, &mh);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}
