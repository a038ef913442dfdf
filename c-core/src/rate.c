// SPDX-License-Identifier: GPL-2.0-only
/*
 * rate.c - per-ACK delivery-rate samples (net/ipv4/tcp_rate.c, Linux 4.16).
 */
#include <stddef.h>

#include "tsq/rate.h"

void tsq_rate_conn_init(struct tsq_rate_conn *tp)
{
	if (tp)
		*tp = (struct tsq_rate_conn){0};
}

void tsq_rate_sample_init(struct tsq_rate_sample *rs)
{
	if (rs)
		*rs = (struct tsq_rate_sample){0};
}

/* tcp_stamp_us_delta(): t1 - t0 in us, 0 when t1 is earlier, as u32 */
static u32 tsq_rate_us_delta(u64 t1, u64 t0)
{
	u64 d;

	if (t1 <= t0)
		return 0;
	d = t1 - t0;
	return d > 0xffffffffULL ? 0xffffffffU : (u32)d;
}

void tsq_rate_skb_sent(struct tsq_rate_conn *tp, struct tsq_rate_skb *skb,
		       u64 skb_mstamp, u32 packets_out)
{
	if (!tp || !skb)
		return;
	/*
	 * Nothing out: an ACK arriving later covers the whole path from this
	 * send on, so the sample starts here (not at the last ACK, which may
	 * be long ago after an idle period).
	 */
	if (packets_out == 0) {
		tp->first_tx_mstamp = skb_mstamp;
		tp->delivered_mstamp = skb_mstamp;
	}
	skb->first_tx_mstamp = tp->first_tx_mstamp;
	skb->delivered_mstamp = tp->delivered_mstamp;
	skb->delivered = tp->delivered;
	skb->is_app_limited = tp->app_limited != 0;
}

void tsq_rate_delivered_add(struct tsq_rate_conn *tp, u32 pcount, u64 now_us)
{
	if (!tp || pcount == 0)
		return;
	tp->delivered += pcount;
	tp->delivered_mstamp = now_us;
}

void tsq_rate_skb_delivered(struct tsq_rate_conn *tp, struct tsq_rate_skb *skb,
			    u64 skb_mstamp, bool is_retrans, bool sacked,
			    struct tsq_rate_sample *rs)
{
	if (!tp || !skb || !rs || skb->delivered_mstamp == 0)
		return;
	/* The skb sent last (most delivered before its send) wins. */
	if (rs->prior_delivered == 0 || skb->delivered > rs->prior_delivered) {
		rs->prior_delivered = skb->delivered;
		rs->prior_mstamp = skb->delivered_mstamp;
		rs->is_app_limited = skb->is_app_limited;
		rs->is_retrans = is_retrans;
		/* send phase: first send of its window -> this send */
		rs->snd_us =
		    tsq_rate_us_delta(skb_mstamp, skb->first_tx_mstamp);
		rs->interval_us = rs->snd_us;
		tp->first_tx_mstamp = skb_mstamp;
	}
	/* A SACKed skb is acked again later: use it once. */
	if (sacked)
		skb->delivered_mstamp = 0;
}

void tsq_rate_gen(struct tsq_rate_conn *tp, u64 now_us, u32 delivered, u32 lost,
		  bool is_sack_reneg, u32 min_rtt_us,
		  struct tsq_rate_sample *rs)
{
	u32 snd_us, ack_us;

	if (!tp || !rs)
		return;
	/* The app-limited bubble is gone once delivered passed its end. */
	if (tp->app_limited && tp->delivered > tp->app_limited)
		tp->app_limited = 0;
	if (delivered)
		tp->delivered_mstamp = now_us;

	rs->acked_sacked = delivered;
	rs->losses = lost;
	if (rs->prior_mstamp == 0 || is_sack_reneg) {
		rs->delivered = -1;
		rs->interval_us = -1;
		return;
	}
	rs->delivered = (s64)(tp->delivered - rs->prior_delivered);

	/*
	 * Sending a window and acking it are two pipeline phases; ACK
	 * compression can make the ACK phase the shorter one, so the longer
	 * of the two bounds the rate.
	 */
	snd_us = (u32)rs->interval_us;
	ack_us = tsq_rate_us_delta(now_us, rs->prior_mstamp);
	rs->ack_us = ack_us;
	rs->interval_us = snd_us > ack_us ? snd_us : ack_us;

	/* Shorter than the path's min RTT: not a real delivery interval. */
	if (rs->interval_us < (s64)min_rtt_us) {
		rs->interval_us = -1;
		return;
	}

	/* Keep the last non-app-limited sample or the best app-limited one. */
	if (!rs->is_app_limited ||
	    (u64)rs->delivered * tp->rate_interval_us >=
		tp->rate_delivered * (u64)rs->interval_us) {
		tp->rate_delivered = (u64)rs->delivered;
		tp->rate_interval_us = (u32)rs->interval_us;
		tp->rate_app_limited = rs->is_app_limited;
	}
}

bool tsq_rate_check_app_limited(struct tsq_rate_conn *tp, u32 write_seq,
				u32 snd_nxt, u32 mss, u64 wmem_alloc,
				u64 in_flight, u64 cwnd, u64 lost_out,
				u64 retrans_out)
{
	if (!tp)
		return false;
	if (write_seq - snd_nxt < mss && /* less than a segment to send */
	    wmem_alloc < TSQ_SKB_TRUESIZE_ONE && /* nothing below TCP */
	    in_flight < cwnd &&			 /* not cwnd-limited */
	    lost_out <= retrans_out) {		 /* losses all retransmitted */
		tp->app_limited = tp->delivered + in_flight;
		if (tp->app_limited == 0)
			tp->app_limited = 1;
		return true;
	}
	return false;
}

u64 tsq_rate_sample_bw(const struct tsq_rate_sample *rs, u64 unit)
{
	u64 d, i;

	if (!rs || rs->delivered < 0 || rs->interval_us <= 0)
		return 0;
	d = (u64)rs->delivered;
	i = (u64)rs->interval_us;
	if (unit == 0 || d <= UINT64_MAX / unit)
		return d * unit / i;
#ifdef __SIZEOF_INT128__
	{
		__extension__ typedef unsigned __int128 u128;
		u128 bw = (u128)d * unit / i;

		return bw > UINT64_MAX ? UINT64_MAX : (u64)bw;
	}
#else
	return UINT64_MAX;
#endif
}
