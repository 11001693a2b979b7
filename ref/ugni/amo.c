/*
 * amo.c: the AMO commands of 3.12.2 gni_fma_cmd_type, one row per
 * spec row.  first_operand and second_operand as the vendor library
 * uses them: FAX/AX compute (old & first) ^ second; CSWAP writes
 * second when the old value equals first.  The cached (_C) variants
 * behave as the uncached ones: the model has no AMO cache.
 */
#include "ugni.h"

static uint64_t add(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o + a; }
static uint64_t and(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o & a; }
static uint64_t or(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o | a; }
static uint64_t xor(uint64_t o, uint64_t a, uint64_t b) { (void)b; return o ^ a; }
static uint64_t ax(uint64_t o, uint64_t a, uint64_t b) { return (o & a) ^ b; }
static uint64_t cswap(uint64_t o, uint64_t a, uint64_t b) { return o == a ? b : o; }

static const struct ugni_amo amo_table[] = {
	/* cmd                     name        fetching cached op */
	{ GNI_FMA_ATOMIC_FADD,    "FADD",    1, 0, add },
	{ GNI_FMA_ATOMIC_FADD_C,  "FADD_C",  1, 1, add },
	{ GNI_FMA_ATOMIC_FAND,    "FAND",    1, 0, and },
	{ GNI_FMA_ATOMIC_FAND_C,  "FAND_C",  1, 1, and },
	{ GNI_FMA_ATOMIC_FOR,     "FOR",     1, 0, or },
	{ GNI_FMA_ATOMIC_FOR_C,   "FOR_C",   1, 1, or },
	{ GNI_FMA_ATOMIC_FXOR,    "FXOR",    1, 0, xor },
	{ GNI_FMA_ATOMIC_FXOR_C,  "FXOR_C",  1, 1, xor },
	{ GNI_FMA_ATOMIC_FAX,     "FAX",     1, 0, ax },
	{ GNI_FMA_ATOMIC_FAX_C,   "FAX_C",   1, 1, ax },
	{ GNI_FMA_ATOMIC_CSWAP,   "CSWAP",   1, 0, cswap },
	{ GNI_FMA_ATOMIC_CSWAP_C, "CSWAP_C", 1, 1, cswap },
	{ GNI_FMA_ATOMIC_ADD,     "ADD",     0, 0, add },
	{ GNI_FMA_ATOMIC_ADD_C,   "ADD_C",   0, 1, add },
	{ GNI_FMA_ATOMIC_AND,     "AND",     0, 0, and },
	{ GNI_FMA_ATOMIC_AND_C,   "AND_C",   0, 1, and },
	{ GNI_FMA_ATOMIC_OR,      "OR",      0, 0, or },
	{ GNI_FMA_ATOMIC_OR_C,    "OR_C",    0, 1, or },
	{ GNI_FMA_ATOMIC_XOR,     "XOR",     0, 0, xor },
	{ GNI_FMA_ATOMIC_XOR_C,   "XOR_C",   0, 1, xor },
	{ GNI_FMA_ATOMIC_AX,      "AX",      0, 0, ax },
	{ GNI_FMA_ATOMIC_AX_C,    "AX_C",    0, 1, ax },
};

const struct ugni_amo *ugni_amo_find(gni_fma_cmd_type_t cmd)
{
	for (size_t i = 0; i < sizeof amo_table / sizeof amo_table[0]; i++)
		if (amo_table[i].cmd == cmd)
			return &amo_table[i];
	return NULL;
}

/* 3.13.7.2 / E-UGNI-144, E-UGNI-087: an AMO is one 64-bit word; the
 * non-fetching AND-XOR also takes 16 bytes ("AAX requires 16
 * byte-alignment", 3.6.1), as the vendor's AMO example posts it. */
int ugni_amo_length_ok(gni_fma_cmd_type_t cmd, uint64_t length)
{
	if (length == 8)
		return 1;
	return length == 16 &&
		(cmd == GNI_FMA_ATOMIC_AX || cmd == GNI_FMA_ATOMIC_AX_C);
}
