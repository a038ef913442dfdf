// SPDX-License-Identifier: GPL-2.0-only
/*
 * A-MPDU queue accounting per station and TID; see tsq/ampdu.h.
 */
#include <string.h>

#include "tsq/ampdu.h"

#define NSEC_PER_SEC	1000000000ull
#define PPM		1000000ull

struct tsq_ampdu_limits tsq_ampdu_limits_ht(void)
{
	struct tsq_ampdu_limits lim = {
		.max_bytes = TSQ_HT_MAX_AMPDU_BYTES,
		.max_mpdus = TSQ_HT_MAX_AMPDU_MPDUS,
		.max_ppdu_ns = TSQ_HT_MF_MAX_PPDU_NS,
	};

	return lim;
}

/* The largest exponent, BlockAck buffer and PPDU time of @fmt; false for
 * an unknown format. */
static bool format_maxima(enum tsq_ampdu_format fmt, u32 *exp, u32 *buf,
			  u64 *ppdu_ns)
{
	switch (fmt) {
	case TSQ_AMPDU_HT:
		*exp = TSQ_HT_MAX_AMPDU_LEN_EXP;
		*buf = TSQ_HT_MAX_AMPDU_MPDUS;
		*ppdu_ns = TSQ_HT_MF_MAX_PPDU_NS;
		return true;
	case TSQ_AMPDU_VHT:
		*exp = TSQ_VHT_MAX_AMPDU_LEN_EXP;
		*buf = TSQ_HT_MAX_AMPDU_MPDUS;
		*ppdu_ns = TSQ_VHT_MAX_PPDU_NS;
		return true;
	case TSQ_AMPDU_HE:
		*exp = TSQ_HE_MAX_AMPDU_LEN_EXP;
		*buf = TSQ_HE_MAX_AMPDU_MPDUS;
		*ppdu_ns = TSQ_HE_MAX_PPDU_NS;
		return true;
	}
	return false;
}

int tsq_ampdu_limits_agreed(enum tsq_ampdu_format fmt, u32 len_exp,
			    u32 ba_buffer, struct tsq_ampdu_limits *out)
{
	u32 max_exp, max_buf;
	u64 ppdu_ns, len;

	if (!out || !format_maxima(fmt, &max_exp, &max_buf, &ppdu_ns))
		return TSQ_ERR_INVAL;
	if (len_exp > max_exp || !ba_buffer || ba_buffer > max_buf)
		return TSQ_ERR_RANGE;
	len = (1ull << (TSQ_AMPDU_LEN_EXP_BASE + len_exp)) - 1;
	if (fmt == TSQ_AMPDU_HE && len > TSQ_HE_MAX_PSDU_BYTES)
		len = TSQ_HE_MAX_PSDU_BYTES;
	out->max_bytes = (u32)len;
	out->max_mpdus = ba_buffer;
	out->max_ppdu_ns = ppdu_ns;
	return 0;
}

int tsq_ampdu_limits_max(enum tsq_ampdu_format fmt,
			 struct tsq_ampdu_limits *out)
{
	u32 max_exp, max_buf;
	u64 ppdu_ns;

	if (!out || !format_maxima(fmt, &max_exp, &max_buf, &ppdu_ns))
		return TSQ_ERR_INVAL;
	return tsq_ampdu_limits_agreed(fmt, max_exp, max_buf, out);
}

u32 tsq_ampdu_len_exp(u32 max_bytes)
{
	u32 exp = 0;

	while (exp < 31 - TSQ_AMPDU_LEN_EXP_BASE &&
	       (1ull << (TSQ_AMPDU_LEN_EXP_BASE + exp)) - 1 < max_bytes)
		exp++;
	return exp;
}

static bool limits_valid(const struct tsq_ampdu_limits *lim)
{
	return lim->max_bytes &&
	       lim->max_mpdus >= 1 && lim->max_mpdus <= TSQ_AMPDU_MAX_MPDUS;
}

int tsq_ampdu_init(struct tsq_ampdu *a, struct tsq_ampdu_sta *sta, u32 n_sta,
		   const struct tsq_ampdu_limits *lim)
{
	if (!a || !lim || (!sta && n_sta))
		return TSQ_ERR_INVAL;
	if (!limits_valid(lim))
		return TSQ_ERR_RANGE;

	memset(a, 0, sizeof(*a));
	if (n_sta)
		memset(sta, 0, sizeof(*sta) * (size_t)n_sta);
	a->sta = sta;
	a->n_sta = n_sta;
	a->lim = *lim;
	return 0;
}

void tsq_ampdu_sta_init(struct tsq_ampdu_sta *s)
{
	if (s)
		memset(s, 0, sizeof(*s));
}

int tsq_ampdu_add_sta(struct tsq_ampdu *a, struct tsq_ampdu_sta *sta)
{
	if (!a || !sta)
		return TSQ_ERR_INVAL;
	if (a->n_sta == UINT32_MAX)
		return TSQ_ERR_RANGE;

	tsq_ampdu_sta_init(&sta[a->n_sta]);
	a->sta = sta;
	a->n_sta++;
	return 0;
}

/* The (@sta, @tid) entry into *@t: 0, TSQ_ERR_INVAL or TSQ_ERR_RANGE
 * (also for any index while @a has no station). */
static int ampdu_tid(struct tsq_ampdu *a, u32 sta, u32 tid,
		     struct tsq_ampdu_tid **t)
{
	if (!a)
		return TSQ_ERR_INVAL;
	if (sta >= a->n_sta || tid >= TSQ_AMPDU_NUM_TID)
		return TSQ_ERR_RANGE;
	if (!a->sta)
		return TSQ_ERR_INVAL;
	*t = &a->sta[sta].tid[tid];
	return 0;
}

int tsq_ampdu_enqueue(struct tsq_ampdu *a, u32 sta, u32 tid, u32 bytes)
{
	struct tsq_ampdu_tid *t;
	struct tsq_ampdu_queue *q;
	int err = ampdu_tid(a, sta, tid, &t);

	if (err)
		return err;
	q = &t->q;
	if (q->mpdus == UINT32_MAX)
		return TSQ_ERR_RANGE;

	q->mpdus++;
	q->bytes += bytes;
	q->enq_mpdus++;
	q->enq_bytes += bytes;
	if (q->mpdus > q->peak_mpdus)
		q->peak_mpdus = q->mpdus;
	if (q->bytes > q->peak_bytes)
		q->peak_bytes = q->bytes;
	return 0;
}

/* Take one MPDU of @bytes off @q; an error instead of a wrap-around. */
static int queue_take(struct tsq_ampdu_queue *q, u32 bytes)
{
	if (!q->mpdus || q->bytes < bytes)
		return TSQ_ERR_UNDERFLOW;
	q->mpdus--;
	q->bytes -= bytes;
	return 0;
}

int tsq_ampdu_dequeue(struct tsq_ampdu *a, u32 sta, u32 tid, u32 bytes)
{
	struct tsq_ampdu_tid *t;
	int err = ampdu_tid(a, sta, tid, &t);

	if (err)
		return err;
	err = queue_take(&t->q, bytes);
	if (err)
		return err;
	t->q.deq_mpdus++;
	t->q.deq_bytes += bytes;
	return 0;
}

int tsq_ampdu_drop(struct tsq_ampdu *a, u32 sta, u32 tid, u32 bytes)
{
	struct tsq_ampdu_tid *t;
	int err = ampdu_tid(a, sta, tid, &t);

	if (err)
		return err;
	err = queue_take(&t->q, bytes);
	if (err)
		return err;
	t->q.drop_mpdus++;
	t->q.drop_bytes += bytes;
	return 0;
}

int tsq_ampdu_set_throttled(struct tsq_ampdu *a, u32 sta, u32 throttled)
{
	if (!a)
		return TSQ_ERR_INVAL;
	if (sta >= a->n_sta)
		return TSQ_ERR_RANGE;
	if (!a->sta)
		return TSQ_ERR_INVAL;
	a->sta[sta].throttled = throttled;
	return 0;
}

u64 tsq_ampdu_size_if_aggregated(u32 ampdu_bytes, u32 mpdu_bytes)
{
	u64 pad = (TSQ_AMPDU_DELIM_BYTES - ampdu_bytes % 4) % 4;

	return (u64)ampdu_bytes + pad + TSQ_AMPDU_DELIM_BYTES + mpdu_bytes;
}

/*
 * Airtime of @bits at @rate_bps (> 0) in ns, rounded up, saturating at
 * U64_MAX.  bits * 1e9 may not fit in a u64, so whole seconds and the
 * remainder are taken apart; a remainder of a rate above 2^34 b/s is
 * scaled down first (an error far below one ns, still rounded up).
 */
static u64 bits_airtime_ns(u64 bits, u64 rate_bps)
{
	u64 whole = bits / rate_bps;
	u64 rem = bits % rate_bps;
	u64 frac;
	bool inexact = false;

	if (whole > UINT64_MAX / NSEC_PER_SEC - 1)
		return UINT64_MAX;
	while (rate_bps > (1ull << 34)) {
		inexact |= rem != 0;
		rem >>= 1;
		rate_bps >>= 1;
	}
	frac = (rem * NSEC_PER_SEC + rate_bps - 1) / rate_bps;
	if (inexact)
		frac++;	/* whatever the scaling lost, round it up */
	return whole * NSEC_PER_SEC + frac;
}

bool tsq_ampdu_left_room(const struct tsq_ampdu_limits *lim,
			 const struct tsq_ampdu_psdu *p)
{
	u64 size;

	if (!lim || !p || !p->next_mpdu_bytes)
		return false;
	if (p->n_mpdus >= lim->max_mpdus)
		return false;
	size = tsq_ampdu_size_if_aggregated(p->bytes, p->next_mpdu_bytes);
	if (size > lim->max_bytes)
		return false;
	if (lim->max_ppdu_ns && p->rate_bps) {
		u64 extra = bits_airtime_ns((size - p->bytes) * 8, p->rate_bps);

		if (p->airtime_ns > lim->max_ppdu_ns ||
		    extra > lim->max_ppdu_ns - p->airtime_ns)
			return false;
	}
	return true;
}

/* floor(@v * 1e6 / @max), 0 when @max is 0; @v * 1e6 fits in a u64. */
static u64 ratio_ppm(u64 v, u64 max)
{
	if (!max)
		return 0;
	if (v > UINT64_MAX / PPM)
		v = UINT64_MAX / PPM;
	return v * PPM / max;
}

static void stats_add(struct tsq_ampdu_stats *st,
		      const struct tsq_ampdu_psdu *p,
		      const struct tsq_ampdu_limits *lim, bool room, bool tsq)
{
	st->psdus++;
	st->mpdus += p->n_mpdus;
	st->bytes += p->bytes;
	st->airtime_ns += p->airtime_ns;
	st->fill_bytes_ppm += ratio_ppm(p->bytes, lim->max_bytes);
	st->fill_mpdus_ppm += ratio_ppm(p->n_mpdus, lim->max_mpdus);
	st->fill_airtime_ppm += ratio_ppm(p->airtime_ns, lim->max_ppdu_ns);
	st->starved_room += room;
	st->starved_tsq += tsq;
	st->starved += room || tsq;
}

int tsq_ampdu_psdu_tx(struct tsq_ampdu *a, const struct tsq_ampdu_psdu *p)
{
	const struct tsq_ampdu_limits *lim;
	struct tsq_ampdu_tid *t;
	bool room, tsq;
	int err;

	if (!p)
		return TSQ_ERR_INVAL;
	err = ampdu_tid(a, p->sta, p->tid, &t);
	if (err)
		return err;
	lim = p->lim.max_mpdus ? &p->lim : &a->lim;
	if (!limits_valid(lim) || !p->n_mpdus || p->n_mpdus > lim->max_mpdus)
		return TSQ_ERR_RANGE;

	room = tsq_ampdu_left_room(lim, p);
	tsq = a->sta[p->sta].throttled > 0;
	stats_add(&t->st, p, lim, room, tsq);
	stats_add(&a->total, p, lim, room, tsq);
	a->hist[p->n_mpdus]++;
	return 0;
}

/*
 * floor(@sum / (@n * @max)) in parts per million, 0 when @n or @max is 0,
 * saturating at U32_MAX.  Divides by @n first so that no product can
 * overflow in any run: sum * 1e6 / n == q * 1e6 + r * 1e6 / n.
 */
static u32 mean_ppm(u64 sum, u64 n, u64 max)
{
	u64 q, r, v;

	if (!n || !max)
		return 0;
	q = sum / n;
	r = sum % n;
	if (q > UINT64_MAX / PPM - 1)
		return UINT32_MAX;
	if (n > UINT64_MAX / PPM)
		v = q * PPM + r / (n / PPM);
	else
		v = q * PPM + r * PPM / n;
	v /= max;
	return v > UINT32_MAX ? UINT32_MAX : (u32)v;
}

/* The mean of per-PSDU ppm values: floor(@sum / @n), saturating. */
static u32 mean_of_ppm(u64 sum, u64 n)
{
	u64 v;

	if (!n)
		return 0;
	v = sum / n;
	return v > UINT32_MAX ? UINT32_MAX : (u32)v;
}

int tsq_ampdu_fill(const struct tsq_ampdu_stats *st,
		   struct tsq_ampdu_fill *out)
{
	if (!st || !out)
		return TSQ_ERR_INVAL;

	out->bytes_ppm = mean_of_ppm(st->fill_bytes_ppm, st->psdus);
	out->mpdus_ppm = mean_of_ppm(st->fill_mpdus_ppm, st->psdus);
	out->airtime_ppm = mean_of_ppm(st->fill_airtime_ppm, st->psdus);
	out->mean_mpdus_milli = mean_ppm(st->mpdus, st->psdus, 1000);
	return 0;
}
