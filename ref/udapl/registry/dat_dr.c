/*
 * dat_dr.c: the dynamic registry, the table of registered Providers,
 * and the two calls that change it.
 *
 * An entry is keyed by IA name and DAT version (major, minor, thread
 * safety), as dat_registry_add_provider(3DAT) says: the same name may
 * be registered for several versions.
 */
#include <string.h>
#include "registry.h"

static struct dat_dr_entry dr_table[DAT_DR_MAX];

static int same_info(const DAT_PROVIDER_INFO *a, const DAT_PROVIDER_INFO *b)
{
	return !strcmp(a->ia_name, b->ia_name) &&
		a->dapl_version_major == b->dapl_version_major &&
		a->dapl_version_minor == b->dapl_version_minor &&
		a->is_thread_safe == b->is_thread_safe;
}

static int info_valid(const DAT_PROVIDER_INFO *info)
{
	return memchr(info->ia_name, 0, DAT_NAME_MAX_LENGTH) && info->ia_name[0] &&
		(info->is_thread_safe == DAT_TRUE || info->is_thread_safe == DAT_FALSE);
}

/*
 * dat_registry_add_provider(3DAT)
 * DAT_SUCCESS, DAT_INVALID_PARAMETER, DAT_INSUFFICIENT_RESOURCES,
 * DAT_PROVIDER_ALREADY_REGISTERED
 */
DAT_RETURN dat_registry_add_provider(DAT_PROVIDER *provider,
		const DAT_PROVIDER_INFO *provider_info)
{
	struct dat_dr_entry *free_slot = NULL;

	if (!provider)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!provider_info || !info_valid(provider_info))
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	for (int i = 0; i < DAT_DR_MAX; i++) {
		struct dat_dr_entry *e = &dr_table[i];
		if (e->in_use && same_info(&e->info, provider_info))
			return DAT_ERROR(DAT_PROVIDER_ALREADY_REGISTERED, DAT_NO_SUBTYPE);
		if (!e->in_use && !free_slot)
			free_slot = e;
	}
	if (!free_slot)
		return DAT_ERROR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	*free_slot = (struct dat_dr_entry){ .in_use = 1, .info = *provider_info,
		.provider = provider };
	return DAT_SUCCESS;
}

/*
 * dat_registry_remove_provider(3DAT)
 * DAT_SUCCESS, DAT_INVALID_PARAMETER, DAT_PROVIDER_IN_USE
 */
DAT_RETURN dat_registry_remove_provider(DAT_PROVIDER *provider,
		const DAT_PROVIDER_INFO *provider_info)
{
	if (!provider)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!provider_info)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	for (int i = 0; i < DAT_DR_MAX; i++) {
		struct dat_dr_entry *e = &dr_table[i];
		if (!e->in_use || e->provider != provider ||
				!same_info(&e->info, provider_info))
			continue;
		if (e->ia_open_count > 0)
			return DAT_ERROR(DAT_PROVIDER_IN_USE, DAT_NO_SUBTYPE);
		e->in_use = 0;
		return DAT_SUCCESS;
	}
	return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
}

struct dat_dr_entry *dat_dr_find(const char *ia_name)
{
	for (int i = 0; i < DAT_DR_MAX; i++)
		if (dr_table[i].in_use && !strcmp(dr_table[i].info.ia_name, ia_name))
			return &dr_table[i];
	return NULL;
}

int dat_dr_count(void)
{
	int n = 0;

	for (int i = 0; i < DAT_DR_MAX; i++)
		n += dr_table[i].in_use;
	return n;
}

struct dat_dr_entry *dat_dr_entry(int i)
{
	return i >= 0 && i < DAT_DR_MAX && dr_table[i].in_use ? &dr_table[i] : NULL;
}

int dat_dr_known(const DAT_PROVIDER *p)
{
	for (int i = 0; i < DAT_DR_MAX; i++)
		if (dr_table[i].in_use && dr_table[i].provider == p)
			return 1;
	return 0;
}
