/*
 * fabric.c: joining the job's fabric region and the NIC lock.
 *
 * With RDMACTS_JOB_ID set, the region is the file
 * <dir>/rdmacts-fabric-<uid>-<job id> (mode 0600), created by the first
 * process of the job and unlinked by the last one to leave (at exit at
 * the latest).  <dir> is $RDMACTS_FABRIC_DIR, else /dev/shm: a harness
 * gives each run its own directory so that it can remove what processes
 * killed mid-job leave behind.  A process joins only a file its own user
 * created alone (trusted() below; docs/nic-model.md).
 * Without it, the region is private anonymous memory: a process alone
 * needs no setup.  Processes allow their peers to read and write their
 * memory (process_vm_readv/writev) with PR_SET_PTRACER_ANY, since Yama
 * would otherwise refuse it between siblings.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fabric.h"

struct fab_region *fab;
unsigned fab_attached_here;
static unsigned joined;
static uint32_t proc_slot;	/* this process's entry of fab->procs */
static size_t fab_size;
static char fab_path[512];

static size_t region_size(void)
{
	size_t tables = (sizeof(struct fab_region) + 4095) & ~(size_t)4095;
	return tables + FAB_ARENA;
}

static void init_region(struct fab_region *r)
{
	pthread_mutexattr_t a;

	pthread_mutexattr_init(&a);
	pthread_mutexattr_setpshared(&a, PTHREAD_PROCESS_SHARED);
	pthread_mutexattr_setrobust(&a, PTHREAD_MUTEX_ROBUST);
	pthread_mutex_init(&r->lock, &a);
	pthread_mutexattr_destroy(&a);
	r->arena_start = (sizeof(struct fab_region) + 4095) & ~(size_t)4095;
	r->nic_addr = 1;
	const char *s = getenv("PMI_GNI_LOC_ADDR");
	if (s && *s)
		r->nic_addr = (uint32_t)strtoul(s, NULL, 0);
	r->magic = FAB_MAGIC;
	__atomic_store_n(&r->ready, 1, __ATOMIC_RELEASE);
}

/* Refuses, naming the file, what this process must not join. */
static int refuse(const char *path, const char *why)
{
	fprintf(stderr, "rdmacts NIC model: refusing the fabric file %s: %s\n",
		path, why);
	return NIC_EPERM;
}

/*
 * The fabric is a trust boundary: whoever can write the file rewrites
 * this process's registrations and queues.  Only a file this user created
 * alone is joined: a regular file (not a link, FIFO or device) owned by
 * the caller, mode 0600, one link (a hard link to someone's own fabric
 * would have two), checked on the open descriptor.
 */
static int trusted(int fd, const char *path)
{
	struct stat st;

	if (fstat(fd, &st) != 0)
		return refuse(path, strerror(errno));
	if (!S_ISREG(st.st_mode))
		return refuse(path, "not a regular file");
	if (st.st_uid != geteuid())
		return refuse(path, "owned by another user");
	if ((st.st_mode & 07777) != 0600)
		return refuse(path, "mode is not 0600");
	if (st.st_nlink != 1)
		return refuse(path, "has more than one link");
	return NIC_OK;
}

/*
 * The directory of the job's fabric file: $RDMACTS_FABRIC_DIR when this
 * user owns it (a harness makes it private to its run), else this user's
 * own <dir>.u<uid> next to it (a test that dropped privileges), made here
 * mode 0700; /dev/shm without the variable.
 */
static int fabric_dir(char *out, size_t n)
{
	const char *dir = getenv("RDMACTS_FABRIC_DIR");
	struct stat st;
	int fd, len;

	if (!dir || !*dir || (stat(dir, &st) == 0 && st.st_uid == geteuid())) {
		len = snprintf(out, n, "%s", dir && *dir ? dir : "/dev/shm");
		return len < 0 || (size_t)len >= n ? NIC_EPERM : NIC_OK;
	}
	len = snprintf(out, n, "%s.u%u", dir, (unsigned)geteuid());
	if (len < 0 || (size_t)len >= n)
		return NIC_EPERM;
	if (mkdir(out, 0700) != 0 && errno != EEXIST)
		return refuse(out, strerror(errno));
	fd = open(out, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return refuse(out, strerror(errno));
	if (fstat(fd, &st) != 0 || st.st_uid != geteuid() ||
	    (st.st_mode & 07777) != 0700) {
		close(fd);
		return refuse(out, "directory not this user's own with mode 0700");
	}
	close(fd);
	return NIC_OK;
}

static int map_shared_file(const char *job)
{
	int created = 0, fd, rc;
	char dir[400];
	int n;

	rc = fabric_dir(dir, sizeof dir);
	if (rc != NIC_OK)
		return rc;
	n = snprintf(fab_path, sizeof fab_path, "%s/rdmacts-fabric-%u-%s",
			dir, (unsigned)getuid(), job);
	if (n < 0 || (size_t)n >= sizeof fab_path)
		return NIC_EPERM;
	/* the job id names one file, never a path */
	for (char *p = fab_path + n - strlen(job); *p; p++)
		if (*p == '/')
			*p = '_';
	fd = open(fab_path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
			0600);
	if (fd >= 0) {
		created = 1;
		/* whatever the umask: trusted() wants exactly 0600 */
		if (fchmod(fd, 0600) != 0 ||
		    ftruncate(fd, (off_t)fab_size) != 0) {
			close(fd);
			unlink(fab_path);
			return NIC_ENOMEM;
		}
	} else if (errno == EEXIST) {
		fd = open(fab_path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			return refuse(fab_path, strerror(errno));
		if (trusted(fd, fab_path) != NIC_OK) {
			close(fd);
			fab_path[0] = 0;	/* not ours: never unlink it */
			return NIC_EPERM;
		}
		struct stat st;
		/* the creator may not have sized it yet */
		for (int i = 0; i < 10000; i++) {
			if (fstat(fd, &st) == 0 && (size_t)st.st_size >= fab_size)
				break;
			usleep(100);
		}
	} else {
		return refuse(fab_path, strerror(errno));
	}
	fab = mmap(NULL, fab_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	close(fd);
	if (fab == MAP_FAILED) {
		fab = NULL;
		if (created)	/* never initialised: the next join starts anew */
			unlink(fab_path);
		return NIC_ENOMEM;
	}
	if (created)
		init_region(fab);
	for (int i = 0; !__atomic_load_n(&fab->ready, __ATOMIC_ACQUIRE); i++) {
		if (i > 100000)
			return NIC_ENOMEM;
		usleep(100);
	}
	return NIC_OK;
}

int nic_join(void)
{
	const char *job = getenv("RDMACTS_JOB_ID");
	int rc;

	if (joined++)
		return NIC_OK;
	fab_size = region_size();
	if (job && *job) {
		rc = map_shared_file(job);
	} else {
		fab_path[0] = 0;
		fab = mmap(NULL, fab_size, PROT_READ | PROT_WRITE,
				MAP_SHARED | MAP_ANONYMOUS, -1, 0);
		rc = fab == MAP_FAILED ? NIC_ENOMEM : NIC_OK;
		if (rc == NIC_OK)
			init_region(fab);
		else
			fab = NULL;
	}
	if (rc != NIC_OK) {
		joined = 0;
		return rc;
	}
	/* Peers move data in and out of this process (DESIGN.md). */
	prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
	nic_lock();
	fab_reap(FAB_REAP_AT_JOIN);
	for (proc_slot = fab->proc_slots.low; proc_slot < FAB_MAX_PROCS &&
			fab->procs[proc_slot].pid != 0; proc_slot++)
		;
	if (proc_slot < FAB_MAX_PROCS) {
		fab->procs[proc_slot].pid = getpid();
		fab->nprocs++;
		fab_slot_taken(&fab->proc_slots, proc_slot);
	}
	nic_unlock();
	if (proc_slot == FAB_MAX_PROCS) {	/* more processes than the NIC serves */
		joined = 1;
		nic_leave();
		return NIC_ENORES;
	}
	return NIC_OK;
}

/* A process that exits without closing its domains still leaves, so
 * that the last one out removes the job's file. */
__attribute__((destructor)) static void leave_at_exit(void)
{
	if (joined) {
		joined = 1;
		nic_leave();
	}
}

/* A process that ends without releasing its domains (E-UGNI-170): each
 * domain takes its registrations, CQs and datagrams with it. */
static void release_domains_of(int pid)
{
	for (uint32_t d = 0; d < fab->domain_slots.hwm; d++)
		if (fab->domains[d].in_use && fab->domains[d].pid == pid)
			fab_domain_release(d);
}

void nic_leave(void)
{
	int last = 0;

	if (joined == 0 || --joined)
		return;
	nic_lock();
	if (fab_attached_here)	/* left without releasing its domains */
		release_domains_of(getpid());
	if (proc_slot < FAB_MAX_PROCS && fab->procs[proc_slot].pid == getpid()) {
		fab->procs[proc_slot].pid = 0;
		fab->nprocs--;
		fab_slot_freed(&fab->proc_slots, proc_slot);
	}
	last = fab->nprocs == 0;
	if (last && fab_path[0])
		unlink(fab_path);
	nic_unlock();
	nic_shm_forget();
	munmap(fab, fab_size);
	fab = NULL;
}

void nic_lock(void)
{
	int rc = pthread_mutex_lock(&fab->lock);

	if (rc == EOWNERDEAD) {
		/* a peer died holding the lock: its tables are reaped below */
		pthread_mutex_consistent(&fab->lock);
		fab_reap(FAB_MAX_PROCS);
	}
}

void nic_unlock(void)
{
	pthread_mutex_unlock(&fab->lock);
}

uint32_t nic_address(void)
{
	if (fab)
		return fab->nic_addr;
	const char *s = getenv("PMI_GNI_LOC_ADDR");
	return s && *s ? (uint32_t)strtoul(s, NULL, 0) : 1;
}

int nic_pid_alive(int pid)
{
	return pid > 0 && (kill(pid, 0) == 0 || errno == EPERM);
}

void fab_reap(uint32_t checks)
{
	uint32_t hwm = fab->proc_slots.hwm;

	for (uint32_t k = 0; k < checks && k < hwm; k++) {
		uint32_t i = fab->reap_next < hwm ? fab->reap_next : 0;
		fab->reap_next = i + 1;
		int pid = fab->procs[i].pid;
		if (pid == 0 || pid == getpid() || nic_pid_alive(pid))
			continue;
		release_domains_of(pid);
		fab->procs[i].pid = 0;
		fab->nprocs--;
		fab_slot_freed(&fab->proc_slots, i);
	}
}
