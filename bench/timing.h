/*
 * timing.h: what the benchmarks share: a clock, the sizes measured, a
 * side-by-side measurement of an operation and its baseline, and buffers
 * at fixed places.
 *
 * A figure is REPS runs; each run times the operation for RUN_NS (the
 * median of short samples: run_once), then its baseline as long,
 * alternating run by run so that both see the same machine state.  Each
 * run gives one ratio (baseline time / operation time); the figure is the
 * lowest and the median of them.
 *
 * Buffers are mapped at fixed addresses, 2 MiB aligned, each on 4 KiB
 * pages or on huge pages as asked: where the address-space layout put a
 * malloc'ed buffer changed how many huge pages it got, and so the figure
 * from one run to the next.
 */
#ifndef BENCH_TIMING_H
#define BENCH_TIMING_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#define REPS   5
#define RUN_NS 10000000.0	/* 10 ms */
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

static inline int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/*
 * Nanoseconds per call of fn: the median of samples taken for RUN_NS,
 * each sample timing enough calls to last at least SAMPLE_NS.  A median
 * of many short samples is what a call costs even on a loaded machine:
 * a sample the scheduler cut into is an outlier, not part of an average.
 */
#define SAMPLE_NS 2000.0
#define MAX_SAMPLES 4096
static inline double run_once(bench_fn fn, void *arg)
{
	static double samples[MAX_SAMPLES];
	uint64_t k = 1;
	size_t n = 0;
	double start;

	fn(arg);	/* warm up */
	for (;;) {	/* calls per sample */
		double t0 = now_ns();
		for (uint64_t i = 0; i < k; i++)
			fn(arg);
		if (now_ns() - t0 >= SAMPLE_NS || k >= (1u << 20))
			break;
		k *= 2;
	}
	start = now_ns();
	while (n < MAX_SAMPLES && now_ns() - start < RUN_NS) {
		double t0 = now_ns();
		for (uint64_t i = 0; i < k; i++)
			fn(arg);
		samples[n++] = (now_ns() - t0) / (double)k;
	}
	qsort(samples, n, sizeof *samples, cmp_double);
	return samples[n / 2];
}

/* REPS runs of a and of b, alternating: the times of each run. */
struct figure {
	double a[REPS], b[REPS];
};

static inline void side_by_side(bench_fn a, void *aa, bench_fn b, void *ba,
		struct figure *f)
{
	for (int r = 0; r < REPS; r++) {
		f->a[r] = run_once(a, aa);
		f->b[r] = run_once(b, ba);
	}
}

/* {"ns": [...], "base_ns": [...]}: what report.py reads. */
static inline void print_times(const struct figure *f)
{
	printf("\"ns\": [");
	for (int r = 0; r < REPS; r++)
		printf("%s%.1f", r ? ", " : "", f->a[r]);
	printf("], \"base_ns\": [");
	for (int r = 0; r < REPS; r++)
		printf("%s%.1f", r ? ", " : "", f->b[r]);
	printf("]");
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

/* Where the benchmarks' buffers go: slot k of 8 MiB from here. */
#define BUF_BASE 0x7c0000000000ul
#define BUF_SLOT (8ul << 20)

/* MAX_SIZE bytes at slot k, written with fill: on huge pages when huge
 * (the kernel may still refuse: bench_huge_kib says how much it gave),
 * else on 4 KiB pages. */
static inline void *bench_buffer(int k, int huge, int fill)
{
	void *want = (void *)(BUF_BASE + (unsigned long)k * BUF_SLOT);
	void *p = mmap(want, MAX_SIZE, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);

	if (p != want) {
		fprintf(stderr, "bench: cannot map a buffer at %p\n", want);
		exit(1);
	}
	madvise(p, MAX_SIZE, huge ? MADV_HUGEPAGE : MADV_NOHUGEPAGE);
	memset(p, fill, MAX_SIZE);
	return p;
}

/* KiB of [p, p + MAX_SIZE) on huge pages (/proc/self/smaps). */
static inline long bench_huge_kib(const void *p)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[256];
	long kib = -1;
	int in = 0;

	if (!f)
		return -1;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2)	/* a mapping */
			in = lo <= (unsigned long)p && (unsigned long)p < hi;
		else if (in && sscanf(line, "AnonHugePages: %ld kB", &kib) == 1)
			break;
	}
	fclose(f);
	return kib;
}

#endif
