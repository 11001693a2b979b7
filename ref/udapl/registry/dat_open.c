/*
 * dat_open.c: opening and closing Interface Adapters through the
 * registry, and listing what the registry knows.
 *
 * dat_ia_openv matches the IA name against the dynamic registry; when
 * no Provider registered that name yet, it loads the library the
 * static registry names for it (dat_sr_load), which registers itself.
 * The version check then runs against the registered entry: same
 * major version, a minor version at least the one requested, and
 * thread safety when it is requested (a thread-safe Provider also
 * serves a consumer that does not need it).
 */
#include <string.h>
#include "registry.h"

#define OPEN_MAX 1024

/* Which registry entry each open IA came through (PROVIDER_IN_USE). */
static struct { DAT_IA_HANDLE ia; struct dat_dr_entry *entry; } opened[OPEN_MAX];

static void track_open(DAT_IA_HANDLE ia, struct dat_dr_entry *e)
{
	for (int i = 0; i < OPEN_MAX; i++)
		if (!opened[i].ia) {
			opened[i].ia = ia;
			opened[i].entry = e;
			e->ia_open_count++;
			return;
		}
}

static void track_close(DAT_IA_HANDLE ia)
{
	for (int i = 0; i < OPEN_MAX; i++)
		if (opened[i].ia == ia) {
			if (opened[i].entry->ia_open_count > 0)
				opened[i].entry->ia_open_count--;
			opened[i].ia = NULL;
			return;
		}
}

/* The IA name without the relaxed-ordering prefix (E-UDAPL-049). */
static const char *base_name(const char *name)
{
	static const char ro[] = "RO_AWARE_";
	return strncmp(name, ro, sizeof ro - 1) ? name : name + sizeof ro - 1;
}

/* The registered entry serving (name, major, minor, thread safety). */
static DAT_RETURN lookup(const char *name, DAT_UINT32 major, DAT_UINT32 minor,
		DAT_BOOLEAN thread_safety, struct dat_dr_entry **out)
{
	DAT_RETURN why = DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_REGISTERED);

	if (!dat_dr_find(name)) {
		struct dat_sr_entry *s;
		dat_sr_init();
		s = dat_sr_find(name);
		if (!s)
			return why;
		if (dat_sr_load(s) != DAT_SUCCESS)
			return why;
	}
	for (int i = 0; i < DAT_DR_MAX; i++) {
		struct dat_dr_entry *e = dat_dr_entry(i);
		if (!e || strcmp(e->info.ia_name, name))
			continue;
		if (e->info.dapl_version_major != major) {
			why = DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_MAJOR_NOT_FOUND);
			continue;
		}
		if (e->info.dapl_version_minor < minor) {
			why = DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_MINOR_NOT_FOUND);
			continue;
		}
		if (thread_safety == DAT_TRUE && e->info.is_thread_safe != DAT_TRUE) {
			why = DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_THREAD_SAFETY_NOT_FOUND);
			continue;
		}
		*out = e;
		return DAT_SUCCESS;
	}
	return why;
}

/*
 * dat_ia_openv(3DAT); dat_ia_open is the macro over it (E-UDAPL-040).
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE, DAT_PROVIDER_NOT_FOUND, DAT_MODEL_NOT_SUPPORTED
 * (the last four but DAT_PROVIDER_NOT_FOUND come from the Provider)
 */
DAT_RETURN dat_ia_openv(const DAT_NAME_PTR name, DAT_COUNT async_evd_qlen,
		DAT_EVD_HANDLE *async_evd_handle, DAT_IA_HANDLE *ia_handle,
		DAT_UINT32 dapl_major, DAT_UINT32 dapl_minor,
		DAT_BOOLEAN thread_safety)
{
	struct dat_dr_entry *e;
	DAT_RETURN rc;

	if (!name || !memchr(name, 0, DAT_NAME_MAX_LENGTH))
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!async_evd_handle)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (!ia_handle)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (thread_safety != DAT_TRUE && thread_safety != DAT_FALSE)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG7);
	rc = lookup(base_name(name), dapl_major, dapl_minor, thread_safety, &e);
	if (rc != DAT_SUCCESS)
		return rc;
	if (!e->provider->ia_open_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	rc = e->provider->ia_open_func((DAT_NAME_PTR)base_name(name),
			async_evd_qlen, async_evd_handle, ia_handle);
	if (rc == DAT_SUCCESS)
		track_open(*ia_handle, e);
	return rc;
}

/*
 * dat_ia_close(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 */
DAT_RETURN dat_ia_close(DAT_IA_HANDLE ia_handle, DAT_CLOSE_FLAGS ia_flags)
{
	DAT_PROVIDER *p = dat_handle_provider(ia_handle);
	DAT_RETURN rc;

	if (!p)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!p->ia_close_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	rc = p->ia_close_func(ia_handle, ia_flags);
	if (rc == DAT_SUCCESS)
		track_close(ia_handle);
	return rc;
}

/*
 * dat_registry_list_providers(3DAT)
 * DAT_SUCCESS, DAT_INVALID_PARAMETER, DAT_INTERNAL_ERROR
 *
 * The list is the static registry's entries, then the Providers that
 * registered under a name dat.conf does not have.  With max_to_return
 * 0, *entries_returned is their number; with a list too small for all
 * of them the call fails and *entries_returned still says how many
 * there are.
 */
DAT_RETURN dat_registry_list_providers(DAT_COUNT max_to_return,
		DAT_COUNT *entries_returned, DAT_PROVIDER_INFO *dat_provider_list[])
{
	const DAT_PROVIDER_INFO *all[64 + DAT_DR_MAX];
	DAT_COUNT n = 0;

	if (max_to_return < 0)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!entries_returned)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (dat_sr_init() != 0)
		return DAT_ERROR(DAT_INTERNAL_ERROR, DAT_NO_SUBTYPE);
	for (int i = 0; i < dat_sr_count(); i++)
		all[n++] = &dat_sr_entry(i)->info;
	for (int i = 0; i < DAT_DR_MAX; i++) {
		struct dat_dr_entry *e = dat_dr_entry(i);
		if (e && !dat_sr_find(e->info.ia_name))
			all[n++] = &e->info;
	}
	*entries_returned = n;
	if (max_to_return == 0)
		return DAT_SUCCESS;
	if (!dat_provider_list)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (max_to_return < n)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	for (DAT_COUNT i = 0; i < n; i++) {
		if (!dat_provider_list[i])
			return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
		*dat_provider_list[i] = *all[i];
	}
	return DAT_SUCCESS;
}

/* Unload the Providers libdat loaded when the process lets libdat go. */
__attribute__((destructor)) static void dat_fini(void)
{
	dat_sr_fini();
}
