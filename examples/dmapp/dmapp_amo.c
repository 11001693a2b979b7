/*
 * dmapp_amo.c: the AMOs across PEs.
 *
 * 1. A shared counter on PE 0: every PE adds to it with AFADD in each
 *    mode (blocking, _nb, _nbi) and AADD; PE 0 checks the total, and
 *    the fetched values, collected on PE 0, are each seen exactly once.
 * 2. Every AMO's arithmetic (E-DMAPP-013), in each mode, on a word of
 *    the right-hand neighbour that only this PE touches.
 * 3. A lock built from ACSWAP guards a read-modify-write by GET and PUT
 *    of a plain word on PE 0; the final value shows mutual exclusion.
 */
#include "common.h"

#define ROUNDS 200		/* AFADDs per PE and mode */
#define LOCKED 100		/* lock-protected increments per PE */

static dmapp_jobinfo_t job;
static dmapp_syncid_handle_t sid;
static int64_t data_counter;	/* in the data segment */

struct shared {			/* one per PE, in the symmetric heap */
	int64_t counter, aadd_counter, lock, plain;
	int64_t word[64];	/* word[pe]: used by the left neighbour */
};

static void test_counter(struct shared *sh, int64_t *fetched)
{
	int n = 0;
	dmapp_return_t rc;

	for (int m = BLK; m <= NBI; m++)
		for (int i = 0; i < ROUNDS; i++, n++) {
			rc = ISSUE(m,
				dmapp_afadd_qw(&fetched[n], &sh->counter, &job.sheap_seg, 0, 1),
				dmapp_afadd_qw_nb(&fetched[n], &sh->counter, &job.sheap_seg, 0, 1, &sid),
				dmapp_afadd_qw_nbi(&fetched[n], &sh->counter, &job.sheap_seg, 0, 1));
			CHECK_RC(rc, DMAPP_RC_SUCCESS, "afadd");
			rc = ISSUE(m,
				dmapp_aadd_qw(&sh->aadd_counter, &job.sheap_seg, 0, 3),
				dmapp_aadd_qw_nb(&sh->aadd_counter, &job.sheap_seg, 0, 3, &sid),
				dmapp_aadd_qw_nbi(&sh->aadd_counter, &job.sheap_seg, 0, 3));
			CHECK_RC(rc, DMAPP_RC_SUCCESS, "aadd");
			CHECK_RC(dmapp_aadd_qw_nbi(&data_counter, &job.data_seg, 0, 1),
				 DMAPP_RC_SUCCESS, "aadd_nbi data_seg");
		}
	CHECK_RC(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, "gsync_wait");
}

/* Every AMO once, in mode m; want: the fetched values and final word. */
static void test_arith(struct shared *sh, enum mode m, int right)
{
	int64_t *w = &sh->word[my_pe], old = -1, now = 0;
	dmapp_seg_desc_t *seg = &job.sheap_seg;
	dmapp_return_t rc;

	int64_t start = 0xF0F0;
	CHECK_RC(dmapp_put(w, seg, right, &start, 1, DMAPP_QW),
		 DMAPP_RC_SUCCESS, "put");
#define NOFETCH(op, v, expect)						\
	rc = ISSUE(m, dmapp_##op##_qw(w, seg, right, v),		\
		   dmapp_##op##_qw_nb(w, seg, right, v, &sid),		\
		   dmapp_##op##_qw_nbi(w, seg, right, v));		\
	CHECK_RC(rc, DMAPP_RC_SUCCESS, #op);				\
	dmapp_get(&now, w, seg, right, 1, DMAPP_QW);			\
	CHECK(now == (expect), "%s %s: word 0x%llx, expected 0x%llx",	\
	      #op, mode_name[m], (long long)now, (long long)(expect))
#define FETCH(call, args, was, expect)					\
	rc = ISSUE(m, dmapp_##call##_qw(&old, w, seg, right, args),	\
		   dmapp_##call##_qw_nb(&old, w, seg, right, args, &sid),	\
		   dmapp_##call##_qw_nbi(&old, w, seg, right, args));	\
	CHECK_RC(rc, DMAPP_RC_SUCCESS, #call);				\
	dmapp_get(&now, w, seg, right, 1, DMAPP_QW);			\
	CHECK(old == (was) && now == (expect),				\
	      "%s %s: fetched 0x%llx word 0x%llx", #call, mode_name[m],	\
	      (long long)old, (long long)now)
#define ARGS2(a, b) a, b

	NOFETCH(aand, 0xFF00, 0xF000);
	NOFETCH(aor, 0x000F, 0xF00F);
	NOFETCH(axor, 0xFFFF, 0x0FF0);
	NOFETCH(aadd, -0x10, 0x0FE0);
	FETCH(afadd, 0x15, 0x0FE0, 0x0FF5);
	FETCH(afand, 0xFF, 0x0FF5, 0xF5);
	FETCH(afor, 0x100, 0xF5, 0x1F5);
	FETCH(afxor, 0x1, 0x1F5, 0x1F4);
	FETCH(afax, ARGS2(0xF0, 0x3), 0x1F4, 0xF3);
	FETCH(acswap, ARGS2(0xF3, 42), 0xF3, 42);
	FETCH(acswap, ARGS2(0, 7), 42, 42);	/* no match: unchanged */
	FETCH(afadd, INT64_MAX, 42, (int64_t)((uint64_t)42 + INT64_MAX));
}

static void test_lock(struct shared *sh)
{
	dmapp_seg_desc_t *seg = &job.sheap_seg;
	int64_t old, v;

	for (int i = 0; i < LOCKED; i++) {
		do {
			dmapp_acswap_qw(&old, &sh->lock, seg, 0, 0, my_pe + 1);
		} while (old != 0);
		dmapp_get(&v, &sh->plain, seg, 0, 1, DMAPP_QW);
		v++;
		dmapp_put(&sh->plain, seg, 0, &v, 1, DMAPP_QW);
		dmapp_acswap_qw(&old, &sh->lock, seg, 0, my_pe + 1, 0);
		CHECK(old == my_pe + 1, "lock held by %lld", (long long)old);
	}
}

int main(void)
{
	start(&job);
	int np = job.npes, total = 3 * ROUNDS;
	struct shared *sh = dmapp_sheap_malloc(sizeof(*sh));
	int64_t *fetched = dmapp_sheap_malloc((size_t)np * total * 8);

	CHECK(sh && fetched && np <= 64, "set-up failed");
	if (fails)
		return report("dmapp_amo");
	memset(sh, 0, sizeof(*sh));
	PMI_Barrier();

	test_counter(sh, fetched + (size_t)my_pe * total);
	for (int m = BLK; m <= NBI; m++)
		test_arith(sh, m, (my_pe + 1) % np);
	test_lock(sh);

	/* Everybody's fetched values to PE 0, then PE 0 checks. */
	if (my_pe != 0)
		CHECK_RC(dmapp_put(fetched + (size_t)my_pe * total, &job.sheap_seg,
				   0, fetched + (size_t)my_pe * total, total,
				   DMAPP_QW), DMAPP_RC_SUCCESS, "put fetched");
	PMI_Barrier();
	if (my_pe == 0) {
		int64_t n = (int64_t)np * total;
		char *seen = calloc((size_t)n, 1);
		CHECK(sh->counter == n, "counter %lld, expected %lld",
		      (long long)sh->counter, (long long)n);
		CHECK(sh->aadd_counter == 3 * n, "aadd counter %lld",
		      (long long)sh->aadd_counter);
		CHECK(data_counter == n, "data_seg counter %lld",
		      (long long)data_counter);
		CHECK(sh->plain == (int64_t)np * LOCKED,
		      "lock-protected counter %lld, expected %lld",
		      (long long)sh->plain, (long long)np * LOCKED);
		for (int64_t i = 0; i < n; i++) {
			int64_t v = fetched[i];
			CHECK(v >= 0 && v < n && !seen[v], "fetched value %lld "
			      "out of range or repeated", (long long)v);
			if (v >= 0 && v < n)
				seen[v] = 1;
		}
		free(seen);
	}
	return report("dmapp_amo");
}
