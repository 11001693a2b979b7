/*
 * evd.c: Event Dispatchers and CNOs in one thread: dequeue, wait,
 * threshold, enable/disable, waitable/unwaitable, resize, post_se, the
 * CNO trigger and its agent.
 */
#include <signal.h>
#include <sys/time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ut.h"

#define EVD_TEST(fn, name, clause)                                      \
	static void fn##_b(struct ut_ia *u, const char *cl);            \
	RT_TEST(fn, name, clause)                                       \
	{                                                               \
		struct ut_ia u;                                         \
		ut_open(&u, clause);                                    \
		fn##_b(&u, clause);                                     \
		ut_close(&u);                                           \
	}                                                               \
	static void fn##_b(struct ut_ia *u, const char *cl)

static DAT_EVD_HANDLE sw_evd(struct ut_ia *u, DAT_COUNT qlen, DAT_CNO_HANDLE cno, const char *cl)
{
	DAT_EVD_HANDLE e = DAT_HANDLE_NULL;
	UT_REQ(dat_evd_create(u->ia, qlen, cno, DAT_EVD_SOFTWARE_FLAG, &e), cl);
	return e;
}

static DAT_RETURN post(DAT_EVD_HANDLE e, uintptr_t v)
{
	DAT_EVENT ev;
	memset(&ev, 0, sizeof ev);
	ev.event_number = DAT_SOFTWARE_EVENT;
	ev.event_data.software_event_data.pointer = (DAT_PVOID)v;
	return dat_evd_post_se(e, &ev);
}

/*
 * After dat_evd_post_se returned DAT_QUEUE_FULL on e (E-UDAPL-053): the
 * qlen queued events are still there, or (Sun's daplt, reading "the
 * queue overflow condition does take place") e is in the overflow
 * condition and refuses dequeueing with DAT_INVALID_STATE.  Nothing else.
 */
static void expect_full_evd_after_post_se(DAT_EVD_HANDLE e, DAT_COUNT qlen, const char *cl)
{
	DAT_EVENT ev;
	DAT_RETURN rc = dat_evd_dequeue(e, &ev);
	if (DAT_GET_TYPE(rc) == DAT_INVALID_STATE) {
		UT_RC(dat_evd_dequeue(e, &ev), DAT_INVALID_STATE, cl);
		return;
	}
	int k = 0;
	while (rc == DAT_SUCCESS) {
		k++;
		rc = dat_evd_dequeue(e, &ev);
	}
	RT_EXPECT_EQ_INT(k, qlen, cl);
	UT_RC(rc, DAT_QUEUE_EMPTY, cl);
}

static uintptr_t ptr_of(const DAT_EVENT *ev)
{
	return (uintptr_t)ev->event_data.software_event_data.pointer;
}

static DAT_CNO_HANDLE cno_new(struct ut_ia *u, const char *cl)
{
	DAT_CNO_HANDLE c;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	return c;
}

#define CNO_UNSET ((DAT_EVD_HANDLE)0x1)	/* what cno_poll stores before waiting */

static DAT_RETURN cno_poll(DAT_CNO_HANDLE c, DAT_TIMEOUT us, DAT_EVD_HANDLE *out)
{
	*out = CNO_UNSET;
	return dat_cno_wait(c, us, out);
}

/* ---- dat_evd_create ---- */

EVD_TEST(c_ok, "udapl.evd_create.rc.success", "UDAPL-dat_evd_create-rc-success")
{
	DAT_EVD_HANDLE e;
	DAT_EVD_PARAM p;
	RT_EXPECT_EQ_INT(dat_evd_create(u->ia, 16, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &e), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.evd_qlen >= 16, cl);
	RT_EXPECT_TRUE((p.evd_flags & DAT_EVD_DTO_FLAG) != 0, cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_ENABLED) && (p.evd_state & DAT_EVD_STATE_WAITABLE), cl);
}
EVD_TEST(c_cno, "udapl.evd_create.handle.cno", "UDAPL-dat_evd_create-rc-invalid-handle-cno")
{
	DAT_EVD_HANDLE e;
	UT_RC(dat_evd_create(u->ia, 16, u->req, DAT_EVD_DTO_FLAG, &e), DAT_INVALID_HANDLE, cl);
}
EVD_TEST(c_qlen0, "udapl.evd_create.param.qlen_zero", "UDAPL-dat_evd_create-rc-invalid-parameter-qlen-zero")
{
	DAT_EVD_HANDLE e;
	UT_RC(dat_evd_create(u->ia, 0, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &e), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_evd_create(u->ia, -1, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &e), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(c_qlen_max, "udapl.evd_create.param.qlen_above_max", "UDAPL-dat_evd_create-rc-invalid-parameter-qlen-max")
{
	DAT_EVD_HANDLE e;
	DAT_IA_ATTR a;
	ut_attrs(u->ia, &a, NULL);
	UT_RC(dat_evd_create(u->ia, a.max_evd_qlen + 1, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &e),
			DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(c_flags, "udapl.evd_create.param.flags", "UDAPL-dat_evd_create-rc-invalid-parameter-flags")
{
	DAT_EVD_HANDLE e;
	UT_RC(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, (DAT_EVD_FLAGS)0, &e), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, (DAT_EVD_FLAGS)0x200, &e), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(c_null, "udapl.evd_create.param.null_out", "UDAPL-dat_evd_create-rc-invalid-parameter-null-out")
{
	UT_RC(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, NULL), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(c_model, "udapl.evd_create.model.merging", "UDAPL-dat_evd_create-rc-model-not-supported")
{
	DAT_EVD_HANDLE e;
	DAT_RETURN rc = dat_evd_create(u->ia, 8, DAT_HANDLE_NULL,
			DAT_EVD_DTO_FLAG | DAT_EVD_CR_FLAG | DAT_EVD_CONNECTION_FLAG, &e);
	if (rc == DAT_SUCCESS)
		rt_unsupported("the Provider merges these event streams");
	UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
}
EVD_TEST(c_absurd, "udapl.evd_create.rob.absurd_qlen", "UDAPL-dat_evd_create-rob-absurd-qlen")
{
	DAT_EVD_HANDLE e;
	UT_RC_IN(dat_evd_create(u->ia, 0x7FFFFFFF, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &e), cl,
			DAT_INVALID_PARAMETER, DAT_INSUFFICIENT_RESOURCES);
}
EVD_TEST(c_sw, "udapl.evd_create.stream.software", "UDAPL-dat_evd_create-stream-software")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	DAT_EVENT ev;
	UT_OK(post(e, 5), cl);
	if (RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl))
		RT_EXPECT_EQ_U64(ptr_of(&ev), 5, cl);
}
EVD_TEST(c_async, "udapl.evd_create.stream.async", "UDAPL-dat_evd_create-stream-async")
{
	DAT_EVD_HANDLE e, a, got = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia;
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_ASYNC_FLAG, &e), cl);
	a = e;
	RT_EXPECT_EQ_INT(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &a, &ia), DAT_SUCCESS, cl);
	UT_OK(dat_ia_query(ia, &got, 0, NULL, 0, NULL), cl);
	RT_EXPECT_TRUE(got == e, cl);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

/* ---- dequeue / wait ---- */

EVD_TEST(d_ok, "udapl.evd_dequeue.rc.success", "UDAPL-dat_evd_dequeue-rc-success")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	DAT_EVENT ev;
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_INT(ev.event_number, DAT_SOFTWARE_EVENT, cl);
	RT_EXPECT_TRUE(ev.evd_handle == e, cl);
}
EVD_TEST(d_empty, "udapl.evd_dequeue.rc.queue_empty", "UDAPL-dat_evd_dequeue-rc-queue-empty")
{
	DAT_EVENT ev;
	UT_RC(dat_evd_dequeue(sw_evd(u, 4, DAT_HANDLE_NULL, cl), &ev), DAT_QUEUE_EMPTY, cl);
}
EVD_TEST(d_null, "udapl.evd_dequeue.param.null_event", "UDAPL-dat_evd_dequeue-rc-invalid-parameter-null-event")
{
	UT_RC(dat_evd_dequeue(sw_evd(u, 4, DAT_HANDLE_NULL, cl), NULL), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(d_first, "udapl.evd_dequeue.order.first_event", "UDAPL-dat_evd_dequeue-removes-first-event")
{
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	DAT_EVENT ev;
	for (uintptr_t i = 1; i <= 3; i++)
		UT_REQ(post(e, i), cl);
	for (uintptr_t i = 1; i <= 3; i++)
		if (RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl))
			RT_EXPECT_EQ_U64(ptr_of(&ev), i, cl);
	UT_RC(dat_evd_dequeue(e, &ev), DAT_QUEUE_EMPTY, cl);
}
EVD_TEST(d_noblock, "udapl.evd_dequeue.state.does_not_block", "UDAPL-dat_evd_dequeue-does-not-block")
{
	DAT_EVENT ev;
	double t0 = ut_now_ms();
	UT_RC(dat_evd_dequeue(sw_evd(u, 4, DAT_HANDLE_NULL, cl), &ev), DAT_QUEUE_EMPTY, cl);
	RT_EXPECT_TRUE(ut_now_ms() - t0 < 100, cl);
}
EVD_TEST(w_ok, "udapl.evd_wait.rc.success", "UDAPL-dat_evd_wait-rc-success")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	DAT_EVENT ev;
	DAT_COUNT n = -1;
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(dat_evd_wait(e, UT_TIMEOUT, 1, &ev, &n), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_INT(n, 0, cl);
}
EVD_TEST(w_thr0, "udapl.evd_wait.param.threshold_zero", "UDAPL-dat_evd_wait-rc-invalid-parameter-threshold-zero")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_RC(dat_evd_wait(e, 0, 0, &ev, &n), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_evd_wait(e, 0, -1, &ev, &n), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(w_thr_big, "udapl.evd_wait.param.threshold_above_qlen", "UDAPL-dat_evd_wait-rc-invalid-parameter-threshold-large")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_query(e, DAT_EVD_FIELD_EVD_QLEN, &p), cl);
	UT_RC(dat_evd_wait(e, 0, p.evd_qlen + 1, &ev, &n), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(w_null, "udapl.evd_wait.param.null_outputs", "UDAPL-dat_evd_wait-rc-invalid-parameter-null-out")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_RC(dat_evd_wait(e, 0, 1, NULL, &n), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_evd_wait(e, 0, 1, &ev, NULL), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(w_unwaitable, "udapl.evd_wait.state.unwaitable", "UDAPL-dat_evd_wait-rc-invalid-state-unwaitable")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_set_unwaitable(e), cl);
	UT_RC(dat_evd_wait(e, 0, 1, &ev, &n), DAT_INVALID_STATE, cl);
}
EVD_TEST(w_thr_notify, "udapl.evd_wait.state.threshold_with_unsignalled_ep", "UDAPL-dat_evd_wait-rc-invalid-state-threshold-notification")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	ut_ep_flags(ep, DAT_COMPLETION_UNSIGNALLED_FLAG, DAT_COMPLETION_DEFAULT_FLAG, cl);
	UT_RC(dat_evd_wait(u->req, 0, 2, &ev, &n), DAT_INVALID_STATE, cl);
}
static volatile sig_atomic_t got_alarm;
static void on_alarm(int s) { (void)s; got_alarm = 1; }
EVD_TEST(w_intr, "udapl.evd_wait.rc.interrupted", "UDAPL-dat_evd_wait-rc-interrupted-call")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	struct sigaction sa;
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	/* A signal every 50 ms until the wait returns: one that lands while
	 * the implementation is not asleep must not make the test flaky. */
	struct itimerval every = { { 0, 50000 }, { 0, 200000 } }, off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &every, NULL);
	UT_RC(dat_evd_wait(sw_evd(u, 4, DAT_HANDLE_NULL, cl), 10000000, 1, &ev, &n), DAT_INTERRUPTED_CALL, cl);
	setitimer(ITIMER_REAL, &off, NULL);
}
/* The wait lasts about its timeout: 20 ms, not ten times as long. */
EVD_TEST(w_timeout_bound, "udapl.evd_wait.timeout.bounded", "UDAPL-dat_evd_wait-timeout-bound")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	double t0 = ut_now_ms();
	UT_RC(dat_evd_wait(e, 20000, 1, &ev, &n), DAT_TIMEOUT_EXPIRED, cl);
	double ms = ut_now_ms() - t0;
	if (!RT_EXPECT_TRUE(ms >= 19.0 && ms < 900.0, cl))
		rt_fail_at(cl, __FILE__, __LINE__, false, "20ms..900ms", "outside",
				"dat_evd_wait(timeout 20 ms) returned after %.1f ms", ms);
}
EVD_TEST(w_timeout, "udapl.evd_wait.rc.timeout_expired", "UDAPL-dat_evd_wait-rc-timeout-expired")
{
	DAT_EVENT ev;
	DAT_COUNT n = -1;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	UT_RC(dat_evd_wait(e, 50000, 3, &ev, &n), DAT_TIMEOUT_EXPIRED, cl);
	RT_EXPECT_EQ_INT(n, 1, cl);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl);
}
EVD_TEST(w_poll, "udapl.evd_wait.timeout.zero_polls", "UDAPL-dat_evd_wait-timeout-zero-polls")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	double t0 = ut_now_ms();
	UT_RC(dat_evd_wait(e, 0, 1, &ev, &n), DAT_TIMEOUT_EXPIRED, cl);
	RT_EXPECT_TRUE(ut_now_ms() - t0 < 100, cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(dat_evd_wait(e, 0, 1, &ev, &n), DAT_SUCCESS, cl);
}
EVD_TEST(w_first, "udapl.evd_wait.order.first_event", "UDAPL-dat_evd_wait-removes-first-event")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	for (uintptr_t i = 1; i <= 3; i++)
		UT_REQ(post(e, i), cl);
	for (uintptr_t i = 1; i <= 3; i++)
		if (RT_EXPECT_EQ_INT(dat_evd_wait(e, UT_TIMEOUT, 1, &ev, &n), DAT_SUCCESS, cl))
			RT_EXPECT_EQ_U64(ptr_of(&ev), i, cl);
}
EVD_TEST(w_threshold, "udapl.evd_wait.threshold.three_events", "UDAPL-dat_evd_wait-threshold-waits")
{
	DAT_EVENT ev;
	DAT_COUNT n = -1;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	UT_RC(dat_evd_wait(e, 30000, 3, &ev, &n), DAT_TIMEOUT_EXPIRED, cl);
	UT_OK(post(e, 2), cl);
	UT_RC(dat_evd_wait(e, 30000, 3, &ev, &n), DAT_TIMEOUT_EXPIRED, cl);
	UT_OK(post(e, 3), cl);
	RT_EXPECT_EQ_INT(dat_evd_wait(e, UT_TIMEOUT, 3, &ev, &n), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(n >= 2, cl);
}
EVD_TEST(w_nmore, "udapl.evd_wait.nmore.queued_minus_one", "UDAPL-dat_evd_wait-nmore-at-least-threshold-minus-one")
{
	DAT_EVENT ev;
	DAT_COUNT n = -1;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	for (uintptr_t i = 1; i <= 5; i++)
		UT_REQ(post(e, i), cl);
	UT_OK(dat_evd_wait(e, UT_TIMEOUT, 2, &ev, &n), cl);
	RT_EXPECT_EQ_INT(n, 4, cl);
}
EVD_TEST(w_fields, "udapl.evd_wait.event.evd_handle_filled", "UDAPL-dat_evd_wait-event-fields-out")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	memset(&ev, 0, sizeof ev);
	UT_OK(dat_evd_wait(e, UT_TIMEOUT, 1, &ev, &n), cl);
	RT_EXPECT_TRUE(ev.evd_handle == e, cl);
	RT_EXPECT_EQ_INT(ev.event_number, DAT_SOFTWARE_EVENT, cl);
}
EVD_TEST(w_default_notify, "udapl.evd_wait.usage.default_completion_notifies", "UDAPL-dat_evd_wait-usage-mixing-models")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(dat_evd_wait(e, UT_TIMEOUT, 1, &ev, &n), DAT_SUCCESS, cl);
}

/* ---- post_se ---- */

EVD_TEST(se_ok, "udapl.evd_post_se.rc.success", "UDAPL-dat_evd_post_se-rc-success")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 8, DAT_HANDLE_NULL, cl);
	RT_EXPECT_EQ_INT(post(e, 0x1000), DAT_SUCCESS, cl);
	UT_OK(dat_evd_dequeue(e, &ev), cl);
	RT_EXPECT_EQ_U64(ptr_of(&ev), 0x1000, cl);
}
EVD_TEST(se_type, "udapl.evd_post_se.param.event_number", "UDAPL-dat_evd_post_se-rc-invalid-parameter-type")
{
	DAT_EVENT ev;
	memset(&ev, 0, sizeof ev);
	ev.event_number = DAT_DTO_COMPLETION_EVENT;
	UT_RC(dat_evd_post_se(sw_evd(u, 8, DAT_HANDLE_NULL, cl), &ev), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(se_null, "udapl.evd_post_se.param.null_event", "UDAPL-dat_evd_post_se-rc-invalid-parameter-null")
{
	UT_RC(dat_evd_post_se(sw_evd(u, 8, DAT_HANDLE_NULL, cl), NULL), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(se_nosw, "udapl.evd_post_se.param.no_software_stream", "UDAPL-dat_evd_post_se-rc-invalid-parameter-no-sw-stream")
{
	UT_RC(post(u->req, 1), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(se_full, "udapl.evd_post_se.rc.queue_full", "UDAPL-dat_evd_post_se-rc-queue-full")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_query(e, DAT_EVD_FIELD_EVD_QLEN, &p), cl);
	for (int i = 0; i < p.evd_qlen; i++)
		UT_REQ(post(e, (uintptr_t)i + 1), cl);
	UT_RC(post(e, 99), DAT_QUEUE_FULL, cl);
	expect_full_evd_after_post_se(e, p.evd_qlen, cl);
}
EVD_TEST(se_no_overflow, "udapl.evd_post_se.queue_full.no_async_overflow", "UDAPL-dat_evd_post_se-queue-full-no-overflow")
{
	DAT_EVENT ev;
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_query(e, DAT_EVD_FIELD_EVD_QLEN, &p), cl);
	for (int i = 0; i < p.evd_qlen; i++)
		UT_REQ(post(e, 1), cl);
	UT_RC(post(e, 2), DAT_QUEUE_FULL, cl);
	UT_RC(dat_evd_dequeue(u->async, &ev), DAT_QUEUE_EMPTY, cl);
	expect_full_evd_after_post_se(e, p.evd_qlen, cl);
}
EVD_TEST(se_opaque, "udapl.evd_post_se.data.pointer_opaque", "UDAPL-dat_evd_post_se-pointer-opaque")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	UT_OK(dat_evd_dequeue(e, &ev), cl);
	RT_EXPECT_EQ_U64(ptr_of(&ev), 1, cl);
}
EVD_TEST(se_number, "udapl.evd_post_se.data.event_number", "UDAPL-dat_evd_post_se-software-event-number")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	UT_OK(dat_evd_dequeue(e, &ev), cl);
	RT_EXPECT_EQ_INT(ev.event_number, 0x10001, cl);
}
EVD_TEST(se_garbage, "udapl.evd_post_se.rob.garbage_event_number", "UDAPL-dat_evd_post_se-rob-garbage-event-number")
{
	DAT_EVENT ev;
	memset(&ev, 0, sizeof ev);
	ev.event_number = (DAT_EVENT_NUMBER)0xDEADBEEF;
	UT_RC(dat_evd_post_se(sw_evd(u, 4, DAT_HANDLE_NULL, cl), &ev), DAT_INVALID_PARAMETER, cl);
}

/* ---- query / resize / free ---- */

EVD_TEST(q_ok, "udapl.evd_query.rc.success", "UDAPL-dat_evd_query-rc-success")
{
	DAT_EVD_PARAM p;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 8, c, cl);
	RT_EXPECT_EQ_INT(dat_evd_query(e, DAT_EVD_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia && p.evd_qlen >= 8 && p.cno_handle == c &&
			(p.evd_flags & DAT_EVD_SOFTWARE_FLAG), cl);
	int cfg = p.evd_state & 0x30;	/* E-UDAPL-045 */
	RT_EXPECT_TRUE(cfg == DAT_EVD_STATE_CONFIG_NOTIFY || cfg == DAT_EVD_STATE_CONFIG_SOLICITED ||
			cfg == DAT_EVD_STATE_CONFIG_THRESHOLD, cl);
}
EVD_TEST(q_null, "udapl.evd_query.param.null_param", "UDAPL-dat_evd_query-rc-invalid-parameter")
{
	UT_RC(dat_evd_query(u->req, DAT_EVD_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(r_ok, "udapl.evd_resize.rc.grow", "UDAPL-dat_evd_resize-rc-success")
{
	DAT_EVD_PARAM p;
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_OK(post(e, 1), cl);
	UT_OK(post(e, 2), cl);
	RT_EXPECT_EQ_INT(dat_evd_resize(e, 32), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_QLEN, &p), cl);
	RT_EXPECT_TRUE(p.evd_qlen >= 32, cl);
	for (uintptr_t i = 1; i <= 2; i++)
		if (RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl))
			RT_EXPECT_EQ_U64(ptr_of(&ev), i, cl);
}
EVD_TEST(r_param, "udapl.evd_resize.param.bad_qlen", "UDAPL-dat_evd_resize-rc-invalid-parameter")
{
	DAT_IA_ATTR a;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	ut_attrs(u->ia, &a, NULL);
	UT_RC(dat_evd_resize(e, 0), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_evd_resize(e, -3), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_evd_resize(e, a.max_evd_qlen + 1), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(r_state, "udapl.evd_resize.state.below_queued", "UDAPL-dat_evd_resize-rc-invalid-state")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 16, DAT_HANDLE_NULL, cl);
	for (uintptr_t i = 1; i <= 8; i++)
		UT_REQ(post(e, i), cl);
	DAT_RETURN rc = dat_evd_resize(e, 2);
	UT_RC_IN(rc, cl, DAT_INVALID_STATE, DAT_SUCCESS);
	int k = 0;
	while (dat_evd_dequeue(e, &ev) == DAT_SUCCESS)
		k++;
	RT_EXPECT_EQ_INT(k, 8, cl);
}
EVD_TEST(r_no_loss, "udapl.evd_resize.events.none_lost", "UDAPL-dat_evd_resize-no-event-lost")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(post(e, 1), cl);
	UT_REQ(post(e, 2), cl);
	UT_REQ(dat_evd_resize(e, 16), cl);
	UT_REQ(post(e, 3), cl);
	for (uintptr_t i = 1; i <= 3; i++)
		if (RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl))
			RT_EXPECT_EQ_U64(ptr_of(&ev), i, cl);
}
EVD_TEST(r_larger, "udapl.evd_resize.resource.larger_queue_used", "UDAPL-dat_evd_resize-larger-queue-used")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_resize(e, 64), cl);
	for (uintptr_t i = 0; i < 64; i++)
		if (!RT_EXPECT_EQ_INT(post(e, i + 1), DAT_SUCCESS, cl))
			return;
}
EVD_TEST(r_absurd, "udapl.evd_resize.rob.absurd_qlen", "UDAPL-dat_evd_resize-rob-absurd-qlen")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_RC_IN(dat_evd_resize(e, 0x7FFFFFFF), cl, DAT_INVALID_PARAMETER, DAT_INSUFFICIENT_RESOURCES);
	UT_OK(post(e, 1), cl);
	UT_OK(dat_evd_dequeue(e, &ev), cl);
}
EVD_TEST(f_ok, "udapl.evd_free.rc.success", "UDAPL-dat_evd_free-rc-success")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	RT_EXPECT_EQ_INT(dat_evd_free(e), DAT_SUCCESS, cl);
}
EVD_TEST(f_ep, "udapl.evd_free.state.used_by_ep", "UDAPL-dat_evd_free-rc-invalid-state-ep")
{
	(void)ut_ep(u, NULL, cl);
	UT_RC(dat_evd_free(u->req), DAT_INVALID_STATE, cl);
}
EVD_TEST(f_psp, "udapl.evd_free.state.used_by_psp", "UDAPL-dat_evd_free-rc-invalid-state-psp")
{
	DAT_PSP_HANDLE p;
	UT_REQ(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
	UT_RC(dat_evd_free(u->cr), DAT_INVALID_STATE, cl);
}
EVD_TEST(f_async, "udapl.evd_free.state.async_evd_of_open_ia", "UDAPL-dat_evd_free-rc-invalid-state-async")
{
	DAT_EVD_HANDLE e, a;
	DAT_IA_HANDLE ia;
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_ASYNC_FLAG, &e), cl);
	a = e;
	UT_REQ(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &a, &ia), cl);
	UT_RC(dat_evd_free(e), DAT_INVALID_STATE, cl);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

/* ---- enable / disable / unwaitable ---- */

EVD_TEST(dis_ok, "udapl.evd_disable.rc.success", "UDAPL-dat_evd_disable-rc-success")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	RT_EXPECT_EQ_INT(dat_evd_disable(e), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_STATE, &p), cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_DISABLED) != 0, cl);
}
EVD_TEST(dis_noop, "udapl.evd_disable.state.twice_noop", "UDAPL-dat_evd_disable-already-disabled-noop")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_disable(e), cl);
	RT_EXPECT_EQ_INT(dat_evd_disable(e), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_STATE, &p), cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_DISABLED) != 0, cl);
}
EVD_TEST(dis_cno, "udapl.evd_disable.cno.not_triggered", "UDAPL-dat_evd_disable-cno-not-triggered")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE got;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	UT_REQ(dat_evd_disable(e), cl);
	UT_OK(post(e, 1), cl);
	ut_cno_timed_out(cno_poll(c, 300000, &got), &got, CNO_UNSET, cl);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl);
}
EVD_TEST(dis_cno2, "udapl.cno_wait.notify.disabled_evd", "UDAPL-dat_cno_wait-disabled-evd-no-notify")
{
	DAT_EVD_HANDLE got;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	UT_REQ(dat_evd_disable(e), cl);
	UT_OK(post(e, 1), cl);
	ut_cno_timed_out(cno_poll(c, 200000, &got), &got, CNO_UNSET, cl);
}
EVD_TEST(en_ok, "udapl.evd_enable.rc.success", "UDAPL-dat_evd_enable-rc-success")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_disable(e), cl);
	RT_EXPECT_EQ_INT(dat_evd_enable(e), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_STATE, &p), cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_ENABLED) != 0, cl);
}
EVD_TEST(en_noop, "udapl.evd_enable.state.twice_noop", "UDAPL-dat_evd_enable-already-enabled-noop")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	RT_EXPECT_EQ_INT(dat_evd_enable(e), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_STATE, &p), cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_ENABLED) != 0, cl);
}
EVD_TEST(en_cno, "udapl.evd_enable.cno.triggered_again", "UDAPL-dat_evd_enable-cno-triggered-again")
{
	DAT_EVD_HANDLE got = DAT_HANDLE_NULL;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	UT_REQ(dat_evd_disable(e), cl);
	UT_REQ(dat_evd_enable(e), cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(cno_poll(c, UT_TIMEOUT, &got), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(got == e, cl);
}
EVD_TEST(un_ok, "udapl.evd_set_unwaitable.rc.success", "UDAPL-dat_evd_set_unwaitable-rc-success")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	RT_EXPECT_EQ_INT(dat_evd_set_unwaitable(e), DAT_SUCCESS, cl);
}
EVD_TEST(un_state, "udapl.evd_set_unwaitable.state.reported", "UDAPL-dat_evd_set_unwaitable-state-reported")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_set_unwaitable(e), cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_STATE, &p), cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_UNWAITABLE) != 0, cl);
}
EVD_TEST(un_cno, "udapl.evd_set_unwaitable.cno.still_triggered", "UDAPL-dat_evd_set_unwaitable-cno-still-triggered")
{
	DAT_EVD_HANDLE got = DAT_HANDLE_NULL;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	UT_REQ(dat_evd_set_unwaitable(e), cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(cno_poll(c, UT_TIMEOUT, &got), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(got == e, cl);
}
EVD_TEST(un_dequeue, "udapl.evd_dequeue.unwaitable.still_dequeues", "UDAPL-dat_evd_dequeue-works-when-unwaitable")
{
	DAT_EVENT ev;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_set_unwaitable(e), cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(e, &ev), DAT_SUCCESS, cl);
}
EVD_TEST(cu_ok, "udapl.evd_clear_unwaitable.rc.success", "UDAPL-dat_evd_clear_unwaitable-rc-success")
{
	DAT_EVD_PARAM p;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_set_unwaitable(e), cl);
	RT_EXPECT_EQ_INT(dat_evd_clear_unwaitable(e), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_EVD_STATE, &p), cl);
	RT_EXPECT_TRUE((p.evd_state & DAT_EVD_STATE_WAITABLE) != 0, cl);
}
EVD_TEST(cu_wait, "udapl.evd_clear_unwaitable.state.wait_works", "UDAPL-dat_evd_clear_unwaitable-wait-works-again")
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_REQ(dat_evd_set_unwaitable(e), cl);
	UT_REQ(dat_evd_clear_unwaitable(e), cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(dat_evd_wait(e, UT_TIMEOUT, 1, &ev, &n), DAT_SUCCESS, cl);
}
EVD_TEST(mc_ok, "udapl.evd_modify_cno.rc.success", "UDAPL-dat_evd_modify_cno-rc-success")
{
	DAT_EVD_PARAM p;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	RT_EXPECT_EQ_INT(dat_evd_modify_cno(e, c), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_CNO, &p), cl);
	RT_EXPECT_TRUE(p.cno_handle == c, cl);
}
EVD_TEST(mc_null, "udapl.evd_modify_cno.rc.null_cno", "UDAPL-dat_evd_modify_cno-rc-success-null-cno")
{
	DAT_EVD_PARAM p;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	RT_EXPECT_EQ_INT(dat_evd_modify_cno(e, DAT_HANDLE_NULL), DAT_SUCCESS, cl);
	UT_OK(dat_evd_query(e, DAT_EVD_FIELD_CNO, &p), cl);
	RT_EXPECT_TRUE(p.cno_handle == DAT_HANDLE_NULL, cl);
}
EVD_TEST(mc_bad, "udapl.evd_modify_cno.handle.cno", "UDAPL-dat_evd_modify_cno-rc-invalid-handle-cno")
{
	DAT_EVD_HANDLE e = sw_evd(u, 4, DAT_HANDLE_NULL, cl);
	UT_RC(dat_evd_modify_cno(e, u->req), DAT_INVALID_HANDLE, cl);
}

/* ---- CNO ---- */

EVD_TEST(cw_ok, "udapl.cno_wait.rc.success", "UDAPL-dat_cno_wait-rc-success")
{
	DAT_EVD_HANDLE got = DAT_HANDLE_NULL;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	UT_OK(post(e, 1), cl);
	RT_EXPECT_EQ_INT(cno_poll(c, UT_TIMEOUT, &got), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(got == e, cl);
}
EVD_TEST(cw_timeout, "udapl.cno_wait.rc.timeout_queue_empty", "UDAPL-dat_cno_wait-rc-queue-empty-timeout")
{
	DAT_EVD_HANDLE got;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	(void)sw_evd(u, 4, c, cl);
	double t0 = ut_now_ms();
	ut_cno_timed_out(cno_poll(c, 100000, &got), &got, CNO_UNSET, cl);
	RT_EXPECT_TRUE(ut_now_ms() - t0 >= 99, cl);
}
EVD_TEST(cw_null, "udapl.cno_wait.param.null_out", "UDAPL-dat_cno_wait-rc-invalid-parameter-null-out")
{
	UT_RC(dat_cno_wait(cno_new(u, cl), 0, NULL), DAT_INVALID_PARAMETER, cl);
}
EVD_TEST(cw_intr, "udapl.cno_wait.rc.interrupted", "UDAPL-dat_cno_wait-rc-interrupted-call")
{
	DAT_EVD_HANDLE got;
	struct sigaction sa;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	(void)sw_evd(u, 4, c, cl);
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_alarm;
	sigaction(SIGALRM, &sa, NULL);
	struct itimerval every = { { 0, 50000 }, { 0, 200000 } }, off = { { 0, 0 }, { 0, 0 } };
	setitimer(ITIMER_REAL, &every, NULL);	/* as in udapl.evd_wait.rc.interrupted */
	UT_RC(dat_cno_wait(c, 10000000, &got), DAT_INTERRUPTED_CALL, cl);
	setitimer(ITIMER_REAL, &off, NULL);
}
EVD_TEST(cw_two, "udapl.cno_wait.notify.either_evd", "UDAPL-dat_cno_wait-same-ia-evds")
{
	DAT_EVD_HANDLE got = DAT_HANDLE_NULL;
	DAT_EVENT ev;
	DAT_CNO_HANDLE c = cno_new(u, cl);
	DAT_EVD_HANDLE e1 = sw_evd(u, 4, c, cl), e2 = sw_evd(u, 4, c, cl);
	UT_OK(post(e2, 1), cl);
	RT_EXPECT_EQ_INT(cno_poll(c, UT_TIMEOUT, &got), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(got == e2, cl);
	UT_OK(dat_evd_dequeue(e2, &ev), cl);
	UT_OK(post(e1, 2), cl);
	RT_EXPECT_EQ_INT(cno_poll(c, UT_TIMEOUT, &got), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(got == e1, cl);
}
static int agent_calls;
static void *agent_data;
static DAT_EVD_HANDLE agent_evd;
static void agent(DAT_PVOID d, DAT_EVD_HANDLE e) { agent_calls++; agent_data = d; agent_evd = e; }
EVD_TEST(cw_agent, "udapl.cno_wait.agent.called", "UDAPL-dat_cno_wait-agent-called")
{
	int tag;
	DAT_OS_WAIT_PROXY_AGENT ag = { &tag, agent };
	DAT_CNO_HANDLE c;
	UT_REQ_CAP(u->ia, UT_CAP_PROXY_AGENT, dat_cno_create(u->ia, ag, &c), cl);
	DAT_EVD_HANDLE e = sw_evd(u, 4, c, cl);
	UT_OK(post(e, 1), cl);
	ut_progress(e);
	RT_EXPECT_TRUE(agent_calls >= 1, cl);
	RT_EXPECT_TRUE(agent_data == &tag && agent_evd == e, cl);
}
EVD_TEST(cw_unsig, "udapl.cno_wait.notify.unsignalled_completion", "UDAPL-dat_cno_wait-unsignalled-no-notify")
{
	struct ut_conn c;
	struct ut_mem ma, mb;
	DAT_CNO_HANDLE cno;
	DAT_EVD_HANDLE got;
	DAT_EVENT ev;
	(void)u;
	ut_conn_setup(&c, cl);
	ut_ep_flags(c.ea, DAT_COMPLETION_UNSIGNALLED_FLAG, DAT_COMPLETION_DEFAULT_FLAG, cl);
	ut_conn_connect(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	UT_REQ(dat_cno_create(c.a.ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), cl);
	UT_REQ(dat_evd_modify_cno(c.a.req, cno), cl);
	DAT_LMR_TRIPLET s = ut_seg(&ma, 0, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&mb, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_REQ(dat_ep_post_rdma_write(c.ea, 1, &s, ck, &d, DAT_COMPLETION_UNSIGNALLED_FLAG), cl);
	ut_cno_timed_out(cno_poll(cno, 200000, &got), &got, CNO_UNSET, cl);
	RT_EXPECT_EQ_INT(dat_evd_dequeue(c.a.req, &ev), DAT_SUCCESS, cl);
	ut_conn_close(&c);
}
EVD_TEST(overflow, "udapl.evd_create.overflow.async_event", "UDAPL-dat_evd_create-evd-overflow-async")
{
	struct ut_conn c;
	struct ut_mem ma, mb;
	DAT_EVD_HANDLE small;
	DAT_EP_HANDLE ep;
	DAT_EVD_PARAM p;
	DAT_EVENT ev;
	(void)u;
	ut_conn_setup(&c, cl);
	UT_REQ(dat_evd_create(c.a.ia, 2, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &small), cl);
	UT_REQ(dat_ep_free(c.ea), cl);
	UT_REQ(dat_ep_create(c.a.ia, c.a.pz, c.a.rcv, small, c.a.conn, NULL, &ep), cl);
	c.ea = ep;
	ut_conn_connect(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	UT_REQ(dat_evd_query(small, DAT_EVD_FIELD_EVD_QLEN, &p), cl);
	DAT_LMR_TRIPLET s = ut_seg(&ma, 0, 8);
	DAT_RMR_TRIPLET d = ut_rseg(&mb, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	for (int i = 0; i <= p.evd_qlen; i++)
		(void)dat_ep_post_rdma_write(c.ea, 1, &s, ck, &d, 0);
	if (ut_wait(c.a.async, DAT_ASYNC_ERROR_EVD_OVERFLOW, &ev, cl))
		RT_EXPECT_TRUE(ev.event_data.asynch_error_event_data.dat_handle == small, cl);
	ut_conn_close(&c);
}
