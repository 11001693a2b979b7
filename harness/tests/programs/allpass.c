/*
 * allpass: tests that all pass, against the fake libugni.so only: the
 * binary is linked with it and without a run path, so it starts only when
 * the harness puts IMPL on LD_LIBRARY_PATH.
 */
#include "rdmacts_test.h"

int rdmacts_fake_impl_id(void);

RT_TEST(impl_loaded, "ugni.cdm_create.pass.impl_loaded", "T-UGNI-CDM-1")
{
    RT_EXPECT_EQ_INT(rdmacts_fake_impl_id(), 42, "T-UGNI-CDM-1");
}

RT_TEST(mem_ok, "ugni.mem_register.pass.mem_eq", "T-UGNI-MEM-1")
{
    static const char a[] = "rdma", b[] = "rdma";
    RT_EXPECT_MEM_EQ(a, b, sizeof a, "T-UGNI-MEM-1");
}

RT_TEST(rc_in_ok, "ugni.cq_create.pass.rc_in", "T-UGNI-CQ-2")
{
    RT_EXPECT_RC_IN(3, "T-UGNI-CQ-2", 2, 3);
}

RT_TEST_ATTRS(robust_ok, "ugni.cq_create.robust.garbage_handle",
              "T-UGNI-CQ-ROB", "tier=robustness")
{
    RT_EXPECT_EQ_U64(1u, 1u, "T-UGNI-CQ-ROB");
}
