/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/tso.h - TSO/GSO autosizing (how many MSS one skb carries, so how many
 * segments the shim sends per TSQ check) and the skb truesize model.
 */
#ifndef TSQ_TSO_H
#define TSQ_TSO_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum tsq_tso_form {
	TSQ_TSO_3_19 = 0,	/* 605ad7f184b6: rate >> 10 */
	TSQ_TSO_4_15,		/* 3a9b76fd0db9: rate >> sk_pacing_shift */
	TSQ_TSO_5_18,		/* 65466904b015: + gso_max_size >> (min_rtt >> tcp_tso_rtt_log) */
	TSQ_TSO__COUNT
};

#define TSQ_GSO_MAX_SIZE	65536U	/* GSO_MAX_SIZE / GSO_LEGACY_MAX_SIZE */
#define TSQ_GSO_MAX_SEGS	65535U	/* GSO_MAX_SEGS */
#define TSQ_MIN_TSO_SEGS	2U	/* sysctl_tcp_min_tso_segs */
#define TSQ_TSO_RTT_LOG		9U	/* sysctl_tcp_tso_rtt_log (5.18) */
/*
 * MAX_TCP_HEADER = 128 + MAX_HEADER; MAX_HEADER = LL_MAX_HEADER (128 with
 * CONFIG_HYPERV_NET, as in distribution kernels) + 48 with IP tunnels:
 * 304 on a typical x86_64 distribution config. Config-dependent: a
 * parameter, this is only the default.
 */
#define TSQ_MAX_TCP_HEADER	304U

struct tsq_tso_in {
	enum tsq_tso_form form;
	u64 pacing_rate;	/* bytes/s; forms 3.19/4.15 see it as u32 */
	u32 pacing_shift;	/* 0..31, forms 4.15/5.18 */
	u32 mss;		/* mss_now, bytes, >= 1 */
	u32 gso_max_size;	/* sk_gso_max_size, bytes */
	u32 gso_max_segs;	/* sk_gso_max_segs */
	u32 min_tso_segs;	/* tcp_min_tso_segs or the CC's min_tso_segs */
	u32 max_tcp_header;	/* MAX_TCP_HEADER (forms 3.19/4.15) */
	u32 min_rtt_us;		/* tcp_min_rtt(), TSQ_MIN_RTT_UNKNOWN if none */
	u32 tso_rtt_log;	/* sysctl_tcp_tso_rtt_log (form 5.18) */
};

/* Fills in with kernel defaults (form 5.18, shift 10, no rate, mss 1448). */
void tsq_tso_in_init(struct tsq_tso_in *in);

/* Returns a static name of form f ("3.19", "4.15", "5.18" or "?"). */
const char *tsq_tso_form_name(enum tsq_tso_form f);

/* Looks up a form by name. Returns TSQ_OK, TSQ_ERR_NOENT or TSQ_ERR_INVAL. */
int tsq_tso_form_from_name(const char *name, enum tsq_tso_form *out);

/*
 * tsq_tso_autosize - segments per TSO/GSO skb.
 * Returns TSQ_OK and *segs, TSQ_ERR_INVAL (NULL, mss 0, bad form,
 * gso_max_size <= 1 + max_tcp_header for forms 3.19/4.15) or
 * TSQ_ERR_RANGE (shift > 31).
 * Kernel: tcp_tso_autosize() then tcp_tso_segs() (net/ipv4/tcp_output.c):
 *  3.19 (605ad7f184b6): bytes = min(rate >> 10, gso_max_size - 1 - MAX_TCP_HEADER)
 *  4.15 (3a9b76fd0db9): the same with rate >> sk_pacing_shift
 *  5.18 (65466904b015): bytes = rate >> shift;
 *        r = min_rtt >> tcp_tso_rtt_log; if (r < 32) bytes += gso_max_size >> r;
 *        bytes = min(bytes, gso_max_size)
 *  then segs = max(bytes / mss, min_tso_segs), min(segs, gso_max_segs).
 * The 5.18 addition saturates instead of wrapping (rate near 2^64, shift 0).
 */
int tsq_tso_autosize(const struct tsq_tso_in *in, u32 *segs);

/*
 * Truesize model: skb->truesize = max(payload + overhead, min_truesize).
 * See src/tso.c for where each set of constants comes from.
 */
struct tsq_truesize_model {
	u32 overhead;		/* per-skb bytes on top of the payload */
	u32 min_truesize;	/* truesize of a skb whose payload fits its head */
	bool estimate;		/* true: not measured, derived (labelled) */
	const char *source;	/* one line: where the numbers come from */
};

/* Linux 6.18, measured on this machine: 2280 @ 1448 B, 65992 @ 45x1448 B */
extern const struct tsq_truesize_model tsq_truesize_linux_6_18;
/* Linux 4.14-4.16, ESTIMATE (2048-byte kmalloc head): see src/tso.c */
extern const struct tsq_truesize_model tsq_truesize_linux_4_14_est;

/*
 * tsq_skb_truesize - truesize of one skb carrying payload bytes.
 * Returns the model's value, saturated at 2^32-1 (skb->truesize is u32).
 * Kernel: skb->truesize as built by tcp_sendmsg()/tcp_stream_alloc_skb()
 * plus page fragments (SKB_TRUESIZE, include/linux/skbuff.h).
 */
u32 tsq_skb_truesize(const struct tsq_truesize_model *m, u32 payload);

/*
 * tsq_gso_segment_truesize - truesize of one segment that software GSO
 * cuts from a TSO skb for a device without NETIF_F_SG, carrying @payload
 * bytes (<= mss), when the TSO skb was allocated with @max_tcp_header
 * bytes of headroom (MAX_TCP_HEADER).  Returns the value, saturated at
 * 2^32-1; 0 when @payload is 0.
 *
 * Kernel (3.12+ through 4.16 and later; x86_64 structure sizes):
 * validate_xmit_skb() -> skb_gso_segment() -> tcp_gso_segment() ->
 * skb_segment() (net/core/skbuff.c).  Without NETIF_F_SG in the device
 * features (a mac80211 netdev whose driver sets no hw.netdev_features,
 * e.g. ath9k) every segment is a new linear skb,
 * __alloc_skb(hsize + doffset + headroom) with hsize = payload and
 * doffset + headroom = the TSO skb's headroom before its headers were
 * pushed = MAX_TCP_HEADER; __alloc_skb() rounds the data to a kmalloc
 * bucket and sets truesize = SKB_TRUESIZE(SKB_WITH_OVERHEAD(ksize)) =
 * ksize + SKB_DATA_ALIGN(sizeof(struct sk_buff)).  tcp_gso_segment()
 * (copy_destructor, 0d08c42cf9a7 "tcp: gso: fix truesize tracking")
 * gives every segment tcp_wfree and its own truesize and adds
 * sum - gso_skb->truesize to sk_wmem_alloc, so TSQ counts the segments'
 * truesize until each one's TX completion.  1448 B with MAX_TCP_HEADER
 * 304: ALIGN(1752, 64) + 320 = 2112 -> kmalloc-4096 -> 4352.
 */
u32 tsq_gso_segment_truesize(u32 payload, u32 max_tcp_header);

/*
 * tsq_mss_split_point - payload bytes of the next skb tcp_write_xmit() sends.
 * @mss: mss_now (>= 1); @max_segs: min(cwnd quota, autosized segments);
 * @window: bytes the receive window still allows from the skb's seq
 * (tcp_wnd_end() - seq); @data: bytes queued from seq (skb->len when the skb
 * is the write-queue tail); @is_tail: the skb is the last one queued;
 * @nagle_holds_partial: tcp_nagle_check() would hold back a partial last
 * segment.
 * Returns the byte count (0 when @mss is 0).
 * Kernel: tcp_mss_split_point() (net/ipv4/tcp_output.c, 605ad7f184b6 shape
 * unchanged through 6.x): max_len = mss * max_segs; if max_len <= window and
 * the skb is not the tail, max_len; else needed = min(data, window), max_len
 * if it fits, else needed minus its partial segment when Nagle holds it.
 */
u32 tsq_mss_split_point(u32 mss, u32 max_segs, u32 window, u32 data,
			bool is_tail, bool nagle_holds_partial);

/*
 * tsq_burst_share - truesize charged to segment @i (0-based) of a burst of
 * @n segments whose skb truesize is @burst_truesize.
 * Returns burst_truesize / n, plus burst_truesize % n on the last segment,
 * so the shares add up exactly to the skb's truesize; 0 when @n is 0 or
 * @i >= @n.
 * Not a kernel function: Linux charges one TSO skb once (skb_set_owner_w());
 * ns-3 sends its MSS segments one by one, and each carries its share so that
 * the socket's wmem returns to zero when the last one completes.
 */
u32 tsq_burst_share(u32 burst_truesize, u32 n, u32 i);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_TSO_H */
