/*
 * lmr.c: Local Memory Regions, the key table entries they own, and the
 * checks every DTO makes of its local segments.
 *
 * An LMR is a NIC registration of its memory (writable unless it has
 * neither write privilege) and a key: lmr_context and rmr_context are
 * the same 32-bit value, the key's generation and index.  The key's
 * entry in the table peers read (wire.c) grants the LMR's remote
 * privileges to any peer Endpoint in the same Protection Zone.
 */
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "../../nic/nic.h"
#include "dapl.h"

#define PRIV_VALID (DAT_MEM_PRIV_ALL_FLAG | DAT_MEM_PRIV_RO_DISABLE_FLAG)
#define KEY_INDEX(ctx) ((ctx) % DAPL_KEYS)

uint32_t key_alloc(struct ia *ia, struct obj *owner)
{
	for (uint32_t i = 1; i < DAPL_KEYS; i++) {
		if (ia->keys[i])
			continue;
		struct key *k = &ia->w.keys[i];
		uint32_t gen = (k->gen + 1) & 0xFFFFF;
		memset(k, 0, sizeof *k);
		k->gen = gen ? gen : 1;
		ia->keys[i] = owner;
		return k->gen << 12 | i;
	}
	return 0;
}

void key_release(struct ia *ia, uint32_t key)
{
	uint32_t i = KEY_INDEX(key);

	ia->w.keys[i].valid = 0;
	ia->keys[i] = NULL;
}

struct lmr *lmr_of_context(struct ia *ia, DAT_LMR_CONTEXT ctx)
{
	struct obj *o = ia->keys[KEY_INDEX(ctx)];
	struct lmr *lmr = (struct lmr *)o;

	return o && o->kind == DAT_HANDLE_TYPE_LMR && lmr->key == ctx ? lmr : NULL;
}

DAT_RETURN iov_check(struct ia *ia, struct pz *pz, const DAT_LMR_TRIPLET *s,
		DAT_MEM_PRIV_FLAGS need)
{
	struct lmr *lmr;

	if (s->segment_length == 0)
		return DAT_SUCCESS;
	lmr = lmr_of_context(ia, s->lmr_context);
	if (!lmr)
		return ERR(DAT_PRIVILEGES_VIOLATION, DAT_NO_SUBTYPE);	/* E-UDAPL-005 */
	if (s->virtual_address < lmr->addr ||
			s->segment_length > lmr->length ||
			s->virtual_address - lmr->addr > lmr->length - s->segment_length)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (lmr->pz != pz)
		return ERR(DAT_PROTECTION_VIOLATION, DAT_NO_SUBTYPE);
	if ((lmr->priv & need) != need)
		return ERR(DAT_PRIVILEGES_VIOLATION, DAT_NO_SUBTYPE);
	return DAT_SUCCESS;
}

/*
 * dat_lmr_create(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_MODEL_NOT_SUPPORTED,
 * DAT_PRIVILEGES_VIOLATION, DAT_PROTECTION_VIOLATION
 */
DAT_RETURN dapl_lmr_create(DAT_IA_HANDLE ia_handle, DAT_MEM_TYPE mem_type,
		DAT_REGION_DESCRIPTION region, DAT_VLEN length,
		DAT_PZ_HANDLE pz_handle, DAT_MEM_PRIV_FLAGS privileges,
		DAT_LMR_HANDLE *lmr_handle, DAT_LMR_CONTEXT *lmr_context,
		DAT_RMR_CONTEXT *rmr_context, DAT_VLEN *registered_length,
		DAT_VADDR *registered_address)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);
	struct pz *pz = obj_get(pz_handle, DAT_HANDLE_TYPE_PZ);
	struct lmr *src = NULL, *lmr;
	uint64_t addr;
	int writable = (privileges & (DAT_MEM_PRIV_LOCAL_WRITE_FLAG |
			DAT_MEM_PRIV_REMOTE_WRITE_FLAG)) != 0;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (!pz || pz->h.ia != ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_PZ);
	switch (mem_type) {
	case DAT_MEM_TYPE_VIRTUAL:
		addr = (uint64_t)(uintptr_t)region.for_va;
		break;
	case DAT_MEM_TYPE_SHARED_VIRTUAL:
		if (dapl_declines(RDMACTS_CAP_SHARED_VIRTUAL))
			return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
		addr = (uint64_t)(uintptr_t)region.for_shared_memory.virtual_address;
		if (!region.for_shared_memory.shared_memory_id)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
		break;
	case DAT_MEM_TYPE_LMR:
		src = obj_get(region.for_lmr_handle, DAT_HANDLE_TYPE_LMR);
		if (!src || src->h.ia != ia)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_LMR);
		addr = src->addr;
		break;
	case DAT_MEM_TYPE_SO_VIRTUAL:
		return ERR(DAT_MODEL_NOT_SUPPORTED, DAT_NO_SUBTYPE);
	default:
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	}
	if (privileges & ~PRIV_VALID)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	if (!lmr_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG7);
	if (length == 0 || addr == 0 || length > UINT64_MAX - addr)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (src) {
		if (length > src->length)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
		if (src->pz != pz)
			return ERR(DAT_PROTECTION_VIOLATION, DAT_NO_SUBTYPE);
	} else {
		int rc = nic_mem_check(addr, length, writable);
		if (rc == NIC_EPERM)
			return ERR(DAT_PRIVILEGES_VIOLATION, DAT_NO_SUBTYPE);
		if (rc != NIC_OK)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	}

	lmr = obj_new(DAT_HANDLE_TYPE_LMR, sizeof *lmr, ia);
	if (!lmr)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	lmr->key = key_alloc(ia, &lmr->h);
	if (!lmr->key) {
		obj_free(lmr);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY_REGION);
	}
	if (wire_register(&ia->w, addr, length, writable, lmr->mh)) {
		key_release(ia, lmr->key);
		obj_free(lmr);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY_REGION);
	}
	lmr->pz = pz;
	pz->refs++;
	lmr->mem_type = mem_type;
	lmr->region = region;
	if (mem_type == DAT_MEM_TYPE_SHARED_VIRTUAL) {
		memcpy(lmr->cookie, region.for_shared_memory.shared_memory_id,
				DAT_LMR_COOKIE_SIZE);
		lmr->region.for_shared_memory.shared_memory_id = &lmr->cookie;
	}
	lmr->length = length;
	lmr->priv = privileges;
	lmr->addr = addr;
	lmr->parent = src;
	if (src)
		src->refs++;
	ia->w.keys[KEY_INDEX(lmr->key)] = (struct key){
		.gen = lmr->key >> 12, .valid = 1,
		.priv = privileges & (DAT_MEM_PRIV_REMOTE_READ_FLAG |
			DAT_MEM_PRIV_REMOTE_WRITE_FLAG),
		.pz_id = pz->id, .addr = addr, .len = length,
		.mh = { lmr->mh[0], lmr->mh[1] } };
	*lmr_handle = lmr;
	if (lmr_context)
		*lmr_context = lmr->key;
	if (rmr_context)
		*rmr_context = lmr->key;
	if (registered_length)
		*registered_length = length;
	if (registered_address)
		*registered_address = addr;
	return DAT_SUCCESS;
}

/*
 * dat_lmr_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_lmr_query(DAT_LMR_HANDLE lmr_handle, DAT_LMR_PARAM_MASK mask,
		DAT_LMR_PARAM *param)
{
	struct lmr *lmr = obj_get(lmr_handle, DAT_HANDLE_TYPE_LMR);

	if (!lmr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_LMR);
	if (mask & ~DAT_LMR_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (!param)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	param->ia_handle = lmr->h.ia;
	param->mem_type = lmr->mem_type;
	param->region_desc = lmr->region;
	param->length = lmr->length;
	param->pz_handle = lmr->pz;
	param->mem_priv = lmr->priv;
	param->lmr_context = lmr->key;
	param->rmr_context = lmr->key;
	param->registered_size = lmr->length;
	param->registered_address = lmr->addr;
	return DAT_SUCCESS;
}

void lmr_destroy(struct lmr *lmr)
{
	struct ia *ia = lmr->h.ia;

	key_release(ia, lmr->key);
	wire_deregister(&ia->w, lmr->mh);
	lmr->pz->refs--;
	if (lmr->parent)
		lmr->parent->refs--;
	obj_free(lmr);
}

/*
 * dat_lmr_free(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_STATE
 */
DAT_RETURN dapl_lmr_free(DAT_LMR_HANDLE lmr_handle)
{
	struct lmr *lmr = obj_get(lmr_handle, DAT_HANDLE_TYPE_LMR);

	if (!lmr)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_LMR);
	if (lmr->refs > 0)
		return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_LMR_IN_USE);
	lmr_destroy(lmr);
	return DAT_SUCCESS;
}

/* Read segment i of the consumer's array without trusting the array. */
static int read_segment(const DAT_LMR_TRIPLET *segs, DAT_VLEN i,
		DAT_LMR_TRIPLET *out)
{
	struct iovec l = { out, sizeof *out }, r = { (void *)(segs + i), sizeof *out };

	return process_vm_readv(getpid(), &l, 1, &r, 1, 0) == (ssize_t)sizeof *out ? 0 : -1;
}

/* The checks both sync calls make (E-UDAPL-030, -031). */
static DAT_RETURN sync_check(DAT_IA_HANDLE ia_handle,
		const DAT_LMR_TRIPLET *segs, DAT_VLEN num_segments)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (num_segments > 0 && !segs)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	for (DAT_VLEN i = 0; i < num_segments; i++) {
		DAT_LMR_TRIPLET s;
		struct lmr *lmr;
		if (read_segment(segs, i, &s))
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
		if (s.segment_length == 0)
			continue;
		lmr = lmr_of_context(ia, s.lmr_context);
		if (!lmr || s.virtual_address < lmr->addr ||
				s.segment_length > lmr->length ||
				s.virtual_address - lmr->addr > lmr->length - s.segment_length)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	}
	return DAT_SUCCESS;
}

/*
 * dat_lmr_sync_rdma_read(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 *
 * The NIC model is cache-coherent (lmr_sync_req is DAT_FALSE): after
 * its checks the call has nothing to do (E-UDAPL-027, -033).
 */
DAT_RETURN dapl_lmr_sync_rdma_read(DAT_IA_HANDLE ia_handle,
		const DAT_LMR_TRIPLET *local_segments, DAT_VLEN num_segments)
{
	return sync_check(ia_handle, local_segments, num_segments);
}

/*
 * dat_lmr_sync_rdma_write(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 *
 * As dat_lmr_sync_rdma_read: checks only, on coherent memory.
 */
DAT_RETURN dapl_lmr_sync_rdma_write(DAT_IA_HANDLE ia_handle,
		const DAT_LMR_TRIPLET *local_segments, DAT_VLEN num_segments)
{
	return sync_check(ia_handle, local_segments, num_segments);
}
