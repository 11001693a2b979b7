/*
 * rdmacts_main.c: main() of every corpus binary (docs/corpus-protocol.md).
 *
 *   prog --list       one line per test: NAME<TAB>CLAUSES<TAB>ATTRS
 *   prog --where      one line per test: NAME<TAB>FILE<TAB>LINE (its source)
 *   prog --run NAME   runs one test; the exit status is its verdict
 *   prog --fork-server  loads once, forks a process per test (the keeper's)
 *   prog              runs every single-process test, for debugging
 *
 * CUnit does the registry and the running; the verdict of a test comes
 * from what its checks recorded (rdmacts_check.c), because UNSUPPORTED
 * and "checked nothing" are outcomes CUnit does not know.  Under the
 * harness, `--run` also writes the verdict record (rdmacts_record.c) once
 * the test body has returned: an exit status alone is no verdict; and
 * `--list` writes the list there.  Run by hand, `--run` prints the
 * verdict on stdout.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/CUnit.h>
#include <CUnit/TestRun.h>

#include "rdmacts_internal.h"

static int last_status = RT_EXIT_USAGE;
static pid_t exec_pid;

/*
 * The program's .preinit_array runs before the constructors of every
 * shared library, so this is the pid the program was started as.  A
 * library whose constructor forks (by accident, or to start a helper that
 * then returns) makes a second process that would run main() too: it
 * must not run the test, or list the tests, a second time.
 */
static void note_exec_pid(void)
{
    exec_pid = getpid();
}

__attribute__((section(".preinit_array"), used))
static void (*const preinit_note_exec_pid)(void) = note_exec_pid;

pid_t rt_exec_pid(void)
{
    return exec_pid;
}

/* A test process forked by the fork server (rdmacts_forkserver.c) is the
 * process the harness's keeper started, as if by exec. */
void rt_became_test_process(void)
{
    exec_pid = getpid();
}
static bool verbose;
static unsigned counts[3]; /* passed, failed, unsupported */

static void usage(FILE *out, const char *prog)
{
    fprintf(out,
            "usage: %s --list | --where | --run NAME | (no argument: run all)\n"
            "  --list      print NAME<TAB>CLAUSES<TAB>ATTRS for every test\n"
            "  --where     print NAME<TAB>FILE<TAB>LINE (where it is declared)\n"
            "  --run NAME  run test NAME; exit 0 PASS, 1 FAIL, 77 UNSUPPORTED\n"
            "  --fork-server  for the harness's keeper: fork a process per test\n"
            "See docs/corpus-protocol.md.\n",
            prog);
}

static void where_tests(void)
{
    for (size_t i = 0; i < rt_test_count(); i++) {
        const struct rt_test *t = rt_test_at(i);
        printf("%s\t%s\t%d\n", t->name, t->file ? t->file : "-", t->line);
    }
}

/* On the record channel under the harness (a constructor may print on
 * stdout), else on stdout. */
static void list_tests(void)
{
    size_t n = rt_test_count();

    for (size_t i = 0; i < n; i++) {
        const struct rt_test *t = rt_test_at(i);
        const char *clauses = *t->clauses ? t->clauses : "-";
        const char *attrs = *t->attrs ? t->attrs : "-";

        if (rt_record_active())
            rt_record_list(t->name, clauses, attrs);
        else
            printf("%s\t%s\t%s\n", t->name, clauses, attrs);
    }
    if (rt_record_active())
        rt_record_list_end(n);
}

static void on_start(const CU_pTest test, const CU_pSuite suite)
{
    (void)suite;
    rt_begin_test(rt_find_test(test->pName));
}

static void on_complete(const CU_pTest test, const CU_pSuite suite,
                        const CU_pFailureRecord failures)
{
    static const char *const words[] = {"PASS", "FAIL", "UNSUPPORTED"};
    (void)suite;
    (void)failures;
    last_status = rt_end_test();
    int k = last_status == RT_EXIT_PASS ? 0 : last_status == RT_EXIT_FAIL ? 1 : 2;
    counts[k]++;
    if (verbose)
        printf("%-11s %s\n", words[k], test->pName);
    rt_begin_test(NULL);
}

/* Suite "<api>.<call>" for test "<api>.<call>.<aspect>.<case>". */
static CU_pSuite suite_for(const char *name)
{
    char suite[256];
    const char *dot = strchr(name, '.');
    dot = dot ? strchr(dot + 1, '.') : NULL;
    size_t len = dot ? (size_t)(dot - name) : strlen(name);
    if (len >= sizeof suite)
        len = sizeof suite - 1;
    memcpy(suite, name, len);
    suite[len] = '\0';
    CU_pSuite s = CU_get_suite(suite);
    return s ? s : CU_add_suite(suite, NULL, NULL);
}

static CU_pTest add_test(const struct rt_test *t, CU_pSuite *suite)
{
    *suite = suite_for(t->name);
    CU_pTest cu = *suite ? CU_add_test(*suite, t->name, t->fn) : NULL;
    if (!cu)
        fprintf(stderr, "rdmacts: CUnit could not register %s: %s\n",
                t->name, CU_get_error_msg());
    return cu;
}

static int run_one(const char *name)
{
    const struct rt_test *t = rt_find_test(name);
    CU_pSuite suite;
    CU_pTest cu;

    if (!t) {
        fprintf(stderr, "rdmacts: no test named \"%s\" (see --list)\n", name);
        return RT_EXIT_USAGE;
    }
    cu = add_test(t, &suite);
    if (!cu)
        return RT_EXIT_USAGE;
    if (CU_run_test(suite, cu) != CUE_SUCCESS) {
        fprintf(stderr, "rdmacts: CUnit could not run %s: %s\n", name,
                CU_get_error_msg());
        return RT_EXIT_USAGE;
    }
    return last_status;
}

static int run_all(void)
{
    unsigned skipped = 0;
    CU_pSuite suite;

    verbose = true;
    for (size_t i = 0; i < rt_test_count(); i++) {
        const struct rt_test *t = rt_test_at(i);
        if (t->np > 1) {
            printf("%-11s %s (np=%d: run it through the harness)\n", "SKIPPED",
                   t->name, t->np);
            skipped++;
        } else if (!add_test(t, &suite)) {
            return RT_EXIT_USAGE;
        }
    }
    if (CU_run_all_tests() != CUE_SUCCESS) {
        fprintf(stderr, "rdmacts: CUnit run failed: %s\n", CU_get_error_msg());
        return RT_EXIT_USAGE;
    }
    printf("rdmacts: %u passed, %u failed, %u unsupported, %u skipped\n",
           counts[0], counts[1], counts[2], skipped);
    return counts[1] ? RT_EXIT_FAIL : RT_EXIT_PASS;
}

/* `--run NAME` once the declarations are checked: in the process the
 * program was started as, or in one its fork server made for the test. */
int rt_run_test_process(const char *name)
{
    int status;

    /* Before anything else: the record channel leaves the environment
     * before any test code can read it (rdmacts_record.c). */
    if (rt_record_open() != 0)
        return RT_EXIT_USAGE;
    /* Lines the test prints must survive a crash that follows them. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "rdmacts: CUnit: %s\n", CU_get_error_msg());
        return RT_EXIT_USAGE;
    }
    CU_set_test_start_handler(on_start);
    CU_set_test_complete_handler(on_complete);
    /* The harness's per-test limits bind the test body, not --list. */
    if (rt_apply_limits() != 0)
        return RT_EXIT_USAGE;
    /* by hand, the verdict line is the report */
    if (!rt_record_active())
        verbose = true;
    /* under the harness, a crash names where it happened */
    rt_crash_arm();
    status = run_one(name);
    CU_cleanup_registry();
    fflush(stdout);
    return status;
}

int main(int argc, char **argv)
{
    int status;

    /* a copy forked by a library constructor: the original does the work */
    if (exec_pid && getpid() != exec_pid)
        _exit(0);
    if (argc == 2 && strcmp(argv[1], "--fork-server") == 0)
        return rt_fork_server();
    if (argc == 3 && strcmp(argv[1], "--run") == 0) {
        if (rt_validate_tests() != 0) {
            fprintf(stderr, "rdmacts: the test declarations above are invalid\n");
            return RT_EXIT_USAGE;
        }
        return rt_run_test_process(argv[2]);
    }
    /* Before anything else: the record channel leaves the environment
     * before any test code can read it (rdmacts_record.c). */
    if (rt_record_open() != 0)
        return RT_EXIT_USAGE;
    /* Lines the test prints must survive a crash that follows them. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    if (argc == 2 && strcmp(argv[1], "--help") == 0) {
        usage(stdout, argv[0]);
        return 0;
    }
    bool where = argc == 2 && strcmp(argv[1], "--where") == 0;
    if (!(argc == 1 || (argc == 2 && strcmp(argv[1], "--list") == 0) || where)) {
        usage(stderr, argv[0]);
        return RT_EXIT_USAGE;
    }
    if (rt_validate_tests() != 0) {
        fprintf(stderr, "rdmacts: the test declarations above are invalid\n");
        return RT_EXIT_USAGE;
    }
    if (argc == 2) {
        if (where)
            where_tests();
        else
            list_tests();
        return 0;
    }
    if (CU_initialize_registry() != CUE_SUCCESS) {
        fprintf(stderr, "rdmacts: CUnit: %s\n", CU_get_error_msg());
        return RT_EXIT_USAGE;
    }
    CU_set_test_start_handler(on_start);
    CU_set_test_complete_handler(on_complete);
    status = run_all();
    CU_cleanup_registry();
    fflush(stdout);
    return status;
}
