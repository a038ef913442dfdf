// SPDX-License-Identifier: GPL-2.0-only
/*
 * gate.c - the emulated aggregating link's schedule (see tsq/gate.h).
 */
#include <stddef.h>
#include <string.h>

#include "list.h"
#include "tsq/gate.h"

static const char *const tsq_gate_release_names[TSQ_GATE_RELEASE__COUNT] = {
	[TSQ_GATE_RELEASE_END] = "end",
	[TSQ_GATE_RELEASE_OPEN] = "open",
};

const char *tsq_gate_release_name(enum tsq_gate_release r)
{
	return tsq_list_name(tsq_gate_release_names, TSQ_GATE_RELEASE__COUNT, (unsigned int)r);
}

int tsq_gate_release_from_name(const char *name, enum tsq_gate_release *out)
{
	unsigned int i;
	int r;

	if (!out)
		return TSQ_ERR_INVAL;
	r = tsq_list_find(tsq_gate_release_names, TSQ_GATE_RELEASE__COUNT, name, &i);
	if (r == TSQ_OK)
		*out = (enum tsq_gate_release)i;
	return r;
}

void tsq_gate_params_init(struct tsq_gate_params *p)
{
	if (!p)
		return;
	*p = (struct tsq_gate_params){
		.rate_bps = 150000000ULL,
		.overhead_us = 250,
		.ack_gap_us = 100,
		.ack_txop_us = 300,
		.gap_us = 100,
		.idle_poll_us = 100,
		.max_frames = 43,
		.lost_permille = 0,
		.release = TSQ_GATE_RELEASE_END,
		.seed = 1,
	};
}

int tsq_gate_params_check(const struct tsq_gate_params *p)
{
	if (!p || (unsigned int)p->release >= TSQ_GATE_RELEASE__COUNT)
		return TSQ_ERR_INVAL;
	if (p->rate_bps < TSQ_GATE_RATE_MIN || p->rate_bps > TSQ_GATE_RATE_MAX)
		return TSQ_ERR_RANGE;
	if (p->overhead_us > TSQ_GATE_US_MAX || p->ack_gap_us > TSQ_GATE_US_MAX ||
	    p->ack_txop_us > TSQ_GATE_US_MAX || p->gap_us > TSQ_GATE_US_MAX ||
	    p->idle_poll_us > TSQ_GATE_US_MAX)
		return TSQ_ERR_RANGE;
	/* every TXOP and every idle look takes time, or the schedule could
	 * cycle at one instant forever */
	if (p->overhead_us == 0 || p->ack_txop_us == 0 || p->idle_poll_us == 0)
		return TSQ_ERR_RANGE;
	if (p->max_frames < 1 || p->max_frames > TSQ_GATE_FRAMES_MAX)
		return TSQ_ERR_RANGE;
	if (p->lost_permille > 1000)
		return TSQ_ERR_RANGE;
	return TSQ_OK;
}

int tsq_gate_init(struct tsq_gate *g, const struct tsq_gate_params *p, u64 start_us)
{
	int err;

	if (!g)
		return TSQ_ERR_INVAL;
	err = tsq_gate_params_check(p);
	if (err)
		return err;
	*g = (struct tsq_gate){0};
	g->p = *p;
	/* xorshift64* must not start at 0 */
	g->rng = p->seed ? p->seed : 0x9e3779b97f4a7c15ULL;
	g->next_open_us = start_us;
	return TSQ_OK;
}

u64 tsq_gate_airtime_us(u64 rate_bps, u64 bytes)
{
	if (!rate_bps)
		return 0;
	return (bytes * 8 * TSQ_USEC_PER_SEC + rate_bps - 1) / rate_bps;
}

u32 tsq_gate_slot_frames(const struct tsq_gate *g, u32 queued_frames)
{
	if (!g)
		return 0;
	return queued_frames < g->p.max_frames ? queued_frames : g->p.max_frames;
}

/* xorshift64* (Vigna): one draw in 0..999 per slot that carried frames */
static u32 tsq_gate_draw_permille(struct tsq_gate *g)
{
	u64 x = g->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	g->rng = x;
	return (u32)((x * 0x2545f4914f6cdd1dULL) >> 32) % 1000U;
}

int tsq_gate_open(struct tsq_gate *g, u32 frames, u32 bytes, struct tsq_gate_slot *s)
{
	if (!g || !s || frames > g->p.max_frames || (frames == 0 && bytes != 0))
		return TSQ_ERR_INVAL;
	*s = (struct tsq_gate_slot){0};
	s->index = g->slots++;
	g->carried = frames > 0;
	s->open_us = g->next_open_us;
	s->frames = frames;
	s->bytes = bytes;
	if (frames == 0) {
		/* No TXOP: the AP may take the channel at once. */
		s->end_us = s->open_us;
		s->release_us = s->open_us;
		g->ack_open_us = s->open_us;
		g->ack_due = true;
		return TSQ_OK;
	}
	s->end_us = s->open_us + g->p.overhead_us +
		    tsq_gate_airtime_us(g->p.rate_bps, bytes);
	s->release_us = g->p.release == TSQ_GATE_RELEASE_OPEN ? s->open_us : s->end_us;
	s->lost_contention = tsq_gate_draw_permille(g) < g->p.lost_permille;
	if (s->lost_contention) {
		g->ack_due = false;
		g->next_open_us = s->end_us + g->p.gap_us;
	} else {
		g->ack_due = true;
		g->ack_open_us = s->end_us + g->p.ack_gap_us;
	}
	return TSQ_OK;
}

int tsq_gate_ack_open(struct tsq_gate *g, u32 frames, struct tsq_gate_ack *a)
{
	if (!g || !a || !g->ack_due)
		return TSQ_ERR_INVAL;
	*a = (struct tsq_gate_ack){0};
	a->open_us = g->ack_open_us;
	a->frames = frames;
	g->ack_due = false;
	if (frames) {
		a->release_us = a->open_us + g->p.ack_txop_us;
		g->next_open_us = a->release_us + g->p.gap_us;
	} else {
		a->release_us = a->open_us;
		/* the station contends again after its own TXOP; an idle one
		 * looks again later */
		g->next_open_us = a->open_us + (g->carried ? g->p.gap_us : g->p.idle_poll_us);
	}
	return TSQ_OK;
}
