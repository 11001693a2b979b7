/*
 * prog.h: the program interpreter shared by every fuzz target.
 *
 * A fuzz input is read as a program: a sequence of calls, each a call
 * selector byte followed by the bytes that draw its arguments.  Handles
 * flow from the calls that create them to the calls that use them
 * through a table of live and destroyed handles; every argument kind
 * also has deliberately bad draws (NULL, stale, foreign or garbage
 * handles, absurd lengths, misaligned addresses).  Every draw consumes a
 * fixed number of bytes whatever the state, so the same input is the
 * same program against any implementation (differential mode).
 *
 * Nothing here names an API: the generated table (gen_table.py) and a
 * small API file (fuzz/<api>/<api>_api.c) describe the API.
 */
#ifndef RDMACTS_FUZZ_PROG_H
#define RDMACTS_FUZZ_PROG_H

#include <stddef.h>
#include <stdint.h>

enum fz_kind {
	FZ_INT,			/* scalar: small, pool, boundary, bit or raw */
	FZ_TIMEOUT,		/* a short timeout (never blocks for long) */
	FZ_HANDLE,		/* a handle of kind arg */
	FZ_HANDLE_OUT,		/* where a new handle of kind arg is returned */
	FZ_HANDLE_ARRAY,	/* an array of handles of kind arg */
	FZ_STRUCT,		/* a structure built by the API file (id arg) */
	FZ_OUT,			/* pointer to an output of size bytes */
	FZ_OUT_EVENT,		/* pointer to an output event (kept for later) */
	FZ_INOUT,		/* pointer to an initialised scalar */
	FZ_OUT_ARRAY,		/* output array of size-byte elements */
	FZ_BUF_IN,		/* data the call reads */
	FZ_BUF_OUT,		/* room the call writes (may be kept by it) */
	FZ_LEN,			/* length of the buffer in parameter arg */
	FZ_COUNT,		/* element count of the array in parameter arg */
	FZ_REGION,		/* address of memory to register */
	FZ_CALLBACK,		/* NULL or a counting handler */
	FZ_EVENT		/* an event value returned earlier, or garbage */
};

struct fz_param {
	uint8_t kind;
	int8_t arg;
	uint16_t size;
	uint8_t compare;	/* output compared in differential mode */
	const char *name;
	const char *pointee;	/* C type a pointer points to, or NULL */
	unsigned psize;		/* its size */
};

struct fz_rc {
	long long code;
	const char *name;
	const char *why;	/* "spec" or the erratum that allows it */
};

struct fz_call {
	const char *name;
	uint8_t nparams;
	const struct fz_param *params;
	uint8_t nrcs;
	const struct fz_rc *rcs;	/* allowed return codes */
	int8_t destroy_param;		/* destroys the handle in this param */
	uint8_t cascade;		/* ...and everything created under it */
	uint8_t checked;		/* returns a status code */
	const char *ctmpl;		/* C call, @<i>: argument i (emit.c) */
	const char *returns;		/* C return type */
};

#define FZ_MAX_PARAMS   12
#define FZ_MAX_HANDLES  64
#define FZ_MAX_STEPS    64
#define FZ_POOL         32
#define FZ_ARENA        (256u << 10)
#define FZ_SCRATCH      1024
#define FZ_ARRAY        8
#define FZ_FIXTURE      16

enum fz_hstate { FZ_H_FREE, FZ_H_LIVE, FZ_H_STALE };

struct fz_handle {
	uint8_t kind, state, tainted;
	int16_t parent;
	unsigned char v[16];
	uint64_t addr, len;	/* registered region (memory handles) */
};

/* One executed call, for the trace and for differential comparison. */
struct fz_step {
	int call;
	int absent;		/* the library does not export the call */
	uint64_t rc;
	size_t start, end;	/* its bytes in the input */
	uint64_t digest;	/* rc and compared outputs */
	uint64_t args[FZ_MAX_PARAMS];
	char note[96];		/* argument draws worth showing */
};

struct fz_prog;

struct fz_api {
	const char *name;
	const struct fz_call *calls;
	int ncalls;
	const char *const *handle_names;
	const unsigned *handle_sizes;
	int nhandles;
	const int *cleanup;		/* calls destroying roots, -1 ended */
	long long success;		/* the success code */
	int (*invoke)(const void *fns, int id, const uint64_t *a,
			uint64_t *ret);
	/* Build structure id for parameter i; returns its address or 0. */
	uint64_t (*build)(struct fz_prog *p, int id, int i);
	/* Keep the client's side of the contract once the arguments are
	 * drawn (e.g. lengths that fit the buffers): may rewrite a, draws
	 * no byte.  NULL: nothing to do. */
	void (*fix)(struct fz_prog *p, int id, uint64_t *a);
	/* Codes allowed in the present state beyond the call's table (an
	 * erratum about state, e.g. a call before initialisation); NULL:
	 * none. */
	int (*allowed)(struct fz_prog *p, int id, uint64_t rc);
	/* Bookkeeping and model invariants after a call. */
	void (*after)(struct fz_prog *p, int id, const uint64_t *a,
			uint64_t rc);
	void (*reset)(struct fz_prog *p);
	/* Name a return value for the trace (NULL: print the number). */
	const char *(*rc_name)(uint64_t rc);
	const char *header;			/* the API's header (emit.c) */
	const char *const *handle_types;	/* C type of each handle kind */
};

struct fz_prog {
	/* The target's configuration and its fixture: kept by fz_run. */
	const int *only;		/* call subset (NULL: all) */
	int nonly;
	void (*setup)(struct fz_prog *p);	/* fixed opening calls */
	/* A fixture built once and kept between programs (NULL: none).
	 * `fixture` makes the calls and adopts the handles; after each
	 * program `restore` brings it back to the state it was built in and
	 * returns 1, or returns 0 and everything is torn down, the fixture
	 * rebuilt by the next program.  make check replays the seed corpus
	 * in one process and compares every program's trace with its trace
	 * in a fresh process (fuzz-replay --sequence). */
	void (*fixture)(struct fz_prog *p);
	int (*restore)(struct fz_prog *p);
	int fix_built, fix_n;
	struct fz_handle fix_h[FZ_FIXTURE];
	uint64_t fix_pool[FZ_POOL];
	unsigned fix_npool;
	struct fz_rec *rec;		/* recording as C (emit.h), or NULL */
	int in_step;			/* the interpreter's call is being made */
	/* One program: cleared by fz_run (from here on). */
	const struct fz_api *api;
	const void *fns;
	const uint8_t *data;
	size_t size, pos;
	struct fz_handle h[FZ_MAX_HANDLES];
	int nh;
	uint64_t pool[FZ_POOL];
	unsigned npool;
	uint64_t events[FZ_POOL];
	unsigned nevents;
	unsigned char *arena;
	struct fz_step steps[FZ_MAX_STEPS];
	int nsteps;
	/* per call: where each argument came from */
	int slot[FZ_MAX_PARAMS];	/* handle slot, -1 if none */
	uint64_t space[FZ_MAX_PARAMS];	/* bytes or elements behind it */
	int honest[FZ_MAX_PARAMS];	/* memory argument within the arena */
	int taint;			/* a builder made a dishonest region */
	int failed;
	char why[512];
};

/* Drawing bytes: past the end of the input every draw reads zeros. */
uint8_t fz_u8(struct fz_prog *p);
uint64_t fz_raw(struct fz_prog *p, unsigned n);
uint64_t fz_int(struct fz_prog *p, unsigned size);
/* A handle value of kind k (see prog.c for the bad draws); slot out. */
uint64_t fz_handle(struct fz_prog *p, int k, int *slot);
/* An address inside the arena with at least `room` bytes left, or a bad
 * one; *honest says which. */
uint64_t fz_addr(struct fz_prog *p, uint64_t *room, int *honest);
void fz_pool_add(struct fz_prog *p, uint64_t v);
/* Enter a handle created by a set-up function; returns its slot. */
int fz_adopt(struct fz_prog *p, int kind, const void *value, int parent,
		uint64_t addr, uint64_t len);
int fz_live(const struct fz_prog *p, int kind, int n);

/* Make call id (recorded when p->rec is set); 0: not exported. */
int fz_invoke(struct fz_prog *p, int id, const uint64_t *a, uint64_t *rc);
/* The event handler the interpreter passes for FZ_CALLBACK. */
const void *fz_callback_address(void);

void fz_fail(struct fz_prog *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Run the input as a program; returns 0, or 1 when an oracle failed
 * (p->why says which).  Destroys what the program left at the end. */
int fz_run(struct fz_prog *p, const struct fz_api *api, const void *fns,
		const uint8_t *data, size_t size);
void fz_print_trace(const struct fz_prog *p, void *file);
/* Everything a program did that the oracles and fuzz-diff compare. */
uint64_t fz_trace_digest(const struct fz_prog *p);
/* A restore function: destroys, newest first, every live handle the
 * fixture does not hold; 1 when the fixture's handles are all live and
 * everything else was destroyed. */
int fz_restore_handles(struct fz_prog *p);
const char *fz_rc_str(const struct fz_prog *p, uint64_t rc, char *buf,
		size_t n);

#endif
