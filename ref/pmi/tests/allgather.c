/*
 * allgather: PMI_Allgather returns every rank's bytes in rank order.
 *
 * Sizes run from 0 through several that need more than one key-value
 * value (1024 characters of hex text: 511 bytes) up to 70000 bytes.
 * Each rank's bytes depend on rank, size and position, so a swapped,
 * shifted or missing contribution is seen; guard bytes after the output
 * catch writes past size * len.  Also in place: in = out + rank * len.
 */
#include "pmitest.h"

#include <stdlib.h>
#include <string.h>

const char *pmitest_name = "allgather";

#define GUARD 16

static unsigned char pattern(int rank, int len, int i)
{
    return (unsigned char)(rank * 37 + len * 13 + i * 7 + (i >> 8) + 1);
}

static void check_out(const unsigned char *out, int len, const char *how)
{
    for (int r = 0; r < pmitest_size; r++)
        for (int i = 0; i < len; i++)
            if (out[(size_t)r * len + i] != pattern(r, len, i))
                pmitest_fail("%s len %d: byte %d of rank %d: expected %u, got %u",
                             how, len, i, r, pattern(r, len, i),
                             out[(size_t)r * len + i]);
    for (int g = 0; g < GUARD; g++)
        if (out[(size_t)pmitest_size * len + g] != 0xa5)
            pmitest_fail("%s len %d: wrote past size * len", how, len);
}

int main(void)
{
    static const int lens[] = { 0, 1, 3, 8, 510, 511, 512, 1000, 4096, 70000 };
    int nlens = (int)(sizeof lens / sizeof lens[0]);
    int rank_out[64];

    pmitest_init();

    for (int k = 0; k < nlens; k++) {
        int len = lens[k];
        size_t total = (size_t)pmitest_size * len + GUARD;
        unsigned char *in = malloc((size_t)len + 1);
        unsigned char *out = malloc(total);
        if (in == NULL || out == NULL)
            pmitest_fail("out of memory");

        for (int i = 0; i < len; i++)
            in[i] = pattern(pmitest_rank, len, i);
        memset(out, 0xa5, total);
        EXPECT_OK(PMI_Allgather(in, out, len));
        check_out(out, len, "separate buffers");

        memset(out, 0xa5, total);
        memcpy(out + (size_t)pmitest_rank * len, in, (size_t)len);
        EXPECT_OK(PMI_Allgather(out + (size_t)pmitest_rank * len, out, len));
        check_out(out, len, "in place");
        free(in);
        free(out);
    }

    /* The common use: gather one int per rank. */
    if (pmitest_size <= 64) {
        memset(rank_out, 0xff, sizeof rank_out);
        EXPECT_OK(PMI_Allgather(&pmitest_rank, rank_out, (int)sizeof(int)));
        for (int r = 0; r < pmitest_size; r++)
            if (rank_out[r] != r)
                pmitest_fail("gather of ranks: expected out[%d] = %d, got %d",
                             r, r, rank_out[r]);
    }
    EXPECT_OK(PMI_Barrier());
    pmitest_finalize();
    return 0;
}
