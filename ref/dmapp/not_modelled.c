/*
 * not_modelled.c: the calls of the vendor extension that a software NIC
 * cannot honestly model.  Each answers DMAPP_RC_NOT_SUPPORTED, the
 * extension tier's honest error (a call the implementation does not
 * offer), and is listed "modelled": false with the same reason in
 * vectors/dmapp/ext-calls.json.
 */
#include "dmapp_impl.h"

/* dmapp_checkpoint (RB-3.1): cooperates with Cray's system checkpointer
 * (it destroys the NIC resources that cannot be checkpointed); there is
 * no checkpointer for the software NIC to cooperate with. */
dmapp_return_t dmapp_checkpoint(void)
{
	return DMAPP_RC_NOT_SUPPORTED;
}

/* dmapp_restart (RB-3.1): rebuilds resources after such a checkpoint;
 * its restart_modes values are not public either. */
dmapp_return_t dmapp_restart(uint32_t restart_modes)
{
	(void)restart_modes;
	return DMAPP_RC_NOT_SUPPORTED;
}

/* dmapp_lock_acquire (later DMAPP): the lock descriptor's layout and the
 * flag values are not public, so no descriptor can be honoured. */
dmapp_return_t dmapp_lock_acquire(dmapp_lock_desc_t *lock_addr,
				  dmapp_seg_desc_t *lock_seg,
				  dmapp_pe_t lock_host, uint64_t flags,
				  dmapp_lock_handle_t *handle)
{
	(void)lock_addr; (void)lock_seg; (void)lock_host; (void)flags;
	(void)handle;
	return DMAPP_RC_NOT_SUPPORTED;
}

/* dmapp_lock_release (later DMAPP): no lock can have been acquired. */
dmapp_return_t dmapp_lock_release(dmapp_lock_handle_t handle, uint64_t flags)
{
	(void)handle; (void)flags;
	return DMAPP_RC_NOT_SUPPORTED;
}

/* dmapp_queue_attach (later DMAPP): the queue's flags, depths and who
 * runs the callback have no public description. */
dmapp_return_t dmapp_queue_attach(int (*queue_cb)(void *context, void *data,
						  uint32_t len,
						  dmapp_pe_t rank),
				  void *context, uint64_t flags,
				  dmapp_queue_handle_t *queue_hndl)
{
	(void)queue_cb; (void)context; (void)flags; (void)queue_hndl;
	return DMAPP_RC_NOT_SUPPORTED;
}

/* dmapp_queue_detach (later DMAPP): no queue can have been attached. */
dmapp_return_t dmapp_queue_detach(dmapp_queue_handle_t queue_hndl,
				  uint64_t flags)
{
	(void)queue_hndl; (void)flags;
	return DMAPP_RC_NOT_SUPPORTED;
}

/* dmapp_queue_put (later DMAPP): as dmapp_queue_attach. */
dmapp_return_t dmapp_queue_put(dmapp_queue_handle_t queue_hndl, void *source,
			       uint64_t nelems, dmapp_type_t type,
			       dmapp_pe_t target_pe, uint64_t flags)
{
	(void)queue_hndl; (void)source; (void)nelems; (void)type;
	(void)target_pe; (void)flags;
	return DMAPP_RC_NOT_SUPPORTED;
}
