/*
 * dat/dat_registry.h - the Provider side of the libdat registry.
 *
 * Used by Provider libraries and by libdat; dat/udat.h includes it.
 * A Provider registers its dispatch table (struct dat_provider) under
 * the IA name and DAT version of a DAT_PROVIDER_INFO.  A Provider that
 * libdat loads itself (from dat.conf) exports dat_provider_init and
 * dat_provider_fini, which libdat calls after dlopen and before
 * dlclose.  Part of the rdmacts common ABI.
 */
#include <dat/udat.h>

#ifndef _DAT_REGISTRY_H_
#define _DAT_REGISTRY_H_

#ifdef __cplusplus
extern "C" {
#endif

/* dat_registry_add_provider(3DAT) */
extern DAT_RETURN dat_registry_add_provider(
	IN DAT_PROVIDER            *provider,
	IN const DAT_PROVIDER_INFO *provider_info);

/* dat_registry_remove_provider(3DAT) */
extern DAT_RETURN dat_registry_remove_provider(
	IN DAT_PROVIDER            *provider,
	IN const DAT_PROVIDER_INFO *provider_info);

/* Names libdat looks up with dlsym in a Provider library. */
#define DAT_PROVIDER_INIT_FUNC_NAME dat_provider_init
#define DAT_PROVIDER_FINI_FUNC_NAME dat_provider_fini
#define DAT_PROVIDER_INIT_FUNC_STR  "dat_provider_init"
#define DAT_PROVIDER_FINI_FUNC_STR  "dat_provider_fini"

typedef void (*DAT_PROVIDER_INIT_FUNC)(
	IN const DAT_PROVIDER_INFO *provider_info,
	IN const char              *instance_data);

typedef void (*DAT_PROVIDER_FINI_FUNC)(
	IN const DAT_PROVIDER_INFO *provider_info);

/*
 * Exported by a Provider library, not by libdat: libdat calls it once
 * for each dat.conf entry naming the library, with that entry's IA name
 * and version and its instance data string.  The Provider registers
 * itself with dat_registry_add_provider.
 */
extern void dat_provider_init(
	IN const DAT_PROVIDER_INFO *provider_info,
	IN const char              *instance_data);

/* Exported by a Provider library; undoes dat_provider_init. */
extern void dat_provider_fini(
	IN const DAT_PROVIDER_INFO *provider_info);

#ifdef __cplusplus
}
#endif

#endif /* _DAT_REGISTRY_H_ */
