// SPDX-License-Identifier: GPL-2.0-only
/*
 * tso.c - tcp_tso_autosize() in three forms, and the truesize model.
 */
#include <stddef.h>
#include <string.h>

#include "list.h"
#include "tsq/tso.h"

/*
 * Linux 6.18 (measured with ss -tinm over veth on this machine):
 * a one-segment skb of 1448 bytes has truesize 2280, a 45-segment TSO skb
 * (65160 bytes) 65992: both are payload + 832. The payload lives in page
 * fragments (linear part 0), so the overhead is the same for any payload.
 */
const struct tsq_truesize_model tsq_truesize_linux_6_18 = {
	.overhead = 832,
	.min_truesize = 832,
	.estimate = false,
	.source = "measured, Linux 6.18: 2280 @ 1448 B, 65992 @ 65160 B",
};

/*
 * Linux 4.14-4.16: ESTIMATE, cannot be measured here. Derivation (x86_64):
 * select_size() gave GSO sockets a linear part of
 * SKB_WITH_OVERHEAD(2048 - MAX_TCP_HEADER) = 2048 - 304 - 320 = 1424 bytes
 * (MAX_TCP_HEADER 304, SKB_DATA_ALIGN(sizeof(skb_shared_info)) 320), so the
 * head is a 2048-byte kmalloc and truesize starts at
 * 2048 + SKB_DATA_ALIGN(sizeof(struct sk_buff)) = 2048 + 256 = 2304 for any
 * payload up to 1424 bytes; further payload goes to page fragments and
 * adds its length. Overhead above 1424 bytes: 2304 - 1424 = 880, so
 * 1448 B -> 2328 and 65160 B -> 66040. Structure sizes and MAX_TCP_HEADER
 * are config-dependent; only the shape is from the source.
 */
const struct tsq_truesize_model tsq_truesize_linux_4_14_est = {
	.overhead = 880,
	.min_truesize = 2304,
	.estimate = true,
	.source = "estimate, Linux 4.14-4.16: 2048-byte head + 256 sk_buff, payload > 1424 in frags",
};

static const char *const tsq_tso_form_names[TSQ_TSO__COUNT] = {
	[TSQ_TSO_3_19] = "3.19",
	[TSQ_TSO_4_15] = "4.15",
	[TSQ_TSO_5_18] = "5.18",
};

void tsq_tso_in_init(struct tsq_tso_in *in)
{
	if (!in)
		return;
	*in = (struct tsq_tso_in){
		.form = TSQ_TSO_5_18,
		.pacing_shift = 10,
		.mss = 1448,
		.gso_max_size = TSQ_GSO_MAX_SIZE,
		.gso_max_segs = TSQ_GSO_MAX_SEGS,
		.min_tso_segs = TSQ_MIN_TSO_SEGS,
		.max_tcp_header = TSQ_MAX_TCP_HEADER,
		.min_rtt_us = TSQ_MIN_RTT_UNKNOWN,
		.tso_rtt_log = TSQ_TSO_RTT_LOG,
	};
}

const char *tsq_tso_form_name(enum tsq_tso_form f)
{
	return tsq_list_name(tsq_tso_form_names, TSQ_TSO__COUNT, (unsigned int)f);
}

int tsq_tso_form_from_name(const char *name, enum tsq_tso_form *out)
{
	unsigned int i;
	int r;

	if (!out)
		return TSQ_ERR_INVAL;
	r = tsq_list_find(tsq_tso_form_names, TSQ_TSO__COUNT, name, &i);
	if (r == TSQ_OK)
		*out = (enum tsq_tso_form)i;
	return r;
}

/* 3.19 and 4.15: u32 sk_pacing_rate, cap gso_max_size - 1 - MAX_TCP_HEADER */
static u64 tsq_tso_bytes_legacy(const struct tsq_tso_in *in)
{
	u64 rate = in->pacing_rate > TSQ_RATE_UNKNOWN_U32 ? TSQ_RATE_UNKNOWN_U32 : in->pacing_rate;
	u32 shift = in->form == TSQ_TSO_3_19 ? 10 : in->pacing_shift;
	u64 cap = (u64)in->gso_max_size - 1 - in->max_tcp_header;
	u64 bytes = rate >> shift;

	return bytes < cap ? bytes : cap;
}

/* 5.18: add gso_max_size >> (min_rtt >> tcp_tso_rtt_log) for low RTTs */
static u64 tsq_tso_bytes_rtt(const struct tsq_tso_in *in)
{
	u64 bytes = in->pacing_rate >> in->pacing_shift;
	u32 r = in->tso_rtt_log < 32 ? in->min_rtt_us >> in->tso_rtt_log : 0;
	u64 extra;

	if (r < 32) {
		extra = in->gso_max_size >> r;
		bytes = bytes > UINT64_MAX - extra ? UINT64_MAX : bytes + extra;
	}
	return bytes < in->gso_max_size ? bytes : in->gso_max_size;
}

static int tsq_tso_in_valid(const struct tsq_tso_in *in)
{
	if ((unsigned int)in->form >= TSQ_TSO__COUNT || in->mss == 0)
		return TSQ_ERR_INVAL;
	if (in->pacing_shift > TSQ_SHIFT_MAX)
		return TSQ_ERR_RANGE;
	if (in->form != TSQ_TSO_5_18 &&
	    (u64)in->gso_max_size <= 1 + (u64)in->max_tcp_header)
		return TSQ_ERR_INVAL;
	return TSQ_OK;
}

int tsq_tso_autosize(const struct tsq_tso_in *in, u32 *segs)
{
	u64 bytes, s;
	int err;

	if (!in || !segs)
		return TSQ_ERR_INVAL;
	err = tsq_tso_in_valid(in);
	if (err)
		return err;
	if (in->form == TSQ_TSO_5_18)
		bytes = tsq_tso_bytes_rtt(in);
	else
		bytes = tsq_tso_bytes_legacy(in);
	s = bytes / in->mss;
	if (s < in->min_tso_segs)
		s = in->min_tso_segs;
	if (s > in->gso_max_segs)
		s = in->gso_max_segs;
	*segs = (u32)s;
	return TSQ_OK;
}

u32 tsq_mss_split_point(u32 mss, u32 max_segs, u32 window, u32 data,
			bool is_tail, bool nagle_holds_partial)
{
	u64 max_len = (u64)mss * max_segs;
	u32 needed, partial;

	if (!mss)
		return 0;
	if (max_len <= window && !is_tail)
		return (u32)max_len;
	needed = data < window ? data : window;
	if (max_len <= needed)
		return (u32)max_len;
	partial = needed % mss;
	if (partial && nagle_holds_partial)
		return needed - partial;
	return needed;
}

u32 tsq_burst_share(u32 burst_truesize, u32 n, u32 i)
{
	u32 share;

	if (!n || i >= n)
		return 0;
	share = burst_truesize / n;
	if (i == n - 1)
		share += burst_truesize % n;
	return share;
}

u32 tsq_skb_truesize(const struct tsq_truesize_model *m, u32 payload)
{
	u64 t;

	if (!m)
		return 0;
	t = (u64)payload + m->overhead;
	if (t < m->min_truesize)
		t = m->min_truesize;
	return t > 0xffffffffU ? 0xffffffffU : (u32)t;
}

/* x86_64, Linux 4.x: SKB_DATA_ALIGN() = ALIGN(x, SMP_CACHE_BYTES = 64) */
#define TSQ_SKB_ALIGN(x)	(((u64)(x) + 63) & ~(u64)63)
#define TSQ_SKB_SHINFO		320U	/* SKB_DATA_ALIGN(sizeof(skb_shared_info)) */
#define TSQ_SKB_STRUCT		256U	/* SKB_DATA_ALIGN(sizeof(struct sk_buff)) */

/*
 * ksize() of kmalloc(@size): SLUB's kmalloc caches 8..8192 (powers of two
 * plus 96 and 192, mm/slab_common.c kmalloc_info); above 8192,
 * kmalloc_large(): PAGE_SIZE << get_order(size), again a power of two.
 */
static u64 tsq_kmalloc_size(u64 size)
{
	u64 k = 8;

	if (size > 64 && size <= 96)
		return 96;
	if (size > 128 && size <= 192)
		return 192;
	while (k < size)
		k <<= 1;
	return k;
}

u32 tsq_gso_segment_truesize(u32 payload, u32 max_tcp_header)
{
	u64 size, t;

	if (!payload)
		return 0;
	size = TSQ_SKB_ALIGN((u64)payload + max_tcp_header) + TSQ_SKB_SHINFO;
	t = tsq_kmalloc_size(size) + TSQ_SKB_STRUCT;
	return t > 0xffffffffU ? 0xffffffffU : (u32)t;
}
