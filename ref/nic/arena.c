/*
 * arena.c: variable-size allocations inside the fabric region.
 *
 * Next fit over a list of blocks laid end to end; a block is a header
 * followed by its bytes.  The search starts where the last one ended
 * and wraps around once, so a job that only allocates (every process
 * its CQ ring and segment lists) never walks the blocks of the others.
 * Free neighbours are merged while searching.  Callers hold the NIC
 * lock.
 *
 * A new block reads as zero.  Its whole pages are given back to the
 * kernel rather than written (MADV_REMOVE on the shared mapping: they read
 * as zero and take no memory until written), so a large CQ ring costs
 * only the pages its events fill, and the corpus's tests that use up the
 * arena stay small (docs/certification.md, "Memory").
 */
#include <stdint.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "fabric.h"

struct blk {
	uint64_t size;	/* bytes including this header */
	uint64_t free;
};

#define ALIGN 16u

/* Zeroes [p, p + len): the partial pages at either end are cleared, the
 * whole pages between removed (cleared too where the kernel refuses). */
static void zero(unsigned char *p, uint64_t len)
{
	uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
	uintptr_t lo = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t hi = ((uintptr_t)p + len) & ~(page - 1);

	if (hi <= lo || madvise((void *)lo, hi - lo, MADV_REMOVE) != 0) {
		memset(p, 0, len);
		return;
	}
	memset(p, 0, lo - (uintptr_t)p);
	memset((void *)hi, 0, (uintptr_t)p + len - hi);
}

/* The block at off, its free followers merged into it if it is free. */
static struct blk *merged(uint64_t off, uint64_t end)
{
	struct blk *b = fab_ptr(off);

	while (b->free && off + b->size < end) {
		struct blk *n = fab_ptr(off + b->size);
		if (!n->free)
			break;
		if (off + b->size == fab->arena_next)
			fab->arena_next = off;	/* never inside a block */
		b->size += n->size;
	}
	return b;
}

uint64_t fab_alloc(uint64_t size)
{
	uint64_t start = fab->arena_start, end = start + FAB_ARENA;
	uint64_t need = (size + sizeof(struct blk) + ALIGN - 1) & ~(uint64_t)(ALIGN - 1);

	if (size == 0 || size > FAB_ARENA)
		return 0;
	if (fab->arena_used == 0) {	/* first use: one free block */
		struct blk *b = fab_ptr(start);
		b->size = FAB_ARENA;
		b->free = 1;
		fab->arena_used = sizeof(struct blk);
		fab->arena_next = start;
	}
	/* from arena_next round the arena back to it (merging may move it
	 * back to a block already passed: then the round ends there) */
	uint64_t off = fab->arena_next;
	do {
		struct blk *b = merged(off, end);
		if (b->free && b->size >= need) {
			if (b->size - need >= sizeof(struct blk) + ALIGN) {
				struct blk *rest = fab_ptr(off + need);
				rest->size = b->size - need;
				rest->free = 1;
				b->size = need;
			}
			b->free = 0;
			fab->arena_used += b->size;
			fab->arena_next = off + b->size < end ? off + b->size : start;
			zero((unsigned char *)(b + 1), b->size - sizeof *b);
			return off + sizeof *b;
		}
		off += b->size;
		if (off == end)
			off = start;
	} while (off != fab->arena_next);
	return 0;
}

void fab_free(uint64_t off)
{
	if (off == 0)
		return;
	struct blk *b = fab_ptr(off - sizeof(struct blk));
	b->free = 1;
	fab->arena_used -= b->size;
}
