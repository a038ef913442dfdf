/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/edca.h - EDCA channel access of one access category between two
 * contenders, the station and its AP (802.11-2016 10.22.2).
 *
 * Why: on an 802.11n upload the TCP ACKs come back in the AP's own
 * TXOPs, which the AP wins against the uploading station by random
 * backoff. When the ACKs arrive, and so when TSQ's budget and cwnd move,
 * depends on who wins each contention and how long the counters wait. An
 * emulated WiFi hop that both the live Linux kernel and ns-3 run below
 * needs that random but reproducible timing: given one seed, the same
 * draws on both sides.
 *
 * The rules, per contender (its EDCA function, EDCAF):
 *  - the medium idle since ref_us, the contender may transmit once it has
 *    been idle for AIFS = aSIFSTime + AIFSN x aSlotTime (10.3.2.3.6) and
 *    then for its backoff counter's slots: at ref + AIFS + backoff x slot;
 *  - a counter that has run down while nothing was queued stays at 0, and
 *    a frame queued then goes at once (the immediate access of 10.22.2.2,
 *    the medium having been idle for AIFS);
 *  - when another contender's transmission starts first, the counter
 *    freezes at the slots it has not counted down and resumes from there
 *    once the medium has been idle for AIFS again (10.22.2.2);
 *  - after each of its TXOPs a contender draws a fresh counter,
 *    uniformly in 0..CW: CW = CWmin after a success, CW = min(2 (CW + 1)
 *    - 1, CWmax) after a failure (10.22.2.2, 10.22.2.6), whether or not
 *    anything is left to send (the post-TXOP backoff);
 *  - two contenders whose counters end in the same slot both transmit:
 *    a collision, in which neither gets its response; each waits for it
 *    until its PPDU's end + aSIFSTime + aSlotTime + aRxPHYStartDelay
 *    (10.3.2.9) and the medium is idle from the later PPDU's end.
 * Slot-boundary details below a slot (aRxTxTurnaroundTime, the CCA
 * delays) are not modelled: a transmission starts on its computed
 * microsecond. No TXOP limit (AC_BE's is 0: one exchange per TXOP).
 *
 * How a caller runs it: whenever the medium is idle and what is queued
 * changes, ask tsq_edca_next() who goes first and when, and arm a timer
 * for it; if the queues change before it fires, ask again (nothing is
 * committed by asking); when it fires, commit it with tsq_edca_txop(),
 * which gives when each exchange ends and the medium is idle again.
 * Draws happen only in tsq_edca_init() and tsq_edca_txop(): the same
 * sequence of TXOPs gives the same draws.
 */
#ifndef TSQ_EDCA_H
#define TSQ_EDCA_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The contenders */
enum tsq_edca_who {
	TSQ_EDCA_STA = 0,	/* the station (the TCP sender's device) */
	TSQ_EDCA_AP,		/* the AP (the TCP ACKs) */
	TSQ_EDCA_N
};

/* Bits of a contender set */
#define TSQ_EDCA_BIT(w)		(1u << (w))

struct tsq_edca_params {
	u32 slot_us;		/* aSlotTime */
	u32 sifs_us;		/* aSIFSTime */
	u32 rx_start_us;	/* aRxPHYStartDelay */
	u32 aifsn;		/* the AC's AIFSN */
	u32 cw_min;		/* the AC's CWmin: 2^k - 1 */
	u32 cw_max;		/* the AC's CWmax: 2^k - 1, >= cw_min */
	u64 seed;		/* of the backoff draws */
};

/* Accepted ranges (TSQ_ERR_RANGE outside) */
#define TSQ_EDCA_US_MAX		1000u	/* slot, SIFS, rx start */
#define TSQ_EDCA_AIFSN_MIN	1u	/* an AP may use 1 (Table 9-137) */
#define TSQ_EDCA_AIFSN_MAX	15u
#define TSQ_EDCA_CW_MAX		32767u	/* 2^15 - 1 (the ECWmax field) */

/* One contender's state */
struct tsq_edca_ac {
	u32 cw;			/* contention window */
	u32 backoff;		/* slots its counter has left */
	u64 ref_us;		/* its AIFS counts from here */
};

struct tsq_edca {
	struct tsq_edca_params p;
	u64 rng;		/* xorshift64* state, never 0 */
	u64 idle_us;		/* the medium is idle from here */
	struct tsq_edca_ac ac[TSQ_EDCA_N];
	u64 txops;		/* TXOPs committed (a collision counts once) */
	u64 collisions;
};

/* What one transmitter sends in a TXOP */
struct tsq_edca_tx {
	u32 ppdu_us;		/* its PPDU (tsq/txtime.h) */
	u32 resp_us;		/* SIFS + its response (Ack, BlockAck), which
				 * it gets only without a collision */
};

/* Who goes first and when (tsq_edca_next) */
struct tsq_edca_grant {
	u32 who;		/* TSQ_EDCA_BIT set; two bits: a collision */
	u64 start_us;
};

/* A committed TXOP (tsq_edca_txop) */
struct tsq_edca_txop {
	u32 who;
	u64 start_us;
	bool collision;
	bool ok[TSQ_EDCA_N];	/* a transmitter got its response */
	u64 end_us[TSQ_EDCA_N];	/* its exchange ended (response or timeout) */
	u64 idle_us;		/* the medium idle again */
};

/* Fills in 802.11-2016's defaults for AC_BE on the 5 GHz OFDM and HT PHYs
 * (Table 9-137 from aCWmin 15 and aCWmax 1023; Tables 17-21, 19-25):
 * slot 9 us, SIFS 16 us, aRxPHYStartDelay 25 us, AIFSN 3, CW 15..1023,
 * seed 1. */
void tsq_edca_params_init(struct tsq_edca_params *p);

/* Returns TSQ_OK, TSQ_ERR_INVAL (NULL) or TSQ_ERR_RANGE (a value outside
 * the ranges above, a zero slot, a CW not of the form 2^k - 1, or
 * cw_min > cw_max). */
int tsq_edca_params_check(const struct tsq_edca_params *p);

/* Starts with the medium idle from @start_us and each contender's first
 * counter drawn in 0..CWmin (station first). Returns as
 * tsq_edca_params_check(). */
int tsq_edca_init(struct tsq_edca *e, const struct tsq_edca_params *p,
		  u64 start_us);

/* AIFS: aSIFSTime + AIFSN x aSlotTime, us */
u32 tsq_edca_aifs_us(const struct tsq_edca_params *p);

/* When contender @who would start if it had a frame queued at @now_us
 * (and no one else went first): ref + AIFS + backoff x slot, or @now_us
 * (the medium's idle time, if later) when that has passed. */
u64 tsq_edca_access_us(const struct tsq_edca *e, enum tsq_edca_who who,
		       u64 now_us);

/*
 * Who of the contenders in @ready (TSQ_EDCA_BIT set: those with a frame
 * queued) goes first from @now_us, and when, into @g. Nothing changes.
 * Returns TSQ_OK, TSQ_ERR_INVAL (NULL, an unknown bit) or TSQ_ERR_RANGE
 * (no one ready).
 */
int tsq_edca_next(const struct tsq_edca *e, u64 now_us, u32 ready,
		  struct tsq_edca_grant *g);

/*
 * Commits the TXOP of grant @g (from tsq_edca_next, unchanged since):
 * the other contender's counter freezes at the slots it has left, each
 * transmitter's exchange ends (tx[w] for each w in g->who: PPDU, then its
 * response unless two collided, or the response timeout), each draws a
 * fresh counter with its CW reset or doubled, and every contender's AIFS
 * counts from the medium's idle time (a collided transmitter's from the
 * end of its timeout, if later). Fills @out. Returns TSQ_OK,
 * TSQ_ERR_INVAL (NULL, an empty or unknown set) or TSQ_ERR_RANGE (a start
 * before the medium is idle, or a duration above TSQ_EDCA_TX_US_MAX).
 */
int tsq_edca_txop(struct tsq_edca *e, const struct tsq_edca_grant *g,
		  const struct tsq_edca_tx tx[TSQ_EDCA_N],
		  struct tsq_edca_txop *out);

/* Longest PPDU or response accepted: aPPDUMaxTime of HT-greenfield, 10 ms */
#define TSQ_EDCA_TX_US_MAX	10000u

#ifdef __cplusplus
}
#endif

#endif /* TSQ_EDCA_H */
