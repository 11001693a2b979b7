/*
 * rdmacts_record.c: the verdict record a test run leaves for the harness.
 *
 * An exit status alone cannot say that a test ran to its end: the code
 * under test runs in the same process and may call exit(0) or print
 * anything that looks like the protocol.  So the harness hands `--run` a
 * private channel (docs/corpus-protocol.md, "Verdict record"):
 *
 *   RDMACTS_RECORD_FD     an open file descriptor to write the record to
 *   RDMACTS_RECORD_NONCE  a random token the harness made for this run
 *
 * main() takes both before any test code runs, removes them from the
 * environment and moves the descriptor to a high number that is closed on
 * exec.  The record holds the test's RDMACTS-FAIL / RDMACTS-UNSUPPORTED
 * lines as they happen and, once the test body has returned to the
 * runner, one line
 *
 *   RDMACTS-END <nonce> <PASS|FAIL|UNSUPPORTED> checks=<n> failures=<n> pid=<pid>
 *
 * (the pid tells the process that ran the test from a child the code
 * under test forked, which shares the runner's memory and descriptor;
 * such a child writes no end line at all).  Each line goes out in one
 * write(2) of at most PIPE_BUF bytes, after a newline of its own, so that
 * neither another writer nor a partial line someone left on the channel
 * can run into it.  Nothing the test writes on stdout or stderr counts as
 * a verdict.
 *
 * Under the harness, `--list` writes the test list here too, not on
 * stdout, where a library constructor may print:
 *
 *   RDMACTS-LIST<TAB>NAME<TAB>CLAUSES<TAB>ATTRS      (one per test)
 *   RDMACTS-END <nonce> LIST count=<n> pid=<pid>
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rdmacts_internal.h"

#define RT_RECORD_FD_MIN 256 /* out of the way of the descriptors tests use */

static int record_fd = -1;
static char record_nonce[80];

int rt_record_open(void)
{
    const char *fd_text = getenv("RDMACTS_RECORD_FD");
    const char *nonce = getenv("RDMACTS_RECORD_NONCE");
    char *end;
    long fd;
    int moved;

    if (!fd_text) {
        /* run by hand (or --list): stdout is the only report */
        unsetenv("RDMACTS_RECORD_NONCE");
        return 0;
    }
    if (!nonce || strlen(nonce) < 16 ||
        strlen(nonce) >= sizeof record_nonce ||
        strspn(nonce, "0123456789abcdef") != strlen(nonce)) {
        fputs("rdmacts: RDMACTS_RECORD_FD and RDMACTS_RECORD_NONCE (16 to 79 "
              "hex digits) go together\n", stderr);
        return -1;
    }
    errno = 0;
    fd = strtol(fd_text, &end, 10);
    if (errno || *end || end == fd_text || fd < 0 || fd > 65535 ||
        fcntl((int)fd, F_GETFD) < 0) {
        fprintf(stderr, "rdmacts: RDMACTS_RECORD_FD=%s is not an open "
                "descriptor\n", fd_text);
        return -1;
    }
    moved = fcntl((int)fd, F_DUPFD_CLOEXEC, RT_RECORD_FD_MIN);
    if (moved < 0)
        moved = fcntl((int)fd, F_DUPFD_CLOEXEC, 3);
    if (moved < 0) {
        perror("rdmacts: RDMACTS_RECORD_FD");
        return -1;
    }
    if (moved != fd)
        close((int)fd);
    record_fd = moved;
    strcpy(record_nonce, nonce);
    unsetenv("RDMACTS_RECORD_FD");
    unsetenv("RDMACTS_RECORD_NONCE");
    return 0;
}

bool rt_record_active(void)
{
    return record_fd >= 0;
}

/* "\n" + line, cut to PIPE_BUF bytes (still ending in a newline): one
 * write that nothing else can split or run into. */
void rt_record_line(const char *line)
{
    char buf[PIPE_BUF];
    size_t len = strlen(line);
    bool cut = len > sizeof buf - 1;

    if (record_fd < 0)
        return;
    if (cut)
        len = sizeof buf - 1;
    buf[0] = '\n';
    memcpy(buf + 1, line, len);
    if (cut)
        buf[len] = '\n';
    while (write(record_fd, buf, len + 1) < 0 && errno == EINTR)
        ;
}

void rt_record_end(int status, int checks, int failures)
{
    char line[256];
    const char *word = status == RT_EXIT_PASS ? "PASS"
                       : status == RT_EXIT_FAIL ? "FAIL" : "UNSUPPORTED";

    /* only the process the harness started speaks for the test */
    if (record_fd < 0 || (rt_exec_pid() && getpid() != rt_exec_pid()))
        return;
    snprintf(line, sizeof line,
             "RDMACTS-END %s %s checks=%d failures=%d pid=%d\n",
             record_nonce, word, checks, failures, (int)getpid());
    rt_record_line(line);
}

void rt_record_list(const char *name, const char *clauses, const char *attrs)
{
    char line[PIPE_BUF];

    snprintf(line, sizeof line, "RDMACTS-LIST\t%s\t%s\t%s\n", name,
             clauses, attrs);
    rt_record_line(line);
}

void rt_record_list_end(size_t count)
{
    char line[256];

    snprintf(line, sizeof line, "RDMACTS-END %s LIST count=%zu pid=%d\n",
             record_nonce, count, (int)getpid());
    rt_record_line(line);
}
