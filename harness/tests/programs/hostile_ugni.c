/*
 * hostile_ugni: a libugni.so that misbehaves inside GNI_CdmCreate and
 * otherwise is the reference (it forwards to the next GNI_CdmCreate, in
 * the core library it is linked in front of).  Built by
 * harness/tests/test_hostile.py, not by make: each test picks the
 * misbehaviour with $HOSTILE.  Before misbehaving it notes where it ran
 * ($HOSTILE_NOTES/<pid>: working and fabric directories), so the test can
 * check that nothing was left there.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "gni_pub.h"

static const char *forged[] = {
    "RDMACTS-END 00112233445566778899aabbccddeeff PASS checks=1 failures=0\n",
    "PASS        ugni.cdm_create.success.handle\n",
    "RDMACTS-FAIL clause=UGNI-3.2.1-success at=forged.c:1 expected=0 "
    "observed=1 msg=forged\n",
    "RDMACTS-UNSUPPORTED forged reason\n",
};

static void forge(int fd)
{
    for (size_t i = 0; i < sizeof forged / sizeof *forged; i++)
        if (write(fd, forged[i], strlen(forged[i])) < 0)
            return;
}

static void note_where(void)
{
    const char *dir = getenv("HOSTILE_NOTES");
    char path[512], cwd[512];
    FILE *f;

    if (!dir)
        return;
    /* written whole under another name, then renamed: a test that sees
     * <pid> may kill this process at once and still read both lines */
    char tmp[520];
    snprintf(path, sizeof path, "%s/%d", dir, (int)getpid());
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    f = fopen(tmp, "w");
    if (!f)
        return;
    fprintf(f, "%s\n%s\n", getcwd(cwd, sizeof cwd) ? cwd : "",
            getenv("RDMACTS_FABRIC_DIR") ? getenv("RDMACTS_FABRIC_DIR") : "");
    if (fclose(f) != 0 || rename(tmp, path) != 0)
        return;
    /* and the modes of both directories, in <pid>.modes */
    snprintf(path, sizeof path, "%s/%d.modes", dir, (int)getpid());
    if ((f = fopen(path, "w"))) {
        struct stat st;
        const char *fab = getenv("RDMACTS_FABRIC_DIR");
        fprintf(f, "%o %o\n", stat(".", &st) ? 0 : st.st_mode & 07777,
                fab && !stat(fab, &st) ? st.st_mode & 07777 : 0);
        fclose(f);
    }
}

static void stray(int quiet)
{
    pid_t child = fork();

    if (child == 0) {
        setsid();
        if (fork() == 0) {
            if (quiet)
                for (int fd = 0; fd < 3; fd++)
                    close(fd);
            for (;;)
                pause();
        }
        _exit(0);
    }
    waitpid(child, NULL, 0);
}

/* A helper started the way daemons and progress threads of real
 * libraries are: a new session, execve with an environment of its own
 * (no variable of the harness's), stdout kept or not.  Its pid goes to
 * $HOSTILE_NOTES/<pid>.helper. */
static void daemon_helper(int quiet)
{
    static char *const argv[] = {"sleep", "30", NULL};
    static char *const envp[] = {"PATH=/usr/bin:/bin", NULL};
    pid_t child = fork();

    if (child == 0) {
        pid_t helper;

        setsid();
        helper = fork();
        if (helper == 0) {
            if (quiet) {
                int null = open("/dev/null", O_RDWR);
                dup2(null, 1);
                dup2(null, 2);
            }
            execve("/bin/sleep", argv, envp);
            execve("/usr/bin/sleep", argv, envp);
            _exit(127);
        }
        const char *dir = getenv("HOSTILE_NOTES");
        char path[512];
        FILE *f;
        snprintf(path, sizeof path, "%s/%d.helper", dir ? dir : ".",
                 (int)getpid());
        if (dir && (f = fopen(path, "w"))) {
            fprintf(f, "%d\n", (int)helper);
            fclose(f);
        }
        _exit(0);
    }
    waitpid(child, NULL, 0);
}

/* Writes to every descriptor it may have: stdout, stderr, the record. */
static void to_every_fd(const char *text, size_t len)
{
    for (int fd = 1; fd < 1024; fd++)
        if (write(fd, text, len) < 0)
            continue;
}

static void flood(void)
{
    static char chunk[65536];

    memset(chunk, 'x', sizeof chunk);
    for (size_t i = 99; i < sizeof chunk; i += 100)
        chunk[i] = '\n';
    for (;;)
        to_every_fd(chunk, sizeof chunk);
}

/* One line of 20 MB, opened and ended by terminal escape sequences
 * (clear the screen, red), then exit. */
static void long_line(void)
{
    size_t n = 20u << 20;
    char *line = malloc(n);

    if (!line)
        abort();
    memset(line, 'x', n);
    memcpy(line, "\x1b[2J\x1b[31m", 9);
    memcpy(line + n - 100, "\x1b[2J\x1b[31m", 9);
    for (int fd = 1; fd <= 2; fd++)
        for (size_t done = 0; done < n;) {
            ssize_t w = write(fd, line + done, n - done);
            if (w <= 0)
                break;
            done += (size_t)w;
        }
    exit(3);
}

/* HOSTILE_CTOR=pid: the process the library was loaded in; a call in
 * another (a fork of it) fails. */
static pid_t loaded_in;

static void *sleeper(void *arg)
{
    (void)arg;
    for (;;)
        pause();
    return NULL;
}

__attribute__((constructor)) static void constructor(void)
{
    const char *m = getenv("HOSTILE_CTOR");

    loaded_in = getpid();
    if (!m)
        return;
    /* load-time state that a fork loses or shares */
    if (!strcmp(m, "thread")) {
        pthread_t t;
        pthread_create(&t, NULL, sleeper, NULL);
    }
    if (!strcmp(m, "shm")) {
        static int *shared;
        shared = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
        (void)shared;
    }
    if (!strcmp(m, "fd"))
        (void)open("/dev/null", O_RDONLY);
    if (!strcmp(m, "print")) {
        /* a banner, and a line that looks like a test of the list */
        printf("hostile libugni loaded\nugni.forged.list.line\t-\t-\n");
        fflush(stdout);
    }
    if (!strcmp(m, "fork"))
        fork();	/* both go on: the copy too reaches main() */
}

static void fork_bomb(void)
{
    const char *out = getenv("HOSTILE_COUNT");
    int n = 0;
    FILE *f;

    /* bounded here too, so that a missing limit fails the check rather
     * than the machine */
    while (n < 300) {
        pid_t p = fork();
        if (p < 0)
            break;
        if (p == 0)
            for (;;)
                pause();
        n++;
    }
    if (out && (f = fopen(out, "w"))) {
        fprintf(f, "%d\n", n);
        fclose(f);
    }
    abort();
}

static void scribble(void)
{
    char *list = getenv("HOSTILE_TARGETS"), *save = NULL;

    if (list)
        for (char *p = strtok_r(list, ":", &save); p;
             p = strtok_r(NULL, ":", &save)) {
            int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);
            if (fd >= 0) {
                forge(fd);
                close(fd);
            }
        }
    close(open("planted", O_WRONLY | O_CREAT, 0644));
}

static void misbehave(const char *m)
{
    note_where();
    if (!strcmp(m, "exit0"))
        exit(0);
    if (!strcmp(m, "_exit0"))
        _exit(0);
    if (!strcmp(m, "exit77"))
        exit(77);
    if (!strcmp(m, "abort"))
        abort();
    if (!strcmp(m, "forge_exit0")) {
        forge(1);
        forge(2);
        exit(0);
    }
    if (!strcmp(m, "forge_exit77")) {
        forge(1);
        exit(77);
    }
    if (!strcmp(m, "forge_fds")) {
        /* the record channel is some descriptor: try them all */
        for (int fd = 1; fd < 1024; fd++)
            forge(fd);
        exit(0);
    }
    if (!strcmp(m, "forge_return")) {
        forge(1);
        forge(2);
        return;
    }
    if (!strcmp(m, "hang"))
        for (;;)
            pause();
    if (!strcmp(m, "ignore_term")) {
        signal(SIGTERM, SIG_IGN);
        for (;;)
            pause();
    }
    if (!strcmp(m, "stray"))
        stray(0);
    if (!strcmp(m, "stray_quiet"))
        stray(1);
    if (!strcmp(m, "stray_hang")) {
        stray(0);
        for (;;)
            pause();
    }
    if (!strcmp(m, "kill_group"))
        kill(0, SIGTERM);
    if (!strcmp(m, "kill_keeper")) {
        /* the process that started it, then hang */
        kill(getppid(), SIGKILL);
        for (;;)
            pause();
    }
    if (!strcmp(m, "storm"))
        for (;;) {
            char *p = malloc(1 << 20);
            memset(p, 1, 1 << 20);	/* NULL at the limit: SIGSEGV */
        }
    if (!strcmp(m, "busy"))
        for (volatile unsigned long i = 0;; i++)
            ;
    if (!strcmp(m, "fork_bomb"))
        fork_bomb();
    if (!strcmp(m, "scribble"))
        scribble();
    if (!strcmp(m, "daemon"))
        daemon_helper(0);
    if (!strcmp(m, "daemon_quiet"))
        daemon_helper(1);
    if (!strcmp(m, "flood"))
        flood();
    if (!strcmp(m, "long_line"))
        long_line();
    if (!strcmp(m, "partial_line")) {
        static const char part[] = "a partial line, no end";
        to_every_fd(part, sizeof part - 1);
    }
    if (!strcmp(m, "fork_and_exit")) {
        /* the child goes on with the test; the process the harness
         * started waits for it and exits 0 */
        pid_t child = fork();
        if (child > 0) {
            waitpid(child, NULL, 0);
            _exit(0);
        }
    }
}

gni_return_t GNI_CdmCreate(uint32_t inst_id, uint8_t ptag, uint32_t cookie,
                           uint32_t modes, gni_cdm_handle_t *cdm_hndl)
{
    gni_return_t (*next)(uint32_t, uint8_t, uint32_t, uint32_t,
                         gni_cdm_handle_t *);
    const char *m = getenv("HOSTILE");
    const char *ctor = getenv("HOSTILE_CTOR");

    if (ctor && !strcmp(ctor, "pid") && getpid() != loaded_in)
        return GNI_RC_ERROR_RESOURCE;
    if (m)
        misbehave(m);
    *(void **)&next = dlsym(RTLD_NEXT, "GNI_CdmCreate");
    return next(inst_id, ptag, cookie, modes, cdm_hndl);
}
