// SPDX-License-Identifier: GPL-2.0-only
/*
 * test_rules.c - table-driven tests of every TSQ limit rule.
 * Expected values are worked out by hand in the comments; never recomputed.
 *
 * Rates (bytes/s): 1 Mb/s = 125000, 10 Mb/s = 1250000, 100 Mb/s = 12500000,
 * 1 Gb/s = 125000000, 10 Gb/s = 1250000000; unknown u32 = 4294967295,
 * unknown u64 = 18446744073709551615.
 * rate >> 10: 122, 1220, 12207, 122070, 1220703; u32 unknown 4194303;
 *             u64 unknown 18014398509481983 (2^54 - 1).
 * truesize 2280 (one 1448-byte segment, Linux 6.18) -> 2*ts = 4560;
 * truesize 65992 (45 segments) -> 2*ts = 131984.
 */
#include <string.h>

#include "check.h"
#include "tsq/rules.h"

#define MB1	125000ULL
#define MB10	1250000ULL
#define MB100	12500000ULL
#define GB1	125000000ULL
#define GB10	1250000000ULL
#define UNK32	4294967295ULL
#define UNK64	18446744073709551615ULL

struct row {
	const char *rule;
	uint64_t rate;
	uint32_t shift, truesize, lob, factor;
	uint64_t floor;
	int paced;
	uint64_t want;
};

static const struct row rows[] = {
	/* 3.6: limit = lob whatever the rate (131072) */
	{ "3.6", MB1, 10, 2280, 131072, 0, 0, 0, 131072 },
	{ "3.6", GB10, 10, 2280, 131072, 0, 0, 0, 131072 },
	{ "3.6", UNK32, 10, 2280, 131072, 0, 0, 0, 131072 },
	/* 3.12: max(truesize, rate >> 10) */
	{ "3.12", MB1, 10, 2280, 131072, 0, 0, 0, 2280 },	/* max(2280,122) */
	{ "3.12", MB100, 10, 2280, 131072, 0, 0, 0, 12207 },	/* max(2280,12207) */
	{ "3.12", GB10, 10, 2280, 131072, 0, 0, 0, 1220703 },
	{ "3.12", UNK32, 10, 2280, 131072, 0, 0, 0, 4194303 },
	{ "3.12", UNK64, 10, 2280, 131072, 0, 0, 0, 4194303 },	/* u32 era: saturated to ~0U */
	/* 3.13: max(lob, rate >> 10) */
	{ "3.13", MB1, 10, 2280, 131072, 0, 0, 0, 131072 },
	{ "3.13", GB1, 10, 2280, 131072, 0, 0, 0, 131072 },	/* max(131072,122070) */
	{ "3.13", GB10, 10, 2280, 131072, 0, 0, 0, 1220703 },
	{ "3.13", UNK32, 10, 2280, 131072, 0, 0, 0, 4194303 },
	/* 3.19: min(max(2*ts, rate >> 10), lob), lob 262144 */
	{ "3.19", MB1, 10, 2280, 262144, 0, 0, 0, 4560 },	/* max(4560,122) */
	{ "3.19", MB10, 10, 2280, 262144, 0, 0, 0, 4560 },	/* max(4560,1220) */
	{ "3.19", MB100, 10, 2280, 262144, 0, 0, 0, 12207 },
	{ "3.19", GB1, 10, 2280, 262144, 0, 0, 0, 122070 },
	{ "3.19", GB10, 10, 2280, 262144, 0, 0, 0, 262144 },	/* min(1220703,262144) */
	{ "3.19", UNK32, 10, 2280, 262144, 0, 0, 0, 262144 },
	{ "3.19", MB1, 10, 65992, 262144, 0, 0, 0, 131984 },	/* 2*65992 */
	{ "3.19", GB1, 7, 2280, 262144, 0, 0, 0, 122070 },	/* 3.19 ignores the shift */
	/* 3.19 with factor 1: limit << 1 */
	{ "3.19", MB1, 10, 2280, 262144, 1, 0, 0, 9120 },	/* 4560*2 */
	{ "3.19", MB100, 10, 2280, 262144, 1, 0, 0, 24414 },	/* 12207*2 */
	{ "3.19", GB1, 10, 2280, 262144, 1, 0, 0, 244140 },
	{ "3.19", GB10, 10, 2280, 262144, 1, 0, 0, 524288 },	/* 262144*2 */
	/* 3.19 with floors: max(min(..., lob), floor), then << factor */
	{ "3.19", MB100, 10, 2280, 262144, 0, 65536, 0, 65536 },	/* max(12207,65536) */
	{ "3.19", GB1, 10, 2280, 262144, 0, 1048576, 0, 1048576 },	/* floor beats clamp */
	{ "3.19", GB1, 10, 2280, 262144, 1, 1048576, 0, 2097152 },	/* 1048576*2 */
	{ "3.19", GB10, 10, 2280, 262144, 0, 131072, 0, 262144 },	/* max(262144,131072) */
	{ "3.19", GB10, 10, 2280, 262144, 0, 10485760, 0, 10485760 },	/* 10 MB floor */
	/* 4.15: rate >> shift, 100 Mb/s: >>6 195312, >>7 97656, >>8 48828, >>9 24414, >>10 12207 */
	{ "4.15", MB100, 6, 2280, 262144, 0, 0, 0, 195312 },
	{ "4.15", MB100, 7, 2280, 262144, 0, 0, 0, 97656 },
	{ "4.15", MB100, 8, 2280, 262144, 0, 0, 0, 48828 },
	{ "4.15", MB100, 9, 2280, 262144, 0, 0, 0, 24414 },
	{ "4.15", MB100, 10, 2280, 262144, 0, 0, 0, 12207 },
	/* 1 Gb/s: >>6 1953125, >>7 976562, >>8 488281 all clamp to 262144; >>9 244140 */
	{ "4.15", GB1, 6, 2280, 262144, 0, 0, 0, 262144 },
	{ "4.15", GB1, 8, 2280, 262144, 0, 0, 0, 262144 },
	{ "4.15", GB1, 9, 2280, 262144, 0, 0, 0, 244140 },
	{ "4.15", GB1, 9, 2280, 262144, 1, 0, 0, 488280 },	/* 244140*2 */
	/* 10 Mb/s: >>6 = 19531 (1250000/64 = 19531.25), >>8 = 4882 -> max(4560,4882) */
	{ "4.15", MB10, 6, 2280, 262144, 0, 0, 0, 19531 },
	{ "4.15", MB10, 8, 2280, 262144, 0, 0, 0, 4882 },
	{ "4.15", MB10, 10, 2280, 262144, 0, 0, 0, 4560 },	/* max(4560,1220) */
	{ "4.15", MB1, 6, 2280, 262144, 0, 0, 0, 4560 },	/* 125000>>6 = 1953 */
	{ "4.15", UNK32, 6, 2280, 262144, 0, 0, 0, 262144 },
	{ "4.15", MB100, 8, 2280, 262144, 0, 1048576, 0, 1048576 },
	/* 5.0: lob 1048576, clamp only when unpaced; u64 rate */
	{ "5.0", GB1, 6, 2280, 1048576, 0, 0, 0, 1048576 },	/* min(1953125,1048576) */
	{ "5.0", GB1, 6, 2280, 1048576, 0, 0, 1, 1953125 },	/* paced: no clamp */
	{ "5.0", GB10, 10, 2280, 1048576, 0, 0, 1, 1220703 },
	{ "5.0", GB10, 10, 2280, 1048576, 0, 0, 0, 1048576 },
	{ "5.0", UNK64, 10, 2280, 1048576, 0, 0, 1, 18014398509481983ULL },
	{ "5.0", UNK64, 10, 2280, 1048576, 1, 0, 1, 36028797018963966ULL },	/* (2^54-1)*2 */
	{ "5.0", UNK64, 10, 2280, 1048576, 0, 0, 0, 1048576 },
	/* 6.16: lob 4194304, clamp always */
	{ "6.16", GB10, 6, 2280, 4194304, 0, 0, 1, 4194304 },	/* min(19531250,4194304) */
	{ "6.16", GB10, 7, 2280, 4194304, 0, 0, 0, 4194304 },	/* 9765625 -> clamp */
	{ "6.16", GB10, 8, 2280, 4194304, 0, 0, 0, 4194304 },	/* 4882812 -> clamp */
	{ "6.16", GB10, 9, 2280, 4194304, 0, 0, 0, 2441406 },
	{ "6.16", GB10, 10, 2280, 4194304, 0, 0, 0, 1220703 },
	{ "6.16", GB1, 6, 2280, 4194304, 0, 0, 0, 1953125 },
	{ "6.16", GB1, 7, 2280, 4194304, 0, 0, 0, 976562 },
	{ "6.16", MB1, 10, 2280, 4194304, 0, 0, 0, 4560 },
	{ "6.16", UNK64, 10, 2280, 4194304, 0, 0, 1, 4194304 },
	{ "6.16", UNK64, 10, 2280, 4194304, 1, 0, 0, 8388608 },
	{ "6.16", GB1, 7, 2280, 4194304, 1, 10485760, 0, 20971520 },	/* max(976562,10 MB)*2 */
	/* off: no limit */
	{ "off", GB1, 10, 2280, 262144, 0, 0, 0, UNK64 },
};

static void test_table(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		const struct row *r = &rows[i];
		struct tsq_limit_in in = {
			.pacing_rate = r->rate, .pacing_shift = r->shift,
			.truesize = r->truesize, .limit_output_bytes = r->lob,
			.factor = r->factor, .floor = r->floor, .paced = r->paced,
		};
		uint64_t got = 0;

		CHECK(tsq_rule_from_id(r->rule, &in.rule) == TSQ_OK);
		CHECK(tsq_limit(&in, &got) == TSQ_OK);
		if (got != r->want)
			fprintf(stderr, "row %u (rule %s rate %llu shift %u)\n", i, r->rule,
				(unsigned long long)r->rate, r->shift);
		CHECK_U64(got, r->want);
	}
}

static void test_ids(void)
{
	static const char *const ids[] = { "off", "3.6", "3.12", "3.13", "3.19", "4.15", "5.0", "6.16" };
	enum tsq_rule r;
	unsigned int i;

	CHECK(tsq_rule_count() == 8);
	for (i = 0; i < 8; i++) {
		CHECK(tsq_rule_from_id(ids[i], &r) == TSQ_OK);
		CHECK((unsigned int)r == i);
		CHECK(tsq_rule_info(r) != NULL);
		CHECK(tsq_rule_id(r)[0] == ids[i][0]);
	}
	CHECK(tsq_rule_from_id("4.16", &r) == TSQ_ERR_NOENT);
	CHECK(tsq_rule_from_id(NULL, &r) == TSQ_ERR_INVAL);
	CHECK(tsq_rule_info(TSQ_RULE__COUNT) == NULL);
	CHECK(tsq_rule_info(TSQ_RULE_4_15)->default_lob == 262144);
	CHECK(tsq_rule_info(TSQ_RULE_6_16)->default_lob == 4194304);
}

static void test_errors(void)
{
	struct tsq_limit_in in = { .rule = TSQ_RULE_4_15, .pacing_rate = GB1,
				   .pacing_shift = 32, .truesize = 2280,
				   .limit_output_bytes = 262144 };
	uint64_t l = 7;

	CHECK(tsq_limit(&in, &l) == TSQ_ERR_RANGE);	/* shift 32 */
	CHECK_U64(l, 7);
	in.pacing_shift = 31;
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 4560);	/* 125000000 >> 31 = 0 -> 2*2280 */
	in.factor = 2;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_INVAL);
	in.factor = 0;
	in.truesize = 0x40000000;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_RANGE);
	in.truesize = 2280;
	in.floor = 0x40000000;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_RANGE);
	in.floor = 0;
	in.limit_output_bytes = 0x80000000u;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_RANGE);
	in.limit_output_bytes = 262144;
	in.rule = TSQ_RULE__COUNT;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_INVAL);
	CHECK(tsq_limit(NULL, &l) == TSQ_ERR_INVAL);
}

/* TCP_TX_DELAY's extra_bytes = rate * delay >> 19, after the clamp and
 * the factor: 15e6 B/s * 1500 us >> 19 = 42915 */
static void test_tx_delay(void)
{
	struct tsq_limit_in in = { .rule = TSQ_RULE_6_16, .pacing_rate = 15000000,
				   .pacing_shift = 10, .truesize = 2280,
				   .limit_output_bytes = 4194304, .tx_delay_us = 1500 };
	uint64_t l = 0;

	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 14648 + 42915);		/* max(4560, 15e6 >> 10) + extra */
	in.factor = 1;
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, (14648 << 1) + 42915);	/* extra is not doubled */
	in.factor = 0;
	in.limit_output_bytes = 8192;		/* the sysctl caps only the base */
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 8192 + 42915);
	in.rule = TSQ_RULE_5_0;
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 8192 + 42915);
	in.pacing_rate = UNK64;			/* saturates, no wrap */
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 8192 + (UNK64 >> 19));
	in.rule = TSQ_RULE_4_15;		/* no TCP_TX_DELAY before 5.4 */
	in.pacing_rate = 15000000;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_RANGE);
	in.rule = TSQ_RULE_6_16;
	in.tx_delay_us = 0x80000000u;
	CHECK(tsq_limit(&in, &l) == TSQ_ERR_RANGE);
}

/* Extreme: shift 0 with unknown u64 rate and factor 1 saturates, no wrap */
static void test_extreme(void)
{
	struct tsq_limit_in in = { .rule = TSQ_RULE_5_0, .pacing_rate = UNK64,
				   .pacing_shift = 0, .truesize = 0x3fffffff,
				   .limit_output_bytes = 1048576, .factor = 1, .paced = true };
	uint64_t l = 0;

	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, UNK64);
	in.rule = TSQ_RULE_3_19;	/* u32 era: 2*0x3fffffff = 2147483646 > lob -> lob */
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 2097152);		/* 1048576 << 1 */
	in.rule = TSQ_RULE_3_12;	/* 3.12 shifts by 10: max(1073741823, 4194303) << 1 */
	CHECK(tsq_limit(&in, &l) == TSQ_OK);
	CHECK_U64(l, 2147483646ULL);
}

/* Properties: 4.15 at shift 10 == 3.19; monotonic in rate and smaller shift */
static void test_properties(void)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	int i;

	for (i = 0; i < 20000; i++) {
		struct tsq_limit_in a = {
			.rule = TSQ_RULE_3_19,
			.pacing_rate = xorshift64(&seed) >> (xorshift64(&seed) & 63),
			.pacing_shift = 10,
			.truesize = (uint32_t)(xorshift64(&seed) % 200000),
			.limit_output_bytes = (uint32_t)(xorshift64(&seed) % 8388608),
			.factor = (uint32_t)(xorshift64(&seed) & 1),
			.floor = (xorshift64(&seed) & 3) ? 0 : xorshift64(&seed) % 10485761,
		};
		struct tsq_limit_in b = a;
		uint64_t la, lb, lc;
		unsigned int r;

		b.rule = TSQ_RULE_4_15;
		CHECK(tsq_limit(&a, &la) == TSQ_OK);
		CHECK(tsq_limit(&b, &lb) == TSQ_OK);
		CHECK_U64(lb, la);
		for (r = TSQ_RULE_3_6; r < TSQ_RULE__COUNT; r++) {
			struct tsq_limit_in c = a;

			c.rule = (enum tsq_rule)r;
			c.pacing_shift = (uint32_t)(xorshift64(&seed) % 11);
			c.paced = xorshift64(&seed) & 1;
			CHECK(tsq_limit(&c, &la) == TSQ_OK);
			c.pacing_rate += (c.pacing_rate < UNK64) ? 1 + (c.pacing_rate >> 3) : 0;
			if (c.pacing_rate < a.pacing_rate)
				c.pacing_rate = UNK64;
			CHECK(tsq_limit(&c, &lb) == TSQ_OK);
			CHECK(lb >= la);	/* monotonic in rate */
			if (c.pacing_shift > 0) {
				c.pacing_shift--;
				CHECK(tsq_limit(&c, &lc) == TSQ_OK);
				CHECK(lc >= lb);	/* smaller shift, larger limit */
			}
		}
	}
}

static void test_id_list(void)
{
	char buf[128];
	char small[8];
	const char *all = "off, 3.6, 3.12, 3.13, 3.19, 4.15, 5.0, 6.16";

	CHECK_U64(tsq_rule_ids(buf, sizeof(buf)), strlen(all));
	CHECK(strcmp(buf, all) == 0);
	/* truncated but terminated; the return still says what it needs */
	CHECK_U64(tsq_rule_ids(small, sizeof(small)), strlen(all));
	CHECK(strcmp(small, "off, 3.") == 0);
	CHECK_U64(tsq_rule_ids(NULL, 0), strlen(all));
}

int main(void)
{
	test_tx_delay();
	test_id_list();
	test_table();
	test_ids();
	test_errors();
	test_extreme();
	test_properties();
	CHECK_DONE();
}
