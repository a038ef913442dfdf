// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsq-live-edca - the emulated 802.11n hop on EDCA timing (c-core
 * tsq/edca_gate.h) below the live kernel: the sender's veth qdisc is the
 * station's queue (its frames leave, and are credited to TSQ, when their
 * aggregate's BlockAck comes), the receiver's is the AP's (its TCP ACKs
 * leave at the end of the AP's exchange). Both are tbf gates
 * (live-qdisc-gate.h); the same core model runs the ns-3 twin
 * (TsqEdcaGate), given the same seed.
 *
 * The controller polls both qdiscs every --poll-us (RTM_GETQDISC): frames
 * that entered since the last look (the qdisc's dequeued plus queued
 * counters, its own kicks left out) enter the model at the time they were
 * seen, and the model's due events run then, each release letting its
 * frames go from the qdisc's head. A batch of data frames seen at once is
 * taken as full-size frames of the device's MTU but the last, as GSO cuts
 * them; a batch of ACKs is split evenly.
 *
 * The CSV holds every release (planned and actual time, frames, bytes,
 * what the qdisc let go) and every TXOP the model started (who, whether
 * it collided): the controller's lateness is part of the result.
 *
 * Runs as root in the initial namespace; enters the namespaces only to
 * open its sockets there. Exit status 2: bad option (one line naming it);
 * 1: a system call failed or the model refused an input.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>

#include "live-qdisc-gate.h"
#include "live-util.h"
#include "tsq/edca_gate.h"

static const char *prog = "tsq-live-edca";

/* The device's MTU-sized frame as IP bytes (1514 B on the wire) */
#define FULL_IP_BYTES	1500u
/* A frame of the model is an IP packet: the qdisc counts Ethernet's 14 B */
#define ETH_HLEN_BYTES	14u
/* The shortest frame that may come: an ARP (14 + 28 B) */
#define MIN_FRAME_BYTES	42u

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

enum rec_kind { REC_DATA, REC_ACKS, REC_TXOP };

/* One row of the CSV: a release (data, acks) or a TXOP started */
struct rec {
	enum rec_kind kind;
	int64_t plan_us, act_us;	/* from t0; a TXOP: its start */
	uint32_t frames, bytes;		/* a release's, IP bytes */
	uint32_t released_pkts, released_bytes;	/* what the qdisc let go */
	uint32_t who;			/* a TXOP's TSQ_EDCA_BIT set */
	int collision;
};

struct opts {
	struct gate_run_opts run;
	uint32_t poll_us;
	int seg_gso;
	struct tsq_egate_params ep;
};

/* The run's records, growing */
struct recs {
	struct rec *r;
	size_t n, cap;
};

static void recs_add(struct recs *rs, const struct rec *r)
{
	if (rs->n == rs->cap) {
		rs->cap = rs->cap ? rs->cap * 2 : 8192;
		rs->r = realloc(rs->r, rs->cap * sizeof(*rs->r));
		if (!rs->r)
			live_die(1, prog, "out of memory");
	}
	rs->r[rs->n++] = *r;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: %s --sender-ns NS --sender-dev DEV --receiver-ns NS --receiver-dev DEV\n"
		"       --duration-ms N --out FILE [--cpu N] [--rt-prio 0..99] [--spin-us N]\n"
		"       [--poll-us 5..1000] [--seed N] [--hw-depth 1..%u]\n"
		"       [--completion-latency-us 0..1000000] [--seg-gso]\n",
		prog, TSQ_EGATE_MAX_DEPTH);
}

static void parse(int argc, char **argv, struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	gate_run_opts_init(&o->run, 5);
	o->poll_us = 20;
	tsq_egate_params_init(&o->ep);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--help") == 0) {
			usage();
			exit(0);
		}
		if (strcmp(a, "--seg-gso") == 0) {
			o->seg_gso = 1;
			continue;
		}
		if (!v)
			live_die(2, prog, "%s needs a value (see --help)", a);
		i++;
		if (gate_run_opt(prog, &o->run, a, v))
			continue;
		if (strcmp(a, "--poll-us") == 0)
			o->poll_us = (uint32_t)live_parse_u64(prog, a, v, 5, 1000);
		else if (strcmp(a, "--seed") == 0)
			o->ep.edca.seed = live_parse_u64(prog, a, v, 0, UINT64_MAX);
		else if (strcmp(a, "--hw-depth") == 0)
			o->ep.hw_depth = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_EGATE_MAX_DEPTH);
		else if (strcmp(a, "--completion-latency-us") == 0)
			o->ep.completion_latency_us = (uint32_t)live_parse_u64(prog, a, v, 0, 1000000);
		else
			live_die(2, prog, "unknown option '%s' (see --help)", a);
	}
	gate_run_opts_require(prog, &o->run, 1, "");
}

/* The model's side of one qdisc: what it has been told entered */
struct side {
	struct gate_dev dev;
	enum tsq_egate_fifo_id fifo;
	uint64_t frames, bytes;		/* entered, told to the model */
};

/* Tells the model the frames that entered @s's qdisc since the last
 * look, at @now (us from t0). */
static void side_arrivals(struct tsq_egate *g, struct side *s, uint64_t now)
{
	struct qstat st;
	uint64_t frames, bytes, nf, nb;

	gate_observe(&s->dev, &st);
	gate_entered(&s->dev, &st, &frames, &bytes);
	if (frames <= s->frames || bytes <= s->bytes)
		return;	/* nothing, or a read that raced a dequeue */
	nf = frames - s->frames;
	nb = bytes - s->bytes;
	/* every frame at least an ARP's 42 B, at most the MTU: a count
	 * that does not fit raced an enqueue, the next look sees it */
	if (nb < nf * MIN_FRAME_BYTES || nb > nf * (ETH_HLEN_BYTES + FULL_IP_BYTES))
		return;
	s->frames = frames;
	s->bytes = bytes;
	nb -= nf * ETH_HLEN_BYTES;	/* the model counts IP bytes */
	if (s->fifo == TSQ_EGATE_DATA && nf > 1 && nb > (nf - 1) * FULL_IP_BYTES) {
		/* GSO's segments: gso_size each but the last */
		if (tsq_egate_enqueue(g, s->fifo, now, (uint32_t)(nf - 1),
				      (uint32_t)((nf - 1) * FULL_IP_BYTES)) != TSQ_OK ||
		    tsq_egate_enqueue(g, s->fifo, now, 1,
				      (uint32_t)(nb - (nf - 1) * FULL_IP_BYTES)) != TSQ_OK)
			live_die(1, prog, "the model refused %llu frames of %s",
				 (unsigned long long)nf, s->dev.name);
		return;
	}
	if (tsq_egate_enqueue(g, s->fifo, now, (uint32_t)nf, (uint32_t)nb) != TSQ_OK)
		live_die(1, prog, "the model refused %llu frames (%llu B) of %s",
			 (unsigned long long)nf, (unsigned long long)nb, s->dev.name);
}

/* Runs the model's events due at @now (us from t0): each release lets
 * its frames go from the qdisc's head; each new TXOP is recorded. */
static void run_due(struct tsq_egate *g, struct side *sides, uint64_t now, uint64_t t0,
		    struct recs *rs, uint64_t *txops_seen)
{
	struct tsq_egate_release rel;
	int r;

	while ((r = tsq_egate_poll(g, now, &rel)) == 1) {
		struct side *s = &sides[rel.fifo];
		struct qstat before;
		struct rec rec;

		memset(&rec, 0, sizeof(rec));
		rec.kind = rel.fifo == TSQ_EGATE_DATA ? REC_DATA : REC_ACKS;
		rec.plan_us = (int64_t)rel.at_us;
		rec.frames = rel.frames;
		rec.bytes = rel.bytes;
		gate_observe(&s->dev, &before);
		gate_release(&s->dev, rel.frames, rel.bytes + rel.frames * ETH_HLEN_BYTES, &before,
			     &rec.released_pkts, &rec.released_bytes, &rec.act_us);
		rec.act_us -= (int64_t)t0;
		recs_add(rs, &rec);
	}
	if (r != TSQ_OK)
		live_die(1, prog, "the model's schedule failed (%d)", r);
	if (g->on_air && g->edca.txops != *txops_seen) {
		struct rec rec;

		*txops_seen = g->edca.txops;
		memset(&rec, 0, sizeof(rec));
		rec.kind = REC_TXOP;
		rec.plan_us = (int64_t)g->txop.start_us;
		rec.act_us = (int64_t)now;
		rec.who = g->txop.who;
		rec.collision = g->txop.collision;
		recs_add(rs, &rec);
	}
}

static void write_csv(const struct opts *o, const struct recs *rs, uint64_t t0)
{
	static const char *kind[] = { "data", "acks", "txop" };
	FILE *f = fopen(o->run.out, "w");
	size_t i;

	if (!f)
		live_die(1, prog, "cannot write %s: %s", o->run.out, strerror(errno));
	fprintf(f, "# tsq-live-edca; times in us from t0_us=%" PRIu64 " (CLOCK_MONOTONIC); seed=%" PRIu64
		   " hw_depth=%u completion_latency_us=%u poll_us=%u seg_gso=%d\n",
		t0, o->ep.edca.seed, o->ep.hw_depth, o->ep.completion_latency_us, o->poll_us,
		o->seg_gso);
	fprintf(f, "kind,plan_us,act_us,frames,bytes,released_pkts,released_bytes,sta,ap,"
		   "collision\n");
	for (i = 0; i < rs->n; i++) {
		const struct rec *r = &rs->r[i];

		fprintf(f, "%s,%" PRId64 ",%" PRId64 ",%u,%u,%u,%u,%d,%d,%d\n", kind[r->kind],
			r->plan_us, r->act_us, r->frames, r->bytes, r->released_pkts,
			r->released_bytes, !!(r->who & TSQ_EDCA_BIT(TSQ_EDCA_STA)),
			!!(r->who & TSQ_EDCA_BIT(TSQ_EDCA_AP)), r->collision);
	}
	if (fclose(f))
		live_die(1, prog, "writing %s: %s", o->run.out, strerror(errno));
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

/* The summary line: releases, their lateness, the model's counters and
 * the gates' bookkeeping */
static void summary(const struct recs *rs, const struct tsq_egate *g, const struct side *sides)
{
	int64_t *late = malloc(sizeof(*late) * (rs->n + 1));
	size_t i, m = 0;

	if (!late)
		live_die(1, prog, "out of memory");
	for (i = 0; i < rs->n; i++)
		if (rs->r[i].kind != REC_TXOP)
			late[m++] = rs->r[i].act_us - rs->r[i].plan_us;
	qsort(late, m, sizeof(*late), cmp_i64);
	printf("releases=%zu lateness_p50_us=%" PRId64 " lateness_p99_us=%" PRId64
	       " lateness_max_us=%" PRId64 " sta_txops=%" PRIu64 " ap_txops=%" PRIu64
	       " collisions=%" PRIu64 " data_mismatches=%" PRIu64 " ack_mismatches=%" PRIu64
	       " data_leaks=%" PRIu64 " ack_leaks=%" PRIu64 " late_kicks=%" PRIu64 "\n",
	       m, m ? late[m / 2] : 0, m ? late[(m * 99) / 100] : 0, m ? late[m - 1] : 0,
	       g->stats.sta_txops, g->stats.ap_txops, g->stats.collisions,
	       sides[0].dev.mismatches, sides[1].dev.mismatches, sides[0].dev.leaks,
	       sides[1].dev.leaks, sides[0].dev.late_kicks + sides[1].dev.late_kicks);
	free(late);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct side sides[2];
	struct tsq_egate *g;
	struct recs rs = { 0 };
	struct sigaction sa;
	uint64_t t0, end, txops_seen = 0;

	parse(argc, argv, &o);
	if (tsq_egate_params_check(&o.ep) != TSQ_OK)
		live_die(2, prog, "the hop's parameters are out of range (see tsq/edca_gate.h)");
	g = calloc(1, sizeof(*g));
	if (!g)
		live_die(1, prog, "out of memory");
	memset(sides, 0, sizeof(sides));
	sides[0].fifo = TSQ_EGATE_DATA;
	sides[1].fifo = TSQ_EGATE_ACKS;
	gate_open_dev(&sides[0].dev, prog, o.run.sender_ns, o.run.sender_dev);
	gate_open_dev(&sides[1].dev, prog, o.run.receiver_ns, o.run.receiver_dev);
	sides[0].dev.min_burst = DATA_MIN_BURST;
	sides[0].dev.seg_gso = o.seg_gso;
	sides[1].dev.min_burst = ACK_MIN_BURST;
	gate_prime(&sides[0].dev);
	gate_prime(&sides[1].dev);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	gate_go_realtime(prog, &o.run);

	t0 = live_now_us() + 10000;
	end = t0 + o.run.duration_ms * 1000;
	if (tsq_egate_init(g, &o.ep, 0) != TSQ_OK)
		live_die(2, prog, "bad hop parameters");
	printf("ready t0_us=%" PRIu64 "\n", t0);
	fflush(stdout);
	live_sleep_until(t0);

	while (!stop) {
		const uint64_t now_abs = live_now_us();
		const uint64_t now = now_abs - t0;
		uint64_t next, target;

		if (now_abs >= end)
			break;
		/* events due first: the model takes no frame before them */
		run_due(g, sides, now, t0, &rs, &txops_seen);
		side_arrivals(g, &sides[0], now);
		side_arrivals(g, &sides[1], now);
		run_due(g, sides, now, t0, &rs, &txops_seen);
		/* the next look: the next event, or a poll period from now */
		next = tsq_egate_next_us(g);
		target = now_abs + o.poll_us;
		if (next != UINT64_MAX && t0 + next < target)
			target = t0 + next > now_abs ? t0 + next : now_abs;
		if (target > now_abs + o.run.spin_us)
			live_sleep_until(target - o.run.spin_us);
		while (live_now_us() < target)
			;
	}
	/* Open both gates wide so nothing stays charged once the flow ends. */
	for (int i = 0; i < 2; i++) {
		gate_set_burst(&sides[i].dev, GATE_LIMIT);
		gate_kick(&sides[i].dev, KICK_LEN);
	}
	write_csv(&o, &rs, t0);
	summary(&rs, g, sides);
	free(rs.r);
	free(g);
	return 0;
}
