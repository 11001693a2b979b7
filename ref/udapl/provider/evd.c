/*
 * evd.c: Event Dispatchers: creation, queries, state, and the queue
 * every event stream feeds (evd_post).
 *
 * An EVD is a ring of qlen events.  Each stream (software, connection
 * request, DTO, connection, RMR bind, async) goes to EVDs created with
 * its flag; any streams may share an EVD.  Events are queued whether
 * the EVD is enabled or not; enabled only decides whether an event
 * notifies the EVD's CNO.  An event posted to a full EVD is lost and
 * the IA's async EVD gets DAT_ASYNC_ERROR_EVD_OVERFLOW, except for
 * dat_evd_post_se, which returns DAT_QUEUE_FULL instead (E-UDAPL-053).
 */
#include <stdlib.h>
#include <string.h>
#include "../../nic/nic.h"
#include "dapl.h"

#define EVD_FLAGS_ALL (DAT_EVD_SOFTWARE_FLAG | DAT_EVD_CR_FLAG | \
	DAT_EVD_DTO_FLAG | DAT_EVD_CONNECTION_FLAG | DAT_EVD_RMR_BIND_FLAG | \
	DAT_EVD_ASYNC_FLAG)

static void push(struct evd *evd, const DAT_EVENT *ev, int notify)
{
	struct event_slot *s = &evd->q[(evd->head + evd->count) % evd->qlen];

	s->ev = *ev;
	s->ev.evd_handle = evd;
	s->notify = notify;
	evd->count++;
	/* an event a thread waits for in dat_evd_wait is not the CNO's */
	if (notify && evd->enabled && evd->cno && !evd->waiter.count)
		cno_trigger(evd->cno, evd);
}

void evd_post(struct evd *evd, const DAT_EVENT *ev, int notify)
{
	struct evd *async;

	if (!evd)
		return;
	if (evd->count < evd->qlen) {
		push(evd, ev, notify);
		return;
	}
	async = evd->h.ia->async_evd;
	if (async && async != evd && async->count < async->qlen) {
		DAT_EVENT o = { .event_number = DAT_ASYNC_ERROR_EVD_OVERFLOW };
		o.event_data.asynch_error_event_data.dat_handle = evd;
		o.event_data.asynch_error_event_data.reason = DAT_EVD_OVERFLOW_ERROR;
		push(async, &o, 1);
	}
}

void evd_post_dto(struct evd *evd, struct ep *ep, DAT_DTO_COOKIE cookie,
		DAT_DTO_COMPLETION_STATUS status, DAT_VLEN len, int notify)
{
	DAT_EVENT ev = { .event_number = DAT_DTO_COMPLETION_EVENT };

	ev.event_data.dto_completion_event_data.ep_handle = ep;
	ev.event_data.dto_completion_event_data.user_cookie = cookie;
	ev.event_data.dto_completion_event_data.status = status;
	ev.event_data.dto_completion_event_data.transfered_length = len;
	evd_post(evd, &ev, notify);
}

void evd_post_conn(struct ep *ep, DAT_EVENT_NUMBER num)
{
	DAT_EVENT ev = { .event_number = num };

	ev.event_data.connect_event_data.ep_handle = ep;
	if (num == DAT_CONNECTION_EVENT_ESTABLISHED && ep->pd_size > 0) {
		ev.event_data.connect_event_data.private_data_size = ep->pd_size;
		ev.event_data.connect_event_data.private_data = ep->pd;
	}
	evd_post(ep->conn_evd, &ev, 1);
}

/* A connection stream (CR, CONNECTION) with any other stream: the
 * merging a Provider without stream merging refuses (ia.c). */
static int merges_connection_stream(DAT_EVD_FLAGS f)
{
	DAT_EVD_FLAGS conn = f & (DAT_EVD_CR_FLAG | DAT_EVD_CONNECTION_FLAG);

	return conn && f != DAT_EVD_CR_FLAG && f != DAT_EVD_CONNECTION_FLAG;
}

/*
 * dat_evd_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED (a connection
 * stream merged with another, when stream merging is declined)
 */
DAT_RETURN dapl_evd_create(DAT_IA_HANDLE ia_handle, DAT_COUNT evd_min_qlen,
		DAT_CNO_HANDLE cno_handle, DAT_EVD_FLAGS evd_flags,
		DAT_EVD_HANDLE *evd_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct cno *cno = NULL;
	struct evd *evd;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (cno_handle != DAT_HANDLE_NULL) {
		cno = obj_get(cno_handle, DAT_HANDLE_TYPE_CNO);
		if (!cno || cno->h.ia != ia)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	}
	if (evd_min_qlen <= 0 || evd_min_qlen > DAPL_MAX_EVD_QLEN)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (evd_flags == 0 || (evd_flags & ~EVD_FLAGS_ALL))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (!evd_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (merges_connection_stream(evd_flags) && dapl_declines(RDMACTS_CAP_STREAM_MERGING))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (ia_full(ia, DAT_HANDLE_TYPE_EVD))
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_TEVD);
	evd = obj_new(DAT_HANDLE_TYPE_EVD, sizeof *evd, ia);
	if (!evd)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	evd->q = calloc((size_t)evd_min_qlen, sizeof *evd->q);
	if (!evd->q) {
		obj_free(evd);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	}
	evd->flags = evd_flags;
	evd->qlen = evd_min_qlen;
	evd->enabled = 1;
	evd->waitable = 1;
	evd->cno = cno;
	if (cno)
		cno->refs++;
	*evd_handle = evd;
	return DAT_SUCCESS;
}

/*
 * dat_evd_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_evd_query(DAT_EVD_HANDLE evd_handle, DAT_EVD_PARAM_MASK mask,
		DAT_EVD_PARAM *param)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (mask & ~DAT_EVD_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = evd->h.ia;
	param->evd_qlen = evd->qlen;
	param->evd_state = (evd->enabled ? DAT_EVD_STATE_ENABLED : DAT_EVD_STATE_DISABLED) |
		(evd->waitable ? DAT_EVD_STATE_WAITABLE : DAT_EVD_STATE_UNWAITABLE) |
		DAT_EVD_STATE_CONFIG_NOTIFY;
	param->cno_handle = evd->cno ? (DAT_CNO_HANDLE)evd->cno : DAT_HANDLE_NULL;
	param->evd_flags = evd->flags;
	return DAT_SUCCESS;
}

/*
 * dat_evd_modify_cno(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_evd_modify_cno(DAT_EVD_HANDLE evd_handle, DAT_CNO_HANDLE cno_handle)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);
	struct cno *cno = NULL;

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (cno_handle != DAT_HANDLE_NULL) {
		cno = obj_get(cno_handle, DAT_HANDLE_TYPE_CNO);
		if (!cno || cno->h.ia != evd->h.ia)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	}
	if (evd->cno) {
		evd->cno->refs--;
		if (evd->cno->triggered == evd)
			evd->cno->triggered = NULL;
	}
	evd->cno = cno;
	if (cno)
		cno->refs++;
	return DAT_SUCCESS;
}

/*
 * dat_evd_enable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_evd_enable(DAT_EVD_HANDLE evd_handle)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	evd->enabled = 1;
	return DAT_SUCCESS;
}

/*
 * dat_evd_disable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_evd_disable(DAT_EVD_HANDLE evd_handle)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	evd->enabled = 0;
	return DAT_SUCCESS;
}

/*
 * dat_evd_set_unwaitable(3DAT): a waiter returns DAT_INVALID_STATE.
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_evd_set_unwaitable(DAT_EVD_HANDLE evd_handle)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	evd->waitable = 0;
	if (evd->waiter.count)
		evd->waiter.end = ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EVD_UNWAITABLE);
	return DAT_SUCCESS;
}

/*
 * dat_evd_clear_unwaitable(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_evd_clear_unwaitable(DAT_EVD_HANDLE evd_handle)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	evd->waitable = 1;
	return DAT_SUCCESS;
}

/*
 * dat_evd_resize(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dapl_evd_resize(DAT_EVD_HANDLE evd_handle, DAT_COUNT evd_min_qlen)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);
	struct event_slot *q;

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (evd_min_qlen <= 0 || evd_min_qlen > DAPL_MAX_EVD_QLEN)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (evd_min_qlen < evd->count)
		return ERR(DAT_INVALID_STATE, DAT_NO_SUBTYPE);
	q = nic_alloc((size_t)evd_min_qlen * sizeof *q);
	if (!q)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	for (DAT_COUNT i = 0; i < evd->count; i++)
		q[i] = evd->q[(evd->head + i) % evd->qlen];
	free(evd->q);
	evd->q = q;
	evd->head = 0;
	evd->qlen = evd_min_qlen;
	return DAT_SUCCESS;
}

/*
 * dat_evd_post_se(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER, DAT_QUEUE_FULL
 */
DAT_RETURN dapl_evd_post_se(DAT_EVD_HANDLE evd_handle, const DAT_EVENT *event)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!event || event->event_number != DAT_SOFTWARE_EVENT)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!(evd->flags & DAT_EVD_SOFTWARE_FLAG))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (evd->count >= evd->qlen)
		return ERR(DAT_QUEUE_FULL, DAT_NO_SUBTYPE);	/* E-UDAPL-053 */
	push(evd, event, 1);
	return DAT_SUCCESS;
}

/* Take the oldest event; 0 when there was one. */
static int take(struct evd *evd, DAT_EVENT *event)
{
	if (evd->count == 0)
		return -1;
	*event = evd->q[evd->head].ev;
	dapl_linger(evd->h.ia);	/* two takers of one event meet here */
	evd->head = (evd->head + 1) % evd->qlen;
	evd->count--;
	if (evd->cno && evd->cno->triggered == evd && evd->count == 0)
		evd->cno->triggered = NULL;
	return 0;
}

/* The answer of an empty EVD (E-UDAPL-034): the bare DAT_QUEUE_EMPTY
 * from an EVD of a DTO or RMR-bind stream, DAT_ERROR(DAT_QUEUE_EMPTY, 0)
 * from the others, as OFA's provider answers from an EVD with a
 * completion queue and from one without; OFA's dtest compares the raw
 * value of the first. */
static DAT_RETURN queue_empty(const struct evd *evd)
{
	if ((evd->flags & (DAT_EVD_DTO_FLAG | DAT_EVD_RMR_BIND_FLAG)) &&
			!(evd->flags & DAT_EVD_ASYNC_FLAG))
		return DAT_QUEUE_EMPTY;
	return ERR(DAT_QUEUE_EMPTY, DAT_NO_SUBTYPE);
}

/*
 * dat_evd_dequeue(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_QUEUE_EMPTY (bare or with the error class: queue_empty),
 * DAT_INVALID_STATE (another thread waits on the EVD: only on a
 * thread-safe IA)
 */
DAT_RETURN dapl_evd_dequeue(DAT_EVD_HANDLE evd_handle, DAT_EVENT *event)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!event)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (evd->waiter.count)	/* a thread-safe IA's waiter owns it */
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EVD_WAITER);
	dapl_progress();
	dapl_release();
	if (take(evd, event))
		return queue_empty(evd);
	return DAT_SUCCESS;
}

/*
 * dat_evd_wait(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER,
 * DAT_INVALID_STATE, DAT_ABORT, DAT_INTERRUPTED_CALL, DAT_TIMEOUT_EXPIRED
 *
 * Polls (progress, then the queue) until threshold events are queued,
 * then dequeues one; *nmore is what is left.  threshold may reach the
 * EVD's queue length (E-UDAPL-054).  On timeout nothing is dequeued and
 * *nmore says how many events are queued.  On a thread-safe IA another
 * thread may end the wait (struct waiter): dat_evd_free or dat_ia_close
 * with DAT_ABORT, dat_evd_set_unwaitable with DAT_INVALID_STATE; a
 * second waiter gets DAT_INVALID_STATE.
 */
/*
 * dat_evd_wait(3DAT): an EVD that receives a DTO stream configured for
 * Consumer-controlled notification (UNSIGNALLED or SOLICITED_WAIT for
 * Receives, UNSIGNALLED for requests) may only be waited on with
 * threshold 1.
 */
static int consumer_notified(struct evd *evd)
{
	for (struct obj *o = evd->h.ia->objs; o; o = o->next) {
		struct ep *ep = (struct ep *)o;
		if (o->kind != DAT_HANDLE_TYPE_EP)
			continue;
		if (ep->req_evd == evd && (ep->attr.request_completion_flags &
				DAT_COMPLETION_UNSIGNALLED_FLAG))
			return 1;
		if (ep->recv_evd == evd && (ep->attr.recv_completion_flags &
				(DAT_COMPLETION_UNSIGNALLED_FLAG | DAT_COMPLETION_SOLICITED_WAIT_FLAG)))
			return 1;
	}
	return 0;
}

/* The polling loop of dat_evd_wait, inside an interruptible wait. */
static DAT_RETURN evd_wait_loop(struct evd *evd, uint64_t deadline,
		DAT_COUNT threshold, DAT_EVENT *event, DAT_COUNT *nmore,
		struct nic_wait *w)
{
	for (;;) {
		if (evd->waiter.end)	/* another thread ended the wait */
			return evd->waiter.end;
		dapl_progress();
		dapl_release();
		if (evd->count >= threshold) {
			take(evd, event);
			*nmore = evd->count;
			return DAT_SUCCESS;
		}
		if (dapl_deadline(0) >= deadline) {
			*nmore = evd->count;
			return ERR(DAT_TIMEOUT_EXPIRED, DAT_NO_SUBTYPE);
		}
		if (dapl_pause(w)) {
			*nmore = evd->count;
			return ERR(DAT_INTERRUPTED_CALL, DAT_SUB_INTERRUPTED);
		}
	}
}

DAT_RETURN dapl_evd_wait(DAT_EVD_HANDLE evd_handle, DAT_TIMEOUT timeout,
		DAT_COUNT threshold, DAT_EVENT *event, DAT_COUNT *nmore)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);
	struct nic_wait w;
	DAT_RETURN rc;

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (threshold <= 0 || threshold > evd->qlen)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (!event)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (!nmore)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (!evd->waitable)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EVD_UNWAITABLE);
	if (evd->waiter.count)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EVD_WAITER);
	if (threshold > 1 && (evd->cno || consumer_notified(evd)))
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EVD_CONFIG_THRESHOLD);
	evd->waiter = (struct waiter){ .count = 1 };
	nic_wait_begin(&w);
	rc = evd_wait_loop(evd, dapl_deadline(timeout), threshold, event, nmore, &w);
	nic_wait_end(&w);
	evd->waiter.count = 0;
	if (evd->waiter.orphaned)	/* freed while we waited */
		obj_release(evd);
	return rc;
}

/* Destroys the EVD; a thread waiting on it returns DAT_ABORT and gives
 * its memory back when it leaves. */
void evd_destroy(struct evd *evd)
{
	if (evd->cno) {
		evd->cno->refs--;
		if (evd->cno->triggered == evd)
			evd->cno->triggered = NULL;
	}
	free(evd->q);
	evd->q = NULL;
	evd->count = 0;
	if (evd->waiter.count) {
		evd->waiter.end = ERR(DAT_ABORT, DAT_SUB_INTERRUPTED);
		evd->waiter.orphaned = 1;
		obj_unlink(evd);
		return;
	}
	obj_free(evd);
}

/*
 * dat_evd_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dapl_evd_free(DAT_EVD_HANDLE evd_handle)
{
	struct evd *evd = obj_get(evd_handle, DAT_HANDLE_TYPE_EVD);

	if (!evd)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (evd->refs > 0)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_EVD_IN_USE);
	evd_destroy(evd);
	return DAT_SUCCESS;
}
