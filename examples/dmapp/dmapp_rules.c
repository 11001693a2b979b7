/*
 * dmapp_rules.c: the rules around the data movement, on every PE:
 * state rules, argument checks, alignment, zero-length GET, the
 * max_outstanding_nb limit and the life of a syncid, RMA attributes,
 * the symmetric heap and registration (the errata ids name the
 * reading each check follows).
 */
#include <stdint.h>

#include "common.h"

static dmapp_jobinfo_t job;

static void before_init(void)
{
	dmapp_jobinfo_t j;
	dmapp_rma_attrs_t a = { 0 };
	int flag;

	/* E-DMAPP-041 */
	CHECK_RC(dmapp_get_jobinfo(&j), DMAPP_RC_INVALID_PARAM, "jobinfo before init");
	CHECK_RC(dmapp_gsync_test(&flag), DMAPP_RC_INVALID_PARAM, "gsync before init");
	CHECK(dmapp_sheap_malloc(64) == NULL, "sheap_malloc before init");
	CHECK_RC(dmapp_finalize(), DMAPP_RC_SUCCESS, "finalize before init");
	/* E-DMAPP-040 */
	a.max_outstanding_nb = DMAPP_MIN_OUTSTANDING_NB - 1;
	a.max_concurrency = 1;
	CHECK_RC(dmapp_init(&a, &a), DMAPP_RC_INVALID_PARAM, "init max_outstanding_nb 4");
	a.max_outstanding_nb = DMAPP_MIN_OUTSTANDING_NB;
	a.max_concurrency = 0;
	CHECK_RC(dmapp_init(&a, &a), DMAPP_RC_INVALID_PARAM, "init max_concurrency 0");
	a.max_concurrency = 1;
	a.put_relaxed_ordering = DMAPP_ROUTING_ADAPTIVE + 1;
	CHECK_RC(dmapp_init(&a, &a), DMAPP_RC_INVALID_PARAM, "init routing 3");
	CHECK_RC(dmapp_init(NULL, &a), DMAPP_RC_INVALID_PARAM, "init NULL");
}

static void init_min(void)
{
	dmapp_rma_attrs_t req = { 0 }, act;

	req.max_outstanding_nb = DMAPP_MIN_OUTSTANDING_NB;
	req.offload_threshold = 123;
	req.max_concurrency = 4;
	CHECK_RC(dmapp_init(&req, &act), DMAPP_RC_SUCCESS, "init");
	CHECK(act.max_outstanding_nb == DMAPP_MIN_OUTSTANDING_NB &&
	      act.offload_threshold == 123 && act.max_concurrency == 1,
	      "actual attributes");
	CHECK_RC(dmapp_init(&req, &act), DMAPP_RC_INVALID_PARAM, "second init");
	dmapp_get_jobinfo(&job);
	my_pe = job.pe;
	CHECK(job.hw_version == DMAPP_GNI_HW_MAJOR_GEMINI && job.npes >= 1 &&
	      job.pe >= 0 && job.pe < job.npes, "jobinfo");
}

static void attrs(void)
{
	dmapp_rma_attrs_t a, b;

	dmapp_get_rma_attrs(&a);
	a.offload_threshold = 0;
	a.get_relaxed_ordering = DMAPP_ROUTING_IN_ORDER;
	a.max_outstanding_nb = 77;	/* static: ignored (E-DMAPP-042) */
	CHECK_RC(dmapp_set_rma_attrs(&a, &b), DMAPP_RC_SUCCESS, "set_rma_attrs");
	CHECK(b.offload_threshold == 0 &&
	      b.max_outstanding_nb == DMAPP_MIN_OUTSTANDING_NB,
	      "set_rma_attrs actual");
	a.put_relaxed_ordering = 9;
	CHECK_RC(dmapp_set_rma_attrs(&a, &b), DMAPP_RC_INVALID_PARAM,
		 "set_rma_attrs routing 9");
	dmapp_get_rma_attrs(&b);
	CHECK(b.put_relaxed_ordering != 9 && b.offload_threshold == 0,
	      "refused set changed something");
}

static void arguments(int64_t *buf)
{
	dmapp_seg_desc_t *seg = &job.sheap_seg, other;
	int right = (my_pe + 1) % job.npes, flag;
	char *c = (char *)buf;
	ptrdiff_t idx[2] = { 0, -1 };
	dmapp_pe_t list[1] = { 0 };
	dmapp_syncid_handle_t sid;
	int64_t old;

	CHECK_RC(dmapp_put(buf, seg, job.npes, buf, 1, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "put to PE npes");
	CHECK_RC(dmapp_put(buf, seg, -1, buf, 1, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "put to PE -1");
	CHECK_RC(dmapp_put(buf, seg, right, buf, 1, (dmapp_type_t)7), DMAPP_RC_INVALID_PARAM, "put type 7");
	CHECK_RC(dmapp_put(buf, NULL, right, buf, 1, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "put NULL seg");
	CHECK_RC(dmapp_put((char *)seg->addr + seg->len - 4, seg, right, buf, 1, DMAPP_QW),
		 DMAPP_RC_INVALID_PARAM, "put past the heap (E-DMAPP-034)");
	CHECK_RC(dmapp_put(buf, seg, right, buf, 0, DMAPP_QW), DMAPP_RC_SUCCESS, "zero-length put (E-DMAPP-031)");
	CHECK_RC(dmapp_put(buf, seg, right, buf, UINT64_MAX / 4, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "put overflow");
	CHECK_RC(dmapp_get(buf, buf, seg, right, 0, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "zero-length get (E-DMAPP-030)");
	CHECK_RC(dmapp_put_nb(buf, seg, right, buf, 1, DMAPP_QW, NULL), DMAPP_RC_INVALID_PARAM, "put_nb NULL syncid");
	CHECK_RC(dmapp_iput(buf, seg, right, buf, 0, 1, 2, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "iput tst 0 (E-DMAPP-032)");
	CHECK_RC(dmapp_iget(c + 1, buf, seg, right, 1, 1, 2, DMAPP_DW), DMAPP_RC_ALIGNMENT_ERROR, "iget DW unaligned (E-DMAPP-027)");
	CHECK_RC(dmapp_iget(c + 1, c + 3, seg, right, 1, 1, 2, DMAPP_BYTE), DMAPP_RC_SUCCESS, "iget BYTE unaligned");
	CHECK_RC(dmapp_get(c + 1, c + 2, seg, right, 5, DMAPP_DW), DMAPP_RC_SUCCESS, "get DW unaligned");
	CHECK_RC(dmapp_ixput(buf, seg, right, buf, idx, 2, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "ixput offset -1 (E-DMAPP-033)");
	CHECK_RC(dmapp_ixget(buf, buf, seg, right, idx, 1, DMAPP_BYTE), DMAPP_RC_INVALID_PARAM, "ixget BYTE (E-DMAPP-029)");
	CHECK_RC(dmapp_aadd_qw(c + 4, seg, right, 1), DMAPP_RC_ALIGNMENT_ERROR, "aadd unaligned (E-DMAPP-028)");
	CHECK_RC(dmapp_afadd_qw(c + 4, buf, seg, right, 1), DMAPP_RC_ALIGNMENT_ERROR, "afadd unaligned result");
	CHECK_RC(dmapp_afadd_qw(&old, buf, seg, right, 0), DMAPP_RC_SUCCESS, "afadd");
	CHECK_RC(dmapp_mem_register(buf + 64, 64, &other), DMAPP_RC_SUCCESS, "mem_register");
	CHECK_RC(dmapp_put_ixpe(buf + 64, &other, list, 1, buf, 1, DMAPP_QW), DMAPP_RC_INVALID_PARAM,
		 "put_ixpe with registered memory (E-DMAPP-038)");
	CHECK_RC(dmapp_put_ixpe(buf, seg, list, 0, buf, 1, DMAPP_QW), DMAPP_RC_SUCCESS, "put_ixpe to no PE");
	list[0] = job.npes;
	CHECK_RC(dmapp_put_ixpe(buf, seg, list, 1, buf, 1, DMAPP_QW), DMAPP_RC_INVALID_PARAM, "put_ixpe PE npes");
	CHECK_RC(dmapp_segdesc_compare(&other, &job.data_seg, &flag), DMAPP_RC_SUCCESS, "segdesc_compare");
	CHECK(flag == 0, "registered segment equals data_seg");
	CHECK_RC(dmapp_segdesc_compare(seg, &job.sheap_seg, &flag), DMAPP_RC_SUCCESS, "segdesc_compare");
	CHECK(flag == 1, "sheap_seg differs from itself");
	CHECK_RC(dmapp_mem_unregister(&other), DMAPP_RC_SUCCESS, "mem_unregister");
	CHECK_RC(dmapp_mem_unregister(&other), DMAPP_RC_INVALID_PARAM, "second mem_unregister (E-DMAPP-054)");
	CHECK_RC(dmapp_mem_unregister(&job.sheap_seg), DMAPP_RC_INVALID_PARAM, "mem_unregister sheap_seg");
	CHECK_RC(dmapp_mem_register(buf, 0, &other), DMAPP_RC_INVALID_PARAM, "mem_register length 0");
	/* 5.3.70: the bounds registered, rounded, are reported. */
	CHECK_RC(dmapp_mem_register(c + 5, 6, &other), DMAPP_RC_SUCCESS, "mem_register odd");
	CHECK((char *)other.addr <= c + 5 && (char *)other.addr + other.len >= c + 11,
	      "registered bounds do not cover the region");
	dmapp_mem_unregister(&other);
	(void)sid;
}

static void syncids(int64_t *buf)
{
	dmapp_syncid_handle_t sid[DMAPP_MIN_OUTSTANDING_NB + 1], keep;
	dmapp_seg_desc_t *seg = &job.sheap_seg;
	int right = (my_pe + 1) % job.npes, flag;

	/* E-DMAPP-022: max_outstanding_nb is 5 here. */
	for (int i = 0; i < DMAPP_MIN_OUTSTANDING_NB; i++)
		CHECK_RC(dmapp_put_nb(buf + i, seg, right, buf, 1, DMAPP_QW, &sid[i]),
			 DMAPP_RC_SUCCESS, "put_nb");
	sid[5] = NULL;
	CHECK_RC(dmapp_get_nb(buf + 8, buf, seg, right, 1, DMAPP_QW, &sid[5]),
		 DMAPP_RC_NO_SPACE, "6th _nb request");
	CHECK(sid[5] == NULL, "syncid written on NO_SPACE (E-DMAPP-044)");
	CHECK_RC(dmapp_put(buf + 9, seg, right, buf, 1, DMAPP_QW), DMAPP_RC_SUCCESS,
		 "blocking call with all syncids used (E-DMAPP-021)");
	CHECK_RC(dmapp_put_nbi(buf + 9, seg, right, buf, 1, DMAPP_QW), DMAPP_RC_SUCCESS,
		 "_nbi call with all syncids used");
	keep = sid[0];
	CHECK_RC(dmapp_syncid_wait(&sid[0]), DMAPP_RC_SUCCESS, "syncid_wait");
	CHECK(sid[0] == NULL, "retired syncid not NULL");
	CHECK_RC(dmapp_syncid_wait(&keep), DMAPP_RC_INVALID_PARAM, "retired syncid again");
	CHECK_RC(dmapp_afadd_qw_nb(buf + 10, buf + 11, seg, right, 1, &sid[0]),
		 DMAPP_RC_SUCCESS, "afadd_nb with a free slot");
	for (int i = 0; i < DMAPP_MIN_OUTSTANDING_NB; i++) {
		do
			CHECK_RC(dmapp_syncid_test(&sid[i], &flag), DMAPP_RC_SUCCESS, "syncid_test");
		while (flag == 0 && fails == 0);
		CHECK(sid[i] == NULL, "tested syncid not NULL");
	}
	CHECK_RC(dmapp_syncid_test(NULL, &flag), DMAPP_RC_INVALID_PARAM, "syncid_test NULL");
	do
		CHECK_RC(dmapp_gsync_test(&flag), DMAPP_RC_SUCCESS, "gsync_test");
	while (flag == 0 && fails == 0);
	CHECK_RC(dmapp_gsync_test(NULL), DMAPP_RC_INVALID_PARAM, "gsync_test NULL");
}

/* A descriptor whose handle no PE registered: the NIC refuses the
 * transfer and the failure surfaces where E-DMAPP-034/045 say. */
static void transaction_errors(int64_t *buf)
{
	dmapp_seg_desc_t forged = job.sheap_seg;
	dmapp_syncid_handle_t sid;
	int right = (my_pe + 1) % job.npes, flag;
	int64_t old;

	forged.memhndl.qword1 ^= 0x5a5a;
	CHECK_RC(dmapp_put(buf, &forged, right, buf, 4, DMAPP_QW),
		 DMAPP_RC_TRANSACTION_ERROR, "put with a forged handle");
	CHECK_RC(dmapp_get(buf + 4, buf, &forged, right, 3, DMAPP_DW),
		 DMAPP_RC_TRANSACTION_ERROR, "get with a forged handle");
	CHECK_RC(dmapp_afadd_qw(&old, buf, &forged, right, 1),
		 DMAPP_RC_TRANSACTION_ERROR, "afadd with a forged handle");
	CHECK_RC(dmapp_put_nb(buf, &forged, right, buf, 4, DMAPP_QW, &sid),
		 DMAPP_RC_SUCCESS, "put_nb with a forged handle");
	CHECK_RC(dmapp_syncid_wait(&sid), DMAPP_RC_TRANSACTION_ERROR,
		 "syncid_wait of a failed request");
	CHECK_RC(dmapp_get_nbi(buf + 4, buf, &forged, right, 1, DMAPP_QW),
		 DMAPP_RC_SUCCESS, "get_nbi with a forged handle");
	CHECK_RC(dmapp_gsync_wait(), DMAPP_RC_TRANSACTION_ERROR,
		 "gsync_wait after a failed _nbi request");
	CHECK_RC(dmapp_gsync_test(&flag), DMAPP_RC_SUCCESS,
		 "failure reported once (E-DMAPP-045)");
	CHECK(flag == 1, "gsync_test flag");
}

static void sheap(void)
{
	char *a = dmapp_sheap_malloc(100), *b, *c;

	CHECK(a && ((uintptr_t)a & 63) == 0, "sheap block alignment");
	CHECK(dmapp_sheap_malloc(0) == NULL, "sheap_malloc(0)");
	CHECK(dmapp_sheap_malloc(job.sheap_seg.len + 1) == NULL, "sheap too large");
	memset(a, 'x', 100);
	b = dmapp_sheap_malloc(64);
	c = dmapp_sheap_realloc(a, 4000);	/* must move: b follows a */
	CHECK(c && c != a, "sheap_realloc did not move the block");
	for (int i = 0; c && i < 100; i++)
		CHECK(c[i] == 'x', "sheap_realloc lost byte %d", i);
	CHECK(dmapp_sheap_realloc(a, 10) == NULL, "realloc of a freed block");
	CHECK(dmapp_sheap_realloc(c, 0) == NULL, "realloc to size 0");
	dmapp_sheap_free(b);
	dmapp_sheap_free(NULL);
	/* Equal call sequences, equal places (E-DMAPP-049). */
	char *d = dmapp_sheap_malloc(256);
	CHECK(d && d - (char *)job.sheap_seg.addr == 0, "first fit after frees");
	dmapp_sheap_free(d);
}

int main(void)
{
	before_init();
	init_min();
	int64_t *buf = dmapp_sheap_malloc(8192);
	CHECK(buf != NULL, "sheap_malloc");
	if (buf) {
		memset(buf, 0, 8192);
		PMI_Barrier();
		attrs();
		arguments(buf);
		syncids(buf);
		transaction_errors(buf);
		PMI_Barrier();
		dmapp_sheap_free(buf);
		sheap();
	}
	int rc = report("dmapp_rules");
	/* After dmapp_finalize: the state rule again, then a new job. */
	CHECK_RC(dmapp_gsync_wait(), DMAPP_RC_INVALID_PARAM, "gsync_wait after finalize");
	init_min();
	CHECK_RC(dmapp_finalize(), DMAPP_RC_SUCCESS, "second finalize");
	return rc || fails;
}
