/*
 * dmapp_api.c: what the interpreter needs to know about DMAPP beyond the
 * generated table.  The target is a job of one PE: the fixture runs
 * dmapp_init (XT_SYMMETRIC_HEAP_SIZE small) once, and after each program
 * fz_dmapp_restore completes what it started, zeroes and frees its
 * symmetric-heap blocks and unregisters its registrations; a program
 * that changed what cannot be undone that way (init, finalize, RMA
 * attributes, a block or registration it lost track of) ends with
 * dmapp_finalize and the next one initializes afresh, so programs do
 * not leak into each other (make check compares traces, prog.h).
 *
 * The client's side of the contract (fix, before each call): the local
 * buffer of a transfer is inside the program's arena and long enough for
 * nelems elements (strides and index lists included); a remote address
 * given with a segment this program owns lies in memory of the program
 * behind that segment (a window of its data segment, a live symmetric
 * heap block, or a registered part of the arena) with room for the
 * transfer, unless the draw asks for an address outside the segment
 * (which the library must refuse).  So every report is the library's.
 *
 * Structures: segment descriptors (the job's data_seg or sheap_seg, a
 * registered one, a forged copy, NULL), RMA attributes (into dmapp_init,
 * dmapp_set_rma_attrs, dmapp_get_rma_attrs) and syncid references (a
 * live, retired or NULL handle into dmapp_syncid_test / _wait).
 */
#include <stdlib.h>
#include <string.h>
#include "dmapp_table.h"
#include "targets.h"
#include "emit.h"

#define NSHEAP 8
#define NREG   8
#define NIDX   64
#define WINDOW (16u << 10)
#define STRIDED_MAX 512

enum seg_kind { SEG_NONE, SEG_DATA, SEG_SHEAP, SEG_REG, SEG_FORGED };

struct block {
	uint64_t addr, len;
};

struct dmapp_ext {
	int up;				/* dmapp_init succeeded, no finalize */
	int dirty;			/* the program changed the job for good */
	int moved;			/* freed heap memory not zeroed */
	int attrs_set;			/* dmapp_set_rma_attrs succeeded */
	dmapp_rma_attrs_t fixture_attrs;	/* what the fixture's init gave */
	dmapp_jobinfo_t job;
	struct block sheap[NSHEAP];
	struct block reg[NREG];
	dmapp_seg_desc_t regdesc[NREG];
	dmapp_seg_desc_t seg[FZ_MAX_PARAMS];	/* built descriptors */
	uint8_t segkind[FZ_MAX_PARAMS];
	int segreg[FZ_MAX_PARAMS];		/* which registration */
	int reg_out;				/* mem_register: slot written */
	dmapp_rma_attrs_t attrs[FZ_MAX_PARAMS];
	dmapp_syncid_handle_t ref[FZ_MAX_PARAMS];
	int ref_slot;
	ptrdiff_t idx[NIDX];
	dmapp_pe_t pes[FZ_ARRAY];
};

static struct dmapp_ext ext;

/* The window of the program's own data segment that remote writes
 * through data_seg may reach (the rest of .data/.bss is the fuzzer's). */
static unsigned char window[WINDOW] __attribute__((aligned(64)));

static const char *const rc_names[] = {
	"DMAPP_RC_SUCCESS", "DMAPP_RC_INVALID_PARAM",
	"DMAPP_RC_ALIGNMENT_ERROR", "DMAPP_RC_TRANSACTION_ERROR",
	"DMAPP_RC_RESOURCE_ERROR", "DMAPP_RC_PERMISSION_ERROR",
	"DMAPP_RC_NO_SPACE", "DMAPP_RC_NOT_DONE", "DMAPP_RC_NOT_SUPPORTED",
	"DMAPP_RC_NOT_FOUND", "DMAPP_RC_BUSY", "DMAPP_RC_NOT_USED"
};

static const char *rc_name(uint64_t rc)
{
	return rc < sizeof rc_names / sizeof rc_names[0] ? rc_names[rc] : NULL;
}

#define U(x) ((uint64_t)(uintptr_t)(x))

static uint64_t call(struct fz_prog *p, int id, uint64_t a0, uint64_t a1)
{
	uint64_t a[FZ_MAX_PARAMS] = { a0, a1 }, rc = ~0ull;

	fz_invoke(p, id, a, &rc);
	return rc;
}

static void went_up(struct fz_prog *p)
{
	ext.up = call(p, FZ_DMAPP_dmapp_get_jobinfo, U(&ext.job), 0) ==
		DMAPP_RC_SUCCESS;
}

static void went_down(void)
{
	ext.up = 0;
	memset(ext.sheap, 0, sizeof ext.sheap);
	memset(ext.reg, 0, sizeof ext.reg);
}

/* ---- structures -------------------------------------------------------- */

static uint64_t build_seg(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	uint64_t g = fz_raw(p, 8);
	dmapp_seg_desc_t *d = &ext.seg[param];
	int n = 0;

	ext.segkind[param] = SEG_NONE;
	for (int k = 0; k < NREG; k++)
		n += ext.reg[k].len != 0;
	if (b < 0x50 || (b < 0xA0 && !n && !ext.sheap[0].len)) {
		*d = ext.job.data_seg;
		ext.segkind[param] = SEG_DATA;
	} else if (b < 0x80) {
		*d = ext.job.sheap_seg;
		ext.segkind[param] = SEG_SHEAP;
	} else if (b < 0xA0) {
		int k, m = (int)(g % (n ? n : 1));
		for (k = 0; k < NREG; k++)
			if (ext.reg[k].len && m-- == 0)
				break;
		if (k < NREG) {
			*d = ext.regdesc[k];
			ext.segkind[param] = SEG_REG;
			ext.segreg[param] = k;
		} else {
			*d = ext.job.sheap_seg;
			ext.segkind[param] = SEG_SHEAP;
		}
	} else if (b < 0xE0) {
		/* a forged copy: one field changed */
		*d = b & 1 ? ext.job.sheap_seg : ext.job.data_seg;
		switch (b % 5) {
		case 0: d->addr = (void *)(uintptr_t)g; break;
		case 1: d->len = g; break;
		case 2: d->memhndl.qword1 ^= g | 1; break;
		case 3: d->memhndl.qword2 ^= g | 1; break;
		default: memset(d, (int)(g & 0xFF), sizeof *d); break;
		}
		ext.segkind[param] = SEG_FORGED;
	} else if (b < 0xF0) {
		/* mem_register's output: a slot for the new descriptor */
		memset(d, 0, sizeof *d);
	} else {
		return 0;
	}
	return U(d);
}

static uint64_t build_attrs(struct fz_prog *p, int param)
{
	dmapp_rma_attrs_t *a = &ext.attrs[param];
	uint8_t b = fz_u8(p), o = fz_u8(p), c = fz_u8(p);
	uint64_t mo = fz_int(p, 4), th = fz_int(p, 4);

	memset(a, 0, sizeof *a);
	a->max_outstanding_nb = (uint32_t)(b < 0x80 ? mo % 1025 : mo);
	a->offload_threshold = (uint32_t)th;
	a->put_relaxed_ordering = (uint8_t)(o < 0xC0 ? o % 3 : o);
	a->get_relaxed_ordering = (uint8_t)(o < 0xC0 ? (o >> 2) % 3 : o >> 1);
	a->max_concurrency = (uint8_t)(c < 0xC0 ? c % 5 : c);
	return b >= 0xF8 ? 0 : U(a);
}

static uint64_t build_ref(struct fz_prog *p, int param)
{
	int slot;
	uint64_t v = fz_handle(p, FZ_DMAPP_H_SYNCID, &slot);

	ext.ref[param] = (dmapp_syncid_handle_t)(uintptr_t)v;
	ext.ref_slot = slot;
	p->slot[param] = slot;
	return fz_u8(p) >= 0xF8 ? 0 : U(&ext.ref[param]);
}

static uint64_t build(struct fz_prog *p, int id, int param)
{
	switch (id) {
	case FZ_DMAPP_S_SEG_DESC:
		return build_seg(p, param);
	case FZ_DMAPP_S_RMA_ATTRS:
		return build_attrs(p, param);
	case FZ_DMAPP_S_SYNCID_REF:
		return build_ref(p, param);
	}
	return 0;
}

/* ---- the client's side of the contract ---------------------------------- */

static int param_of(const struct fz_call *c, const char *name)
{
	for (int i = 0; i < c->nparams; i++)
		if (strcmp(c->params[i].name, name) == 0)
			return i;
	return -1;
}

static uint64_t esize(uint64_t type)
{
	static const uint64_t size[] = { 16, 8, 4, 1 };
	return type < 4 ? size[type] : 16;	/* unknown: the largest */
}

/* Point the remote address of a transfer (param ai, segment si) into
 * memory of the program behind the segment; returns the room there
 * (UINT64_MAX: the address is left as drawn, the library must refuse). */
/* A remote address left as drawn: never inside the data segment, whose
 * every byte but the window is the fuzzer's (the arena among them, in
 * .bss), so the library would accept it and write there; past the
 * segment's end instead, where it must be refused. */
static uint64_t outside_data(uint64_t v)
{
	uint64_t lo = U(ext.job.data_seg.addr), hi = lo + ext.job.data_seg.len;

	return v >= lo && v < hi ? hi + (v & 0xF8) : v;
}

static uint64_t remote(struct fz_prog *p, uint64_t *a, int ai, int si)
{
	uint64_t v = a[ai], off = (v >> 3) ^ (v >> 17);
	int k;

	if (si < 0 || !a[si] || (v & 0xF00) == 0xF00) {
		a[ai] = outside_data(v);
		return UINT64_MAX;
	}
	switch (ext.segkind[si]) {
	case SEG_DATA:
		off %= WINDOW - 15;
		a[ai] = U(window) + off;
		return WINDOW - off;
	case SEG_SHEAP:
		k = (int)((v >> 4) % NSHEAP);
		for (int t = 0; t < NSHEAP && !ext.sheap[k].len; t++)
			k = (k + 1) % NSHEAP;
		if (!ext.sheap[k].len)
			break;
		off %= ext.sheap[k].len > 16 ? ext.sheap[k].len - 15 : 1;
		a[ai] = ext.sheap[k].addr + off;
		return ext.sheap[k].len - off;
	case SEG_REG:
		k = ext.segreg[si];
		off %= ext.reg[k].len > 16 ? ext.reg[k].len - 15 : 1;
		a[ai] = ext.reg[k].addr + off;
		return ext.reg[k].len - off;
	}
	(void)p;
	a[ai] = outside_data(v);
	return UINT64_MAX;
}

static void fix_rma(struct fz_prog *p, const struct fz_call *c, uint64_t *a)
{
	int tgt = param_of(c, "target_addr"), src = param_of(c, "source_addr");
	int tseg = param_of(c, "target_seg"), sseg = param_of(c, "source_seg");
	int ne = param_of(c, "nelems"), ty = param_of(c, "type");
	int tst = param_of(c, "tst"), sst = param_of(c, "sst");
	int tidx = param_of(c, "tidx"), sidx = param_of(c, "sidx");
	int pe = param_of(c, "target_pe"), spe = param_of(c, "source_pe");
	int list = param_of(c, "target_pe_list"), slist = param_of(c, "source_pe_list");
	int npes = param_of(c, "num_target_pes"), nspes = param_of(c, "num_source_pes");
	int rem = tseg >= 0 ? tgt : src, loc = tseg >= 0 ? src : tgt;
	int rseg = tseg >= 0 ? tseg : sseg;
	uint64_t es = ty >= 0 ? esize(a[ty]) : 8, n = ne >= 0 ? a[ne] : 1;
	uint64_t lroom, rroom, mult = 1;

	/* PEs: mostly this one (the job has one), sometimes as drawn */
	if (pe >= 0 && !(a[pe] & 8))
		a[pe] = 0;
	if (spe >= 0 && !(a[spe] & 8))
		a[spe] = 0;
	if (list >= 0 || slist >= 0) {
		int l = list >= 0 ? list : slist, cn = list >= 0 ? npes : nspes;
		uint64_t v = *(uint64_t *)(uintptr_t)(a[l] ? a[l] : U(&ext.pes));
		/* the list must hold num entries: the library cannot check */
		if (a[cn] > FZ_ARRAY)
			a[cn] %= FZ_ARRAY + 1;
		for (int k = 0; k < FZ_ARRAY; k++)
			ext.pes[k] = ((v >> (2 * k)) & 3) == 3 ?
				(dmapp_pe_t)(v >> (8 + k)) : 0;
		if (a[l])
			a[l] = U(ext.pes);
		mult = a[cn] <= FZ_ARRAY ? (a[cn] ? a[cn] : 1) : 1;
	}
	/* the local buffer: inside the arena (or NULL, as drawn) */
	lroom = loc >= 0 && a[loc] ? (uint64_t)(p->arena + FZ_ARENA -
			(unsigned char *)(uintptr_t)a[loc]) : 0;
	rroom = rem >= 0 ? remote(p, a, rem, rseg) : UINT64_MAX;
	/* strides: small, sometimes 0 or negative as drawn */
	if (tst >= 0 && (a[tst] & 0x30) != 0x30)
		a[tst] = a[tst] % 9;
	if (sst >= 0 && (a[sst] & 0x30) != 0x30)
		a[sst] = a[sst] % 9;
	int64_t ls = 1, rs = 1;
	if (tst >= 0) {
		int64_t t = (int64_t)a[tst], s = (int64_t)a[sst];
		ls = tseg >= 0 ? s : t;
		rs = tseg >= 0 ? t : s;
		/* a drawn (absurd) stride is kept: below, the room then
		 * holds one element, so neither buffer is overrun */
		if (ls < 0 || rs < 0)
			ls = rs = 8;	/* negative: room as for 8 forwards */
	}
	if (tidx >= 0 || sidx >= 0) {
		int ix = tidx >= 0 ? tidx : sidx;
		uint64_t seed = a[ix] ? *(uint64_t *)(uintptr_t)a[ix] : 0;
		uint64_t maxel = rroom == UINT64_MAX ? 64 : rroom / es;
		if (n > NIDX)	/* the list must hold nelems indexes */
			n = a[ne] = NIDX;
		for (int k = 0; k < NIDX; k++)
			ext.idx[k] = maxel ? (ptrdiff_t)((seed + 7u * k) % maxel) : 0;
		if (a[ix])
			a[ix] = U(ext.idx);
		rroom = UINT64_MAX;	/* the indexes stay inside */
	}
	/* nelems: what fits both sides, unless the draw was absurd */
	/* absurd counts only where the library can see them: a forged
	 * descriptor may claim any length (E-DMAPP-034 trusts it) */
	if (ne >= 0 && (!(a[ne] >> 40) || (rseg >= 0 &&
			ext.segkind[rseg] == SEG_FORGED))) {
		uint64_t lmax = lroom ? lroom / es / mult : 0;
		uint64_t rmax = rroom == UINT64_MAX ? UINT64_MAX : rroom / es;
		if (tst >= 0) {	/* stride 0: every element on the first */
			lmax = !lmax ? 0 : ls ? (lmax - 1) / (uint64_t)ls + 1 :
				UINT64_MAX;
			if (rmax != UINT64_MAX)
				rmax = !rmax ? 0 : rs ? (rmax - 1) / (uint64_t)rs
					+ 1 : UINT64_MAX;
			if (lmax == UINT64_MAX && rmax == UINT64_MAX)
				lmax = 64;
		}
		uint64_t m = lmax < rmax ? lmax : rmax;
		if (loc >= 0 && !a[loc])
			m = 64;	/* NULL local buffer: the library must refuse */
		/* a strided transfer moves element by element: a few
		 * hundred show what thousands would, at a fraction of the
		 * time (the suite's tests move the large counts) */
		if (tst >= 0 && m > STRIDED_MAX)
			m = STRIDED_MAX;
		if (n > m)
			n = m ? n % (m + 1) : 0;
		a[ne] = n;
	} else if (ne < 0 && rroom < 16) {
		a[rem] = U(p->arena);	/* an AMO: outside the segment */
	}
}

static int sheap_find(uint64_t addr)
{
	for (int k = 0; k < NSHEAP; k++)
		if (ext.sheap[k].len && ext.sheap[k].addr == addr)
			return k;
	return -1;
}

static void sheap_add(uint64_t addr, uint64_t len)
{
	for (int k = 0; k < NSHEAP; k++)
		if (!ext.sheap[k].len) {
			ext.sheap[k] = (struct block){ addr, len };
			return;
		}
	/* full: the block stays allocated but is not used as a target */
	ext.dirty = 1;
}

/* Zero block k as far as the heap goes (a block's recorded length is
 * what the program asked for, which may pass the heap's end). */
static void zero_block(int k)
{
	uint64_t lo = U(ext.job.sheap_seg.addr), hi = lo + ext.job.sheap_seg.len;
	uint64_t a = ext.sheap[k].addr, n = ext.sheap[k].len;

	if (a < lo || a >= hi)
		return;
	memset((void *)(uintptr_t)a, 0, n < hi - a ? n : hi - a);
}

static void fix(struct fz_prog *p, int id, uint64_t *a)
{
	const struct fz_call *c = &p->api->calls[id];

	switch (id) {
	case FZ_DMAPP_dmapp_sheap_free:
	case FZ_DMAPP_dmapp_sheap_realloc: {
		/* a live block, NULL, or (rarely) a foreign pointer, which
		 * E-DMAPP-051 lets the library ignore */
		uint64_t v = a[0];
		int k = (int)((v >> 4) % NSHEAP);
		if ((v & 0xFF) == 0xFF)
			break;
		for (int t = 0; t < NSHEAP && !ext.sheap[k].len; t++)
			k = (k + 1) % NSHEAP;
		a[0] = ext.sheap[k].len && (v & 0x7) ? ext.sheap[k].addr : 0;
		/* what the program wrote dies with the block (a fresh job's
		 * heap is zero): the next block there starts as in a fresh
		 * process */
		if (a[0] && id == FZ_DMAPP_dmapp_sheap_free)
			zero_block(k);
		break;
	}
	case FZ_DMAPP_dmapp_sheap_malloc:
		if (!(a[0] >> 40))
			a[0] %= 8192;
		break;
	case FZ_DMAPP_dmapp_mem_register:
		/* the descriptor is an output: never one of the job's */
		if (a[2] && ext.segkind[2] != SEG_NONE)
			memset(&ext.seg[2], 0, sizeof ext.seg[2]);
		break;
	default:
		if (param_of(c, "nelems") >= 0 || param_of(c, "target_seg") >= 0 ||
				param_of(c, "source_seg") >= 0)
			fix_rma(p, c, a);
		break;
	}
}

static void after(struct fz_prog *p, int id, const uint64_t *a, uint64_t rc)
{
	switch (id) {
	case FZ_DMAPP_dmapp_init:
		if (rc == DMAPP_RC_SUCCESS) {
			went_up(p);
			ext.dirty = 1;
		}
		break;
	case FZ_DMAPP_dmapp_finalize:
		if (rc == DMAPP_RC_SUCCESS) {
			went_down();
			ext.dirty = 1;
		}
		break;
	case FZ_DMAPP_dmapp_set_rma_attrs:
		ext.attrs_set |= rc == DMAPP_RC_SUCCESS;
		break;
	case FZ_DMAPP_dmapp_sheap_malloc:
		if (rc && ext.up)
			sheap_add(rc, a[0] ? a[0] : 1);
		break;
	case FZ_DMAPP_dmapp_sheap_realloc: {
		int k = sheap_find(a[0]);
		if (k >= 0 && (rc || a[1] == 0)) {
			ext.sheap[k].len = 0;	/* moved or freed */
			ext.moved |= rc != a[0];
		}
		if (rc && ext.up)
			sheap_add(rc, a[1] ? a[1] : 1);
		break;
	}
	case FZ_DMAPP_dmapp_sheap_free: {
		int k = sheap_find(a[0]);
		if (k >= 0)
			ext.sheap[k].len = 0;
		break;
	}
	case FZ_DMAPP_dmapp_mem_register: {
		int k = 0;
		if (rc != DMAPP_RC_SUCCESS)
			break;
		if (p->honest[0] && p->honest[1] && a[2])
			for (; k < NREG; k++)
				if (!ext.reg[k].len) {
					ext.reg[k] = (struct block){ a[0], a[1] };
					ext.regdesc[k] = ext.seg[2];
					break;
				}
		ext.dirty |= k == NREG || !a[2] || !p->honest[0] ||
			!p->honest[1];	/* a registration it cannot undo */
		break;
	}
	case FZ_DMAPP_dmapp_mem_unregister:
		if (rc == DMAPP_RC_SUCCESS && ext.segkind[0] == SEG_REG)
			ext.reg[ext.segreg[0]].len = 0;
		break;
	case FZ_DMAPP_dmapp_syncid_wait:
	case FZ_DMAPP_dmapp_syncid_test:
		/* completion retires the syncid (E-DMAPP-044, -045) */
		if (ext.ref_slot >= 0 && p->h[ext.ref_slot].state == FZ_H_LIVE &&
				a[0] && (rc == DMAPP_RC_TRANSACTION_ERROR ||
				(rc == DMAPP_RC_SUCCESS && (id ==
				FZ_DMAPP_dmapp_syncid_wait || (a[1] &&
				*(int *)(uintptr_t)a[1])))))
			p->h[ext.ref_slot].state = FZ_H_STALE;
		break;
	}
}

/* Unless the fixture is kept (fz_dmapp_restore), a program ends with
 * the job finalized: its syncids, blocks and registrations die with it. */
static void reset(struct fz_prog *p)
{
	if (!p->fix_built) {
		/* SUCCESS also when not initialized (E-DMAPP-041) */
		if (p->fns)
			call(p, FZ_DMAPP_dmapp_finalize, 0, 0);
		went_down();
	}
	ext.ref_slot = -1;
	ext.dirty = ext.moved = ext.attrs_set = 0;
}

/* Set the fixture's RMA attributes back; 1 when the job then reports
 * exactly them. */
static int restore_attrs(struct fz_prog *p)
{
	dmapp_rma_attrs_t now;

	if (call(p, FZ_DMAPP_dmapp_set_rma_attrs, U(&ext.fixture_attrs), 0) !=
			DMAPP_RC_SUCCESS)
		return 0;
	memset(&now, 0, sizeof now);
	if (call(p, FZ_DMAPP_dmapp_get_rma_attrs, U(&now), 0) != DMAPP_RC_SUCCESS)
		return 0;
	const dmapp_rma_attrs_t *f = &ext.fixture_attrs;
	return now.max_outstanding_nb == f->max_outstanding_nb &&
		now.offload_threshold == f->offload_threshold &&
		now.put_relaxed_ordering == f->put_relaxed_ordering &&
		now.get_relaxed_ordering == f->get_relaxed_ordering &&
		now.max_concurrency == f->max_concurrency;
}

/* The job as the fixture left it: what the program started completed,
 * its blocks zeroed and freed, its registrations undone, the window of
 * the data segment zeroed.  0 (the job then finalized by reset) when
 * the program changed the job in a way this cannot undo. */
int fz_dmapp_restore(struct fz_prog *p)
{
	if (!ext.up || ext.dirty || ext.moved)
		return 0;
	for (int s = 0; s < p->nh; s++) {
		dmapp_syncid_handle_t h;
		if (p->h[s].kind != FZ_DMAPP_H_SYNCID ||
				p->h[s].state != FZ_H_LIVE)
			continue;
		memcpy(&h, p->h[s].v, sizeof h);
		uint64_t rc = call(p, FZ_DMAPP_dmapp_syncid_wait, U(&h), 0);
		if (rc != DMAPP_RC_SUCCESS && rc != DMAPP_RC_TRANSACTION_ERROR)
			return 0;
	}
	uint64_t rc = call(p, FZ_DMAPP_dmapp_gsync_wait, 0, 0);
	if (rc != DMAPP_RC_SUCCESS && rc != DMAPP_RC_TRANSACTION_ERROR)
		return 0;
	for (int k = 0; k < NSHEAP; k++)
		if (ext.sheap[k].len) {
			zero_block(k);
			call(p, FZ_DMAPP_dmapp_sheap_free, ext.sheap[k].addr, 0);
			ext.sheap[k].len = 0;
		}
	for (int k = 0; k < NREG; k++)
		if (ext.reg[k].len) {
			if (call(p, FZ_DMAPP_dmapp_mem_unregister,
					U(&ext.regdesc[k]), 0) != DMAPP_RC_SUCCESS)
				return 0;
			ext.reg[k].len = 0;
		}
	memset(window, 0, sizeof window);
	return !ext.attrs_set || restore_attrs(p);
}

/* E-DMAPP-041: before dmapp_init and after dmapp_finalize every
 * dmapp_return_t call but dmapp_finalize returns DMAPP_RC_INVALID_PARAM,
 * whatever its page lists. */
static int allowed(struct fz_prog *p, int id, uint64_t rc)
{
	(void)p;
	return !ext.up && rc == DMAPP_RC_INVALID_PARAM &&
		id != FZ_DMAPP_dmapp_finalize;
}

const struct fz_api fz_api_dmapp = {
	.name = "dmapp",
	.calls = fz_dmapp_calls,
	.ncalls = FZ_DMAPP_NCALLS,
	.handle_names = fz_dmapp_handle_names,
	.handle_sizes = fz_dmapp_handle_sizes,
	.nhandles = FZ_DMAPP_NHANDLES,
	.cleanup = fz_dmapp_cleanup,
	.success = DMAPP_RC_SUCCESS,
	.invoke = fz_dmapp_invoke,
	.build = build,
	.fix = fix,
	.allowed = allowed,
	.after = after,
	.reset = reset,
	.rc_name = rc_name,
	.header = FZ_DMAPP_HEADER,
	.handle_types = fz_dmapp_handle_types,
};

void *fz_dmapp_fns_dl(void *dl)
{
	struct fz_dmapp_fns *f = calloc(1, sizeof *f);

	if (f)
		fz_dmapp_bind_dl(f, dl);
	return f;
}

/* A job of one PE with a small symmetric heap. */
void fz_dmapp_fixture(struct fz_prog *p)
{
	dmapp_rma_attrs_t want = { .max_outstanding_nb = 64,
		.offload_threshold = DMAPP_OFFLOAD_THRESHOLD,
		.put_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC,
		.get_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC,
		.max_concurrency = 1 }, actual;

	setenv("XT_SYMMETRIC_HEAP_SIZE", "1M", 0);
	fz_rec_setenv(p, "XT_SYMMETRIC_HEAP_SIZE", "1M");
	memset(&actual, 0, sizeof actual);
	if (call(p, FZ_DMAPP_dmapp_init, U(&want), U(&actual)) ==
			DMAPP_RC_SUCCESS) {
		went_up(p);
		ext.fixture_attrs = actual;
	}
}

/* dmapp_attrs: RMA attributes into init / set / get, then transfers
 * that the attributes govern (offload threshold, ordering). */
const int fz_dmapp_attrs_calls[] = {
	FZ_DMAPP_dmapp_set_rma_attrs, FZ_DMAPP_dmapp_set_rma_attrs,
	FZ_DMAPP_dmapp_get_rma_attrs, FZ_DMAPP_dmapp_finalize,
	FZ_DMAPP_dmapp_init, FZ_DMAPP_dmapp_init,
	FZ_DMAPP_dmapp_put, FZ_DMAPP_dmapp_get, FZ_DMAPP_dmapp_put_nb,
	FZ_DMAPP_dmapp_get_nbi, FZ_DMAPP_dmapp_syncid_wait,
	FZ_DMAPP_dmapp_gsync_wait, FZ_DMAPP_dmapp_sheap_malloc,
	-1
};
