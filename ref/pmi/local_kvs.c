/*
 * local_kvs.c: the key-value space of a singleton job.  With one rank
 * there is no one to share with, so a put is visible to the next get of
 * the same process at once; a second put of a key replaces the value,
 * as hydra's space does.
 */
#include "pmi_impl.h"

#include <pmi.h>

#include <stdlib.h>
#include <string.h>

struct entry {
    struct entry *next;
    char *key;
    char *value;
};

static struct entry *entries;

static struct entry *find(const char *key)
{
    for (struct entry *e = entries; e != NULL; e = e->next)
        if (strcmp(e->key, key) == 0)
            return e;
    return NULL;
}

int pmi_local_put(const char *key, const char *value)
{
    struct entry *e = find(key);
    char *copy = strdup(value);

    if (copy == NULL)
        return PMI_ERR_NOMEM;
    if (e != NULL) {
        free(e->value);
        e->value = copy;
        return PMI_SUCCESS;
    }
    e = malloc(sizeof *e);
    if (e == NULL || (e->key = strdup(key)) == NULL) {
        free(e);
        free(copy);
        return PMI_ERR_NOMEM;
    }
    e->value = copy;
    e->next = entries;
    entries = e;
    return PMI_SUCCESS;
}

const char *pmi_local_get(const char *key)
{
    struct entry *e = find(key);
    return e != NULL ? e->value : NULL;
}

void pmi_local_clear(void)
{
    while (entries != NULL) {
        struct entry *e = entries;
        entries = e->next;
        free(e->key);
        free(e->value);
        free(e);
    }
}
