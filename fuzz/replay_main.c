/*
 * replay_main.c: run fuzz inputs without libFuzzer (any C compiler).
 *
 *   fuzz-replay TARGET FILE...
 *
 * Each file runs in its own process with a time limit, so a crash or a
 * hang is reported against its file; prints one line per file, the
 * call trace of each failure, and exits 1 if any failed.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "targets.h"

#define LIMIT_SECONDS 20

static int run_file(const struct fz_target *t, void *fns, const char *path)
{
	FILE *f = fopen(path, "rb");
	static uint8_t buf[1 << 20];
	size_t n;

	if (!f) {
		perror(path);
		return 2;
	}
	n = fread(buf, 1, sizeof buf, f);
	fclose(f);
	return fz_target_run(t, fns, buf, n);
}

int main(int argc, char **argv)
{
	const struct fz_target *t = argc > 1 ? fz_target_find(argv[1]) : NULL;
	int failed = 0;

	if (!t) {
		fprintf(stderr, "usage: %s TARGET FILE...  (targets:", argv[0]);
		for (const struct fz_target *k = fz_targets; k->name; k++)
			fprintf(stderr, " %s", k->name);
		fprintf(stderr, ")\n");
		return 2;
	}
	unsetenv("RDMACTS_JOB_ID");
	void *fns = fz_fns_direct(t);
	for (int i = 2; i < argc; i++) {
		pid_t pid;
		/* a child that exits would flush the parent's lines again */
		fflush(stdout);
		pid = fork();
		int st = 0;
		if (pid == 0) {
			alarm(LIMIT_SECONDS);
			/* exit, not _exit: the library's destructors run and
			 * coverage data is written */
			exit(run_file(t, fns, argv[i]));
		}
		waitpid(pid, &st, 0);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
			printf("ok      %s\n", argv[i]);
			continue;
		}
		failed = 1;
		if (WIFSIGNALED(st))
			printf("FAILED  %s (%s)\n", argv[i],
				WTERMSIG(st) == SIGALRM ? "hang" :
				strsignal(WTERMSIG(st)));
		else
			printf("FAILED  %s (oracle)\n", argv[i]);
		fflush(stdout);
	}
	return failed;
}
