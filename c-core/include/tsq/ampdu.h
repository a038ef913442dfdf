/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/ampdu.h - A-MPDU queue accounting per station and TID.
 *
 * What a run needs to say how full its aggregates were and why: per
 * (station, TID) the bytes and MPDUs waiting in the MAC queue, and per
 * transmitted data PSDU its MPDU count, size and airtime, summed into a
 * histogram of MPDUs per A-MPDU and a mean fill against the 802.11n limits.
 * It also counts "aggregation starvation": a TXOP spent on a PSDU that had
 * room for more while more was queued, or that went out while a socket of
 * that station sat throttled by TSQ (the loop this module is about: small
 * queues -> small aggregates -> low rate -> small queues).
 *
 * The core does not build aggregates; the caller (the ns-3 shim) reports
 * what the MAC did.  Storage is the caller's: an array of struct
 * tsq_ampdu_sta, one per station index the caller assigns (0..n_sta-1).
 * No allocation, no global state.
 *
 * Units: bytes, MPDUs, nanoseconds (u64), bits per second (u64).
 * Errors (enum tsq_err, tsq/types.h): 0 on success; TSQ_ERR_INVAL for a
 * NULL pointer, TSQ_ERR_RANGE for an index, count or limit out of range,
 * TSQ_ERR_UNDERFLOW for taking more off a queue than it holds (never a
 * wrap-around).  On error nothing is changed.
 */
#ifndef TSQ_AMPDU_H
#define TSQ_AMPDU_H

#include <stdbool.h>

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* QoS TIDs 0..7 (802.11 user priorities; TIDs 8..15 carry TSPEC traffic
 * that neither mac80211's aggregation nor ns-3's EDCA uses). */
#define TSQ_AMPDU_NUM_TID		8

/* 802.11n A-MPDU length limit for the largest Maximum A-MPDU Length
 * Exponent (3): (1 << (IEEE80211_HT_MAX_AMPDU_FACTOR + 3)) - 1, with the
 * factor 13 of include/linux/ieee80211.h: ath9k's an->maxampdu for such a
 * station (ath_tx_aggr_start, drivers/net/wireless/ath/ath9k/xmit.c) and
 * ns-3's default BE_MaxAmpduSize. */
#define TSQ_HT_MAX_AMPDU_BYTES		65535u

/* 802.11n BlockAck window: IEEE80211_MAX_AMPDU_BUF_HT (0x40) in
 * include/linux/ieee80211.h.  Also the histogram's last bin. */
#define TSQ_HT_MAX_AMPDU_MPDUS		64u

/* aPPDUMaxTime of an HT-mixed-format PPDU: the L-SIG LENGTH field (4095
 * octets at 6 Mb/s) caps it at 5.484 ms; HT-greenfield allows 10 ms.
 * ns-3 uses the same values (GetPpduMaxTime, src/wifi/model/wifi-utils.cc). */
#define TSQ_HT_MF_MAX_PPDU_NS		5484000ull
#define TSQ_HT_GF_MAX_PPDU_NS		10000000ull

/* ath9k stops an aggregate at 4 ms of airtime at the lowest rate of its
 * rate series (ath_lookup_rate and its ath_max_4ms_framelen table,
 * drivers/net/wireless/ath/ath9k/xmit.c): a tighter max_ppdu_ns for runs
 * that model that driver. */
#define TSQ_ATH9K_MAX_AGGR_NS		4000000ull

/* A-MPDU subframe: 4-octet MPDU delimiter in front of each MPDU, every
 * subframe but the last padded to a multiple of 4 octets (802.11-2016
 * 9.7.1; ns-3 MpduAggregator::GetSizeIfAggregated). */
#define TSQ_AMPDU_DELIM_BYTES		4u

/* Histogram bins: index n counts PSDUs of n MPDUs, 1..64; bin 0 unused. */
#define TSQ_AMPDU_HIST_LEN		(TSQ_HT_MAX_AMPDU_MPDUS + 1)

struct tsq_ampdu_limits {
	u32 max_bytes;		/* A-MPDU length limit, bytes */
	u32 max_mpdus;		/* MPDUs per A-MPDU (BlockAck window), 1..64 */
	u64 max_ppdu_ns;	/* PPDU duration limit, ns; 0: not checked */
};

/* Per-PSDU statistics, kept per (station, TID) and for the whole device. */
struct tsq_ampdu_stats {
	u64 psdus;		/* data PSDUs transmitted */
	u64 mpdus;		/* sum of their MPDU counts */
	u64 bytes;		/* sum of their PSDU sizes, bytes */
	u64 airtime_ns;		/* sum of their PPDU durations */
	u64 hist[TSQ_AMPDU_HIST_LEN];	/* hist[n]: PSDUs of n MPDUs */
	u64 starved_room;	/* PSDUs with room for the next queued MPDU */
	u64 starved_tsq;	/* PSDUs sent while a socket of the station was
				 * TSQ-throttled */
	u64 starved;		/* PSDUs with either of the two */
};

/* Queue state of one (station, TID). */
struct tsq_ampdu_queue {
	u64 bytes;		/* bytes queued now */
	u32 mpdus;		/* MPDUs queued now */
	u32 peak_mpdus;		/* largest value of mpdus seen */
	u64 peak_bytes;		/* largest value of bytes seen */
	u64 enq_mpdus, enq_bytes;
	u64 deq_mpdus, deq_bytes;
	u64 drop_mpdus, drop_bytes;
};

struct tsq_ampdu_tid {
	struct tsq_ampdu_queue q;
	struct tsq_ampdu_stats st;
};

struct tsq_ampdu_sta {
	struct tsq_ampdu_tid tid[TSQ_AMPDU_NUM_TID];
	u32 throttled;		/* throttled sockets with data (caller sets) */
};

struct tsq_ampdu {
	struct tsq_ampdu_sta *sta;	/* caller's array */
	u32 n_sta;
	struct tsq_ampdu_limits lim;
	struct tsq_ampdu_stats total;	/* all stations and TIDs */
};

/* One transmitted data PSDU, as the MAC/PHY reported it (in ns-3: the
 * WifiPhy PhyTxPsduBegin trace, WifiPsdu::GetSize() and the TXVECTOR). */
struct tsq_ampdu_psdu {
	u32 sta;		/* station index, < n_sta */
	u32 tid;		/* < TSQ_AMPDU_NUM_TID */
	u32 n_mpdus;		/* 1..lim.max_mpdus; one MPDU counts as 1 */
	u32 bytes;		/* PSDU size incl. delimiters and padding */
	u64 airtime_ns;		/* PPDU duration */
	u64 rate_bps;		/* PHY data rate of the PSDU; 0: unknown */
	u32 next_mpdu_bytes;	/* size of the MPDU now at the head of this
				 * (station, TID) queue; 0: none queued */
};

/* Fill of the mean PSDU against the limits, in parts per million. */
struct tsq_ampdu_fill {
	u32 bytes_ppm;		/* mean bytes / max_bytes */
	u32 mpdus_ppm;		/* mean MPDUs / max_mpdus */
	u32 airtime_ppm;	/* mean airtime / max_ppdu_ns (0: unchecked) */
	u32 mean_mpdus_milli;	/* mean MPDUs per PSDU, x1000 */
};

/*
 * The 802.11n HT-mixed-format limits: 65535 bytes, 64 MPDUs, 5.484 ms.
 * Returns them by value; models what an ath9k/mac80211 HT station and
 * ns-3's default HT configuration negotiate at best.
 */
struct tsq_ampdu_limits tsq_ampdu_limits_ht(void);

/*
 * Sets up @a over the caller's @sta array of @n_sta entries (zeroed here)
 * with limits @lim.  Returns 0, TSQ_ERR_INVAL when a pointer is NULL, or
 * TSQ_ERR_RANGE when @n_sta is 0 or @lim is out of range (max_bytes 0,
 * max_mpdus not in 1..64).
 */
int tsq_ampdu_init(struct tsq_ampdu *a, struct tsq_ampdu_sta *sta, u32 n_sta,
		   const struct tsq_ampdu_limits *lim);

/*
 * An MPDU of @bytes entered the (@sta, @tid) MAC queue (mac80211: the
 * station's TXQ for that TID; ns-3: the WifiMacQueue of the AC).
 * Returns 0, TSQ_ERR_INVAL, TSQ_ERR_RANGE (bad index, or 2^32 - 1 MPDUs
 * already queued).
 */
int tsq_ampdu_enqueue(struct tsq_ampdu *a, u32 sta, u32 tid, u32 bytes);

/*
 * An MPDU of @bytes left the (@sta, @tid) queue to be transmitted (ath9k:
 * ath_tx_get_tid_subframe takes it into an aggregate).  Returns 0,
 * TSQ_ERR_INVAL, TSQ_ERR_RANGE (bad index), or TSQ_ERR_UNDERFLOW if the
 * queue holds no MPDU or fewer bytes than that (nothing changes).
 */
int tsq_ampdu_dequeue(struct tsq_ampdu *a, u32 sta, u32 tid, u32 bytes);

/*
 * An MPDU of @bytes was dropped from the (@sta, @tid) queue before its
 * transmission (queue full, lifetime expired).  Returns as
 * tsq_ampdu_dequeue().
 */
int tsq_ampdu_drop(struct tsq_ampdu *a, u32 sta, u32 tid, u32 bytes);

/*
 * The caller's count of TSQ-throttled sockets of station @sta that have
 * data to send (the kernel's TSQ_THROTTLED flag, per tcp_small_queue_check
 * in net/ipv4/tcp_output.c).  Returns 0, TSQ_ERR_INVAL or TSQ_ERR_RANGE.
 */
int tsq_ampdu_set_throttled(struct tsq_ampdu *a, u32 sta, u32 throttled);

/*
 * Size of an A-MPDU of @ampdu_bytes once one more MPDU of @mpdu_bytes is
 * appended: the previous last subframe padded to 4 octets, a 4-octet
 * delimiter, the MPDU (802.11-2016 9.7.1, as ns-3's
 * MpduAggregator::GetSizeIfAggregated).  Returns the size in bytes (u64,
 * no overflow).
 */
u64 tsq_ampdu_size_if_aggregated(u32 ampdu_bytes, u32 mpdu_bytes);

/*
 * Would the next queued MPDU (@p->next_mpdu_bytes) still have fit into the
 * PSDU @p under @lim, in count, in bytes and in duration (the extra
 * subframe's bits at @p->rate_bps, rounded up to a ns; not checked when
 * the rate or lim->max_ppdu_ns is 0)?  The three limits ath9k's
 * ath_tx_form_aggr (xmit.c) stops an aggregate at: the BlockAck window,
 * maxampdu, and the duration limit of ath_lookup_rate.  Returns false
 * when nothing is queued.  The duration check ignores OFDM symbol
 * rounding (an error of up to one symbol, 4 us).
 */
bool tsq_ampdu_left_room(const struct tsq_ampdu_limits *lim,
			 const struct tsq_ampdu_psdu *p);

/*
 * A data PSDU went on air (ns-3 PhyTxPsduBegin).  Adds it to the (station,
 * TID) and device statistics: histogram bin p->n_mpdus, sums, and the
 * starvation counters (room left for the next queued MPDU, or a throttled
 * socket at that station).  Returns 0, TSQ_ERR_INVAL (NULL), or
 * TSQ_ERR_RANGE for a bad station, TID, or an MPDU count outside
 * 1..max_mpdus.
 */
int tsq_ampdu_psdu_tx(struct tsq_ampdu *a, const struct tsq_ampdu_psdu *p);

/*
 * The mean PSDU of @st against @lim, into @out (all zero when no PSDU
 * was counted).  Returns 0 or TSQ_ERR_INVAL.
 */
int tsq_ampdu_fill(const struct tsq_ampdu_stats *st,
		   const struct tsq_ampdu_limits *lim,
		   struct tsq_ampdu_fill *out);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_AMPDU_H */
