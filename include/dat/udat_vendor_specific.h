/*
 * dat/udat_vendor_specific.h - vendor extensions of the user DAT API.
 *
 * Included by dat/udat.h, as in the 1.2 layout.  The rdmacts reference
 * provider defines no extensions.
 */
#ifndef _UDAT_VENDOR_SPECIFIC_H_
#define _UDAT_VENDOR_SPECIFIC_H_

/* The platform types, for the macros defined here. */
#include <dat/dat_platform_specific.h>

#include <dat/dat_vendor_specific.h>

#endif /* _UDAT_VENDOR_SPECIFIC_H_ */
