// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_core - what the core's hot functions cost per call.
 *
 *   bench_core [--quick]
 *
 * The ns-3 shim calls these per segment, per burst (one TSQ check per
 * autosized GSO burst), per ACK (pacing rate), per MPDU and per A-MPDU
 * (completion model, A-MPDU accounting).  Each row runs its call in a
 * loop whose inputs change every iteration (so nothing is loop-invariant),
 * with the counts doubled until one repetition takes at least 20 ms
 * (--quick: 5 ms); the table shows the median over 9 repetitions (--quick:
 * 5) of CLOCK_MONOTONIC time divided by the calls, loop included.  Every
 * result feeds a checksum written to a volatile sink, so no call can be
 * optimised away; an error code from any call ends the program with
 * status 1 (a benchmark of a failing path would be meaningless).
 *
 * A benchmark, not a test: it prints numbers and never judges them, and it
 * is not registered with CTest (a slow machine must not fail anything).
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "tsq/tsq.h"

#define BENCH_MIN_CALLS		1024U
#define BENCH_MAX_CALLS		(1U << 30)
#define BENCH_TARGET_NS		20000000ULL	/* per repetition */
#define BENCH_QUICK_TARGET_NS	5000000ULL
#define BENCH_REPS		9U
#define BENCH_QUICK_REPS	5U
#define BENCH_AMPDU_MPDUS	32U	/* MPDUs per A-MPDU in the cmpl rows */
#define BENCH_N_STA		4U

/* Everything the rows work on: the caller's storage, no globals. */
struct bench_state {
	const struct tsq_profile *prof;	/* linux-4.16, the scenario default */
	struct tsq_sock sk;
	struct tsq_cmpl cmpl;
	u64 now_ns;			/* completion model clock */
	u64 cookie;			/* next MPDU cookie */
	struct tsq_ampdu ampdu;
	struct tsq_ampdu_sta sta[BENCH_N_STA];
	u64 errors;			/* negative answers seen */
	int first_error;
};

/* One row: runs @n calls, returns a checksum of their answers. */
struct bench_row {
	const char *name;
	const char *what;		/* one "call" of this row */
	int (*setup)(struct bench_state *st);
	u64 (*run)(struct bench_state *st, u32 n);
};

static void note_rc(struct bench_state *st, int rc)
{
	if (rc < 0) {
		if (!st->errors)
			st->first_error = rc;
		st->errors++;
	}
}

static u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}

/* Inputs of the limit as the shim fills them for linux-4.16, shift 10. */
static void limit_in_init(const struct tsq_profile *p, struct tsq_limit_in *in)
{
	memset(in, 0, sizeof(*in));
	in->rule = p->rule;
	in->pacing_shift = TSQ_DEFAULT_PACING_SHIFT;
	in->truesize = 2 * 2280;	/* a two-segment burst, 6.18 truesize */
	in->limit_output_bytes = p->limit_output_bytes;
}

static int setup_none(struct bench_state *st)
{
	(void)st;
	return 0;
}

/* Per ACK: sk_pacing_rate from cwnd, packets out and srtt. */
static u64 run_pacing(struct bench_state *st, u32 n)
{
	struct tsq_pacing_in in;
	u64 sum = 0, rate = 0;
	u32 i;

	tsq_pacing_in_init(&in);
	in.mss = 1448;
	in.width = st->prof->rate_width;
	for (i = 0; i < n; i++) {
		in.cwnd = 10 + (i & 127);
		in.packets_out = 8 + (i & 63);
		in.ssthresh = (i & 256) ? 40 : TSQ_INFINITE_SSTHRESH;
		in.srtt_x8_us = (1500 + (i & 2047)) << 3;
		note_rc(st, tsq_update_pacing_rate(&in, &rate));
		sum += rate;
	}
	return sum;
}

/* Per burst: the limit of the profile's rule. */
static u64 run_limit(struct bench_state *st, u32 n)
{
	struct tsq_limit_in in;
	u64 sum = 0, limit = 0;
	u32 i;

	limit_in_init(st->prof, &in);
	for (i = 0; i < n; i++) {
		in.pacing_rate = 1000000ULL + (u64)(i & 4095) * 5000ULL;
		in.pacing_shift = 8 + (i & 3);
		note_rc(st, tsq_limit(&in, &limit));
		sum += limit;
	}
	return sum;
}

/* 20000 bytes below TCP: the limit below crosses it, both answers occur. */
static int setup_check(struct bench_state *st)
{
	tsq_sock_init(&st->sk);
	return tsq_sock_charge(&st->sk, 20000);
}

/* Per burst: may it go? (the limit, the comparison, the throttle flag) */
static u64 run_check(struct bench_state *st, u32 n)
{
	struct tsq_limit_in in;
	struct tsq_xmit_ctx x;
	u64 sum = 0;
	u32 i;
	int rc;

	limit_in_init(st->prof, &in);
	memset(&x, 0, sizeof(x));
	x.shortcut = st->prof->shortcut;
	for (i = 0; i < n; i++) {
		in.pacing_rate = 10000000ULL + (u64)(i & 1023) * 20000ULL;
		rc = tsq_small_queue_check(&st->sk, &in, &x);
		note_rc(st, rc);
		sum += (u64)rc;
		st->sk.flags = 0;	/* as the resume would leave it */
	}
	return sum + st->sk.throttle_events;
}

static int setup_sock(struct bench_state *st)
{
	tsq_sock_init(&st->sk);
	return 0;
}

/* Per segment: charge at send, release at TX completion. */
static u64 run_charge_wfree(struct bench_state *st, u32 n)
{
	u64 sum = 0;
	u32 i, ts;
	int rc;

	for (i = 0; i < n; i++) {
		ts = 2280 + (i & 255);
		note_rc(st, tsq_sock_charge(&st->sk, ts));
		rc = tsq_wfree(&st->sk, ts);
		note_rc(st, rc);
		sum += (u64)rc + st->sk.queued;
	}
	return sum + st->sk.released;
}

/* Per burst: segments per GSO skb, the profile's form. */
static u64 run_tso(struct bench_state *st, u32 n)
{
	struct tsq_tso_in in;
	u64 sum = 0;
	u32 i, segs = 0;

	tsq_tso_in_init(&in);
	in.form = st->prof->tso_form;
	in.mss = 1448;
	in.gso_max_size = st->prof->gso_max_size;
	in.gso_max_segs = st->prof->gso_max_segs;
	in.min_tso_segs = st->prof->min_tso_segs;
	in.max_tcp_header = st->prof->max_tcp_header;
	in.tso_rtt_log = st->prof->tso_rtt_log;
	for (i = 0; i < n; i++) {
		in.pacing_rate = 1000000ULL + (u64)(i & 4095) * 10000ULL;
		in.pacing_shift = 8 + (i & 3);
		in.min_rtt_us = 1000 + (i & 1023);
		note_rc(st, tsq_tso_autosize(&in, &segs));
		sum += segs;
	}
	return sum;
}

static int setup_cmpl(struct bench_state *st, const char *driver)
{
	const struct tsq_driver_profile *d = tsq_driver_profile_find(driver);

	if (!d)
		return TSQ_ERR_NOENT;
	st->now_ns = 0;
	st->cookie = 1;
	return tsq_cmpl_init(&st->cmpl, d->depth, d->latency_ns);
}

static int setup_cmpl_ns3(struct bench_state *st)
{
	return setup_cmpl(st, "ns3");
}

static int setup_cmpl_ath9k(struct bench_state *st)
{
	return setup_cmpl(st, "ath9k");
}

/*
 * Per MPDU: its share of the events the WiFi adapter feeds for one
 * A-MPDU of BENCH_AMPDU_MPDUS MPDUs: the queue state, the PSDU start, one
 * ack per MPDU, the queue state again, the releases popped and the next
 * due time asked (for the timer).  With depth 2 (ath9k) the acked MPDUs
 * are held until the next A-MPDU starts, so the held path is exercised.
 */
static u64 run_cmpl(struct bench_state *st, u32 n)
{
	struct tsq_cmpl_mpdu_in in[BENCH_AMPDU_MPDUS];
	struct tsq_cmpl_release rel;
	u64 sum = 0, first, due;
	u32 k, j;

	for (k = 0; k < n / BENCH_AMPDU_MPDUS; k++) {
		st->now_ns += 1000000;
		first = st->cookie;
		for (j = 0; j < BENCH_AMPDU_MPDUS; j++) {
			in[j].cookie = st->cookie++;
			in[j].bytes = 2280 + j;
		}
		note_rc(st, tsq_cmpl_queue_state(&st->cmpl, st->now_ns, true));
		note_rc(st, tsq_cmpl_psdu_start(&st->cmpl, st->now_ns, in,
						BENCH_AMPDU_MPDUS, NULL));
		st->now_ns += 500000;
		for (j = 0; j < BENCH_AMPDU_MPDUS; j++)
			note_rc(st, tsq_cmpl_mpdu_acked(&st->cmpl, st->now_ns,
							first + j));
		note_rc(st, tsq_cmpl_queue_state(&st->cmpl, st->now_ns, true));
		while (tsq_cmpl_pop_due(&st->cmpl, st->now_ns, &rel) == 1)
			sum += rel.bytes;
		if (tsq_cmpl_next_due(&st->cmpl, &due))
			sum += due;
	}
	return sum;
}

/* Debug builds of the shim run the self-check after every event. */
static u64 run_cmpl_check(struct bench_state *st, u32 n)
{
	u64 sum = 0;
	u32 i;

	for (i = 0; i < n; i++) {
		int rc = tsq_cmpl_check(&st->cmpl);

		note_rc(st, rc);
		sum += (u64)rc;
	}
	return sum;
}

/* A few A-MPDUs in flight and held, as in a run, for the self-check. */
static int setup_cmpl_check(struct bench_state *st)
{
	int rc = setup_cmpl_ath9k(st);

	if (rc)
		return rc;
	run_cmpl(st, 4 * BENCH_AMPDU_MPDUS);
	return st->errors ? st->first_error : 0;
}

static int setup_ampdu(struct bench_state *st)
{
	struct tsq_ampdu_limits lim = tsq_ampdu_limits_ht();

	return tsq_ampdu_init(&st->ampdu, st->sta, BENCH_N_STA, &lim);
}

/* Per A-MPDU on air: the record (histogram, sums, starvation counters). */
static u64 run_ampdu_psdu(struct bench_state *st, u32 n)
{
	struct tsq_ampdu_psdu p;
	u32 i;

	memset(&p, 0, sizeof(p));
	p.rate_bps = 150000000ULL;
	for (i = 0; i < n; i++) {
		p.sta = i & (BENCH_N_STA - 1);
		p.n_mpdus = 1 + (i & 31);
		p.bytes = p.n_mpdus * 1544;
		p.airtime_ns = 40000 + (u64)p.bytes * 53;
		p.next_mpdu_bytes = (i & 4) ? 1540 : 0;
		note_rc(st, tsq_ampdu_set_throttled(&st->ampdu, p.sta, i & 1));
		note_rc(st, tsq_ampdu_psdu_tx(&st->ampdu, &p));
	}
	return st->ampdu.total.psdus + st->ampdu.total.starved;
}

/* Per MPDU: it enters the MAC queue, then leaves it for an A-MPDU. */
static u64 run_ampdu_queue(struct bench_state *st, u32 n)
{
	u32 i, sta, bytes;

	for (i = 0; i < n; i++) {
		sta = i & (BENCH_N_STA - 1);
		bytes = 1500 + (i & 63);
		note_rc(st, tsq_ampdu_enqueue(&st->ampdu, sta, 0, bytes));
		note_rc(st, tsq_ampdu_dequeue(&st->ampdu, sta, 0, bytes));
	}
	return st->ampdu.sta[0].tid[0].q.deq_bytes;
}

/* Insertion sort of a few values (the repetitions). */
static void sort_u64(u64 *v, u32 n)
{
	u32 i, j;
	u64 t;

	for (i = 1; i < n; i++) {
		t = v[i];
		for (j = i; j > 0 && v[j - 1] > t; j--)
			v[j] = v[j - 1];
		v[j] = t;
	}
}

/*
 * Times one row: counts doubled until a repetition takes @target_ns, then
 * @reps repetitions; returns the median ns per call in picoseconds (so a
 * 3 ns call keeps its decimals), 0 with *err set on a failing call.
 */
static u64 time_row(const struct bench_row *r, struct bench_state *st,
		    u64 target_ns, u32 reps, volatile u64 *sink, int *err)
{
	u64 ps[BENCH_REPS];
	u64 t0, dt;
	u32 n = BENCH_MIN_CALLS, i;

	memset(st, 0, sizeof(*st));
	st->prof = tsq_profile_find("linux-4.16");
	*err = st->prof ? r->setup(st) : TSQ_ERR_NOENT;
	if (*err)
		return 0;
	for (;;) {
		t0 = now_ns();
		*sink += r->run(st, n);
		dt = now_ns() - t0;
		if (dt >= target_ns || n >= BENCH_MAX_CALLS)
			break;
		n *= 2;
	}
	for (i = 0; i < reps; i++) {
		t0 = now_ns();
		*sink += r->run(st, n);
		dt = now_ns() - t0;
		ps[i] = dt * 1000ULL / n;
	}
	if (st->errors) {
		*err = st->first_error;
		return 0;
	}
	sort_u64(ps, reps);
	return ps[reps / 2];
}

int main(int argc, char **argv)
{
	const struct bench_row rows[] = {
		{ "tsq_update_pacing_rate", "per ACK", setup_none, run_pacing },
		{ "tsq_limit", "per burst", setup_none, run_limit },
		{ "tsq_small_queue_check", "per burst", setup_check, run_check },
		{ "tsq_sock_charge+tsq_wfree", "per segment", setup_sock,
		  run_charge_wfree },
		{ "tsq_tso_autosize", "per burst", setup_none, run_tso },
		{ "tsq_cmpl_* path, ns3 (depth 1)", "per MPDU", setup_cmpl_ns3,
		  run_cmpl },
		{ "tsq_cmpl_* path, ath9k (depth 2)", "per MPDU",
		  setup_cmpl_ath9k, run_cmpl },
		{ "tsq_cmpl_check (debug builds)", "per event",
		  setup_cmpl_check, run_cmpl_check },
		{ "tsq_ampdu_psdu_tx", "per A-MPDU", setup_ampdu,
		  run_ampdu_psdu },
		{ "tsq_ampdu_enqueue+dequeue", "per MPDU", setup_ampdu,
		  run_ampdu_queue },
	};
	const u32 n_rows = sizeof(rows) / sizeof(rows[0]);
	struct bench_state st;
	volatile u64 sink = 0;
	u64 target = BENCH_TARGET_NS, ps;
	u32 reps = BENCH_REPS, i;
	int err;

	for (i = 1; i < (u32)argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			target = BENCH_QUICK_TARGET_NS;
			reps = BENCH_QUICK_REPS;
		} else {
			fprintf(stderr, "bench_core: unknown option '%s'\n",
				argv[i]);
			fprintf(stderr, "usage: bench_core [--quick]\n");
			return 2;
		}
	}

	printf("%-34s %-11s %10s %14s\n", "function", "call", "ns/call",
	       "calls/s");
	printf("%-34s %-11s %10s %14s\n", "--------", "----", "-------",
	       "-------");
	for (i = 0; i < n_rows; i++) {
		ps = time_row(&rows[i], &st, target, reps, &sink, &err);
		if (err) {
			fprintf(stderr, "bench_core: %s: %s (%d)\n",
				rows[i].name, tsq_strerror(err), err);
			return 1;
		}
		printf("%-34s %-11s %10.1f %14.0f\n", rows[i].name,
		       rows[i].what, (double)ps / 1000.0,
		       ps ? 1e12 / (double)ps : 0.0);
	}
	printf("median of %u repetitions of >= %" PRIu64 " ms each, loop and "
	       "input changes included; profile linux-4.16; cmpl rows: "
	       "A-MPDUs of %u MPDUs, all acked\n",
	       reps, (u64)(target / 1000000U), BENCH_AMPDU_MPDUS);
	return 0;
}
