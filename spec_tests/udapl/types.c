/*
 * types.c: dat_get_handle_type and the consumer context on every handle
 * type (one table row per type), dat_strerror, and the 1.2 values of
 * the header (return codes, statuses, flags).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ut.h"

/* ---- one handle of each type, one test per type ---- */

static const struct { const char *tag; DAT_HANDLE_TYPE type; } kinds[] = {
	{ "ia", DAT_HANDLE_TYPE_IA }, { "ep", DAT_HANDLE_TYPE_EP },
	{ "evd", DAT_HANDLE_TYPE_EVD }, { "cno", DAT_HANDLE_TYPE_CNO },
	{ "pz", DAT_HANDLE_TYPE_PZ }, { "lmr", DAT_HANDLE_TYPE_LMR },
	{ "rmr", DAT_HANDLE_TYPE_RMR }, { "psp", DAT_HANDLE_TYPE_PSP },
	{ "rsp", DAT_HANDLE_TYPE_RSP }, { "srq", DAT_HANDLE_TYPE_SRQ },
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

/* What a test of one kind checks. */
enum aspect { A_TYPE, A_ROUNDTRIP, A_DEFAULT, A_COUNT };
static const char *const aspect_name[A_COUNT] = {
	"udapl.get_handle_type.type.%s", "udapl.set_consumer_context.roundtrip.%s",
	"udapl.get_consumer_context.default.%s" };
static const char *const aspect_clause[A_COUNT] = {
	"UDAPL-dat_get_handle_type-type-%s", "UDAPL-dat_set_consumer_context-roundtrip-%s",
	"UDAPL-dat_get_consumer_context-default-null" };

struct treg { char *name, *clause; size_t k; enum aspect a; };
static struct treg tregs[A_COUNT * NKINDS];
static size_t ntregs;

/* Each test makes the one object it is about (ut_object). */
static void run_kind(void)
{
	const struct treg *r = NULL;
	struct ut_ia u;
	struct ut_mem m;
	DAT_HANDLE h;

	for (size_t i = 0; i < ntregs; i++)
		if (!strcmp(tregs[i].name, rt_current_test()))
			r = &tregs[i];
	RT_REQUIRE_TRUE(r != NULL, "-");
	ut_open(&u, r->clause);
	h = ut_object(&u, kinds[r->k].type, &m, UT_QUAL, r->clause);
	if (!h)		/* an optional kind the Provider lacks */
		ut_lacks(kinds[r->k].type == DAT_HANDLE_TYPE_RMR ? UT_CAP_RMR : UT_CAP_SRQ);
	if (r->a == A_TYPE) {
		DAT_HANDLE_TYPE t = (DAT_HANDLE_TYPE)-1;
		UT_OK(dat_get_handle_type(h, &t), r->clause);
		RT_EXPECT_EQ_INT(t, kinds[r->k].type, r->clause);
	} else if (r->a == A_ROUNDTRIP) {
		DAT_CONTEXT in = { .as_64 = 0xFEDCBA9876543210ull }, out = { .as_64 = 0 };
		UT_OK(dat_set_consumer_context(h, in), r->clause);
		UT_OK(dat_get_consumer_context(h, &out), r->clause);
		RT_EXPECT_EQ_U64(out.as_64, in.as_64, r->clause);
	} else {
		DAT_CONTEXT c = { .as_64 = 0x1111 };
		UT_OK(dat_get_consumer_context(h, &c), r->clause);
		RT_EXPECT_TRUE(c.as_ptr == NULL, r->clause);
	}
	ut_close(&u);
}

__attribute__((constructor)) static void register_kinds(void)
{
	for (size_t k = 0; k < NKINDS; k++)
		for (int a = 0; a < A_COUNT; a++) {
			char name[96], clause[96];
			snprintf(name, sizeof name, aspect_name[a], kinds[k].tag);
			snprintf(clause, sizeof clause, aspect_clause[a], kinds[k].tag);
			tregs[ntregs] = (struct treg){ strdup(name), strdup(clause), k,
				(enum aspect)a };
			rt_register(run_kind, tregs[ntregs].name, tregs[ntregs].clause,
					"", __FILE__, __LINE__);
			ntregs++;
		}
}

#define C_CTX_OVER "UDAPL-dat_set_consumer_context-overwrite"
RT_TEST(ctx_overwrite, "udapl.set_consumer_context.overwrite.second_value", C_CTX_OVER)
{
	struct ut_ia u;
	DAT_CONTEXT a = { .as_64 = 1 }, b = { .as_64 = 2 }, c;
	ut_open(&u, C_CTX_OVER);
	UT_OK(dat_set_consumer_context(u.pz, a), C_CTX_OVER);
	UT_OK(dat_set_consumer_context(u.pz, b), C_CTX_OVER);
	UT_OK(dat_get_consumer_context(u.pz, &c), C_CTX_OVER);
	RT_EXPECT_EQ_U64(c.as_64, 2, C_CTX_OVER);
	ut_close(&u);
}

#define C_CTX_PER "UDAPL-dat_set_consumer_context-per-object"
RT_TEST(ctx_per_object, "udapl.set_consumer_context.per_object.independent", C_CTX_PER)
{
	struct ut_ia u;
	DAT_CONTEXT a = { .as_64 = 11 }, b = { .as_64 = 22 }, c;
	ut_open(&u, C_CTX_PER);
	UT_OK(dat_set_consumer_context(u.req, a), C_CTX_PER);
	UT_OK(dat_set_consumer_context(u.rcv, b), C_CTX_PER);
	UT_OK(dat_get_consumer_context(u.req, &c), C_CTX_PER);
	RT_EXPECT_EQ_U64(c.as_64, 11, C_CTX_PER);
	UT_OK(dat_get_consumer_context(u.rcv, &c), C_CTX_PER);
	RT_EXPECT_EQ_U64(c.as_64, 22, C_CTX_PER);
	ut_close(&u);
}

#define C_CTX_OPAQUE "UDAPL-dat_get_consumer_context-opaque-pointer"
RT_TEST(ctx_opaque, "udapl.get_consumer_context.opaque.dangling_pointer", C_CTX_OPAQUE)
{
	struct ut_ia u;
	DAT_CONTEXT a, c;
	a.as_ptr = (void *)0x1;
	ut_open(&u, C_CTX_OPAQUE);
	UT_OK(dat_set_consumer_context(u.pz, a), C_CTX_OPAQUE);
	UT_OK(dat_get_consumer_context(u.pz, &c), C_CTX_OPAQUE);
	RT_EXPECT_TRUE(c.as_ptr == (void *)0x1, C_CTX_OPAQUE);
	ut_close(&u);
}

#define C_GCC_OK "UDAPL-dat_get_consumer_context-rc-success"
#define C_SCC_OK "UDAPL-dat_set_consumer_context-rc-success"
RT_TEST(ctx_rc_success, "udapl.get_consumer_context.rc.success", C_GCC_OK "," C_SCC_OK)
{
	struct ut_ia u;
	DAT_CONTEXT a = { .as_64 = 5 }, c;
	ut_open(&u, C_GCC_OK);
	RT_EXPECT_EQ_INT(dat_set_consumer_context(u.ia, a), DAT_SUCCESS, C_SCC_OK);
	RT_EXPECT_EQ_INT(dat_get_consumer_context(u.ia, &c), DAT_SUCCESS, C_GCC_OK);
	ut_close(&u);
}

#define C_GCC_PARAM "UDAPL-dat_get_consumer_context-rc-invalid-parameter"
RT_TEST(ctx_null_out, "udapl.get_consumer_context.param.null_context", C_GCC_PARAM)
{
	struct ut_ia u;
	ut_open(&u, C_GCC_PARAM);
	UT_RC(dat_get_consumer_context(u.pz, NULL), DAT_INVALID_PARAMETER, C_GCC_PARAM);
	ut_close(&u);
}

#define C_GHT_OK "UDAPL-dat_get_handle_type-rc-success"
RT_TEST(type_rc_success, "udapl.get_handle_type.rc.success", C_GHT_OK)
{
	struct ut_ia u;
	DAT_HANDLE_TYPE t;
	ut_open(&u, C_GHT_OK);
	RT_EXPECT_EQ_INT(dat_get_handle_type(u.pz, &t), DAT_SUCCESS, C_GHT_OK);
	ut_close(&u);
}

#define C_GHT_PARAM "UDAPL-dat_get_handle_type-rc-invalid-parameter"
RT_TEST(type_null_out, "udapl.get_handle_type.param.null_type", C_GHT_PARAM)
{
	struct ut_ia u;
	ut_open(&u, C_GHT_PARAM);
	UT_RC(dat_get_handle_type(u.pz, NULL), DAT_INVALID_PARAMETER, C_GHT_PARAM);
	ut_close(&u);
}

#define C_GHT_ASYNC "UDAPL-dat_get_handle_type-async-evd-type"
RT_TEST(type_async_evd, "udapl.get_handle_type.type.async_evd", C_GHT_ASYNC)
{
	struct ut_ia u;
	DAT_HANDLE_TYPE t = (DAT_HANDLE_TYPE)-1;
	ut_open(&u, C_GHT_ASYNC);
	UT_OK(dat_get_handle_type(u.async, &t), C_GHT_ASYNC);
	RT_EXPECT_EQ_INT(t, DAT_HANDLE_TYPE_EVD, C_GHT_ASYNC);
	ut_close(&u);
}

#define C_GHT_VALUES "UDAPL-dat_get_handle_type-type-values"
RT_TEST(type_values, "udapl.get_handle_type.values.header", C_GHT_VALUES)
{
	static const int v[] = { DAT_HANDLE_TYPE_CR, DAT_HANDLE_TYPE_EP,
		DAT_HANDLE_TYPE_EVD, DAT_HANDLE_TYPE_IA, DAT_HANDLE_TYPE_LMR,
		DAT_HANDLE_TYPE_PSP, DAT_HANDLE_TYPE_PZ, DAT_HANDLE_TYPE_RMR,
		DAT_HANDLE_TYPE_RSP, DAT_HANDLE_TYPE_CNO, DAT_HANDLE_TYPE_SRQ };
	for (int i = 0; i < 11; i++)
		RT_EXPECT_EQ_INT(v[i], i, C_GHT_VALUES);
}

/* ---- header values ---- */

#define C_DTO_VALUES "UDAPL-libdat-dto-status-values"
RT_TEST(dto_status_values, "udapl.libdat.values.dto_status", C_DTO_VALUES)
{
	static const int v[] = { DAT_DTO_SUCCESS, DAT_DTO_ERR_FLUSHED,
		DAT_DTO_ERR_LOCAL_LENGTH, DAT_DTO_ERR_LOCAL_EP,
		DAT_DTO_ERR_LOCAL_PROTECTION, DAT_DTO_ERR_BAD_RESPONSE,
		DAT_DTO_ERR_REMOTE_ACCESS, DAT_DTO_ERR_REMOTE_RESPONDER,
		DAT_DTO_ERR_TRANSPORT, DAT_DTO_ERR_RECEIVER_NOT_READY,
		DAT_DTO_ERR_PARTIAL_PACKET, DAT_RMR_OPERATION_FAILED };
	for (int i = 0; i < 12; i++)
		RT_EXPECT_EQ_INT(v[i], i, C_DTO_VALUES);
}

#define C_RMR_ALIAS "UDAPL-libdat-rmr-bind-status-alias"
RT_TEST(rmr_status_alias, "udapl.libdat.values.rmr_bind_status", C_RMR_ALIAS)
{
	RT_EXPECT_EQ_INT(DAT_RMR_BIND_SUCCESS, DAT_DTO_SUCCESS, C_RMR_ALIAS);
	RT_EXPECT_EQ_INT(DAT_RMR_BIND_FAILURE, DAT_DTO_ERR_FLUSHED, C_RMR_ALIAS);
}

#define C_FLAG_VALUES "UDAPL-libdat-completion-flag-values"
RT_TEST(completion_flag_values, "udapl.libdat.values.completion_flags", C_FLAG_VALUES)
{
	RT_EXPECT_EQ_INT(DAT_COMPLETION_DEFAULT_FLAG, 0x00, C_FLAG_VALUES);
	RT_EXPECT_EQ_INT(DAT_COMPLETION_SUPPRESS_FLAG, 0x01, C_FLAG_VALUES);
	RT_EXPECT_EQ_INT(DAT_COMPLETION_SOLICITED_WAIT_FLAG, 0x02, C_FLAG_VALUES);
	RT_EXPECT_EQ_INT(DAT_COMPLETION_UNSIGNALLED_FLAG, 0x04, C_FLAG_VALUES);
	RT_EXPECT_EQ_INT(DAT_COMPLETION_BARRIER_FENCE_FLAG, 0x08, C_FLAG_VALUES);
	RT_EXPECT_EQ_INT(DAT_COMPLETION_EVD_THRESHOLD_FLAG, 0x10, C_FLAG_VALUES);
}

#define C_NI_VALUE "UDAPL-libdat-not-implemented-value"
RT_TEST(not_implemented_value, "udapl.libdat.values.not_implemented", C_NI_VALUE)
{
	RT_EXPECT_EQ_U64((uint64_t)DAT_NOT_IMPLEMENTED, 0x0FFF0000u, C_NI_VALUE);
}

#define C_SUBTYPES "UDAPL-libdat-subtype-numbering"
RT_TEST(subtype_numbering, "udapl.libdat.values.subtypes", C_SUBTYPES)
{
	RT_EXPECT_EQ_INT(DAT_INVALID_HANDLE_SRQ, 25, C_SUBTYPES);
	RT_EXPECT_EQ_INT(DAT_INVALID_HANDLE1, 26, C_SUBTYPES);
	RT_EXPECT_EQ_INT(DAT_INVALID_ARG1, 36, C_SUBTYPES);
	RT_EXPECT_EQ_INT(DAT_INVALID_STATE_EP_UNCONNECTED, 46, C_SUBTYPES);
}

#define C_PRIV_VALUES "UDAPL-dat_rmr_bind-privileges-flag-values"
RT_TEST(priv_values, "udapl.rmr_bind.values.mem_priv", C_PRIV_VALUES)
{
	RT_EXPECT_EQ_INT(DAT_MEM_PRIV_NONE_FLAG, 0x00, C_PRIV_VALUES);
	RT_EXPECT_EQ_INT(DAT_MEM_PRIV_REMOTE_READ_FLAG, 0x02, C_PRIV_VALUES);
	RT_EXPECT_EQ_INT(DAT_MEM_PRIV_REMOTE_WRITE_FLAG, 0x20, C_PRIV_VALUES);
	RT_EXPECT_EQ_INT(DAT_MEM_PRIV_ALL_FLAG, 0x33, C_PRIV_VALUES);
}

#define C_SUCCESS_ZERO "UDAPL-libdat-success-is-zero"
RT_TEST(success_is_zero, "udapl.libdat.encoding.success_zero", C_SUCCESS_ZERO)
{
	struct ut_ia u;
	DAT_PZ_HANDLE pz;
	ut_open(&u, C_SUCCESS_ZERO);
	RT_EXPECT_EQ_U64((uint64_t)dat_pz_create(u.ia, &pz), 0, C_SUCCESS_ZERO);
	RT_EXPECT_EQ_U64((uint64_t)DAT_SUCCESS, 0, C_SUCCESS_ZERO);
	ut_close(&u);
}

#define C_ENCODING "UDAPL-libdat-return-encoding"
RT_TEST(return_encoding, "udapl.libdat.encoding.error_class", C_ENCODING)
{
	struct ut_ia u;
	DAT_PZ_HANDLE pz;
	DAT_RETURN rc[3];
	ut_open(&u, C_ENCODING);
	rc[0] = dat_pz_create(DAT_HANDLE_NULL, &pz);
	rc[1] = dat_pz_create(u.ia, NULL);
	rc[2] = dat_pz_free(u.req);	/* a live handle of another kind */
	for (int i = 0; i < 3; i++)
		RT_EXPECT_TRUE((rc[i] & DAT_CLASS_ERROR) != 0, C_ENCODING);
	RT_EXPECT_EQ_INT(DAT_GET_TYPE(rc[0]), DAT_INVALID_HANDLE, C_ENCODING);
	RT_EXPECT_EQ_INT(DAT_GET_TYPE(rc[1]), DAT_INVALID_PARAMETER, C_ENCODING);
	RT_EXPECT_EQ_INT(DAT_GET_TYPE(rc[2]), DAT_INVALID_HANDLE, C_ENCODING);
	ut_close(&u);
}

/* ---- dat_strerror ---- */

static const struct { const char *tag; DAT_RETURN type; } majors[] = {
	{ "invalid-handle", DAT_INVALID_HANDLE },
	{ "invalid-parameter", DAT_INVALID_PARAMETER },
	{ "invalid-state", DAT_INVALID_STATE },
	{ "insufficient-resources", DAT_INSUFFICIENT_RESOURCES },
	{ "privileges-violation", DAT_PRIVILEGES_VIOLATION },
	{ "protection-violation", DAT_PROTECTION_VIOLATION },
	{ "queue-empty", DAT_QUEUE_EMPTY },
	{ "timeout-expired", DAT_TIMEOUT_EXPIRED },
	{ "provider-not-found", DAT_PROVIDER_NOT_FOUND },
	{ "not-implemented", DAT_NOT_IMPLEMENTED },
};
#define NMAJ (sizeof majors / sizeof majors[0])

/*
 * The DAT_RETURN of type k with no subtype, as the implementation knows
 * it.  DAT_NOT_IMPLEMENTED has two 1.2 values (E-UDAPL-037): this
 * header's 0x0FFF0000, and 0xFFFF0000 in OFA's dat_error.h (type bits
 * 0x3FFF0000, class bits set); dat_strerror knowing either is the type.
 */
#define OFA_NOT_IMPLEMENTED ((DAT_RETURN)0xFFFF0000u)
static DAT_RETURN major_value(size_t k)
{
	const char *a, *b;
	DAT_RETURN v = DAT_ERROR(majors[k].type, DAT_NO_SUBTYPE);

	if (majors[k].type == DAT_NOT_IMPLEMENTED && dat_strerror(v, &a, &b) != DAT_SUCCESS &&
			dat_strerror(OFA_NOT_IMPLEMENTED, &a, &b) == DAT_SUCCESS)
		return OFA_NOT_IMPLEMENTED;
	return v;
}
struct sreg { char *name, *clause; size_t i; };
static struct sreg sregs[NMAJ];

static void run_major(void)
{
	const struct sreg *r = NULL;
	const char *mine = NULL, *minor = NULL;

	for (size_t i = 0; i < NMAJ; i++)
		if (!strcmp(sregs[i].name, rt_current_test()))
			r = &sregs[i];
	RT_REQUIRE_TRUE(r != NULL, "-");
	UT_OK(dat_strerror(major_value(r->i), &mine, &minor), r->clause);
	if (!RT_EXPECT_TRUE(mine && *mine, r->clause))
		return;
	/* Distinct from every other type's major message. */
	for (size_t j = 0; j < NMAJ; j++) {
		const char *other = NULL, *m2 = NULL;
		if (j == r->i)
			continue;
		if (dat_strerror(major_value(j), &other, &m2) == DAT_SUCCESS && other)
			RT_EXPECT_TRUE(strcmp(mine, other) != 0, r->clause);
	}
}

__attribute__((constructor)) static void register_majors(void)
{
	for (size_t i = 0; i < NMAJ; i++) {
		char name[96], clause[96], tag[48];
		snprintf(tag, sizeof tag, "%s", majors[i].tag);
		for (char *p = tag; *p; p++)
			if (*p == '-')
				*p = '_';
		snprintf(name, sizeof name, "udapl.strerror.major.%s", tag);
		snprintf(clause, sizeof clause, "UDAPL-dat_strerror-major-%s", majors[i].tag);
		sregs[i] = (struct sreg){ strdup(name), strdup(clause), i };
		rt_register(run_major, sregs[i].name, sregs[i].clause, "", __FILE__, __LINE__);
	}
}

#define C_SE_MINOR "UDAPL-dat_strerror-minor-subtype"
RT_TEST(strerror_minor, "udapl.strerror.minor.subtypes_differ", C_SE_MINOR)
{
	const char *a = NULL, *b = NULL, *c = NULL, *d = NULL;
	UT_OK(dat_strerror(DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EP), &a, &b),
			C_SE_MINOR);
	UT_OK(dat_strerror(DAT_ERROR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_LMR), &c, &d),
			C_SE_MINOR);
	if (RT_EXPECT_TRUE(a && b && c && d, C_SE_MINOR)) {
		RT_EXPECT_TRUE(strcmp(a, c) == 0, C_SE_MINOR);
		RT_EXPECT_TRUE(strcmp(b, d) != 0, C_SE_MINOR);
	}
}

#define C_SE_UNDEF_SUB "UDAPL-dat_strerror-undefined-subtype"
RT_TEST(strerror_undef_subtype, "udapl.strerror.param.undefined_subtype", C_SE_UNDEF_SUB)
{
	const char *a, *b;
	UT_RC(dat_strerror(DAT_ERROR(DAT_INVALID_HANDLE, 0x7FFF), &a, &b),
			DAT_INVALID_PARAMETER, C_SE_UNDEF_SUB);
}

#define C_SE_OK "UDAPL-dat_strerror-rc-success"
RT_TEST(strerror_success, "udapl.strerror.rc.success", C_SE_OK)
{
	const char *a = NULL, *b = NULL;
	RT_EXPECT_EQ_INT(dat_strerror(DAT_SUCCESS, &a, &b), DAT_SUCCESS, C_SE_OK);
	RT_EXPECT_TRUE(a != NULL && b != NULL, C_SE_OK);
	if (a && b)
		RT_EXPECT_TRUE(strlen(a) < 4096 && strlen(b) < 4096, C_SE_OK);
}

#define C_SE_PARAM "UDAPL-dat_strerror-rc-invalid-parameter"
RT_TEST(strerror_undefined, "udapl.strerror.param.undefined_type", C_SE_PARAM)
{
	const char *a, *b;
	UT_RC(dat_strerror((DAT_RETURN)(DAT_CLASS_ERROR | 0x3FFE0000u), &a, &b),
			DAT_INVALID_PARAMETER, C_SE_PARAM);
}

#define C_SE_NULL "UDAPL-dat_strerror-rob-null-outputs"
RT_TEST(strerror_null, "udapl.strerror.rob.null_outputs", C_SE_NULL)
{
	const char *a;
	UT_RC(dat_strerror(DAT_SUCCESS, NULL, &a), DAT_INVALID_PARAMETER, C_SE_NULL);
	UT_RC(dat_strerror(DAT_SUCCESS, &a, NULL), DAT_INVALID_PARAMETER, C_SE_NULL);
}

#define C_SE_MT "UDAPL-dat_strerror-thread-safe"
/* The values the threads convert: those dat_strerror converts in one
 * thread (the major tests judge the others). */
static DAT_RETURN mt_values[NMAJ];
static size_t mt_count;
static void *strerror_thread(void *arg)
{
	int *bad = arg;
	for (int i = 0; i < 2000; i++) {
		size_t k = (size_t)i % mt_count;
		const char *a = NULL, *b = NULL;
		if (dat_strerror(mt_values[k], &a, &b) != DAT_SUCCESS || !a)
			(*bad)++;
	}
	return NULL;
}
RT_TEST(strerror_threads, "udapl.strerror.mt.eight_threads", C_SE_MT)
{
	const char *ref[NMAJ];
	pthread_t t[8];
	int bad[8] = { 0 };

	mt_count = 0;
	for (size_t k = 0; k < NMAJ; k++) {
		const char *b, *a = NULL;
		if (dat_strerror(major_value(k), &a, &b) == DAT_SUCCESS && a) {
			mt_values[mt_count] = major_value(k);
			ref[mt_count++] = a;
		}
	}
	RT_REQUIRE_TRUE(mt_count > 0, C_SE_MT);
	for (int i = 0; i < 8; i++)
		pthread_create(&t[i], NULL, strerror_thread, &bad[i]);
	for (int i = 0; i < 8; i++) {
		pthread_join(t[i], NULL);
		RT_EXPECT_EQ_INT(bad[i], 0, C_SE_MT);
	}
	for (size_t k = 0; k < mt_count; k++) {
		const char *a = NULL, *b;
		dat_strerror(mt_values[k], &a, &b);
		RT_EXPECT_TRUE(a && ref[k] && strcmp(a, ref[k]) == 0, C_SE_MT);
	}
}
