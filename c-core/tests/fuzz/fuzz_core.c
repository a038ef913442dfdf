// SPDX-License-Identifier: GPL-2.0-only
/*
 * fuzz_core.c - libFuzzer harness over the public API of the TSQ core.
 * Interprets the input as a sequence of operations on one socket and
 * checks invariants: queued == charged - released, never negative, one
 * resume per throttle, limits monotonic in the rate, RTT samples and
 * srtt never negative or zero.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tsq/tsq.h"

struct rd {
	const uint8_t *p;
	size_t n;
};

static uint64_t take(struct rd *r, unsigned int bytes)
{
	uint64_t v = 0;

	while (bytes--) {
		v <<= 8;
		if (r->n) {
			v |= *r->p++;
			r->n--;
		}
	}
	return v;
}

#define ASSERT(c) do { if (!(c)) abort(); } while (0)

static void op_limit(struct rd *r)
{
	struct tsq_limit_in in = {
		.rule = (enum tsq_rule)(take(r, 1) % (TSQ_RULE__COUNT + 1)),
		.pacing_rate = take(r, 8),
		.pacing_shift = (u32)take(r, 1) % 40,
		.truesize = (u32)take(r, 4),
		.limit_output_bytes = (u32)take(r, 4),
		.factor = (u32)take(r, 1) % 3,
		.floor = take(r, 4),
		.paced = take(r, 1) & 1,
		.tx_delay_us = (u32)take(r, 3),
	};
	u64 a, b;
	int e1 = tsq_limit(&in, &a);

	if (e1)
		return;
	if (in.pacing_rate < UINT64_MAX) {
		in.pacing_rate++;
		ASSERT(tsq_limit(&in, &b) == 0 && b >= a);
	}
}

static void op_pacing(struct rd *r)
{
	struct tsq_pacing_in in = {
		.mss = (u32)take(r, 4), .cwnd = (u32)take(r, 4),
		.packets_out = (u32)take(r, 4), .ssthresh = (u32)take(r, 4),
		.srtt_x8_us = (u32)take(r, 4), .ss_ratio = (u32)take(r, 2),
		.ca_ratio = (u32)take(r, 2), .max_pacing_rate = take(r, 8),
		.width = (enum tsq_rate_width)(take(r, 1) % 3),
	};
	u64 rate;

	if (tsq_update_pacing_rate(&in, &rate) == 0) {
		ASSERT(rate <= in.max_pacing_rate);
		if (in.width == TSQ_RATE_U32)
			ASSERT(rate <= 0xffffffffULL);
	}
}

static void op_tso(struct rd *r)
{
	struct tsq_tso_in in = {
		.form = (enum tsq_tso_form)(take(r, 1) % (TSQ_TSO__COUNT + 1)),
		.pacing_rate = take(r, 8), .pacing_shift = (u32)take(r, 1) % 40,
		.mss = (u32)take(r, 4), .gso_max_size = (u32)take(r, 4),
		.gso_max_segs = (u32)take(r, 4), .min_tso_segs = (u32)take(r, 2),
		.max_tcp_header = (u32)take(r, 2), .min_rtt_us = (u32)take(r, 4),
		.tso_rtt_log = (u32)take(r, 1),
	};
	u32 segs;

	if (tsq_tso_autosize(&in, &segs) == 0)
		ASSERT(segs <= in.gso_max_segs || segs <= in.min_tso_segs);
	(void)tsq_skb_truesize(&tsq_truesize_linux_6_18, (u32)take(r, 4));
}

static void op_cwnd(struct rd *r, struct tsq_cwnd_state *st)
{
	enum tsq_cwnd_form f = (enum tsq_cwnd_form)(take(r, 1) % (TSQ_CWND__COUNT + 1));

	(void)tsq_write_xmit_cwnd(f, st, (u32)take(r, 1), take(r, 1) & 1, (u32)take(r, 2),
				  (u32)take(r, 2), (u32)take(r, 4), (u32)take(r, 4), (u32)take(r, 2));
	(void)tsq_is_cwnd_limited(f, st, (u32)take(r, 4), (u32)take(r, 4));
	{
		u32 cwnd = (u32)take(r, 4), ssthresh = (u32)take(r, 4);
		u32 acked = (u32)take(r, 4), clamp = (u32)take(r, 4);
		u32 before = cwnd, left = tsq_slow_start(&cwnd, ssthresh, acked, clamp);

		/* the leftover never exceeds the ACK; from slow start cwnd
		 * never passes ssthresh nor the clamp */
		ASSERT(left <= acked);
		if (before < ssthresh) {
			ASSERT(cwnd <= ssthresh && cwnd <= clamp);
		} else {
			ASSERT(cwnd == before && left == acked);
		}
	}
}

/* One skb of tcp_write_xmit: its size and its segments' charges add up. */
static void op_xmit(struct rd *r)
{
	struct tsq_xmit_in in = {
		.mss = (u32)take(r, 2), .cwnd = (u32)take(r, 4), .in_flight = (u32)take(r, 4),
		.autosize_segs = (u32)take(r, 2), .window = (u32)take(r, 4),
		.data = (u32)take(r, 4), .committed = (u32)take(r, 4),
		.tso = take(r, 1) & 1, .retransmit = take(r, 1) & 1,
		.software_gso = take(r, 1) & 1, .max_tcp_header = (u32)take(r, 2),
		.truesize = (take(r, 1) & 1) ? &tsq_truesize_linux_6_18
					     : &tsq_truesize_linux_4_14_est,
	};
	struct tsq_xmit_skb skb;
	u64 sum = 0;
	u32 i, sent = 0;

	if (tsq_write_xmit_skb(&in, &skb) != TSQ_OK) {
		ASSERT(in.mss == 0);
		return;
	}
	/* never more than is queued; a segment per mss or part of one */
	ASSERT(skb.bytes <= in.data);
	ASSERT((skb.segs == 0) == (skb.bytes == 0));
	ASSERT(skb.bytes || skb.truesize == 0);
	if (skb.segs > 64)
		return;
	for (i = 0; i < skb.segs; i++) {
		u32 seg = skb.bytes - sent < in.mss ? skb.bytes - sent : in.mss;

		sum += tsq_xmit_segment_charge(&skb, i, seg, in.max_tcp_header);
		sent += seg;
	}
	/* without the cut the shares add up to the skb's truesize exactly */
	if (!skb.gso_cut)
		ASSERT(sum == skb.truesize);
}

/* One ACK of the delivery-rate sampler over random skbs and clocks. */
static void op_rate(struct rd *r, struct tsq_rate_conn *tp, struct tsq_rate_skb *skbs)
{
	struct tsq_rate_sample rs;
	u64 now = take(r, 5);
	u32 min_rtt = (u32)take(r, 3);
	unsigned int i, n = (unsigned int)take(r, 1) % 5;

	for (i = 0; i < n; i++)
		tsq_rate_skb_sent(tp, &skbs[i], take(r, 5), (u32)take(r, 2));
	(void)tsq_rate_check_app_limited(tp, (u32)take(r, 4), (u32)take(r, 4), (u32)take(r, 2),
					 take(r, 3), take(r, 3), take(r, 3), take(r, 2),
					 take(r, 2));
	tsq_rate_sample_init(&rs);
	tsq_rate_delivered_add(tp, (u32)take(r, 2), now);
	for (i = 0; i < n; i++)
		tsq_rate_skb_delivered(tp, &skbs[i], take(r, 5), take(r, 1) & 1, take(r, 1) & 1,
				       &rs);
	tsq_rate_gen(tp, now, (u32)take(r, 2), (u32)take(r, 2), take(r, 1) & 1, min_rtt, &rs);
	/* A sample is invalid, or at least min_rtt long with a count. */
	ASSERT(rs.interval_us == -1 || (rs.interval_us >= (s64)min_rtt && rs.delivered >= 0));
	(void)tsq_rate_sample_bw(&rs, take(r, 4));
}

/* One ACK of the RTT estimator over random skbs, echoes and clocks. */
static void op_rtt(struct rd *r, struct tsq_rtt *rtt)
{
	struct tsq_rtt_ack a;
	struct tsq_rtt_ack_in in;
	struct tsq_rtt_ack_out out;
	unsigned int i, n = (unsigned int)take(r, 1) % 6;
	u32 prior_min = tsq_min_rtt(rtt);

	tsq_rtt_ack_init(&a);
	tsq_rtt_ack_in_init(&in);
	for (i = 0; i < n; i++) {
		u8 kind = (u8)take(r, 1);

		if (kind & 1)
			tsq_rtt_sack_skb(&a, take(r, 5), kind & 2);
		else
			tsq_rtt_ack_skb(&a, take(r, 5), kind & 2, kind & 4);
	}
	in.form = (enum tsq_rtt_form)(take(r, 1) % (TSQ_RTT__COUNT + 1));
	in.now_us = take(r, 5);
	in.now_ms = (u32)take(r, 4);
	in.data_acked = take(r, 1) & 1;
	in.ts_echo = take(r, 1) & 1;
	in.ts_delta_ms = (u32)take(r, 4);
	in.snd_una = (u32)take(r, 4);
	in.snd_nxt = (u32)take(r, 4);
	if (tsq_ack_update_rtt(rtt, &a, &in, &out) != 0) {
		ASSERT(in.form >= TSQ_RTT__COUNT);
		return;
	}
	ASSERT(out.seq_rtt_us >= -1 && out.ca_rtt_us >= -1);
	if (out.updated) {
		ASSERT(out.seq_rtt_us >= 0 && out.ca_rtt_us >= 0);
		ASSERT(rtt->srtt_us >= 1);
		ASSERT(tsq_min_rtt(rtt) <= (out.ca_rtt_us ? (u64)out.ca_rtt_us : 1000U) ||
		       tsq_min_rtt(rtt) <= prior_min);
	}
}

/* A few cycles of the gate schedule: time never goes back, a slot's
 * frames leave between its open and its end. */
static void op_gate(struct rd *r)
{
	struct tsq_gate_params p;
	struct tsq_gate g;
	struct tsq_gate_slot s;
	struct tsq_gate_ack a;
	unsigned int i, n = (unsigned int)take(r, 1) % 16;
	u64 last;

	tsq_gate_params_init(&p);
	p.rate_bps = take(r, 5);
	p.overhead_us = (u32)take(r, 3);
	p.ack_gap_us = (u32)take(r, 2);
	p.ack_txop_us = (u32)take(r, 2);
	p.gap_us = (u32)take(r, 2);
	p.idle_poll_us = (u32)take(r, 2);
	p.max_frames = (u32)take(r, 2);
	p.lost_permille = (u32)take(r, 2);
	p.release = (enum tsq_gate_release)(take(r, 1) % 3);
	p.seed = take(r, 8);
	if (tsq_gate_init(&g, &p, take(r, 4)) != 0)
		return;
	last = g.next_open_us;
	for (i = 0; i < n; i++) {
		u32 frames = tsq_gate_slot_frames(&g, (u32)take(r, 2));
		u32 bytes = frames ? (u32)take(r, 3) : 0;

		ASSERT(frames <= p.max_frames);
		ASSERT(tsq_gate_open(&g, frames, bytes, &s) == 0);
		ASSERT(s.open_us >= last && s.end_us >= s.open_us);
		ASSERT(s.release_us >= s.open_us && s.release_us <= s.end_us);
		last = s.open_us;
		if (g.ack_due) {
			ASSERT(g.ack_open_us >= s.end_us);
			ASSERT(tsq_gate_ack_open(&g, (u32)take(r, 1), &a) == 0);
			ASSERT(a.release_us >= a.open_us);
		}
		ASSERT(g.next_open_us > s.open_us);
	}
}

/* EDCA contention: the medium's idle time never goes back, a start is
 * never before it, counters stay within their windows */
static void op_edca(struct rd *r)
{
	struct tsq_edca_params p;
	struct tsq_edca e;
	struct tsq_edca_grant g;
	struct tsq_edca_txop t;
	struct tsq_edca_tx tx[TSQ_EDCA_N];
	unsigned int i, w, n = (unsigned int)take(r, 1) % 16;

	tsq_edca_params_init(&p);
	p.slot_us = (u32)take(r, 2);
	p.sifs_us = (u32)take(r, 2);
	p.aifsn = (u32)take(r, 1);
	p.cw_min = (1u << (take(r, 1) % 16)) - 1;
	p.cw_max = (1u << (take(r, 1) % 16)) - 1;
	p.seed = take(r, 8);
	if (tsq_edca_init(&e, &p, take(r, 4)) != 0)
		return;
	for (i = 0; i < n; i++) {
		u32 ready = (u32)take(r, 1) % 4;
		u64 now = e.idle_us + take(r, 2), idle = e.idle_us;

		for (w = 0; w < TSQ_EDCA_N; w++) {
			tx[w].ppdu_us = (u32)take(r, 2);
			tx[w].resp_us = (u32)take(r, 2);
		}
		if (tsq_edca_next(&e, now, ready, &g) != 0) {
			ASSERT(!ready);
			continue;
		}
		ASSERT(g.who && (g.who & ~ready) == 0 && g.start_us >= now);
		if (tsq_edca_txop(&e, &g, tx, &t) != 0)
			continue;
		ASSERT(t.idle_us >= g.start_us && e.idle_us >= idle);
		for (w = 0; w < TSQ_EDCA_N; w++) {
			ASSERT(e.ac[w].cw <= p.cw_max && e.ac[w].backoff <= e.ac[w].cw);
			ASSERT(e.ac[w].ref_us >= e.idle_us);
		}
	}
}

/* Airtime and ath9k's aggregates: never shorter than the preamble, never
 * more subframes than allowed or queued */
static void op_ath(struct rd *r)
{
	struct tsq_ath_aggr_limits lim = { 0 };
	struct tsq_ath_aggr a;
	u32 frames[40];
	u32 i, n = (u32)take(r, 1) % 41, len = (u32)take(r, 3);

	lim.rate.mcs = (u8)take(r, 1);
	lim.rate.width_mhz = take(r, 1) & 1 ? 40 : 20;
	lim.rate.sgi = take(r, 1) & 1;
	lim.aggr_limit = tsq_ath_lookup_rate(&lim.rate, (u32)take(r, 2));
	lim.h_baw = (u32)take(r, 1) % 65;
	lim.mpdudensity_us = (u32)take(r, 1) % 17;
	for (i = 0; i < n; i++)
		frames[i] = (u32)take(r, 2);
	i = tsq_ht_txtime_us(len, &lim.rate, 0);
	ASSERT(i == 0 || i >= 36);
	ASSERT(tsq_ath_max_framelen((u32)take(r, 2), &lim.rate) <= TSQ_ATH_MAX_FRAMELEN);
	if (tsq_ath_tx_form_aggr(&lim, frames, n, &a) != 0)
		return;
	ASSERT(a.nframes >= 1 && a.nframes <= n && a.nframes <= lim.h_baw);
	ASSERT(a.nframes == 1 || a.aggr_len <= lim.aggr_limit);
	ASSERT(a.aggr_len >= frames[0]);
}

/* The EDCA gate: releases never exceed what entered, in time order */
static void op_egate(struct rd *r)
{
	static struct tsq_egate g;	/* 8 KB of rings: off the stack */
	struct tsq_egate_params p;
	struct tsq_egate_release rel;
	u64 t = 0, in[2] = { 0, 0 }, out[2] = { 0, 0 };
	unsigned int i, n = (unsigned int)take(r, 1) % 32;

	tsq_egate_params_init(&p);
	p.hw_depth = 1 + (u32)take(r, 1) % TSQ_EGATE_MAX_DEPTH;
	p.completion_latency_us = (u32)take(r, 2);
	p.rate.mcs = (u8)(take(r, 1) % 32);
	p.edca.seed = take(r, 8);
	if (tsq_egate_init(&g, &p, 0) != 0)
		return;
	for (i = 0; i < n; i++) {
		u32 f = (u32)take(r, 1) & 1, k = 1 + (u32)take(r, 1) % 40;
		u32 len = 1 + (u32)take(r, 2) % 1500;
		int ret;

		t += take(r, 2);
		while ((ret = tsq_egate_poll(&g, t, &rel)) == 1) {
			ASSERT(rel.at_us <= t);
			out[rel.fifo] += rel.bytes;
			ASSERT(out[rel.fifo] <= in[rel.fifo]);
		}
		if (ret != 0)
			return;		/* a rate too slow for a frame */
		if (tsq_egate_enqueue(&g, (enum tsq_egate_fifo_id)f, t, k, k * len) == 0)
			in[f] += (u64)k * len;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct rd r = { data, size };
	struct tsq_sock sk;
	struct tsq_cwnd_state st;
	struct tsq_shift_policy pol;
	struct tsq_rate_conn rate;
	struct tsq_rate_skb skbs[4];
	struct tsq_rtt rtt;
	u64 throttles_pending = 0;
	int steps = 0;

	tsq_sock_init(&sk);
	tsq_cwnd_state_init(&st);
	tsq_rate_conn_init(&rate);
	tsq_rtt_init(&rtt, 0);
	memset(skbs, 0, sizeof(skbs));
	while (r.n && steps++ < 512) {
		unsigned int op = (unsigned int)take(&r, 1) % 16;
		int ret;

		switch (op) {
		case 0:
			ret = tsq_sock_charge(&sk, (u32)take(&r, 3));
			ASSERT(ret == 0 || ret == TSQ_ERR_RANGE);
			break;
		case 1: {
			u64 before = sk.queued;
			u32 ts = (u32)take(&r, 3);

			ret = tsq_wfree(&sk, ts);
			if (ts > before)
				ASSERT(ret == TSQ_ERR_UNDERFLOW && sk.queued == before);
			if (ret == 1) {
				ASSERT(throttles_pending);
				throttles_pending = 0;
			}
			break;
		}
		case 2: {
			struct tsq_limit_in in = {
				.rule = (enum tsq_rule)(take(&r, 1) % TSQ_RULE__COUNT),
				.pacing_rate = take(&r, 5), .pacing_shift = sk.pacing_shift,
				.truesize = (u32)take(&r, 3), .limit_output_bytes = (u32)take(&r, 3),
				.factor = (u32)take(&r, 1) & 1,
			};
			struct tsq_xmit_ctx x = {
				(enum tsq_shortcut)(take(&r, 1) % TSQ_SHORTCUT__COUNT),
				take(&r, 1) & 1, take(&r, 1) & 1,
			};

			ret = tsq_small_queue_check(&sk, &in, &x);
			ASSERT(ret == 0 || ret == 1);
			if (ret == 1) {
				ASSERT(sk.flags & TSQ_F_THROTTLED);
				throttles_pending = 1;
			}
			break;
		}
		case 3:
			tsq_handler(&sk);
			break;
		case 4:
			op_limit(&r);
			break;
		case 5:
			op_pacing(&r);
			break;
		case 6:
			op_tso(&r);
			break;
		case 7:
			op_cwnd(&r, &st);
			break;
		case 8:
			op_rate(&r, &rate, skbs);
			break;
		case 9:
			op_rtt(&r, &rtt);
			break;
		case 10:
			op_gate(&r);
			break;
		case 11:
			op_xmit(&r);
			break;
		case 12:
			op_edca(&r);
			break;
		case 13:
			op_ath(&r);
			break;
		case 14:
			op_egate(&r);
			break;
		default:
			if (tsq_shift_policy_init(&pol, (enum tsq_shift_policy_kind)(take(&r, 1) % 3),
						  (u32)take(&r, 1) % 40) == 0)
				(void)tsq_shift_policy_apply(&pol, &sk, take(&r, 1) & 1, take(&r, 1) & 1);
			ASSERT(sk.pacing_shift <= TSQ_SHIFT_MAX);
			break;
		}
		ASSERT(sk.queued == sk.charged - sk.released);
		ASSERT(sk.resumes <= sk.throttle_events);
	}
	return 0;
}
