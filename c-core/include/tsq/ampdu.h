/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/ampdu.h - A-MPDU queue accounting per station and TID.
 *
 * What a run needs to say how full its aggregates were and why: per
 * (station, TID) the bytes and MPDUs waiting in the MAC queue, and per
 * transmitted data PSDU its MPDU count, size and airtime, summed into a
 * histogram of MPDUs per A-MPDU and a mean fill against the limits of that
 * PSDU's own format (HT, VHT or HE) and of what its recipient agreed to.
 * It also counts "aggregation starvation": a TXOP spent on a PSDU that had
 * room for more while more was queued, or that went out while a socket of
 * that station sat throttled by TSQ (the loop this module is about: small
 * queues -> small aggregates -> low rate -> small queues).
 *
 * Source: the limits are the standard's (the A-MPDU length exponents of
 * the HT, VHT and HE capabilities elements, the subframe of 802.11-2016
 * 9.7.1, aPSDUMaxLength of 802.11ax-2021 Table 27-53) as
 * include/linux/ieee80211.h names them; where an aggregate stops is ath9k's
 * ath_tx_form_aggr() (drivers/net/wireless/ath/ath9k/xmit.c). The
 * accounting itself is the module's: the kernel keeps no such counters.
 *
 * The core does not build aggregates; the caller (the ns-3 shim) reports
 * what the MAC did.  Storage is the caller's: an array of struct
 * tsq_ampdu_sta, one per station index the caller assigns (0..n_sta-1),
 * either sized once at tsq_ampdu_init() or grown one station at a time
 * with tsq_ampdu_add_sta() as receivers show up (a station device, which
 * only sends to its AP, then pays for one entry, not for the most
 * stations a cell may have).  No allocation, no global state.
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

/*
 * The PPDU formats whose aggregation limits differ.  The numbers below
 * are the standard's; include/linux/ieee80211.h names each of them.
 */
enum tsq_ampdu_format {
	TSQ_AMPDU_HT = 1,	/* 802.11n, HT-mixed format */
	TSQ_AMPDU_VHT,		/* 802.11ac */
	TSQ_AMPDU_HE,		/* 802.11ax, HE SU */
};

/*
 * A-MPDU length: 2^(13 + exponent) - 1 octets, the exponent being the
 * "Maximum A-MPDU Length Exponent" the recipient advertises: 0..3 in its
 * HT Capabilities (IEEE80211_HT_MAX_AMPDU_64K = 3), 0..7 in its VHT
 * Capabilities (IEEE80211_VHT_MAX_AMPDU_1024K = 7), and for HE the VHT
 * exponent 7 plus the "Maximum A-MPDU Length Exponent Extension" 1..3 of
 * the HE MAC Capabilities (IEEE80211_HE_MAC_CAP3_MAX_AMPDU_LEN_EXP_EXT_3),
 * i.e. 8..10 here.  An HE PSDU is further capped by aPSDUMaxLength,
 * 6,500,631 octets (802.11ax-2021 Table 27-53); a VHT PSDU's
 * 4,692,480 octets are above its largest exponent's length.
 */
#define TSQ_AMPDU_LEN_EXP_BASE		13u
#define TSQ_HT_MAX_AMPDU_LEN_EXP	3u
#define TSQ_VHT_MAX_AMPDU_LEN_EXP	7u
#define TSQ_HE_MAX_AMPDU_LEN_EXP	10u

/* 802.11n A-MPDU length limit for the largest exponent (3): ath9k's
 * an->maxampdu for such a station (ath_tx_aggr_start,
 * drivers/net/wireless/ath/ath9k/xmit.c) and ns-3's default
 * BE_MaxAmpduSize. */
#define TSQ_HT_MAX_AMPDU_BYTES		65535u
#define TSQ_VHT_MAX_AMPDU_BYTES		1048575u
#define TSQ_HE_MAX_PSDU_BYTES		6500631u

/* BlockAck window: IEEE80211_MAX_AMPDU_BUF_HT (0x40) for HT and VHT; an
 * HE originator and recipient may agree on up to 256 (the 256-bit bitmap
 * of 802.11ax, IEEE80211_MAX_AMPDU_BUF_HE 0x100). */
#define TSQ_HT_MAX_AMPDU_MPDUS		64u
#define TSQ_HE_MAX_AMPDU_MPDUS		256u
/* The largest count the accounting takes, and the histogram's last bin. */
#define TSQ_AMPDU_MAX_MPDUS		TSQ_HE_MAX_AMPDU_MPDUS

/* aPPDUMaxTime: an HT-mixed-format PPDU's L-SIG LENGTH field (4095
 * octets at 6 Mb/s) caps it at 5.484 ms; HT-greenfield allows 10 ms.  VHT
 * and HE PPDUs keep the 5.484 ms (802.11ax-2021 Table 27-53 for HE).
 * ns-3 uses the same values (GetPpduMaxTime, src/wifi/model/wifi-utils.cc). */
#define TSQ_HT_MF_MAX_PPDU_NS		5484000ull
#define TSQ_HT_GF_MAX_PPDU_NS		10000000ull
#define TSQ_VHT_MAX_PPDU_NS		5484000ull
#define TSQ_HE_MAX_PPDU_NS		5484000ull

/* ath9k stops an aggregate at 4 ms of airtime at the lowest rate of its
 * rate series (ath_lookup_rate and its ath_max_4ms_framelen table,
 * drivers/net/wireless/ath/ath9k/xmit.c): a tighter max_ppdu_ns for runs
 * that model that driver. */
#define TSQ_ATH9K_MAX_AGGR_NS		4000000ull

/* A-MPDU subframe: 4-octet MPDU delimiter in front of each MPDU, every
 * subframe but the last padded to a multiple of 4 octets (802.11-2016
 * 9.7.1; ns-3 MpduAggregator::GetSizeIfAggregated). */
#define TSQ_AMPDU_DELIM_BYTES		4u

/* Histogram bins: index n counts PSDUs of n MPDUs, 1..256; bin 0 unused. */
#define TSQ_AMPDU_HIST_LEN		(TSQ_AMPDU_MAX_MPDUS + 1)

struct tsq_ampdu_limits {
	u32 max_bytes;		/* A-MPDU length limit, bytes */
	u32 max_mpdus;		/* MPDUs per A-MPDU (BlockAck window), 1..256 */
	u64 max_ppdu_ns;	/* PPDU duration limit, ns; 0: not checked */
};

/* Per-PSDU statistics, kept per (station, TID) and for the whole device. */
struct tsq_ampdu_stats {
	u64 psdus;		/* data PSDUs transmitted */
	u64 mpdus;		/* sum of their MPDU counts */
	u64 bytes;		/* sum of their PSDU sizes, bytes */
	u64 airtime_ns;		/* sum of their PPDU durations */
	/* sums of each PSDU's fill against its own limits, ppm */
	u64 fill_bytes_ppm, fill_mpdus_ppm, fill_airtime_ppm;
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
	struct tsq_ampdu_limits lim;	/* of PSDUs that bring none */
	struct tsq_ampdu_stats total;	/* all stations and TIDs */
	/* hist[n]: PSDUs of n MPDUs, all stations and TIDs (one device-wide
	 * histogram: 2 KB per (station, TID) would be paid for nothing) */
	u64 hist[TSQ_AMPDU_HIST_LEN];
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
	/* the limits of this PSDU's format and recipient
	 * (tsq_ampdu_limits_agreed); max_mpdus 0: the device's a->lim */
	struct tsq_ampdu_limits lim;
};

/* Mean fill of the PSDUs, each against its own limits, in parts per
 * million. */
struct tsq_ampdu_fill {
	u32 bytes_ppm;		/* mean of bytes / max_bytes */
	u32 mpdus_ppm;		/* mean of MPDUs / max_mpdus */
	u32 airtime_ppm;	/* mean of airtime / max_ppdu_ns (0: unchecked) */
	u32 mean_mpdus_milli;	/* mean MPDUs per PSDU, x1000 */
};

/*
 * The 802.11n HT-mixed-format limits: 65535 bytes, 64 MPDUs, 5.484 ms.
 * Returns them by value; models what an ath9k/mac80211 HT station and
 * ns-3's default HT configuration negotiate at best.
 */
struct tsq_ampdu_limits tsq_ampdu_limits_ht(void);

/*
 * The limits of a PSDU of format @fmt sent to a recipient that advertised
 * A-MPDU length exponent @len_exp (see TSQ_AMPDU_LEN_EXP_BASE: 0..3 HT,
 * 0..7 VHT, 0..10 HE) under a BlockAck agreement of @ba_buffer MPDUs
 * (1..64 HT and VHT, 1..256 HE), into *@out: length 2^(13 + len_exp) - 1
 * (HE: at most aPSDUMaxLength), count @ba_buffer, duration aPPDUMaxTime.
 * Returns 0, TSQ_ERR_INVAL (NULL, unknown format) or TSQ_ERR_RANGE (an
 * exponent or buffer the format does not have); *@out is then unchanged.
 */
int tsq_ampdu_limits_agreed(enum tsq_ampdu_format fmt, u32 len_exp,
			    u32 ba_buffer, struct tsq_ampdu_limits *out);

/*
 * The largest limits of format @fmt (the largest exponent and buffer),
 * into *@out.  Returns as tsq_ampdu_limits_agreed().
 */
int tsq_ampdu_limits_max(enum tsq_ampdu_format fmt,
			 struct tsq_ampdu_limits *out);

/*
 * The A-MPDU length exponent of a length limit @max_bytes as a
 * capabilities element carries it (the smallest exponent whose length is
 * at least @max_bytes, 0 for 8191 or less).  Returns it (0..31).
 */
u32 tsq_ampdu_len_exp(u32 max_bytes);

/*
 * Sets up @a over the caller's @sta array of @n_sta entries (zeroed here)
 * with limits @lim.  @n_sta may be 0, @sta then NULL: the stations come
 * later, with tsq_ampdu_add_sta().  Returns 0, TSQ_ERR_INVAL when @a or
 * @lim is NULL or @sta is NULL for @n_sta > 0, or TSQ_ERR_RANGE when @lim
 * is out of range (max_bytes 0, max_mpdus not in 1..TSQ_AMPDU_MAX_MPDUS).
 */
int tsq_ampdu_init(struct tsq_ampdu *a, struct tsq_ampdu_sta *sta, u32 n_sta,
		   const struct tsq_ampdu_limits *lim);

/*
 * Sets up one station entry: zeroed, as tsq_ampdu_init() leaves each of
 * its array's.  Does nothing for NULL.
 */
void tsq_ampdu_sta_init(struct tsq_ampdu_sta *s);

/*
 * Gives @a one more station, index a->n_sta (the old count), whose entry
 * is @sta[a->n_sta], set up here with tsq_ampdu_sta_init().  @sta is the
 * caller's array of at least a->n_sta + 1 entries: the array @a used so
 * far, or a copy of it elsewhere (the caller moved it to make room, as a
 * growing vector does) whose first a->n_sta entries hold what the old
 * ones held.  @a uses @sta from now on; counts so far are kept.
 * Returns 0, TSQ_ERR_INVAL (NULL) or TSQ_ERR_RANGE (a->n_sta is already
 * UINT32_MAX); on error nothing is changed.
 */
int tsq_ampdu_add_sta(struct tsq_ampdu *a, struct tsq_ampdu_sta *sta);

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
 * TID) and device statistics: histogram bin p->n_mpdus, sums, fills, and
 * the starvation counters (room left for the next queued MPDU, or a
 * throttled socket at that station), all against p->lim (a->lim when
 * p->lim.max_mpdus is 0).  Returns 0, TSQ_ERR_INVAL (NULL), or
 * TSQ_ERR_RANGE for a bad station, TID, limits, or an MPDU count outside
 * 1..max_mpdus.
 */
int tsq_ampdu_psdu_tx(struct tsq_ampdu *a, const struct tsq_ampdu_psdu *p);

/*
 * The mean fill of the PSDUs of @st, each against its own limits, into
 * @out (all zero when no PSDU was counted).  Returns 0 or TSQ_ERR_INVAL.
 */
int tsq_ampdu_fill(const struct tsq_ampdu_stats *st,
		   struct tsq_ampdu_fill *out);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_AMPDU_H */
