/* targets.c: the table of fuzz targets (targets.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "targets.h"

const struct fz_target fz_targets[] = {
	{ "ugni", &fz_api_ugni, "libugni.so", NULL, NULL, fz_ugni_fns_dl },
	{ "ugni_post", &fz_api_ugni, "libugni.so", fz_ugni_post_calls,
		fz_ugni_setup, fz_ugni_fns_dl },
	{ "ugni_smsg", &fz_api_ugni, "libugni.so", fz_ugni_smsg_calls,
		fz_ugni_setup, fz_ugni_fns_dl },
	{ "dmapp", &fz_api_dmapp, "libdmapp.so", NULL, fz_dmapp_setup,
		fz_dmapp_fns_dl },
	{ "dmapp_attrs", &fz_api_dmapp, "libdmapp.so", fz_dmapp_attrs_calls,
		fz_dmapp_setup, fz_dmapp_fns_dl },
	{ "udapl", &fz_api_udapl, "libdat.so", NULL, fz_udapl_setup,
		fz_udapl_fns_dl },
	{ "udapl_attrs", &fz_api_udapl, "libdat.so", fz_udapl_attrs_calls,
		fz_udapl_attrs_setup, fz_udapl_fns_dl },
	{ NULL, NULL, NULL, NULL, NULL, NULL }
};

const struct fz_target *fz_target_find(const char *name)
{
	for (const struct fz_target *t = fz_targets; t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

int fz_target_run(const struct fz_target *t, const void *fns,
		const uint8_t *data, size_t size)
{
	static struct fz_prog p;
	int n = 0;

	if (t->only)
		while (t->only[n] >= 0)
			n++;
	p.only = n ? t->only : NULL;
	p.nonly = n;
	p.setup = t->setup;
	if (!fz_run(&p, t->api, fns, data, size))
		return 0;
	fprintf(stderr, "rdmacts-fuzz %s: %s\ncall trace:\n", t->name, p.why);
	fz_print_trace(&p, stderr);
	return 1;
}
