/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/ath9k.h - how ath9k forms the A-MPDUs of a station's TID
 * (drivers/net/wireless/ath/ath9k/xmit.c: ath_tx_form_aggr,
 * ath_lookup_rate, ath_max_framelen, ath_compute_num_delims; limits from
 * ath9k.h), for an emulated 802.11n hop that aggregates as the driver of
 * reference 004's measurement did.
 *
 * Why: TSQ's budget meets the driver where an aggregate is formed. ath9k
 * forms one from the TID's queue as soon as its hardware queue holds
 * fewer than ATH_AGGR_MIN_QDEPTH (2) aggregates (ath_tx_sched_aggr), so
 * what TCP has below it at that moment, not at the TXOP, fills it; and it
 * stops at half the BlockAck window (32 subframes), at the 4 ms frame
 * length of the rate (65532 B at MCS 7 HT40), and at the peer's maximum
 * A-MPDU length.
 *
 * Lengths in bytes; a frame length is the whole MPDU (header, body, FCS).
 */
#ifndef TSQ_ATH9K_H
#define TSQ_ATH9K_H

#include "tsq/txtime.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TSQ_ATH_AGGR_DELIM_SZ	4u	/* ATH_AGGR_DELIM_SZ */
#define TSQ_ATH_AGGR_MINPLEN	256u	/* ATH_AGGR_MINPLEN: shorter
					 * subframes get delimiters */
#define TSQ_ATH_AGGR_MIN_QDEPTH	2u	/* ATH_AGGR_MIN_QDEPTH */
#define TSQ_ATH_AMPDU_LIMIT_MAX	65535u	/* ATH_AMPDU_LIMIT_MAX */
#define TSQ_ATH_MAX_FRAMELEN	65532u	/* ath_max_framelen's cap */
#define TSQ_ATH_MAX_TXOP_US	4096u	/* ath_update_max_aggr_framelen:
					 * "4ms is the default (and maximum)" */
#define TSQ_ATH_OFDM_PLCP_BITS	22u	/* OFDM_PLCP_BITS: SERVICE + tail */

/* What limits one aggregate */
struct tsq_ath_aggr_limits {
	u32 aggr_limit;		/* bytes: ath_lookup_rate's result */
	u32 h_baw;		/* subframes: tid->baw_size / 2 */
	u32 mpdudensity_us;	/* the peer's minimum MPDU start spacing */
	struct tsq_ht_rate rate;	/* the first rate of the series */
};

/* What ath_tx_form_aggr formed */
struct tsq_ath_aggr {
	u32 nframes;		/* subframes taken from the queue head */
	u32 aggr_len;		/* the A-MPDU length the descriptor gets:
				 * delimiters, pads and frames, the last
				 * frame unpadded; a lone frame's own length */
};

/*
 * ath_max_framelen(): the longest frame @rate sends in @usec (after the
 * HT-mixed preamble: whole 4 us symbols, or 3.6 us ones with the short
 * GI counted as usec x 5 / 18, less the 22 SERVICE and tail bits), capped
 * at 65532. Returns 0 for an invalid rate or a time within the preamble.
 */
u32 tsq_ath_max_framelen(u32 usec, const struct tsq_ht_rate *rate);

/*
 * ath_lookup_rate()'s aggregate limit for one rate series entry @rate:
 * min(ath_max_framelen(4096 us), ATH_AMPDU_LIMIT_MAX, @peer_maxampdu when
 * non-zero). Returns bytes, 0 for an invalid rate.
 */
u32 tsq_ath_lookup_rate(const struct tsq_ht_rate *rate, u32 peer_maxampdu);

/*
 * ath_compute_num_delims(): the extra delimiters after a subframe of
 * @frmlen: enough to reach ATH_AGGR_MINPLEN, or more if the peer's MPDU
 * density needs a longer subframe at @lim->rate (no encryption, no
 * RTS/CTS first-descriptor rule).
 */
u32 tsq_ath_compute_num_delims(const struct tsq_ath_aggr_limits *lim,
			       u32 frmlen);

/*
 * ath_tx_form_aggr(): takes frames from the head of the queue
 * @framelen[0..@queued-1] into one aggregate until the next would pass
 * @lim->aggr_limit (with the padding and delimiters of the ones before
 * it) or @lim->h_baw subframes are in; the first frame always goes.
 * Fills @out. Returns TSQ_OK, TSQ_ERR_INVAL (NULL) or TSQ_ERR_RANGE
 * (nothing queued, h_baw 0, a frame of 0 bytes or above 65535).
 */
int tsq_ath_tx_form_aggr(const struct tsq_ath_aggr_limits *lim,
			 const u32 *framelen, u32 queued,
			 struct tsq_ath_aggr *out);

/*
 * ath_tx_sched_aggr()'s test: may an aggregate be formed with @depth
 * aggregates already in the hardware queue (axq_ampdu_depth)?
 */
bool tsq_ath_may_form_aggr(u32 depth);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_ATH9K_H */
