/*
 * singleton: a program started without a launcher is rank 0 of a job
 * of 1, and every call works: the barrier returns at once, the
 * key-value space lives in the process, the allgather copies.
 * The check runs it with PMI_FD, PMI_RANK and PMI_SIZE unset.
 */
#include "pmitest.h"

#include <stdlib.h>
#include <string.h>

const char *pmitest_name = "singleton";

static void one_session(void)
{
    char name[256], value[1024];
    unsigned char in[3000], out[3000 + 4];
    int appnum = -1, csize = -1, crank = -1, max = 0;

    pmitest_init();
    if (pmitest_rank != 0 || pmitest_size != 1)
        pmitest_fail("expected rank 0 of 1, got rank %d of %d", pmitest_rank,
                     pmitest_size);
    EXPECT_OK(PMI_Get_appnum(&appnum));
    if (appnum != 0)
        pmitest_fail("PMI_Get_appnum: expected 0, got %d", appnum);
    EXPECT_OK(PMI_Get_clique_size(&csize));
    EXPECT_OK(PMI_Get_clique_ranks(&crank, 1));
    if (csize != 1 || crank != 0)
        pmitest_fail("clique: expected {0}, got size %d first %d", csize,
                     crank);
    EXPECT_OK(PMI_Barrier());

    EXPECT_OK(PMI_KVS_Get_name_length_max(&max));
    if (max < 2 || max > (int)sizeof name)
        pmitest_fail("PMI_KVS_Get_name_length_max: %d out of 2..%zu", max,
                     sizeof name);
    EXPECT_OK(PMI_KVS_Get_my_name(name, max));
    EXPECT_OK(PMI_KVS_Get_value_length_max(&max));
    if (max < 2 || max > (int)sizeof value)
        pmitest_fail("PMI_KVS_Get_value_length_max: %d out of 2..%zu", max,
                     sizeof value);

    EXPECT_RC(PMI_KVS_Get(name, "k", value, (int)sizeof value), PMI_FAIL);
    EXPECT_OK(PMI_KVS_Put(name, "k", "first"));
    EXPECT_OK(PMI_KVS_Commit(name));
    EXPECT_OK(PMI_KVS_Get(name, "k", value, (int)sizeof value));
    if (strcmp(value, "first") != 0)
        pmitest_fail("PMI_KVS_Get k: expected \"first\", got \"%s\"", value);
    EXPECT_OK(PMI_KVS_Put(name, "k", "second"));
    EXPECT_OK(PMI_Barrier());
    EXPECT_OK(PMI_KVS_Get(name, "k", value, (int)sizeof value));
    if (strcmp(value, "second") != 0)
        pmitest_fail("PMI_KVS_Get k after a second put: expected \"second\", got \"%s\"",
                     value);

    for (size_t i = 0; i < sizeof in; i++)
        in[i] = (unsigned char)(i * 7 + 3);
    memset(out, 0xa5, sizeof out);
    EXPECT_OK(PMI_Allgather(in, out, (int)sizeof in));
    if (memcmp(in, out, sizeof in) != 0)
        pmitest_fail("PMI_Allgather: output differs from input");
    for (size_t i = sizeof in; i < sizeof out; i++)
        if (out[i] != 0xa5)
            pmitest_fail("PMI_Allgather wrote past 1 * len");
    EXPECT_OK(PMI_Allgather(in, out, 0));
    pmitest_finalize();
}

int main(void)
{
    if (getenv("PMI_FD") != NULL)
        pmitest_fail("run this test without a launcher (PMI_FD is set)");
    one_session();
    /* A finalized singleton may start again, with an empty space. */
    one_session();
    return 0;
}
