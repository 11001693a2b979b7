/*
 * badreg: declarations the support library must refuse (exit status 2).
 */
#include "rdmacts_test.h"

RT_TEST(first, "ugni.cq_create.param.twice", "T-UGNI-CQ-1")
{
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
}

RT_TEST(second, "ugni.cq_create.param.twice", "T-UGNI-CQ-1")
{
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
}

RT_TEST_ATTRS(bad_attr, "ugni.cq_create.param.bad_attr", "T-UGNI-CQ-1",
              "np=zero")
{
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
}

RT_TEST(bad_name, "UGNI.CqCreate", "T-UGNI-CQ-1")
{
    RT_EXPECT_TRUE(1, "T-UGNI-CQ-1");
}
