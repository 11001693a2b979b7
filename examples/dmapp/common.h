/*
 * common.h: what the DMAPP examples share: a check macro that counts
 * failures, the three completion modes, and a byte pattern per PE.
 */
#ifndef DMAPP_EXAMPLES_COMMON_H
#define DMAPP_EXAMPLES_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmapp.h"
#include "pmi.h"

static int my_pe = -1, fails;

#define CHECK(cond, ...)						\
	do {								\
		if (!(cond)) {						\
			fails++;					\
			fprintf(stderr, "PE %d: %s:%d: ", my_pe,	\
				__FILE__, __LINE__);			\
			fprintf(stderr, __VA_ARGS__);			\
			fputc('\n', stderr);				\
		}							\
	} while (0)

#define CHECK_RC(rc, want, what)					\
	CHECK((rc) == (want), "%s returned %d, expected %d", (what),	\
	      (int)(rc), (int)(want))

/* Blocking, non-blocking explicit (_nb) and implicit (_nbi). */
enum mode { BLK, NB, NBI };
static const char *const mode_name[] = { "blocking", "_nb", "_nbi" };

/* Complete a request issued in mode m (its syncid in *sid for _nb). */
static inline dmapp_return_t finish(enum mode m, dmapp_return_t rc,
				    dmapp_syncid_handle_t *sid)
{
	if (rc != DMAPP_RC_SUCCESS || m == BLK)
		return rc;
	return m == NB ? dmapp_syncid_wait(sid) : dmapp_gsync_wait();
}

/* Issue the call of mode m, then complete it. */
#define ISSUE(m, blk, nb, nbi)						\
	finish((m), (m) == BLK ? (blk) : (m) == NB ? (nb) : (nbi), &sid)

static const dmapp_type_t all_types[] = {
	DMAPP_DQW, DMAPP_QW, DMAPP_DW, DMAPP_BYTE
};
static const size_t type_size[] = {
	[DMAPP_DQW] = 16, [DMAPP_QW] = 8, [DMAPP_DW] = 4, [DMAPP_BYTE] = 1
};

/* Byte i of PE who's data, in variant salt. */
static inline unsigned char pat(int who, size_t i, int salt)
{
	return (unsigned char)(who * 61 + i * 13 + (size_t)salt * 7 + 1);
}

static inline void fill(void *buf, size_t n, int who, int salt)
{
	for (size_t i = 0; i < n; i++)
		((unsigned char *)buf)[i] = pat(who, i, salt);
}

/* Index of the first byte of buf that differs from the pattern, or -1. */
static inline long mismatch(const void *buf, size_t n, int who, int salt)
{
	for (size_t i = 0; i < n; i++)
		if (((const unsigned char *)buf)[i] != pat(who, i, salt))
			return (long)i;
	return -1;
}

static inline void start(dmapp_jobinfo_t *job)
{
	dmapp_rma_attrs_t req = { 0 }, act;
	dmapp_return_t rc;

	req.max_outstanding_nb = DMAPP_DEF_OUTSTANDING_NB;
	req.offload_threshold = DMAPP_OFFLOAD_THRESHOLD;
	req.put_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	req.get_relaxed_ordering = DMAPP_ROUTING_DETERMINISTIC;
	req.max_concurrency = 1;
	if ((rc = dmapp_init(&req, &act)) != DMAPP_RC_SUCCESS ||
	    (rc = dmapp_get_jobinfo(job)) != DMAPP_RC_SUCCESS) {
		fprintf(stderr, "dmapp_init/get_jobinfo failed: %d\n", (int)rc);
		exit(2);
	}
	my_pe = job->pe;
}

/* One line per PE; the exit status says whether every check held. */
static inline int report(const char *name)
{
	if (fails == 0)
		fprintf(stderr, "PE %d: %s PASSED\n", my_pe, name);
	else
		fprintf(stderr, "PE %d: %s FAILED (%d checks)\n", my_pe, name,
			fails);
	dmapp_finalize();
	return fails != 0;
}

#endif
