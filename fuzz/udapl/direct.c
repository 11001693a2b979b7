/* direct.c: the uDAPL functions of the library the target is linked with. */
#include <stdlib.h>
#include "udapl_table.h"
#include "targets.h"

void *fz_fns_direct(const struct fz_target *t)
{
	static struct fz_udapl_fns f;

	if (t->api != &fz_api_udapl)
		return NULL;
	fz_udapl_bind_direct(&f);
	return &f;
}
