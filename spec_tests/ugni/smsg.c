/*
 * smsg.c: short messaging (3.7): mailboxes set up by SmsgInit, delivery
 * of header and payload, credits, ordering, tags, events, release.
 * Mailboxes are sized with GNI_SmsgBufferSizeNeeded and registered with
 * the receive CQ of their side (fixture), zeroed.
 */
#include <errno.h>

#include "fixture.h"

#define MAXSZ 128
#define CREDITS 4

static gni_return_t next(gni_ep_handle_t ep, void **hdr)
{
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++)
		rc = GNI_SmsgGetNext(ep, hdr);
	return rc;
}

static gni_return_t next_tag(gni_ep_handle_t ep, void **hdr, uint8_t *tag)
{
	gni_return_t rc = GNI_RC_NOT_DONE;
	uint8_t want = *tag;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++) {
		*tag = want;
		rc = GNI_SmsgGetNextWTag(ep, hdr, tag);
	}
	return rc;
}

static void scene(struct fx *f, struct fx_smsg *m, gni_smsg_type_t type)
{
	fx_setup(f, 0);
	fx_smsg_pair(f, type, MAXSZ, CREDITS, m);
}

static void roundtrip(gni_smsg_type_t type, const char *c)
{
	struct fx f; struct fx_smsg m; void *h = NULL;
	unsigned char hdr[16];
	scene(&f, &m, type);
	fx_pattern(hdr, sizeof hdr, 41);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, hdr, sizeof hdr, NULL, 0, 1), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(h, hdr, sizeof hdr, c);
	RT_EXPECT_EQ_INT(GNI_SmsgRelease(f.b.ep), GNI_RC_SUCCESS, "UGNI-3.7.6-success");
	fx_teardown(&f);
}

RT_TEST(mbox, "ugni.smsg_init.type.mbox", "UGNI-3.7.1-type-mbox,UGNI-3.7.1-success,UGNI-3.7.2-header-only,UGNI-3.7.6-success")
{ roundtrip(GNI_SMSG_TYPE_MBOX, "UGNI-3.7.1-type-mbox"); }
RT_TEST(mbox_ar, "ugni.smsg_init.type.mbox_auto_retransmit", "UGNI-3.7.1-type-mbox-auto-retransmit")
{ roundtrip(GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT, "UGNI-3.7.1-type-mbox-auto-retransmit"); }

/* E-UGNI-193: side b's mailbox named with the handle of another
 * registration.  SmsgInit refuses it, or accepts it and b can send. */
RT_TEST_ATTRS(mbox_unregistered, "ugni.smsg_init.mailbox.outside_registration",
	"UGNI-3.7.1-mailbox-outside-registration", "tier=robustness")
{
	const char *c = "UGNI-3.7.1-mailbox-outside-registration";
	struct fx f; gni_smsg_attr_t la, lb; void *ma, *mb, *h; uint32_t x = 61;
	fx_setup(&f, 0);
	fx_smsg_attr(&f.a, GNI_SMSG_TYPE_MBOX, MAXSZ, CREDITS, f.a.rcq, &la, &ma);
	fx_smsg_attr(&f.b, GNI_SMSG_TYPE_MBOX, MAXSZ, CREDITS, f.b.rcq, &lb, &mb);
	lb.mem_hndl = fx_reg(f.b.nic, fx_mem(64), 64, NULL, GNI_MEM_READWRITE);
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(f.a.ep, &la, &lb), GNI_RC_SUCCESS, "UGNI-3.7.1-success");
	gni_return_t rc = GNI_SmsgInit(f.b.ep, &lb, &la);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_INVALID_PARAM, GNI_RC_SUCCESS);
	if (rc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_INT(GNI_SmsgSend(f.b.ep, &x, 4, NULL, 0, 1), GNI_RC_SUCCESS, c);
		RT_REQUIRE_EQ_INT(next(f.a.ep, &h), GNI_RC_SUCCESS, c);
		RT_EXPECT_EQ_INT(*(uint32_t *)h, 61, c);
	}
	fx_teardown(&f);
}

RT_TEST(payload, "ugni.smsg_send.data.header_and_payload",
	"UGNI-3.7.2-success,UGNI-3.7.2-delivered-header,UGNI-3.7.2-delivered-payload,UGNI-3.7.4-success")
{
	struct fx f; struct fx_smsg m; void *h = NULL;
	unsigned char hdr[12], data[40];
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_pattern(hdr, sizeof hdr, 42);
	fx_pattern(data, sizeof data, 43);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, hdr, sizeof hdr, data, sizeof data, 2), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.4-success");
	RT_EXPECT_MEM_EQ(h, hdr, sizeof hdr, "UGNI-3.7.2-delivered-header");
	RT_EXPECT_MEM_EQ((unsigned char *)h + sizeof hdr, data, sizeof data, "UGNI-3.7.2-delivered-payload");
	GNI_SmsgRelease(f.b.ep);
	fx_teardown(&f);
}

/* The smallest parts a message can have: a header of one byte and a
 * payload of one byte each arrive whole. */
RT_TEST(one_byte, "ugni.smsg_send.data.one_byte_header_and_payload",
	"UGNI-3.7.2-delivered-header,UGNI-3.7.2-delivered-payload")
{
	struct fx f; struct fx_smsg m; void *h = NULL;
	unsigned char hdr = 0xa5, data = 0x5a;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &hdr, 1, &data, 1, 3), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.4-success");
	RT_EXPECT_EQ_INT(((unsigned char *)h)[0], 0xa5, "UGNI-3.7.2-delivered-header");
	RT_EXPECT_EQ_INT(((unsigned char *)h)[1], 0x5a, "UGNI-3.7.2-delivered-payload");
	GNI_SmsgRelease(f.b.ep);
	fx_teardown(&f);
}

/* Whatever errno holds when the caller sends (here EPERM, left by some
 * earlier call of the program) is no part of the message's fate. */
RT_TEST(stale_errno, "ugni.smsg_send.data.errno_on_entry_ignored",
	"UGNI-3.7.2-delivered-header,UGNI-3.7.2-local-event")
{
	struct fx f; struct fx_smsg m; void *h = NULL;
	gni_cq_entry_t ev = 0;
	unsigned char hdr[8];
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_pattern(hdr, sizeof hdr, 46);
	errno = EPERM;
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, hdr, sizeof hdr, NULL, 0, 4), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, "UGNI-3.7.2-local-event");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.4-success");
	RT_EXPECT_MEM_EQ(h, hdr, sizeof hdr, "UGNI-3.7.2-delivered-header");
	GNI_SmsgRelease(f.b.ep);
	fx_teardown(&f);
}

RT_TEST(copied, "ugni.smsg_send.data.copied_at_send_header_and_data", "UGNI-3.7.2-copied-at-send")
{
	const char *c = "UGNI-3.7.2-copied-at-send";
	struct fx f; struct fx_smsg m; void *h = NULL;
	unsigned char hdr[8], data[24], eh[8], ed[24];
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_pattern(hdr, 8, 44);
	fx_pattern(data, 24, 45);
	memcpy(eh, hdr, 8);
	memcpy(ed, data, 24);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, hdr, 8, data, 24, 3), GNI_RC_SUCCESS, c);
	memset(hdr, 0, 8);
	memset(data, 0, 24);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(h, eh, 8, c);
	RT_EXPECT_MEM_EQ((unsigned char *)h + 8, ed, 24, c);
	fx_teardown(&f);
}

RT_TEST(maxsize, "ugni.smsg_send.size.maximum", "UGNI-3.7.2-max-size-delivered")
{
	const char *c = "UGNI-3.7.2-max-size-delivered";
	struct fx f; struct fx_smsg m; void *h = NULL;
	unsigned char hdr[16], data[MAXSZ - 16];
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_pattern(hdr, sizeof hdr, 46);
	fx_pattern(data, sizeof data, 47);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, hdr, 16, data, sizeof data, 4), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(h, hdr, 16, c);
	RT_EXPECT_MEM_EQ((unsigned char *)h + 16, data, sizeof data, c);
	fx_teardown(&f);
}

RT_TEST(toolarge, "ugni.smsg_send.size.above_maximum", "UGNI-3.7.2-too-large")
{
	const char *c = "UGNI-3.7.2-too-large";
	struct fx f; struct fx_smsg m; void *h;
	unsigned char hdr[16], data[MAXSZ];
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_EXPECT_RC_IN(GNI_SmsgSend(f.a.ep, hdr, 16, data, MAXSZ - 15, 5), c,
			GNI_RC_ERROR_RESOURCE, GNI_RC_SIZE_ERROR, GNI_RC_INVALID_PARAM);
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_NOT_DONE, c);
	fx_teardown(&f);
}

RT_TEST(credits, "ugni.smsg_send.credits.exhausted_then_released",
	"UGNI-3.7.2-rc-not-done-no-credits,UGNI-3.7.2-credit-returned-by-release,UGNI-3.7.2-not-done-nothing-sent,UGNI-3.7.6-next-after-release")
{
	struct fx f; struct fx_smsg m; void *h; uint32_t v;
	gni_cq_entry_t ev;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	for (v = 0; v < CREDITS; v++)
		RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &v, 4, NULL, 0, v), GNI_RC_SUCCESS, "UGNI-3.7.2-rc-not-done-no-credits");
	RT_EXPECT_EQ_INT(GNI_SmsgSend(f.a.ep, &v, 4, NULL, 0, v), GNI_RC_NOT_DONE, "UGNI-3.7.2-rc-not-done-no-credits");
	uint32_t got = 0;
	for (uint32_t i = 0; i < CREDITS + 1; i++) {
		if (next(f.b.ep, &h) != GNI_RC_SUCCESS)
			break;
		RT_EXPECT_EQ_INT(*(uint32_t *)h, i, "UGNI-3.7.6-next-after-release");
		got++;
		GNI_SmsgRelease(f.b.ep);
	}
	RT_EXPECT_EQ_INT(got, CREDITS, "UGNI-3.7.2-not-done-nothing-sent");
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++) {
		GNI_CqGetEvent(f.a.cq, &ev);
		GNI_CqGetEvent(f.a.rcq, &ev);
		rc = GNI_SmsgSend(f.a.ep, &v, 4, NULL, 0, v);
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.7.2-credit-returned-by-release");
	fx_teardown(&f);
}

RT_TEST(credits_tag, "ugni.smsg_send_w_tag.credits.exhausted", "UGNI-3.7.3-rc-not-done-no-credits,UGNI-3.7.3-success")
{
	struct fx f; struct fx_smsg m; uint32_t v = 0;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	for (int i = 0; i < CREDITS; i++)
		RT_REQUIRE_EQ_INT(GNI_SmsgSendWTag(f.a.ep, &v, 4, NULL, 0, 0, 9), GNI_RC_SUCCESS, "UGNI-3.7.3-success");
	RT_EXPECT_EQ_INT(GNI_SmsgSendWTag(f.a.ep, &v, 4, NULL, 0, 0, 9), GNI_RC_NOT_DONE, "UGNI-3.7.3-rc-not-done-no-credits");
	fx_teardown(&f);
}

/* The smallest mailbox, msg_maxsize 1 and mbox_maxcredit 1: one
 * one-byte message at a time. */
RT_TEST(one_credit, "ugni.smsg_send.credits.smallest_mailbox",
	"UGNI-3.7.2-rc-not-done-no-credits,UGNI-3.7.2-credit-returned-by-release,UGNI-3.7.2-max-size-delivered,UGNI-3.7.1-success")
{
	struct fx f; struct fx_smsg m; void *h; gni_cq_entry_t ev; uint8_t v = 0x5a;
	fx_setup(&f, 0);
	fx_smsg_pair(&f, GNI_SMSG_TYPE_MBOX, 1, 1, &m);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &v, 1, NULL, 0, 1), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_EXPECT_EQ_INT(GNI_SmsgSend(f.a.ep, &v, 1, NULL, 0, 2), GNI_RC_NOT_DONE, "UGNI-3.7.2-rc-not-done-no-credits");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.2-max-size-delivered");
	RT_EXPECT_EQ_INT(*(uint8_t *)h, 0x5a, "UGNI-3.7.2-max-size-delivered");
	RT_EXPECT_EQ_INT(GNI_SmsgRelease(f.b.ep), GNI_RC_SUCCESS, "UGNI-3.7.6-success");
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++) {
		GNI_CqGetEvent(f.a.cq, &ev);
		GNI_CqGetEvent(f.a.rcq, &ev);
		rc = GNI_SmsgSend(f.a.ep, &v, 1, NULL, 0, 3);
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.7.2-credit-returned-by-release");
	fx_teardown(&f);
}

RT_TEST(in_order, "ugni.smsg_send.ordering.in_order_100_reusing_credits", "UGNI-3.7.2-in-order")
{
	const char *c = "UGNI-3.7.2-in-order";
	struct fx f; struct fx_smsg m; void *h; gni_cq_entry_t ev;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	uint32_t sent = 0, recvd = 0;
	for (int it = 0; it < 100000 && recvd < 100; it++) {
		if (sent < 100 && GNI_SmsgSend(f.a.ep, &sent, 4, NULL, 0, sent) == GNI_RC_SUCCESS)
			sent++;
		if (GNI_SmsgGetNext(f.b.ep, &h) == GNI_RC_SUCCESS) {
			if (!RT_EXPECT_EQ_INT(*(uint32_t *)h, recvd, c))
				break;
			recvd++;
			GNI_SmsgRelease(f.b.ep);
		}
		while (GNI_CqGetEvent(f.a.cq, &ev) == GNI_RC_SUCCESS)
			;
		while (GNI_CqGetEvent(f.b.rcq, &ev) == GNI_RC_SUCCESS)
			;
	}
	RT_EXPECT_EQ_INT(recvd, 100, c);
	fx_teardown(&f);
}

RT_TEST(bidir, "ugni.smsg_send.data.bidirectional_payloads", "UGNI-3.7.2-bidirectional")
{
	const char *c = "UGNI-3.7.2-bidirectional";
	struct fx f; struct fx_smsg m; void *h;
	uint32_t x = 0xAAAA, y = 0xBBBB;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 1), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.b.ep, &y, 4, NULL, 0, 1), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 0xAAAA, c);
	RT_REQUIRE_EQ_INT(next(f.a.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 0xBBBB, c);
	fx_teardown(&f);
}

static void events(gni_smsg_type_t type, int local)
{
	struct fx f; struct fx_smsg m; gni_cq_entry_t ev = 0; uint32_t x = 1;
	const char *c = local ? "UGNI-3.7.2-local-event" : "UGNI-3.7.2-remote-event";
	scene(&f, &m, type);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 0x1234), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(fx_event(local ? f.a.cq : f.b.rcq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_TYPE(ev), GNI_CQ_EVENT_TYPE_SMSG, c);
	if (local) {
		uint64_t id = GNI_CQ_GET_MSG_ID(ev);
		if (type == GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT)
			RT_EXPECT_EQ_U64(id, 0x1234, "UGNI-3.7.2-msg-id-in-event");
		else
			RT_EXPECT_TRUE(id == 0x1234 || id == 0, "UGNI-3.7.2-msg-id-in-event");
	}
	RT_EXPECT_TRUE(fx_quiet(local ? f.a.cq : f.b.rcq), c);
	fx_teardown(&f);
}

RT_TEST(local_ev, "ugni.smsg_send.event.local", "UGNI-3.7.2-local-event")
{ events(GNI_SMSG_TYPE_MBOX, 1); }
RT_TEST(local_ev_ar, "ugni.smsg_send.event.local_msg_id_auto_retransmit", "UGNI-3.7.2-msg-id-in-event,UGNI-3.7.2-msg-id-by-value")
{ events(GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT, 1); }
RT_TEST(remote_ev, "ugni.smsg_send.event.remote", "UGNI-3.7.2-remote-event")
{ events(GNI_SMSG_TYPE_MBOX, 0); }

RT_TEST_ATTRS(auto_retx, "ugni.smsg_send.fault.auto_retransmit", "UGNI-3.7.2-auto-retransmit", "needs=faults")
{
	const char *c = "UGNI-3.7.2-auto-retransmit";
	struct fx f; struct fx_smsg m; void *h; gni_cq_entry_t ev = 0; uint32_t x = 77;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 5), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, c);
	RT_EXPECT_TRUE(GNI_CQ_STATUS_OK(ev), c);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 77, c);
	GNI_SmsgRelease(f.b.ep);
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_NOT_DONE, c);	/* exactly once */
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

/* Only GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT retransmits: on a plain MBOX a
 * send hit by an injected fault is lost, and the error reaches the
 * sender's CQ (2.1.6). */
RT_TEST_ATTRS(mbox_fault, "ugni.smsg_send.fault.mbox_not_retransmitted",
	"UGNI-2-network-error-into-cq,UGNI-3.7.2-auto-retransmit", "needs=faults")
{
	const char *c = "UGNI-2-network-error-into-cq";
	struct fx f; struct fx_smsg m; void *h; gni_cq_entry_t ev = 0; uint32_t x = 78;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 6), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, c);
	RT_EXPECT_TRUE(!GNI_CQ_STATUS_OK(ev), c);
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_NOT_DONE, "UGNI-3.7.2-auto-retransmit");
	fx_control(RDMACTS_TC_RESET, 0);
	/* the same with a data part after the header: the message is lost whole */
	uint32_t y = 79;
	fx_control(RDMACTS_TC_FAIL_NTH_TRANSACTION, 1);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, &y, 4, 7), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_EXPECT_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_TRANSACTION_ERROR, c);
	RT_EXPECT_TRUE(!GNI_CQ_STATUS_OK(ev), c);
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_NOT_DONE, "UGNI-3.7.2-auto-retransmit");
	fx_control(RDMACTS_TC_RESET, 0);
	fx_teardown(&f);
}

/* ---- tags ------------------------------------------------------------------ */

RT_TEST(tag_any, "ugni.smsg_get_next_w_tag.tag.any_tag",
	"UGNI-3.7.3-tag-delivered,UGNI-3.7.5-any-tag,UGNI-3.7.4-tagged-message")
{
	struct fx f; struct fx_smsg m; void *h; uint8_t tag = GNI_SMSG_ANY_TAG; uint32_t x = 3;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SmsgSendWTag(f.a.ep, &x, 4, NULL, 0, 0, 42), GNI_RC_SUCCESS, "UGNI-3.7.3-success");
	RT_REQUIRE_EQ_INT(next_tag(f.b.ep, &h, &tag), GNI_RC_SUCCESS, "UGNI-3.7.5-any-tag");
	RT_EXPECT_EQ_INT(tag, 42, "UGNI-3.7.3-tag-delivered");
	GNI_SmsgRelease(f.b.ep);
	RT_REQUIRE_EQ_INT(GNI_SmsgSendWTag(f.a.ep, &x, 4, NULL, 0, 0, 43), GNI_RC_SUCCESS, "UGNI-3.7.3-success");
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.4-tagged-message");
	fx_teardown(&f);
}

RT_TEST(tag_all, "ugni.smsg_send_w_tag.tag.every_value", "UGNI-3.7.3-all-tag-values")
{
	const char *c = "UGNI-3.7.3-all-tag-values";
	struct fx f; struct fx_smsg m; void *h; gni_cq_entry_t ev;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	for (unsigned t = 0; t < 255; t++) {
		uint8_t tag = GNI_SMSG_ANY_TAG;
		gni_return_t rc = GNI_RC_NOT_DONE;
		for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++) {
			while (GNI_CqGetEvent(f.a.cq, &ev) == GNI_RC_SUCCESS)
				;
			rc = GNI_SmsgSendWTag(f.a.ep, &t, 4, NULL, 0, t, (uint8_t)t);
		}
		RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, c);
		RT_REQUIRE_EQ_INT(next_tag(f.b.ep, &h, &tag), GNI_RC_SUCCESS, c);
		if (!RT_EXPECT_EQ_INT(tag, t, c))
			break;
		GNI_SmsgRelease(f.b.ep);
		while (GNI_CqGetEvent(f.b.rcq, &ev) == GNI_RC_SUCCESS)
			;
	}
	fx_teardown(&f);
}

RT_TEST(tag_match, "ugni.smsg_get_next_w_tag.tag.match_and_no_match",
	"UGNI-3.7.5-success-match,UGNI-3.7.5-rc-no-match,UGNI-3.7.5-no-match-keeps-message,UGNI-3.7.5-no-match-tag-out,UGNI-3.7.6-rc-not-done-after-no-match")
{
	struct fx f; struct fx_smsg m; void *h; uint8_t tag; uint32_t x = 9;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SmsgSendWTag(f.a.ep, &x, 4, NULL, 0, 0, 7), GNI_RC_SUCCESS, "UGNI-3.7.3-success");
	gni_return_t rc = GNI_RC_NOT_DONE;
	for (int i = 0; i < 4000 && rc == GNI_RC_NOT_DONE; i++) {
		tag = 8;
		rc = GNI_SmsgGetNextWTag(f.b.ep, &h, &tag);
	}
	RT_EXPECT_EQ_INT(rc, GNI_RC_NO_MATCH, "UGNI-3.7.5-rc-no-match");
	RT_EXPECT_TRUE(tag == 8 || tag == 7, "UGNI-3.7.5-no-match-tag-out");
	RT_EXPECT_EQ_INT(GNI_SmsgRelease(f.b.ep), GNI_RC_NOT_DONE, "UGNI-3.7.6-rc-not-done-after-no-match");
	tag = 7;
	RT_EXPECT_EQ_INT(GNI_SmsgGetNextWTag(f.b.ep, &h, &tag), GNI_RC_SUCCESS, "UGNI-3.7.5-no-match-keeps-message");
	RT_EXPECT_EQ_INT(tag, 7, "UGNI-3.7.5-success-match");
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 9, "UGNI-3.7.5-no-match-keeps-message");
	fx_teardown(&f);
}

RT_TEST(untagged, "ugni.smsg_get_next_w_tag.tag.untagged_message", "UGNI-3.7.5-untagged-message-tag")
{
	struct fx f; struct fx_smsg m; void *h; uint8_t tag = GNI_SMSG_ANY_TAG; uint32_t x = 1;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 0), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(next_tag(f.b.ep, &h, &tag), GNI_RC_SUCCESS, "UGNI-3.7.5-untagged-message-tag");
	RT_EXPECT_EQ_INT(tag, 0, "UGNI-3.7.5-untagged-message-tag");
	fx_teardown(&f);
}

RT_TEST_ATTRS(send_any_tag, "ugni.smsg_send_w_tag.tag.any_tag_value", "UGNI-3.7.3-send-any-tag-value", "tier=robustness")
{
	struct fx f; struct fx_smsg m; uint32_t x = 1;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_EXPECT_EQ_INT(GNI_SmsgSendWTag(f.a.ep, &x, 4, NULL, 0, 0, GNI_SMSG_ANY_TAG), GNI_RC_SUCCESS, "UGNI-3.7.3-send-any-tag-value");
	fx_teardown(&f);
}

/* ---- GetNext / Release ------------------------------------------------------ */

RT_TEST(valid_until_release, "ugni.smsg_get_next.data.valid_until_release",
	"UGNI-3.7.4-header-valid-until-release,UGNI-3.7.4-getnext-twice")
{
	struct fx f; struct fx_smsg m; void *h, *h2;
	unsigned char a[32], b[32], keep[32];
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_pattern(a, 32, 48);
	fx_pattern(b, 32, 49);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, a, 32, NULL, 0, 0), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.4-success");
	memcpy(keep, h, 32);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, b, 32, NULL, 0, 0), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, b, 32, NULL, 0, 0), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_EXPECT_MEM_EQ(h, keep, 32, "UGNI-3.7.4-header-valid-until-release");
	RT_REQUIRE_EQ_INT(GNI_SmsgGetNext(f.b.ep, &h2), GNI_RC_SUCCESS, "UGNI-3.7.4-getnext-twice");
	RT_EXPECT_TRUE(memcmp(h2, a, 32) == 0 || memcmp(h2, b, 32) == 0, "UGNI-3.7.4-getnext-twice");
	RT_EXPECT_MEM_EQ(h, keep, 32, "UGNI-3.7.4-header-valid-until-release");
	fx_teardown(&f);
}

/* A message sent, received and released without fault is no error: an
 * error subscription of either domain, every category in its mask, stays
 * empty. */
RT_TEST(release_no_error, "ugni.smsg_release.errors.none_raised",
	"UGNI-3.7.6-success,UGNI-3.10.5-rc-not-done")
{
	struct fx f; struct fx_smsg m; void *h; uint32_t x = 9;
	gni_err_handle_t ea, eb; gni_error_event_t e;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(f.a.nic, 0, 0xFF, 16, &ea), GNI_RC_SUCCESS, "UGNI-3.10.1-success");
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(f.b.nic, 0, 0xFF, 16, &eb), GNI_RC_SUCCESS, "UGNI-3.10.1-success");
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 1), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.2-delivered-header");
	RT_EXPECT_EQ_INT(GNI_SmsgRelease(f.b.ep), GNI_RC_SUCCESS, "UGNI-3.7.6-success");
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(ea, &e), GNI_RC_NOT_DONE, "UGNI-3.10.5-rc-not-done");
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(eb, &e), GNI_RC_NOT_DONE, "UGNI-3.10.5-rc-not-done");
	GNI_ReleaseErrors(ea);
	GNI_ReleaseErrors(eb);
	fx_teardown(&f);
}

/* E-UGNI-194: the sender deregistered its mailbox before the receiver
 * released the message: the release succeeds, and the credit it could
 * not return is reported on the receiver's NIC. */
RT_TEST_ATTRS(release_lost_credit, "ugni.smsg_release.errors.credit_return_lost",
	"UGNI-3.7.6-credit-return-lost", "tier=robustness")
{
	const char *c = "UGNI-3.7.6-credit-return-lost";
	struct fx f; struct fx_smsg m; void *h; uint32_t x = 10;
	gni_err_handle_t eb; gni_error_event_t e;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	RT_REQUIRE_EQ_INT(GNI_SubscribeErrors(f.b.nic, 0, 0xFF, 16, &eb), GNI_RC_SUCCESS, "UGNI-3.10.1-success");
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 1), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.7.2-delivered-header");
	RT_REQUIRE_EQ_INT(GNI_MemDeregister(f.a.nic, &m.la.mem_hndl), GNI_RC_SUCCESS, "UGNI-3.4.5-success");
	RT_EXPECT_EQ_INT(GNI_SmsgRelease(f.b.ep), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(GNI_GetErrorEvent(eb, &e), GNI_RC_SUCCESS, c);
	GNI_ReleaseErrors(eb);
	fx_teardown(&f);
}


/* Two endpoints of side b whose mailboxes lie in one registered region at
 * different mbox_offset, each paired with its own endpoint of side a. */
RT_TEST(shared_buffer, "ugni.smsg_init.mailbox.offsets_in_one_region", "UGNI-3.7.1-mbox-offset-shared-buffer")
{
	const char *c = "UGNI-3.7.1-mbox-offset-shared-buffer";
	struct fx f; gni_ep_handle_t a2, b2; void *h;
	gni_smsg_attr_t a1at, a2at, b1at, b2at; void *ma1, *ma2;
	unsigned int size = 0;
	fx_setup(&f, 0);
	fx_ep(&f.a, f.a.cq, f.b.addr, f.b.inst, &a2);
	fx_ep(&f.b, f.b.cq, f.a.addr, f.a.inst, &b2);
	fx_smsg_attr(&f.a, GNI_SMSG_TYPE_MBOX, MAXSZ, CREDITS, f.a.rcq, &a1at, &ma1);
	fx_smsg_attr(&f.a, GNI_SMSG_TYPE_MBOX, MAXSZ, CREDITS, f.a.rcq, &a2at, &ma2);
	b1at = a1at;
	RT_REQUIRE_EQ_INT(GNI_SmsgBufferSizeNeeded(&b1at, &size), GNI_RC_SUCCESS, c);
	unsigned char *region = fx_mem(2 * size);
	gni_mem_handle_t mh = fx_reg(f.b.nic, region, 2 * size, f.b.rcq, 0);
	b1at.msg_buffer = region;
	b1at.buff_size = 2 * size;
	b1at.mem_hndl = mh;
	b1at.mbox_offset = 0;
	b2at = b1at;
	b2at.mbox_offset = size;
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(f.a.ep, &a1at, &b1at), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(f.b.ep, &b1at, &a1at), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(a2, &a2at, &b2at), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_SmsgInit(b2, &b2at, &a2at), GNI_RC_SUCCESS, c);
	uint32_t one = 1, two = 2;
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(a2, &two, 4, NULL, 0, 0), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &one, 4, NULL, 0, 0), GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 1, c);
	GNI_SmsgRelease(f.b.ep);
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_NOT_DONE, c);
	RT_REQUIRE_EQ_INT(next(b2, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_EQ_INT(*(uint32_t *)h, 2, c);
	GNI_EpDestroy(a2);
	GNI_EpDestroy(b2);
	fx_teardown(&f);
}

/* Bound to the instance named by remote_id, and to no other: a third
 * domain (inst 3) on the same NIC sees none of the messages or events. */
RT_TEST(bound_one_peer, "ugni.ep_bind.remote_id.only_that_instance",
	"UGNI-2-ep-bound-to-one-peer,UGNI-3.5.3-remote-id-selects-instance,UGNI-3.5.3-remote-id-by-value")
{
	struct fx f; struct fx_smsg m; struct fx_side third; gni_cq_handle_t tcq;
	void *h; uint32_t x = 5;
	scene(&f, &m, GNI_SMSG_TYPE_MBOX);
	fx_domain(&third, 3, FX_PTAG, FX_COOKIE, 0);
	fx_cq(third.nic, 16, GNI_CQ_NOBLOCK, &tcq);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 0), GNI_RC_SUCCESS, "UGNI-2-ep-bound-to-one-peer");
	RT_EXPECT_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, "UGNI-3.5.3-remote-id-selects-instance");
	RT_EXPECT_TRUE(fx_quiet(tcq), "UGNI-2-ep-bound-to-one-peer");
	GNI_CqDestroy(tcq);
	GNI_CdmDestroy(third.cdm);
	fx_teardown(&f);
}

/* The largest msg_maxsize, GNI_SMSG_MAX_SIZE (E-UGNI-092), is accepted
 * and a message of that size is delivered whole. */
RT_TEST(maxsize_largest, "ugni.smsg_send.size.gni_smsg_max_size",
	"UGNI-3.7.2-max-size-delivered")
{
	const char *c = "UGNI-3.7.2-max-size-delivered";
	struct fx f; struct fx_smsg m; void *h = NULL;
	fx_setup(&f, 0);
	fx_smsg_pair(&f, GNI_SMSG_TYPE_MBOX, GNI_SMSG_MAX_SIZE, 1, &m);
	unsigned char *data = fx_mem(GNI_SMSG_MAX_SIZE);
	fx_pattern(data, GNI_SMSG_MAX_SIZE, 48);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, data, 8, data + 8, GNI_SMSG_MAX_SIZE - 8, 6),
			GNI_RC_SUCCESS, c);
	RT_REQUIRE_EQ_INT(next(f.b.ep, &h), GNI_RC_SUCCESS, c);
	RT_EXPECT_MEM_EQ(h, data, GNI_SMSG_MAX_SIZE, c);
	fx_teardown(&f);
}
