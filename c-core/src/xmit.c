// SPDX-License-Identifier: GPL-2.0-only
/* xmit.c - the skb tcp_write_xmit() sends next, and its segments' charges. */
#include <string.h>

#include "tsq/cwnd.h"
#include "tsq/xmit.h"

static u32 tsq_min_u32(u32 a, u32 b)
{
	return a < b ? a : b;
}

/* ceil(a / b) without overflow, b >= 1 */
static u32 tsq_div_round_up(u32 a, u32 b)
{
	return a / b + (a % b != 0);
}

static u32 tsq_xmit_tso_bytes(const struct tsq_xmit_in *in)
{
	u32 quota = tsq_cwnd_test(in->cwnd, in->in_flight);
	u32 max_segs = tsq_min_u32(quota, in->autosize_segs);
	u32 bytes = tsq_mss_split_point(in->mss, max_segs, in->window, in->data, true, false);
	u32 committed = tsq_min_u32(in->committed, in->data);

	return bytes > committed ? bytes : committed;
}

int tsq_write_xmit_skb(const struct tsq_xmit_in *in, struct tsq_xmit_skb *skb)
{
	if (!skb)
		return TSQ_ERR_INVAL;
	memset(skb, 0, sizeof(*skb));
	if (!in || !in->truesize || !in->mss)
		return TSQ_ERR_INVAL;
	if (in->retransmit || !in->tso) {
		skb->bytes = tsq_min_u32(in->committed, in->data);
		skb->segs = 1;
	} else {
		skb->bytes = tsq_xmit_tso_bytes(in);
		skb->segs = tsq_div_round_up(skb->bytes, in->mss);
	}
	/* Nothing to send (tcp_send_head() is NULL): no skb, nothing charged. */
	if (!skb->bytes) {
		skb->segs = 0;
		return TSQ_OK;
	}
	skb->truesize = tsq_skb_truesize(in->truesize, skb->bytes);
	skb->factor = in->retransmit ? 1 : 0;
	/* A one-segment skb is not GSO (tcp_set_skb_tso_segs): never cut. */
	skb->gso_cut = in->software_gso && skb->segs > 1;
	return TSQ_OK;
}

u32 tsq_xmit_segment_charge(const struct tsq_xmit_skb *skb, u32 i, u32 seg_bytes,
			    u32 max_tcp_header)
{
	if (!skb || i >= skb->segs)
		return 0;
	if (skb->gso_cut)
		return tsq_gso_segment_truesize(seg_bytes, max_tcp_header);
	return tsq_burst_share(skb->truesize, skb->segs, i);
}
