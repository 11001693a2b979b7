/*
 * progress_cb.c: progress callbacks of the vendor extension (dmapp.h
 * RB-3.1: dmapp_register_progress_cb, dmapp_deregister_progress_cb;
 * clauses DMAPP-X-progress-*).
 *
 * The header's purpose: software with its own progress needs can use
 * DMAPP calls that block internally.  The reference runs every
 * registered callback, in registration order, each time it finds
 * nothing to do while it waits (request.c: dmapp_progress; collective.c:
 * dmapp_c_pset_wait).  A callback's return value (0, or -1 on failure)
 * is not acted on: the header gives no consequence of a failure.  A
 * callback that itself calls DMAPP does not run the callbacks again.
 */
#include <stddef.h>

#include "dmapp_impl.h"

/* How many callbacks may be registered at once (NO_SPACE beyond). */
#define PROGRESS_CB_MAX 16

struct progress_cb {
	int (*fn)(void *);
	void *data;
};

static struct progress_cb cbs[PROGRESS_CB_MAX];
static unsigned ncbs;
static int running;

void dmapp_run_progress_cbs(void)
{
	if (running)
		return;
	running = 1;
	for (unsigned i = 0; i < ncbs; i++)
		(void)cbs[i].fn(cbs[i].data);
	running = 0;
}

/*
 * dmapp_register_progress_cb (RB-3.1)
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM before dmapp_init or for a
 * NULL progress_cb (data may be NULL); DMAPP_RC_NO_SPACE when
 * PROGRESS_CB_MAX callbacks are registered.
 */
dmapp_return_t dmapp_register_progress_cb(int (*progress_cb)(void *),
					  void *data)
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || progress_cb == NULL)
		return DMAPP_RC_INVALID_PARAM;
	if (ncbs == PROGRESS_CB_MAX)
		return DMAPP_RC_NO_SPACE;

	cbs[ncbs].fn = progress_cb;
	cbs[ncbs].data = data;
	ncbs++;
	return DMAPP_RC_SUCCESS;
}

/*
 * dmapp_deregister_progress_cb (RB-3.1)
 * DMAPP_RC_SUCCESS, the earliest registration of progress_cb removed;
 * DMAPP_RC_INVALID_PARAM before dmapp_init or for a NULL progress_cb;
 * DMAPP_RC_NOT_FOUND when progress_cb is not registered.
 */
dmapp_return_t dmapp_deregister_progress_cb(int (*progress_cb)(void *))
{
	if (dmapp_check_init() != DMAPP_RC_SUCCESS || progress_cb == NULL)
		return DMAPP_RC_INVALID_PARAM;

	for (unsigned i = 0; i < ncbs; i++)
		if (cbs[i].fn == progress_cb) {
			for (unsigned j = i + 1; j < ncbs; j++)
				cbs[j - 1] = cbs[j];
			ncbs--;
			return DMAPP_RC_SUCCESS;
		}
	return DMAPP_RC_NOT_FOUND;
}

/* The callbacks belong to the job: dmapp_finalize forgets them. */
void dmapp_progress_cbs_reset(void)
{
	ncbs = 0;
}
