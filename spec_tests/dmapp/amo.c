/*
 * amo.c: the AMOs of 4.9.2.5 (5.3.33-5.3.62), one test per (call,
 * aspect): Table 1's ten commands x the three forms are rows of `ops`;
 * the aspects the clauses name for them are rows of `aspects`.  A
 * constructor registers each applicable pair as `dmapp.<call>.<aspect>.
 * <case>` with clause DMAPP-<section>-<call>-<aspect suffix>.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt.h"

enum op { AADD, AAND, AOR, AXOR, AFADD, AFAND, AFXOR, AFOR, AFAX, ACSWAP, NOPS };
enum form { NB, NBI, BLK };		/* the order of their sections */

struct aop {
	const char *name;
	int sec;		/* section 5.3.<sec> of the _nb form */
	bool fetch;		/* Table 1: data returned in the response */
	int nargs;		/* operands */
};

static const struct aop ops[NOPS] = {
	[AADD] = { "aadd_qw", 33, false, 1 },
	[AAND] = { "aand_qw", 36, false, 1 },
	[AOR] = { "aor_qw", 39, false, 1 },
	[AXOR] = { "axor_qw", 42, false, 1 },
	[AFADD] = { "afadd_qw", 45, true, 1 },
	[AFAND] = { "afand_qw", 48, true, 1 },
	[AFXOR] = { "afxor_qw", 51, true, 1 },
	[AFOR] = { "afor_qw", 54, true, 1 },
	[AFAX] = { "afax_qw", 57, true, 2 },
	[ACSWAP] = { "acswap_qw", 60, true, 2 },
};
static const char *const form_sfx[] = { "_nb", "_nbi", "" };

/* The remote word after the command (Table 1, E-DMAPP-013). */
static uint64_t eval(enum op o, uint64_t w, uint64_t a, uint64_t b)
{
	switch (o) {
	case AADD: case AFADD: return w + a;
	case AAND: case AFAND: return w & a;
	case AOR: case AFOR: return w | a;
	case AXOR: case AFXOR: return w ^ a;
	case AFAX: return (w & a) ^ b;
	default: return w == a ? b : w;
	}
}

#define NFETCH(fn) \
	(f == NB ? fn##_nb(rem, seg, pe, a, sid) : \
	 f == NBI ? fn##_nbi(rem, seg, pe, a) : fn(rem, seg, pe, a))
#define FETCH1(fn) \
	(f == NB ? fn##_nb(res, rem, seg, pe, a, sid) : \
	 f == NBI ? fn##_nbi(res, rem, seg, pe, a) : fn(res, rem, seg, pe, a))
#define FETCH2(fn) \
	(f == NB ? fn##_nb(res, rem, seg, pe, a, b, sid) : \
	 f == NBI ? fn##_nbi(res, rem, seg, pe, a, b) : \
	 fn(res, rem, seg, pe, a, b))

static dmapp_return_t issue_call(enum op o, enum form f, void *res, void *rem,
				 dmapp_seg_desc_t *seg, dmapp_pe_t pe, int64_t a,
				 int64_t b, dmapp_syncid_handle_t *sid)
{
	switch (o) {
	case AADD: return NFETCH(dmapp_aadd_qw);
	case AAND: return NFETCH(dmapp_aand_qw);
	case AOR: return NFETCH(dmapp_aor_qw);
	case AXOR: return NFETCH(dmapp_axor_qw);
	case AFADD: return FETCH1(dmapp_afadd_qw);
	case AFAND: return FETCH1(dmapp_afand_qw);
	case AFXOR: return FETCH1(dmapp_afxor_qw);
	case AFOR: return FETCH1(dmapp_afor_qw);
	case AFAX: return FETCH2(dmapp_afax_qw);
	default: return FETCH2(dmapp_acswap_qw);
	}
}

/* The clause of the test running (set by dispatch). */
static const char *cur_clause = "-";

/* 4.9: an _nb or _nbi call's status says only whether the request was
 * initiated; no AMO _nb or _nbi section lists DMAPP_RC_TRANSACTION_ERROR,
 * so a failed transaction is the sync call's to report (E-DMAPP-045). */
static dmapp_return_t issue(enum op o, enum form f, void *res, void *rem,
			    dmapp_seg_desc_t *seg, dmapp_pe_t pe, int64_t a,
			    int64_t b, dmapp_syncid_handle_t *sid)
{
	dmapp_return_t rc = issue_call(o, f, res, rem, seg, pe, a, b, sid);

	if (f != BLK && rc == DMAPP_RC_TRANSACTION_ERROR)
		RT_FAIL(cur_clause, "a-code-its-section-lists",
			"DMAPP_RC_TRANSACTION_ERROR-from-the-call",
			"dmapp_%s%s reported a transaction failure itself",
			ops[o].name, form_sfx[f]);
	return rc;
}

static dmapp_return_t complete(enum form f, dmapp_syncid_handle_t *sid)
{
	return f == NB ? dmapp_syncid_wait(sid) :
	       f == NBI ? dmapp_gsync_wait() : DMAPP_RC_SUCCESS;
}

static dmapp_return_t run_one(enum op o, enum form f, void *res, void *rem,
			      dmapp_seg_desc_t *seg, dmapp_pe_t pe, int64_t a,
			      int64_t b)
{
	dmapp_syncid_handle_t sid = NULL;
	dmapp_return_t rc = issue(o, f, res, rem, seg, pe, a, b, &sid);

	return rc == DMAPP_RC_SUCCESS ? complete(f, &sid) : rc;
}

/* The clause's own vector for `result`. */
static void vector(enum op o, uint64_t *w, uint64_t *a, uint64_t *b)
{
	*b = 0;
	switch (o) {
	case AADD: case AFADD: *w = 5; *a = 37; break;
	case AAND: case AFAND:
		*w = 0xF0F0F0F0F0F0F0F0ull; *a = 0xFF00FF00FF00FF00ull; break;
	case AOR: case AFOR:
		*w = 0xF0F0F0F000000000ull; *a = 0x0F0F0F0F00000001ull; break;
	case AXOR: case AFXOR:
		*w = 0xFFFF0000FFFF0000ull; *a = 0x0F0F0F0F0F0F0F0Full; break;
	case AFAX:
		*w = 0x00FF00FF00FF00FFull; *a = 0x0000FFFF0000FFFFull;
		*b = 0x1111000011110000ull; break;
	default: *w = 7; *a = 7; *b = 99; break;
	}
}

/* ------------------------------------------------------------------ */
/* Scenario: PE 0 applies one command to a word of PE `target`         */
/* ------------------------------------------------------------------ */

enum where { W_SHEAP, W_DATA, W_REG, W_STALE };

struct one {
	int target;		/* PE holding the word */
	enum where where;
	ptrdiff_t rmis;		/* remote word misalignment (bytes) */
	ptrdiff_t lmis;		/* local result misalignment */
	uint64_t w, a, b;
	long long acc[3];	/* accepted errors */
	int nacc;
	bool ok_success;
	bool result_moves_ok;	/* SUCCESS with a misaligned local result */
	int inject;
	bool warm;		/* reach the PE once before the injection */
	bool split;		/* call SUCCESS, completion one of acc */
};

#define WOFF 512		/* the word's offset in its buffer */
#define BUFSZ 2048

struct peerinfo {
	uint8_t *addr;
	dmapp_seg_desc_t seg;
};

static bool in_acc(const struct one *s, long long rc)
{
	if (rc == DMAPP_RC_SUCCESS)
		return s->ok_success;
	for (int i = 0; i < s->nacc; i++)
		if (s->acc[i] == rc)
			return true;
	return false;
}

static void one(enum op o, enum form f, const char *cl, const struct one *s)
{
	uint8_t *blk, *buf, *reg = NULL;
	uint8_t exp[BUFSZ];
	_Alignas(16) uint8_t res[48];
	struct peerinfo mine = { 0 }, *all;
	int rc = DMAPP_RC_SUCCESS, *rcs;
	uint64_t word, fetched;

	dt_start();
	dt_need_pes(s->target + 1);
	if (s->inject)
		dt_control(RDMACTS_TC_RESET, 0);
	blk = dmapp_sheap_malloc(BUFSZ);
	RT_REQUIRE_TRUE(blk != NULL, "DMAPP-5.3.67-allocates");
	all = calloc((size_t)dt_npes, sizeof *all);
	rcs = calloc((size_t)dt_npes, sizeof *rcs);
	if (s->where == W_DATA && dt_job.data_seg.len == 0)
		rt_unsupported("data_seg.len == 0: the data segment is not exported");
	buf = s->where == W_DATA ? dt_static : blk;
	if (s->where == W_REG || s->where == W_STALE) {
		reg = malloc(BUFSZ);
		buf = reg;
	}
	dt_fill(buf, BUFSZ, dt_pe, 2);
	word = s->w;
	memcpy(buf + WOFF + s->rmis, &word, 8);
	if (reg) {
		RT_REQUIRE_EQ_INT(dmapp_mem_register(reg, BUFSZ, &mine.seg),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.70-success-private-heap");
		mine.addr = reg;
	}
	dt_allgather(&mine, all, sizeof mine);
	if (s->where == W_STALE)
		RT_REQUIRE_EQ_INT(dmapp_mem_unregister(&mine.seg),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.71-success");
	dt_barrier();
	memset(res, 0xa5, sizeof res);
	if (dt_pe == 0) {
		dmapp_seg_desc_t seg, *sp = &seg;
		uint8_t *rem;
		dmapp_syncid_handle_t sid = NULL;
		int call;

		switch (s->where) {
		case W_SHEAP: seg = dt_job.sheap_seg; rem = blk; break;
		case W_DATA: seg = dt_job.data_seg; rem = dt_static; break;
		default: seg = all[s->target].seg; rem = all[s->target].addr; break;
		}
		if (s->warm) {
			_Alignas(8) uint64_t peek;
			RT_REQUIRE_EQ_INT(dmapp_get(&peek, rem + WOFF, sp, s->target,
						    1, DMAPP_QW), DMAPP_RC_SUCCESS, cl);
		}
		if (s->inject)
			dt_control(s->inject, 1);
		call = issue(o, f, res + 16 + s->lmis, rem + WOFF + s->rmis, sp,
			     s->target, (int64_t)s->a, (int64_t)s->b, &sid);
		rc = call == DMAPP_RC_SUCCESS ? (int)complete(f, &sid) : call;
		if (s->inject)
			dt_control(RDMACTS_TC_RESET, 0);
		if (s->split) {
			RT_EXPECT_EQ_INT(call, DMAPP_RC_SUCCESS, cl);
			if (!in_acc(s, rc))
				RT_EXPECT_EQ_INT(rc, s->acc[0], cl);
		} else if (!in_acc(s, rc)) {
			if (s->nacc == 0)
				RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, cl);
			else if (s->ok_success || s->nacc > 1)
				RT_FAIL(cl, "an-accepted-code", dt_rc_name(rc) ?
					dt_rc_name(rc) : "unknown",
					"rc %d not among the readings", rc);
			else
				RT_EXPECT_EQ_INT(rc, s->acc[0], cl);
		}
		if (ops[o].fetch && rc == DMAPP_RC_SUCCESS) {
			memcpy(&fetched, res + 16 + s->lmis, 8);
			RT_EXPECT_EQ_U64(fetched, s->w, cl);
			/* the bytes around the result are unchanged */
			uint8_t guard[48];
			memset(guard, 0xa5, sizeof guard);
			memcpy(guard + 16 + s->lmis, &fetched, 8);
			RT_EXPECT_MEM_EQ(res, guard, sizeof res, cl);
		} else {
			uint8_t guard[48];
			memset(guard, 0xa5, sizeof guard);
			RT_EXPECT_MEM_EQ(res, guard, sizeof res, cl);
		}
	}
	dt_allgather(&rc, rcs, sizeof rc);
	if (dt_pe == s->target) {
		dt_fill(exp, BUFSZ, dt_pe, 2);
		word = rcs[0] == DMAPP_RC_SUCCESS ? eval(o, s->w, s->a, s->b) : s->w;
		memcpy(exp + WOFF + s->rmis, &word, 8);
		/* after an injected fault the word is not specified */
		if (!(rcs[0] != DMAPP_RC_SUCCESS && s->inject))
			RT_EXPECT_MEM_EQ(buf, exp, BUFSZ, cl);
		else
			RT_EXPECT_TRUE(in_acc(s, rcs[0]), cl);
	}
	dt_end();
	free(reg);
	free(all);
	free(rcs);
}

static struct one base(enum op o, int target)
{
	struct one s;

	memset(&s, 0, sizeof s);
	s.target = target;
	vector(o, &s.w, &s.a, &s.b);
	s.ok_success = true;
	return s;
}

#define REMOTE_ERRORS DMAPP_RC_INVALID_PARAM, DMAPP_RC_TRANSACTION_ERROR, \
	DMAPP_RC_PERMISSION_ERROR

static void set_acc(struct one *s, long long a, long long b, long long c)
{
	s->nacc = 0;
	if (a >= 0) s->acc[s->nacc++] = a;
	if (b >= 0) s->acc[s->nacc++] = b;
	if (c >= 0) s->acc[s->nacc++] = c;
}

/* result, neighbours-unchanged, result-after-sync/-gsync/-on-return */
static void a_result(enum op o, enum form f, const char *cl, int arg)
{
	struct one s = base(o, 1);
	(void)arg;
	one(o, f, cl, &s);
}

static void a_self(enum op o, enum form f, const char *cl, int arg)
{
	struct one s = base(o, 0);
	(void)arg;
	one(o, f, cl, &s);
}

/* data-seg, registered-seg, stale-registration; arg -1: registered-seg
 * with the word the last 8 bytes of the registered region */
static void a_where(enum op o, enum form f, const char *cl, int arg)
{
	struct one s = base(o, 1);

	s.where = arg < 0 ? W_REG : (enum where)arg;
	if (arg < 0)
		s.rmis = BUFSZ - 8 - WOFF;
	if (arg == W_STALE) {
		s.ok_success = false;
		set_acc(&s, REMOTE_ERRORS);
	}
	one(o, f, cl, &s);
}

/* no-swap-on-mismatch: w 7, comperand 8, swaperand 99 */
static void a_mismatch(enum op o, enum form f, const char *cl, int arg)
{
	struct one s = base(o, 1);
	(void)arg;
	s.w = 7; s.a = 8; s.b = 99;
	one(o, f, cl, &s);
}

/* unaligned-remote (arg 4, then 1: two tests in one? no: 4 mod 8) */
static void a_unaligned(enum op o, enum form f, const char *cl, int arg)
{
	struct one s = base(o, 1);

	s.ok_success = false;
	if (arg == 0) {			/* remote word at arg modulo 8 */
		s.rmis = 4;
		set_acc(&s, DMAPP_RC_ALIGNMENT_ERROR, -1, -1);
	} else if (arg == 1) {
		s.rmis = 1;
		set_acc(&s, DMAPP_RC_ALIGNMENT_ERROR, -1, -1);
	} else if (arg == 2) {		/* aadd_qw_nb: the vendor's header lists it (E-DMAPP-025) */
		s.rmis = 4;
		set_acc(&s, DMAPP_RC_ALIGNMENT_ERROR, -1, -1);
	} else {			/* local result at 4 modulo 8 */
		s.lmis = 4;
		s.ok_success = true;
		set_acc(&s, DMAPP_RC_ALIGNMENT_ERROR, -1, -1);
	}
	one(o, f, cl, &s);
}

static void a_invalid_pe(enum op o, enum form f, const char *cl, int arg)
{
	_Alignas(8) uint8_t res[8];
	uint64_t *w;
	(void)arg;

	dt_start();
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	*w = 5;
	RT_EXPECT_EQ_INT(run_one(o, f, res, w, &dt_job.sheap_seg, dt_npes, 1, 1),
			 DMAPP_RC_INVALID_PARAM, cl);
	RT_EXPECT_EQ_INT(run_one(o, f, res, w, &dt_job.sheap_seg, -1, 1, 1),
			 DMAPP_RC_INVALID_PARAM, cl);
	RT_EXPECT_EQ_U64(*w, 5, cl);
	dt_end();
}

static void a_outside(enum op o, enum form f, const char *cl, int arg)
{
	_Alignas(8) uint8_t res[8];
	static const long long ok[] = { REMOTE_ERRORS };
	(void)arg;

	dt_start();
	dt_need_pes(2);
	if (dt_pe == 0) {
		uint8_t *end = (uint8_t *)dt_job.sheap_seg.addr + dt_job.sheap_seg.len;
		int rc = run_one(o, f, res, end, &dt_job.sheap_seg, 1, 1, 1);
		rt_check_in(rc, ok, 3, "rc", "REMOTE_ERRORS", cl, __FILE__,
			    __LINE__, false);
	} else {
		RT_EXPECT_TRUE(dt_job.sheap_seg.len > 0, cl);
	}
	dt_end();
}

/* result-vectors: every (w, operand[, operand 2]) from the edge values,
 * on the caller's own word (1 PE). */
static void a_vectors(enum op o, enum form f, const char *cl, int arg)
{
	static const uint64_t v[] = { 0, ~0ull, 1ull << 63, 0x5555555555555555ull,
				      0xAAAAAAAAAAAAAAAAull };
	uint64_t *w, res;
	int bad = 0;
	(void)arg;

	dt_start();
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	for (int i = 0; i < 5; i++)
		for (int j = 0; j < 5; j++)
			for (int k = 0; k < (ops[o].nargs == 2 ? 5 : 1); k++) {
				uint64_t b = ops[o].nargs == 2 ? v[k] : 0;
				*w = v[i];
				res = 0x1234;
				int rc = run_one(o, f, &res, w, &dt_job.sheap_seg,
						 dt_pe, (int64_t)v[j], (int64_t)b);
				uint64_t want = eval(o, v[i], v[j], b);
				if (rc != DMAPP_RC_SUCCESS || *w != want ||
				    (ops[o].fetch && res != v[i])) {
					if (bad++ < 3)
						RT_FAIL(cl, "formula", "other",
							"w=%#llx a=%#llx b=%#llx: rc %d word %#llx (want %#llx) fetched %#llx",
							(unsigned long long)v[i],
							(unsigned long long)v[j],
							(unsigned long long)b, rc,
							(unsigned long long)*w,
							(unsigned long long)want,
							(unsigned long long)res);
				}
			}
	RT_EXPECT_EQ_INT(bad, 0, cl);
	dt_end();
}

/* wraps: 0xFFFFFFFFFFFFFFFF + 2 gives 1; adding -1 then gives 0 */
static void a_wraps(enum op o, enum form f, const char *cl, int arg)
{
	uint64_t *w, res;
	(void)arg;

	dt_start();
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	*w = ~0ull;
	RT_EXPECT_EQ_INT(run_one(o, f, &res, w, &dt_job.sheap_seg, dt_pe, 2, 0),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(*w, 1, cl);
	RT_EXPECT_EQ_INT(run_one(o, f, &res, w, &dt_job.sheap_seg, dt_pe, -1, 0),
			 DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_U64(*w, 0, cl);
	dt_end();
}

/* atomic-across-pes: every PE applies the command 1000 times to one
 * word of PE 0 (4 PEs). */
#define ITER 1000
static void a_atomic(enum op o, enum form f, const char *cl, int arg)
{
	uint64_t *w, *res, init = 0, sums[2], *all;
	int p, okcount = 0;
	(void)arg;

	dt_start();
	dt_need_pes(4);
	p = dt_pe;
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	res = calloc(ITER, sizeof *res);
	all = calloc((size_t)dt_npes * 2, sizeof *all);
	if (o == AAND || o == AFAND)
		init = ~0ull;
	*w = init;
	dt_barrier();
	for (int i = 0; i < ITER; i++) {
		uint64_t a = 0, b = 0, bit = 1ull << (p * 16 + i % 16);
		int rc;
		switch (o) {
		case AADD: case AFADD: a = 1; break;
		case AAND: case AFAND: a = ~bit; break;
		case AOR: case AFOR: a = bit; break;
		case AXOR: case AFXOR: a = 1ull << p; break;
		case AFAX: a = ~0ull; b = 1ull << p; break;
		default: break;
		}
		if (o == ACSWAP) {
			/* increment by a compare-and-swap retry loop */
			uint64_t seen = 0;
			for (;;) {
				rc = run_one(o, f, &res[i], w, &dt_job.sheap_seg, 0,
					     (int64_t)seen, (int64_t)(seen + 1));
				if (rc != DMAPP_RC_SUCCESS || res[i] == seen)
					break;
				seen = res[i];
			}
		} else if (f == NBI && (i % 50) != 49) {
			rc = issue(o, f, &res[i], w, &dt_job.sheap_seg, 0,
				   (int64_t)a, (int64_t)b, NULL);
		} else {
			rc = run_one(o, f, &res[i], w, &dt_job.sheap_seg, 0,
				     (int64_t)a, (int64_t)b);
		}
		if (rc != DMAPP_RC_SUCCESS)
			break;
		okcount++;
	}
	RT_EXPECT_EQ_INT(okcount, ITER, cl);
	/* this PE's own fetched values fit a serial order (_nbi requests
	 * complete in any order: 4.8) */
	if (ops[o].fetch && f != NBI) {
		int bad = 0;
		for (int i = 1; i < ITER; i++) {
			uint64_t x = res[i - 1], y = res[i];
			uint64_t bit = 1ull << (p * 16 + i % 16);
			switch (o) {
			case AFADD: case ACSWAP: bad += !(y > x); break;
			case AFAND: bad += (y & ~x) != 0 || (i < 16 && !(y & bit)); break;
			case AFOR: bad += (x & ~y) != 0 || (i < 16 && (y & bit)); break;
			default: bad += ((y >> p) & 1) != (uint64_t)(i & 1); break;
			}
		}
		RT_EXPECT_EQ_INT(bad, 0, cl);
	}
	sums[0] = sums[1] = 0;
	for (int i = 0; i < ITER; i++)
		sums[0] += res[i];
	dt_allgather(sums, all, sizeof sums);
	if (p == 0) {
		uint64_t want = init;
		int n = dt_npes;
		switch (o) {
		case AADD: case AFADD: case ACSWAP: want = (uint64_t)n * ITER; break;
		case AAND: case AFAND: want = n >= 4 ? 0 : ~0ull << (16 * n); break;
		case AOR: case AFOR: want = n >= 4 ? ~0ull : ~(~0ull << (16 * n)); break;
		default: want = 0; break;	/* every bit toggled an even number of times */
		}
		RT_EXPECT_EQ_U64(*w, want, cl);
		if (o == AFADD || o == ACSWAP) {
			/* distinct fetched values: they are 0 .. n*ITER-1 */
			uint64_t total = 0, N = (uint64_t)n * ITER;
			for (int q = 0; q < n; q++)
				total += all[2 * q];
			RT_EXPECT_EQ_U64(total, N * (N - 1) / 2, cl);
		}
	}
	free(res);
	free(all);
	dt_end();
}

/* many-outstanding: 4 * DMAPP_MIN_OUTSTANDING_NB _nbi commands on one
 * word without gsync; afterwards the word reflects exactly the
 * initiated ones (2 PEs). */
static void a_many(enum op o, enum form f, const char *cl, int arg)
{
	enum { N = 4 * DMAPP_MIN_OUTSTANDING_NB };
	uint64_t *w, res[N], want = 0, init = 0;
	int rcs[2] = { 0, 0 }, all[4];
	(void)arg;

	dt_start_with(DMAPP_MIN_OUTSTANDING_NB, NULL);
	dt_need_pes(2);
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	if (o == AAND || o == AFAND)
		init = ~0ull;
	*w = init;
	dt_barrier();
	if (dt_pe == 0) {
		want = init;
		for (int i = 0; i < N; i++) {
			uint64_t a = 0, b = 0, bit = 1ull << i;
			switch (o) {
			case AADD: case AFADD: a = (uint64_t)i + 1; break;
			case AAND: case AFAND: a = ~bit; break;
			case AOR: case AFOR: case AXOR: case AFXOR: a = bit; break;
			case AFAX: a = ~0ull; b = bit; break;
			default: a = 0x5a5a; b = 1; break;	/* never equal: no swap */
			}
			res[i] = 0;
			int rc = issue(o, f, &res[i], w, &dt_job.sheap_seg, 1,
				       (int64_t)a, (int64_t)b, NULL);
			if (rc == DMAPP_RC_SUCCESS)
				want = eval(o, want, a, b);
			else
				RT_EXPECT_EQ_INT(rc, DMAPP_RC_NO_SPACE, cl);
		}
		RT_EXPECT_EQ_INT(dmapp_gsync_wait(), DMAPP_RC_SUCCESS, cl);
		memcpy(&rcs[0], &want, 4);
		memcpy(&rcs[1], (char *)&want + 4, 4);
	}
	dt_allgather(rcs, all, sizeof rcs);
	if (dt_pe == 1) {
		memcpy(&want, &all[0], 4);
		memcpy((char *)&want + 4, &all[1], 4);
		RT_EXPECT_EQ_U64(*w, want, cl);
	} else {
		RT_EXPECT_EQ_U64(*w, init, cl);
	}
	dt_end();
}

/* no-space (_nb, 1 PE): the request after DMAPP_MIN_OUTSTANDING_NB
 * unretired ones is refused and changes nothing; after a retirement a
 * new one is accepted. */
static void a_no_space(enum op o, enum form f, const char *cl, int arg)
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	dmapp_syncid_handle_t sid[M + 2];
	uint64_t *w, res[M + 2];
	(void)arg;
	(void)f;

	dt_start_with(M, NULL);
	w = dmapp_sheap_malloc(64 * (M + 2));
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	for (int i = 0; i < M + 2; i++)
		w[8 * i] = 5;
	for (int i = 0; i < M; i++)
		RT_REQUIRE_EQ_INT(issue(o, NB, &res[i], &w[8 * i], &dt_job.sheap_seg,
					dt_pe, 5, 5, &sid[i]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(issue(o, NB, &res[M], &w[8 * M], &dt_job.sheap_seg,
			       dt_pe, 5, 5, &sid[M]), DMAPP_RC_NO_SPACE, cl);
	RT_EXPECT_EQ_INT(dmapp_syncid_wait(&sid[0]), DMAPP_RC_SUCCESS, cl);
	RT_EXPECT_EQ_INT(issue(o, NB, &res[M + 1], &w[8 * (M + 1)],
			       &dt_job.sheap_seg, dt_pe, 5, 5, &sid[M + 1]),
			 DMAPP_RC_SUCCESS, cl);
	for (int i = 1; i < M; i++)
		dmapp_syncid_wait(&sid[i]);
	dmapp_syncid_wait(&sid[M + 1]);
	RT_EXPECT_EQ_U64(w[8 * M], 5, cl);
	dt_end();
}

/* blocking-with-nb-outstanding: SUCCESS with the result, or NO_SPACE. */
static void a_blocking_full(enum op o, enum form f, const char *cl, int arg)
{
	enum { M = DMAPP_MIN_OUTSTANDING_NB };
	dmapp_syncid_handle_t sid[M];
	uint64_t *w, res = 0;
	int rc;
	(void)arg;
	(void)f;

	dt_start_with(M, NULL);
	w = dmapp_sheap_malloc(64 * (M + 1));
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	for (int i = 0; i < M; i++)
		RT_REQUIRE_EQ_INT(dmapp_put_nb(&w[8 * i], &dt_job.sheap_seg, dt_pe,
					       &w[8 * i], 1, DMAPP_QW, &sid[i]),
				  DMAPP_RC_SUCCESS, "DMAPP-5.3.6-put-nb-no-space");
	w[8 * M] = 5;
	rc = run_one(o, BLK, &res, &w[8 * M], &dt_job.sheap_seg, dt_pe, 5, 5);
	for (int i = 0; i < M; i++)
		dmapp_syncid_wait(&sid[i]);
	RT_EXPECT_RC_IN(rc, cl, DMAPP_RC_SUCCESS, DMAPP_RC_NO_SPACE);
	RT_EXPECT_EQ_U64(w[8 * M], rc == DMAPP_RC_SUCCESS ? eval(o, 5, 5, 5) : 5, cl);
	dt_end();
}

/* Faults (needs=faults): arg 0 transaction error (blocking: the call;
 * _nb, _nbi: the completion), 1 resource error, 2 resource error once
 * the PE has been reached (its connection set up) by a GET. */
static void a_fault(enum op o, enum form f, const char *cl, int arg)
{
	struct one s = base(o, 1);

	s.ok_success = false;
	if (arg == 0) {
		s.inject = RDMACTS_TC_FAIL_NTH_TRANSACTION;
		set_acc(&s, DMAPP_RC_TRANSACTION_ERROR, -1, -1);
		s.split = f != BLK;
	} else {
		s.inject = RDMACTS_TC_FAIL_NTH_ALLOCATION;
		s.warm = arg == 2;
		if (f == BLK)
			set_acc(&s, DMAPP_RC_RESOURCE_ERROR,
				DMAPP_RC_TRANSACTION_ERROR, -1);
		else
			set_acc(&s, DMAPP_RC_RESOURCE_ERROR, -1, -1);
	}
	one(o, f, cl, &s);
}

/* Robustness: arg selects the bad argument. */
enum { P_NULL_SEG, P_GARBAGE_SEG, P_NULL_RESULT, P_NULL_SYNCID,
       P_BEFORE_INIT, P_AFTER_FINALIZE };

static void a_param(enum op o, enum form f, const char *cl, int arg)
{
	_Alignas(8) uint8_t res[8];
	static _Alignas(8) uint64_t word;
	dmapp_seg_desc_t garbage, zero;
	static const long long remote[] = { REMOTE_ERRORS };
	uint64_t *w;
	int rc;

	memset(&zero, 0, sizeof zero);
	if (arg == P_BEFORE_INIT) {
		RT_EXPECT_EQ_INT(run_one(o, f, res, &word, &zero, 0, 1, 1),
				 DMAPP_RC_INVALID_PARAM, cl);
		return;
	}
	dt_start();
	w = dmapp_sheap_malloc(64);
	RT_REQUIRE_TRUE(w != NULL, "DMAPP-5.3.67-allocates");
	*w = 5;
	switch (arg) {
	case P_NULL_SEG:
		rc = run_one(o, f, res, w, NULL, 0, 1, 1);
		break;
	case P_GARBAGE_SEG:
		dt_garbage(&garbage, sizeof garbage, 11);
		rc = run_one(o, f, res, w, &garbage, 0, 1, 1);
		rt_check_in(rc, remote, 3, "rc", "REMOTE_ERRORS", cl, __FILE__,
			    __LINE__, false);
		dt_end();
		return;
	case P_NULL_RESULT:
		rc = run_one(o, f, NULL, w, &dt_job.sheap_seg, 0, 1, 1);
		break;
	case P_NULL_SYNCID:
		rc = issue(o, NB, res, w, &dt_job.sheap_seg, 0, 1, 1, NULL);
		break;
	default: {
		dmapp_seg_desc_t old = dt_job.sheap_seg;
		RT_REQUIRE_EQ_INT(dmapp_finalize(), DMAPP_RC_SUCCESS,
				  "DMAPP-5.3.2-success");
		RT_EXPECT_EQ_INT(run_one(o, f, res, &word, &old, 0, 1, 1),
				 DMAPP_RC_INVALID_PARAM, cl);
		return;
	}
	}
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, cl);
	RT_EXPECT_EQ_U64(*w, 5, cl);
	dt_end();
}

/* ------------------------------------------------------------------ */
/* Registration                                                        */
/* ------------------------------------------------------------------ */

typedef void (*aspect_fn)(enum op, enum form, const char *, int);

#define NONF ((1u << AADD) | (1u << AAND) | (1u << AOR) | (1u << AXOR))
#define FET (((1u << NOPS) - 1) & ~NONF)
#define ALLOPS ((1u << NOPS) - 1)
#define FB(f) (1u << (f))
#define FORMS (FB(NB) | FB(NBI) | FB(BLK))

struct aspect {
	const char *suffix;
	const char *tname;
	unsigned ops, forms;
	int np;
	const char *attrs;
	aspect_fn fn;
	int arg;
};

static const struct aspect aspects[] = {
	{ "result", "data.result", ALLOPS, FORMS, 2, "", a_result, 0 },
	{ "result-vectors", "data.result_vectors", ALLOPS, FORMS, 1, "", a_vectors, 0 },
	{ "wraps", "data.wraps", (1u << AADD) | (1u << AFADD), FORMS, 1, "", a_wraps, 0 },
	{ "atomic-across-pes", "data.atomic_across_pes", ALLOPS, FORMS, 4, "", a_atomic, 0 },
	{ "neighbours-unchanged", "data.neighbours_unchanged", ALLOPS, FORMS, 2, "", a_result, 0 },
	{ "self-target", "data.self_target", ALLOPS, FORMS, 1, "", a_self, 0 },
	{ "data-seg", "segment.data_seg", ALLOPS, FORMS, 2, "", a_where, W_DATA },
	{ "registered-seg", "segment.registered", ALLOPS, FORMS, 2, "", a_where, W_REG },
	{ "registered-seg", "segment.registered_last_word", ALLOPS, FB(BLK), 2, "", a_where, -1 },
	{ "stale-registration", "segment.stale_registration", ALLOPS, FORMS, 2, "", a_where, W_STALE },
	{ "no-swap-on-mismatch", "data.no_swap_on_mismatch", 1u << ACSWAP, FORMS, 2, "", a_mismatch, 0 },
	{ "unaligned", "alignment.unaligned", 1u << AADD, FB(NB), 2, "", a_unaligned, 2 },
	{ "unaligned-remote", "alignment.unaligned_remote", ALLOPS & ~(1u << AADD), FORMS, 2, "", a_unaligned, 0 },
	{ "unaligned-remote", "alignment.unaligned_remote", 1u << AADD, FB(NBI) | FB(BLK), 2, "", a_unaligned, 0 },
	{ "unaligned-remote", "alignment.unaligned_remote_1_mod_8", ALLOPS & ~(1u << AADD), FORMS, 2, "", a_unaligned, 1 },
	{ "unaligned-remote", "alignment.unaligned_remote_1_mod_8", 1u << AADD, FB(NBI) | FB(BLK), 2, "", a_unaligned, 1 },
	{ "unaligned-local-result", "alignment.unaligned_local_result", FET, FORMS, 2, "", a_unaligned, 3 },
	{ "invalid-pe", "param.invalid_pe", ALLOPS, FORMS, 1, "", a_invalid_pe, 0 },
	{ "outside-segment", "segment.outside", ALLOPS, FORMS, 2, "", a_outside, 0 },
	{ "no-space", "resource.no_space", ALLOPS, FB(NB), 1, "", a_no_space, 0 },
	{ "many-outstanding", "resource.many_outstanding", ALLOPS, FB(NBI), 2, "", a_many, 0 },
	{ "blocking-with-nb-outstanding", "resource.blocking_with_nb_outstanding", ALLOPS, FB(BLK), 1, "", a_blocking_full, 0 },
	{ "result-after-sync", "ordering.result_after_sync", FET, FB(NB), 2, "", a_result, 0 },
	{ "result-after-gsync", "ordering.result_after_gsync", FET, FB(NBI), 2, "", a_result, 0 },
	{ "result-on-return", "ordering.result_on_return", FET, FB(BLK), 2, "", a_result, 0 },
	{ "transaction-error", "fault.transaction_error", ALLOPS, FB(BLK), 2, "needs=faults", a_fault, 0 },
	{ "transaction-error-at-sync", "fault.transaction_error_at_sync", ALLOPS, FB(NB) | FB(NBI), 2, "needs=faults", a_fault, 0 },
	{ "resource-error", "fault.resource_error", ALLOPS, FORMS, 2, "needs=faults", a_fault, 1 },
	{ "resource-error", "fault.resource_error_connected", ALLOPS, FB(BLK), 2, "needs=faults", a_fault, 2 },
	{ "null-seg", "param.null_seg", ALLOPS, FORMS, 1, "tier=robustness", a_param, P_NULL_SEG },
	{ "garbage-seg", "param.garbage_seg", ALLOPS, FORMS, 1, "tier=robustness", a_param, P_GARBAGE_SEG },
	{ "null-result", "param.null_result", FET, FORMS, 1, "tier=robustness", a_param, P_NULL_RESULT },
	{ "null-syncid", "param.null_syncid", ALLOPS, FB(NB), 1, "tier=robustness", a_param, P_NULL_SYNCID },
	{ "before-init", "state.before_init", ALLOPS, FORMS, 1, "tier=robustness", a_param, P_BEFORE_INIT },
	{ "after-finalize", "state.after_finalize", ALLOPS, FORMS, 1, "tier=robustness", a_param, P_AFTER_FINALIZE },
};
#define NASPECTS (sizeof aspects / sizeof aspects[0])

struct reg {
	char name[96];
	char clause[96];
	char attrs[48];
	enum op o;
	enum form f;
	const struct aspect *a;
};

static struct reg regs[NOPS * 3 * NASPECTS];
static int nregs;

static void dispatch(void)
{
	const char *name = rt_current_test();

	for (int i = 0; i < nregs; i++)
		if (strcmp(regs[i].name, name) == 0) {
			cur_clause = regs[i].clause;
			regs[i].a->fn(regs[i].o, regs[i].f, regs[i].clause,
				      regs[i].a->arg);
			return;
		}
	RT_FAIL("-", "a-registered-test", name, "no such test");
}

__attribute__((constructor)) static void register_amo(void)
{
	for (int o = 0; o < NOPS; o++)
		for (int f = 0; f < 3; f++) {
			char call[32], dashed[32];

			snprintf(call, sizeof call, "%s%s", ops[o].name, form_sfx[f]);
			snprintf(dashed, sizeof dashed, "%s", call);
			for (char *p = dashed; *p; p++)
				if (*p == '_')
					*p = '-';
			for (size_t ai = 0; ai < NASPECTS; ai++) {
				const struct aspect *a = &aspects[ai];
				struct reg *g = &regs[nregs];

				if (!(a->ops & (1u << o)) || !(a->forms & FB(f)))
					continue;
				snprintf(g->name, sizeof g->name, "dmapp.%s.%s", call,
					 a->tname);
				snprintf(g->clause, sizeof g->clause,
					 "DMAPP-5.3.%d-%s-%s", ops[o].sec + f,
					 dashed, a->suffix);
				snprintf(g->attrs, sizeof g->attrs, "np=%d%s%s",
					 a->np, a->attrs[0] ? ";" : "", a->attrs);
				g->o = (enum op)o;
				g->f = (enum form)f;
				g->a = a;
				nregs++;
				rt_register(dispatch, g->name, g->clause,
					    g->attrs, __FILE__, __LINE__);
			}
		}
}
