/* clock.c: time and the polling backoff of blocking calls. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <time.h>
#include "nic.h"

uint64_t nic_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void nic_backoff(unsigned *round)
{
	unsigned shift = *round < 10 ? *round : 10;	/* 1 us .. ~1 ms */
	struct timespec ts = { 0, 1000L << shift };

	(*round)++;
	nanosleep(&ts, NULL);
}

int nic_expired(uint64_t t0_ns, uint64_t timeout_ms)
{
	if (timeout_ms == UINT64_MAX)
		return 0;
	return nic_now_ns() - t0_ns >= timeout_ms * 1000000ull;
}

void nic_wait_begin(struct nic_wait *w)
{
	sigset_t held;

	/* Faults stay deliverable: a handler of SIGSEGV must still run. */
	sigfillset(&held);
	sigdelset(&held, SIGSEGV);
	sigdelset(&held, SIGBUS);
	sigdelset(&held, SIGFPE);
	sigdelset(&held, SIGILL);
	sigdelset(&held, SIGTRAP);
	sigdelset(&held, SIGSYS);
	pthread_sigmask(SIG_BLOCK, &held, &w->caller);
	w->round = 0;
}

int nic_wait_pause(struct nic_wait *w)
{
	unsigned shift = w->round < 10 ? w->round : 10;	/* 1 us .. ~1 ms */
	struct timespec ts = { 0, 1000L << shift };

	w->round++;
	return ppoll(NULL, 0, &ts, &w->caller) < 0 && errno == EINTR;
}

void nic_wait_end(struct nic_wait *w)
{
	pthread_sigmask(SIG_SETMASK, &w->caller, NULL);
}
