/*
 * stat_names.c: gni_statistic_str[] (extension tier, gni_pub.h 0x5c),
 * the names of gni_statistic_t for printing.  The Aries-only counters
 * exist only in the vendor's Aries build; this table has the rest.
 */
#include "ugni.h"

/* Indexed by gni_statistic_t. */
const char *gni_statistic_str[] = {
	"GNI_STAT_SMSG_BUFF_CREDITS_STALL",
	"GNI_STAT_SMSG_DLA_STALL",
	"GNI_STAT_SMSG_MBOX_CREDITS_STALL",
	"GNI_STAT_SMSG_REQ_STALL",
	"GNI_STAT_SMSG_RETRANS_COUNT",
	"GNI_STAT_SMSG_RETRANS_DLA_COUNT",
	"GNI_STAT_SMSG_RETRANS_STALL",
};
