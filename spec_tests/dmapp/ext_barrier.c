/*
 * ext_barrier.c: the barrier of the vendor extension (dmapp.h RB-3.1:
 * dmapp_c_barrier_join with dmapp_c_pset_test / dmapp_c_pset_wait;
 * clauses DMAPP-X-barrier-*).
 *
 * Each round, every member first stores the round number into every
 * other member's symmetric array with a blocking PUT (globally visible
 * on return, 4.8), after a delay that differs per PE and round, then
 * joins the barrier and waits for it; once it completes, the member
 * must see every other member's store of that round (or a later one).
 */
#include <stdlib.h>
#include <time.h>

#include "ext_coll.h"

#define ROUNDS 24

static void pause_us(long us)
{
	struct timespec ts = { 0, us * 1000 };

	nanosleep(&ts, NULL);
}

/* Rounds of the barrier on the pset of the members list[0..n-1];
 * use_test: complete it by polling dmapp_c_pset_test instead of wait;
 * strided: describe it as DMAPP_C_PSET_DELIMITER_STRIDED (list[0] and
 * the stride list[1] - list[0]). */
static void rounds(uint32_t *list, uint32_t n, uint64_t id, int use_test,
		   int strided)
{
	int member = 0;

	for (uint32_t i = 0; i < n; i++)
		member |= list[i] == (uint32_t)dt_pe;
	uint64_t *seen = dmapp_sheap_malloc((size_t)dt_npes * sizeof(uint64_t));
	RT_REQUIRE_TRUE(seen != NULL, "DMAPP-5.3.67-allocates");
	memset(seen, 0, (size_t)dt_npes * sizeof(uint64_t));
	dmapp_c_pset_desc_t d = strided ? ec_strided(list[0], list[1] - list[0], n)
				      : ec_vec(list, n);
	dmapp_c_pset_handle_t h = ec_make(d, id, member,
					  "DMAPP-X-pset-create-success");
	for (uint64_t r = 1; member && r <= ROUNDS; r++) {
		pause_us((long)((dt_pe * 131 + r * 37) % 400));
		for (uint32_t i = 0; i < n; i++)
			if (list[i] != (uint32_t)dt_pe)
				RT_REQUIRE_EQ_INT(dmapp_put(&seen[dt_pe], &dt_job.sheap_seg,
							    (dmapp_pe_t)list[i], &r, 1,
							    DMAPP_QW),
						  DMAPP_RC_SUCCESS, "DMAPP-5.3.8-success");
		RT_REQUIRE_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				  "DMAPP-X-barrier-join-success");
		dmapp_return_t rc;
		if (use_test) {
			while ((rc = dmapp_c_pset_test(h)) == DMAPP_RC_NOT_DONE)
				;
		} else {
			rc = dmapp_c_pset_wait(h);
		}
		RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-barrier-completes");
		for (uint32_t i = 0; i < n; i++) {
			uint32_t q = list[i];
			uint64_t v = __atomic_load_n(&seen[q], __ATOMIC_ACQUIRE);
			if (q != (uint32_t)dt_pe && v < r) {
				RT_FAIL("DMAPP-X-barrier-synchronizes", ">= round", "older",
					"round %llu: PE %u's store not seen (%llu)",
					(unsigned long long)r, q, (unsigned long long)v);
				break;
			}
		}
	}
	RT_EXPECT_TRUE(!member || dmapp_c_pset_destroy(h) == DMAPP_RC_SUCCESS,
		       "DMAPP-X-pset-destroy-success");
	dt_end();
}

static void whole_job(int use_test)
{
	uint32_t list[64];

	dt_start();
	dt_need_pes(2);
	ec_probe();
	if (dt_npes > 64)
		rt_unsupported("more than 64 PEs");
	for (int i = 0; i < dt_npes; i++)
		list[i] = (uint32_t)i;
	rounds(list, (uint32_t)dt_npes, 0xba1, use_test, 0);
}

RT_TEST_ATTRS(job3, "dmapp.c_barrier_join.data.whole_job_3",
	      "DMAPP-X-barrier-synchronizes,DMAPP-X-barrier-completes,DMAPP-X-barrier-join-success", "np=3")
{
	whole_job(0);
}

RT_TEST_ATTRS(job4_test, "dmapp.c_barrier_join.data.whole_job_4_test",
	      "DMAPP-X-barrier-synchronizes,DMAPP-X-ptest-completes,DMAPP-X-barrier-join-success", "np=4")
{
	whole_job(1);
}

RT_TEST_ATTRS(reversed, "dmapp.c_barrier_join.data.reversed_vec",
	      "DMAPP-X-barrier-synchronizes,DMAPP-X-barrier-completes,DMAPP-X-barrier-join-success", "np=3")
{
	uint32_t list[64];

	dt_start();
	dt_need_pes(2);
	ec_probe();
	if (dt_npes > 64)
		rt_unsupported("more than 64 PEs");
	ec_all_reversed(list);
	rounds(list, (uint32_t)dt_npes, 0xba2, 0, 0);
}

RT_TEST_ATTRS(subset, "dmapp.c_barrier_join.data.strided_subset",
	      "DMAPP-X-barrier-synchronizes,DMAPP-X-barrier-completes,DMAPP-X-barrier-join-success", "np=3")
{
	uint32_t list[2] = { 0, 2 };	/* the PEs 0 + 2i, i < 2 */

	dt_start();
	dt_need_pes(3);
	ec_probe();
	rounds(list, 2, 0xba3, 0, 1);
}
