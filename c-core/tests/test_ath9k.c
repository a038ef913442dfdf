// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_ath9k.c - ath9k's aggregate formation, worked by hand from
 * ath_tx_form_aggr, ath_max_framelen and ath_compute_num_delims.
 */
#include "check.h"
#include "tsq/ath9k.h"

static const struct tsq_ht_rate mcs7 = { .mcs = 7, .width_mhz = 40, .sgi = true };

static void test_limits(void)
{
	struct tsq_ht_rate r = { .mcs = 0, .width_mhz = 20 };

	/* MCS 7 HT40 SGI: (4096 - 36) x 5 / 18 = 1127 symbols of 540 bits,
	 * less 22: 76069 B, capped at 65532 */
	CHECK_U64(tsq_ath_max_framelen(4096, &mcs7), 65532);
	CHECK_U64(tsq_ath_lookup_rate(&mcs7, 65535), 65532);
	CHECK_U64(tsq_ath_lookup_rate(&mcs7, 8191), 8191);	/* the peer's */
	/* MCS 0 HT20: 4060 / 4 = 1015 symbols of 26 bits: 26368 / 8 */
	CHECK_U64(tsq_ath_max_framelen(4096, &r), 3296);
	CHECK_U64(tsq_ath_lookup_rate(&r, 0), 3296);
	/* 1 ms at MCS 7 HT40 SGI: 964 x 5 / 18 = 267 symbols: 18019 B */
	CHECK_U64(tsq_ath_max_framelen(1000, &mcs7), (267 * 540 - 22) / 8);
	CHECK_U64(tsq_ath_max_framelen(36, &mcs7), 0);	/* all preamble */
	r.mcs = 32;
	CHECK_U64(tsq_ath_lookup_rate(&r, 0), 0);
	CHECK(tsq_ath_may_form_aggr(0) && tsq_ath_may_form_aggr(1));
	CHECK(!tsq_ath_may_form_aggr(2) && !tsq_ath_may_form_aggr(5));
}

static void test_form(void)
{
	struct tsq_ath_aggr_limits lim = { .aggr_limit = 65532, .h_baw = 32, .rate = mcs7 };
	struct tsq_ath_aggr a;
	u32 data[40], acks[3] = { 90, 90, 90 };
	int i;

	for (i = 0; i < 40; i++)
		data[i] = 1538;
	/* half the BlockAck window: 32 of 40 */
	CHECK(tsq_ath_tx_form_aggr(&lim, data, 40, &a) == TSQ_OK);
	CHECK_U64(a.nframes, 32);
	CHECK_U64(a.aggr_len, 31 * 1544 + 1542);
	/* the byte limit: the 7th would end at 7 x 1544 - 2 > 10000 */
	lim.aggr_limit = 10000;
	CHECK(tsq_ath_tx_form_aggr(&lim, data, 40, &a) == TSQ_OK);
	CHECK_U64(a.nframes, 6);
	CHECK_U64(a.aggr_len, 6 * 1544 - 2);
	/* the first frame always goes, with its own length */
	lim.aggr_limit = 100;
	CHECK(tsq_ath_tx_form_aggr(&lim, data, 40, &a) == TSQ_OK);
	CHECK(a.nframes == 1 && a.aggr_len == 1538);
	lim.aggr_limit = 65532;
	CHECK(tsq_ath_tx_form_aggr(&lim, data, 5, &a) == TSQ_OK);
	CHECK_U64(a.nframes, 5);			/* all that is queued */

	/* short frames: delimiters up to ATH_AGGR_MINPLEN, 42 for 90 B;
	 * 94 + (2 + 168) per subframe but the last */
	CHECK_U64(tsq_ath_compute_num_delims(&lim, 90), 42);
	CHECK(tsq_ath_tx_form_aggr(&lim, acks, 3, &a) == TSQ_OK);
	CHECK_U64(a.aggr_len, 94 + 170 + 94 + 170 + 94);
	/* the peer's MPDU density: 16 us, long GI, 540 bits: 4 symbols,
	 * 270 B: a 200-B frame needs 17 (more than MINPLEN's 14) */
	lim.rate.sgi = false;
	lim.mpdudensity_us = 16;
	CHECK_U64(tsq_ath_compute_num_delims(&lim, 200), 17);
	CHECK_U64(tsq_ath_compute_num_delims(&lim, 300), 0);
	/* 8 us with the short GI: (40 - 4) / 18 = 2 symbols, 135 B */
	lim.rate.sgi = true;
	lim.mpdudensity_us = 8;
	CHECK_U64(tsq_ath_compute_num_delims(&lim, 90), 42);	/* MINPLEN's */
	CHECK_U64(tsq_ath_compute_num_delims(&lim, 1538), 0);

	/* errors */
	CHECK(tsq_ath_tx_form_aggr(&lim, data, 0, &a) == TSQ_ERR_RANGE);
	CHECK(tsq_ath_tx_form_aggr(NULL, data, 3, &a) == TSQ_ERR_INVAL);
	data[2] = 0;
	CHECK(tsq_ath_tx_form_aggr(&lim, data, 3, &a) == TSQ_ERR_RANGE);
	lim.h_baw = 0;
	CHECK(tsq_ath_tx_form_aggr(&lim, acks, 3, &a) == TSQ_ERR_RANGE);
}

int main(void)
{
	test_limits();
	test_form();
	CHECK_DONE();
}
