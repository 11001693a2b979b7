/*
 * jobcred.c: the cray profile's rule for who may attach a domain
 * (RDMACTS_TC_CRAY, docs/nic-model.md "The cray profile").
 *
 * On a Cray the kernel driver lets a user process attach a communication
 * domain only with a protection tag and cookie configured for its job:
 * the launcher configures them (a privileged GNI_ConfigureJob) and hands
 * them to every rank in PMI_GNI_PTAG and PMI_GNI_COOKIE, colon-separated
 * lists whose i-th entries form one pair.  Anything else is refused with
 * GNI_RC_PERMISSION_ERROR (E-UGNI-029).  A process started without a
 * launcher has no job credentials and can attach nothing.
 */
#include <stdlib.h>
#include "nic.h"

/* The i-th entry of a colon-separated list of numbers: 1 when present. */
static int entry(const char *list, int i, unsigned long *out)
{
	const char *p = list;
	char *end;

	for (; p && i > 0; i--) {
		while (*p && *p != ':')
			p++;
		p = *p ? p + 1 : NULL;
	}
	if (!p || !*p)
		return 0;
	*out = strtoul(p, &end, 0);
	return end != p && (*end == '\0' || *end == ':');
}

int nic_job_credentials(uint8_t ptag, uint32_t cookie)
{
	const char *ptags = getenv("PMI_GNI_PTAG");
	const char *cookies = getenv("PMI_GNI_COOKIE");
	unsigned long p, c;

	for (int i = 0; ptags && cookies && entry(ptags, i, &p) &&
			entry(cookies, i, &c); i++)
		if (p == ptag && c == cookie)
			return 1;
	return 0;
}

/* The driver's rule under the cray profile; elsewhere every pair may
 * attach (ptag and cookie still name the domain: nic_domain_attach). */
int nic_attach_permitted(uint8_t ptag, uint32_t cookie)
{
	return !nic_knobs()->cray || nic_job_credentials(ptag, cookie) ||
		nic_job_configured(ptag, cookie);
}

/* ConfigureJob and ConfigureNTT are the launcher's: privileged on a Cray
 * (3.2.6, 3.2.7: GNI_RC_PERMISSION_ERROR), open to anyone elsewhere. */
int nic_may_configure_jobs(void)
{
	return !nic_knobs()->cray || nic_privileged();
}
