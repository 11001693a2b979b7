/*
 * dat_handle.c: from a consumer's handle to its Provider, checked.
 *
 * Every DAT handle points to memory whose first word is the owning
 * Provider's DAT_PROVIDER (DAT_HANDLE_TO_PROVIDER).  Like the 1.2
 * registry, libdat checks that word against the registered Providers
 * before dispatching; in addition it reads the word without trusting
 * the pointer (process_vm_readv on itself fails with EFAULT instead of
 * faulting), so NULL, garbage and unmapped handles give
 * DAT_INVALID_HANDLE rather than a crash.  The Provider then checks
 * that the handle names a live object of the right kind.
 */
#include <sys/uio.h>
#include <unistd.h>
#include "registry.h"

DAT_PROVIDER *dat_handle_provider(DAT_HANDLE handle)
{
	DAT_PROVIDER *p = NULL;
	struct iovec local = { &p, sizeof p };
	struct iovec remote = { handle, sizeof p };

	if (handle == DAT_HANDLE_NULL)
		return NULL;
	if ((uintptr_t)handle % sizeof(void *) != 0)
		return NULL;	/* no Provider object is misaligned */
	if (process_vm_readv(getpid(), &local, 1, &remote, 1, 0) != (ssize_t)sizeof p)
		return NULL;
	return p && dat_dr_known(p) ? p : NULL;
}
