/*
 * dmapp.c: transfers into memory the model owns, and the cost of the
 * DMAPP layer over uGNI, between 2 PEs (rdmacts-run -n 2 bench-dmapp).
 *
 * PE 0 measures blocking dmapp_put and dmapp_get between its symmetric
 * heap and PE 1's, and dmapp_afadd_qw, each side by side with the same
 * transfer done directly through uGNI and with memcpy of the same size
 * between two buffers of its own heap.  The uGNI side is a domain of its
 * own (inst_id 1000 + PE) that registers the same heap buffers (memory
 * the model owns: ref/nic/shm.c) and posts one GNI_PostFma below DMAPP's
 * offload threshold and one GNI_PostRdma from it on (as DMAPP chooses),
 * a global event waited for.  One JSON object per figure on stdout.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dmapp.h"
#include "gni_pub.h"
#include "pmi.h"
#include "timing.h"

#define GCHECK(call) do { gni_return_t rc_ = (call); if (rc_ != GNI_RC_SUCCESS) { \
	fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #call, \
		gni_err_str[rc_]); exit(1); } } while (0)
#define DCHECK(call) do { dmapp_return_t rc_ = (call); if (rc_ != DMAPP_RC_SUCCESS) { \
	fprintf(stderr, "%s:%d: %s -> %d\n", __FILE__, __LINE__, #call, \
		(int)rc_); exit(1); } } while (0)

struct info {
	uint32_t addr, inst;
	uint64_t buf;
	gni_mem_handle_t mh;
};

/* The uGNI side: one domain; the heap's local and exported buffers. */
static struct {
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	gni_cq_handle_t cq;
	gni_ep_handle_t ep;
	unsigned char *local, *exported;
	gni_mem_handle_t local_mh;
	struct info mine, peer;
	uint32_t threshold;
} g;

static unsigned long env_num(const char *name, unsigned long dflt)
{
	const char *s = getenv(name);
	return s && *s ? strtoul(s, NULL, 0) : dflt;
}

static void gni_setup(int pe, unsigned char *local, unsigned char *exported)
{
	struct info all[2];
	uint32_t addr;

	GCHECK(GNI_CdmCreate(1000u + (uint32_t)pe, (uint8_t)env_num("PMI_GNI_PTAG", 0),
			(uint32_t)env_num("PMI_GNI_COOKIE", 0), 0, &g.cdm));
	GCHECK(GNI_CdmAttach(g.cdm, 0, &addr, &g.nic));
	GCHECK(GNI_CqCreate(g.nic, 64, 0, GNI_CQ_NOBLOCK, NULL, NULL, &g.cq));
	g.local = local;
	g.exported = exported;
	GCHECK(GNI_MemRegister(g.nic, (uint64_t)(uintptr_t)g.local, MAX_SIZE, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &g.local_mh));
	g.mine = (struct info){ addr, 1000u + (uint32_t)pe,
		(uint64_t)(uintptr_t)g.exported, { 0 } };
	GCHECK(GNI_MemRegister(g.nic, g.mine.buf, MAX_SIZE, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &g.mine.mh));
	if (PMI_Allgather(&g.mine, all, sizeof g.mine) != PMI_SUCCESS) {
		fprintf(stderr, "PMI_Allgather failed\n");
		exit(1);
	}
	g.peer = all[1 - pe];
	GCHECK(GNI_EpCreate(g.nic, g.cq, &g.ep));
	GCHECK(GNI_EpBind(g.ep, g.peer.addr, g.peer.inst));
}

static void gni_teardown(void)
{
	GCHECK(GNI_EpUnbind(g.ep));
	GCHECK(GNI_EpDestroy(g.ep));
	GCHECK(GNI_MemDeregister(g.nic, &g.local_mh));
	GCHECK(GNI_MemDeregister(g.nic, &g.mine.mh));
	GCHECK(GNI_CqDestroy(g.cq));
	GCHECK(GNI_CdmDestroy(g.cdm));
}

/* One transfer through uGNI, posted and completed. */
struct gop {
	int put, amo;
	uint64_t len;
};

static void gni_op(void *p)
{
	const struct gop *o = p;
	gni_post_descriptor_t d = { 0 }, *pd;
	gni_cq_entry_t ev;
	gni_return_t rc;
	int rdma = !o->amo && o->len >= g.threshold;

	d.type = o->amo ? GNI_POST_AMO : o->put ?
		(rdma ? GNI_POST_RDMA_PUT : GNI_POST_FMA_PUT) :
		(rdma ? GNI_POST_RDMA_GET : GNI_POST_FMA_GET);
	d.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
	d.dlvr_mode = GNI_DLVMODE_NO_ADAPT;	/* DMAPP's default routing */
	d.local_addr = (uint64_t)(uintptr_t)g.local;
	d.local_mem_hndl = g.local_mh;
	d.remote_addr = g.peer.buf;
	d.remote_mem_hndl = g.peer.mh;
	d.length = o->amo ? 8 : o->len;
	d.amo_cmd = GNI_FMA_ATOMIC_FADD;
	d.first_operand = 1;
	GCHECK(rdma ? GNI_PostRdma(g.ep, &d) : GNI_PostFma(g.ep, &d));
	while ((rc = GNI_CqGetEvent(g.cq, &ev)) == GNI_RC_NOT_DONE)
		;
	GCHECK(rc);
	GCHECK(GNI_GetCompleted(g.cq, ev, &pd));
}

/* The same through DMAPP. */
struct dop {
	int put, amo;
	uint64_t len;
	void *local, *remote;
	dmapp_seg_desc_t *seg;
};

static void dmapp_op(void *p)
{
	const struct dop *o = p;

	if (o->amo)
		DCHECK(dmapp_afadd_qw(o->local, o->remote, o->seg, 1, 1));
	else if (o->put)
		DCHECK(dmapp_put(o->remote, o->seg, 1, o->local, o->len, DMAPP_BYTE));
	else
		DCHECK(dmapp_get(o->local, o->remote, o->seg, 1, o->len, DMAPP_BYTE));
}

static void times(const char *key, const double *t)
{
	printf(", \"%s\": [", key);
	for (int r = 0; r < REPS; r++)
		printf("%s%.1f", r ? ", " : "", t[r]);
	printf("]");
}

/* REPS runs of DMAPP, uGNI and memcpy, alternating. */
static void measure(const char *op, struct dop *d, struct gop *o,
		    struct copy_arg *c)
{
	double tdm[REPS], tgni[REPS], tmc[REPS];

	for (int r = 0; r < REPS; r++) {
		tdm[r] = run_once(dmapp_op, d);
		tgni[r] = run_once(gni_op, o);
		tmc[r] = run_once(do_memcpy, c);
	}
	printf("{\"bench\": \"dmapp\", \"procs\": 2, \"memory\": \"sheap\", "
		"\"op\": \"%s\", \"size\": %llu", op, (unsigned long long)d->len);
	times("ns", tdm);
	times("ugni_ns", tgni);
	times("memcpy_ns", tmc);
	printf("}\n");
	fflush(stdout);
}

int main(void)
{
	dmapp_jobinfo_t job;
	dmapp_rma_attrs_t req = { 0 }, act;
	int spawned;

	/* room for three buffers of MAX_SIZE */
	setenv("XT_SYMMETRIC_HEAP_SIZE", "64M", 0);
	if (PMI_Init(&spawned) != PMI_SUCCESS) {
		fprintf(stderr, "PMI_Init failed\n");
		return 1;
	}
	req.max_outstanding_nb = DMAPP_DEF_OUTSTANDING_NB;
	req.offload_threshold = DMAPP_OFFLOAD_THRESHOLD;
	req.put_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	req.get_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	req.max_concurrency = 1;
	DCHECK(dmapp_init(&req, &act));
	DCHECK(dmapp_get_jobinfo(&job));
	if (job.npes != 2) {
		fprintf(stderr, "bench-dmapp runs on 2 PEs (rdmacts-run -n 2)\n");
		return 1;
	}
	g.threshold = act.offload_threshold;
	/* Written: a never-written source would be the kernel's zero page,
	 * always in cache. */
	unsigned char *local = dmapp_sheap_malloc(MAX_SIZE);
	unsigned char *remote = dmapp_sheap_malloc(MAX_SIZE);
	unsigned char *scratch = dmapp_sheap_malloc(MAX_SIZE);
	if (!local || !remote || !scratch) {
		fprintf(stderr, "dmapp_sheap_malloc failed\n");
		return 1;
	}
	memset(local, 1, MAX_SIZE);
	memset(remote, 2, MAX_SIZE);
	memset(scratch, 3, MAX_SIZE);
	gni_setup(job.pe, local, remote);
	PMI_Barrier();

	if (job.pe == 0) {
		struct dop d = { 0, 0, 0, local, remote, &job.sheap_seg };
		struct gop o = { 0, 0, 0 };
		struct copy_arg c = { scratch, local, 0 };
		for (int put = 1; put >= 0; put--)
			for (size_t s = 0; s < NSIZES; s++) {
				d.put = o.put = put;
				d.len = o.len = c.len = bench_sizes[s];
				measure(put ? "put" : "get", &d, &o, &c);
			}
		d.amo = o.amo = 1;
		d.len = o.len = c.len = 8;
		measure("afadd_qw", &d, &o, &c);
	}
	PMI_Barrier();
	gni_teardown();
	dmapp_sheap_free(scratch);
	dmapp_sheap_free(remote);
	dmapp_sheap_free(local);
	DCHECK(dmapp_finalize());
	PMI_Finalize();
	return 0;
}
