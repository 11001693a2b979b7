/*
 * cqring.c: completion queue rings (2.1.2, 3.3).
 *
 * The ring of a CQ lives in the fabric so that remote events (REMOTE
 * events, short message arrivals, CQ writes) are deposited by the
 * initiating process directly, as the NIC writes into host memory.
 * "When the queue is full, it is said to be in the overrun state. CQEs
 * received when the CQ is full are discarded." (2.1.2)
 */
#include <unistd.h>
#include <sys/syscall.h>
#include "fabric.h"

static struct fab_cq *cq_at(uint32_t idx, uint32_t gen)
{
	if (idx >= FAB_MAX_CQS || !fab->cqs[idx].in_use || fab->cqs[idx].gen != gen)
		return NULL;
	return &fab->cqs[idx];
}

int nic_cq_create(uint32_t domain, uint8_t ptag, uint32_t entries,
		uint32_t *idx, uint32_t *gen)
{
	int rc = NIC_ENORES;

	nic_lock();
	for (uint32_t i = fab->cq_slots.low; i < FAB_MAX_CQS; i++) {
		struct fab_cq *c = &fab->cqs[i];
		if (c->in_use)
			continue;
		uint64_t off = fab_alloc((uint64_t)entries * sizeof(uint64_t));
		if (!off) {
			rc = NIC_ENORES;
			break;
		}
		*c = (struct fab_cq){ .in_use = 1, .gen = c->gen + 1,
			.domain = domain, .pid = getpid(), .ptag = ptag,
			.size = entries, .ring_off = off };
		fab_slot_taken(&fab->cq_slots, i);
		fab->domains[domain].held++;
		*idx = i;
		*gen = c->gen;
		rc = NIC_OK;
		break;
	}
	nic_unlock();
	return rc;
}

static void cq_release(struct fab_cq *c)
{
	if (fab->counts[c->ptag][NIC_RES_CQ])
		fab->counts[c->ptag][NIC_RES_CQ]--;
	fab_free(c->ring_off);
	c->ring_off = 0;
	c->in_use = 0;
	fab->domains[c->domain].held--;
	fab_slot_freed(&fab->cq_slots, (uint32_t)(c - fab->cqs));
}

void nic_cq_destroy(uint32_t idx, uint32_t gen)
{
	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (c)
		cq_release(c);
	nic_unlock();
}

/* An armed ring fires: the owner's channel eventfd counts one.  From
 * another process the descriptor is borrowed with pidfd_getfd, which the
 * kernel allows on the same terms as the process_vm_writev the data path
 * uses.  Under the NIC lock. */
static void fire(struct fab_cq *c)
{
	uint64_t one = 1;
	int fd = c->notify_fd;

	c->armed = 0;
	c->fired = 1;
	if (c->pid == getpid()) {
		if (write(fd, &one, sizeof one) != sizeof one)
			c->fired = 0;
		return;
	}
	int pidfd = (int)syscall(SYS_pidfd_open, c->pid, 0);
	int tfd = pidfd < 0 ? -1 : (int)syscall(SYS_pidfd_getfd, pidfd, fd, 0);
	if (tfd < 0 || write(tfd, &one, sizeof one) != sizeof one)
		c->fired = 0;	/* the owner finds no event: as if never armed */
	if (tfd >= 0)
		close(tfd);
	if (pidfd >= 0)
		close(pidfd);
}

/* Extension tier: arm the ring for the owner's eventfd; it fires at the
 * next event, at once when it holds one. */
int nic_cq_arm(uint32_t idx, uint32_t gen, int notify_fd)
{
	int rc = NIC_OK;

	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (!c) {
		rc = NIC_ENOENT;
	} else if (!c->armed && !c->fired) {
		c->notify_fd = notify_fd;
		c->armed = 1;
		if (c->tail != c->head || c->overrun)
			fire(c);
	}
	nic_unlock();
	return rc;
}

/* Extension tier: 1 when the ring fired since it was armed (and clears
 * it); disarm: forget arming and firing. */
int nic_cq_take_fired(uint32_t idx, uint32_t gen, int disarm)
{
	int fired = 0;

	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (c) {
		fired = c->fired;
		c->fired = 0;
		if (disarm)
			c->armed = 0;
	}
	nic_unlock();
	return fired;
}

int nic_cq_push(uint32_t idx, uint32_t gen, uint64_t entry)
{
	int rc = NIC_OK;

	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (!c) {
		rc = NIC_ENOENT;
	} else if (c->tail - c->head >= c->size) {
		c->overrun = 1;
		rc = NIC_ENORES;
	} else {
		uint64_t *ring = fab_ptr(c->ring_off);
		ring[c->tail % c->size] = entry;
		c->tail++;
	}
	if (c && c->armed)
		fire(c);
	nic_unlock();
	return rc;
}

int nic_cq_peek(uint32_t idx, uint32_t gen, uint64_t *entry, int *overrun)
{
	int rc = NIC_ESTATE;

	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (!c) {
		rc = NIC_ENOENT;
	} else {
		*overrun = c->overrun != 0;
		if (c->tail != c->head) {
			*entry = ((uint64_t *)fab_ptr(c->ring_off))[c->head % c->size];
			rc = NIC_OK;
		}
	}
	nic_unlock();
	return rc;
}

int nic_cq_pop(uint32_t idx, uint32_t gen, uint64_t *entry)
{
	int rc = NIC_ESTATE;

	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (!c) {
		rc = NIC_ENOENT;
	} else if (c->tail != c->head) {
		*entry = ((uint64_t *)fab_ptr(c->ring_off))[c->head % c->size];
		c->head++;
		rc = NIC_OK;
	}
	nic_unlock();
	return rc;
}

int nic_cq_overrun_reported(uint32_t idx, uint32_t gen)
{
	int cleared = 0;

	nic_lock();
	struct fab_cq *c = cq_at(idx, gen);
	if (c && c->overrun && c->tail == c->head) {
		c->overrun = 0;
		cleared = 1;
	}
	nic_unlock();
	return cleared;
}

void fab_cq_reap_domain(uint32_t domain)
{
	for (uint32_t i = 0; i < fab->cq_slots.hwm; i++)
		if (fab->cqs[i].in_use && fab->cqs[i].domain == domain)
			cq_release(&fab->cqs[i]);
}
