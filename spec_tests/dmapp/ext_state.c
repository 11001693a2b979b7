/*
 * ext_state.c: the state rule for the calls of the vendor extension
 * (clauses DMAPP-X-state-before-init, DMAPP-X-state-after-finalize):
 * each call that needs an initialized job, made before dmapp_init and
 * after dmapp_finalize (with a pset handle of the finished job), one
 * test per (call, moment), from one table, as state.c does for the core.
 * dmapp_get_rma_attrs_ext may answer the defaults without a job
 * (E-DMAPP-086): its tests are in ext_query.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext_coll.h"

/* A pset handle of the current job (NULL when the call is not offered
 * or there is no job): the argument of the handle calls. */
static dmapp_c_pset_handle_t handle;

static long long c_set_ext(void)
{
	dmapp_rma_attrs_ext_t a, b;
	memset(&a, 0, sizeof a);
	a.max_outstanding_nb = DMAPP_DEF_OUTSTANDING_NB;
	a.offload_threshold = DMAPP_OFFLOAD_THRESHOLD;
	a.max_concurrency = 1;
	return dmapp_set_rma_attrs_ext(&a, &b);
}
static int cb(void *d) { (void)d; return 0; }
static long long c_reg(void) { return dmapp_register_progress_cb(cb, NULL); }
static long long c_dereg(void) { return dmapp_deregister_progress_cb(cb); }
static long long c_create(void)
{
	uint32_t zero = 0;
	dmapp_c_pset_desc_t d = ec_vec(&zero, 1);
	dmapp_c_pset_handle_t h;
	return dmapp_c_pset_create(&d, 0x57a7e, 0, NULL, &h);
}
static long long c_export(void) { return dmapp_c_pset_export(handle); }
static long long c_destroy(void) { return dmapp_c_pset_destroy(handle); }
static long long c_join(void) { return dmapp_c_barrier_join(handle); }
static long long c_reduce(void)
{
	int32_t in = 1, out;
	return dmapp_c_greduce_start(handle, &in, &out, 1, DMAPP_C_INT32, DMAPP_C_SUM);
}
static long long c_test(void) { return dmapp_c_pset_test(handle); }
static long long c_wait(void) { return dmapp_c_pset_wait(handle); }
static long long c_cancel(void) { return dmapp_c_pset_cancel_op(handle); }

struct row {
	const char *call;	/* snake name */
	long long (*fn)(void);
	int needs_pset;		/* after finalize: a handle of the ended job */
};

static const struct row rows[] = {
	{ "set_rma_attrs_ext", c_set_ext, 0 },
	{ "register_progress_cb", c_reg, 0 },
	{ "deregister_progress_cb", c_dereg, 0 },
	{ "c_pset_create", c_create, 0 },
	{ "c_pset_export", c_export, 1 },
	{ "c_pset_destroy", c_destroy, 1 },
	{ "c_barrier_join", c_join, 1 },
	{ "c_greduce_start", c_reduce, 1 },
	{ "c_pset_test", c_test, 1 },
	{ "c_pset_wait", c_wait, 1 },
	{ "c_pset_cancel_op", c_cancel, 1 },
};
#define NROWS (sizeof rows / sizeof rows[0])

struct reg {
	char name[80];
	const struct row *r;
	int after;
};
static struct reg regs[2 * NROWS];

static void dispatch(void)
{
	const char *name = rt_current_test();
	const struct reg *g = NULL;
	const char *cl;

	for (size_t i = 0; i < 2 * NROWS; i++)
		if (strcmp(regs[i].name, name) == 0)
			g = &regs[i];
	if (!g)
		return;
	cl = g->after ? "DMAPP-X-state-after-finalize" : "DMAPP-X-state-before-init";
	handle = NULL;
	if (g->after) {
		dt_start();
		if (g->r->needs_pset) {
			uint32_t me = (uint32_t)dt_pe;
			dmapp_c_pset_desc_t d = ec_vec(&me, 1);
			dmapp_return_t rc = dmapp_c_pset_create(&d, 0x57a7f, 0, NULL, &handle);
			ec_offered(rc, "dmapp_c_pset_create");
			RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
		}
		RT_REQUIRE_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS,
				  "DMAPP-5.3.2-success");
	}
	long long rc = g->r->fn();
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		char call[64];
		snprintf(call, sizeof call, "dmapp_%s", g->r->call);
		rt_lacks_call(call, "DMAPP_RC_NOT_SUPPORTED");
	}
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
	/* the library is still usable: a job can start (again) */
	if (!g->after) {
		dt_start();
		dt_end();
	}
}

__attribute__((constructor)) static void register_ext_state(void)
{
	for (size_t i = 0; i < NROWS; i++)
		for (int a = 0; a < 2; a++) {
			struct reg *g = &regs[2 * i + (size_t)a];
			g->r = &rows[i];
			g->after = a;
			snprintf(g->name, sizeof g->name, "dmapp.%s.state.%s",
				 rows[i].call, a ? "after_finalize" : "before_init");
			rt_register(dispatch, g->name,
				    a ? "DMAPP-X-state-after-finalize"
				      : "DMAPP-X-state-before-init",
				    "np=1;tier=robustness", __FILE__, __LINE__);
		}
}
