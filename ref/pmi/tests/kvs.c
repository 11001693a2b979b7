/*
 * kvs: PMI_KVS_Put / Commit / Barrier / Get round-trip between ranks.
 *
 * Every rank puts several keys, named and valued after its rank: a
 * short value, a value of the maximum length (value_length_max - 1
 * characters), a key of the maximum length, a value holding '=' and an
 * empty value.  After commit and barrier every rank gets every rank's
 * keys and compares.  A key no one put is not found (PMI_FAIL), and a
 * value that does not fit the caller's buffer is refused.
 */
#include "pmitest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pmitest_name = "kvs";

static int name_max, key_max, val_max;
static char *kvsname;

static void long_key(char *key, int rank)
{
    memset(key, 'k', (size_t)key_max - 1);
    key[key_max - 1] = '\0';
    snprintf(key, (size_t)key_max, "long.%d.", rank);
    key[strlen(key)] = 'k';     /* keep the full length */
}

static void long_value(char *value, int rank)
{
    for (int i = 0; i < val_max - 1; i++)
        value[i] = (char)('a' + (rank + i) % 26);
    value[val_max - 1] = '\0';
}

static void put_mine(void)
{
    char key[256], value[256];
    char *lkey = malloc((size_t)key_max), *lval = malloc((size_t)val_max);

    if (lkey == NULL || lval == NULL)
        pmitest_fail("out of memory");
    snprintf(key, sizeof key, "short.%d", pmitest_rank);
    snprintf(value, sizeof value, "value-of-rank-%d-of-%d", pmitest_rank,
             pmitest_size);
    EXPECT_OK(PMI_KVS_Put(kvsname, key, value));

    snprintf(key, sizeof key, "maxval.%d", pmitest_rank);
    long_value(lval, pmitest_rank);
    EXPECT_OK(PMI_KVS_Put(kvsname, key, lval));

    long_key(lkey, pmitest_rank);
    EXPECT_OK(PMI_KVS_Put(kvsname, lkey, "at-max-key"));

    snprintf(key, sizeof key, "equals.%d", pmitest_rank);
    snprintf(value, sizeof value, "a=b=%d", pmitest_rank);
    EXPECT_OK(PMI_KVS_Put(kvsname, key, value));

    snprintf(key, sizeof key, "empty.%d", pmitest_rank);
    EXPECT_OK(PMI_KVS_Put(kvsname, key, ""));
    free(lkey);
    free(lval);
}

static void expect_value(const char *key, const char *want)
{
    char *got = malloc((size_t)val_max);

    if (got == NULL)
        pmitest_fail("out of memory");
    EXPECT_OK(PMI_KVS_Get(kvsname, key, got, val_max));
    if (strcmp(got, want) != 0)
        pmitest_fail("PMI_KVS_Get %s: expected \"%.60s\" (%zu chars), got \"%.60s\" (%zu chars)",
                     key, want, strlen(want), got, strlen(got));
    free(got);
}

static void get_all(void)
{
    char key[256], value[256];
    char *lkey = malloc((size_t)key_max), *lval = malloc((size_t)val_max);

    if (lkey == NULL || lval == NULL)
        pmitest_fail("out of memory");
    for (int r = 0; r < pmitest_size; r++) {
        snprintf(key, sizeof key, "short.%d", r);
        snprintf(value, sizeof value, "value-of-rank-%d-of-%d", r,
                 pmitest_size);
        expect_value(key, value);

        snprintf(key, sizeof key, "maxval.%d", r);
        long_value(lval, r);
        expect_value(key, lval);

        long_key(lkey, r);
        expect_value(lkey, "at-max-key");

        snprintf(key, sizeof key, "equals.%d", r);
        snprintf(value, sizeof value, "a=b=%d", r);
        expect_value(key, value);

        snprintf(key, sizeof key, "empty.%d", r);
        expect_value(key, "");
    }
    free(lkey);
    free(lval);
}

int main(void)
{
    char small[8];

    pmitest_init();
    EXPECT_OK(PMI_KVS_Get_name_length_max(&name_max));
    EXPECT_OK(PMI_KVS_Get_key_length_max(&key_max));
    EXPECT_OK(PMI_KVS_Get_value_length_max(&val_max));
    if (name_max < 16 || key_max < 32 || val_max < 64)
        pmitest_fail("maxima too small for this test: name %d key %d value %d",
                     name_max, key_max, val_max);
    kvsname = malloc((size_t)name_max);
    if (kvsname == NULL)
        pmitest_fail("out of memory");
    EXPECT_OK(PMI_KVS_Get_my_name(kvsname, name_max));
    if (kvsname[0] == '\0')
        pmitest_fail("PMI_KVS_Get_my_name: empty name");

    put_mine();
    EXPECT_OK(PMI_KVS_Commit(kvsname));
    EXPECT_OK(PMI_Barrier());
    get_all();

    {
        char *v = malloc((size_t)val_max);
        if (v == NULL)
            pmitest_fail("out of memory");
        EXPECT_RC(PMI_KVS_Get(kvsname, "never.put", v, val_max), PMI_FAIL);
        free(v);
    }
    EXPECT_RC(PMI_KVS_Get(kvsname, "short.0", small, (int)sizeof small),
              PMI_ERR_INVALID_LENGTH);

    EXPECT_OK(PMI_Barrier());
    free(kvsname);
    pmitest_finalize();
    return 0;
}
