/*
 * scale.c: one job of the scale table (make bench-scale, bench/scale.py).
 *
 * Every PE does what the spec's sample program does (Appendix A,
 * dmapp_put.c): dmapp_init, two symmetric-heap arrays of 128 Ki longs
 * filled, PMI_Barrier, a 1 MiB dmapp_put to PE npes - 1 - pe, PMI_Barrier,
 * a check of what arrived, dmapp_finalize.  Each PE measures its
 * dmapp_init and the put round (barrier to barrier) and reads its
 * memory from /proc/self/smaps_rollup after the round, and adds its
 * figures into counters on PE 0 with DMAPP atomics (a gather would
 * bring every PE's figures to every PE), and PE 0 prints one JSON line:
 *
 *   npes, init_max_s (slowest PE's dmapp_init), round_s (PE 0's
 *   barrier-to-barrier put round), pss_kib (sum over the PEs of their
 *   proportional set size: private pages plus each PE's share of the
 *   shared ones, the fabric among them), private_kib (sum of private
 *   pages), launcher_kib (resident size of the process that started
 *   the PEs, hydra's proxy), bad (elements that arrived wrong).
 *
 * The job's wall time is measured by the driver, around the launcher.
 */
#include <dmapp.h>
#include <pmi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define NELEMS (128L * 1024L)

/* Counters on PE 0, added to by every PE. */
enum { PSS, PRIVATE, BAD, INIT_MAX_NS, NCOUNTERS };

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Sum of the fields named in a /proc status-like file, in KiB. */
static uint64_t kib_of(const char *path, const char *const *names)
{
	char line[256];
	uint64_t sum = 0;
	FILE *f = fopen(path, "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f)) {
		for (const char *const *n = names; *n; n++) {
			size_t len = strlen(*n);
			if (strncmp(line, *n, len) == 0 && line[len] == ':')
				sum += strtoull(line + len + 1, NULL, 10);
		}
	}
	fclose(f);
	return sum;
}

static void fail(const char *what, int rc)
{
	fprintf(stderr, "bench-scale: %s failed: %d\n", what, rc);
	exit(1);
}

static void check(const char *what, dmapp_return_t rc)
{
	if (rc != DMAPP_RC_SUCCESS)
		fail(what, rc);
}

/* counter[INIT_MAX_NS] on PE 0 = max(it, ns). */
static void raise_to(int64_t *counter, dmapp_seg_desc_t *seg, int64_t ns)
{
	int64_t seen = 0, old;

	for (;;) {
		check("dmapp_acswap_qw", dmapp_acswap_qw(&old, counter, seg, 0,
							 seen, ns));
		if (old == seen || old >= ns)
			return;
		seen = old;
	}
}

int main(void)
{
	static const char *const pss[] = { "Pss", NULL };
	static const char *const priv[] = { "Private_Clean", "Private_Dirty", NULL };
	static const char *const rss[] = { "VmRSS", NULL };
	dmapp_rma_attrs_t want = { 0 }, got;
	dmapp_jobinfo_t job;
	double t0, init_s, round_s;
	int64_t bad = 0;

	want.put_relaxed_ordering = DMAPP_ROUTING_ADAPTIVE;
	want.max_outstanding_nb = DMAPP_DEF_OUTSTANDING_NB;
	want.offload_threshold = DMAPP_OFFLOAD_THRESHOLD;
	want.max_concurrency = 1;
	t0 = now_s();
	check("dmapp_init", dmapp_init(&want, &got));
	init_s = now_s() - t0;
	check("dmapp_get_jobinfo", dmapp_get_jobinfo(&job));

	long *source = dmapp_sheap_malloc(NELEMS * sizeof(long));
	long *target = dmapp_sheap_malloc(NELEMS * sizeof(long));
	int64_t *counter = dmapp_sheap_malloc(NCOUNTERS * sizeof(int64_t));
	if (source == NULL || target == NULL || counter == NULL)
		fail("dmapp_sheap_malloc", 0);
	for (long i = 0; i < NELEMS; i++) {
		source[i] = i;
		target[i] = -9L;
	}
	memset(counter, 0, NCOUNTERS * sizeof(int64_t));
	PMI_Barrier();
	t0 = now_s();
	check("dmapp_put", dmapp_put(target, &job.sheap_seg,
				     job.npes - job.pe - 1, source, NELEMS,
				     DMAPP_QW));
	PMI_Barrier();
	round_s = now_s() - t0;

	for (long i = 0; i < NELEMS; i++)
		bad += target[i] != i;
	check("dmapp_aadd_qw", dmapp_aadd_qw(&counter[PSS], &job.sheap_seg, 0,
		(int64_t)kib_of("/proc/self/smaps_rollup", pss)));
	check("dmapp_aadd_qw", dmapp_aadd_qw(&counter[PRIVATE], &job.sheap_seg, 0,
		(int64_t)kib_of("/proc/self/smaps_rollup", priv)));
	check("dmapp_aadd_qw", dmapp_aadd_qw(&counter[BAD], &job.sheap_seg, 0, bad));
	raise_to(&counter[INIT_MAX_NS], &job.sheap_seg, (int64_t)(init_s * 1e9));
	PMI_Barrier();
	if (job.pe == 0) {
		char parent[64];
		snprintf(parent, sizeof parent, "/proc/%ld/status", (long)getppid());
		printf("{\"bench\": \"scale\", \"npes\": %d, \"init_max_s\": %.4f, "
		       "\"round_s\": %.4f, \"pss_kib\": %lld, \"private_kib\": %lld, "
		       "\"launcher_kib\": %llu, \"bad\": %lld}\n", job.npes,
		       (double)counter[INIT_MAX_NS] * 1e-9, round_s,
		       (long long)counter[PSS], (long long)counter[PRIVATE],
		       (unsigned long long)kib_of(parent, rss),
		       (long long)counter[BAD]);
		fflush(stdout);
	}
	check("dmapp_finalize", dmapp_finalize());
	return 0;
}
