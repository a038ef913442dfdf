// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_edca_gate.c - the 802.11n hop on EDCA timing: cycles worked by
 * hand, then conservation over random traffic.
 */
#include "check.h"
#include "tsq/edca_gate.h"

/* 32 MPDUs of 1538 B: 49406 B, 2672 us; + SIFS 16 + BlockAck 32 */
#define FULL_PPDU_US	2672u
#define RESP_US		48u

static void counters(struct tsq_egate *g, u32 sta, u32 ap)
{
	g->edca.ac[TSQ_EDCA_STA].backoff = sta;
	g->edca.ac[TSQ_EDCA_AP].backoff = ap;
}

/* Polls everything due by @t; returns the releases' count, the last in @r */
static u32 poll_all(struct tsq_egate *g, u64 t, struct tsq_egate_release *r)
{
	struct tsq_egate_release x;
	u32 n = 0;
	int ret;

	while ((ret = tsq_egate_poll(g, t, &x)) == 1) {
		*r = x;
		n++;
	}
	CHECK(ret == 0);
	return n;
}

static void test_upload_cycle(void)
{
	struct tsq_egate_params p;
	struct tsq_egate g;
	struct tsq_egate_release r = { 0 };
	u64 start, end;

	tsq_egate_params_init(&p);
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_OK);
	counters(&g, 2, 5);
	/* 40 packets of 1500 B at once: ath9k forms 32 and 8 */
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 0, 40, 60000) == TSQ_OK);
	CHECK_U64(g.hw_n, 2);
	CHECK_U64(g.hw[0].frames, 32);
	CHECK_U64(g.hw[0].aggr_len, 49406);
	CHECK_U64(g.hw[1].frames, 8);
	/* the station goes after AIFS and 2 slots */
	start = 43 + 18;
	CHECK_U64(tsq_egate_next_us(&g), start);
	CHECK_U64(poll_all(&g, start, &r), 0);
	CHECK(g.on_air && g.txop.who == TSQ_EDCA_BIT(TSQ_EDCA_STA));
	end = start + FULL_PPDU_US + RESP_US;
	CHECK_U64(tsq_egate_next_us(&g), end);
	CHECK_U64(poll_all(&g, end - 1, &r), 0);
	/* the credit at the BlockAck: 32 frames, 48000 B from the head */
	CHECK_U64(poll_all(&g, end, &r), 1);
	CHECK(r.fifo == TSQ_EGATE_DATA && r.frames == 32 && r.bytes == 48000);
	CHECK_U64(r.at_us, end);
	CHECK_U64(g.fifo[TSQ_EGATE_DATA].n, 8);
	/* the AP's counter froze at 5 - 2 = 3; the station drew a fresh one */
	CHECK_U64(g.edca.ac[TSQ_EDCA_AP].backoff, 3);
	/* ACKs at the AP: it contends with its 3 slots against the station */
	counters(&g, 9, 3);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_ACKS, end, 16, 16 * 52) == TSQ_OK);
	CHECK_U64(tsq_egate_next_us(&g), end + 43 + 27);
	CHECK_U64(poll_all(&g, end + 43 + 27, &r), 0);
	CHECK(g.txop.who == TSQ_EDCA_BIT(TSQ_EDCA_AP) && g.ap_frames == 16);
	/* 16 ACKs of 52 + 38 B: 15 x 96 + 94 = 1534 B: 12272 + 22 bits / 540
	 * -> 23 symbols, 82.8 -> 84 us */
	CHECK_U64(g.txop.end_us[TSQ_EDCA_AP], end + 70 + 36 + 84 + RESP_US);
	CHECK_U64(poll_all(&g, end + 70 + 36 + 84 + RESP_US, &r), 1);
	CHECK(r.fifo == TSQ_EGATE_ACKS && r.frames == 16 && r.bytes == 832);
	/* the station's 8 go next: its counter 9 - 3 = 6 */
	CHECK_U64(g.edca.ac[TSQ_EDCA_STA].backoff, 6);
	CHECK_U64(g.stats.sta_txops, 1);
	CHECK_U64(g.stats.ap_txops, 1);
	CHECK_U64(g.stats.sta_mpdus, 32);
	CHECK_U64(g.stats.ap_mpdus, 16);
}

static void test_formation_at_arrival(void)
{
	struct tsq_egate_params p;
	struct tsq_egate g;
	struct tsq_egate_release r = { 0 };

	tsq_egate_params_init(&p);
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_OK);
	counters(&g, 15, 15);
	/* one at a time: two aggregates of one frame each, then the
	 * hardware queue is full and the rest waits */
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 0, 1, 1500) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 1, 1, 1500) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 2, 10, 15000) == TSQ_OK);
	CHECK_U64(g.hw_n, 2);
	CHECK(g.hw[0].frames == 1 && g.hw[1].frames == 1);
	CHECK_U64(g.hw[0].aggr_len, 1538);		/* a lone frame */
	CHECK_U64(g.in_hw, 2);
	/* the first completes: the 10 waiting form the next aggregate */
	CHECK_U64(poll_all(&g, 43 + 135 + 36 + 84 + RESP_US, &r), 1);
	CHECK(r.frames == 1 && r.bytes == 1500);
	CHECK_U64(g.hw_n, 2);
	CHECK(g.hw[0].frames == 1 && g.hw[1].frames == 10);
	/* depth 1 (one aggregate in hardware): the second frame waits for
	 * the first's completion and rides with the later ones */
	p.hw_depth = 1;
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 0, 1, 1500) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 1, 1, 1500) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 2, 10, 15000) == TSQ_OK);
	CHECK(g.hw_n == 1 && g.in_hw == 1);
	poll_all(&g, 100000, &r);
	CHECK_U64(g.fifo[TSQ_EGATE_DATA].n, 0);
	CHECK_U64(g.stats.sta_txops, 2);		/* 1, then 11 */
	/* a counter that ran down while nothing was queued: a frame queued
	 * later goes at once, not before it came */
	p.hw_depth = 2;
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_OK);
	counters(&g, 0, 15);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 1000, 1, 1500) == TSQ_OK);
	CHECK_U64(tsq_egate_next_us(&g), 1000);
	/* one that has not: from AIFS after the medium went idle */
	counters(&g, 200, 15);
	CHECK_U64(tsq_egate_next_us(&g), 43 + 1800);
}

static void test_collision_and_delay(void)
{
	struct tsq_egate_params p;
	struct tsq_egate g;
	struct tsq_egate_release r = { 0 };
	u64 end;

	tsq_egate_params_init(&p);
	p.completion_latency_us = 500;
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_OK);
	counters(&g, 4, 4);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 0, 32, 48000) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_ACKS, 0, 2, 104) == TSQ_OK);
	/* both at 43 + 36: a collision, nothing leaves */
	CHECK_U64(tsq_egate_next_us(&g), 79);
	CHECK_U64(poll_all(&g, 79 + FULL_PPDU_US + 50, &r), 0);
	CHECK(!g.on_air && g.stats.collisions == 1);
	CHECK_U64(g.fifo[TSQ_EGATE_DATA].n, 32);
	CHECK_U64(g.fifo[TSQ_EGATE_ACKS].n, 2);
	CHECK_U64(g.edca.ac[TSQ_EDCA_STA].cw, 31);
	/* the station alone next: the same aggregate, its credit 500 us after
	 * its BlockAck */
	counters(&g, 0, 20);
	end = 79 + FULL_PPDU_US + 50 + 43 + FULL_PPDU_US + RESP_US;
	CHECK_U64(poll_all(&g, end, &r), 0);
	CHECK(!g.on_air && g.hw[0].sent);
	CHECK_U64(tsq_egate_next_us(&g) <= end + 500, 1);
	CHECK_U64(poll_all(&g, end + 499, &r) > 0 && r.fifo == TSQ_EGATE_DATA, 0);
	/* (the AP may send its ACKs meanwhile) */
	CHECK(g.fifo[TSQ_EGATE_DATA].n == 32);
	poll_all(&g, end + 500, &r);
	CHECK_U64(g.fifo[TSQ_EGATE_DATA].n, 0);
}

/* Random traffic on both FIFOs: every frame leaves once, in order, no
 * release early or beyond what is queued, time never going back */
static void test_conservation(void)
{
	struct tsq_egate_params p;
	struct tsq_egate g;
	struct tsq_egate_release r;
	u64 s = 12345, t = 0, in[2] = { 0, 0 }, out[2] = { 0, 0 }, last = 0;
	u32 i;

	tsq_egate_params_init(&p);
	p.edca.seed = 99;
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_OK);
	for (i = 0; i < 20000; i++) {
		u32 f = (u32)(xorshift64(&s) % 2), n = 1 + (u32)(xorshift64(&s) % 8);
		u32 len = 40 + (u32)(xorshift64(&s) % 1461);
		int ret;

		t += xorshift64(&s) % 400;
		while ((ret = tsq_egate_poll(&g, t, &r)) == 1) {
			CHECK(r.at_us <= t && r.at_us >= last);
			last = r.at_us;
			out[r.fifo] += r.bytes;
			CHECK(out[r.fifo] <= in[r.fifo]);
		}
		CHECK(ret == 0);
		if (g.fifo[f].n + n <= TSQ_EGATE_MAX_FRAMES &&
		    tsq_egate_enqueue(&g, (enum tsq_egate_fifo_id)f, t, n, n * len) == TSQ_OK)
			in[f] += (u64)n * len;
	}
	/* drained */
	while (tsq_egate_next_us(&g) != UINT64_MAX) {
		t = tsq_egate_next_us(&g);
		while (tsq_egate_poll(&g, t, &r) == 1)
			out[r.fifo] += r.bytes;
	}
	CHECK_U64(out[0], in[0]);
	CHECK_U64(out[1], in[1]);
	CHECK(g.fifo[0].n == 0 && g.fifo[1].n == 0 && g.hw_n == 0 && !g.on_air);
	CHECK(g.stats.collisions > 0 && g.stats.sta_txops > 1000);
}

static void test_params(void)
{
	struct tsq_egate_params p;
	struct tsq_egate g;
	struct tsq_egate_release r;

	tsq_egate_params_init(&p);
	CHECK(tsq_egate_params_check(&p) == TSQ_OK);
	CHECK(tsq_egate_params_check(NULL) == TSQ_ERR_INVAL);
	p.hw_depth = 0;
	CHECK(tsq_egate_params_check(&p) == TSQ_ERR_RANGE);
	p.hw_depth = TSQ_EGATE_MAX_DEPTH + 1;
	CHECK(tsq_egate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_egate_params_init(&p);
	p.basic_rate_mbps = 11;
	CHECK(tsq_egate_init(&g, &p, 0) == TSQ_ERR_RANGE);
	tsq_egate_params_init(&p);
	p.rate.mcs = 40;
	CHECK(tsq_egate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_egate_params_init(&p);
	p.h_baw = 0;
	CHECK(tsq_egate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_egate_params_init(&p);
	CHECK(tsq_egate_init(&g, &p, 100) == TSQ_OK);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 99, 1, 1500) == TSQ_ERR_RANGE);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 100, 0, 0) == TSQ_ERR_RANGE);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 100, 2, 140000) == TSQ_ERR_RANGE);
	CHECK(tsq_egate_enqueue(&g, TSQ_EGATE_DATA, 100, TSQ_EGATE_MAX_FRAMES + 1,
				TSQ_EGATE_MAX_FRAMES + 1) == TSQ_ERR_RANGE);
	CHECK(tsq_egate_enqueue(&g, (enum tsq_egate_fifo_id)2, 100, 1, 1) == TSQ_ERR_INVAL);
	CHECK_U64(g.fifo[0].n, 0);
	CHECK(tsq_egate_poll(&g, 50, &r) == TSQ_ERR_RANGE);
	CHECK_U64(tsq_egate_next_us(&g), UINT64_MAX);
}

int main(void)
{
	test_upload_cycle();
	test_formation_at_arrival();
	test_collision_and_delay();
	test_conservation();
	test_params();
	CHECK_DONE();
}
