/*
 * ext_greduce.c: global reductions of the vendor extension (dmapp.h
 * RB-3.1: dmapp_c_greduce_start, dmapp_c_greduce_nelems_max, every
 * dmapp_c_op_t on every dmapp_c_type_t it applies to; clauses
 * DMAPP-X-greduce-*).
 *
 * The header names the operations only; the tests read them as the MPI
 * operations they mirror (MPI_SUM ... MPI_MAXLOC): arithmetic on the
 * numeric types, SUM and PROD also on the complex ones, logical and
 * bitwise operations on the integer types, MINLOC and MAXLOC on the
 * value-and-location pairs, a tie keeping the smaller location (MPI's
 * rule).  Contributions are small integers (also in the floating
 * types), so every expected result is exact whatever order the
 * implementation combines the contributions in.
 */
#include <stdlib.h>

#include "ext_coll.h"

#define N 7			/* elements per reduction */

/* The test's own table: the types each operation applies to. */
static const dmapp_c_type_t NUMERIC[] = { DMAPP_C_INT32, DMAPP_C_UINT32,
	DMAPP_C_INT64, DMAPP_C_UINT64, DMAPP_C_FLOAT, DMAPP_C_DOUBLE };
static const dmapp_c_type_t ARITH[] = { DMAPP_C_INT32, DMAPP_C_UINT32,
	DMAPP_C_INT64, DMAPP_C_UINT64, DMAPP_C_FLOAT, DMAPP_C_DOUBLE,
	DMAPP_C_COMPLEX8, DMAPP_C_COMPLEX16 };
static const dmapp_c_type_t INTEGER[] = { DMAPP_C_INT32, DMAPP_C_UINT32,
	DMAPP_C_INT64, DMAPP_C_UINT64 };
static const dmapp_c_type_t PAIRS[] = { DMAPP_C_FLOAT_UINT64,
	DMAPP_C_DOUBLE_UINT64, DMAPP_C_INT32_UINT64, DMAPP_C_INT64_UINT64 };

static const char *type_name(dmapp_c_type_t t)
{
	static const char *names[] = { "INT32", "UINT32", "INT64", "UINT64",
		"FLOAT", "DOUBLE", "COMPLEX8", "COMPLEX16", "FLOAT_UINT64",
		"DOUBLE_UINT64", "INT32_UINT64", "INT64_UINT64" };
	return t >= DMAPP_C_INT32 && t < DMAPP_C_TYPE_LAST ? names[t - DMAPP_C_INT32] : "?";
}

static size_t type_size(dmapp_c_type_t t)
{
	switch (t) {
	case DMAPP_C_INT32: case DMAPP_C_UINT32: case DMAPP_C_FLOAT: return 4;
	case DMAPP_C_INT64: case DMAPP_C_UINT64: case DMAPP_C_DOUBLE:
	case DMAPP_C_COMPLEX8: return 8;
	default: return 16;
	}
}

static int is_signed(dmapp_c_type_t t)
{
	return t != DMAPP_C_UINT32 && t != DMAPP_C_UINT64;
}

static int is_wide(dmapp_c_type_t t)
{
	return t == DMAPP_C_INT64 || t == DMAPP_C_UINT64;
}

/* PE p's element i for op on a scalar type t. */
static int64_t sval(int p, int i, dmapp_c_op_t op, dmapp_c_type_t t)
{
	int64_t v;

	switch (op) {
	case DMAPP_C_PROD:
		v = (p + i) % 3 + 1;
		if (is_signed(t) && (p * 2 + i) % 5 == 0)
			v = -v;
		return v;
	case DMAPP_C_LAND: case DMAPP_C_LOR: case DMAPP_C_LXOR:
		v = (p + 2 * i) % 3 == 0 ? 0 : p + i + 1;
		return v;
	case DMAPP_C_BAND: case DMAPP_C_BOR: case DMAPP_C_BXOR:
		v = (1 << ((p + i) % 8)) | (i << 8) | (p == 1 ? 0x55 : 0) | 0x1000;
		if (is_wide(t))
			v |= (int64_t)1 << (40 + p % 8);
		return v;
	default:		/* SUM, MAX, MIN */
		v = (p * 7 + i * 5) % 13;
		if (is_signed(t))
			v -= 6;
		if (is_wide(t))
			v += (int64_t)(p % 2) << 40;
		return v;
	}
}

/* Scalars as 64-bit values, to and from an element of type t. */
static void put_s(void *buf, int i, dmapp_c_type_t t, int64_t v, double d)
{
	switch (t) {
	case DMAPP_C_INT32:  ((int32_t *)buf)[i] = (int32_t)v; break;
	case DMAPP_C_UINT32: ((uint32_t *)buf)[i] = (uint32_t)v; break;
	case DMAPP_C_INT64:  ((int64_t *)buf)[i] = v; break;
	case DMAPP_C_UINT64: ((uint64_t *)buf)[i] = (uint64_t)v; break;
	case DMAPP_C_FLOAT:  ((float *)buf)[i] = (float)d; break;
	case DMAPP_C_DOUBLE: ((double *)buf)[i] = d; break;
	default: break;
	}
}

/* PE p's MINLOC/MAXLOC value of element i: distinct per PE, except
 * that elements 1 and 2 of every 3 tie between the PEs of one parity
 * (a tie at the maximum, and one at the minimum). */
static int pair_value(int p, int i)
{
	if (i % 3 == 1)
		return p % 2 ? -5 : 4;
	if (i % 3 == 2)
		return p % 2 ? 1 : -1;
	return ((p + i) % dt_npes) * 2 - 3;
}

static void fill(void *buf, dmapp_c_type_t t, dmapp_c_op_t op, int p)
{
	for (int i = 0; i < N; i++) {
		double re = (p + i) % 3 + 1, im = (p * 2 + i) % 3 - 1;
		double pv = pair_value(p, i);
		uint64_t loc = (uint64_t)(100 * p + i);
		int64_t v = sval(p, i, op, t);

		switch (t) {
		case DMAPP_C_COMPLEX8:
			((dmapp_c_complex8_t *)buf)[i].re = (float)re;
			((dmapp_c_complex8_t *)buf)[i].im = (float)im;
			break;
		case DMAPP_C_COMPLEX16:
			((dmapp_c_complex16_t *)buf)[i].re = re;
			((dmapp_c_complex16_t *)buf)[i].im = im;
			break;
		case DMAPP_C_FLOAT_UINT64:
			((dmapp_c_float_uint64_t *)buf)[i].value = (float)pv;
			((dmapp_c_float_uint64_t *)buf)[i].loc = loc;
			break;
		case DMAPP_C_DOUBLE_UINT64:
			((dmapp_c_double_uint64_t *)buf)[i].value = pv;
			((dmapp_c_double_uint64_t *)buf)[i].loc = loc;
			break;
		case DMAPP_C_INT32_UINT64:
			((dmapp_c_int_uint64_t *)buf)[i].value = (int)pv;
			((dmapp_c_int_uint64_t *)buf)[i].loc = loc;
			break;
		case DMAPP_C_INT64_UINT64:
			((dmapp_c_int64_uint64_t *)buf)[i].value = (int64_t)pv;
			((dmapp_c_int64_uint64_t *)buf)[i].loc = loc;
			break;
		default:
			put_s(buf, i, t, v, (double)v);
		}
	}
}

/* The expected result of element i: folded over the PEs in the oracle's
 * own arithmetic (64-bit integers wrapped to the type, doubles). */
static int64_t trunc_to(dmapp_c_type_t t, int64_t v)
{
	if (t == DMAPP_C_INT32)
		return (int32_t)v;
	if (t == DMAPP_C_UINT32)
		return (uint32_t)v;
	return v;
}

static void expected(void *buf, dmapp_c_type_t t, dmapp_c_op_t op)
{
	for (int i = 0; i < N; i++) {
		if (t == DMAPP_C_COMPLEX8 || t == DMAPP_C_COMPLEX16) {
			double re = 0, im = 0;
			for (int p = 0; p < dt_npes; p++) {
				double a = (p + i) % 3 + 1, b = (p * 2 + i) % 3 - 1;
				if (p == 0) {
					re = a, im = b;
				} else if (op == DMAPP_C_SUM) {
					re += a, im += b;
				} else {
					double r2 = re * a - im * b;
					im = re * b + im * a;
					re = r2;
				}
			}
			if (t == DMAPP_C_COMPLEX8) {
				((dmapp_c_complex8_t *)buf)[i].re = (float)re;
				((dmapp_c_complex8_t *)buf)[i].im = (float)im;
			} else {
				((dmapp_c_complex16_t *)buf)[i].re = re;
				((dmapp_c_complex16_t *)buf)[i].im = im;
			}
			continue;
		}
		if (op == DMAPP_C_MINLOC || op == DMAPP_C_MAXLOC) {
			int best = 0;	/* on a tie, the first PE: the smaller loc */
			for (int p = 1; p < dt_npes; p++) {
				int a = pair_value(p, i), b = pair_value(best, i);
				if (op == DMAPP_C_MINLOC ? a < b : a > b)
					best = p;
			}
			uint8_t of_best[N * 16];	/* element i is PE best's */
			fill(of_best, t, op, best);
			memcpy((char *)buf + i * type_size(t), of_best + i * type_size(t),
			       type_size(t));
			continue;
		}
		int64_t acc = trunc_to(t, sval(0, i, op, t));
		double dacc = (double)sval(0, i, op, t);
		for (int p = 1; p < dt_npes; p++) {
			int64_t v = trunc_to(t, sval(p, i, op, t));
			double d = (double)sval(p, i, op, t);
			int less = is_signed(t) ? v < acc : (uint64_t)v < (uint64_t)acc;
			switch (op) {
			case DMAPP_C_SUM:  acc = (int64_t)((uint64_t)acc + (uint64_t)v); dacc += d; break;
			case DMAPP_C_PROD: acc = (int64_t)((uint64_t)acc * (uint64_t)v); dacc *= d; break;
			case DMAPP_C_MAX:  if (!less && v != acc) acc = v; if (d > dacc) dacc = d; break;
			case DMAPP_C_MIN:  if (less) acc = v; if (d < dacc) dacc = d; break;
			case DMAPP_C_LAND: acc = acc != 0 && v != 0; break;
			case DMAPP_C_LOR:  acc = acc != 0 || v != 0; break;
			case DMAPP_C_LXOR: acc = (acc != 0) != (v != 0); break;
			case DMAPP_C_BAND: acc &= v; break;
			case DMAPP_C_BOR:  acc |= v; break;
			case DMAPP_C_BXOR: acc ^= v; break;
			default: break;
			}
			acc = trunc_to(t, acc);
		}
		put_s(buf, i, t, acc, dacc);
	}
}

/* Pair types compare field by field (their padding is not data). */
static int same(const void *a, const void *b, dmapp_c_type_t t, int i)
{
	switch (t) {
	case DMAPP_C_FLOAT_UINT64: {
		const dmapp_c_float_uint64_t *x = a, *y = b;
		return x[i].value == y[i].value && x[i].loc == y[i].loc; }
	case DMAPP_C_DOUBLE_UINT64: {
		const dmapp_c_double_uint64_t *x = a, *y = b;
		return x[i].value == y[i].value && x[i].loc == y[i].loc; }
	case DMAPP_C_INT32_UINT64: {
		const dmapp_c_int_uint64_t *x = a, *y = b;
		return x[i].value == y[i].value && x[i].loc == y[i].loc; }
	case DMAPP_C_INT64_UINT64: {
		const dmapp_c_int64_uint64_t *x = a, *y = b;
		return x[i].value == y[i].value && x[i].loc == y[i].loc; }
	default: {
		size_t s = type_size(t);
		return memcmp((const char *)a + i * s, (const char *)b + i * s, s) == 0; }
	}
}

/* Every type of types[] reduced with op over the whole job (its VEC in
 * reverse order: the root is the last PE; with ascending, in PE order:
 * the root is PE 0); odd PEs poll with test. */
static void reduce_in(dmapp_c_op_t op, const dmapp_c_type_t *types, size_t nt,
		      const char *cl, int ascending)
{
	uint32_t list[64];
	uint8_t in[N * 16], out[N * 16], want[N * 16];

	dt_start();
	dt_need_pes(2);
	ec_probe();
	if (dt_npes > 64)
		rt_unsupported("more than 64 PEs");
	for (int i = 0; ascending && i < dt_npes; i++)
		list[i] = (uint32_t)i;
	dmapp_c_pset_handle_t h = ec_make(ascending ? ec_vec(list, (uint32_t)dt_npes)
						    : ec_all_reversed(list),
					  0x6d00 + op, 1, "DMAPP-X-pset-create-success");
	for (size_t k = 0; k < nt; k++) {
		dmapp_c_type_t t = types[k];
		dmapp_return_t rc;

		memset(in, 0, sizeof in);
		memset(want, 0, sizeof want);
		memset(out, 0xee, sizeof out);
		fill(in, t, op, dt_pe);
		expected(want, t, op);
		rc = dmapp_c_greduce_start(h, in, out, N, t, op);
		if (!RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-greduce-start-success")) {
			RT_FAIL(cl, "SUCCESS", "refused", "type %s", type_name(t));
			continue;
		}
		memset(in, 0x77, sizeof in);	/* in is copied at the start */
		if (dt_pe % 2) {
			while ((rc = dmapp_c_pset_test(h)) == DMAPP_RC_NOT_DONE)
				;
		} else {
			rc = dmapp_c_pset_wait(h);
		}
		RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-greduce-completes");
		for (int i = 0; i < N; i++)
			if (!same(out, want, t, i)) {
				RT_FAIL(cl, "the reduction of every PE's element", "another value",
					"type %s element %d differs", type_name(t), i);
				break;
			}
	}
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

static void reduce_all(dmapp_c_op_t op, const dmapp_c_type_t *types, size_t nt,
		       const char *cl)
{
	reduce_in(op, types, nt, cl, 0);
}

#define NT(a) (sizeof(a) / sizeof((a)[0]))
#define OP_TEST(fn, name, op, types, cl)                                    \
	RT_TEST_ATTRS(fn, "dmapp.c_greduce_start.data." name,                \
		      cl ",DMAPP-X-greduce-start-success,DMAPP-X-greduce-completes", \
		      "np=3")                                                \
	{                                                                    \
		reduce_all(op, types, NT(types), cl);                        \
	}

OP_TEST(r_sum,    "sum",    DMAPP_C_SUM,    ARITH,   "DMAPP-X-greduce-sum")
OP_TEST(r_prod,   "prod",   DMAPP_C_PROD,   ARITH,   "DMAPP-X-greduce-prod")
OP_TEST(r_max,    "max",    DMAPP_C_MAX,    NUMERIC, "DMAPP-X-greduce-max")
OP_TEST(r_min,    "min",    DMAPP_C_MIN,    NUMERIC, "DMAPP-X-greduce-min")
OP_TEST(r_land,   "land",   DMAPP_C_LAND,   INTEGER, "DMAPP-X-greduce-land")
OP_TEST(r_lor,    "lor",    DMAPP_C_LOR,    INTEGER, "DMAPP-X-greduce-lor")
OP_TEST(r_lxor,   "lxor",   DMAPP_C_LXOR,   INTEGER, "DMAPP-X-greduce-lxor")
OP_TEST(r_band,   "band",   DMAPP_C_BAND,   INTEGER, "DMAPP-X-greduce-band")
OP_TEST(r_bor,    "bor",    DMAPP_C_BOR,    INTEGER, "DMAPP-X-greduce-bor")
OP_TEST(r_bxor,   "bxor",   DMAPP_C_BXOR,   INTEGER, "DMAPP-X-greduce-bxor")
OP_TEST(r_minloc, "minloc", DMAPP_C_MINLOC, PAIRS,   "DMAPP-X-greduce-minloc")
OP_TEST(r_maxloc, "maxloc", DMAPP_C_MAXLOC, PAIRS,   "DMAPP-X-greduce-maxloc")

/* The ties of MINLOC and MAXLOC (PEs 0 and 2 of 3) with the members in PE
 * order, so that the later member of a tie has the larger location: the
 * smaller location is kept whichever member comes first. */
RT_TEST_ATTRS(r_minloc_asc, "dmapp.c_greduce_start.data.minloc_pe_order",
	      "DMAPP-X-greduce-minloc,DMAPP-X-greduce-start-success,DMAPP-X-greduce-completes", "np=3")
{
	reduce_in(DMAPP_C_MINLOC, PAIRS, NT(PAIRS), "DMAPP-X-greduce-minloc", 1);
}

RT_TEST_ATTRS(r_maxloc_asc, "dmapp.c_greduce_start.data.maxloc_pe_order",
	      "DMAPP-X-greduce-maxloc,DMAPP-X-greduce-start-success,DMAPP-X-greduce-completes", "np=3")
{
	reduce_in(DMAPP_C_MAXLOC, PAIRS, NT(PAIRS), "DMAPP-X-greduce-maxloc", 1);
}

RT_TEST_ATTRS(r_max_n, "dmapp.c_greduce_start.resource.nelems_max",
	      "DMAPP-X-greduce-nelems-max-allowed", "np=2")
{
	uint32_t list[64], max = 0;

	dt_start();
	dt_need_pes(2);
	ec_probe();
	if (dt_npes > 64)
		rt_unsupported("more than 64 PEs");
	RT_REQUIRE_EQ_INT(dmapp_c_greduce_nelems_max(DMAPP_C_INT64, &max),
			  DMAPP_RC_SUCCESS, "DMAPP-X-greduce-nelems-max");
	RT_REQUIRE_TRUE(max > 0 && max < (1u << 24), "DMAPP-X-greduce-nelems-max");
	int64_t *in = malloc(max * sizeof(int64_t)), *out = malloc(max * sizeof(int64_t));
	if (!in || !out)
		rt_unsupported("out of memory");
	for (uint32_t i = 0; i < max; i++)
		in[i] = (int64_t)i * (dt_pe + 1);
	dmapp_c_pset_handle_t h = ec_make(ec_all_reversed(list), 0x6dff, 1,
					  "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_start(h, in, out, max, DMAPP_C_INT64,
					       DMAPP_C_SUM),
			 DMAPP_RC_SUCCESS, "DMAPP-X-greduce-nelems-max-allowed");
	RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-greduce-completes");
	int64_t tri = (int64_t)dt_npes * (dt_npes + 1) / 2;
	for (uint32_t i = 0; i < max; i++)
		if (out[i] != (int64_t)i * tri) {
			RT_FAIL("DMAPP-X-greduce-nelems-max-allowed", "sum", "other",
				"element %u of %u", i, max);
			break;
		}
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	free(in);
	free(out);
	dt_end();
}

RT_TEST(one_pe, "dmapp.c_greduce_start.data.one_member",
	"DMAPP-X-greduce-sum,DMAPP-X-greduce-completes")
{
	uint32_t me;
	int32_t in[3] = { -4, 0, 9 }, out[3] = { 1, 1, 1 };

	dt_start();
	ec_probe();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_handle_t h = ec_make(ec_vec(&me, 1), 0x6e01, 1,
					  "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_start(h, in, out, 3, DMAPP_C_INT32, DMAPP_C_SUM),
			 DMAPP_RC_SUCCESS, "DMAPP-X-greduce-start-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-greduce-completes");
	RT_EXPECT_MEM_EQ(out, in, sizeof in, "DMAPP-X-greduce-sum");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

/* Once the reduction has completed, out is the application's again: a
 * later dmapp_c_pset_test or _wait, with nothing outstanding, writes
 * nothing into it (DMAPP-X-ptest-idle). */
RT_TEST(idle_test, "dmapp.c_pset_test.state.idle_leaves_out",
	"DMAPP-X-ptest-idle,DMAPP-X-greduce-completes")
{
	uint32_t me;
	int32_t in[3] = { 5, -2, 7 }, out[3] = { 0, 0, 0 }, mark[3];

	dt_start();
	ec_probe();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_handle_t h = ec_make(ec_vec(&me, 1), 0x6e02, 1,
					  "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_start(h, in, out, 3, DMAPP_C_INT32, DMAPP_C_SUM),
			 DMAPP_RC_SUCCESS, "DMAPP-X-greduce-start-success");
	RT_REQUIRE_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
			  "DMAPP-X-greduce-completes");
	memset(out, 0x5a, sizeof out);	/* the application reuses out */
	memcpy(mark, out, sizeof mark);
	RT_EXPECT_RC_IN(dmapp_c_pset_test(h), "DMAPP-X-ptest-idle",
			DMAPP_RC_SUCCESS, DMAPP_RC_INVALID_PARAM);
	RT_EXPECT_MEM_EQ(out, mark, sizeof out, "DMAPP-X-ptest-idle");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

RT_TEST(nmax, "dmapp.c_greduce_nelems_max.data.every_type",
	"DMAPP-X-greduce-nelems-max,DMAPP-X-greduce-nelems-max-before-init")
{
	uint32_t max;

	/* Before dmapp_init: allowed, says the header. */
	for (dmapp_c_type_t t = DMAPP_C_INT32; t < DMAPP_C_TYPE_LAST; t++) {
		max = 0;
		dmapp_return_t rc = dmapp_c_greduce_nelems_max(t, &max);
		if (rc == DMAPP_RC_NOT_SUPPORTED)
			rt_lacks("ext:dmapp_c_greduce_nelems_max", "answers DMAPP_RC_NOT_SUPPORTED");
		if (!RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS,
				      "DMAPP-X-greduce-nelems-max-before-init"))
			RT_FAIL("DMAPP-X-greduce-nelems-max-before-init", "SUCCESS", "other",
				"type %s", type_name(t));
		RT_EXPECT_TRUE(max > 0, "DMAPP-X-greduce-nelems-max");
	}
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_c_greduce_nelems_max(DMAPP_C_DOUBLE, &max),
			 DMAPP_RC_SUCCESS, "DMAPP-X-greduce-nelems-max");
	RT_EXPECT_TRUE(max > 0, "DMAPP-X-greduce-nelems-max");
	dt_end();
}

RT_TEST_ATTRS(nmax_bad, "dmapp.c_greduce_nelems_max.param.invalid",
	      "DMAPP-X-greduce-nelems-max-invalid", "tier=robustness")
{
	uint32_t max;
	dmapp_return_t rc = dmapp_c_greduce_nelems_max(DMAPP_C_INT32, NULL);

	if (rc == DMAPP_RC_NOT_SUPPORTED)
		rt_lacks("ext:dmapp_c_greduce_nelems_max", "answers DMAPP_RC_NOT_SUPPORTED");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-greduce-nelems-max-invalid");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_nelems_max((dmapp_c_type_t)0, &max),
			 DMAPP_RC_INVALID_PARAM, "DMAPP-X-greduce-nelems-max-invalid");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_nelems_max(DMAPP_C_TYPE_LAST, &max),
			 DMAPP_RC_INVALID_PARAM, "DMAPP-X-greduce-nelems-max-invalid");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_nelems_max((dmapp_c_type_t)DMAPP_C_SUM, &max),
			 DMAPP_RC_INVALID_PARAM, "DMAPP-X-greduce-nelems-max-invalid");
}

RT_TEST_ATTRS(start_bad, "dmapp.c_greduce_start.param.invalid",
	      "DMAPP-X-greduce-invalid", "tier=robustness")
{
	uint32_t me, max = 0;
	int64_t in[4] = { 1, 2, 3, 4 }, out[4];
	const char *cl = "DMAPP-X-greduce-invalid";

	dt_start();
	ec_probe();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_handle_t h = ec_make(ec_vec(&me, 1), 0x6e02, 1,
					  "DMAPP-X-pset-create-success");
	RT_REQUIRE_EQ_INT(dmapp_c_greduce_nelems_max(DMAPP_C_INT64, &max),
			  DMAPP_RC_SUCCESS, "DMAPP-X-greduce-nelems-max");
	struct { const char *what; dmapp_return_t rc; } r[] = {
		{ "nelems above nelems_max",
		  dmapp_c_greduce_start(h, in, out, max + 1, DMAPP_C_INT64, DMAPP_C_SUM) },
		{ "nelems 2^32-1",
		  dmapp_c_greduce_start(h, in, out, 0xffffffffu, DMAPP_C_INT64, DMAPP_C_SUM) },
		{ "type 0", dmapp_c_greduce_start(h, in, out, 1, (dmapp_c_type_t)0, DMAPP_C_SUM) },
		{ "type DMAPP_C_TYPE_LAST",
		  dmapp_c_greduce_start(h, in, out, 1, DMAPP_C_TYPE_LAST, DMAPP_C_SUM) },
		{ "op 0", dmapp_c_greduce_start(h, in, out, 1, DMAPP_C_INT64, (dmapp_c_op_t)0) },
		{ "op DMAPP_C_OP_LAST",
		  dmapp_c_greduce_start(h, in, out, 1, DMAPP_C_INT64, DMAPP_C_OP_LAST) },
		{ "a NULL in", dmapp_c_greduce_start(h, NULL, out, 4, DMAPP_C_INT64, DMAPP_C_SUM) },
		{ "a NULL out", dmapp_c_greduce_start(h, in, NULL, 4, DMAPP_C_INT64, DMAPP_C_SUM) },
	};
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
		if (!RT_EXPECT_EQ_INT(r[i].rc, DMAPP_RC_INVALID_PARAM, cl))
			RT_FAIL(cl, "INVALID_PARAM", "other", "for %s", r[i].what);
	/* a refused start started nothing: the pset is free */
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}
