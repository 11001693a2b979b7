/*
 * rdmacts_registry.c: the tests a corpus binary holds, and the checks of
 * their declarations (names, clause lists, attributes).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdmacts_internal.h"

static struct rt_test *tests;
static size_t ntests, cap;

void rt_register(rt_test_fn fn, const char *name, const char *clauses,
                 const char *attrs, const char *file, int line)
{
    if (ntests == cap) {
        cap = cap ? 2 * cap : 64;
        tests = realloc(tests, cap * sizeof *tests);
        if (!tests) {
            fputs("rdmacts: out of memory registering tests\n", stderr);
            exit(RT_EXIT_USAGE);
        }
    }
    tests[ntests++] = (struct rt_test){
        .fn = fn,
        .name = name ? name : "",
        .clauses = (clauses && strcmp(clauses, "-") != 0) ? clauses : "",
        .attrs = (attrs && strcmp(attrs, "-") != 0) ? attrs : "",
        .file = file,
        .line = line,
        .np = 1,
    };
}

size_t rt_test_count(void) { return ntests; }

struct rt_test *rt_test_at(size_t i) { return &tests[i]; }

const struct rt_test *rt_find_test(const char *name)
{
    for (size_t i = 0; i < ntests; i++)
        if (strcmp(tests[i].name, name) == 0)
            return &tests[i];
    return NULL;
}

static int problem(const struct rt_test *t, const char *what)
{
    fprintf(stderr, "rdmacts: %s:%d: test \"%s\": %s\n",
            t->file, t->line, t->name, what);
    return 1;
}

/* <api>.<call>.<aspect>.<case>[...]: at least four non-empty components
 * of [a-z0-9_]. */
static bool valid_name(const char *s)
{
    int parts = 1;
    size_t len = 0;
    for (; *s; s++) {
        if (*s == '.') {
            if (len == 0)
                return false;
            parts++;
            len = 0;
        } else if (islower((unsigned char)*s) || isdigit((unsigned char)*s) ||
                   *s == '_') {
            len++;
        } else {
            return false;
        }
    }
    return len > 0 && parts >= 4;
}

/* Clause ids: comma-separated, each non-empty, no white space. */
static bool valid_clauses(const char *s)
{
    size_t len = 0;
    for (; *s; s++) {
        if (*s == ',') {
            if (len == 0)
                return false;
            len = 0;
        } else if (isspace((unsigned char)*s) || !isprint((unsigned char)*s)) {
            return false;
        } else {
            len++;
        }
    }
    return true;
}

static bool value_in(const char *v, size_t n, const char *const *allowed)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v, allowed[i]) == 0)
            return true;
    return false;
}

/* needs=a,b: each one of the optional interfaces the harness knows. */
static bool valid_needs(const char *v)
{
    static const char *const known[] = {"-", "faults", "schedule"};
    char buf[128];
    if (strlen(v) >= sizeof buf || *v == '\0')
        return false;
    strcpy(buf, v);
    for (char *save = NULL, *w = strtok_r(buf, ",", &save); w;
         w = strtok_r(NULL, ",", &save))
        if (!value_in(w, 3, known))
            return false;
    return true;
}

/* Parses and checks one attribute list; records np in t. */
static int check_attrs(struct rt_test *t)
{
    static const char *const tiers[] = {"conformance", "robustness"};
    char buf[256];
    int bad = 0;

    if (strlen(t->attrs) >= sizeof buf)
        return problem(t, "attribute list too long");
    strcpy(buf, t->attrs);
    for (char *save = NULL, *kv = strtok_r(buf, ";", &save); kv;
         kv = strtok_r(NULL, ";", &save)) {
        char *eq = strchr(kv, '=');
        if (!eq) {
            bad += problem(t, "attribute without '=' (expected key=value)");
            continue;
        }
        *eq = '\0';
        const char *key = kv, *val = eq + 1;
        if (strcmp(key, "np") == 0) {
            char *end;
            long np = strtol(val, &end, 10);
            if (*val == '\0' || *end != '\0' || np < 1 || np > 1024)
                bad += problem(t, "np must be a whole number from 1 to 1024");
            else
                t->np = (int)np;
        } else if (strcmp(key, "tier") == 0) {
            if (!value_in(val, 2, tiers))
                bad += problem(t, "tier must be conformance or robustness");
        } else if (strcmp(key, "needs") == 0) {
            if (!valid_needs(val))
                bad += problem(t, "needs must list faults and/or schedule");
        } else if (strcmp(key, "memory") == 0) {
            /* MiB per process, declared when over 256 (harness/memory.py) */
            char *end;
            long mib = strtol(val, &end, 10);
            if (*val == '\0' || *end != '\0' || mib <= 256 || mib > 65536)
                bad += problem(t, "memory must be a whole number of MiB "
                               "from 257 to 65536");
        } else {
            bad += problem(t, "unknown attribute (known: np, tier, needs, memory)");
        }
    }
    return bad;
}

static int by_name(const void *a, const void *b)
{
    const struct rt_test *const *x = a, *const *y = b;
    return strcmp((*x)->name, (*y)->name);
}

/* Sorting keeps start-up cheap for large binaries: every `--run` pays it. */
static int check_unique(void)
{
    const struct rt_test **sorted;
    int bad = 0;

    if (ntests < 2)
        return 0;
    sorted = malloc(ntests * sizeof *sorted);
    if (!sorted)
        return problem(&tests[0], "out of memory checking names");
    for (size_t i = 0; i < ntests; i++)
        sorted[i] = &tests[i];
    qsort(sorted, ntests, sizeof *sorted, by_name);
    for (size_t i = 1; i < ntests; i++)
        if (strcmp(sorted[i - 1]->name, sorted[i]->name) == 0)
            bad += problem(sorted[i], "name already used by another test");
    free(sorted);
    return bad;
}

int rt_validate_tests(void)
{
    int bad = 0;
    for (size_t i = 0; i < ntests; i++) {
        struct rt_test *t = &tests[i];
        if (!valid_name(t->name))
            bad += problem(t, "name is not <api>.<call>.<aspect>.<case> "
                              "in [a-z0-9_]");
        if (!valid_clauses(t->clauses))
            bad += problem(t, "clauses must be comma-separated ids "
                              "without spaces");
        bad += check_attrs(t);
    }
    return bad + check_unique();
}
