// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_gate.c - the emulated aggregating link's schedule, by hand.
 */
#include "check.h"
#include "tsq/gate.h"

static void test_cycle_by_hand(void)
{
	struct tsq_gate_params p;
	struct tsq_gate g;
	struct tsq_gate_slot s;
	struct tsq_gate_ack a;

	tsq_gate_params_init(&p);
	CHECK(tsq_gate_init(&g, &p, 1000) == TSQ_OK);

	/* 10 frames of 1514 B: airtime 15140 * 8 / 150 Mb/s = 807.5 -> 808 us */
	CHECK_U64(tsq_gate_slot_frames(&g, 10), 10);
	CHECK(tsq_gate_open(&g, 10, 15140, &s) == TSQ_OK);
	CHECK_U64(s.index, 0);
	CHECK_U64(s.open_us, 1000);
	CHECK_U64(s.end_us, 1000 + 250 + 808);
	CHECK_U64(s.release_us, 2058);		/* at the end (BlockAck) */
	CHECK(!s.lost_contention && g.ack_due);
	CHECK_U64(g.ack_open_us, 2058 + 100);
	/* the AP's TXOP: 5 ACKs, out 300 us later; the station after 100 */
	CHECK(tsq_gate_ack_open(&g, 5, &a) == TSQ_OK);
	CHECK_U64(a.open_us, 2158);
	CHECK_U64(a.release_us, 2458);
	CHECK_U64(g.next_open_us, 2558);
	CHECK(tsq_gate_ack_open(&g, 5, &a) == TSQ_ERR_INVAL);	/* not due */

	/* nothing queued: no TXOP, the AP may go at once; it has nothing
	 * either, so the station looks again after the idle poll */
	CHECK(tsq_gate_open(&g, 0, 0, &s) == TSQ_OK);
	CHECK(s.end_us == 2558 && s.release_us == 2558 && g.ack_due);
	CHECK(tsq_gate_ack_open(&g, 0, &a) == TSQ_OK);
	CHECK(a.frames == 0 && a.release_us == 2558);
	CHECK_U64(g.next_open_us, 2658);

	/* a full slot, 43 x 1514 B: 3472.1 -> 3473 us; the AP has nothing:
	 * the station contends again after gap_us */
	CHECK_U64(tsq_gate_slot_frames(&g, 60), 43);
	CHECK(tsq_gate_open(&g, 43, 65102, &s) == TSQ_OK);
	CHECK_U64(s.end_us, 2658 + 250 + 3473);
	CHECK(tsq_gate_ack_open(&g, 0, &a) == TSQ_OK);
	CHECK_U64(g.next_open_us, s.end_us + 100 + 100);
	CHECK_U64(g.slots, 3);

	/* malformed: more than max_frames, bytes without frames */
	CHECK(tsq_gate_open(&g, 44, 1514, &s) == TSQ_ERR_INVAL);
	CHECK(tsq_gate_open(&g, 0, 1, &s) == TSQ_ERR_INVAL);
}

static void test_release_open_and_lost(void)
{
	struct tsq_gate_params p;
	struct tsq_gate g;
	struct tsq_gate_slot s;
	struct tsq_gate_ack a;

	tsq_gate_params_init(&p);
	p.release = TSQ_GATE_RELEASE_OPEN;
	p.lost_permille = 1000;			/* the station always wins */
	CHECK(tsq_gate_init(&g, &p, 0) == TSQ_OK);
	CHECK(tsq_gate_open(&g, 1, 1514, &s) == TSQ_OK);
	CHECK(s.release_us == 0 && s.lost_contention && !g.ack_due);
	CHECK_U64(s.end_us, 250 + 81);		/* 1514 B: 80.7 -> 81 us */
	CHECK_U64(g.next_open_us, 331 + 100);
	CHECK(tsq_gate_ack_open(&g, 3, &a) == TSQ_ERR_INVAL);
	/* an empty slot still lets the AP in */
	CHECK(tsq_gate_open(&g, 0, 0, &s) == TSQ_OK);
	CHECK(tsq_gate_ack_open(&g, 3, &a) == TSQ_OK);
	CHECK_U64(a.release_us, 431 + 300);
}

/* The same seed, the same draws; about lost_permille of them lost. */
static void test_draws(void)
{
	struct tsq_gate_params p;
	struct tsq_gate g1, g2, g3;
	struct tsq_gate_slot s1, s2, s3;
	struct tsq_gate_ack a;
	unsigned int i, lost = 0, differ = 0;

	tsq_gate_params_init(&p);
	p.lost_permille = 100;
	p.seed = 42;
	CHECK(tsq_gate_init(&g1, &p, 0) == TSQ_OK);
	CHECK(tsq_gate_init(&g2, &p, 0) == TSQ_OK);
	p.seed = 43;
	CHECK(tsq_gate_init(&g3, &p, 0) == TSQ_OK);
	for (i = 0; i < 100000; i++) {
		CHECK(tsq_gate_open(&g1, 20, 30280, &s1) == TSQ_OK);
		CHECK(tsq_gate_open(&g2, 20, 30280, &s2) == TSQ_OK);
		CHECK(tsq_gate_open(&g3, 20, 30280, &s3) == TSQ_OK);
		if (s1.lost_contention != s2.lost_contention)
			break;
		lost += s1.lost_contention;
		differ += s1.lost_contention != s3.lost_contention;
		if (g1.ack_due)
			tsq_gate_ack_open(&g1, 1, &a);
		if (g2.ack_due)
			tsq_gate_ack_open(&g2, 1, &a);
		if (g3.ack_due)
			tsq_gate_ack_open(&g3, 1, &a);
	}
	CHECK_U64(i, 100000);
	CHECK(lost > 9500 && lost < 10500);
	CHECK(differ > 1000);
	CHECK_U64(g1.next_open_us, g2.next_open_us);
}

static void test_params(void)
{
	struct tsq_gate_params p;
	struct tsq_gate g;
	enum tsq_gate_release r;

	tsq_gate_params_init(&p);
	CHECK(tsq_gate_params_check(&p) == TSQ_OK);
	p.rate_bps = 999999;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_gate_params_init(&p);
	p.max_frames = 0;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_RANGE);
	p.max_frames = 1025;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_gate_params_init(&p);
	p.lost_permille = 1001;
	CHECK(tsq_gate_init(&g, &p, 0) == TSQ_ERR_RANGE);
	tsq_gate_params_init(&p);
	p.idle_poll_us = 0;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_gate_params_init(&p);
	p.overhead_us = 0;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_gate_params_init(&p);
	p.ack_txop_us = 1000001;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_RANGE);
	tsq_gate_params_init(&p);
	p.release = TSQ_GATE_RELEASE__COUNT;
	CHECK(tsq_gate_params_check(&p) == TSQ_ERR_INVAL);
	CHECK(tsq_gate_params_check(NULL) == TSQ_ERR_INVAL);
	CHECK(tsq_gate_release_from_name("open", &r) == TSQ_OK && r == TSQ_GATE_RELEASE_OPEN);
	CHECK(tsq_gate_release_from_name("middle", &r) == TSQ_ERR_NOENT);
	CHECK(tsq_gate_release_name(TSQ_GATE_RELEASE_END)[0] == 'e');
	CHECK_U64(tsq_gate_airtime_us(150000000, 0), 0);
	CHECK_U64(tsq_gate_airtime_us(150000000, 1875), 100);	/* exact */
}

int main(void)
{
	test_cycle_by_hand();
	test_release_open_and_lost();
	test_draws();
	test_params();
	CHECK_DONE();
}
