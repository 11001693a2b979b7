/*
 * libdat.c: a minimal standard-interface uDAPL 1.2 registry, the
 * stand-in `make check` certifies the reference Provider under
 * (docs/implementations.md).  It is not the reference registry
 * (ref/udapl/registry): it does only what a 1.2 registry of the DAT
 * Collaborative's design does, and relies on the Provider the way OFA's
 * compat-dapl 1.2.19 does:
 *
 *  - a call on a handle goes through the handle's first word
 *    (DAT_HANDLE_TO_PROVIDER, dat_redirection.h) after a NULL check
 *    only: the word is never checked against the registered Providers,
 *    so a destroyed object must keep a table that answers;
 *  - dat_ia_close asks the IA for its Provider attributes (dat_ia_query)
 *    and, once the Provider closed it, releases the registry entry named
 *    by the table's device_name and that version and thread safety
 *    (compat-dapl dat/udat/udat.c, dat_ia_close): device_name must be
 *    the IA name;
 *  - the static registry is the file DAT_OVERRIDE names, else
 *    /etc/dat.conf; only "default" entries count, and a library is
 *    dlopen'ed by the name written (bare names through the loader's
 *    search path), as compat-dapl's dat/udat/udat_sr_parser.c does.
 *
 * What no Provider takes part in follows the pages with the reference's
 * readings (dat_strerror is the reference's own file, linked in).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dat/udat.h>
#include <dat/dat_registry.h>

/* ---- dispatch: every call on a handle, through its first word ---- */

#define DAT_CALL(name, subtype, params, args) \
	DAT_RETURN dat_##name params \
	{ \
		DAT_PROVIDER *p; \
	\
		if (a0 == DAT_HANDLE_NULL) \
			return DAT_ERROR(DAT_INVALID_HANDLE, subtype); \
		p = *(DAT_PROVIDER **)a0; \
		if (!p->name##_func) \
			return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE); \
		return p->name##_func args; \
	}
#define DAT_PROVIDER_ONLY(name, params, args)	/* below */
#include "../../ref/udapl/dat_calls.h"
#undef DAT_CALL
#undef DAT_PROVIDER_ONLY

/* ---- the dynamic registry ---- */

#define DR_MAX 64

static struct dr {
	int used;
	DAT_PROVIDER_INFO info;
	DAT_PROVIDER *provider;
	int opened;			/* IAs open through this entry */
} dr[DR_MAX];

static int same(const DAT_PROVIDER_INFO *a, const DAT_PROVIDER_INFO *b)
{
	return !strcmp(a->ia_name, b->ia_name) &&
		a->dapl_version_major == b->dapl_version_major &&
		a->dapl_version_minor == b->dapl_version_minor &&
		a->is_thread_safe == b->is_thread_safe;
}

static struct dr *dr_find(const DAT_PROVIDER_INFO *info)
{
	for (int i = 0; i < DR_MAX; i++)
		if (dr[i].used && same(&dr[i].info, info))
			return &dr[i];
	return NULL;
}

static int dr_has_name(const char *name)
{
	for (int i = 0; i < DR_MAX; i++)
		if (dr[i].used && !strcmp(dr[i].info.ia_name, name))
			return 1;
	return 0;
}

static int info_ok(const DAT_PROVIDER_INFO *info)
{
	return memchr(info->ia_name, 0, DAT_NAME_MAX_LENGTH) && info->ia_name[0];
}

DAT_RETURN dat_registry_add_provider(DAT_PROVIDER *provider,
		const DAT_PROVIDER_INFO *provider_info)
{
	if (!provider)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!provider_info || !info_ok(provider_info))
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (dr_find(provider_info))
		return DAT_ERROR(DAT_PROVIDER_ALREADY_REGISTERED, DAT_NO_SUBTYPE);
	for (int i = 0; i < DR_MAX; i++)
		if (!dr[i].used) {
			dr[i] = (struct dr){ 1, *provider_info, provider, 0 };
			return DAT_SUCCESS;
		}
	return DAT_ERROR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
}

DAT_RETURN dat_registry_remove_provider(DAT_PROVIDER *provider,
		const DAT_PROVIDER_INFO *provider_info)
{
	struct dr *e;

	if (!provider)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!provider_info || !info_ok(provider_info) || !(e = dr_find(provider_info)))
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (e->opened)
		return DAT_ERROR(DAT_PROVIDER_IN_USE, DAT_NO_SUBTYPE);
	e->used = 0;
	return DAT_SUCCESS;
}

/* ---- the static registry: default entries of one dat.conf ---- */

#define SR_MAX 64

static struct sr {
	DAT_PROVIDER_INFO info;
	char lib[1024], instance[256];
	void *handle;
} sr[SR_MAX];
static int sr_count, sr_read;	/* sr_read: 1 read, -1 no file */

/* Next blank-separated field of *s, or a "quoted" one; NULL at the end. */
static char *field(char **s)
{
	char *p = *s + strspn(*s, " \t"), *start = p;

	if (!*p || *p == '\n' || *p == '#')
		return NULL;
	if (*p == '"') {
		start = ++p;
		p = strchr(p, '"');
		if (!p)
			return NULL;
	} else {
		p += strcspn(p, " \t\n");
	}
	if (*p)
		*p++ = 0;
	*s = p;
	return start;
}

static void sr_line(char *line)
{
	char *f[8], extra;
	unsigned major, minor;
	struct sr *e = &sr[sr_count];

	for (int i = 0; i < 8; i++)
		if (!(f[i] = field(&line)))
			return;
	if (field(&line) || strlen(f[0]) >= DAT_NAME_MAX_LENGTH ||
			f[1][0] != 'u' || sscanf(f[1] + 1, "%u.%u%c", &major, &minor, &extra) != 2 ||
			(strcmp(f[2], "threadsafe") && strcmp(f[2], "nonthreadsafe")) ||
			strcmp(f[3], "default") ||	/* nondefault: not loaded */
			strlen(f[4]) >= sizeof e->lib || strlen(f[6]) >= sizeof e->instance)
		return;
	for (int i = 0; i < sr_count; i++)
		if (!strcmp(sr[i].info.ia_name, f[0]))
			return;		/* the first entry of a name counts */
	memset(e, 0, sizeof *e);
	strcpy(e->info.ia_name, f[0]);
	e->info.dapl_version_major = major;
	e->info.dapl_version_minor = minor;
	e->info.is_thread_safe = strcmp(f[2], "threadsafe") ? DAT_FALSE : DAT_TRUE;
	strcpy(e->lib, f[4]);
	strcpy(e->instance, f[6]);
	sr_count++;
}

static int sr_init(void)
{
	const char *path = getenv("DAT_OVERRIDE");
	char line[4096];
	FILE *f;

	if (sr_read)
		return sr_read;
	f = fopen(path && *path ? path : "/etc/dat.conf", "r");
	if (!f)
		return sr_read = -1;
	while (sr_count < SR_MAX && fgets(line, sizeof line, f))
		sr_line(line);
	fclose(f);
	return sr_read = 1;
}

/* Load the library of the static entry for name; it registers itself. */
static void sr_load(const char *name)
{
	DAT_PROVIDER_INIT_FUNC init;

	if (sr_init() < 0)
		return;
	for (int i = 0; i < sr_count; i++) {
		struct sr *e = &sr[i];
		if (strcmp(e->info.ia_name, name) || e->handle)
			continue;
		e->handle = dlopen(e->lib, RTLD_NOW | RTLD_GLOBAL);
		if (!e->handle)
			return;
		*(void **)&init = dlsym(e->handle, DAT_PROVIDER_INIT_FUNC_STR);
		if (init)
			init(&e->info, e->instance);
	}
}

__attribute__((destructor)) static void sr_fini(void)
{
	DAT_PROVIDER_FINI_FUNC fini;

	for (int i = sr_count - 1; i >= 0; i--)
		if (sr[i].handle) {
			*(void **)&fini = dlsym(sr[i].handle, DAT_PROVIDER_FINI_FUNC_STR);
			if (fini)
				fini(&sr[i].info);
		}
}

/* ---- the consumer calls of the registry ---- */

/* The IA name without Sun's relaxed-ordering prefix (E-UDAPL-049). */
static const char *base_name(const char *name)
{
	static const char ro[] = "RO_AWARE_";
	return strncmp(name, ro, sizeof ro - 1) ? name : name + sizeof ro - 1;
}

DAT_RETURN dat_ia_openv(const DAT_NAME_PTR name, DAT_COUNT async_evd_qlen,
		DAT_EVD_HANDLE *async_evd_handle, DAT_IA_HANDLE *ia_handle,
		DAT_UINT32 dapl_major, DAT_UINT32 dapl_minor,
		DAT_BOOLEAN thread_safety)
{
	struct dr *found = NULL;
	const char *base;
	DAT_RETURN rc;

	if (!name || !memchr(name, 0, DAT_NAME_MAX_LENGTH))
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!async_evd_handle)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (!ia_handle)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	base = base_name(name);
	if (!dr_has_name(base))
		sr_load(base);
	/* dat_registry_list_providers(3DAT): name, major and thread safety
	 * exactly, a minor at least the one requested */
	for (int i = 0; i < DR_MAX && !found; i++)
		if (dr[i].used && !strcmp(dr[i].info.ia_name, base) &&
				dr[i].info.dapl_version_major == dapl_major &&
				dr[i].info.dapl_version_minor >= dapl_minor &&
				dr[i].info.is_thread_safe == thread_safety)
			found = &dr[i];
	if (!found)
		return DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_REGISTERED);
	if (!found->provider->ia_open_func)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	rc = found->provider->ia_open_func((DAT_NAME_PTR)base, async_evd_qlen,
			async_evd_handle, ia_handle);
	if (rc == DAT_SUCCESS)
		found->opened++;
	return rc;
}

DAT_RETURN dat_ia_close(DAT_IA_HANDLE ia_handle, DAT_CLOSE_FLAGS ia_flags)
{
	DAT_PROVIDER_ATTR attr;
	DAT_PROVIDER_INFO info;
	DAT_PROVIDER *p;
	struct dr *e;
	DAT_RETURN rc;

	if (ia_handle == DAT_HANDLE_NULL)
		return DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	p = *(DAT_PROVIDER **)ia_handle;
	if (!p->ia_query_func || !p->ia_close_func || !p->device_name)
		return DAT_ERROR(DAT_NOT_IMPLEMENTED, DAT_NO_SUBTYPE);
	rc = p->ia_query_func(ia_handle, NULL, 0, NULL, DAT_PROVIDER_FIELD_ALL, &attr);
	if (rc != DAT_SUCCESS)
		return rc;
	rc = p->ia_close_func(ia_handle, ia_flags);
	if (rc != DAT_SUCCESS)
		return rc;
	memset(&info, 0, sizeof info);
	snprintf(info.ia_name, sizeof info.ia_name, "%s", p->device_name);
	info.dapl_version_major = attr.dapl_version_major;
	info.dapl_version_minor = attr.dapl_version_minor;
	info.is_thread_safe = attr.is_thread_safe;
	e = dr_find(&info);
	if (!e || e->opened == 0)
		return DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_REGISTERED);
	e->opened--;
	return DAT_SUCCESS;
}

DAT_RETURN dat_registry_list_providers(DAT_COUNT max_to_return,
		DAT_COUNT *entries_returned, DAT_PROVIDER_INFO *dat_provider_list[])
{
	const DAT_PROVIDER_INFO *all[SR_MAX + DR_MAX];
	DAT_COUNT n = 0;

	if (max_to_return < 0)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!entries_returned)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (sr_init() < 0)
		return DAT_ERROR(DAT_INTERNAL_ERROR, DAT_NO_SUBTYPE);
	for (int i = 0; i < sr_count; i++)
		all[n++] = &sr[i].info;
	for (int i = 0; i < DR_MAX; i++) {
		int listed = 0;
		for (int k = 0; k < sr_count; k++)
			listed |= !strcmp(sr[k].info.ia_name, dr[i].info.ia_name);
		if (dr[i].used && !listed)
			all[n++] = &dr[i].info;
	}
	*entries_returned = n;
	if (max_to_return == 0)
		return DAT_SUCCESS;
	if (!dat_provider_list || max_to_return < n)
		return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	for (DAT_COUNT i = 0; i < n; i++) {
		if (!dat_provider_list[i])
			return DAT_ERROR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
		*dat_provider_list[i] = *all[i];
	}
	return DAT_SUCCESS;
}
