/*
 * ext_progress.c: progress callbacks of the vendor extension (dmapp.h
 * RB-3.1: dmapp_register_progress_cb, dmapp_deregister_progress_cb;
 * clauses DMAPP-X-progress-*).  Whether and when DMAPP runs a callback
 * is not observable (the header: calls that "may block internally"),
 * so the tests check registration and deregistration only.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dt.h"

static int cb_a(void *data) { (void)data; return 0; }
static int cb_b(void *data) { (void)data; return 0; }

static void start_or_lack(dmapp_return_t rc)
{
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks("ext:dmapp_register_progress_cb", "answers DMAPP_RC_NOT_SUPPORTED");
	}
}

RT_TEST(reg, "dmapp.register_progress_cb.data.register_deregister",
	"DMAPP-X-progress-register,DMAPP-X-progress-deregister")
{
	static int token;

	dt_start();
	dmapp_return_t rc = dmapp_register_progress_cb(cb_a, &token);
	start_or_lack(rc);
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-progress-register");
	RT_EXPECT_EQ_INT(dmapp_register_progress_cb(cb_b, NULL), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-register");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_a), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-deregister");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_b), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-deregister");
	/* DMAPP still works with callbacks registered and removed */
	RT_EXPECT_EQ_INT(dmapp_register_progress_cb(cb_a, NULL), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-register");
	uint64_t *b = dmapp_sheap_malloc(64), v = 42, w = 0;
	RT_REQUIRE_TRUE(b != NULL, "DMAPP-5.3.67-allocates");
	RT_EXPECT_EQ_INT(dmapp_put(b, &dt_job.sheap_seg, dt_pe, &v, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, "DMAPP-X-progress-register");
	RT_EXPECT_EQ_INT(dmapp_get(&w, b, &dt_job.sheap_seg, dt_pe, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, "DMAPP-X-progress-register");
	RT_EXPECT_EQ_U64(w, 42, "DMAPP-X-progress-register");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_a), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-deregister");
	dt_end();
}

RT_TEST_ATTRS(reg_null, "dmapp.register_progress_cb.param.null",
	      "DMAPP-X-progress-register-invalid", "tier=robustness")
{
	dt_start();
	dmapp_return_t rc = dmapp_register_progress_cb(NULL, NULL);
	start_or_lack(rc);
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-progress-register-invalid");
	dt_end();
}

RT_TEST_ATTRS(reg_full, "dmapp.register_progress_cb.resource.no_space",
	      "DMAPP-X-progress-no-space,DMAPP-X-progress-deregister", "tier=robustness")
{
	int n = 0;
	dmapp_return_t rc = DMAPP_RC_SUCCESS;

	dt_start();
	/* Registrations until the implementation refuses (at most 4096):
	 * each is SUCCESS or NO_SPACE, and after NO_SPACE one freed place
	 * can be used again. */
	while (n < 4096 && (rc = dmapp_register_progress_cb(cb_a, NULL)) == DMAPP_RC_SUCCESS)
		n++;
	start_or_lack(rc);
	if (n == 4096) {
		RT_EXPECT_TRUE(n == 4096, "DMAPP-X-progress-no-space");
	} else {
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_NO_SPACE, "DMAPP-X-progress-no-space");
		RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_a), DMAPP_RC_SUCCESS,
				 "DMAPP-X-progress-deregister");
		RT_EXPECT_EQ_INT(dmapp_register_progress_cb(cb_b, NULL), DMAPP_RC_SUCCESS,
				 "DMAPP-X-progress-no-space");
		n--;
		RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_b), DMAPP_RC_SUCCESS,
				 "DMAPP-X-progress-deregister");
	}
	/* every registration answered SUCCESS holds a place of its own */
	while (n-- > 0)
		if (!RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_a), DMAPP_RC_SUCCESS,
				      "DMAPP-X-progress-deregister"))
			break;
	dt_end();
}

RT_TEST_ATTRS(dereg_bad, "dmapp.deregister_progress_cb.param.not_found",
	      "DMAPP-X-progress-not-found,DMAPP-X-progress-deregister-invalid",
	      "tier=robustness")
{
	dt_start();
	dmapp_return_t rc = dmapp_deregister_progress_cb(cb_b);
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks("ext:dmapp_deregister_progress_cb", "answers DMAPP_RC_NOT_SUPPORTED");
	}
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_NOT_FOUND, "DMAPP-X-progress-not-found");
	RT_EXPECT_EQ_INT(dmapp_register_progress_cb(cb_a, NULL), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-register");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_a), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-deregister");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_a), DMAPP_RC_NOT_FOUND,
			 "DMAPP-X-progress-not-found");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(NULL), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-progress-deregister-invalid");
	dt_end();
}

/* A callback that records what it was given. */
static void *const data_given = (void *)&data_given;
static int runs, wrong;

static int cb_check(void *data)
{
	runs++;
	if (data != data_given)
		wrong++;
	return 0;
}

RT_TEST_ATTRS(data, "dmapp.register_progress_cb.event.data_passed",
	      "DMAPP-X-progress-data", "np=2")
{
	dt_start();
	dt_need_pes(2);
	dmapp_return_t rc = dmapp_register_progress_cb(cb_check, data_given);
	start_or_lack(rc);
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-progress-register");
	/* Give DMAPP occasions to wait: a barrier PE 0 reaches early (when
	 * the collectives are offered) and blocking GETs of the other PE. */
	uint32_t both[2] = { 0, 1 };
	dmapp_c_pset_desc_t d;
	memset(&d, 0, sizeof d);
	d.type = DMAPP_C_PSET_DELIMITER_VEC;
	d.u.vec_type.n_pes = 2;
	d.u.vec_type.vec_pes = both;
	dmapp_c_pset_handle_t h = NULL;
	int member = dt_pe < 2;
	rc = member ? dmapp_c_pset_create(&d, 0x9c0, 0, NULL, &h) : DMAPP_RC_SUCCESS;
	int coll = rc == DMAPP_RC_SUCCESS;
	dt_barrier();
	if (member && coll && dmapp_c_pset_export(h) == DMAPP_RC_SUCCESS) {
		if (dt_pe == 1) {
			struct timespec ts = { 0, 50 * 1000 * 1000 };
			nanosleep(&ts, NULL);
		}
		if (dmapp_c_barrier_join(h) == DMAPP_RC_SUCCESS)
			RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
					 "DMAPP-X-barrier-completes");
		dmapp_c_pset_destroy(h);
	}
	uint64_t *b = dmapp_sheap_malloc(1 << 16), *l = malloc(1 << 16);
	RT_REQUIRE_TRUE(b != NULL && l != NULL, "DMAPP-5.3.67-allocates");
	for (int i = 0; i < 16; i++)
		RT_EXPECT_EQ_INT(dmapp_get(l, b, &dt_job.sheap_seg, dt_peer(1),
					   (1 << 16) / 8, DMAPP_QW),
				 DMAPP_RC_SUCCESS, "DMAPP-5.3.11-success");
	RT_EXPECT_EQ_INT(wrong, 0, "DMAPP-X-progress-data");
	RT_EXPECT_EQ_INT(dmapp_deregister_progress_cb(cb_check), DMAPP_RC_SUCCESS,
			 "DMAPP-X-progress-deregister");
	free(l);
	dt_end();
}
