/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/xmit.h - the skb tcp_write_xmit() sends next: how many bytes and
 * segments it carries, the truesize TSQ checks, and what each of its
 * segments is charged when they go down one by one.
 *
 * Linux builds one skb per pass of tcp_write_xmit(): up to
 * tcp_cwnd_test() x tcp_tso_segs() segments cut by tcp_mss_split_point(),
 * or one segment without TSO (gso_max_segs 1) or from the retransmit
 * queue; tcp_small_queue_check() then weighs its truesize. ns-3 sends MSS
 * segments, so the caller sends the skb's segments back to back and
 * charges each one its share here (or, when software GSO cuts the skb,
 * the segment's own truesize). No allocation, no global state.
 */
#ifndef TSQ_XMIT_H
#define TSQ_XMIT_H

#include <stdbool.h>

#include "tsq/tso.h"
#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

struct tsq_xmit_in {
	u32 mss;		/* mss_now, bytes (>= 1) */
	u32 cwnd;		/* snd_cwnd, packets */
	u32 in_flight;		/* tcp_packets_in_flight(), packets */
	u32 autosize_segs;	/* tcp_tso_segs(): tsq_tso_autosize() */
	u32 window;		/* tcp_wnd_end() - seq, bytes */
	u32 data;		/* bytes queued from seq (the write queue's tail) */
	u32 committed;		/* bytes the caller's send loop already let go:
				 * the skb carries at least min(committed, data) */
	bool tso;		/* TSO/GSO skbs (false: one segment per skb) */
	bool retransmit;	/* one segment of the retransmit queue */
	bool software_gso;	/* the device lacks NETIF_F_SG: GSO cuts the
				 * skb into linear segments (skb_segment) */
	u32 max_tcp_header;	/* MAX_TCP_HEADER, for those segments */
	const struct tsq_truesize_model *truesize;
};

struct tsq_xmit_skb {
	u32 bytes;		/* payload */
	u32 segs;		/* MSS segments (1 without TSO or for a
				 * retransmission) */
	u32 truesize;		/* the skb's truesize, what TSQ checks */
	u32 factor;		/* tcp_small_queue_check()'s factor: 1 for a
				 * retransmission (10d3be569243), else 0 */
	bool gso_cut;		/* software GSO cuts it (2+ segments) */
};

/*
 * tsq_write_xmit_skb - size the next skb.
 * Without TSO or for a retransmission: one segment of min(committed,
 * data) bytes. With TSO: tsq_mss_split_point(mss, min(tcp_cwnd_test(),
 * autosize_segs), window, data, tail, no Nagle), at least min(committed,
 * data); segs = ceil(bytes / mss). truesize = tsq_skb_truesize(bytes).
 * With nothing to send (0 bytes: no data queued, or nothing committed
 * without TSO) there is no skb: bytes, segs and truesize are 0, as
 * tcp_write_xmit() stops when tcp_send_head() is NULL.
 * Returns TSQ_OK, or TSQ_ERR_INVAL for a NULL pointer, a NULL truesize
 * model or mss 0 (then *skb is zeroed).
 * Kernel: tcp_write_xmit() (net/ipv4/tcp_output.c): cwnd_quota =
 * tcp_cwnd_test(), max_segs = tcp_tso_segs() (605ad7f184b6),
 * limit = tcp_mss_split_point() when the skb is longer than one mss;
 * tcp_xmit_retransmit_queue() sends one segment per skb here.
 */
int tsq_write_xmit_skb(const struct tsq_xmit_in *in, struct tsq_xmit_skb *skb);

/*
 * tsq_xmit_segment_charge - what segment @i (0-based, < skb->segs) of
 * @seg_bytes payload is charged: its own truesize when software GSO cuts
 * the skb (tcp_gso_segment gives each segment tcp_wfree and its truesize,
 * 0d08c42cf9a7), else its share of the skb's truesize (tsq_burst_share:
 * the shares add up to the skb's truesize). 0 for @i out of range.
 */
u32 tsq_xmit_segment_charge(const struct tsq_xmit_skb *skb, u32 i, u32 seg_bytes,
			    u32 max_tcp_header);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_XMIT_H */
