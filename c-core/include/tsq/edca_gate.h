/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/edca_gate.h - an emulated 802.11n hop on EDCA timing: a station
 * that aggregates as ath9k does, uploading through its AP, which returns
 * the TCP ACKs in TXOPs of its own.
 *
 * Why: the fixed-slot gate (tsq/gate.h) let the live kernel and ns-3's
 * TCP be compared below one aggregating link, but its timing was not
 * WiFi's. This gate is the same kind of instrument (two FIFOs of frames,
 * the station's data and the AP's ACKs, each released a batch at a time
 * from its head), timed by the parts of 802.11 that decide what TSQ's
 * budget buys:
 *  - the station's aggregates are formed as ath9k forms them
 *    (tsq/ath9k.h): from what is queued, as soon as fewer than hw_depth
 *    (ATH_AGGR_MIN_QDEPTH, 2) are in the hardware queue, i.e. when a
 *    frame arrives or an aggregate completes;
 *  - the AP sends, when it wins, an A-MPDU of the ACKs queued then (at
 *    most ap_max_frames and 65,535 B, no driver rule beyond 802.11's);
 *  - who sends when is EDCA's (tsq/edca.h), with collisions;
 *  - airtime is 802.11's (tsq/txtime.h): PPDU, SIFS, BlockAck;
 *  - a station's aggregate completes (TSQ's credit: its frames leave the
 *    gate) at its BlockAck, plus completion_latency_us (0 unless set: an
 *    opt-in assumption, e.g. a driver's interrupt and tasklet);
 *  - the AP's ACKs leave its gate at the end of its exchange.
 * One simplification: a failed (collided) aggregate is sent again as it
 * was, at the head of the hardware queue. ath9k puts its subframes back
 * at the head of the TID queue and re-forms them behind the aggregate
 * already queued; the AP's reorder buffer then holds that one's frames
 * until the retried ones arrive, so what reaches the receiver and when is
 * the same, and only that aggregate's credit would come one TXOP earlier.
 * A FIFO that releases from its head (a qdisc, the live side) cannot
 * release out of order.
 *
 * The caller (live-kernel/tsq-live-gate, ns-3's twin) reports frames
 * entering each FIFO, asks when the next event is due, and polls: each
 * release names the FIFO, the frames from its head and their bytes.
 * Frame lengths are the IP packets' (the L3 length); the gate adds
 * mac_overhead_bytes per MPDU for airtime and aggregation. Times are
 * microseconds of the caller's clock, never decreasing.
 */
#ifndef TSQ_EGATE_H
#define TSQ_EGATE_H

#include "tsq/ath9k.h"
#include "tsq/edca.h"
#include "tsq/txtime.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Frames each FIFO can hold in the gate's own ring (lengths, 2 B each) */
#define TSQ_EGATE_MAX_FRAMES	2048u
/* Aggregates the station's hardware queue may hold */
#define TSQ_EGATE_MAX_DEPTH	4u

struct tsq_egate_params {
	struct tsq_edca_params edca;
	struct tsq_ht_rate rate;	/* both directions' data rate */
	u32 basic_rate_mbps;		/* the BlockAck's rate */
	u32 signal_ext_us;		/* 6 on 2.4 GHz, 0 on 5 GHz */
	u32 mac_overhead_bytes;		/* per MPDU around the IP packet */
	u32 h_baw;			/* the station's subframe limit */
	u32 peer_maxampdu;		/* the AP's A-MPDU length limit */
	u32 hw_depth;			/* aggregates in the station's hardware
					 * queue: 2 (ath9k), 1 (one in hardware,
					 * a USB-like path) */
	u32 ap_max_frames;		/* the AP's A-MPDU subframe limit */
	u32 completion_latency_us;	/* the station's credit after its
					 * BlockAck (an assumption; 0) */
};

/* A station aggregate in the hardware queue */
struct tsq_egate_aggr {
	u32 frames;
	u32 bytes;			/* IP bytes */
	u32 aggr_len;			/* its A-MPDU length (ath_tx_form_aggr) */
	bool sent;			/* acknowledged, its credit pending */
	u64 complete_us;		/* when sent: the credit is due */
};

/* One FIFO's frame lengths: ring[head .. head + n) */
struct tsq_egate_fifo {
	u16 len[TSQ_EGATE_MAX_FRAMES];
	u32 head, n;
	u64 bytes;
};

enum tsq_egate_fifo_id {
	TSQ_EGATE_DATA = 0,	/* the station's frames */
	TSQ_EGATE_ACKS,		/* the AP's */
};

/* What a poll releases */
struct tsq_egate_release {
	enum tsq_egate_fifo_id fifo;
	u32 frames;
	u32 bytes;
	u64 at_us;		/* when it was due */
};

/* Counters for the run's record */
struct tsq_egate_stats {
	u64 sta_txops, ap_txops, collisions;
	u64 sta_mpdus, ap_mpdus;	/* subframes acknowledged */
	u64 sta_airtime_us, ap_airtime_us;	/* PPDUs on air */
};

struct tsq_egate {
	struct tsq_egate_params p;
	struct tsq_edca edca;
	struct tsq_egate_fifo fifo[2];
	/* the station: fifo[DATA] from its head = the hardware queue's
	 * aggregates in order, then what no aggregate holds yet */
	struct tsq_egate_aggr hw[TSQ_EGATE_MAX_DEPTH];
	u32 hw_n;			/* aggregates formed */
	u32 in_hw;			/* frames they hold */
	/* the TXOP on air, if any */
	bool on_air;
	struct tsq_edca_txop txop;
	u32 ap_frames, ap_bytes;	/* what the AP's A-MPDU carries */
	bool ready[TSQ_EDCA_N];		/* has a frame to send ... */
	u64 ready_us[TSQ_EDCA_N];	/* ... since */
	u64 now_us;
	struct tsq_egate_stats stats;
};

/* Fills in reference 004's link: HT40, short GI, MCS 7, 5 GHz, the
 * BlockAck at 24 Mb/s, 38 B per MPDU (QoS data header 26, LLC/SNAP 8,
 * FCS 4), ath9k's 32 subframes and depth 2, a 65,535-B AP, the AP's
 * subframes at most 64 (the BlockAck window), no completion latency; EDCA
 * as tsq_edca_params_init(). */
void tsq_egate_params_init(struct tsq_egate_params *p);

/* Returns TSQ_OK, TSQ_ERR_INVAL (NULL) or TSQ_ERR_RANGE (EDCA's ranges,
 * an invalid rate or basic rate, h_baw or ap_max_frames outside 1..256,
 * hw_depth outside 1..TSQ_EGATE_MAX_DEPTH, an overhead above 256 B, a
 * signal extension or completion latency above 1 s). */
int tsq_egate_params_check(const struct tsq_egate_params *p);

/* An empty hop, the medium idle from @start_us. */
int tsq_egate_init(struct tsq_egate *g, const struct tsq_egate_params *p,
		   u64 start_us);

/*
 * @frames frames of @bytes IP bytes in all (split evenly, the first ones
 * taking the remainder) entered FIFO @fifo at @now_us. The station's may
 * form aggregates at once. Returns TSQ_OK, TSQ_ERR_INVAL (NULL, a bad
 * FIFO), TSQ_ERR_RANGE (time going back, a frame of 0 B or above
 * 65,535 B, or a FIFO that would pass TSQ_EGATE_MAX_FRAMES: nothing is
 * then added). Events due before @now_us must have been polled first.
 */
int tsq_egate_enqueue(struct tsq_egate *g, enum tsq_egate_fifo_id fifo,
		      u64 now_us, u32 frames, u32 bytes);

/* When the next event is due (a TXOP starting, an exchange ending, a
 * credit), UINT64_MAX when nothing will happen without new frames. */
u64 tsq_egate_next_us(const struct tsq_egate *g);

/*
 * Runs the events due at or before @now_us in time order and stops at
 * the first release, into @out. Returns 1 with a release (poll again), 0
 * when nothing more is due, TSQ_ERR_INVAL (NULL) or TSQ_ERR_RANGE (time
 * going back, or a PPDU above 10 ms: a rate too slow for one frame).
 */
int tsq_egate_poll(struct tsq_egate *g, u64 now_us,
		   struct tsq_egate_release *out);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_EGATE_H */
