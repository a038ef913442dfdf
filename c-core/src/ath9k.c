// SPDX-License-Identifier: GPL-2.0-only
/*
 * ath9k.c - ath9k's A-MPDU formation (see tsq/ath9k.h).
 */
#include "tsq/ath9k.h"

/* The HT-mixed preamble ath9k subtracts (L_STF + L_LTF + L_SIG + HT_SIG +
 * HT_STF + HT_LTF(streams)): 4 us per stream of HT-LTF, as in xmit.c */
static u32 ath_preamble_us(const struct tsq_ht_rate *rate)
{
	return TSQ_OFDM_PREAMBLE_US + TSQ_OFDM_SIGNAL_US + TSQ_HT_SIG_US +
	       TSQ_HT_STF_US + TSQ_HT_LTF_US * ((u32)rate->mcs / 8 + 1);
}

u32 tsq_ath_max_framelen(u32 usec, const struct tsq_ht_rate *rate)
{
	u32 nsymbits = tsq_ht_ndbps(rate);
	u64 symbols, bits;

	if (!nsymbits || usec <= ath_preamble_us(rate))
		return 0;
	usec -= ath_preamble_us(rate);
	/* TIME_SYMBOLS_HALFGI: usec * 5 / 18; TIME_SYMBOLS: usec / 4 */
	symbols = rate->sgi ? (u64)usec * 5 / 18 : usec / 4;
	bits = symbols * nsymbits;
	if (bits <= TSQ_ATH_OFDM_PLCP_BITS)
		return 0;
	bits = (bits - TSQ_ATH_OFDM_PLCP_BITS) / 8;
	return bits > TSQ_ATH_MAX_FRAMELEN ? TSQ_ATH_MAX_FRAMELEN : (u32)bits;
}

u32 tsq_ath_lookup_rate(const struct tsq_ht_rate *rate, u32 peer_maxampdu)
{
	u32 limit = tsq_ath_max_framelen(TSQ_ATH_MAX_TXOP_US, rate);

	if (limit > TSQ_ATH_AMPDU_LIMIT_MAX)
		limit = TSQ_ATH_AMPDU_LIMIT_MAX;
	if (peer_maxampdu && peer_maxampdu < limit)
		limit = peer_maxampdu;
	return limit;
}

u32 tsq_ath_compute_num_delims(const struct tsq_ath_aggr_limits *lim,
			       u32 frmlen)
{
	u32 ndelim = 0, nsymbols, minlen;

	/* ATH_AGGR_GET_NDELIM: up to ATH_AGGR_MINPLEN */
	if (frmlen < TSQ_ATH_AGGR_MINPLEN)
		ndelim = (TSQ_ATH_AGGR_MINPLEN - frmlen + TSQ_ATH_AGGR_DELIM_SZ - 1) /
			 TSQ_ATH_AGGR_DELIM_SZ;
	if (!lim->mpdudensity_us)
		return ndelim;
	/* NUM_SYMBOLS_PER_USEC(_HALFGI): the density in symbols, at least 1 */
	nsymbols = lim->rate.sgi ? (lim->mpdudensity_us * 5 - 4) / 18
				 : lim->mpdudensity_us >> 2;
	if (!nsymbols)
		nsymbols = 1;
	minlen = nsymbols * tsq_ht_ndbps(&lim->rate) / 8;
	if (frmlen < minlen && (minlen - frmlen) / TSQ_ATH_AGGR_DELIM_SZ > ndelim)
		ndelim = (minlen - frmlen) / TSQ_ATH_AGGR_DELIM_SZ;
	return ndelim;
}

/* PADBYTES: to the next multiple of 4 */
static u32 ath_padbytes(u32 len)
{
	return (4 - len % 4) % 4;
}

int tsq_ath_tx_form_aggr(const struct tsq_ath_aggr_limits *lim,
			 const u32 *framelen, u32 queued,
			 struct tsq_ath_aggr *out)
{
	u64 al = 0, bpad = 0;
	u32 n;

	if (!lim || !framelen || !out)
		return TSQ_ERR_INVAL;
	if (!queued || !lim->h_baw)
		return TSQ_ERR_RANGE;
	for (n = 0; n < queued; n++)
		if (!framelen[n] || framelen[n] > 65535)
			return TSQ_ERR_RANGE;
	for (n = 0; n < queued; n++) {
		u64 al_delta = TSQ_ATH_AGGR_DELIM_SZ + framelen[n];

		if (n && ((u64)lim->aggr_limit < al + bpad + al_delta || n >= lim->h_baw))
			break;
		al += bpad + al_delta;
		bpad = ath_padbytes((u32)al_delta) +
		       ((u64)tsq_ath_compute_num_delims(lim, framelen[n]) << 2);
	}
	out->nframes = n;
	/* a lone frame goes with its own length */
	out->aggr_len = n == 1 ? framelen[0] : (u32)al;
	return TSQ_OK;
}

bool tsq_ath_may_form_aggr(u32 depth)
{
	return depth < TSQ_ATH_AGGR_MIN_QDEPTH;
}
