/*
 * smsg_mode.c: GNI_SmsgSetDeliveryMode (extension tier, gni_pub.h 0x5c).
 *
 * The modes are the GNI_DLVMODE_* flags: NO_ADAPT, NO_HASH, NO_RADAPT on
 * both generations, the "Aries delivery modes" (NMIN_HASH, MIN_HASH,
 * ADAPTIVE1..3) only on an Aries, ORDERED_TAIL on both.  The model
 * delivers short messages in order whatever the mode, so it only keeps
 * the value.
 */
#include "ugni.h"

#define DLV_BOTH  (GNI_DLVMODE_NO_ADAPT | GNI_DLVMODE_NO_HASH | \
		GNI_DLVMODE_NO_RADAPT | GNI_DLVMODE_ORDERED_TAIL)
#define DLV_ARIES (GNI_DLVMODE_NMIN_HASH | GNI_DLVMODE_MIN_HASH | \
		GNI_DLVMODE_ADAPTIVE1 | GNI_DLVMODE_ADAPTIVE2 | GNI_DLVMODE_ADAPTIVE3)

/* SmsgSetDeliveryMode
 *   GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM (invalid NIC handle or delivery
 *   mode) */
gni_return_t GNI_SmsgSetDeliveryMode(gni_nic_handle_t nic_handle, uint16_t dlvr_mode)
{
	UGNI_LOCKED;
	struct ugni_nic *n = to_nic(nic_handle);
	uint16_t valid = DLV_BOTH | (nic_aries() ? DLV_ARIES : 0);

	if (!n || (dlvr_mode & ~valid))
		return GNI_RC_INVALID_PARAM;
	n->smsg_dlvr_mode = dlvr_mode;
	return GNI_RC_SUCCESS;
}
