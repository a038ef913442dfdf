// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_edca.c - EDCA contention of the station and the AP: the rules of
 * 802.11-2016 10.22.2 on states set by hand, then the draws.
 */
#include "check.h"
#include "tsq/edca.h"

static const struct tsq_edca_tx data_tx = { .ppdu_us = 2672, .resp_us = 48 };
static const struct tsq_edca_tx ack_tx = { .ppdu_us = 100, .resp_us = 48 };

static void set(struct tsq_edca *e, u32 sta_backoff, u32 ap_backoff, u64 ref)
{
	e->ac[TSQ_EDCA_STA].backoff = sta_backoff;
	e->ac[TSQ_EDCA_AP].backoff = ap_backoff;
	e->ac[TSQ_EDCA_STA].ref_us = ref;
	e->ac[TSQ_EDCA_AP].ref_us = ref;
	e->idle_us = ref;
}

static void test_winner_and_freeze(void)
{
	struct tsq_edca_params p;
	struct tsq_edca e;
	struct tsq_edca_grant g;
	struct tsq_edca_txop t;
	struct tsq_edca_tx tx[TSQ_EDCA_N] = { data_tx, ack_tx };
	const u32 both = TSQ_EDCA_BIT(TSQ_EDCA_STA) | TSQ_EDCA_BIT(TSQ_EDCA_AP);

	tsq_edca_params_init(&p);
	CHECK(tsq_edca_init(&e, &p, 0) == TSQ_OK);
	CHECK_U64(tsq_edca_aifs_us(&p), 16 + 3 * 9);

	/* counters 5 and 7 from 1000: the station at 1000 + 43 + 45 */
	set(&e, 5, 7, 1000);
	CHECK(tsq_edca_next(&e, 1000, both, &g) == TSQ_OK);
	CHECK_U64(g.who, TSQ_EDCA_BIT(TSQ_EDCA_STA));
	CHECK_U64(g.start_us, 1088);
	/* asking changes nothing */
	CHECK_U64(e.ac[TSQ_EDCA_AP].backoff, 7);
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_OK);
	CHECK(!t.collision && t.ok[TSQ_EDCA_STA]);
	CHECK_U64(t.end_us[TSQ_EDCA_STA], 1088 + 2672 + 48);
	CHECK_U64(t.idle_us, 1088 + 2720);
	/* the AP counted 5 slots (1043..1088): 2 left, from the idle time */
	CHECK_U64(e.ac[TSQ_EDCA_AP].backoff, 2);
	CHECK_U64(e.ac[TSQ_EDCA_AP].ref_us, 3808);
	CHECK_U64(e.ac[TSQ_EDCA_STA].cw, 15);
	CHECK(e.ac[TSQ_EDCA_STA].backoff <= 15);
	/* the AP alone: its 2 slots after AIFS */
	CHECK(tsq_edca_next(&e, 3808, TSQ_EDCA_BIT(TSQ_EDCA_AP), &g) == TSQ_OK);
	CHECK_U64(g.start_us, 3808 + 43 + 18);
	/* the AP has nothing: its counter runs down; a frame queued long
	 * after goes at once */
	CHECK(tsq_edca_next(&e, 9000, TSQ_EDCA_BIT(TSQ_EDCA_AP), &g) == TSQ_OK);
	CHECK_U64(g.start_us, 9000);
	/* a start before the medium is idle is refused */
	g.start_us = 3000;
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_ERR_RANGE);
	/* asked while the medium is busy: not before it is idle */
	CHECK_U64(tsq_edca_access_us(&e, TSQ_EDCA_AP, 100), 3808 + 43 + 18);
	e.ac[TSQ_EDCA_AP].backoff = 0;
	CHECK_U64(tsq_edca_access_us(&e, TSQ_EDCA_AP, 100), 3808 + 43);
	CHECK_U64(e.txops, 1);
}

static void test_collision(void)
{
	struct tsq_edca_params p;
	struct tsq_edca e;
	struct tsq_edca_grant g;
	struct tsq_edca_txop t;
	struct tsq_edca_tx tx[TSQ_EDCA_N] = { data_tx, ack_tx };
	const u32 both = TSQ_EDCA_BIT(TSQ_EDCA_STA) | TSQ_EDCA_BIT(TSQ_EDCA_AP);

	tsq_edca_params_init(&p);
	CHECK(tsq_edca_init(&e, &p, 0) == TSQ_OK);
	set(&e, 3, 3, 500);
	CHECK(tsq_edca_next(&e, 500, both, &g) == TSQ_OK);
	CHECK_U64(g.who, both);
	CHECK_U64(g.start_us, 500 + 43 + 27);
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_OK);
	CHECK(t.collision && !t.ok[TSQ_EDCA_STA] && !t.ok[TSQ_EDCA_AP]);
	/* each waits for its response until PPDU end + 16 + 9 + 25 */
	CHECK_U64(t.end_us[TSQ_EDCA_STA], 570 + 2672 + 50);
	CHECK_U64(t.end_us[TSQ_EDCA_AP], 570 + 100 + 50);
	/* the medium is idle from the longer PPDU's end; the station's AIFS
	 * counts from its timeout's end */
	CHECK_U64(t.idle_us, 570 + 2672);
	CHECK_U64(e.ac[TSQ_EDCA_STA].ref_us, 570 + 2672 + 50);
	CHECK_U64(e.ac[TSQ_EDCA_AP].ref_us, 570 + 2672);
	/* both windows doubled: 31 */
	CHECK_U64(e.ac[TSQ_EDCA_STA].cw, 31);
	CHECK_U64(e.ac[TSQ_EDCA_AP].cw, 31);
	CHECK(e.ac[TSQ_EDCA_STA].backoff <= 31 && e.ac[TSQ_EDCA_AP].backoff <= 31);
	CHECK_U64(e.collisions, 1);
	/* doubling stops at CWmax; a success resets to CWmin */
	e.ac[TSQ_EDCA_STA].cw = 511;
	set(&e, 0, 0, t.idle_us + 100);
	CHECK(tsq_edca_next(&e, 0, both, &g) == TSQ_OK && g.who == both);
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_OK);
	CHECK_U64(e.ac[TSQ_EDCA_STA].cw, 1023);
	set(&e, 0, 0, t.idle_us + 100);
	CHECK(tsq_edca_next(&e, 0, both, &g) == TSQ_OK);
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_OK);
	CHECK_U64(e.ac[TSQ_EDCA_STA].cw, 1023);
	set(&e, 0, 5, t.idle_us + 100);
	CHECK(tsq_edca_next(&e, 0, both, &g) == TSQ_OK);
	CHECK_U64(g.who, TSQ_EDCA_BIT(TSQ_EDCA_STA));
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_OK && t.ok[TSQ_EDCA_STA]);
	CHECK_U64(e.ac[TSQ_EDCA_STA].cw, 15);
}

/* Both always ready, each TXOP's winner as EDCA draws it */
static void run(u64 seed, u32 n, u32 *sta_wins, u32 *collisions, u32 hist[16])
{
	struct tsq_edca_params p;
	struct tsq_edca e;
	struct tsq_edca_grant g;
	struct tsq_edca_txop t;
	struct tsq_edca_tx tx[TSQ_EDCA_N] = { data_tx, ack_tx };
	const u32 both = TSQ_EDCA_BIT(TSQ_EDCA_STA) | TSQ_EDCA_BIT(TSQ_EDCA_AP);
	u32 i;

	tsq_edca_params_init(&p);
	p.seed = seed;
	CHECK(tsq_edca_init(&e, &p, 0) == TSQ_OK);
	*sta_wins = *collisions = 0;
	for (i = 0; i < n; i++) {
		CHECK(tsq_edca_next(&e, e.idle_us, both, &g) == TSQ_OK);
		CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_OK);
		*collisions += t.collision;
		*sta_wins += g.who == TSQ_EDCA_BIT(TSQ_EDCA_STA);
		if (hist && g.who == TSQ_EDCA_BIT(TSQ_EDCA_STA))
			hist[e.ac[TSQ_EDCA_STA].backoff < 16 ?
			     e.ac[TSQ_EDCA_STA].backoff : 15]++;
	}
}

static void test_draws(void)
{
	u32 hist[16] = { 0 };
	u32 wins, coll, wins2, coll2, i;

	/* 100000 contentions: the two win alike (the AP's TXOPs are short,
	 * the rules the same), collisions a few percent */
	run(7, 100000, &wins, &coll, hist);
	CHECK(wins > 40000 && wins < 60000);
	CHECK(coll > 2000 && coll < 10000);
	/* a success's fresh counter is uniform in 0..15 */
	for (i = 0; i < 16; i++)
		CHECK(hist[i] > wins / 16 * 85 / 100 && hist[i] < wins / 16 * 115 / 100);
	/* the same seed, the same draws; another seed, others */
	run(7, 1000, &wins, &coll, NULL);
	run(7, 1000, &wins2, &coll2, NULL);
	CHECK(wins == wins2 && coll == coll2);
	run(8, 1000, &wins2, &coll2, NULL);
	CHECK(wins != wins2 || coll != coll2);
}

static void test_params(void)
{
	struct tsq_edca_params p;
	struct tsq_edca e;
	struct tsq_edca_grant g = { 0 };
	struct tsq_edca_txop t;
	struct tsq_edca_tx tx[TSQ_EDCA_N] = { data_tx, { 0, 0 } };

	tsq_edca_params_init(&p);
	CHECK(tsq_edca_params_check(&p) == TSQ_OK);
	CHECK(tsq_edca_params_check(NULL) == TSQ_ERR_INVAL);
	p.cw_min = 14;				/* not 2^k - 1 */
	CHECK(tsq_edca_params_check(&p) == TSQ_ERR_RANGE);
	tsq_edca_params_init(&p);
	p.cw_min = 2047;			/* above CWmax */
	CHECK(tsq_edca_params_check(&p) == TSQ_ERR_RANGE);
	tsq_edca_params_init(&p);
	p.slot_us = 0;
	CHECK(tsq_edca_init(&e, &p, 0) == TSQ_ERR_RANGE);
	tsq_edca_params_init(&p);
	p.aifsn = 0;
	CHECK(tsq_edca_params_check(&p) == TSQ_ERR_RANGE);
	p.aifsn = 16;
	CHECK(tsq_edca_params_check(&p) == TSQ_ERR_RANGE);
	p.aifsn = 2;
	p.cw_min = 0;				/* 2^0 - 1 */
	CHECK(tsq_edca_init(&e, &p, 0) == TSQ_OK);
	CHECK(tsq_edca_next(&e, 0, 0, &g) == TSQ_ERR_RANGE);
	CHECK(tsq_edca_next(&e, 0, 4, &g) == TSQ_ERR_INVAL);
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_ERR_INVAL);	/* no one */
	g.who = TSQ_EDCA_BIT(TSQ_EDCA_AP);			/* ppdu 0 */
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_ERR_RANGE);
	tx[TSQ_EDCA_AP].ppdu_us = TSQ_EDCA_TX_US_MAX + 1;
	CHECK(tsq_edca_txop(&e, &g, tx, &t) == TSQ_ERR_RANGE);
	CHECK_U64(e.txops, 0);
}

int main(void)
{
	test_winner_and_freeze();
	test_collision();
	test_draws();
	test_params();
	CHECK_DONE();
}
