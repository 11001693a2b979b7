/*
 * objects.c: return codes of the object calls that need no connection
 * (IA, PZ, LMR, RMR, CNO, PSP, RSP, SRQ, EP create/free/query/modify),
 * one behaviour per test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/un.h>
#include <unistd.h>

#include "ut.h"

static void agent_fn(DAT_PVOID data, DAT_EVD_HANDLE evd) { (void)data; (void)evd; }

/* ---- IA ---- */

IA_TEST(ia_open_ok, "udapl.ia_open.rc.success", "UDAPL-dat_ia_open-rc-success")
{
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_HANDLE_TYPE t = (DAT_HANDLE_TYPE)-1;
	RT_EXPECT_EQ_INT(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia), DAT_SUCCESS, cl);
	UT_OK(dat_get_handle_type(ia, &t), cl);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_IA, cl);
	UT_OK(dat_get_handle_type(async, &t), cl);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_EVD, cl);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	(void)u;
}

IA_TEST(ia_openv_ok, "udapl.ia_openv.rc.success", "UDAPL-dat_ia_openv-rc-success")
{
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	DAT_HANDLE_TYPE t = (DAT_HANDLE_TYPE)-1;
	RT_EXPECT_EQ_INT(dat_ia_openv((DAT_NAME_PTR)ut_ia_name(), 8, &async, &ia, 1, 2,
			DAT_FALSE), DAT_SUCCESS, cl);
	UT_OK(dat_get_handle_type(async, &t), cl);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_EVD, cl);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	(void)u;
}

/* Parameter errors of dat_ia_open and dat_ia_openv: one row per case. */
static DAT_RETURN open_with(int v, const char *name, DAT_COUNT qlen,
		DAT_EVD_HANDLE *async, DAT_IA_HANDLE *ia, DAT_UINT32 maj, DAT_UINT32 min,
		DAT_BOOLEAN ts)
{
	DAT_RETURN rc = v ? dat_ia_openv((DAT_NAME_PTR)name, qlen, async, ia, maj, min, ts)
			  : dat_ia_open((DAT_NAME_PTR)name, qlen, async, ia);
	if (rc == DAT_SUCCESS && ia && *ia)
		dat_ia_close(*ia, DAT_CLOSE_ABRUPT_FLAG);
	return rc;
}

#define OPEN_PAIR(fn, tag, what, ...)                                       \
	static void fn##_do(int v, const char *cl) __VA_ARGS__                  \
	RT_TEST(fn##_0, "udapl.ia_open." what, "UDAPL-dat_ia_open-" tag)     \
	{ fn##_do(0, "UDAPL-dat_ia_open-" tag); }                            \
	RT_TEST(fn##_1, "udapl.ia_openv." what, "UDAPL-dat_ia_openv-" tag)   \
	{ fn##_do(1, "UDAPL-dat_ia_openv-" tag); }

/* E-UDAPL-070: a NULL ia_handle is a parameter (the pages) or, in Sun's
 * libdat and the DAT Collaborative's registry, an invalid IA handle */
OPEN_PAIR(open_null_ia, "rc-invalid-parameter-null-ia", "param.null_ia_handle", {
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL;
	UT_RC_IN(open_with(v, ut_ia_name(), 8, &a, NULL, 1, 2, DAT_FALSE), cl,
			DAT_INVALID_PARAMETER, DAT_INVALID_HANDLE);
})
OPEN_PAIR(open_null_name, "rc-invalid-parameter-null-name", "param.null_name", {
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	UT_RC(open_with(v, NULL, 8, &a, &ia, 1, 2, DAT_FALSE), DAT_INVALID_PARAMETER, cl);
})
OPEN_PAIR(open_qlen, "rc-invalid-parameter-qlen", "param.async_qlen_zero", {
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	UT_RC(open_with(v, ut_ia_name(), 0, &a, &ia, 1, 2, DAT_FALSE), DAT_INVALID_PARAMETER, cl);
	a = DAT_HANDLE_NULL;
	UT_RC(open_with(v, ut_ia_name(), -1, &a, &ia, 1, 2, DAT_FALSE), DAT_INVALID_PARAMETER, cl);
})
OPEN_PAIR(open_bad_async, "rc-invalid-handle-async-evd", "handle.async_evd_not_evd", {
	DAT_EVD_HANDLE a0; DAT_IA_HANDLE other = ut_open_bare(&a0, cl), ia = DAT_HANDLE_NULL;
	DAT_PZ_HANDLE pz;
	UT_REQ(dat_pz_create(other, &pz), cl);
	DAT_EVD_HANDLE a = pz;
	UT_RC(open_with(v, ut_ia_name(), 8, &a, &ia, 1, 2, DAT_FALSE), DAT_INVALID_HANDLE, cl);
	dat_ia_close(other, DAT_CLOSE_ABRUPT_FLAG);
})
OPEN_PAIR(open_not_found, "rc-provider-not-found-name", "registry.unknown_name", {
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_RETURN rc = open_with(v, "rdmacts-no-such-ia", 8, &a, &ia, 1, 2, DAT_FALSE);
	UT_RC(rc, DAT_PROVIDER_NOT_FOUND, cl);
	RT_EXPECT_EQ_INT(DAT_PROVIDER_NOT_FOUND, DAT_NAME_NOT_FOUND, cl);
	RT_EXPECT_EQ_INT(DAT_GET_SUBTYPE(rc), DAT_NAME_NOT_REGISTERED, cl);
})

#define C_OPENV_MAJOR "UDAPL-dat_ia_openv-rc-provider-not-found-major"
RT_TEST(openv_major, "udapl.ia_openv.version.major_2", C_OPENV_MAJOR)
{
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	UT_RC(open_with(1, ut_ia_name(), 8, &a, &ia, 2, 0, DAT_FALSE), DAT_PROVIDER_NOT_FOUND,
			C_OPENV_MAJOR);
}
#define C_OPENV_MINOR "UDAPL-dat_ia_openv-rc-provider-not-found-minor"
RT_TEST(openv_minor, "udapl.ia_openv.version.minor_9", C_OPENV_MINOR)
{
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	UT_RC(open_with(1, ut_ia_name(), 8, &a, &ia, 1, 9, DAT_FALSE), DAT_PROVIDER_NOT_FOUND,
			C_OPENV_MINOR);
}
#define C_OPENV_LOWER "UDAPL-dat_ia_openv-minor-version-lower-accepted"
RT_TEST(openv_lower, "udapl.ia_openv.version.minor_1_accepted", C_OPENV_LOWER)
{
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	RT_EXPECT_EQ_INT(open_with(1, ut_ia_name(), 8, &a, &ia, 1, 1, DAT_FALSE), DAT_SUCCESS,
			C_OPENV_LOWER);
}
#define C_OPENV_TS "UDAPL-dat_ia_openv-rc-provider-not-found-thread-safety"
RT_TEST(openv_threadsafe, "udapl.ia_openv.version.thread_safety", C_OPENV_TS)
{
	DAT_EVD_HANDLE a; DAT_IA_HANDLE ia = ut_open_bare(&a, C_OPENV_TS);
	DAT_PROVIDER_ATTR p;
	ut_attrs(ia, NULL, &p);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	if (p.is_thread_safe)
		rt_unsupported("the Provider is thread safe: no non-thread-safe-only entry");
	a = DAT_HANDLE_NULL; ia = DAT_HANDLE_NULL;
	UT_RC(open_with(1, ut_ia_name(), 8, &a, &ia, 1, 2, DAT_TRUE), DAT_PROVIDER_NOT_FOUND,
			C_OPENV_TS);
}

#define C_OPEN_MACRO "UDAPL-dat_ia_open-macro-over-openv"
RT_TEST(open_macro, "udapl.ia_open.abi.macro_over_openv", C_OPEN_MACRO)
{
	RT_EXPECT_EQ_INT(DAT_VERSION_MAJOR, 1, C_OPEN_MACRO);
	RT_EXPECT_EQ_INT(DAT_VERSION_MINOR, 2, C_OPEN_MACRO);
	RT_EXPECT_EQ_INT(DAT_THREADSAFE, DAT_FALSE, C_OPEN_MACRO);
	/* The macro compiled and links to dat_ia_openv: open and close. */
	DAT_EVD_HANDLE a = DAT_HANDLE_NULL; DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	RT_EXPECT_EQ_INT(open_with(0, ut_ia_name(), 8, &a, &ia, 0, 0, 0), DAT_SUCCESS,
			C_OPEN_MACRO);
}

IA_TEST(open_async_exists, "udapl.ia_open.async_evd.exists_flag", "UDAPL-dat_ia_open-async-evd-exists")
{
	DAT_EVD_HANDLE a = DAT_EVD_ASYNC_EXISTS;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	RT_EXPECT_EQ_INT(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &a, &ia), DAT_SUCCESS, cl);
	if (ia)
		dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	(void)u;
}

IA_TEST(open_async_consumer, "udapl.ia_open.async_evd.consumer_evd",
		"UDAPL-dat_ia_open-async-evd-consumer")
{
	DAT_EVD_HANDLE evd, a, got = DAT_HANDLE_NULL;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_EVD_PARAM p;
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_ASYNC_FLAG, &evd), cl);
	a = evd;
	UT_REQ(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &a, &ia), cl);
	UT_OK(dat_ia_query(ia, &got, 0, NULL, 0, NULL), cl);
	RT_EXPECT_TRUE(got == evd, cl);
	UT_OK(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), cl);
	UT_OK(dat_evd_query(evd, DAT_EVD_FIELD_EVD_FLAGS, &p), cl);
}

#define C_IA_KEPT "UDAPL-dat_ia_close-consumer-async-evd-kept"
IA_TEST(close_keeps_async, "udapl.ia_close.async_evd.consumer_evd_kept", C_IA_KEPT)
{
	DAT_EVD_HANDLE evd, a;
	DAT_IA_HANDLE ia = DAT_HANDLE_NULL;
	DAT_EVD_PARAM p;
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_ASYNC_FLAG, &evd), cl);
	a = evd;
	UT_REQ(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &a, &ia), cl);
	UT_OK(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG), cl);
	UT_OK(dat_evd_query(evd, DAT_EVD_FIELD_EVD_FLAGS, &p), cl);
	a = evd;
	UT_REQ(dat_ia_open((DAT_NAME_PTR)ut_ia_name(), 8, &a, &ia), cl);
	UT_OK(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), cl);
	UT_OK(dat_evd_query(evd, DAT_EVD_FIELD_EVD_FLAGS, &p), cl);
}

IA_TEST(two_ias, "udapl.ia_open.independent.two_ias", "UDAPL-dat_ia_open-two-ias-independent")
{
	DAT_EVD_HANDLE a;
	DAT_IA_HANDLE ia2 = ut_open_bare(&a, cl);
	DAT_PZ_PARAM p;
	UT_OK(dat_ia_close(ia2, DAT_CLOSE_ABRUPT_FLAG), cl);
	UT_OK(dat_pz_query(u->pz, DAT_PZ_FIELD_ALL, &p), cl);
}

IA_TEST(ia_close_graceful, "udapl.ia_close.rc.graceful_success", "UDAPL-dat_ia_close-rc-success-graceful")
{
	DAT_EVD_HANDLE a;
	DAT_IA_HANDLE ia = ut_open_bare(&a, cl);
	DAT_PZ_HANDLE pz;
	UT_REQ(dat_pz_create(ia, &pz), cl);
	UT_REQ(dat_pz_free(pz), cl);
	RT_EXPECT_EQ_INT(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG), DAT_SUCCESS, cl);
	(void)u;
}

IA_TEST(ia_close_provider_async, "udapl.ia_close.async_evd.provider_evd_destroyed",
		"UDAPL-dat_ia_close-provider-async-evd-destroyed")
{
	DAT_EVD_HANDLE a;
	DAT_IA_HANDLE ia = ut_open_bare(&a, cl);
	RT_EXPECT_EQ_INT(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG), DAT_SUCCESS, cl);
	(void)u;
}

IA_TEST(ia_close_flags, "udapl.ia_close.param.bad_flags", "UDAPL-dat_ia_close-rc-invalid-parameter-flags")
{
	DAT_EVD_HANDLE a;
	DAT_IA_HANDLE ia = ut_open_bare(&a, cl);
	UT_RC(dat_ia_close(ia, (DAT_CLOSE_FLAGS)5), DAT_INVALID_PARAMETER, cl);
	dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
	(void)u;
}

IA_TEST(ia_close_graceful_busy, "udapl.ia_close.state.graceful_with_pz",
		"UDAPL-dat_ia_close-rc-invalid-state-graceful-objects")
{
	DAT_PZ_PARAM p;
	UT_RC(dat_ia_close(u->ia, DAT_CLOSE_GRACEFUL_FLAG), DAT_INVALID_STATE, cl);
	UT_OK(dat_pz_query(u->pz, DAT_PZ_FIELD_ALL, &p), cl);
}

#define C_IA_ABRUPT "UDAPL-dat_ia_close-rc-success-abrupt"
RT_TEST(ia_close_abrupt, "udapl.ia_close.rc.abrupt_cascade", C_IA_ABRUPT)
{
	struct ut_conn c;
	struct ut_mem m;
	DAT_CNO_HANDLE cno;
	DAT_RMR_HANDLE rmr = DAT_HANDLE_NULL;
	DAT_RSP_HANDLE rsp;
	DAT_SRQ_HANDLE srq = DAT_HANDLE_NULL;
	DAT_SRQ_ATTR sa = { .max_recv_dtos = 4, .max_recv_iov = 1,
			    .low_watermark = DAT_WATERMARK_INFINITE };
	ut_conn_open(&c, C_IA_ABRUPT);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_IA_ABRUPT);
	DAT_EP_HANDLE ep2 = ut_ep(&c.b, NULL, C_IA_ABRUPT);
	UT_REQ(dat_cno_create(c.b.ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), C_IA_ABRUPT);
	UT_REQ(dat_rsp_create(c.b.ia, UT_QUAL + 1, ep2, c.b.cr, &rsp), C_IA_ABRUPT);
	/* optional kinds: the cascade is checked on what the Provider has */
	if (!ut_try_cap(c.b.ia, UT_CAP_RMR, dat_rmr_create(c.b.pz, &rmr), C_IA_ABRUPT))
		rmr = DAT_HANDLE_NULL;
	if (!ut_try_cap(c.b.ia, UT_CAP_SRQ, dat_srq_create(c.b.ia, c.b.pz, &sa, &srq),
			C_IA_ABRUPT))
		srq = DAT_HANDLE_NULL;
	RT_EXPECT_EQ_INT(dat_ia_close(c.b.ia, DAT_CLOSE_ABRUPT_FLAG), DAT_SUCCESS, C_IA_ABRUPT);
	/* the connected Endpoint went with its IA: the peer's connection ends */
	if (ut_wait(c.a.conn, 0, NULL, C_IA_ABRUPT))
		RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_IA_ABRUPT);
	c.b.ia = DAT_HANDLE_NULL;
	ut_conn_close(&c);
}

/* The handles of every object an abrupt close destroyed (robustness:
 * a registry may dispatch a stale handle without checking it). */
#define C_IA_CASC_ROB "UDAPL-dat_ia_close-rob-cascade-handles"
RT_TEST(ia_close_cascade_handles, "udapl.ia_close.robustness.cascade_handles", C_IA_CASC_ROB)
{
	struct ut_conn c;
	struct ut_mem m;
	DAT_CNO_HANDLE cno;
	DAT_RSP_HANDLE rsp;
	DAT_HANDLE_TYPE t;
	ut_conn_open(&c, C_IA_CASC_ROB);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_IA_CASC_ROB);
	DAT_EP_HANDLE ep2 = ut_ep(&c.b, NULL, C_IA_CASC_ROB);
	UT_REQ(dat_cno_create(c.b.ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno), C_IA_CASC_ROB);
	UT_REQ(dat_rsp_create(c.b.ia, UT_QUAL + 1, ep2, c.b.cr, &rsp), C_IA_CASC_ROB);
	DAT_RMR_HANDLE rmr = ut_object(&c.b, DAT_HANDLE_TYPE_RMR, NULL, 0, C_IA_CASC_ROB);
	DAT_SRQ_HANDLE srq = ut_object(&c.b, DAT_HANDLE_TYPE_SRQ, NULL, 0, C_IA_CASC_ROB);
	UT_REQ(dat_ia_close(c.b.ia, DAT_CLOSE_ABRUPT_FLAG), C_IA_CASC_ROB);
	DAT_HANDLE hs[] = { c.b.ia, c.b.pz, m.lmr, rmr, c.b.req, cno, c.eb, ep2, c.psp, rsp, srq };
	for (size_t i = 0; i < sizeof hs / sizeof hs[0]; i++)
		if (hs[i])	/* an optional kind the Provider lacks was not made */
			UT_RC(dat_get_handle_type(hs[i], &t), DAT_INVALID_HANDLE, C_IA_CASC_ROB);
	c.b.ia = DAT_HANDLE_NULL;
	ut_conn_close(&c);
}

#define C_IA_DOUBLE "UDAPL-dat_ia_close-rob-double-close"
RT_TEST_ATTRS(ia_double_close, "udapl.ia_close.rob.double_close", C_IA_DOUBLE, "tier=robustness")
{
	DAT_EVD_HANDLE a;
	DAT_IA_HANDLE ia = ut_open_bare(&a, C_IA_DOUBLE);
	UT_REQ(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), C_IA_DOUBLE);
	UT_RC(dat_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG), DAT_INVALID_HANDLE, C_IA_DOUBLE);
}

#define C_IA_ALWAYS "UDAPL-dat_ia_close-always-succeeds"
static int count_fds(void)
{
	int n = 0;
	for (int fd = 0; fd < 4096; fd++)
		if (fcntl(fd, F_GETFD) != -1)
			n++;
	return n;
}
RT_TEST(ia_close_cycles, "udapl.ia_close.resource.open_close_cycles", C_IA_ALWAYS)
{
	int before = -1;
	for (int i = 0; i < 300; i++) {
		struct ut_ia u;
		struct ut_mem m;
		ut_open(&u, C_IA_ALWAYS);
		ut_mem(&u, u.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, C_IA_ALWAYS);
		(void)ut_ep(&u, NULL, C_IA_ALWAYS);
		if (!RT_EXPECT_EQ_INT(dat_ia_close(u.ia, DAT_CLOSE_ABRUPT_FLAG), DAT_SUCCESS,
				C_IA_ALWAYS))
			return;
		free(m.buf);
		if (i == 9)
			before = count_fds();
	}
	RT_EXPECT_EQ_INT(count_fds(), before, C_IA_ALWAYS);
}

IA_TEST(ia_query_ok, "udapl.ia_query.rc.success", "UDAPL-dat_ia_query-rc-success")
{
	DAT_IA_ATTR a;
	DAT_PROVIDER_ATTR p;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL;
	RT_EXPECT_EQ_INT(dat_ia_query(u->ia, &async, DAT_IA_FIELD_ALL, &a,
			DAT_PROVIDER_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(a.max_evd_qlen > 0, cl);
	RT_EXPECT_EQ_INT(p.dapl_version_major, 1, cl);
	RT_EXPECT_EQ_INT(p.dapl_version_minor, 2, cl);
	RT_EXPECT_TRUE(async == u->async, cl);
}

IA_TEST(ia_query_null, "udapl.ia_query.param.null_attr", "UDAPL-dat_ia_query-rc-invalid-parameter-null")
{
	DAT_PROVIDER_ATTR p;
	UT_RC(dat_ia_query(u->ia, NULL, DAT_IA_FIELD_ALL, NULL, 0, NULL), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_ia_query(u->ia, NULL, 0, NULL, DAT_PROVIDER_FIELD_ALL, NULL),
			DAT_INVALID_PARAMETER, cl);
	(void)p;
}

IA_TEST(ia_query_masks_zero, "udapl.ia_query.param.zero_masks", "UDAPL-dat_ia_query-masks-zero-null-outputs")
{
	RT_EXPECT_EQ_INT(dat_ia_query(u->ia, NULL, 0, NULL, 0, NULL), DAT_SUCCESS, cl);
}

/* ---- PZ ---- */

IA_TEST(pz_create_ok, "udapl.pz_create.rc.success", "UDAPL-dat_pz_create-rc-success")
{
	DAT_PZ_HANDLE pz;
	DAT_PZ_PARAM p;
	RT_EXPECT_EQ_INT(dat_pz_create(u->ia, &pz), DAT_SUCCESS, cl);
	UT_OK(dat_pz_query(pz, DAT_PZ_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia, cl);
}
IA_TEST(pz_create_null, "udapl.pz_create.param.null_out", "UDAPL-dat_pz_create-rc-invalid-parameter")
{
	UT_RC(dat_pz_create(u->ia, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(pz_free_ok, "udapl.pz_free.rc.success", "UDAPL-dat_pz_free-rc-success")
{
	DAT_PZ_HANDLE pz;
	UT_REQ(dat_pz_create(u->ia, &pz), cl);
	RT_EXPECT_EQ_INT(dat_pz_free(pz), DAT_SUCCESS, cl);
}
IA_TEST(pz_free_ep, "udapl.pz_free.state.in_use_by_ep", "UDAPL-dat_pz_free-rc-invalid-state-ep")
{
	(void)ut_ep(u, NULL, cl);
	UT_RC(dat_pz_free(u->pz), DAT_INVALID_STATE, cl);
}
IA_TEST(pz_free_lmr, "udapl.pz_free.state.in_use_by_lmr", "UDAPL-dat_pz_free-rc-invalid-state-lmr")
{
	struct ut_mem m;
	ut_mem(u, u->pz, 64, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_RC(dat_pz_free(u->pz), DAT_INVALID_STATE, cl);
}
IA_TEST(pz_free_rmr, "udapl.pz_free.state.in_use_by_rmr", "UDAPL-dat_pz_free-rc-invalid-state-rmr")
{
	DAT_RMR_HANDLE r;
	UT_REQ_CAP(u->ia, UT_CAP_RMR, dat_rmr_create(u->pz, &r), cl);
	UT_RC(dat_pz_free(u->pz), DAT_INVALID_STATE, cl);
}
IA_TEST(pz_free_srq, "udapl.pz_free.state.in_use_by_srq", "UDAPL-dat_pz_free-rc-invalid-state-srq")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR sa = { 4, 1, DAT_WATERMARK_INFINITE };
	UT_REQ_CAP(u->ia, UT_CAP_SRQ, dat_srq_create(u->ia, u->pz, &sa, &s), cl);
	UT_RC(dat_pz_free(u->pz), DAT_INVALID_STATE, cl);
}
IA_TEST(pz_query_ok, "udapl.pz_query.rc.success", "UDAPL-dat_pz_query-rc-success")
{
	DAT_PZ_PARAM p;
	RT_EXPECT_EQ_INT(dat_pz_query(u->pz, DAT_PZ_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia, cl);
}
IA_TEST(pz_query_null, "udapl.pz_query.param.null_param", "UDAPL-dat_pz_query-rc-invalid-parameter")
{
	UT_RC(dat_pz_query(u->pz, DAT_PZ_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}

/* ---- LMR ---- */

static DAT_RETURN lmr_make(struct ut_ia *u, DAT_MEM_TYPE type, void *va, DAT_VLEN len,
		DAT_PZ_HANDLE pz, DAT_MEM_PRIV_FLAGS priv, DAT_LMR_HANDLE *lmr)
{
	DAT_REGION_DESCRIPTION r;
	DAT_LMR_CONTEXT lc;
	DAT_RMR_CONTEXT rc;
	DAT_LMR_HANDLE l;
	r.for_va = va;
	return dat_lmr_create(u->ia, type, r, len, pz, priv, lmr ? lmr : &l, &lc, &rc,
			NULL, NULL);
}

IA_TEST(lmr_create_ok, "udapl.lmr_create.rc.success", "UDAPL-dat_lmr_create-rc-success")
{
	size_t len = 65536;
	char *buf = aligned_alloc(4096, len);
	DAT_REGION_DESCRIPTION r = { .for_va = buf };
	DAT_LMR_HANDLE l = DAT_HANDLE_NULL;
	DAT_LMR_CONTEXT lc;
	DAT_RMR_CONTEXT rc;
	DAT_VLEN reg_len = 0;
	DAT_VADDR reg_addr = ~0ull;
	DAT_HANDLE_TYPE t;
	RT_EXPECT_EQ_INT(dat_lmr_create(u->ia, DAT_MEM_TYPE_VIRTUAL, r, len, u->pz,
			DAT_MEM_PRIV_ALL_FLAG, &l, &lc, &rc, &reg_len, &reg_addr), DAT_SUCCESS, cl);
	UT_OK(dat_get_handle_type(l, &t), cl);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_LMR, cl);
	RT_EXPECT_TRUE(reg_len >= len, cl);
	RT_EXPECT_TRUE(reg_addr <= (DAT_VADDR)(uintptr_t)buf, cl);
}

IA_TEST(lmr_create_lmr_type, "udapl.lmr_create.mem_type.lmr", "UDAPL-dat_lmr_create-rc-success-mem-type-lmr")
{
	struct ut_mem m;
	DAT_PROVIDER_ATTR p;
	DAT_REGION_DESCRIPTION r;
	DAT_LMR_HANDLE l;
	DAT_LMR_CONTEXT lc;
	DAT_RMR_CONTEXT rc;
	ut_attrs(u->ia, NULL, &p);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	r.for_lmr_handle = m.lmr;
	DAT_RETURN ret = dat_lmr_create(u->ia, DAT_MEM_TYPE_LMR, r, 4096, u->pz,
			DAT_MEM_PRIV_ALL_FLAG, &l, &lc, &rc, NULL, NULL);
	if (p.lmr_mem_types_supported & DAT_MEM_TYPE_LMR)
		RT_EXPECT_EQ_INT(ret, DAT_SUCCESS, cl);
	else
		UT_RC(ret, DAT_MODEL_NOT_SUPPORTED, cl);
}

IA_TEST(lmr_create_pz, "udapl.lmr_create.handle.pz_not_pz", "UDAPL-dat_lmr_create-rc-invalid-handle-pz")
{
	char buf[64];
	UT_RC(lmr_make(u, DAT_MEM_TYPE_VIRTUAL, buf, 64, u->req, DAT_MEM_PRIV_ALL_FLAG, NULL),
			DAT_INVALID_HANDLE, cl);
}
IA_TEST(lmr_create_region_lmr, "udapl.lmr_create.handle.region_lmr", "UDAPL-dat_lmr_create-rc-invalid-handle-region-lmr")
{
	UT_RC(lmr_make(u, DAT_MEM_TYPE_LMR, u->pz, 64, u->pz, DAT_MEM_PRIV_ALL_FLAG, NULL),
			DAT_INVALID_HANDLE, cl);
}
IA_TEST(lmr_create_len0, "udapl.lmr_create.param.length_zero", "UDAPL-dat_lmr_create-rc-invalid-parameter-length-zero")
{
	char buf[64];
	UT_RC(lmr_make(u, DAT_MEM_TYPE_VIRTUAL, buf, 0, u->pz, DAT_MEM_PRIV_ALL_FLAG, NULL),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(lmr_create_type99, "udapl.lmr_create.param.mem_type", "UDAPL-dat_lmr_create-rc-invalid-parameter-mem-type")
{
	char buf[64];
	UT_RC(lmr_make(u, (DAT_MEM_TYPE)99, buf, 64, u->pz, DAT_MEM_PRIV_ALL_FLAG, NULL),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(lmr_create_priv, "udapl.lmr_create.param.privileges", "UDAPL-dat_lmr_create-rc-invalid-parameter-privileges")
{
	char buf[64];
	DAT_LMR_HANDLE l = DAT_HANDLE_NULL;
	DAT_RETURN rc = lmr_make(u, DAT_MEM_TYPE_VIRTUAL, buf, 64, u->pz,
			(DAT_MEM_PRIV_FLAGS)0x40, &l);
	/* E-UDAPL-049: refused, or (Sun's daplt) the undefined bit is
	 * ignored and a usable LMR is registered */
	if (DAT_GET_TYPE(rc) == DAT_INVALID_PARAMETER)
		return;
	if (RT_EXPECT_RC_IN(rc, cl, DAT_SUCCESS))
		UT_OK(dat_lmr_free(l), cl);
}
IA_TEST(lmr_create_ro, "udapl.lmr_create.param.ro_disable", "UDAPL-dat_lmr_create-ro-disable-accepted")
{
	char buf[64];
	RT_EXPECT_EQ_INT(lmr_make(u, DAT_MEM_TYPE_VIRTUAL, buf, 64, u->pz,
			(DAT_MEM_PRIV_FLAGS)(DAT_MEM_PRIV_ALL_FLAG | DAT_MEM_PRIV_RO_DISABLE_FLAG),
			NULL), DAT_SUCCESS, cl);
}
IA_TEST(lmr_create_unmapped, "udapl.lmr_create.param.unmapped", "UDAPL-dat_lmr_create-rc-invalid-parameter-unmapped")
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, 4 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	munmap(p, 4 * pg);
	UT_RC(lmr_make(u, DAT_MEM_TYPE_VIRTUAL, p, 4 * pg, u->pz, DAT_MEM_PRIV_ALL_FLAG, NULL),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(lmr_create_shared, "udapl.lmr_create.mem_type.shared_virtual", "UDAPL-dat_lmr_create-rc-model-not-supported")
{
	DAT_PROVIDER_ATTR p;
	char buf[64];
	ut_attrs(u->ia, NULL, &p);
	if (p.lmr_mem_types_supported & DAT_MEM_TYPE_SHARED_VIRTUAL)
		rt_unsupported("the Provider supports DAT_MEM_TYPE_SHARED_VIRTUAL");
	UT_RC(lmr_make(u, DAT_MEM_TYPE_SHARED_VIRTUAL, buf, 64, u->pz, DAT_MEM_PRIV_ALL_FLAG,
			NULL), DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(lmr_create_ro_mapping, "udapl.lmr_create.privileges.read_only_mapping",
		"UDAPL-dat_lmr_create-rc-privileges-violation")
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	void *p = mmap(NULL, pg, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	UT_RC_IN(lmr_make(u, DAT_MEM_TYPE_VIRTUAL, p, pg, u->pz, DAT_MEM_PRIV_ALL_FLAG, NULL), cl,
			DAT_PRIVILEGES_VIOLATION, DAT_INVALID_PARAMETER);	/* E-UDAPL-081 */
}
IA_TEST(lmr_create_lmr_pz, "udapl.lmr_create.protection.lmr_other_pz",
		"UDAPL-dat_lmr_create-rc-protection-violation")
{
	struct ut_mem m;
	DAT_PZ_HANDLE pz2;
	DAT_PROVIDER_ATTR p;
	ut_attrs(u->ia, NULL, &p);
	if (!(p.lmr_mem_types_supported & DAT_MEM_TYPE_LMR))
		rt_unsupported("DAT_MEM_TYPE_LMR not supported");
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_pz_create(u->ia, &pz2), cl);
	UT_RC_IN(lmr_make(u, DAT_MEM_TYPE_LMR, m.lmr, 4096, pz2, DAT_MEM_PRIV_ALL_FLAG, NULL), cl,
			DAT_PROTECTION_VIOLATION, DAT_INVALID_PARAMETER);	/* E-UDAPL-081 */
}
IA_TEST_ATTRS(lmr_create_huge, "udapl.lmr_create.rob.absurd_length", "UDAPL-dat_lmr_create-rob-absurd-length",
		"tier=robustness")
{
	char buf[64];
	UT_RC_IN(lmr_make(u, DAT_MEM_TYPE_VIRTUAL, buf, 1ull << 62, u->pz, DAT_MEM_PRIV_ALL_FLAG,
			NULL), cl, DAT_INVALID_PARAMETER, DAT_INSUFFICIENT_RESOURCES);
}

IA_TEST(lmr_free_ok, "udapl.lmr_free.rc.success", "UDAPL-dat_lmr_free-rc-success")
{
	struct ut_mem m;
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	RT_EXPECT_EQ_INT(dat_lmr_free(m.lmr), DAT_SUCCESS, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 8);
	RT_EXPECT_TRUE(dat_lmr_sync_rdma_write(u->ia, &s, 1) != DAT_SUCCESS, cl);
}
/* dat_lmr_free(3DAT): destroying the LMR leaves the Consumer's memory. */
IA_TEST(lmr_free_keeps_memory, "udapl.lmr_free.memory.not_deallocated", "UDAPL-dat_lmr_free-memory-not-deallocated")
{
	struct ut_mem m;
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	for (size_t i = 0; i < m.len; i++)
		m.buf[i] = (char)(i * 7 + 1);
	RT_REQUIRE_EQ_INT(dat_lmr_free(m.lmr), DAT_SUCCESS, cl);
	int same = 1;
	for (size_t i = 0; i < m.len; i++)
		same &= m.buf[i] == (char)(i * 7 + 1);
	RT_EXPECT_TRUE(same, cl);
	memset(m.buf, 0x5A, m.len);
	RT_EXPECT_TRUE(m.buf[0] == 0x5A && m.buf[m.len - 1] == 0x5A, cl);
}
IA_TEST(lmr_query_ok, "udapl.lmr_query.rc.success", "UDAPL-dat_lmr_query-rc-success")
{
	struct ut_mem m;
	DAT_LMR_PARAM p;
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	RT_EXPECT_EQ_INT(dat_lmr_query(m.lmr, DAT_LMR_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_U64(p.lmr_context, m.lctx, cl);
	RT_EXPECT_EQ_U64(p.rmr_context, m.rctx, cl);
	RT_EXPECT_EQ_U64(p.registered_size, m.reg_len, cl);
	RT_EXPECT_EQ_U64(p.registered_address, m.reg_addr, cl);
	RT_EXPECT_EQ_U64(p.mem_priv, DAT_MEM_PRIV_ALL_FLAG, cl);
	RT_EXPECT_TRUE(p.pz_handle == u->pz, cl);
	RT_EXPECT_EQ_U64(p.length, 4096, cl);
}
IA_TEST(lmr_query_null, "udapl.lmr_query.param.null_param", "UDAPL-dat_lmr_query-rc-invalid-parameter")
{
	struct ut_mem m;
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_RC(dat_lmr_query(m.lmr, DAT_LMR_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}

/* ---- RMR ---- */

IA_TEST(rmr_create_ok, "udapl.rmr_create.rc.success", "UDAPL-dat_rmr_create-rc-success")
{
	DAT_RMR_HANDLE r;
	DAT_RMR_PARAM p;
	ut_need(u->ia, UT_CAP_RMR);
	RT_EXPECT_EQ_INT(dat_rmr_create(u->pz, &r), DAT_SUCCESS, cl);
	UT_OK(dat_rmr_query(r, DAT_RMR_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.pz_handle == u->pz, cl);
}
IA_TEST(rmr_create_model, "udapl.rmr_create.model.no_rmrs", "UDAPL-dat_rmr_create-rc-model-not-supported")
{
	DAT_IA_ATTR a;
	DAT_RMR_HANDLE r;
	ut_attrs(u->ia, &a, NULL);
	if (a.max_rmrs > 0)
		rt_unsupported("the Provider supports RMRs");
	UT_RC(dat_rmr_create(u->pz, &r), DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(rmr_query_ok, "udapl.rmr_query.rc.success", "UDAPL-dat_rmr_query-rc-success")
{
	DAT_RMR_HANDLE r;
	DAT_RMR_PARAM p;
	UT_REQ_CAP(u->ia, UT_CAP_RMR, dat_rmr_create(u->pz, &r), cl);
	RT_EXPECT_EQ_INT(dat_rmr_query(r, DAT_RMR_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia && p.pz_handle == u->pz, cl);
}
IA_TEST(rmr_query_null, "udapl.rmr_query.param.null_param", "UDAPL-dat_rmr_query-rc-invalid-parameter")
{
	DAT_RMR_HANDLE r;
	UT_REQ_CAP(u->ia, UT_CAP_RMR, dat_rmr_create(u->pz, &r), cl);
	UT_RC(dat_rmr_query(r, DAT_RMR_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}

/* ---- CNO ---- */

IA_TEST(cno_create_ok, "udapl.cno_create.rc.success", "UDAPL-dat_cno_create-rc-success")
{
	DAT_CNO_HANDLE c;
	DAT_HANDLE_TYPE t;
	RT_EXPECT_EQ_INT(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), DAT_SUCCESS, cl);
	UT_OK(dat_get_handle_type(c, &t), cl);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_CNO, cl);
}
IA_TEST(cno_create_agent, "udapl.cno_create.rc.success_agent", "UDAPL-dat_cno_create-rc-success-agent")
{
	int data;
	DAT_OS_WAIT_PROXY_AGENT ag = { &data, agent_fn };
	DAT_CNO_HANDLE c;
	DAT_CNO_PARAM p;
	UT_REQ_CAP(u->ia, UT_CAP_PROXY_AGENT, dat_cno_create(u->ia, ag, &c), cl);
	UT_OK(dat_cno_query(c, DAT_CNO_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.agent.instance_data == &data && p.agent.proxy_agent_func == agent_fn, cl);
}
IA_TEST(cno_create_bad_agent, "udapl.cno_create.param.agent", "UDAPL-dat_cno_create-rc-invalid-parameter-agent")
{
	int data;
	DAT_OS_WAIT_PROXY_AGENT ag = { &data, NULL };
	DAT_CNO_HANDLE c;
	UT_RC(dat_cno_create(u->ia, ag, &c), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(cno_create_null, "udapl.cno_create.param.null_out", "UDAPL-dat_cno_create-rc-invalid-parameter-null-out")
{
	UT_RC(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(cno_create_model, "udapl.cno_create.model.agent", "UDAPL-dat_cno_create-rc-model-not-supported")
{
	DAT_OS_WAIT_PROXY_AGENT ag = { NULL, agent_fn };
	DAT_CNO_HANDLE c;
	DAT_RETURN rc = dat_cno_create(u->ia, ag, &c);
	if (rc == DAT_SUCCESS)
		rt_unsupported("the Provider supports OS Wait Proxy Agents");
	UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(cno_free_ok, "udapl.cno_free.rc.success", "UDAPL-dat_cno_free-rc-success")
{
	DAT_CNO_HANDLE c;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	RT_EXPECT_EQ_INT(dat_cno_free(c), DAT_SUCCESS, cl);
	UT_RC(dat_cno_free(c), DAT_INVALID_HANDLE, cl);
}
IA_TEST(cno_free_busy, "udapl.cno_free.state.evd_attached", "UDAPL-dat_cno_free-rc-invalid-state-evd-attached")
{
	DAT_CNO_HANDLE c;
	DAT_EVD_HANDLE e;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	UT_REQ(dat_evd_create(u->ia, 4, c, DAT_EVD_SOFTWARE_FLAG, &e), cl);
	UT_RC(dat_cno_free(c), DAT_INVALID_STATE, cl);
	UT_OK(dat_evd_modify_cno(e, DAT_HANDLE_NULL), cl);
	UT_OK(dat_cno_free(c), cl);
}
IA_TEST(cno_modify_ok, "udapl.cno_modify_agent.rc.success", "UDAPL-dat_cno_modify_agent-rc-success")
{
	int data;
	DAT_OS_WAIT_PROXY_AGENT ag = { &data, agent_fn };
	DAT_CNO_HANDLE c;
	DAT_CNO_PARAM p;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	RT_EXPECT_EQ_INT(dat_cno_modify_agent(c, ag), DAT_SUCCESS, cl);
	UT_OK(dat_cno_query(c, DAT_CNO_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.agent.instance_data == &data && p.agent.proxy_agent_func == agent_fn, cl);
}
IA_TEST(cno_modify_null, "udapl.cno_modify_agent.rc.null_agent", "UDAPL-dat_cno_modify_agent-rc-success-null-agent")
{
	int data;
	DAT_OS_WAIT_PROXY_AGENT ag = { &data, agent_fn };
	DAT_CNO_HANDLE c;
	DAT_CNO_PARAM p;
	UT_REQ_CAP(u->ia, UT_CAP_PROXY_AGENT, dat_cno_create(u->ia, ag, &c), cl);
	RT_EXPECT_EQ_INT(dat_cno_modify_agent(c, DAT_OS_WAIT_PROXY_AGENT_NULL), DAT_SUCCESS, cl);
	UT_OK(dat_cno_query(c, DAT_CNO_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.agent.proxy_agent_func == NULL, cl);
}
IA_TEST(cno_modify_bad, "udapl.cno_modify_agent.param.agent", "UDAPL-dat_cno_modify_agent-rc-invalid-parameter")
{
	int data;
	DAT_OS_WAIT_PROXY_AGENT ag = { &data, NULL };
	DAT_CNO_HANDLE c;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	UT_RC(dat_cno_modify_agent(c, ag), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(cno_query_ok, "udapl.cno_query.rc.success", "UDAPL-dat_cno_query-rc-success")
{
	DAT_CNO_HANDLE c;
	DAT_CNO_PARAM p;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	RT_EXPECT_EQ_INT(dat_cno_query(c, DAT_CNO_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia, cl);
}
/* dat_cno_query(3DAT): DAT_OS_WAIT_PROXY_AGENT_NULL means no Proxy Agent. */
IA_TEST(cno_query_no_agent, "udapl.cno_query.agent.null_means_none", "UDAPL-dat_cno_query-agent-null-no-proxy")
{
	DAT_CNO_HANDLE c;
	DAT_CNO_PARAM p;
	memset(&p, 0xA5, sizeof p);
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	UT_OK(dat_cno_query(c, DAT_CNO_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.agent.proxy_agent_func == NULL, cl);
	UT_OK(dat_cno_free(c), cl);
}
IA_TEST(cno_query_null, "udapl.cno_query.param.null_param", "UDAPL-dat_cno_query-rc-invalid-parameter-null-param")
{
	DAT_CNO_HANDLE c;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	UT_RC(dat_cno_query(c, DAT_CNO_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(cno_query_mask, "udapl.cno_query.param.mask", "UDAPL-dat_cno_query-rc-invalid-parameter-mask")
{
	DAT_CNO_HANDLE c;
	DAT_CNO_PARAM p;
	UT_REQ(dat_cno_create(u->ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &c), cl);
	UT_RC(dat_cno_query(c, (DAT_CNO_PARAM_MASK)0x100, &p), DAT_INVALID_PARAMETER, cl);
}

/* ---- PSP / RSP ---- */

IA_TEST(psp_create_ok, "udapl.psp_create.rc.success", "UDAPL-dat_psp_create-rc-success")
{
	DAT_PSP_HANDLE p;
	DAT_EVENT ev;
	RT_EXPECT_EQ_INT(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p),
			DAT_SUCCESS, cl);
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&u->addr, UT_QUAL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	ut_wait(u->cr, DAT_CONNECTION_REQUEST_EVENT, &ev, cl);
}
IA_TEST(psp_create_evd, "udapl.psp_create.handle.evd_not_evd", "UDAPL-dat_psp_create-rc-invalid-handle-evd")
{
	DAT_PSP_HANDLE p;
	UT_RC(dat_psp_create(u->ia, UT_QUAL, u->pz, DAT_PSP_CONSUMER_FLAG, &p), DAT_INVALID_HANDLE, cl);
}
IA_TEST(psp_create_flags, "udapl.psp_create.param.flags", "UDAPL-dat_psp_create-rc-invalid-parameter-flags")
{
	DAT_PSP_HANDLE p;
	UT_RC(dat_psp_create(u->ia, UT_QUAL, u->cr, (DAT_PSP_FLAGS)7, &p), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(psp_create_stream, "udapl.psp_create.param.evd_without_cr", "UDAPL-dat_psp_create-rc-invalid-parameter-evd-stream")
{
	DAT_PSP_HANDLE p;
	UT_RC(dat_psp_create(u->ia, UT_QUAL, u->req, DAT_PSP_CONSUMER_FLAG, &p),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(psp_create_in_use, "udapl.psp_create.conn_qual.in_use", "UDAPL-dat_psp_create-rc-conn-qual-in-use")
{
	DAT_PSP_HANDLE p, q;
	DAT_RSP_HANDLE r;
	UT_REQ(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
	UT_RC(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &q), DAT_CONN_QUAL_IN_USE, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL + 1, ut_ep(u, NULL, cl), u->cr, &r), cl);
	UT_RC(dat_psp_create(u->ia, UT_QUAL + 1, u->cr, DAT_PSP_CONSUMER_FLAG, &q),
			DAT_CONN_QUAL_IN_USE, cl);
}
IA_TEST(psp_create_model, "udapl.psp_create.model.provider_flag", "UDAPL-dat_psp_create-rc-model-not-supported")
{
	DAT_PSP_HANDLE p;
	DAT_RETURN rc = dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_PROVIDER_FLAG, &p);
	if (rc == DAT_SUCCESS)
		rt_unsupported("the Provider creates Endpoints for PSPs");
	UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(psp_any_ok, "udapl.psp_create_any.rc.success", "UDAPL-dat_psp_create_any-rc-success")
{
	DAT_PSP_HANDLE p;
	DAT_CONN_QUAL q = 0;
	DAT_PSP_PARAM pp;
	RT_EXPECT_EQ_INT(dat_psp_create_any(u->ia, &q, u->cr, DAT_PSP_CONSUMER_FLAG, &p),
			DAT_SUCCESS, cl);
	UT_OK(dat_psp_query(p, DAT_PSP_FIELD_ALL, &pp), cl);
	RT_EXPECT_EQ_U64(pp.conn_qual, q, cl);
}
IA_TEST(psp_any_param, "udapl.psp_create_any.param.null_conn_qual", "UDAPL-dat_psp_create_any-rc-invalid-parameter")
{
	DAT_PSP_HANDLE p;
	DAT_CONN_QUAL q;
	UT_RC(dat_psp_create_any(u->ia, NULL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_psp_create_any(u->ia, &q, u->cr, (DAT_PSP_FLAGS)7, &p), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(psp_any_model, "udapl.psp_create_any.model.provider_flag", "UDAPL-dat_psp_create_any-rc-model-not-supported")
{
	DAT_PSP_HANDLE p;
	DAT_CONN_QUAL q;
	DAT_RETURN rc = dat_psp_create_any(u->ia, &q, u->cr, DAT_PSP_PROVIDER_FLAG, &p);
	if (rc == DAT_SUCCESS)
		rt_unsupported("the Provider supports DAT_PSP_PROVIDER_FLAG");
	UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(psp_any_distinct, "udapl.psp_create_any.resource.distinct", "UDAPL-dat_psp_create_any-distinct-qualifiers")
{
	DAT_PSP_HANDLE p1, p2, x;
	DAT_CONN_QUAL q1 = 0, q2 = 0;
	UT_REQ(dat_psp_create_any(u->ia, &q1, u->cr, DAT_PSP_CONSUMER_FLAG, &p1), cl);
	UT_REQ(dat_psp_create_any(u->ia, &q2, u->cr, DAT_PSP_CONSUMER_FLAG, &p2), cl);
	RT_EXPECT_TRUE(q1 != q2, cl);
	UT_RC(dat_psp_create(u->ia, q1, u->cr, DAT_PSP_CONSUMER_FLAG, &x), DAT_CONN_QUAL_IN_USE, cl);
	UT_RC(dat_psp_create(u->ia, q2, u->cr, DAT_PSP_CONSUMER_FLAG, &x), DAT_CONN_QUAL_IN_USE, cl);
}
IA_TEST(psp_free_ok, "udapl.psp_free.rc.success", "UDAPL-dat_psp_free-rc-success")
{
	DAT_PSP_HANDLE p;
	DAT_EVENT ev;
	UT_REQ(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
	RT_EXPECT_EQ_INT(dat_psp_free(p), DAT_SUCCESS, cl);
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&u->addr, UT_QUAL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), cl);
	ut_wait(u->conn, DAT_CONNECTION_EVENT_NON_PEER_REJECTED, &ev, cl);
	UT_OK(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
}
IA_TEST(psp_query_ok, "udapl.psp_query.rc.success", "UDAPL-dat_psp_query-rc-success")
{
	DAT_PSP_HANDLE p;
	DAT_PSP_PARAM pp;
	UT_REQ(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
	RT_EXPECT_EQ_INT(dat_psp_query(p, DAT_PSP_FIELD_ALL, &pp), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(pp.ia_handle == u->ia && pp.conn_qual == UT_QUAL &&
			pp.evd_handle == u->cr && pp.psp_flags == DAT_PSP_CONSUMER_FLAG, cl);
}
IA_TEST(psp_query_null, "udapl.psp_query.param.null_param", "UDAPL-dat_psp_query-rc-invalid-parameter")
{
	DAT_PSP_HANDLE p;
	UT_REQ(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
	UT_RC(dat_psp_query(p, DAT_PSP_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(rsp_create_ok, "udapl.rsp_create.rc.success", "UDAPL-dat_rsp_create-rc-success")
{
	DAT_RSP_HANDLE r;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	RT_EXPECT_EQ_INT(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_RESERVED, cl);
}
IA_TEST(rsp_create_ep, "udapl.rsp_create.handle.ep", "UDAPL-dat_rsp_create-rc-invalid-handle-ep")
{
	DAT_RSP_HANDLE r;
	UT_RC(dat_rsp_create(u->ia, UT_QUAL, u->req, u->cr, &r), DAT_INVALID_HANDLE, cl);
}
IA_TEST(rsp_create_evd, "udapl.rsp_create.handle.evd", "UDAPL-dat_rsp_create-rc-invalid-handle-evd")
{
	DAT_RSP_HANDLE r;
	UT_RC(dat_rsp_create(u->ia, UT_QUAL, ut_ep(u, NULL, cl), u->pz, &r), DAT_INVALID_HANDLE, cl);
}
IA_TEST(rsp_create_param, "udapl.rsp_create.param.evd_stream_or_null_out", "UDAPL-dat_rsp_create-rc-invalid-parameter")
{
	DAT_RSP_HANDLE r;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_RC(dat_rsp_create(u->ia, UT_QUAL, ep, u->req, &r), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(rsp_create_state, "udapl.rsp_create.state.ep_reserved", "UDAPL-dat_rsp_create-rc-invalid-state")
{
	DAT_RSP_HANDLE r, r2;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), cl);
	UT_RC(dat_rsp_create(u->ia, UT_QUAL + 1, ep, u->cr, &r2), DAT_INVALID_STATE, cl);
}
IA_TEST(rsp_create_in_use, "udapl.rsp_create.conn_qual.in_use", "UDAPL-dat_rsp_create-rc-conn-qual-in-use")
{
	DAT_RSP_HANDLE r;
	DAT_PSP_HANDLE p;
	UT_REQ(dat_psp_create(u->ia, UT_QUAL, u->cr, DAT_PSP_CONSUMER_FLAG, &p), cl);
	UT_RC(dat_rsp_create(u->ia, UT_QUAL, ut_ep(u, NULL, cl), u->cr, &r), DAT_CONN_QUAL_IN_USE, cl);
}
IA_TEST(rsp_free_ok, "udapl.rsp_free.rc.success", "UDAPL-dat_rsp_free-rc-success")
{
	DAT_RSP_HANDLE r;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), cl);
	RT_EXPECT_EQ_INT(dat_rsp_free(r), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_UNCONNECTED, cl);
}
IA_TEST(rsp_query_ok, "udapl.rsp_query.rc.success", "UDAPL-dat_rsp_query-rc-success")
{
	DAT_RSP_HANDLE r;
	DAT_RSP_PARAM p;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), cl);
	RT_EXPECT_EQ_INT(dat_rsp_query(r, DAT_RSP_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia && p.conn_qual == UT_QUAL && p.evd_handle == u->cr &&
			p.ep_handle == ep, cl);
}
IA_TEST(rsp_query_null, "udapl.rsp_query.param.null_param", "UDAPL-dat_rsp_query-rc-invalid-parameter")
{
	DAT_RSP_HANDLE r;
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ut_ep(u, NULL, cl), u->cr, &r), cl);
	UT_RC(dat_rsp_query(r, DAT_RSP_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(rsp_query_mask, "udapl.rsp_query.param.mask_bits",
		"UDAPL-dat_rsp_query-rc-invalid-parameter-mask")
{
	DAT_RSP_HANDLE r;
	DAT_RSP_PARAM p;
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ut_ep(u, NULL, cl), u->cr, &r), cl);
	UT_RC(dat_rsp_query(r, (DAT_RSP_PARAM_MASK)(DAT_RSP_FIELD_ALL + 1) | DAT_RSP_FIELD_ALL, &p),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_free_rsp_first, "udapl.ep_free.state.rsp_first", "UDAPL-dat_ep_free-free-rsp-first")
{
	DAT_RSP_HANDLE r;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), cl);
	UT_OK(dat_rsp_free(r), cl);
	UT_OK(dat_ep_free(ep), cl);
}
IA_TEST(ep_free_reserved, "udapl.ep_free.state.reserved", "UDAPL-dat_ep_free-rc-invalid-state-reserved")
{
	DAT_RSP_HANDLE r;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), cl);
	UT_RC(dat_ep_free(ep), DAT_INVALID_STATE, cl);
}

/* ---- SRQ ---- */

static DAT_SRQ_ATTR srq_attr(void) { return (DAT_SRQ_ATTR){ 64, 1, DAT_WATERMARK_INFINITE }; }

static void need_srq(struct ut_ia *u)
{
	DAT_PROVIDER_ATTR p;
	ut_attrs(u->ia, NULL, &p);
	if (!p.srq_supported)
		ut_lacks(UT_CAP_SRQ);
}

IA_TEST(srq_create_ok, "udapl.srq_create.rc.success", "UDAPL-dat_srq_create-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	RT_EXPECT_EQ_INT(dat_srq_create(u->ia, u->pz, &a, &s), DAT_SUCCESS, cl);
}
IA_TEST(srq_create_pz, "udapl.srq_create.handle.pz", "UDAPL-dat_srq_create-rc-invalid-handle-pz")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	UT_RC(dat_srq_create(u->ia, u->req, &a, &s), DAT_INVALID_HANDLE, cl);
}
IA_TEST(srq_create_param, "udapl.srq_create.param.attr", "UDAPL-dat_srq_create-rc-invalid-parameter")
{
	DAT_SRQ_HANDLE s;
	DAT_IA_ATTR ia;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	ut_attrs(u->ia, &ia, NULL);
	a.max_recv_dtos = ia.max_recv_per_srq + 1;
	UT_RC(dat_srq_create(u->ia, u->pz, &a, &s), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_srq_create(u->ia, u->pz, NULL, &s), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(srq_create_model, "udapl.srq_create.model.unsupported", "UDAPL-dat_srq_create-rc-model-not-supported")
{
	DAT_PROVIDER_ATTR p;
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	ut_attrs(u->ia, NULL, &p);
	if (p.srq_supported)
		rt_unsupported("the Provider supports SRQs");
	UT_RC(dat_srq_create(u->ia, u->pz, &a, &s), DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(srq_free_ok, "udapl.srq_free.rc.success", "UDAPL-dat_srq_free-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_REQ(dat_srq_post_recv(s, 1, &seg, ck), cl);
	RT_EXPECT_EQ_INT(dat_srq_free(s), DAT_SUCCESS, cl);
}
IA_TEST(srq_free_busy, "udapl.srq_free.state.ep_uses_it", "UDAPL-dat_srq_free-rc-invalid-state")
{
	DAT_SRQ_HANDLE s;
	DAT_EP_HANDLE ep;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_REQ(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, s, NULL, &ep), cl);
	DAT_RETURN rc = dat_srq_free(s);
	/* E-UDAPL-083: DAT_INVALID_STATE, or (Sun's daplt) any type with the
	 * subtype DAT_INVALID_STATE_SRQ_IN_USE; the SRQ stays */
	if (DAT_GET_TYPE(rc) != DAT_INVALID_STATE)
		RT_EXPECT_EQ_INT(DAT_GET_SUBTYPE(rc), DAT_INVALID_STATE_SRQ_IN_USE, cl);
	RT_EXPECT_TRUE(rc != DAT_SUCCESS, cl);
	UT_OK(dat_ep_free(ep), cl);
	UT_OK(dat_srq_free(s), cl);
}
IA_TEST(srq_free_after, "udapl.srq_free.state.after_eps", "UDAPL-dat_srq_free-free-after-eps")
{
	DAT_SRQ_HANDLE s;
	DAT_EP_HANDLE ep;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_REQ(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, s, NULL, &ep), cl);
	UT_REQ(dat_ep_free(ep), cl);
	RT_EXPECT_EQ_INT(dat_srq_free(s), DAT_SUCCESS, cl);
}
IA_TEST(srq_post_ok, "udapl.srq_post_recv.rc.posted", "UDAPL-dat_srq_post_recv-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	RT_EXPECT_EQ_INT(dat_srq_post_recv(s, 1, &seg, ck), DAT_SUCCESS, cl);
}
IA_TEST(srq_post_full, "udapl.srq_post_recv.resources.full", "UDAPL-dat_srq_post_recv-rc-insufficient-resources")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = { 2, 1, DAT_WATERMARK_INFINITE };
	DAT_SRQ_PARAM p;
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_REQ(dat_srq_query(s, DAT_SRQ_FIELD_ALL, &p), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	for (int i = 0; i < p.max_recv_dtos; i++)
		UT_REQ(dat_srq_post_recv(s, 1, &seg, ck), cl);
	UT_RC(dat_srq_post_recv(s, 1, &seg, ck), DAT_INSUFFICIENT_RESOURCES, cl);
}
IA_TEST(srq_post_param, "udapl.srq_post_recv.param.outside_lmr", "UDAPL-dat_srq_post_recv-rc-invalid-parameter")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg[2] = { ut_seg(&m, 4000, 200), ut_seg(&m, 0, 8) };
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_RC(dat_srq_post_recv(s, 1, seg, ck), DAT_INVALID_PARAMETER, cl);
	seg[0] = ut_seg(&m, 0, 8);
	UT_RC(dat_srq_post_recv(s, 2, seg, ck), DAT_INVALID_PARAMETER, cl);	/* max_recv_iov 1 */
}
IA_TEST(srq_post_pz, "udapl.srq_post_recv.protection.lmr_other_pz", "UDAPL-dat_srq_post_recv-rc-protection-violation")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_PZ_HANDLE pz2;
	struct ut_mem m;
	need_srq(u);
	UT_REQ(dat_pz_create(u->ia, &pz2), cl);
	ut_mem(u, pz2, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_RC_IN(dat_srq_post_recv(s, 1, &seg, ck), cl, DAT_PROTECTION_VIOLATION);
}
IA_TEST(srq_post_priv, "udapl.srq_post_recv.privileges.no_local_write", "UDAPL-dat_srq_post_recv-rc-privileges-violation")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_LOCAL_READ_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	/* E-UDAPL-052: immediate, or when a message arrives (not sent here). */
	UT_RC_IN(dat_srq_post_recv(s, 1, &seg, ck), cl, DAT_PRIVILEGES_VIOLATION, DAT_SUCCESS);
}
IA_TEST(srq_query_ok, "udapl.srq_query.rc.success", "UDAPL-dat_srq_query-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_SRQ_PARAM p;
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	RT_EXPECT_EQ_INT(dat_srq_query(s, DAT_SRQ_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia && p.pz_handle == u->pz, cl);
	RT_EXPECT_TRUE(p.max_recv_dtos >= 64 && p.max_recv_iov >= 1, cl);
}
IA_TEST(srq_query_null, "udapl.srq_query.param.null_param", "UDAPL-dat_srq_query-rc-invalid-parameter")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_RC(dat_srq_query(s, DAT_SRQ_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(srq_resize_ok, "udapl.srq_resize.rc.grow", "UDAPL-dat_srq_resize-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = { 4, 1, DAT_WATERMARK_INFINITE };
	DAT_SRQ_PARAM p;
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_REQ(dat_srq_post_recv(s, 1, &seg, ck), cl);
	RT_EXPECT_EQ_INT(dat_srq_resize(s, 32), DAT_SUCCESS, cl);
	UT_OK(dat_srq_query(s, DAT_SRQ_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.max_recv_dtos >= 32, cl);
	RT_EXPECT_EQ_INT(p.outstanding_dto_count, 1, cl);
}
IA_TEST(srq_resize_param, "udapl.srq_resize.param.bad_size", "UDAPL-dat_srq_resize-rc-invalid-parameter")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_IA_ATTR ia;
	need_srq(u);
	ut_attrs(u->ia, &ia, NULL);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_RC(dat_srq_resize(s, 0), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_srq_resize(s, -1), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_srq_resize(s, ia.max_recv_per_srq + 1), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(srq_resize_state, "udapl.srq_resize.state.below_posted", "UDAPL-dat_srq_resize-rc-invalid-state")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = { 8, 1, DAT_WATERMARK_INFINITE };
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	for (int i = 0; i < 4; i++)
		UT_REQ(dat_srq_post_recv(s, 1, &seg, ck), cl);
	UT_RC(dat_srq_resize(s, 2), DAT_INVALID_STATE, cl);
}
IA_TEST_ATTRS(srq_resize_huge, "udapl.srq_resize.rob.absurd", "UDAPL-dat_srq_resize-rob-absurd-qlen", "tier=robustness")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_RC_IN(dat_srq_resize(s, 0x7FFFFFFF), cl, DAT_INVALID_PARAMETER, DAT_INSUFFICIENT_RESOURCES);
}
IA_TEST(srq_set_lw_ok, "udapl.srq_set_lw.rc.success", "UDAPL-dat_srq_set_lw-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_PROVIDER_ATTR p;
	need_srq(u);
	ut_attrs(u->ia, NULL, &p);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	if (!p.srq_watermarks_supported)
		ut_lacks(UT_CAP_SRQ_WATERMARKS);
	RT_EXPECT_EQ_INT(dat_srq_set_lw(s, 8), DAT_SUCCESS, cl);
}
IA_TEST(srq_set_lw_param, "udapl.srq_set_lw.param.above_max", "UDAPL-dat_srq_set_lw-rc-invalid-parameter")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	need_srq(u);
	ut_need(u->ia, UT_CAP_SRQ_WATERMARKS);
	UT_RC(dat_srq_create(u->ia, u->pz, &a, &s), DAT_SUCCESS, cl);
	UT_RC(dat_srq_set_lw(s, 65), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(srq_set_lw_model, "udapl.srq_set_lw.model.unsupported", "UDAPL-dat_srq_set_lw-rc-model-not-supported")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_PROVIDER_ATTR p;
	need_srq(u);
	ut_attrs(u->ia, NULL, &p);
	if (p.srq_watermarks_supported)
		rt_unsupported("the Provider supports SRQ watermarks");
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_RC(dat_srq_set_lw(s, 8), DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST_ATTRS(srq_post_absurd, "udapl.srq_post_recv.rob.absurd_num_segments",
		"UDAPL-dat_srq_post_recv-rob-absurd-num-segments", "tier=robustness")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	struct ut_mem m;
	need_srq(u);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	DAT_LMR_TRIPLET seg = ut_seg(&m, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_RC(dat_srq_post_recv(s, 0x7FFFFFFF, &seg, ck), DAT_INVALID_PARAMETER, cl);
}

/* ---- EP create / modify / query ---- */

IA_TEST(ep_create_ok, "udapl.ep_create.rc.success", "UDAPL-dat_ep_create-rc-success")
{
	DAT_EP_HANDLE ep;
	DAT_EP_STATE st;
	DAT_BOOLEAN ri = DAT_FALSE, qi = DAT_FALSE;
	RT_EXPECT_EQ_INT(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, NULL, &ep),
			DAT_SUCCESS, cl);
	UT_OK(dat_ep_get_status(ep, &st, &ri, &qi), cl);
	RT_EXPECT_EQ_INT(st, DAT_EP_STATE_UNCONNECTED, cl);
	RT_EXPECT_TRUE(ri == DAT_TRUE && qi == DAT_TRUE, cl);
}
IA_TEST(ep_create_null_evds, "udapl.ep_create.rc.unconfigured", "UDAPL-dat_ep_create-rc-success-null-evds")
{
	DAT_EP_HANDLE ep;
	DAT_EP_PARAM p;
	RT_EXPECT_EQ_INT(dat_ep_create(u->ia, u->pz, DAT_HANDLE_NULL, DAT_HANDLE_NULL,
			DAT_HANDLE_NULL, NULL, &ep), DAT_SUCCESS, cl);
	DAT_EP_STATE st = ut_state(ep);
	RT_EXPECT_TRUE(st == DAT_EP_STATE_UNCONFIGURED_UNCONNECTED || st == DAT_EP_STATE_UNCONNECTED, cl);
	UT_RC(dat_ep_connect(ep, (DAT_IA_ADDRESS_PTR)&u->addr, UT_QUAL, UT_TIMEOUT, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG), DAT_INVALID_STATE, cl);
	memset(&p, 0, sizeof p);
	p.recv_evd_handle = u->rcv;
	p.request_evd_handle = u->req;
	p.connect_evd_handle = u->conn;
	UT_OK(dat_ep_modify(ep, DAT_EP_FIELD_RECV_EVD_HANDLE | DAT_EP_FIELD_REQUEST_EVD_HANDLE |
			DAT_EP_FIELD_CONNECT_EVD_HANDLE, &p), cl);
	RT_EXPECT_EQ_INT(ut_state(ep), DAT_EP_STATE_UNCONNECTED, cl);
}
IA_TEST(ep_create_attrs, "udapl.ep_create.attr.kept", "UDAPL-dat_ep_create-rc-success-attributes-kept")
{
	DAT_EP_HANDLE ep0 = ut_ep(u, NULL, cl), ep;
	DAT_EP_PARAM p;
	UT_REQ(dat_ep_query(ep0, DAT_EP_FIELD_ALL, &p), cl);
	DAT_EP_ATTR a = p.ep_attr;
	a.max_recv_dtos = 7;
	a.max_request_dtos = 9;
	a.max_recv_iov = 2;
	a.max_request_iov = 3;
	UT_REQ(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, &a, &ep), cl);
	UT_OK(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.ep_attr.max_recv_dtos >= 7 && p.ep_attr.max_request_dtos >= 9 &&
			p.ep_attr.max_recv_iov >= 2 && p.ep_attr.max_request_iov >= 3, cl);
}
IA_TEST(ep_create_pz, "udapl.ep_create.handle.pz", "UDAPL-dat_ep_create-rc-invalid-handle-pz")
{
	DAT_EP_HANDLE ep;
	UT_RC(dat_ep_create(u->ia, u->req, u->rcv, u->req, u->conn, NULL, &ep), DAT_INVALID_HANDLE, cl);
}
IA_TEST(ep_create_evd, "udapl.ep_create.handle.request_evd", "UDAPL-dat_ep_create-rc-invalid-handle-evd")
{
	DAT_EP_HANDLE ep;
	UT_RC(dat_ep_create(u->ia, u->pz, u->rcv, u->pz, u->conn, NULL, &ep), DAT_INVALID_HANDLE, cl);
}
IA_TEST(ep_create_stream, "udapl.ep_create.param.recv_evd_stream", "UDAPL-dat_ep_create-rc-invalid-parameter-evd-stream")
{
	DAT_EP_HANDLE ep;
	UT_RC(dat_ep_create(u->ia, u->pz, u->conn, u->req, u->conn, NULL, &ep), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_create_cstream, "udapl.ep_create.param.connect_evd_stream", "UDAPL-dat_ep_create-rc-invalid-parameter-connect-evd-stream")
{
	DAT_EP_HANDLE ep;
	UT_RC(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->rcv, NULL, &ep), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_create_attr_bad, "udapl.ep_create.param.attr", "UDAPL-dat_ep_create-rc-invalid-parameter-attr")
{
	DAT_EP_HANDLE ep0 = ut_ep(u, NULL, cl), ep;
	DAT_EP_PARAM p;
	DAT_IA_ATTR ia;
	ut_attrs(u->ia, &ia, NULL);
	UT_REQ(dat_ep_query(ep0, DAT_EP_FIELD_ALL, &p), cl);
	DAT_EP_ATTR a = p.ep_attr;
	a.max_recv_dtos = ia.max_dto_per_ep + 1;
	UT_RC(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, &a, &ep), DAT_INVALID_PARAMETER, cl);
	a = p.ep_attr;
	a.max_request_iov = -1;
	UT_RC(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, &a, &ep), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_create_null_out, "udapl.ep_create.param.null_out", "UDAPL-dat_ep_create-rc-invalid-parameter-null-out")
{
	UT_RC(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, NULL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_create_model, "udapl.ep_create.model.unsignalled", "UDAPL-dat_ep_create-rc-model-not-supported")
{
	DAT_PROVIDER_ATTR pa;
	DAT_EP_HANDLE ep0 = ut_ep(u, NULL, cl), ep;
	DAT_EP_PARAM p;
	ut_attrs(u->ia, NULL, &pa);
	if (pa.completion_flags_supported & DAT_COMPLETION_UNSIGNALLED_FLAG)
		rt_unsupported("the Provider supports DAT_COMPLETION_UNSIGNALLED_FLAG");
	UT_REQ(dat_ep_query(ep0, DAT_EP_FIELD_ALL, &p), cl);
	DAT_EP_ATTR a = p.ep_attr;
	a.request_completion_flags = DAT_COMPLETION_UNSIGNALLED_FLAG;
	UT_RC(dat_ep_create(u->ia, u->pz, u->rcv, u->req, u->conn, &a, &ep), DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(ep_srq_ok, "udapl.ep_create_with_srq.rc.success", "UDAPL-dat_ep_create_with_srq-rc-success")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_EP_HANDLE ep;
	DAT_EP_PARAM p;
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	RT_EXPECT_EQ_INT(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, s, NULL, &ep),
			DAT_SUCCESS, cl);
	UT_OK(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.srq_handle == s, cl);
}
IA_TEST(ep_srq_handle, "udapl.ep_create_with_srq.handle.srq", "UDAPL-dat_ep_create_with_srq-rc-invalid-handle-srq")
{
	DAT_EP_HANDLE ep;
	ut_need(u->ia, UT_CAP_SRQ);
	UT_RC(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, DAT_HANDLE_NULL, NULL, &ep),
			DAT_INVALID_HANDLE, cl);
	UT_RC(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, ut_ep(u, NULL, cl), NULL, &ep),
			DAT_INVALID_HANDLE, cl);
}
IA_TEST(ep_srq_stream, "udapl.ep_create_with_srq.param.evd_stream", "UDAPL-dat_ep_create_with_srq-rc-invalid-parameter-evd-stream")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_EP_HANDLE ep;
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &a, &s), cl);
	UT_RC(dat_ep_create_with_srq(u->ia, u->pz, u->conn, u->req, u->conn, s, NULL, &ep),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_srq_attr, "udapl.ep_create_with_srq.param.attr", "UDAPL-dat_ep_create_with_srq-rc-invalid-parameter-attr")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR sa = srq_attr();
	DAT_EP_HANDLE ep0 = ut_ep(u, NULL, cl), ep;
	DAT_EP_PARAM p;
	need_srq(u);
	UT_REQ(dat_srq_create(u->ia, u->pz, &sa, &s), cl);
	UT_REQ(dat_ep_query(ep0, DAT_EP_FIELD_ALL, &p), cl);
	DAT_EP_ATTR a = p.ep_attr;
	a.max_request_iov = -1;
	UT_RC(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, s, &a, &ep),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_srq_model, "udapl.ep_create_with_srq.model.no_srq", "UDAPL-dat_ep_create_with_srq-rc-model-not-supported")
{
	DAT_PROVIDER_ATTR p;
	ut_attrs(u->ia, NULL, &p);
	if (p.srq_supported)
		rt_unsupported("the Provider supports SRQs");
	DAT_EP_HANDLE ep;
	UT_RC(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, DAT_HANDLE_NULL, NULL, &ep),
			DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(ep_srq_pz, "udapl.ep_create_with_srq.protection.srq_other_pz", "UDAPL-dat_ep_create_with_srq-srq-pz-mismatch")
{
	DAT_SRQ_HANDLE s;
	DAT_SRQ_ATTR a = srq_attr();
	DAT_PZ_HANDLE pz2;
	DAT_PROVIDER_ATTR p;
	DAT_EP_HANDLE ep;
	need_srq(u);
	ut_attrs(u->ia, NULL, &p);
	if (p.srq_ep_pz_difference_supported)
		rt_unsupported("the Provider allows an SRQ in another PZ");
	UT_REQ(dat_pz_create(u->ia, &pz2), cl);
	UT_REQ(dat_srq_create(u->ia, pz2, &a, &s), cl);
	UT_RC_IN(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, s, NULL, &ep), cl,
			DAT_PROTECTION_VIOLATION, DAT_INVALID_PARAMETER);
}
IA_TEST(ep_free_ok, "udapl.ep_free.rc.success", "UDAPL-dat_ep_free-rc-success")
{
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	RT_EXPECT_EQ_INT(dat_ep_free(ep), DAT_SUCCESS, cl);
	UT_RC(dat_ep_free(ep), DAT_INVALID_HANDLE, cl);
}
IA_TEST_ATTRS(ep_double_free, "udapl.ep_free.rob.double_free", "UDAPL-dat_ep_free-rob-double-free", "tier=robustness")
{
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_ep_free(ep), cl);
	UT_RC(dat_ep_free(ep), DAT_INVALID_HANDLE, cl);
}
IA_TEST_ATTRS(ep_use_after_free, "udapl.ep_free.rob.use_after_free", "UDAPL-dat_ep_free-rob-use-after-free", "tier=robustness")
{
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	DAT_EP_PARAM p;
	struct ut_mem m;
	ut_mem(u, u->pz, 64, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_ep_free(ep), cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 8);
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	UT_RC(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), DAT_INVALID_HANDLE, cl);
	UT_RC(dat_ep_post_send(ep, 1, &s, ck, DAT_COMPLETION_DEFAULT_FLAG), DAT_INVALID_HANDLE, cl);
}
IA_TEST(ep_free_streams, "udapl.ep_free.evd.streams_released", "UDAPL-dat_ep_free-free-destroys-event-streams")
{
	DAT_EVD_HANDLE r, q, c;
	DAT_EP_HANDLE ep;
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &r), cl);
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &q), cl);
	UT_REQ(dat_evd_create(u->ia, 8, DAT_HANDLE_NULL, DAT_EVD_CONNECTION_FLAG, &c), cl);
	UT_REQ(dat_ep_create(u->ia, u->pz, r, q, c, NULL, &ep), cl);
	UT_REQ(dat_ep_free(ep), cl);
	UT_OK(dat_evd_free(r), cl);
	UT_OK(dat_evd_free(q), cl);
	UT_OK(dat_evd_free(c), cl);
}
IA_TEST(ep_status_ok, "udapl.ep_get_status.rc.success", "UDAPL-dat_ep_get_status-rc-success")
{
	DAT_EP_STATE st = (DAT_EP_STATE)-1;
	DAT_BOOLEAN a = 7, b = 7;
	RT_EXPECT_EQ_INT(dat_ep_get_status(ut_ep(u, NULL, cl), &st, &a, &b), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE((int)st >= 0 && st <= DAT_EP_STATE_COMPLETION_PENDING, cl);
	RT_EXPECT_TRUE((a == DAT_TRUE || a == DAT_FALSE) && (b == DAT_TRUE || b == DAT_FALSE), cl);
}
IA_TEST(ep_status_null, "udapl.ep_get_status.param.null_idle", "UDAPL-dat_ep_get_status-null-optional-outputs")
{
	DAT_EP_STATE st;
	RT_EXPECT_EQ_INT(dat_ep_get_status(ut_ep(u, NULL, cl), &st, NULL, NULL), DAT_SUCCESS, cl);
}
IA_TEST(ep_modify_ok, "udapl.ep_modify.rc.success", "UDAPL-dat_ep_modify-rc-success")
{
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	DAT_EP_PARAM p;
	memset(&p, 0, sizeof p);
	p.ep_attr.max_recv_dtos = 12;
	RT_EXPECT_EQ_INT(dat_ep_modify(ep, DAT_EP_FIELD_EP_ATTR_MAX_RECV_DTOS, &p), DAT_SUCCESS, cl);
	UT_OK(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), cl);
	RT_EXPECT_TRUE(p.ep_attr.max_recv_dtos >= 12, cl);
}
IA_TEST(ep_modify_handle, "udapl.ep_modify.handle.recv_evd", "UDAPL-dat_ep_modify-rc-invalid-handle-param-handle")
{
	DAT_EP_PARAM p;
	memset(&p, 0, sizeof p);
	p.recv_evd_handle = u->pz;
	UT_RC(dat_ep_modify(ut_ep(u, NULL, cl), DAT_EP_FIELD_RECV_EVD_HANDLE, &p), DAT_INVALID_HANDLE, cl);
}
IA_TEST(ep_modify_unmod, "udapl.ep_modify.param.unmodifiable", "UDAPL-dat_ep_modify-rc-invalid-parameter-unmodifiable")
{
	DAT_EP_PARAM p;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), cl);
	UT_RC(dat_ep_modify(ep, DAT_EP_FIELD_IA_HANDLE, &p), DAT_INVALID_PARAMETER, cl);
	UT_RC(dat_ep_modify(ep, DAT_EP_FIELD_EP_STATE, &p), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_modify_value, "udapl.ep_modify.param.value", "UDAPL-dat_ep_modify-rc-invalid-parameter-value")
{
	DAT_EP_PARAM p;
	DAT_IA_ATTR ia;
	ut_attrs(u->ia, &ia, NULL);
	memset(&p, 0, sizeof p);
	p.ep_attr.max_recv_dtos = ia.max_dto_per_ep + 1;
	UT_RC(dat_ep_modify(ut_ep(u, NULL, cl), DAT_EP_FIELD_EP_ATTR_MAX_RECV_DTOS, &p),
			DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_query_ok, "udapl.ep_query.rc.success", "UDAPL-dat_ep_query-rc-success")
{
	DAT_EP_PARAM p;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	RT_EXPECT_EQ_INT(dat_ep_query(ep, DAT_EP_FIELD_ALL, &p), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia && p.pz_handle == u->pz && p.recv_evd_handle == u->rcv &&
			p.request_evd_handle == u->req && p.connect_evd_handle == u->conn, cl);
	RT_EXPECT_EQ_INT(p.ep_state, DAT_EP_STATE_UNCONNECTED, cl);
}
IA_TEST(ep_query_null, "udapl.ep_query.param.null_param", "UDAPL-dat_ep_query-rc-invalid-parameter-null")
{
	UT_RC(dat_ep_query(ut_ep(u, NULL, cl), DAT_EP_FIELD_ALL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_recv_query_ok, "udapl.ep_recv_query.rc.success", "UDAPL-dat_ep_recv_query-rc-success")
{
	DAT_PROVIDER_ATTR p;
	DAT_COUNT n = -1, span = -1;
	ut_attrs(u->ia, NULL, &p);
	if (!p.ep_recv_info_supported)
		ut_lacks(UT_CAP_RECV_QUERY);
	RT_EXPECT_EQ_INT(dat_ep_recv_query(ut_ep(u, NULL, cl), &n, &span), DAT_SUCCESS, cl);
	RT_EXPECT_TRUE(n >= 0, cl);
}
IA_TEST(ep_recv_query_null, "udapl.ep_recv_query.param.null_outputs", "UDAPL-dat_ep_recv_query-rc-invalid-parameter")
{
	DAT_PROVIDER_ATTR p;
	ut_attrs(u->ia, NULL, &p);
	if (!p.ep_recv_info_supported)
		ut_lacks(UT_CAP_RECV_QUERY);
	UT_RC(dat_ep_recv_query(ut_ep(u, NULL, cl), NULL, NULL), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_recv_query_model, "udapl.ep_recv_query.model.unsupported", "UDAPL-dat_ep_recv_query-rc-model-not-supported")
{
	DAT_PROVIDER_ATTR p;
	DAT_COUNT n, s;
	ut_attrs(u->ia, NULL, &p);
	if (p.ep_recv_info_supported)
		rt_unsupported("the Provider reports receive-buffer information");
	UT_RC(dat_ep_recv_query(ut_ep(u, NULL, cl), &n, &s), DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(ep_wm_ok, "udapl.ep_set_watermark.rc.success", "UDAPL-dat_ep_set_watermark-rc-success")
{
	DAT_PROVIDER_ATTR p;
	ut_attrs(u->ia, NULL, &p);
	DAT_RETURN rc = dat_ep_set_watermark(ut_ep(u, NULL, cl), 4, 8);
	if (DAT_GET_TYPE(rc) == DAT_MODEL_NOT_SUPPORTED)
		ut_lacks(UT_CAP_EP_WATERMARKS);
	RT_EXPECT_EQ_INT(rc, DAT_SUCCESS, cl);
}
IA_TEST(ep_wm_param, "udapl.ep_set_watermark.param.negative", "UDAPL-dat_ep_set_watermark-rc-invalid-parameter")
{
	DAT_RETURN rc = dat_ep_set_watermark(ut_ep(u, NULL, cl), -5, 8);
	if (DAT_GET_TYPE(rc) == DAT_MODEL_NOT_SUPPORTED)
		ut_lacks(UT_CAP_EP_WATERMARKS);
	UT_RC(rc, DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_wm_model, "udapl.ep_set_watermark.model.unsupported", "UDAPL-dat_ep_set_watermark-rc-model-not-supported")
{
	DAT_RETURN rc = dat_ep_set_watermark(ut_ep(u, NULL, cl), 4, 8);
	if (rc == DAT_SUCCESS)
		rt_unsupported("the Provider supports Endpoint watermarks");
	UT_RC(rc, DAT_MODEL_NOT_SUPPORTED, cl);
}
IA_TEST(ep_disc_flags, "udapl.ep_disconnect.param.flags", "UDAPL-dat_ep_disconnect-rc-invalid-parameter-flags")
{
	UT_RC(dat_ep_disconnect(ut_ep(u, NULL, cl), (DAT_CLOSE_FLAGS)7), DAT_INVALID_PARAMETER, cl);
}
IA_TEST(ep_disc_unconn, "udapl.ep_disconnect.state.unconnected", "UDAPL-dat_ep_disconnect-rc-invalid-state-unconnected")
{
	UT_RC(dat_ep_disconnect(ut_ep(u, NULL, cl), DAT_CLOSE_ABRUPT_FLAG), DAT_INVALID_STATE, cl);
}
IA_TEST(ep_disc_reserved, "udapl.ep_disconnect.state.reserved", "UDAPL-dat_ep_disconnect-rc-invalid-state-reserved")
{
	DAT_RSP_HANDLE r;
	DAT_EP_HANDLE ep = ut_ep(u, NULL, cl);
	UT_REQ(dat_rsp_create(u->ia, UT_QUAL, ep, u->cr, &r), cl);
	UT_RC(dat_ep_disconnect(ep, DAT_CLOSE_ABRUPT_FLAG), DAT_INVALID_STATE, cl);
}
IA_TEST(ep_reset_unconn, "udapl.ep_reset.state.unconnected_noop", "UDAPL-dat_ep_reset-unconnected-noop")
{
	struct ut_conn c;
	struct ut_mem m, mb;
	(void)u;
	ut_conn_setup(&c, cl);
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	DAT_LMR_TRIPLET s = ut_seg(&m, 0, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 0xAB };
	UT_REQ(dat_ep_post_recv(c.ea, 1, &s, ck, DAT_COMPLETION_DEFAULT_FLAG), cl);
	RT_EXPECT_EQ_INT(dat_ep_reset(c.ea), DAT_SUCCESS, cl);
	RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_UNCONNECTED, cl);
	ut_conn_connect(&c, cl);
	memcpy(mb.buf, "hello", 5);
	ut_send(c.eb, c.b.req, &mb, 0, 5, cl);
	ut_dto(c.a.rcv, DAT_DTO_SUCCESS, 0xAB, NULL, cl);
	RT_EXPECT_MEM_EQ(m.buf, "hello", 5, cl);
	ut_conn_close(&c);
}
