/*
 * ut.c: fixtures of the uDAPL corpus (see ut.h).
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "pmi.h"
#include "dat/udat_redirection.h"
#include "rdmacts_control.h"
#include "ut.h"

static const struct { long long v; const char *name; } type_names[] = {
	{ DAT_SUCCESS, "DAT_SUCCESS" },
	{ DAT_ABORT, "DAT_ABORT" },
	{ DAT_CONN_QUAL_IN_USE, "DAT_CONN_QUAL_IN_USE" },
	{ DAT_INSUFFICIENT_RESOURCES, "DAT_INSUFFICIENT_RESOURCES" },
	{ DAT_INTERNAL_ERROR, "DAT_INTERNAL_ERROR" },
	{ DAT_INVALID_HANDLE, "DAT_INVALID_HANDLE" },
	{ DAT_INVALID_PARAMETER, "DAT_INVALID_PARAMETER" },
	{ DAT_INVALID_STATE, "DAT_INVALID_STATE" },
	{ DAT_LENGTH_ERROR, "DAT_LENGTH_ERROR" },
	{ DAT_MODEL_NOT_SUPPORTED, "DAT_MODEL_NOT_SUPPORTED" },
	{ DAT_PROVIDER_NOT_FOUND, "DAT_PROVIDER_NOT_FOUND" },
	{ DAT_PRIVILEGES_VIOLATION, "DAT_PRIVILEGES_VIOLATION" },
	{ DAT_PROTECTION_VIOLATION, "DAT_PROTECTION_VIOLATION" },
	{ DAT_QUEUE_EMPTY, "DAT_QUEUE_EMPTY" },
	{ DAT_QUEUE_FULL, "DAT_QUEUE_FULL" },
	{ DAT_TIMEOUT_EXPIRED, "DAT_TIMEOUT_EXPIRED" },
	{ DAT_PROVIDER_ALREADY_REGISTERED, "DAT_PROVIDER_ALREADY_REGISTERED" },
	{ DAT_PROVIDER_IN_USE, "DAT_PROVIDER_IN_USE" },
	{ DAT_INVALID_ADDRESS, "DAT_INVALID_ADDRESS" },
	{ DAT_INTERRUPTED_CALL, "DAT_INTERRUPTED_CALL" },
	{ DAT_CONN_QUAL_UNAVAILABLE, "DAT_CONN_QUAL_UNAVAILABLE" },
	{ DAT_NOT_IMPLEMENTED, "DAT_NOT_IMPLEMENTED" },
};

static const char *namer(long long v)
{
	if (v == 0)
		return NULL;	/* 0 is also a status, a state, a count */
	for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
		if (type_names[i].v == v)
			return type_names[i].name;
	return NULL;
}

__attribute__((constructor)) static void ut_init(void)
{
	rt_set_value_namer(namer);
}

const char *ut_ia_name(void)
{
	const char *s = getenv("RDMACTS_DAPL_IA");
	return s && *s ? s : "rdmacts0";
}

const char *ut_ia_name_threadsafe(void)
{
	const char *s = getenv("RDMACTS_DAPL_IA_MT");
	return s && *s ? s : ut_ia_name();
}

/*
 * A function of the Provider behind the IA the test opened last: its
 * library's test control is the one the test uses (ut_control).  The
 * library defining the ia_open_func of the DAT_PROVIDER its handles name
 * (rdmacts_test_control.h, "Where the corpus looks").  Taken from the
 * async EVD, not the IA handle: a registry may hand out IA handles of its
 * own (OFA's are small integers); every other handle's first word is its
 * Provider's DAT_PROVIDER (dat_redirection.h).
 */
static const void *provider_code;

void ut_note_provider(DAT_EVD_HANDLE async)
{
	DAT_PROVIDER *p = async ? DAT_HANDLE_TO_PROVIDER(async) : NULL;

	provider_code = NULL;
	if (p)
		memcpy(&provider_code, &p->ia_open_func, sizeof provider_code);
}

DAT_IA_HANDLE ut_open_bare(DAT_EVD_HANDLE *async, const char *clause)
{
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;

	*async = DAT_HANDLE_NULL;
	UT_REQ(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, async, &ia), clause);
	ut_note_provider(*async);
	return ia;
}

void ut_open(struct ut_ia *u, const char *clause)
{
	DAT_IA_ATTR attr;

	memset(u, 0, sizeof *u);
	u->ia = ut_open_bare(&u->async, clause);
	UT_REQ(dat_pz_create(u->ia, &u->pz), clause);
	UT_REQ(dat_evd_create(u->ia, 64, DAT_HANDLE_NULL,
			DAT_EVD_DTO_FLAG | DAT_EVD_RMR_BIND_FLAG, &u->req), clause);
	UT_REQ(dat_evd_create(u->ia, 64, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG,
			&u->rcv), clause);
	UT_REQ(dat_evd_create(u->ia, 16, DAT_HANDLE_NULL, DAT_EVD_CONNECTION_FLAG,
			&u->conn), clause);
	UT_REQ(dat_evd_create(u->ia, 16, DAT_HANDLE_NULL, DAT_EVD_CR_FLAG,
			&u->cr), clause);
	UT_REQ(dat_ia_query(u->ia, NULL, DAT_IA_FIELD_IA_ADDRESS_PTR, &attr, 0,
			NULL), clause);
	memcpy(&u->addr, attr.ia_address_ptr,
			attr.ia_address_ptr->sa_family == AF_INET6 ?
			sizeof(struct sockaddr_in6) : sizeof(struct sockaddr_in));
}

void ut_close(struct ut_ia *u)
{
	if (u->ia)
		dat_ia_close(u->ia, DAT_CLOSE_ABRUPT_FLAG);
	u->ia = DAT_HANDLE_NULL;
}

void ut_mem(struct ut_ia *u, DAT_PZ_HANDLE pz, size_t len,
		DAT_MEM_PRIV_FLAGS priv, struct ut_mem *m, const char *clause)
{
	DAT_REGION_DESCRIPTION region;
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	memset(m, 0, sizeof *m);
	m->len = len;
	m->buf = aligned_alloc(page, (len + page - 1) / page * page);
	RT_REQUIRE_TRUE(m->buf != NULL, clause);
	memset(m->buf, 0, len);
	region.for_va = m->buf;
	UT_REQ(dat_lmr_create(u->ia, DAT_MEM_TYPE_VIRTUAL, region, len, pz, priv,
			&m->lmr, &m->lctx, &m->rctx, &m->reg_len, &m->reg_addr),
			clause);
}

DAT_LMR_TRIPLET ut_seg(const struct ut_mem *m, size_t off, size_t len)
{
	return (DAT_LMR_TRIPLET){ m->lctx, 0, (DAT_VADDR)(uintptr_t)(m->buf + off), len };
}

DAT_RMR_TRIPLET ut_rseg(const struct ut_mem *m, size_t off, size_t len)
{
	return (DAT_RMR_TRIPLET){ m->rctx, 0, (DAT_VADDR)(uintptr_t)(m->buf + off), len };
}

DAT_EP_HANDLE ut_ep(struct ut_ia *u, const DAT_EP_ATTR *attr, const char *clause)
{
	DAT_EP_HANDLE ep = DAT_HANDLE_NULL;

	UT_REQ(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, attr, &ep),
			clause);
	return ep;
}

void ut_ep_flags(DAT_EP_HANDLE ep, DAT_COMPLETION_FLAGS req,
		DAT_COMPLETION_FLAGS rcv, const char *clause)
{
	DAT_EP_PARAM p;

	memset(&p, 0, sizeof p);
	p.ep_attr.request_completion_flags = req;
	p.ep_attr.recv_completion_flags = rcv;
	DAT_RETURN rc = dat_ep_modify(ep, DAT_EP_FIELD_EP_ATTR_REQUEST_COMPLETION_FLAGS |
			DAT_EP_FIELD_EP_ATTR_RECV_COMPLETION_FLAGS, &p);
	/* dat_ep_modify has no DAT_MODEL_NOT_SUPPORTED: a Provider without
	 * unsignalled completions refuses the flag as a parameter */
	if (DAT_GET_TYPE(rc) == DAT_INVALID_PARAMETER &&
			((req | rcv) & DAT_COMPLETION_UNSIGNALLED_FLAG)) {
		DAT_EP_PARAM q;
		UT_REQ(dat_ep_query(ep, DAT_EP_FIELD_IA_HANDLE, &q), clause);
		ut_need(q.ia_handle, UT_CAP_UNSIGNALLED);
	}
	UT_REQ(rc, clause);
}

DAT_EP_STATE ut_state(DAT_EP_HANDLE ep)
{
	DAT_EP_STATE s = (DAT_EP_STATE)-1;

	if (dat_ep_get_status(ep, &s, NULL, NULL) != DAT_SUCCESS)
		return (DAT_EP_STATE)-1;
	return s;
}

bool ut_wait(DAT_EVD_HANDLE evd, DAT_EVENT_NUMBER expect, DAT_EVENT *ev,
		const char *clause)
{
	DAT_EVENT e;
	DAT_COUNT more;
	DAT_RETURN rc;
	char obs[64];

	if (!ev)
		ev = &e;
	memset(ev, 0, sizeof *ev);
	rc = dat_evd_wait(evd, UT_TIMEOUT, 1, ev, &more);
	if (rc != DAT_SUCCESS) {
		snprintf(obs, sizeof obs, "dat_evd_wait=0x%x", (unsigned)rc);
		RT_FAIL(clause, "an-event", obs, "no event arrived (expected 0x%x)",
				(unsigned)expect);
		return false;
	}
	if (expect && ev->event_number != expect) {
		char exp[32];
		snprintf(exp, sizeof exp, "event=0x%x", (unsigned)expect);
		snprintf(obs, sizeof obs, "event=0x%x", (unsigned)ev->event_number);
		RT_FAIL(clause, exp, obs, "unexpected event");
		return false;
	}
	return true;
}

bool ut_dto(DAT_EVD_HANDLE evd, DAT_DTO_COMPLETION_STATUS status,
		uint64_t cookie, DAT_EVENT *ev, const char *clause)
{
	DAT_EVENT e;

	if (!ev)
		ev = &e;
	if (!ut_wait(evd, DAT_DTO_COMPLETION_EVENT, ev, clause))
		return false;
	bool ok = RT_EXPECT_EQ_INT(ev->event_data.dto_completion_event_data.status,
			status, clause);
	ok &= RT_EXPECT_EQ_U64(ev->event_data.dto_completion_event_data.user_cookie.as_64,
			cookie, clause);
	return ok;
}

void ut_progress(DAT_EVD_HANDLE evd)
{
	DAT_EVENT ev;
	DAT_COUNT n;
	DAT_EVD_PARAM p;

	/* A wait for more events than can be queued only times out; it
	 * dequeues nothing (dat_evd_wait(3DAT)) and lets work progress. */
	if (dat_evd_query(evd, DAT_EVD_FIELD_EVD_QLEN, &p) == DAT_SUCCESS &&
			p.evd_qlen > 1)
		(void)dat_evd_wait(evd, 20000, p.evd_qlen, &ev, &n);
	else
		usleep(20000);
}

bool ut_empty(DAT_EVD_HANDLE evd, const char *clause)
{
	DAT_EVENT ev;
	DAT_RETURN rc;

	ut_progress(evd);
	rc = dat_evd_dequeue(evd, &ev);
	if (DAT_GET_TYPE(rc) == DAT_QUEUE_EMPTY)
		return rt_check_true(true, "queue empty", clause, __FILE__, __LINE__, false);
	char obs[48];
	snprintf(obs, sizeof obs, "rc=0x%x,event=0x%x", (unsigned)rc,
			rc == DAT_SUCCESS ? (unsigned)ev.event_number : 0u);
	RT_FAIL(clause, "DAT_QUEUE_EMPTY", obs, "an EVD that should be empty holds an event");
	return false;
}

void ut_conn_setup(struct ut_conn *c, const char *clause)
{
	memset(c, 0, sizeof *c);
	ut_open(&c->a, clause);
	ut_open(&c->b, clause);
	c->ea = ut_ep(&c->a, NULL, clause);
	c->eb = ut_ep(&c->b, NULL, clause);
	UT_REQ(dat_psp_create(c->b.ia, UT_QUAL, c->b.cr, DAT_PSP_CONSUMER_FLAG,
			&c->psp), clause);
}

void ut_conn_connect(struct ut_conn *c, const char *clause)
{
	DAT_EVENT ev;

	UT_REQ(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&c->b.addr, UT_QUAL,
			UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT,
			DAT_CONNECT_DEFAULT_FLAG), clause);
	if (!ut_wait(c->b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, clause))
		rt_fail_at(clause, __FILE__, __LINE__, true, "request", "none", "setup");
	UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c->eb,
			0, NULL), clause);
	if (!ut_wait(c->b.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, clause) ||
	    !ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, clause))
		rt_fail_at(clause, __FILE__, __LINE__, true, "established", "not", "setup");
}

void ut_conn_open(struct ut_conn *c, const char *clause)
{
	ut_conn_setup(c, clause);
	ut_conn_connect(c, clause);
}

void ut_conn_close(struct ut_conn *c)
{
	ut_close(&c->a);
	ut_close(&c->b);
}

void ut_send(DAT_EP_HANDLE ep, DAT_EVD_HANDLE req, struct ut_mem *m,
		size_t off, size_t len, const char *clause)
{
	DAT_LMR_TRIPLET s = ut_seg(m, off, len);
	DAT_DTO_COOKIE ck = { .as_64 = 0x5e4d };

	UT_REQ(dat_ep_post_send(ep, 1, &s, ck, DAT_COMPLETION_DEFAULT_FLAG), clause);
	ut_dto(req, DAT_DTO_SUCCESS, 0x5e4d, NULL, clause);
}

/* ---- two processes ---- */

static int np2_rank = -1;

/* hydra treats a rank that exits without PMI_Finalize as crashed and kills
 * its peers before they report: finalize on every exit path, including
 * the exit() of a failed requirement. */
static void np2_fini(void)
{
	PMI_Finalize();
}

int ut_np2_init(void)
{
	int spawned, size;

	if (np2_rank >= 0)
		return np2_rank;
	if (PMI_Init(&spawned) != PMI_SUCCESS || PMI_Get_rank(&np2_rank) != PMI_SUCCESS ||
	    PMI_Get_size(&size) != PMI_SUCCESS)
		rt_fail_at("-", __FILE__, __LINE__, true, "PMI", "failed", "PMI_Init");
	atexit(np2_fini);
	if (size != 2)
		rt_unsupported("this test needs two processes (np=2)");
	return np2_rank;
}

void ut_barrier(void)
{
	PMI_Barrier();
}

void ut_exchange(const void *mine, void *theirs, size_t len)
{
	char *all = calloc(2, len);

	PMI_Allgather((void *)mine, all, (int)len);
	memcpy(theirs, all + (size_t)(1 - np2_rank) * len, len);
	free(all);
}

void ut_np2_connect(struct ut_conn *c, const char *clause)
{
	struct sockaddr_storage peer;
	DAT_EVENT ev;
	int rank = ut_np2_init();

	memset(c, 0, sizeof *c);
	ut_open(&c->a, clause);
	c->ea = ut_ep(&c->a, NULL, clause);
	if (rank == 0)
		UT_REQ(dat_psp_create(c->a.ia, UT_QUAL, c->a.cr,
				DAT_PSP_CONSUMER_FLAG, &c->psp), clause);
	ut_exchange(&c->a.addr, &peer, sizeof peer);
	if (rank == 1) {
		UT_REQ(dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)&peer, UT_QUAL,
				UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT,
				DAT_CONNECT_DEFAULT_FLAG), clause);
	} else {
		if (!ut_wait(c->a.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, clause))
			rt_fail_at(clause, __FILE__, __LINE__, true, "request", "none", "setup");
		UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle,
				c->ea, 0, NULL), clause);
	}
	if (!ut_wait(c->a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, clause))
		rt_fail_at(clause, __FILE__, __LINE__, true, "established", "not", "setup");
	c->b.addr = peer;
}

static rdmacts_test_control_fn provider_control(void)
{
	return rt_control_at(provider_code, RDMACTS_TEST_CONTROL_UDAPL_SYMBOL);
}

void ut_control(int knob, uint64_t value)
{
	rdmacts_test_control_fn f = provider_control();

	if (!f)
		rt_unsupported("the Provider offers no test control ("
				RDMACTS_TEST_CONTROL_UDAPL_SYMBOL ")");
	if (f(knob, value) != 0)
		rt_unsupported("the Provider's test control refused the knob this test needs");
}

void ut_np2_control(int who, int knob, uint64_t value)
{
	rdmacts_test_control_fn f = provider_control();
	int mine = f != NULL, theirs = 0;

	if (mine && (who < 0 || who == ut_np2_init()))
		mine = f(knob, value) == 0;
	ut_exchange(&mine, &theirs, sizeof mine);
	if (!mine || !theirs)
		rt_unsupported("the Provider offers no test control or refused "
				"the knob this test needs (on some rank)");
}

void ut_attrs(DAT_IA_HANDLE ia, DAT_IA_ATTR *ia_attr, DAT_PROVIDER_ATTR *pattr)
{
	DAT_IA_ATTR a;
	DAT_PROVIDER_ATTR p;

	UT_REQ(dat_ia_query(ia, NULL, DAT_IA_FIELD_ALL, ia_attr ? ia_attr : &a,
			DAT_PROVIDER_FIELD_ALL, pattr ? pattr : &p), "-");
}

static const char *const cap_name[] = {
	[UT_CAP_SRQ] = "SRQ", [UT_CAP_SRQ_WATERMARKS] = "SRQ-watermarks",
	[UT_CAP_EP_WATERMARKS] = "EP-watermarks", [UT_CAP_RMR] = "RMR",
	[UT_CAP_UNSIGNALLED] = "unsignalled-completions",
	[UT_CAP_STREAM_MERGING] = "stream-merging",
	[UT_CAP_SHARED_VIRTUAL] = "shared-virtual-LMR",
	[UT_CAP_PROXY_AGENT] = "OS-wait-proxy-agent",
	[UT_CAP_PSP_PROVIDER_FLAG] = "PSP-provider-flag",
	[UT_CAP_RECV_QUERY] = "EP-receive-query",
};

int ut_offers(DAT_IA_HANDLE ia, enum ut_cap cap)
{
	DAT_IA_ATTR a;
	DAT_PROVIDER_ATTR p;
	int merge_all = 1;

	ut_attrs(ia, &a, &p);
	switch (cap) {
	case UT_CAP_SRQ:		return p.srq_supported == DAT_TRUE;
	case UT_CAP_SRQ_WATERMARKS:	return p.srq_watermarks_supported != 0;
	case UT_CAP_RMR:		return a.max_rmrs > 0;
	case UT_CAP_UNSIGNALLED:
		return (p.completion_flags_supported & DAT_COMPLETION_UNSIGNALLED_FLAG) != 0;
	case UT_CAP_STREAM_MERGING:
		for (int i = 0; i < 6; i++)
			for (int j = 0; j < 6; j++)
				merge_all &= p.evd_stream_merging_supported[i][j] == DAT_TRUE;
		return merge_all;
	case UT_CAP_SHARED_VIRTUAL:
		return (p.lmr_mem_types_supported & DAT_MEM_TYPE_SHARED_VIRTUAL) != 0;
	case UT_CAP_PSP_PROVIDER_FLAG:	return p.ep_creator != DAT_PSP_CREATES_EP_NEVER;
	case UT_CAP_RECV_QUERY:		return p.ep_recv_info_supported != 0;
	default:			return -1;	/* no attribute says */
	}
}

_Noreturn void ut_lacks(enum ut_cap cap)
{
	rt_lacks(cap_name[cap], "the Provider lacks this optional capability, "
			"as its attributes and return codes say");
}

void ut_need(DAT_IA_HANDLE ia, enum ut_cap cap)
{
	if (ut_offers(ia, cap) == 0)
		ut_lacks(cap);
}

bool ut_try_cap(DAT_IA_HANDLE ia, enum ut_cap cap, DAT_RETURN rc, const char *clause)
{
	if (rc == DAT_SUCCESS)
		return true;
	if (DAT_GET_TYPE(rc) == DAT_MODEL_NOT_SUPPORTED && ut_offers(ia, cap) != 1)
		return false;
	UT_REQ(rc, clause);
	return false;
}

DAT_RMR_HANDLE ut_rmr_if_offered(DAT_IA_HANDLE ia, DAT_PZ_HANDLE pz, const char *clause)
{
	DAT_RMR_HANDLE r = DAT_HANDLE_NULL;

	return ut_try_cap(ia, UT_CAP_RMR, dat_rmr_create(pz, &r), clause) ? r : DAT_HANDLE_NULL;
}

DAT_RMR_HANDLE ut_rmr_needed(DAT_RMR_HANDLE rmr)
{
	if (!rmr)
		ut_lacks(UT_CAP_RMR);
	return rmr;
}

void ut_req_cap(DAT_IA_HANDLE ia, enum ut_cap cap, DAT_RETURN rc, const char *what,
		const char *clause, const char *file, int line)
{
	if (rc == DAT_SUCCESS)
		return;
	if (DAT_GET_TYPE(rc) == DAT_MODEL_NOT_SUPPORTED && ut_offers(ia, cap) != 1)
		ut_lacks(cap);
	rt_check_int((long long)rc, DAT_SUCCESS, what, "DAT_SUCCESS",
			clause, file, line, true);
}

DAT_HANDLE ut_object(struct ut_ia *u, DAT_HANDLE_TYPE kind, struct ut_mem *m,
		DAT_CONN_QUAL qual, const char *clause)
{
	DAT_SRQ_ATTR sa = { .max_recv_dtos = 4, .max_recv_iov = 1,
			    .low_watermark = DAT_WATERMARK_INFINITE };
	DAT_HANDLE h = DAT_HANDLE_NULL;

	switch (kind) {
	case DAT_HANDLE_TYPE_IA:
		return u->ia;
	case DAT_HANDLE_TYPE_PZ:
		return u->pz;
	case DAT_HANDLE_TYPE_EVD:
		return u->req;
	case DAT_HANDLE_TYPE_LMR:
		ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, m, clause);
		return m->lmr;
	case DAT_HANDLE_TYPE_EP:
		return ut_ep(u, NULL, clause);
	case DAT_HANDLE_TYPE_CNO:
		UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &h), clause);
		return h;
	case DAT_HANDLE_TYPE_PSP:
		UT_REQ(dat_psp_create(u->ia, qual, u->cr, DAT_PSP_CONSUMER_FLAG, &h), clause);
		return h;
	case DAT_HANDLE_TYPE_RSP:
		UT_REQ(dat_rsp_create(u->ia, qual, ut_ep(u, NULL, clause), u->cr, &h), clause);
		return h;
	case DAT_HANDLE_TYPE_RMR:
		return ut_rmr_if_offered(u->ia, u->pz, clause);
	case DAT_HANDLE_TYPE_SRQ:
		return ut_try_cap(u->ia, UT_CAP_SRQ, dat_srq_create(u->ia, u->pz, &sa, &h),
				clause) ? h : DAT_HANDLE_NULL;
	default:
		RT_FAIL(clause, "a kind ut_object makes", "CR", "no such fixture");
		return DAT_HANDLE_NULL;
	}
}

double ut_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

bool ut_cno_timed_out(DAT_RETURN rc, const DAT_EVD_HANDLE *got, DAT_EVD_HANDLE before,
		const char *clause)
{
	DAT_RETURN type = DAT_GET_TYPE(rc);
	if (!UT_RC_IN(rc, clause, DAT_QUEUE_EMPTY, DAT_TIMEOUT_EXPIRED))
		return false;
	if (type == DAT_QUEUE_EMPTY)
		return RT_EXPECT_TRUE(*got == DAT_HANDLE_NULL, clause);
	return RT_EXPECT_TRUE(*got == DAT_HANDLE_NULL || *got == before, clause);
}
