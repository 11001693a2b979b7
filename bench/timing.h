/*
 * timing.h: what the benchmarks share: a clock, the sizes measured,
 * and a side-by-side measurement of an operation and memcpy.
 *
 * Each figure is the best of REPS runs, and each run repeats the
 * operation until at least RUN_NS have passed; the operation and its
 * baseline alternate run by run, so both see the same machine state.
 */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define REPS   3
#define RUN_NS 20000000.0	/* 20 ms */
#define MAX_SIZE (4u << 20)

/* 8 B, then powers of 4 from 16 B to 4 MiB */
static const uint64_t bench_sizes[] = {
	8, 16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304
};
#define NSIZES (sizeof bench_sizes / sizeof bench_sizes[0])

static inline double now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e9 + (double)t.tv_nsec;
}

typedef void (*bench_fn)(void *arg);

/* Nanoseconds per call of fn: run for RUN_NS, doubling the count. */
static inline double run_once(bench_fn fn, void *arg)
{
	double t0 = now_ns(), t = 0;
	uint64_t n = 0, batch = 1;

	fn(arg);	/* warm up */
	t0 = now_ns();
	while ((t = now_ns() - t0) < RUN_NS) {
		for (uint64_t i = 0; i < batch; i++)
			fn(arg);
		n += batch;
		batch *= 2;
	}
	return t / (double)n;
}

/* Best ns per call of a and of b, measured alternately. */
static inline void side_by_side(bench_fn a, void *aa, bench_fn b, void *ba,
		double *ta, double *tb)
{
	*ta = *tb = 1e300;
	for (int r = 0; r < REPS; r++) {
		double x = run_once(a, aa), y = run_once(b, ba);
		if (x < *ta)
			*ta = x;
		if (y < *tb)
			*tb = y;
	}
}

/* The memcpy baseline: len bytes from src to dst. */
struct copy_arg {
	void *dst;
	const void *src;
	size_t len;
};

static inline void do_memcpy(void *p)
{
	struct copy_arg *c = p;

	memcpy(c->dst, c->src, c->len);
	__asm__ volatile("" : : "r"(c->dst) : "memory");
}

#endif
