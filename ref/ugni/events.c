/*
 * events.c: delivery of local completion events and the transactions
 * GetCompleted hands back.
 *
 * The model completes a transaction when it is posted.  Its local
 * events (LOCAL and GLOBAL) reach the source CQ at once, unless the
 * adversarial schedule (RDMACTS_NIC_SCHEDULE_SEED) holds them back for
 * a seeded number of progress steps, which also reorders them; an RDMA
 * with GNI_RDMAMODE_FENCE is never released before the earlier events
 * of its endpoint.  Every polling call makes one progress step.
 */
#include <stdlib.h>
#include "ugni.h"

struct held {
	struct ugni_ep *ep;
	struct ugni_cq *cq;
	gni_cq_entry_t e;
	uint64_t due;
	int bte;		/* gives back a BTE descriptor when released */
};

static struct held *held;
static size_t nheld, capheld;
static uint64_t tick;

static struct ugni_txn *txns;
static uint32_t ntxn, txn_hint;

uint32_t ugni_txn_new(struct ugni_ep *ep, struct ugni_cq *cq,
		gni_post_descriptor_t *desc, uint16_t expect, int bte)
{
	uint32_t i;

	/* every slot below txn_hint is in use: the first free one is here */
	for (i = txn_hint; i < ntxn && txns[i].in_use; i++)
		;
	if (i == ntxn) {
		uint32_t n = ntxn ? ntxn * 2 : 256;
		if (n > 0x7FFFFF)
			return NIC_NONE;	/* tid is 23 bits */
		struct ugni_txn *t = realloc(txns, n * sizeof *t);
		if (!t)
			return NIC_NONE;
		for (uint32_t k = ntxn; k < n; k++)
			t[k].in_use = 0;
		txns = t;
		ntxn = n;
	}
	txns[i] = (struct ugni_txn){ .desc = desc, .ep = ep, .cq = cq,
		.expect = expect, .bte = bte, .in_use = 1 };
	txn_hint = i + 1;
	return i;
}

struct ugni_txn *ugni_txn_get(uint32_t tid)
{
	return tid < ntxn && txns[tid].in_use ? &txns[tid] : NULL;
}

void ugni_txn_done(uint32_t tid)
{
	txns[tid].in_use = 0;	/* tid names a transaction (GetCompleted, drops) */
	if (tid < txn_hint)
		txn_hint = tid;
}

static void release(struct held *h)
{
	nic_cq_push(h->cq->idx, h->cq->gen, h->e);
	if (h->ep->outstanding)
		h->ep->outstanding--;
	if (h->bte)
		nic_res_give(h->ep->nic->cdm->ptag, NIC_RES_BTE);
}

static int grow(void)
{
	size_t n = capheld ? capheld * 2 : 64;
	struct held *p = realloc(held, n * sizeof *p);

	if (!p)
		return 0;
	held = p;
	capheld = n;
	return 1;
}

/* fence: bit 0 GNI_RDMAMODE_FENCE, bit 1 gives back a BTE descriptor */
void ugni_deliver_local(struct ugni_ep *ep, struct ugni_cq *cq,
		gni_cq_entry_t e, int fence)
{
	struct held h = { ep, cq, e, 0, (fence & 2) != 0 };

	ep->outstanding++;
	if (!nic_knobs()->schedule || (nheld == capheld && !grow())) {
		release(&h);
		return;
	}
	h.due = tick + 1 + nic_random(4);
	if (fence & 1)
		for (size_t i = 0; i < nheld; i++)
			if (held[i].ep == ep && held[i].due > h.due)
				h.due = held[i].due;
	held[nheld++] = h;
}

void ugni_progress(void)
{
	size_t k = 0;

	tick++;
	for (size_t i = 0; i < nheld; i++) {
		if (held[i].due <= tick)
			release(&held[i]);
		else
			held[k++] = held[i];
	}
	nheld = k;
	if (nheld == 0 && held) {
		free(held);
		held = NULL;
		capheld = 0;
	}
}

static void drop_if(int (*match)(const struct held *, const void *),
		const void *what)
{
	size_t k = 0;

	for (size_t i = 0; i < nheld; i++) {
		if (match(&held[i], what)) {
			if (held[i].ep->outstanding)
				held[i].ep->outstanding--;
			if (held[i].bte)
				nic_res_give(held[i].ep->nic->cdm->ptag, NIC_RES_BTE);
		} else {
			held[k++] = held[i];
		}
	}
	nheld = k;
}

static int of_ep(const struct held *h, const void *ep) { return h->ep == ep; }
static int of_cq(const struct held *h, const void *cq) { return h->cq == cq; }

void ugni_events_drop_ep(struct ugni_ep *ep)
{
	drop_if(of_ep, ep);
	for (uint32_t i = 0; i < ntxn; i++)
		if (txns[i].in_use && txns[i].ep == ep)
			ugni_txn_done(i);
}

void ugni_events_drop_cq(struct ugni_cq *cq)
{
	drop_if(of_cq, cq);
	for (uint32_t i = 0; i < ntxn; i++)
		if (txns[i].in_use && txns[i].cq == cq)
			ugni_txn_done(i);
}

__attribute__((destructor)) static void events_fini(void)
{
	free(held);
	held = NULL;
	free(txns);
	txns = NULL;
	ntxn = 0;
}
