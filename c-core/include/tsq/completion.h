/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/completion.h - when a WiFi driver hands TX completions back to TCP.
 *
 * TSQ (tcp_small_queue_check, net/ipv4/tcp_output.c) credits a socket's
 * bytes back when the skb is freed (tcp_wfree), which for WiFi happens in
 * the driver's completion path: ath9k's ath_tx_process_buffer ->
 * ath_tx_complete_aggr -> ath_tx_complete -> mac80211 ieee80211_tx_status
 * -> skb free (drivers/net/wireless/ath/ath9k/xmit.c, net/mac80211/status.c).
 * How late that is relative to the next aggregate decides whether
 * refilled data can ride in it.
 *
 * ath9k forms a new aggregate whenever a frame is queued while fewer than
 * ATH_AGGR_MIN_QDEPTH (= 2, drivers/net/wireless/ath/ath9k/ath9k.h)
 * aggregates sit in the hardware queue (ath_tx_sched_aggr and
 * ath_txq_schedule stop at axq_ampdu_depth >= ATH_AGGR_MIN_QDEPTH), and
 * again at each completion.  So aggregate N+1 is built before N's
 * BlockAck frees N's bytes, and data that TCP sends in reply to that
 * credit can ride no earlier than N+2.  ns-3's MAC builds each A-MPDU just
 * in time at the TXOP (MpduAggregator::GetNextAmpdu): a depth-1 driver.
 * The standalone module cannot change when ns-3 builds an aggregate; this
 * state machine models the consequence for TSQ by delaying the credit.
 *
 * Source: the drivers, not a kernel commit: ath9k's hardware-queue depth
 * and completion path named above (xmit.c, ath9k.h), ath10k's HTT TX
 * completion (ath10k_txrx_tx_unref) and mt76's txfree event
 * (mt7915_mac_tx_free) for the profiles below. The state machine and its
 * no-deadlock rule are the module's; a nonzero latency is an assumption.
 *
 * THE MODEL.  Aggregates are numbered by
 * their start on this queue: N = 0, 1, 2, ...  With depth D >= 1 and
 * latency L >= 0 ns:
 *
 *  - an MPDU acked in aggregate N is released at T + L, where T is the
 *    first moment at or after its ack at which aggregate N+D-1 has
 *    started or the queue is reported empty.  While data keeps coming
 *    that is max(its ack, start of aggregate N+D-1); with nothing else
 *    queued it is the ack itself, or the moment the queue runs empty
 *    (never wait for an aggregate that cannot come: this is what keeps a
 *    TSQ-throttled sender from deadlocking).
 *    D = 1 (profile "ns3"): released at its ack + L.
 *    D = 2 (profile "ath9k"): held until aggregate N+1 starts.
 *  - an MPDU dropped (retry limit, lifetime, ...) is released at the drop
 *    + L: a drop is a completion (ath9k completes failed frames on the
 *    same path), it is never held.
 *  - tsq_cmpl_flush() releases every MPDU still known, at once, with no
 *    latency: teardown, device down.
 *
 * What is HELD: acked MPDUs whose aggregate's gate is closed, i.e. while
 * fewer than D-1 later aggregates have started and the queue is reported
 * non-empty.  Nothing else is held: in-flight MPDUs (sent, neither acked
 * nor dropped) are not released at all until they are.  An MPDU that is
 * retransmitted (its cookie shows up in a later PSDU while still in
 * flight) moves to that later aggregate; its release follows the later
 * aggregate's gate.
 *
 * Each MPDU's bytes are released exactly once, on every path (ack, drop,
 * flush), and never before its ack or drop.
 *
 * THE EVENTS the caller (the ns-3 shim) feeds, with nondecreasing
 * timestamps in ns (an older timestamp is TSQ_ERR_RANGE):
 *   tsq_cmpl_psdu_start()  - a data PSDU starts on air (PhyTxPsduBegin),
 *                            with each MPDU's bytes and opaque cookie;
 *   tsq_cmpl_mpdu_acked()  - an MPDU was acknowledged (AckedMpdu);
 *   tsq_cmpl_mpdu_dropped()- an MPDU was dropped after transmission
 *                            (DroppedMpdu);
 *   tsq_cmpl_queue_state() - whether anything is queued that could ride in
 *                            a later PSDU of this queue (MPDUs waiting for
 *                            their first transmission or a retransmission;
 *                            not MPDUs waiting for their BlockAck).
 * and asks which releases are due:
 *   tsq_cmpl_pop_due()     - the next release due at or before now;
 *   tsq_cmpl_next_due()    - when the earliest pending release is due, so
 *                            that the shim can schedule a timer for the
 *                            latency and call tsq_cmpl_pop_due() then.
 * Releases pop in due-time order (FIFO: due times never decrease).
 *
 * A cookie identifies one MPDU across its retransmissions and must be
 * unique among in-flight MPDUs; the shim finds the socket from it.  Once
 * acked or dropped, the cookie is forgotten and may be reused, but its
 * release may still be held or due: two releases of one cookie then pop
 * in due order, not completion order (a drop is never held).  A shim
 * that keys its own per-MPDU state by cookie must therefore not reuse one
 * before its release; the ns-3 shim numbers MPDUs rather than using the
 * WifiMpdu's address, which ns-3 reuses once the object is freed.
 *
 * Scope: one struct tsq_cmpl per hardware queue (ath9k counts
 * axq_ampdu_depth per ath_txq, i.e. per access category over all
 * stations); the shim uses one per WifiNetDevice and AC.  The queue state
 * defaults to "empty", so a shim that never reports it gets depth-1
 * behaviour, never a deadlock.
 *
 * Capacity: TSQ_CMPL_MAX_AGGR aggregates of TSQ_CMPL_MAX_MPDUS MPDUs each,
 * in the structure (no allocation).  An aggregate stays until every MPDU
 * of it was released and popped, or moved by a retransmission.  A PSDU
 * that finds no free slot is refused with TSQ_ERR_NOSPC and counted; the
 * core then does not know its first transmissions.  The rule for the shim
 * is simple and exact: credit an MPDU's bytes yourself exactly when its
 * ack or drop answers TSQ_ERR_NOENT, and take the core's releases for the
 * rest.  (A refused MPDU retransmitted later in an accepted PSDU becomes
 * known to the core, and its ack then answers 0.)  Nothing is lost, and
 * nothing is credited twice.
 *
 * Errors: 0 (or the documented nonnegative value) on success, a negative
 * code otherwise (enum tsq_err in tsq/types.h, plus the two below); on
 * error the state is unchanged except for the error counters.
 */
#ifndef TSQ_COMPLETION_H
#define TSQ_COMPLETION_H

#include <stdbool.h>
#include <stddef.h>

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TSQ_CMPL_MAX_AGGR	8	/* aggregates tracked at once */
#define TSQ_CMPL_MAX_MPDUS	256	/* MPDUs per aggregate: HE BA window */
#define TSQ_CMPL_MAX_DEPTH	4	/* largest pipeline depth accepted */
#define TSQ_CMPL_MAX_ENTRIES	(TSQ_CMPL_MAX_AGGR * TSQ_CMPL_MAX_MPDUS)
#define TSQ_CMPL_HASH_SIZE	4096	/* power of 2, >= 2 * MAX_ENTRIES */


/* ath9k's ATH_AGGR_MIN_QDEPTH (drivers/net/wireless/ath/ath9k/ath9k.h) */
#define TSQ_ATH9K_AGGR_MIN_QDEPTH	2

enum tsq_cmpl_reason {
	TSQ_CMPL_ACKED = 1,	/* acked (held or not) */
	TSQ_CMPL_DROPPED,	/* dropped after transmission */
	TSQ_CMPL_FLUSHED,	/* in flight at tsq_cmpl_flush() */
};

/* One MPDU of a PSDU, as the caller reports it. */
struct tsq_cmpl_mpdu_in {
	u64 cookie;
	u32 bytes;		/* what the caller charged for it */
};

/* One release: credit @bytes of @cookie back at @due_ns. */
struct tsq_cmpl_release {
	u64 cookie;
	u32 bytes;
	u32 reason;		/* enum tsq_cmpl_reason */
	u64 seq;		/* aggregate it last rode in */
	u64 event_ns;		/* its ack, drop or flush */
	u64 due_ns;		/* >= event_ns */
};

/*
 * Counters.  Balance, at any time:
 *   bytes_in == inflight_bytes + held_bytes + due_bytes + released_bytes
 *   acked_bytes + dropped_bytes + flushed_bytes
 *            == held_bytes + due_bytes + released_bytes
 * (and the same for MPDUs); tsq_cmpl_check() verifies both against the
 * per-MPDU state.
 */
struct tsq_cmpl_counters {
	u64 psdus;		/* PSDUs accepted */
	u64 psdus_refused;	/* PSDUs refused with TSQ_ERR_NOSPC */
	u64 mpdus_in, bytes_in;	/* first transmissions accepted */
	u64 retransmissions;	/* MPDUs moved to a later aggregate */
	u64 acked_mpdus, acked_bytes;
	u64 dropped_mpdus, dropped_bytes;
	u64 flushed_mpdus, flushed_bytes;
	u64 held_total;		/* acked MPDUs that had to be held */
	u64 released_mpdus, released_bytes;	/* popped */
	u64 unknown;		/* acks/drops answered TSQ_ERR_NOENT */
	u64 inflight_mpdus, inflight_bytes;	/* now: sent, not acked */
	u64 held_mpdus, held_bytes;		/* now: acked, gate closed */
	u64 due_mpdus, due_bytes;		/* now: scheduled, not popped */
};

/* Per-MPDU state, private to completion.c. */
struct tsq_cmpl_mpdu {
	u64 cookie;
	u64 event_ns;
	u64 due_ns;
	u32 bytes;
	unsigned char state;
	unsigned char reason;
};

struct tsq_cmpl_aggr {
	u64 seq;
	u32 n;			/* MPDUs in it */
	u32 live;		/* not yet popped nor moved on */
	u32 held;		/* in state held */
	bool used;
	struct tsq_cmpl_mpdu mpdu[TSQ_CMPL_MAX_MPDUS];
};

struct tsq_cmpl {
	u32 depth;
	u64 latency_ns;
	bool queued;		/* last reported queue state */
	u64 started;		/* PSDUs started = next seq */
	u64 last_ns;		/* latest event time */
	struct tsq_cmpl_aggr aggr[TSQ_CMPL_MAX_AGGR];
	u16 hash[TSQ_CMPL_HASH_SIZE];	/* cookie -> in-flight MPDU */
	u16 fifo[TSQ_CMPL_MAX_ENTRIES];	/* due, in due-time order */
	u32 fifo_head, fifo_len;
	struct tsq_cmpl_counters cnt;
};

/*
 * Sets up @c for a driver of pipeline @depth (1..TSQ_CMPL_MAX_DEPTH) and
 * a completion @latency_ns (0 unless an estimate is wanted; any nonzero
 * value is an assumption and must be labelled as one).  Returns 0,
 * TSQ_ERR_INVAL (NULL) or TSQ_ERR_RANGE (depth, or latency above 2^63).
 */
int tsq_cmpl_init(struct tsq_cmpl *c, u32 depth, u64 latency_ns);

/*
 * A data PSDU of @n MPDUs (1..TSQ_CMPL_MAX_MPDUS) @mpdus starts on air at
 * @now; it is aggregate number c->started, stored in *@seq (@seq may be
 * NULL).  A cookie already in flight is a retransmission and moves here
 * (its bytes stay those of its first transmission); others are first
 * transmissions.  Then every held MPDU whose gate this start opens
 * (aggregate N with N + depth - 1 == this one) becomes due at @now +
 * latency: ath9k's next aggregate is in the hardware queue, so the
 * completion of N may reach TCP.  Returns 0, TSQ_ERR_INVAL (NULL,
 * duplicate cookies), TSQ_ERR_RANGE (@n, or @now before the last event or
 * above 2^63), or TSQ_ERR_NOSPC (no free slot: the PSDU is not tracked,
 * counted in psdus_refused).
 */
int tsq_cmpl_psdu_start(struct tsq_cmpl *c, u64 now,
			const struct tsq_cmpl_mpdu_in *mpdus, u32 n, u64 *seq);

/*
 * The MPDU @cookie was acked at @now (mac80211: ieee80211_tx_status with
 * IEEE80211_TX_STAT_ACK; ns-3: AckedMpdu).  It becomes due at @now +
 * latency if its aggregate's gate is open, and is held otherwise.
 * Returns 0, TSQ_ERR_INVAL, TSQ_ERR_RANGE (@now), or TSQ_ERR_NOENT for a
 * cookie not in flight (counted in unknown).
 */
int tsq_cmpl_mpdu_acked(struct tsq_cmpl *c, u64 now, u64 cookie);

/*
 * The MPDU @cookie was dropped at @now after at least one transmission
 * (ns-3: DroppedMpdu; ath9k: ath_tx_complete of a failed frame).  It
 * becomes due at @now + latency, never held.  Returns as
 * tsq_cmpl_mpdu_acked().
 */
int tsq_cmpl_mpdu_dropped(struct tsq_cmpl *c, u64 now, u64 cookie);

/*
 * Whether anything is queued at @now for a later PSDU of this queue.  When
 * it becomes empty, every held MPDU becomes due at @now + latency: no
 * later aggregate may be waited for (the no-deadlock rule).  Returns 0,
 * TSQ_ERR_INVAL or TSQ_ERR_RANGE (@now).
 */
int tsq_cmpl_queue_state(struct tsq_cmpl *c, u64 now, bool queued);

/*
 * Teardown at @now: every MPDU still known (in flight, held or due)
 * becomes due at @now, in flight ones with reason TSQ_CMPL_FLUSHED; the
 * caller pops them all.  Returns the number of MPDUs newly made due (>=
 * 0), TSQ_ERR_INVAL or TSQ_ERR_RANGE (@now).
 */
int tsq_cmpl_flush(struct tsq_cmpl *c, u64 now);

/*
 * Pops the next release due at or before @now into @out.  Returns 1 when
 * one was popped, 0 when none is due (or @c/@out is NULL).
 */
int tsq_cmpl_pop_due(struct tsq_cmpl *c, u64 now,
		     struct tsq_cmpl_release *out);

/*
 * When is the earliest pending release due?  Returns true and sets @due
 * if one is pending, false otherwise.
 */
bool tsq_cmpl_next_due(const struct tsq_cmpl *c, u64 *due);

/*
 * Recounts the per-MPDU state and the cookie index and compares them with
 * c->cnt and with the balance identities above.  Returns 0 when all
 * agree, TSQ_ERR_INVAL for NULL, TSQ_ERR_CORRUPT otherwise (a bug in the
 * core or a corrupted structure).
 */
int tsq_cmpl_check(const struct tsq_cmpl *c);

/*
 * Driver profiles: the pipeline depth of a driver, by name.  latency_ns
 * is 0 in every profile (no source gives a completion latency; a nonzero
 * value is the caller's labelled estimate).
 */
struct tsq_driver_profile {
	const char *name;
	u32 depth;
	u64 latency_ns;
	const char *doc;	/* one line: where the depth comes from */
	/*
	 * NULL when the driver's source gives every number; else what the
	 * profile had to assume (firmware behaviour the host driver does
	 * not show), recorded in a run's model_assumptions.
	 */
	const char *estimate;
	/*
	 * The driver's netdev lacks NETIF_F_SG (mac80211 copies only
	 * hw.netdev_features, net/mac80211/iface.c ieee80211_if_add), so
	 * validate_xmit_skb() cuts TSO skbs into linear segments whose
	 * truesize TSQ then counts: tsq_gso_segment_truesize() (tsq/tso.h).
	 */
	bool software_gso;
};

/*
 * None of the drivers profiled overrides mac80211's pacing shift
 * (hw.tx_sk_pacing_shift): a proposed ath10k override to 6 for QCA6174
 * was not merged, and neither mt76 nor ath9k sets it, so a run's shift is
 * its kernel profile's mac80211 policy (tsq/profile.h).
 *
 * Returns the profile called @name ("ns3", "ath9k", "ath10k", "mt76"),
 * or NULL.
 */
const struct tsq_driver_profile *tsq_driver_profile_find(const char *name);

/* Returns the number of profiles. */
u32 tsq_driver_profile_count(void);

/* Returns profile @i (< tsq_driver_profile_count()), or NULL. */
const struct tsq_driver_profile *tsq_driver_profile_at(u32 i);

/*
 * Writes the profile names, comma separated ("ns3, ath9k, ..."), into @buf of
 * @len bytes, NUL-terminated and truncated if need be (as snprintf), for
 * error messages.  Returns the length of the whole list.
 */
size_t tsq_driver_profile_names(char *buf, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_COMPLETION_H */
