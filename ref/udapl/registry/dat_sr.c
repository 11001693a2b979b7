/*
 * dat_sr.c: the static registry, read from a dat.conf file.
 *
 * The file is the 1.2 static registry format: one Interface Adapter per
 * line, eight fields separated by blanks, '#' starting a comment:
 *
 *   ia_name  api_version  thread_safety  default  library  provider_version  instance_data  platform_info
 *   rdmacts0 u1.2         nonthreadsafe  default  libdat_rdmacts.so rdmacts.1.0 ""         ""
 *
 * api_version is 'u' (user DAT) followed by major.minor; thread_safety
 * is "threadsafe" or "nonthreadsafe"; default is "default" or
 * "nondefault"; the last two fields are strings, quoted when they hold
 * blanks or are empty.  A relative library path is taken relative to
 * the directory of the dat.conf that names it; a bare file name
 * (libdat_rdmacts.so) that is not there is left to the dynamic
 * loader's search path, as OFA's registry leaves every name (compat-dapl
 * 1.2.19, dat/udat/linux/dat_osd.c: dlopen of the path as written), so
 * a stock OFA dat.conf reads the same here.  Malformed lines are
 * skipped.
 *
 * The file is the one DAT_OVERRIDE names; without it, dat.conf in the
 * directory libdat.so was loaded from (build/lib/dat.conf for the
 * reference); without that, /etc/dat.conf (the OFA location).
 */
#include <dlfcn.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "registry.h"

#define SR_MAX 64

static struct dat_sr_entry sr_table[SR_MAX];
static int sr_count;
static int sr_state;	/* 0 not read, 1 read, -1 no static registry */

static int conf_path(char *out, size_t size)
{
	const char *o = getenv("DAT_OVERRIDE");
	Dl_info dli;

	if (o && *o) {
		snprintf(out, size, "%s", o);
		return 0;
	}
	if (dladdr((void *)dat_sr_init, &dli) && dli.dli_fname) {
		char tmp[4096];
		snprintf(tmp, sizeof tmp, "%s", dli.dli_fname);
		snprintf(out, size, "%s/dat.conf", dirname(tmp));
		FILE *f = fopen(out, "r");
		if (f) {
			fclose(f);
			return 0;
		}
	}
	snprintf(out, size, "/etc/dat.conf");
	return 0;
}

/* Next field of *s: a word, or a "quoted string"; NULL at end of line. */
static char *next_field(char **s)
{
	char *p = *s, *start;

	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == 0 || *p == '\n' || *p == '#')
		return NULL;
	if (*p == '"') {
		start = ++p;
		while (*p && *p != '"')
			p++;
		if (*p != '"')
			return NULL;	/* unterminated string */
	} else {
		start = p;
		while (*p && *p != ' ' && *p != '\t' && *p != '\n')
			p++;
	}
	if (*p)
		*p++ = 0;
	*s = p;
	return start;
}

static int parse_version(const char *s, DAT_UINT32 *major, DAT_UINT32 *minor)
{
	unsigned a, b;
	char extra;

	if (s[0] != 'u' || sscanf(s + 1, "%u.%u%c", &a, &b, &extra) != 2)
		return -1;
	*major = a;
	*minor = b;
	return 0;
}

static int parse_line(char *line, const char *dir, struct dat_sr_entry *e)
{
	char *f[8];

	for (int i = 0; i < 8; i++)
		if (!(f[i] = next_field(&line)))
			return -1;
	if (next_field(&line))
		return -1;	/* more than eight fields */
	memset(e, 0, sizeof *e);
	if (strlen(f[0]) >= DAT_NAME_MAX_LENGTH)
		return -1;
	strcpy(e->info.ia_name, f[0]);
	if (parse_version(f[1], &e->info.dapl_version_major,
			&e->info.dapl_version_minor))
		return -1;
	if (!strcmp(f[2], "threadsafe"))
		e->info.is_thread_safe = DAT_TRUE;
	else if (!strcmp(f[2], "nonthreadsafe"))
		e->info.is_thread_safe = DAT_FALSE;
	else
		return -1;
	if (!strcmp(f[3], "default"))
		e->is_default = DAT_TRUE;
	else if (!strcmp(f[3], "nondefault"))
		e->is_default = DAT_FALSE;
	else
		return -1;
	if (f[4][0] != '/' && strlen(dir) + 1 + strlen(f[4]) >= sizeof e->lib_path)
		return -1;
	if (f[4][0] == '/')
		snprintf(e->lib_path, sizeof e->lib_path, "%s", f[4]);
	else
		snprintf(e->lib_path, sizeof e->lib_path, "%.2047s/%.2047s", dir, f[4]);
	if (!strchr(f[4], '/') && strlen(f[4]) >= sizeof e->lib_name)
		return -1;
	if (!strchr(f[4], '/'))
		snprintf(e->lib_name, sizeof e->lib_name, "%s", f[4]);
	snprintf(e->provider_version, sizeof e->provider_version, "%s", f[5]);
	snprintf(e->instance_data, sizeof e->instance_data, "%s", f[6]);
	snprintf(e->platform_info, sizeof e->platform_info, "%s", f[7]);
	return 0;
}

int dat_sr_init(void)
{
	char path[4096], dir[4096], line[8192];
	FILE *f;

	if (sr_state)
		return sr_state > 0 ? 0 : -1;
	conf_path(path, sizeof path);
	f = fopen(path, "r");
	if (!f) {
		sr_state = -1;
		return -1;
	}
	char tmp[4096];
	snprintf(tmp, sizeof tmp, "%s", path);
	snprintf(dir, sizeof dir, "%s", dirname(tmp));
	while (fgets(line, sizeof line, f) && sr_count < SR_MAX) {
		struct dat_sr_entry e;
		char *p = line;
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#' || *p == '\n' || *p == 0)
			continue;
		if (parse_line(p, dir, &e) == 0 && !dat_sr_find(e.info.ia_name))
			sr_table[sr_count++] = e;
	}
	fclose(f);
	sr_state = 1;
	return 0;
}

int dat_sr_count(void)
{
	return sr_count;
}

struct dat_sr_entry *dat_sr_entry(int i)
{
	return i >= 0 && i < sr_count ? &sr_table[i] : NULL;
}

struct dat_sr_entry *dat_sr_find(const char *ia_name)
{
	for (int i = 0; i < sr_count; i++)
		if (!strcmp(sr_table[i].info.ia_name, ia_name))
			return &sr_table[i];
	return NULL;
}

/*
 * Load the library of an entry and let it register: libdat looks up
 * dat_provider_init and dat_provider_fini (dat_registry.h) and calls
 * init with the entry's name, version and instance data.
 */
DAT_RETURN dat_sr_load(struct dat_sr_entry *e)
{
	DAT_PROVIDER_INIT_FUNC init;

	if (e->lib)
		return DAT_SUCCESS;
	e->lib = dlopen(e->lib_path, RTLD_NOW | RTLD_GLOBAL);
	if (!e->lib && e->lib_name[0])	/* the loader's search path */
		e->lib = dlopen(e->lib_name, RTLD_NOW | RTLD_GLOBAL);
	if (!e->lib)
		return DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_REGISTERED);
	*(void **)&init = dlsym(e->lib, DAT_PROVIDER_INIT_FUNC_STR);
	*(void **)&e->fini = dlsym(e->lib, DAT_PROVIDER_FINI_FUNC_STR);
	if (!init) {
		dlclose(e->lib);
		e->lib = NULL;
		return DAT_ERROR(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_REGISTERED);
	}
	init(&e->info, e->instance_data);
	return DAT_SUCCESS;
}

/* Unload every library loaded here, newest first. */
void dat_sr_fini(void)
{
	for (int i = sr_count - 1; i >= 0; i--) {
		struct dat_sr_entry *e = &sr_table[i];
		if (!e->lib)
			continue;
		if (e->fini)
			e->fini(&e->info);
		dlclose(e->lib);
		e->lib = NULL;
	}
}
