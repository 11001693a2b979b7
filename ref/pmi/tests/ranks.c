/*
 * ranks: PMI_Init, rank, size, appnum and clique on the ranks of one job.
 *
 *   pmi-test-ranks EXPECTED_SIZE DIR
 *
 * Ranks are distinct and dense: each rank creates DIR/rank.<r> exclusively
 * (a duplicate rank fails to), and after a barrier rank 0 finds exactly
 * the files rank.0 .. rank.<size-1> and nothing else.  DIR is empty and
 * private to the job.  Every rank runs on this host, so the clique is
 * the whole job.
 */
#include "pmitest.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *pmitest_name = "ranks";

static void check_files(const char *dir, int size)
{
    char path[PATH_MAX];
    DIR *d;
    struct dirent *e;
    int count = 0;

    for (int r = 0; r < size; r++) {
        snprintf(path, sizeof path, "%s/rank.%d", dir, r);
        if (access(path, F_OK) != 0)
            pmitest_fail("no rank %d among %d ranks (%s missing)", r, size,
                         path);
    }
    if ((d = opendir(dir)) == NULL)
        pmitest_fail("opendir %s: %s", dir, strerror(errno));
    while ((e = readdir(d)) != NULL)
        if (e->d_name[0] != '.')
            count++;
    closedir(d);
    if (count != size)
        pmitest_fail("expected %d rank files in %s, found %d", size, dir,
                     count);
}

int main(int argc, char **argv)
{
    char path[PATH_MAX];
    PMI_BOOL initialized = -1;
    int expected, appnum = -1, csize = -1, fd;
    int *cranks;

    if (argc != 3 || (expected = atoi(argv[1])) < 1)
        pmitest_fail("usage: pmi-test-ranks EXPECTED_SIZE DIR");

    EXPECT_OK(PMI_Initialized(&initialized));
    if (initialized != PMI_FALSE)
        pmitest_fail("PMI_Initialized before PMI_Init: expected PMI_FALSE, got %d",
                     initialized);
    pmitest_init();
    EXPECT_OK(PMI_Initialized(&initialized));
    if (initialized != PMI_TRUE)
        pmitest_fail("PMI_Initialized after PMI_Init: expected PMI_TRUE, got %d",
                     initialized);

    if (pmitest_size != expected)
        pmitest_fail("PMI_Get_size: expected %d, got %d", expected,
                     pmitest_size);
    if (pmitest_rank < 0 || pmitest_rank >= pmitest_size)
        pmitest_fail("PMI_Get_rank: expected 0..%d, got %d",
                     pmitest_size - 1, pmitest_rank);

    snprintf(path, sizeof path, "%s/rank.%d", argv[2], pmitest_rank);
    fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0600);
    if (fd < 0)
        pmitest_fail("rank %d is not unique: create %s: %s", pmitest_rank,
                     path, strerror(errno));
    close(fd);
    EXPECT_OK(PMI_Barrier());
    if (pmitest_rank == 0)
        check_files(argv[2], pmitest_size);

    EXPECT_OK(PMI_Get_appnum(&appnum));
    if (appnum != 0)
        pmitest_fail("PMI_Get_appnum: expected 0 (one executable), got %d",
                     appnum);

    EXPECT_OK(PMI_Get_clique_size(&csize));
    if (csize != pmitest_size)
        pmitest_fail("PMI_Get_clique_size: expected %d (all ranks on this host), got %d",
                     pmitest_size, csize);
    cranks = calloc((size_t)csize + 1, sizeof *cranks);
    if (cranks == NULL)
        pmitest_fail("out of memory");
    cranks[csize] = -12345;
    EXPECT_OK(PMI_Get_clique_ranks(cranks, csize + 1));
    for (int i = 0; i < csize; i++)
        if (cranks[i] != i)
            pmitest_fail("PMI_Get_clique_ranks: expected ranks[%d] = %d, got %d",
                         i, i, cranks[i]);
    if (cranks[csize] != -12345)
        pmitest_fail("PMI_Get_clique_ranks wrote beyond the clique size");
    free(cranks);

    /* Everyone has checked before anyone finalizes. */
    EXPECT_OK(PMI_Barrier());
    pmitest_finalize();
    EXPECT_OK(PMI_Initialized(&initialized));
    if (initialized != PMI_FALSE)
        pmitest_fail("PMI_Initialized after PMI_Finalize: expected PMI_FALSE, got %d",
                     initialized);
    EXPECT_RC(PMI_Get_rank(&expected), PMI_ERR_INIT);
    return 0;
}
