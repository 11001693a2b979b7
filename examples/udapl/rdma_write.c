/*
 * rdma_write.c: two processes connect, the passive one sends the
 * rmr_context of a buffer, the active one RDMA-writes into it and
 * tells it so in a Send; the passive one synchronises with
 * dat_lmr_sync_rdma_write as the page's USAGE section describes (the
 * Send names the written range; the target syncs that range after the
 * Send arrives and before reading) and checks the data.
 *
 * Run through rdmacts-run -n 2 (rank 0 passive, rank 1 active; the IA
 * addresses are exchanged through PMI), or alone, in which case the
 * process forks and the two halves find each other through the job's
 * fabric (RDMACTS_JOB_ID is set for them) and a pipe.  With an argument
 * HOST the active side exchanges nothing: it connects to HOST's IPv4
 * address with port 0 and the connection qualifier, as OFA's Consumers
 * do (E-UDAPL-064).
 */
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dat/udat.h>
#include "pmi.h"

#define CHECK(call) do { DAT_RETURN rc_ = (call); if (rc_ != DAT_SUCCESS) { \
	const char *a_ = "?", *b_ = "?"; dat_strerror(rc_, &a_, &b_); \
	fprintf(stderr, "%s:%d: %s -> %s %s\n", __FILE__, __LINE__, #call, a_, b_); \
	exit(1); } } while (0)
#define EXPECT(cond, ...) do { if (!(cond)) { fprintf(stderr, "%s:%d: ", \
	__FILE__, __LINE__); fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); \
	exit(1); } } while (0)

#define CONN_QUAL 4242
#define LEN 8192
#define TIMEOUT 10000000u	/* 10 s */

struct ad {			/* what the passive side sends */
	DAT_RMR_CONTEXT rmr_context;
	DAT_VADDR target_address;
	DAT_VLEN length;
};

struct done {			/* what the active side sends after writing */
	DAT_VADDR address;
	DAT_VLEN length;
};

struct side {
	DAT_IA_HANDLE ia;
	DAT_EVD_HANDLE async, dto, conn, cr;
	DAT_PZ_HANDLE pz;
	DAT_EP_HANDLE ep;
	DAT_LMR_HANDLE lmr;
	DAT_LMR_CONTEXT lctx;
	DAT_RMR_CONTEXT rctx;
	char *buf;		/* [0, LEN): RDMA, then two message slots */
};

static DAT_EVENT wait_event(DAT_EVD_HANDLE evd, DAT_EVENT_NUMBER expect)
{
	DAT_EVENT ev;
	DAT_COUNT more;

	CHECK(dat_evd_wait(evd, TIMEOUT, 1, &ev, &more));
	EXPECT(ev.event_number == expect, "event 0x%x, expected 0x%x",
			ev.event_number, expect);
	if (expect == DAT_DTO_COMPLETION_EVENT)
		EXPECT(ev.event_data.dto_completion_event_data.status == DAT_DTO_SUCCESS,
				"DTO status %d", ev.event_data.dto_completion_event_data.status);
	return ev;
}

static void open_side(struct side *s)
{
	char *name = getenv("RDMACTS_DAPL_IA") ? getenv("RDMACTS_DAPL_IA") : "rdmacts0";
	DAT_REGION_DESCRIPTION region;

	s->async = DAT_HANDLE_NULL;
	CHECK(dat_ia_open(name, 8, &s->async, &s->ia));
	CHECK(dat_pz_create(s->ia, &s->pz));
	CHECK(dat_evd_create(s->ia, 16, DAT_HANDLE_NULL, DAT_EVD_DTO_FLAG, &s->dto));
	CHECK(dat_evd_create(s->ia, 4, DAT_HANDLE_NULL, DAT_EVD_CONNECTION_FLAG, &s->conn));
	CHECK(dat_evd_create(s->ia, 4, DAT_HANDLE_NULL, DAT_EVD_CR_FLAG, &s->cr));
	CHECK(dat_ep_create(s->ia, s->pz, s->dto, s->dto, s->conn, NULL, &s->ep));
	s->buf = aligned_alloc(DAT_OPTIMAL_ALIGNMENT, LEN + 256);
	memset(s->buf, 0, LEN + 256);
	region.for_va = s->buf;
	CHECK(dat_lmr_create(s->ia, DAT_MEM_TYPE_VIRTUAL, region, LEN + 256, s->pz,
			DAT_MEM_PRIV_ALL_FLAG, &s->lmr, &s->lctx, &s->rctx, NULL, NULL));
}

static void close_side(struct side *s)
{
	CHECK(dat_ep_free(s->ep));
	CHECK(dat_lmr_free(s->lmr));
	CHECK(dat_evd_free(s->cr));
	CHECK(dat_evd_free(s->conn));
	CHECK(dat_evd_free(s->dto));
	CHECK(dat_pz_free(s->pz));
	CHECK(dat_ia_close(s->ia, DAT_CLOSE_GRACEFUL_FLAG));
	free(s->buf);
}

static DAT_LMR_TRIPLET slot(struct side *s, int i, DAT_VLEN len)
{
	return (DAT_LMR_TRIPLET){ s->lctx, 0,
		(DAT_VADDR)(uintptr_t)(s->buf + LEN + 128 * i), len };
}

/* Rank 0: listen, accept, advertise the buffer, wait, sync, check. */
static void passive(struct side *s, DAT_PSP_HANDLE psp)
{
	DAT_RMR_HANDLE rmr;
	DAT_RMR_CONTEXT bound;
	DAT_EVENT ev;
	DAT_DTO_COOKIE cookie = { .as_64 = 0 };
	DAT_RMR_COOKIE rcookie = { .as_64 = 0 };

	ev = wait_event(s->cr, DAT_CONNECTION_REQUEST_EVENT);
	DAT_LMR_TRIPLET rx = slot(s, 1, sizeof(struct done));
	CHECK(dat_ep_post_recv(s->ep, 1, &rx, cookie, DAT_COMPLETION_DEFAULT_FLAG));
	CHECK(dat_cr_accept(ev.event_data.cr_arrival_event_data.cr_handle, s->ep, 0, NULL));
	wait_event(s->conn, DAT_CONNECTION_EVENT_ESTABLISHED);

	/* An RMR over the RDMA area, advertised in a Send. */
	CHECK(dat_rmr_create(s->pz, &rmr));
	DAT_LMR_TRIPLET win = { s->lctx, 0, (DAT_VADDR)(uintptr_t)s->buf, LEN };
	CHECK(dat_rmr_bind(rmr, &win, DAT_MEM_PRIV_REMOTE_WRITE_FLAG, s->ep, rcookie,
			DAT_COMPLETION_DEFAULT_FLAG, &bound));
	wait_event(s->dto, DAT_RMR_BIND_COMPLETION_EVENT);
	struct ad ad = { bound, (DAT_VADDR)(uintptr_t)s->buf, LEN };
	memcpy(s->buf + LEN, &ad, sizeof ad);
	DAT_LMR_TRIPLET tx = slot(s, 0, sizeof ad);
	CHECK(dat_ep_post_send(s->ep, 1, &tx, cookie, DAT_COMPLETION_DEFAULT_FLAG));
	wait_event(s->dto, DAT_DTO_COMPLETION_EVENT);

	/* The Send that says which range the RDMA Write modified. */
	wait_event(s->dto, DAT_DTO_COMPLETION_EVENT);
	struct done done;
	memcpy(&done, s->buf + LEN + 128, sizeof done);
	DAT_LMR_TRIPLET range = { s->lctx, 0, done.address, done.length };
	CHECK(dat_lmr_sync_rdma_write(s->ia, &range, 1));
	EXPECT(done.address == (DAT_VADDR)(uintptr_t)s->buf && done.length == LEN,
			"range %llx+%llu", (unsigned long long)done.address,
			(unsigned long long)done.length);
	for (int i = 0; i < LEN; i++)
		EXPECT(s->buf[i] == (char)(i * 7 + 1), "byte %d is %d", i, s->buf[i]);

	wait_event(s->conn, DAT_CONNECTION_EVENT_DISCONNECTED);
	CHECK(dat_rmr_free(rmr));
	CHECK(dat_psp_free(psp));
	printf("udapl rdma_write: passive side verified %d bytes\n", LEN);
}

/* Rank 1: connect, learn the buffer, write it, say so, disconnect. */
static void active(struct side *s, const struct sockaddr *peer)
{
	DAT_DTO_COOKIE cookie = { .as_64 = 1 };
	struct ad ad;

	DAT_LMR_TRIPLET rx = slot(s, 1, sizeof ad);
	CHECK(dat_ep_post_recv(s->ep, 1, &rx, cookie, DAT_COMPLETION_DEFAULT_FLAG));
	CHECK(dat_ep_connect(s->ep, (DAT_IA_ADDRESS_PTR)peer, CONN_QUAL, TIMEOUT, 0,
			NULL, DAT_QOS_BEST_EFFORT, DAT_CONNECT_DEFAULT_FLAG));
	wait_event(s->conn, DAT_CONNECTION_EVENT_ESTABLISHED);
	wait_event(s->dto, DAT_DTO_COMPLETION_EVENT);
	memcpy(&ad, s->buf + LEN + 128, sizeof ad);

	for (int i = 0; i < LEN; i++)
		s->buf[i] = (char)(i * 7 + 1);
	/* Two segments, written in order into the one remote range. */
	DAT_LMR_TRIPLET iov[2] = {
		{ s->lctx, 0, (DAT_VADDR)(uintptr_t)s->buf, LEN / 2 },
		{ s->lctx, 0, (DAT_VADDR)(uintptr_t)(s->buf + LEN / 2), LEN / 2 },
	};
	DAT_RMR_TRIPLET dst = { ad.rmr_context, 0, ad.target_address, ad.length };
	CHECK(dat_ep_post_rdma_write(s->ep, 2, iov, cookie, &dst, DAT_COMPLETION_DEFAULT_FLAG));
	wait_event(s->dto, DAT_DTO_COMPLETION_EVENT);

	struct done done = { ad.target_address, LEN };
	memcpy(s->buf + LEN, &done, sizeof done);
	DAT_LMR_TRIPLET tx = slot(s, 0, sizeof done);
	CHECK(dat_ep_post_send(s->ep, 1, &tx, cookie, DAT_COMPLETION_DEFAULT_FLAG));
	wait_event(s->dto, DAT_DTO_COMPLETION_EVENT);
	/* The Send precedes the disconnection in the peer's inbox. */
	CHECK(dat_ep_disconnect(s->ep, DAT_CLOSE_GRACEFUL_FLAG));
	wait_event(s->conn, DAT_CONNECTION_EVENT_DISCONNECTED);
	printf("udapl rdma_write: active side wrote %d bytes\n", LEN);
}

/* Listen, and say where: the IA address of this side. */
static DAT_PSP_HANDLE listen_at(struct side *s, struct sockaddr_in *addr)
{
	DAT_PSP_HANDLE psp;
	DAT_IA_ATTR attr;

	CHECK(dat_ia_query(s->ia, NULL, DAT_IA_FIELD_IA_ADDRESS_PTR, &attr, 0, NULL));
	CHECK(dat_psp_create(s->ia, CONN_QUAL, s->cr, DAT_PSP_CONSUMER_FLAG, &psp));
	memcpy(addr, attr.ia_address_ptr, sizeof *addr);
	return psp;
}

/* HOST's IPv4 address, port 0. */
static void host_address(const char *host, struct sockaddr_in *addr)
{
	struct addrinfo hints = { .ai_family = AF_INET }, *res;

	EXPECT(getaddrinfo(host, NULL, &hints, &res) == 0, "cannot resolve %s", host);
	memcpy(addr, res->ai_addr, sizeof *addr);
	freeaddrinfo(res);
	addr->sin_port = 0;
}

int main(int argc, char **argv)
{
	struct side s;
	struct sockaddr_in addr;
	int spawned, rank, size;
	const char *host = argc > 1 ? argv[1] : NULL;

	EXPECT(PMI_Init(&spawned) == PMI_SUCCESS, "PMI_Init failed");
	PMI_Get_rank(&rank);
	PMI_Get_size(&size);
	if (size == 1) {
		/* Alone: fork; both halves share one job fabric. */
		char job[64];
		int fds[2], status;
		snprintf(job, sizeof job, "udapl-example-%d", (int)getpid());
		if (!getenv("RDMACTS_JOB_ID"))
			setenv("RDMACTS_JOB_ID", job, 1);
		EXPECT(pipe(fds) == 0, "pipe");
		pid_t child = fork();
		EXPECT(child >= 0, "fork");
		open_side(&s);
		if (child == 0) {
			EXPECT(read(fds[0], &addr, sizeof addr) == (ssize_t)sizeof addr,
					"pipe read");
			if (host)
				host_address(host, &addr);
			active(&s, (struct sockaddr *)&addr);
			close_side(&s);
			fflush(stdout);
			_exit(0);
		}
		DAT_PSP_HANDLE psp = listen_at(&s, &addr);
		EXPECT(write(fds[1], &addr, sizeof addr) == (ssize_t)sizeof addr, "pipe write");
		passive(&s, psp);
		close_side(&s);
		EXPECT(waitpid(child, &status, 0) == child && WIFEXITED(status) &&
				WEXITSTATUS(status) == 0, "active process failed");
		PMI_Finalize();
		return 0;
	}
	EXPECT(size == 2, "run with 2 processes");
	open_side(&s);
	struct sockaddr_in all[2];
	DAT_PSP_HANDLE psp = DAT_HANDLE_NULL;
	memset(&addr, 0, sizeof addr);
	if (rank == 0)
		psp = listen_at(&s, &addr);	/* listening before anyone connects */
	EXPECT(PMI_Allgather(&addr, all, sizeof addr) == PMI_SUCCESS, "PMI_Allgather");
	if (rank == 1 && host)
		host_address(host, &all[0]);
	if (rank == 0)
		passive(&s, psp);
	else
		active(&s, (struct sockaddr *)&all[0]);
	close_side(&s);
	PMI_Finalize();
	return 0;
}
