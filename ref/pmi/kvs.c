/*
 * kvs.c: the key-value space calls of PMI-1.
 *
 * The PMI-1 wire format is space-separated key=value fields, so a key
 * may hold neither ' ', '=' nor a newline and a value neither ' ' nor a
 * newline; both job kinds reject them alike, so a program that works as
 * a singleton works launched.  Lengths count the terminating NUL, as the
 * maxima returned by the *_length_max calls do.
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <stdio.h>
#include <string.h>

int pmi_do_barrier(void)
{
    struct pmi_reply reply;

    if (pmi_job.fd < 0)
        return PMI_SUCCESS;     /* a singleton has no one to wait for */
    return pmi_wire_call("cmd=barrier_in\n", "barrier_out", &reply);
}

int pmi_do_put(const char *key, const char *value)
{
    char line[PMI_LINE_MAX];
    struct pmi_reply reply;
    int n;

    if (pmi_job.fd < 0)
        return pmi_local_put(key, value);
    n = snprintf(line, sizeof line, "cmd=put kvsname=%s key=%s value=%s\n",
                 pmi_job.kvsname, key, value);
    if (n < 0 || (size_t)n >= sizeof line)
        return PMI_FAIL;
    return pmi_wire_call(line, "put_result", &reply);
}

/* PMI_FAIL when the key is absent, PMI_ERR_INVALID_LENGTH when the value
 * and its NUL do not fit in length bytes. */
int pmi_do_get(const char *key, char *value, int length)
{
    char line[PMI_LINE_MAX];
    struct pmi_reply reply;
    const char *found;
    int n;

    if (pmi_job.fd < 0) {
        found = pmi_local_get(key);
    } else {
        n = snprintf(line, sizeof line, "cmd=get kvsname=%s key=%s\n",
                     pmi_job.kvsname, key);
        if (n < 0 || (size_t)n >= sizeof line)
            return PMI_FAIL;
        if (pmi_wire_call(line, "get_result", &reply) != PMI_SUCCESS)
            return PMI_FAIL;
        found = pmi_reply_get(&reply, "value");
    }
    if (found == NULL)
        return PMI_FAIL;
    if (strlen(found) >= (size_t)length)
        return PMI_ERR_INVALID_LENGTH;
    strcpy(value, found);
    return PMI_SUCCESS;
}

static int check_kvsname(const char *kvsname)
{
    if (kvsname == NULL || strcmp(kvsname, pmi_job.kvsname) != 0)
        return PMI_ERR_INVALID_KVS;
    return PMI_SUCCESS;
}

static int check_key(const char *key)
{
    if (key == NULL || key[0] == '\0' || strpbrk(key, " =\n") != NULL)
        return PMI_ERR_INVALID_KEY;
    if (strlen(key) >= (size_t)pmi_job.key_max)
        return PMI_ERR_INVALID_KEY_LENGTH;
    return PMI_SUCCESS;
}

static int check_value(const char *value)
{
    if (value == NULL || strpbrk(value, " \n") != NULL)
        return PMI_ERR_INVALID_VAL;
    if (strlen(value) >= (size_t)pmi_job.val_max)
        return PMI_ERR_INVALID_VAL_LENGTH;
    return PMI_SUCCESS;
}

/* Shared by the three *_length_max calls. */
static int length_max(int *length, int value)
{
    if (length == NULL)
        return PMI_ERR_INVALID_ARG;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    *length = value;
    return PMI_SUCCESS;
}

/* PMI_KVS_Get_name_length_max: PMI_SUCCESS, PMI_ERR_INVALID_ARG,
 * PMI_ERR_INIT. */
int PMI_KVS_Get_name_length_max(int *length)
{
    return length_max(length, pmi_job.kvsname_max);
}

/* PMI_KVS_Get_key_length_max: as above. */
int PMI_KVS_Get_key_length_max(int *length)
{
    return length_max(length, pmi_job.key_max);
}

/* PMI_KVS_Get_value_length_max: as above. */
int PMI_KVS_Get_value_length_max(int *length)
{
    return length_max(length, pmi_job.val_max);
}

/* PMI_KVS_Get_my_name: PMI_SUCCESS, PMI_ERR_INVALID_ARG,
 * PMI_ERR_INVALID_LENGTH (the name and its NUL exceed length), PMI_ERR_INIT. */
int PMI_KVS_Get_my_name(char kvsname[], int length)
{
    if (kvsname == NULL)
        return PMI_ERR_INVALID_ARG;
    if (length <= 0)
        return PMI_ERR_INVALID_LENGTH;
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    if (strlen(pmi_job.kvsname) >= (size_t)length)
        return PMI_ERR_INVALID_LENGTH;
    strcpy(kvsname, pmi_job.kvsname);
    return PMI_SUCCESS;
}

/* PMI_KVS_Put: PMI_SUCCESS, PMI_ERR_INIT, PMI_ERR_INVALID_KVS,
 * PMI_ERR_INVALID_KEY, PMI_ERR_INVALID_KEY_LENGTH, PMI_ERR_INVALID_VAL,
 * PMI_ERR_INVALID_VAL_LENGTH, PMI_ERR_NOMEM, PMI_FAIL.  Other ranks see
 * the value after the next PMI_Barrier. */
int PMI_KVS_Put(const char kvsname[], const char key[], const char value[])
{
    int rc;

    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    if ((rc = check_kvsname(kvsname)) != PMI_SUCCESS ||
        (rc = check_key(key)) != PMI_SUCCESS ||
        (rc = check_value(value)) != PMI_SUCCESS)
        return rc;
    return pmi_do_put(key, value);
}

/* PMI_KVS_Commit: PMI_SUCCESS, PMI_ERR_INIT, PMI_ERR_INVALID_KVS.  Puts
 * already reached the launcher when PMI_KVS_Put returned; hydra
 * publishes them to the other ranks at the next barrier. */
int PMI_KVS_Commit(const char kvsname[])
{
    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    return check_kvsname(kvsname);
}

/* PMI_KVS_Get: PMI_SUCCESS, PMI_ERR_INIT, PMI_ERR_INVALID_KVS,
 * PMI_ERR_INVALID_KEY, PMI_ERR_INVALID_KEY_LENGTH, PMI_ERR_INVALID_VAL
 * (value NULL), PMI_ERR_INVALID_LENGTH (length <= 0, or the value does
 * not fit), PMI_FAIL (no such key). */
int PMI_KVS_Get(const char kvsname[], const char key[], char value[],
                int length)
{
    int rc;

    if (!pmi_job.initialized)
        return PMI_ERR_INIT;
    if ((rc = check_kvsname(kvsname)) != PMI_SUCCESS ||
        (rc = check_key(key)) != PMI_SUCCESS)
        return rc;
    if (value == NULL)
        return PMI_ERR_INVALID_VAL;
    if (length <= 0)
        return PMI_ERR_INVALID_LENGTH;
    return pmi_do_get(key, value, length);
}
