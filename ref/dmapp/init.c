/*
 * init.c: dmapp_init and dmapp_finalize (4.9.1, 5.3.1, 5.3.2).
 *
 * A job is the set of processes of one PMI job (E-DMAPP-061); PE
 * numbers are PMI ranks.  dmapp_init, on every PE:
 *   1. initialises PMI unless the application did (E-DMAPP-057);
 *   2. creates a uGNI communication domain with instance id = PE and
 *      the job's ptag and cookie (PMI_GNI_PTAG, PMI_GNI_COOKIE, as the
 *      launcher sets them), attaches it to the NIC PMI_GNI_DEV_ID and
 *      creates the completion queue;
 *   3. registers the data segment and the symmetric heap;
 *   4. publishes its NIC address and memory handles in the PMI
 *      key-value space, which the others read, and bind an endpoint
 *      to it, the first time they name this PE (peer.c);
 *   5. learns whether every PE got this far (PMI_Allgather of one byte).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmapp_impl.h"

/* Credentials of a job started without a launcher (a singleton). */
#define SINGLETON_PTAG   GNI_PTAG_USER_START
#define SINGLETON_COOKIE GNI_JOB_CREATE_COOKIE(GNI_PKEY_USER_START, 0)

/* The first entry of a PMI_GNI_* variable (a list on a Cray). */
static uint32_t env_u32(const char *name, uint32_t dflt)
{
	const char *v = getenv(name);
	char *end;

	if (!v || !*v)
		return dflt;
	unsigned long n = strtoul(v, &end, 0);
	return (end != v && (*end == '\0' || *end == ':')) ? (uint32_t)n : dflt;
}

static void pmi_finalize_at_exit(void)
{
	PMI_Finalize();
}

static dmapp_return_t pmi_setup(void)
{
	static int at_exit;
	PMI_BOOL up = PMI_FALSE;
	int spawned;

	if (PMI_Initialized(&up) != PMI_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	if (up != PMI_TRUE) {
		if (PMI_Init(&spawned) != PMI_SUCCESS)
			return DMAPP_RC_RESOURCE_ERROR;
		/* Kept up after dmapp_finalize, so dmapp_init may run again. */
		if (!at_exit && atexit(pmi_finalize_at_exit) == 0)
			at_exit = 1;
		dmapp.pmi_ours = 1;
	}
	if (PMI_Get_rank(&dmapp.pe) != PMI_SUCCESS ||
	    PMI_Get_size(&dmapp.npes) != PMI_SUCCESS || dmapp.npes < 1)
		return DMAPP_RC_RESOURCE_ERROR;
	return DMAPP_RC_SUCCESS;
}

static dmapp_return_t nic_setup(struct dmapp_peer *me)
{
	uint8_t ptag = (uint8_t)env_u32("PMI_GNI_PTAG", SINGLETON_PTAG);
	uint32_t cookie = env_u32("PMI_GNI_COOKIE", SINGLETON_COOKIE);
	uint32_t dev = env_u32("PMI_GNI_DEV_ID", 0);

	me->inst_id = (uint32_t)dmapp.pe;
	if (GNI_CdmCreate(me->inst_id, ptag, cookie, 0, &dmapp.cdm) != GNI_RC_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	if (GNI_CdmAttach(dmapp.cdm, dev, &me->nic_addr, &dmapp.nic) != GNI_RC_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	if (GNI_CqCreate(dmapp.nic, CQ_ENTRIES, 0, GNI_CQ_NOBLOCK, NULL, NULL,
			 &dmapp.cq) != GNI_RC_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	return DMAPP_RC_SUCCESS;
}

static dmapp_return_t segments_setup(struct dmapp_peer *me)
{
	uint64_t addr, len;
	dmapp_return_t rc;

	if (dmapp_data_bounds(&addr, &len) != 0)
		return DMAPP_RC_RESOURCE_ERROR;
	dmapp_data_share(addr, len);
	memset(&dmapp.data_seg, 0, sizeof(dmapp.data_seg));
	if (GNI_MemRegister(dmapp.nic, addr, len, NULL, GNI_MEM_READWRITE,
			    (uint32_t)-1, &dmapp.data_seg.memhndl) != GNI_RC_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	dmapp.data_seg.addr = (void *)(uintptr_t)addr;
	dmapp.data_seg.len = len;

	if ((rc = dmapp_sheap_setup()) != DMAPP_RC_SUCCESS)
		return rc;
	me->data_addr = addr;
	me->data_len = len;
	me->data_mh = dmapp.data_seg.memhndl;
	me->sheap_addr = (uint64_t)(uintptr_t)dmapp.sheap_seg.addr;
	me->sheap_len = dmapp.sheap_seg.len;
	me->sheap_mh = dmapp.sheap_seg.memhndl;
	return DMAPP_RC_SUCCESS;
}

/* Undo whatever part of dmapp_init was done, in reverse order. */
static void teardown(void)
{
	dmapp_ext_teardown();
	for (int i = 0; dmapp.ep && i < dmapp.npes; i++)
		if (dmapp.ep[i]) {
			GNI_EpUnbind(dmapp.ep[i]);
			GNI_EpDestroy(dmapp.ep[i]);
		}
	free(dmapp.ep);
	dmapp.ep = NULL;
	free(dmapp.peer);
	dmapp.peer = NULL;
	free(dmapp.kvsname);
	dmapp.kvsname = NULL;
	free(dmapp.syncids);
	dmapp.syncids = NULL;
	dmapp.syncids_used = 0;
	if (dmapp.nic) {
		dmapp_regions_teardown();
		if (dmapp.heap_map)
			dmapp_sheap_teardown();
		if (dmapp.data_seg.addr)
			GNI_MemDeregister(dmapp.nic, &dmapp.data_seg.memhndl);
	}
	memset(&dmapp.data_seg, 0, sizeof(dmapp.data_seg));
	memset(&dmapp.sheap_seg, 0, sizeof(dmapp.sheap_seg));
	if (dmapp.cq)
		GNI_CqDestroy(dmapp.cq);
	if (dmapp.cdm)
		GNI_CdmDestroy(dmapp.cdm);
	dmapp.cq = NULL;
	dmapp.nic = NULL;
	dmapp.cdm = NULL;
}

/*
 * 5.3.1 dmapp_init
 * DMAPP_RC_SUCCESS, *actual_attrs the attributes in force;
 * DMAPP_RC_INVALID_PARAM for a second call without dmapp_finalize
 * (E-DMAPP-041), a NULL argument, invalid requested attributes
 * (E-DMAPP-040) or an invalid XT_SYMMETRIC_HEAP_SIZE;
 * DMAPP_RC_RESOURCE_ERROR when PMI, uGNI or memory fail on any PE.
 * Collective: every PE of the job must call it.
 */
dmapp_return_t dmapp_init(dmapp_rma_attrs_t *requested_attrs,
			  dmapp_rma_attrs_t *actual_attrs)
{
	struct dmapp_peer me;
	dmapp_return_t rc, any;
	unsigned char failed, *failures;

	if (dmapp.initialized || requested_attrs == NULL ||
	    actual_attrs == NULL ||
	    dmapp_attrs_check(requested_attrs, 1) != DMAPP_RC_SUCCESS)
		return dmapp_fail(DMAPP_RC_INVALID_PARAM, "dmapp_init");

	if ((rc = pmi_setup()) != DMAPP_RC_SUCCESS)
		return dmapp_fail(rc, "dmapp_init");
	dmapp.attrs = *requested_attrs;
	dmapp.attrs.max_concurrency = 1;	/* not thread-safe: E-DMAPP-040 */
	dmapp.pi_ordering = PI_DEFAULT;
	dmapp.queue_depth = DMAPP_QUEUE_DEFAULT_DEPTH;	/* later DMAPP */
	dmapp.queue_nelems = DMAPP_QUEUE_DEFAULT_NELEMS;

	memset(&me, 0, sizeof(me));
	rc = nic_setup(&me);
	if (rc == DMAPP_RC_SUCCESS)
		rc = segments_setup(&me);
	if (rc == DMAPP_RC_SUCCESS) {
		dmapp.syncids = dmapp_calloc(dmapp.attrs.max_outstanding_nb,
					     sizeof(*dmapp.syncids));
		dmapp.ep = dmapp_calloc((size_t)dmapp.npes, sizeof(*dmapp.ep));
		dmapp.peer = dmapp_calloc((size_t)dmapp.npes, sizeof(*dmapp.peer));
		if (!dmapp.syncids || !dmapp.ep || !dmapp.peer)
			rc = DMAPP_RC_RESOURCE_ERROR;
	}
	dmapp_peer_begin();
	/* A job of one PE has nobody to tell that it failed: no launcher
	 * round trips for a failed call (each is milliseconds under Slurm). */
	if (rc != DMAPP_RC_SUCCESS && dmapp.npes == 1) {
		teardown();
		return dmapp_fail(rc, "dmapp_init");
	}
	if (rc == DMAPP_RC_SUCCESS)
		rc = dmapp_peer_publish(&me);
	/* The buffer of the exchange itself: a PE without it cannot tell the
	 * others it failed, so no fault is injected here. */
	failures = malloc((size_t)dmapp.npes);
	if (!failures) {
		teardown();
		return dmapp_fail(DMAPP_RC_RESOURCE_ERROR, "dmapp_init");
	}

	/* Every PE takes part in the exchange; a failure anywhere is
	 * reported everywhere.  The barrier publishes the records. */
	failed = rc != DMAPP_RC_SUCCESS;
	if (PMI_Barrier() != PMI_SUCCESS ||
	    PMI_Allgather(&failed, failures, 1) != PMI_SUCCESS)
		rc = DMAPP_RC_RESOURCE_ERROR;
	any = rc;
	for (int i = 0; any == DMAPP_RC_SUCCESS && i < dmapp.npes; i++)
		if (failures[i])
			any = DMAPP_RC_RESOURCE_ERROR;
	free(failures);
	if (any != DMAPP_RC_SUCCESS) {
		teardown();
		return dmapp_fail(rc != DMAPP_RC_SUCCESS ? rc : any, "dmapp_init");
	}

	dmapp_ops_init();
	dmapp.implicit.pending = 0;
	dmapp.implicit.error = DMAPP_RC_SUCCESS;
	dmapp.initialized = 1;
	*actual_attrs = dmapp.attrs;
	return DMAPP_RC_SUCCESS;
}

/*
 * 5.3.2 dmapp_finalize
 * DMAPP_RC_SUCCESS (also before dmapp_init: E-DMAPP-041).  Completes
 * every request of this PE, waits for every PE to reach dmapp_finalize,
 * then releases the resources (E-DMAPP-043).
 */
dmapp_return_t dmapp_finalize(void)
{
	if (!dmapp.initialized)
		return DMAPP_RC_SUCCESS;

	dmapp_quiesce();
	PMI_Barrier();
	teardown();
	dmapp.initialized = 0;
	return DMAPP_RC_SUCCESS;
}
