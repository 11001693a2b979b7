/*
 * listen.c: the NIC's connection services: which attached domain
 * listens at which service id, so that a connection request addressed
 * to a NIC alone finds its listener, the way InfiniBand's connection
 * manager finds one by service id on a device (an OFA uDAPL Consumer
 * names a peer by its host's IP address and a connection qualifier,
 * E-UDAPL-064).  The uDAPL Provider lists its Service Points here.
 */
#include "fabric.h"

/* NIC_OK, or NIC_ENORES when the table is full. */
int nic_listen(uint32_t domain, uint64_t service)
{
	int rc = NIC_ENORES;

	nic_lock();
	for (uint32_t i = fab->listen_slots.low; i < FAB_MAX_LISTENS; i++) {
		struct fab_listen *l = &fab->listens[i];
		if (l->in_use)
			continue;
		*l = (struct fab_listen){ .in_use = 1, .domain = domain,
			.service = service };
		fab_slot_taken(&fab->listen_slots, i);
		fab->domains[domain].held++;
		rc = NIC_OK;
		break;
	}
	nic_unlock();
	return rc;
}

static void listen_release(uint32_t i)
{
	fab->domains[fab->listens[i].domain].held--;
	fab->listens[i].in_use = 0;
	fab_slot_freed(&fab->listen_slots, i);
}

/* Withdraws one listing of service by domain, if there is one. */
void nic_unlisten(uint32_t domain, uint64_t service)
{
	nic_lock();
	for (uint32_t i = 0; i < fab->listen_slots.hwm; i++)
		if (fab->listens[i].in_use && fab->listens[i].domain == domain &&
				fab->listens[i].service == service) {
			listen_release(i);
			break;
		}
	nic_unlock();
}

/* The instance id of the domain of NIC nic_addr, ptag and cookie that
 * listens at service; the lowest such id when several do.  NIC_ENOENT
 * when none does. */
int nic_listener(uint32_t nic_addr, uint8_t ptag, uint32_t cookie,
		uint64_t service, uint32_t *inst_id)
{
	int rc = NIC_ENOENT;

	nic_lock();
	for (uint32_t i = 0; i < fab->listen_slots.hwm; i++) {
		const struct fab_listen *l = &fab->listens[i];
		const struct fab_domain *d = &fab->domains[l->domain];
		if (!l->in_use || l->service != service || !d->in_use ||
				d->nic_addr != nic_addr || d->ptag != ptag ||
				d->cookie != cookie)
			continue;
		if (rc != NIC_OK || d->inst_id < *inst_id)
			*inst_id = d->inst_id;
		rc = NIC_OK;
	}
	nic_unlock();
	return rc;
}

void fab_listen_reap_domain(uint32_t domain)
{
	for (uint32_t i = 0; i < fab->listen_slots.hwm; i++)
		if (fab->listens[i].in_use && fab->listens[i].domain == domain)
			listen_release(i);
}
