/*
 * dmapp_rma.c: every PUT/GET family, every element type, every mode.
 *
 * Each PE fills a read-only area of its symmetric heap and of its data
 * segment with its own byte pattern, then, towards its right-hand
 * neighbour: GETs from that area and compares with the neighbour's
 * pattern (so a wrong address translation shows), PUTs into its own
 * slot of the neighbour's heap and GETs it back; both below and above
 * the offload threshold (FMA and RDMA).  PE-strided calls go to every
 * PE.  At the end each PE checks, in its own memory, what its left-hand
 * neighbour put there last.  Run on any number of PEs up to MAX_PES.
 */
#include "common.h"

#define MAX_PES    16
#define RO_BYTES   (96 * 1024)
#define SLOT_BYTES (192 * 1024)

static unsigned char data_ro[8192];		/* in the data segment */
static unsigned char data_slot[MAX_PES][8192];

static dmapp_jobinfo_t job;
static int right, left;
static dmapp_syncid_handle_t sid;
static unsigned char *ro, *slot, *src, *dst;	/* ro and slot: sheap */

static const char *dmapp_type_table_name(dmapp_type_t t);

/* Elements per test: a short one (FMA) and one of at least 6000 bytes. */
static uint64_t count(dmapp_type_t t, int big)
{
	return big ? 6000 / type_size[t] + 3 : 37;
}

/* Contiguous GET of the neighbour's pattern, at every byte offset. */
static void test_get(enum mode m, dmapp_type_t t, int big)
{
	uint64_t n = count(t, big);
	size_t size = type_size[t], bytes = n * size;

	for (size_t off = 0; off < (t == DMAPP_BYTE ? 4 : 1); off++) {
		memset(dst, 0xEE, bytes + 8);
		dmapp_return_t rc = ISSUE(m,
			dmapp_get(dst + off, ro + off, &job.sheap_seg, right, n, t),
			dmapp_get_nb(dst + off, ro + off, &job.sheap_seg, right, n, t, &sid),
			dmapp_get_nbi(dst + off, ro + off, &job.sheap_seg, right, n, t));
		CHECK_RC(rc, DMAPP_RC_SUCCESS, "get");
		long bad = -1;
		for (size_t i = 0; i < bytes && bad < 0; i++)
			if (dst[off + i] != pat(right, off + i, 0))
				bad = (long)i;
		CHECK(bad < 0, "get %s %s n=%lu off=%zu: byte %ld wrong",
		      mode_name[m], dmapp_type_table_name(t), (unsigned long)n,
		      off, bad);
		CHECK(dst[off + bytes] == 0xEE, "get wrote past the end");
	}
	/* The data segment, by the same offset on the other PE. */
	memset(dst, 0, 4096);
	dmapp_return_t rc = ISSUE(m,
		dmapp_get(dst, data_ro, &job.data_seg, right, 4096 / size, t),
		dmapp_get_nb(dst, data_ro, &job.data_seg, right, 4096 / size, t, &sid),
		dmapp_get_nbi(dst, data_ro, &job.data_seg, right, 4096 / size, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "get from data_seg");
	CHECK(mismatch(dst, 4096, right, 1) < 0, "get data_seg %s wrong",
	      mode_name[m]);
}

/* Contiguous PUT into my slot of the neighbour, read back by GET. */
static void test_put(enum mode m, dmapp_type_t t, int big, int salt)
{
	uint64_t n = count(t, big);
	size_t bytes = n * type_size[t];
	unsigned char *mine = slot + (size_t)my_pe * SLOT_BYTES;

	fill(src, bytes, my_pe, salt);
	dmapp_return_t rc = ISSUE(m,
		dmapp_put(mine, &job.sheap_seg, right, src, n, t),
		dmapp_put_nb(mine, &job.sheap_seg, right, src, n, t, &sid),
		dmapp_put_nbi(mine, &job.sheap_seg, right, src, n, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "put");
	memset(dst, 0, bytes);
	rc = dmapp_get(dst, mine, &job.sheap_seg, right, n, t);
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "get after put");
	CHECK(memcmp(dst, src, bytes) == 0, "put %s %s n=%lu: read back differs",
	      mode_name[m], dmapp_type_table_name(t), (unsigned long)n);
}

/* Strided: PUT every 3rd source element to every 2nd target element. */
static void test_strided(enum mode m, dmapp_type_t t, int big)
{
	uint64_t n = big ? 12000 / type_size[t] / 3 : 37;
	size_t size = type_size[t];
	unsigned char *mine = slot + (size_t)my_pe * SLOT_BYTES;

	fill(src, 3 * n * size, my_pe, 2);
	dmapp_return_t rc = ISSUE(m,
		dmapp_iput(mine, &job.sheap_seg, right, src, 2, 3, n, t),
		dmapp_iput_nb(mine, &job.sheap_seg, right, src, 2, 3, n, t, &sid),
		dmapp_iput_nbi(mine, &job.sheap_seg, right, src, 2, 3, n, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "iput");
	/* Back with source stride 2 into a contiguous buffer. */
	memset(dst, 0, n * size);
	rc = ISSUE(m,
		dmapp_iget(dst, mine, &job.sheap_seg, right, 1, 2, n, t),
		dmapp_iget_nb(dst, mine, &job.sheap_seg, right, 1, 2, n, t, &sid),
		dmapp_iget_nbi(dst, mine, &job.sheap_seg, right, 1, 2, n, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "iget");
	for (uint64_t i = 0; i < n; i++)
		if (memcmp(dst + i * size, src + 3 * i * size, size) != 0) {
			CHECK(0, "iput/iget %s %s: element %lu differs",
			      mode_name[m], dmapp_type_table_name(t),
			      (unsigned long)i);
			break;
		}
	/* The neighbour's pattern, every 5th element, to every 2nd slot. */
	memset(dst, 0, 2 * n * size);
	rc = ISSUE(m,
		dmapp_iget(dst, ro, &job.sheap_seg, right, 2, 5, n / 2, t),
		dmapp_iget_nb(dst, ro, &job.sheap_seg, right, 2, 5, n / 2, t, &sid),
		dmapp_iget_nbi(dst, ro, &job.sheap_seg, right, 2, 5, n / 2, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "iget of pattern");
	for (uint64_t i = 0; i < n / 2; i++)
		for (size_t b = 0; b < size; b++)
			if (dst[2 * i * size + b] != pat(right, 5 * i * size + b, 0)) {
				CHECK(0, "iget %s %s: element %lu wrong", mode_name[m],
				      dmapp_type_table_name(t), (unsigned long)i);
				i = n;
				break;
			}
}

/* Indexed: scatter in reverse order, gather back in reverse order. */
static void test_indexed(enum mode m, dmapp_type_t t)
{
	enum { N = 300 };
	static ptrdiff_t idx[N];
	size_t size = type_size[t];
	unsigned char *mine = slot + (size_t)my_pe * SLOT_BYTES;

	for (int i = 0; i < N; i++)
		idx[i] = 2 * (N - 1 - i);
	fill(src, N * size, my_pe, 3);
	dmapp_return_t rc = ISSUE(m,
		dmapp_ixput(mine, &job.sheap_seg, right, src, idx, N, t),
		dmapp_ixput_nb(mine, &job.sheap_seg, right, src, idx, N, t, &sid),
		dmapp_ixput_nbi(mine, &job.sheap_seg, right, src, idx, N, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "ixput");
	if (t == DMAPP_BYTE) {		/* indexed GET: no bytes (5.3.21) */
		for (int i = 0; i < N; i++) {
			rc = dmapp_get(dst, mine + idx[i], &job.sheap_seg, right, 1, t);
			CHECK(rc == DMAPP_RC_SUCCESS && dst[0] == src[i],
			      "ixput BYTE %s element %d", mode_name[m], i);
		}
		return;
	}
	memset(dst, 0, N * size);
	rc = ISSUE(m,
		dmapp_ixget(dst, mine, &job.sheap_seg, right, idx, N, t),
		dmapp_ixget_nb(dst, mine, &job.sheap_seg, right, idx, N, t, &sid),
		dmapp_ixget_nbi(dst, mine, &job.sheap_seg, right, idx, N, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "ixget");
	CHECK(memcmp(dst, src, N * size) == 0, "ixput/ixget %s %s differ",
	      mode_name[m], dmapp_type_table_name(t));
}

/* PE-strided: broadcast to all PEs, scatter, gather back from all. */
static void test_ixpe(enum mode m, dmapp_type_t t)
{
	enum { N = 50 };
	static dmapp_pe_t list[MAX_PES];
	int np = job.npes;
	size_t size = type_size[t], chunk = N * size;
	unsigned char *mine = slot + (size_t)my_pe * SLOT_BYTES;

	for (int k = 0; k < np; k++)
		list[k] = (my_pe + k) % np;
	fill(src, chunk, my_pe, 4);
	dmapp_return_t rc = ISSUE(m,
		dmapp_put_ixpe(mine, &job.sheap_seg, list, np, src, N, t),
		dmapp_put_ixpe_nb(mine, &job.sheap_seg, list, np, src, N, t, &sid),
		dmapp_put_ixpe_nbi(mine, &job.sheap_seg, list, np, src, N, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "put_ixpe");
	memset(dst, 0, chunk * np);
	rc = ISSUE(m,
		dmapp_gather_ixpe(dst, mine, &job.sheap_seg, list, np, N, t),
		dmapp_gather_ixpe_nb(dst, mine, &job.sheap_seg, list, np, N, t, &sid),
		dmapp_gather_ixpe_nbi(dst, mine, &job.sheap_seg, list, np, N, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "gather_ixpe");
	for (int k = 0; k < np; k++)
		CHECK(memcmp(dst + k * chunk, src, chunk) == 0,
		      "put_ixpe/gather %s %s: PE %d differs", mode_name[m],
		      dmapp_type_table_name(t), list[k]);

	fill(src, chunk * np, my_pe, 5);
	rc = ISSUE(m,
		dmapp_scatter_ixpe(mine, &job.sheap_seg, list, np, src, N, t),
		dmapp_scatter_ixpe_nb(mine, &job.sheap_seg, list, np, src, N, t, &sid),
		dmapp_scatter_ixpe_nbi(mine, &job.sheap_seg, list, np, src, N, t));
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "scatter_ixpe");
	memset(dst, 0, chunk * np);
	rc = dmapp_gather_ixpe(dst, mine, &job.sheap_seg, list, np, N, t);
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "gather_ixpe after scatter");
	CHECK(memcmp(dst, src, chunk * np) == 0, "scatter %s %s: differs",
	      mode_name[m], dmapp_type_table_name(t));
}

/* Non-symmetric memory: reached with the registering PE's descriptor. */
static void test_registered(void)
{
	enum { LEN = 10001 };
	struct reg { dmapp_seg_desc_t seg; unsigned char *buf; } me, *all;
	unsigned char *buf = malloc(LEN + 3);

	all = calloc((size_t)job.npes, sizeof(*all));
	fill(buf, LEN + 3, my_pe, 6);
	dmapp_return_t rc = dmapp_mem_register(buf + 1, LEN, &me.seg);
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "mem_register");
	CHECK((unsigned char *)me.seg.addr <= buf + 1 &&
	      (unsigned char *)me.seg.addr + me.seg.len >= buf + 1 + LEN,
	      "registered segment does not cover the region");
	me.buf = buf;
	PMI_Allgather(&me, all, sizeof(me));

	/* The last 7 bytes of the neighbour's region: an unaligned GET. */
	unsigned char *rbuf = all[right].buf;
	memset(dst, 0, 64);
	rc = dmapp_get(dst, rbuf + 1 + LEN - 7, &all[right].seg, right, 7,
		       DMAPP_BYTE);
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "get from registered memory");
	for (size_t i = 0; i < 7; i++)
		CHECK(dst[i] == pat(right, 1 + LEN - 7 + i, 6),
		      "registered byte %zu wrong", i);
	PMI_Barrier();

	/* PUT 5 bytes at an odd place of it and read them back. */
	memcpy(src, "\x11\x22\x33\x44\x55", 5);
	rc = dmapp_put(rbuf + 2 + my_pe % 2, &all[right].seg, right, src, 5,
		       DMAPP_BYTE);
	CHECK_RC(rc, DMAPP_RC_SUCCESS, "put to registered memory");
	rc = dmapp_get(dst, rbuf + 2 + my_pe % 2, &all[right].seg, right, 5,
		       DMAPP_BYTE);
	CHECK(rc == DMAPP_RC_SUCCESS && memcmp(dst, src, 5) == 0,
	      "registered put/get differ");
	/* Outside the neighbour's descriptor: refused (E-DMAPP-034). */
	rc = dmapp_get(dst, (unsigned char *)all[right].seg.addr +
		       all[right].seg.len, &all[right].seg, right, 1, DMAPP_BYTE);
	CHECK_RC(rc, DMAPP_RC_INVALID_PARAM, "get past a registered segment");

	PMI_Barrier();
	CHECK_RC(dmapp_mem_unregister(&me.seg), DMAPP_RC_SUCCESS,
		 "mem_unregister");
	free(all);
	free(buf);
}

int main(void)
{
	start(&job);
	right = (my_pe + 1) % job.npes;
	left = (my_pe + job.npes - 1) % job.npes;
	if (job.npes > MAX_PES) {
		fprintf(stderr, "dmapp_rma: at most %d PEs\n", MAX_PES);
		return 2;
	}
	ro = dmapp_sheap_malloc(RO_BYTES);
	slot = dmapp_sheap_malloc((size_t)job.npes * SLOT_BYTES);
	src = malloc(4 * SLOT_BYTES);
	dst = malloc(4 * SLOT_BYTES);
	CHECK(ro && slot && src && dst, "allocation failed");
	if (fails)
		return report("dmapp_rma");
	fill(ro, RO_BYTES, my_pe, 0);
	fill(data_ro, sizeof(data_ro), my_pe, 1);
	PMI_Barrier();

	for (int m = BLK; m <= NBI; m++)
		for (size_t ti = 0; ti < 4; ti++)
			for (int big = 0; big < 2; big++) {
				test_get(m, all_types[ti], big);
				test_put(m, all_types[ti], big, (int)(m * 8 + ti * 2 + big));
				test_strided(m, all_types[ti], big);
			}
	for (int m = BLK; m <= NBI; m++)
		for (size_t ti = 0; ti < 4; ti++) {
			test_indexed(m, all_types[ti]);
			test_ixpe(m, all_types[ti]);
		}
	test_registered();

	/* Last: a put into the data segment, checked by its receiver. */
	fill(src, sizeof(data_slot[0]), my_pe, 7);
	CHECK_RC(dmapp_put(data_slot[my_pe], &job.data_seg, right, src,
			   sizeof(data_slot[0]) / 8, DMAPP_QW),
		 DMAPP_RC_SUCCESS, "put to data_seg");
	PMI_Barrier();
	CHECK(mismatch(data_slot[left], sizeof(data_slot[0]), left, 7) < 0,
	      "data_slot from PE %d wrong", left);
	return report("dmapp_rma");
}

static const char *dmapp_type_table_name(dmapp_type_t t)
{
	static const char *const names[] = {
		[DMAPP_DQW] = "DQW", [DMAPP_QW] = "QW", [DMAPP_DW] = "DW",
		[DMAPP_BYTE] = "BYTE"
	};
	return names[t];
}
