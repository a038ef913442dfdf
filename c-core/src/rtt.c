// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtt.c - per-ACK RTT samples, srtt and the windowed min RTT as Linux
 * keeps them (see tsq/rtt.h).
 */
#include <stddef.h>

#include "list.h"
#include "tsq/rtt.h"

static const char *const tsq_rtt_form_names[TSQ_RTT__COUNT] = {
	[TSQ_RTT_4_13] = "4.13",
	[TSQ_RTT_4_20] = "4.20",
	[TSQ_RTT_6_1] = "6.1",
};

const char *tsq_rtt_form_name(enum tsq_rtt_form f)
{
	return tsq_list_name(tsq_rtt_form_names, TSQ_RTT__COUNT, (unsigned int)f);
}

u32 tsq_minmax_reset(struct tsq_minmax *m, u32 t, u32 meas)
{
	struct tsq_minmax_sample val = { .t = t, .v = meas };

	m->s[0] = val;
	m->s[1] = val;
	m->s[2] = val;
	return meas;
}

/*
 * Time moved on: a best choice older than the window gives way to the
 * next one (twice if the 2nd is old too); a window quarter (half) without
 * a 2nd (3rd) choice of its own takes the new value as one, so the three
 * stay spread over the window and an expiring best has a recent heir.
 */
static u32 tsq_minmax_subwin_update(struct tsq_minmax *m, u32 win,
				    const struct tsq_minmax_sample *val)
{
	u32 age = val->t - m->s[0].t;

	if (age > win) {
		m->s[0] = m->s[1];
		m->s[1] = m->s[2];
		m->s[2] = *val;
		if (val->t - m->s[0].t > win) {
			m->s[0] = m->s[1];
			m->s[1] = m->s[2];
			m->s[2] = *val;
		}
	} else if (m->s[1].t == m->s[0].t && age > win / 4) {
		m->s[1] = *val;
		m->s[2] = *val;
	} else if (m->s[2].t == m->s[1].t && age > win / 2) {
		m->s[2] = *val;
	}
	return m->s[0].v;
}

u32 tsq_minmax_running_min(struct tsq_minmax *m, u32 win, u32 t, u32 meas)
{
	struct tsq_minmax_sample val = { .t = t, .v = meas };

	/* A new minimum, or every choice out of the window: start over. */
	if (meas <= m->s[0].v || t - m->s[2].t > win)
		return tsq_minmax_reset(m, t, meas);
	if (meas <= m->s[1].v) {
		m->s[1] = val;
		m->s[2] = val;
	} else if (meas <= m->s[2].v) {
		m->s[2] = val;
	}
	return tsq_minmax_subwin_update(m, win, &val);
}

void tsq_rtt_init(struct tsq_rtt *r, u32 now_ms)
{
	if (!r)
		return;
	*r = (struct tsq_rtt){0};
	tsq_minmax_reset(&r->rtt_min, now_ms, TSQ_MIN_RTT_UNKNOWN);
}

void tsq_rtt_estimator(struct tsq_rtt *r, u32 mrtt_us, u32 snd_una, u32 snd_nxt,
		       u32 rto_min_us)
{
	s64 m = mrtt_us;	/* the kernel's long */
	u32 srtt;

	if (!r)
		return;
	srtt = r->srtt_us;
	if (srtt != 0) {
		m -= srtt >> 3;			/* error of the estimate */
		srtt = (u32)((s64)srtt + m);	/* srtt += err / 8 (scaled) */
		if (m < 0) {
			/* RTT fell: finer mdev gain, 1/32 (the Eifel-like twist) */
			m = -m;
			m -= r->mdev_us >> 2;
			if (m > 0)
				m >>= 3;
		} else {
			m -= r->mdev_us >> 2;
		}
		r->mdev_us = (u32)((s64)r->mdev_us + m);
		if (r->mdev_us > r->mdev_max_us) {
			r->mdev_max_us = r->mdev_us;
			if (r->mdev_max_us > r->rttvar_us)
				r->rttvar_us = r->mdev_max_us;
		}
		/* Once per RTT: rttvar decays towards that RTT's max mdev. */
		if (tsq_after(snd_una, r->rtt_seq)) {
			if (r->mdev_max_us < r->rttvar_us)
				r->rttvar_us -= (r->rttvar_us - r->mdev_max_us) >> 2;
			r->rtt_seq = snd_nxt;
			r->mdev_max_us = rto_min_us;
		}
	} else {
		/* First sample: srtt = m, mdev = 2 m, so the RTO starts at 3 RTT. */
		srtt = (u32)(m << 3);
		r->mdev_us = (u32)(m << 1);
		r->rttvar_us = r->mdev_us > rto_min_us ? r->mdev_us : rto_min_us;
		r->mdev_max_us = r->rttvar_us;
		r->rtt_seq = snd_nxt;
	}
	r->srtt_us = srtt > 1 ? srtt : 1;
	r->samples++;
}

void tsq_rtt_ack_init(struct tsq_rtt_ack *a)
{
	if (a)
		*a = (struct tsq_rtt_ack){0};
}

void tsq_rtt_ack_skb(struct tsq_rtt_ack *a, u64 xmit_us, bool ever_retrans,
		     bool was_sacked)
{
	if (!a)
		return;
	if (ever_retrans) {
		a->retrans_data_acked = true;
	} else if (!was_sacked && xmit_us) {
		a->last_ackt = xmit_us;
		if (!a->first_ackt)
			a->first_ackt = xmit_us;
	}
}

void tsq_rtt_sack_skb(struct tsq_rtt_ack *a, u64 xmit_us, bool ever_retrans)
{
	if (!a || ever_retrans || !xmit_us)
		return;
	if (!a->first_sackt)
		a->first_sackt = xmit_us;
	a->last_sackt = xmit_us;
}

void tsq_rtt_ack_in_init(struct tsq_rtt_ack_in *in)
{
	if (!in)
		return;
	*in = (struct tsq_rtt_ack_in){0};
	in->form = TSQ_RTT_6_1;
	in->rto_min_us = TSQ_RTO_MIN_US;
	in->min_rtt_wlen_ms = TSQ_MIN_RTT_WLEN_MS;
}

/* tcp_stamp_us_delta(): max(t1 - t0, 0) as the u32 the callers store */
static u32 tsq_rtt_us_delta(u64 t1, u64 t0)
{
	return t1 > t0 ? (u32)(t1 - t0) : 0;
}

/* The TS-ECR sample of tcp_ack_update_rtt(), -1 when the form refuses it */
static s64 tsq_rtt_from_echo(enum tsq_rtt_form form, u32 delta_ms)
{
	const u32 us_per_tick = TSQ_USEC_PER_SEC / 1000U;

	if (form == TSQ_RTT_4_13)
		return (u32)(delta_ms * us_per_tick);	/* u32 product, as then */
	if (delta_ms >= 0x7fffffffU / us_per_tick)
		return -1;
	if (form == TSQ_RTT_6_1 && delta_ms == 0)
		delta_ms = 1;
	return (s64)delta_ms * us_per_tick;
}

int tsq_ack_update_rtt(struct tsq_rtt *r, const struct tsq_rtt_ack *a,
		       const struct tsq_rtt_ack_in *in, struct tsq_rtt_ack_out *out)
{
	s64 seq_rtt = -1, ca_rtt = -1, sack_rtt = -1;
	u32 min_meas;

	if (!r || !a || !in || !out || (unsigned int)in->form >= TSQ_RTT__COUNT)
		return TSQ_ERR_INVAL;

	/* tcp_clean_rtx_queue(): Karn forbids a sample once retransmitted
	 * data is acked. */
	if (a->first_ackt && !a->retrans_data_acked) {
		seq_rtt = tsq_rtt_us_delta(in->now_us, a->first_ackt);
		ca_rtt = tsq_rtt_us_delta(in->now_us, a->last_ackt);
	}
	if (a->first_sackt) {
		sack_rtt = tsq_rtt_us_delta(in->now_us, a->first_sackt);
		ca_rtt = tsq_rtt_us_delta(in->now_us, a->last_sackt);
	}

	/* tcp_ack_update_rtt() */
	if (seq_rtt < 0)
		seq_rtt = sack_rtt;
	if (seq_rtt < 0 && in->ts_echo && in->data_acked) {
		s64 ts = tsq_rtt_from_echo(in->form, in->ts_delta_ms);

		if (ts >= 0) {
			seq_rtt = ts;
			ca_rtt = ts;
		}
	}
	out->seq_rtt_us = seq_rtt;
	out->ca_rtt_us = ca_rtt;
	out->sack_rtt_us = sack_rtt;
	out->updated = false;
	if (seq_rtt < 0)
		return TSQ_OK;

	/* tcp_update_rtt_min(): a 0 us sample counts as one jiffy. */
	min_meas = (u32)ca_rtt ? (u32)ca_rtt : TSQ_USEC_PER_SEC / 1000U;
	tsq_minmax_running_min(&r->rtt_min, in->min_rtt_wlen_ms, in->now_ms, min_meas);
	tsq_rtt_estimator(r, (u32)seq_rtt, in->snd_una, in->snd_nxt, in->rto_min_us);
	out->updated = true;
	return TSQ_OK;
}
