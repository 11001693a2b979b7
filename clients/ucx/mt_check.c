/*
 * mt_check: UCX's multi-thread uGNI pattern in one process, through the
 * public UCT API: a program of the same shape as UCX's own unit tests
 * uct_amo_test (test/gtest/uct/test_amo.cc: NSEND sender entities, each
 * with its own worker of UCS_THREAD_MODE_SINGLE and so its own ugni_rdma
 * interface and uGNI domain, each run by its own thread, all posting
 * AMOs to one receiver at once) and uct_p2p_rma_test (PUTs and GETs
 * between two entities), with every result checked.
 *
 * The receiver (the main thread's entity) registers a buffer: one AMO
 * word and one slot per sender.  Each sender thread, started together
 * at a barrier, posts NITER fetch-and-adds of 1 on the word (its fetched
 * values kept) and NITER posted adds of 1, as many in flight as the
 * transport takes, as uct_amo_test does; then does NITER rounds of a
 * put_short of a pattern into its slot, a flush and a get_bcopy of the
 * slot back, checked byte for byte.  It progresses only its own worker.
 * After the threads
 * end: every sender's endpoint flushed, then the word must equal
 * 2 * NSEND * NITER and the fetched values must be distinct (every
 * value the word held at a fetch-and-add fetched once).  Then everything
 * is closed.
 *
 * AMOs other than 64-bit compare-and-swap exist only in UCX's Aries
 * table: run as an Aries (RDMACTS_TC_ARIES=1 on the reference).  Prints
 * "mt_check: N senders x M rounds: word W (expected E), F distinct
 * fetches of F, R of R gets verified" and exits 0 when all hold.
 */
#include <uct/api/uct.h>
#include <ucs/async/async_fwd.h>

#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define NSEND      4		/* as uct_amo_test::num_senders() */
#define NITER      1000		/* as uct_amo_test::count() */
#define SLOT       64
#define DEADLINE_S 60

struct entity {
	ucs_async_context_t *async;
	uct_worker_h worker;
	uct_iface_h iface;
	uct_ep_h ep;			/* senders: to the receiver */
};

struct sender;

struct op {				/* one operation's completion */
	uct_completion_t comp;
	struct sender *s;
};

struct sender {
	struct entity e;
	int index;
	pthread_t tid;
	uint64_t *fetched;		/* NITER fetched values */
	struct op *ops;			/* NITER + 1 completions */
	volatile int outstanding;	/* operations not yet completed */
	unsigned gets_ok;
	const char *error;
};

static uct_component_h comp;
static uct_md_h md;
static char dev_name[UCT_DEVICE_NAME_MAX];
static uct_device_addr_t *rx_dev;
static uct_iface_addr_t *rx_if;
static uint64_t *rx_buf;		/* word, then NSEND slots */
static uct_rkey_bundle_t rkey;
static pthread_barrier_t start;

static void die(const char *what, const char *why)
{
	fprintf(stderr, "mt_check: %s: %s\n", what, why);
	exit(1);
}

static void check(ucs_status_t st, const char *what)
{
	if (st != UCS_OK)
		die(what, ucs_status_string(st));
}

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void entity_open(struct entity *e)
{
	uct_iface_config_t *cfg;
	uct_iface_params_t ip;

	check(ucs_async_context_create(UCS_ASYNC_MODE_THREAD_SPINLOCK, &e->async),
	      "async context");
	check(uct_worker_create(e->async, UCS_THREAD_MODE_SINGLE, &e->worker),
	      "uct_worker_create");
	check(uct_md_iface_config_read(md, "ugni_rdma", NULL, NULL, &cfg),
	      "uct_md_iface_config_read");
	memset(&ip, 0, sizeof(ip));
	ip.field_mask = UCT_IFACE_PARAM_FIELD_OPEN_MODE | UCT_IFACE_PARAM_FIELD_DEVICE;
	ip.open_mode = UCT_IFACE_OPEN_MODE_DEVICE;
	ip.mode.device.tl_name = "ugni_rdma";
	ip.mode.device.dev_name = dev_name;
	check(uct_iface_open(md, e->worker, &ip, cfg, &e->iface), "uct_iface_open");
	uct_config_release(cfg);
	uct_iface_progress_enable(e->iface, UCT_PROGRESS_SEND | UCT_PROGRESS_RECV);
}

static void entity_close(struct entity *e)
{
	if (e->ep)
		uct_ep_destroy(e->ep);
	uct_iface_close(e->iface);
	uct_worker_destroy(e->worker);
	ucs_async_context_destroy(e->async);
}

static void on_done(uct_completion_t *c)
{
	struct sender *s = ((struct op *)(void *)c)->s;

	if (c->status != UCS_OK)
		s->error = "a completion reported an error";
	__atomic_sub_fetch(&s->outstanding, 1, __ATOMIC_SEQ_CST);
}

/* Operation k's completion, ready for one operation. */
static uct_completion_t *op_comp(struct sender *s, int k)
{
	s->ops[k].s = s;
	s->ops[k].comp.func = on_done;
	s->ops[k].comp.count = 1;
	s->ops[k].comp.status = UCS_OK;
	return &s->ops[k].comp;
}

/* Retries while the transport has no resource, progressing only the
 * sender's own worker; an operation given the sender's completion
 * (with_comp) and left in progress is counted until on_done. */
#define POST(s, with_comp, call, what)					\
	do {								\
		ucs_status_t st_;					\
		double t0_ = now();					\
		while ((st_ = (call)) == UCS_ERR_NO_RESOURCE) {		\
			uct_worker_progress((s)->e.worker);		\
			if (now() - t0_ > DEADLINE_S)			\
				die(what, "no resource for a minute");	\
		}							\
		if (st_ == UCS_INPROGRESS && (with_comp))		\
			__atomic_add_fetch(&(s)->outstanding, 1,	\
					   __ATOMIC_SEQ_CST);		\
		else if (st_ != UCS_OK && st_ != UCS_INPROGRESS)	\
			die(what, ucs_status_string(st_));		\
	} while (0)

static void drain(struct sender *s)
{
	double t0 = now();

	while (__atomic_load_n(&s->outstanding, __ATOMIC_SEQ_CST) > 0) {
		uct_worker_progress(s->e.worker);
		if (now() - t0 > DEADLINE_S)
			die("completions", "not all arrived within a minute");
	}
}

static uint8_t pattern(int s, int r, int i)
{
	return (uint8_t)(0xa5 ^ (s * 61) ^ (r * 7) ^ (i * 13));
}

static void unpack(void *arg, const void *data, size_t length)
{
	memcpy(arg, data, length);
}

static void *sender_main(void *arg)
{
	struct sender *s = arg;
	uint64_t word = (uintptr_t)rx_buf;
	uint64_t slot = (uintptr_t)(rx_buf + 1 + s->index * (SLOT / 8));
	uint8_t out[SLOT], in[SLOT];

	pthread_barrier_wait(&start);
	/* AMOs as uct_amo_test posts them: all at once, each with its own
	 * completion, progressing only when the transport has no room. */
	for (int r = 0; r < NITER; r++) {
		POST(s, 1, uct_ep_atomic64_fetch(s->e.ep, UCT_ATOMIC_OP_ADD, 1,
						 &s->fetched[r], word, rkey.rkey,
						 op_comp(s, r)), "uct_ep_atomic64_fetch");
		POST(s, 0, uct_ep_atomic64_post(s->e.ep, UCT_ATOMIC_OP_ADD, 1, word,
						rkey.rkey), "uct_ep_atomic64_post");
	}
	drain(s);
	/* PUTs and GETs between the sender and the receiver, as
	 * uct_p2p_rma_test: each GET after its PUT is flushed. */
	for (int r = 0; r < NITER; r++) {
		for (int i = 0; i < SLOT; i++)
			out[i] = pattern(s->index, r, i);
		POST(s, 0, uct_ep_put_short(s->e.ep, out, SLOT, slot, rkey.rkey),
		     "uct_ep_put_short");
		POST(s, 1, uct_ep_flush(s->e.ep, 0, op_comp(s, NITER)), "uct_ep_flush");
		drain(s);
		memset(in, 0, sizeof(in));
		POST(s, 1, uct_ep_get_bcopy(s->e.ep, unpack, in, SLOT, slot, rkey.rkey,
					    op_comp(s, NITER)), "uct_ep_get_bcopy");
		drain(s);
		if (memcmp(in, out, SLOT) == 0)
			s->gets_ok++;
		else if (!s->error)
			s->error = "a get_bcopy did not return what the put wrote";
	}
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

int main(void)
{
	uct_component_h *comps;
	unsigned ncomps, nres, i;
	uct_md_config_t *md_config;
	uct_tl_resource_desc_t *res;
	uct_md_attr_t md_attr;
	uct_iface_attr_t attr;
	uct_mem_h memh;
	void *rkey_buf;
	struct entity rx = { 0 };
	static struct sender snd[NSEND];
	uct_ep_params_t ep_params;
	size_t len = 8 + NSEND * SLOT;

	check(uct_query_components(&comps, &ncomps), "uct_query_components");
	for (i = 0; i < ncomps; i++) {
		uct_component_attr_t ca = { .field_mask = UCT_COMPONENT_ATTR_FIELD_NAME };
		check(uct_component_query(comps[i], &ca), "uct_component_query");
		if (strcmp(ca.name, "ugni") == 0)
			comp = comps[i];
	}
	if (!comp)
		die("components", "no ugni component (UCX built without --with-ugni?)");
	check(uct_md_config_read(comp, NULL, NULL, &md_config), "uct_md_config_read");
	check(uct_md_open(comp, "ugni", md_config, &md), "uct_md_open(ugni)");
	uct_config_release(md_config);
	check(uct_md_query_tl_resources(md, &res, &nres), "uct_md_query_tl_resources");
	for (i = 0; i < nres; i++)
		if (strcmp(res[i].tl_name, "ugni_rdma") == 0)
			snprintf(dev_name, sizeof(dev_name), "%s", res[i].dev_name);
	uct_release_tl_resource_list(res);
	if (!dev_name[0])
		die("resources", "no ugni_rdma transport");

	/* The receiver: its interface's addresses and a registered buffer. */
	entity_open(&rx);
	check(uct_iface_query(rx.iface, &attr), "uct_iface_query");
	if (!(attr.cap.atomic64.fop_flags & UCS_BIT(UCT_ATOMIC_OP_ADD)) ||
	    !(attr.cap.atomic64.op_flags & UCS_BIT(UCT_ATOMIC_OP_ADD)) ||
	    attr.cap.put.max_short < SLOT || attr.cap.get.max_bcopy < SLOT)
		die("ugni_rdma", "lacks 64-bit ADD, put_short or get_bcopy of "
		    "a slot (run as an Aries: RDMACTS_TC_ARIES=1)");
	rx_dev = calloc(1, attr.device_addr_len);
	rx_if = calloc(1, attr.iface_addr_len);
	if (posix_memalign((void **)&rx_buf, 64, len) != 0 || !rx_dev || !rx_if)
		die("memory", "none");
	memset(rx_buf, 0, len);
	check(uct_iface_get_device_address(rx.iface, rx_dev), "uct_iface_get_device_address");
	check(uct_iface_get_address(rx.iface, rx_if), "uct_iface_get_address");
	check(uct_md_mem_reg(md, rx_buf, len, UCT_MD_MEM_ACCESS_ALL, &memh),
	      "uct_md_mem_reg");
	check(uct_md_query(md, &md_attr), "uct_md_query");
	if (!(rkey_buf = malloc(md_attr.rkey_packed_size)))
		die("memory", "none");
	check(uct_md_mkey_pack(md, memh, rkey_buf), "uct_md_mkey_pack");
	check(uct_rkey_unpack(comp, rkey_buf, &rkey), "uct_rkey_unpack");

	/* The senders, each its own worker, interface and domain, connected
	 * to the receiver, as uct_amo_test::init makes them. */
	for (i = 0; i < NSEND; i++) {
		snd[i].index = (int)i;
		snd[i].fetched = calloc(NITER, sizeof(uint64_t));
		snd[i].ops = calloc(NITER + 1, sizeof(struct op));
		if (!snd[i].fetched || !snd[i].ops)
			die("memory", "none");
		entity_open(&snd[i].e);
		memset(&ep_params, 0, sizeof(ep_params));
		ep_params.field_mask = UCT_EP_PARAM_FIELD_IFACE | UCT_EP_PARAM_FIELD_DEV_ADDR |
				       UCT_EP_PARAM_FIELD_IFACE_ADDR;
		ep_params.iface = snd[i].e.iface;
		ep_params.dev_addr = rx_dev;
		ep_params.iface_addr = rx_if;
		check(uct_ep_create(&ep_params, &snd[i].e.ep), "uct_ep_create");
	}

	if (pthread_barrier_init(&start, NULL, NSEND) != 0)
		die("pthread_barrier_init", "failed");
	double t0 = now();
	for (i = 0; i < NSEND; i++)
		if (pthread_create(&snd[i].tid, NULL, sender_main, &snd[i]) != 0)
			die("pthread_create", "failed");
	for (i = 0; i < NSEND; i++)
		pthread_join(snd[i].tid, NULL);
	double secs = now() - t0;

	/* Every sender flushed; then the checks. */
	unsigned gets_ok = 0, distinct = 0;
	uint64_t *all = calloc(NSEND * NITER, sizeof(uint64_t));
	if (!all)
		die("memory", "none");
	for (i = 0; i < NSEND; i++) {
		POST(&snd[i], 1, uct_ep_flush(snd[i].e.ep, 0, op_comp(&snd[i], NITER)),
		     "uct_ep_flush");
		drain(&snd[i]);
		if (snd[i].error)
			fprintf(stderr, "mt_check: sender %u: %s\n", i, snd[i].error);
		gets_ok += snd[i].gets_ok;
		memcpy(all + i * NITER, snd[i].fetched, NITER * sizeof(uint64_t));
	}
	qsort(all, NSEND * NITER, sizeof(uint64_t), cmp_u64);
	for (i = 0; i < NSEND * NITER; i++)
		distinct += i == 0 || all[i] != all[i - 1];
	uint64_t want = 2ull * NSEND * NITER, word = __atomic_load_n(rx_buf, __ATOMIC_SEQ_CST);
	int errors = 0;
	for (i = 0; i < NSEND; i++)
		errors += snd[i].error != NULL;

	for (i = 0; i < NSEND; i++) {
		entity_close(&snd[i].e);
		free(snd[i].fetched);
		free(snd[i].ops);
	}
	uct_rkey_release(comp, &rkey);
	check(uct_md_mem_dereg(md, memh), "uct_md_mem_dereg");
	entity_close(&rx);
	uct_md_close(md);
	uct_release_component_list(comps);

	printf("mt_check: %d senders x %d rounds in %.2f s: word %llu (expected %llu), "
	       "%u distinct fetches of %d, %u of %d gets verified\n", NSEND, NITER, secs,
	       (unsigned long long)word, (unsigned long long)want, distinct,
	       NSEND * NITER, gets_ok, NSEND * NITER);
	free(all); free(rx_dev); free(rx_if); free(rkey_buf); free(rx_buf);
	return word == want && distinct == NSEND * NITER && gets_ok == NSEND * NITER &&
		!errors ? 0 : 1;
}
