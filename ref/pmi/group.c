/*
 * group.c: the process-group calls of PMI-1 (init, finalize, abort,
 * rank, size, appnum, barrier).
 *
 * Every call other than PMI_Initialized and PMI_Abort returns
 * PMI_ERR_INIT before PMI_Init has succeeded, and checks its pointer
 * arguments (PMI_ERR_INVALID_ARG) before anything else.
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct pmi_job pmi_job = { .fd = -1 };

static void reset_job(void)
{
    if (pmi_job.fd >= 0)
        close(pmi_job.fd);
    pmi_clique_clear();
    pmi_local_clear();
    pmi_wire_reset();
    memset(&pmi_job, 0, sizeof pmi_job);
    pmi_job.fd = -1;
}

/* The longest value a put can carry within one PMI_REQUEST_MAX-byte
 * request line of this job's kvsname and a key of the longest length:
 * the value maximum reported to callers, counting the final NUL as the
 * launcher's does.  A singleton reports the same, so that a program
 * sized on one behaves the same under the other. */
static void fit_val_max(void)
{
    int room = PMI_REQUEST_MAX - (int)strlen("cmd=put kvsname= key= value=\n") -
               (int)strlen(pmi_job.kvsname) - (pmi_job.key_max - 1) + 1;

    if (room < pmi_job.val_max)
        pmi_job.val_max = room;
}

static int init_singleton(void)
{
    pmi_job.fd = -1;
    pmi_job.rank = 0;
    pmi_job.size = 1;
    pmi_job.appnum = 0;
    pmi_job.kvsname_max = PMI_SINGLETON_KVSNAME_MAX;
    pmi_job.key_max = PMI_SINGLETON_KEY_MAX;
    pmi_job.val_max = PMI_SINGLETON_VAL_MAX;
    snprintf(pmi_job.kvsname, sizeof pmi_job.kvsname, "singleton_kvs_%ld",
             (long)getpid());
    fit_val_max();
    return pmi_clique_setup();
}

/* The handshake hydra expects of a PMI-1 client started with PMI_FD:
 * init, then the limits, the appnum and the name of our key-value space. */
static int init_launched(const char *fd_env)
{
    struct pmi_reply reply;
    const char *name;

    if (pmi_parse_int(fd_env, &pmi_job.fd) != 0 || pmi_job.fd < 0 ||
        pmi_parse_int(getenv("PMI_RANK"), &pmi_job.rank) != 0 ||
        pmi_parse_int(getenv("PMI_SIZE"), &pmi_job.size) != 0 ||
        pmi_job.size < 1 || pmi_job.rank < 0 ||
        pmi_job.rank >= pmi_job.size) {
        pmi_job.fd = -1;
        return PMI_FAIL;
    }
    if (pmi_wire_call("cmd=init pmi_version=1 pmi_subversion=1\n",
                      "response_to_init", &reply) != PMI_SUCCESS)
        return PMI_FAIL;

    if (pmi_wire_call("cmd=get_maxes\n", "maxes", &reply) != PMI_SUCCESS ||
        pmi_reply_int(&reply, "kvsname_max", &pmi_job.kvsname_max) != 0 ||
        pmi_reply_int(&reply, "keylen_max", &pmi_job.key_max) != 0 ||
        pmi_reply_int(&reply, "vallen_max", &pmi_job.val_max) != 0 ||
        pmi_job.key_max < 2 || pmi_job.val_max < 3)
        return PMI_FAIL;
    if (pmi_job.kvsname_max < 1 ||
        pmi_job.kvsname_max > (int)sizeof pmi_job.kvsname)
        pmi_job.kvsname_max = (int)sizeof pmi_job.kvsname;

    if (pmi_wire_call("cmd=get_appnum\n", "appnum", &reply) != PMI_SUCCESS ||
        pmi_reply_int(&reply, "appnum", &pmi_job.appnum) != 0)
        return PMI_FAIL;

    if (pmi_wire_call("cmd=get_my_kvsname\n", "my_kvsname", &reply) !=
            PMI_SUCCESS ||
        (name = pmi_reply_get(&reply, "kvsname")) == NULL ||
        strlen(name) >= (size_t)pmi_job.kvsname_max)
        return PMI_FAIL;
    strcpy(pmi_job.kvsname, name);
    fit_val_max();
    if (pmi_job.val_max < 3)
        return PMI_FAIL;

    return pmi_clique_setup();
}

/* PMI_Init: PMI_SUCCESS, PMI_ERR_INVALID_ARG, PMI_ERR_NOMEM, PMI_FAIL.
 * A second PMI_Init while initialized changes nothing and succeeds. */
int PMI_Init(int *spawned)
{
    const char *fd_env;
    int rc;

    if (spawned == NULL)
        return PMI_ERR_INVALID_ARG;
    *spawned = PMI_FALSE;   /* PMI_Spawn_multiple is not offered */
    if (pmi_job.initialized)
        return PMI_SUCCESS;

    fd_env = getenv("PMI_FD");
    rc = fd_env != NULL ? init_launched(fd_env) : init_singleton();
    if (rc != PMI_SUCCESS) {
        reset_job();
        return rc;
    }
    pmi_job.initialized = 1;
    return PMI_SUCCESS;
}

/* PMI_Initialized: PMI_SUCCESS, PMI_ERR_INVALID_ARG. */
int PMI_Initialized(PMI_BOOL *initialized)
{
    if (initialized == NULL)
        return PMI_ERR_INVALID_ARG;
    *initialized = pmi_job.initialized ? PMI_TRUE : PMI_FALSE;
    return PMI_SUCCESS;
}

/* PMI_Finalize: PMI_SUCCESS, PMI_ERR_INIT, PMI_FAIL.  The state is
 * released even when the launcher does not acknowledge. */
int PMI_Finalize(void)
{
    struct pmi_reply reply;
    int rc = PMI_SUCCESS;

    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    if (pmi_job.fd >= 0)
        rc = pmi_wire_call("cmd=finalize\n", "finalize_ack", &reply);
    reset_job();
    return rc;
}

/* PMI_Abort: does not return.  The launcher is told first, so that it
 * ends every rank of the job and reports exit_code as the job's status;
 * _exit, not exit: atexit handlers of the program may themselves make
 * collective calls, which would hang now that the job is going away. */
int PMI_Abort(int exit_code, const char error_msg[])
{
    char line[64];

    if (pmi_job.initialized)
        fprintf(stderr, "PMI_Abort (rank %d, exit code %d): %s\n",
                pmi_job.rank, exit_code, error_msg ? error_msg : "");
    else
        fprintf(stderr, "PMI_Abort (exit code %d): %s\n", exit_code,
                error_msg ? error_msg : "");
    fflush(NULL);
    if (pmi_job.fd >= 0) {
        snprintf(line, sizeof line, "cmd=abort exitcode=%d\n", exit_code);
        (void)pmi_wire_send(line);
    }
    _exit(exit_code);
}

/* PMI_Get_size: PMI_SUCCESS, PMI_ERR_INVALID_ARG, PMI_ERR_INIT. */
int PMI_Get_size(int *size)
{
    if (size == NULL)
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    *size = pmi_job.size;
    return PMI_SUCCESS;
}

/* PMI_Get_rank: PMI_SUCCESS, PMI_ERR_INVALID_ARG, PMI_ERR_INIT. */
int PMI_Get_rank(int *rank)
{
    if (rank == NULL)
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    *rank = pmi_job.rank;
    return PMI_SUCCESS;
}

/* PMI_Get_appnum: PMI_SUCCESS, PMI_ERR_INVALID_ARG, PMI_ERR_INIT. */
int PMI_Get_appnum(int *appnum)
{
    if (appnum == NULL)
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    *appnum = pmi_job.appnum;
    return PMI_SUCCESS;
}

/* PMI_Barrier: PMI_SUCCESS, PMI_ERR_INIT, PMI_FAIL.  Also commits this
 * rank's puts: after it every rank sees every put made before it. */
int PMI_Barrier(void)
{
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    return pmi_do_barrier();
}
