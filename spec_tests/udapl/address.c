/*
 * address.c: the remote IA address as OFA's Consumers form it from a
 * host name (E-UDAPL-064): the peer IA's IPv4 address with port 0,
 * the connection qualifier naming the Service Point.  Compatibility
 * clauses, not mandatory: the form of an IA address is the Provider's.
 */
#include <netinet/in.h>
#include <string.h>

#include "ut.h"

#define C_PORT0 "UDAPL-dat_ep_connect-address-host-port-zero"
#define C_NONE  "UDAPL-dat_ep_connect-address-host-port-zero-no-listener"

/* b's IA address with port 0; UNSUPPORTED when it is not AF_INET. */
static struct sockaddr_in port_zero(const struct ut_conn *c)
{
	struct sockaddr_in sa;

	if (c->b.addr.ss_family != AF_INET)
		rt_unsupported("the Provider's IA addresses are not AF_INET");
	memcpy(&sa, &c->b.addr, sizeof sa);
	sa.sin_port = 0;
	return sa;
}

static DAT_RETURN connect_to(struct ut_conn *c, struct sockaddr_in *sa, DAT_CONN_QUAL q,
		DAT_TIMEOUT timeout)
{
	return dat_ep_connect(c->ea, (DAT_IA_ADDRESS_PTR)sa, q, timeout, 0, NULL,
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG);
}

RT_TEST(port0, "udapl.ep_connect.address.host_port_zero", C_PORT0)
{
	struct ut_conn c;
	struct ut_mem ma, mb;
	DAT_EVENT ev;

	ut_conn_setup(&c, C_PORT0);
	struct sockaddr_in sa = port_zero(&c);
	UT_REQ(connect_to(&c, &sa, UT_QUAL, UT_TIMEOUT), C_PORT0);
	if (!ut_wait(c.b.cr, DAT_CONNECTION_REQUEST_EVENT, &ev, C_PORT0))
		goto out;
	UT_REQ(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, c.eb, 0, NULL),
			C_PORT0);
	if (!ut_wait(c.b.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_PORT0) ||
			!ut_wait(c.a.conn, DAT_CONNECTION_EVENT_ESTABLISHED, NULL, C_PORT0))
		goto out;
	/* the Endpoints are each other's: a Send arrives */
	ut_mem(&c.a, c.a.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &ma, C_PORT0);
	ut_mem(&c.b, c.b.pz, 4096, DAT_MEM_PRIV_ALL_FLAG, &mb, C_PORT0);
	memcpy(ma.buf, "by host", 8);
	DAT_LMR_TRIPLET s = ut_seg(&mb, 0, 64);
	DAT_DTO_COOKIE ck = { .as_64 = 7 };
	UT_REQ(dat_ep_post_recv(c.eb, 1, &s, ck, DAT_COMPLETION_DEFAULT_FLAG), C_PORT0);
	ut_send(c.ea, c.a.req, &ma, 0, 8, C_PORT0);
	if (ut_dto(c.b.rcv, DAT_DTO_SUCCESS, 7, NULL, C_PORT0))
		RT_EXPECT_MEM_EQ(mb.buf, "by host", 8, C_PORT0);
out:
	ut_conn_close(&c);
}

RT_TEST(port0_none, "udapl.ep_connect.address.host_port_zero_no_listener", C_NONE)
{
	struct ut_conn c;
	DAT_EVENT ev;

	ut_conn_setup(&c, C_NONE);
	struct sockaddr_in sa = port_zero(&c);
	/* nobody listens there; a timeout well within the wait's */
	DAT_RETURN rc = connect_to(&c, &sa, UT_QUAL + 1, UT_TIMEOUT / 5);
	if (rc != DAT_SUCCESS) {
		UT_RC(rc, DAT_INVALID_ADDRESS, C_NONE);
	} else if (ut_wait(c.a.conn, 0, &ev, C_NONE)) {
		RT_EXPECT_RC_IN(ev.event_number, C_NONE,
				DAT_CONNECTION_EVENT_NON_PEER_REJECTED,
				DAT_CONNECTION_EVENT_UNREACHABLE, DAT_CONNECTION_EVENT_TIMED_OUT);
		RT_EXPECT_EQ_INT(ut_state(c.ea), DAT_EP_STATE_DISCONNECTED, C_NONE);
	}
	ut_empty(c.b.cr, C_NONE);
	ut_conn_close(&c);
}
