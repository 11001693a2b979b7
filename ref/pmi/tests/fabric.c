/*
 * fabric: no fabric file of the NIC model outlives its job.
 *
 *   pmi-test-fabric abort|exit
 *
 * Every rank attaches a uGNI domain with the job's ptag and cookie, so
 * that the job's fabric file exists (checked: otherwise the test proves
 * nothing), then all pass a barrier.  With "abort" the last rank ends
 * the job with PMI_Abort(7) while the others sleep, so no process leaves
 * the fabric: rdmacts-run must remove the file.  With "exit" every rank
 * exits without destroying its domain: the last one out must remove it.
 * The check then looks for the file (check.sh).
 */
#include "pmitest.h"

#include <gni_pub.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

const char *pmitest_name = "fabric";

static unsigned long env_number(const char *var)
{
    const char *s = getenv(var);

    if (s == NULL || *s == '\0')
        pmitest_fail("%s is not set", var);
    return strtoul(s, NULL, 10);
}

int main(int argc, char **argv)
{
    gni_cdm_handle_t cdm;
    gni_nic_handle_t nic;
    uint32_t addr;
    char path[512];
    struct stat st;
    const char *dir = getenv("RDMACTS_FABRIC_DIR");

    if (argc != 2 || (strcmp(argv[1], "abort") && strcmp(argv[1], "exit")))
        pmitest_fail("usage: pmi-test-fabric abort|exit");
    pmitest_init();
    if (dir == NULL || getenv("RDMACTS_JOB_ID") == NULL)
        pmitest_fail("RDMACTS_FABRIC_DIR and RDMACTS_JOB_ID must be set");
    if (GNI_CdmCreate((uint32_t)pmitest_rank,
                      (uint8_t)env_number("PMI_GNI_PTAG"),
                      (uint32_t)env_number("PMI_GNI_COOKIE"), 0,
                      &cdm) != GNI_RC_SUCCESS ||
        GNI_CdmAttach(cdm, 0, &addr, &nic) != GNI_RC_SUCCESS)
        pmitest_fail("GNI_CdmCreate/GNI_CdmAttach failed");
    snprintf(path, sizeof path, "%s/rdmacts-fabric-%u-%s", dir,
             (unsigned)getuid(), getenv("RDMACTS_JOB_ID"));
    if (stat(path, &st) != 0)
        pmitest_fail("attached, but the fabric file %s does not exist", path);
    EXPECT_OK(PMI_Barrier());
    if (strcmp(argv[1], "exit") == 0) {
        pmitest_finalize();
        return 0;       /* the domain stays attached */
    }
    if (pmitest_rank == pmitest_size - 1)
        PMI_Abort(7, "pmi-test-fabric: deliberate abort");
    sleep(60);
    pmitest_fail("still running 60 s after PMI_Abort");
}
