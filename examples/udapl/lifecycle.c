/*
 * lifecycle.c: the registry and the life cycle of every uDAPL object in
 * one process.
 *
 * Lists the registry, opens the IA named by RDMACTS_DAPL_IA (default
 * rdmacts0), creates a PZ, an LMR, an RMR, EVDs, a CNO, a PSP, an SRQ
 * and Endpoints, connects two Endpoints of the same IA through a PSP,
 * exchanges a Send, binds the RMR and RDMA-writes into it, checks that
 * bad handles are refused, then frees everything and closes the IA.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dat/udat.h>

#define CHECK(call) do { DAT_RETURN rc_ = (call); if (rc_ != DAT_SUCCESS) { \
	const char *a_ = "?", *b_ = "?"; dat_strerror(rc_, &a_, &b_); \
	fprintf(stderr, "%s:%d: %s -> %s %s\n", __FILE__, __LINE__, #call, a_, b_); \
	exit(1); } } while (0)
#define EXPECT(cond, ...) do { if (!(cond)) { fprintf(stderr, "%s:%d: ", \
	__FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); \
	exit(1); } } while (0)

static DAT_EVENT wait_event(DAT_EVD_HANDLE evd, DAT_EVENT_NUMBER expect)
{
	DAT_EVENT ev;
	DAT_COUNT more;

	CHECK(dat_evd_wait(evd, 5000000, 1, &ev, &more));
	EXPECT(ev.event_number == expect, "event 0x%x, expected 0x%x",
			ev.event_number, expect);
	return ev;
}

int main(void)
{
	char *name = getenv("RDMACTS_DAPL_IA") ? getenv("RDMACTS_DAPL_IA") : "rdmacts0";
	DAT_PROVIDER_INFO info[8], *list[8];
	DAT_COUNT n;
	DAT_IA_HANDLE ia;
	DAT_EVD_HANDLE async = DAT_HANDLE_NULL, cr_evd, conn_evd, dto_evd;
	DAT_PZ_HANDLE pz;
	DAT_LMR_HANDLE lmr;
	DAT_LMR_CONTEXT lctx;
	DAT_RMR_CONTEXT rctx, bound;
	DAT_RMR_HANDLE rmr;
	DAT_CNO_HANDLE cno;
	DAT_PSP_HANDLE psp;
	DAT_SRQ_HANDLE srq;
	DAT_EP_HANDLE a, b;
	DAT_CR_HANDLE cr;
	DAT_IA_ATTR ia_attr;
	DAT_PROVIDER_ATTR pattr;
	DAT_EVENT ev;
	DAT_HANDLE_TYPE type;
	DAT_EP_STATE state;
	DAT_CONTEXT ctx = { .as_64 = 42 };
	DAT_REGION_DESCRIPTION region;
	DAT_DTO_COOKIE cookie = { .as_64 = 7 };
	DAT_RMR_COOKIE rcookie = { .as_64 = 9 };
	DAT_SRQ_ATTR sattr = { .max_recv_dtos = 4, .max_recv_iov = 1 };
	static char buf[4096];

	/* The registry: dat.conf lists the IA we are about to open. */
	for (int i = 0; i < 8; i++)
		list[i] = &info[i];
	CHECK(dat_registry_list_providers(8, &n, list));
	int found = 0;
	for (int i = 0; i < n; i++)
		found |= !strcmp(info[i].ia_name, name);
	EXPECT(found, "%s is not in the registry", name);
	EXPECT(DAT_GET_TYPE(dat_ia_open((char *)"no-such-ia", 8, &async, &ia)) ==
			DAT_PROVIDER_NOT_FOUND, "unknown IA name accepted");

	CHECK(dat_ia_open(name, 8, &async, &ia));
	CHECK(dat_ia_query(ia, NULL, DAT_IA_FIELD_ALL, &ia_attr,
			DAT_PROVIDER_FIELD_ALL, &pattr));
	CHECK(dat_get_handle_type(ia, &type));
	EXPECT(type == DAT_HANDLE_TYPE_IA, "IA handle type %d", type);

	/* Bad handles are refused, never followed. */
	EXPECT(DAT_GET_TYPE(dat_pz_create(NULL, &pz)) == DAT_INVALID_HANDLE, "NULL IA");
	EXPECT(DAT_GET_TYPE(dat_pz_create((DAT_IA_HANDLE)buf, &pz)) == DAT_INVALID_HANDLE,
			"garbage IA");
	EXPECT(DAT_GET_TYPE(dat_pz_create((DAT_IA_HANDLE)0x10, &pz)) == DAT_INVALID_HANDLE,
			"unmapped IA");

	CHECK(dat_pz_create(ia, &pz));
	EXPECT(DAT_GET_TYPE(dat_pz_create(pz, &pz)) == DAT_INVALID_HANDLE, "PZ as IA");
	region.for_va = buf;
	CHECK(dat_lmr_create(ia, DAT_MEM_TYPE_VIRTUAL, region, sizeof buf, pz,
			DAT_MEM_PRIV_ALL_FLAG, &lmr, &lctx, &rctx, NULL, NULL));
	CHECK(dat_set_consumer_context(lmr, ctx));
	ctx.as_64 = 0;
	CHECK(dat_get_consumer_context(lmr, &ctx));
	EXPECT(ctx.as_64 == 42, "consumer context %llu", (unsigned long long)ctx.as_64);
	CHECK(dat_rmr_create(pz, &rmr));
	CHECK(dat_cno_create(ia, DAT_OS_WAIT_PROXY_AGENT_NULL, &cno));
	CHECK(dat_evd_create(ia, 8, DAT_HANDLE_NULL, DAT_EVD_CR_FLAG, &cr_evd));
	CHECK(dat_evd_create(ia, 8, DAT_HANDLE_NULL, DAT_EVD_CONNECTION_FLAG, &conn_evd));
	CHECK(dat_evd_create(ia, 32, cno, DAT_EVD_DTO_FLAG | DAT_EVD_RMR_BIND_FLAG |
			DAT_EVD_SOFTWARE_FLAG, &dto_evd));
	CHECK(dat_srq_create(ia, pz, &sattr, &srq));
	CHECK(dat_psp_create(ia, 77, cr_evd, DAT_PSP_CONSUMER_FLAG, &psp));
	CHECK(dat_ep_create(ia, pz, dto_evd, dto_evd, conn_evd, NULL, &a));
	CHECK(dat_ep_create(ia, pz, dto_evd, dto_evd, conn_evd, NULL, &b));

	/* A software event through the CNO. */
	ev.event_number = DAT_SOFTWARE_EVENT;
	ev.event_data.software_event_data.pointer = buf;
	CHECK(dat_evd_post_se(dto_evd, &ev));
	DAT_EVD_HANDLE which;
	CHECK(dat_cno_wait(cno, 1000000, &which));
	EXPECT(which == dto_evd, "CNO woke for another EVD");
	wait_event(dto_evd, DAT_SOFTWARE_EVENT);

	/* Connect a to b through the PSP, within the IA. */
	CHECK(dat_ep_connect(a, ia_attr.ia_address_ptr, 77, 5000000, 5, (DAT_PVOID)"hello",
			DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG));
	ev = wait_event(cr_evd, DAT_CONNECTION_REQUEST_EVENT);
	cr = ev.event_data.cr_arrival_event_data.cr_handle;
	DAT_CR_PARAM crp;
	CHECK(dat_cr_query(cr, DAT_CR_FIELD_ALL, &crp));
	EXPECT(crp.private_data_size == 5 && !memcmp(crp.private_data, "hello", 5),
			"private data of the request");
	CHECK(dat_cr_accept(cr, b, 0, NULL));
	wait_event(conn_evd, DAT_CONNECTION_EVENT_ESTABLISHED);
	wait_event(conn_evd, DAT_CONNECTION_EVENT_ESTABLISHED);
	CHECK(dat_ep_get_status(a, &state, NULL, NULL));
	EXPECT(state == DAT_EP_STATE_CONNECTED, "a in state %d", state);

	/* A Send from a to b. */
	DAT_LMR_TRIPLET rx = { lctx, 0, (DAT_VADDR)(uintptr_t)buf, 64 };
	DAT_LMR_TRIPLET tx = { lctx, 0, (DAT_VADDR)(uintptr_t)(buf + 64), 11 };
	memcpy(buf + 64, "from a to b", 11);
	CHECK(dat_ep_post_recv(b, 1, &rx, cookie, DAT_COMPLETION_DEFAULT_FLAG));
	CHECK(dat_ep_post_send(a, 1, &tx, cookie, DAT_COMPLETION_DEFAULT_FLAG));
	for (int i = 0; i < 2; i++) {
		ev = wait_event(dto_evd, DAT_DTO_COMPLETION_EVENT);
		EXPECT(ev.event_data.dto_completion_event_data.status == DAT_DTO_SUCCESS &&
				ev.event_data.dto_completion_event_data.transfered_length == 11,
				"DTO completion");
	}
	EXPECT(!memcmp(buf, "from a to b", 11), "Send data");

	/* Bind the RMR on b to [buf+1024, +512) and RDMA-write into it from a. */
	DAT_LMR_TRIPLET win = { lctx, 0, (DAT_VADDR)(uintptr_t)(buf + 1024), 512 };
	CHECK(dat_rmr_bind(rmr, &win, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, b, rcookie,
			DAT_COMPLETION_DEFAULT_FLAG, &bound));
	ev = wait_event(dto_evd, DAT_RMR_BIND_COMPLETION_EVENT);
	EXPECT(ev.event_data.rmr_completion_event_data.user_cookie.as_64 == 9, "bind cookie");
	DAT_RMR_TRIPLET dst = { bound, 0, (DAT_VADDR)(uintptr_t)(buf + 1024), 11 };
	CHECK(dat_ep_post_rdma_write(a, 1, &tx, cookie, &dst, DAT_COMPLETION_DEFAULT_FLAG));
	wait_event(dto_evd, DAT_DTO_COMPLETION_EVENT);
	CHECK(dat_lmr_sync_rdma_write(ia, &win, 1));
	EXPECT(!memcmp(buf + 1024, "from a to b", 11), "RDMA Write data");
	EXPECT(DAT_GET_TYPE(dat_lmr_free(lmr)) == DAT_INVALID_STATE, "LMR freed while bound");

	/* Tear down in order; freed handles are then stale. */
	CHECK(dat_ep_disconnect(a, DAT_CLOSE_GRACEFUL_FLAG));
	wait_event(conn_evd, DAT_CONNECTION_EVENT_DISCONNECTED);
	wait_event(conn_evd, DAT_CONNECTION_EVENT_DISCONNECTED);
	CHECK(dat_ep_free(a));
	CHECK(dat_ep_free(b));
	EXPECT(DAT_GET_TYPE(dat_ep_free(a)) == DAT_INVALID_HANDLE, "freed EP accepted");
	CHECK(dat_psp_free(psp));
	CHECK(dat_srq_free(srq));
	CHECK(dat_rmr_free(rmr));
	CHECK(dat_lmr_free(lmr));
	EXPECT(DAT_GET_TYPE(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG)) == DAT_INVALID_STATE,
			"graceful close with objects left");
	CHECK(dat_evd_free(dto_evd));
	CHECK(dat_cno_free(cno));
	CHECK(dat_evd_free(conn_evd));
	CHECK(dat_evd_free(cr_evd));
	CHECK(dat_pz_free(pz));
	CHECK(dat_ia_close(ia, DAT_CLOSE_GRACEFUL_FLAG));
	EXPECT(DAT_GET_TYPE(dat_pz_create(ia, &pz)) == DAT_INVALID_HANDLE, "closed IA");
	printf("udapl lifecycle: OK\n");
	return 0;
}
