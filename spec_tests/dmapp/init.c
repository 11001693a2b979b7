/*
 * init.c: dmapp_init, dmapp_finalize, dmapp_get_jobinfo and the RMA
 * attributes (4.9.1, 5.2.2, 5.2.3, 5.3.1-5.3.5), the header's constants
 * (5.1) and DMAPP_ABORT_ON_ERROR (5.4.2).
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dt.h"
#include "rdmacts_control.h"

/* dmapp_init with a = dt_attrs(DEF) changed by the caller. */
static dmapp_return_t init_with(dmapp_rma_attrs_t *a, dmapp_rma_attrs_t *act)
{
	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	return dmapp_init(a, act);
}

/* ---- constants (5.1, 5.2.3) ---- */

RT_TEST(type_values, "dmapp.header.enum.type_values", "DMAPP-5.1.1-type-values")
{
	RT_EXPECT_TRUE(DMAPP_DQW == 0 && DMAPP_QW == 1 && DMAPP_DW == 2 &&
		       DMAPP_BYTE == 3, "DMAPP-5.1.1-type-values");
}

RT_TEST(routing_values, "dmapp.header.enum.routing_values", "DMAPP-5.1.2-routing-values")
{
	RT_EXPECT_TRUE(DMAPP_ROUTING_IN_ORDER == 0 &&
		       DMAPP_ROUTING_DETERMINISTIC == 1 &&
		       DMAPP_ROUTING_ADAPTIVE == 2, "DMAPP-5.1.2-routing-values");
}

RT_TEST(rc_values, "dmapp.header.enum.return_code_values", "DMAPP-5.1-return-code-values")
{
	RT_EXPECT_TRUE(DMAPP_RC_SUCCESS == 0 && DMAPP_RC_INVALID_PARAM == 1 &&
		       DMAPP_RC_ALIGNMENT_ERROR == 2 &&
		       DMAPP_RC_TRANSACTION_ERROR == 3 &&
		       DMAPP_RC_RESOURCE_ERROR == 4 &&
		       DMAPP_RC_PERMISSION_ERROR == 5 && DMAPP_RC_NO_SPACE == 6,
		       "DMAPP-5.1-return-code-values");
}

RT_TEST(nb_constants, "dmapp.header.constants.outstanding_ordered",
	"DMAPP-5.2.3-outstanding-constants-ordered")
{
	RT_EXPECT_TRUE(1 <= DMAPP_MIN_OUTSTANDING_NB &&
		       DMAPP_MIN_OUTSTANDING_NB <= DMAPP_DEF_OUTSTANDING_NB &&
		       DMAPP_DEF_OUTSTANDING_NB <= DMAPP_MAX_OUTSTANDING_NB,
		       "DMAPP-5.2.3-outstanding-constants-ordered");
}

RT_TEST(threshold_4k, "dmapp.header.constants.offload_threshold_4k",
	"DMAPP-5.2.3-offload-threshold-4k")
{
	RT_EXPECT_EQ_INT(DMAPP_OFFLOAD_THRESHOLD, 4096, "DMAPP-5.2.3-offload-threshold-4k");
}

/* ---- dmapp_init (5.3.1) ---- */

RT_TEST(init_success, "dmapp.init.return.success",
	"DMAPP-5.3.1-success,DMAPP-4.9.1-init-before-use,DMAPP-5.3.1-actual-attrs-reported")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act, b;

	a.put_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	a.get_relaxed_ordering = DMAPP_ROUTING_ADAPTIVE;
	memset(&act, 0xee, sizeof act);
	RT_REQUIRE_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS, "DMAPP-5.3.1-success");
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(&(dmapp_jobinfo_t){ 0 }), DMAPP_RC_SUCCESS,
			 "DMAPP-4.9.1-init-before-use");
	b = a;
	b.max_concurrency = act.max_concurrency;
	RT_EXPECT_TRUE(memcmp(&act, &b, sizeof b) == 0 ||
		       (act.max_outstanding_nb == a.max_outstanding_nb &&
			act.offload_threshold == a.offload_threshold &&
			act.put_relaxed_ordering == a.put_relaxed_ordering &&
			act.get_relaxed_ordering == a.get_relaxed_ordering),
		       "DMAPP-5.3.1-actual-attrs-reported");
	RT_EXPECT_TRUE(act.max_concurrency >= 1 && act.max_concurrency <= 1,
		       "DMAPP-5.3.1-actual-attrs-reported");
	dmapp_finalize();
}

RT_TEST(init_req_in, "dmapp.init.param.requested_not_written", "DMAPP-5.3.1-requested-not-written")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), copy, act;

	a.max_concurrency = 3;
	copy = a;
	RT_REQUIRE_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS, "DMAPP-5.3.1-success");
	RT_EXPECT_MEM_EQ(&a, &copy, sizeof a, "DMAPP-5.3.1-requested-not-written");
	dmapp_finalize();
}

RT_TEST(init_eq_get, "dmapp.init.state.actual_equals_get_rma_attrs",
	"DMAPP-5.3.1-actual-equals-get-rma-attrs")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_MIN_OUTSTANDING_NB), act, got;

	a.offload_threshold = 777;
	RT_REQUIRE_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS, "DMAPP-5.3.1-success");
	RT_REQUIRE_EQ_INT(dmapp_get_rma_attrs(&got), DMAPP_RC_SUCCESS, "DMAPP-5.3.4-success");
	RT_EXPECT_TRUE(got.max_outstanding_nb == act.max_outstanding_nb &&
		       got.offload_threshold == act.offload_threshold &&
		       got.put_relaxed_ordering == act.put_relaxed_ordering &&
		       got.get_relaxed_ordering == act.get_relaxed_ordering &&
		       got.max_concurrency == act.max_concurrency,
		       "DMAPP-5.3.1-actual-equals-get-rma-attrs");
	dmapp_finalize();
}

/* One attribute value accepted and reported, or refused. */
enum field { MAXNB, THRESH, PUTR, GETR, CONC };

static void attr_case(enum field f, uint64_t v, bool valid, const char *cl)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_return_t rc;

	switch (f) {
	case MAXNB: a.max_outstanding_nb = (uint32_t)v; break;
	case THRESH: a.offload_threshold = (uint32_t)v; break;
	case PUTR: a.put_relaxed_ordering = (uint8_t)v; break;
	case GETR: a.get_relaxed_ordering = (uint8_t)v; break;
	case CONC: a.max_concurrency = (uint8_t)v; break;
	}
	rc = init_with(&a, &act);
	if (!valid) {
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
		if (rc == DMAPP_RC_SUCCESS)
			dmapp_finalize();
		/* the job stays uninitialized: a valid dmapp_init works */
		a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB);
		RT_EXPECT_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS, cl);
		dmapp_finalize();
		return;
	}
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
	switch (f) {
	case MAXNB: RT_EXPECT_EQ_U64(act.max_outstanding_nb, v, cl); break;
	case THRESH: RT_EXPECT_EQ_U64(act.offload_threshold, v, cl); break;
	case PUTR: RT_EXPECT_EQ_U64(act.put_relaxed_ordering, v, cl); break;
	case GETR: RT_EXPECT_EQ_U64(act.get_relaxed_ordering, v, cl); break;
	case CONC:
		RT_EXPECT_TRUE(act.max_concurrency >= 1 && act.max_concurrency <= v, cl);
		break;
	}
	dmapp_finalize();
}

#define ATTR_TEST(fn, name, cl, f, v, ok) \
	RT_TEST(fn, name, cl) { attr_case(f, v, ok, cl); }

ATTR_TEST(mo_min, "dmapp.init.attrs.max_outstanding_min", "DMAPP-5.3.1-max-outstanding-min", MAXNB, DMAPP_MIN_OUTSTANDING_NB, true)
ATTR_TEST(mo_def, "dmapp.init.attrs.max_outstanding_def", "DMAPP-5.3.1-max-outstanding-def", MAXNB, DMAPP_DEF_OUTSTANDING_NB, true)
ATTR_TEST(mo_max, "dmapp.init.attrs.max_outstanding_max", "DMAPP-5.3.1-max-outstanding-max", MAXNB, DMAPP_MAX_OUTSTANDING_NB, true)
ATTR_TEST(mo_below, "dmapp.init.attrs.max_outstanding_below_min", "DMAPP-5.3.1-max-outstanding-below-min", MAXNB, DMAPP_MIN_OUTSTANDING_NB - 1, false)
ATTR_TEST(mo_above, "dmapp.init.attrs.max_outstanding_above_max", "DMAPP-5.3.1-max-outstanding-above-max", MAXNB, DMAPP_MAX_OUTSTANDING_NB + 1, false)
ATTR_TEST(mo_zero, "dmapp.init.attrs.max_outstanding_zero", "DMAPP-5.3.1-max-outstanding-zero", MAXNB, 0, false)
ATTR_TEST(mo_huge, "dmapp.init.attrs.max_outstanding_uint32_max", "DMAPP-5.3.1-max-outstanding-uint32-max", MAXNB, UINT32_MAX, false)
ATTR_TEST(th_zero, "dmapp.init.attrs.offload_threshold_zero", "DMAPP-5.3.1-offload-threshold-zero", THRESH, 0, true)
ATTR_TEST(th_one, "dmapp.init.attrs.offload_threshold_one", "DMAPP-5.3.1-offload-threshold-one", THRESH, 1, true)
ATTR_TEST(th_def, "dmapp.init.attrs.offload_threshold_default", "DMAPP-5.3.1-offload-threshold-default", THRESH, DMAPP_OFFLOAD_THRESHOLD, true)
ATTR_TEST(th_max, "dmapp.init.attrs.offload_threshold_uint32_max", "DMAPP-5.3.1-offload-threshold-uint32-max", THRESH, UINT32_MAX, true)
ATTR_TEST(pr_in, "dmapp.init.attrs.put_routing_in_order", "DMAPP-5.3.1-put-routing-in-order", PUTR, DMAPP_ROUTING_IN_ORDER, true)
ATTR_TEST(pr_det, "dmapp.init.attrs.put_routing_deterministic", "DMAPP-5.3.1-put-routing-deterministic", PUTR, DMAPP_ROUTING_DETERMINISTIC, true)
ATTR_TEST(pr_ad, "dmapp.init.attrs.put_routing_adaptive", "DMAPP-5.3.1-put-routing-adaptive", PUTR, DMAPP_ROUTING_ADAPTIVE, true)
ATTR_TEST(pr_bad, "dmapp.init.attrs.put_routing_invalid", "DMAPP-5.3.1-put-routing-invalid", PUTR, DMAPP_ROUTING_ADAPTIVE + 1, false)
ATTR_TEST(pr_bad2, "dmapp.init.attrs.put_routing_255", "DMAPP-5.3.1-put-routing-invalid", PUTR, 255, false)
ATTR_TEST(gr_in, "dmapp.init.attrs.get_routing_in_order", "DMAPP-5.3.1-get-routing-in-order", GETR, DMAPP_ROUTING_IN_ORDER, true)
ATTR_TEST(gr_det, "dmapp.init.attrs.get_routing_deterministic", "DMAPP-5.3.1-get-routing-deterministic", GETR, DMAPP_ROUTING_DETERMINISTIC, true)
ATTR_TEST(gr_ad, "dmapp.init.attrs.get_routing_adaptive", "DMAPP-5.3.1-get-routing-adaptive", GETR, DMAPP_ROUTING_ADAPTIVE, true)
ATTR_TEST(gr_bad, "dmapp.init.attrs.get_routing_invalid", "DMAPP-5.3.1-get-routing-invalid", GETR, DMAPP_ROUTING_ADAPTIVE + 1, false)
ATTR_TEST(gr_bad2, "dmapp.init.attrs.get_routing_255", "DMAPP-5.3.1-get-routing-invalid", GETR, 255, false)
ATTR_TEST(mc_zero, "dmapp.init.attrs.max_concurrency_zero", "DMAPP-5.3.1-max-concurrency-zero,DMAPP-5.2.3-max-concurrency-ge-1", CONC, 0, false)
ATTR_TEST(mc_one, "dmapp.init.attrs.max_concurrency_one", "DMAPP-5.3.1-max-concurrency-one", CONC, 1, true)
ATTR_TEST(mc_many, "dmapp.init.attrs.max_concurrency_many", "DMAPP-5.3.1-max-concurrency-many", CONC, 8, true)

RT_TEST(init_null_req, "dmapp.init.param.null_requested_attrs", "DMAPP-5.3.1-null-requested-attrs")
{
	dmapp_rma_attrs_t act;
	RT_EXPECT_EQ_INT(init_with(NULL, &act), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.1-null-requested-attrs");
}

RT_TEST(init_null_act, "dmapp.init.param.null_actual_attrs", "DMAPP-5.3.1-null-actual-attrs")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB);
	RT_EXPECT_EQ_INT(init_with(&a, NULL), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.1-null-actual-attrs");
}

RT_TEST(init_invalid_then, "dmapp.init.state.invalid_leaves_uninitialized",
	"DMAPP-5.3.1-invalid-leaves-uninitialized")
{
	dmapp_rma_attrs_t a = dt_attrs(0), act;
	dmapp_jobinfo_t j;

	RT_EXPECT_EQ_INT(init_with(&a, &act), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.1-invalid-leaves-uninitialized");
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(&j), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.1-invalid-leaves-uninitialized");
	a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB);
	RT_EXPECT_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.1-invalid-leaves-uninitialized");
	dmapp_finalize();
}

RT_TEST(init_heap_too_big, "dmapp.init.resource.heap_too_large", "DMAPP-5.3.1-resource-error-heap")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "1048576G", 1);
	RT_EXPECT_EQ_INT(dmapp_init(&a, &act), DMAPP_RC_RESOURCE_ERROR,
			 "DMAPP-5.3.1-resource-error-heap");
}

/* A dmapp_init that failed initialized nothing (E-DMAPP-070): once the
 * cause is gone, the next dmapp_init is a first one.  It returns
 * DMAPP_RC_SUCCESS, or DMAPP_RC_INVALID_PARAM where the implementation
 * never initializes twice (E-DMAPP-041), and a job it reports
 * initialized works: a PUT and a GET of the symmetric heap round-trip. */
static void init_again_works(dmapp_rma_attrs_t *a, const char *cl)
{
	dmapp_rma_attrs_t act;
	dmapp_jobinfo_t job;
	uint64_t put = 0x600dcafe, got = 0, *w;
	dmapp_return_t rc = init_with(a, &act);

	RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_SUCCESS, DMAPP_RC_INVALID_PARAM);
	if (rc != DMAPP_RC_SUCCESS)
		return;
	w = dmapp_sheap_malloc(sizeof *w);
	RT_EXPECT_TRUE(w != NULL, cl);
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(&job), DMAPP_RC_SUCCESS, cl);
	if (w) {
		RT_EXPECT_EQ_INT(dmapp_put(w, &job.sheap_seg, job.pe, &put, 1, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_get(&got, w, &job.sheap_seg, job.pe, 1, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_U64(got, put, cl);
	}
	RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, cl);
}

RT_TEST(init_heap_then, "dmapp.init.resource.heap_too_large_then_init",
	"DMAPP-5.3.1-resource-error-leaves-uninitialized")
{
	const char *cl = "DMAPP-5.3.1-resource-error-leaves-uninitialized";
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_jobinfo_t j;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "1048576G", 1);
	RT_REQUIRE_EQ_INT(dmapp_init(&a, &act), DMAPP_RC_RESOURCE_ERROR,
			  "DMAPP-5.3.1-resource-error-heap");
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(&j), DMAPP_RC_INVALID_PARAM, cl);
	init_again_works(&a, cl);
}

/* The NIC is the one the launcher names in PMI_GNI_DEV_ID (E-DMAPP-071):
 * naming a device the node does not have (uGNI's GNI_CdmGetNicAddress
 * says GNI_RC_NO_MATCH for it) makes the attachment fail. */
RT_TEST(init_no_nic, "dmapp.init.resource.no_such_nic",
	"DMAPP-5.3.1-resource-error-no-such-nic,DMAPP-5.3.1-resource-error-leaves-uninitialized")
{
	const char *cl = "DMAPP-5.3.1-resource-error-no-such-nic";
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	uint32_t dev = 1, addr, cpu;
	char text[16];

	while (dev < 16 && GNI_CdmGetNicAddress(dev, &addr, &cpu) != GNI_RC_NO_MATCH)
		dev++;
	if (dev == 16)
		rt_unsupported("every device id 1..15 names a NIC");
	snprintf(text, sizeof text, "%u", dev);
	setenv("PMI_GNI_DEV_ID", text, 1);
	RT_EXPECT_EQ_INT(init_with(&a, &act), DMAPP_RC_RESOURCE_ERROR, cl);
	unsetenv("PMI_GNI_DEV_ID");
	init_again_works(&a, "DMAPP-5.3.1-resource-error-leaves-uninitialized");
}

/* A failed dmapp_init releases what it obtained (E-DMAPP-070): after
 * 10000 failures in a row -- more domains than a Gemini's 8192 NTT
 * entries could name, were each failure to keep its domain attached --
 * dmapp_init still succeeds (or refuses a second initialization).  Only
 * core calls: no count of what the NIC holds is needed. */
RT_TEST(init_heap_released, "dmapp.init.resource.failure_releases_nic",
	"DMAPP-5.3.1-resource-error-leaves-uninitialized")
{
	const char *cl = "DMAPP-5.3.1-resource-error-leaves-uninitialized";
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "1048576G", 1);
	for (int i = 0; i < 10000; i++)
		if (!RT_EXPECT_EQ_INT(dmapp_init(&a, &act), DMAPP_RC_RESOURCE_ERROR,
				      "DMAPP-5.3.1-resource-error-heap"))
			break;
	unsetenv("XT_SYMMETRIC_HEAP_SIZE");
	init_again_works(&a, cl);
}

RT_TEST_ATTRS(init_fault, "dmapp.init.fault.resource_error",
	      "DMAPP-5.3.1-resource-error-injected", "needs=faults")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;

	dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
	RT_EXPECT_EQ_INT(init_with(&a, &act), DMAPP_RC_RESOURCE_ERROR,
			 "DMAPP-5.3.1-resource-error-injected");
	dt_control(RDMACTS_TC_RESET, 0);
}

/*
 * Every allocation dmapp_init makes may fail, in DMAPP and in the uGNI
 * library under it.  For n = 1, 2, ... a fresh process makes the n-th
 * allocation fail: dmapp_init returns DMAPP_RC_RESOURCE_ERROR, or
 * DMAPP_RC_SUCCESS once n is past the allocations it makes, and never
 * crashes.  A job that reports success works: a PUT and a GET of the
 * symmetric heap round-trip, and dmapp_finalize succeeds.  The knob
 * counts each library's allocations on its own; a second pass, when the
 * uGNI library under DMAPP offers test control of its own, turns the
 * knob off there, so that DMAPP's own allocations fail alone.
 */
enum { SWEEP_WORKS, SWEEP_REFUSED, SWEEP_WRONG_RC, SWEEP_BROKEN, SWEEP_SKIP };

/* The entry of the uGNI library this program is bound to, if any; never
 * DMAPP's own (a DMAPP library may define uGNI's calls too). */
static rdmacts_test_control_fn ugni_control(void)
{
	rdmacts_test_control_fn ugni = rt_control_for("GNI_CdmCreate",
			RDMACTS_TEST_CONTROL_UGNI_SYMBOL);
	rdmacts_test_control_fn dmapp = rt_control_for("dmapp_init",
			RDMACTS_TEST_CONTROL_DMAPP_SYMBOL);

	return ugni != dmapp ? ugni : NULL;
}

static int init_fault_child(uint64_t n, bool dmapp_only)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_jobinfo_t job;
	uint64_t put = 0x5eed0000u + n, got = 0;
	rdmacts_test_control_fn below = dmapp_only ? ugni_control() : NULL;

	if (dmapp_only && !below)
		return SWEEP_SKIP;
	dt_own_job();
	dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, n);
	if (below)
		below(RDMACTS_TC_RESET, 0);
	dmapp_return_t rc = init_with(&a, &act);
	dt_control(RDMACTS_TC_RESET, 0);
	if (rc == DMAPP_RC_RESOURCE_ERROR)
		return SWEEP_REFUSED;
	if (rc != DMAPP_RC_SUCCESS)
		return SWEEP_WRONG_RC;
	uint64_t *w = dmapp_sheap_malloc(sizeof *w);
	if (!w || dmapp_get_jobinfo(&job) != DMAPP_RC_SUCCESS ||
	    dmapp_put(w, &job.sheap_seg, job.pe, &put, 1, DMAPP_QW) !=
	    DMAPP_RC_SUCCESS ||
	    dmapp_get(&got, w, &job.sheap_seg, job.pe, 1, DMAPP_QW) !=
	    DMAPP_RC_SUCCESS || got != put ||
	    dmapp_finalize() != DMAPP_RC_SUCCESS)
		return SWEEP_BROKEN;
	return SWEEP_WORKS;
}

RT_TEST_ATTRS(init_fault_sweep, "dmapp.init.fault.every_allocation",
	      "DMAPP-5.3.1-resource-error-injected", "needs=faults")
{
	static const char *const what[] = {
		"works", "DMAPP_RC_RESOURCE_ERROR", "another return code",
		"reported success but could not PUT, GET and finalize" };
	static const char *const pass_name[] = {
		"in every library", "in DMAPP alone" };
	const char *cl = "DMAPP-5.3.1-resource-error-injected";

	dt_control(RDMACTS_TC_RESET, 0);	/* UNSUPPORTED without it */
	for (int pass = 0; pass < 2; pass++) {
		int works = 0, refused = 0, r = SWEEP_WORKS;

		for (uint64_t n = 1; n <= 256 && works < 3; n++) {
			int st;
			pid_t pid;

			fflush(NULL);	/* the child exits normally */
			pid = fork();
			if (pid == 0)	/* exit: the libraries leave the NIC */
				exit(init_fault_child(n, pass == 1));
			RT_REQUIRE_TRUE(pid > 0 && waitpid(pid, &st, 0) == pid, cl);
			if (!WIFEXITED(st) || WEXITSTATUS(st) > SWEEP_SKIP) {
				RT_FAIL(cl, "RESOURCE_ERROR or SUCCESS", "crash",
					"allocation %llu failing %s: the process "
					"died (status 0x%x)", (unsigned long long)n,
					pass_name[pass], st);
				return;
			}
			r = WEXITSTATUS(st);
			if (r == SWEEP_SKIP)
				break;
			if (r == SWEEP_WRONG_RC || r == SWEEP_BROKEN) {
				RT_FAIL(cl, "RESOURCE_ERROR or SUCCESS", what[r],
					"allocation %llu failing %s: %s",
					(unsigned long long)n, pass_name[pass],
					what[r]);
				return;
			}
			works = r == SWEEP_WORKS ? works + 1 : 0;
			refused += r == SWEEP_REFUSED;
		}
		/* the first pass always reaches allocation 1 (init_fault) */
		if (r != SWEEP_SKIP)
			RT_EXPECT_TRUE(works == 3 && (pass == 1 || refused >= 1),
				       cl);
	}
}

/*
 * The first call naming a PE may be the one that sets up what this PE
 * needs to reach it, so every allocation of a first dmapp_put may fail
 * too (5.3.8: DMAPP_RC_RESOURCE_ERROR; a blocking call may also report
 * the failed transfer, as fault.resource_error accepts).  For n = 1, 2,
 * ... a fresh process makes the n-th allocation of its first PUT (to
 * itself) fail; then, the knob off, the same PUT must work and move its
 * data, and dmapp_finalize succeed: a failed first contact leaves no
 * half-made state behind.
 */
static int first_put_fault_child(uint64_t n)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_jobinfo_t job;
	uint64_t put = 0x5eed0000u + n, got = 0;

	dt_own_job();
	if (init_with(&a, &act) != DMAPP_RC_SUCCESS)
		return SWEEP_BROKEN;
	uint64_t *w = dmapp_sheap_malloc(sizeof *w);
	if (!w || dmapp_get_jobinfo(&job) != DMAPP_RC_SUCCESS)
		return SWEEP_BROKEN;
	dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, n);
	dmapp_return_t rc = dmapp_put(w, &job.sheap_seg, job.pe, &put, 1, DMAPP_QW);
	dt_control(RDMACTS_TC_RESET, 0);
	if (rc != DMAPP_RC_SUCCESS && rc != DMAPP_RC_RESOURCE_ERROR &&
	    rc != DMAPP_RC_TRANSACTION_ERROR)
		return SWEEP_WRONG_RC;
	if (dmapp_put(w, &job.sheap_seg, job.pe, &put, 1, DMAPP_QW) !=
	    DMAPP_RC_SUCCESS ||
	    dmapp_get(&got, w, &job.sheap_seg, job.pe, 1, DMAPP_QW) !=
	    DMAPP_RC_SUCCESS || got != put ||
	    dmapp_finalize() != DMAPP_RC_SUCCESS)
		return SWEEP_BROKEN;
	return rc == DMAPP_RC_SUCCESS ? SWEEP_WORKS : SWEEP_REFUSED;
}

RT_TEST_ATTRS(first_put_fault_sweep, "dmapp.put.fault.first_put_every_allocation",
	      "DMAPP-5.3.8-put-resource-error", "needs=faults")
{
	static const char *const what[] = {
		"works", "DMAPP_RC_RESOURCE_ERROR", "another return code",
		"could not PUT, GET and finalize once the knob was off" };
	const char *cl = "DMAPP-5.3.8-put-resource-error";
	int works = 0, refused = 0, r = SWEEP_WORKS;

	dt_control(RDMACTS_TC_RESET, 0);	/* UNSUPPORTED without it */
	for (uint64_t n = 1; n <= 256 && works < 3; n++) {
		int st;
		pid_t pid;

		fflush(NULL);	/* the child exits normally */
		pid = fork();
		if (pid == 0)	/* exit: the libraries leave the NIC */
			exit(first_put_fault_child(n));
		RT_REQUIRE_TRUE(pid > 0 && waitpid(pid, &st, 0) == pid, cl);
		if (!WIFEXITED(st) || WEXITSTATUS(st) >= SWEEP_SKIP) {
			RT_FAIL(cl, "RESOURCE_ERROR or SUCCESS", "crash",
				"allocation %llu of the first PUT failing: the "
				"process died (status 0x%x)", (unsigned long long)n, st);
			return;
		}
		r = WEXITSTATUS(st);
		if (r == SWEEP_WRONG_RC || r == SWEEP_BROKEN) {
			RT_FAIL(cl, "RESOURCE_ERROR or SUCCESS, then a working PUT",
				what[r], "allocation %llu of the first PUT failing: %s",
				(unsigned long long)n, what[r]);
			return;
		}
		works = r == SWEEP_WORKS ? works + 1 : 0;
		refused += r == SWEEP_REFUSED;
	}
	RT_EXPECT_TRUE(works == 3 && refused >= 1, cl);
}

/* The NIC has no FMA descriptor to spare (the test-control interface
 * lowers the job's limit below what it holds): a blocking PUT reports
 * DMAPP_RC_RESOURCE_ERROR (or the failed transfer), or it returns
 * DMAPP_RC_SUCCESS because it moved the data another way; it never
 * reports success for data that did not arrive. */
RT_TEST_ATTRS(put_no_fma, "dmapp.put.fault.nic_out_of_descriptors",
	      "DMAPP-5.3.8-put-resource-error,DMAPP-5.3.8-put-data-qw", "needs=faults")
{
	uint64_t put = 0x5eedf00d, got = 0, *w;
	dmapp_return_t rc;

	dt_start();
	w = dmapp_sheap_malloc(sizeof *w);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	*w = 0;
	RT_REQUIRE_EQ_INT(dmapp_put(w, &dt_job.sheap_seg, dt_pe, &got, 1, DMAPP_QW),
			  DMAPP_RC_SUCCESS, "DMAPP-5.3.8-put-data-qw");
	dt_control(RDMACTS_TC_LIMIT_FMA, 0);
	rc = dmapp_put(w, &dt_job.sheap_seg, dt_pe, &put, 1, DMAPP_QW);
	dt_control(RDMACTS_TC_RESET, 0);
	if (rc == DMAPP_RC_SUCCESS)
		RT_EXPECT_EQ_U64(*(volatile uint64_t *)w, put, "DMAPP-5.3.8-put-data-qw");
	else
		RT_EXPECT_RC_IN(rc, "DMAPP-5.3.8-put-resource-error",
				DMAPP_RC_RESOURCE_ERROR, DMAPP_RC_TRANSACTION_ERROR);
	dt_end();
}

/* PE 1 cannot create its heap; PE 0's dmapp_init must not report a job
 * it cannot address as initialized (E-DMAPP-066).  The test starts PMI
 * itself (DMAPP-5.3.1-init-after-pmi-init) to compare the PEs' results
 * afterwards; PE 0 never calls dmapp_finalize after a success, since its
 * partner would never join.  Robustness tier: the text does not say what
 * the other PEs get (E-DMAPP-066). */
RT_TEST_ATTRS(init_fail_other, "dmapp.init.resource.failure_on_another_pe",
	      "DMAPP-5.3.1-failure-on-another-pe", "np=2;tier=robustness")
{
	const char *cl = "DMAPP-5.3.1-failure-on-another-pe";
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	int spawned, rank = -1, size = 0, rc, rcs[2] = { -1, -1 };

	RT_REQUIRE_EQ_INT(PMI_Init(&spawned), PMI_SUCCESS, "DMAPP-5.3.1-init-after-pmi-init");
	PMI_Get_rank(&rank);
	PMI_Get_size(&size);
	if (size != 2)
		rt_unsupported("needs a job of exactly 2 PEs");
	setenv("XT_SYMMETRIC_HEAP_SIZE", rank == 1 ? "1048576G" : DT_HEAP, 1);
	rc = dmapp_init(&a, &act);
	RT_REQUIRE_EQ_INT(PMI_Allgather(&rc, rcs, (int)sizeof rc), PMI_SUCCESS, cl);
	if (rcs[1] == DMAPP_RC_SUCCESS) {
		if (rcs[0] == DMAPP_RC_SUCCESS)
			dmapp_finalize();
		PMI_Finalize();
		rt_unsupported("PE 1 could create a heap of 1048576G");
	}
	if (rank == 0)
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_RESOURCE_ERROR, cl);
	PMI_Finalize();
}

RT_TEST_ATTRS(init_twice, "dmapp.init.state.second_init",
	      "DMAPP-5.3.1-second-init", "tier=robustness")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_MIN_OUTSTANDING_NB), b, act, got;

	RT_REQUIRE_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS, "DMAPP-5.3.1-success");
	b = dt_attrs(DMAPP_DEF_OUTSTANDING_NB);
	RT_EXPECT_EQ_INT(init_with(&b, &act), DMAPP_RC_INVALID_PARAM, "DMAPP-5.3.1-second-init");
	dmapp_get_rma_attrs(&got);
	RT_EXPECT_EQ_U64(got.max_outstanding_nb, DMAPP_MIN_OUTSTANDING_NB, "DMAPP-5.3.1-second-init");
	dmapp_finalize();
}

RT_TEST_ATTRS(init_again, "dmapp.init.state.after_finalize",
	      "DMAPP-5.3.1-init-after-finalize", "tier=robustness")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_return_t rc;

	RT_REQUIRE_EQ_INT(init_with(&a, &act), DMAPP_RC_SUCCESS, "DMAPP-5.3.1-success");
	dmapp_finalize();
	rc = init_with(&a, &act);
	RT_EXPECT_RC_IN(rc, "DMAPP-5.3.1-init-after-finalize", DMAPP_RC_SUCCESS,
			DMAPP_RC_INVALID_PARAM);
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_finalize();
}

/* init_again with a job of 2 PEs: after dmapp_finalize the job may
 * initialize again, and then every PE reaches the others as before. */
RT_TEST_ATTRS(init_again_job, "dmapp.init.state.after_finalize_job",
	      "DMAPP-5.3.1-init-after-finalize", "tier=robustness;np=2")
{
	const char *cl = "DMAPP-5.3.1-init-after-finalize";
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_jobinfo_t job;
	uint64_t *w, mine, got = 0;
	dmapp_return_t rc;
	int peer;

	dt_start();
	dt_end();
	rc = init_with(&a, &act);
	RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_SUCCESS, DMAPP_RC_INVALID_PARAM);
	if (rc != DMAPP_RC_SUCCESS)
		return;
	RT_REQUIRE_EQ_INT(dmapp_get_jobinfo(&job), DMAPP_RC_SUCCESS, cl);
	w = dmapp_sheap_malloc(sizeof *w);
	RT_REQUIRE_TRUE(w != NULL, cl);
	peer = (job.pe + 1) % job.npes;
	mine = 0xa9a10000u + (uint64_t)job.pe;
	dt_barrier();
	RT_EXPECT_EQ_INT(dmapp_put(w, &job.sheap_seg, peer, &mine, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_get(&got, w, &job.sheap_seg, peer, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(got, mine, cl);
	dt_end();
}

RT_TEST_ATTRS(init_pmi, "dmapp.init.state.initializes_pmi",
	      "DMAPP-5.3.1-init-initializes-pmi", "np=2")
{
	dt_start();
	RT_EXPECT_EQ_INT(PMI_Barrier(), PMI_SUCCESS, "DMAPP-5.3.1-init-initializes-pmi");
	dt_end();
}

RT_TEST_ATTRS(init_after_pmi, "dmapp.init.state.after_pmi_init",
	      "DMAPP-5.3.1-init-after-pmi-init,DMAPP-5.2.2-pe-matches-pmi-rank", "np=2")
{
	int spawned, rank = -1, size = -1;

	RT_REQUIRE_EQ_INT(PMI_Init(&spawned), PMI_SUCCESS, "DMAPP-5.3.1-init-after-pmi-init");
	PMI_Get_rank(&rank);
	PMI_Get_size(&size);
	dt_start();
	RT_EXPECT_EQ_INT(dt_pe, rank, "DMAPP-5.2.2-pe-matches-pmi-rank");
	RT_EXPECT_EQ_INT(dt_npes, size, "DMAPP-5.2.2-pe-matches-pmi-rank");
	dt_end();
	PMI_Finalize();
}

RT_TEST(init_single, "dmapp.init.state.single_process_job",
	"DMAPP-5.3.1-single-process-job,DMAPP-5.2.2-npes,DMAPP-5.2.2-pe-range")
{
	dt_start();
	RT_EXPECT_EQ_INT(dt_job.npes, 1, "DMAPP-5.3.1-single-process-job");
	RT_EXPECT_EQ_INT(dt_job.pe, 0, "DMAPP-5.2.2-pe-range");
	dt_end();
}

/*
 * The application's own mappings are no obstacle to dmapp_init
 * (E-DMAPP-081): one page of its own at each place where an
 * implementation might put a heap at a fixed address (every 16 TiB of
 * the user address space and a few lower places; a place already in use
 * is left out), then dmapp_init succeeds, the heap serves a block that a
 * PUT and a GET of this PE and of the next one round-trip, and the pages
 * lie outside the heap segment with their contents unchanged.
 */
static const uintptr_t own_pages[] = {
	0x100000000000, 0x200000000000, 0x300000000000, 0x400000000000,
	0x500000000000, 0x600000000000, 0x700000000000,
	0x10000000000, 0x20000000000, 0x40000000000, 0x80000000000,
	0x100000000, 0x40000000,
};
#define N_OWN_PAGES (sizeof own_pages / sizeof own_pages[0])

/* Maps what it can of own_pages, each filled with its own pattern. */
static size_t map_own_pages(unsigned char *page[], size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < N_OWN_PAGES; i++) {
		void *p = mmap((void *)own_pages[i], size, PROT_READ | PROT_WRITE,
			       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
		if (p == MAP_FAILED)
			continue;
		if (p != (void *)own_pages[i]) {	/* a kernel without NOREPLACE */
			munmap(p, size);
			continue;
		}
		page[n] = p;
		dt_fill(page[n], size, (int)n, 8);
		n++;
	}
	return n;
}

/* The pages are outside the heap segment and keep their patterns. */
static void own_pages_kept(unsigned char *page[], size_t n, size_t size,
			   unsigned char *pat, const char *cl)
{
	uintptr_t lo = (uintptr_t)dt_job.sheap_seg.addr;

	for (size_t i = 0; i < n; i++) {
		uintptr_t a = (uintptr_t)page[i];
		RT_EXPECT_TRUE(a + size <= lo || a >= lo + dt_job.sheap_seg.len, cl);
		dt_fill(pat, size, (int)i, 8);
		RT_EXPECT_MEM_EQ(page[i], pat, size, cl);
	}
}

RT_TEST_ATTRS(init_own_maps, "dmapp.init.resource.own_mappings_before_init",
	      "DMAPP-5.3.1-own-mappings-no-obstacle", "np=2")
{
	const char *cl = "DMAPP-5.3.1-own-mappings-no-obstacle";
	size_t size = (size_t)sysconf(_SC_PAGESIZE), n;
	unsigned char *page[N_OWN_PAGES], *pat = malloc(size);
	uint64_t *w, mine, got = 0;

	RT_REQUIRE_TRUE(pat != NULL, cl);
	n = map_own_pages(page, size);
	if (n == 0)
		rt_unsupported("none of the places could be mapped");
	dt_start();
	w = dmapp_sheap_malloc(sizeof *w);
	RT_REQUIRE_TRUE(w != NULL, cl);
	*w = 0;
	mine = 0x0a0e0000u + (uint64_t)dt_pe;
	RT_EXPECT_EQ_INT(dmapp_put(w, &dt_job.sheap_seg, dt_pe, &mine, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(*w, mine, cl);
	RT_EXPECT_EQ_INT(dmapp_get(&got, w, &dt_job.sheap_seg, dt_pe, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(got, mine, cl);
	dt_barrier();
	if (dt_npes > 1) {
		RT_EXPECT_EQ_INT(dmapp_put(w, &dt_job.sheap_seg, dt_peer(1), &mine, 1,
					   DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		dt_barrier();
		RT_EXPECT_EQ_U64(*w, 0x0a0e0000u + (uint64_t)dt_peer(-1), cl);
		got = 0;
		RT_EXPECT_EQ_INT(dmapp_get(&got, w, &dt_job.sheap_seg, dt_peer(1), 1,
					   DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_U64(got, mine, cl);	/* what this PE put there */
	}
	own_pages_kept(page, n, size, pat, cl);
	dt_end();
	own_pages_kept(page, n, size, pat, cl);
	for (size_t i = 0; i < n; i++)
		munmap(page[i], size);
	free(pat);
}

/* ---- dmapp_finalize (5.3.2) ---- */

RT_TEST_ATTRS(fin_success, "dmapp.finalize.return.success", "DMAPP-5.3.2-success", "np=2")
{
	dt_start();
	dt_barrier();
	RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, "DMAPP-5.3.2-success");
}

/* _nbi (arg 0) or _nb (arg 1) PUTs to PE 1's static object right before
 * dmapp_finalize have arrived when PE 1's dmapp_finalize returns. */
static void fin_completes(int nb, const char *cl)
{
	static uint64_t box[64];
	uint64_t src[64];
	dmapp_syncid_handle_t sid;

	dt_start();
	if (dt_job.data_seg.len == 0)
		rt_unsupported("data_seg.len == 0: the data segment is not exported");
	memset(box, 0, sizeof box);
	for (int i = 0; i < 64; i++)
		src[i] = 1000 + (uint64_t)i;
	dt_barrier();
	if (dt_pe == 0) {
		if (nb)
			RT_EXPECT_EQ_INT(dmapp_put_nb(box, &dt_job.data_seg, 1, src, 64,
						      DMAPP_QW, &sid), DMAPP_RC_SUCCESS, cl);
		else
			RT_EXPECT_EQ_INT(dmapp_put_nbi(box, &dt_job.data_seg, 1, src, 64,
						       DMAPP_QW), DMAPP_RC_SUCCESS, cl);
	}
	RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, cl);
	if (dt_pe == 1)
		RT_EXPECT_MEM_EQ(box, src, sizeof src, cl);
}

RT_TEST_ATTRS(fin_nbi, "dmapp.finalize.state.completes_nbi", "DMAPP-5.3.2-completes-nbi", "np=2")
{
	fin_completes(0, "DMAPP-5.3.2-completes-nbi");
}

RT_TEST_ATTRS(fin_nb, "dmapp.finalize.state.completes_nb", "DMAPP-5.3.2-completes-nb", "np=2")
{
	fin_completes(1, "DMAPP-5.3.2-completes-nb");
}

/* An _nb GET of PE 1's static object into private memory of PE 0, right
 * before dmapp_finalize: completed by dmapp_finalize, so the data is in
 * PE 0's buffer when dmapp_finalize returns. */
RT_TEST_ATTRS(fin_nb_get, "dmapp.finalize.state.completes_nb_get", "DMAPP-5.3.2-completes-nb", "np=2")
{
	const char *cl = "DMAPP-5.3.2-completes-nb";
	static uint64_t box[64];
	uint64_t want[64], *got = calloc(64, sizeof *got);
	dmapp_syncid_handle_t sid;

	dt_start();
	if (dt_job.data_seg.len == 0)
		rt_unsupported("data_seg.len == 0: the data segment is not exported");
	RT_REQUIRE_TRUE(got != NULL, cl);
	for (int i = 0; i < 64; i++) {
		box[i] = 2000 + 100 * (uint64_t)dt_pe + (uint64_t)i;
		want[i] = 2100 + (uint64_t)i;
	}
	dt_barrier();
	if (dt_pe == 0)
		RT_EXPECT_EQ_INT(dmapp_get_nb(got, box, &dt_job.data_seg, 1, 64,
					      DMAPP_QW, &sid), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, cl);
	if (dt_pe == 0)
		RT_EXPECT_MEM_EQ(got, want, sizeof want, cl);
	free(got);
}

RT_TEST_ATTRS(fin_collective, "dmapp.finalize.state.collective", "DMAPP-5.3.2-collective", "np=2")
{
	static uint64_t flag_obj;
	uint64_t *flag = &flag_obj, one = 1;

	dt_start();
	if (dt_job.data_seg.len == 0)
		rt_unsupported("data_seg.len == 0: the data segment is not exported");
	*flag = 0;
	dt_barrier();
	if (dt_pe == 1) {
		/* PE 1 is late; PE 0 must still be inside dmapp_finalize */
		usleep(300000);
		RT_EXPECT_EQ_INT(dmapp_put(flag, &dt_job.data_seg, 0, &one, 1, DMAPP_QW),
				 DMAPP_RC_SUCCESS, "DMAPP-5.3.2-collective");
		RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, "DMAPP-5.3.2-collective");
	} else {
		RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, "DMAPP-5.3.2-collective");
		/* the late PE's PUT happened before it called dmapp_finalize */
		RT_EXPECT_EQ_U64(*(volatile uint64_t *)flag, 1, "DMAPP-5.3.2-collective");
	}
}

RT_TEST_ATTRS(fin_twice, "dmapp.finalize.state.twice", "DMAPP-5.3.2-twice", "tier=robustness")
{
	dt_start();
	dmapp_finalize();
	RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, "DMAPP-5.3.2-twice");
}

RT_TEST_ATTRS(fin_before, "dmapp.finalize.state.before_init", "DMAPP-5.3.2-before-init", "tier=robustness")
{
	RT_EXPECT_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, "DMAPP-5.3.2-before-init");
}

RT_TEST_ATTRS(fin_invalidates, "dmapp.finalize.state.invalidates_syncids",
	      "DMAPP-5.3.2-invalidates-syncids", "tier=robustness")
{
	static char buf[256];
	uint64_t *w, v = 1;
	dmapp_syncid_handle_t sid;
	dmapp_seg_desc_t reg;

	dt_start();
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	RT_REQUIRE_EQ_INT(dmapp_put_nb(w, &dt_job.sheap_seg, 0, &v, 1, DMAPP_QW, &sid),
			  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-put-nb-data-qw");
	RT_REQUIRE_EQ_INT(dmapp_mem_register(buf, sizeof buf, &reg), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.70-success-private-heap");
	dmapp_finalize();
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.2-invalidates-syncids");
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&reg), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-5.3.2-invalidates-syncids");
	dt_end();
}

/* ---- dmapp_get_jobinfo (5.3.3, 5.2.2) ---- */

RT_TEST(ji_success, "dmapp.get_jobinfo.return.success",
	"DMAPP-5.3.3-success,DMAPP-4.9.1-jobinfo-content")
{
	dmapp_jobinfo_t j;

	dt_start();
	memset(&j, 0xee, sizeof j);
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(&j), DMAPP_RC_SUCCESS, "DMAPP-5.3.3-success");
	RT_EXPECT_TRUE(j.npes >= 1 && j.pe >= 0 && j.pe < j.npes &&
		       j.sheap_seg.addr != NULL && j.sheap_seg.len > 0,
		       "DMAPP-4.9.1-jobinfo-content");
	dt_end();
}

/*
 * hw_version is the implementation's own DMAPP_GNI_HW_MAJOR_GEMINI
 * (E-DMAPP-004).  No public header gives that macro a value, so the
 * corpus, built on the common headers, cannot know it: the certifier
 * gives it in RDMACTS_DMAPP_HW_MAJOR_GEMINI (make certify does for the
 * reference, from include/dmapp.h).  Without it the test is UNSUPPORTED.
 */
RT_TEST(ji_hw, "dmapp.get_jobinfo.content.hw_version", "DMAPP-5.2.2-hw-version-gemini")
{
	unsigned long long want;
	dmapp_jobinfo_t j;

	if (!rt_env_first("RDMACTS_DMAPP_HW_MAJOR_GEMINI", &want))
		rt_unsupported("the implementation's DMAPP_GNI_HW_MAJOR_GEMINI was not given "
			       "(RDMACTS_DMAPP_HW_MAJOR_GEMINI)");
	dt_start();
	memset(&j, 0xee, sizeof j);
	RT_REQUIRE_EQ_INT(dmapp_get_jobinfo(&j), DMAPP_RC_SUCCESS, "DMAPP-5.3.3-success");
	RT_EXPECT_EQ_INT(j.hw_version, (long long)want, "DMAPP-5.2.2-hw-version-gemini");
	dt_end();
}

RT_TEST(ji_null, "dmapp.get_jobinfo.param.null_info", "DMAPP-5.3.3-null-info")
{
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(NULL), DMAPP_RC_INVALID_PARAM, "DMAPP-5.3.3-null-info");
	dt_end();
}

RT_TEST(ji_copy, "dmapp.get_jobinfo.state.caller_copy", "DMAPP-5.3.3-caller-copy,DMAPP-5.3.3-stable")
{
	dmapp_jobinfo_t a, b, c;
	void *p;

	dt_start();
	dmapp_get_jobinfo(&a);
	b = a;
	memset(&a, 0, sizeof a);
	p = dmapp_sheap_malloc(4096);
	dmapp_sheap_free(p);
	dmapp_get_jobinfo(&c);
	RT_EXPECT_TRUE(c.npes == b.npes && c.pe == b.pe && c.version == b.version &&
		       c.hw_version == b.hw_version &&
		       c.sheap_seg.addr == b.sheap_seg.addr &&
		       c.sheap_seg.len == b.sheap_seg.len &&
		       c.data_seg.addr == b.data_seg.addr &&
		       c.data_seg.len == b.data_seg.len, "DMAPP-5.3.3-caller-copy");
	RT_EXPECT_TRUE(memcmp(&c.sheap_seg.memhndl, &b.sheap_seg.memhndl,
			      sizeof b.sheap_seg.memhndl) == 0, "DMAPP-5.3.3-stable");
	dt_end();
}

RT_TEST_ATTRS(ji_job, "dmapp.get_jobinfo.state.spmd_npes_and_pes",
	      "DMAPP-4.1-spmd-npes-same-on-every-pe,DMAPP-4.1-pes-distinct,DMAPP-5.2.2-version-constant,DMAPP-5.2.2-npes",
	      "np=4")
{
	int mine[3], all[12], size = 0, seen = 0;
	dmapp_jobinfo_t j;

	dt_start();
	PMI_Get_size(&size);
	mine[0] = dt_job.npes;
	mine[1] = dt_job.pe;
	mine[2] = dt_job.version;
	dt_allgather(mine, all, sizeof mine);
	for (int q = 0; q < 4; q++) {
		RT_EXPECT_EQ_INT(all[3 * q], size, "DMAPP-4.1-spmd-npes-same-on-every-pe");
		RT_EXPECT_EQ_INT(all[3 * q + 2], all[2], "DMAPP-5.2.2-version-constant");
		if (all[3 * q + 1] >= 0 && all[3 * q + 1] < 4)
			seen |= 1 << all[3 * q + 1];
	}
	RT_EXPECT_EQ_INT(seen, 0xf, "DMAPP-4.1-pes-distinct");
	dmapp_get_jobinfo(&j);
	RT_EXPECT_EQ_INT(j.npes, 4, "DMAPP-5.2.2-npes");
	dt_end();
}

static int dt_bss_object;
static int dt_data_object = 42;

RT_TEST(ji_segs, "dmapp.get_jobinfo.state.segments",
	"DMAPP-5.2.2-data-seg,DMAPP-5.2.2-sheap-seg,DMAPP-5.2.1-seg-desc-addr-len,DMAPP-4.8-query-exported-segments")
{
	char *p[4];
	uintptr_t ds, de, hs, he;
	int flag = -1;

	dt_start();
	ds = (uintptr_t)dt_job.data_seg.addr;
	de = ds + dt_job.data_seg.len;
	hs = (uintptr_t)dt_job.sheap_seg.addr;
	he = hs + dt_job.sheap_seg.len;
	if (dt_job.data_seg.len != 0) {
		RT_EXPECT_TRUE((uintptr_t)&dt_bss_object >= ds &&
			       (uintptr_t)(&dt_bss_object + 1) <= de, "DMAPP-5.2.2-data-seg");
		RT_EXPECT_TRUE((uintptr_t)&dt_data_object >= ds &&
			       (uintptr_t)(&dt_data_object + 1) <= de, "DMAPP-5.2.2-data-seg");
		RT_EXPECT_TRUE((uintptr_t)dt_static >= ds &&
			       (uintptr_t)dt_static + DT_STATIC_SIZE <= de,
			       "DMAPP-5.2.1-seg-desc-addr-len");
	}
	p[0] = dmapp_sheap_malloc(100);
	p[1] = dmapp_sheap_malloc(5000);
	p[2] = dmapp_sheap_realloc(p[0], 9000);
	p[3] = dmapp_sheap_malloc(1 << 20);
	RT_EXPECT_TRUE((uintptr_t)p[1] >= hs && (uintptr_t)p[1] + 5000 <= he, "DMAPP-5.2.2-sheap-seg");
	RT_EXPECT_TRUE((uintptr_t)p[2] >= hs && (uintptr_t)p[2] + 9000 <= he, "DMAPP-5.2.2-sheap-seg");
	RT_EXPECT_TRUE((uintptr_t)p[3] >= hs && (uintptr_t)p[3] + (1 << 20) <= he, "DMAPP-4.8-query-exported-segments");
	RT_EXPECT_EQ_INT(dmapp_segdesc_compare(&dt_job.data_seg, &dt_job.sheap_seg, &flag),
			 DMAPP_RC_SUCCESS, "DMAPP-5.2.2-segs-disjoint");
	dt_end();
}

RT_TEST(ji_disjoint, "dmapp.get_jobinfo.state.segments_disjoint", "DMAPP-5.2.2-segs-disjoint")
{
	int flag = -1;
	uintptr_t ds, de, hs, he;

	dt_start();
	ds = (uintptr_t)dt_job.data_seg.addr;
	de = ds + dt_job.data_seg.len;
	hs = (uintptr_t)dt_job.sheap_seg.addr;
	he = hs + dt_job.sheap_seg.len;
	RT_EXPECT_TRUE(dt_job.data_seg.len == 0 || de <= hs || he <= ds, "DMAPP-5.2.2-segs-disjoint");
	dmapp_segdesc_compare(&dt_job.data_seg, &dt_job.sheap_seg, &flag);
	RT_EXPECT_EQ_INT(flag, 0, "DMAPP-5.2.2-segs-disjoint");
	dt_end();
}

/*
 * The executable's last static object belongs to data_seg to its last
 * byte, also where the data segment ends exactly on a page boundary.
 * The linker puts .lbss after .bss (the large-model uninitialized data,
 * last in the writable segment); one page there, page aligned, makes the
 * program's static data end on a page boundary.
 */
static _Alignas(4096) uint64_t dt_last_page[4096 / sizeof(uint64_t)]
	__attribute__((section(".lbss.dt_last_page")));

RT_TEST(ji_last_object, "dmapp.get_jobinfo.state.data_seg_last_static_object",
	"DMAPP-5.2.2-data-seg,DMAPP-5.2.1-seg-desc-addr-len")
{
	const char *cl = "DMAPP-5.2.2-data-seg";
	uint64_t *last = &dt_last_page[4096 / sizeof(uint64_t) - 1];
	uint64_t v = 0x1a57b17e, got = 0;
	uintptr_t ds;

	dt_start();
	if (dt_job.data_seg.len == 0)
		rt_unsupported("data_seg.len == 0: the data segment is not exported");
	ds = (uintptr_t)dt_job.data_seg.addr;
	RT_EXPECT_TRUE((uintptr_t)dt_last_page >= ds &&
		       (uintptr_t)(last + 1) - ds <= dt_job.data_seg.len, cl);
	RT_EXPECT_EQ_INT(dmapp_put(last, &dt_job.data_seg, dt_pe, &v, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(*last, v, cl);
	RT_EXPECT_EQ_INT(dmapp_get(&got, last, &dt_job.data_seg, dt_pe, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(got, v, cl);
	dt_end();
}

/* ---- dmapp_get_rma_attrs / dmapp_set_rma_attrs (5.3.4, 5.3.5) ---- */

RT_TEST(ga_success, "dmapp.get_rma_attrs.return.success", "DMAPP-5.3.4-success")
{
	dmapp_rma_attrs_t a;

	dt_start();
	memset(&a, 0xee, sizeof a);
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs(&a), DMAPP_RC_SUCCESS, "DMAPP-5.3.4-success");
	RT_EXPECT_EQ_U64(a.max_outstanding_nb, DMAPP_DEF_OUTSTANDING_NB, "DMAPP-5.3.4-success");
	dt_end();
}

RT_TEST(ga_null, "dmapp.get_rma_attrs.param.null_attrs", "DMAPP-5.3.4-null-attrs")
{
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs(NULL), DMAPP_RC_INVALID_PARAM, "DMAPP-5.3.4-null-attrs");
	dt_end();
}

/* actual_attrs is "the actual job attributes" (5.3.5): those in force
 * after the call, as dmapp_get_rma_attrs then reports them, every field
 * (act was filled with a pattern before the call). */
static void actual_in_force(const dmapp_rma_attrs_t *act, const dmapp_rma_attrs_t *got,
			    const char *cl)
{
	RT_EXPECT_EQ_U64(act->max_outstanding_nb, got->max_outstanding_nb, cl);
	RT_EXPECT_EQ_U64(act->offload_threshold, got->offload_threshold, cl);
	RT_EXPECT_EQ_U64(act->put_relaxed_ordering, got->put_relaxed_ordering, cl);
	RT_EXPECT_EQ_U64(act->get_relaxed_ordering, got->get_relaxed_ordering, cl);
	RT_EXPECT_EQ_U64(act->max_concurrency, got->max_concurrency, cl);
}

/* Set one dynamic value and check it took effect (and static ones not). */
static void set_case(enum field f, uint64_t v, bool valid, const char *cl)
{
	dmapp_rma_attrs_t a, act, got, before;

	dt_start();
	dmapp_get_rma_attrs(&before);
	memset(&act, 0xee, sizeof act);
	a = before;
	switch (f) {
	case MAXNB: a.max_outstanding_nb = (uint32_t)v; break;
	case THRESH: a.offload_threshold = (uint32_t)v; break;
	case PUTR: a.put_relaxed_ordering = (uint8_t)v; break;
	case GETR: a.get_relaxed_ordering = (uint8_t)v; break;
	case CONC: a.max_concurrency = (uint8_t)v; break;
	}
	if (!valid) {
		RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(&a, &act), DMAPP_RC_INVALID_PARAM, cl);
		dmapp_get_rma_attrs(&got);
		RT_EXPECT_MEM_EQ(&got, &before, sizeof got, cl);
		dt_end();
		return;
	}
	if (f == MAXNB || f == CONC) {
		/* static: success with the value unchanged, or refused */
		dmapp_return_t rc = dmapp_set_rma_attrs(&a, &act);
		RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_SUCCESS, DMAPP_RC_INVALID_PARAM);
		dmapp_get_rma_attrs(&got);
		if (rc == DMAPP_RC_SUCCESS)
			actual_in_force(&act, &got, cl);
		RT_EXPECT_EQ_U64(f == MAXNB ? got.max_outstanding_nb : got.max_concurrency,
				 f == MAXNB ? before.max_outstanding_nb : before.max_concurrency, cl);
		dt_end();
		return;
	}
	RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(&a, &act), DMAPP_RC_SUCCESS, cl);
	dmapp_get_rma_attrs(&got);
	actual_in_force(&act, &got, cl);
	switch (f) {
	case THRESH: RT_EXPECT_EQ_U64(got.offload_threshold, v, cl); RT_EXPECT_EQ_U64(act.offload_threshold, v, cl); break;
	case PUTR: RT_EXPECT_EQ_U64(got.put_relaxed_ordering, v, cl); break;
	default: RT_EXPECT_EQ_U64(got.get_relaxed_ordering, v, cl); break;
	}
	RT_EXPECT_EQ_U64(got.max_outstanding_nb, before.max_outstanding_nb, cl);
	dt_end();
}

#define SET_TEST(fn, name, cl, f, v, ok) \
	RT_TEST(fn, name, cl) { set_case(f, v, ok, cl); }

SET_TEST(sa_success, "dmapp.set_rma_attrs.return.success", "DMAPP-5.3.5-success", THRESH, 12345, true)
SET_TEST(sa_th0, "dmapp.set_rma_attrs.attrs.offload_threshold_zero", "DMAPP-5.3.5-offload-threshold-zero", THRESH, 0, true)
SET_TEST(sa_th1, "dmapp.set_rma_attrs.attrs.offload_threshold_one", "DMAPP-5.3.5-offload-threshold-one", THRESH, 1, true)
SET_TEST(sa_thm, "dmapp.set_rma_attrs.attrs.offload_threshold_uint32_max", "DMAPP-5.3.5-offload-threshold-uint32-max", THRESH, UINT32_MAX, true)
SET_TEST(sa_prbad, "dmapp.set_rma_attrs.attrs.put_routing_invalid", "DMAPP-5.3.5-put-routing-invalid", PUTR, 3, false)
SET_TEST(sa_grbad, "dmapp.set_rma_attrs.attrs.get_routing_invalid", "DMAPP-5.3.5-get-routing-invalid", GETR, 200, false)
SET_TEST(sa_smo, "dmapp.set_rma_attrs.attrs.static_max_outstanding", "DMAPP-5.3.5-static-max-outstanding,DMAPP-5.2.3-static-vs-dynamic", MAXNB, DMAPP_MIN_OUTSTANDING_NB, true)
SET_TEST(sa_smc, "dmapp.set_rma_attrs.attrs.static_max_concurrency", "DMAPP-5.3.5-static-max-concurrency", CONC, 4, true)

static void routing_each(bool put, const char *cl)
{
	dmapp_rma_attrs_t a, act, got;

	dt_start();
	for (uint8_t r = 0; r <= DMAPP_ROUTING_ADAPTIVE; r++) {
		dmapp_get_rma_attrs(&a);
		if (put)
			a.put_relaxed_ordering = r;
		else
			a.get_relaxed_ordering = r;
		RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(&a, &act), DMAPP_RC_SUCCESS, cl);
		dmapp_get_rma_attrs(&got);
		RT_EXPECT_EQ_U64(put ? got.put_relaxed_ordering : got.get_relaxed_ordering, r, cl);
	}
	dt_end();
}

RT_TEST(sa_pr, "dmapp.set_rma_attrs.attrs.put_routing_each",
	"DMAPP-5.3.5-put-routing-each,DMAPP-4.9.1-dynamic-attrs-multiple-times,DMAPP-5.3.4-reflects-set")
{
	routing_each(true, "DMAPP-5.3.5-put-routing-each");
}

RT_TEST(sa_gr, "dmapp.set_rma_attrs.attrs.get_routing_each", "DMAPP-5.3.5-get-routing-each")
{
	routing_each(false, "DMAPP-5.3.5-get-routing-each");
}

RT_TEST(sa_req_in, "dmapp.set_rma_attrs.param.requested_not_written", "DMAPP-5.3.5-requested-not-written")
{
	dmapp_rma_attrs_t a, copy, act;

	dt_start();
	dmapp_get_rma_attrs(&a);
	a.offload_threshold = 99;
	a.max_concurrency = 9;
	copy = a;
	dmapp_set_rma_attrs(&a, &act);
	RT_EXPECT_MEM_EQ(&a, &copy, sizeof a, "DMAPP-5.3.5-requested-not-written");
	dt_end();
}

RT_TEST(sa_null_req, "dmapp.set_rma_attrs.param.null_requested", "DMAPP-5.3.5-null-requested")
{
	dmapp_rma_attrs_t act;

	dt_start();
	RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(NULL, &act), DMAPP_RC_INVALID_PARAM, "DMAPP-5.3.5-null-requested");
	dt_end();
}

RT_TEST(sa_null_act, "dmapp.set_rma_attrs.param.null_actual", "DMAPP-5.3.5-null-actual")
{
	dmapp_rma_attrs_t a;

	dt_start();
	dmapp_get_rma_attrs(&a);
	RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(&a, NULL), DMAPP_RC_INVALID_PARAM, "DMAPP-5.3.5-null-actual");
	dt_end();
}

/* Data through every threshold and routing mode (2 PEs). */
static void data_under_attrs(const char *cl, int what)
{
	static const uint32_t th[] = { 0, DMAPP_OFFLOAD_THRESHOLD, UINT32_MAX };
	enum { N = 8192 };
	uint8_t *blk, *src, *got, exp[N];
	dmapp_pe_t one = 1;
	_Alignas(8) uint8_t res[8];

	dt_start();
	dt_need_pes(2);
	blk = dmapp_sheap_malloc(N);
	src = malloc(N);
	got = malloc(N);
	dt_fill(blk, N, dt_pe, 2);
	dt_barrier();
	if (dt_pe == 0) {
		for (int k = 0; k < 3; k++) {
			dmapp_rma_attrs_t a, act;
			dmapp_get_rma_attrs(&a);
			if (what == 0)
				a.offload_threshold = th[k];
			else
				a.put_relaxed_ordering = a.get_relaxed_ordering = (uint8_t)k;
			RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(&a, &act), DMAPP_RC_SUCCESS, cl);
			dt_fill(src, N, 9, k);
			RT_EXPECT_EQ_INT(dmapp_put(blk, &dt_job.sheap_seg, 1, src, N, DMAPP_BYTE), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_get(got, blk, &dt_job.sheap_seg, 1, N, DMAPP_BYTE), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_MEM_EQ(got, src, N, cl);
			RT_EXPECT_EQ_INT(dmapp_iput(blk, &dt_job.sheap_seg, 1, src, 2, 1, 64, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_iget(got, blk, &dt_job.sheap_seg, 1, 1, 2, 64, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_MEM_EQ(got, src, 512, cl);
			RT_EXPECT_EQ_INT(dmapp_put_ixpe(blk, &dt_job.sheap_seg, &one, 1, src, 64, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_gather_ixpe(got, blk, &dt_job.sheap_seg, &one, 1, 64, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_MEM_EQ(got, src, 512, cl);
			RT_EXPECT_EQ_INT(dmapp_aadd_qw(blk, &dt_job.sheap_seg, 1, 1), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_afadd_qw(res, blk, &dt_job.sheap_seg, 1, 0), DMAPP_RC_SUCCESS, cl);
			uint64_t w0, w1;
			memcpy(&w0, src, 8);
			memcpy(&w1, res, 8);
			RT_EXPECT_EQ_U64(w1, w0 + 1, cl);
		}
	}
	/* PE 1 holds what the last round wrote */
	dt_fill(exp, N, 9, 2);
	dt_barrier();
	if (dt_pe == 1) {
		RT_EXPECT_MEM_EQ(blk + 8, exp + 8, 504, cl);
		RT_EXPECT_MEM_EQ(blk + 1024, exp + 1024, N - 1024, cl);
	}
	dt_end();
	free(src);
	free(got);
}

RT_TEST_ATTRS(sa_thdata, "dmapp.set_rma_attrs.data.threshold_data_correct",
	      "DMAPP-5.3.5-threshold-data-correct", "np=2")
{
	data_under_attrs("DMAPP-5.3.5-threshold-data-correct", 0);
}

RT_TEST_ATTRS(sa_routing, "dmapp.set_rma_attrs.data.routing_modes",
	      "DMAPP-5.2.3-routing-put-applies-amo,DMAPP-5.2.3-routing-get-applies", "np=2")
{
	data_under_attrs("DMAPP-5.2.3-routing-put-applies-amo", 1);
}

RT_TEST_ATTRS(sa_subsequent, "dmapp.set_rma_attrs.ordering.subsequent_only",
	      "DMAPP-4.9.1-dynamic-attrs-subsequent-only", "np=2")
{
	enum { N = 16384 };
	uint8_t *blk, *src;
	const char *cl = "DMAPP-4.9.1-dynamic-attrs-subsequent-only";

	dt_start();
	blk = dmapp_sheap_malloc(2 * N);
	src = malloc(2 * N);
	dt_fill(src, 2 * N, 0, 3);
	memset(blk, 0, 2 * N);
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_rma_attrs_t a, act;
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk, &dt_job.sheap_seg, 1, src, N, DMAPP_BYTE), DMAPP_RC_SUCCESS, cl);
		dmapp_get_rma_attrs(&a);
		a.offload_threshold = 0;
		a.put_relaxed_ordering = DMAPP_ROUTING_IN_ORDER;
		a.get_relaxed_ordering = DMAPP_ROUTING_IN_ORDER;
		RT_EXPECT_EQ_INT(dmapp_set_rma_attrs(&a, &act), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk + N, &dt_job.sheap_seg, 1, src + N, N, DMAPP_BYTE), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();
	if (dt_pe == 1)
		RT_EXPECT_MEM_EQ(blk, src, 2 * N, cl);
	else
		RT_EXPECT_TRUE(blk[0] == 0, cl);
	dt_end();
	free(src);
}

/* ---- DMAPP_ABORT_ON_ERROR (5.4.2) ---- */

/* Run fn in a child; true when it ended by SIGABRT. */
static bool aborts(void (*fn)(void))
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		fn();
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return false;
	return WIFSIGNALED(st) && WTERMSIG(st) == SIGABRT;
}

static void bad_init(void)
{
	dmapp_rma_attrs_t a = dt_attrs(0), act;
	signal(SIGABRT, SIG_DFL);
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	init_with(&a, &act);
}

static void bad_malloc(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	setenv("XT_SYMMETRIC_HEAP_SIZE", "1M", 1);
	if (dmapp_init(&a, &act) != DMAPP_RC_SUCCESS)
		_exit(3);
	dmapp_sheap_malloc(64u << 20);
	_exit(0);
}

static void bad_realloc(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	void *p;
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	setenv("XT_SYMMETRIC_HEAP_SIZE", "1M", 1);
	if (dmapp_init(&a, &act) != DMAPP_RC_SUCCESS)
		_exit(3);
	p = dmapp_sheap_malloc(64);
	dmapp_sheap_realloc(p, 64u << 20);
	_exit(0);
}

static void zero_malloc(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	setenv("XT_SYMMETRIC_HEAP_SIZE", "1M", 1);
	if (dmapp_init(&a, &act) != DMAPP_RC_SUCCESS)
		_exit(3);
	dmapp_sheap_free(dmapp_sheap_malloc(0));
	_exit(0);
}

static void bad_realloc_foreign(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	static char foreign[64];
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	setenv("XT_SYMMETRIC_HEAP_SIZE", "1M", 1);
	if (dmapp_init(&a, &act) != DMAPP_RC_SUCCESS)
		_exit(3);
	dmapp_sheap_realloc(foreign, 64);
	_exit(0);
}

static void bad_register(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_seg_desc_t s;
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	if (init_with(&a, &act) != DMAPP_RC_SUCCESS)
		_exit(3);
	dmapp_mem_register(NULL, 0, &s);
	_exit(0);
}

static void bad_unregister(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_seg_desc_t s;
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	if (init_with(&a, &act) != DMAPP_RC_SUCCESS)
		_exit(3);
	memset(&s, 0, sizeof s);
	dmapp_mem_unregister(&s);
	_exit(0);
}

RT_TEST(ab_init, "dmapp.init.abort_on_error.init_aborts", "DMAPP-5.4.2-init-error-aborts")
{
	RT_EXPECT_TRUE(aborts(bad_init), "DMAPP-5.4.2-init-error-aborts");
}

RT_TEST(ab_malloc, "dmapp.sheap_malloc.abort_on_error.aborts", "DMAPP-5.4.2-sheap-error-aborts")
{
	RT_EXPECT_TRUE(aborts(bad_malloc), "DMAPP-5.4.2-sheap-error-aborts");
}

RT_TEST(ab_realloc, "dmapp.sheap_realloc.abort_on_error.aborts", "DMAPP-5.4.2-realloc-error-aborts")
{
	RT_EXPECT_TRUE(aborts(bad_realloc), "DMAPP-5.4.2-realloc-error-aborts");
}

/* A size-0 request is no error: NULL or a block (E-DMAPP-049), and the
 * call returns with DMAPP_ABORT_ON_ERROR set. */
RT_TEST_ATTRS(ab_malloc_zero, "dmapp.sheap_malloc.abort_on_error.size_zero_returns",
	      "DMAPP-5.3.67-size-zero", "tier=robustness")
{
	pid_t pid = fork();
	int st;

	if (pid == 0)
		zero_malloc();
	RT_REQUIRE_TRUE(pid > 0 && waitpid(pid, &st, 0) == pid, "DMAPP-5.3.67-size-zero");
	RT_EXPECT_TRUE(WIFEXITED(st) && WEXITSTATUS(st) == 0, "DMAPP-5.3.67-size-zero");
}

/* The same for a pointer that is no block of the heap, for which the
 * call returns NULL as an error (5.3.68, E-DMAPP-059). */
RT_TEST_ATTRS(ab_realloc_foreign, "dmapp.sheap_realloc.abort_on_error.foreign_ptr_aborts",
	      "DMAPP-5.4.2-realloc-error-aborts", "tier=robustness")
{
	RT_EXPECT_TRUE(aborts(bad_realloc_foreign), "DMAPP-5.4.2-realloc-error-aborts");
}

static void realloc_before_init(void)
{
	static char block[64];
	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	dmapp_sheap_realloc(block, 128);
	_exit(0);
}

/* Before dmapp_init, NULL is dmapp_sheap_realloc's error answer
 * (E-DMAPP-041); with DMAPP_ABORT_ON_ERROR set the call aborts instead
 * of returning it (E-DMAPP-059). */
RT_TEST_ATTRS(ab_realloc_before_init, "dmapp.sheap_realloc.abort_on_error.before_init_aborts",
	      "DMAPP-5.4.2-realloc-error-aborts,DMAPP-5.3.68-sheap-realloc-before-init", "tier=robustness")
{
	RT_EXPECT_TRUE(aborts(realloc_before_init), "DMAPP-5.4.2-realloc-error-aborts");
}

RT_TEST(ab_register, "dmapp.mem_register.abort_on_error.aborts", "DMAPP-5.3.70-abort-on-error")
{
	RT_EXPECT_TRUE(aborts(bad_register), "DMAPP-5.3.70-abort-on-error");
}

RT_TEST(ab_unregister, "dmapp.mem_unregister.abort_on_error.aborts", "DMAPP-5.3.71-abort-on-error")
{
	RT_EXPECT_TRUE(aborts(bad_unregister), "DMAPP-5.3.71-abort-on-error");
}

static void errors_returned(const char *value, const char *cl)
{
	dmapp_rma_attrs_t a = dt_attrs(0), act;
	void *p;

	if (value)
		setenv("DMAPP_ABORT_ON_ERROR", value, 1);
	else
		unsetenv("DMAPP_ABORT_ON_ERROR");
	RT_EXPECT_EQ_INT(init_with(&a, &act), DMAPP_RC_INVALID_PARAM, cl);
	setenv("XT_SYMMETRIC_HEAP_SIZE", "1M", 1);
	a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB);
	RT_REQUIRE_EQ_INT(dmapp_init(&a, &act), DMAPP_RC_SUCCESS, cl);
	p = dmapp_sheap_malloc(64u << 20);
	RT_EXPECT_TRUE(p == NULL, cl);
	dmapp_finalize();
}

RT_TEST(ab_default, "dmapp.init.abort_on_error.default_not_set", "DMAPP-5.4.2-default-not-set")
{
	errors_returned(NULL, "DMAPP-5.4.2-default-not-set");
}

RT_TEST(ab_zero, "dmapp.init.abort_on_error.zero_not_set", "DMAPP-5.4.2-zero-not-set")
{
	errors_returned("0", "DMAPP-5.4.2-zero-not-set");
}

RT_TEST(ab_rma, "dmapp.put.abort_on_error.rma_not_affected", "DMAPP-5.4.2-rma-not-affected")
{
	uint64_t v = 1, *w;

	setenv("DMAPP_ABORT_ON_ERROR", "1", 1);
	dt_start();
	w = dmapp_sheap_malloc(64);
	RT_EXPECT_EQ_INT(dmapp_put(w, &dt_job.sheap_seg, dt_npes, &v, 1, DMAPP_QW),
			 DMAPP_RC_INVALID_PARAM, "DMAPP-5.4.2-rma-not-affected");
	dt_end();
}
