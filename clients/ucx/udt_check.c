/*
 * udt_check: two ranks of a launched job open UCX's ugni_udt transport
 * (uGNI datagrams), send each other active messages through it, check
 * every byte received, and close everything.
 *
 * ucx_perftest cannot drive ugni_udt: its active-message tests require
 * UCT_IFACE_FLAG_CB_SYNC, and ugni_udt delivers only from its async
 * thread (UCT_IFACE_FLAG_CB_ASYNC).  This program uses the public UCT API
 * only and takes the peer's addresses from the job's PMI key-value space.
 *
 * Each rank sends NMSG am_short messages (payload 0 .. max_short-8 bytes)
 * and NMSG am_bcopy messages (8 .. max_bcopy bytes), each with a header
 * naming sender and sequence number and a payload derived from both,
 * then a closing message carrying its counts.  The receiver checks order,
 * length and content of each.  Afterwards: endpoint flush and destroy,
 * interface close (UCX stops its datagram thread there), memory domain
 * close, worker and async context destroy, PMI_Finalize.
 *
 * Prints "udt_check rank R: sent S received V verified, W wrong, peer
 * verified P of N, closed in T s" and exits 0 when everything arrived
 * intact and closed.
 */
#include <uct/api/uct.h>
#include <ucs/async/async_fwd.h>
#include <pmi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sched.h>
#include <time.h>

#define NMSG        64
#define AM_DATA     1
#define AM_DONE     2
#define DEADLINE_S  60

static int rank;

static struct {
	volatile uint64_t next;		/* next expected sequence number */
	volatile uint64_t good;		/* messages whose content checked */
	volatile uint64_t bad;		/* messages that did not */
	volatile int done;		/* the peer's closing message arrived */
	volatile uint64_t peer_good;	/* what the peer verified of ours */
	volatile uint64_t peer_sent;
} rx;

static void die(const char *what, const char *why)
{
	fprintf(stderr, "udt_check rank %d: %s: %s\n", rank, what, why);
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

static void past_deadline(double start, const char *what)
{
	if (now() - start > DEADLINE_S) {
		fprintf(stderr, "udt_check rank %d: no progress for %d s while %s "
			"(received so far: %lu good, %lu wrong)\n", rank, DEADLINE_S,
			what, (unsigned long)rx.good, (unsigned long)rx.bad);
		exit(2);
	}
}

/* Byte i of message seq from rank r. */
static uint8_t pattern(int r, uint64_t seq, size_t i)
{
	return (uint8_t)(0x5a ^ (r * 131) ^ (seq * 7) ^ (i * 13));
}

/* Payload length of message seq: short messages count up from 0 bytes of
 * payload to the largest short payload, bcopy ones from 1 byte to the
 * largest bcopy size (the 8-byte header is part of the bcopy data). */
static size_t short_len(uint64_t seq, size_t max)
{
	return (seq * max) / (NMSG - 1);
}

static size_t bcopy_len(uint64_t seq, size_t max)
{
	size_t n = 8 + ((seq - NMSG) * (max - 8)) / (NMSG - 1);
	return n > max ? max : n;
}

static size_t max_short_payload, max_bcopy;

static ucs_status_t on_data(void *arg, void *data, size_t length, unsigned flags)
{
	uint64_t hdr, seq;
	size_t want, i;
	const uint8_t *p = (const uint8_t *)data + sizeof(hdr);
	int from, ok = 1;

	(void)arg; (void)flags;
	if (length < sizeof(hdr)) {
		rx.bad++;
		return UCS_OK;
	}
	memcpy(&hdr, data, sizeof(hdr));
	from = (int)(hdr >> 32);
	seq = hdr & 0xffffffffu;
	want = seq < NMSG ? short_len(seq, max_short_payload) + sizeof(hdr) :
		bcopy_len(seq, max_bcopy);
	if (from != 1 - rank || seq != rx.next || length != want)
		ok = 0;
	for (i = 0; ok && i < length - sizeof(hdr); i++)
		if (p[i] != pattern(from, seq, i))
			ok = 0;
	if (!ok)
		fprintf(stderr, "udt_check rank %d: message from %d seq %lu (expected %lu), "
			"length %zu (expected %zu): wrong\n", rank, from,
			(unsigned long)seq, (unsigned long)rx.next, length, want);
	__atomic_add_fetch(ok ? &rx.good : &rx.bad, 1, __ATOMIC_SEQ_CST);
	rx.next = seq + 1;
	return UCS_OK;
}

static ucs_status_t on_done(void *arg, void *data, size_t length, unsigned flags)
{
	uint64_t v[2];

	(void)arg; (void)flags;
	if (length != sizeof(v)) {
		rx.bad++;
		return UCS_OK;
	}
	memcpy(v, data, sizeof(v));
	rx.peer_sent = v[0];
	rx.peer_good = v[1];
	__atomic_store_n(&rx.done, 1, __ATOMIC_SEQ_CST);
	return UCS_OK;
}

struct bcopy_arg {
	uint64_t seq;
	size_t len;
};

static size_t pack_bcopy(void *dest, void *arg)
{
	struct bcopy_arg *a = arg;
	uint64_t hdr = ((uint64_t)rank << 32) | a->seq;
	uint8_t *p = (uint8_t *)dest + sizeof(hdr);
	size_t i;

	memcpy(dest, &hdr, sizeof(hdr));
	for (i = 0; i < a->len - sizeof(hdr); i++)
		p[i] = pattern(rank, a->seq, i);
	return a->len;
}

static void to_hex(char *out, const void *in, size_t n)
{
	const uint8_t *b = in;
	size_t i;

	for (i = 0; i < n; i++)
		sprintf(out + 2 * i, "%02x", b[i]);
	out[2 * n] = '\0';
}

static void from_hex(void *out, const char *in, size_t n)
{
	uint8_t *b = out;
	size_t i;
	unsigned v;

	if (strlen(in) != 2 * n)
		die("peer address", "wrong length in the key-value space");
	for (i = 0; i < n; i++) {
		if (sscanf(in + 2 * i, "%2x", &v) != 1)
			die("peer address", "not hexadecimal");
		b[i] = (uint8_t)v;
	}
}

static void kvs_exchange(const char *kvs, const char *what, const void *mine,
			 void *peer, size_t n)
{
	char key[64], val[1024];

	if (2 * n + 1 > sizeof(val))
		die(what, "address too long");
	snprintf(key, sizeof(key), "udt-%s-%d", what, rank);
	to_hex(val, mine, n);
	if (PMI_KVS_Put(kvs, key, val) != PMI_SUCCESS || PMI_KVS_Commit(kvs) != PMI_SUCCESS)
		die("PMI_KVS_Put", what);
	if (PMI_Barrier() != PMI_SUCCESS)
		die("PMI_Barrier", what);
	snprintf(key, sizeof(key), "udt-%s-%d", what, 1 - rank);
	if (PMI_KVS_Get(kvs, key, val, sizeof(val)) != PMI_SUCCESS)
		die("PMI_KVS_Get", what);
	from_hex(peer, val, n);
}

int main(void)
{
	ucs_async_context_t *async;
	uct_worker_h worker;
	uct_component_h *comps, comp = NULL;
	unsigned ncomps, i;
	uct_md_config_t *md_config;
	uct_iface_config_t *if_config;
	uct_md_h md;
	uct_tl_resource_desc_t *res;
	unsigned nres;
	char dev_name[UCT_DEVICE_NAME_MAX] = "";
	uct_iface_params_t ip;
	uct_iface_h iface;
	uct_iface_attr_t attr;
	uct_device_addr_t *dev_addr, *peer_dev;
	uct_iface_addr_t *if_addr, *peer_if;
	uct_ep_params_t ep_params;
	uct_ep_h ep;
	uint8_t payload[256];
	uint64_t seq, sent = 0, fin[2];
	ucs_status_t st;
	ssize_t packed;
	double start, t_close;
	int spawned, size, kvs_len;
	char *kvs;

	if (PMI_Init(&spawned) != PMI_SUCCESS || PMI_Get_rank(&rank) != PMI_SUCCESS ||
	    PMI_Get_size(&size) != PMI_SUCCESS)
		die("PMI", "cannot start");
	if (size != 2)
		die("PMI", "needs exactly 2 ranks");
	if (PMI_KVS_Get_name_length_max(&kvs_len) != PMI_SUCCESS || !(kvs = malloc(kvs_len + 1)) ||
	    PMI_KVS_Get_my_name(kvs, kvs_len + 1) != PMI_SUCCESS)
		die("PMI", "no key-value space");

	check(ucs_async_context_create(UCS_ASYNC_MODE_THREAD_SPINLOCK, &async), "async context");
	check(uct_worker_create(async, UCS_THREAD_MODE_SINGLE, &worker), "uct_worker_create");

	/* The ugni component and its memory domain. */
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
		if (strcmp(res[i].tl_name, "ugni_udt") == 0)
			snprintf(dev_name, sizeof(dev_name), "%s", res[i].dev_name);
	uct_release_tl_resource_list(res);
	if (!dev_name[0])
		die("resources", "no ugni_udt transport");

	check(uct_md_iface_config_read(md, "ugni_udt", NULL, NULL, &if_config),
	      "uct_md_iface_config_read");
	memset(&ip, 0, sizeof(ip));
	ip.field_mask = UCT_IFACE_PARAM_FIELD_OPEN_MODE | UCT_IFACE_PARAM_FIELD_DEVICE;
	ip.open_mode = UCT_IFACE_OPEN_MODE_DEVICE;
	ip.mode.device.tl_name = "ugni_udt";
	ip.mode.device.dev_name = dev_name;
	check(uct_iface_open(md, worker, &ip, if_config, &iface), "uct_iface_open(ugni_udt)");
	uct_config_release(if_config);
	uct_iface_progress_enable(iface, UCT_PROGRESS_SEND | UCT_PROGRESS_RECV);

	check(uct_iface_query(iface, &attr), "uct_iface_query");
	if ((attr.cap.flags & (UCT_IFACE_FLAG_AM_SHORT | UCT_IFACE_FLAG_AM_BCOPY |
			       UCT_IFACE_FLAG_CONNECT_TO_IFACE | UCT_IFACE_FLAG_CB_ASYNC)) !=
	    (UCT_IFACE_FLAG_AM_SHORT | UCT_IFACE_FLAG_AM_BCOPY |
	     UCT_IFACE_FLAG_CONNECT_TO_IFACE | UCT_IFACE_FLAG_CB_ASYNC))
		die("ugni_udt", "lacks am_short, am_bcopy, connect-to-iface or async callbacks");
	if (attr.cap.am.max_short < 8 || attr.cap.am.max_bcopy < 16 ||
	    attr.cap.am.max_short - 8 > sizeof(payload))
		die("ugni_udt", "unexpected message sizes");
	max_short_payload = attr.cap.am.max_short - 8;
	max_bcopy = attr.cap.am.max_bcopy;
	printf("udt_check rank %d: %s on %s, am_short <= %zu, am_bcopy <= %zu\n", rank,
	       "ugni_udt", dev_name, attr.cap.am.max_short, attr.cap.am.max_bcopy);

	check(uct_iface_set_am_handler(iface, AM_DATA, on_data, NULL, UCT_CB_FLAG_ASYNC),
	      "uct_iface_set_am_handler");
	check(uct_iface_set_am_handler(iface, AM_DONE, on_done, NULL, UCT_CB_FLAG_ASYNC),
	      "uct_iface_set_am_handler");

	dev_addr = calloc(1, attr.device_addr_len);
	peer_dev = calloc(1, attr.device_addr_len);
	if_addr = calloc(1, attr.iface_addr_len);
	peer_if = calloc(1, attr.iface_addr_len);
	if (!dev_addr || !peer_dev || !if_addr || !peer_if)
		die("calloc", "no memory");
	check(uct_iface_get_device_address(iface, dev_addr), "uct_iface_get_device_address");
	check(uct_iface_get_address(iface, if_addr), "uct_iface_get_address");
	kvs_exchange(kvs, "dev", dev_addr, peer_dev, attr.device_addr_len);
	kvs_exchange(kvs, "iface", if_addr, peer_if, attr.iface_addr_len);
	if (!uct_iface_is_reachable(iface, peer_dev, peer_if))
		die("peer", "not reachable through ugni_udt");

	memset(&ep_params, 0, sizeof(ep_params));
	ep_params.field_mask = UCT_EP_PARAM_FIELD_IFACE | UCT_EP_PARAM_FIELD_DEV_ADDR |
			       UCT_EP_PARAM_FIELD_IFACE_ADDR;
	ep_params.iface = iface;
	ep_params.dev_addr = peer_dev;
	ep_params.iface_addr = peer_if;
	check(uct_ep_create(&ep_params, &ep), "uct_ep_create");

	/* Both ranks send at once: the peers' datagrams cross. */
	start = now();
	for (seq = 0; seq < 2 * NMSG; seq++) {
		if (seq < NMSG) {
			size_t n = short_len(seq, max_short_payload);
			for (i = 0; i < n; i++)
				payload[i] = pattern(rank, seq, i);
			while ((st = uct_ep_am_short(ep, AM_DATA, ((uint64_t)rank << 32) | seq,
						     payload, (unsigned)n)) == UCS_ERR_NO_RESOURCE) {
				uct_worker_progress(worker);
				sched_yield();
				past_deadline(start, "sending am_short");
			}
			check(st, "uct_ep_am_short");
		} else {
			struct bcopy_arg a = { seq, bcopy_len(seq, max_bcopy) };
			while ((packed = uct_ep_am_bcopy(ep, AM_DATA, pack_bcopy, &a, 0)) ==
			       UCS_ERR_NO_RESOURCE) {
				uct_worker_progress(worker);
				sched_yield();
				past_deadline(start, "sending am_bcopy");
			}
			if (packed < 0)
				check((ucs_status_t)packed, "uct_ep_am_bcopy");
			if ((size_t)packed != a.len)
				die("uct_ep_am_bcopy", "packed length differs");
		}
		sent++;
		start = now();
	}
	/* All of the peer's messages are in before we report. */
	while (rx.good + rx.bad < 2 * NMSG) {
		uct_worker_progress(worker);
		sched_yield();
		past_deadline(start, "receiving");
	}
	fin[0] = sent;
	fin[1] = rx.good;
	start = now();
	while ((st = uct_ep_am_short(ep, AM_DONE, fin[0], &fin[1], sizeof(fin[1]))) ==
	       UCS_ERR_NO_RESOURCE) {
		uct_worker_progress(worker);
		sched_yield();
		past_deadline(start, "sending the closing message");
	}
	check(st, "uct_ep_am_short(closing message)");
	while (!__atomic_load_n(&rx.done, __ATOMIC_SEQ_CST)) {
		uct_worker_progress(worker);
		sched_yield();
		past_deadline(start, "waiting for the peer's closing message");
	}
	while ((st = uct_ep_flush(ep, 0, NULL)) == UCS_INPROGRESS || st == UCS_ERR_NO_RESOURCE) {
		uct_worker_progress(worker);
		sched_yield();
		past_deadline(start, "flushing");
	}
	check(st, "uct_ep_flush");
	/* Neither side tears down while the other may still answer. */
	if (PMI_Barrier() != PMI_SUCCESS)
		die("PMI_Barrier", "before close");

	t_close = now();
	uct_ep_destroy(ep);
	uct_iface_close(iface);
	uct_md_close(md);
	uct_worker_destroy(worker);
	ucs_async_context_destroy(async);
	uct_release_component_list(comps);
	t_close = now() - t_close;
	if (PMI_Barrier() != PMI_SUCCESS)
		die("PMI_Barrier", "after close");
	PMI_Finalize();

	printf("udt_check rank %d: sent %lu received %lu verified, %lu wrong, peer verified "
	       "%lu of %lu, closed in %.3f s\n", rank, (unsigned long)sent,
	       (unsigned long)rx.good, (unsigned long)rx.bad, (unsigned long)rx.peer_good,
	       (unsigned long)rx.peer_sent, t_close);
	free(dev_addr); free(peer_dev); free(if_addr); free(peer_if); free(kvs);
	return (rx.good == 2 * NMSG && rx.bad == 0 && rx.peer_good == sent &&
		rx.peer_sent == 2 * NMSG) ? 0 : 1;
}
