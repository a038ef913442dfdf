/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/txtime.h - how long an 802.11 PPDU is on air (TXTIME), for the
 * OFDM PHY (802.11-2016 clause 17) and the HT PHY in HT-mixed format
 * (clause 19), and how long an A-MPDU with its BlockAck holds the medium.
 *
 * Why: an emulated WiFi hop (tsq/edca.h) must spend the airtime the real
 * one spends, to the microsecond, for the TCP above it to see WiFi's
 * timing: the preamble and the BlockAck are a fixed cost per TXOP that
 * only aggregation amortises, which is the whole of TSQ's effect on
 * 802.11n. The same durations ath9k computes for its duration fields
 * (ath_pkt_duration, drivers/net/wireless/ath/ath9k/xmit.c) and ns-3's
 * WifiPhy::CalculateTxDuration.
 *
 * All durations in whole microseconds: an HT-mixed PPDU with the short
 * guard interval is rounded up to a whole 4 us symbol (equation 19-89),
 * so every result is exact.
 */
#ifndef TSQ_TXTIME_H
#define TSQ_TXTIME_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* OFDM PHY timing, 802.11-2016 Table 17-21 (20 MHz channel spacing) */
#define TSQ_OFDM_PREAMBLE_US	16u	/* T_PREAMBLE: L-STF 8 + L-LTF 8 */
#define TSQ_OFDM_SIGNAL_US	4u	/* T_SIGNAL */
#define TSQ_OFDM_SYM_US		4u	/* T_SYM, long guard interval */
#define TSQ_OFDM_SERVICE_BITS	16u	/* SERVICE field */
#define TSQ_OFDM_TAIL_BITS	6u	/* per BCC encoder */

/* HT-mixed format fields, 802.11-2016 Table 19-25 */
#define TSQ_HT_SIG_US		8u	/* T_HT-SIG: two symbols */
#define TSQ_HT_STF_US		4u	/* T_HT-STF */
#define TSQ_HT_LTF_US		4u	/* T_HT-LTF1 and each T_HT-LTFs */
#define TSQ_HT_SYMS_TENTHS_US	36u	/* T_SYMS, short GI: 3.6 us */

/* MAC and PHY timing of the 5 GHz OFDM and HT PHYs (Table 17-21 and
 * Table 19-25): aSlotTime and aSIFSTime, and the delay before a receiver
 * reports the start of a PPDU, which bounds an originator's wait for its
 * Ack or BlockAck (10.3.2.9: SIFS + slot + aRxPHYStartDelay). */
#define TSQ_OFDM_SLOT_US	9u
#define TSQ_OFDM_SIFS_US	16u
#define TSQ_OFDM_RX_START_US	25u	/* aRxPHYStartDelay (OFDM: 25 us) */

/* A compressed BlockAck frame (9.3.1.9): Frame Control 2, Duration 2,
 * RA 6, TA 6, BA Control 2, Starting Sequence Control 2, a 64-bit bitmap
 * 8, FCS 4 octets. */
#define TSQ_COMPRESSED_BA_BYTES	32u

/* What describes an HT PPDU's data rate */
struct tsq_ht_rate {
	u8 mcs;		/* 0..31: modulation and coding (mcs % 8) and streams
			 * (mcs / 8 + 1), 802.11-2016 19.5 */
	u8 width_mhz;	/* 20 or 40 */
	bool sgi;	/* short guard interval (400 ns) */
};

/*
 * Data bits per OFDM symbol of an OFDM PHY rate (Table 17-4): 6, 9, 12,
 * 18, 24, 36, 48 or 54 Mb/s carry 4 bits per symbol per Mb/s. Returns
 * N_DBPS, or 0 for another rate.
 */
u32 tsq_ofdm_ndbps(u32 rate_mbps);

/*
 * Data bits per symbol of an HT rate (Tables 19-27 to 19-30: 20 or 40
 * MHz, 1 to 4 equal-modulation streams; the MCS's per-stream value times
 * its streams). Returns N_DBPS, or 0 for an MCS above 31 or a width that
 * is neither 20 nor 40.
 */
u32 tsq_ht_ndbps(const struct tsq_ht_rate *r);

/*
 * TXTIME of an OFDM PPDU of @psdu_bytes at @rate_mbps (equation 17-29):
 * T_PREAMBLE + T_SIGNAL + T_SYM x ceil((16 + 8 x LENGTH + 6) / N_DBPS).
 * Returns microseconds, or 0 for a rate tsq_ofdm_ndbps() does not know.
 */
u32 tsq_ofdm_txtime_us(u32 psdu_bytes, u32 rate_mbps);

/*
 * TXTIME of an HT-mixed-format PPDU of @psdu_bytes at @r (equations 19-88
 * and 19-89, BCC, no STBC): the legacy preamble, L-SIG, HT-SIG, HT-STF and
 * one HT-LTF per stream (four for three streams, Table 19-13), then
 * N_SYM = ceil((8 x LENGTH + 16 + 6 x N_ES) / N_DBPS) data symbols, each
 * 4 us, or with the short GI 3.6 us rounded up to whole 4 us in all
 * (ath9k's SYMBOL_TIME_HALFGI rounds each symbol count the same way).
 * N_ES, the BCC encoders, is 1 up to 300 Mb/s and 2 above (19.3.5).
 * @signal_ext_us: the 6 us signal extension of the 2.4 GHz band, 0 in
 * the 5 GHz band. Returns microseconds, or 0 for an invalid rate.
 */
u32 tsq_ht_txtime_us(u32 psdu_bytes, const struct tsq_ht_rate *r,
		     u32 signal_ext_us);

/*
 * The length of an A-MPDU of the @n MPDUs of @mpdu_bytes (each the whole
 * MPDU: MAC header, body, FCS): a 4-octet delimiter before each, every
 * subframe but the last padded to a multiple of 4 octets (9.7.1).
 * Returns bytes (u64: no overflow), 0 for n = 0 or a NULL array.
 */
u64 tsq_ampdu_psdu_bytes(const u32 *mpdu_bytes, u32 n);

/*
 * How long a data exchange holds the medium after its access: the PPDU,
 * SIFS, and the BlockAck at @basic_rate_mbps (the control response rate:
 * the highest basic rate not above the data rate's, 10.6.6.5.2).
 * Returns microseconds, 0 for an invalid rate.
 */
u32 tsq_ht_exchange_us(u32 psdu_bytes, const struct tsq_ht_rate *r,
		       u32 basic_rate_mbps, u32 signal_ext_us);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_TXTIME_H */
