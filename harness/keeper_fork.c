/*
 * keeper_fork.c: the keeper's fork servers (docs/corpus-protocol.md,
 * "Fork server"; docs/certification.md, "Fork server").
 *
 * Starting a corpus binary costs more than most tests: exec, the loader,
 * three libraries.  A keeper serving a worker of the harness therefore
 * starts each corpus binary once, as `PROG --fork-server` (the support
 * library, spec_tests/support/rdmacts_forkserver.c), and asks it for a
 * fresh process per test.  That process becomes the keeper's child: the
 * keeper waits for it, reads its streams, enforces its timeout and finds
 * what it leaves running exactly as for a process it started by exec.
 * The servers themselves are no command's: they are never counted as
 * strays, never killed with a test, and end with the keeper.
 *
 * A server is kept per program and environment (the per-test variables
 * aside: a server's libraries were loaded before any test existed).  One
 * that refuses (its libraries made, at load time, something fork loses
 * or shares), does not start, or fails once is not asked again: the
 * keeper starts that program's tests by exec and says why in the report.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "keeper.h"

#define MAX_SERVERS 4
#define ANSWER_MS 20000		/* a server must be ready or answer by then */
#define REQUEST_MAX (1 << 20)	/* as rdmacts_forkserver.c reads them */

/* Variables that differ from test to test (runner.Context.env). */
static const char *const per_test[] = {
	"RDMACTS_TEST_NAME=", "RDMACTS_JOB_ID=", "RDMACTS_RECORD_NONCE=",
	"RDMACTS_RECORD_FD=", NULL};

struct server {
	char *key;		/* program, then its environment */
	size_t keylen;
	pid_t pid;		/* 0: not running */
	int ctl;
	char why[400];		/* not "": it cannot serve, and why */
	unsigned long used;	/* when last asked, to replace the oldest */
};

static struct server servers[MAX_SERVERS];
static unsigned long clock_ticks;

static int per_test_variable(const char *entry)
{
	for (int i = 0; per_test[i]; i++)
		if (!strncmp(entry, per_test[i], strlen(per_test[i])))
			return 1;
	return 0;
}

/* The program and the environment, less the per-test variables. */
static char *server_key(const struct job *j, size_t *len)
{
	size_t n = strlen(j->cmd[0]) + 1, at;
	char *key;

	for (char **e = j->envp; e && *e; e++)
		if (!per_test_variable(*e))
			n += strlen(*e) + 1;
	if (!(key = malloc(n)))
		return NULL;
	memcpy(key, j->cmd[0], strlen(j->cmd[0]) + 1);
	at = strlen(j->cmd[0]) + 1;
	for (char **e = j->envp; e && *e; e++)
		if (!per_test_variable(*e)) {
			memcpy(key + at, *e, strlen(*e) + 1);
			at += strlen(*e) + 1;
		}
	*len = at;
	return key;
}

static void stop_server(struct server *s)
{
	if (s->ctl >= 0)
		close(s->ctl);
	s->ctl = -1;
	if (s->pid > 0) {
		kill(s->pid, SIGKILL);
		while (waitpid(s->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	s->pid = 0;
}

static void cannot_serve(struct server *s, const char *why)
{
	snprintf(s->why, sizeof s->why, "%.390s", why);
	stop_server(s);
}

/* One message from the server into buf within ANSWER_MS, or the job's
 * timeout when shorter; its length, 0 when the server ended, -1 when it
 * did not answer. */
static ssize_t answer(struct server *s, const struct job *j, char *buf,
		      size_t size)
{
	struct pollfd p = {s->ctl, POLLIN, 0};
	int rc, ms = ANSWER_MS;
	ssize_t n;

	if (j->timeout > 0 && j->timeout * 1000 < ms)
		ms = (int)(j->timeout * 1000) + 1;
	do
		rc = poll(&p, 1, ms);
	while (rc < 0 && errno == EINTR);
	if (rc <= 0)
		return -1;
	do
		n = recv(s->ctl, buf, size - 1, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return 0;
	buf[n] = '\0';
	return n;
}

/* In the server's process: a process group of its own (a test that
 * signals its group spares it), nothing to read or write, the run's
 * scratch directory, the environment without the per-test variables. */
static void exec_server(const struct job *j, int fd)
{
	char fdvar[64], dir[4096], *argv[] = {j->cmd[0], "--fork-server", NULL};
	char **envp;
	sigset_t none;
	int n = 0, null;

	setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	for (char **e = j->envp; e && *e; e++)
		n++;
	if (!(envp = calloc((size_t)n + 2, sizeof *envp)))
		_exit(127);
	n = 0;
	for (char **e = j->envp; e && *e; e++)
		if (!per_test_variable(*e))
			envp[n++] = *e;
	snprintf(fdvar, sizeof fdvar, "RDMACTS_FORK_FD=%d", fd);
	envp[n++] = fdvar;
	null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0 ||
	    dup2(null, 2) < 0 || fcntl(fd, F_SETFD, 0) != 0)
		_exit(127);
	if (null > 2)
		close(null);
	/* the test's directory is made and removed per test: its parent */
	snprintf(dir, sizeof dir, "%s", j->cwd ? j->cwd : ".");
	if (strrchr(dir, '/'))
		*strrchr(dir, '/') = '\0';
	if (dir[0] && chdir(dir) != 0)
		_exit(127);
	execve(argv[0], argv, envp);
	_exit(127);
}

static int start_server(struct server *s, const struct job *j)
{
	char buf[512];
	int sv[2];
	ssize_t n;

	if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) != 0) {
		cannot_serve(s, "no socket for the fork server");
		return -1;
	}
	s->pid = fork();
	if (s->pid == 0)
		exec_server(j, sv[1]);
	close(sv[1]);
	s->ctl = sv[0];
	if (s->pid < 0) {
		s->pid = 0;
		cannot_serve(s, "the fork server could not be forked");
		return -1;
	}
	n = answer(s, j, buf, sizeof buf);
	if (n > 0 && !strcmp(buf, "ready"))
		return 0;
	if (n > 0 && !strncmp(buf, "refuse ", 7)) {
		char why[480];
		snprintf(why, sizeof why, "the fork server refused: %.400s", buf + 7);
		cannot_serve(s, why);
	} else {
		cannot_serve(s, n < 0 ? "the fork server was not ready in time"
				      : "the fork server ended before it was ready");
	}
	return -1;
}

static struct server *server_for(const struct job *j)
{
	struct server *oldest = &servers[0];
	size_t len;
	char *key = server_key(j, &len);

	if (!key)
		return NULL;
	for (int i = 0; i < MAX_SERVERS; i++) {
		struct server *s = &servers[i];
		if (s->key && s->keylen == len && !memcmp(s->key, key, len)) {
			free(key);
			s->used = ++clock_ticks;
			return s;
		}
		if (!s->key || s->used < oldest->used)
			oldest = s;
	}
	if (oldest->key)
		stop_server(oldest);
	free(oldest->key);
	*oldest = (struct server){key, len, 0, -1, "", ++clock_ticks};
	start_server(oldest, j);
	return oldest;
}

/* The parent of pid, from /proc/PID/stat. */
static pid_t parent_of(pid_t pid)
{
	char path[64], text[512], *end;
	int ppid = 0;
	size_t n;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	if (!(f = fopen(path, "r")))
		return 0;
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	end = strrchr(text, ')');
	if (!end || sscanf(end + 1, " %*c %d", &ppid) != 1)
		return 0;
	return ppid;
}

pid_t fork_test(const struct job *j, int out, int err, int rec, int fail,
		char *why, size_t size)
{
	char *msg, reply[512], cbuf[CMSG_SPACE(4 * sizeof(int))];
	int fds[4] = {out, err, rec, fail};
	struct server *s;
	size_t n = 0, at = 0;
	ssize_t got;
	long pid;

	if (!j->cmd[0] || !j->cmd[1] || strcmp(j->cmd[1], "--run") ||
	    !j->cmd[2] || j->cmd[3] || !j->record || !j->cwd) {
		snprintf(why, size, "not a single test's command");
		return -1;
	}
	if (!(s = server_for(j))) {
		snprintf(why, size, "out of memory");
		return -1;
	}
	if (s->why[0]) {
		snprintf(why, size, "%s", s->why);
		return -1;
	}
	/* "run", NAME, CWD, GROUP, the environment, "" */
	n = 4 + strlen(j->cmd[2]) + 1 + strlen(j->cwd) + 1 + 2 + 1;
	for (char **e = j->envp; e && *e; e++)
		n += strlen(*e) + 1;
	if (n > REQUEST_MAX || !(msg = malloc(n))) {
		snprintf(why, size, "the test's environment is too large for "
			 "the fork server");
		return -1;
	}
	memcpy(msg, "run", 4);
	at = 4;
#define PUT(str) (memcpy(msg + at, (str), strlen(str) + 1), at += strlen(str) + 1)
	PUT(j->cmd[2]);
	PUT(j->cwd);
	PUT(j->own_group ? "1" : "0");
	for (char **e = j->envp; e && *e; e++)
		PUT(*e);
#undef PUT
	msg[at++] = '\0';

	struct iovec iov = {msg, at};
	struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1,
			   .msg_control = cbuf, .msg_controllen = sizeof cbuf};
	struct cmsghdr *c = CMSG_FIRSTHDR(&m);

	c->cmsg_level = SOL_SOCKET;
	c->cmsg_type = SCM_RIGHTS;
	c->cmsg_len = CMSG_LEN(sizeof fds);
	memcpy(CMSG_DATA(c), fds, sizeof fds);
	while ((got = sendmsg(s->ctl, &m, MSG_NOSIGNAL)) < 0 && errno == EINTR)
		;
	free(msg);
	if (got < 0) {
		cannot_serve(s, "the fork server ended");
		snprintf(why, size, "%s", s->why);
		return -1;
	}
	got = answer(s, j, reply, sizeof reply);
	if (got > 0 && sscanf(reply, "pid %ld", &pid) == 1 && pid > 0 &&
	    parent_of((pid_t)pid) == getpid())
		return (pid_t)pid;
	if (got > 0 && !strncmp(reply, "error ", 6)) {
		char text[480];
		snprintf(text, sizeof text, "the fork server failed: %.400s",
			 reply + 6);
		cannot_serve(s, text);
	} else {
		cannot_serve(s, got > 0 ? "the fork server's test process is "
			     "not the keeper's child"
			     : got < 0 ? "the fork server did not answer in time"
			     : "the fork server ended");
	}
	snprintf(why, size, "%s", s->why);
	return -1;
}

int fork_server(pid_t pid)
{
	for (int i = 0; i < MAX_SERVERS; i++)
		if (servers[i].pid > 0 && servers[i].pid == pid)
			return 1;
	return 0;
}

int fork_server_reaped(pid_t pid, int status)
{
	for (int i = 0; i < MAX_SERVERS; i++) {
		struct server *s = &servers[i];
		char why[200];

		if (s->pid <= 0 || s->pid != pid)
			continue;
		s->pid = 0;
		if (WIFSIGNALED(status))
			snprintf(why, sizeof why, "the fork server was killed by "
				 "signal %d", WTERMSIG(status));
		else
			snprintf(why, sizeof why, "the fork server exited with "
				 "status %d", WEXITSTATUS(status));
		cannot_serve(s, why);
		return 1;
	}
	return 0;
}

void fork_servers_end(void)
{
	for (int i = 0; i < MAX_SERVERS; i++)
		stop_server(&servers[i]);
}
