/*
 * seq.h: the data the sequence interpreter runs (docs/sequences.md).
 *
 * spec_tests/seq/seqgen.py turns the sequence files of one API into a
 * struct seq_suite (tests, steps, arguments) plus the API's binding:
 * one wrapper per call it uses, the struct members it sets, the names of
 * its return codes.  seq_run.c registers every test of every suite with
 * the support library and interprets the one being run.  Nothing here
 * knows an API.
 */
#ifndef RDMACTS_SEQ_H
#define RDMACTS_SEQ_H

#include <stddef.h>
#include <stdint.h>

/* A value as the interpreter passes it: an integer (handles and pointers
 * included), or, for slots wider than 8 bytes, their bytes. */
struct seq_value {
    uint64_t u;
    const void *bytes;   /* the bytes of a wide value, else NULL */
    size_t width;        /* width of the bytes, or 8 */
};

/* One call of the binding: a wrapper taking its arguments in order. */
struct seq_call {
    const char *name;
    int nparams;
    long long (*fn)(const struct seq_value *args);
    int releases;        /* index of the handle argument it releases, or -1 */
};

/* One member of a struct of the header. */
struct seq_field {
    const char *type, *name;
    size_t offset, size;
};

enum seq_arg_kind {
    SEQ_NUM,             /* num */
    SEQ_SLOT,            /* $slot[.field][+num] */
    SEQ_ADDR,            /* &slot */
    SEQ_GARBAGE,         /* readable memory filled with pseudo-random bytes */
    SEQ_ENV              /* NAME[+num]: a value of the binding's environment */
};

struct seq_arg {
    int kind;
    int slot;
    int field;           /* index into the suite's fields, or -1 */
    long long num;       /* SEQ_ENV: added to the value */
    const char *env;     /* SEQ_ENV: the variable (its first ':' entry) */
    long long dflt;      /* SEQ_ENV: the value where it is not set */
};

enum seq_op {
    SEQ_CALL,            /* call; with expectations a check, else a required step */
    SEQ_POLL,            /* the same, repeated while it returns the suite's "again" code */
    SEQ_DEFER,           /* call run at the end of the test, result ignored */
    SEQ_LET,             /* slot = value */
    SEQ_LET_CALL,        /* slot = return value of the call */
    SEQ_BUF,             /* slot = new buffer (size, align, fill) */
    SEQ_STRUCT,          /* slot = new zeroed struct, members set */
    SEQ_SET,             /* members of a struct slot set */
    SEQ_ARRAY,           /* slot = new array of values */
    SEQ_CHECK,           /* compare two values */
    SEQ_SAME,            /* compare two memory ranges */
    SEQ_FILL             /* set a memory range to a byte */
};

enum seq_cmp { SEQ_EQ, SEQ_NE, SEQ_LT, SEQ_LE, SEQ_GT, SEQ_GE };

struct seq_step {
    int op;
    const char *file;
    int line;
    int call;            /* index into the suite's calls, or -1 */
    int slot;            /* the slot the step defines, or -1 */
    int unused;
    size_t type;         /* element or struct size; comparison for SEQ_CHECK */
    const struct seq_arg *args;
    int nargs;
    const int *fields;   /* for SEQ_STRUCT/SEQ_SET: member of each argument */
    int nexpect;
    const long long *expect;
    const char *expect_text;  /* the codes; for SEQ_CHECK the right-hand value */
    const char *text;    /* the source line */
    const char *clause;  /* the clause the step checks; NULL: the test's first */
    const char *lhs;     /* for SEQ_CHECK: the left-hand value as written */
    int has_unless;      /* 'unless CODE lacks NAME' given (SEQ_CALL) */
    long long unless;    /* ... this return code ends the test UNSUPPORTED */
    const char *lacks;   /* ... lacking this capability (rt_lacks) */
};

struct seq_slot {
    const char *name;
    size_t width;        /* storage of a value slot */
};

struct seq_test {
    const char *name, *clauses, *attrs, *file;
    int line;
    const struct seq_slot *slots;
    int nslots;
    const struct seq_step *steps;
    int nsteps;
};

struct seq_suite {
    const char *api;
    long long success;   /* the return code of a successful call */
    long long again;     /* what SEQ_POLL retries on, or -1 */
    const struct seq_call *calls;
    const struct seq_field *fields;
    const struct seq_test *tests;
    int ntests;
    const char *(*rc_name)(long long value);
    struct seq_suite *next;
    const char *env_note;  /* rt_note key for SEQ_ENV values, or NULL */
};

/* Registers every test of the suite (from a constructor). */
void seq_register_suite(struct seq_suite *suite);

#endif
