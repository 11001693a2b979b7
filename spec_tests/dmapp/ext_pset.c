/*
 * ext_pset.c: process sets of the vendor extension's collectives
 * (dmapp.h RB-3.1: dmapp_c_pset_create, _export, _destroy, _cancel_op,
 * and the handle checks of every dmapp_c_* call; clauses DMAPP-X-pset-*).
 */
#include <stdlib.h>

#include "ext_coll.h"

#define ID 0x70e7

static dmapp_c_pset_handle_t self_pset(uint64_t id, const char *cl)
{
	static uint32_t me[1];

	me[0] = (uint32_t)dt_pe;
	return ec_make(ec_vec(me, 1), id, 1, cl);
}

RT_TEST(create_vec, "dmapp.c_pset_create.data.vec_self",
	"DMAPP-X-pset-create-success,DMAPP-X-pset-export-success,DMAPP-X-pset-destroy-success")
{
	dt_start();
	dmapp_c_pset_handle_t h = self_pset(ID, "DMAPP-X-pset-create-success");
	RT_EXPECT_TRUE(h != NULL, "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	/* the identifier is free again */
	h = self_pset(ID, "DMAPP-X-pset-destroy-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

RT_TEST(create_strided, "dmapp.c_pset_create.data.strided_self",
	"DMAPP-X-pset-create-success,DMAPP-X-pset-export-success")
{
	dt_start();
	dmapp_c_pset_handle_t h = ec_make(ec_strided((uint32_t)dt_pe, 1, 1), ID, 1,
					  "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-barrier-join-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-barrier-completes");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

RT_TEST(create_attrs, "dmapp.c_pset_create.data.attrs_and_modes",
	"DMAPP-X-pset-create-success")
{
	uint32_t me = 0;
	dmapp_c_pset_attrs_t a;
	dmapp_c_pset_handle_t h;

	dt_start();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	memset(&a, 0, sizeof a);
	a.type = DMAPP_C_PSET_ATTRS_VER1;
	a.u.type1.radix = 4;
	dmapp_return_t rc = dmapp_c_pset_create(&d, ID, 0, &a, &h);
	ec_offered(rc, "dmapp_c_pset_create");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	rc = dmapp_c_pset_create(&d, ID + 1, DMAPP_C_PSET_MODE_CONCAT |
				 DMAPP_C_PSET_MODE_FAULT_TOLERANT, NULL, &h);
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
	if (rc == DMAPP_RC_SUCCESS)
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-destroy-success");
	dt_end();
}

RT_TEST(hw_offload, "dmapp.c_pset_create.mode.hw_offload",
	"DMAPP-X-pset-create-hw-offload")
{
	uint32_t me;
	dmapp_c_pset_handle_t h;

	dt_start();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	dmapp_return_t rc = dmapp_c_pset_create(&d, ID, DMAPP_C_PSET_MODE_HW_OFFLOAD,
						NULL, &h);
	if (rc == DMAPP_RC_NOT_SUPPORTED) {
		dt_end();
		rt_lacks("ext:DMAPP_C_PSET_MODE_HW_OFFLOAD", "answers DMAPP_RC_NOT_SUPPORTED");
	}
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-hw-offload");
	RT_EXPECT_EQ_INT(dmapp_c_pset_export(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-create-hw-offload");
	RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-create-hw-offload");
	RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-create-hw-offload");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-create-hw-offload");
	dt_end();
}

/* create with one bad argument: INVALID_PARAM, no pset made. */
static void bad_create(dmapp_c_pset_desc_t *d, uint64_t id, uint64_t modes,
		       dmapp_c_pset_attrs_t *a, dmapp_c_pset_handle_t *h,
		       const char *what)
{
	dmapp_return_t rc = dmapp_c_pset_create(d, id, modes, a, h);

	ec_offered(rc, "dmapp_c_pset_create");
	if (!RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-pset-create-invalid"))
		RT_FAIL("DMAPP-X-pset-create-invalid", "INVALID_PARAM", "other",
			"for %s", what);
	if (rc == DMAPP_RC_SUCCESS && h)
		dmapp_c_pset_destroy(*h);
}

RT_TEST_ATTRS(create_bad, "dmapp.c_pset_create.param.invalid",
	      "DMAPP-X-pset-create-invalid", "np=2;tier=robustness")
{
	uint32_t list[4];
	dmapp_c_pset_handle_t h;
	dmapp_c_pset_desc_t d;
	dmapp_c_pset_attrs_t a;

	dt_start();
	list[0] = (uint32_t)dt_pe;
	d = ec_vec(list, 1);
	bad_create(NULL, ID, 0, NULL, &h, "a NULL pdesc");
	bad_create(&d, ID, 0, NULL, NULL, "a NULL pset_hndl");
	bad_create(&d, 0, 0, NULL, &h, "identifier 0");
	memset(&a, 0, sizeof a);
	a.type = (dmapp_c_pset_attrs_type_t)7;
	bad_create(&d, ID, 0, &a, &h, "attrs of an unknown type");
	d = ec_vec(list, 0);
	bad_create(&d, ID, 0, NULL, &h, "a VEC of no PE");
	d = ec_vec(NULL, 1);
	bad_create(&d, ID, 0, NULL, &h, "a VEC with a NULL list");
	list[1] = (uint32_t)dt_npes;
	d = ec_vec(list, 2);
	bad_create(&d, ID, 0, NULL, &h, "a PE outside the job");
	list[1] = list[0];
	d = ec_vec(list, 2);
	bad_create(&d, ID, 0, NULL, &h, "a PE named twice");
	d = ec_vec(list, 0xffffffffu);
	bad_create(&d, ID, 0, NULL, &h, "n_pes 2^32-1");
	d = ec_strided((uint32_t)dt_pe, 1, 0);
	bad_create(&d, ID, 0, NULL, &h, "a STRIDED set of no PE");
	d = ec_strided((uint32_t)dt_pe, 1, (uint32_t)dt_npes + 1);
	bad_create(&d, ID, 0, NULL, &h, "a STRIDED set beyond the job");
	d = ec_strided((uint32_t)dt_pe, 0xffffffffu, 2);
	bad_create(&d, ID, 0, NULL, &h, "a stride past the job");
	d = ec_strided((uint32_t)dt_pe, 1, 1);
	d.type = (dmapp_c_pset_delimiter_type_t)0;
	bad_create(&d, ID, 0, NULL, &h, "delimiter type 0");
	d.type = DMAPP_C_PSET_DELIMITER_LAST;
	bad_create(&d, ID, 0, NULL, &h, "delimiter type LAST");
	d = ec_strided((uint32_t)dt_pe, 1, 1);
	bad_create(&d, ID, 0x100, NULL, &h, "an unknown mode bit");
	dt_end();
}

RT_TEST_ATTRS(create_busy, "dmapp.c_pset_create.state.identifier_in_use",
	      "DMAPP-X-pset-create-busy", "tier=robustness")
{
	uint32_t me;
	dmapp_c_pset_handle_t h, h2;

	dt_start();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	dmapp_return_t rc = dmapp_c_pset_create(&d, ID, 0, NULL, &h);
	ec_offered(rc, "dmapp_c_pset_create");
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_create(&d, ID, 0, NULL, &h2), DMAPP_RC_BUSY,
			 "DMAPP-X-pset-create-busy");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

/* The psets belong to the job: after dmapp_finalize and a new
 * dmapp_init, the identifier of a pset left alive is free again, and the
 * old handle names no live pset. */
RT_TEST_ATTRS(create_after_job, "dmapp.c_pset_create.state.identifier_free_after_finalize",
	      "DMAPP-X-pset-create-busy,DMAPP-X-pset-bad-handle", "tier=robustness")
{
	uint32_t me;
	dmapp_c_pset_handle_t h, h2;

	dt_start();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	dmapp_return_t rc = dmapp_c_pset_create(&d, ID, 0, NULL, &h);
	ec_offered(rc, "dmapp_c_pset_create");
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
	dt_end();
	dt_start();
	RT_EXPECT_EQ_INT(dmapp_c_pset_create(&d, ID, 0, NULL, &h2), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-create-busy");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-pset-bad-handle");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h2), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

/* A pset destroyed while a later one lives leaves nothing its
 * identifier could be mistaken for: psets with identifiers 5 and 1
 * created on both PEs, the first destroyed, then the second exported
 * and used for a reduction, whose sum is right (2 PEs). */
RT_TEST_ATTRS(destroy_then_export, "dmapp.c_pset_export.state.after_earlier_destroyed",
	      "DMAPP-X-pset-export-success,DMAPP-X-greduce-completes,DMAPP-X-pset-destroy-success",
	      "np=2")
{
	uint32_t both[2] = { 0, 1 };
	dmapp_c_pset_handle_t a, c = NULL;
	int64_t in, out = 0;

	dt_start();
	dt_need_pes(2);
	ec_probe();
	dmapp_c_pset_desc_t d = ec_vec(both, 2);
	int member = dt_pe < 2;
	if (member) {
		RT_REQUIRE_EQ_INT(dmapp_c_pset_create(&d, 5, 0, NULL, &a), DMAPP_RC_SUCCESS,
				  "DMAPP-X-pset-create-success");
		RT_REQUIRE_EQ_INT(dmapp_c_pset_create(&d, 1, 0, NULL, &c), DMAPP_RC_SUCCESS,
				  "DMAPP-X-pset-create-success");
		RT_REQUIRE_EQ_INT(dmapp_c_pset_destroy(a), DMAPP_RC_SUCCESS,
				  "DMAPP-X-pset-destroy-success");
	}
	dt_barrier();
	if (member) {
		RT_REQUIRE_EQ_INT(dmapp_c_pset_export(c), DMAPP_RC_SUCCESS,
				  "DMAPP-X-pset-export-success");
		in = 10 + dt_pe;
		RT_REQUIRE_EQ_INT(dmapp_c_greduce_start(c, &in, &out, 1, DMAPP_C_INT64, DMAPP_C_SUM),
				  DMAPP_RC_SUCCESS, "DMAPP-X-greduce-start-success");
		RT_EXPECT_EQ_INT(dmapp_c_pset_wait(c), DMAPP_RC_SUCCESS, "DMAPP-X-greduce-completes");
		RT_EXPECT_EQ_INT(out, 21, "DMAPP-X-greduce-completes");
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(c), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-destroy-success");
	}
	dt_end();
}

RT_TEST_ATTRS(create_full, "dmapp.c_pset_create.resource.no_space",
	      "DMAPP-X-pset-create-no-space", "tier=robustness")
{
	enum { MAXP = 1024 };
	static dmapp_c_pset_handle_t hs[MAXP];
	uint32_t me;
	int n = 0;
	dmapp_return_t rc = DMAPP_RC_SUCCESS;

	dt_start();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	while (n < MAXP &&
	       (rc = dmapp_c_pset_create(&d, ID + (uint64_t)n, 0, NULL, &hs[n])) ==
	       DMAPP_RC_SUCCESS)
		n++;
	ec_offered(rc, "dmapp_c_pset_create");
	if (n < MAXP) {
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_NO_SPACE, "DMAPP-X-pset-create-no-space");
		RT_REQUIRE_TRUE(n > 0, "DMAPP-X-pset-create-success");
		/* a destroyed pset makes room */
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(hs[--n]), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-destroy-success");
		RT_EXPECT_EQ_INT(dmapp_c_pset_create(&d, ID + MAXP, 0, NULL, &hs[n]),
				 DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-no-space");
		n++;
	} else {
		RT_EXPECT_TRUE(n == MAXP, "DMAPP-X-pset-create-no-space");
	}
	while (n-- > 0)
		dmapp_c_pset_destroy(hs[n]);
	dt_end();
}

RT_TEST_ATTRS(not_member, "dmapp.c_pset_create.param.not_a_member",
	      "DMAPP-X-pset-create-not-member", "np=2;tier=robustness")
{
	uint32_t other;
	dmapp_c_pset_handle_t h;

	dt_start();
	dt_need_pes(2);
	ec_probe();
	other = (uint32_t)dt_peer(1);
	dmapp_c_pset_desc_t d = ec_vec(&other, 1);
	dmapp_return_t rc = dmapp_c_pset_create(&d, ID, 0, NULL, &h);
	ec_offered(rc, "dmapp_c_pset_create");
	RT_EXPECT_EQ_INT(rc, DMAPP_RC_INVALID_PARAM, "DMAPP-X-pset-create-not-member");
	d = ec_strided((uint32_t)dt_peer(1), 1, 1);
	RT_EXPECT_EQ_INT(dmapp_c_pset_create(&d, ID, 0, NULL, &h),
			 DMAPP_RC_INVALID_PARAM, "DMAPP-X-pset-create-not-member");
	dt_end();
}

/* PE 0 exports before PE 1, the member at index other (0: the root),
 * has created the pset. */
static void export_missing(int other)
{
	uint32_t both[2] = { 0, 1 };
	dmapp_c_pset_handle_t h = NULL;
	dmapp_return_t rc = DMAPP_RC_SUCCESS;

	dt_start();
	dt_need_pes(2);
	ec_probe();
	both[other] = 1;
	both[1 - other] = 0;
	dmapp_c_pset_desc_t d = ec_vec(both, 2);
	if (dt_pe == 0) {
		rc = dmapp_c_pset_create(&d, ID, 0, NULL, &h);
		if (rc == DMAPP_RC_SUCCESS)
			rc = dmapp_c_pset_export(h);
	}
	dt_barrier();
	ec_offered(rc, "dmapp_c_pset_create");
	if (dt_pe == 0)
		RT_EXPECT_EQ_INT(rc, DMAPP_RC_NOT_FOUND, "DMAPP-X-pset-export-not-found");
	if (dt_pe == 1)
		RT_EXPECT_EQ_INT(dmapp_c_pset_create(&d, ID, 0, NULL, &h),
				 DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
	dt_barrier();
	if (dt_pe < 2) {
		RT_EXPECT_EQ_INT(dmapp_c_pset_export(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-export-success");
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-join-success");
		RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-completes");
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-destroy-success");
	}
	dt_end();
}

RT_TEST_ATTRS(export_nf, "dmapp.c_pset_export.state.member_not_created",
	      "DMAPP-X-pset-export-not-found,DMAPP-X-pset-export-success", "np=2")
{
	export_missing(1);
}

RT_TEST_ATTRS(export_nf_root, "dmapp.c_pset_export.state.root_not_created",
	      "DMAPP-X-pset-export-not-found,DMAPP-X-pset-export-success", "np=2")
{
	export_missing(0);
}

/* Every call that takes a pset handle, given h: INVALID_PARAM. */
static void refuse_handle(dmapp_c_pset_handle_t h, const char *what)
{
	int32_t in = 1, out = 0;
	const char *cl = "DMAPP-X-pset-bad-handle";
	struct { const char *call; dmapp_return_t rc; } r[] = {
		{ "dmapp_c_pset_export", dmapp_c_pset_export(h) },
		{ "dmapp_c_barrier_join", dmapp_c_barrier_join(h) },
		{ "dmapp_c_greduce_start",
		  dmapp_c_greduce_start(h, &in, &out, 1, DMAPP_C_INT32, DMAPP_C_SUM) },
		{ "dmapp_c_pset_test", dmapp_c_pset_test(h) },
		{ "dmapp_c_pset_wait", dmapp_c_pset_wait(h) },
		{ "dmapp_c_pset_cancel_op", dmapp_c_pset_cancel_op(h) },
		{ "dmapp_c_pset_destroy", dmapp_c_pset_destroy(h) },
	};
	for (size_t i = 0; i < sizeof r / sizeof r[0]; i++)
		if (!RT_EXPECT_EQ_INT(r[i].rc, DMAPP_RC_INVALID_PARAM, cl))
			RT_FAIL(cl, "INVALID_PARAM", "other", "%s with %s", r[i].call, what);
}

RT_TEST_ATTRS(bad_handles, "dmapp.c_pset_destroy.param.bad_handles",
	      "DMAPP-X-pset-bad-handle", "tier=robustness")
{
	dmapp_c_pset_handle_t h, junk;

	dt_start();
	h = self_pset(ID, "DMAPP-X-pset-create-success");
	RT_REQUIRE_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			  "DMAPP-X-pset-destroy-success");
	refuse_handle(NULL, "a NULL handle");
	refuse_handle(h, "a destroyed handle");
	dt_garbage(&junk, sizeof junk, 0x5e7);
	refuse_handle(junk, "a garbage handle");
	junk = (dmapp_c_pset_handle_t)(uintptr_t)1;
	refuse_handle(junk, "the handle value 1");
	dt_end();
}

RT_TEST_ATTRS(not_exported, "dmapp.c_barrier_join.state.not_exported",
	      "DMAPP-X-pset-needs-export", "tier=robustness")
{
	uint32_t me;
	dmapp_c_pset_handle_t h;
	int32_t in = 1, out = 0;

	dt_start();
	me = (uint32_t)dt_pe;
	dmapp_c_pset_desc_t d = ec_vec(&me, 1);
	dmapp_return_t rc = dmapp_c_pset_create(&d, ID, 0, NULL, &h);
	ec_offered(rc, "dmapp_c_pset_create");
	RT_REQUIRE_EQ_INT(rc, DMAPP_RC_SUCCESS, "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_INVALID_PARAM,
			 "DMAPP-X-pset-needs-export");
	RT_EXPECT_EQ_INT(dmapp_c_greduce_start(h, &in, &out, 1, DMAPP_C_INT32,
					       DMAPP_C_SUM),
			 DMAPP_RC_INVALID_PARAM, "DMAPP-X-pset-needs-export");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}

RT_TEST_ATTRS(busy, "dmapp.c_pset_destroy.state.busy",
	      "DMAPP-X-pset-destroy-busy,DMAPP-X-barrier-join-busy,DMAPP-X-greduce-busy,DMAPP-X-ptest-not-done",
	      "np=2")
{
	uint32_t both[2] = { 0, 1 };
	int64_t in = 5, out = 0;

	dt_start();
	dt_need_pes(2);
	ec_probe();
	dmapp_c_pset_handle_t h = ec_make(ec_vec(both, 2), ID, dt_pe < 2,
					  "DMAPP-X-pset-create-success");
	dt_barrier();
	if (dt_pe == 0) {
		/* PE 1 has not joined: the barrier cannot be complete */
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-join-success");
		RT_EXPECT_EQ_INT(dmapp_c_pset_test(h), DMAPP_RC_NOT_DONE,
				 "DMAPP-X-ptest-not-done");
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_BUSY,
				 "DMAPP-X-barrier-join-busy");
		RT_EXPECT_EQ_INT(dmapp_c_greduce_start(h, &in, &out, 1, DMAPP_C_INT64,
						       DMAPP_C_SUM),
				 DMAPP_RC_BUSY, "DMAPP-X-greduce-busy");
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_BUSY,
				 "DMAPP-X-pset-destroy-busy");
	}
	dt_barrier();
	if (dt_pe == 1)
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-join-success");
	if (dt_pe < 2) {
		RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-completes");
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-destroy-success");
	}
	dt_end();
}

RT_TEST_ATTRS(cancel, "dmapp.c_pset_cancel_op.state.outstanding",
	      "DMAPP-X-pset-cancel", "np=2")
{
	uint32_t both[2] = { 0, 1 };

	dt_start();
	dt_need_pes(2);
	ec_probe();
	dmapp_c_pset_handle_t h = ec_make(ec_vec(both, 2), ID, dt_pe < 2,
					  "DMAPP-X-pset-create-success");
	dt_barrier();
	if (dt_pe == 0) {
		/* PE 1 never joins: PE 0's barrier stays outstanding */
		RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-barrier-join-success");
		RT_EXPECT_EQ_INT(dmapp_c_pset_cancel_op(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-cancel");
		RT_EXPECT_TRUE(dmapp_c_barrier_join(h) != DMAPP_RC_SUCCESS,
			       "DMAPP-X-pset-cancel");
	}
	if (dt_pe < 2)
		RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
				 "DMAPP-X-pset-cancel");
	dt_end();
}

RT_TEST(cancel_none, "dmapp.c_pset_cancel_op.state.nothing_outstanding",
	"DMAPP-X-pset-cancel-noop")
{
	dt_start();
	dmapp_c_pset_handle_t h = self_pset(ID, "DMAPP-X-pset-create-success");
	RT_EXPECT_EQ_INT(dmapp_c_pset_cancel_op(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-cancel-noop");
	RT_EXPECT_EQ_INT(dmapp_c_barrier_join(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-cancel-noop");
	RT_EXPECT_EQ_INT(dmapp_c_pset_wait(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-cancel-noop");
	RT_EXPECT_EQ_INT(dmapp_c_pset_destroy(h), DMAPP_RC_SUCCESS,
			 "DMAPP-X-pset-destroy-success");
	dt_end();
}
