/*
 * rdmacts_internal.h: shared between the files of spec_tests/support only.
 */
#ifndef RDMACTS_INTERNAL_H
#define RDMACTS_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "rdmacts_test.h"

/* Exit statuses of `--run`, as docs/corpus-protocol.md fixes them. */
enum {
    RT_EXIT_PASS = 0,
    RT_EXIT_FAIL = 1,
    RT_EXIT_USAGE = 2,
    RT_EXIT_UNSUPPORTED = 77,
};

struct rt_test {
    rt_test_fn fn;
    const char *name;
    const char *clauses;  /* as declared; "" when none */
    const char *attrs;    /* as declared; "" when none */
    const char *file;
    int line;
    int np;               /* from attrs; 1 by default */
};

/* Registry (rdmacts_registry.c). */
size_t rt_test_count(void);
struct rt_test *rt_test_at(size_t i);
const struct rt_test *rt_find_test(const char *name);
/* Checks names, clauses and attributes of every test; prints each
 * problem on stderr and returns the number of problems. */
int rt_validate_tests(void);

/* The test being run and what it has done so far (rdmacts_check.c). */
struct rt_run_state {
    const struct rt_test *test;
    int checks;
    int failures;
    bool unsupported;
};
extern struct rt_run_state rt_run;
void rt_begin_test(const struct rt_test *t);
/* After the test body: the exit status its outcome maps to; writes the
 * end record (rdmacts_record.c). */
int rt_end_test(void);

/* The verdict record (rdmacts_record.c).  rt_record_open takes the
 * channel out of the environment: 0, or -1 when it is malformed. */
int rt_record_open(void);
bool rt_record_active(void);
void rt_record_line(const char *line);
void rt_record_end(int status, int checks, int failures);
void rt_record_list(const char *name, const char *clauses, const char *attrs);
void rt_record_list_end(size_t count);

/* The pid this program was started as (rdmacts_main.c), taken before any
 * library's constructor runs: a copy of the process that one of them
 * forked has another pid, and runs no test. */
pid_t rt_exec_pid(void);

/* Under the record channel: a fatal signal first writes where it
 * happened, RDMACTS-CRASH (rdmacts_crash.c). */
void rt_crash_arm(void);

/* `--run NAME` after the declarations are checked (rdmacts_main.c); the
 * exit status of the test.  rt_became_test_process() makes the calling
 * process the one that speaks for the test (a fork server's child). */
int rt_run_test_process(const char *name);
void rt_became_test_process(void);

/* `--fork-server` (rdmacts_forkserver.c): the exit status. */
int rt_fork_server(void);

/* Applies $RDMACTS_LIMITS (rdmacts_limits.c): 0, or -1 when malformed. */
int rt_apply_limits(void);

#endif
