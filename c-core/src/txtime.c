// SPDX-License-Identifier: GPL-2.0-only
/*
 * txtime.c - 802.11 PPDU durations (see tsq/txtime.h).
 */
#include "tsq/txtime.h"

/* Data bits per symbol of one spatial stream, MCS 0..7 (Tables 19-27 and
 * 19-28 for 20 MHz; 19-29 and 19-30 for 40 MHz: N_SD 52 and 108 data
 * subcarriers times the bits per subcarrier and the coding rate). */
static const u16 ht_ndbps_1ss[8][2] = {
	/* 20 MHz, 40 MHz */
	{ 26, 54 },	/* BPSK 1/2 */
	{ 52, 108 },	/* QPSK 1/2 */
	{ 78, 162 },	/* QPSK 3/4 */
	{ 104, 216 },	/* 16-QAM 1/2 */
	{ 156, 324 },	/* 16-QAM 3/4 */
	{ 208, 432 },	/* 64-QAM 2/3 */
	{ 234, 486 },	/* 64-QAM 3/4 */
	{ 260, 540 },	/* 64-QAM 5/6 */
};

static u32 div_round_up(u64 n, u64 d)
{
	return (u32)((n + d - 1) / d);
}

u32 tsq_ofdm_ndbps(u32 rate_mbps)
{
	switch (rate_mbps) {
	case 6: case 9: case 12: case 18: case 24: case 36: case 48: case 54:
		return 4 * rate_mbps;
	default:
		return 0;
	}
}

static bool ht_rate_valid(const struct tsq_ht_rate *r)
{
	return r && r->mcs < 32 && (r->width_mhz == 20 || r->width_mhz == 40);
}

static u32 ht_streams(const struct tsq_ht_rate *r)
{
	return (u32)r->mcs / 8 + 1;
}

u32 tsq_ht_ndbps(const struct tsq_ht_rate *r)
{
	if (!ht_rate_valid(r))
		return 0;
	return ht_ndbps_1ss[r->mcs % 8][r->width_mhz == 40] * ht_streams(r);
}

u32 tsq_ofdm_txtime_us(u32 psdu_bytes, u32 rate_mbps)
{
	u32 ndbps = tsq_ofdm_ndbps(rate_mbps);
	u64 bits = TSQ_OFDM_SERVICE_BITS + 8ull * psdu_bytes + TSQ_OFDM_TAIL_BITS;

	if (!ndbps)
		return 0;
	return TSQ_OFDM_PREAMBLE_US + TSQ_OFDM_SIGNAL_US +
	       TSQ_OFDM_SYM_US * div_round_up(bits, ndbps);
}

/* HT-LTFs of an HT-mixed PPDU with @streams space-time streams, no STBC
 * and no extension streams (Table 19-13: 1, 2, 4, 4). */
static u32 ht_ltfs(u32 streams)
{
	return streams == 3 ? 4 : streams;
}

/* BCC encoders (19.3.5, the N_ES column of Tables 19-27 to 19-38): two
 * for the MCSs above 300 Mb/s, which are those of N_DBPS above 1080 with
 * either guard interval (no HT MCS has N_DBPS in 1081..1200, where the
 * two would differ). */
static u32 ht_encoders(u32 ndbps)
{
	return ndbps > 1080 ? 2 : 1;
}

/* The data symbols' duration: N_SYM x 4 us, or with the short GI
 * N_SYM x 3.6 us rounded up to a whole 4 us symbol (equation 19-89). */
static u32 ht_data_us(u32 nsym, bool sgi)
{
	if (!sgi)
		return TSQ_OFDM_SYM_US * nsym;
	return TSQ_OFDM_SYM_US *
	       div_round_up((u64)nsym * TSQ_HT_SYMS_TENTHS_US, TSQ_OFDM_SYM_US * 10);
}

u32 tsq_ht_txtime_us(u32 psdu_bytes, const struct tsq_ht_rate *r,
		     u32 signal_ext_us)
{
	u32 ndbps = tsq_ht_ndbps(r);
	u32 preamble, nsym;
	u64 bits;

	if (!ndbps)
		return 0;
	bits = 8ull * psdu_bytes + TSQ_OFDM_SERVICE_BITS +
	       TSQ_OFDM_TAIL_BITS * ht_encoders(ndbps);
	nsym = div_round_up(bits, ndbps);
	preamble = TSQ_OFDM_PREAMBLE_US + TSQ_OFDM_SIGNAL_US + TSQ_HT_SIG_US +
		   TSQ_HT_STF_US + TSQ_HT_LTF_US * ht_ltfs(ht_streams(r));
	return preamble + ht_data_us(nsym, r->sgi) + signal_ext_us;
}

u64 tsq_ampdu_psdu_bytes(const u32 *mpdu_bytes, u32 n)
{
	u64 len = 0;
	u32 i;

	if (!mpdu_bytes)
		return 0;
	for (i = 0; i < n; i++) {
		u64 sub = 4ull + mpdu_bytes[i];

		len += i + 1 < n ? (sub + 3) & ~3ull : sub;
	}
	return len;
}

u32 tsq_ht_exchange_us(u32 psdu_bytes, const struct tsq_ht_rate *r,
		       u32 basic_rate_mbps, u32 signal_ext_us)
{
	u32 data = tsq_ht_txtime_us(psdu_bytes, r, signal_ext_us);
	u32 ba = tsq_ofdm_txtime_us(TSQ_COMPRESSED_BA_BYTES, basic_rate_mbps);

	if (!data || !ba)
		return 0;
	return data + TSQ_OFDM_SIFS_US + ba + signal_ext_us;
}
