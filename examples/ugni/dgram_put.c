/*
 * dgram_put: two ranks swap the address and memory handle of a receive
 * buffer in a datagram (3.5.6 EpPostData, 3.5.10 EpPostDataWait), then each
 * RDMA-PUTs (3.8.1 PostRdma) a pattern into its peer's buffer and checks
 * the pattern its peer put into its own.
 *
 *   rdmacts-run -n 2 ugni-dgram_put     two processes
 *   ugni-dgram_put                      one process playing both ranks
 *
 * No PMI data exchange is used: the peer's NIC address is this host's
 * (one NIC per host) and its instance id is its rank, as on a Cray node.
 * PMI only gives the rank and the final barrier.
 */
#include "job.h"

#define LEN (256 * 1024)

struct side {
	struct dom *d;
	gni_cq_handle_t cq;
	gni_ep_handle_t ep;
	unsigned char *rx, *tx;
	gni_mem_handle_t rx_mh, tx_mh;
	struct { uint64_t addr; gni_mem_handle_t mh; } mine, peer;
};

static void side_open(struct side *s, struct dom *d, int peer_rank)
{
	s->d = d;
	s->rx = calloc(1, LEN);
	s->tx = malloc(LEN);
	EXPECT(s->rx && s->tx, "out of memory");
	for (int i = 0; i < LEN; i++)
		s->tx[i] = (unsigned char)(i * 7 + d->vrank);
	CHECK(GNI_CqCreate(d->nic, 16, 0, GNI_CQ_BLOCKING, NULL, NULL, &s->cq));
	CHECK(GNI_MemRegister(d->nic, (uint64_t)(uintptr_t)s->rx, LEN, NULL,
			GNI_MEM_READWRITE, -1, &s->rx_mh));
	CHECK(GNI_MemRegister(d->nic, (uint64_t)(uintptr_t)s->tx, LEN, NULL,
			GNI_MEM_READWRITE, -1, &s->tx_mh));
	CHECK(GNI_EpCreate(d->nic, s->cq, &s->ep));
	CHECK(GNI_EpBind(s->ep, d->addr, (uint32_t)peer_rank));
	s->mine.addr = (uint64_t)(uintptr_t)s->rx;
	s->mine.mh = s->rx_mh;
}

static void side_close(struct side *s)
{
	CHECK(GNI_EpUnbind(s->ep));
	CHECK(GNI_EpDestroy(s->ep));
	CHECK(GNI_MemDeregister(s->d->nic, &s->rx_mh));
	CHECK(GNI_MemDeregister(s->d->nic, &s->tx_mh));
	CHECK(GNI_CqDestroy(s->cq));
	free(s->rx);
	free(s->tx);
}

int main(void)
{
	struct job j;
	struct dom d[MAX_LOCAL];
	struct side s[MAX_LOCAL];
	gni_post_state_t state;
	uint32_t raddr, rid;

	job_init(&j, d);
	EXPECT(j.vsize == 2, "dgram_put runs on exactly 2 ranks, not %d", j.vsize);
	for (int i = 0; i < j.nlocal; i++)
		side_open(&s[i], &d[i], 1 - d[i].vrank);

	/* Post every datagram before waiting on any: in one process the two
	 * ranks are two endpoints of the same loop. */
	for (int i = 0; i < j.nlocal; i++)
		CHECK(GNI_EpPostData(s[i].ep, &s[i].mine, sizeof s[i].mine,
				&s[i].peer, sizeof s[i].peer));
	for (int i = 0; i < j.nlocal; i++) {
		CHECK(GNI_EpPostDataWait(s[i].ep, 10000, &state, &raddr, &rid));
		EXPECT(state == GNI_POST_COMPLETED, "datagram state %d", (int)state);
		EXPECT(rid == (uint32_t)(1 - s[i].d->vrank), "datagram from inst %u", rid);
	}

	for (int i = 0; i < j.nlocal; i++) {
		gni_post_descriptor_t pd;

		memset(&pd, 0, sizeof pd);
		pd.type = GNI_POST_RDMA_PUT;
		pd.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
		pd.dlvr_mode = GNI_DLVMODE_PERFORMANCE;
		pd.local_addr = (uint64_t)(uintptr_t)s[i].tx;
		pd.local_mem_hndl = s[i].tx_mh;
		pd.remote_addr = s[i].peer.addr;
		pd.remote_mem_hndl = s[i].peer.mh;
		pd.length = LEN;
		CHECK(GNI_PostRdma(s[i].ep, &pd));
		EXPECT(job_complete(s[i].cq) == &pd, "GetCompleted returned another descriptor");
	}
	job_barrier(&j);	/* both PUTs are globally visible */

	for (int i = 0; i < j.nlocal; i++) {
		int peer = 1 - s[i].d->vrank;

		for (int k = 0; k < LEN; k++)
			EXPECT(s[i].rx[k] == (unsigned char)(k * 7 + peer),
					"rank %d byte %d: %u", s[i].d->vrank, k, s[i].rx[k]);
	}
	job_barrier(&j);	/* nobody deregisters while its peer still writes */
	for (int i = 0; i < j.nlocal; i++)
		side_close(&s[i]);
	job_fini(&j, d);
	printf("dgram_put: %d bytes each way, passed\n", LEN);
	return 0;
}
