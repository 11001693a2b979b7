/*
 * dt.h: what the DMAPP corpus shares: job start and end, a barrier and
 * an exchange between PEs (PMI), byte patterns, the optional
 * test-control interface, and return codes by name.
 *
 * Every test process does its own dmapp_init and dmapp_finalize.  Tests
 * set XT_SYMMETRIC_HEAP_SIZE before dmapp_init (5.4.1: the default may
 * be 0 bytes for the user), so the same test runs against any
 * implementation.
 */
#ifndef DT_H
#define DT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dmapp.h"
#include "pmi.h"
#include "rdmacts_test.h"
#include "rdmacts_test_control.h"

/* The heap every test asks for unless it says otherwise. */
#define DT_HEAP "64M"

extern dmapp_jobinfo_t dt_job;
extern int dt_pe, dt_npes;

/* Attributes the spec recommends (5.2.3.2), max_outstanding_nb given. */
dmapp_rma_attrs_t dt_attrs(uint32_t max_outstanding_nb);

/* dmapp_init with dt_attrs(max_nb) and a heap of `heap` bytes (NULL:
 * DT_HEAP), then dmapp_get_jobinfo; ends the test when either fails. */
void dt_start_with(uint32_t max_nb, const char *heap);
void dt_start(void);

/* Barrier of the job, then dmapp_finalize. */
void dt_end(void);

void dt_barrier(void);

/* Every PE gives len bytes; out receives npes * len bytes in PE order. */
void dt_allgather(const void *in, void *out, size_t len);

/* The PE d places after this one. */
int dt_peer(int d);

/* Ends the test as UNSUPPORTED unless the job has at least n PEs. */
void dt_need_pes(int n);

/* In a process forked for a fresh try at a job (the fault sweeps): it is
 * no rank of the launched job, so it lets go of the launcher's PMI
 * connection, which is its parent's, and starts a one-PE job of its own
 * (the PMI library's singleton mode, docs/launch.md) with the job's
 * credentials (PMI_GNI_*). */
void dt_own_job(void);

/* Sets a knob of the optional test-control interface; ends the test as
 * UNSUPPORTED when the interface is absent or refuses the knob. */
void dt_control(int knob, uint64_t value);
/* True when the interface is present (without setting anything). */
bool dt_have_control(void);

/* Byte i of PE who's data in variant salt, and a buffer of them. */
unsigned char dt_pat(int who, size_t i, int salt);
void dt_fill(void *buf, size_t n, int who, int salt);

/* Size in bytes of an element of type t (0 for an invalid type). */
size_t dt_size(dmapp_type_t t);
extern const dmapp_type_t dt_types[4];
extern const char *const dt_type_name[4];

/* The name of a DMAPP return code ("DMAPP_RC_..."), or NULL. */
const char *dt_rc_name(long long rc);

/* Static (data segment) memory the tests address remotely. */
#define DT_STATIC_SIZE 65536
extern unsigned char dt_static[DT_STATIC_SIZE];

/* Random-looking bytes (for garbage descriptors and handles). */
void dt_garbage(void *buf, size_t n, uint64_t seed);

#endif
