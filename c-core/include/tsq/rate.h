/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/rate.h - delivery-rate estimation: net/ipv4/tcp_rate.c as Linux 4.16
 * has it (introduced in 4.9 by "tcp: track data delivery rate for a TCP
 * connection" and "tcp: track application-limited rate samples"), written
 * from the algorithm.
 *
 * A rate sample is taken per ACK: of the skbs the ACK (s)acks, the one sent
 * most recently (highest tx.delivered) gives the start of the interval,
 * i.e. how much had been delivered and when, as of that skb's send. The
 * interval is the longer of its "send phase" (first_tx_mstamp of its
 * window -> its own send) and its "ack phase" (its delivered_mstamp -> now).
 *
 * Units:
 *   clocks (mstamp, now) ... microseconds, u64; 0 means "no timestamp"
 *       (the kernel's tcp_mstamp never is 0: a caller whose clock starts
 *       at 0 shifts it by a constant)
 *   delivered, app_limited, in_flight, cwnd, pcount ... one unit the
 *       caller chooses (Linux: packets; the ns-3 shim: bytes)
 *
 * Deliberate width changes: the kernel's tp->delivered, tx.delivered,
 * rs->prior_delivered, tp->app_limited and tp->rate_delivered are u32
 * packet counts compared with after(); here they are u64 so that a caller
 * counting bytes never wraps, and the comparisons are plain. CE counting
 * (delivered_ce, 4.18) is not part of 4.16 and not modelled.
 *
 * The per-ACK struct tsq_rate_sample must start zeroed for every ACK
 * (tcp_ack(): struct rate_sample rs = { .prior_delivered = 0 }); call
 * tsq_rate_sample_init() before the first tsq_rate_skb_delivered() of an
 * ACK. Reusing a sample across ACKs is the ns-3 3.37 TcpRateLinux defect
 * this file exists to avoid.
 */
#ifndef TSQ_RATE_H
#define TSQ_RATE_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Per-connection state: the rate fields of struct tcp_sock. */
struct tsq_rate_conn {
	u64 delivered;	       /* tp->delivered: total delivered (units) */
	u64 delivered_mstamp;  /* tp->delivered_mstamp: when it last grew, us */
	u64 first_tx_mstamp;   /* tp->first_tx_mstamp: send time of the
				* most recently delivered skb, us */
	u64 app_limited;       /* tp->app_limited: 0, or the delivered mark
				* below which samples are app-limited */
	u64 rate_delivered;    /* tp->rate_delivered: last recorded sample */
	u32 rate_interval_us;  /* tp->rate_interval_us */
	bool rate_app_limited; /* tp->rate_app_limited */
};

/* Per-skb snapshot: TCP_SKB_CB(skb)->tx. */
struct tsq_rate_skb {
	u64 delivered;	      /* tp->delivered when the skb was sent */
	u64 delivered_mstamp; /* tp->delivered_mstamp then; 0 = no timing
			       * information (or already used: SACKed) */
	u64 first_tx_mstamp;  /* tp->first_tx_mstamp then */
	bool is_app_limited;  /* tp->app_limited != 0 then */
};

/* One ACK's sample: struct rate_sample (include/net/tcp.h). */
struct tsq_rate_sample {
	u64 prior_mstamp;    /* delivered_mstamp of the chosen skb, us */
	u64 prior_delivered; /* tx.delivered of the chosen skb */
	s64 delivered;	     /* delivered in the interval; -1 = invalid */
	s64 interval_us;     /* the interval, us; -1 = invalid */
	u32 acked_sacked;    /* freshly (s)acked by this ACK */
	u32 losses;	     /* freshly marked lost by this ACK */
	u32 prior_in_flight; /* in flight before this ACK (caller's) */
	bool is_app_limited; /* the chosen skb was sent app-limited */
	bool is_retrans;     /* the chosen skb was a retransmission */
	/* not in the kernel's struct: the two phases, kept for traces */
	u32 snd_us; /* send phase of the chosen skb */
	u32 ack_us; /* ack phase (set by tsq_rate_gen) */
};

/* Zeroes tp (tcp_sock creation / tcp_disconnect(); the fields b9f64820fb22
 * added to struct tcp_sock). */
void tsq_rate_conn_init(struct tsq_rate_conn *tp);

/* Zeroes rs: once per ACK, before its first tsq_rate_skb_delivered()
 * (tcp_ack()'s on-stack struct rate_sample, b9f64820fb22). */
void tsq_rate_sample_init(struct tsq_rate_sample *rs);

/*
 * tsq_rate_skb_sent - snapshot the delivery state into a skb being sent.
 * Kernel: tcp_rate_skb_sent() (net/ipv4/tcp_rate.c, 4.16), from
 * b9f64820fb22 ("tcp: track data delivery rate for a TCP connection", 4.9:
 * BBR and others need a delivery rate measured per ACK, not inferred from
 * cwnd and RTT). @skb_mstamp is
 * the skb's send time (skb->skb_mstamp), @packets_out the packets out
 * before this skb (only zero or not matters): with none out, the sample's
 * start moves to now (first_tx_mstamp = delivered_mstamp = skb_mstamp).
 * Called for every transmission, retransmissions included.
 */
void tsq_rate_skb_sent(struct tsq_rate_conn *tp, struct tsq_rate_skb *skb,
		       u64 skb_mstamp, u32 packets_out);

/*
 * tsq_rate_delivered_add - count @pcount freshly (s)acked units at @now_us.
 * Kernel: tp->delivered += pcount in tcp_clean_rtx_queue() (cumulatively
 * acked, not previously SACKed) and tcp_sacktag_one() (newly SACKed), plus
 * tcp_rate_gen()'s "if (delivered) tp->delivered_mstamp = tcp_mstamp"
 * (b9f64820fb22) done at once (same clock value, so tsq_rate_gen() repeating it changes
 * nothing): ns-3 may retransmit between its (s)ack processing and its
 * rate sample (ProcessAck before GenerateSample), where Linux retransmits
 * after tcp_rate_gen() (tcp_xmit_recovery()); a retransmission sent then
 * must carry this ACK's delivered_mstamp as it would in Linux.
 */
void tsq_rate_delivered_add(struct tsq_rate_conn *tp, u32 pcount, u64 now_us);

/*
 * tsq_rate_skb_delivered - a skb was (s)acked by the ACK of @rs.
 * Kernel: tcp_rate_skb_delivered() (net/ipv4/tcp_rate.c, 4.16), from
 * b9f64820fb22 (the most recently sent skb gives the interval, so that a
 * burst of delayed or stretched ACKs does not inflate the rate). A skb
 * without timing (delivered_mstamp 0) is ignored. Else, when it is the
 * first timed skb of the ACK or was sent later (higher tx.delivered) than
 * the one chosen so far, it becomes the sample's start: prior_delivered,
 * prior_mstamp, is_app_limited, is_retrans (@is_retrans: TCPCB_RETRANS)
 * and the send phase interval_us = skb_mstamp - tx.first_tx_mstamp
 * (tcp_stamp_us_delta: never negative); tp->first_tx_mstamp =
 * @skb_mstamp. A SACKed skb (@sacked) is marked off (delivered_mstamp = 0)
 * so that its cumulative ACK later is not used again.
 */
void tsq_rate_skb_delivered(struct tsq_rate_conn *tp, struct tsq_rate_skb *skb,
			    u64 skb_mstamp, bool is_retrans, bool sacked,
			    struct tsq_rate_sample *rs);

/*
 * tsq_rate_gen - finish the ACK's sample.
 * Kernel: tcp_rate_gen() (net/ipv4/tcp_rate.c, 4.16), from b9f64820fb22
 * (the longer of the send and the ack phase: ACK compression must not
 * make the rate exceed what the path delivered) with the app-limited
 * clearing of d7722e8570fc. @delivered and
 * @lost: units freshly (s)acked and marked lost by this ACK; @min_rtt_us:
 * tcp_min_rtt() (TSQ_MIN_RTT_UNKNOWN before any RTT sample, which rejects
 * every sample, as in Linux). Steps: clear app_limited once delivered
 * passed it; delivered_mstamp = @now_us if @delivered; acked_sacked and
 * losses. No timed skb (prior_mstamp 0) or @is_sack_reneg: delivered =
 * interval_us = -1. Else delivered = tp->delivered - prior_delivered and
 * interval_us = max(send phase, ack phase = @now_us - prior_mstamp);
 * below @min_rtt_us the sample is invalid (interval_us = -1, delivered
 * kept). A valid sample that is not app-limited, or whose rate is at least
 * the recorded one, is recorded in tp->rate_*.
 */
void tsq_rate_gen(struct tsq_rate_conn *tp, u64 now_us, u32 delivered, u32 lost,
		  bool is_sack_reneg, u32 min_rtt_us,
		  struct tsq_rate_sample *rs);

/*
 * tsq_rate_check_app_limited - mark the connection application-limited.
 * Kernel: tcp_rate_check_app_limited() (net/ipv4/tcp_rate.c, 4.16), from
 * d7722e8570fc ("tcp: track application-limited rate samples", 4.9: a
 * sample taken while the sender had nothing to send measures the
 * application, and must not lower a congestion control's bandwidth
 * estimate), called when the application writes. App-limited when all of: less than one
 * @mss unsent (@write_seq - @snd_nxt, u32 sequence arithmetic); nothing
 * below TCP (@wmem_alloc, sk_wmem_alloc_get(): bytes queued, below
 * TSQ_SKB_TRUESIZE_ONE); @in_flight < @cwnd (same unit); @lost_out <=
 * @retrans_out. Then app_limited = delivered + in_flight, or 1 if that is
 * 0. Returns true when it marked.
 */
bool tsq_rate_check_app_limited(struct tsq_rate_conn *tp, u32 write_seq,
				u32 snd_nxt, u32 mss, u64 wmem_alloc,
				u64 in_flight, u64 cwnd, u64 lost_out,
				u64 retrans_out);

/*
 * tsq_rate_sample_bw - the sample's rate: delivered * @unit / interval_us,
 * 0 for an invalid sample (delivered < 0 or interval_us <= 0).
 * Kernel: the first lines of bbr_update_bw() (net/ipv4/tcp_bbr.c, 4.16),
 * which use every valid sample, recorded in tp->rate_* or not; BBR's unit
 * is BW_UNIT (1 << 24), a caller counting bytes that wants bit/s passes
 * 8000000. Saturates at 2^64-1.
 */
u64 tsq_rate_sample_bw(const struct tsq_rate_sample *rs, u64 unit);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_RATE_H */
