/*
 * recordenv: what a test body sees of the verdict record channel
 * (spec_tests/support/rdmacts_record.c): nothing.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "rdmacts_test.h"

RT_TEST(record_hidden, "ugni.smsg_send.env.record_hidden", "T-UGNI-SMSG-1")
{
    /* gone from the environment before the body runs */
    RT_EXPECT_TRUE(getenv("RDMACTS_RECORD_FD") == NULL, "T-UGNI-SMSG-1");
    RT_EXPECT_TRUE(getenv("RDMACTS_RECORD_NONCE") == NULL, "T-UGNI-SMSG-1");
    /* the descriptor the harness gave is closed: the record moved to a
     * descriptor that an exec'd program does not inherit */
    const char *given = getenv("RECORDENV_GIVEN_FD");
    RT_REQUIRE_TRUE(given != NULL, "T-UGNI-SMSG-1");
    RT_EXPECT_TRUE(fcntl(atoi(given), F_GETFD) < 0, "T-UGNI-SMSG-1");
}

/* A corpus test says where its job credentials came from (rt_note); the
 * report counts it (spec_tests/ugni/fixture.c does this for uGNI). */
RT_TEST(credentials, "ugni.cdm_create.env.credentials_noted", "T-UGNI-CDM-1")
{
    rt_note("credentials", getenv("PMI_GNI_PTAG") ? "job" : "built-in");
    RT_EXPECT_TRUE(1, "T-UGNI-CDM-1");
}
