/*
 * amo_counter.c: a counter on rank 0 incremented by every rank with
 * FMA AMOs (3.6.1, 3.12.2): N fetch-and-adds per rank, then checks
 * that the counter is ranks * N and that no two fetches saw the same
 * value.  Then the other AMO commands of the table, each checked.
 */
#include "job.h"

#define N 200

struct info {
	uint32_t addr, inst;
	uint64_t counter;
	gni_mem_handle_t mh;
};

static uint64_t amo(gni_ep_handle_t ep, gni_cq_handle_t cq, const struct info *t,
		uint64_t *result, gni_mem_handle_t rmh, gni_fma_cmd_type_t cmd,
		uint64_t op1, uint64_t op2)
{
	gni_post_descriptor_t d = { 0 };

	d.type = GNI_POST_AMO;
	d.cq_mode = GNI_CQMODE_GLOBAL_EVENT;
	d.local_addr = (uint64_t)(uintptr_t)result;
	d.local_mem_hndl = rmh;
	d.remote_addr = t->counter;
	d.remote_mem_hndl = t->mh;
	d.length = 8;
	d.amo_cmd = cmd;
	d.first_operand = op1;
	d.second_operand = op2;
	CHECK(GNI_PostFma(ep, &d));
	EXPECT(job_complete(cq) == &d, "GetCompleted: not the posted descriptor");
	return *result;
}

int main(void)
{
	struct job j;
	struct dom d[MAX_LOCAL];
	struct info mine[MAX_LOCAL], *all;
	uint64_t *counter[MAX_LOCAL], *result[MAX_LOCAL];
	gni_mem_handle_t rmh[MAX_LOCAL];
	gni_cq_handle_t cq[MAX_LOCAL];
	gni_ep_handle_t ep[MAX_LOCAL];

	job_init(&j, d);
	all = calloc((size_t)j.vsize, sizeof *all);
	for (int i = 0; i < j.nlocal; i++) {
		counter[i] = calloc(1, 8);
		result[i] = calloc(N, 8);
		CHECK(GNI_CqCreate(d[i].nic, 16, 0, GNI_CQ_BLOCKING, NULL, NULL, &cq[i]));
		CHECK(GNI_MemRegister(d[i].nic, (uint64_t)(uintptr_t)counter[i], 8,
				NULL, GNI_MEM_READWRITE, (uint32_t)-1, &mine[i].mh));
		CHECK(GNI_MemRegister(d[i].nic, (uint64_t)(uintptr_t)result[i], N * 8,
				NULL, GNI_MEM_READWRITE, (uint32_t)-1, &rmh[i]));
		mine[i].addr = d[i].addr;
		mine[i].inst = (uint32_t)d[i].vrank;
		mine[i].counter = (uint64_t)(uintptr_t)counter[i];
	}
	job_allgather(&j, mine, all, sizeof(struct info));

	for (int i = 0; i < j.nlocal; i++) {
		CHECK(GNI_EpCreate(d[i].nic, cq[i], &ep[i]));
		CHECK(GNI_EpBind(ep[i], all[0].addr, all[0].inst));
	}
	/* interleave the local ranks so that their increments race */
	for (int n = 0; n < N; n++)
		for (int i = 0; i < j.nlocal; i++)
			amo(ep[i], cq[i], &all[0], &result[i][n], rmh[i],
				GNI_FMA_ATOMIC_FADD, 1, 0);
	job_barrier(&j);

	/* every fetched value is distinct: gather them all on every rank */
	uint64_t *seen = calloc((size_t)j.vsize * N, 8);
	uint64_t *mybuf = calloc((size_t)j.nlocal * N, 8);
	for (int i = 0; i < j.nlocal; i++)
		memcpy(mybuf + (size_t)i * N, result[i], N * 8);
	job_allgather(&j, mybuf, seen, N * 8);
	uint64_t total = (uint64_t)j.vsize * N;
	unsigned char *hit = calloc(total, 1);
	for (uint64_t k = 0; k < total; k++) {
		EXPECT(seen[k] < total && !hit[seen[k]], "fetch-and-add returned %llu twice "
			"or out of range", (unsigned long long)seen[k]);
		hit[seen[k]] = 1;
	}
	for (int i = 0; i < j.nlocal; i++)
		if (d[i].vrank == 0)
			EXPECT(*counter[i] == total, "counter is %llu, expected %llu",
				(unsigned long long)*counter[i], (unsigned long long)total);
	job_barrier(&j);

	/* the rest of the table, on the last rank's counter, by rank 0 */
	for (int i = 0; i < j.nlocal; i++) {
		if (d[i].vrank != 0)
			continue;
		const struct info *t = &all[j.vsize - 1];
		gni_ep_handle_t e;
		uint64_t *r = result[i];
		CHECK(GNI_EpCreate(d[i].nic, cq[i], &e));
		CHECK(GNI_EpBind(e, t->addr, t->inst));
		struct { gni_fma_cmd_type_t cmd; uint64_t op1, op2, before, after; } rows[] = {
			{ GNI_FMA_ATOMIC_CSWAP, 0, 0xF0F0, 0, 0xF0F0 },
			{ GNI_FMA_ATOMIC_CSWAP_C, 1, 7, 0xF0F0, 0xF0F0 },	/* no swap */
			{ GNI_FMA_ATOMIC_FAND, 0xFF, 0, 0xF0F0, 0xF0 },
			{ GNI_FMA_ATOMIC_FOR_C, 0x0F00, 0, 0xF0, 0xFF0 },
			{ GNI_FMA_ATOMIC_FXOR, 0xFFF, 0, 0xFF0, 0x00F },
			{ GNI_FMA_ATOMIC_FAX, 0xF, 0x30, 0x00F, 0x03F },
			{ GNI_FMA_ATOMIC_FADD_C, 1, 0, 0x03F, 0x040 },
			{ GNI_FMA_ATOMIC_ADD, 2, 0, 0, 0x042 },
			{ GNI_FMA_ATOMIC_AND, 0x40, 0, 0, 0x040 },
			{ GNI_FMA_ATOMIC_OR_C, 0x3, 0, 0, 0x043 },
			{ GNI_FMA_ATOMIC_XOR, 0x1, 0, 0, 0x042 },
			{ GNI_FMA_ATOMIC_AX_C, 0xF0, 0x5, 0, 0x045 },
		};
		/* start from 0: swap the counter (total) to 0 first */
		amo(e, cq[i], t, r, rmh[i], GNI_FMA_ATOMIC_FAND, 0, 0);
		uint64_t got;
		for (size_t k = 0; k < sizeof rows / sizeof rows[0]; k++) {
			r[1] = 0xDEAD;
			got = amo(e, cq[i], t, &r[1], rmh[i], rows[k].cmd, rows[k].op1, rows[k].op2);
			if (rows[k].cmd & 0x100)	/* PUT semantics: nothing fetched */
				EXPECT(got == 0xDEAD, "AMO %#x fetched a value", rows[k].cmd);
			else
				EXPECT(got == rows[k].before, "AMO %#x fetched %#llx, expected %#llx",
					rows[k].cmd, (unsigned long long)got,
					(unsigned long long)rows[k].before);
			got = amo(e, cq[i], t, &r[2], rmh[i], GNI_FMA_ATOMIC_FADD, 0, 0);
			EXPECT(got == rows[k].after, "after AMO %#x: %#llx, expected %#llx",
				rows[k].cmd, (unsigned long long)got,
				(unsigned long long)rows[k].after);
		}
		CHECK(GNI_EpUnbind(e));
		CHECK(GNI_EpDestroy(e));
	}
	job_barrier(&j);

	for (int i = 0; i < j.nlocal; i++) {
		CHECK(GNI_EpDestroy(ep[i]));
		CHECK(GNI_MemDeregister(d[i].nic, &mine[i].mh));
		CHECK(GNI_MemDeregister(d[i].nic, &rmh[i]));
		CHECK(GNI_CqDestroy(cq[i]));
		free(counter[i]);
		free(result[i]);
	}
	if (j.rank == 0)
		printf("amo_counter: %d ranks x %d fetch-and-adds = %llu, AMO table checked\n",
			j.vsize, N, (unsigned long long)total);
	free(seen);
	free(mybuf);
	free(hit);
	free(all);
	job_fini(&j, d);
	return 0;
}
