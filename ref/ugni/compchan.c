/*
 * compchan.c: completion channels (vendor extension, gni_pub.h 0x61):
 * GNI_CompChanCreate/Destroy/Fd/GetEvent, GNI_CqAttachCompChan and
 * GNI_CqArmCompChan.
 *
 * No public header documents them; the behaviour follows the way real
 * clients use them (OVIS ldms zap_ugni): a channel owns a pollable file
 * descriptor; CQs are attached to it and armed; when an armed CQ gets an
 * event the descriptor becomes readable, GNI_CompChanGetEvent names that
 * CQ, and the client drains the CQ and arms it again.
 *
 * The descriptor is an eventfd counting the CQs that fired and were not
 * yet taken by GetEvent.  Arming and firing live with the CQ's ring in
 * the NIC model (nic_cq_arm): the process that deposits the event, this
 * one or a peer, fires the ring, as a NIC raises the interrupt whoever
 * sent the data.  Arming a CQ that already holds an event fires it at
 * once, so no event is lost between a client's last poll and its re-arm.
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include "ugni.h"

/* CompChanCreate
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE (no
 *   descriptor), GNI_RC_ERROR_NOMEM */
gni_return_t GNI_CompChanCreate(gni_nic_handle_t nic_handle,
		gni_comp_chan_handle_t *chan_handle)
{
	UGNI_LOCKED;
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
	UGNI_LOCKED;
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
	UGNI_LOCKED;
	struct ugni_chan *ch = to_chan(chan_handle);

	if (!ch || !comp_chan_fd)
		return GNI_RC_INVALID_PARAM;
	*comp_chan_fd = ch->fd;
	return GNI_RC_SUCCESS;
}

/* One fired CQ taken: the eventfd counts one less. */
static void uncount(struct ugni_chan *ch)
{
	uint64_t n;

	if (read(ch->fd, &n, sizeof n) == sizeof n && n > 1) {
		n--;
		if (write(ch->fd, &n, sizeof n) != sizeof n)
			return;
	}
}

struct take { struct ugni_chan *ch; struct ugni_cq *cq; };

static void take_fired(void *obj, void *arg)
{
	struct ugni_cq *cq = obj;
	struct take *t = arg;
	if (!t->cq && cq->chan == t->ch && nic_cq_take_fired(cq->idx, cq->gen, 0))
		t->cq = cq;
}

/* CompChanGetEvent: the next CQ that fired (disarmed since); its events
 * stay in the CQ.
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_NOT_DONE (none fired) */
gni_return_t GNI_CompChanGetEvent(gni_comp_chan_handle_t chan_handle,
		gni_cq_handle_t *cq_handle)
{
	UGNI_LOCKED;
	struct ugni_chan *ch = to_chan(chan_handle);

	if (!ch || !cq_handle)
		return GNI_RC_INVALID_PARAM;
	ugni_progress();	/* events the schedule holds back are due */
	struct take t = { ch, NULL };
	ugni_handle_each(UGNI_CQ, take_fired, &t);
	if (!t.cq)
		return GNI_RC_NOT_DONE;
	uncount(ch);
	*cq_handle = t.cq->self;
	return GNI_RC_SUCCESS;
}

/* CqAttachCompChan
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (bad handle, or a channel of
 *   another NIC handle), GNI_RC_INVALID_STATE (already attached) */
gni_return_t GNI_CqAttachCompChan(gni_cq_handle_t cq_handle,
		gni_comp_chan_handle_t chan_handle)
{
	UGNI_LOCKED;
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

/* Forget a CQ's channel (CqDestroy), and a firing not yet taken. */
void ugni_chan_detach(struct ugni_cq *cq)
{
	if (!cq->chan)
		return;
	if (nic_cq_take_fired(cq->idx, cq->gen, 1))
		uncount(cq->chan);
	cq->chan->ncq--;
	cq->chan = NULL;
}

/* CqArmCompChan: each CQ fires once, at its next event (at once when it
 * holds one already).
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM, GNI_RC_INVALID_STATE (a CQ is
 *   not attached to a channel); nothing is armed on an error */
gni_return_t GNI_CqArmCompChan(gni_cq_handle_t *cq_handles, uint32_t num_cqs)
{
	UGNI_LOCKED;
	if (!cq_handles || num_cqs == 0)
		return GNI_RC_INVALID_PARAM;
	for (uint32_t i = 0; i < num_cqs; i++) {
		struct ugni_cq *cq = to_cq(cq_handles[i]);
		if (!cq)
			return GNI_RC_INVALID_PARAM;
		if (!cq->chan)
			return GNI_RC_INVALID_STATE;
	}
	ugni_progress();	/* events the schedule holds back are due */
	for (uint32_t i = 0; i < num_cqs; i++) {
		struct ugni_cq *cq = to_cq(cq_handles[i]);
		if (nic_cq_arm(cq->idx, cq->gen, cq->chan->fd) != NIC_OK)
			return GNI_RC_INVALID_PARAM;
	}
	return GNI_RC_SUCCESS;
}
