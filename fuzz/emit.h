/*
 * emit.h: recording a program as a standalone C source (emit.c).
 */
#ifndef RDMACTS_FUZZ_EMIT_H
#define RDMACTS_FUZZ_EMIT_H

#include <stdio.h>
#include "prog.h"

/* Record every call p makes from now on: declarations to decl, the
 * statements of main to body (flushed before each call). */
struct fz_rec *fz_rec_start(struct fz_prog *p, FILE *decl, FILE *body,
		const char *const *handle_types);
void fz_rec_stop(struct fz_prog *p);
/* Addresses in [lo, lo + len) are written as name + offset. */
void fz_rec_region(struct fz_prog *p, const char *name, const void *lo,
		uint64_t len);

/* Called by fz_invoke around each call (interp: drawn by the
 * interpreter, so p->slot and p->space describe its arguments). */
void fz_rec_call(struct fz_prog *p, int id, const uint64_t *a, int interp);
void fz_rec_return(struct fz_prog *p, int id, uint64_t rc, int present);
/* Handle slot s was made by the last call. */
void fz_rec_handle(struct fz_prog *p, int s);
/* The oracle that failed, after its call: `if (cond) return 1`. */
void fz_rec_finding(struct fz_prog *p, const char *cond, const char *what);
/* The set-up's environment: setenv(name, value, 0) in the program. */
void fz_rec_setenv(struct fz_prog *p, const char *name, const char *value);
/* A failure the program cannot check itself (a comment). */
void fz_rec_comment(struct fz_prog *p, const char *what);
/* ...the return-code oracle of call c. */
void fz_rec_rc_check(struct fz_prog *p, const struct fz_call *c,
		const char *what);

#endif
