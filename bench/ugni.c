/*
 * ugni.c: uGNI bandwidth and message rate over the reference.
 *
 * Started alone, the process holds two domains (ranks 0 and 1 of the
 * benchmark) that talk through the NIC; started by rdmacts-run -n 2,
 * each process holds one.  Rank 0 measures PUT and GET by RDMA
 * (PostRdma) and FMA (PostFma) between its buffer and rank 1's, each
 * transfer posted and completed (global event) before the next, side by
 * side with memcpy of the same size between two buffers of the same
 * kind, for two kinds of registered user memory: on 4 KiB pages and on
 * huge pages (both at fixed addresses: timing.h).  Then SMSG messages of
 * 8 bytes sent to rank 1, which acknowledges the last one.  One JSON
 * object per figure on stdout.
 */
#include <stdint.h>
#include "../examples/ugni/job.h"
#include "timing.h"

#define CREDITS  64
#define MSG_SIZE 8
#define MSGS     20000

/* The kinds of memory measured: buffer slots of timing.h per rank. */
static const struct { const char *name; int huge; } kinds[] = {
	{ "4k", 0 },
	{ "huge", 1 },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

struct info {
	uint32_t addr, inst;
	uint64_t buf[NKINDS];
	gni_mem_handle_t mh[NKINDS];
};

struct xfer {
	gni_ep_handle_t ep;
	gni_cq_handle_t cq;
	gni_post_descriptor_t d;
	int rdma;
};

static void do_xfer(void *p)
{
	struct xfer *x = p;
	gni_post_descriptor_t *pd;
	gni_cq_entry_t ev;
	gni_return_t rc;

	CHECK(x->rdma ? GNI_PostRdma(x->ep, &x->d) : GNI_PostFma(x->ep, &x->d));
	while ((rc = GNI_CqGetEvent(x->cq, &ev)) == GNI_RC_NOT_DONE)
		;
	CHECK(rc);
	CHECK(GNI_GetCompleted(x->cq, ev, &pd));
}

static const struct { const char *name; gni_post_type_t type; int rdma; } ops[] = {
	{ "rdma_put", GNI_POST_RDMA_PUT, 1 },
	{ "rdma_get", GNI_POST_RDMA_GET, 1 },
	{ "fma_put",  GNI_POST_FMA_PUT,  0 },
	{ "fma_get",  GNI_POST_FMA_GET,  0 },
};

/* Slot of rank r's exported buffer of kind k, and of rank 0's own source
 * and memcpy target (a process of two domains holds both ranks'). */
static int slot(int rank, size_t k)
{
	return (int)(rank * 8 + k);
}

static void bandwidth(int procs, struct dom *d, const struct info *peer)
{
	struct xfer x = { 0 };

	CHECK(GNI_CqCreate(d->nic, 64, 0, GNI_CQ_NOBLOCK, NULL, NULL, &x.cq));
	CHECK(GNI_EpCreate(d->nic, x.cq, &x.ep));
	CHECK(GNI_EpBind(x.ep, peer->addr, peer->inst));
	x.d.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
	x.d.dlvr_mode = GNI_DLVMODE_PERFORMANCE;
	for (size_t k = 0; k < NKINDS; k++) {
		unsigned char *src = bench_buffer(slot(2, k), kinds[k].huge, 1);
		unsigned char *dst = bench_buffer(slot(3, k), kinds[k].huge, 2);
		gni_mem_handle_t smh;
		struct copy_arg c = { dst, src, 0 };

		CHECK(GNI_MemRegister(d->nic, (uint64_t)(uintptr_t)src, MAX_SIZE,
				NULL, GNI_MEM_READWRITE, (uint32_t)-1, &smh));
		x.d.local_addr = (uint64_t)(uintptr_t)src;
		x.d.local_mem_hndl = smh;
		x.d.remote_addr = peer->buf[k];
		x.d.remote_mem_hndl = peer->mh[k];
		printf("{\"bench\": \"ugni\", \"procs\": %d, \"memory\": \"%s\", "
			"\"op\": \"placement\", \"huge_kib\": %ld, \"kib\": %u}\n",
			procs, kinds[k].name, bench_huge_kib(src), MAX_SIZE >> 10);
		for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
			for (size_t s = 0; s < NSIZES; s++) {
				struct figure f;
				x.d.type = ops[o].type;
				x.rdma = ops[o].rdma;
				x.d.length = c.len = bench_sizes[s];
				side_by_side(do_xfer, &x, do_memcpy, &c, &f);
				printf("{\"bench\": \"ugni\", \"procs\": %d, "
					"\"memory\": \"%s\", \"op\": \"%s\", "
					"\"size\": %llu, ", procs, kinds[k].name,
					ops[o].name, (unsigned long long)c.len);
				print_times(&f);
				printf("}\n");
				fflush(stdout);
			}
		CHECK(GNI_MemDeregister(d->nic, &smh));
		munmap(src, MAX_SIZE);
		munmap(dst, MAX_SIZE);
	}
	CHECK(GNI_EpUnbind(x.ep));
	CHECK(GNI_EpDestroy(x.ep));
	CHECK(GNI_CqDestroy(x.cq));
}

/* SMSG: one side per domain, mailboxes exchanged by datagram. */
struct side {
	struct dom *d;
	gni_cq_handle_t cq, rx_cq;
	gni_ep_handle_t ep;
	void *box;
	gni_smsg_attr_t attr, peer_attr;
	int received;
};

static void smsg_setup(struct side *s, const struct info *peer)
{
	unsigned int size;

	CHECK(GNI_CqCreate(s->d->nic, 4 * CREDITS, 0, GNI_CQ_NOBLOCK, NULL, NULL, &s->cq));
	CHECK(GNI_CqCreate(s->d->nic, 4 * CREDITS, 0, GNI_CQ_NOBLOCK, NULL, NULL, &s->rx_cq));
	s->attr.msg_type = GNI_SMSG_TYPE_MBOX;
	s->attr.mbox_maxcredit = CREDITS;
	s->attr.msg_maxsize = 64;
	CHECK(GNI_SmsgBufferSizeNeeded(&s->attr, &size));
	s->box = calloc(1, size);
	s->attr.msg_buffer = s->box;
	s->attr.buff_size = size;
	CHECK(GNI_MemRegister(s->d->nic, (uint64_t)(uintptr_t)s->box, size, s->rx_cq,
			GNI_MEM_READWRITE, (uint32_t)-1, &s->attr.mem_hndl));
	CHECK(GNI_EpCreate(s->d->nic, s->cq, &s->ep));
	CHECK(GNI_EpBind(s->ep, peer->addr, peer->inst));
	CHECK(GNI_EpPostData(s->ep, &s->attr, sizeof s->attr,
			&s->peer_attr, sizeof s->peer_attr));
}

static void smsg_connect(struct side *s)
{
	gni_post_state_t st;
	uint32_t addr, id;

	CHECK(GNI_EpPostDataWait(s->ep, 10000, &st, &addr, &id));
	EXPECT(st == GNI_POST_COMPLETED, "datagram state %d", (int)st);
	CHECK(GNI_SmsgInit(s->ep, &s->attr, &s->peer_attr));
}

static void smsg_teardown(struct side *s)
{
	CHECK(GNI_EpDestroy(s->ep));
	CHECK(GNI_MemDeregister(s->d->nic, &s->attr.mem_hndl));
	CHECK(GNI_CqDestroy(s->cq));
	CHECK(GNI_CqDestroy(s->rx_cq));
	free(s->box);
}

/* Take every message waiting (each with its arrival event); drop send
 * events. */
static void drain(struct side *s)
{
	gni_cq_entry_t ev;
	void *hdr;

	while (GNI_SmsgGetNext(s->ep, &hdr) == GNI_RC_SUCCESS) {
		CHECK(GNI_SmsgRelease(s->ep));
		s->received++;
	}
	while (GNI_CqGetEvent(s->rx_cq, &ev) == GNI_RC_SUCCESS)
		;
	while (GNI_CqGetEvent(s->cq, &ev) == GNI_RC_SUCCESS)
		;
}

/* Send n messages from a; b (if in this process) receives them and
 * acknowledges the n-th with one message back. */
static void smsg_run(struct side *a, struct side *b, int n)
{
	uint64_t msg = 0;
	int sent = 0, base = a->received;

	while (sent < n) {
		gni_return_t rc = GNI_SmsgSend(a->ep, &msg, MSG_SIZE, NULL, 0, 0);
		if (rc == GNI_RC_SUCCESS)
			sent++;
		else
			EXPECT(rc == GNI_RC_NOT_DONE, "SmsgSend: %s", gni_err_str[rc]);
		if (b)
			drain(b);
		drain(a);
	}
	while (a->received == base) {
		if (b) {
			drain(b);
			if (b->received % n == 0 && b->received)
				CHECK(GNI_SmsgSend(b->ep, &msg, MSG_SIZE, NULL, 0, 0));
		}
		drain(a);
	}
}

/* Rank 1 of two processes: receive n, acknowledge, per round. */
static void smsg_serve(struct side *b, int n, int rounds)
{
	uint64_t msg = 0;

	for (int r = 1; r <= rounds; r++) {
		while (b->received < r * n)
			drain(b);
		CHECK(GNI_SmsgSend(b->ep, &msg, MSG_SIZE, NULL, 0, 0));
	}
}

static void smsg(const struct job *j, struct dom *d, const struct info *all)
{
	struct side s[MAX_LOCAL];

	for (int i = 0; i < j->nlocal; i++) {
		s[i] = (struct side){ .d = &d[i] };
		smsg_setup(&s[i], &all[1 - d[i].vrank]);
	}
	for (int i = 0; i < j->nlocal; i++)
		smsg_connect(&s[i]);
	double best = 1e300;
	if (j->nlocal == 1 && d[0].vrank == 1) {
		smsg_serve(&s[0], MSGS, REPS + 1);
	} else {
		struct side *b = j->nlocal == 2 ? &s[1] : NULL;
		for (int r = 0; r <= REPS; r++) {	/* round 0 warms up */
			double t0 = now_ns();
			smsg_run(&s[0], b, MSGS);
			double t = (now_ns() - t0) / MSGS;
			if (r && t < best)
				best = t;
		}
		printf("{\"bench\": \"ugni\", \"procs\": %d, \"op\": \"smsg_send\", "
			"\"size\": %d, \"ns\": %.1f}\n", j->size == 1 ? 1 : 2,
			MSG_SIZE, best);
	}
	job_barrier(j);
	for (int i = 0; i < j->nlocal; i++)
		smsg_teardown(&s[i]);
}

int main(void)
{
	struct job j;
	struct dom d[MAX_LOCAL];
	struct info mine[MAX_LOCAL], all[2];
	void *buf[MAX_LOCAL][NKINDS] = { { 0 } };

	job_init(&j, d);
	EXPECT(j.vsize == 2, "bench-ugni runs in one process or two (rdmacts-run -n 2)");
	for (int i = 0; i < j.nlocal; i++) {
		mine[i] = (struct info){ d[i].addr, (uint32_t)d[i].vrank, { 0 }, { { 0 } } };
		for (size_t k = 0; k < NKINDS; k++) {
			buf[i][k] = bench_buffer(slot(d[i].vrank, k), kinds[k].huge, 0);
			mine[i].buf[k] = (uint64_t)(uintptr_t)buf[i][k];
			CHECK(GNI_MemRegister(d[i].nic, mine[i].buf[k], MAX_SIZE, NULL,
					GNI_MEM_READWRITE, (uint32_t)-1, &mine[i].mh[k]));
		}
	}
	job_allgather(&j, mine, all, sizeof(struct info));
	if (d[0].vrank == 0)
		bandwidth(j.size == 1 ? 1 : 2, &d[0], &all[1]);
	job_barrier(&j);
	smsg(&j, d, all);
	for (int i = 0; i < j.nlocal; i++)
		for (size_t k = 0; k < NKINDS; k++) {
			CHECK(GNI_MemDeregister(d[i].nic, &mine[i].mh[k]));
			munmap(buf[i][k], MAX_SIZE);
		}
	job_fini(&j, d);
	return 0;
}
