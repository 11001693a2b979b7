/*
 * cq_entry.c: the CQ entry encoding and its accessors.
 *
 * The document gives no layout (3.13.3); clients read entries only
 * through the gni_cq_get_* functions behind the GNI_CQ_* macros
 * (vendor ABI).  This implementation's layout:
 *
 *   63..62 type (GNI_CQ_EVENT_TYPE_*)    61..58 status (0 = OK)
 *   57     remote event                  56     local (vs global) event
 *   55     overrun                       54..32 transaction id (tid)
 *   31..0  inst_id / msg_id (event data); CQ write: 47..0 the value
 */
#include "ugni.h"

#define T_SHIFT 62
#define S_SHIFT 58
#define REMOTE  (1ull << 57)
#define LOCAL   (1ull << 56)
#define OVERRUN (1ull << 55)
#define TID_SHIFT 32
#define TID_MASK 0x7FFFFFull

gni_cq_entry_t ugni_entry(uint64_t type, enum ugni_event_role role,
		enum ugni_status st, uint32_t data, uint32_t tid)
{
	return (type << T_SHIFT) | ((uint64_t)st << S_SHIFT) |
		(role == UGNI_EV_REMOTE ? REMOTE : 0) |
		(role == UGNI_EV_LOCAL ? LOCAL : 0) |
		(((uint64_t)tid & TID_MASK) << TID_SHIFT) | data;
}

gni_cq_entry_t ugni_entry_cqwrite(uint64_t value)
{
	return (GNI_CQ_EVENT_TYPE_POST << T_SHIFT) | REMOTE |
		(value & 0xFFFFFFFFFFFFull);
}

gni_cq_entry_t ugni_entry_overrun(void)
{
	return OVERRUN;
}

int ugni_entry_is_local(gni_cq_entry_t e) { return (e & LOCAL) != 0; }

uint64_t gni_cq_get_data(gni_cq_entry_t e) { return e & 0xFFFFFFFFFFFFull; }
uint64_t gni_cq_get_source(gni_cq_entry_t e) { return (e & REMOTE) != 0; }
uint64_t gni_cq_get_status(gni_cq_entry_t e) { return (e >> S_SHIFT) & 0xF; }
uint64_t gni_cq_get_info(gni_cq_entry_t e) { return (e >> S_SHIFT) & 0xF; }
uint64_t gni_cq_overrun(gni_cq_entry_t e) { return (e & OVERRUN) != 0; }
uint64_t gni_cq_rem_overrun(gni_cq_entry_t e) { (void)e; return 0; }
/* gni_pub.h 0x5c: the inst_id of an event is 32 bits on a Gemini, 24 bits
 * on an Aries; the remote inst_id is 32 bits on both. */
static uint64_t inst_mask(void)
{
	return nic_aries() ? 0xFFFFFFull : 0xFFFFFFFFull;
}

uint64_t gni_cq_get_inst_id(gni_cq_entry_t e) { return e & inst_mask(); }
uint64_t gni_cq_get_rem_inst_id(gni_cq_entry_t e) { return e & 0xFFFFFFFFull; }
uint64_t gni_cq_get_tid(gni_cq_entry_t e) { return (e >> TID_SHIFT) & TID_MASK; }
uint64_t gni_cq_get_type(gni_cq_entry_t e) { return e >> T_SHIFT; }

/* SMSG events carry the 32-bit msg_id in the data field. */
uint64_t gni_cq_get_msg_id(gni_cq_entry_t e)
{
	if ((e >> T_SHIFT) == GNI_CQ_EVENT_TYPE_SMSG)
		return e & 0xFFFFFFFFull;
	return (e >> TID_SHIFT) & TID_MASK;
}

/* Fields of Aries features the model does not have read as 0. */
uint64_t gni_cq_get_block_id(gni_cq_entry_t e) { (void)e; return 0; }
uint64_t gni_cq_get_unsuccessful_cnt(gni_cq_entry_t e) { (void)e; return 0; }
uint64_t gni_cq_get_marker_id(gni_cq_entry_t e) { (void)e; return 0; }
uint64_t gni_cq_get_failed_enqueue_cnt(gni_cq_entry_t e) { (void)e; return 0; }
uint64_t gni_cq_get_ce_id(gni_cq_entry_t e) { (void)e; return 0; }
uint64_t gni_cq_get_reductn_id(gni_cq_entry_t e) { (void)e; return 0; }
uint64_t gni_cq_get_trans_type(gni_cq_entry_t e) { (void)e; return 0; }
unsigned gni_cq_status_dla_overflow(gni_cq_entry_t e) { (void)e; return 0; }
unsigned gni_cq_bte_enq_status(gni_cq_entry_t e) { (void)e; return 0; }

static void set_data32(gni_cq_entry_t *e, uint64_t v)
{
	*e = (*e & ~0xFFFFFFFFull) | (v & 0xFFFFFFFFull);
}

void gni_cq_set_inst_id(gni_cq_entry_t *e, uint64_t v)
{
	set_data32(e, v & inst_mask());
}

void gni_cq_set_rem_inst_id(gni_cq_entry_t *e, uint64_t v)
{
	set_data32(e, v);
}

void gni_cq_set_tid(gni_cq_entry_t *e, uint64_t v)
{
	*e = (*e & ~(TID_MASK << TID_SHIFT)) | ((v & TID_MASK) << TID_SHIFT);
}

void gni_cq_set_msg_id(gni_cq_entry_t *e, uint64_t v)
{
	if ((*e >> T_SHIFT) == GNI_CQ_EVENT_TYPE_SMSG)
		set_data32(e, v);
	else
		gni_cq_set_tid(e, v);
}

void gni_cq_set_type(gni_cq_entry_t *e, uint64_t v)
{
	*e = (*e & ~(3ull << T_SHIFT)) | ((v & 3) << T_SHIFT);
}

void gni_cq_clr_status(gni_cq_entry_t *e)
{
	*e &= ~(0xFull << S_SHIFT);
}
