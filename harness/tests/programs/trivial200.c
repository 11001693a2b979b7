/*
 * trivial200: 200 tests that pass at once, to measure what running one
 * test costs the harness (process start, registry, verdict).
 */
#include "rdmacts_test.h"

#define T(n)                                                                \
    RT_TEST(trivial_##n, "ugni.trivial.pass.t" #n, "T-UGNI-TRIVIAL")        \
    {                                                                       \
        RT_EXPECT_TRUE(1, "T-UGNI-TRIVIAL");                                \
    }
#define T10(p) T(p##0) T(p##1) T(p##2) T(p##3) T(p##4) \
               T(p##5) T(p##6) T(p##7) T(p##8) T(p##9)

T10() T10(1) T10(2) T10(3) T10(4) T10(5) T10(6) T10(7) T10(8) T10(9)
T10(10) T10(11) T10(12) T10(13) T10(14) T10(15) T10(16) T10(17) T10(18) T10(19)
