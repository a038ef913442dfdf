// SPDX-License-Identifier: GPL-2.0-only
/*
 * pacing.c - tcp_update_pacing_rate() and the pacing-shift policy.
 */
#include <stddef.h>
#include <string.h>

#include "tsq/pacing.h"

void tsq_pacing_in_init(struct tsq_pacing_in *in)
{
	if (!in)
		return;
	*in = (struct tsq_pacing_in){
		.ssthresh = TSQ_INFINITE_SSTHRESH,
		.ss_ratio = TSQ_PACING_SS_RATIO,
		.ca_ratio = TSQ_PACING_CA_RATIO,
		.max_pacing_rate = TSQ_RATE_UNKNOWN_U64,
		.width = TSQ_RATE_U64,
	};
}

/* a * b, saturating at 2^64-1 */
static u64 tsq_mul_sat(u64 a, u64 b)
{
	if (a && b > UINT64_MAX / a)
		return UINT64_MAX;
	return a * b;
}

static u32 tsq_pacing_ratio(const struct tsq_pacing_in *in)
{
	if (in->cwnd < in->ssthresh / 2)
		return in->ss_ratio;
	return in->ca_ratio;
}

static u64 tsq_pacing_cap(const struct tsq_pacing_in *in, u64 rate)
{
	u64 cap = in->max_pacing_rate;

	if (in->width == TSQ_RATE_U32 && cap > TSQ_RATE_UNKNOWN_U32)
		cap = TSQ_RATE_UNKNOWN_U32;
	return rate < cap ? rate : cap;
}

int tsq_update_pacing_rate(const struct tsq_pacing_in *in, u64 *rate)
{
	u64 r;
	u32 segs;

	if (!in || !rate || (in->width != TSQ_RATE_U32 && in->width != TSQ_RATE_U64))
		return TSQ_ERR_INVAL;
	segs = in->cwnd > in->packets_out ? in->cwnd : in->packets_out;
	r = tsq_mul_sat(in->mss, (TSQ_USEC_PER_SEC / 100) << 3);
	r = tsq_mul_sat(r, tsq_pacing_ratio(in));
	r = tsq_mul_sat(r, segs);
	if (in->srtt_x8_us)
		r /= in->srtt_x8_us;
	*rate = tsq_pacing_cap(in, r);
	return TSQ_OK;
}

int tsq_shift_policy_init(struct tsq_shift_policy *p,
			  enum tsq_shift_policy_kind kind, u32 shift)
{
	if (!p)
		return TSQ_ERR_INVAL;
	if (kind != TSQ_SHIFT_POLICY_NONE && kind != TSQ_SHIFT_POLICY_FIXED)
		return TSQ_ERR_INVAL;
	if (kind == TSQ_SHIFT_POLICY_FIXED && shift > TSQ_SHIFT_MAX)
		return TSQ_ERR_RANGE;
	p->kind = kind;
	p->shift = kind == TSQ_SHIFT_POLICY_FIXED ? shift : 0;
	return TSQ_OK;
}

int tsq_shift_policy_parse(const char *text, const struct tsq_shift_policy *profile,
			   struct tsq_shift_policy *p)
{
	u32 shift = 0;
	const char *c;

	if (!text || !p)
		return TSQ_ERR_INVAL;
	if (!strcmp(text, "none"))
		return tsq_shift_policy_init(p, TSQ_SHIFT_POLICY_NONE, 0);
	if (!strcmp(text, "profile")) {
		if (!profile)
			return TSQ_ERR_INVAL;
		*p = *profile;
		return TSQ_OK;
	}
	if (!*text)
		return TSQ_ERR_RANGE;
	for (c = text; *c; c++) {
		if (*c < '0' || *c > '9')
			return TSQ_ERR_RANGE;
		shift = shift * 10 + (u32)(*c - '0');
		if (shift > TSQ_SHIFT_MAX)
			return TSQ_ERR_RANGE;
	}
	return tsq_shift_policy_init(p, TSQ_SHIFT_POLICY_FIXED, shift);
}

int tsq_shift_policy_apply(const struct tsq_shift_policy *p, struct tsq_sock *sk,
			   bool local_full_sock, bool known_station)
{
	if (!p)
		return TSQ_ERR_INVAL;
	if (p->kind == TSQ_SHIFT_POLICY_NONE || !known_station)
		return 0;
	if (p->kind != TSQ_SHIFT_POLICY_FIXED)
		return TSQ_ERR_INVAL;
	return tsq_sk_pacing_shift_update(sk, local_full_sock, p->shift);
}
