// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit and property tests of tsq/completion.h, the driver completion
 * pipeline.  Literal cases first (times and bytes worked out by hand),
 * then random event sequences checked against the model's definition in
 * the header (not against the implementation): every byte released
 * exactly once, never before its ack or drop, at exactly
 * max(ack, gate opening) + latency, and never a deadlock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tsq/completion.h"
#include "check.h"

/* Signed comparison: return codes are negative. */

#define CHECK_EQ(a, b)							\
	do {								\
		long long a_ = (long long)(a);				\
		long long b_ = (long long)(b);				\
		if (a_ != b_) {						\
			fprintf(stderr, "%s:%d: %s == %lld, want %s == %lld\n", \
				__FILE__, __LINE__, #a, a_, #b, b_);	\
			check_failures++;				\
		}							\
	} while (0)

/* Expect one release of @cookie popped at @now with these fields. */
static void expect_pop(struct tsq_cmpl *c, u64 now, u64 cookie, u32 bytes,
		       u32 reason, u64 event, u64 due, int line)
{
	struct tsq_cmpl_release r;

	if (tsq_cmpl_pop_due(c, now, &r) != 1) {
		fprintf(stderr, "%s:%d: nothing due at %llu\n", __FILE__, line,
			(unsigned long long)now);
		check_failures++;
		return;
	}
	if (r.cookie != cookie || r.bytes != bytes || r.reason != reason ||
	    r.event_ns != event || r.due_ns != due) {
		fprintf(stderr,
			"%s:%d: popped cookie %llu bytes %u reason %u event %llu due %llu\n",
			__FILE__, line, (unsigned long long)r.cookie, r.bytes,
			r.reason, (unsigned long long)r.event_ns,
			(unsigned long long)r.due_ns);
		check_failures++;
	}
}

#define EXPECT_POP(c, now, ck, b, why, ev, due) \
	expect_pop(c, now, ck, b, why, ev, due, __LINE__)

static void expect_none(struct tsq_cmpl *c, u64 now, int line)
{
	struct tsq_cmpl_release r;

	if (tsq_cmpl_pop_due(c, now, &r) != 0) {
		fprintf(stderr, "%s:%d: cookie %llu popped at %llu, want none\n",
			__FILE__, line, (unsigned long long)r.cookie,
			(unsigned long long)now);
		check_failures++;
	}
}

#define EXPECT_NONE(c, now) expect_none(c, now, __LINE__)

static int start(struct tsq_cmpl *c, u64 now, const u64 *cookies,
		 const u32 *bytes, u32 n)
{
	struct tsq_cmpl_mpdu_in in[TSQ_CMPL_MAX_MPDUS + 1];
	u32 i;

	for (i = 0; i < n && i <= TSQ_CMPL_MAX_MPDUS; i++) {
		in[i].cookie = cookies[i];
		in[i].bytes = bytes[i];
	}
	return tsq_cmpl_psdu_start(c, now, in, n, NULL);
}

/* A one-MPDU PSDU. */
static int start1(struct tsq_cmpl *c, u64 now, u64 cookie, u32 bytes)
{
	return start(c, now, &cookie, &bytes, 1);
}

/* ------------------------------------------------------------ profiles */

static void test_profiles(void)
{
	const struct tsq_driver_profile *p;
	char buf[64];

	CHECK_EQ(tsq_driver_profile_count(), 4);
	p = tsq_driver_profile_find("ns3");
	CHECK(p && p->depth == 1 && p->latency_ns == 0 && !p->software_gso);
	CHECK(p && !p->estimate);
	p = tsq_driver_profile_find("ath9k");
	CHECK(p && p->depth == 2 && p->latency_ns == 0 && p->software_gso);
	CHECK(p && !p->estimate);
	/* firmware-aggregating drivers: depth 1, software GSO (no
	 * NETIF_F_SG), and the firmware's completion batching an estimate */
	p = tsq_driver_profile_find("ath10k");
	CHECK(p && p->depth == 1 && p->latency_ns == 0 && p->software_gso);
	CHECK(p && p->estimate && !strcmp(p->estimate, "completion-per-ppdu"));
	p = tsq_driver_profile_find("mt76");
	CHECK(p && p->depth == 1 && p->latency_ns == 0 && p->software_gso);
	CHECK(p && p->estimate && !strcmp(p->estimate, "completion-per-ppdu"));
	CHECK(tsq_driver_profile_find("iwlwifi") == NULL);
	CHECK(tsq_driver_profile_find("") == NULL);
	CHECK(tsq_driver_profile_find(NULL) == NULL);
	CHECK(tsq_driver_profile_at(0) == tsq_driver_profile_find("ns3"));
	CHECK(tsq_driver_profile_at(4) == NULL);

	CHECK_EQ(tsq_driver_profile_names(buf, sizeof(buf)), 24);
	CHECK(!strcmp(buf, "ns3, ath9k, ath10k, mt76"));
	CHECK_EQ(tsq_driver_profile_names(buf, 5), 24);
	CHECK(!strcmp(buf, "ns3,"));
	CHECK_EQ(tsq_driver_profile_names(buf, 1), 24);
	CHECK(!strcmp(buf, ""));
	CHECK_EQ(tsq_driver_profile_names(NULL, 0), 24);
}

static void test_init(void)
{
	struct tsq_cmpl c;

	CHECK_EQ(tsq_cmpl_init(NULL, 1, 0), TSQ_ERR_INVAL);
	CHECK_EQ(tsq_cmpl_init(&c, 0, 0), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_init(&c, TSQ_CMPL_MAX_DEPTH + 1, 0), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_init(&c, 1, UINT64_MAX), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_init(&c, TSQ_CMPL_MAX_DEPTH, 0), 0);
	CHECK(!tsq_cmpl_next_due(&c, NULL));
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* ------------------------------------------------------ literal cases */

/* Depth 1 (ns-3): released at the ack; a drop at the drop. */
static void test_depth1(void)
{
	static const u64 ck[] = { 11, 12, 13 };
	static const u32 by[] = { 1500, 1000, 500 };
	struct tsq_cmpl c;
	u64 seq = 99;
	struct tsq_cmpl_mpdu_in in = { .cookie = 14, .bytes = 40 };

	CHECK_EQ(tsq_cmpl_init(&c, 1, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start(&c, 1000, ck, by, 3), 0);
	CHECK_EQ(c.cnt.inflight_bytes, 3000);
	EXPECT_NONE(&c, 1000000);

	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 5000, 11), 0);
	EXPECT_POP(&c, 5000, 11, 1500, TSQ_CMPL_ACKED, 5000, 5000);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 5000, 12), 0);
	CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 6000, 13), 0);
	EXPECT_POP(&c, 6000, 12, 1000, TSQ_CMPL_ACKED, 5000, 5000);
	EXPECT_POP(&c, 6000, 13, 500, TSQ_CMPL_DROPPED, 6000, 6000);
	EXPECT_NONE(&c, 6000);
	CHECK_EQ(c.cnt.held_total, 0);
	CHECK_EQ(c.cnt.released_bytes, 3000);
	CHECK_EQ(c.cnt.acked_bytes, 2500);
	CHECK_EQ(c.cnt.dropped_bytes, 500);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	/* the next aggregate is number 1; the table is empty again */
	CHECK_EQ(tsq_cmpl_psdu_start(&c, 7000, &in, 1, &seq), 0);
	CHECK_EQ(seq, 1);
	CHECK_EQ(c.aggr[0].used + c.aggr[1].used, 1);
}

/*
 * The firmware-aggregating profiles (ath10k, mt76) with an HE-sized
 * aggregate: 256 MPDUs in one PSDU (a 256-MPDU BlockAck agreement), all
 * released at the BlockAck (one completion event per PPDU), one dropped
 * MPDU at its drop, and a retransmission of one MPDU in the next PSDU.
 */
static void test_firmware_256(void)
{
	static const char *const names[] = { "ath10k", "mt76" };
	struct tsq_cmpl_mpdu_in in[256];
	struct tsq_cmpl_release r;
	struct tsq_cmpl c;
	u32 i, k, n;

	for (k = 0; k < 2; k++) {
		const struct tsq_driver_profile *p =
			tsq_driver_profile_find(names[k]);

		CHECK(p != NULL);
		if (!p)
			continue;
		CHECK_EQ(tsq_cmpl_init(&c, p->depth, p->latency_ns), 0);
		CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
		for (i = 0; i < 256; i++) {
			in[i].cookie = 1000 + i;
			in[i].bytes = 1514;
		}
		CHECK_EQ(tsq_cmpl_psdu_start(&c, 100, in, 256, NULL), 0);
		CHECK_EQ(c.cnt.inflight_bytes, 256 * 1514);
		/* 254 acked at the BlockAck (5000 ns), 1 lost: retried,
		 * 1 dropped at the retry limit */
		for (i = 0; i < 254; i++)
			CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 5000, 1000 + i), 0);
		CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 5000, 1255), 0);
		for (n = 0; tsq_cmpl_pop_due(&c, 5000, &r) == 1; n++)
			CHECK_EQ(r.due_ns, 5000);
		CHECK_EQ(n, 255);
		CHECK_EQ(c.cnt.held_total, 0);
		/* MPDU 1254 rides again in the next PSDU, acked there */
		CHECK_EQ(tsq_cmpl_psdu_start(&c, 6000, &in[254], 1, NULL), 0);
		CHECK_EQ(c.cnt.retransmissions, 1);
		CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 7000, 1254), 0);
		EXPECT_POP(&c, 7000, 1254, 1514, TSQ_CMPL_ACKED, 7000, 7000);
		EXPECT_NONE(&c, 1000000);
		CHECK_EQ(c.cnt.released_bytes, 256 * 1514);
		CHECK_EQ(c.cnt.bytes_in, 256 * 1514);
		CHECK_EQ(tsq_cmpl_check(&c), 0);
	}
}

/* Depth 2 (ath9k): held until the next aggregate starts, or until the
 * queue is reported empty. */
static void test_depth2(void)
{
	static const u64 ck[] = { 1, 2 };
	static const u32 by[] = { 1500, 1400 };
	struct tsq_cmpl c;
	u64 due = 0;

	CHECK_EQ(tsq_cmpl_init(&c, 2, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start(&c, 1000, ck, by, 2), 0);		/* N = 0 */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 3000, 1), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 3000, 2), 0);
	/* BlockAck(0) = 3000, but aggregate 1 has not started: held */
	EXPECT_NONE(&c, 3999);
	CHECK(!tsq_cmpl_next_due(&c, &due));
	CHECK_EQ(c.cnt.held_mpdus, 2);
	CHECK_EQ(c.cnt.held_bytes, 2900);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	CHECK_EQ(start1(&c, 4000, 3, 1300), 0);		/* N = 1 */
	/* max(3000, 4000) + 0 */
	CHECK(tsq_cmpl_next_due(&c, &due));
	CHECK_EQ(due, 4000);
	EXPECT_NONE(&c, 3999);
	EXPECT_POP(&c, 4000, 1, 1500, TSQ_CMPL_ACKED, 3000, 4000);
	EXPECT_POP(&c, 4000, 2, 1400, TSQ_CMPL_ACKED, 3000, 4000);
	CHECK_EQ(c.cnt.held_mpdus, 0);
	CHECK_EQ(c.cnt.held_total, 2);

	/* aggregate 1 acked at 6000 with more queued: held... */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 6000, 3), 0);
	EXPECT_NONE(&c, 6500);
	/* ...until the queue runs empty at 7000 (no aggregate 2 coming) */
	CHECK_EQ(tsq_cmpl_queue_state(&c, 7000, false), 0);
	EXPECT_POP(&c, 7000, 3, 1300, TSQ_CMPL_ACKED, 6000, 7000);
	CHECK_EQ(c.cnt.released_bytes, 4200);
	CHECK_EQ(c.cnt.bytes_in, 4200);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	/* An ack that arrives after the next aggregate started goes at once:
	 * max(BlockAck(2) = 9500, start(3) = 9000) = 9500. */
	CHECK_EQ(tsq_cmpl_queue_state(&c, 8000, true), 0);
	CHECK_EQ(start1(&c, 8000, 4, 100), 0);		/* N = 2 */
	CHECK_EQ(start1(&c, 9000, 5, 100), 0);		/* N = 3 */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 9500, 4), 0);
	EXPECT_POP(&c, 9500, 4, 100, TSQ_CMPL_ACKED, 9500, 9500);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 9600, 5), 0);
	EXPECT_NONE(&c, 20000);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* Depth 2 with a 300 us latency; drops are never held. */
static void test_latency(void)
{
	struct tsq_cmpl c;
	u64 due = 0;

	CHECK_EQ(tsq_cmpl_init(&c, 2, 300000), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start1(&c, 0, 1, 1500), 0);			/* N = 0 */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2000, 1), 0);
	CHECK_EQ(start1(&c, 5000, 2, 1500), 0);		/* N = 1 */
	/* max(2000, 5000) + 300000 */
	CHECK(tsq_cmpl_next_due(&c, &due));
	CHECK_EQ(due, 305000);
	CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 6000, 2), 0);
	EXPECT_NONE(&c, 304999);
	EXPECT_POP(&c, 305000, 1, 1500, TSQ_CMPL_ACKED, 2000, 305000);
	CHECK(tsq_cmpl_next_due(&c, &due));
	CHECK_EQ(due, 306000);
	EXPECT_POP(&c, 306000, 2, 1500, TSQ_CMPL_DROPPED, 6000, 306000);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* Depth 3: N waits for N+2. */
static void test_depth3(void)
{
	struct tsq_cmpl c;

	CHECK_EQ(tsq_cmpl_init(&c, 3, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start1(&c, 0, 1, 10), 0);
	CHECK_EQ(start1(&c, 100, 2, 20), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2000, 1), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2100, 2), 0);
	EXPECT_NONE(&c, 2999);
	CHECK_EQ(start1(&c, 3000, 3, 30), 0);
	EXPECT_POP(&c, 3000, 1, 10, TSQ_CMPL_ACKED, 2000, 3000);
	EXPECT_NONE(&c, 3999);
	CHECK_EQ(start1(&c, 4000, 4, 40), 0);
	EXPECT_POP(&c, 4000, 2, 20, TSQ_CMPL_ACKED, 2100, 4000);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* The no-deadlock rule: with nothing else queued, BlockAck(N) releases. */
static void test_no_deadlock(void)
{
	struct tsq_cmpl c;

	/* Queue empty when the ack comes: released at the ack. */
	CHECK_EQ(tsq_cmpl_init(&c, 2, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start1(&c, 0, 1, 1500), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 100, false), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2000, 1), 0);
	EXPECT_POP(&c, 2000, 1, 1500, TSQ_CMPL_ACKED, 2000, 2000);

	/* Queue state never reported (default empty): depth 1 behaviour. */
	CHECK_EQ(tsq_cmpl_init(&c, 2, 0), 0);
	CHECK_EQ(start1(&c, 0, 1, 1500), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2000, 1), 0);
	EXPECT_POP(&c, 2000, 1, 1500, TSQ_CMPL_ACKED, 2000, 2000);

	/* Non-empty at the ack, empty later: released when it empties. */
	CHECK_EQ(tsq_cmpl_init(&c, 2, 1000), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start1(&c, 0, 1, 1500), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2000, 1), 0);
	EXPECT_NONE(&c, 100000);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 2500, true), 0);	/* no change */
	EXPECT_NONE(&c, 100000);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 2600, false), 0);
	EXPECT_POP(&c, 3600, 1, 1500, TSQ_CMPL_ACKED, 2000, 3600);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* A NAcked MPDU retransmitted in a later aggregate moves there. */
static void test_retransmission(void)
{
	static const u64 ck0[] = { 1, 2 };
	static const u32 by0[] = { 1500, 1200 };
	static const u64 ck1[] = { 2, 3 };
	static const u32 by1[] = { 999, 800 };	/* 999: ignored, 1200 stays */
	struct tsq_cmpl c;
	struct tsq_cmpl_release r;

	CHECK_EQ(tsq_cmpl_init(&c, 2, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start(&c, 0, ck0, by0, 2), 0);		/* N = 0 */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 1000, 1), 0);	/* 2 not acked */
	CHECK_EQ(start(&c, 2000, ck1, by1, 2), 0);		/* N = 1 */
	CHECK_EQ(c.cnt.retransmissions, 1);
	CHECK_EQ(c.cnt.mpdus_in, 3);
	CHECK_EQ(c.cnt.bytes_in, 3500);		/* 1500 + 1200 + 800 */
	EXPECT_POP(&c, 2000, 1, 1500, TSQ_CMPL_ACKED, 1000, 2000);
	/* aggregate 0 is gone: 1 released, 2 moved on */
	CHECK_EQ(c.aggr[0].used, false);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 3000, 2), 0);	/* held: N = 1 */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 3000, 3), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 3000, false), 0);
	CHECK_EQ(tsq_cmpl_pop_due(&c, 3000, &r), 1);
	CHECK_EQ(r.cookie, 2);
	CHECK_EQ(r.bytes, 1200);
	CHECK_EQ(r.seq, 1);
	EXPECT_POP(&c, 3000, 3, 800, TSQ_CMPL_ACKED, 3000, 3000);
	CHECK_EQ(c.cnt.released_bytes, 3500);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/*
 * The ath9k balance leak of the WiFi adapter (commit c7a6cbd): the literal tail of the failing ns-3 run
 * (tsq-balance "ath9k", AP rx error rate 0.5, seed 3; station AC_BE,
 * aggregates 1247 and 1248 renumbered 0 and 1, cookies 1..28 for the
 * WifiMpdu objects).  The drain ends at 4.5 s with aggregate 1 on air.
 * The core is right on every step: aggregate 0's acks are held until 1
 * starts, the six NAcked MPDUs move to 1, and the flush gives back the 17
 * of aggregate 1 as FLUSHED, exactly once.  The imbalance was in the shim:
 * its Flush() credited those 17 MPDUs from the MAC queue without counting
 * them as released by the device.
 */
static void test_w3_end_of_drain(void)
{
	static const u32 by0[17] = {
		1506, 1494, 1494, 1494, 1888, 1888, 1483, 1483, 1483,
		1483, 1483, 1483, 1483, 1483, 1483, 1483, 1483,
	};
	static const u64 acked0[11] = { 1, 3, 4, 5, 6, 7, 8, 10, 13, 15, 17 };
	static const u64 moved[6] = { 2, 9, 11, 12, 14, 16 };
	u64 ck0[17], ck1[17];
	u32 by1[17];
	u64 bytes0 = 0, bytes1 = 0;
	struct tsq_cmpl c;
	u32 i;

	for (i = 0; i < 17; i++) {
		ck0[i] = i + 1;
		bytes0 += by0[i];
	}
	for (i = 0; i < 6; i++) {
		ck1[i] = moved[i];
		by1[i] = by0[moved[i] - 1];	/* ignored: a move */
		bytes1 += by1[i];
	}
	for (i = 6; i < 17; i++) {
		ck1[i] = 18 + (i - 6);
		by1[i] = 1528;
		bytes1 += 1528;
	}

	CHECK_EQ(tsq_cmpl_init(&c, 2, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 4497000000ull, true), 0);
	CHECK_EQ(start(&c, 4497102461ull, ck0, by0, 17), 0);	/* N = 0 */
	for (i = 0; i < 11; i++) {
		CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 4498586895ull, acked0[i]), 0);
		CHECK_EQ(tsq_cmpl_check(&c), 0);
	}
	EXPECT_NONE(&c, 4498586895ull);		/* held: N = 1 not started */
	CHECK_EQ(c.cnt.held_mpdus, 11);

	CHECK_EQ(start(&c, 4498719895ull, ck1, by1, 17), 0);	/* N = 1 */
	CHECK_EQ(c.cnt.retransmissions, 6);
	CHECK_EQ(c.cnt.bytes_in, bytes0 + 11 * 1528);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 4498719895ull, false), 0);
	for (i = 0; i < 11; i++)
		EXPECT_POP(&c, 4498719895ull, acked0[i], by0[acked0[i] - 1],
			   TSQ_CMPL_ACKED, 4498586895ull, 4498719895ull);
	EXPECT_NONE(&c, 4499999999ull);
	CHECK_EQ(c.cnt.inflight_mpdus, 17);
	CHECK_EQ(c.cnt.inflight_bytes, bytes1);
	CHECK_EQ(c.cnt.held_mpdus + c.cnt.due_mpdus, 0);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	/* the end of the drain: device down with aggregate 1 on air */
	CHECK_EQ(tsq_cmpl_flush(&c, 4500000000ull), 17);
	for (i = 0; i < 17; i++)
		EXPECT_POP(&c, 4500000000ull, ck1[i],
			   i < 6 ? by0[ck1[i] - 1] : 1528, TSQ_CMPL_FLUSHED,
			   4500000000ull, 4500000000ull);
	EXPECT_NONE(&c, UINT64_MAX);
	CHECK_EQ(c.cnt.released_bytes, c.cnt.bytes_in);
	CHECK_EQ(c.cnt.flushed_bytes, bytes1);
	CHECK_EQ(c.cnt.inflight_mpdus + c.cnt.held_mpdus + c.cnt.due_mpdus, 0);
	for (i = 0; i < TSQ_CMPL_MAX_AGGR; i++)
		CHECK(!c.aggr[i].used);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
	/* a late ack of a flushed MPDU is not the core's any more */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 4500000001ull, 2), TSQ_ERR_NOENT);
}

/*
 * A cookie reused once its MPDU was acked (the contract allows it) while
 * that MPDU's release is still held: the core then has two releases of
 * one cookie, and they pop in due order, not completion order (a drop is
 * never held).  Depth 3 shows it (at depth 2 any start after the ack opens
 * the first one's gate first).  So a shim must not key its own per-MPDU
 * state by a cookie that can come back before its release: the ns-3 shim
 * numbers MPDUs instead of using the WifiMpdu's address.
 */
static void test_cookie_reuse_order(void)
{
	struct tsq_cmpl c;

	CHECK_EQ(tsq_cmpl_init(&c, 3, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start1(&c, 1000, 7, 1500), 0);		/* N = 0: X */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 2000, 7), 0);	/* X held */
	/* N = 1: Y under X's cookie, a first transmission */
	CHECK_EQ(start1(&c, 3000, 7, 900), 0);
	CHECK_EQ(c.cnt.retransmissions, 0);
	CHECK_EQ(c.cnt.mpdus_in, 2);
	CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 4000, 7), 0);	/* Y dropped */
	/* Y's release comes first... */
	EXPECT_POP(&c, 4000, 7, 900, TSQ_CMPL_DROPPED, 4000, 4000);
	EXPECT_NONE(&c, 4999);
	/* ...X's when N = 2 opens its gate */
	CHECK_EQ(start1(&c, 5000, 8, 100), 0);
	EXPECT_POP(&c, 5000, 7, 1500, TSQ_CMPL_ACKED, 2000, 5000);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* Errors: bad arguments, unknown cookies, capacity. */
static void test_errors_and_capacity(void)
{
	static const u64 dup[] = { 7, 8, 7 };
	static const u32 by[] = { 1, 1, 1 };
	struct tsq_cmpl_mpdu_in many[TSQ_CMPL_MAX_MPDUS + 1];
	struct tsq_cmpl c;
	u32 i;

	CHECK_EQ(tsq_cmpl_init(&c, 1, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	for (i = 0; i <= TSQ_CMPL_MAX_MPDUS; i++) {
		many[i].cookie = 1000 + i;
		many[i].bytes = 100;
	}
	CHECK_EQ(tsq_cmpl_psdu_start(&c, 10, many, 0, NULL), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_psdu_start(&c, 10, many, TSQ_CMPL_MAX_MPDUS + 1,
				     NULL), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_psdu_start(&c, 10, NULL, 1, NULL), TSQ_ERR_INVAL);
	CHECK_EQ(start(&c, 10, dup, by, 3), TSQ_ERR_INVAL);
	CHECK_EQ(c.cnt.psdus, 0);
	/* a full 64-MPDU aggregate is fine */
	CHECK_EQ(tsq_cmpl_psdu_start(&c, 10, many, TSQ_CMPL_MAX_MPDUS, NULL),
		 0);
	/* time going back */
	CHECK_EQ(start1(&c, 9, 1, 1), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 9, 1000), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 9, false), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_flush(&c, 9), TSQ_ERR_RANGE);
	CHECK_EQ(tsq_cmpl_mpdu_dropped(NULL, 9, 1000), TSQ_ERR_INVAL);
	CHECK_EQ(tsq_cmpl_check(NULL), TSQ_ERR_INVAL);
	CHECK_EQ(c.cnt.psdus, 1);

	/* unknown, twice acked, acked after a drop */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 20, 5), TSQ_ERR_NOENT);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 20, 1000), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 20, 1000), TSQ_ERR_NOENT);
	CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 20, 1001), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 20, 1001), TSQ_ERR_NOENT);
	CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 20, 1001), TSQ_ERR_NOENT);
	CHECK_EQ(c.cnt.unknown, 4);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	/* Fill the table: 1 + 7 more aggregates never acked. */
	for (i = 1; i < TSQ_CMPL_MAX_AGGR; i++)
		CHECK_EQ(start1(&c, 30, 2000 + i, 10), 0);
	CHECK_EQ(start1(&c, 40, 3000, 10), TSQ_ERR_NOSPC);
	CHECK_EQ(c.cnt.psdus_refused, 1);
	/* the refused PSDU's MPDU is unknown: the caller credits it itself */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 50, 3000), TSQ_ERR_NOENT);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	/* Free one slot (ack + pop its only MPDU): room again. */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 60, 2001), 0);
	EXPECT_POP(&c, 60, 1000, 100, TSQ_CMPL_ACKED, 20, 20);
	EXPECT_POP(&c, 60, 1001, 100, TSQ_CMPL_DROPPED, 20, 20);
	/* 2001 acked but not popped: its slot is still taken */
	CHECK_EQ(start1(&c, 60, 3001, 10), TSQ_ERR_NOSPC);
	EXPECT_POP(&c, 60, 2001, 10, TSQ_CMPL_ACKED, 60, 60);
	CHECK_EQ(start1(&c, 60, 3001, 10), 0);
	CHECK_EQ(c.cnt.psdus_refused, 2);
	CHECK_EQ(tsq_cmpl_check(&c), 0);

	/* With depth 2, held aggregates occupy the table too. */
	CHECK_EQ(tsq_cmpl_init(&c, 2, 0), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	for (i = 0; i < TSQ_CMPL_MAX_AGGR; i++)
		CHECK_EQ(start1(&c, 0, 10 + i, 10), 0);
	for (i = 0; i < TSQ_CMPL_MAX_AGGR; i++)
		CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 0, 10 + i), 0);
	/* 0..6 are due (their successor started); 7 is held */
	for (i = 0; i + 1 < TSQ_CMPL_MAX_AGGR; i++)
		EXPECT_POP(&c, 0, 10 + i, 10, TSQ_CMPL_ACKED, 0, 0);
	EXPECT_NONE(&c, 0);
	CHECK_EQ(c.cnt.held_mpdus, 1);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* Flush: everything known is released at once, exactly once. */
static void test_flush(void)
{
	static const u64 ck[] = { 1, 2, 3 };
	static const u32 by[] = { 100, 200, 300 };
	struct tsq_cmpl c;

	CHECK_EQ(tsq_cmpl_init(&c, 2, 1000), 0);
	CHECK_EQ(tsq_cmpl_queue_state(&c, 0, true), 0);
	CHECK_EQ(start(&c, 0, ck, by, 3), 0);
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 10, 1), 0);	/* held */
	CHECK_EQ(tsq_cmpl_mpdu_dropped(&c, 20, 2), 0);	/* due at 1020 */
	/* 3 in flight */
	CHECK_EQ(tsq_cmpl_flush(&c, 500), 2);
	EXPECT_POP(&c, 500, 2, 200, TSQ_CMPL_DROPPED, 20, 500);
	EXPECT_POP(&c, 500, 1, 100, TSQ_CMPL_ACKED, 10, 500);
	EXPECT_POP(&c, 500, 3, 300, TSQ_CMPL_FLUSHED, 500, 500);
	EXPECT_NONE(&c, UINT64_MAX);
	CHECK_EQ(c.cnt.flushed_bytes, 300);
	CHECK_EQ(c.cnt.released_bytes, 600);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
	/* after a flush nothing is known, and the cookies may come back */
	CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 600, 3), TSQ_ERR_NOENT);
	CHECK_EQ(tsq_cmpl_flush(&c, 700), 0);
	CHECK_EQ(start1(&c, 800, 3, 300), 0);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* A full table: 2048 in-flight cookies in the 4096-entry index form probe
 * chains; acking them in scattered order makes removals shift chains
 * back, and every later lookup must still find its cookie. */
static void test_index_collisions(void)
{
	struct tsq_cmpl_mpdu_in in[TSQ_CMPL_MAX_MPDUS];
	struct tsq_cmpl c;
	struct tsq_cmpl_release r;
	u32 i, k, popped = 0;

	CHECK_EQ(tsq_cmpl_init(&c, 1, 0), 0);
	for (k = 0; k < TSQ_CMPL_MAX_AGGR; k++) {
		for (i = 0; i < TSQ_CMPL_MAX_MPDUS; i++) {
			u64 j = (u64)k * TSQ_CMPL_MAX_MPDUS + i;

			in[i].cookie = (j << 53) | (i & 3);
			in[i].bytes = 1;
		}
		CHECK_EQ(tsq_cmpl_psdu_start(&c, 0, in, TSQ_CMPL_MAX_MPDUS,
					     NULL), 0);
	}
	CHECK_EQ(tsq_cmpl_check(&c), 0);
	/* ack in a scattered order */
	for (i = 0; i < TSQ_CMPL_MAX_ENTRIES; i++) {
		u32 j = (i * 97) % TSQ_CMPL_MAX_ENTRIES;
		u64 ck = ((u64)j << 53) | ((j % TSQ_CMPL_MAX_MPDUS) & 3);

		CHECK_EQ(tsq_cmpl_mpdu_acked(&c, 1, ck), 0);
		if (i % 64 == 0)
			CHECK_EQ(tsq_cmpl_check(&c), 0);
	}
	while (tsq_cmpl_pop_due(&c, 1, &r) == 1)
		popped++;
	CHECK_EQ(popped, TSQ_CMPL_MAX_ENTRIES);
	CHECK_EQ(c.cnt.released_bytes, TSQ_CMPL_MAX_ENTRIES);
	CHECK_EQ(tsq_cmpl_check(&c), 0);
}

/* ------------------------------------------------- random sequences */

static u32 rnd(u64 *s, u32 n)
{
	return (u32)(xorshift64(s) % n);
}

#define STEPS		50000
#define MAX_COOKIES	(STEPS * 4 + 16)

enum { S_NONE, S_QUEUED, S_INFLIGHT, S_UNTRACKED, S_DONE, S_RELEASED };

/* What the test knows of each MPDU; cookie = index + 1. */
struct shadow {
	u32 bytes;
	unsigned char st;
	unsigned char reason;
	bool open_at_ack;	/* gate open when it was acked */
	u64 seq;		/* last aggregate it was accepted in */
	u64 ev_ns, ev_step;
};

static struct shadow sh[MAX_COOKIES];
static u64 start_ns[STEPS + 1], start_step[STEPS + 1];
static u64 empty_ns[STEPS + 1], empty_step[STEPS + 1];
static u32 inflight[MAX_COOKIES];	/* cookie indices, any order */

struct world {
	struct tsq_cmpl c;
	u64 rng, now, step;
	u32 depth;
	u64 lat;
	bool queued;
	u64 started, n_empty;
	u32 n_cookies, q_head;	/* cookies q_head..n_cookies-1 queued */
	u32 n_inflight;
	u64 bytes_total, bytes_self;	/* all sent; credited by the shim */
	u64 flush_ns, flush_step;
	bool flushed;
};

static void inflight_add(struct world *w, u32 id)
{
	inflight[w->n_inflight++] = id;
}

static void inflight_del_at(struct world *w, u32 k)
{
	inflight[k] = inflight[--w->n_inflight];
}

/* The gate opening of an MPDU acked while its gate was closed: the start
 * of aggregate seq + depth - 1 or the first "queue empty" after the ack,
 * whichever came first; false if neither happened yet. */
static bool gate_time(const struct world *w, const struct shadow *m,
		      u64 *t)
{
	u64 want = m->seq + w->depth - 1;
	bool have = false;
	u64 best = 0, best_step = 0, lo = 0, hi = w->n_empty;

	if (want < w->started) {
		best = start_ns[want];
		best_step = start_step[want];
		have = true;
	}
	/* first empty report after the ack (steps are increasing) */
	while (lo < hi) {
		u64 mid = lo + (hi - lo) / 2;

		if (empty_step[mid] <= m->ev_step)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < w->n_empty && (!have || empty_step[lo] < best_step)) {
		best = empty_ns[lo];
		have = true;
	}
	*t = best;
	return have;
}

/* Expected due time of a release, straight from the header's model. */
static bool expected_due(const struct world *w, const struct shadow *m,
			 u64 *due)
{
	u64 t;

	if (m->reason == TSQ_CMPL_FLUSHED) {
		*due = w->flush_ns;
		return true;
	}
	if (m->reason == TSQ_CMPL_DROPPED || m->open_at_ack) {
		*due = m->ev_ns + w->lat;
	} else if (gate_time(w, m, &t) &&
		   (!w->flushed || t <= w->flush_ns)) {
		*due = t + w->lat;
	} else if (w->flushed) {
		*due = w->flush_ns;
		return true;
	} else {
		return false;
	}
	if (w->flushed && *due > w->flush_ns)
		*due = w->flush_ns;
	return true;
}

static void pop_all(struct world *w, int line)
{
	struct tsq_cmpl_release r;

	while (tsq_cmpl_pop_due(&w->c, w->now, &r) == 1) {
		u64 id = r.cookie - 1;
		struct shadow *m;
		u64 due = 0;

		if (r.cookie == 0 || id >= w->n_cookies) {
			fprintf(stderr, "line %d: bad cookie %llu\n", line,
				(unsigned long long)r.cookie);
			check_failures++;
			return;
		}
		m = &sh[id];
		if (m->st != S_DONE || r.bytes != m->bytes ||
		    r.reason != m->reason || r.event_ns != m->ev_ns ||
		    r.seq != m->seq || r.due_ns > w->now ||
		    r.due_ns < r.event_ns) {
			fprintf(stderr,
				"line %d step %llu: release of %llu: st %u bytes %u/%u reason %u/%u ev %llu/%llu seq %llu/%llu due %llu now %llu\n",
				line, (unsigned long long)w->step,
				(unsigned long long)r.cookie, m->st, r.bytes,
				m->bytes, r.reason, m->reason,
				(unsigned long long)r.event_ns,
				(unsigned long long)m->ev_ns,
				(unsigned long long)r.seq,
				(unsigned long long)m->seq,
				(unsigned long long)r.due_ns,
				(unsigned long long)w->now);
			check_failures++;
			return;
		}
		if (!expected_due(w, m, &due) || due != r.due_ns) {
			fprintf(stderr,
				"line %d step %llu: cookie %llu due %llu, model says %llu\n",
				line, (unsigned long long)w->step,
				(unsigned long long)r.cookie,
				(unsigned long long)r.due_ns,
				(unsigned long long)due);
			check_failures++;
		}
		m->st = S_RELEASED;
	}
}

static void do_enqueue(struct world *w)
{
	u32 k, n = 1 + rnd(&w->rng, 3);

	for (k = 0; k < n && w->n_cookies < MAX_COOKIES; k++) {
		struct shadow *m = &sh[w->n_cookies++];

		memset(m, 0, sizeof(*m));
		m->st = S_QUEUED;
		m->bytes = 1 + rnd(&w->rng, 2000);
	}
}

/* Picks retransmissions among tracked in-flight MPDUs, then queued ones. */
static void do_psdu(struct world *w)
{
	struct tsq_cmpl_mpdu_in in[TSQ_CMPL_MAX_MPDUS];
	u32 ids[TSQ_CMPL_MAX_MPDUS];
	u32 want = 1 + rnd(&w->rng, TSQ_CMPL_MAX_MPDUS), n = 0, k, tries;
	u64 seq;
	int err;

	for (tries = 0; tries < 4 && n < want && w->n_inflight; tries++) {
		u32 id = inflight[rnd(&w->rng, w->n_inflight)];

		if (sh[id].st != S_INFLIGHT && sh[id].st != S_UNTRACKED)
			continue;
		for (k = 0; k < n && ids[k] != id; k++)
			;
		if (k < n)
			continue;
		ids[n++] = id;
	}
	while (n < want && w->q_head < w->n_cookies)
		ids[n++] = w->q_head++;
	if (!n)
		return;
	for (k = 0; k < n; k++) {
		in[k].cookie = (u64)ids[k] + 1;
		in[k].bytes = sh[ids[k]].bytes;
	}
	err = tsq_cmpl_psdu_start(&w->c, w->now, in, n, &seq);
	if (err != 0 && err != TSQ_ERR_NOSPC) {
		fprintf(stderr, "psdu_start: %d\n", err);
		check_failures++;
		return;
	}
	if (!err) {
		CHECK_EQ(seq, w->started);
		start_ns[w->started] = w->now;
		start_step[w->started] = w->step;
		w->started++;
	}
	for (k = 0; k < n; k++) {
		struct shadow *m = &sh[ids[k]];

		if (m->st == S_QUEUED) {
			w->bytes_total += m->bytes;
			m->st = S_UNTRACKED;
			inflight_add(w, ids[k]);
		}
		/* accepted: the core knows it now (a first transmission if
		 * it rode in a refused PSDU before) */
		if (!err) {
			m->st = S_INFLIGHT;
			m->seq = seq;
		}
	}
}

/* Ack or drop a random in-flight MPDU. */
static void do_complete(struct world *w, bool ack)
{
	u32 k, id;
	struct shadow *m;
	int err;

	if (!w->n_inflight)
		return;
	k = rnd(&w->rng, w->n_inflight);
	id = inflight[k];
	m = &sh[id];
	err = ack ? tsq_cmpl_mpdu_acked(&w->c, w->now, (u64)id + 1)
		  : tsq_cmpl_mpdu_dropped(&w->c, w->now, (u64)id + 1);
	inflight_del_at(w, k);
	if (m->st == S_UNTRACKED) {
		/* refused PSDU: the shim credits the bytes itself */
		CHECK_EQ(err, TSQ_ERR_NOENT);
		w->bytes_self += m->bytes;
		m->st = S_RELEASED;
		return;
	}
	CHECK_EQ(err, 0);
	m->st = S_DONE;
	m->reason = ack ? TSQ_CMPL_ACKED : TSQ_CMPL_DROPPED;
	m->ev_ns = w->now;
	m->ev_step = w->step;
	m->open_at_ack = !w->queued || m->seq + w->depth <= w->started;
}

static void do_queue_state(struct world *w, bool queued)
{
	CHECK_EQ(tsq_cmpl_queue_state(&w->c, w->now, queued), 0);
	w->queued = queued;
	if (!queued) {
		empty_ns[w->n_empty] = w->now;
		empty_step[w->n_empty] = w->step;
		w->n_empty++;
	}
}

static void step(struct world *w)
{
	u32 r = rnd(&w->rng, 100);

	w->step++;
	if (r < 15)
		do_enqueue(w);
	else if (r < 30)
		do_psdu(w);
	else if (r < 60)
		do_complete(w, true);
	else if (r < 65)
		do_complete(w, false);
	else if (r < 70)
		do_queue_state(w, rnd(&w->rng, 4) != 0);
	else if (r < 73)
		/* realistic report: queued iff something waits */
		do_queue_state(w, w->q_head < w->n_cookies);
	else
		w->now += rnd(&w->rng, 3000 + w->lat / 4);
	pop_all(w, __LINE__);
}

/* Everything sent was released exactly once, by the core or the shim. */
static void check_all_released(struct world *w)
{
	u64 bytes = 0;
	u32 id;

	for (id = 0; id < w->n_cookies; id++) {
		if (sh[id].st == S_QUEUED)
			continue;	/* never sent */
		if (sh[id].st != S_RELEASED) {
			fprintf(stderr, "cookie %u never released (st %u)\n",
				id + 1, sh[id].st);
			check_failures++;
			return;
		}
		bytes += sh[id].bytes;
	}
	CHECK_EQ(bytes, w->bytes_total);
	CHECK_EQ(w->c.cnt.released_bytes + w->bytes_self, w->bytes_total);
	CHECK_EQ(w->c.cnt.bytes_in + w->bytes_self, w->bytes_total);
	CHECK_EQ(w->c.cnt.inflight_mpdus + w->c.cnt.held_mpdus +
		 w->c.cnt.due_mpdus, 0);
	for (id = 0; id < TSQ_CMPL_MAX_AGGR; id++)
		CHECK(!w->c.aggr[id].used);
}

static void run_random(u32 depth, u64 lat, u64 seed, bool end_by_flush)
{
	static struct world w;
	u64 s;

	memset(&w, 0, sizeof(w));
	w.rng = seed;
	w.depth = depth;
	w.lat = lat;
	CHECK_EQ(tsq_cmpl_init(&w.c, depth, lat), 0);

	for (s = 0; s < STEPS; s++) {
		step(&w);
		if (s % 3 == 0 && tsq_cmpl_check(&w.c)) {
			fprintf(stderr, "check failed at step %llu\n",
				(unsigned long long)w.step);
			check_failures++;
			return;
		}
	}
	CHECK(w.c.cnt.psdus > 5000);
	CHECK(w.c.cnt.retransmissions > 1000);
	if (depth > 1)
		CHECK(w.c.cnt.held_total > 1000);

	w.step++;
	if (end_by_flush) {
		w.flushed = true;
		w.flush_ns = w.now;
		w.flush_step = w.step;
		CHECK(tsq_cmpl_flush(&w.c, w.now) >= 0);
		while (w.n_inflight) {
			u32 id = inflight[w.n_inflight - 1];

			if (sh[id].st == S_UNTRACKED) {
				w.bytes_self += sh[id].bytes;
				sh[id].st = S_RELEASED;
			} else {
				sh[id].st = S_DONE;
				sh[id].reason = TSQ_CMPL_FLUSHED;
				sh[id].ev_ns = w.now;
				sh[id].ev_step = w.step;
			}
			w.n_inflight--;
		}
		pop_all(&w, __LINE__);
	} else {
		/* No deadlock: with nothing more queued, completing what is
		 * in flight and waiting out the latency releases it all. */
		do_queue_state(&w, false);
		while (w.n_inflight)
			do_complete(&w, rnd(&w.rng, 8) != 0);
		w.now += lat;
		pop_all(&w, __LINE__);
	}
	CHECK_EQ(tsq_cmpl_check(&w.c), 0);
	check_all_released(&w);
	if (getenv("TSQ_TEST_VERBOSE"))
		printf("depth %u lat %llu flush %d: psdus %llu refused %llu "
		       "retx %llu held %llu unknown %llu released %llu B\n",
		       depth, (unsigned long long)lat, end_by_flush,
		       (unsigned long long)w.c.cnt.psdus,
		       (unsigned long long)w.c.cnt.psdus_refused,
		       (unsigned long long)w.c.cnt.retransmissions,
		       (unsigned long long)w.c.cnt.held_total,
		       (unsigned long long)w.c.cnt.unknown,
		       (unsigned long long)w.c.cnt.released_bytes);
}

static void test_random(void)
{
	static const u64 lats[] = { 0, 300000 };
	u64 seed = 0x9e3779b97f4a7c15ull;
	u32 depth, l, flush;

	for (depth = 1; depth <= 3; depth++)
		for (l = 0; l < 2; l++)
			for (flush = 0; flush < 2; flush++)
				run_random(depth, lats[l], seed++, flush);
}

int main(void)
{
	test_profiles();
	test_init();
	test_depth1();
	test_firmware_256();
	test_depth2();
	test_latency();
	test_depth3();
	test_no_deadlock();
	test_retransmission();
	test_w3_end_of_drain();
	test_cookie_reuse_order();
	test_errors_and_capacity();
	test_flush();
	test_index_collisions();
	test_random();
	if (!check_failures)
		printf("test_completion: ok\n");
	CHECK_DONE();
}
