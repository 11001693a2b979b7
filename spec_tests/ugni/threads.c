/*
 * threads.c: several threads, each with its own communication domain,
 * calling uGNI at the same time (E-UGNI-008: calls on distinct domains
 * may run concurrently; a thread waiting in a call keeps no other thread
 * out).  The shape of UCX's own unit tests, which run four sender
 * threads, each with its own interface and so its own domain, posting
 * AMOs to one receiver (test/gtest/uct/test_amo.cc), and PUTs and GETs
 * between two (test_p2p_rma.cc).
 *
 * The scene: NT worker threads each make their own domain (CdmCreate,
 * CdmAttach, a CQ, an endpoint bound to the target domain, a
 * registration), all at once; then run their traffic in rounds, every
 * round started by all of them together at a barrier, so that their
 * calls overlap by construction rather than by luck; then take their
 * domains down, all at once.  The target domain belongs to the main
 * thread and is only the destination of the workers' one-sided traffic.
 * A worker notes its first failure and from then on only keeps the
 * barriers; the main thread makes every check after joining them.
 */
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <time.h>
#include <unistd.h>
#include "fixture.h"

#define NT 4			/* workers, as UCX's AMO tests */
#define WIN 16			/* posts in flight per worker and round */
#define SLOT 256		/* bytes per post */
#define INST0 1000		/* worker i's domain is inst_id INST0 + i */
#define TINST 999		/* the target domain */
#define REAP_MS 5000		/* a worker's events must come within this */
#define DGRAM_MS 5000		/* and its datagrams complete within this */

#define C_FMA "UGNI-3-mt-domains-fma"
#define C_RDMA "UGNI-3-mt-domains-rdma"
#define C_AMO "UGNI-3-mt-domains-amo"
#define C_DGRAM "UGNI-3-mt-domains-datagram"
#define C_OBJ "UGNI-3-mt-domains-objects"
#define C_WAIT "UGNI-3-mt-wait-others-go-on"

enum { T_FMA = 1, T_RDMA = 2, T_AMO = 4, T_DGRAM = 8, T_OBJ = 16 };

struct mt;

struct worker {
	struct mt *mt;
	int i;
	pthread_t tid;
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	gni_cq_handle_t cq;
	gni_ep_handle_t ep;		/* bound to the target domain */
	gni_ep_handle_t dg_ep;		/* bound to the partner's domain */
	uint32_t addr;
	unsigned char *mem;		/* WIN slots, then WIN AMO results */
	gni_mem_handle_t mh;
	gni_post_descriptor_t d[WIN];
	uint64_t *fetched;		/* every value the AMOs fetched */
	size_t nfetched;
	const char *clause;		/* first failure: its clause */
	char what[200];			/* and what happened */
};

struct mt {
	unsigned traffic;		/* T_* bits */
	int rounds;
	uint8_t ptag;			/* the job's credentials (fixture.h) */
	uint32_t cookie, dev;
	pthread_barrier_t bar;
	atomic_int abort;		/* a worker failed: the others stop too */
	uint32_t taddr;
	gni_cdm_handle_t tcdm;
	gni_nic_handle_t tnic;
	unsigned char *tmem;		/* NT * WIN slots, then the AMO word */
	gni_mem_handle_t tmh;
	struct worker w[NT];
};

static double now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

/* Notes the worker's first failure; false, for `return fail(...)`. */
__attribute__((format(printf, 3, 4)))
static bool fail(struct worker *w, const char *clause, const char *fmt, ...)
{
	va_list ap;

	if (!w->clause) {
		w->clause = clause;
		va_start(ap, fmt);
		vsnprintf(w->what, sizeof w->what, fmt, ap);
		va_end(ap);
	}
	atomic_store(&w->mt->abort, 1);
	return false;
}

#define CALL(w, clause, call) \
	((rc_ = (call)) == GNI_RC_SUCCESS || \
	 fail(w, clause, "%s returned %d", #call, (int)rc_))

static unsigned char *tslot(struct mt *m, int i, int k)
{
	return m->tmem + ((size_t)i * WIN + (size_t)k) * SLOT;
}

static uint64_t *amo_word(struct mt *m)
{
	return (uint64_t *)(void *)(m->tmem + (size_t)NT * WIN * SLOT);
}

static unsigned seed(const struct worker *w, int r, int k)
{
	return (unsigned)(w->i * 1000003 + r * WIN + k + 1);
}

/* Reaps the n posts of w->d: every one completes on w's CQ, and
 * GetCompleted hands back exactly those descriptors, each once. */
static bool reap(struct worker *w, int n, const char *clause)
{
	unsigned seen = 0;
	double t0 = now_ms();
	gni_return_t rc_;

	for (int got = 0; got < n; ) {
		gni_cq_entry_t ev = 0;
		gni_post_descriptor_t *pd = NULL;
		gni_return_t rc = GNI_CqGetEvent(w->cq, &ev);
		if (rc == GNI_RC_NOT_DONE) {
			if (now_ms() - t0 > REAP_MS)
				return fail(w, clause, "%d of %d completion events "
						"in %d ms", got, n, REAP_MS);
			continue;
		}
		if (rc != GNI_RC_SUCCESS)
			return fail(w, clause, "GNI_CqGetEvent returned %d", (int)rc);
		if (!CALL(w, clause, GNI_GetCompleted(w->cq, ev, &pd)))
			return false;
		long k = pd - w->d;
		if (k < 0 || k >= n || (seen & (1u << k)))
			return fail(w, clause, "GNI_GetCompleted gave a descriptor "
					"this thread did not post, or one twice (%p)",
					(void *)pd);
		seen |= 1u << k;
		got++;
	}
	return true;
}

static gni_return_t post(struct worker *w, gni_post_descriptor_t *d, int rdma)
{
	return rdma ? GNI_PostRdma(w->ep, d) : GNI_PostFma(w->ep, d);
}

/* WIN PUTs of patterned slots into the worker's slots of the target,
 * then WIN GETs of them back: the data arrive both ways. */
static bool put_get(struct worker *w, int r, int rdma)
{
	struct mt *m = w->mt;
	const char *c = rdma ? C_RDMA : C_FMA;
	gni_return_t rc_;

	for (int k = 0; k < WIN; k++) {
		fx_pattern(w->mem + k * SLOT, SLOT, seed(w, r, k));
		w->d[k] = fx_desc(rdma ? GNI_POST_RDMA_PUT : GNI_POST_FMA_PUT,
				GNI_CQMODE_GLOBAL_EVENT, w->mem + k * SLOT, w->mh,
				tslot(m, w->i, k), m->tmh, SLOT);
		if (!CALL(w, c, post(w, &w->d[k], rdma)))
			return false;
	}
	if (!reap(w, WIN, c))
		return false;
	for (int k = 0; k < WIN; k++)
		if (memcmp(tslot(m, w->i, k), w->mem + k * SLOT, SLOT) != 0)
			return fail(w, c, "PUT %d of round %d: the target's slot "
					"does not hold what was sent", k, r);
	memset(w->mem, 0, (size_t)WIN * SLOT);
	for (int k = 0; k < WIN; k++) {
		w->d[k] = fx_desc(rdma ? GNI_POST_RDMA_GET : GNI_POST_FMA_GET,
				GNI_CQMODE_GLOBAL_EVENT, w->mem + k * SLOT, w->mh,
				tslot(m, w->i, k), m->tmh, SLOT);
		if (!CALL(w, c, post(w, &w->d[k], rdma)))
			return false;
	}
	if (!reap(w, WIN, c))
		return false;
	for (int k = 0; k < WIN; k++)
		if (memcmp(tslot(m, w->i, k), w->mem + k * SLOT, SLOT) != 0)
			return fail(w, c, "GET %d of round %d: the local slot "
					"does not hold the target's data", k, r);
	return true;
}

/* WIN fetch-and-adds of 1 on the one word all workers add to; the
 * fetched values are kept for the main thread's check. */
static bool amo(struct worker *w)
{
	struct mt *m = w->mt;
	uint64_t *res = (uint64_t *)(void *)(w->mem + (size_t)WIN * SLOT);
	gni_return_t rc_;

	for (int k = 0; k < WIN; k++) {
		res[k] = UINT64_MAX;
		w->d[k] = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT, &res[k],
				w->mh, amo_word(m), m->tmh, 8);
		w->d[k].amo_cmd = GNI_FMA_ATOMIC_FADD;
		w->d[k].first_operand = 1;
		if (!CALL(w, C_AMO, GNI_PostFma(w->ep, &w->d[k])))
			return false;
	}
	if (!reap(w, WIN, C_AMO))
		return false;
	for (int k = 0; k < WIN; k++)
		w->fetched[w->nfetched++] = res[k];
	return true;
}

/* One datagram each way with the partner (worker i ^ 1), which posts
 * in the same round: EpPostDataWait completes it, with the partner's
 * data for this round. */
static bool dgram(struct worker *w, int r)
{
	int p = w->i ^ 1;
	uint32_t in[8], out[32], want[8], ra = 0, rid = 0;
	gni_post_state_t st = GNI_POST_PENDING;
	gni_return_t rc_;

	for (int k = 0; k < 8; k++) {
		in[k] = (uint32_t)(w->i << 24) ^ (uint32_t)(r << 4) ^ (uint32_t)k;
		want[k] = (uint32_t)(p << 24) ^ (uint32_t)(r << 4) ^ (uint32_t)k;
	}
	memset(out, 0, sizeof out);
	if (!CALL(w, C_DGRAM, GNI_EpPostData(w->dg_ep, in, sizeof in, out,
			sizeof out)))
		return false;
	if (!CALL(w, C_DGRAM, GNI_EpPostDataWait(w->dg_ep, DGRAM_MS, &st, &ra,
			&rid)))
		return false;
	if (st != GNI_POST_COMPLETED || rid != INST0 + (uint32_t)p ||
			memcmp(out, want, sizeof want) != 0)
		return fail(w, C_DGRAM, "datagram of round %d: state %d, remote "
				"id %u, data %s the partner's", r, (int)st,
				(unsigned)rid, memcmp(out, want, sizeof want) ?
				"not" : "as");
	return true;
}

/* A CQ, an endpoint and a registration made, used once and destroyed,
 * while the other workers do the same. */
static bool objects(struct worker *w, int r)
{
	struct mt *m = w->mt;
	gni_cq_handle_t cq = NULL;
	gni_ep_handle_t ep = NULL;
	gni_mem_handle_t mh;
	gni_post_descriptor_t d;
	gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *pd = NULL;
	gni_return_t rc_, rc;
	double t0;

	fx_pattern(w->mem, 64, seed(w, r, 0));
	if (!CALL(w, C_OBJ, GNI_CqCreate(w->nic, 16, 0, GNI_CQ_NOBLOCK, NULL,
			NULL, &cq)) ||
	    !CALL(w, C_OBJ, GNI_EpCreate(w->nic, cq, &ep)) ||
	    !CALL(w, C_OBJ, GNI_EpBind(ep, m->taddr, TINST)) ||
	    !CALL(w, C_OBJ, GNI_MemRegister(w->nic, U64(w->mem), 64, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &mh)))
		return false;
	d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT, w->mem, mh,
			tslot(m, w->i, 0), m->tmh, 64);
	if (!CALL(w, C_OBJ, GNI_PostFma(ep, &d)))
		return false;
	for (t0 = now_ms(); (rc = GNI_CqGetEvent(cq, &ev)) == GNI_RC_NOT_DONE; )
		if (now_ms() - t0 > REAP_MS)
			return fail(w, C_OBJ, "no completion event in %d ms", REAP_MS);
	if (rc != GNI_RC_SUCCESS)
		return fail(w, C_OBJ, "GNI_CqGetEvent returned %d", (int)rc);
	if (!CALL(w, C_OBJ, GNI_GetCompleted(cq, ev, &pd)))
		return false;
	if (pd != &d || memcmp(tslot(m, w->i, 0), w->mem, 64) != 0)
		return fail(w, C_OBJ, "round %d: %s", r, pd != &d ?
				"GetCompleted gave another descriptor" :
				"the PUT's data did not arrive");
	return CALL(w, C_OBJ, GNI_MemDeregister(w->nic, &mh)) &&
		CALL(w, C_OBJ, GNI_EpUnbind(ep)) &&
		CALL(w, C_OBJ, GNI_EpDestroy(ep)) &&
		CALL(w, C_OBJ, GNI_CqDestroy(cq));
}

static bool round_of(struct worker *w, int r)
{
	unsigned t = w->mt->traffic;

	return (!(t & T_FMA) || put_get(w, r, 0)) &&
		(!(t & T_RDMA) || put_get(w, r, 1)) &&
		(!(t & T_AMO) || amo(w)) &&
		(!(t & T_DGRAM) || dgram(w, r)) &&
		(!(t & T_OBJ) || objects(w, r));
}

/* The worker's own domain, made while the others make theirs. */
static bool domain_up(struct worker *w)
{
	struct mt *m = w->mt;
	size_t len = (size_t)WIN * SLOT + WIN * 8;
	gni_return_t rc_;

	w->mem = calloc(1, len);
	if (!w->mem)
		return fail(w, "-", "out of memory");
	return CALL(w, C_OBJ, GNI_CdmCreate(INST0 + (uint32_t)w->i, m->ptag,
			m->cookie, 0, &w->cdm)) &&
		CALL(w, C_OBJ, GNI_CdmAttach(w->cdm, m->dev, &w->addr, &w->nic)) &&
		CALL(w, C_OBJ, GNI_CqCreate(w->nic, 4 * WIN, 0, GNI_CQ_NOBLOCK,
			NULL, NULL, &w->cq)) &&
		CALL(w, C_OBJ, GNI_EpCreate(w->nic, w->cq, &w->ep)) &&
		CALL(w, C_OBJ, GNI_EpBind(w->ep, m->taddr, TINST)) &&
		CALL(w, C_OBJ, GNI_EpCreate(w->nic, NULL, &w->dg_ep)) &&
		/* every domain of the process is on the same device: the
		 * partner's address is this one's */
		CALL(w, C_OBJ, GNI_EpBind(w->dg_ep, w->addr,
			INST0 + (uint32_t)(w->i ^ 1))) &&
		CALL(w, C_OBJ, GNI_MemRegister(w->nic, U64(w->mem), len, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &w->mh));
}

static void domain_down(struct worker *w)
{
	gni_return_t rc_;

	if (w->nic && !CALL(w, C_OBJ, GNI_MemDeregister(w->nic, &w->mh)))
		return;
	if (w->ep && !(CALL(w, C_OBJ, GNI_EpUnbind(w->ep)) &&
			CALL(w, C_OBJ, GNI_EpDestroy(w->ep))))
		return;
	if (w->dg_ep && !CALL(w, C_OBJ, GNI_EpDestroy(w->dg_ep)))
		return;
	if (w->cq && !CALL(w, C_OBJ, GNI_CqDestroy(w->cq)))
		return;
	if (w->cdm)
		(void)CALL(w, C_OBJ, GNI_CdmDestroy(w->cdm));
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct mt *m = w->mt;

	pthread_barrier_wait(&m->bar);
	domain_up(w);
	pthread_barrier_wait(&m->bar);
	for (int r = 0; r < m->rounds; r++) {
		pthread_barrier_wait(&m->bar);
		if (!atomic_load(&m->abort))
			round_of(w, r);
	}
	pthread_barrier_wait(&m->bar);
	if (!w->clause)
		domain_down(w);
	return NULL;
}

/* The target domain, the main thread's. */
static void target_up(struct mt *m)
{
	size_t len = (size_t)NT * WIN * SLOT + 64;

	m->ptag = FX_PTAG;
	m->cookie = FX_COOKIE;
	m->dev = fx_dev();
	m->tmem = calloc(1, len);
	RT_REQUIRE_TRUE(m->tmem != NULL, "-");
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(TINST, m->ptag, m->cookie, 0, &m->tcdm),
			GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	RT_REQUIRE_EQ_INT(GNI_CdmAttach(m->tcdm, m->dev, &m->taddr, &m->tnic),
			GNI_RC_SUCCESS, "UGNI-3.2.4-success");
	RT_REQUIRE_EQ_INT(GNI_MemRegister(m->tnic, U64(m->tmem), len, NULL,
			GNI_MEM_READWRITE, (uint32_t)-1, &m->tmh), GNI_RC_SUCCESS,
			"UGNI-3.4.2-success-readwrite");
}

static const struct { unsigned bit; const char *clause; } clause_of[] = {
	{ T_FMA, C_FMA }, { T_RDMA, C_RDMA }, { T_AMO, C_AMO },
	{ T_DGRAM, C_DGRAM }, { T_OBJ, C_OBJ },
};

/* Runs the scene with the given traffic, then checks what the workers
 * saw and, for AMOs, that every value the word held was fetched exactly
 * once and the word ends at the number of adds. */
static void run(unsigned traffic, int rounds)
{
	static struct mt m;
	size_t per = (size_t)rounds * WIN;
	int failed = 0;

	memset(&m, 0, sizeof m);
	m.traffic = traffic;
	m.rounds = rounds;
	target_up(&m);
	RT_REQUIRE_TRUE(pthread_barrier_init(&m.bar, NULL, NT) == 0, "-");
	for (int i = 0; i < NT; i++) {
		m.w[i].mt = &m;
		m.w[i].i = i;
		m.w[i].fetched = calloc(per, sizeof *m.w[i].fetched);
		RT_REQUIRE_TRUE(m.w[i].fetched != NULL, "-");
	}
	for (int i = 0; i < NT; i++)
		RT_REQUIRE_TRUE(pthread_create(&m.w[i].tid, NULL, worker_main,
				&m.w[i]) == 0, "-");
	for (int i = 0; i < NT; i++)
		pthread_join(m.w[i].tid, NULL);
	pthread_barrier_destroy(&m.bar);

	for (int i = 0; i < NT; i++)
		if (m.w[i].clause) {
			RT_FAIL(m.w[i].clause, "every call of every thread as if alone",
					"failed", "worker %d: %s", i, m.w[i].what);
			failed++;
		}
	for (size_t c = 0; c < sizeof clause_of / sizeof *clause_of; c++)
		if (traffic & clause_of[c].bit)
			RT_EXPECT_TRUE(failed == 0, clause_of[c].clause);
	if ((traffic & T_AMO) && !failed) {
		uint64_t n = (uint64_t)NT * per, bad = 0;
		unsigned char *hit = calloc(n, 1);
		RT_REQUIRE_TRUE(hit != NULL, "-");
		for (int i = 0; i < NT; i++)
			for (size_t k = 0; k < m.w[i].nfetched; k++) {
				uint64_t v = m.w[i].fetched[k];
				if (v >= n || hit[v]++)
					bad++;
			}
		RT_EXPECT_EQ_U64(*amo_word(&m), n, C_AMO);
		RT_EXPECT_EQ_U64(bad, 0, C_AMO);
		free(hit);
	}
	for (int i = 0; i < NT; i++) {
		free(m.w[i].fetched);
		free(m.w[i].mem);
	}
	GNI_MemDeregister(m.tnic, &m.tmh);
	GNI_CdmDestroy(m.tcdm);
	free(m.tmem);
}

RT_TEST(fma_put_get, "ugni.post_fma.threads.distinct_domains_put_get", C_FMA)
{ run(T_FMA, 64); }

RT_TEST(rdma_put_get, "ugni.post_rdma.threads.distinct_domains_put_get", C_RDMA)
{ run(T_RDMA, 64); }

RT_TEST(amo_one_word, "ugni.post_fma.threads.distinct_domains_amo_one_word", C_AMO)
{ run(T_AMO, 64); }

RT_TEST(dgram_pairs, "ugni.ep_post_data.threads.distinct_domain_pairs", C_DGRAM)
{ run(T_DGRAM, 64); }

RT_TEST(objects_churn, "ugni.ep_create.threads.objects_made_and_destroyed", C_OBJ)
{ run(T_OBJ, 64); }

#define C_ALL C_FMA "," C_RDMA "," C_AMO "," C_DGRAM "," C_OBJ

RT_TEST(mixed, "ugni.post_fma.threads.mixed_traffic", C_ALL)
{ run(T_FMA | T_RDMA | T_AMO | T_DGRAM | T_OBJ, 32); }

/* The same under the adversarial schedule: completions held back and
 * reordered, released by whichever thread polls next. */
static void run_adversarial(unsigned traffic, int rounds)
{
	fx_control(RDMACTS_TC_SCHEDULE_SEED, 5);
	run(traffic, rounds);
	fx_control(RDMACTS_TC_RESET, 0);
}

RT_TEST_ATTRS(fma_sched, "ugni.post_fma.threads.distinct_domains_put_get_adversarial",
	C_FMA, "needs=schedule")
{ run_adversarial(T_FMA, 64); }

RT_TEST_ATTRS(amo_sched, "ugni.post_fma.threads.distinct_domains_amo_one_word_adversarial",
	C_AMO, "needs=schedule")
{ run_adversarial(T_AMO, 64); }

RT_TEST_ATTRS(mixed_sched, "ugni.post_fma.threads.mixed_traffic_adversarial",
	C_ALL, "needs=schedule")
{ run_adversarial(T_FMA | T_RDMA | T_AMO | T_DGRAM | T_OBJ, 64); }

/* ---- one thread waiting, another going on ------------------------------
 * A waiter thread announces that it is about to call; the main thread
 * gives it WAIT_IN_MS to be inside the call (and checks that it has not
 * returned), then acts.  A waiter that does not return within WAKE_MS of
 * the action fails the test (the process then exits with it blocked). */

#define WAIT_IN_MS 200
#define WAKE_MS 3000.0

struct waiter {
	pthread_t tid;
	void (*call)(struct waiter *);
	atomic_int started, done;
	gni_return_t rc;
	/* the call's arguments and results */
	gni_cq_handle_t cq;
	gni_cq_entry_t ev;
	gni_nic_handle_t nic;
	uint64_t id;
	gni_err_handle_t err;
	uint32_t n;
};

static void *waiter_main(void *arg)
{
	struct waiter *w = arg;

	atomic_store(&w->started, 1);
	w->call(w);
	atomic_store(&w->done, 1);
	return NULL;
}

static void waiter_start(struct waiter *w, void (*call)(struct waiter *),
		const char *cl)
{
	w->call = call;
	RT_REQUIRE_TRUE(pthread_create(&w->tid, NULL, waiter_main, w) == 0, cl);
	while (!atomic_load(&w->started))
		usleep(1000);
	usleep(WAIT_IN_MS * 1000);
	RT_REQUIRE_TRUE(!atomic_load(&w->done), cl);	/* it is waiting */
}

/* Waits up to WAKE_MS for the waiter to return; false (FAIL) if it did not. */
static bool waiter_join(struct waiter *w, const char *cl)
{
	double t0 = now_ms();

	while (!atomic_load(&w->done) && now_ms() - t0 < WAKE_MS)
		usleep(1000);
	if (!atomic_load(&w->done)) {
		RT_FAIL(cl, "the-waiter-returns", "still-waiting",
				"the waiting call did not return within %.0f ms", WAKE_MS);
		return false;
	}
	pthread_join(w->tid, NULL);
	return true;
}

static void cq_wait(struct waiter *w)
{
	w->rc = GNI_CqWaitEvent(w->cq, 5000, &w->ev);
}

/* Domain b's thread waits in CqWaitEvent on its blocking CQ; the main
 * thread's PUT from domain a, with a remote event, ends the wait. */
RT_TEST(cq_wait_woken, "ugni.cq_wait_event.threads.woken_by_another_domain", C_WAIT)
{
	struct fx f; struct waiter w; gni_cq_handle_t bcq;
	static unsigned char src[64];
	fx_setup(&f, 0);
	fx_cq(f.b.nic, 16, GNI_CQ_BLOCKING, &bcq);
	unsigned char *dst = fx_mem(64);
	gni_mem_handle_t lmh = fx_reg(f.a.nic, src, sizeof src, NULL, 0);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, dst, 64, bcq, 0);
	fx_pattern(src, sizeof src, 7);
	memset(&w, 0, sizeof w);
	w.cq = bcq;
	waiter_start(&w, cq_wait, C_WAIT);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT,
			GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT, src, lmh,
			dst, rmh, 64);
	RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, C_WAIT);
	fx_complete(f.a.cq, &d, C_WAIT);
	if (waiter_join(&w, C_WAIT)) {
		RT_EXPECT_EQ_INT(w.rc, GNI_RC_SUCCESS, C_WAIT);
		RT_EXPECT_MEM_EQ(dst, src, 64, C_WAIT);
	}
	fx_teardown(&f);
}

static void probe_wait(struct waiter *w)
{
	w->rc = GNI_PostDataProbeWaitById(w->nic, 5000, &w->id);
}

/* Domain b's thread waits in PostDataProbeWaitById for its datagram
 * (posted with an id); the main thread's matching datagram from domain
 * a completes it and ends the wait. */
RT_TEST(probe_wait_woken, "ugni.post_data_probe_wait_by_id.threads.woken_by_another_domain",
	C_WAIT)
{
	struct fx f; struct waiter w;
	uint32_t in_a[4] = { 1, 2, 3, 4 }, in_b[4] = { 5, 6, 7, 8 }, out_a[4], out_b[4];
	gni_post_state_t st; uint32_t ra, rid;
	fx_setup(&f, 0);
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(f.b.ep, in_b, sizeof in_b, out_b,
			sizeof out_b, 77), GNI_RC_SUCCESS, C_WAIT);
	memset(&w, 0, sizeof w);
	w.nic = f.b.nic;
	waiter_start(&w, probe_wait, C_WAIT);
	RT_EXPECT_EQ_INT(GNI_EpPostData(f.a.ep, in_a, sizeof in_a, out_a,
			sizeof out_a), GNI_RC_SUCCESS, C_WAIT);
	RT_EXPECT_EQ_INT(fx_dgram_test(f.a.ep, &st, &ra, &rid), GNI_RC_SUCCESS, C_WAIT);
	if (waiter_join(&w, C_WAIT)) {
		RT_EXPECT_EQ_INT(w.rc, GNI_RC_SUCCESS, C_WAIT);
		RT_EXPECT_EQ_U64(w.id, 77, C_WAIT);
		RT_EXPECT_EQ_INT(GNI_EpPostDataTestById(f.b.ep, 77, &st, &ra, &rid),
				GNI_RC_SUCCESS, C_WAIT);
		RT_EXPECT_EQ_INT(st, GNI_POST_COMPLETED, C_WAIT);
		RT_EXPECT_MEM_EQ(out_b, in_a, sizeof in_a, C_WAIT);
	}
	fx_teardown(&f);
}

static void on_signal(int sig) { (void)sig; }

static void err_wait(struct waiter *w)
{
	gni_error_event_t e;

	w->rc = GNI_WaitErrorEvents(w->err, &e, 1, 1000, &w->n);
}

/* 3.10.2: ReleaseErrors answers GNI_RC_NOT_DONE while a thread waits on
 * the event queue; the waiter is then ended by a signal (3.10.6) and
 * the subscription released. */
RT_TEST(release_waiting, "ugni.release_errors.threads.not_done_while_waiting",
	"UGNI-3.10.2-rc-not-done-waiter,UGNI-3.10.6-rc-not-done-interrupted,UGNI-3.10.2-success")
{
	const char *c = "UGNI-3.10.2-rc-not-done-waiter";
	struct fx f; struct waiter w;
	struct sigaction sa, old;
	fx_setup(&f, 0);
	memset(&w, 0, sizeof w);
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(f.a.nic, 0, 0xFF, 16, &w.err),
			GNI_RC_SUCCESS, "UGNI-3.10.1-success");
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = on_signal;	/* no SA_RESTART */
	sigaction(SIGUSR1, &sa, &old);
	waiter_start(&w, err_wait, c);
	RT_EXPECT_EQ_INT(GNI_ReleaseErrors(w.err), GNI_RC_NOT_DONE, c);
	/* a signal every 50 ms until the wait returns */
	for (double t0 = now_ms(); !atomic_load(&w.done) && now_ms() - t0 < WAKE_MS; ) {
		pthread_kill(w.tid, SIGUSR1);
		usleep(50000);
	}
	if (waiter_join(&w, "UGNI-3.10.6-rc-not-done-interrupted")) {
		RT_EXPECT_EQ_INT(w.rc, GNI_RC_NOT_DONE, "UGNI-3.10.6-rc-not-done-interrupted");
		RT_EXPECT_EQ_INT(GNI_ReleaseErrors(w.err), GNI_RC_SUCCESS, "UGNI-3.10.2-success");
	}
	sigaction(SIGUSR1, &old, NULL);
	fx_teardown(&f);
}

/* Robustness: a CQ destroyed by another thread while a thread waits on
 * it ends the wait with GNI_RC_INVALID_PARAM, without a crash
 * (E-UGNI-223; the application's error: a domain's calls are its to
 * order, E-UGNI-008). */
RT_TEST_ATTRS(cq_gone, "ugni.cq_wait_event.threads.cq_destroyed_while_waiting",
	"UGNI-3-mt-wait-object-destroyed", "tier=robustness")
{
	const char *c = "UGNI-3-mt-wait-object-destroyed";
	struct fx f; struct waiter w; gni_cq_handle_t bcq;
	fx_setup(&f, 0);
	fx_cq(f.b.nic, 16, GNI_CQ_BLOCKING, &bcq);
	memset(&w, 0, sizeof w);
	w.cq = bcq;
	waiter_start(&w, cq_wait, c);
	RT_EXPECT_EQ_INT(GNI_CqDestroy(bcq), GNI_RC_SUCCESS, "UGNI-3.3.2-success");
	if (waiter_join(&w, c))
		RT_EXPECT_EQ_INT(w.rc, GNI_RC_INVALID_PARAM, c);
	fx_teardown(&f);
}
