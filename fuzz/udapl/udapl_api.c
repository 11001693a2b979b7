/*
 * udapl_api.c: what the interpreter needs to know about uDAPL 1.2 beyond
 * the generated table.
 *
 * Set-up (every program): the IA named by RDMACTS_DAPL_IA (default
 * rdmacts0) is opened through libdat, which reads the static registry
 * DAT_OVERRIDE names or the dat.conf next to libdat.so (the fuzz build
 * puts one there naming the reference Provider).  With the full fixture
 * the program then starts with a PZ, CR / connection / DTO EVDs, two
 * LMRs over the program's arena, an RMR, a PSP and two Endpoints of the
 * IA connected to each other through it, so that DTOs and RMR binds run.
 * The end of every program closes every IA it opened (abrupt close
 * destroys everything under them), so programs do not leak into each
 * other.
 *
 * The client's side of the contract (fix, and the structure builders):
 * every LMR triplet and RMR triplet the program passes either lies inside
 * the arena, or has length 0 (never accessed), or an absurd length (no
 * registration can hold it); LMRs are created over the arena (or over
 * addresses the library must refuse: NULL, garbage, absurd lengths);
 * the shared-memory cookie is the program's own 40 bytes; strings are
 * terminated; the provider list holds max_to_return entries; waits
 * last 0-3 microseconds.  So every report is the library's.
 *
 * Oracles beyond the table: a return value is DAT_SUCCESS or
 * DAT_ERROR(type, subtype) with the class bit set (E-UDAPL-034; the one
 * exception is dat_evd_dequeue's bare DAT_QUEUE_EMPTY), and
 * its type one the call's page lists; an EVD never returns more events
 * than the program's calls could have generated.
 */
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "udapl_table.h"
#include "targets.h"

#define NREC   64	/* LMR / RMR records */
#define NIOV   20	/* triplets per I/O vector (the Provider allows 16) */
#define NINFO  8
#define NIA    80
#define NATTR  4

#define U(x) ((uint64_t)(uintptr_t)(x))

struct mrec {
	uint64_t h;		/* LMR or RMR handle */
	uint32_t ctx;		/* lmr_context (= rmr_context) or bound rmr_context */
	uint64_t addr, len;
	int honest;		/* inside the arena */
};

struct udapl_ext {
	struct sockaddr_storage addr;	/* the fixture IA's address */
	int have_addr;
	DAT_IA_HANDLE ias[NIA];		/* IAs open now */
	int nias;
	struct mrec lmr[NREC], rmr[NREC];
	int nlmr, nrmr;
	/* per parameter: the structures built for the present call */
	DAT_EP_ATTR epattr[FZ_MAX_PARAMS];
	DAT_EP_PARAM epparam[FZ_MAX_PARAMS];
	DAT_SRQ_ATTR srqattr[FZ_MAX_PARAMS];
	DAT_RMR_TRIPLET rt[FZ_MAX_PARAMS];
	int rt_honest[FZ_MAX_PARAMS];
	DAT_OS_WAIT_PROXY_AGENT agent[FZ_MAX_PARAMS];
	DAT_REGION_DESCRIPTION region[FZ_MAX_PARAMS];
	int region_arena[FZ_MAX_PARAMS];	/* for_va lies in the arena */
	char name[FZ_MAX_PARAMS][320];
	DAT_EVD_HANDLE async[FZ_MAX_PARAMS];
	struct sockaddr_storage sa[FZ_MAX_PARAMS];
	DAT_LMR_TRIPLET iov[FZ_MAX_PARAMS][NIOV];
	uint8_t iov_absurd[FZ_MAX_PARAMS];
	int iov_honest[FZ_MAX_PARAMS];
	DAT_EVENT se[FZ_MAX_PARAMS];
	DAT_PROVIDER_INFO info[NINFO];
	DAT_PROVIDER_INFO *plist[NINFO];
	DAT_NAMED_ATTR named[NATTR];
	unsigned char cookie[DAT_LMR_COOKIE_SIZE];
	unsigned budget, seen;
	unsigned agent_calls;
	uint64_t sink[FZ_MAX_PARAMS][128];	/* see fix() */
};

static struct udapl_ext ext;

/* ---- return codes -------------------------------------------------------- */

static const char *const type_names[] = {
	"DAT_SUCCESS", "DAT_ABORT", "DAT_CONN_QUAL_IN_USE",
	"DAT_INSUFFICIENT_RESOURCES", "DAT_INTERNAL_ERROR",
	"DAT_INVALID_HANDLE", "DAT_INVALID_PARAMETER", "DAT_INVALID_STATE",
	"DAT_LENGTH_ERROR", "DAT_MODEL_NOT_SUPPORTED",
	"DAT_PROVIDER_NOT_FOUND", "DAT_PRIVILEGES_VIOLATION",
	"DAT_PROTECTION_VIOLATION", "DAT_QUEUE_EMPTY", "DAT_QUEUE_FULL",
	"DAT_TIMEOUT_EXPIRED", "DAT_PROVIDER_ALREADY_REGISTERED",
	"DAT_PROVIDER_IN_USE", "DAT_INVALID_ADDRESS", "DAT_INTERRUPTED_CALL",
	"DAT_CONN_QUAL_UNAVAILABLE"
};

/* dat_evd_dequeue's bare DAT_QUEUE_EMPTY, without the class bit: what
 * OFA's provider answers from an EVD of a DTO stream (E-UDAPL-034). */
static int bare_queue_empty(int id, uint64_t rc)
{
	return id == FZ_UDAPL_dat_evd_dequeue && rc == DAT_QUEUE_EMPTY;
}

/* The type's name; the subtype is left out so that fuzz/known.txt can
 * name an open defect by type. */
static const char *rc_name(uint64_t rc)
{
	uint32_t t = DAT_GET_TYPE(rc) >> 16;

	if (rc == DAT_SUCCESS)
		return "DAT_SUCCESS";
	if (rc == DAT_QUEUE_EMPTY)	/* bare_queue_empty */
		return "DAT_QUEUE_EMPTY";
	if (!(rc & (DAT_CLASS_ERROR | DAT_CLASS_WARNING)) || rc >> 32)
		return NULL;
	if (DAT_GET_TYPE(rc) == DAT_NOT_IMPLEMENTED)
		return "DAT_NOT_IMPLEMENTED";
	return t < sizeof type_names / sizeof type_names[0] ? type_names[t] :
		NULL;
}

/* E-UDAPL-034: a documented value X is matched by DAT_GET_TYPE(ret) == X;
 * the class bit must be there (a bare type is not a DAT_RETURN), except
 * for dat_evd_dequeue's bare DAT_QUEUE_EMPTY. */
static int allowed(struct fz_prog *p, int id, uint64_t rc)
{
	const struct fz_call *c = &p->api->calls[id];

	if (bare_queue_empty(id, rc))
		return 1;
	if (rc == DAT_SUCCESS || rc >> 32 ||
			!(rc & (DAT_CLASS_ERROR | DAT_CLASS_WARNING)) ||
			DAT_GET_TYPE(rc) == 0)
		return 0;
	for (int i = 0; i < c->nrcs; i++)
		if (c->rcs[i].code && (uint64_t)c->rcs[i].code == DAT_GET_TYPE(rc))
			return 1;
	return 0;
}

static uint64_t call(struct fz_prog *p, int id, const uint64_t *args)
{
	uint64_t a[FZ_MAX_PARAMS] = { 0 }, rc = ~0ull;

	memcpy(a, args, sizeof a);
	if (!fz_invoke(p, id, a, &rc))
		return ~0ull;
	return rc;
}

#define CALL(p, id, ...) call((p), (id), (const uint64_t[FZ_MAX_PARAMS]){ __VA_ARGS__ })

/* ---- records of registered memory ---------------------------------------- */

static int in_arena(const struct fz_prog *p, uint64_t addr, uint64_t len)
{
	uint64_t a = U(p->arena);

	return addr >= a && addr <= a + FZ_ARENA && len <= a + FZ_ARENA - addr;
}

static void rec_add(struct mrec *r, int *n, const struct mrec *m)
{
	for (int k = 0; k < *n; k++)
		if (r[k].h == m->h) {
			r[k] = *m;
			return;
		}
	if (*n < NREC)
		r[(*n)++] = *m;
	else
		r[m->ctx % NREC] = *m;
}

static const struct mrec *pick_honest(const struct mrec *r, int n, unsigned b)
{
	int h = 0;

	for (int k = 0; k < n; k++)
		h += r[k].honest;
	if (!h)
		return NULL;
	b %= (unsigned)h;
	for (int k = 0; k < n; k++)
		if (r[k].honest && b-- == 0)
			return &r[k];
	return NULL;
}

static void ia_add(DAT_IA_HANDLE ia)
{
	if (ext.nias < NIA)
		ext.ias[ext.nias++] = ia;
}

static void ia_gone(DAT_IA_HANDLE ia)
{
	for (int k = 0; k < ext.nias; k++)
		if (ext.ias[k] == ia) {
			ext.ias[k] = ext.ias[--ext.nias];
			return;
		}
}

/* ---- structures ------------------------------------------------------------ */

/* One segment: inside an honest LMR (most draws), or inside the arena
 * but anywhere, or zero-length with garbage, or absurdly long. */
static int build_segment(struct fz_prog *p, DAT_LMR_TRIPLET *t,
		const struct mrec *recs, int nrec, uint64_t *addr, uint64_t *len)
{
	uint8_t b = fz_u8(p), which = fz_u8(p);
	uint64_t off = fz_raw(p, 2), l = fz_raw(p, 2), g = fz_raw(p, 4);
	const struct mrec *m = pick_honest(recs, nrec, which);
	uint64_t base = U(p->arena);
	int honest = 1;

	memset(t, 0, sizeof *t);
	if (b < 0xA0 && m) {
		t->lmr_context = m->ctx;
		off %= m->len ? m->len : 1;
		t->virtual_address = m->addr + off;
		t->segment_length = (b & 7) == 7 ? m->len - off :
			l % (m->len - off + 1) % (b < 0x50 ? 4097 : 65537);
	} else if (b < 0xC0 || (b < 0xA0 && !m)) {
		/* anywhere in the arena, any known context */
		t->lmr_context = m && (b & 1) ? m->ctx : (uint32_t)g;
		off = (off << 2) % FZ_ARENA;
		t->virtual_address = base + off;
		t->segment_length = l % (FZ_ARENA - off + 1);
	} else if (b < 0xD0) {
		/* length 0: the other fields may be invalid */
		t->lmr_context = (uint32_t)g;
		t->virtual_address = g << 20 | 1;
		t->segment_length = 0;
	} else if (b < 0xE0) {
		/* a context of another kind: an integer seen before */
		t->lmr_context = p->npool ? (uint32_t)p->pool[g % p->npool] :
			(uint32_t)g;
		off = (off << 2) % FZ_ARENA;
		t->virtual_address = base + off;
		t->segment_length = l % (FZ_ARENA - off + 1);
	} else {
		/* absurd: beyond any registration */
		t->lmr_context = m ? m->ctx : (uint32_t)g;
		t->virtual_address = m ? m->addr : base;
		t->segment_length = (1ull << 40) | (g << 8);
		honest = 0;
	}
	*addr = t->virtual_address;
	*len = t->segment_length;
	return honest;
}

static uint64_t build_lmr_iov(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	int n = b < 0xC0 ? b % 4 + 1 : b < 0xF0 ? b % (NIOV - 3) : 0;
	uint64_t addr, len;

	memset(ext.iov[param], 0, sizeof ext.iov[param]);
	ext.iov_absurd[param] = (b & 0x0F) == 0x0F;
	ext.iov_honest[param] = 1;
	for (int k = 0; k < n && k < NIOV; k++)
		if (!build_segment(p, &ext.iov[param][k], ext.lmr, ext.nlmr,
				&addr, &len))
			ext.iov_honest[param] = 0;
	p->space[param] = (uint64_t)n;
	if (b >= 0xF8)
		return 0;
	return U(ext.iov[param]);
}

static uint64_t build_rmr_triplet(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	struct mrec all[2 * NREC];
	int n = 0;
	DAT_LMR_TRIPLET t;
	uint64_t addr, len;

	/* an LMR's rmr_context or a bound RMR's */
	for (int k = 0; k < ext.nlmr; k++)
		all[n++] = ext.lmr[k];
	for (int k = 0; k < ext.nrmr; k++)
		all[n++] = ext.rmr[k];
	ext.rt_honest[param] = build_segment(p, &t, all, n, &addr, &len);
	ext.rt[param] = (DAT_RMR_TRIPLET){ .rmr_context = t.lmr_context,
		.target_address = t.virtual_address,
		.segment_length = t.segment_length };
	return b >= 0xF8 ? 0 : U(&ext.rt[param]);
}

static const DAT_EP_ATTR default_attr = {
	.service_type = DAT_SERVICE_TYPE_RC,
	.max_message_size = 4096, .max_rdma_size = 65536,
	.qos = DAT_QOS_BEST_EFFORT,
	.recv_completion_flags = DAT_COMPLETION_DEFAULT_FLAG,
	.request_completion_flags = DAT_COMPLETION_DEFAULT_FLAG,
	.max_recv_dtos = 16, .max_request_dtos = 16, .max_recv_iov = 4,
	.max_request_iov = 4, .max_rdma_read_in = 4, .max_rdma_read_out = 4,
	.srq_soft_hw = 0, .max_rdma_read_iov = 4, .max_rdma_write_iov = 4,
};

/* A count field: kept (most draws), or small, boundary, raw. */
static DAT_COUNT count_field(struct fz_prog *p, DAT_COUNT keep)
{
	uint8_t b = fz_u8(p);

	if (b < 0x80)
		return keep;
	return (DAT_COUNT)fz_int(p, 4);
}

static DAT_VLEN vlen_field(struct fz_prog *p, DAT_VLEN keep)
{
	uint8_t b = fz_u8(p);

	if (b < 0x80)
		return keep;
	return (DAT_VLEN)fz_int(p, 8);
}

static void fill_attr(struct fz_prog *p, DAT_EP_ATTR *a)
{
	uint8_t b = fz_u8(p), f = fz_u8(p);
	static const DAT_COMPLETION_FLAGS flags[] = {
		DAT_COMPLETION_DEFAULT_FLAG, DAT_COMPLETION_UNSIGNALLED_FLAG,
		DAT_COMPLETION_SOLICITED_WAIT_FLAG,
		DAT_COMPLETION_EVD_THRESHOLD_FLAG, DAT_COMPLETION_SUPPRESS_FLAG,
		DAT_COMPLETION_BARRIER_FENCE_FLAG, 0x40, 0xFFFFFFFF
	};

	*a = default_attr;
	if (b >= 0xF0)
		a->service_type = (DAT_SERVICE_TYPE)fz_raw(p, 1);
	a->max_message_size = vlen_field(p, a->max_message_size);
	a->max_rdma_size = vlen_field(p, a->max_rdma_size);
	if (b & 1)
		a->qos = (DAT_QOS)(f >> 4);
	a->recv_completion_flags = flags[f & 7];
	a->request_completion_flags = flags[(f >> 3) & 7];
	a->max_recv_dtos = count_field(p, a->max_recv_dtos);
	a->max_request_dtos = count_field(p, a->max_request_dtos);
	a->max_recv_iov = count_field(p, a->max_recv_iov);
	a->max_request_iov = count_field(p, a->max_request_iov);
	a->max_rdma_read_in = count_field(p, a->max_rdma_read_in);
	a->max_rdma_read_out = count_field(p, a->max_rdma_read_out);
	a->srq_soft_hw = count_field(p, a->srq_soft_hw);
	a->max_rdma_read_iov = count_field(p, a->max_rdma_read_iov);
	a->max_rdma_write_iov = count_field(p, a->max_rdma_write_iov);
	/* named attributes: the array holds the count the program claims,
	 * or the count is negative */
	uint8_t t = fz_u8(p);
	a->ep_transport_specific_count = t < 0xC0 ? 0 : t < 0xF0 ?
		t % (NATTR + 1) : -1;
	a->ep_transport_specific = t & 1 ? NULL : ext.named;
	if (a->ep_transport_specific_count > 0 && !a->ep_transport_specific)
		a->ep_transport_specific_count = 0;
	a->ep_provider_specific_count = a->ep_transport_specific_count;
	a->ep_provider_specific = a->ep_transport_specific;
}

static uint64_t build_ep_attr(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);

	fill_attr(p, &ext.epattr[param]);
	return b >= 0xE0 ? 0 : U(&ext.epattr[param]);
}

static uint64_t build_ep_param(struct fz_prog *p, int param)
{
	DAT_EP_PARAM *e = &ext.epparam[param];
	uint8_t b = fz_u8(p);
	int slot;

	memset(e, 0, sizeof *e);
	e->ia_handle = (DAT_IA_HANDLE)(uintptr_t)fz_handle(p, FZ_UDAPL_H_IA, &slot);
	e->ep_state = (DAT_EP_STATE)(b & 7);
	e->local_ia_address_ptr = (DAT_IA_ADDRESS_PTR)&ext.sa[param];
	e->remote_ia_address_ptr = b & 8 ? NULL : (DAT_IA_ADDRESS_PTR)&ext.sa[param];
	memcpy(&ext.sa[param], &ext.addr, sizeof ext.addr);
	e->local_port_qual = e->remote_port_qual = b;
	e->pz_handle = (DAT_PZ_HANDLE)(uintptr_t)fz_handle(p, FZ_UDAPL_H_PZ, &slot);
	e->recv_evd_handle = (DAT_EVD_HANDLE)(uintptr_t)fz_handle(p, FZ_UDAPL_H_EVD, &slot);
	e->request_evd_handle = (DAT_EVD_HANDLE)(uintptr_t)fz_handle(p, FZ_UDAPL_H_EVD, &slot);
	e->connect_evd_handle = (DAT_EVD_HANDLE)(uintptr_t)fz_handle(p, FZ_UDAPL_H_EVD, &slot);
	e->srq_handle = (DAT_SRQ_HANDLE)(uintptr_t)fz_handle(p, FZ_UDAPL_H_SRQ, &slot);
	fill_attr(p, &e->ep_attr);
	return b >= 0xF8 ? 0 : U(e);
}

static uint64_t build_srq_attr(struct fz_prog *p, int param)
{
	DAT_SRQ_ATTR *s = &ext.srqattr[param];
	uint8_t b = fz_u8(p);

	s->max_recv_dtos = (DAT_COUNT)fz_int(p, 4);
	s->max_recv_iov = (DAT_COUNT)fz_int(p, 4);
	s->low_watermark = (DAT_COUNT)fz_int(p, 4);
	return b >= 0xF0 ? 0 : U(s);
}

static void agent_fn(DAT_PVOID instance, DAT_EVD_HANDLE evd)
{
	(void)instance;
	(void)evd;
	ext.agent_calls++;
}

static uint64_t build_agent(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	DAT_OS_WAIT_PROXY_AGENT *a = &ext.agent[param];

	a->instance_data = b & 1 ? (DAT_PVOID)&ext.agent_calls : NULL;
	a->proxy_agent_func = b & 2 ? agent_fn : NULL;
	return U(a);
}

static uint64_t build_region(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	uint64_t room;
	int honest, slot;
	uint64_t va = fz_addr(p, &room, &honest);
	uint64_t h = fz_handle(p, FZ_UDAPL_H_LMR, &slot);
	DAT_REGION_DESCRIPTION *r = &ext.region[param];

	memset(r, 0, sizeof *r);
	ext.region_arena[param] = 0;
	if (b < 0xA0) {	/* an address (VIRTUAL, SHARED_VIRTUAL) */
		r->for_shared_memory.virtual_address = (DAT_PVOID)(uintptr_t)va;
		r->for_shared_memory.shared_memory_id = b & 1 ?
			(DAT_LMR_COOKIE)&ext.cookie : NULL;
		ext.region_arena[param] = honest;
		p->taint = !honest;
	} else {	/* an LMR (DAT_MEM_TYPE_LMR) */
		r->for_lmr_handle = (DAT_LMR_HANDLE)(uintptr_t)h;
	}
	return U(r);
}

static uint64_t build_ia_name(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	const char *ia = getenv("RDMACTS_DAPL_IA");
	char *n = ext.name[param];

	if (!ia || !*ia)
		ia = "rdmacts0";
	switch (b % 8) {
	case 0: case 1: case 2: snprintf(n, 320, "%s", ia); break;
	case 3: snprintf(n, 320, "RO_AWARE_%s", ia); break;
	case 4: snprintf(n, 320, "nosuch%u", b); break;
	case 5: n[0] = 0; break;
	case 6:	/* longer than DAT_NAME_MAX_LENGTH, terminated */
		memset(n, 'r', 300);
		n[300] = 0;
		break;
	default:
		return 0;
	}
	return U(n);
}

static uint64_t build_async_evd(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	int slot;
	uint64_t h = fz_handle(p, FZ_UDAPL_H_EVD, &slot);

	ext.async[param] = b < 0xA0 ? DAT_HANDLE_NULL : b < 0xC0 ?
		DAT_EVD_ASYNC_EXISTS : (DAT_EVD_HANDLE)(uintptr_t)h;
	return b >= 0xF8 ? 0 : U(&ext.async[param]);
}

static uint64_t build_ia_address(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	uint64_t g = fz_raw(p, 4);
	struct sockaddr_storage *s = &ext.sa[param];

	memcpy(s, &ext.addr, sizeof *s);
	if (b < 0xA0)
		return U(s);		/* this IA's own address */
	if (b < 0xC0) {			/* another port: no IA there */
		((struct sockaddr_in *)s)->sin_port = (in_port_t)g;
		return U(s);
	}
	if (b < 0xD0) {			/* another address */
		((struct sockaddr_in *)s)->sin_addr.s_addr = (in_addr_t)g;
		return U(s);
	}
	if (b < 0xE0) {			/* another family */
		s->ss_family = (sa_family_t)g;
		return U(s);
	}
	return 0;
}

static uint64_t build_se_event(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	uint64_t n = fz_raw(p, 4);
	int slot;
	uint64_t h = fz_handle(p, FZ_UDAPL_H_EVD, &slot);
	DAT_EVENT *e = &ext.se[param];

	memset(e, 0, sizeof *e);
	e->event_number = b < 0xC0 ? DAT_SOFTWARE_EVENT : (DAT_EVENT_NUMBER)n;
	e->evd_handle = (DAT_EVD_HANDLE)(uintptr_t)h;
	e->event_data.software_event_data.pointer = p->arena;
	return b >= 0xF8 ? 0 : U(e);
}

static uint64_t build_any_handle(struct fz_prog *p, int param)
{
	uint8_t k = fz_u8(p);
	int slot;
	uint64_t v = fz_handle(p, k % FZ_UDAPL_NHANDLES, &slot);

	p->slot[param] = slot;
	return v;
}

static uint64_t build_provider_list(struct fz_prog *p, int param)
{
	uint8_t b = fz_u8(p);
	int n = b % (NINFO + 1);

	for (int k = 0; k < NINFO; k++)
		ext.plist[k] = &ext.info[k];
	p->space[param] = (uint64_t)n;
	return b >= 0xF0 ? 0 : U(ext.plist);
}

static uint64_t build(struct fz_prog *p, int id, int param)
{
	switch (id) {
	case FZ_UDAPL_S_EP_ATTR: return build_ep_attr(p, param);
	case FZ_UDAPL_S_EP_PARAM: return build_ep_param(p, param);
	case FZ_UDAPL_S_SRQ_ATTR: return build_srq_attr(p, param);
	case FZ_UDAPL_S_RMR_TRIPLET: return build_rmr_triplet(p, param);
	case FZ_UDAPL_S_AGENT: return build_agent(p, param);
	case FZ_UDAPL_S_REGION: return build_region(p, param);
	case FZ_UDAPL_S_IA_NAME: return build_ia_name(p, param);
	case FZ_UDAPL_S_ASYNC_EVD: return build_async_evd(p, param);
	case FZ_UDAPL_S_IA_ADDRESS: return build_ia_address(p, param);
	case FZ_UDAPL_S_LMR_IOV: return build_lmr_iov(p, param);
	case FZ_UDAPL_S_SE_EVENT: return build_se_event(p, param);
	case FZ_UDAPL_S_ANY_HANDLE: return build_any_handle(p, param);
	case FZ_UDAPL_S_PROVIDER_LIST: return build_provider_list(p, param);
	}
	return 0;
}

/* ---- the client's side of the contract ------------------------------------ */

static int param_of(const struct fz_call *c, const char *name)
{
	for (int i = 0; i < c->nparams; i++)
		if (strcmp(c->params[i].name, name) == 0)
			return i;
	return -1;
}

/* Small draws of flag arguments become the values that matter. */
static const uint64_t evd_flags[16] = {
	DAT_EVD_DEFAULT_FLAG & ~(uint64_t)DAT_EVD_ASYNC_FLAG,
	DAT_EVD_CR_FLAG, DAT_EVD_CONNECTION_FLAG,
	DAT_EVD_DTO_FLAG | DAT_EVD_RMR_BIND_FLAG, DAT_EVD_SOFTWARE_FLAG,
	DAT_EVD_DTO_FLAG, DAT_EVD_ASYNC_FLAG, DAT_EVD_DEFAULT_FLAG,
	DAT_EVD_CR_FLAG | DAT_EVD_CONNECTION_FLAG, 0,
	DAT_EVD_DTO_FLAG | DAT_EVD_SOFTWARE_FLAG, DAT_EVD_RMR_BIND_FLAG,
	0x1F1, 0x200, 0xF0, 0x31
};
static const uint64_t privs[16] = {
	DAT_MEM_PRIV_ALL_FLAG, DAT_MEM_PRIV_LOCAL_READ_FLAG,
	DAT_MEM_PRIV_LOCAL_WRITE_FLAG, DAT_MEM_PRIV_REMOTE_READ_FLAG,
	DAT_MEM_PRIV_REMOTE_WRITE_FLAG, DAT_MEM_PRIV_NONE_FLAG,
	DAT_MEM_PRIV_READ_FLAG, DAT_MEM_PRIV_WRITE_FLAG,
	DAT_MEM_PRIV_ALL_FLAG | DAT_MEM_PRIV_RO_DISABLE_FLAG,
	DAT_MEM_PRIV_LOCAL_READ_FLAG | DAT_MEM_PRIV_LOCAL_WRITE_FLAG,
	DAT_MEM_PRIV_ALL_FLAG, DAT_MEM_PRIV_REMOTE_READ_FLAG |
	DAT_MEM_PRIV_LOCAL_READ_FLAG, 0x200, 0x33, 0x11, 0x22
};
static const uint64_t ep_masks[16] = {
	DAT_EP_FIELD_PZ_HANDLE, DAT_EP_FIELD_RECV_EVD_HANDLE,
	DAT_EP_FIELD_REQUEST_EVD_HANDLE, DAT_EP_FIELD_CONNECT_EVD_HANDLE,
	DAT_EP_FIELD_EP_ATTR_ALL, DAT_EP_FIELD_EP_ATTR_MAX_MESSAGE_SIZE,
	DAT_EP_FIELD_EP_ATTR_MAX_RECV_DTOS | DAT_EP_FIELD_EP_ATTR_MAX_REQUEST_DTOS,
	DAT_EP_FIELD_EP_ATTR_MAX_RECV_IOV | DAT_EP_FIELD_EP_ATTR_MAX_REQUEST_IOV,
	DAT_EP_FIELD_EP_ATTR_RECV_COMPLETION_FLAGS |
	DAT_EP_FIELD_EP_ATTR_REQUEST_COMPLETION_FLAGS,
	DAT_EP_FIELD_IA_HANDLE, DAT_EP_FIELD_EP_STATE,
	DAT_EP_FIELD_SRQ_HANDLE, DAT_EP_FIELD_ALL,
	DAT_EP_FIELD_EP_ATTR_NUM_PROVIDER_ATTR |
	DAT_EP_FIELD_EP_ATTR_PROVIDER_SPECIFIC_ATTR, 0,
	DAT_EP_FIELD_REMOTE_IA_ADDRESS_PTR
};

static const DAT_COUNT absurd_counts[] = { -1, 17, 1 << 30, 0x7FFFFFFF };

/* What the program asks lmr_create to register: [addr, addr + len). */
static struct { uint64_t addr, len; int honest; } pending;

static int lists(const struct fz_call *c, long long code)
{
	for (int i = 0; i < c->nrcs; i++)
		if (c->rcs[i].code == code)
			return 1;
	return 0;
}

static void fix(struct fz_prog *p, int id, uint64_t *a)
{
	const struct fz_call *c = &p->api->calls[id];
	int iov = param_of(c, "local_iov"), n = param_of(c, "num_segments");

	/* A call whose page lists no DAT_INVALID_PARAMETER has no code to
	 * refuse a NULL output pointer with (F-005): it gets room. */
	if (!lists(c, DAT_INVALID_PARAMETER))
		for (int i = 0; i < c->nparams; i++)
			if ((c->params[i].kind == FZ_HANDLE_OUT ||
					c->params[i].kind == FZ_OUT ||
					c->params[i].kind == FZ_OUT_EVENT) && !a[i])
				a[i] = U(ext.sink[i]);

	if (iov < 0)
		iov = param_of(c, "local_segments");
	if (iov >= 0 && n >= 0 && ext.iov_absurd[iov] && a[iov])
		a[n] = (uint64_t)(int64_t)absurd_counts[a[n] & 3];
	switch (id) {
	case FZ_UDAPL_dat_evd_create:
		if (a[3] < 16)
			a[3] = evd_flags[a[3]];
		break;
	case FZ_UDAPL_dat_lmr_create: {
		const DAT_REGION_DESCRIPTION *r = (const void *)(uintptr_t)a[2];
		uint64_t va = r ? U(r->for_va) : 0;
		if (a[5] < 16)
			a[5] = privs[a[5]];
		pending.honest = 0;
		pending.addr = va;
		pending.len = a[3];
		if (a[1] == DAT_MEM_TYPE_LMR && r) {
			/* a part of another LMR: honest when that one is */
			for (int k = 0; k < ext.nlmr; k++)
				if (ext.lmr[k].h == U(r->for_lmr_handle)) {
					pending.addr = ext.lmr[k].addr;
					pending.honest = ext.lmr[k].honest &&
						a[3] <= ext.lmr[k].len;
				}
			break;
		}
		if (r && ext.region_arena[2] && va && !(a[3] >> 40)) {
			uint64_t room = U(p->arena) + FZ_ARENA - va;
			a[3] %= room + 1;
			pending.len = a[3];
			pending.honest = 1;
		}
		break;
	}
	case FZ_UDAPL_dat_rmr_bind:
		if (a[2] < 16)
			a[2] = privs[a[2]];
		break;
	case FZ_UDAPL_dat_ep_modify:
		if (a[1] < 16)
			a[1] = ep_masks[a[1]];
		break;
	case FZ_UDAPL_dat_ia_openv:
		/* mostly the version this header is */
		if (!(a[4] & 0x8)) {
			a[4] = DAT_VERSION_MAJOR;
			a[5] = DAT_VERSION_MINOR;
			a[6] = a[6] & 1 ? DAT_THREADSAFE : DAT_FALSE;
		}
		break;
	case FZ_UDAPL_dat_ep_connect:
		/* mostly a timeout the program can accept within */
		if (a[3] < 8)
			a[3] = a[3] ? 1000000 : 0;
		break;
	case FZ_UDAPL_dat_ep_dup_connect:
		if (a[2] < 8)
			a[2] = a[2] ? 1000000 : 0;
		break;
	}
}

/* ---- bookkeeping and invariants after a call -------------------------------- */

static void adopt_cr(struct fz_prog *p, const DAT_EVENT *ev, int evd_slot)
{
	DAT_CR_HANDLE cr = ev->event_data.cr_arrival_event_data.cr_handle;
	DAT_CR_PARAM q;
	int parent = evd_slot >= 0 ? p->h[evd_slot].parent : -1;

	if (!cr)
		return;
	fz_adopt(p, FZ_UDAPL_H_CR, &cr, parent, 0, 0);
	/* a Provider-created Endpoint (DAT_PSP_PROVIDER_FLAG) */
	memset(&q, 0, sizeof q);
	if (CALL(p, FZ_UDAPL_dat_cr_query, U(cr), DAT_CR_FIELD_LOCAL_EP_HANDLE,
			U(&q)) == DAT_SUCCESS && q.local_ep_handle) {
		for (int i = 0; i < p->nh; i++)
			if (p->h[i].kind == FZ_UDAPL_H_EP &&
					p->h[i].state == FZ_H_LIVE &&
					!memcmp(p->h[i].v, &q.local_ep_handle,
						sizeof q.local_ep_handle))
				return;
		fz_adopt(p, FZ_UDAPL_H_EP, &q.local_ep_handle, parent, 0, 0);
	}
}

static void saw_event(struct fz_prog *p, int id, const DAT_EVENT *ev,
		int evd_slot, long more)
{
	if (++ext.seen > ext.budget || (more > 0 &&
			ext.seen + (unsigned long)more > ext.budget))
		fz_fail(p, "%s returned event %u (%ld more queued), but the "
			"program's calls could have generated at most %u",
			p->api->calls[id].name, ext.seen, more, ext.budget);
	if (ev->event_number == DAT_CONNECTION_REQUEST_EVENT)
		adopt_cr(p, ev, evd_slot);
}

static void after(struct fz_prog *p, int id, const uint64_t *a, uint64_t rc)
{
	if (rc != DAT_SUCCESS && p->api->calls[id].checked &&
			!(rc & (DAT_CLASS_ERROR | DAT_CLASS_WARNING)) &&
			!bare_queue_empty(id, rc))
		fz_fail(p, "%s returned 0x%llx: not DAT_ERROR(type, subtype) "
			"(E-UDAPL-034)", p->api->calls[id].name,
			(unsigned long long)rc);
	switch (id) {
	case FZ_UDAPL_dat_evd_dequeue:
		if (rc == DAT_SUCCESS && a[1])
			saw_event(p, id, (const DAT_EVENT *)(uintptr_t)a[1],
				p->slot[0], 0);
		return;
	case FZ_UDAPL_dat_evd_wait:
		if (rc == DAT_SUCCESS && a[3])
			saw_event(p, id, (const DAT_EVENT *)(uintptr_t)a[3],
				p->slot[0], a[4] ? *(const DAT_COUNT *)
				(uintptr_t)a[4] : 0);
		return;
	case FZ_UDAPL_dat_cno_wait:
		return;
	}
	if (rc != DAT_SUCCESS)
		return;
	/* any call that succeeds may generate a few events (its own
	 * completion, the peer's, a connection event on each side) */
	ext.budget += 3;
	switch (id) {
	case FZ_UDAPL_dat_ia_openv: {
		DAT_IA_HANDLE ia;
		if (!a[3])
			break;
		ia = *(DAT_IA_HANDLE *)(uintptr_t)a[3];
		ia_add(ia);
		if (a[2] && ext.async[2] == DAT_HANDLE_NULL) {
			DAT_EVD_HANDLE e = *(DAT_EVD_HANDLE *)(uintptr_t)a[2];
			int parent = -1;
			for (int i = p->nh - 1; i >= 0; i--)
				if (p->h[i].kind == FZ_UDAPL_H_IA &&
						!memcmp(p->h[i].v, &ia, sizeof ia)) {
					parent = i;
					break;
				}
			if (e)
				fz_adopt(p, FZ_UDAPL_H_EVD, &e, parent, 0, 0);
		}
		break;
	}
	case FZ_UDAPL_dat_ia_close:
		ia_gone((DAT_IA_HANDLE)(uintptr_t)a[0]);
		break;
	case FZ_UDAPL_dat_lmr_create: {
		struct mrec m;
		if (!a[6])
			break;
		m = (struct mrec){ .addr = pending.addr, .len = pending.len,
			.honest = pending.honest && in_arena(p, pending.addr,
				pending.len) && pending.len };
		DAT_LMR_PARAM q;
		m.h = U(*(DAT_LMR_HANDLE *)(uintptr_t)a[6]);
		if (a[7]) {
			m.ctx = *(DAT_LMR_CONTEXT *)(uintptr_t)a[7];
		} else if (CALL(p, FZ_UDAPL_dat_lmr_query, m.h,
				DAT_LMR_FIELD_LMR_CONTEXT, U(&q)) == DAT_SUCCESS) {
			m.ctx = q.lmr_context;
		} else {
			m.honest = 0;
		}
		rec_add(ext.lmr, &ext.nlmr, &m);
		break;
	}
	case FZ_UDAPL_dat_rmr_bind: {
		const DAT_LMR_TRIPLET *t = (const void *)(uintptr_t)a[1];
		struct mrec m = { .h = a[0] };
		DAT_RMR_PARAM q;
		if (!t)
			break;
		m.addr = t->virtual_address;
		m.len = t->segment_length;
		m.honest = m.len && in_arena(p, m.addr, m.len);
		if (a[6]) {
			m.ctx = *(DAT_RMR_CONTEXT *)(uintptr_t)a[6];
		} else if (CALL(p, FZ_UDAPL_dat_rmr_query, a[0],
				DAT_RMR_FIELD_RMR_CONTEXT, U(&q)) == DAT_SUCCESS) {
			m.ctx = q.rmr_context;
		} else {
			m.honest = 0;
		}
		rec_add(ext.rmr, &ext.nrmr, &m);
		break;
	}
	case FZ_UDAPL_dat_psp_create:
		fz_pool_add(p, a[1]);
		break;
	case FZ_UDAPL_dat_psp_create_any:
		if (a[1])
			fz_pool_add(p, *(DAT_CONN_QUAL *)(uintptr_t)a[1]);
		break;
	case FZ_UDAPL_dat_rsp_create:
		fz_pool_add(p, a[1]);
		break;
	}
}

/* ---- set-up and the end of a program -------------------------------------- */

static void close_all(struct fz_prog *p)
{
	while (ext.nias > 0) {
		DAT_IA_HANDLE ia = ext.ias[--ext.nias];
		CALL(p, FZ_UDAPL_dat_ia_close, U(ia), DAT_CLOSE_ABRUPT_FLAG);
	}
}

static void reset(struct fz_prog *p)
{
	if (p->fns)
		close_all(p);
	ext.nlmr = ext.nrmr = 0;
	ext.budget = ext.seen = 0;
	ext.have_addr = 0;
	for (int k = 0; k < NATTR; k++)
		ext.named[k] = (DAT_NAMED_ATTR){ "rdmacts.fuzz", "1" };
	memset(ext.cookie, 0x5A, sizeof ext.cookie);
}

static const char *ia_name(void)
{
	const char *ia = getenv("RDMACTS_DAPL_IA");

	return ia && *ia ? ia : "rdmacts0";
}

/* Wait briefly for one event on evd; the event in *ev. */
static int take(struct fz_prog *p, DAT_EVD_HANDLE evd, DAT_EVENT *ev)
{
	for (int i = 0; i < 1000; i++)
		if (CALL(p, FZ_UDAPL_dat_evd_dequeue, U(evd), U(ev)) ==
				DAT_SUCCESS)
			return 1;
	return 0;
}

#define QUAL 0x7E57

/* The fixture: an IA and, unless only the IA is asked for, everything a
 * connected pair of Endpoints needs.  Failures are the library's. */
static void setup(struct fz_prog *p, int full)
{
	DAT_IA_HANDLE ia = NULL;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL, cr_evd, conn_evd, dto_evd;
	DAT_PZ_HANDLE pz;
	DAT_LMR_HANDLE lmr;
	DAT_RMR_HANDLE rmr;
	DAT_PSP_HANDLE psp;
	DAT_EP_HANDLE ep[2];
	DAT_IA_ATTR attr;
	DAT_LMR_CONTEXT ctx;
	DAT_EVENT ev;
	int ias, pzs, s;

	if (CALL(p, FZ_UDAPL_dat_ia_openv, U(ia_name()), 16, U(&async), U(&ia),
			DAT_VERSION_MAJOR, DAT_VERSION_MINOR, DAT_FALSE) !=
			DAT_SUCCESS) {
		fz_fail(p, "set-up: dat_ia_open(%s) failed (is dat.conf next to "
			"libdat.so or named by DAT_OVERRIDE?)", ia_name());
		return;
	}
	ia_add(ia);
	ias = fz_adopt(p, FZ_UDAPL_H_IA, &ia, -1, 0, 0);
	fz_adopt(p, FZ_UDAPL_H_EVD, &async, ias, 0, 0);
	memset(&attr, 0, sizeof attr);
	if (CALL(p, FZ_UDAPL_dat_ia_query, U(ia), 0, DAT_IA_FIELD_IA_ADDRESS_PTR,
			U(&attr), 0, 0) == DAT_SUCCESS && attr.ia_address_ptr) {
		memcpy(&ext.addr, attr.ia_address_ptr,
			attr.ia_address_ptr->sa_family == AF_INET6 ?
			sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in));
		ext.have_addr = 1;
	}
	if (!full)
		return;
#define MUST(what, x) do { if ((x) != DAT_SUCCESS) { \
		fz_fail(p, "set-up: %s failed", what); return; } } while (0)
	MUST("dat_pz_create", CALL(p, FZ_UDAPL_dat_pz_create, U(ia), U(&pz)));
	pzs = fz_adopt(p, FZ_UDAPL_H_PZ, &pz, ias, 0, 0);
	MUST("dat_evd_create", CALL(p, FZ_UDAPL_dat_evd_create, U(ia), 16, 0,
		DAT_EVD_CR_FLAG, U(&cr_evd)));
	fz_adopt(p, FZ_UDAPL_H_EVD, &cr_evd, ias, 0, 0);
	MUST("dat_evd_create", CALL(p, FZ_UDAPL_dat_evd_create, U(ia), 16, 0,
		DAT_EVD_CONNECTION_FLAG, U(&conn_evd)));
	fz_adopt(p, FZ_UDAPL_H_EVD, &conn_evd, ias, 0, 0);
	MUST("dat_evd_create", CALL(p, FZ_UDAPL_dat_evd_create, U(ia), 64, 0,
		DAT_EVD_DTO_FLAG | DAT_EVD_RMR_BIND_FLAG | DAT_EVD_SOFTWARE_FLAG,
		U(&dto_evd)));
	fz_adopt(p, FZ_UDAPL_H_EVD, &dto_evd, ias, 0, 0);
	for (int k = 0; k < 2; k++) {
		DAT_REGION_DESCRIPTION r = { .for_va = p->arena + k * (FZ_ARENA / 2) };
		struct mrec m;
		MUST("dat_lmr_create", CALL(p, FZ_UDAPL_dat_lmr_create, U(ia),
			DAT_MEM_TYPE_VIRTUAL, U(&r), FZ_ARENA / 2, U(pz),
			DAT_MEM_PRIV_ALL_FLAG, U(&lmr), U(&ctx), 0, 0, 0));
		fz_adopt(p, FZ_UDAPL_H_LMR, &lmr, pzs, U(r.for_va), FZ_ARENA / 2);
		m = (struct mrec){ U(lmr), ctx, U(r.for_va), FZ_ARENA / 2, 1 };
		rec_add(ext.lmr, &ext.nlmr, &m);
		fz_pool_add(p, ctx);
	}
	MUST("dat_rmr_create", CALL(p, FZ_UDAPL_dat_rmr_create, U(pz), U(&rmr)));
	fz_adopt(p, FZ_UDAPL_H_RMR, &rmr, pzs, 0, 0);
	MUST("dat_psp_create", CALL(p, FZ_UDAPL_dat_psp_create, U(ia), QUAL,
		U(cr_evd), DAT_PSP_CONSUMER_FLAG, U(&psp)));
	fz_adopt(p, FZ_UDAPL_H_PSP, &psp, ias, 0, 0);
	fz_pool_add(p, QUAL);
	for (int k = 0; k < 2; k++) {
		MUST("dat_ep_create", CALL(p, FZ_UDAPL_dat_ep_create, U(ia), U(pz),
			U(dto_evd), U(dto_evd), U(conn_evd), 0, U(&ep[k])));
		fz_adopt(p, FZ_UDAPL_H_EP, &ep[k], ias, 0, 0);
	}
	if (!ext.have_addr) {
		fz_fail(p, "set-up: dat_ia_query gave no IA address");
		return;
	}
	MUST("dat_ep_connect", CALL(p, FZ_UDAPL_dat_ep_connect, U(ep[0]),
		U(&ext.addr), QUAL, 1000000, 0, 0, DAT_QOS_BEST_EFFORT,
		DAT_CONNECT_DEFAULT_FLAG));
	if (!take(p, cr_evd, &ev) || ev.event_number != DAT_CONNECTION_REQUEST_EVENT) {
		fz_fail(p, "set-up: no connection request");
		return;
	}
	MUST("dat_cr_accept", CALL(p, FZ_UDAPL_dat_cr_accept,
		U(ev.event_data.cr_arrival_event_data.cr_handle), U(ep[1]), 0, 0));
	for (s = 0; s < 2; s++)
		if (!take(p, conn_evd, &ev) ||
				ev.event_number != DAT_CONNECTION_EVENT_ESTABLISHED) {
			fz_fail(p, "set-up: the connection was not established");
			return;
		}
#undef MUST
}

/* Kept between programs: an IA no program sees, which keeps the NIC
 * model's fabric mapped (the last IA to close unmaps it, the next open
 * maps and initializes it afresh).  It cannot stand for the programs'
 * IA: an IA's LMR and RMR contexts carry per-key generations that no
 * call resets, so a program would see other values after others. */
void fz_udapl_fixture(struct fz_prog *p)
{
	static DAT_IA_HANDLE keeper;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;

	if (keeper || CALL(p, FZ_UDAPL_dat_ia_openv, U(ia_name()), 16,
			U(&async), U(&keeper), DAT_VERSION_MAJOR,
			DAT_VERSION_MINOR, DAT_FALSE) == DAT_SUCCESS)
		return;
	keeper = NULL;
}

int fz_udapl_restore(struct fz_prog *p)
{
	(void)p;
	return 1;	/* no program reaches the keeper */
}

/* udapl: the first byte chooses an IA alone (00-3F) or the fixture. */
void fz_udapl_setup(struct fz_prog *p)
{
	setup(p, fz_u8(p) >= 0x40);
}

void fz_udapl_attrs_setup(struct fz_prog *p)
{
	setup(p, 1);
}

const struct fz_api fz_api_udapl = {
	.name = "udapl",
	.calls = fz_udapl_calls,
	.ncalls = FZ_UDAPL_NCALLS,
	.handle_names = fz_udapl_handle_names,
	.handle_sizes = fz_udapl_handle_sizes,
	.nhandles = FZ_UDAPL_NHANDLES,
	.cleanup = fz_udapl_cleanup,
	.success = DAT_SUCCESS,
	.invoke = fz_udapl_invoke,
	.build = build,
	.fix = fix,
	.allowed = allowed,
	.after = after,
	.reset = reset,
	.rc_name = rc_name,
	.header = FZ_UDAPL_HEADER,
	.handle_types = fz_udapl_handle_types,
};

void *fz_udapl_fns_dl(void *dl)
{
	struct fz_udapl_fns *f = calloc(1, sizeof *f);

	if (f)
		fz_udapl_bind_dl(f, dl);
	return f;
}

/* udapl_attrs: EP attributes into dat_ep_create / dat_ep_modify (with
 * parameter masks), LMR and RMR triplets into the posts, binds and
 * syncs, and the calls that show what they did. */
const int fz_udapl_attrs_calls[] = {
	FZ_UDAPL_dat_ep_create, FZ_UDAPL_dat_ep_create_with_srq,
	FZ_UDAPL_dat_ep_modify, FZ_UDAPL_dat_ep_modify, FZ_UDAPL_dat_ep_query,
	FZ_UDAPL_dat_ep_free, FZ_UDAPL_dat_ep_connect,
	FZ_UDAPL_dat_ep_post_send, FZ_UDAPL_dat_ep_post_recv,
	FZ_UDAPL_dat_ep_post_rdma_read, FZ_UDAPL_dat_ep_post_rdma_write,
	FZ_UDAPL_dat_ep_post_send, FZ_UDAPL_dat_ep_post_rdma_write,
	FZ_UDAPL_dat_rmr_bind, FZ_UDAPL_dat_rmr_bind,
	FZ_UDAPL_dat_evd_dequeue, FZ_UDAPL_dat_evd_dequeue,
	FZ_UDAPL_dat_lmr_sync_rdma_read, FZ_UDAPL_dat_lmr_sync_rdma_write,
	FZ_UDAPL_dat_srq_create, FZ_UDAPL_dat_srq_post_recv,
	FZ_UDAPL_dat_lmr_create, FZ_UDAPL_dat_ep_get_status,
	FZ_UDAPL_dat_ep_disconnect, FZ_UDAPL_dat_ep_reset,
	-1
};
