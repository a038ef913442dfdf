// SPDX-License-Identifier: GPL-2.0-only
/*
 * edca.c - EDCA channel access of two contenders (see tsq/edca.h).
 */
#include "tsq/edca.h"

void tsq_edca_params_init(struct tsq_edca_params *p)
{
	if (!p)
		return;
	*p = (struct tsq_edca_params){
		.slot_us = 9,
		.sifs_us = 16,
		.rx_start_us = 25,
		.aifsn = 3,
		.cw_min = 15,
		.cw_max = 1023,
		.seed = 1,
	};
}

/* A contention window is 2^ECW - 1 (the ECWmin/ECWmax fields, 9.4.2.29) */
static bool edca_cw_valid(u32 cw)
{
	return cw <= TSQ_EDCA_CW_MAX && ((cw + 1) & cw) == 0;
}

int tsq_edca_params_check(const struct tsq_edca_params *p)
{
	if (!p)
		return TSQ_ERR_INVAL;
	if (!p->slot_us || p->slot_us > TSQ_EDCA_US_MAX ||
	    p->sifs_us > TSQ_EDCA_US_MAX || p->rx_start_us > TSQ_EDCA_US_MAX)
		return TSQ_ERR_RANGE;
	if (p->aifsn < TSQ_EDCA_AIFSN_MIN || p->aifsn > TSQ_EDCA_AIFSN_MAX)
		return TSQ_ERR_RANGE;
	if (!edca_cw_valid(p->cw_min) || !edca_cw_valid(p->cw_max) ||
	    p->cw_min > p->cw_max)
		return TSQ_ERR_RANGE;
	return TSQ_OK;
}

/* xorshift64* (Vigna), then a uniform draw in 0..cw by the high bits */
static u32 edca_draw(struct tsq_edca *e, u32 cw)
{
	u64 x = e->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	e->rng = x;
	return (u32)((((x * 0x2545f4914f6cdd1dULL) >> 32) * ((u64)cw + 1)) >> 32);
}

int tsq_edca_init(struct tsq_edca *e, const struct tsq_edca_params *p,
		  u64 start_us)
{
	int err = tsq_edca_params_check(p);
	u32 w;

	if (!e)
		return TSQ_ERR_INVAL;
	if (err)
		return err;
	*e = (struct tsq_edca){ .p = *p, .idle_us = start_us };
	e->rng = p->seed ? p->seed : 0x9e3779b97f4a7c15ULL;
	for (w = 0; w < TSQ_EDCA_N; w++) {
		e->ac[w].cw = p->cw_min;
		e->ac[w].backoff = edca_draw(e, p->cw_min);
		e->ac[w].ref_us = start_us;
	}
	return TSQ_OK;
}

u32 tsq_edca_aifs_us(const struct tsq_edca_params *p)
{
	return p->sifs_us + p->aifsn * p->slot_us;
}

u64 tsq_edca_access_us(const struct tsq_edca *e, enum tsq_edca_who who,
		       u64 now_us)
{
	const struct tsq_edca_ac *ac = &e->ac[who];
	u64 t = ac->ref_us + tsq_edca_aifs_us(&e->p) + (u64)ac->backoff * e->p.slot_us;
	u64 earliest = now_us > e->idle_us ? now_us : e->idle_us;

	return t > earliest ? t : earliest;
}

int tsq_edca_next(const struct tsq_edca *e, u64 now_us, u32 ready,
		  struct tsq_edca_grant *g)
{
	u32 w;

	if (!e || !g || ready >> TSQ_EDCA_N)
		return TSQ_ERR_INVAL;
	if (!ready)
		return TSQ_ERR_RANGE;
	*g = (struct tsq_edca_grant){ .start_us = UINT64_MAX };
	for (w = 0; w < TSQ_EDCA_N; w++) {
		u64 t;

		if (!(ready & TSQ_EDCA_BIT(w)))
			continue;
		t = tsq_edca_access_us(e, (enum tsq_edca_who)w, now_us);
		if (t < g->start_us) {
			g->start_us = t;
			g->who = TSQ_EDCA_BIT(w);
		} else if (t == g->start_us) {
			g->who |= TSQ_EDCA_BIT(w);
		}
	}
	return TSQ_OK;
}

/* The slots @ac counted down from its AIFS's end until @t (none before) */
static u64 edca_slots_counted(const struct tsq_edca *e,
			      const struct tsq_edca_ac *ac, u64 t)
{
	u64 from = ac->ref_us + tsq_edca_aifs_us(&e->p);

	return t > from ? (t - from) / e->p.slot_us : 0;
}

/* A counter freezes at what it has not counted down by @t */
static void edca_freeze(const struct tsq_edca *e, struct tsq_edca_ac *ac, u64 t)
{
	u64 n = edca_slots_counted(e, ac, t);

	ac->backoff = n >= ac->backoff ? 0 : ac->backoff - (u32)n;
}

/* After its TXOP: CW reset on success, doubled (to CWmax) on a failure,
 * and a fresh counter drawn from it */
static void edca_redraw(struct tsq_edca *e, struct tsq_edca_ac *ac, bool ok)
{
	u32 doubled = 2 * ac->cw + 1;	/* 2 (CW + 1) - 1 */

	if (ok)
		ac->cw = e->p.cw_min;
	else
		ac->cw = doubled > e->p.cw_max ? e->p.cw_max : doubled;
	ac->backoff = edca_draw(e, ac->cw);
}

static bool edca_tx_valid(const struct tsq_edca_tx *tx)
{
	return tx->ppdu_us && tx->ppdu_us <= TSQ_EDCA_TX_US_MAX &&
	       tx->resp_us <= TSQ_EDCA_TX_US_MAX;
}

int tsq_edca_txop(struct tsq_edca *e, const struct tsq_edca_grant *g,
		  const struct tsq_edca_tx tx[TSQ_EDCA_N],
		  struct tsq_edca_txop *out)
{
	u64 idle, timeout;
	u32 w;

	if (!e || !g || !tx || !out || !g->who || g->who >> TSQ_EDCA_N)
		return TSQ_ERR_INVAL;
	if (g->start_us < e->idle_us)
		return TSQ_ERR_RANGE;
	for (w = 0; w < TSQ_EDCA_N; w++)
		if ((g->who & TSQ_EDCA_BIT(w)) && !edca_tx_valid(&tx[w]))
			return TSQ_ERR_RANGE;
	*out = (struct tsq_edca_txop){
		.who = g->who,
		.start_us = g->start_us,
		.collision = g->who == (TSQ_EDCA_BIT(TSQ_EDCA_N) - 1),
	};
	timeout = e->p.sifs_us + e->p.slot_us + e->p.rx_start_us;
	idle = g->start_us;
	for (w = 0; w < TSQ_EDCA_N; w++) {
		u64 ppdu_end = g->start_us + tx[w].ppdu_us;

		if (!(g->who & TSQ_EDCA_BIT(w)))
			continue;
		out->ok[w] = !out->collision;
		out->end_us[w] = ppdu_end + (out->ok[w] ? tx[w].resp_us : timeout);
		if (out->ok[w] && out->end_us[w] > idle)
			idle = out->end_us[w];
		if (ppdu_end > idle)
			idle = ppdu_end;
	}
	out->idle_us = idle;
	for (w = 0; w < TSQ_EDCA_N; w++) {
		struct tsq_edca_ac *ac = &e->ac[w];

		if (g->who & TSQ_EDCA_BIT(w)) {
			edca_redraw(e, ac, out->ok[w]);
			ac->ref_us = out->end_us[w] > idle ? out->end_us[w] : idle;
		} else {
			edca_freeze(e, ac, g->start_us);
			ac->ref_us = idle;
		}
	}
	e->idle_us = idle;
	e->txops++;
	e->collisions += out->collision;
	return TSQ_OK;
}
