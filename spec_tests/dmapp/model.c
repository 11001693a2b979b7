/*
 * model.c: the programming model of chapter 4 and the type sizes of
 * 5.1.1: forked children (4.2), concurrency (4.3), PEs on one node
 * (4.5), symmetric data, visibility and passive targets (4.8), local
 * buffers, zero-length GETs, PE-strided calls and AMOs (4.9.2).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dt.h"

#define BLK (64 * 1024)

static uint8_t *block(void)
{
	uint8_t *b = dmapp_sheap_malloc(BLK);

	RT_REQUIRE_TRUE(b != NULL, "DMAPP-5.3.67-allocates");
	dt_fill(b, BLK, dt_pe, 2);
	return b;
}

static bool holds_pattern(const uint8_t *p, size_t n, int who, size_t off,
			  int salt)
{
	for (size_t i = 0; i < n; i++)
		if (p[i] != dt_pat(who, off + i, salt))
			return false;
	return true;
}

/* The qword of PE who's block at off, before any request touched it. */
static uint64_t word_of(int who, size_t off)
{
	uint8_t b[8];
	uint64_t w;

	for (int i = 0; i < 8; i++)
		b[i] = dt_pat(who, off + (size_t)i, 2);
	memcpy(&w, b, 8);
	return w;
}

/* ------------------------------------------------------------------ */
/* 4.2 fork                                                           */
/* ------------------------------------------------------------------ */

/* Run child() in a forked child; its exit status (-1: no normal exit). */
static int in_child(int (*child)(void *), void *arg)
{
	pid_t pid;
	int st;

	fflush(stdout);
	pid = fork();
	if (pid == 0)
		_exit(child(arg));
	if (pid < 0)
		rt_unsupported("fork failed");
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static int child_jobinfo(void *arg)
{
	dmapp_jobinfo_t j;

	(void)arg;
	if (dmapp_get_jobinfo(&j) != DMAPP_RC_SUCCESS)
		return 2;
	return j.pe == dt_job.pe && j.npes == dt_job.npes ? 0 : 1;
}

RT_TEST_ATTRS(fork_pe, "dmapp.get_jobinfo.state.fork_child_not_new_pe",
	      "DMAPP-4.2-fork-child-not-new-pe", "np=2")
{
	const char *cl = "DMAPP-4.2-fork-child-not-new-pe";
	dmapp_jobinfo_t j;

	dt_start();
	/* 0: the child's pe and npes are the parent's; 1: they differ;
	 * 2: dmapp_get_jobinfo failed in the child */
	RT_EXPECT_EQ_INT(in_child(child_jobinfo, NULL), 0, cl);
	dt_barrier();
	RT_EXPECT_EQ_INT(dmapp_get_jobinfo(&j), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(j.npes, dt_npes, cl);
	RT_EXPECT_EQ_INT(j.pe, dt_pe, cl);
	dt_end();
}

/* The child reads the parent's value and stores its own. */
static int child_store(void *arg)
{
	uint64_t *p = arg;

	if (*p != 0x1111111111111111ull)
		return 1;
	*p = 0x2222222222222222ull;
	return 0;
}

static void fork_memory(uint64_t *p, const char *cl)
{
	*p = 0x1111111111111111ull;
	/* the child sees the memory as it was at fork */
	RT_EXPECT_EQ_INT(in_child(child_store, p), 0, cl);
	/* shared: the child's store; private (E-DMAPP-065): the parent's */
	RT_EXPECT_TRUE(*p == 0x2222222222222222ull ||
		       *p == 0x1111111111111111ull, cl);
}

RT_TEST_ATTRS(fork_sheap, "dmapp.sheap_malloc.data.fork_sheap_shared",
	      "DMAPP-4.2-fork-sheap-shared", "np=1")
{
	dt_start();
	fork_memory((uint64_t *)(void *)block(), "DMAPP-4.2-fork-sheap-shared");
	dt_end();
}

RT_TEST_ATTRS(fork_data, "dmapp.get_jobinfo.data.fork_data_seg_shared",
	      "DMAPP-4.2-fork-data-seg-shared", "np=1")
{
	dt_start();
	if (dt_job.data_seg.len == 0 || dt_job.data_seg.addr == NULL)
		rt_unsupported("data_seg.len == 0: the data segment is not "
			       "exported (E-DMAPP-062 reading)");
	fork_memory((uint64_t *)(void *)dt_static,
		    "DMAPP-4.2-fork-data-seg-shared");
	dt_end();
}

/* ------------------------------------------------------------------ */
/* 4.3 max_concurrency                                                */
/* ------------------------------------------------------------------ */

#define MAXTHREADS 8
#define THREAD_OPS 50

struct thr {
	uint8_t *blk;
	int t;
	int bad;
};

static void *thread_body(void *arg)
{
	struct thr *th = arg;
	size_t off = 4096 + 512 * (size_t)th->t;
	uint8_t got[64];
	dmapp_pe_t peer = (dmapp_pe_t)dt_peer(1);

	for (int i = 0; i < THREAD_OPS; i++) {
		if (dmapp_put(th->blk + off, &dt_job.sheap_seg, peer,
			      th->blk + off, 8, DMAPP_QW) != DMAPP_RC_SUCCESS)
			th->bad++;
		if (dmapp_get(got, th->blk + off + 256, &dt_job.sheap_seg, peer,
			      8, DMAPP_QW) != DMAPP_RC_SUCCESS ||
		    !holds_pattern(got, 64, (int)peer, off + 256, 2))
			th->bad++;
		if (dmapp_aadd_qw(th->blk, &dt_job.sheap_seg, peer, 1) !=
		    DMAPP_RC_SUCCESS)
			th->bad++;
	}
	return NULL;
}

RT_TEST_ATTRS(threads, "dmapp.init.state.max_concurrency_threads",
	      "DMAPP-4.3-max-concurrency-threads", "np=2")
{
	const char *cl = "DMAPP-4.3-max-concurrency-threads";
	dmapp_rma_attrs_t req = dt_attrs(DMAPP_DEF_OUTSTANDING_NB), act;
	struct thr th[MAXTHREADS];
	pthread_t tid[MAXTHREADS];
	uint8_t *blk;
	int n;

	req.max_concurrency = 4;
	setenv("XT_SYMMETRIC_HEAP_SIZE", DT_HEAP, 1);
	RT_REQUIRE_EQ_INT(dmapp_init(&req, &act), DMAPP_RC_SUCCESS, cl);
	RT_REQUIRE_EQ_INT(dmapp_get_jobinfo(&dt_job), DMAPP_RC_SUCCESS, cl);
	dt_pe = dt_job.pe;
	dt_npes = dt_job.npes;
	dt_need_pes(2);
	RT_EXPECT_TRUE(act.max_concurrency >= 1 && act.max_concurrency <= 4, cl);
	n = act.max_concurrency > MAXTHREADS ? MAXTHREADS : act.max_concurrency;
	blk = block();
	memset(blk, 0, 8);
	dt_barrier();
	for (int i = 0; i < n && n > 1; i++) {
		th[i] = (struct thr){ blk, i, 0 };
		if (pthread_create(&tid[i], NULL, thread_body, &th[i]) != 0)
			rt_unsupported("pthread_create failed");
	}
	for (int i = 0; i < n && n > 1; i++) {
		pthread_join(tid[i], NULL);
		RT_EXPECT_EQ_INT(th[i].bad, 0, cl);
	}
	dt_barrier();
	if (n > 1) {
		uint64_t w;
		memcpy(&w, blk, 8);
		RT_EXPECT_EQ_U64(w, (uint64_t)n * THREAD_OPS, cl);
		for (int i = 0; i < n; i++) {
			size_t off = 4096 + 512 * (size_t)i;
			RT_EXPECT_TRUE(holds_pattern(blk + off, 64, dt_peer(-1),
						     off, 2), cl);
		}
	}
	dt_end();
}

/* ------------------------------------------------------------------ */
/* 4.5, 4.8 data movement between PEs                                 */
/* ------------------------------------------------------------------ */

/* Two PEs of one node: PUT, GET and AMO deliver correct data. */
RT_TEST_ATTRS(intra, "dmapp.put.data.intra_node",
	      "DMAPP-4.5-intra-node-communication", "np=2")
{
	const char *cl = "DMAPP-4.5-intra-node-communication";
	uint8_t *blk, got[256];
	int64_t old = 0;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_EXPECT_EQ_INT(dmapp_put(blk, &dt_job.sheap_seg, 1, blk, 32,
					   DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_get(got, blk + 1024, &dt_job.sheap_seg,
					   1, 32, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(got, 256, 1, 1024, 2), cl);
		RT_EXPECT_EQ_INT(dmapp_afadd_qw(&old, blk + 2048,
						&dt_job.sheap_seg, 1, 3),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_U64((uint64_t)old, word_of(1, 2048), cl);
	}
	dt_barrier();
	if (dt_pe == 1) {
		uint64_t w;
		memcpy(&w, blk + 2048, 8);
		RT_EXPECT_TRUE(holds_pattern(blk, 256, 0, 0, 2), cl);
		RT_EXPECT_EQ_U64(w, word_of(1, 2048) + 3, cl);
	}
	dt_end();
}

/* PE 0 addresses PE 1's static object with its own address of it. */
RT_TEST_ATTRS(dataseg, "dmapp.put.data.data_seg_symmetric",
	      "DMAPP-4.8-data-seg-symmetric", "np=2")
{
	const char *cl = "DMAPP-4.8-data-seg-symmetric";
	uint8_t got[512];

	dt_start();
	dt_need_pes(2);
	if (dt_job.data_seg.len == 0 || dt_job.data_seg.addr == NULL)
		rt_unsupported("data_seg.len == 0: the data segment is not "
			       "exported (E-DMAPP-062 reading)");
	dt_fill(dt_static, 4096, dt_pe, 2);
	dt_barrier();
	if (dt_pe == 0) {
		RT_EXPECT_EQ_INT(dmapp_put(dt_static + 1024, &dt_job.data_seg,
					   1, dt_static + 1024, 64, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_get(got, dt_static + 2048,
					   &dt_job.data_seg, 1, 64, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(got, 512, 1, 2048, 2), cl);
	}
	dt_barrier();
	if (dt_pe == 1) {
		RT_EXPECT_TRUE(holds_pattern(dt_static + 1024, 512, 0, 1024, 2), cl);
		RT_EXPECT_TRUE(holds_pattern(dt_static + 1536, 512, 1, 1536, 2), cl);
	}
	dt_end();
}

/* A blocking PUT is globally visible when it returns: a third PE's GET
 * right after sees it (3 PEs). */
RT_TEST_ATTRS(visible, "dmapp.put.ordering.blocking_globally_visible",
	      "DMAPP-4.8-blocking-globally-visible", "np=3")
{
	const char *cl = "DMAPP-4.8-blocking-globally-visible";
	uint8_t *blk, got[512];

	dt_start();
	dt_need_pes(3);
	blk = block();
	dt_barrier();
	if (dt_pe == 0)
		RT_EXPECT_EQ_INT(dmapp_put(blk + 512, &dt_job.sheap_seg, 1,
					   blk + 512, 64, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
	dt_barrier();
	if (dt_pe == 2) {
		RT_EXPECT_EQ_INT(dmapp_get(got, blk + 512, &dt_job.sheap_seg, 1,
					   64, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(got, 512, 0, 512, 2), cl);
	} else {
		RT_EXPECT_TRUE(true, cl);
	}
	dt_end();
}

/* PE 1 is in a PMI barrier (waiting for PE 0) while PE 0's blocking
 * PUT, GET, AMO and PE-strided PUT to it complete. */
RT_TEST_ATTRS(passive, "dmapp.rma.state.remote_passive",
	      "DMAPP-4.8-remote-passive", "np=2")
{
	const char *cl = "DMAPP-4.8-remote-passive";
	uint8_t *blk, got[256];
	int64_t old = 0;
	dmapp_pe_t one = 1;

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		RT_EXPECT_EQ_INT(dmapp_put(blk, s, 1, blk, 32, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_get(got, blk + 1024, s, 1, 32, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(got, 256, 1, 1024, 2), cl);
		RT_EXPECT_EQ_INT(dmapp_afadd_qw(&old, blk + 2048, s, 1, 7),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_U64((uint64_t)old, word_of(1, 2048), cl);
		RT_EXPECT_EQ_INT(dmapp_put_ixpe(blk + 3072, s, &one, 1,
						blk + 3072, 16, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();	/* PE 1 made no DMAPP call since the first barrier */
	if (dt_pe == 1) {
		uint64_t w;
		memcpy(&w, blk + 2048, 8);
		RT_EXPECT_TRUE(holds_pattern(blk, 256, 0, 0, 2), cl);
		RT_EXPECT_EQ_U64(w, word_of(1, 2048) + 7, cl);
		RT_EXPECT_TRUE(holds_pattern(blk + 3072, 128, 0, 3072, 2), cl);
	}
	dt_end();
}

/* ------------------------------------------------------------------ */
/* 4.9.2 local buffers, zero-length GET, PE-strided calls             */
/* ------------------------------------------------------------------ */

static uint8_t private_static[3][256];

RT_TEST_ATTRS(anymem, "dmapp.put.data.local_buffers_any_memory",
	      "DMAPP-4.9.2-local-buffers-any-memory", "np=2")
{
	const char *cl = "DMAPP-4.9.2-local-buffers-any-memory";
	uint8_t *blk, stack[2][256], *heap = malloc(512);
	int64_t old = 0;

	if (!heap)
		rt_unsupported("out of private memory");
	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		uint8_t *src[3] = { stack[0], private_static[0], heap };
		uint8_t *dst[3] = { stack[1], private_static[1], heap + 256 };
		for (int k = 0; k < 3; k++) {
			dt_fill(src[k], 256, 0, 10 + k);
			RT_EXPECT_EQ_INT(dmapp_put(blk + 256 * k, s, 1, src[k], 32,
						   DMAPP_QW), DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_EQ_INT(dmapp_get(dst[k], blk + 1024 + 256 * k,
						   s, 1, 32, DMAPP_QW),
					 DMAPP_RC_SUCCESS, cl);
			RT_EXPECT_TRUE(holds_pattern(dst[k], 256, 1,
						     1024 + 256 * (size_t)k, 2),
				       cl);
		}
		RT_EXPECT_EQ_INT(dmapp_afadd_qw(&old, blk + 2048, s, 1, 1),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_U64((uint64_t)old, word_of(1, 2048), cl);
	}
	dt_barrier();
	if (dt_pe == 1)
		for (int k = 0; k < 3; k++)
			RT_EXPECT_TRUE(holds_pattern(blk + 256 * k, 256, 0, 0,
						     10 + k), cl);
	dt_end();
	free(heap);
}

/* 4 MiB from and into private heap memory with _nbi requests: far
 * larger than any internal buffer an implementation passes unregistered
 * local memory through. */
RT_TEST_ATTRS(anymem_large, "dmapp.put_nbi.data.local_buffers_private_large",
	      "DMAPP-4.9.2-local-buffers-private-large", "np=2")
{
	const char *cl = "DMAPP-4.9.2-local-buffers-private-large";
	enum { M = 4u << 20 };
	uint8_t *blk, *src = malloc(M), *dst = malloc(M);

	if (!src || !dst)
		rt_unsupported("out of private memory");
	dt_start();
	dt_need_pes(2);
	blk = dmapp_sheap_malloc(2 * (size_t)M);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	memset(blk, 0, M);
	dt_fill(blk + M, M, dt_pe, 21);
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		dt_fill(src, M, 0, 20);
		memset(dst, 0, M);
		RT_EXPECT_EQ_INT(dmapp_put_nbi(blk, s, 1, src, M / 8, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_get_nbi(dst, blk + M, s, 1, M / 8, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(dst, M, 1, 0, 21), cl);
	}
	dt_barrier();
	if (dt_pe == 1)
		RT_EXPECT_TRUE(holds_pattern(blk, M, 0, 0, 20), cl);
	dt_end();
	free(src);
	free(dst);
}

/* Zero-length contiguous GETs are refused and move nothing. */
RT_TEST_ATTRS(zeroget, "dmapp.get.param.zero_length_get",
	      "DMAPP-4.9.2.1-zero-length-get", "np=2")
{
	const char *cl = "DMAPP-4.9.2.1-zero-length-get";
	uint8_t *blk, L[64], before[64];
	dmapp_syncid_handle_t sid = NULL;
	dmapp_seg_desc_t *s;

	dt_start();
	dt_need_pes(2);
	blk = block();
	s = &dt_job.sheap_seg;
	dt_fill(L, sizeof L, 5, 5);
	memcpy(before, L, sizeof L);
	RT_EXPECT_RC_IN(dmapp_get(L, blk, s, 1, 0, DMAPP_QW), cl,
			DMAPP_RC_INVALID_PARAM, DMAPP_RC_NOT_SUPPORTED);
	RT_EXPECT_RC_IN(dmapp_get_nb(L, blk, s, 1, 0, DMAPP_QW, &sid), cl,
			DMAPP_RC_INVALID_PARAM, DMAPP_RC_NOT_SUPPORTED);
	RT_EXPECT_RC_IN(dmapp_get_nbi(L, blk, s, 1, 0, DMAPP_QW), cl,
			DMAPP_RC_INVALID_PARAM, DMAPP_RC_NOT_SUPPORTED);
	dmapp_gsync_wait();
	RT_EXPECT_MEM_EQ(L, before, sizeof L, cl);
	dt_end();
}

/* PEs 1 and 2 make no DMAPP call while PE 0's PE-strided calls to them
 * complete (3 PEs). */
RT_TEST_ATTRS(notcoll, "dmapp.put_ixpe.state.pe_strided_not_collective",
	      "DMAPP-4.9.2.4-pe-strided-not-collective", "np=3")
{
	const char *cl = "DMAPP-4.9.2.4-pe-strided-not-collective";
	dmapp_pe_t list[2] = { 1, 2 }, rev[2] = { 2, 1 };
	uint8_t *blk, *L = malloc(1024);

	if (!L)
		rt_unsupported("out of private memory");
	dt_start();
	dt_need_pes(3);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		dmapp_seg_desc_t *s = &dt_job.sheap_seg;
		RT_EXPECT_EQ_INT(dmapp_put_ixpe(blk, s, list, 2, blk, 32,
						DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		/* scatter: 32 qwords to each, PE 1 first */
		RT_EXPECT_EQ_INT(dmapp_scatter_ixpe(blk + 1024, s, list, 2,
						    blk + 1024, 32, DMAPP_QW),
				 DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(dmapp_gather_ixpe(L, blk + 4096, s, rev, 2, 32,
						   DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(L, 256, 2, 4096, 2), cl);
		RT_EXPECT_TRUE(holds_pattern(L + 256, 256, 1, 4096, 2), cl);
	}
	dt_barrier();
	if (dt_pe != 0) {
		RT_EXPECT_TRUE(holds_pattern(blk, 256, 0, 0, 2), cl);
		RT_EXPECT_TRUE(holds_pattern(blk + 1024, 256, 0,
					     1024 + 256 * (size_t)(dt_pe - 1), 2),
			       cl);
	}
	dt_end();
	free(L);
}

/* ------------------------------------------------------------------ */
/* 4.9.2.5 AMOs                                                       */
/* ------------------------------------------------------------------ */

enum { A_AADD, A_AAND, A_AOR, A_AXOR, A_AFADD, A_AFAND, A_AFOR, A_AFXOR,
       A_AFAX, A_ACSWAP, NAMO };

#define OP1 0x0f0f00ff33cc5a5all
#define OP2 0x00ff00ff00ff00ffll

static uint64_t amo_model(int k, uint64_t w)
{
	switch (k) {
	case A_AADD: case A_AFADD: return w + (uint64_t)OP1;
	case A_AAND: case A_AFAND: return w & (uint64_t)OP1;
	case A_AOR: case A_AFOR: return w | (uint64_t)OP1;
	case A_AXOR: case A_AFXOR: return w ^ (uint64_t)OP1;
	case A_AFAX: return (w & (uint64_t)OP1) ^ (uint64_t)OP2;
	default: return w == (uint64_t)OP1 ? (uint64_t)OP2 : w;
	}
}

static dmapp_return_t amo(int k, int64_t *res, void *r, dmapp_pe_t pe)
{
	dmapp_seg_desc_t *s = &dt_job.sheap_seg;

	switch (k) {
	case A_AADD: return dmapp_aadd_qw(r, s, pe, OP1);
	case A_AAND: return dmapp_aand_qw(r, s, pe, OP1);
	case A_AOR: return dmapp_aor_qw(r, s, pe, OP1);
	case A_AXOR: return dmapp_axor_qw(r, s, pe, OP1);
	case A_AFADD: return dmapp_afadd_qw(res, r, s, pe, OP1);
	case A_AFAND: return dmapp_afand_qw(res, r, s, pe, OP1);
	case A_AFOR: return dmapp_afor_qw(res, r, s, pe, OP1);
	case A_AFXOR: return dmapp_afxor_qw(res, r, s, pe, OP1);
	case A_AFAX: return dmapp_afax_qw(res, r, s, pe, OP1, OP2);
	default: return dmapp_acswap_qw(res, r, s, pe, OP1, OP2);
	}
}

/*
 * Each of the ten AMOs on its own word of PE 1 (offset 64 + 64k; the
 * ACSWAP word holds its comperand, so the swap happens).  qword: the
 * word changes as the AMO says, the 8 bytes before and after it do not;
 * data: the fetching AMOs return the old word.
 */
static void amos(bool data, const char *cl)
{
	uint8_t *blk;
	int64_t res[NAMO];

	dt_start();
	dt_need_pes(2);
	blk = block();
	{
		uint64_t c = (uint64_t)OP1;
		memcpy(blk + 64 + 64 * A_ACSWAP, &c, 8);
	}
	dt_barrier();
	if (dt_pe == 0) {
		for (int k = 0; k < NAMO; k++) {
			uint64_t w = k == A_ACSWAP ? (uint64_t)OP1
						   : word_of(1, 64 + 64 * (size_t)k);
			res[k] = 0x7777;
			RT_EXPECT_EQ_INT(amo(k, &res[k], blk + 64 + 64 * k, 1),
					 DMAPP_RC_SUCCESS, cl);
			if (data && k >= A_AFADD)
				RT_EXPECT_EQ_U64((uint64_t)res[k], w, cl);
			else if (data)	/* no local output */
				RT_EXPECT_EQ_U64((uint64_t)res[k], 0x7777, cl);
		}
	}
	dt_barrier();
	if (dt_pe == 1 && !data) {
		for (int k = 0; k < NAMO; k++) {
			size_t off = 64 + 64 * (size_t)k;
			uint64_t w0 = k == A_ACSWAP ? (uint64_t)OP1 : word_of(1, off);
			uint64_t w;
			memcpy(&w, blk + off, 8);
			RT_EXPECT_EQ_U64(w, amo_model(k, w0), cl);
			RT_EXPECT_TRUE(holds_pattern(blk + off - 8, 8, 1,
						     off - 8, 2), cl);
			RT_EXPECT_TRUE(holds_pattern(blk + off + 8, 8, 1,
						     off + 8, 2), cl);
		}
	} else if (dt_pe != 0) {
		RT_EXPECT_TRUE(true, cl);
	}
	dt_end();
}

RT_TEST_ATTRS(amo_qw, "dmapp.amo.alignment.qword_only",
	      "DMAPP-4.9.2.5-amo-qword-only", "np=2")
{ amos(false, "DMAPP-4.9.2.5-amo-qword-only"); }
RT_TEST_ATTRS(amo_data, "dmapp.amo.data.returns_data",
	      "DMAPP-4.9.2.5-amo-returns-data", "np=2")
{ amos(true, "DMAPP-4.9.2.5-amo-returns-data"); }

/* A lock on ACSWAP around a GET/PUT increment of a counter on PE 0. */
RT_TEST_ATTRS(amo_lock, "dmapp.acswap_qw.data.used_for_synchronization",
	      "DMAPP-4.9.2.5-amo-used-for-synchronization", "np=4")
{
	enum { ITER = 40 };
	const char *cl = "DMAPP-4.9.2.5-amo-used-for-synchronization";
	int64_t *w, old, cnt;
	dmapp_seg_desc_t *s;

	dt_start();
	dt_need_pes(4);
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	s = &dt_job.sheap_seg;
	w[0] = 0;	/* lock */
	w[1] = 0;	/* counter */
	dt_barrier();
	for (int i = 0; i < ITER; i++) {
		do {
			RT_REQUIRE_EQ_INT(dmapp_acswap_qw(&old, &w[0], s, 0, 0,
							  dt_pe + 1),
					  DMAPP_RC_SUCCESS, cl);
		} while (old != 0);
		RT_REQUIRE_EQ_INT(dmapp_get(&cnt, &w[1], s, 0, 1, DMAPP_QW),
				  DMAPP_RC_SUCCESS, cl);
		cnt++;
		RT_REQUIRE_EQ_INT(dmapp_put(&w[1], s, 0, &cnt, 1, DMAPP_QW),
				  DMAPP_RC_SUCCESS, cl);
		RT_REQUIRE_EQ_INT(dmapp_acswap_qw(&old, &w[0], s, 0, dt_pe + 1,
						  0), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_EQ_INT(old, dt_pe + 1, cl);
	}
	dt_barrier();
	if (dt_pe == 0)
		RT_EXPECT_EQ_INT(w[1], (int64_t)dt_npes * ITER, cl);
	dt_end();
}

/* ------------------------------------------------------------------ */
/* 5.1.1 type sizes                                                   */
/* ------------------------------------------------------------------ */

static void type_size(int ti, const char *cl)
{
	dmapp_type_t t = dt_types[ti];
	size_t z = dt_size(t);
	uint8_t *blk, L[128];

	dt_start();
	dt_need_pes(2);
	blk = block();
	dt_barrier();
	if (dt_pe == 0) {
		RT_EXPECT_EQ_INT(dmapp_put(blk + 256, &dt_job.sheap_seg, 1,
					   blk + 256, 3, t), DMAPP_RC_SUCCESS, cl);
		dt_fill(L, sizeof L, 0, 3);
		RT_EXPECT_EQ_INT(dmapp_get(L, blk + 1024, &dt_job.sheap_seg, 1,
					   3, t), DMAPP_RC_SUCCESS, cl);
		RT_EXPECT_TRUE(holds_pattern(L, 3 * z, 1, 1024, 2), cl);
		RT_EXPECT_TRUE(holds_pattern(L + 3 * z, 16, 0, 3 * z, 3), cl);
	}
	dt_barrier();
	if (dt_pe == 1) {
		RT_EXPECT_TRUE(holds_pattern(blk + 256, 3 * z, 0, 256, 2), cl);
		RT_EXPECT_TRUE(holds_pattern(blk + 256 + 3 * z, 16, 1,
					     256 + 3 * z, 2), cl);
		RT_EXPECT_TRUE(holds_pattern(blk + 240, 16, 1, 240, 2), cl);
	}
	dt_end();
}

RT_TEST_ATTRS(ts_dqw, "dmapp.put.data.type_size_dqw", "DMAPP-5.1.1-type-size-dqw", "np=2")
{ type_size(0, "DMAPP-5.1.1-type-size-dqw"); }
RT_TEST_ATTRS(ts_qw, "dmapp.put.data.type_size_qw", "DMAPP-5.1.1-type-size-qw", "np=2")
{ type_size(1, "DMAPP-5.1.1-type-size-qw"); }
RT_TEST_ATTRS(ts_dw, "dmapp.put.data.type_size_dw", "DMAPP-5.1.1-type-size-dw", "np=2")
{ type_size(2, "DMAPP-5.1.1-type-size-dw"); }
RT_TEST_ATTRS(ts_byte, "dmapp.put.data.type_size_byte", "DMAPP-5.1.1-type-size-byte", "np=2")
{ type_size(3, "DMAPP-5.1.1-type-size-byte"); }

/* Local buffers in memory the PE registered itself (dmapp_mem_register of
 * an mmap'd region) work as well: a PUT from it and a GET into it, the
 * calling PE as target (1 PE). */
RT_TEST(local_registered, "dmapp.put.model.local_buffer_registered",
	"DMAPP-4.9.2-local-buffers-any-memory")
{
	const char *cl = "DMAPP-4.9.2-local-buffers-any-memory";
	size_t len = 2 * 4096;
	dmapp_seg_desc_t reg;
	uint8_t *buf, *blk;

	buf = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (buf == MAP_FAILED)
		rt_unsupported("mmap failed");
	dt_start();
	blk = dmapp_sheap_malloc(len);
	RT_REQUIRE_TRUE(blk != NULL, cl);
	RT_REQUIRE_EQ_INT(dmapp_mem_register(buf, len, &reg), DMAPP_RC_SUCCESS, cl);
	dt_fill(buf, 4096, dt_pe, 21);
	memset(blk, 0, len);
	RT_EXPECT_EQ_INT(dmapp_put(blk, &dt_job.sheap_seg, dt_pe, buf, 4096 / 8, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_MEM_EQ(blk, buf, 4096, cl);
	memset(buf + 4096, 0, 4096);
	RT_EXPECT_EQ_INT(dmapp_get(buf + 4096, blk, &dt_job.sheap_seg, dt_pe, 4096 / 8, DMAPP_QW),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_MEM_EQ(buf + 4096, buf, 4096, cl);
	RT_EXPECT_EQ_INT(dmapp_mem_unregister(&reg), DMAPP_RC_SUCCESS, cl);
	dmapp_sheap_free(blk);
	dt_end();
	munmap(buf, len);
}

/* An index so large that the element at it lies beyond any segment (its
 * byte offset does not even fit in 64 bits) is refused. */
RT_TEST(ixput_huge_index, "dmapp.ixput_nb.segment.index_beyond_address_space",
	"DMAPP-5.3.18-ixput-nb-outside-segment")
{
	const char *cl = "DMAPP-5.3.18-ixput-nb-outside-segment";
	uint64_t src = 0x1122334455667788ull;
	ptrdiff_t tidx[1] = { PTRDIFF_MAX };
	dmapp_syncid_handle_t sid = NULL;
	uint64_t *blk;

	dt_start();
	blk = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(blk != NULL, cl);
	RT_EXPECT_EQ_INT(dmapp_ixput_nb(blk, &dt_job.sheap_seg, dt_pe, &src, tidx, 1,
					DMAPP_QW, &sid), DMAPP_RC_INVALID_PARAM, cl);
	dmapp_sheap_free(blk);
	dt_end();
}
