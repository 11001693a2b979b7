/*
 * transfer.c: PUT and GET data movement over FMA (3.6.1) and the BTE
 * (3.8.1), as tables: size classes and the alignment matrix of 3.13.7.2
 * (PUT: none; GET: 4-byte local address, remote address and length).
 * Each row posts one transfer from domain a to domain b and checks the
 * return code, the data and the bytes around the destination.
 */
#include "fixture.h"

#define MiB (1024u * 1024u)

struct xfer_row {
	FX_ROW_HEAD;
	gni_post_type_t type;
	size_t len, loff, roff;
	gni_return_t want, want2;	/* accepted return codes of the post */
};

#define S  GNI_RC_SUCCESS
#define AE GNI_RC_ALIGNMENT_ERROR
#define FP GNI_POST_FMA_PUT
#define FG GNI_POST_FMA_GET
#define RP GNI_POST_RDMA_PUT
#define RG GNI_POST_RDMA_GET

static const struct xfer_row xfer[] = {
	/* FMA PUT size classes */
	{ "ugni.post_fma.size.put_1", "UGNI-3.6.1-put-size-1-byte", "", FP, 1, 0, 0, S, S },
	{ "ugni.post_fma.size.put_3", "UGNI-3.6.1-put-success", "", FP, 3, 0, 0, S, S },
	{ "ugni.post_fma.size.put_4", "UGNI-3.6.1-put-success", "", FP, 4, 0, 0, S, S },
	{ "ugni.post_fma.size.put_7", "UGNI-3.6.1-put-success", "", FP, 7, 0, 0, S, S },
	{ "ugni.post_fma.size.put_8", "UGNI-3.6.1-put-success", "", FP, 8, 0, 0, S, S },
	{ "ugni.post_fma.size.put_61", "UGNI-3.6.1-put-size-small", "", FP, 61, 0, 0, S, S },
	{ "ugni.post_fma.size.put_63", "UGNI-3.6.1-put-success", "", FP, 63, 0, 0, S, S },
	{ "ugni.post_fma.size.put_64", "UGNI-3.6.1-put-success", "", FP, 64, 0, 0, S, S },
	{ "ugni.post_fma.size.put_4095", "UGNI-3.6.1-put-success", "", FP, 4095, 0, 0, S, S },
	{ "ugni.post_fma.size.put_4096", "UGNI-3.6.1-put-size-page", "", FP, 4096, 0, 0, S, S },
	{ "ugni.post_fma.size.put_65536", "UGNI-3.6.1-put-success", "", FP, 65536, 0, 0, S, S },
	{ "ugni.post_fma.size.put_1mib_plus_3", "UGNI-3.6.1-put-size-multi-page", "", FP, MiB + 3, 0, 0, S, S },
	/* FMA GET size classes (multiples of 4) */
	{ "ugni.post_fma.size.get_4", "UGNI-3.6.1-get-size-1-byte", "", FG, 4, 0, 0, S, S },
	{ "ugni.post_fma.size.get_8", "UGNI-3.6.1-get-success", "", FG, 8, 0, 0, S, S },
	{ "ugni.post_fma.size.get_60", "UGNI-3.6.1-get-size-small", "", FG, 60, 0, 0, S, S },
	{ "ugni.post_fma.size.get_64", "UGNI-3.6.1-get-success", "", FG, 64, 0, 0, S, S },
	{ "ugni.post_fma.size.get_4092", "UGNI-3.6.1-get-success", "", FG, 4092, 0, 0, S, S },
	{ "ugni.post_fma.size.get_4096", "UGNI-3.6.1-get-size-page", "", FG, 4096, 0, 0, S, S },
	{ "ugni.post_fma.size.get_65536", "UGNI-3.6.1-get-success", "", FG, 65536, 0, 0, S, S },
	{ "ugni.post_fma.size.get_1mib_plus_4", "UGNI-3.6.1-get-size-multi-page", "", FG, MiB + 4, 0, 0, S, S },
	/* RDMA size classes */
	{ "ugni.post_rdma.size.put_1", "UGNI-3.8.1-put-success", "", RP, 1, 0, 0, S, S },
	{ "ugni.post_rdma.size.put_8", "UGNI-3.8.1-put-success", "", RP, 8, 0, 0, S, S },
	{ "ugni.post_rdma.size.put_64", "UGNI-3.8.1-put-size-small", "", RP, 64, 0, 0, S, S },
	{ "ugni.post_rdma.size.put_4095", "UGNI-3.8.1-put-success", "", RP, 4095, 0, 0, S, S },
	{ "ugni.post_rdma.size.put_4096", "UGNI-3.8.1-put-size-page", "", RP, 4096, 0, 0, S, S },
	{ "ugni.post_rdma.size.put_65536", "UGNI-3.8.1-put-success", "", RP, 65536, 0, 0, S, S },
	{ "ugni.post_rdma.size.put_4mib_plus_4", "UGNI-3.8.1-put-size-large", "", RP, 4 * MiB + 4, 0, 0, S, S },
	{ "ugni.post_rdma.size.get_4", "UGNI-3.8.1-get-success", "", RG, 4, 0, 0, S, S },
	{ "ugni.post_rdma.size.get_64", "UGNI-3.8.1-get-size-small", "", RG, 64, 0, 0, S, S },
	{ "ugni.post_rdma.size.get_4092", "UGNI-3.8.1-get-success", "", RG, 4092, 0, 0, S, S },
	{ "ugni.post_rdma.size.get_4096", "UGNI-3.8.1-get-size-page", "", RG, 4096, 0, 0, S, S },
	{ "ugni.post_rdma.size.get_65536", "UGNI-3.8.1-get-success", "", RG, 65536, 0, 0, S, S },
	{ "ugni.post_rdma.size.get_4mib_plus_4", "UGNI-3.8.1-get-size-large", "", RG, 4 * MiB + 4, 0, 0, S, S },
	/* alignment: FMA PUT has no restriction */
	{ "ugni.post_fma.alignment.put_local_addr_off1", "UGNI-3.6.1-put-no-alignment-local", "", FP, 16, 1, 0, S, S },
	{ "ugni.post_fma.alignment.put_local_addr_off2", "UGNI-3.6.1-put-no-alignment-local", "", FP, 16, 2, 0, S, S },
	{ "ugni.post_fma.alignment.put_local_addr_off3", "UGNI-3.6.1-put-no-alignment-local", "", FP, 16, 3, 0, S, S },
	{ "ugni.post_fma.alignment.put_local_addr_off7", "UGNI-3.6.1-put-no-alignment-local", "", FP, 16, 7, 0, S, S },
	{ "ugni.post_fma.alignment.put_remote_addr_off1", "UGNI-3.6.1-put-no-alignment-remote", "", FP, 16, 0, 1, S, S },
	{ "ugni.post_fma.alignment.put_remote_addr_off2", "UGNI-3.6.1-put-no-alignment-remote", "", FP, 16, 0, 2, S, S },
	{ "ugni.post_fma.alignment.put_remote_addr_off3", "UGNI-3.6.1-put-no-alignment-remote", "", FP, 16, 0, 3, S, S },
	{ "ugni.post_fma.alignment.put_remote_addr_off7", "UGNI-3.6.1-put-no-alignment-remote", "", FP, 16, 0, 7, S, S },
	{ "ugni.post_fma.alignment.put_length_1", "UGNI-3.6.1-put-no-alignment-length", "", FP, 1, 0, 0, S, S },
	{ "ugni.post_fma.alignment.put_length_3", "UGNI-3.6.1-put-no-alignment-length", "", FP, 3, 0, 0, S, S },
	{ "ugni.post_fma.alignment.put_length_5", "UGNI-3.6.1-put-no-alignment-length", "", FP, 5, 0, 0, S, S },
	{ "ugni.post_fma.alignment.put_length_7", "UGNI-3.6.1-put-no-alignment-length", "", FP, 7, 0, 0, S, S },
	{ "ugni.post_fma.alignment.put_all_unaligned", "UGNI-3.6.1-put-no-alignment-local,UGNI-3.6.1-put-no-alignment-remote,UGNI-3.6.1-put-no-alignment-length", "", FP, 4097, 3, 5, S, S },
	/* alignment: FMA GET needs 4 bytes */
	{ "ugni.post_fma.alignment.get_remote_addr_off1", "UGNI-3.6.1-get-unaligned-remote-addr", "", FG, 16, 0, 1, AE, AE },
	{ "ugni.post_fma.alignment.get_remote_addr_off2", "UGNI-3.6.1-get-unaligned-remote-addr", "", FG, 16, 0, 2, AE, AE },
	{ "ugni.post_fma.alignment.get_remote_addr_off3", "UGNI-3.6.1-get-unaligned-remote-addr", "", FG, 16, 0, 3, AE, AE },
	{ "ugni.post_fma.alignment.get_local_addr_off1", "UGNI-3.6.1-get-unaligned-local-addr", "", FG, 16, 1, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_local_addr_off2", "UGNI-3.6.1-get-unaligned-local-addr", "", FG, 16, 2, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_local_addr_off3", "UGNI-3.6.1-get-unaligned-local-addr", "", FG, 16, 3, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_length_1", "UGNI-3.6.1-get-unaligned-length", "", FG, 1, 0, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_length_2", "UGNI-3.6.1-get-unaligned-length", "", FG, 2, 0, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_length_3", "UGNI-3.6.1-get-unaligned-length", "", FG, 3, 0, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_length_5", "UGNI-3.6.1-get-unaligned-length", "", FG, 5, 0, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_length_4097", "UGNI-3.6.1-get-unaligned-length", "", FG, 4097, 0, 0, AE, AE },
	{ "ugni.post_fma.alignment.get_4_not_8_aligned", "UGNI-3.6.1-get-4-aligned-ok", "", FG, 12, 4, 4, S, S },
	/* alignment: RDMA */
	{ "ugni.post_rdma.alignment.get_remote_addr_off2", "UGNI-3.8.1-get-unaligned-remote-addr", "", RG, 16, 0, 2, AE, AE },
	{ "ugni.post_rdma.alignment.get_local_addr_off1", "UGNI-3.8.1-get-unaligned-local-addr", "", RG, 16, 1, 0, AE, AE },
	{ "ugni.post_rdma.alignment.get_length_4097", "UGNI-3.8.1-get-unaligned-length", "", RG, 4097, 0, 0, AE, AE },
	{ "ugni.post_rdma.alignment.get_4_not_8_aligned", "UGNI-3.8.1-get-success", "", RG, 12, 4, 4, S, S },
	{ "ugni.post_rdma.alignment.put_unaligned_data", "UGNI-3.8.1-put-unaligned", "", RP, 4097, 1, 3, S, AE },
};

FX_TABLE(transfer_row, xfer)
{
	const struct xfer_row *r = FX_THIS(xfer);
	char clause[128];

	/* the row's first clause names each check */
	snprintf(clause, sizeof clause, "%s", r->clauses);
	char *comma = strchr(clause, ',');
	if (comma)
		*comma = '\0';
	fx_transfer_in(r->type, r->len, r->loff, r->roff, r->want, r->want2, clause);
}
