/*
 * schedule.c: request completions held back by the adversarial schedule
 * (test_control.c, SCHEDULE_SEED).
 *
 * The reference performs every request when it is posted.  With the
 * schedule on, the completion event of a Send, an RDMA Read/Write or an
 * RMR Bind is not queued at once but held, in posting order, and released
 * by a later dat_evd_dequeue, dat_evd_wait or dat_cno_wait (each held
 * completion after 1 to 3 such calls, as the seed decides).  Meanwhile
 * the request is in progress: request_idle is DAT_FALSE, a graceful
 * dat_ep_disconnect leaves the Endpoint in DAT_EP_STATE_DISCONNECT_PENDING
 * until the last one is released, and the RMR of a held bind cannot be
 * freed.  Completions of one Endpoint stay in order, and an Endpoint's
 * held completions are released before any connection event it gets.
 * With the schedule on, dat_cr_accept also leaves the passive Endpoint
 * in COMPLETION_PENDING until the active side confirms (cr.c).
 */
#include <stdlib.h>
#include "../../nic/nic.h"
#include "dapl.h"

struct held {
	struct held *next;
	struct ep *ep;
	struct evd *evd;
	struct rmr *rmr;		/* a bind: its RMR */
	DAT_EVENT ev;
	int notify;
	unsigned rounds;		/* releasing calls still to wait */
};

static struct held *first, *last;

void request_done(struct ep *ep, struct evd *evd, const DAT_EVENT *ev,
		int notify, struct rmr *rmr)
{
	struct held *h;

	if (!dapl_hold() || !(h = calloc(1, sizeof *h))) {
		evd_post(evd, ev, notify);
		return;
	}
	h->ep = ep;
	h->evd = evd;
	h->rmr = rmr;
	h->ev = *ev;
	h->notify = notify;
	h->rounds = 1 + nic_random(3);
	if (rmr)
		rmr->held++;
	ep->held++;
	if (last)
		last->next = h;
	else
		first = h;
	last = h;
}

/* Unlink h (whose predecessor is prev) and queue its event. */
static void release(struct held *prev, struct held *h)
{
	if (prev)
		prev->next = h->next;
	else
		first = h->next;
	if (last == h)
		last = prev;
	h->ep->held--;
	if (h->rmr)
		h->rmr->held--;
	evd_post(h->evd, &h->ev, h->notify);
	free(h);
}

void held_release_ep(struct ep *ep)
{
	struct held *prev = NULL, *h = first, *next;

	for (; h; h = next) {
		next = h->next;
		if (h->ep == ep)
			release(prev, h);
		else
			prev = h;
	}
}

void held_drop_ep(struct ep *ep)
{
	struct held *prev = NULL, *h = first, *next;

	for (; h; h = next) {
		next = h->next;
		if (h->ep != ep) {
			prev = h;
			continue;
		}
		if (prev)
			prev->next = next;
		else
			first = next;
		if (last == h)
			last = prev;
		if (h->rmr)
			h->rmr->held--;
		free(h);
	}
	ep->held = 0;
}

void dapl_release(void)
{
	struct held *prev = NULL, *h = first, *next;

	for (; h; h = next) {
		struct ep *ep = h->ep;
		int blocked = 0;
		next = h->next;
		/* An Endpoint's completions leave in order. */
		for (struct held *p = first; p != h; p = p->next)
			if (p->ep == ep)
				blocked = 1;
		if (blocked || (dapl_hold() && --h->rounds > 0)) {
			prev = h;
			continue;
		}
		release(prev, h);
		if (ep->held == 0 && ep->state == DAT_EP_STATE_DISCONNECT_PENDING) {
			/* the graceful disconnect proceeds */
			ep_send_disc(ep, 0);
			ep_disconnected(ep, DAT_CONNECTION_EVENT_DISCONNECTED);
			prev = NULL;	/* the list may have changed: restart */
			next = first;
		}
	}
}
