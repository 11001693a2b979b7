/*
 * types.c: the spec's tables as data.
 */
#include "dmapp_impl.h"

/* 5.1.1.2 Constants: DQW 16 bytes, QW 8, DW 4, BYTE 1. */
const struct dmapp_type_row dmapp_type_table[] = {
	[DMAPP_DQW]  = { "DMAPP_DQW",  16 },
	[DMAPP_QW]   = { "DMAPP_QW",   8 },
	[DMAPP_DW]   = { "DMAPP_DW",   4 },
	[DMAPP_BYTE] = { "DMAPP_BYTE", 1 },
};

size_t dmapp_type_size(dmapp_type_t type)
{
	/* The enum may be unsigned or signed: compare as unsigned. */
	if ((unsigned)type > (unsigned)DMAPP_BYTE)
		return 0;
	return dmapp_type_table[type].size;
}

/*
 * 5.1.2 dmapp_routing_type: IN_ORDER is hash off and adapt off,
 * DETERMINISTIC hash on and adapt off, ADAPTIVE hash off and adapt on.
 */
const uint16_t dmapp_routing_dlvr_mode[] = {
	[DMAPP_ROUTING_IN_ORDER]      = GNI_DLVMODE_IN_ORDER,
	[DMAPP_ROUTING_DETERMINISTIC] = GNI_DLVMODE_NO_ADAPT,
	[DMAPP_ROUTING_ADAPTIVE]      = GNI_DLVMODE_NO_HASH,
};

/* nelems * size in bytes, or -1 when it overflows (E-DMAPP-035). */
int dmapp_bytes(uint64_t nelems, size_t size, uint64_t *bytes)
{
	if (__builtin_mul_overflow(nelems, (uint64_t)size, bytes) ||
	    *bytes > SIZE_MAX)
		return -1;
	return 0;
}
