/*
 * wire.c: an IA's presence on the NIC model.
 *
 * Each IA attaches one NIC domain, named on the host NIC by its
 * instance id (the port of its IA address), and publishes two regions
 * under virtual memory handles (vMDH 0 and 1), so that every IA of the
 * job computes the handle of any peer's region from its own:
 *
 *  - the inbox (vMDH 0): a control block {tail, head} followed by a
 *    byte ring.  A sender reserves space by compare-and-swap on the
 *    peer's tail (a NIC atomic), writes the payload then the header,
 *    whose seq field equal to its ring position marks it complete.
 *    Positions start one lap in (DAPL_RING), so the zero pages of a
 *    freshly mapped ring never look complete and need no filling.
 *    The owner consumes messages in ring order and publishes head.
 *    A message that would wrap is preceded by a PAD message that fills
 *    the ring to its end.
 *  - the key table (vMDH 1): what each rmr_context grants (window,
 *    privileges, Protection Zone, registration), read by the initiator
 *    of an RDMA before it moves data through the registration.
 *
 * Both regions are registered with two segments, so they are addressed
 * by offset, not by the owner's virtual addresses.  All data moves
 * through the NIC (nic_write_spans / nic_read_spans), which checks
 * bounds and permissions and turns a bad address into an error.
 */
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "../../nic/nic.h"
#include "dapl.h"

#define CTL_SIZE   64u
#define TAIL_WORD  8u	/* sizeof(uint64_t): the keys region's second segment */

static uint64_t env_num(const char *name, uint64_t dflt)
{
	const char *s = getenv(name);
	return s && *s ? strtoull(s, NULL, 0) : dflt;
}

static uint64_t cswap(uint64_t old, uint64_t expect, uint64_t repl)
{
	return old == expect ? repl : old;
}

/* Attach a domain under an instance id no other IA of the host uses:
 * among domains with the same id, nic_domain_find returns the lowest
 * slot, so exactly one of two racing IAs keeps an id.  The search
 * starts after the id this process took last (first from its pid), so
 * opening many IAs does not probe every id taken before. */
static int attach_unique(struct wire *w)
{
	static uint32_t last;
	uint32_t id = last ? last % 65535u + 1u : (uint32_t)getpid() % 60000u + 1u;

	for (int tries = 0; tries < 65535; tries++, id = id % 65535u + 1u) {
		uint32_t slot, found;
		if (nic_domain_find(w->nic_addr, w->ptag, w->cookie, id, &found) == NIC_OK)
			continue;
		if (nic_domain_attach(w->ptag, w->cookie, id, 0, &slot) != NIC_OK)
			return -1;
		if (nic_domain_find(w->nic_addr, w->ptag, w->cookie, id, &found) == NIC_OK &&
				found == slot) {
			w->domain = slot;
			w->inst_id = last = id;
			return 0;
		}
		nic_domain_detach(slot);
	}
	return -1;
}

/* The ring is mapped, not allocated: its pages cost nothing until a
 * message lands in them (an IA open is cheap). */
static uint8_t *map_ring(void)
{
	void *r = mmap(NULL, DAPL_RING, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	return r == MAP_FAILED ? NULL : r;
}

static void unmap_ring(uint8_t *ring)
{
	if (ring)
		munmap(ring, DAPL_RING);
}

int wire_open(struct wire *w)
{
	static uint64_t tail_word;
	struct nic_seg inbox[2], keys[2];

	memset(w, 0, sizeof *w);
	if (nic_join() != NIC_OK)
		return -1;
	w->ptag = (uint8_t)env_num("PMI_GNI_PTAG", 10);
	w->cookie = (uint32_t)env_num("PMI_GNI_COOKIE", 0x5a5a0000);
	w->nic_addr = nic_address();
	w->ctl = aligned_alloc(64, CTL_SIZE);
	w->ring = map_ring();
	w->keys = calloc(DAPL_KEYS, sizeof *w->keys);
	if (!w->ctl || !w->ring || !w->keys)
		goto fail;
	memset(w->ctl, 0, CTL_SIZE);
	w->ctl->tail = w->ctl->head = DAPL_RING;	/* one lap in: seq 0 is stale */
	if (attach_unique(w))
		goto fail;
	if (nic_mdd_set_vmdh_block(w->domain, 2) != NIC_OK)
		goto fail_domain;
	inbox[0] = (struct nic_seg){ (uint64_t)(uintptr_t)w->ctl, CTL_SIZE };
	inbox[1] = (struct nic_seg){ (uint64_t)(uintptr_t)w->ring, DAPL_RING };
	keys[0] = (struct nic_seg){ (uint64_t)(uintptr_t)w->keys,
		DAPL_KEYS * sizeof *w->keys };
	keys[1] = (struct nic_seg){ (uint64_t)(uintptr_t)&tail_word, TAIL_WORD };
	if (nic_mdd_register(w->domain, inbox, 2, NIC_MDD_VMDH, NIC_NONE, 0, 0,
			w->inbox_mh) != NIC_OK)
		goto fail_domain;
	if (nic_mdd_register(w->domain, keys, 2, NIC_MDD_VMDH | NIC_MDD_READONLY,
			NIC_NONE, 0, 1, w->keys_mh) != NIC_OK)
		goto fail_domain;
	return 0;
fail_domain:
	nic_domain_detach(w->domain);	/* releases its registrations */
fail:
	free(w->ctl);
	unmap_ring(w->ring);
	free(w->keys);
	nic_leave();
	return -1;
}

void wire_close(struct wire *w)
{
	nic_domain_detach(w->domain);
	free(w->ctl);
	unmap_ring(w->ring);
	free(w->keys);
	nic_leave();
}

int wire_listen(struct wire *w, uint64_t qual)
{
	return nic_listen(w->domain, qual) == NIC_OK ? 0 : -1;
}

void wire_unlisten(struct wire *w, uint64_t qual)
{
	nic_unlisten(w->domain, qual);
}

int wire_listener(const struct wire *w, uint32_t nic, uint64_t qual, uint32_t *inst)
{
	return nic_listener(nic, w->ptag, w->cookie, qual, inst) == NIC_OK ? 0 : -1;
}

static int peer_domain(const struct wire *w, uint32_t nic, uint32_t inst,
		uint32_t *domain)
{
	return nic_domain_find(nic, w->ptag, w->cookie, inst, domain);
}

/* Write len bytes at offset off of a peer's inbox. */
static int inbox_write(struct wire *w, uint32_t domain, uint64_t off,
		const void *src, uint64_t len)
{
	struct nic_span s[2];
	uint32_t n;
	int rc = nic_mdd_resolve(domain, w->ptag, w->cookie, w->inbox_mh, off, len,
			NIC_WRITE, s, 2, &n);
	return rc == NIC_OK ? nic_write_spans(s, n, src, len) : rc;
}

/* Write a header, its seq word last: seq marks the message complete. */
static int publish(struct wire *w, uint32_t domain, uint64_t off,
		const struct msg *m)
{
	struct msg h = *m;
	int rc;

	h.seq = ~0ull;
	rc = inbox_write(w, domain, off, &h, sizeof h);
	return rc == NIC_OK ? inbox_write(w, domain, off, &m->seq, sizeof m->seq) : rc;
}

DAT_RETURN wire_send(struct wire *w, uint32_t nic, uint32_t inst,
		struct msg *m, const void *payload)
{
	uint32_t domain;
	uint64_t ctl[2], size = (sizeof *m + m->len + 63) & ~63ull;
	struct nic_span tail_span;
	unsigned round = 0;
	uint32_t n;

	m->src_nic = w->nic_addr;
	m->src_inst = w->inst_id;
	m->size = (uint32_t)size;
	if (size > DAPL_RING / 2)
		return ERR(DAT_LENGTH_ERROR, DAT_NO_SUBTYPE);
	uint64_t t0 = nic_now_ns();
	for (;;) {
		struct nic_span s[1];
		if (peer_domain(w, nic, inst, &domain) != NIC_OK)
			return ERR(DAT_INVALID_ADDRESS, DAT_INVALID_ADDRESS_UNREACHABLE);
		if (nic_mdd_resolve(domain, w->ptag, w->cookie, w->inbox_mh, 0, 16, NIC_READ,
				s, 1, &n) != NIC_OK || nic_read_spans(s, n, ctl, 16) != NIC_OK)
			return ERR(DAT_INVALID_ADDRESS, DAT_INVALID_ADDRESS_UNREACHABLE);
		tail_span = s[0];
		uint64_t t = ctl[0], head = ctl[1];
		uint64_t at = t % DAPL_RING;
		uint64_t pad = at + size > DAPL_RING ? DAPL_RING - at : 0;
		if (t + pad + size - head <= DAPL_RING) {
			uint64_t old;
			if (nic_amo(tail_span.pid, tail_span.addr, 8, cswap, t,
					t + pad + size, &old) != NIC_OK)
				return ERR(DAT_INVALID_ADDRESS, DAT_INVALID_ADDRESS_UNREACHABLE);
			if (old == t) {
				if (pad) {
					struct msg p = { .seq = t, .type = MSG_PAD,
						.size = (uint32_t)pad };
					publish(w, domain, CTL_SIZE + at, &p);
					t += pad;
				}
				at = t % DAPL_RING;
				m->seq = t;
				if (m->len && inbox_write(w, domain, CTL_SIZE + at + sizeof *m,
						payload, m->len) != NIC_OK)
					return ERR(DAT_INTERNAL_ERROR, DAT_NO_SUBTYPE);
				if (publish(w, domain, CTL_SIZE + at, m) != NIC_OK)
					return ERR(DAT_INTERNAL_ERROR, DAT_NO_SUBTYPE);
				return DAT_SUCCESS;
			}
			continue;	/* another sender won the race */
		}
		/* The peer's inbox is full: let it (and us) make progress. */
		if (nic_expired(t0, 10000))
			return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_CREDITS);
		dapl_progress();
		nic_backoff(&round);
	}
}

const struct msg *wire_peek(struct wire *w)
{
	for (;;) {
		uint64_t head = w->ctl->head;
		const struct msg *m = (const void *)(w->ring + head % DAPL_RING);
		if (__atomic_load_n(&m->seq, __ATOMIC_ACQUIRE) != head)
			return NULL;
		if (m->type != MSG_PAD)
			return m;
		__atomic_store_n(&w->ctl->head, head + m->size, __ATOMIC_RELEASE);
	}
}

void wire_pop(struct wire *w)
{
	uint64_t head = w->ctl->head;
	struct msg *m = (void *)(w->ring + head % DAPL_RING);

	m->seq = ~0ull;
	__atomic_store_n(&w->ctl->head, head + m->size, __ATOMIC_RELEASE);
}

int wire_register(struct wire *w, uint64_t addr, uint64_t len, int writable,
		uint64_t mh[2])
{
	struct nic_seg s = { addr, len };

	return nic_mdd_register(w->domain, &s, 1, writable ? 0 : NIC_MDD_READONLY,
			NIC_NONE, 0, NIC_NONE, mh) == NIC_OK ? 0 : -1;
}

void wire_deregister(struct wire *w, const uint64_t mh[2])
{
	nic_mdd_deregister(w->domain, mh);
}

int wire_read_key(struct wire *w, uint32_t nic, uint32_t inst, uint32_t ctx,
		struct key *k, uint32_t *domain)
{
	struct nic_span s[1];
	uint32_t n, idx = ctx % DAPL_KEYS;

	if (peer_domain(w, nic, inst, domain) != NIC_OK)
		return -1;
	if (nic_mdd_resolve(*domain, w->ptag, w->cookie, w->keys_mh, idx * sizeof *k,
			sizeof *k, NIC_READ, s, 1, &n) != NIC_OK)
		return -1;
	return nic_read_spans(s, n, k, sizeof *k) == NIC_OK ? 0 : -1;
}

int wire_rdma(struct wire *w, uint32_t domain, const uint64_t mh[2],
		uint64_t raddr, void *local, uint64_t len, int write)
{
	struct nic_span s[1];
	uint32_t n;
	int rc;

	if (len == 0)
		return 0;
	rc = nic_mdd_resolve(domain, w->ptag, w->cookie, mh, raddr, len,
			write ? NIC_WRITE : NIC_READ, s, 1, &n);
	if (rc == NIC_OK)
		rc = write ? nic_write_spans(s, n, local, len) :
			nic_read_spans(s, n, local, len);
	return rc == NIC_OK ? 0 : -1;
}

int wire_local(struct wire *w, const uint64_t mh[2], uint64_t addr,
		void *buf, uint64_t len, int write)
{
	return wire_rdma(w, w->domain, mh, addr, buf, len, write);
}
