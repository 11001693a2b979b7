/*
 * rdmacts_test_control.h: the suite's optional test-control interface.
 *
 * Some clauses can only be observed when the implementation can be made to
 * fail on purpose (a transaction error, an allocation failure, a resource
 * limit) or to complete work in an adversarial order.  An implementation
 * offers this through one entry per library, named for the API whose
 * calls that library defines:
 *
 *   libugni.so               rdmacts_test_control_ugni
 *   libdmapp.so              rdmacts_test_control_dmapp
 *   a uDAPL Provider library rdmacts_test_control_udapl
 *
 * Where the corpus looks.  Never a process-wide search (another API's
 * library, loaded first, must not answer for this one; a wrapper in front
 * of a library must not change a verdict): the corpus finds the library
 * the dynamic loader binds the API's first call to for the corpus binary
 * (uGNI: GNI_CdmCreate; DMAPP: dmapp_init; uDAPL: the library defining
 * the ia_open_func of the DAT_PROVIDER behind the test's IA, that is the
 * Provider the registry dispatches to) and looks the entry up through that
 * library's own handle (dlopen of it with RTLD_NOLOAD, then dlsym): the
 * library itself first, then the libraries it needs.  So a pass-through
 * wrapper offers test control by forwarding the entry, or by needing the
 * library that defines it.
 *
 * The older, API-less name rdmacts_test_control is still honoured, for
 * implementations that export only it, when the API's library itself
 * defines it (found through its handle but defined elsewhere, say in the
 * uGNI library under a DMAPP, it is not taken).
 *
 * When the entry is absent, or refuses the knob a test needs, the test
 * reports UNSUPPORTED, never FAIL.
 *
 * Layering.  A library built on another API's library (a DMAPP on uGNI)
 * passes the knobs it does not handle itself to the library below by an
 * explicit path: the library its own calls are bound to (the reference
 * DMAPP: the object defining GNI_CdmCreate as libdmapp resolves it), found
 * and searched as above, never RTLD_NEXT or a global lookup.
 *
 * Knobs act on the calling process only, from the call on, until changed
 * or reset.  A multi-process test sets them in each process that needs them.
 * This interface is not part of uGNI, DMAPP or uDAPL.
 *
 * Capability profiles.  The spec lets an implementation lack some
 * capabilities (a uDAPL Provider without SRQs, RMRs, watermarks, ...) or
 * run its caller unprivileged; tests of those clauses take one branch or
 * the other.  RDMACTS_TC_DECLINE makes the implementation behave as one
 * lacking each capability named in its mask (enum rdmacts_tc_capability:
 * the attributes say so and the calls answer as the spec says for a
 * Provider without it); RDMACTS_TC_PRIVILEGED makes a caller whose
 * effective uid is 0 privileged (uGNI 3.10).  An implementation offering
 * them takes their starting values from the environment variables
 * RDMACTS_TC_DECLINE (a number, or "all") and RDMACTS_TC_PRIVILEGED, so
 * that every process of a certification run shares one profile
 * (rdmacts certify --profile); RDMACTS_TC_RESET returns them to those
 * starting values.  RDMACTS_TC_ARIES picks the NIC generation of the
 * uGNI extension tier (GNI_GetDeviceType, the second-generation AMOs); it
 * too starts from the environment variable of its name.
 */
#ifndef RDMACTS_TEST_CONTROL_H
#define RDMACTS_TEST_CONTROL_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The entry of each API's library, and the older API-less name. */
#define RDMACTS_TEST_CONTROL_UGNI_SYMBOL  "rdmacts_test_control_ugni"
#define RDMACTS_TEST_CONTROL_DMAPP_SYMBOL "rdmacts_test_control_dmapp"
#define RDMACTS_TEST_CONTROL_UDAPL_SYMBOL "rdmacts_test_control_udapl"
#define RDMACTS_TEST_CONTROL_SYMBOL       "rdmacts_test_control"

enum rdmacts_tc_knob {
	RDMACTS_TC_RESET = 0,			/* every knob off; value ignored */
	RDMACTS_TC_FAIL_NTH_TRANSACTION = 1,	/* the value-th transaction posted
						   from now fails with a
						   transaction error (0: off) */
	RDMACTS_TC_FAIL_NTH_ALLOCATION = 2,	/* the value-th allocation from
						   now fails (0: off) */
	RDMACTS_TC_LIMIT_MDD = 3,		/* at most value memory
						   registrations (per process) */
	RDMACTS_TC_LIMIT_CQ = 4,		/* at most value CQs */
	RDMACTS_TC_LIMIT_FMA = 5,		/* at most value FMA descriptors
						   (attached domains) */
	RDMACTS_TC_LIMIT_BTE = 6,		/* at most value RDMA transfers
						   in flight */
	RDMACTS_TC_LIMIT_DGRAM = 7,		/* at most value outstanding
						   datagrams */
	RDMACTS_TC_SCHEDULE_SEED = 8,		/* adversarial schedule seeded with
						   value (0: off): delays and
						   reorders completions wherever
						   the spec allows */
	RDMACTS_TC_DECLINE = 9,			/* lack the capabilities of the
						   mask value (0: none) */
	RDMACTS_TC_PRIVILEGED = 10,		/* value 1: a caller with
						   effective uid 0 is privileged */
	RDMACTS_TC_ARIES = 11			/* value 1: the NIC is an Aries
						   (uGNI vendor extension); 0: a
						   Gemini, the default */
};

/* The optional capabilities RDMACTS_TC_DECLINE can take away (uDAPL 1.2). */
enum rdmacts_tc_capability {
	RDMACTS_CAP_SRQ = 1 << 0,		/* Shared Receive Queues */
	RDMACTS_CAP_SRQ_OTHER_PZ = 1 << 1,	/* an SRQ in another PZ than
						   its Endpoints' */
	RDMACTS_CAP_SRQ_WATERMARKS = 1 << 2,	/* dat_srq_set_lw */
	RDMACTS_CAP_EP_WATERMARKS = 1 << 3,	/* dat_ep_set_watermark */
	RDMACTS_CAP_RMR = 1 << 4,		/* Remote Memory Regions */
	RDMACTS_CAP_UNSIGNALLED = 1 << 5,	/* DAT_COMPLETION_UNSIGNALLED_FLAG */
	RDMACTS_CAP_STREAM_MERGING = 1 << 6,	/* connection streams (CR,
						   CONNECTION) merged with others */
	RDMACTS_CAP_SHARED_VIRTUAL = 1 << 7,	/* DAT_MEM_TYPE_SHARED_VIRTUAL */
	RDMACTS_CAP_PROXY_AGENT = 1 << 8,	/* OS wait proxy agents */
	RDMACTS_CAP_QOS = 1 << 9,		/* qos other than best effort */
	RDMACTS_CAP_PSP_PROVIDER_FLAG = 1 << 10, /* PSPs that create Endpoints */
	RDMACTS_CAP_RECV_QUERY = 1 << 11,	/* dat_ep_recv_query */
	RDMACTS_CAP_POST_CHECKS = 1 << 12	/* local segments checked when
						   posted (declined: the
						   completion reports them) */
};

/* Returns 0 when the knob is applied, -1 when it is not supported. */
typedef int (*rdmacts_test_control_fn)(int knob, uint64_t value);
int rdmacts_test_control_ugni(int knob, uint64_t value);
int rdmacts_test_control_dmapp(int knob, uint64_t value);
int rdmacts_test_control_udapl(int knob, uint64_t value);
int rdmacts_test_control(int knob, uint64_t value);	/* the older name */

#ifdef __cplusplus
}
#endif

#endif
