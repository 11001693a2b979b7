/*
 * ext_amo2.c: the second-generation AMO commands of the vendor header
 * (GNI_FMA_ATOMIC2_*, extension tier), which only an Aries executes; the
 * NIC generation GNI_GetDeviceType reports; the width of a CQ event's
 * inst_id on each generation; GNI_CQ_SET_MSG_ID on an SMSG event.
 *
 * The Aries tests run when GNI_GetDeviceType says Aries, or when the
 * test-control interface can make the NIC one (RDMACTS_TC_ARIES);
 * otherwise they are UNSUPPORTED.  Each command is checked with exact
 * expected values computed here, on a word between two guard words:
 * 64-bit commands on an 8-byte word, the _S commands on a 4-byte word
 * at an address that is 4- but not 8-byte aligned.
 */
#include "fixture.h"

/* The NIC is an Aries, or the test ends UNSUPPORTED. */
static void need_aries(void)
{
	gni_nic_device_t t = GNI_DEVICE_LAST;

	if (GNI_GetDeviceType(&t) == GNI_RC_SUCCESS && t == GNI_DEVICE_ARIES)
		return;
	fx_control(RDMACTS_TC_ARIES, 1);
	RT_REQUIRE_EQ_INT(GNI_GetDeviceType(&t), GNI_RC_SUCCESS,
			"UGNI-X-get-device-type-aries");
	RT_REQUIRE_EQ_INT(t, GNI_DEVICE_ARIES, "UGNI-X-get-device-type-aries");
}

/* The NIC is a Gemini, or the test ends UNSUPPORTED. */
static void need_gemini(void)
{
	gni_nic_device_t t = GNI_DEVICE_LAST;

	if (fx_control_present())
		fx_control(RDMACTS_TC_ARIES, 0);
	RT_REQUIRE_EQ_INT(GNI_GetDeviceType(&t), GNI_RC_SUCCESS,
			"UGNI-X-get-device-type-gemini");
	if (t != GNI_DEVICE_GEMINI)
		rt_unsupported("the NIC is not a Gemini and cannot be made one");
}

enum fam { AND, OR, XOR, SWAP, AX, CSWAP, IMIN, IMAX, IADD, FPMIN, FPMAX, FPADD };

static const struct fam_row {
	const char *slug;
	enum fam fam;
	gni_fma_cmd_type_t f_s, f, f_sc, f_c, p_s, p, p_sc, p_c;
} fams[] = {
#define ROW(slug, fam, F, P) { slug, fam, GNI_FMA_ATOMIC2_##F##_S, GNI_FMA_ATOMIC2_##F, \
	GNI_FMA_ATOMIC2_##F##_SC, GNI_FMA_ATOMIC2_##F##_C, GNI_FMA_ATOMIC2_##P##_S, \
	GNI_FMA_ATOMIC2_##P, GNI_FMA_ATOMIC2_##P##_SC, GNI_FMA_ATOMIC2_##P##_C }
	ROW("and", AND, FAND, AND),       ROW("or", OR, FOR, OR),
	ROW("xor", XOR, FXOR, XOR),       ROW("swap", SWAP, FSWAP, SWAP),
	ROW("ax", AX, FAX, AX),           ROW("cswap", CSWAP, FCSWAP, CSWAP),
	ROW("imin", IMIN, FIMIN, IMIN),   ROW("imax", IMAX, FIMAX, IMAX),
	ROW("iadd", IADD, FIADD, IADD),   ROW("fpmin", FPMIN, FFPMIN, FPMIN),
	ROW("fpmax", FPMAX, FFPMAX, FPMAX), ROW("fpadd", FPADD, FFPADD, FPADD),
#undef ROW
};
#define NFAM (sizeof fams / sizeof *fams)

/* Operand sets: integer ones, then floating-point ones (as bit patterns). */
struct ops { uint64_t r0, op1, op2; };
static const struct ops int64_sets[] = {
	{ 0x0123456789ABCDEFull, 0x0F0F0F0F0F0F0F0Full, 0x00FF00FF00FF00FFull },
	{ 0xFFFFFFFFFFFFFFF0ull, 0x0000000000000020ull, 0x8000000000000001ull },
	{ 0xDEADBEEFCAFEF00Dull, 0xDEADBEEFCAFEF00Dull, 0x1234 },	/* CSWAP matches */
};
static const struct ops int32_sets[] = {
	{ 0x89ABCDEFull, 0x0F0F0F0Full, 0x00FF00FFull },
	{ 0xFFFFFFF0ull, 0x00000020ull, 0x80000001ull },	/* IADD wraps in 32 bits */
	{ 0xCAFEF00Dull, 0xCAFEF00Dull, 0x1234 },
};

static uint64_t dbits(double d) { uint64_t v; memcpy(&v, &d, 8); return v; }
static uint64_t fbits(float f) { uint32_t v; memcpy(&v, &f, 4); return v; }
static double dval(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }
static float fval(uint64_t v) { uint32_t w = (uint32_t)v; float f; memcpy(&f, &w, 4); return f; }

/* The word the command leaves, from the old word o (width bytes). */
static uint64_t expect(enum fam fam, unsigned width, uint64_t o, uint64_t a, uint64_t b)
{
	uint64_t mask = width == 4 ? 0xFFFFFFFFull : ~0ull;
	int64_t so = width == 4 ? (int32_t)(uint32_t)o : (int64_t)o;
	int64_t sa = width == 4 ? (int32_t)(uint32_t)a : (int64_t)a;
	uint64_t r = 0;

	switch (fam) {
	case AND: r = o & a; break;
	case OR: r = o | a; break;
	case XOR: r = o ^ a; break;
	case SWAP: r = a; break;
	case AX: r = (o & a) ^ b; break;
	case CSWAP: r = (o & mask) == (a & mask) ? b : o; break;
	case IMIN: r = sa < so ? a : o; break;
	case IMAX: r = sa > so ? a : o; break;
	case IADD: r = o + a; break;
	case FPMIN: r = width == 4 ? (fval(a) < fval(o) ? a : o) : (dval(a) < dval(o) ? a : o); break;
	case FPMAX: r = width == 4 ? (fval(a) > fval(o) ? a : o) : (dval(a) > dval(o) ? a : o); break;
	case FPADD: r = width == 4 ? fbits(fval(o) + fval(a)) : dbits(dval(o) + dval(a)); break;
	}
	return r & mask;
}

/* One command, one operand set: the remote word, the fetched word, and
 * the guard words on both sides of each. */
static void amo2_once(const struct fam_row *fr, gni_fma_cmd_type_t cmd,
		unsigned width, int fetch, const struct ops *o, const char *clause)
{
	struct fx f; struct fx_bufs b;
	const uint64_t g64 = 0xA5A5A5A5A5A5A5A5ull;
	const uint32_t g32 = 0xA5A5A5A5u;
	uint64_t old, now, fetched;
	void *rword, *lword;

	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	uint64_t *r64 = (uint64_t *)(void *)b.r, *l64 = (uint64_t *)(void *)b.l;
	uint32_t *r32 = (uint32_t *)(void *)b.r, *l32 = (uint32_t *)(void *)b.l;
	if (width == 8) {
		r64[0] = r64[2] = l64[0] = l64[1] = l64[2] = g64;
		r64[1] = o->r0;
		rword = &r64[1]; lword = &l64[1];
	} else {
		r32[0] = r32[2] = l32[0] = l32[1] = l32[2] = g32;
		r32[1] = (uint32_t)o->r0;
		rword = &r32[1]; lword = &l32[1];	/* 4- but not 8-aligned */
	}
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			lword, b.lmh, rword, b.rmh, width);
	d.amo_cmd = cmd;
	d.first_operand = o->op1;
	d.second_operand = o->op2;
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-X-amo2-accepted-on-aries");
	fx_complete(f.a.cq, &d, clause);
	old = width == 8 ? o->r0 : (uint32_t)o->r0;
	now = width == 8 ? r64[1] : r32[1];
	fetched = width == 8 ? l64[1] : l32[1];
	RT_EXPECT_EQ_U64(now, expect(fr->fam, width, old, o->op1, o->op2), clause);
	if (fetch)
		RT_EXPECT_EQ_U64(fetched, old, "UGNI-X-amo2-fetching-returns-old");
	else
		RT_EXPECT_EQ_U64(fetched, width == 8 ? g64 : g32, "UGNI-X-amo2-nonfetching-writes-no-local");
	const char *wc = width == 8 ? "UGNI-X-amo2-word-64" : "UGNI-X-amo2-word-32";
	if (width == 8) {
		RT_EXPECT_EQ_U64(r64[0], g64, wc); RT_EXPECT_EQ_U64(r64[2], g64, wc);
		RT_EXPECT_EQ_U64(l64[0], g64, wc); RT_EXPECT_EQ_U64(l64[2], g64, wc);
	} else {
		RT_EXPECT_EQ_U64(r32[0], g32, wc); RT_EXPECT_EQ_U64(r32[2], g32, wc);
		RT_EXPECT_EQ_U64(l32[0], g32, wc); RT_EXPECT_EQ_U64(l32[2], g32, wc);
	}
	fx_teardown(&f);
	(void)fr;
}

/* 96 commands: family x {fetching, not} x {_S, 64-bit, _SC, _C}. */
#define NVAR 8
static char names[NFAM * NVAR][80], clauses[NFAM * NVAR][200];
static const char *var_slug[NVAR] = { "f%s_s", "f%s", "f%s_sc", "f%s_c",
	"%s_s", "%s", "%s_sc", "%s_c" };

static void amo2_row(void)
{
	const char *name = rt_current_test();
	for (size_t i = 0; i < NFAM * NVAR; i++) {
		if (strcmp(name, names[i]) != 0)
			continue;
		const struct fam_row *fr = &fams[i / NVAR];
		unsigned v = (unsigned)(i % NVAR);
		const gni_fma_cmd_type_t cmds[NVAR] = { fr->f_s, fr->f, fr->f_sc,
			fr->f_c, fr->p_s, fr->p, fr->p_sc, fr->p_c };
		unsigned width = v % 2 == 0 ? 4 : 8;
		int fetch = v < 4;
		char clause[48];
		snprintf(clause, sizeof clause, "UGNI-X-amo2-%s", fr->slug);
		need_aries();
		int fp = fr->fam == FPMIN || fr->fam == FPMAX || fr->fam == FPADD;
		if (fp) {
			const struct ops fsets[] = {
				{ width == 8 ? dbits(1.5) : fbits(1.5f),
				  width == 8 ? dbits(2.25) : fbits(2.25f), 0 },
				{ width == 8 ? dbits(-3.0) : fbits(-3.0f),
				  width == 8 ? dbits(-0.5) : fbits(-0.5f), 0 },
			};
			for (size_t s = 0; s < 2; s++)
				amo2_once(fr, cmds[v], width, fetch, &fsets[s], clause);
		} else {
			const struct ops *sets = width == 8 ? int64_sets : int32_sets;
			for (size_t s = 0; s < 3; s++)
				amo2_once(fr, cmds[v], width, fetch, &sets[s], clause);
		}
		return;
	}
	RT_FAIL("-", "known-row", "unknown", "%s", name);
}

__attribute__((constructor)) static void amo2_register(void)
{
	for (size_t i = 0; i < NFAM * NVAR; i++) {
		const struct fam_row *fr = &fams[i / NVAR];
		unsigned v = (unsigned)(i % NVAR);
		char slug[32];
		snprintf(slug, sizeof slug, var_slug[v], fr->slug);
		snprintf(names[i], sizeof names[i], "ugni.post_fma.amo2.%s", slug);
		snprintf(clauses[i], sizeof clauses[i],
				"UGNI-X-amo2-%s,UGNI-X-amo2-accepted-on-aries,%s,%s",
				fr->slug, v < 4 ? "UGNI-X-amo2-fetching-returns-old" :
				"UGNI-X-amo2-nonfetching-writes-no-local",
				v % 2 == 0 ? "UGNI-X-amo2-word-32" : "UGNI-X-amo2-word-64");
		rt_register(amo2_row, names[i], clauses[i], "", __FILE__, __LINE__);
	}
}

/* A Gemini does not execute the second-generation commands: the post is
 * refused with GNI_RC_INVALID_PARAM and the word is untouched. */
RT_TEST(amo2_gemini, "ugni.post_fma.amo2.refused_on_gemini",
		"UGNI-X-amo2-refused-on-gemini")
{
	static const gni_fma_cmd_type_t cmds[] = { GNI_FMA_ATOMIC2_IADD,
		GNI_FMA_ATOMIC2_FIADD_S, GNI_FMA_ATOMIC2_FFPADD, GNI_FMA_ATOMIC2_SWAP_SC };
	struct fx f; struct fx_bufs b;

	need_gemini();
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	for (size_t i = 0; i < sizeof cmds / sizeof *cmds; i++) {
		uint64_t *rw = (uint64_t *)(void *)b.r;
		rw[0] = 7;
		gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
				b.l, b.lmh, b.r, b.rmh, 8);
		d.amo_cmd = cmds[i];
		d.first_operand = 1;
		RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_INVALID_PARAM,
				"UGNI-X-amo2-refused-on-gemini");
		RT_EXPECT_EQ_U64(rw[0], 7, "UGNI-X-amo2-refused-on-gemini");
	}
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), "UGNI-X-amo2-refused-on-gemini");
	fx_teardown(&f);
}

/* Every one of the 96 second-generation commands, each at its own width
 * (4 bytes for _S and _SC, 8 otherwise): a Gemini refuses all of them. */
RT_TEST(amo2_gemini_all, "ugni.post_fma.amo2.refused_on_gemini_every_command",
		"UGNI-X-amo2-refused-on-gemini")
{
	const char *c = "UGNI-X-amo2-refused-on-gemini";
	struct fx f; struct fx_bufs b;

	need_gemini();
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	uint64_t *rw = (uint64_t *)(void *)b.r;
	for (size_t i = 0; i < NFAM * NVAR; i++) {
		const struct fam_row *fr = &fams[i / NVAR];
		unsigned v = (unsigned)(i % NVAR);
		const gni_fma_cmd_type_t cmds[NVAR] = { fr->f_s, fr->f, fr->f_sc,
			fr->f_c, fr->p_s, fr->p, fr->p_sc, fr->p_c };
		rw[0] = 7;
		gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
				b.l, b.lmh, b.r, b.rmh, v % 2 == 0 ? 4 : 8);
		d.amo_cmd = cmds[v];
		d.first_operand = 1;
		RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_INVALID_PARAM, c);
		RT_EXPECT_EQ_U64(rw[0], 7, c);
	}
	RT_EXPECT_TRUE(fx_quiet(f.a.cq), c);
	fx_teardown(&f);
}

/* A 32-bit command at an address that is not 4-byte aligned. */
RT_TEST(amo2_align32, "ugni.post_fma.amo2.s_unaligned_remote",
		"UGNI-X-amo2-word-32-alignment")
{
	struct fx f; struct fx_bufs b;

	need_aries();
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r + 2, b.rmh, 4);
	d.amo_cmd = GNI_FMA_ATOMIC2_IADD_S;
	d.first_operand = 1;
	RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_ALIGNMENT_ERROR,
			"UGNI-X-amo2-word-32-alignment");
	d.remote_addr = U64(b.r + 4);
	d.local_addr = U64(b.l + 2);
	d.amo_cmd = GNI_FMA_ATOMIC2_FIADD_S;
	RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_ALIGNMENT_ERROR,
			"UGNI-X-amo2-word-32-alignment");
	fx_teardown(&f);
}

/* A 64-bit second-generation command keeps the 8-byte alignment. */
RT_TEST(amo2_align64, "ugni.post_fma.amo2.unaligned_remote",
		"UGNI-X-amo2-word-64-alignment")
{
	struct fx f; struct fx_bufs b;

	need_aries();
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r + 4, b.rmh, 8);
	d.amo_cmd = GNI_FMA_ATOMIC2_IADD;
	d.first_operand = 1;
	RT_EXPECT_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_ALIGNMENT_ERROR,
			"UGNI-X-amo2-word-64-alignment");
	fx_teardown(&f);
}

RT_TEST(devtype_aries, "ugni.get_device_type.generation.aries",
		"UGNI-X-get-device-type-aries")
{
	gni_nic_device_t t = GNI_DEVICE_LAST;

	need_aries();
	RT_EXPECT_EQ_INT(GNI_GetDeviceType(&t), GNI_RC_SUCCESS, "UGNI-X-get-device-type-aries");
	RT_EXPECT_EQ_INT(t, GNI_DEVICE_ARIES, "UGNI-X-get-device-type-aries");
}

RT_TEST(devtype_gemini, "ugni.get_device_type.generation.gemini",
		"UGNI-X-get-device-type-gemini")
{
	gni_nic_device_t t = GNI_DEVICE_LAST;

	need_gemini();
	RT_EXPECT_EQ_INT(GNI_GetDeviceType(&t), GNI_RC_SUCCESS, "UGNI-X-get-device-type-gemini");
	RT_EXPECT_EQ_INT(t, GNI_DEVICE_GEMINI, "UGNI-X-get-device-type-gemini");
}

/* gni_pub.h 0x5c: an event's inst_id is 32 bits on a Gemini and 24 bits
 * on an Aries (GNI_CQ_SET_INST_ID truncates); the remote inst_id is 32
 * bits on both.  Checked on an event a real PUT produced. */
static void inst_width(int aries)
{
	struct fx f; struct fx_bufs b;
	gni_cq_entry_t ev = 0;

	if (aries)
		need_aries();
	else
		need_gemini();
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	RT_REQUIRE_EQ_INT(GNI_EpSetEventData(f.a.ep, 0x12345678u, 0x12345678u),
			GNI_RC_SUCCESS, "UGNI-X-cq-inst-id-width");
	gni_post_descriptor_t d = fx_desc(GNI_POST_FMA_PUT, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 8);
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, "UGNI-X-cq-inst-id-width");
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, "UGNI-X-cq-inst-id-width");
	RT_EXPECT_EQ_U64(GNI_CQ_GET_INST_ID(ev), aries ? 0x345678u : 0x12345678u,
			"UGNI-X-cq-inst-id-width");
	gni_cq_entry_t e = ev;
	GNI_CQ_SET_INST_ID(e, 0xABCDEF12u);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_INST_ID(e), aries ? 0xCDEF12u : 0xABCDEF12u,
			"UGNI-X-cq-inst-id-width");
	GNI_CQ_SET_REM_INST_ID(e, 0xABCDEF12u);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_REM_INST_ID(e), 0xABCDEF12u, "UGNI-X-cq-rem-inst-id-32");
	gni_post_descriptor_t *done = NULL;
	GNI_GetCompleted(f.a.cq, ev, &done);
	fx_teardown(&f);
}

RT_TEST(inst_aries, "ugni.cq_entry.inst_id.aries_24_bits",
		"UGNI-X-cq-inst-id-width,UGNI-X-cq-rem-inst-id-32")
{
	inst_width(1);
}

RT_TEST(inst_gemini, "ugni.cq_entry.inst_id.gemini_32_bits",
		"UGNI-X-cq-inst-id-width,UGNI-X-cq-rem-inst-id-32")
{
	inst_width(0);
}

/* GNI_CQ_SET_MSG_ID on the sender's event of a real short message:
 * GNI_CQ_GET_MSG_ID returns the value set, all 32 bits of it. */
RT_TEST(set_msg_id, "ugni.cq_entry.msg_id.set_on_smsg_event", "UGNI-X-cq-set-msg-id-smsg")
{
	const char *c = "UGNI-X-cq-set-msg-id-smsg";
	struct fx f; struct fx_smsg m; gni_cq_entry_t ev = 0; uint32_t x = 3;
	fx_setup(&f, 0);
	fx_smsg_pair(&f, GNI_SMSG_TYPE_MBOX_AUTO_RETRANSMIT, 64, 4, &m);
	RT_REQUIRE_EQ_INT(GNI_SmsgSend(f.a.ep, &x, 4, NULL, 0, 7), GNI_RC_SUCCESS, "UGNI-3.7.2-success");
	RT_REQUIRE_EQ_INT(fx_event(f.a.cq, &ev), GNI_RC_SUCCESS, "UGNI-3.7.2-local-event");
	RT_REQUIRE_EQ_U64(GNI_CQ_GET_TYPE(ev), GNI_CQ_EVENT_TYPE_SMSG, "UGNI-3.7.2-local-event");
	GNI_CQ_SET_MSG_ID(ev, 0x89ABCDEFu);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_MSG_ID(ev), 0x89ABCDEFu, c);
	RT_EXPECT_EQ_U64(GNI_CQ_GET_TYPE(ev), GNI_CQ_EVENT_TYPE_SMSG, c);
	fx_teardown(&f);
}

/* The two-operand commands CSWAP and AX also take a descriptor of two
 * words (16 bytes, 8 for _S), as the vendor's fma_amo_g2_* examples post
 * them: the first word is operated on, the second is left as it was. */
static void two_words(gni_fma_cmd_type_t cmd, unsigned width, int fetch,
		uint64_t r0, uint64_t op1, uint64_t op2, uint64_t want)
{
	const char *c = "UGNI-X-amo2-two-word-cswap-ax";
	struct fx f; struct fx_bufs b;

	need_aries();
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	uint64_t *r64 = (uint64_t *)(void *)b.r, *l64 = (uint64_t *)(void *)b.l;
	uint32_t *r32 = (uint32_t *)(void *)b.r, *l32 = (uint32_t *)(void *)b.l;
	if (width == 8) {
		r64[0] = r0; r64[1] = 0x1111111111111111ull; l64[0] = 0x2222222222222222ull;
	} else {
		r32[0] = (uint32_t)r0; r32[1] = 0x11111111u; l32[0] = 0x22222222u;
	}
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			b.l, b.lmh, b.r, b.rmh, 2 * width);
	d.amo_cmd = cmd;
	d.first_operand = op1;
	d.second_operand = op2;
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	if (width == 8) {
		RT_EXPECT_EQ_U64(r64[0], want, c);
		RT_EXPECT_EQ_U64(r64[1], 0x1111111111111111ull, c);
		RT_EXPECT_EQ_U64(l64[0], fetch ? r0 : 0x2222222222222222ull, c);
	} else {
		RT_EXPECT_EQ_U64(r32[0], want, c);
		RT_EXPECT_EQ_U64(r32[1], 0x11111111u, c);
		RT_EXPECT_EQ_U64(l32[0], fetch ? (uint32_t)r0 : 0x22222222u, c);
	}
	fx_teardown(&f);
}

RT_TEST(two_cswap, "ugni.post_fma.amo2.cswap_two_words", "UGNI-X-amo2-two-word-cswap-ax")
{ two_words(GNI_FMA_ATOMIC2_CSWAP, 8, 0, 0x55, 0x55, 0x77, 0x77); }
RT_TEST(two_fcswap_s, "ugni.post_fma.amo2.fcswap_s_two_words", "UGNI-X-amo2-two-word-cswap-ax")
{ two_words(GNI_FMA_ATOMIC2_FCSWAP_S, 4, 1, 0x55, 0x55, 0x77, 0x77); }
RT_TEST(two_ax, "ugni.post_fma.amo2.ax_two_words", "UGNI-X-amo2-two-word-cswap-ax")
{ two_words(GNI_FMA_ATOMIC2_AX, 8, 0, 0xF0F0, 0xFF00, 0x000F, (0xF0F0 & 0xFF00) ^ 0x000F); }
RT_TEST(two_fax_s, "ugni.post_fma.amo2.fax_s_two_words", "UGNI-X-amo2-two-word-cswap-ax")
{ two_words(GNI_FMA_ATOMIC2_FAX_S, 4, 1, 0xF0F0, 0xFF00, 0x000F, (0xF0F0 & 0xFF00) ^ 0x000F); }
