/*
 * entry.c: the libFuzzer (and AFL++) entry point of one target, chosen
 * at build time with -DFZ_TARGET="name".  An oracle failure aborts, so
 * the fuzzer keeps the input as a crash.
 *
 * Another implementation (docs/fuzzing.md, "Any implementation"):
 *   RDMACTS_FUZZ_IMPL=dir      its libraries.  Instrumented ones are
 *       linked in place of the reference (fuzz/run.sh sets
 *       LD_LIBRARY_PATH and RDMACTS_FUZZ_IMPL_LINKED=1); others are
 *       loaded beside the instrumented reference (dlmopen), which runs
 *       every program too and so gives the coverage.
 *   RDMACTS_FUZZ_COMPARE=dir   the other side of the differential oracle
 *       (every program's calls must return what they return there);
 *       "none": no differential oracle; unset: the reference (the
 *       linked one, or RDMACTS_FUZZ_REFERENCE when the implementation
 *       is linked in its place).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const struct fz_target *t;
static void *fns, *cmp_fns;
static const char *cmp_name;
static struct fz_prog cmp;

static void init(void)
{
	const char *impl = getenv("RDMACTS_FUZZ_IMPL");
	const char *other = getenv("RDMACTS_FUZZ_COMPARE");
	const char *ref = getenv("RDMACTS_FUZZ_REFERENCE");
	int linked = getenv("RDMACTS_FUZZ_IMPL_LINKED") != NULL;

	/* a process alone: private fabric, no job to join */
	unsetenv("RDMACTS_JOB_ID");
	t = fz_target_find(FZ_TARGET);
	if (!t) {
		fprintf(stderr, "fuzz: no target %s\n", FZ_TARGET);
		abort();
	}
	if (!impl || !*impl) {
		fns = fz_fns_direct(t);
	} else if (linked) {
		fns = fz_fns_direct(t);
		cmp_name = other && *other ? other : ref && *ref ? ref : NULL;
	} else {
		fns = fz_target_load(t, impl);
		cmp_name = other && *other ? other : "the reference";
		if (!other || !*other)
			cmp_fns = fz_fns_direct(t);
	}
	if (cmp_name && !strcmp(cmp_name, "none"))
		cmp_name = NULL;
	if (cmp_name && !cmp_fns)
		cmp_fns = fz_target_load(t, cmp_name);
	if (!fns || (cmp_name && !cmp_fns)) {
		fprintf(stderr, "fuzz: cannot load the libraries of %s\n",
			FZ_TARGET);
		abort();
	}
	/* two sides share the API files' bookkeeping: each program builds
	 * and tears down its own fixture */
	fz_keep_fixture = cmp_fns == NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (!t)
		init();
	if (fz_target_run(t, fns, data, size))
		abort();
	if (!cmp_fns)
		return 0;
	fz_target_prepare(t, &cmp);
	fz_run(&cmp, t->api, cmp_fns, data, size);
	const struct fz_prog *p = fz_target_last();
	int at = fz_first_difference(p, &cmp);
	if (at < 0)
		return 0;
	fprintf(stderr, "rdmacts-fuzz %s: differential: call %d (%s) differs "
		"from %s\ncall trace:\n", t->name, at, at < p->nsteps ?
		p->api->calls[p->steps[at].call].name : "the verdict", cmp_name);
	fz_print_trace(p, stderr);
	fprintf(stderr, "call trace in %s:\n", cmp_name);
	fz_print_trace(&cmp, stderr);
	abort();
}
