/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/types.h - fixed-width types, units and error codes of the TSQ core.
 *
 * Units (pinned here, once, for every public function of the core):
 *   mss, truesize, limits, floors, gso sizes ......... bytes
 *   cwnd, ssthresh, packets_out, max_packets_out ..... segments
 *       (the shim passes cwnd_bytes / mss rounded down and
 *        ceil(unacked_bytes / mss))
 *   srtt, min_rtt ..................................... microseconds
 *       (min_rtt plain; srtt as the kernel stores it, "srtt_us << 3",
 *        in fields named srtt_x8_us)
 *   pacing rates ...................................... bytes per second, u64
 *   snd_una, snd_nxt .................................. u32 TCP sequence numbers
 *
 * The kernel's "unknown" pacing rate is all-ones of the width the release
 * used: sk_pacing_rate was u32 (~0U) until 76a9ebe811fb ("net: extend
 * sk_pacing_rate to unsigned long", 4.20) and unsigned long (~0UL, 64 bits
 * on the LP64 kernels modelled here) after it.
 */
#ifndef TSQ_TYPES_H
#define TSQ_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef TSQ_NO_KERNEL_TYPEDEFS
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int32_t s32;
typedef int64_t s64;
#endif

#define TSQ_USEC_PER_SEC	1000000U
/* TCP_INFINITE_SSTHRESH (include/net/tcp.h) */
#define TSQ_INFINITE_SSTHRESH	0x7fffffffU
/* ~0U: unknown/unlimited sk_pacing_rate while it was u32 (<= 4.19) */
#define TSQ_RATE_UNKNOWN_U32	((u64)0xffffffffU)
/* ~0UL: unknown/unlimited sk_pacing_rate once unsigned long (>= 4.20) */
#define TSQ_RATE_UNKNOWN_U64	UINT64_MAX
/* "no limit" answer of the limit function for rule "off" */
#define TSQ_LIMIT_NONE		UINT64_MAX
/* min_rtt "not available" (tcp_min_rtt() returns ~0U) */
#define TSQ_MIN_RTT_UNKNOWN	0xffffffffU

/* Accepted input ranges (checked; outside -> TSQ_ERR_RANGE) */
#define TSQ_SHIFT_MAX		31U		/* pacing shift: 0..31 */
#define TSQ_TRUESIZE_MAX	0x3fffffffU	/* 2*truesize << 1 fits u32 */
#define TSQ_FLOOR_MAX		0x3fffffffU	/* floor << 1 fits u32 */
#define TSQ_LOB_MAX		0x7fffffffU	/* sysctl is an int */
#define TSQ_TX_DELAY_MAX	0x7fffffffU	/* TCP_TX_DELAY takes an int, us */

/* Width of sk_pacing_rate in a given release */
enum tsq_rate_width {
	TSQ_RATE_U32 = 0,	/* ~0U  is "unknown", rates saturate at 2^32-1 */
	TSQ_RATE_U64 = 1,	/* ~0UL is "unknown" */
};

/*
 * SKB_TRUESIZE(1) (include/linux/skbuff.h) on x86_64 4.16: 1 +
 * SKB_DATA_ALIGN(sizeof(struct sk_buff)) (256) +
 * SKB_DATA_ALIGN(sizeof(struct skb_shared_info)) (320). Only "is anything
 * queued below TCP" matters: every real skb's truesize is larger.
 */
#define TSQ_SKB_TRUESIZE_ONE 577U

/* Error codes: negative, returned by int functions; 0 or more is success */
enum tsq_err {
	TSQ_OK = 0,
	TSQ_ERR_INVAL = -1,	/* malformed input (NULL, mss 0, bad enum) */
	TSQ_ERR_RANGE = -2,	/* value outside the accepted range */
	TSQ_ERR_UNDERFLOW = -3,	/* release of more bytes than charged */
	TSQ_ERR_NOENT = -4,	/* unknown rule/profile name, unknown cookie */
	TSQ_ERR_NOSPC = -5,	/* completion model: in-flight table full */
	TSQ_ERR_CORRUPT = -6,	/* completion model: self-check mismatch */
};

/* Returns a static string naming err (never NULL). */
const char *tsq_strerror(int err);

/* Returns the all-ones "unknown" pacing rate of width w. */
static inline u64 tsq_rate_unknown(enum tsq_rate_width w)
{
	return w == TSQ_RATE_U32 ? TSQ_RATE_UNKNOWN_U32 : TSQ_RATE_UNKNOWN_U64;
}

/* Kernel before()/after(): u32 sequence comparison modulo 2^32. */
static inline bool tsq_before(u32 seq1, u32 seq2)
{
	return (s32)(seq1 - seq2) < 0;
}

static inline bool tsq_after(u32 seq2, u32 seq1)
{
	return tsq_before(seq1, seq2);
}

#ifdef __cplusplus
}
#endif

#endif /* TSQ_TYPES_H */
