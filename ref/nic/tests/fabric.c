/*
 * fabric: the NIC model joins only a fabric file its own user created
 * alone (fabric.c, trusted()).
 *
 * A second local user who can guess or see a job id could otherwise
 * plant <dir>/rdmacts-fabric-<uid>-<job> (a hard link to a fabric of
 * their own, a symbolic link, a file of another mode) and share a NIC
 * with the victim.  Each case runs nic_join in a child process, in a
 * private directory, and checks that it is refused and that the planted
 * file is left alone.  As root the planted file also belongs to another
 * user (nobody); otherwise that case is reported as skipped and the
 * mode, link-count, symlink and FIFO cases still run.  Prints PASS/FAIL
 * per check; exit 1 on any failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "../nic.h"

#define NOBODY 65534

static int failed;
static char dir[256], path[512];

static void check(int ok, const char *name)
{
	printf("%s nic.fabric.%s\n", ok ? "PASS" : "FAIL", name);
	failed |= !ok;
}

/* nic_join's result in a fresh process, joining job `job` in `where`. */
static int join_in_child(const char *where, const char *job)
{
	int st;
	pid_t pid;

	fflush(stdout);	/* the child's exit() must not print the parent's lines again */
	pid = fork();

	if (pid == 0) {
		setenv("RDMACTS_FABRIC_DIR", where, 1);
		setenv("RDMACTS_JOB_ID", job, 1);
		int rc = nic_join();
		if (rc == NIC_OK)
			nic_leave();
		exit(rc);	/* not _exit: a coverage build writes its counts at exit */
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

static const char *file_of(const char *job)
{
	snprintf(path, sizeof path, "%s/rdmacts-fabric-%u-%s", dir,
		 (unsigned)getuid(), job);
	return path;
}

static int plant(const char *job, mode_t mode)
{
	int fd = open(file_of(job), O_RDWR | O_CREAT | O_EXCL, 0600);
	if (fd < 0)
		return -1;
	fchmod(fd, mode);
	close(fd);
	return 0;
}

/* The planted file is refused and stays where it was. */
static void refused(const char *job, const char *name)
{
	struct stat st;
	int rc = join_in_child(dir, job);

	check(rc == NIC_EPERM && lstat(file_of(job), &st) == 0, name);
	unlink(file_of(job));
}

int main(void)
{
	struct stat st;
	char other[512], udir[300];

	snprintf(dir, sizeof dir, "/tmp/nic-fabric-XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}

	/* A job of one's own: created 0600 with one link, gone after. */
	check(join_in_child(dir, "own") == NIC_OK &&
	      lstat(file_of("own"), &st) != 0, "own_job_joined_and_removed");

	/* Wrong mode: another user could have opened it first. */
	plant("mode", 0644);
	refused("mode", "mode_0644_refused");

	/* A hard link: the file is someone else's fabric too. */
	plant("link", 0600);
	snprintf(other, sizeof other, "%s/elsewhere", dir);
	link(file_of("link"), other);
	refused("link", "two_links_refused");
	unlink(other);

	/* A symbolic link to a good file. */
	plant("target", 0600);
	strcpy(other, file_of("target"));
	symlink(other, file_of("symlink"));
	refused("symlink", "symlink_refused");
	unlink(other);

	/* Not a regular file. */
	mkfifo(file_of("fifo"), 0600);
	refused("fifo", "fifo_refused");

	/* Another user's file, 0600 and one link. */
	if (geteuid() == 0) {
		plant("other", 0600);
		int ok = chown(file_of("other"), NOBODY, NOBODY) == 0;
		refused("other", "other_users_file_refused");
		check(ok, "other_users_file_planted");

		/* A directory of another user: the caller gets its own
		 * <dir>.u<uid>, 0700, and leaves nothing in it. */
		ok = chown(dir, NOBODY, NOBODY) == 0;
		snprintf(udir, sizeof udir, "%s.u%u", dir, (unsigned)geteuid());
		check(ok && join_in_child(dir, "peruser") == NIC_OK &&
		      stat(udir, &st) == 0 && (st.st_mode & 07777) == 0700 &&
		      st.st_uid == geteuid() && rmdir(udir) == 0,
		      "per_user_directory_made");
		/* ... and refuses one that is not private. */
		mkdir(udir, 0755);
		chmod(udir, 0755);
		check(join_in_child(dir, "peruser") == NIC_EPERM,
		      "open_per_user_directory_refused");
		rmdir(udir);
		chown(dir, 0, 0);
	} else {
		printf("SKIP nic.fabric.other_users_file_refused (needs root to "
		       "plant a file of another user)\n");
	}
	rmdir(dir);
	return failed;
}
