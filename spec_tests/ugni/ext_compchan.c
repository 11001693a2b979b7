/*
 * ext_compchan.c: completion channels (vendor extension, gni_pub.h 0x61):
 * GNI_CompChanCreate/Destroy/Fd/GetEvent, GNI_CqAttachCompChan,
 * GNI_CqArmCompChan.  No public header documents them; the clauses rest
 * on the way a real client uses them (OVIS ldms zap_ugni: poll the
 * channel's descriptor, GetEvent names the CQ, drain it, re-arm it).
 *
 * The scene: side a PUTs into memory side b registered with b.rcq, so
 * every PUT deposits one remote event into b.rcq.
 */
#include <fcntl.h>
#include <poll.h>
#include <sys/resource.h>
#include "fixture.h"

static bool readable(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	return poll(&p, 1, ms) == 1 && (p.revents & POLLIN);
}

static void put_remote_event(struct fx *f, struct fx_bufs *b)
{
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT,
			GNI_CQMODE_GLOBAL_EVENT | GNI_CQMODE_REMOTE_EVENT,
			b->l, b->lmh, b->r, b->rmh, 8);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f->a.ep, &d), GNI_RC_SUCCESS, "UGNI-X-comp-chan-readable-on-event");
	fx_complete(f->a.cq, &d, "UGNI-X-comp-chan-readable-on-event");
}

static void drain(gni_cq_handle_t cq)
{
	gni_cq_entry_t e;
	while (GNI_CqGetEvent(cq, &e) != GNI_RC_NOT_DONE)
		;
}

/* A channel with b.rcq attached; ends UNSUPPORTED when not offered. */
static gni_comp_chan_handle_t chan_on(struct fx *f, gni_cq_handle_t cq, int *fd)
{
	gni_comp_chan_handle_t ch = NULL;
	gni_return_t rc = GNI_CompChanCreate(f->b.nic, &ch);
	fx_offered(rc, "GNI_CompChanCreate");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-comp-chan-create-success");
	RT_REQUIRE_EQ_INT(GNI_CompChanFd(ch, fd), GNI_RC_SUCCESS, "UGNI-X-comp-chan-fd-pollable");
	RT_REQUIRE_TRUE(*fd >= 0, "UGNI-X-comp-chan-fd-pollable");
	RT_REQUIRE_EQ_INT(GNI_CqAttachCompChan(cq, ch), GNI_RC_SUCCESS,
			"UGNI-X-cq-attach-comp-chan-success");
	return ch;
}

RT_TEST(cc_cycle, "ugni.comp_chan_get_event.cycle.event_arm_rearm",
		"UGNI-X-comp-chan-create-success,UGNI-X-comp-chan-fd-pollable,"
		"UGNI-X-cq-attach-comp-chan-success,UGNI-X-comp-chan-readable-on-event,"
		"UGNI-X-comp-chan-get-event-names-cq,UGNI-X-comp-chan-once-per-arm,"
		"UGNI-X-comp-chan-event-stays-in-cq")
{
	struct fx f; struct fx_bufs b;
	int fd = -1;
	gni_cq_handle_t got = NULL;
	gni_cq_entry_t e;

	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_comp_chan_handle_t ch = chan_on(&f, f.b.rcq, &fd);
	RT_REQUIRE_EQ_INT(GNI_CqArmCompChan(&f.b.rcq, 1), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-readable-on-event");
	RT_EXPECT_TRUE(!readable(fd, 0), "UGNI-X-comp-chan-readable-on-event");
	put_remote_event(&f, &b);
	RT_EXPECT_TRUE(readable(fd, 2000), "UGNI-X-comp-chan-readable-on-event");
	RT_EXPECT_EQ_INT(GNI_CompChanGetEvent(ch, &got), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-get-event-names-cq");
	RT_EXPECT_TRUE(got == f.b.rcq, "UGNI-X-comp-chan-get-event-names-cq");
	/* the event itself is still in the CQ */
	RT_EXPECT_EQ_INT(GNI_CqGetEvent(f.b.rcq, &e), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-event-stays-in-cq");
	/* not re-armed: a second event does not make the channel readable */
	RT_EXPECT_TRUE(!readable(fd, 0), "UGNI-X-comp-chan-once-per-arm");
	put_remote_event(&f, &b);
	RT_EXPECT_TRUE(!readable(fd, 50), "UGNI-X-comp-chan-once-per-arm");
	RT_EXPECT_TRUE(GNI_CompChanGetEvent(ch, &got) != GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-once-per-arm");
	/* drained and re-armed, the next event makes it readable again */
	drain(f.b.rcq);
	RT_EXPECT_EQ_INT(GNI_CqArmCompChan(&f.b.rcq, 1), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-once-per-arm");
	put_remote_event(&f, &b);
	RT_EXPECT_TRUE(readable(fd, 2000), "UGNI-X-comp-chan-once-per-arm");
	got = NULL;
	RT_EXPECT_EQ_INT(GNI_CompChanGetEvent(ch, &got), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-get-event-names-cq");
	RT_EXPECT_TRUE(got == f.b.rcq, "UGNI-X-comp-chan-get-event-names-cq");
	drain(f.b.rcq);
	fx_teardown(&f);
}

/* Two CQs on one channel: GetEvent names the one that had the event. */
RT_TEST(cc_two, "ugni.comp_chan_get_event.cycle.two_cqs",
		"UGNI-X-comp-chan-get-event-names-cq")
{
	struct fx f; struct fx_bufs b;
	int fd = -1;
	gni_cq_handle_t other, got = NULL;

	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	fx_cq(f.b.nic, 16, GNI_CQ_NOBLOCK, &other);
	gni_comp_chan_handle_t ch = chan_on(&f, f.b.rcq, &fd);
	RT_REQUIRE_EQ_INT(GNI_CqAttachCompChan(other, ch), GNI_RC_SUCCESS,
			"UGNI-X-cq-attach-comp-chan-success");
	gni_cq_handle_t both[2] = { other, f.b.rcq };
	RT_REQUIRE_EQ_INT(GNI_CqArmCompChan(both, 2), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-get-event-names-cq");
	put_remote_event(&f, &b);
	RT_EXPECT_TRUE(readable(fd, 2000), "UGNI-X-comp-chan-get-event-names-cq");
	RT_EXPECT_EQ_INT(GNI_CompChanGetEvent(ch, &got), GNI_RC_SUCCESS,
			"UGNI-X-comp-chan-get-event-names-cq");
	RT_EXPECT_TRUE(got == f.b.rcq, "UGNI-X-comp-chan-get-event-names-cq");
	drain(f.b.rcq);
	fx_teardown(&f);
}

/* Invalid arguments: GNI_RC_INVALID_PARAM, as for every call of the
 * interface given a NULL or wrong handle. */
RT_TEST(cc_args, "ugni.comp_chan_create.args.invalid",
		"UGNI-X-comp-chan-invalid-param")
{
	struct fx f;
	gni_comp_chan_handle_t ch = NULL;
	gni_cq_handle_t cq = NULL;
	int fd;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_CompChanCreate(NULL, &ch);
	fx_offered(rc, "GNI_CompChanCreate");
	RT_EXPECT_EQ_INT(rc, GNI_RC_INVALID_PARAM, "UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanCreate(f.a.nic, NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanFd(NULL, &fd), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanGetEvent(NULL, &cq), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqAttachCompChan(NULL, NULL), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CqArmCompChan(NULL, 1), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	/* a CQ handle in place of a channel handle */
	RT_EXPECT_EQ_INT(GNI_CompChanFd((gni_comp_chan_handle_t)(void *)f.a.cq, &fd),
			GNI_RC_INVALID_PARAM, "UGNI-X-comp-chan-invalid-param");
	fx_teardown(&f);
}

/* A destroyed channel's handle is refused (robustness). */
RT_TEST_ATTRS(cc_stale, "ugni.comp_chan_destroy.handle.stale",
		"UGNI-X-comp-chan-invalid-param", "tier=robustness")
{
	struct fx f;
	gni_comp_chan_handle_t ch = NULL;
	int fd;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_CompChanCreate(f.a.nic, &ch);
	fx_offered(rc, "GNI_CompChanCreate");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-X-comp-chan-create-success");
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_SUCCESS, "UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanFd(ch, &fd), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	RT_EXPECT_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_INVALID_PARAM,
			"UGNI-X-comp-chan-invalid-param");
	fx_teardown(&f);
}

/* The highest descriptor open in this process, or -1. */
static int highest_fd(void)
{
	int top = -1;

	for (int fd = 0; fd < 65536; fd++)
		if (fcntl(fd, F_GETFD) != -1)
			top = fd;
	return top;
}

/*
 * A destroyed channel gives its descriptor back: with the descriptor
 * limit lowered (setrlimit) to 16 above the highest one open, 2000
 * create/destroy cycles all succeed; channels that kept their descriptors
 * would use up the free ones below the limit (the reference with that
 * leak fails within a few hundred cycles).
 */
RT_TEST(cc_cycles, "ugni.comp_chan_destroy.resource.create_destroy_past_fd_limit",
		"UGNI-X-comp-chan-create-success")
{
	const char *c = "UGNI-X-comp-chan-create-success";
	struct fx f;
	struct rlimit was, low;
	gni_comp_chan_handle_t ch = NULL;
	int done;

	fx_setup(&f, 0);
	gni_return_t rc = GNI_CompChanCreate(f.a.nic, &ch);
	fx_offered(rc, "GNI_CompChanCreate");
	RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_CompChanDestroy(ch), GNI_RC_SUCCESS, c);
	RT_REQUIRE_TRUE(getrlimit(RLIMIT_NOFILE, &was) == 0, c);
	low = was;
	low.rlim_cur = (rlim_t)highest_fd() + 17;
	if (low.rlim_cur > was.rlim_cur)
		low.rlim_cur = was.rlim_cur;
	RT_REQUIRE_TRUE(setrlimit(RLIMIT_NOFILE, &low) == 0, c);
	for (done = 0; done < 2000; done++) {
		if ((rc = GNI_CompChanCreate(f.a.nic, &ch)) != GNI_RC_SUCCESS)
			break;
		if ((rc = GNI_CompChanDestroy(ch)) != GNI_RC_SUCCESS)
			break;
	}
	setrlimit(RLIMIT_NOFILE, &was);
	if (done < 2000)
		RT_FAIL(c, "every cycle succeeds", "a failure", "cycle %d of 2000: %s",
			done + 1, gni_err_str[rc]);
	else
		RT_EXPECT_EQ_INT(done, 2000, c);
	fx_teardown(&f);
}
