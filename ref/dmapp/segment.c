/*
 * segment.c: exported segments (4.8) and remote addresses (4.9.2).
 *
 * The data segment is the program's writable PT_LOAD (data and bss)
 * without its RELRO part, which the loader makes read-only: what
 * __data_start .. _end span in a static link.  dmapp_init makes it
 * shared with forked children, as 4.2 says it is (dmapp_data_share).  A remote address is a
 * virtual address, a segment descriptor and a PE.  When the descriptor
 * is the caller's own data_seg or sheap_seg, the address names the same
 * offset in that PE's segment (E-DMAPP-048); any other descriptor came
 * from the remote PE and its address and handle are used as they are.
 */
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/uio.h>
#include <unistd.h>

#include "dmapp_impl.h"

struct data_bounds {
	uint64_t lo, hi;
	int found;
};

static int first_object(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct data_bounds *db = arg;
	uint64_t relro_end = 0;

	(void)size;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uint64_t start = info->dlpi_addr + ph->p_vaddr;
		if (ph->p_type == PT_GNU_RELRO)
			relro_end = start + ph->p_memsz;
		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W)) {
			db->lo = start;
			db->hi = start + ph->p_memsz;
			db->found = 1;
		}
	}
	/* The RELRO part, read-only once loaded, is left out (db->lo is
	 * only used when a writable segment was found). */
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uint64_t ro_end = relro_end / page * page;	/* as ld.so */
	if (ro_end > db->lo)
		db->lo = ro_end;
	return 1;	/* the first object is the program itself */
}

int dmapp_data_bounds(uint64_t *addr, uint64_t *len)
{
	struct data_bounds db = { 0, 0, 0 };
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);

	dl_iterate_phdr(first_object, &db);
	if (!db.found || db.hi <= db.lo)
		return -1;
	*addr = db.lo / page * page;
	*len = (db.hi + page - 1) / page * page - *addr;
	return 0;
}

/*
 * 4.2: the exported data segment is shared between a PE and its forked
 * children (E-DMAPP-065).  Its pages are replaced, contents kept, by a
 * shared mapping of a memory file named "rdmacts-model-data", which the
 * reference's NIC model also takes for memory the model owns (one memcpy
 * per transfer, ref/nic/shm.c).  Once per process, before DMAPP starts
 * anything else; where it cannot be done the segment stays private, the
 * other reading E-DMAPP-065 allows.
 */
static int data_fd = -1;

void dmapp_data_share(uint64_t addr, uint64_t len)
{
	void *copy;
	int fd;

	if (data_fd >= 0)
		return;
	fd = memfd_create("rdmacts-model-data", MFD_CLOEXEC);
	if (fd < 0)
		return;
	copy = ftruncate(fd, (off_t)len) == 0 ?
	       mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0) :
	       MAP_FAILED;
	if (copy == MAP_FAILED) {
		close(fd);
		return;
	}
	/* the kernel copies: the segment holds the padding between the
	 * program's variables, which a checked memcpy (AddressSanitizer's)
	 * would refuse to read */
	struct iovec to = { copy, len }, from = { (void *)(uintptr_t)addr, len };
	if (process_vm_readv(getpid(), &to, 1, &from, 1, 0) != (ssize_t)len) {
		munmap(copy, len);
		close(fd);
		return;
	}
	/* the copy takes the segment's place in one step */
	if (mremap(copy, len, len, MREMAP_MAYMOVE | MREMAP_FIXED,
		   (void *)(uintptr_t)addr) == MAP_FAILED) {
		munmap(copy, len);
		close(fd);
		return;
	}
	data_fd = fd;
}

/* 5.3.72 rule (E-DMAPP-055): same addr, len and memhndl. */
int dmapp_seg_equal(const dmapp_seg_desc_t *a, const dmapp_seg_desc_t *b)
{
	return a->addr == b->addr && a->len == b->len &&
	       a->memhndl.qword1 == b->memhndl.qword1 &&
	       a->memhndl.qword2 == b->memhndl.qword2;
}

/* The caller's data segment or symmetric heap (E-DMAPP-038). */
int dmapp_seg_symmetric(const dmapp_seg_desc_t *seg)
{
	return dmapp_seg_equal(seg, &dmapp.data_seg) ||
	       dmapp_seg_equal(seg, &dmapp.sheap_seg);
}

dmapp_return_t dmapp_remote(const dmapp_seg_desc_t *seg, dmapp_pe_t pe,
			    const void *addr, uint64_t lo, uint64_t hi,
			    struct dmapp_remote *r)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;
	uint64_t base = (uint64_t)(uintptr_t)seg->addr;

	if (pe < 0 || pe >= dmapp.npes)
		return DMAPP_RC_INVALID_PARAM;
	if (hi > lo) {			/* E-DMAPP-034: inside seg */
		uint64_t first, end;
		if (__builtin_add_overflow(a, lo, &first) ||
		    __builtin_add_overflow(a, hi, &end) ||
		    first < base || end - base > seg->len)
			return DMAPP_RC_INVALID_PARAM;
	}

	dmapp_return_t rc = dmapp_peer_connect(pe);
	if (rc != DMAPP_RC_SUCCESS)
		return rc;
	const struct dmapp_peer *p = &dmapp.peer[pe];
	r->pe = pe;
	if (dmapp_seg_equal(seg, &dmapp.data_seg)) {
		r->addr = a - base + p->data_addr;
		r->mh = p->data_mh;
	} else if (dmapp_seg_equal(seg, &dmapp.sheap_seg)) {
		r->addr = a - base + p->sheap_addr;
		r->mh = p->sheap_mh;
	} else {
		r->addr = a;
		r->mh = seg->memhndl;
	}
	return DMAPP_RC_SUCCESS;
}

static int covers(uint64_t lo, uint64_t len, uint64_t a, uint64_t n)
{
	return a >= lo && a - lo <= len && n <= len - (a - lo);
}

int dmapp_local_mh(const void *addr, size_t len, gni_mem_handle_t *mh)
{
	uint64_t a = (uint64_t)(uintptr_t)addr;

	if (covers((uintptr_t)dmapp.data_seg.addr, dmapp.data_seg.len, a, len)) {
		*mh = dmapp.data_seg.memhndl;
		return 1;
	}
	/* The whole mapping: user part and internal megabyte. */
	if (covers((uintptr_t)dmapp.heap_map, dmapp.heap_map_len, a, len)) {
		*mh = dmapp.sheap_seg.memhndl;
		return 1;
	}
	for (struct dmapp_region *g = dmapp.regions; g; g = g->next)
		if (covers((uintptr_t)g->seg.addr, g->seg.len, a, len)) {
			*mh = g->seg.memhndl;
			return 1;
		}
	return 0;
}
