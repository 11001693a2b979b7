/*
 * job.h: what the uGNI examples share: joining the job, one
 * communication domain per rank, exchanging addresses through PMI.
 *
 * Started through rdmacts-run (-n N), every process is one rank with
 * one domain (inst_id = rank).  Started alone, the process plays two
 * ranks with two domains, which talk through the NIC exactly as two
 * processes do.  The protection tag and cookie come from the launcher
 * (PMI_GNI_PTAG, PMI_GNI_COOKIE), as on a Cray system.
 */
#ifndef EXAMPLES_UGNI_JOB_H
#define EXAMPLES_UGNI_JOB_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gni_pub.h"
#include "pmi.h"

#define CHECK(call) do { gni_return_t rc_ = (call); if (rc_ != GNI_RC_SUCCESS) { \
	fprintf(stderr, "%s:%d: %s -> %s\n", __FILE__, __LINE__, #call, \
		gni_err_str[rc_]); exit(1); } } while (0)
#define EXPECT(cond, ...) do { if (!(cond)) { fprintf(stderr, __VA_ARGS__); \
	fputc('\n', stderr); exit(1); } } while (0)

#define MAX_LOCAL 2

struct job {
	int rank, size;		/* PMI rank and size */
	int nlocal;		/* domains in this process */
	int vsize;		/* ranks of the example */
	uint8_t ptag;
	uint32_t cookie;
};

struct dom {
	int vrank;
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	uint32_t addr;
};

static inline unsigned long env_num(const char *name, unsigned long dflt)
{
	const char *s = getenv(name);
	return s && *s ? strtoul(s, NULL, 0) : dflt;
}

static inline void job_init(struct job *j, struct dom *d)
{
	int spawned;

	EXPECT(PMI_Init(&spawned) == PMI_SUCCESS, "PMI_Init failed");
	PMI_Get_rank(&j->rank);
	PMI_Get_size(&j->size);
	j->nlocal = j->size == 1 ? 2 : 1;
	j->vsize = j->size == 1 ? 2 : j->size;
	j->ptag = (uint8_t)env_num("PMI_GNI_PTAG", 10);
	j->cookie = (uint32_t)env_num("PMI_GNI_COOKIE", 0x5a5a0000);
	for (int i = 0; i < j->nlocal; i++) {
		d[i].vrank = j->size == 1 ? i : j->rank;
		CHECK(GNI_CdmCreate((uint32_t)d[i].vrank, j->ptag, j->cookie,
				GNI_CDM_MODE_FORK_PARTCOPY, &d[i].cdm));
		CHECK(GNI_CdmAttach(d[i].cdm, 0, &d[i].addr, &d[i].nic));
	}
}

/* Every rank's `len` bytes, in rank order. */
static inline void job_allgather(const struct job *j, const void *mine, void *all, size_t len)
{
	if (j->size == 1)
		memcpy(all, mine, len * (size_t)j->nlocal);
	else
		EXPECT(PMI_Allgather((void *)mine, all, (int)len) == PMI_SUCCESS,
				"PMI_Allgather failed");
}

static inline void job_barrier(const struct job *j)
{
	if (j->size > 1)
		PMI_Barrier();
}

static inline void job_fini(const struct job *j, struct dom *d)
{
	for (int i = 0; i < j->nlocal; i++)
		CHECK(GNI_CdmDestroy(d[i].cdm));
	PMI_Finalize();
}

/* Wait for one event on cq and hand back its descriptor. */
static inline gni_post_descriptor_t *job_complete(gni_cq_handle_t cq)
{
	gni_cq_entry_t ev;
	gni_post_descriptor_t *pd;

	CHECK(GNI_CqWaitEvent(cq, 10000, &ev));
	CHECK(GNI_GetCompleted(cq, ev, &pd));
	return pd;
}

#endif
