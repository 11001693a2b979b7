/*
 * cno.c: Consumer Notification Objects.
 *
 * A CNO is triggered when an enabled EVD associated with it gets a
 * notification event (not an unsignalled completion); dat_cno_wait
 * returns that EVD and resets the trigger.  The OS wait proxy agent,
 * when the Consumer gave one, is called at the trigger, from inside
 * the Provider call that made progress.
 */
#include "../../nic/nic.h"
#include "dapl.h"

void cno_trigger(struct cno *cno, struct evd *evd)
{
	static int in_agent;

	if (!cno->triggered)
		cno->triggered = evd;
	if (cno->agent.proxy_agent_func && !in_agent) {
		in_agent = 1;
		cno->agent.proxy_agent_func(cno->agent.instance_data, evd);
		in_agent = 0;
	}
}

/* Destroys the CNO; threads waiting on it return as on a timeout
 * (DAT_QUEUE_EMPTY, no EVD) and the last gives its memory back. */
void cno_destroy(struct cno *cno)
{
	if (cno->waiter.count) {
		cno->waiter.end = ERR(DAT_QUEUE_EMPTY, DAT_NO_SUBTYPE);
		cno->waiter.orphaned = 1;
		obj_unlink(cno);
		return;
	}
	obj_free(cno);
}

/* An agent is a function and its instance data, or no agent at all
 * (DAT_OS_WAIT_PROXY_AGENT_NULL): instance data without a function to
 * pass it to is an invalid agent. */
static int agent_valid(DAT_OS_WAIT_PROXY_AGENT a)
{
	return a.proxy_agent_func || !a.instance_data;
}

/*
 * dat_cno_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED (proxy agents declined)
 */
DAT_RETURN dapl_cno_create(DAT_IA_HANDLE ia_handle, DAT_OS_WAIT_PROXY_AGENT agent,
		DAT_CNO_HANDLE *cno_handle)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct cno *cno;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!agent_valid(agent))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!cno_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (agent.proxy_agent_func && dapl_declines(RDMACTS_CAP_PROXY_AGENT))
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	if (ia_full(ia, DAT_HANDLE_TYPE_CNO))
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	cno = obj_new(DAT_HANDLE_TYPE_CNO, sizeof *cno, ia);
	if (!cno)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	cno->agent = agent;
	*cno_handle = cno;
	return DAT_SUCCESS;
}

/*
 * dat_cno_modify_agent(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER (instance data
 * without a function; DAT_OS_WAIT_PROXY_AGENT_NULL removes the agent)
 */
DAT_RETURN dapl_cno_modify_agent(DAT_CNO_HANDLE cno_handle,
		DAT_OS_WAIT_PROXY_AGENT agent)
{
	struct cno *cno = obj_get(cno_handle, DAT_HANDLE_TYPE_CNO);

	if (!cno)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (!agent_valid(agent))
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	cno->agent = agent;
	return DAT_SUCCESS;
}

/*
 * dat_cno_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_cno_query(DAT_CNO_HANDLE cno_handle, DAT_CNO_PARAM_MASK mask,
		DAT_CNO_PARAM *param)
{
	struct cno *cno = obj_get(cno_handle, DAT_HANDLE_TYPE_CNO);

	if (!cno)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (mask & ~DAT_CNO_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = cno->h.ia;
	param->agent = cno->agent;
	return DAT_SUCCESS;
}

/*
 * dat_cno_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dapl_cno_free(DAT_CNO_HANDLE cno_handle)
{
	struct cno *cno = obj_get(cno_handle, DAT_HANDLE_TYPE_CNO);

	if (!cno)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (cno->refs > 0)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_CNO_IN_USE);
	cno_destroy(cno);
	return DAT_SUCCESS;
}

/* The polling loop of dat_cno_wait, inside an interruptible wait. */
static DAT_RETURN cno_wait_loop(struct cno *cno, uint64_t deadline,
		DAT_EVD_HANDLE *evd_handle, struct nic_wait *w)
{
	for (;;) {
		if (cno->waiter.end) {	/* another thread ended the wait */
			*evd_handle = DAT_HANDLE_NULL;
			return cno->waiter.end;
		}
		dapl_progress();
		dapl_release();
		if (cno->triggered) {
			*evd_handle = cno->triggered;
			cno->triggered = NULL;
			return DAT_SUCCESS;
		}
		if (dapl_deadline(0) >= deadline) {
			*evd_handle = DAT_HANDLE_NULL;
			return ERR(DAT_QUEUE_EMPTY, DAT_NO_SUBTYPE);
		}
		if (dapl_pause(w)) {
			*evd_handle = DAT_HANDLE_NULL;
			return ERR(DAT_INTERRUPTED_CALL, DAT_SUB_INTERRUPTED);
		}
	}
}

/*
 * dat_cno_wait(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_QUEUE_EMPTY (timeout, with
 * *evd_handle DAT_HANDLE_NULL: E-UDAPL-048), DAT_INVALID_PARAMETER,
 * DAT_INTERRUPTED_CALL (a signal handled during the wait).  On a
 * thread-safe IA several threads may wait; closing the IA ends their
 * waits as a timeout would (DAT_QUEUE_EMPTY, *evd_handle NULL).
 */
DAT_RETURN dapl_cno_wait(DAT_CNO_HANDLE cno_handle, DAT_TIMEOUT timeout,
		DAT_EVD_HANDLE *evd_handle)
{
	struct cno *cno = obj_get(cno_handle, DAT_HANDLE_TYPE_CNO);
	struct nic_wait w;
	DAT_RETURN rc;

	if (!cno)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_CNO);
	if (!evd_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	cno->waiter.count++;
	nic_wait_begin(&w);
	rc = cno_wait_loop(cno, dapl_deadline(timeout), evd_handle, &w);
	nic_wait_end(&w);
	if (--cno->waiter.count == 0 && cno->waiter.orphaned)
		obj_release(cno);	/* destroyed while we waited */
	return rc;
}
