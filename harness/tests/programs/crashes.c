/*
 * crashes: tests that break the same way several times, for the report's
 * grouping by cause (harness/causes.py): two crash inside the stand-in
 * library's rdmacts_fake_fault, one in the test's own code, two fail on
 * the same call with the same result, one on another.
 */
#include <stddef.h>

#include "rdmacts_test.h"

int rdmacts_fake_fault(volatile int *p);
int rdmacts_fake_rc(int arg);

static volatile int zero;

RT_TEST(lib_a, "ugni.cq_create.crash.in_library_a", "T-UGNI-CQ-1")
{
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
    rdmacts_fake_fault((volatile int *)(size_t)zero);
}

RT_TEST(lib_b, "ugni.cq_create.crash.in_library_b", "T-UGNI-CQ-1")
{
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
    rdmacts_fake_fault((volatile int *)(size_t)zero);
}

RT_TEST(own, "ugni.cq_create.crash.in_test", "T-UGNI-CQ-1")
{
    volatile int *volatile p = NULL;
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
    *p = 1;
}

RT_TEST(fail_a, "ugni.cq_create.fail.same_a", "T-UGNI-CQ-1")
{
    RT_EXPECT_EQ_INT(rdmacts_fake_rc(0), 2, "T-UGNI-CQ-1");
}

RT_TEST(fail_b, "ugni.cq_create.fail.same_b", "T-UGNI-CQ-1")
{
    RT_EXPECT_EQ_INT(rdmacts_fake_rc(1), 2, "T-UGNI-CQ-1");
}

RT_TEST(fail_c, "ugni.cq_create.fail.other", "T-UGNI-CQ-1")
{
    RT_EXPECT_EQ_INT(rdmacts_fake_rc(0), 7, "T-UGNI-CQ-1");
}
