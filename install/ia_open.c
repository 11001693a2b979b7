/*
 * ia_open.c: opens every IA the registry lists (check-install).
 *
 * For each entry of dat_registry_list_providers, in the registry's
 * order: dat_ia_openv with the entry's thread safety, dat_ia_query of
 * the Provider's is_thread_safe (it must match the entry), then
 * dat_ia_close.  Prints "NAME threadsafe|nonthreadsafe" per IA opened;
 * exits 1 on the first failure.
 */
#include <stdio.h>
#include <stdlib.h>
#include <dat/udat.h>

#define MAX_IA 16

int main(void)
{
	DAT_PROVIDER_INFO info[MAX_IA], *list[MAX_IA];
	DAT_COUNT n = 0;

	for (int i = 0; i < MAX_IA; i++)
		list[i] = &info[i];
	if (dat_registry_list_providers(MAX_IA, &n, list) != DAT_SUCCESS || n < 1) {
		fprintf(stderr, "ia_open: the registry lists no IA\n");
		return 1;
	}
	for (DAT_COUNT i = 0; i < n; i++) {
		DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
		DAT_IA_HANDLE ia;
		DAT_PROVIDER_ATTR pa;
		DAT_RETURN rc = dat_ia_openv(info[i].ia_name, 8, &async, &ia,
				info[i].dapl_version_major, info[i].dapl_version_minor,
				info[i].is_thread_safe);
		if (rc != DAT_SUCCESS) {
			fprintf(stderr, "ia_open: %s: dat_ia_openv 0x%x\n", info[i].ia_name,
					(unsigned)rc);
			return 1;
		}
		rc = dat_ia_query(ia, NULL, 0, NULL, DAT_PROVIDER_FIELD_ALL, &pa);
		if (rc != DAT_SUCCESS || pa.is_thread_safe != info[i].is_thread_safe) {
			fprintf(stderr, "ia_open: %s: dat_ia_query 0x%x, is_thread_safe %d\n",
					info[i].ia_name, (unsigned)rc, (int)pa.is_thread_safe);
			return 1;
		}
		if (dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG) != DAT_SUCCESS) {
			fprintf(stderr, "ia_open: %s: dat_ia_close failed\n", info[i].ia_name);
			return 1;
		}
		printf("%s %s\n", info[i].ia_name,
				info[i].is_thread_safe ? "threadsafe" : "nonthreadsafe");
	}
	return 0;
}
