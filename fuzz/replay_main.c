/*
 * replay_main.c: run fuzz inputs without libFuzzer (any C compiler).
 *
 *   fuzz-replay TARGET FILE...
 *
 * Each file runs in its own process with a time limit, so a crash or a
 * hang is reported against its file; prints one line per file, the
 * call trace of each failure, and exits 1 if any failed.
 *
 *   fuzz-replay --sequence TARGET FILE...
 *
 * The check of a kept fixture (prog.h): runs the files one after the
 * other in one process, as a fuzzer does, and each alone in a fresh
 * process; a program whose trace (calls, return codes, compared
 * outputs, verdict) differs between the two is reported, and the exit
 * status is 1.
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

/* The trace digest of one file run in a fresh process. */
static int fresh_digest(const struct fz_target *t, void *fns,
		const char *path, uint64_t *d)
{
	int fd[2];

	if (pipe(fd) != 0)
		return -1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		alarm(LIMIT_SECONDS);
		run_file(t, fns, path);
		uint64_t v = fz_trace_digest(fz_target_last());
		exit(write(fd[1], &v, sizeof v) == sizeof v ? 0 : 1);
	}
	close(fd[1]);
	ssize_t n = read(fd[0], d, sizeof *d);
	close(fd[0]);
	waitpid(pid, NULL, 0);
	return n == sizeof *d ? 0 : -1;
}

/* The trace of one file in a fresh process, on stdout. */
static void fresh_trace(const struct fz_target *t, void *fns, const char *path)
{
	fflush(stdout);
	if (fork() == 0) {
		alarm(LIMIT_SECONDS);
		run_file(t, fns, path);
		fz_print_trace(fz_target_last(), stdout);
		exit(0);
	}
	wait(NULL);
}

static int sequence(const struct fz_target *t, void *fns, int n,
		char **files)
{
	uint64_t *fresh = calloc((size_t)n, sizeof *fresh);
	int differ = 0, fd[2], first = -1;

	for (int i = 0; i < n; i++)
		if (fresh_digest(t, fns, files[i], &fresh[i]) != 0) {
			printf("FAILED  %s (no trace in a fresh process)\n",
				files[i]);
			differ = 1;
		}
	/* the sequence in a child, so that this process stays fresh for
	 * the fresh trace of the first difference */
	if (pipe(fd) != 0)
		return 1;
	fflush(stdout);
	pid_t pid = fork();
	if (pid == 0) {
		close(fd[0]);
		alarm(LIMIT_SECONDS * 10);
		for (int i = 0; i < n; i++) {
			run_file(t, fns, files[i]);
			if (fz_trace_digest(fz_target_last()) == fresh[i])
				continue;
			printf("DIFFERS %s: after %d program(s) in the same "
				"process its trace is not the fresh one\n",
				files[i], i);
			if (first < 0) {
				first = i;
				printf("--- in sequence:\n");
				fz_print_trace(fz_target_last(), stdout);
			}
		}
		fflush(stdout);
		exit(write(fd[1], &first, sizeof first) == sizeof first ? 0 : 1);
	}
	close(fd[1]);
	int st = 0;
	if (read(fd[0], &first, sizeof first) != sizeof first) {
		printf("FAILED  the sequence did not finish\n");
		differ = 1;
	}
	close(fd[0]);
	waitpid(pid, &st, 0);
	if (first >= 0) {
		printf("--- fresh:\n");
		fresh_trace(t, fns, files[first]);
		differ = 1;
	}
	printf("%s: %d program(s) in sequence, %s\n", t->name, n,
		differ ? "traces differ" : "each trace equals its fresh one");
	free(fresh);
	return differ;
}

int main(int argc, char **argv)
{
	int seq = argc > 1 && strcmp(argv[1], "--sequence") == 0;
	if (seq) {
		argv++;
		argc--;
	}
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
	if (seq)
		return sequence(t, fns, argc - 2, argv + 2);
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
