/*
 * shm.c: memory the model owns, moved with one memcpy.
 *
 * process_vm_readv/writev (xfer.c) moves data into any memory of a peer,
 * but the kernel pins and walks every page of the peer's side on each
 * call: for 4 KiB pages most of a large transfer's time.  Where the
 * model itself allocates the memory a transfer targets (DMAPP's
 * symmetric heap: ref/dmapp/sheap.c), it allocates it as a shared
 * mapping of a memory file named "rdmacts-model-...", so that a peer can
 * map the same pages once and copy with memcpy.
 *
 * A registration (mdd.c) notes whether its memory is such a mapping, and
 * which descriptor of the owner holds the file (found here, from
 * /proc/self/maps and /proc/self/fd).  A peer opens the file through
 * /proc/<owner>/fd/<n> (allowed where process_vm_writev is: the same
 * ptrace access check) and keeps the mapping for later transfers.  The
 * inode is checked on every use, so a closed and reused descriptor, or
 * a new process with the owner's pid, is never mistaken for the file
 * registered.  Arbitrary user memory keeps process_vm_readv/writev: it
 * may be unmapped at any time, which must give an error, not a crash.
 */
#include <errno.h>
#include <fcntl.h>
#include <dirent.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fabric.h"

#define MODEL_FILE "/memfd:" NIC_SHM_NAME_PREFIX
#define MAPS_CACHED 16

/* Mappings of peers' files, kept for later transfers. */
static struct peer_map {
	int pid;
	uint64_t ino;
	char *base;
	uint64_t size;
	unsigned long used;
} maps[MAPS_CACHED];
static unsigned long ticks;

/* This process's pid, asked once per process: getpid() is a system call,
 * and a transfer asked it twice.  A fork forgets it (and the mappings,
 * which a child must not take for its own). */
static pid_t self;

static void forget_at_fork(void)
{
	self = 0;
	memset(maps, 0, sizeof maps);	/* the child's copies: left mapped */
}

static pid_t me(void)
{
	static int registered;

	if (!self) {
		if (!registered++)
			pthread_atfork(NULL, NULL, forget_at_fork);
		self = getpid();
	}
	return self;
}

/* The descriptor of this process that holds inode ino, or -1. */
static int fd_of(uint64_t ino)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int found = -1;

	if (!d)
		return -1;
	while (found < 0 && (e = readdir(d))) {
		struct stat st;
		int fd = atoi(e->d_name);

		if (e->d_name[0] != '.' && fd != dirfd(d) &&
		    fstat(fd, &st) == 0 && (uint64_t)st.st_ino == ino &&
		    S_ISREG(st.st_mode))
			found = fd;
	}
	closedir(d);
	return found;
}

int nic_shm_find(uint64_t addr, uint64_t len, struct nic_shm *out)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[600];
	int rc = NIC_ENOENT;

	*out = (struct nic_shm){ -1, 0, 0 };
	if (!f)
		return NIC_ENOENT;
	while (fgets(line, sizeof line, f)) {
		unsigned long lo, hi, ino;
		unsigned long long off;
		char perms[8];
		int path = 0;

		if (sscanf(line, "%lx-%lx %7s %llx %*s %lu %n", &lo, &hi, perms,
			   &off, &ino, &path) < 5 || !path)
			continue;
		if (addr < lo || addr >= hi)
			continue;
		if (addr + len <= hi && perms[3] == 's' &&
		    !strncmp(line + path, MODEL_FILE, strlen(MODEL_FILE))) {
			out->ino = ino;
			out->delta = off - lo;	/* file offset = addr + delta */
			out->fd = fd_of(ino);
			rc = out->fd >= 0 ? NIC_OK : NIC_ENOENT;
		}
		break;
	}
	fclose(f);
	return rc;
}

static void unmap(struct peer_map *m)
{
	if (m->base)
		munmap(m->base, m->size);
	*m = (struct peer_map){ 0 };
}

/* The whole of the owner's file, mapped here (cached). */
static struct peer_map *peer_map(int pid, int fd, uint64_t ino)
{
	struct peer_map *slot = &maps[0];
	char path[64];
	struct stat st;
	void *base;
	int file;

	for (int i = 0; i < MAPS_CACHED; i++) {
		if (maps[i].base && maps[i].pid == pid && maps[i].ino == ino) {
			maps[i].used = ++ticks;
			return &maps[i];
		}
		if (!maps[i].base || maps[i].used < slot->used)
			slot = &maps[i];
	}
	snprintf(path, sizeof path, "/proc/%d/fd/%d", pid, fd);
	file = open(path, O_RDWR | O_CLOEXEC);
	if (file < 0)
		return NULL;
	if (fstat(file, &st) != 0 || (uint64_t)st.st_ino != ino ||
	    !S_ISREG(st.st_mode) || st.st_uid != geteuid() || st.st_size <= 0) {
		close(file);
		return NULL;
	}
	base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE,
		    MAP_SHARED, file, 0);
	close(file);
	if (base == MAP_FAILED)
		return NULL;
	unmap(slot);
	*slot = (struct peer_map){ pid, ino, base, (uint64_t)st.st_size,
				   ++ticks };
	return slot;
}

void *nic_shm_ptr(const struct nic_span *s)
{
	struct peer_map *m;
	uint64_t off;

	if (!s->shm_ino)
		return NULL;
	if (s->pid == me())	/* the model's own memory in this process */
		return (void *)(uintptr_t)s->addr;
	/* a peer that has ended: process_vm_* reports it as before
	 * (getpgid: a third of kill(pid, 0)'s cost, which also checks the
	 * right to signal) */
	if (getpgid(s->pid) < 0 && errno == ESRCH)
		return NULL;
	m = peer_map(s->pid, s->shm_fd, s->shm_ino);
	off = s->addr + s->shm_delta;
	if (!m || off > m->size || s->len > m->size - off)
		return NULL;
	return m->base + off;
}

void nic_shm_forget(void)
{
	for (int i = 0; i < MAPS_CACHED; i++)
		unmap(&maps[i]);
}
