/*
 * pmi.h: the PMI-1 process management interface, Cray flavour.
 *
 * The calls, their signatures and the return-code values are those of
 * the published PMI-1 header (MPICH pmi.h, version 1.1) as extended by
 * Cray's PMI (PMI_BOOL, PMI_ERR_INVALID_KVS, the clique calls and
 * PMI_Allgather), so that programs written for a Cray system compile
 * and run unchanged.  The reference library (ref/pmi, libpmi.so) speaks
 * the PMI-1 wire protocol of MPICH's hydra mpiexec; a program started
 * without a launcher is a singleton job (rank 0 of 1).  See docs/launch.md.
 */
#ifndef PMI_H_INCLUDED
#define PMI_H_INCLUDED

#define PMI_VERSION    1
#define PMI_SUBVERSION 1

/* Return codes (PMI-1; PMI_ERR_INVALID_KVS is Cray's addition). */
#define PMI_SUCCESS                  0
#define PMI_FAIL                    -1
#define PMI_ERR_INIT                 1
#define PMI_ERR_NOMEM                2
#define PMI_ERR_INVALID_ARG          3
#define PMI_ERR_INVALID_KEY          4
#define PMI_ERR_INVALID_KEY_LENGTH   5
#define PMI_ERR_INVALID_VAL          6
#define PMI_ERR_INVALID_VAL_LENGTH   7
#define PMI_ERR_INVALID_LENGTH       8
#define PMI_ERR_INVALID_NUM_ARGS     9
#define PMI_ERR_INVALID_ARGS        10
#define PMI_ERR_INVALID_NUM_PARSED  11
#define PMI_ERR_INVALID_KEYVALP     12
#define PMI_ERR_INVALID_SIZE        13
#define PMI_ERR_INVALID_KVS         14

typedef int PMI_BOOL;
#define PMI_TRUE  1
#define PMI_FALSE 0

#if defined(__cplusplus)
extern "C" {
#endif

/* Process group */
int PMI_Init(int *spawned);
int PMI_Initialized(PMI_BOOL *initialized);
int PMI_Finalize(void);
int PMI_Abort(int exit_code, const char error_msg[]);
int PMI_Get_size(int *size);
int PMI_Get_rank(int *rank);
int PMI_Get_appnum(int *appnum);
int PMI_Barrier(void);

/* Ranks on this node (the clique) */
int PMI_Get_clique_size(int *size);
int PMI_Get_clique_ranks(int ranks[], int length);

/* Key-value space */
int PMI_KVS_Get_my_name(char kvsname[], int length);
int PMI_KVS_Get_name_length_max(int *length);
int PMI_KVS_Get_key_length_max(int *length);
int PMI_KVS_Get_value_length_max(int *length);
int PMI_KVS_Put(const char kvsname[], const char key[], const char value[]);
int PMI_KVS_Commit(const char kvsname[]);
int PMI_KVS_Get(const char kvsname[], const char key[], char value[],
                int length);

/* Cray extension: collective; out receives every rank's len bytes of in,
 * in rank order (size * len bytes). */
int PMI_Allgather(void *in, void *out, int len);

#if defined(__cplusplus)
}
#endif

#endif /* PMI_H_INCLUDED */
