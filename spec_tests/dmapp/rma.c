/*
 * rma.c: the PUT and GET families of 4.9.2.1-4.9.2.4 (5.3.6-5.3.32),
 * one test per (call, aspect).
 *
 * The 27 calls are rows of `calls` (family x form); the aspects the
 * clauses of vectors/dmapp/clauses.json name for them are rows of
 * `aspects`.  A constructor registers every applicable pair as its own
 * test, `dmapp.<call>.<aspect>.<case>`, with the clause
 * DMAPP-<section>-<call>-<aspect suffix>.  All tests run one scenario
 * engine (`run`): PE 0 (the root) makes the requests, every PE then
 * checks the memory it exports against a byte model of the call, and
 * the root checks its local buffer.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt.h"

enum fam { F_PUT, F_GET, F_IPUT, F_IGET, F_IXPUT, F_IXGET, F_PIXPE, F_SCAT,
	   F_GATH, NFAM };
enum form { BLK, NB, NBI };

#define B(f) (1u << (f))
#define P2P (B(F_PUT) | B(F_GET) | B(F_IPUT) | B(F_IGET) | B(F_IXPUT) | B(F_IXGET))
#define IXPE (B(F_PIXPE) | B(F_SCAT) | B(F_GATH))
#define ALL (P2P | IXPE)
#define PUTS (B(F_PUT) | B(F_IPUT) | B(F_IXPUT) | B(F_PIXPE) | B(F_SCAT))
#define GETS (B(F_GET) | B(F_IGET) | B(F_IXGET) | B(F_GATH))
#define FORMS (B(BLK) | B(NB) | B(NBI))

struct call {
	const char *name;	/* C name without dmapp_ */
	const char *sec;	/* its section, 5.3.N */
	enum fam fam;
	enum form form;
	bool no_space;		/* its section lists DMAPP_RC_NO_SPACE */
};

static const struct call calls[] = {
	{ "put_nb", "5.3.6", F_PUT, NB, true },
	{ "put_nbi", "5.3.7", F_PUT, NBI, false },
	{ "put", "5.3.8", F_PUT, BLK, true },
	{ "get_nb", "5.3.9", F_GET, NB, true },
	{ "get_nbi", "5.3.10", F_GET, NBI, false },
	{ "get", "5.3.11", F_GET, BLK, true },
	{ "iput_nb", "5.3.12", F_IPUT, NB, true },
	{ "iput_nbi", "5.3.13", F_IPUT, NBI, true },
	{ "iput", "5.3.14", F_IPUT, BLK, true },
	{ "iget_nb", "5.3.15", F_IGET, NB, true },
	{ "iget_nbi", "5.3.16", F_IGET, NBI, true },
	{ "iget", "5.3.17", F_IGET, BLK, true },
	{ "ixput_nb", "5.3.18", F_IXPUT, NB, true },
	{ "ixput_nbi", "5.3.19", F_IXPUT, NBI, true },
	{ "ixput", "5.3.20", F_IXPUT, BLK, true },
	{ "ixget_nb", "5.3.21", F_IXGET, NB, true },
	{ "ixget_nbi", "5.3.22", F_IXGET, NBI, true },
	{ "ixget", "5.3.23", F_IXGET, BLK, true },
	{ "put_ixpe_nb", "5.3.24", F_PIXPE, NB, true },
	{ "put_ixpe_nbi", "5.3.25", F_PIXPE, NBI, true },
	{ "put_ixpe", "5.3.26", F_PIXPE, BLK, true },
	{ "scatter_ixpe_nb", "5.3.27", F_SCAT, NB, true },
	{ "scatter_ixpe_nbi", "5.3.28", F_SCAT, NBI, true },
	{ "scatter_ixpe", "5.3.29", F_SCAT, BLK, true },
	{ "gather_ixpe_nb", "5.3.30", F_GATH, NB, true },
	{ "gather_ixpe_nbi", "5.3.31", F_GATH, NBI, true },
	{ "gather_ixpe", "5.3.32", F_GATH, BLK, true },
};
#define NCALLS (sizeof calls / sizeof calls[0])

static bool is_put(enum fam f) { return (B(f) & PUTS) != 0; }
static bool is_ixpe(enum fam f) { return (B(f) & IXPE) != 0; }

/* ------------------------------------------------------------------ */
/* One request and its byte model                                      */
/* ------------------------------------------------------------------ */

#define MAXIDX 16
#define MAXSTEP 24

/* Offsets are bytes from the start of the local buffer / the remote
 * block; strides and indices count elements (E-DMAPP-032, -033). */
struct xf {
	dmapp_type_t type;
	uint64_t n;
	ptrdiff_t loff, roff;
	ptrdiff_t lst, rst;		/* strided: local / remote stride */
	ptrdiff_t idx[MAXIDX];		/* indexed: remote offsets */
	int nlist;			/* PE list (p2p: the one PE) */
	dmapp_pe_t list[8];
};

/* Apply request x as list entry k: a PUT writes R from L, a GET L from R. */
static void model(enum fam f, const struct xf *x, int k, uint8_t *L,
		  uint8_t *R)
{
	ptrdiff_t sz = (ptrdiff_t)dt_size(x->type);

	for (ptrdiff_t i = 0; i < (ptrdiff_t)x->n; i++) {
		ptrdiff_t lo = i * sz, ro = i * sz;

		switch (f) {
		case F_IPUT: case F_IGET:
			lo = i * x->lst * sz;
			ro = i * x->rst * sz;
			break;
		case F_IXPUT: case F_IXGET:
			ro = x->idx[i] * sz;
			break;
		case F_SCAT: case F_GATH:
			lo = ((ptrdiff_t)k * (ptrdiff_t)x->n + i) * sz;
			break;
		default:
			break;
		}
		if (is_put(f))
			memcpy(R + x->roff + ro, L + x->loff + lo, (size_t)sz);
		else
			memcpy(L + x->loff + lo, R + x->roff + ro, (size_t)sz);
	}
}

/* Issue the call of c for x: local buffer L, remote block R (addresses
 * as the caller names them), descriptor seg. */
static dmapp_return_t issue(const struct call *c, const struct xf *x,
			    uint8_t *L, uint8_t *R, dmapp_seg_desc_t *seg,
			    dmapp_syncid_handle_t *sid)
{
	void *l = L ? L + x->loff : NULL;
	void *r = R + x->roff;
	dmapp_pe_t pe = x->list[0];
	dmapp_pe_t *pl = (dmapp_pe_t *)x->list;
	uint32_t np = (uint32_t)x->nlist;
	ptrdiff_t *ix = (ptrdiff_t *)x->idx;
	uint64_t n = x->n;
	dmapp_type_t t = x->type;

	switch (c->fam * 3 + c->form) {
	case F_PUT * 3 + BLK: return dmapp_put(r, seg, pe, l, n, t);
	case F_PUT * 3 + NB: return dmapp_put_nb(r, seg, pe, l, n, t, sid);
	case F_PUT * 3 + NBI: return dmapp_put_nbi(r, seg, pe, l, n, t);
	case F_GET * 3 + BLK: return dmapp_get(l, r, seg, pe, n, t);
	case F_GET * 3 + NB: return dmapp_get_nb(l, r, seg, pe, n, t, sid);
	case F_GET * 3 + NBI: return dmapp_get_nbi(l, r, seg, pe, n, t);
	case F_IPUT * 3 + BLK:
		return dmapp_iput(r, seg, pe, l, x->rst, x->lst, n, t);
	case F_IPUT * 3 + NB:
		return dmapp_iput_nb(r, seg, pe, l, x->rst, x->lst, n, t, sid);
	case F_IPUT * 3 + NBI:
		return dmapp_iput_nbi(r, seg, pe, l, x->rst, x->lst, n, t);
	case F_IGET * 3 + BLK:
		return dmapp_iget(l, r, seg, pe, x->lst, x->rst, n, t);
	case F_IGET * 3 + NB:
		return dmapp_iget_nb(l, r, seg, pe, x->lst, x->rst, n, t, sid);
	case F_IGET * 3 + NBI:
		return dmapp_iget_nbi(l, r, seg, pe, x->lst, x->rst, n, t);
	case F_IXPUT * 3 + BLK: return dmapp_ixput(r, seg, pe, l, ix, n, t);
	case F_IXPUT * 3 + NB:
		return dmapp_ixput_nb(r, seg, pe, l, ix, n, t, sid);
	case F_IXPUT * 3 + NBI: return dmapp_ixput_nbi(r, seg, pe, l, ix, n, t);
	case F_IXGET * 3 + BLK: return dmapp_ixget(l, r, seg, pe, ix, n, t);
	case F_IXGET * 3 + NB:
		return dmapp_ixget_nb(l, r, seg, pe, ix, n, t, sid);
	case F_IXGET * 3 + NBI: return dmapp_ixget_nbi(l, r, seg, pe, ix, n, t);
	case F_PIXPE * 3 + BLK: return dmapp_put_ixpe(r, seg, pl, np, l, n, t);
	case F_PIXPE * 3 + NB:
		return dmapp_put_ixpe_nb(r, seg, pl, np, l, n, t, sid);
	case F_PIXPE * 3 + NBI:
		return dmapp_put_ixpe_nbi(r, seg, pl, np, l, n, t);
	case F_SCAT * 3 + BLK: return dmapp_scatter_ixpe(r, seg, pl, np, l, n, t);
	case F_SCAT * 3 + NB:
		return dmapp_scatter_ixpe_nb(r, seg, pl, np, l, n, t, sid);
	case F_SCAT * 3 + NBI:
		return dmapp_scatter_ixpe_nbi(r, seg, pl, np, l, n, t);
	case F_GATH * 3 + BLK: return dmapp_gather_ixpe(l, r, seg, pl, np, n, t);
	case F_GATH * 3 + NB:
		return dmapp_gather_ixpe_nb(l, r, seg, pl, np, n, t, sid);
	case F_GATH * 3 + NBI:
		return dmapp_gather_ixpe_nbi(l, r, seg, pl, np, n, t);
	}
	return DMAPP_RC_NOT_USED;
}

/* 4.9: an _nb or _nbi call's status says only whether the request was
 * initiated; no _nb or _nbi section lists DMAPP_RC_TRANSACTION_ERROR, so
 * a failed transfer is the sync call's to report (E-DMAPP-034, -045). */
static void check_initiation(const struct call *c, long long rc,
			     const char *cl)
{
	if (c->form != BLK && rc == DMAPP_RC_TRANSACTION_ERROR)
		RT_FAIL(cl, "a-code-its-section-lists",
			"DMAPP_RC_TRANSACTION_ERROR-from-the-call",
			"dmapp_%s reported a transfer failure itself", c->name);
}

static dmapp_return_t complete(const struct call *c, dmapp_syncid_handle_t *sid)
{
	switch (c->form) {
	case NB: return dmapp_syncid_wait(sid);
	case NBI: return dmapp_gsync_wait();
	default: return DMAPP_RC_SUCCESS;
	}
}

/* ------------------------------------------------------------------ */
/* The scenario engine                                                 */
/* ------------------------------------------------------------------ */

enum seg { S_SHEAP, S_DATA, S_REG, S_STALE };

struct run {
	int np;				/* PEs needed */
	enum seg seg;
	size_t bsz;			/* size of every buffer */
	uint32_t max_nb;		/* 0: DMAPP_DEF_OUTSTANDING_NB */
	int nstep;
	struct xf st[MAXSTEP];
	long long acc[4];		/* accepted error codes */
	int nacc;
	bool ok_success;		/* DMAPP_RC_SUCCESS accepted (data checked) */
	bool defer;			/* complete all steps with one gsync */
	bool mutate;			/* overwrite the source once complete */
	bool occupy;			/* hold max_nb _nb requests first */
	bool skip_verify_on_error;
	int inject;			/* knob set before step 0 (0: none) */
	bool split;			/* check call and completion apart:
					   call SUCCESS, completion acc */
	const char *clause;
};

#define REGION 2048

static void default_xf(const struct call *c, struct xf *x, dmapp_type_t t,
		       int region)
{
	static const ptrdiff_t idx[] = { 0, 5, 2, 9, 4, 11, 7 };

	memset(x, 0, sizeof *x);
	x->type = t;
	x->loff = x->roff = 64 + (ptrdiff_t)region * REGION;
	x->nlist = 1;
	x->list[0] = 1;
	switch (c->fam) {
	case F_IPUT:
		x->n = 7; x->lst = 2; x->rst = 3;	/* sst 2, tst 3 */
		break;
	case F_IGET:
		x->n = 7; x->lst = 2; x->rst = 3;	/* tst 2, sst 3 */
		break;
	case F_IXPUT: case F_IXGET:
		x->n = 7;
		memcpy(x->idx, idx, sizeof idx);
		break;
	case F_PIXPE: case F_SCAT: case F_GATH:
		x->n = 19;
		x->nlist = 2;
		x->list[0] = 2;		/* the two other PEs of PE 0 */
		x->list[1] = 1;
		break;
	default:
		x->n = 37;
		break;
	}
}

static void set_list(struct xf *x, int n, const dmapp_pe_t *l)
{
	x->nlist = n;
	for (int i = 0; i < n; i++)
		x->list[i] = l[i];
}

static void init_run(struct run *r, const struct call *c, const char *clause)
{
	memset(r, 0, sizeof *r);
	r->np = is_ixpe(c->fam) ? 4 : 2;
	r->bsz = 4 * REGION;
	r->nstep = 1;
	default_xf(c, &r->st[0], DMAPP_QW, 0);
	r->ok_success = true;
	r->clause = clause;
}

static bool accepted(const struct run *r, long long rc)
{
	if (rc == DMAPP_RC_SUCCESS)
		return r->ok_success;
	for (int i = 0; i < r->nacc; i++)
		if (r->acc[i] == rc)
			return true;
	return false;
}

static void check_rc(const struct run *r, long long rc, int step)
{
	char want[160] = "one-of{";

	if (accepted(r, rc))
		return;
	if (r->ok_success)
		strcat(want, "DMAPP_RC_SUCCESS,");
	for (int i = 0; i < r->nacc; i++) {
		strcat(want, dt_rc_name(r->acc[i]) ? dt_rc_name(r->acc[i]) : "?");
		strcat(want, ",");
	}
	want[strlen(want) - 1] = '}';
	RT_FAIL(r->clause, want, dt_rc_name(rc) ? dt_rc_name(rc) : "unknown",
		"request %d returned %lld", step, rc);
}

struct peerinfo {
	uint8_t *addr;
	dmapp_seg_desc_t seg;
};

static void run(const struct call *c, const struct run *r)
{
	size_t bsz = r->bsz;
	uint8_t *blk, *L, *reg = NULL, *exp, *img, *Limg;
	struct peerinfo mine = { 0 }, *all;
	dmapp_syncid_handle_t sid[MAXSTEP], occ[DMAPP_MAX_OUTSTANDING_NB];
	int rcs[MAXSTEP], done[MAXSTEP], *allrc;
	dmapp_seg_desc_t *seg = NULL, segcopy;
	uint8_t *R = NULL, *exported;
	uint32_t max_nb = r->max_nb ? r->max_nb : DMAPP_DEF_OUTSTANDING_NB;

	dt_start_with(max_nb, NULL);
	dt_need_pes(r->np);
	if (r->inject)		/* every PE: UNSUPPORTED alike, nobody waits */
		dt_control(RDMACTS_TC_RESET, 0);
	blk = dmapp_sheap_malloc(bsz);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	L = malloc(bsz);
	exp = malloc(bsz);
	img = malloc(bsz);
	Limg = malloc(bsz);
	all = calloc((size_t)dt_npes, sizeof *all);
	allrc = calloc((size_t)dt_npes * MAXSTEP, sizeof *allrc);
	if (!L || !exp || !img || !Limg || !all || !allrc)
		rt_unsupported("out of private memory");
	if (r->seg == S_DATA && (dt_job.data_seg.len == 0 ||
				 dt_job.data_seg.addr == NULL))
		rt_unsupported("data_seg.len == 0: the data segment is not "
			       "exported (E-DMAPP-062 reading)");

	dt_fill(blk, bsz, dt_pe, 2);
	dt_fill(L, bsz, dt_pe, 1);
	if (r->seg == S_DATA)
		dt_fill(dt_static, bsz, dt_pe, 2);
	exported = r->seg == S_DATA ? dt_static : blk;
	if (r->seg == S_REG || r->seg == S_STALE) {
		reg = malloc(bsz);
		if (!reg)
			rt_unsupported("out of private memory");
		dt_fill(reg, bsz, dt_pe, 2);
		RT_REQUIRE_EQ_INT(dmapp_mem_register(reg, bsz, &mine.seg),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.70-success-private-heap");
		mine.addr = reg;
		exported = reg;
	}
	dt_allgather(&mine, all, sizeof mine);
	if (r->seg == S_STALE)
		RT_REQUIRE_EQ_INT(dmapp_mem_unregister(&mine.seg),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.71-success");
	dt_barrier();

	memset(rcs, 0, sizeof rcs);
	if (dt_pe == 0) {
		int nocc = 0;

		switch (r->seg) {
		case S_SHEAP: R = blk; seg = &dt_job.sheap_seg; break;
		case S_DATA: R = dt_static; seg = &dt_job.data_seg; break;
		default:
			/* the descriptor and address PE list[0] communicated */
			R = all[r->st[0].list[0]].addr;
			segcopy = all[r->st[0].list[0]].seg;
			seg = &segcopy;
			break;
		}
		if (r->occupy) {
			for (; nocc < (int)max_nb; nocc++)
				/* copies a word onto itself: no change */
				if (dmapp_put_nb(blk + 3 * REGION + 8 * (nocc % 64),
						 &dt_job.sheap_seg, 0,
						 blk + 3 * REGION + 8 * (nocc % 64),
						 1, DMAPP_QW, &occ[nocc]) !=
				    DMAPP_RC_SUCCESS)
					break;
			RT_REQUIRE_EQ_INT(nocc, max_nb, "DMAPP-4.8-max-outstanding-error");
		}
		if (r->inject)
			dt_control(r->inject, 1);
		for (int i = 0; i < r->nstep; i++) {
			sid[i] = NULL;
			rcs[i] = issue(c, &r->st[i], L, R, seg, &sid[i]);
			check_initiation(c, rcs[i], r->clause);
			done[i] = rcs[i];
			if (rcs[i] == DMAPP_RC_SUCCESS && !r->defer)
				done[i] = complete(c, &sid[i]);
		}
		if (r->defer) {
			dmapp_return_t g = dmapp_gsync_wait();
			for (int i = 0; i < r->nstep; i++)
				if (rcs[i] == DMAPP_RC_SUCCESS)
					done[i] = g;
		}
		if (r->inject)
			dt_control(RDMACTS_TC_RESET, 0);
		for (int i = 0; i < nocc; i++)
			dmapp_syncid_wait(&occ[i]);
		for (int i = 0; i < r->nstep; i++) {
			if (r->split) {
				RT_EXPECT_EQ_INT(rcs[i], DMAPP_RC_SUCCESS, r->clause);
				if (rcs[i] == DMAPP_RC_SUCCESS)
					check_rc(r, done[i], i);
				rcs[i] = DMAPP_RC_TRANSACTION_ERROR;
			} else {
				rcs[i] = done[i];
				check_rc(r, rcs[i], i);
			}
		}
		if (r->mutate)
			dt_fill(L, bsz, 0, 7);
	}
	dt_allgather(rcs, allrc, sizeof rcs);

	/* Each PE: the memory it exports.  The root: its local buffer. */
	bool any_error = false;
	dt_fill(exp, bsz, dt_pe, 2);
	dt_fill(Limg, bsz, 0, 1);
	for (int i = 0; i < r->nstep; i++)
		any_error |= allrc[i] != DMAPP_RC_SUCCESS;
	if (!(any_error && r->skip_verify_on_error)) {
		bool twice = false;
		uint8_t *alt = NULL;

		if (is_put(c->fam)) {
			for (int i = 0; i < r->nstep; i++) {
				const struct xf *x = &r->st[i];
				if (allrc[i] != DMAPP_RC_SUCCESS)
					continue;
				for (int k = 0; k < x->nlist; k++)
					if (x->list[k] == dt_pe) {
						if (alt == NULL) {
							alt = malloc(bsz);
							memcpy(alt, exp, bsz);
						} else {
							twice = true;
						}
						model(c->fam, x, k, Limg, exp);
					}
			}
			/* a PE listed twice by a scatter ends with either slice */
			if (twice && c->fam == F_SCAT && alt) {
				for (int i = 0; i < r->nstep; i++) {
					const struct xf *x = &r->st[i];
					for (int k = x->nlist - 1; k >= 0; k--)
						if (x->list[k] == dt_pe &&
						    allrc[i] == DMAPP_RC_SUCCESS)
							model(c->fam, x, k, Limg, alt);
				}
				if (memcmp(exported, alt, bsz) == 0)
					memcpy(exp, alt, bsz);
			}
			RT_EXPECT_MEM_EQ(exported, exp, bsz, r->clause);
		} else {
			RT_EXPECT_MEM_EQ(exported, exp, bsz, r->clause);
			if (dt_pe == 0) {
				memcpy(exp, Limg, bsz);
				for (int i = 0; i < r->nstep; i++) {
					const struct xf *x = &r->st[i];
					if (allrc[i] != DMAPP_RC_SUCCESS)
						continue;
					for (int k = 0; k < x->nlist; k++) {
						dt_fill(img, bsz, x->list[k], 2);
						model(c->fam, x, k, exp, img);
					}
				}
				RT_EXPECT_MEM_EQ(L, exp, bsz, r->clause);
			}
		}
		free(alt);
	} else {
		RT_EXPECT_TRUE(any_error, r->clause);
	}
	dt_end();
	free(L); free(exp); free(img); free(Limg); free(all); free(allrc);
	free(reg);
}

/* ------------------------------------------------------------------ */
/* Aspects                                                             */
/* ------------------------------------------------------------------ */

static void acc(struct run *r, long long a, long long b, long long d)
{
	r->nacc = 0;
	if (a >= 0) r->acc[r->nacc++] = a;
	if (b >= 0) r->acc[r->nacc++] = b;
	if (d >= 0) r->acc[r->nacc++] = d;
}

#define REMOTE_ERRORS DMAPP_RC_INVALID_PARAM, DMAPP_RC_TRANSACTION_ERROR, \
	DMAPP_RC_PERMISSION_ERROR

/* data-<type> and the other plain transfers: arg is the type index. */
static void a_data(const struct call *c, const char *cl, int arg)
{
	struct run r;

	init_run(&r, c, cl);
	default_xf(c, &r.st[0], dt_types[arg], 0);
	run(c, &r);
}

static void a_large(const struct call *c, const char *cl, int arg)
{
	struct run r;
	(void)arg;

	init_run(&r, c, cl);
	r.bsz = (4u << 20) + 128;
	r.st[0].n = (4u << 20) / 8;
	run(c, &r);
}

/* source-stable-after-sync, source-reusable */
static void a_mutate(const struct call *c, const char *cl, int arg)
{
	struct run r;
	(void)arg;

	init_run(&r, c, cl);
	r.mutate = true;
	run(c, &r);
}

/* self-target: one PE names itself (1 PE). */
static void a_self(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t zero2[] = { 0, 0 };
	(void)arg;

	init_run(&r, c, cl);
	r.np = 1;
	set_list(&r.st[0], is_ixpe(c->fam) ? 2 : 1, zero2);
	run(c, &r);
}

/* data-seg, registered-seg, stale-registration, registered-seg-refused */
static void a_seg(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };

	init_run(&r, c, cl);
	r.np = 2;
	r.seg = (enum seg)arg;
	set_list(&r.st[0], 1, one);
	if (arg == S_STALE) {
		r.ok_success = false;
		acc(&r, REMOTE_ERRORS);
	}
	if (arg == S_REG && is_ixpe(c->fam)) {
		/* 5.3.70: not through PE-strided calls */
		r.ok_success = false;
		acc(&r, DMAPP_RC_INVALID_PARAM, DMAPP_RC_TRANSACTION_ERROR, -1);
	}
	run(c, &r);
}

/* registered-seg, the request ending at the last byte of the region the
 * remote PE registered (its length a multiple of 4), into a private
 * local buffer (E-DMAPP-064: a GET may read whole words of the region,
 * never past it). */
static void a_seg_end(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };
	(void)arg;

	init_run(&r, c, cl);
	r.np = 2;
	r.seg = S_REG;
	set_list(&r.st[0], 1, one);
	r.st[0].roff = (ptrdiff_t)(r.bsz - r.st[0].n * 8);
	run(c, &r);
}

/* stale-registration (arg 0), garbage-seg (arg 1: the live symmetric
 * heap descriptor with random bytes for its memory handle) of an _nbi
 * call: the failure is reported once (E-DMAPP-045), by the call or by
 * the next dmapp_gsync_wait, not by both. */
static void a_stale_once(const struct call *c, const char *cl, int arg)
{
	struct peerinfo mine = { 0 }, all[2];
	uint8_t *reg = malloc(4 * REGION), *L = malloc(4 * REGION), *blk;
	struct xf x;
	dmapp_return_t rc, g;

	dt_start();
	dt_need_pes(2);
	if (!reg || !L)
		rt_unsupported("out of private memory");
	dt_fill(reg, 4 * REGION, dt_pe, 2);
	dt_fill(L, 4 * REGION, dt_pe, 1);
	RT_REQUIRE_EQ_INT(dmapp_mem_register(reg, 4 * REGION, &mine.seg),
			  DMAPP_RC_SUCCESS, "DMAPP-5.3.70-success-private-heap");
	mine.addr = reg;
	dt_allgather(&mine, all, sizeof mine);
	RT_REQUIRE_EQ_INT(dmapp_mem_unregister(&mine.seg), DMAPP_RC_SUCCESS,
			  "DMAPP-5.3.71-success");
	blk = dmapp_sheap_malloc(4 * REGION);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	dt_barrier();
	if (dt_pe == 0) {
		default_xf(c, &x, DMAPP_QW, 0);
		x.nlist = 1;
		x.list[0] = 1;
		if (arg == 1) {
			all[1].addr = blk;
			all[1].seg = dt_job.sheap_seg;
			dt_garbage(&all[1].seg.memhndl, sizeof all[1].seg.memhndl, 11);
		}
		rc = issue(c, &x, L, all[1].addr, &all[1].seg, NULL);
		g = dmapp_gsync_wait();
		if ((rc == DMAPP_RC_SUCCESS) == (g == DMAPP_RC_SUCCESS))
			RT_FAIL(cl, "one-report", rc == DMAPP_RC_SUCCESS ?
				"none" : "two", "the call returned %d, "
				"dmapp_gsync_wait %d", (int)rc, (int)g);
		else
			RT_EXPECT_TRUE(true, cl);
	}
	dt_barrier();
	dt_end();
	free(reg);
	free(L);
}

/* unaligned: DW, QW and DQW at 1 modulo 4, SUCCESS with the data or
 * ALIGNMENT_ERROR; unaligned-target / -source (arg 1 / 2): 2 modulo 4,
 * ALIGNMENT_ERROR only. */
static void a_unaligned(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };

	init_run(&r, c, cl);
	r.np = 2;
	r.nstep = 3;
	for (int i = 0; i < 3; i++) {
		default_xf(c, &r.st[i], dt_types[i], i);
		set_list(&r.st[i], 1, one);
		if (arg == 0) {
			r.st[i].loff += 1;
			r.st[i].roff += 1;
		} else if (arg == 1) {
			r.st[i].loff += 2;
		} else {
			r.st[i].roff += 2;
		}
	}
	/* contiguous PUT and GET: the vendor dmapp.h lists no
	 * ALIGNMENT_ERROR for them and foMPI moves DQW elements between
	 * arbitrarily aligned addresses with them (E-DMAPP-027) */
	if (!(arg == 0 && (c->fam == F_PUT || c->fam == F_GET)))
		acc(&r, DMAPP_RC_ALIGNMENT_ERROR, -1, -1);
	r.ok_success = arg == 0;
	run(c, &r);
}

/* byte-odd-addresses, byte-unaligned (arg 1: ALIGNMENT_ERROR allowed) */
static void a_byte_odd(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };

	init_run(&r, c, cl);
	r.np = 2;
	default_xf(c, &r.st[0], DMAPP_BYTE, 0);
	set_list(&r.st[0], 1, one);
	r.st[0].loff += 3;
	r.st[0].roff += 5;
	if (c->fam == F_PUT || c->fam == F_GET || is_ixpe(c->fam))
		r.st[0].n = 37;
	if (arg)
		acc(&r, DMAPP_RC_ALIGNMENT_ERROR, -1, -1);
	run(c, &r);
}

/* invalid-pe: npes and -1 (1 PE); invalid-type: 4 and -1. */
static void a_invalid(const struct call *c, const char *cl, int arg)
{
	struct run r;

	init_run(&r, c, cl);
	r.np = 1;
	r.nstep = 2;
	default_xf(c, &r.st[1], DMAPP_QW, 1);
	r.ok_success = false;
	acc(&r, DMAPP_RC_INVALID_PARAM, -1, -1);
	for (int i = 0; i < 2; i++) {
		if (arg == 0) {
			r.st[i].nlist = 1;
			r.st[i].list[0] = i == 0 ? 1 : -1; /* npes is 1 */
		} else {
			r.st[i].nlist = 1;
			r.st[i].list[0] = 0;
			r.st[i].type = (dmapp_type_t)(i == 0 ? 4 : -1);
		}
	}
	run(c, &r);
}

/* zero-nelems: PUTs SUCCESS (nothing moved) or INVALID_PARAM; contiguous
 * GET INVALID_PARAM or NOT_SUPPORTED; other GETs INVALID_PARAM or
 * SUCCESS with nothing moved (E-DMAPP-030, -031). */
static void a_zero(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };
	(void)arg;

	init_run(&r, c, cl);
	r.np = 2;
	set_list(&r.st[0], 1, one);
	r.st[0].n = 0;
	if (c->fam == F_GET) {
		r.ok_success = false;
		acc(&r, DMAPP_RC_INVALID_PARAM, DMAPP_RC_NOT_SUPPORTED, -1);
	} else {
		acc(&r, DMAPP_RC_INVALID_PARAM, -1, -1);
	}
	run(c, &r);
}

/* stride-below-one: source stride 0 and target stride -1, INVALID_PARAM
 * or SUCCESS with the elements where the formula puts them. */
static void a_stride0(const struct call *c, const char *cl, int arg)
{
	struct run r;
	(void)arg;

	init_run(&r, c, cl);
	r.nstep = 2;
	default_xf(c, &r.st[1], DMAPP_QW, 1);
	r.st[0].n = 4;
	r.st[1].n = 4;
	if (c->fam == F_IPUT) {
		r.st[0].lst = 0;		/* sst 0 */
		r.st[1].rst = -1;		/* tst -1 */
		r.st[1].roff += 64;
	} else {
		r.st[0].rst = 0;		/* sst 0 */
		r.st[1].lst = -1;		/* tst -1 */
		r.st[1].loff += 64;
	}
	acc(&r, DMAPP_RC_INVALID_PARAM, -1, -1);
	run(c, &r);
}

static void a_stride1(const struct call *c, const char *cl, int arg)
{
	struct run r;
	(void)arg;

	init_run(&r, c, cl);
	r.st[0].lst = r.st[0].rst = 1;
	r.st[0].n = 37;
	run(c, &r);
}

/* data-qw with one unit stride: the remote stride 1 and the local 2
 * (arg 0), or the remote 2 and the local 1 (arg 1); the other side is
 * still strided, so the elements are not one contiguous block. */
static void a_stride_mixed(const struct call *c, const char *cl, int arg)
{
	struct run r;

	init_run(&r, c, cl);
	r.st[0].rst = arg == 0 ? 1 : 2;
	r.st[0].lst = arg == 0 ? 2 : 1;
	run(c, &r);
}

/* negative-offset: INVALID_PARAM, or SUCCESS when the element addressed
 * lies in the segment; unordered-offsets: descending sidx/tidx. */
static void a_offsets(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const ptrdiff_t neg[] = { 1, -1, 0 };
	static const ptrdiff_t desc[] = { 11, 9, 7, 4, 2, 1, 0 };

	init_run(&r, c, cl);
	if (arg == 0) {
		r.st[0].n = 3;
		memcpy(r.st[0].idx, neg, sizeof neg);
		r.st[0].roff += 64;
		acc(&r, DMAPP_RC_INVALID_PARAM, -1, -1);
	} else {
		memcpy(r.st[0].idx, desc, sizeof desc);
	}
	run(c, &r);
}

/* byte-supported (ixput) / byte-not-supported (ixget, arg 1) */
static void a_ixbyte(const struct call *c, const char *cl, int arg)
{
	struct run r;

	init_run(&r, c, cl);
	r.st[0].type = DMAPP_BYTE;
	if (arg) {
		r.ok_success = false;
		acc(&r, DMAPP_RC_INVALID_PARAM, DMAPP_RC_NOT_SUPPORTED, -1);
	}
	run(c, &r);
}

/* PE lists: arg 0 out of range, 1 repeated and self, 2 none, 3 all PEs */
static void a_pelist(const struct call *c, const char *cl, int arg)
{
	struct run r;

	init_run(&r, c, cl);
	r.np = arg == 3 ? 4 : 2;
	switch (arg) {
	case 0: {
		static const dmapp_pe_t bad1[] = { 1, 2 }, bad2[] = { 1, -1 };
		r.nstep = 2;
		default_xf(c, &r.st[1], DMAPP_QW, 1);
		set_list(&r.st[0], 2, bad1);	/* 2 == npes */
		set_list(&r.st[1], 2, bad2);
		r.ok_success = false;
		acc(&r, DMAPP_RC_INVALID_PARAM, -1, -1);
		break;
	}
	case 1: {
		static const dmapp_pe_t rep[] = { 0, 1, 1 };
		set_list(&r.st[0], 3, rep);
		break;
	}
	case 2:
		r.st[0].nlist = 0;
		acc(&r, DMAPP_RC_INVALID_PARAM, -1, -1);
		break;
	default: {
		static const dmapp_pe_t rev[] = { 3, 2, 1, 0 };
		set_list(&r.st[0], 4, rev);
		break;
	}
	}
	run(c, &r);
}

/* no-space: with max_outstanding_nb = DMAPP_MIN_OUTSTANDING_NB, the
 * request after that many unretired ones is refused and has no effect;
 * after one syncid is retired a new request is accepted (1 PE). */
static void a_no_space(const struct call *c, const char *cl, int arg)
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	dmapp_syncid_handle_t sid[M + 2];
	struct xf x[M + 2];
	uint8_t *blk, *L, *before;
	dmapp_return_t rc;
	(void)arg;

	dt_start_with(M, NULL);
	blk = dmapp_sheap_malloc(4 * REGION);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	L = malloc(4 * REGION);
	before = malloc(4 * REGION);
	dt_fill(blk, 4 * REGION, 0, 2);
	dt_fill(L, 4 * REGION, 0, 1);
	for (int i = 0; i < M + 2; i++) {
		default_xf(c, &x[i], DMAPP_QW, 0);
		x[i].n = 1;
		x[i].nlist = 1;
		x[i].list[0] = dt_pe;
		x[i].loff = x[i].roff = 64 + 64 * i;
	}
	for (int i = 0; i < M; i++)
		RT_REQUIRE_EQ_INT(issue(c, &x[i], L, blk, &dt_job.sheap_seg,
					&sid[i]), DMAPP_RC_SUCCESS, cl);
	memcpy(before, is_put(c->fam) ? blk : L, 4 * REGION);
	sid[M] = NULL;
	rc = issue(c, &x[M], L, blk, &dt_job.sheap_seg, &sid[M]);
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[0]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(issue(c, &x[M + 1], L, blk, &dt_job.sheap_seg,
			       &sid[M + 1]), DMAPP_RC_SUCCESS, cl);
	for (int i = 1; i < M; i++)
		dmapp_syncid_wait(&sid[i]);
	if (rc == DMAPP_RC_SUCCESS)
		dmapp_syncid_wait(&sid[M]);
	dmapp_syncid_wait(&sid[M + 1]);
	/* the refused request moved nothing */
	{
		uint8_t *mem = is_put(c->fam) ? blk : L;
		ptrdiff_t off = is_put(c->fam) ? x[M].roff : x[M].loff;
		RT_EXPECT_MEM_EQ(mem + off, before + off, 8, cl);
	}
	dt_end();
	free(L);
	free(before);
}

/* many-outstanding: 4 * DMAPP_MIN_OUTSTANDING_NB _nbi requests without
 * gsync, then dmapp_gsync_wait: every initiated one is in place. */
static void a_many(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };
	(void)arg;

	init_run(&r, c, cl);
	r.np = 2;
	r.max_nb = DMAPP_MIN_OUTSTANDING_NB;
	r.nstep = 4 * DMAPP_MIN_OUTSTANDING_NB;
	r.defer = true;
	for (int i = 0; i < r.nstep; i++) {
		default_xf(c, &r.st[i], DMAPP_QW, 0);
		set_list(&r.st[i], 1, one);
		r.st[i].n = 1;
		r.st[i].loff = r.st[i].roff = 64 + 16 * i;
	}
	if (c->no_space)
		acc(&r, DMAPP_RC_NO_SPACE, -1, -1);
	run(c, &r);
}

/* blocking-with-nb-outstanding: SUCCESS with the data, or NO_SPACE. */
static void a_blocking_full(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t zero[] = { 0 };
	(void)arg;

	init_run(&r, c, cl);
	r.np = 1;
	r.max_nb = DMAPP_MIN_OUTSTANDING_NB;
	r.occupy = true;
	set_list(&r.st[0], 1, zero);
	acc(&r, DMAPP_RC_NO_SPACE, -1, -1);
	run(c, &r);
}

/* transaction-error (blocking), transaction-error-at-sync (_nb, _nbi:
 * the call SUCCESS, the completion TRANSACTION_ERROR), resource-error. */
static void a_fault(const struct call *c, const char *cl, int arg)
{
	struct run r;
	static const dmapp_pe_t one[] = { 1 };

	init_run(&r, c, cl);
	r.np = 2;
	set_list(&r.st[0], 1, one);
	r.ok_success = false;
	r.skip_verify_on_error = true;
	if (arg == 2) {
		r.inject = RDMACTS_TC_FAIL_NTH_ALLOCATION;
		if (c->form == BLK)
			acc(&r, DMAPP_RC_RESOURCE_ERROR,
			    DMAPP_RC_TRANSACTION_ERROR, -1);
		else
			acc(&r, DMAPP_RC_RESOURCE_ERROR, -1, -1);
	} else {
		r.inject = RDMACTS_TC_FAIL_NTH_TRANSACTION;
		acc(&r, DMAPP_RC_TRANSACTION_ERROR, -1, -1);
		r.split = c->form != BLK;
	}
	run(c, &r);
}

/* Two PEs, no knob set, and a symmetric-heap block of 4 regions filled
 * with each PE's pattern on both: where the fault aspects start. */
static uint8_t *fault_start(void)
{
	uint8_t *blk;

	dt_start();
	dt_need_pes(2);
	dt_control(RDMACTS_TC_RESET, 0);
	blk = dmapp_sheap_malloc(4 * REGION);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	dt_fill(blk, 4 * REGION, dt_pe, 2);
	dt_barrier();
	return blk;
}

/* resource-error with the local buffer in the symmetric heap (registered
 * memory, which a GET may fill without staging): the call, or for _nb
 * and _nbi its completion, reports DMAPP_RC_RESOURCE_ERROR. */
static void a_fault_registered(const struct call *c, const char *cl, int arg)
{
	struct xf x;
	uint8_t *blk;
	dmapp_syncid_handle_t sid = NULL;
	dmapp_return_t rc;
	(void)arg;

	blk = fault_start();
	if (dt_pe == 0) {
		default_xf(c, &x, DMAPP_QW, 0);
		x.nlist = 1;
		x.list[0] = 1;
		dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
		rc = issue(c, &x, blk + 2 * REGION, blk, &dt_job.sheap_seg, &sid);
		dt_control(RDMACTS_TC_RESET, 0);
		if (rc == DMAPP_RC_SUCCESS)
			rc = complete(c, &sid);
		if (c->form == BLK)
			RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_RESOURCE_ERROR,
					DMAPP_RC_TRANSACTION_ERROR);
		else
			RT_EXPECT_EQ_INT(rc, DMAPP_RC_RESOURCE_ERROR, cl);
	}
	dt_end();
}

/* resource-error at the first contact with PE 1, once an allocation has
 * already failed in a request to this PE (reached before): whatever the
 * failing allocation is (the request's own resources, or those of the
 * connection to PE 1), the request to PE 1 reports no other error than
 * DMAPP_RC_RESOURCE_ERROR (blocking: also DMAPP_RC_TRANSACTION_ERROR),
 * or succeeds when nothing it needed failed. */
static void a_fault_first_contact(const struct call *c, const char *cl, int arg)
{
	struct xf x;
	uint8_t *blk;
	dmapp_syncid_handle_t sid = NULL;
	dmapp_return_t rc;
	(void)arg;

	blk = fault_start();
	if (dt_pe == 0) {
		default_xf(c, &x, DMAPP_QW, 0);
		x.nlist = 1;
		x.list[0] = 0;
		for (int i = 0; i < 3; i++) {
			if (i == 1)
				dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
			if (i == 2)
				x.list[0] = 1;
			rc = issue(c, &x, blk + 2 * REGION, blk, &dt_job.sheap_seg, &sid);
			if (rc == DMAPP_RC_SUCCESS)
				rc = complete(c, &sid);
			if (i == 0)
				RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
			else if (c->form == BLK)
				RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_SUCCESS,
						DMAPP_RC_RESOURCE_ERROR,
						DMAPP_RC_TRANSACTION_ERROR);
			else
				RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_SUCCESS,
						DMAPP_RC_RESOURCE_ERROR);
		}
		dt_control(RDMACTS_TC_RESET, 0);
	}
	dt_end();
}

/* resource-error once PE 1 has been reached (so that setting up the
 * connection, which may allocate, is behind): a request that cannot get
 * its resources reports DMAPP_RC_RESOURCE_ERROR from the call or, for
 * _nb and _nbi, from the call or its completion.  Failed _nb calls
 * return no syncid (E-DMAPP-044), so DMAPP_MIN_OUTSTANDING_NB + 1 of
 * them leave every syncid free for the request that follows, which
 * succeeds.  arg 0: an allocation fails; arg 1: the same with the local
 * buffer in the symmetric heap (registered memory); arg 2: the NIC takes
 * no RDMA transfer (its limit lowered to 0) and the request is 8 KiB, at
 * least the offload threshold (5.2.3.2): it may also move by other means
 * and succeed. */
static void a_fault_connected(const struct call *c, const char *cl, int arg)
{
	struct xf x;
	uint8_t *blk, *L, want[4 * REGION];
	dmapp_syncid_handle_t sid = NULL;
	dmapp_return_t rc;

	dt_start_with(DMAPP_MIN_OUTSTANDING_NB, NULL);
	dt_need_pes(2);
	dt_control(RDMACTS_TC_RESET, 0);
	blk = dmapp_sheap_malloc(4 * REGION);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	L = arg == 1 ? blk + 2 * REGION : malloc(4 * REGION);
	dt_fill(blk, 4 * REGION, dt_pe, 2);
	if (arg == 2)
		dt_fill(L, 4 * REGION, 0, 1);
	dt_barrier();
	if (dt_pe == 0) {
		default_xf(c, &x, DMAPP_QW, 0);
		x.nlist = 1;
		x.list[0] = 1;
		if (arg == 2) {
			x.loff = x.roff = 0;
			x.n = 4 * REGION / 8;
		}
		rc = issue(c, &x, L, blk, &dt_job.sheap_seg, &sid);
		if (rc == DMAPP_RC_SUCCESS)
			rc = complete(c, &sid);
		RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
		if (arg == 2)
			dt_control(RDMACTS_TC_LIMIT_BTE, 0);
		for (int i = 0; i <= DMAPP_MIN_OUTSTANDING_NB; i++) {
			if (arg != 2)
				dt_control(RDMACTS_TC_FAIL_NTH_ALLOCATION, 1);
			rc = issue(c, &x, L, blk, &dt_job.sheap_seg, &sid);
			if (arg != 2)
				dt_control(RDMACTS_TC_RESET, 0);
			check_initiation(c, rc, cl);
			if (c->form != BLK && rc == DMAPP_RC_SUCCESS)
				rc = complete(c, &sid);
			if (arg == 2 && rc == DMAPP_RC_SUCCESS)
				continue;
			if (c->form == BLK)
				RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_RESOURCE_ERROR,
						DMAPP_RC_TRANSACTION_ERROR);
			else
				RT_EXPECT_EQ_INT(rc, DMAPP_RC_RESOURCE_ERROR, cl);
		}
		dt_control(RDMACTS_TC_RESET, 0);
		rc = issue(c, &x, L, blk, &dt_job.sheap_seg, &sid);
		if (rc == DMAPP_RC_SUCCESS)
			rc = complete(c, &sid);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
	}
	dt_barrier();
	if (arg == 2 && dt_pe == 1) {	/* the PUTs that succeeded, all alike */
		dt_fill(want, 4 * REGION, 0, 1);
		RT_EXPECT_MEM_EQ(blk, want, 4 * REGION, cl);
	}
	dt_end();
	if (arg != 1)
		free(L);
}

/* outside-segment: the last element lies past the end of the segment:
 * refused or reported as failed (1 PE names PE 1 of 2).  arg 1: the one
 * element, a byte, is the first byte after the segment; arg 2 (indexed):
 * offsets 0, -1 and 1 from the segment's last element, the third past
 * the end. */
static void a_outside(const struct call *c, const char *cl, int arg)
{
	struct xf x;
	uint8_t *blk, *L, *end;
	dmapp_syncid_handle_t sid = NULL;
	dmapp_return_t rc;
	static const long long ok[] = { REMOTE_ERRORS };

	dt_start();
	dt_need_pes(2);
	blk = dmapp_sheap_malloc(4 * REGION);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	L = malloc(4 * REGION);
	dt_fill(blk, 4 * REGION, dt_pe, 2);
	dt_fill(L, 4 * REGION, dt_pe, 1);
	dt_barrier();
	if (dt_pe == 0) {
		default_xf(c, &x, DMAPP_QW, 0);
		x.nlist = 1;
		x.list[0] = 1;
		x.loff = 64;
		x.roff = 0;
		x.n = 2;
		x.lst = x.rst = 2;
		x.idx[0] = 0;
		x.idx[1] = 2;
		/* the first element is the segment's last 8 bytes */
		end = (uint8_t *)dt_job.sheap_seg.addr + dt_job.sheap_seg.len - 8;
		if (arg == 1) {
			x.type = DMAPP_BYTE;
			x.n = 1;
			end += 8;
		} else if (arg == 2) {
			x.n = 3;
			x.idx[1] = -1;
			x.idx[2] = 1;
		}
		rc = issue(c, &x, L, end, &dt_job.sheap_seg, &sid);
		check_initiation(c, rc, cl);
		if (rc == DMAPP_RC_SUCCESS)
			rc = complete(c, &sid);
		rt_check_in(rc, ok, 3, "rc", "REMOTE_ERRORS", cl, __FILE__,
			    __LINE__, false);
	}
	dt_barrier();
	/* memory inside the segment but outside the request is untouched */
	dt_fill(L, 4 * REGION, dt_pe, 2);
	RT_EXPECT_MEM_EQ(blk, L, 4 * REGION, cl);
	dt_end();
	free(L);
}

/* Argument checks made alone (1 PE): arg selects what is wrong. */
enum { P_NULL_SEG, P_NULL_LOCAL, P_OVERFLOW, P_GARBAGE_SEG, P_NULL_SYNCID,
       P_SYNCID_KEPT, P_NULL_INDEX, P_NULL_PELIST, P_BEFORE_INIT,
       P_AFTER_FINALIZE, P_NULL_LOCAL_BYTE };

static void a_param(const struct call *c, const char *cl, int arg)
{
	uint8_t *blk = NULL, *L;
	dmapp_seg_desc_t garbage, zero, *seg;
	dmapp_syncid_handle_t sid, sentinel;
	struct xf x;
	dmapp_return_t rc, rc2 = DMAPP_RC_INVALID_PARAM;
	static const long long remote[] = { REMOTE_ERRORS };
	static uint8_t before_blk[4 * REGION];

	memset(&sentinel, 0x5a, sizeof sentinel);
	L = malloc(4 * REGION);
	dt_fill(L, 4 * REGION, 0, 1);
	memset(&zero, 0, sizeof zero);
	default_xf(c, &x, DMAPP_QW, 0);
	x.nlist = 1;
	x.list[0] = 0;
	if (arg == P_BEFORE_INIT) {
		blk = before_blk;
		seg = &zero;
		sid = NULL;
		rc = issue(c, &x, L, blk, seg, &sid);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
		free(L);
		return;
	}
	dt_start();
	blk = dmapp_sheap_malloc(4 * REGION);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	seg = &dt_job.sheap_seg;
	sid = NULL;
	switch (arg) {
	case P_NULL_SEG:
		rc = issue(c, &x, L, blk, NULL, &sid);
		break;
	case P_NULL_LOCAL:
		rc = issue(c, &x, NULL, blk, seg, &sid);
		break;
	case P_NULL_LOCAL_BYTE:		/* one byte to or from NULL */
		x.type = DMAPP_BYTE;
		x.n = 1;
		rc = issue(c, &x, NULL, blk, seg, &sid);
		break;
	case P_OVERFLOW:
		x.n = UINT64_MAX;
		rc = issue(c, &x, L, blk, seg, &sid);
		x.n = (uint64_t)1 << 60;
		x.type = DMAPP_DQW;
		rc2 = issue(c, &x, L, blk, seg, &sid);
		break;
	case P_GARBAGE_SEG:
		dt_garbage(&garbage, sizeof garbage, 7);
		rc = issue(c, &x, L, blk, &garbage, &sid);
		check_initiation(c, rc, cl);
		if (rc == DMAPP_RC_SUCCESS)
			rc = complete(c, &sid);
		rt_check_in(rc, remote, 3, "rc", "REMOTE_ERRORS", cl, __FILE__,
			    __LINE__, false);
		/* the live descriptor with random bytes for its handle */
		garbage = *seg;
		dt_garbage(&garbage.memhndl, sizeof garbage.memhndl, 11);
		rc = issue(c, &x, L, blk, &garbage, &sid);
		check_initiation(c, rc, cl);
		if (rc == DMAPP_RC_SUCCESS)
			rc = complete(c, &sid);
		rt_check_in(rc, remote, 3, "rc", "REMOTE_ERRORS", cl, __FILE__,
			    __LINE__, false);
		goto out;
	case P_NULL_SYNCID:
		rc = issue(c, &x, L, blk, seg, NULL);
		break;
	case P_SYNCID_KEPT:
		sid = sentinel;
		x.list[0] = dt_npes;
		rc = issue(c, &x, L, blk, seg, &sid);
		RT_EXPECT_TRUE(memcmp(&sid, &sentinel, sizeof sid) == 0, cl);
		break;
	case P_NULL_INDEX: {
		/* indexed calls take x.idx; make it NULL through a copy */
		void *r = blk + 64, *l = L + 64;
		switch (c->fam * 3 + c->form) {
		case F_IXPUT * 3 + BLK: rc = dmapp_ixput(r, seg, 0, l, NULL, 3, DMAPP_QW); break;
		case F_IXPUT * 3 + NB: rc = dmapp_ixput_nb(r, seg, 0, l, NULL, 3, DMAPP_QW, &sid); break;
		case F_IXPUT * 3 + NBI: rc = dmapp_ixput_nbi(r, seg, 0, l, NULL, 3, DMAPP_QW); break;
		case F_IXGET * 3 + BLK: rc = dmapp_ixget(l, r, seg, 0, NULL, 3, DMAPP_QW); break;
		case F_IXGET * 3 + NB: rc = dmapp_ixget_nb(l, r, seg, 0, NULL, 3, DMAPP_QW, &sid); break;
		default: rc = dmapp_ixget_nbi(l, r, seg, 0, NULL, 3, DMAPP_QW); break;
		}
		break;
	}
	case P_NULL_PELIST: {
		void *r = blk + 64, *l = L + 64;
		switch (c->fam * 3 + c->form) {
		case F_PIXPE * 3 + BLK: rc = dmapp_put_ixpe(r, seg, NULL, 1, l, 3, DMAPP_QW); break;
		case F_PIXPE * 3 + NB: rc = dmapp_put_ixpe_nb(r, seg, NULL, 1, l, 3, DMAPP_QW, &sid); break;
		case F_PIXPE * 3 + NBI: rc = dmapp_put_ixpe_nbi(r, seg, NULL, 1, l, 3, DMAPP_QW); break;
		case F_SCAT * 3 + BLK: rc = dmapp_scatter_ixpe(r, seg, NULL, 1, l, 3, DMAPP_QW); break;
		case F_SCAT * 3 + NB: rc = dmapp_scatter_ixpe_nb(r, seg, NULL, 1, l, 3, DMAPP_QW, &sid); break;
		case F_SCAT * 3 + NBI: rc = dmapp_scatter_ixpe_nbi(r, seg, NULL, 1, l, 3, DMAPP_QW); break;
		case F_GATH * 3 + BLK: rc = dmapp_gather_ixpe(l, r, seg, NULL, 1, 3, DMAPP_QW); break;
		case F_GATH * 3 + NB: rc = dmapp_gather_ixpe_nb(l, r, seg, NULL, 1, 3, DMAPP_QW, &sid); break;
		default: rc = dmapp_gather_ixpe_nbi(l, r, seg, NULL, 1, 3, DMAPP_QW); break;
		}
		break;
	}
	default: { /* P_AFTER_FINALIZE */
		dmapp_seg_desc_t old = dt_job.sheap_seg;
		RT_REQUIRE_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS,
				  "DMAPP-5.3.2-success");
		rc = issue(c, &x, L, before_blk, &old, &sid);
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
		free(L);
		return;
	}
	}
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
	RT_EXPECT_EQ_INT(rc2, DMAPP_RC_INVALID_PARAM, cl);
out:
	dt_end();
	free(L);
}

/* ------------------------------------------------------------------ */
/* Registration                                                        */
/* ------------------------------------------------------------------ */

typedef void (*aspect_fn)(const struct call *, const char *, int);

struct aspect {
	const char *suffix;	/* clause id after DMAPP-<sec>-<call>- */
	const char *tname;	/* <aspect>.<case> of the test name */
	unsigned fams, forms;
	int np;			/* 0: the family's (2, PE-strided 4) */
	const char *attrs;	/* beyond np */
	aspect_fn fn;
	int arg;
};

static const struct aspect aspects[] = {
	{ "data-dqw", "data.dqw", ALL, FORMS, 0, "", a_data, 0 },
	{ "data-qw", "data.qw", ALL, FORMS, 0, "", a_data, 1 },
	{ "data-dw", "data.dw", ALL, FORMS, 0, "", a_data, 2 },
	{ "data-byte", "data.byte", ALL & ~B(F_IXGET), FORMS, 0, "", a_data, 3 },
	{ "data-large", "data.large_4mib", B(F_PUT) | B(F_GET), FORMS, 2, "", a_large, 0 },
	{ "source-stable-after-sync", "ordering.source_stable_after_sync", PUTS, B(NB) | B(NBI), 0, "", a_mutate, 0 },
	{ "source-reusable", "ordering.source_reusable", PUTS, B(BLK), 0, "", a_mutate, 0 },
	{ "target-valid-after-sync", "ordering.target_valid_after_sync", GETS, B(NB) | B(NBI), 0, "", a_data, 1 },
	{ "self-target", "data.self_target", ALL, FORMS, 1, "", a_self, 0 },
	{ "data-seg", "segment.data_seg", ALL, FORMS, 2, "", a_seg, S_DATA },
	{ "registered-seg", "segment.registered", P2P, FORMS, 2, "", a_seg, S_REG },
	{ "registered-seg", "segment.registered_last_bytes", B(F_GET), FORMS, 2, "", a_seg_end, 0 },
	{ "stale-registration", "segment.stale_registration", P2P, FORMS, 2, "", a_seg, S_STALE },
	{ "stale-registration", "segment.stale_registration_reported_once", P2P, B(NBI), 2, "", a_stale_once, 0 },
	{ "garbage-seg", "param.garbage_handle_reported_once", ALL, B(NBI), 2, "tier=robustness", a_stale_once, 1 },
	{ "registered-seg-refused", "segment.registered_refused", IXPE, FORMS, 2, "", a_seg, S_REG },
	{ "outside-segment", "segment.outside", ALL, FORMS, 2, "", a_outside, 0 },
	{ "outside-segment", "segment.outside_one_byte_past_end", ALL, B(BLK), 2, "", a_outside, 1 },
	{ "outside-segment", "segment.outside_negative_offset_past_end", B(F_IXPUT) | B(F_IXGET), B(BLK), 2, "", a_outside, 2 },
	{ "invalid-pe", "param.invalid_pe", P2P, FORMS, 1, "", a_invalid, 0 },
	{ "invalid-type", "param.invalid_type", ALL, FORMS, 1, "", a_invalid, 1 },
	{ "zero-nelems", "param.zero_nelems", ALL, FORMS, 2, "", a_zero, 0 },
	{ "stride-below-one", "param.stride_below_one", B(F_IPUT) | B(F_IGET), FORMS, 2, "", a_stride0, 0 },
	{ "stride-one-contiguous", "data.stride_one_contiguous", B(F_IPUT) | B(F_IGET), FORMS, 2, "", a_stride1, 0 },
	{ "data-qw", "data.qw_remote_stride_one", B(F_IPUT) | B(F_IGET), B(BLK), 2, "", a_stride_mixed, 0 },
	{ "data-qw", "data.qw_local_stride_one", B(F_IPUT) | B(F_IGET), B(BLK), 2, "", a_stride_mixed, 1 },
	{ "unaligned", "alignment.unaligned", B(F_PUT) | B(F_GET) | B(F_IPUT) | B(F_IXPUT) | IXPE, FORMS, 2, "", a_unaligned, 0 },
	{ "unaligned-target", "alignment.unaligned_target", B(F_IGET) | B(F_IXGET), FORMS, 2, "", a_unaligned, 1 },
	{ "unaligned-source", "alignment.unaligned_source", B(F_IGET) | B(F_IXGET), FORMS, 2, "", a_unaligned, 2 },
	{ "byte-odd-addresses", "alignment.byte_odd_addresses", B(F_PUT) | B(F_GET) | B(F_IPUT) | B(F_IXPUT) | IXPE, FORMS, 2, "", a_byte_odd, 0 },
	{ "byte-unaligned", "alignment.byte_unaligned", B(F_IGET), FORMS, 2, "", a_byte_odd, 1 },
	{ "negative-offset", "param.negative_offset", B(F_IXPUT) | B(F_IXGET), FORMS, 2, "", a_offsets, 0 },
	{ "unordered-offsets", "data.unordered_offsets", B(F_IXPUT) | B(F_IXGET), FORMS, 2, "", a_offsets, 1 },
	{ "byte-supported", "data.byte_supported", B(F_IXPUT), FORMS, 2, "", a_ixbyte, 0 },
	{ "byte-not-supported", "param.byte_not_supported", B(F_IXGET), FORMS, 2, "", a_ixbyte, 1 },
	{ "pe-list-out-of-range", "param.pe_list_out_of_range", IXPE, FORMS, 2, "", a_pelist, 0 },
	{ "pe-list-repeated-and-self", "data.pe_list_repeated_and_self", IXPE, FORMS, 2, "", a_pelist, 1 },
	{ "num-pes-zero", "param.num_pes_zero", IXPE, FORMS, 2, "", a_pelist, 2 },
	{ "all-pes", "data.all_pes", IXPE, FORMS, 4, "", a_pelist, 3 },
	{ "no-space", "resource.no_space", ALL, B(NB), 1, "", a_no_space, 0 },
	{ "many-outstanding", "resource.many_outstanding", ALL, B(NBI), 2, "", a_many, 0 },
	{ "blocking-with-nb-outstanding", "resource.blocking_with_nb_outstanding", ALL, B(BLK), 1, "", a_blocking_full, 0 },
	{ "transaction-error", "fault.transaction_error", ALL, B(BLK), 2, "needs=faults", a_fault, 0 },
	{ "transaction-error-at-sync", "fault.transaction_error_at_sync", ALL, B(NB) | B(NBI), 2, "needs=faults", a_fault, 1 },
	{ "resource-error", "fault.resource_error", B(F_PUT) | B(F_GET) | B(F_IGET) | B(F_IXGET), FORMS, 2, "needs=faults", a_fault, 2 },
	{ "resource-error", "fault.resource_error_registered_local", B(F_PUT) | B(F_GET) | B(F_IGET) | B(F_IXGET), FORMS, 2, "needs=faults", a_fault_registered, 0 },
	{ "resource-error", "fault.resource_error_connected", B(F_PUT) | B(F_GET), FORMS, 2, "needs=faults", a_fault_connected, 0 },
	{ "resource-error", "fault.resource_error_connected_registered_local", B(F_GET), FORMS, 2, "needs=faults", a_fault_connected, 1 },
	{ "resource-error", "fault.resource_error_no_rdma", B(F_PUT), FORMS, 2, "needs=faults", a_fault_connected, 2 },
	{ "resource-error", "fault.resource_error_first_contact", B(F_PUT) | B(F_GET), FORMS, 2, "needs=faults", a_fault_first_contact, 0 },
	{ "null-seg", "param.null_seg", ALL, FORMS, 1, "tier=robustness", a_param, P_NULL_SEG },
	{ "null-local-buffer", "param.null_local_buffer", ALL, FORMS, 1, "tier=robustness", a_param, P_NULL_LOCAL },
	{ "null-local-buffer", "param.null_local_buffer_one_byte", ALL, B(BLK), 1, "tier=robustness", a_param, P_NULL_LOCAL_BYTE },
	{ "nelems-overflow", "param.nelems_overflow", ALL, FORMS, 1, "tier=robustness", a_param, P_OVERFLOW },
	{ "garbage-seg", "param.garbage_seg", ALL, FORMS, 1, "tier=robustness", a_param, P_GARBAGE_SEG },
	{ "null-syncid", "param.null_syncid", ALL, B(NB), 1, "tier=robustness", a_param, P_NULL_SYNCID },
	{ "syncid-untouched-on-error", "state.syncid_untouched_on_error", ALL, B(NB), 1, "", a_param, P_SYNCID_KEPT },
	{ "null-index-array", "param.null_index_array", B(F_IXPUT) | B(F_IXGET), FORMS, 1, "tier=robustness", a_param, P_NULL_INDEX },
	{ "null-pe-list", "param.null_pe_list", IXPE, FORMS, 1, "tier=robustness", a_param, P_NULL_PELIST },
	{ "before-init", "state.before_init", ALL, FORMS, 1, "tier=robustness", a_param, P_BEFORE_INIT },
	{ "after-finalize", "state.after_finalize", ALL, FORMS, 1, "tier=robustness", a_param, P_AFTER_FINALIZE },
};
#define NASPECTS (sizeof aspects / sizeof aspects[0])

struct reg {
	char name[96];
	char clause[96];
	char attrs[48];
	const struct call *c;
	const struct aspect *a;
};

static struct reg regs[NCALLS * NASPECTS];
static int nregs;

static void dispatch(void)
{
	const char *name = rt_current_test();

	for (int i = 0; i < nregs; i++)
		if (strcmp(regs[i].name, name) == 0) {
			regs[i].a->fn(regs[i].c, regs[i].clause, regs[i].a->arg);
			return;
		}
	RT_FAIL("-", "a-registered-test", name, "no such test");
}

__attribute__((constructor)) static void register_rma(void)
{
	for (size_t ci = 0; ci < NCALLS; ci++) {
		const struct call *c = &calls[ci];
		char dashed[32];

		snprintf(dashed, sizeof dashed, "%s", c->name);
		for (char *p = dashed; *p; p++)
			if (*p == '_')
				*p = '-';
		for (size_t ai = 0; ai < NASPECTS; ai++) {
			const struct aspect *a = &aspects[ai];
			struct reg *g = &regs[nregs];
			int np = a->np ? a->np : is_ixpe(c->fam) ? 4 : 2;

			if (!(a->fams & B(c->fam)) || !(a->forms & B(c->form)))
				continue;
			snprintf(g->name, sizeof g->name, "dmapp.%s.%s", c->name,
				 a->tname);
			snprintf(g->clause, sizeof g->clause, "DMAPP-%s-%s-%s",
				 c->sec, dashed, a->suffix);
			snprintf(g->attrs, sizeof g->attrs, "np=%d%s%s", np,
				 a->attrs[0] ? ";" : "", a->attrs);
			g->c = c;
			g->a = a;
			nregs++;
			rt_register(dispatch, g->name, g->clause, g->attrs,
				    __FILE__, __LINE__);
		}
	}
}
