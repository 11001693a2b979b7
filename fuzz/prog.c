/*
 * prog.c: the program interpreter (see prog.h).
 *
 * Draws, by the first byte of each argument:
 *   handle   00-BF a live handle of the kind (any one, by index)
 *            C0-DF a destroyed handle of the kind (stale)
 *            E0-EF NULL
 *            F0-F7 a live handle of another kind (foreign)
 *            F8-FF eight bytes of garbage
 *   integer  00-3F small (0-15), 40-7F a value seen earlier (pool),
 *            80-9F a boundary value, A0-BF a single bit, C0-FF raw bytes
 *   address  00-CF in the arena (80-CF page aligned), D0-E7 NULL,
 *            E8-FF garbage (memory the program never owned)
 *   length   00-CF fits the buffer, D0-FF absurd (beyond any buffer)
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "prog.h"
#include "emit.h"

static const uint64_t boundary[] = {
	0, 1, 2, 3, 4, 7, 8, 63, 64, 127, 128, 255, 256, 4095, 4096, 4097,
	65535, 65536, 0x7FFFFFFFull, 0x80000000ull, 0xFFFFFFFFull,
	0x100000000ull, 0x7FFFFFFFFFFFFFFFull, ~0ull, 0xFFFFFFFEull, 1000,
	16, 32, 24, 12, 6, 5
};

uint8_t fz_u8(struct fz_prog *p)
{
	return p->pos < p->size ? p->data[p->pos++] : 0;
}

uint64_t fz_raw(struct fz_prog *p, unsigned n)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < n; i++) {
		uint64_t b = fz_u8(p);
		if (i < 8)
			v |= b << (8 * i);
	}


	return v;
}

static uint64_t trunc_to(uint64_t v, unsigned size)
{
	return size >= 8 ? v : v & ((1ull << (8 * size)) - 1);
}

uint64_t fz_int(struct fz_prog *p, unsigned size)
{
	uint8_t b = fz_u8(p);
	uint64_t raw = fz_raw(p, size >= 8 ? 8 : size);
	uint64_t v;

	if (b < 0x40)
		v = b & 0x0F;
	else if (b < 0x80)
		v = p->npool ? p->pool[b % p->npool] : b & 0x0F;
	else if (b < 0xA0)
		v = boundary[b % (sizeof boundary / sizeof boundary[0])];
	else if (b < 0xC0)
		v = 1ull << (b & 63);
	else
		v = raw;
	return trunc_to(v, size);
}

void fz_pool_add(struct fz_prog *p, uint64_t v)
{
	for (unsigned i = 0; i < p->npool; i++)
		if (p->pool[i] == v)
			return;
	if (p->npool < FZ_POOL)
		p->pool[p->npool++] = v;
	else
		p->pool[v % FZ_POOL] = v;
}

int fz_live(const struct fz_prog *p, int kind, int n)
{
	for (int i = 0; i < p->nh; i++)
		if (p->h[i].kind == kind && p->h[i].state == FZ_H_LIVE &&
				n-- == 0)
			return i;
	return -1;
}

static int count_state(const struct fz_prog *p, int kind, int state)
{
	int n = 0;

	for (int i = 0; i < p->nh; i++)
		n += p->h[i].kind == kind && p->h[i].state == state;
	return n;
}

static int nth_state(const struct fz_prog *p, int kind, int state, int n)
{
	for (int i = 0; i < p->nh; i++)
		if (p->h[i].kind == kind && p->h[i].state == state && n-- == 0)
			return i;
	return -1;
}

static int nth_foreign(const struct fz_prog *p, int kind, int n)
{
	int total = 0;

	for (int i = 0; i < p->nh; i++)
		total += p->h[i].kind != kind && p->h[i].state == FZ_H_LIVE;
	if (!total)
		return -1;
	n %= total;
	for (int i = 0; i < p->nh; i++)
		if (p->h[i].kind != kind && p->h[i].state == FZ_H_LIVE &&
				n-- == 0)
			return i;
	return -1;
}

/* The value passed for a handle: small handles by value, handles the API
 * passes by pointer (memory handles) as the address of a copy. */
static uint64_t handle_value(struct fz_prog *p, int k, int s, uint64_t garbage)
{
	unsigned sz = p->api->handle_sizes[k];
	static unsigned char copies[FZ_MAX_PARAMS][16];
	static unsigned next;
	uint64_t v = 0;

	if (sz <= 8) {
		if (s >= 0)
			memcpy(&v, p->h[s].v, 8);
		else
			v = garbage;
		return v;
	}
	unsigned char *c = copies[next++ % FZ_MAX_PARAMS];
	if (s >= 0) {
		memcpy(c, p->h[s].v, 16);
	} else {
		memcpy(c, &garbage, 8);
		memcpy(c + 8, &garbage, 8);
	}
	return (uint64_t)(uintptr_t)c;
}

uint64_t fz_handle(struct fz_prog *p, int k, int *slot)
{
	uint8_t b = fz_u8(p);
	uint64_t garbage = fz_raw(p, 8);
	int s = -1;

	*slot = -1;
	if (b < 0xC0) {
		int n = count_state(p, k, FZ_H_LIVE);
		if (n) {
			s = nth_state(p, k, FZ_H_LIVE, b % n);
			*slot = s;
		}
		if (s < 0)
			return 0;
	} else if (b < 0xE0) {
		int n = count_state(p, k, FZ_H_STALE);
		if (!n)
			return 0;
		s = nth_state(p, k, FZ_H_STALE, b % n);
		*slot = s;
	} else if (b < 0xF0) {
		return 0;
	} else if (b < 0xF8) {
		s = nth_foreign(p, k, b);
		if (s < 0)
			return 0;
		if (p->api->handle_sizes[p->h[s].kind] > 8 ||
				p->api->handle_sizes[k] > 8)
			s = -1;	/* a foreign memory handle: garbage instead */
	}
	return handle_value(p, k, s, garbage);
}

uint64_t fz_addr(struct fz_prog *p, uint64_t *room, int *honest)
{
	uint8_t b = fz_u8(p);
	uint64_t off = fz_raw(p, 2) % (FZ_ARENA / 2);
	uint64_t garbage = fz_raw(p, 8);

	if (b < 0xD0) {
		if (b >= 0x80)
			off &= ~(uint64_t)4095;
		*room = FZ_ARENA - off;
		*honest = 1;
		return (uint64_t)(uintptr_t)(p->arena + off);
	}
	*room = 0;
	*honest = 0;
	if (b < 0xE8)
		return 0;
	return garbage | 1;	/* never a valid pointer of ours */
}

/* A length for a buffer of `room` bytes. */
static uint64_t draw_len(struct fz_prog *p, unsigned size, uint64_t room,
		int absurd_ok, int *honest)
{
	uint8_t b = fz_u8(p);
	uint64_t v = fz_int(p, size);

	*honest = 1;
	if (b >= 0xD0 && absurd_ok && size >= 4) {
		*honest = 0;
		return trunc_to(v | (1ull << (8 * (size >= 8 ? 5 : size) - 2)),
				size);
	}
	return room ? v % (room + 1) : v & 0xFF;
}

void fz_fail(struct fz_prog *p, const char *fmt, ...)
{
	va_list ap;

	if (p->failed)
		return;
	p->failed = 1;
	va_start(ap, fmt);
	vsnprintf(p->why, sizeof p->why, fmt, ap);
	va_end(ap);
}

const char *fz_rc_str(const struct fz_prog *p, uint64_t rc, char *buf,
		size_t n)
{
	const char *s = p->api->rc_name ? p->api->rc_name(rc) : NULL;

	if (s)
		return s;
	snprintf(buf, n, "%llu", (unsigned long long)rc);
	return buf;
}

/* Handed to calls that take an event handler; the context argument is
 * the program's own integer, so the handler must not touch it. */
static unsigned callback_calls;

static void fz_callback_fn(void *entry, void *context)
{
	(void)entry;
	(void)context;
	callback_calls++;
}

const void *fz_callback_address(void)
{
	return (const void *)(uintptr_t)fz_callback_fn;
}

int fz_invoke(struct fz_prog *p, int id, const uint64_t *a, uint64_t *rc)
{
	int ok;

	if (p->rec)
		fz_rec_call(p, id, a, p->in_step);
	ok = p->api->invoke(p->fns, id, a, rc);
	if (p->rec)
		fz_rec_return(p, id, *rc, ok);
	return ok;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
	return h;
}

static uint64_t hash_bytes(uint64_t h, const unsigned char *b, uint64_t n)
{
	for (uint64_t i = 0; i < n; i++)
		h = mix(h, b[i]);
	return h;
}

static void note(struct fz_step *st, const char *name, const char *what)
{
	size_t l = strlen(st->note);

	snprintf(st->note + l, sizeof st->note - l, "%s%s=%s",
			l ? " " : "", name, what);
}

static int new_slot(struct fz_prog *p)
{
	if (p->nh < FZ_MAX_HANDLES)
		return p->nh++;
	for (int i = 0; i < p->nh; i++)
		if (p->h[i].state == FZ_H_FREE)
			return i;
	return -1;
}

static void kill_tree(struct fz_prog *p, int s)
{
	p->h[s].state = FZ_H_STALE;
	for (int i = 0; i < p->nh; i++)
		if (p->h[i].state == FZ_H_LIVE && p->h[i].parent == s)
			kill_tree(p, i);
}

/* Draw the arguments of call c into a; out-pointed memory in scratch. */
static void draw_args(struct fz_prog *p, const struct fz_call *c,
		uint64_t *a, unsigned char (*scratch)[FZ_SCRATCH],
		struct fz_step *st)
{
	for (int i = 0; i < c->nparams; i++) {
		const struct fz_param *q = &c->params[i];
		p->slot[i] = -1;
		p->space[i] = 0;
		p->honest[i] = 1;
		a[i] = 0;
		switch (q->kind) {
		case FZ_INT:
			a[i] = fz_int(p, q->size);
			break;
		case FZ_TIMEOUT:
			a[i] = fz_u8(p) % 4;
			break;
		case FZ_HANDLE: {
			uint8_t peek = p->pos < p->size ? p->data[p->pos] : 0;
			a[i] = fz_handle(p, q->arg, &p->slot[i]);
			if (peek >= 0xC0)
				note(st, q->name, peek < 0xE0 ? "stale" :
					peek < 0xF0 ? "NULL" : peek < 0xF8 ?
					"foreign" : "garbage");
			break;
		}
		case FZ_HANDLE_ARRAY: {
			uint64_t *arr = (uint64_t *)scratch[i];
			int slot;
			for (int k = 0; k < FZ_ARRAY; k++)
				arr[k] = fz_handle(p, q->arg, &slot);
			p->space[i] = FZ_ARRAY;
			if (fz_u8(p) >= 0xF0) {
				p->space[i] = 0;
				note(st, q->name, "NULL");
			} else {
				a[i] = (uint64_t)(uintptr_t)arr;
			}
			break;
		}
		case FZ_HANDLE_OUT:
		case FZ_OUT:
		case FZ_OUT_EVENT:
		case FZ_OUT_ARRAY:
			/* a call with no status code cannot refuse NULL */
			if (fz_u8(p) < 0xF0 || !c->checked) {
				a[i] = (uint64_t)(uintptr_t)scratch[i];
				p->space[i] = q->size ? FZ_SCRATCH / q->size : 0;
			} else {
				note(st, q->name, "NULL");
			}
			break;
		case FZ_INOUT: {
			uint64_t v = fz_int(p, 8);
			memcpy(scratch[i], &v, 8);
			if (fz_u8(p) < 0xF0 || !c->checked)
				a[i] = (uint64_t)(uintptr_t)scratch[i];
			else
				note(st, q->name, "NULL");
			break;
		}
		case FZ_BUF_IN:
		case FZ_BUF_OUT:
		case FZ_REGION:
			a[i] = fz_addr(p, &p->space[i], &p->honest[i]);
			if (!p->honest[i])
				note(st, q->name, a[i] && q->kind == FZ_REGION ?
					"garbage" : "NULL");
			else if (a[i] & 7)
				note(st, q->name, "misaligned");
			if (q->kind != FZ_REGION && a[i] && !p->honest[i]) {
				/* calls read and write buffers: only NULL */
				a[i] = 0;
			}
			break;
		case FZ_STRUCT:
			p->taint = 0;
			a[i] = p->api->build(p, q->arg, i);
			p->honest[i] = !p->taint;
			if (!a[i])
				note(st, q->name, "NULL");
			break;
		case FZ_CALLBACK:
			if (fz_u8(p) & 1)
				a[i] = (uint64_t)(uintptr_t)fz_callback_fn;
			break;
		case FZ_EVENT: {
			uint8_t b = fz_u8(p);
			uint64_t g = fz_raw(p, 8);
			a[i] = b < 0xC0 && p->nevents ?
				p->events[b % p->nevents] : g;
			break;
		}
		default:
			break;
		}
	}
	/* Lengths and counts, once their buffers are known. */
	for (int i = 0; i < c->nparams; i++) {
		const struct fz_param *q = &c->params[i];
		int r = q->arg, honest;
		if (q->kind == FZ_LEN) {
			int absurd = c->params[r].kind == FZ_BUF_IN ||
				c->params[r].kind == FZ_REGION;
			a[i] = draw_len(p, q->size, p->space[r], absurd,
					&honest);
			if (!honest) {
				p->honest[r] = 0;
				note(st, q->name, "absurd");
			}
		} else if (q->kind == FZ_COUNT) {
			uint8_t b = fz_u8(p);
			a[i] = p->space[r] ? b % (p->space[r] + 1) : b % 4;
			if (c->params[r].kind == FZ_OUT_ARRAY ||
					c->params[r].kind == FZ_HANDLE_ARRAY)
				a[i] = p->space[r] ?
					(b % (p->space[r] + 1) > FZ_ARRAY ?
					FZ_ARRAY : b % (p->space[r] + 1)) :
					b % 4;
		}
	}
}

/* Open defects already reported (RDMACTS_FUZZ_KNOWN names the file, one
 * "CALL CODE" per line): long runs keep going past them; replays of
 * fuzz/regressions/ do not read it, so they fail until the fix. */
static int known(const struct fz_prog *p, const struct fz_call *c, uint64_t rc)
{
	static char text[8192];
	static int loaded;
	char line[160], b[32];

	if (!loaded) {
		const char *path = getenv("RDMACTS_FUZZ_KNOWN");
		FILE *f = path && *path ? fopen(path, "r") : NULL;
		loaded = 1;
		if (f) {
			text[fread(text, 1, sizeof text - 1, f)] = 0;
			fclose(f);
		}
	}
	snprintf(line, sizeof line, "%s %s", c->name,
			fz_rc_str(p, rc, b, sizeof b));
	size_t n = strlen(line);
	for (const char *t = text; *t; ) {
		if (strncmp(t, line, n) == 0 && (t[n] == ' ' || t[n] == '\n' ||
				t[n] == '\t' || t[n] == 0))
			return 1;
		const char *nl = strchr(t, '\n');
		if (!nl)
			break;
		t = nl + 1;
	}
	return 0;
}

static void print_call(const struct fz_prog *p, int i, FILE *f);
static void fixture(struct fz_prog *p);
static void build_for_next(struct fz_prog *p);

static int rc_allowed(const struct fz_call *c, uint64_t rc)
{
	for (int i = 0; i < c->nrcs; i++)
		if ((uint64_t)c->rcs[i].code == rc)
			return 1;
	return 0;
}

/* Outputs and handle bookkeeping after a call returned rc. */
static void after_call(struct fz_prog *p, const struct fz_call *c,
		const uint64_t *a, uint64_t rc, struct fz_step *st)
{
	int ok = !c->checked || (long long)rc == p->api->success;
	uint64_t d = mix(0, rc);
	int parent = -1;

	for (int i = 0; i < c->nparams; i++)
		if (c->params[i].kind == FZ_HANDLE && p->slot[i] >= 0 &&
				parent < 0)
			parent = p->slot[i];
	if (ok && c->destroy_param >= 0) {
		int s = p->slot[c->destroy_param];
		if (s >= 0 && p->h[s].state == FZ_H_STALE &&
				c->params[c->destroy_param].kind == FZ_HANDLE &&
				!p->failed) {
			char cond[64], b[32];
			fz_fail(p, "%s succeeded on a handle already destroyed",
					c->name);
			snprintf(cond, sizeof cond, "rc == %s",
				fz_rc_str(p, (uint64_t)p->api->success, b,
				sizeof b));
			fz_rec_finding(p, cond, p->why);
		}
		if (s >= 0) {
			if (c->cascade)
				kill_tree(p, s);
			else
				p->h[s].state = FZ_H_STALE;
		}
	}
	for (int i = 0; i < c->nparams; i++) {
		const struct fz_param *q = &c->params[i];
		const unsigned char *o = (const unsigned char *)(uintptr_t)a[i];
		uint64_t v = 0;
		if (!o)
			continue;
		switch (q->kind) {
		case FZ_HANDLE_OUT: {
			if (!ok)
				break;
			int s = new_slot(p);
			if (s < 0)
				break;
			struct fz_handle *h = &p->h[s];
			memset(h, 0, sizeof *h);
			h->kind = (uint8_t)q->arg;
			h->state = FZ_H_LIVE;
			h->parent = (int16_t)parent;
			memcpy(h->v, o, q->size > 16 ? 16 : q->size);
			fz_rec_handle(p, s);
			for (int k = 0; k < c->nparams; k++) {
				if (c->params[k].kind == FZ_REGION) {
					h->addr = a[k];
					h->tainted |= !p->honest[k];
				}
				if (c->params[k].kind == FZ_LEN &&
						c->params[c->params[k].arg].kind
						== FZ_REGION)
					h->len = a[k];
				if (c->params[k].kind == FZ_STRUCT)
					h->tainted |= !p->honest[k];
			}
			break;
		}
		case FZ_OUT:
		case FZ_INOUT:
			if (!ok)
				break;
			memcpy(&v, o, q->size < 8 ? q->size : 8);
			if (q->size <= 4)
				fz_pool_add(p, v);
			if (q->compare)
				d = mix(d, v);
			break;
		case FZ_OUT_EVENT:
			if (!ok)
				break;
			memcpy(&v, o, 8);
			if (p->nevents < FZ_POOL)
				p->events[p->nevents++] = v;
			break;
		case FZ_BUF_OUT:
		case FZ_OUT_ARRAY:
			if (ok && q->compare) {
				for (int k = 0; k < c->nparams; k++)
					if ((c->params[k].kind == FZ_LEN ||
						c->params[k].kind == FZ_COUNT)
						&& c->params[k].arg == i)
						d = hash_bytes(d, o, a[k] *
							(q->size ? q->size :
							1) < FZ_SCRATCH ?
							a[k] * (q->size ?
							q->size : 1) : 0);
			}
			break;
		default:
			break;
		}
	}
	if (ok)
		for (int i = 0; i < c->nparams; i++)
			if (c->params[i].kind == FZ_INT && c->params[i].size <= 4)
				fz_pool_add(p, a[i]);
	st->digest = d;
}

int fz_adopt(struct fz_prog *p, int kind, const void *value, int parent,
		uint64_t addr, uint64_t len)
{
	int s = new_slot(p);

	if (s < 0)
		return -1;
	memset(&p->h[s], 0, sizeof p->h[s]);
	p->h[s].kind = (uint8_t)kind;
	p->h[s].state = FZ_H_LIVE;
	p->h[s].parent = (int16_t)parent;
	memcpy(p->h[s].v, value, p->api->handle_sizes[kind] > 16 ? 16 :
			p->api->handle_sizes[kind]);
	p->h[s].addr = addr;
	p->h[s].len = len;
	fz_rec_handle(p, s);
	return s;
}

static void cleanup(struct fz_prog *p)
{
	const struct fz_api *api = p->api;

	for (const int *id = api->cleanup; *id >= 0; id++) {
		const struct fz_call *c = &api->calls[*id];
		int k = c->params[c->destroy_param].arg;
		for (int s = 0; s < p->nh; s++) {
			uint64_t a[FZ_MAX_PARAMS] = {0}, rc;
			if (p->h[s].kind != k || p->h[s].state != FZ_H_LIVE)
				continue;
			memcpy(&a[c->destroy_param], p->h[s].v, 8);
			api->invoke(p->fns, *id, a, &rc);
			kill_tree(p, s);
		}
	}
}

int fz_run(struct fz_prog *p, const struct fz_api *api, const void *fns,
		const uint8_t *data, size_t size)
{
	/* In the program's own data, not the heap: the NIC model's checks of
	 * registered memory read /proc/self/maps up to the arena, which is
	 * then among its first lines. */
	static unsigned char arena[FZ_ARENA] __attribute__((aligned(4096)));
	unsigned char (*scratch)[FZ_SCRATCH];
	const char *tr = getenv("RDMACTS_FUZZ_TRACE");
	int trace = tr && *tr && *tr != '0';

	scratch = malloc(FZ_MAX_PARAMS * FZ_SCRATCH);
	if (!scratch) {
		fprintf(stderr, "fuzz: out of memory\n");
		abort();
	}
	memset(arena, 0, FZ_ARENA);
	memset(&p->api, 0, sizeof *p - offsetof(struct fz_prog, api));
	p->api = api;
	p->fns = fns;
	p->data = data;
	p->size = size;
	p->arena = arena;
	if (api->reset)
		api->reset(p);
	fz_rec_region(p, "arena", arena, FZ_ARENA);
	if (p->fixture)
		fixture(p);
	if (p->setup)
		p->setup(p);

	while (p->pos < p->size && p->nsteps < FZ_MAX_STEPS && !p->failed) {
		struct fz_step *st = &p->steps[p->nsteps++];
		uint64_t a[FZ_MAX_PARAMS], rc = 0;
		uint8_t sel = fz_u8(p);
		int id = p->only ? p->only[sel % p->nonly] : sel % api->ncalls;
		const struct fz_call *c = &api->calls[id];

		memset(st, 0, sizeof *st);
		st->call = id;
		st->start = p->pos - 1;
		memset(scratch, 0, FZ_MAX_PARAMS * FZ_SCRATCH);
		draw_args(p, c, a, scratch, st);
		if (api->fix)
			api->fix(p, id, a);
		st->end = p->pos;
		memcpy(st->args, a, sizeof st->args);
		if (trace) {
			/* before the call: a sanitizer may end the process in it */
			print_call(p, p->nsteps - 1, stderr);
			fprintf(stderr, ")%s%s\n", st->note[0] ? "  " : "",
					st->note);
		}
		p->in_step = 1;
		int present = fz_invoke(p, id, a, &rc);
		p->in_step = 0;
		if (!present) {
			st->absent = 1;
			st->digest = ~0ull;
			continue;
		}
		st->rc = rc;
		if (c->checked && !rc_allowed(c, rc) && !(api->allowed &&
				api->allowed(p, id, rc)) && !known(p, c, rc) &&
				!p->failed) {
			char b[32];
			fz_fail(p, "%s returned %s, not a code its page lists",
					c->name, fz_rc_str(p, rc, b, sizeof b));
			fz_rec_rc_check(p, c, p->why);
		}
		after_call(p, c, a, rc, st);
		if (api->after)
			api->after(p, id, a, rc);
		if (p->failed)	/* a model invariant (the API file's) */
			fz_rec_comment(p, p->why);
	}
	fz_rec_stop(p);
	free(scratch);
	if (!p->fix_built || !p->restore || !p->restore(p)) {
		cleanup(p);
		p->fix_built = 0;
	}
	if (api->reset)
		api->reset(p);
	if (p->fixture && p->restore && !p->fix_built)
		build_for_next(p);
	return p->failed;
}

/* A fixture torn down is rebuilt by the program that tore it down, not
 * by the next: its teardown's frees and the rebuild's allocations then
 * fall in one input, which stays balanced unless something leaked.
 * (libFuzzer re-runs every input that allocates more than it frees and
 * scans the heap for leaks, which costs many programs.)  What the
 * program reported (p->failed, p->why, its handles) stays as it was; a
 * fixture that fails to build is torn down again and built, and its
 * failure reported, by the next program. */
static void build_for_next(struct fz_prog *p)
{
	static struct fz_handle h[FZ_MAX_HANDLES];
	static uint64_t pool[FZ_POOL];
	static char why[sizeof p->why];
	int nh = p->nh, failed = p->failed;
	unsigned npool = p->npool;

	memcpy(h, p->h, sizeof h);
	memcpy(pool, p->pool, sizeof pool);
	memcpy(why, p->why, sizeof why);
	p->nh = 0;
	p->npool = 0;
	p->failed = 0;
	fixture(p);
	if (p->failed || !p->fix_built) {
		cleanup(p);
		p->fix_built = 0;
	}
	memcpy(p->h, h, sizeof h);
	memcpy(p->pool, pool, sizeof pool);
	memcpy(p->why, why, sizeof why);
	p->nh = nh;
	p->npool = npool;
	p->failed = failed;
}

/* The fixture's handles and pool as built, or built now. */
static void fixture(struct fz_prog *p)
{
	if (p->fix_built) {
		memcpy(p->h, p->fix_h, (size_t)p->fix_n * sizeof *p->h);
		p->nh = p->fix_n;
		memcpy(p->pool, p->fix_pool, sizeof p->pool);
		p->npool = p->fix_npool;
		return;
	}
	p->fixture(p);
	if (p->nh > FZ_FIXTURE) {	/* too big to keep: rebuilt each time */
		cleanup(p);
		p->nh = 0;
		p->fixture(p);
		return;
	}
	memcpy(p->fix_h, p->h, (size_t)p->nh * sizeof *p->h);
	p->fix_n = p->nh;
	memcpy(p->fix_pool, p->pool, sizeof p->pool);
	p->fix_npool = p->npool;
	p->fix_built = 1;
}

/* The call that destroys handles of kind k with the fewest parameters
 * (a connection request is rejected, not accepted), or -1. */
static int destroyer(const struct fz_api *api, int k)
{
	int best = -1;

	for (int id = 0; id < api->ncalls; id++) {
		const struct fz_call *c = &api->calls[id];
		if (c->destroy_param >= 0 &&
				c->params[c->destroy_param].kind == FZ_HANDLE &&
				c->params[c->destroy_param].arg == k &&
				(best < 0 || c->nparams < api->calls[best].nparams))
			best = id;
	}
	return best;
}

int fz_restore_handles(struct fz_prog *p)
{
	if (p->nh >= FZ_MAX_HANDLES)
		return 0;	/* the table was full: objects it did not hold */
	for (int s = 0; s < p->fix_n; s++)
		if (p->h[s].state != FZ_H_LIVE)
			return 0;
	for (int s = p->nh - 1; s >= p->fix_n; s--) {
		if (p->h[s].state != FZ_H_LIVE)
			continue;
		int id = destroyer(p->api, p->h[s].kind);
		if (id < 0)
			return 0;
		const struct fz_call *c = &p->api->calls[id];
		uint64_t a[FZ_MAX_PARAMS] = {0}, rc = ~0ull;
		for (int i = 0; i < c->nparams; i++) {
			const struct fz_param *q = &c->params[i];
			if (i == c->destroy_param)
				a[i] = handle_value(p, q->arg, s, 0);
			else if (q->kind == FZ_HANDLE)	/* its parent */
				a[i] = handle_value(p, q->arg, p->h[s].parent >= 0
					&& p->h[p->h[s].parent].kind == q->arg ?
					p->h[s].parent : fz_live(p, q->arg, 0), 0);
			else if (q->kind != FZ_INT)
				return 0;	/* (integers: 0, e.g. abrupt) */
		}
		if (!p->api->invoke(p->fns, id, a, &rc) ||
				(c->checked && (long long)rc != p->api->success))
			return 0;
		kill_tree(p, s);
	}
	return 1;
}

uint64_t fz_trace_digest(const struct fz_prog *p)
{
	uint64_t h = mix(0, (uint64_t)p->failed);

	for (int i = 0; i < p->nsteps; i++) {
		const struct fz_step *st = &p->steps[i];
		h = mix(mix(mix(h, (uint64_t)st->call), st->absent ? ~0ull :
				st->rc), st->digest);
	}
	return h;
}

static void print_call(const struct fz_prog *p, int i, FILE *f)
{
	const struct fz_step *st = &p->steps[i];
	const struct fz_call *c = &p->api->calls[st->call];

	fprintf(f, "  %2d %s(", i, c->name);
	for (int k = 0; k < c->nparams; k++)
		fprintf(f, "%s%s=0x%llx", k ? ", " : "", c->params[k].name,
			(unsigned long long)st->args[k]);
}

void fz_print_trace(const struct fz_prog *p, void *file)
{
	FILE *f = file;
	char b[32];

	for (int i = 0; i < p->nsteps; i++) {
		const struct fz_step *st = &p->steps[i];
		const struct fz_call *c = &p->api->calls[st->call];
		print_call(p, i, f);
		if (st->absent)
			fprintf(f, ") -> (not exported)");
		else
			fprintf(f, ") -> %s", c->checked ?
				fz_rc_str(p, st->rc, b, sizeof b) :
				(snprintf(b, sizeof b, "0x%llx",
				(unsigned long long)st->rc), b));
		if (st->note[0])
			fprintf(f, "  [%s]", st->note);
		fputc('\n', f);
	}
}
