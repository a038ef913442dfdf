/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * live-qdisc-gate.h - a tbf qdisc used as a gate: it holds what is queued
 * on a veth and lets exactly a given number of frames go from its head,
 * on the controller's command. Both live-kernel controllers (the fixed
 * slots of tsq-live-gate, the EDCA timing of tsq-live-edca) open their
 * two gates with it.
 *
 * How a qdisc becomes a gate: a tbf at a negligible rate (8 B/s: a
 * 1514 B frame costs 3 minutes of tokens) holds whatever is queued; skbs held
 * there are still charged to their socket (sk_wmem_alloc), as skbs in a
 * WiFi driver are. To let the head go, the controller changes the tbf's
 * bucket to exactly those frames' bytes (RTM_NEWQDISC, TCA_TBF_BURST:
 * tbf_change() refills the bucket), then sends one 14-byte "kick" frame
 * through the same qdisc (AF_PACKET): tbf_change() does not restart the
 * queue, the kick's enqueue does. FIFO order lets exactly those frames
 * through; frames queued later, and the kick if one such frame is ahead of
 * it, stay for the next release. veth hands a frame to the peer namespace
 * at once and orphans it there (skb_scrub_packet), so the release is the
 * TX completion that tcp_wfree() credits.
 *
 * With seg_gso set (a sender device without scatter-gather, as ath9k's
 * netdev is), the tbf also gets a peak bucket of one frame at 8 Tbit/s:
 * its max_size is then one frame (tbf_change(): min(burst, pburst)), so
 * tbf_enqueue() cuts every GSO skb into its segments (tbf_segment(),
 * skb_gso_segment() with the device's features: linear segments, charged
 * to the socket by tcp_gso_segment()) and the gate counts MPDU-sized
 * frames, as the driver's queue does. At that peak rate a frame's peak
 * tokens come back faster than the qdisc runs, so releases are not slowed.
 */
#ifndef TSQ_LIVE_QDISC_GATE_H
#define TSQ_LIVE_QDISC_GATE_H

#include <linux/if_packet.h>
#include <stdint.h>

/* The gate's closed rate, bytes/s: elapsed time adds 8 bytes of tokens a
 * second, so even a gate idle for seconds (a connection's setup, EDCA's
 * idle medium) lets no frame through by itself */
#define GATE_RATE	8u
/* The qdisc's FIFO limit, bytes: far above anything TSQ lets queue */
#define GATE_LIMIT	(16u << 20)
/* The kick frame: an Ethernet header alone, below any TCP frame (66 B) */
#define KICK_LEN	14u
#define KICK_ETHERTYPE	0x88b5	/* IEEE local experimental */
/*
 * A release's bucket is at least min_burst, which is more than a short
 * release's frames: the kick that follows them is then made longer (up to
 * a full frame) so that it spends what the frames left, and no frame that
 * comes later finds tokens (a SYN's release must not let the next small
 * frame through by itself).
 */
#define KICK_MAX_LEN	1514u
/*
 * tbf drops a frame longer than its bucket at enqueue, so a release's
 * bucket is never below the longest frame that may come: a full-size
 * frame on the data gate, the longest pure ACK (66 B + 40 B of options,
 * SACK) on the ACK gate. What a release leaves beyond its frames is then
 * less than the smallest frame of that direction (66 B ACKs, 1514 B data
 * frames), so nothing queued later slips through.
 */
#define DATA_MIN_BURST	(1514u + KICK_LEN)
#define ACK_MIN_BURST	128u
/*
 * Bytes a release adds to its frames' count, so that a frame whose length
 * was estimated a little short still goes: with the kick's 14 B it stays
 * below the smallest frame (66 B), so no later frame goes with it.
 */
#define RELEASE_SLACK	40u
/* The peak bucket with seg_gso: one full frame, below the shortest GSO
 * skb of two segments (1514 B + 66 B + 1 B of payload) */
#define SEG_PEAK_BURST	1540u
#define SEG_PEAK_RATE	1000000000000ull	/* bytes/s: 8 Tbit/s */
/* A release is checked this long at most for its frames to leave */
#define RELEASE_CHECK_US 400u
/* Kicks followed at once; more means the bookkeeping was lost */
#define MAX_KICKS	256u

/* One direction of the link: a veth with its tbf */
struct gate_dev {
	const char *prog;	/* for messages */
	const char *name;
	int ifindex;
	int nl;			/* NETLINK_ROUTE socket in the device's netns */
	uint32_t nl_seq;
	int pkt;		/* AF_PACKET socket for the kicks */
	struct sockaddr_ll kick_to;
	uint8_t kick[KICK_MAX_LEN];	/* its header, then zeros */
	/* Kicks still queued, by their place in the FIFO (0: the head),
	 * ascending: a kick is stuck behind a frame that came after the
	 * release, and a later release takes it along with that frame. */
	uint32_t kick_pos[MAX_KICKS];
	uint16_t kick_len[MAX_KICKS];	/* their lengths */
	uint32_t nkicks;
	uint32_t min_burst;	/* DATA_MIN_BURST or ACK_MIN_BURST */
	int seg_gso;		/* the peak bucket that segments GSO skbs */
	uint64_t mismatches;	/* releases that did not let exactly their frames go */
	uint64_t leaks;		/* frames that left between two releases */
	uint64_t late_kicks;	/* kicks that left after the release was read */
	uint32_t after_packets;	/* the counters after the last release */
	uint64_t after_bytes;
	int have_after;
	/* What entered the qdisc since the gate was primed: its counters
	 * then, and the kicks sent since (gate_entered()) */
	uint32_t base_packets;
	uint64_t base_bytes;
	uint64_t kicks_sent;
	uint64_t kick_bytes_sent;
};

/* The qdisc's counters */
struct qstat {
	uint64_t bytes;		/* dequeued so far */
	uint32_t packets;
	uint32_t drops;
	uint32_t qlen;		/* queued now */
	uint32_t backlog;
};

/* Opens the device's sockets in its namespace (the calling thread moves
 * into it). */
void gate_open_dev(struct gate_dev *d, const char *prog, const char *ns, const char *dev);

/* Closes the gate: a bucket of one frame plus a kick, spent by two
 * frames of those sizes, leaves nothing for the first real one. */
void gate_prime(struct gate_dev *d);

/* RTM_GETQDISC of the root qdisc: its counters now */
void gate_stats(struct gate_dev *d, struct qstat *st);

/* The counters now, and what left since the last release accounted for
 * (kicks that went a moment later, or frames that slipped through). */
void gate_observe(struct gate_dev *d, struct qstat *st);

/* What is queued now, kicks left out (from gate_observe()) */
void gate_snapshot(struct gate_dev *d, struct qstat *st, uint32_t *frames, uint32_t *bytes);

/* Frames and L2 bytes that entered the qdisc since gate_prime(), kicks
 * left out, from counters @st (queued + dequeued; never decreasing across
 * calls except for a read that raced a dequeue, which the caller skips). */
void gate_entered(const struct gate_dev *d, const struct qstat *st, uint64_t *frames,
		  uint64_t *bytes);

/*
 * Lets the head of the FIFO go: @frames non-kick frames of @bytes bytes
 * and the kicks among them, then sends a new kick; @before: the counters
 * just before. Returns what the qdisc let go and when, and keeps the
 * kicks' places.
 */
void gate_release(struct gate_dev *d, uint32_t frames, uint32_t bytes, const struct qstat *before,
		  uint32_t *pkts, uint32_t *released, int64_t *sent_us);

/* The bucket @burst bytes, full (RTM_NEWQDISC "change") */
void gate_set_burst(struct gate_dev *d, uint32_t burst);

/* One kick frame of @len bytes (KICK_LEN..KICK_MAX_LEN) into the qdisc */
void gate_kick(struct gate_dev *d, uint32_t len);

/* Waits for @t_us: sleeps until spin_us before it, then spins. */
void gate_wait_until(uint64_t t_us, uint32_t spin_us);

/* The options both controllers take: the two devices, the output, the
 * run's length and the controller's scheduling */
struct gate_run_opts {
	const char *sender_ns, *sender_dev, *receiver_ns, *receiver_dev, *out;
	uint64_t duration_ms;
	int cpu;		/* -1: not pinned */
	int rt_prio;		/* SCHED_FIFO priority, 0: none */
	uint32_t spin_us;	/* spin this long before an event, sleep before */
};

/* Defaults: not pinned, SCHED_FIFO 50, spinning @spin_us. */
void gate_run_opts_init(struct gate_run_opts *o, uint32_t spin_us);

/* Takes option @a with value @v if it is one of struct gate_run_opts'
 * (strictly parsed: exit 2 naming it otherwise); returns 1 if taken. */
int gate_run_opt(const char *prog, struct gate_run_opts *o, const char *a, const char *v);

/* Stops (exit 2) unless the sender, the output and the length were given,
 * and the receiver too when @need_receiver; @receiver_note follows the
 * receiver's options in the message (e.g. " (not with --monitor)"). */
void gate_run_opts_require(const char *prog, const struct gate_run_opts *o, int need_receiver,
			   const char *receiver_note);

/* Pins the caller to o->cpu, locks its memory and makes it SCHED_FIFO at
 * o->rt_prio (each failure reported, not fatal: the lateness measured
 * shows what it cost). */
void gate_go_realtime(const char *prog, const struct gate_run_opts *o);

#endif /* TSQ_LIVE_QDISC_GATE_H */
