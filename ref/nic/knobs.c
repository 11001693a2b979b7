/*
 * knobs.c: test-control knobs, read once from the environment.
 * All are off by default; docs/nic-model.md describes them.
 *
 *   RDMACTS_NIC_FAIL_NTH=n      the n-th transaction posted by this
 *                               process fails with a transaction error
 *   RDMACTS_NIC_NOMEM_NTH=n     the n-th allocation of this process fails
 *   RDMACTS_NIC_LIMIT_MDD=n     at most n registrations per ptag
 *   RDMACTS_NIC_LIMIT_CQ=n      at most n completion queues per ptag
 *   RDMACTS_NIC_LIMIT_FMA=n     at most n attached domains per ptag
 *   RDMACTS_NIC_LIMIT_BTE=n     at most n RDMA transactions in flight
 *   RDMACTS_NIC_LIMIT_DGRAM=n   at most n datagrams in the fabric
 *   RDMACTS_NIC_SCHEDULE_SEED=s adversarial schedule: local completion
 *                               events are delayed and reordered
 *   RDMACTS_TC_DECLINE=mask|all the capability profile: capabilities the
 *                               libraries behave as lacking
 *                               (include/rdmacts_test_control.h)
 *   RDMACTS_TC_PRIVILEGED=1     a caller with effective uid 0 is privileged
 *   RDMACTS_TC_ARIES=1          the NIC is an Aries (default: a Gemini)
 *   RDMACTS_TC_CRAY=1           the cray profile: a user process attaches
 *                               only with its job's credentials, and
 *                               configuring jobs is privileged (jobcred.c)
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "nic.h"

static struct nic_knobs k;
static int loaded;
static uint64_t profile_decline;	/* the environment's profile */
static int profile_privileged;
static int profile_aries;
static uint64_t transactions, allocations, rng;

static int64_t num(const char *name, int64_t dflt)
{
	const char *s = getenv(name);
	return s && *s ? strtoll(s, NULL, 0) : dflt;
}

const struct nic_knobs *nic_knobs(void)
{
	if (!loaded) {
		static const char *names[NIC_RES_COUNT] = {
			"RDMACTS_NIC_LIMIT_MDD", "RDMACTS_NIC_LIMIT_CQ",
			"RDMACTS_NIC_LIMIT_FMA", "RDMACTS_NIC_LIMIT_BTE" };
		k.fail_nth = (uint64_t)num("RDMACTS_NIC_FAIL_NTH", 0);
		k.nomem_nth = (uint64_t)num("RDMACTS_NIC_NOMEM_NTH", 0);
		for (int r = 0; r < NIC_RES_COUNT; r++)
			k.limit[r] = num(names[r], -1);
		k.limit_dgram = num("RDMACTS_NIC_LIMIT_DGRAM", -1);
		k.schedule = getenv("RDMACTS_NIC_SCHEDULE_SEED") != NULL;
		k.seed = (uint64_t)num("RDMACTS_NIC_SCHEDULE_SEED", 0);
		rng = k.seed * 2862933555777941757ull + 3037000493ull;
		const char *d = getenv("RDMACTS_TC_DECLINE");
		profile_decline = d && !strcmp(d, "all") ? UINT64_MAX :
			(uint64_t)num("RDMACTS_TC_DECLINE", 0);
		profile_privileged = num("RDMACTS_TC_PRIVILEGED", 0) != 0;
		profile_aries = num("RDMACTS_TC_ARIES", 0) != 0;
		k.decline = profile_decline;
		k.privileged = profile_privileged;
		k.aries = profile_aries;
		k.cray = num("RDMACTS_TC_CRAY", 0) != 0;
		loaded = 1;
	}
	return &k;
}

/* Runtime changes (rdmacts_test_control, ref/ugni/test_control.c): the
 * counters restart, so "the n-th from now" counts from this call. */
void nic_knobs_reset(void)
{
	nic_knobs();
	k.fail_nth = k.nomem_nth = 0;
	for (int r = 0; r < NIC_RES_COUNT; r++)
		k.limit[r] = -1;
	k.limit_dgram = -1;
	k.schedule = 0;
	k.seed = 0;
	k.decline = profile_decline;
	k.privileged = profile_privileged;
	k.aries = profile_aries;
}

void nic_knobs_fail_nth(uint64_t n)
{
	nic_knobs();
	k.fail_nth = n;
	transactions = 0;
}

void nic_knobs_nomem_nth(uint64_t n)
{
	nic_knobs();
	k.nomem_nth = n;
	allocations = 0;
}

void nic_knobs_limit(int res, int64_t n)	/* res NIC_RES_COUNT: datagrams */
{
	nic_knobs();
	if (res == NIC_RES_COUNT)
		k.limit_dgram = n;
	else
		k.limit[res] = n;
}

void nic_knobs_schedule(uint64_t seed)
{
	nic_knobs();
	k.schedule = seed != 0;
	k.seed = seed;
	rng = seed * 2862933555777941757ull + 3037000493ull;
}

void nic_knobs_decline(uint64_t mask)
{
	nic_knobs();
	k.decline = mask;
}

void nic_knobs_privileged(int on)
{
	nic_knobs();
	k.privileged = on;
}

void nic_knobs_aries(int on)
{
	nic_knobs();
	k.aries = on;
}

/* The NIC generation the model presents: 1 Aries, 0 Gemini. */
int nic_aries(void)
{
	return nic_knobs()->aries;
}

int nic_declines(uint64_t cap)
{
	return (nic_knobs()->decline & cap) != 0;
}

/* The model's only privileged caller: root, when the profile has one. */
int nic_privileged(void)
{
	return nic_knobs()->privileged && geteuid() == 0;
}

int nic_fault_transaction(void)
{
	const struct nic_knobs *kn = nic_knobs();
	return kn->fail_nth && ++transactions == kn->fail_nth;
}

void *nic_alloc(size_t size)
{
	const struct nic_knobs *kn = nic_knobs();
	if (kn->nomem_nth && ++allocations == kn->nomem_nth)
		return NULL;
	return calloc(1, size);
}

/* The working memory of a call the spec documents GNI_RC_ERROR_NOMEM for
 * but whose model needs no heap object: counted as one allocation, so the
 * allocation-failure knob reaches it.  1: the allocation fails. */
int nic_alloc_fails(void)
{
	const struct nic_knobs *kn = nic_knobs();
	return kn->nomem_nth && ++allocations == kn->nomem_nth;
}

uint32_t nic_random(uint32_t bound)
{
	nic_knobs();
	rng ^= rng << 13;	/* xorshift64 */
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return bound ? (uint32_t)(rng % bound) : 0;
}
