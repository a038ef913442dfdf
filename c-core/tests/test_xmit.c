// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_xmit.c - the skb tcp_write_xmit() sends next and its segments'
 * charges. Truesize: the Linux 6.18 model (payload + 832). mss 1448.
 */
#include "check.h"
#include "tsq/xmit.h"

static struct tsq_xmit_in base(void)
{
	struct tsq_xmit_in in = {
		.mss = 1448, .cwnd = 40, .in_flight = 0, .autosize_segs = 45,
		.window = 1000000, .data = 1000000, .committed = 1448,
		.tso = true, .retransmit = false, .software_gso = false,
		.max_tcp_header = 304, .truesize = &tsq_truesize_linux_6_18,
	};
	return in;
}

static void test_tso(void)
{
	struct tsq_xmit_in in = base();
	struct tsq_xmit_skb skb;

	/* cwnd 40, none in flight: tcp_cwnd_test = min(40 >> 1, 40) = 20
	 * segments < autosize 45: 20 x 1448 = 28960 bytes, truesize
	 * 28960 + 832 = 29792 */
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 28960);
	CHECK_U64(skb.segs, 20);
	CHECK_U64(skb.truesize, 29792);
	CHECK_U64(skb.factor, 0);
	CHECK(!skb.gso_cut);
	/* autosize binds: 3 segments -> 4344 bytes */
	in.autosize_segs = 3;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 4344);
	CHECK_U64(skb.segs, 3);
	/* the tail: 2000 bytes queued -> 2000 bytes, 2 segments */
	in = base();
	in.data = 2000;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 2000);
	CHECK_U64(skb.segs, 2);
	/* cwnd full (in flight 40 of 40): quota 0, but the committed segment
	 * goes: 1448 bytes, 1 segment */
	in = base();
	in.in_flight = 40;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 1448);
	CHECK_U64(skb.segs, 1);
	/* the receive window: 5000 bytes -> 5000 (a partial last segment, no
	 * Nagle hold), 4 segments */
	in = base();
	in.window = 5000;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 5000);
	CHECK_U64(skb.segs, 4);
}

static void test_single(void)
{
	struct tsq_xmit_in in = base();
	struct tsq_xmit_skb skb;

	/* without TSO: one segment of min(committed, data) */
	in.tso = false;
	in.committed = 1000;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 1000);
	CHECK_U64(skb.segs, 1);
	CHECK_U64(skb.truesize, 1832);
	/* a retransmission: one segment, factor 1, never cut */
	in = base();
	in.retransmit = true;
	in.software_gso = true;
	in.data = 700;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 700);
	CHECK_U64(skb.segs, 1);
	CHECK_U64(skb.factor, 1);
	CHECK(!skb.gso_cut);
	CHECK_U64(tsq_xmit_segment_charge(&skb, 0, 700, 304), 1532);
}

static void test_charges(void)
{
	struct tsq_xmit_in in = base();
	struct tsq_xmit_skb skb;
	u64 sum = 0;
	u32 i;

	/* shares of a 3-segment skb (4344 + 832 = 5176): 1725, 1725, 1726 */
	in.autosize_segs = 3;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(tsq_xmit_segment_charge(&skb, 0, 1448, 304), 1725);
	CHECK_U64(tsq_xmit_segment_charge(&skb, 2, 1448, 304), 1726);
	for (i = 0; i < skb.segs; i++)
		sum += tsq_xmit_segment_charge(&skb, i, 1448, 304);
	CHECK_U64(sum, skb.truesize);
	CHECK_U64(tsq_xmit_segment_charge(&skb, 3, 1448, 304), 0);
	/* software GSO cuts it: each segment its own truesize, 4352 for 1448
	 * bytes with MAX_TCP_HEADER 304 */
	in.software_gso = true;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK(skb.gso_cut);
	CHECK_U64(tsq_xmit_segment_charge(&skb, 1, 1448, 304), 4352);
	/* ... but a one-segment skb is not GSO */
	in.autosize_segs = 1;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK(!skb.gso_cut);
	CHECK_U64(tsq_xmit_segment_charge(&skb, 0, 1448, 304), 2280);
}

static void test_errors(void)
{
	struct tsq_xmit_in in = base();
	struct tsq_xmit_skb skb;

	CHECK(tsq_write_xmit_skb(NULL, &skb) == TSQ_ERR_INVAL);
	CHECK_U64(skb.bytes, 0);
	CHECK(tsq_write_xmit_skb(&in, NULL) == TSQ_ERR_INVAL);
	in.mss = 0;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_ERR_INVAL);
	in = base();
	in.truesize = NULL;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_ERR_INVAL);
	CHECK_U64(tsq_xmit_segment_charge(NULL, 0, 1448, 304), 0);
	/* extremes: everything at 2^32-1 does not wrap */
	in = base();
	in.cwnd = in.autosize_segs = in.window = in.data = in.committed = 0xffffffffu;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK(skb.segs >= 1 && skb.truesize == 0xffffffffu);
	/* nothing queued: no skb, no truesize to charge (a fuzzer find: the
	 * TSO path gave 0 segments with the 832 B minimum truesize) */
	in = base();
	in.data = 0;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.bytes, 0);
	CHECK_U64(skb.segs, 0);
	CHECK_U64(skb.truesize, 0);
	in.tso = false;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.segs, 0);
	CHECK_U64(skb.truesize, 0);
	in = base();
	in.tso = false;
	in.committed = 0;
	CHECK(tsq_write_xmit_skb(&in, &skb) == TSQ_OK);
	CHECK_U64(skb.segs, 0);
}

int main(void)
{
	test_tso();
	test_single();
	test_charges();
	test_errors();
	CHECK_DONE();
}
