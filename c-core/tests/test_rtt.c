// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rtt.c - tcp_rtt_estimator(), the per-ACK sample choice of
 * tcp_clean_rtx_queue()/tcp_ack_update_rtt() and the windowed min filter,
 * against values worked by hand.
 */
#include "check.h"
#include "tsq/rtt.h"

static void test_estimator_by_hand(void)
{
	struct tsq_rtt r;

	tsq_rtt_init(&r, 0);
	CHECK_U64(tsq_min_rtt(&r), TSQ_MIN_RTT_UNKNOWN);

	/* first sample 2000: srtt 2000 << 3, mdev 2 m, rttvar = max(mdev, 200 ms) */
	tsq_rtt_estimator(&r, 2000, 100, 5000, TSQ_RTO_MIN_US);
	CHECK_U64(r.srtt_us, 16000);
	CHECK_U64(r.mdev_us, 4000);
	CHECK_U64(r.rttvar_us, 200000);
	CHECK_U64(r.mdev_max_us, 200000);
	CHECK_U64(r.rtt_seq, 5000);

	/* 2100, snd_una not past rtt_seq: err 100, srtt 16100;
	 * mdev err 100 - 4000/4 = -900 -> 3100 */
	tsq_rtt_estimator(&r, 2100, 4000, 6000, TSQ_RTO_MIN_US);
	CHECK_U64(r.srtt_us, 16100);
	CHECK_U64(r.mdev_us, 3100);
	CHECK_U64(r.rtt_seq, 5000);

	/* 1000, below srtt: err 1000 - 2012 = -1012, srtt 15088; mdev
	 * |err| 1012 - 775 = 237, finer gain: 237 >> 3 = 29 -> 3129 */
	tsq_rtt_estimator(&r, 1000, 4500, 6000, TSQ_RTO_MIN_US);
	CHECK_U64(r.srtt_us, 15088);
	CHECK_U64(r.mdev_us, 3129);

	/* snd_una past rtt_seq: once per RTT, rtt_seq <- snd_nxt and
	 * mdev_max restarts at the RTO minimum */
	tsq_rtt_estimator(&r, 1886, 5001, 9000, TSQ_RTO_MIN_US);
	CHECK_U64(r.srtt_us, 15088);	/* err 1886 - 1886 = 0 */
	CHECK_U64(r.mdev_us, 3129 - (3129 >> 2));
	CHECK_U64(r.rtt_seq, 9000);
	CHECK_U64(r.mdev_max_us, TSQ_RTO_MIN_US);
	CHECK_U64(r.samples, 4);
}

static void test_estimator_floor_and_convergence(void)
{
	struct tsq_rtt r;
	int i;

	/* a 0 us first sample: srtt_us is at least 1 */
	tsq_rtt_init(&r, 0);
	tsq_rtt_estimator(&r, 0, 0, 0, TSQ_RTO_MIN_US);
	CHECK_U64(r.srtt_us, 1);

	/* a constant 2100 us path: srtt converges to it within 1 us */
	tsq_rtt_init(&r, 0);
	tsq_rtt_estimator(&r, 9750, 0, 0, TSQ_RTO_MIN_US);
	for (i = 0; i < 200; i++)
		tsq_rtt_estimator(&r, 2100, 0, 0, TSQ_RTO_MIN_US);
	CHECK(r.srtt_us >> 3 >= 2099 && r.srtt_us >> 3 <= 2101);
}

static struct tsq_rtt_ack_in ack_in(u64 now_us)
{
	struct tsq_rtt_ack_in in;

	tsq_rtt_ack_in_init(&in);
	in.now_us = now_us;
	in.now_ms = (u32)(now_us / 1000);
	in.data_acked = true;
	in.snd_una = 1000;
	in.snd_nxt = 9000;
	return in;
}

static void test_cumulative_sample(void)
{
	struct tsq_rtt r;
	struct tsq_rtt_ack a;
	struct tsq_rtt_ack_in in = ack_in(2300);
	struct tsq_rtt_ack_out out;

	tsq_rtt_init(&r, 0);
	tsq_rtt_ack_init(&a);
	tsq_rtt_ack_skb(&a, 100, false, false);
	tsq_rtt_ack_skb(&a, 200, false, false);
	tsq_rtt_ack_skb(&a, 300, false, false);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	/* seq from the first acked skb, ca from the last */
	CHECK_U64(out.seq_rtt_us, 2200);
	CHECK_U64(out.ca_rtt_us, 2000);
	CHECK(out.sack_rtt_us == -1);
	CHECK(out.updated);
	CHECK_U64(r.srtt_us, 2200 << 3);
	CHECK_U64(tsq_min_rtt(&r), 2000);
}

static void test_karn_and_echo(void)
{
	struct tsq_rtt r;
	struct tsq_rtt_ack a;
	struct tsq_rtt_ack_in in = ack_in(5000);
	struct tsq_rtt_ack_out out;

	/* a retransmitted skb among the acked ones voids the sample ... */
	tsq_rtt_init(&r, 0);
	tsq_rtt_ack_init(&a);
	tsq_rtt_ack_skb(&a, 100, false, false);
	tsq_rtt_ack_skb(&a, 200, true, false);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == -1 && out.ca_rtt_us == -1 && !out.updated);
	CHECK_U64(r.srtt_us, 0);

	/* ... and the echo stands in: 3 ms ticks -> 3000 us, both samples */
	in.ts_echo = true;
	in.ts_delta_ms = 3;
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 3000 && out.ca_rtt_us == 3000 && out.updated);
	CHECK_U64(r.srtt_us, 3000 << 3);

	/* no echo without newly acked data (RTTM rule) */
	tsq_rtt_init(&r, 0);
	in.data_acked = false;
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(!out.updated && r.srtt_us == 0);

	/* an skb sacked earlier is skipped, the next one times the ACK */
	tsq_rtt_init(&r, 0);
	tsq_rtt_ack_init(&a);
	in = ack_in(5000);
	tsq_rtt_ack_skb(&a, 100, false, true);
	tsq_rtt_ack_skb(&a, 1000, false, false);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 4000 && out.ca_rtt_us == 4000);

	/* a sample is preferred to the echo */
	in.ts_echo = true;
	in.ts_delta_ms = 9;
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 4000);
}

static void test_sack_sample(void)
{
	struct tsq_rtt r;
	struct tsq_rtt_ack a;
	struct tsq_rtt_ack_in in = ack_in(2800);
	struct tsq_rtt_ack_out out;

	/* only sacks: seq = sack sample of the first, ca of the last */
	tsq_rtt_init(&r, 0);
	tsq_rtt_ack_init(&a);
	tsq_rtt_sack_skb(&a, 500, false);
	tsq_rtt_sack_skb(&a, 600, true);	/* retransmitted: not timed */
	tsq_rtt_sack_skb(&a, 800, false);
	in.data_acked = false;
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 2300 && out.sack_rtt_us == 2300 && out.ca_rtt_us == 2000);
	CHECK(out.updated);

	/* cumulative and sack: seq from the cumulative skb, ca from the
	 * last sacked one */
	tsq_rtt_init(&r, 0);
	tsq_rtt_ack_init(&a);
	tsq_rtt_ack_skb(&a, 100, false, false);
	tsq_rtt_sack_skb(&a, 900, false);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 2700 && out.ca_rtt_us == 1900 && out.sack_rtt_us == 1900);
	CHECK_U64(r.srtt_us, 2700 << 3);
	CHECK_U64(tsq_min_rtt(&r), 1900);
}

static void test_echo_forms(void)
{
	struct tsq_rtt r;
	struct tsq_rtt_ack a;
	struct tsq_rtt_ack_in in = ack_in(5000);
	struct tsq_rtt_ack_out out;

	tsq_rtt_ack_init(&a);
	in.ts_echo = true;

	/* a 0 ms echo: 4.13 and 4.20 take 0 us (srtt 1, min one jiffy) ... */
	in.ts_delta_ms = 0;
	in.form = TSQ_RTT_4_13;
	tsq_rtt_init(&r, 0);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 0 && r.srtt_us == 1);
	CHECK_U64(tsq_min_rtt(&r), 1000);
	/* ... 6.1 counts it as 1 ms */
	in.form = TSQ_RTT_6_1;
	tsq_rtt_init(&r, 0);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == 1000 && r.srtt_us == 8000);

	/* an echo "from the future" (negative delta, wrapped): 4.13 takes
	 * the u32 product, 4.20 and later ignore it */
	in.ts_delta_ms = 0xfffffff0U;
	in.form = TSQ_RTT_4_13;
	tsq_rtt_init(&r, 0);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK_U64(out.seq_rtt_us, (u32)(0xfffffff0U * 1000U));
	in.form = TSQ_RTT_4_20;
	tsq_rtt_init(&r, 0);
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_OK);
	CHECK(out.seq_rtt_us == -1 && !out.updated && r.srtt_us == 0);

	in.form = TSQ_RTT__COUNT;
	CHECK(tsq_ack_update_rtt(&r, &a, &in, &out) == TSQ_ERR_INVAL);
	CHECK(tsq_ack_update_rtt(NULL, &a, &in, &out) == TSQ_ERR_INVAL);
}

static void test_minmax_by_hand(void)
{
	struct tsq_minmax m;
	const u32 win = 1000;

	CHECK_U64(tsq_minmax_reset(&m, 0, 50), 50);
	CHECK_U64(tsq_minmax_running_min(&m, win, 100, 60), 50);
	/* a quarter window without a 2nd choice: 70 becomes 2nd and 3rd */
	CHECK_U64(tsq_minmax_running_min(&m, win, 300, 70), 50);
	CHECK(m.s[1].v == 70 && m.s[2].v == 70);
	/* half a window without a 3rd: 80 becomes 3rd */
	CHECK_U64(tsq_minmax_running_min(&m, win, 600, 80), 50);
	CHECK(m.s[2].v == 80);
	/* the best expires: 70 (t 300) is the min now */
	CHECK_U64(tsq_minmax_running_min(&m, win, 1100, 90), 70);
	CHECK_U64(tsq_minmax_running_min(&m, win, 1400, 95), 80);
	/* nothing left in the window: start over */
	CHECK_U64(tsq_minmax_running_min(&m, win, 3000, 100), 100);
	/* a new minimum always restarts */
	CHECK_U64(tsq_minmax_running_min(&m, win, 3001, 40), 40);
	CHECK(m.s[2].v == 40 && m.s[2].t == 3001);
}

/* The answer is always a measurement of the last window, and never below
 * the true minimum of that window (brute force over a random stream). */
static void test_minmax_property(void)
{
	enum { N = 20000, WIN = 500 };
	static u32 t[N], v[N];
	struct tsq_minmax m;
	uint64_t s = 0x5eed;
	u32 now = 0;
	int i, j;

	for (i = 0; i < N; i++) {
		now += (u32)(xorshift64(&s) % 40);
		t[i] = now;
		v[i] = 1000 + (u32)(xorshift64(&s) % 5000);
	}
	tsq_minmax_reset(&m, t[0], v[0]);
	for (i = 1; i < N; i++) {
		u32 got = tsq_minmax_running_min(&m, WIN, t[i], v[i]);
		u32 truemin = UINT32_MAX;
		bool seen = false;

		for (j = i; j >= 0 && t[i] - t[j] <= WIN; j--) {
			if (v[j] < truemin)
				truemin = v[j];
			if (v[j] == got)
				seen = true;
		}
		if (got < truemin || !seen) {
			CHECK(got >= truemin && seen);
			break;
		}
	}
}

int main(void)
{
	test_estimator_by_hand();
	test_estimator_floor_and_convergence();
	test_cumulative_sample();
	test_karn_and_echo();
	test_sack_sample();
	test_echo_forms();
	test_minmax_by_hand();
	test_minmax_property();
	CHECK(tsq_rtt_form_name(TSQ_RTT_4_20)[0] == '4');
	CHECK(tsq_rtt_form_name((enum tsq_rtt_form)99)[0] == '?');
	CHECK_DONE();
}
