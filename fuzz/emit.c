/*
 * emit.c: a program as a standalone C source (a finding an implementer
 * can read, build with one cc line and run against their library).
 *
 * While a program runs with recording on (fz_rec_start), every call the
 * interpreter or an API file makes is written, before it is made, as a
 * plain call of the API: so a crash inside the call leaves the source up
 * to that call.  Arguments become expressions of the program's own
 * objects:
 *   - handles: variables h<slot>, set from what the call that made them
 *     returned (the variable it was given);
 *   - the arena: a static `arena` of the same size and alignment;
 *   - memory the call reads or writes elsewhere (outputs, structures,
 *     the set-up's locals): a static t<call>_<param> of the pointed-to
 *     type, holding the bytes the interpreter passed, with any pointer or
 *     handle inside it rewritten as an expression (words equal to an
 *     arena address, a handle, a value an earlier call returned);
 *   - pointers an earlier call returned: r<call>;
 *   - anything else: the literal value.
 * The oracle that failed becomes a check after its call that returns 1
 * (fz_rec_finding); a program that gets to its end returns 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "emit.h"

#define MAX_TMP  512
#define MAX_RET  64
#define MAX_REG  8
#define SNAP_MAX 4096

struct tmp {
	uint64_t addr;
	unsigned size;
	int call, param;
};

struct fz_rec {
	FILE *decl, *body;
	int ncalls, done;
	struct tmp tmp[MAX_TMP];
	int ntmp, first_of_call;	/* temporaries of the last call */
	struct { uint64_t v; int call; } ret[MAX_RET];
	int nret;
	struct { uint64_t lo, hi; const char *name; } reg[MAX_REG];
	int nreg;
	uint8_t declared[FZ_MAX_HANDLES];
	const char *const *handle_types;
};

static struct fz_rec rec;

struct fz_rec *fz_rec_start(struct fz_prog *p, FILE *decl, FILE *body,
		const char *const *handle_types)
{
	memset(&rec, 0, sizeof rec);
	rec.decl = decl;
	rec.body = body;
	rec.handle_types = handle_types;
	p->rec = &rec;
	return &rec;
}

void fz_rec_stop(struct fz_prog *p)
{
	if (p->rec)
		p->rec->done = 1;
}

void fz_rec_region(struct fz_prog *p, const char *name, const void *lo,
		uint64_t len)
{
	struct fz_rec *r = p->rec;

	if (!r || r->nreg == MAX_REG)
		return;
	for (int k = 0; k < r->nreg; k++)
		if (!strcmp(r->reg[k].name, name))
			return;
	r->reg[r->nreg].lo = (uint64_t)(uintptr_t)lo;
	r->reg[r->nreg].hi = (uint64_t)(uintptr_t)lo + len;
	r->reg[r->nreg++].name = name;
}

/* v as an expression of the program's objects; 0 when only a literal
 * would do (small values are always literals).  An address inside an
 * earlier call's temporary stands for it only inside other memory (a
 * pointer argument is memory of its own call: the interpreter and the
 * set-up reuse their buffers). */
static int symbol(const struct fz_prog *p, uint64_t v, char *out, size_t n,
		int in_memory)
{
	struct fz_rec *r = p->rec;

	if (v < 0x10000)
		return 0;
	for (int s = 0; s < p->nh; s++) {
		uint64_t h = 0;
		if (!r->declared[s] || p->api->handle_sizes[p->h[s].kind] > 8)
			continue;
		memcpy(&h, p->h[s].v, 8);
		if (h == v) {
			snprintf(out, n, "U(h%d)", s);
			return 1;
		}
	}
	for (int k = 0; k < r->nreg; k++)
		if (v >= r->reg[k].lo && v < r->reg[k].hi) {
			snprintf(out, n, "U(%s + 0x%llx)", r->reg[k].name,
				(unsigned long long)(v - r->reg[k].lo));
			return 1;
		}
	for (int k = 0; k < r->nret; k++)
		if (r->ret[k].v == v) {
			snprintf(out, n, "r%d", r->ret[k].call);
			return 1;
		}
	for (int k = 0; in_memory && k < r->ntmp; k++) {
		const struct tmp *t = &r->tmp[k];
		if (v >= t->addr && v < t->addr + t->size) {
			snprintf(out, n, "U((unsigned char *)t%d_%d + %llu)",
				t->call, t->param,
				(unsigned long long)(v - t->addr));
			return 1;
		}
	}
	if (v == (uint64_t)(uintptr_t)fz_callback_address()) {
		snprintf(out, n, "U(callback)");
		return 1;
	}
	return 0;
}

static void literal(uint64_t v, char *out, size_t n)
{
	snprintf(out, n, v < 10 ? "%llu" : "0x%llxull", (unsigned long long)v);
}

/* Up to n bytes at addr into buf, as far as they are readable (a drawn
 * pointer may be garbage); how many. */
static unsigned readable(uint64_t addr, unsigned n, unsigned char *buf)
{
	struct iovec l = { buf, n }, rv = { (void *)(uintptr_t)addr, n };
	ssize_t got = process_vm_readv(getpid(), &l, 1, &rv, 1, 0);

	if (got == (ssize_t)n || n <= 1)
		return got < 0 ? 0 : (unsigned)got;
	/* a mapping may end inside: byte by byte up to its end */
	unsigned k = 0;
	for (; k < n; k++) {
		struct iovec l1 = { buf + k, 1 }, r1 = { (char *)(uintptr_t)addr + k, 1 };
		if (process_vm_readv(getpid(), &l1, 1, &r1, 1, 0) != 1)
			break;
	}
	return k;
}

/* A static copy of the size bytes at addr, its pointers rewritten; 0
 * when addr cannot be read (a garbage pointer stays a literal). */
static int temporary(struct fz_prog *p, int call, int i, const char *type,
		unsigned esize, uint64_t addr, unsigned size, int string)
{
	struct fz_rec *r = p->rec;
	static unsigned char b[SNAP_MAX];
	unsigned last = 0;

	if (size > SNAP_MAX)
		size = SNAP_MAX;
	size = readable(addr, size < 1 ? 1 : size, b);
	if (!size)
		return 0;
	if (string)
		size = (unsigned)strnlen((const char *)b, size - 1) + 1;
	if (!esize)
		esize = 1;
	fprintf(r->decl, "static %s t%d_%d[%u];\n", type ? type : "unsigned char",
		call, i, (size + esize - 1) / esize);
	for (unsigned k = 0; k < size; k++)
		if (b[k])
			last = k + 1;
	if (last) {
		fprintf(r->body, "\tmemcpy(t%d_%d, \"", call, i);
		for (unsigned k = 0; k < last; k++)
			fprintf(r->body, "\\x%02x", b[k]);
		fprintf(r->body, "\", %u);\n", last);
	}
	/* handles passed by pointer (16 bytes) and pointer words inside */
	for (unsigned off = 0; off + 8 <= size; off += 8) {
		char e[96];
		uint64_t w;
		int done = 0;
		for (int s = 0; s < p->nh && off + 16 <= size && !done; s++) {
			if (!r->declared[s] ||
					p->api->handle_sizes[p->h[s].kind] != 16 ||
					memcmp(b + off, p->h[s].v, 16) != 0)
				continue;
			uint64_t z[2] = { 0, 0 };
			if (!memcmp(p->h[s].v, z, 16))
				continue;
			fprintf(r->body, "\tmemcpy((unsigned char *)t%d_%d + %u, "
				"&h%d, 16);\n", call, i, off, s);
			off += 8;
			done = 1;
		}
		if (done)
			continue;
		memcpy(&w, b + off, 8);
		if (symbol(p, w, e, sizeof e, 1))
			fprintf(r->body, "\t*(uint64_t *)((unsigned char *)t%d_%d "
				"+ %u) = %s;\n", call, i, off, e);
	}
	if (r->ntmp < MAX_TMP)
		r->tmp[r->ntmp++] = (struct tmp){ addr, size, call, i };
	return 1;
}

/* The expression of argument i of call c. */
static void argument(struct fz_prog *p, const struct fz_call *c, int call,
		int i, uint64_t v, int interp, char *out, size_t n)
{
	const struct fz_param *q = &c->params[i];
	int slot = interp ? p->slot[i] : -1;

	if (interp && q->kind == FZ_HANDLE && slot >= 0 &&
			p->rec->declared[slot]) {
		snprintf(out, n, p->api->handle_sizes[q->arg] > 8 ?
			"U(&h%d)" : "U(h%d)", slot);
		return;
	}
	if (v == 0) {
		snprintf(out, n, "0");
		return;
	}
	if (symbol(p, v, out, n, 0))
		return;
	char cast[32];
	snprintf(cast, sizeof cast, "*)(uintptr_t)(@%d)", i);
	if (!strstr(c->ctmpl, cast)) {	/* not a pointer */
		literal(v, out, n);
		return;
	}
	/* memory of the interpreter's or an API file's: a copy */
	const char *type = q->pointee ? q->pointee : "unsigned char";
	unsigned esize = q->psize ? q->psize : 1;
	unsigned elems = interp && p->space[i] && p->space[i] < 64 ?
		(unsigned)p->space[i] : 1;
	unsigned size = q->pointee ? esize * elems : 64;
	if (interp && (q->kind == FZ_OUT || q->kind == FZ_HANDLE_OUT ||
			q->kind == FZ_OUT_ARRAY || q->kind == FZ_INOUT ||
			q->kind == FZ_OUT_EVENT || q->kind == FZ_HANDLE_ARRAY))
		size = FZ_SCRATCH;	/* the interpreter's scratch block */
	if (temporary(p, call, i, type, esize, v, size,
			!strcmp(type, "char") || !strcmp(type, "DAT_CHAR")))
		snprintf(out, n, "U(t%d_%d)", call, i);
	else
		literal(v, out, n);
}

void fz_rec_call(struct fz_prog *p, int id, const uint64_t *a, int interp)
{
	struct fz_rec *r = p->rec;
	const struct fz_call *c = &p->api->calls[id];
	char e[FZ_MAX_PARAMS][96];
	int call;

	if (!r || r->done)
		return;
	call = r->ncalls++;
	r->first_of_call = r->ntmp;
	for (int i = 0; i < c->nparams; i++)
		argument(p, c, call, i, a[i], interp, e[i], sizeof e[i]);
	if (interp && p->nsteps > 0 && p->steps[p->nsteps - 1].note[0])
		fprintf(r->body, "\t/* %s */\n", p->steps[p->nsteps - 1].note);
	fputc('\t', r->body);
	if (c->checked)
		fprintf(r->body, "rc = ");
	else if (strcmp(c->returns, "void") != 0) {
		fprintf(r->decl, "static uint64_t r%d;\n", call);
		fprintf(r->body, "r%d = (uint64_t)", call);
	}
	for (const char *t = c->ctmpl; *t; t++) {
		if (*t == '@') {
			int k = (int)strtol(t + 1, (char **)&t, 10);
			fputs(e[k], r->body);
			t--;
		} else {
			fputc(*t, r->body);
		}
	}
	fputc(';', r->body);
	fflush(r->body);
	fflush(r->decl);
}

void fz_rec_return(struct fz_prog *p, int id, uint64_t rc, int present)
{
	struct fz_rec *r = p->rec;
	const struct fz_call *c = &p->api->calls[id];
	char b[48];

	if (!r || r->done)
		return;
	if (!present)
		fprintf(r->body, "\t/* not exported by the library */");
	else if (c->checked)
		fprintf(r->body, "\t/* returned %s */", fz_rc_str(p, rc, b, sizeof b));
	else if (strcmp(c->returns, "void") != 0) {
		fprintf(r->body, "\t/* returned 0x%llx */", (unsigned long long)rc);
		if (rc >= 0x10000 && r->nret < MAX_RET) {
			r->ret[r->nret].v = rc;
			r->ret[r->nret++].call = r->ncalls - 1;
		}
	}
	fputc('\n', r->body);
	fflush(r->body);
}

/* Handle slot s was just made: its variable takes the value from the
 * temporary of the last call that holds it. */
void fz_rec_handle(struct fz_prog *p, int s)
{
	struct fz_rec *r = p->rec;
	unsigned hs = p->api->handle_sizes[p->h[s].kind];

	if (!r || r->done || s < 0)
		return;
	if (!r->declared[s])
		fprintf(r->decl, "static %s h%d;\n",
			r->handle_types[p->h[s].kind], s);
	r->declared[s] = 1;
	for (int k = r->ntmp - 1; k >= r->first_of_call; k--) {
		const struct tmp *t = &r->tmp[k];
		if (t->size >= hs && !memcmp((const void *)(uintptr_t)t->addr,
				p->h[s].v, hs)) {
			fprintf(r->body, "\tmemcpy(&h%d, t%d_%d, sizeof h%d);\n",
				s, t->call, t->param, s);
			return;
		}
	}
	fprintf(r->body, "\tmemcpy(&h%d, \"", s);
	for (unsigned k = 0; k < hs; k++)
		fprintf(r->body, "\\x%02x", p->h[s].v[k]);
	fprintf(r->body, "\", sizeof h%d);\t/* (not traced) */\n", s);
}

void fz_rec_finding(struct fz_prog *p, const char *cond, const char *what)
{
	struct fz_rec *r = p->rec;

	if (!r || r->done)
		return;
	fprintf(r->body, "\tif (%s) {\n\t\tfprintf(stderr, \"FINDING: %%s\\n\", "
		"\"", cond);
	for (const char *w = what; *w; w++)
		fprintf(r->body, *w == '"' || *w == '\\' ? "\\%c" : "%c", *w);
	fprintf(r->body, "\");\n\t\treturn 1;\n\t}\n");
	fflush(r->body);
	r->done = 1;
}

void fz_rec_setenv(struct fz_prog *p, const char *name, const char *value)
{
	struct fz_rec *r = p->rec;

	if (!r || r->done)
		return;
	fprintf(r->body, "\tsetenv(\"%s\", \"%s\", 0);\n", name, value);
}

void fz_rec_comment(struct fz_prog *p, const char *what)
{
	struct fz_rec *r = p->rec;

	if (!r || r->done)
		return;
	fprintf(r->body, "\t/* FINDING (a model invariant of the fuzzer, not "
		"checked here): ");
	for (const char *w = what; *w; w++)
		fputc(*w == '*' ? '.' : *w, r->body);
	fprintf(r->body, " */\n");
	fflush(r->body);
	r->done = 1;
}

void fz_rec_rc_check(struct fz_prog *p, const struct fz_call *c,
		const char *what)
{
	char cond[2048];
	size_t l = 0;

	cond[0] = 0;
	for (int i = 0; i < c->nrcs && l < sizeof cond - 100; i++)
		l += (size_t)snprintf(cond + l, sizeof cond - l, "%src != %s",
			i ? " && " : "", c->rcs[i].name);
	if (!c->nrcs)
		snprintf(cond, sizeof cond, "1");
	fz_rec_finding(p, cond, what);
}

