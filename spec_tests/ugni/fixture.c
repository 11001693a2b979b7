/* fixture.c: the scene most uGNI tests start from (see fixture.h). */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "fixture.h"
#include "rdmacts_control.h"
#include "pmi.h"

#define MAX_MEM 64
#define MAX_REG 64

static struct { void *p; size_t len; } mems[MAX_MEM];
static int nmem;
static struct { gni_nic_handle_t nic; gni_mem_handle_t mh; } regs[MAX_REG];
static int nreg;

static const char *rc_name(long long v)
{
	static const char *names[] = {
		"GNI_RC_SUCCESS", "GNI_RC_NOT_DONE", "GNI_RC_INVALID_PARAM",
		"GNI_RC_ERROR_RESOURCE", "GNI_RC_TIMEOUT", "GNI_RC_PERMISSION_ERROR",
		"GNI_RC_DESCRIPTOR_ERROR", "GNI_RC_ALIGNMENT_ERROR",
		"GNI_RC_INVALID_STATE", "GNI_RC_NO_MATCH", "GNI_RC_SIZE_ERROR",
		"GNI_RC_TRANSACTION_ERROR", "GNI_RC_ILLEGAL_OP", "GNI_RC_ERROR_NOMEM" };
	return v >= 0 && v < (long long)(sizeof names / sizeof *names) ? names[v] : NULL;
}

__attribute__((constructor)) static void fx_init(void)
{
	rt_set_value_namer(rc_name);
}

static unsigned long long credential(const char *name, unsigned long long builtin)
{
	static int noted;
	unsigned long long p, c, v;

	if (!noted) {
		noted = 1;
		rt_note("credentials", rt_env_first("PMI_GNI_PTAG", &p) &&
				rt_env_first("PMI_GNI_COOKIE", &c) ? "job" : "built-in");
	}
	return rt_env_first(name, &v) ? v : builtin;
}

uint8_t fx_ptag(void)
{
	return (uint8_t)credential("PMI_GNI_PTAG", 10);
}

uint32_t fx_cookie(void)
{
	return (uint32_t)credential("PMI_GNI_COOKIE", 0x00510000u);
}

uint32_t fx_dev(void)
{
	return (uint32_t)credential("PMI_GNI_DEV_ID", 0);
}

static void pause_us(long us)
{
	struct timespec ts = { 0, us * 1000 };
	nanosleep(&ts, NULL);
}

void fx_second_domain_refused(uint8_t ptag, uint32_t cookie)
{
	char why[200];

	snprintf(why, sizeof why, "GNI_CdmAttach refused ptag %u cookie 0x%x, "
			"credentials other than the job's, with GNI_RC_PERMISSION_ERROR: "
			"not available to an unprivileged job (E-UGNI-029)",
			(unsigned)ptag, (unsigned)cookie);
	rt_lacks("second-protection-domain", why);
}

void fx_not_privileged(void)
{
	rt_lacks("privileged-job-configuration", "job configuration "
			"(ConfigureJob, ConfigureNTT) refused with "
			"GNI_RC_PERMISSION_ERROR: it is the launcher's, privileged on a "
			"Cray, not available to this job (E-UGNI-009, E-UGNI-029)");
}

void fx_domain(struct fx_side *s, uint32_t inst, uint8_t ptag, uint32_t cookie,
		uint32_t modes)
{
	memset(s, 0, sizeof *s);
	s->inst = inst;
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(inst, ptag, cookie, modes, &s->cdm),
			GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	gni_return_t rc = GNI_CdmAttach(s->cdm, fx_dev(), &s->addr, &s->nic);
	if (rc == GNI_RC_PERMISSION_ERROR && (ptag != FX_PTAG || cookie != FX_COOKIE))
		fx_second_domain_refused(ptag, cookie);
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.2.4-success");
}

void fx_cq(gni_nic_handle_t nic, uint32_t entries, gni_cq_mode_t mode,
		gni_cq_handle_t *cq)
{
	RT_REQUIRE_EQ_INT(GNI_CqCreate(nic, entries, 0, mode, NULL, NULL, cq),
			GNI_RC_SUCCESS, "UGNI-3.3.1-success-noblock");
}

void fx_ep(struct fx_side *s, gni_cq_handle_t cq, uint32_t remote_addr,
		uint32_t remote_id, gni_ep_handle_t *ep)
{
	RT_REQUIRE_EQ_INT(GNI_EpCreate(s->nic, cq, ep), GNI_RC_SUCCESS,
			"UGNI-3.5.1-success");
	RT_REQUIRE_EQ_INT(GNI_EpBind(*ep, remote_addr, remote_id),
			GNI_RC_SUCCESS, "UGNI-3.5.3-success");
}

static void side(struct fx_side *s, uint32_t inst, uint8_t ptag,
		uint32_t cookie, uint32_t modes)
{
	fx_domain(s, inst, ptag, cookie, modes);
	fx_cq(s->nic, FX_CQ_SIZE, GNI_CQ_NOBLOCK, &s->cq);
	fx_cq(s->nic, FX_CQ_SIZE, GNI_CQ_NOBLOCK, &s->rcq);
}

void fx_setup2(struct fx *f, uint32_t modes, uint8_t ptag_b, uint32_t cookie_b)
{
	memset(f, 0, sizeof *f);
	side(&f->a, 1, FX_PTAG, FX_COOKIE, modes);
	side(&f->b, 2, ptag_b, cookie_b, modes);
	fx_ep(&f->a, f->a.cq, f->b.addr, f->b.inst, &f->a.ep);
	fx_ep(&f->b, f->b.cq, f->a.addr, f->a.inst, &f->b.ep);
}

void fx_setup(struct fx *f, uint32_t modes)
{
	fx_setup2(f, modes, FX_PTAG, FX_COOKIE);
}

static void side_down(struct fx_side *s)
{
	if (s->ep)
		GNI_EpDestroy(s->ep);
	for (int i = 0; i < nreg; i++)
		if (regs[i].nic == s->nic && s->nic) {
			GNI_MemDeregister(regs[i].nic, &regs[i].mh);
			regs[i].nic = NULL;
		}
	if (s->cq)
		GNI_CqDestroy(s->cq);
	if (s->rcq)
		GNI_CqDestroy(s->rcq);
	if (s->cdm)
		GNI_CdmDestroy(s->cdm);
	memset(s, 0, sizeof *s);
}

void fx_teardown(struct fx *f)
{
	side_down(&f->a);
	side_down(&f->b);
	nreg = 0;
	for (int i = 0; i < nmem; i++)
		munmap(mems[i].p, mems[i].len);
	nmem = 0;
}

void *fx_mem(size_t len)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	size_t n = (len + 2 * pg - 1) / pg * pg;
	void *p = mmap(NULL, n, PROT_READ | PROT_WRITE,
			MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	RT_REQUIRE_TRUE(p != MAP_FAILED, "-");
	if (nmem < MAX_MEM) {
		mems[nmem].p = p;
		mems[nmem++].len = n;
	}
	return p;
}

gni_mem_handle_t fx_reg(gni_nic_handle_t nic, void *addr, size_t len,
		gni_cq_handle_t dst_cq, uint32_t flags)
{
	gni_mem_handle_t mh;

	memset(&mh, 0, sizeof mh);
	RT_REQUIRE_EQ_INT(GNI_MemRegister(nic, U64(addr), len, dst_cq, flags,
			(uint32_t)-1, &mh), GNI_RC_SUCCESS,
			(flags & GNI_MEM_READ_ONLY) ? "UGNI-3.4.2-success-read-only"
			: "UGNI-3.4.2-success-readwrite");
	if (nreg < MAX_REG) {
		regs[nreg].nic = nic;
		regs[nreg++].mh = mh;
	}
	return mh;
}

gni_post_descriptor_t fx_desc(gni_post_type_t type, uint16_t cq_mode,
		void *local, gni_mem_handle_t lmh, void *remote,
		gni_mem_handle_t rmh, uint64_t len)
{
	gni_post_descriptor_t d;

	memset(&d, 0, sizeof d);
	d.type = type;
	d.cq_mode = cq_mode;
	d.dlvr_mode = GNI_DLVMODE_PERFORMANCE;
	d.local_addr = U64(local);
	d.local_mem_hndl = lmh;
	d.remote_addr = U64(remote);
	d.remote_mem_hndl = rmh;
	d.length = len;
	return d;
}

gni_return_t fx_event(gni_cq_handle_t cq, gni_cq_entry_t *ev)
{
	gni_return_t rc = GNI_RC_NOT_DONE;

	for (int i = 0; i < 4000; i++) {
		rc = GNI_CqGetEvent(cq, ev);
		if (rc != GNI_RC_NOT_DONE)
			return rc;
		if (i > 200)
			pause_us(500);
	}
	return rc;
}

bool fx_quiet(gni_cq_handle_t cq)
{
	gni_cq_entry_t ev;

	for (int i = 0; i < 40; i++) {
		if (GNI_CqGetEvent(cq, &ev) != GNI_RC_NOT_DONE)
			return false;
		if (i > 10)
			pause_us(500);
	}
	return true;
}

void fx_complete(gni_cq_handle_t cq, gni_post_descriptor_t *desc,
		const char *clause)
{
	gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *pd = NULL;

	RT_REQUIRE_EQ_INT(fx_event(cq, &ev), GNI_RC_SUCCESS, clause);
	RT_REQUIRE_EQ_INT(GNI_GetCompleted(cq, ev, &pd), GNI_RC_SUCCESS, clause);
	RT_REQUIRE_TRUE(pd == desc, clause);
}

gni_return_t fx_dgram_test(gni_ep_handle_t ep, gni_post_state_t *st,
		uint32_t *ra, uint32_t *rid)
{
	gni_return_t rc = GNI_RC_SUCCESS;

	*st = GNI_POST_PENDING;
	for (int i = 0; i < 2000; i++) {
		rc = GNI_EpPostDataTest(ep, st, ra, rid);
		if (rc != GNI_RC_SUCCESS || *st != GNI_POST_PENDING)
			return rc;
		if (i > 100)
			pause_us(500);
	}
	return rc;
}

/* libugni's own entry (rdmacts_test_control.h, "Where the corpus looks"). */
static rdmacts_test_control_fn control_fn(void)
{
	return rt_control_for("GNI_CdmCreate", RDMACTS_TEST_CONTROL_UGNI_SYMBOL);
}

bool fx_control_present(void)
{
	return control_fn() != NULL;
}

void fx_control(int knob, uint64_t value)
{
	rdmacts_test_control_fn fn = control_fn();

	if (!fn)
		rt_unsupported("libugni offers no test control (" RDMACTS_TEST_CONTROL_UGNI_SYMBOL ")");
	if (fn(knob, value) != 0)
		rt_unsupported("libugni's test control refused a knob this test needs");
}

void fx_smsg_attr(struct fx_side *s, gni_smsg_type_t type, uint32_t maxsize,
		uint16_t credits, gni_cq_handle_t dst_cq, gni_smsg_attr_t *attr,
		void **mem)
{
	unsigned int size = 0;

	memset(attr, 0, sizeof *attr);
	attr->msg_type = type;
	attr->mbox_maxcredit = credits;
	attr->msg_maxsize = maxsize;
	RT_REQUIRE_EQ_INT(GNI_SmsgBufferSizeNeeded(attr, &size), GNI_RC_SUCCESS,
			"UGNI-3.7.1-success");
	*mem = fx_mem(size);
	attr->msg_buffer = *mem;
	attr->buff_size = size;
	attr->mbox_offset = 0;
	attr->mem_hndl = fx_reg(s->nic, *mem, size, dst_cq, GNI_MEM_READWRITE);
}

void fx_smsg_pair(struct fx *f, gni_smsg_type_t type, uint32_t maxsize,
		uint16_t credits, struct fx_smsg *m)
{
	fx_smsg_attr(&f->a, type, maxsize, credits, f->a.rcq, &m->la, &m->mem_a);
	fx_smsg_attr(&f->b, type, maxsize, credits, f->b.rcq, &m->lb, &m->mem_b);
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(f->a.ep, &m->la, &m->lb), GNI_RC_SUCCESS,
			"UGNI-3.7.1-success");
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(f->b.ep, &m->lb, &m->la), GNI_RC_SUCCESS,
			"UGNI-3.7.1-success");
}

void fx_pattern(void *p, size_t len, unsigned seed)
{
	unsigned char *c = p;
	uint32_t x = seed * 2654435761u + 12345u;

	for (size_t i = 0; i < len; i++) {
		x = x * 1103515245u + 12345u;
		c[i] = (unsigned char)(x >> 16) | 1;	/* never 0: unwritten shows */
	}
}

void fx_pmi_init(int *rank, int *size)
{
	int spawned;

	RT_REQUIRE_EQ_INT(PMI_Init(&spawned), PMI_SUCCESS, "-");
	PMI_Get_rank(rank);
	PMI_Get_size(size);
	if (*size < 2)
		rt_unsupported("needs several processes (started without the launcher)");
}

void fx_pmi_allgather(const void *mine, void *all, int len)
{
	RT_REQUIRE_EQ_INT(PMI_Allgather((void *)mine, all, len), PMI_SUCCESS, "-");
}

void fx_pmi_barrier(void)
{
	PMI_Barrier();
}

void fx_pmi_fini(void)
{
	PMI_Finalize();
}

const void *fx_find(const void *table, size_t n, size_t size)
{
	const char *name = rt_current_test();

	for (size_t i = 0; i < n; i++) {
		const char *const *row = (const char *const *)(const void *)
			((const char *)table + i * size);
		if (name && strcmp(*row, name) == 0)
			return row;
	}
	RT_REQUIRE_TRUE(!"test row found", "-");
	return NULL;
}

#define GUARD 64

void fx_transfer(gni_post_type_t type, size_t len, size_t loff, size_t roff,
		gni_return_t want, const char *clause)
{
	fx_transfer_in(type, len, loff, roff, want, want, clause);
}

void fx_transfer_in(gni_post_type_t type, size_t len, size_t loff, size_t roff,
		gni_return_t want, gni_return_t want2, const char *clause)
{
	struct fx f;
	int get = type == GNI_POST_FMA_GET || type == GNI_POST_RDMA_GET;
	int rdma = type == GNI_POST_RDMA_PUT || type == GNI_POST_RDMA_GET;
	size_t span = len + 2 * GUARD + 16;
	unsigned char *lbuf, *rbuf, *expect;

	fx_setup(&f, 0);
	lbuf = fx_mem(span);
	rbuf = fx_mem(span);
	expect = fx_mem(span);
	gni_mem_handle_t lmh = fx_reg(f.a.nic, lbuf, span, NULL, 0);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, rbuf, span, f.b.rcq, 0);
	unsigned char *src = get ? rbuf : lbuf, *dst = get ? lbuf : rbuf;
	size_t soff = (get ? roff : loff) + GUARD, doff = (get ? loff : roff) + GUARD;

	fx_pattern(src, span, 1);
	memset(dst, 0xEE, span);
	memcpy(expect, dst, span);
	memcpy(expect + doff, src + soff, len);

	gni_post_descriptor_t d = fx_desc(type, GNI_CQMODE_GLOBAL_EVENT,
			lbuf + GUARD + loff, lmh, rbuf + GUARD + roff, rmh, len);
	gni_return_t rc = rdma ? GNI_PostRdma(f.a.ep, &d) : GNI_PostFma(f.a.ep, &d);
	if (!RT_EXPECT_RC_IN(rc, clause, want, want2) || rc != GNI_RC_SUCCESS) {
		if (rc != GNI_RC_SUCCESS) {	/* refused: nothing moved */
			memset(expect, 0xEE, span);
			RT_EXPECT_MEM_EQ(dst, expect, span, clause);
		}
		fx_teardown(&f);
		return;
	}
	fx_complete(f.a.cq, &d, clause);
	RT_EXPECT_MEM_EQ(dst + doff, src + soff, len, clause);
	RT_EXPECT_MEM_EQ(dst, expect, doff, clause);	/* guard before */
	RT_EXPECT_MEM_EQ(dst + doff + len, expect + doff + len, span - doff - len,
			clause);			/* guard after */
	fx_teardown(&f);
}

void fx_bufs(struct fx *f, size_t len, struct fx_bufs *b)
{
	b->l = fx_mem(len);
	b->r = fx_mem(len);
	b->lmh = fx_reg(f->a.nic, b->l, len, NULL, 0);
	b->rmh = fx_reg(f->b.nic, b->r, len, f->b.rcq, 0);
}

void fx_expect_failed_post(gni_return_t post_rc, gni_return_t at_post,
		gni_cq_handle_t cq, gni_post_descriptor_t *d, const char *clause)
{
	gni_cq_entry_t ev = 0;
	gni_post_descriptor_t *pd = NULL;

	if (!RT_EXPECT_RC_IN(post_rc, clause, at_post, GNI_RC_SUCCESS))
		return;
	if (post_rc != GNI_RC_SUCCESS)
		return;
	RT_EXPECT_EQ_INT(fx_event(cq, &ev), GNI_RC_TRANSACTION_ERROR, clause);
	RT_EXPECT_EQ_INT(GNI_GetCompleted(cq, ev, &pd), GNI_RC_TRANSACTION_ERROR,
			clause);
	RT_EXPECT_TRUE(pd == d, clause);
}
