/*
 * rdmacts-keeper: runs commands of the harness (a test, a launched job, a
 * rank of one, a listing) and answers for everything they start.
 *
 *   rdmacts-keeper OPTIONS -- CMD [ARG...]     keep one command
 *   rdmacts-keeper --serve                      keep one command after
 *                                               another, as asked on stdin
 * OPTIONS:
 *   --report FILE    where the report goes (below)
 *   --rank-report D  D/rank<R>.keep, R the rank the launcher gave
 *                    (PMI_RANK, PMIX_RANK, OMPI_COMM_WORLD_RANK,
 *                    ALPS_APP_PE, SLURM_PROCID, in that order; else 0)
 *   --record         CMD gets a pipe as its verdict record, named by
 *                    RDMACTS_RECORD_FD (docs/corpus-protocol.md)
 *   --keep-record N  bytes of the record kept (default 256 KiB)
 *   --own-group      CMD in a process group of its own: a test that
 *                    signals its own group (kill(0, sig)) spares the keeper
 *   --timeout S      at S seconds, everything is killed (0: no limit)
 *   --fork-server    CMD is `PROG --run NAME`: have PROG's fork server
 *                    (keeper_fork.c) fork the test process instead of
 *                    starting PROG by exec; when it cannot, exec, and say
 *                    why in the report
 *
 * Why a process of its own: the harness must find every process a test
 * started, however it was started (fork, execve with an environment of
 * its own, setsid), and tell the tests apart while many run at once.  The
 * keeper is the reaper of CMD's orphans (PR_SET_CHILD_SUBREAPER) and runs
 * one command at a time, so every such process stays its descendant, and
 * nothing else's.  It also keeps the output bounded: it reads CMD's
 * stdout, stderr and verdict record as they come and keeps only their
 * last bytes, so a test that writes without end costs neither memory nor
 * disk (docs/certification.md, "What a verdict guarantees").
 *
 * SIGTERM, SIGINT or SIGHUP (the harness stopping) kill everything at
 * once.  When CMD has ended, whatever it left running gets STRAY_GRACE_MS
 * to end by itself; then it is named in the report and killed.  The
 * report is written in one step (a missing report: the keeper itself was
 * killed):
 *
 *   rdmacts-keeper 1
 *   pid <CMD's pid>
 *   exit <status> | signal <number>
 *   timeout <0|1>
 *   stopped <0|signal>
 *   rusage <user us> <system us> <max rss KiB>
 *   strays <count>
 *   stray <pid> <command line>          (at most MAX_NAMED lines)
 *   error <why CMD could not start>     (only then)
 *   fork 1 | fork 0 <why not>           (with --fork-server)
 *   out <bytes written> <bytes kept>\n<the kept bytes>
 *   err ...
 *   rec ...                             (with --record)
 *
 * Keeping one command, the keeper then ends as CMD did (the same status,
 * or the same signal), so that a launcher sees a rank's crash.
 *
 * Serving (one keeper per worker of the harness: no process to start per
 * test), each request on stdin is "%08x\n" and that many bytes: the
 * working directory, the environment (one string each, then an empty
 * one) and the OPTIONS -- CMD words (then an empty one), every string
 * ended by a NUL.  Once the report is written the keeper answers "done\n"
 * on stdout.  It ends at the end of its input, or after a stop signal.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "keeper.h"

#define STRAY_GRACE_MS 500
#define MAX_NAMED 20
#define OUT_KEEP 8192
#define REC_KEEP (256 * 1024)
#define MAX_REQUEST (16 << 20)

extern char **environ;

/* The last `cap` bytes written to one of CMD's streams. */
struct stream {
	const char *name;
	int fd;			/* read end; -1 once closed */
	char *buf;
	size_t cap, pos;	/* next byte goes to buf[pos] */
	unsigned long long total;
};

struct pids {
	pid_t *v;
	size_t n, cap;
};

static int sfd;			/* signalfd: SIGCHLD and the stop signals */
static int stopped;		/* the stop signal received, if one was */

/* The command being kept, and how it ended. */
static pid_t child;
static int child_status, child_done;
static struct rusage child_usage;

/* What CMD left running, described while it still runs. */
static size_t nstrays;
static char named[MAX_NAMED][160];

/* With --fork-server: whether the fork server started CMD, or why not. */
static int forked;
static char fork_why[512];

static void die(const char *what)
{
	fprintf(stderr, "rdmacts-keeper: %s: %s\n", what, strerror(errno));
	exit(125);
}

static long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000LL + t.tv_nsec / 1000000;
}

static void keep_bytes(struct stream *s, const char *data, size_t n)
{
	s->total += n;
	if (n > s->cap) {
		data += n - s->cap;
		n = s->cap;
	}
	size_t first = s->cap - s->pos < n ? s->cap - s->pos : n;

	memcpy(s->buf + s->pos, data, first);
	memcpy(s->buf, data + first, n - first);
	s->pos = (s->pos + n) % s->cap;
}

/* Reads what is there (the pipes do not block); closes at end of file. */
static void drain(struct stream *s)
{
	char chunk[65536];

	while (s->fd >= 0) {
		ssize_t n = read(s->fd, chunk, sizeof chunk);

		if (n > 0) {
			keep_bytes(s, chunk, (size_t)n);
			continue;
		}
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && errno == EAGAIN)
			return;
		close(s->fd);
		s->fd = -1;
	}
}

static void add(struct pids *p, pid_t pid)
{
	if (p->n == p->cap) {
		p->cap = p->cap ? 2 * p->cap : 64;
		p->v = realloc(p->v, p->cap * sizeof *p->v);
		if (!p->v)
			die("memory");
	}
	p->v[p->n++] = pid;
}

/* The children of pid, of every thread of it (/proc/PID/task/TID/children). */
static void children_of(pid_t pid, struct pids *out)
{
	char path[96];
	struct dirent *e;
	DIR *d;

	snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
	d = opendir(path);
	if (!d)
		return;
	while ((e = readdir(d))) {
		FILE *f;
		long c;

		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "/proc/%d/task/%.20s/children",
			 (int)pid, e->d_name);
		f = fopen(path, "r");
		if (!f)
			continue;
		while (fscanf(f, "%ld", &c) == 1)
			add(out, (pid_t)c);
		fclose(f);
	}
	closedir(d);
}

/* Every process below the keeper, the living and the dead not yet reaped. */
static void descendants(struct pids *out)
{
	size_t n = 0;

	out->n = 0;
	children_of(getpid(), out);
	/* the fork servers and theirs are no command's */
	for (size_t i = 0; i < out->n; i++)
		if (!fork_server(out->v[i]))
			out->v[n++] = out->v[i];
	out->n = n;
	for (size_t i = 0; i < out->n; i++)
		children_of(out->v[i], out);
}

static int living(pid_t pid)
{
	char path[64], text[512], *state;
	FILE *f;
	size_t n;

	snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return 0;
	n = fread(text, 1, sizeof text - 1, f);
	fclose(f);
	text[n] = '\0';
	state = strrchr(text, ')');	/* the name in between may hold anything */
	return state && state[1] == ' ' && state[2] != 'Z' && state[2] != 'X';
}

/* Reaps what has ended; blocks for one child when asked.  0: no child. */
static int reap(int block)
{
	for (;;) {
		int st;
		struct rusage ru;
		pid_t w = wait4(-1, &st, block ? 0 : WNOHANG, &ru);

		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return 0;
		if (w == 0)
			return 1;
		if (fork_server_reaped(w, st))
			continue;
		if (w == child) {
			child_status = st;
			child_usage = ru;
			child_done = 1;
		}
		block = 0;
	}
}

/* SIGKILL to every descendant until none is left: a process killed makes
 * its children ours, so repeat.  With no child at all there is no
 * descendant either (the usual end: nothing to look for in /proc).  The
 * fork servers are not descendants here (descendants()). */
static void kill_all(void)
{
	struct pids p = {0};

	if (!reap(0))
		return;
	for (;;) {
		descendants(&p);
		for (size_t i = 0; i < p.n; i++)
			kill(p.v[i], SIGKILL);
		if (p.n == 0) {
			reap(0);
			break;
		}
		reap(1);
	}
	free(p.v);
}

/* Living descendants: what CMD left running. */
static size_t left_running(struct pids *p)
{
	size_t n = 0;

	p->n = 0;
	if (!reap(0))
		return 0;	/* no child, so no descendant */
	descendants(p);
	for (size_t i = 0; i < p->n; i++)
		if (living(p->v[i]))
			p->v[n++] = p->v[i];
	p->n = n;
	return n;
}

/* "sleep 30": a process's command line, printable, short; else [name]. */
static void describe(pid_t pid, char *out, size_t size)
{
	char path[64];
	size_t n = 0;
	FILE *f;

	snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
	if ((f = fopen(path, "r"))) {
		n = fread(out, 1, size - 1, f);
		fclose(f);
	}
	if (n == 0) {
		snprintf(path, sizeof path, "/proc/%d/comm", (int)pid);
		out[0] = '[';
		n = 1;
		if ((f = fopen(path, "r"))) {
			n += fread(out + 1, 1, size - 3, f);
			fclose(f);
		}
		while (n > 1 && out[n - 1] == '\n')
			n--;
		out[n++] = ']';
	}
	while (n > 0 && out[n - 1] == '\0')
		n--;
	out[n] = '\0';
	for (size_t i = 0; i < n; i++)
		if (out[i] == '\0')
			out[i] = ' ';
		else if ((unsigned char)out[i] < 0x20 || out[i] == 0x7f)
			out[i] = '?';
}

/* Names what CMD left running (pid and command line), then kills it. */
static void kill_strays(struct pids *p)
{
	char what[140];

	nstrays = p->n;
	for (size_t i = 0; i < p->n && i < MAX_NAMED; i++) {
		describe(p->v[i], what, sizeof what);
		snprintf(named[i], sizeof named[i], "%d %s", (int)p->v[i], what);
	}
	kill_all();
}

static void write_stream(FILE *f, const struct stream *s)
{
	size_t kept = s->total < s->cap ? (size_t)s->total : s->cap;

	fprintf(f, "%s %llu %zu\n", s->name, s->total, kept);
	if (s->total > s->cap)
		fwrite(s->buf + s->pos, 1, s->cap - s->pos, f);
	fwrite(s->buf, 1, s->total > s->cap ? s->pos : kept, f);
}

static void write_report(const struct job *j, const char *error,
			 int timed_out, struct stream *streams, int nstreams)
{
	char tmp[4200];
	FILE *f;

	const char *path = j->report;

	snprintf(tmp, sizeof tmp, "%s.%d.tmp", path, (int)getpid());
	f = fopen(tmp, "w");
	if (!f)
		die(tmp);
	fprintf(f, "rdmacts-keeper 1\npid %d\n", (int)child);
	if (WIFSIGNALED(child_status))
		fprintf(f, "signal %d\n", WTERMSIG(child_status));
	else
		fprintf(f, "exit %d\n", WEXITSTATUS(child_status));
	fprintf(f, "timeout %d\nstopped %d\n", timed_out, stopped);
	fprintf(f, "rusage %lld %lld %ld\n",
		child_usage.ru_utime.tv_sec * 1000000LL + child_usage.ru_utime.tv_usec,
		child_usage.ru_stime.tv_sec * 1000000LL + child_usage.ru_stime.tv_usec,
		child_usage.ru_maxrss);
	fprintf(f, "strays %zu\n", nstrays);
	for (size_t i = 0; i < nstrays && i < MAX_NAMED; i++)
		fprintf(f, "stray %s\n", named[i]);
	if (error)
		fprintf(f, "error %s\n", error);
	if (j->fork_server && forked)
		fprintf(f, "fork 1\n");
	else if (j->fork_server)
		fprintf(f, "fork 0 %s\n", fork_why);
	for (int i = 0; i < nstreams; i++)
		write_stream(f, &streams[i]);
	if (fclose(f) != 0 || rename(tmp, path) != 0)
		die(path);
}

static int make_pipe(int p[2])
{
	if (pipe2(p, O_CLOEXEC) != 0)
		return -1;
	return fcntl(p[0], F_SETFL, O_NONBLOCK);
}

/* In the child: CMD's place, streams and environment, the signal mask
 * and actions of a new process; then CMD. */
static void start(const struct job *j, int out, int err, int rec, int failed)
{
	sigset_t none;
	char fd[16];

	if (j->own_group)
		setpgid(0, 0);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (j->envp)
		environ = j->envp;
	if (j->quiet_stdin) {
		int null = open("/dev/null", O_RDONLY);
		if (null < 0 || dup2(null, 0) < 0)
			goto fail;
		close(null);
	}
	if ((j->cwd && chdir(j->cwd) != 0) || dup2(out, 1) < 0 ||
	    dup2(err, 2) < 0)
		goto fail;
	if (rec >= 0) {
		if (fcntl(rec, F_SETFD, 0) != 0)
			goto fail;
		snprintf(fd, sizeof fd, "%d", rec);
		setenv("RDMACTS_RECORD_FD", fd, 1);
	}
	execvp(j->cmd[0], j->cmd);
fail:
	if (write(failed, &errno, sizeof errno) < 0)
		_exit(127);
	_exit(127);
}

/* Reads the signals that came: a stop signal is noted; SIGCHLD reaps. */
static void signals(void)
{
	struct signalfd_siginfo si;

	while (read(sfd, &si, sizeof si) == sizeof si)
		if (si.ssi_signo != SIGCHLD)
			stopped = (int)si.ssi_signo;
	reap(0);
}

/* Runs j's command to its end, writes the report; CMD's wait status. */
static int keep(const struct job *j)
{
	int po[2], pe[2], pr[2] = {-1, -1}, pf[2], err_no = 0, i;
	int nstreams = j->record ? 3 : 2, timed_out = 0;
	char error[512] = "";
	struct stream streams[3];
	struct pids left = {0};
	long long deadline = 0, ended = 0;

	child = -1;
	child_status = child_done = 0;
	memset(&child_usage, 0, sizeof child_usage);
	nstrays = 0;
	if (make_pipe(po) || make_pipe(pe) || pipe2(pf, O_CLOEXEC) ||
	    (j->record && make_pipe(pr)))
		die("pipe");
	streams[0] = (struct stream){"out", po[0], NULL, OUT_KEEP, 0, 0};
	streams[1] = (struct stream){"err", pe[0], NULL, OUT_KEEP, 0, 0};
	streams[2] = (struct stream){"rec", pr[0], NULL, j->rec_keep, 0, 0};
	for (i = 0; i < nstreams; i++)
		if (!(streams[i].buf = malloc(streams[i].cap)))
			die("memory");

	forked = 0;
	child = -1;
	if (j->fork_server) {
		child = fork_test(j, po[1], pe[1], pr[1], pf[1], fork_why,
				  sizeof fork_why);
		forked = child > 0;
	}
	if (child <= 0)
		child = fork();
	if (child == 0)
		start(j, po[1], pe[1], pr[1], pf[1]);
	if (child < 0)
		die("fork");
	close(po[1]);
	close(pe[1]);
	close(pf[1]);
	if (j->record)
		close(pr[1]);
	/* Nothing to read: CMD started (close-on-exec); else its errno. */
	if (read(pf[0], &err_no, sizeof err_no) == sizeof err_no)
		snprintf(error, sizeof error, "cannot run %.400s: %s",
			 j->cmd[0], strerror(err_no));
	close(pf[0]);
	if (j->timeout > 0)
		deadline = now_ms() + (long long)(j->timeout * 1000);

	while (!stopped && !timed_out) {
		struct pollfd fds[4];
		int n = 0, wait_ms = -1;

		if (child_done) {
			/* CMD has ended: what it left gets a moment to end too */
			if (!ended)
				ended = now_ms();
			if (left_running(&left) == 0)
				break;
			if (now_ms() - ended >= STRAY_GRACE_MS) {
				kill_strays(&left);
				break;
			}
			wait_ms = 10;
		} else if (deadline) {
			long long rest = deadline - now_ms();
			if (rest <= 0) {
				timed_out = 1;
				break;
			}
			wait_ms = rest > 1000000 ? 1000000 : (int)rest;
		}
		for (i = 0; i < nstreams; i++)
			if (streams[i].fd >= 0)
				fds[n++] = (struct pollfd){streams[i].fd, POLLIN, 0};
		fds[n++] = (struct pollfd){sfd, POLLIN, 0};
		if (poll(fds, (nfds_t)n, wait_ms) < 0 && errno != EINTR)
			die("poll");
		for (i = 0; i < nstreams; i++)
			drain(&streams[i]);
		signals();
	}
	/* Timed out or stopped: the job goes whole.  Either way nothing is
	 * left, and every writer is gone: the pipes hold their last bytes. */
	kill_all();
	for (i = 0; i < nstreams; i++) {
		drain(&streams[i]);
		if (streams[i].fd >= 0)
			close(streams[i].fd);
	}
	write_report(j, error[0] ? error : NULL, timed_out, streams,
		     nstreams);
	for (i = 0; i < nstreams; i++)
		free(streams[i].buf);
	free(left.v);
	return child_status;
}

/* D/rank<R>.keep, R as the launcher numbered this process. */
static const char *rank_report(struct job *j, const char *dir)
{
	static const char *const vars[] = {"PMI_RANK", "PMIX_RANK",
		"OMPI_COMM_WORLD_RANK", "ALPS_APP_PE", "SLURM_PROCID"};
	const char *rank = "0";

	/* SLURM_PROCID last: a launcher run inside a Slurm step (hydra
	 * bootstrapped by Slurm, mpirun in a batch script) inherits it */
	for (size_t i = 0; i < sizeof vars / sizeof *vars; i++)
		if (getenv(vars[i]) && *getenv(vars[i])) {
			rank = getenv(vars[i]);
			break;
		}
	snprintf(j->report_path, sizeof j->report_path, "%s/rank%s.keep", dir,
		 rank);
	return j->report_path;
}

/* OPTIONS -- CMD into j; 0, or -1 when they are not understood. */
static int parse(int argc, char **argv, struct job *j)
{
	int i;

	*j = (struct job){.rec_keep = REC_KEEP};
	for (i = 0; i < argc && strcmp(argv[i], "--") != 0; i++) {
		if (!strcmp(argv[i], "--report") && i + 1 < argc)
			j->report = argv[++i];
		else if (!strcmp(argv[i], "--rank-report") && i + 1 < argc)
			j->report = rank_report(j, argv[++i]);
		else if (!strcmp(argv[i], "--timeout") && i + 1 < argc)
			j->timeout = atof(argv[++i]);
		else if (!strcmp(argv[i], "--keep-record") && i + 1 < argc)
			j->rec_keep = strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--record"))
			j->record = 1;
		else if (!strcmp(argv[i], "--own-group"))
			j->own_group = 1;
		else if (!strcmp(argv[i], "--fork-server"))
			j->fork_server = 1;
		else
			return -1;
	}
	j->cmd = argv + i + 1;
	return j->report && i + 1 < argc && j->rec_keep ? 0 : -1;
}

static int read_full(int fd, char *buf, size_t n)
{
	size_t done = 0;

	while (done < n) {
		ssize_t r = read(fd, buf + done, n - done);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return -1;
		done += (size_t)r;
	}
	return 0;
}

/* The NUL-ended strings of buf[*at..n) up to an empty one, as an array. */
static char **strings(char *buf, size_t n, size_t *at, int *count)
{
	char **v = NULL;
	int k = 0;

	for (;;) {
		char *s = buf + *at;
		size_t len = strnlen(s, n - *at);

		if (*at + len >= n)
			return NULL;	/* not NUL-ended */
		*at += len + 1;
		if (!(v = realloc(v, (size_t)(k + 1) * sizeof *v)))
			die("memory");
		if (len == 0)
			break;
		v[k++] = s;
	}
	v[k] = NULL;
	*count = k;
	return v;
}

/* One keeper per worker of the harness: a command after another. */
static int serve(void)
{
	static const char done[] = "done\n";

	for (;;) {
		struct pollfd fds[2] = {{0, POLLIN, 0}, {sfd, POLLIN, 0}};
		char head[10], *end, *buf, **envp, **args;
		size_t at = 0, n;
		int nenv, nargs;
		struct job j;

		if (poll(fds, 2, -1) < 0 && errno != EINTR)
			die("poll");
		signals();
		if (stopped)
			break;
		if (!(fds[0].revents & (POLLIN | POLLHUP)))
			continue;
		if (read_full(0, head, 9) != 0)
			break;	/* the harness is done with us */
		head[9] = '\0';
		n = strtoul(head, &end, 16);
		if (*end != '\n' || n == 0 || n > MAX_REQUEST ||
		    !(buf = malloc(n)) || read_full(0, buf, n) != 0) {
			fputs("rdmacts-keeper: malformed request\n", stderr);
			return 2;
		}
		/* the working directory, the environment, the options */
		at = strnlen(buf, n) + 1;
		envp = at < n ? strings(buf, n, &at, &nenv) : NULL;
		args = envp ? strings(buf, n, &at, &nargs) : NULL;
		if (!args || parse(nargs, args, &j) != 0) {
			fputs("rdmacts-keeper: malformed request\n", stderr);
			return 2;
		}
		j.cwd = buf;
		j.envp = envp;
		j.quiet_stdin = 1;	/* our stdin is the harness's requests */
		keep(&j);
		free(envp);
		free(args);
		free(buf);
		if (write(1, done, sizeof done - 1) != sizeof done - 1)
			break;
		if (stopped)
			break;
	}
	fork_servers_end();
	return 0;
}

/* Ends as CMD did, so that whoever started the keeper sees it. */
static void end_like(int status)
{
	if (WIFSIGNALED(status)) {
		int sig = WTERMSIG(status);
		sigset_t s;

		signal(sig, SIG_DFL);
		sigemptyset(&s);
		sigaddset(&s, sig);
		sigprocmask(SIG_UNBLOCK, &s, NULL);
		kill(getpid(), sig);
		_exit(128 + sig);
	}
	_exit(WEXITSTATUS(status));
}

int main(int argc, char **argv)
{
	int serving = argc == 2 && !strcmp(argv[1], "--serve");
	struct job j;
	sigset_t mask;

	if (!serving && parse(argc - 1, argv + 1, &j) != 0) {
		fputs("usage: rdmacts-keeper --report FILE|--rank-report DIR "
		      "[--timeout S] [--record] [--keep-record N] [--own-group] "
		      "-- CMD [ARG...]\n       rdmacts-keeper --serve\n", stderr);
		return 125;
	}
	/* Orphans of CMD come here; and if the harness dies, we stop. */
	if (prctl(PR_SET_CHILD_SUBREAPER, 1) != 0)
		die("PR_SET_CHILD_SUBREAPER");
	prctl(PR_SET_PDEATHSIG, SIGTERM);
	/* Signals that reach us through signalfd, blocked; with their default
	 * actions, whatever we inherited (an ignored SIGCHLD would reap for
	 * us, an ignored SIGHUP would never arrive), and so for CMD too. */
	sigemptyset(&mask);
	sigaddset(&mask, SIGCHLD);
	sigaddset(&mask, SIGTERM);
	sigaddset(&mask, SIGINT);
	sigaddset(&mask, SIGHUP);
	sigprocmask(SIG_BLOCK, &mask, NULL);
	signal(SIGCHLD, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	sfd = signalfd(-1, &mask, SFD_CLOEXEC | SFD_NONBLOCK);
	if (sfd < 0)
		die("signalfd");
	if (serving)
		return serve();
	end_like(keep(&j));
}
