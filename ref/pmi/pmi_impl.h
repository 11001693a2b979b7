/*
 * pmi_impl.h: state and helpers shared by the files of the reference PMI
 * client (libpmi.so).  Not installed; clients include <pmi.h> only.
 *
 * A job is either launched (hydra mpiexec handed us PMI_FD, PMI_RANK and
 * PMI_SIZE, and every call is a PMI-1 request on that socket) or a
 * singleton (rank 0 of 1, key-value space held in this process).
 */
#ifndef RDMACTS_PMI_IMPL_H
#define RDMACTS_PMI_IMPL_H

#include <stddef.h>

/* Longest protocol line we send or accept: a put carries a kvsname (256),
 * a key (64) and a value (1024) plus the field names. */
#define PMI_LINE_MAX   4096
/* Longest request a PMI-1 server is sure to read whole: MPICH's own
 * client never sends more (PMIU_MAXLINE), and Slurm's pmi2 plugin reads
 * a PMI-1 request with one read of at most this many bytes, although
 * both report vallen_max 1024 (docs/launch.md). */
#define PMI_REQUEST_MAX 1024
#define PMI_REPLY_MAX  16          /* key=value fields in one reply */

/* Limits a singleton reports: hydra's, so that a program sized on one
 * behaves the same under the other. */
#define PMI_SINGLETON_KVSNAME_MAX 256
#define PMI_SINGLETON_KEY_MAX      64
#define PMI_SINGLETON_VAL_MAX    1024

struct pmi_job {
    int initialized;
    int fd;                 /* launcher socket; -1 in a singleton job */
    int rank;
    int size;
    int appnum;
    int kvsname_max;        /* the three maxima count the final NUL */
    int key_max;
    int val_max;
    char kvsname[PMI_SINGLETON_KVSNAME_MAX];
    int *clique;            /* ranks on this node, ascending */
    int clique_size;
    unsigned long allgather_seq;    /* makes each allgather's keys unique */
};

extern struct pmi_job pmi_job;

/* One parsed reply line: "cmd=x k1=v1 k2=v2 ...". */
struct pmi_reply {
    char line[PMI_LINE_MAX];
    int nfields;
    const char *key[PMI_REPLY_MAX];
    const char *val[PMI_REPLY_MAX];
};

/* wire.c: the PMI-1 line protocol on pmi_job.fd. */
int pmi_wire_call(const char *request, const char *expect_cmd,
                  struct pmi_reply *reply);
int pmi_wire_send(const char *request);
const char *pmi_reply_get(const struct pmi_reply *reply, const char *key);
int pmi_reply_int(const struct pmi_reply *reply, const char *key, int *out);
void pmi_wire_reset(void);

/* local_kvs.c: the key-value space of a singleton job. */
int pmi_local_put(const char *key, const char *value);
const char *pmi_local_get(const char *key);
void pmi_local_clear(void);

/* kvs.c: put/get/barrier without argument checks, for both job kinds. */
int pmi_do_put(const char *key, const char *value);
int pmi_do_get(const char *key, char *value, int length);
int pmi_do_barrier(void);

/* clique.c: the ranks sharing this node. */
int pmi_clique_setup(void);
void pmi_clique_clear(void);

/* Decimal integer parse of a whole string; 0 on success. */
int pmi_parse_int(const char *s, int *out);

#endif
