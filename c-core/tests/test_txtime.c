// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_txtime.c - 802.11 PPDU durations, against values worked by hand
 * from 802.11-2016's equations 17-29, 19-88 and 19-89.
 */
#include "check.h"
#include "tsq/txtime.h"

static void test_ofdm(void)
{
	/* an Ack (14 B) at 6 Mb/s: 16 + 112 + 6 = 134 bits, 6 symbols of
	 * 24 bits: 16 + 4 + 24 = 44 us */
	CHECK_U64(tsq_ofdm_txtime_us(14, 6), 44);
	/* a compressed BlockAck (32 B) at 24 Mb/s: 278 bits, 3 symbols of
	 * 96: 32 us */
	CHECK_U64(tsq_ofdm_txtime_us(TSQ_COMPRESSED_BA_BYTES, 24), 32);
	/* 1500 B at 54 Mb/s: 12022 bits / 216 = 55.66 -> 56 symbols */
	CHECK_U64(tsq_ofdm_txtime_us(1500, 54), 20 + 4 * 56);
	CHECK_U64(tsq_ofdm_ndbps(11), 0);		/* a DSSS rate */
	CHECK_U64(tsq_ofdm_txtime_us(14, 11), 0);
}

static void test_ht(void)
{
	struct tsq_ht_rate mcs7 = { .mcs = 7, .width_mhz = 40, .sgi = true };
	struct tsq_ht_rate r = mcs7;
	u32 mpdus[32];
	u64 len;
	int i;

	CHECK_U64(tsq_ht_ndbps(&mcs7), 540);
	/* one 1544-B PSDU: 12352 + 22 bits / 540 = 22.9 -> 23 symbols;
	 * 23 x 3.6 = 82.8 us -> 84 us; preamble 16 + 4 + 8 + 4 + 4 = 36 */
	CHECK_U64(tsq_ht_txtime_us(1544, &mcs7, 0), 36 + 84);
	/* the same with the long GI: 23 x 4 = 92 us */
	r.sgi = false;
	CHECK_U64(tsq_ht_txtime_us(1544, &r, 0), 36 + 92);
	/* 2.4 GHz: the 6 us signal extension */
	CHECK_U64(tsq_ht_txtime_us(1544, &mcs7, 6), 36 + 84 + 6);

	/* ath9k's largest aggregate at MCS7 HT40 SGI: 32 MPDUs of 1538 B
	 * (a 1500-B packet, 26-B QoS header, 8-B LLC/SNAP, 4-B FCS):
	 * 31 x 1544 + 1542 = 49406 B; 395270 bits / 540 = 731.98 -> 732
	 * symbols; 732 x 3.6 = 2635.2 -> 2636 us */
	for (i = 0; i < 32; i++)
		mpdus[i] = 1538;
	len = tsq_ampdu_psdu_bytes(mpdus, 32);
	CHECK_U64(len, 49406);
	CHECK_U64(tsq_ht_txtime_us((u32)len, &mcs7, 0), 36 + 2636);
	/* with SIFS and the BlockAck at 24 Mb/s */
	CHECK_U64(tsq_ht_exchange_us((u32)len, &mcs7, 24, 0), 36 + 2636 + 16 + 32);

	/* MCS 0 HT20: 26 bits per symbol; 100 B: 822 bits -> 32 symbols */
	r = (struct tsq_ht_rate){ .mcs = 0, .width_mhz = 20 };
	CHECK_U64(tsq_ht_txtime_us(100, &r, 0), 36 + 128);
	/* three streams: four HT-LTFs (Table 19-13); MCS 16 HT20: 78 */
	r = (struct tsq_ht_rate){ .mcs = 16, .width_mhz = 20 };
	CHECK_U64(tsq_ht_ndbps(&r), 78);
	CHECK_U64(tsq_ht_txtime_us(100, &r, 0), 48 + 4 * 11);	/* 822/78 */
	/* MCS 31 HT40 SGI (600 Mb/s): N_DBPS 2160, two BCC encoders:
	 * 1000 B: 8000 + 16 + 12 = 8028 bits -> 4 symbols, 14.4 -> 16 us;
	 * four HT-LTFs */
	r = (struct tsq_ht_rate){ .mcs = 31, .width_mhz = 40, .sgi = true };
	CHECK_U64(tsq_ht_ndbps(&r), 2160);
	CHECK_U64(tsq_ht_txtime_us(1000, &r, 0), 48 + 16);
	/* 8 * 1077 + 16 + 12 = 8644 bits: 4.002 -> 5 symbols with two
	 * encoders (one would give 8638 bits, 4 symbols) */
	CHECK_U64(tsq_ht_txtime_us(1077, &r, 0), 48 + 20);

	/* invalid rates */
	r = (struct tsq_ht_rate){ .mcs = 32, .width_mhz = 40 };
	CHECK_U64(tsq_ht_txtime_us(100, &r, 0), 0);
	r = (struct tsq_ht_rate){ .mcs = 7, .width_mhz = 80 };
	CHECK_U64(tsq_ht_ndbps(&r), 0);
	CHECK_U64(tsq_ht_ndbps(NULL), 0);
	CHECK_U64(tsq_ht_exchange_us(100, &mcs7, 11, 0), 0);
}

static void test_ampdu_length(void)
{
	u32 two[2] = { 1538, 1538 };
	u32 odd[2] = { 1537, 1 };
	u32 one[1] = { 100 };

	CHECK_U64(tsq_ampdu_psdu_bytes(two, 2), 1544 + 1542);
	CHECK_U64(tsq_ampdu_psdu_bytes(odd, 2), 1544 + 5);	/* 1541 -> 1544 */
	CHECK_U64(tsq_ampdu_psdu_bytes(one, 1), 104);	/* the last: no pad */
	CHECK_U64(tsq_ampdu_psdu_bytes(one, 0), 0);
	CHECK_U64(tsq_ampdu_psdu_bytes(NULL, 3), 0);
}

int main(void)
{
	test_ofdm();
	test_ht();
	test_ampdu_length();
	CHECK_DONE();
}
