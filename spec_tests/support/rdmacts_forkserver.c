/*
 * rdmacts_forkserver.c: `prog --fork-server`, the corpus binary as a fork
 * server for its keeper (docs/corpus-protocol.md, "Fork server").
 *
 * Started once by a worker's keeper (harness/keeper.c), the program loads
 * the implementation (the loader does, before main), checks that nothing
 * created at load time would be shared or lost by fork, and answers
 * "ready".  Then, for each request, it forks a fresh process that runs
 * exactly one test as `prog --run NAME` would, with the keeper's
 * descriptors, working directory and environment.  This process never
 * calls the API itself.
 *
 * The test process must be the keeper's child, so that the keeper waits
 * for it, counts its resources and finds what it leaves running, as for
 * a test it started itself: the server forks an intermediate process that
 * forks the test and exits, and the keeper, the reaper of orphans,
 * becomes the test's parent.  The test starts its body only once that is
 * done (the "go" byte), so that getppid() is its keeper, as under exec.
 *
 * Channel: RDMACTS_FORK_FD, a SOCK_SEQPACKET socket to the keeper.
 *   server -> keeper   "ready" | "refuse <why>"
 *   keeper -> server   "run\0NAME\0CWD\0GROUP\0" ENV... "\0" with the
 *                      descriptors [stdout, stderr, record, start-failure]
 *   server -> keeper   "pid <test's pid>" | "error <why>"
 * The server ends at the end of its channel.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rdmacts_internal.h"

#define REQUEST_MAX (1 << 20)
#define REQUEST_FDS 4

extern char **environ;

static int ctl = -1;

static void say(const char *text)
{
    while (send(ctl, text, strlen(text), MSG_NOSIGNAL) < 0 && errno == EINTR)
        ;
}

static int count_dir(const char *path)
{
    DIR *d = opendir(path);
    struct dirent *e;
    int n = 0;

    if (!d)
        return -1;
    while ((e = readdir(d)))
        n += e->d_name[0] != '.';
    closedir(d);
    return n;
}

/* Processes this one started (a constructor that forked): a child of
 * any of its threads. */
static int has_children(void)
{
    char path[64];
    int c, found = 0;
    FILE *f;

    snprintf(path, sizeof path, "/proc/self/task/%d/children", (int)getpid());
    f = fopen(path, "r");
    if (!f)
        return 0;
    found = fscanf(f, "%d", &c) == 1;
    fclose(f);
    return found;
}

/* A shared writable mapping made at load time: every forked test would
 * write into the same memory. */
static int shared_writable(char *what, size_t size)
{
    char line[512], perms[8];
    FILE *f = fopen("/proc/self/maps", "r");
    int found = 0;

    if (!f)
        return 0;
    while (!found && fgets(line, sizeof line, f))
        if (sscanf(line, "%*s %7s", perms) == 1 && perms[1] == 'w' &&
            perms[3] == 's') {
            line[strcspn(line, "\n")] = '\0';
            snprintf(what, size, "%.200s", line);
            found = 1;
        }
    fclose(f);
    return found;
}

/* A descriptor a library opened at load time and kept: every forked test
 * would share it (its offset, its connection). */
static int extra_descriptor(char *what, size_t size)
{
    DIR *d = opendir("/proc/self/fd");
    struct dirent *e;
    int found = 0;

    if (!d)
        return 0;
    while (!found && (e = readdir(d))) {
        int fd = atoi(e->d_name);
        char link[64], target[256];
        ssize_t n;

        if (e->d_name[0] == '.' || fd <= 2 || fd == ctl || fd == dirfd(d))
            continue;
        snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
        n = readlink(link, target, sizeof target - 1);
        target[n > 0 ? n : 0] = '\0';
        snprintf(what, size, "%d -> %.200s", fd, target);
        found = 1;
    }
    closedir(d);
    return found;
}

/* Why a fork of this process would not be the process `--run` starts,
 * or NULL.  What a library does at load time that fork loses (threads)
 * or shares between tests (memory, descriptors, processes). */
static const char *unfit(char *why, size_t size)
{
    char what[300];
    int subreaper = 0;

    if (count_dir("/proc/self/task") != 1)
        return snprintf(why, size, "a library started a thread at load "
                        "time (a forked process has only the thread that "
                        "forked)"), why;
    if (has_children())
        return snprintf(why, size, "a library started a process at load "
                        "time"), why;
    if (prctl(PR_GET_CHILD_SUBREAPER, &subreaper) == 0 && subreaper)
        return snprintf(why, size, "a library made the process a reaper "
                        "of orphans at load time"), why;
    if (shared_writable(what, sizeof what))
        return snprintf(why, size, "a library mapped shared memory at load "
                        "time (every test would share it): %s", what), why;
    if (extra_descriptor(what, sizeof what))
        return snprintf(why, size, "a library opened a descriptor at load "
                        "time (every test would share it): %s", what), why;
    return NULL;
}

/* The strings of buf[*at..n) up to an empty one, into v (at most max-1),
 * NULL-ended; the count, or -1 when they are not NUL-ended. */
static int strings(char *buf, size_t n, size_t *at, char **v, int max)
{
    int k = 0;

    for (;;) {
        size_t len;

        if (*at >= n)
            return -1;
        len = strnlen(buf + *at, n - *at);
        if (*at + len >= n)
            return -1;
        if (len == 0) {
            (*at)++;
            break;
        }
        if (k < max - 1)
            v[k++] = buf + *at;
        *at += len + 1;
    }
    v[k] = NULL;
    return k;
}

/* In the test process: the place, streams and environment of a process
 * the keeper started, then the test.  fds: stdout, stderr, record, and
 * the start-failure pipe (closed once started; errno on failure). */
static void become_test(const char *name, const char *cwd, int own_group,
                        char **envp, const int fds[REQUEST_FDS], int go)
{
    char c, fd_text[16];
    int null;

    close(ctl);
    /* the body starts only once the keeper is this process's parent */
    if (read(go, &c, 1) != 1)
        _exit(127);
    close(go);
    rt_became_test_process();
    if (own_group && setpgid(0, 0) != 0)
        goto fail;
    null = open("/dev/null", O_RDONLY);
    if (null < 0 || dup2(null, 0) < 0 || dup2(fds[0], 1) < 0 ||
        dup2(fds[1], 2) < 0 || chdir(cwd) != 0)
        goto fail;
    close(null);
    close(fds[0]);
    close(fds[1]);
    environ = envp;
    snprintf(fd_text, sizeof fd_text, "%d", fds[2]);
    if (setenv("RDMACTS_RECORD_FD", fd_text, 1) != 0)
        goto fail;
    close(fds[3]);	/* started: the keeper reads the end of this pipe */
    exit(rt_run_test_process(name));
fail:
    if (write(fds[3], &errno, sizeof errno) < 0)
        _exit(127);
    _exit(127);
}

/* One request: fork the test process; answer its pid. */
static void serve_one(char *buf, size_t n, const int fds[REQUEST_FDS])
{
    char *head[4], *envp[4096], reply[64];
    size_t at = 0;
    int topid[2], go[2];
    pid_t mid, test = -1;

    for (int i = 0; i < 4; i++) {
        size_t len = at < n ? strnlen(buf + at, n - at) : 0;
        head[i] = at + len < n && len ? buf + at : NULL;
        at += len + 1;
    }
    if (!head[0] || !head[1] || !head[2] || !head[3] ||
        strcmp(head[0], "run") != 0 || strings(buf, n, &at, envp, 4096) < 0) {
        say("error malformed request");
        return;
    }
    if (pipe2(topid, O_CLOEXEC) != 0 || pipe2(go, O_CLOEXEC) != 0) {
        say("error pipe");
        return;
    }
    mid = fork();
    if (mid == 0) {
        pid_t t = fork();

        if (t == 0) {
            close(topid[0]);
            close(topid[1]);
            close(go[1]);
            become_test(head[1], head[2], strcmp(head[3], "1") == 0, envp,
                        fds, go[0]);
        }
        if (write(topid[1], &t, sizeof t) < 0)
            _exit(1);
        _exit(0);
    }
    close(topid[1]);
    close(go[0]);
    if (mid > 0) {
        if (read(topid[0], &test, sizeof test) != sizeof test)
            test = -1;
        while (waitpid(mid, NULL, 0) < 0 && errno == EINTR)
            ;
    }
    close(topid[0]);
    if (test > 0 && write(go[1], "g", 1) == 1)
        snprintf(reply, sizeof reply, "pid %d", (int)test);
    else
        snprintf(reply, sizeof reply, "error fork: %s", strerror(errno));
    close(go[1]);
    say(reply);
}

int rt_fork_server(void)
{
    const char *text = getenv("RDMACTS_FORK_FD");
    char why[512], cbuf[CMSG_SPACE(REQUEST_FDS * sizeof(int))];
    char *buf;

    if (!text) {
        fputs("rdmacts: --fork-server is for the harness's keeper only\n",
              stderr);
        return RT_EXIT_USAGE;
    }
    ctl = atoi(text);
    unsetenv("RDMACTS_FORK_FD");
    if (fcntl(ctl, F_SETFD, FD_CLOEXEC) != 0)
        return RT_EXIT_USAGE;
    /* the keeper's end gone: this process goes too */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    buf = malloc(REQUEST_MAX);
    if (!buf || rt_validate_tests() != 0) {
        say("refuse the test declarations are invalid");
        return RT_EXIT_USAGE;
    }
    if (unfit(why, sizeof why)) {
        char msg[600];
        snprintf(msg, sizeof msg, "refuse %s", why);
        say(msg);
        return 0;
    }
    say("ready");
    for (;;) {
        struct iovec iov = {buf, REQUEST_MAX};
        struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1,
                           .msg_control = cbuf, .msg_controllen = sizeof cbuf};
        struct cmsghdr *c;
        int fds[REQUEST_FDS], nfds = 0;
        ssize_t n = recvmsg(ctl, &m, MSG_CMSG_CLOEXEC);

        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return 0;
        for (c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
            if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
                nfds = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
                memcpy(fds, CMSG_DATA(c),
                       (nfds > REQUEST_FDS ? REQUEST_FDS : nfds) * sizeof(int));
            }
        if (nfds == REQUEST_FDS && !(m.msg_flags & (MSG_TRUNC | MSG_CTRUNC)))
            serve_one(buf, (size_t)n, fds);
        else
            say("error malformed request");
        for (int i = 0; i < nfds && i < REQUEST_FDS; i++)
            close(fds[i]);
    }
}
