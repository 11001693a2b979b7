/*
 * handles.c: DAT_INVALID_HANDLE for the handle argument of every call,
 * one table row per call (the handle it takes, the live handle of
 * another type the clause names).  Four cases per row:
 *
 *   udapl.<call>.handle.null        DAT_HANDLE_NULL          conformance
 *   udapl.<call>.handle.wrong_type  a live handle of another type
 *   udapl.<call>.handle.freed       a freed handle (closed IA)  robustness
 *   udapl.<call>.handle.garbage     zeroed / random memory, 0x1234
 *
 * Clauses UDAPL-<call>-rc-invalid-handle-{null,wrong-type} and
 * UDAPL-<call>-rob-handle-{freed,garbage}.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ut.h"

enum kind { K_IA, K_EP, K_EVD, K_CNO, K_CR, K_LMR, K_RMR, K_PZ, K_PSP, K_RSP,
	K_SRQ, K_COUNT };

/* Live objects of one IA: the kinds a row needs (fx_open). */
struct fx {
	struct ut_ia u;
	struct ut_mem m;
	DAT_HANDLE h[K_COUNT];
	char out[4096];			/* scratch for outputs */
};

typedef DAT_RETURN (*invoke_fn)(struct fx *f, DAT_HANDLE h);

#define SCR(t) ((t *)(void *)f->out)

static DAT_RETURN i_cno_create(struct fx *f, DAT_HANDLE h)
{ return dat_cno_create(h, DAT_OS_WAIT_PROXY_AGENT_NULL, SCR(DAT_CNO_HANDLE)); }
static DAT_RETURN i_cno_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_cno_free(h); }
static DAT_RETURN i_cno_modify_agent(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_cno_modify_agent(h, DAT_OS_WAIT_PROXY_AGENT_NULL); }
static DAT_RETURN i_cno_query(struct fx *f, DAT_HANDLE h)
{ return dat_cno_query(h, DAT_CNO_FIELD_ALL, SCR(DAT_CNO_PARAM)); }
static DAT_RETURN i_cno_wait(struct fx *f, DAT_HANDLE h)
{ return dat_cno_wait(h, 0, SCR(DAT_EVD_HANDLE)); }
static DAT_RETURN i_cr_accept(struct fx *f, DAT_HANDLE h)
{ return dat_cr_accept(h, f->h[K_EP], 0, NULL); }
static DAT_RETURN i_cr_handoff(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_cr_handoff(h, UT_QUAL); }
static DAT_RETURN i_cr_query(struct fx *f, DAT_HANDLE h)
{ return dat_cr_query(h, DAT_CR_FIELD_ALL, SCR(DAT_CR_PARAM)); }
static DAT_RETURN i_cr_reject(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_cr_reject(h); }
static DAT_RETURN i_ep_connect(struct fx *f, DAT_HANDLE h)
{ return dat_ep_connect(h, (DAT_IA_ADDRESS_PTR)&f->u.addr, UT_QUAL + 1, UT_TIMEOUT,
		0, NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG); }
static DAT_RETURN i_ep_create(struct fx *f, DAT_HANDLE h)
{ return dat_ep_create(h, f->u.pz, f->u.rcv, f->u.req, f->u.conn, NULL, SCR(DAT_EP_HANDLE)); }
static DAT_RETURN i_ep_create_with_srq(struct fx *f, DAT_HANDLE h)
{ if (!f->h[K_SRQ])
	ut_lacks(UT_CAP_SRQ);
  return dat_ep_create_with_srq(h, f->u.pz, f->u.rcv, f->u.req, f->u.conn,
		f->h[K_SRQ], NULL, SCR(DAT_EP_HANDLE)); }
static DAT_RETURN i_ep_disconnect(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_ep_disconnect(h, DAT_CLOSE_ABRUPT_FLAG); }
static DAT_RETURN i_ep_dup_connect(struct fx *f, DAT_HANDLE h)
{ return dat_ep_dup_connect(h, f->h[K_EP], UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT); }
static DAT_RETURN i_ep_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_ep_free(h); }
static DAT_RETURN i_ep_get_status(struct fx *f, DAT_HANDLE h)
{ return dat_ep_get_status(h, SCR(DAT_EP_STATE), NULL, NULL); }
static DAT_RETURN i_ep_modify(struct fx *f, DAT_HANDLE h)
{ memset(f->out, 0, sizeof f->out); SCR(DAT_EP_PARAM)->ep_attr.max_recv_dtos = 8;
  return dat_ep_modify(h, DAT_EP_FIELD_EP_ATTR_MAX_RECV_DTOS, SCR(DAT_EP_PARAM)); }
static DAT_RETURN i_ep_post_rdma_read(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); DAT_RMR_TRIPLET r = ut_rseg(&f->m, 64, 8);
  DAT_DTO_COOKIE c = { .as_64 = 1 };
  return dat_ep_post_rdma_read(h, 1, &s, c, &r, DAT_COMPLETION_DEFAULT_FLAG); }
static DAT_RETURN i_ep_post_rdma_write(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); DAT_RMR_TRIPLET r = ut_rseg(&f->m, 64, 8);
  DAT_DTO_COOKIE c = { .as_64 = 1 };
  return dat_ep_post_rdma_write(h, 1, &s, c, &r, DAT_COMPLETION_DEFAULT_FLAG); }
static DAT_RETURN i_ep_post_recv(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); DAT_DTO_COOKIE c = { .as_64 = 1 };
  return dat_ep_post_recv(h, 1, &s, c, DAT_COMPLETION_DEFAULT_FLAG); }
static DAT_RETURN i_ep_post_send(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); DAT_DTO_COOKIE c = { .as_64 = 1 };
  return dat_ep_post_send(h, 1, &s, c, DAT_COMPLETION_DEFAULT_FLAG); }
static DAT_RETURN i_ep_query(struct fx *f, DAT_HANDLE h)
{ return dat_ep_query(h, DAT_EP_FIELD_ALL, SCR(DAT_EP_PARAM)); }
static DAT_RETURN i_ep_recv_query(struct fx *f, DAT_HANDLE h)
{ DAT_COUNT n; DAT_COUNT span; (void)f; return dat_ep_recv_query(h, &n, &span); }
static DAT_RETURN i_ep_reset(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_ep_reset(h); }
static DAT_RETURN i_ep_set_watermark(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_ep_set_watermark(h, DAT_WATERMARK_INFINITE, DAT_WATERMARK_INFINITE); }
static DAT_RETURN i_evd_clear_unwaitable(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_clear_unwaitable(h); }
static DAT_RETURN i_evd_create(struct fx *f, DAT_HANDLE h)
{ return dat_evd_create(h, 8, DAT_HANDLE_NULL, DAT_EVD_SOFTWARE_FLAG, SCR(DAT_EVD_HANDLE)); }
static DAT_RETURN i_evd_dequeue(struct fx *f, DAT_HANDLE h)
{ return dat_evd_dequeue(h, SCR(DAT_EVENT)); }
static DAT_RETURN i_evd_disable(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_disable(h); }
static DAT_RETURN i_evd_enable(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_enable(h); }
static DAT_RETURN i_evd_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_free(h); }
static DAT_RETURN i_evd_modify_cno(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_modify_cno(h, DAT_HANDLE_NULL); }
static DAT_RETURN i_evd_post_se(struct fx *f, DAT_HANDLE h)
{ DAT_EVENT ev; memset(&ev, 0, sizeof ev); (void)f;
  ev.event_number = DAT_SOFTWARE_EVENT; return dat_evd_post_se(h, &ev); }
static DAT_RETURN i_evd_query(struct fx *f, DAT_HANDLE h)
{ return dat_evd_query(h, DAT_EVD_FIELD_ALL, SCR(DAT_EVD_PARAM)); }
static DAT_RETURN i_evd_resize(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_resize(h, 32); }
static DAT_RETURN i_evd_set_unwaitable(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_evd_set_unwaitable(h); }
static DAT_RETURN i_evd_wait(struct fx *f, DAT_HANDLE h)
{ DAT_COUNT n; return dat_evd_wait(h, 0, 1, SCR(DAT_EVENT), &n); }
static DAT_RETURN i_get_consumer_context(struct fx *f, DAT_HANDLE h)
{ return dat_get_consumer_context(h, SCR(DAT_CONTEXT)); }
static DAT_RETURN i_get_handle_type(struct fx *f, DAT_HANDLE h)
{ return dat_get_handle_type(h, SCR(DAT_HANDLE_TYPE)); }
static DAT_RETURN i_set_consumer_context(struct fx *f, DAT_HANDLE h)
{ DAT_CONTEXT c = { .as_64 = 7 }; (void)f; return dat_set_consumer_context(h, c); }
static DAT_RETURN i_ia_close(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_ia_close(h, DAT_CLOSE_ABRUPT_FLAG); }
static DAT_RETURN i_ia_query(struct fx *f, DAT_HANDLE h)
{ DAT_EVD_HANDLE a; return dat_ia_query(h, &a, DAT_IA_FIELD_ALL, SCR(DAT_IA_ATTR), 0, NULL); }
static DAT_RETURN i_lmr_create(struct fx *f, DAT_HANDLE h)
{ DAT_REGION_DESCRIPTION r; DAT_LMR_HANDLE l; DAT_LMR_CONTEXT lc; DAT_RMR_CONTEXT rc;
  r.for_va = f->m.buf;
  return dat_lmr_create(h, DAT_MEM_TYPE_VIRTUAL, r, 64, f->u.pz, DAT_MEM_PRIV_ALL_FLAG,
		&l, &lc, &rc, NULL, NULL); }
static DAT_RETURN i_lmr_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_lmr_free(h); }
static DAT_RETURN i_lmr_query(struct fx *f, DAT_HANDLE h)
{ return dat_lmr_query(h, DAT_LMR_FIELD_ALL, SCR(DAT_LMR_PARAM)); }
static DAT_RETURN i_lmr_sync_rdma_read(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); return dat_lmr_sync_rdma_read(h, &s, 1); }
static DAT_RETURN i_lmr_sync_rdma_write(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); return dat_lmr_sync_rdma_write(h, &s, 1); }
static DAT_RETURN i_psp_create(struct fx *f, DAT_HANDLE h)
{ return dat_psp_create(h, UT_QUAL + 2, f->u.cr, DAT_PSP_CONSUMER_FLAG, SCR(DAT_PSP_HANDLE)); }
static DAT_RETURN i_psp_create_any(struct fx *f, DAT_HANDLE h)
{ DAT_CONN_QUAL q; return dat_psp_create_any(h, &q, f->u.cr, DAT_PSP_CONSUMER_FLAG,
		SCR(DAT_PSP_HANDLE)); }
static DAT_RETURN i_psp_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_psp_free(h); }
static DAT_RETURN i_psp_query(struct fx *f, DAT_HANDLE h)
{ return dat_psp_query(h, DAT_PSP_FIELD_ALL, SCR(DAT_PSP_PARAM)); }
static DAT_RETURN i_pz_create(struct fx *f, DAT_HANDLE h)
{ return dat_pz_create(h, SCR(DAT_PZ_HANDLE)); }
static DAT_RETURN i_pz_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_pz_free(h); }
static DAT_RETURN i_pz_query(struct fx *f, DAT_HANDLE h)
{ return dat_pz_query(h, DAT_PZ_FIELD_ALL, SCR(DAT_PZ_PARAM)); }
static DAT_RETURN i_rmr_create(struct fx *f, DAT_HANDLE h)
{ return dat_rmr_create(h, SCR(DAT_RMR_HANDLE)); }
static DAT_RETURN i_rmr_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_rmr_free(h); }
static DAT_RETURN i_rmr_query(struct fx *f, DAT_HANDLE h)
{ return dat_rmr_query(h, DAT_RMR_FIELD_ALL, SCR(DAT_RMR_PARAM)); }
static DAT_RETURN i_rsp_create(struct fx *f, DAT_HANDLE h)
{ return dat_rsp_create(h, UT_QUAL + 3, f->h[K_EP], f->u.cr, SCR(DAT_RSP_HANDLE)); }
static DAT_RETURN i_rsp_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_rsp_free(h); }
static DAT_RETURN i_rsp_query(struct fx *f, DAT_HANDLE h)
{ return dat_rsp_query(h, DAT_RSP_FIELD_ALL, SCR(DAT_RSP_PARAM)); }
static DAT_RETURN i_srq_create(struct fx *f, DAT_HANDLE h)
{ DAT_SRQ_ATTR a = { .max_recv_dtos = 4, .max_recv_iov = 1,
		     .low_watermark = DAT_WATERMARK_INFINITE };
  return dat_srq_create(h, f->u.pz, &a, SCR(DAT_SRQ_HANDLE)); }
static DAT_RETURN i_srq_free(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_srq_free(h); }
static DAT_RETURN i_srq_post_recv(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 8); DAT_DTO_COOKIE c = { .as_64 = 1 };
  return dat_srq_post_recv(h, 1, &s, c); }
static DAT_RETURN i_srq_query(struct fx *f, DAT_HANDLE h)
{ return dat_srq_query(h, DAT_SRQ_FIELD_ALL, SCR(DAT_SRQ_PARAM)); }
static DAT_RETURN i_srq_resize(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_srq_resize(h, 8); }
static DAT_RETURN i_srq_set_lw(struct fx *f, DAT_HANDLE h)
{ (void)f; return dat_srq_set_lw(h, 1); }
static DAT_RETURN i_rmr_bind_rmr(struct fx *f, DAT_HANDLE h)
{ DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 64); DAT_RMR_COOKIE c = { .as_64 = 1 };
  DAT_RMR_CONTEXT ctx;
  return dat_rmr_bind(h, &s, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, f->h[K_EP], c,
		DAT_COMPLETION_DEFAULT_FLAG, &ctx); }
static DAT_RETURN i_rmr_bind_ep(struct fx *f, DAT_HANDLE h)
{ if (!f->h[K_RMR])
	ut_lacks(UT_CAP_RMR);
  DAT_LMR_TRIPLET s = ut_seg(&f->m, 0, 64); DAT_RMR_COOKIE c = { .as_64 = 1 };
  DAT_RMR_CONTEXT ctx;
  return dat_rmr_bind(f->h[K_RMR], &s, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, h, c,
		DAT_COMPLETION_DEFAULT_FLAG, &ctx); }

struct row {
	const char *call;	/* dat_... ; clause ids derive from it */
	const char *tag;	/* NULL: UDAPL-<call>-rc-invalid-handle-X; else -rc-invalid-handle-<tag>-X */
	const char *test_call;	/* <call> component of test names */
	const char *aspect;
	enum kind want, wrong;	/* wrong == K_COUNT: no wrong-type case */
	unsigned cases;		/* bit 0 null, 1 wrong, 2 freed, 3 garbage */
	invoke_fn fn;
};

#define ALL 0xF
#define NW  0xD		/* no wrong-type clause (any handle accepted) */
#define CONF 0x3	/* conformance cases only */

static const struct row rows[] = {
	{ "dat_cno_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_cno_create },
	{ "dat_cno_free", NULL, 0, 0, K_CNO, K_EVD, ALL, i_cno_free },
	{ "dat_cno_modify_agent", NULL, 0, 0, K_CNO, K_EVD, ALL, i_cno_modify_agent },
	{ "dat_cno_query", NULL, 0, 0, K_CNO, K_EVD, ALL, i_cno_query },
	{ "dat_cno_wait", NULL, 0, 0, K_CNO, K_EVD, ALL, i_cno_wait },
	{ "dat_cr_accept", NULL, 0, 0, K_CR, K_PSP, ALL, i_cr_accept },
	{ "dat_cr_handoff", NULL, 0, 0, K_CR, K_PSP, ALL, i_cr_handoff },
	{ "dat_cr_query", NULL, 0, 0, K_CR, K_PSP, ALL, i_cr_query },
	{ "dat_cr_reject", NULL, 0, 0, K_CR, K_PSP, ALL, i_cr_reject },
	{ "dat_ep_connect", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_connect },
	{ "dat_ep_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_ep_create },
	{ "dat_ep_create_with_srq", NULL, 0, 0, K_IA, K_PZ, ALL, i_ep_create_with_srq },
	{ "dat_ep_disconnect", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_disconnect },
	{ "dat_ep_dup_connect", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_dup_connect },
	{ "dat_ep_free", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_free },
	{ "dat_ep_get_status", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_get_status },
	{ "dat_ep_modify", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_modify },
	{ "dat_ep_post_rdma_read", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_post_rdma_read },
	{ "dat_ep_post_rdma_write", NULL, 0, 0, K_EP, K_EVD, CONF, i_ep_post_rdma_write },
	{ "dat_ep_post_recv", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_post_recv },
	{ "dat_ep_post_send", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_post_send },
	{ "dat_ep_query", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_query },
	{ "dat_ep_recv_query", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_recv_query },
	{ "dat_ep_reset", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_reset },
	{ "dat_ep_set_watermark", NULL, 0, 0, K_EP, K_EVD, ALL, i_ep_set_watermark },
	{ "dat_evd_clear_unwaitable", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_clear_unwaitable },
	{ "dat_evd_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_evd_create },
	{ "dat_evd_dequeue", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_dequeue },
	{ "dat_evd_disable", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_disable },
	{ "dat_evd_enable", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_enable },
	{ "dat_evd_free", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_free },
	{ "dat_evd_modify_cno", NULL, 0, 0, K_EVD, K_CNO, ALL, i_evd_modify_cno },
	{ "dat_evd_post_se", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_post_se },
	{ "dat_evd_query", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_query },
	{ "dat_evd_resize", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_resize },
	{ "dat_evd_set_unwaitable", NULL, 0, 0, K_EVD, K_EP, ALL, i_evd_set_unwaitable },
	{ "dat_evd_wait", NULL, 0, 0, K_EVD, K_CNO, ALL, i_evd_wait },
	{ "dat_get_consumer_context", NULL, 0, 0, K_PZ, K_COUNT, NW, i_get_consumer_context },
	{ "dat_get_handle_type", NULL, 0, 0, K_PZ, K_COUNT, NW, i_get_handle_type },
	{ "dat_set_consumer_context", NULL, 0, 0, K_PZ, K_COUNT, NW, i_set_consumer_context },
	{ "dat_ia_close", NULL, 0, 0, K_IA, K_PZ, ALL, i_ia_close },
	{ "dat_ia_query", NULL, 0, 0, K_IA, K_PZ, ALL, i_ia_query },
	{ "dat_lmr_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_lmr_create },
	{ "dat_lmr_free", NULL, 0, 0, K_LMR, K_RMR, ALL, i_lmr_free },
	{ "dat_lmr_query", NULL, 0, 0, K_LMR, K_RMR, ALL, i_lmr_query },
	{ "dat_lmr_sync_rdma_read", NULL, 0, 0, K_IA, K_PZ, CONF, i_lmr_sync_rdma_read },
	{ "dat_lmr_sync_rdma_write", NULL, 0, 0, K_IA, K_PZ, CONF, i_lmr_sync_rdma_write },
	{ "dat_psp_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_psp_create },
	{ "dat_psp_create_any", NULL, 0, 0, K_IA, K_PZ, ALL, i_psp_create_any },
	{ "dat_psp_free", NULL, 0, 0, K_PSP, K_RSP, ALL, i_psp_free },
	{ "dat_psp_query", NULL, 0, 0, K_PSP, K_RSP, ALL, i_psp_query },
	{ "dat_pz_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_pz_create },
	{ "dat_pz_free", NULL, 0, 0, K_PZ, K_LMR, ALL, i_pz_free },
	{ "dat_pz_query", NULL, 0, 0, K_PZ, K_LMR, ALL, i_pz_query },
	{ "dat_rmr_create", NULL, 0, 0, K_PZ, K_LMR, ALL, i_rmr_create },
	{ "dat_rmr_free", NULL, 0, 0, K_RMR, K_LMR, ALL, i_rmr_free },
	{ "dat_rmr_query", NULL, 0, 0, K_RMR, K_LMR, ALL, i_rmr_query },
	{ "dat_rsp_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_rsp_create },
	{ "dat_rsp_free", NULL, 0, 0, K_RSP, K_PSP, ALL, i_rsp_free },
	{ "dat_rsp_query", NULL, 0, 0, K_RSP, K_PSP, ALL, i_rsp_query },
	{ "dat_srq_create", NULL, 0, 0, K_IA, K_PZ, ALL, i_srq_create },
	{ "dat_srq_free", NULL, 0, 0, K_SRQ, K_EP, ALL, i_srq_free },
	{ "dat_srq_post_recv", NULL, 0, 0, K_SRQ, K_EP, ALL, i_srq_post_recv },
	{ "dat_srq_query", NULL, 0, 0, K_SRQ, K_EP, ALL, i_srq_query },
	{ "dat_srq_resize", NULL, 0, 0, K_SRQ, K_EP, ALL, i_srq_resize },
	{ "dat_srq_set_lw", NULL, 0, 0, K_SRQ, K_EP, ALL, i_srq_set_lw },
	{ "dat_rmr_bind", "rmr", "rmr_bind", "handle_rmr", K_RMR, K_LMR, CONF, i_rmr_bind_rmr },
	{ "dat_rmr_bind", "ep", "rmr_bind", "handle_ep", K_EP, K_EVD, CONF, i_rmr_bind_ep },
};
#define NROWS (sizeof rows / sizeof rows[0])

static const char *case_name[4] = { "null", "wrong_type", "freed", "garbage" };
static const char *case_clause[4] = { "rc-invalid-handle-null", "rc-invalid-handle-wrong-type",
	"rob-handle-freed", "rob-handle-garbage" };

struct reg { const char *name; const char *clause; size_t row; int c; };
static struct reg regs[NROWS * 4];
static size_t nregs;

/* The DAT_HANDLE_TYPE of each kind of the table. */
static const DAT_HANDLE_TYPE kind_type[K_COUNT] = {
	[K_IA] = DAT_HANDLE_TYPE_IA, [K_EP] = DAT_HANDLE_TYPE_EP,
	[K_EVD] = DAT_HANDLE_TYPE_EVD, [K_CNO] = DAT_HANDLE_TYPE_CNO,
	[K_CR] = DAT_HANDLE_TYPE_CR, [K_LMR] = DAT_HANDLE_TYPE_LMR,
	[K_RMR] = DAT_HANDLE_TYPE_RMR, [K_PZ] = DAT_HANDLE_TYPE_PZ,
	[K_PSP] = DAT_HANDLE_TYPE_PSP, [K_RSP] = DAT_HANDLE_TYPE_RSP,
	[K_SRQ] = DAT_HANDLE_TYPE_SRQ,
};

#define B(k) (1u << (k))

/* The live objects an invocation uses besides the handle under test. */
static const struct { invoke_fn fn; unsigned kinds; } uses[] = {
	{ i_cr_accept, B(K_EP) }, { i_ep_create_with_srq, B(K_SRQ) },
	{ i_ep_dup_connect, B(K_EP) }, { i_rsp_create, B(K_EP) },
	{ i_rmr_bind_rmr, B(K_EP) }, { i_rmr_bind_ep, B(K_RMR) },
};

/*
 * The IA, its PZ, EVDs and one LMR (every invocation's arguments), and
 * the objects of the kinds in `need` only: a call that crashes when it
 * makes its object (an SRQ, say) breaks the tests that need one, not
 * every row of the table.  An optional kind the Provider lacks stays
 * DAT_HANDLE_NULL.
 */
static void fx_open(struct fx *f, unsigned need, const char *clause)
{
	memset(f, 0, sizeof *f);
	ut_open(&f->u, clause);
	ut_mem(&f->u, f->u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &f->m, clause);
	f->h[K_IA] = f->u.ia;
	f->h[K_PZ] = f->u.pz;
	f->h[K_EVD] = f->u.req;
	f->h[K_LMR] = f->m.lmr;
	for (int k = 0; k < K_COUNT; k++)
		if ((need & B(k)) && !f->h[k] && k != K_CR)
			f->h[k] = ut_object(&f->u, kind_type[k], NULL, UT_QUAL + (DAT_CONN_QUAL)k,
					clause);
}

/* What row w's case c needs: its wrong-type handle and its invocation's. */
static unsigned fx_needs(const struct row *w, int c)
{
	unsigned need = 0;

	for (size_t i = 0; i < sizeof uses / sizeof uses[0]; i++)
		if (uses[i].fn == w->fn)
			need |= uses[i].kinds;
	if (c == 1)
		need |= B(w->wrong);
	return need;
}

/* A handle of kind k that was valid and is not any more. */
static DAT_HANDLE freed_handle(struct fx *f, enum kind k, const char *clause)
{
	DAT_HANDLE h = DAT_HANDLE_NULL;
	DAT_EVD_HANDLE async;
	struct ut_mem m;
	DAT_EVENT ev;
	DAT_SRQ_ATTR sa = { .max_recv_dtos = 4, .max_recv_iov = 1,
			    .low_watermark = DAT_WATERMARK_INFINITE };

	switch (k) {
	case K_IA:
		h = ut_open_bare(&async, clause);
		UT_REQ(dat_ia_close(h, DAT_CLOSE_ABRUPT_FLAG), clause);
		break;
	case K_EP:
		h = ut_ep(&f->u, NULL, clause);
		UT_REQ(dat_ep_free(h), clause);
		break;
	case K_EVD:
		UT_REQ(dat_evd_create(f->u.ia, 4, DAT_HANDLE_NULL, DAT_EVD_SOFTWARE_FLAG, &h), clause);
		UT_REQ(dat_evd_free(h), clause);
		break;
	case K_CNO:
		UT_REQ(dat_cno_create(f->u.ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &h), clause);
		UT_REQ(dat_cno_free(h), clause);
		break;
	case K_CR: {
		/* A request from an EP of this IA to its own PSP, rejected. */
		DAT_EP_HANDLE ep = ut_ep(&f->u, NULL, clause);
		DAT_PSP_HANDLE psp;
		UT_REQ(dat_psp_create(f->u.ia, UT_QUAL + 22, f->u.cr,
				DAT_PSP_CONSUMER_FLAG, &psp), clause);
		UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&f->u.addr, UT_QUAL + 22,
				UT_TIMEOUT, 0, NULL, DAT_QOS_BEST_EFFORT,
				DAT_CONNECT_DEFAULT_FLAG), clause);
		if (!ut_wait(f->u.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, clause))
			rt_fail_at(clause, __FILE__, __LINE__, true, "request", "none", "setup");
		h = ev.event_data.cr_arrival_event_data.cr_handle;
		UT_REQ(dat_cr_reject(h), clause);
		break;
	}
	case K_LMR:
		ut_mem(&f->u, f->u.pz, 64, DAT_MEM_PRIV_ALL_FLAG, &m, clause);
		h = m.lmr;
		UT_REQ(dat_lmr_free(h), clause);
		break;
	case K_RMR:
		UT_REQ_CAP(f->u.ia, UT_CAP_RMR, dat_rmr_create(f->u.pz, &h), clause);
		UT_REQ(dat_rmr_free(h), clause);
		break;
	case K_PZ:
		UT_REQ(dat_pz_create(f->u.ia, &h), clause);
		UT_REQ(dat_pz_free(h), clause);
		break;
	case K_PSP:
		UT_REQ(dat_psp_create(f->u.ia, UT_QUAL + 20, f->u.cr,
				DAT_PSP_CONSUMER_FLAG, &h), clause);
		UT_REQ(dat_psp_free(h), clause);
		break;
	case K_RSP: {
		DAT_EP_HANDLE ep = ut_ep(&f->u, NULL, clause);
		UT_REQ(dat_rsp_create(f->u.ia, UT_QUAL + 21, ep, f->u.cr, &h), clause);
		UT_REQ(dat_rsp_free(h), clause);
		break;
	}
	case K_SRQ:
		UT_REQ_CAP(f->u.ia, UT_CAP_SRQ, dat_srq_create(f->u.ia, f->u.pz, &sa, &h), clause);
		UT_REQ(dat_srq_free(h), clause);
		break;
	default:
		break;
	}
	return h;
}

static void run(void)
{
	const char *name = rt_current_test();
	const struct reg *r = NULL;
	struct fx *f;

	for (size_t i = 0; i < nregs; i++)
		if (strcmp(regs[i].name, name) == 0)
			r = &regs[i];
	RT_REQUIRE_TRUE(r != NULL, "-");
	const struct row *w = &rows[r->row];
	const char *cl = r->clause;
	f = calloc(1, sizeof *f);
	fx_open(f, fx_needs(w, r->c), cl);

	switch (r->c) {
	case 0:
		UT_RC(w->fn(f, DAT_HANDLE_NULL), DAT_INVALID_HANDLE, cl);
		break;
	case 1:	/* a kind the Provider lacks: another wrong kind */
		if (!f->h[w->wrong])
			f->h[K_CNO] = ut_object(&f->u, DAT_HANDLE_TYPE_CNO, NULL, 0, cl);
		UT_RC(w->fn(f, f->h[w->wrong] ? f->h[w->wrong] : f->h[K_CNO]),
				DAT_INVALID_HANDLE, cl);
		break;
	case 2: {
		DAT_HANDLE h = freed_handle(f, w->want, cl);
		UT_RC(w->fn(f, h), DAT_INVALID_HANDLE, cl);
		break;
	}
	case 3: {
		static uint64_t zeroed[8];
		static uint64_t random_block[8];
		for (int i = 0; i < 8; i++)
			random_block[i] = 0x9e3779b97f4a7c15ull * (uint64_t)(i + 1);
		UT_RC(w->fn(f, (DAT_HANDLE)zeroed), DAT_INVALID_HANDLE, cl);
		UT_RC(w->fn(f, (DAT_HANDLE)random_block), DAT_INVALID_HANDLE, cl);
		UT_RC(w->fn(f, (DAT_HANDLE)(uintptr_t)0x1234), DAT_INVALID_HANDLE, cl);
		break;
	}
	}
	ut_close(&f->u);
	free(f);
}

__attribute__((constructor)) static void register_rows(void)
{
	for (size_t i = 0; i < NROWS; i++) {
		const struct row *w = &rows[i];
		for (int c = 0; c < 4; c++) {
			char name[160], clause[160];
			if (!(w->cases & (1u << c)))
				continue;
			snprintf(name, sizeof name, "udapl.%s.%s.%s",
					w->test_call ? w->test_call : w->call + 4,
					w->aspect ? w->aspect : "handle", case_name[c]);
			if (w->tag)
				snprintf(clause, sizeof clause,
						"UDAPL-%s-rc-invalid-handle-%s-%s", w->call,
						w->tag, c == 0 ? "null" : "wrong-type");
			else
				snprintf(clause, sizeof clause, "UDAPL-%s-%s", w->call,
						case_clause[c]);
			regs[nregs] = (struct reg){ strdup(name), strdup(clause), i, c };
			rt_register(run, regs[nregs].name, regs[nregs].clause,
					c >= 2 ? "tier=robustness" : "", __FILE__, __LINE__);
			nregs++;
		}
	}
}

/* Handles freed while another IA of the process closes stay stale, also
 * when as many new objects of their kind are created after the close
 * (and the memory of the freed ones may be reused). */
RT_TEST(stale_after_ia_close, "udapl.evd_query.robustness.stale_after_other_ia_close",
		"UDAPL-dat_evd_query-rob-handle-freed")
{
	enum { N = 32 };
	const char *cl = "UDAPL-dat_evd_query-rob-handle-freed";
	DAT_EVD_HANDLE a1, a2, e[N], n[N];
	DAT_IA_HANDLE ia1 = ut_open_bare(&a1, cl), ia2 = ut_open_bare(&a2, cl);
	DAT_EVD_PARAM p;
	int live = 0;

	for (int i = 0; i < N; i++)
		UT_REQ(dat_evd_create(ia1, 8, DAT_HANDLE_NULL, DAT_EVD_SOFTWARE_FLAG, &e[i]), cl);
	for (int i = 0; i < N; i++)
		UT_REQ(dat_evd_free(e[i]), cl);
	UT_REQ(dat_ia_close(ia2, DAT_CLOSE_ABRUPT_FLAG), cl);
	for (int i = 0; i < N; i++)
		UT_REQ(dat_evd_create(ia1, 8, DAT_HANDLE_NULL, DAT_EVD_SOFTWARE_FLAG, &n[i]), cl);
	for (int i = 0; i < N; i++)
		live += DAT_GET_TYPE(dat_evd_query(e[i], DAT_EVD_FIELD_ALL, &p)) != DAT_INVALID_HANDLE;
	RT_EXPECT_EQ_INT(live, 0, cl);
	dat_ia_close(ia1, DAT_CLOSE_ABRUPT_FLAG);
}
