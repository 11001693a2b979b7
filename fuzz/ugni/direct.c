/* direct.c: the uGNI functions of the library the target is linked with. */
#include <stdlib.h>
#include "ugni_table.h"
#include "targets.h"

void *fz_fns_direct(const struct fz_target *t)
{
	static struct fz_ugni_fns f;

	if (t->api != &fz_api_ugni)
		return NULL;
	fz_ugni_bind_direct(&f);
	return &f;
}
