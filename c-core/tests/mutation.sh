#!/bin/sh
# mutation.sh [CORE_DIR] - build the core's tests against deliberately broken
# copies of the sources and require every mutant to fail at least one test.
# Each mutant is one sed substitution on a copy in a temporary directory;
# the production sources are never touched. Run: sh tests/mutation.sh c-core
set -u
core=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tsq-mut.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
jobs=${TSQ_MUTATION_JOBS:-2}

# name|file|sed expression
mutants='
min-max-swapped|src/rules.c|s/return tsq_max_u64(two_truesize, tsq_rate_bytes(ri, in));/return tsq_min_u64(two_truesize, tsq_rate_bytes(ri, in));/
clamp-min-to-max|src/rules.c|s/return tsq_min_u64(limit, in->limit_output_bytes);/return tsq_max_u64(limit, in->limit_output_bytes);/
shift-off-by-one|src/rules.c|s/return rate >> shift;/return rate >> (shift + 1);/
clamp-before-floor|src/rules.c|s/l = tsq_apply_floor(tsq_rule_clamp(ri, in, tsq_rule_unclamped(ri, in)), in);/l = tsq_rule_clamp(ri, in, tsq_apply_floor(tsq_rule_unclamped(ri, in), in));/
no-wmem-bias|src/sock.c|s/return TSQ_WMEM_ALLOC_BIAS + sk->queued;/return sk->queued;/
resume-every-release|src/sock.c|s/if (!(sk->flags \& TSQ_F_THROTTLED) || (sk->flags \& TSQ_F_QUEUED))/if (!(sk->flags \& TSQ_F_THROTTLED))/
shortcut-single-always|src/sock.c|s/return x->rtx_queue_empty;/return x->rtx_queue_empty || x->rtx_queue_single_skb;/
ss-ratio-le|src/pacing.c|s/if (in->cwnd < in->ssthresh \/ 2)/if (in->cwnd <= in->ssthresh \/ 2)/
srtt-divisor-unscaled|src/pacing.c|s/r \/= in->srtt_x8_us;/r \/= in->srtt_x8_us >> 3;/
min-tso-segs-min|src/tso.c|s/if (s < in->min_tso_segs)/if (s > in->min_tso_segs)/
tso-rtt-shift|src/tso.c|s/extra = in->gso_max_size >> r;/extra = in->gso_max_size >> (r + 1);/
cwnd-2x-dropped|src/cwnd.c|s/return (u64)cwnd < 2 \* (u64)st->max_packets_out;/return (u64)cwnd < (u64)st->max_packets_out;/
cwnd-2022-forgets|src/cwnd.c|s/(!st->is_cwnd_limited \&\& more)/more/
slow-start-past-ssthresh|src/cwnd.c|s/if (grown > ssthresh)/if (grown > (u64)ssthresh + 8)/
xmit-no-committed|src/xmit.c|s/return bytes > committed ? bytes : committed;/return bytes;/
xmit-rtx-factor|src/xmit.c|s/skb->factor = in->retransmit ? 1 : 0;/skb->factor = 0;/
rate-phase-min|src/rate.c|s/rs->interval_us = snd_us > ack_us ? snd_us : ack_us;/rs->interval_us = snd_us < ack_us ? snd_us : ack_us;/
rate-min-rtt-ignored|src/rate.c|s/if (rs->interval_us < (s64)min_rtt_us) {/if (rs->interval_us < (s64)(min_rtt_us >> 10)) {/
tx-delay-ignored|src/rules.c|s/\*limit = tsq_add_sat(l, tsq_tx_delay_bytes(in));/*limit = tsq_add_sat(l, 0 * tsq_tx_delay_bytes(in));/
tx-delay-shifted-by-factor|src/rules.c|s/	l = tsq_shift_factor(l, in->factor);/	l = tsq_shift_factor(l, in->factor) + (in->factor ? tsq_tx_delay_bytes(in) : 0);/
rtt-eifel-gain-dropped|src/rtt.c|s/				m >>= 3;/				m >>= 2;/
rtt-srtt-gain-1-4|src/rtt.c|s/m -= srtt >> 3;			\/\* error of the estimate \*\//m -= srtt >> 2;/
rtt-karn-ignored|src/rtt.c|s/if (a->first_ackt \&\& !a->retrans_data_acked) {/if (a->first_ackt) {/
rtt-echo-preferred|src/rtt.c|s/if (seq_rtt < 0 \&\& in->ts_echo \&\& in->data_acked) {/if (in->ts_echo \&\& in->data_acked) {/
rtt-ca-from-first|src/rtt.c|s/ca_rtt = tsq_rtt_us_delta(in->now_us, a->last_ackt);/ca_rtt = tsq_rtt_us_delta(in->now_us, a->first_ackt);/
minmax-no-quarter-refresh|src/rtt.c|s/age > win \/ 4)/age > win)/
gate-release-at-open|src/gate.c|s/s->release_us = g->p.release == TSQ_GATE_RELEASE_OPEN ? s->open_us : s->end_us;/s->release_us = s->open_us;/
ksoftirqd-resume-always|src/sock.c|s/if (tsq_sk_wmem_alloc(sk) >= TSQ_SKB_TRUESIZE_ONE)/if (0)/
forms-applied-early|src/forms.c|s/r = apply_token(\&work, tok, \&seen);/r = apply_token(p, tok, \&seen);/
forms-diff-every-field|src/forms.c|s/if (v != form_get(base, i))/if (v != form_get(base, i) || 1)/
gate-no-ack-gap|src/gate.c|s/g->ack_open_us = s->end_us + g->p.ack_gap_us;/g->ack_open_us = s->end_us;/
hystart-56-pacing-ignored|src/hystart.c|s/		if (!a->paced)/		if (1)/
hystart-56-no-ack-delay|src/hystart.c|s/threshold = h->delay_min + tsq_hystart_ack_delay(a);/threshold = h->delay_min + 0 * tsq_hystart_ack_delay(a);/
hystart-4x-full-delay|src/hystart.c|s/(s32)(h->delay_min >> 4))/(s32)(h->delay_min >> 3))/
rate-last-skb-loses|src/rate.c|s/skb->delivered > rs->prior_delivered)/skb->delivered < rs->prior_delivered)/
edca-no-freeze|src/edca.c|s/ac->backoff = n >= ac->backoff ? 0 : ac->backoff - (u32)n;/ac->backoff = ac->backoff + 0 * (u32)n;/
edca-cw-not-doubled|src/edca.c|s/ac->cw = doubled > e->p.cw_max ? e->p.cw_max : doubled;/ac->cw = e->p.cw_min + 0 * doubled;/
edca-aifs-without-sifs|src/edca.c|s/return p->sifs_us + p->aifsn \* p->slot_us;/return p->aifsn * p->slot_us;/
edca-collision-gets-response|src/edca.c|s/out->ok\[w\] = !out->collision;/out->ok[w] = true;/
txtime-sgi-as-lgi|src/txtime.c|s/	if (!sgi)/	if (1)/
txtime-ltfs-per-stream|src/txtime.c|s/return streams == 3 ? 4 : streams;/return streams;/
txtime-last-subframe-padded|src/txtime.c|s/len += i + 1 < n ? (sub + 3) \& ~3ull : sub;/len += (sub + 3) \& ~3ull;/
txtime-one-encoder|src/txtime.c|s/return ndbps > 1080 ? 2 : 1;/return 1 + 0 * ndbps;/
ath-baw-full-window|src/ath9k.c|s/|| n >= lim->h_baw))/|| n >= 2 * lim->h_baw))/
ath-pad-ignored|src/ath9k.c|s/bpad = ath_padbytes((u32)al_delta) +/bpad = 0 * ath_padbytes((u32)al_delta) +/
ath-no-minplen|src/ath9k.c|s/	if (frmlen < TSQ_ATH_AGGR_MINPLEN)/	if (0)/
egate-form-ignores-depth|src/edca_gate.c|s/while (g->hw_n < g->p.hw_depth \&\& f->n > g->in_hw)/while (g->hw_n < TSQ_EGATE_MAX_DEPTH \&\& f->n > g->in_hw)/
egate-credit-no-delay|src/edca_gate.c|s/+ g->p.completion_latency_us;/+ 0 * g->p.completion_latency_us;/
egate-ap-takes-one|src/edca_gate.c|s/while (n < f->n \&\& n < g->p.ap_max_frames)/while (n < f->n \&\& n < 1)/
egate-ready-since-forgotten|src/edca_gate.c|s/g->ready_us\[w\] = g->now_us;/g->ready_us[w] = 0;/
egate-collision-releases|src/edca_gate.c|s/if (g->txop.ok\[TSQ_EDCA_STA\]) {/if (1) {/
ath-qdepth-3|src/ath9k.c|s/return depth < TSQ_ATH_AGGR_MIN_QDEPTH;/return depth <= TSQ_ATH_AGGR_MIN_QDEPTH;/
'

# One copy of the core, configured and built once; each mutant changes one
# file of it, rebuilds what depends on that file, runs the tests, and puts
# the file back (a configure and full build per mutant took ~3x as long).
copy="$work/core"
mkdir -p "$copy"
cp -R "$core/include" "$core/src" "$core/tests" "$core/tools" \
	"$core/CMakeLists.txt" "$core/sources.cmake" "$copy/"
if ! cmake -S "$copy" -B "$copy/build" -DTSQ_MUTATION_TEST=OFF -DTSQ_FUZZ=OFF \
	-DTSQ_SANITIZE=OFF -DTSQ_BENCH=OFF >"$work/log" 2>&1 ||
   ! cmake --build "$copy/build" -j "$jobs" >>"$work/log" 2>&1 ||
   ! ctest --test-dir "$copy/build" -j "$jobs" -E 'core-(mutation|fuzz)' >>"$work/log" 2>&1; then
	cat "$work/log"
	echo "mutation check FAILED: the unmutated core does not build or pass its tests"
	exit 1
fi

echo "$mutants" | while IFS='|' read -r name file expr; do
	[ -n "$name" ] || continue
	log="$work/$name.log"
	sed "$expr" "$core/$file" > "$copy/$file"
	if cmp -s "$core/$file" "$copy/$file"; then
		echo "mutant $name: pattern did not match $file (stale mutant)"
		echo x >> "$work/survived"
		continue
	fi
	if ! cmake --build "$copy/build" -j "$jobs" >"$log" 2>&1; then
		echo "mutant $name: killed (does not build)"
	elif ctest --test-dir "$copy/build" -j "$jobs" -E 'core-(mutation|fuzz)' >>"$log" 2>&1; then
		echo "mutant $name: SURVIVED"
		echo x >> "$work/survived"
	else
		echo "mutant $name: killed"
	fi
	# The original back, newer than the mutant's objects
	cp "$core/$file" "$copy/$file"
	touch "$copy/$file"
done

if [ -s "$work/survived" ]; then
	echo "mutation check FAILED: $(wc -l < "$work/survived") mutant(s) survived"
	exit 1
fi
echo "mutation check passed: every mutant was killed"
