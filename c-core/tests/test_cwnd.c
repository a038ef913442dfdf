// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_cwnd.c - tcp_cwnd_validate() forms and tcp_is_cwnd_limited().
 */
#include "check.h"
#include "tsq/cwnd.h"

#define INF 0x7fffffffu

static void test_slow_start(void)
{
	struct tsq_cwnd_state st;
	int f;

	for (f = 0; f < TSQ_CWND__COUNT; f++) {
		tsq_cwnd_state_init(&st);
		/* first call: !before(1000, 0) -> new window, max 10, seq 15480 */
		CHECK(tsq_cwnd_validate((enum tsq_cwnd_form)f, &st, false, 1000, 15480, 10) == TSQ_OK);
		CHECK_U64(st.max_packets_out, 10);
		CHECK_U64(st.seq, 15480);
		/* slow start: cwnd 19 < 2*10 grows, cwnd 20 does not */
		CHECK(tsq_is_cwnd_limited((enum tsq_cwnd_form)f, &st, 19, INF));
		CHECK(!tsq_is_cwnd_limited((enum tsq_cwnd_form)f, &st, 20, INF));
		/* CA (cwnd 20 >= ssthresh 10): is_cwnd_limited false */
		CHECK(!tsq_is_cwnd_limited((enum tsq_cwnd_form)f, &st, 20, 10));
		/* same window, fewer packets: no update */
		CHECK(tsq_cwnd_validate((enum tsq_cwnd_form)f, &st, false, 2000, 20000, 5) == TSQ_OK);
		CHECK_U64(st.max_packets_out, 10);
		/* window over (snd_una 15480 not before seq 15480): update to 5 */
		CHECK(tsq_cwnd_validate((enum tsq_cwnd_form)f, &st, false, 15480, 30000, 5) == TSQ_OK);
		CHECK_U64(st.max_packets_out, 5);
		CHECK_U64(st.seq, 30000);
		/* cwnd 0 in slow start: 0 < 2*5 */
		CHECK(tsq_is_cwnd_limited((enum tsq_cwnd_form)f, &st, 0, INF));
	}
}

/* 2014 forgets is_cwnd_limited within a window; 2022 keeps it */
static void test_forget(void)
{
	struct tsq_cwnd_state a, c;

	tsq_cwnd_state_init(&a);
	tsq_cwnd_state_init(&c);
	CHECK(tsq_cwnd_validate(TSQ_CWND_2014, &a, true, 1000, 50000, 10) == TSQ_OK);
	CHECK(tsq_cwnd_validate(TSQ_CWND_2022, &c, true, 1000, 50000, 10) == TSQ_OK);
	CHECK(tsq_is_cwnd_limited(TSQ_CWND_2014, &a, 10, 5));	/* CA, limited */
	CHECK(tsq_is_cwnd_limited(TSQ_CWND_2022, &c, 10, 5));
	/* later in the same window, 11 packets out, not limited */
	CHECK(tsq_cwnd_validate(TSQ_CWND_2014, &a, false, 2000, 51448, 11) == TSQ_OK);
	CHECK(tsq_cwnd_validate(TSQ_CWND_2022, &c, false, 2000, 51448, 11) == TSQ_OK);
	CHECK(!tsq_is_cwnd_limited(TSQ_CWND_2014, &a, 10, 5));	/* forgot */
	CHECK(tsq_is_cwnd_limited(TSQ_CWND_2022, &c, 10, 5));	/* kept */
	CHECK_U64(a.max_packets_out, 11);
	CHECK_U64(c.max_packets_out, 10);
	/* 2022: limited wins in slow start even when cwnd >= 2*max */
	CHECK(tsq_is_cwnd_limited(TSQ_CWND_2022, &c, 100, INF));
	CHECK(!tsq_is_cwnd_limited(TSQ_CWND_2014, &a, 100, INF));
}

/* sequence wrap-around: snd_una 0xfffffff0 is before seq 0x10 */
static void test_wrap(void)
{
	struct tsq_cwnd_state st;

	tsq_cwnd_state_init(&st);
	st.seq = 0x10;
	st.max_packets_out = 10;
	CHECK(tsq_cwnd_validate(TSQ_CWND_2014, &st, false, 0xfffffff0u, 0x20, 3) == TSQ_OK);
	CHECK_U64(st.max_packets_out, 10);		/* same window */
	CHECK(tsq_cwnd_validate(TSQ_CWND_2014, &st, false, 0x10, 0x20, 3) == TSQ_OK);
	CHECK_U64(st.max_packets_out, 3);		/* una reached seq */
	CHECK(tsq_before(0xfffffff0u, 0x10));
	CHECK(tsq_after(0x10, 0xfffffff0u));
}

/* tail of tcp_write_xmit: TSQ-stopped sender is not cwnd-limited */
static void test_write_xmit(void)
{
	struct tsq_cwnd_state st;

	/* 2014: nothing sent -> no validate even if cwnd-limited */
	tsq_cwnd_state_init(&st);
	CHECK(tsq_write_xmit_cwnd(TSQ_CWND_2014, &st, 0, true, 10, 10, 1000, 2000, 10) == TSQ_OK);
	CHECK_U64(st.max_packets_out, 0);
	/* 2020: nothing sent but cwnd-limited -> validate(limited) */
	CHECK(tsq_write_xmit_cwnd(TSQ_CWND_2020, &st, 0, true, 10, 10, 1000, 2000, 10) == TSQ_OK);
	CHECK_U64(st.max_packets_out, 10);
	CHECK(st.is_cwnd_limited);
	/* in_flight >= cwnd marks limited */
	tsq_cwnd_state_init(&st);
	CHECK(tsq_write_xmit_cwnd(TSQ_CWND_2014, &st, 3, false, 10, 10, 1000, 2000, 10) == TSQ_OK);
	CHECK(st.is_cwnd_limited);
	/* TSQ stop: sent 3, in_flight 4 < cwnd 40: not limited; CA -> no growth */
	tsq_cwnd_state_init(&st);
	CHECK(tsq_write_xmit_cwnd(TSQ_CWND_2022, &st, 3, false, 4, 40, 1000, 2000, 4) == TSQ_OK);
	CHECK(!st.is_cwnd_limited);
	CHECK(!tsq_is_cwnd_limited(TSQ_CWND_2022, &st, 40, 20));
	CHECK(!tsq_is_cwnd_limited(TSQ_CWND_2022, &st, 40, INF));	/* 40 >= 2*4 */
	CHECK(tsq_write_xmit_cwnd(TSQ_CWND__COUNT, &st, 3, false, 4, 40, 1, 2, 4) == TSQ_ERR_INVAL);
}

static void test_names(void)
{
	enum tsq_cwnd_form f;

	CHECK(tsq_cwnd_form_from_name("2022", &f) == TSQ_OK && f == TSQ_CWND_2022);
	CHECK(tsq_cwnd_form_from_name("2019", &f) == TSQ_ERR_NOENT);
	CHECK(tsq_cwnd_form_name(TSQ_CWND_2014)[3] == '4');
	CHECK(!tsq_is_cwnd_limited(TSQ_CWND_2014, NULL, 1, 2));
}

static void test_cwnd_test(void)
{
	/* cwnd 10, 4 in flight: min(max(10 >> 1, 1), 10 - 4) = min(5, 6) = 5 */
	CHECK_U64(tsq_cwnd_test(10, 4), 5);
	/* cwnd 10, 8 in flight: min(5, 2) = 2 */
	CHECK_U64(tsq_cwnd_test(10, 8), 2);
	/* cwnd-limited: in_flight >= cwnd -> 0 */
	CHECK_U64(tsq_cwnd_test(10, 10), 0);
	CHECK_U64(tsq_cwnd_test(10, 11), 0);
	/* cwnd 1: half is 0, max(0, 1) = 1; 1 - 0 = 1 -> 1 */
	CHECK_U64(tsq_cwnd_test(1, 0), 1);
	/* cwnd 0: 0 >= 0 -> 0 */
	CHECK_U64(tsq_cwnd_test(0, 0), 0);
	/* cwnd 2^32-1, nothing in flight: half 2147483647 */
	CHECK_U64(tsq_cwnd_test(0xffffffffu, 0), 2147483647u);
}

static void test_tcp_slow_start(void)
{
	u32 cwnd;

	/* cwnd 28, ssthresh 30, a stretch ACK of 15: cwnd min(43, 30) = 30,
	 * 15 - (30 - 28) = 13 left for congestion avoidance */
	cwnd = 28;
	CHECK_U64(tsq_slow_start(&cwnd, 30, 15, 0xffffffffu), 13);
	CHECK_U64(cwnd, 30);
	/* room for all: cwnd 10 + 2 = 12 < 30, nothing left */
	cwnd = 10;
	CHECK_U64(tsq_slow_start(&cwnd, 30, 2, 0xffffffffu), 0);
	CHECK_U64(cwnd, 12);
	/* exactly to ssthresh: 29 + 1 = 30, 0 left */
	cwnd = 29;
	CHECK_U64(tsq_slow_start(&cwnd, 30, 1, 0xffffffffu), 0);
	CHECK_U64(cwnd, 30);
	/* snd_cwnd_clamp 20 binds below ssthresh: cwnd 20, left 15 - (30 - 18)
	 * = 3 (the kernel subtracts before it clamps) */
	cwnd = 18;
	CHECK_U64(tsq_slow_start(&cwnd, 30, 15, 20), 3);
	CHECK_U64(cwnd, 20);
	/* not in slow start: unchanged, acked returned whole */
	cwnd = 30;
	CHECK_U64(tsq_slow_start(&cwnd, 30, 7, 0xffffffffu), 7);
	CHECK_U64(cwnd, 30);
	/* no 32-bit wrap of cwnd + acked: ssthresh "infinite" */
	cwnd = 0xfffffff0u;
	CHECK_U64(tsq_slow_start(&cwnd, 0xffffffffu, 0x20, 0xffffffffu), 0x11);
	CHECK_U64(cwnd, 0xffffffffu);
	CHECK_U64(tsq_slow_start(NULL, 30, 5, 30), 5);
}

static void test_slow_start_bytes(void)
{
	u32 cwnd;

	/* the packet case above in 1448-byte segments: cwnd 28 -> 30
	 * segments, 13 whole segments left */
	cwnd = 28 * 1448;
	CHECK_U64(tsq_slow_start_bytes(&cwnd, 30 * 1448, 15, 1448), 13);
	CHECK_U64(cwnd, 30 * 1448);
	/* ssthresh not a multiple of the MSS: 1000 bytes of room, 2 segments
	 * acked leave 1896 bytes, one whole segment */
	cwnd = 10000;
	CHECK_U64(tsq_slow_start_bytes(&cwnd, 11000, 2, 1448), 1);
	CHECK_U64(cwnd, 11000);
	/* room for all: nothing left */
	cwnd = 10 * 1448;
	CHECK_U64(tsq_slow_start_bytes(&cwnd, 30 * 1448, 2, 1448), 0);
	CHECK_U64(cwnd, 12 * 1448);
	/* out of slow start: acked returned whole */
	cwnd = 30 * 1448;
	CHECK_U64(tsq_slow_start_bytes(&cwnd, 30 * 1448, 7, 1448), 7);
	CHECK_U64(cwnd, 30 * 1448);
	/* acked * mss past 2^32: capped at 2^32-1 bytes, not wrapped; cwnd
	 * 1448 reaches the "infinite" ssthresh and the 1448 bytes past it
	 * are one segment */
	cwnd = 1448;
	CHECK_U64(tsq_slow_start_bytes(&cwnd, 0xffffffffu, 0x10000000u, 1448), 1);
	CHECK_U64(cwnd, 0xffffffffu);
	/* mss 0: nothing changes */
	cwnd = 5;
	CHECK_U64(tsq_slow_start_bytes(&cwnd, 100, 3, 0), 3);
	CHECK_U64(cwnd, 5);
}

int main(void)
{
	test_cwnd_test();
	test_tcp_slow_start();
	test_slow_start_bytes();
	test_slow_start();
	test_forget();
	test_wrap();
	test_write_xmit();
	test_names();
	CHECK_DONE();
}
