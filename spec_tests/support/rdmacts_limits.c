/*
 * rdmacts_limits.c: the per-test resource limits the harness asks for.
 *
 *   RDMACTS_LIMITS=as=<bytes>,cpu=<seconds>,nproc=<processes>   (0: none)
 *
 * `--run` applies them to its own process before the test body runs, so
 * that an allocation storm, a busy loop or a fork bomb inside a call ends
 * at a limit instead of taking the machine (docs/certification.md):
 * RLIMIT_AS, RLIMIT_CPU (SIGXCPU at the limit, SIGKILL a second later)
 * and RLIMIT_NPROC (which the kernel does not enforce for uid 0).  Doing
 * it here costs no extra process per test.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "rdmacts_internal.h"

static int lower(int resource, rlim_t soft, rlim_t hard)
{
    struct rlimit now;

    if (getrlimit(resource, &now) != 0)
        return -1;
    if (now.rlim_max != RLIM_INFINITY && hard > now.rlim_max)
        hard = now.rlim_max;
    if (soft > hard)
        soft = hard;
    now.rlim_cur = soft;
    now.rlim_max = hard;
    return setrlimit(resource, &now);
}

int rt_apply_limits(void)
{
    const char *spec = getenv("RDMACTS_LIMITS");
    char buf[256], *save = NULL;

    if (!spec || !*spec)
        return 0;
    if (strlen(spec) >= sizeof buf)
        goto bad;
    strcpy(buf, spec);
    for (char *item = strtok_r(buf, ",", &save); item;
         item = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(item, '='), *end;
        unsigned long long n;
        int rc = 0;

        if (!eq || eq[1] == '\0')
            goto bad;
        *eq = '\0';
        errno = 0;
        n = strtoull(eq + 1, &end, 10);
        if (errno || *end)
            goto bad;
        if (n == 0)
            continue;
        if (strcmp(item, "as") == 0)
            rc = lower(RLIMIT_AS, (rlim_t)n, (rlim_t)n);
        else if (strcmp(item, "cpu") == 0)
            rc = lower(RLIMIT_CPU, (rlim_t)n, (rlim_t)n + 1);
        else if (strcmp(item, "nproc") == 0)
            rc = lower(RLIMIT_NPROC, (rlim_t)n, (rlim_t)n);
        else
            goto bad;
        if (rc != 0) {
            fprintf(stderr, "rdmacts: RDMACTS_LIMITS: cannot set %s: %s\n",
                    item, strerror(errno));
            return -1;
        }
    }
    return 0;
bad:
    fprintf(stderr, "rdmacts: RDMACTS_LIMITS=%s: expected as=N,cpu=N,nproc=N\n",
            spec);
    return -1;
}
