/*
 * rdmacts_control.c: an API's test-control entry, found in that API's
 * library (rdmacts_control.h).
 *
 * dlsym on a library's handle searches the library, then the libraries
 * it needs, in load order: a per-API name found there belongs to this
 * API's implementation, whatever else the process has loaded.  The older
 * API-less name is shared by every API, so it is taken only from the
 * library itself (dladdr names the object that defines it).
 */
#include <dlfcn.h>
#include <string.h>

#include "rdmacts_control.h"

static rdmacts_test_control_fn as_fn(void *sym)
{
	rdmacts_test_control_fn fn;

	memcpy(&fn, &sym, sizeof fn);
	return sym ? fn : NULL;
}

rdmacts_test_control_fn rt_control_at(const void *code, const char *symbol)
{
	Dl_info lib, def;
	void *h, *sym;

	if (!code || !dladdr(code, &lib) || !lib.dli_fname)
		return NULL;
	/* Not found by its name: the main program (dladdr names it by
	 * argv[0]), whose handle is NULL's. */
	h = dlopen(lib.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
	if (!h)
		h = dlopen(NULL, RTLD_LAZY);
	if (!h)
		return NULL;
	sym = dlsym(h, symbol);
	if (!sym) {
		sym = dlsym(h, RDMACTS_TEST_CONTROL_SYMBOL);
		if (sym && (!dladdr(sym, &def) || def.dli_fbase != lib.dli_fbase))
			sym = NULL;
	}
	dlclose(h);	/* drops the count dlopen added; nothing unloads */
	return as_fn(sym);
}

rdmacts_test_control_fn rt_control_for(const char *first_call,
                                       const char *symbol)
{
	return rt_control_at(dlsym(RTLD_DEFAULT, first_call), symbol);
}
