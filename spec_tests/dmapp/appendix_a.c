/*
 * appendix_a.c: the spec's own sample, Appendix A's dmapp_put.c, run
 * as 4.6 describes.  The sample is compiled into the corpus unchanged
 * (its main renamed dt_appendix_a_main, spec_tests/dmapp/module.mk);
 * each PE runs it in a forked child whose stderr the test reads, so
 * the sample's exit() ends the child, not the test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dt.h"

int dt_appendix_a_main(int argc, char **argv);

/* The sample with XT_SYMMETRIC_HEAP_SIZE=heap; its stderr in out, its
 * exit status returned (-1: it did not exit normally). */
static int run_sample(const char *heap, char *out, size_t cap)
{
	int fd[2], st;
	size_t len = 0;
	ssize_t n;
	pid_t pid;

	if (pipe(fd) != 0)
		rt_unsupported("pipe failed");
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		rt_unsupported("fork failed");
	if (pid == 0) {
		char *argv[] = { "dmapp_put", NULL };
		close(fd[0]);
		dup2(fd[1], 2);
		setenv("XT_SYMMETRIC_HEAP_SIZE", heap, 1);
		exit(dt_appendix_a_main(1, argv));
	}
	close(fd[1]);
	while (len + 1 < cap && (n = read(fd[0], out + len, cap - 1 - len)) > 0)
		len += (size_t)n;
	out[len] = '\0';
	close(fd[0]);
	if (waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* This process's rank as the launcher gave it (0 when started alone). */
static int my_rank(void)
{
	const char *r = getenv("PMI_RANK");

	return r && *r ? atoi(r) : 0;
}

static void passes(const char *heap, const char *cl, const char *cl2)
{
	char out[4096], want[64];
	int st = run_sample(heap, out, sizeof out);

	snprintf(want, sizeof want, " dmapp_put PASSED for PE %04d\n",
		 my_rank());
	RT_EXPECT_EQ_INT(st, 0, cl);
	if (!RT_EXPECT_TRUE(strstr(out, want) != NULL, cl) ||
	    !RT_EXPECT_TRUE(strstr(out, "FAILED") == NULL, cl))
		printf("sample stderr: %s\n", out);
	if (cl2)
		RT_EXPECT_TRUE(st == 0 && strstr(out, want) != NULL, cl2);
}

RT_TEST_ATTRS(a1_one, "dmapp.sample_put.run.one_pe",
	      "DMAPP-A.1-passes-1-pe", "np=1")
{ passes(DT_HEAP, "DMAPP-A.1-passes-1-pe", NULL); }
RT_TEST_ATTRS(a1_two, "dmapp.sample_put.run.two_pes",
	      "DMAPP-A.1-passes-2-pes", "np=2")
{ passes(DT_HEAP, "DMAPP-A.1-passes-2-pes", NULL); }
RT_TEST_ATTRS(a1_three, "dmapp.sample_put.run.three_pes",
	      "DMAPP-A.1-passes-3-pes", "np=3")
{ passes(DT_HEAP, "DMAPP-A.1-passes-3-pes", NULL); }
RT_TEST_ATTRS(a1_four, "dmapp.sample_put.run.four_pes_2600m",
	      "DMAPP-A.1-passes-4-pes-2600m,DMAPP-4.6-sample-builds-and-runs",
	      "np=4")
{ passes("2600M", "DMAPP-A.1-passes-4-pes-2600m",
	 "DMAPP-4.6-sample-builds-and-runs"); }

/* A heap too small for the sample's two 1 MiB arrays. */
RT_TEST_ATTRS(a1_small, "dmapp.sample_put.run.sheap_too_small",
	      "DMAPP-A.1-sheap-failure-message", "np=1")
{
	const char *cl = "DMAPP-A.1-sheap-failure-message";
	char out[4096];
	int st = run_sample("1M", out, sizeof out);

	RT_EXPECT_EQ_INT(st, 1, cl);
	if (!RT_EXPECT_TRUE(strstr(out, " sheap_malloc'd failed") != NULL, cl))
		printf("sample stderr: %s\n", out);
}
