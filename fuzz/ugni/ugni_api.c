/*
 * ugni_api.c: what the interpreter needs to know about uGNI beyond the
 * generated table: the structures built field by field (post descriptor,
 * SMSG attributes, memory segments, NTT descriptor, job limits), the
 * model invariants, and the fixed set-up of the structure targets.
 *
 * Invariants checked after every call:
 *   - a CQ never returns more events than the program could have caused
 *     (each successful post or send causes at most three);
 *   - GetCompleted returns only a descriptor this program posted;
 *   - a descriptor still posted is never handed to the library again
 *     (the interpreter keeps that promise itself: the client's side).
 */
#include <stdlib.h>
#include <string.h>
#include "ugni_table.h"
#include "targets.h"

#define NDESC 32

struct ugni_ext {
	gni_post_descriptor_t *desc;	/* NDESC, allocated once */
	uint8_t posted[NDESC];		/* in flight */
	uint8_t ever[NDESC];		/* posted by this program */
	gni_smsg_attr_t attr[FZ_MAX_PARAMS];
	gni_mem_segment_t seg[FZ_MAX_PARAMS][4];
	gni_ntt_descriptor_t ntt;
	uint32_t ntt_table[64];
	gni_job_limits_t limits;
	unsigned budget, seen;
};

static struct ugni_ext ext;

static const char *const rc_names[] = {
	"GNI_RC_SUCCESS", "GNI_RC_NOT_DONE", "GNI_RC_INVALID_PARAM",
	"GNI_RC_ERROR_RESOURCE", "GNI_RC_TIMEOUT", "GNI_RC_PERMISSION_ERROR",
	"GNI_RC_DESCRIPTOR_ERROR", "GNI_RC_ALIGNMENT_ERROR",
	"GNI_RC_INVALID_STATE", "GNI_RC_NO_MATCH", "GNI_RC_SIZE_ERROR",
	"GNI_RC_TRANSACTION_ERROR", "GNI_RC_ILLEGAL_OP", "GNI_RC_ERROR_NOMEM"
};

static const char *rc_name(uint64_t rc)
{
	return rc < sizeof rc_names / sizeof rc_names[0] ? rc_names[rc] : NULL;
}

static const gni_fma_cmd_type_t amo_cmds[] = {
	GNI_FMA_ATOMIC_FADD, GNI_FMA_ATOMIC_FADD_C, GNI_FMA_ATOMIC_FAND,
	GNI_FMA_ATOMIC_FAND_C, GNI_FMA_ATOMIC_FOR, GNI_FMA_ATOMIC_FOR_C,
	GNI_FMA_ATOMIC_FXOR, GNI_FMA_ATOMIC_FXOR_C, GNI_FMA_ATOMIC_FAX,
	GNI_FMA_ATOMIC_FAX_C, GNI_FMA_ATOMIC_CSWAP, GNI_FMA_ATOMIC_CSWAP_C,
	GNI_FMA_ATOMIC_ADD, GNI_FMA_ATOMIC_ADD_C, GNI_FMA_ATOMIC_AND,
	GNI_FMA_ATOMIC_AND_C, GNI_FMA_ATOMIC_OR, GNI_FMA_ATOMIC_OR_C,
	GNI_FMA_ATOMIC_XOR, GNI_FMA_ATOMIC_XOR_C
};

/* A live memory handle registered over arena memory, or -1. */
static int honest_mem(struct fz_prog *p, uint8_t b)
{
	int n = 0, s;

	while ((s = fz_live(p, FZ_UGNI_H_MEM, n)) >= 0)
		n += 1;
	for (int tries = 0; n && tries < n; tries++) {
		s = fz_live(p, FZ_UGNI_H_MEM, (b + tries) % n);
		if (!p->h[s].tainted)
			return s;
	}
	return -1;
}

/* An address and memory handle: inside a registration (possibly off its
 * bounds or misaligned), or a bad handle. */
static void draw_mem(struct fz_prog *p, uint64_t *addr, gni_mem_handle_t *mh)
{
	uint8_t b = fz_u8(p), how = fz_u8(p);
	uint64_t off = fz_int(p, 4);
	int s = honest_mem(p, b);

	if (b >= 0xE0 || s < 0) {
		int slot;
		uint64_t v = fz_handle(p, FZ_UGNI_H_MEM, &slot);
		/* a registration of memory the program does not own must not
		 * reach a transfer: that would be the program's fault */
		if (slot >= 0 && p->h[slot].tainted)
			v = 0;
		if (v)
			memcpy(mh, (void *)(uintptr_t)v, sizeof *mh);
		else
			memset(mh, 0, sizeof *mh);
		*addr = (uint64_t)(uintptr_t)p->arena + (off % FZ_ARENA);
		return;
	}
	(void)fz_raw(p, 9);	/* the bytes a bad handle would have used */
	memcpy(mh, p->h[s].v, sizeof *mh);
	uint64_t len = p->h[s].len;
	if (how < 0xC0)
		off = len ? off % len : 0;	/* inside */
	else if (how < 0xE0)
		off = len + (off & 0xFF);	/* just past the end */
	if (how < 0x80)
		off &= ~(uint64_t)7;
	*addr = p->h[s].addr + off;
}

static uint64_t build_desc(struct fz_prog *p)
{
	uint8_t b = fz_u8(p);
	int i;

	for (i = 0; i < NDESC && ext.posted[i]; i++)
		;
	gni_post_descriptor_t d;
	memset(&d, 0, sizeof d);
	uint8_t t = fz_u8(p);
	uint32_t traw = (uint32_t)fz_raw(p, 4);
	d.type = t < 0xE0 ? (gni_post_type_t)(1 + t % 10) :
		(gni_post_type_t)traw;
	uint8_t m = fz_u8(p);
	d.cq_mode = m < 0xF0 ? (uint16_t)(m & 7) : (uint16_t)fz_raw(p, 2);
	d.dlvr_mode = fz_u8(p) & 0x1F;
	draw_mem(p, &d.local_addr, &d.local_mem_hndl);
	draw_mem(p, &d.remote_addr, &d.remote_mem_hndl);
	uint8_t lb = fz_u8(p);
	uint64_t l = fz_int(p, 8);
	d.length = lb < 0x80 ? (l % 4097) & ~(uint64_t)3 :
		lb < 0xE0 ? l % 70000 : l;
	d.rdma_mode = fz_u8(p) & 7;
	int slot;
	d.src_cq_hndl = (gni_cq_handle_t)(uintptr_t)
		fz_handle(p, FZ_UGNI_H_CQ, &slot);
	uint8_t a = fz_u8(p);
	uint32_t araw = (uint32_t)fz_raw(p, 4);
	d.amo_cmd = a < 0xE0 ? amo_cmds[a % (sizeof amo_cmds /
			sizeof amo_cmds[0])] : (gni_fma_cmd_type_t)araw;
	d.first_operand = fz_int(p, 8);
	d.second_operand = fz_int(p, 8);
	d.sync_flag_value = fz_int(p, 8);
	d.sync_flag_addr = fz_u8(p) < 0x80 ? 0 :
		d.local_addr + 8 * (fz_u8(p) % 4);
	d.cqwrite_value = fz_int(p, 8);
	if (b >= 0xF8 || i == NDESC)
		return 0;
	d.post_id = (uint64_t)i;
	ext.desc[i] = d;
	return (uint64_t)(uintptr_t)&ext.desc[i];
}

static uint64_t build_attr(struct fz_prog *p, int param)
{
	gni_smsg_attr_t *a = &ext.attr[param];
	uint8_t b = fz_u8(p), t = fz_u8(p), mb = fz_u8(p), sz = fz_u8(p);
	uint64_t traw = fz_raw(p, 4), size = fz_int(p, 4);
	uint8_t ob = fz_u8(p), cb = fz_u8(p);
	uint64_t mx = fz_int(p, 4);
	int s = honest_mem(p, mb);

	memset(a, 0, sizeof *a);
	a->msg_type = t < 0xF0 ? (gni_smsg_type_t)(t % 4) :
		(gni_smsg_type_t)traw;
	if (s >= 0 && mb < 0xF0) {
		memcpy(&a->mem_hndl, p->h[s].v, sizeof a->mem_hndl);
		a->msg_buffer = (void *)(uintptr_t)p->h[s].addr;
		a->buff_size = (uint32_t)(sz < 0x80 ? p->h[s].len : size);
		a->mbox_offset = (uint32_t)(ob < 0xC0 ? 64u * (ob % 8) : size);
	} else {
		p->taint = 1;
		a->buff_size = (uint32_t)size;
	}
	a->mbox_maxcredit = (uint16_t)(cb < 0xE0 ? cb % 17 : mx);
	a->msg_maxsize = (uint32_t)(sz & 1 ? mx : mx % 1024);
	return b >= 0xF8 ? 0 : (uint64_t)(uintptr_t)a;
}

static uint64_t build_segments(struct fz_prog *p, int param)
{
	gni_mem_segment_t *s = ext.seg[param];
	uint8_t b = fz_u8(p);

	for (int k = 0; k < 4; k++) {
		uint64_t room;
		int honest;
		uint8_t lb = fz_u8(p);
		s[k].address = fz_addr(p, &room, &honest);
		uint64_t l = fz_int(p, 8);
		s[k].length = lb < 0xD0 && honest ? l % (room + 1) : l;
		if (!honest || s[k].length > room)
			p->taint = 1;
	}
	p->space[param] = 4;
	return b >= 0xF8 ? 0 : (uint64_t)(uintptr_t)s;
}

static uint64_t build(struct fz_prog *p, int id, int param)
{
	switch (id) {
	case FZ_UGNI_S_POST_DESC:
		return build_desc(p);
	case FZ_UGNI_S_SMSG_ATTR:
		return build_attr(p, param);
	case FZ_UGNI_S_MEM_SEGMENTS:
		return build_segments(p, param);
	case FZ_UGNI_S_NTT_DESC: {
		uint8_t b = fz_u8(p);
		uint64_t g = fz_int(p, 4);
		ext.ntt.granularity = fz_u8(p);
		ext.ntt.flags = fz_u8(p);
		ext.ntt.table = b & 1 ? ext.ntt_table : NULL;
		ext.ntt.group_size = (uint32_t)(ext.ntt.table ? g % 65 : g);
		return b >= 0xF8 ? 0 : (uint64_t)(uintptr_t)&ext.ntt;
	}
	case FZ_UGNI_S_JOB_LIMITS: {
		uint8_t b = fz_u8(p);
		int32_t *f = (int32_t *)&ext.limits;
		for (unsigned k = 0; k < sizeof ext.limits / sizeof *f; k++)
			f[k] = (int32_t)fz_int(p, 4);
		return b >= 0xF8 ? 0 : (uint64_t)(uintptr_t)&ext.limits;
	}
	}
	return 0;
}

static int desc_slot(uint64_t ptr)
{
	uintptr_t base = (uintptr_t)ext.desc;

	if (ptr < base || ptr >= base + NDESC * sizeof *ext.desc ||
			(ptr - base) % sizeof *ext.desc)
		return -1;
	return (int)((ptr - base) / sizeof *ext.desc);
}

static void after(struct fz_prog *p, int id, const uint64_t *a, uint64_t rc)
{
	switch (id) {
	case FZ_UGNI_GNI_PostFma:
	case FZ_UGNI_GNI_PostRdma:
	case FZ_UGNI_GNI_PostCqWrite:
		if (rc == GNI_RC_SUCCESS) {
			int s = desc_slot(a[1]);
			if (s >= 0)
				ext.posted[s] = ext.ever[s] = 1;
			ext.budget += 3;
		}
		break;
	case FZ_UGNI_GNI_SmsgSend:
	case FZ_UGNI_GNI_SmsgSendWTag:
		if (rc == GNI_RC_SUCCESS)
			ext.budget += 3;
		break;
	case FZ_UGNI_GNI_CqGetEvent:
	case FZ_UGNI_GNI_CqWaitEvent:
	case FZ_UGNI_GNI_CqVectorWaitEvent:
		if (rc == GNI_RC_SUCCESS && ++ext.seen > ext.budget)
			fz_fail(p, "%s returned event %u, but the program "
				"caused at most %u", p->api->calls[id].name,
				ext.seen, ext.budget);
		break;
	case FZ_UGNI_GNI_GetCompleted:
		if ((rc == GNI_RC_SUCCESS || rc == GNI_RC_TRANSACTION_ERROR)
				&& a[2]) {
			uint64_t d = *(uint64_t *)(uintptr_t)a[2];
			int s = desc_slot(d);
			if (d && (s < 0 || !ext.ever[s]))
				fz_fail(p, "GetCompleted returned descriptor "
					"0x%llx, which this program never "
					"posted", (unsigned long long)d);
			if (s >= 0)
				ext.posted[s] = 0;
		}
		break;
	}
}

static void reset(struct fz_prog *p)
{
	(void)p;
	if (!ext.desc)
		ext.desc = calloc(NDESC, sizeof *ext.desc);
	memset(ext.posted, 0, sizeof ext.posted);
	memset(ext.ever, 0, sizeof ext.ever);
	ext.budget = ext.seen = 0;
}

const struct fz_api fz_api_ugni = {
	.name = "ugni",
	.calls = fz_ugni_calls,
	.ncalls = FZ_UGNI_NCALLS,
	.handle_names = fz_ugni_handle_names,
	.handle_sizes = fz_ugni_handle_sizes,
	.nhandles = FZ_UGNI_NHANDLES,
	.cleanup = fz_ugni_cleanup,
	.success = GNI_RC_SUCCESS,
	.invoke = fz_ugni_invoke,
	.build = build,
	.after = after,
	.reset = reset,
	.rc_name = rc_name,
	.header = FZ_UGNI_HEADER,
	.handle_types = fz_ugni_handle_types,
};

void *fz_ugni_fns_dl(void *dl)
{
	struct fz_ugni_fns *f = calloc(1, sizeof *f);

	if (f)
		fz_ugni_bind_dl(f, dl);
	return f;
}

/* ---- structure targets ------------------------------------------------ */

/* ugni_post: descriptors into PostFma/PostRdma/PostCqWrite, drained. */
const int fz_ugni_post_calls[] = {
	FZ_UGNI_GNI_PostFma, FZ_UGNI_GNI_PostRdma, FZ_UGNI_GNI_PostCqWrite,
	FZ_UGNI_GNI_PostFma, FZ_UGNI_GNI_PostRdma,
	FZ_UGNI_GNI_CqGetEvent, FZ_UGNI_GNI_CqGetEvent,
	FZ_UGNI_GNI_CqWaitEvent, FZ_UGNI_GNI_CqTestEvent,
	FZ_UGNI_GNI_GetCompleted, FZ_UGNI_GNI_GetCompleted,
	FZ_UGNI_GNI_EpSetEventData, FZ_UGNI_GNI_MemRegister,
	FZ_UGNI_GNI_MemDeregister, FZ_UGNI_GNI_CqErrorStr,
	FZ_UGNI_GNI_CqErrorRecoverable, FZ_UGNI_GNI_EpUnbind,
	FZ_UGNI_GNI_EpDestroy, FZ_UGNI_GNI_CqDestroy,
	-1
};

/* ugni_smsg: SMSG attributes into SmsgInit, then messages. */
const int fz_ugni_smsg_calls[] = {
	FZ_UGNI_GNI_SmsgInit, FZ_UGNI_GNI_SmsgInit,
	FZ_UGNI_GNI_SmsgBufferSizeNeeded, FZ_UGNI_GNI_SmsgSend,
	FZ_UGNI_GNI_SmsgSendWTag, FZ_UGNI_GNI_SmsgGetNext,
	FZ_UGNI_GNI_SmsgGetNextWTag, FZ_UGNI_GNI_SmsgRelease,
	FZ_UGNI_GNI_CqGetEvent, FZ_UGNI_GNI_CqWaitEvent,
	FZ_UGNI_GNI_SmsgSetMaxRetrans, FZ_UGNI_GNI_MemRegister,
	FZ_UGNI_GNI_MemDeregister, FZ_UGNI_GNI_EpUnbind,
	FZ_UGNI_GNI_EpBind, FZ_UGNI_GNI_EpDestroy,
	-1
};

static uint64_t call(struct fz_prog *p, int id, uint64_t a0, uint64_t a1,
		uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6)
{
	uint64_t a[FZ_MAX_PARAMS] = { a0, a1, a2, a3, a4, a5, a6, 0 }, rc = ~0ull;

	fz_invoke(p, id, a, &rc);
	return rc;
}

#define U(x) ((uint64_t)(uintptr_t)(x))

/* Two domains (instances 0 and 1) on the local NIC, each with a CQ and
 * a 64 KiB registration of the arena (events of remote writes go to the
 * CQ), kept between programs; fz_ugni_restore brings them back. */
void fz_ugni_fixture(struct fz_prog *p)
{
	for (uint32_t d = 0; d < 2; d++) {
		gni_cdm_handle_t cdm;
		gni_nic_handle_t nic;
		gni_cq_handle_t cq;
		gni_mem_handle_t mh;
		uint32_t addr = 0;
		uint64_t base = U(p->arena) + d * 65536u;

		if (call(p, FZ_UGNI_GNI_CdmCreate, d, 10, 0x5a5a0000, 0,
				U(&cdm), 0, 0) != GNI_RC_SUCCESS)
			return;
		int sc = fz_adopt(p, FZ_UGNI_H_CDM, &cdm, -1, 0, 0);
		if (call(p, FZ_UGNI_GNI_CdmAttach, U(cdm), 0, U(&addr), U(&nic),
				0, 0, 0) != GNI_RC_SUCCESS)
			return;
		/* (the NIC address rides in the handle's addr) */
		int sn = fz_adopt(p, FZ_UGNI_H_NIC, &nic, sc, addr, 0);
		fz_pool_add(p, addr);
		fz_pool_add(p, d);
		if (call(p, FZ_UGNI_GNI_CqCreate, U(nic), 64, 0, GNI_CQ_NOBLOCK,
				0, 0, U(&cq)) != GNI_RC_SUCCESS)
			return;
		fz_adopt(p, FZ_UGNI_H_CQ, &cq, sn, 0, 0);
		memset(&mh, 0, sizeof mh);
		if (call(p, FZ_UGNI_GNI_MemRegister, U(nic), base, 65536, U(cq),
				GNI_MEM_READWRITE, 0, U(&mh)) == GNI_RC_SUCCESS)
			fz_adopt(p, FZ_UGNI_H_MEM, &mh, sn, base, 65536);
	}
}

/* After a program: everything it made destroyed (its endpoints first,
 * so nothing more reaches the CQs), then the fixture's CQs drained. */
int fz_ugni_restore(struct fz_prog *p)
{
	if (!fz_restore_handles(p))
		return 0;
	for (int n = 0, s; (s = fz_live(p, FZ_UGNI_H_CQ, n)) >= 0; n++) {
		gni_cq_handle_t cq;
		gni_cq_entry_t ev;
		uint64_t rc;
		int k = 0;
		memcpy(&cq, p->h[s].v, sizeof cq);
		while ((rc = call(p, FZ_UGNI_GNI_CqGetEvent, U(cq), U(&ev), 0,
				0, 0, 0, 0)) == GNI_RC_SUCCESS && k++ < 256)
			;
		if (rc != GNI_RC_NOT_DONE)
			return 0;	/* overrun or worse: start afresh */
	}
	return 1;
}

/* On each domain, made by every program: an endpoint bound to the
 * other domain, its events to the domain's CQ. */
void fz_ugni_setup(struct fz_prog *p)
{
	for (uint32_t d = 0; d < 2; d++) {
		gni_nic_handle_t nic;
		gni_cq_handle_t cq;
		gni_ep_handle_t ep;
		int sn = fz_live(p, FZ_UGNI_H_NIC, (int)d);
		int sq = fz_live(p, FZ_UGNI_H_CQ, (int)d);

		if (sn < 0 || sq < 0)
			return;
		memcpy(&nic, p->h[sn].v, sizeof nic);
		memcpy(&cq, p->h[sq].v, sizeof cq);
		if (call(p, FZ_UGNI_GNI_EpCreate, U(nic), U(cq), U(&ep), 0, 0, 0,
				0) != GNI_RC_SUCCESS)
			return;
		fz_adopt(p, FZ_UGNI_H_EP, &ep, sn, 0, 0);
		call(p, FZ_UGNI_GNI_EpBind, U(ep), p->h[sn].addr, 1 - d, 0, 0,
				0, 0);
	}
}
