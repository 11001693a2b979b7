/*
 * keeper.h: shared between the keeper's files (keeper.c, keeper_fork.c).
 */
#ifndef RDMACTS_KEEPER_H
#define RDMACTS_KEEPER_H

#include <stddef.h>
#include <sys/types.h>

/* One command to keep. */
struct job {
	const char *report;
	char report_path[4096];
	double timeout;
	int record, own_group;
	int fork_server;	/* CMD is `PROG --run NAME`: fork it from PROG's server */
	int quiet_stdin;	/* stdin from /dev/null, not the keeper's */
	size_t rec_keep;
	const char *cwd;	/* NULL: the keeper's own */
	char **envp;		/* NULL: the keeper's own */
	char **cmd;
};

/*
 * The fork servers of this keeper (keeper_fork.c): one per corpus binary
 * and environment, started on first use.  fork_test() has the server of
 * j's program fork the test process, the keeper's child once it returns,
 * with stdout, stderr, record and the start-failure pipe as exec would
 * have them; its pid, or -1 with why the server cannot serve (then
 * the keeper starts the test by exec, as without a server).
 */
pid_t fork_test(const struct job *j, int out, int err, int rec, int fail,
		char *why, size_t size);
/* True when pid is a fork server: no command's, never a stray.  Told
 * that one was reaped, the keeper lets fork_server_reaped() forget it. */
int fork_server(pid_t pid);
int fork_server_reaped(pid_t pid, int status);
/* Ends every fork server (at the end of serving). */
void fork_servers_end(void);

#endif
