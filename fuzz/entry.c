/*
 * entry.c: the libFuzzer (and AFL++) entry point of one target, chosen
 * at build time with -DFZ_TARGET="name".  An oracle failure aborts, so
 * the fuzzer keeps the input as a crash.
 */
#include <stdio.h>
#include <stdlib.h>
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct fz_target *t;
	static void *fns;

	if (!t) {
		/* a process alone: private fabric, no job to join */
		unsetenv("RDMACTS_JOB_ID");
		t = fz_target_find(FZ_TARGET);
		fns = t ? fz_fns_direct(t) : NULL;
		if (!fns) {
			fprintf(stderr, "fuzz: no target %s\n", FZ_TARGET);
			abort();
		}
	}
	if (fz_target_run(t, fns, data, size))
		abort();
	return 0;
}
