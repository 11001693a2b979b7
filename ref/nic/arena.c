/*
 * arena.c: variable-size allocations inside the fabric region.
 *
 * Next fit over a list of blocks laid end to end; a block is a header
 * followed by its bytes.  The search starts where the last one ended
 * and wraps around once, so a job that only allocates (every process
 * its CQ ring and segment lists) never walks the blocks of the others.
 * Free neighbours are merged while searching.  Callers hold the NIC
 * lock.
 */
#include <string.h>
#include "fabric.h"

struct blk {
	uint64_t size;	/* bytes including this header */
	uint64_t free;
};

#define ALIGN 16u

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
			memset(b + 1, 0, b->size - sizeof *b);
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
