/*
 * provider.c: the reference Provider's dispatch table and the two
 * functions libdat calls when it loads and unloads the library.
 *
 * dat_provider_init registers the table under the IA name and version
 * of the dat.conf entry that named the library (one call per entry), so
 * one library may serve several IA names; it remembers which names are
 * registered "threadsafe" (the IA's is_thread_safe attribute).
 *
 * Every entry of the table runs its call under the Provider's one lock
 * (lock.c): locked_<name> calls dapl_<name> between dapl_lock and
 * dapl_unlock.  The calls are listed in ../dat_calls.h.
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

DAT_PROVIDER dapl_provider = {
	.device_name = "rdmacts",
	.extension = NULL,
#define DAT_CALL(name, subtype, params, args)	.name##_func = locked_##name,
#define DAT_PROVIDER_ONLY(name, params, args)	.name##_func = locked_##name,
#include "../dat_calls.h"
#undef DAT_CALL
#undef DAT_PROVIDER_ONLY
};

/* The IA names registered "threadsafe" (dat.conf). */
#define MAX_SAFE_NAMES 16
static char safe_names[MAX_SAFE_NAMES][DAT_NAME_MAX_LENGTH];

int dapl_name_thread_safe(const char *name)
{
	for (int i = 0; i < MAX_SAFE_NAMES; i++)
		if (safe_names[i][0] && strcmp(safe_names[i], name) == 0)
			return 1;
	return 0;
}

static void remember_thread_safe(const char *name)
{
	for (int i = 0; i < MAX_SAFE_NAMES; i++)
		if (!safe_names[i][0]) {
			snprintf(safe_names[i], sizeof safe_names[i], "%s", name);
			return;
		}
}

/* dat_provider_init: called by libdat after dlopen (dat_registry.h). */
__attribute__((visibility("default")))
void dat_provider_init(const DAT_PROVIDER_INFO *provider_info,
		const char *instance_data)
{
	(void)instance_data;	/* the reference has no per-entry settings */
	if (!provider_info)
		return;
	if (provider_info->is_thread_safe == DAT_TRUE &&
			!dapl_name_thread_safe(provider_info->ia_name))
		remember_thread_safe(provider_info->ia_name);
	dat_registry_add_provider(&dapl_provider, provider_info);
}

/* dat_provider_fini: called by libdat before dlclose. */
__attribute__((visibility("default")))
void dat_provider_fini(const DAT_PROVIDER_INFO *provider_info)
{
	if (provider_info)
		dat_registry_remove_provider(&dapl_provider, provider_info);
	if (!dapl_ias)
		obj_flush();
}
