/*
 * allgather.c: Cray's PMI_Allgather extension, built on PMI-1's
 * key-value space (PMI-1 itself has no collective that moves data).
 *
 * Every get is one round trip through the launcher, which serves all
 * ranks alone, so the cost of a collective is its number of gets.  The
 * ranks are cut into blocks of B consecutive ranks, B as many
 * contributions as fit one value, and each block's first rank (its
 * leader) gathers the block:
 *
 *   1. every rank other than a leader puts its contribution;
 *   2. barrier; each leader gets its B - 1 members' contributions and
 *      puts the whole block as one value;
 *   3. barrier; every rank gets the blocks (a leader all but its own).
 *
 * That is about 4n + n * ceil(n / B) round trips for n ranks (a barrier
 * is one per rank): every rank must receive n * len bytes, at most one
 * value's worth per get, and nothing else grows faster than n.  A
 * contribution too large to share a value (B = 1) is its own block:
 * every rank puts it in as many values as it needs, one barrier, and
 * every rank gets the others' values.
 *
 * Values are text without spaces, so bytes travel as base64 (RFC 4648
 * alphabet, no padding: lengths are known): 3 bytes per 4 characters.
 * Keys are unique to the call; every rank makes the same sequence of
 * calls, so the per-call sequence number agrees across ranks without
 * talking.
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char b64_digits[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static size_t b64_length(size_t n)
{
    return n / 3 * 4 + (n % 3 ? n % 3 + 1 : 0);
}

static void b64_encode(const unsigned char *in, size_t n, char *out)
{
    for (size_t i = 0; i < n; i += 3) {
        unsigned long v = (unsigned long)in[i] << 16;
        size_t left = n - i;
        if (left > 1)
            v |= (unsigned long)in[i + 1] << 8;
        if (left > 2)
            v |= in[i + 2];
        for (size_t k = 0; k < 4 && k <= left; k++)
            *out++ = b64_digits[(v >> (18 - 6 * k)) & 63];
    }
    *out = '\0';
}

/* Decode exactly n bytes; -1 unless text is their encoding. */
static int b64_decode(const char *text, unsigned char *out, size_t n)
{
    if (strlen(text) != b64_length(n))
        return -1;
    for (size_t i = 0; i < n; i += 3) {
        unsigned long v = 0;
        size_t left = n - i, digits = left > 2 ? 4 : left + 1;
        for (size_t k = 0; k < 4; k++) {
            const char *p = k < digits ? strchr(b64_digits, *text++) : NULL;
            if (k < digits && (p == NULL || *p == '\0'))
                return -1;
            v = v << 6 | (p ? (unsigned long)(p - b64_digits) : 0);
        }
        for (size_t k = 0; k < 3 && k < left; k++)
            out[i + k] = (unsigned char)(v >> (16 - 8 * k));
    }
    return 0;
}

/* One collective call in progress. */
struct gather {
    unsigned long seq;
    size_t len;             /* bytes per rank */
    size_t value_bytes;     /* bytes one value carries */
    int block;              /* ranks per block, B */
    char *key;              /* key_max characters */
    char *text;             /* val_max characters */
};

/* Key of piece `chunk` of one rank's contribution (what 'r') or of the
 * block that starts at rank `rank` (what 'b'). */
static int make_key(struct gather *g, char what, int rank, size_t chunk)
{
    int n = snprintf(g->key, (size_t)pmi_job.key_max, "pmi_allgather.%lu.%c%d.%zu",
                     g->seq, what, rank, chunk);
    return n > 0 && n < pmi_job.key_max ? 0 : -1;
}

/* Put n bytes under the keys of (what, rank), one value per piece. */
static int put_bytes(struct gather *g, char what, int rank,
                     const unsigned char *p, size_t n)
{
    for (size_t off = 0, c = 0; off < n; off += g->value_bytes, c++) {
        size_t piece = n - off < g->value_bytes ? n - off : g->value_bytes;
        b64_encode(p + off, piece, g->text);
        if (make_key(g, what, rank, c) != 0 ||
            pmi_do_put(g->key, g->text) != PMI_SUCCESS)
            return -1;
    }
    return 0;
}

/* Get the n bytes put_bytes stored under (what, rank). */
static int get_bytes(struct gather *g, char what, int rank,
                     unsigned char *p, size_t n)
{
    for (size_t off = 0, c = 0; off < n; off += g->value_bytes, c++) {
        size_t piece = n - off < g->value_bytes ? n - off : g->value_bytes;
        if (make_key(g, what, rank, c) != 0 ||
            pmi_do_get(g->key, g->text, pmi_job.val_max) != PMI_SUCCESS ||
            b64_decode(g->text, p + off, piece) != 0)
            return -1;
    }
    return 0;
}

/* Phase 2 on a leader: its block's contributions, in rank order, to
 * out (own bytes already in place), then the block as one value. */
static int gather_block(struct gather *g, unsigned char *out)
{
    int first = pmi_job.rank;
    int last = first + g->block < pmi_job.size ? first + g->block : pmi_job.size;

    for (int r = first + 1; r < last; r++)
        if (get_bytes(g, 'r', r, out + (size_t)r * g->len, g->len) != 0)
            return -1;
    return put_bytes(g, 'b', first, out + (size_t)first * g->len,
                     (size_t)(last - first) * g->len);
}

static int exchange(const unsigned char *in, unsigned char *out, size_t len)
{
    struct gather g = { .seq = ++pmi_job.allgather_seq, .len = len };
    int me = pmi_job.rank;
    int rc = PMI_ERR_NOMEM;
    unsigned char *mine = malloc(len);

    g.value_bytes = (size_t)(pmi_job.val_max - 1) / 4 * 3;
    g.block = len <= g.value_bytes / 2 ? (int)(g.value_bytes / len) : 1;
    g.key = malloc((size_t)pmi_job.key_max);
    g.text = malloc((size_t)pmi_job.val_max);
    if (mine == NULL || g.key == NULL || g.text == NULL)
        goto out;
    /* in may lie inside out, which the gets below overwrite. */
    memcpy(mine, in, len);

    rc = PMI_FAIL;
    if (g.block == 1) {
        if (put_bytes(&g, 'b', me, mine, len) != 0)
            goto out;
    } else {
        int leader = me % g.block == 0;
        if (!leader && put_bytes(&g, 'r', me, mine, len) != 0)
            goto out;
        if (pmi_do_barrier() != PMI_SUCCESS)
            goto out;
        memcpy(out + (size_t)me * len, mine, len);
        if (leader && gather_block(&g, out) != 0)
            goto out;
    }
    if (pmi_do_barrier() != PMI_SUCCESS)
        goto out;

    for (int first = 0; first < pmi_job.size; first += g.block) {
        int n = pmi_job.size - first < g.block ? pmi_job.size - first : g.block;
        if (first != me &&     /* a leader holds its own block */
            get_bytes(&g, 'b', first, out + (size_t)first * len,
                      (size_t)n * len) != 0)
            goto out;
    }
    /* Last: a block got back may have overwritten in. */
    memcpy(out + (size_t)me * len, mine, len);
    rc = PMI_SUCCESS;
out:
    free(mine);
    free(g.key);
    free(g.text);
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
