/*
 * targets.h: the fuzz targets.  A target is an API, a subset of its
 * calls (all of them for the call-sequence target) and an optional
 * fixed opening that creates the objects a structure target needs.
 */
#ifndef RDMACTS_FUZZ_TARGETS_H
#define RDMACTS_FUZZ_TARGETS_H

#include <stddef.h>
#include <stdint.h>
#include "prog.h"

struct fz_target {
	const char *name;
	const struct fz_api *api;
	const char *library;		/* file name of the library */
	const char *link;		/* how a program links it */
	const int *only;		/* -1 ended; NULL: every call */
	void (*setup)(struct fz_prog *p);
	void *(*fns_dl)(void *dl);	/* bind a dlopen'ed library */
	/* built once per process, restored after each program (prog.h) */
	void (*fixture)(struct fz_prog *p);
	int (*restore)(struct fz_prog *p);
};

extern const struct fz_api fz_api_ugni;
void *fz_ugni_fns_dl(void *dl);
void fz_ugni_setup(struct fz_prog *p);
void fz_ugni_fixture(struct fz_prog *p);
int fz_ugni_restore(struct fz_prog *p);
extern const int fz_ugni_post_calls[];
extern const int fz_ugni_smsg_calls[];

extern const struct fz_api fz_api_dmapp;
void *fz_dmapp_fns_dl(void *dl);
void fz_dmapp_fixture(struct fz_prog *p);
int fz_dmapp_restore(struct fz_prog *p);
extern const int fz_dmapp_attrs_calls[];

extern const struct fz_api fz_api_udapl;
void *fz_udapl_fns_dl(void *dl);
void fz_udapl_setup(struct fz_prog *p);
void fz_udapl_fixture(struct fz_prog *p);
int fz_udapl_restore(struct fz_prog *p);
void fz_udapl_attrs_setup(struct fz_prog *p);
extern const int fz_udapl_attrs_calls[];

extern const struct fz_target fz_targets[];
const struct fz_target *fz_target_find(const char *name);

/* Functions of the library linked into the binary (fuzz/<api>/direct.c). */
void *fz_fns_direct(const struct fz_target *t);

/* 0: every program builds and tears down its fixture (two
 * implementations in one process share the API files' bookkeeping). */
extern int fz_keep_fixture;

/* Make p a program of target t (its call subset, set-up and fixture). */
void fz_target_prepare(const struct fz_target *t, struct fz_prog *p);

/* Run one input as target t against fns; on failure print why and the
 * trace to stderr and return 1. */
int fz_target_run(const struct fz_target *t, const void *fns,
		const uint8_t *data, size_t size);

/* The functions of t's library in dir, loaded in a namespace of its own
 * (dlmopen: two implementations coexist); NULL with a message. */
void *fz_target_load(const struct fz_target *t, const char *dir);

/* The first step at which two runs of one input differ (return code,
 * compared outputs, an absent call, the verdict), or -1. */
int fz_first_difference(const struct fz_prog *a, const struct fz_prog *b);

/* The program fz_target_run ran last (and runs next). */
struct fz_prog *fz_target_last(void);

#endif
