/*
 * ext_attrs.c: the extended RMA attributes of the vendor extension
 * (dmapp.h RB-3.1: dmapp_init_ext, dmapp_get_rma_attrs_ext,
 * dmapp_set_rma_attrs_ext; clauses DMAPP-X-attrs-*,
 * vectors/dmapp/ext-clauses.json).  An implementation that answers
 * DMAPP_RC_NOT_SUPPORTED does not offer the call: the test ends as
 * UNSUPPORTED (rt_lacks), never FAIL.
 */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt.h"

static dmapp_rma_attrs_ext_t ext_attrs(uint8_t pi)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB);
	dmapp_rma_attrs_ext_t x;

	memset(&x, 0, sizeof x);
	x.max_outstanding_nb = a.max_outstanding_nb;
	x.offload_threshold = a.offload_threshold;
	x.put_relaxed_ordering = a.put_relaxed_ordering;
	x.get_relaxed_ordering = a.get_relaxed_ordering;
	x.max_concurrency = a.max_concurrency;
	x.PI_ordering = pi;
	return x;
}

static void lacks_if_not_supported(dmapp_return_t rc, const char *call)
{
	if (rc == DMAPP_RC_NOT_SUPPORTED)
		rt_lacks_call(call, "DMAPP_RC_NOT_SUPPORTED");
}

/* dmapp_init_ext with PI_ordering pi; ends the test unless it succeeds. */
static dmapp_rma_attrs_ext_t start_ext(uint8_t pi, const char *cl)
{
	dmapp_rma_attrs_ext_t req = ext_attrs(pi), act;
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	memset(&act, 0xa5, sizeof act);
	rc = dmapp_init_ext(&req, &act);
	lacks_if_not_supported(rc, "dmapp_init_ext");
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
	RT_REQUIRE_EQ_INT(dmapp_get_jobinfo(&dt_job), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.3-success");
	dt_pe = dt_job.pe;
	dt_npes = dt_job.npes;
	return act;
}

RT_TEST(layout, "dmapp.init_ext.data.attrs_ext_layout", "DMAPP-X-attrs-ext-layout")
{
	RT_EXPECT_EQ_INT(sizeof(dmapp_rma_attrs_ext_t), 44, "DMAPP-X-attrs-ext-layout");
	RT_EXPECT_EQ_INT(offsetof(dmapp_rma_attrs_ext_t, max_concurrency), 10,
			 "DMAPP-X-attrs-ext-layout");
	RT_EXPECT_EQ_INT(offsetof(dmapp_rma_attrs_ext_t, PI_ordering), 11,
			 "DMAPP-X-attrs-ext-layout");
	/* RB-3.1's reserved bytes start at 12; later DMAPP's queue fields
	 * take the first 8 of them (E-DMAPP-087) */
	RT_EXPECT_EQ_INT(offsetof(dmapp_rma_attrs_ext_t, queue_depth), 12,
			 "DMAPP-X-attrs-ext-layout");
	RT_EXPECT_EQ_INT(offsetof(dmapp_rma_attrs_ext_t, queue_nelems), 16,
			 "DMAPP-X-attrs-ext-layout");
	RT_EXPECT_EQ_INT(offsetof(dmapp_rma_attrs_ext_t, unused), 20,
			 "DMAPP-X-attrs-ext-layout");
}

/* The queue attributes of later DMAPP at their defaults, as foMPI asks
 * for them: accepted, and non-zero attributes reported (E-DMAPP-087). */
RT_TEST(queue, "dmapp.init_ext.data.queue_defaults", "DMAPP-X-attrs-queue")
{
	dmapp_rma_attrs_ext_t req = ext_attrs(DMAPP_PI_ORDERING_RELAXED), act, got;
	dmapp_return_t rc;

	req.queue_depth = DMAPP_QUEUE_DEFAULT_DEPTH;
	req.queue_nelems = DMAPP_QUEUE_DEFAULT_NELEMS;
	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	memset(&act, 0, sizeof act);
	rc = dmapp_init_ext(&req, &act);
	lacks_if_not_supported(rc, "dmapp_init_ext");
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-attrs-queue");
	RT_EXPECT_TRUE(act.queue_depth > 0 && act.queue_nelems > 0, "DMAPP-X-attrs-queue");
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs_ext(&got), DMAPP_RC_SUCCESS,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_TRUE(got.queue_depth > 0 && got.queue_nelems > 0, "DMAPP-X-attrs-queue");
	dt_end();
}

/* One test per PI ordering mode: accepted, reported in actual_attrs and
 * by dmapp_get_rma_attrs_ext, shared fields as the core reports them. */
static void init_with(uint8_t pi)
{
	dmapp_rma_attrs_ext_t req = ext_attrs(pi), act = start_ext(pi, "DMAPP-X-attrs-init-ext-success"), got;
	dmapp_rma_attrs_t core;

	RT_EXPECT_EQ_INT(act.max_outstanding_nb, req.max_outstanding_nb,
			 "DMAPP-X-attrs-init-ext-success");
	RT_EXPECT_EQ_INT(act.offload_threshold, req.offload_threshold,
			 "DMAPP-X-attrs-init-ext-success");
	RT_EXPECT_EQ_INT(act.PI_ordering, pi, "DMAPP-X-attrs-pi-ordering");
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs_ext(&got), DMAPP_RC_SUCCESS,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.PI_ordering, pi, "DMAPP-X-attrs-pi-ordering");
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs(&core), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.4-success");
	RT_EXPECT_EQ_INT(got.max_outstanding_nb, core.max_outstanding_nb,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.offload_threshold, core.offload_threshold,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.put_relaxed_ordering, core.put_relaxed_ordering,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.get_relaxed_ordering, core.get_relaxed_ordering,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.max_concurrency, core.max_concurrency,
			 "DMAPP-X-attrs-get-ext-success");
	dt_end();
}

RT_TEST(init_strict, "dmapp.init_ext.data.pi_strict",
	"DMAPP-X-attrs-init-ext-success,DMAPP-X-attrs-pi-ordering,DMAPP-X-attrs-get-ext-success")
{
	init_with(DMAPP_PI_ORDERING_STRICT);
}

RT_TEST(init_default, "dmapp.init_ext.data.pi_default",
	"DMAPP-X-attrs-init-ext-success,DMAPP-X-attrs-pi-ordering,DMAPP-X-attrs-get-ext-success")
{
	init_with(DMAPP_PI_ORDERING_DEFAULT);
}

RT_TEST(init_relaxed, "dmapp.init_ext.data.pi_relaxed",
	"DMAPP-X-attrs-init-ext-success,DMAPP-X-attrs-pi-ordering,DMAPP-X-attrs-get-ext-success")
{
	init_with(DMAPP_PI_ORDERING_RELAXED);
}

RT_TEST_ATTRS(init_three, "dmapp.init_ext.data.three_pes_put",
	      "DMAPP-X-attrs-init-ext-success", "np=3")
{
	/* A job started with dmapp_init_ext moves data like any other. */
	start_ext(DMAPP_PI_ORDERING_RELAXED, "DMAPP-X-attrs-init-ext-success");
	uint64_t *b = dmapp_sheap_malloc(8 * sizeof(uint64_t));
	RT_REQUIRE_TRUE(b != NULL, "DMAPP-5.3.67-allocates");
	memset(b, 0, 8 * sizeof(uint64_t));
	dt_barrier();
	uint64_t v = 0x1000 + (uint64_t)dt_pe;
	RT_EXPECT_EQ_INT(dmapp_put(&b[dt_pe], &dt_job.sheap_seg, dt_peer(1), &v, 1,
				   DMAPP_QW), DMAPP_RC_SUCCESS,
			 "DMAPP-X-attrs-init-ext-success");
	dt_barrier();
	RT_EXPECT_EQ_U64(b[dt_peer(-1)], 0x1000 + (uint64_t)dt_peer(-1),
			 "DMAPP-X-attrs-init-ext-success");
	dt_end();
}

RT_TEST_ATTRS(init_null, "dmapp.init_ext.param.null",
	      "DMAPP-X-attrs-init-ext-invalid", "tier=robustness")
{
	dmapp_rma_attrs_ext_t req = ext_attrs(DMAPP_PI_ORDERING_STRICT), act;
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	rc = dmapp_init_ext(NULL, &act);
	lacks_if_not_supported(rc, "dmapp_init_ext");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-attrs-init-ext-invalid");
	RT_EXPECT_EQ_INT(dmapp_init_ext(&req, NULL), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-attrs-init-ext-invalid");
	/* The job was not started: a correct call still succeeds. */
	start_ext(DMAPP_PI_ORDERING_STRICT, "DMAPP-X-attrs-init-ext-invalid");
	dt_end();
}

/* Each invalid attribute alone: INVALID_PARAM, the job not started. */
static void refused(dmapp_rma_attrs_ext_t req, const char *what)
{
	dmapp_rma_attrs_ext_t act;
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	rc = dmapp_init_ext(&req, &act);
	lacks_if_not_supported(rc, "dmapp_init_ext");
	if (!RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-attrs-init-ext-invalid"))
		RT_FAIL("DMAPP-X-attrs-init-ext-invalid", "INVALID_PARAM", "other", "for %s", what);
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_finalize();
}

RT_TEST_ATTRS(init_bad, "dmapp.init_ext.param.invalid_attrs",
	      "DMAPP-X-attrs-init-ext-invalid", "tier=robustness")
{
	dmapp_rma_attrs_ext_t r;

	r = ext_attrs(0); r.max_outstanding_nb = DMAPP_MIN_OUTSTANDING_NB - 1;
	refused(r, "max_outstanding_nb below DMAPP_MIN_OUTSTANDING_NB");
	r = ext_attrs(0); r.max_outstanding_nb = DMAPP_MAX_OUTSTANDING_NB + 1;
	refused(r, "max_outstanding_nb above DMAPP_MAX_OUTSTANDING_NB");
	r = ext_attrs(0); r.max_concurrency = 0;
	refused(r, "max_concurrency 0");
	r = ext_attrs(0); r.put_relaxed_ordering = 3;
	refused(r, "put_relaxed_ordering 3");
	r = ext_attrs(0); r.get_relaxed_ordering = 200;
	refused(r, "get_relaxed_ordering 200");
	r = ext_attrs(3);
	refused(r, "PI_ordering 3");
	r = ext_attrs(255);
	refused(r, "PI_ordering 255");
}

RT_TEST_ATTRS(init_twice, "dmapp.init_ext.state.after_init",
	      "DMAPP-X-attrs-init-either", "tier=robustness")
{
	dmapp_rma_attrs_ext_t req = ext_attrs(DMAPP_PI_ORDERING_STRICT), act;

	dt_start();
	dmapp_return_t rc = dmapp_init_ext(&req, &act);
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks("ext:dmapp_init_ext", "answers DMAPP_RC_NOT_SUPPORTED");
	}
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-attrs-init-either");
	dt_end();
	/* and the other way round */
	start_ext(DMAPP_PI_ORDERING_STRICT, "DMAPP-X-attrs-init-either");
	dmapp_rma_attrs_t c = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), ca;
	RT_EXPECT_EQ_INT(dmapp_init(&c, &ca), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-attrs-init-either");
	dt_end();
}

RT_TEST_ATTRS(get_null, "dmapp.get_rma_attrs_ext.param.null",
	      "DMAPP-X-attrs-get-ext-invalid", "tier=robustness")
{
	start_ext(DMAPP_PI_ORDERING_STRICT, "DMAPP-X-attrs-init-ext-success");
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs_ext(NULL), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-attrs-get-ext-invalid");
	dt_end();
}

RT_TEST(set_dynamic, "dmapp.set_rma_attrs_ext.data.dynamic_set",
	"DMAPP-X-attrs-set-ext-dynamic,DMAPP-X-attrs-set-ext-static")
{
	dmapp_rma_attrs_ext_t req, act, got;
	dmapp_return_t rc;

	start_ext(DMAPP_PI_ORDERING_STRICT, "DMAPP-X-attrs-init-ext-success");
	req = ext_attrs(DMAPP_PI_ORDERING_STRICT);
	req.offload_threshold = 12345;
	req.put_relaxed_ordering = DMAPP_ROUTING_IN_ORDER;
	req.get_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	req.max_outstanding_nb = DMAPP_MIN_OUTSTANDING_NB;	/* static */
	rc = dmapp_set_rma_attrs_ext(&req, &act);
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks("ext:dmapp_set_rma_attrs_ext", "answers DMAPP_RC_NOT_SUPPORTED");
	}
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-attrs-set-ext-dynamic");
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs_ext(&got), DMAPP_RC_SUCCESS,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.offload_threshold, 12345, "DMAPP-X-attrs-set-ext-dynamic");
	RT_EXPECT_EQ_INT(got.put_relaxed_ordering, DMAPP_ROUTING_IN_ORDER,
			 "DMAPP-X-attrs-set-ext-dynamic");
	RT_EXPECT_EQ_INT(got.get_relaxed_ordering, DMAPP_ROUTING_DETERMINISTIC,
			 "DMAPP-X-attrs-set-ext-dynamic");
	RT_EXPECT_EQ_INT(act.offload_threshold, 12345, "DMAPP-X-attrs-set-ext-dynamic");
	RT_EXPECT_EQ_INT(got.max_outstanding_nb, DMAPP_DEF_OUTSTANDING_NB,
			 "DMAPP-X-attrs-set-ext-static");
	RT_EXPECT_EQ_INT(act.max_outstanding_nb, DMAPP_DEF_OUTSTANDING_NB,
			 "DMAPP-X-attrs-set-ext-static");
	dt_end();
}

RT_TEST_ATTRS(set_bad, "dmapp.set_rma_attrs_ext.param.invalid",
	      "DMAPP-X-attrs-set-ext-invalid", "tier=robustness")
{
	dmapp_rma_attrs_ext_t req = ext_attrs(DMAPP_PI_ORDERING_STRICT), act, got;
	dmapp_return_t rc;

	start_ext(DMAPP_PI_ORDERING_STRICT, "DMAPP-X-attrs-init-ext-success");
	rc = dmapp_set_rma_attrs_ext(NULL, &act);
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks("ext:dmapp_set_rma_attrs_ext", "answers DMAPP_RC_NOT_SUPPORTED");
	}
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-attrs-set-ext-invalid");
	RT_EXPECT_EQ_INT(dmapp_set_rma_attrs_ext(&req, NULL), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-attrs-set-ext-invalid");
	req.offload_threshold = 777;
	req.put_relaxed_ordering = 9;
	RT_EXPECT_EQ_INT(dmapp_set_rma_attrs_ext(&req, &act), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-attrs-set-ext-invalid");
	/* nothing changed */
	RT_EXPECT_EQ_INT(dmapp_get_rma_attrs_ext(&got), DMAPP_RC_SUCCESS,
			 "DMAPP-X-attrs-get-ext-success");
	RT_EXPECT_EQ_INT(got.offload_threshold, DMAPP_OFFLOAD_THRESHOLD,
			 "DMAPP-X-attrs-set-ext-invalid");
	dt_end();
}
