/*
 * registry.h: libdat's internals, the uDAPL 1.2 registry.
 *
 * libdat is the DAT registry of the 1.2 reference layout: the static
 * registry (dat_sr.c) is the dat.conf file, one line per Interface
 * Adapter; the dynamic registry (dat_dr.c) is the table of Providers
 * that registered themselves with dat_registry_add_provider, usually
 * from the dat_provider_init of a library the static registry named.
 * Every consumer call is dispatched through the DAT_PROVIDER found at
 * the start of its handle (dat_api.c), once that pointer has been
 * checked against the dynamic registry (dat_handle.c).
 */
#ifndef RDMACTS_DAT_REGISTRY_H
#define RDMACTS_DAT_REGISTRY_H

#include <dat/udat.h>

/* ---- dat_sr.c: the static registry (dat.conf) ---------------------- */

struct dat_sr_entry {
	DAT_PROVIDER_INFO info;		/* IA name, API version, thread safety */
	DAT_BOOLEAN is_default;
	char lib_path[4096];		/* resolved against dat.conf's directory */
	char lib_name[256];		/* a bare file name as written, else "" */
	char provider_version[64];	/* e.g. "rdmacts.1.0", informative */
	char instance_data[256];
	char platform_info[256];
	void *lib;			/* dlopen handle once loaded */
	DAT_PROVIDER_FINI_FUNC fini;
};

/* Read dat.conf once; 0 when it was found and parsed. */
int dat_sr_init(void);
int dat_sr_count(void);
struct dat_sr_entry *dat_sr_entry(int i);
struct dat_sr_entry *dat_sr_find(const char *ia_name);
/* dlopen the entry's library and call its dat_provider_init. */
DAT_RETURN dat_sr_load(struct dat_sr_entry *e);
void dat_sr_fini(void);

/* ---- dat_dr.c: the dynamic registry (registered Providers) ---------- */

#define DAT_DR_MAX 64

struct dat_dr_entry {
	int in_use;
	DAT_PROVIDER_INFO info;
	DAT_PROVIDER *provider;
	int ia_open_count;		/* IAs opened through this entry */
};

struct dat_dr_entry *dat_dr_find(const char *ia_name);
int dat_dr_count(void);
struct dat_dr_entry *dat_dr_entry(int i);
/* 1 when p is the table of a registered Provider. */
int dat_dr_known(const DAT_PROVIDER *p);

/* ---- dat_handle.c: the checked handle -> Provider step -------------- */

/* The Provider of a handle, or NULL when the handle is NULL, unreadable
 * or does not start with the table of a registered Provider. */
DAT_PROVIDER *dat_handle_provider(DAT_HANDLE handle);

#endif /* RDMACTS_DAT_REGISTRY_H */
