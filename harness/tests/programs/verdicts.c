/*
 * verdicts: one test per outcome the harness must recognise.  The names
 * pose as uGNI tests so that the harness treats the program as a corpus.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rdmacts_test.h"

enum { FAKE_RC_SUCCESS = 0, FAKE_RC_INVALID_PARAM = 2, FAKE_RC_NOT_DONE = 3 };

static const char *fake_rc_name(long long v)
{
    return v == 0 ? "FAKE_RC_SUCCESS" : v == 2 ? "FAKE_RC_INVALID_PARAM" : NULL;
}

static volatile int zero;

RT_TEST(passes, "ugni.cdm_create.pass.arithmetic", "T-UGNI-CDM-1")
{
    RT_EXPECT_EQ_INT(2 + 2, 4, "T-UGNI-CDM-1");
}

RT_TEST(fails_eq_int, "ugni.cq_create.fail.eq_int", "T-UGNI-CQ-1")
{
    rt_set_value_namer(fake_rc_name);
    int rc = zero;
    RT_EXPECT_EQ_INT(rc, FAKE_RC_INVALID_PARAM, "T-UGNI-CQ-1");
}

RT_TEST(fails_rc_in, "ugni.cq_create.fail.rc_in", "T-UGNI-CQ-2")
{
    int rc = 7 + zero;
    RT_EXPECT_RC_IN(rc, "T-UGNI-CQ-2", FAKE_RC_INVALID_PARAM, FAKE_RC_NOT_DONE);
}

RT_TEST(fails_require, "ugni.cq_create.fail.require", "T-UGNI-CQ-1")
{
    RT_REQUIRE_TRUE(zero == 1, "T-UGNI-CQ-1");
    /* Not reached: a second failure here would show REQUIRE did not stop. */
    RT_EXPECT_TRUE(zero == 2, "T-UGNI-CQ-1");
}

RT_TEST(checks_nothing, "ugni.cq_create.fail.no_check", "T-UGNI-CQ-1")
{
}

RT_TEST(fails_mem, "ugni.mem_register.fail.mem_eq", "T-UGNI-MEM-1")
{
    unsigned char a[16], b[16];
    memset(a, 0xab, sizeof a);
    memset(b, 0xab, sizeof b);
    b[5] = 0x01;
    RT_EXPECT_MEM_EQ(b, a, sizeof a, "T-UGNI-MEM-1");
}

RT_TEST(fails_u64, "ugni.mem_register.fail.u64", "T-UGNI-MEM-1")
{
    uint64_t v = 0xffULL + (uint64_t)zero;
    RT_EXPECT_EQ_U64(v, 0x100, "T-UGNI-MEM-1");
}

RT_TEST(crashes_segv, "ugni.mem_register.crash.segv", "T-UGNI-MEM-1")
{
    volatile int *volatile p = NULL;
    RT_EXPECT_TRUE(1, "T-UGNI-MEM-1");
    *p = 1;
}

RT_TEST(crashes_abort, "ugni.mem_register.crash.abort", "T-UGNI-MEM-1")
{
    RT_EXPECT_TRUE(1, "T-UGNI-MEM-1");
    abort();
}

/* Hangs in two processes: only killing the whole group ends both. */
RT_TEST(hangs, "ugni.post_fma.hang.forever", "T-UGNI-FMA-1")
{
    RT_EXPECT_TRUE(fork() >= 0, "T-UGNI-FMA-1");
    for (;;)
        pause();
}

RT_TEST_ATTRS(needs_faults, "ugni.smsg_send.unsupported.faults",
              "T-UGNI-SMSG-1", "needs=faults")
{
    rt_unsupported("no test-control interface for fault injection");
}

RT_TEST(fail_then_unsupported, "ugni.smsg_send.fail.then_unsupported",
        "T-UGNI-SMSG-2")
{
    RT_EXPECT_EQ_INT(zero, 1, "T-UGNI-SMSG-2");
    rt_unsupported("too late: the test has already failed");
}

RT_TEST_ATTRS(robust_fail, "ugni.cq_create.robust.stale_handle",
              "T-UGNI-CQ-ROB", "tier=robustness")
{
    RT_EXPECT_EQ_INT(zero, FAKE_RC_INVALID_PARAM, "T-UGNI-CQ-ROB");
}

RT_TEST(optional_fail, "ugni.cdm_create.fail.optional_clause", "T-UGNI-OPT")
{
    RT_EXPECT_TRUE(zero == 1, "T-UGNI-OPT");
}

/* A mandatory clause whose test needs a capability the implementation
 * lacks, and says so (rt_lacks). */
RT_TEST(lacks, "ugni.mem_register.unsupported.lacks_capability", "T-UGNI-LACK")
{
    rt_lacks("test-capability", "the attributes say it is lacked");
}

RT_TEST(capability_fail, "ugni.mem_register.fail.capability_clause", "T-UGNI-CAP")
{
    RT_EXPECT_TRUE(zero == 1, "T-UGNI-CAP");
}

/* Extension-tier tests (their clauses are in ext-clauses.json only when a
 * harness test writes one): one passes, one finds its call declined. */
RT_TEST(ext_pass, "ugni.comp_chan_fd.pass.extension", "T-UGNI-X-FD")
{
    RT_EXPECT_TRUE(zero == 0, "T-UGNI-X-FD");
}

RT_TEST(ext_declined, "ugni.comp_chan_create.unsupported.declined", "T-UGNI-X-CHAN")
{
    rt_lacks("ext:GNI_CompChanCreate", "answers GNI_RC_ILLEGAL_OP");
}
