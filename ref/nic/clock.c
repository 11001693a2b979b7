/* clock.c: time and the polling backoff of blocking calls. */
#include <errno.h>
#include <time.h>
#include "nic.h"

uint64_t nic_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

int nic_backoff(unsigned *round)
{
	unsigned shift = *round < 10 ? *round : 10;	/* 1 us .. ~1 ms */
	struct timespec ts = { 0, 1000L << shift };

	(*round)++;
	return nanosleep(&ts, NULL) != 0 && errno == EINTR;
}

int nic_expired(uint64_t t0_ns, uint64_t timeout_ms)
{
	if (timeout_ms == UINT64_MAX)
		return 0;
	return nic_now_ns() - t0_ns >= timeout_ms * 1000000ull;
}
