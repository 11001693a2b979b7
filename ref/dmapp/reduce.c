/*
 * reduce.c: the element types and operations of a global reduction
 * (dmapp.h RB-3.1: dmapp_c_type_t, dmapp_c_op_t; clauses
 * DMAPP-X-greduce-*), as tables: one row per type, one per operation.
 *
 * The header names the types and operations only; their meaning here
 * is the one the names carry in MPI, whose MPI_SUM ... MPI_MAXLOC they
 * mirror: arithmetic operations on the numeric types (SUM and PROD also
 * on the complex ones), logical and bitwise ones on the integer types,
 * MINLOC and MAXLOC on the value-and-location pairs (a tie keeps the
 * smaller location).  Logical results are 0 or 1.
 */
#include <string.h>

#include "dmapp_impl.h"

enum tclass { T_INT, T_UINT, T_REAL, T_CPLX, T_PAIR };

struct ctype_row {
	dmapp_c_type_t type;
	size_t size;
	enum tclass cls;
};

static const struct ctype_row ctypes[] = {
	{ DMAPP_C_INT32,         sizeof(int32_t),                 T_INT  },
	{ DMAPP_C_UINT32,        sizeof(uint32_t),                T_UINT },
	{ DMAPP_C_INT64,         sizeof(int64_t),                 T_INT  },
	{ DMAPP_C_UINT64,        sizeof(uint64_t),                T_UINT },
	{ DMAPP_C_FLOAT,         sizeof(float),                   T_REAL },
	{ DMAPP_C_DOUBLE,        sizeof(double),                  T_REAL },
	{ DMAPP_C_COMPLEX8,      sizeof(dmapp_c_complex8_t),      T_CPLX },
	{ DMAPP_C_COMPLEX16,     sizeof(dmapp_c_complex16_t),     T_CPLX },
	{ DMAPP_C_FLOAT_UINT64,  sizeof(dmapp_c_float_uint64_t),  T_PAIR },
	{ DMAPP_C_DOUBLE_UINT64, sizeof(dmapp_c_double_uint64_t), T_PAIR },
	{ DMAPP_C_INT32_UINT64,  sizeof(dmapp_c_int_uint64_t),    T_PAIR },
	{ DMAPP_C_INT64_UINT64,  sizeof(dmapp_c_int64_uint64_t),  T_PAIR },
};

/* Which classes of type each operation applies to. */
#define C(x) (1u << (x))
#define NUMERIC (C(T_INT) | C(T_UINT) | C(T_REAL))
#define INTEGER (C(T_INT) | C(T_UINT))

static const struct { dmapp_c_op_t op; unsigned classes; } cops[] = {
	{ DMAPP_C_SUM,    NUMERIC | C(T_CPLX) },
	{ DMAPP_C_MAX,    NUMERIC },
	{ DMAPP_C_MIN,    NUMERIC },
	{ DMAPP_C_PROD,   NUMERIC | C(T_CPLX) },
	{ DMAPP_C_LAND,   INTEGER },
	{ DMAPP_C_BAND,   INTEGER },
	{ DMAPP_C_LOR,    INTEGER },
	{ DMAPP_C_BOR,    INTEGER },
	{ DMAPP_C_LXOR,   INTEGER },
	{ DMAPP_C_BXOR,   INTEGER },
	{ DMAPP_C_MINLOC, C(T_PAIR) },
	{ DMAPP_C_MAXLOC, C(T_PAIR) },
};

#define NROWS(t) (sizeof(t) / sizeof((t)[0]))

static const struct ctype_row *ctype_row(dmapp_c_type_t type)
{
	for (size_t i = 0; i < NROWS(ctypes); i++)
		if (ctypes[i].type == type)
			return &ctypes[i];
	return NULL;
}

size_t coll_type_size(dmapp_c_type_t type)
{
	const struct ctype_row *t = ctype_row(type);

	return t ? t->size : 0;
}

int coll_op_valid(dmapp_c_op_t op, dmapp_c_type_t type)
{
	const struct ctype_row *t = ctype_row(type);

	for (size_t i = 0; t && i < NROWS(cops); i++)
		if (cops[i].op == op)
			return (cops[i].classes & C(t->cls)) != 0;
	return 0;
}

/* SUM, PROD, MAX, MIN on two floating-point scalars of type T. */
#define REAL_OP(T, op, a, b)                                              \
	do {                                                              \
		T x_ = *(T *)(a), y_ = *(const T *)(b);                   \
		switch (op) {                                             \
		case DMAPP_C_SUM:  x_ = x_ + y_; break;                   \
		case DMAPP_C_PROD: x_ = x_ * y_; break;                   \
		case DMAPP_C_MAX:  x_ = y_ > x_ ? y_ : x_; break;         \
		case DMAPP_C_MIN:  x_ = y_ < x_ ? y_ : x_; break;         \
		default: break;                                           \
		}                                                         \
		*(T *)(a) = x_;                                           \
	} while (0)

/* Every integer operation on type T; SUM and PROD wrap, computed in the
 * unsigned type U of the same width. */
#define INTEGER_OP(T, U, op, a, b)                                        \
	do {                                                              \
		T x_ = *(T *)(a), y_ = *(const T *)(b);                   \
		switch (op) {                                             \
		case DMAPP_C_SUM:  x_ = (T)((U)x_ + (U)y_); break;        \
		case DMAPP_C_PROD: x_ = (T)((U)x_ * (U)y_); break;        \
		case DMAPP_C_MAX:  x_ = y_ > x_ ? y_ : x_; break;         \
		case DMAPP_C_MIN:  x_ = y_ < x_ ? y_ : x_; break;         \
		case DMAPP_C_LAND: x_ = (x_ && y_); break;                \
		case DMAPP_C_LOR:  x_ = (x_ || y_); break;                \
		case DMAPP_C_LXOR: x_ = (!x_ != !y_); break;              \
		case DMAPP_C_BAND: x_ = x_ & y_; break;                   \
		case DMAPP_C_BOR:  x_ = x_ | y_; break;                   \
		case DMAPP_C_BXOR: x_ = x_ ^ y_; break;                   \
		default: break;                                           \
		}                                                         \
		*(T *)(a) = x_;                                           \
	} while (0)

/* SUM and PROD of complex numbers with parts of type T. */
#define COMPLEX_OP(T, op, a, b)                                           \
	do {                                                              \
		T *x_ = (T *)(a);                                         \
		const T *y_ = (const T *)(b);                             \
		T re_ = x_[0], im_ = x_[1];                               \
		if ((op) == DMAPP_C_SUM) {                                \
			x_[0] = re_ + y_[0];                              \
			x_[1] = im_ + y_[1];                              \
		} else {                                                  \
			x_[0] = re_ * y_[0] - im_ * y_[1];                \
			x_[1] = re_ * y_[1] + im_ * y_[0];                \
		}                                                         \
	} while (0)

/* MINLOC / MAXLOC on a pair type P: the better value, on a tie the
 * smaller location. */
#define PAIR_OP(P, op, a, b)                                              \
	do {                                                              \
		P *x_ = (P *)(a);                                         \
		const P *y_ = (const P *)(b);                             \
		int better_ = (op) == DMAPP_C_MINLOC ? y_->value < x_->value \
						     : y_->value > x_->value; \
		if (better_ || (y_->value == x_->value && y_->loc < x_->loc)) \
			*x_ = *y_;                                        \
	} while (0)

static void combine1(dmapp_c_op_t op, dmapp_c_type_t type, void *a,
		     const void *b)
{
	switch (type) {
	case DMAPP_C_INT32:  INTEGER_OP(int32_t, uint32_t, op, a, b); break;
	case DMAPP_C_UINT32: INTEGER_OP(uint32_t, uint32_t, op, a, b); break;
	case DMAPP_C_INT64:  INTEGER_OP(int64_t, uint64_t, op, a, b); break;
	case DMAPP_C_UINT64: INTEGER_OP(uint64_t, uint64_t, op, a, b); break;
	case DMAPP_C_FLOAT:  REAL_OP(float, op, a, b); break;
	case DMAPP_C_DOUBLE: REAL_OP(double, op, a, b); break;
	case DMAPP_C_COMPLEX8:  COMPLEX_OP(float, op, a, b); break;
	case DMAPP_C_COMPLEX16: COMPLEX_OP(double, op, a, b); break;
	case DMAPP_C_FLOAT_UINT64:  PAIR_OP(dmapp_c_float_uint64_t, op, a, b); break;
	case DMAPP_C_DOUBLE_UINT64: PAIR_OP(dmapp_c_double_uint64_t, op, a, b); break;
	case DMAPP_C_INT32_UINT64:  PAIR_OP(dmapp_c_int_uint64_t, op, a, b); break;
	case DMAPP_C_INT64_UINT64:  PAIR_OP(dmapp_c_int64_uint64_t, op, a, b); break;
	default: break;
	}
}

void coll_combine(dmapp_c_op_t op, dmapp_c_type_t type, void *acc,
		  const void *in, uint32_t n)
{
	size_t size = coll_type_size(type);

	for (uint32_t i = 0; i < n; i++)
		combine1(op, type, (char *)acc + i * size,
			 (const char *)in + i * size);
}

/*
 * dmapp_c_greduce_nelems_max (RB-3.1)
 * DMAPP_RC_SUCCESS, *nelems_max the elements of type that fit one
 * reduction (COLL_PAYLOAD bytes); DMAPP_RC_INVALID_PARAM for a type that
 * is not a dmapp_c_type_t or a NULL nelems_max.  Valid before dmapp_init.
 */
dmapp_return_t dmapp_c_greduce_nelems_max(dmapp_c_type_t type,
					  uint32_t *nelems_max)
{
	size_t size = coll_type_size(type);

	if (size == 0 || nelems_max == NULL)
		return DMAPP_RC_INVALID_PARAM;
	*nelems_max = (uint32_t)(COLL_PAYLOAD / size);
	return DMAPP_RC_SUCCESS;
}
