// SPDX-License-Identifier: GPL-2.0-only
/*
 * The driver's TX completion pipeline as seen by TSQ; see tsq/completion.h
 * for the model and what is held when.
 *
 * Layout: a table of TSQ_CMPL_MAX_AGGR aggregate slots, each with up to
 * TSQ_CMPL_MAX_MPDUS MPDU entries.  An entry is named by a u16 "ref",
 * slot * TSQ_CMPL_MAX_MPDUS + index.  In-flight entries are found by
 * cookie through an open-addressing index (linear probing, at most half
 * full); due entries wait in a FIFO in due-time order.
 */
#include <string.h>

#include "tsq/completion.h"
#include "list.h"

enum mpdu_state {
	MPDU_FREE = 0,
	MPDU_INFLIGHT,		/* sent, neither acked nor dropped */
	MPDU_MOVED,		/* retransmitted in a later aggregate */
	MPDU_HELD,		/* acked, gate closed */
	MPDU_DUE,		/* in the FIFO, not popped */
	MPDU_DONE,		/* popped: released */
};

#define REF_NONE	0xffffu
#define HASH_MASK	(TSQ_CMPL_HASH_SIZE - 1)

_Static_assert((TSQ_CMPL_HASH_SIZE & HASH_MASK) == 0,
	       "hash size must be a power of two");
_Static_assert(TSQ_CMPL_HASH_SIZE >= 2 * TSQ_CMPL_MAX_ENTRIES,
	       "hash must stay at most half full");
_Static_assert(TSQ_CMPL_MAX_ENTRIES < REF_NONE, "refs must fit a u16");
_Static_assert(TSQ_CMPL_MAX_DEPTH < TSQ_CMPL_MAX_AGGR,
	       "a held aggregate needs depth - 1 later ones in the table");

/* ---------------------------------------------------------------- refs */

static u16 mk_ref(u32 slot, u32 idx)
{
	return (u16)(slot * TSQ_CMPL_MAX_MPDUS + idx);
}

static struct tsq_cmpl_aggr *ref_aggr(struct tsq_cmpl *c, u16 ref)
{
	return &c->aggr[ref / TSQ_CMPL_MAX_MPDUS];
}

static struct tsq_cmpl_mpdu *ref_mpdu(struct tsq_cmpl *c, u16 ref)
{
	return &ref_aggr(c, ref)->mpdu[ref % TSQ_CMPL_MAX_MPDUS];
}

static const struct tsq_cmpl_mpdu *ref_mpdu_c(const struct tsq_cmpl *c,
					       u16 ref)
{
	return &c->aggr[ref / TSQ_CMPL_MAX_MPDUS]
			.mpdu[ref % TSQ_CMPL_MAX_MPDUS];
}

/* ------------------------------------------------------- cookie index */

static u32 hash_home(u64 cookie)
{
	/* Fibonacci hashing: the top bits of cookie * 2^64 / phi. */
	return (u32)((cookie * 0x9e3779b97f4a7c15ull) >> 54) & HASH_MASK;
}

/* Position of @cookie in the index, or -1. */
static int hash_find(const struct tsq_cmpl *c, u64 cookie)
{
	u32 i = hash_home(cookie);

	while (c->hash[i] != REF_NONE) {
		if (ref_mpdu_c(c, c->hash[i])->cookie == cookie)
			return (int)i;
		i = (i + 1) & HASH_MASK;
	}
	return -1;
}

/* Adds @ref for a cookie known to be absent; the index is never full. */
static void hash_insert(struct tsq_cmpl *c, u64 cookie, u16 ref)
{
	u32 i = hash_home(cookie);

	while (c->hash[i] != REF_NONE)
		i = (i + 1) & HASH_MASK;
	c->hash[i] = ref;
}

/* Is @k cyclically in (@i, @j]? */
static bool cyclic_between(u32 i, u32 k, u32 j)
{
	return i <= j ? (i < k && k <= j) : (i < k || k <= j);
}

/* Removes position @pos, shifting later probes back (no tombstones). */
static void hash_remove(struct tsq_cmpl *c, u32 pos)
{
	u32 i = pos, j = pos;

	c->hash[i] = REF_NONE;
	for (;;) {
		u32 k;

		j = (j + 1) & HASH_MASK;
		if (c->hash[j] == REF_NONE)
			return;
		k = hash_home(ref_mpdu(c, c->hash[j])->cookie);
		if (cyclic_between(i, k, j))
			continue;
		c->hash[i] = c->hash[j];
		c->hash[j] = REF_NONE;
		i = j;
	}
}

/* ------------------------------------------------------------- slots */

static void slot_put(struct tsq_cmpl_aggr *a)
{
	if (--a->live == 0)
		a->used = false;
}

static int slot_free(const struct tsq_cmpl *c)
{
	u32 s;

	for (s = 0; s < TSQ_CMPL_MAX_AGGR; s++)
		if (!c->aggr[s].used)
			return (int)s;
	return -1;
}

/* Gate of @a: may its acked MPDUs go?  See the model in the header. */
static bool gate_open(const struct tsq_cmpl *c, const struct tsq_cmpl_aggr *a)
{
	return !c->queued || a->seq + c->depth <= c->started;
}

/* -------------------------------------------------------------- FIFO */

static void fifo_push(struct tsq_cmpl *c, u16 ref)
{
	u32 tail = (c->fifo_head + c->fifo_len) % TSQ_CMPL_MAX_ENTRIES;

	c->fifo[tail] = ref;
	c->fifo_len++;
}

/* Entry @ref becomes due at @due (>= every due already queued). */
static void make_due(struct tsq_cmpl *c, u16 ref, u64 due)
{
	struct tsq_cmpl_mpdu *m = ref_mpdu(c, ref);

	m->state = MPDU_DUE;
	m->due_ns = due;
	c->cnt.due_mpdus++;
	c->cnt.due_bytes += m->bytes;
	fifo_push(c, ref);
}

static void unhold(struct tsq_cmpl *c, u16 ref)
{
	struct tsq_cmpl_mpdu *m = ref_mpdu(c, ref);

	ref_aggr(c, ref)->held--;
	c->cnt.held_mpdus--;
	c->cnt.held_bytes -= m->bytes;
}

/* Slot holding the oldest aggregate with seq > @after (or any if
 * @first), or -1: walks aggregates in start order. */
static int slot_next_by_seq(const struct tsq_cmpl *c, u64 after, bool first)
{
	int best = -1;
	u32 s;

	for (s = 0; s < TSQ_CMPL_MAX_AGGR; s++) {
		const struct tsq_cmpl_aggr *a = &c->aggr[s];

		if (!a->used || (!first && a->seq <= after))
			continue;
		if (best < 0 || a->seq < c->aggr[best].seq)
			best = (int)s;
	}
	return best;
}

/* Held MPDUs of every aggregate whose gate is now open become due at
 * @now + latency, oldest aggregate first. */
static void release_open_gates(struct tsq_cmpl *c, u64 now)
{
	u64 due = now + c->latency_ns;
	int s = slot_next_by_seq(c, 0, true);

	while (s >= 0) {
		struct tsq_cmpl_aggr *a = &c->aggr[s];
		u32 i;

		if (a->held && gate_open(c, a)) {
			for (i = 0; i < a->n; i++) {
				u16 ref = mk_ref((u32)s, i);

				if (a->mpdu[i].state != MPDU_HELD)
					continue;
				unhold(c, ref);
				make_due(c, ref, due);
			}
		}
		s = slot_next_by_seq(c, a->seq, false);
	}
}

/* ------------------------------------------------------------ events */

int tsq_cmpl_init(struct tsq_cmpl *c, u32 depth, u64 latency_ns)
{
	if (!c)
		return TSQ_ERR_INVAL;
	if (depth < 1 || depth > TSQ_CMPL_MAX_DEPTH ||
	    latency_ns > UINT64_MAX / 2)
		return TSQ_ERR_RANGE;

	memset(c, 0, sizeof(*c));
	c->depth = depth;
	c->latency_ns = latency_ns;
	memset(c->hash, 0xff, sizeof(c->hash));
	return 0;
}

/* Common checks of an event at @now. */
static int event_check(const struct tsq_cmpl *c, u64 now)
{
	if (!c)
		return TSQ_ERR_INVAL;
	if (now < c->last_ns || now > UINT64_MAX / 2)
		return TSQ_ERR_RANGE;
	return 0;
}

static bool cookies_unique(const struct tsq_cmpl_mpdu_in *m, u32 n)
{
	u32 i, j;

	for (i = 0; i < n; i++)
		for (j = i + 1; j < n; j++)
			if (m[i].cookie == m[j].cookie)
				return false;
	return true;
}

/* MPDU @in becomes entry @idx of slot @s: first transmission, or a
 * retransmission moved from an older aggregate. */
static void psdu_add_mpdu(struct tsq_cmpl *c, u32 s, u32 idx,
			  const struct tsq_cmpl_mpdu_in *in)
{
	struct tsq_cmpl_mpdu *m = &c->aggr[s].mpdu[idx];
	u16 ref = mk_ref(s, idx);
	int pos = hash_find(c, in->cookie);

	memset(m, 0, sizeof(*m));
	m->cookie = in->cookie;
	m->state = MPDU_INFLIGHT;
	if (pos >= 0) {
		u16 old = c->hash[pos];
		struct tsq_cmpl_mpdu *o = ref_mpdu(c, old);

		m->bytes = o->bytes;
		o->state = MPDU_MOVED;
		slot_put(ref_aggr(c, old));
		c->hash[pos] = ref;
		c->cnt.retransmissions++;
		return;
	}
	m->bytes = in->bytes;
	hash_insert(c, in->cookie, ref);
	c->cnt.mpdus_in++;
	c->cnt.bytes_in += in->bytes;
	c->cnt.inflight_mpdus++;
	c->cnt.inflight_bytes += in->bytes;
}

int tsq_cmpl_psdu_start(struct tsq_cmpl *c, u64 now,
			const struct tsq_cmpl_mpdu_in *mpdus, u32 n, u64 *seq)
{
	struct tsq_cmpl_aggr *a;
	int s, err = event_check(c, now);
	u32 i;

	if (err)
		return err;
	if (!mpdus)
		return TSQ_ERR_INVAL;
	if (!n || n > TSQ_CMPL_MAX_MPDUS)
		return TSQ_ERR_RANGE;
	if (!cookies_unique(mpdus, n))
		return TSQ_ERR_INVAL;
	s = slot_free(c);
	if (s < 0) {
		c->cnt.psdus_refused++;
		return TSQ_ERR_NOSPC;
	}

	c->last_ns = now;
	a = &c->aggr[s];
	a->used = true;
	a->seq = c->started;
	a->n = n;
	a->live = n;
	a->held = 0;
	for (i = 0; i < n; i++)
		psdu_add_mpdu(c, (u32)s, i, &mpdus[i]);
	if (seq)
		*seq = a->seq;
	c->started++;
	c->cnt.psdus++;
	release_open_gates(c, now);
	return 0;
}

/* Looks @cookie up among in-flight MPDUs, takes it out of the index and
 * the in-flight count, and stamps @now; TSQ_ERR_NOENT if unknown. */
static int mpdu_complete(struct tsq_cmpl *c, u64 now, u64 cookie,
			 enum tsq_cmpl_reason why, u16 *ref)
{
	struct tsq_cmpl_mpdu *m;
	int pos, err = event_check(c, now);

	if (err)
		return err;
	pos = hash_find(c, cookie);
	if (pos < 0) {
		c->cnt.unknown++;
		return TSQ_ERR_NOENT;
	}
	c->last_ns = now;
	*ref = c->hash[pos];
	hash_remove(c, (u32)pos);
	m = ref_mpdu(c, *ref);
	m->event_ns = now;
	m->reason = (unsigned char)why;
	c->cnt.inflight_mpdus--;
	c->cnt.inflight_bytes -= m->bytes;
	return 0;
}

int tsq_cmpl_mpdu_acked(struct tsq_cmpl *c, u64 now, u64 cookie)
{
	struct tsq_cmpl_mpdu *m;
	u16 ref;
	int err = mpdu_complete(c, now, cookie, TSQ_CMPL_ACKED, &ref);

	if (err)
		return err;
	m = ref_mpdu(c, ref);
	c->cnt.acked_mpdus++;
	c->cnt.acked_bytes += m->bytes;
	if (gate_open(c, ref_aggr(c, ref))) {
		make_due(c, ref, now + c->latency_ns);
		return 0;
	}
	m->state = MPDU_HELD;
	ref_aggr(c, ref)->held++;
	c->cnt.held_mpdus++;
	c->cnt.held_bytes += m->bytes;
	c->cnt.held_total++;
	return 0;
}

int tsq_cmpl_mpdu_dropped(struct tsq_cmpl *c, u64 now, u64 cookie)
{
	struct tsq_cmpl_mpdu *m;
	u16 ref;
	int err = mpdu_complete(c, now, cookie, TSQ_CMPL_DROPPED, &ref);

	if (err)
		return err;
	m = ref_mpdu(c, ref);
	c->cnt.dropped_mpdus++;
	c->cnt.dropped_bytes += m->bytes;
	make_due(c, ref, now + c->latency_ns);
	return 0;
}

int tsq_cmpl_queue_state(struct tsq_cmpl *c, u64 now, bool queued)
{
	int err = event_check(c, now);

	if (err)
		return err;
	c->last_ns = now;
	c->queued = queued;
	if (!queued)
		release_open_gates(c, now);
	return 0;
}

/* Flush one entry: in flight or held become due at @now. */
static int flush_mpdu(struct tsq_cmpl *c, u32 s, u32 i, u64 now)
{
	struct tsq_cmpl_mpdu *m = &c->aggr[s].mpdu[i];
	u16 ref = mk_ref(s, i);

	if (m->state == MPDU_HELD) {
		unhold(c, ref);
	} else if (m->state == MPDU_INFLIGHT) {
		m->event_ns = now;
		m->reason = TSQ_CMPL_FLUSHED;
		c->cnt.inflight_mpdus--;
		c->cnt.inflight_bytes -= m->bytes;
		c->cnt.flushed_mpdus++;
		c->cnt.flushed_bytes += m->bytes;
	} else {
		return 0;
	}
	make_due(c, ref, now);
	return 1;
}

int tsq_cmpl_flush(struct tsq_cmpl *c, u64 now)
{
	int made = 0, s, err = event_check(c, now);
	u32 k;

	if (err)
		return err;
	c->last_ns = now;

	/* Already due: no later than now, keeping the FIFO in order. */
	for (k = 0; k < c->fifo_len; k++) {
		u16 ref = c->fifo[(c->fifo_head + k) % TSQ_CMPL_MAX_ENTRIES];
		struct tsq_cmpl_mpdu *m = ref_mpdu(c, ref);

		if (m->due_ns > now)
			m->due_ns = now;
	}
	for (s = slot_next_by_seq(c, 0, true); s >= 0;
	     s = slot_next_by_seq(c, c->aggr[s].seq, false)) {
		u32 i;

		for (i = 0; i < c->aggr[s].n; i++)
			made += flush_mpdu(c, (u32)s, i, now);
	}
	memset(c->hash, 0xff, sizeof(c->hash));
	return made;
}

int tsq_cmpl_pop_due(struct tsq_cmpl *c, u64 now,
		     struct tsq_cmpl_release *out)
{
	struct tsq_cmpl_mpdu *m;
	u16 ref;

	if (!c || !out || !c->fifo_len)
		return 0;
	ref = c->fifo[c->fifo_head];
	m = ref_mpdu(c, ref);
	if (m->due_ns > now)
		return 0;

	c->fifo_head = (c->fifo_head + 1) % TSQ_CMPL_MAX_ENTRIES;
	c->fifo_len--;
	out->cookie = m->cookie;
	out->bytes = m->bytes;
	out->reason = m->reason;
	out->seq = ref_aggr(c, ref)->seq;
	out->event_ns = m->event_ns;
	out->due_ns = m->due_ns;

	m->state = MPDU_DONE;
	c->cnt.due_mpdus--;
	c->cnt.due_bytes -= m->bytes;
	c->cnt.released_mpdus++;
	c->cnt.released_bytes += m->bytes;
	slot_put(ref_aggr(c, ref));
	return 1;
}

bool tsq_cmpl_next_due(const struct tsq_cmpl *c, u64 *due)
{
	if (!c || !c->fifo_len)
		return false;
	if (due)
		*due = ref_mpdu_c(c, c->fifo[c->fifo_head])->due_ns;
	return true;
}

/* ------------------------------------------------------------- check */

struct recount {
	u64 mpdus[MPDU_DONE + 1];
	u64 bytes[MPDU_DONE + 1];
};

/* Per-slot invariants: live and held agree with the entries. */
static bool check_slot(const struct tsq_cmpl_aggr *a, struct recount *rc)
{
	u32 i, live = 0, held = 0;

	if (!a->used)
		return true;
	if (!a->n || a->n > TSQ_CMPL_MAX_MPDUS)
		return false;
	for (i = 0; i < a->n; i++) {
		const struct tsq_cmpl_mpdu *m = &a->mpdu[i];

		if (m->state == MPDU_FREE || m->state > MPDU_DONE)
			return false;
		rc->mpdus[m->state]++;
		rc->bytes[m->state] += m->bytes;
		live += m->state != MPDU_MOVED && m->state != MPDU_DONE;
		held += m->state == MPDU_HELD;
		if ((m->state == MPDU_DUE || m->state == MPDU_DONE) &&
		    m->due_ns < m->event_ns)
			return false;
	}
	return live == a->live && held == a->held && live > 0;
}

/* Every index entry points at an in-flight MPDU it can be found by. */
static bool check_hash(const struct tsq_cmpl *c, u64 *n)
{
	u32 i;

	*n = 0;
	for (i = 0; i < TSQ_CMPL_HASH_SIZE; i++) {
		u16 ref = c->hash[i];
		const struct tsq_cmpl_mpdu *m;

		if (ref == REF_NONE)
			continue;
		if (ref >= TSQ_CMPL_MAX_ENTRIES ||
		    !c->aggr[ref / TSQ_CMPL_MAX_MPDUS].used)
			return false;
		m = ref_mpdu_c(c, ref);
		if (m->state != MPDU_INFLIGHT ||
		    hash_find(c, m->cookie) != (int)i)
			return false;
		(*n)++;
	}
	return true;
}

/* The FIFO holds exactly the due entries, due times nondecreasing. */
static bool check_fifo(const struct tsq_cmpl *c)
{
	u64 prev = 0;
	u32 k;

	if (c->fifo_len > TSQ_CMPL_MAX_ENTRIES)
		return false;
	for (k = 0; k < c->fifo_len; k++) {
		u16 ref = c->fifo[(c->fifo_head + k) % TSQ_CMPL_MAX_ENTRIES];
		const struct tsq_cmpl_mpdu *m;

		if (ref >= TSQ_CMPL_MAX_ENTRIES)
			return false;
		m = ref_mpdu_c(c, ref);
		if (m->state != MPDU_DUE || m->due_ns < prev)
			return false;
		prev = m->due_ns;
	}
	return true;
}

static bool check_balance(const struct tsq_cmpl_counters *k)
{
	u64 done_b = k->held_bytes + k->due_bytes + k->released_bytes;
	u64 done_m = k->held_mpdus + k->due_mpdus + k->released_mpdus;

	return k->bytes_in == k->inflight_bytes + done_b &&
	       k->mpdus_in == k->inflight_mpdus + done_m &&
	       k->acked_bytes + k->dropped_bytes + k->flushed_bytes == done_b &&
	       k->acked_mpdus + k->dropped_mpdus + k->flushed_mpdus == done_m;
}

int tsq_cmpl_check(const struct tsq_cmpl *c)
{
	struct recount rc;
	u64 indexed;
	u32 s;

	if (!c)
		return TSQ_ERR_INVAL;
	memset(&rc, 0, sizeof(rc));
	for (s = 0; s < TSQ_CMPL_MAX_AGGR; s++)
		if (!check_slot(&c->aggr[s], &rc))
			return TSQ_ERR_CORRUPT;
	if (!check_hash(c, &indexed) || !check_fifo(c) ||
	    !check_balance(&c->cnt))
		return TSQ_ERR_CORRUPT;
	if (indexed != c->cnt.inflight_mpdus ||
	    rc.mpdus[MPDU_INFLIGHT] != c->cnt.inflight_mpdus ||
	    rc.bytes[MPDU_INFLIGHT] != c->cnt.inflight_bytes ||
	    rc.mpdus[MPDU_HELD] != c->cnt.held_mpdus ||
	    rc.bytes[MPDU_HELD] != c->cnt.held_bytes ||
	    rc.mpdus[MPDU_DUE] != c->cnt.due_mpdus ||
	    rc.bytes[MPDU_DUE] != c->cnt.due_bytes ||
	    c->fifo_len != c->cnt.due_mpdus)
		return TSQ_ERR_CORRUPT;
	return 0;
}

/* ---------------------------------------------------------- profiles */

static const struct tsq_driver_profile tsq_driver_profiles[] = {
	{
		.name = "ns3",
		.depth = 1,
		.latency_ns = 0,
		.doc = "ns-3 MAC: each A-MPDU built just in time at the TXOP "
		       "(MpduAggregator::GetNextAmpdu)",
	},
	{
		.name = "ath9k",
		.depth = TSQ_ATH9K_AGGR_MIN_QDEPTH,
		.latency_ns = 0,
		.doc = "ath9k: next aggregate formed while fewer than "
		       "ATH_AGGR_MIN_QDEPTH = 2 are queued (ath9k.h, xmit.c)",
		/* ath9k_set_hw_capab() sets no hw.netdev_features */
		.software_gso = true,
	},
	{
		/*
		 * 802.11ac, QCA988x/QCA6174 (drivers/net/wireless/ath/ath10k).
		 * The firmware forms the A-MPDUs (ath10k_ampdu_action refuses
		 * every TX action: "Firmware offloads Tx aggregation
		 * entirely") from the 1056..1424 MSDUs the host may keep in
		 * it (TARGET_TLV_NUM_MSDU_DESC, TARGET_10X_NUM_MSDU_DESC,
		 * hw.h), so a refill reaches the next aggregate as soon as
		 * it is queued: the ns-3 MAC queue stands for the
		 * firmware's, depth 1.  The skb is freed (tcp_wfree) when a
		 * firmware HTT_T2H_MSG_TYPE_TX_COMPL_IND lists it, drained in
		 * NAPI (ath10k_htt_txrx_compl_task -> ath10k_txrx_tx_unref
		 * -> ieee80211_tx_status), after the frame's final status.
		 * How many PPDUs one indication covers is the firmware's
		 * choice: taken as one, at the BlockAck.
		 */
		.name = "ath10k",
		.depth = 1,
		.latency_ns = 0,
		.doc = "ath10k: firmware aggregates from its own queue; skb "
		       "freed at HTT TX_COMPL_IND (htt_rx.c, txrx.c)",
		.estimate = "completion-per-ppdu",
		/* ath10k_mac_register: netdev_features = NETIF_F_HW_CSUM */
		.software_gso = true,
	},
	{
		/*
		 * 802.11ax, MT7915/MT7921 (drivers/net/wireless/mediatek/
		 * mt76).  The firmware forms the A-MPDUs (mt7915_ampdu_action
		 * hands the BA window to it, mt7915_mcu_add_tx_ba) from up
		 * to 8192 - 64 tokens (MT7915_TOKEN_SIZE,
		 * MT76_TOKEN_FREE_THR): depth 1, as ath10k.  DMA completion
		 * frees nothing (mt7915_tx_prepare_skb parks the skb in a
		 * token); the firmware's txfree event (PKT_TYPE_TXRX_NOTIFY
		 * -> mt7915_mac_tx_free -> mt76_token_release ->
		 * __mt76_tx_complete_skb) frees it once the frame's outcome,
		 * retries included, is known.  The MSDUs per event are the
		 * firmware's choice: taken as one PPDU's, at its BlockAck.
		 */
		.name = "mt76",
		.depth = 1,
		.latency_ns = 0,
		.doc = "mt76 (mt7915/mt7921): firmware aggregates; skb freed "
		       "at the firmware txfree event (mt7915/mac.c)",
		.estimate = "completion-per-ppdu",
		/* mt7915_init_wiphy: netdev_features = NETIF_F_RXCSUM */
		.software_gso = true,
	},
};

#define N_PROFILES \
	(sizeof(tsq_driver_profiles) / sizeof(tsq_driver_profiles[0]))

u32 tsq_driver_profile_count(void)
{
	return (u32)N_PROFILES;
}

const struct tsq_driver_profile *tsq_driver_profile_at(u32 i)
{
	return i < N_PROFILES ? &tsq_driver_profiles[i] : NULL;
}

const struct tsq_driver_profile *tsq_driver_profile_find(const char *name)
{
	u32 i;

	if (!name)
		return NULL;
	for (i = 0; i < N_PROFILES; i++)
		if (!strcmp(name, tsq_driver_profiles[i].name))
			return &tsq_driver_profiles[i];
	return NULL;
}

/* Appends @s at offset @off of @buf (@len bytes), truncating; returns
 * the offset after @s as if nothing had been truncated. */
size_t tsq_driver_profile_names(char *buf, size_t len)
{
	size_t off = 0;
	u32 i;

	if (buf && len)
		buf[0] = '\0';
	for (i = 0; i < N_PROFILES; i++) {
		if (i)
			off = tsq_list_append(buf, len, off, ", ");
		off = tsq_list_append(buf, len, off, tsq_driver_profiles[i].name);
	}
	return off;
}
