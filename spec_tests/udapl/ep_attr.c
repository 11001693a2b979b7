/*
 * ep_attr.c: Endpoint limits a Consumer leaves 0 (E-UDAPL-063):
 * max_message_size, max_rdma_size, max_rdma_read_iov and
 * max_rdma_write_iov of a zeroed DAT_EP_ATTR, as OFA's dtest passes
 * them.  A Provider refuses them at once, takes 0 as its default, or
 * refuses at once each post they forbid; never an error completion.
 */
#include <string.h>

#include "ut.h"

#define C_CREATE "UDAPL-dat_ep_create-zero-limits"
#define C_MODIFY "UDAPL-dat_ep_modify-zero-limits"

static void zero_limits(DAT_EP_ATTR *a)
{
	a->max_message_size = 0;
	a->max_rdma_size = 0;
	a->max_rdma_read_iov = 0;
	a->max_rdma_write_iov = 0;
}

/* A post under the zero limits: refused at once, or completed with
 * DAT_DTO_SUCCESS.  True when it completed. */
static bool posted(DAT_RETURN rc, DAT_EVD_HANDLE req, uint64_t ck, const char *cl)
{
	if (rc != DAT_SUCCESS) {
		UT_RC_IN(rc, cl, DAT_INVALID_PARAMETER, DAT_LENGTH_ERROR);
		return false;
	}
	return ut_dto(req, DAT_DTO_SUCCESS, ck, NULL, cl);
}

/* Connects c->ea (the Endpoint under test) to a default one on b, then
 * a Send of 48 bytes, a two-segment RDMA Write and a two-segment RDMA
 * Read from c->ea; each one that completes must have moved its data. */
static void exercise(struct ut_conn *c, const char *cl)
{
	struct ut_mem ma, mb;
	DAT_DTO_COOKIE ck = { .as_64 = 1 };
	DAT_LMR_TRIPLET s[2];
	DAT_RMR_TRIPLET d;

	c->eb = ut_ep(&c->b, NULL, cl);
	UT_REQ(dat_psp_create(c->b.ia, UT_QUAL, c->b.cr, DAT_PSP_CONSUMER_FLAG, &c->psp), cl);
	ut_conn_connect(c, cl);
	ut_mem(&c->a, c->a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, cl);
	ut_mem(&c->b, c->b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, cl);
	for (int i = 0; i < 256; i++)
		ma.buf[i] = (char)(i * 7 + 1);

	s[0] = ut_seg(&mb, 0, 64);
	UT_REQ(dat_ep_post_recv(c->eb, 1, s, ck, DAT_COMPLETION_DEFAULT_FLAG), cl);
	s[0] = ut_seg(&ma, 0, 48);
	if (posted(dat_ep_post_send(c->ea, 1, s, ck, DAT_COMPLETION_DEFAULT_FLAG),
			c->a.req, 1, cl) && ut_dto(c->b.rcv, DAT_DTO_SUCCESS, 1, NULL, cl))
		RT_EXPECT_MEM_EQ(mb.buf, ma.buf, 48, cl);

	ck.as_64 = 2;
	s[0] = ut_seg(&ma, 64, 32);
	s[1] = ut_seg(&ma, 128, 32);
	d = ut_rseg(&mb, 1024, 64);
	if (posted(dat_ep_post_rdma_write(c->ea, 2, s, ck, &d, DAT_COMPLETION_DEFAULT_FLAG),
			c->a.req, 2, cl)) {
		RT_EXPECT_MEM_EQ(mb.buf + 1024, ma.buf + 64, 32, cl);
		RT_EXPECT_MEM_EQ(mb.buf + 1056, ma.buf + 128, 32, cl);
	}

	ck.as_64 = 3;
	memset(mb.buf + 2048, 'r', 40);
	s[0] = ut_seg(&ma, 1024, 24);
	s[1] = ut_seg(&ma, 2048, 16);
	d = ut_rseg(&mb, 2048, 40);
	if (posted(dat_ep_post_rdma_read(c->ea, 2, s, ck, &d, DAT_COMPLETION_DEFAULT_FLAG),
			c->a.req, 3, cl)) {
		RT_EXPECT_MEM_EQ(ma.buf + 1024, mb.buf + 2048, 24, cl);
		RT_EXPECT_MEM_EQ(ma.buf + 2048, mb.buf + 2048, 16, cl);
	}
}

/* The attributes a's default Endpoint has, with the four limits 0. */
static DAT_EP_ATTR zeroed_defaults(struct ut_ia *u, const char *cl)
{
	DAT_EP_HANDLE ep0 = ut_ep(u, NULL, cl);
	DAT_EP_PARAM p;

	UT_REQ(dat_ep_query(ep0, DAT_EP_FIELD_ALL, &p), cl);
	UT_REQ(dat_ep_free(ep0), cl);
	zero_limits(&p.ep_attr);
	return p.ep_attr;
}

RT_TEST(zero_create, "udapl.ep_create.attr.zero_limits", C_CREATE)
{
	struct ut_conn c;
	DAT_EP_ATTR a;
	DAT_RETURN rc;

	memset(&c, 0, sizeof c);
	ut_open(&c.a, C_CREATE);
	ut_open(&c.b, C_CREATE);
	a = zeroed_defaults(&c.a, C_CREATE);
	rc = dat_ep_create(c.a.ia, c.a.pz, c.a.rcv, c.a.req, c.a.conn, &a, &c.ea);
	if (rc == DAT_SUCCESS)
		exercise(&c, C_CREATE);
	else
		UT_RC(rc, DAT_INVALID_PARAMETER, C_CREATE);
	ut_conn_close(&c);
}

RT_TEST(zero_modify, "udapl.ep_modify.attr.zero_limits", C_MODIFY)
{
	struct ut_conn c;
	DAT_EP_PARAM p;
	DAT_RETURN rc;

	memset(&c, 0, sizeof c);
	ut_open(&c.a, C_MODIFY);
	ut_open(&c.b, C_MODIFY);
	c.ea = ut_ep(&c.a, NULL, C_MODIFY);
	memset(&p, 0, sizeof p);
	zero_limits(&p.ep_attr);
	rc = dat_ep_modify(c.ea, DAT_EP_FIELD_EP_ATTR_MAX_MESSAGE_SIZE |
			DAT_EP_FIELD_EP_ATTR_MAX_RDMA_SIZE |
			DAT_EP_FIELD_EP_ATTR_MAX_RDMA_READ_IOV |
			DAT_EP_FIELD_EP_ATTR_MAX_RDMA_WRITE_IOV, &p);
	if (rc == DAT_SUCCESS)
		exercise(&c, C_MODIFY);
	else
		UT_RC(rc, DAT_INVALID_PARAMETER, C_MODIFY);
	ut_conn_close(&c);
}
