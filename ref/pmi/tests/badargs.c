/*
 * badargs: bad input gives the PMI error codes and changes nothing.
 *
 * Before PMI_Init every call but PMI_Initialized answers PMI_ERR_INIT;
 * after it, NULL pointers, out-of-range lengths, a wrong kvsname and
 * keys or values too long or holding characters the PMI-1 wire cannot
 * carry are refused with the matching code.  The job still works
 * afterwards (a put/get round-trip across ranks), and PMI_Finalize
 * twice answers PMI_ERR_INIT the second time.
 */
#include "pmitest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pmitest_name = "badargs";

static void before_init(void)
{
    char buf[64];
    int x;

    EXPECT_RC(PMI_Initialized(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Init(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Get_rank(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_Get_size(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_Get_appnum(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_Get_clique_size(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_Get_clique_ranks(&x, 1), PMI_ERR_INIT);
    EXPECT_RC(PMI_Barrier(), PMI_ERR_INIT);
    EXPECT_RC(PMI_Finalize(), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Get_my_name(buf, (int)sizeof buf), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Get_name_length_max(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Get_key_length_max(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Get_value_length_max(&x), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Put("kvs", "k", "v"), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Commit("kvs"), PMI_ERR_INIT);
    EXPECT_RC(PMI_KVS_Get("kvs", "k", buf, (int)sizeof buf), PMI_ERR_INIT);
    EXPECT_RC(PMI_Allgather(&x, buf, (int)sizeof x), PMI_ERR_INIT);
}

static void null_pointers(void)
{
    EXPECT_RC(PMI_Initialized(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Init(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Get_rank(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Get_size(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Get_appnum(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Get_clique_size(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Get_clique_ranks(NULL, 64), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_KVS_Get_my_name(NULL, 64), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_KVS_Get_name_length_max(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_KVS_Get_key_length_max(NULL), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_KVS_Get_value_length_max(NULL), PMI_ERR_INVALID_ARG);
}

static char *filled(int n, char c)
{
    char *s = malloc((size_t)n + 1);
    if (s == NULL)
        pmitest_fail("out of memory");
    memset(s, c, (size_t)n);
    s[n] = '\0';
    return s;
}

static void kvs_args(void)
{
    int name_max, key_max, val_max, csize, x = 0;
    char name[256], buf[64];
    char *key_at_max, *val_at_max;
    int *cranks;

    EXPECT_OK(PMI_KVS_Get_name_length_max(&name_max));
    EXPECT_OK(PMI_KVS_Get_key_length_max(&key_max));
    EXPECT_OK(PMI_KVS_Get_value_length_max(&val_max));
    if (name_max > (int)sizeof name)
        name_max = (int)sizeof name;
    EXPECT_OK(PMI_KVS_Get_my_name(name, name_max));

    EXPECT_RC(PMI_KVS_Get_my_name(buf, 0), PMI_ERR_INVALID_LENGTH);
    EXPECT_RC(PMI_KVS_Get_my_name(buf, -1), PMI_ERR_INVALID_LENGTH);
    EXPECT_RC(PMI_KVS_Get_my_name(buf, (int)strlen(name)),
              PMI_ERR_INVALID_LENGTH);

    /* Lengths count the NUL: key_max and val_max characters are one too
     * many. */
    key_at_max = filled(key_max, 'k');
    val_at_max = filled(val_max, 'v');

    EXPECT_RC(PMI_KVS_Put(NULL, "k", "v"), PMI_ERR_INVALID_KVS);
    EXPECT_RC(PMI_KVS_Put("not-my-kvs", "k", "v"), PMI_ERR_INVALID_KVS);
    EXPECT_RC(PMI_KVS_Put(name, NULL, "v"), PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Put(name, "", "v"), PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Put(name, "a key", "v"), PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Put(name, "a=key", "v"), PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Put(name, "a\nkey", "v"), PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Put(name, key_at_max, "v"), PMI_ERR_INVALID_KEY_LENGTH);
    EXPECT_RC(PMI_KVS_Put(name, "k", NULL), PMI_ERR_INVALID_VAL);
    EXPECT_RC(PMI_KVS_Put(name, "k", "a value"), PMI_ERR_INVALID_VAL);
    EXPECT_RC(PMI_KVS_Put(name, "k", "a\nvalue"), PMI_ERR_INVALID_VAL);
    EXPECT_RC(PMI_KVS_Put(name, "k", val_at_max), PMI_ERR_INVALID_VAL_LENGTH);
    EXPECT_RC(PMI_KVS_Commit(NULL), PMI_ERR_INVALID_KVS);
    EXPECT_RC(PMI_KVS_Commit("not-my-kvs"), PMI_ERR_INVALID_KVS);
    EXPECT_RC(PMI_KVS_Get(NULL, "k", buf, (int)sizeof buf),
              PMI_ERR_INVALID_KVS);
    EXPECT_RC(PMI_KVS_Get("not-my-kvs", "k", buf, (int)sizeof buf),
              PMI_ERR_INVALID_KVS);
    EXPECT_RC(PMI_KVS_Get(name, NULL, buf, (int)sizeof buf),
              PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Get(name, "", buf, (int)sizeof buf),
              PMI_ERR_INVALID_KEY);
    EXPECT_RC(PMI_KVS_Get(name, key_at_max, buf, (int)sizeof buf),
              PMI_ERR_INVALID_KEY_LENGTH);
    EXPECT_RC(PMI_KVS_Get(name, "k", NULL, (int)sizeof buf),
              PMI_ERR_INVALID_VAL);
    EXPECT_RC(PMI_KVS_Get(name, "k", buf, 0), PMI_ERR_INVALID_LENGTH);
    EXPECT_RC(PMI_KVS_Get(name, "k", buf, -5), PMI_ERR_INVALID_LENGTH);
    free(key_at_max);
    free(val_at_max);

    EXPECT_OK(PMI_Get_clique_size(&csize));
    cranks = calloc((size_t)csize, sizeof *cranks);
    if (cranks == NULL)
        pmitest_fail("out of memory");
    EXPECT_RC(PMI_Get_clique_ranks(cranks, csize - 1), PMI_ERR_INVALID_LENGTH);
    EXPECT_RC(PMI_Get_clique_ranks(cranks, -1), PMI_ERR_INVALID_LENGTH);
    free(cranks);

    EXPECT_RC(PMI_Allgather(&x, buf, -1), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Allgather(NULL, buf, 4), PMI_ERR_INVALID_ARG);
    EXPECT_RC(PMI_Allgather(&x, NULL, 4), PMI_ERR_INVALID_ARG);

    /* None of the refused calls left a trace: the job still works. */
    snprintf(buf, sizeof buf, "ok.%d", pmitest_rank);
    EXPECT_OK(PMI_KVS_Put(name, buf, "fine"));
    EXPECT_OK(PMI_Barrier());
    for (int r = 0; r < pmitest_size; r++) {
        char key[32];
        snprintf(key, sizeof key, "ok.%d", r);
        EXPECT_OK(PMI_KVS_Get(name, key, buf, (int)sizeof buf));
        if (strcmp(buf, "fine") != 0)
            pmitest_fail("PMI_KVS_Get %s: expected \"fine\", got \"%s\"", key,
                         buf);
    }
    EXPECT_RC(PMI_KVS_Get(name, "k", buf, (int)sizeof buf), PMI_FAIL);
}

int main(void)
{
    before_init();
    pmitest_init();
    null_pointers();
    kvs_args();
    EXPECT_OK(PMI_Barrier());
    pmitest_finalize();
    EXPECT_RC(PMI_Finalize(), PMI_ERR_INIT);
    return 0;
}
