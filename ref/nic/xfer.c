/*
 * xfer.c: moving data between a process and registered memory (the
 * FMA and BTE engines' data path) and executing atomics.
 *
 * A copy between two ranges of memory the model owns (shm.c: DMAPP's
 * symmetric heap) is one memcpy, the peer's range mapped here.  Every
 * other copy goes through process_vm_readv/writev, also within one
 * process: memory that was unmapped after registration then yields an
 * error instead of a crash, and one process with two domains moves
 * data exactly as two processes do.  Atomics run under the NIC lock,
 * which makes them atomic with respect to every other AMO on the host.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/uio.h>
#include <unistd.h>
#include "fabric.h"

static int refused(void)
{
	static int said;

	if (!said++)
		fprintf(stderr, "rdmacts NIC model: the kernel refused "
			"process_vm_readv/writev between the job's processes; "
			"check kernel.yama.ptrace_scope (must be 0 or 1)\n");
	return NIC_EPERM;
}

/* Copy len bytes from (spid, src) to (dpid, dst); one side is us. */
static int copy(int dpid, uint64_t dst, int spid, uint64_t src, uint64_t len)
{
	struct iovec l, r;
	ssize_t n;

	if (len == 0)
		return NIC_OK;
	if (dpid == getpid()) {	/* read into our memory from spid */
		l = (struct iovec){ (void *)(uintptr_t)dst, len };
		r = (struct iovec){ (void *)(uintptr_t)src, len };
		n = process_vm_readv(spid, &l, 1, &r, 1, 0);
	} else {		/* write from our memory into dpid */
		l = (struct iovec){ (void *)(uintptr_t)src, len };
		r = (struct iovec){ (void *)(uintptr_t)dst, len };
		n = process_vm_writev(dpid, &l, 1, &r, 1, 0);
	}
	if (n < 0 && errno == EPERM)
		return refused();
	return n == (ssize_t)len ? NIC_OK : NIC_EFAULT;
}

int nic_write_spans(const struct nic_span *s, uint32_t n, const void *src,
		uint64_t len)
{
	uint64_t done = 0;

	for (uint32_t i = 0; i < n && done < len; i++) {
		int rc = copy(s[i].pid, s[i].addr, getpid(),
				(uint64_t)(uintptr_t)src + done, s[i].len);
		if (rc != NIC_OK)
			return rc;
		done += s[i].len;
	}
	return NIC_OK;
}

int nic_read_spans(const struct nic_span *s, uint32_t n, void *dst,
		uint64_t len)
{
	uint64_t done = 0;

	for (uint32_t i = 0; i < n && done < len; i++) {
		int rc = copy(getpid(), (uint64_t)(uintptr_t)dst + done,
				s[i].pid, s[i].addr, s[i].len);
		if (rc != NIC_OK)
			return rc;
		done += s[i].len;
	}
	return NIC_OK;
}

static void to_iov(const struct nic_span *s, uint32_t n, struct iovec *v)
{
	for (uint32_t i = 0; i < n; i++)
		v[i] = (struct iovec){ (void *)(uintptr_t)s[i].addr, s[i].len };
}

int nic_copy_spans(const struct nic_span *dst, uint32_t nd,
		const struct nic_span *src, uint32_t ns, uint64_t len)
{
	struct iovec d[NIC_MDD_MAX_SEGS], s[NIC_MDD_MAX_SEGS];
	ssize_t n;

	if (len == 0)
		return NIC_OK;
	if (nd == 0 || ns == 0 || nd > NIC_MDD_MAX_SEGS || ns > NIC_MDD_MAX_SEGS)
		return NIC_EFAULT;
	if (nd == 1 && ns == 1) {	/* both model-owned: one memcpy */
		void *to = nic_shm_ptr(&dst[0]);
		const void *from = to ? nic_shm_ptr(&src[0]) : NULL;
		if (from) {
			memmove(to, from, len);
			return NIC_OK;
		}
	}
	to_iov(dst, nd, d);
	to_iov(src, ns, s);
	if (dst[0].pid == getpid())	/* pull from the source's process */
		n = process_vm_readv(src[0].pid, d, nd, s, ns, 0);
	else				/* push into the destination's */
		n = process_vm_writev(dst[0].pid, s, ns, d, nd, 0);
	if (n < 0 && errno == EPERM)
		return refused();
	return n == (ssize_t)len ? NIC_OK : NIC_EFAULT;
}

int nic_amo(int pid, uint64_t addr, unsigned width, nic_amo_fn fn,
		uint64_t op1, uint64_t op2, uint64_t *old)
{
	/* a 4-byte word is read into, and written from, the first 4 bytes */
	union { uint64_t q; uint32_t d; } v = { 0 }, nv = { 0 };
	int rc;

	nic_lock();
	rc = copy(getpid(), (uint64_t)(uintptr_t)&v, pid, addr, width);
	if (rc == NIC_OK) {
		uint64_t was = width == 4 ? v.d : v.q;
		if (width == 4)
			nv.d = (uint32_t)fn(was, op1, op2);
		else
			nv.q = fn(was, op1, op2);
		rc = copy(pid, addr, getpid(), (uint64_t)(uintptr_t)&nv, width);
		if (rc == NIC_OK && old)
			*old = was;
	}
	nic_unlock();
	return rc;
}

/* 3.4.2: the buffer must be mapped, readable, and writable unless the
 * registration is read-only.  NIC_ENOENT: a hole; NIC_EPERM: the
 * mapping's permissions conflict with the request. */
int nic_mem_check(uint64_t addr, uint64_t len, int write)
{
	FILE *f = fopen("/proc/self/maps", "r");
	char line[512];
	uint64_t at = addr, end = addr + len;
	int rc = NIC_ENOENT, perm_ok = 1;

	if (!f)
		return NIC_OK;	/* cannot tell: let the transfers decide */
	while (at < end && fgets(line, sizeof line, f)) {
		unsigned long lo, hi;
		char p[5] = "";
		if (sscanf(line, "%lx-%lx %4s", &lo, &hi, p) != 3)
			continue;
		if (hi <= at)
			continue;
		if (lo > at)
			break;	/* hole */
		if (p[0] != 'r' || (write && p[1] != 'w'))
			perm_ok = 0;
		at = hi;
	}
	fclose(f);
	if (at >= end)
		rc = perm_ok ? NIC_OK : NIC_EPERM;
	return rc;
}
