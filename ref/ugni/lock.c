/*
 * lock.c: the library's one lock.
 *
 * Calls on distinct communication domains may run at the same time in
 * different threads (E-UGNI-008): UCX and libfabric give each thread
 * its own domain and call uGNI without a lock of their own.  What those
 * domains share in this process (the handle table, the transactions and
 * held events of events.c, the NIC model's process-wide state) is
 * therefore kept under one process-wide lock: every modelled call takes
 * it on entry (UGNI_LOCKED, ugni.h) and lets go on return, so the
 * library's logic stays single-threaded.  A call that waits
 * (CqWaitEvent, CqVectorWaitEvent, CqVectorMonitor, EpPostDataWait,
 * EpPostDataWaitById, PostDataProbeWaitById, WaitErrorEvents) lets go of
 * it for each pause between its polls (ugni_pause, ugni_wait_pause), so
 * that the other threads' calls, which may be what it waits for, go on;
 * after a pause it finds its objects again by their handles.  The lock
 * is recursive: a CQ event handler (3.3.1) runs inside the call that
 * took the event and may call the library.
 */
#include <pthread.h>
#include "ugni.h"

static pthread_mutex_t lock = PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP;
static __thread int depth;	/* how many times this thread holds it */

void ugni_lock(void)
{
	pthread_mutex_lock(&lock);
	depth++;
}

void ugni_unlock(void)
{
	depth--;
	pthread_mutex_unlock(&lock);
}

void ugni_unlock_at_return(int *locked)
{
	(void)locked;
	ugni_unlock();
}

/* Let go of every hold this thread has, around one pause. */
static int released(void)
{
	int held = depth;

	for (int i = 0; i < held; i++)
		ugni_unlock();
	return held;
}

static void retaken(int held)
{
	for (int i = 0; i < held; i++)
		ugni_lock();
}

void ugni_pause(unsigned *round)
{
	int held = released();

	nic_backoff(round);
	retaken(held);
}

int ugni_wait_pause(struct nic_wait *w)
{
	int held = released(), interrupted;

	interrupted = nic_wait_pause(w);
	retaken(held);
	return interrupted;
}
