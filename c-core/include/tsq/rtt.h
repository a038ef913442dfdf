/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/rtt.h - the sender's RTT as Linux measures it: one sample per ACK
 * from the send times of the skbs it (s)acks, the timestamp echo only as
 * a fallback, smoothed by tcp_rtt_estimator(), and the windowed minimum
 * behind tcp_min_rtt().
 *
 * Why the module keeps its own: ns-3 3.37 takes its RTT samples from the
 * timestamp echo, in whole milliseconds (TcpOptionTS), so at a 2 ms path
 * its smoothed RTT swings by +-30% and with it the pacing rate, the TSQ
 * limit and TSO autosizing that Linux derives from srtt_us and min_rtt.
 * Linux measures microseconds from each skb's own send time
 * (tcp_clean_rtx_queue(), tcp_sacktag_one()) and uses the echo only when
 * no skb gives one.
 *
 * Clocks: now_us (tp->tcp_mstamp) in microseconds, u64; skb send times in
 * the same clock, 0 meaning "none"; the minimum filter runs on a
 * millisecond tick (tcp_jiffies32 at HZ=1000), as does the TS clock
 * (TCP_TS_HZ 1000 since 9a568de4818d, 4.13).
 *
 * Not modelled: FLAG_ACK_MAYBE_DELAYED (2018, "tcp: avoid min-RTT
 * overestimation from delayed ACKs"), which keeps a lone sub-MSS packet's
 * delayed ACK out of the min filter: a bulk sender never sends one. The
 * RTO (tcp_set_rto) is the simulator's own.
 */
#ifndef TSQ_RTT_H
#define TSQ_RTT_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* TCP_RTO_MIN (HZ / 5): tcp_rto_min_us() without a route override */
#define TSQ_RTO_MIN_US		200000U
/* sysctl_tcp_min_rtt_wlen default, 300 s, in filter ticks (ms) */
#define TSQ_MIN_RTT_WLEN_MS	300000U

/* The forms of the timestamp-echo fallback in tcp_ack_update_rtt() */
enum tsq_rtt_form {
	/* 9a568de4818d (4.13): seq_rtt = (now_ms - tsecr) * 1000, as is */
	TSQ_RTT_4_13 = 0,
	/* 9efdda4e3abe (4.20): the echo is ignored unless the delta is
	 * below INT_MAX / 1000 (an echo "from the future" after EDT qdisc
	 * resets wrapped to a huge delta) */
	TSQ_RTT_4_20,
	/* as 4.20, and a 0 ms delta counts as 1 ms (present in 6.1) */
	TSQ_RTT_6_1,
	TSQ_RTT__COUNT
};

/* lib/win_minmax.c: best, 2nd and 3rd best (time, value) in the window */
struct tsq_minmax_sample {
	u32 t;	/* tick of the measurement */
	u32 v;	/* the measurement */
};

struct tsq_minmax {
	struct tsq_minmax_sample s[3];
};

/* The RTT fields of struct tcp_sock */
struct tsq_rtt {
	u32 srtt_us;		/* tp->srtt_us: smoothed RTT << 3, 0 = none yet */
	u32 mdev_us;		/* tp->mdev_us: medium deviation (<< 2) */
	u32 mdev_max_us;	/* tp->mdev_max_us: its max over the last RTT */
	u32 rttvar_us;		/* tp->rttvar_us: smoothed mdev_max */
	u32 rtt_seq;		/* tp->rtt_seq: snd_nxt when rttvar was updated */
	struct tsq_minmax rtt_min; /* tp->rtt_min: windowed min of ca_rtt */
	u64 samples;		/* samples taken (not a kernel field) */
};

/*
 * What one ACK (s)acked: the locals of tcp_clean_rtx_queue() and of
 * struct tcp_sacktag_state that the RTT is taken from. Start each ACK
 * with tsq_rtt_ack_init().
 */
struct tsq_rtt_ack {
	u64 first_ackt;		/* send time of the first cumulatively acked
				 * skb never retransmitted nor sacked, 0 = none */
	u64 last_ackt;		/* ... of the last such skb */
	u64 first_sackt;	/* send time of the first newly sacked skb
				 * never retransmitted, 0 = none */
	u64 last_sackt;		/* ... of the last such skb */
	bool retrans_data_acked; /* FLAG_RETRANS_DATA_ACKED */
};

/* Inputs of tsq_ack_update_rtt() besides the skbs */
struct tsq_rtt_ack_in {
	enum tsq_rtt_form form;
	u64 now_us;		/* tp->tcp_mstamp */
	u32 now_ms;		/* tcp_jiffies32 (HZ 1000) for the min filter */
	bool data_acked;	/* FLAG_ACKED: snd_una advanced */
	bool ts_echo;		/* saw_tstamp && rcv_tsecr != 0 */
	u32 ts_delta_ms;	/* tcp_time_stamp(tp) - rcv_tsecr, u32 wrap */
	u32 snd_una;		/* after this ACK */
	u32 snd_nxt;
	u32 rto_min_us;		/* TSQ_RTO_MIN_US */
	u32 min_rtt_wlen_ms;	/* TSQ_MIN_RTT_WLEN_MS */
};

/* What the ACK gave (the kernel's longs, -1 = none) */
struct tsq_rtt_ack_out {
	s64 seq_rtt_us;		/* the sample smoothed into srtt */
	s64 ca_rtt_us;		/* the last (s)acked skb's RTT: what the
				 * congestion control (ack_sample.rtt_us), the
				 * min filter and rs->rtt_us get */
	s64 sack_rtt_us;
	bool updated;		/* srtt and min_rtt took a sample */
};

/* Returns a static name of form f ("4.13", "4.20", "6.1" or "?"). */
const char *tsq_rtt_form_name(enum tsq_rtt_form f);

/*
 * minmax_reset() / minmax_running_min() / minmax_get() of lib/win_minmax.c
 * (Kathleen Nichols' windowed min, 2016 with BBR): the least of the
 * measurements of the last @win ticks, in constant space. A new minimum
 * or an empty window restarts the filter; the 2nd and 3rd choices are
 * refreshed a quarter and half a window after the best.
 */
u32 tsq_minmax_reset(struct tsq_minmax *m, u32 t, u32 meas);
u32 tsq_minmax_running_min(struct tsq_minmax *m, u32 win, u32 t, u32 meas);
static inline u32 tsq_minmax_get(const struct tsq_minmax *m)
{
	return m->s[0].v;
}

/*
 * A new socket: no srtt, min filter at ~0U (tcp_init_sock():
 * minmax_reset(&tp->rtt_min, tcp_jiffies32, ~0U)), so tcp_min_rtt()
 * answers TSQ_MIN_RTT_UNKNOWN until the first sample.
 */
void tsq_rtt_init(struct tsq_rtt *r, u32 now_ms);

/* tcp_min_rtt(): the windowed minimum, TSQ_MIN_RTT_UNKNOWN before any */
static inline u32 tsq_min_rtt(const struct tsq_rtt *r)
{
	return tsq_minmax_get(&r->rtt_min);
}

/*
 * tsq_rtt_estimator - tcp_rtt_estimator() (net/ipv4/tcp_input.c): Van
 * Jacobson's SIGCOMM '88 smoothing in fixed point, srtt_us = 7/8 srtt +
 * 1/8 m and mdev = 3/4 mdev + 1/4 |err|, with the kernel's twist that a
 * sample below srtt updates mdev with gain 1/32 instead of 1/4 ("similar
 * to one of Eifel findings": it keeps the RTO from growing when the RTT
 * falls), rttvar tracking the largest mdev of each RTT (rtt_seq), and
 * the first sample taken as srtt with mdev = 2 * m (RTO = 3 RTT).
 * @mrtt_us is the measurement; @snd_una, @snd_nxt the socket's.
 */
void tsq_rtt_estimator(struct tsq_rtt *r, u32 mrtt_us, u32 snd_una, u32 snd_nxt,
		       u32 rto_min_us);

/* Starts an ACK: nothing (s)acked yet. */
void tsq_rtt_ack_init(struct tsq_rtt_ack *a);

/*
 * The RTT part of tcp_clean_rtx_queue()'s loop for one skb the ACK
 * cumulatively acks, sent (last) at @xmit_us: an skb ever retransmitted
 * (TCPCB_RETRANS) sets FLAG_RETRANS_DATA_ACKED, which voids the ACK's
 * sample (Karn, RFC 6298); one already sacked was timed when its SACK came
 * and is skipped; any other gives first_ackt (the first) and last_ackt.
 */
void tsq_rtt_ack_skb(struct tsq_rtt_ack *a, u64 xmit_us, bool ever_retrans,
		     bool was_sacked);

/*
 * The RTT part of tcp_sacktag_one() for one skb the ACK newly sacks: an
 * skb never retransmitted gives first_sackt / last_sackt.
 */
void tsq_rtt_sack_skb(struct tsq_rtt_ack *a, u64 xmit_us, bool ever_retrans);

/*
 * tsq_ack_update_rtt - the end of tcp_clean_rtx_queue() and
 * tcp_ack_update_rtt(): seq_rtt from first_ackt unless retransmitted
 * data was acked, ca_rtt from last_ackt (or last_sackt when something was
 * sacked); the SACK sample when no cumulative one; the echo of @in only
 * when neither and the ACK acked new data ("prefer RTT measured from
 * ACK's timing to TS-ECR": middle-boxes corrupt echoes, and an echo
 * cannot honour Karn). With a sample: min filter <- ca_rtt (0 counts as
 * one tick, 1000 us), estimator <- seq_rtt. @out gets the samples.
 * Returns TSQ_OK, or TSQ_ERR_INVAL (NULL, bad form).
 */
int tsq_ack_update_rtt(struct tsq_rtt *r, const struct tsq_rtt_ack *a,
		       const struct tsq_rtt_ack_in *in, struct tsq_rtt_ack_out *out);

/* Fills in with the kernel defaults (form 6.1, RTO min, 300 s window). */
void tsq_rtt_ack_in_init(struct tsq_rtt_ack_in *in);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_RTT_H */
