// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_pacing.c - tcp_update_pacing_rate() and the pacing-shift policy.
 * rate = mss * 80000 * ratio * max(cwnd, packets_out) / (srtt_us * 8)
 *      = mss * ratio * segs * 10000 / srtt_us  (when it divides exactly)
 * pr() takes a plain srtt, pr8() the kernel's tp->srtt_us (srtt << 3).
 */
#include "check.h"
#include "tsq/pacing.h"

static uint64_t pr8(uint32_t mss, uint32_t cwnd, uint32_t pkts, uint32_t ssthresh,
		    uint32_t srtt_x8, enum tsq_rate_width w, uint64_t max)
{
	struct tsq_pacing_in in;
	uint64_t rate = 12345;

	tsq_pacing_in_init(&in);
	in.mss = mss;
	in.cwnd = cwnd;
	in.packets_out = pkts;
	in.ssthresh = ssthresh;
	in.srtt_x8_us = srtt_x8;
	in.width = w;
	in.max_pacing_rate = max;
	CHECK(tsq_update_pacing_rate(&in, &rate) == TSQ_OK);
	return rate;
}

static uint64_t pr(uint32_t mss, uint32_t cwnd, uint32_t pkts, uint32_t ssthresh,
		   uint32_t srtt, enum tsq_rate_width w, uint64_t max)
{
	return pr8(mss, cwnd, pkts, ssthresh, srtt << 3, w, max);
}

#define INF TSQ_INFINITE_SSTHRESH
#define U64 TSQ_RATE_U64
#define U32 TSQ_RATE_U32
#define NOMAX UINT64_MAX

static void test_table(void)
{
	/* worked example: 1448*80000*200*10 / 80000 = 2896000 */
	CHECK_U64(pr(1448, 10, 10, INF, 10000, U64, NOMAX), 2896000);
	CHECK_U64(pr(1448, 10, 10, INF, 10000, U32, NOMAX), 2896000);
	/* CA: cwnd 20 >= ssthresh/2 = 10: 1448*120*20 = 3475200 */
	CHECK_U64(pr(1448, 20, 10, 20, 10000, U64, NOMAX), 3475200);
	/* boundary: cwnd 9 < 20/2 -> 200: 1448*200*9 = 2606400 */
	CHECK_U64(pr(1448, 9, 0, 20, 10000, U64, NOMAX), 2606400);
	/* boundary: cwnd 10, not < 10 -> 120: 1448*120*10 = 1737600 */
	CHECK_U64(pr(1448, 10, 0, 20, 10000, U64, NOMAX), 1737600);
	/* ssthresh 21: 21/2 = 10 (u32 division) -> cwnd 10 is CA: 1737600 */
	CHECK_U64(pr(1448, 10, 0, 21, 10000, U64, NOMAX), 1737600);
	/* packets_out above cwnd: max(10, 30) = 30 -> 1448*200*30 = 8688000 */
	CHECK_U64(pr(1448, 10, 30, INF, 10000, U64, NOMAX), 8688000);
	/* srtt 100 ms: 1448*200*10*10000/100000 = 289600 */
	CHECK_U64(pr(1448, 10, 10, INF, 100000, U64, NOMAX), 289600);
	/* srtt 1 ms: 28960000 */
	CHECK_U64(pr(1448, 10, 10, INF, 1000, U64, NOMAX), 28960000);
	/* srtt not divisible: 1448*80000*200*10 = 231680000000 / (3333*8 = 26664)
	 * = 8688868.91... -> 8688868 */
	CHECK_U64(pr(1448, 10, 10, INF, 3333, U64, NOMAX), 8688868);
	/* the divisor keeps srtt's 3 fraction bits: srtt 3333.125 us
	 * (x8 = 26665): 231680000000 / 26665 = 8688543.03... */
	CHECK_U64(pr8(1448, 10, 10, INF, 26665, U64, NOMAX), 8688543);
	/* max pacing rate caps */
	CHECK_U64(pr(1448, 10, 10, INF, 10000, U64, 1000000), 1000000);
}

static void test_extreme(void)
{
	/* srtt 0: no division: 1448*80000*200*10 = 231680000000 */
	CHECK_U64(pr(1448, 10, 10, INF, 0, U64, NOMAX), 231680000000ULL);
	/* u32 era: capped at ~0U = 4294967295 */
	CHECK_U64(pr(1448, 10, 10, INF, 0, U32, NOMAX), 4294967295ULL);
	/* srtt 1 us: divide by 8: 231680000000/8 = 28960000000 */
	CHECK_U64(pr(1448, 10, 10, INF, 1, U64, NOMAX), 28960000000ULL);
	CHECK_U64(pr(1448, 10, 10, INF, 1, U32, NOMAX), 4294967295ULL);
	/* mss 1, cwnd 1, srtt 1 us: 80000*200/8 = 2000000 */
	CHECK_U64(pr(1, 1, 1, INF, 1, U64, NOMAX), 2000000);
	/* mss 0 and cwnd 0 */
	CHECK_U64(pr(0, 10, 10, INF, 10000, U64, NOMAX), 0);
	CHECK_U64(pr(1448, 0, 0, INF, 10000, U64, NOMAX), 0);
	/* cwnd 0, packets_out 5, ssthresh inf: 1448*200*5 = 1448000 */
	CHECK_U64(pr(1448, 0, 5, INF, 10000, U64, NOMAX), 1448000);
	/* overflow: 65535*80000*200*(2^32-1) > 2^64: saturates, srtt 0 */
	CHECK_U64(pr(65535, 0xffffffffu, 0, INF, 0, U64, NOMAX), UINT64_MAX);
	/* saturated then divided by the largest tp->srtt_us, 2^32-1 */
	CHECK_U64(pr8(65535, 0xffffffffu, 0, INF, 0xffffffffu, U64, NOMAX),
		  UINT64_MAX / 0xffffffffULL);	/* = 4294967297 */
	CHECK_U64(UINT64_MAX / 0xffffffffULL, 4294967297ULL);
	/* ssthresh 0: 0/2 = 0, cwnd < 0 never: CA ratio: 1448*120*10 */
	CHECK_U64(pr(1448, 10, 0, 0, 10000, U64, NOMAX), 1737600);
	{
		struct tsq_pacing_in in;
		uint64_t r;

		tsq_pacing_in_init(&in);
		in.width = (enum tsq_rate_width)7;
		CHECK(tsq_update_pacing_rate(&in, &r) == TSQ_ERR_INVAL);
		CHECK(tsq_update_pacing_rate(NULL, &r) == TSQ_ERR_INVAL);
	}
}

/* monotonic in cwnd and in mss, antitone in srtt */
static void test_properties(void)
{
	uint64_t seed = 777;
	int i;

	for (i = 0; i < 20000; i++) {
		uint32_t mss = 1 + (uint32_t)(xorshift64(&seed) % 9000);
		uint32_t cwnd = (uint32_t)(xorshift64(&seed) % 100000);
		uint32_t srtt = 1 + (uint32_t)(xorshift64(&seed) % 1000000);
		uint64_t a = pr(mss, cwnd, 0, INF, srtt, U64, NOMAX);

		CHECK(pr(mss, cwnd + 1, 0, INF, srtt, U64, NOMAX) >= a);
		CHECK(pr(mss + 1, cwnd, 0, INF, srtt, U64, NOMAX) >= a);
		CHECK(pr(mss, cwnd, 0, INF, srtt + 1, U64, NOMAX) <= a);
		CHECK(pr(mss, cwnd, 0, INF, srtt, U32, NOMAX) <= 4294967295ULL);
	}
}

static void test_policy_parse(void)
{
	const struct tsq_shift_policy mac = { TSQ_SHIFT_POLICY_FIXED, 8 };
	struct tsq_shift_policy p = { TSQ_SHIFT_POLICY_FIXED, 3 };

	CHECK(tsq_shift_policy_parse("none", &mac, &p) == TSQ_OK);
	CHECK(p.kind == TSQ_SHIFT_POLICY_NONE);
	CHECK(tsq_shift_policy_parse("profile", &mac, &p) == TSQ_OK);
	CHECK(p.kind == TSQ_SHIFT_POLICY_FIXED && p.shift == 8);
	CHECK(tsq_shift_policy_parse("0", &mac, &p) == TSQ_OK);
	CHECK(p.kind == TSQ_SHIFT_POLICY_FIXED && p.shift == 0);
	CHECK(tsq_shift_policy_parse("31", NULL, &p) == TSQ_OK);
	CHECK(p.shift == 31);
	CHECK(tsq_shift_policy_parse("010", NULL, &p) == TSQ_OK);
	CHECK(p.shift == 10);
	/* refused, and *p left alone */
	p.shift = 5;
	CHECK(tsq_shift_policy_parse("32", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_parse("", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_parse("8 ", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_parse("+8", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_parse("-1", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_parse("99999999999999999999", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_parse("Profile", &mac, &p) == TSQ_ERR_RANGE);
	CHECK(p.shift == 5);
	CHECK(tsq_shift_policy_parse("profile", NULL, &p) == TSQ_ERR_INVAL);
	CHECK(tsq_shift_policy_parse(NULL, &mac, &p) == TSQ_ERR_INVAL);
	CHECK(tsq_shift_policy_parse("8", &mac, NULL) == TSQ_ERR_INVAL);
}

static void test_policy(void)
{
	struct tsq_shift_policy p;
	struct tsq_sock sk;

	tsq_sock_init(&sk);
	CHECK(tsq_shift_policy_init(&p, TSQ_SHIFT_POLICY_FIXED, 32) == TSQ_ERR_RANGE);
	CHECK(tsq_shift_policy_init(&p, (enum tsq_shift_policy_kind)9, 8) == TSQ_ERR_INVAL);
	CHECK(tsq_shift_policy_init(&p, TSQ_SHIFT_POLICY_NONE, 99) == TSQ_OK);
	CHECK(tsq_shift_policy_apply(&p, &sk, true, true) == 0);
	CHECK_U64(sk.pacing_shift, 10);
	CHECK(tsq_shift_policy_init(&p, TSQ_SHIFT_POLICY_FIXED, TSQ_SHIFT_MAC80211_4_16) == TSQ_OK);
	CHECK(tsq_shift_policy_apply(&p, &sk, true, false) == 0);	/* unknown station */
	CHECK(tsq_shift_policy_apply(&p, &sk, false, true) == 0);	/* forwarded/non-full */
	CHECK_U64(sk.pacing_shift, 10);
	CHECK(tsq_shift_policy_apply(&p, &sk, true, true) == 1);
	CHECK_U64(sk.pacing_shift, 8);
	CHECK(tsq_shift_policy_apply(&p, &sk, true, true) == 0);	/* same value */
	CHECK(tsq_shift_policy_apply(&p, NULL, true, true) == 0);
	CHECK(tsq_shift_policy_init(&p, TSQ_SHIFT_POLICY_FIXED, TSQ_SHIFT_MAC80211) == TSQ_OK);
	CHECK(tsq_shift_policy_apply(&p, &sk, true, true) == 1);
	CHECK_U64(sk.pacing_shift, 7);
}

int main(void)
{
	test_table();
	test_extreme();
	test_properties();
	test_policy();
	test_policy_parse();
	CHECK_DONE();
}
