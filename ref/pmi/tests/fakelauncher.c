/*
 * fakelauncher: libpmi.so against a scripted PMI-1 server, for what
 * hydra on one host never shows: rank placements over several nodes
 * (PMI_process_mapping), a missing or malformed mapping, and a launcher
 * that answers nonsense or hangs up.
 *
 * Each case forks: the child is the PMI client, started the way hydra
 * starts a rank (PMI_FD, PMI_RANK, PMI_SIZE); the parent serves it.  Run
 * without a launcher.
 */
#include "pmitest.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

const char *pmitest_name = "fakelauncher";

enum server_mode { SERVE, INIT_NONSENSE, HANG_UP };

struct fcase {
    const char *what;
    enum server_mode mode;
    int rank, size;
    const char *mapping;    /* NULL: the key is absent */
    int init_rc;            /* what PMI_Init must return */
    int clique[8];          /* expected, ended by -1 */
};

static const struct fcase cases[] = {
    { "two nodes of two, first node", SERVE, 0, 4, "(vector,(0,2,2))",
      PMI_SUCCESS, { 0, 1, -1 } },
    { "two nodes of two, second node", SERVE, 3, 4, "(vector,(0,2,2))",
      PMI_SUCCESS, { 2, 3, -1 } },
    { "round robin over two nodes", SERVE, 1, 5, "(vector,(0,2,1))",
      PMI_SUCCESS, { 1, 3, -1 } },
    { "round robin, node 0", SERVE, 4, 5, "(vector,(0,2,1))",
      PMI_SUCCESS, { 0, 2, 4, -1 } },
    { "uneven blocks", SERVE, 2, 6, "(vector,(0,1,2),(1,1,4))",
      PMI_SUCCESS, { 2, 3, 4, 5, -1 } },
    { "one slot, many ranks (hydra on one host)", SERVE, 2, 3,
      "(vector,(0,1,1))", PMI_SUCCESS, { 0, 1, 2, -1 } },
    { "no mapping: the whole job", SERVE, 1, 3, NULL,
      PMI_SUCCESS, { 0, 1, 2, -1 } },
    { "malformed mapping: the whole job", SERVE, 0, 2, "(vector,(0,x,1))",
      PMI_SUCCESS, { 0, 1, -1 } },
    { "empty-block mapping: the whole job", SERVE, 0, 2, "(vector,(0,0,0))",
      PMI_SUCCESS, { 0, 1, -1 } },
    { "launcher answers nonsense", INIT_NONSENSE, 0, 2, NULL,
      PMI_FAIL, { -1 } },
    { "launcher hangs up", HANG_UP, 0, 2, NULL, PMI_FAIL, { -1 } },
    { "PMI_RANK out of range", SERVE, 2, 2, NULL, PMI_FAIL, { -1 } },
};

static int read_line(int fd, char *buf, size_t cap)
{
    size_t n = 0;
    char c;

    while (n + 1 < cap) {
        if (read(fd, &c, 1) != 1)
            return -1;
        if (c == '\n')
            break;
        buf[n++] = c;
    }
    buf[n] = '\0';
    return 0;
}

static void reply(int fd, const char *line)
{
    if (write(fd, line, strlen(line)) < 0)
        _exit(3);
}

static void serve(int fd, const struct fcase *c)
{
    char line[4096], out[4096];

    if (c->mode == HANG_UP)
        return;
    while (read_line(fd, line, sizeof line) == 0) {
        if (c->mode == INIT_NONSENSE) {
            reply(fd, "cmd=nonsense rc=0\n");
        } else if (strncmp(line, "cmd=init ", 9) == 0) {
            reply(fd, "cmd=response_to_init pmi_version=1 pmi_subversion=1 rc=0\n");
        } else if (strcmp(line, "cmd=get_maxes") == 0) {
            reply(fd, "cmd=maxes kvsname_max=256 keylen_max=64 vallen_max=1024\n");
        } else if (strcmp(line, "cmd=get_appnum") == 0) {
            reply(fd, "cmd=appnum appnum=0\n");
        } else if (strcmp(line, "cmd=get_my_kvsname") == 0) {
            reply(fd, "cmd=my_kvsname kvsname=fake_kvs\n");
        } else if (strstr(line, "key=PMI_process_mapping") != NULL) {
            if (c->mapping != NULL)
                snprintf(out, sizeof out,
                         "cmd=get_result rc=0 msg=success value=%s\n",
                         c->mapping);
            else
                snprintf(out, sizeof out, "cmd=get_result rc=-1 "
                         "msg=key_PMI_process_mapping_not_found value=unknown\n");
            reply(fd, out);
        } else if (strcmp(line, "cmd=finalize") == 0) {
            reply(fd, "cmd=finalize_ack\n");
        } else {
            reply(fd, "cmd=unexpected rc=-1\n");
        }
    }
}

/* The client side of one case; its exit status is the verdict. */
static void client(int fd, const struct fcase *c)
{
    char num[32];
    int spawned, size = -1, ranks[16], n = 0;
    PMI_BOOL initialized;

    snprintf(num, sizeof num, "%d", fd);
    setenv("PMI_FD", num, 1);
    snprintf(num, sizeof num, "%d", c->rank);
    setenv("PMI_RANK", num, 1);
    snprintf(num, sizeof num, "%d", c->size);
    setenv("PMI_SIZE", num, 1);

    EXPECT_RC(PMI_Init(&spawned), c->init_rc);
    EXPECT_OK(PMI_Initialized(&initialized));
    if (c->init_rc != PMI_SUCCESS) {
        if (initialized != PMI_FALSE)
            pmitest_fail("%s: PMI_Initialized true after a failed PMI_Init",
                         c->what);
        EXPECT_RC(PMI_Barrier(), PMI_ERR_INIT);
        exit(0);
    }
    while (c->clique[n] >= 0)
        n++;
    EXPECT_OK(PMI_Get_clique_size(&size));
    if (size != n)
        pmitest_fail("%s: expected clique size %d, got %d", c->what, n, size);
    EXPECT_OK(PMI_Get_clique_ranks(ranks, (int)(sizeof ranks / sizeof ranks[0])));
    for (int i = 0; i < n; i++)
        if (ranks[i] != c->clique[i])
            pmitest_fail("%s: expected clique rank[%d] = %d, got %d",
                         c->what, i, c->clique[i], ranks[i]);
    pmitest_finalize();
    exit(0);
}

int main(void)
{
    int failures = 0;

    if (getenv("PMI_FD") != NULL)
        pmitest_fail("run this test without a launcher (PMI_FD is set)");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int sv[2], status;
        pid_t pid;

        if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
            pmitest_fail("socketpair failed");
        pid = fork();
        if (pid < 0)
            pmitest_fail("fork failed");
        if (pid == 0) {
            close(sv[0]);
            pmitest_rank = cases[i].rank;
            client(sv[1], &cases[i]);
        }
        close(sv[1]);
        serve(sv[0], &cases[i]);
        close(sv[0]);
        if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
            WEXITSTATUS(status) != 0) {
            fprintf(stderr, "FAIL fakelauncher: case \"%s\" (status 0x%x)\n",
                    cases[i].what, (unsigned)status);
            failures++;
        }
    }
    return failures != 0;
}
