/*
 * ia.c: Interface Adapters: dat_ia_open (the Provider's half),
 * dat_ia_query, dat_ia_close, and the IA's attributes.
 *
 * The IA address is an AF_INET socket address whose IPv4 address is
 * the NIC address of the host and whose port is the IA's instance id on
 * that NIC (wire.c); a peer connects to it with dat_ep_connect, or to
 * the host's IP address with port 0 (ia_resolve, E-UDAPL-064).
 */
#include <arpa/inet.h>
#include <ifaddrs.h>
#include <stdio.h>
#include <string.h>
#include "dapl.h"

struct ia *dapl_ias;

void ia_sockaddr(uint32_t nic, uint32_t inst, struct sockaddr_in *sa)
{
	memset(sa, 0, sizeof *sa);
	sa->sin_family = AF_INET;
	sa->sin_port = htons((uint16_t)inst);
	sa->sin_addr.s_addr = htonl(nic);
}

/* 1 when the IPv4 address ip (host order) is this host's: a loopback
 * address or one of its interfaces'. */
static int host_address(uint32_t ip)
{
	struct ifaddrs *ifs;
	int found = (ip >> 24) == 127;

	if (found || getifaddrs(&ifs) != 0)
		return found;
	for (const struct ifaddrs *i = ifs; i && !found; i = i->ifa_next)
		found = i->ifa_addr && i->ifa_addr->sa_family == AF_INET &&
			ntohl(((const struct sockaddr_in *)i->ifa_addr)->sin_addr.s_addr) == ip;
	freeifaddrs(ifs);
	return found;
}

/*
 * The IA an AF_INET address names (E-UDAPL-064).  The IPv4 address
 * names a NIC: this host's for its NIC address and for the host's own
 * IP addresses (one NIC per host, as an InfiniBand HCA is named by the
 * IP address of its interface), else the NIC of that address (none
 * answers there: unreachable).  The port is the IA's instance id; port
 * 0 names the IA of that NIC with a Service Point at qual, as OFA's
 * provider finds a listener by IP address and connection qualifier
 * alone.  -1 when port 0 finds no such IA.
 */
int ia_resolve(const struct ia *ia, const struct sockaddr_in *to,
		DAT_CONN_QUAL qual, uint32_t *nic, uint32_t *inst)
{
	uint32_t ip = ntohl(to->sin_addr.s_addr);

	*nic = ip == ia->w.nic_addr || host_address(ip) ? ia->w.nic_addr : ip;
	*inst = ntohs(to->sin_port);
	if (*inst == 0)
		return wire_listener(&ia->w, *nic, qual, inst);
	return 0;
}

/*
 * The limits dat_ia_query reports are enforced: an IA holds at most
 * DAPL_MAX_OBJS PZs, EVDs, EPs, CNOs and SRQs each (max_pzs, max_evds,
 * max_eps, max_srqs; CNOs have no attribute and the same limit), and a
 * process DAPL_MAX_IAS IAs; the creating call answers
 * DAT_INSUFFICIENT_RESOURCES beyond them, as a NIC out of contexts
 * would, so that a Consumer exhausting a resource (dapltest -T L) finds
 * its end.
 */
int ia_full(const struct ia *ia, DAT_HANDLE_TYPE kind)
{
	int n = 0;

	for (const struct obj *o = ia->objs; o; o = o->next)
		n += o->kind == kind;
	return n >= DAPL_MAX_OBJS;
}

static int ias_open(void)
{
	int n = 0;

	for (const struct ia *ia = dapl_ias; ia; ia = ia->next_ia)
		n++;
	return n;
}

/*
 * Provider side of dat_ia_open(3DAT); libdat has matched the name and
 * version (E-UDAPL-041).
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_PARAMETER,
 * DAT_INVALID_HANDLE
 */
DAT_RETURN dapl_ia_open(const DAT_NAME_PTR name, DAT_COUNT async_evd_qlen,
		DAT_EVD_HANDLE *async_evd_handle, DAT_IA_HANDLE *ia_handle)
{
	struct evd *given = NULL;
	struct ia *ia;

	if (!name)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG1);
	if (!async_evd_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (!ia_handle)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (*async_evd_handle == DAT_HANDLE_NULL) {
		if (async_evd_qlen <= 0 || async_evd_qlen > DAPL_MAX_EVD_QLEN)
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	} else if (*async_evd_handle != DAT_EVD_ASYNC_EXISTS) {
		given = obj_get(*async_evd_handle, DAT_HANDLE_TYPE_EVD);
		if (!given)
			return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_EVD_ASYNC);
		if (!(given->flags & DAT_EVD_ASYNC_FLAG))
			return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	}

	if (ias_open() >= DAPL_MAX_IAS)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_DEVICE);
	ia = obj_new(DAT_HANDLE_TYPE_IA, sizeof *ia, NULL);
	if (!ia)
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	ia->h.ia = ia;
	ia->h.provider = dapl_provider_of(name);
	snprintf(ia->name, sizeof ia->name, "%s", name);
	ia->thread_safe = dapl_name_thread_safe(name);
	if (wire_open(&ia->w) != 0) {
		obj_free(ia);
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_DEVICE);
	}
	ia_sockaddr(ia->w.nic_addr, ia->w.inst_id, &ia->addr);
	ia->next_conn = 1;
	ia->next_pz = 1;
	ia->next_ia = dapl_ias;
	dapl_ias = ia;
	if (*async_evd_handle == DAT_HANDLE_NULL) {
		DAT_EVD_HANDLE evd;
		DAT_RETURN rc = dapl_evd_create(ia, async_evd_qlen, DAT_HANDLE_NULL,
				DAT_EVD_ASYNC_FLAG, &evd);
		if (rc != DAT_SUCCESS) {
			dapl_ia_close(ia, DAT_CLOSE_ABRUPT_FLAG);
			return rc;
		}
		ia->own_async = ia->async_evd = evd;
		*async_evd_handle = evd;
	} else {
		ia->async_evd = given;	/* NULL for DAT_EVD_ASYNC_EXISTS */
	}
	if (ia->async_evd)
		ia->async_evd->refs++;
	*ia_handle = ia;
	return DAT_SUCCESS;
}

static void fill_ia_attr(const struct ia *ia, DAT_IA_ATTR *a)
{
	memset(a, 0, sizeof *a);
	snprintf(a->adapter_name, sizeof a->adapter_name, "%s", ia->name);
	snprintf(a->vendor_name, sizeof a->vendor_name, "rdmacts");
	a->hardware_version_major = 1;
	a->firmware_version_major = 1;
	a->ia_address_ptr = (DAT_IA_ADDRESS_PTR)&ia->addr;
	a->max_eps = DAPL_MAX_OBJS;
	a->max_dto_per_ep = DAPL_MAX_DTOS;
	a->max_rdma_read_per_ep_in = DAPL_MAX_DTOS;
	a->max_rdma_read_per_ep_out = DAPL_MAX_DTOS;
	a->max_evds = DAPL_MAX_OBJS;
	a->max_evd_qlen = DAPL_MAX_EVD_QLEN;
	a->max_iov_segments_per_dto = DAPL_MAX_IOV;
	a->max_lmrs = DAPL_KEYS;
	a->max_lmr_block_size = UINT64_MAX;
	a->max_lmr_virtual_address = UINT64_MAX;
	a->max_pzs = DAPL_MAX_OBJS;
	a->max_message_size = DAPL_MAX_MESSAGE;
	a->max_rdma_size = DAPL_MAX_RDMA;
	a->max_rmrs = dapl_declines(RDMACTS_CAP_RMR) ? 0 : DAPL_KEYS;
	a->max_rmr_target_address = dapl_declines(RDMACTS_CAP_RMR) ? 0 : UINT64_MAX;
	if (!dapl_declines(RDMACTS_CAP_SRQ)) {
		a->max_srqs = DAPL_MAX_OBJS;
		a->max_ep_per_srq = 1024;
		a->max_recv_per_srq = DAPL_MAX_DTOS;
	}
	a->max_iov_segments_per_rdma_read = DAPL_MAX_IOV;
	a->max_iov_segments_per_rdma_write = DAPL_MAX_IOV;
	a->max_rdma_read_in = DAPL_MAX_DTOS;
	a->max_rdma_read_out = DAPL_MAX_DTOS;
	a->max_rdma_read_per_ep_in_guaranteed = DAT_TRUE;
	a->max_rdma_read_per_ep_out_guaranteed = DAT_TRUE;
}

static void fill_provider_attr(const struct ia *ia, DAT_PROVIDER_ATTR *a)
{
	memset(a, 0, sizeof *a);
	snprintf(a->provider_name, sizeof a->provider_name, "rdmacts");
	a->provider_version_major = 1;
	a->provider_version_minor = 0;
	a->dapl_version_major = 1;
	a->dapl_version_minor = 2;
	/* DAT_MEM_TYPE values are not bits: VIRTUAL (0), LMR and
	 * SHARED_VIRTUAL are supported, SO_VIRTUAL is not. */
	a->lmr_mem_types_supported = DAT_MEM_TYPE_LMR |
		(dapl_declines(RDMACTS_CAP_SHARED_VIRTUAL) ? 0 : DAT_MEM_TYPE_SHARED_VIRTUAL);
	a->iov_ownership_on_return = DAT_IOV_CONSUMER;	/* E-UDAPL-013 */
	a->dat_qos_supported = dapl_qos_supported();
	a->completion_flags_supported = DAT_COMPLETION_SUPPRESS_FLAG |
		DAT_COMPLETION_SOLICITED_WAIT_FLAG | DAT_COMPLETION_BARRIER_FENCE_FLAG |
		DAT_COMPLETION_EVD_THRESHOLD_FLAG |
		(dapl_declines(RDMACTS_CAP_UNSIGNALLED) ? 0 : DAT_COMPLETION_UNSIGNALLED_FLAG);
	a->is_thread_safe = ia->thread_safe ? DAT_TRUE : DAT_FALSE;
	a->max_private_data_size = DAPL_MAX_PRIVATE_DATA;
	a->supports_multipath = DAT_FALSE;
	a->ep_creator = dapl_declines(RDMACTS_CAP_PSP_PROVIDER_FLAG) ?
		DAT_PSP_CREATES_EP_NEVER : DAT_PSP_CREATES_EP_IFASKED;
	a->pz_support = DAT_PZ_UNIQUE;
	a->optimal_buffer_alignment = DAT_OPTIMAL_ALIGNMENT;
	for (int i = 0; i < 6; i++)	/* 1 and 3: the connection streams */
		for (int j = 0; j < 6; j++)
			a->evd_stream_merging_supported[i][j] = i == j ||
				!dapl_declines(RDMACTS_CAP_STREAM_MERGING) ||
				(i != 1 && i != 3 && j != 1 && j != 3);
	a->srq_supported = !dapl_declines(RDMACTS_CAP_SRQ);
	a->srq_watermarks_supported = a->srq_supported &&
		!dapl_declines(RDMACTS_CAP_SRQ_WATERMARKS);
	a->srq_ep_pz_difference_supported = a->srq_supported &&
		!dapl_declines(RDMACTS_CAP_SRQ_OTHER_PZ);
	a->srq_info_supported = a->srq_supported;
	a->ep_recv_info_supported = !dapl_declines(RDMACTS_CAP_RECV_QUERY);
	a->lmr_sync_req = DAT_FALSE;			/* E-UDAPL-027 */
	a->dto_async_return_guaranteed = DAT_FALSE;
	a->rdma_write_for_rdma_read_req = DAT_FALSE;
}

/*
 * dat_ia_query(3DAT)
 * DAT_SUCCESS, DAT_INVALID_HANDLE, DAT_INVALID_PARAMETER
 */
DAT_RETURN dapl_ia_query(DAT_IA_HANDLE ia_handle, DAT_EVD_HANDLE *async_evd_handle,
		DAT_IA_ATTR_MASK ia_attr_mask, DAT_IA_ATTR *ia_attributes,
		DAT_PROVIDER_ATTR_MASK provider_attr_mask,
		DAT_PROVIDER_ATTR *provider_attributes)
{
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA);

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (ia_attr_mask & ~DAT_IA_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG3);
	if (ia_attr_mask && !ia_attributes)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG4);
	if (provider_attr_mask & ~DAT_PROVIDER_FIELD_ALL)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG5);
	if (provider_attr_mask && !provider_attributes)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG6);
	if (async_evd_handle)
		*async_evd_handle = ia->async_evd ? (DAT_EVD_HANDLE)ia->async_evd :
			DAT_EVD_OUT_OF_SCOPE;
	if (ia_attributes && ia_attr_mask)
		fill_ia_attr(ia, ia_attributes);
	if (provider_attributes && provider_attr_mask)
		fill_provider_attr(ia, provider_attributes);
	return DAT_SUCCESS;
}

/* Destroy every object of one kind the IA still has, newest first. */
static void destroy_kind(struct ia *ia, DAT_HANDLE_TYPE kind)
{
	struct obj *o = ia->objs_last;

	while (o) {
		struct obj *prev = o->prev;
		if (o->kind == kind) {
			switch (kind) {
			case DAT_HANDLE_TYPE_CR: cr_destroy((struct cr *)o); break;
			case DAT_HANDLE_TYPE_PSP: psp_destroy((struct psp *)o); break;
			case DAT_HANDLE_TYPE_RSP: rsp_destroy((struct rsp *)o); break;
			case DAT_HANDLE_TYPE_EP: ep_destroy((struct ep *)o); break;
			case DAT_HANDLE_TYPE_RMR: rmr_destroy((struct rmr *)o); break;
			case DAT_HANDLE_TYPE_LMR: lmr_destroy((struct lmr *)o); break;
			case DAT_HANDLE_TYPE_SRQ: srq_destroy((struct srq *)o); break;
			case DAT_HANDLE_TYPE_EVD: evd_destroy((struct evd *)o); break;
			case DAT_HANDLE_TYPE_CNO: cno_destroy((struct cno *)o); break;
			default: obj_free(o); break;
			}
			prev = ia->objs_last;	/* destruction may free others */
		}
		o = prev;
	}
}

/*
 * dat_ia_close(3DAT)
 * DAT_SUCCESS, DAT_INSUFFICIENT_RESOURCES, DAT_INVALID_HANDLE,
 * DAT_INVALID_PARAMETER, DAT_INVALID_STATE
 *
 * Graceful: only when nothing but the async EVD dat_ia_open created is
 * left.  Abrupt: everything created on the IA is destroyed, connected
 * Endpoints are disconnected (their peers see the connection go).
 */
DAT_RETURN dapl_ia_close(DAT_IA_HANDLE ia_handle, DAT_CLOSE_FLAGS ia_flags)
{
	static const DAT_HANDLE_TYPE order[] = { DAT_HANDLE_TYPE_CR,
		DAT_HANDLE_TYPE_PSP, DAT_HANDLE_TYPE_RSP, DAT_HANDLE_TYPE_EP,
		DAT_HANDLE_TYPE_RMR, DAT_HANDLE_TYPE_LMR, DAT_HANDLE_TYPE_SRQ,
		DAT_HANDLE_TYPE_EVD, DAT_HANDLE_TYPE_CNO, DAT_HANDLE_TYPE_PZ };
	struct ia *ia = obj_get(ia_handle, DAT_HANDLE_TYPE_IA), **pp;

	if (!ia)
		return ERR(DAT_INVALID_HANDLE, DAT_INVALID_HANDLE_IA);
	if (ia_flags != DAT_CLOSE_ABRUPT_FLAG && ia_flags != DAT_CLOSE_GRACEFUL_FLAG)
		return ERR(DAT_INVALID_PARAMETER, DAT_INVALID_ARG2);
	if (ia_flags == DAT_CLOSE_GRACEFUL_FLAG)
		for (struct obj *o = ia->objs; o; o = o->next)
			if ((struct evd *)o != ia->own_async || ia->own_async->refs > 1)
				return ERR(DAT_INVALID_STATE, DAT_INVALID_STATE_IA_IN_USE);
	if (dapl_nomem())
		return ERR(DAT_INSUFFICIENT_RESOURCES, DAT_RESOURCE_MEMORY);
	if (ia->async_evd)
		ia->async_evd->refs--;
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
		destroy_kind(ia, order[i]);
	for (pp = &dapl_ias; *pp; pp = &(*pp)->next_ia)
		if (*pp == ia) {
			*pp = ia->next_ia;
			break;
		}
	wire_close(&ia->w);
	obj_free(ia);
	if (!dapl_ias)
		obj_flush();
	return DAT_SUCCESS;
}
