/*
 * pset.c: process sets of the collectives (dmapp.h RB-3.1:
 * dmapp_c_pset_create, dmapp_c_pset_export, dmapp_c_pset_destroy,
 * dmapp_c_pset_cancel_op; clauses DMAPP-X-pset-*) and the collective
 * area they use (dmapp_impl.h describes its layout).
 *
 * Creation is local, as the header says: it checks the descriptor and
 * takes a slot of this PE's collective area, writing the identifier
 * into the slot's entry of the area's identifier table.  Export reads
 * every other member's identifier table (GETs) to learn which slot
 * holds the pset there: DMAPP_RC_NOT_FOUND when a member has not
 * created it yet, as the header warns.
 *
 * Modes: CONCAT is accepted (the concatenate operation it prepares is
 * not in RB-3.1); FAULT_TOLERANT is accepted and changes nothing (the
 * software NIC loses no packets a different algorithm could survive);
 * HW_OFFLOAD asks for the collective engine of the Aries/Gemini NIC,
 * which a software model does not have: DMAPP_RC_NOT_SUPPORTED.
 * attrs (radix of the vendor's tree) is checked and otherwise unused:
 * the root combines the members' contributions itself.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "dmapp_impl.h"

#define MODES_KNOWN (DMAPP_C_PSET_MODE_CONCAT | \
		     DMAPP_C_PSET_MODE_FAULT_TOLERANT | \
		     DMAPP_C_PSET_MODE_HW_OFFLOAD)

static struct dmapp_pset psets[PSET_MAX];

/* ------------------------------------------------------------------ */
/* The collective area                                                */
/* ------------------------------------------------------------------ */

/* Offset of the area from the start of a PE's heap mapping: after the
 * page-rounded user part, at the end of the internal megabyte. */
static uint64_t area_off(uint64_t user_len)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	return (user_len + page - 1) / page * page + SHEAP_INTERNAL - COLL_AREA;
}

static char *area(void)
{
	return dmapp.heap_map + area_off(dmapp.sheap_seg.len);
}

uint64_t *coll_ids(void)
{
	return (uint64_t *)area();
}

uint64_t coll_slot_off(uint32_t s)
{
	return COLL_IDS_BYTES + (uint64_t)s * COLL_SLOT_BYTES;
}

struct coll_slot *coll_slot(uint32_t s)
{
	return (struct coll_slot *)(area() + coll_slot_off(s));
}

dmapp_return_t coll_remote(dmapp_pe_t pe, struct dmapp_remote *r)
{
	dmapp_return_t rc = dmapp_peer_connect(pe);

	if (rc != DMAPP_RC_SUCCESS)
		return rc;
	const struct dmapp_peer *p = &dmapp.peer[pe];
	r->pe = pe;
	r->addr = p->sheap_addr + area_off(p->sheap_len);
	r->mh = p->sheap_mh;
	return DMAPP_RC_SUCCESS;
}

/* A blocking GET (put 0) or PUT (put 1) of pe's collective area. */
static dmapp_return_t coll_xfer(dmapp_pe_t pe, uint64_t off, void *buf,
				size_t len, int put)
{
	struct dmapp_remote r;
	struct dmapp_req *req;
	dmapp_return_t rc;

	if ((rc = coll_remote(pe, &r)) != DMAPP_RC_SUCCESS ||
	    (rc = dmapp_req_begin(MODE_BLOCKING, &req)) != DMAPP_RC_SUCCESS)
		return rc;
	rc = put ? dmapp_xfer_put(req, &r, off, buf, len)
		 : dmapp_xfer_get(req, &r, off, buf, len);
	return dmapp_req_end(MODE_BLOCKING, req, rc, NULL);
}

dmapp_return_t coll_get(dmapp_pe_t pe, uint64_t off, void *dst, size_t len)
{
	return coll_xfer(pe, off, dst, len, 0);
}

dmapp_return_t coll_put(dmapp_pe_t pe, uint64_t off, const void *src, size_t len)
{
	return coll_xfer(pe, off, (void *)src, len, 1);
}

/* ------------------------------------------------------------------ */
/* Handles                                                            */
/* ------------------------------------------------------------------ */

/*
 * A handle encodes the table index and the entry's generation, as a
 * syncid does (request.c), so a destroyed, stale or forged handle is
 * refused here, in one place.
 */
#define PSET_INDEX_BITS 8

static dmapp_c_pset_handle_t pset_handle(const struct dmapp_pset *p)
{
	uintptr_t idx = (uintptr_t)(p - psets);

	return (dmapp_c_pset_handle_t)(((uintptr_t)p->gen << PSET_INDEX_BITS) |
				       (idx + 1));
}

struct dmapp_pset *dmapp_to_pset(dmapp_c_pset_handle_t h)
{
	uintptr_t v = (uintptr_t)h;
	uintptr_t idx = (v & ((1u << PSET_INDEX_BITS) - 1)) - 1;

	if (!dmapp.initialized || h == NULL || idx >= PSET_MAX)
		return NULL;
	struct dmapp_pset *p = &psets[idx];
	if (!p->in_use || (uintptr_t)p->gen != v >> PSET_INDEX_BITS)
		return NULL;
	return p;
}

uint32_t dmapp_pset_slot(const struct dmapp_pset *p)
{
	return (uint32_t)(p - psets);
}

/* ------------------------------------------------------------------ */
/* Descriptors                                                        */
/* ------------------------------------------------------------------ */

/* The members a descriptor names, checked: each a PE of the job, none
 * twice.  NULL (INVALID_PARAM) for anything else; *n their number. */
static uint32_t *members_of(const dmapp_c_pset_desc_t *d, uint32_t *n)
{
	uint32_t npes = (uint32_t)dmapp.npes, *m;
	unsigned char *seen;

	if (d->type == DMAPP_C_PSET_DELIMITER_VEC) {
		*n = d->u.vec_type.n_pes;
		if (d->u.vec_type.vec_pes == NULL)
			return NULL;
	} else if (d->type == DMAPP_C_PSET_DELIMITER_STRIDED) {
		*n = d->u.stride_type.n_pes;
	} else {
		return NULL;
	}
	if (*n == 0 || *n > npes)
		return NULL;
	m = malloc(*n * sizeof(*m));
	seen = calloc(npes, 1);
	if (!m || !seen)
		goto bad;
	for (uint32_t i = 0; i < *n; i++) {
		uint64_t pe;
		if (d->type == DMAPP_C_PSET_DELIMITER_VEC)
			pe = d->u.vec_type.vec_pes[i];
		else
			pe = (uint64_t)d->u.stride_type.base_pe +
			     (uint64_t)i * d->u.stride_type.stride_pe;
		if (pe >= npes || seen[pe])
			goto bad;
		seen[pe] = 1;
		m[i] = (uint32_t)pe;
	}
	free(seen);
	return m;
bad:
	free(m);
	free(seen);
	return NULL;
}

/* ------------------------------------------------------------------ */
/* The calls                                                          */
/* ------------------------------------------------------------------ */

/*
 * dmapp_c_pset_create (RB-3.1)
 * DMAPP_RC_SUCCESS, *pset_hndl the new pset;
 * DMAPP_RC_INVALID_PARAM before dmapp_init, for a NULL pdesc or
 *   pset_hndl, identifier 0, unknown mode bits, attrs of a type other
 *   than DMAPP_C_PSET_ATTRS_VER1, a descriptor naming no PE, a PE outside
 *   the job or a PE twice, or when this PE is not a member;
 * DMAPP_RC_NOT_SUPPORTED for DMAPP_C_PSET_MODE_HW_OFFLOAD;
 * DMAPP_RC_BUSY when a pset of this PE has the identifier;
 * DMAPP_RC_NO_SPACE when this PE holds PSET_MAX psets.
 */
dmapp_return_t dmapp_c_pset_create(dmapp_c_pset_desc_t *pdesc,
				   uint64_t identifier, uint64_t modes,
				   dmapp_c_pset_attrs_t *attrs,
				   dmapp_c_pset_handle_t *pset_hndl)
{
	struct dmapp_pset *p = NULL;
	uint32_t n, me, *m;

	if (dmapp_check_init() != DMAPP_RC_SUCCESS || pdesc == NULL ||
	    pset_hndl == NULL || identifier == 0 || (modes & ~MODES_KNOWN) ||
	    (attrs != NULL && attrs->type != DMAPP_C_PSET_ATTRS_VER1))
		return DMAPP_RC_INVALID_PARAM;
	if ((m = members_of(pdesc, &n)) == NULL)
		return DMAPP_RC_INVALID_PARAM;
	for (me = 0; me < n && m[me] != (uint32_t)dmapp.pe; me++)
		;
	if (me == n) {
		free(m);
		return DMAPP_RC_INVALID_PARAM;	/* not a member */
	}
	if (modes & DMAPP_C_PSET_MODE_HW_OFFLOAD) {
		free(m);
		return DMAPP_RC_NOT_SUPPORTED;
	}
	for (int i = 0; i < PSET_MAX; i++) {
		if (psets[i].in_use && psets[i].id == identifier) {
			free(m);
			return DMAPP_RC_BUSY;
		}
		if (!psets[i].in_use && p == NULL)
			p = &psets[i];
	}
	if (p == NULL) {
		free(m);
		return DMAPP_RC_NO_SPACE;
	}

	uint32_t gen = p->gen;
	memset(p, 0, sizeof(*p));
	p->gen = gen;
	p->in_use = 1;
	p->id = identifier;
	p->n = n;
	p->members = m;
	p->me = me;
	struct coll_slot *s = coll_slot(dmapp_pset_slot(p));
	s->arrive = 0;
	s->done = 0;
	__atomic_store_n(&coll_ids()[dmapp_pset_slot(p)], identifier,
			 __ATOMIC_RELEASE);
	*pset_hndl = pset_handle(p);
	return DMAPP_RC_SUCCESS;
}

/*
 * dmapp_c_pset_export (RB-3.1)
 * DMAPP_RC_SUCCESS, every member's slot known; DMAPP_RC_INVALID_PARAM
 * for a handle that names no live pset of this PE, or a cancelled one;
 * DMAPP_RC_NOT_FOUND when a member has not created a pset with this
 * identifier; a transfer's error otherwise.  Not synchronizing.
 */
dmapp_return_t dmapp_c_pset_export(dmapp_c_pset_handle_t pset_hndl)
{
	struct dmapp_pset *p = dmapp_to_pset(pset_hndl);
	uint64_t ids[PSET_MAX];
	dmapp_return_t rc;

	if (p == NULL || p->cancelled)
		return DMAPP_RC_INVALID_PARAM;
	if (p->slot_of == NULL &&
	    (p->slot_of = calloc(p->n, sizeof(*p->slot_of))) == NULL)
		return DMAPP_RC_RESOURCE_ERROR;

	for (uint32_t i = 0; i < p->n; i++) {
		uint32_t s;
		if (i == p->me) {
			p->slot_of[i] = dmapp_pset_slot(p);
			continue;
		}
		rc = coll_get((dmapp_pe_t)p->members[i], 0, ids, sizeof(ids));
		if (rc != DMAPP_RC_SUCCESS)
			return rc;
		for (s = 0; s < PSET_MAX && ids[s] != p->id; s++)
			;
		if (s == PSET_MAX)
			return DMAPP_RC_NOT_FOUND;
		p->slot_of[i] = s;
	}
	p->exported = 1;
	return DMAPP_RC_SUCCESS;
}

static void release(struct dmapp_pset *p)
{
	coll_ids()[dmapp_pset_slot(p)] = 0;
	free(p->members);
	free(p->slot_of);
	p->members = NULL;
	p->slot_of = NULL;
	p->in_use = 0;
	p->gen++;
}

/*
 * dmapp_c_pset_destroy (RB-3.1)
 * DMAPP_RC_SUCCESS, the handle no longer valid; DMAPP_RC_INVALID_PARAM
 * for a handle that names no live pset; DMAPP_RC_BUSY while a
 * collective operation on the pset is outstanding (not completed by
 * dmapp_c_pset_test/wait, nor cancelled).  Local.
 */
dmapp_return_t dmapp_c_pset_destroy(dmapp_c_pset_handle_t pset_hndl)
{
	struct dmapp_pset *p = dmapp_to_pset(pset_hndl);

	if (p == NULL)
		return DMAPP_RC_INVALID_PARAM;
	if (p->kind != COLL_NONE)
		return DMAPP_RC_BUSY;
	release(p);
	return DMAPP_RC_SUCCESS;
}

/*
 * dmapp_c_pset_cancel_op (RB-3.1)
 * DMAPP_RC_SUCCESS; DMAPP_RC_INVALID_PARAM for a handle that names no
 * live pset.  Local.  With an operation outstanding, the operation is
 * abandoned and the pset can afterwards only be destroyed; with none,
 * nothing happens.
 */
dmapp_return_t dmapp_c_pset_cancel_op(dmapp_c_pset_handle_t pset_hndl)
{
	struct dmapp_pset *p = dmapp_to_pset(pset_hndl);

	if (p == NULL)
		return DMAPP_RC_INVALID_PARAM;
	if (p->kind != COLL_NONE) {
		p->kind = COLL_NONE;
		p->cancelled = 1;
	}
	return DMAPP_RC_SUCCESS;
}

/* dmapp_finalize: the psets and callbacks belong to the job. */
void dmapp_ext_teardown(void)
{
	for (int i = 0; i < PSET_MAX; i++)
		if (psets[i].in_use) {
			free(psets[i].members);
			free(psets[i].slot_of);
			psets[i].members = NULL;
			psets[i].slot_of = NULL;
			psets[i].in_use = 0;
			psets[i].gen++;
		}
	dmapp_progress_cbs_reset();
}
