// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_sock.c - accounting, tcp_small_queue_check() decisions, the
 * THROTTLED -> QUEUED handshake, shortcuts, pacing-shift updates.
 */
#include "check.h"
#include "tsq/sock.h"

/* 4.15 rule at 100 Mb/s shift 10, truesize 2280: limit = 12207 (see test_rules) */
static struct tsq_limit_in lim_12207(void)
{
	return (struct tsq_limit_in){ .rule = TSQ_RULE_4_15, .pacing_rate = 12500000,
		.pacing_shift = 10, .truesize = 2280, .limit_output_bytes = 262144 };
}

static const struct tsq_xmit_ctx busy = { TSQ_SHORTCUT_EMPTY, false, false };

static void test_boundary(void)
{
	struct tsq_sock sk;
	struct tsq_limit_in in = lim_12207();

	tsq_sock_init(&sk);
	CHECK_U64(sk.pacing_shift, 10);
	CHECK_U64(tsq_sk_wmem_alloc(&sk), 1);		/* the sk_alloc() bias */
	/* wmem = 1 + 12206 = 12207, not > 12207: may go */
	CHECK(tsq_sock_charge(&sk, 12206) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 0);
	CHECK(!(sk.flags & TSQ_F_THROTTLED));
	/* wmem = 12208 > 12207: throttled */
	CHECK(tsq_sock_charge(&sk, 1) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 1);
	CHECK(sk.flags & TSQ_F_THROTTLED);
	CHECK_U64(sk.throttle_events, 1);
	/* factor 1 (retransmit): limit 24414, 12208 <= 24414: goes */
	in.factor = 1;
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 0);
}

static void test_rule_3_6(void)
{
	struct tsq_sock sk;
	struct tsq_limit_in in = { .rule = TSQ_RULE_3_6, .limit_output_bytes = 131072 };
	struct tsq_xmit_ctx empty = { TSQ_SHORTCUT_EMPTY_OR_SINGLE, true, true };

	tsq_sock_init(&sk);
	/* 3.6 compares wmem >= lob: 1 + 131070 = 131071 < 131072 goes */
	CHECK(tsq_sock_charge(&sk, 131070) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &empty) == 0);
	/* 1 + 131071 = 131072 >= 131072: throttled, and no shortcut in 3.6 */
	CHECK(tsq_sock_charge(&sk, 1) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &empty) == 1);
}

static void test_shortcuts(void)
{
	struct tsq_sock sk;
	struct tsq_limit_in in = lim_12207();
	struct tsq_xmit_ctx x;

	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 50000) == TSQ_OK);	/* far over 12207 */
	x = (struct tsq_xmit_ctx){ TSQ_SHORTCUT_NONE, true, false };
	CHECK(tsq_small_queue_check(&sk, &in, &x) == 1);	/* no shortcut */
	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 50000) == TSQ_OK);
	x = (struct tsq_xmit_ctx){ TSQ_SHORTCUT_EMPTY, true, false };
	CHECK(tsq_small_queue_check(&sk, &in, &x) == 0);	/* rtx empty: go */
	CHECK(!(sk.flags & TSQ_F_THROTTLED));			/* nothing set */
	x = (struct tsq_xmit_ctx){ TSQ_SHORTCUT_EMPTY, false, true };
	CHECK(tsq_small_queue_check(&sk, &in, &x) == 1);	/* 4.15: single not enough */
	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 50000) == TSQ_OK);
	x = (struct tsq_xmit_ctx){ TSQ_SHORTCUT_EMPTY_OR_SINGLE, false, true };
	CHECK(tsq_small_queue_check(&sk, &in, &x) == 0);	/* 6.6+: single goes */
	x = (struct tsq_xmit_ctx){ TSQ_SHORTCUT_EMPTY_OR_SINGLE, false, false };
	CHECK(tsq_small_queue_check(&sk, &in, &x) == 1);
	x.shortcut = TSQ_SHORTCUT__COUNT;
	CHECK(tsq_small_queue_check(&sk, &in, &x) == TSQ_ERR_INVAL);
	in.rule = TSQ_RULE_OFF;
	x.shortcut = TSQ_SHORTCUT_NONE;
	CHECK(tsq_small_queue_check(&sk, &in, &x) == 0);	/* off: always go */
}

/* Throttle, the first release asks for a resume, later ones do not */
static void test_handshake(void)
{
	struct tsq_sock sk;
	struct tsq_limit_in in = lim_12207();

	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 9120) == TSQ_OK);
	CHECK(tsq_sock_charge(&sk, 9120) == TSQ_OK);	/* 18240 queued */
	CHECK_U64(sk.peak_queued, 18240);
	CHECK(tsq_wfree(&sk, 9120) == 0);		/* not throttled: no resume */
	CHECK(tsq_sock_charge(&sk, 9120) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 1);
	CHECK(tsq_wfree(&sk, 4560) == 1);		/* first release: resume */
	CHECK(sk.flags == TSQ_F_QUEUED);
	CHECK(tsq_wfree(&sk, 4560) == 0);		/* queued: no second resume */
	CHECK_U64(sk.resumes, 1);
	/* 9120 queued now: a check while the resume is pending lets it go */
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 0);	/* 1+9120 <= 12207 */
	tsq_handler(&sk);
	CHECK(sk.flags == 0);
	CHECK(tsq_sock_charge(&sk, 9120) == TSQ_OK);	/* 18240 */
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 1);	/* re-check throttles */
	CHECK(tsq_wfree(&sk, 9120) == 1);
	tsq_handler(&sk);
	CHECK(tsq_wfree(&sk, 9120) == 0);
	CHECK_U64(sk.queued, 0);
	CHECK_U64(sk.charged, sk.released);
	CHECK_U64(sk.resumes, 2);
	CHECK_U64(sk.throttle_events, 2);
}

/* Throttled again while the resume is pending: still only one resume */
static void test_throttle_while_queued(void)
{
	struct tsq_sock sk;
	struct tsq_limit_in in = lim_12207();

	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 20000) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 1);
	CHECK(tsq_wfree(&sk, 1000) == 1);			/* THROTTLED -> QUEUED */
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 1);	/* 19001 > 12207 */
	CHECK(sk.flags == (TSQ_F_THROTTLED | TSQ_F_QUEUED));
	CHECK(tsq_wfree(&sk, 1000) == 0);			/* QUEUED: no new resume */
	tsq_handler(&sk);
	CHECK(sk.flags == TSQ_F_THROTTLED);
	CHECK(tsq_wfree(&sk, 1000) == 1);			/* now it may */
	CHECK_U64(sk.resumes, 2);
}

/* In ksoftirqd the resume waits until nothing is queued below TCP */
static void test_wfree_ksoftirqd(void)
{
	struct tsq_sock sk;
	struct tsq_limit_in in = lim_12207();

	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 9120) == TSQ_OK);
	CHECK(tsq_sock_charge(&sk, 9120) == TSQ_OK);
	CHECK(tsq_small_queue_check(&sk, &in, &busy) == 1);
	CHECK(tsq_wfree_ksoftirqd(&sk, 9120) == 0);		/* 9121 >= 577 */
	CHECK(sk.flags == TSQ_F_THROTTLED);
	CHECK(tsq_wfree_ksoftirqd(&sk, 8500) == 0);		/* 621 >= 577 */
	CHECK(tsq_wfree_ksoftirqd(&sk, 50) == 1);		/* 571 < 577: drained */
	CHECK(tsq_wfree_ksoftirqd(&sk, 570) == 0);		/* QUEUED: no second */
	CHECK(sk.flags == TSQ_F_QUEUED);
	CHECK_U64(sk.resumes, 1);
	CHECK(tsq_wfree_ksoftirqd(&sk, 1) == TSQ_ERR_UNDERFLOW);
	CHECK(tsq_wfree_ksoftirqd(NULL, 1) == TSQ_ERR_INVAL);
	/* not throttled: nothing to resume, drained or not */
	tsq_handler(&sk);
	CHECK(tsq_sock_charge(&sk, 100) == TSQ_OK);
	CHECK(tsq_wfree_ksoftirqd(&sk, 100) == 0);
	CHECK(sk.flags == 0);
}

static void test_underflow(void)
{
	struct tsq_sock sk;

	tsq_sock_init(&sk);
	CHECK(tsq_sock_charge(&sk, 100) == TSQ_OK);
	sk.flags = TSQ_F_THROTTLED;
	CHECK(tsq_wfree(&sk, 101) == TSQ_ERR_UNDERFLOW);
	CHECK_U64(sk.queued, 100);			/* nothing changed */
	CHECK_U64(sk.released, 0);
	CHECK(sk.flags == TSQ_F_THROTTLED);
	CHECK(tsq_wfree(&sk, 100) == 1);
	CHECK(tsq_wfree(&sk, 1) == TSQ_ERR_UNDERFLOW);
	CHECK(tsq_wfree(NULL, 1) == TSQ_ERR_INVAL);
	CHECK(tsq_sock_charge(NULL, 1) == TSQ_ERR_INVAL);
	sk.queued = UINT64_MAX - 1;
	CHECK(tsq_sock_charge(&sk, 1) == TSQ_ERR_RANGE);	/* wmem would wrap */
}

static void test_shift_update(void)
{
	struct tsq_sock sk;

	tsq_sock_init(&sk);
	CHECK(tsq_sk_pacing_shift_update(&sk, true, 8) == 1);
	CHECK_U64(sk.pacing_shift, 8);
	CHECK(tsq_sk_pacing_shift_update(&sk, true, 8) == 0);	/* same: no write */
	CHECK(tsq_sk_pacing_shift_update(&sk, false, 7) == 0);	/* not a full sock */
	CHECK_U64(sk.pacing_shift, 8);
	CHECK(tsq_sk_pacing_shift_update(NULL, true, 7) == 0);
	CHECK(tsq_sk_pacing_shift_update(&sk, true, 32) == TSQ_ERR_RANGE);
	CHECK(tsq_sk_pacing_shift_update(&sk, true, 0) == 1);
	CHECK(tsq_sk_pacing_shift_update(&sk, true, 31) == 1);
}

/* Random charge/release: balance to zero, never underflow, one resume per throttle */
static void test_random(void)
{
	uint64_t seed = 12345;
	uint64_t inflight[64];
	int round;

	for (round = 0; round < 200; round++) {
		struct tsq_sock sk;
		struct tsq_limit_in in = lim_12207();
		struct tsq_xmit_ctx x = { (enum tsq_shortcut)(xorshift64(&seed) % 3), false, false };
		unsigned int n = 0, i, step;
		uint64_t throttled_since_resume = 0, resumes = 0;

		tsq_sock_init(&sk);
		in.pacing_shift = 6 + (uint32_t)(xorshift64(&seed) % 5);
		for (step = 0; step < 2000; step++) {
			uint64_t r = xorshift64(&seed);
			int ret;

			if ((r & 3) != 0 && n < 64) {
				x.rtx_queue_empty = n == 0;
				x.rtx_queue_single_skb = n == 1;
				ret = tsq_small_queue_check(&sk, &in, &x);
				CHECK(ret == 0 || ret == 1);
				if (ret == 1) {
					throttled_since_resume = 1;
					continue;
				}
				inflight[n] = 1 + (r >> 8) % 70000;
				CHECK(tsq_sock_charge(&sk, (uint32_t)inflight[n]) == TSQ_OK);
				n++;
			} else if (n) {
				i = (unsigned int)((r >> 8) % n);
				ret = tsq_wfree(&sk, (uint32_t)inflight[i]);
				CHECK(ret == 0 || ret == 1);
				if (ret == 1) {
					CHECK(throttled_since_resume);
					throttled_since_resume = 0;
					resumes++;
					if (r & 16)
						tsq_handler(&sk);
				}
				inflight[i] = inflight[--n];
			}
			if ((r & 0xf0) == 0)
				tsq_handler(&sk);
			CHECK_U64(sk.queued, sk.charged - sk.released);
		}
		while (n) {
			int ret = tsq_wfree(&sk, (uint32_t)inflight[--n]);

			CHECK(ret == 0 || ret == 1);
			if (ret == 1) {
				CHECK(throttled_since_resume);
				throttled_since_resume = 0;
				resumes++;
			}
		}
		CHECK_U64(sk.queued, 0);
		CHECK_U64(sk.charged, sk.released);
		CHECK_U64(sk.resumes, resumes);
		CHECK(sk.resumes <= sk.throttle_events);
		CHECK(tsq_wfree(&sk, 1) == TSQ_ERR_UNDERFLOW);
	}
}

int main(void)
{
	test_boundary();
	test_rule_3_6();
	test_shortcuts();
	test_handshake();
	test_throttle_while_queued();
	test_wfree_ksoftirqd();
	test_underflow();
	test_shift_update();
	test_random();
	CHECK_DONE();
}
