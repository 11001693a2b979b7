/*
 * state.c: the state rule of 4.9.1 for the calls outside the RMA
 * families: each called before dmapp_init and after dmapp_finalize
 * (robustness tier), one test per (call, moment), from one table.
 * dmapp_get_rma_attrs may instead answer defaults dmapp_init accepts
 * (E-DMAPP-086).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt.h"

/* Make the call; return what the clause compares: a return code, or for
 * the heap calls 0 when the result is NULL. */
typedef long long (*call_fn)(void);

static long long c_jobinfo(void) { dmapp_jobinfo_t j; return dmapp_get_jobinfo(&j); }
/* What dmapp_get_rma_attrs reported, for rows that may answer defaults. */
static dmapp_rma_attrs_t got;
static long long c_get_attrs(void) { return dmapp_get_rma_attrs(&got); }
static long long c_set_attrs(void)
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), b;
	return dmapp_set_rma_attrs(&a, &b);
}
static long long c_syncid_test(void)
{
	dmapp_syncid_handle_t s = NULL;
	int flag;
	memset(&s, 0x11, sizeof s);
	return dmapp_syncid_test(&s, &flag);
}
static long long c_syncid_wait(void)
{
	dmapp_syncid_handle_t s;
	memset(&s, 0x11, sizeof s);
	return dmapp_syncid_wait(&s);
}
static long long c_gsync_test(void) { int f; return dmapp_gsync_test(&f); }
static long long c_gsync_wait(void) { return dmapp_gsync_wait(); }
static long long c_malloc(void) { return dmapp_sheap_malloc(64) != NULL; }
static long long c_realloc(void) { return dmapp_sheap_realloc(NULL, 64) != NULL; }
static long long c_free(void)
{
	static char x[64];
	dmapp_sheap_free(x);
	dmapp_sheap_free(NULL);
	return 0;
}
static long long c_register(void)
{
	static char buf[256];
	dmapp_seg_desc_t s;
	return dmapp_mem_register(buf, sizeof buf, &s);
}
static long long c_unregister(void)
{
	dmapp_seg_desc_t s;
	memset(&s, 0, sizeof s);
	return dmapp_mem_unregister(&s);
}
static long long c_compare(void)
{
	dmapp_seg_desc_t a, b;
	int flag;
	memset(&a, 0, sizeof a);
	memset(&b, 0, sizeof b);
	return dmapp_segdesc_compare(&a, &b, &flag);
}

struct row {
	const char *call, *sec, *dashed;
	call_fn fn;
	long long want;		/* INVALID_PARAM, or 0 (NULL / no effect) */
	bool defaults;		/* or DMAPP_RC_SUCCESS with defaults (E-DMAPP-086) */
};

static const struct row rows[] = {
	{ "get_jobinfo", "5.3.3", "get-jobinfo", c_jobinfo, DMAPP_RC_INVALID_PARAM, false },
	{ "get_rma_attrs", "5.3.4", "get-rma-attrs", c_get_attrs, DMAPP_RC_INVALID_PARAM, true },
	{ "set_rma_attrs", "5.3.5", "set-rma-attrs", c_set_attrs, DMAPP_RC_INVALID_PARAM, false },
	{ "syncid_test", "5.3.63", "syncid-test", c_syncid_test, DMAPP_RC_INVALID_PARAM, false },
	{ "syncid_wait", "5.3.64", "syncid-wait", c_syncid_wait, DMAPP_RC_INVALID_PARAM, false },
	{ "gsync_test", "5.3.65", "gsync-test", c_gsync_test, DMAPP_RC_INVALID_PARAM, false },
	{ "gsync_wait", "5.3.66", "gsync-wait", c_gsync_wait, DMAPP_RC_INVALID_PARAM, false },
	{ "sheap_malloc", "5.3.67", "sheap-malloc", c_malloc, 0, false },
	{ "sheap_realloc", "5.3.68", "sheap-realloc", c_realloc, 0, false },
	{ "sheap_free", "5.3.69", "sheap-free", c_free, 0, false },
	{ "mem_register", "5.3.70", "mem-register", c_register, DMAPP_RC_INVALID_PARAM, false },
	{ "mem_unregister", "5.3.71", "mem-unregister", c_unregister, DMAPP_RC_INVALID_PARAM, false },
	{ "segdesc_compare", "5.3.72", "segdesc-compare", c_compare, DMAPP_RC_INVALID_PARAM, false },
};
#define NROWS (sizeof rows / sizeof rows[0])

/* Attributes dmapp_init accepts (5.3.1, E-DMAPP-040). */
static bool dmapp_attrs_acceptable(const dmapp_rma_attrs_t *a)
{
	return a->max_outstanding_nb >= DMAPP_MIN_OUTSTANDING_NB &&
	       a->max_outstanding_nb <= DMAPP_MAX_OUTSTANDING_NB &&
	       a->max_concurrency >= 1 &&
	       a->put_relaxed_ordering <= DMAPP_ROUTING_ADAPTIVE &&
	       a->get_relaxed_ordering <= DMAPP_ROUTING_ADAPTIVE;
}

struct reg {
	char name[80], clause[80];
	const struct row *r;
	bool after;
};
static struct reg regs[2 * NROWS];

static void dispatch(void)
{
	const char *name = rt_current_test();
	const struct reg *g = NULL;

	for (size_t i = 0; i < 2 * NROWS; i++)
		if (strcmp(regs[i].name, name) == 0)
			g = &regs[i];
	if (!g)
		return;
	if (g->after) {
		dt_start();
		RT_REQUIRE_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS,
				  "DMAPP-5.3.2-success");
	}
	long long rc = g->r->fn();
	if (g->r->defaults && rc == DMAPP_RC_SUCCESS) {
		/* defaults dmapp_init accepts (E-DMAPP-086) */
		RT_EXPECT_TRUE(dmapp_attrs_acceptable(&got), g->clause);
		if (!g->after) {
			dmapp_rma_attrs_t act;
			setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
			RT_REQUIRE_EQ_INT(dmapp_init(&got, &act), DMAPP_RC_SUCCESS, g->clause);
			dt_end();
		}
		return;
	}
	RT_EXPECT_EQ_INT(rc, g->r->want, g->clause);
	/* the library is still usable: a job can start (again) */
	if (!g->after) {
		dt_start();
		dt_end();
	}
}

__attribute__((constructor)) static void register_state(void)
{
	for (size_t i = 0; i < NROWS; i++)
		for (int a = 0; a < 2; a++) {
			struct reg *g = &regs[2 * i + (size_t)a];
			g->r = &rows[i];
			g->after = a;
			snprintf(g->name, sizeof g->name, "dmapp.%s.state.%s",
				 rows[i].call, a ? "after_finalize" : "before_init");
			snprintf(g->clause, sizeof g->clause, "DMAPP-%s-%s-%s",
				 rows[i].sec, rows[i].dashed,
				 a ? "after-finalize" : "before-init");
			rt_register(dispatch, g->name, g->clause,
				    "np=1;tier=robustness", __FILE__, __LINE__);
		}
}
