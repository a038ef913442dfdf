// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of tsq/ampdu.h: queue accounting, the histogram, the fill
 * and the aggregation-starvation counters.  Expected values are literals
 * worked out by hand (the arithmetic is in the comments).
 */
#include <stdio.h>
#include <string.h>

#include "tsq/ampdu.h"
#include "check.h"

/* Signed comparison: return codes are negative. */

#define CHECK_EQ(a, b)							\
	do {								\
		long long a_ = (long long)(a);	\
		long long b_ = (long long)(b);	\
		if (a_ != b_) {						\
			fprintf(stderr, "%s:%d: %s == %lld, want %s == %lld\n", \
				__FILE__, __LINE__, #a, a_, #b, b_);	\
			check_failures++;				\
		}							\
	} while (0)

#define N_STA 3

/* A 1538-byte MPDU (1500 bytes of IP, 34 of 802.11 QoS header + LLC/SNAP
 * would be 1536; any size works): subframes of 4 + 1538 + 2 padding, the
 * last one unpadded, so k MPDUs make 1544 * k - 2 bytes. */
#define MPDU 1538u

static void test_limits_and_init(void)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
	struct tsq_ampdu_sta sta[N_STA];
	struct tsq_ampdu a;

	CHECK_EQ(lim.max_bytes, 65535);
	CHECK_EQ(lim.max_mpdus, 64);
	CHECK_EQ(lim.max_ppdu_ns, 5484000);

	CHECK_EQ(tsq_ampdu_init(NULL, sta, N_STA, &lim), TSQ_ERR_INVAL);
	CHECK_EQ(tsq_ampdu_init(&a, NULL, N_STA, &lim), TSQ_ERR_INVAL);
	CHECK_EQ(tsq_ampdu_init(&a, sta, 0, &lim), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, NULL), TSQ_ERR_INVAL);
	lim.max_mpdus = 0;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), TSQ_ERR_RANGE);
	lim.max_mpdus = 65;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), TSQ_ERR_RANGE);
	lim.max_mpdus = 64;
	lim.max_bytes = 0;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), TSQ_ERR_RANGE);
	lim.max_bytes = 65535;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), 0);
	CHECK_EQ(a.n_sta, N_STA);
}

static void test_subframe_size(void)
{
	/* empty + 4 delimiter + 1538 */
	CHECK_EQ(tsq_ampdu_size_if_aggregated(0, MPDU), 1542);
	/* 1542 % 4 = 2: pad 2, then 4 + 1538: 1542 + 2 + 4 + 1538 */
	CHECK_EQ(tsq_ampdu_size_if_aggregated(1542, MPDU), 3086);
	/* 1544 % 4 = 0: no pad: 1544 + 4 + 100 */
	CHECK_EQ(tsq_ampdu_size_if_aggregated(1544, 100), 1648);
	/* 41 subframes: 1544 * 42 - 2 = 64846 */
	CHECK_EQ(tsq_ampdu_size_if_aggregated(1544 * 41 - 2, MPDU), 64846);
	/* no overflow at the extremes: 4294967295 + 1 + 4 + 4294967295 */
	CHECK_EQ(tsq_ampdu_size_if_aggregated(UINT32_MAX, UINT32_MAX),
		 8589934595ull);
}

static void test_queue_accounting(void)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
	struct tsq_ampdu_sta sta[N_STA];
	struct tsq_ampdu a;
	struct tsq_ampdu_queue *q;

	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), 0);
	q = &a.sta[1].tid[6].q;

	CHECK_EQ(tsq_ampdu_enqueue(&a, 1, 6, 1500), 0);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 1, 6, 1000), 0);
	CHECK_EQ(q->bytes, 2500);
	CHECK_EQ(q->mpdus, 2);
	CHECK_EQ(q->peak_bytes, 2500);
	CHECK_EQ(q->peak_mpdus, 2);

	CHECK_EQ(tsq_ampdu_dequeue(&a, 1, 6, 1500), 0);
	CHECK_EQ(q->bytes, 1000);
	CHECK_EQ(q->mpdus, 1);
	CHECK_EQ(tsq_ampdu_drop(&a, 1, 6, 1000), 0);
	CHECK_EQ(q->bytes, 0);
	CHECK_EQ(q->mpdus, 0);
	CHECK_EQ(q->peak_bytes, 2500);

	/* Underflow is an error and changes nothing. */
	CHECK_EQ(tsq_ampdu_drop(&a, 1, 6, 0), TSQ_ERR_UNDERFLOW);
	CHECK_EQ(tsq_ampdu_dequeue(&a, 1, 6, 1), TSQ_ERR_UNDERFLOW);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 1, 6, 100), 0);
	CHECK_EQ(tsq_ampdu_dequeue(&a, 1, 6, 200), TSQ_ERR_UNDERFLOW);
	CHECK_EQ(q->bytes, 100);
	CHECK_EQ(q->mpdus, 1);

	CHECK_EQ(q->enq_mpdus, 3);
	CHECK_EQ(q->enq_bytes, 2600);
	CHECK_EQ(q->deq_mpdus, 1);
	CHECK_EQ(q->deq_bytes, 1500);
	CHECK_EQ(q->drop_mpdus, 1);
	CHECK_EQ(q->drop_bytes, 1000);

	/* Other queues untouched; bad indices refused. */
	CHECK_EQ(a.sta[1].tid[0].q.enq_mpdus, 0);
	CHECK_EQ(a.sta[0].tid[6].q.enq_mpdus, 0);
	CHECK_EQ(tsq_ampdu_enqueue(&a, N_STA, 0, 1), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 0, TSQ_AMPDU_NUM_TID, 1), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_dequeue(NULL, 0, 0, 1), TSQ_ERR_INVAL);
	CHECK_EQ(tsq_ampdu_set_throttled(&a, N_STA, 1), TSQ_ERR_RANGE);
}

static struct tsq_ampdu_psdu psdu(u32 n, u32 bytes, u64 air, u32 next)
{
	struct tsq_ampdu_psdu p = {
		.sta = 0, .tid = 0, .n_mpdus = n, .bytes = bytes,
		.airtime_ns = air, .rate_bps = 300000000ull,
		.next_mpdu_bytes = next,
	};

	return p;
}

static void test_left_room(void)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
	struct tsq_ampdu_psdu p;

	/* 10 MPDUs = 1544 * 10 - 2 = 15438 bytes.  One more: 15438 + 2 + 4
	 * + 1538 = 16982 <= 65535; 11 <= 64; extra airtime 1544 * 8 =
	 * 12352 bits at 300 Mb/s = 41173.33 -> 41174 ns, and
	 * 1000000 + 41174 <= 5484000: room. */
	p = psdu(10, 15438, 1000000, MPDU);
	CHECK(tsq_ampdu_left_room(&lim, &p));

	/* Nothing queued: no room to speak of. */
	p = psdu(10, 15438, 1000000, 0);
	CHECK(!tsq_ampdu_left_room(&lim, &p));

	/* Bytes: 42 MPDUs = 64846; one more: 64846 + 2 + 4 + 1538 = 66390
	 * > 65535.  A 4-byte MPDU would still fit: 64846 + 2 + 4 + 4 =
	 * 64856. */
	p = psdu(42, 64846, 2000000, MPDU);
	CHECK(!tsq_ampdu_left_room(&lim, &p));
	p = psdu(42, 64846, 2000000, 4);
	CHECK(tsq_ampdu_left_room(&lim, &p));
	/* Exactly at the limit: 64846 + 2 + 4 + 683 = 65535 fits, 684 not. */
	p = psdu(42, 64846, 2000000, 683);
	CHECK(tsq_ampdu_left_room(&lim, &p));
	p = psdu(42, 64846, 2000000, 684);
	CHECK(!tsq_ampdu_left_room(&lim, &p));

	/* Count: 64 MPDUs (small ones) leave no room. 63 do. */
	p = psdu(64, 64 * 104 - 0, 500000, 100);
	CHECK(!tsq_ampdu_left_room(&lim, &p));
	p = psdu(63, 63 * 104, 500000, 100);
	CHECK(tsq_ampdu_left_room(&lim, &p));

	/* Duration: 5484000 - 41174 = 5442826 is the last airtime at which
	 * the 1538-byte MPDU still fits at 300 Mb/s. */
	p = psdu(10, 15438, 5442826, MPDU);
	CHECK(tsq_ampdu_left_room(&lim, &p));
	p = psdu(10, 15438, 5442827, MPDU);
	CHECK(!tsq_ampdu_left_room(&lim, &p));
	/* Above the limit already (a caller's limit tighter than the PHY). */
	p = psdu(10, 15438, 6000000, MPDU);
	CHECK(!tsq_ampdu_left_room(&lim, &p));
	/* Unknown rate: duration not checked. */
	p = psdu(10, 15438, 6000000, MPDU);
	p.rate_bps = 0;
	CHECK(tsq_ampdu_left_room(&lim, &p));
	/* ath9k's 4 ms: 4000000 - 41174 = 3958826 fits, one ns more not. */
	lim.max_ppdu_ns = TSQ_ATH9K_MAX_AGGR_NS;
	p = psdu(10, 15438, 3958826, MPDU);
	CHECK(tsq_ampdu_left_room(&lim, &p));
	p = psdu(10, 15438, 3958827, MPDU);
	CHECK(!tsq_ampdu_left_room(&lim, &p));

	/* Extreme rates: 1 b/s needs 12352 s (too long); 2^63 b/s next to
	 * nothing (fits). */
	lim = tsq_ampdu_limits_ht();
	p = psdu(10, 15438, 0, MPDU);
	p.rate_bps = 1;
	CHECK(!tsq_ampdu_left_room(&lim, &p));
	p.rate_bps = 1ull << 63;
	CHECK(tsq_ampdu_left_room(&lim, &p));
	p.next_mpdu_bytes = UINT32_MAX;
	CHECK(!tsq_ampdu_left_room(&lim, &p));
}

static void test_histogram_and_starvation(void)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
	struct tsq_ampdu_sta sta[N_STA];
	struct tsq_ampdu a;
	struct tsq_ampdu_psdu p;
	const struct tsq_ampdu_stats *st, *tot;

	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), 0);
	st = &a.sta[0].tid[0].st;
	tot = &a.total;

	/* Room left while more is queued: counts. */
	p = psdu(10, 15438, 1000000, MPDU);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(st->starved_room, 1);
	CHECK_EQ(st->starved_tsq, 0);
	CHECK_EQ(st->starved, 1);

	/* Same size, nothing queued: does not. */
	p = psdu(10, 15438, 1000000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(st->starved, 1);

	/* Full (by bytes) with more queued: does not. */
	p = psdu(42, 64846, 2000000, MPDU);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(st->starved, 1);

	/* Full, but a socket of station 0 sits throttled: counts (tsq). */
	CHECK_EQ(tsq_ampdu_set_throttled(&a, 0, 2), 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(st->starved_room, 1);
	CHECK_EQ(st->starved_tsq, 1);
	CHECK_EQ(st->starved, 2);

	/* Room and throttled: one starved PSDU, both reasons counted. */
	p = psdu(10, 15438, 1000000, MPDU);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(st->starved_room, 2);
	CHECK_EQ(st->starved_tsq, 2);
	CHECK_EQ(st->starved, 3);
	CHECK_EQ(tsq_ampdu_set_throttled(&a, 0, 0), 0);

	/* A single MPDU counts in bin 1; 64 in bin 64. */
	p = psdu(1, 1542, 100000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	p = psdu(64, 64 * 104, 500000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);

	/* Throttled socket at another station does not count here. */
	CHECK_EQ(tsq_ampdu_set_throttled(&a, 2, 1), 0);
	p = psdu(42, 64846, 2000000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(st->starved, 3);

	/* The same PSDU at station 2, TID 5: counts there and in total. */
	p.sta = 2;
	p.tid = 5;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(a.sta[2].tid[5].st.starved_tsq, 1);
	CHECK_EQ(a.sta[2].tid[5].st.hist[42], 1);

	CHECK_EQ(st->psdus, 8);
	CHECK_EQ(st->hist[1], 1);
	CHECK_EQ(st->hist[10], 3);
	CHECK_EQ(st->hist[42], 3);
	CHECK_EQ(st->hist[64], 1);
	CHECK_EQ(st->hist[0], 0);
	/* 1 + 3 * 10 + 3 * 42 + 64 = 221 */
	CHECK_EQ(st->mpdus, 221);
	/* 1542 + 3 * 15438 + 3 * 64846 + 6656 = 249050 */
	CHECK_EQ(st->bytes, 249050);
	/* 100000 + 3 * 1000000 + 3 * 2000000 + 500000 = 9600000 */
	CHECK_EQ(st->airtime_ns, 9600000);

	CHECK_EQ(tot->psdus, 9);
	CHECK_EQ(tot->hist[42], 4);
	CHECK_EQ(tot->starved, 4);
	CHECK_EQ(tot->starved_room, 2);
	CHECK_EQ(tot->starved_tsq, 3);

	/* Bad PSDUs are refused and change nothing. */
	p = psdu(0, 0, 0, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	p = psdu(65, 65 * 104, 0, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	p = psdu(1, 100, 0, 0);
	p.tid = TSQ_AMPDU_NUM_TID;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, NULL), TSQ_ERR_INVAL);
	CHECK_EQ(tot->psdus, 9);

	/* A BlockAck window of 32 caps the count at 32. */
	lim.max_mpdus = 32;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), 0);
	p = psdu(33, 33 * 104, 0, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	p = psdu(32, 32 * 104, 0, 100);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(a.total.starved, 0);
	p = psdu(31, 31 * 104, 0, 100);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(a.total.starved, 1);
}

static void test_fill(void)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
	struct tsq_ampdu_sta sta[1];
	struct tsq_ampdu a;
	struct tsq_ampdu_psdu p;
	struct tsq_ampdu_fill f;
	struct tsq_ampdu_stats big;

	CHECK_EQ(tsq_ampdu_init(&a, sta, 1, &lim), 0);

	/* No PSDU yet: all zero. */
	memset(&f, 0xff, sizeof(f));
	CHECK_EQ(tsq_ampdu_fill(&a.total, &lim, &f), 0);
	CHECK_EQ(f.bytes_ppm, 0);
	CHECK_EQ(f.mean_mpdus_milli, 0);

	p = psdu(42, 64846, 2000000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	p = psdu(10, 15438, 1000000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(tsq_ampdu_fill(&a.total, &lim, &f), 0);
	/* bytes: 80284 / (2 * 65535) = 80284e6 / 131070 = 612527.66 */
	CHECK_EQ(f.bytes_ppm, 612527);
	/* MPDUs: 52 / (2 * 64) = 0.40625 */
	CHECK_EQ(f.mpdus_ppm, 406250);
	/* airtime: 3000000 / (2 * 5484000) = 3e12 / 10968000 = 273522.97 */
	CHECK_EQ(f.airtime_ppm, 273522);
	/* 52 / 2 = 26.000 */
	CHECK_EQ(f.mean_mpdus_milli, 26000);

	/* A third PSDU makes the means fractional. */
	p = psdu(1, 1542, 100000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(tsq_ampdu_fill(&a.total, &lim, &f), 0);
	/* 81826 / (3 * 65535) = 81826e6 / 196605 = 416194.9 */
	CHECK_EQ(f.bytes_ppm, 416194);
	/* 53 / (3 * 64) = 53e6 / 192 = 276041.7 */
	CHECK_EQ(f.mpdus_ppm, 276041);
	/* 3100000 / (3 * 5484000) = 3.1e12 / 16452000 = 188426.9 */
	CHECK_EQ(f.airtime_ppm, 188426);
	/* 53 / 3 = 17.666 */
	CHECK_EQ(f.mean_mpdus_milli, 17666);

	/* A full PSDU is 1000000 ppm of the count limit. */
	CHECK_EQ(tsq_ampdu_init(&a, sta, 1, &lim), 0);
	p = psdu(64, 64 * 104, 5484000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(tsq_ampdu_fill(&a.total, &lim, &f), 0);
	CHECK_EQ(f.mpdus_ppm, 1000000);
	CHECK_EQ(f.airtime_ppm, 1000000);

	/* Saturation instead of overflow. */
	memset(&big, 0, sizeof(big));
	big.psdus = 1;
	big.bytes = UINT64_MAX;
	big.mpdus = 3;
	big.airtime_ns = 1;
	CHECK_EQ(tsq_ampdu_fill(&big, &lim, &f), 0);
	CHECK_EQ(f.bytes_ppm, UINT32_MAX);
	/* 3 / 64 = 46875 ppm; 1 / 5484000 = 0.18 ppm -> 0 */
	CHECK_EQ(f.mpdus_ppm, 46875);
	CHECK_EQ(f.airtime_ppm, 0);
	big.psdus = UINT64_MAX;
	big.bytes = UINT64_MAX - 1;
	CHECK_EQ(tsq_ampdu_fill(&big, &lim, &f), 0);
	/* (2^64 - 2) / (2^64 - 1) of a byte per PSDU, 1e6 / 65535 =
	 * 15.26 ppm: q = 0, r = 2^64 - 2, r / (n / 1e6) = 1000000 -> 15 */
	CHECK_EQ(f.bytes_ppm, 15);

	CHECK_EQ(tsq_ampdu_fill(NULL, &lim, &f), TSQ_ERR_INVAL);
}

int main(void)
{
	test_limits_and_init();
	test_subframe_size();
	test_queue_accounting();
	test_left_room();
	test_histogram_and_starvation();
	test_fill();
	if (!check_failures)
		printf("test_ampdu: ok\n");
	CHECK_DONE();
}
