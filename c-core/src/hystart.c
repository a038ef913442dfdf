// SPDX-License-Identifier: GPL-2.0-only
/*
 * hystart.c - CUBIC's hybrid slow start, 4.x and 5.6 forms (see
 * tsq/hystart.h).
 */
#include <stddef.h>
#include <string.h>

#include "list.h"
#include "tsq/hystart.h"

/* net/ipv4/tcp_cubic.c module parameters and constants */
#define HYSTART_LOW_WINDOW	16U
#define HYSTART_MIN_SAMPLES	8U
#define HYSTART_ACK_DELTA_MS	2U		/* 4.x: ms */
#define HYSTART_ACK_DELTA_US	2000U		/* 5.6: hystart_ack_delta_us */
#define HYSTART_DELAY_MIN_X8	(4U << 3)	/* 4.x: 1/8 ms */
#define HYSTART_DELAY_MAX_X8	(16U << 3)
#define HYSTART_DELAY_MIN_US	4000U		/* 5.6: us */
#define HYSTART_DELAY_MAX_US	16000U

static const char *const tsq_hystart_form_names[TSQ_HYSTART__COUNT] = {
	[TSQ_HYSTART_4_X] = "4.x",
	[TSQ_HYSTART_5_6] = "5.6",
};

const char *tsq_hystart_form_name(enum tsq_hystart_form f)
{
	return tsq_list_name(tsq_hystart_form_names, TSQ_HYSTART__COUNT, (unsigned int)f);
}

int tsq_hystart_form_from_name(const char *name, enum tsq_hystart_form *out)
{
	unsigned int i;
	int r;

	if (!out)
		return TSQ_ERR_INVAL;
	r = tsq_list_find(tsq_hystart_form_names, TSQ_HYSTART__COUNT, name, &i);
	if (r == TSQ_OK)
		*out = (enum tsq_hystart_form)i;
	return r;
}

/* The form's clock: bictcp_clock() in ms (4.x) or bictcp_clock_us() */
static u32 tsq_hystart_clock(const struct tsq_hystart *h, u64 now_us)
{
	return (u32)(h->form == TSQ_HYSTART_4_X ? now_us / 1000 : now_us);
}

/* bictcp_hystart_reset(): a new round */
static void tsq_hystart_round(struct tsq_hystart *h, u64 now_us, u32 snd_nxt)
{
	h->round_start = h->last_ack = tsq_hystart_clock(h, now_us);
	h->end_seq = snd_nxt;
	/* 4.x keeps "no sample" as 0, 5.6 as ~0U (so min() needs no test) */
	h->curr_rtt = h->form == TSQ_HYSTART_4_X ? 0 : ~0U;
	h->sample_cnt = 0;
}

void tsq_hystart_init(struct tsq_hystart *h, enum tsq_hystart_form form, u64 now_us,
		      u32 snd_nxt)
{
	if (!h)
		return;
	*h = (struct tsq_hystart){0};
	h->form = (unsigned int)form < TSQ_HYSTART__COUNT ? form : TSQ_HYSTART_5_6;
	tsq_hystart_round(h, now_us, snd_nxt);
}

void tsq_hystart_cong_avoid(struct tsq_hystart *h, u64 now_us, u32 ack, u32 snd_nxt)
{
	if (!h || h->form != TSQ_HYSTART_4_X || !tsq_after(ack, h->end_seq))
		return;
	tsq_hystart_round(h, now_us, snd_nxt);
}

/* 4.x hystart_update(): ms clock, 1/8 ms delays, either test may fire */
static bool tsq_hystart_update_4x(struct tsq_hystart *h, const struct tsq_hystart_ack *a,
				  u32 delay)
{
	u32 now = tsq_hystart_clock(h, a->now_us);
	u32 thresh;

	if (h->found)
		return false;
	if ((s32)(now - h->last_ack) <= (s32)HYSTART_ACK_DELTA_MS) {
		h->last_ack = now;
		/* the train is longer than half the min delay (>> 4: 1/8 ms
		 * units halved, in ms) */
		if ((s32)(now - h->round_start) > (s32)(h->delay_min >> 4))
			h->found |= TSQ_HYSTART_ACK_TRAIN;
	}
	if (h->sample_cnt < HYSTART_MIN_SAMPLES) {
		if (h->curr_rtt == 0 || h->curr_rtt > delay)
			h->curr_rtt = delay;
		h->sample_cnt++;
	} else {
		thresh = h->delay_min >> 3;
		thresh = thresh < HYSTART_DELAY_MIN_X8 ? HYSTART_DELAY_MIN_X8 : thresh;
		thresh = thresh > HYSTART_DELAY_MAX_X8 ? HYSTART_DELAY_MAX_X8 : thresh;
		if (h->curr_rtt > h->delay_min + thresh)
			h->found |= TSQ_HYSTART_DELAY;
	}
	return h->found != 0;
}

/* hystart_ack_delay(): four GSO skbs' time at the pacing rate, <= 1 ms */
static u32 tsq_hystart_ack_delay(const struct tsq_hystart_ack *a)
{
	u64 d;

	if (!a->pacing_rate)
		return 0;
	d = (u64)a->gso_max_size * 4 * TSQ_USEC_PER_SEC / a->pacing_rate;
	return d < 1000 ? (u32)d : 1000U;
}

/* 5.6 hystart_update(): us clock, a new round when snd_una passed its end */
static bool tsq_hystart_update_56(struct tsq_hystart *h, const struct tsq_hystart_ack *a,
				  u32 delay)
{
	u32 now = tsq_hystart_clock(h, a->now_us);
	u32 threshold;

	if (tsq_after(a->snd_una, h->end_seq))
		tsq_hystart_round(h, a->now_us, a->snd_nxt);
	if (a->cwnd < HYSTART_LOW_WINDOW)
		return false;
	if ((s32)(now - h->last_ack) <= (s32)HYSTART_ACK_DELTA_US) {
		h->last_ack = now;
		threshold = h->delay_min + tsq_hystart_ack_delay(a);
		/* without pacing a round's packets leave at once: half */
		if (!a->paced)
			threshold >>= 1;
		if ((s32)(now - h->round_start) > (s32)threshold) {
			h->found = 1;
			return true;
		}
	}
	if (h->curr_rtt > delay)
		h->curr_rtt = delay;
	if (h->sample_cnt < HYSTART_MIN_SAMPLES) {
		h->sample_cnt++;
	} else {
		threshold = h->delay_min >> 3;
		threshold = threshold < HYSTART_DELAY_MIN_US ? HYSTART_DELAY_MIN_US : threshold;
		threshold = threshold > HYSTART_DELAY_MAX_US ? HYSTART_DELAY_MAX_US : threshold;
		if (h->curr_rtt > h->delay_min + threshold) {
			h->found = 1;
			return true;
		}
	}
	return false;
}

bool tsq_hystart_acked(struct tsq_hystart *h, const struct tsq_hystart_ack *a)
{
	const bool slow_start = a && a->cwnd < a->ssthresh;
	u32 delay;

	if (!h || !a || a->rtt_us < 0)
		return false;
	if (h->form == TSQ_HYSTART_4_X) {
		/* bictcp_acked(): 1/8 ms, at least 1 */
		delay = (u32)(((u64)a->rtt_us << 3) / 1000);
		delay = delay ? delay : 1;
		if (h->delay_min == 0 || h->delay_min > delay)
			h->delay_min = delay;
		if (!slow_start || a->cwnd < HYSTART_LOW_WINDOW)
			return false;
		return tsq_hystart_update_4x(h, a, delay);
	}
	/* cubictcp_acked(): us, at least 1 */
	delay = a->rtt_us > 0xffffffffLL ? 0xffffffffU : (u32)a->rtt_us;
	delay = delay ? delay : 1;
	if (h->delay_min == 0 || h->delay_min > delay)
		h->delay_min = delay;
	if (h->found || !slow_start)
		return false;
	return tsq_hystart_update_56(h, a, delay);
}

bool tsq_hystart_wants_pacing_rate(const struct tsq_hystart *h, u32 cwnd, u32 ssthresh)
{
	/* tsq_hystart_acked(): tsq_hystart_update_56 runs only on these terms */
	return h && h->form == TSQ_HYSTART_5_6 && !h->found && cwnd < ssthresh;
}
