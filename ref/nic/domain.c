/*
 * domain.c: attached communication domains, job limits and the NTT.
 *
 * An attached domain is what the NIC knows of a CdmAttach: the process,
 * ptag, cookie and instance id that route datagrams and short messages
 * to it.  Jobs (ConfigureJob) bind a ptag to one job id and cookie and
 * carry its limits; each attach takes an FMA descriptor, each
 * registration an MDD, each CQ a CQ descriptor, each RDMA in flight a
 * BTE descriptor, all counted per ptag.
 */
#include <unistd.h>
#include "fabric.h"

static struct fab_job *job_of(uint8_t ptag)
{
	for (int i = 0; i < FAB_MAX_JOBS; i++)
		if (fab->jobs[i].in_use && fab->jobs[i].ptag == ptag)
			return &fab->jobs[i];
	return NULL;
}

static int64_t limit_of(uint8_t ptag, enum nic_res res)
{
	const struct fab_job *j = job_of(ptag);
	int64_t knob = nic_knobs()->limit[res];
	int64_t lim = j && j->limit[res] >= 0 ? j->limit[res] : -1;

	if (knob >= 0 && (lim < 0 || knob < lim))
		lim = knob;
	return lim;
}

/* 1 when the ptag holds more of res than its limit allows now (a limit
 * lowered by the test-control interface): the excess has none to use. */
int nic_res_over(uint8_t ptag, enum nic_res res)
{
	nic_lock();
	int64_t lim = limit_of(ptag, res);
	int over = lim >= 0 && fab->counts[ptag][res] > (uint64_t)lim;
	nic_unlock();
	return over;
}

int nic_res_take(uint8_t ptag, enum nic_res res)
{
	int rc = NIC_OK;

	nic_lock();
	int64_t lim = limit_of(ptag, res);
	if (lim >= 0 && fab->counts[ptag][res] >= (uint64_t)lim)
		rc = NIC_ENORES;
	else
		fab->counts[ptag][res]++;
	nic_unlock();
	return rc;
}

void nic_res_give(uint8_t ptag, enum nic_res res)
{
	nic_lock();
	if (fab->counts[ptag][res])
		fab->counts[ptag][res]--;
	nic_unlock();
}

/* 1 when ConfigureJob bound ptag to cookie on this NIC. */
int nic_job_configured(uint8_t ptag, uint32_t cookie)
{
	nic_lock();
	const struct fab_job *j = job_of(ptag);
	int yes = j && j->cookie == cookie;
	nic_unlock();
	return yes;
}

int nic_domain_attach(uint8_t ptag, uint32_t cookie, uint32_t inst_id,
		uint32_t modes, uint32_t *slot)
{
	int rc = NIC_ENORES;

	nic_lock();
	const struct fab_job *j = job_of(ptag);
	if (j && j->cookie != cookie) {
		rc = NIC_EPERM;	/* ptag and cookie together name the domain */
		goto out;
	}
	int64_t lim = limit_of(ptag, NIC_RES_FMA);
	if (lim >= 0 && fab->counts[ptag][NIC_RES_FMA] >= (uint64_t)lim)
		goto out;
	for (uint32_t i = fab->domain_slots.low; i < FAB_MAX_DOMAINS; i++) {
		struct fab_domain *d = &fab->domains[i];
		if (d->in_use)
			continue;
		*d = (struct fab_domain){ .in_use = 1, .pid = getpid(),
			.ptag = ptag, .cookie = cookie, .inst_id = inst_id,
			.modes = modes, .nic_addr = fab->nic_addr };
		fab_slot_taken(&fab->domain_slots, i);
		fab_attached_here++;
		fab->counts[ptag][NIC_RES_FMA]++;
		*slot = i;
		rc = NIC_OK;
		break;
	}
out:
	nic_unlock();
	return rc;
}

void fab_domain_release(uint32_t slot)
{
	struct fab_domain *d = &fab->domains[slot];

	if (!d->in_use)
		return;
	if (fab->counts[d->ptag][NIC_RES_FMA])
		fab->counts[d->ptag][NIC_RES_FMA]--;
	if (d->held) {		/* else nothing of it to look for */
		fab_mdd_reap_domain(slot);
		fab_cq_reap_domain(slot);
		fab_dg_reap_domain(slot);	/* withdrawn, never reported */
		fab_listen_reap_domain(slot);
	}
	if (d->pid == getpid() && fab_attached_here)
		fab_attached_here--;
	fab_free(d->vmdh_off);
	d->in_use = 0;
	d->held = 0;
	d->vmdh_off = 0;
	d->vmdh_entries = 0;
	fab_slot_freed(&fab->domain_slots, slot);
}

void nic_domain_detach(uint32_t slot)
{
	if (slot >= FAB_MAX_DOMAINS)
		return;
	nic_lock();
	fab_domain_release(slot);
	nic_unlock();
}

int nic_domain_find(uint32_t nic_addr, uint8_t ptag, uint32_t cookie,
		uint32_t inst_id, uint32_t *slot)
{
	int rc = NIC_ENOENT;

	nic_lock();
	for (uint32_t i = 0; i < fab->domain_slots.hwm; i++) {
		const struct fab_domain *d = &fab->domains[i];
		if (d->in_use && d->nic_addr == nic_addr && d->ptag == ptag &&
				d->cookie == cookie && d->inst_id == inst_id) {
			*slot = i;
			rc = NIC_OK;
			break;
		}
	}
	nic_unlock();
	return rc;
}

/* 3.2.7: one job id and cookie per ptag; limits overwrite; NTT fixed. */
int nic_job_configure(uint64_t job_id, uint8_t ptag, uint32_t cookie,
		const struct nic_limits *l)
{
	int rc = NIC_OK;

	nic_lock();
	struct fab_job *j = job_of(ptag);
	if (j && (j->job_id != job_id || j->cookie != cookie)) {
		rc = NIC_ESTATE;
		goto out;
	}
	if (l && l->ntt_size >= 0 && l->ntt_base >= 0) {
		if (j && j->ntt_size > 0 && (j->ntt_size != l->ntt_size ||
				j->ntt_base != l->ntt_base)) {
			rc = NIC_EBUSY;	/* resizing the NTT */
			goto out;
		}
		if (l->ntt_size > 0) {
			if ((uint64_t)l->ntt_base + (uint64_t)l->ntt_size > FAB_NTT) {
				rc = NIC_ENOENT;
				goto out;
			}
			for (int32_t i = 0; i < l->ntt_size; i++)
				if (!fab->ntt_used[l->ntt_base + i]) {
					rc = NIC_EPERM;
					goto out;
				}
		}
	}
	if (!j) {
		for (int i = 0; i < FAB_MAX_JOBS && !j; i++)
			if (!fab->jobs[i].in_use)
				j = &fab->jobs[i];
		if (!j) {
			rc = NIC_ENORES;
			goto out;
		}
		*j = (struct fab_job){ .in_use = 1, .job_id = job_id,
			.ptag = ptag, .cookie = cookie, .ntt_base = -1,
			.ntt_size = 0 };
		for (int r = 0; r < NIC_RES_COUNT; r++)
			j->limit[r] = -1;
	}
	if (l) {
		const int32_t v[NIC_RES_COUNT] = { l->mdd, l->cq, l->fma, l->bte };
		for (int r = 0; r < NIC_RES_COUNT; r++)
			if (v[r] != -1)
				j->limit[r] = v[r];
		if (l->ntt_size > 0 && l->ntt_base >= 0) {
			j->ntt_base = l->ntt_base;
			j->ntt_size = l->ntt_size;
		}
		/* ntt_ctrl's one flag, NTT_CLEANUP, acts when the job ends,
		 * which no job of the model does: nothing to keep */
	}
out:
	nic_unlock();
	return rc;
}

/* 3.2.6: table == NULL resets entries; base -1 with size -1 resets all
 * entries not in use by a job. */
int nic_ntt_configure(uint32_t group_size, const uint32_t *table,
		uint32_t *base)
{
	int rc = NIC_OK;

	nic_lock();
	if (!table && *base == NIC_NONE && group_size == NIC_NONE) {
		for (uint32_t i = 0; i < FAB_NTT; i++) {
			int used = 0;
			for (int j = 0; j < FAB_MAX_JOBS; j++) {
				const struct fab_job *jb = &fab->jobs[j];
				if (jb->in_use && jb->ntt_size > 0 &&
						i >= (uint32_t)jb->ntt_base &&
						i < (uint32_t)(jb->ntt_base + jb->ntt_size))
					used = 1;
			}
			if (!used) {
				fab->ntt[i] = 0;
				fab->ntt_used[i] = 0;
			}
		}
		goto out;
	}
	if (group_size == 0 || group_size > FAB_NTT) {
		rc = NIC_EINVAL;
		goto out;
	}
	if (!table) {
		if (*base >= FAB_NTT || *base + group_size > FAB_NTT) {
			rc = NIC_EINVAL;
			goto out;
		}
		for (uint32_t i = 0; i < group_size; i++) {
			fab->ntt[*base + i] = 0;
			fab->ntt_used[*base + i] = 0;
		}
		goto out;
	}
	/* allocate group_size consecutive free entries (first fit) */
	uint32_t run = 0, start = 0;
	for (uint32_t i = 0; i < FAB_NTT && run < group_size; i++) {
		if (fab->ntt_used[i]) {
			run = 0;
			continue;
		}
		if (run++ == 0)
			start = i;
	}
	if (run < group_size) {
		rc = NIC_ENORES;
		goto out;
	}
	for (uint32_t i = 0; i < group_size; i++) {
		fab->ntt[start + i] = table[i];
		fab->ntt_used[start + i] = 1;
	}
	*base = start;
out:
	nic_unlock();
	return rc;
}

/* With NTT configured for the job of ptag, an endpoint address is an NTT
 * index relative to the job's base (3.5.3). */
uint32_t nic_ntt_translate(uint8_t ptag, uint32_t addr)
{
	uint32_t out = addr;

	nic_lock();
	const struct fab_job *j = job_of(ptag);
	if (j && j->ntt_size > 0)
		out = addr < (uint32_t)j->ntt_size ?
			fab->ntt[j->ntt_base + addr] : NIC_NONE;
	nic_unlock();
	return out;
}

/* Extension tier (GNI_GetJobResInfo): what the ptag holds of res and its
 * limit (-1: none). */
void nic_job_res(uint8_t ptag, enum nic_res res, uint64_t *used, int64_t *limit)
{
	nic_lock();
	*used = fab->counts[ptag][res];
	*limit = limit_of(ptag, res);
	nic_unlock();
}

/* Extension tier (GNI_GetDevResInfo): the NIC's table for res and how
 * much of it every ptag together holds. */
void nic_dev_res(enum nic_res res, uint64_t *total, uint64_t *held)
{
	static const uint64_t size[NIC_RES_COUNT] = { FAB_MAX_MDDS, FAB_MAX_CQS,
		FAB_MAX_DOMAINS, 0 };
	uint64_t h = 0;

	nic_lock();
	for (int p = 0; p < 256; p++)
		h += fab->counts[p][res];
	nic_unlock();
	*total = size[res];
	*held = h;
}

/* Extension tier (GNI_GetPtag): the ptag of the job configured with
 * cookie.  NIC_ENOENT when none is. */
int nic_job_ptag(uint32_t cookie, uint8_t *ptag)
{
	int rc = NIC_ENOENT;

	nic_lock();
	for (int i = 0; i < FAB_MAX_JOBS && rc != NIC_OK; i++)
		if (fab->jobs[i].in_use && fab->jobs[i].cookie == cookie) {
			*ptag = fab->jobs[i].ptag;
			rc = NIC_OK;
		}
	nic_unlock();
	return rc;
}
