/*
 * provider.c: the reference Provider's dispatch tables and the two
 * functions libdat calls when it loads and unloads the library.
 *
 * dat_provider_init is called once per dat.conf entry naming the
 * library, and registers a DAT_PROVIDER of that IA name, whose
 * device_name is the IA name: a standard 1.2 registry closes an IA
 * through the registry entry its handle's device_name names (OFA
 * compat-dapl 1.2.19, dat/udat/udat.c lines 275-311: dat_ia_close looks
 * the entry up by device_name and the version dat_ia_query reports).
 * So one library serves several IA names, each with its own table, and
 * every object of an IA starts with its IA's table (handle.c).  It also
 * remembers which names are registered "threadsafe" (the IA's
 * is_thread_safe attribute).
 *
 * Every entry of a table runs its call under the Provider's one lock
 * (lock.c): locked_<name> calls dapl_<name> between dapl_lock and
 * dapl_unlock.  The calls are listed in ../dat_calls.h.
 *
 * Destroyed objects keep a first word too: dapl_freed_provider, whose
 * every entry answers DAT_INVALID_HANDLE, so that a registry that
 * dispatches through a stale handle without checking it (as the 1.2
 * registries do) gets the documented error rather than a call through
 * NULL, for as long as the object's memory is held back (handle.c).
 */
#include <stdio.h>
#include <string.h>
#include "dapl.h"

#define LOCKED(name, params, args) \
	static DAT_RETURN locked_##name params \
	{ \
		dapl_lock(); \
		DAT_RETURN rc = dapl_##name args; \
		dapl_unlock(); \
		return rc; \
	}
#define DAT_CALL(name, subtype, params, args)	LOCKED(name, params, args)
#define DAT_PROVIDER_ONLY(name, params, args)	LOCKED(name, params, args)
#include "../dat_calls.h"
#undef DAT_CALL
#undef DAT_PROVIDER_ONLY

/* The table every IA name's table copies; its own device_name serves an
 * IA opened under a name that was never registered. */
DAT_PROVIDER dapl_provider = {
	.device_name = "rdmacts",
	.extension = NULL,
#define DAT_CALL(name, subtype, params, args)	.name##_func = locked_##name,
#define DAT_PROVIDER_ONLY(name, params, args)	.name##_func = locked_##name,
#include "../dat_calls.h"
#undef DAT_CALL
#undef DAT_PROVIDER_ONLY
};

/* The first word of a destroyed object: DAT_INVALID_HANDLE with the
 * subtype of the call's first handle (ia_open takes none). */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#define FREED(name, subtype, params, args) \
	static DAT_RETURN freed_##name params \
	{ \
		return ERR(DAT_INVALID_HANDLE, subtype); \
	}
#define DAT_CALL(name, subtype, params, args)	FREED(name, subtype, params, args)
#define DAT_PROVIDER_ONLY(name, params, args)	/* below */
#include "../dat_calls.h"
#undef DAT_CALL
#undef DAT_PROVIDER_ONLY

static DAT_RETURN freed_ia_open(const DAT_NAME_PTR a0, DAT_COUNT a1,
		DAT_EVD_HANDLE *a2, DAT_IA_HANDLE *a3)
{
	return ERR(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_REGISTERED);
}
FREED(ia_close, DAT_INVALID_HANDLE_IA, (DAT_IA_HANDLE a0, DAT_CLOSE_FLAGS a1),
		(a0, a1))
#pragma GCC diagnostic pop

DAT_PROVIDER dapl_freed_provider = {
	.device_name = "rdmacts-freed",
	.extension = NULL,
#define DAT_CALL(name, subtype, params, args)	.name##_func = freed_##name,
#define DAT_PROVIDER_ONLY(name, params, args)	.name##_func = freed_##name,
#include "../dat_calls.h"
#undef DAT_CALL
#undef DAT_PROVIDER_ONLY
};

/* The IA names registered (dat_provider_init), each with its table. */
#define MAX_NAMES 16
static struct named {
	char name[DAT_NAME_MAX_LENGTH];
	DAT_PROVIDER table;		/* dapl_provider with device_name = name */
	int thread_safe;		/* registered "threadsafe" */
} names[MAX_NAMES];

static struct named *named_find(const char *name)
{
	for (int i = 0; i < MAX_NAMES; i++)
		if (names[i].name[0] && strcmp(names[i].name, name) == 0)
			return &names[i];
	return NULL;
}

static struct named *named_add(const char *name)
{
	struct named *n = named_find(name);

	for (int i = 0; !n && i < MAX_NAMES; i++)
		if (!names[i].name[0]) {
			n = &names[i];
			snprintf(n->name, sizeof n->name, "%s", name);
			n->table = dapl_provider;
			n->table.device_name = n->name;
		}
	return n;
}

/* The IA name without the relaxed-ordering prefix (E-UDAPL-049): a
 * registry may pass it on. */
static const char *base_name(const char *name)
{
	static const char ro[] = "RO_AWARE_";
	return strncmp(name, ro, sizeof ro - 1) ? name : name + sizeof ro - 1;
}

DAT_PROVIDER *dapl_provider_of(const char *name)
{
	struct named *n = named_find(base_name(name));
	return n ? &n->table : &dapl_provider;
}

int dapl_name_thread_safe(const char *name)
{
	struct named *n = named_find(base_name(name));
	return n && n->thread_safe;
}

/* dat_provider_init: called by libdat after dlopen (dat_registry.h). */
__attribute__((visibility("default")))
void dat_provider_init(const DAT_PROVIDER_INFO *provider_info,
		const char *instance_data)
{
	struct named *n;

	(void)instance_data;	/* the reference has no per-entry settings */
	if (!provider_info || !memchr(provider_info->ia_name, 0, DAT_NAME_MAX_LENGTH))
		return;
	n = named_add(provider_info->ia_name);
	if (!n)
		return;		/* more names than MAX_NAMES: not registered */
	if (provider_info->is_thread_safe == DAT_TRUE)
		n->thread_safe = 1;
	dat_registry_add_provider(&n->table, provider_info);
}

/* dat_provider_fini: called by libdat before dlclose. */
__attribute__((visibility("default")))
void dat_provider_fini(const DAT_PROVIDER_INFO *provider_info)
{
	struct named *n = provider_info &&
		memchr(provider_info->ia_name, 0, DAT_NAME_MAX_LENGTH) ?
		named_find(provider_info->ia_name) : NULL;

	if (n)
		dat_registry_remove_provider(&n->table, provider_info);
	if (!dapl_ias)
		obj_flush();
}
