/*
 * ranks: multi-process tests, started by the harness through the launcher.
 * The rank and size come from the PMI environment the launcher sets.
 */
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>

#include "rdmacts_test.h"

static int env_int(const char *name)
{
    const char *v = getenv(name);
    return v ? atoi(v) : -1;
}

RT_TEST_ATTRS(two_ranks, "dmapp.init.ranks.both_pass", "T-DMAPP-INIT-1", "np=2")
{
    RT_EXPECT_EQ_INT(env_int("PMI_SIZE"), 2, "T-DMAPP-INIT-1");
}

RT_TEST_ATTRS(rank1_fails, "dmapp.init.ranks.rank1_fails", "T-DMAPP-INIT-1",
              "np=2")
{
    RT_EXPECT_EQ_INT(env_int("PMI_RANK"), 0, "T-DMAPP-INIT-1");
}

RT_TEST_ATTRS(rank1_crashes, "dmapp.init.ranks.rank1_crashes",
              "T-DMAPP-INIT-1", "np=2")
{
    RT_EXPECT_TRUE(1, "T-DMAPP-INIT-1");
    if (env_int("PMI_RANK") == 1)
        raise(SIGSEGV);
    sleep(60);  /* rank 0 waits: the crash of rank 1 must end the job */
}

/* A rank that ends its process with status 0 mid-test has not passed:
 * only its runner's end record says so (docs/corpus-protocol.md). */
RT_TEST_ATTRS(rank1_exits, "dmapp.init.ranks.rank1_exits_0", "T-DMAPP-INIT-1",
              "np=2")
{
    RT_EXPECT_TRUE(1, "T-DMAPP-INIT-1");
    if (env_int("PMI_RANK") == 1)
        exit(0);
}
