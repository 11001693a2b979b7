/* direct.c: the DMAPP functions of the library the target is linked with. */
#include <stdlib.h>
#include "dmapp_table.h"
#include "targets.h"

void *fz_fns_direct(const struct fz_target *t)
{
	static struct fz_dmapp_fns f;

	if (t->api != &fz_api_dmapp)
		return NULL;
	fz_dmapp_bind_direct(&f);
	return &f;
}
