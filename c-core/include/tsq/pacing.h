/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/pacing.h - sk_pacing_rate as Linux computes it on every ACK, and the
 * per-device pacing-shift policy (mac80211 and friends).
 */
#ifndef TSQ_PACING_H
#define TSQ_PACING_H

#include "tsq/sock.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* sysctl_tcp_pacing_ss_ratio / _ca_ratio defaults (43e122b014c9, 2015) */
#define TSQ_PACING_SS_RATIO	200U
#define TSQ_PACING_CA_RATIO	120U

struct tsq_pacing_in {
	u32 mss;		/* tp->mss_cache, bytes */
	u32 cwnd;		/* snd_cwnd, segments */
	u32 packets_out;	/* segments */
	u32 ssthresh;		/* segments, TSQ_INFINITE_SSTHRESH for "inf" */
	u32 srtt_x8_us;		/* tp->srtt_us: smoothed RTT in us << 3, with
				 * its 3 fraction bits (0 = no sample) */
	u32 ss_ratio;		/* percent, 200 by default */
	u32 ca_ratio;		/* percent, 120 by default */
	u64 max_pacing_rate;	/* sk_max_pacing_rate, all-ones = none */
	enum tsq_rate_width width; /* u32 before 4.20, u64 after */
};

/*
 * tsq_update_pacing_rate - sk_pacing_rate after an ACK.
 * Returns TSQ_OK and *rate, or TSQ_ERR_INVAL (NULL, bad width).
 * Kernel: tcp_update_pacing_rate() (net/ipv4/tcp_input.c, 43e122b014c9):
 *   rate = mss * ((USEC_PER_SEC / 100) << 3)
 *   rate *= cwnd < ssthresh / 2 ? ss_ratio : ca_ratio
 *   rate *= max(cwnd, packets_out)
 *   if (tp->srtt_us) rate /= tp->srtt_us    (srtt in us, << 3)
 *   rate = min(rate, sk_max_pacing_rate)
 * The u32 width additionally caps at ~0U (sk_max_pacing_rate was u32).
 * Differences (NOTES-kernel-diffs.md): a product above 2^64-1 saturates
 * instead of wrapping (needs e.g. cwnd > 1.7e7 at mss 65535). mss 0 or
 * cwnd = packets_out = 0 give 0; srtt 0 skips the division as the kernel
 * does. The caller passes the srtt it has in the kernel's scaled form:
 * tsq_rtt's srtt_us as is, or a plain estimate << 3.
 */
int tsq_update_pacing_rate(const struct tsq_pacing_in *in, u64 *rate);

/* Fills in with the kernel defaults (ratios 200/120, no max rate, u64). */
void tsq_pacing_in_init(struct tsq_pacing_in *in);

/* Pacing-shift policy of an egress device */
enum tsq_shift_policy_kind {
	TSQ_SHIFT_POLICY_NONE = 0,	/* keep the socket's shift */
	TSQ_SHIFT_POLICY_FIXED,		/* sk_pacing_shift_update(sk, shift) */
};

/* Known values (see README.md for sources) */
#define TSQ_SHIFT_MAC80211_4_16	8U	/* 36148c2bbfbe (4.16) */
#define TSQ_SHIFT_MAC80211	7U	/* hw.tx_sk_pacing_shift default, main.c */
#define TSQ_SHIFT_BRCMFMAC	8U	/* brcmfmac, unverified in its source */

struct tsq_shift_policy {
	enum tsq_shift_policy_kind kind;
	u32 shift;
};

/*
 * Initialises a policy. Returns TSQ_OK, TSQ_ERR_INVAL (bad kind, NULL) or
 * TSQ_ERR_RANGE for a FIXED shift above 31 (accepted: 0..31; the kernel
 * field is u8 but shifting a 64-bit rate by >= 64 is undefined, and no
 * driver uses more than 10).
 */
int tsq_shift_policy_init(struct tsq_shift_policy *p,
			  enum tsq_shift_policy_kind kind, u32 shift);

/*
 * tsq_shift_policy_parse - a device's policy from its text, the one parser
 * of the CLI, the attribute and the scenario: "none" (keep the socket's
 * shift), "profile" (@profile, the kernel profile's mac80211 policy), or a
 * shift "0".."31" (decimal digits only, the whole text). Returns TSQ_OK,
 * TSQ_ERR_RANGE for any other text, TSQ_ERR_INVAL for a NULL @text or @p
 * (or "profile" with a NULL @profile); *p is written only on TSQ_OK.
 */
int tsq_shift_policy_parse(const char *text, const struct tsq_shift_policy *profile,
			   struct tsq_shift_policy *p);

/*
 * tsq_shift_policy_apply - what the device does to a frame's socket.
 * Kernel: mac80211 __ieee80211_subif_start_xmit()/ieee80211_tx path
 * calling sk_pacing_shift_update(skb->sk, shift) only when the frame goes
 * to a known station (36148c2bbfbe); skb->sk is set only for local sockets
 * and sk_fullsock() excludes request/timewait sockets. Returns 1 when the
 * socket's shift was written, 0 when not, negative TSQ_ERR_* on bad input.
 */
int tsq_shift_policy_apply(const struct tsq_shift_policy *p, struct tsq_sock *sk,
			   bool local_full_sock, bool known_station);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_PACING_H */
