/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/cwnd.h - cwnd-limited state: whether the congestion control may grow
 * cwnd. A sender held back by TSQ is not cwnd-limited, so its cwnd stops
 * growing.
 */
#ifndef TSQ_CWND_H
#define TSQ_CWND_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

enum tsq_cwnd_form {
	TSQ_CWND_2014 = 0,	/* ca8a22634381 (3.16 .. 5.10): 4.14's form */
	TSQ_CWND_2020,		/* 299bcb55ecd1 (5.11): also update when cwnd-limited */
	TSQ_CWND_2022,		/* f4ce91ce12a7 (6.1): cwnd_usage_seq, limited first */
	TSQ_CWND__COUNT
};

struct tsq_cwnd_state {
	u32 max_packets_out;	/* max packets_out in the last window */
	u32 seq;		/* max_packets_seq (2014/2020) or cwnd_usage_seq (2022) */
	bool is_cwnd_limited;
};

/* Returns a static name of form f ("2014", "2020", "2022" or "?"). */
const char *tsq_cwnd_form_name(enum tsq_cwnd_form f);

/* Looks up a form by name. Returns TSQ_OK, TSQ_ERR_NOENT or TSQ_ERR_INVAL. */
int tsq_cwnd_form_from_name(const char *name, enum tsq_cwnd_form *out);

/* Zeroes st (tcp_disconnect()/socket creation state). */
void tsq_cwnd_state_init(struct tsq_cwnd_state *st);

/*
 * tsq_cwnd_validate - window tracking after a send attempt.
 * Returns TSQ_OK or TSQ_ERR_INVAL. Kernel: the first block of
 * tcp_cwnd_validate() (net/ipv4/tcp_output.c). 2014 (ca8a22634381):
 * if (!before(snd_una, max_packets_seq) || packets_out > max_packets_out)
 * { max_packets_out = packets_out; max_packets_seq = snd_nxt;
 *   is_cwnd_limited = limited; } 2020 (299bcb55ecd1) adds "|| limited".
 * 2022 (f4ce91ce12a7): if (!before(snd_una, cwnd_usage_seq) || limited ||
 * (!is_cwnd_limited && packets_out > max_packets_out)) update all three.
 * Sequence comparison is the kernel's before() (u32 wrap-around). The
 * RFC 2861 idle part (snd_cwnd_used, tcp_cwnd_application_limited) is not
 * modelled.
 */
int tsq_cwnd_validate(enum tsq_cwnd_form form, struct tsq_cwnd_state *st,
		      bool is_cwnd_limited, u32 snd_una, u32 snd_nxt, u32 packets_out);

/*
 * tsq_write_xmit_cwnd - the tail of tcp_write_xmit() that feeds
 * tsq_cwnd_validate(): is_cwnd_limited |= (in_flight >= cwnd); 2014 form
 * validates only when sent_pkts > 0, 2020/2022 also when cwnd-limited
 * (299bcb55ecd1). loop_cwnd_limited is true when the send loop stopped on
 * cwnd (tcp_cwnd_test() == 0 or TSO deferral on cwnd); a loop stopped by
 * TSQ passes false. Returns TSQ_OK or TSQ_ERR_INVAL.
 */
int tsq_write_xmit_cwnd(enum tsq_cwnd_form form, struct tsq_cwnd_state *st,
			u32 sent_pkts, bool loop_cwnd_limited, u32 in_flight,
			u32 cwnd, u32 snd_una, u32 snd_nxt, u32 packets_out);

/*
 * tsq_is_cwnd_limited - may the congestion control grow cwnd?
 * Kernel: tcp_is_cwnd_limited() (include/net/tcp.h). 2014/2020: in slow
 * start (cwnd < ssthresh) return cwnd < 2 * max_packets_out, else
 * is_cwnd_limited. 2022 (f4ce91ce12a7): is_cwnd_limited first, then the
 * slow-start test, else false. 2 * max_packets_out is computed in 64
 * bits (the kernel's u32 would wrap only above 2^31 packets).
 */
bool tsq_is_cwnd_limited(enum tsq_cwnd_form form, const struct tsq_cwnd_state *st,
			 u32 cwnd, u32 ssthresh);

/*
 * tsq_cwnd_test - segments the congestion window still lets one skb carry.
 * Returns 0 when @in_flight >= @cwnd (cwnd-limited), else
 * min(max(cwnd >> 1, 1), cwnd - in_flight).
 * Kernel: tcp_cwnd_test() (net/ipv4/tcp_output.c); the half-cwnd bound is
 * d649a7a81f3b ("tcp: limit GSO packets to half cwnd", 3.17), so every
 * profile (4.14 on) has it. The FIN exception (one-segment FIN always
 * allowed) is the caller's: ns-3 sends FIN through its own path.
 */
u32 tsq_cwnd_test(u32 cwnd, u32 in_flight);

/*
 * tsq_slow_start - slow start's growth on one ACK: *@cwnd grows by @acked
 * packets but not past @ssthresh (nor @cwnd_clamp); returns the acked
 * packets left over, which the congestion control spends in congestion
 * avoidance on the same ACK. Kernel: tcp_slow_start() (net/ipv4/tcp_cong.c)
 * in the form of e73ebb0881ea ("tcp: stretch ACK fixes prep", 4.0), so in
 * every profile: a stretch ACK of many segments must not carry cwnd far
 * past ssthresh in one step. The kernel calls it only in slow start
 * (cwnd < ssthresh); here, out of slow start, nothing changes and @acked
 * is returned whole (the kernel's u32 would wrap). The sum is taken in 64
 * bits.
 */
u32 tsq_slow_start(u32 *cwnd, u32 ssthresh, u32 acked, u32 cwnd_clamp);

/*
 * tsq_slow_start_bytes - tsq_slow_start() on a cwnd and ssthresh counted
 * in bytes (ns-3's unit): @acked segments of @mss bytes grow *@cwnd up to
 * @ssthresh; returns the whole segments left for congestion avoidance on
 * the same ACK. The kernel counts packets (tcp_slow_start(), e73ebb0881ea);
 * with cwnd and ssthresh whole multiples of @mss the result is the same,
 * and a partial segment left over is not spent, as the kernel has none.
 * The acked bytes are capped at 2^32-1 and no clamp applies (ns-3 has no
 * snd_cwnd_clamp). @mss 0: nothing changes, @acked is returned whole.
 */
u32 tsq_slow_start_bytes(u32 *cwnd, u32 ssthresh, u32 acked, u32 mss);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_CWND_H */
