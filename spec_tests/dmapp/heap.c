/*
 * heap.c: the symmetric heap (4.9.3, 5.3.67-5.3.69, 5.4.1) and memory
 * registration (5.3.70-5.3.72).
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dt.h"

static bool in_heap(const void *p, size_t n)
{
	uintptr_t a = (uintptr_t)dt_job.sheap_seg.addr;
	return (uintptr_t)p >= a && (uintptr_t)p + n <= a + dt_job.sheap_seg.len;
}

/* ---- dmapp_sheap_malloc ---- */

RT_TEST(m_alloc, "dmapp.sheap_malloc.data.allocates", "DMAPP-5.3.67-allocates,DMAPP-4.8-sheap-always-exported")
{
	char *p;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "4M");
	RT_EXPECT_TRUE(dt_job.sheap_seg.addr != NULL && dt_job.sheap_seg.len >= (4u << 20),
		       "DMAPP-4.8-sheap-always-exported");
	p = dmapp_sheap_malloc(100000);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.67-allocates");
	memset(p, 0x5a, 100000);
	RT_EXPECT_TRUE(in_heap(p, 100000), "DMAPP-5.3.67-allocates");
	dt_end();
}

RT_TEST(m_distinct, "dmapp.sheap_malloc.data.distinct_blocks", "DMAPP-5.3.67-distinct-blocks")
{
	char *p[16];
	int bad = 0;

	dt_start();
	for (int i = 0; i < 16; i++)
		p[i] = dmapp_sheap_malloc(100 + 37 * (size_t)i);
	for (int i = 0; i < 16; i++)
		for (int j = 0; j < 16; j++)
			if (i != j && p[i] && p[j] && p[i] < p[j] + 100 + 37 * j &&
			    p[j] < p[i] + 100 + 37 * i)
				bad++;
	RT_EXPECT_EQ_INT(bad, 0, "DMAPP-5.3.67-distinct-blocks");
	dt_end();
}

/* A freed block leaves its neighbours alone: after the first of two
 * blocks is freed, a block as large as both together is placed apart
 * from the second, which keeps its contents. */
RT_TEST(m_distinct_free, "dmapp.sheap_malloc.data.distinct_after_free", "DMAPP-5.3.67-distinct-blocks")
{
	const char *cl = "DMAPP-5.3.67-distinct-blocks";
	uint8_t *a, *b, *c, pat[65536];

	dt_start();
	a = dmapp_sheap_malloc(65536);
	b = dmapp_sheap_malloc(65536);
	RT_REQUIRE_TRUE(a != NULL && b != NULL, "DMAPP-5.3.67-allocates");
	dt_fill(b, 65536, 0, 3);
	dt_fill(pat, 65536, 0, 3);
	dmapp_sheap_free(a);
	c = dmapp_sheap_malloc(2 * 65536);
	RT_REQUIRE_TRUE(c != NULL, "DMAPP-5.3.67-allocates");
	RT_EXPECT_TRUE(c >= b + 65536 || c + 2 * 65536 <= b, cl);
	memset(c, 0x77, 2 * 65536);
	RT_EXPECT_MEM_EQ(b, pat, 65536, cl);
	dt_end();
}

RT_TEST(m_null, "dmapp.sheap_malloc.resource.exhausted_null", "DMAPP-5.3.67-exhausted-null")
{
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "1M");
	RT_EXPECT_TRUE(dmapp_sheap_malloc(2u << 20) == NULL, "DMAPP-5.3.67-exhausted-null");
	dt_end();
}

RT_TEST(m_fills, "dmapp.sheap_malloc.resource.fills_heap", "DMAPP-5.3.67-fills-heap,DMAPP-5.4.1-decimal-bytes")
{
	void *p;
	size_t total = 0;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8388608");
	RT_EXPECT_TRUE(dt_job.sheap_seg.len >= 8388608, "DMAPP-5.4.1-decimal-bytes");
	p = dmapp_sheap_malloc(7u << 20);
	RT_EXPECT_TRUE(p != NULL, "DMAPP-5.3.67-fills-heap");
	dmapp_sheap_free(p);
	while (total < (7u << 20) && dmapp_sheap_malloc(65536) != NULL)
		total += 65536;
	RT_EXPECT_TRUE(total >= (7u << 20), "DMAPP-5.3.67-fills-heap");
	dt_end();
}

RT_TEST(m_zero, "dmapp.sheap_malloc.param.size_zero", "DMAPP-5.3.67-size-zero")
{
	void *p, *q;

	dt_start();
	p = dmapp_sheap_malloc(0);
	q = dmapp_sheap_malloc(0);
	RT_EXPECT_TRUE(p == NULL || p != q, "DMAPP-5.3.67-size-zero");
	dmapp_sheap_free(p);
	dmapp_sheap_free(q);
	RT_EXPECT_TRUE(dmapp_sheap_malloc(64) != NULL, "DMAPP-5.3.67-size-zero");
	dt_end();
}

static void aligned(size_t a, const char *cl)
{
	int bad = 0;

	dt_start();
	for (size_t n = 1; n < 200; n += 7) {
		char *p = dmapp_sheap_malloc(n);
		if (p == NULL || (uintptr_t)p % a)
			bad++;
	}
	RT_EXPECT_EQ_INT(bad, 0, cl);
	dt_end();
}

RT_TEST(m_al8, "dmapp.sheap_malloc.alignment.aligned_8", "DMAPP-5.3.67-aligned-8")
{
	aligned(8, "DMAPP-5.3.67-aligned-8");
}

RT_TEST(m_al16, "dmapp.sheap_malloc.alignment.aligned_16", "DMAPP-5.3.67-aligned-16")
{
	aligned(16, "DMAPP-5.3.67-aligned-16");
}

RT_TEST_ATTRS(m_huge, "dmapp.sheap_malloc.param.huge", "DMAPP-5.3.67-huge", "tier=robustness")
{
	dt_start();
	RT_EXPECT_TRUE(dmapp_sheap_malloc(SIZE_MAX) == NULL, "DMAPP-5.3.67-huge");
	dt_end();
}

/* Offsets of equal call sequences (3 PEs of 4). */
RT_TEST_ATTRS(m_offsets, "dmapp.sheap_malloc.state.same_offsets",
	      "DMAPP-5.3.67-same-offsets,DMAPP-4.9.3-same-sequence-symmetry", "np=4")
{
	char *p[4];
	uint64_t off[4], all[16];

	dt_start();
	p[0] = dmapp_sheap_malloc(100);
	p[1] = dmapp_sheap_malloc(3000);
	p[2] = dmapp_sheap_realloc(p[0], 5000);
	dmapp_sheap_free(p[1]);
	p[3] = dmapp_sheap_malloc(64);
	for (int i = 0; i < 4; i++)
		off[i] = (uint64_t)(p[i] - (char *)dt_job.sheap_seg.addr);
	dt_allgather(off, all, sizeof off);
	RT_EXPECT_TRUE(memcmp(all, all + 4 * dt_pe, sizeof off) == 0, "DMAPP-5.3.67-same-offsets");
	/* data reaches the peer's corresponding block through my address */
	uint64_t v = 0xabc0 + (uint64_t)dt_pe;
	*(uint64_t *)p[3] = 0;
	dt_barrier();
	RT_EXPECT_EQ_INT(dmapp_put(p[3], &dt_job.sheap_seg, dt_peer(1), &v, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, "DMAPP-4.9.3-same-sequence-symmetry");
	dt_barrier();
	RT_EXPECT_EQ_U64(*(uint64_t *)p[3], 0xabc0 + (uint64_t)dt_peer(-1),
			 "DMAPP-4.9.3-same-sequence-symmetry");
	dt_end();
}

RT_TEST_ATTRS(m_remote, "dmapp.sheap_malloc.data.remotely_accessible",
	      "DMAPP-5.3.67-remotely-accessible,DMAPP-4.8-sheap-symmetric-by-offset,DMAPP-4.1-remote-access-one-sided",
	      "np=2")
{
	uint8_t *b, src[256], got[256];

	dt_start();
	b = dmapp_sheap_malloc(256);
	dt_fill(b, 256, dt_pe, 2);
	dt_fill(src, 256, dt_pe, 5);
	dt_barrier();
	RT_EXPECT_EQ_INT(dmapp_get(got, b, &dt_job.sheap_seg, dt_peer(1), 256, DMAPP_BYTE),
			 DMAPP_RC_SUCCESS, "DMAPP-5.3.67-remotely-accessible");
	dt_fill(src, 256, dt_peer(1), 2);
	RT_EXPECT_MEM_EQ(got, src, 256, "DMAPP-5.3.67-remotely-accessible");
	dt_barrier();
	dt_fill(src, 256, dt_pe, 5);
	RT_EXPECT_EQ_INT(dmapp_put(b, &dt_job.sheap_seg, dt_peer(1), src, 32, DMAPP_QW),
			 DMAPP_RC_SUCCESS, "DMAPP-4.8-sheap-symmetric-by-offset");
	dt_barrier();
	dt_fill(src, 256, dt_peer(1), 5);
	RT_EXPECT_MEM_EQ(b, src, 256, "DMAPP-4.1-remote-access-one-sided");
	dt_end();
}

RT_TEST_ATTRS(m_local, "dmapp.sheap_malloc.state.local_call", "DMAPP-5.3.67-local-call", "np=2")
{
	dt_start();
	/* PE 1 stays outside DMAPP (in a PMI barrier) until PE 0 has
	 * returned from dmapp_sheap_malloc */
	if (dt_pe == 0)
		RT_EXPECT_TRUE(dmapp_sheap_malloc(4096) != NULL, "DMAPP-5.3.67-local-call");
	RT_EXPECT_EQ_INT(PMI_Barrier(), PMI_SUCCESS, "DMAPP-5.3.67-local-call");
	dt_end();
}

RT_TEST(m_heap_size, "dmapp.sheap_malloc.resource.heap_size_at_startup",
	"DMAPP-4.9.3-heap-size-at-startup,DMAPP-5.4.1-suffix-m")
{
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "4M");
	RT_EXPECT_TRUE(dmapp_sheap_malloc(3u << 20) != NULL, "DMAPP-4.9.3-heap-size-at-startup");
	dt_end();
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "1M");
	RT_EXPECT_TRUE(dmapp_sheap_malloc(3u << 20) == NULL, "DMAPP-4.9.3-heap-size-at-startup");
	dt_end();
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "16M");
	RT_EXPECT_TRUE(dt_job.sheap_seg.len >= (16u << 20) &&
		       dmapp_sheap_malloc(15u << 20) != NULL, "DMAPP-5.4.1-suffix-m");
	dt_end();
}

/* K and G scale as M does: the heap is at least the size given, and no
 * larger than the next block that does not fit (9 MiB, 1.5 GiB). */
RT_TEST(m_kg, "dmapp.sheap_malloc.resource.suffix_k_g",
	"DMAPP-5.4.1-suffix-k-g,DMAPP-4.9.3-heap-size-at-startup")
{
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8192K");
	RT_EXPECT_TRUE(dt_job.sheap_seg.len >= (8u << 20), "DMAPP-5.4.1-suffix-k-g");
	RT_EXPECT_TRUE(dmapp_sheap_malloc(9u << 20) == NULL, "DMAPP-4.9.3-heap-size-at-startup");
	dt_end();
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "1g");
	RT_EXPECT_TRUE(dt_job.sheap_seg.len >= (1u << 30), "DMAPP-5.4.1-suffix-k-g");
	RT_EXPECT_TRUE(dmapp_sheap_malloc(3u << 29) == NULL, "DMAPP-4.9.3-heap-size-at-startup");
	dt_end();
}

RT_TEST(m_user_size, "dmapp.get_jobinfo.state.user_heap_size", "DMAPP-5.4.1-user-size-reported")
{
	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8M");
	RT_EXPECT_EQ_U64(dt_job.sheap_seg.len, 8u << 20, "DMAPP-5.4.1-user-size-reported");
	dt_end();
}

RT_TEST(m_default, "dmapp.sheap_malloc.resource.default_size", "DMAPP-5.4.1-default")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	void *p;

	unsetenv("XT_SYMMETRIC_HEAP_SIZE");
	RT_REQUIRE_EQ_INT(dmapp_init(&a, &act), DMAPP_RC_SUCCESS, "DMAPP-5.4.1-default");
	p = dmapp_sheap_malloc(1u << 20);
	dmapp_get_jobinfo(&dt_job);
	/* NULL (0-byte default) or a block inside the heap it reports */
	RT_EXPECT_TRUE(p == NULL || in_heap(p, 1u << 20), "DMAPP-5.4.1-default");
	dmapp_finalize();
}

RT_TEST_ATTRS(m_garbage_env, "dmapp.init.param.heap_size_garbage", "DMAPP-5.4.1-garbage-value", "tier=robustness")
{
	static const char *const v[] = { "lots", "-5", "12Q" };
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;

	for (int i = 0; i < 3; i++) {
		setenv("XT_SYMMETRIC_HEAP_SIZE", v[i], 1);
		dmapp_return_t rc = dmapp_init(&a, &act);
		RT_EXPECT_RC_IN(rc, "DMAPP-5.4.1-garbage-value", DMAPP_RC_INVALID_PARAM,
				DMAPP_RC_RESOURCE_ERROR, DMAPP_RC_SUCCESS);
		if (rc == DMAPP_RC_SUCCESS)
			dmapp_finalize();
	}
}

/* When dmapp_init accepts such a value it has made a job that works:
 * a fetching AMO on a registered word of the caller's own (E-DMAPP-052:
 * SUCCESS with some heap, the value ignored). */
RT_TEST_ATTRS(m_garbage_works, "dmapp.init.param.heap_size_garbage_job_works",
	      "DMAPP-5.4.1-garbage-value", "tier=robustness")
{
	const char *cl = "DMAPP-5.4.1-garbage-value";
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	static _Alignas(8) uint64_t w[8];
	_Alignas(8) uint64_t old = 0;
	dmapp_seg_desc_t seg;
	dmapp_jobinfo_t job;
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "lots", 1);
	rc = dmapp_init(&a, &act);
	RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_INVALID_PARAM, DMAPP_RC_RESOURCE_ERROR,
			DMAPP_RC_SUCCESS);
	if (rc == DMAPP_RC_SUCCESS) {
		w[0] = 5;
		RT_REQUIRE_EQ_INT(dmapp_get_jobinfo(&job), DMAPP_RC_SUCCESS, cl);
		RT_REQUIRE_EQ_INT(dmapp_mem_register(w, sizeof w, &seg),
				  DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_afadd_qw(&old, w, &seg, job.pe, 3),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_U64(old, 5, cl);
		RT_EXPECT_EQ_U64(w[0], 8, cl);
		dmapp_mem_unregister(&seg);
		dmapp_finalize();
	}
	unsetenv("XT_SYMMETRIC_HEAP_SIZE");
}

RT_TEST_ATTRS(m_differs, "dmapp.init.state.heap_size_differs_across_pes",
	      "DMAPP-5.4.1-differs-across-pes", "np=2;tier=robustness")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	const char *rank = getenv("PMI_RANK");
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", rank && rank[0] == '1' ? "8M" : "4M", 1);
	rc = dmapp_init(&a, &act);
	RT_EXPECT_RC_IN(rc, "DMAPP-5.4.1-differs-across-pes", DMAPP_RC_SUCCESS,
			DMAPP_RC_RESOURCE_ERROR, DMAPP_RC_INVALID_PARAM);
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_finalize();
}

/* ---- dmapp_sheap_realloc ---- */

RT_TEST(r_grow, "dmapp.sheap_realloc.data.grow_preserves", "DMAPP-5.3.68-grow-preserves")
{
	uint8_t *p, *q, pat[256];

	dt_start();
	p = dmapp_sheap_malloc(256);
	dt_fill(p, 256, 0, 4);
	dt_fill(pat, 256, 0, 4);
	dmapp_sheap_malloc(64);		/* the block cannot grow in place */
	q = dmapp_sheap_realloc(p, 1u << 20);
	RT_REQUIRE_TRUE(q != NULL, "DMAPP-5.3.68-grow-preserves");
	RT_EXPECT_MEM_EQ(q, pat, 256, "DMAPP-5.3.68-grow-preserves");
	RT_EXPECT_TRUE(in_heap(q, 1u << 20), "DMAPP-5.3.68-grow-preserves");
	dt_end();
}

RT_TEST(r_shrink, "dmapp.sheap_realloc.data.shrink_preserves", "DMAPP-5.3.68-shrink-preserves")
{
	uint8_t *p, *q, pat[4096];

	dt_start();
	p = dmapp_sheap_malloc(4096);
	dt_fill(p, 4096, 0, 4);
	dt_fill(pat, 4096, 0, 4);
	q = dmapp_sheap_realloc(p, 1000);
	RT_REQUIRE_TRUE(q != NULL, "DMAPP-5.3.68-shrink-preserves");
	RT_EXPECT_MEM_EQ(q, pat, 1000, "DMAPP-5.3.68-shrink-preserves");
	dt_end();
}

/* A block of 1 MiB, the rest of a 2 MiB heap filled: shrinking the
 * block to 768 KiB needs no space, so it must not fail. */
RT_TEST(r_shrink_full, "dmapp.sheap_realloc.resource.shrink_in_full_heap",
	"DMAPP-5.3.68-shrink-needs-no-space")
{
	static const size_t fill_sizes[] = { 65536, 4096, 64 };
	const char *cl = "DMAPP-5.3.68-shrink-needs-no-space";
	uint8_t *p, *q, *pat;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "2M");
	pat = malloc(1u << 20);
	if (!pat)
		rt_unsupported("out of private memory");
	p = dmapp_sheap_malloc(1u << 20);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.67-allocates");
	for (int i = 0; i < 3; i++)
		while (dmapp_sheap_malloc(fill_sizes[i]) != NULL)
			;
	dt_fill(p, 1u << 20, 0, 6);
	dt_fill(pat, 1u << 20, 0, 6);
	q = dmapp_sheap_realloc(p, 768u << 10);
	RT_REQUIRE_TRUE(q != NULL, cl);
	RT_EXPECT_MEM_EQ(q, pat, 768u << 10, cl);
	RT_EXPECT_TRUE(in_heap(q, 768u << 10), cl);
	free(pat);
	dt_end();
}

/* The same: a realloc to the block's own size needs no space either. */
RT_TEST(r_same_full, "dmapp.sheap_realloc.resource.same_size_in_full_heap",
	"DMAPP-5.3.68-shrink-needs-no-space")
{
	static const size_t fill_sizes[] = { 65536, 4096, 64 };
	const char *cl = "DMAPP-5.3.68-shrink-needs-no-space";
	uint8_t *p, *q, pat[4096];

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "2M");
	p = dmapp_sheap_malloc(4096);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.67-allocates");
	for (int i = 0; i < 3; i++)
		while (dmapp_sheap_malloc(fill_sizes[i]) != NULL)
			;
	dt_fill(p, 4096, 0, 5);
	dt_fill(pat, 4096, 0, 5);
	q = dmapp_sheap_realloc(p, 4096);
	RT_REQUIRE_TRUE(q != NULL, cl);
	RT_EXPECT_MEM_EQ(q, pat, 4096, cl);
	RT_EXPECT_TRUE(in_heap(q, 4096), cl);
	dt_end();
}

RT_TEST(r_null, "dmapp.sheap_realloc.param.null_ptr_like_malloc", "DMAPP-5.3.68-null-ptr-like-malloc")
{
	char *p;

	dt_start();
	p = dmapp_sheap_realloc(NULL, 5000);
	RT_EXPECT_TRUE(p != NULL && in_heap(p, 5000), "DMAPP-5.3.68-null-ptr-like-malloc");
	dt_end();
}

RT_TEST(r_zero, "dmapp.sheap_realloc.param.size_zero_frees", "DMAPP-5.3.68-size-zero-frees")
{
	void *p, *fill;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "2M");
	p = dmapp_sheap_malloc(1u << 20);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.67-allocates");
	while ((fill = dmapp_sheap_malloc(65536)) != NULL)
		;
	RT_EXPECT_TRUE(dmapp_sheap_realloc(p, 0) == NULL, "DMAPP-5.3.68-size-zero-frees");
	RT_EXPECT_TRUE(dmapp_sheap_malloc(1u << 20) != NULL, "DMAPP-5.3.68-size-zero-frees");
	dt_end();
}

RT_TEST(r_foreign, "dmapp.sheap_realloc.param.foreign_ptr_null", "DMAPP-5.3.68-foreign-ptr-null")
{
	char stack[64], *heap = malloc(64), *p;

	dt_start();
	p = dmapp_sheap_malloc(256);
	RT_EXPECT_TRUE(dmapp_sheap_realloc(stack, 128) == NULL, "DMAPP-5.3.68-foreign-ptr-null");
	RT_EXPECT_TRUE(dmapp_sheap_realloc(heap, 128) == NULL, "DMAPP-5.3.68-foreign-ptr-null");
	RT_EXPECT_TRUE(dmapp_sheap_realloc(p + 64, 128) == NULL, "DMAPP-5.3.68-foreign-ptr-null");
	dt_end();
	free(heap);
}

RT_TEST(r_freed, "dmapp.sheap_realloc.param.freed_ptr_null", "DMAPP-5.3.68-freed-ptr-null")
{
	void *p;

	dt_start();
	p = dmapp_sheap_malloc(256);
	dmapp_sheap_free(p);
	RT_EXPECT_TRUE(dmapp_sheap_realloc(p, 512) == NULL, "DMAPP-5.3.68-freed-ptr-null");
	dt_end();
}

RT_TEST(r_fail, "dmapp.sheap_realloc.resource.failure_unchanged", "DMAPP-5.3.68-failure-unchanged")
{
	uint8_t *p, pat[512];
	uint64_t v = 7;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "1M");
	p = dmapp_sheap_malloc(512);
	dt_fill(p, 512, 0, 4);
	dt_fill(pat, 512, 0, 4);
	RT_EXPECT_TRUE(dmapp_sheap_realloc(p, 8u << 20) == NULL, "DMAPP-5.3.68-failure-unchanged");
	RT_EXPECT_MEM_EQ(p, pat, 512, "DMAPP-5.3.68-failure-unchanged");
	RT_EXPECT_EQ_INT(dmapp_put(p, &dt_job.sheap_seg, 0, &v, 1, DMAPP_QW), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.68-failure-unchanged");
	dmapp_sheap_free(p);
	dt_end();
}

/* A size no heap can hold, which rounding up to the block alignment
 * would wrap to a small number: the block stays as it was and a later
 * block does not overlap it. */
RT_TEST(r_fail_huge, "dmapp.sheap_realloc.resource.huge_size_unchanged", "DMAPP-5.3.68-failure-unchanged")
{
	uint8_t *p, *q;

	dt_start();
	p = dmapp_sheap_malloc(64);
	RT_EXPECT_TRUE(p != NULL, "DMAPP-5.3.68-failure-unchanged");
	RT_EXPECT_TRUE(dmapp_sheap_realloc(p, SIZE_MAX) == NULL, "DMAPP-5.3.68-failure-unchanged");
	q = dmapp_sheap_malloc(64);
	RT_EXPECT_TRUE(q != NULL && (q >= p + 64 || q + 64 <= p), "DMAPP-5.3.68-failure-unchanged");
	dmapp_sheap_free(q);
	dmapp_sheap_free(p);
	dt_end();
}

RT_TEST_ATTRS(r_moves, "dmapp.sheap_realloc.data.may_move_symmetric",
	      "DMAPP-5.3.68-may-move,DMAPP-5.3.68-symmetric", "np=2")
{
	uint64_t *p, v;

	dt_start();
	p = dmapp_sheap_malloc(64);
	dmapp_sheap_malloc(64);
	p = dmapp_sheap_realloc(p, 65536);
	RT_REQUIRE_TRUE(p != NULL && in_heap(p, 65536), "DMAPP-5.3.68-may-move");
	p[8000] = 0;
	dt_barrier();
	v = 0x77 + (uint64_t)dt_pe;
	RT_EXPECT_EQ_INT(dmapp_put(&p[8000], &dt_job.sheap_seg, dt_peer(1), &v, 1, DMAPP_QW),
			 DMAPP_RC_SUCCESS, "DMAPP-5.3.68-symmetric");
	dt_barrier();
	RT_EXPECT_EQ_U64(p[8000], 0x77 + (uint64_t)dt_peer(-1), "DMAPP-5.3.68-may-move");
	dt_end();
}

/* A block that realloc moved gives up its old place: with an 8M heap, a
 * 3 MiB block moved to grow to 4 MiB, then freed with the rest, leaves
 * room for 7 MiB again (E-DMAPP-080). */
RT_TEST(r_move_frees, "dmapp.sheap_realloc.resource.move_frees_old_place",
	"DMAPP-5.3.68-move-frees-old-place")
{
	const char *cl = "DMAPP-5.3.68-move-frees-old-place";
	void *p, *q, *g;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8M");
	p = dmapp_sheap_malloc(3u << 20);
	g = dmapp_sheap_malloc(64);	/* the block cannot grow in place */
	RT_REQUIRE_TRUE(p != NULL && g != NULL, "DMAPP-5.3.67-allocates");
	q = dmapp_sheap_realloc(p, 4u << 20);
	RT_REQUIRE_TRUE(q != NULL, "DMAPP-5.3.68-grow-preserves");
	dmapp_sheap_free(q);
	dmapp_sheap_free(g);
	RT_EXPECT_TRUE(dmapp_sheap_malloc(7u << 20) != NULL, cl);
	dt_end();
}

/* A block that cannot grow in place is moved, never grown over its
 * neighbour: 64 KiB grown to 256 KiB with a block right after it, the
 * whole new size written, and the neighbour keeps its contents. */
RT_TEST(r_grow_neighbour, "dmapp.sheap_realloc.data.grow_keeps_neighbour",
	"DMAPP-5.3.68-grow-preserves")
{
	const char *cl = "DMAPP-5.3.68-grow-preserves";
	unsigned char *p, *g, want[4096];

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8M");
	p = dmapp_sheap_malloc(64u << 10);
	g = dmapp_sheap_malloc(4096);
	RT_REQUIRE_TRUE(p != NULL && g != NULL, "DMAPP-5.3.67-allocates");
	dt_fill(g, 4096, 7, 5);
	dt_fill(want, 4096, 7, 5);
	p = dmapp_sheap_realloc(p, 256u << 10);
	RT_REQUIRE_TRUE(p != NULL, cl);
	memset(p, 0xee, 256u << 10);
	RT_EXPECT_MEM_EQ(g, want, 4096, cl);
	dt_end();
}

/* ---- dmapp_sheap_free ---- */

RT_TEST(f_malloc, "dmapp.sheap_free.resource.frees_malloc", "DMAPP-5.3.69-frees-malloc")
{
	void *p;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "2M");
	p = dmapp_sheap_malloc(1u << 20);
	while (dmapp_sheap_malloc(65536) != NULL)
		;
	RT_EXPECT_TRUE(dmapp_sheap_malloc(1u << 20) == NULL, "DMAPP-5.3.69-frees-malloc");
	dmapp_sheap_free(p);
	RT_EXPECT_TRUE(dmapp_sheap_malloc(1u << 20) != NULL, "DMAPP-5.3.69-frees-malloc");
	dt_end();
}

RT_TEST(f_realloc, "dmapp.sheap_free.resource.frees_realloc", "DMAPP-5.3.69-frees-realloc")
{
	void *p;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "2M");
	p = dmapp_sheap_realloc(dmapp_sheap_malloc(64), 1u << 20);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.69-frees-realloc");
	while (dmapp_sheap_malloc(65536) != NULL)
		;
	dmapp_sheap_free(p);
	RT_EXPECT_TRUE(dmapp_sheap_malloc(1u << 20) != NULL, "DMAPP-5.3.69-frees-realloc");
	dt_end();
}

RT_TEST(f_cycles, "dmapp.sheap_free.resource.repeat_cycles", "DMAPP-5.3.69-repeat-cycles")
{
	int bad = 0;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8M");
	for (int i = 0; i < 100000; i++) {
		void *p = dmapp_sheap_malloc(1u << 20);
		if (!p)
			bad++;
		dmapp_sheap_free(p);
	}
	RT_EXPECT_EQ_INT(bad, 0, "DMAPP-5.3.69-repeat-cycles");
	dt_end();
}

/* Freed space is whole again (E-DMAPP-080): with an 8M heap, after seven
 * 1 MiB blocks are freed last to first, then first to last, after a hole
 * was filled again by a block of exactly its size and everything freed,
 * and after a 4 MiB block is shrunk to 1 MiB and freed, an allocation of
 * 7 MiB succeeds each time. */
RT_TEST(f_whole, "dmapp.sheap_free.resource.space_whole_again", "DMAPP-5.3.69-space-whole-again")
{
	const char *cl = "DMAPP-5.3.69-space-whole-again";
	void *b[7], *p;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "8M");
	for (int order = 0; order < 2; order++) {
		for (int i = 0; i < 7; i++)
			b[i] = dmapp_sheap_malloc(1u << 20);
		for (int i = 0; i < 7; i++)
			dmapp_sheap_free(b[order == 0 ? 6 - i : i]);
		p = dmapp_sheap_malloc(7u << 20);
		RT_EXPECT_TRUE(p != NULL, cl);
		dmapp_sheap_free(p);
	}
	b[0] = dmapp_sheap_malloc(1u << 20);
	b[1] = dmapp_sheap_malloc(6u << 20);
	RT_REQUIRE_TRUE(b[0] != NULL && b[1] != NULL, "DMAPP-5.3.67-allocates");
	dmapp_sheap_free(b[0]);
	b[0] = dmapp_sheap_malloc(1u << 20);	/* the hole, exactly */
	RT_REQUIRE_TRUE(b[0] != NULL, "DMAPP-5.3.67-allocates");
	dmapp_sheap_free(b[1]);
	dmapp_sheap_free(b[0]);
	p = dmapp_sheap_malloc(7u << 20);
	RT_EXPECT_TRUE(p != NULL, cl);
	dmapp_sheap_free(p);
	p = dmapp_sheap_malloc(4u << 20);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.67-allocates");
	p = dmapp_sheap_realloc(p, 1u << 20);
	RT_REQUIRE_TRUE(p != NULL, "DMAPP-5.3.68-shrink-preserves");
	dmapp_sheap_free(p);
	RT_EXPECT_TRUE(dmapp_sheap_malloc(7u << 20) != NULL, cl);
	dt_end();
}

static void free_robust(int what, const char *cl)
{
	char stack[64];
	char *p;

	dt_start();
	p = dmapp_sheap_malloc(256);
	if (what == 0)
		dmapp_sheap_free(NULL);
	else if (what == 1) {
		dmapp_sheap_free(stack);
		dmapp_sheap_free(p + 8);
	} else {
		dmapp_sheap_free(p);
		dmapp_sheap_free(p);
	}
	RT_EXPECT_TRUE(dmapp_sheap_malloc(128) != NULL, cl);
	dt_end();
}

RT_TEST_ATTRS(f_null, "dmapp.sheap_free.param.null", "DMAPP-5.3.69-null", "tier=robustness")
{
	free_robust(0, "DMAPP-5.3.69-null");
}

RT_TEST_ATTRS(f_foreign, "dmapp.sheap_free.param.foreign", "DMAPP-5.3.69-foreign", "tier=robustness")
{
	free_robust(1, "DMAPP-5.3.69-foreign");
}

RT_TEST_ATTRS(f_double, "dmapp.sheap_free.param.double_free", "DMAPP-5.3.69-double-free", "tier=robustness")
{
	free_robust(2, "DMAPP-5.3.69-double-free");
}

/* ---- dmapp_mem_register / unregister / segdesc_compare ---- */

RT_TEST(g_heap, "dmapp.mem_register.return.success_private_heap",
	"DMAPP-5.3.70-success-private-heap,DMAPP-5.3.70-seg-desc-updated,DMAPP-5.3.71-success")
{
	char *b = malloc(1000);
	dmapp_seg_desc_t s;

	dt_start();
	RT_EXPECT_EQ_INT(dmapp_mem_register(b, 1000, &s), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.70-success-private-heap");
	RT_EXPECT_TRUE((char *)s.addr <= b && (char *)s.addr + s.len >= b + 1000,
		       "DMAPP-5.3.70-seg-desc-updated");
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s), DMAPP_RC_SUCCESS, "DMAPP-5.3.71-success");
	dt_end();
	free(b);
}

RT_TEST(g_mmap, "dmapp.mem_register.return.success_mmap",
	"DMAPP-5.3.70-success-mmap,DMAPP-5.3.70-unaligned-region")
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, (size_t)pg * 5, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	dmapp_seg_desc_t s;
	char *a = m + 13;
	size_t len = (size_t)pg * 3 + 5;

	dt_start();
	RT_EXPECT_EQ_INT(dmapp_mem_register(a, len, &s), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-success-mmap");
	RT_EXPECT_TRUE((char *)s.addr <= a && (char *)s.addr + s.len >= a + len,
		       "DMAPP-5.3.70-unaligned-region");
	dmapp_mem_unregister(&s);
	dt_end();
}

static void reg_param(int what, const char *cl)
{
	char b[64];
	dmapp_seg_desc_t s;

	dt_start();
	if (what == 0)
		RT_EXPECT_EQ_INT(dmapp_mem_register(NULL, 64, &s), DMAPP_RC_INVALID_PARAM, cl);
	else if (what == 1)
		RT_EXPECT_EQ_INT(dmapp_mem_register(b, 0, &s), DMAPP_RC_INVALID_PARAM, cl);
	else
		RT_EXPECT_EQ_INT(dmapp_mem_register(b, 64, NULL), DMAPP_RC_INVALID_PARAM, cl);
	dt_end();
}

RT_TEST(g_null_addr, "dmapp.mem_register.param.null_addr", "DMAPP-5.3.70-null-addr") { reg_param(0, "DMAPP-5.3.70-null-addr"); }
RT_TEST(g_zero_len, "dmapp.mem_register.param.zero_length", "DMAPP-5.3.70-zero-length") { reg_param(1, "DMAPP-5.3.70-zero-length"); }
RT_TEST(g_null_seg, "dmapp.mem_register.param.null_seg_desc", "DMAPP-5.3.70-null-seg-desc") { reg_param(2, "DMAPP-5.3.70-null-seg-desc"); }

RT_TEST(g_unmapped, "dmapp.mem_register.resource.unmapped", "DMAPP-5.3.70-resource-error-unmapped")
{
	long pg = sysconf(_SC_PAGESIZE);
	char *m = mmap(NULL, (size_t)pg * 4, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	dmapp_seg_desc_t s;

	munmap(m, (size_t)pg * 4);
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_mem_register(m, (size_t)pg * 4, &s), DMAPP_RC_RESOURCE_ERROR,
			 "DMAPP-5.3.70-resource-error-unmapped");
	dt_end();
}

RT_TEST_ATTRS(g_fault, "dmapp.mem_register.fault.resource_error",
	      "DMAPP-5.3.70-resource-error-injected", "needs=faults")
{
	char *b = malloc(4096);
	dmapp_seg_desc_t s;

	dt_start();
	dt_control(RDMACTS_TC_LIMIT_MDD, 0);
	RT_EXPECT_EQ_INT(dmapp_mem_register(b, 4096, &s), DMAPP_RC_RESOURCE_ERROR,
			 "DMAPP-5.3.70-resource-error-injected");
	dt_control(RDMACTS_TC_RESET, 0);
	dt_end();
	free(b);
}

RT_TEST(g_input, "dmapp.mem_register.param.input_contents_ignored", "DMAPP-5.3.70-input-contents-ignored")
{
	char *b = malloc(512);
	dmapp_seg_desc_t s;
	uint64_t v = 5;

	dt_start();
	dt_garbage(&s, sizeof s, 3);
	RT_EXPECT_EQ_INT(dmapp_mem_register(b, 512, &s), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.70-input-contents-ignored");
	RT_EXPECT_TRUE((char *)s.addr <= b && (char *)s.addr + s.len >= b + 512,
		       "DMAPP-5.3.70-input-contents-ignored");
	RT_EXPECT_EQ_INT(dmapp_put(b, &s, 0, &v, 1, DMAPP_QW), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.70-input-contents-ignored");
	dt_end();
	free(b);
}

RT_TEST(g_overlap, "dmapp.mem_register.state.overlapping",
	"DMAPP-5.3.70-overlapping,DMAPP-5.3.72-overlapping-registrations")
{
	char *b = malloc(4096);
	dmapp_seg_desc_t s1, s2;
	uint64_t v = 9;
	int flag = -1;

	dt_start();
	RT_REQUIRE_EQ_INT(dmapp_mem_register(b, 4096, &s1), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-overlapping");
	RT_REQUIRE_EQ_INT(dmapp_mem_register(b + 1024, 1024, &s2), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-overlapping");
	RT_EXPECT_EQ_INT(dmapp_segdesc_compare(&s1, &s2, &flag), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.72-overlapping-registrations");
	RT_EXPECT_EQ_INT(flag, 0, "DMAPP-5.3.72-overlapping-registrations");
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s1), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-overlapping");
	RT_EXPECT_EQ_INT(dmapp_put(b + 1024, &s2, 0, &v, 1, DMAPP_QW), DMAPP_RC_SUCCESS,
			 "DMAPP-5.3.70-overlapping");
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s2), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-overlapping");
	dt_end();
	free(b);
}

RT_TEST_ATTRS(g_many, "dmapp.mem_register.resource.many_regions", "DMAPP-5.3.70-many-regions", "np=2")
{
	enum { R = 64 };
	struct { uint64_t *addr; dmapp_seg_desc_t seg; } mine[R], *all;
	int bad = 0;

	dt_start();
	all = calloc(2 * R, sizeof mine[0]);
	for (int i = 0; i < R; i++) {
		mine[i].addr = calloc(8, 8);
		if (dmapp_mem_register(mine[i].addr, 64, &mine[i].seg) != DMAPP_RC_SUCCESS)
			bad++;
	}
	RT_EXPECT_EQ_INT(bad, 0, "DMAPP-5.3.70-many-regions");
	dt_allgather(mine, all, sizeof mine);
	for (int i = 0; i < R; i++) {
		uint64_t v = 100 + (uint64_t)i;
		int peer = dt_peer(1);
		if (dmapp_put(all[peer * R + i].addr, &all[peer * R + i].seg, peer, &v, 1,
			      DMAPP_QW) != DMAPP_RC_SUCCESS)
			bad++;
	}
	dt_barrier();
	for (int i = 0; i < R; i++)
		bad += mine[i].addr[0] != 100 + (uint64_t)i;
	RT_EXPECT_EQ_INT(bad, 0, "DMAPP-5.3.70-many-regions");
	dt_end();
}

RT_TEST_ATTRS(g_in_sheap, "dmapp.mem_register.param.inside_sheap", "DMAPP-5.3.70-inside-sheap", "tier=robustness")
{
	dmapp_seg_desc_t s;
	char *p;
	dmapp_return_t rc;

	dt_start();
	p = dmapp_sheap_malloc(4096);
	rc = dmapp_mem_register(p, 4096, &s);
	RT_EXPECT_RC_IN(rc, "DMAPP-5.3.70-inside-sheap", DMAPP_RC_SUCCESS, DMAPP_RC_INVALID_PARAM);
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_mem_unregister(&s);
	dt_end();
}

RT_TEST_ATTRS(g_absurd, "dmapp.mem_register.param.absurd_length", "DMAPP-5.3.70-absurd-length", "tier=robustness")
{
	char b[64];
	dmapp_seg_desc_t s;

	dt_start();
	RT_EXPECT_RC_IN(dmapp_mem_register(b, UINT64_MAX, &s), "DMAPP-5.3.70-absurd-length",
			DMAPP_RC_INVALID_PARAM, DMAPP_RC_RESOURCE_ERROR);
	dt_end();
}

/* PE 1 registers a private buffer at an address only it knows; PE 0
 * uses the address and descriptor PE 1 sent: PUT, GET, AMO. */
RT_TEST_ATTRS(g_remote, "dmapp.mem_register.data.remotely_accessible",
	      "DMAPP-5.3.70-remotely-accessible,DMAPP-4.8-non-symmetric-remote-address,DMAPP-4.9.2-remote-seg-desc-used,DMAPP-5.2.1-seg-desc-byte-copy,DMAPP-5.3.70-non-symmetric",
	      "np=2")
{
	struct { uint64_t *addr; dmapp_seg_desc_t seg; } mine, all[2];
	uint64_t src[8] = { 1, 2, 3, 4, 5, 6, 7, 8 }, got[8], old = 0;
	const char *cl = "DMAPP-5.3.70-remotely-accessible";

	dt_start();
	/* different sizes first, so the addresses differ between PEs */
	free(malloc(4096 * (size_t)(dt_pe + 1)));
	mine.addr = calloc(16, 8);
	RT_REQUIRE_EQ_INT(dmapp_mem_register(mine.addr, 128, &mine.seg), DMAPP_RC_SUCCESS, cl);
	dt_allgather(&mine, all, sizeof mine);
	if (dt_pe == 0) {
		dmapp_seg_desc_t copy;
		memcpy(&copy, &all[1].seg, sizeof copy);	/* a byte copy */
		RT_EXPECT_EQ_INT(dmapp_put(all[1].addr, &copy, 1, src, 8, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_get(got, all[1].addr, &copy, 1, 8, DMAPP_QW), DMAPP_RC_SUCCESS,
				 "DMAPP-4.9.2-remote-seg-desc-used");
		RT_EXPECT_MEM_EQ(got, src, sizeof src, "DMAPP-5.2.1-seg-desc-byte-copy");
		RT_EXPECT_EQ_INT(dmapp_afadd_qw(&old, all[1].addr + 8, &copy, 1, 5), DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();
	if (dt_pe == 1) {
		RT_EXPECT_MEM_EQ(mine.addr, src, sizeof src, "DMAPP-4.8-non-symmetric-remote-address");
		RT_EXPECT_EQ_U64(mine.addr[8], 5, "DMAPP-5.3.70-non-symmetric");
	} else {
		RT_EXPECT_EQ_U64(old, 0, cl);
	}
	dt_end();
}

/*
 * A GET whose target lies in memory DMAPP has registered (the caller's
 * own symmetric heap block, a region of dmapp_mem_register) at any
 * alignment writes exactly the bytes asked for: byte and DW elements at
 * odd target and source offsets, the bytes beside the target untouched
 * (2 PEs; PE 0 reads PE 1's block).
 */
RT_TEST_ATTRS(g_get_into_registered, "dmapp.get.alignment.target_in_registered_memory",
	      "DMAPP-5.3.11-get-byte-odd-addresses,DMAPP-5.3.11-get-unaligned,DMAPP-5.3.70-success-private-heap",
	      "np=2")
{
	enum { LEN = 256 };
	static const struct { int toff, soff; uint64_t n; dmapp_type_t t; } req[] = {
		{ 3, 5, 37, DMAPP_BYTE }, { 1, 0, 1, DMAPP_BYTE }, { 0, 2, 6, DMAPP_BYTE },
		{ 2, 2, 8, DMAPP_BYTE }, { 1, 1, 5, DMAPP_DW }, { 6, 3, 2, DMAPP_DW },
	};
	uint8_t *blk = NULL, *priv = NULL;
	dmapp_seg_desc_t reg;
	const char *cl = "DMAPP-5.3.11-get-byte-odd-addresses";

	dt_start();
	dt_need_pes(2);
	blk = dmapp_sheap_malloc(2 * LEN);
	priv = malloc(LEN);
	RT_REQUIRE_TRUE(blk != NULL && priv != NULL, "DMAPP-5.3.67-allocates");
	RT_REQUIRE_EQ_INT(dmapp_mem_register(priv, LEN, &reg), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.70-success-private-heap");
	dt_fill(blk, 2 * LEN, dt_pe, 3);	/* PE 1's second half is the source */
	dt_barrier();
	if (dt_pe == 0) {
		uint8_t *src = blk + LEN;	/* PE 1's block, by symmetry */

		for (size_t k = 0; k < sizeof req / sizeof req[0]; k++)
			for (int where = 0; where < 2; where++) {
				uint8_t *dst = where ? priv : blk;
				size_t bytes = req[k].n * (req[k].t == DMAPP_DW ? 4 : 1);
				uint8_t before[LEN], after[LEN], image[2 * LEN];

				memset(dst, 0xc5, LEN);
				memcpy(before, dst, LEN);
				dt_fill(image, 2 * LEN, 1, 3);
				RT_EXPECT_EQ_INT(dmapp_get(dst + req[k].toff, src + req[k].soff,
							   &dt_job.sheap_seg, 1, req[k].n, req[k].t),
						 DMAPP_RC_SUCCESS, req[k].t == DMAPP_DW ?
						 "DMAPP-5.3.11-get-unaligned" : cl);
				memcpy(after, before, LEN);
				memcpy(after + req[k].toff, image + LEN + req[k].soff, bytes);
				if (memcmp(dst, after, LEN) != 0)
					RT_FAIL(cl, "exactly the bytes asked for",
						"other bytes", "target in %s at offset %d, source "
						"offset %d, %llu element(s) of %zu byte(s)",
						where ? "a dmapp_mem_register region" :
						"the symmetric heap", req[k].toff, req[k].soff,
						(unsigned long long)req[k].n, bytes / req[k].n);
				else
					RT_EXPECT_TRUE(true, cl);
			}
	}
	dt_barrier();
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&reg), DMAPP_RC_SUCCESS, "DMAPP-5.3.71-success");
	free(priv);
	dt_end();
}

/*
 * A GET of more than 1 GiB within the caller's own heap (nelems is a
 * uint64_t): one QW every MiB of the source, and its last QW, carry a
 * value of their own (the rest stays zero), and every one of them
 * arrives.  A heap of 2060M holds the two blocks.  Both become resident
 * in full: the reference's heap is a shared memory file, whose untouched
 * pages are allocated when read (no zero page), so about 2060 MiB,
 * declared so that the harness keeps the run within its memory budget
 * (harness/memory.py).
 */
RT_TEST_ATTRS(g_get_huge, "dmapp.get.data.more_than_1gib",
	"DMAPP-5.3.11-get-data-huge,DMAPP-5.3.11-get-self-target", "memory=2150")
{
	const uint64_t n = (1ull << 27) + 512, step = (1u << 20) / 8;
	const char *cl = "DMAPP-5.3.11-get-data-huge";
	uint64_t *src, *dst, bad = 0, first_bad = 0;

	dt_start_with(DMAPP_DEF_OUTSTANDING_NB, "2060M");
	src = dmapp_sheap_malloc(n * 8);
	dst = dmapp_sheap_malloc(n * 8);
	RT_REQUIRE_TRUE(src != NULL && dst != NULL, "DMAPP-5.3.67-allocates");
	for (uint64_t i = 0; i < n; i += step)
		src[i] = 0x9e00000000000000ull + i;
	src[n - 1] = 0x9eff;
	RT_REQUIRE_EQ_INT(dmapp_get(dst, src, &dt_job.sheap_seg, dt_pe, n, DMAPP_QW),
			  DMAPP_RC_SUCCESS, cl);
	for (uint64_t i = 0; i < n; i += step)
		if (dst[i] != src[i] && bad++ == 0)
			first_bad = i;
	if (dst[n - 1] != src[n - 1] && bad++ == 0)
		first_bad = n - 1;
	if (bad)
		RT_FAIL(cl, "every element", "missing elements", "%llu of the sampled "
			"elements differ, the first at element %llu",
			(unsigned long long)bad, (unsigned long long)first_bad);
	else
		RT_EXPECT_TRUE(true, cl);
	dt_end();
}

/* Strided elements whose last one ends on the heap segment's last byte:
 * four QWs two apart, PUT there and read back with dmapp_iget. */
RT_TEST(g_stride_end, "dmapp.iput.segment.last_element_at_segment_end",
	"DMAPP-5.3.14-iput-last-element-at-segment-end,DMAPP-5.3.17-iget-data-qw")
{
	const char *cl = "DMAPP-5.3.14-iput-last-element-at-segment-end";
	uint64_t src[4] = { 0x51, 0x52, 0x53, 0x54 }, back[4] = { 0, 0, 0, 0 };
	uint64_t *end, *tgt;

	dt_start();
	end = (uint64_t *)((char *)dt_job.sheap_seg.addr + dt_job.sheap_seg.len);
	tgt = end - (3 * 2 + 1);	/* elements 0, 2, 4, 6: the last is end[-1] */
	RT_REQUIRE_EQ_INT(dmapp_iput(tgt, &dt_job.sheap_seg, dt_pe, src, 2, 1, 4, DMAPP_QW),
			  DMAPP_RC_SUCCESS, cl);
	for (int i = 0; i < 4; i++)
		RT_EXPECT_EQ_U64(tgt[2 * i], src[i], cl);
	RT_EXPECT_EQ_INT(dmapp_iget(back, tgt, &dt_job.sheap_seg, dt_pe, 1, 2, 4, DMAPP_QW),
			 DMAPP_RC_SUCCESS, "DMAPP-5.3.17-iget-data-qw");
	RT_EXPECT_MEM_EQ(back, src, sizeof src, "DMAPP-5.3.17-iget-data-qw");
	dt_end();
}

RT_TEST(g_p2p_only, "dmapp.mem_register.param.point_to_point_only", "DMAPP-5.3.70-point-to-point-only")
{
	uint64_t *b = calloc(8, 8), src[2] = { 1, 2 };
	dmapp_seg_desc_t s;
	dmapp_pe_t me = 0;

	dt_start();
	RT_REQUIRE_EQ_INT(dmapp_mem_register(b, 64, &s), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-point-to-point-only");
	RT_EXPECT_RC_IN(dmapp_put_ixpe(b, &s, &me, 1, src, 2, DMAPP_QW), "DMAPP-5.3.70-point-to-point-only",
			DMAPP_RC_INVALID_PARAM, DMAPP_RC_TRANSACTION_ERROR);
	RT_EXPECT_RC_IN(dmapp_gather_ixpe(src, b, &s, &me, 1, 2, DMAPP_QW), "DMAPP-5.3.70-point-to-point-only",
			DMAPP_RC_INVALID_PARAM, DMAPP_RC_TRANSACTION_ERROR);
	RT_EXPECT_EQ_U64(b[0], 0, "DMAPP-5.3.70-point-to-point-only");
	dt_end();
}

RT_TEST_ATTRS(u_gone, "dmapp.mem_unregister.state.no_longer_accessible",
	      "DMAPP-5.3.71-no-longer-accessible,DMAPP-4.8-exported-at-startup", "np=2")
{
	struct { uint64_t *addr; dmapp_seg_desc_t seg; } mine, all[2];
	uint64_t v = 77;
	static uint64_t priv[8];

	dt_start();
	mine.addr = calloc(8, 8);
	RT_REQUIRE_EQ_INT(dmapp_mem_register(mine.addr, 64, &mine.seg), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.70-success-private-heap");
	dt_allgather(&mine, all, sizeof mine);
	dmapp_mem_unregister(&mine.seg);
	dt_barrier();
	if (dt_pe == 0) {
		RT_EXPECT_RC_IN(dmapp_put(all[1].addr, &all[1].seg, 1, &v, 1, DMAPP_QW),
				"DMAPP-5.3.71-no-longer-accessible", DMAPP_RC_INVALID_PARAM,
				DMAPP_RC_TRANSACTION_ERROR, DMAPP_RC_PERMISSION_ERROR);
		/* memory never exported: a made-up descriptor of private memory */
		dmapp_seg_desc_t fake = all[1].seg;
		fake.addr = priv;
		RT_EXPECT_RC_IN(dmapp_put(priv, &fake, 1, &v, 1, DMAPP_QW),
				"DMAPP-4.8-exported-at-startup", DMAPP_RC_INVALID_PARAM,
				DMAPP_RC_TRANSACTION_ERROR, DMAPP_RC_PERMISSION_ERROR);
	}
	dt_barrier();
	if (dt_pe == 1) {
		RT_EXPECT_EQ_U64(mine.addr[0], 0, "DMAPP-5.3.71-no-longer-accessible");
		RT_EXPECT_EQ_U64(priv[0], 0, "DMAPP-4.8-exported-at-startup");
	}
	dt_end();
}

RT_TEST_ATTRS(u_again, "dmapp.mem_unregister.state.reregister", "DMAPP-5.3.71-reregister", "np=2")
{
	struct { uint64_t *addr; dmapp_seg_desc_t seg; } mine, all[2];
	uint64_t v = 55;

	dt_start();
	mine.addr = calloc(8, 8);
	dmapp_mem_register(mine.addr, 64, &mine.seg);
	dmapp_mem_unregister(&mine.seg);
	RT_REQUIRE_EQ_INT(dmapp_mem_register(mine.addr, 64, &mine.seg), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.71-reregister");
	dt_allgather(&mine, all, sizeof mine);
	if (dt_pe == 0)
		RT_EXPECT_EQ_INT(dmapp_put(all[1].addr, &all[1].seg, 1, &v, 1, DMAPP_QW),
				 DMAPP_RC_SUCCESS, "DMAPP-5.3.71-reregister");
	dt_barrier();
	if (dt_pe == 1)
		RT_EXPECT_EQ_U64(mine.addr[0], 55, "DMAPP-5.3.71-reregister");
	dt_end();
}

static void unreg_bad(int what, const char *cl)
{
	dmapp_seg_desc_t s, copy;
	uint64_t v = 1, *w;
	char *b = malloc(64);

	dt_start();
	w = dmapp_sheap_malloc(64);
	switch (what) {
	case 0: copy = dt_job.data_seg; RT_EXPECT_EQ_INT(dmapp_mem_unregister(&copy), DMAPP_RC_INVALID_PARAM, cl); break;
	case 1:
		copy = dt_job.sheap_seg;
		RT_EXPECT_EQ_INT(dmapp_mem_unregister(&copy), DMAPP_RC_INVALID_PARAM, cl);
		RT_EXPECT_EQ_INT(dmapp_put(w, &dt_job.sheap_seg, 0, &v, 1, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		break;
	case 2: RT_EXPECT_EQ_INT(dmapp_mem_unregister(NULL), DMAPP_RC_INVALID_PARAM, cl); break;
	case 3: memset(&s, 0, sizeof s); RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s), DMAPP_RC_INVALID_PARAM, cl); break;
	case 4:
		dmapp_mem_register(b, 64, &s);
		dmapp_mem_unregister(&s);
		RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s), DMAPP_RC_INVALID_PARAM, cl);
		break;
	case 6:		/* NULL while a registration is live: refused, it stays */
		RT_REQUIRE_EQ_INT(dmapp_mem_register(b, 64, &s), DMAPP_RC_SUCCESS, "DMAPP-5.3.70-success-private-heap");
		RT_EXPECT_EQ_INT(dmapp_mem_unregister(NULL), DMAPP_RC_INVALID_PARAM, cl);
		RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s), DMAPP_RC_SUCCESS, "DMAPP-5.3.71-success");
		break;
	default: dt_garbage(&s, sizeof s, 5); RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s), DMAPP_RC_INVALID_PARAM, cl); break;
	}
	dt_end();
	free(b);
}

RT_TEST(u_data, "dmapp.mem_unregister.param.data_seg", "DMAPP-5.3.71-data-seg") { unreg_bad(0, "DMAPP-5.3.71-data-seg"); }
RT_TEST(u_sheap, "dmapp.mem_unregister.param.sheap_seg", "DMAPP-5.3.71-sheap-seg") { unreg_bad(1, "DMAPP-5.3.71-sheap-seg"); }
RT_TEST(u_null, "dmapp.mem_unregister.param.null", "DMAPP-5.3.71-null") { unreg_bad(2, "DMAPP-5.3.71-null"); }
RT_TEST(u_null_live, "dmapp.mem_unregister.param.null_with_live_registration", "DMAPP-5.3.71-null,DMAPP-5.3.70-success-private-heap,DMAPP-5.3.71-success") { unreg_bad(6, "DMAPP-5.3.71-null"); }
RT_TEST(u_never, "dmapp.mem_unregister.param.never_registered", "DMAPP-5.3.71-never-registered") { unreg_bad(3, "DMAPP-5.3.71-never-registered"); }
RT_TEST_ATTRS(u_twice, "dmapp.mem_unregister.param.twice", "DMAPP-5.3.71-twice", "tier=robustness") { unreg_bad(4, "DMAPP-5.3.71-twice"); }
RT_TEST_ATTRS(u_garbage, "dmapp.mem_unregister.param.garbage", "DMAPP-5.3.71-garbage", "tier=robustness") { unreg_bad(5, "DMAPP-5.3.71-garbage"); }

RT_TEST_ATTRS(u_outstanding, "dmapp.mem_unregister.state.with_outstanding",
	      "DMAPP-5.3.71-with-outstanding", "tier=robustness")
{
	uint64_t *b = calloc(64, 8), src[64] = { 0 };
	dmapp_seg_desc_t s;

	dt_start();
	dmapp_mem_register(b, 512, &s);
	for (int i = 0; i < 8; i++)
		dmapp_put_nbi(b, &s, 0, src, 64, DMAPP_QW);
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&s), DMAPP_RC_SUCCESS, "DMAPP-5.3.71-with-outstanding");
	RT_EXPECT_RC_IN(dmapp_gsync_wait(), "DMAPP-5.3.71-with-outstanding", DMAPP_RC_SUCCESS,
			DMAPP_RC_TRANSACTION_ERROR);
	dt_end();
}

RT_TEST(c_same, "dmapp.segdesc_compare.data.same_region",
	"DMAPP-5.3.72-same-region,DMAPP-5.3.72-symmetric-relation,DMAPP-5.3.72-seg-desc2-not-written")
{
	dmapp_seg_desc_t d = dt_job.data_seg, r, rc2, before;
	dmapp_jobinfo_t j2;
	int f = 0, g = 0;
	char *b = malloc(256);

	dt_start();
	d = dt_job.data_seg;
	dmapp_get_jobinfo(&j2);
	RT_EXPECT_EQ_INT(dmapp_segdesc_compare(&dt_job.data_seg, &d, &f), DMAPP_RC_SUCCESS, "DMAPP-5.3.72-same-region");
	RT_EXPECT_EQ_INT(f, 1, "DMAPP-5.3.72-same-region");
	f = 0;
	dmapp_segdesc_compare(&dt_job.sheap_seg, &j2.sheap_seg, &f);
	RT_EXPECT_EQ_INT(f, 1, "DMAPP-5.3.72-same-region");
	dmapp_mem_register(b, 256, &r);
	rc2 = r;
	before = rc2;
	f = 0;
	dmapp_segdesc_compare(&r, &rc2, &f);
	RT_EXPECT_EQ_INT(f, 1, "DMAPP-5.3.72-same-region");
	RT_EXPECT_MEM_EQ(&rc2, &before, sizeof rc2, "DMAPP-5.3.72-seg-desc2-not-written");
	dmapp_segdesc_compare(&dt_job.sheap_seg, &r, &f);
	dmapp_segdesc_compare(&r, &dt_job.sheap_seg, &g);
	RT_EXPECT_EQ_INT(f, g, "DMAPP-5.3.72-symmetric-relation");
	dt_end();
	free(b);
}

RT_TEST(c_diff, "dmapp.segdesc_compare.data.different_regions",
	"DMAPP-5.3.72-different-regions,DMAPP-5.3.72-flag-is-output")
{
	dmapp_seg_desc_t r1, r2, d;
	char *a = malloc(256), *b = malloc(256);
	int f = 1;

	dt_start();
	dmapp_mem_register(a, 256, &r1);
	dmapp_mem_register(b, 256, &r2);
	RT_EXPECT_EQ_INT(dmapp_segdesc_compare(&r1, &r2, &f), DMAPP_RC_SUCCESS, "DMAPP-5.3.72-different-regions");
	RT_EXPECT_EQ_INT(f, 0, "DMAPP-5.3.72-different-regions");
	f = 1;
	dmapp_segdesc_compare(&dt_job.data_seg, &dt_job.sheap_seg, &f);
	RT_EXPECT_EQ_INT(f, 0, "DMAPP-5.3.72-flag-is-output");
	f = 7;
	d = dt_job.sheap_seg;
	dmapp_segdesc_compare(&dt_job.sheap_seg, &d, &f);
	RT_EXPECT_EQ_INT(f, 1, "DMAPP-5.3.72-flag-is-output");
	dt_end();
	free(a);
	free(b);
}

RT_TEST(c_internal, "dmapp.segdesc_compare.data.ignores_internal_fields", "DMAPP-5.3.72-ignores-internal-fields")
{
	dmapp_seg_desc_t d;
	int f = 0;

	dt_start();
	d = dt_job.sheap_seg;
	d.flags ^= 0x5a;
	d.reserved = &d;
	dmapp_segdesc_compare(&dt_job.sheap_seg, &d, &f);
	RT_EXPECT_EQ_INT(f, 1, "DMAPP-5.3.72-ignores-internal-fields");
	dt_end();
}

static void cmp_null(int what, const char *cl)
{
	int f;

	dt_start();
	RT_EXPECT_EQ_INT(dmapp_segdesc_compare(what == 0 ? NULL : &dt_job.sheap_seg,
					       what == 1 ? NULL : &dt_job.sheap_seg,
					       what == 2 ? NULL : &f),
			 DMAPP_RC_INVALID_PARAM, cl);
	dt_end();
}

RT_TEST(c_n1, "dmapp.segdesc_compare.param.null_seg_desc1", "DMAPP-5.3.72-null-seg-desc1") { cmp_null(0, "DMAPP-5.3.72-null-seg-desc1"); }
RT_TEST(c_n2, "dmapp.segdesc_compare.param.null_seg_desc2", "DMAPP-5.3.72-null-seg-desc2") { cmp_null(1, "DMAPP-5.3.72-null-seg-desc2"); }
RT_TEST(c_nf, "dmapp.segdesc_compare.param.null_flag", "DMAPP-5.3.72-null-flag") { cmp_null(2, "DMAPP-5.3.72-null-flag"); }

/* A size at the very top of the 64-bit range: SIZE_MAX bytes are more
 * than the node can map, so the heap cannot be created (5.3.1.3). */
RT_TEST(m_size_max_env, "dmapp.init.resource.heap_size_max",
	"DMAPP-5.3.1-resource-error-heap")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "18446744073709551615", 1);
	rc = dmapp_init(&a, &act);
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_RESOURCE_ERROR, "DMAPP-5.3.1-resource-error-heap");
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_finalize();
	unsetenv("XT_SYMMETRIC_HEAP_SIZE");
}

/* A number of more than 64 bits is not a size either. */
RT_TEST_ATTRS(m_overflow_env, "dmapp.init.param.heap_size_overflows",
	      "DMAPP-5.4.1-garbage-value", "tier=robustness")
{
	dmapp_rma_attrs_t a = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	dmapp_return_t rc;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "999999999999999999999999", 1);
	rc = dmapp_init(&a, &act);
	RT_EXPECT_RC_IN(rc, "DMAPP-5.4.1-garbage-value", DMAPP_RC_INVALID_PARAM,
			DMAPP_RC_RESOURCE_ERROR, DMAPP_RC_SUCCESS);
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_finalize();
	unsetenv("XT_SYMMETRIC_HEAP_SIZE");
}
