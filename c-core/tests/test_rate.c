// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rate.c - tcp_rate.c (4.16): samples worked out by hand.
 *
 * Units in these tests: delivered counts packets (as Linux), clocks us.
 * The clock starts at 1000000 us (the kernel's clock is never 0).
 */
#include "check.h"
#include "tsq/rate.h"

#define T0 1000000ULL
#define NO_MIN_RTT 0U

/* One ACK for skbs [first, last] of arr, each one packet, at now. */
static void ack_range(struct tsq_rate_conn *tp, struct tsq_rate_skb *arr,
		      const u64 *sent_at, int first, int last, u64 now,
		      u32 min_rtt, struct tsq_rate_sample *rs)
{
	int i;

	tsq_rate_sample_init(rs);
	for (i = first; i <= last; i++) {
		tsq_rate_delivered_add(tp, 1, now);
		tsq_rate_skb_delivered(tp, &arr[i], sent_at[i], false, false,
				       rs);
	}
	tsq_rate_gen(tp, now, (u32)(last - first + 1), 0, false, min_rtt, rs);
}

/*
 * Steady ACK clock: one packet sent every 100 us, RTT 10 ms, each ACK
 * acks one packet and releases one. In steady state the sample of the
 * ACK of packet k starts at the delivery the ACK that released k
 * recorded: 100 packets later, 10 ms later -> 100 packets / 10000 us.
 */
static void test_steady_clock(void)
{
	enum { N = 400 };
	static struct tsq_rate_skb skb[N];
	static u64 sent_at[N];
	struct tsq_rate_conn tp;
	struct tsq_rate_sample rs;
	u32 out = 0;
	int next = 0, acked = 0, valid = 0;
	u64 now;

	tsq_rate_conn_init(&tp);
	/* a window of 100 packets at T0 .. T0 + 9900 */
	for (; next < 100; next++) {
		sent_at[next] = T0 + (u64)next * 100;
		tsq_rate_skb_sent(&tp, &skb[next], sent_at[next], out++);
	}
	/* the first window's skbs all carry the start: delivered 0 at T0 */
	CHECK_U64(skb[0].delivered_mstamp, T0);
	CHECK_U64(skb[99].delivered_mstamp, T0);
	CHECK_U64(skb[99].first_tx_mstamp, T0);
	/* from now on: ACK of packet k at sent_at[k] + 10000, send one more */
	while (next < N) {
		now = sent_at[acked] + 10000;
		ack_range(&tp, skb, sent_at, acked, acked, now, 5000, &rs);
		out--;
		acked++;
		if (acked > 100) {
			/*
			 * steady: 100 delivered; k was sent when k - 100 was
			 * acked, 10000 us after k - 100's send (snd) and
			 * 10000 us before its own ACK (ack)
			 */
			CHECK_U64(rs.delivered, 100);
			CHECK_U64(rs.interval_us, 10000);
			CHECK_U64(rs.snd_us, 10000);
			CHECK_U64(rs.ack_us, 10000);
			/* 100 packets of 1500 B in 10 ms = 120 Mb/s */
			CHECK_U64(
			    tsq_rate_sample_bw(&rs, 1500ULL * 8 * 1000000),
			    120000000);
			valid++;
		}
		sent_at[next] = now;
		tsq_rate_skb_sent(&tp, &skb[next], now, out++);
		next++;
	}
	CHECK_U64(valid, 200);
	CHECK_U64(tp.rate_delivered, 100);
	CHECK_U64(tp.rate_interval_us, 10000);
	CHECK(!tp.rate_app_limited);
	/* the first ACK: 1 delivered since T0, 10000 us: valid, >= min_rtt */
	{
		struct tsq_rate_conn t2;
		struct tsq_rate_skb s2[2];
		u64 at[2] = {T0, T0 + 100};

		tsq_rate_conn_init(&t2);
		tsq_rate_skb_sent(&t2, &s2[0], at[0], 0);
		tsq_rate_skb_sent(&t2, &s2[1], at[1], 1);
		ack_range(&t2, s2, at, 0, 0, T0 + 10000, 5000, &rs);
		CHECK_U64(rs.delivered, 1);
		CHECK_U64(rs.prior_delivered, 0);
		CHECK_U64(rs.prior_mstamp, T0);
		CHECK_U64(rs.interval_us, 10000);
		CHECK_U64(t2.first_tx_mstamp, T0);
		CHECK_U64(t2.delivered_mstamp, T0 + 10000);
	}
}

/*
 * interval = max(send phase, ack phase).
 * ACK compression: 10 packets sent over 5000 us, the ACK of all ten
 * arrives 3000 us after the delivery that started their window:
 * snd 5000 > ack 3000 -> interval 5000 (10 / 5 ms, not 10 / 3 ms).
 * Normal case: sent in 1000 us, acked 10000 us after -> interval 10000.
 */
static void test_max_rule(void)
{
	struct tsq_rate_conn tp;
	struct tsq_rate_sample rs;
	struct tsq_rate_skb skb[10];
	u64 at[10];
	int i;

	tsq_rate_conn_init(&tp);
	for (i = 0; i < 10; i++) {
		at[i] = T0 + (u64)i * 5000 / 9; /* T0 .. T0 + 5000 */
		tsq_rate_skb_sent(&tp, &skb[i], at[i], (u32)i);
	}
	CHECK_U64(at[9], T0 + 5000);
	/* pretend the window started from a delivery at T0 + 3000 */
	for (i = 0; i < 10; i++)
		skb[i].delivered_mstamp = T0 + 3000;
	/* ... and acked at T0 + 6000: ack phase 3000 */
	ack_range(&tp, skb, at, 0, 9, T0 + 6000, NO_MIN_RTT, &rs);
	CHECK_U64(rs.snd_us, 5000);
	CHECK_U64(rs.ack_us, 3000);
	CHECK_U64(rs.interval_us, 5000);
	CHECK_U64(rs.delivered, 10);
	CHECK_U64(rs.acked_sacked, 10);
	CHECK_U64(tsq_rate_sample_bw(&rs, 1000000), 2000); /* pkts/s */

	tsq_rate_conn_init(&tp);
	for (i = 0; i < 10; i++) {
		at[i] = T0 + (u64)i * 1000 / 9;
		tsq_rate_skb_sent(&tp, &skb[i], at[i], (u32)i);
	}
	ack_range(&tp, skb, at, 0, 9, T0 + 10000, NO_MIN_RTT, &rs);
	CHECK_U64(rs.snd_us, 1000);
	CHECK_U64(rs.ack_us, 10000);
	CHECK_U64(rs.interval_us, 10000);
	CHECK_U64(tsq_rate_sample_bw(&rs, 1000000), 1000);

	/* the chosen skb is the one sent last (highest tx.delivered) */
	tsq_rate_conn_init(&tp);
	tsq_rate_skb_sent(&tp, &skb[0], T0, 0);
	tsq_rate_skb_sent(&tp, &skb[1], T0 + 100, 1);
	ack_range(&tp, skb, at, 0, 0, T0 + 10000, NO_MIN_RTT, &rs);
	tsq_rate_skb_sent(&tp, &skb[2], T0 + 10000, 1); /* delivered 1 */
	tsq_rate_sample_init(&rs);
	tsq_rate_delivered_add(&tp, 1, T0 + 20000);
	tsq_rate_skb_delivered(&tp, &skb[2], T0 + 10000, false, true, &rs);
	tsq_rate_delivered_add(&tp, 1, T0 + 20000);
	tsq_rate_skb_delivered(&tp, &skb[1], T0 + 100, false, false, &rs);
	tsq_rate_gen(&tp, T0 + 20000, 2, 0, false, NO_MIN_RTT, &rs);
	CHECK_U64(rs.prior_delivered, 1);
	CHECK_U64(rs.prior_mstamp, T0 + 10000);
	CHECK_U64(rs.delivered, 2);
	CHECK_U64(rs.interval_us, 10000);
	/* the SACKed skb was marked off; the cumulatively acked one not */
	CHECK_U64(skb[2].delivered_mstamp, 0);
	CHECK(skb[1].delivered_mstamp != 0);
	/* a stretch ACK: the later of two skbs (higher delivered) wins */
	tsq_rate_skb_sent(&tp, &skb[3], T0 + 20000, 1); /* delivered 3 */
	tsq_rate_skb_sent(&tp, &skb[4], T0 + 20100, 2); /* delivered 3 */
	tsq_rate_sample_init(&rs); /* ACK of skb[3] alone */
	tsq_rate_delivered_add(&tp, 1, T0 + 25000);
	tsq_rate_skb_delivered(&tp, &skb[3], T0 + 20000, false, false, &rs);
	tsq_rate_gen(&tp, T0 + 25000, 1, 0, false, NO_MIN_RTT, &rs);
	tsq_rate_skb_sent(&tp, &skb[5], T0 + 25000, 2); /* delivered 4 */
	tsq_rate_sample_init(&rs); /* ACK of skb[4] and skb[5] */
	tsq_rate_delivered_add(&tp, 1, T0 + 40000);
	tsq_rate_skb_delivered(&tp, &skb[4], T0 + 20100, false, false, &rs);
	CHECK_U64(rs.prior_delivered, 3);
	tsq_rate_delivered_add(&tp, 1, T0 + 40000);
	tsq_rate_skb_delivered(&tp, &skb[5], T0 + 25000, false, false, &rs);
	tsq_rate_gen(&tp, T0 + 40000, 2, 0, false, NO_MIN_RTT, &rs);
	CHECK_U64(rs.prior_delivered, 4);
	CHECK_U64(rs.prior_mstamp, T0 + 25000);
	CHECK_U64(rs.delivered, 2);
	CHECK_U64(rs.snd_us, 5000); /* 25000 - its first_tx 20000 */
	CHECK_U64(rs.interval_us, 15000);
	CHECK_U64(tp.first_tx_mstamp, T0 + 25000);
	/* a marked-off skb acked again changes nothing */
	tsq_rate_sample_init(&rs);
	tsq_rate_skb_delivered(&tp, &skb[2], T0 + 10000, false, false, &rs);
	CHECK_U64(rs.prior_mstamp, 0);
	tsq_rate_gen(&tp, T0 + 30000, 0, 0, false, NO_MIN_RTT, &rs);
	CHECK(rs.delivered == -1 && rs.interval_us == -1);
	CHECK_U64(tsq_rate_sample_bw(&rs, 1000000), 0);
}

/*
 * A sample shorter than min_rtt is rejected: interval_us = -1, delivered
 * kept, nothing recorded. 10 packets sent at once, acked 2000 us later,
 * min_rtt 5000 us.
 */
static void test_min_rtt(void)
{
	struct tsq_rate_conn tp;
	struct tsq_rate_sample rs;
	struct tsq_rate_skb skb[10];
	u64 at[10];
	int i;

	tsq_rate_conn_init(&tp);
	for (i = 0; i < 10; i++) {
		at[i] = T0;
		tsq_rate_skb_sent(&tp, &skb[i], at[i], (u32)i);
	}
	ack_range(&tp, skb, at, 0, 9, T0 + 2000, 5000, &rs);
	CHECK(rs.interval_us == -1);
	CHECK_U64(rs.delivered, 10);
	CHECK_U64(tsq_rate_sample_bw(&rs, 1000000), 0);
	CHECK_U64(tp.rate_delivered, 0);
	CHECK_U64(tp.rate_interval_us, 0);
	/* exactly min_rtt is accepted */
	tsq_rate_conn_init(&tp);
	for (i = 0; i < 10; i++)
		tsq_rate_skb_sent(&tp, &skb[i], at[i], (u32)i);
	ack_range(&tp, skb, at, 0, 9, T0 + 5000, 5000, &rs);
	CHECK_U64(rs.interval_us, 5000);
	CHECK_U64(tp.rate_delivered, 10);
	CHECK_U64(tp.rate_interval_us, 5000);
	/* unknown min_rtt (~0U) rejects everything, as tcp_min_rtt() does */
	tsq_rate_conn_init(&tp);
	for (i = 0; i < 10; i++)
		tsq_rate_skb_sent(&tp, &skb[i], at[i], (u32)i);
	ack_range(&tp, skb, at, 0, 9, T0 + 50000, TSQ_MIN_RTT_UNKNOWN, &rs);
	CHECK(rs.interval_us == -1);
	/* SACK reneging: invalid, delivered -1 */
	tsq_rate_conn_init(&tp);
	for (i = 0; i < 10; i++)
		tsq_rate_skb_sent(&tp, &skb[i], at[i], (u32)i);
	tsq_rate_sample_init(&rs);
	tsq_rate_delivered_add(&tp, 1, T0 + 9000);
	tsq_rate_skb_delivered(&tp, &skb[0], at[0], false, false, &rs);
	tsq_rate_gen(&tp, T0 + 9000, 1, 3, true, 5000, &rs);
	CHECK(rs.delivered == -1 && rs.interval_us == -1);
	CHECK_U64(rs.losses, 3);
	CHECK_U64(rs.acked_sacked, 1);
}

/*
 * App-limited marking: less than one MSS unsent, nothing queued below
 * TCP, not cwnd-limited, losses retransmitted -> app_limited = delivered
 * + in_flight; packets sent then are app-limited; the mark clears once
 * delivered passes it; an app-limited sample is recorded only when its
 * rate is at least the recorded one.
 */
static void test_app_limited(void)
{
	struct tsq_rate_conn tp;
	struct tsq_rate_sample rs;
	struct tsq_rate_skb skb[4];
	u64 at[4] = {T0, T0 + 100, T0 + 200, T0 + 300};

	tsq_rate_conn_init(&tp);
	tp.delivered = 50;
	/* each condition alone prevents the marking */
	CHECK(
	    !tsq_rate_check_app_limited(&tp, 2000, 500, 1448, 0, 5, 10, 0, 0));
	CHECK(!tsq_rate_check_app_limited(&tp, 1000, 0, 1000, 0, 5, 10, 0, 0));
	CHECK(!tsq_rate_check_app_limited(&tp, 1000, 500, 1448,
					  TSQ_SKB_TRUESIZE_ONE, 5, 10, 0, 0));
	CHECK(
	    !tsq_rate_check_app_limited(&tp, 1000, 500, 1448, 0, 10, 10, 0, 0));
	CHECK(
	    !tsq_rate_check_app_limited(&tp, 1000, 500, 1448, 0, 5, 10, 2, 1));
	CHECK_U64(tp.app_limited, 0);
	/* sequence arithmetic is modulo 2^32 */
	CHECK(tsq_rate_check_app_limited(&tp, 100, 0xffffff00U, 1448,
					 TSQ_SKB_TRUESIZE_ONE - 1, 5, 10, 1,
					 1));
	CHECK_U64(tp.app_limited, 55);
	/* delivered + in_flight == 0 -> 1 */
	{
		struct tsq_rate_conn z;

		tsq_rate_conn_init(&z);
		CHECK(
		    tsq_rate_check_app_limited(&z, 0, 0, 1448, 0, 0, 10, 0, 0));
		CHECK_U64(z.app_limited, 1);
	}
	/* packets sent now are marked */
	tsq_rate_skb_sent(&tp, &skb[0], at[0], 0);
	tsq_rate_skb_sent(&tp, &skb[1], at[1], 1);
	CHECK(skb[0].is_app_limited && skb[1].is_app_limited);
	/* a recorded, faster non-app-limited rate: 100 per 1000 us */
	tp.rate_delivered = 100;
	tp.rate_interval_us = 1000;
	/* app-limited sample 1 / 10000 us: slower -> not recorded */
	ack_range(&tp, skb, at, 0, 0, T0 + 10000, 5000, &rs);
	CHECK(rs.is_app_limited);
	CHECK_U64(rs.delivered, 1);
	CHECK_U64(rs.interval_us, 10000);
	CHECK_U64(tp.rate_delivered, 100);
	CHECK_U64(tp.rate_interval_us, 1000);
	CHECK_U64(tp.app_limited, 55); /* delivered 51: not past 55 */
	/* a slow recorded rate: the app-limited sample beats it */
	tp.rate_delivered = 1;
	tp.rate_interval_us = 100000;
	ack_range(&tp, skb, at, 1, 1, T0 + 10100, 5000, &rs);
	CHECK(rs.is_app_limited);
	CHECK_U64(tp.rate_delivered, 2); /* 52 - 50 */
	CHECK_U64(tp.rate_interval_us, 10100);
	CHECK(tp.rate_app_limited);
	/* delivered passes 55: the mark clears, later sends unmarked */
	tp.delivered = 56;
	tsq_rate_sample_init(&rs);
	tsq_rate_gen(&tp, T0 + 20000, 0, 0, false, 5000, &rs);
	CHECK_U64(tp.app_limited, 0);
	tsq_rate_skb_sent(&tp, &skb[2], at[2], 1);
	CHECK(!skb[2].is_app_limited);
	/* exactly at the mark it stays (after(), strict) */
	tp.app_limited = 56;
	tsq_rate_gen(&tp, T0 + 20000, 0, 0, false, 5000, &rs);
	CHECK_U64(tp.app_limited, 56);
}

/*
 * The ns-3 3.37 TcpRateLinux defect: it keeps one sample across ACKs and
 * measures the ACK phase from the previous sample's prior time, and an
 * invalid sample zeroes that time so that the next sample's interval is
 * the absolute simulated time. Here each ACK starts a fresh sample:
 * after an invalid sample (shorter than min_rtt) the next two samples
 * measure their own intervals. Steady flow: 10 packets per 1000 us,
 * RTT 10000 us, simulated time 7 s.
 */
static void test_no_absolute_interval(void)
{
	const u64 t = 7000000ULL; /* 7 s into the run */
	struct tsq_rate_conn tp;
	struct tsq_rate_sample rs;
	struct tsq_rate_skb a[3];
	u64 at[3];

	tsq_rate_conn_init(&tp);
	tp.delivered = 700000;
	/* an ACK at t delivered up to here; three packets go out */
	tp.delivered_mstamp = t;
	tp.first_tx_mstamp = t - 1000;
	at[0] = t;
	at[1] = t + 100;
	at[2] = t + 20000;
	tsq_rate_skb_sent(&tp, &a[0], at[0], 100);
	tsq_rate_skb_sent(&tp, &a[1], at[1], 100);

	/* 1: acked 3000 us later: max(snd 1000, ack 3000) < min_rtt 5000 */
	tsq_rate_sample_init(&rs);
	tsq_rate_delivered_add(&tp, 30, t + 3000);
	tsq_rate_skb_delivered(&tp, &a[0], at[0], false, false, &rs);
	tsq_rate_gen(&tp, t + 3000, 30, 0, false, 5000, &rs);
	CHECK(rs.interval_us == -1);
	/* nothing of the connection's timing was zeroed */
	CHECK_U64(tp.delivered_mstamp, t + 3000);
	CHECK_U64(tp.first_tx_mstamp, at[0]);
	tsq_rate_skb_sent(&tp, &a[2], at[2], 100);
	CHECK_U64(a[2].delivered_mstamp, t + 3000);

	/* 2: a[1] acked at t + 10100: 100 delivered over 10100 us */
	tsq_rate_sample_init(&rs);
	tsq_rate_delivered_add(&tp, 100, t + 10100);
	tsq_rate_skb_delivered(&tp, &a[1], at[1], false, false, &rs);
	tsq_rate_gen(&tp, t + 10100, 100, 0, false, 5000, &rs);
	CHECK_U64(rs.interval_us, 10100);
	CHECK(rs.interval_us < 1000000); /* not the absolute time */
	CHECK_U64(rs.delivered, 130);
	CHECK_U64(rs.ack_us, 10100);

	/* 3: a[2] acked at t + 30000: ack phase from ITS delivered_mstamp */
	tsq_rate_sample_init(&rs);
	tsq_rate_delivered_add(&tp, 100, t + 30000);
	tsq_rate_skb_delivered(&tp, &a[2], at[2], false, false, &rs);
	tsq_rate_gen(&tp, t + 30000, 100, 0, false, 5000, &rs);
	CHECK_U64(rs.ack_us, 27000); /* t + 30000 - (t + 3000) */
	CHECK_U64(rs.snd_us, 20000); /* at[2] - its first_tx (at[0]) */
	CHECK_U64(rs.interval_us, 27000);
	CHECK_U64(rs.delivered, 200); /* 700230 - 700030 */
	CHECK(rs.interval_us < 1000000);
	CHECK_U64(tp.rate_delivered, 200);
	CHECK_U64(tp.rate_interval_us, 27000);

	/* an ACK with no timed skb is invalid, not stale */
	tsq_rate_sample_init(&rs);
	tsq_rate_gen(&tp, t + 40000, 0, 0, false, 5000, &rs);
	CHECK(rs.delivered == -1 && rs.interval_us == -1);
	CHECK_U64(tsq_rate_sample_bw(&rs, 1000000), 0);
}

static void test_misc(void)
{
	struct tsq_rate_sample rs;
	struct tsq_rate_conn tp;
	struct tsq_rate_skb skb;

	/* NULL-safe */
	tsq_rate_conn_init(NULL);
	tsq_rate_sample_init(NULL);
	tsq_rate_skb_sent(NULL, NULL, 0, 0);
	tsq_rate_delivered_add(NULL, 1, 0);
	tsq_rate_skb_delivered(NULL, NULL, 0, false, false, NULL);
	tsq_rate_gen(NULL, 0, 0, 0, false, 0, NULL);
	CHECK(!tsq_rate_check_app_limited(NULL, 0, 0, 1, 0, 0, 1, 0, 0));
	CHECK_U64(tsq_rate_sample_bw(NULL, 1), 0);
	/* an skb sent before a clock existed carries no timing */
	tsq_rate_conn_init(&tp);
	tp.delivered = 5;
	tsq_rate_skb_sent(&tp, &skb, T0, 3); /* packets out, no stamp yet */
	CHECK_U64(skb.delivered_mstamp, 0);
	tsq_rate_sample_init(&rs);
	tsq_rate_skb_delivered(&tp, &skb, T0, false, false, &rs);
	CHECK_U64(rs.prior_mstamp, 0);
	/* the send phase never goes negative */
	skb.delivered_mstamp = T0;
	skb.first_tx_mstamp = T0 + 500;
	tsq_rate_skb_delivered(&tp, &skb, T0, true, false, &rs);
	CHECK_U64(rs.snd_us, 0);
	CHECK(rs.is_retrans);
	/* tcp_rate_gen() stamps the delivery itself when told of one */
	tsq_rate_conn_init(&tp);
	tsq_rate_sample_init(&rs);
	tp.delivered = 2;
	tsq_rate_gen(&tp, T0 + 7, 2, 0, false, 0, &rs);
	CHECK_U64(tp.delivered_mstamp, T0 + 7);
	tsq_rate_gen(&tp, T0 + 9, 0, 0, false, 0, &rs);
	CHECK_U64(tp.delivered_mstamp, T0 + 7);
	tsq_rate_delivered_add(&tp, 0, T0 + 11);
	CHECK_U64(tp.delivered_mstamp, T0 + 7);
	CHECK_U64(tp.delivered, 2);
	/* bw: large values saturate or stay exact */
	rs.delivered = INT64_MAX;
	rs.interval_us = 1;
	CHECK_U64(tsq_rate_sample_bw(&rs, 8), UINT64_MAX);
	rs.delivered = 1000000000000LL; /* 1e12 */
	rs.interval_us = 1000000;
	CHECK_U64(tsq_rate_sample_bw(&rs, 8000000), 8000000000000ULL);
	rs.delivered = 3000000000000LL; /* 3e12 * 8e6 overflows u64 */
	CHECK_U64(tsq_rate_sample_bw(&rs, 8000000), 24000000000000ULL);
}

int main(void)
{
	test_steady_clock();
	test_max_rule();
	test_min_rtt();
	test_app_limited();
	test_no_absolute_interval();
	test_misc();
	CHECK_DONE();
}
