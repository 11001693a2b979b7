/*
 * barrier: PMI_Barrier holds every rank until all have entered.
 *
 *   pmi-test-barrier DIR
 *
 * In round k, rank k % size sleeps, then creates DIR/round.<k>, then
 * enters the barrier; every rank must find the file once the barrier
 * returns.  A barrier that let a rank through early fails the check,
 * since the sleeper has not yet created the file.
 */
#include "pmitest.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

const char *pmitest_name = "barrier";

#define ROUNDS 4

int main(int argc, char **argv)
{
    char path[PATH_MAX];
    struct timespec nap = { 0, 300 * 1000 * 1000 };

    if (argc != 2)
        pmitest_fail("usage: pmi-test-barrier DIR");
    pmitest_init();

    for (int k = 0; k < ROUNDS; k++) {
        snprintf(path, sizeof path, "%s/round.%d", argv[1], k);
        if (pmitest_rank == k % pmitest_size) {
            int fd;
            nanosleep(&nap, NULL);
            fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0600);
            if (fd < 0)
                pmitest_fail("create %s: %s", path, strerror(errno));
            close(fd);
        }
        EXPECT_OK(PMI_Barrier());
        if (access(path, F_OK) != 0)
            pmitest_fail("round %d: left PMI_Barrier before rank %d entered it",
                         k, k % pmitest_size);
    }
    EXPECT_OK(PMI_Barrier());
    pmitest_finalize();
    return 0;
}
