/*
 * sync.c: completion of non-blocking requests: dmapp_syncid_test,
 * dmapp_syncid_wait, dmapp_gsync_test and dmapp_gsync_wait (4.9.2.6,
 * 5.3.63-5.3.66), the visibility rules of 4.8, the limit on outstanding
 * explicit requests (4.8, E-DMAPP-022), what an _nb/_nbi status means
 * (4.9) and the syncid handle (5.2.4).
 *
 * PE 0 makes the requests; the target is PE 1 unless the test says
 * otherwise.  A GET lands in private (malloc) memory, which an
 * implementation may fill only when the request completes, so a GET's
 * local data is what proves that a completion was real.  Tests that need
 * a request to be held back set the adversarial schedule of the optional
 * test-control interface (needs=schedule) and run TRIALS requests: the
 * schedule holds each for a seeded while, so a call that reports on a
 * request is seen both before and after its completion.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dt.h"

#define NQW 64			/* qwords moved by one request */
#define BLK (64 * 1024)		/* symmetric block of every test */
#define TRIALS 32		/* requests per adversarial-schedule test */
#define SEED 0x5eed

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* Poll deadline: well inside the harness timeout. */
static double deadline(void)
{
	return now() + 4.0;
}

/* Symmetric block of BLK bytes, filled with this PE's pattern (salt 2). */
static uint8_t *block(void)
{
	uint8_t *b = dmapp_sheap_malloc(BLK);

	RT_REQUIRE_TRUE(b != NULL, "DMAPP-5.3.67-allocates");
	dt_fill(b, BLK, dt_pe, 2);
	return b;
}

static uint8_t *private_buf(size_t n, int salt)
{
	uint8_t *p = malloc(n);

	if (!p)
		rt_unsupported("out of private memory");
	dt_fill(p, n, 9, salt);
	return p;
}

/* Expected content of PE who's block (its salt-2 pattern). */
static bool holds_pattern(const uint8_t *p, size_t n, int who, size_t off)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != dt_pat(who, off + i, 2))
			return false;
	return true;
}

/* Poll dmapp_syncid_test until flag 1 or an error; returns the last rc.
 * *zeros counts the polls that reported 0. */
static dmapp_return_t poll_syncid(dmapp_syncid_handle_t *sid, int *flag,
				  int *zeros, const char *cl)
{
	double end = deadline();
	dmapp_return_t rc;

	*flag = 0;
	for (;;) {
		rc = dmapp_syncid_test(sid, flag);
		if (rc != DMAPP_RC_SUCCESS || *flag == 1)
			return rc;
		if (zeros)
			(*zeros)++;
		if (now() > end) {
			RT_FAIL(cl, "flag-1", "flag-0",
				"dmapp_syncid_test never reported completion");
			return rc;
		}
	}
}

static dmapp_return_t poll_gsync(int *flag, int *zeros, const char *cl)
{
	double end = deadline();
	dmapp_return_t rc;

	*flag = 0;
	for (;;) {
		rc = dmapp_gsync_test(flag);
		if (rc != DMAPP_RC_SUCCESS || *flag == 1)
			return rc;
		if (zeros)
			(*zeros)++;
		if (now() > end) {
			RT_FAIL(cl, "flag-1", "flag-0",
				"dmapp_gsync_test never reported completion");
			return rc;
		}
	}
}

/* PE 0 puts NQW qwords of its pattern at offset off of PE 1's block;
 * after the barrier PE 1 checks them. */
static void check_put_at_pe1(const uint8_t *blk, size_t off, const char *cl)
{
	if (dt_pe == 1 && !holds_pattern(blk + off, NQW * 8, 0, off))
		RT_FAIL(cl, "PE0's-data", "other-bytes",
			"PE 1's block at %zu does not hold PE 0's PUT", off);
	else
		RT_EXPECT_TRUE(true, cl);
}

/* Every PE: the schedule on (the same knob everywhere, so that all PEs
 * are UNSUPPORTED alike). */
static void schedule_on(void)
{
	dt_control(RDMACTS_TC_RESET, 0);
	dt_control(RDMACTS_TC_SCHEDULE_SEED, SEED + (uint64_t)dt_pe);
}

/* Every PE: the fault knob exists (UNSUPPORTED alike); PE 0 then arms
 * it right before the request that is to fail. */
static void faults_armed(void)
{
	dt_control(RDMACTS_TC_RESET, 0);
}

/* ------------------------------------------------------------------ */
/* 5.3.63 dmapp_syncid_test                                           */
/* ------------------------------------------------------------------ */

RT_TEST_ATTRS(st_flag1, "dmapp.syncid_test.event.flag_1_when_complete",
	      "DMAPP-5.3.63-flag-1-when-complete,DMAPP-4.8-nb-visible-after-syncid",
	      "np=2")
{
	const char *cl = "DMAPP-5.3.63-flag-1-when-complete";
	uint8_t *blk;
	dmapp_syncid_handle_t sid = NULL;
	int flag;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk + 128, &dt_job.sheap_seg, 1,
					       blk + 128, NQW, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-success");
		RT_EXPECT_EQ_INT(poll_syncid(&sid, &flag, NULL, cl),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(flag, 1, cl);
	}
	dt_barrier();
	check_put_at_pe1(blk, 128, "DMAPP-4.8-nb-visible-after-syncid");
	dt_end();
}

RT_TEST_ATTRS(st_get, "dmapp.syncid_test.event.flag_1_get_data",
	      "DMAPP-5.3.63-flag-1-get-data", "np=2")
{
	const char *cl = "DMAPP-5.3.63-flag-1-get-data";
	uint8_t *blk, *L = private_buf(NQW * 8, 1);
	dmapp_syncid_handle_t sid = NULL;
	int flag;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_REQUIRE_EQ_INT(dmapp_get_nb(L, blk + 256, &dt_job.sheap_seg,
					       1, NQW, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.9-success");
		RT_EXPECT_EQ_INT(poll_syncid(&sid, &flag, NULL, cl),
				 DMAPP_RC_SUCCESS, cl);
		/* checked at once: nothing else may complete it */
		RT_EXPECT_TRUE(flag == 1 && holds_pattern(L, NQW * 8, 1, 256),
			       cl);
	}
	dt_end();
	free(L);
}

/* Every kind of _nb request, completed by dmapp_syncid_test alone. */
RT_TEST_ATTRS(st_progress, "dmapp.syncid_test.event.progress",
	      "DMAPP-5.3.63-progress", "np=2")
{
	const char *cl = "DMAPP-5.3.63-progress";
	uint8_t *blk, *L = private_buf(4096, 1);
	dmapp_pe_t one = 1;
	ptrdiff_t idx[3] = { 0, 2, 1 };
	int64_t old = 0;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		for (int k = 0; k < 7; k++) {
			dmapp_syncid_handle_t sid = NULL;
			dmapp_seg_desc_t *s = &dt_job.sheap_seg;
			uint8_t *r = blk + 1024 + 512 * k;
			dmapp_return_t rc;
			int flag;

			switch (k) {
			case 0: rc = dmapp_put_nb(r, s, 1, L, 8, DMAPP_QW, &sid); break;
			case 1: rc = dmapp_get_nb(L + 256, r, s, 1, 8, DMAPP_QW, &sid); break;
			case 2: rc = dmapp_iput_nb(r, s, 1, L, 2, 1, 4, DMAPP_QW, &sid); break;
			case 3: rc = dmapp_iget_nb(L + 512, r, s, 1, 1, 2, 4, DMAPP_QW, &sid); break;
			case 4: rc = dmapp_ixput_nb(r, s, 1, L, idx, 3, DMAPP_QW, &sid); break;
			case 5: rc = dmapp_put_ixpe_nb(r, s, &one, 1, L, 4, DMAPP_QW, &sid); break;
			default: rc = dmapp_afadd_qw_nb(&old, r, s, 1, 5, &sid); break;
			}
			RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(poll_syncid(&sid, &flag, NULL, cl),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(flag, 1, cl);
			if (k == 1)
				RT_EXPECT_TRUE(holds_pattern(L + 256, 64, 1,
							     1024 + 512), cl);
		}
		/* the AADD's old value: PE 1's word before it */
		{
			uint64_t want;
			uint8_t w[8];
			for (int i = 0; i < 8; i++)
				w[i] = dt_pat(1, 1024 + 512 * 6 + (size_t)i, 2);
			memcpy(&want, w, 8);
			RT_EXPECT_EQ_U64((uint64_t)old, want, cl);
		}
	}
	dt_end();
	free(L);
}

/* With max_outstanding_nb places used, the next _nb call is refused;
 * retiring one (by test or by wait) lets exactly one in (1 PE). */
static void retire_one(bool by_test, const char *cl)
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	dmapp_syncid_handle_t sid[M + 2];
	uint8_t *blk;
	int flag;

	dt_start_with(M, NULL);
	blk = block();
	for (int i = 0; i < M; i++)
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk + 64 * i, &dt_job.sheap_seg,
					       dt_pe, blk + 4096, 8, DMAPP_QW,
					       &sid[i]),
				  DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_put_nb(blk + 64 * M, &dt_job.sheap_seg, dt_pe,
				      blk + 4096, 8, DMAPP_QW, &sid[M]),
			 DMAPP_RC_NO_SPACE, "DMAPP-4.8-max-outstanding-error");
	if (by_test) {
		RT_EXPECT_EQ_INT(poll_syncid(&sid[2], &flag, NULL, cl),
				 DMAPP_RC_SUCCESS, cl);
	} else {
		RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[2]), DMAPP_RC_SUCCESS, cl);
	}
	RT_EXPECT_EQ_INT(dmapp_put_nb(blk + 64 * M, &dt_job.sheap_seg, dt_pe,
				      blk + 4096, 8, DMAPP_QW, &sid[M]),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_get_nb(blk + 8192, blk, &dt_job.sheap_seg,
				      dt_pe, 8, DMAPP_QW, &sid[M + 1]),
			 DMAPP_RC_NO_SPACE, "DMAPP-4.8-max-outstanding-error");
	for (int i = 0; i <= M; i++)
		if (i != 2)
			RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[i]),
					 DMAPP_RC_SUCCESS, cl);
	dt_end();
}

RT_TEST_ATTRS(st_retires, "dmapp.syncid_test.state.retires",
	      "DMAPP-5.3.63-retires,DMAPP-4.8-max-outstanding-error", "np=1")
{
	retire_one(true, "DMAPP-5.3.63-retires");
}

RT_TEST_ATTRS(sw_retires, "dmapp.syncid_wait.state.retires",
	      "DMAPP-5.3.64-retires,DMAPP-4.8-max-outstanding-error", "np=1")
{
	retire_one(false, "DMAPP-5.3.64-retires");
}

/* A new job after dmapp_finalize starts with every one of its
 * max_outstanding_nb places free, whatever the job before left. */
RT_TEST_ATTRS(nb_after_reinit, "dmapp.put_nb.resource.max_outstanding_after_reinit",
	      "DMAPP-4.8-max-outstanding-error", "np=1")
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	const char *cl = "DMAPP-4.8-max-outstanding-error";
	dmapp_syncid_handle_t sid[M];
	uint8_t *blk;

	dt_start_with(M, NULL);
	blk = block();
	RT_REQUIRE_EQ_INT(dmapp_put_nb(blk, &dt_job.sheap_seg, dt_pe, blk + 4096, 8,
				       DMAPP_QW, &sid[0]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[0]), DMAPP_RC_SUCCESS, cl);
	dt_end();
	dt_start_with(M, NULL);
	blk = block();
	for (int i = 0; i < M; i++)
		RT_EXPECT_EQ_INT(dmapp_put_nb(blk + 64 * i, &dt_job.sheap_seg, dt_pe,
					      blk + 4096, 8, DMAPP_QW, &sid[i]),
				 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
	dt_end();
}

/* Handle checks (1 PE).  what: 0 NULL handle, 1 retired handle,
 * 2 handle nulled, 3 NULL syncid pointer, 4 NULL flag, 5 garbage. */
static void handle_case(bool wait, int what, const char *cl)
{
	uint8_t *blk;
	dmapp_syncid_handle_t sid = NULL, copy;
	dmapp_return_t rc;
	int flag = 7;

	dt_start();
	blk = block();
	switch (what) {
	case 0:
		sid = NULL;
		rc = wait ? dmapp_syncid_wait(&sid) : dmapp_syncid_test(&sid, &flag);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
		break;
	case 1:
	case 2:
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk, &dt_job.sheap_seg, dt_pe,
					       blk + 4096, 8, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-success");
		copy = sid;
		if (wait)
			rc = dmapp_syncid_wait(&sid);
		else
			rc = poll_syncid(&sid, &flag, NULL, cl);
		RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
		if (what == 2) {
			RT_EXPECT_TRUE(sid == NULL, cl);
			break;
		}
		/* the retired value, kept by the application */
		sid = copy;
		flag = 7;
		rc = wait ? dmapp_syncid_wait(&sid) : dmapp_syncid_test(&sid, &flag);
		RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_INVALID_PARAM, DMAPP_RC_SUCCESS);
		if (rc == DMAPP_RC_SUCCESS && !wait)
			RT_EXPECT_EQ_INT(flag, 1, cl);
		break;
	case 3:
		rc = wait ? dmapp_syncid_wait(NULL) : dmapp_syncid_test(NULL, &flag);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
		break;
	case 4:
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk, &dt_job.sheap_seg, dt_pe,
					       blk + 4096, 8, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-success");
		RT_EXPECT_EQ_INT(dmapp_syncid_test(&sid, NULL),
				 DMAPP_RC_INVALID_PARAM, cl);
		dmapp_syncid_wait(&sid);
		break;
	default:
		/* a live request, and a handle no _nb call returned */
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk, &dt_job.sheap_seg, dt_pe,
					       blk + 4096, 8, DMAPP_QW, &copy),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-success");
		for (uint64_t seed = 1; seed <= 4; seed++) {
			dt_garbage(&sid, sizeof sid, seed);
			if (sid == copy)
				continue;
			rc = wait ? dmapp_syncid_wait(&sid)
				  : dmapp_syncid_test(&sid, &flag);
			RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
		}
		RT_EXPECT_EQ_INT(dmapp_syncid_wait(&copy), DMAPP_RC_SUCCESS, cl);
		break;
	}
	dt_end();
}

RT_TEST_ATTRS(st_null, "dmapp.syncid_test.param.null_handle",
	      "DMAPP-5.3.63-null-handle", "np=1")
{ handle_case(false, 0, "DMAPP-5.3.63-null-handle"); }
RT_TEST_ATTRS(st_retired, "dmapp.syncid_test.param.retired_handle",
	      "DMAPP-5.3.63-retired-handle", "np=1;tier=robustness")
{ handle_case(false, 1, "DMAPP-5.3.63-retired-handle"); }
RT_TEST_ATTRS(st_nulled, "dmapp.syncid_test.state.handle_nulled",
	      "DMAPP-5.3.63-handle-nulled", "np=1")
{ handle_case(false, 2, "DMAPP-5.3.63-handle-nulled"); }
RT_TEST_ATTRS(st_nullptr, "dmapp.syncid_test.param.null_syncid_ptr",
	      "DMAPP-5.3.63-null-syncid-ptr", "np=1;tier=robustness")
{ handle_case(false, 3, "DMAPP-5.3.63-null-syncid-ptr"); }
RT_TEST_ATTRS(st_nullflag, "dmapp.syncid_test.param.null_flag",
	      "DMAPP-5.3.63-null-flag", "np=1;tier=robustness")
{ handle_case(false, 4, "DMAPP-5.3.63-null-flag"); }
RT_TEST_ATTRS(st_garbage, "dmapp.syncid_test.param.garbage_handle",
	      "DMAPP-5.3.63-garbage-handle", "np=1;tier=robustness")
{ handle_case(false, 5, "DMAPP-5.3.63-garbage-handle"); }
RT_TEST_ATTRS(sw_null, "dmapp.syncid_wait.param.null_handle",
	      "DMAPP-5.3.64-null-handle", "np=1")
{ handle_case(true, 0, "DMAPP-5.3.64-null-handle"); }
RT_TEST_ATTRS(sw_retired, "dmapp.syncid_wait.param.retired_handle",
	      "DMAPP-5.3.64-retired-handle", "np=1;tier=robustness")
{ handle_case(true, 1, "DMAPP-5.3.64-retired-handle"); }
RT_TEST_ATTRS(sw_nulled, "dmapp.syncid_wait.state.handle_nulled",
	      "DMAPP-5.3.64-handle-nulled", "np=1")
{ handle_case(true, 2, "DMAPP-5.3.64-handle-nulled"); }
RT_TEST_ATTRS(sw_nullptr, "dmapp.syncid_wait.param.null_syncid_ptr",
	      "DMAPP-5.3.64-null-syncid-ptr", "np=1;tier=robustness")
{ handle_case(true, 3, "DMAPP-5.3.64-null-syncid-ptr"); }
RT_TEST_ATTRS(sw_garbage, "dmapp.syncid_wait.param.garbage_handle",
	      "DMAPP-5.3.64-garbage-handle", "np=1;tier=robustness")
{ handle_case(true, 5, "DMAPP-5.3.64-garbage-handle"); }

/* A failed _nb PUT: the call SUCCESS (4.9), the failure reported once
 * by the sync call, the syncid retired (E-DMAPP-045). */
static void nb_fault(bool wait, const char *cl)
{
	uint8_t *blk;
	dmapp_syncid_handle_t sid = NULL, copy;
	dmapp_return_t rc;
	int flag;

	dt_start();
	dt_need_pes(2);
	faults_armed();
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dt_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
		rc = dmapp_put_nb(blk, &dt_job.sheap_seg, 1, blk + 4096, 8,
				  DMAPP_QW, &sid);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS,
				 "DMAPP-4.9-nb-status-initiation-only");
		if (rc == DMAPP_RC_SUCCESS) {
			copy = sid;
			rc = wait ? dmapp_syncid_wait(&sid)
				  : poll_syncid(&sid, &flag, NULL, cl);
			RT_EXPECT_EQ_INT(rc, DMAPP_RC_TRANSACTION_ERROR, cl);
			/* reported once: the syncid is retired */
			sid = copy;
			rc = dmapp_syncid_test(&sid, &flag);
			RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_INVALID_PARAM,
					DMAPP_RC_SUCCESS);
		}
		dt_control(RDMACTS_TC_RESET, 0);
	}
	dt_end();
}

RT_TEST_ATTRS(st_fault, "dmapp.syncid_test.fault.transaction_error",
	      "DMAPP-5.3.63-transaction-error", "np=2;needs=faults")
{ nb_fault(false, "DMAPP-5.3.63-transaction-error"); }
RT_TEST_ATTRS(sw_fault, "dmapp.syncid_wait.fault.transaction_error",
	      "DMAPP-5.3.64-transaction-error,DMAPP-4.9-nb-status-initiation-only",
	      "np=2;needs=faults")
{ nb_fault(true, "DMAPP-5.3.64-transaction-error"); }

/*
 * Adversarial schedule, _nb GETs into private memory.  what:
 * 0 flag 0 while held: SUCCESS, handle unchanged, later 1 with the data;
 * 1 the call returns while the request is held (a 0 is seen at all);
 * 2 syncid_wait returns with the data in place;
 * 3 two requests: a test reports on its own request only.
 */
static void held_nb(int what, const char *cl)
{
	uint8_t *blk, *L = private_buf(2 * NQW * 8 * TRIALS, 1);
	int zeros = 0, differ = 0;

	dt_start();
	dt_need_pes(2);
	schedule_on();
	blk = block();
	dt_barrier();
	for (int t = 0; t < TRIALS && dt_pe == 0; t++) {
		uint8_t *l = L + 2 * NQW * 8 * (size_t)t;
		size_t off = (size_t)(t % 8) * NQW * 8;
		dmapp_syncid_handle_t sid = NULL, sid2 = NULL;
		dmapp_return_t rc;
		int flag = 0, flag2 = 0;

		RT_REQUIRE_EQ_INT(dmapp_get_nb(l, blk + off, &dt_job.sheap_seg,
					       1, NQW, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.9-success");
		if (what == 3)
			RT_REQUIRE_EQ_INT(dmapp_get_nb(l + NQW * 8,
						       blk + off + 8,
						       &dt_job.sheap_seg, 1,
						       NQW, DMAPP_QW, &sid2),
					  DMAPP_RC_SUCCESS, "DMAPP-5.3.9-success");
		if (what == 2) {
			RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_TRUE(holds_pattern(l, NQW * 8, 1, off), cl);
			continue;
		}
		double end = deadline();
		while (flag == 0 || (what == 3 && flag2 == 0)) {
			if (flag == 0) {
				rc = dmapp_syncid_test(&sid, &flag);
				RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
				if (flag == 0) {
					zeros++;	/* the handle may change: E-DMAPP-044 */
				} else {
					RT_EXPECT_TRUE(holds_pattern(l, NQW * 8,
								     1, off), cl);
				}
			}
			if (what == 3 && flag2 == 0) {
				rc = dmapp_syncid_test(&sid2, &flag2);
				RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
				if (flag2)
					RT_EXPECT_TRUE(holds_pattern(
						l + NQW * 8, NQW * 8, 1,
						off + 8), cl);
			}
			if (what == 3 && flag != flag2)
				differ++;
			if (now() > end) {
				RT_FAIL(cl, "flag-1", "flag-0",
					"request never completed");
				break;
			}
		}
	}
	if (dt_pe == 0) {
		if (what == 0 || what == 1)
			RT_EXPECT_TRUE(zeros > 0, cl);
		if (what == 3)
			RT_EXPECT_TRUE(differ > 0, cl);
	}
	dt_control(RDMACTS_TC_RESET, 0);
	dt_end();
	free(L);
}

RT_TEST_ATTRS(st_held, "dmapp.syncid_test.event.flag_0_while_pending",
	      "DMAPP-5.3.63-flag-0-while-pending", "np=2;needs=schedule")
{ held_nb(0, "DMAPP-5.3.63-flag-0-while-pending"); }
RT_TEST_ATTRS(st_immediate, "dmapp.syncid_test.event.returns_immediately",
	      "DMAPP-5.3.63-returns-immediately", "np=2;needs=schedule")
{ held_nb(1, "DMAPP-5.3.63-returns-immediately"); }
RT_TEST_ATTRS(sw_held, "dmapp.syncid_wait.event.waits_for_held",
	      "DMAPP-5.3.64-waits-for-held", "np=2;needs=schedule")
{ held_nb(2, "DMAPP-5.3.64-waits-for-held"); }
RT_TEST_ATTRS(st_own, "dmapp.syncid_test.event.only_its_request",
	      "DMAPP-5.3.63-only-its-request", "np=2;needs=schedule")
{ held_nb(3, "DMAPP-5.3.63-only-its-request"); }

/* ------------------------------------------------------------------ */
/* 5.3.64 dmapp_syncid_wait                                           */
/* ------------------------------------------------------------------ */

RT_TEST_ATTRS(sw_put, "dmapp.syncid_wait.event.waits_put",
	      "DMAPP-5.3.64-waits-put,DMAPP-4.8-nb-visible-after-syncid",
	      "np=2")
{
	const char *cl = "DMAPP-5.3.64-waits-put";
	uint8_t *blk;
	dmapp_syncid_handle_t sid = NULL;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk + 512, &dt_job.sheap_seg, 1,
					       blk + 512, NQW, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-success");
		RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid), DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();
	check_put_at_pe1(blk, 512, cl);
	dt_end();
}

RT_TEST_ATTRS(sw_get, "dmapp.syncid_wait.event.waits_get",
	      "DMAPP-5.3.64-waits-get", "np=2")
{
	const char *cl = "DMAPP-5.3.64-waits-get";
	uint8_t *blk, *L = private_buf(NQW * 8, 1);
	dmapp_syncid_handle_t sid = NULL;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_REQUIRE_EQ_INT(dmapp_get_nb(L, blk + 768, &dt_job.sheap_seg,
					       1, NQW, DMAPP_QW, &sid),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.9-success");
		RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(L, NQW * 8, 1, 768), cl);
	}
	dt_end();
	free(L);
}

/* The last of max_outstanding_nb requests waited first (2 PEs). */
RT_TEST_ATTRS(sw_order, "dmapp.syncid_wait.ordering.any_order",
	      "DMAPP-5.3.64-any-order", "np=2")
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	const char *cl = "DMAPP-5.3.64-any-order";
	uint8_t *blk, *L = private_buf(M * NQW * 8, 1);
	dmapp_syncid_handle_t sid[2 * M];

	dt_start_with(M, NULL);
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		for (int i = 0; i < M; i++)
			RT_REQUIRE_EQ_INT(dmapp_get_nb(L + NQW * 8 * i,
						       blk + NQW * 8 * i,
						       &dt_job.sheap_seg, 1,
						       NQW, DMAPP_QW, &sid[i]),
					  DMAPP_RC_SUCCESS, cl);
		for (int i = M - 1; i >= 0; i--) {
			RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[i]),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_TRUE(holds_pattern(L + NQW * 8 * i, NQW * 8,
						     1, NQW * 8 * (size_t)i), cl);
		}
		/* all M places free again */
		for (int i = 0; i < M; i++)
			RT_EXPECT_EQ_INT(dmapp_put_nb(blk + 8192 + 64 * i,
						      &dt_job.sheap_seg, 1,
						      blk + 64 * i, 8, DMAPP_QW,
						      &sid[M + i]),
					 DMAPP_RC_SUCCESS, cl);
		for (int i = 0; i < M; i++)
			dmapp_syncid_wait(&sid[M + i]);
	}
	dt_end();
	free(L);
}

/* ------------------------------------------------------------------ */
/* 5.3.65 dmapp_gsync_test, 5.3.66 dmapp_gsync_wait                   */
/* ------------------------------------------------------------------ */

RT_TEST_ATTRS(gt_nothing, "dmapp.gsync_test.event.nothing_outstanding",
	      "DMAPP-5.3.65-nothing-outstanding", "np=1")
{
	const char *cl = "DMAPP-5.3.65-nothing-outstanding";
	int flag = 7;

	dt_start();
	RT_EXPECT_EQ_INT(dmapp_gsync_test(&flag), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(flag, 1, cl);
	dt_end();
}

RT_TEST_ATTRS(gw_nothing, "dmapp.gsync_wait.event.nothing_outstanding",
	      "DMAPP-5.3.66-nothing-outstanding", "np=1")
{
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.66-nothing-outstanding");
	dt_end();
}

RT_TEST_ATTRS(gt_null, "dmapp.gsync_test.param.null_flag",
	      "DMAPP-5.3.65-null-flag", "np=1;tier=robustness")
{
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_gsync_test(NULL), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.65-null-flag");
	dt_end();
}

/* PUT-type _nbi requests to PE 1 (and PE 2 with 3 PEs), completed by
 * polling (test) or by one wait; then every effect is checked.  The
 * AADD adds 5 to the word at 6144. */
static void nbi_puts(bool wait, const char *cl)
{
	uint8_t *blk;
	int flag;
	dmapp_pe_t two[2] = { 1, 2 };

	dt_start();
	dt_need_pes(wait ? 3 : 2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk + 1024, s, 1, blk + 1024,
					       NQW, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_iput_nbi(blk + 2048, s, 1, blk + 2048,
						2, 2, 8, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_aadd_qw_nbi(blk + 6144, s, 1, 5),
				 DMAPP_RC_SUCCESS, cl);
		if (wait) {
			RT_EXPECT_EQ_INT(dmapp_put_ixpe_nbi(blk + 3072, s, two,
							    2, blk + 3072, 16,
							    DMAPP_QW),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		} else {
			RT_EXPECT_EQ_INT(poll_gsync(&flag, NULL, cl),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(flag, 1, cl);
		}
	}
	dt_barrier();
	if (dt_pe == 1) {
		uint64_t w, want;
		uint8_t b[8];
		RT_EXPECT_TRUE(holds_pattern(blk + 1024, NQW * 8, 0, 1024), cl);
		for (int i = 0; i < 8; i++) {
			/* strided: element i at 2i on both sides; gaps kept */
			RT_EXPECT_TRUE(holds_pattern(blk + 2048 + 16 * i, 8, 0,
						     2048 + 16 * (size_t)i), cl);
			RT_EXPECT_TRUE(holds_pattern(blk + 2048 + 16 * i + 8, 8,
						     1, 2048 + 16 * (size_t)i + 8),
				       cl);
		}
		for (int i = 0; i < 8; i++)
			b[i] = dt_pat(1, 6144 + (size_t)i, 2);
		memcpy(&want, b, 8);
		memcpy(&w, blk + 6144, 8);
		RT_EXPECT_EQ_U64(w, want + 5, cl);
	}
	if (wait && (dt_pe == 1 || dt_pe == 2))
		RT_EXPECT_TRUE(holds_pattern(blk + 3072, 128, 0, 3072),
			       "DMAPP-4.8-nbi-visible-after-gsync");
	dt_end();
}

RT_TEST_ATTRS(gt_visible, "dmapp.gsync_test.event.flag_1_visible",
	      "DMAPP-5.3.65-flag-1-visible", "np=2")
{ nbi_puts(false, "DMAPP-5.3.65-flag-1-visible"); }
RT_TEST_ATTRS(gw_visible, "dmapp.gsync_wait.event.all_visible",
	      "DMAPP-5.3.66-all-visible,DMAPP-4.8-nbi-visible-after-gsync",
	      "np=3")
{ nbi_puts(true, "DMAPP-5.3.66-all-visible"); }

/* GET-type _nbi requests into private memory, and a fetching AMO. */
static void nbi_gets(bool wait, const char *cl)
{
	uint8_t *blk, *L = private_buf(8192, 1);
	int flag;
	ptrdiff_t idx[4] = { 3, 0, 2, 1 };
	dmapp_pe_t two[2] = { 2, 1 };
	int64_t old = 0;

	dt_start();
	dt_need_pes(wait ? 2 : 3);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		RT_EXPECT_EQ_INT(dmapp_get_nbi(L, blk + 1024, s, 1, NQW,
					       DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_iget_nbi(L + 1024, blk + 2048, s, 1, 1,
						2, 8, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_ixget_nbi(L + 2048, blk + 3072, s, 1,
						 idx, 4, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		if (wait) {
			RT_EXPECT_EQ_INT(dmapp_afadd_qw_nbi(&old, blk + 6144, s,
							    1, 5),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		} else {
			RT_EXPECT_EQ_INT(dmapp_gather_ixpe_nbi(L + 4096,
							       blk + 4096, s,
							       two, 2, 16,
							       DMAPP_QW),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(poll_gsync(&flag, NULL, cl),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(flag, 1, cl);
		}
		RT_EXPECT_TRUE(holds_pattern(L, NQW * 8, 1, 1024), cl);
		for (int i = 0; i < 8; i++)
			RT_EXPECT_TRUE(holds_pattern(L + 1024 + 8 * i, 8, 1,
						     2048 + 16 * (size_t)i), cl);
		for (int i = 0; i < 4; i++)
			RT_EXPECT_TRUE(holds_pattern(L + 2048 + 8 * i, 8, 1,
						     3072 + 8 * (size_t)idx[i]),
				       cl);
		if (wait) {
			uint64_t want;
			uint8_t b[8];
			for (int i = 0; i < 8; i++)
				b[i] = dt_pat(1, 6144 + (size_t)i, 2);
			memcpy(&want, b, 8);
			RT_EXPECT_EQ_U64((uint64_t)old, want, cl);
		} else {
			RT_EXPECT_TRUE(holds_pattern(L + 4096, 128, 2, 4096), cl);
			RT_EXPECT_TRUE(holds_pattern(L + 4096 + 128, 128, 1,
						     4096), cl);
		}
	}
	dt_end();
	free(L);
}

RT_TEST_ATTRS(gt_gets, "dmapp.gsync_test.event.gets_complete",
	      "DMAPP-5.3.65-gets-complete", "np=3")
{ nbi_gets(false, "DMAPP-5.3.65-gets-complete"); }
RT_TEST_ATTRS(gw_gets, "dmapp.gsync_wait.event.gets_complete",
	      "DMAPP-5.3.66-gets-complete", "np=2")
{ nbi_gets(true, "DMAPP-5.3.66-gets-complete"); }

/*
 * Adversarial schedule, _nbi GETs into private memory.  what:
 * 0 gsync_test flag 0 while held, 1 later, data then in place;
 * 1 gsync_test returns while held (a 0 is seen at all);
 * 2 gsync_wait returns with the data in place;
 * 3 an _nb GET outstanding: gsync_test reports 1 (no _nbi issued).
 */
static void held_nbi(int what, const char *cl)
{
	uint8_t *blk, *L = private_buf(NQW * 8 * TRIALS, 1);
	int zeros = 0;

	dt_start();
	dt_need_pes(2);
	schedule_on();
	blk = block();
	dt_barrier();
	for (int t = 0; t < TRIALS && dt_pe == 0; t++) {
		uint8_t *l = L + NQW * 8 * (size_t)t;
		size_t off = (size_t)(t % 8) * NQW * 8;
		dmapp_syncid_handle_t sid = NULL;
		int flag = 0;

		if (what == 3) {
			RT_REQUIRE_EQ_INT(dmapp_get_nb(l, blk + off,
						       &dt_job.sheap_seg, 1,
						       NQW, DMAPP_QW, &sid),
					  DMAPP_RC_SUCCESS, "DMAPP-5.3.9-success");
			RT_EXPECT_EQ_INT(dmapp_gsync_test(&flag),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(flag, 1, cl);
			/* was the _nb request still held? */
			RT_REQUIRE_EQ_INT(dmapp_syncid_test(&sid, &flag),
					  DMAPP_RC_SUCCESS, cl);
			zeros += flag == 0;
			if (flag == 0)
				RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid),
						 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_TRUE(holds_pattern(l, NQW * 8, 1, off), cl);
			continue;
		}
		RT_REQUIRE_EQ_INT(dmapp_get_nbi(l, blk + off, &dt_job.sheap_seg,
						1, NQW, DMAPP_QW),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.10-success");
		if (what == 2) {
			RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		} else {
			RT_EXPECT_EQ_INT(poll_gsync(&flag, &zeros, cl),
					 DMAPP_RC_SUCCESS, cl);
		}
		RT_EXPECT_TRUE(holds_pattern(l, NQW * 8, 1, off), cl);
	}
	if (dt_pe == 0 && what != 2)
		RT_EXPECT_TRUE(zeros > 0, cl);
	dt_control(RDMACTS_TC_RESET, 0);
	dt_end();
	free(L);
}

RT_TEST_ATTRS(gt_held, "dmapp.gsync_test.event.flag_0_while_pending",
	      "DMAPP-5.3.65-flag-0-while-pending", "np=2;needs=schedule")
{ held_nbi(0, "DMAPP-5.3.65-flag-0-while-pending"); }
RT_TEST_ATTRS(gt_immediate, "dmapp.gsync_test.event.returns_immediately",
	      "DMAPP-5.3.65-returns-immediately", "np=2;needs=schedule")
{ held_nbi(1, "DMAPP-5.3.65-returns-immediately"); }
RT_TEST_ATTRS(gw_held, "dmapp.gsync_wait.event.waits_for_held",
	      "DMAPP-5.3.66-waits-for-held", "np=2;needs=schedule")
{ held_nbi(2, "DMAPP-5.3.66-waits-for-held"); }
RT_TEST_ATTRS(gt_ignores, "dmapp.gsync_test.event.ignores_nb",
	      "DMAPP-5.3.65-ignores-nb", "np=2;needs=schedule")
{ held_nbi(3, "DMAPP-5.3.65-ignores-nb"); }

/* A failed _nbi PUT among good ones: the call SUCCESS (4.9); the sync
 * call reports the failure once, after every _nbi request issued so far
 * has finished (E-DMAPP-045). */
static void nbi_fault(bool wait, const char *cl)
{
	uint8_t *blk;
	dmapp_return_t rc;
	int flag;

	dt_start();
	dt_need_pes(2);
	faults_armed();
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dt_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
		rc = dmapp_put_nbi(blk, &dt_job.sheap_seg, 1, blk + 4096, 8,
				   DMAPP_QW);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS,
				 "DMAPP-4.9-nbi-status-initiation-only");
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk + 1024, &dt_job.sheap_seg, 1,
					       blk + 1024, NQW, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		if (wait)
			rc = dmapp_gsync_wait();
		else
			rc = poll_gsync(&flag, NULL, cl);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_TRANSACTION_ERROR, cl);
		dt_control(RDMACTS_TC_RESET, 0);
		/* reported once */
		if (wait) {
			RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		} else {
			RT_EXPECT_EQ_INT(dmapp_gsync_test(&flag),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(flag, 1, cl);
		}
	}
	dt_barrier();
	/* the later request had finished when the failure was reported */
	if (dt_pe == 1)
		RT_EXPECT_TRUE(holds_pattern(blk + 1024, NQW * 8, 0, 1024), cl);
	dt_end();
}

RT_TEST_ATTRS(gt_fault, "dmapp.gsync_test.fault.transaction_error",
	      "DMAPP-5.3.65-transaction-error", "np=2;needs=faults")
{ nbi_fault(false, "DMAPP-5.3.65-transaction-error"); }
RT_TEST_ATTRS(gw_fault, "dmapp.gsync_wait.fault.transaction_error",
	      "DMAPP-5.3.66-transaction-error,DMAPP-4.9-nbi-status-initiation-only",
	      "np=2;needs=faults")
{ nbi_fault(true, "DMAPP-5.3.66-transaction-error"); }

/* An _nb request outstanding across dmapp_gsync_wait stays valid; a
 * syncid call retires its own syncid only (4.9.2.6). */
RT_TEST_ATTRS(gw_nb, "dmapp.gsync_wait.state.nb_syncids_unaffected",
	      "DMAPP-5.3.66-nb-syncids-unaffected,DMAPP-4.9.2.6-syncid-scope",
	      "np=2")
{
	const char *cl = "DMAPP-5.3.66-nb-syncids-unaffected";
	uint8_t *blk, *L = private_buf(2 * NQW * 8, 1);
	dmapp_syncid_handle_t a = NULL, b = NULL;
	int flag = 7;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		RT_REQUIRE_EQ_INT(dmapp_get_nb(L, blk, s, 1, NQW, DMAPP_QW, &a),
				  DMAPP_RC_SUCCESS, cl);
		RT_REQUIRE_EQ_INT(dmapp_get_nb(L + NQW * 8, blk + 2048, s, 1,
					       NQW, DMAPP_QW, &b),
				  DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk + 1024, s, 1, blk + 1024,
					       NQW, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_syncid_wait(&b), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(L + NQW * 8, NQW * 8, 1, 2048), cl);
		/* a is still live after b's retirement and the gsync */
		RT_EXPECT_EQ_INT(dmapp_syncid_test(&a, &flag), DMAPP_RC_SUCCESS,
				 "DMAPP-4.9.2.6-syncid-scope");
		if (flag == 0)
			RT_EXPECT_EQ_INT(dmapp_syncid_wait(&a), DMAPP_RC_SUCCESS,
					 cl);
		RT_EXPECT_TRUE(holds_pattern(L, NQW * 8, 1, 0), cl);
	}
	dt_end();
	free(L);
}

/* An internal resource that cannot be obtained is reported however many
 * implicit requests are outstanding: the allocation failure is armed
 * for half-way through a run of 2 * DMAPP_MAX_OUTSTANDING_NB _nbi PUTs issued
 * without synchronization; one of them returns DMAPP_RC_RESOURCE_ERROR,
 * the others are initiated and arrive (2 PEs). */
RT_TEST_ATTRS(nbi_fault_deep, "dmapp.put_nbi.fault.resource_error_many_outstanding",
	      "DMAPP-5.3.7-put-nbi-resource-error", "np=2;needs=faults")
{
	enum { N = 2 * DMAPP_MAX_OUTSTANDING_NB, NTH = N / 2 };
	const char *cl = "DMAPP-5.3.7-put-nbi-resource-error";
	uint64_t *dst, *src;
	int failed = 0, other = 0, bad = 0, *rcs, *both;

	dt_start();
	dt_need_pes(2);
	dst = dmapp_sheap_malloc(N * 8);
	RT_REQUIRE_TRUE(dst != NULL, "DMAPP-5.3.67-allocates");
	src = malloc(N * 8);
	rcs = calloc(N, sizeof *rcs);
	both = malloc(2 * N * sizeof *both);
	if (!src || !rcs || !both)
		rt_unsupported("out of private memory");
	memset(dst, 0, N * 8);
	for (int i = 0; i < N; i++)
		src[i] = (uint64_t)i + 1;
	dt_control(RDMACTS_TC_RESET, 0);
	dt_barrier();
	if (dt_pe == 0) {
		dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, NTH);
		for (int i = 0; i < N; i++) {
			rcs[i] = dmapp_put_nbi(&dst[i], &dt_job.sheap_seg, 1,
					       &src[i], 1, DMAPP_QW);
			failed += rcs[i] == DMAPP_RC_RESOURCE_ERROR;
			other += rcs[i] != DMAPP_RC_RESOURCE_ERROR &&
				 rcs[i] != DMAPP_RC_SUCCESS;
		}
		dt_control(RDMACTS_TC_RESET, 0);
		RT_EXPECT_TRUE(failed >= 1, cl);
		RT_EXPECT_EQ_INT(other, 0, cl);
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
	}
	dt_allgather(rcs, both, N * sizeof *rcs);
	if (dt_pe == 1) {
		for (int i = 0; i < N; i++)
			bad += both[i] == DMAPP_RC_SUCCESS && dst[i] != (uint64_t)i + 1;
		RT_EXPECT_EQ_INT(bad, 0, cl);
	}
	dt_end();
	free(src);
	free(rcs);
	free(both);
}

/* 10 * DMAPP_MAX_OUTSTANDING_NB _nbi PUTs, one gsync_wait. */
RT_TEST_ATTRS(gw_many, "dmapp.gsync_wait.resource.many_nbi",
	      "DMAPP-5.3.66-many-nbi", "np=2")
{
	enum { N = 10 * DMAPP_MAX_OUTSTANDING_NB };
	const char *cl = "DMAPP-5.3.66-many-nbi";
	uint64_t *dst, *src;
	int bad = 0;

	dt_start();
	dt_need_pes(2);
	dst = dmapp_sheap_malloc(N * 8);
	RT_REQUIRE_TRUE(dst != NULL, "DMAPP-5.3.67-allocates");
	src = malloc(N * 8);
	if (!src)
		rt_unsupported("out of private memory");
	memset(dst, 0, N * 8);
	for (int i = 0; i < N; i++)
		src[i] = 0x1000000ull * (uint64_t)dt_pe + (uint64_t)i + 1;
	dt_barrier();
	if (dt_pe == 0) {
		for (int i = 0; i < N; i++)
			if (dmapp_put_nbi(&dst[i], &dt_job.sheap_seg, 1, &src[i],
					  1, DMAPP_QW) != DMAPP_RC_SUCCESS)
				bad++;
		RT_EXPECT_EQ_INT(bad, 0, cl);
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();
	if (dt_pe == 1) {
		bad = 0;
		for (int i = 0; i < N; i++)
			bad += dst[i] != (uint64_t)i + 1;
		RT_EXPECT_EQ_INT(bad, 0, cl);
	}
	dt_end();
	free(src);
}

RT_TEST_ATTRS(gw_blocking, "dmapp.gsync_wait.event.blocking_version",
	      "DMAPP-5.3.66-blocking-version", "np=2")
{
	const char *cl = "DMAPP-5.3.66-blocking-version";
	uint8_t *blk;
	int flag = 7;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk, &dt_job.sheap_seg, 1, blk,
					       NQW, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		for (int i = 0; i < 2; i++) {
			flag = 7;
			RT_EXPECT_EQ_INT(dmapp_gsync_test(&flag),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(flag, 1, cl);
		}
	}
	dt_end();
}

/* ------------------------------------------------------------------ */
/* 4.8 the limit on outstanding explicit requests; 5.2.4 the handle   */
/* ------------------------------------------------------------------ */

/* One limit whatever the family (1 PE, targets itself). */
RT_TEST_ATTRS(lim_shared, "dmapp.rma.resource.outstanding_limit_shared",
	      "DMAPP-4.8-outstanding-limit-shared", "np=1")
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	const char *cl = "DMAPP-4.8-outstanding-limit-shared";
	dmapp_syncid_handle_t sid[M + 1];
	dmapp_seg_desc_t *s;
	uint8_t *blk;
	int64_t old;
	ptrdiff_t idx[1] = { 0 };
	dmapp_pe_t me;

	dt_start_with(M, NULL);
	blk = block();
	s = &dt_job.sheap_seg;
	me = (dmapp_pe_t)dt_pe;
	RT_REQUIRE_EQ_INT(dmapp_put_nb(blk, s, me, blk + 4096, 8, DMAPP_QW, &sid[0]), DMAPP_RC_SUCCESS, cl);
	RT_REQUIRE_EQ_INT(dmapp_get_nb(blk + 4096, blk + 64, s, me, 8, DMAPP_QW, &sid[1]), DMAPP_RC_SUCCESS, cl);
	RT_REQUIRE_EQ_INT(dmapp_iput_nb(blk + 128, s, me, blk + 4096, 2, 1, 4, DMAPP_QW, &sid[2]), DMAPP_RC_SUCCESS, cl);
	RT_REQUIRE_EQ_INT(dmapp_afadd_qw_nb(&old, blk + 512, s, me, 1, &sid[3]), DMAPP_RC_SUCCESS, cl);
	RT_REQUIRE_EQ_INT(dmapp_put_nb(blk + 640, s, me, blk + 4096, 8, DMAPP_QW, &sid[4]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_put_nb(blk + 768, s, me, blk + 4096, 8, DMAPP_QW, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_get_nb(blk + 4096, blk, s, me, 8, DMAPP_QW, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_iget_nb(blk + 4096, blk, s, me, 1, 1, 4, DMAPP_QW, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_ixput_nb(blk + 768, s, me, blk + 4096, idx, 1, DMAPP_QW, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_put_ixpe_nb(blk + 768, s, &me, 1, blk + 4096, 1, DMAPP_QW, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_aadd_qw_nb(blk + 512, s, me, 1, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	for (int i = 0; i < M; i++)
		RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[i]), DMAPP_RC_SUCCESS, cl);
	dt_end();
}

/* max_outstanding_nb PE-strided requests to 3 PEs each (4 PEs). */
RT_TEST_ATTRS(lim_ixpe, "dmapp.put_ixpe_nb.resource.pe_strided_counts_once",
	      "DMAPP-4.8-pe-strided-counts-once", "np=4")
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	const char *cl = "DMAPP-4.8-pe-strided-counts-once";
	dmapp_syncid_handle_t sid[M];
	dmapp_pe_t list[3] = { 1, 2, 3 };
	uint8_t *blk;

	dt_start_with(M, NULL);
	dt_need_pes(4);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		for (int i = 0; i < M; i++)
			RT_EXPECT_EQ_INT(dmapp_put_ixpe_nb(blk + 256 * i,
							   &dt_job.sheap_seg,
							   list, 3, blk + 256 * i,
							   32, DMAPP_QW, &sid[i]),
					 DMAPP_RC_SUCCESS, cl);
		for (int i = 0; i < M; i++)
			dmapp_syncid_wait(&sid[i]);
	}
	dt_barrier();
	if (dt_pe != 0)
		RT_EXPECT_TRUE(holds_pattern(blk, 256 * M, 0, 0), cl);
	dt_end();
}

/* Refused calls take no place (1 PE). */
RT_TEST_ATTRS(lim_refused, "dmapp.rma.resource.refused_request_takes_no_place",
	      "DMAPP-4.8-refused-request-takes-no-place", "np=1")
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	const char *cl = "DMAPP-4.8-refused-request-takes-no-place";
	dmapp_syncid_handle_t sid[M + 1], x;
	dmapp_seg_desc_t *s;
	uint8_t *blk;

	dt_start_with(M, NULL);
	blk = block();
	s = &dt_job.sheap_seg;
	for (int i = 0; i < 2 * M; i++)
		RT_EXPECT_EQ_INT(dmapp_put_nb(blk, s, (dmapp_pe_t)dt_npes,
					      blk + 4096, 8, DMAPP_QW, &x),
				 DMAPP_RC_INVALID_PARAM, cl);
	for (int i = 0; i < M; i++)
		RT_REQUIRE_EQ_INT(dmapp_put_nb(blk + 64 * i, s, dt_pe, blk + 4096,
					       8, DMAPP_QW, &sid[i]),
				  DMAPP_RC_SUCCESS, cl);
	for (int i = 0; i < 3; i++) {
		RT_EXPECT_EQ_INT(dmapp_put_nb(blk, s, dt_pe, blk + 4096, 8,
					      DMAPP_QW, &x), DMAPP_RC_NO_SPACE, cl);
		RT_EXPECT_EQ_INT(dmapp_put_nb(blk, s, (dmapp_pe_t)dt_npes,
					      blk + 4096, 8, DMAPP_QW, &x),
				 DMAPP_RC_INVALID_PARAM, cl);
	}
	RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[0]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_put_nb(blk, s, dt_pe, blk + 4096, 8, DMAPP_QW,
				      &sid[0]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_put_nb(blk, s, dt_pe, blk + 4096, 8, DMAPP_QW,
				      &sid[M]), DMAPP_RC_NO_SPACE, cl);
	for (int i = 0; i < M; i++)
		dmapp_syncid_wait(&sid[i]);
	dt_end();
}

/* The application owns the handle variable; the _nb call writes it. */
RT_TEST_ATTRS(handle_opaque, "dmapp.syncid_wait.state.syncid_opaque",
	      "DMAPP-5.2.4-syncid-opaque", "np=1")
{
	const char *cl = "DMAPP-5.2.4-syncid-opaque";
	dmapp_syncid_handle_t h[2] = { NULL, NULL };
	uint8_t *blk;

	dt_start();
	blk = block();
	RT_REQUIRE_EQ_INT(dmapp_put_nb(blk, &dt_job.sheap_seg, dt_pe, blk + 4096,
				       8, DMAPP_QW, &h[1]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_TRUE(h[1] != NULL, cl);
	RT_EXPECT_TRUE(h[0] == NULL, cl);	/* nothing else written */
	RT_EXPECT_EQ_INT(dmapp_syncid_wait(&h[1]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_TRUE(holds_pattern(blk, 8, dt_pe, 4096), cl);
	dt_end();
}
