/*
 * ext_query.c: what a client may ask without a job (E-DMAPP-086,
 * E-DMAPP-088): the extended attributes (dmapp_get_rma_attrs_ext, as
 * Global Arrays' ComEx reads them before dmapp_init_ext), whether DMAPP
 * is initialized (dmapp_initialized), and the text of a return code
 * (dmapp_explain_error).  An implementation that lacks a call (the
 * loader does not resolve it, or it answers DMAPP_RC_NOT_SUPPORTED)
 * gets UNSUPPORTED.
 */
#include <stdlib.h>
#include <string.h>

#include "dt.h"

#define C_NOJOB "DMAPP-X-attrs-get-ext-no-job"
#define C_INIT  "DMAPP-X-initialized-flag"
#define C_TEXT  "DMAPP-X-explain-error-text"

static void lacks_if_not_supported(long long rc, const char *call)
{
	if (rc == DMAPP_RC_NOT_SUPPORTED)
		rt_lacks_call(call, "DMAPP_RC_NOT_SUPPORTED");
}

/* Attributes dmapp_init_ext would accept (its rules, DMAPP-X-attrs-init-ext-invalid). */
static bool acceptable(const dmapp_rma_attrs_ext_t *a)
{
	return a->max_outstanding_nb >= DMAPP_MIN_OUTSTANDING_NB &&
	       a->max_outstanding_nb <= DMAPP_MAX_OUTSTANDING_NB &&
	       a->max_concurrency >= 1 &&
	       a->put_relaxed_ordering <= DMAPP_ROUTING_ADAPTIVE &&
	       a->get_relaxed_ordering <= DMAPP_ROUTING_ADAPTIVE &&
	       a->PI_ordering <= DMAPP_PI_ORDERING_RELAXED;
}

/* dmapp_get_rma_attrs_ext with no job: refused, or defaults that
 * dmapp_init_ext accepts (tried when `start` says a job may follow). */
static void no_job(bool start)
{
	dmapp_rma_attrs_ext_t a, act;
	long long rc;

	memset(&a, 0xa5, sizeof a);
	rc = dmapp_get_rma_attrs_ext(&a);
	lacks_if_not_supported(rc, "dmapp_get_rma_attrs_ext");
	if (rc != DMAPP_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, C_NOJOB);
		return;
	}
	RT_EXPECT_TRUE(acceptable(&a), C_NOJOB);
	if (!start)
		return;
	/* as ComEx does: the defaults, as read, start the job */
	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	RT_REQUIRE_EQ_INT(dmapp_init_ext(&a, &act), DMAPP_RC_SUCCESS, C_NOJOB);
	dt_end();
}

RT_TEST_ATTRS(get_before_init, "dmapp.get_rma_attrs_ext.state.before_init", C_NOJOB,
	      "np=1;tier=robustness")
{
	no_job(true);
}

RT_TEST_ATTRS(get_after_finalize, "dmapp.get_rma_attrs_ext.state.after_finalize", C_NOJOB,
	      "np=1;tier=robustness")
{
	dt_start();
	RT_REQUIRE_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS, "DMAPP-5.3.2-success");
	no_job(false);
}

/* dmapp_initialized's flag now; ends the test when the call is lacking. */
static int initialized(void)
{
	int flag = -1;
	long long rc = dmapp_initialized(&flag);

	lacks_if_not_supported(rc, "dmapp_initialized");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, C_INIT);
	return flag;
}

RT_TEST_ATTRS(init_flag, "dmapp.initialized.state.before_during_after", C_INIT, "np=1")
{
	RT_EXPECT_EQ_INT(initialized(), 0, C_INIT);
	dt_start();
	RT_EXPECT_EQ_INT(initialized(), 1, C_INIT);
	dt_end();
	RT_EXPECT_EQ_INT(initialized(), 0, C_INIT);
}

RT_TEST_ATTRS(init_null, "dmapp.initialized.param.null", "DMAPP-X-initialized-null",
	      "np=1;tier=robustness")
{
	long long rc = dmapp_initialized(NULL);

	lacks_if_not_supported(rc, "dmapp_initialized");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-initialized-null");
}

/* Every dmapp_return_t value has a non-empty text. */
static void texts(void)
{
	for (int rc = DMAPP_RC_SUCCESS; rc <= DMAPP_RC_NOT_USED; rc++) {
		const char *msg = NULL;
		long long r = dmapp_explain_error((dmapp_return_t)rc, &msg);
		lacks_if_not_supported(r, "dmapp_explain_error");
		RT_EXPECT_EQ_INT(r, DMAPP_RC_SUCCESS, C_TEXT);
		RT_EXPECT_TRUE(msg != NULL && msg[0] != '\0' && strlen(msg) < 4096, C_TEXT);
	}
}

RT_TEST_ATTRS(explain_no_job, "dmapp.explain_error.data.every_code_before_init", C_TEXT, "np=1")
{
	texts();
}

RT_TEST_ATTRS(explain_job, "dmapp.explain_error.data.every_code_in_job", C_TEXT, "np=1")
{
	dt_start();
	texts();
	dt_end();
}

RT_TEST_ATTRS(explain_bad, "dmapp.explain_error.param.invalid",
	      "DMAPP-X-explain-error-invalid", "np=1;tier=robustness")
{
	const char *msg = NULL;
	long long rc = dmapp_explain_error(DMAPP_RC_SUCCESS, NULL);

	lacks_if_not_supported(rc, "dmapp_explain_error");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-explain-error-invalid");
	rc = dmapp_explain_error((dmapp_return_t)0x7777, &msg);
	if (rc == DMAPP_RC_SUCCESS)	/* E-DMAPP-088: a text is accepted */
		RT_EXPECT_TRUE(msg != NULL && msg[0] != '\0', "DMAPP-X-explain-error-invalid");
	else
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-explain-error-invalid");
}
