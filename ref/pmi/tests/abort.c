/*
 * abort: PMI_Abort ends the whole job with the given status.
 *
 * The last rank calls PMI_Abort(7, ...) once all ranks have passed a
 * barrier; the others sleep far longer than the check allows.  The
 * check expects the job (the wrapper's exit status) to end with 7, well
 * before the sleepers would wake.  If PMI_Abort returns, this program
 * exits 0 with a message, which the check reports as a failure.
 */
#include "pmitest.h"

#include <stdio.h>
#include <unistd.h>

const char *pmitest_name = "abort";

int main(void)
{
    pmitest_init();
    EXPECT_OK(PMI_Barrier());
    if (pmitest_rank == pmitest_size - 1) {
        PMI_Abort(7, "pmi-test-abort: deliberate abort");
        fprintf(stderr, "FAIL abort: PMI_Abort returned\n");
        return 0;
    }
    sleep(60);
    fprintf(stderr, "FAIL abort (rank %d): still running 60 s after PMI_Abort\n",
            pmitest_rank);
    return 0;
}
