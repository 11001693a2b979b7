/*
 * pmitest.h: helpers shared by the PMI test programs.
 *
 * A test program checks one aspect of PMI on however many ranks it was
 * started with; any failed check prints what was expected and what was
 * observed, with the rank, and exits with status 1 (hydra then ends the
 * other ranks and reports the failure as the job's status).
 */
#ifndef PMITEST_H
#define PMITEST_H

#include <pmi.h>

extern const char *pmitest_name;   /* set by each program */
extern int pmitest_rank;           /* -1 until known */
extern int pmitest_size;

/* Print "FAIL <test> (rank r): <message>" and exit 1. */
void pmitest_fail(const char *fmt, ...)
    __attribute__((format(printf, 1, 2), noreturn));

/* PMI_Init, then rank and size; fails the test on any error. */
void pmitest_init(void);

/* PMI_Finalize; fails the test on any error. */
void pmitest_finalize(void);

/* A call that must return the given PMI code. */
#define EXPECT_RC(call, want)                                              \
    do {                                                                   \
        int rc_ = (call);                                                  \
        if (rc_ != (want))                                                 \
            pmitest_fail("%s: expected %s (%d), got %d", #call, #want,     \
                         (int)(want), rc_);                                \
    } while (0)

#define EXPECT_OK(call) EXPECT_RC(call, PMI_SUCCESS)

#endif
