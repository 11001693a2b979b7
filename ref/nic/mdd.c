/*
 * mdd.c: memory domain descriptors (3.4).
 *
 * A registration is an MDD in the NIC-wide table: owner process and
 * domain, ptag, permissions, segments and the CQ for remote events.
 * Its handle (MDH) names the table entry with a generation count, so a
 * deregistered or forged handle is recognised; a virtual handle (vMDH,
 * 3.4.1) names an entry of the target domain's vMDH block instead, so
 * that every process can compute its peers' handles.  Every access
 * through a handle is checked here, as the NIC checks an incoming
 * reference: entry live, ptag equal, permission, bounds.
 */
#include <unistd.h>
#include "fabric.h"

#define MH_MAGIC   0x6d64683a72656631ull
#define MH_VIRTUAL (1ull << 63)

static uint64_t mh_check(uint64_t q1)
{
	return MH_MAGIC ^ (q1 * 0x9e3779b97f4a7c15ull);
}

static void mh_make(uint64_t q1, uint64_t *mh)
{
	mh[0] = q1;
	mh[1] = mh_check(q1);
}

static uint32_t *vmdh_table(uint32_t domain)
{
	const struct fab_domain *d = &fab->domains[domain];
	return d->vmdh_off ? fab_ptr(d->vmdh_off) : NULL;
}

/* Decode a handle to an MDD index, under the lock. */
static int mh_lookup(uint32_t domain, const uint64_t *mh, uint32_t *idx)
{
	uint64_t q1 = mh[0];

	if (mh[1] != mh_check(q1))
		return NIC_ENOENT;
	if (q1 & MH_VIRTUAL) {
		uint32_t vi = (uint32_t)q1;
		if (domain >= FAB_MAX_DOMAINS || !fab->domains[domain].in_use)
			return NIC_ENOENT;
		const uint32_t *vt = vmdh_table(domain);
		if (!vt || vi >= fab->domains[domain].vmdh_entries || vt[vi] == 0)
			return NIC_ENOENT;
		*idx = vt[vi] - 1;
		return NIC_OK;
	}
	uint32_t i = (uint32_t)q1, gen = (uint32_t)(q1 >> 32);
	if (i >= FAB_MAX_MDDS || !fab->mdds[i].in_use || fab->mdds[i].gen != gen)
		return NIC_ENOENT;
	*idx = i;
	return NIC_OK;
}

int nic_mdd_set_vmdh_block(uint32_t domain, uint32_t entries)
{
	int rc = NIC_OK;

	nic_lock();
	struct fab_domain *d = &fab->domains[domain];
	const uint32_t *old = vmdh_table(domain);
	for (uint32_t i = 0; old && i < d->vmdh_entries; i++)
		if (old[i]) {
			rc = NIC_EBUSY;	/* block in use by registrations */
			goto out;
		}
	uint64_t off = fab_alloc((uint64_t)entries * sizeof(uint32_t));
	if (!off) {
		rc = NIC_ENOMEM;
		goto out;
	}
	fab_free(d->vmdh_off);
	d->vmdh_off = off;
	d->vmdh_entries = entries;
out:
	nic_unlock();
	return rc;
}

int nic_mdd_register(uint32_t domain, const struct nic_seg *segs,
		uint32_t nseg, unsigned flags, uint32_t cq_idx, uint32_t cq_gen,
		uint32_t vmdh_index, uint64_t *mh)
{
	int rc = NIC_ENORES;
	uint32_t vi = NIC_NONE;
	struct nic_shm shm = { -1, 0, 0 };

	/* one segment of model-owned memory: peers copy with memcpy */
	if (nseg == 1)
		nic_shm_find(segs[0].addr, segs[0].len, &shm);
	nic_lock();
	const struct fab_domain *d = &fab->domains[domain];
	if (flags & NIC_MDD_VMDH) {
		/* 3.4.2: no block, or the entry is taken: ERROR_RESOURCE */
		uint32_t *vt = vmdh_table(domain);
		if (!vt)
			goto out;
		if (vmdh_index == NIC_NONE) {	/* -1: next free entry */
			for (uint32_t i = 0; i < d->vmdh_entries && vi == NIC_NONE; i++)
				if (!vt[i])
					vi = i;
		} else if (vmdh_index < d->vmdh_entries && !vt[vmdh_index]) {
			vi = vmdh_index;
		}
		if (vi == NIC_NONE)
			goto out;
	}
	for (uint32_t i = fab->mdd_slots.low; i < FAB_MAX_MDDS; i++) {
		struct fab_mdd *m = &fab->mdds[i];
		if (m->in_use)
			continue;
		uint64_t off = fab_alloc(nseg * sizeof *segs);
		if (!off) {
			rc = NIC_ENOMEM;
			goto out;
		}
		struct nic_seg *s = fab_ptr(off);
		uint64_t total = 0;
		for (uint32_t k = 0; k < nseg; k++) {
			s[k] = segs[k];
			total += segs[k].len;
		}
		uint32_t gen = m->gen + 1;
		*m = (struct fab_mdd){ .in_use = 1, .gen = gen, .domain = domain,
			.pid = getpid(), .ptag = d->ptag,
			.readonly = (flags & NIC_MDD_READONLY) != 0,
			.offset_mode = nseg > 1, .nseg = nseg, .seg_off = off,
			.total = total, .cq_idx = cq_idx, .cq_gen = cq_gen,
			.vmdh_index = vi, .shm_fd = shm.fd, .shm_ino = shm.ino,
			.shm_delta = shm.delta };
		fab_slot_taken(&fab->mdd_slots, i);
		fab->domains[domain].held++;
		if (vi != NIC_NONE) {
			vmdh_table(domain)[vi] = i + 1;
			mh_make(MH_VIRTUAL | ((uint64_t)d->ptag << 32) | vi, mh);
		} else {
			mh_make(((uint64_t)gen << 32) | i, mh);
		}
		rc = NIC_OK;
		break;
	}
out:
	nic_unlock();
	return rc;
}

static void mdd_release(uint32_t i)
{
	struct fab_mdd *m = &fab->mdds[i];

	if (fab->counts[m->ptag][NIC_RES_MDD])	/* taken by nic_res_take */
		fab->counts[m->ptag][NIC_RES_MDD]--;
	if (m->vmdh_index != NIC_NONE && fab->domains[m->domain].in_use) {
		uint32_t *vt = vmdh_table(m->domain);
		if (vt && m->vmdh_index < fab->domains[m->domain].vmdh_entries)
			vt[m->vmdh_index] = 0;
	}
	fab_free(m->seg_off);
	m->seg_off = 0;
	m->in_use = 0;
	fab->domains[m->domain].held--;
	fab_slot_freed(&fab->mdd_slots, i);
}

int nic_mdd_deregister(uint32_t domain, const uint64_t *mh)
{
	uint32_t i;
	int rc;

	nic_lock();
	rc = mh_lookup(domain, mh, &i);
	if (rc == NIC_OK && fab->mdds[i].domain != domain)
		rc = NIC_ENOENT;
	if (rc == NIC_OK)
		mdd_release(i);
	nic_unlock();
	return rc;
}

int nic_mdd_wellformed(const uint64_t *mh)
{
	return mh[1] == mh_check(mh[0]);
}

int nic_mdd_resolve(uint32_t domain, uint8_t ptag, uint32_t cookie,
		const uint64_t *mh,
		uint64_t addr, uint64_t len, int access,
		struct nic_span *spans, uint32_t max, uint32_t *nspan)
{
	uint32_t i;
	int rc;

	*nspan = 0;
	nic_lock();
	rc = mh_lookup(domain, mh, &i);
	if (rc != NIC_OK)
		goto out;
	const struct fab_mdd *m = &fab->mdds[i];
	const struct nic_seg *s = fab_ptr(m->seg_off);
	rc = NIC_EPERM;
	if (m->ptag != ptag || fab->domains[m->domain].cookie != cookie)
		goto out;
	rc = NIC_ESTATE;
	if ((access & NIC_WRITE) && m->readonly)
		goto out;
	rc = NIC_EBOUNDS;
	if (len > UINT64_MAX - addr)
		goto out;
	if (!m->offset_mode) {
		if (addr < s[0].addr || addr + len > s[0].addr + s[0].len)
			goto out;
		if (len && max >= 1) {
			spans[0] = (struct nic_span){ m->pid, addr, len,
				m->shm_fd, m->shm_ino, m->shm_delta };
			*nspan = 1;
		}
		rc = NIC_OK;
		goto out;
	}
	/* multi-segment: addr is an offset into the segments laid end to end */
	if (addr + len > m->total)
		goto out;
	uint64_t base = 0;
	for (uint32_t k = 0; k < m->nseg && len; k++) {
		uint64_t end = base + s[k].len;
		if (addr < end) {
			uint64_t take = end - addr < len ? end - addr : len;
			if (*nspan == max)
				goto out;
			spans[(*nspan)++] = (struct nic_span){ .pid = m->pid,
				.addr = s[k].addr + (addr - base), .len = take };
			addr += take;
			len -= take;
		}
		base = end;
	}
	rc = NIC_OK;
out:
	nic_unlock();
	return rc;
}

int nic_mdd_dst_cq(uint32_t domain, uint8_t ptag, uint32_t cookie,
		const uint64_t *mh,
		uint32_t *cq_idx, uint32_t *cq_gen)
{
	uint32_t i;
	int rc;

	nic_lock();
	rc = mh_lookup(domain, mh, &i);
	if (rc == NIC_OK && (fab->mdds[i].ptag != ptag ||
			fab->domains[fab->mdds[i].domain].cookie != cookie))
		rc = NIC_EPERM;
	if (rc == NIC_OK) {
		*cq_idx = fab->mdds[i].cq_idx;
		*cq_gen = fab->mdds[i].cq_gen;
	}
	nic_unlock();
	return rc;
}

void fab_mdd_reap_domain(uint32_t domain)
{
	for (uint32_t i = 0; i < fab->mdd_slots.hwm; i++)
		if (fab->mdds[i].in_use && fab->mdds[i].domain == domain)
			mdd_release(i);
}

/* Extension tier (GNI_MemHndlQueryAttr): the attributes of a handle a
 * domain of this process issued.  NIC_ENOENT when it names nothing. */
int nic_mdd_attr(const uint64_t *mh, int *readonly, int *virt)
{
	int rc = NIC_ENOENT;
	uint32_t i;

	nic_lock();
	for (uint32_t d = 0; d < FAB_MAX_DOMAINS && rc != NIC_OK; d++)
		if (fab->domains[d].in_use && fab->domains[d].pid == getpid() &&
				mh_lookup(d, mh, &i) == NIC_OK &&
				fab->mdds[i].domain == d)
			rc = NIC_OK;
	if (rc == NIC_OK) {
		*readonly = fab->mdds[i].readonly;
		*virt = fab->mdds[i].vmdh_index != NIC_NONE;
	}
	nic_unlock();
	return rc;
}

/* Extension tier (GNI_MemQueryHndls): the registration of `domain` after
 * the one mh names (mh all zero: the first), in table order.  NIC_ESTATE:
 * mh names no registration of the domain; NIC_ENOENT: none follows. */
int nic_mdd_next(uint32_t domain, uint64_t *mh, uint64_t *addr, uint64_t *len)
{
	uint32_t from = 0, i;
	int rc = NIC_ENOENT;

	nic_lock();
	if (mh[0] || mh[1]) {
		if (mh_lookup(domain, mh, &i) != NIC_OK || fab->mdds[i].domain != domain) {
			nic_unlock();
			return NIC_ESTATE;
		}
		from = i + 1;
	}
	for (i = from; i < FAB_MAX_MDDS; i++) {
		const struct fab_mdd *m = &fab->mdds[i];
		if (!m->in_use || m->domain != domain)
			continue;
		if (m->vmdh_index != NIC_NONE)
			mh_make(MH_VIRTUAL | ((uint64_t)m->ptag << 32) | m->vmdh_index, mh);
		else
			mh_make(((uint64_t)m->gen << 32) | i, mh);
		*addr = ((const struct nic_seg *)fab_ptr(m->seg_off))[0].addr;
		*len = m->total;
		rc = NIC_OK;
		break;
	}
	nic_unlock();
	return rc;
}

/* Extension tier (GNI_RebuildMemHndl): the virtual handle of vMDH entry
 * vi of the same domain block as the virtual handle src; a vMDH handle
 * names (ptag, index) only, so any process can compute a peer's.
 * NIC_EINVAL: src is not a virtual handle this NIC issued. */
int nic_mdd_rebuild(const uint64_t *src, uint32_t vi, uint64_t *dst)
{
	if (src[1] != mh_check(src[0]) || !(src[0] & MH_VIRTUAL))
		return NIC_EINVAL;
	mh_make((src[0] & ~0xFFFFFFFFull) | vi, dst);
	return NIC_OK;
}
