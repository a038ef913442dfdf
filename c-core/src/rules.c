// SPDX-License-Identifier: GPL-2.0-only
/*
 * rules.c - TSQ limit rules per kernel release (see tsq/rules.h).
 */
#include <string.h>

#include "tsq/rules.h"
#include "list.h"

static const struct tsq_rule_info tsq_rules[TSQ_RULE__COUNT] = {
	[TSQ_RULE_OFF] = {
		TSQ_RULE_OFF, "off", "-", "-", "TSQ disabled: no limit",
		0, TSQ_RATE_U64, false, false },
	[TSQ_RULE_3_6] = {
		TSQ_RULE_3_6, "3.6", "3.6", "46d3ceabd8d9",
		"throttle when wmem_alloc >= tcp_limit_output_bytes",
		131072, TSQ_RATE_U32, false, true },
	[TSQ_RULE_3_12] = {
		TSQ_RULE_3_12, "3.12", "3.12", "c9eeec26e32e",
		"limit = max(truesize, rate >> 10)",
		131072, TSQ_RATE_U32, false, false },
	[TSQ_RULE_3_13] = {
		TSQ_RULE_3_13, "3.13", "3.13", "98e09386c0ef",
		"limit = max(tcp_limit_output_bytes, rate >> 10)",
		131072, TSQ_RATE_U32, false, false },
	[TSQ_RULE_3_19] = {
		TSQ_RULE_3_19, "3.19", "3.19", "605ad7f184b6",
		"limit = min(max(2*truesize, rate >> 10), tcp_limit_output_bytes)",
		131072, TSQ_RATE_U32, false, false },
	[TSQ_RULE_4_15] = {
		TSQ_RULE_4_15, "4.15", "4.15", "3a9b76fd0db9",
		"limit = min(max(2*truesize, rate >> sk_pacing_shift), tcp_limit_output_bytes)",
		262144, TSQ_RATE_U32, true, false },
	[TSQ_RULE_5_0] = {
		TSQ_RULE_5_0, "5.0", "5.0", "c73e5807e4f6",
		"as 4.15, clamp only when sk_pacing_status == SK_PACING_NONE",
		1048576, TSQ_RATE_U64, true, false },
	[TSQ_RULE_6_16] = {
		TSQ_RULE_6_16, "6.16", "6.16", "c4221a8cc3a7",
		"as 4.15 with u64 rate, clamp always (9ea3bfa61b09: default 4 MB)",
		4194304, TSQ_RATE_U64, true, false },
};

static const char *const tsq_shortcut_names[TSQ_SHORTCUT__COUNT] = {
	[TSQ_SHORTCUT_NONE] = "none",
	[TSQ_SHORTCUT_EMPTY_OR_SINGLE] = "empty-or-single",
	[TSQ_SHORTCUT_EMPTY] = "empty",
};

const char *tsq_strerror(int err)
{
	switch (err) {
	case TSQ_OK: return "ok";
	case TSQ_ERR_INVAL: return "invalid argument";
	case TSQ_ERR_RANGE: return "value out of range";
	case TSQ_ERR_UNDERFLOW: return "release exceeds charged bytes";
	case TSQ_ERR_NOENT: return "no such rule, profile or cookie";
	case TSQ_ERR_NOSPC: return "completion model full";
	case TSQ_ERR_CORRUPT: return "completion model inconsistent";
	default: return "unknown error";
	}
}

const struct tsq_rule_info *tsq_rule_info(enum tsq_rule r)
{
	if ((unsigned int)r >= TSQ_RULE__COUNT)
		return NULL;
	return &tsq_rules[r];
}

unsigned int tsq_rule_count(void)
{
	return TSQ_RULE__COUNT;
}

const char *tsq_rule_id(enum tsq_rule r)
{
	const struct tsq_rule_info *ri = tsq_rule_info(r);

	return ri ? ri->id : "?";
}

int tsq_rule_from_id(const char *id, enum tsq_rule *out)
{
	unsigned int i;

	if (!id || !out)
		return TSQ_ERR_INVAL;
	for (i = 0; i < TSQ_RULE__COUNT; i++) {
		if (strcmp(id, tsq_rules[i].id) == 0) {
			*out = (enum tsq_rule)i;
			return TSQ_OK;
		}
	}
	return TSQ_ERR_NOENT;
}

const char *tsq_shortcut_name(enum tsq_shortcut s)
{
	return tsq_list_name(tsq_shortcut_names, TSQ_SHORTCUT__COUNT, (unsigned int)s);
}

int tsq_shortcut_from_name(const char *name, enum tsq_shortcut *out)
{
	unsigned int i;
	int r;

	if (!out)
		return TSQ_ERR_INVAL;
	r = tsq_list_find(tsq_shortcut_names, TSQ_SHORTCUT__COUNT, name, &i);
	if (r == TSQ_OK)
		*out = (enum tsq_shortcut)i;
	return r;
}

static u64 tsq_max_u64(u64 a, u64 b)
{
	return a > b ? a : b;
}

static u64 tsq_min_u64(u64 a, u64 b)
{
	return a < b ? a : b;
}

static int tsq_limit_in_valid(const struct tsq_limit_in *in)
{
	if ((unsigned int)in->rule >= TSQ_RULE__COUNT || in->factor > 1)
		return TSQ_ERR_INVAL;
	if (in->pacing_shift > TSQ_SHIFT_MAX || in->truesize > TSQ_TRUESIZE_MAX ||
	    in->floor > TSQ_FLOOR_MAX || in->limit_output_bytes > TSQ_LOB_MAX ||
	    in->tx_delay_us > TSQ_TX_DELAY_MAX)
		return TSQ_ERR_RANGE;
	if (in->tx_delay_us && in->rule != TSQ_RULE_5_0 && in->rule != TSQ_RULE_6_16 &&
	    in->rule != TSQ_RULE_OFF)
		return TSQ_ERR_RANGE;
	return TSQ_OK;
}

/* sk_pacing_rate as the release stored it: u32 before 4.20 */
static u64 tsq_rule_rate(const struct tsq_rule_info *ri, u64 rate)
{
	if (ri->rate_width == TSQ_RATE_U32)
		return tsq_min_u64(rate, TSQ_RATE_UNKNOWN_U32);
	return rate;
}

/* rate >> 10 (3.12..3.19) or rate >> sk_pacing_shift (4.15+) */
static u64 tsq_rate_bytes(const struct tsq_rule_info *ri, const struct tsq_limit_in *in)
{
	u64 rate = tsq_rule_rate(ri, in->pacing_rate);
	u32 shift = ri->uses_shift ? in->pacing_shift : 10;

	return rate >> shift;
}

/* The formula of each rule before its clamp (the kernel's max()) */
static u64 tsq_rule_unclamped(const struct tsq_rule_info *ri, const struct tsq_limit_in *in)
{
	u64 two_truesize = 2 * (u64)in->truesize;

	switch (ri->rule) {
	case TSQ_RULE_3_6:
		return in->limit_output_bytes;
	case TSQ_RULE_3_12:
		return tsq_max_u64(in->truesize, tsq_rate_bytes(ri, in));
	case TSQ_RULE_3_13:
		return tsq_max_u64(in->limit_output_bytes, tsq_rate_bytes(ri, in));
	default: /* 3.19, 4.15, 5.0, 6.16 */
		return tsq_max_u64(two_truesize, tsq_rate_bytes(ri, in));
	}
}

/* The clamp by tcp_limit_output_bytes: 3.19+, and 5.0 only when unpaced */
static u64 tsq_rule_clamp(const struct tsq_rule_info *ri, const struct tsq_limit_in *in, u64 limit)
{
	switch (ri->rule) {
	case TSQ_RULE_3_19:
	case TSQ_RULE_4_15:
	case TSQ_RULE_6_16:
		return tsq_min_u64(limit, in->limit_output_bytes);
	case TSQ_RULE_5_0:
		return in->paced ? limit : tsq_min_u64(limit, in->limit_output_bytes);
	default:
		return limit;
	}
}

/* The article's floor experiment */
static u64 tsq_apply_floor(u64 limit, const struct tsq_limit_in *in)
{
	return tsq_max_u64(limit, in->floor);
}

/* limit <<= factor, saturating instead of wrapping */
static u64 tsq_shift_factor(u64 limit, u32 factor)
{
	if (factor && limit > (UINT64_MAX >> 1))
		return UINT64_MAX;
	return limit << factor;
}

/* TCP_TX_DELAY's extra_bytes = rate * tx_delay >> 19, saturating */
static u64 tsq_tx_delay_bytes(const struct tsq_limit_in *in)
{
	u64 rate = in->pacing_rate, d = in->tx_delay_us;

	if (d && rate > UINT64_MAX / d)
		return UINT64_MAX >> 19;
	return rate * d >> 19;
}

/* a + b, saturating */
static u64 tsq_add_sat(u64 a, u64 b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

int tsq_limit(const struct tsq_limit_in *in, u64 *limit)
{
	const struct tsq_rule_info *ri;
	u64 l;
	int err;

	if (!in || !limit)
		return TSQ_ERR_INVAL;
	err = tsq_limit_in_valid(in);
	if (err)
		return err;
	ri = &tsq_rules[in->rule];
	if (ri->rule == TSQ_RULE_OFF) {
		*limit = TSQ_LIMIT_NONE;
		return TSQ_OK;
	}
	l = tsq_apply_floor(tsq_rule_clamp(ri, in, tsq_rule_unclamped(ri, in)), in);
	l = tsq_shift_factor(l, in->factor);
	*limit = tsq_add_sat(l, tsq_tx_delay_bytes(in));
	return TSQ_OK;
}

size_t tsq_rule_ids(char *buf, size_t len)
{
	size_t off = 0;
	unsigned int i;

	if (buf && len)
		buf[0] = '\0';
	for (i = 0; i < TSQ_RULE__COUNT; i++) {
		if (i)
			off = tsq_list_append(buf, len, off, ", ");
		off = tsq_list_append(buf, len, off, tsq_rules[i].id);
	}
	return off;
}
