/*
 * query_fields.c: every field the query calls fill, read and held to a
 * value the pages give (vectors/tools/check_outputs.py lists the fields
 * no test reads).  Outputs are filled with a pattern before each call, so
 * a field the call leaves unset shows as the pattern.
 *
 *   dat_ia_query   IA attributes common to every open instance; the
 *                  adapter name is the IA name; every limit at least what
 *                  the IA has just been shown to support; Provider
 *                  attributes of their types (booleans, enumerations,
 *                  named attributes);
 *   dat_lmr_query  the IA, the memory type and the region description
 *                  the LMR was created with, for each memory type;
 *   dat_srq_query  the state and low watermark of a new SRQ and after
 *                  dat_srq_set_lw;
 *   dat_ep_recv_query  the buffer span of an idle Endpoint.
 */
#include <string.h>

#include "ut.h"

#define POISON 0xa5

static void query(DAT_IA_HANDLE ia, DAT_IA_ATTR *a, DAT_PROVIDER_ATTR *p,
		const char *cl)
{
	memset(a, POISON, sizeof *a);
	memset(p, POISON, sizeof *p);
	UT_REQ(dat_ia_query(ia, NULL, DAT_IA_FIELD_ALL, a, DAT_PROVIDER_FIELD_ALL, p), cl);
}

/* A string field of n bytes holds a terminated string. */
static bool terminated(const char *s, size_t n)
{
	return memchr(s, '\0', n) != NULL;
}

static bool same_named(const DAT_NAMED_ATTR *x, const DAT_NAMED_ATTR *y, DAT_COUNT n)
{
	for (DAT_COUNT i = 0; i < n; i++)
		if (!x[i].name || !y[i].name || strcmp(x[i].name, y[i].name) != 0 ||
				!x[i].value || !y[i].value || strcmp(x[i].value, y[i].value) != 0)
			return false;
	return true;
}

/* Every entry of a named-attribute list has a name and a value (strings). */
static bool named_ok(const DAT_NAMED_ATTR *x, DAT_COUNT n)
{
	if (n < 0 || (n > 0 && !x))
		return false;
	for (DAT_COUNT i = 0; i < n; i++)
		if (!x[i].name || !x[i].value)
			return false;
	return true;
}

/*
 * dat_ia_query(3DAT): "The IA attributes are common to all open instances
 * of the IA."  A second instance of the same IA name reports the same
 * value for every attribute; the address is left out (each instance the
 * corpus opens is addressed by its peer: udapl.ia_query.* address tests).
 */
#define C_COMMON "UDAPL-dat_ia_query-attrs-common-to-instances"
IA_TEST(ia_common, "udapl.ia_query.attrs.common_to_instances", C_COMMON)
{
	DAT_IA_ATTR a, b;
	DAT_PROVIDER_ATTR pa, pb;
	DAT_EVD_HANDLE async;
	DAT_IA_HANDLE ia2 = ut_open_bare(&async, cl);

	query(u->ia, &a, &pa, cl);
	query(ia2, &b, &pb, cl);
	RT_EXPECT_TRUE(terminated(a.adapter_name, sizeof a.adapter_name) &&
			terminated(b.adapter_name, sizeof b.adapter_name) &&
			strcmp(a.adapter_name, b.adapter_name) == 0, cl);
	RT_EXPECT_TRUE(terminated(a.vendor_name, sizeof a.vendor_name) &&
			terminated(b.vendor_name, sizeof b.vendor_name) &&
			strcmp(a.vendor_name, b.vendor_name) == 0, cl);
#define SAME(f) RT_EXPECT_EQ_U64((uint64_t)b.f, (uint64_t)a.f, cl)
	SAME(hardware_version_major); SAME(hardware_version_minor);
	SAME(firmware_version_major); SAME(firmware_version_minor);
	SAME(max_eps); SAME(max_dto_per_ep); SAME(max_rdma_read_per_ep_in);
	SAME(max_rdma_read_per_ep_out); SAME(max_evds); SAME(max_evd_qlen);
	SAME(max_iov_segments_per_dto); SAME(max_lmrs); SAME(max_lmr_block_size);
	SAME(max_lmr_virtual_address); SAME(max_pzs); SAME(max_message_size);
	SAME(max_rdma_size); SAME(max_rmrs); SAME(max_rmr_target_address);
	SAME(max_srqs); SAME(max_ep_per_srq); SAME(max_recv_per_srq);
	SAME(max_iov_segments_per_rdma_read); SAME(max_iov_segments_per_rdma_write);
	SAME(max_rdma_read_in); SAME(max_rdma_read_out);
	SAME(max_rdma_read_per_ep_in_guaranteed); SAME(max_rdma_read_per_ep_out_guaranteed);
	SAME(num_transport_attr); SAME(num_vendor_attr);
#undef SAME
	RT_EXPECT_TRUE(named_ok(a.transport_attr, a.num_transport_attr) &&
			a.num_transport_attr == b.num_transport_attr &&
			same_named(a.transport_attr, b.transport_attr, a.num_transport_attr), cl);
	RT_EXPECT_TRUE(named_ok(a.vendor_attr, a.num_vendor_attr) &&
			a.num_vendor_attr == b.num_vendor_attr &&
			same_named(a.vendor_attr, b.vendor_attr, a.num_vendor_attr), cl);
	UT_OK(dat_ia_close(ia2, DAT_CLOSE_ABRUPT_FLAG), cl);
}

/* "Adapter name: The name of the IA controlled by the Provider. The same
 * as ia_name_ptr." */
#define C_NAME "UDAPL-dat_ia_query-adapter-name-is-ia-name"
IA_TEST(ia_name, "udapl.ia_query.attrs.adapter_name_is_ia_name", C_NAME)
{
	DAT_IA_ATTR a;
	DAT_PROVIDER_ATTR p;

	query(u->ia, &a, &p, cl);
	RT_EXPECT_TRUE(terminated(a.adapter_name, sizeof a.adapter_name), cl);
	RT_EXPECT_TRUE(strcmp(a.adapter_name, ut_ia_name()) == 0, cl);
}

/*
 * Each IA limit is a maximum the IA supports ("Maximum number of
 * Endpoints that the IA can support", "... that any Endpoint can
 * support", ...): never below what the IA has just supported.  With a
 * PZ, four EVDs, an Endpoint with its default attributes and a 4096-byte
 * LMR live (an RMR and an SRQ where the Provider has them), each limit
 * covers them; the booleans are DAT_TRUE or DAT_FALSE.
 */
#define C_LIMITS "UDAPL-dat_ia_query-limits-cover-created"
IA_TEST(ia_limits, "udapl.ia_query.attrs.limits_cover_created_objects", C_LIMITS)
{
	DAT_IA_ATTR a;
	DAT_PROVIDER_ATTR p;
	DAT_EP_PARAM ep;
	struct ut_mem m;
	DAT_EP_HANDLE e = ut_ep(u, NULL, cl);
	DAT_RMR_HANDLE rmr = ut_rmr_if_offered(u->ia, u->pz, cl);
	DAT_SRQ_HANDLE srq = DAT_HANDLE_NULL;
	DAT_SRQ_ATTR sa = { .max_recv_dtos = 8, .max_recv_iov = 1,
		.low_watermark = DAT_SRQ_LW_DEFAULT };

	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	query(u->ia, &a, &p, cl);
	if (p.srq_supported == DAT_TRUE)
		UT_REQ(dat_srq_create(u->ia, u->pz, &sa, &srq), cl);
	memset(&ep, POISON, sizeof ep);
	UT_REQ(dat_ep_query(e, DAT_EP_FIELD_ALL, &ep), cl);
	const DAT_EP_ATTR *x = &ep.ep_attr;

	RT_EXPECT_TRUE(a.max_eps >= 1, cl);
	RT_EXPECT_TRUE(a.max_evds >= 4, cl);
	RT_EXPECT_TRUE(a.max_pzs >= 1, cl);
	RT_EXPECT_TRUE(a.max_lmrs >= 1, cl);
	RT_EXPECT_TRUE(a.max_lmr_block_size >= 4096, cl);
	RT_EXPECT_TRUE(a.max_lmr_virtual_address >= m.reg_addr + m.reg_len - 1, cl);
	RT_EXPECT_TRUE(a.max_dto_per_ep >= x->max_request_dtos &&
			a.max_dto_per_ep >= x->max_recv_dtos, cl);
	RT_EXPECT_TRUE(a.max_iov_segments_per_dto >= x->max_request_iov &&
			a.max_iov_segments_per_dto >= x->max_recv_iov, cl);
	RT_EXPECT_TRUE(a.max_message_size >= x->max_message_size, cl);
	RT_EXPECT_TRUE(a.max_rdma_size >= x->max_rdma_size, cl);
	RT_EXPECT_TRUE(a.max_rdma_read_per_ep_in >= x->max_rdma_read_in &&
			a.max_rdma_read_in >= x->max_rdma_read_in, cl);
	RT_EXPECT_TRUE(a.max_rdma_read_per_ep_out >= x->max_rdma_read_out &&
			a.max_rdma_read_out >= x->max_rdma_read_out, cl);
	RT_EXPECT_TRUE(a.max_iov_segments_per_rdma_read >= x->max_rdma_read_iov, cl);
	RT_EXPECT_TRUE(a.max_iov_segments_per_rdma_write >= x->max_rdma_write_iov, cl);
	RT_EXPECT_TRUE(a.max_rdma_read_per_ep_in_guaranteed == DAT_TRUE ||
			a.max_rdma_read_per_ep_in_guaranteed == DAT_FALSE, cl);
	RT_EXPECT_TRUE(a.max_rdma_read_per_ep_out_guaranteed == DAT_TRUE ||
			a.max_rdma_read_per_ep_out_guaranteed == DAT_FALSE, cl);
	if (rmr != DAT_HANDLE_NULL) {
		RT_EXPECT_TRUE(a.max_rmrs >= 1, cl);
		RT_EXPECT_TRUE(a.max_rmr_target_address >= m.reg_addr + m.reg_len - 1, cl);
	}
	if (srq != DAT_HANDLE_NULL) {
		DAT_EP_HANDLE se;
		RT_EXPECT_TRUE(a.max_srqs >= 1, cl);
		RT_EXPECT_TRUE(a.max_recv_per_srq >= sa.max_recv_dtos, cl);
		UT_REQ(dat_ep_create_with_srq(u->ia, u->pz, u->rcv, u->req, u->conn, srq,
				NULL, &se), cl);
		RT_EXPECT_TRUE(a.max_ep_per_srq >= 1, cl);
		UT_OK(dat_ep_free(se), cl);
		UT_OK(dat_srq_free(srq), cl);
	}
}

/*
 * The Provider attributes of their types: every DAT_BOOLEAN DAT_TRUE or
 * DAT_FALSE, pz_support one of the three DAT_PZ_SUPPORT values, the
 * Provider name a terminated string, and every named attribute a name
 * and a value (dat_ia_query(3DAT), "DAPL Provider Attributes").
 */
#define C_OK "UDAPL-dat_ia_query-rc-success"
static bool boolean(DAT_BOOLEAN b)
{
	return b == DAT_TRUE || b == DAT_FALSE;
}
IA_TEST(pa_types, "udapl.ia_query.provider_attrs.of_their_types", C_OK)
{
	DAT_IA_ATTR a;
	DAT_PROVIDER_ATTR p;

	query(u->ia, &a, &p, cl);
	RT_EXPECT_TRUE(terminated(p.provider_name, sizeof p.provider_name), cl);
	RT_EXPECT_TRUE(p.provider_version_major != 0xa5a5a5a5u &&
			p.provider_version_minor != 0xa5a5a5a5u, cl);
	RT_EXPECT_TRUE(boolean(p.supports_multipath), cl);
	RT_EXPECT_TRUE(p.pz_support == DAT_PZ_UNIQUE || p.pz_support == DAT_PZ_SAME ||
			p.pz_support == DAT_PZ_SHAREABLE, cl);
	RT_EXPECT_TRUE(boolean(p.dto_async_return_guaranteed), cl);
	RT_EXPECT_TRUE(boolean(p.rdma_write_for_rdma_read_req), cl);
	RT_EXPECT_TRUE(boolean((DAT_BOOLEAN)p.srq_info_supported) ||
			p.srq_info_supported == DAT_VALUE_UNKNOWN, cl);
	RT_EXPECT_TRUE(named_ok(p.provider_specific_attr, p.num_provider_specific_attr), cl);
}

/* ---- dat_lmr_query --------------------------------------------------- */

/* dat_lmr_query reports the IA, the memory type and the region
 * description of the LMR as dat_lmr_create was given them. */
#define C_LMR "UDAPL-dat_lmr_query-rc-success"
static void lmr_param(DAT_LMR_HANDLE l, DAT_LMR_PARAM *p, const char *cl)
{
	memset(p, POISON, sizeof *p);
	UT_REQ(dat_lmr_query(l, DAT_LMR_FIELD_ALL, p), cl);
}

IA_TEST(lmr_va, "udapl.lmr_query.fields.virtual", C_LMR)
{
	struct ut_mem m;
	DAT_LMR_PARAM p;

	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	lmr_param(m.lmr, &p, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia, cl);
	RT_EXPECT_EQ_INT(p.mem_type, DAT_MEM_TYPE_VIRTUAL, cl);
	RT_EXPECT_TRUE(p.region_desc.for_va == (DAT_PVOID)m.buf, cl);
}

IA_TEST(lmr_lmr, "udapl.lmr_query.fields.lmr", C_LMR)
{
	struct ut_mem m;
	DAT_PROVIDER_ATTR pa;
	DAT_LMR_PARAM p;
	DAT_REGION_DESCRIPTION r;
	DAT_LMR_HANDLE l;
	DAT_LMR_CONTEXT lc;
	DAT_RMR_CONTEXT rc;

	ut_attrs(u->ia, NULL, &pa);
	if (!(pa.lmr_mem_types_supported & DAT_MEM_TYPE_LMR))
		rt_unsupported("DAT_MEM_TYPE_LMR is not supported");
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	r.for_lmr_handle = m.lmr;
	UT_REQ(dat_lmr_create(u->ia, DAT_MEM_TYPE_LMR, r, 4096, u->pz,
			DAT_MEM_PRIV_ALL_FLAG, &l, &lc, &rc, NULL, NULL), cl);
	lmr_param(l, &p, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia, cl);
	RT_EXPECT_EQ_INT(p.mem_type, DAT_MEM_TYPE_LMR, cl);
	RT_EXPECT_TRUE(p.region_desc.for_lmr_handle == m.lmr, cl);
	RT_EXPECT_EQ_U64(p.lmr_context, lc, cl);
	UT_OK(dat_lmr_free(l), cl);
}

static char cookie[DAT_LMR_COOKIE_SIZE] = "rdmacts-shared-query";
IA_TEST(lmr_shared, "udapl.lmr_query.fields.shared_virtual", C_LMR)
{
	struct ut_mem m;
	DAT_LMR_PARAM p;
	DAT_REGION_DESCRIPTION r;
	DAT_LMR_HANDLE l;
	DAT_LMR_CONTEXT lc;
	DAT_RMR_CONTEXT rc;

	ut_need(u->ia, UT_CAP_SHARED_VIRTUAL);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	r.for_shared_memory.virtual_address = m.buf;
	r.for_shared_memory.shared_memory_id = &cookie;
	UT_REQ_CAP(u->ia, UT_CAP_SHARED_VIRTUAL, dat_lmr_create(u->ia,
			DAT_MEM_TYPE_SHARED_VIRTUAL, r, 4096, u->pz, DAT_MEM_PRIV_ALL_FLAG,
			&l, &lc, &rc, NULL, NULL), cl);
	lmr_param(l, &p, cl);
	RT_EXPECT_TRUE(p.ia_handle == u->ia, cl);
	RT_EXPECT_EQ_INT(p.mem_type, DAT_MEM_TYPE_SHARED_VIRTUAL, cl);
	RT_EXPECT_TRUE(p.region_desc.for_shared_memory.virtual_address == (DAT_PVOID)m.buf, cl);
	/* the same cookie: the pointer given, or a copy of its bytes */
	DAT_LMR_COOKIE got = p.region_desc.for_shared_memory.shared_memory_id;
	RT_EXPECT_TRUE(got == &cookie || (got && memcmp(*got, cookie, sizeof cookie) == 0), cl);
	UT_OK(dat_lmr_free(l), cl);
}

/* ---- dat_srq_query --------------------------------------------------- */

/* A new SRQ is operational with the low watermark it was created with
 * (DAT_SRQ_LW_DEFAULT: none); dat_srq_set_lw changes it. */
#define C_SRQ "UDAPL-dat_srq_query-rc-success"
IA_TEST(srq_fields, "udapl.srq_query.fields.state_and_watermark", C_SRQ)
{
	DAT_SRQ_ATTR a = { .max_recv_dtos = 8, .max_recv_iov = 1,
		.low_watermark = DAT_SRQ_LW_DEFAULT };
	DAT_SRQ_HANDLE srq;
	DAT_SRQ_PARAM p;

	UT_REQ_CAP(u->ia, UT_CAP_SRQ, dat_srq_create(u->ia, u->pz, &a, &srq), cl);
	memset(&p, POISON, sizeof p);
	UT_REQ(dat_srq_query(srq, DAT_SRQ_FIELD_ALL, &p), cl);
	RT_EXPECT_EQ_INT(p.srq_state, DAT_SRQ_STATE_OPERATIONAL, cl);
	RT_EXPECT_EQ_INT(p.low_watermark, DAT_SRQ_LW_DEFAULT, cl);
	if (ut_offers(u->ia, UT_CAP_SRQ_WATERMARKS) == 1) {
		UT_REQ(dat_srq_set_lw(srq, 3), cl);
		memset(&p, POISON, sizeof p);
		UT_REQ(dat_srq_query(srq, DAT_SRQ_FIELD_ALL, &p), cl);
		RT_EXPECT_EQ_INT(p.low_watermark, 3, cl);
		RT_EXPECT_EQ_INT(p.srq_state, DAT_SRQ_STATE_OPERATIONAL, cl);
	}
	UT_OK(dat_srq_free(srq), cl);
}

/* ---- dat_ep_recv_query ----------------------------------------------- */

/* "The span is the number of additional successful Recv completions that
 * EP can generate if all the messages it is currently receiving will
 * complete successfully": none on an Endpoint that receives nothing, with
 * two Receives posted or not (or DAT_VALUE_UNKNOWN); nbufs_allocated
 * counts the two. */
#define C_RQ "UDAPL-dat_ep_recv_query-rc-success"
IA_TEST(recv_span, "udapl.ep_recv_query.fields.idle_span", C_RQ)
{
	DAT_PROVIDER_ATTR pa;
	struct ut_mem m;
	DAT_COUNT n = -7, span = -7;
	DAT_EP_HANDLE e;

	ut_attrs(u->ia, NULL, &pa);
	if (!pa.ep_recv_info_supported)
		ut_lacks(UT_CAP_RECV_QUERY);
	e = ut_ep(u, NULL, cl);
	ut_mem(u, u->pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &m, cl);
	UT_REQ(dat_ep_recv_query(e, &n, &span), cl);
	RT_EXPECT_TRUE(span == 0 || span == DAT_VALUE_UNKNOWN, cl);
	for (int i = 0; i < 2; i++) {
		DAT_LMR_TRIPLET t = ut_seg(&m, (size_t)i * 64, 64);
		UT_REQ(dat_ep_post_recv(e, 1, &t, (DAT_DTO_COOKIE){ .as_64 = (uint64_t)i },
				DAT_COMPLETION_DEFAULT_FLAG), cl);
	}
	n = span = -7;
	UT_REQ(dat_ep_recv_query(e, &n, &span), cl);
	RT_EXPECT_TRUE(n == 2 || n == DAT_VALUE_UNKNOWN, cl);
	RT_EXPECT_TRUE(span == 0 || span == DAT_VALUE_UNKNOWN, cl);
}
