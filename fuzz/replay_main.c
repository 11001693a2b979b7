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
 *
 *   fuzz-replay --emit DIR TARGET FILE...
 *
 * Each file that fails (an oracle, a crash, a hang) becomes DIR/<name>.c:
 * the program as plain calls of the API (emit.c), the oracle as a check
 * that returns 1, the cc line that builds it in its opening comment
 * (RDMACTS_EMIT_INCLUDE, RDMACTS_EMIT_LIBDIR: the directories it names).
 * Failures with the same signature (the oracle's message without its
 * numbers, or the signal and the call that crashed) are written once.
 * Prints one line per file; exit 1 if any program was written.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "targets.h"
#include "emit.h"
#include <ctype.h>
#include <libgen.h>

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

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "r");
	char *text = NULL;
	size_t n = 0;

	if (!f)
		return strdup("");
	FILE *m = open_memstream(&text, &n);
	int c;
	while ((c = fgetc(f)) != EOF)
		fputc(c, m);
	fclose(f);
	fclose(m);
	return text;
}

/* The failure without its numbers: two findings of one cause compare
 * equal. */
static void signature(const char *why, char *out, size_t n)
{
	size_t l = 0;

	for (const char *w = why; *w && l + 1 < n; w++) {
		if (w[0] == '0' && w[1] == 'x') {	/* 0x..., a value */
			for (w += 2; isxdigit((unsigned char)w[1]); w++)
				;
			out[l++] = '#';
		} else if (isdigit((unsigned char)*w) && (w == why ||
				!isalnum((unsigned char)w[-1]) || isdigit((unsigned char)w[-1]))) {
			if (!isdigit((unsigned char)w[1]))
				out[l++] = '#';
		} else {
			out[l++] = *w;
		}
	}
	out[l] = 0;
}

/* The last call written before a crash. */
static void last_call(const char *body, char *out, size_t n)
{
	const char *at = NULL;

	for (const char *b = strstr(body, "\trc = "); b;
			b = strstr(b + 1, "\trc = "))
		at = b;
	snprintf(out, n, "%s", "?");
	if (at) {
		const char *e = strchr(at + 6, '(');
		if (e)
			snprintf(out, n, "%.*s", (int)(e - at - 6), at + 6);
	}
}

static int emit(const struct fz_target *t, void *fns, const char *dir,
		int n, char **files)
{
	static char seen[256][600];
	int nseen = 0, wrote = 0;
	const char *inc = getenv("RDMACTS_EMIT_INCLUDE");
	const char *lib = getenv("RDMACTS_EMIT_LIBDIR");

	if (!inc || !*inc)
		inc = "include";
	if (!lib || !*lib)
		lib = "build/lib";
	mkdir(dir, 0777);
	/* the causes written already, by earlier runs too */
	char sigs[4200];
	snprintf(sigs, sizeof sigs, "%s/signatures.txt", dir);
	FILE *sf = fopen(sigs, "r");
	while (sf && nseen < 256 && fgets(seen[nseen], sizeof seen[0], sf)) {
		seen[nseen][strcspn(seen[nseen], "\n")] = 0;
		nseen++;
	}
	if (sf)
		fclose(sf);
	for (int i = 0; i < n; i++) {
		char name[256], decl[4200], body[4200], why[4200], out[4200];
		char tmp[sizeof name];
		snprintf(tmp, sizeof tmp, "%s", files[i]);
		snprintf(name, sizeof name, "%s", basename(tmp));
		for (char *c = name; *c; c++)
			if (!isalnum((unsigned char)*c) && *c != '-')
				*c = '_';
		snprintf(decl, sizeof decl, "%s/.%s.decl", dir, name);
		snprintf(body, sizeof body, "%s/.%s.body", dir, name);
		snprintf(why, sizeof why, "%s/.%s.why", dir, name);
		fflush(stdout);
		pid_t pid = fork();
		if (pid == 0) {
			FILE *d = fopen(decl, "w"), *b = fopen(body, "w");
			if (!d || !b)
				exit(2);
			alarm(LIMIT_SECONDS);
			struct fz_prog *p = fz_target_last();
			fz_rec_start(p, d, b, t->api->handle_types);
			int failed = run_file(t, fns, files[i]);
			FILE *w = fopen(why, "w");
			if (w) {
				fputs(p->why, w);
				fclose(w);
			}
			exit(failed);
		}
		int st = 0;
		waitpid(pid, &st, 0);
		char *dtext = slurp(decl), *btext = slurp(body);
		char *wtext = slurp(why), what[600], sig[600];
		unlink(decl);
		unlink(body);
		unlink(why);
		if (WIFEXITED(st) && WEXITSTATUS(st) == 0) {
			printf("ok      %s\n", files[i]);
		} else {
			if (WIFSIGNALED(st)) {
				char call[128];
				last_call(btext, call, sizeof call);
				snprintf(what, sizeof what, "%s in %s",
					WTERMSIG(st) == SIGALRM ? "a hang" :
					strsignal(WTERMSIG(st)), call);
			} else {
				snprintf(what, sizeof what, "%s", *wtext ? wtext :
					"an oracle failed");
			}
			signature(what, sig, sizeof sig);
			int dup = -1;
			for (int k = 0; k < nseen; k++)
				if (!strcmp(seen[k], sig))
					dup = k;
			if (dup >= 0) {
				printf("dup     %s: %s (written already)\n",
					files[i], what);
			} else {
				if (nseen < 256)
					snprintf(seen[nseen++], sizeof seen[0],
						"%s", sig);
				if ((sf = fopen(sigs, "a"))) {
					fprintf(sf, "%s\n", sig);
					fclose(sf);
				}
				snprintf(out, sizeof out, "%s/%s.c", dir, name);
				FILE *f = fopen(out, "w");
				if (!f) {
					perror(out);
					return 2;
				}
				fprintf(f, "/*\n * Finding %s of rdmacts fuzz target "
					"%s, from the input %s.\n *\n"
					" * observed: %s\n"
					" * expected: every call returns a code its "
					"page lists, no crash, no hang\n"
					" *           (docs/fuzzing.md, \"Oracles\").\n"
					" *\n * Build and run (returns 1, or crashes, "
					"while the finding stands):\n"
					" *   cc -std=c11 -I%s -o %.*s %s -L%s %s "
					"&& LD_LIBRARY_PATH=%s %.*s\n */\n",
					name, t->name, files[i], what, inc,
					(int)strlen(out) - 2, out, out, lib,
					t->link, lib, (int)strlen(out) - 2, out);
				fprintf(f, "#define _POSIX_C_SOURCE 200809L\n"
					"#include <stdint.h>\n#include <stdio.h>\n"
					"#include <stdlib.h>\n"
					"#include <string.h>\n#include \"%s\"\n\n"
					"#define U(x) ((uint64_t)(uintptr_t)(x))\n\n"
					"static unsigned char arena[%u] "
					"__attribute__((aligned(4096)));\n"
					"static void callback(void *entry, void *ctx)\n"
					"{\n\t(void)entry;\n\t(void)ctx;\n}\n\n",
					t->api->header, FZ_ARENA);
				fputs(dtext, f);
				fprintf(f, "\nint main(void)\n{\n\tuint64_t rc = 0;\n\n"
					"\t(void)rc;\n\t(void)callback;\n\t(void)arena;\n");
				fputs(btext, f);
				if (WIFSIGNALED(st))
					fprintf(f, "\n\t/* observed: %s in the call "
						"above */\n", what);
				fprintf(f, "\treturn 0;\n}\n");
				fclose(f);
				printf("FINDING %s: %s\n", out, what);
				wrote = 1;
			}
		}
		free(dtext);
		free(btext);
		free(wtext);
	}
	return wrote;
}

int main(int argc, char **argv)
{
	const char *emit_dir = NULL;
	if (argc > 2 && strcmp(argv[1], "--emit") == 0) {
		emit_dir = argv[2];
		argv += 2;
		argc -= 2;
	}
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
	if (emit_dir)
		return emit(t, fns, emit_dir, argc - 2, argv + 2);
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
