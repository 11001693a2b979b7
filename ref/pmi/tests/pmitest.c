/* pmitest.c: helpers shared by the PMI test programs (see pmitest.h). */
#include "pmitest.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

int pmitest_rank = -1;
int pmitest_size = -1;

void pmitest_fail(const char *fmt, ...)
{
    va_list ap;

    fprintf(stderr, "FAIL %s (rank %d): ", pmitest_name, pmitest_rank);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(1);
}

void pmitest_init(void)
{
    int spawned = -1;

    EXPECT_OK(PMI_Init(&spawned));
    if (spawned != PMI_FALSE)
        pmitest_fail("PMI_Init: expected spawned = PMI_FALSE, got %d",
                     spawned);
    EXPECT_OK(PMI_Get_rank(&pmitest_rank));
    EXPECT_OK(PMI_Get_size(&pmitest_size));
}

void pmitest_finalize(void)
{
    EXPECT_OK(PMI_Finalize());
}
