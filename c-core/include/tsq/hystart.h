/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/hystart.h - CUBIC's hybrid slow start (net/ipv4/tcp_cubic.c), in the
 * two forms the kernel profiles need.
 *
 * HyStart ends slow start before the first loss, when a round's ACKs keep
 * coming for longer than half the path's delay (an "ACK train": the pipe
 * is full) or the round's least RTT rises clearly above the minimum (the
 * queue grows). It decides where CUBIC leaves slow start, so a simulator
 * whose HyStart fires early (ns-3 3.37's TcpCubic, fed a millisecond,
 * smoothed RTT) starts congestion avoidance from another cwnd than Linux.
 *
 * Forms:
 *  TSQ_HYSTART_4_X   Linux 4.x (the 4.14/4.16 profiles): a millisecond
 *                    clock (bictcp_clock), delays in 1/8 ms; ACK train:
 *                    ACKs at most hystart_ack_delta = 2 ms apart for more
 *                    than delay_min / 2 since the round began; a new round
 *                    starts in bictcp_cong_avoid().
 *  TSQ_HYSTART_5_6   Linux 5.6 on (42f3a8aaae66 "tcp_cubic: tweak Hystart
 *                    detection for short RTT flows" and its series: usec
 *                    clock, "make Hystart aware of pacing", "refactor code
 *                    to perform a divide only when needed"): delays in us;
 *                    ACK train: ACKs at most 2000 us apart for more than
 *                    delay_min + hystart_ack_delay() (the time to send four
 *                    GSO-sized skbs at the pacing rate, at most 1 ms), halved
 *                    for an unpaced socket; the round is renewed in
 *                    hystart_update() once snd_una passes its end.
 * Both: the delay test takes the least of a round's first
 * HYSTART_MIN_SAMPLES = 8 RTTs and fires above delay_min +
 * clamp(delay_min / 8, 4 ms, 16 ms); nothing below hystart_low_window = 16
 * segments; on a detection the kernel sets snd_ssthresh = snd_cwnd.
 *
 * Not modelled: cubictcp_acked()'s discard of samples less than 1 s after
 * the CUBIC epoch began (epoch_start is 0 in slow start unless a cwnd undo
 * returned to it).
 */
#ifndef TSQ_HYSTART_H
#define TSQ_HYSTART_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum tsq_hystart_form {
	TSQ_HYSTART_4_X = 0,
	TSQ_HYSTART_5_6,
	TSQ_HYSTART__COUNT
};

#define TSQ_HYSTART_ACK_TRAIN	0x1
#define TSQ_HYSTART_DELAY	0x2

struct tsq_hystart {
	enum tsq_hystart_form form;
	u32 round_start;	/* clock of the form: ms (4.x) or us (5.6) */
	u32 last_ack;
	u32 end_seq;		/* snd_nxt when the round began */
	u32 delay_min;		/* 1/8 ms (4.x) or us (5.6); 0 = none yet */
	u32 curr_rtt;		/* least RTT of the round, same unit */
	u32 sample_cnt;
	u32 found;		/* TSQ_HYSTART_* (5.6: 1 once found) */
};

/* One ACK as hystart_update() sees it */
struct tsq_hystart_ack {
	u64 now_us;		/* the clock, us (4.x takes now_us / 1000) */
	s64 rtt_us;		/* the ACK's RTT sample (ack_sample.rtt_us), < 0: none */
	u32 cwnd;		/* segments */
	u32 ssthresh;		/* segments */
	u32 snd_una;		/* after the ACK */
	u32 snd_nxt;
	u64 pacing_rate;	/* sk_pacing_rate, bytes/s (5.6's ack delay) */
	u32 gso_max_size;	/* sk_gso_max_size, bytes (5.6's ack delay) */
	bool paced;		/* sk_pacing_status != SK_PACING_NONE */
};

/* Returns a static name of form f ("4.x", "5.6" or "?"), and looks one up. */
const char *tsq_hystart_form_name(enum tsq_hystart_form f);
int tsq_hystart_form_from_name(const char *name, enum tsq_hystart_form *out);

/* bictcp_reset() + bictcp_hystart_reset(): a new connection or a loss. */
void tsq_hystart_init(struct tsq_hystart *h, enum tsq_hystart_form form, u64 now_us,
		      u32 snd_nxt);

/*
 * 4.x form: bictcp_cong_avoid()'s slow-start branch (reached only while
 * tcp_is_cwnd_limited()) starts a new round once @ack is after end_seq.
 * No effect in the 5.6 form (hystart_update() does it).
 */
void tsq_hystart_cong_avoid(struct tsq_hystart *h, u64 now_us, u32 ack, u32 snd_nxt);

/*
 * cubictcp_acked() + hystart_update() for one ACK. Returns true when slow
 * start must end now (the caller sets ssthresh = cwnd).
 */
bool tsq_hystart_acked(struct tsq_hystart *h, const struct tsq_hystart_ack *a);

/*
 * Whether tsq_hystart_acked() will read @pacing_rate for an ACK at cwnd and
 * ssthresh (segments): only the 5.6 form's hystart_update(), in slow start,
 * before the exit is found. The caller may skip computing it otherwise.
 */
bool tsq_hystart_wants_pacing_rate(const struct tsq_hystart *h, u32 cwnd, u32 ssthresh);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_HYSTART_H */
