/*
 * compchan.c: completion channels (vendor extension, gni_pub.h 0x61):
 * GNI_CompChanCreate/Destroy/Fd/GetEvent, GNI_CqAttachCompChan and
 * GNI_CqArmCompChan.
 *
 * No public header documents them; the behaviour follows the way real
 * clients use them (OVIS ldms zap_ugni): a channel owns a pollable file
 * descriptor; CQs are attached to it and armed; when an armed CQ holds an
 * event the descriptor becomes readable, GNI_CompChanGetEvent names that
 * CQ and disarms it, and the client re-arms it after draining it.
 *
 * The descriptor is an eventfd counting the CQs that fired and were not
 * yet taken by GetEvent.  The model has no threads: a CQ is seen to
 * fire inside the owner's uGNI calls (every post, send and poll ends
 * with ugni_chan_sweep).  Events a peer process deposits are therefore
 * noticed at the owner's next uGNI call, not while it sleeps in poll().
 * Arming a CQ that already holds an event fires it at once, so no event
 * is lost between a client's last poll and its re-arm.
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include "ugni.h"

static unsigned armed_cqs;	/* armed CQs of the process: sweeps skip at 0 */

/* CompChanCreate
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (no
 *   descriptor), GNI_RC_ERROR_NOMEM */
gni_return_t GNI_CompChanCreate(gni_nic_handle_t nic_handle,
		gni_comp_chan_handle_t *chan_handle)
{
	struct ugni_nic *n = to_nic(nic_handle);

	if (!n || !chan_handle)
		return GNI_RC_INVALID_PARAM;
	struct ugni_chan *ch = nic_alloc(sizeof *ch);
	if (!ch)
		return GNI_RC_ERROR_NOMEM;
	ch->nic = n;
	ch->fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
	if (ch->fd < 0) {
		free(ch);
		return GNI_RC_ERROR_RESOURCE;
	}
	ch->self = ugni_handle_new(UGNI_CHAN, ch);
	if (!ch->self) {
		close(ch->fd);
		free(ch);
		return GNI_RC_ERROR_NOMEM;
	}
	*chan_handle = ch->self;
	return GNI_RC_SUCCESS;
}

void ugni_chan_destroy_obj(struct ugni_chan *ch)
{
	close(ch->fd);
	ugni_handle_free(ch->self);
	free(ch);
}

/* CompChanDestroy
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (CQs are
 *   still attached: as CqDestroy with endpoints) */
gni_return_t GNI_CompChanDestroy(gni_comp_chan_handle_t chan_handle)
{
	struct ugni_chan *ch = to_chan(chan_handle);

	if (!ch)
		return GNI_RC_INVALID_PARAM;
	if (ch->ncq)
		return GNI_RC_ERROR_RESOURCE;
	ugni_chan_destroy_obj(ch);
	return GNI_RC_SUCCESS;
}

/* CompChanFd
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM */
gni_return_t GNI_CompChanFd(gni_comp_chan_handle_t chan_handle, int *comp_chan_fd)
{
	struct ugni_chan *ch = to_chan(chan_handle);

	if (!ch || !comp_chan_fd)
		return GNI_RC_INVALID_PARAM;
	*comp_chan_fd = ch->fd;
	return GNI_RC_SUCCESS;
}

struct take { struct ugni_chan *ch; struct ugni_cq *cq; };

static void first_fired(void *obj, void *arg)
{
	struct ugni_cq *cq = obj;
	struct take *t = arg;
	if (!t->cq && cq->chan == t->ch && cq->fired)
		t->cq = cq;
}

/* CompChanGetEvent: the next CQ that fired; its event stays in the CQ.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (none fired) */
gni_return_t GNI_CompChanGetEvent(gni_comp_chan_handle_t chan_handle,
		gni_cq_handle_t *cq_handle)
{
	struct ugni_chan *ch = to_chan(chan_handle);
	uint64_t n;

	if (!ch || !cq_handle)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();
	struct take t = { ch, NULL };
	ugni_handle_each(UGNI_CQ, first_fired, &t);
	if (!t.cq)
		return GNI_RC_NOT_DONE;
	t.cq->fired = 0;
	/* the counter holds the fired CQs: take one (EFD_SEMAPHORE would
	 * too, but the count is rebuilt here so a stale one cannot stick) */
	if (read(ch->fd, &n, sizeof n) == sizeof n && n > 1) {
		n--;
		if (write(ch->fd, &n, sizeof n) != sizeof n)
			return GNI_RC_ERROR_RESOURCE;
	}
	*cq_handle = t.cq->self;
	return GNI_RC_SUCCESS;
}

/* CqAttachCompChan
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (bad handle, or a channel of
 *   another NIC handle), GNI_RC_INVALID_STATE (already attached) */
gni_return_t GNI_CqAttachCompChan(gni_cq_handle_t cq_handle,
		gni_comp_chan_handle_t chan_handle)
{
	struct ugni_cq *cq = to_cq(cq_handle);
	struct ugni_chan *ch = to_chan(chan_handle);

	if (!cq || !ch || cq->nic != ch->nic)
		return GNI_RC_INVALID_PARAM;
	if (cq->chan)
		return GNI_RC_INVALID_STATE;
	cq->chan = ch;
	ch->ncq++;
	return GNI_RC_SUCCESS;
}

/* Forget a CQ's channel (CqDestroy). */
void ugni_chan_detach(struct ugni_cq *cq)
{
	if (!cq->chan)
		return;
	if (cq->armed)
		armed_cqs--;
	cq->chan->ncq--;
	cq->chan = NULL;
	cq->armed = cq->fired = 0;
}

static void fire(struct ugni_cq *cq)
{
	uint64_t one = 1;
	gni_cq_entry_t e;
	int overrun = 0;

	if (!cq->armed || (nic_cq_peek(cq->idx, cq->gen, &e, &overrun) != NIC_OK &&
			!overrun))
		return;
	cq->armed = 0;
	armed_cqs--;
	cq->fired = 1;
	if (write(cq->chan->fd, &one, sizeof one) != sizeof one)
		cq->fired = 0;	/* counter saturated: cannot happen in practice */
}

/* CqArmCompChan: each CQ fires once, at its next event (at once when it
 * holds one already).
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_INVALID_STATE (a CQ is
 *   not attached to a channel); nothing is armed on an error */
gni_return_t GNI_CqArmCompChan(gni_cq_handle_t *cq_handles, uint32_t num_cqs)
{
	if (!cq_handles || num_cqs == 0)
		return GNI_RC_INVALID_PARAM;
	for (uint32_t i = 0; i < num_cqs; i++) {
		struct ugni_cq *cq = to_cq(cq_handles[i]);
		if (!cq)
			return GNI_RC_INVALID_PARAM;
		if (!cq->chan)
			return GNI_RC_INVALID_STATE;
	}
	for (uint32_t i = 0; i < num_cqs; i++) {
		struct ugni_cq *cq = to_cq(cq_handles[i]);
		if (!cq->armed && !cq->fired) {
			cq->armed = 1;
			armed_cqs++;
		}
		fire(cq);
	}
	return GNI_RC_SUCCESS;
}

static void sweep_one(void *obj, void *arg)
{
	(void)arg;
	fire(obj);
}

/* Fire every armed CQ that holds an event. */
void ugni_chan_sweep(void)
{
	if (armed_cqs)
		ugni_handle_each(UGNI_CQ, sweep_one, NULL);
}
