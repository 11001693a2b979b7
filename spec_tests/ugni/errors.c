/*
 * errors.c: transaction errors and error events (2.1.6, 3.9.2-3.9.8,
 * 3.10).  Errors are provoked with the test-control interface's
 * transaction-error injection (needs=faults: UNSUPPORTED without it) or,
 * where the spec gives one, by a protection violation.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>
#include "fixture.h"

#define ALL_ERRS 0xFF

static gni_post_descriptor_t ed;

/* One FMA PUT from side s's endpoint that fails by injection; returns the
 * code CqGetEvent gave for its entry. */
static gni_return_t inject(struct fx_side *s, struct fx_side *peer, gni_cq_entry_t *ev)
{
	static unsigned char src[64];
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(peer->nic, dst, 64, NULL, 0);
	ed = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, src, rmh, dst, rmh, 64);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_PostFma(s->ep, &ed), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	gni_return_t rc = fx_event(s->cq, ev);
	fx_control(RDMACTS_TC_RESET, 0);
	return rc;
}

/* A knob acts "from the call on" (rdmacts_test_control.h), also when it
 * is the process's first call into the library: set before the fixture
 * exists, the injected failure still meets the first transaction. */
RT_TEST_ATTRS(knob_first, "ugni.post_fma.error.knob_before_any_call",
	"UGNI-2-network-error-into-cq,UGNI-3.9.2-rc-transaction-error", "needs=faults")
{
	struct fx f; gni_cq_entry_t ev = 0;
	static unsigned char src[64];
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	fx_setup(&f, 0);
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 64, NULL, 0);
	ed = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, src, rmh, dst, rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &ed), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	gni_return_t rc = fx_event(f.a.cq, &ev);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_TRANSACTION_ERROR, "UGNI-3.9.2-rc-transaction-error");
	RT_EXPECT_TRUE(!GNI_CQ_STATUS_OK(ev), "UGNI-2-network-error-into-cq");
	fx_teardown(&f);
}

static void subscribe(gni_nic_handle_t nic, gni_error_mask_t mask, gni_err_handle_t *h)
{
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(nic, 0, mask, 16, h), GNI_RC_SUCCESS, "UGNI-3.10.1-success");
}

RT_TEST_ATTRS(into_cq, "ugni.post_fma.error.injected_into_source_cq",
	"UGNI-2-network-error-into-cq,UGNI-3.9.2-rc-transaction-error,UGNI-3.9.5-rc-transaction-error", "needs=faults")
{
	struct fx f; gni_cq_entry_t ev = 0; gni_post_descriptor_t *pd = NULL;
	fx_setup(&f, 0);
	RT_EXPECT_EQ_INT(inject(&f.a, &f.b, &ev), GNI_RC_TRANSACTION_ERROR, "UGNI-3.9.2-rc-transaction-error");
	RT_EXPECT_TRUE(!GNI_CQ_STATUS_OK(ev), "UGNI-2-network-error-into-cq");
	gni_return_t rc = GNI_GetCompleted(f.a.cq, ev, &pd);
	RT_EXPECT_RC_IN(rc, "UGNI-3.9.5-rc-transaction-error", GNI_RC_TRANSACTION_ERROR, GNI_RC_DESCRIPTOR_ERROR);
	RT_EXPECT_TRUE(pd == &ed, "UGNI-3.9.5-rc-transaction-error");
	RT_EXPECT_TRUE(ed.status != 0, "UGNI-3.9.5-rc-transaction-error");
	fx_teardown(&f);
}

RT_TEST_ATTRS(rdma_into_cq, "ugni.post_rdma.error.injected_into_source_cq", "UGNI-2-network-error-into-cq", "needs=faults")
{
	const char *c = "UGNI-2-network-error-into-cq";
	struct fx f; struct fx_bufs b; gni_cq_entry_t ev = 0;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT, b.l, b.lmh, b.r, b.rmh, 64);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_PostRdma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, c);
	RT_EXPECT_TRUE(!GNI_CQ_STATUS_OK(ev), c);
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

static int hcount;
static void handler(gni_cq_entry_t *e, void *ctx) { (void)e; (void)ctx; hcount++; }

RT_TEST_ATTRS(handler_err, "ugni.cq_create.handler.called_on_transaction_error",
	"UGNI-3.3.1-handler-called-on-transaction-error,UGNI-3.9.3-rc-transaction-error", "needs=faults")
{
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev = 0; struct fx_side s;
	fx_setup(&f, 0);
	hcount = 0;
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.a.nic, 16, 0, GNI_CQ_BLOCKING, handler, NULL, &cq), GNI_RC_SUCCESS, "UGNI-3.3.1-success-blocking");
	s = f.a;
	s.cq = cq;
	fx_ep(&s, cq, f.b.addr, f.b.inst, &s.ep);
	static unsigned char src[64];
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 64, NULL, 0);
	ed = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, src, rmh, dst, rmh, 64);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_PostFma(s.ep, &ed), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	RT_EXPECT_EQ_INT(GNI_CqWaitEvent(cq, 2000, &ev), GNI_RC_TRANSACTION_ERROR, "UGNI-3.9.3-rc-transaction-error");
	RT_EXPECT_EQ_INT(hcount, 1, "UGNI-3.3.1-handler-called-on-transaction-error");
	fx_control(RDMACTS_TC_RESET, 0);
	GNI_EpDestroy(s.ep);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST_ATTRS(vector_err, "ugni.cq_vector_wait_event.error.transaction_error", "UGNI-3.9.4-rc-transaction-error", "needs=faults")
{
	const char *c = "UGNI-3.9.4-rc-transaction-error";
	struct fx f; gni_cq_handle_t cq; gni_cq_entry_t ev = 0; struct fx_side s; uint32_t which;
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_CqCreate(f.a.nic, 16, 0, GNI_CQ_BLOCKING, NULL, NULL, &cq), GNI_RC_SUCCESS, c);
	s = f.a;
	fx_ep(&s, cq, f.b.addr, f.b.inst, &s.ep);
	static unsigned char src[64];
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 64, NULL, 0);
	ed = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, src, rmh, dst, rmh, 64);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_PostFma(s.ep, &ed), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_CqVectorWaitEvent(&cq, 1, 2000, &ev, &which), GNI_RC_TRANSACTION_ERROR, c);
	fx_control(RDMACTS_TC_RESET, 0);
	GNI_EpDestroy(s.ep);
	GNI_CqDestroy(cq);
	fx_teardown(&f);
}

RT_TEST_ATTRS(recoverable, "ugni.cq_error_recoverable.decode.injected_transient",
	"UGNI-3.9.8-transient-recoverable", "needs=faults")
{
	struct fx f; gni_cq_entry_t ev = 0; uint32_t r = 0;
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(inject(&f.a, &f.b, &ev), GNI_RC_TRANSACTION_ERROR, "UGNI-3.9.8-transient-recoverable");
	RT_EXPECT_EQ_INT(GNI_CqErrorRecoverable(ev, &r), GNI_RC_SUCCESS, "UGNI-3.9.8-transient-recoverable");
	RT_EXPECT_TRUE(r != 0, "UGNI-3.9.8-transient-recoverable");
	fx_teardown(&f);
}

/* ---- error events (3.10) ------------------------------------------------------ */

RT_TEST_ATTRS(immediately, "ugni.subscribe_errors.event.reports_immediately",
	"UGNI-3.10.1-reports-immediately,UGNI-3.10.1-mask-matches,UGNI-3.10.5-success,UGNI-3.10.5-consumed,UGNI-3.10.5-event-ptag,UGNI-3.10.2-success",
	"needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	fx_setup(&f, 0);
	subscribe(f.a.nic, GNI_ERRMASK_TRANSACTION, &h);
	inject(&f.a, &f.b, &ev);
	memset(&e, 0, sizeof e);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_SUCCESS, "UGNI-3.10.1-reports-immediately");
	RT_EXPECT_EQ_INT(e.error_category, GNI_ERRMASK_TRANSACTION, "UGNI-3.10.1-mask-matches");
	RT_EXPECT_EQ_INT(e.ptag, FX_PTAG, "UGNI-3.10.5-event-ptag");
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, "UGNI-3.10.5-consumed");
	RT_EXPECT_EQ_INT(GNI_ReleaseErrors(h), GNI_RC_SUCCESS, "UGNI-3.10.2-success");
	fx_teardown(&f);
}

RT_TEST_ATTRS(mask_filters, "ugni.subscribe_errors.mask.critical_only_filters", "UGNI-3.10.1-mask-filters", "needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	fx_setup(&f, 0);
	subscribe(f.a.nic, GNI_ERRMASK_CRITICAL, &h);
	inject(&f.a, &f.b, &ev);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, "UGNI-3.10.1-mask-filters");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST_ATTRS(own_ptag, "ugni.subscribe_errors.ptag.other_domain_not_reported", "UGNI-3.10.1-own-ptag", "needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	fx_setup2(&f, 0, FX_PTAG + 1, FX_COOKIE);
	subscribe(f.a.nic, ALL_ERRS, &h);
	inject(&f.b, &f.a, &ev);	/* an error of ptag FX_PTAG + 1 */
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, "UGNI-3.10.1-own-ptag");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST_ATTRS(new_mask, "ugni.set_error_mask.mask.applies_to_later_events",
	"UGNI-3.10.4-new-mask-filters,UGNI-3.10.4-success,UGNI-3.10.3-success", "needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	gni_error_mask_t old = 0, now = 0;
	fx_setup(&f, 0);
	subscribe(f.a.nic, GNI_ERRMASK_TRANSACTION | GNI_ERRMASK_CRITICAL, &h);
	RT_EXPECT_EQ_INT(GNI_GetErrorMask(h, &now), GNI_RC_SUCCESS, "UGNI-3.10.3-success");
	RT_EXPECT_EQ_INT(now, GNI_ERRMASK_TRANSACTION | GNI_ERRMASK_CRITICAL, "UGNI-3.10.3-success");
	RT_EXPECT_EQ_INT(GNI_SetErrorMask(h, GNI_ERRMASK_CRITICAL, &old), GNI_RC_SUCCESS, "UGNI-3.10.4-success");
	RT_EXPECT_EQ_INT(old, GNI_ERRMASK_TRANSACTION | GNI_ERRMASK_CRITICAL, "UGNI-3.10.4-success");
	GNI_GetErrorMask(h, &now);
	RT_EXPECT_EQ_INT(now, GNI_ERRMASK_CRITICAL, "UGNI-3.10.4-success");
	inject(&f.a, &f.b, &ev);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, "UGNI-3.10.4-new-mask-filters");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* An error raised while the mask matched it was delivered then: a new mask
 * that would not match it leaves it in the queue (E-UGNI-210). */
RT_TEST_ATTRS(old_mask_kept, "ugni.set_error_mask.mask.earlier_event_kept",
	"UGNI-3.10.4-earlier-events-kept", "needs=faults")
{
	const char *c = "UGNI-3.10.4-earlier-events-kept";
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	gni_error_mask_t old = 0;
	fx_setup(&f, 0);
	subscribe(f.a.nic, GNI_ERRMASK_TRANSACTION | GNI_ERRMASK_CRITICAL, &h);
	inject(&f.a, &f.b, &ev);
	RT_REQUIRE_EQ_INT(GNI_SetErrorMask(h, GNI_ERRMASK_CRITICAL, &old), GNI_RC_SUCCESS, "UGNI-3.10.4-success");
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(e.error_category, GNI_ERRMASK_TRANSACTION, c);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, c);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST_ATTRS(timestamps, "ugni.get_error_event.data.timestamps_non_decreasing", "UGNI-3.10.5-event-timestamp", "needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e1, e2;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	inject(&f.a, &f.b, &ev);
	inject(&f.a, &f.b, &ev);
	RT_REQUIRE_EQ_INT(GNI_GetErrorEvent(h, &e1), GNI_RC_SUCCESS, "UGNI-3.10.5-event-timestamp");
	RT_REQUIRE_EQ_INT(GNI_GetErrorEvent(h, &e2), GNI_RC_SUCCESS, "UGNI-3.10.5-event-timestamp");
	RT_EXPECT_TRUE(e2.timestamp >= e1.timestamp, "UGNI-3.10.5-event-timestamp");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* More errors than the EEQ holds, none read yet: whatever the queue
 * keeps (E-UGNI-221), it hands each event out once, oldest first. */
RT_TEST_ATTRS(full_eeq, "ugni.get_error_event.full_queue.each_event_once",
	"UGNI-3.10.5-full-queue-each-event-once", "needs=faults")
{
	const char *c = "UGNI-3.10.5-full-queue-each-event-once";
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	uint32_t last = 0;
	int got = 0;
	gni_return_t rc;

	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(f.a.nic, 0, ALL_ERRS, 2, &h), GNI_RC_SUCCESS,
			  "UGNI-3.10.1-success");
	for (int i = 0; i < 5; i++)
		inject(&f.a, &f.b, &ev);
	while (got < 16 && (rc = GNI_GetErrorEvent(h, &e)) == GNI_RC_SUCCESS) {
		if (got > 0 && e.serial_number <= last)
			RT_FAIL(c, "serial numbers increasing", "a repeat or an older event",
				"event %d has serial %u after %u", got + 1,
				(unsigned)e.serial_number, (unsigned)last);
		last = e.serial_number;
		got++;
	}
	RT_EXPECT_TRUE(got >= 1 && got <= 5, c);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, c);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST(not_done, "ugni.get_error_event.empty.not_done", "UGNI-3.10.5-rc-not-done,UGNI-3.10.1-eeq-size-zero-default")
{
	struct fx f; gni_err_handle_t h; gni_error_event_t e;
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(f.a.nic, 0, ALL_ERRS, 0, &h), GNI_RC_SUCCESS, "UGNI-3.10.1-eeq-size-zero-default");
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, "UGNI-3.10.5-rc-not-done");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

static void wait_events(int pending, uint32_t size, uint32_t want, const char *c)
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e[4];
	uint32_t n = 99;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	for (int i = 0; i < pending; i++)
		inject(&f.a, &f.b, &ev);
	memset(e, 0xa5, sizeof e);
	gni_return_t rc = GNI_WaitErrorEvents(h, e, size, 20, &n);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_TIMEOUT);
	RT_EXPECT_EQ_INT(n, want, c);
	/* each event as GetErrorEvent gives it (3.13.1): the transaction
	 * errors injected, of our ptag, in the order they were reported
	 * (serial_number, error_code, info_mmrs: any, E-UGNI-160) */
	for (uint32_t i = 0; i < n && i < 4; i++) {
		RT_EXPECT_EQ_INT(e[i].ptag, FX_PTAG, c);
		RT_EXPECT_EQ_INT(e[i].error_category, GNI_ERRMASK_TRANSACTION, c);
		if (i > 0)
			RT_EXPECT_TRUE(e[i].timestamp >= e[i - 1].timestamp, c);
	}
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST_ATTRS(wait_filled, "ugni.wait_error_events.count.one_of_one", "UGNI-3.10.6-success-filled", "needs=faults")
{ wait_events(1, 1, 1, "UGNI-3.10.6-success-filled"); }
RT_TEST_ATTRS(wait_partial, "ugni.wait_error_events.count.one_of_four", "UGNI-3.10.6-timeout-partial", "needs=faults")
{ wait_events(1, 4, 1, "UGNI-3.10.6-timeout-partial"); }
RT_TEST_ATTRS(wait_coalesce, "ugni.wait_error_events.count.three_of_four", "UGNI-3.10.6-coalesces", "needs=faults")
{ wait_events(3, 4, 3, "UGNI-3.10.6-coalesces"); }

/* "After the first event the call waits timeout ms to coalesce further
 * events": with one event pending and room for four, the call returns no
 * sooner than its timeout (a lower bound only; a loaded machine may take
 * longer). */
RT_TEST_ATTRS(wait_waits, "ugni.wait_error_events.coalesce.waits_the_timeout", "UGNI-3.10.6-coalesces", "needs=faults")
{
	const char *c = "UGNI-3.10.6-coalesces";
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e[4];
	struct timespec t0, t1;
	uint32_t n = 99;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	inject(&f.a, &f.b, &ev);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	RT_EXPECT_RC_IN(GNI_WaitErrorEvents(h, e, 4, 100, &n), c,
			GNI_RC_SUCCESS, GNI_RC_TIMEOUT);	/* E-UGNI-125 */
	clock_gettime(CLOCK_MONOTONIC, &t1);
	long ms = (t1.tv_sec - t0.tv_sec) * 1000 + (t1.tv_nsec - t0.tv_nsec) / 1000000;
	RT_EXPECT_EQ_INT(n, 1, c);
	RT_EXPECT_TRUE(ms >= 90, c);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* The clause needs an unprivileged caller: as root, become nobody first
 * (this process only; UNSUPPORTED when that is refused). */
static void unprivileged(void)
{
	if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0))
		rt_unsupported("needs an unprivileged caller (root could not drop privileges)");
}

static void on_alarm(int sig) { (void)sig; }

RT_TEST(wait_intr, "ugni.wait_error_events.signal.interrupted", "UGNI-3.10.6-rc-not-done-interrupted")
{
	struct fx f; gni_err_handle_t h; gni_error_event_t e; uint32_t n;
	struct sigaction sa, old;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;	/* no SA_RESTART */
	sigaction(SIGALRM, &sa, &old);
	/* A signal every 50 ms until the wait returns: one that lands while
	 * the implementation is not asleep must not make the test flaky. */
	struct itimerval every = { { 0, 50000 }, { 0, 20000 } }, off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &every, NULL);
	RT_EXPECT_EQ_INT(GNI_WaitErrorEvents(h, &e, 1, 1000, &n), GNI_RC_NOT_DONE, "UGNI-3.10.6-rc-not-done-interrupted");
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, &old, NULL);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* The same interruption after a WaitErrorEvents that returned an event:
 * the completed wait left the caller's signals deliverable. */
RT_TEST_ATTRS(wait_intr_again, "ugni.wait_error_events.signal.interrupted_after_success",
	"UGNI-3.10.6-rc-not-done-interrupted,UGNI-3.10.6-success-filled", "needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_error_event_t e; uint32_t n; gni_cq_entry_t ev;
	struct sigaction sa, old;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	inject(&f.a, &f.b, &ev);
	RT_REQUIRE_EQ_INT(GNI_WaitErrorEvents(h, &e, 1, 20, &n), GNI_RC_SUCCESS, "UGNI-3.10.6-success-filled");
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;	/* no SA_RESTART */
	sigaction(SIGALRM, &sa, &old);
	struct itimerval every = { { 0, 50000 }, { 0, 20000 } }, off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &every, NULL);
	RT_EXPECT_EQ_INT(GNI_WaitErrorEvents(h, &e, 1, 1000, &n), GNI_RC_NOT_DONE, "UGNI-3.10.6-rc-not-done-interrupted");
	setitimer(ITIMER_REAL, &off, NULL);
	sigaction(SIGALRM, &old, NULL);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST_ATTRS(wait_perm, "ugni.wait_error_events.param.read_only_events", "UGNI-3.10.6-rc-permission-error", "needs=faults")
{
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; uint32_t n;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	inject(&f.a, &f.b, &ev);
	void *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	RT_REQUIRE_TRUE(ro != MAP_FAILED, "-");
	RT_EXPECT_EQ_INT(GNI_WaitErrorEvents(h, ro, 1, 20, &n), GNI_RC_PERMISSION_ERROR, "UGNI-3.10.6-rc-permission-error");
	munmap(ro, 4096);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST(priv_null_nic, "ugni.subscribe_errors.privilege.null_nic_privileged", "UGNI-3.10.1-privileged-null-nic")
{
	gni_err_handle_t h;
	gni_return_t rc = GNI_SubscribeErrors(NULL, 0, ALL_ERRS, 16, &h);
	if (rc == GNI_RC_PERMISSION_ERROR)
		rt_unsupported("the implementation treats the caller as unprivileged");
	RT_EXPECT_RC_IN(rc, "UGNI-3.10.1-privileged-null-nic", GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM);
	if (rc == GNI_RC_SUCCESS)
		GNI_ReleaseErrors(h);
}

/* The caller made privileged for this process through the test-control
 * interface (RDMACTS_TC_PRIVILEGED 1: effective uid 0 is privileged), so
 * that the clause runs without the privileged profile: once the knob is
 * applied the implementation grants the privilege, and a NULL nic_handle
 * subscribes.  With the knob back at 0 the caller is unprivileged again. */
RT_TEST(priv_null_nic_tc, "ugni.subscribe_errors.privilege.null_nic_privileged_by_control",
	"UGNI-3.10.1-privileged-null-nic,UGNI-3.10.1-rc-invalid-param-unprivileged-null-nic")
{
	const char *c = "UGNI-3.10.1-privileged-null-nic";
	gni_err_handle_t h;
	if (geteuid() != 0)
		rt_unsupported("needs effective uid 0, which the control knob makes privileged");
	fx_control(RDMACTS_TC_PRIVILEGED, 1);
	gni_return_t rc = GNI_SubscribeErrors(NULL, 0, ALL_ERRS, 16, &h);
	if (rc == GNI_RC_PERMISSION_ERROR) {
		fx_control(RDMACTS_TC_PRIVILEGED, 0);
		rt_unsupported("the implementation treats the caller as unprivileged");
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	if (rc == GNI_RC_SUCCESS)
		GNI_ReleaseErrors(h);
	fx_control(RDMACTS_TC_PRIVILEGED, 0);
	RT_EXPECT_EQ_INT(GNI_SubscribeErrors(NULL, 0, ALL_ERRS, 16, &h), GNI_RC_INVALID_PARAM,
			"UGNI-3.10.1-rc-invalid-param-unprivileged-null-nic");
}

RT_TEST(unpriv_null_nic, "ugni.subscribe_errors.privilege.null_nic_unprivileged", "UGNI-3.10.1-rc-invalid-param-unprivileged-null-nic")
{
	gni_err_handle_t h;
	unprivileged();
	RT_EXPECT_EQ_INT(GNI_SubscribeErrors(NULL, 0, ALL_ERRS, 16, &h), GNI_RC_INVALID_PARAM,
			"UGNI-3.10.1-rc-invalid-param-unprivileged-null-nic");
}

RT_TEST(own_ptag_set, "ugni.set_error_ptag.ptag.own", "UGNI-3.10.7-success-own-ptag")
{
	struct fx f; gni_err_handle_t h;
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	RT_EXPECT_RC_IN(GNI_SetErrorPtag(h, FX_PTAG), "UGNI-3.10.7-success-own-ptag", GNI_RC_SUCCESS, GNI_RC_PERMISSION_ERROR);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* Setting the handle's own ptag leaves it matching that ptag only: an
 * error of another domain's ptag is still not reported, one of its own is. */
RT_TEST_ATTRS(own_ptag_set_filters, "ugni.set_error_ptag.ptag.own_still_filters_others",
	"UGNI-3.10.7-success-own-ptag,UGNI-3.10.1-own-ptag", "needs=faults")
{
	const char *c = "UGNI-3.10.7-success-own-ptag";
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	fx_setup2(&f, 0, FX_PTAG + 1, FX_COOKIE);
	subscribe(f.a.nic, ALL_ERRS, &h);
	gni_return_t rc = GNI_SetErrorPtag(h, FX_PTAG);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_PERMISSION_ERROR);
	inject(&f.b, &f.a, &ev);	/* an error of ptag FX_PTAG + 1 */
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_NOT_DONE, "UGNI-3.10.1-own-ptag");
	inject(&f.a, &f.b, &ev);	/* one of the handle's own ptag */
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(e.ptag, FX_PTAG, c);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST(other_ptag_unpriv, "ugni.set_error_ptag.ptag.other_unprivileged", "UGNI-3.10.7-rc-permission-error")
{
	struct fx f; gni_err_handle_t h;
	unprivileged();
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	RT_EXPECT_EQ_INT(GNI_SetErrorPtag(h, FX_PTAG + 5), GNI_RC_PERMISSION_ERROR, "UGNI-3.10.7-rc-permission-error");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

RT_TEST_ATTRS(other_ptag_priv, "ugni.set_error_ptag.ptag.other_privileged", "UGNI-3.10.7-privileged-other-ptag", "needs=faults")
{
	const char *c = "UGNI-3.10.7-privileged-other-ptag";
	struct fx f; gni_err_handle_t h; gni_cq_entry_t ev; gni_error_event_t e;
	fx_setup2(&f, 0, FX_PTAG + 1, FX_COOKIE);
	subscribe(f.a.nic, ALL_ERRS, &h);
	gni_return_t rc = GNI_SetErrorPtag(h, FX_PTAG + 1);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_PERMISSION_ERROR);
	if (rc == GNI_RC_PERMISSION_ERROR) {
		GNI_ReleaseErrors(h);
		fx_teardown(&f);
		rt_unsupported("the implementation treats the caller as unprivileged");
	}
	inject(&f.b, &f.a, &ev);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(h, &e), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(e.ptag, FX_PTAG + 1, c);
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* Privilege is the caller's (3.10.1: "privileged users, such as
 * superusers"), the same for every call: a caller whose NULL-nic_handle
 * subscription is accepted is privileged, and may point a subscription
 * at another ptag. */
RT_TEST(priv_consistent, "ugni.set_error_ptag.privilege.same_as_subscribe_errors",
	"UGNI-3.10.7-privileged-other-ptag,UGNI-3.10.1-privileged-null-nic")
{
	const char *c = "UGNI-3.10.7-privileged-other-ptag";
	struct fx f; gni_err_handle_t hn, h;
	if (GNI_SubscribeErrors(NULL, 0, ALL_ERRS, 16, &hn) != GNI_RC_SUCCESS)
		rt_unsupported("the implementation treats the caller as unprivileged");
	GNI_ReleaseErrors(hn);
	fx_setup(&f, 0);
	subscribe(f.a.nic, ALL_ERRS, &h);
	RT_EXPECT_EQ_INT(GNI_SetErrorPtag(h, FX_PTAG + 5), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_SetErrorPtag(h, FX_PTAG), GNI_RC_SUCCESS, "UGNI-3.10.7-success-own-ptag");
	GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* Privileged mode names the device: one that does not exist is NO_MATCH;
 * an implementation without a privileged mode refuses the NULL handle. */
RT_TEST(priv_no_device, "ugni.subscribe_errors.privilege.null_nic_no_such_device", "UGNI-3.10.1-rc-no-match")
{
	gni_err_handle_t h;
	gni_return_t rc = GNI_SubscribeErrors(NULL, 0xFFFFFFFFu, ALL_ERRS, 16, &h);
	if (rc == GNI_RC_PERMISSION_ERROR)
		rt_unsupported("the implementation treats the caller as unprivileged");
	RT_EXPECT_RC_IN(rc, "UGNI-3.10.1-rc-no-match", GNI_RC_NO_MATCH, GNI_RC_INVALID_PARAM);
	if (rc == GNI_RC_SUCCESS)
		GNI_ReleaseErrors(h);
}

/* An EEQ of 2^32 - 1 entries: no NIC holds a queue that size. */
RT_TEST(eeq_too_big, "ugni.subscribe_errors.resource.eeq_size_max", "UGNI-3.10.1-rc-error-resource")
{
	struct fx f; gni_err_handle_t h;
	fx_setup(&f, 0);
	gni_return_t rc = GNI_SubscribeErrors(f.a.nic, 0, ALL_ERRS, 0xFFFFFFFFu, &h);
	RT_EXPECT_EQ_INT(rc, GNI_RC_ERROR_RESOURCE, "UGNI-3.10.1-rc-error-resource");
	if (rc == GNI_RC_SUCCESS)
		GNI_ReleaseErrors(h);
	fx_teardown(&f);
}

/* With a NIC handle the device_id is not the one subscribed to (it serves
 * privileged mode): whatever the call answers, a GNI_RC_SUCCESS comes with
 * a working err_handle. */
RT_TEST(nic_bad_device, "ugni.subscribe_errors.device.ignored_or_refused_with_nic",
	"UGNI-3.10.1-success")
{
	const char *c = "UGNI-3.10.1-success";
	struct fx f; gni_err_handle_t h; gni_error_mask_t m = 0;
	fx_setup(&f, 0);
	memset(&h, 0xA5, sizeof h);
	gni_return_t rc = GNI_SubscribeErrors(f.a.nic, 0xFFFFFFFFu, ALL_ERRS, 16, &h);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_NO_MATCH);
	if (rc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(GNI_GetErrorMask(h, &m), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(GNI_ReleaseErrors(h), GNI_RC_SUCCESS, c);
	}
	fx_teardown(&f);
}
