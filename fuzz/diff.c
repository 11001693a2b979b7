/*
 * diff.c: differential mode.  The same programs against two
 * implementations loaded side by side in one process (each library in
 * its own link-map namespace, dlmopen(LM_ID_NEWLM), so two libugni.so
 * coexist).  Reports the first call whose return code or compared
 * outputs differ, with a minimised input and both call traces.
 *
 *   fuzz-diff [--target T] [--runs N] [--seed S] [--out DIR]
 *             DIR_A DIR_B [INPUT_FILE_OR_DIR...]
 *
 * Exit status: 0 no difference, 1 a difference (or an oracle failure on
 * either side), 2 usage or load error.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "targets.h"

static const struct fz_target *target;
static const void *fns[2];
static const char *impl[2];
static struct fz_prog prog[2];


static void run(int side, const uint8_t *d, size_t n)
{
	struct fz_prog *p = &prog[side];

	fz_target_prepare(target, p);
	fz_run(p, target->api, fns[side], d, n);
}

/* Index of the first differing step, -1 if none. */
static int first_difference(const uint8_t *d, size_t n)
{
	run(0, d, n);
	run(1, d, n);
	return fz_first_difference(&prog[0], &prog[1]);
}

/* Drop whole calls while the programs still differ. */
static size_t minimise(uint8_t *d, size_t n)
{
	uint8_t *t = malloc(n ? n : 1);
	int changed = 1;

	while (changed && t) {
		changed = 0;
		if (first_difference(d, n) < 0)
			break;
		struct fz_prog keep = prog[0];
		for (int i = keep.nsteps - 1; i >= 0; i--) {
			size_t s = keep.steps[i].start, e = keep.steps[i].end;
			if (e > n || s >= e)
				continue;
			memcpy(t, d, s);
			memcpy(t + s, d + e, n - e);
			if (first_difference(t, n - (e - s)) >= 0) {
				memcpy(d, t, n - (e - s));
				n -= e - s;
				changed = 1;
				break;
			}
		}
	}
	free(t);
	return n;
}

static int report(const char *origin, const uint8_t *d0, size_t n0,
		const char *out)
{
	uint8_t *d = malloc(n0 ? n0 : 1);
	char path[4096] = "";

	memcpy(d, d0, n0);
	size_t n = minimise(d, n0);
	int at = first_difference(d, n);
	printf("DIFFERENCE (from %s, minimised %zu -> %zu bytes) at call %d",
			origin, n0, n, at);
	if (at >= 0 && at < prog[0].nsteps)
		printf(": %s", target->api->calls[prog[0].steps[at].call].name);
	printf("\n");
	for (int s = 0; s < 2; s++) {
		printf("--- %s%s%s\n", impl[s], prog[s].failed ? ": " : "",
				prog[s].failed ? prog[s].why : "");
		fz_print_trace(&prog[s], stdout);
	}
	if (out) {
		mkdir(out, 0777);
		snprintf(path, sizeof path, "%s/%s-difference.bin", out,
				target->name);
		FILE *f = fopen(path, "wb");
		if (f) {
			fwrite(d, 1, n, f);
			fclose(f);
			printf("minimised input: %s\n", path);
		}
	}
	free(d);
	return 1;
}

static int try_file(const char *path, const char *out)
{
	FILE *f = fopen(path, "rb");
	static uint8_t buf[1 << 16];

	if (!f)
		return 0;
	size_t n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	return first_difference(buf, n) >= 0 ? report(path, buf, n, out) : 0;
}

static int try_path(const char *path, const char *out, unsigned *count)
{
	struct stat st;

	if (stat(path, &st) != 0)
		return 0;
	if (!S_ISDIR(st.st_mode)) {
		++*count;
		return try_file(path, out);
	}
	DIR *dir = opendir(path);
	struct dirent *e;
	int found = 0;
	while (dir && !found && (e = readdir(dir))) {
		char sub[4096];
		if (e->d_name[0] == '.')
			continue;
		snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
		found = try_path(sub, out, count);
	}
	if (dir)
		closedir(dir);
	return found;
}

int main(int argc, char **argv)
{
	const char *name = "ugni", *out = NULL;
	unsigned long runs = 1000, seed = 1;
	int i = 1;

	for (; i < argc && argv[i][0] == '-'; i += 2) {
		if (i + 1 >= argc)
			break;
		if (!strcmp(argv[i], "--target"))
			name = argv[i + 1];
		else if (!strcmp(argv[i], "--runs"))
			runs = strtoul(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--seed"))
			seed = strtoul(argv[i + 1], NULL, 0);
		else if (!strcmp(argv[i], "--out"))
			out = argv[i + 1];
		else
			break;
	}
	target = fz_target_find(name);
	if (!target || argc - i < 2) {
		fprintf(stderr, "usage: fuzz-diff [--target T] [--runs N] "
			"[--seed S] [--out DIR] DIR_A DIR_B [INPUT...]\n");
		return 2;
	}
	unsetenv("RDMACTS_JOB_ID");
	/* the two sides share the API files' bookkeeping */
	fz_keep_fixture = 0;
	for (int s = 0; s < 2; s++) {
		impl[s] = argv[i + s];
		fns[s] = fz_target_load(target, impl[s]);
		if (!fns[s])
			return 2;
	}
	unsigned count = 0;
	for (int k = i + 2; k < argc; k++)
		if (try_path(argv[k], out, &count))
			return 1;
	uint64_t x = seed * 0x9E3779B97F4A7C15ull + 1;
	static uint8_t buf[1024];
	for (unsigned long r = 0; r < runs; r++, count++) {
		size_t n = 32 + (size_t)(x % 480);
		for (size_t k = 0; k < n; k++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[k] = (uint8_t)x;
		}
		char origin[64];
		snprintf(origin, sizeof origin, "random program %lu (seed %lu)",
				r, seed);
		if (first_difference(buf, n) >= 0)
			return report(origin, buf, n, out);
	}
	printf("fuzz-diff %s: no difference between %s and %s in %u programs\n",
			target->name, impl[0], impl[1], count);
	return 0;
}
