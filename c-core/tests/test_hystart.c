// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_hystart.c - CUBIC's hybrid slow start, 4.x and 5.6 forms, by hand.
 */
#include "check.h"

#include <string.h>
#include "tsq/hystart.h"

static bool ack(struct tsq_hystart *h, u64 now_us, s64 rtt_us, u32 cwnd, u32 ssthresh,
		u32 snd_una)
{
	struct tsq_hystart_ack a = {
		.now_us = now_us, .rtt_us = rtt_us, .cwnd = cwnd, .ssthresh = ssthresh,
		.snd_una = snd_una, .snd_nxt = 9000, .pacing_rate = 15000000,
		.gso_max_size = 65536, .paced = false,
	};

	return tsq_hystart_acked(h, &a);
}

static void test_4x(void)
{
	struct tsq_hystart h;

	/* min RTT 3 ms -> delay_min 24 (1/8 ms): the train must last > 1 ms */
	tsq_hystart_init(&h, TSQ_HYSTART_4_X, 100000, 1000);
	CHECK(!ack(&h, 100000, 3000, 20, 1000, 0));
	CHECK_U64(h.delay_min, 24);
	CHECK(!ack(&h, 101000, 3000, 20, 1000, 0));
	CHECK(ack(&h, 102000, 3000, 20, 1000, 0));	/* 2 ms > 1 ms */
	CHECK(h.found & TSQ_HYSTART_ACK_TRAIN);
	/* below hystart_low_window nothing is detected */
	tsq_hystart_init(&h, TSQ_HYSTART_4_X, 100000, 1000);
	CHECK(!ack(&h, 100000, 3000, 15, 1000, 0));
	CHECK(!ack(&h, 110000, 3000, 15, 1000, 0));
	/* not in slow start: nothing */
	CHECK(!ack(&h, 120000, 3000, 30, 30, 0));
	/* a gap above 2 ms breaks the train */
	tsq_hystart_init(&h, TSQ_HYSTART_4_X, 100000, 1000);
	CHECK(!ack(&h, 100000, 20000, 20, 1000, 0));	/* delay_min 160 */
	CHECK(!ack(&h, 105000, 20000, 20, 1000, 0));
	CHECK_U64(h.last_ack, 100);
	/* a new round only after end_seq, in cong_avoid */
	tsq_hystart_cong_avoid(&h, 200000, 1000, 5000);
	CHECK_U64(h.round_start, 100);
	tsq_hystart_cong_avoid(&h, 200000, 1001, 5000);
	CHECK_U64(h.round_start, 200);
	CHECK_U64(h.end_seq, 5000);
	/* delay: 8 samples of 30 ms over a 20 ms minimum, threshold 4 ms */
	tsq_hystart_init(&h, TSQ_HYSTART_4_X, 0, 0);
	CHECK(!ack(&h, 0, 20000, 10, 1000, 0));	/* the minimum only */
	for (int i = 0; i < 8; i++)
		ack(&h, 10000 + 10000 * (u64)i, 30000, 20, 1000, 0);
	CHECK(ack(&h, 200000, 30000, 20, 1000, 0));
	CHECK(h.found & TSQ_HYSTART_DELAY);
	CHECK(!ack(NULL, 0, 1, 20, 1000, 0));
}

static void test_56_ack_train(void)
{
	struct tsq_hystart h;
	struct tsq_hystart_ack a = {
		.now_us = 0, .rtt_us = 2000, .cwnd = 20, .ssthresh = 1000, .snd_una = 900,
		.snd_nxt = 9000, .pacing_rate = 15000000, .gso_max_size = 65536,
	};

	/* delay_min 2000 us; ack delay min(1 ms, 65536 * 4 / 15e6 s) = 1000 us;
	 * unpaced: threshold (2000 + 1000) / 2 = 1500 us */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 1000000, 1000);
	a.now_us = 1000000;
	CHECK(!tsq_hystart_acked(&h, &a));
	CHECK_U64(h.delay_min, 2000);
	a.now_us = 1001000;
	CHECK(!tsq_hystart_acked(&h, &a));
	a.now_us = 1001500;
	CHECK(!tsq_hystart_acked(&h, &a));		/* 1500, not > 1500 */
	a.now_us = 1001501;
	CHECK(tsq_hystart_acked(&h, &a));
	CHECK_U64(h.found, 1);
	CHECK(!tsq_hystart_acked(&h, &a));		/* found: once */

	/* paced: the whole 3000 us */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 1000000, 1000);
	a.paced = true;
	a.now_us = 1000000;
	CHECK(!tsq_hystart_acked(&h, &a));
	for (a.now_us = 1001000; a.now_us <= 1003000; a.now_us += 1000)
		CHECK(!tsq_hystart_acked(&h, &a));
	a.now_us = 1003001;
	CHECK(tsq_hystart_acked(&h, &a));
	a.paced = false;

	/* a slow rate: the ack delay is capped at 1 ms; a fast one shrinks it:
	 * 65536 * 4 / 1e9 s = 262 us -> threshold (2000 + 262) / 2 = 1131 */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 0, 1000);
	a.pacing_rate = 1000000000;
	a.now_us = 0;
	CHECK(!tsq_hystart_acked(&h, &a));
	a.now_us = 1131;
	CHECK(!tsq_hystart_acked(&h, &a));
	a.now_us = 1132;
	CHECK(tsq_hystart_acked(&h, &a));
	a.pacing_rate = 15000000;

	/* ACKs more than 2000 us apart are no train */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 0, 1000);
	a.now_us = 0;
	CHECK(!tsq_hystart_acked(&h, &a));
	a.now_us = 2001;
	CHECK(!tsq_hystart_acked(&h, &a));
	CHECK_U64(h.last_ack, 0);

	/* snd_una past the round's end: a new round (from snd_nxt) first */
	a.now_us = 5000;
	a.snd_una = 1001;
	CHECK(!tsq_hystart_acked(&h, &a));
	CHECK(h.round_start == 5000 && h.last_ack == 5000 && h.end_seq == 9000);

	/* below the low window, not in slow start, no sample: nothing */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 0, 1000);
	a.snd_una = 900;
	a.cwnd = 15;
	for (a.now_us = 0; a.now_us < 10000; a.now_us += 1000)
		CHECK(!tsq_hystart_acked(&h, &a));
	a.cwnd = 40;
	a.ssthresh = 40;
	CHECK(!tsq_hystart_acked(&h, &a));
	a.ssthresh = 1000;
	a.rtt_us = -1;
	CHECK(!tsq_hystart_acked(&h, &a));
}

static void test_56_delay(void)
{
	struct tsq_hystart h;
	struct tsq_hystart_ack a = {
		.rtt_us = 20000, .cwnd = 20, .ssthresh = 1000, .snd_una = 900,
		.snd_nxt = 9000, .pacing_rate = 15000000, .gso_max_size = 65536,
	};
	int i;

	/* delay_min 20 ms; threshold clamp(20000 / 8, 4000, 16000) = 4000:
	 * a round whose least of 8 RTTs is 30 ms fires; ACKs 10 ms apart so
	 * no ACK train */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 0, 1000);
	a.cwnd = 10;	/* below the low window: the minimum only */
	CHECK(!tsq_hystart_acked(&h, &a));
	a.cwnd = 20;
	a.rtt_us = 30000;
	for (i = 0; i < 8; i++) {
		a.now_us += 10000;
		CHECK(!tsq_hystart_acked(&h, &a));
	}
	CHECK_U64(h.sample_cnt, 8);
	a.now_us += 10000;
	CHECK(tsq_hystart_acked(&h, &a));
	/* 24 ms is not enough (20 + 4 ms: not above) */
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 0, 1000);
	a.now_us = 0;
	a.rtt_us = 20000;
	a.cwnd = 10;
	CHECK(!tsq_hystart_acked(&h, &a));
	a.cwnd = 20;
	a.rtt_us = 24000;
	for (i = 0; i < 12; i++) {
		a.now_us += 10000;
		CHECK(!tsq_hystart_acked(&h, &a));
	}
}

/* Where the predicate says no, the pacing rate cannot change an answer. */
static void test_wants_pacing_rate(void)
{
	static const u32 cwnds[] = { 10, 16, 40, 100 };
	static const u32 ssthreshes[] = { 16, 40, 1000 };
	for (int form = 0; form < TSQ_HYSTART__COUNT; form++) {
		for (unsigned c = 0; c < sizeof(cwnds) / sizeof(cwnds[0]); c++) {
			for (unsigned t = 0; t < sizeof(ssthreshes) / sizeof(ssthreshes[0]); t++) {
				struct tsq_hystart slow, fast;
				struct tsq_hystart_ack a = {
					.rtt_us = 2000, .cwnd = cwnds[c], .ssthresh = ssthreshes[t],
					.snd_una = 900, .snd_nxt = 9000, .gso_max_size = 65536,
					.paced = true,
				};
				tsq_hystart_init(&slow, (enum tsq_hystart_form)form, 0, 1000);
				for (a.now_us = 0; a.now_us <= 4000; a.now_us += 100) {
					fast = slow;
					const bool wants = tsq_hystart_wants_pacing_rate(&slow, a.cwnd,
											a.ssthresh);
					a.pacing_rate = 15000000;
					const bool r_slow = tsq_hystart_acked(&slow, &a);
					a.pacing_rate = 1000000000;
					const bool r_fast = tsq_hystart_acked(&fast, &a);
					if (!wants) {
						CHECK(r_slow == r_fast);
						CHECK(memcmp(&slow, &fast, sizeof(slow)) == 0);
					}
				}
			}
		}
	}
	/* and where it says yes, the rate does matter (the fast-rate case above) */
	struct tsq_hystart h;
	tsq_hystart_init(&h, TSQ_HYSTART_5_6, 0, 1000);
	CHECK(tsq_hystart_wants_pacing_rate(&h, 40, 1000));
	CHECK(!tsq_hystart_wants_pacing_rate(&h, 40, 40));
	h.found = 1;
	CHECK(!tsq_hystart_wants_pacing_rate(&h, 40, 1000));
	tsq_hystart_init(&h, TSQ_HYSTART_4_X, 0, 1000);
	CHECK(!tsq_hystart_wants_pacing_rate(&h, 40, 1000));
	CHECK(!tsq_hystart_wants_pacing_rate(NULL, 40, 1000));
}

static void test_names(void)
{
	enum tsq_hystart_form f;

	CHECK(tsq_hystart_form_from_name("5.6", &f) == TSQ_OK && f == TSQ_HYSTART_5_6);
	CHECK(tsq_hystart_form_from_name("5.7", &f) == TSQ_ERR_NOENT);
	CHECK(tsq_hystart_form_name(TSQ_HYSTART_4_X)[0] == '4');
	CHECK(tsq_hystart_form_name((enum tsq_hystart_form)9)[0] == '?');
}

int main(void)
{
	test_4x();
	test_56_ack_train();
	test_56_delay();
	test_wants_pacing_rate();
	test_names();
	CHECK_DONE();
}
