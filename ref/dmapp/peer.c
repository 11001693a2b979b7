/*
 * peer.c: what a PE knows of the other PEs, learnt on first use.
 *
 * dmapp_init publishes every PE's record (NIC address, instance id,
 * data segment and symmetric heap with their memory handles) in the
 * PMI key-value space; a PE reads a peer's record, and creates and
 * binds the endpoint to it, the first time a call names that peer.
 * Start-up thus costs each PE a few launcher round trips whatever the
 * size of the job, and a PE holds endpoints only for the PEs it talks
 * to: a neighbour exchange on 4,096 PEs binds one or two per PE, not
 * 4,096 (docs/launch.md, Scale).
 *
 * The record is text (PMI values hold no spaces): its ten fields in
 * hexadecimal, separated by ':', under the key dmapp.<init>.<pe>, where
 * <init> counts the job's dmapp_init exchanges (every PE takes part in
 * each, also one whose set-up failed), since a key cannot be put twice.
 * A PE's own record is kept, not read back, and a job of one PE, whose
 * only peer is itself, publishes nothing (its init/finalize cycles do
 * not grow the key-value space).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dmapp_impl.h"

/* Both always fit: "dmapp." and two decimal numbers in a PMI-1 key
 * (hydra's and Cray's limit is 64), ten fields of at most 16 digits. */
#define KEY_MAX    64
#define RECORD_MAX 256

static unsigned long generation;	/* dmapp_init exchanges so far */

static void record_key(char *key, int pe)
{
	snprintf(key, KEY_MAX, "dmapp.%lu.%d", generation, pe);
}

/* Every PE, at every dmapp_init exchange, also one whose set-up failed
 * (so that a later dmapp_init of the job agrees on the keys). */
void dmapp_peer_begin(void)
{
	generation++;
}

/* Allocate what reading records needs and publish this PE's record;
 * other PEs see it after the next PMI_Barrier. */
dmapp_return_t dmapp_peer_publish(const struct dmapp_peer *me)
{
	char key[KEY_MAX], text[RECORD_MAX];
	int len;

	if (PMI_KVS_Get_name_length_max(&len) != PMI_SUCCESS ||
	    (dmapp.kvsname = dmapp_calloc(1, (size_t)len + 1)) == NULL ||
	    PMI_KVS_Get_my_name(dmapp.kvsname, len) != PMI_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	dmapp.peer[dmapp.pe] = *me;
	if (dmapp.npes == 1)
		return DMAPP_RC_SUCCESS;
	snprintf(text, sizeof text, "%" PRIx32 ":%" PRIx32 ":%" PRIx64
		     ":%" PRIx64 ":%" PRIx64 ":%" PRIx64 ":%" PRIx64 ":%" PRIx64
		     ":%" PRIx64 ":%" PRIx64, me->nic_addr, me->inst_id,
		     me->data_addr, me->data_len, me->data_mh.qword1,
		     me->data_mh.qword2, me->sheap_addr, me->sheap_len,
		     me->sheap_mh.qword1, me->sheap_mh.qword2);
	record_key(key, dmapp.pe);
	if (PMI_KVS_Put(dmapp.kvsname, key, text) != PMI_SUCCESS ||
	    PMI_KVS_Commit(dmapp.kvsname) != PMI_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	return DMAPP_RC_SUCCESS;
}

/* 1 when the record's ten fields were read (only publish writes it). */
static int parse_record(const char *text, struct dmapp_peer *p)
{
	return sscanf(text, "%" SCNx32 ":%" SCNx32 ":%" SCNx64 ":%" SCNx64
		      ":%" SCNx64 ":%" SCNx64 ":%" SCNx64 ":%" SCNx64 ":%" SCNx64
		      ":%" SCNx64, &p->nic_addr, &p->inst_id, &p->data_addr,
		      &p->data_len, &p->data_mh.qword1, &p->data_mh.qword2,
		      &p->sheap_addr, &p->sheap_len, &p->sheap_mh.qword1,
		      &p->sheap_mh.qword2) == 10;
}

/* Make dmapp.peer[pe] and dmapp.ep[pe] valid: DMAPP_RC_SUCCESS, or
 * DMAPP_RC_RESOURCE_ERROR when the record cannot be read or the
 * endpoint not made (pe is a PE of the job: callers checked). */
dmapp_return_t dmapp_peer_connect(dmapp_pe_t pe)
{
	char key[KEY_MAX], text[RECORD_MAX];
	struct dmapp_peer *p = &dmapp.peer[pe];
	gni_ep_handle_t ep;

	if (dmapp.ep[pe] != NULL)
		return DMAPP_RC_SUCCESS;
	record_key(key, pe);
	if (pe != dmapp.pe &&	/* our own record is kept (publish) */
	    (PMI_KVS_Get(dmapp.kvsname, key, text, (int)sizeof text) != PMI_SUCCESS ||
	     !parse_record(text, p)))
		return DMAPP_RC_RESOURCE_ERROR;
	if (GNI_EpCreate(dmapp.nic, dmapp.cq, &ep) != GNI_RC_SUCCESS)
		return DMAPP_RC_RESOURCE_ERROR;
	if (GNI_EpBind(ep, p->nic_addr, p->inst_id) != GNI_RC_SUCCESS) {
		GNI_EpDestroy(ep);
		return DMAPP_RC_RESOURCE_ERROR;
	}
	dmapp.ep[pe] = ep;
	return DMAPP_RC_SUCCESS;
}
