/*
 * arena.c: a deterministic first-fit allocator of offsets in a range.
 *
 * It serves the symmetric heap (the same sequence of calls gives the
 * same offsets on every PE: E-DMAPP-049) and the staging buffers of the
 * internal megabyte.  Block records live in private memory, never in
 * the managed range, so remote writes cannot corrupt them and untouched
 * heap pages stay untouched.
 */
#include <stdlib.h>

#include "dmapp_impl.h"

static size_t round_up(size_t n, size_t align)
{
	return (n + align - 1) / align * align;
}

int arena_init(struct arena *a, size_t size, size_t align)
{
	a->size = size;
	a->align = align;
	a->head = NULL;
	if (size == 0)
		return 0;
	a->head = calloc(1, sizeof(*a->head));
	if (!a->head)
		return -1;
	a->head->size = size;
	return 0;
}

void arena_fini(struct arena *a)
{
	while (a->head) {
		struct arena_block *next = a->head->next;
		free(a->head);
		a->head = next;
	}
}

/* Cut b to size bytes; the rest becomes a free block after it. */
static int split(struct arena_block *b, size_t size)
{
	if (b->size == size)
		return 0;
	struct arena_block *rest = calloc(1, sizeof(*rest));
	if (!rest)
		return -1;
	rest->off = b->off + size;
	rest->size = b->size - size;
	rest->next = b->next;
	b->size = size;
	b->next = rest;
	return 0;
}

/* Merge b with the free block after it, if any. */
static void merge_next(struct arena_block *b)
{
	struct arena_block *n = b->next;

	if (n && !n->used) {
		b->size += n->size;
		b->next = n->next;
		free(n);
	}
}

int arena_alloc(struct arena *a, size_t size, size_t *off)
{
	if (size == 0 || size > a->size)
		return -1;
	size = round_up(size, a->align);
	for (struct arena_block *b = a->head; b; b = b->next) {
		if (b->used || b->size < size)
			continue;
		if (split(b, size) != 0)
			return -1;
		b->used = 1;
		*off = b->off;
		return 0;
	}
	return -1;
}

struct arena_block *arena_find(struct arena *a, size_t off)
{
	for (struct arena_block *b = a->head; b && b->off <= off; b = b->next)
		if (b->off == off)
			return b->used ? b : NULL;
	return NULL;
}

void arena_release(struct arena *a, struct arena_block *b)
{
	b->used = 0;
	merge_next(b);
	for (struct arena_block *p = a->head; p; p = p->next)
		if (p->next == b && !p->used) {
			merge_next(p);
			break;
		}
}

int arena_resize(struct arena *a, struct arena_block *b, size_t size)
{
	if (size > a->size)	/* cannot fit; rounding it would wrap */
		return -1;
	size = round_up(size, a->align);
	if (size == b->size)
		return 0;
	if (size < b->size) {
		if (split(b, size) != 0)
			return -1;
		merge_next(b->next);	/* the cut-off tail joins a free next */
		return 0;
	}
	struct arena_block *n = b->next;
	if (!n || n->used || b->size + n->size < size)
		return -1;
	merge_next(b);
	return split(b, size);
}
