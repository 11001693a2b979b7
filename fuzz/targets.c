/* targets.c: the table of fuzz targets (targets.h). */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "targets.h"

#define API(a) .api = &fz_api_##a, .fns_dl = fz_##a##_fns_dl

const struct fz_target fz_targets[] = {
	{ "ugni", API(ugni), .library = "libugni.so", .link = "-lugni" },
	{ "ugni_post", API(ugni), .library = "libugni.so", .link = "-lugni",
		.only = fz_ugni_post_calls, .setup = fz_ugni_setup,
		.fixture = fz_ugni_fixture, .restore = fz_ugni_restore },
	{ "ugni_smsg", API(ugni), .library = "libugni.so", .link = "-lugni",
		.only = fz_ugni_smsg_calls, .setup = fz_ugni_setup,
		.fixture = fz_ugni_fixture, .restore = fz_ugni_restore },
	{ "dmapp", API(dmapp), .library = "libdmapp.so",
		.link = "-ldmapp -lugni -lpmi",
		.fixture = fz_dmapp_fixture, .restore = fz_dmapp_restore },
	{ "dmapp_attrs", API(dmapp), .library = "libdmapp.so",
		.link = "-ldmapp -lugni -lpmi",
		.only = fz_dmapp_attrs_calls, .fixture = fz_dmapp_fixture,
		.restore = fz_dmapp_restore },
	{ "udapl", API(udapl), .library = "libdat.so", .link = "-ldat",
		.setup = fz_udapl_setup, .fixture = fz_udapl_fixture,
		.restore = fz_udapl_restore },
	{ "udapl_attrs", API(udapl), .library = "libdat.so", .link = "-ldat",
		.only = fz_udapl_attrs_calls, .setup = fz_udapl_attrs_setup,
		.fixture = fz_udapl_fixture, .restore = fz_udapl_restore },
	{ .name = NULL }
};

const struct fz_target *fz_target_find(const char *name)
{
	for (const struct fz_target *t = fz_targets; t->name; t++)
		if (strcmp(t->name, name) == 0)
			return t;
	return NULL;
}

void fz_target_prepare(const struct fz_target *t, struct fz_prog *p)
{
	int n = 0;

	if (t->only)
		while (t->only[n] >= 0)
			n++;
	p->only = n ? t->only : NULL;
	p->nonly = n;
	p->setup = t->setup;
	p->fixture = t->fixture;
	p->restore = fz_keep_fixture ? t->restore : NULL;
}

int fz_keep_fixture = 1;

static struct fz_prog p;

struct fz_prog *fz_target_last(void)
{
	return &p;
}

int fz_target_run(const struct fz_target *t, const void *fns,
		const uint8_t *data, size_t size)
{

	fz_target_prepare(t, &p);
	if (!fz_run(&p, t->api, fns, data, size))
		return 0;
	fprintf(stderr, "rdmacts-fuzz %s: %s\ncall trace:\n", t->name, p.why);
	fz_print_trace(&p, stderr);
	return 1;
}

void *fz_target_load(const struct fz_target *t, const char *dir)
{
	char path[4096];

	snprintf(path, sizeof path, "%s/%s", dir, t->library);
	void *dl = dlmopen(LM_ID_NEWLM, path, RTLD_NOW | RTLD_LOCAL);
	if (!dl) {
		fprintf(stderr, "fuzz: %s\n", dlerror());
		return NULL;
	}
	return t->fns_dl(dl);
}

int fz_first_difference(const struct fz_prog *a, const struct fz_prog *b)
{
	int m = a->nsteps < b->nsteps ? a->nsteps : b->nsteps;

	for (int i = 0; i < m; i++) {
		const struct fz_step *x = &a->steps[i], *y = &b->steps[i];
		if (x->absent != y->absent || x->rc != y->rc ||
				x->digest != y->digest)
			return i;
	}
	if (a->nsteps != b->nsteps || a->failed != b->failed)
		return m;
	return -1;
}
