// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_tso.c - tcp_tso_autosize() forms and the truesize model.
 * Defaults: mss 1448, gso_max_size 65536, MAX_TCP_HEADER 304
 * (cap 65536 - 1 - 304 = 65231), min_tso_segs 2, gso_max_segs 65535.
 */
#include "check.h"
#include "tsq/tso.h"

static uint32_t segs(enum tsq_tso_form f, uint64_t rate, uint32_t shift,
		     uint32_t mss, uint32_t min_rtt)
{
	struct tsq_tso_in in;
	uint32_t s = 0;

	tsq_tso_in_init(&in);
	in.form = f;
	in.pacing_rate = rate;
	in.pacing_shift = shift;
	in.mss = mss;
	in.min_rtt_us = min_rtt;
	CHECK(tsq_tso_autosize(&in, &s) == TSQ_OK);
	return s;
}

#define UNK TSQ_MIN_RTT_UNKNOWN

static void test_table(void)
{
	/* 3.19, 1 Gb/s: min(122070, 65231) / 1448 = 45 (45*1448 = 65160) */
	CHECK_U64(segs(TSQ_TSO_3_19, 125000000, 10, 1448, UNK), 45);
	/* 3.19, 100 Mb/s: 12207 / 1448 = 8 */
	CHECK_U64(segs(TSQ_TSO_3_19, 12500000, 10, 1448, UNK), 8);
	/* 3.19, 10 Mb/s: 1220 / 1448 = 0 -> min_tso_segs 2 */
	CHECK_U64(segs(TSQ_TSO_3_19, 1250000, 10, 1448, UNK), 2);
	/* 3.19 ignores the shift */
	CHECK_U64(segs(TSQ_TSO_3_19, 12500000, 6, 1448, UNK), 8);
	/* 4.15 shift 8, 100 Mb/s: 48828 / 1448 = 33 (33*1448 = 47784) */
	CHECK_U64(segs(TSQ_TSO_4_15, 12500000, 8, 1448, UNK), 33);
	/* 4.15 shift 6, 100 Mb/s: min(195312, 65231) / 1448 = 45 */
	CHECK_U64(segs(TSQ_TSO_4_15, 12500000, 6, 1448, UNK), 45);
	/* 4.15 shift 10 == 3.19 */
	CHECK_U64(segs(TSQ_TSO_4_15, 12500000, 10, 1448, UNK), 8);
	/* 5.18, 100 Mb/s, min_rtt 1000: r = 1000 >> 9 = 1, 12207 + 32768 = 44975,
	 * 44975 / 1448 = 31 (31*1448 = 44888) */
	CHECK_U64(segs(TSQ_TSO_5_18, 12500000, 10, 1448, 1000), 31);
	/* min_rtt 1500: r = 2, + 16384 = 28591 / 1448 = 19 (19*1448 = 27512) */
	CHECK_U64(segs(TSQ_TSO_5_18, 12500000, 10, 1448, 1500), 19);
	/* min_rtt 3000: r = 5, + 2048 = 14255 / 1448 = 9 */
	CHECK_U64(segs(TSQ_TSO_5_18, 12500000, 10, 1448, 3000), 9);
	/* min_rtt unknown (~0U): r huge, no addition: 12207 / 1448 = 8 */
	CHECK_U64(segs(TSQ_TSO_5_18, 12500000, 10, 1448, UNK), 8);
	/* min_rtt 100 us: r = 0, + 65536 = 77743, min 65536 / 1448 = 45 */
	CHECK_U64(segs(TSQ_TSO_5_18, 12500000, 10, 1448, 100), 45);
	/* 5.18 at 10 Gb/s shift 10: min(1220703 + ..., 65536) / 1448 = 45 */
	CHECK_U64(segs(TSQ_TSO_5_18, 1250000000, 10, 1448, UNK), 45);
}

static void test_extreme(void)
{
	struct tsq_tso_in in;
	uint32_t s;

	/* unknown u64 rate, shift 0, min_rtt 0: bytes saturate, min 65536 -> 45 */
	CHECK_U64(segs(TSQ_TSO_5_18, UINT64_MAX, 0, 1448, 0), 45);
	/* unknown u64 rate on a 3.19 form is seen as ~0U: 4194303 -> 65231/1448 = 45 */
	CHECK_U64(segs(TSQ_TSO_3_19, UINT64_MAX, 10, 1448, UNK), 45);
	/* mss 1: 3.19, 1 Gb/s: 65231 segments (< gso_max_segs 65535) */
	CHECK_U64(segs(TSQ_TSO_3_19, 125000000, 10, 1, UNK), 65231);
	/* mss 1, 5.18, min_rtt 0: 65536 > 65535 -> gso_max_segs 65535 */
	CHECK_U64(segs(TSQ_TSO_5_18, 125000000, 10, 1, 0), 65535);
	/* rate 0: min_tso_segs */
	CHECK_U64(segs(TSQ_TSO_4_15, 0, 10, 1448, UNK), 2);
	tsq_tso_in_init(&in);
	in.form = TSQ_TSO_3_19;
	in.pacing_rate = 125000000;
	in.gso_max_segs = 16;
	CHECK(tsq_tso_autosize(&in, &s) == TSQ_OK);
	CHECK_U64(s, 16);			/* min(45, 16) */
	in.mss = 0;
	CHECK(tsq_tso_autosize(&in, &s) == TSQ_ERR_INVAL);
	in.mss = 1448;
	in.pacing_shift = 32;
	CHECK(tsq_tso_autosize(&in, &s) == TSQ_ERR_RANGE);
	in.pacing_shift = 10;
	in.gso_max_size = 305;			/* <= 1 + 304: would underflow */
	CHECK(tsq_tso_autosize(&in, &s) == TSQ_ERR_INVAL);
	in.form = TSQ_TSO__COUNT;
	CHECK(tsq_tso_autosize(&in, &s) == TSQ_ERR_INVAL);
}

static void test_properties(void)
{
	uint64_t seed = 4242;
	int i;

	for (i = 0; i < 20000; i++) {
		uint64_t rate = xorshift64(&seed) >> (xorshift64(&seed) & 63);
		uint32_t mss = 1 + (uint32_t)(xorshift64(&seed) % 9000);
		uint32_t a = segs(TSQ_TSO_3_19, rate, 10, mss, UNK);

		CHECK(segs(TSQ_TSO_4_15, rate, 10, mss, UNK) == a);
		CHECK(segs(TSQ_TSO_4_15, rate, 9, mss, UNK) >= a);
		CHECK(a >= 2 && a <= 65535);
		CHECK(segs(TSQ_TSO_5_18, rate, 10, mss, 1000) >=
		      segs(TSQ_TSO_5_18, rate, 10, mss, 3000));
	}
}

static void test_truesize(void)
{
	const struct tsq_truesize_model *m = &tsq_truesize_linux_6_18;
	const struct tsq_truesize_model *e = &tsq_truesize_linux_4_14_est;

	CHECK_U64(tsq_skb_truesize(m, 1448), 2280);		/* measured */
	CHECK_U64(tsq_skb_truesize(m, 45 * 1448), 65992);	/* measured */
	CHECK_U64(tsq_skb_truesize(m, 0), 832);
	CHECK(!m->estimate);
	CHECK(e->estimate);
	CHECK_U64(tsq_skb_truesize(e, 100), 2304);		/* fits the head */
	CHECK_U64(tsq_skb_truesize(e, 1424), 2304);		/* exactly the head */
	CHECK_U64(tsq_skb_truesize(e, 1448), 2328);		/* + 24 in a frag */
	CHECK_U64(tsq_skb_truesize(e, 65160), 66040);
	CHECK_U64(tsq_skb_truesize(m, 0xffffffffu), 0xffffffffu);	/* saturates */
	CHECK_U64(tsq_skb_truesize(NULL, 1), 0);
}

static void test_split_point(void)
{
	/* mid-queue skb, window wide: mss * max_segs = 1448 * 10 = 14480 */
	CHECK_U64(tsq_mss_split_point(1448, 10, 1000000, 65000, false, false), 14480);
	/* window smaller than max_len: needed = min(65000, 5000) = 5000;
	 * 14480 > 5000; partial = 5000 % 1448 = 656; no Nagle hold -> 5000 */
	CHECK_U64(tsq_mss_split_point(1448, 10, 5000, 65000, false, false), 5000);
	/* same with Nagle holding the partial: 5000 - 656 = 4344 */
	CHECK_U64(tsq_mss_split_point(1448, 10, 5000, 65000, false, true), 4344);
	/* tail skb with 3000 bytes: needed = 3000 < 14480; partial 104 -> 3000 */
	CHECK_U64(tsq_mss_split_point(1448, 10, 1000000, 3000, true, false), 3000);
	/* tail skb with more data than max_len: max_len 14480 <= needed 20000 */
	CHECK_U64(tsq_mss_split_point(1448, 10, 1000000, 20000, true, true), 14480);
	/* max_segs 0 (cwnd-limited): max_len 0 <= window, not tail -> 0 */
	CHECK_U64(tsq_mss_split_point(1448, 0, 1000000, 20000, false, false), 0);
	CHECK_U64(tsq_mss_split_point(0, 10, 1000, 1000, false, false), 0);
	/* no overflow: 4294967295 * 65535 does not fit in u32; window caps */
	CHECK_U64(tsq_mss_split_point(0xffffffffu, 65535, 0xffffffffu, 7, true, false), 7);
}

static void test_burst_share(void)
{
	/* 3 segments of a 4608-byte skb: 4608 / 3 = 1536 each, 0 left */
	CHECK_U64(tsq_burst_share(4608, 3, 0), 1536);
	CHECK_U64(tsq_burst_share(4608, 3, 2), 1536);
	/* 7000 / 3 = 2333 r 1: last gets 2334; 2333 + 2333 + 2334 = 7000 */
	CHECK_U64(tsq_burst_share(7000, 3, 0), 2333);
	CHECK_U64(tsq_burst_share(7000, 3, 1), 2333);
	CHECK_U64(tsq_burst_share(7000, 3, 2), 2334);
	CHECK_U64(tsq_burst_share(7000, 1, 0), 7000);
	CHECK_U64(tsq_burst_share(7000, 0, 0), 0);
	CHECK_U64(tsq_burst_share(7000, 3, 3), 0);
	/* 2 bytes over 5 segments: 0,0,0,0,2 */
	CHECK_U64(tsq_burst_share(2, 5, 0), 0);
	CHECK_U64(tsq_burst_share(2, 5, 4), 2);
}

static void test_gso_segment_truesize(void)
{
	/* 1448 + 304 = 1752 -> 1792 + 320 = 2112 > 2048: kmalloc-4096 */
	CHECK_U64(tsq_gso_segment_truesize(1448, 304), 4352);
	/* 1448 + 272 = 1720 -> 1728 + 320 = 2048: kmalloc-2048 */
	CHECK_U64(tsq_gso_segment_truesize(1448, 272), 2304);
	/* a short last segment: 100 + 304 -> 448 + 320 = 768 -> 1024 */
	CHECK_U64(tsq_gso_segment_truesize(100, 304), 1280);
	/* 9000-byte jumbo: 9304 -> 9344 + 320 = 9664 -> 16384 */
	CHECK_U64(tsq_gso_segment_truesize(9000, 304), 16640);
	CHECK_U64(tsq_gso_segment_truesize(0, 304), 0);
	/* saturates */
	CHECK_U64(tsq_gso_segment_truesize(0xffffffffu, 304), 0xffffffffu);
}

int main(void)
{
	test_gso_segment_truesize();
	test_split_point();
	test_burst_share();
	test_table();
	test_extreme();
	test_properties();
	test_truesize();
	CHECK_DONE();
}
