/*
 * smsg_pingpong.c: short message ping-pong between ranks 0 and 1
 * (3.7), with the mailbox attributes exchanged by datagrams between
 * the two bound endpoints (3.5.6, 3.5.10).
 *
 * Each side registers a zeroed mailbox (size from
 * GNI_SmsgBufferSizeNeeded) with a receive CQ, then they bounce a
 * message ITERS times; every message carries its sequence number and
 * tag, which the receiver checks (in-order delivery).  A burst at the
 * end runs the sender out of credits (GNI_RC_NOT_DONE).
 */
#include "job.h"

#define ITERS   1000
#define CREDITS 8
#define MAXSIZE 64

struct side {
	struct dom *d;
	int peer;			/* vrank of the other side */
	gni_cq_handle_t cq, rx_cq;
	gni_ep_handle_t ep;
	void *box;
	gni_smsg_attr_t attr, peer_attr;
	int sent, received;
};

struct hello { uint32_t addr, inst; };

static void setup(struct side *s, const struct job *j, const struct hello *all)
{
	unsigned int size;

	s->peer = 1 - s->d->vrank;
	CHECK(GNI_CqCreate(s->d->nic, 4 * ITERS, 0, GNI_CQ_NOBLOCK, NULL, NULL, &s->cq));
	CHECK(GNI_CqCreate(s->d->nic, 4 * ITERS, 0, GNI_CQ_NOBLOCK, NULL, NULL, &s->rx_cq));
	s->attr.msg_type = GNI_SMSG_TYPE_MBOX;
	s->attr.mbox_maxcredit = CREDITS;
	s->attr.msg_maxsize = MAXSIZE;
	CHECK(GNI_SmsgBufferSizeNeeded(&s->attr, &size));
	s->box = calloc(1, size);	/* "buffers must be zeroed" (3.7.1) */
	s->attr.msg_buffer = s->box;
	s->attr.buff_size = size;
	s->attr.mbox_offset = 0;
	CHECK(GNI_MemRegister(s->d->nic, (uint64_t)(uintptr_t)s->box, size, s->rx_cq,
			GNI_MEM_READWRITE, (uint32_t)-1, &s->attr.mem_hndl));
	CHECK(GNI_EpCreate(s->d->nic, s->cq, &s->ep));
	CHECK(GNI_EpBind(s->ep, all[s->peer].addr, all[s->peer].inst));
	(void)j;
}

static void exchange(struct side *s, int n)
{
	gni_post_state_t st;
	uint32_t addr, id;

	for (int i = 0; i < n; i++)
		CHECK(GNI_EpPostData(s[i].ep, &s[i].attr, sizeof s[i].attr,
				&s[i].peer_attr, sizeof s[i].peer_attr));
	for (int i = 0; i < n; i++) {
		CHECK(GNI_EpPostDataWait(s[i].ep, 10000, &st, &addr, &id));
		EXPECT(st == GNI_POST_COMPLETED && id == (uint32_t)s[i].peer,
			"datagram: state %d from %u", (int)st, id);
		CHECK(GNI_SmsgInit(s[i].ep, &s[i].attr, &s[i].peer_attr));
	}
}

static void send_one(struct side *s, int seq)
{
	char msg[MAXSIZE];

	snprintf(msg, sizeof msg, "ping %d from %d", seq, s->d->vrank);
	CHECK(GNI_SmsgSendWTag(s->ep, &seq, sizeof seq, msg, (uint32_t)strlen(msg) + 1,
			(uint32_t)seq, (uint8_t)(seq & 0x7F)));
	s->sent++;
}

/* Take one message if there is one: 1 when taken. */
static int recv_one(struct side *s)
{
	void *hdr;
	uint8_t tag = GNI_SMSG_ANY_TAG;
	gni_cq_entry_t ev;

	gni_return_t rc = GNI_SmsgGetNextWTag(s->ep, &hdr, &tag);
	if (rc == GNI_RC_NOT_DONE)
		return 0;
	CHECK(rc);
	int seq;
	memcpy(&seq, hdr, sizeof seq);
	EXPECT(seq == s->received && tag == (uint8_t)(seq & 0x7F),
		"rank %d: message %d arrived as %d (tag %u)", s->d->vrank, s->received, seq, tag);
	char want[MAXSIZE];
	snprintf(want, sizeof want, "ping %d from %d", seq, s->peer);
	EXPECT(strcmp((char *)hdr + sizeof seq, want) == 0, "payload differs");
	CHECK(GNI_SmsgRelease(s->ep));
	s->received++;
	/* one arrival event in the mailbox's CQ (it follows the message,
	 * from another process possibly a moment later), send events in ours */
	while ((rc = GNI_CqGetEvent(s->rx_cq, &ev)) == GNI_RC_NOT_DONE)
		;
	CHECK(rc);
	EXPECT(GNI_CQ_GET_TYPE(ev) == GNI_CQ_EVENT_TYPE_SMSG &&
		GNI_CQ_GET_INST_ID(ev) == (uint64_t)s->peer, "arrival event");
	while (GNI_CqGetEvent(s->cq, &ev) == GNI_RC_SUCCESS)
		EXPECT(GNI_CQ_GET_TYPE(ev) == GNI_CQ_EVENT_TYPE_SMSG, "send event");
	return 1;
}

int main(void)
{
	struct job j;
	struct dom d[MAX_LOCAL];
	struct hello mine[MAX_LOCAL], *all;
	struct side s[MAX_LOCAL];
	int n = 0;

	job_init(&j, d);
	all = calloc((size_t)j.vsize, sizeof *all);
	for (int i = 0; i < j.nlocal; i++)
		mine[i] = (struct hello){ d[i].addr, (uint32_t)d[i].vrank };
	job_allgather(&j, mine, all, sizeof(struct hello));
	for (int i = 0; i < j.nlocal; i++)
		if (d[i].vrank < 2) {
			s[n] = (struct side){ .d = &d[i] };
			setup(&s[n++], &j, all);
		}
	exchange(s, n);

	/* rank 0 serves; each side answers what it receives */
	if (s[0].d->vrank == 0)
		send_one(&s[0], 0);
	for (int done = 0; !done;) {
		done = 1;
		for (int i = 0; i < n; i++) {
			if (recv_one(&s[i]) && (s[i].d->vrank == 1 || s[i].sent < ITERS))
				send_one(&s[i], s[i].sent);
			if (s[i].received < ITERS)
				done = 0;
		}
	}
	job_barrier(&j);

	/* credits: a burst stops after the peer's mbox_maxcredit messages */
	for (int i = 0; i < n; i++) {
		if (s[i].d->vrank != 0)
			continue;
		int k = 0;
		gni_return_t rc;
		while ((rc = GNI_SmsgSend(s[i].ep, &k, sizeof k, NULL, 0, 0)) == GNI_RC_SUCCESS)
			k++;
		EXPECT(rc == GNI_RC_NOT_DONE && k == CREDITS,
			"burst: %d sent, then %s", k, gni_err_str[rc]);
	}
	job_barrier(&j);

	for (int i = 0; i < n; i++) {
		CHECK(GNI_EpDestroy(s[i].ep));
		CHECK(GNI_MemDeregister(s[i].d->nic, &s[i].attr.mem_hndl));
		CHECK(GNI_CqDestroy(s[i].cq));
		CHECK(GNI_CqDestroy(s[i].rx_cq));
		free(s[i].box);
	}
	if (j.rank == 0)
		printf("smsg_pingpong: %d round trips, in order, credits checked\n", ITERS);
	free(all);
	job_fini(&j, d);
	return 0;
}
