/*
 * ext_bad_input.c: the extension calls whose behaviour no public source
 * describes (later DMAPP's locks and queues, restart) still answer bad
 * input with an error and never succeed on it (clauses
 * DMAPP-X-*-bad-input).  An implementation that does not offer the call
 * answers DMAPP_RC_NOT_SUPPORTED: UNSUPPORTED with lacks (ec_offered).
 */
#include "ext_coll.h"

static int queue_cb(void *context, void *data, uint32_t len, dmapp_pe_t rank)
{
	(void)context; (void)data; (void)len; (void)rank;
	return 0;
}

/* rc of a call given bad input: the honest "not offered" ends the test;
 * otherwise it must be an error, never DMAPP_RC_SUCCESS. */
static void refused(dmapp_return_t rc, const char *call, const char *clause)
{
	ec_offered(rc, call);
	RT_EXPECT_TRUE(rc != DMAPP_RC_SUCCESS, clause);
	RT_EXPECT_RC_IN(rc, clause, DMAPP_RC_INVALID_PARAM);
}

RT_TEST(lock_null, "dmapp.lock_acquire.param.null_descriptor",
	"DMAPP-X-lock-acquire-bad-input")
{
	dmapp_lock_handle_t h = NULL;
	dt_start();
	refused(dmapp_lock_acquire(NULL, NULL, dt_pe, 0, &h), "dmapp_lock_acquire",
		"DMAPP-X-lock-acquire-bad-input");
	dt_end();
}

RT_TEST(unlock_null, "dmapp.lock_release.param.null_handle",
	"DMAPP-X-lock-release-bad-input")
{
	dt_start();
	refused(dmapp_lock_release(NULL, 0), "dmapp_lock_release",
		"DMAPP-X-lock-release-bad-input");
	dt_end();
}

RT_TEST(attach_null, "dmapp.queue_attach.param.null_handle_pointer",
	"DMAPP-X-queue-attach-bad-input")
{
	dt_start();
	refused(dmapp_queue_attach(queue_cb, NULL, 0, NULL), "dmapp_queue_attach",
		"DMAPP-X-queue-attach-bad-input");
	dt_end();
}

RT_TEST(detach_null, "dmapp.queue_detach.param.null_handle",
	"DMAPP-X-queue-detach-bad-input")
{
	dt_start();
	refused(dmapp_queue_detach(NULL, 0), "dmapp_queue_detach",
		"DMAPP-X-queue-detach-bad-input");
	dt_end();
}

RT_TEST(put_null, "dmapp.queue_put.param.null_handle",
	"DMAPP-X-queue-put-bad-input")
{
	uint64_t word = 1;
	dt_start();
	refused(dmapp_queue_put(NULL, &word, 1, DMAPP_QW, dt_pe, 0), "dmapp_queue_put",
		"DMAPP-X-queue-put-bad-input");
	dt_end();
}
