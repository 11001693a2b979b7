/*
 * mt.c: behaviours of one thread blocked in dat_evd_wait or dat_cno_wait
 * while another thread calls the Provider.  Every page gives MT-Level
 * Unsafe: these calls may be concurrent only on a thread-safe Provider
 * (E-UDAPL-058).  Each test opens the IA named by RDMACTS_DAPL_IA_MT
 * (else RDMACTS_DAPL_IA; the reference registers rdmacts0_mt) asking
 * for thread safety; when
 * the registry or the Provider refuses, or the Provider attributes say
 * is_thread_safe false, the test is UNSUPPORTED.
 *
 * A test acts only once its waiter thread is inside the call: the
 * waiter announces that it is about to call, and the main thread then
 * waits until the kernel reports the thread asleep (/proc/self/task:
 * a wait that blocks or pauses between polls sleeps; before the call the
 * thread has nothing to sleep on), at most BLOCK_MS; on a busy machine a
 * fixed delay would not do.  A waiter that does not return within
 * WAKE_MS of the action fails the test (the process then exits with the
 * thread still blocked).
 *
 * Races between calls (udapl.evd_dequeue.threads.exactly_once) start
 * every thread at a barrier; with the adversarial schedule
 * (RDMACTS_TC_SCHEDULE_SEED), a Provider lingers inside the critical
 * section of a call until another thread contends, so calls that are not
 * serialised collide on every run.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "rdmacts_test_control.h"
#include "ut.h"

#define BLOCK_MS 5000.0

#define WAKE_MS 3000.0

static DAT_IA_HANDLE mt_open(const char *cl)
{
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_PROVIDER_ATTR p;
	DAT_RETURN rc;

	rc = dat_ia_openv((DAT_NAME_PTR)ut_ia_name_threadsafe(), 8, &async, &ia, DAT_VERSION_MAJOR,
			DAT_VERSION_MINOR, DAT_TRUE);
	if (DAT_GET_TYPE(rc) == DAT_PROVIDER_NOT_FOUND ||
			DAT_GET_TYPE(rc) == DAT_MODEL_NOT_SUPPORTED)
		rt_unsupported("no thread-safe Provider of this IA name: concurrent calls "
				"are outside the contract (E-UDAPL-058)");
	UT_REQ(rc, cl);
	ut_note_provider(async);
	ut_attrs(ia, NULL, &p);
	if (p.is_thread_safe != DAT_TRUE) {
		dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
		rt_unsupported("the Provider is not thread safe (E-UDAPL-058)");
	}
	return ia;
}

static DAT_EVD_HANDLE sw_evd(DAT_IA_HANDLE ia, DAT_COUNT qlen, DAT_CNO_HANDLE cno,
		const char *cl)
{
	DAT_EVD_HANDLE e = DAT_HANDLE_NULL;

	UT_REQ(dat_evd_create(ia, qlen, cno, DAT_EVD_SOFTWARE_FLAG, &e), cl);
	return e;
}

static void post_se(DAT_EVD_HANDLE evd, void *p, const char *cl)
{
	DAT_EVENT ev;

	memset(&ev, 0, sizeof ev);
	ev.event_number = DAT_SOFTWARE_EVENT;
	ev.event_data.software_event_data.pointer = p;
	UT_REQ(dat_evd_post_se(evd, &ev), cl);
}

/* A thread blocked in dat_evd_wait (kind 0) or dat_cno_wait (kind 1). */
struct waiter {
	pthread_t tid;
	int kind;
	DAT_HANDLE h;
	DAT_TIMEOUT timeout;
	atomic_int started, done;
	atomic_long task;		/* its kernel thread id */
	DAT_RETURN rc;
	DAT_EVENT ev;
	DAT_EVD_HANDLE cno_evd;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;
	DAT_COUNT n;

	atomic_store(&w->task, (long)syscall(SYS_gettid));
	atomic_store(&w->started, 1);
	if (w->kind == 0)
		w->rc = dat_evd_wait(w->h, w->timeout, 1, &w->ev, &n);
	else
		w->rc = dat_cno_wait(w->h, w->timeout, &w->cno_evd);
	atomic_store(&w->done, 1);
	return NULL;
}

/* The scheduler state of thread `task` of this process ('S': asleep in
 * the kernel), or 0 when it cannot be read. */
static char task_state(long task)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof path, "/proc/self/task/%ld/stat", task);
	fd = open(path, O_RDONLY);
	if (fd < 0)
		return 0;
	n = read(fd, buf, sizeof buf - 1);
	close(fd);
	if (n <= 0)
		return 0;
	buf[n] = 0;
	p = strrchr(buf, ')');	/* "tid (comm) state ..." */
	return p && p[1] == ' ' ? p[2] : 0;
}

/* Starts a waiter and returns once it is asleep inside its call (at most
 * BLOCK_MS; then it is given no more time). */
static void waiter_start(struct waiter *w, int kind, DAT_HANDLE h, DAT_TIMEOUT timeout,
		const char *cl)
{
	double t0;

	memset(w, 0, sizeof *w);
	w->kind = kind;
	w->h = h;
	w->timeout = timeout;
	w->cno_evd = (DAT_EVD_HANDLE)(uintptr_t)1;	/* must be overwritten */
	RT_REQUIRE_TRUE(pthread_create(&w->tid, NULL, waiter_main, w) == 0, cl);
	while (!atomic_load(&w->started))
		usleep(1000);
	t0 = ut_now_ms();
	while (task_state(atomic_load(&w->task)) != 'S' && !atomic_load(&w->done) &&
			ut_now_ms() - t0 < BLOCK_MS)
		usleep(1000);
	usleep(20000);	/* a Provider that sleeps before it waits: past that */
	RT_REQUIRE_TRUE(!atomic_load(&w->done), cl);	/* it is blocked */
}

/* Waits up to WAKE_MS for the waiter to return; false (FAIL) if it did not. */
static bool waiter_join(struct waiter *w, const char *cl)
{
	double t0 = ut_now_ms();

	while (!atomic_load(&w->done) && ut_now_ms() - t0 < WAKE_MS)
		usleep(1000);
	if (!atomic_load(&w->done)) {
		RT_FAIL(cl, "the-waiter-returns", "still-blocked",
				"the blocked call did not return within %.0f ms", WAKE_MS);
		return false;
	}
	pthread_join(w->tid, NULL);
	return true;
}

/* Until the waiter is inside dat_evd_wait (a loaded machine may take
 * longer than waiter_start's 200 ms to get it there), dat_evd_dequeue of
 * the empty EVD answers DAT_QUEUE_EMPTY; once it is, DAT_INVALID_STATE.
 * Returns the first other answer, or the last after 5 s. */
static DAT_RETURN dequeue_once_waiting(DAT_EVD_HANDLE e)
{
	double t0 = ut_now_ms();
	DAT_EVENT ev;
	DAT_RETURN rc;

	while (DAT_GET_TYPE(rc = dat_evd_dequeue(e, &ev)) == DAT_QUEUE_EMPTY &&
			ut_now_ms() - t0 < 5000)
		usleep(10000);
	return rc;
}

#define C_DQ_W "UDAPL-dat_evd_dequeue-rc-invalid-state-waiter"
RT_TEST(mt_dequeue_waiter, "udapl.evd_dequeue.threads.waiter_owns_evd", C_DQ_W)
{
	DAT_IA_HANDLE ia = mt_open(C_DQ_W);
	DAT_EVD_HANDLE e = sw_evd(ia, 8, DAT_HANDLE_NULL, C_DQ_W);
	struct waiter w;
	int tag;

	waiter_start(&w, 0, e, DAT_TIMEOUT_INFINITE, C_DQ_W);
	UT_RC(dequeue_once_waiting(e), DAT_INVALID_STATE, C_DQ_W);
	post_se(e, &tag, C_DQ_W);
	if (waiter_join(&w, C_DQ_W))
		UT_OK(w.rc, C_DQ_W);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

#define C_W2 "UDAPL-dat_evd_wait-rc-invalid-state-second-waiter"
RT_TEST(mt_second_waiter, "udapl.evd_wait.threads.second_waiter", C_W2)
{
	DAT_IA_HANDLE ia = mt_open(C_W2);
	DAT_EVD_HANDLE e = sw_evd(ia, 8, DAT_HANDLE_NULL, C_W2);
	struct waiter w;
	DAT_EVENT ev;
	DAT_COUNT n;
	int tag;

	waiter_start(&w, 0, e, DAT_TIMEOUT_INFINITE, C_W2);
	dequeue_once_waiting(e);	/* the first waiter is in (when dequeue can tell) */
	UT_RC(dat_evd_wait(e, 100000, 1, &ev, &n), DAT_INVALID_STATE, C_W2);
	post_se(e, &tag, C_W2);
	if (waiter_join(&w, C_W2) && RT_EXPECT_EQ_INT(w.rc, DAT_SUCCESS, C_W2))
		RT_EXPECT_TRUE(w.ev.event_data.software_event_data.pointer == &tag, C_W2);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

#define C_AB_FREE "UDAPL-dat_evd_wait-rc-abort-evd-freed"
RT_TEST(mt_abort_free, "udapl.evd_wait.threads.abort_evd_freed", C_AB_FREE)
{
	DAT_IA_HANDLE ia = mt_open(C_AB_FREE);
	DAT_EVD_HANDLE e = sw_evd(ia, 8, DAT_HANDLE_NULL, C_AB_FREE);
	struct waiter w;
	int tag;

	waiter_start(&w, 0, e, DAT_TIMEOUT_INFINITE, C_AB_FREE);
	DAT_RETURN rc = dat_evd_free(e);
	UT_RC_IN(rc, C_AB_FREE, DAT_SUCCESS, DAT_INVALID_STATE);
	if (rc == DAT_SUCCESS) {
		if (waiter_join(&w, C_AB_FREE))
			UT_RC(w.rc, DAT_ABORT, C_AB_FREE);
	} else {
		/* the reading where the Provider refuses: release the waiter */
		post_se(e, &tag, C_AB_FREE);
		if (waiter_join(&w, C_AB_FREE))
			UT_OK(w.rc, C_AB_FREE);
		UT_OK(dat_evd_free(e), C_AB_FREE);
	}
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

#define C_AB_IA "UDAPL-dat_evd_wait-rc-abort-ia-closed"
RT_TEST(mt_abort_ia, "udapl.evd_wait.threads.abort_ia_closed", C_AB_IA)
{
	DAT_IA_HANDLE ia = mt_open(C_AB_IA);
	DAT_EVD_HANDLE e = sw_evd(ia, 8, DAT_HANDLE_NULL, C_AB_IA);
	struct waiter w;

	waiter_start(&w, 0, e, DAT_TIMEOUT_INFINITE, C_AB_IA);
	UT_OK(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), C_AB_IA);
	if (waiter_join(&w, C_AB_IA))
		UT_RC(w.rc, DAT_ABORT, C_AB_IA);
}

#define C_NO_CNO "UDAPL-dat_evd_wait-cno-not-triggered-with-waiter"
RT_TEST(mt_cno_waiter, "udapl.evd_wait.threads.cno_not_triggered", C_NO_CNO)
{
	DAT_IA_HANDLE ia = mt_open(C_NO_CNO);
	DAT_CNO_HANDLE cno;
	struct waiter we, wc;
	int tag;

	UT_REQ(dat_cno_create(ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), C_NO_CNO);
	DAT_EVD_HANDLE e = sw_evd(ia, 8, cno, C_NO_CNO);
	waiter_start(&we, 0, e, DAT_TIMEOUT_INFINITE, C_NO_CNO);
	waiter_start(&wc, 1, cno, 1000000, C_NO_CNO);	/* 1 s */
	post_se(e, &tag, C_NO_CNO);
	if (waiter_join(&we, C_NO_CNO) && RT_EXPECT_EQ_INT(we.rc, DAT_SUCCESS, C_NO_CNO))
		RT_EXPECT_TRUE(we.ev.event_data.software_event_data.pointer == &tag, C_NO_CNO);
	/* the CNO was not triggered: its wait runs to its timeout */
	if (waiter_join(&wc, C_NO_CNO)) {
		ut_cno_timed_out(wc.rc, &wc.cno_evd, (DAT_EVD_HANDLE)(uintptr_t)1, C_NO_CNO);
	}
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

#define C_UNW "UDAPL-dat_evd_wait-unwaitable-wakes-waiter"
RT_TEST(mt_unwaitable, "udapl.evd_wait.threads.set_unwaitable", C_UNW)
{
	DAT_IA_HANDLE ia = mt_open(C_UNW);
	DAT_EVD_HANDLE e = sw_evd(ia, 8, DAT_HANDLE_NULL, C_UNW);
	struct waiter w;

	waiter_start(&w, 0, e, DAT_TIMEOUT_INFINITE, C_UNW);
	UT_OK(dat_evd_set_unwaitable(e), C_UNW);
	if (waiter_join(&w, C_UNW))
		UT_RC(w.rc, DAT_INVALID_STATE, C_UNW);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

#define C_ONCE "UDAPL-dat_evd_dequeue-exactly-once-concurrent"
#define N_ONCE 10000
static DAT_EVD_HANDLE once_evd;
static unsigned char once_seen[4][N_ONCE];
static char once_tags[N_ONCE];
static pthread_barrier_t once_start;
static atomic_int once_total;		/* events dequeued, every thread */

static void *once_main(void *arg)
{
	unsigned char *seen = arg;
	DAT_EVENT ev;

	pthread_barrier_wait(&once_start);	/* every thread dequeues at once */
	/* Until the queue is empty, or N_ONCE events came out (then it must
	 * be: checked after the join), so that a queue broken by the race
	 * does not keep a thread here. */
	while (atomic_load(&once_total) < N_ONCE &&
			dat_evd_dequeue(once_evd, &ev) == DAT_SUCCESS) {
		atomic_fetch_add(&once_total, 1);
		char *p = ev.event_data.software_event_data.pointer;
		if (p >= once_tags && p < once_tags + N_ONCE)
			seen[p - once_tags]++;
		else
			seen[0] = 0xff;		/* foreign pointer: counted below */
	}
	return NULL;
}

/*
 * Four threads dequeue 10000 software events from one EVD at once: each
 * event is returned exactly once.  With `interleaved`, under the
 * adversarial schedule (needs=schedule): a Provider whose dequeues were
 * not serialised would hand one event to two threads on every run, not
 * only when the machine happens to interleave them.
 */
static void once_run(bool interleaved)
{
	DAT_IA_HANDLE ia = mt_open(C_ONCE);
	DAT_IA_ATTR a;
	pthread_t t[4];

	ut_attrs(ia, &a, NULL);
	if (a.max_evd_qlen < N_ONCE) {
		dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
		rt_unsupported("max_evd_qlen is below the 10000 events this test posts");
	}
	if (interleaved)
		ut_control(RDMACTS_TC_SCHEDULE_SEED, 7);
	once_evd = sw_evd(ia, N_ONCE, DAT_HANDLE_NULL, C_ONCE);
	for (int i = 0; i < N_ONCE; i++)
		post_se(once_evd, &once_tags[i], C_ONCE);
	RT_REQUIRE_TRUE(pthread_barrier_init(&once_start, NULL, 4) == 0, C_ONCE);
	atomic_store(&once_total, 0);
	for (int k = 0; k < 4; k++)
		RT_REQUIRE_TRUE(pthread_create(&t[k], NULL, once_main, once_seen[k]) == 0, C_ONCE);
	for (int k = 0; k < 4; k++)
		pthread_join(t[k], NULL);
	pthread_barrier_destroy(&once_start);
	if (interleaved)
		ut_control(RDMACTS_TC_RESET, 0);
	DAT_EVENT ev;
	UT_RC(dat_evd_dequeue(once_evd, &ev), DAT_QUEUE_EMPTY, C_ONCE);
	int missing = 0, dup = 0;
	for (int i = 0; i < N_ONCE; i++) {
		int n = once_seen[0][i] + once_seen[1][i] + once_seen[2][i] + once_seen[3][i];
		missing += n == 0;
		dup += n > 1;
	}
	RT_EXPECT_EQ_INT(missing, 0, C_ONCE);
	RT_EXPECT_EQ_INT(dup, 0, C_ONCE);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}

RT_TEST(mt_once, "udapl.evd_dequeue.threads.exactly_once", C_ONCE)
{
	once_run(false);
}

RT_TEST_ATTRS(mt_once_sched, "udapl.evd_dequeue.threads.exactly_once_interleaved", C_ONCE,
		"needs=schedule")
{
	once_run(true);
}

#define C_CNO_IA "UDAPL-dat_cno_wait-unblocked-on-ia-close"
#define C_IA_CNO "UDAPL-dat_ia_close-abrupt-unblocks-cno"
RT_TEST(mt_cno_close, "udapl.cno_wait.threads.unblocked_on_ia_close", C_CNO_IA "," C_IA_CNO)
{
	DAT_IA_HANDLE ia = mt_open(C_CNO_IA);
	DAT_CNO_HANDLE cno;
	struct waiter w;

	UT_REQ(dat_cno_create(ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), C_CNO_IA);
	(void)sw_evd(ia, 8, cno, C_CNO_IA);
	waiter_start(&w, 1, cno, DAT_TIMEOUT_INFINITE, C_CNO_IA);
	UT_OK(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), C_IA_CNO);
	if (waiter_join(&w, C_IA_CNO)) {
		UT_RC_IN(w.rc, C_CNO_IA, DAT_SUCCESS, DAT_QUEUE_EMPTY, DAT_ABORT);
		RT_EXPECT_TRUE(w.cno_evd == DAT_HANDLE_NULL, C_CNO_IA);
		RT_EXPECT_TRUE(w.cno_evd == DAT_HANDLE_NULL, C_IA_CNO);
	}
}

#define C_ROB_WF "UDAPL-dat_evd_wait-rob-wait-after-free"
static void *free_main(void *arg)
{
	*(DAT_RETURN *)arg = dat_evd_free(once_evd);
	return NULL;
}
RT_TEST_ATTRS(mt_wait_after_free, "udapl.evd_wait.threads.wait_after_free", C_ROB_WF,
		"tier=robustness")
{
	DAT_IA_HANDLE ia = mt_open(C_ROB_WF);
	DAT_RETURN frc = DAT_INTERNAL_ERROR;
	pthread_t t;
	DAT_EVENT ev;
	DAT_COUNT n;

	once_evd = sw_evd(ia, 8, DAT_HANDLE_NULL, C_ROB_WF);
	RT_REQUIRE_TRUE(pthread_create(&t, NULL, free_main, &frc) == 0, C_ROB_WF);
	pthread_join(t, NULL);
	UT_REQ(frc, C_ROB_WF);
	UT_RC_IN(dat_evd_wait(once_evd, 100000, 1, &ev, &n), C_ROB_WF, DAT_INVALID_HANDLE,
			DAT_ABORT);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
}
