/*
 * rdmacts_check.c: the checks a test makes and the lines they print.
 *
 * A failing check prints exactly one line on stdout, flushed at once so
 * that it survives a crash later in the test:
 *   RDMACTS-FAIL clause=<id> at=<file>:<line> expected=<v> observed=<v> msg=<text>
 * <v> never holds white space (the harness splits on it); msg is the rest
 * of the line.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <CUnit/CUnit.h>

#include "rdmacts_internal.h"

struct rt_run_state rt_run;

static const char *(*value_namer)(long long value);

void rt_set_value_namer(const char *(*namer)(long long value))
{
    value_namer = namer;
}

const char *rt_current_test(void)
{
    return rt_run.test ? rt_run.test->name : NULL;
}

void rt_begin_test(const struct rt_test *t)
{
    rt_run = (struct rt_run_state){.test = t};
}

/* Copies src into dst (of size n) without white space: a value token. */
static void token(char *dst, size_t n, const char *src)
{
    size_t o = 0;
    for (; src && *src && o + 1 < n; src++)
        if (!isspace((unsigned char)*src))
            dst[o++] = *src;
    dst[o] = '\0';
    if (o == 0 && n > 1)
        snprintf(dst, n, "-");
}

/* Copies src into dst with line breaks turned into spaces: the msg. */
static void one_line(char *dst, size_t n, const char *src)
{
    size_t o = 0;
    for (; src && *src && o + 1 < n; src++)
        dst[o++] = (*src == '\n' || *src == '\r') ? ' ' : *src;
    dst[o] = '\0';
}

static void fmt_int(char *dst, size_t n, long long v, const char *text);

/*
 * A one-of check that passed: which of the readings an erratum allows this
 * implementation took.  Recorded only (never printed), so that the spec
 * site can show the reading each implementation chose:
 *   RDMACTS-READING clause=<id> at=<file>:<line> observed=<v>
 */
static void emit_reading(const char *clause, const char *file, int line,
                         long long observed)
{
    char c[256], f[512], v[320], o[320], out[1200];
    token(c, sizeof c, clause && *clause ? clause : "-");
    token(f, sizeof f, file);
    fmt_int(v, sizeof v, observed, NULL);
    token(o, sizeof o, v);
    snprintf(out, sizeof out, "RDMACTS-READING clause=%s at=%s:%d observed=%s\n",
             c, f, line, o);
    rt_record_line(out);
}

/*
 * What the test took from its environment, for the report (never a
 * verdict):  RDMACTS-NOTE <key>=<value>
 */
void rt_note(const char *key, const char *value)
{
    char k[128], v[512], out[700];
    token(k, sizeof k, key);
    token(v, sizeof v, value);
    snprintf(out, sizeof out, "RDMACTS-NOTE %s=%s\n", k, v);
    rt_record_line(out);
}

bool rt_env_first(const char *name, unsigned long long *value)
{
    const char *v = getenv(name);
    char *end;

    if (!v || !*v)
        return false;
    *value = strtoull(v, &end, 0);
    return end != v && (*end == '\0' || *end == ':');
}

static void emit_fail(const char *clause, const char *file, int line,
                      const char *expected, const char *observed,
                      const char *msg)
{
    char c[256], f[512], e[1024], o[1024], m[2048];
    token(c, sizeof c, clause && *clause ? clause : "-");
    token(f, sizeof f, file);
    token(e, sizeof e, expected);
    token(o, sizeof o, observed);
    one_line(m, sizeof m, msg);
    char out[5000];
    snprintf(out, sizeof out,
             "RDMACTS-FAIL clause=%s at=%s:%d expected=%s observed=%s msg=%s\n",
             c, f, line, e, o, m);
    rt_record_line(out);
    fputs(out, stdout);
    fflush(stdout);
}

/* Records a failure; when fatal, ends the test (CUnit longjmps out). */
static bool failed(const char *file, int line, bool fatal)
{
    rt_run.failures++;
    if (CU_is_test_running())
        CU_assertImplementation(CU_FALSE, (unsigned)line, "RDMACTS-FAIL",
                                file, "", fatal ? CU_TRUE : CU_FALSE);
    return false;
}

static bool is_number_literal(const char *s)
{
    char *end;
    if (!s || !*s)
        return false;
    (void)strtoll(s, &end, 0);
    while (*end == 'u' || *end == 'U' || *end == 'l' || *end == 'L')
        end++;
    return *end == '\0';
}

/* "2(GNI_RC_INVALID_PARAM)": the value, then the expression that gave it
 * (when it is not just a number) or else the value's name, if any. */
static void fmt_int(char *dst, size_t n, long long v, const char *text)
{
    const char *label = NULL;
    char t[256];
    token(t, sizeof t, text);
    if (text && !is_number_literal(t))
        label = t;
    else if (value_namer)
        label = value_namer(v);
    if (label)
        snprintf(dst, n, "%lld(%s)", v, label);
    else
        snprintf(dst, n, "%lld", v);
}

bool rt_check_int(long long observed, long long expected,
                  const char *observed_text, const char *expected_text,
                  const char *clause, const char *file, int line, bool fatal)
{
    char e[320], o[320], m[1024];
    rt_run.checks++;
    if (observed == expected)
        return true;
    fmt_int(e, sizeof e, expected, expected_text);
    fmt_int(o, sizeof o, observed, NULL);
    snprintf(m, sizeof m, "%s == %s", observed_text, expected_text);
    emit_fail(clause, file, line, e, o, m);
    return failed(file, line, fatal);
}

bool rt_check_u64(uint64_t observed, uint64_t expected,
                  const char *observed_text, const char *expected_text,
                  const char *clause, const char *file, int line, bool fatal)
{
    char e[64], o[64], m[1024];
    rt_run.checks++;
    if (observed == expected)
        return true;
    snprintf(e, sizeof e, "0x%" PRIx64 "(%" PRIu64 ")", expected, expected);
    snprintf(o, sizeof o, "0x%" PRIx64 "(%" PRIu64 ")", observed, observed);
    snprintf(m, sizeof m, "%s == %s", observed_text, expected_text);
    emit_fail(clause, file, line, e, o, m);
    return failed(file, line, fatal);
}

bool rt_check_true(bool value, const char *text,
                   const char *clause, const char *file, int line, bool fatal)
{
    rt_run.checks++;
    if (value)
        return true;
    emit_fail(clause, file, line, "true", "false", text);
    return failed(file, line, fatal);
}

static void hex_bytes(char *dst, size_t n, const unsigned char *p,
                      size_t off, size_t count)
{
    size_t o = (size_t)snprintf(dst, n, "@%zu:", off);
    for (size_t i = 0; i < count && o + 3 <= n; i++)
        o += (size_t)snprintf(dst + o, n - o, "%02x", p[off + i]);
}

bool rt_check_mem(const void *observed, const void *expected, size_t len,
                  const char *observed_text, const char *expected_text,
                  const char *clause, const char *file, int line, bool fatal)
{
    const unsigned char *o = observed, *e = expected;
    char es[64], os[64], m[1024];
    size_t first = len, differ = 0;

    rt_run.checks++;
    if (len == 0)
        return true;
    if (!o || !e) {
        snprintf(m, sizeof m, "%s vs %s: NULL buffer", observed_text,
                 expected_text);
        emit_fail(clause, file, line, e ? "buffer" : "NULL",
                  o ? "buffer" : "NULL", m);
        return failed(file, line, fatal);
    }
    for (size_t i = 0; i < len; i++)
        if (o[i] != e[i]) {
            if (first == len)
                first = i;
            differ++;
        }
    if (differ == 0)
        return true;
    size_t show = len - first < 8 ? len - first : 8;
    hex_bytes(es, sizeof es, e, first, show);
    hex_bytes(os, sizeof os, o, first, show);
    snprintf(m, sizeof m, "%zu of %zu bytes differ, first at offset %zu: "
             "%s vs %s", differ, len, first, observed_text, expected_text);
    emit_fail(clause, file, line, es, os, m);
    return failed(file, line, fatal);
}

/* Splits "A, f(B, C), D" at the commas outside parentheses. */
static const char *next_item(const char *s, char *item, size_t n)
{
    int depth = 0;
    size_t o = 0;
    for (; *s && !(*s == ',' && depth == 0); s++) {
        if (*s == '(')
            depth++;
        else if (*s == ')')
            depth--;
        if (o + 1 < n)
            item[o++] = *s;
    }
    item[o] = '\0';
    return *s == ',' ? s + 1 : s;
}

bool rt_check_in(long long observed, const long long *set, size_t n,
                 const char *observed_text, const char *set_text,
                 const char *clause, const char *file, int line, bool fatal)
{
    char e[1024], o[320], m[1024], item[256], v[320];
    const char *rest = set_text;
    size_t len;

    rt_run.checks++;
    for (size_t i = 0; i < n; i++)
        if (observed == set[i]) {
            emit_reading(clause, file, line, observed);
            return true;
        }
    len = (size_t)snprintf(e, sizeof e, "one-of{");
    for (size_t i = 0; i < n && len < sizeof e; i++) {
        rest = next_item(rest, item, sizeof item);
        fmt_int(v, sizeof v, set[i], item);
        len += (size_t)snprintf(e + len, sizeof e - len, "%s%s",
                                i ? "," : "", v);
    }
    if (len < sizeof e)
        snprintf(e + len, sizeof e - len, "}");
    fmt_int(o, sizeof o, observed, NULL);
    snprintf(m, sizeof m, "%s in {%s}", observed_text, set_text);
    emit_fail(clause, file, line, e, o, m);
    return failed(file, line, fatal);
}

bool rt_fail_at(const char *clause, const char *file, int line, bool fatal,
                const char *expected, const char *observed,
                const char *fmt, ...)
{
    char m[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(m, sizeof m, fmt, ap);
    va_end(ap);
    rt_run.checks++;
    emit_fail(clause, file, line, expected, observed, m);
    return failed(file, line, fatal);
}

_Noreturn void rt_unsupported(const char *reason)
{
    char r[1024];
    char out[1100];
    one_line(r, sizeof r, reason && *reason ? reason : "no reason given");
    snprintf(out, sizeof out, "RDMACTS-UNSUPPORTED %s\n", r);
    rt_record_line(out);
    fputs(out, stdout);
    fflush(stdout);
    rt_run.unsupported = true;
    if (CU_is_test_running())
        CU_assertImplementation(CU_FALSE, 0, "RDMACTS-UNSUPPORTED",
                                __FILE__, "", CU_TRUE);
    /* Outside a CUnit run there is nothing to return to. */
    exit(rt_end_test());
}

_Noreturn void rt_lacks(const char *capability, const char *reason)
{
    char r[1024];
    snprintf(r, sizeof r, "lacks=%s %s", capability,
             reason && *reason ? reason : "the implementation lacks it");
    rt_unsupported(r);
}

_Noreturn void rt_lacks_call(const char *call, const char *answer)
{
    char cap[128], r[128];
    snprintf(cap, sizeof cap, "ext:%s", call);
    snprintf(r, sizeof r, "answers %s", answer);
    rt_lacks(cap, r);
}

static int outcome(void)
{
    const struct rt_test *t = rt_run.test;
    if (rt_run.failures)
        return RT_EXIT_FAIL;
    if (rt_run.unsupported)
        return RT_EXIT_UNSUPPORTED;
    if (rt_run.checks == 0) {
        emit_fail("-", t ? t->file : "?", t ? t->line : 0,
                  "at-least-one-check", "no-check",
                  "the test ended without checking anything");
        rt_run.failures++;
        return RT_EXIT_FAIL;
    }
    return RT_EXIT_PASS;
}

int rt_end_test(void)
{
    int status = outcome();
    rt_record_end(status, rt_run.checks, rt_run.failures);
    return status;
}

_Noreturn void rt_exit_test(void)
{
    int status = rt_end_test();
    fflush(NULL);
    _exit(status);
}
