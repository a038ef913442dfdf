// SPDX-License-Identifier: GPL-2.0-only
/*
 * tsq-live-gate - the emulated aggregating link (c-core tsq/gate.h) below
 * the live kernel: two tbf qdiscs, one on the sender's veth (the data
 * gate, the station's TXOPs) and one on the receiver's (the ACK gate, the
 * AP's TXOPs), opened by this controller on the gate schedule.
 *
 * The gates are tbf qdiscs opened by live-qdisc-gate.h. A slot snapshots
 * the data qdisc's backlog when it opens (RTM_GETQDISC) and, at its
 * release time, lets exactly the snapshot's frames go; the AP's TXOPs do
 * the same with the ACK qdisc. --seg-gso: the sender's device has no
 * scatter-gather, and the data gate cuts GSO skbs into segments.
 *
 * Every event's planned and actual time, the snapshot and what the qdisc
 * really let go (its byte and packet counters) are written to the slots
 * CSV: the controller's lateness is part of the result.
 *
 * --monitor changes nothing: it samples the sender's root qdisc (queued
 * frames and bytes) every --sample-us for the smooth-link check, where
 * the qdisc is an ordinary tbf at a fixed rate.
 *
 * Runs as root in the initial namespace; enters the namespaces only to
 * open its sockets there. Exit status 2: bad option (one line naming it);
 * 1: a system call failed.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <signal.h>

#include "live-qdisc-gate.h"
#include "live-util.h"
#include "tsq/gate.h"

static const char *prog = "tsq-live-gate";

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

/* One slot as the CSV records it (-1 / 0 where an event did not happen) */
struct slot_rec {
	uint64_t index;
	int64_t open_plan, open_act;
	uint32_t queued_frames, frames, bytes;
	int64_t release_plan, release_act;
	uint32_t released_pkts, released_bytes;
	int lost;
	int64_t ack_open_plan, ack_open_act;
	uint32_t ack_frames, ack_bytes;
	int64_t ack_release_plan, ack_release_act;
	uint32_t ack_released_pkts;
};

struct opts {
	struct gate_run_opts run;
	uint32_t frame_bytes;
	int monitor;
	int seg_gso;
	uint32_t sample_us;
	struct tsq_gate_params gp;
};

static void usage(void)
{
	fprintf(stderr,
		"usage: %s --sender-ns NS --sender-dev DEV --receiver-ns NS --receiver-dev DEV\n"
		"       --duration-ms N --out FILE [--cpu N] [--rt-prio 0..99] [--spin-us N]\n"
		"       [--frame-bytes N (a full data frame, for capped slots; 1514)]\n"
		"       [--rate-bps N] [--overhead-us N] [--ack-gap-us N] [--ack-txop-us N]\n"
		"       [--gap-us N] [--idle-poll-us N] [--max-frames N] [--lost-permille N]\n"
		"       [--release end|open] [--seed N] [--seg-gso]\n"
		"   or: %s --monitor --sender-ns NS --sender-dev DEV --duration-ms N --out FILE\n"
		"       [--sample-us N]\n", prog, prog);
}

static void parse(int argc, char **argv, struct opts *o)
{
	int i;

	memset(o, 0, sizeof(*o));
	gate_run_opts_init(&o->run, 200);
	o->frame_bytes = 1514;
	o->sample_us = 1000;
	tsq_gate_params_init(&o->gp);
	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (strcmp(a, "--help") == 0) {
			usage();
			exit(0);
		}
		if (strcmp(a, "--monitor") == 0) {
			o->monitor = 1;
			continue;
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
		if (strcmp(a, "--sample-us") == 0)
			o->sample_us = (uint32_t)live_parse_u64(prog, a, v, 100, 1000000);
		else if (strcmp(a, "--frame-bytes") == 0)
			o->frame_bytes = (uint32_t)live_parse_u64(prog, a, v, 60, 65535);
		else if (strcmp(a, "--rate-bps") == 0)
			o->gp.rate_bps = live_parse_u64(prog, a, v, TSQ_GATE_RATE_MIN, TSQ_GATE_RATE_MAX);
		else if (strcmp(a, "--overhead-us") == 0)
			o->gp.overhead_us = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--ack-gap-us") == 0)
			o->gp.ack_gap_us = (uint32_t)live_parse_u64(prog, a, v, 0, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--ack-txop-us") == 0)
			o->gp.ack_txop_us = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--gap-us") == 0)
			o->gp.gap_us = (uint32_t)live_parse_u64(prog, a, v, 0, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--idle-poll-us") == 0)
			o->gp.idle_poll_us = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_US_MAX);
		else if (strcmp(a, "--max-frames") == 0)
			o->gp.max_frames = (uint32_t)live_parse_u64(prog, a, v, 1, TSQ_GATE_FRAMES_MAX);
		else if (strcmp(a, "--lost-permille") == 0)
			o->gp.lost_permille = (uint32_t)live_parse_u64(prog, a, v, 0, 1000);
		else if (strcmp(a, "--seed") == 0)
			o->gp.seed = live_parse_u64(prog, a, v, 0, UINT64_MAX);
		else if (strcmp(a, "--release") == 0) {
			if (tsq_gate_release_from_name(v, &o->gp.release) != TSQ_OK)
				live_die(2, prog, "--release='%s' is not a release point; allowed: end, open", v);
		} else
			live_die(2, prog, "unknown option '%s' (see --help)", a);
	}
	gate_run_opts_require(prog, &o->run, !o->monitor, " (not with --monitor)");
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return (x > y) - (x < y);
}

static void write_csv(const struct opts *o, const struct slot_rec *r, size_t n, uint64_t t0)
{
	FILE *f = fopen(o->run.out, "w");
	size_t i;

	if (!f)
		live_die(1, prog, "cannot write %s: %s", o->run.out, strerror(errno));
	fprintf(f, "# tsq-live-gate slots; times in us from t0_us=%" PRIu64 " (CLOCK_MONOTONIC)\n", t0);
	fprintf(f, "index,open_plan_us,open_act_us,queued_frames,frames,bytes,release_plan_us,"
		   "release_act_us,released_pkts,released_bytes,lost,ack_open_plan_us,"
		   "ack_open_act_us,ack_frames,ack_bytes,ack_release_plan_us,ack_release_act_us,"
		   "ack_released_pkts\n");
	for (i = 0; i < n; i++)
		fprintf(f, "%" PRIu64 ",%" PRId64 ",%" PRId64 ",%u,%u,%u,%" PRId64 ",%" PRId64
			   ",%u,%u,%d,%" PRId64 ",%" PRId64 ",%u,%u,%" PRId64 ",%" PRId64 ",%u\n",
			r[i].index, r[i].open_plan, r[i].open_act, r[i].queued_frames, r[i].frames,
			r[i].bytes, r[i].release_plan, r[i].release_act, r[i].released_pkts,
			r[i].released_bytes, r[i].lost, r[i].ack_open_plan, r[i].ack_open_act,
			r[i].ack_frames, r[i].ack_bytes, r[i].ack_release_plan,
			r[i].ack_release_act, r[i].ack_released_pkts);
	if (fclose(f))
		live_die(1, prog, "writing %s: %s", o->run.out, strerror(errno));
}

/* Lateness of every event that happened, for the summary line */
static void summary(const struct slot_rec *r, size_t n, const struct gate_dev *data,
		    const struct gate_dev *ack)
{
	int64_t *late = malloc(sizeof(*late) * (n * 4 + 1));
	size_t i, m = 0;

	if (!late)
		live_die(1, prog, "out of memory");
	for (i = 0; i < n; i++) {
		late[m++] = r[i].open_act - r[i].open_plan;
		if (r[i].frames)
			late[m++] = r[i].release_act - r[i].release_plan;
		if (r[i].ack_open_plan >= 0)
			late[m++] = r[i].ack_open_act - r[i].ack_open_plan;
		if (r[i].ack_frames)
			late[m++] = r[i].ack_release_act - r[i].ack_release_plan;
	}
	qsort(late, m, sizeof(*late), cmp_i64);
	printf("slots=%zu events=%zu lateness_p50_us=%" PRId64 " lateness_p99_us=%" PRId64
	       " lateness_max_us=%" PRId64 " data_mismatches=%" PRIu64 " ack_mismatches=%" PRIu64
	       " data_leaks=%" PRIu64 " ack_leaks=%" PRIu64 " late_kicks=%" PRIu64 "\n",
	       n, m, m ? late[m / 2] : 0, m ? late[(m * 99) / 100] : 0, m ? late[m - 1] : 0,
	       data->mismatches, ack->mismatches, data->leaks, ack->leaks,
	       data->late_kicks + ack->late_kicks);
	free(late);
}

/* --monitor: the sender's qdisc every sample_us, nothing changed */
static int run_monitor(const struct opts *o)
{
	struct gate_dev data;
	struct qstat st;
	uint64_t t, end;
	FILE *f;

	memset(&data, 0, sizeof(data));
	gate_open_dev(&data, prog, o->run.sender_ns, o->run.sender_dev);
	f = fopen(o->run.out, "w");
	if (!f)
		live_die(1, prog, "cannot write %s: %s", o->run.out, strerror(errno));
	fprintf(f, "# tsq-live-gate --monitor of %s; t_us is CLOCK_MONOTONIC\n", o->run.sender_dev);
	fprintf(f, "t_us,qlen,backlog,packets,bytes,drops\n");
	printf("ready t0_us=%" PRIu64 "\n", live_now_us());
	fflush(stdout);
	t = live_now_us();
	end = t + o->run.duration_ms * 1000;
	while (!stop && t < end) {
		live_sleep_until(t);
		gate_stats(&data, &st);
		fprintf(f, "%" PRIu64 ",%u,%u,%u,%" PRIu64 ",%u\n", live_now_us(), st.qlen,
			st.backlog, st.packets, st.bytes, st.drops);
		t += o->sample_us;
	}
	if (fclose(f))
		live_die(1, prog, "writing %s: %s", o->run.out, strerror(errno));
	return 0;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct gate_dev data, ack;
	struct tsq_gate g;
	struct slot_rec *recs = NULL;
	size_t n = 0, cap = 0;
	uint64_t t0, end;
	struct sigaction sa;

	parse(argc, argv, &o);
	if (o.monitor) {
		struct sigaction ms;

		memset(&ms, 0, sizeof(ms));
		ms.sa_handler = on_signal;
		sigaction(SIGTERM, &ms, NULL);
		sigaction(SIGINT, &ms, NULL);
		return run_monitor(&o);
	}
	if (tsq_gate_params_check(&o.gp) != TSQ_OK)
		live_die(2, prog, "the gate parameters are out of range (see tsq/gate.h)");
	memset(&data, 0, sizeof(data));
	memset(&ack, 0, sizeof(ack));
	gate_open_dev(&data, prog, o.run.sender_ns, o.run.sender_dev);
	gate_open_dev(&ack, prog, o.run.receiver_ns, o.run.receiver_dev);
	data.min_burst = DATA_MIN_BURST;
	data.seg_gso = o.seg_gso;
	ack.min_burst = ACK_MIN_BURST;
	gate_prime(&data);
	gate_prime(&ack);

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	gate_go_realtime(prog, &o.run);

	t0 = live_now_us() + 10000;
	end = t0 + o.run.duration_ms * 1000;
	if (tsq_gate_init(&g, &o.gp, t0) != TSQ_OK)
		live_die(2, prog, "bad gate parameters");
	printf("ready t0_us=%" PRIu64 "\n", t0);
	fflush(stdout);

	while (!stop && g.next_open_us < end) {
		struct tsq_gate_slot s;
		struct tsq_gate_ack a;
		struct qstat before, abefore;
		struct slot_rec r;
		uint32_t queued, bytes, frames;

		memset(&r, 0, sizeof(r));
		r.release_plan = r.release_act = -1;
		r.ack_open_plan = r.ack_open_act = -1;
		r.ack_release_plan = r.ack_release_act = -1;

		/* "act": when the operation took effect (snapshot read, frames
		 * sent), so the costs of the netlink calls count as lateness */
		r.open_plan = (int64_t)(g.next_open_us - t0);
		gate_wait_until(g.next_open_us, o.run.spin_us);
		gate_snapshot(&data, &before, &queued, &bytes);
		r.open_act = (int64_t)(live_now_us() - t0);
		frames = tsq_gate_slot_frames(&g, queued);
		/* Capped: the qdisc tells totals only, so the head's frames are
		 * taken as full-size frames (one-segment skbs of a bulk flow);
		 * the release check counts a slot where they were not. */
		if (frames < queued)
			bytes = frames * o.frame_bytes;
		if (tsq_gate_open(&g, frames, bytes, &s) != TSQ_OK)
			live_die(1, prog, "gate schedule refused slot %" PRIu64, g.slots);
		r.index = s.index;
		r.queued_frames = queued;
		r.frames = frames;
		r.bytes = bytes;
		r.lost = s.lost_contention;
		if (frames) {
			r.release_plan = (int64_t)(s.release_us - t0);
			gate_wait_until(s.release_us, o.run.spin_us);
			gate_release(&data, frames, bytes, &before, &r.released_pkts,
				     &r.released_bytes, &r.release_act);
			r.release_act -= (int64_t)t0;
		}
		if (g.ack_due) {
			uint32_t aq, ab;

			r.ack_open_plan = (int64_t)(g.ack_open_us - t0);
			gate_wait_until(g.ack_open_us, o.run.spin_us);
			gate_snapshot(&ack, &abefore, &aq, &ab);
			r.ack_open_act = (int64_t)(live_now_us() - t0);
			if (tsq_gate_ack_open(&g, aq, &a) != TSQ_OK)
				live_die(1, prog, "gate schedule refused an AP TXOP");
			r.ack_frames = aq;
			r.ack_bytes = ab;
			if (aq) {
				uint32_t rel_bytes;

				r.ack_release_plan = (int64_t)(a.release_us - t0);
				gate_wait_until(a.release_us, o.run.spin_us);
				gate_release(&ack, aq, ab, &abefore, &r.ack_released_pkts,
					     &rel_bytes, &r.ack_release_act);
				r.ack_release_act -= (int64_t)t0;
			}
		}
		if (n == cap) {
			cap = cap ? cap * 2 : 4096;
			recs = realloc(recs, cap * sizeof(*recs));
			if (!recs)
				live_die(1, prog, "out of memory");
		}
		recs[n++] = r;
	}
	/* Open both gates wide so nothing stays charged once the flow ends. */
	gate_set_burst(&data, GATE_LIMIT);
	gate_kick(&data, KICK_LEN);
	gate_set_burst(&ack, GATE_LIMIT);
	gate_kick(&ack, KICK_LEN);
	write_csv(&o, recs, n, t0);
	summary(recs, n, &data, &ack);
	free(recs);
	return 0;
}
