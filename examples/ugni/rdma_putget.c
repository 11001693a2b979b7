/*
 * rdma_putget.c: RDMA PUT and GET with data checks (3.8.1), and the
 * same through FMA (3.6.1).
 *
 * Every rank registers a buffer, PUTs a pattern into the buffer of the
 * next rank (RDMA, then FMA), and after a barrier checks what the
 * previous rank wrote and GETs it back from the next rank.
 */
#include "job.h"

#define LEN 65536

struct info {
	uint32_t addr, inst;
	uint64_t buf;
	gni_mem_handle_t mh;
};

static unsigned char pattern(int rank, size_t i) { return (unsigned char)(rank * 31 + i * 7); }

int main(void)
{
	struct job j;
	struct dom d[MAX_LOCAL];
	struct info mine[MAX_LOCAL], *all;
	unsigned char *buf[MAX_LOCAL], *src[MAX_LOCAL], *dst[MAX_LOCAL];
	gni_mem_handle_t smh[MAX_LOCAL], dmh[MAX_LOCAL];
	gni_cq_handle_t cq[MAX_LOCAL];
	gni_ep_handle_t ep[MAX_LOCAL];

	job_init(&j, d);
	all = calloc((size_t)j.vsize, sizeof *all);
	for (int i = 0; i < j.nlocal; i++) {
		buf[i] = calloc(2, LEN);	/* RDMA half, FMA half */
		src[i] = malloc(LEN);
		dst[i] = calloc(2, LEN);
		for (size_t k = 0; k < LEN; k++)
			src[i][k] = pattern(d[i].vrank, k);
		CHECK(GNI_CqCreate(d[i].nic, 64, 0, GNI_CQ_BLOCKING, NULL, NULL, &cq[i]));
		CHECK(GNI_MemRegister(d[i].nic, (uint64_t)(uintptr_t)buf[i], 2 * LEN,
				NULL, GNI_MEM_READWRITE, (uint32_t)-1, &mine[i].mh));
		CHECK(GNI_MemRegister(d[i].nic, (uint64_t)(uintptr_t)src[i], LEN,
				NULL, GNI_MEM_READ_ONLY, (uint32_t)-1, &smh[i]));
		CHECK(GNI_MemRegister(d[i].nic, (uint64_t)(uintptr_t)dst[i], 2 * LEN,
				NULL, GNI_MEM_READWRITE, (uint32_t)-1, &dmh[i]));
		mine[i].addr = d[i].addr;
		mine[i].inst = (uint32_t)d[i].vrank;
		mine[i].buf = (uint64_t)(uintptr_t)buf[i];
	}
	job_allgather(&j, mine, all, sizeof(struct info));

	for (int i = 0; i < j.nlocal; i++) {
		const struct info *next = &all[(d[i].vrank + 1) % j.vsize];
		CHECK(GNI_EpCreate(d[i].nic, cq[i], &ep[i]));
		CHECK(GNI_EpBind(ep[i], next->addr, next->inst));

		gni_post_descriptor_t put = { 0 };
		put.type = GNI_POST_RDMA_PUT;
		put.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
		put.dlvr_mode = GNI_DLVMODE_PERFORMANCE;
		put.local_addr = (uint64_t)(uintptr_t)src[i];
		put.local_mem_hndl = smh[i];
		put.remote_addr = next->buf;
		put.remote_mem_hndl = next->mh;
		put.length = LEN;
		CHECK(GNI_PostRdma(ep[i], &put));
		EXPECT(job_complete(cq[i]) == &put, "GetCompleted: not the posted descriptor");

		gni_post_descriptor_t fput = put;
		fput.type = GNI_POST_FMA_PUT;
		fput.remote_addr = next->buf + LEN;
		CHECK(GNI_PostFma(ep[i], &fput));
		EXPECT(job_complete(cq[i]) == &fput, "GetCompleted: not the posted descriptor");
	}
	job_barrier(&j);

	for (int i = 0; i < j.nlocal; i++) {
		int prev = (d[i].vrank + j.vsize - 1) % j.vsize;
		const struct info *next = &all[(d[i].vrank + 1) % j.vsize];
		for (size_t k = 0; k < LEN; k++) {
			EXPECT(buf[i][k] == pattern(prev, k) && buf[i][LEN + k] == pattern(prev, k),
				"rank %d: byte %zu of the PUT differs", d[i].vrank, k);
		}
		/* GET the next rank's buffer (our own pattern) */
		gni_post_descriptor_t get = { 0 };
		get.type = GNI_POST_RDMA_GET;
		get.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
		get.local_addr = (uint64_t)(uintptr_t)dst[i];
		get.local_mem_hndl = dmh[i];
		get.remote_addr = next->buf;
		get.remote_mem_hndl = next->mh;
		get.length = LEN;
		CHECK(GNI_PostRdma(ep[i], &get));
		EXPECT(job_complete(cq[i]) == &get, "GetCompleted: not the posted descriptor");
		gni_post_descriptor_t fget = get;
		fget.type = GNI_POST_FMA_GET;
		fget.local_addr += LEN;
		fget.remote_addr += LEN;
		CHECK(GNI_PostFma(ep[i], &fget));
		EXPECT(job_complete(cq[i]) == &fget, "GetCompleted: not the posted descriptor");
		for (size_t k = 0; k < 2 * LEN; k++)
			EXPECT(dst[i][k] == pattern(d[i].vrank, k % LEN),
				"rank %d: byte %zu of the GET differs", d[i].vrank, k);
	}
	job_barrier(&j);

	for (int i = 0; i < j.nlocal; i++) {
		CHECK(GNI_EpUnbind(ep[i]));
		CHECK(GNI_EpDestroy(ep[i]));
		CHECK(GNI_MemDeregister(d[i].nic, &mine[i].mh));
		CHECK(GNI_MemDeregister(d[i].nic, &smh[i]));
		CHECK(GNI_MemDeregister(d[i].nic, &dmh[i]));
		CHECK(GNI_CqDestroy(cq[i]));
		free(buf[i]);
		free(src[i]);
		free(dst[i]);
	}
	if (j.rank == 0)
		printf("rdma_putget: %d ranks, PUT and GET of %d bytes checked\n", j.vsize, LEN);
	free(all);
	job_fini(&j, d);
	return 0;
}
