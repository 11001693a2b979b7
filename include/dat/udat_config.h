/*
 * dat/udat_config.h - uDAPL version this header set describes.
 *
 * dat_ia_open() is a macro that passes these three values to
 * dat_ia_openv(), so the registry can match a Provider built for the
 * same DAT version and thread-safety level.  Part of the rdmacts common
 * ABI.
 */
#ifndef _UDAT_CONFIG_H_
#define _UDAT_CONFIG_H_

/* The platform types, for the macros defined here. */
#include <dat/dat_platform_specific.h>

#define DAT_VERSION_MAJOR 1
#define DAT_VERSION_MINOR 2

/*
 * Thread safety requested by dat_ia_open().  The 1.2 reference headers
 * choose DAT_FALSE (the reference implementation is not thread safe);
 * a build may define DAT_THREADSAFE before including any DAT header.
 * See erratum E-UDAPL-043.
 */
#ifndef DAT_THREADSAFE
#define DAT_THREADSAFE DAT_FALSE
#endif

#endif /* _UDAT_CONFIG_H_ */
