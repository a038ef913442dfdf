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
	CHECK_EQ(tsq_ampdu_init(&a, NULL, 0, &lim), 0);
	CHECK_EQ(a.n_sta, 0);
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, NULL), TSQ_ERR_INVAL);
	lim.max_mpdus = 0;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), TSQ_ERR_RANGE);
	lim.max_mpdus = 257;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), TSQ_ERR_RANGE);
	lim.max_mpdus = 256;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), 0);
	lim.max_mpdus = 64;
	lim.max_bytes = 0;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), TSQ_ERR_RANGE);
	lim.max_bytes = 65535;
	CHECK_EQ(tsq_ampdu_init(&a, sta, N_STA, &lim), 0);
	CHECK_EQ(a.n_sta, N_STA);
}

/*
 * Stations one at a time, as a caller that gives a receiver its entry when
 * its first frame is counted: none at first (every index refused), then
 * each added one zeroed and usable, the counts of the earlier ones kept
 * when the caller moves its array to a larger one.
 */
static void test_add_sta(void)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();
	struct tsq_ampdu_sta small[2], large[N_STA];
	struct tsq_ampdu_psdu p;
	struct tsq_ampdu a;

	memset(small, 0xa5, sizeof(small));
	memset(large, 0xa5, sizeof(large));
	CHECK_EQ(tsq_ampdu_init(&a, NULL, 0, &lim), 0);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 0, 0, 100), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_set_throttled(&a, 0, 1), TSQ_ERR_RANGE);
	memset(&p, 0, sizeof(p));
	p.n_mpdus = 1;
	p.bytes = 100;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	CHECK_EQ(a.total.psdus, 0);

	CHECK_EQ(tsq_ampdu_add_sta(NULL, small), TSQ_ERR_INVAL);
	CHECK_EQ(tsq_ampdu_add_sta(&a, NULL), TSQ_ERR_INVAL);
	CHECK_EQ(a.n_sta, 0);

	/* station 0: zeroed, counted */
	CHECK_EQ(tsq_ampdu_add_sta(&a, small), 0);
	CHECK_EQ(a.n_sta, 1);
	CHECK_EQ(small[0].tid[3].q.enq_mpdus, 0);
	CHECK_EQ(small[0].throttled, 0);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 0, 3, 100), 0);
	CHECK_EQ(tsq_ampdu_set_throttled(&a, 0, 2), 0);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 1, 3, 100), TSQ_ERR_RANGE);

	/* station 1 in the same array */
	CHECK_EQ(tsq_ampdu_add_sta(&a, small), 0);
	CHECK_EQ(a.n_sta, 2);
	CHECK_EQ(small[1].tid[3].q.mpdus, 0);
	CHECK_EQ(small[1].throttled, 0);
	CHECK_EQ(small[0].tid[3].q.mpdus, 1);
	CHECK_EQ(tsq_ampdu_enqueue(&a, 1, 3, 200), 0);

	/* station 2: the caller moved the two to a larger array */
	memcpy(large, small, sizeof(small));
	memset(small, 0xa5, sizeof(small));
	CHECK_EQ(tsq_ampdu_add_sta(&a, large), 0);
	CHECK_EQ(a.n_sta, 3);
	CHECK_EQ(large[2].tid[3].q.enq_mpdus, 0);
	CHECK_EQ(large[0].tid[3].q.bytes, 100);
	CHECK_EQ(large[0].throttled, 2);
	CHECK_EQ(large[1].tid[3].q.bytes, 200);
	CHECK_EQ(tsq_ampdu_dequeue(&a, 1, 3, 200), 0);
	CHECK_EQ(large[1].tid[3].q.deq_bytes, 200);
	p.sta = 2;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(large[2].tid[0].st.psdus, 1);
	CHECK_EQ(a.total.psdus, 1);

	/* the count cannot wrap */
	a.n_sta = UINT32_MAX;
	CHECK_EQ(tsq_ampdu_add_sta(&a, large), TSQ_ERR_RANGE);
	CHECK_EQ(a.n_sta, UINT32_MAX);

	tsq_ampdu_sta_init(NULL);
	tsq_ampdu_sta_init(&small[1]);
	CHECK_EQ(small[1].tid[7].st.starved, 0);
	CHECK_EQ(small[1].throttled, 0);
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
	CHECK_EQ(a.sta[2].tid[5].st.psdus, 1);

	/* The device's histogram: station 0's eight and this one. */
	CHECK_EQ(st->psdus, 8);
	CHECK_EQ(a.hist[1], 1);
	CHECK_EQ(a.hist[10], 3);
	CHECK_EQ(a.hist[42], 4);
	CHECK_EQ(a.hist[64], 1);
	CHECK_EQ(a.hist[0], 0);
	/* 1 + 3 * 10 + 3 * 42 + 64 = 221 */
	CHECK_EQ(st->mpdus, 221);
	/* 1542 + 3 * 15438 + 3 * 64846 + 6656 = 249050 */
	CHECK_EQ(st->bytes, 249050);
	/* 100000 + 3 * 1000000 + 3 * 2000000 + 500000 = 9600000 */
	CHECK_EQ(st->airtime_ns, 9600000);

	CHECK_EQ(tot->psdus, 9);
	CHECK_EQ(tot->starved, 4);
	CHECK_EQ(tot->starved_room, 2);
	CHECK_EQ(tot->starved_tsq, 3);

	/* Bad PSDUs are refused and change nothing. */
	p = psdu(0, 0, 0, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	p = psdu(65, 65 * 104, 0, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	/* ... unless the PSDU brings HE limits of a 256-MPDU agreement */
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 0, 256, &p.lim), 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(a.hist[65], 1);
	p = psdu(256, 256 * 104, 0, 0);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 0, 256, &p.lim), 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(a.hist[256], 1);
	p.n_mpdus = 257;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	/* limits the accounting cannot take are refused, not used */
	p.n_mpdus = 1;
	p.lim.max_bytes = 0;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	p.lim.max_bytes = 1000;
	p.lim.max_mpdus = 257;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	CHECK_EQ(tot->psdus, 11);
	p = psdu(1, 100, 0, 0);
	p.tid = TSQ_AMPDU_NUM_TID;
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, NULL), TSQ_ERR_INVAL);
	CHECK_EQ(tot->psdus, 11);

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
	CHECK_EQ(tsq_ampdu_fill(&a.total, &f), 0);
	CHECK_EQ(f.bytes_ppm, 0);
	CHECK_EQ(f.mean_mpdus_milli, 0);

	p = psdu(42, 64846, 2000000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	p = psdu(10, 15438, 1000000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(tsq_ampdu_fill(&a.total, &f), 0);
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
	CHECK_EQ(tsq_ampdu_fill(&a.total, &f), 0);
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
	CHECK_EQ(tsq_ampdu_fill(&a.total, &f), 0);
	CHECK_EQ(f.mpdus_ppm, 1000000);
	CHECK_EQ(f.airtime_ppm, 1000000);

	/* Each PSDU against its own limits: a full HT one (64 of 64) and
	 * an HE one of 64 MPDUs under a 256-MPDU agreement (64 of 256):
	 * (1000000 + 250000) / 2 = 625000 ppm, where the device's HT limits
	 * alone would have said 1000000. */
	CHECK_EQ(tsq_ampdu_init(&a, sta, 1, &lim), 0);
	p = psdu(64, 64 * 104, 5484000, 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 10, 256, &p.lim), 0);
	CHECK_EQ(tsq_ampdu_psdu_tx(&a, &p), 0);
	CHECK_EQ(tsq_ampdu_fill(&a.total, &f), 0);
	CHECK_EQ(f.mpdus_ppm, 625000);
	/* bytes: 6656e6 / 65535 = 101564.0 and 6656e6 / 6500631 = 1023.9:
	 * (101564 + 1023) / 2 = 51293.5 */
	CHECK_EQ(f.bytes_ppm, 51293);
	CHECK_EQ(f.airtime_ppm, 1000000);

	/* Saturation instead of overflow. */
	memset(&big, 0, sizeof(big));
	big.psdus = 1;
	big.fill_bytes_ppm = UINT64_MAX;
	big.mpdus = 3;
	big.fill_mpdus_ppm = 46875;
	CHECK_EQ(tsq_ampdu_fill(&big, &f), 0);
	CHECK_EQ(f.bytes_ppm, UINT32_MAX);
	CHECK_EQ(f.mpdus_ppm, 46875);
	CHECK_EQ(f.airtime_ppm, 0);
	CHECK_EQ(f.mean_mpdus_milli, 3000);
	big.psdus = UINT64_MAX;
	big.mpdus = UINT64_MAX - 1;
	CHECK_EQ(tsq_ampdu_fill(&big, &f), 0);
	/* (2^64 - 2) / (2^64 - 1) MPDUs per PSDU, 0.99999...: the scaled
	 * division of mean_ppm (r / (n / 1e6)) rounds it up to 1.000 */
	CHECK_EQ(f.mean_mpdus_milli, 1000);
	CHECK_EQ(f.bytes_ppm, 1);

	CHECK_EQ(tsq_ampdu_fill(NULL, &f), TSQ_ERR_INVAL);
}

/* The limits per format and agreement, worked out from the standard. */
static void test_limits_per_format(void)
{
	struct tsq_ampdu_limits l;

	/* HT: 2^(13+3) - 1, 64 MPDUs, 5.484 ms: the same as _ht() */
	CHECK_EQ(tsq_ampdu_limits_max(TSQ_AMPDU_HT, &l), 0);
	CHECK_EQ(l.max_bytes, 65535);
	CHECK_EQ(l.max_mpdus, 64);
	CHECK_EQ(l.max_ppdu_ns, 5484000);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HT, 0, 32, &l), 0);
	CHECK_EQ(l.max_bytes, 8191);
	CHECK_EQ(l.max_mpdus, 32);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HT, 4, 64, &l),
		 TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HT, 3, 65, &l),
		 TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HT, 3, 0, &l),
		 TSQ_ERR_RANGE);

	/* VHT: 2^(13+7) - 1 = 1048575, still 64 MPDUs */
	CHECK_EQ(tsq_ampdu_limits_max(TSQ_AMPDU_VHT, &l), 0);
	CHECK_EQ(l.max_bytes, 1048575);
	CHECK_EQ(l.max_mpdus, 64);
	CHECK_EQ(l.max_ppdu_ns, 5484000);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_VHT, 8, 64, &l),
		 TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_VHT, 7, 256, &l),
		 TSQ_ERR_RANGE);

	/* HE: exponent 7 + extension 3 = 2^23 - 1 = 8388607, capped at
	 * aPSDUMaxLength 6500631; extension 1: 2^21 - 1 = 2097151 */
	CHECK_EQ(tsq_ampdu_limits_max(TSQ_AMPDU_HE, &l), 0);
	CHECK_EQ(l.max_bytes, 6500631);
	CHECK_EQ(l.max_mpdus, 256);
	CHECK_EQ(l.max_ppdu_ns, 5484000);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 8, 64, &l), 0);
	CHECK_EQ(l.max_bytes, 2097151);
	CHECK_EQ(l.max_mpdus, 64);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 11, 256, &l),
		 TSQ_ERR_RANGE);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 10, 257, &l),
		 TSQ_ERR_RANGE);

	/* An error leaves *out alone; bad format or pointer: INVAL */
	l.max_bytes = 1;
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HE, 11, 1, &l),
		 TSQ_ERR_RANGE);
	CHECK_EQ(l.max_bytes, 1);
	CHECK_EQ(tsq_ampdu_limits_agreed((enum tsq_ampdu_format)0, 0, 1, &l),
		 TSQ_ERR_INVAL);
	CHECK_EQ(tsq_ampdu_limits_agreed(TSQ_AMPDU_HT, 0, 1, NULL),
		 TSQ_ERR_INVAL);
	CHECK_EQ(tsq_ampdu_limits_max((enum tsq_ampdu_format)4, &l),
		 TSQ_ERR_INVAL);

	/* Exponent of a length: the smallest that holds it */
	CHECK_EQ(tsq_ampdu_len_exp(0), 0);
	CHECK_EQ(tsq_ampdu_len_exp(8191), 0);
	CHECK_EQ(tsq_ampdu_len_exp(8192), 1);
	CHECK_EQ(tsq_ampdu_len_exp(65535), 3);
	CHECK_EQ(tsq_ampdu_len_exp(1048575), 7);
	CHECK_EQ(tsq_ampdu_len_exp(6500631), 10);
	CHECK_EQ(tsq_ampdu_len_exp(8388607), 10);
	CHECK_EQ(tsq_ampdu_len_exp(UINT32_MAX), 18);
}

int main(void)
{
	test_limits_and_init();
	test_add_sta();
	test_limits_per_format();
	test_subframe_size();
	test_queue_accounting();
	test_left_room();
	test_histogram_and_starvation();
	test_fill();
	if (!check_failures)
		printf("test_ampdu: ok\n");
	CHECK_DONE();
}
