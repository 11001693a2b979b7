/*
 * handle.c: the table of live objects, the one checked lookup from a
 * handle to an object, and the three calls that work on any handle.
 *
 * A handle is an object's address.  It is accepted only when it is in
 * the table of live objects with the expected kind; the table is
 * searched by address and never dereferences what it is given, so a
 * stale or forged handle is rejected without being touched.  Freed
 * objects are kept back (QUARANTINE of them) before their memory is
 * released, so that a new object does not soon reuse a destroyed
 * one's address and make its stale handle valid again.  Meanwhile its
 * first word is dapl_freed_provider (provider.c): a registry that
 * dispatches through a stale handle without checking it reaches a
 * table whose every call answers DAT_INVALID_HANDLE.
 */
#include <stdlib.h>
#include "../../nic/nic.h"
#include "dapl.h"

#define BUCKETS    1024
#define QUARANTINE 256

static struct obj *live[BUCKETS];
static void *held[QUARANTINE];
static unsigned held_next;

static unsigned bucket(const void *p)
{
	return (unsigned)(((uintptr_t)p >> 4) * 2654435761u) % BUCKETS;
}

void *obj_new(DAT_HANDLE_TYPE kind, size_t size, struct ia *ia)
{
	struct obj *o = nic_alloc(size);	/* the test-control knob counts it */

	if (!o)
		return NULL;
	/* the first word: the table of the IA's name (the IA sets its own) */
	o->provider = ia ? ia->h.provider : &dapl_provider;
	o->kind = kind;
	o->ia = ia;
	o->hnext = live[bucket(o)];
	live[bucket(o)] = o;
	if (ia && (void *)ia != (void *)o) {
		o->prev = ia->objs_last;
		if (ia->objs_last)
			ia->objs_last->next = o;
		else
			ia->objs = o;
		ia->objs_last = o;
	}
	return o;
}

void obj_unlink(void *p)
{
	struct obj *o = p, **pp;

	for (pp = &live[bucket(o)]; *pp; pp = &(*pp)->hnext)
		if (*pp == o) {
			*pp = o->hnext;
			break;
		}
	if (o->ia && (void *)o->ia != (void *)o) {
		if (o->prev)
			o->prev->next = o->next;
		else
			o->ia->objs = o->next;
		if (o->next)
			o->next->prev = o->prev;
		else
			o->ia->objs_last = o->prev;
	}
	o->provider = &dapl_freed_provider;	/* every call: DAT_INVALID_HANDLE */
}

void obj_release(void *p)
{
	free(held[held_next]);
	held[held_next] = p;
	held_next = (held_next + 1) % QUARANTINE;
}

void obj_free(void *p)
{
	if (!p)
		return;
	obj_unlink(p);
	obj_release(p);
}

void obj_flush(void)
{
	for (unsigned i = 0; i < QUARANTINE; i++) {
		free(held[i]);
		held[i] = NULL;
	}
}

void *obj_get(DAT_HANDLE h, DAT_HANDLE_TYPE kind)
{
	for (struct obj *o = live[bucket(h)]; o; o = o->hnext)
		if ((void *)o == h)
			return o->kind == kind ? o : NULL;
	return NULL;
}

static struct obj *obj_any(DAT_HANDLE h)
{
	for (struct obj *o = live[bucket(h)]; o; o = o->hnext)
		if ((void *)o == h)
			return o;
	return NULL;
}

/*
 * dat_set_consumer_context(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_set_consumer_context(DAT_HANDLE dat_handle, DAT_CONTEXT context)
{
	struct obj *o = obj_any(dat_handle);

	if (!o)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	o->context = context;
	return DAT_SUCCESS;
}

/*
 * dat_get_consumer_context(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_get_consumer_context(DAT_HANDLE dat_handle, DAT_CONTEXT *context)
{
	struct obj *o = obj_any(dat_handle);

	if (!o)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!context)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	*context = o->context;
	return DAT_SUCCESS;
}

/*
 * dat_get_handle_type(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_get_handle_type(DAT_HANDLE dat_handle, DAT_HANDLE_TYPE *handle_type)
{
	struct obj *o = obj_any(dat_handle);

	if (!o)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE1);
	if (!handle_type)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	*handle_type = o->kind;
	return DAT_SUCCESS;
}
