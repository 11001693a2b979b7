/*
 * amo.c: the AMO commands, one row per row of gni_fma_cmd_type: the
 * first-generation commands of 3.12.2 and the second-generation
 * (GNI_FMA_ATOMIC2_*) commands of the vendor header (extension tier),
 * which only an Aries NIC executes.  first_operand and second_operand
 * as the vendor library uses them: FAX/AX compute (old & first) ^
 * second; CSWAP writes second when the old value equals first; SWAP
 * writes first.  The cached (_C, _SC) variants behave as the uncached
 * ones: the model has no AMO cache.  The _S commands work on a 32-bit
 * word (the low 32 bits of the operands); the FP commands read the word
 * as an IEEE double (single for _S).
 */
#include <string.h>
#include "ugni.h"

static uint64_t add(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o + a; }
static uint64_t and(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o & a; }
static uint64_t or(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o | a; }
static uint64_t xor(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o ^ a; }
static uint64_t ax(uint64_t o, uint64_t a, uint64_t b) { return (o & a) ^ b; }
static uint64_t cswap(uint64_t o, uint64_t a, uint64_t b) { return o == a ? b : o; }
static uint64_t swap(uint64_t o, uint64_t a, uint64_t b) { (void)o; (void)b; return a; }

/* 32-bit words: o holds the old word, the operands' low halves count */
static uint64_t cswap32(uint64_t o, uint64_t a, uint64_t b)
{
	return (uint32_t)o == (uint32_t)a ? b : o;
}

static uint64_t imin(uint64_t o, uint64_t a, uint64_t b)
{
	(void)b;
	return (int64_t)a < (int64_t)o ? a : o;
}

static uint64_t imax(uint64_t o, uint64_t a, uint64_t b)
{
	(void)b;
	return (int64_t)a > (int64_t)o ? a : o;
}

static uint64_t imin32(uint64_t o, uint64_t a, uint64_t b)
{
	(void)b;
	return (int32_t)(uint32_t)a < (int32_t)(uint32_t)o ? a : o;
}

static uint64_t imax32(uint64_t o, uint64_t a, uint64_t b)
{
	(void)b;
	return (int32_t)(uint32_t)a > (int32_t)(uint32_t)o ? a : o;
}

static double d_of(uint64_t v) { double d; memcpy(&d, &v, sizeof d); return d; }
static uint64_t of_d(double d) { uint64_t v; memcpy(&v, &d, sizeof v); return v; }
static float f_of(uint64_t v) { uint32_t w = (uint32_t)v; float f; memcpy(&f, &w, sizeof f); return f; }
static uint64_t of_f(float f) { uint32_t w; memcpy(&w, &f, sizeof w); return w; }

static uint64_t fpadd(uint64_t o, uint64_t a, uint64_t b) { (void)b; return of_d(d_of(o) + d_of(a)); }
static uint64_t fpmin(uint64_t o, uint64_t a, uint64_t b) { (void)b; return d_of(a) < d_of(o) ? a : o; }
static uint64_t fpmax(uint64_t o, uint64_t a, uint64_t b) { (void)b; return d_of(a) > d_of(o) ? a : o; }
static uint64_t fpadd32(uint64_t o, uint64_t a, uint64_t b) { (void)b; return of_f(f_of(o) + f_of(a)); }
static uint64_t fpmin32(uint64_t o, uint64_t a, uint64_t b) { (void)b; return f_of(a) < f_of(o) ? a : o; }
static uint64_t fpmax32(uint64_t o, uint64_t a, uint64_t b) { (void)b; return f_of(a) > f_of(o) ? a : o; }

static const struct ugni_amo amo_table[] = {
	/* cmd                     name     fetching width aries op */
	{ GNI_FMA_ATOMIC_FADD,    "FADD",    1, 8, 0, add },
	{ GNI_FMA_ATOMIC_FADD_C,  "FADD_C",  1, 8, 0, add },
	{ GNI_FMA_ATOMIC_FAND,    "FAND",    1, 8, 0, and },
	{ GNI_FMA_ATOMIC_FAND_C,  "FAND_C",  1, 8, 0, and },
	{ GNI_FMA_ATOMIC_FOR,     "FOR",     1, 8, 0, or },
	{ GNI_FMA_ATOMIC_FOR_C,   "FOR_C",   1, 8, 0, or },
	{ GNI_FMA_ATOMIC_FXOR,    "FXOR",    1, 8, 0, xor },
	{ GNI_FMA_ATOMIC_FXOR_C,  "FXOR_C",  1, 8, 0, xor },
	{ GNI_FMA_ATOMIC_FAX,     "FAX",     1, 8, 0, ax },
	{ GNI_FMA_ATOMIC_FAX_C,   "FAX_C",   1, 8, 0, ax },
	{ GNI_FMA_ATOMIC_CSWAP,   "CSWAP",   1, 8, 0, cswap },
	{ GNI_FMA_ATOMIC_CSWAP_C, "CSWAP_C", 1, 8, 0, cswap },
	{ GNI_FMA_ATOMIC_ADD,     "ADD",     0, 8, 0, add },
	{ GNI_FMA_ATOMIC_ADD_C,   "ADD_C",   0, 8, 0, add },
	{ GNI_FMA_ATOMIC_AND,     "AND",     0, 8, 0, and },
	{ GNI_FMA_ATOMIC_AND_C,   "AND_C",   0, 8, 0, and },
	{ GNI_FMA_ATOMIC_OR,      "OR",      0, 8, 0, or },
	{ GNI_FMA_ATOMIC_OR_C,    "OR_C",    0, 8, 0, or },
	{ GNI_FMA_ATOMIC_XOR,     "XOR",     0, 8, 0, xor },
	{ GNI_FMA_ATOMIC_XOR_C,   "XOR_C",   0, 8, 0, xor },
	{ GNI_FMA_ATOMIC_AX,      "AX",      0, 8, 0, ax },
	{ GNI_FMA_ATOMIC_AX_C,    "AX_C",    0, 8, 0, ax },
	/* second generation (vendor extension, Aries only) */
	{ GNI_FMA_ATOMIC2_FAND_S,   "FAND_S",    1, 4, 1, and },
	{ GNI_FMA_ATOMIC2_FAND,     "FAND",      1, 8, 1, and },
	{ GNI_FMA_ATOMIC2_FAND_SC,  "FAND_SC",   1, 4, 1, and },
	{ GNI_FMA_ATOMIC2_FAND_C,   "FAND_C",    1, 8, 1, and },
	{ GNI_FMA_ATOMIC2_AND_S,    "AND_S",     0, 4, 1, and },
	{ GNI_FMA_ATOMIC2_AND,      "AND",       0, 8, 1, and },
	{ GNI_FMA_ATOMIC2_AND_SC,   "AND_SC",    0, 4, 1, and },
	{ GNI_FMA_ATOMIC2_AND_C,    "AND_C",     0, 8, 1, and },
	{ GNI_FMA_ATOMIC2_FOR_S,    "FOR_S",     1, 4, 1, or },
	{ GNI_FMA_ATOMIC2_FOR,      "FOR",       1, 8, 1, or },
	{ GNI_FMA_ATOMIC2_FOR_SC,   "FOR_SC",    1, 4, 1, or },
	{ GNI_FMA_ATOMIC2_FOR_C,    "FOR_C",     1, 8, 1, or },
	{ GNI_FMA_ATOMIC2_OR_S,     "OR_S",      0, 4, 1, or },
	{ GNI_FMA_ATOMIC2_OR,       "OR",        0, 8, 1, or },
	{ GNI_FMA_ATOMIC2_OR_SC,    "OR_SC",     0, 4, 1, or },
	{ GNI_FMA_ATOMIC2_OR_C,     "OR_C",      0, 8, 1, or },
	{ GNI_FMA_ATOMIC2_FXOR_S,   "FXOR_S",    1, 4, 1, xor },
	{ GNI_FMA_ATOMIC2_FXOR,     "FXOR",      1, 8, 1, xor },
	{ GNI_FMA_ATOMIC2_FXOR_SC,  "FXOR_SC",   1, 4, 1, xor },
	{ GNI_FMA_ATOMIC2_FXOR_C,   "FXOR_C",    1, 8, 1, xor },
	{ GNI_FMA_ATOMIC2_XOR_S,    "XOR_S",     0, 4, 1, xor },
	{ GNI_FMA_ATOMIC2_XOR,      "XOR",       0, 8, 1, xor },
	{ GNI_FMA_ATOMIC2_XOR_SC,   "XOR_SC",    0, 4, 1, xor },
	{ GNI_FMA_ATOMIC2_XOR_C,    "XOR_C",     0, 8, 1, xor },
	{ GNI_FMA_ATOMIC2_FSWAP_S,  "FSWAP_S",   1, 4, 1, swap },
	{ GNI_FMA_ATOMIC2_FSWAP,    "FSWAP",     1, 8, 1, swap },
	{ GNI_FMA_ATOMIC2_FSWAP_SC, "FSWAP_SC",  1, 4, 1, swap },
	{ GNI_FMA_ATOMIC2_FSWAP_C,  "FSWAP_C",   1, 8, 1, swap },
	{ GNI_FMA_ATOMIC2_SWAP_S,   "SWAP_S",    0, 4, 1, swap },
	{ GNI_FMA_ATOMIC2_SWAP,     "SWAP",      0, 8, 1, swap },
	{ GNI_FMA_ATOMIC2_SWAP_SC,  "SWAP_SC",   0, 4, 1, swap },
	{ GNI_FMA_ATOMIC2_SWAP_C,   "SWAP_C",    0, 8, 1, swap },
	{ GNI_FMA_ATOMIC2_FAX_S,    "FAX_S",     1, 4, 1, ax },
	{ GNI_FMA_ATOMIC2_FAX,      "FAX",       1, 8, 1, ax },
	{ GNI_FMA_ATOMIC2_FAX_SC,   "FAX_SC",    1, 4, 1, ax },
	{ GNI_FMA_ATOMIC2_FAX_C,    "FAX_C",     1, 8, 1, ax },
	{ GNI_FMA_ATOMIC2_AX_S,     "AX_S",      0, 4, 1, ax },
	{ GNI_FMA_ATOMIC2_AX,       "AX",        0, 8, 1, ax },
	{ GNI_FMA_ATOMIC2_AX_SC,    "AX_SC",     0, 4, 1, ax },
	{ GNI_FMA_ATOMIC2_AX_C,     "AX_C",      0, 8, 1, ax },
	{ GNI_FMA_ATOMIC2_FCSWAP_S, "FCSWAP_S",  1, 4, 1, cswap32 },
	{ GNI_FMA_ATOMIC2_FCSWAP,   "FCSWAP",    1, 8, 1, cswap },
	{ GNI_FMA_ATOMIC2_FCSWAP_SC, "FCSWAP_SC", 1, 4, 1, cswap32 },
	{ GNI_FMA_ATOMIC2_FCSWAP_C, "FCSWAP_C",  1, 8, 1, cswap },
	{ GNI_FMA_ATOMIC2_CSWAP_S,  "CSWAP_S",   0, 4, 1, cswap32 },
	{ GNI_FMA_ATOMIC2_CSWAP,    "CSWAP",     0, 8, 1, cswap },
	{ GNI_FMA_ATOMIC2_CSWAP_SC, "CSWAP_SC",  0, 4, 1, cswap32 },
	{ GNI_FMA_ATOMIC2_CSWAP_C,  "CSWAP_C",   0, 8, 1, cswap },
	{ GNI_FMA_ATOMIC2_FIMIN_S,  "FIMIN_S",   1, 4, 1, imin32 },
	{ GNI_FMA_ATOMIC2_FIMIN,    "FIMIN",     1, 8, 1, imin },
	{ GNI_FMA_ATOMIC2_FIMIN_SC, "FIMIN_SC",  1, 4, 1, imin32 },
	{ GNI_FMA_ATOMIC2_FIMIN_C,  "FIMIN_C",   1, 8, 1, imin },
	{ GNI_FMA_ATOMIC2_IMIN_S,   "IMIN_S",    0, 4, 1, imin32 },
	{ GNI_FMA_ATOMIC2_IMIN,     "IMIN",      0, 8, 1, imin },
	{ GNI_FMA_ATOMIC2_IMIN_SC,  "IMIN_SC",   0, 4, 1, imin32 },
	{ GNI_FMA_ATOMIC2_IMIN_C,   "IMIN_C",    0, 8, 1, imin },
	{ GNI_FMA_ATOMIC2_FIMAX_S,  "FIMAX_S",   1, 4, 1, imax32 },
	{ GNI_FMA_ATOMIC2_FIMAX,    "FIMAX",     1, 8, 1, imax },
	{ GNI_FMA_ATOMIC2_FIMAX_SC, "FIMAX_SC",  1, 4, 1, imax32 },
	{ GNI_FMA_ATOMIC2_FIMAX_C,  "FIMAX_C",   1, 8, 1, imax },
	{ GNI_FMA_ATOMIC2_IMAX_S,   "IMAX_S",    0, 4, 1, imax32 },
	{ GNI_FMA_ATOMIC2_IMAX,     "IMAX",      0, 8, 1, imax },
	{ GNI_FMA_ATOMIC2_IMAX_SC,  "IMAX_SC",   0, 4, 1, imax32 },
	{ GNI_FMA_ATOMIC2_IMAX_C,   "IMAX_C",    0, 8, 1, imax },
	{ GNI_FMA_ATOMIC2_FIADD_S,  "FIADD_S",   1, 4, 1, add },
	{ GNI_FMA_ATOMIC2_FIADD,    "FIADD",     1, 8, 1, add },
	{ GNI_FMA_ATOMIC2_FIADD_SC, "FIADD_SC",  1, 4, 1, add },
	{ GNI_FMA_ATOMIC2_FIADD_C,  "FIADD_C",   1, 8, 1, add },
	{ GNI_FMA_ATOMIC2_IADD_S,   "IADD_S",    0, 4, 1, add },
	{ GNI_FMA_ATOMIC2_IADD,     "IADD",      0, 8, 1, add },
	{ GNI_FMA_ATOMIC2_IADD_SC,  "IADD_SC",   0, 4, 1, add },
	{ GNI_FMA_ATOMIC2_IADD_C,   "IADD_C",    0, 8, 1, add },
	{ GNI_FMA_ATOMIC2_FFPMIN_S, "FFPMIN_S",  1, 4, 1, fpmin32 },
	{ GNI_FMA_ATOMIC2_FFPMIN,   "FFPMIN",    1, 8, 1, fpmin },
	{ GNI_FMA_ATOMIC2_FFPMIN_SC, "FFPMIN_SC", 1, 4, 1, fpmin32 },
	{ GNI_FMA_ATOMIC2_FFPMIN_C, "FFPMIN_C",  1, 8, 1, fpmin },
	{ GNI_FMA_ATOMIC2_FPMIN_S,  "FPMIN_S",   0, 4, 1, fpmin32 },
	{ GNI_FMA_ATOMIC2_FPMIN,    "FPMIN",     0, 8, 1, fpmin },
	{ GNI_FMA_ATOMIC2_FPMIN_SC, "FPMIN_SC",  0, 4, 1, fpmin32 },
	{ GNI_FMA_ATOMIC2_FPMIN_C,  "FPMIN_C",   0, 8, 1, fpmin },
	{ GNI_FMA_ATOMIC2_FFPMAX_S, "FFPMAX_S",  1, 4, 1, fpmax32 },
	{ GNI_FMA_ATOMIC2_FFPMAX,   "FFPMAX",    1, 8, 1, fpmax },
	{ GNI_FMA_ATOMIC2_FFPMAX_SC, "FFPMAX_SC", 1, 4, 1, fpmax32 },
	{ GNI_FMA_ATOMIC2_FFPMAX_C, "FFPMAX_C",  1, 8, 1, fpmax },
	{ GNI_FMA_ATOMIC2_FPMAX_S,  "FPMAX_S",   0, 4, 1, fpmax32 },
	{ GNI_FMA_ATOMIC2_FPMAX,    "FPMAX",     0, 8, 1, fpmax },
	{ GNI_FMA_ATOMIC2_FPMAX_SC, "FPMAX_SC",  0, 4, 1, fpmax32 },
	{ GNI_FMA_ATOMIC2_FPMAX_C,  "FPMAX_C",   0, 8, 1, fpmax },
	{ GNI_FMA_ATOMIC2_FFPADD_S, "FFPADD_S",  1, 4, 1, fpadd32 },
	{ GNI_FMA_ATOMIC2_FFPADD,   "FFPADD",    1, 8, 1, fpadd },
	{ GNI_FMA_ATOMIC2_FFPADD_SC, "FFPADD_SC", 1, 4, 1, fpadd32 },
	{ GNI_FMA_ATOMIC2_FFPADD_C, "FFPADD_C",  1, 8, 1, fpadd },
	{ GNI_FMA_ATOMIC2_FPADD_S,  "FPADD_S",   0, 4, 1, fpadd32 },
	{ GNI_FMA_ATOMIC2_FPADD,    "FPADD",     0, 8, 1, fpadd },
	{ GNI_FMA_ATOMIC2_FPADD_SC, "FPADD_SC",  0, 4, 1, fpadd32 },
	{ GNI_FMA_ATOMIC2_FPADD_C,  "FPADD_C",   0, 8, 1, fpadd },
};

/* The command's row, or NULL for a command this NIC does not execute:
 * unknown values, and the second-generation commands on a Gemini,
 * which the descriptor check then refuses as an invalid parameter. */
const struct ugni_amo *ugni_amo_find(gni_fma_cmd_type_t cmd)
{
	for (size_t i = 0; i < sizeof amo_table / sizeof amo_table[0]; i++)
		if (amo_table[i].cmd == cmd)
			return amo_table[i].aries && !nic_aries() ? NULL :
				&amo_table[i];
	return NULL;
}

/* 3.13.7.2 / E-UGNI-144, E-UGNI-087: an AMO is one 64-bit word; the
 * non-fetching AND-XOR also takes 16 bytes ("AAX requires 16
 * byte-alignment", 3.6.1), as the vendor's AMO example posts it.  A
 * second-generation command takes its word (8 bytes, 4 for the _S
 * commands); its two-operand commands, CSWAP and AX, also two words, as
 * the vendor's fma_amo_g2_* examples post them (the operation applies to
 * the first word). */
int ugni_amo_length_ok(gni_fma_cmd_type_t cmd, uint64_t length)
{
	const struct ugni_amo *a = ugni_amo_find(cmd);

	if (a && a->aries)
		return length == a->width || (length == 2 * a->width &&
			(a->op == cswap || a->op == cswap32 || a->op == ax));
	if (length == 8)
		return 1;
	return length == 16 &&
		(cmd == GNI_FMA_ATOMIC_AX || cmd == GNI_FMA_ATOMIC_AX_C);
}
