/*
 * allgather: PMI_Allgather returns every rank's bytes in rank order.
 *
 *   pmi-test-allgather [MAXLEN]
 *
 * Sizes run from 0 up to 70000 bytes (or MAXLEN): around the sizes
 * where the library packs 3, 2 or 1 contributions into one key-value
 * value (765 bytes each: 1023 characters of base64) and where one
 * contribution needs two values; jobs whose size is not a multiple of
 * the packing leave a last, shorter block.  Each rank's bytes depend on
 * rank, size and position, so a swapped, shifted or missing
 * contribution is seen; guard bytes after the output catch writes past
 * size * len.  Also in place: in = out + rank * len.
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

int main(int argc, char **argv)
{
    static const int lens[] = { 0, 1, 2, 3, 4, 8, 255, 256, 300, 382, 383,
                                510, 511, 512, 764, 765, 766, 1000, 1530,
                                1531, 4096, 70000 };
    int nlens = (int)(sizeof lens / sizeof lens[0]);
    int maxlen = argc > 1 ? atoi(argv[1]) : lens[nlens - 1];
    int *rank_out;

    pmitest_init();

    for (int k = 0; k < nlens && lens[k] <= maxlen; k++) {
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
    rank_out = malloc((size_t)pmitest_size * sizeof *rank_out);
    if (rank_out == NULL)
        pmitest_fail("out of memory");
    memset(rank_out, 0xff, (size_t)pmitest_size * sizeof *rank_out);
    EXPECT_OK(PMI_Allgather(&pmitest_rank, rank_out, (int)sizeof(int)));
    for (int r = 0; r < pmitest_size; r++)
        if (rank_out[r] != r)
            pmitest_fail("gather of ranks: expected out[%d] = %d, got %d",
                         r, r, rank_out[r]);
    free(rank_out);
    EXPECT_OK(PMI_Barrier());
    pmitest_finalize();
    return 0;
}
