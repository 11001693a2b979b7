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
 *
 * The adversarial schedule (SCHEDULE_SEED) also widens the critical
 * sections where calls race for the same state (dapl_linger), so that a
 * Provider whose calls are not serialised shows it on every run, loaded
 * machine or not.
 */
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include "../../nic/nic.h"
#include "dapl.h"

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static __thread int depth;	/* how many times this thread holds it */
static atomic_int waiting;	/* threads in dapl_lock, not yet holding it */
static atomic_uint lingered;	/* dapl_linger calls, every thread */

void dapl_lock(void)
{
	atomic_fetch_add(&waiting, 1);
	pthread_mutex_lock(&lock);
	atomic_fetch_sub(&waiting, 1);
	depth++;
}

void dapl_unlock(void)
{
	depth--;
	pthread_mutex_unlock(&lock);
}

/*
 * Under the adversarial schedule, on a thread-safe IA: stay at this point
 * of a critical section until another thread waits for the lock, or has
 * come to a lingering point itself, or LINGER_NS pass.  Serialised calls
 * meet the first at once whenever threads contend; calls that are not
 * would meet the second, two threads inside the section together.
 */
#define LINGER_NS 200000000ull

void dapl_linger(const struct ia *ia)
{
	unsigned mine;
	uint64_t until;

	if (!ia->thread_safe || !dapl_hold())
		return;
	mine = atomic_fetch_add(&lingered, 1) + 1;
	until = nic_now_ns() + LINGER_NS;
	while (atomic_load(&waiting) == 0 && atomic_load(&lingered) == mine &&
	       nic_now_ns() < until)
		sched_yield();
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
