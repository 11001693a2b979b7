/*
 * amo.c: the AMO commands of 3.12.2 as a table (every command and its
 * cached variant, several operand sets), AMO alignment (3.13.7.2: 8 bytes
 * for every AMO, E-UGNI-087), cached commands without the CDM mode.
 *
 * Operands (errata readings): first_operand is the operand (the compare
 * value of CSWAP, the AND mask of AX/FAX), second_operand the XOR value of
 * AX/FAX and the swap value of CSWAP; fetching commands write the old
 * value at local_addr.
 */
#include <sys/mman.h>
#include "fixture.h"

enum op { ADD, AND, OR, XOR, AX, CSWAP };

static const struct amo_cmd {
	const char *slug;
	gni_fma_cmd_type_t cmd;
	enum op op;
	int fetch, cached;
} cmds[] = {
	{ "fadd", GNI_FMA_ATOMIC_FADD, ADD, 1, 0 },   { "fadd_c", GNI_FMA_ATOMIC_FADD_C, ADD, 1, 1 },
	{ "fand", GNI_FMA_ATOMIC_FAND, AND, 1, 0 },   { "fand_c", GNI_FMA_ATOMIC_FAND_C, AND, 1, 1 },
	{ "for", GNI_FMA_ATOMIC_FOR, OR, 1, 0 },      { "for_c", GNI_FMA_ATOMIC_FOR_C, OR, 1, 1 },
	{ "fxor", GNI_FMA_ATOMIC_FXOR, XOR, 1, 0 },   { "fxor_c", GNI_FMA_ATOMIC_FXOR_C, XOR, 1, 1 },
	{ "fax", GNI_FMA_ATOMIC_FAX, AX, 1, 0 },      { "fax_c", GNI_FMA_ATOMIC_FAX_C, AX, 1, 1 },
	{ "cswap", GNI_FMA_ATOMIC_CSWAP, CSWAP, 1, 0 }, { "cswap_c", GNI_FMA_ATOMIC_CSWAP_C, CSWAP, 1, 1 },
	{ "add", GNI_FMA_ATOMIC_ADD, ADD, 0, 0 },     { "add_c", GNI_FMA_ATOMIC_ADD_C, ADD, 0, 1 },
	{ "and", GNI_FMA_ATOMIC_AND, AND, 0, 0 },     { "and_c", GNI_FMA_ATOMIC_AND_C, AND, 0, 1 },
	{ "or", GNI_FMA_ATOMIC_OR, OR, 0, 0 },        { "or_c", GNI_FMA_ATOMIC_OR_C, OR, 0, 1 },
	{ "xor", GNI_FMA_ATOMIC_XOR, XOR, 0, 0 },     { "xor_c", GNI_FMA_ATOMIC_XOR_C, XOR, 0, 1 },
	{ "ax", GNI_FMA_ATOMIC_AX, AX, 0, 0 },        { "ax_c", GNI_FMA_ATOMIC_AX_C, AX, 0, 1 },
};
#define NCMD (sizeof cmds / sizeof *cmds)

static const struct operands { uint64_t r0, op1, op2; } sets[] = {
	{ 0x0123456789ABCDEFull, 0x0F0F0F0F0F0F0F0Full, 0x00FF00FF00FF00FFull },
	{ 0xFFFFFFFFFFFFFFFFull, 2, 0x8000000000000001ull },	/* FADD wraps */
	{ 0, 0xFFFFFFFFFFFFFFFFull, 0x5555555555555555ull },
	{ 0xDEADBEEFCAFEF00Dull, 0xDEADBEEFCAFEF00Dull, 0x1234 },	/* CSWAP matches */
};
#define NSET (sizeof sets / sizeof *sets)

static uint64_t result(enum op op, const struct operands *o)
{
	switch (op) {
	case ADD: return o->r0 + o->op1;
	case AND: return o->r0 & o->op1;
	case OR: return o->r0 | o->op1;
	case XOR: return o->r0 ^ o->op1;
	case AX: return (o->r0 & o->op1) ^ o->op2;
	case CSWAP: return o->r0 == o->op1 ? o->op2 : o->r0;
	}
	return 0;
}

static char names[NCMD * NSET][64], clauses[NCMD * NSET][200];
static char cclause[NCMD][64];

/* One AMO: returns the post's code; fills remote and fetched words. */
static gni_return_t amo_once(uint32_t modes, const struct amo_cmd *c,
		const struct operands *o, const char *clause, int check)
{
	struct fx f; struct fx_bufs b;
	fx_setup(&f, modes);
	fx_bufs(&f, 64, &b);
	uint64_t *rw = (uint64_t *)(void *)b.r, *lw = (uint64_t *)(void *)b.l;
	const uint64_t guard = 0xA5A5A5A5A5A5A5A5ull;
	/* The target word is 16-byte aligned (rw[2]): 3.6.1 asks 16 bytes of
	 * "AAX", and the vendor posts AX only there (E-UGNI-087). */
	rw[1] = rw[3] = lw[1] = lw[3] = guard;
	rw[2] = o->r0;
	lw[2] = guard;
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			&lw[2], b.lmh, &rw[2], b.rmh, 8);
	d.amo_cmd = c->cmd;
	d.first_operand = o->op1;
	d.second_operand = o->op2;
	gni_return_t rc = GNI_PostFma(f.a.ep, &d);
	if (check) {
		RT_REQUIRE_EQ_INT(rc, GNI_RC_SUCCESS, "UGNI-3.6.1-amo-success");
	} else {
		RT_EXPECT_RC_IN(rc, clause, GNI_RC_SUCCESS, GNI_RC_INVALID_PARAM);
		if (rc != GNI_RC_SUCCESS) {
			RT_EXPECT_EQ_U64(rw[2], o->r0, clause);
			fx_teardown(&f);
			return rc;
		}
	}
	fx_complete(f.a.cq, &d, clause);
	RT_EXPECT_EQ_U64(rw[2], result(c->op, o), clause);
	RT_EXPECT_EQ_U64(lw[2], c->fetch ? o->r0 : guard, clause);
	RT_EXPECT_EQ_U64(rw[1], guard, "UGNI-3.12.2-amo-neighbour-words-untouched");
	RT_EXPECT_EQ_U64(rw[3], guard, "UGNI-3.12.2-amo-neighbour-words-untouched");
	RT_EXPECT_EQ_U64(lw[1], guard, "UGNI-3.12.2-amo-neighbour-words-untouched");
	RT_EXPECT_EQ_U64(lw[3], guard, "UGNI-3.12.2-amo-neighbour-words-untouched");
	fx_teardown(&f);
	return rc;
}

static void amo_row(void)
{
	const char *name = rt_current_test();
	for (size_t i = 0; i < NCMD * NSET; i++)
		if (strcmp(name, names[i]) == 0) {
			const struct amo_cmd *c = &cmds[i / NSET];
			char clause[64];
			snprintf(clause, sizeof clause, "UGNI-3.12.2-amo-%s", c->slug);
			for (char *p = clause; *p; p++)
				if (*p == '_')
					*p = '-';
			amo_once(c->cached ? GNI_CDM_MODE_CACHED_AMO_ENABLED : 0, c,
					&sets[i % NSET], clause, 1);
			return;
		}
	RT_FAIL("-", "known-row", "unknown", "%s", name);
}

/* Cached commands on a domain without GNI_CDM_MODE_CACHED_AMO_ENABLED:
 * the uncached result, or GNI_RC_INVALID_PARAM. */
static void cached_without_mode(void)
{
	const char *name = rt_current_test();
	for (size_t i = 0; i < NCMD; i++)
		if (cmds[i].cached && strstr(name, cmds[i].slug) &&
		    strlen(strstr(name, cmds[i].slug)) == strlen(cmds[i].slug)) {
			amo_once(0, &cmds[i], &sets[0],
					"UGNI-3.12.2-amo-cached-without-mode", 0);
			return;
		}
	RT_FAIL("-", "known-row", "unknown", "%s", name);
}

__attribute__((constructor)) static void amo_register(void)
{
	for (size_t i = 0; i < NCMD * NSET; i++) {
		const struct amo_cmd *c = &cmds[i / NSET];
		size_t s = i % NSET;
		snprintf(names[i], sizeof names[i], "ugni.post_fma.amo.%s.operands_%zu",
				c->slug, s);
		int n = snprintf(clauses[i], sizeof clauses[i],
				"UGNI-3.12.2-amo-%s,UGNI-3.6.1-amo-success,UGNI-3.12.2-amo-neighbour-words-untouched",
				c->slug);
		for (char *p = clauses[i]; *p && *p != ','; p++)
			if (*p == '_')
				*p = '-';
		if (c->op == CSWAP && sets[s].r0 != sets[s].op1)
			snprintf(clauses[i] + n, sizeof clauses[i] - (size_t)n,
					",UGNI-3.12.2-amo-cswap-mismatch");
		if (c->cmd == GNI_FMA_ATOMIC_FADD && s == 1)
			snprintf(clauses[i] + n, sizeof clauses[i] - (size_t)n,
					",UGNI-3.12.2-amo-fadd-wraps");
		rt_register(amo_row, names[i], clauses[i], "", __FILE__, __LINE__);
	}
	for (size_t i = 0; i < NCMD; i++) {
		if (!cmds[i].cached)
			continue;
		snprintf(cclause[i], sizeof cclause[i], "ugni.post_fma.amo_cached.without_mode_%s",
				cmds[i].slug);
		rt_register(cached_without_mode, cclause[i],
				"UGNI-3.12.2-amo-cached-without-mode", "", __FILE__, __LINE__);
	}
}

/* ---- alignment (3.13.7.2, E-UGNI-087) ------------------------------------ */

/* want2: a second outcome the errata allow (GNI_RC_SUCCESS when none). */
static void amo_align2(gni_fma_cmd_type_t cmd, size_t loff, size_t roff,
		uint64_t len, gni_return_t want, gni_return_t want2, const char *clause)
{
	struct fx f; struct fx_bufs b;
	fx_setup(&f, 0);
	fx_bufs(&f, 64, &b);
	unsigned char before[64];
	memcpy(before, b.r, 64);
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			b.l + 16 + loff, b.lmh, b.r + 16 + roff, b.rmh, len);
	d.amo_cmd = cmd;
	d.first_operand = 0x0101010101010101ull;
	d.second_operand = 0x1;
	gni_return_t rc = GNI_PostFma(f.a.ep, &d);
	RT_EXPECT_RC_IN(rc, clause, want, want2);
	if (rc == GNI_RC_SUCCESS)
		fx_complete(f.a.cq, &d, clause);
	else
		RT_EXPECT_MEM_EQ(b.r, before, 64, clause);
	fx_teardown(&f);
}

static void amo_align(gni_fma_cmd_type_t cmd, size_t loff, size_t roff,
		uint64_t len, gni_return_t want, const char *clause)
{
	amo_align2(cmd, loff, roff, len, want, want, clause);
}

RT_TEST(amo_remote_off4, "ugni.post_fma.alignment.amo_remote_addr_off4", "UGNI-3.6.1-amo-unaligned-remote-addr")
{ amo_align(GNI_FMA_ATOMIC_ADD, 0, 4, 8, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-amo-unaligned-remote-addr"); }
RT_TEST(amo_remote_off1, "ugni.post_fma.alignment.amo_remote_addr_off1", "UGNI-3.6.1-amo-unaligned-remote-addr")
{ amo_align(GNI_FMA_ATOMIC_ADD, 0, 1, 8, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-amo-unaligned-remote-addr"); }
RT_TEST(famo_remote_off4, "ugni.post_fma.alignment.fetching_amo_remote_addr_off4", "UGNI-3.6.1-amo-unaligned-remote-addr")
{ amo_align(GNI_FMA_ATOMIC_FADD, 0, 4, 8, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-amo-unaligned-remote-addr"); }
RT_TEST(famo_local_off4, "ugni.post_fma.alignment.fetching_amo_local_addr_off4", "UGNI-3.6.1-amo-unaligned-local-addr")
{ amo_align(GNI_FMA_ATOMIC_FADD, 4, 0, 8, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-amo-unaligned-local-addr"); }
RT_TEST(amo_len4, "ugni.post_fma.alignment.amo_length_4_memory_unchanged", "UGNI-3.6.1-amo-unaligned-length")
{ amo_align(GNI_FMA_ATOMIC_ADD, 0, 0, 4, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-amo-unaligned-length"); }
RT_TEST(famo_len4, "ugni.post_fma.alignment.fetching_amo_length_4", "UGNI-3.6.1-amo-unaligned-length")
{ amo_align(GNI_FMA_ATOMIC_FADD, 0, 0, 4, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-amo-unaligned-length"); }
/* An 8-byte AX or FAX aligned to 8 but not 16 (E-UGNI-087): the AMO is
 * applied, or refused with GNI_RC_ALIGNMENT_ERROR and memory unchanged. */
RT_TEST(ax_8_not_16, "ugni.post_fma.alignment.ax_8_not_16_aligned", "UGNI-3.6.1-aax-16-byte")
{ amo_align2(GNI_FMA_ATOMIC_AX, 0, 8, 8, GNI_RC_SUCCESS, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-aax-16-byte"); }
RT_TEST(fax_8_not_16, "ugni.post_fma.alignment.fax_8_not_16_aligned", "UGNI-3.6.1-aax-16-byte")
{ amo_align2(GNI_FMA_ATOMIC_FAX, 8, 8, 8, GNI_RC_SUCCESS, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-aax-16-byte"); }
/* The 16-byte non-fetching AND-XOR (E-UGNI-087): the vendor's AMO
 * example posts GNI_FMA_ATOMIC_AX and _AX_C with length 16 on 16-byte
 * aligned memory and checks the first word; the fetching FAX it posts
 * with 8.  Success and (first & op1) ^ op2 in the first word. */
static void ax16(gni_fma_cmd_type_t cmd, uint32_t modes, const char *clause)
{
	struct fx f; struct fx_bufs b;
	fx_setup(&f, modes);
	fx_bufs(&f, 64, &b);
	uint64_t *r = (uint64_t *)(void *)(b.r + 16);
	r[0] = 0x00ff00ff00ff00ffull;
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			b.l + 16, b.lmh, b.r + 16, b.rmh, 16);
	d.amo_cmd = cmd;
	d.first_operand = 0x0f0f0f0f0f0f0f0full;
	d.second_operand = 0x1;
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, clause);
	fx_complete(f.a.cq, &d, clause);
	RT_EXPECT_EQ_U64(r[0], (0x00ff00ff00ff00ffull & 0x0f0f0f0f0f0f0f0full) ^ 0x1, clause);
	fx_teardown(&f);
}

RT_TEST(ax_16, "ugni.post_fma.alignment.ax_16_bytes_16_aligned", "UGNI-3.6.1-aax-16-byte-length")
{ ax16(GNI_FMA_ATOMIC_AX, 0, "UGNI-3.6.1-aax-16-byte-length"); }
RT_TEST(ax_c_16, "ugni.post_fma.alignment.ax_c_16_bytes_16_aligned", "UGNI-3.6.1-aax-16-byte-length")
{ ax16(GNI_FMA_ATOMIC_AX_C, GNI_CDM_MODE_CACHED_AMO_ENABLED, "UGNI-3.6.1-aax-16-byte-length"); }
/* 16 bytes need 16-byte alignment (3.6.1): refused, memory unchanged */
RT_TEST(ax_16_off8, "ugni.post_fma.alignment.ax_16_bytes_8_aligned", "UGNI-3.6.1-aax-16-byte-unaligned")
{ amo_align(GNI_FMA_ATOMIC_AX, 0, 8, 16, GNI_RC_ALIGNMENT_ERROR, "UGNI-3.6.1-aax-16-byte-unaligned"); }

RT_TEST(amo_aligned8, "ugni.post_fma.alignment.amo_8_aligned", "UGNI-3.6.1-amo-success")
{ amo_align(GNI_FMA_ATOMIC_FADD, 8, 8, 8, GNI_RC_SUCCESS, "UGNI-3.6.1-amo-success"); }

/* A fetching AMO whose result word is the last 8 bytes of its local
 * registration (and whose target is the last word of the remote one):
 * the whole word lies in registered memory, the AMO succeeds. */
RT_TEST(famo_last_word, "ugni.post_fma.amo.fetch_into_last_registered_word", "UGNI-3.6.1-amo-success")
{
	const char *c = "UGNI-3.6.1-amo-success";
	struct fx f;
	fx_setup(&f, 0);
	uint64_t *l = fx_mem(4096), *r = fx_mem(4096);
	gni_mem_handle_t lmh = fx_reg(f.a.nic, l, 64, NULL, 0);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, r, 64, NULL, 0);
	l[7] = 0; l[8] = 0xA5A5A5A5A5A5A5A5ull;
	r[7] = 40;
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			&l[7], lmh, &r[7], rmh, 8);
	d.amo_cmd = GNI_FMA_ATOMIC_FADD;
	d.first_operand = 2;
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	fx_complete(f.a.cq, &d, c);
	RT_EXPECT_EQ_U64(r[7], 42, c);
	RT_EXPECT_EQ_U64(l[7], 40, c);
	RT_EXPECT_EQ_U64(l[8], 0xA5A5A5A5A5A5A5A5ull, "UGNI-3.12.2-amo-neighbour-words-untouched");
	fx_teardown(&f);
}

/* The target page made read-only by its owner after it was registered
 * (E-UGNI-211): the AMO either works, as on a NIC that writes the pinned
 * page whatever its protection now is -- the word updated, its old value
 * fetched -- or completes as a transaction error that leaves the word
 * and the result untouched.  It never reports success without doing it. */
RT_TEST(famo_protected, "ugni.post_fma.amo.target_made_read_only_after_registration",
	"UGNI-3.6.1-amo-target-protection-changed")
{
	const char *c = "UGNI-3.6.1-amo-target-protection-changed";
	struct fx f; gni_cq_entry_t ev = 0; gni_post_descriptor_t *pd = NULL;
	fx_setup(&f, 0);
	uint64_t *l = fx_mem(4096), *r = fx_mem(4096);
	gni_mem_handle_t lmh = fx_reg(f.a.nic, l, 64, NULL, 0);
	gni_mem_handle_t rmh = fx_reg(f.b.nic, r, 64, NULL, 0);
	l[0] = 0xA5A5A5A5A5A5A5A5ull;
	r[0] = 40;
	RT_REQUIRE_TRUE(mprotect(r, 4096, PROT_READ) == 0, "-");
	gni_post_descriptor_t d = fx_desc(GNI_POST_AMO, GNI_CQMODE_GLOBAL_EVENT,
			&l[0], lmh, &r[0], rmh, 8);
	d.amo_cmd = GNI_FMA_ATOMIC_FADD;
	d.first_operand = 2;
	RT_REQUIRE_EQ_INT(GNI_PostFma(f.a.ep, &d), GNI_RC_SUCCESS, c);
	gni_return_t rc = fx_event(f.a.cq, &ev);
	RT_EXPECT_RC_IN(rc, c, GNI_RC_SUCCESS, GNI_RC_TRANSACTION_ERROR);
	RT_EXPECT_EQ_INT(GNI_GetCompleted(f.a.cq, ev, &pd), rc, c);
	if (rc == GNI_RC_SUCCESS) {
		RT_EXPECT_EQ_U64(r[0], 42, c);
		RT_EXPECT_EQ_U64(l[0], 40, c);
	} else {
		RT_EXPECT_EQ_U64(r[0], 40, c);
		RT_EXPECT_EQ_U64(l[0], 0xA5A5A5A5A5A5A5A5ull, c);
	}
	mprotect(r, 4096, PROT_READ | PROT_WRITE);
	fx_teardown(&f);
}
