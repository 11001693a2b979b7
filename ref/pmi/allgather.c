/*
 * allgather.c: Cray's PMI_Allgather extension, built on PMI-1's
 * key-value space (PMI-1 itself has no collective that moves data).
 *
 * Each rank puts its contribution as hex text (values are text without
 * spaces), split into chunks that fit one value, under keys unique to
 * this call; one barrier publishes them all; then every rank gets every
 * other rank's chunks.  Every rank makes the same sequence of calls, so
 * the per-call sequence number agrees across ranks without talking.
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char hex_digits[] = "0123456789abcdef";

static void hex_encode(const unsigned char *in, size_t n, char *out)
{
    for (size_t i = 0; i < n; i++) {
        out[2 * i] = hex_digits[in[i] >> 4];
        out[2 * i + 1] = hex_digits[in[i] & 0xf];
    }
    out[2 * n] = '\0';
}

static int hex_value(char c)
{
    const char *p = strchr(hex_digits, c);
    return c != '\0' && p != NULL ? (int)(p - hex_digits) : -1;
}

/* Decode exactly n bytes; -1 unless text is exactly 2n hex digits. */
static int hex_decode(const char *text, unsigned char *out, size_t n)
{
    if (strlen(text) != 2 * n)
        return -1;
    for (size_t i = 0; i < n; i++) {
        int hi = hex_value(text[2 * i]), lo = hex_value(text[2 * i + 1]);
        if (hi < 0 || lo < 0)
            return -1;
        out[i] = (unsigned char)(hi << 4 | lo);
    }
    return 0;
}

static int chunk_key(char *key, unsigned long seq, int rank, size_t chunk)
{
    int n = snprintf(key, (size_t)pmi_job.key_max, "pmi_allgather.%lu.%d.%zu",
                     seq, rank, chunk);
    return n > 0 && n < pmi_job.key_max ? 0 : -1;
}

static int exchange(const unsigned char *in, unsigned char *out, size_t len)
{
    size_t chunk_bytes = (size_t)(pmi_job.val_max - 1) / 2;
    unsigned long seq = ++pmi_job.allgather_seq;
    char *key = malloc((size_t)pmi_job.key_max);
    char *text = malloc((size_t)pmi_job.val_max);
    int rc = PMI_ERR_NOMEM;

    if (key == NULL || text == NULL)
        goto out;

    rc = PMI_FAIL;
    for (size_t off = 0, c = 0; off < len; off += chunk_bytes, c++) {
        size_t n = len - off < chunk_bytes ? len - off : chunk_bytes;
        hex_encode(in + off, n, text);
        if (chunk_key(key, seq, pmi_job.rank, c) != 0 ||
            pmi_do_put(key, text) != PMI_SUCCESS)
            goto out;
    }
    if (pmi_do_barrier() != PMI_SUCCESS)
        goto out;

    /* Own slot first: in may overlap out, and is no longer needed once
     * it has been put and copied. */
    memmove(out + (size_t)pmi_job.rank * len, in, len);
    for (int r = 0; r < pmi_job.size; r++) {
        if (r == pmi_job.rank)
            continue;
        for (size_t off = 0, c = 0; off < len; off += chunk_bytes, c++) {
            size_t n = len - off < chunk_bytes ? len - off : chunk_bytes;
            if (chunk_key(key, seq, r, c) != 0 ||
                pmi_do_get(key, text, pmi_job.val_max) != PMI_SUCCESS ||
                hex_decode(text, out + (size_t)r * len + off, n) != 0)
                goto out;
        }
    }
    rc = PMI_SUCCESS;
out:
    free(key);
    free(text);
    return rc;
}

/* PMI_Allgather (Cray): collective over all ranks, each passing the same
 * len; out (size * len bytes) receives every rank's in, in rank order.
 * PMI_SUCCESS, PMI_ERR_INIT, PMI_ERR_INVALID_ARG (len < 0, or in/out
 * NULL with len > 0), PMI_ERR_NOMEM, PMI_FAIL.  Like a barrier, no rank
 * returns before every rank has entered, also when len is 0. */
int PMI_Allgather(void *in, void *out, int len)
{
    if (len < 0 || (len > 0 && (in == NULL || out == NULL)))
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    if (len == 0)
        return pmi_do_barrier();
    if (pmi_job.fd < 0) {
        memmove(out, in, (size_t)len);
        return PMI_SUCCESS;
    }
    return exchange(in, out, (size_t)len);
}
