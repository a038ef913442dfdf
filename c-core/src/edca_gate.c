// SPDX-License-Identifier: GPL-2.0-only
/*
 * edca_gate.c - an emulated 802.11n hop on EDCA timing (see
 * tsq/edca_gate.h).
 */
#include "tsq/edca_gate.h"

#include "tsq/ampdu.h"

void tsq_egate_params_init(struct tsq_egate_params *p)
{
	if (!p)
		return;
	*p = (struct tsq_egate_params){
		.rate = { .mcs = 7, .width_mhz = 40, .sgi = true },
		.basic_rate_mbps = 24,
		.mac_overhead_bytes = 38,
		.h_baw = 32,
		.peer_maxampdu = TSQ_HT_MAX_AMPDU_BYTES,
		.hw_depth = TSQ_ATH_AGGR_MIN_QDEPTH,
		.ap_max_frames = 64,
	};
	tsq_edca_params_init(&p->edca);
}

int tsq_egate_params_check(const struct tsq_egate_params *p)
{
	int err;

	if (!p)
		return TSQ_ERR_INVAL;
	err = tsq_edca_params_check(&p->edca);
	if (err)
		return err;
	if (!tsq_ht_ndbps(&p->rate) || !tsq_ofdm_ndbps(p->basic_rate_mbps))
		return TSQ_ERR_RANGE;
	if (!p->h_baw || p->h_baw > 256 || !p->ap_max_frames || p->ap_max_frames > 256)
		return TSQ_ERR_RANGE;
	if (!p->hw_depth || p->hw_depth > TSQ_EGATE_MAX_DEPTH)
		return TSQ_ERR_RANGE;
	if (p->mac_overhead_bytes > 256 || p->signal_ext_us > 1000000 ||
	    p->completion_latency_us > 1000000)
		return TSQ_ERR_RANGE;
	return TSQ_OK;
}

int tsq_egate_init(struct tsq_egate *g, const struct tsq_egate_params *p,
		   u64 start_us)
{
	int err = tsq_egate_params_check(p);

	if (!g)
		return TSQ_ERR_INVAL;
	if (err)
		return err;
	*g = (struct tsq_egate){ .p = *p, .now_us = start_us };
	return tsq_edca_init(&g->edca, &p->edca, start_us);
}

/* The length of frame @i from a FIFO's head */
static u32 egate_len(const struct tsq_egate_fifo *f, u32 i)
{
	return f->len[(f->head + i) % TSQ_EGATE_MAX_FRAMES];
}

static void egate_pop(struct tsq_egate_fifo *f, u32 frames, u32 bytes)
{
	f->head = (f->head + frames) % TSQ_EGATE_MAX_FRAMES;
	f->n -= frames;
	f->bytes -= bytes;
}

static void egate_set_ready(struct tsq_egate *g, enum tsq_edca_who w, bool ready)
{
	if (ready && !g->ready[w])
		g->ready_us[w] = g->now_us;
	g->ready[w] = ready;
}

/* The first aggregate not yet acknowledged, or hw_n */
static u32 egate_unsent(const struct tsq_egate *g)
{
	u32 i = 0;

	while (i < g->hw_n && g->hw[i].sent)
		i++;
	return i;
}

/* ath_txq_schedule: aggregates from what no aggregate holds yet, while
 * fewer than hw_depth are in the hardware queue */
static void egate_form(struct tsq_egate *g)
{
	const struct tsq_egate_fifo *f = &g->fifo[TSQ_EGATE_DATA];
	struct tsq_ath_aggr_limits lim = {
		.aggr_limit = tsq_ath_lookup_rate(&g->p.rate, g->p.peer_maxampdu),
		.h_baw = g->p.h_baw,
		.rate = g->p.rate,
	};
	u32 mpdu[256];

	while (g->hw_n < g->p.hw_depth && f->n > g->in_hw) {
		struct tsq_egate_aggr *a = &g->hw[g->hw_n];
		struct tsq_ath_aggr out;
		u32 i, n = f->n - g->in_hw;

		if (n > g->p.h_baw)
			n = g->p.h_baw;
		for (i = 0; i < n; i++)
			mpdu[i] = egate_len(f, g->in_hw + i) + g->p.mac_overhead_bytes;
		if (tsq_ath_tx_form_aggr(&lim, mpdu, n, &out) != TSQ_OK)
			return;
		*a = (struct tsq_egate_aggr){ .frames = out.nframes, .aggr_len = out.aggr_len };
		for (i = 0; i < out.nframes; i++)
			a->bytes += egate_len(f, g->in_hw + i);
		g->in_hw += out.nframes;
		g->hw_n++;
	}
	egate_set_ready(g, TSQ_EDCA_STA, egate_unsent(g) < g->hw_n);
}

int tsq_egate_enqueue(struct tsq_egate *g, enum tsq_egate_fifo_id fifo,
		      u64 now_us, u32 frames, u32 bytes)
{
	struct tsq_egate_fifo *f;
	u32 i, each;

	if (!g || (fifo != TSQ_EGATE_DATA && fifo != TSQ_EGATE_ACKS))
		return TSQ_ERR_INVAL;
	f = &g->fifo[fifo];
	if (now_us < g->now_us || !frames || frames > TSQ_EGATE_MAX_FRAMES - f->n)
		return TSQ_ERR_RANGE;
	each = bytes / frames;
	if (!each || each + (bytes % frames ? 1 : 0) > 65535)
		return TSQ_ERR_RANGE;
	g->now_us = now_us;
	for (i = 0; i < frames; i++)
		f->len[(f->head + f->n + i) % TSQ_EGATE_MAX_FRAMES] =
			(u16)(each + (i < bytes % frames ? 1 : 0));
	f->n += frames;
	f->bytes += bytes;
	if (fifo == TSQ_EGATE_DATA)
		egate_form(g);
	else if (!g->on_air || !(g->txop.who & TSQ_EDCA_BIT(TSQ_EDCA_AP)))
		egate_set_ready(g, TSQ_EDCA_AP, true);
	return TSQ_OK;
}

/* Who of the ready goes first and when: each from the time it became
 * ready (a counter that ran down meanwhile gives immediate access) */
static bool egate_grant(const struct tsq_egate *g, struct tsq_edca_grant *gr)
{
	u32 w;

	*gr = (struct tsq_edca_grant){ .start_us = UINT64_MAX };
	for (w = 0; w < TSQ_EDCA_N; w++) {
		u64 t;

		if (!g->ready[w])
			continue;
		t = tsq_edca_access_us(&g->edca, (enum tsq_edca_who)w, g->ready_us[w]);
		if (t < gr->start_us) {
			gr->start_us = t;
			gr->who = TSQ_EDCA_BIT(w);
		} else if (t == gr->start_us) {
			gr->who |= TSQ_EDCA_BIT(w);
		}
	}
	return gr->who != 0;
}

/* When the TXOP on air is over: every exchange ended, the medium idle */
static u64 egate_txop_end(const struct tsq_egate *g)
{
	u64 t = g->txop.idle_us;
	u32 w;

	for (w = 0; w < TSQ_EDCA_N; w++)
		if ((g->txop.who & TSQ_EDCA_BIT(w)) && g->txop.end_us[w] > t)
			t = g->txop.end_us[w];
	return t;
}

/* The earliest credit due (a sent aggregate; they complete in order) */
static u64 egate_credit_us(const struct tsq_egate *g)
{
	return g->hw_n && g->hw[0].sent ? g->hw[0].complete_us : UINT64_MAX;
}

u64 tsq_egate_next_us(const struct tsq_egate *g)
{
	struct tsq_edca_grant gr;
	u64 t = egate_credit_us(g), e;

	if (g->on_air)
		e = egate_txop_end(g);
	else
		e = egate_grant(g, &gr) ? gr.start_us : UINT64_MAX;
	return e < t ? e : t;
}

/* The A-MPDU the AP sends now: the ACKs queued, within its limits */
static void egate_ap_ampdu(struct tsq_egate *g, u32 *psdu_bytes)
{
	const struct tsq_egate_fifo *f = &g->fifo[TSQ_EGATE_ACKS];
	u64 len = 0;
	u32 n = 0;

	g->ap_bytes = 0;
	while (n < f->n && n < g->p.ap_max_frames) {
		u64 mpdu = egate_len(f, n) + g->p.mac_overhead_bytes;
		u64 next = n ? ((len + 3) & ~3ull) + 4 + mpdu : 4 + mpdu;

		/* the peer's length limit and aPPDUMaxTime of HT-mixed format */
		if (n && (next > g->p.peer_maxampdu ||
			  tsq_ht_txtime_us((u32)next, &g->p.rate, g->p.signal_ext_us) >
				  TSQ_HT_MF_MAX_PPDU_NS / 1000))
			break;
		len = next;
		g->ap_bytes += egate_len(f, n);
		n++;
	}
	g->ap_frames = n;
	*psdu_bytes = (u32)len;
}

static int egate_start_txop(struct tsq_egate *g, const struct tsq_edca_grant *gr)
{
	struct tsq_edca_tx tx[TSQ_EDCA_N] = { { 0, 0 }, { 0, 0 } };
	u32 resp = TSQ_OFDM_SIFS_US +
		   tsq_ofdm_txtime_us(TSQ_COMPRESSED_BA_BYTES, g->p.basic_rate_mbps) +
		   g->p.signal_ext_us;
	u32 psdu;
	int err;

	if (gr->who & TSQ_EDCA_BIT(TSQ_EDCA_STA)) {
		const struct tsq_egate_aggr *a = &g->hw[egate_unsent(g)];

		tx[TSQ_EDCA_STA].ppdu_us =
			tsq_ht_txtime_us(a->aggr_len, &g->p.rate, g->p.signal_ext_us);
		tx[TSQ_EDCA_STA].resp_us = resp;
		g->stats.sta_txops++;
		g->stats.sta_airtime_us += tx[TSQ_EDCA_STA].ppdu_us;
	}
	if (gr->who & TSQ_EDCA_BIT(TSQ_EDCA_AP)) {
		egate_ap_ampdu(g, &psdu);
		tx[TSQ_EDCA_AP].ppdu_us = tsq_ht_txtime_us(psdu, &g->p.rate, g->p.signal_ext_us);
		tx[TSQ_EDCA_AP].resp_us = resp;
		g->stats.ap_txops++;
		g->stats.ap_airtime_us += tx[TSQ_EDCA_AP].ppdu_us;
		/* queued from now on: ready again only for a later TXOP */
		g->ready[TSQ_EDCA_AP] = false;
	}
	g->ready[TSQ_EDCA_STA] = false;
	err = tsq_edca_txop(&g->edca, gr, tx, &g->txop);
	if (err)
		return err;	/* a PPDU above 10 ms: a rate too slow for it */
	g->stats.collisions += g->txop.collision;
	g->on_air = true;
	return TSQ_OK;
}

/* The TXOP on air is over at @t: a BlockAck makes the station's aggregate
 * complete (its credit later by the delay); the AP's ACKs leave now.
 * Returns true with the AP's release in @out. */
static bool egate_end_txop(struct tsq_egate *g, u64 t, struct tsq_egate_release *out)
{
	bool released = false;

	g->on_air = false;
	if (g->txop.who & TSQ_EDCA_BIT(TSQ_EDCA_STA)) {
		struct tsq_egate_aggr *a = &g->hw[egate_unsent(g)];

		if (g->txop.ok[TSQ_EDCA_STA]) {
			a->sent = true;
			a->complete_us = g->txop.end_us[TSQ_EDCA_STA] + g->p.completion_latency_us;
			g->stats.sta_mpdus += a->frames;
		}
	}
	if ((g->txop.who & TSQ_EDCA_BIT(TSQ_EDCA_AP)) && g->txop.ok[TSQ_EDCA_AP]) {
		*out = (struct tsq_egate_release){ TSQ_EGATE_ACKS, g->ap_frames,
						   g->ap_bytes, t };
		egate_pop(&g->fifo[TSQ_EGATE_ACKS], g->ap_frames, g->ap_bytes);
		g->stats.ap_mpdus += g->ap_frames;
		released = g->ap_frames > 0;
	}
	g->ap_frames = g->ap_bytes = 0;
	/* what is left contends from the medium's idle time */
	g->ready[TSQ_EDCA_AP] = false;
	egate_set_ready(g, TSQ_EDCA_AP, g->fifo[TSQ_EGATE_ACKS].n > 0);
	g->ready[TSQ_EDCA_STA] = false;
	egate_set_ready(g, TSQ_EDCA_STA, egate_unsent(g) < g->hw_n);
	return released;
}

/* The head aggregate's credit: its frames leave the gate, a hardware
 * slot frees, more may be formed */
static void egate_credit(struct tsq_egate *g, u64 t, struct tsq_egate_release *out)
{
	struct tsq_egate_aggr a = g->hw[0];
	u32 i;

	*out = (struct tsq_egate_release){ TSQ_EGATE_DATA, a.frames, a.bytes, t };
	egate_pop(&g->fifo[TSQ_EGATE_DATA], a.frames, a.bytes);
	g->in_hw -= a.frames;
	for (i = 1; i < g->hw_n; i++)
		g->hw[i - 1] = g->hw[i];
	g->hw_n--;
	egate_form(g);
}

int tsq_egate_poll(struct tsq_egate *g, u64 now_us, struct tsq_egate_release *out)
{
	if (!g || !out)
		return TSQ_ERR_INVAL;
	if (now_us < g->now_us)
		return TSQ_ERR_RANGE;
	for (;;) {
		u64 credit = egate_credit_us(g), t;
		struct tsq_edca_grant gr;
		bool start = false;

		if (g->on_air) {
			t = egate_txop_end(g);
		} else if (egate_grant(g, &gr)) {
			t = gr.start_us;
			start = true;
		} else {
			t = UINT64_MAX;
		}
		if (credit <= t && credit <= now_us) {
			g->now_us = credit > g->now_us ? credit : g->now_us;
			egate_credit(g, credit, out);
			return 1;
		}
		if (t > now_us)
			break;
		g->now_us = t > g->now_us ? t : g->now_us;
		if (start) {
			int err = egate_start_txop(g, &gr);

			if (err)
				return err;
		} else if (egate_end_txop(g, t, out))
			return 1;
	}
	g->now_us = now_us;
	return 0;
}
