/*
 * dat/dat_vendor_specific.h - vendor extensions common to uDAPL/kDAPL.
 *
 * The 1.2 layout reserves this header for vendor-defined macros.  The
 * rdmacts reference provider defines none; the header exists so that
 * clients and providers that include it compile unchanged.
 */
#ifndef _DAT_VENDOR_SPECIFIC_H_
#define _DAT_VENDOR_SPECIFIC_H_

/* The platform types, for the macros defined here. */
#include <dat/dat_platform_specific.h>

#endif /* _DAT_VENDOR_SPECIFIC_H_ */
