/*
 * arena.c: variable-size allocations inside the fabric region.
 *
 * First fit over a list of blocks laid end to end; a block is a header
 * followed by its bytes.  Free neighbours are merged while searching.
 * Callers hold the NIC lock.
 */
#include <string.h>
#include "fabric.h"

struct blk {
	uint64_t size;	/* bytes including this header */
	uint64_t free;
};

#define ALIGN 16u

uint64_t fab_alloc(uint64_t size)
{
	uint64_t start = fab->arena_start, end = start + FAB_ARENA, off;
	uint64_t need = (size + sizeof(struct blk) + ALIGN - 1) & ~(uint64_t)(ALIGN - 1);

	if (size == 0 || size > FAB_ARENA)
		return 0;
	if (fab->arena_used == 0) {	/* first use: one free block */
		struct blk *b = fab_ptr(start);
		b->size = FAB_ARENA;
		b->free = 1;
		fab->arena_used = sizeof(struct blk);
	}
	for (off = start; off < end;) {
		struct blk *b = fab_ptr(off);
		if (b->free) {
			/* merge following free blocks */
			while (off + b->size < end) {
				struct blk *n = fab_ptr(off + b->size);
				if (!n->free)
					break;
				b->size += n->size;
			}
			if (b->size >= need) {
				if (b->size - need >= sizeof(struct blk) + ALIGN) {
					struct blk *rest = fab_ptr(off + need);
					rest->size = b->size - need;
					rest->free = 1;
					b->size = need;
				}
				b->free = 0;
				fab->arena_used += b->size;
				memset(b + 1, 0, b->size - sizeof *b);
				return off + sizeof *b;
			}
		}
		off += b->size;
	}
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
