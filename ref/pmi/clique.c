/*
 * clique.c: which ranks share this node (Cray's PMI_Get_clique_size and
 * PMI_Get_clique_ranks).
 *
 * hydra publishes the placement of ranks in its key-value space under
 * PMI_process_mapping, in MPICH's vector form
 *     (vector,(first_node,node_count,ranks_per_node),...)
 * each triple giving ranks_per_node consecutive ranks to each of
 * node_count nodes from first_node on; the list is applied again from
 * its start until every rank is placed (hydra writes (vector,(0,1,1))
 * for any number of ranks on one host that it believes has one slot).
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BLOCKS 64

struct block {
    long first_node, node_count, ranks_per_node;
};

static int read_long(const char **p, long *out)
{
    char *end;

    errno = 0;
    *out = strtol(*p, &end, 10);
    if (end == *p || errno != 0 || *out < 0 || *out > INT_MAX)
        return -1;
    *p = end;
    return 0;
}

static int expect(const char **p, char c)
{
    if (**p != c)
        return -1;
    (*p)++;
    return 0;
}

/* Parse the vector form; the number of blocks, or -1 when malformed. */
static int parse_mapping(const char *s, struct block *blocks)
{
    const char *p = s;
    int n = 0;

    if (strncmp(p, "(vector", 7) != 0)
        return -1;
    p += 7;
    while (*p == ',') {
        struct block *b = &blocks[n];
        p++;
        if (n == MAX_BLOCKS || expect(&p, '(') ||
            read_long(&p, &b->first_node) || expect(&p, ',') ||
            read_long(&p, &b->node_count) || expect(&p, ',') ||
            read_long(&p, &b->ranks_per_node) || expect(&p, ')'))
            return -1;
        n++;
    }
    if (expect(&p, ')') || *p != '\0' || n == 0)
        return -1;
    return n;
}

/* Node of every rank, from the blocks; 0 on success. */
static int place_ranks(const struct block *blocks, int nblocks, long *node)
{
    int rank = 0;
    int placed_in_pass;

    do {
        placed_in_pass = 0;
        for (int i = 0; i < nblocks && rank < pmi_job.size; i++)
            for (long k = 0; k < blocks[i].node_count && rank < pmi_job.size; k++)
                for (long r = 0; r < blocks[i].ranks_per_node &&
                                 rank < pmi_job.size; r++) {
                    node[rank++] = blocks[i].first_node + k;
                    placed_in_pass = 1;
                }
    } while (rank < pmi_job.size && placed_in_pass);
    return rank == pmi_job.size ? 0 : -1;
}

/* Clique from the launcher's mapping.  PMI_FAIL when the mapping is
 * missing or malformed, PMI_ERR_NOMEM. */
static int clique_from_mapping(void)
{
    char mapping[PMI_LINE_MAX];
    struct block blocks[MAX_BLOCKS];
    long *node;
    int nblocks, n = 0;
    int length = pmi_job.val_max < PMI_LINE_MAX ? pmi_job.val_max : PMI_LINE_MAX;

    if (pmi_do_get("PMI_process_mapping", mapping, length) != PMI_SUCCESS ||
        (nblocks = parse_mapping(mapping, blocks)) < 0)
        return PMI_FAIL;
    node = malloc((size_t)pmi_job.size * sizeof *node);
    pmi_job.clique = malloc((size_t)pmi_job.size * sizeof *pmi_job.clique);
    if (node == NULL || pmi_job.clique == NULL) {
        free(node);
        return PMI_ERR_NOMEM;
    }
    if (place_ranks(blocks, nblocks, node) != 0) {
        free(node);
        return PMI_FAIL;
    }
    for (int r = 0; r < pmi_job.size; r++)
        if (node[r] == node[pmi_job.rank])
            pmi_job.clique[n++] = r;
    pmi_job.clique_size = n;
    free(node);
    return PMI_SUCCESS;
}

/* Called by PMI_Init once rank and size are known. */
int pmi_clique_setup(void)
{
    int rc;

    if (pmi_job.fd >= 0) {
        rc = clique_from_mapping();
        if (rc != PMI_FAIL)
            return rc;
        pmi_clique_clear();
    }
    /* A singleton, or a launcher without a mapping: every rank runs on
     * this host, since jobs here are single-host (docs/launch.md). */
    pmi_job.clique = malloc((size_t)pmi_job.size * sizeof *pmi_job.clique);
    if (pmi_job.clique == NULL)
        return PMI_ERR_NOMEM;
    for (int r = 0; r < pmi_job.size; r++)
        pmi_job.clique[r] = r;
    pmi_job.clique_size = pmi_job.size;
    return PMI_SUCCESS;
}

void pmi_clique_clear(void)
{
    free(pmi_job.clique);
    pmi_job.clique = NULL;
    pmi_job.clique_size = 0;
}

/* PMI_Get_clique_size: PMI_SUCCESS, PMI_ERR_INVALID_ARG, PMI_ERR_INIT. */
int PMI_Get_clique_size(int *size)
{
    if (size == NULL)
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    *size = pmi_job.clique_size;
    return PMI_SUCCESS;
}

/* PMI_Get_clique_ranks: PMI_SUCCESS, PMI_ERR_INVALID_ARG,
 * PMI_ERR_INVALID_LENGTH (fewer than clique-size entries), PMI_ERR_INIT. */
int PMI_Get_clique_ranks(int ranks[], int length)
{
    if (ranks == NULL)
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    if (length < pmi_job.clique_size)
        return PMI_ERR_INVALID_LENGTH;
    memcpy(ranks, pmi_job.clique,
           (size_t)pmi_job.clique_size * sizeof *ranks);
    return PMI_SUCCESS;
}
