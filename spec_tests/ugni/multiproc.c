/*
 * multiproc.c: what only several processes show (np=2, through the
 * launcher): data and remote events across processes, AMO atomicity
 * between processes, blocking calls woken by a peer, datagrams and SMSG
 * across processes.  Each rank has one domain (inst_id = rank) and learns
 * its peer's address, buffer and memory handle through PMI.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "fixture.h"

#define BUF 65536

struct card {
	uint32_t addr, inst;
	uint64_t buf;
	gni_mem_handle_t mh;
	gni_smsg_attr_t smsg;
};

struct mp {
	int rank, size, peer;
	struct fx_side me;
	unsigned char *buf;
	gni_mem_handle_t mh;
	struct card cards[2];
};

static void mp_setup(struct mp *m, gni_cq_mode_t rcq_mode, int smsg)
{
	fx_pmi_init(&m->rank, &m->size);
	m->peer = 1 - m->rank;
	fx_domain(&m->me, (uint32_t)m->rank, FX_PTAG, FX_COOKIE, 0);
	fx_cq(m->me.nic, 64, GNI_CQ_BLOCKING, &m->me.cq);
	fx_cq(m->me.nic, 2048, rcq_mode, &m->me.rcq);
	m->buf = fx_mem(BUF);
	m->mh = fx_reg(m->me.nic, m->buf, BUF, m->me.rcq, 0);
	struct card mine = { m->me.addr, (uint32_t)m->rank, U64(m->buf), m->mh, { 0 } };
	void *mb;
	if (smsg)
		fx_smsg_attr(&m->me, GNI_SMSG_TYPE_MBOX, 64, 8, m->me.rcq, &mine.smsg, &mb);
	fx_pmi_allgather(&mine, m->cards, sizeof mine);
	fx_ep(&m->me, m->me.cq, m->cards[m->peer].addr, m->cards[m->peer].inst, &m->me.ep);
	if (smsg)
		RT_REQUIRE_EQ_INT(GNI_SmsgInit(m->me.ep, &mine.smsg, &m->cards[m->peer].smsg),
				GNI_RC_SUCCESS, "UGNI-3.7.1-success");
	fx_pmi_barrier();
}

static void mp_done(struct mp *m)
{
	fx_pmi_barrier();
	GNI_EpDestroy(m->me.ep);
	GNI_MemDeregister(m->me.nic, &m->mh);
	GNI_CqDestroy(m->me.cq);
	GNI_CqDestroy(m->me.rcq);
	GNI_CdmDestroy(m->me.cdm);
	fx_pmi_fini();
}

/* Rank 0 PUTs a pattern into rank 1 and GETs rank 1's pattern back. */
RT_TEST_ATTRS(putget, "ugni.post_fma.multiprocess.put_get_data",
	"UGNI-3.6.1-put-success,UGNI-3.6.1-get-success,UGNI-3.8.1-put-success,UGNI-3.8.1-get-success,UGNI-3.6.1-remote-event-put", "np=2")
{
	struct mp m; gni_cq_entry_t ev;
	mp_setup(&m, GNI_CQ_NOBLOCK, 0);
	struct card *p = &m.cards[m.peer];
	fx_pattern(m.buf + BUF / 2, BUF / 4, 70 + (unsigned)m.rank);
	fx_pmi_barrier();
	if (m.rank == 0) {
		unsigned char *src = m.buf + BUF / 2;
		gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT,
				src, m.mh, NULL, p->mh, 4096);
		d.remote_addr = p->buf;
		RT_REQUIRE_EQ_INT(GNI_PostFma(m.me.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
		fx_complete(m.me.cq, &d, "UGNI-3.6.1-put-success");
		gni_post_descriptor_t r = fx_desc(GNI_POST_RDMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
				src, m.mh, NULL, p->mh, 8192);
		r.remote_addr = p->buf + 4096;
		RT_REQUIRE_EQ_INT(GNI_PostRdma(m.me.ep, &r), GNI_RC_SUCCESS, "UGNI-3.8.1-put-success");
		fx_complete(m.me.cq, &r, "UGNI-3.8.1-put-success");
		gni_post_descriptor_t g = fx_desc(GNI_POST_FMA_GET, GNI_CQMODE_GLOBAL_EVENT,
				m.buf, m.mh, NULL, p->mh, 4096);
		g.remote_addr = p->buf + BUF / 2;
		RT_REQUIRE_EQ_INT(GNI_PostFma(m.me.ep, &g), GNI_RC_SUCCESS, "UGNI-3.6.1-get-success");
		fx_complete(m.me.cq, &g, "UGNI-3.6.1-get-success");
		gni_post_descriptor_t rg = fx_desc(GNI_POST_RDMA_GET, GNI_CQMODE_GLOBAL_EVENT,
				m.buf + 4096, m.mh, NULL, p->mh, 8192);
		rg.remote_addr = p->buf + BUF / 2;
		RT_REQUIRE_EQ_INT(GNI_PostRdma(m.me.ep, &rg), GNI_RC_SUCCESS, "UGNI-3.8.1-get-success");
		fx_complete(m.me.cq, &rg, "UGNI-3.8.1-get-success");
	}
	fx_pmi_barrier();
	if (m.rank == 1) {
		unsigned char expect[BUF / 4];
		fx_pattern(expect, sizeof expect, 70);
		RT_EXPECT_EQ_INT(fx_event(m.me.rcq, &ev), GNI_RC_SUCCESS, "UGNI-3.6.1-remote-event-put");
		RT_EXPECT_MEM_EQ(m.buf, expect, 4096, "UGNI-3.6.1-put-success");
		RT_EXPECT_MEM_EQ(m.buf + 4096, expect, 8192, "UGNI-3.8.1-put-success");
	} else {
		unsigned char expect[BUF / 4];
		fx_pattern(expect, sizeof expect, 71);
		RT_EXPECT_MEM_EQ(m.buf, expect, 4096, "UGNI-3.6.1-get-success");
		RT_EXPECT_MEM_EQ(m.buf + 4096, expect, 8192, "UGNI-3.8.1-get-success");
	}
	mp_done(&m);
}

/* Both ranks FADD 1 on rank 0's word, 1000 times each. */
RT_TEST_ATTRS(atomic, "ugni.post_fma.multiprocess.fadd_atomic", "UGNI-3.12.2-amo-atomic-concurrent", "np=2")
{
	const char *c = "UGNI-3.12.2-amo-atomic-concurrent";
	struct mp m; enum { N = 1000 };
	mp_setup(&m, GNI_CQ_NOBLOCK, 0);
	struct card *z = &m.cards[0];
	static uint64_t fetched[N];
	uint64_t *lw = (uint64_t *)(void *)(m.buf + 8192);
	for (int i = 0; i < N; i++) {
		gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT, lw, m.mh, NULL, z->mh, 8);
		d.remote_addr = z->buf;
		d.amo_cmd = GNI_FMA_ATOMIC_FADD;
		d.first_operand = 1;
		gni_ep_handle_t ep = m.me.ep;
		if (m.rank == 0) {	/* rank 0 reaches its own word through a loopback endpoint */
			static gni_ep_handle_t self;
			if (!self)
				fx_ep(&m.me, m.me.cq, m.me.addr, 0, &self);
			ep = self;
		}
		RT_REQUIRE_EQ_INT(GNI_PostFma(ep, &d), GNI_RC_SUCCESS, c);
		fx_complete(m.me.cq, &d, c);
		fetched[i] = *lw;
	}
	uint64_t all[2 * N];
	fx_pmi_barrier();
	/* exchange the fetched values in pieces PMI can carry */
	for (int k = 0; k < N; k += 100) {
		uint64_t pair[200];
		fx_pmi_allgather(&fetched[k], pair, 100 * 8);
		memcpy(&all[k], pair, 800);
		memcpy(&all[N + k], pair + 100, 800);
	}
	if (m.rank == 0) {
		RT_EXPECT_EQ_U64(*(uint64_t *)(void *)m.buf, 2 * N, c);
		static uint8_t seen[2 * N];
		for (int i = 0; i < 2 * N; i++) {
			if (!RT_EXPECT_TRUE(all[i] < 2 * N && !seen[all[i]], c))
				break;
			seen[all[i]] = 1;
		}
	} else {
		RT_EXPECT_TRUE(1, c);
	}
	mp_done(&m);
}

/* Rank 1 blocks in a wait; rank 0 generates the event after a pause. */
static void blocked(int how, const char *c)
{
	struct mp m; gni_cq_entry_t ev; uint32_t which = 9;
	mp_setup(&m, GNI_CQ_BLOCKING, 0);
	struct card *p = &m.cards[m.peer];
	if (m.rank == 0) {
		usleep(50000);
		gni_post_descriptor_t d = fx_desc(GNI_POST_CQWRITE, GNI_CQMODE_SILENT, NULL, p->mh, NULL, p->mh, 0);
		d.cqwrite_value = 0x77;
		RT_REQUIRE_EQ_INT(GNI_PostCqWrite(m.me.ep, &d), GNI_RC_SUCCESS, "UGNI-3.9.6-success");
		RT_EXPECT_TRUE(1, c);
	} else {
		gni_return_t rc = how == 0 ? GNI_CqWaitEvent(m.me.rcq, 10000, &ev)
			: how == 1 ? GNI_CqWaitEvent(m.me.rcq, (uint64_t)-1, &ev)
			: GNI_CqVectorWaitEvent(&m.me.rcq, 1, 10000, &ev, &which);
		RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_U64(GNI_CQ_GET_DATA(ev), 0x77, c);
		if (how == 2)
			RT_EXPECT_EQ_INT(which, 0, c);
	}
	mp_done(&m);
}

RT_TEST_ATTRS(wait_blocks, "ugni.cq_wait_event.multiprocess.blocks_until_event",
	"UGNI-3.9.3-blocks-until-event,UGNI-3.3.1-delay-count-zero-wakes-each-event", "np=2")
{ blocked(0, "UGNI-3.9.3-blocks-until-event"); }
RT_TEST_ATTRS(wait_forever, "ugni.cq_wait_event.multiprocess.timeout_minus_one", "UGNI-3.9.3-timeout-minus-one", "np=2")
{ blocked(1, "UGNI-3.9.3-timeout-minus-one"); }
RT_TEST_ATTRS(vwait_blocks, "ugni.cq_vector_wait_event.multiprocess.blocks_until_event", "UGNI-3.9.4-blocks-until-event", "np=2")
{ blocked(2, "UGNI-3.9.4-blocks-until-event"); }

/* Waits until the process pid has ended (its exit handlers have run);
 * UNSUPPORTED where the kernel cannot tell (no pidfd_open). */
static void await_exit(int pid)
{
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);
	if (fd < 0 && errno == ESRCH)
		return;	/* gone already */
	if (fd < 0)
		rt_unsupported("cannot watch the peer's exit (pidfd_open)");
	struct pollfd p = { fd, POLLIN, 0 };
	RT_REQUIRE_TRUE(poll(&p, 1, 10000) == 1, "-");
	close(fd);
}

/* Rank 1 attaches a domain with a CQ of its own and exits without
 * destroying anything (E-UGNI-170); rank 0 goes on once rank 1 has ended.
 * Returns the rank; rank 1 returns only after PMI_Finalize. */
static int peer_exits(struct fx *f, const char *c)
{
	int rank, size, pids[2], me = (int)getpid();
	struct fx_side x;
	fx_pmi_init(&rank, &size);
	if (rank == 0)
		fx_setup(f, 0);
	else {
		fx_domain(&x, 9, FX_PTAG, FX_COOKIE, 0);
		fx_cq(x.nic, 16, GNI_CQ_NOBLOCK, &x.cq);
	}
	fx_pmi_allgather(&me, pids, sizeof me);
	fx_pmi_barrier();
	if (rank == 1) {	/* leaves everything to its exit */
		RT_EXPECT_TRUE(1, c);
		fx_pmi_fini();
		return 1;
	}
	await_exit(pids[1]);
	return 0;
}

/* After the peer's exit the CQs of rank 0 still take events: a process's
 * exit ends only its own objects. */
RT_TEST_ATTRS(peer_exit, "ugni.cq_get_event.multiprocess.peer_exit_keeps_own_cq",
	"UGNI-2-process-end-releases,UGNI-3.9.2-success,UGNI-3.6.1-put-success", "np=2")
{
	const char *c = "UGNI-2-process-end-releases";
	struct fx f; struct fx_bufs b;
	if (peer_exits(&f, c))
		return;
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 64, "UGNI-3.6.1-put-success");
	fx_teardown(&f);
	fx_pmi_fini();
}

/* The CQ the peer left behind at its exit is not held against the CQ
 * limit any more: with the limit at one more than rank 0's own four CQs,
 * rank 0 gets a fifth (a limit per process or per ptag alike). */
RT_TEST_ATTRS(peer_exit_cq, "ugni.cq_create.multiprocess.peer_exit_returns_its_cqs",
	"UGNI-2-process-end-releases,UGNI-3.3.1-success-noblock", "np=2;needs=faults")
{
	const char *c = "UGNI-2-process-end-releases";
	struct fx f; gni_cq_handle_t cq;
	if (peer_exits(&f, c))
		return;
	fx_control(RDMACTS_TC_LIMIT_CQ, 5);
	gni_return_t rc = GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	if (rc == GNI_RC_SUCCESS)
		GNI_CqDestroy(cq);
	fx_teardown(&f);
	fx_pmi_fini();
}

/* Nor is the domain the peer left attached held against the limit of
 * attached domains (FMA descriptors): with the limit at one more than
 * rank 0's own two, rank 0 attaches a third. */
RT_TEST_ATTRS(peer_exit_fma, "ugni.cdm_attach.multiprocess.peer_exit_returns_its_domain",
	"UGNI-2-process-end-releases,UGNI-3.2.4-success", "np=2;needs=faults")
{
	const char *c = "UGNI-2-process-end-releases";
	struct fx f; gni_cdm_handle_t cdm; gni_nic_handle_t nic; uint32_t addr;
	if (peer_exits(&f, c))
		return;
	RT_REQUIRE_EQ_INT(GNI_CdmCreate(3, FX_PTAG, FX_COOKIE, 0, &cdm), GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	fx_control(RDMACTS_TC_LIMIT_FMA, 3);
	gni_return_t rc = GNI_CdmAttach(cdm, 0, &addr, &nic);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	GNI_CdmDestroy(cdm);
	fx_teardown(&f);
	fx_pmi_fini();
}

/* A process of the job killed by a signal (SIGKILL: no exit handlers;
 * E-UGNI-170) while it holds a domain, a CQ and a posted datagram: rank
 * 1's child attaches and is killed, then rank 1 attaches.  Rank 0's
 * domains still move data, the dead process's CQ is not held against
 * the CQ limit (one above rank 0's own four, a limit per process or per
 * ptag alike), and its datagram matches nothing any more. */
RT_TEST_ATTRS(killed_peer, "ugni.cq_create.multiprocess.killed_process_returns_its_cqs",
	"UGNI-2-process-end-releases,UGNI-3.3.1-success-noblock,UGNI-3.6.1-put-success", "np=2;needs=faults")
{
	const char *c = "UGNI-2-process-end-releases";
	int rank, size;
	struct fx f; struct fx_side y;
	fx_pmi_init(&rank, &size);
	if (rank == 0)
		fx_setup(&f, 0);
	fx_pmi_barrier();
	if (rank == 1) {
		fflush(NULL);
		pid_t child = fork();
		RT_REQUIRE_TRUE(child >= 0, "-");
		if (child == 0) {
			gni_cdm_handle_t cdm; gni_nic_handle_t nic; gni_cq_handle_t cq;
			gni_ep_handle_t ep;
			uint32_t addr;
			static unsigned char in[8] = { 9 }, out[8];
			/* a domain, a CQ, and a datagram posted to rank 0's f.a
			 * (instance 1 at the address every process shares here) */
			if (GNI_CdmCreate(9, FX_PTAG, FX_COOKIE, 0, &cdm) != GNI_RC_SUCCESS ||
			    GNI_CdmAttach(cdm, 0, &addr, &nic) != GNI_RC_SUCCESS ||
			    GNI_CqCreate(nic, 16, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq) != GNI_RC_SUCCESS ||
			    GNI_EpCreate(nic, cq, &ep) != GNI_RC_SUCCESS ||
			    GNI_EpBind(ep, addr, 1) != GNI_RC_SUCCESS ||
			    GNI_EpPostData(ep, in, 8, out, 8) != GNI_RC_SUCCESS)
				_exit(1);
			kill(getpid(), SIGKILL);
			_exit(2);
		}
		int status = 0;
		RT_REQUIRE_TRUE(waitpid(child, &status, 0) == child, "-");
		RT_REQUIRE_TRUE(WIFSIGNALED(status), "-");
		fx_domain(&y, 8, FX_PTAG, FX_COOKIE, 0);	/* a process joins after the death */
	}
	fx_pmi_barrier();
	if (rank == 1) {
		RT_EXPECT_TRUE(1, c);
		fx_pmi_barrier();
		GNI_CdmDestroy(y.cdm);
		fx_pmi_fini();
		return;
	}
	struct fx_bufs b; gni_cq_handle_t cq;
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 64);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-3.6.1-put-success");
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_MEM_EQ(b.r, b.l, 64, c);
	fx_control(RDMACTS_TC_LIMIT_CQ, 5);
	gni_return_t rc = GNI_CqCreate(f.a.nic, 8, 0, GNI_CQ_NOBLOCK, NULL, NULL, &cq);
	fx_control(RDMACTS_TC_RESET, 0);
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	if (rc == GNI_RC_SUCCESS)
		GNI_CqDestroy(cq);
	/* the datagram the dead process left posted is gone with it: one
	 * posted to its instance does not complete */
	gni_ep_handle_t ep; gni_post_state_t st = GNI_POST_PENDING; uint32_t ra, rid;
	unsigned char in[8] = { 1 }, out[8];
	fx_ep(&f.a, f.a.cq, f.a.addr, 9, &ep);
	RT_REQUIRE_EQ_INT(GNI_EpPostData(ep, in, 8, out, 8), GNI_RC_SUCCESS, "UGNI-3.5.6-success-queued");
	for (int i = 0; i < 20; i++) {
		if (GNI_EpPostDataTest(ep, &st, &ra, &rid) != GNI_RC_NOT_DONE &&
		    st != GNI_POST_PENDING)
			break;
		usleep(5000);
	}
	RT_EXPECT_TRUE(st != GNI_POST_COMPLETED && st != GNI_POST_REMOTE_DATA, c);
	GNI_EpPostDataCancel(ep);
	GNI_EpDestroy(ep);
	fx_pmi_barrier();
	fx_teardown(&f);
	fx_pmi_fini();
}

/* Rank 1 waits forever on its datagram; rank 0 posts after a pause. */
static void dgram_forever(int how, const char *c)
{
	struct mp m; gni_post_state_t st; uint32_t ra, rid; uint64_t id = 0;
	unsigned char in[16], out[16];
	mp_setup(&m, GNI_CQ_NOBLOCK, 0);
	fx_pattern(in, 16, 80 + (unsigned)m.rank);
	if (m.rank == 0) {
		usleep(50000);
		RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(m.me.ep, in, 16, out, 16, 5), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(m.me.ep, 5, 10000, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	} else {
		RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(m.me.ep, in, 16, out, 16, 6), GNI_RC_SUCCESS, c);
		gni_return_t rc = how == 0 ? GNI_EpPostDataWait(m.me.ep, (uint32_t)-1, &st, &ra, &rid)
			: how == 1 ? GNI_EpPostDataWaitById(m.me.ep, 6, (uint32_t)-1, &st, &ra, &rid)
			: GNI_PostDataProbeWaitById(m.me.nic, (uint32_t)-1, &id);
		RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
		if (how == 2) {
			RT_EXPECT_EQ_U64(id, 6, c);
			RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(m.me.ep, 6, 1000, &st, &ra, &rid), GNI_RC_SUCCESS, c);
		}
		unsigned char expect[16];
		fx_pattern(expect, 16, 80);
		RT_EXPECT_MEM_EQ(out, expect, 16, c);
		RT_EXPECT_EQ_INT(rid, 0, "UGNI-3.5.6-remote-address-id");
	}
	mp_done(&m);
}

RT_TEST_ATTRS(dg_wait, "ugni.ep_post_data_wait.multiprocess.timeout_forever", "UGNI-3.5.10-timeout-forever,UGNI-3.5.6-remote-address-id", "np=2")
{ dgram_forever(0, "UGNI-3.5.10-timeout-forever"); }
RT_TEST_ATTRS(dg_wait_id, "ugni.ep_post_data_wait_by_id.multiprocess.timeout_forever", "UGNI-3.5.11-timeout-forever", "np=2")
{ dgram_forever(1, "UGNI-3.5.11-timeout-forever"); }
RT_TEST_ATTRS(dg_probe, "ugni.post_data_probe_wait_by_id.multiprocess.waits", "UGNI-3.5.16-waits-for-completion", "np=2")
{ dgram_forever(2, "UGNI-3.5.16-waits-for-completion"); }

/* A child rank 0 forks (as system() or popen() would) exits normally;
 * then rank 1 attaches, and the two still exchange a datagram: the
 * child's exit is not its parent's, nor the end of the job (E-UGNI-170). */
RT_TEST_ATTRS(fork_exit, "ugni.ep_post_data.multiprocess.after_forked_child_exit",
	"UGNI-2-process-end-releases,UGNI-3.5.6-success-queued,UGNI-3.5.11-success", "np=2")
{
	const char *c = "UGNI-2-process-end-releases";
	int rank, size;
	struct fx_side me;
	struct card mine, cards[2];
	fx_pmi_init(&rank, &size);
	if (rank == 0) {
		fx_domain(&me, 0, FX_PTAG, FX_COOKIE, 0);
		fx_cq(me.nic, 16, GNI_CQ_NOBLOCK, &me.cq);
		fflush(NULL);
		pid_t child = fork();
		RT_REQUIRE_TRUE(child >= 0, "-");
		if (child == 0)
			exit(0);
		int status;
		RT_REQUIRE_TRUE(waitpid(child, &status, 0) == child, "-");
	}
	fx_pmi_barrier();	/* rank 1 attaches only after the child's exit */
	if (rank == 1) {
		fx_domain(&me, 1, FX_PTAG, FX_COOKIE, 0);
		fx_cq(me.nic, 16, GNI_CQ_NOBLOCK, &me.cq);
	}
	memset(&mine, 0, sizeof mine);
	mine.addr = me.addr;
	mine.inst = (uint32_t)rank;
	fx_pmi_allgather(&mine, cards, sizeof mine);
	fx_ep(&me, me.cq, cards[1 - rank].addr, cards[1 - rank].inst, &me.ep);
	unsigned char in[16], out[16], expect[16];
	gni_post_state_t st; uint32_t ra, rid;
	fx_pattern(in, 16, 40 + (unsigned)rank);
	fx_pattern(expect, 16, 40 + (unsigned)(1 - rank));
	RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(me.ep, in, 16, out, 16, 3), GNI_RC_SUCCESS,
			"UGNI-3.5.6-success-queued");
	RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(me.ep, 3, 5000, &st, &ra, &rid), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(out, expect, 16, c);
	fx_pmi_barrier();
	GNI_EpDestroy(me.ep);
	GNI_CqDestroy(me.cq);
	GNI_CdmDestroy(me.cdm);
	fx_pmi_fini();
}

/* 200 numbered messages each way, credits recycled. */
RT_TEST_ATTRS(smsg, "ugni.smsg_send.multiprocess.ping_pong_in_order",
	"UGNI-3.7.2-in-order,UGNI-3.7.2-bidirectional,UGNI-3.7.2-remote-event", "np=2")
{
	const char *c = "UGNI-3.7.2-in-order";
	struct mp m; void *h; gni_cq_entry_t ev;
	mp_setup(&m, GNI_CQ_NOBLOCK, 1);
	uint32_t sent = 0, recvd = 0;
	int events = 0;
	/* bounded by time, not by turns: a peer the scheduler keeps off the
	 * CPU (a loaded host) must not end the exchange early */
	struct timespec t0, now;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	now = t0;
	while ((recvd < 200 || sent < 200) && now.tv_sec - t0.tv_sec < 8) {
		int moved = 0;
		if (sent < 200 && GNI_SmsgSend(m.me.ep, &sent, 4, NULL, 0, sent) == GNI_RC_SUCCESS) {
			sent++;
			moved = 1;
		}
		if (GNI_SmsgGetNext(m.me.ep, &h) == GNI_RC_SUCCESS) {
			if (!RT_EXPECT_EQ_INT(*(uint32_t *)h, recvd, c))
				break;
			recvd++;
			moved = 1;
			GNI_SmsgRelease(m.me.ep);
		}
		while (GNI_CqGetEvent(m.me.cq, &ev) == GNI_RC_SUCCESS)
			;
		while (GNI_CqGetEvent(m.me.rcq, &ev) == GNI_RC_SUCCESS)
			events++;
		if (!moved)
			sched_yield();	/* let the peer run */
		clock_gettime(CLOCK_MONOTONIC, &now);
	}
	RT_EXPECT_EQ_INT(recvd, 200, "UGNI-3.7.2-bidirectional");
	RT_EXPECT_TRUE(events > 0, "UGNI-3.7.2-remote-event");
	mp_done(&m);
}

/* Rank 1 ends without destroying its domain (PMI finalized, nothing of
 * uGNI released); once it is gone, rank 0's registration is still its
 * own: MemDeregister succeeds. */
RT_TEST_ATTRS(dereg_after_peer_exit, "ugni.mem_deregister.multiprocess.after_peer_exit",
	"UGNI-3.4.5-success", "np=2")
{
	const char *c = "UGNI-3.4.5-success";
	struct mp m;
	int pids[2], me = (int)getpid();
	mp_setup(&m, GNI_CQ_NOBLOCK, 0);
	fx_pmi_allgather(&me, pids, sizeof me);
	fx_pmi_barrier();
	if (m.rank == 1) {
		fx_pmi_fini();
		return;		/* leaves with its domain, CQs and registration */
	}
	for (int i = 0; i < 500 && kill(pids[1], 0) == 0; i++)
		nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
	RT_EXPECT_EQ_INT(GNI_MemDeregister(m.me.nic, &m.mh), GNI_RC_SUCCESS, c);
	GNI_EpDestroy(m.me.ep);
	GNI_CqDestroy(m.me.cq);
	GNI_CqDestroy(m.me.rcq);
	GNI_CdmDestroy(m.me.cdm);
	fx_pmi_fini();
}

/* Under a launcher that names the NIC address (PMI_GNI_LOC_ADDR), the
 * address CdmGetNicAddress gives before any domain is attached is the one
 * CdmAttach then returns, in every process. */
RT_TEST_ATTRS(nic_addr, "ugni.cdm_get_nic_address.multiprocess.before_attach",
	"UGNI-3.2.3-address-matches-attach", "np=2")
{
	const char *c = "UGNI-3.2.3-address-matches-attach";
	int rank, size;
	uint32_t addr = 0, cpu = 0, local = 0;
	gni_cdm_handle_t cdm;
	gni_nic_handle_t nic;
	fx_pmi_init(&rank, &size);
	RT_EXPECT_EQ_INT(GNI_CdmGetNicAddress(0, &addr, &cpu), GNI_RC_SUCCESS, "UGNI-3.2.3-success");
	if (RT_EXPECT_EQ_INT(GNI_CdmCreate((uint32_t)rank, FX_PTAG, FX_COOKIE, 0, &cdm),
			GNI_RC_SUCCESS, "UGNI-3.2.1-success")) {
		if (RT_EXPECT_EQ_INT(GNI_CdmAttach(cdm, 0, &local, &nic), GNI_RC_SUCCESS,
				"UGNI-3.2.4-success"))
			RT_EXPECT_EQ_U64(addr, local, c);
		GNI_CdmDestroy(cdm);
	}
	fx_pmi_barrier();
	fx_pmi_fini();
}

/* Rank 1 has closed its standard input (as a daemon does) when it
 * attaches after rank 0: descriptor 0 is a descriptor like any other, and
 * the two domains still exchange a datagram. */
RT_TEST_ATTRS(no_stdin, "ugni.cdm_attach.multiprocess.stdin_closed",
	"UGNI-3.2.4-success,UGNI-3.5.11-success", "np=2")
{
	const char *c = "UGNI-3.2.4-success";
	int rank, size;
	struct fx_side me;
	struct card mine, cards[2];
	uint32_t local = 0;
	fx_pmi_init(&rank, &size);
	if (rank == 1) {
		fx_pmi_barrier();	/* rank 0 attaches first */
		close(0);
	}
	RT_REQUIRE_EQ_INT(GNI_CdmCreate((uint32_t)rank, FX_PTAG, FX_COOKIE, 0, &me.cdm),
			GNI_RC_SUCCESS, "UGNI-3.2.1-success");
	gni_return_t rc = GNI_CdmAttach(me.cdm, 0, &local, &me.nic);
	if (rank == 0)
		fx_pmi_barrier();
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, c);
	me.addr = local;
	me.inst = (uint32_t)rank;
	int ok = rc == GNI_RC_SUCCESS, oks[2];
	fx_pmi_allgather(&ok, oks, sizeof ok);
	if (oks[0] && oks[1]) {
		fx_cq(me.nic, 16, GNI_CQ_NOBLOCK, &me.cq);
		memset(&mine, 0, sizeof mine);
		mine.addr = me.addr;
		mine.inst = me.inst;
		fx_pmi_allgather(&mine, cards, sizeof mine);
		fx_ep(&me, me.cq, cards[1 - rank].addr, cards[1 - rank].inst, &me.ep);
		unsigned char in[8] = { (unsigned char)rank }, out[8] = { 9 };
		gni_post_state_t st; uint32_t ra, rid;
		RT_REQUIRE_EQ_INT(GNI_EpPostDataWId(me.ep, in, 8, out, 8, 4), GNI_RC_SUCCESS,
				"UGNI-3.5.6-success-queued");
		RT_EXPECT_EQ_INT(GNI_EpPostDataWaitById(me.ep, 4, 5000, &st, &ra, &rid),
				GNI_RC_SUCCESS, "UGNI-3.5.11-success");
		RT_EXPECT_EQ_INT(out[0], 1 - rank, "UGNI-3.5.11-success");
		fx_pmi_barrier();
		GNI_EpDestroy(me.ep);
		GNI_CqDestroy(me.cq);
	}
	GNI_CdmDestroy(me.cdm);
	fx_pmi_fini();
}
