/*
 * sheap.c: the symmetric heap (4.9.3, 5.3.67-5.3.69, 5.4.1).
 *
 * One mapping per PE: XT_SYMMETRIC_HEAP_SIZE bytes for the user, then
 * the internal megabyte of 5.4.1 (staging buffers, never exported).  It
 * is a shared mapping of a memory file named "rdmacts-model-sheap", which
 * the reference's NIC model recognises as memory the model owns: a peer
 * maps it and moves data with one memcpy instead of a process_vm_writev
 * that pins every page (ref/nic/shm.c; docs/bench.md).  Over another
 * uGNI it is ordinary registered memory.  Pages cost memory only once
 * touched (a memory file is sparse; an anonymous mapping, where no memory
 * file can be made, is reserved lazily), so a job may ask for more heap
 * per PE than the host could back; huge pages are asked for where the
 * kernel gives them to shared memory.  It is registered with uGNI as a whole and asked
 * at the same address on every PE (E-DMAPP-048), though nothing relies
 * on that.  Allocation is a deterministic first fit (E-DMAPP-049), so
 * equal call sequences give equal offsets on every PE.
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "dmapp_impl.h"

/* Where every PE asks for its heap. */
#define SHEAP_HINT ((void *)0x300000000000ul)

/*
 * 5.4.1 XT_SYMMETRIC_HEAP_SIZE (E-DMAPP-052): decimal bytes with an
 * optional K, M or G suffix (powers of 1024, either case).
 */
static int heap_size(size_t *size)
{
	const char *v = getenv("XT_SYMMETRIC_HEAP_SIZE");
	unsigned long long n, unit = 1;
	char *end;

	if (!v) {
		*size = SHEAP_DEFAULT;
		return 0;
	}
	if (!isdigit((unsigned char)*v))
		return -1;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno)
		return -1;
	switch (*end) {
	case 'k': case 'K': unit = 1ull << 10; end++; break;
	case 'm': case 'M': unit = 1ull << 20; end++; break;
	case 'g': case 'G': unit = 1ull << 30; end++; break;
	}
	if (*end != '\0' || n > SIZE_MAX / unit)
		return -1;
	*size = (size_t)(n * unit);
	return 0;
}

dmapp_return_t dmapp_sheap_setup(void)
{
	size_t user, page = (size_t)sysconf(_SC_PAGESIZE);
	gni_mem_handle_t mh;
	void *map;

	if (heap_size(&user) != 0)
		return DMAPP_RC_INVALID_PARAM;
	if (user > SIZE_MAX - SHEAP_INTERNAL - page)
		return DMAPP_RC_RESOURCE_ERROR;
	size_t len = (user + page - 1) / page * page + SHEAP_INTERNAL;

	int fd = memfd_create("rdmacts-model-sheap", MFD_CLOEXEC);
	int flags = MAP_SHARED | MAP_NORESERVE;
	if (fd >= 0 && ftruncate(fd, (off_t)len) != 0) {
		close(fd);
		fd = -1;
	}
	if (fd < 0)
		flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE;
	map = mmap(SHEAP_HINT, len, PROT_READ | PROT_WRITE,
		   flags | MAP_FIXED_NOREPLACE, fd, 0);
	if (map == MAP_FAILED)
		map = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, fd, 0);
	if (map == MAP_FAILED) {
		if (fd >= 0)
			close(fd);
		return DMAPP_RC_RESOURCE_ERROR;
	}
	madvise(map, len, MADV_HUGEPAGE);
	dmapp.heap_fd = fd;

	if (GNI_MemRegister(dmapp.nic, (uint64_t)(uintptr_t)map, len, NULL,
			    GNI_MEM_READWRITE, (uint32_t)-1, &mh) != GNI_RC_SUCCESS)
		goto unmap;
	if (arena_init(&dmapp.sheap, user, SHEAP_ALIGN) != 0)
		goto deregister;
	/* The internal megabyte ends with the collective area (pset.c). */
	if (arena_init(&dmapp.stage, SHEAP_INTERNAL - COLL_AREA, SHEAP_ALIGN) != 0) {
		arena_fini(&dmapp.sheap);
		goto deregister;
	}
	dmapp.heap_map = map;
	dmapp.heap_map_len = len;
	memset(&dmapp.sheap_seg, 0, sizeof(dmapp.sheap_seg));
	dmapp.sheap_seg.addr = map;
	dmapp.sheap_seg.len = user;	/* the user's size (E-DMAPP-052) */
	dmapp.sheap_seg.memhndl = mh;
	return DMAPP_RC_SUCCESS;

deregister:
	GNI_MemDeregister(dmapp.nic, &mh);
unmap:
	munmap(map, len);
	if (fd >= 0)
		close(fd);
	dmapp.heap_fd = -1;
	return DMAPP_RC_RESOURCE_ERROR;
}

void dmapp_sheap_teardown(void)
{
	GNI_MemDeregister(dmapp.nic, &dmapp.sheap_seg.memhndl);
	arena_fini(&dmapp.sheap);
	arena_fini(&dmapp.stage);
	munmap(dmapp.heap_map, dmapp.heap_map_len);
	if (dmapp.heap_fd >= 0)
		close(dmapp.heap_fd);
	dmapp.heap_fd = -1;
	dmapp.heap_map = NULL;
	dmapp.heap_map_len = 0;
}

/* The block ptr starts, or NULL when ptr is not one (E-DMAPP-051).  A
 * pointer outside the heap gives an offset no block has (below the heap
 * it wraps to a huge one). */
static struct arena_block *to_block(void *ptr)
{
	return arena_find(&dmapp.sheap, (uintptr_t)ptr -
			  (uintptr_t)dmapp.sheap_seg.addr);
}

static void *block_ptr(size_t off)
{
	return (char *)dmapp.sheap_seg.addr + off;
}

/*
 * 5.3.67 dmapp_sheap_malloc
 * Returns the block, or NULL: before dmapp_init, for size 0, when the
 * heap cannot satisfy the request (E-DMAPP-041, E-DMAPP-049).
 */
void *dmapp_sheap_malloc(size_t size)
{
	size_t off;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS) {
		dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_sheap_malloc");
		return NULL;
	}
	if (size == 0)
		return NULL;

	if (arena_alloc(&dmapp.sheap, size, &off) != 0) {
		dmapp_fail(DMAPP_RC_RESOURCE_ERROR, "dmapp_sheap_malloc");
		return NULL;
	}
	return block_ptr(off);
}

/*
 * 5.3.68 dmapp_sheap_realloc
 * Returns the (possibly moved) block; NULL after freeing it (size 0),
 * for a pointer that is not a live block, or when the space cannot be
 * allocated, the block then being unchanged (E-DMAPP-050).
 */
void *dmapp_sheap_realloc(void *ptr, size_t size)
{
	struct arena_block *b;
	size_t off;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS) {
		dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_sheap_realloc");
		return NULL;
	}
	if (ptr == NULL)
		return dmapp_sheap_malloc(size);
	b = to_block(ptr);
	if (!b) {
		dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_sheap_realloc");
		return NULL;
	}
	if (size == 0) {
		arena_release(&dmapp.sheap, b);
		return NULL;
	}

	if (arena_resize(&dmapp.sheap, b, size) == 0)
		return ptr;
	if (arena_alloc(&dmapp.sheap, size, &off) != 0) {
		dmapp_fail(DMAPP_RC_RESOURCE_ERROR, "dmapp_sheap_realloc");
		return NULL;
	}
	memcpy(block_ptr(off), ptr, b->size < size ? b->size : size);
	arena_release(&dmapp.sheap, b);
	return block_ptr(off);
}

/*
 * 5.3.69 dmapp_sheap_free
 * NULL, a foreign pointer or a freed block is ignored (E-DMAPP-051).
 */
void dmapp_sheap_free(void *ptr)
{
	struct arena_block *b;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || ptr == NULL)
		return;
	b = to_block(ptr);
	if (b)
		arena_release(&dmapp.sheap, b);
}
