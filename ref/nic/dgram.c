/*
 * dgram.c: the datagram exchange (3.5.6 - 3.5.16).
 *
 * A posted datagram waits in the fabric until a compatible one is
 * posted; then both complete at once, each receiving the other's data.
 * Two datagrams are compatible when they are in the same ptag and
 * cookie, at least one is bound, and each bound one names the other's
 * NIC address and instance id.  Among several candidates the earliest
 * posted wins, so the outcome is deterministic.  The probes report
 * datagrams in the order they reached a final state (E-UGNI-078).
 *
 * EpDestroy withdraws its endpoint's datagrams (E-UGNI-064): one still
 * pending with an id is cancelled and left to the probes, which report
 * it once with its id (NIC_DG_NO_EP: no endpoint can collect it); the
 * others go at once.
 */
#include <string.h>
#include "fabric.h"

static int names(const struct fab_dgram *a, const struct fab_domain *db)
{
	return !a->bound || (a->peer_addr == db->nic_addr && a->peer_id == db->inst_id);
}

static int compatible(const struct fab_dgram *a, const struct fab_dgram *b)
{
	const struct fab_domain *da = &fab->domains[a->domain];
	const struct fab_domain *db = &fab->domains[b->domain];

	return a->ep_key != b->ep_key && (a->bound || b->bound) &&
		da->ptag == db->ptag && da->cookie == db->cookie &&
		names(a, db) && names(b, da);
}

static void deliver(struct fab_dgram *to, const struct fab_dgram *from)
{
	const struct fab_domain *df = &fab->domains[from->domain];

	memcpy(to->rx, from->data, from->data_len);
	to->rx_len = from->data_len;
	to->rx_addr = df->nic_addr;
	to->rx_id = df->inst_id;
	to->state = NIC_DG_COMPLETED;
	to->done = ++fab->dg_seq;
}

static void dg_free(struct fab_dgram *g)
{
	g->in_use = 0;
	fab->domains[g->domain].held--;
	fab_slot_freed(&fab->dgram_slots, (uint32_t)(g - fab->dgrams));
}

#define NIC_DG_NO_EP 0	/* endpoint keys start at 1 (ref/ugni/ep.c) */

static struct fab_dgram *find(uint64_t ep_key, int by_id, uint64_t id)
{
	for (uint32_t i = 0; i < fab->dgram_slots.hwm; i++) {
		struct fab_dgram *g = &fab->dgrams[i];
		if (g->in_use && g->ep_key == ep_key &&
				(!by_id || (g->has_id && g->id == id)))
			return g;
	}
	return NULL;
}

int nic_dg_post(const struct nic_dg_post *p, uint32_t *slot)
{
	int rc = NIC_ENORES;
	struct fab_dgram *mine = NULL, *match = NULL;
	int64_t limit = nic_knobs()->limit_dgram, used = 0;

	nic_lock();
	struct fab_dgram *old = find(p->ep_key, 0, 0);
	if (old && old->state != NIC_DG_TERMINATED)
		goto out;	/* one outstanding datagram per endpoint */
	if (old)
		dg_free(old);	/* a cancelled one nobody collected */
	for (uint32_t i = 0; i < fab->dgram_slots.hwm; i++)
		used += fab->dgrams[i].in_use != 0;
	for (uint32_t i = fab->dgram_slots.low; i < FAB_MAX_DGRAMS && !mine; i++)
		if (!fab->dgrams[i].in_use) {
			mine = &fab->dgrams[i];
			*slot = i;
		}
	if (!mine || (limit >= 0 && used >= limit))
		goto out;
	*mine = (struct fab_dgram){ .in_use = 1, .state = NIC_DG_PENDING,
		.seq = ++fab->dg_seq, .domain = p->domain, .ep_key = p->ep_key,
		.bound = p->bound != 0, .peer_addr = p->peer_addr,
		.peer_id = p->peer_id, .has_id = p->has_id != 0, .id = p->id,
		.data_len = p->data_len, .buf_size = p->buf_size };
	fab_slot_taken(&fab->dgram_slots, *slot);
	fab->domains[p->domain].held++;
	if (p->data_len)	/* an empty datagram may come with NULL data */
		memcpy(mine->data, p->data, p->data_len);
	for (uint32_t i = 0; i < fab->dgram_slots.hwm; i++) {
		struct fab_dgram *g = &fab->dgrams[i];
		if (g == mine || !g->in_use || g->state != NIC_DG_PENDING ||
				!compatible(mine, g))
			continue;
		if (!match || g->seq < match->seq)
			match = g;
	}
	if (match) {
		deliver(mine, match);
		deliver(match, mine);
	}
	rc = NIC_OK;
out:
	nic_unlock();
	return rc;
}

static void result(const struct fab_dgram *g, struct nic_dg_result *r)
{
	r->state = (enum nic_dg_state)g->state;
	r->remote_addr = g->rx_addr;
	r->remote_id = g->rx_id;
	r->rx_len = g->rx_len;
	memcpy(r->rx, g->rx, g->rx_len);
	r->has_id = (int)g->has_id;
	r->id = g->id;
}

int nic_dg_test(uint64_t ep_key, int by_id, uint64_t id, int collect,
		struct nic_dg_result *r)
{
	int rc = NIC_ENOENT;

	nic_lock();
	struct fab_dgram *g = find(ep_key, by_id, id);
	if (g) {
		result(g, r);
		if (collect && g->state != NIC_DG_PENDING)
			dg_free(g);
		rc = NIC_OK;
	}
	nic_unlock();
	return rc;
}

int nic_dg_cancel(uint64_t ep_key, int by_id, uint64_t id)
{
	int rc = NIC_ENOENT;

	nic_lock();
	struct fab_dgram *g = find(ep_key, by_id, id);
	if (g && g->state == NIC_DG_PENDING) {	/* only an active one */
		g->state = NIC_DG_TERMINATED;
		g->done = ++fab->dg_seq;
		rc = NIC_OK;
	}
	nic_unlock();
	return rc;
}

int nic_dg_busy(uint64_t ep_key)
{
	nic_lock();
	const struct fab_dgram *g = find(ep_key, 0, 0);
	int busy = g && g->state == NIC_DG_PENDING;
	nic_unlock();
	return busy;
}

void nic_dg_withdraw(uint64_t ep_key)
{
	nic_lock();
	for (struct fab_dgram *g; (g = find(ep_key, 0, 0));) {
		if (g->state == NIC_DG_PENDING && g->has_id) {
			g->state = NIC_DG_TERMINATED;
			g->done = ++fab->dg_seq;
			g->ep_key = NIC_DG_NO_EP;
		} else {
			dg_free(g);
		}
	}
	nic_unlock();
}

/* A released domain's withdrawn datagrams that no probe reported. */
void fab_dg_reap_domain(uint32_t domain)
{
	for (uint32_t i = 0; i < fab->dgram_slots.hwm; i++)
		if (fab->dgrams[i].in_use && fab->dgrams[i].domain == domain)
			dg_free(&fab->dgrams[i]);
}

int nic_dg_probe(uint32_t domain, int by_id, struct nic_dg_result *r)
{
	struct fab_dgram *best = NULL;

	nic_lock();
	for (uint32_t i = 0; i < fab->dgram_slots.hwm; i++) {
		struct fab_dgram *g = &fab->dgrams[i];
		if (!g->in_use || g->domain != domain ||
				g->state == NIC_DG_PENDING || (by_id && !g->has_id))
			continue;
		if (!best || g->done < best->done)
			best = g;
	}
	if (best) {
		result(best, r);
		if (best->state == NIC_DG_TERMINATED && best->bound) {
			r->remote_addr = best->peer_addr;
			r->remote_id = best->peer_id;
		}
		if (best->ep_key == NIC_DG_NO_EP)
			dg_free(best);	/* withdrawn: reported once */
	}
	nic_unlock();
	return best ? NIC_OK : NIC_ENOENT;
}
