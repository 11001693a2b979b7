/*
 * crayenv: the Cray job environment set by rdmacts-run.
 *
 *   pmi-test-crayenv EXPECTED_LOC_ADDR
 *
 * Every rank finds RDMACTS_JOB_ID, PMI_GNI_PTAG (3..253),
 * PMI_GNI_COOKIE (a 32-bit decimal), PMI_GNI_DEV_ID (0) and
 * PMI_GNI_LOC_ADDR (the expected NIC address); the ranks allgather the
 * five strings and every rank compares all of them with its own.
 * Rank 0 prints "job=... ptag=... cookie=..." so that the check can
 * compare two jobs.
 */
#include "pmitest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pmitest_name = "crayenv";

#define NVARS 5
#define VALMAX 128

static const char *const vars[NVARS] = {
    "RDMACTS_JOB_ID", "PMI_GNI_PTAG", "PMI_GNI_COOKIE", "PMI_GNI_DEV_ID",
    "PMI_GNI_LOC_ADDR",
};

static unsigned long number(const char *var, const char *s,
                            unsigned long lo, unsigned long hi)
{
    char *end;
    unsigned long v;

    errno = 0;
    v = strtoul(s, &end, 10);
    if (*s < '0' || *s > '9' || *end != '\0' || errno != 0 || v < lo ||
        v > hi)
        pmitest_fail("%s=\"%s\": expected a decimal in %lu..%lu", var, s, lo,
                     hi);
    return v;
}

int main(int argc, char **argv)
{
    char mine[NVARS][VALMAX];
    char (*all)[NVARS][VALMAX];
    unsigned long loc;

    if (argc != 2)
        pmitest_fail("usage: pmi-test-crayenv EXPECTED_LOC_ADDR");
    pmitest_init();

    memset(mine, 0, sizeof mine);
    for (int v = 0; v < NVARS; v++) {
        const char *s = getenv(vars[v]);
        if (s == NULL || *s == '\0')
            pmitest_fail("%s is not set", vars[v]);
        if (strlen(s) >= VALMAX)
            pmitest_fail("%s is longer than %d characters", vars[v], VALMAX);
        strcpy(mine[v], s);
    }
    if (strspn(mine[0], "0123456789abcdefghijklmnopqrstuvwxyz"
                        "ABCDEFGHIJKLMNOPQRSTUVWXYZ._-") != strlen(mine[0]))
        pmitest_fail("RDMACTS_JOB_ID=\"%s\": expected only [A-Za-z0-9._-]",
                     mine[0]);
    number(vars[1], mine[1], 3, 253);
    number(vars[2], mine[2], 0, 0xffffffffUL);
    number(vars[3], mine[3], 0, 0);
    loc = number(vars[4], mine[4], 0, 0xffffffffUL);
    if (loc != strtoul(argv[1], NULL, 10))
        pmitest_fail("PMI_GNI_LOC_ADDR: expected %s, got %lu", argv[1], loc);

    all = malloc((size_t)pmitest_size * sizeof *all);
    if (all == NULL)
        pmitest_fail("out of memory");
    EXPECT_OK(PMI_Allgather(mine, all, (int)sizeof mine));
    for (int r = 0; r < pmitest_size; r++)
        for (int v = 0; v < NVARS; v++)
            if (strcmp(all[r][v], mine[v]) != 0)
                pmitest_fail("%s differs between ranks: \"%s\" here, \"%s\" on rank %d",
                             vars[v], mine[v], all[r][v], r);
    free(all);

    if (pmitest_rank == 0)
        printf("job=%s ptag=%s cookie=%s\n", mine[0], mine[1], mine[2]);
    EXPECT_OK(PMI_Barrier());
    pmitest_finalize();
    return 0;
}
