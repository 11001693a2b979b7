/*
 * lock.c: the Provider's one lock.
 *
 * A thread-safe IA (dat.conf's "threadsafe" entry, rdmacts0_mt) may be
 * called from several threads at once (uDAPL 1.2, dat_ia_open: thread
 * safety).  Every entry point of the dispatch table runs under this one
 * process-wide lock (provider.c); the non-thread-safe IA goes through it
 * too, which costs one uncontended lock per call and keeps one way for
 * both.  A call that waits (dat_evd_wait, dat_cno_wait) lets go of it
 * for each pause between its polls (dapl_pause), so other threads post,
 * dequeue, free and close meanwhile; what they do to the waiter is
 * handed to it in its struct waiter (dapl.h).  The lock is recursive: an
 * OS wait proxy agent runs inside the Provider call that triggered its
 * CNO and may call the Provider.
 */
#include <pthread.h>
#include "../../nic/nic.h"
#include "dapl.h"

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static __thread int depth;	/* how many times this thread holds it */

void dapl_lock(void)
{
	pthread_mutex_lock(&lock);
	depth++;
}

void dapl_unlock(void)
{
	depth--;
	pthread_mutex_unlock(&lock);
}

int dapl_pause(struct nic_wait *w)
{
	int held = depth, interrupted;

	for (int i = 0; i < held; i++)
		dapl_unlock();
	interrupted = nic_wait_pause(w);
	for (int i = 0; i < held; i++)
		dapl_lock();
	return interrupted;
}
