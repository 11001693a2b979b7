/*
 * handle.c: handles of the library's objects.
 *
 * A handle is not a pointer to the object: it encodes the object's kind,
 * its slot in a table and the slot's generation.  A NULL, stale (object
 * destroyed), foreign (another kind) or garbage handle therefore fails
 * the lookup, and the call returns GNI_RC_INVALID_PARAM instead of
 * touching memory it does not own.  Handle bits: kind 63..56,
 * generation 55..32, slot + 1 in 31..0.
 */
#include <stdlib.h>
#include "ugni.h"

struct slot {
	void *obj;
	uint32_t gen;
	uint8_t kind;
};

static struct slot *tab;
static uint32_t ntab;

void *ugni_handle_new(enum ugni_kind kind, void *obj)
{
	uint32_t i;

	for (i = 0; i < ntab && tab[i].obj; i++)
		;
	if (i == ntab) {
		uint32_t n = ntab ? ntab * 2 : 64;
		struct slot *t = realloc(tab, n * sizeof *t);
		if (!t)
			return NULL;
		for (uint32_t k = ntab; k < n; k++)
			t[k] = (struct slot){ NULL, 0, 0 };
		tab = t;
		ntab = n;
	}
	tab[i].obj = obj;
	tab[i].kind = (uint8_t)kind;
	tab[i].gen = (tab[i].gen + 1) & 0xFFFFFF;
	uint64_t h = ((uint64_t)kind << 56) | ((uint64_t)tab[i].gen << 32) |
		(uint64_t)(i + 1);
	return (void *)(uintptr_t)h;
}

static struct slot *slot_of(enum ugni_kind kind, const void *handle)
{
	uint64_t h = (uint64_t)(uintptr_t)handle;
	uint32_t i = (uint32_t)h;

	if (h == 0 || (h >> 56) != (uint64_t)kind || i == 0 || i > ntab)
		return NULL;
	struct slot *s = &tab[i - 1];
	if (!s->obj || s->kind != kind || s->gen != ((h >> 32) & 0xFFFFFF))
		return NULL;
	return s;
}

void *ugni_handle_obj(enum ugni_kind kind, const void *handle)
{
	struct slot *s = slot_of(kind, handle);
	return s ? s->obj : NULL;
}

void ugni_handle_free(const void *handle)
{
	uint64_t h = (uint64_t)(uintptr_t)handle;
	struct slot *s = slot_of((enum ugni_kind)(h >> 56), handle);

	if (s)
		s->obj = NULL;
}

void ugni_handle_each(enum ugni_kind kind, void (*fn)(void *obj, void *arg),
		void *arg)
{
	for (uint32_t i = 0; i < ntab; i++)
		if (tab[i].obj && tab[i].kind == kind)
			fn(tab[i].obj, arg);
}

/* Release the table when the library is unloaded (keeps leak checkers
 * quiet about a program that destroyed everything). */
__attribute__((destructor)) static void handle_fini(void)
{
	for (uint32_t i = 0; i < ntab; i++)
		if (tab[i].obj)
			return;
	free(tab);
	tab = NULL;
	ntab = 0;
}
