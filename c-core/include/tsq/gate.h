/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tsq/gate.h - an emulated aggregating link: the schedule of a gate that
 * lets a station's frames go one "TXOP" at a time, and of the AP's gate
 * that returns the TCP ACKs between them.
 *
 * Why: TSQ starves 802.11n aggregation because what a TXOP can carry is
 * what sat below TCP when it began. The gate reduces a WiFi hop to that
 * rule and its timing, with nothing else of WiFi, so that the same link
 * can run below the live Linux kernel (a qdisc in a network namespace,
 * driven by live-kernel/tsq-live-gate) and below ns-3's TCP with this
 * module (TsqSlotGate), and the two TCPs can be compared alone. Both call
 * these functions, so both follow the same schedule by construction.
 *
 * This is a model of this project, not kernel code: its rule and every
 * constant are parameters, recorded with each run.
 *
 * One cycle, all times in microseconds of the caller's clock:
 *   open      the station's TXOP starts: the slot takes the frames queued
 *             now (FIFO, at most max_frames), none that come later;
 *   end       open + overhead_us + bytes * 8 / rate: the aggregate has
 *             been sent and block-acked;
 *   release   the slot's frames leave the gate, at end (release END, the
 *             WiFi TX completion: BlockAck) or at open (release OPEN);
 *   ack_open  end + ack_gap_us: the AP's TXOP starts with the ACKs queued
 *             at the receiver now;
 *   ack_end   ack_open + ack_txop_us: those ACKs leave the AP's gate;
 *   next open ack_end + gap_us (the station's contention).
 * With probability lost_permille / 1000 after a slot that carried frames
 * the station wins the channel again before the AP: the next slot opens
 * at end + gap_us and the ACKs wait for the end of a later slot
 * ("lost contention"). An empty slot has no TXOP: the AP gets the channel
 * if it has ACKs queued, else the station looks again after idle_poll_us.
 * The lost-contention draws come from a seeded generator: the same seed
 * gives the same draws on both sides, slot for slot.
 */
#ifndef TSQ_GATE_H
#define TSQ_GATE_H

#include "tsq/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* When a slot's frames leave the gate */
enum tsq_gate_release {
	TSQ_GATE_RELEASE_END = 0,	/* at the TXOP's end (WiFi's BlockAck) */
	TSQ_GATE_RELEASE_OPEN,		/* at its start */
	TSQ_GATE_RELEASE__COUNT
};

struct tsq_gate_params {
	u64 rate_bps;		/* airtime rate of the frame bytes, bit/s */
	u32 overhead_us;	/* per data TXOP: access, preamble, BlockAck */
	u32 ack_gap_us;		/* from the data TXOP's end to the AP's TXOP */
	u32 ack_txop_us;	/* the AP's TXOP carrying the ACKs */
	u32 gap_us;		/* from the AP's TXOP end to the next data TXOP */
	u32 idle_poll_us;	/* nothing queued anywhere: look again after */
	u32 max_frames;		/* most frames one data TXOP carries */
	u32 lost_permille;	/* 0..1000: the station wins again first */
	enum tsq_gate_release release;
	u64 seed;		/* of the lost-contention draws */
};

/* Accepted ranges (TSQ_ERR_RANGE outside) */
#define TSQ_GATE_RATE_MIN	1000000ULL	/* 1 Mb/s */
#define TSQ_GATE_RATE_MAX	100000000000ULL	/* 100 Gb/s */
#define TSQ_GATE_US_MAX		1000000U	/* any one duration: 1 s */
#define TSQ_GATE_FRAMES_MAX	1024U

/* The state between calls */
struct tsq_gate {
	struct tsq_gate_params p;
	u64 rng;		/* xorshift64* state, never 0 */
	u64 slots;		/* slots opened */
	u64 next_open_us;	/* when the next data slot opens */
	u64 ack_open_us;	/* when the AP's TXOP is due, if ack_due */
	bool ack_due;		/* an AP TXOP comes before the next slot */
	bool carried;		/* the last data slot carried frames */
};

/* What a data slot does, decided when it opens */
struct tsq_gate_slot {
	u64 index;		/* 0, 1, 2, ... */
	u64 open_us;
	u32 frames;		/* frames it carries */
	u32 bytes;		/* their bytes */
	u64 end_us;		/* open + overhead + airtime (open if empty) */
	u64 release_us;		/* its frames leave the gate */
	bool lost_contention;	/* the station goes again before the AP */
};

/* What an AP TXOP does, decided when it would start */
struct tsq_gate_ack {
	u64 open_us;
	u32 frames;		/* ACK frames it carries (0: no TXOP) */
	u64 release_us;		/* they leave the AP's gate */
};

/* Fills in the defaults: 150 Mb/s, 250/100/300/100 us, idle poll 100 us,
 * 43 frames (43 x 1514 B fits an HT A-MPDU's 65535), no lost contention,
 * release at the end, seed 1. */
void tsq_gate_params_init(struct tsq_gate_params *p);

/* Returns TSQ_OK, TSQ_ERR_INVAL (NULL, bad release) or TSQ_ERR_RANGE (a
 * value outside the ranges below; overhead_us, ack_txop_us and
 * idle_poll_us must be at least 1: time must move on). */
int tsq_gate_params_check(const struct tsq_gate_params *p);

/* Starts a schedule whose first slot opens at @start_us. Returns as
 * tsq_gate_params_check(). */
int tsq_gate_init(struct tsq_gate *g, const struct tsq_gate_params *p, u64 start_us);

/* How many of @queued_frames the slot opening now takes (FIFO head). */
u32 tsq_gate_slot_frames(const struct tsq_gate *g, u32 queued_frames);

/*
 * The slot opening at g->next_open_us carries @frames frames (from
 * tsq_gate_slot_frames()) of @bytes bytes. Fills @s and schedules what
 * follows: an AP TXOP at g->ack_open_us (g->ack_due), or, after lost
 * contention or an empty slot with nothing for the AP, the next slot.
 * Returns TSQ_OK or TSQ_ERR_INVAL.
 */
int tsq_gate_open(struct tsq_gate *g, u32 frames, u32 bytes, struct tsq_gate_slot *s);

/*
 * The AP's TXOP due at g->ack_open_us, with @frames ACK frames queued at
 * the receiver then: fills @a (frames 0: the AP had nothing and sends
 * nothing) and schedules the next slot. Returns TSQ_OK, or TSQ_ERR_INVAL
 * when no AP TXOP was due.
 */
int tsq_gate_ack_open(struct tsq_gate *g, u32 frames, struct tsq_gate_ack *a);

/* Airtime of @bytes at @rate_bps, microseconds rounded up. */
u64 tsq_gate_airtime_us(u64 rate_bps, u64 bytes);

/* Returns a static name of r ("end", "open" or "?"), and looks one up. */
const char *tsq_gate_release_name(enum tsq_gate_release r);
int tsq_gate_release_from_name(const char *name, enum tsq_gate_release *out);

#ifdef __cplusplus
}
#endif

#endif /* TSQ_GATE_H */
