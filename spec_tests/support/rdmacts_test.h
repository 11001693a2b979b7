/*
 * rdmacts_test.h: what a corpus test sees of spec_tests/support.
 *
 * A corpus binary is a set of tests, each registered with RT_TEST or
 * RT_TEST_ATTRS, linked with librdmacts_support.a (which holds main) and
 * CUnit.  The command line and the output are the protocol of
 * docs/corpus-protocol.md: the harness reads them, so change both together.
 *
 * Checks come in two strengths:
 *   RT_EXPECT_*  records a failure and lets the test go on;
 *   RT_REQUIRE_* records a failure and ends the test (use it where going
 *                on would only produce noise, e.g. a failed setup step).
 * Both return true when the check held, so `if (!RT_EXPECT_...) return;`
 * also works.  Every failure prints one RDMACTS-FAIL line naming the
 * clause, the expected value and the observed one.
 *
 * A test that ends without having made a single check is reported as a
 * failure: a test that asserts nothing proves nothing.
 */
#ifndef RDMACTS_TEST_H
#define RDMACTS_TEST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void (*rt_test_fn)(void);

/* Called by RT_TEST_ATTRS before main; not for direct use. */
void rt_register(rt_test_fn fn, const char *name, const char *clauses,
                 const char *attrs, const char *file, int line);

/*
 * RT_TEST_ATTRS(fn, name, clauses, attrs) { body }
 *   fn       a C identifier, unique in its file
 *   name     "<api>.<call>.<aspect>.<case>", lower case, unique in the binary
 *   clauses  comma-separated clause ids from vectors/ ("" or "-": none)
 *   attrs    ";"-separated key=value: np=N, tier=conformance|robustness,
 *            memory=MiB (resident memory per process, when over 256),
 *            needs=faults|schedule (comma-separated); "" for none
 */
#define RT_TEST_ATTRS(fn, name, clauses, attrs)                             \
    static void fn(void);                                                   \
    __attribute__((constructor)) static void rt_register_##fn(void)         \
    {                                                                       \
        rt_register(fn, name, clauses, attrs, __FILE__, __LINE__);          \
    }                                                                       \
    static void fn(void)

#define RT_TEST(fn, name, clauses) RT_TEST_ATTRS(fn, name, clauses, "")

/* The check functions behind the macros; `fatal` ends the test on failure. */
bool rt_check_int(long long observed, long long expected,
                  const char *observed_text, const char *expected_text,
                  const char *clause, const char *file, int line, bool fatal);
bool rt_check_u64(uint64_t observed, uint64_t expected,
                  const char *observed_text, const char *expected_text,
                  const char *clause, const char *file, int line, bool fatal);
bool rt_check_true(bool value, const char *text,
                   const char *clause, const char *file, int line, bool fatal);
bool rt_check_mem(const void *observed, const void *expected, size_t len,
                  const char *observed_text, const char *expected_text,
                  const char *clause, const char *file, int line, bool fatal);
bool rt_check_in(long long observed, const long long *set, size_t n,
                 const char *observed_text, const char *set_text,
                 const char *clause, const char *file, int line, bool fatal);
bool rt_fail_at(const char *clause, const char *file, int line, bool fatal,
                const char *expected, const char *observed,
                const char *fmt, ...) __attribute__((format(printf, 7, 8)));

/* observed == expected, as signed integers (return codes, counts). */
#define RT_EXPECT_EQ_INT(observed, expected, clause)                        \
    rt_check_int((long long)(observed), (long long)(expected), #observed,   \
                 #expected, clause, __FILE__, __LINE__, false)
#define RT_REQUIRE_EQ_INT(observed, expected, clause)                       \
    rt_check_int((long long)(observed), (long long)(expected), #observed,   \
                 #expected, clause, __FILE__, __LINE__, true)

/* observed == expected, as 64-bit unsigned values (addresses, AMO data). */
#define RT_EXPECT_EQ_U64(observed, expected, clause)                        \
    rt_check_u64((uint64_t)(observed), (uint64_t)(expected), #observed,     \
                 #expected, clause, __FILE__, __LINE__, false)
#define RT_REQUIRE_EQ_U64(observed, expected, clause)                       \
    rt_check_u64((uint64_t)(observed), (uint64_t)(expected), #observed,     \
                 #expected, clause, __FILE__, __LINE__, true)

/* cond holds. */
#define RT_EXPECT_TRUE(cond, clause)                                        \
    rt_check_true((cond) ? true : false, #cond, clause, __FILE__, __LINE__, false)
#define RT_REQUIRE_TRUE(cond, clause)                                       \
    rt_check_true((cond) ? true : false, #cond, clause, __FILE__, __LINE__, true)

/* len bytes at observed equal those at expected. */
#define RT_EXPECT_MEM_EQ(observed, expected, len, clause)                   \
    rt_check_mem(observed, expected, len, #observed, #expected, clause,     \
                 __FILE__, __LINE__, false)
#define RT_REQUIRE_MEM_EQ(observed, expected, len, clause)                  \
    rt_check_mem(observed, expected, len, #observed, #expected, clause,     \
                 __FILE__, __LINE__, true)

/*
 * observed is one of the listed values: for the points where the errata
 * allow several readings.  The clause comes before the set because the
 * set is the variadic tail:
 *     RT_EXPECT_RC_IN(rc, "UGNI-...", GNI_RC_INVALID_PARAM, GNI_RC_ERROR_RESOURCE);
 */
#define RT_EXPECT_RC_IN(observed, clause, ...)                              \
    rt_check_in((long long)(observed), (const long long[]){__VA_ARGS__},    \
                sizeof((const long long[]){__VA_ARGS__}) / sizeof(long long), \
                #observed, #__VA_ARGS__, clause, __FILE__, __LINE__, false)
#define RT_REQUIRE_RC_IN(observed, clause, ...)                             \
    rt_check_in((long long)(observed), (const long long[]){__VA_ARGS__},    \
                sizeof((const long long[]){__VA_ARGS__}) / sizeof(long long), \
                #observed, #__VA_ARGS__, clause, __FILE__, __LINE__, true)

/* An unconditional failure, for outcomes no comparison expresses
 * (e.g. an event that never arrived).  expected/observed are short texts. */
#define RT_FAIL(clause, expected, observed, ...)                            \
    rt_fail_at(clause, __FILE__, __LINE__, false, expected, observed, __VA_ARGS__)

/*
 * Records what the test took from its environment (key and value: one
 * word each, e.g. "credentials" "job"), for the report; never decides a
 * verdict (docs/corpus-protocol.md).
 */
void rt_note(const char *key, const char *value);

/*
 * The first entry of a ':'-separated list of numbers in environment
 * variable name, as launchers give PMI_GNI_PTAG ("10:11" gives 10):
 * true, and *value set, when the variable holds one.
 */
bool rt_env_first(const char *name, unsigned long long *value);

/*
 * Ends the test as UNSUPPORTED: the implementation does not offer
 * something the test needs (e.g. the optional test-control interface).
 * Not a way to skip a failing check: a test that has already failed
 * stays FAIL.
 */
_Noreturn void rt_unsupported(const char *reason);

/*
 * Ends the test as UNSUPPORTED because the implementation lacks an
 * optional capability the spec lets it lack (capability: one word, e.g.
 * "RMR"), and says so as the spec asks (an attribute, a documented
 * return code).  The harness counts such a test apart: a mandatory
 * clause that needs a capability the implementation lacks is not
 * reported as unshown (docs/certification.md).
 */
_Noreturn void rt_lacks(const char *capability, const char *reason);

/*
 * The same for a call of the extension tier the implementation does not
 * offer: it answered the honest error (answer: its name, e.g.
 * "GNI_RC_ILLEGAL_OP"); the capability is "ext:<call>"
 * (docs/extension.md).
 */
_Noreturn void rt_lacks_call(const char *call, const char *answer);

/*
 * Ends the test and its process at once, with the verdict its checks have
 * earned so far (written to the verdict record): for a test that must
 * leave abruptly, e.g. a rank that vanishes without closing what it
 * opened.  Streams are flushed; atexit handlers and destructors do not
 * run (_exit).  A test must never end its process with exit() or
 * _exit() itself: without the record the harness reports it as CRASH.
 */
_Noreturn void rt_exit_test(void);

/*
 * Optional: a function naming integer values (e.g. return codes), used
 * to print observed values as `2(GNI_RC_INVALID_PARAM)`.  Return NULL for
 * a value without a name.  Call it from a constructor or a test.
 */
void rt_set_value_namer(const char *(*namer)(long long value));

/* The name of the test being run (NULL outside a test). */
const char *rt_current_test(void);

#endif
