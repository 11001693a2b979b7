/*
 * dt.c: the helpers of dt.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt.h"
#include "rdmacts_control.h"

dmapp_jobinfo_t dt_job;
int dt_pe = -1, dt_npes = -1;

/* Static data the tests reach through data_seg (4.8). */
_Alignas(64) unsigned char dt_static[DT_STATIC_SIZE];

const dmapp_type_t dt_types[4] = { DMAPP_DQW, DMAPP_QW, DMAPP_DW, DMAPP_BYTE };
const char *const dt_type_name[4] = { "dqw", "qw", "dw", "byte" };

size_t dt_size(dmapp_type_t t)
{
	switch (t) {
	case DMAPP_DQW: return 16;
	case DMAPP_QW: return 8;
	case DMAPP_DW: return 4;
	case DMAPP_BYTE: return 1;
	}
	return 0;
}

const char *dt_rc_name(long long rc)
{
	static const char *const names[] = {
		"DMAPP_RC_SUCCESS", "DMAPP_RC_INVALID_PARAM",
		"DMAPP_RC_ALIGNMENT_ERROR", "DMAPP_RC_TRANSACTION_ERROR",
		"DMAPP_RC_RESOURCE_ERROR", "DMAPP_RC_PERMISSION_ERROR",
		"DMAPP_RC_NO_SPACE", "DMAPP_RC_NOT_DONE",
		"DMAPP_RC_NOT_SUPPORTED", "DMAPP_RC_NOT_FOUND",
		"DMAPP_RC_BUSY", "DMAPP_RC_NOT_USED",
	};
	if (rc < 0 || rc >= (long long)(sizeof names / sizeof names[0]))
		return NULL;
	return names[rc];
}

__attribute__((constructor)) static void dt_namer(void)
{
	rt_set_value_namer(dt_rc_name);
}

dmapp_rma_attrs_t dt_attrs(uint32_t max_nb)
{
	dmapp_rma_attrs_t a;

	memset(&a, 0, sizeof a);
	a.max_outstanding_nb = max_nb;
	a.offload_threshold = DMAPP_OFFLOAD_THRESHOLD;
	a.put_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	a.get_relaxed_ordering = DMAPP_ROUTING_ADAPTIVE;
	a.max_concurrency = 1;
	return a;
}

void dt_start_with(uint32_t max_nb, const char *heap)
{
	dmapp_rma_attrs_t req = dt_attrs(max_nb), act;

	setenv("XT_SYMMETRIC_HEAP_SIZE", heap ? heap : DT_HEAP, 1);
	RT_REQUIRE_EQ_INT(dmapp_init(&req, &act), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.1-success");
	RT_REQUIRE_EQ_INT(dmapp_get_jobinfo(&dt_job), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.3-success");
	dt_pe = dt_job.pe;
	dt_npes = dt_job.npes;
}

void dt_start(void)
{
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, NULL);
}

void dt_barrier(void)
{
	if (PMI_Barrier() != PMI_SUCCESS)
		RT_FAIL("-", "PMI_Barrier-success", "failure",
			"PMI_Barrier failed (the job is broken)");
}

void dt_end(void)
{
	dt_barrier();
	dmapp_finalize();
}

void dt_allgather(const void *in, void *out, size_t len)
{
	if (PMI_Allgather((void *)in, out, (int)len) != PMI_SUCCESS)
		RT_FAIL("-", "PMI_Allgather-success", "failure",
			"PMI_Allgather failed (the job is broken)");
}

int dt_peer(int d)
{
	return ((dt_pe + d) % dt_npes + dt_npes) % dt_npes;
}

void dt_need_pes(int n)
{
	if (dt_npes < n) {
		char why[96];
		snprintf(why, sizeof why, "needs %d PEs, the job has %d", n,
			 dt_npes);
		rt_unsupported(why);
	}
}

/* libdmapp's own entry (rdmacts_test_control.h, "Where the corpus
 * looks"): never the uGNI library's, whatever the search order. */
static rdmacts_test_control_fn control_fn(void)
{
	return rt_control_for("dmapp_init", RDMACTS_TEST_CONTROL_DMAPP_SYMBOL);
}

void dt_own_job(void)
{
	static const char *const launcher[] = {
		"PMI_FD", "PMI_PORT", "PMI_ID", "PMI_RANK", "PMI_SIZE" };

	for (size_t i = 0; i < sizeof launcher / sizeof *launcher; i++)
		unsetenv(launcher[i]);
}

bool dt_have_control(void)
{
	return control_fn() != NULL;
}

void dt_control(int knob, uint64_t value)
{
	rdmacts_test_control_fn fn = control_fn();
	char why[96];

	if (!fn)
		rt_unsupported("libdmapp offers no test control ("
			       RDMACTS_TEST_CONTROL_DMAPP_SYMBOL ")");
	if (fn(knob, value) != 0) {
		snprintf(why, sizeof why,
			 "the test-control interface refuses knob %d", knob);
		rt_unsupported(why);
	}
}

unsigned char dt_pat(int who, size_t i, int salt)
{
	return (unsigned char)((unsigned)who * 61u + i * 13u + (i >> 8) * 7u +
			       (unsigned)salt * 29u + 1u);
}

void dt_fill(void *buf, size_t n, int who, int salt)
{
	for (size_t i = 0; i < n; i++)
		((unsigned char *)buf)[i] = dt_pat(who, i, salt);
}

void dt_garbage(void *buf, size_t n, uint64_t seed)
{
	uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;

	for (size_t i = 0; i < n; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		((unsigned char *)buf)[i] = (unsigned char)(x >> 24);
	}
}
